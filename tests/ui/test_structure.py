"""The interface's structure as DESIGN.md draws it: scenes and table parts never import the app,
no module of ``game/ui`` grows past about 500 lines, and a game's name is switched on only in
its presentation module."""

from __future__ import annotations

import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
ENTRY_POINTS = {"selftest.py", "bench.py", "bench_idle.py"}
"""Commands that open a window of their own (``--selftest``, ``bench``): they make the app."""
MAX_LINES = 520
GAME_NAMES = ("arbaa-turub", "turup", "tarabish", "tarot")


def runtime_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs (anywhere in it, functions included; not
    under ``if TYPE_CHECKING:``), as absolute dotted names."""
    tree = ast.parse(path.read_text())
    package = ".".join(path.relative_to(UI.parent.parent).with_suffix("").parts[:-1])
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_no_scene_or_table_part_imports_the_app() -> None:
    offenders = [str(p.relative_to(UI)) for p in ui_modules()
                 if p.name != "app.py" and p.name not in ENTRY_POINTS
                 and "game.ui.app" in runtime_imports(p)]
    assert offenders == []


def test_no_interface_module_is_longer_than_about_500_lines() -> None:
    long = {str(p.relative_to(UI)): n for p in ui_modules()
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_a_game_is_named_only_in_its_presentation_module() -> None:
    """No ``== "tarot"`` (or another game's name) outside ``game/ui/games``: what differs
    between games is asked of the game's presentation."""
    names = "|".join(GAME_NAMES)
    pattern = re.compile(r"""(==|!=|\bin)\s*\(?\s*["'](""" + names + r""")["']""")
    switches = [f"{p.relative_to(UI)}:{i}" for p in ui_modules() if "games" not in p.parts
                for i, line in enumerate(p.read_text().splitlines(), 1) if pattern.search(line)]
    assert switches == []

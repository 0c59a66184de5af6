"""The whole program's structure (issue 28): no module of ``game/`` grows past 600 lines, and no
two modules import each other, directly or round a circle — counting every import that runs
(at the top of a module or inside a function); an import under ``if TYPE_CHECKING:`` is for
the type checker only and does not count (such imports are allowed, and each says so by
standing under that test). The interface keeps its own tighter bound
(``tests/ui/test_structure.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
MAX_LINES = 600


def module_name(path: Path) -> str:
    """``game/engine/tarot/deal.py`` → ``game.engine.tarot.deal`` (a package: its name)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def imports(path: Path) -> set[str]:
    """The modules of ``game`` that ``path`` imports when it runs (not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text())
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:  # a submodule taken from its package, else the module
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in MODULES else module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in found if m in MODULES and m != name}


def circles() -> list[list[str]]:
    """Every group of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module)."""
    edges = {m: imports(p) for m, p in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in MODULES:
        if v not in index:
            visit(v)
    return out


def test_no_module_of_the_program_is_longer_than_600_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in MODULES.values()
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_no_modules_import_each_other_round_a_circle() -> None:
    assert circles() == []


def test_the_import_reader_counts_what_runs_and_not_what_only_the_type_checker_reads() -> None:
    assert "game.engine.records" in imports(MODULES["game.engine.replay"])
    assert "game.engine.replay" not in imports(MODULES["game.engine.records"])
    assert "game.engine.tarot.deal" in imports(MODULES["game.engine.tarot"])  # a package's part
    # lesson_book names the keeper's type only (under TYPE_CHECKING)
    assert "game.ui.persist" not in imports(MODULES["game.ui.lesson_book"])

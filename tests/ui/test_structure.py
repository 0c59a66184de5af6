"""The interface's structure as DESIGN.md draws it: scenes and table parts never import the app,
no module of ``game/ui`` grows past about 500 lines, and a game's name is switched on only in
its presentation module."""

from __future__ import annotations

import re
from pathlib import Path

from test_program_structure import imports

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
ENTRY_POINTS = {"selftest.py", "bench.py", "bench_idle.py"}
"""Commands that open a window of their own (``--selftest``, ``bench``): they make the app."""
MAX_LINES = 520
GAME_NAMES = ("arbaa-turub", "turup", "tarabish", "tarot")


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_no_scene_or_table_part_imports_the_app() -> None:
    offenders = [str(p.relative_to(UI)) for p in ui_modules()
                 if p.name != "app.py" and p.name not in ENTRY_POINTS
                 and "game.ui.app" in imports(p)]
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

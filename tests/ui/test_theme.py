"""One theme: the screens that take their colours, text sizes and spacing from
``game/ui/theme.py`` write no colour of their own and no bare text size."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.ui import theme

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
THEMED = ["widgets.py", "render/cards.py", "render/fonts.py", "render/felt.py",
          *(f"scenes/{name}.py" for name in ("menu", "options", "overlay", "page", "rules",
                                             "statistics", "review"))]
COLOUR = re.compile(r"\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*\d{1,3}\s*)?\)")
BARE_SIZE = re.compile(r"(?<![\w.])size=\d|fonts\.(text|fit)\([^()]*?,\s*\d+\s*[,)]")
NAMED = re.compile(r"^[A-Z_, ]+(: [\w\[\], ]+)? = ")
"""A line naming layout numbers (``STEP_BOX = (16, 44, 28, 3)``), not a colour."""


@pytest.mark.parametrize("module", THEMED)
def test_no_colour_or_text_size_written_in_place(module):
    source = (UI / module).read_text(encoding="utf-8")
    lines = [line for line in source.splitlines()
             if COLOUR.search(line) and "Rect(0, 0, 0, 0)" not in line
             and not NAMED.match(line)]
    assert lines == [], f"{module}: colours belong in theme.py"
    assert [m.group(0) for m in BARE_SIZE.finditer(source)] == [], (
        f"{module}: text sizes belong in theme.py")


def test_theme_names_are_what_they_look_like():
    colours = {name: value for name, value in vars(theme).items()
               if name.isupper() and isinstance(value, tuple) and value
               and all(isinstance(v, int) for v in value)}
    assert all(len(c) in (3, 4) and all(0 <= v <= 255 for v in c) for c in colours.values())
    sizes = [theme.FINE_SIZE, theme.HINT_SIZE, theme.NOTE_SIZE, theme.LABEL_SIZE,
             theme.SUBTITLE_SIZE, theme.BODY_SIZE, theme.HEADING_SIZE, theme.PANEL_TITLE_SIZE,
             theme.TITLE_SIZE, theme.HEADLINE_SIZE]
    assert sizes == sorted(sizes)

"""Nothing on top of anything (issue 25): every scene the screenshot tour visits
(``tools/screenshots.py`` — the menus, Settings, the options, the rules, the statistics, each
game's bidding and trump panels, a trick on the table, the tracker, the hint, the last trick,
the pause menu, the hand's summary, the review, the deal number, the game over, the score
sheet, French Tarot's lay-away and its tables for three and five), and the table each time
South is to act, laid out at 1280×720 and at 1024×600 in English: the frame's layout report
(:mod:`game.ui.report`) names no button, text, card or box outside its dialog or the window,
over the edge of a panel or over another one's text."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from screenshots import GAMES, Tour

from game.ui.report import Recorder, problems

SIZES = [(1280, 720), (1024, 600)]
KNOWN: dict[tuple[str, tuple[int, int]], str] = {}
"""Pictures whose problems are known and owned elsewhere: (a word of the picture's name, the
size) → why. They are reported as warnings, not failures; remove an entry once fixed."""


class Inspector(Tour):
    """The screenshot tour, each picture replaced by the frame's layout report checked; also
    checked: the table whenever South is to act, and the lay-away with its cards picked."""

    def __init__(self, out: Path, size: tuple[int, int]) -> None:
        super().__init__(out, size, "en")
        self.found: dict[str, list[str]] = {}
        self.known: dict[str, str] = {}
        self.looked = 0

    def shot(self, name: str) -> None:
        self.count += 1
        self.check(f"{self.count:02d}-{name}")

    def check(self, name: str) -> None:
        """Draw the app onto a recording surface and keep what is wrong with it."""
        screen = self.app.screen
        recorder = Recorder(screen.get_size())
        self.app.screen = recorder
        try:
            self.app.draw()
        finally:
            self.app.screen = screen
        self.looked += 1
        bad = problems(recorder.items, recorder.get_size())
        size = recorder.get_size()
        why = next((w for (word, at), w in KNOWN.items() if word in name and at == size), None)
        if bad and why is not None:
            self.known[name] = why
        elif bad:
            self.found[name] = bad

    def south_turn(self, limit: int = 600) -> bool:
        south = super().south_turn(limit)
        if south:
            self.check(f"table-{self.table().hand.phase}-{len(self.table().hand.history)}")
        return south

    def press(self, label: str) -> bool:
        if label == "Lay away":
            self.check("tarot-lay-away-picked")
        return super().press(label)


PARTS: dict[str, Callable[[Inspector], None]] = {
    "menus": Inspector.menus,
    **{game: (lambda t, g=game: t.play(g)) for game in GAMES},
    "ends": Inspector.ends,
    "statistics": Inspector.filled_statistics,
    "tarot-3-and-5": Inspector.tarot_tables,
}


@pytest.mark.parametrize("part", list(PARTS))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_lies_on_anything(part: str, size: tuple[int, int], tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path / "data"))
    tour = Inspector(tmp_path, size)
    try:
        PARTS[part](tour)
    finally:
        tour.close()
    assert tour.looked > 0
    for name, why in tour.known.items():
        warnings.warn(f"{name} at {size}: {why}", stacklevel=1)
    report = "\n".join(f"{name}:\n  " + "\n  ".join(bad) for name, bad in tour.found.items())
    assert not tour.found, report

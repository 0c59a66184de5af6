"""The score sheet of a game, hand by hand, as players keep it on paper — plain Python, no pygame.

:func:`score_sheet` writes one row per finished hand of a match (its number, its dealer, what
the game's presentation writes for it — :meth:`~game.ui.games.base.Presentation.score_sheet_row`
— and the running totals after it) and the total row; the score-sheet and game-over scenes
draw it.

**Deal numbers.** A deal is named ``"<match seed>-<hand number>"`` ("1234567-2"): the seed
decides every deal of the match, and the hand number says which one. :func:`parse_deal_number`
reads one back (a bare seed is hand 1).

**Decision** (playing a deal number of hand 2 or later): the match is started from its first
hand with that seed, not from the named hand alone. A later hand's cards depend on who deals
it, and in Arba'a Turub (and after a Tarabish throw-in) the dealer depends on how the hands
before went; replaying the match from hand 1 is the only start the number pins down exactly,
and the named hand comes up with the same cards whenever the same seat deals it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..i18n import _
from . import words
from .games import presentation
from .session import Match

DEAL_NUMBER = re.compile(r"^\s*(\d{1,10})(?:\s*-\s*(\d{1,3}))?\s*$")
"""A deal number as a player types it: the seed, then optionally a dash and the hand."""


@dataclass(frozen=True)
class Sheet:
    """A score sheet: the column headers, one row per finished hand and the total row (each
    row one cell per column), and a line on how to read it."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    total: tuple[str, ...]
    note: str
    totals_from: int
    """The index of the first running-total column."""


def score_sheet(match: Match) -> Sheet:
    """The score sheet of ``match`` so far: every finished hand in order, with the running
    totals after it (the game's own tally fed hand by hand), and the total row — in the
    current language."""
    shown = presentation(match.game)
    tally = match.spec.tally(match.options)
    rows = []
    for n, (record, result) in enumerate(zip(match.hands, match.results, strict=False), 1):
        tally.add(match.table.index(record["dealer"]), result)
        rows.append((str(n), words.seat_name(record["dealer"]),
                     *shown.score_sheet_row(result, match.results[:n - 1], tally.scores())))
    columns = (_("Hand"), _("Dealer"), *shown.score_sheet_columns(match.table))
    totals = shown.total_cells(match.tally.scores())
    total = (_("Total"), *("" for _column in range(len(columns) - len(totals) - 1)), *totals)
    return Sheet(columns, tuple(rows), total, shown.score_sheet_note(),
                 len(columns) - len(totals))


def deal_number(match: Match, hand: int | None = None) -> str:
    """The deal number of ``match``'s hand ``hand`` (1-based; default the current hand)."""
    return f"{match.seed}-{len(match.hands) if hand is None else hand}"


def parse_deal_number(text: str) -> tuple[int, int] | None:
    """The (seed, hand) a typed deal number names ("1234567-2", or "1234567" for hand 1), or
    ``None`` when ``text`` is not one."""
    found = DEAL_NUMBER.match(text)
    if found is None:
        return None
    hand = int(found.group(2)) if found.group(2) else 1
    return (int(found.group(1)), hand) if hand >= 1 else None

"""What the end-of-hand summary shows of each side's winnings, beside its words: the cards or
tricks won and the total as a big number (issue 25). A game's presentation says them
(:meth:`game.ui.games.base.Presentation.result_piles`) from what its engine tells — which
cards count is the engine's (the UI never decides a rule); the summary draws them
(:mod:`game.ui.table.result_view`). No pygame here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pile:
    """One side's winnings: ``who`` won them, the ``big`` number and the words ``under`` it,
    the face-up ``cards`` in groups (a gap between two groups), and ``tricks`` drawn as
    small stacked backs; ``ours`` for South's side (drawn in gold)."""

    who: str
    big: str
    under: str
    cards: tuple[tuple[str, ...], ...] = ()
    tricks: int = 0
    ours: bool = False


__all__ = ["Pile"]

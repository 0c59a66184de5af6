"""French Tarot's tables (RULES.md sections 4 and 5): what changes with three, four or five
players — the seats, the deal, the talon, the handful sizes, whether the declarer calls a king.
Every rule is written once for all three; a module that needs the table size reads it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..native import mypyc_attr
from .pack import HAND_SIZE, HANDFULS, TALON_SIZE


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Layout:
    """What changes with the number of players (RULES.md sections 4 and 5): the seats, the
    deal (cards per hand, cards per packet, the talon — the declarer of a take or keep
    discards as many), the handful sizes, and whether the declarer calls a king (five)."""

    table: C.Table
    hand_size: int
    packet: int
    talon: int
    handfuls: tuple[tuple[int, int], ...]
    calls: bool

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.table.size

    @property
    def tricks(self) -> int:
        """Tricks in a hand (one per card in a hand)."""
        return self.hand_size


LAYOUTS = {
    3: Layout(C.TABLE3, 24, 4, 6, ((13, 20), (15, 30), (18, 40)), False),
    4: Layout(C.TABLE4, HAND_SIZE, 3, TALON_SIZE, HANDFULS, False),
    5: Layout(C.TABLE5, 15, 3, 3, ((8, 20), (10, 30), (13, 40)), True),
}
"""The :class:`Layout` of each table size (option ``players``)."""


def layout(options: Mapping[str, Any]) -> Layout:
    """The :class:`Layout` of these options (``players``, default 4)."""
    return LAYOUTS[options.get("players", 4)]

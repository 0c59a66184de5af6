"""What one seat may know: its own visible cards, every card played, trump, the public
announcements and what the play has shown — and nothing else.

:class:`Knowledge` is the only thing the AI players and the hints read, so they cannot cheat by
construction. A game's hand state builds it with :func:`build`, supplying through three small
hooks what differs between games: which of its own cards a seat can see
(:meth:`~game.engine.tricks.TrickHand.visible_mask`), how an action looks to another seat
(:meth:`~game.engine.tricks.TrickHand.redact`, e.g. a French Tarot discard) and the game's shown
facts (:meth:`~game.engine.tricks.TrickHand.public_facts`, e.g. the talon turned up).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import SEATS, SUITS
from .hand import Action
from .native import mypyc_attr

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .tricks import TrickHand


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Knowledge:
    """One seat's view of a hand at one moment. Cards are in notation (strings)."""

    game: str
    options: Mapping[str, Any]
    seat: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[str, ...]
    """The cards the seat holds and may look at (copies repeated, ascending)."""
    unseen_own: int
    """How many more cards the seat holds but may not look at yet (Tarabish before trump)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds now (one per seat of the table: four, except at French
    Tarot's three- and five-player tables)."""
    trump: str | None
    tricks: tuple[Mapping[str, Any], ...]
    """Finished tricks and the open one, as :meth:`HandState.trick_log` gives them."""
    history: tuple[Action, ...]
    """Every action so far as this seat saw it: another seat's secret shows as ``None``."""
    voids: tuple[frozenset[str], ...]
    """Per seat, the suits (letters; French Tarot adds ``"T"`` for trumps) it has shown it
    lacks, by play."""
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to act, else empty."""
    public: Mapping[str, Any]
    """The game's shown facts (talon, shown trumps of a discard, handfuls, runs, signals…)."""
    seats: tuple[str, ...] = tuple(SEATS)
    """The table's seat letters by seat number (``S W N E``; French Tarot for three: ``S W E``,
    for five: ``S W NW NE E``)."""

    @property
    def seat_name(self) -> str:
        """The seat's letter."""
        return self.seats[self.seat]


def build(state: TrickHand, seat: int) -> Knowledge:
    """The :class:`Knowledge` of ``seat`` in ``state``."""
    pack = state.PACK
    visible = state.visible_mask(seat) & state.hands[seat]
    sizes = state.held_counts()
    return Knowledge(
        game=state.GAME,
        options=dict(state.options),
        seat=seat,
        dealer=state.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=tuple(pack.names(visible)),
        unseen_own=sizes[seat] - visible.bit_count(),
        hand_sizes=tuple(sizes),
        trump=state.trump_name(),
        tricks=tuple(state.trick_log()),
        history=tuple(state.redact(a, seat) for a in state.history),
        voids=tuple(frozenset(v) for v in state.shown_voids()),
        legal=tuple(state.legal_actions()) if state.to_act == seat else (),
        public=state.public_facts(seat),
        seats=state.table.letters,
    )


def suit_letters(suits: set[int]) -> set[str]:
    """Suit indexes as letters (index 4, French Tarot's trumps, as ``"T"``)."""
    return {(SUITS + "T")[s] for s in suits}

"""French Tarot card play as one seat sees it: :class:`SeatView`, the seat's
:class:`~game.engine.knowledge.Knowledge` read into ints (:func:`read`) — its hand, the cards
another seat may hold, the play so far, the voids and trump ceilings, the declarer's pile and,
at five, what the seat knows of the partner and the defence's public signals. The hard
search's layouts (:mod:`.tarot`) and the reasons start from it; it reads nothing hidden."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import cards as C
from .. import tarot as T
from ..knowledge import Knowledge
from ..tarot import trump_ceiling
from . import inference
from .tarot_partner import Smear, seating, smears_seen, trick_seats
from .tarot_play import (
    FOUR,
    TRUMPS,
    Seating,
    Talk,
    collect,
    trick_state,
)
from .view import suit_of_letter


def mask_of_names(cards: Any) -> int:
    """The mask of a list of card names (``None`` or empty: 0)."""
    return C.mask_of(C.parse_tarot(c) for c in cards or ())


@dataclass
class SeatView:
    """One seat's knowledge of the play as ints.

    ``hand``: its cards; ``others``: the cards another seat may hold, or the unseen discard or
    talon; ``played``: every card played; ``trick``: the open trick's ``(seat, card)``;
    ``voids[s]``: suits seat ``s`` has shown it lacks (bit 4: trumps); ``ceiling[s]``: the
    trumps it may still hold; ``pile``/``adj``/``taken``/``petit``: the declarer's pile so far
    (tricks, the discard the seat knows of, or its shown trumps), half points of Excuse
    exchanges, tricks won and the trick that took the Petit, for the playouts.
    """

    me: int
    decl: int
    contract: str
    slam: bool
    hand: int
    others: int
    played: int
    trick: list[tuple[int, int]]
    leader: int
    done: int
    voids: list[int]
    ceiling: list[int]
    pile: int
    adj: int
    taken: int
    petit: tuple[int, int]
    handful: int
    sizes: tuple[int, ...]
    talon: int
    """The talon's cards still in the declarer's hand or discard, when it was shown and the
    seat is a defender (0 otherwise)."""
    hidden: int
    """How many cards of the discard or talon the seat cannot see."""
    shown: dict[int, int]
    """Seat → the cards of its shown handful it has not played yet."""
    evidence: inference.TarotEvidence | None = None
    """The auction, for weighing sampled layouts (:mod:`.inference`); ``None``: layouts are
    not weighed."""
    table: Seating = FOUR
    """The table (its size, talon and seat names) and the partner the seat knows or reads
    (:func:`.tarot_partner.seating`)."""
    called: int = -1
    """Five players: the called card (-1: none)."""
    partner: int = -1
    """Five players: the partner when the seat knows it from the public facts (-1: not
    known, or alone)."""
    alone: bool = False
    """Five players: the seat knows the declarer plays alone."""
    pile0: int = 0
    """The declarer's pile before the first trick (the discard or talon the seat knows of)."""
    past: tuple[tuple[tuple[int, int], ...], ...] = ()
    """The finished tricks, as ``(seat, card)`` pairs (five players: to gather them again
    with a sampled layout's partner, :meth:`gathered`)."""
    smears: tuple[Smear, ...] = ()
    """Five players, while the partner is secret to the seat: every face card another seat
    gave to a trick the declarer was winning (:func:`.tarot_partner.smears_seen`)."""
    secret: bool = False
    """Five players: the called card is unplayed and the partner public to nobody but itself
    (the declarer's side of a playout is secret to all but the partner until it falls)."""
    talk: Talk | None = None
    """The defence's public signals so far (:class:`~.tarot_table.Talk`), for the
    conventions."""

    @property
    def won_all(self) -> bool:
        """The declarer has won every finished trick."""
        return self.taken == self.done

    def gathered(self, partner: int | None) -> tuple[int, int, int, tuple[int, int]]:
        """``(pile, adj, taken, petit)`` of the finished tricks with ``partner`` on the
        declarer's side (``None``: none): the declarer's pile as a layout with that partner
        has it — a secret partner's tricks so far are its side's in that layout."""
        side = 0 if partner is None else 1 << partner
        if side == (0 if self.partner < 0 else 1 << self.partner):
            return self.pile, self.adj, self.taken, self.petit
        pile = self.pile0
        adj = taken = 0
        petit = (-1, -1)
        for t, cards in enumerate(self.past):
            winner, pile, adj, taken, flags = collect(t, list(cards), self.decl, pile, adj,
                                                      taken, side,
                                                      T.LAYOUTS[self.table.size].tricks)
            if flags & 1:
                petit = (t, winner)
        return pile, adj, taken, petit


def read(k: Knowledge, weigh: bool = False) -> SeatView:
    """The :class:`SeatView` of knowledge ``k`` (play phase, at any table: one entry per seat
    in ``voids`` and ``ceiling``); with ``weigh``, with the auction's evidence for the sampler
    (:attr:`SeatView.evidence`)."""
    n = len(k.seats)
    table = seating(k)
    known_partner = k.public.get("partner")
    partner = k.seats.index(known_partner) if known_partner else -1
    side = 0 if partner < 0 else 1 << partner
    tricks = T.LAYOUTS[n].tricks
    talon_size = T.LAYOUTS[n].talon
    decl = k.seats.index(k.public["declarer"])
    contract = k.public["contract"]
    hand = mask_of_names(k.hand)
    known = mask_of_names(k.public.get("discard")) | mask_of_names(k.public.get("discard_trumps"))
    played = 0
    voids = [0] * n
    for s, letters in enumerate(k.voids):
        for letter in letters:
            voids[s] |= 1 << suit_of_letter(letter)
    ceiling = [TRUMPS] * n
    pile = known if contract in ("take", "keep") else 0
    adj = taken = done = 0
    petit = (-1, -1)
    trick: list[tuple[int, int]] = []
    leader = decl if k.public.get("slam") else (k.dealer - 1) % n
    talk = Talk(n)
    for t in k.tricks:
        seat = k.seats.index(t["leader"])
        cards: list[tuple[int, int]] = []
        for c in (C.parse_tarot(x) for x in t["cards"]):
            played |= 1 << c
            talk.note(seat, c, trick_state(cards)[0])
            ceiling[seat] &= trump_ceiling(c, trick_state(cards)[2])
            cards.append((seat, c))
            seat = (seat - 1) % n
        if t["winner"] is None:
            trick = cards
            leader = k.seats.index(t["leader"])
            continue
        winner, pile, adj, taken, flags = collect(done, cards, decl, pile, adj, taken, side,
                                                  tricks)
        if flags & 1:
            petit = (done, winner)
        done += 1
        leader = winner
    bonus = dict(T.LAYOUTS[n].handfuls)
    handful = sum(bonus[len(v)] for v in k.public.get("handfuls", {}).values())
    shown = {k.seats.index(s): mask_of_names(v) & ~played
             for s, v in k.public.get("handfuls", {}).items()}
    others = C.FULL_TAROT & ~hand & ~played & ~known
    if contract in ("take", "keep"):
        talon = 0 if k.seat == decl else mask_of_names(k.public.get("talon")) & others
        hidden = 0 if k.seat == decl else talon_size - known.bit_count()
    else:
        talon, hidden = 0, talon_size
    called = C.parse_tarot(k.public["called"]) if k.public.get("called") else -1
    alone = bool(k.public.get("alone"))
    past = tuple(tuple(zip(trick_seats(k, t), (C.parse_tarot(x) for x in t["cards"]),
                           strict=True))
                 for t in k.tricks if t["winner"] is not None)
    smears = smears_seen(k) if n == 5 else ()
    return SeatView(k.seat, decl, contract, bool(k.public.get("slam")), hand, others, played,
                    trick, leader, done, voids, ceiling, pile, adj, taken, petit, handful,
                    k.hand_sizes, talon, hidden, shown,
                    inference.tarot_evidence(k) if weigh and n == 4 else None, table,
                    called, partner, alone, known if contract in ("take", "keep") else 0,
                    past, smears, n == 5 and called >= 0 and not played >> called & 1,
                    talk)

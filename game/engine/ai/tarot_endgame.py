"""Exact endings of French Tarot for the hard search: a sampled layout
(:class:`~.tarot_play.Playout`) solved double-dummy with the shared alpha-beta of
:mod:`.endgame`, at three, four or five seats.

The declarer's side (the declarer, and at five the partner of the layout: ``seating.side``)
maximizes the declarer's unit, the defence minimizes it; the unit is the playout's own
(:meth:`.Playout.score`: :func:`game.engine.tarot.settle` on the declarer's pile, Excuse
exchanges, tricks and the Petit au bout), the tricks gathered by :func:`.tarot_play.collect`
(the Excuse rules), the legal cards by :func:`game.engine.tarot.legal`. The caller multiplies the
unit by the seat's share, as it does a playout's.

**Decision**: every seat plays knowing every hand — the partner at five included, from the
first card (a double-dummy value; the playouts keep the partner secret until the called card
falls, which only their policy's choices can reflect). The normal policy orders the moves as
the seating the layout gives.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .. import tarot as T
from ..cards import SUIT_TAROT_MASK, highest, lowest
from ..tarot import EXB, OUDLERS, PETITB, half_points
from .endgame import Solver
from .tarot_play import NORMAL, TRUMPS, Playout, candidates, choose, collect


class TarotSolver(Solver):
    """The exact ending of a French Tarot :class:`~.tarot_play.Playout` (which is not
    changed): its value is the declarer's unit with both sides playing perfectly."""

    def __init__(self, game: Playout, use_claims: bool = True) -> None:
        super().__init__(use_claims)
        self.game = game
        self.seating = game.seating
        self.n = game.seating.size
        self.decl = game.decl
        self.hands = list(game.hands)
        out = 0
        for h in self.hands:
            out |= h
        self.out = out
        self.voids = list(game.voids)
        self.ceiling = [TRUMPS] * self.n
        self.trick: tuple[tuple[int, int], ...] = tuple(game.trick)
        self.t = game.done
        self.leader = game.leader
        self.pile, self.adj, self.taken = game.pile, game.adj, game.taken
        self.petit_trick, self.petit_winner = game.petit
        self.ex_slam = False
        self.won_all = game.taken == game.done
        self.seat = (game.seating.next(self.trick[-1][0]) if self.trick else game.leader)
        self.stack: list[tuple[Any, ...]] = []

    def over(self) -> float | None:
        if self.t < self.game.tricks:
            return None
        return self.game.score(self.pile, self.adj, self.taken, self.petit_trick,
                               self.petit_winner, self.ex_slam)

    def key(self) -> Hashable | None:
        if self.trick:
            return None
        pile = self.pile
        petit = (self.petit_trick,
                 self.petit_trick >= 0 and self.seating.on_side(self.petit_winner, self.decl))
        return (*self.hands, self.leader, half_points(pile) + self.adj,
                (pile & OUDLERS).bit_count(), self.taken, petit)

    def maximizing(self) -> bool:
        return self.seating.on_side(self.seat, self.decl)

    def claimed(self) -> float | None:
        """The side of the seat on lead wins every trick left when its cards are masters
        (:func:`masters`): the declarer's side then gathers every card still out (or none of
        them). Not told (``None``) while the Excuse or the Petit is still out: where they
        fall (a trick kept back, the Petit *au bout*) depends on the order of the play."""
        out = self.out
        if out & (EXB | PETITB):
            return None
        leader = self.seat
        if not masters(self.hands, leader):
            return None
        pile, taken = self.pile, self.taken
        if self.seating.on_side(leader, self.decl):
            pile |= out
            taken += self.game.tricks - self.t
        return self.game.score(pile, self.adj, taken, self.petit_trick, self.petit_winner,
                               self.ex_slam)

    def moves(self) -> list[int]:
        seat = self.seat
        h = self.hands[seat]
        played = [c for _, c in self.trick]
        led, best, i = T.trick_state(played)
        legal = T.legal(h, led, best)
        between = 0
        for s in range(self.n):
            if s != seat:
                between |= self.hands[s]
        for c in played:
            between |= 1 << c
        reps = candidates(legal, between)
        if len(reps) == 1:
            return reps
        first = choose(NORMAL, seat, self.decl, h, legal, self.out & ~h, list(self.trick),
                       self.voids, self.ceiling, self.won_all,
                       (led, self.trick[i][0] if i >= 0 else -1, best), self.seating)[0]
        reps.reverse()  # after the policy's card, the highest first
        if first not in reps:  # an equivalent of the policy's card: its group's lowest
            first = max(r for r in reps if r < first)
        reps.remove(first)
        return [first, *reps]

    def play(self, c: int) -> None:
        seat = self.seat
        self.stack.append((seat, self.hands[seat], self.out, self.voids[seat],
                           self.ceiling[seat], self.trick, self.t, self.leader, self.pile,
                           self.adj, self.taken, self.petit_trick, self.petit_winner,
                           self.ex_slam, self.won_all))
        bit = 1 << c
        self.hands[seat] ^= bit
        self.out ^= bit
        led, best, _ = T.trick_state([x for _, x in self.trick])
        self.voids[seat] |= T.REVEALED[led][c]
        self.ceiling[seat] &= T.TRUMP_CEILING[best][c]
        trick = self.trick = (*self.trick, (seat, c))
        if len(trick) < self.n:
            self.seat = self.seating.next(seat)
            return
        winner, self.pile, self.adj, self.taken, flags = collect(
            self.t, list(trick), self.decl, self.pile, self.adj, self.taken, self.seating.side,
            self.game.tricks)
        if not self.seating.on_side(winner, self.decl):
            self.won_all = False
        if flags & 1:
            self.petit_trick, self.petit_winner = self.t, winner
        self.ex_slam = self.ex_slam or flags >= 2
        self.leader = self.seat = winner
        self.trick = ()
        self.t += 1

    def undo(self) -> None:
        (seat, hand, self.out, voids, ceiling, self.trick, self.t, self.leader, self.pile,
         self.adj, self.taken, self.petit_trick, self.petit_winner, self.ex_slam,
         self.won_all) = self.stack.pop()
        self.seat = seat
        self.hands[seat] = hand
        self.voids[seat] = voids
        self.ceiling[seat] = ceiling


def masters(hands: list[int], leader: int) -> bool:
    """Whether every card of seat ``leader``'s hand wins the trick it leads, its trumps led
    first: in each suit it holds, each of its cards is above every other seat's card of the
    suit, and when another seat holds trumps, the leader's trumps (each above theirs) are at
    least as many as any seat's, so that leading them draws theirs. The claim's sufficient test
    (:func:`game.engine.claim.masters_hold`) on a sampled layout; the Excuse is not looked at
    (the caller rules it out)."""
    hand = hands[leader]
    others = 0
    most = 0
    for s, h in enumerate(hands):
        if s != leader:
            others |= h
            most = max(most, (h & TRUMPS).bit_count())
    mine = hand & TRUMPS
    if most and (not mine or mine.bit_count() < most or lowest(mine) < highest(others & TRUMPS)):
        return False
    for su in range(4):
        mask = SUIT_TAROT_MASK << (14 * su)
        mine, theirs = hand & mask, others & mask
        if mine and theirs and highest(theirs) > lowest(mine):
            return False
    return True

"""Exact endings for the hard search: a sampled layout solved double-dummy (every hand known)
instead of played out once with the normal policy.

:class:`Solver` is the shared machinery: alpha-beta minimax over the remaining play, one side
maximizing the score and the other minimizing it, with a transposition table of value bounds
kept at trick boundaries (shared by every first card solved on one layout) and the moves
ordered by the normal policy (its card first), and the claim's proof as its base: at a trick
boundary where the side on lead surely wins every trick still to play (:meth:`Solver.claimed`,
the sufficient test of :func:`game.engine.claim.masters_hold` on the sampled layout) the value
is that of taking them all, with no search below. A game family subclasses it with its own
position: :class:`LayoutSolver` here, for the partnership games' :class:`~.cardplay.Layout`
(Arba'a Turub, Turup, Tarabish), and :class:`~.tarot_endgame.TarotSolver` for French Tarot's
:class:`~.tarot_play.Playout`.

A solver's value is on the scale of the playout it replaces (the same leaf scoring applied to
the finished play), so an exact value and a playout value of the same layout compare directly.
Of several cards of one suit that are *equivalent* — adjacent in strength, worth the same
points, with no card another seat holds (or the open trick holds) between them — only the
lowest is searched (:func:`distinct_faces`): they lead to positions of the same value.

The solver reads nothing but the layout it is given: hidden cards reach it only through the
sampled world.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import bits
from ..native import mypyc_attr
from ..tarabish import legal_mask as must_trump_mask
from ..tricks import ABOVE36, NATURAL_POWER, follow_mask, shown_void
from .policy import NORMAL, SUIT, choose, trick_state

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .cardplay import Layout

INF = float("inf")


class Solver:
    """Alpha-beta minimax with a transposition table over a position a subclass holds and
    changes in place (:meth:`play` / :meth:`undo`). ``nodes`` counts the positions visited.

    What a subclass supplies: :meth:`over` (the leaf score once the play has stopped, else
    ``None``), :meth:`key` (a hashable position at a trick boundary, else ``None``: only those
    are tabled), :meth:`maximizing` (whether the seat to act maximizes), :meth:`moves` (the
    cards worth trying, best first), :meth:`play` and :meth:`undo`; and may supply
    :meth:`claimed` (the value of a position the side on lead surely wins out).
    ``claims`` counts the positions :meth:`claimed` settled; ``use_claims`` false turns it
    off (to measure what it saves)."""

    def __init__(self, use_claims: bool = True) -> None:
        self.table: dict[Hashable, tuple[float, float]] = {}
        """Position → (lower, upper) bounds of its value."""
        self.nodes = 0
        self.claims = 0
        self.use_claims = use_claims

    # -- what a family supplies ----------------------------------------------------------

    def over(self) -> float | None:
        """The leaf score when the play has stopped, else ``None``."""
        raise NotImplementedError

    def key(self) -> Hashable | None:
        """The position for the table (everything the rest of the play and its score depend
        on), at trick boundaries only; ``None`` elsewhere."""
        raise NotImplementedError

    def maximizing(self) -> bool:
        """Whether the seat to act maximizes the score."""
        raise NotImplementedError

    def moves(self) -> list[int]:
        """The cards worth trying for the seat to act (one of each equivalent group), the
        normal policy's choice first."""
        raise NotImplementedError

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to act (completing the trick when it is the last)."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        raise NotImplementedError

    def claimed(self) -> float | None:
        """At a trick boundary, the value of the position when the side on lead surely wins
        every trick still to play — whatever the others do — else ``None`` (also when the
        test cannot tell; here always ``None``). Only called where :meth:`key` is not
        ``None``."""
        return None

    # -- the search ----------------------------------------------------------------------

    def value(self, first: int) -> float:
        """The exact value after the seat to act plays ``first`` (a legal card): both sides
        then play perfectly."""
        self.play(first)
        try:
            return self.search(-INF, INF)
        finally:
            self.undo()

    def values(self, firsts: Sequence[int]) -> list[float]:
        """:meth:`value` of each of ``firsts`` (sharing the table)."""
        return [self.value(f) for f in firsts]

    def search(self, alpha: float, beta: float) -> float:
        """The value of the position (fail-soft alpha-beta): exact when it lies strictly
        between ``alpha`` and ``beta``, else a bound on the side of the window it fell."""
        self.nodes += 1
        leaf = self.over()
        if leaf is not None:
            return leaf
        key = self.key()
        lo, hi = -INF, INF
        if key is not None:
            if self.use_claims:
                sure = self.claimed()
                if sure is not None:
                    self.claims += 1
                    return sure
            bounds = self.table.get(key)
            if bounds is not None:
                lo, hi = bounds
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        a0, b0 = alpha, beta
        maxing = self.maximizing()
        best = -INF if maxing else INF
        for card in self.moves():
            self.play(card)
            v = self.search(alpha, beta)
            self.undo()
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key is not None:
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best


def masters(hand: int, others: int, trump: int, trumps_drawn: bool) -> bool:
    """Whether every card of ``hand`` (ranked faces) wins the trick it leads, the trumps led
    first: no card of ``others`` (the other seats' cards) in a suit ``hand`` holds is as
    strong as the weakest of ``hand``'s cards of that suit, and — when ``others`` hold trumps —
    ``trumps_drawn`` (the leader holds as many trumps as any other seat, so its trumps, led
    first, draw theirs). ``trump`` 4: no trump. The claim's sufficient test
    (:func:`game.engine.claim.masters_hold`) on a sampled layout."""
    if trump < 4 and others & SUIT[trump] and not (hand & SUIT[trump] and trumps_drawn):
        return False
    for su in range(4):
        mine = hand & SUIT[su]
        if not mine:
            continue
        theirs = others & SUIT[su]
        if not theirs:
            continue
        power = NATURAL_POWER[(trump if trump < 4 else 4) * 4 + su]
        low = min(power[f] for f in bits(mine))
        if max(power[f] for f in bits(theirs)) >= low:
            return False
    return True


def distinct_faces(legal: int, between: int, points: Sequence[int], copies: bool = False
                   ) -> list[int]:
    """The faces of ``legal`` (ranked, a bit set) that can make a difference, lowest first: of
    several faces of one suit worth the same ``points`` with no face of ``between`` (held by
    another seat, or lying in the open trick) above the lower one up to the higher one, only
    the lowest. With ``copies`` (Arba'a Turub's identical cards, of which the earlier played
    wins) not even a copy of the lower one: another seat's copy of it beats it when played
    first, but not the higher face, so the two are not interchangeable."""
    reps: list[int] = []
    rest = legal
    while rest:
        low = rest & -rest
        f = low.bit_length() - 1
        rest ^= low
        if reps:
            r = reps[-1]
            if r // 9 == f // 9 and points[r] == points[f]:
                span = SUIT[f // 9] & ~((1 << r if copies else 2 << r) - 1) & ((2 << f) - 1)
                if not span & between:
                    continue
        reps.append(f)
    return reps


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Ending:
    """How the play from a decision stops and scores, as a partnership game's playout and its
    exact solution both apply it: tricks ``won`` and card ``points`` per side so far, the play
    stops after ``total`` tricks in all, at ``target`` tricks for a side (0: never) or, with a
    ``kort_side`` (0/1; -1: none), when that side loses a trick (:meth:`.Layout.play_out`);
    ``score(won, points)`` is the deciding side's score of the finished play."""

    won: tuple[int, int]
    points: tuple[int, int]
    total: int
    target: int
    kort_side: int
    score: Callable[[list[int], list[int]], float]


class LayoutSolver(Solver):
    """The exact ending of a :class:`~.cardplay.Layout` (ranked faces, copies for Arba'a
    Turub) under its game's rules and ``ending``; the deciding seat's ``side`` (0/1)
    maximizes :attr:`Ending.score`, the other side minimizes it. The layout is not changed."""

    def __init__(self, lay: Layout, ending: Ending, side: int, use_claims: bool = True
                 ) -> None:
        super().__init__(use_claims)
        g = self.rules = lay.rules
        self.ending = ending
        self.side = side
        self.hands = list(lay.hands)
        self.counts = None if lay.counts is None else list(lay.counts)
        self.left = None if lay.left is None else list(lay.left)
        self.codes = [0, 0, 0, 0]
        """With copies: per seat its copy counts, three bits a face (for the table's key)."""
        if self.counts is not None:
            for s in range(4):
                self.codes[s] = sum(self.counts[s * 36 + f] << (3 * f) for f in range(36))
        self.out, self.single = lay.out, lay.single
        self.voids = list(lay.voids)
        self.trump = trump = lay.trump
        self.pts = g.points[trump]
        self.attack, self.free = lay.attack, lay.free
        self.won = list(ending.won)
        self.points = list(ending.points)
        self.ntricks = ending.won[0] + ending.won[1]
        self.stopped = self.ntricks >= ending.total
        self.leader = lay.leader
        self.trick: tuple[tuple[int, int], ...] = tuple(lay.trick)
        self.led = self.best = self.winner = self.top = self.tp = 0
        self.power = NATURAL_POWER[trump * 4]
        if self.trick:
            self.led, self.best, self.winner = trick_state(self.trick, trump)
            self.power = NATURAL_POWER[trump * 4 + self.led]
            self.top = self.power[self.best]
            self.tp = sum(self.pts[f] for _, f in self.trick)
            self.seat = (self.trick[-1][0] + g.step) & 3
        else:
            self.seat = lay.leader
        self.stack: list[tuple[Any, ...]] = []

    def over(self) -> float | None:
        return self.ending.score(self.won, self.points) if self.stopped else None

    def key(self) -> Hashable | None:
        if self.trick:
            return None
        hands = self.hands if self.counts is None else self.codes
        return (*hands, self.leader, *self.won, *self.points)

    def maximizing(self) -> bool:
        return self.seat & 1 == self.side

    def claimed(self) -> float | None:
        """The side on lead wins every trick left when the leader's cards are masters
        (:func:`masters`; with copies, each seat's count of a suit from its copy counts); the
        score is then that of the leader's side taking the tricks until the play stops
        (:attr:`Ending.total`, a side's :attr:`Ending.target`, or at once when a kort side
        loses). Not told (``None``) for a point game stopped before its last trick."""
        leader = self.seat
        hands = self.hands
        others = 0
        for s in range(4):
            if s != leader:
                others |= hands[s]
        trump = self.trump
        drawn = True
        if trump < 4 and others & SUIT[trump]:
            if not hands[leader] & SUIT[trump]:
                return None
            mine = self.held(leader, SUIT[trump])
            drawn = all(self.held(s, SUIT[trump]) <= mine for s in range(4) if s != leader)
        if not masters(hands[leader], others, trump, drawn):
            return None
        e = self.ending
        w = leader & 1
        left = e.total - self.ntricks
        if e.kort_side >= 0 and w != e.kort_side:
            n = 1
        elif e.target > 0 and e.kort_side < 0:
            n = min(left, e.target - self.won[w])
        else:
            n = left
        if n != left and self.rules.scores_points:
            return None
        won = list(self.won)
        points = list(self.points)
        won[w] += n
        if self.rules.scores_points:
            rest = 0
            for s in range(4):
                for f in bits(hands[s]):
                    rest += self.pts[f] * (1 if self.counts is None
                                           else self.counts[s * 36 + f])
            points[w] += rest + self.rules.last_trick
        return e.score(won, points)

    def held(self, seat: int, suit: int) -> int:
        """How many cards of the faces ``suit`` (a bit set) ``seat`` holds (copies counted)."""
        if self.counts is None:
            return (self.hands[seat] & suit).bit_count()
        base = seat * 36
        return sum(self.counts[base + f] for f in bits(self.hands[seat] & suit))

    def legal(self) -> int:
        """The faces the seat to act may play."""
        seat = self.seat
        h = self.hands[seat]
        if not self.trick:
            return h
        if self.rules.must_trump:
            return must_trump_mask(h, self.led, self.best,
                                   self.free and self.winner == seat ^ 2, self.trump, ABOVE36)
        return follow_mask(h, SUIT[self.led])

    def moves(self) -> list[int]:
        seat = self.seat
        h = self.hands[seat]
        legal = self.legal()
        between = 0
        for s in range(4):
            if s != seat:
                between |= self.hands[s]
        for _, f in self.trick:
            between |= 1 << f
        reps = distinct_faces(legal, between, self.pts, self.counts is not None)
        if len(reps) == 1:
            return reps
        oth = self.out & ~h if self.counts is None else self.out & ~(h & self.single)
        npos = len(self.trick)
        first = choose(self.rules, NORMAL, seat, h, legal, oth, self.trump, self.led, self.best,
                       self.winner, npos, self.voids, 0, 0, seat & 1 == self.attack)[0]
        reps.reverse()  # after the policy's card, the strongest first
        if first in reps:
            reps.remove(first)
        else:  # an equivalent of the policy's card: its group's lowest
            first = max(r for r in reps if r // 9 == first // 9 and r < first)
            reps.remove(first)
        return [first, *reps]

    def play(self, f: int) -> None:
        seat = self.seat
        self.stack.append((seat, f, self.out, self.single, self.voids[seat], self.led, self.best,
                           self.winner, self.top, self.tp, self.power, self.leader,
                           self.won[0], self.won[1], self.points[0], self.points[1],
                           self.ntricks, self.stopped, self.trick, self.hands[seat]))
        bit = 1 << f
        counts, left = self.counts, self.left
        if counts is None or left is None:
            self.hands[seat] ^= bit
            self.out ^= bit
        else:
            j = seat * 36 + f
            counts[j] -= 1
            self.codes[seat] -= 1 << (3 * f)
            if not counts[j]:
                self.hands[seat] ^= bit
            n = left[f] - 1
            left[f] = n
            if n == 1:
                self.single |= bit
            elif n == 0:
                self.out ^= bit
                self.single &= ~bit
        fs = f // 9
        if not self.trick:
            self.led, self.best, self.winner = fs, f, seat
            self.power = NATURAL_POWER[self.trump * 4 + fs]
            self.top = self.power[f]
            self.tp = 0
        else:
            if fs != self.led:
                self.voids[seat] |= shown_void(fs, self.led, self.trump, self.rules.must_trump,
                                               self.free and self.winner == seat ^ 2)
            if self.power[f] > self.top:
                self.best, self.winner, self.top = f, seat, self.power[f]
        self.tp += self.pts[f]
        self.trick = (*self.trick, (seat, f))
        if len(self.trick) < 4:
            self.seat = (seat + self.rules.step) & 3
            return
        e = self.ending
        w = self.winner & 1
        self.won[w] += 1
        self.ntricks += 1
        if self.rules.scores_points:
            self.points[w] += self.tp + (self.rules.last_trick if self.ntricks == e.total else 0)
        self.leader = self.seat = self.winner
        self.trick = ()
        self.stopped = (self.ntricks >= e.total or (e.kort_side >= 0 and w != e.kort_side)
                        or (e.target > 0 and e.kort_side < 0
                            and max(self.won) >= e.target))

    def undo(self) -> None:
        (seat, f, self.out, self.single, self.voids[seat], self.led, self.best, self.winner,
         self.top, self.tp, self.power, self.leader, self.won[0], self.won[1], self.points[0],
         self.points[1], self.ntricks, self.stopped, self.trick,
         self.hands[seat]) = self.stack.pop()
        self.seat = seat
        if self.counts is not None and self.left is not None:
            self.counts[seat * 36 + f] += 1
            self.codes[seat] += 1 << (3 * f)
            self.left[f] += 1

"""French Tarot playouts for the hard search: :class:`Playout` (a full layout played to the end
with the normal policy, :func:`.tarot_policy.choose`, for every seat), the cards worth
searching (:func:`candidates`) and how a finished trick is gathered by the engine's rules
(:func:`collect`). Reads :mod:`.tarot_table` and :mod:`.tarot_policy`; the endgame solver
(:mod:`.tarot_endgame`) and the hard player (:mod:`.tarot`) use it through :mod:`.tarot_play`."""

from __future__ import annotations

from .. import cards as C
from .. import tarot as T
from ..tarot import EXB, OUDLERS, PETITB, TRICKS, half_points, settle
from .tarot_policy import choose
from .tarot_table import (
    EXCUSE,
    FOUR,
    NORMAL,
    PETIT,
    PTS,
    SUIT,
    TRUMPS,
    Seating,
    Talk,
    trick_state,
)


class Playout:
    """A full layout of the remaining cards and what the score depends on; :meth:`run` plays it
    to the end with the normal policy for every seat and returns the declarer's *unit* (what
    each defender pays the declarer; see :func:`game.engine.tarot.settle`).

    ``pile`` is the declarer's pile so far (tricks won, the discard or the talon), ``adj`` the
    half points of Excuse exchanges on top of it, ``taken`` the declarer's tricks, ``petit`` the
    index and winner of the trick that took the Petit (``(-1, -1)`` while it is out).
    """

    __slots__ = ("adj", "called", "contract", "decl", "done", "handful", "hands", "leader",
                 "petit", "pile", "seating", "slam", "taken", "talk", "trick", "tricks",
                 "views", "voids")

    def __init__(self, hands: list[int], decl: int, contract: str, slam: bool, pile: int,
                 adj: int, taken: int, petit: tuple[int, int], handful: int, done: int,
                 leader: int, trick: list[tuple[int, int]], voids: list[int],
                 seating: Seating = FOUR, tricks: int = TRICKS,
                 views: tuple[Seating, ...] | None = None, called: int = -1,
                 talk: Talk | None = None) -> None:
        """``seating``: the table, with the partner of this layout (five players) on the
        declarer's side (the score); ``tricks``: the tricks of a whole hand; ``views``: the
        sides as each seat plays them until ``called`` (the called card) is played (``None``:
        ``seating`` for every seat); ``talk``: the defence's public signals before the
        layout's first card (``None``: none kept track of)."""
        self.hands = hands
        self.decl = decl
        self.contract = contract
        self.slam = slam
        self.pile = pile
        self.adj = adj
        self.taken = taken
        self.petit = petit
        self.handful = handful
        self.done = done
        self.leader = leader
        self.trick = trick
        self.voids = voids
        self.seating = seating
        self.tricks = tricks
        self.views = views
        self.called = called
        self.talk = talk

    def run(self, first: int, trace: list[tuple[int, int]] | None = None) -> int:
        """Play ``first`` for the seat to act (-1: let the policy choose), then the rest with
        the normal policy; the declarer's unit. When ``trace`` is a list, every ``(seat,
        card)`` played is appended to it."""
        hands = list(self.hands)
        revealed, below = T.REVEALED, T.TRUMP_CEILING
        voids = list(self.voids)
        table = self.seating
        views = self.views
        n = table.size
        ceiling = [TRUMPS] * n
        decl = self.decl
        pile, adj, taken = self.pile, self.adj, self.taken
        petit_trick, petit_winner = self.petit
        trick = list(self.trick)
        played = [c for _, c in trick]  # the open trick's cards, for T.trick_state
        leader = self.leader
        out = 0
        for h in hands:
            out |= h
        ex_slam = False
        won_all = taken == self.done
        talk = self.talk.copy() if self.talk is not None else None
        for t in range(self.done, self.tricks):
            seat = table.next(trick[-1][0]) if trick else leader
            while len(trick) < n:
                h = hands[seat]
                led, best, i = T.trick_state(played)
                legal = T.legal(h, led, best)
                if first >= 0:
                    c, first = first, -1
                else:
                    c = choose(NORMAL, seat, decl, h, legal, out & ~h, trick, voids, ceiling,
                               won_all, (led, trick[i][0] if i >= 0 else -1, best),
                               views[seat] if views else table, talk)[0]
                bit = 1 << c
                if c == self.called:
                    views = None  # the partner is known to every seat
                hands[seat] = h ^ bit
                if talk is not None:
                    talk.note(seat, c, led)
                out ^= bit
                voids[seat] |= revealed[led][c]
                ceiling[seat] &= below[best][c]
                trick.append((seat, c))
                played.append(c)
                if trace is not None:
                    trace.append((seat, c))
                seat = table.next(seat)
            winner, pile, adj, taken, flags = collect(t, trick, decl, pile, adj, taken,
                                                      table.side, self.tricks)
            if not table.on_side(winner, decl):
                won_all = False
            if flags & 1:
                petit_trick, petit_winner = t, winner
            ex_slam = ex_slam or flags >= 2
            leader = winner
            trick = []
            played = []
        return self.score(pile, adj, taken, petit_trick, petit_winner, ex_slam)

    def score(self, pile: int, adj: int, taken: int, petit_trick: int, petit_winner: int,
              ex_slam: bool) -> int:
        """The declarer's unit of the finished play (:func:`game.engine.tarot.settle`, as the
        engine scores it: a slam is every trick of the table's hand): its ``pile`` and ``adj``
        half points of exchanges, its ``taken`` tricks, the trick that took the Petit and its
        winner, and whether the Excuse won the last trick."""
        pab = 0
        if T.petit_au_bout(petit_trick, ex_slam, self.tricks):
            pab = 1 if self.seating.on_side(petit_winner, self.decl) else -1
        return settle(self.contract, half_points(pile) + adj, (pile & OUDLERS).bit_count(), pab,
                      self.handful, taken, self.slam, self.tricks)[3]


def candidates(legal: int, others: int) -> list[int]:
    """The legal cards worth searching: of interchangeable cards (same suit, same points, no
    card of ``others`` — another seat may hold it — between them) only the lowest. Neither the
    Excuse nor the Petit is interchangeable with anything: the Petit is worth as many points
    as the 21 but may be lost, or won at the end (*au bout*)."""
    out: list[int] = []
    for c in C.bits(legal):
        if out:
            p = out[-1]
            if (SUIT[p] == SUIT[c] and PTS[p] == PTS[c] and c != EXCUSE and p != PETIT
                    and not others & ((1 << c) - (2 << p))):
                continue
        out.append(c)
    return out


def collect(t: int, trick: list[tuple[int, int]], decl: int, pile: int, adj: int, taken: int,
            side: int = 0, tricks: int = TRICKS) -> tuple[int, int, int, int, int]:
    """Gather finished trick number ``t`` (0-based) by the engine's rules
    (:func:`game.engine.tarot.excuse_wins`, :func:`game.engine.tarot.excuse_fate`): the winner
    takes it, except an Excuse before the last trick, which stays with its owner's side (half a
    point changes hands instead); a side that won every other trick wins the last one by
    leading the Excuse. Returns ``(winner, pile, adj, taken, flags)`` — the declarer's updated
    pile, half points of exchanges and tricks — where ``flags`` has bit 0 when the trick holds
    the Petit and bit 1 when the Excuse won it. ``side``: the seats besides the declarer on its
    side (a bit set: the partner at five), whose tricks count as the declarer's; ``tricks``:
    the tricks of a whole hand (18 at four)."""
    def ours(seat: int) -> bool:
        return seat == decl or bool(side >> seat & 1)
    winner = trick_state(trick)[1]
    tm = C.mask_of(c for _, c in trick)
    gain = tm
    flags = 1 if tm & PETITB else 0
    if tm & EXB:
        owner = next(s for s, c in trick if c == EXCUSE)
        leader = trick[0][0]
        if T.excuse_wins(t, owner == leader, taken if ours(leader) else t - taken, tricks):
            winner = leader
            flags |= 2
        kept, value = T.excuse_fate(t, int(not ours(owner)), int(not ours(winner)), tricks)
        if kept:
            gain ^= EXB
            if ours(owner):
                pile |= EXB
            adj += value
    if ours(winner):
        pile |= gain
        taken += 1
    return winner, pile, adj, taken, flags

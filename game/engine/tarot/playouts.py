"""Random playouts of French Tarot (benchmarks, tests, searches): :func:`random_playout`, the
fast four-player kernel on ints (it applies the rules of :mod:`.play_rules`, :mod:`.excuse`,
:mod:`.handfuls` and :mod:`.scoring` through their functions and tables), :func:`engine_playout`
through the engine at any table size, and :func:`playout_start`.
"""

from __future__ import annotations

import random
from typing import Any

from .. import cards as C
from ..hand import Action
from .auction import BIDS
from .deal import deal
from .excuse import excuse_fate, excuse_wins, petit_au_bout
from .hand import TarotHand
from .handfuls import canonical_handfuls, handful_levels
from .pack import EXB, HANDFULS, OUDLERS, PETITB, TRICKS, half_points
from .play_rules import BEATEN_BY, NEXT_SEAT, OBLIGATIONS
from .scoring import settle

_RULES_BY_SUIT = tuple({1 << best: (*OBLIGATIONS[led][best], BEATEN_BY[best])
                        for best in range(C.EXCUSE)} for led in range(5))
_RULES = {1 << c: (_RULES_BY_SUIT[C.suit_tarot(c)],
                  *_RULES_BY_SUIT[C.suit_tarot(c)][1 << c]) for c in range(C.EXCUSE)}
"""The rules of a trick as :func:`random_playout` reads them, built by :func:`obligations`
and :func:`beats`: for each card that leads (as its bit), ``(rules, follow, over, trumps,
stronger)`` where ``rules`` gives for each card winning the trick (as its bit) its
:func:`obligations` and the cards that beat it, and the rest is ``rules`` of the lead."""
_WIDTH = tuple((n - 1).bit_length() for n in range(32))
"""Random bits needed to draw an index below ``n`` (rejection sampling keeps it uniform)."""


def _playout_view(hand: TarotHand) -> tuple[Any, ...]:
    """What :func:`random_playout` starts from, computed once per position and cached on the
    hand (keyed by the number of actions applied): the declarer, the hands, the declarer's pile
    and count so far, tricks taken, the Petit's trick, handfuls, and the open trick's state."""
    key = len(hand.history)
    cached = hand.__dict__.get("_playout_view")
    if cached is not None and cached[0] == key:
        seen: tuple[Any, ...] = cached[1]
        return seen
    if hand.phase != "play" or hand.trick is None or hand.declarer is None:
        raise ValueError("a random playout starts in the play phase")
    decl = hand.declarer
    dmask = hand.declarer_pile()
    adj = hand.declarer_half_points() - half_points(dmask)
    taken = sum(1 for t in hand.tricks if t.winner == decl)
    petit = next(((i, t.winner) for i, t in enumerate(hand.tricks) if C.PETIT in t.cards),
                 (-1, -1))
    hf = tuple(() if s in hand.played or s in hand.handfuls else handful_levels(hand.hands[s])
               for s in range(4))
    trick = hand.trick
    hands = list(hand.hands)
    for s, c in zip(trick.seats, trick.cards, strict=True):
        hands[s] |= 1 << c  # the loop plays the open trick's cards again
    view = (decl, hand.contract, bool(hand.slam_announced), tuple(hands), dmask, adj, taken,
            *petit,
            hand.handful_total(), hf, sum(1 for x in hf if x), len(hand.tricks), trick.leader,
            tuple(trick.cards))
    hand.__dict__["_playout_view"] = (key, view)
    return view


def random_playout(hand: TarotHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, int, int, int]:
    """Play ``hand`` (anywhere in its play phase) to the end with uniformly random legal
    decisions, without changing ``hand``; returns the scores of S, W, N, E as
    :meth:`TarotHand.result` would give them.

    Every decision is uniform over the legal actions, as :meth:`TarotHand.legal_actions` lists
    them: before its first card a seat that qualifies may show one of its canonical handfuls.
    When ``trace`` is a list, every decision is appended to it as a record action, so the same
    hand can be replayed through the engine. The loop works on int bit sets only: a card is its
    bit (``low``); the rules are those of :func:`legal`, :func:`beats`, :func:`excuse_wins`,
    :func:`excuse_fate` and :func:`petit_au_bout`, the per-card ones read from the tables they
    built (:data:`_RULES`: for the card winning the trick so far, the three masks of
    :func:`obligations` — ``follow``, ``over``, ``trumps`` — and the cards that beat it,
    ``stronger``).

    It plays the four-player table only (a ``ValueError`` at three or five players: there
    :func:`engine_playout` plays through the engine).
    """
    if hand.table.size != 4:
        raise ValueError("random_playout plays the four-player table; use engine_playout")
    if hand.phase == "done":
        res = hand.result() or {}
        score = res.get("score", dict.fromkeys(C.SEATS, 0))
        return score["S"], score["W"], score["N"], score["E"]
    (decl, contract, slam, hands, dmask, adj, dt, petit_trick, petit_winner, shown, hf, hf_left,
     first_trick, leader, forced) = _playout_view(hand)
    hands = list(hands)
    rb = rng.getrandbits
    width = _WIDTH
    rules_of = _RULES
    exb = EXB
    after = NEXT_SEAT
    # The slow path's state (see _slow_pick): the open trick's cards still to replay, handfuls.
    slow_state = [list(forced[::-1]), list(hf), hf_left, shown, trace]
    ex_slam = False
    slow = True
    for t in range(first_trick, TRICKS):
        if slow:  # once the open trick is replayed and the handfuls are past, it stays fast
            slow = bool(slow_state[0] or slow_state[2]) or trace is not None
        # The lead (after a led Excuse, the next card sets the suit to follow).
        seat = leader
        h = hands[seat]
        if slow:
            low = _slow_pick(seat, h, hands, rb, slow_state)
        else:
            n = h.bit_count()
            k = rb(width[n])
            while k >= n:
                k = rb(width[n])
            while k:
                h &= h - 1
                k -= 1
            low = h & -h
            h = hands[seat]
        hands[seat] = h ^ low
        tm = low
        ex_seat = -1
        followers = 3
        if low == exb:
            ex_seat = seat
            seat = after[seat]
            low = _slow_pick(seat, hands[seat], hands, rb, slow_state)
            hands[seat] ^= low
            tm |= low
            followers = 2
        winner = seat
        rules, follow, over, trumps, stronger = rules_of[low]
        # The others, in turn: legal() with the tables, and the winner by beats().
        for _ in range(followers):
            seat = after[seat]
            h = hands[seat]
            legal = (h & follow) or (h & over) or (h & trumps) or h
            if h >= exb:
                legal |= exb
            if slow:
                low = _slow_pick(seat, legal, hands, rb, slow_state)
            else:
                n = legal.bit_count()
                if n > 1:
                    k = rb(width[n])
                    while k >= n:
                        k = rb(width[n])
                    while k:
                        legal &= legal - 1
                        k -= 1
                low = legal & -legal
            hands[seat] = h ^ low
            tm |= low
            if low & stronger:
                follow, over, trumps, stronger = rules[low]
                winner = seat
            elif low == exb:
                ex_seat = seat
        # The trick to its winner; the Excuse as excuse_wins() and excuse_fate() say.
        gain = tm
        if ex_seat >= 0:
            if excuse_wins(t, ex_seat == leader, dt if leader == decl else t - dt):
                winner = leader
                ex_slam = True
            kept, value = excuse_fate(t, int(ex_seat != decl), int(winner != decl))
            if kept:
                gain = tm ^ exb
                if ex_seat == decl:
                    dmask |= exb
                adj += value
        if winner == decl:
            dmask |= gain
            dt += 1
        if tm & PETITB:
            petit_trick, petit_winner = t, winner
        leader = winner
    pab = 0
    if petit_au_bout(petit_trick, ex_slam):
        pab = 1 if petit_winner == decl else -1
    unit = settle(contract, half_points(dmask) + adj, (dmask & OUDLERS).bit_count(), pab,
                  slow_state[3], dt, slam)[3]
    scores = [-unit, -unit, -unit, -unit]
    scores[decl] = 3 * unit
    return scores[0], scores[1], scores[2], scores[3]


def _slow_pick(seat: int, legal: int, hands: list[int], rb: Any, state: list[Any]) -> int:
    """The slow path of one decision of :func:`random_playout`: a card of the open trick
    played again, a handful that may be shown before a seat's first card, the trace. ``state``
    is ``[cards to replay (last first), handful levels per seat, seats that may still show,
    handfuls shown, trace]`` and is updated."""
    forced, hf, _, shown, trace = state
    if forced:
        again: int = 1 << forced.pop()
        return again
    n = legal.bit_count()
    if hf[seat]:
        n, state[3] = _maybe_handful(n, hands[seat], seat, hf, rb, shown, trace)
        state[2] -= 1
    k = rb(_WIDTH[n])
    while k >= n:
        k = rb(_WIDTH[n])
    while k:
        legal &= legal - 1
        k -= 1
    low = legal & -legal
    if trace is not None:
        trace.append({"seat": C.SEATS[seat], "play": C.format_tarot(C.lowest(low))})
    return low


def _maybe_handful(n: int, hand: int, seat: int, hf: list[tuple[int, ...]],
                   rb: Any, shown: int, trace: list[Action] | None) -> tuple[int, int]:
    """A seat about to play its first card (``n`` legal plays) that may show a handful: draw
    among the handfuls and the plays; a handful drawn is shown (added to ``shown``, traced) and
    the play is drawn next. Returns ``(n, shown)``."""
    levels = hf[seat]
    hf[seat] = ()
    m = n + len(levels)
    k = rb(_WIDTH[m])
    while k >= m:
        k = rb(_WIDTH[m])
    if k >= n:
        bonus = levels[k - n]
        shown += bonus
        if trace is not None:
            size = next(size for size, b in HANDFULS if b == bonus)
            show = next(x for x in canonical_handfuls(hand) if len(x) == size)
            trace.append({"seat": C.SEATS[seat], "handful": show})
    return n, shown


def playout_start(rng: random.Random) -> TarotHand:
    """A freshly dealt hand brought to its first card: a random seat bids a random contract,
    the others pass, a take or keep declarer lays away random legal cards and announces no
    slam. Deals with a petit sec are dealt again."""
    while True:
        dealer = rng.randrange(4)
        hand = TarotHand(deal(rng, dealer, {}), dealer, {"hands": 4})
        if not hand.done:
            break
    bidder = rng.randrange(4)
    contract = rng.choice(BIDS[1:])
    while hand.phase == "bid":
        seat = hand.to_act
        assert seat is not None
        hand.apply({"seat": C.SEATS[seat], "bid": contract if seat == bidder else "pass"})
    while hand.phase == "discard":
        hand.apply(rng.choice(hand.legal_actions()))
    hand.apply({"seat": C.SEATS[bidder], "slam": False})
    return hand


def engine_playout(hand: TarotHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, ...]:
    """Play ``hand`` (at any table size, in any phase) to the end through the engine with
    uniformly random legal actions (:meth:`TarotHand.legal_actions`), without changing
    ``hand``; returns each seat's score in seat order (all 0 for a hand thrown in). Every
    action is appended to ``trace`` when it is a list. Slower than :func:`random_playout`,
    which plays only the four-player table."""
    play = hand.clone()
    while not play.done:
        action = rng.choice(play.legal_actions())
        play.apply(action)
        if trace is not None:
            trace.append(action)
    res = play.result() or {}
    score = res.get("score", dict.fromkeys(play.table.letters, 0))
    return tuple(score[letter] for letter in play.table.letters)

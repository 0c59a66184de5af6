"""Tarabish's random playouts (benchmarks, tests, searches): :func:`random_playout`, a kernel
that reads the rule of play from tables built once from :func:`~.rules.legal_mask` and
:func:`~.tricks.beats`, and :func:`playout_start`, where the benchmark's playouts begin."""

from __future__ import annotations

import random

from .. import cards as C
from ..hand import Action
from ..tricks import SUIT36, power_table
from .hand import TarabishHand, deal, new_hand
from .rules import ABOVE, DEFAULTS, HAND_SIZE, LAST_TRICK, card_points, legal_mask

_BITS9 = tuple(tuple(r for r in range(9) if m >> r & 1) for m in range(512))
"""The natural ranks set in each 9-bit suit mask."""
_POP9 = tuple(len(t) for t in _BITS9)
"""How many cards each 9-bit suit mask holds."""
_POWER = tuple(power_table(trump, led, ABOVE[trump]) for trump in range(4) for led in range(4))
"""``_POWER[trump * 4 + led][card]``: the trick winner rule (:func:`~.tricks.beats`) as a
power per card (:func:`~.tricks.power_table`); the greatest power wins the trick."""


def _suit9(mask: int, suit: int) -> int:
    return (mask >> (9 * suit)) & 511


def _kernel_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], ...],
                                                                    ...]]:
    """The kernel's legality tables, built from :func:`legal_mask` (the only statement of the
    rule), suit by suit on 9-bit masks:

    * ``oblige[plain * 2 + free][i]``: what a seat following a trick must play — 0 the suit
      led, 1 trumps, 2 anything — for ``i = can_follow | has_trump << 1 | partner_winning << 2``
      (a representative hand: one card of the suit led, one trump, one other card);
    * ``over[trump * 4 + led][power]``: by the power of the winning card (:data:`_POWER`), the
      map from the 9-bit trumps a seat holds to the 9-bit trumps it may play (the overtrump).
    """
    oblige = []
    for plain in (0, 1):
        led = 1 if plain else 0  # trump is spades (0) in the representative hands
        best = led * 9 + 8
        for free in (0, 1):
            row = []
            for i in range(8):
                can_follow, has_trump, partner = i & 1, i >> 1 & 1, i >> 2 & 1
                hand = (1 << 18) | (1 << 4 if has_trump else 0) | (
                    1 << (led * 9 + 3) if plain and can_follow else 0)
                legal = legal_mask(hand, led, best, bool(free and partner), 0, ABOVE[0])
                row.append(0 if plain and legal & SUIT36[led] else 2 if legal & (1 << 18)
                           else 1)
            oblige.append(tuple(row))
    by_rank = [tuple(_suit9(legal_mask(t, 0, r, False, 0, ABOVE[0]), 0) for t in range(512))
               for r in range(9)]
    plain_best = tuple(_suit9(legal_mask(t, 1, 9, False, 0, ABOVE[0]), 0) for t in range(512))
    over = []
    for trump in range(4):
        for led in range(4):
            power = _POWER[trump * 4 + led]
            card_of = {p: c for c, p in enumerate(power) if p >= 0}
            over.append(tuple(by_rank[card_of[p] % 9] if card_of[p] // 9 == trump
                              else plain_best for p in range(max(power) + 1)))
    return tuple(oblige), tuple(over)


_OBLIGE, _OVER = _kernel_tables()
_SETTLED = tuple(all(row[1 | j << 1] == 0 for j in range(4)) for row in _OBLIGE)
"""``_SETTLED[plain * 2 + free]``: True when holding the suit led settles that a seat must
follow suit, whatever else it holds (read from :data:`_OBLIGE`)."""
_BY_TRUMPS = tuple(
    tuple(tuple(row[(0 if plain else tr and 1) | (tr and 2) | (4 if x == 2 else 0)]
                for tr in range(512)) for x in range(4))
    for plain in (0, 1) for row in _OBLIGE[plain * 2:plain * 2 + 2])
"""``_BY_TRUMPS[plain * 2 + free][winner ^ seat][trumps]``: :data:`_OBLIGE` for a seat that
is not settled to follow suit, by whether its partner is winning (``winner ^ seat == 2``) and
the 9-bit trumps it holds."""
_TABLES = tuple(tuple((_POWER[trump * 4 + led], _OVER[trump * 4 + led],
                       _SETTLED[(led != trump) * 2 + free],
                       _BY_TRUMPS[(led != trump) * 2 + free])
                      for led in range(4)) for trump in range(4) for free in (0, 1))
"""``_TABLES[trump * 2 + partner_exception][led]``: the kernel's tables for one trick (power,
overtrump, settled by following, obligation by trumps)."""
_POINTS = tuple(tuple(card_points(c, trump) for c in range(C.CARDS36)) for trump in range(4))
_AFTER = tuple(tuple(tuple((leader + j) & 3 for j in range(start, 4)) for start in range(4))
               for leader in range(4))
"""``_AFTER[leader][n]``: the seats still to play to a trick led by ``leader`` after ``n``
cards."""


def random_playout(hand: TarabishHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, int]:
    """Play ``hand`` (in its play phase, at any point) to the end with uniformly random legal
    cards, without changing ``hand``; return the card points (last trick included) of NS and
    EW for the whole hand, 162 in all.

    The card-play rules are exact (follow suit, must trump, must overtrump, the partner
    exception option): the kernel reads them from tables built once from :func:`legal_mask`
    and :func:`~.tricks.beats` (:data:`_TABLES`), so it states no rule of its own. Run and
    bella declarations are skipped (declaring is always optional, so every trace is a legal
    sequence of actions); runs already declared in ``hand`` are ignored by the returned
    figure. Each decision is uniform over the cards the seat may play.
    When ``trace`` is a list, every card played is appended to it as a record action.
    """
    if hand.phase != "play":
        if hand.phase == "done" and hand.trump is not None:
            final = hand.card_points_by_team()
            return final[0], final[1]
        raise ValueError("a random playout starts in the play phase")
    trump = hand.trump
    assert trump is not None and hand.to_act is not None
    rnd = rng.random
    bits9 = _BITS9
    pop = _POP9
    after = _AFTER
    pts = _POINTS[trump]
    tables = _TABLES[trump * 2 + bool(hand.options["partner_exception"])]
    h = [[m & 511, (m >> 9) & 511, (m >> 18) & 511, m >> 27] for m in hand.hands]
    score = hand.card_points_by_team() if hand.tricks else [0, 0]
    t = len(hand.tricks)
    trick = hand.trick
    done = len(trick.cards) if trick is not None else 0
    if done:
        assert trick is not None
        leader = trick.leader
        led = trick.cards[0] // 9
        keys, over, follow, oblige = tables[led]
        best, win, tp = -2, leader, 0
        for s, c in zip(trick.seats, trick.cards, strict=True):
            if keys[c] > best:
                best, win = keys[c], s
            tp += pts[c]
    else:
        leader = hand.to_act
    while t < HAND_SIZE:
        n = HAND_SIZE - t  # cards each seat holds before it plays to this trick
        if not done:
            # the lead: any of the leader's n cards
            hp = h[leader]
            k = int(rnd() * n)
            m = hp[0]
            led = 0
            while k >= pop[m]:
                k -= pop[m]
                led += 1
                m = hp[led]
            r = bits9[m][k]
            hp[led] ^= 1 << r
            c = led * 9 + r
            keys, over, follow, oblige = tables[led]
            best, win, tp = keys[c], leader, pts[c]
            done = 1
            if trace is not None:
                trace.append({"seat": C.SEATS[leader], "play": C.format36(c)})
        for p in after[leader][done]:
            hp = h[p]
            m = hp[led]
            if m and follow:
                s = led  # follow suit
            else:
                tr = hp[trump]
                o = oblige[win ^ p][tr]
                if o == 1:
                    s = trump  # follow or ruff, overtrumping when possible
                    m = over[best][tr]
                elif not o:
                    s = led
                else:
                    # anything: one of the seat's n cards
                    k = int(rnd() * n)
                    s = 0
                    m = hp[0]
                    while k >= pop[m]:
                        k -= pop[m]
                        s += 1
                        m = hp[s]
                    m = 1 << bits9[m][k]
            sel = bits9[m]
            r = sel[int(rnd() * len(sel))] if m & (m - 1) else sel[0]
            hp[s] ^= 1 << r
            c = s * 9 + r
            power = keys[c]
            if power > best:
                best, win = power, p
            tp += pts[c]
            if trace is not None:
                trace.append({"seat": C.SEATS[p], "play": C.format36(c)})
        t += 1
        if t == HAND_SIZE:
            tp += LAST_TRICK
        score[win & 1] += tp
        leader = win
        done = 0
    return score[0], score[1]


def playout_start(rng: random.Random) -> TarabishHand:
    """A freshly dealt hand (random dealer) whose dealer's left has called a random suit: the
    start of the play phase, where the benchmark's playouts begin."""
    dealer = rng.randrange(4)
    hand = new_hand(deal(rng, dealer, DEFAULTS), dealer, DEFAULTS)
    hand.apply({"seat": C.SEATS[C.clockwise(dealer)], "call": C.SUITS[rng.randrange(4)]})
    return hand

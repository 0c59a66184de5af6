"""No peeking: two full states that differ only in cards the deciding seat cannot see give
that seat the same knowledge and every level the same decision with the same seed."""

from __future__ import annotations

import copy
import random

from helpers import new_hand
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import records
from game.engine.ai import make_player
from game.engine.ai.player import HardPlayer

GAMES = ["turup", "arbaa-turub"]


def swap_unseen(record: dict, hand, me: int, rng: random.Random) -> dict | None:
    """A copy of ``record`` in which two other seats exchange one unplayed card each, of the
    same suit and different faces (so every past play stays legal); ``None`` if there is none."""
    pack = hand.PACK
    others = [s for s in range(4) if s != me]
    rng.shuffle(others)
    for i, x in enumerate(others):
        for y in others[i + 1:]:
            fx = set(pack.faces_in(hand.hands[x]))
            fy = set(pack.faces_in(hand.hands[y]))
            pairs = [(a, b) for a in sorted(fx - fy) for b in sorted(fy - fx)
                     if pack.suit_of_face(a) == pack.suit_of_face(b)]
            if not pairs:
                continue
            a, b = rng.choice(pairs)
            new = copy.deepcopy(record)
            lx, ly = new["deal"]["SWNE"[x]], new["deal"]["SWNE"[y]]
            ia = max(j for j, c in enumerate(lx) if pack.parse(c) == a)
            ib = max(j for j, c in enumerate(ly) if pack.parse(c) == b)
            lx[ia], ly[ib] = ly[ib], lx[ia]
            return new
    return None


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(0, 120))
def test_decisions_do_not_depend_on_unseen_cards(seed, game, steps):
    record, hand = new_hand(game, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.done:
            break
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        record["actions"].append(action)
    if hand.done:
        return
    me = hand.to_act
    twin = swap_unseen(record, hand, me, rng)
    if twin is None:
        return
    _, other = records.replay_hand(twin)
    assert other.hands != hand.hands
    k1, k2 = hand.knowledge(me), other.knowledge(me)
    assert k1 == k2
    for level in ("random", "easy", "normal"):
        assert make_player(level, seed).decide(k1) == make_player(level, seed).decide(k2)
    hard1 = HardPlayer(seed, budget_ms=4, timed=False).decide(k1)
    assert hard1 == HardPlayer(seed, budget_ms=4, timed=False).decide(k2)

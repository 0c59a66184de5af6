"""No peeking: two full states that differ only in cards the deciding seat cannot see give
that seat the same knowledge and every level the same decision with the same seed."""

from __future__ import annotations

import random

from ai_helpers import AI_LEVELS, player, random_point, swap_unseen
from depth import examples
from hypothesis import assume, given
from hypothesis import strategies as st

from game.engine import records

GAMES = ["turup", "arbaa-turub", "tarabish", "tarot"]


@examples(40)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(0, 120))
def test_decisions_do_not_depend_on_unseen_cards(seed, game, steps):
    record, hand = random_point(game, seed, steps)
    me = hand.to_act
    twin = swap_unseen(record, hand, me, random.Random(seed))
    assume(twin is not None)
    _, other = records.replay_hand(twin)
    assert other.hands != hand.hands
    k1, k2 = hand.knowledge(me), other.knowledge(me)
    assert k1 == k2
    for level in ("random", *AI_LEVELS):
        assert player(level, seed).decide(k1) == player(level, seed).decide(k2)

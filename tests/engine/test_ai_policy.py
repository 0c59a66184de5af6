"""The shared card-play policy's tables: ranked faces follow each game's trick order, points
travel with the cards, and the must-trump legality on ranked faces is the engine's."""

from __future__ import annotations

import random

import pytest
from depth import examples
from helpers import new_hand
from hypothesis import given
from hypothesis import strategies as st

from game.engine.ai.cardplay import ranked_view
from game.engine.ai.policy import ABOVE, NO_TRUMP, legal_mask, trick_state
from game.engine.ai.somali import CLOCKWISE
from game.engine.ai.tarabish import RULES
from game.engine.ai.view import read
from game.engine.tarabish import card_points, strength
from game.engine.tricks import PACK36

TARABISH_TRUMP_ORDER = ["6", "7", "8", "Q", "K", "10", "A", "9", "J"]
TARABISH_PLAIN_ORDER = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]


@pytest.mark.parametrize("trump", range(4))
def test_tarabish_ranked_faces_follow_the_trick_order_and_carry_points(trump):
    for f in range(36):
        r = RULES.ranked(f, trump)
        assert RULES.natural(r, trump) == f
        assert r // 9 == f // 9 and r % 9 == strength(f, trump)
        assert RULES.points[trump][r] == card_points(f, trump)
    order = TARABISH_TRUMP_ORDER if trump == 0 else TARABISH_PLAIN_ORDER
    assert [RULES.name(r, trump)[:-1] for r in range(9)] == order


def test_somali_faces_are_already_ranked_and_score_nothing():
    assert all(CLOCKWISE.ranked(f, t) == f for f in range(36) for t in range(4))
    assert not CLOCKWISE.scores_points and not any(CLOCKWISE.points[NO_TRUMP])
    assert ABOVE[8] == 0 and ABOVE[0] == 0x1FE


@examples(30)
@given(seed=st.integers(0, 10**6), tricks=st.integers(0, 8), played=st.integers(1, 3),
       free=st.booleans())
def test_must_trump_legality_on_ranked_faces_is_the_engines(seed, tricks, played, free):
    """Random legal actions until trick ``tricks`` (from 0) holds ``played`` cards: the next
    card is a follower's, the case the must-trump rules are about."""
    _, hand = new_hand("tarabish", seed, options={"partner_exception": free})
    rng = random.Random(seed)
    while not (hand.phase == "play" and len(hand.tricks) == tricks
               and len(hand.trick.cards) == played):
        assert not hand.done, "the dealer is forced to call: every trick is played"
        hand.apply(rng.choice(hand.legal_actions()))
    k = hand.knowledge(hand.to_act)
    view = ranked_view(RULES, read(k, PACK36))
    assert view.trick
    trump = view.trump
    led, best, winner = trick_state(view.trick, trump)
    engine = {RULES.ranked(PACK36.parse(a["play"]), trump) for a in k.legal if "play" in a}
    mask = legal_mask(view.hand, led, best, winner, k.seat, trump, free)
    assert {f for f in range(36) if mask >> f & 1} == engine

"""Every level's decisions are legal in every phase of the games it plays, with a reason; the
players are reproducible and read nothing but the seat's knowledge."""

from __future__ import annotations

import random

import pytest
from ai_helpers import AI_LEVELS, check, decide_at_random_point, player, whole_hand
from depth import examples
from helpers import new_hand
from hypothesis import given
from hypothesis import strategies as st

from game.engine import records
from game.engine.ai import LEVELS, make_player, supports
from game.engine.cards import SEATS

GAMES = ["turup", "arbaa-turub"]


@examples(12)
@given(seed=st.integers(0, 10**6), shift=st.integers(0, 3))
def test_turup_whole_hands_legal_for_every_level(seed, shift):
    whole_hand("turup", seed, shift)


@examples(3)
@given(seed=st.integers(0, 10**6), shift=st.integers(0, 3))
def test_arbaa_turub_whole_hands_legal_for_every_level(seed, shift):
    whole_hand("arbaa-turub", seed, shift)


@examples(25)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(0, 150))
def test_every_level_decides_legally_at_random_positions(seed, game, steps):
    """Random play to a random point (any phase: trump, signal, play, kort), then each level
    decides there."""
    decide_at_random_point(game, seed, steps)


def kort_positions(count: int) -> list:
    """Turup hands stopped in the kort phase (random play until a side wins the first five
    tricks), with their seeds."""
    found = []
    for seed in range(10_000):
        _, hand = new_hand("turup", seed)
        rng = random.Random(seed)
        while hand.phase in ("trump", "play"):
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.phase == "kort":
            found.append(hand)
            if len(found) == count:
                return found
    raise AssertionError(f"only {len(found)} Turup hands reached the kort phase")


@pytest.mark.parametrize("level", AI_LEVELS)
def test_turup_kort_phase_ask_estimate_kort(level):
    verbs = set()
    for hand in kort_positions(6):
        hand = hand.clone()
        while hand.phase == "kort":
            k = hand.knowledge(hand.to_act)
            decision = player(level, 1).decide(k)
            check(decision, k)
            verbs.update(v for v in decision.action if v != "seat")
            hand.apply(decision.action)
    assert "kort" in verbs
    if level != "easy":
        assert {"ask", "estimate"} <= verbs


@pytest.mark.parametrize("game", GAMES)
def test_levels_are_reproducible_and_seeded(game):
    for level in ["random", *AI_LEVELS]:
        runs = []
        for _ in range(2):
            _, hand = new_hand(game, 7)
            players = [player(level, 10 + s) for s in range(4)]
            for _ in range(40):
                if hand.done:
                    break
                hand.apply(players[hand.to_act].decide(hand.knowledge(hand.to_act)).action)
            runs.append(list(hand.history))
        assert runs[0] == runs[1], level


def test_level_registry():
    assert list(LEVELS) == ["random", "easy", "normal", "hard"]
    assert supports("hard", "turup") and supports("random", "tarot")
    assert not supports("grandmaster", "turup")


def test_hard_respects_its_budget_and_cancellation():
    import time

    record = records.new_deal("arbaa-turub", 3)
    _, hand = records.replay_hand(record)
    hand.apply(hand.legal_actions()[0])  # trump
    k = hand.knowledge(hand.to_act)
    start = time.perf_counter()
    make_player("hard", 1, budget_ms=50).decide(k)
    assert time.perf_counter() - start < 0.5
    start = time.perf_counter()
    decision = make_player("hard", 1, budget_ms=5000).decide(k, cancelled=lambda: True)
    assert time.perf_counter() - start < 0.5
    assert decision.action in k.legal


def test_reasons_name_cards_and_seats():
    _, hand = new_hand("turup", 11)
    k = hand.knowledge(hand.to_act)
    decision = make_player("normal").decide(k)
    assert decision.action["trump"] in decision.reason.upper() or "Name" in decision.reason
    assert SEATS[k.seat] == decision.action["seat"]

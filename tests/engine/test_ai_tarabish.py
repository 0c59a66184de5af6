"""Tarabish players: legal decisions in every phase (calling, runs, bella, play) for every
level, no peeking, the calling and declaring rules, bella always claimed, decision times."""

from __future__ import annotations

import copy
import statistics
import time

import pytest
from ai_helpers import AI_LEVELS, decide_at_random_point, player, whole_hand
from depth import examples
from helpers import new_hand
from hypothesis import given
from hypothesis import strategies as st

from game.engine import records
from game.engine.ai import make_player, supports
from game.engine.ai.tarabish import TarabishAI
from game.engine.cards import SEATS

OPTION_SETS = [{}, {"partner_exception": True}, {"bella_on_first": True},
               {"dealer_may_pass": True, "half_bait_is_bait": True}]


def test_levels_are_registered_for_tarabish():
    assert all(supports(level, "tarabish") for level in AI_LEVELS)


@examples(12)
@given(seed=st.integers(0, 10**6), shift=st.integers(0, 2), options=st.sampled_from(OPTION_SETS))
def test_whole_hands_legal_for_every_level(seed, shift, options):
    assert "call" in whole_hand("tarabish", seed, shift, options)


@examples(25)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45),
       options=st.sampled_from(OPTION_SETS))
def test_every_level_decides_legally_at_random_positions(seed, steps, options):
    decide_at_random_point("tarabish", seed, steps, options)


def test_reproducible_with_a_seed():
    runs = []
    for _ in range(2):
        _, hand = new_hand("tarabish", 11)
        players = [player(AI_LEVELS[s % 3], 20 + s) for s in range(4)]
        while not hand.done:
            hand.apply(players[hand.to_act].decide(hand.knowledge(hand.to_act)).action)
        runs.append(list(hand.history))
    assert runs[0] == runs[1]


def call_knowledge(cards: list[str], forced: bool):
    """The knowledge of a seat about to call with the six visible ``cards`` (the dealer when
    ``forced``)."""
    for seed in range(200):
        record, hand = new_hand("tarabish", seed, dealer=0 if forced else 3)
        if forced:
            for _ in range(3):
                hand.apply({"seat": SEATS[hand.to_act], "call": "pass"})
        me = hand.to_act
        rest = [c for s in SEATS if s != SEATS[me] for c in record["deal"][s]]
        mine = record["deal"][SEATS[me]]
        pool = [c for c in rest + mine if c not in cards]
        deal = {s: [] for s in SEATS}
        deal[SEATS[me]] = cards + pool[:3]
        others = pool[3:]
        for i, s in enumerate(x for x in SEATS if x != SEATS[me]):
            deal[s] = others[9 * i:9 * i + 9]
        new = copy.deepcopy(record)
        new["deal"] = deal
        _, hand2 = records.replay_hand(new)
        if forced:
            for _ in range(3):
                hand2.apply({"seat": SEATS[hand2.to_act], "call": "pass"})
        return hand2.knowledge(hand2.to_act)
    raise AssertionError("unreachable")


@pytest.mark.parametrize("level", AI_LEVELS)
def test_calls_a_strong_hand_and_passes_junk(level):
    strong = call_knowledge(["JH", "9H", "AH", "10H", "AS", "AC"], forced=False)
    decision = player(level, 1).decide(strong)
    assert decision.action["call"] == "H", decision
    junk = call_knowledge(["6S", "7H", "8D", "6C", "7C", "QD"], forced=False)
    assert player(level, 1).decide(junk).action["call"] == "pass"


@pytest.mark.parametrize("level", AI_LEVELS)
def test_forced_dealer_calls_its_best_suit(level):
    k = call_knowledge(["6S", "7H", "JD", "8D", "7C", "QC"], forced=True)
    assert all(a["call"] != "pass" for a in k.legal)
    decision = player(level, 1).decide(k)
    assert decision.action["call"] == "D" and "dealer" in decision.reason


def test_runs_are_declared_unless_a_better_one_was_declared():
    ai = TarabishAI()
    for seed in range(300):
        _, hand = new_hand("tarabish", seed)
        while hand.phase == "call":
            hand.apply({"seat": SEATS[hand.to_act], "call": "S" if hand.to_act == hand.dealer
                        else "pass"})
        declared_fifty = False
        while hand.phase == "play" and len(hand.tricks) < 1:
            k = hand.knowledge(hand.to_act)
            runs = next((a for a in k.legal if "runs" in a), None)
            if runs is not None:
                mine = max(len(r) for r in runs["runs"])
                why = ai.declare_runs("normal", k, runs)
                assert ai.declare_runs("easy", k, runs) is not None
                if declared_fifty and mine == 3:
                    assert why is None  # a twenty cannot beat a fifty already declared
                    return
                if not declared_fifty:
                    assert why is not None
                if mine >= 4:
                    declared_fifty = True
                hand.apply(runs)
            hand.apply(next(a for a in hand.legal_actions() if "play" in a))
    pytest.fail("no deal with a fifty declared before a twenty in the seeds tried")


@pytest.mark.parametrize("options", [{}, {"bella_on_first": True}])
def test_bella_is_always_claimed(options):
    claims = 0
    for seed in range(60):
        _, hand = new_hand("tarabish", seed, options=options)
        players = [make_player("normal" if s % 2 else "easy", seed + s) for s in range(4)]
        holders = []
        while not hand.done:
            if hand.phase == "play" and not holders:
                t = hand.trump
                holders = [s for s in range(4) if hand.hands[s] >> (t * 9 + 7) & 1
                           and hand.hands[s] >> (t * 9 + 6) & 1]
            hand.apply(players[hand.to_act].decide(hand.knowledge(hand.to_act)).action)
        assert sorted(hand.bella) == sorted(holders)
        claims += len(holders)
    assert claims > 0


def test_hard_decides_within_the_time_limits_at_the_default_budget():
    times = []
    for seed in (1,):
        _, hand = new_hand("tarabish", seed)
        players = [make_player("hard", seed + s) for s in range(4)]
        while not hand.done:
            k = hand.knowledge(hand.to_act)
            start = time.perf_counter()
            decision = players[hand.to_act].decide(k)
            times.append(time.perf_counter() - start)
            hand.apply(decision.action)
    assert statistics.median(times) <= 0.3
    assert max(times) <= 1.0


def test_hard_stops_when_cancelled():
    _, hand = new_hand("tarabish", 5)
    while hand.phase == "call":
        hand.apply(hand.legal_actions()[0])
    k = hand.knowledge(hand.to_act)
    start = time.perf_counter()
    decision = make_player("hard", 1, budget_ms=5000).decide(k, cancelled=lambda: True)
    assert time.perf_counter() - start < 0.5
    assert decision.action in k.legal

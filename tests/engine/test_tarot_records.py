"""The six worked scoring examples of the French Tarot seed (tests/records/tarot-seed-1..6)
replayed through the hand state must give exactly the result objects of EXPECTED.json; and
records with an illegal Tarot action fail with a clear message naming the action."""

from __future__ import annotations

import copy
import json

import pytest
from helpers import EXPECTED, fixture

from game.engine import cards as C
from game.engine import records
from game.engine.replay import replay_record
from game.engine.tarot import SPEC, TarotHand

SEEDS = [f"tarot-seed-{i}.json" for i in range(1, 7)]


def replay(record: dict) -> TarotHand:
    """Straight through the hand state (no records layer)."""
    hand = SPEC.new_hand(record["deal"], C.seat_index(record["dealer"]),
                         SPEC.full_options(record["options"]))
    assert isinstance(hand, TarotHand)
    for action in record["actions"]:
        assert hand.why_illegal(action) is None, (action, hand.why_illegal(action))
        assert action in hand.legal_actions()
        hand.apply(action)
    return hand


@pytest.mark.parametrize("name", SEEDS)
def test_seed_examples_give_the_expected_results(name):
    hand = replay(fixture(name))
    result = hand.result()
    assert result == EXPECTED[name]
    assert list(result) == list(EXPECTED[name])  # the key order of RECORDS.md
    assert type(result["points"]) is float and type(result["won"]) is bool
    assert hand.phase == "done" and hand.to_act is None and hand.legal_actions() == []
    assert len(hand.tricks) == 18
    assert json.loads(json.dumps(result)) == EXPECTED[name]


@pytest.mark.parametrize("name", SEEDS)
def test_seed_examples_through_the_records_layer(name):
    out = replay_record(fixture(name))
    assert out["result"] == EXPECTED[name] and out["trump"] is None and out["phase"] == "done"
    assert [len(t["cards"]) for t in out["tricks"]] == [4] * 18


def test_seed_6_handful_is_the_canonical_one_after_the_slam():
    record = fixture("tarot-seed-6.json")
    actions = record["actions"]
    hand = replay(dict(record, actions=actions[:5]))  # bids, then W's slam
    assert hand.phase == "play" and C.SEATS[hand.to_act] == "W"  # the announcer leads
    shows = [a["handful"] for a in hand.legal_actions() if "handful" in a]
    assert [len(h) for h in shows] == [10, 13, 15]  # W holds 16 trumps: every level
    assert shows[2] == actions[5]["handful"]  # the triple: the lowest 15 of W's 16 trumps
    assert shows[0] == [f"T{n}" for n in range(6, 16)]


@pytest.mark.parametrize(("name", "index", "change", "message"), [
    ("tarot-seed-1.json", 1, {"bid": "take"}, "N cannot bid Take: Take has been bid"),
    ("tarot-seed-1.json", 4, {"discard": "KC"}, "E does not hold KC"),
    ("tarot-seed-3.json", 4, {"discard": "KS"}, "N may not discard KS: a king may not be "
                                                "discarded"),
    ("tarot-seed-3.json", 4, {"discard": "T21"}, "N may not discard T21: an oudler"),
    ("tarot-seed-3.json", 4, {"discard": "T19"}, "N may discard a trump only when nothing "
                                                 "else can go"),
    ("tarot-seed-6.json", 5, {"handful": ["T6", "T7"]}, "a handful shows exactly 10, 13 or 15"),
    ("tarot-seed-6.json", 5, {"handful": ["T1", *[f"T{n}" for n in range(6, 20)]]},
     "W does not hold T1"),
    ("tarot-seed-1.json", 12, {"play": "KS"}, "N must play a trump: trumps were led (holds T6, "
                                              "T7, T16)"),
    ("tarot-seed-1.json", 16, {"play": "T6"}, "N must beat the T15 (holds T16)"),
    ("tarot-seed-1.json", 16, {"seat": "W", "play": "T17"}, "W acted out of turn: N is to act"),
    ("tarot-seed-1.json", 10, {"slam": "no"}, "a slam announcement is true or false"),
    ("tarot-seed-1.json", 20, {"play": "T2"}, "E must follow suit ♠ (holds 10S)"),
])
def test_illegal_actions_in_records_name_the_action(name, index, change, message):
    record = copy.deepcopy(fixture(name))
    action = record["actions"][index]
    for verb in ("bid", "discard", "slam", "handful", "play"):
        action.pop(verb, None)
    action.update(change)
    with pytest.raises(records.RecordError) as err:
        replay_record(record)
    assert err.value.action == index
    assert message in err.value.message

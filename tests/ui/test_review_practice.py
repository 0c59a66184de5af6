"""Practice records: "replay this deal" starts from exactly the record's deal and dealer, and
"swap seats" turns deal, dealer and seats alike so that the same game is played — the turned
record replays every fixture to the same tricks and the same result, seen from the new chair."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import RECORDS_DIR, fixture

from game.engine import records
from game.engine.cards import SEATS, TEAMS
from game.ui.practice import practice_match, seen_from, turn

FIXTURES = sorted(p.name for p in RECORDS_DIR.glob("*.json") if p.name != "EXPECTED.json")


def turned(value: Any, seat: int) -> Any:
    """``value`` (a result or a trick log) with every seat letter turned and, for an odd turn,
    the two partnerships swapped."""
    if isinstance(value, dict):
        return {turned(k, seat): turned(v, seat) for k, v in value.items()}
    if isinstance(value, list):
        return [turned(v, seat) for v in value]
    if isinstance(value, str) and len(value) == 1 and value in SEATS:
        return turn(value, seat)
    if isinstance(value, str) and value in TEAMS:
        return TEAMS[(TEAMS.index(value) + seat) & 1]
    return value


@pytest.mark.parametrize("seat", [1, 2, 3])
@pytest.mark.parametrize("name", FIXTURES)
def test_swapped_seats_play_the_same_game(name: str, seat: int) -> None:
    record = fixture(name)
    _, original = records.replay_hand(record)
    swapped = seen_from(record, seat, actions=True)
    assert swapped["deal"]["S"] == record["deal"][SEATS[seat]]
    assert swapped["dealer"] == turn(record["dealer"], seat)
    _, hand = records.replay_hand(swapped)
    assert hand.trick_log() == turned(original.trick_log(), seat)
    assert hand.result() == turned(original.result(), seat)


@pytest.mark.parametrize("name", FIXTURES)
def test_replay_this_deal_is_the_record_deal_and_dealer(name: str) -> None:
    record = fixture(name)
    match = practice_match(record, seats={"S": "human", "W": "easy", "N": "easy", "E": "easy"},
                           seed=7)
    hand = match.record()["hands"][0]
    assert hand["deal"] == record["deal"] and hand["dealer"] == record["dealer"]
    assert hand["actions"] == [] and len(match.hands) == 1
    assert match.seats["S"] == "human" and match.seed == 7
    assert match.hand.phase == records.start_hand(record)[1].phase


def test_practice_of_a_swapped_deal_gives_south_that_seats_cards() -> None:
    record = fixture("tarot-seed-1.json")
    match = practice_match(record, seat=2)
    dealt = match.record()["hands"][0]
    assert dealt["deal"]["S"] == record["deal"]["N"]
    assert dealt["deal"]["N"] == record["deal"]["S"]
    assert dealt["deal"]["talon"] == record["deal"]["talon"]
    assert dealt["dealer"] == turn(record["dealer"], 2)


@pytest.mark.parametrize("bad", [{"game": "tarot"}, [], {"format": "four-trumps/hand",
                                                          "game": "chess", "dealer": "S",
                                                          "deal": {}, "actions": []}])
def test_a_bad_record_gives_a_clear_error(bad: Any) -> None:
    with pytest.raises(records.RecordError):
        practice_match(bad)
    with pytest.raises(ValueError, match="seat must be"):
        seen_from(fixture("turup-kort-made.json"), 4)

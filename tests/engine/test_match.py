"""The match (game/engine/match.py) and the replay of a match record through it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game.engine import games, records
from game.engine.cards import SEATS, seat_index
from game.engine.match import Match, load_match
from game.engine.replay import replay_record

GAMES = games.names()


def play(match: Match, rng: random.Random, hands: int, stop_inside: bool = True) -> None:
    """Random legal actions through ``hands`` hands (fewer if the game is won), stopping in
    the middle of the last one when ``stop_inside``."""
    for n in range(hands):
        last = n == hands - 1
        steps = 0
        while not match.hand.done:
            if last and stop_inside and steps >= 7:
                return
            match.apply(rng.choice(match.hand.legal_actions()))
            steps += 1
        if match.over or last:
            return
        match.next_hand()


@pytest.mark.parametrize("game", GAMES)
def test_first_hand_is_the_deal_command_s(game: str) -> None:
    match = Match(game, 31, ai_level="random")
    assert match.hands[0] == records.new_deal(game, 31)
    assert match.seats == {"S": "human", "W": "random", "N": "random", "E": "random"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_a_saved_match_resumes_exactly(game: str, seed: int) -> None:
    match = Match(game, seed, ai_level="random")
    play(match, random.Random(seed), hands=3 + seed)
    record = match.record()
    loaded = load_match(copy.deepcopy(record))
    assert loaded.record() == record
    assert loaded.hand.history == match.hand.history
    assert [loaded.hand.knowledge(s) for s in range(4)] == \
        [match.hand.knowledge(s) for s in range(4)]
    assert loaded.tally.scores() == match.tally.scores()
    assert loaded.results == match.results and loaded.counted == match.counted
    assert Match.from_record(record).record() == record
    out = replay_record(record)
    assert out["match"] == {"scores": match.tally.scores(), "winner": match.tally.winner()}
    assert out["phase"] == match.hand.phase


def finished_match(game: str, hands: int = 2) -> dict[str, Any]:
    """A match record of ``hands`` finished hands (and no more), for the dealer checks."""
    for seed in range(50):
        match = Match(game, seed, ai_level="random")
        play(match, random.Random(seed), hands=hands, stop_inside=False)
        if len(match.hands) == hands and match.hand.done and not match.over:
            return match.record()
    raise AssertionError(f"no {game} match of {hands} hands found")


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_dealt_by_the_wrong_seat_is_refused(game: str) -> None:
    record = finished_match(game)
    expected = seat_index(record["hands"][1]["dealer"])
    wrong = SEATS[(expected + 1) & 3]
    record["hands"][1]["dealer"] = wrong
    with pytest.raises(records.RecordError) as err:
        load_match(record)
    assert err.value.message == (f"hand 2: {wrong} dealt, but after the hand before the deal "
                                 f"passes to {SEATS[expected]}")
    assert err.value.action is None


def test_the_next_dealer_needs_a_finished_hand() -> None:
    match = Match("turup", 4, ai_level="random")
    with pytest.raises(ValueError, match="not finished"):
        match.next_dealer()
    with pytest.raises(ValueError, match="not finished"):
        match.next_hand()


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_names_its_hand_and_index(game: str) -> None:
    record = finished_match(game, hands=1)
    hand = record["hands"][0]
    match = Match.empty(games.get(game), games.get(game).full_options(record["options"]),
                        record["seed"], record["seats"])
    match.deal(seat_index(hand["dealer"]), hand["deal"])
    k = len(hand["actions"]) // 2
    for action in hand["actions"][:k]:
        match.apply(action)
    seat = match.hand.to_act
    assert seat is not None
    bad = next(dict(a, seat=SEATS[(seat + 1) & 3]) for a in match.hand.legal_actions())
    hand["actions"] = [*hand["actions"][:k], bad]
    with pytest.raises(records.RecordError) as err:
        load_match(record)
    assert err.value.action == k and err.value.message.startswith("hand 1: ")

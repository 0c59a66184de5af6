"""The deal of the day's engine part (issue 27, :mod:`game.engine.daily`): the measure in each
game's unit, and the decisions where two plays of one deal part."""

from __future__ import annotations

import datetime
import itertools
import random

import pytest

from game.engine import daily, games, records


def played(game: str, seed: int, choose: int = 0, players: int = 4) -> dict:
    """A deal of ``game`` played to the end, each seat taking its ``choose``-th legal action
    (mod their number) — or at random from ``seed + choose`` with ``choose`` < 0."""
    options = {} if players == 4 else {"players": players}
    record = records.new_deal(game, seed, options=options)
    _, hand = records.replay_hand(record)
    rng = random.Random(seed + choose)
    while not hand.done:
        legal = hand.legal_actions()
        action = rng.choice(legal) if choose < 0 else legal[choose % len(legal)]
        hand.apply(action)
        record["actions"].append(dict(action))
    return record


@pytest.mark.parametrize(("game", "result", "letters", "value"), [
    ("arbaa-turub", {"tricks": {"NS": 17, "EW": 19}, "winner": "EW"}, "SWNE", 17),
    ("turup", {"tricks": {"NS": 5, "EW": 2}, "points": {"NS": 1, "EW": 0}}, "SWNE", 5),
    ("tarabish", {"score": {"NS": 155, "EW": 7}}, "SWNE", 155),
    ("tarabish", {"score": {"NS": 0, "EW": 162}}, "SWNE", 0),
    ("tarot", {"score": {"S": -86, "W": 43, "N": 43, "E": 0}}, "SWNE", -86),
    ("tarot", {"thrown_in": "all passed", "score": {}}, "SWNE", 0),
])
def test_the_measure_is_souths_side_in_the_games_unit(game, result, letters, value) -> None:
    assert daily.score(game, result, tuple(letters)) == value


@pytest.mark.parametrize(("game", "value", "word"), [
    ("arbaa-turub", 1, "trick"), ("arbaa-turub", 13, "tricks"), ("turup", -1, "trick"),
    ("tarabish", 0, "points"), ("tarot", 1, "point"), ("tarot", -86, "points")])
def test_units(game: str, value: int, word: str) -> None:
    assert daily.unit(game, value) == word


def test_a_play_against_itself_differs_nowhere() -> None:
    record = played("turup", 3)
    assert daily.differences(record, record) == []


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_two_plays_part_at_souths_first_different_decision(game: str) -> None:
    a, b = played(game, 11, 0), played(game, 11, 1)
    found = daily.differences(a, b, limit=5)
    mine = daily.decisions(a["actions"])
    theirs = daily.decisions(b["actions"])
    assert found, "different choices at every step must part somewhere"
    first = found[0]
    assert first.at == mine[first.number][0]
    assert list(first.mine) == mine[first.number][1]
    assert list(first.strong) == theirs[first.number][1]
    assert all(x.number < y.number for x, y in itertools.pairwise(found))
    assert len(found) <= 5
    same = a["actions"][:first.at] == b["actions"][:first.at]
    assert first.same_table == same
    assert all(not d.same_table for d in found[1:]) or same


def test_a_lay_away_is_one_decision_and_its_order_does_not_matter() -> None:
    actions = [{"seat": "S", "bid": "guard"}, {"seat": "S", "discard": "2C"},
               {"seat": "S", "discard": "3C"}, {"seat": "W", "play": "1C"}]
    assert [(at, len(d)) for at, d in daily.decisions(actions)] == [(0, 1), (1, 2)]
    mine = {"game": "tarot", "options": {}, "actions": actions}
    swapped = [actions[0], actions[2], actions[1], actions[3]]
    assert daily.differences(mine, {"game": "tarot", "options": {}, "actions": swapped}) == []


@pytest.mark.parametrize(("at", "expected"), [(0, None), (4, 1), (7, 1), (8, 2), (12, 3)])
def test_the_trick_of_a_card(at: int, expected: int | None) -> None:
    actions = [{"seat": "S", "call": "pass"}] * 4 + [{"seat": "S", "play": "2C"}] * 12
    assert daily.trick_of(actions, at, 4) == expected


def test_keys_name_their_game_and_size() -> None:
    for game in games.names():
        for players in daily.sizes_of(game):
            assert daily.game_of(daily.key_of(game, players)) == (game, players)
    with pytest.raises(ValueError):
        daily.game_of("whist")


def test_the_same_day_gives_the_same_deal_and_another_day_another() -> None:
    day = datetime.date(2026, 11, 26)
    assert daily.deal_of("tarot", day, 5) == daily.deal_of("tarot", day, 5)
    assert daily.deal_of("tarot", day, 5)["deal"] != daily.deal_of(
        "tarot", day + datetime.timedelta(days=1), 5)["deal"]

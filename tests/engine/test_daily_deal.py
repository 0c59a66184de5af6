"""The deal of the day's engine part (issue 27, :mod:`game.engine.daily`): the measure in each
game's unit, and the decisions where two plays of one deal part."""

from __future__ import annotations

import datetime
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


def first_choice(record: dict, seat: str = "S") -> int:
    """Where ``seat``'s first decision with more than one legal action begins."""
    _, hand = records.start_hand({**record, "actions": []})
    for i, action in enumerate(record["actions"]):
        if action["seat"] == seat and len(hand.legal_actions()) > 1:
            return i
        hand.apply(action)
    raise AssertionError("no choice")


def parted_at(record: dict, at: int, seed: int) -> dict:
    """``record`` played again the same up to action ``at``, another legal action there, then
    at random."""
    other = {**record, "actions": []}
    _, hand = records.start_hand(other)
    for action in record["actions"][:at]:
        hand.apply(action)
        other["actions"].append(dict(action))
    legal = [a for a in hand.legal_actions() if dict(a) != record["actions"][at]]
    rng = random.Random(seed)
    while not hand.done:
        action = legal[0] if legal else rng.choice(hand.legal_actions())
        legal = []
        hand.apply(action)
        other["actions"].append(dict(action))
    return other


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_a_choice_the_evidence_cannot_show_worse_is_listed_only_as_where_the_plays_part(
        game: str) -> None:
    mine = played(game, 11, -1)
    at = first_choice(mine)
    strong = parted_at(mine, at, 5)
    found = daily.differences(mine, strong, limit=5)
    assert len(found) == 1, "one row: where the cards begin to differ"
    row = found[0]
    assert (row.at, row.seat, row.worse, row.same_table) == (at, "S", False, True)
    assert row.mine == (mine["actions"][at],) and row.strong == (strong["actions"][at],)
    assert daily.parting(mine["actions"], strong["actions"]) == at


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_decisions_shown_worse_are_listed_in_order_and_marked_with_the_table(game: str) -> None:
    mine = played(game, 11, -1)
    at = first_choice(mine)
    strong = parted_at(mine, at, 5)
    later = [d for d, _ in daily.decisions(mine["actions"]) if d > at][:2]
    better = {"seat": "S", "play": "??"}
    worse = {at: strong["actions"][at], **{d: better for d in later}}
    found = daily.differences(mine, strong, worse, limit=5)
    assert [d.at for d in found] == [at, *later], "the parting decision is listed once"
    assert all(d.worse for d in found)
    assert found[0].same_table and found[0].strong == (strong["actions"][at],)
    assert not any(d.same_table for d in found[1:])
    assert all(d.strong == (better,) for d in found[1:])
    assert len(daily.differences(mine, strong, worse, limit=2)) == 2


def test_a_shown_worse_decision_before_the_plays_part_is_made_on_the_same_table() -> None:
    mine = played("turup", 11, -1)
    later = daily.decisions(mine["actions"])[1][0]
    found = daily.differences(mine, mine, {later: {"seat": "S", "play": "AS"}})
    assert [(d.at, d.worse, d.same_table) for d in found] == [(later, True, True)]


def test_another_seat_choosing_otherwise_is_where_the_plays_part() -> None:
    mine = played("tarabish", 11, -1)
    at = first_choice(mine, "W")
    strong = parted_at(mine, at, 5)
    found = daily.differences(mine, strong)
    assert found and found[0].at == at and found[0].seat == "W" and not found[0].worse
    assert daily.parting(mine["actions"], strong["actions"]) == at


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

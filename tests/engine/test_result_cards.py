"""The cards the engine names behind a finished hand's score (what the summary shows): French
Tarot's counting cards of the declarer's pile, Tarabish's runs, bella and last trick per team —
checked against the hand's own result over hands played by random players."""

from __future__ import annotations

import pytest

from game.engine import cards as C
from game.engine.ai.player import make_player
from game.engine.match import Match
from game.engine.tarot import LOW, half_points, names


def finished_hands(game: str, seed: int, hands: int):
    """``hands`` hands of ``game`` played to their end by random players."""
    match = Match(game, seed, {}, "random", south="random")
    players = [make_player("random", s) for s in range(match.table.size)]
    for _ in range(hands):
        hand = match.hand
        while not hand.done:
            match.apply(players[hand.to_act].decide(hand.knowledge(hand.to_act)).action)
        yield hand
        if match.over:
            return
        match.next_hand()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tarot_counting_cards_are_the_declarer_pile_worth_more_than_half_a_point(seed):
    seen = 0
    for hand in finished_hands("tarot", seed, 4):
        result = hand.result()
        if "thrown_in" in result:
            continue
        seen += 1
        counting = hand.counting_cards()
        pile = hand.declarer_pile()
        assert sorted(counting) == sorted(names(pile & ~LOW))
        assert all(half_points(1 << C.parse_tarot(c)) > 1 for c in counting)
        oudlers = [c for c in counting if c in ("T1", "T21", "EX")]
        assert counting[:len(oudlers)] == oudlers, "the oudlers first"
        assert len(oudlers) == result["oudlers"]
    assert seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tarabish_scoring_cards_agree_with_the_result(seed):
    for hand in finished_hands("tarabish", seed, 3):
        result = hand.result()
        if "thrown_in" in result:
            continue
        shown = hand.scoring_cards()
        callers = C.TEAMS[C.SEATS.index(result["caller"]) & 1]
        for team in C.TEAMS:
            counted = {k: result[k][team] for k in ("runs", "bella")}
            if result["bait"] != "none":
                if team == callers:
                    counted = {k: 0 for k in counted}
                elif result["bait"] == "bait":
                    counted = {k: result[k]["NS"] + result[k]["EW"] for k in counted}
            assert bool(shown[team]["runs"]) == (counted["runs"] > 0)
            assert bool(shown[team]["bella"]) == (counted["bella"] > 0)
            assert all(c[:-1] in ("K", "Q") and c[-1] == hand.trump_name()
                       for c in shown[team]["bella"])
        lasts = [shown[t]["last"] for t in C.TEAMS]
        lost = result["bait"] == "half-bait" and bool(hand._extra_cards()[callers]["last"])
        assert sorted(len(cards) for cards in lasts) == ([0, 0] if lost else [0, 4]), \
            "one team shows the last trick (none: the half-baited callers took it)"


def baited_hand(bait: str):
    """A finished Tarabish hand whose callers went ``bait`` (random players, seeds in turn),
    with its callers' and the others' teams."""
    for seed in range(1, 400):
        for hand in finished_hands("tarabish", seed, 3):
            result = hand.result()
            if result.get("bait") == bait and (bait == "half-bait" or any(
                    hand._extra_cards()[C.TEAMS[C.SEATS.index(result["caller"]) & 1]].values())):
                callers = C.TEAMS[C.SEATS.index(result["caller"]) & 1]
                return hand, callers, C.TEAMS[1 - C.TEAMS.index(callers)]
    raise AssertionError(f"no {bait} found")


@pytest.mark.parametrize("bait", ["bait", "half-bait"])
def test_a_baited_side_shows_no_cards_beside_its_zero(bait: str) -> None:
    """Issue 36: the callers' runs, bella and last trick go where their points went — to the
    others in a full bait, to nobody in a half bait — never beside the callers' 0."""
    hand, callers, others = baited_hand(bait)
    assert hand.result()["score"][callers] == 0
    own = hand._extra_cards()
    shown = hand.scoring_cards()
    assert shown[callers] == {"runs": [], "bella": [], "last": []}
    for k in ("runs", "bella", "last"):
        moved = own[callers][k] if bait == "bait" else []
        assert shown[others][k] == [*own[others][k], *moved]

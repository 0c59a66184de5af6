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
        for team in C.TEAMS:
            assert bool(shown[team]["runs"]) == (result["runs"][team] > 0)
            assert bool(shown[team]["bella"]) == (result["bella"][team] > 0)
            assert all(c[:-1] in ("K", "Q") and c[-1] == hand.trump_name()
                       for c in shown[team]["bella"])
        lasts = [shown[t]["last"] for t in C.TEAMS]
        assert sorted(len(cards) for cards in lasts) == [0, 4], "one team took the last trick"

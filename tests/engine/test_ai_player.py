"""The player interface: legal, deterministic decisions from knowledge only."""


import pytest
from helpers import new_hand

from game.engine.ai import make_player


@pytest.mark.parametrize("game", ["turup", "arbaa-turub"])
def test_random_player_plays_whole_hands_legally_and_reproducibly(game):
    for seed in range(5):
        runs = []
        for _ in range(2):
            _, hand = new_hand(game, seed)
            players = [make_player("random", seed * 4 + s) for s in range(4)]
            while not hand.done:
                decision = players[hand.to_act].decide(hand.knowledge(hand.to_act))
                assert hand.why_illegal(decision.action) is None
                assert decision.reason
                hand.apply(decision.action)
            runs.append(hand.history)
        assert runs[0] == runs[1]


def test_unknown_level():
    with pytest.raises(KeyError, match="unknown AI level 'grandmaster'"):
        make_player("grandmaster")


def test_deciding_out_of_turn_is_an_error():
    _, hand = new_hand("turup", 1)
    other = (hand.to_act + 1) % 4
    with pytest.raises(ValueError, match="nothing to decide"):
        make_player("random").decide(hand.knowledge(other))

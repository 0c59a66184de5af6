"""Whole hands of four normal players, for tests that look for positions of real play."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.engine import records
from game.engine.ai import Decision, make_player
from game.engine.hand import HandState
from game.engine.knowledge import Knowledge


def decisions(game: str, seed: int, dealer: int = 0
              ) -> Iterator[tuple[HandState, Knowledge, Decision]]:
    """Every decision of the hand dealt by ``records.new_deal(game, seed, dealer)`` when four
    normal players (seeds 0–3) play it: ``(hand, the knowledge of the seat to act, its
    decision)``, yielded before the decision is applied (the caller may look ahead with
    ``hand.push``/``pop``, or stop)."""
    _, hand = records.replay_hand(records.new_deal(game, seed, dealer=dealer))
    players = [make_player("normal", s) for s in range(4)]
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        k = hand.knowledge(seat)
        decision = players[seat].decide(k)
        yield hand, k, decision
        hand.apply(decision.action)


def first_position(game: str, seed: int, dealer: int, wanted: Callable[[Knowledge], bool]
                   ) -> tuple[HandState, Knowledge] | None:
    """The first position of that hand (see :func:`decisions`) whose knowledge is
    ``wanted``, or ``None`` when the hand ends first."""
    for hand, k, _ in decisions(game, seed, dealer):
        if wanted(k):
            return hand, k
    return None

"""Trying moves and taking them back: ``push``/``pop`` and ``snapshot``/``restore`` of every
game's hand restore a state equal in everything (attributes, tricks, history, phase, the seat
to act, the result and every seat's knowledge) to the one before."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game.engine import games, learning, records
from game.engine.hand import HandState, IllegalAction

GAMES = games.names()


def fingerprint(hand: HandState) -> dict[str, Any]:
    """Everything observable of ``hand``, copied deeply (so a later change in place shows)."""
    state = {k: v for k, v in vars(hand).items() if k != "_pushed"}
    return copy.deepcopy({
        "state": state, "phase": hand.phase, "to_act": hand.to_act, "result": hand.result(),
        "legal": hand.legal_actions(), "tricks": hand.trick_log(),
        "history": list(hand.history),
        "knowledge": [hand.knowledge(s) for s in range(4)],
    })


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    """A random choice for every option of ``game``."""
    return {name: rng.choice(opt.choices) for name, opt in games.get(game).options.items()}


def new_hand(game: str, seed: int) -> HandState:
    rng = random.Random(seed)
    record = records.new_deal(game, seed, dealer=seed % 4, options=random_options(game, rng))
    return records.start_hand(record)[1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(8))
def test_push_pop_restores_every_state(game: str, seed: int) -> None:
    hand = new_hand(game, seed)
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    branches = 0
    while not hand.done:
        seen.append(fingerprint(hand))
        legal = hand.legal_actions()
        action = rng.choice(legal)
        if len(legal) > 1 and rng.random() < 0.3:
            # a search tries another move first and takes it back
            other = rng.choice([a for a in legal if a != action])
            hand.push(other)
            assert hand.pop() == other
            assert fingerprint(hand) == seen[-1]
            branches += 1
        hand.push(action)
    end = fingerprint(hand)
    assert end["result"] is not None
    while seen:
        hand.pop()
        assert fingerprint(hand) == seen.pop()
    with pytest.raises(IndexError):
        hand.pop()
    assert branches > 0


@pytest.mark.parametrize("game", GAMES)
def test_snapshot_restores_again_and_again(game: str) -> None:
    hand = new_hand(game, 99)
    rng = random.Random(99)
    for _ in range(5):
        hand.apply(rng.choice(hand.legal_actions()))
    snap = hand.snapshot()
    before = fingerprint(hand)
    for attempt in range(3):
        r = random.Random(attempt)
        while not hand.done:
            hand.apply(r.choice(hand.legal_actions()))
        hand.restore(snap)
        assert fingerprint(hand) == before
    # the restored hand plays on exactly like one replayed from its record
    replayed = new_hand(game, 99)
    for action in hand.history:
        replayed.apply(action)
    while not hand.done:
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        replayed.apply(action)
        assert hand.knowledge(0) == replayed.knowledge(0)
    assert hand.result() == replayed.result()


def test_an_illegal_push_changes_nothing() -> None:
    hand = new_hand("tarabish", 3)
    before = fingerprint(hand)
    with pytest.raises(IllegalAction):
        hand.push({"seat": "S", "play": "AS"} if hand.to_act != 0 else {"seat": "W", "play": "AS"})
    assert fingerprint(hand) == before
    with pytest.raises(IndexError):
        hand.pop()


def test_illegal_cards_tries_the_picks_and_takes_them_back() -> None:
    for seed in range(200):
        hand = new_hand("tarot", seed)
        rng = random.Random(seed)
        while hand.phase == "bid":
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.phase == "discard":
            break
    else:
        raise AssertionError("no tarot deal reached its discard")
    seat = hand.to_act
    assert seat is not None
    before = fingerprint(hand)
    legal = [a["discard"] for a in hand.legal_actions()]
    for picked in (legal[:1], legal[:5], legal[:6]):
        learning.illegal_cards(hand, seat, picked)
        assert fingerprint(hand) == before
    with pytest.raises(IllegalAction):  # a card picked twice: the second may not be laid away
        learning.illegal_cards(hand, seat, [legal[0], legal[0]])
    assert fingerprint(hand) == before

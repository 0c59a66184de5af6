"""The review names a French Tarot handful by its level at the table it was shown at (issue 36,
item 6): ten trumps are a single handful at four but a double at five, eight a single at five
and none at four — the review's line says what the table said."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import new_hand

from game.engine import learning
from game.i18n import _
from game.ui import words
from game.ui.review_steps import said_line, steps


@pytest.mark.parametrize(("players", "size", "level"), [
    (4, 10, "Single handful"), (5, 10, "Double handful"), (3, 13, "Single handful"),
    (5, 8, "Single handful"), (4, 13, "Double handful"), (3, 15, "Double handful"),
])
def test_a_handful_is_said_by_its_level_at_the_table(players: int, size: int,
                                                      level: str) -> None:
    action = {"seat": "N", "handful": [f"T{n}" for n in range(1, size + 1)]}
    assert said_line(action, players) == _("{seat}: {said}").format(
        seat=words.seat_name("N"), said=level)


def shown_hand(players: int) -> tuple[dict[str, Any], int]:
    """A finished hand at ``players`` in which a seat showed a handful (every handful offered
    is taken; the rest at random), and the handful's size."""
    for seed in range(400):
        record, hand = new_hand("tarot", seed, options={"players": players})
        rng = random.Random(seed)
        shown = 0
        while not hand.done:
            legal = hand.legal_actions()
            handfuls = [a for a in legal if "handful" in a]
            action = handfuls[0] if handfuls else rng.choice(legal)
            shown = shown or len(action.get("handful", ()))
            hand.apply(action)
            record["actions"].append(dict(action))
        if shown:
            return record, shown
    raise AssertionError("no deal with a handful")


@pytest.mark.parametrize("players", [3, 5])
def test_the_reviews_steps_name_the_handful_by_this_tables_level(players: int) -> None:
    record, size = shown_hand(players)
    cut = steps(record, learning.review(record))
    said = [line for step in cut for _seat, line in step.said]
    named = words.handful_name(size, players)
    assert any(named in line for line in said), said
    if words.handful_name(size, 4) != named:
        assert not any(words.handful_name(size, 4) in line for line in said)

"""Clear-cut positions (tests/ai_positions/*.json) that the normal and hard players pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import records
from game.engine.ai import make_player
from game.engine.ai.player import HardPlayer

POSITIONS = sorted((Path(__file__).resolve().parents[1] / "ai_positions").glob("*.json"))


def test_there_are_positions_for_both_somali_games():
    names = {p.name.split("-")[0] for p in POSITIONS}
    assert {"turup", "arbaa"} <= names


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_position(path):
    pos = json.loads(path.read_text())
    _, hand = records.replay_hand(pos["position"])
    expected = pos.get("must") or pos.get("must_not")
    assert expected is not None and hand.why_illegal(expected) is None, "the move must be legal"
    k = hand.knowledge(hand.to_act)
    for level in pos["levels"]:
        player = (HardPlayer(1, budget_ms=100, timed=False) if level == "hard"
                  else make_player(level, 1))
        decision = player.decide(k)
        if "must" in pos:
            assert decision.action == pos["must"], (level, pos["why"], decision)
        else:
            assert decision.action != pos["must_not"], (level, pos["why"], decision)

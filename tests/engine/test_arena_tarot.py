"""The arena's French Tarot mode: A takes each seat of a deal in turn against three B players;
the margin is A's mean score over the four seatings."""

from __future__ import annotations

import json

from game.cli import main
from game.engine import arena, records


def test_tarot_seatings_put_a_at_each_seat_once():
    plays = arena.seatings("tarot", "normal", "easy")
    assert [where for where, _ in plays] == [0, 1, 2, 3]
    for seat, levels in plays:
        assert levels[seat] == "normal" and levels.count("easy") == 3
    assert [where for where, _ in arena.seatings("turup", "normal", "easy")] == [0, 1]


def test_tarot_margin_is_the_mean_of_a_seats_scores():
    margin, times = arena.play_deal("tarot", 3, 1, "normal", "easy", 50)
    expected = 0.0
    record = records.new_deal("tarot", 3 * arena.DEAL_STRIDE + 1, dealer=1)
    for seat, levels in arena.seatings("tarot", "normal", "easy"):
        seeds = [3 * 7919 + 16 + seat * 4 + s for s in range(4)]
        result = arena.play_hand(record, levels, seeds, 50, {})
        expected += arena.side_result("tarot", result, seat) / 4
    assert margin == expected
    assert set(times) == {"normal", "easy"}


def test_a_seat_score_is_its_tarot_result():
    result = {"score": {"S": 75, "W": -25, "N": -25, "E": -25}}
    assert arena.side_result("tarot", result, 0) == 75
    assert arena.side_result("tarot", result, 3) == -25
    assert arena.side_result("tarot", {"thrown_in": "all-pass"}, 2) == 0


def test_a_deterministic_level_against_itself_scores_zero():
    out = arena.run("tarot", 3, 2, "normal", "normal")
    assert out["margin_per_deal"] == 0 and out["a_win_rate"] == 0 and out["ties"] == 3


def test_command_prints_the_tarot_json(capsys):
    assert main(["arena", "--game", "tarot", "--deals", "2", "--seed", "5", "--a", "easy",
                 "--b", "random"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "tarot" and out["deals"] == 2 and out["a"] == "easy"
    assert set(out) >= {"margin_per_deal", "margin_ci95", "a_win_rate", "a_win_rate_ci95",
                        "move_ms"}
    assert set(out["move_ms"]) == {"easy", "random"}


def test_margin_by_role_splits_the_margin_by_the_seat_s_role():
    """Every seating falls in one role; the roles' means weighted by their counts give the
    margin (the all-B table's seats sum to zero); each role has its interval."""
    out = arena.run("tarot", 6, 4, "normal", "easy")
    roles = out["margin_by_role"]
    assert set(roles) == {"declarer", "defender", "all_passed"}
    assert sum(r["count"] for r in roles.values()) == 4 * 6
    total = sum(r["mean"] * r["count"] for r in roles.values() if r["count"])
    assert abs(total / 24 - out["margin_per_deal"]) < 1e-3
    for r in roles.values():
        if r["count"]:
            assert r["ci95"][0] <= r["mean"] <= r["ci95"][1]


def test_per_seating_margin_is_a_s_score_minus_the_all_b_table_s():
    margin, _, roles = arena.play_deal_roles("tarot", 3, 1, "normal", "easy", 50, True)
    record = records.new_deal("tarot", 3 * arena.DEAL_STRIDE + 1, dealer=1)
    base = arena.play_hand(record, ["easy"] * 4,
                           [arena.ALL_B_SEED + 3 * 7919 + 4 + s for s in range(4)], 50, {})
    expected = []
    for seat, levels in arena.seatings("tarot", "normal", "easy"):
        seeds = [3 * 7919 + 16 + seat * 4 + s for s in range(4)]
        result = arena.play_hand(record, levels, seeds, 50, {})
        expected.append(arena.side_result("tarot", result, seat)
                        - arena.side_result("tarot", base, seat))
    assert [m for _, m in roles] == expected
    assert abs(sum(expected) / 4 - margin) < 1e-9
    assert {r for r, _ in roles} <= set(arena.ROLES)


def test_a_deterministic_level_against_itself_scores_zero_in_every_role():
    roles = arena.run("tarot", 3, 2, "normal", "normal")["margin_by_role"]
    assert all(r["mean"] in (0, None) for r in roles.values())
    assert sum(r["count"] for r in roles.values()) == 12

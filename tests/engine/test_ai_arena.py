"""The arena: duplicate deals, the JSON object's fields, the command line."""

from __future__ import annotations

import io
import json

import pytest

from game.cli import main
from game.engine import arena

FIELDS = {"game", "deals", "a", "b", "margin_per_deal", "margin_ci95", "a_win_rate",
          "a_win_rate_ci95", "move_ms"}


def test_run_reports_every_field_and_is_reproducible():
    progress = io.StringIO()
    out = arena.run("turup", 4, 1, "easy", "random", progress=progress)
    assert set(out) >= FIELDS
    assert out["deals"] == 4 and out["a"] == "easy" and out["b"] == "random"
    low, high = out["margin_ci95"]
    assert low <= out["margin_per_deal"] <= high
    assert 0 <= out["a_win_rate_ci95"][0] <= out["a_win_rate"] <= out["a_win_rate_ci95"][1] <= 1
    assert set(out["move_ms"]) == {"easy", "random"}
    assert set(out["move_ms"]["easy"]) == {"median", "p95", "max"}
    assert "4/4 deals" in progress.getvalue()
    again = arena.run("turup", 4, 1, "easy", "random")
    assert again["margin_per_deal"] == out["margin_per_deal"]


def test_same_level_on_both_sides_has_zero_margin():
    out = arena.run("turup", 3, 2, "easy", "easy")
    assert out["margin_per_deal"] == 0 and out["a_win_rate"] == 0


def test_margin_is_a_result_on_the_same_cards():
    assert arena.side_result("turup", {"points": {"NS": 3, "EW": 0}}, 0) == 3
    assert arena.side_result("turup", {"points": {"NS": 3, "EW": 0}}, 1) == -3
    assert arena.side_result("arbaa-turub", {"tricks": {"NS": 20, "EW": 16}}, 1) == -4


def test_statistics_helpers():
    assert arena.wilson(0, 10)[0] == 0
    assert arena.percentile([1, 2, 3, 4], 0.5) == 2
    assert arena.mean_ci([1.0, 1.0, 1.0]) == (1.0, [1.0, 1.0])


def test_command_prints_json(capsys):
    assert main(["arena", "--game", "turup", "--deals", "2", "--seed", "5", "--a", "normal",
                 "--b", "easy"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "turup" and out["deals"] == 2


@pytest.mark.parametrize("args, message", [
    (["--a", "grandmaster", "--b", "easy"], "unknown AI level"),
    (["--a", "easy", "--b", "easy", "--deals", "0"], "at least 1"),
])
def test_command_errors_are_one_line(capsys, args, message):
    argv = ["arena", "--game", "turup", "--deals", "2", *args]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_worker_processes_give_the_same_figures():
    one = arena.run("turup", 3, 4, "normal", "random", jobs=1)
    two = arena.run("turup", 3, 4, "normal", "random", jobs=2)
    assert one["margin_per_deal"] == two["margin_per_deal"]


@pytest.mark.parametrize(("game", "plain"), [("turup", "a"), ("turup", "b"), ("tarot", "a")])
def test_plain_side_plays_its_layouts_out(game, plain):
    """``--plain a|b``: that side's players play their layouts out, the other side's solve
    the endings exactly (every seat of the all-B table is B)."""
    made: list[bool] = []

    def spy(level, seed, budget_ms, weigh, spread, exact, layouts):
        made.append(exact)
        return arena.make_player("easy", seed)
    arena.play_deal_roles(game, 3, 0, "hard", "hard", 5, game == "tarot", plain=plain,
                          make=spy)
    plays = arena.seatings(game, "a", "b")
    for p, (where, _) in enumerate(plays):
        for s in range(4):
            is_a = s == where if game == "tarot" else s & 1 == where
            assert made[p * 4 + s] == (is_a != (plain == "a")), (p, s)
    if game == "tarot":  # the all-B table
        assert made[len(plays) * 4:] == [plain != "b"] * 4
    else:
        assert len(made) == len(plays) * 4


def test_plain_is_reported():
    out = arena.run("turup", 1, 3, "easy", "easy", plain="b")
    assert out["plain"] == "b"

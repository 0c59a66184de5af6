"""The arena counted in layouts, cut into chunks and merged (issue 38): the same deals played
the same way wherever and however they are spread, and a merged result equal to one run's."""

from __future__ import annotations

import gzip
import json

import pytest

from game.cli import main
from game.engine import arena, arena_chunks, games, records
from game.engine.ai import make_player
from game.engine.ai.search import EXACT_LAYOUTS

RESULT = ("deals", "margin_per_deal", "margin_ci95", "a_win_rate", "a_win_rate_ci95", "ties",
          "samples", "layouts", "workers")


def same_result(one: dict, other: dict) -> None:
    for key in RESULT:
        assert one.get(key) == other.get(key), key
    assert one.get("margin_by_role") == other.get("margin_by_role")
    assert one.get("declarers") == other.get("declarers")


@pytest.mark.parametrize("game", ["turup", "tarabish", "arbaa-turub", "tarot"])
def test_a_layout_budget_samples_exactly_that_many(game):
    """Every searched decision of a hard player with a budget in layouts scores that many
    (an exact ending at most EXACT_LAYOUTS), whatever its time budget says."""
    _, hand = records.replay_hand(records.new_deal(game, 11))
    player = make_player("hard", 3, budget_ms=0.001, layouts=7)
    counts = set()
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        decision = player.decide(hand.knowledge(seat))
        if decision.samples:
            counts.add(decision.samples)
        hand.apply(decision.action)
    assert counts and counts <= {7, min(7, EXACT_LAYOUTS)}


def test_a_layout_budget_plays_the_same_at_any_time_budget():
    _, hand = records.replay_hand(records.new_deal("tarabish", 5))
    while "play" not in hand.knowledge(hand.to_act).legal[0]:
        seat = hand.to_act
        hand.apply(make_player("normal", 1).decide(hand.knowledge(seat)).action)
    k = hand.knowledge(hand.to_act)
    quick = make_player("hard", 9, budget_ms=0.001, layouts=30).decide(k)
    slow = make_player("hard", 9, budget_ms=10_000, layouts=30).decide(k)
    assert quick.action == slow.action and quick.values == slow.values


def test_default_layouts_cover_every_game_and_table():
    for game in games.names():
        if game == "tarot":
            assert all(arena.default_layouts(game, n) > 0 for n in (3, 4, 5))
        elif game in ("turup", "tarabish", "arbaa-turub"):
            assert arena.default_layouts(game) > 0


def test_chunks_merge_into_the_result_of_one_run(tmp_path):
    one = arena.run("tarot", 4, 3, "normal", "easy")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    arena.run("tarot", 3, 3, "normal", "easy", first=0, save=str(first))
    arena.run("tarot", 1, 3, "normal", "easy", first=3, jobs=2, save=str(second))
    merged = arena.merge([str(second), str(first)])
    same_result(merged, one)
    assert [c["first"] for c in merged["chunks"]] == [3, 0]
    assert [c["deals"] for c in merged["chunks"]] == [1, 3]
    assert set(merged["move_ms"]) == {"normal", "easy"}


def test_hard_chunks_at_a_layout_budget_ignore_workers_and_jobs(tmp_path):
    one = arena.run("turup", 2, 4, "hard", "normal", layouts=5)
    assert one["layouts"] == 5 and "budget_ms" not in one
    assert one["samples"]["hard"]["median"] == 5
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    arena.run("turup", 1, 4, "hard", "normal", layouts=5, save=str(a), budget_ms=1)
    arena.run("turup", 1, 4, "hard", "normal", layouts=5, first=1, workers=2, save=str(b))
    merged = arena.merge([str(a), str(b)])
    same_result({**merged, "workers": 1}, one)
    assert merged["workers"] == [1, 2]


def test_a_chunk_cut_short_keeps_its_deals_and_gzip_is_read(tmp_path):
    path = tmp_path / "c.jsonl"
    arena.run("turup", 3, 2, "easy", "random", save=str(path))
    lines = path.read_text().splitlines()
    cut = "\n".join(lines[:3]) + "\n" + lines[3][:20]  # two deals, a third half written
    path.write_text(cut)
    chunk = arena_chunks.read(str(path))
    assert [d.index for d in chunk.deals] == [0, 1] and chunk.seconds is None
    packed = tmp_path / "c.jsonl.gz"
    packed.write_bytes(gzip.compress(cut.encode()))
    merged = arena.merge([str(packed)])
    assert merged["deals"] == 2
    assert merged["chunks"][0]["planned"] == 3


@pytest.mark.parametrize("damage, message", [
    ("", "empty"),
    ("not json\n", "not an arena chunk file"),
    ('{"format": "something else"}\n', "not an arena chunk file"),
    ('{"format": "four-trumps arena chunk 1", "settings": {"game": 3}}\n', "damaged"),
])
def test_a_file_that_is_not_a_chunk_is_refused_with_its_name(tmp_path, damage, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(damage)
    with pytest.raises(ValueError, match=message) as err:
        arena.merge([str(path)])
    assert "bad.jsonl" in str(err.value)


def test_a_deal_line_that_is_damaged_is_refused_with_its_line(tmp_path):
    path = tmp_path / "c.jsonl"
    arena.run("turup", 2, 2, "easy", "random", save=str(path))
    lines = path.read_text().splitlines()
    lines[1] = json.dumps({"deal": "x"})
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match="line 2: not a deal"):
        arena.merge([str(path)])


def test_chunks_of_other_settings_or_the_same_deal_twice_do_not_add_up(tmp_path):
    a, b, c = (tmp_path / f"{n}.jsonl" for n in "abc")
    arena.run("turup", 1, 2, "easy", "random", save=str(a))
    arena.run("turup", 1, 3, "easy", "random", first=1, save=str(b))
    arena.run("turup", 1, 2, "easy", "random", save=str(c))
    with pytest.raises(ValueError, match=r"other settings .*\(seed\)"):
        arena.merge([str(a), str(b)])
    with pytest.raises(ValueError, match="deal 0 is in both"):
        arena.merge([str(a), str(c)])


def test_command_saves_and_merges(tmp_path, capsys):
    path = tmp_path / "c.jsonl"
    assert main(["arena", "--game", "turup", "--deals", "2", "--first", "5", "--a", "easy",
                 "--b", "random", "--save", str(path)]) == 0
    ran = json.loads(capsys.readouterr().out)
    assert main(["arena", "--merge", str(path)]) == 0
    merged = json.loads(capsys.readouterr().out)
    same_result(merged, ran)
    assert merged["chunks"][0]["first"] == 5


@pytest.mark.parametrize("args, message", [
    (["--game", "turup"], "--deals, --a, --b are needed"),
    (["--merge", "missing.jsonl"], "missing.jsonl: cannot be read"),
    (["--game", "turup", "--deals", "1", "--a", "easy", "--b", "easy", "--save",
      "/nonexistent/dir/c.jsonl"], "arena: /nonexistent/dir/c.jsonl"),
])
def test_command_errors_are_one_line(capsys, args, message):
    assert main(["arena", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_layouts_must_be_a_number_or_default(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["arena", "--game", "turup", "--deals", "1", "--a", "hard", "--b", "easy",
              "--layouts", "lots"])
    assert exit_.value.code == 2
    assert "not a number of layouts" in capsys.readouterr().err


def test_a_run_makes_its_players_with_the_makers_given():
    """``make``: a benchmark's players (e.g. another checkout's engine) play the run, with
    the budget in layouts among the arguments."""
    made: list[tuple] = []

    def maker(level, seed, budget_ms, weigh, spread, exact, layouts):
        made.append((level, layouts))
        return make_player("easy", seed)
    out = arena.run("turup", 1, 1, "hard", "normal", layouts=9, make=maker)
    assert sorted(set(made)) == [("hard", 9), ("normal", 9)]
    assert len(made) == 8 and "hard" not in out["samples"]


def test_declarers_compare_a_bidding_with_b_on_the_same_cards():
    """French Tarot's ``declarers``: A's seats over its seatings and the all-B table's; a
    level that plays the same whatever its seed declares alike on both sides."""
    out = arena.run("tarot", 6, 4, "normal", "normal")
    a, b = out["declarers"]["a"], out["declarers"]["b"]
    assert a == b and a["count"] > 0
    assert a["rate"] == round(a["count"] / (6 * 4), 4) and 0 <= a["made"] <= 1
    easy = arena.run("tarot", 6, 4, "easy", "normal")["declarers"]
    assert easy["b"] == b
    assert "declarers" not in arena.run("turup", 1, 1, "easy", "random")

"""Storage: atomic writes, damaged files moved aside with a calm notice, settings that fall
back field by field and migrate, statistics, and the autosave."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from helpers import play_random

from game import saved_game, storage
from game.data import files
from game.engine import records
from game.engine.replay import replay_record


@pytest.fixture
def paths(tmp_path):
    return storage.resolve_paths(tmp_path)


def test_paths_from_argument_environment_and_platform(tmp_path):
    p = storage.resolve_paths(tmp_path)
    assert p.autosave == tmp_path / "autosave.json" and p.logs == tmp_path / "logs"
    env = storage.resolve_paths(None, {storage.ENV_DATA_DIR: str(tmp_path / "x")})
    assert env.settings == tmp_path / "x" / "settings.json"
    platform = storage.resolve_paths(None, {})
    assert "FourTrumps" in str(platform.data) and "FourTrumps" in str(platform.config)


def test_atomic_write_replaces_whole_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "a" / "f.json"
    storage.atomic_write_text(target, "one")
    storage.atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["f.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    storage.atomic_write_text(target, "old")

    def boom(*a):
        raise OSError("disk full")
    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        storage.atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


DAMAGED = [b"", b"{\"version\": 1, \"spe", b"not json at all", b"\xff\xfe\xfd", b"[1, 2, 3]",
           b"null", b"[" * 50000]


@pytest.mark.parametrize("content", DAMAGED)
def test_damaged_settings_are_kept_aside_and_defaults_used(paths, content):
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_bytes(content)
    settings, notice = storage.load_settings(paths)
    assert settings == storage.Settings()
    assert notice and "damaged" in notice and "\n" not in notice
    kept = list(paths.config.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not paths.settings.exists()


@pytest.mark.parametrize("content", [*DAMAGED, b'{"games": {"chess": {}}}',
                                     b'{"games": {"turup": {"hands_won": "many"}}}'])
def test_damaged_statistics(paths, content):
    paths.data.mkdir(parents=True, exist_ok=True)
    paths.statistics.write_bytes(content)
    stats, notice = storage.load_statistics(paths)
    assert stats.games == {} and "statistics file was damaged" in notice


def _match_record(hands: int = 2) -> dict:
    out = []
    for n in range(hands):
        record = records.new_deal("turup", n, 0 if n == 0 else 3)
        _, hand = records.replay_hand(record)
        play_random(record, hand, random.Random(n))
        out.append(record)
    out[-1]["actions"] = out[-1]["actions"][:5]
    return {"format": "four-trumps/match", "version": 1, "game": "turup", "options": {},
            "seed": 1, "seats": {"S": "human", "W": "easy", "N": "easy", "E": "easy"},
            "hands": out}


def test_autosave_round_trip(paths):
    match = _match_record()
    storage.write_json(paths.autosave, match)  # as the app's writer saves it
    loaded, notice = storage.load_game(paths)
    assert loaded == match and notice is None
    paths.autosave.unlink()  # as the app's writer deletes it once the game has ended
    assert storage.load_game(paths) == (None, None)


@pytest.mark.parametrize("damage", [
    lambda text: text[: len(text) // 2],                      # truncated
    lambda text: "",                                          # empty
    lambda text: text.replace('"play"', '"pley"', 1),         # does not replay
    lambda text: json.dumps({"format": "four-trumps/hand"}),  # wrong shape
])
def test_damaged_autosave_is_kept_and_reported(paths, damage):
    storage.write_json(paths.autosave, _match_record())
    paths.autosave.write_text(damage(paths.autosave.read_text()))
    loaded, notice = storage.load_game(paths)
    assert loaded is None and "saved game file was damaged" in notice
    assert len(list(paths.data.glob("autosave.damaged-*.json"))) == 1


def test_settings_round_trip(paths):
    s = storage.Settings(speed="fast", volume=0.25, window=(1600, 900), four_colour=True)
    s.options["tarabish"] = {"partner_exception": True}
    s.learning["turup"] = False
    storage.save_settings(paths, s)
    loaded, notice = storage.load_settings(paths)
    assert loaded == s and notice is None
    assert loaded.game_options("tarabish")["partner_exception"] is True
    assert loaded.learning_for("turup") is False and loaded.learning_for("tarot") is True


def test_invalid_values_fall_back_one_by_one():
    data = {"version": 1, "speed": "warp", "volume": 0.5, "sound": "yes", "window": [640, 480],
            "fullscreen": True, "ai": {"W": "hard", "N": "genius", "X": "easy"},
            "options": {"turup": {"target": 15, "colour": 1}, "chess": {}},
            "learning": {"turup": False, "tarot": "maybe"}, "unknown": 1}
    s, fell_back = storage.settings_from_json(data)
    assert s.speed == "normal" and s.volume == 0.5 and s.sound is True
    assert s.window == (1280, 720) and s.fullscreen is True
    assert s.ai == {"W": "hard", "N": "normal", "E": "normal", "NW": "normal", "NE": "normal"}
    assert s.options == {"turup": {"target": 15}}
    assert s.learning == {"turup": False}
    assert set(fell_back) >= {"speed", "sound", "window", "ai.N", "ai.X",
                              "options.turup.colour", "options.chess", "learning.tarot"}


def test_migration_from_version_0():
    s, _ = storage.settings_from_json({"ai_level": "easy", "width": 1440, "height": 810,
                                       "learning_mode": False})
    assert s.ai == dict.fromkeys(("W", "N", "E", "NW", "NE"), "easy")
    assert s.window == (1440, 810) and s.learning_for("tarot") is False


def test_statistics_counts_and_streaks(paths):
    stats = storage.Statistics()
    for outcome in ("won", "won", "lost", "won"):
        stats.record_game("tarot", outcome)
    stats.record_hand("tarot", "won", points=75)
    stats.record_hand("tarot", "drawn")
    storage.save_statistics(paths, stats)
    loaded, notice = storage.load_statistics(paths)
    t = loaded.of("tarot")
    assert notice is None and t["games_won"] == 3 and t["games_lost"] == 1
    assert t["best_streak"] == 2 and t["streak"] == 1 and t["points"] == 75
    assert t["hands_played"] == 2 and t["hands_drawn"] == 1
    loaded.reset("tarot")
    assert loaded.games == {}


def test_count_match_counts_only_what_is_new():
    stats = storage.Statistics()
    assert stats.count_match("tarot", 7, [("won", 120)], None)
    assert not stats.count_match("tarot", 7, [("won", 120)], None)    # again: nothing new
    assert stats.count_match("tarot", 7, [("won", 120), ("lost", -60)], "won")
    assert not stats.count_match("tarot", 7, [("won", 120), ("lost", -60)], "won")
    g = stats.of("tarot")
    assert (g["hands_played"], g["hands_won"], g["hands_lost"], g["points"]) == (2, 1, 1, 60)
    assert (g["games_played"], g["games_won"], g["streak"]) == (1, 1, 1)
    assert stats.count_match("tarot", 8, [("drawn", 0)], None)          # another match
    assert stats.of("tarot")["hands_played"] == 3 and stats.counted["seed"] == 8


@pytest.mark.parametrize(("first", "first_over", "then", "abandoned"), [
    ("tarot", False, "tarot-5", {"tarot": 1}),         # four players, replaced by five
    ("tarot-5", False, "tarot-3", {"tarot-5": 1}),     # five, replaced by three
    ("tarot-3", False, "tarot", {"tarot-3": 1}),       # three, replaced by four
    ("tarot", True, "tarot-5", {}),                    # a finished game is not abandoned
    ("turup", False, "tarot-5", {}),                   # another game is kept side by side
])
def test_a_new_table_of_the_same_game_counts_the_game_it_replaces_as_abandoned(
        first, first_over, then, abandoned):
    """French Tarot keeps one game in progress whatever its table: a new game at another
    table replaces it, so the statistics count it as abandoned (once, under its table)."""
    stats = storage.Statistics()
    stats.count_match(first, 3, [("won", 30)], "won" if first_over else None)
    assert stats.count_match(then, 4, [], None)
    assert not stats.count_match(then, 4, [], None)                 # counted once
    stats.count_match(then, 4, [("lost", -30)], None)
    counts = {key: stats.of(key)["games_abandoned"] for key in (first, then)}
    assert counts == {first: abandoned.get(first, 0), then: 0}
    assert stats.of(first)["hands_played"] == 1 and stats.of(then)["hands_played"] == 1


def test_the_counted_marker_survives_a_round_trip_and_bad_markers_are_ignored(paths):
    stats = storage.Statistics()
    stats.count_match("turup", 3, [("won", 0)], None)
    storage.save_statistics(paths, stats)
    loaded, notice = storage.load_statistics(paths)
    assert notice is None and loaded.counted == stats.counted and loaded == stats
    data = json.loads(paths.statistics.read_text())
    data["counted"] = {"game": "turup", "seed": "x"}
    paths.statistics.write_text(json.dumps(data))
    loaded, notice = storage.load_statistics(paths)
    assert notice is None and loaded.counted is None and loaded.games == stats.games


def test_settings_helpers_and_new_fields(paths):
    s = storage.Settings()
    s.ai_level = "easy"
    assert s.ai == dict.fromkeys(storage.AI_SEATS, "easy") and s.ai_level == "easy"
    assert s.learning_for("turup") and s.play_checker and s.speed_factor == 1.0
    s.learning["turup"] = False
    assert not s.learning_for("turup") and s.learning_for("tarot")
    s.play_checker = False
    s.trumps_right, s.speed = True, "instant"
    storage.save_settings(paths, s)
    loaded, _ = storage.load_settings(paths)
    assert loaded == s and loaded.speed_factor == 0.0
    bad, fell_back = storage.settings_from_json({"version": 1, "trumps_right": "yes"})
    assert bad.trumps_right is False and fell_back == ["trumps_right"]


def test_interrupted_writes_are_cleaned_up_and_nothing_else(paths):
    paths.data.mkdir(parents=True, exist_ok=True)
    for name in (".autosave.json.x1.tmp", ".settings.json.x2.tmp", ".statistics.json.x3.tmp",
                 "autosave.json", "notes.tmp"):
        (paths.data / name).write_text("x")
    removed = storage.clean_temporaries(paths)
    assert len(removed) == 3
    assert sorted(p.name for p in paths.data.iterdir()) == ["autosave.json", "notes.tmp"]


def test_to_json_is_a_snapshot():
    s = storage.Settings()
    before = s.to_json()
    s.options.setdefault("turup", {})["target"] = 15
    s.ai["W"] = "hard"
    s.learning["tarot"] = False
    assert s.to_json() != before
    assert before["options"] == {} and before["ai"]["W"] == "normal" and before["learning"] == {}


# -- issue 15: files that cannot be read, the save in pieces ----------------------------------


def _special(kind: str, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_special_file_is_never_read_moved_or_replaced(paths, kind):
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    _special(kind, paths.statistics)
    found = storage.read_json(paths.statistics, "statistics")      # returns at once
    assert found.blocked and found.data is None
    assert str(paths.statistics) in found.notice and "\n" not in found.notice
    assert "left untouched" in found.notice
    blocked: set[Path] = set()
    storage.load_statistics(paths, blocked)
    assert blocked == {paths.statistics}
    with pytest.raises(PermissionError):
        storage.write_json(paths.statistics, {"games": {}})
    assert paths.statistics.is_dir() if kind == "folder" else paths.statistics.is_fifo()
    assert sorted(p.name for p in paths.data.iterdir()) == ["statistics.json"]


def test_a_file_without_permission_is_blocked(paths, monkeypatch):
    paths.statistics.write_text('{"games": {}}')

    def refuse(path):
        raise PermissionError(13, "Permission denied", str(path))
    monkeypatch.setattr(files, "read_regular_file", refuse)
    found = storage.read_json(paths.statistics, "statistics")
    assert found.blocked and "permission denied" in found.notice
    assert str(paths.statistics) in found.notice and paths.statistics.exists()


def _match(game: str, seed: int, actions: int) -> dict:
    from game.ui.session import Match

    match = Match(game, seed, ai_level="random")
    rng = random.Random(seed)
    for _ in range(actions):
        if match.hand.done:
            if match.over:
                break
            match.next_hand()
        match.apply(rng.choice(match.hand.legal_actions()))
    return match


def test_the_save_in_pieces_reads_back_as_the_match_record(paths):
    match = _match("tarabish", 4, 120)
    files = saved_game.Files(paths)
    head = saved_game.header(match.record())
    files.save(saved_game.snapshot("a" * 12, head, match.hands))
    assert len(match.hands) > 1
    found = saved_game.read(paths)
    assert found.record == match.record() and found.notice is None
    assert replay_record(found.record)["match"]["scores"] == match.tally.scores()
    assert storage.load_game(paths) == (match.record(), None)
    # the next actions are appended to the last hand's file; the others are not touched
    hands = sorted((paths.saved_game / ("a" * 12)).iterdir())
    stamps = {p: p.stat().st_mtime_ns for p in hands}
    rng = random.Random(1)
    for _ in range(3):
        if not match.hand.done:
            match.apply(rng.choice(match.hand.legal_actions()))
        files.save(saved_game.snapshot("a" * 12, head, match.hands))
    assert all(p.stat().st_mtime_ns == stamps[p] for p in hands[:-1])
    assert saved_game.read(paths).record == match.record()
    saved_game.remove(paths)
    assert storage.load_game(paths) == (None, None)


def test_a_torn_last_line_is_ignored_and_rewritten(paths):
    match = _match("turup", 2, 10)
    files = saved_game.Files(paths)
    head = saved_game.header(match.record())
    files.save(saved_game.snapshot("b" * 12, head, match.hands))
    journal = saved_game.hand_file(paths.saved_game / ("b" * 12), 0)
    with journal.open("a") as f:
        f.write('{"seat": "S", "pl')                               # a kill mid-append
    found = saved_game.read(paths)
    assert found.record == match.record() and found.disk.hands[-1] is None
    resumed = saved_game.Files(paths, found.disk)
    match.apply(random.Random(0).choice(match.hand.legal_actions()))
    resumed.save(saved_game.snapshot("b" * 12, head, match.hands))
    assert saved_game.read(paths).record == match.record()
    assert journal.read_text().endswith("}\n")


def test_pieces_that_do_not_replay_are_moved_aside(paths):
    match = _match("turup", 3, 60)
    saved_game.Files(paths).save(saved_game.snapshot("c" * 12, saved_game.header(
        match.record()), match.hands))
    first = saved_game.hand_file(paths.saved_game / ("c" * 12), 0)
    first.write_text(first.read_text().replace('"play"', '"pley"', 1))
    assert storage.load_game(paths, move_damaged=False)[0] is None
    assert paths.saved_game.exists()                         # the command leaves it alone
    record, notice = storage.load_game(paths)
    assert record is None and "damaged" in notice
    assert len(list(paths.data.glob("saved-game.damaged-*"))) == 1
    assert not paths.saved_game.exists()


def test_an_old_single_file_save_still_loads(paths):
    match = _match("tarot", 5, 30)
    storage.write_json(paths.autosave, match.record())  # a save of an earlier version
    found = saved_game.read(paths)
    assert found.record == match.record() and found.legacy and found.disk is None


def test_saving_an_action_writes_the_same_bytes_late_in_a_match(paths):
    match = _match("arbaa-turub", 9, 0)
    files = saved_game.Files(paths)
    head = saved_game.header(match.record())
    rng = random.Random(9)
    per_hand: list[int] = []
    while len(per_hand) < 3 and not match.over:
        before = files.bytes_written
        while not match.hand.done:
            match.apply(rng.choice(match.hand.legal_actions()))
            files.save(saved_game.snapshot("d" * 12, head, match.hands))
        per_hand.append(files.bytes_written - before)
        if not match.over:
            match.next_hand()
            files.save(saved_game.snapshot("d" * 12, head, match.hands))
    assert max(per_hand[1:]) < 2 * min(per_hand[1:])      # no hand rewrites the earlier ones


def test_statistics_history_is_bounded_and_kept_in_order():
    stats = storage.Statistics()
    for n in range(storage.HAND_HISTORY + 5):
        stats.record_hand("turup", "won" if n % 2 else "lost", n)
    for n in range(storage.GAME_HISTORY + 3):
        stats.record_game("turup", "drawn" if n else "won")
    h = stats.history_of("turup")
    assert len(h.hands) == storage.HAND_HISTORY and h.hands[0] == ("won", 5)
    assert h.hands[-1] == ("lost", storage.HAND_HISTORY + 4)
    assert len(h.games) == storage.GAME_HISTORY and set(h.games) == {"drawn"}
    assert stats.of("turup")["hands_played"] == storage.HAND_HISTORY + 5


def test_count_match_keeps_each_hand_once_in_the_history_across_a_resume(paths):
    stats = storage.Statistics()
    stats.count_match("tarabish", 4, [("won", 81), ("lost", 20)], None)
    storage.save_statistics(paths, stats)
    resumed, _ = storage.load_statistics(paths)           # the app started again
    hands = [("won", 81), ("lost", 20), ("drawn", 0)]
    assert resumed.count_match("tarabish", 4, hands, None)
    assert not resumed.count_match("tarabish", 4, hands, None)
    assert resumed.count_match("tarabish", 4, hands, "won")
    h = resumed.history_of("tarabish")
    assert h.hands == hands and h.games == ["won"]


def test_rates_and_average():
    stats = storage.Statistics()
    assert stats.win_rate("tarot", "hands") is None and stats.average_points("tarot") is None
    for outcome, points in (("won", 120), ("lost", -60), ("won", 30), ("drawn", 0)):
        stats.record_hand("tarot", outcome, points)
    for outcome in ("won", "lost", "lost"):
        stats.record_game("tarot", outcome)
    assert stats.win_rate("tarot", "hands") == 0.5
    assert stats.win_rate("tarot", "games") == 1 / 3
    assert stats.average_points("tarot") == 90 / 4
    stats.reset("tarot")
    assert stats.history == {} and stats.average_points("tarot") is None


def test_an_old_statistics_file_without_history_loads(paths):
    paths.statistics.parent.mkdir(parents=True, exist_ok=True)
    paths.statistics.write_text(json.dumps(
        {"version": 1, "games": {"turup": {"hands_played": 3, "hands_won": 2}}}))
    loaded, notice = storage.load_statistics(paths)
    assert notice is None and loaded.of("turup")["hands_won"] == 2 and loaded.history == {}
    assert loaded.win_rate("turup", "hands") == 2 / 3 and loaded.average_points("turup") is None


@pytest.mark.parametrize("damage", [
    "not a dict", {"turup": {"hands": [["won", "x"]], "games": []}},
    {"turup": {"hands": [["won", 1]] * (storage.HAND_HISTORY + 1), "games": []}},
    {"nogame": {"hands": [], "games": []}}, {"turup": {"hands": [], "games": ["maybe"]}}])
def test_a_damaged_history_is_dropped_alone(paths, damage):
    stats = storage.Statistics()
    stats.count_match("tarot", 1, [("won", 50)], None)
    data = stats.to_json()
    if isinstance(damage, dict):
        damage = {**damage, "tarot": data["history"]["tarot"]}
    data["history"] = damage
    paths.statistics.write_text(json.dumps(data))
    loaded, notice = storage.load_statistics(paths)
    assert notice == storage.HISTORY_DROPPED and paths.statistics.exists()
    assert loaded.games == stats.games and loaded.counted == stats.counted
    assert "turup" not in loaded.history
    kept = loaded.history.get("tarot")
    assert kept is None if damage == "not a dict" else kept == stats.history["tarot"]


@pytest.mark.parametrize(("ai", "expected"), [
    ({"W": "easy", "N": "hard", "E": "easy"},                      # before NW and NE had theirs
     {"W": "easy", "N": "hard", "E": "easy", "NW": "hard", "NE": "hard"}),
    ({"W": "easy", "N": "hard", "E": "easy", "NW": "random", "NE": "easy"},
     {"W": "easy", "N": "hard", "E": "easy", "NW": "random", "NE": "easy"}),
])
def test_the_five_player_seats_levels_are_their_own_or_north_s_in_an_older_file(ai, expected):
    s, fell_back = storage.settings_from_json({"version": 1, "ai": ai})
    assert s.ai == expected and fell_back == []
    assert storage.settings_from_json(s.to_json())[0].ai == expected

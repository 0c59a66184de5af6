"""The replay and deal commands exactly as RECORDS.md writes them: output objects, errors,
exit codes, and never a traceback."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXPECTED, RECORDS_DIR, fixture, play_random

from game import cli, lessons
from game.engine import games, records
from game.engine.replay import replay_record

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(EXPECTED)


def available(game: str) -> bool:
    return importlib.util.find_spec(f"game.engine.{games.GAME_MODULES[game]}") is not None


def run_cli(capsys, *args: str) -> tuple[int, dict]:
    status = cli.main(list(args))
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", FIXTURES)
def test_fixtures_replay_to_the_expected_result(capsys, name):
    game = fixture(name)["game"]
    if not available(game):
        pytest.fail(f"{game} is not in the engine")
    status, out = run_cli(capsys, "replay", str(RECORDS_DIR / name))
    assert status == 0
    assert out["ok"] is True and out["phase"] == "done" and out["to_act"] is None
    assert out["legal"] == []
    assert out["result"] == EXPECTED[name]
    assert list(out)[:8] == ["ok", "game", "phase", "to_act", "legal", "trump", "tricks",
                             "result"]


def test_replay_as_a_real_process_from_stdin():
    text = (RECORDS_DIR / "turup-kort-made.json").read_text()
    proc = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["result"] == EXPECTED["turup-kort-made.json"]
    assert out["tricks"][0] == {"leader": "S", "cards": ["10D", "6D", "QD", "KD"],
                                "winner": "W"}


def test_bad_record_as_a_real_process_exits_2_without_traceback():
    proc = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input="{not json",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    out = json.loads(proc.stdout)
    assert out["ok"] is False and out["error"]["action"] is None
    assert "not valid JSON" in out["error"]["message"]


def _turup() -> dict:
    return fixture("turup-kort-made.json")


def _set(path: list, value):
    def change(r: dict) -> dict:
        target = r
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return r
    return change


MALFORMED = [
    # (name, change to a valid Turup record, action index, words in the message)
    ("not an object", lambda r: [1, 2], None, "must be a JSON object"),
    ("unknown game", _set(["game"], "whist"), None, "unknown game 'whist'"),
    ("wrong format", _set(["format"], "pgn"), None, "\"format\" must be"),
    ("wrong version", _set(["version"], 2), None, "unsupported version 2"),
    ("unknown key", _set(["actons"], []), None, "unknown key(s): actons"),
    ("no deal", lambda r: {k: v for k, v in r.items() if k != "deal"}, None, "no \"deal\""),
    ("bad dealer", _set(["dealer"], "X"), None, "'X' is not a seat"),
    ("unknown card", _set(["deal", "S", 0], "1S"), None, "'1S' is not a card"),
    ("duplicated card", _set(["deal", "S", 0], "KD"), None, "dealt too often: KD"),
    ("missing card", lambda r: _set(["deal", "S"], r["deal"]["S"][:8])(r), None,
     "S was dealt 8 cards"),
    ("unknown option", _set(["options"], {"target": 10, "speed": 2}), None,
     "unknown option(s) for turup: speed"),
    ("bad option value", _set(["options"], {"target": 7}), None, "option target cannot be 7"),
    ("actions not a list", _set(["actions"], {}), None, "\"actions\" must be a list"),
    ("out of turn", _set(["actions", 1], {"seat": "N", "play": "QD"}), 1,
     "N acted out of turn: S is to act"),
    ("card not held", _set(["actions", 1], {"seat": "S", "play": "KD"}), 1,
     "S does not hold KD"),
    ("illegal play", _set(["actions", 2], {"seat": "E", "play": "9H"}), 2,
     "E must follow suit ♦ (holds 6D)"),
    ("no verb", _set(["actions", 0], {"seat": "S"}), 0, "no verb known to turup"),
    ("two verbs", _set(["actions", 0], {"seat": "S", "trump": "H", "play": "8S"}), 0,
     "more than one verb"),
    ("bad suit", _set(["actions", 0], {"seat": "S", "trump": "X"}), 0, "'X' is not a suit"),
    ("action not an object", _set(["actions", 0], "S H"), 0, "must be a JSON object"),
    ("action after the end", lambda r: {**r, "actions": [*r["actions"],
                                                          {"seat": "S", "play": "AS"}]},
     40, "the hand is over"),
    ("kort too early", _set(["actions", 1], {"seat": "S", "kort": True}), 1,
     "only after one side has won each of the first five tricks"),
]


@pytest.mark.parametrize(("name", "change", "index", "words"), MALFORMED,
                         ids=[m[0] for m in MALFORMED])
def test_malformed_records(capsys, tmp_path, name, change, index, words):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(change(_turup())))
    status, out = run_cli(capsys, "replay", str(path))
    assert status == 2
    assert out == {"ok": False, "error": {"action": index, "message": out["error"]["message"]}}
    assert words in out["error"]["message"]


@pytest.mark.parametrize(("content", "words"), [
    (b"", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"[" * 100000, "not valid JSON"),
    (b'{"format": "four-trumps/hand", "game": "turup"', "not valid JSON"),
    (b"null", "must be a JSON object"),
])
def test_unreadable_records(capsys, tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    status, out = run_cli(capsys, "replay", str(path))
    assert status == 2 and out["ok"] is False and words in out["error"]["message"]


def test_missing_file(capsys, tmp_path):
    status, out = run_cli(capsys, "replay", str(tmp_path / "nope.json"))
    assert status == 2 and "cannot read" in out["error"]["message"]


# -- the deal command ------------------------------------------------------------------------

@pytest.mark.parametrize("game", games.names())
def test_deal_is_deterministic_and_valid(capsys, game):
    if not available(game):
        pytest.fail(f"{game} is not in the engine")
    status, a = run_cli(capsys, "deal", game, "--seed", "7")
    assert status == 0
    _, b = run_cli(capsys, "deal", game, "--seed", "7")
    _, c = run_cli(capsys, "deal", game, "--seed", "8")
    assert a == b and a["deal"] != c["deal"]
    assert a["format"] == "four-trumps/hand" and a["version"] == 1 and a["game"] == game
    assert a["options"] == {} and a["actions"] == []
    out = replay_record(a)
    assert out["ok"] and out["legal"] and out["phase"] != "done"
    _, d = run_cli(capsys, "deal", game, "--seed", "7", "--dealer", "E")
    assert d["dealer"] == "E"


def test_deal_then_replay_action_by_action(capsys):
    """The issue's check: deal arbaa-turub --seed 7, then replay, continuing with the legal
    lists it prints, to the end of the hand."""
    _, record = run_cli(capsys, "deal", "arbaa-turub", "--seed", "7")
    rng = random.Random(7)
    steps = 0
    while True:
        out = replay_record(record)
        if out["phase"] == "done":
            break
        record["actions"].append(rng.choice(out["legal"]))
        steps += 1
        if steps > 40:  # replaying from scratch each time is slow: finish in-process
            _, hand = records.replay_hand(record)
            play_random(record, hand, rng)
    out = replay_record(record)
    assert out["result"]["tricks"]["NS"] + out["result"]["tricks"]["EW"] == 36


def test_deal_rejects_bad_arguments(capsys):
    assert cli.main(["deal", "turup", "--seed", "1", "--dealer", "Q"]) == 2
    assert "not a seat" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        cli.main(["deal", "whist", "--seed", "1"])
    assert exc.value.code == 2


# -- match records ---------------------------------------------------------------------------

def _match(game: str, options: dict, hands: int, seed: int = 3) -> dict:
    spec = games.get(game)
    tally = spec.tally(spec.full_options(options))
    dealer = 0
    out = []
    for n in range(hands):
        record = records.new_deal(game, seed * 1000 + n, dealer, options)
        _, hand = records.replay_hand(record)
        play_random(record, hand, random.Random(n))
        out.append(record)
        tally.add(dealer, hand.result())
        if tally.winner():
            break
        dealer = tally.next_dealer(dealer, hand.result())
    return {"format": "four-trumps/match", "version": 1, "game": game, "options": options,
            "seed": seed, "seats": {"S": "human", "W": "hard", "N": "hard", "E": "hard"},
            "hands": out}


def test_match_record_replays_with_running_scores(capsys, tmp_path):
    match = _match("turup", {"target": 5}, 3)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match))
    status, out = run_cli(capsys, "replay", str(path))
    assert status == 0 and out["phase"] == "done"
    assert sum(out["match"]["scores"].values()) >= 3 and out["match"]["winner"] is None


def test_match_record_with_an_unfinished_last_hand(capsys, tmp_path):
    match = _match("turup", {"target": 15}, 2)
    match["hands"][-1]["actions"] = match["hands"][-1]["actions"][:7]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match))
    status, out = run_cli(capsys, "replay", str(path))
    assert status == 0 and out["phase"] == "play" and out["legal"]
    assert out["match"]["winner"] is None


@pytest.mark.parametrize(("change", "words"), [
    (lambda m: m["hands"][1].__setitem__("dealer", "N"), "hand 2: N dealt, but"),
    (lambda m: m["hands"][0].__setitem__("actions", m["hands"][0]["actions"][:5]),
     "hand 1: the hand is unfinished, yet another hand follows"),
    (lambda m: m.__setitem__("seed", "x"), "whole-number \"seed\""),
    (lambda m: m.__setitem__("seats", {"S": "human"}), "\"seats\" must name"),
    (lambda m: m.__setitem__("hands", []), "non-empty list of \"hands\""),
    (lambda m: m["hands"][1].__setitem__("game", "tarot"), "hand 2: a 'tarot' hand"),
    (lambda m: m["hands"][1].__setitem__("options", {"target": 15}),
     "hand 2: the hand's options differ"),
])
def test_bad_match_records(capsys, tmp_path, change, words):
    match = _match("turup", {"target": 5}, 3)
    change(match)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match))
    status, out = run_cli(capsys, "replay", str(path))
    assert status == 2 and words in out["error"]["message"], out


def test_hands_after_the_game_is_won_are_refused(capsys, tmp_path):
    match = _match("turup", {"target": 5}, 40)
    assert replay_record(match)["match"]["winner"] in ("NS", "EW")
    extra = records.new_deal("turup", 99, 0, {"target": 5})
    match["hands"].append(extra)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match))
    status, out = run_cli(capsys, "replay", str(path))
    assert status == 2 and "already won" in out["error"]["message"]


def test_subcommand_flags_are_not_taken_as_top_level_abbreviations():
    """--a / --b of arena must not be read as abbreviations of the window's --ai / --autoplay."""
    args = cli.build_parser().parse_args(
        ["arena", "--game", "turup", "--deals", "2", "--seed", "1", "--a", "easy",
         "--b", "random"])
    assert args.command == "arena" and args.a == "easy" and args.b == "random"


def test_arena_plays_french_tarot_for_three_and_five(capsys):
    """``arena --players 3|5``: the table's JSON, saying ``players``."""
    for players in (3, 5):
        status, out = run_cli(capsys, "arena", "--game", "tarot", "--players", str(players),
                              "--deals", "1", "--a", "easy", "--b", "random")
        assert status == 0 and out["players"] == players and out["deals"] == 1


@pytest.mark.parametrize("lesson_id", lessons.LESSONS)
def test_every_guided_hand_replays_through_the_command(capsys, lesson_id):
    status, out = run_cli(capsys, "replay", str(lessons.script.FOLDER / f"{lesson_id}.json"))
    assert status == 0 and out["ok"] is True and out["phase"] == "done"
    assert [t["winner"] for t in out["tricks"]] == list(lessons.load(lesson_id).winners)

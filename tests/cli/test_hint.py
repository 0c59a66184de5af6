"""``python -m game hint``: the seat to act, its legal actions as replay prints them, its
illegal cards with the engine's reasons, the strong AI's hint; bad records exactly as replay."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import EXPECTED, fixture, new_hand, random_positions
from test_replay import MALFORMED, _match, _turup

from game import cli
from game.engine import learning, records
from game.engine.ai import advisor, make_player
from game.engine.replay import replay_record

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, tmp_path, record, command: str = "hint") -> tuple[int, dict]:
    path = tmp_path / "record.json"
    path.write_bytes(record if isinstance(record, bytes) else json.dumps(record).encode())
    status = cli.main([command, str(path)])
    return status, json.loads(capsys.readouterr().out)


def cuts(record: dict) -> list[int]:
    """Where to cut ``record``'s actions: the first action of each phase, the middle of the
    play and the very start (a position of every phase the hand went through)."""
    _, hand = records.start_hand(record)
    points, phase = [0], hand.phase
    for i, action in enumerate(record["actions"]):
        if hand.phase != phase:
            points.append(i)
            phase = hand.phase
        hand.apply(action)
    points.append(len(record["actions"]) // 2)
    return sorted(set(points))


@pytest.fixture
def untimed(monkeypatch):
    """The command's advice without its time cap: the same as the learning core's, however
    loaded the machine running the tests."""
    monkeypatch.setattr(advisor, "ADVICE_TIME_CAP", None)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hint_on_positions_of_every_phase_of_the_fixtures(capsys, tmp_path, name, untimed):
    record = fixture(name)
    for cut in cuts(record):
        position = {**record, "actions": record["actions"][:cut]}
        status, out = run(capsys, tmp_path, position)
        replay = replay_record(position)
        assert status == 0, out
        assert list(out)[:8] == ["ok", "game", "phase", "seat", "legal", "illegal", "hint",
                                 "result"]
        assert out["ok"] is True and out["phase"] == replay["phase"]
        assert out["seat"] == replay["to_act"] is not None
        assert out["legal"] == replay["legal"]
        _, hand = records.replay_hand(position)
        assert out["illegal"] == learning.illegal_cards(hand, hand.to_act)
        assert all(out["illegal"].values())
        decision = learning.hint(hand.knowledge(hand.to_act))
        proof = decision.evidence
        assert out["hint"] == {"action": decision.action, "reason": decision.reason,
                               "alternatives": list(decision.alternatives),
                               "evidence": None if proof is None else proof.as_json()}
        assert out["hint"]["action"] in out["legal"]
        assert all(a in out["legal"] for a in out["hint"]["alternatives"])


def sign_p(better: int, worse: int) -> float:
    n = better + worse
    return sum(math.comb(n, k) for k in range(better, n + 1)) / 2 ** n


@pytest.mark.parametrize("seed", [1, 2])
def test_hint_evidence_passes_a_sign_test_and_seeds_change_only_the_layouts(
        capsys, tmp_path, seed, untimed):
    """With ``--seed``: the same fields; a hint that is not the obvious action carries its
    evidence, which passes a one-sided sign test at 5%."""
    for record in random_positions("arbaa-turub", 3, seed) + random_positions("tarot", 3, seed):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record))
        status = cli.main(["hint", str(path), "--seed", str(seed)])
        out = json.loads(capsys.readouterr().out)
        assert status == 0 and out["hint"]["action"] in out["legal"]
        assert set(out["hint"]) == {"action", "reason", "alternatives", "evidence"}
        proof = out["hint"]["evidence"]
        if proof is not None:
            assert set(proof) == {"compared_with", "layouts", "better", "worse"}
            assert proof["compared_with"] in out["legal"]
            assert proof["compared_with"] != out["hint"]["action"]
            assert proof["better"] + proof["worse"] <= proof["layouts"]
            assert sign_p(proof["better"], proof["worse"]) <= 0.05


def test_a_finished_hand_has_no_seat_and_exits_0(capsys, tmp_path):
    status, out = run(capsys, tmp_path, fixture("tarabish-bait.json"))
    assert status == 0
    assert out == {"ok": True, "game": "tarabish", "phase": "done", "seat": None, "legal": [],
                   "illegal": {}, "hint": None, "result": EXPECTED["tarabish-bait.json"]}


def test_a_match_record_means_its_last_hand(capsys, tmp_path):
    match = _match("turup", {"target": 15}, 2)
    match["hands"][-1]["actions"] = match["hands"][-1]["actions"][:7]
    status, out = run(capsys, tmp_path, match)
    last = {**match["hands"][-1], "game": "turup"}
    _, hand = records.replay_hand(last, options={"target": 15})
    assert status == 0 and out["seat"] == "SWNE"[hand.to_act]
    assert out["legal"] == replay_record(match)["legal"] == hand.legal_actions()
    assert out["illegal"] == learning.illegal_cards(hand, hand.to_act)


@pytest.mark.parametrize(("name", "change", "index", "words"), MALFORMED,
                         ids=[m[0] for m in MALFORMED])
def test_bad_records_exactly_as_replay(capsys, tmp_path, name, change, index, words):
    bad = change(_turup())
    status, out = run(capsys, tmp_path, bad)
    replay_status, replay = run(capsys, tmp_path, bad, "replay")
    assert status == replay_status == 2
    assert out == replay and out["error"]["action"] == index and words in out["error"]["message"]


@pytest.mark.parametrize("content", [b"", b"{not json", b"null", b"\xff\xfe"])
def test_unreadable_records_exactly_as_replay(capsys, tmp_path, content):
    status, out = run(capsys, tmp_path, content)
    assert (status, out) == run(capsys, tmp_path, content, "replay")
    assert status == 2 and out["ok"] is False


def test_missing_file(capsys, tmp_path):
    assert cli.main(["hint", str(tmp_path / "nope.json")]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and "cannot read" in out["error"]["message"]


def test_hint_as_a_real_process_on_the_biggest_position():
    """Arba'a Turub just after trump is named: 36 cards each, the most unseen cards. The
    figure is reported by the lead's timing run; here only a generous bound (a loaded CI
    machine), and never a traceback."""
    record, hand = new_hand("arbaa-turub", 7)
    action = hand.legal_actions()[0]
    record["actions"].append(action)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "game", "hint", "-"],
                          input=json.dumps(record), capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["phase"] == "play" and out["hint"]["action"] in out["legal"]
    assert len(out["illegal"]) == 0  # the leader may lead anything
    assert elapsed < 30


# -- the words a player reads -------------------------------------------------------------------

CARD_CODE = re.compile(r"\b(?:(?:10|[1-9JCQKA])[SHDC]|T(?:2[01]|1[0-9]|[1-9])|EX)\b")
"""A card in notation as a whole word: QS, 10H, 6C, KD, CD (a Tarot cavalier), T7, EX."""


def reasons(report: dict) -> list[str]:
    """Every text of a hint report a player reads: the reasons for the illegal cards and the
    hint's reason."""
    out = list(report["illegal"].values())
    if report["hint"] is not None:
        out.append(report["hint"]["reason"])
    return out


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_the_hint_reasons_over_random_positions_name_no_card_code(game):
    """The issue's check: the hint command's reasons over random positions of every game
    contain no card codes (cards are written as the table draws them)."""
    seen = 0
    for record in random_positions(game, 12, seed=16):
        report = learning.hint_report(record)
        for text in reasons(report):
            assert not CARD_CODE.search(text), (text, record["actions"][-3:])
            seen += 1
    assert seen > 12


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_every_level_and_every_illegal_card_speaks_without_card_codes(game):
    """The same over more positions for every AI level's reasons (fast) and every reason for a
    card the seat to act may not play."""
    for record in random_positions(game, 60, seed=61):
        hand = learning.current_hand(record)
        seat = hand.to_act
        k = hand.knowledge(seat)
        texts = list(learning.illegal_cards(hand, seat).values())
        texts += [make_player(level, 1).decide(k).reason for level in ("easy", "normal")]
        for text in texts:
            assert not CARD_CODE.search(text), (text, record["actions"][-3:])


def test_the_command_prints_the_reasons_in_the_tables_words(capsys, tmp_path):
    record = random_positions("tarot", 1, seed=5)[0]
    status, out = run(capsys, tmp_path, record)
    assert status == 0 and out["hint"]["reason"]
    assert not any(CARD_CODE.search(text) for text in reasons(out))

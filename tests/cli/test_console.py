"""The commands print one valid JSON object whatever the console's encoding and whatever the
input: real processes under a cp1252 console (what a redirected ``python.exe`` gets on Windows)
and a UTF-8 one, and mutated records fed through the command's entry point."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from depth import examples
from helpers import EXPECTED, fixture
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

from game import cli
from game.engine import records

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], encoding: str, stdin: bytes | None = None) -> tuple[int, Any, str]:
    """Run ``python -m game ARGS`` with its stdout and stderr in ``encoding``; returns the exit
    status, the one JSON object it printed and what it wrote on stderr."""
    env = dict(os.environ, PYTHONIOENCODING=encoding, PYTHONUTF8="0")
    done = subprocess.run([sys.executable, "-m", "game", *args], input=stdin, cwd=ROOT,
                          env=env, capture_output=True, timeout=120)
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout[:500]
    return done.returncode, json.loads(lines[0].decode(encoding)), done.stderr.decode(encoding)


def position_with_suit_reasons() -> dict[str, Any]:
    """A Turup hand record just after the first card is led: the next seat's illegal cards are
    explained with the suit's symbol ("You must follow suit ♠ …")."""
    for seed in range(200):
        record = records.new_deal("turup", seed)
        _, hand = records.replay_hand(record)
        while hand.phase != "play" or hand.trick is None or not hand.trick.cards:  # type: ignore[attr-defined]
            action = hand.legal_actions()[0]
            hand.apply(action)
            record["actions"].append(action)
        if len(hand.legal_actions()) < len(hand.knowledge(hand.to_act).hand):  # type: ignore[arg-type]
            return record
    raise AssertionError("no Turup deal where the second seat must follow suit")


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8"])
def test_hint_prints_suit_symbols_on_any_console(tmp_path, encoding):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position_with_suit_reasons()))
    status, out, err = run(["hint", str(path)], encoding)
    assert status == 0 and err == ""
    assert out["ok"] is True and any("♠♥♦♣"[i] in reason for reason in out["illegal"].values()
                                     for i in range(4))


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8"])
def test_a_replay_error_naming_a_suit_on_any_console(tmp_path, encoding):
    record = position_with_suit_reasons()
    _, hand = records.replay_hand(record)
    seat = hand.to_act
    legal = {a["play"] for a in hand.legal_actions() if "play" in a}
    wrong = next(c for c in hand.knowledge(seat).hand if c not in legal)  # type: ignore[arg-type]
    record["actions"].append({"seat": "SWNE"[seat], "play": wrong})  # type: ignore[index]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record))
    status, out, err = run(["replay", str(path)], encoding)
    assert status == 2 and err == ""
    assert out["ok"] is False and "must follow suit" in out["error"]["message"]
    assert any(symbol in out["error"]["message"] for symbol in "♠♥♦♣")


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8"])
@pytest.mark.parametrize(("content", "words"), [
    (b'{"\\ud800": 0}', "unknown key"),
    (b'{"format": "four-trumps/hand", "version": ' + b"9" * 5000 + b"}", "number too long"),
    (b"[" * 100_000, "nested too deeply"),
    (bytes(range(256)) * 4, "not UTF-8"),
    (b'{"format": "four-trumps/hand", "game": "\\udcff"}', ""),
])
def test_odd_input_gives_a_clear_error_object(content, words, encoding):
    for command in ("replay", "hint"):
        status, out, err = run([command, "-"], encoding, stdin=content)
        assert status == 2 and err == ""
        assert out["ok"] is False and words in out["error"]["message"]
        assert not out["error"]["message"].startswith("internal error")


# -- mutated records through the entry point ----------------------------------------------------

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=6), st.sampled_from(["\ud800", "\udfff", "10♥", "T0", "EX", "S", "pass"]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                         max_size=2))


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) to a value inside ``node``."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*prefix, i)))
    return out


@st.composite
def mutated_records(draw: st.DrawFn) -> bytes:
    """A fixture record with one to three mutations: a value replaced by an odd one, a key
    or list item removed, actions swapped, or the text cut short or given junk bytes."""
    record = copy.deepcopy(fixture(draw(st.sampled_from(sorted(EXPECTED)))))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(record)[1:]
        path = draw(st.sampled_from(paths))
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        kind = draw(st.sampled_from(["replace", "remove", "swap"]))
        if kind == "replace":
            parent[path[-1]] = draw(ODD_VALUES)
        elif kind == "remove":
            del parent[path[-1]]
        elif isinstance(parent, list) and len(parent) > 1:
            j = draw(st.integers(0, len(parent) - 1))
            parent[path[-1]], parent[j] = parent[j], parent[path[-1]]
    text = json.dumps(record).encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.binary(max_size=8))
    return text


@examples(300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=mutated_records(), command=st.sampled_from(["replay", "hint"]))
def test_mutated_records_give_one_json_object_and_never_an_internal_error(
        tmp_path_factory, capsysbinary, text, command):
    path = tmp_path_factory.mktemp("rec") / "record.json"
    path.write_bytes(text)
    status = cli.main([command, str(path)])
    out, err = capsysbinary.readouterr()
    lines = out.splitlines()
    assert err == b"" and len(lines) == 1
    obj = json.loads(lines[0].decode("utf-8"))
    assert isinstance(obj, dict) and status in (0, 2)
    event(f"exit {status}")
    if status == 2:
        message = obj["error"]["message"]
        assert obj["ok"] is False and isinstance(message, str) and message
        assert not message.startswith("internal error"), message
    else:
        assert obj["ok"] is True


def test_random_junk_bytes_never_break_the_command(tmp_path, capsysbinary):
    rng = random.Random(7)
    for _ in range(50):
        path = tmp_path / "junk.bin"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))))
        assert cli.main(["replay", str(path)]) == 2
        out, err = capsysbinary.readouterr()
        assert err == b"" and json.loads(out)["ok"] is False


@pytest.mark.parametrize("command", [[], ["replay"], ["hint"], ["deal"], ["daily"], ["arena"],
                                     ["saved-game"], ["bench"]])
def test_every_help_prints_on_a_console_that_shows_only_ascii(command: list[str]) -> None:
    """``--help`` of every command on an ASCII console: the help, its "—" escaped, never a
    traceback."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "game", *command, "--help"], cwd=root,
                          env=env, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")
    assert b"usage: python -m game" in done.stdout and b"Traceback" not in done.stderr

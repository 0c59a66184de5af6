"""Shared test helpers: fixtures on disk, dealing, and playing hands at random through the
engine's public interface."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from game.engine import games, records
from game.engine.cards import SEATS
from game.engine.hand import HandState

RECORDS_DIR = Path(__file__).resolve().parent / "records"
EXPECTED: dict[str, Any] = json.loads((RECORDS_DIR / "EXPECTED.json").read_text())


def fixture(name: str) -> dict[str, Any]:
    """A record from tests/records by file name."""
    data: dict[str, Any] = json.loads((RECORDS_DIR / name).read_text())
    return data


def new_hand(game: str, seed: int, dealer: int | None = None,
             options: dict[str, Any] | None = None) -> tuple[dict[str, Any], HandState]:
    """A fresh record for ``seed`` and its hand at the first decision."""
    record = records.new_deal(game, seed, dealer, options)
    _, hand = records.replay_hand(record)
    return record, hand


def play_random(record: dict[str, Any], hand: HandState, rng: random.Random,
                max_actions: int = 10_000) -> None:
    """Apply uniformly random legal actions until the hand is done, appending them to
    ``record["actions"]``; checks on the way that a legal action always exists and that every
    listed action is accepted."""
    for _ in range(max_actions):
        if hand.done:
            return
        legal = hand.legal_actions()
        assert legal, f"no legal action in phase {hand.phase}"
        action = rng.choice(legal)
        assert hand.why_illegal(action) is None, (action, hand.why_illegal(action))
        hand.apply(action)
        record["actions"].append(action)
    raise AssertionError("the hand did not end")


def random_positions(game: str, count: int, seed: int,
                     options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """``count`` records of ``game`` (with ``options``, e.g. French Tarot's ``players``) cut at
    random points of hands played at random, each a position with a seat to act (deals
    ``seed * 1000 + 1``, ``+ 2``, …)."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    deal = 0
    while len(out) < count:
        deal += 1
        record, hand = new_hand(game, seed * 1000 + deal, options=options)
        for _ in range(rng.randrange(0, 200)):
            if hand.done:
                break
            action = rng.choice(hand.legal_actions())
            hand.apply(action)
            record["actions"].append(action)
        if not hand.done:
            out.append(record)
    return out


def seat(letter: str) -> int:
    """Seat index of a letter."""
    return SEATS.index(letter)


def spec(game: str) -> games.GameSpec:
    """The game's spec."""
    return games.get(game)


def killed_after(script: str, folder: Path, after: int) -> int:
    """Run ``script`` (Python source, given ``folder`` as its argument) in a process of its
    own, which prints a number each time its writes are on disk; SIGKILL it once it has said
    ``after`` or more, and return the last number it said (what a kill must not lose)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-c", script, str(folder)], cwd=root, env=env,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    said = -1
    deadline = time.monotonic() + 60
    while said < after and time.monotonic() < deadline:
        said = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL and said >= after
    return said

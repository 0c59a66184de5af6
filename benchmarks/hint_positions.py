"""``python -m game hint`` on positions from many hands of every game, through the real command.

For each game and seed: deal the seed, play a random number of uniformly random legal actions
(a third of the positions within the first six actions, so bids, calls and trump naming come up
too), feed the record to ``python -m game hint -`` and to
``python -m game replay -``, and check what the learning mode promises — exit 0, ``legal`` exactly
as replay prints it, every illegal card with a reason and no legal card among them, a hint that
is one of the legal actions with a reason. Prints one line per position and per game the number
of positions, the phases met and the time per command (process start included).

    .venv/bin/python benchmarks/hint_positions.py [--positions 12]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from typing import Any

from game.engine import records

GAMES = ("arbaa-turub", "turup", "tarabish", "tarot")


def command(verb: str, record: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Run ``python -m game VERB -`` on ``record``: its exit status and its JSON output."""
    done = subprocess.run([sys.executable, "-m", "game", verb, "-"], input=json.dumps(record),
                          capture_output=True, text=True, check=False)
    return done.returncode, json.loads(done.stdout)


def position(game: str, seed: int, *, players: int | None = None, deal: int = 1000,
             opening: int = 3) -> dict[str, Any]:
    """A hand record of ``game`` (French Tarot: at a table of ``players``) for the deal
    ``deal + seed`` with a random number of random legal actions: one position in
    ``opening`` within the first six actions (bids, calls and trump naming)."""
    options = {"players": players} if players else None
    record = records.new_deal(game, deal + seed, None, options)
    _, hand = records.replay_hand(record)
    rng = random.Random(seed)
    length = {"arbaa-turub": 150, "tarot": 80}.get(game, 40)
    stop = rng.randrange(length) if seed % opening else rng.randrange(6)
    for _ in range(stop):
        legal = hand.legal_actions()
        if not legal:
            break
        action = rng.choice(legal)
        hand.apply(action)
        record["actions"].append(action)
    return record


def check(out: dict[str, Any], replayed: dict[str, Any]) -> None:
    """Raise ``AssertionError`` unless the hint output keeps the promises above."""
    assert out["ok"] and out["legal"] == replayed["legal"], out
    if out["seat"] is None:
        assert out["hint"] is None and out["result"] is not None, out
        return
    assert out["hint"]["action"] in out["legal"] and out["hint"]["reason"], out
    assert all(out["illegal"].values()), out
    cards = {a.get("play") or a.get("discard") for a in out["legal"]}
    assert not cards & set(out["illegal"]), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12, help="positions per game")
    args = parser.parse_args()
    for game in GAMES:
        times: list[float] = []
        phases: Counter[str] = Counter()
        for seed in range(args.positions):
            record = position(game, seed)
            start = time.perf_counter()
            status, out = command("hint", record)
            times.append(time.perf_counter() - start)
            assert status == 0, out
            check(out, command("replay", record)[1])
            phases[out["phase"]] += 1
            hint = out["hint"] or {}
            print(f"{game} seed {seed}: {out['phase']}, seat {out['seat']}, "
                  f"{len(out['illegal'])} illegal, hint {hint.get('action')} — "
                  f"{(hint.get('reason') or '')[:70]}", flush=True)
        times.sort()
        print(f"== {game}: {len(times)} positions ({dict(phases)}), hint command "
              f"median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s", flush=True)


if __name__ == "__main__":
    main()

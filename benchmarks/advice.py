"""The advice a learner can trust (issue 24): ``python -m game hint`` on random positions of every
game, through the real command, asked under several ``--seed`` values.

For each game (French Tarot at three, four and five players) and position — a seed's deal, then
a random number of random legal actions — it prints and sums up:

* the hint's time per command (process start included): median and 95th percentile;
* how often the hint deviates from the obvious action (the normal player's choice, computed
  here with the advisor's seed) and, for each deviation, whether the command gave evidence that
  passes a one-sided sign test at 5% (``better`` or more of ``better + worse`` fair tosses) —
  for code from before the ``evidence`` field, the counts its reason states;
* whether the answers under different seeds agree: each answer's action among every other
  answer's action and alternatives.

``--root DIR`` runs the commands of another checkout (its ``game`` package, e.g. the code before
the issue: ``git worktree add /tmp/old <commit>``); a ``hint`` without ``--seed`` is then asked
once per position.

    .venv/bin/python benchmarks/advice.py [--positions 8] [--seeds 3] [--root DIR]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import hint_positions

from game.engine import records
from game.engine.ai import make_player

ADVISOR_SEED = 7
"""The advisor's seed (``game.engine.ai.advisor.ADVISOR_SEED``; written here so that the script
also measures code from before the advisor had its own module)."""

GAMES = (("arbaa-turub", None), ("turup", None), ("tarabish", None), ("tarot", None),
         ("tarot", 3), ("tarot", 5))


def position(game: str, players: int | None, seed: int) -> dict[str, Any]:
    """A hand record of ``game`` for ``seed`` with a random number of random legal actions
    (mostly in the card play, one position in four in the opening decisions)."""
    return hint_positions.position(game, seed, players=players, deal=2000, opening=4)


def sign_p(better: int, worse: int) -> float:
    """One-sided sign test (written out here, not taken from the code measured)."""
    n = better + worse
    return sum(math.comb(n, k) for k in range(better, n + 1)) / 2 ** n if n else 1.0


def stated(reason: str) -> dict[str, int] | None:
    """The counts a reason states ("… it did better in 12 and worse in 3"), for code from
    before the ``evidence`` field; ``None`` when it states none."""
    m = re.search(r"better in (\d+) and worse in (\d+)", reason)
    return None if m is None else {"better": int(m.group(1)), "worse": int(m.group(2))}


def ask(root: Path, record: dict[str, Any], seed: int | None) -> tuple[float, dict[str, Any]]:
    """Run ``python -m game hint -`` of the checkout ``root``: seconds and output."""
    argv = [sys.executable, "-m", "game", "hint", "-"]
    if seed is not None:
        argv += ["--seed", str(seed)]
    env = dict(os.environ, PYTHONPATH=str(root))
    start = time.perf_counter()
    done = subprocess.run(argv, input=json.dumps(record), capture_output=True, text=True,
                          check=False, cwd=root, env=env)
    took = time.perf_counter() - start
    try:
        out: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"hint printed no JSON (exit {done.returncode}): {done.stderr}") from None
    return took, out


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Actions equal, card spelling aside."""
    return {k: str(v).upper() for k, v in a.items()} == {k: str(v).upper() for k, v in b.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--seeds", type=int, default=3, help="seeds asked per position")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    probe = subprocess.run([sys.executable, "-m", "game", "hint", "--help"], cwd=args.root,
                           capture_output=True, text=True, check=False,
                           env=dict(os.environ, PYTHONPATH=str(args.root)))
    seeded = "--seed" in probe.stdout
    seeds: list[int | None] = list(range(1, args.seeds + 1)) if seeded else [None]
    normal = make_player("normal", ADVISOR_SEED)
    times: list[float] = []
    total = {"positions": 0, "decisions": 0, "deviate": 0, "backed": 0, "agree": 0}
    for game, players in GAMES:
        name = game if players is None else f"{game}-{players}"
        mine: list[float] = []
        counts = dict.fromkeys(total, 0)
        for i in range(args.positions):
            record = position(game, players, i)
            _, hand = records.replay_hand(record)
            if hand.to_act is None:
                continue
            obvious = normal.decide(hand.knowledge(hand.to_act)).action
            answers = []
            for seed in seeds:
                took, out = ask(args.root, record, seed)
                assert out["ok"], out
                mine.append(took)
                answers.append(out["hint"])
            counts["positions"] += 1
            for h in answers:
                counts["decisions"] += 1
                if not same(h["action"], obvious):
                    counts["deviate"] += 1
                    proof = h.get("evidence") or stated(h["reason"])
                    if proof and sign_p(proof["better"], proof["worse"]) <= 0.05:
                        counts["backed"] += 1
            agree = all(any(same(a["action"], x) for x in [b["action"], *b.get("alternatives", [])])
                        for a in answers for b in answers)
            counts["agree"] += agree
            h = answers[0]
            print(f"{name} {i}: {out['phase']} {out['seat']} hint {h['action']} "
                  f"obvious {obvious} evidence {h.get('evidence')} "
                  f"alternatives {len(h.get('alternatives', []))} agree {agree} "
                  f"{statistics.median(mine[-len(seeds):]):.2f} s", flush=True)
        mine.sort()
        times += mine
        for key in total:
            total[key] += counts[key]
        print(f"== {name}: {counts} median {statistics.median(mine):.2f} s, "
              f"p95 {mine[int(0.95 * (len(mine) - 1))]:.2f} s", flush=True)
    times.sort()
    print(f"== all: {total} median {statistics.median(times):.2f} s, "
          f"p95 {times[int(0.95 * (len(times) - 1))]:.2f} s", flush=True)


if __name__ == "__main__":
    main()

"""Random full-hand playouts per second, per game, in one process.

    python benchmarks/playouts.py [--seconds S] [--games g1,g2] [--seeds N] [--root PATH]

For each game: deal ``--seeds`` hands (``SPEC.extras["playout_start"]``: a dealt hand brought to
where that game's playouts start), then call ``SPEC.extras["random_playout"]`` on them in turn
for about ``--seconds`` seconds; prints one JSON line per game with the playouts per second
(wall clock, and ``cpu_playouts_per_second`` by processor time, which the machine's other load
does not change). ``--root`` imports the ``game`` package of another folder (an old checkout, or
the compiled engine built by ``tools/build_engine.py``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path


def measure(game: str, seconds: float, seeds: int) -> dict[str, object]:
    """Playouts per second of ``game`` over ``seeds`` dealt hands for about ``seconds``."""
    from game.engine import games

    spec = games.get(game)
    start, playout = spec.extras["playout_start"], spec.extras["random_playout"]
    hands = [start(random.Random(s)) for s in range(seeds)]
    rng = random.Random(12345)
    for hand in hands:  # warm up
        playout(hand, rng)
    n = 0
    c0 = time.process_time()
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for hand in hands:
            playout(hand, rng)
        n += len(hands)
        now = time.perf_counter()
        if now >= deadline:
            break
    cpu = time.process_time() - c0
    return {"game": game, "playouts": n, "seconds": round(now - t0, 3),
            "playouts_per_second": round(n / (now - t0)),
            "cpu_playouts_per_second": round(n / max(cpu, 1e-9))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--games", default="")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                        help="the folder whose game package is measured")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))
    from game.engine import cards, games

    chosen = [g for g in args.games.split(",") if g] or games.names()
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine(),
                      "processor": platform.processor() or platform.machine(),
                      "engine": cards.__file__}), flush=True)
    for game in chosen:
        try:
            games.get(game)
        except ImportError:
            print(json.dumps({"game": game, "skipped": "not implemented yet"}), flush=True)
            continue
        print(json.dumps(measure(game, args.seconds, args.seeds)), flush=True)


if __name__ == "__main__":
    main()

"""The compiled engine and the pure-Python engine make the same game: the same AI decisions.

    python tools/compare_engines.py [--compiled DIR] [--deals N] [--hard-every K]

Runs itself twice, once with the compiled engine (``DIR``, default ``.native/``, built by
``tools/build_engine.py``) and once with this checkout's ``.py`` engine, each in a process of
its own started outside the checkout (so that ``PYTHONPATH`` alone decides which ``game`` is
imported). Each run plays ``N`` deals of every game and table size with normal players and,
at every decision with a choice, writes the normal player's action and reason and, at every
``K``-th one, an untimed hard player's (a fixed number of layouts: the decision depends on
nothing but the position and the seed). Prints the number of positions compared and every
difference; exits 1 on any difference or when the compiled run did not run compiled code.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLES = (("arbaa-turub", None), ("turup", None), ("tarabish", None), ("tarot", None),
          ("tarot", {"players": 3}), ("tarot", {"players": 5}))
"""Every game and table size: (game, deal options)."""


def emit(deals: int, hard_every: int) -> None:
    """Print which engine runs, then one JSON line per decision (the child's part)."""
    from game.engine import cards, records
    from game.engine.ai import make_player

    print(json.dumps({"engine": cards.__file__}), flush=True)
    hard = make_player("hard", 7)
    hard.timed = False  # type: ignore[attr-defined]
    n = 0
    for game, options in TABLES:
        seats = (options or {}).get("players", 4)
        for i in range(deals):
            record = records.new_deal(game, 4000 + i, dealer=i % seats, options=options)
            _, hand = records.replay_hand(record)
            table = [make_player("normal", i * 10 + s) for s in range(seats)]
            while not hand.done:
                seat = hand.to_act
                assert seat is not None
                k = hand.knowledge(seat)
                decision = table[seat].decide(k)
                if len(k.legal) > 1:
                    n += 1
                    line: dict[str, Any] = {"game": game, "seats": seats, "deal": i,
                                            "at": len(hand.history),
                                            "normal": [decision.action, str(decision.reason)]}
                    if n % hard_every == 0:
                        h = hard.decide(k)
                        line["hard"] = [h.action, str(h.reason), h.samples]
                    print(json.dumps(line, sort_keys=True), flush=True)
                hand.apply(decision.action)


def run(path: Path, deals: int, hard_every: int) -> list[str]:
    """The child's output lines with ``path`` as the only ``game`` on the path."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    with tempfile.TemporaryDirectory() as neutral:
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--emit",
                               "--deals", str(deals), "--hard-every", str(hard_every)],
                              cwd=neutral, env=env, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compiled", default=str(ROOT / ".native"))
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--hard-every", type=int, default=8)
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.emit:
        emit(args.deals, args.hard_every)
        return 0
    compiled = run(Path(args.compiled).resolve(), args.deals, args.hard_every)
    pure = run(ROOT, args.deals, args.hard_every)
    print(compiled[0], pure[0], sep="\n")
    ok = not json.loads(compiled[0])["engine"].endswith(".py")
    if not ok:
        print("the compiled run imported the .py engine")
    differ = [(a, b) for a, b in zip(compiled[1:], pure[1:], strict=False) if a != b]
    if len(compiled) != len(pure):
        print(f"different lengths: {len(compiled) - 1} compiled, {len(pure) - 1} pure")
        ok = False
    for a, b in differ[:10]:
        print(f"compiled: {a}\npure:     {b}")
    hard = sum(1 for line in pure[1:] if '"hard"' in line)
    print(f"{len(pure) - 1} positions compared ({hard} with a hard decision), "
          f"{len(differ)} differ")
    return 0 if ok and not differ else 1


if __name__ == "__main__":
    sys.exit(main())

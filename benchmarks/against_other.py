"""One AI level of this checkout against the same level of another checkout (say main), on the
arena's duplicate deals: ``python benchmarks/against_other.py --other /work/main --game tarot
--players 5 --level normal --deals 300 --seed 7``.

A is this checkout's level, B the other checkout's, loaded as a second copy of the engine
(``other_engine``, a symbolic link to its ``game/engine``: the engine imports itself only
relatively); everything else is :func:`game.engine.arena.run` — the deals, the seatings, the
all-B table and ``margin_by_role`` — with B's players made by the other engine. Prints the
arena's JSON object (B's level is reported as ``other-<level>``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.engine import arena

STAND_IN = "random"
"""The level name B's players are asked by (the arena accepts only its own levels)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", required=True, help="the other checkout's directory")
    parser.add_argument("--game", default="tarot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--budget-ms", type=float, default=25.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(os.path.join(os.path.abspath(args.other), "game", "engine"),
                   os.path.join(tmp, "other_engine"))
        sys.path.insert(0, tmp)
        import other_engine.ai as other  # type: ignore[import-not-found]

        def make_player(level: str, seed: int, *rest: Any) -> Any:
            if level == STAND_IN:  # the other engine's maker takes the arguments it knows
                return other.make_player(args.level, seed, *rest[:4])
            return arena.make_player(level, seed, *rest)
        out = arena.run(args.game, args.deals, args.seed, args.level, STAND_IN,
                        args.budget_ms, players=args.players, progress=sys.stderr,
                        make=make_player)
    out["b"] = f"other-{args.level}"
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""The ladder of AI levels in every game: easy over random, normal over easy, hard over normal,
each rung on the same duplicate deals with the arena (``python -m game arena``).

Usage: ``python benchmarks/ladder.py [--deals 500] [--seed 1] [--budget-ms 50] [--jobs 2]
[--workers 1] [--games tarabish,tarot,turup,arbaa-turub] [--rungs easy:random,normal:easy,
hard:normal] [--tarot-tables 4,3,5]``: French Tarot is measured at each table size of
``--tarot-tables`` (a rung whose level does not play a table yet is skipped, said on stderr).
Prints the arena's JSON object of each rung on its own line as soon as the rung
is done (progress on stderr), so a long run can be followed and a cut-short run keeps the rungs
it finished. The hard level's time budget per decision is ``--budget-ms``; ``--jobs`` deals are
played at once; ``--workers`` processes share each hard search.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

RUNGS = ("easy:random", "normal:easy", "hard:normal")
GAMES = ("tarabish", "tarot", "turup", "arbaa-turub")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=50.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rungs", default=",".join(RUNGS))
    parser.add_argument("--tarot-tables", default="4,3,5")
    args = parser.parse_args()
    sys.path.insert(0, str(Path.cwd()))
    from game.engine import arena, records
    from game.engine.ai.player import plays_table

    for game in args.games.split(","):
        tables = [int(n) for n in args.tarot_tables.split(",")] if game == "tarot" else [4]
        for players in tables:
            for rung in args.rungs.split(","):
                a, b = rung.split(":")
                if not (plays_table(a, players) and plays_table(b, players)):
                    sys.stderr.write(f"{game} for {players}: {rung} skipped (a level does not "
                                     "play that table yet)\n")
                    continue
                out = arena.run(game, args.deals, args.seed, a, b, args.budget_ms, args.jobs,
                                sys.stderr, workers=args.workers, players=players)
                print(records.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

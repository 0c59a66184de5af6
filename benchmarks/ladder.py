"""The ladder of AI levels in every game: easy over random, normal over easy, hard over normal,
each rung on the same duplicate deals with the arena (``python -m game arena``).

Usage: ``python benchmarks/ladder.py [--deals 500] [--first 0] [--seed 1]
[--layouts default|N|0] [--budget-ms 250] [--jobs 2] [--workers 1] [--games tarabish,tarot,
turup,arbaa-turub] [--rungs easy:random,normal:easy,hard:normal] [--tarot-tables 4,3,5]
[--save DIR]``, or ``python benchmarks/ladder.py --merge DIR [--games ...] [--rungs ...]``.

Hard's budget is counted in layouts per decision (``--layouts``, issue 38): ``default`` (the
default) gives each game and table the median layouts hard gets at the table's 250 ms on the
project's 2-core machine (:data:`game.engine.arena.DEFAULT_LAYOUTS`), ``N`` that many in every
game, ``0`` the time budget ``--budget-ms`` instead. Counted in layouts, a rung is played the
same on any machine at any load, so it can be cut into chunks of deals (``--first``,
``--deals``) run wherever and whenever there are cores: ``--save DIR`` writes each rung's chunk
to ``DIR/<game>[<players>]-<a>-<b>-<first>.jsonl`` deal by deal, and plays only the deals no
chunk there holds yet (a run killed goes on where it stopped when run again), and ``--merge
DIR`` adds up every chunk of each rung found there (``.jsonl`` or gzipped ``.jsonl.gz``) into
one result with its interval (``arena --merge``). A folder keeps the chunks of one engine: its
``ENGINE`` file holds the digest of the engine sources that played them, and a run of other
engine code refuses to add to it.

French Tarot is measured at each table size of ``--tarot-tables`` (a rung whose level does not
play a table yet is skipped, said on stderr). Prints the arena's JSON object of each rung on
its own line as soon as the rung is done (progress on stderr), so a long run can be followed
and a cut-short run keeps the rungs it finished. ``--jobs`` deals are played at once;
``--workers`` processes share each hard search.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from collections.abc import Iterator
from pathlib import Path

RUNGS = ("easy:random", "normal:easy", "hard:normal")
GAMES = ("tarabish", "tarot", "turup", "arbaa-turub")


def rungs(args: argparse.Namespace) -> Iterator[tuple[str, int, str, str]]:
    """Each ``(game, players, a, b)`` the arguments ask for that both levels play (the others
    said on stderr)."""
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
                yield game, players, a, b


def stem(game: str, players: int, a: str, b: str) -> str:
    """A rung's chunk files' name before ``-<first>.jsonl``."""
    return f"{game}{players if game == 'tarot' else ''}-{a}-{b}"


def missing(folder: str, name: str, first: int, deals: int) -> list[tuple[int, int]]:
    """The deals ``first`` to ``first + deals - 1`` of a rung that no chunk file of it in
    ``folder`` holds yet, as ``(first, count)`` runs of consecutive deals: a ladder cut short
    goes on where it stopped."""
    from game.engine import arena_chunks

    done: set[int] = set()
    for path in glob.glob(os.path.join(folder, f"{name}-*.jsonl*")):
        try:
            done.update(d.index for d in arena_chunks.read(path).deals)
        except ValueError as err:
            sys.exit(f"ladder: {err}")
    runs: list[tuple[int, int]] = []
    for i in range(first, first + deals):
        if i in done:
            continue
        if runs and runs[-1][0] + runs[-1][1] == i:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((i, 1))
    return runs


def same_engine(folder: str) -> None:
    """Keep ``folder`` to the chunks of one engine: its ``ENGINE`` file holds the digest of
    the engine's sources that played them (written by the first run); a run of other engine
    code stops with a message rather than mix two engines' deals."""
    from game.engine_choice import sources_digest

    os.makedirs(folder, exist_ok=True)
    mark = os.path.join(folder, "ENGINE")
    digest = sources_digest()
    if not os.path.exists(mark):
        with open(mark, "w", encoding="utf-8") as f:
            f.write(digest + "\n")
        return
    with open(mark, encoding="utf-8") as f:
        kept = f.read().strip()
    if kept != digest:
        sys.exit(f"ladder: {folder} holds the chunks of other engine code ({kept[:12]}, this "
                 f"one is {digest[:12]}): save to another folder")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layouts", default="default")
    parser.add_argument("--budget-ms", type=float, default=250.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rungs", default=",".join(RUNGS))
    parser.add_argument("--tarot-tables", default="4,3,5")
    parser.add_argument("--save", metavar="DIR")
    parser.add_argument("--merge", metavar="DIR")
    args = parser.parse_args()
    sys.path.insert(0, str(Path.cwd()))
    from game.engine import arena, records

    for game, players, a, b in rungs(args):
        name = stem(game, players, a, b)
        if args.merge:
            paths = sorted(glob.glob(os.path.join(args.merge, f"{name}-*.jsonl*")))
            if not paths:
                sys.stderr.write(f"{name}: no chunk in {args.merge}\n")
                continue
            print(records.dumps(arena.merge(paths)), flush=True)
            continue
        layouts = (arena.default_layouts(game, players) if args.layouts == "default"
                   else int(args.layouts))
        chunks = [(args.first, args.deals)]
        if args.save:
            same_engine(args.save)
            chunks = missing(args.save, name, args.first, args.deals)
            if not chunks:
                sys.stderr.write(f"{name}: deals {args.first}–{args.first + args.deals - 1} "
                                 f"are all in {args.save}\n")
        for first, deals in chunks:
            save = (os.path.join(args.save, f"{name}-{first}.jsonl") if args.save else None)
            out = arena.run(game, deals, args.seed, a, b, args.budget_ms, args.jobs,
                            sys.stderr, workers=args.workers, players=players,
                            layouts=layouts, first=first, save=save)
            print(records.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

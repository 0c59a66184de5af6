"""What saving the game in progress costs early and late in a long Arba'a Turub game.

Usage: ``python benchmarks/save_cost.py [--root REPO] [--hands 30] [--seed 1] [--dir DIR]``

Plays one Arba'a Turub match with random legal actions and saves it after every action through
the app's own path (``persist.Keeper.save_match``, then ``writer.flush()`` — so each figure is
the whole save of one action, done in the writer thread, as the player's machine does it).
Prints, for hands 1, 10 and 30 (and the last): the median, mean and 90th percentile
milliseconds per action and the bytes handed to ``write()`` during that hand (``wchar`` of
``/proc/self/io``: the save and the statistics file, everything the keeper writes).

``--root`` names the checkout whose ``game`` package is measured (default: this one), so the
same script measures an older version: ``python benchmarks/save_cost.py --root /work/main``.
Arba'a Turub has no target score, and random play usually ends a match within a few hands: the
tally's ``winner`` is made to answer "nobody yet" so that the match reaches hand 30 (the saved
content is the same as in a real match of that length).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path


def wchar() -> int:
    """Bytes this process has handed to ``write()`` so far (Linux), else 0."""
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def measure(hands: int, seed: int, folder: Path) -> list[dict[str, float]]:
    """Per hand: milliseconds per saved action (median, mean) and bytes written."""
    from game import storage
    from game.ui import persist
    from game.ui.session import Match

    keeper = persist.Keeper(storage.resolve_paths(folder))
    keeper.load()
    match = Match("arbaa-turub", seed, ai_level="random")
    match.tally.winner = lambda: None  # type: ignore[method-assign]  # see the docstring
    rng = random.Random(seed)
    rows = []
    for n in range(1, hands + 1):
        times: list[float] = []
        before = wchar()
        while not match.hand.done:
            match.apply(rng.choice(match.hand.legal_actions()))
            start = time.perf_counter()
            keeper.save_match(match)
            keeper.writer.flush()
            times.append((time.perf_counter() - start) * 1000)
        match.next_hand()
        keeper.save_match(match)
        keeper.writer.flush()
        rows.append({"hand": n, "actions": len(times), "median_ms": statistics.median(times),
                     "mean_ms": statistics.fmean(times),
                     "p90_ms": statistics.quantiles(times, n=10)[-1], "bytes": wchar() - before})
    keeper.writer.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]),
                        help="the checkout whose game package is measured")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-fsync", action="store_true",
                        help="make os.fsync do nothing: the cost without waiting for the disk "
                             "(serialising and write() only)")
    parser.add_argument("--dir", default=None, help="the data folder (default: a new one "
                                                    "in the system's temporary folder)")
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    if args.no_fsync:
        os.fsync = lambda fd: None
    folder = Path(args.dir or tempfile.mkdtemp(prefix="save-cost-"))
    rows = measure(args.hands, args.seed, folder)
    shown = sorted({1, 10, 30, args.hands} & set(range(1, args.hands + 1)))
    print(f"{'hand':>5} {'actions':>8} {'median ms':>10} {'mean ms':>8} {'p90 ms':>8} "
          f"{'bytes':>11}")
    for row in rows:
        if row["hand"] in shown:
            print(f"{row['hand']:>5} {row['actions']:>8} {row['median_ms']:>10.2f} "
                  f"{row['mean_ms']:>8.2f} {row['p90_ms']:>8.2f} {row['bytes']:>11,}")
    total = sum(r["bytes"] for r in rows)
    print(f"total bytes written for {args.hands} hands: {total:,} ({args.root})")
    print(json.dumps({"root": args.root, "rows": [r for r in rows if r["hand"] in shown],
                      "total_bytes": total}))


if __name__ == "__main__":
    main()

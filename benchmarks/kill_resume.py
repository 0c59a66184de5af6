"""Kill and resume: SIGKILL the game at random moments while four AIs play, many times, in each
of the four games, and check what is on disk after every kill.

Usage: ``python benchmarks/kill_resume.py [--kills 52] [--seed 15] [--games ...]`` (Linux/macOS:
needs SIGKILL). Each game gets its own data folder; each kill is one run of
``python -m game --data-dir DIR --autoplay GAME --hands 1000 --ai random`` killed after a random
0.2–1.6 s — counted from its start for one kill in four (start-up and loading are killed too),
from its first save for the others (so that a slow start-up on a busy machine still leaves most
kills in the middle of play). After every kill:

* the files load with no notice (nothing half written, nothing moved aside);
* the save — read back as one record — replays (``replay.replay_record``) and resumes
  (``Match.from_record``); a finished game may be there (its save stays, counted, until the
  next game's save replaces it);
* it extends the save found after the previous kill (every earlier action kept), or is a new
  game once the previous one ended;
* the statistics never count more hands of that match than the save holds (and at most one
  fewer: a kill between the save and the count, made good at the next start);
* every tenth kill, ``python -m game saved-game`` prints the same record.

Prints one line of counts per game and a total; exits 1 on the first violation. The test suite
runs the same check with fewer kills (``tests/ui/test_autoplay.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import storage  # noqa: E402
from game.engine.replay import replay_record  # noqa: E402
from game.ui.session import Match  # noqa: E402

GAMES = ("arbaa-turub", "turup", "tarabish", "tarot")


def environment() -> dict[str, str]:
    """A headless environment for the game's processes."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("FOUR_TRUMPS_DATA_DIR", None)
    return env


def extends(new: dict[str, Any], old: dict[str, Any]) -> bool:
    """True when ``new`` is ``old`` played on (the same game, every old action kept)."""
    if new["seed"] != old["seed"] or len(new["hands"]) < len(old["hands"]):
        return False
    for a, b in zip(old["hands"], new["hands"], strict=False):
        if a["deal"] != b["deal"] or b["actions"][:len(a["actions"])] != a["actions"]:
            return False
    return all(a["actions"] == b["actions"]
               for a, b in zip(old["hands"][:-1], new["hands"], strict=False))


class Violation(AssertionError):
    """What is on disk after a kill breaks the guarantee."""


def check(data: Path, previous: dict[str, Any] | None, counts: Counter[str],
          export: bool = False) -> dict[str, Any] | None:
    """Check the data folder after a kill (see the module's docstring); returns the save."""
    paths = storage.resolve_paths(data)
    if [p for p in data.rglob("*") if ".damaged-" in p.name]:
        raise Violation("a file was moved aside as damaged")
    record, notice = storage.load_game(paths)
    stats, stats_notice = storage.load_statistics(paths)
    if notice or stats_notice:
        raise Violation(f"a notice after a kill: {notice or stats_notice}")
    if record is None:
        if previous is not None:
            raise Violation("the save is gone")
        counts["before the first save"] += 1
        return None
    replay_record(record)
    match = Match.from_record(record)
    if match.over and match.hand.done:
        # a finished game's save stays until the next game's replaces it (persist.Keeper)
        counts["finished, not yet replaced"] += 1
    counted = stats.counted
    if counted is not None and counted["seed"] == match.seed:
        behind = match.counted - counted["hands"]
        if behind < 0:
            raise Violation(f"the statistics count {-behind} hand(s) the save does not hold")
        if behind > 1:
            raise Violation(f"the statistics are {behind} hands behind the save")
        counts["statistics one hand behind"] += behind
    if previous is not None:
        if extends(record, previous):
            counts["carried on"] += 1
        elif record["seed"] != previous["seed"]:
            counts["new game"] += 1
        else:
            raise Violation("the save does not extend the one before")
    if export:
        out = subprocess.run([sys.executable, "-m", "game", "saved-game", "--data-dir",
                              str(data)], cwd=ROOT, env=environment(), capture_output=True,
                             timeout=60)
        if out.returncode != 0 or json.loads(out.stdout) != record:
            raise Violation("saved-game does not print the saved record")
        counts["saved-game checked"] += 1
    counts["hands in the save (max)"] = max(counts["hands in the save (max)"],
                                            len(record["hands"]))
    return record


def playing(data: Path, since: float, proc: subprocess.Popen[bytes],
            limit: float = 30.0) -> None:
    """Wait until the game run started at ``since`` has saved something (its save's files are
    newer than ``since``), so that the kill falls while it plays, not during start-up."""
    deadline = time.time() + limit
    while time.time() < deadline and proc.poll() is None:
        folder = data / "saved-game"
        if folder.is_dir() and any(f.stat().st_mtime >= since for f in folder.rglob("*")
                                   if f.is_file()):
            return
        time.sleep(0.05)


def kill_and_resume(data: Path, game: str, kills: int, rng: random.Random,
                    longest: float = 1.6) -> Counter[str]:
    """SIGKILL ``kills`` autoplaying runs of ``game`` on ``data``, checking after each."""
    counts: Counter[str] = Counter()
    previous: dict[str, Any] | None = None
    cmd = [sys.executable, "-m", "game", "--data-dir", str(data), "--autoplay", game,
           "--hands", "1000", "--ai", "random"]
    for n in range(kills):
        started = time.time()
        proc = subprocess.Popen(cmd, cwd=ROOT, env=environment(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        if n % 4:  # three kills in four while the game plays, however long start-up takes
            playing(data, started, proc)
        time.sleep(rng.uniform(0.2, longest))
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
        if proc.returncode != -signal.SIGKILL:
            raise Violation(f"the game ended by itself: {err.decode(errors='replace')}")
        counts["kills"] += 1
        found = check(data, previous, counts, export=n % 10 == 9)
        previous = found if found is not None else previous
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=52, help="kills per game (default 52)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    total: Counter[str] = Counter()
    for game in args.games:
        with tempfile.TemporaryDirectory(prefix=f"kill-{game}-") as folder:
            try:
                counts = kill_and_resume(Path(folder), game, args.kills, rng)
            except Violation as err:
                print(f"{game}: FAILED: {err}")
                return 1
        print(f"{game}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        total.update({k: v for k, v in counts.items() if "(max)" not in k})
    print("all: " + ", ".join(f"{k} {v}" for k, v in sorted(total.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

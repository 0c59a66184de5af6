"""Time from opening the review of a finished hand to every step of it checked.

Usage: ``python benchmarks/review_time.py [RECORD] [--runs N]`` (default record:
``tests/records/arbaa-turub-hand.json``, a whole Arba'a Turub hand: 39 decisions of South).
Each run opens a fresh app (SDL's dummy video driver, sound off), lets the AI's worker processes
warm up as they do after the game's first frame, opens the review and steps its frames at 60 per
second until every decision is checked. Prints one JSON line per run: the seconds, the decisions
and how many were put to the strong player, how many it would have played differently, and the
frame p95/p99 (ms) while the review was checking. Nothing is remembered from the table (the
play checker's answers are not there): this is the review of a hand played without the
learning mode, the slowest case.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(record: dict) -> dict:
    """Open the review of ``record`` in a fresh app and time it to the last check."""
    from game.ui.app import App
    from game.ui.scenes.review import ReviewScene
    from game.ui.session import Settings

    app = App((1280, 720), Settings(sound=False), start_menu=False)
    workers = getattr(app.session, "workers", None)
    if workers is not None and hasattr(workers, "wait_warm"):
        workers.wait_warm(60)
    started = time.perf_counter()
    scene = ReviewScene(app, record)
    app.push(scene)
    frames = []
    while not all(c.done for c in scene.checks):
        begin = time.perf_counter()
        app.step(1 / 60)
        frames.append((time.perf_counter() - begin) * 1000)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - begin)))
    seconds = time.perf_counter() - started
    asked = sum(1 for p in scene.review.decisions if len(p.knowledge.legal) > 1 and not p.part)
    frames.sort()
    out = {"seconds": round(seconds, 2), "decisions": len(scene.checks), "asked": asked,
           "differ": sum(c.better is not None for c in scene.checks),
           "workers": getattr(workers, "count", 1),
           "frame_p95_ms": round(frames[int(0.95 * (len(frames) - 1))], 2),
           "frame_p99_ms": round(frames[int(0.99 * (len(frames) - 1))], 2)}
    app.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", nargs="?",
                        default=str(ROOT / "tests/records/arbaa-turub-hand.json"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path.cwd()))
    record = json.loads(Path(args.record).read_text(encoding="utf-8"))
    for _ in range(args.runs):
        print(json.dumps(one_run(record)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

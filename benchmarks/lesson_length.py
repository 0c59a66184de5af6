"""How long each guided hand takes a person: ``python benchmarks/lesson_length.py``.

The issue asks 3–6 minutes a guided hand. The table's own time is measured: the lesson scene
runs headless at the normal animation speed, and again at fast (dealing, the AI seats' think
time and flights, each finished trick shown) while a simulated player answers at once, so the
table time counted is what the player waits for. The player's own time is then estimated, not
measured: reading each bubble at :data:`WORDS_PER_SECOND` plus :data:`GLANCE` seconds, and
:data:`DECIDE` seconds for each of South's moves (a taught move is shown; a free one is
chosen). Prints one line per lesson and a JSON object with the figures.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from concurrent.futures import ThreadPoolExecutor

from game.lessons import LESSONS, load
from game.ui.app import App
from game.ui.host import open_scene
from game.ui.session import Settings

WORDS_PER_SECOND = 3.0
"""A calm reading pace (180 words a minute) for a newcomer reading about a new game."""
GLANCE = 1.5
"""Seconds to find a bubble and look at what it points to."""
DECIDE = 3.0
"""Seconds for one of South's moves."""
FRAME = 1 / 60


def table_seconds(lesson_id: str, speed: str) -> tuple[float, int]:
    """The table's own time through the lesson at the animation ``speed``, and South's
    moves."""
    app = App((1280, 720), Settings(speed=speed, sound=False),
              workers=ThreadPoolExecutor(1))
    try:
        t = open_scene(app, "lesson", lesson_id=lesson_id, fresh=True)
        app.push(t)
        waited, moves = 0.0, 0
        for _ in range(200_000):
            if t.summary is not None:
                break
            if t.words_up() and t.waits():
                t.go_on()
                continue
            n = t.played
            if not t.busy() and t.hand.to_act == 0 and not t.hand.done \
                    and t.guide.south_next(n):
                want = t.guide.expected(n)
                moves += 1
                if "play" in want:
                    t.try_play(t.fan.cards.index(want["play"]))
                elif "discard" in want:
                    t.model.selected = t.guide.scripted_lay_away(n, t.model.lay_away_size())
                    t.confirm_discard()
                elif "handful" in want:
                    t.model.start_handful({"seat": "S", "handful": want["handful"]})
                    choice = t.model.handful
                    assert choice is not None
                    t.choose(choice.action())
                else:
                    t.choose(want)
                continue
            t.update(FRAME)
            waited += FRAME
        return waited, moves
    finally:
        app.close()


def main() -> None:
    figures = {}
    for lesson_id in LESSONS:
        lesson = load(lesson_id)
        texts = [s.say for s in lesson.steps if s.say] + ([lesson.closing]
                                                          if lesson.closing else [])
        words = sum(len(t.split()) for t in texts)
        reading = words / WORDS_PER_SECOND + GLANCE * len(texts)
        table, moves = table_seconds(lesson_id, "normal")
        quick, _ = table_seconds(lesson_id, "fast")
        own = reading + DECIDE * moves
        figures[lesson_id] = {"bubbles": len(texts), "words": words, "south_moves": moves,
                              "reading_s": round(reading), "table_s": round(table),
                              "table_fast_s": round(quick),
                              "minutes": round((own + table) / 60, 1),
                              "minutes_fast": round((own + quick) / 60, 1)}
        print(f"{lesson_id:12s} {len(texts):3d} bubbles {words:4d} words {moves:3d} moves: "
              f"reading {reading:4.0f} s + moves {DECIDE * moves:4.0f} s + table {table:4.0f} s "
              f"(fast: {quick:4.0f} s) = {(own + table) / 60:.1f} min "
              f"(fast: {(own + quick) / 60:.1f})", flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()

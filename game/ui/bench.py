"""``python -m game bench``: frame times of the busiest scripted table scene.

Arba'a Turub at 1280×720 with South's full 36-card hand, the opponents' fans, the score panel
and a trick always in flight (four cards flying in from the seats, then collected), rendered
for a fixed number of frames under whatever video driver is set (the dummy driver when there is
no display). Prints JSON with the frame-time ``median``, ``p95`` and ``p99`` in milliseconds.
With ``--ai`` the same is measured again while the hard AI thinks without pause in the AI's
worker processes (the app's own :class:`~game.engine.ai.workers.Workers`: one decision under way
per worker, each asked again as soon as it is answered), as it does during a game; the
issue-17 target is a ``with_ai`` p99 at most 1.5 times the idle p99 of the same run. With
``--par`` the same again while par (:class:`~game.ui.par.ParRun`, issue 27) is played in those
workers: Arba'a Turub's deal of :data:`PAR_DAY` — the longest par, about 150 decisions — with the
strong player at South and the opponents at the normal level, the app's default (a par that
ends before the frames do is started again; the one under way is stopped after them); its
``p99_ratio_par`` is read against the same 1.5. With ``--judge`` the same again while the
learner's progress is judged in those workers (:mod:`.judge`, issue 39): par's finished hand of
that deal handed to the judge again and again, each decision of South judged by the strong
player, the frames measured until at least one whole hand is judged; its ``p99_ratio_judge``
is read against the same 1.5.
"""

from __future__ import annotations

import os
import platform
import statistics
import threading
import time
from typing import Any

SIZE = (1280, 720)
PAR_DAY = "2026-11-20"
"""The day whose Arba'a Turub deal ``--par`` plays par of (any day's would do: a fixed one so
that two runs measure the same par)."""


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def _stats(times: list[float]) -> dict[str, float]:
    ms = [t * 1000 for t in times]
    return {"median": round(statistics.median(ms), 3), "p95": round(_percentile(ms, 0.95), 3),
            "p99": round(_percentile(ms, 0.99), 3), "max": round(max(ms), 3)}


def _measure(app: Any, table: Any, frames: int) -> list[float]:
    import pygame

    from .scenes.table import Sprite

    names = ["AS", "10S", "KH", "6D"]
    times: list[float] = []
    for n in range(frames + 30):
        if not table.anim.busy:
            table.middle.cards = []
            for k, seat in enumerate((1, 2, 3, 0)):
                sx, sy = table.geo.seat_pos[seat] if seat else (640, 700)
                s = Sprite(names[k], sx, sy, seat)
                table.trick.append(s)
                tx, ty = table.geo.trick_pos[seat]
                table.anim.animate(s, 0.25 + 0.1 * k, x=tx, y=ty)
            table.anim.after(0.8, lambda: table.middle.collect(1))
        t0 = time.perf_counter()
        app.step(1 / 60)
        pygame.display.flip()
        if n >= 30:
            times.append(time.perf_counter() - t0)
    return times


def _with_par(app: Any, table: Any, frames: int) -> dict[str, Any]:
    """The frame statistics of ``frames`` frames while par runs in the app's workers (see the
    module's docstring)."""
    from ..engine import daily
    from ..engine.ai.workers import NICE
    from .par import ParRun

    workers = app.session.workers
    workers.wait_warm(60)
    day = daily.parse_day(PAR_DAY)
    deal = daily.deal_of("arbaa-turub", day)
    seed = daily.seed_of("arbaa-turub", day)
    seats = {"W": "normal", "N": "normal", "E": "normal"}
    runs = [ParRun(deal, seats, seed, workers)]
    stop = threading.Event()

    def again() -> None:  # a par that ended is started again until the frames are measured
        while not stop.wait(0.05):
            if runs[-1].done:
                runs.append(ParRun(deal, seats, seed, workers))

    keeper = threading.Thread(target=again, daemon=True)
    keeper.start()
    try:
        loaded = _stats(_measure(app, table, frames))
    finally:
        stop.set()
        keeper.join(5)
        for par in runs:
            par.cancel()
    return {"game": "arbaa-turub", "day": PAR_DAY, "levels": runs[0].levels,
            "workers": workers.count, "nice": NICE, "pars": len(runs),
            "finished": sum(p.result() is not None for p in runs),
            "decisions": sum(p.played for p in runs), **loaded}


def _with_judge(app: Any, table: Any, frames: int) -> dict[str, Any]:
    """The frame statistics of ``frames`` frames while the judge (:mod:`.judge`) judges
    finished Arba'a Turub hands in the app's workers (see the module's docstring)."""
    from ..engine import daily
    from ..engine.ai.workers import NICE
    from .judge import Judge
    from .par import ParRun
    from .progress_book import ProgressBook

    workers = app.session.workers
    workers.wait_warm(60)
    day = daily.parse_day(PAR_DAY)
    run = ParRun(daily.deal_of("arbaa-turub", day), {"W": "normal", "N": "normal",
                                                       "E": "normal"},
                 daily.seed_of("arbaa-turub", day), workers)
    record = run.future.result(600)  # a finished hand to judge: par's, played first
    book = ProgressBook()
    judge = Judge(workers, book)
    judge.start()
    for n in range(50):  # more than the frames take
        judge.add(f"arbaa-turub/bench/{n}", "arbaa-turub", record)
    times: list[float] = []
    try:  # at least ``frames`` frames, and until a whole hand is judged meanwhile
        while len(times) < frames or not book.games:
            times += _measure(app, table, min(frames, 100))
            judge.settle()
            if len(times) > 100 * frames:
                break
    finally:
        judge.close()
    judged = book.games.get("arbaa-turub", {}).get("hands", [])
    return {"game": "arbaa-turub", "day": PAR_DAY, "workers": workers.count, "nice": NICE,
            "hands_judged": len(judged), "decisions_judged": sum(h["judged"] for h in judged),
            "frames_measured": len(times), **_stats(times)}


def run(frames: int = 600, with_ai: bool = False, with_par: bool = False,
        with_judge: bool = False) -> dict[str, Any]:
    """Render ``frames`` frames of the scripted scene and return the statistics (and again
    with the AI thinking, ``with_ai``, with par under way, ``with_par``, and with hands being
    judged, ``with_judge``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..engine.ai.workers import NICE, decide
    from .app import App
    from .session import Settings, best_level

    app = App(SIZE, Settings(sound=False), start_menu=False)
    try:
        table = app.start_game("arbaa-turub", 1)
        table.ai_enabled = False
        m = app.session.match
        assert m is not None
        m.apply(m.hand.legal_actions()[0])
        while table.busy():
            app.step(0.1)
        table.fan.hover = 20
        out: dict[str, Any] = {"scene": "arbaa-turub, 36-card hand, a trick animating",
                               "size": list(SIZE), "frames": frames,
                               "driver": os.environ.get("SDL_VIDEODRIVER", ""),
                               "python": platform.python_version(),
                               **_stats(_measure(app, table, frames))}
        if with_ai:
            level = best_level("hard", "arbaa-turub")
            workers = app.session.workers
            workers.wait_warm(60)
            stop = threading.Event()
            while m.hand.to_act == 0:
                m.apply(m.hand.legal_actions()[-1])
            seat = m.hand.to_act
            assert seat is not None, "the hand ended before the AI's turn"
            kn = m.hand.knowledge(seat)
            decisions = [0]

            def think() -> None:  # waits on the worker's answer: no Python runs here meanwhile
                while not stop.is_set():
                    workers.submit(decide, level, 1, None, kn).result()
                    decisions[0] += 1

            feeders = [threading.Thread(target=think, daemon=True)
                       for _ in range(workers.count)]
            for feeder in feeders:
                feeder.start()
            try:
                loaded = _stats(_measure(app, table, frames))
            finally:
                stop.set()
                for feeder in feeders:
                    feeder.join(5)
            out["with_ai"] = {"level": level, "workers": workers.count, "nice": NICE,
                              "decisions": decisions[0], **loaded}
            out["p99_ratio"] = round(loaded["p99"] / out["p99"], 2)
        if with_par:
            out["with_par"] = _with_par(app, table, frames)
            out["p99_ratio_par"] = round(out["with_par"]["p99"] / out["p99"], 2)
        if with_judge:
            out["with_judge"] = _with_judge(app, table, frames)
            out["p99_ratio_judge"] = round(out["with_judge"]["p99"] / out["p99"], 2)
        return out
    finally:
        app.close()

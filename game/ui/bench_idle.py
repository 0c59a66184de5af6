"""``python -m game bench --idle``: the CPU the game's processes use while nothing moves.

The game runs its real frame loop (:meth:`~game.ui.app.App.run`) with its real AI worker
processes, headless (the dummy video and audio drivers unless others are set), twice: at the
main menu, and at a table where South is to act (Turup, deal 3: the AI seats before South
have played). Each time it waits until the workers have started and the scene has settled
(at the table: South's glow has finished breathing, :data:`~.table.seats.BREATHS`), then
measures for ``seconds`` the CPU time used by this process (all its threads) and every process
under it — the AI's workers and their search helpers — and prints, as JSON, that time as a
percentage of one core, with the number of processes and of frames drawn. The issue-25 goal is
at most 2% in both.

On Linux the processes are found and read in ``/proc`` (``utime``, ``stime`` and the times of
children they reaped). Elsewhere only this process and its children that ended are counted
(:func:`os.times`): the live worker processes are not — the JSON's ``measured`` says which.
"""

from __future__ import annotations

import os
import platform
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

MEASURE = 10.0
"""Seconds measured in each scene."""
MENU_SETTLE = 1.0
"""Seconds waited at the menu after the workers are up, before measuring."""
TABLE_SETTLE = 5.5
"""Seconds waited at the table once South is to act (the glow breathes 3 × 1.4 s first)."""
GAME, SEED = "turup", 3
READY_TIMEOUT = 120.0


def _proc_times() -> tuple[float, int] | None:
    """CPU seconds used so far by this process and every process under it, and how many
    processes that is (Linux ``/proc``); ``None`` where ``/proc`` cannot be read."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        # fields[1] is the parent; utime, stime, cutime, cstime are fields 14..17 of stat
        parent[int(name)] = int(fields[1])
        used[int(name)] = sum(int(v) for v in fields[11:15]) / tick
    me = os.getpid()
    if me not in used:
        return None
    tree = {me}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parent.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(used[p] for p in tree), len(tree)


def cpu_used() -> tuple[float, int, str]:
    """CPU seconds used so far by the game's processes, their number, and what is counted."""
    found = _proc_times()
    if found is not None:
        return (found[0], found[1], "this process and every process under it (/proc: the AI's "
                "workers and their search helpers included)")
    t = os.times()
    return (t.user + t.system + t.children_user + t.children_system, 1,
            "this process and its ended children only (os.times: live workers not counted)")


def _measure(app: Any, settle: float, seconds: float,
             ready: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """Run ``app``'s frame loop in this thread; from another one, once the workers are up
    (and ``ready`` returned), wait ``settle`` s, then measure ``seconds`` s and close the
    window (a posted QUIT)."""
    import pygame

    out: dict[str, Any] = {}

    def watch() -> None:
        try:
            app.session.workers.wait_warm(60)
            ready()
            time.sleep(settle)
            frames0 = getattr(app, "frames", None)
            cpu0, _n, how = cpu_used()
            t0 = time.monotonic()
            time.sleep(seconds)
            cpu1, n, how = cpu_used()
            wall = time.monotonic() - t0
            frames1 = getattr(app, "frames", None)
            out.update({"cpu_percent": round(100 * (cpu1 - cpu0) / wall, 2),
                        "seconds": round(wall, 2), "processes": n, "measured": how})
            if frames0 is not None and frames1 is not None:
                out["frames"] = frames1 - frames0
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        app.run()
    finally:
        watcher.join(seconds + settle + 90)
    return out


def _at_table(app: Any) -> None:
    """Start the bench's game and play on (the AI in its workers) until South is to act and
    nothing moves — stepping the app without drawing."""
    table = app.start_game(GAME, SEED)
    end = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < end:
        app.step(0.05, draw=False)
        if table.hand.to_act == 0 and table.summary is None and not table.busy():
            return
        time.sleep(0.05)
    raise RuntimeError("South's turn did not come")


def run(seconds: float = MEASURE) -> dict[str, Any]:
    """Measure the menu, then the table, ``seconds`` s each; the figures as a dict."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import App
    from .session import Settings

    result: dict[str, Any] = {"goal_percent": 2.0,
                              "driver": os.environ.get("SDL_VIDEODRIVER", ""),
                              "python": platform.python_version(), "platform": sys.platform,
                              "cores": os.cpu_count()}
    app = App(settings=Settings(), size=(1280, 720))
    try:
        try:
            from .wake import Pace

            result["sleeps_in"] = Pace().how
        except ImportError:  # the loop before issue 25 (the bench measuring the old code)
            result["sleeps_in"] = "frames at 60 fps"
        result["menu"] = _measure(app, MENU_SETTLE, seconds)
    finally:
        app.close()
    app = App(settings=Settings(), size=(1280, 720), start_menu=False)
    try:
        app.session.workers.wait_warm(60)
        _at_table(app)
        result["table"] = _measure(app, TABLE_SETTLE, seconds)
        result["table"]["scene"] = f"{GAME}, deal {SEED}, South to act"
    finally:
        app.close()
    return result

"""``--selftest``: the whole program plays one hand of each game, headless, and says whether it
worked — ``python -m game --selftest`` from the source, ``four-trumps --selftest`` in the bundle.

The first line names the versions and the assets folder used (:func:`game.ui.assets.root`:
the source checkout's, the installed wheel's or the bundle's); a font, the fonts' licence or
the icon missing from it fails the test before any game, and so does a bundle whose engine is
not the compiled one (:func:`check_engine`). The second line is the AI's worker
processes (:func:`check_workers`): one is started as the game starts them (``spawn``; in the
bundle, the frozen executable started again through ``multiprocessing.freeze_support()``) and
must answer a hard decision without importing pygame — a broken frozen multiprocessing
start-up fails here. The third line is the languages (:func:`check_languages`): every
language's catalog must be there and compile (a bundle built without ``game/locale`` fails
here). The fourth line is the guided hands (:func:`check_lessons`): every lesson must load and
replay (a bundle built without the lessons' files fails here). For each game a real
:class:`~game.ui.app.App` opens (SDL's dummy video and audio drivers, set
before pygame starts even when a display is there) with its data in a throwaway folder, the
four seats are AI players (:mod:`.autoplay` drives South), and the frame loop — ``App.step``,
the table scene, drawing, ``display.flip`` — runs until the hand is over. The hand must finish
within :data:`TIME_LIMIT`, nothing may be logged at error level, the last frame must not be
blank and the autosave must load back with the hand counted. Each game prints one line; the
end is ``selftest passed`` (exit status 0) or one ``selftest FAILED: <game>: <reason>`` line on
standard error (exit status 1) — never a bare traceback.

Everything printed, the versions and any traceback also go to :func:`report_path` (in the
game's own log folder, written beside and renamed over, so a link there is never followed): a
windowed Windows executable has no console to print to.

**Decision**: the AI level is ``easy`` and each game has a fixed seed (:data:`SEED`), so a
failure can be repeated and the run stays short whatever the stronger levels come to cost;
the time limit is generous (a slow, busy machine) but finite, so a hang fails instead of
blocking CI.
"""

from __future__ import annotations

import contextlib
import logging
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .. import __version__, engine_choice, storage
from ..engine import games
from . import assets

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    import pygame

LEVEL = "easy"
SEED = 20240
"""The first game's seed; the others follow (``SEED + i``)."""
TIME_LIMIT = 60.0
"""Seconds one game's hand may take."""
WORKER_LIMIT = 60.0
"""Seconds the worker process may take to start and answer."""
WORKER_BUDGET_MS = 50.0
"""The hard decision's time budget in the worker check."""
FRAME_DT = 1 / 60
REPORT_NAME = "four-trumps-selftest.log"


class SelfTestError(Exception):
    """A check failed; the message is the one-line reason."""


@dataclass(frozen=True)
class GameRun:
    """What one game's run did."""

    game: str
    seed: int
    actions: int
    frames: int
    seconds: float

    def line(self) -> str:
        """The line printed for this game."""
        return (f"selftest {self.game}: 1 hand, {self.actions} actions, {self.frames} frames, "
                f"{self.seconds:.1f} s (seed {self.seed})")


def force_headless(environ: MutableMapping[str, str] = os.environ) -> None:
    """Use SDL's dummy video and audio drivers, whatever the environment said."""
    environ["SDL_VIDEODRIVER"] = "dummy"
    environ["SDL_AUDIODRIVER"] = "dummy"
    environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def report_path() -> Path:
    """Where the last self-test's report is kept: the game's own log folder (``--data-dir`` /
    ``FOUR_TRUMPS_DATA_DIR``, else the system's per-user one), never a shared temporary
    folder."""
    return storage.resolve_paths(None).logs / REPORT_NAME


def describe() -> str:
    """One line: the program's and its libraries' versions, whether it runs frozen, and the
    assets folder it uses."""
    import pygame

    how = "bundle" if getattr(sys, "frozen", False) else "source"
    return (f"Four Trumps {__version__} ({how}), Python {platform.python_version()}, "
            f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}"
            f", {platform.system()} {platform.machine()}; assets: {assets.root()}")


def check_assets() -> None:
    """Raise :class:`SelfTestError` naming every bundled file (fonts, licence, icon) missing
    from the assets folder."""
    lost = assets.missing()
    if lost:
        raise SelfTestError(f"assets missing from {assets.root()}: {', '.join(lost)}")


def check_languages() -> str:
    """The line naming the languages the game speaks and how many messages each catalog holds;
    :class:`SelfTestError` for a language whose catalog is missing or does not read."""
    from .. import i18n
    from ..i18n import catalog

    counts = []
    for code, name in i18n.LANGUAGES.items():
        if code == "en":
            continue
        try:
            count = len(catalog.entries(code))
            catalog.translations(code)
        except (catalog.CatalogError, OSError) as err:
            raise SelfTestError(f"the {name} catalog does not read: {err}") from err
        if count == 0:
            raise SelfTestError(f"the {name} catalog is missing from {catalog.LOCALE}")
        counts.append(f"{name} ({count} messages)")
    return "languages: English, " + ", ".join(counts)


def check_lessons() -> str:
    """The line naming how many guided hands there are; :class:`SelfTestError` for one whose
    files are missing or do not replay."""
    from .. import lessons

    try:
        found = lessons.every_lesson()
    except lessons.LessonError as err:
        raise SelfTestError(f"a guided hand does not load: {err}") from err
    return f"guided hands: {len(found)} ({', '.join(lesson.id for lesson in found)})"


def check_engine(frozen: bool | None = None) -> str:
    """The line saying which engine runs (``engine: compiled (mypyc)`` or ``engine: pure
    Python (why)``); raise :class:`SelfTestError` when a bundle (``frozen``; by default,
    whether this program runs frozen) runs the pure-Python engine: it ships the compiled one
    (``tools/build_bundle.py``). From the sources either engine may run."""
    if frozen is None:
        frozen = bool(getattr(sys, "frozen", False))
    if frozen and engine_choice.kind() != engine_choice.COMPILED:
        raise SelfTestError(f"the bundle's engine is not the compiled one "
                            f"({engine_choice.describe()})")
    return engine_choice.describe()


class _Errors(logging.Handler):
    """Keeps the messages of error-level log records."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _painted(surface: pygame.Surface) -> bool:
    """True when ``surface`` shows more than one colour (a grid of samples)."""
    w, h = surface.get_size()
    seen = {tuple(surface.get_at((x * (w - 1) // 7, y * (h - 1) // 7)))
            for x in range(8) for y in range(8)}
    return len(seen) > 1


def play_hand(game: str, data: Path, seed: int, limit: float = TIME_LIMIT,
              clock: Callable[[], float] = time.monotonic) -> GameRun:
    """Play one AI-only hand of ``game`` through the app with its files in ``data``; raises
    :class:`SelfTestError` with the reason when a check fails (other errors pass through)."""
    import pygame

    from .app import App
    from .autoplay import Autoplay

    errors = _Errors()
    logging.getLogger("game").addHandler(errors)
    paths = storage.resolve_paths(data)
    app = App(paths=paths)
    try:
        app.session.rng.seed(seed)
        auto = Autoplay(app, game, 1, LEVEL)
        start, frames = clock(), 0
        while app.running:
            app.step(FRAME_DT)
            pygame.display.flip()
            frames += 1
            if errors.messages:
                raise SelfTestError(f"logged an error: {errors.messages[0]}")
            if clock() - start > limit:
                raise SelfTestError(f"the hand did not finish within {limit:g} s "
                                    f"({frames} frames)")
        seconds = clock() - start
        if app.exit_status:
            raise SelfTestError(f"the app ended with status {app.exit_status}")
        if auto.done < 1:
            raise SelfTestError("the app stopped before the hand finished")
        if not _painted(app.screen):
            raise SelfTestError("the last frame is blank")
    finally:
        logging.getLogger("game").removeHandler(errors)
        app.close()
    record, notice = storage.load_game(paths)
    if record is None or notice is not None or not record["hands"]:
        raise SelfTestError(f"the autosave did not load back ({notice or 'no game saved'})")
    return GameRun(game, seed, len(record["hands"][0]["actions"]), frames, seconds)


def check_workers(limit: float = WORKER_LIMIT) -> str:
    """Start one AI worker process the way the game does and have it make a hard decision;
    the line to print, or :class:`SelfTestError` with the reason (the worker did not start or
    answer within ``limit`` seconds, ran in this process, imported pygame, or chose an illegal
    action)."""
    from ..engine.ai.workers import Workers, about, decide
    from ..engine.match import Match

    start = time.monotonic()
    workers = Workers(1)
    try:
        try:
            workers.wait_warm(limit)
            facts = workers.submit(about).result(limit)
            match = Match("arbaa-turub", SEED)
            hand = match.hand
            seat = hand.to_act
            assert seat is not None
            choice = workers.submit(decide, "hard", SEED, WORKER_BUDGET_MS,
                                    hand.knowledge(seat)).result(limit)  # type: ignore[attr-defined]
        except Exception as err:
            raise SelfTestError(f"the AI's worker process failed: {type(err).__name__}: "
                                f"{err}") from err
        if facts["pid"] == os.getpid():
            raise SelfTestError("the AI's worker ran in the game's own process")
        if facts["pygame"]:
            raise SelfTestError("the AI's worker process imported pygame")
        if choice.action is None or hand.why_illegal(choice.action) is not None:
            raise SelfTestError(f"the AI's worker chose an illegal action: {choice.action}")
    finally:
        workers.shutdown()
    return (f"selftest workers: a hard decision in a worker process (pid {facts['pid']}) in "
            f"{time.monotonic() - start:.1f} s")


def run(names: Sequence[str], say: Callable[[str], None], limit: float = TIME_LIMIT) -> None:
    """Play a hand of each game in ``names`` (each in its own throwaway data folder), calling
    ``say`` with each game's line; raises :class:`SelfTestError` naming the game that failed."""
    with tempfile.TemporaryDirectory(prefix="four-trumps-selftest-") as tmp:
        for i, game in enumerate(names):
            try:
                done = play_hand(game, Path(tmp) / game, SEED + i, limit)
            except SelfTestError as err:
                raise SelfTestError(f"{game}: {err}") from err
            except Exception as err:
                raise SelfTestError(f"{game}: {type(err).__name__}: {err}") from err
            say(done.line())


def main(names: Sequence[str] | None = None, report: Path | None = None,
         limit: float = TIME_LIMIT) -> int:
    """The ``--selftest`` command: returns 0 when every game passed, else 1 (see the module's
    docstring for what is printed and kept)."""
    force_headless()
    report = report or report_path()
    lines: list[str] = []

    def say(line: str, stream: TextIO | None = None) -> None:
        lines.append(line)
        out = stream or sys.stdout  # either is None in a windowed executable
        if out is not None:
            print(line, file=out, flush=True)

    details = ""
    status = 0
    started = time.monotonic()
    try:
        say(describe())
        check_assets()
        say(check_engine())
        say(check_workers())
        say(check_languages())
        say(check_lessons())
        chosen = list(names) if names is not None else games.names()
        run(chosen, say, limit)
        say(f"selftest passed: {len(chosen)} game{'s' if len(chosen) != 1 else ''} in "
            f"{time.monotonic() - started:.1f} s")
    except Exception as err:
        details = traceback.format_exc()
        reason = str(err) if isinstance(err, SelfTestError) else f"{type(err).__name__}: {err}"
        say(f"selftest FAILED: {reason} (details in {report})", sys.stderr)
        status = 1
    with contextlib.suppress(OSError):  # the report is a courtesy; the status says it all
        # written beside and renamed over: a link in its place is replaced, never followed
        storage.atomic_write_text(report, "\n".join([*lines, details]))
    return status

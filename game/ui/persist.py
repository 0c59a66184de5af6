"""What the app keeps on disk, written without ever holding up a frame.

:class:`Writer` is one small background thread doing the disk's work in the order it was handed
over: writing a file atomically (:func:`game.storage.write_json`), a read-modify-write
(:class:`Job`), or bringing the saved game up to date (:class:`SaveGame`). Newer content for the
same file (or the same match) replaces older content that is still waiting *in its place in the
queue*, so whatever was queued after it still comes after it.

When the disk refuses (full, read-only, no permission) the task stays at the head of the queue
and is retried after a short back-off (:data:`RETRY_AFTER`) with the newest content; nothing
behind it runs before it. The player sees one calm line (:attr:`Writer.problem`: not saved, why,
what to do — the app draws it over every scene) until a write succeeds again; the log gets one
line per kind of failure, not a traceback per action.

:class:`Keeper` watches the session once per frame (a few comparisons): the settings object and
the match. Whatever changed is handed to the writer — the settings, the game in progress (in
pieces, :mod:`game.saved_game`: an action costs an appended line, whatever the hand number) and
the statistics. When a game ends, the statistics count it; its save is replaced by the next
game's, or removed when the window closes (:meth:`Keeper.save_match`).
:meth:`Keeper.close` writes the last state and waits for the disk (window closed).

**Order** (issue 15): the statistics job counting a finished hand is queued after the save that
holds that hand, and the writer never runs a task before the ones queued earlier have
succeeded — so the statistics never count a hand that the saved game does not hold. A kill can
fall between the two; the statistics remember which hands of the match in progress they counted
(``Statistics.counted``), and the next start counts the missing hand from the save, once.

**Abandoned games** (issue 16): each game has its own save; a new match of a game replaces its
match in progress. The statistics remember, per game, the match they count (its seed); the
statistics job that first counts a new match finds the old one there, not over, and counts it
as abandoned in the same atomic write that forgets it — so exactly once. That job is queued
after the new match's save (jobs are never merged, always run in order after what was queued
before them): a kill before the save leaves the old game on disk and uncounted (it was not
abandoned); a kill between the save and the job leaves the new save and the old seed in the
statistics, and the next start's count of the new match counts the old one then, once.

**Files that cannot be read** (no permission, a special file in their place) are *blocked*
(:attr:`Writer.blocked`): never written, moved or deleted this session — not even by the
statistics job. A blocked saved game means the game in progress is not saved this session (the
player is told once, at start); statistics are still counted.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import saved_game, storage
from ..engine.message import Message, Word
from .games import presentation
from .session import Match

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Session

log = logging.getLogger(__name__)

_DELETE = object()
"""Writer content meaning: remove the file."""

RETRY_AFTER = (0.25, 0.5, 1.0, 2.0, 4.0)
"""Seconds before retrying a failed write: the first failure, the second, ... (then the last)."""


class Task:
    """Something for the writer to do on the disk; ``path`` is where (named to the player
    when it fails). :meth:`run` raises ``OSError`` when the disk refuses."""

    path: Path

    def run(self, writer: Writer) -> None:
        raise NotImplementedError


class Job:
    """Content computed in the writer thread (a read-modify-write of a file): ``fn`` returns
    the content, or ``None`` to write nothing."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn

    def __call__(self) -> Any:
        return self.fn()


class _FileTask(Task):
    """Write ``data`` (JSON-ready, a :class:`Job`, or :data:`_DELETE`) to ``path``."""

    def __init__(self, path: Path, data: Any) -> None:
        self.path = path
        self.data = data

    def run(self, writer: Writer) -> None:
        if self.path in writer.blocked:
            return
        data = self.data() if isinstance(self.data, Job) else self.data
        if self.path in writer.blocked:      # the job found the file unreadable
            return
        if data is _DELETE:
            self.path.unlink(missing_ok=True)
        elif data is not None:
            storage.write_json(self.path, data)


class SaveGame(Task):
    """Bring the saved game up to a :class:`~game.saved_game.Snapshot`."""

    def __init__(self, files: saved_game.Files, snap: saved_game.Snapshot) -> None:
        self.files = files
        self.snap = snap
        self.path = files.folder

    def run(self, writer: Writer) -> None:
        self.files.save(self.snap)


class _RemoveLegacy(Task):
    """Remove a save of an earlier version (once converted into its game's folder)."""

    def __init__(self, paths: storage.Paths) -> None:
        self.paths = paths
        self.path = paths.saved_game

    def run(self, writer: Writer) -> None:
        saved_game.remove_legacy(self.paths)


class EndGame(Task):
    """Remove the saved game of the match ``token`` (it is over)."""

    def __init__(self, files: saved_game.Files, token: str) -> None:
        self.files = files
        self.token = token
        self.path = files.folder

    def run(self, writer: Writer) -> None:
        self.files.end(self.token)


def save_problem(err: OSError, path: Path, brief: bool = False) -> Message:
    """The calm line for a failed save: not saved, why (and in which folder, unless
    ``brief``), what to do — its English text, said in the player's language where shown
    (:func:`game.i18n.say`)."""
    folder = path.parent
    why: str
    if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        why, todo = Word("the disk is full"), Word("free some space on it")
    elif err.errno == errno.EROFS:
        why, todo = Word("the disk is read-only"), Word("make it writable")
    elif isinstance(err, PermissionError):
        why, todo = Word("no permission to write there"), Word("give your user write access "
                                                               "to it")
    else:
        why, todo = (err.strerror or type(err).__name__).lower(), Word("check the disk")
    if brief:
        return Message("Not saved: {why}. Please {todo}; the game keeps trying.",
                       why=why, todo=todo)
    return Message("Not saved: {why} ({folder}). Please {todo}; the game keeps trying.",
                   why=why, folder=str(folder), todo=todo)


class Writer:
    """A background thread doing the disk's work in order (see the module's docstring).

    :meth:`put` never blocks on the disk; :meth:`flush` waits until everything handed over is
    on disk (or the disk refuses: then it returns at once, false). Unexpected errors (bugs) are
    logged with their traceback and kept in :attr:`errors`; the task is dropped."""

    def __init__(self) -> None:
        self._pending: dict[Hashable, Task] = {}
        self._jobs = 0
        self._busy = False
        self._closing = False
        self._failures = 0
        self._retry_at = 0.0
        self._cv = threading.Condition()
        self.errors: list[str] = []
        self.writes = 0
        """Tasks done so far."""
        self.blocked: set[Path] = set()
        """Files never to write (they could not be read: see the module's docstring)."""
        self.problem: str | None = None
        """The calm line while saving fails (``None``: saving works)."""
        self.problem_brief: str | None = None
        """The same without the folder (for the table, where room is short)."""
        self.tell: Callable[[str], None] | None = None
        """Called (in the writer's thread) with each new calm line when saving starts failing
        — once per kind of failure, as the log: with no window (autoplay, the self-test) it
        says so on stderr, so a full disk is never silent."""
        self._thread = threading.Thread(target=self._run, name="four-trumps-writer",
                                        daemon=True)
        self._thread.start()

    def put(self, path: Path, data: Any) -> None:
        """Write ``data`` (JSON-ready, not changed afterwards by the caller) to ``path`` soon;
        replaces any older content still waiting for the same file, in its place. ``data`` may
        also be a :class:`Job`: called in the writer thread, it returns the content (``None``:
        write nothing); jobs are never replaced — each one runs, in the order given. Nothing
        is ever written to a :attr:`blocked` file."""
        if path in self.blocked:
            return
        if isinstance(data, Job):
            self._jobs += 1
            self.put_task(("job", self._jobs), _FileTask(path, data))
        else:
            self.put_task(path, _FileTask(path, data))

    def delete(self, path: Path) -> None:
        """Remove ``path`` soon (after anything handed over before for it)."""
        self.put(path, _DELETE)

    def put_task(self, key: Hashable, task: Task) -> None:
        """Do ``task`` soon; it replaces a task with the same ``key`` still waiting, in its
        place in the queue."""
        with self._cv:
            self._pending[key] = task
            self._cv.notify_all()

    def _next(self) -> tuple[Hashable, Task] | None:
        """The next task (waiting for it, and for the back-off after a failure); ``None``
        when the thread should end."""
        with self._cv:
            while True:
                if self._closing and (not self._pending or self._failures > 1):
                    return None
                wait = self._retry_at - time.monotonic()
                if self._pending and wait <= 0:
                    key = next(iter(self._pending))
                    self._busy = True
                    return key, self._pending.pop(key)
                self._cv.wait(wait if self._pending else None)

    def _run(self) -> None:
        while (item := self._next()) is not None:
            key, task = item
            failed: OSError | None = None
            try:
                task.run(self)
            except OSError as err:
                failed = err
            except Exception as err:  # a bug: logged with its traceback, not retried
                log.exception("could not write %s", task.path)
                self.errors.append(f"{task.path.name}: {err}")
            with self._cv:
                self._busy = False
                if failed is None:
                    self._succeeded()
                else:
                    self._failed(key, task, failed)
                self._cv.notify_all()

    def _succeeded(self) -> None:
        self.writes += 1
        if self.problem is not None:
            log.info("saving works again")
        self.problem = self.problem_brief = None
        self._failures = 0
        self._retry_at = 0.0

    def _failed(self, key: Hashable, task: Task, err: OSError) -> None:
        """Put ``task`` — or the newer content handed over for the same key meanwhile — back
        at the head of the queue, and retry after the back-off."""
        task = self._pending.pop(key, task)
        self._pending = {key: task, **self._pending}
        line = save_problem(err, task.path)
        if line != self.problem:
            log.warning("could not write %s: %s", task.path, err)
            self.errors.append(f"{task.path.name}: {err}")
            if self.tell is not None:
                self.tell(str(line))
        self.problem = line
        self.problem_brief = save_problem(err, task.path, brief=True)
        self._retry_at = time.monotonic() + RETRY_AFTER[min(self._failures,
                                                            len(RETRY_AFTER) - 1)]
        self._failures += 1

    @property
    def working(self) -> bool:
        """True while a task waits or runs (the frame loop keeps looking at :attr:`problem`
        meanwhile)."""
        return self._busy or bool(self._pending)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every task handed over is done; false if ``timeout`` ran out or the
        disk refuses (the tasks stay queued and are retried)."""
        with self._cv:
            return self._cv.wait_for(
                lambda: not self._busy and (not self._pending or self.problem is not None),
                timeout) and not self._pending

    def close(self, timeout: float = 10.0) -> None:
        """Write what is pending (one more try now if the disk refused), then stop the
        thread."""
        with self._cv:
            self._retry_at = 0.0
            self._cv.notify_all()
        self.flush(timeout)
        with self._cv:
            self._closing = True
            self._retry_at = 0.0
            self._cv.notify_all()
        self._thread.join(timeout)


def hand_outcome(game: str, result: dict[str, Any]) -> tuple[str, int]:
    """South's side's outcome of a finished hand (``won``/``lost``/``drawn``) and, in French
    Tarot, South's score for it (0 in the other games)."""
    shown = presentation(game)
    outcome = {True: "won", False: "lost", None: "drawn"}[shown.south_won(result)]
    return outcome, shown.hand_points(result)


def game_outcome(winner: Any) -> str | None:
    """South's outcome of a game from its tally's winner (a team, a seat or a list of tied
    seats), ``None`` while nobody has won. **Decision**: a French Tarot tie South shares
    counts as drawn."""
    if winner is None:
        return None
    if isinstance(winner, list):
        return "drawn" if "S" in winner else "lost"
    return "won" if winner in ("NS", "S") else "lost"


class Keeper:
    """The app's files: loads them at start, saves whatever changed once per frame. Each game
    has its own save (``saved-game/<game>/``): a game in progress of every game is kept."""

    def __init__(self, paths: storage.Paths, writer: Writer | None = None) -> None:
        self.paths = paths
        self.writer = writer or Writer()
        self.blocked = self.writer.blocked
        """Files that could not be read: never written this session."""
        self.notices: list[str] = []
        """Calm lines for the player (damaged files moved aside, unreadable files)."""
        self.save_settings = True
        """False under autoplay: its speed and levels are not the player's."""
        self.save_blocked = False
        """The saved games could not be read: no game is saved this session."""
        self.blocked_games: set[str] = set()
        """Games whose save could not be read: not saved this session."""
        self.in_progress: dict[str, Match] = {}
        """The games in progress found at start, per game."""
        self._settings_json: dict[str, Any] | None = None
        self._files: dict[str, saved_game.Files] = {}
        self._match_keys: dict[str, tuple[Any, ...]] = {}
        self._stats_keys: dict[str, tuple[Any, ...]] = {}
        self._saving: dict[str, tuple[Match, str, dict[str, Any]]] = {}
        """Per game: the match being saved, its token (:mod:`game.saved_game`) and header."""

    @property
    def save_problem(self) -> str | None:
        """The calm line while saving fails (``None``: everything is saved)."""
        return self.writer.problem

    def files(self, game: str) -> saved_game.Files:
        """The writer's view of ``game``'s save."""
        if game not in self._files:
            self._files[game] = saved_game.Files(self.paths, game=game)
        return self._files[game]

    # -- start --------------------------------------------------------------------------------

    def load(self) -> tuple[storage.Settings, Match | None]:
        """Read settings, statistics and every game's game in progress (kept in
        :attr:`in_progress`); returns the settings and, of those, the game most recently
        played. Damaged
        files are moved aside, unreadable ones are left alone and :attr:`blocked` (their
        notices gathered in :attr:`notices`). A saved game that has already ended is counted
        and not offered; a save of an earlier version is converted into its game's folder
        (the new pieces first, then the old save is removed)."""
        for tmp in storage.clean_temporaries(self.paths):
            log.info("removed an interrupted write: %s", tmp.name)
        settings, notice = storage.load_settings(self.paths, self.blocked)
        self._note(notice)
        self._settings_json = settings.to_json()
        _, notice = storage.load_statistics(self.paths, self.blocked)
        self._note(notice)
        saves = saved_game.read_all(self.paths)
        for line in saves.notices:
            self._note(line)
        self.save_blocked = saves.blocked
        for game, found in saves.games.items():
            self._note(found.notice)
            if found.blocked:
                self.blocked_games.add(game)
            match = self._resume(game, found)
            if match is not None and not (match.over and match.hand.done):
                self.in_progress[game] = match
        played = sorted(self.in_progress, key=lambda g: saves.games[g].played)
        return settings, self.in_progress[played[-1]] if played else None

    def _resume(self, game: str, found: saved_game.Found) -> Match | None:
        """The match of a save found at start (counted, converted if of an earlier
        version)."""
        if found.record is None:
            return None
        try:
            match = Match.from_record(found.record)
        except Exception:  # read_all() replayed it; anything here is a bug: keep the files
            log.exception("the saved game replays but could not be resumed")
            self._note(Message("Your saved game could not be resumed; it was left as it is."))
            self.blocked_games.add(game)
            return None
        files = self.files(game)
        if not found.legacy:
            files.disk = found.disk
        token = found.disk.token if found.disk is not None and not found.legacy \
            else saved_game.new_token()
        self._saving[game] = (match, token, saved_game.header(found.record))
        self._match_keys[game] = self._key(match)
        if found.legacy:                    # converted: the pieces first, then the old save
            self._save(match)
            self.writer.put_task(("legacy", 0), _RemoveLegacy(self.paths))
        self._count(match)
        return match

    def _note(self, notice: str | None) -> None:
        if notice:
            log.warning("%s", notice)
            self.notices.append(notice)

    # -- every frame ---------------------------------------------------------------------------

    @staticmethod
    def _key(match: Match) -> tuple[Any, ...]:
        # the match itself (compared by identity), not its id(): a new match may reuse an id
        return match, len(match.hands), len(match.hands[-1]["actions"])

    def watch(self, session: Session) -> None:
        """Hand the writer whatever changed in ``session`` since the last frame: the settings
        and every game's game in progress."""
        if self.save_settings:
            now = session.settings.to_json()
            if now != self._settings_json:
                self._settings_json = now
                self.writer.put(self.paths.settings, now)
        for match in list(session.matches.values()):
            if self._key(match) != self._match_keys.get(match.game):
                self._match_keys[match.game] = self._key(match)
                self.save_match(match)

    def save_match(self, match: Match) -> None:
        """Save ``match`` as its game's game in progress, then count its newly finished hands
        (and its end). **Decision**: a finished game's save is not removed at once but
        replaced by the next game's of the same game (whose ``match.json`` commits it
        atomically), or removed when the window closes: so a kill never finds *no* save
        between two games, and the next start counts a finished save it finds (once) and does
        not offer it to Continue. A new match replacing an unfinished one of the same game
        counts that one as abandoned — by the statistics job queued after the new match's save
        (:meth:`game.storage.Statistics.count_match`)."""
        self._save(match)
        self._count(match)

    def _save(self, match: Match) -> None:
        """Queue the match's pieces (nothing while its save is blocked)."""
        game = match.game
        if self.save_blocked or game in self.blocked_games:
            return
        saving = self._saving.get(game)
        if saving is None or saving[0] is not match:
            saving = (match, saved_game.new_token(), saved_game.header(match.record()))
            self._saving[game] = saving
        _, token, head = saving
        snap = saved_game.snapshot(token, head, match.hands)
        self.writer.put_task(("saved-game", token), SaveGame(self.files(game), snap))

    def _count(self, match: Match) -> None:
        """Count the match's newly finished hands (and its end) in the statistics file: read,
        count what was not counted yet, write — in the writer thread, queued after the save
        that holds those hands, so the file stays the one truth that the statistics scene may
        also read, reset and save."""
        won = game_outcome(match.tally.winner())
        key = (match.seed, len(match.results), won)
        if key == self._stats_keys.get(match.game) or self.paths.statistics in self.blocked:
            return
        self._stats_keys[match.game] = key
        outcomes = [hand_outcome(match.game, r) for r in match.results]
        counted = storage.stats_key(match.game, match.options)  # each table size apart

        def count() -> dict[str, Any] | None:
            stats, notice = storage.load_statistics(self.paths, self.blocked)
            self._note(notice)
            if not stats.count_match(counted, key[0], outcomes, won):
                return None
            return stats.to_json()

        self.writer.put(self.paths.statistics, Job(count))

    # -- the end -------------------------------------------------------------------------------

    def close(self, session: Session) -> None:
        """The window closes: save the last state (a finished game: remove its save, after
        its count) and wait for the disk."""
        self._match_keys.clear()
        self.watch(session)
        if not self.save_blocked:
            for game, (last, token, _) in self._saving.items():
                if last.over and last.hand.done and game not in self.blocked_games:
                    self.writer.put_task(("end", token), EndGame(self.files(game), token))
        self.writer.close()

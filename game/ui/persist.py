"""What the app keeps on disk, written without ever holding up a frame.

:class:`Writer` is one small background thread that writes files atomically
(:func:`game.storage.write_json`): the frame loop hands it the newest content of a file and goes
on; when the thread is still busy with an older write, only the newest content is written next
(a finished write is never torn — ``atomic_write_text`` renames a complete file into place).

:class:`Keeper` watches the session once per frame (a few comparisons): the settings object, the
match record and the finished hands. Whatever changed is handed to the writer — the settings,
the autosave (``<data dir>/autosave.json``, a RECORDS.md match record, after every action of
any seat) and the statistics. When a game ends, the statistics count it and the autosave is
removed. :meth:`Keeper.close` writes the last state and waits for the disk (window closed).

Statistics and autosave are written separately, so a kill can fall between the two; the
statistics remember which hands of the match in progress they counted
(``Statistics.counted``), so a resumed game never counts a hand twice nor forgets one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import storage
from .games import presentation
from .session import Match

if TYPE_CHECKING:
    from .session import Session

log = logging.getLogger(__name__)

_DELETE = object()
"""Writer content meaning: remove the file."""


class Job:
    """Content computed in the writer thread (a read-modify-write of a file)."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn

    def __call__(self) -> Any:
        return self.fn()


class Writer:
    """A background thread writing JSON files atomically, newest content per file first come.

    :meth:`put` never blocks on the disk; :meth:`flush` waits until everything handed over is
    on disk (or failed: failures are logged and kept in :attr:`errors`)."""

    def __init__(self) -> None:
        self._pending: dict[Path | tuple[Path, int], Any] = {}
        self._jobs = 0
        self._busy = False
        self._closing = False
        self._cv = threading.Condition()
        self.errors: list[str] = []
        self.writes = 0
        """Files written or removed so far."""
        self._thread = threading.Thread(target=self._run, name="four-trumps-writer",
                                        daemon=True)
        self._thread.start()

    def put(self, path: Path, data: Any) -> None:
        """Write ``data`` (JSON-ready, not changed afterwards by the caller) to ``path`` soon;
        replaces any older content still waiting for the same file. ``data`` may also be a
        :class:`Job`: called in the writer thread, it returns the content (``None``: write
        nothing); jobs are never replaced — each one runs, in the order given."""
        with self._cv:
            if isinstance(data, Job):
                # a read-modify-write is never dropped for a newer one: each runs, in order
                self._jobs += 1
                self._pending[(path, self._jobs)] = data
            else:
                self._pending.pop(path, None)
                self._pending[path] = data
            self._cv.notify_all()

    def delete(self, path: Path) -> None:
        """Remove ``path`` soon (after anything handed over before for it)."""
        self.put(path, _DELETE)

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._pending and not self._closing:
                    self._cv.wait()
                if not self._pending:
                    return
                key = next(iter(self._pending))
                data = self._pending.pop(key)
                path = key if isinstance(key, Path) else key[0]
                self._busy = True
            try:
                if isinstance(data, Job):
                    data = data()
                if data is _DELETE:
                    path.unlink(missing_ok=True)
                elif data is not None:
                    storage.write_json(path, data)
                self.writes += 1
            except Exception as err:  # a full disk must not stop the game: log, go on
                log.exception("could not write %s", path)
                self.errors.append(f"{path.name}: {err}")
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every file handed over is written; False if ``timeout`` ran out."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Write what is pending, then stop the thread."""
        self.flush(timeout)
        with self._cv:
            self._closing = True
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
    """The app's files: loads them at start, saves whatever changed once per frame."""

    def __init__(self, paths: storage.Paths, writer: Writer | None = None) -> None:
        self.paths = paths
        self.writer = writer or Writer()
        self.notices: list[str] = []
        """Calm lines for the player (damaged files moved aside)."""
        self.save_settings = True
        """False under autoplay: its speed and levels are not the player's."""
        self._settings_json: dict[str, Any] | None = None
        self._match_key: tuple[Any, ...] | None = None
        self._stats_key: tuple[Any, ...] | None = None

    # -- start --------------------------------------------------------------------------------

    def load(self) -> tuple[storage.Settings, Match | None]:
        """Read settings, statistics and the game in progress; damaged files are moved aside
        (their notices gathered in :attr:`notices`). A saved game that has already ended is
        counted and removed."""
        for tmp in storage.clean_temporaries(self.paths):
            log.info("removed an interrupted write: %s", tmp.name)
        settings, notice = storage.load_settings(self.paths)
        self._note(notice)
        self._settings_json = settings.to_json()
        _, notice = storage.load_statistics(self.paths)
        self._note(notice)
        record, notice = storage.load_game(self.paths)
        self._note(notice)
        match: Match | None = None
        if record is not None:
            try:
                match = Match.from_record(record)
            except Exception:  # load_game replayed it; anything here is a bug: keep the file
                log.exception("the saved game replays but could not be resumed")
                self._note("Your saved game could not be resumed; the file was left as it is.")
        if match is not None:
            self._match_key = self._key(match)
            self._count(match)
            if match.over and match.hand.done:
                self.writer.delete(self.paths.autosave)
                match = None
        return settings, match

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
        """Hand the writer whatever changed in ``session`` since the last frame."""
        if self.save_settings:
            now = session.settings.to_json()
            if now != self._settings_json:
                self._settings_json = now
                self.writer.put(self.paths.settings, now)
        match = session.match
        if match is not None and self._key(match) != self._match_key:
            self._match_key = self._key(match)
            self.save_match(match)

    def save_match(self, match: Match) -> None:
        """Save ``match`` as the game in progress (or, once over, count it and forget it)."""
        self._count(match)
        if match.over and match.hand.done:
            self.writer.delete(self.paths.autosave)
        else:
            self.writer.put(self.paths.autosave, match.record())

    def _count(self, match: Match) -> None:
        """Count the match's newly finished hands (and its end) in the statistics file: read,
        count what was not counted yet, write — in the writer thread, so the file stays the
        one truth that the statistics scene may also read, reset and save."""
        won = game_outcome(match.tally.winner())
        key = (match.game, match.seed, len(match.results), won)
        if key == self._stats_key:
            return
        self._stats_key = key
        outcomes = [hand_outcome(match.game, r) for r in match.results]

        def count() -> dict[str, Any] | None:
            stats, notice = storage.load_statistics(self.paths)
            self._note(notice)
            if not stats.count_match(match.game, key[1], outcomes, won):
                return None
            return stats.to_json()

        self.writer.put(self.paths.statistics, Job(count))

    # -- the end -------------------------------------------------------------------------------

    def close(self, session: Session) -> None:
        """The window closes: save the last state and wait for the disk."""
        self._match_key = None
        self.watch(session)
        self.writer.close()

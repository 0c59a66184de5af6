"""What the deal of the day remembers (issue 27): per deal (a key of
:func:`game.engine.daily.key_of`: ``"turup"``, ``"tarot-5"``…) each day's result against par,
the finished hands of the latest days — ``daily.json`` in the data folder — and the deal of
the day in progress, ``daily-progress.json`` beside it::

    {"format": "four-trumps/daily", "version": 1,
     "days": {"turup": {"2026-11-26": {"score": 7, "par": 6, "on_day": true,
                                       "seats": {"W": "normal", "N": "normal", "E": "normal"},
                                       "hand": {…}, "par_hand": {…}}}}}
    {"format": "four-trumps/daily-progress", "version": 1,
     "progress": {"turup": {"day": "2026-11-27", "actions": [{…}, …], "seats": {…}}}}

**Decision** (two files): the progress is saved after every action; the results file holds
up to ten years of days and the hands of 30 to 60 days per deal (measured: 0.7 MB and 90 ms to
serialise for one deal played daily for a year, 6 MB and 0.6 s for six deals after ten years).
Apart, an action costs the writer a file of a few kilobytes (0.2 to 0.4 ms). The writer writes
them in the order given: a finished play's result first, then its progress forgotten — a kill
between the two leaves a progress of a day already played, which :meth:`DailyBook.progress`
does not offer (the result counts, not a second play).

Like :mod:`game.ui.lesson_book`: read once, the first time it is asked
(:meth:`DailyBook.load`), with the careful reader of :mod:`game.storage` (a damaged file is
moved aside and said in one line; an unreadable one is left alone and never written); written
through the session keeper's writer (atomic, in the background, retried when the disk refuses),
so a kill leaves the last file the writer finished, never a mix. Without a keeper (the tests,
autoplay) the book lives in memory only. The games in progress and the statistics are never
touched.

**Decision** (strict reading): each file is valid only as a whole — its format, its version
(:data:`VERSION`; another version is treated as damaged, as the file then cannot be trusted),
every day named ``YYYY-MM-DD``, every measure an integer (never a boolean), ``on_day`` a
boolean, the seats letters → level names, a kept hand a hand record's shape (a mapping with
its ``game`` and its ``actions``; it is replayed by whoever uses it, not here). One bad entry
makes the file damaged, as ``lessons.json``; a damaged progress file loses only the deal in
progress, never the results.

**Decision** (what counts): the first finished play of a key's day is its result; a later
play of the same deal (after a restart, or played again for fun) changes nothing. A day played
after its own date counts in *played*, *better*, *equal*, *worse* and the mean, but not in the
streak (:class:`DailySummary`). Par is that day's first par too: once known it never moves.

**Decision** (what is kept): at most :data:`KEEP_DAYS` days of results per key (the oldest go
first); the finished hands — the player's and par's — for the latest :data:`KEEP_HANDS`
deal dates played of each key, and for the latest :data:`KEEP_HANDS` older days still waiting
for their par (par is computed from the player's hand: a deal of an old date played late keeps
its hand until its par is known — unless par never comes for many days).
Hands fall out when another day is recorded or at the next start, never at
:meth:`DailyBook.record_par` (so the screen that shows the new par still finds both hands). An
older day keeps its result, not its hands.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import storage
from ..engine.message import Word

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .persist import Keeper

FORMAT = "four-trumps/daily"
VERSION = 1
FILE_NAME = "daily.json"
FILE_WORD = Word("deal of the day file")
"""The results file as the calm lines name it."""
PROGRESS_FORMAT = "four-trumps/daily-progress"
PROGRESS_NAME = "daily-progress.json"
PROGRESS_WORD = Word("deal of the day progress file")
"""The progress file as the calm lines name it."""
KEEP_DAYS = 3650
"""The most days of results kept per key (ten years of days)."""
KEEP_HANDS = 30
"""The latest played days of a key whose finished hands (the player's and par's) are kept."""


@dataclass
class DayResult:
    """One day's deal of one key as the player played it, against par."""

    day: str
    """The deal's date, ``YYYY-MM-DD``."""
    score: int
    """The player's measure (:func:`game.engine.daily.score`, in the game's unit)."""
    par: int | None
    """Par's measure (the strong player in South's seat on the same cards), ``None`` until
    known."""
    on_day: bool
    """Played on the deal's own date (only such days make a streak)."""
    seats: dict[str, str] = field(default_factory=dict)
    """The AI level of each seat letter in the player's play (par plays against the same)."""

    @property
    def diff(self) -> int | None:
        """The player's measure minus par's (``None`` while par is unknown)."""
        return None if self.par is None else self.score - self.par

    def to_json(self) -> dict[str, Any]:
        """The day's entry in the file (without its hands)."""
        return {"score": self.score, "par": self.par, "on_day": self.on_day,
                "seats": dict(self.seats)}


@dataclass(frozen=True)
class DailySummary:
    """A key's days at a glance (:meth:`DailyBook.summary`)."""

    played: int
    """Days whose deal was played (on its day or later)."""
    better: int
    """Days with par known where the player scored more than par ..."""
    equal: int
    """... as much as par ..."""
    worse: int
    """... less than par (so ``better + equal + worse`` ≤ ``played``: a day waiting for its
    par is in none of them)."""
    mean: float | None
    """The mean difference (player minus par) over the days with par; ``None`` without
    any."""
    streak: int
    """The current streak: consecutive dates, ending today — or yesterday while today's deal
    is not played yet — whose deal was played on its own date."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_day(text: Any) -> bool:
    if not isinstance(text, str) or len(text) != 10:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _is_seats(seats: Any) -> bool:
    return isinstance(seats, dict) and all(isinstance(k, str) and isinstance(v, str)
                                           for k, v in seats.items())


def is_hand(hand: Any) -> bool:
    """``hand`` has a hand record's shape (a mapping with its ``game`` and ``actions``; it is
    replayed by whoever uses it, not here)."""
    return isinstance(hand, dict) and isinstance(hand.get("game"), str) \
        and isinstance(hand.get("actions"), list)


def _valid_day(entry: Any) -> bool:
    return isinstance(entry, dict) and _is_int(entry.get("score")) \
        and (entry.get("par") is None or _is_int(entry.get("par"))) \
        and isinstance(entry.get("on_day"), bool) and _is_seats(entry.get("seats")) \
        and all(k not in entry or is_hand(entry[k]) for k in ("hand", "par_hand"))


def _valid_progress(entry: Any) -> bool:
    return isinstance(entry, dict) and _is_day(entry.get("day")) \
        and isinstance(entry.get("actions"), list) \
        and all(isinstance(a, dict) for a in entry["actions"]) \
        and _is_seats(entry.get("seats"))


def valid(data: Any) -> bool:
    """``data`` is a results file's content (see the module's docstring: strict)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("version") != VERSION:
        return False
    days = data.get("days")
    return isinstance(days, dict) \
        and all(isinstance(key, str) and isinstance(by_day, dict)
                and all(_is_day(d) and _valid_day(e) for d, e in by_day.items())
                for key, by_day in days.items())


def valid_progress(data: Any) -> bool:
    """``data`` is a progress file's content (strict too)."""
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT \
            or data.get("version") != VERSION:
        return False
    progress = data.get("progress")
    return isinstance(progress, dict) \
        and all(isinstance(key, str) and _valid_progress(e) for key, e in progress.items())


class DailyBook:
    """The deal of the day's results, kept hands and progress, for one session; ``keeper``:
    where it is saved (``None``: nowhere).

    Hand records given to the book are copied; the ones it gives back are copies: the book's
    own are never changed in place (so the writer thread may read them while the game
    goes on)."""

    def __init__(self, keeper: Keeper | None = None) -> None:
        self.keeper = keeper
        self.days: dict[str, dict[str, DayResult]] = {}
        """Key → day (``YYYY-MM-DD``) → its result, the days in order (oldest first)."""
        self.kept: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
        """Key → day → ``{"hand": …, "par_hand": …}`` (the finished hand records kept)."""
        self.in_progress: dict[str, dict[str, Any]] = {}
        """Key → ``{"day", "actions", "seats"}``: the deal of the day being played."""
        self.notice: str | None = None
        """The one line to tell the player about the files when they were read (damaged and
        moved aside, unreadable: the results file's, else the progress file's), until a
        screen has said it."""
        self._days_json: dict[str, dict[str, Any]] = {}
        """Key → its days as the file holds them, while unchanged (never changed in place:
        the writer thread may be reading it)."""
        self._loaded = keeper is None

    @property
    def path(self) -> Path | None:
        """Where the results file is (``None``: nothing is saved)."""
        return self.keeper.paths.data / FILE_NAME if self.keeper is not None else None

    @property
    def progress_path(self) -> Path | None:
        """Where the progress file is (``None``: nothing is saved)."""
        return self.keeper.paths.data / PROGRESS_NAME if self.keeper is not None else None

    def load(self) -> DailyBook:
        """Read the files the first time (afterwards: nothing); returns the book. Never
        raises for the files' sake."""
        if self._loaded or self.keeper is None:
            return self
        self._loaded = True
        found = self._read(self.keeper.paths.data / PROGRESS_NAME, PROGRESS_WORD,
                           valid_progress)
        if found is not None:
            self.in_progress = {key: {"day": e["day"], "actions": e["actions"],
                                      "seats": dict(e["seats"])}
                                for key, e in found["progress"].items()}
        found = self._read(self.keeper.paths.data / FILE_NAME, FILE_WORD, valid)
        if found is None:
            return self
        for key, by_day in found["days"].items():
            for day, entry in sorted(by_day.items()):
                self.days.setdefault(key, {})[day] = DayResult(
                    day, entry["score"], entry["par"], entry["on_day"], dict(entry["seats"]))
                hands = {k: entry[k] for k in ("hand", "par_hand") if k in entry}
                if hands:
                    self.kept.setdefault(key, {})[day] = hands
            self._trim(key)
        return self

    def _read(self, path: Path, word: Word, check: Callable[[Any], bool]) -> Any:
        """One file's content (``None``: missing, damaged or unreadable — then blocked for
        the writer, and its line kept in :attr:`notice` unless one is there already)."""
        assert self.keeper is not None
        found = storage.read_json(path, word, check)
        if found.blocked:
            self.keeper.writer.blocked.add(path)
        if found.notice is not None:
            self.notice = found.notice
        return found.data

    # -- results -------------------------------------------------------------------------------

    def result(self, key: str, day: datetime.date) -> DayResult | None:
        """``key``'s result of ``day`` (a copy), ``None`` when that deal was not played."""
        found = self.load().days.get(key, {}).get(day.isoformat())
        return None if found is None else DayResult(found.day, found.score, found.par,
                                                    found.on_day, dict(found.seats))

    def record_play(self, key: str, day: datetime.date, score: int, on_day: bool,
                    seats: Mapping[str, str], record: Mapping[str, Any]) -> bool:
        """The player finished ``key``'s deal of ``day`` with ``score`` (``record``: the
        finished hand record; ``on_day``: on the deal's own date; ``seats``: the AI levels
        played against). The first finished play counts: true, and saved, with the deal's
        progress of that day forgotten; a later play of the same deal returns false and
        changes nothing."""
        text = day.isoformat()
        by_day = self.load().days.setdefault(key, {})
        if text in by_day:
            return False
        late = bool(by_day) and text < next(reversed(by_day))
        by_day[text] = DayResult(text, int(score), None, bool(on_day), dict(seats))
        if late:                                   # the days stay in order
            self.days[key] = dict(sorted(by_day.items()))
        self.kept.setdefault(key, {})[text] = {"hand": storage_copy(record)}
        self._trim(key)
        self._days_json.pop(key, None)
        self.save()
        if self.in_progress.get(key, {}).get("day") == text:
            del self.in_progress[key]
            self.save_progress()
        return True

    def record_par(self, key: str, day: datetime.date, par: int,
                   record: Mapping[str, Any]) -> None:
        """Par of ``key``'s deal of ``day`` is ``par`` (``record``: the strong player's
        finished hand record, kept beside the player's while that is kept). Ignored when the
        day was not played, or its par is already known (par never moves once shown)."""
        text = day.isoformat()
        found = self.load().days.get(key, {}).get(text)
        if found is None or found.par is not None:
            return
        found.par = int(par)
        hands = self.kept.get(key, {}).get(text)
        if hands is not None:
            self.kept[key][text] = {**hands, "par_hand": storage_copy(record)}
        self._days_json.pop(key, None)
        self.save()

    def hands(self, key: str, day: datetime.date
              ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The player's and par's finished hand records of ``key``'s deal of ``day`` (copies;
        ``None`` when not kept: not played or par not played yet, or an older day than the
        latest :data:`KEEP_HANDS`)."""
        hands = self.load().kept.get(key, {}).get(day.isoformat(), {})
        mine, par = hands.get("hand"), hands.get("par_hand")
        return (storage_copy(mine) if mine is not None else None,
                storage_copy(par) if par is not None else None)

    def waiting_par(self) -> list[tuple[str, datetime.date]]:
        """The played days whose par is missing and whose hand is still kept (par is computed
        from it, after a restart too): ``(key, day)``, by key, oldest day first."""
        self.load()
        return [(key, datetime.date.fromisoformat(day))
                for key in sorted(self.days) for day, found in self.days[key].items()
                if found.par is None and "hand" in self.kept.get(key, {}).get(day, {})]

    def _trim(self, key: str) -> None:
        """Keep ``key``'s latest :data:`KEEP_DAYS` results, and the hands of its latest
        :data:`KEEP_HANDS` days and of its days waiting for par (see the module's
        docstring)."""
        by_day = self.days.get(key, {})
        days = list(by_day)                        # in order (oldest first)
        for day in days[:-KEEP_DAYS]:
            del by_day[day]
        kept = self.kept.get(key, {})
        waiting = [d for d in days[:-KEEP_HANDS] if d in kept and by_day[d].par is None]
        keep = {*days[-KEEP_HANDS:], *waiting[-KEEP_HANDS:]}
        for day in [d for d in kept if d not in keep]:
            del kept[day]

    # -- the deal in progress ------------------------------------------------------------------

    def progress(self, key: str) -> tuple[datetime.date, list[dict[str, Any]],
                                          dict[str, str]] | None:
        """``key``'s deal of the day being played: its date, the actions so far and the AI
        levels of the seats (copies); ``None`` when none is, or when its day was played to
        the end already (a kill fell between the result's save and the progress')."""
        found = self.load().in_progress.get(key)
        if found is None or found["day"] in self.days.get(key, {}):
            return None
        return (datetime.date.fromisoformat(found["day"]),
                [dict(a) for a in found["actions"]], dict(found["seats"]))

    def keep_progress(self, key: str, day: datetime.date, actions: list[dict[str, Any]],
                      seats: Mapping[str, str]) -> None:
        """``key``'s deal of ``day`` is at ``actions`` now, played against ``seats``: remember
        it (and save); it replaces any other progress of ``key``."""
        self.load().in_progress[key] = {"day": day.isoformat(),
                                        "actions": [dict(a) for a in actions],
                                        "seats": dict(seats)}
        self.save_progress()

    def drop_progress(self, key: str) -> None:
        """Forget ``key``'s deal in progress (and save)."""
        if self.load().in_progress.pop(key, None) is not None:
            self.save_progress()

    # -- figures -------------------------------------------------------------------------------

    def summary(self, key: str, today: datetime.date) -> DailySummary:
        """``key``'s days at a glance as of ``today`` (:class:`DailySummary`)."""
        by_day = self.load().days.get(key, {})
        diffs = [d for _day, d in self.diffs(key)]
        day = today if today.isoformat() in by_day and by_day[today.isoformat()].on_day \
            else today - datetime.timedelta(days=1)
        streak = 0
        while (found := by_day.get(day.isoformat())) is not None and found.on_day:
            streak += 1
            day -= datetime.timedelta(days=1)
        return DailySummary(played=len(by_day), better=sum(d > 0 for d in diffs),
                            equal=sum(d == 0 for d in diffs), worse=sum(d < 0 for d in diffs),
                            mean=sum(diffs) / len(diffs) if diffs else None, streak=streak)

    def diffs(self, key: str) -> list[tuple[str, int]]:
        """``(day, difference)`` of ``key``'s days with par, oldest day first."""
        return [(day, found.score - found.par)
                for day, found in self.load().days.get(key, {}).items()
                if found.par is not None]

    # -- the file ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The results file's content. The kept hand records are shared, not copied (the
        book never changes them in place), and each key's days are built again only after a
        change of them (:attr:`_days_json`)."""
        for key, by_day in self.days.items():
            if key not in self._days_json:
                self._days_json[key] = {
                    day: {**found.to_json(), **self.kept.get(key, {}).get(day, {})}
                    for day, found in by_day.items()}
        days = {key: self._days_json[key] for key in sorted(self.days) if self.days[key]}
        return {"format": FORMAT, "version": VERSION, "days": days}

    def progress_json(self) -> dict[str, Any]:
        """The progress file's content."""
        progress = {key: {"day": e["day"], "actions": list(e["actions"]),
                          "seats": dict(e["seats"])}
                    for key, e in sorted(self.in_progress.items())}
        return {"format": PROGRESS_FORMAT, "version": VERSION, "progress": progress}

    def save(self) -> None:
        """Hand the results file's content to the keeper's writer (no-op without a
        keeper)."""
        if self.path is not None and self.keeper is not None:
            self.keeper.writer.put(self.path, self.to_json())

    def save_progress(self) -> None:
        """Hand the progress file's content to the keeper's writer (no-op without a
        keeper)."""
        if self.progress_path is not None and self.keeper is not None:
            self.keeper.writer.put(self.progress_path, self.progress_json())


def storage_copy(record: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a JSON-ready hand record (what the book keeps or gives back)."""
    def copy(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {k: copy(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [copy(v) for v in value]
        return value
    return dict(copy(record))

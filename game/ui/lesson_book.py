"""What the guided hands remember (issue 26): per lesson the actions played so far, and which
lessons were finished — one small file, ``lessons.json`` in the data folder::

    {"format": "four-trumps/lessons", "version": 1,
     "progress": {"tarabish": [{"seat": "S", "call": "pass"}, …]}, "done": ["turup"],
     "heard": {"tarabish": [1, 2]}}

A lesson is in ``progress`` from the moment it is opened (its list empty before the first
move), so one left before its first move is resumed too; ``heard`` (optional) keeps, per
lesson, how many of the words at which action the player had gone on from.

Nothing here touches the games in progress or the statistics. The file is read once, the first
time a guided hand or the menu asks (:meth:`LessonBook.load`), with the careful reader of
:mod:`game.storage` (a damaged file is moved aside and said in one line; an unreadable one is
left alone and never written); it is written through the session keeper's writer (atomic,
in the background, retried when the disk refuses — the app then shows its calm line), so a
frame never waits for the disk and a full disk never stops a lesson. Without a keeper (the
tests, autoplay) it lives in memory only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import storage
from ..engine.hand import Action
from ..engine.message import Word

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .persist import Keeper

FORMAT = "four-trumps/lessons"
VERSION = 1
FILE_NAME = "lessons.json"
FILE_WORD = Word("guided hands file")
"""The file as the calm lines name it."""


def valid(data: Any) -> bool:
    """``data`` is a lessons file's content: its format, the progress (lesson id → a list of
    actions) and the lessons done (ids)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    progress, done, heard = data.get("progress"), data.get("done"), data.get("heard", {})
    return isinstance(progress, dict) and isinstance(done, list) and isinstance(heard, dict) \
        and all(isinstance(k, str) and isinstance(v, list) and len(v) == 2
                and all(type(n) is int for n in v) for k, v in heard.items()) \
        and all(isinstance(k, str) and isinstance(v, list)
                and all(isinstance(a, dict) for a in v) for k, v in progress.items()) \
        and all(isinstance(d, str) for d in done)


class LessonBook:
    """The guided hands' progress and the lessons finished, for one session; ``keeper``:
    where it is saved (``None``: nowhere)."""

    def __init__(self, keeper: Keeper | None = None) -> None:
        self.keeper = keeper
        self.progress: dict[str, list[Action]] = {}
        """Lesson id → the actions played so far (a lesson not begun or started again has
        none)."""
        self.done: set[str] = set()
        self.heard: dict[str, tuple[int, int]] = {}
        """Lesson id → (action, how many of its words the player has gone on from)."""
        """The lessons played to the end at least once."""
        self.notice: str | None = None
        """The one line to tell the player about the file when it was read (damaged and moved
        aside, unreadable), until a guided hand has said it."""
        self._loaded = keeper is None

    @property
    def path(self) -> Path | None:
        """Where the file is (``None``: nothing is saved)."""
        return self.keeper.paths.data / FILE_NAME if self.keeper is not None else None

    def load(self) -> LessonBook:
        """Read the file the first time (afterwards: nothing); returns the book. Never raises
        for the file's sake."""
        if self._loaded or self.path is None or self.keeper is None:
            return self
        self._loaded = True
        found = storage.read_json(self.path, FILE_WORD, valid)
        if found.blocked:
            self.keeper.writer.blocked.add(self.path)
        self.notice = found.notice
        if found.data is not None:
            self.progress = {k: [dict(a) for a in v] for k, v in found.data["progress"].items()}
            self.done = set(found.data["done"])
            self.heard = {k: (v[0], v[1]) for k, v in found.data.get("heard", {}).items()}
        return self

    def played(self, lesson: str) -> list[Action]:
        """The actions of ``lesson`` played so far (a copy; empty when not begun)."""
        return [dict(a) for a in self.load().progress.get(lesson, [])]

    def is_done(self, lesson: str) -> bool:
        """``lesson`` was played to the end at least once."""
        return lesson in self.load().done

    def begun(self, lesson: str) -> bool:
        """``lesson`` was opened and not started again since (its progress is kept, maybe
        before its first move)."""
        return lesson in self.load().progress

    def heard_at(self, lesson: str) -> tuple[int, int]:
        """(action, words gone on from) where ``lesson`` was left; (0, 0) when unknown."""
        return self.load().heard.get(lesson, (0, 0))

    def keep(self, lesson: str, actions: list[Action],
             heard: tuple[int, int] | None = None) -> None:
        """``lesson`` is at ``actions`` now, the player having gone on from ``heard``'s
        words: remember it (and save)."""
        self.load().progress[lesson] = [dict(a) for a in actions]
        if heard is not None:
            self.heard[lesson] = heard
        self.save()

    def finish(self, lesson: str) -> None:
        """``lesson`` was played to the end: remember it done; its progress is kept until it
        is started again (its summary shows again when it is reopened)."""
        self.load().done.add(lesson)
        self.save()

    def forget(self, lesson: str) -> None:
        """Start ``lesson`` again: its progress goes (it stays done if it was)."""
        self.load().progress.pop(lesson, None)
        self.heard.pop(lesson, None)
        self.save()

    def to_json(self) -> dict[str, Any]:
        """The file's content."""
        return {"format": FORMAT, "version": VERSION,
                "progress": {k: [dict(a) for a in v] for k, v in self.progress.items()},
                "done": sorted(self.done),
                "heard": {k: list(v) for k, v in self.heard.items()}}

    def save(self) -> None:
        """Hand the file's content to the keeper's writer (no-op without a keeper)."""
        if self.keeper is not None and self.path is not None:
            self.keeper.writer.put(self.path, self.to_json())

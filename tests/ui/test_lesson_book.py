"""The guided hands' progress on disk (issue 26, :mod:`game.ui.lesson_book`): kept after every
action and found again by the next start; a damaged file moved aside and said in one line, an
unreadable one left alone, a full disk told by the writer's calm line — never a traceback, and
the lesson still plays; the games in progress and the statistics never touched."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from test_lesson_table import open_lesson, south_move, south_turn
from ui_driver import SyncExecutor

from game import storage
from game.data import files
from game.lessons import LESSONS
from game.ui import persist
from game.ui.app import App
from game.ui.lesson_book import FILE_NAME, LessonBook
from game.ui.scenes.lesson import LessonTable

ACTIONS = [{"seat": "S", "call": "pass"}, {"seat": "W", "call": "pass"}]


@pytest.fixture
def paths(tmp_path: Path) -> storage.Paths:
    return storage.resolve_paths(tmp_path)


def book_at(paths: storage.Paths) -> LessonBook:
    return LessonBook(persist.Keeper(paths))


def open_app(paths: storage.Paths) -> App:
    app = App((1280, 720), workers=SyncExecutor(), paths=paths)
    app.session.settings.speed = "fast"
    app.session.settings.sound = False
    return app


def test_progress_and_done_are_found_again(paths: storage.Paths) -> None:
    book = book_at(paths)
    book.keep("turup", ACTIONS)
    book.finish("tarabish")
    assert book.keeper is not None and book.keeper.writer.flush()
    again = book_at(paths)
    assert again.played("turup") == ACTIONS and again.is_done("tarabish")
    assert not again.is_done("turup") and again.notice is None
    again.forget("turup")
    assert again.keeper is not None and again.keeper.writer.flush()
    assert book_at(paths).played("turup") == []


@pytest.mark.parametrize("content", ["{not json", '{"format": "four-trumps/lessons"}',
                                     '{"format": "four-trumps/lessons", "progress": {"a": [1]},'
                                     ' "done": []}'])
def test_a_damaged_file_is_moved_aside_and_said_once(paths: storage.Paths,
                                                     content: str) -> None:
    path = paths.data / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    book = book_at(paths)
    assert book.played("turup") == [] and not book.is_done("turup")
    assert book.notice is not None and "damaged" in book.notice
    assert not path.exists() and len(list(paths.data.glob("lessons.damaged-*"))) == 1
    book.keep("turup", ACTIONS)
    assert book.keeper is not None and book.keeper.writer.flush()
    assert json.loads(path.read_text())["progress"] == {"turup": ACTIONS}


def test_an_unreadable_file_is_left_alone(paths: storage.Paths) -> None:
    path = paths.data / FILE_NAME
    path.mkdir(parents=True)  # a folder where the file should be
    book = book_at(paths)
    assert book.played("turup") == [] and book.notice is not None
    book.keep("turup", ACTIONS)                      # kept in memory, never written
    assert book.keeper is not None and book.keeper.writer.flush()
    assert path.is_dir() and book.played("turup") == ACTIONS


def test_a_full_disk_is_told_and_the_book_goes_on(paths: storage.Paths,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persist, "RETRY_AFTER", (0.01,))

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "atomic_write_text", full)
    book = book_at(paths)
    book.keep("turup", ACTIONS)
    assert book.keeper is not None and not book.keeper.writer.flush(0.5)
    assert book.keeper.save_problem is not None and "disk is full" in book.keeper.save_problem
    assert book.played("turup") == ACTIONS
    book.keeper.writer.close(0.1)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_next_start_resumes_and_nothing_else_is_saved(paths: storage.Paths,
                                                         lesson_id: str) -> None:
    app = open_app(paths)
    table = open_lesson(app, lesson_id, fresh=True)
    for _ in range(3):
        south_turn(app, table)
        south_move(app, table, by_keys=False)
    n, actions = table.played, list(table.match.hands[-1]["actions"])
    app.close()
    assert not os.path.exists(paths.statistics) or \
        storage.load_statistics(paths)[0].of(table.lesson.game)["hands_played"] == 0
    assert not any(paths.saved_game.glob("*/*")) if paths.saved_game.exists() else True
    again = open_app(paths)
    table = open_lesson(again, lesson_id)
    assert table.played == n and table.match.hands[-1]["actions"] == actions
    assert again.session.matches == {}
    again.close()


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_progress_that_is_not_the_scripts_starts_the_lesson_again(paths: storage.Paths,
                                                                  lesson_id: str) -> None:
    path = paths.data / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "four-trumps/lessons", "version": 1, "done": [],
                                "progress": {lesson_id: [{"seat": "N", "play": "AS"}]}}))
    app = open_app(paths)
    table = open_lesson(app, lesson_id)
    assert isinstance(table, LessonTable) and table.played == 0
    assert table.toast is not None and "starts from the beginning" in table.toast[0]
    south_turn(app, table)
    south_move(app, table, by_keys=False)
    assert table.played > 0
    app.close()

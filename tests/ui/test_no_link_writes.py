"""Issue 28: no write follows a symbolic link. A link planted in place of every file the game
writes — pointing to a file outside the data folder — is never written through: where the file
is read, the link is moved aside like a damaged file and said; an append or the log finding
one moves it aside and says so in the log; an atomic write replaces the link itself."""

from __future__ import annotations

import datetime
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_driver import SyncExecutor, play_some

from game import saved_game, storage
from game.data import files
from game.lessons import LESSONS
from game.ui import logging_setup, selftest
from game.ui.app import App
from game.ui.daily_book import FILE_NAME as DAILY_NAME
from game.ui.daily_book import PROGRESS_NAME
from game.ui.lesson_book import FILE_NAME as LESSONS_NAME
from game.ui.scenes.table import TableScene

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt",
                                reason="symbolic links need rights on Windows")

OUTSIDE = "outside the data folder: never to be written\n"
DAY = datetime.date(2026, 11, 26)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    return folder


@pytest.fixture
def paths(tmp_path: Path) -> Iterator[storage.Paths]:
    yield storage.resolve_paths(tmp_path / "data")
    for handler in [h for h in logging.getLogger("game").handlers
                    if getattr(h, "_four_trumps", False)]:
        logging.getLogger("game").removeHandler(handler)
        handler.close()


def plant(path: Path, outside: Path) -> Path:
    """A symbolic link in place of ``path``, to a file of its own outside the data folder."""
    target = outside / f"{path.parent.name}-{path.name}.target"
    target.write_text(OUTSIDE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    return target


def nothing_written_outside(outside: Path) -> None:
    found = {p.name: p.read_text() for p in outside.iterdir()}
    assert found and all(text == OUTSIDE for text in found.values()), found


def moved_aside(path: Path) -> list[Path]:
    """The links kept aside under the quarantine's name for ``path``."""
    return [p for p in path.parent.glob(f"{path.stem}.damaged-*{path.suffix}")
            if p.is_symlink()]


def open_app(paths: storage.Paths) -> App:
    app = App((1280, 720), workers=SyncExecutor(), paths=paths)
    app.session.settings.ai_level = "random"
    app.session.settings.speed = "instant"
    app.session.settings.sound = False
    app.session.settings.lessons_offered = list(LESSONS)
    return app


def test_links_in_place_of_every_data_file_are_never_written_through(
        paths: storage.Paths, outside: Path, caplog: pytest.LogCaptureFixture) -> None:
    read_files = {"settings": paths.settings, "statistics": paths.statistics,
                  "lessons": paths.data / LESSONS_NAME, "daily": paths.data / DAILY_NAME,
                  "daily progress": paths.data / PROGRESS_NAME,
                  "earlier saved game": paths.autosave}
    for path in read_files.values():
        plant(path, outside)
    plant(paths.log_file, outside)
    report = paths.logs / selftest.REPORT_NAME
    plant(report, outside)
    caplog.set_level(logging.INFO, logger="game")

    assert logging_setup.setup(paths) is not None
    logging.getLogger("game.test").warning("a log line")               # the log
    app = open_app(paths)
    session = app.session
    session.settings.felt = "blue"                                      # settings
    play_some(app, app.start_game("turup", seed=4), 60)                 # a save, statistics
    session.lessons.keep("turup", [{"seat": "S", "call": "pass"}])      # the lessons book
    session.daily.keep_progress("turup", DAY, [{"seat": "S", "call": "pass"}], {})
    session.daily.record_play("turup", DAY, 7, True, {}, {"game": "turup", "seed": 1,
                                                          "actions": []})  # the daily book
    files.atomic_write_text(report, "selftest passed")                  # the self-test's report
    app.close()

    nothing_written_outside(outside)
    for name, path in read_files.items():
        assert not path.is_symlink(), name
        assert len(moved_aside(path)) == 1, name                       # kept, as a damaged file
    said = " ".join([r.getMessage() for r in caplog.records]
                    + [str(session.lessons.notice), str(session.daily.notice)])
    for words in ("settings file was damaged", "statistics file was damaged",
                  "guided hands file was damaged", "deal of the day file was damaged",
                  "saved game file was damaged"):
        assert words in said, words                                     # said where read
    for path in (paths.settings, paths.statistics, paths.data / LESSONS_NAME,
                 paths.data / DAILY_NAME):
        assert path.is_file(), path                                     # written afresh
    assert not paths.log_file.is_symlink() and len(moved_aside(paths.log_file)) == 1
    log_text = paths.log_file.read_text()
    assert "a log line" in log_text
    assert log_text.splitlines()[0].endswith(
        f"moved aside as {moved_aside(paths.log_file)[0].name}")        # said in one line
    assert not report.is_symlink() and report.read_text() == "selftest passed"  # replaced


@pytest.mark.parametrize("which", ["hand", "header"])
def test_a_link_among_the_saved_games_pieces_at_start_is_damage(
        paths: storage.Paths, outside: Path, which: str,
        caplog: pytest.LogCaptureFixture) -> None:
    app = open_app(paths)
    play_some(app, app.start_game("turup", seed=5), 3)
    app.session.keeper.writer.flush()
    app.session.keeper.writer.close()                     # a kill: the game stays saved
    found = saved_game.read(paths)
    assert found.disk is not None and found.folder is not None
    pieces = found.folder / found.disk.token
    path = saved_game.hand_file(pieces, 0) if which == "hand" else found.folder / "match.json"
    path.unlink()
    plant(path, outside)

    caplog.set_level(logging.WARNING, logger="game")
    again = open_app(paths)
    assert any("saved game was damaged" in r.getMessage() for r in caplog.records)
    assert "turup" not in again.session.matches                      # nothing read through it
    play_some(again, again.start_game("turup", seed=6), 3)
    again.close()
    nothing_written_outside(outside)
    assert list(paths.data.glob("saved-game/turup.damaged-*"))       # kept aside, whole


def test_a_link_planted_in_place_of_a_hand_while_continuing_is_moved_aside(
        paths: storage.Paths, outside: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The saved game's journal is appended action by action: a link put in place of the
    hand's file after the save was read (Continue) is refused, moved aside, said in the log,
    and the hand is written afresh in its place."""
    app = open_app(paths)
    play_some(app, app.start_game("turup", seed=7), 3)
    app.session.keeper.writer.flush()
    app.session.keeper.writer.close()

    again = open_app(paths)
    table = again.show_table("turup")
    assert isinstance(table, TableScene)
    found = saved_game.read(paths)
    assert found.disk is not None and found.folder is not None
    hand = saved_game.hand_file(found.folder / found.disk.token, 0)
    hand.unlink()
    plant(hand, outside)
    caplog.set_level(logging.WARNING, logger="game")
    play_some(again, table, 3, seed=8)                                # appends on Continue
    assert again.session.keeper.writer.flush()
    record = again.session.match.record()
    nothing_written_outside(outside)
    assert hand.is_file() and not hand.is_symlink() and len(moved_aside(hand)) == 1
    assert saved_game.read(paths, game="turup").record == record
    lines = [r.getMessage() for r in caplog.records if "symbolic link" in r.getMessage()]
    assert len(lines) == 1 and str(hand) in lines[0]
    again.close()


def test_an_append_refuses_a_link_and_writes_nothing(tmp_path: Path, outside: Path) -> None:
    path = tmp_path / "hand-001.jsonl"
    target = plant(path, outside)
    with pytest.raises(files.LinkInPlace):
        files.append_bytes(path, b'{"seat": "S"}\n')
    with pytest.raises(files.LinkInPlace):
        files.read_regular_file(path)
    assert target.read_text() == OUTSIDE and path.is_symlink()

"""Issue 15 through the app: data files that cannot be read are left alone and never block the
start; a failed save is told in one calm line, logged once, retried, and the statistics never
run ahead of the save; logging never fails into stderr; an old single-file save is converted."""

from __future__ import annotations

import errno
import json
import logging
import os
import random
import time

import pygame
import pytest
from ui_driver import SyncExecutor, settle

from game import saved_game, storage
from game.data import files
from game.ui import logging_setup, persist
from game.ui.app import App
from game.ui.session import Match


@pytest.fixture
def paths(tmp_path):
    return storage.resolve_paths(tmp_path)


def open_app(paths: storage.Paths) -> App:
    app = App((1280, 720), workers=SyncExecutor(), paths=paths)
    app.session.settings.ai_level = "random"
    app.session.settings.speed = "instant"
    app.session.settings.sound = False
    return app


def play_hand(app: App, seed: int = 1) -> None:
    """South plays random legal cards until the current hand is over."""
    table = app.table
    assert table is not None
    rng = random.Random(seed)
    for _ in range(400):
        settle(app, table)
        if table.summary is not None or table.hand.done:
            return
        table.perform(rng.choice(table.legal()))
        app.step(0.0)


def make_special(path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("kind", ["fifo", "folder"])
@pytest.mark.parametrize("which", ["settings", "statistics", "saved_game", "autosave"])
def test_a_special_file_never_blocks_the_start_and_is_left_alone(paths, which, kind):
    target = getattr(paths, which)
    if which == "saved_game" and kind == "folder":
        target = target / saved_game.HEADER          # the folder exists; its header is odd
    make_special(target, kind)
    app = open_app(paths)
    assert len(app.session.notices) == 1
    notice = app.session.notices[0]
    assert str(target) in notice and "cannot be read" in notice and "\n" not in notice
    app.start_game("turup", seed=3)
    play_hand(app)
    app.session.settings.four_colour = True          # a settings change to save
    app.step(0.0)
    app.close()
    assert target.is_fifo() if kind == "fifo" else target.is_dir()
    assert not list(paths.data.glob("*.damaged-*"))
    if which == "statistics":
        assert not (paths.data / "statistics.json").is_file()
    else:
        stats, _ = storage.load_statistics(paths)
        assert stats.of("turup")["hands_played"] == 1
    record, _ = storage.load_game(paths, move_damaged=False)
    if which == "saved_game":
        assert record is None                        # not saved this session, as told
    else:
        assert record is not None and record["seed"] == 3


def test_unreadable_statistics_are_not_replaced_by_the_count(paths, monkeypatch):
    paths.data.mkdir(parents=True, exist_ok=True)
    paths.statistics.write_text(json.dumps({"version": 1, "games": {"turup": {
        "hands_played": 500}}}))
    real = files.read_regular_file

    def no_permission(path):
        if path == paths.statistics:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)
    monkeypatch.setattr(files, "read_regular_file", no_permission)
    app = open_app(paths)
    assert "permission denied" in app.session.notices[0]
    app.start_game("turup", seed=5)
    play_hand(app)
    app.close()
    monkeypatch.undo()
    assert storage.load_statistics(paths)[0].of("turup")["hands_played"] == 500


def test_a_failed_save_is_told_retried_and_logged_once(paths, monkeypatch, caplog):
    monkeypatch.setattr(persist, "RETRY_AFTER", (0.01,))
    app = open_app(paths)
    app.start_game("turup", seed=7)
    app.step(0.0)
    app.session.keeper.writer.flush()
    real_write, real_append = files.atomic_write_text, saved_game.Files._append

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files, "atomic_write_text", full)
    monkeypatch.setattr(saved_game.Files, "_append", full)
    caplog.set_level(logging.INFO, logger="game")
    play_hand(app)                                   # a whole hand while the disk is full
    writer = app.session.keeper.writer
    assert not writer.flush(1.0)
    line = app.session.keeper.save_problem
    assert line and "Not saved" in line and "disk is full" in line and str(paths.data) in line
    app.draw()                                       # the line is drawn over the table
    stats, _ = storage.load_statistics(paths)
    assert stats.of("turup")["hands_played"] == 0    # never ahead of the save
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and not any(r.exc_info for r in caplog.records)
    monkeypatch.setattr(files, "atomic_write_text", real_write)
    monkeypatch.setattr(saved_game.Files, "_append", real_append)
    deadline = time.monotonic() + 5
    while writer.problem is not None and time.monotonic() < deadline:
        time.sleep(0.01)                             # the disk has room again: retried
    assert writer.flush(5.0)
    assert app.session.keeper.save_problem is None
    assert storage.load_game(paths)[0] == app.session.match.record()
    assert storage.load_statistics(paths)[0].of("turup")["hands_played"] == 1
    app.close()


def test_the_save_line_sits_clear_of_the_table_and_the_menu(paths):
    app = open_app(paths)
    app.start_game("arbaa-turub", seed=2)
    app.step(0.0)
    app.session.keeper.writer.problem_brief = persist.save_problem(
        OSError(errno.EROFS, "Read-only file system"), paths.saved_game, brief=True)
    for size in ((1280, 720), (1024, 600), (1920, 1080)):
        app.resize(size)
        app.step(0.0)
        rect, lines = app._save_problem_box(table_shown=True)
        table = app.table
        geo = table.geo
        west_top = geo.seat_pos[1][1] - geo.small[1] // 2
        assert lines and rect.bottom < west_top and rect.right < geo.panel_area.left
        assert rect.top > 122                        # below the score panel (5 lines)
        panel = getattr(table, "panel", table)      # the decision panel (or the table)
        buttons = [*table.top_buttons, *getattr(panel, "panel_buttons", []),
                   *getattr(panel, "side_buttons", []),
                   *getattr(getattr(table, "coach", None), "buttons", [])]
        assert buttons and all(not rect.colliderect(b.rect) for b in buttons)
    app.close()


def test_logging_never_writes_to_stderr(tmp_path, capfd):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    paths = storage.Paths(tmp_path, tmp_path, blocker / "logs")
    assert logging_setup.setup(paths) is None        # the log folder cannot be made
    logging.getLogger("game.ui.persist").warning("could not write: disk full")
    logging.getLogger("game.ui.persist").error("with a traceback", exc_info=OSError("x"))
    assert capfd.readouterr().err == ""


def test_an_old_single_file_save_is_converted(paths):
    match = Match("tarabish", 6, ai_level="random")
    rng = random.Random(6)
    for _ in range(20):
        match.apply(rng.choice(match.hand.legal_actions()))
    storage.write_json(paths.autosave, match.record())  # a save of an earlier version
    app = open_app(paths)
    assert app.session.match.record() == match.record() and app.session.notices == []
    app.session.keeper.writer.flush()
    assert not paths.autosave.exists()
    found = saved_game.read(paths)
    assert found.disk is not None and found.record == match.record()
    app.close()


def test_the_statistics_job_waits_for_a_newer_save_that_replaced_its_own(paths):
    """A newer save replacing an older one still waiting in the queue keeps its place: the
    statistics job queued after it still runs after it."""
    writer = persist.Writer()
    order: list[str] = []

    class Slow(persist.Task):
        def __init__(self, name: str) -> None:
            self.name, self.path = name, paths.data / name

        def run(self, writer: persist.Writer) -> None:
            order.append(self.name)

    gate = persist.Job(lambda: None)
    with writer._cv:                                 # hold the thread while queueing
        writer.put_task("save", Slow("save-1"))
        writer.put(paths.statistics, gate)
        writer.put_task("save", Slow("save-2"))
        keys = list(writer._pending)
    writer.close()
    assert order == ["save-2"] and keys[0] == "save"
    pygame.quit()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_in_place_of_the_log_file_is_not_opened(paths):
    paths.logs.mkdir(parents=True)
    os.mkfifo(paths.log_file)
    assert logging_setup.setup(paths) is None
    logging.getLogger("game").warning("this line must not wait for a reader")


def test_a_finished_game_is_counted_and_its_save_goes_at_the_next_game_or_the_end(paths):
    keeper = persist.Keeper(paths)
    keeper.load()
    match = Match("turup", 12, ai_level="random")
    rng = random.Random(12)
    while not (match.over and match.hand.done):
        if match.hand.done:
            match.next_hand()
        match.apply(rng.choice(match.hand.legal_actions()))
        keeper.save_match(match)
    keeper.writer.close()
    record, _ = storage.load_game(paths)
    assert record == match.record()                  # the last hand is saved, then counted
    stats = storage.load_statistics(paths)[0].of("turup")
    assert stats["games_played"] == 1 and stats["hands_played"] == len(match.hands)
    again = persist.Keeper(paths)                    # a start that finds it: not offered
    assert again.load()[1] is None
    session = type("S", (), {"settings": storage.Settings(), "matches": {}})()
    again.close(session)                             # removed when the window closes
    assert storage.load_game(paths) == (None, None)
    assert storage.load_statistics(paths)[0].of("turup") == stats

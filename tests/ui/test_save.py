"""The app's files through the app itself (a tmp data folder, never the real one): the game in
progress saved after every action and resumed exactly by Continue, settings saved as they
change, statistics counted once, damaged files met at start, the log, and a frame error."""

from __future__ import annotations

import json
import logging
import logging.handlers
import random
from typing import Any

import pygame
import pytest
from ui_driver import SyncExecutor, click, play_some, settle

from game import storage
from game.data import files
from game.engine.replay import replay_record
from game.ui import logging_setup, persist
from game.ui.app import App
from game.ui.host import Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from game.ui.session import Match, Settings


@pytest.fixture
def paths(tmp_path):
    return storage.resolve_paths(tmp_path)


def open_app(paths: storage.Paths, settings: Settings | None = None) -> App:
    """The app on ``paths`` with the AI in the test thread."""
    app = App((1280, 720), settings, workers=SyncExecutor(), paths=paths)
    if settings is None:
        app.session.settings.ai_level = "easy"
        app.session.settings.speed = "instant"
        app.session.settings.sound = False
    return app


def state(match: Match) -> dict[str, Any]:
    """What must survive a save: cards, turn, scores, dealer, the whole record."""
    hand = match.hand
    return {"record": match.record(), "to_act": hand.to_act, "phase": hand.phase,
            "dealer": hand.dealer, "scores": match.tally.scores(),
            "hands": [sorted(hand.knowledge(s).hand) for s in range(4)],  # type: ignore
            "legal": hand.legal_actions()}


def saved(paths: storage.Paths) -> dict[str, Any] | None:
    record, notice = storage.load_game(paths)
    assert notice is None
    return record



@pytest.mark.parametrize("game", ["turup", "tarot"])
def test_every_action_is_saved_and_continue_resumes_exactly(paths, game):
    app = open_app(paths)
    table = app.start_game(game, seed=11)
    play_some(app, table, 3)
    app.session.keeper.writer.flush()
    assert saved(paths) == app.session.match.record()
    before = state(app.session.match)
    post = pygame.event.Event(pygame.QUIT)
    pygame.event.post(post)
    app.step(0.0)
    assert not app.running
    app.close()                                           # closing the window saves

    again = open_app(paths)
    assert state(again.session.match) == before
    again.step(0.0)
    menu = again.top
    assert isinstance(menu, MenuScene)
    cont = next(b for b, _ in menu.items if b.label.startswith("Continue"))
    click(again, cont.rect.center)
    table = again.top
    assert isinstance(table, TableScene) and table.match is again.session.match
    assert state(table.match) == before
    last = table.knowledge().tricks[-1] if table.knowledge().tricks else None
    open_cards = list(last["cards"]) if last and last["winner"] is None else []
    assert [s.name for s in table.trick] == open_cards    # the open trick is on the table
    play_some(again, table, 2, seed=2)                   # and it plays on from there
    again.close()
    rec = saved(paths)
    assert rec["seed"] == 11 and len(rec["hands"][0]["actions"]) > \
        len(before["record"]["hands"][0]["actions"])


def test_the_frame_loop_never_writes_itself(paths, monkeypatch):
    app = open_app(paths)
    table = app.start_game("turup", seed=3)
    writes: list[str] = []
    real = files.atomic_write_text

    def spy(path, text):
        import threading
        writes.append(threading.current_thread().name)
        real(path, text)
    monkeypatch.setattr(files, "atomic_write_text", spy)
    play_some(app, table, 2)
    app.session.keeper.writer.flush()
    assert writes and set(writes) == {"four-trumps-writer"}
    app.close()


def test_writer_keeps_only_the_newest_content(tmp_path):
    writer = persist.Writer()
    target = tmp_path / "f.json"
    for n in range(200):
        writer.put(target, {"n": n})
    writer.close()
    assert json.loads(target.read_text()) == {"n": 199}
    assert writer.writes <= 200 and [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_writer_runs_every_job_in_order(tmp_path):
    writer = persist.Writer()
    target = tmp_path / "count.json"
    target.write_text("0")
    for _ in range(50):
        writer.put(target, persist.Job(lambda: int(target.read_text()) + 1))
    writer.close()
    assert target.read_text().strip() == "50"


def test_settings_are_saved_on_every_change_and_loaded_at_start(paths):
    app = open_app(paths, Settings())
    app.session.settings.four_colour = True
    app.session.settings.ai["N"] = "random"
    app.session.settings.trumps_right = True
    app.session.settings.options["turup"] = {"target": 5}
    app.step(0.0)
    app.session.keeper.writer.flush()
    on_disk = json.loads(paths.settings.read_text())
    assert on_disk["four_colour"] is True and on_disk["ai"]["N"] == "random"
    app.resize((1100, 650))
    app.step(0.0)
    app.close()
    again = App(workers=SyncExecutor(), paths=paths)
    s = again.session.settings
    assert s.four_colour and s.trumps_right and s.ai["N"] == "random"
    assert s.window == (1100, 650) and again.screen.get_size() == (1100, 650)
    assert s.options == app.session.settings.options
    again.close()


def test_settings_scene_changes_are_saved(paths):
    from game.ui.scenes.overlay import SettingsScene

    app = open_app(paths, Settings())
    app.step(0.0)
    app.push(SettingsScene(app))
    app.step(0.0)
    scene = app.top
    dim = next(b for b in scene.items if b.label.startswith("Play checker"))
    click(app, dim.rect.center)
    app.session.keeper.writer.flush()
    assert json.loads(paths.settings.read_text())["play_checker"] is False
    app.close()


def test_old_settings_are_migrated_at_start(paths):
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(json.dumps({"ai_level": "easy", "width": 1200, "height": 700,
                                          "learning_mode": False, "speed": "warp"}))
    app = App(workers=SyncExecutor(), paths=paths)
    s = app.session.settings
    assert s.ai == {"W": "easy", "N": "easy", "E": "easy", "NW": "easy", "NE": "easy"}
    assert s.window == (1200, 700)
    assert not s.learning_for("turup") and s.speed == "normal"
    assert app.session.notices == []                   # an old file is not a damaged one
    app.close()


def test_statistics_count_each_hand_once_and_the_game_at_its_end(paths):
    keeper = persist.Keeper(paths)
    keeper.load()
    match = Match("turup", 5, ai_level="random")
    rng = random.Random(5)
    hands = 0
    while True:
        while not match.hand.done:
            match.apply(rng.choice(match.hand.legal_actions()))
            keeper.save_match(match)
            keeper.save_match(match)                     # the same state twice: no change
        hands += 1
        if match.over:
            break
        match.next_hand()
        keeper.save_match(match)
    keeper.writer.flush()
    stats, notice = storage.load_statistics(paths)
    assert notice is None
    g = stats.of("turup")
    assert g["hands_played"] == hands == g["hands_won"] + g["hands_lost"] + g["hands_drawn"]
    assert g["games_played"] == 1 and g["games_won"] + g["games_lost"] == 1
    assert not paths.autosave.exists()                     # a finished game is forgotten
    # a resumed copy of the same game (a crash between two writes) counts nothing again
    keeper.save_match(Match.from_record(match.record()))
    keeper.writer.close()
    assert storage.load_statistics(paths)[0].of("turup") == g


def test_statistics_reset_by_the_scene_is_not_undone(paths):
    keeper = persist.Keeper(paths)
    keeper.load()
    match = Match("turup", 8, ai_level="random")
    rng = random.Random(1)
    while not match.hand.done:
        match.apply(rng.choice(match.hand.legal_actions()))
    keeper.save_match(match)
    keeper.writer.flush()
    stats, _ = storage.load_statistics(paths)
    assert stats.of("turup")["hands_played"] == 1
    stats.reset("turup")
    storage.save_statistics(paths, stats)                  # what the statistics scene does
    match.next_hand()
    while not match.hand.done:
        match.apply(rng.choice(match.hand.legal_actions()))
    keeper.save_match(match)
    keeper.writer.close()
    assert storage.load_statistics(paths)[0].of("turup")["hands_played"] == 1


DAMAGE = {"empty": b"", "truncated": b'{"format": "four-trumps/match", "ver',
          "not JSON": b"\x00\x01garbage", "wrong shape": b'["a", "list"]'}


@pytest.mark.parametrize("which", ["settings", "statistics", "autosave"])
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_damaged_files_never_stop_the_start(paths, which, damage):
    target = getattr(paths, which)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(DAMAGE[damage])
    app = App(workers=SyncExecutor(), paths=paths)
    assert len(app.session.notices) == 1 and "damaged" in app.session.notices[0]
    kept = [p for p in target.parent.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == DAMAGE[damage]
    assert app.session.match is None
    app.step(0.0)                                          # the menu with its banner draws
    assert isinstance(app.top, MenuScene)
    click(app, app._notice_rect().center)                  # a click puts the banner away
    assert app.session.notices == []
    app.close()


def test_a_save_that_does_not_replay_is_damaged(paths):
    record = Match("turup", 2).record()
    record["hands"][0]["actions"] = [{"seat": "N", "play": "AS"}]
    paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_text(json.dumps(record))
    app = App(workers=SyncExecutor(), paths=paths)
    assert app.session.match is None and len(app.session.notices) == 1
    app.close()


def test_leftover_temporary_files_are_removed_at_start(paths):
    paths.data.mkdir(parents=True, exist_ok=True)
    leftover = paths.data / ".autosave.json.abc123.tmp"
    leftover.write_text('{"half": ')
    app = App(workers=SyncExecutor(), paths=paths)
    assert not leftover.exists() and app.session.notices == []
    app.close()


class Boom(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("a bug in a scene")


def test_a_frame_error_is_logged_told_and_the_game_kept(paths):
    handler = logging_setup.setup(paths)
    assert isinstance(handler, logging.handlers.RotatingFileHandler)
    assert handler.maxBytes > 0 and handler.backupCount > 0
    app = open_app(paths)
    table = app.start_game("turup", seed=4)
    play_some(app, table, 1)
    before = app.session.match.record()
    app.push(Boom(app))
    frames = []

    def stop() -> None:
        frames.append(1)
        if len(frames) >= 3:
            app.quit()
    app.after_frame.append(stop)
    app.run()
    assert isinstance(app.top, MenuScene) and app.exit_status == 0
    assert len(app.session.notices) == 1 and "RuntimeError" in app.session.notices[0]
    assert app.session.match.record() == before
    app.close()
    assert saved(paths) == before
    handler.flush()
    text = paths.log_file.read_text()
    assert "unexpected error in the frame loop" in text and "Traceback" in text
    assert "a bug in a scene" in text
    logging.getLogger("game").removeHandler(handler)


def test_errors_that_keep_coming_back_end_the_program(paths):
    app = open_app(paths)
    app.replace_all(Boom(app))
    app.after_frame.append(lambda: app.replace_all(Boom(app)))
    app.run()
    assert app.exit_status == 1 and not app.running
    app.close()


def test_a_record_resumes_the_same_state_as_replay(paths):
    rng = random.Random(3)
    for game in ("arbaa-turub", "tarabish", "tarot", "turup"):
        match = Match(game, rng.randrange(1000), ai_level="random")
        for _ in range(rng.randrange(30, 400)):
            if match.hand.done:
                if match.over:
                    break
                match.next_hand()
            match.apply(rng.choice(match.hand.legal_actions()))
        again = Match.from_record(json.loads(json.dumps(match.record())))
        assert state(again) == state(match)
        assert again.results == match.results
        out = replay_record(match.record())
        assert out["match"]["scores"] == again.tally.scores()


@pytest.mark.parametrize("game", ["arbaa-turub", "tarabish"])
def test_a_resumed_hand_shows_the_cards_of_its_open_trick(paths, game):
    app = open_app(paths)
    table = app.start_game(game, seed=5)
    rng = random.Random(3)
    for _ in range(200):                       # on to a trick others have begun
        settle(app, table)
        tricks = table.knowledge().tricks
        if table.hand.to_act == 0 and tricks and tricks[-1]["winner"] is None:
            break
        table.perform(rng.choice(table.legal()))
        app.step(0.0)
    cards = list(table.knowledge().tricks[-1]["cards"])
    assert cards and table.hand.to_act == 0
    again = TableScene(app, Match.from_record(json.loads(json.dumps(app.session.match.record()))))
    assert [s.name for s in again.trick] == cards
    assert [again.geo.trick_pos[s.seat] for s in again.trick] == \
        [(s.x, s.y) for s in again.trick]
    app.close()

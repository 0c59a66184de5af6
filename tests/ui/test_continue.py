"""Issue 16, "Never lose a game": one game in progress per game, kept side by side on disk
(``saved-game/<game>/``) and resumed by each game's Continue, a kill in between losing
nothing; a confirmation before a new game replaces one; the replaced game counted once as
abandoned; an earlier single save converted into its game's folder; ``saved-game --game``."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from ui_driver import SyncExecutor, play_some

from game import saved_game, storage
from game.lessons import LESSONS
from game.ui.app import App
from game.ui.entries import KEEP
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlay import PauseMenu
from game.ui.scenes.page import ConfirmScene
from game.ui.scenes.table import TableScene
from game.ui.session import Match


@pytest.fixture
def paths(tmp_path):
    return storage.resolve_paths(tmp_path)


def open_app(paths: storage.Paths, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(size, workers=SyncExecutor(), paths=paths)
    app.session.settings.ai_level = "random"
    app.session.settings.speed = "instant"
    app.session.settings.sound = False
    app.session.settings.lessons_offered = list(LESSONS)  # no guided hand offered first
    return app


def kill(app: App) -> None:
    """What a kill leaves: whatever the writer had on disk, nothing written at closing."""
    app.session.keeper.writer.flush()
    app.session.keeper.writer.close()



def to_menu(app: App) -> MenuScene:
    app.replace_all(MenuScene(app))
    app.step(0.0)
    menu = app.top
    assert isinstance(menu, MenuScene)
    return menu


def button(menu: MenuScene, label: str):
    return next(b for b in menu.buttons() if b.label == label)


def new_game_beside(menu: MenuScene, label: str):
    row = next(i for i, (b, _) in enumerate(menu.items) if b.label == label)
    return menu.new_games[row]


def abandoned(paths: storage.Paths, game: str) -> int:
    return storage.load_statistics(paths)[0].of(game)["games_abandoned"]


def test_two_games_in_progress_are_kept_side_by_side_and_each_continues(paths):
    app = open_app(paths)
    play_some(app, app.start_game("turup", seed=3), 3)
    turup = app.session.match.record()
    menu = to_menu(app)
    button(menu, "Arba'a Turub").action()              # no question: nothing to replace
    assert app.session.match.game == "arbaa-turub"
    play_some(app, app.table, 2, seed=2)
    arbaa = app.session.match.record()
    kill(app)
    assert (saved_game.folder_of(paths, "turup") / saved_game.HEADER).is_file()
    assert (saved_game.folder_of(paths, "arbaa-turub") / saved_game.HEADER).is_file()

    again = open_app(paths)
    assert again.session.match.record() == arbaa       # the most recently played
    assert {g: m.record() for g, m in again.session.matches.items()} == {
        "turup": turup, "arbaa-turub": arbaa}
    menu = to_menu(again)
    labels = [b.label for b, _ in menu.items]
    assert "Continue Turup" in labels and "Continue Arba'a Turub" in labels
    lines = dict((b.label, line.replace(KEEP, " ")) for b, line in menu.items)  # entries glued
    assert lines["Continue Turup"].endswith(", hand 1") and "You & North" in lines[
        "Continue Turup"]
    button(menu, "Continue Turup").action()
    table = again.top
    assert isinstance(table, TableScene) and table.match.record() == turup
    play_some(again, table, 2, seed=5)
    turup = again.session.match.record()
    kill(again)                                         # a kill between the two games

    third = open_app(paths)
    assert third.session.match.record() == turup
    button(to_menu(third), "Continue Arba'a Turub").action()
    assert third.top.match.record() == arbaa
    third.close()
    assert abandoned(paths, "turup") == abandoned(paths, "arbaa-turub") == 0
    out = subprocess.run([sys.executable, "-m", "game", "saved-game", "--data-dir",
                          str(paths.data), "--game", "turup"], capture_output=True, text=True)
    assert out.returncode == 0 and json.loads(out.stdout) == turup


def test_a_new_game_over_one_in_progress_asks_and_counts_it_abandoned_once(paths):
    app = open_app(paths)
    play_some(app, app.start_game("turup", seed=3), 3)
    old = app.session.match
    menu = to_menu(app)
    new_game_beside(menu, "Continue Turup").action()
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    assert ask.question.replace(KEEP, " ").startswith(
        "Start a new game of Turup? The game in progress (hand 1, You & North") \
        and "will count as abandoned" in ask.question
    ask.cancel()                                        # No: nothing changes
    assert app.top is menu and app.session.match is old
    new_game_beside(menu, "Continue Turup").action()
    app.top.confirm()
    assert isinstance(app.top, TableScene) and app.session.match is not old
    new = app.session.match.record()
    app.step(0.0)                                       # the frame hands the new game over
    kill(app)
    assert abandoned(paths, "turup") == 1
    assert storage.load_game(paths)[0] == new           # the new game replaced the old one

    again = open_app(paths)                             # a restart does not count it again
    play_some(again, again.show_table("turup"), 2)
    again.close()
    assert abandoned(paths, "turup") == 1


def test_the_pause_menus_new_game_asks_first(paths):
    app = open_app(paths)
    table = app.start_game("tarabish", seed=4)
    play_some(app, table, 2)
    old = app.session.match
    app.push(PauseMenu(app))
    next(b for b in app.top.items if b.label.startswith("New game")).action()
    assert isinstance(app.top, ConfirmScene) and "Tarabish" in app.top.question
    app.top.confirm()
    assert app.session.match is not old and app.session.match.game == "tarabish"
    app.close()
    assert abandoned(paths, "tarabish") == 1


def test_french_tarot_at_another_table_counts_the_game_it_replaces_as_abandoned(paths):
    """Changing French Tarot's number of players and starting a new game (which asks first)
    replaces the game in progress for four: it counts as abandoned in the four players'
    statistics, once, like any other replaced game."""
    app = open_app(paths)
    play_some(app, app.start_game("tarot", seed=3), 2)
    app.session.settings.options["tarot"] = {"players": 5}
    menu = to_menu(app)
    new_game_beside(menu, "Continue French Tarot").action()
    assert isinstance(app.top, ConfirmScene) and "count as abandoned" in app.top.question
    app.top.confirm()
    assert app.session.match.table.size == 5
    play_some(app, app.top, 2)
    app.close()
    assert (abandoned(paths, "tarot"), abandoned(paths, "tarot-5")) == (1, 0)
    again = open_app(paths)                             # a restart does not count it again
    play_some(again, again.show_table("tarot"), 1)
    again.close()
    assert (abandoned(paths, "tarot"), abandoned(paths, "tarot-5")) == (1, 0)


def test_a_kill_after_the_new_games_save_counts_the_abandoned_game_at_the_next_start(paths):
    """The count runs after the new game's save: a kill between the two leaves the new save
    and the statistics naming the old game — the next start counts it, once."""
    app = open_app(paths)
    play_some(app, app.start_game("turup", seed=3), 2)
    kill(app)
    stats = storage.load_statistics(paths)[0]
    assert stats.counted["seed"] == 3
    again = open_app(paths)
    again.session.keeper._count = lambda match: None   # killed before the count's write
    again.start_game("turup", seed=8)
    again.step(0.0)
    kill(again)
    assert abandoned(paths, "turup") == 0 and storage.load_game(paths)[0]["seed"] == 8
    for _ in range(2):
        third = open_app(paths)
        third.close()
        assert abandoned(paths, "turup") == 1


def test_switching_games_never_counts_a_hand_twice(paths):
    stats = storage.Statistics()
    stats.count_match("turup", 1, [("won", 0), ("lost", 0)], None)
    stats.count_match("tarot", 2, [("won", 10)], None)
    storage.save_statistics(paths, stats)
    stats = storage.load_statistics(paths)[0]            # the other game's count is kept
    stats.count_match("turup", 1, [("won", 0), ("lost", 0)], None)
    stats.count_match("tarot", 2, [("won", 10)], None)
    assert stats.of("turup")["hands_played"] == 2 and stats.of("tarot")["hands_played"] == 1
    assert stats.of("turup")["games_abandoned"] == stats.of("tarot")["games_abandoned"] == 0


def test_old_statistics_load_with_no_abandoned_games(paths):
    paths.data.mkdir(parents=True, exist_ok=True)
    paths.statistics.write_text(json.dumps({"version": 1, "games": {"turup": {
        "hands_played": 5}}, "counted": {"game": "turup", "seed": 1, "hands": 5,
                                         "over": False}}))
    stats, notice = storage.load_statistics(paths)
    assert notice is None and stats.of("turup")["games_abandoned"] == 0
    stats.count_match("tarot", 2, [], None)              # the turup game stays in progress
    stats.count_match("turup", 1, [("won", 0)] * 5, None)
    assert stats.of("turup")["games_abandoned"] == 0 and stats.of("turup")["hands_played"] == 5


def test_a_single_save_of_an_earlier_version_moves_into_its_games_folder(paths):
    match = Match("tarot", 6, ai_level="random")
    rng = random.Random(6)
    for _ in range(20):
        match.apply(rng.choice(match.hand.legal_actions()))
    saved_game.Files(paths).save(saved_game.snapshot(
        "e" * 12, saved_game.header(match.record()), match.hands))  # saved-game/match.json
    app = open_app(paths)
    assert app.session.match.record() == match.record() and app.session.notices == []
    app.session.keeper.writer.flush()
    assert not (paths.saved_game / saved_game.HEADER).exists()
    assert not (paths.saved_game / ("e" * 12)).exists()
    found = saved_game.read(paths, game="tarot")
    assert found.folder == saved_game.folder_of(paths, "tarot") and not found.legacy
    assert found.record == match.record()
    app.close()


def test_the_menu_fits_with_four_games_in_progress(paths):
    app = open_app(paths, (1024, 600))
    for n, game in enumerate(["arbaa-turub", "turup", "tarabish", "tarot"]):
        play_some(app, app.start_game(game, seed=n + 1), 1)
    menu = to_menu(app)
    assert len(menu.items) == 10 and len(menu.new_games) == 4  # with the deal of the day
    panel = menu.place()
    rects = [b.rect for b in menu.buttons()]
    assert all(panel.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    app.close()


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="needs SIGKILL")
def test_sigkilled_runs_of_two_games_keep_both_games(paths):
    """Autoplay Turup, SIGKILL it; autoplay Tarabish, SIGKILL it: both saves are there, each
    extends what it held, and the next run of Turup carries on from Turup's."""
    import os
    import signal
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("FOUR_TRUMPS_DATA_DIR", None)

    def killed_run(game: str) -> None:
        proc = subprocess.Popen([sys.executable, "-m", "game", "--data-dir", str(paths.data),
                                 "--autoplay", game, "--hands", "1000", "--ai", "random"],
                                cwd=root, env=env)
        folder = saved_game.folder_of(paths, game)
        deadline = time.time() + 30
        while time.time() < deadline and not (folder / saved_game.HEADER).exists():
            time.sleep(0.05)
        time.sleep(0.3)
        proc.send_signal(signal.SIGKILL)
        proc.wait()

    killed_run("turup")
    turup = saved_game.read(paths, game="turup").record
    killed_run("tarabish")
    assert saved_game.read(paths, game="tarabish").record is not None
    again = saved_game.read(paths, game="turup")
    assert again.notice is None and again.record == turup   # untouched by the other game
    killed_run("turup")
    after = saved_game.read(paths, game="turup").record
    assert after["seed"] == turup["seed"] or Match.from_record(turup).over
    assert storage.load_statistics(paths)[0].of("turup")["games_abandoned"] == 0

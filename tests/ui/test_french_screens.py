"""The screens in French: a French table plays a whole hand of each game through the window
(posted events only), and the screens' own words, numbers and error lines come out in French —
while the English text of every message stays what it was."""

from __future__ import annotations

import errno
from pathlib import Path

import pygame
import pytest
from scene_helpers import menu_click
from test_score_sheet import played_out
from test_ui_play import play_hand_through_events
from ui_driver import NoClaimExecutor, SyncExecutor, click, key, start_from_menu

from game import i18n, storage
from game.ui.app import App
from game.ui.persist import save_problem
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.page import decimal, game_title, percent
from game.ui.scenes.score_sheet import ScoreSheetScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.scenes.table import TableScene
from game.ui.session import Settings

NB = "\u00a0"
"""The no-break space French puts before ":" "?" "!" ";" and "%"."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))
    yield
    i18n.set_language("en")


def french_app(size: tuple[int, int] = (1280, 720), claims: bool = True,
               checker: bool = True) -> App:
    """A headless app speaking French, the quick easy AI in the test thread; ``claims`` and
    ``checker`` as for :func:`ui_driver.make_app`."""
    app = App(size, Settings(ai_level="easy", speed="fast", sound=False, language="fr"),
              workers=SyncExecutor() if claims else NoClaimExecutor())
    app.session.settings.play_checker = checker
    return app


@pytest.mark.parametrize("game,seed", [("arbaa-turub", 3), ("turup", 1), ("tarabish", 2),
                                       ("tarot", 5)])
def test_a_french_table_plays_a_whole_hand(game: str, seed: int) -> None:
    app = french_app((1024, 600), claims=False, checker=False)  # neither is the point: quick
    app.session.rng.seed(seed)
    try:
        table = start_from_menu(app, game_title(game))
        assert game_title("tarot") == "Tarot"
        play_hand_through_events(app, table)
        assert i18n.language() == "fr"
        assert [b.label for b in table.top_buttons] == ["Menu", "Dernier pli"]
        key(app, pygame.K_ESCAPE)
        assert [b.label for b in app.top.items][:1] == ["Reprendre"]  # type: ignore[union-attr]
        key(app, pygame.K_ESCAPE)
        click(app, table.summary[0].rect.center)  # the next hand (or the end of the game)
        assert table.summary is None or app.session.match.over
    finally:
        app.close()


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_the_summary_of_a_french_table_is_french(game: str) -> None:
    app = french_app()
    try:
        app.session.match = played_out(game, 2026)
        app.session.match.seats["S"] = "human"
        table = app.show_table()
        for _frame in range(20):  # the last trick is gathered first
            app.step(0.1)
            if table.summary_view.shown:
                break
        assert table.summary_view.shown
        french = table.summary_view.title
        i18n.set_language("en")
        english, _, _ = table.policy.summary(table)
        assert french != english, french
    finally:
        app.close()


def test_score_sheet_and_game_over_in_french() -> None:
    app = french_app()
    try:
        app.session.match = played_out("turup", 7)
        app.session.match.seats["S"] = "human"
        table = app.show_table()
        app.step(0.1)
        key(app, pygame.K_s)
        sheet = app.top
        assert isinstance(sheet, ScoreSheetScene) and sheet.close_button.label == "Fermer"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TableScene)
        table.policy.game_over(table)
        over = app.top
        assert isinstance(over, GameOverScene)
        hands = len(app.session.match.results)
        assert over.played == f"{hands} donnes jouées  ·  partie n° 7"
        assert [b.label for b in over.buttons] == ["Nouvelle partie", "Feuille de marque",
                                                   "Menu principal"]
        app.step(0.0)
        assert all(b.rect.bottom <= over.panel().bottom for b in over.buttons)
    finally:
        app.close()


def test_statistics_in_french(tmp_path: Path) -> None:
    paths = storage.resolve_paths(tmp_path)
    stats = storage.Statistics()
    stats.count_match("tarot", 1, [("won", 30), ("lost", -45), ("lost", -60)], "lost")
    storage.save_statistics(paths, stats)
    app = french_app()
    try:
        menu_click(app, "Statistiques")
        page = app.top
        assert isinstance(page, StatisticsScene)
        assert page.page_title() == "Statistiques"
        assert page.value("tarot", "hands_rate") == f"33{NB}%"
        assert page.value("tarot", "average") == "−25,0 points"
        assert {b.label for b in page.reset_buttons} == {"Effacer…"}
        for _ in range(3):
            key(app, pygame.K_RIGHT)  # French Tarot's plot
        assert page.plot_title(3).startswith(f"Tarot{NB}: part des donnes gagnées")
        assert page.plot_title(3).endswith("vos 3 dernières donnes")
    finally:
        app.close()


@pytest.mark.parametrize(("say_it", "english", "french"), [
    (lambda: percent(0.5), "50%", f"50{NB}%"),
    (lambda: decimal(4.25, 1), "4.2", "4,2"),
    (lambda: i18n.ngettext("{n} hand ago", "{n} hands ago", 1).format(n=1), "1 hand ago",
     "il y a 1 donne"),
    (lambda: i18n.ngettext("{n} hand ago", "{n} hands ago", 2).format(n=2), "2 hands ago",
     "il y a 2 donnes"),
    (lambda: game_title("tarot"), "French Tarot", "Tarot"),
    (lambda: game_title("arbaa-turub"), "Arba'a Turub", "Arba'a Turub"),
])
def test_numbers_plurals_and_titles(say_it, english: str, french: str) -> None:
    assert say_it() == english
    i18n.set_language("fr")
    assert say_it() == french


def test_error_lines_keep_their_english_and_are_said_in_french(tmp_path: Path) -> None:
    paths = storage.resolve_paths(tmp_path)
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text("{not json")
    _, notice = storage.load_settings(paths)
    assert notice is not None and notice.startswith("Your settings file was damaged; it was "
                                                    "kept as settings.damaged-")
    full = save_problem(OSError(errno.ENOSPC, "No space left"), paths.settings)
    assert full == (f"Not saved: the disk is full ({paths.config}). Please free some space "
                    "on it; the game keeps trying.")
    unreadable = storage.unreadable_notice("saved game", paths.data,
                                           PermissionError(errno.EACCES, "denied"))
    assert unreadable.startswith("Your saved game cannot be read (permission denied): ")
    i18n.set_language("fr")
    assert i18n.say(notice).startswith("Votre fichier de réglages était endommagé" + NB
                                       + "; il a été gardé sous le nom settings.damaged-")
    assert i18n.say(full) == (f"Non enregistré{NB}: le disque est plein ({paths.config}). "
                              "Veuillez y libérer de la place ; le jeu continue d'essayer."
                              .replace(" ;", NB + ";"))
    assert i18n.say(unreadable).startswith("Votre fichier de partie enregistrée ne peut pas "
                                           "être lu (permission refusée)")
    assert i18n.say(storage.HISTORY_DROPPED).startswith("Une partie de l'historique")


def test_the_menu_banner_says_the_notices_in_french() -> None:
    app = french_app()
    try:
        app.session.notices.append(storage.HISTORY_DROPPED)
        app.session.notices.append(i18n.N_("There is no saved game to continue."))
        app.step(0.0)
        lines = app._banner_lines()
        assert lines[0].startswith("Une partie de l'historique")
        assert lines[1] == "Il n'y a pas de partie enregistrée à continuer."
    finally:
        app.close()

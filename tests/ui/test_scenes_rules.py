"""The Rules page: opened from the main menu and from the table's Escape menu with posted
events only, every game's text wrapped inside the window, scrolled by keys and wheel, closed with
Escape; and the texts cover every option and the key numbers of RULES.md, in English with the
names English Tarot players use, and in French."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import assert_fits, menu_click, wheel
from ui_driver import click, key, make_app

from game import i18n
from game.engine import games
from game.i18n import catalog
from game.ui import rules_text
from game.ui.games import presentation
from game.ui.host import open_scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlay import PauseMenu
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.table import TableScene


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_rules_from_the_menu_fit_scroll_and_close(size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        menu_click(app, "Rules")
        page = app.top
        assert isinstance(page, RulesScene) and page.game == games.names()[0]
        seen = []
        for _ in games.names():  # Tab walks through every game's page
            app.step(0.0)
            seen.append(page.game)
            assert page.lines and page.max_scroll > 0, "a whole page should need scrolling"
            assert_fits(app, page, [(s, x) for s, x, _ in page.lines])
            key(app, pygame.K_TAB)
        assert seen == games.names() and page.game == games.names()[0]

        key(app, pygame.K_DOWN)
        assert page.scroll > 0
        key(app, pygame.K_UP)
        assert page.scroll == 0
        key(app, pygame.K_PAGEDOWN)
        one_page = page.scroll
        assert one_page > page.view.h // 2
        key(app, pygame.K_PAGEUP)
        assert page.scroll == 0
        wheel(app, -1)
        assert page.scroll > 0
        wheel(app, 1)
        assert page.scroll == 0
        key(app, pygame.K_END)
        assert page.scroll == page.max_scroll
        key(app, pygame.K_PAGEDOWN)
        assert page.scroll == page.max_scroll, "scrolling stops at the end"
        key(app, pygame.K_HOME)
        assert page.scroll == 0

        tarot = next(b for b in page.tab_buttons if b.label == "French Tarot")
        click(app, tarot.rect.center)
        assert page.game == "tarot" and page.scroll == 0

        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_rules_from_the_table_open_on_its_game_and_go_back() -> None:
    app = make_app((1024, 600))
    try:
        menu_click(app, "Tarabish")
        table = app.top
        assert isinstance(table, TableScene)
        table.ai_enabled = False
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, PauseMenu)
        menu_click(app, "Rules")
        page = app.top
        assert isinstance(page, RulesScene) and page.game == "tarabish"
        click(app, page.back_button.rect.center)
        assert isinstance(app.top, PauseMenu)
        menu_click(app, "Rules")
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        assert app.top is table
    finally:
        app.close()


def test_every_option_is_named_and_explained_on_its_page() -> None:
    for name in games.names():
        spec = games.get(name)
        assert set(presentation(name).option_texts) == set(spec.every_option()), name
        text = " ".join(p for s in rules_text.page(name) for p in s.paragraphs)
        for opt, o in spec.options.items():
            t = rules_text.option_text(name, opt)
            assert t.label in text and t.explain in text
            for v in o.choices:
                assert rules_text.value_label(name, opt, v) in text


def test_unknown_option_falls_back_to_its_help() -> None:
    t = rules_text.option_text("turup", "target")
    assert t.label == "Points to win"
    assert rules_text.value_label("arbaa-turub", "signals", False) == "Off"
    assert rules_text.value_label("tarot", "hands", 8) == "8 hands"


FACTS = {
    "arbaa-turub": ["144", "36", "clockwise", "left", "three cards only", "18 tricks each",
                    "more tricks in the second", "strong", "weak", "played first"],
    "turup": ["36", "nine", "counter-clockwise", "five tricks", "1 point", "3 points",
              "0 to 4", "10 points"],
    "tarabish": ["J (highest), 9, A, 10, K, Q, 8, 7, 6", "A (highest), 10, K, Q, J, 9, 8, 7, 6",
                 "J 20, 9 14, A 11, 10 10, K 4, Q 3", "A 11, 10 10, K 4, Q 3, J 2", "162",
                 "dealer must call", "must play a trump", "must beat", "twenty", "fifty",
                 "bella", "20 points", "bait", "half bait", "500"],
    "tarot": ["78", "21 trumps", "Excuse", "4.5", "3.5", "2.5", "1.5", "0.5", "91",
              "petit sec", "Take, Guard, Guard without the dog, Guard against the dog",
              "56 points with no oudler, 51 with one, 41 with two, 36 with all three",
              "×1", "×2", "×4", "×6", "Petit au bout", "400", "200", "10, 13 or 15",
              "20, 30 or 40", "4 hands",
              # three and five players (RULES.md section 5)
              "24 cards", "packets of four", "13, 15 or 18", "twice it", "15 cards",
              "the dog has three cards", "lays three cards away", "calls a king by its suit",
              "calls a queen instead", "secret partner", "plays alone", "First trick",
              "8, 10 or 13", "the partner once", "four times it"],
}
"""Numbers and rules from RULES.md that each newcomer page must state."""


@pytest.mark.parametrize("game", games.names())
def test_pages_state_the_rules_key_facts(game: str) -> None:
    text = " ".join(p for s in rules_text.page(game) for p in s.paragraphs)
    for fact in FACTS[game]:
        assert fact in text, f"the {game} page does not say {fact!r}"


def test_the_menu_line_of_french_tarot_covers_its_three_tables(french) -> None:
    """The main menu's line says French Tarot is for three to five players and that at five
    the declarer plays with a called king; in French too."""
    from game.ui.scenes.page import game_summary

    assert "de 3 à 5 joueurs" in game_summary("tarot") and "roi appelé" in game_summary("tarot")
    i18n.set_language("en")
    assert "3 to 5 players" in game_summary("tarot") and "called king" in game_summary("tarot")


def page_text(game: str) -> str:
    return " ".join(t for s in rules_text.page(game) for t in (s.heading, *s.paragraphs))


def test_tarot_says_the_names_english_players_know() -> None:
    text = page_text("tarot")
    for name in ("Take", "Guard", "Guard without", "Guard against", "the dog (talon)",
                 "handful", "Slam", "the oudlers (the ends)"):
        assert name in text, name
    for old in ("Keep", "keep", "chien"):
        assert old not in text, old
    assert text.count("(talon)") == 1 and text.count("(the ends)") == 1


FRENCH = {
    "arbaa-turub": ["Le jeu", "Signaux", "premier en main", "«\u00a0fort\u00a0»",
                    "«\u00a0faible\u00a0»", "144 cartes", "A R D V 10 9 8 7 6", "donne nulle",
                    "Oui, Non (par défaut Oui)", "Réglages → Options de jeu"],
    "turup": ["Kort", "kort", "cinq premiers plis", "de 0 à 4", "Points pour gagner",
              "5 points, 10 points, 15 points (par défaut 10 points)"],
    "tarabish": ["Suites", "tierce", "cinquante", "Bella", "la belote", "«\u00a0bêtes\u00a0»",
                 "«\u00a0demi-bête\u00a0»", "V 20, 9 14, A 11, 10 10, R 4, D 3", "162",
                 "Le donneur peut passer", "Exception du partenaire"],
    "tarot": ["Enchères", "Prise, Garde, Garde sans le chien, Garde contre le chien",
              "le chien", "l'écart", "poignée simple, double ou triple", "Chelem",
              "Petit au bout", "les bouts", "l'Excuse", "4,5", "monter à l'atout", "couper",
              "Fournissez", "«\u00a0petit sec\u00a0»", "Donnes par partie",
              "4 donnes, 8 donnes, 12 donnes", "À trois joueurs", "À cinq joueurs",
              "Appel au roi", "partenaire secret", "13, 15 ou 18", "8, 10 ou 13"],
}
"""Words each French page must use: the games' own words and the FFT's for Tarot."""


@pytest.mark.parametrize("game", games.names())
def test_pages_in_french_use_the_games_french_words(french, game: str) -> None:
    text = page_text(game)
    for words in FRENCH[game]:
        assert words in text, f"the French {game} page does not say {words!r}"
    for english in ("The deck", "What you must play", "trick", "At this table", "usually"):
        assert english not in text


@pytest.mark.parametrize("game", games.names())
def test_every_rules_text_is_translated_in_full_with_its_bullets(french, game: str) -> None:
    """Each heading and paragraph has its own French entry (not shown in English), and a
    bullet stays a bullet."""
    entries = catalog.entries("fr")
    *rules, _options, controls = rules_text.page(game)
    english = [*presentation(game).rules, rules_text._CONTROLS]
    for section, shown in zip(english, [*rules, controls], strict=True):
        for text in (section.heading, *section.paragraphs):
            assert text in entries and all(entries[text].msgstr), text
        assert shown.heading == entries[section.heading].msgstr[0]
        for para, french_para in zip(section.paragraphs, shown.paragraphs, strict=True):
            assert para.startswith("• ") == french_para.startswith("• "), french_para
            assert french_para != para and len(french_para) > 0.8 * len(para), french_para


def test_option_labels_and_values_in_french(french) -> None:
    assert rules_text.option_text("turup", "target").label == "Points pour gagner"
    assert rules_text.value_label("arbaa-turub", "signals", True) == "Oui"
    assert rules_text.value_label("arbaa-turub", "signals", False) == "Non"
    assert rules_text.value_label("tarot", "hands", 8) == "8 donnes"
    assert rules_text.value_label("tarabish", "target", 500) == "500 points"
    assert rules_text.page("tarot")[-2].heading == "Options"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_french_rules_pages_fit(french, size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        i18n.set_language("fr")
        app.push(open_scene(app, "rules"))
        page = app.top
        assert isinstance(page, RulesScene)
        for _ in games.names():
            app.step(0.0)
            assert_fits(app, page, [(s, x) for s, x, _ in page.lines])
            key(app, pygame.K_TAB)
    finally:
        app.close()


def test_a_change_of_language_shows_at_the_next_layout(french) -> None:
    """The page is built in the language of the moment: laid out again after a change of
    language (what the app does on a change, as on a resize), it is longer in French."""
    i18n.set_language("en")
    app = make_app((1280, 720))
    try:
        app.push(open_scene(app, "rules", game="tarot"))
        page = app.top
        assert isinstance(page, RulesScene)
        app.step(0.0)
        english = page.max_scroll
        i18n.set_language("fr")
        page.relayout()
        assert page.max_scroll > english
        assert_fits(app, page, [(s, x) for s, x, _ in page.lines])
    finally:
        app.close()

"""The table in French (issue 18): its own words, the card faces' court letters, and a language
switched while a table is shown — every label changes at the next frame."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from ui_driver import make_app, settle, to_the_side_row

from game import i18n
from game.engine import learning
from game.storage import Settings
from game.ui import render
from game.ui.games import presentation
from game.ui.render import fonts
from game.ui.render.cards import CardArt
from game.ui.scenes.table import TableScene
from game.ui.session import Match
from game.ui.table.claim import CLAIM_WORDS
from game.ui.table.decision import CHOICE_SIZE
from game.ui.table.model import TableModel
from game.ui.table.seats import SeatsWidget
from game.ui.table.trick import LastTrick
from game.ui.tracker_panel import laid_card, lay_out
from game.ui.widgets import LABEL_ROOM
from game.ui.words import seat_name


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.fixture
def french() -> Iterator[None]:
    """French for the test, English again after it."""
    i18n.set_language("fr")
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn through :func:`fonts.text` (``fit`` draws through it too)."""
    texts: list[str] = []
    real = fonts.text

    def record(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        texts.append(s)
        return real(s, *args, **kwargs)

    record.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(fonts, "text", record)
    return texts


def model_for(game: str, seed: int = 3) -> TableModel:
    return TableModel(Match(game, seed), Settings())


def switch_language(app: Any, code: str) -> None:
    """What the app does on a change of language: the new catalog, the drawing caches
    dropped, the scenes laid out again (the window-resize path)."""
    i18n.set_language(code)
    render.reset_caches()
    app.resize(app.screen.get_size())


def frame(app: Any, drawn: list[str]) -> list[str]:
    """The texts of one more frame."""
    drawn.clear()
    app.step(0.0)
    return list(drawn)


def test_a_language_switch_while_a_table_is_shown_changes_its_labels_at_the_next_frame(
        drawn: list[str]) -> None:
    app = make_app((1280, 720))
    try:
        table = app.start_game("turup", 5)
        settle(app, table)
        table.seats.said(0, CLAIM_WORDS)  # a bubble up when the language changes
        english = frame(app, drawn)
        assert "Turup — hand 1" in english and "The rest is ours" in english
        assert any("dealer" in t for t in english)
        switch_language(app, "fr")
        french = frame(app, drawn)
        assert "Turup — donne 1" in french and "Turup — hand 1" not in french
        assert "Le reste est à nous" in french
        assert any("donneur" in t for t in french)
        assert not any("dealer" in t for t in french)
        switch_language(app, "en")
        assert "Turup — hand 1" in frame(app, drawn)
    finally:
        i18n.set_language("en")
        app.close()


def play_to_summary(app: Any, table: TableScene) -> None:
    rng = random.Random(4)
    for _ in range(200):
        settle(app, table, limit=4000)
        if table.summary is not None:
            return
        table.perform(rng.choice(table.legal()))
    raise AssertionError("the hand never ended")


def test_the_summary_up_when_the_language_changes_is_told_again_in_french() -> None:
    app = make_app((1024, 600))
    try:
        table = app.start_game("turup", 5)
        play_to_summary(app, table)
        assert table.summary is not None and table.summary[0].label == "Next hand"
        assert any(line.startswith("Game score: ") for line in table.summary_view.lines)
        switch_language(app, "fr")
        app.step(0.0)
        assert table.summary[0].label == "Donne suivante"
        assert any(line.startswith("Score de la partie\u00a0: ")
                   for line in table.summary_view.lines)
    finally:
        i18n.set_language("en")
        app.close()


FRENCH_LABELS: list[tuple[Callable[[], str], str]] = [
    (lambda: SeatsWidget.label(0, 0, None, True), "À vous"),
    (lambda: SeatsWidget.label(1, 12, "donneur"), "{west}  ·  12  ·  donneur"),
    (lambda: LastTrick.caption("W"), "Dernier pli — remporté par {west}"),
    (lambda: LastTrick.caption("S"), "Dernier pli — remporté par vous"),
    (lambda: model_for("turup").score_lines()[0][0], "Turup — donne 1"),
    (lambda: model_for("tarabish").roles()[model_for("tarabish").hand.dealer], "donneur"),
    (lambda: laid_card("QS", presentation("tarot")), "D♠"),
    (lambda: laid_card("JH", presentation("turup")), "V♥"),
    (lambda: laid_card("KD", presentation("tarot")), "R♦"),
    (lambda: laid_card("CC", presentation("tarot")), "C♣"),
]


@pytest.mark.parametrize(("said", "words"), FRENCH_LABELS)
@pytest.mark.usefixtures("french")
def test_the_table_s_own_words_are_french(said: Callable[[], str], words: str) -> None:
    """(A seat's name is :mod:`game.ui.words`'s, tested there.)"""
    assert said() == words.format(west=seat_name("W"))


@pytest.mark.usefixtures("french")
def test_the_tarot_lay_away_is_offered_in_french() -> None:
    model = TableModel(Match("tarot", 3), Settings())
    model.apply({"seat": "S", "bid": "take"})
    while model.hand.to_act not in (0, None):
        legal = model.hand.legal_actions()
        model.apply(next((a for a in legal if "pass" in a.values()), legal[0]))
    assert model.offer().title == "Écartez 6 cartes (0 sur 6 choisies)"


@pytest.mark.usefixtures("french")
def test_the_card_tracker_is_french() -> None:
    knowledge = model_for("turup").knowledge()
    text = " / ".join(p.text for line in lay_out(learning.tracker(knowledge), 400, 14,
                                                   presentation("turup")) for p in line)
    for words in ("Atout pas encore nommé", "Coupes montrées", "Aucune pour l'instant",
                  "\u00a0: 9 / "):
        assert words in text, text
    for english in ("Trump not named", "Voids shown", "None yet", " out"):
        assert english not in text, text


def test_court_cards_carry_french_letters_and_other_faces_stay() -> None:
    card_art = CardArt(90, 130)

    def faces(names: tuple[str, ...]) -> list[bytes]:
        return [pygame.image.tobytes(card_art.face(n), "RGBA") for n in names]

    courts, others = ("JS", "QH", "KD"), ("AS", "10H", "T21", "EX", "CC")
    english = faces(courts + others)
    i18n.set_language("fr")
    try:
        french = faces(courts + others)  # the same art: its faces are kept per language
    finally:
        i18n.set_language("en")
    assert all(e != f for e, f in zip(english[:3], french[:3], strict=True))
    assert english[3:] == french[3:]
    assert faces(courts + others) == english


@pytest.mark.usefixtures("french")
def test_the_optional_row_fits_its_french_labels_clear_of_the_other_buttons() -> None:
    app = make_app((1024, 600))
    try:
        app.session.settings.learning["tarot"] = True
        table = app.start_game("tarot", 375)  # South holds eleven trumps
        to_the_side_row(app, table)
        app.step(0.0)
        font = fonts.font(CHOICE_SIZE["side"], True)
        for b in table.panel.side_buttons:
            assert font.size(b.label)[0] <= b.rect.w - LABEL_ROOM, b.label
        caption = table.panel.side_caption()
        assert caption is not None
        others = [b.rect for b in table.buttons() if b not in table.panel.side_buttons]
        assert caption[1].collidelist(others) == -1
        assert pygame.Rect(0, 0, 1024, 600).contains(caption[1])
        assert table.panel.side_top() == caption[1].top
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_no_seat_label_runs_into_a_button_or_the_score_panel(game: str, code: str) -> None:
    """At 1024×600, in either language: the score panel wraps its long lines, so North's label
    finds a place clear of it and of the top buttons."""
    app = make_app((1024, 600))
    try:
        app.session.settings.learning[game] = True
        switch_language(app, code)
        table = app.start_game(game, 7)
        settle(app, table)
        app.step(0.0)
        obstacles = [b.rect for b in table.buttons()] + [table.score.rect]
        for seat, label in table.seats.labels.items():
            assert label.collidelist(obstacles) == -1, (seat, label)
    finally:
        i18n.set_language("en")
        app.close()

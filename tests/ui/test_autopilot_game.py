"""The AI playing South's cards for the rest of the game (issue 36, item 7), and Undo beside
it (item 6): the menu offers both lengths; handed over for the game, the AI plays on into
the next hand until the cards are taken back; Undo while it plays gives the cards back and
takes its last move back; after an undo the dimmed Undo button says the undo worked; the
choice is not saved (a continued game is the player's)."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_helpers import menu_click
from test_learning_table import ctrl_z, table_for
from ui_driver import click, key, make_app, settle

from game.ui.app import App
from game.ui.scenes.overlay import PauseMenu
from game.ui.scenes.table import TableScene


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def hand_over_game(app: App, table: TableScene) -> None:
    """Escape, then "Let the AI play my cards (rest of the game)"."""
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    labels = [b.label for b in app.top.items]
    assert "Let the AI play my cards (this hand)" in labels
    menu_click(app, "Let the AI play my cards (rest of the game)")
    assert app.top is table and table.plays.autopilot.whole_game


def test_the_ai_plays_south_into_the_next_hand_until_taken_back() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = app.start_game("tarabish", 3)
        settle(app, table)
        hand_over_game(app, table)
        assert "rest of the game" in table.plays.buttons[0].hint
        for _ in range(3000):
            if table.summary is not None:
                break
            app.step(0.1)
        assert table.summary is not None and table.plays.buttons == []
        click(app, table.summary[0].rect.center)   # Next hand
        assert table.plays.autopilot.on and table.model.piloted is table.hand
        start = len(table.hand.history)
        for _ in range(400):                       # South's first decision is the AI's
            if any(a["seat"] == "S" for a in table.hand.history[start:]):
                break
            app.step(0.1)
        assert any(a["seat"] == "S" for a in table.hand.history[start:])
        app.step(0.0)
        click(app, table.plays.buttons[0].rect.center)   # "Take back my cards"
        assert not table.plays.autopilot.on and table.model.piloted is None
        settle(app, table)
        n = len(table.hand.history)
        for _ in range(20):
            app.step(0.1)
        assert table.hand.to_act == 0 and len(table.hand.history) == n
    finally:
        app.close()


def test_a_continued_game_is_the_players() -> None:
    """**Decision**: the rest-of-the-game choice is not saved: the table opened again for
    the same game (as Continue does after a restart) has South's cards in the player's
    hands."""
    app = make_app(claims=False, checker=False)
    try:
        table = app.start_game("turup", 3)
        settle(app, table)
        hand_over_game(app, table)
        match = table.match
        again = TableScene(app, match)     # a new table for the saved game
        assert not again.plays.autopilot.on and again.model.piloted is None
        again.close()
    finally:
        app.close()


def south_card_turn(app: App, table: TableScene, rng: random.Random) -> None:
    """On to South's card with a trick under way and a choice of cards."""
    for _ in range(200):
        settle(app, table)
        plays = [a for a in table.legal() if "play" in a]
        if len(plays) > 1 and table.knowledge().tricks:
            return
        table.perform(rng.choice(table.legal()))
    raise AssertionError("no choice of cards came")


def test_undo_while_the_ai_plays_gives_the_cards_back_and_takes_its_move_back() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "turup", 6)
        south_card_turn(app, table, random.Random(6))
        n = len(table.hand.history)
        record = table.match.record()
        table.plays.autopilot.start()
        for _ in range(200):                  # the AI plays South's card
            app.step(0.1)
            if len(table.hand.history) > n:
                break
        assert table.hand.history[n]["seat"] == "S"
        ctrl_z(app)
        assert table.match.record() == record, "the AI's move for the player is taken back"
        assert not table.plays.autopilot.on and table.model.piloted is None
        for _ in range(10):
            app.step(0.1)
        assert len(table.hand.history) == n, "the player has the cards"
    finally:
        app.close()


def test_after_an_undo_the_undo_tip_says_it_worked() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "turup", 6)
        rng = random.Random(6)
        for _ in range(40):
            south_card_turn(app, table, rng)
            if table.hand.history[-1]["seat"] != "S":
                break
            table.perform(rng.choice(table.legal()))
        card = next(a for a in table.legal() if "play" in a)
        table.perform(card)
        assert table.coach.undo_refusal() is None
        table.coach.undo()
        refusal = table.coach.undo_refusal()
        assert refusal == "There is nothing of yours to take back"
        table.coach.layout()
        undo = next(b for b in table.coach.buttons if b.label == "Undo")
        assert undo.reason == "Taken back. Nothing earlier can be taken back."
        ctrl_z(app)                            # pressed again: the same words, as a message
        assert table.toast is not None and table.toast[0].startswith("Taken back.")
        table.perform(card)                    # once the table moves on, the plain reason
        table.perform(table.hand.legal_actions()[0])
        table.coach.layout()
        undo = next(b for b in table.coach.buttons if b.label == "Undo")
        assert undo.reason == "There is nothing of yours to take back"
    finally:
        app.close()

"""The table's pace, driven through events: the "instant" speed picked in the settings (cards
placed at once, the AI's plays one after another without a pause, a finished trick still
seen), and the AI playing South's cards for the rest of the hand from the in-game menu, given
back by the "Take back my cards" button, by Escape, or by the next hand."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import click, drag, grip, key, make_app, settle

from game import storage
from game.ui.app import App
from game.ui.scenes.overlay import PauseMenu, SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.table.slide import SLIDE, card_keys, reordered
from game.ui.table.trick import SEEN_TRICK


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def south_to_play(app: App, table: TableScene, in_trick: int, seed: int = 1) -> None:
    """Let the hand go on (South's other decisions random) until South is to play a card
    with ``in_trick`` cards already in the open trick."""
    rng = random.Random(seed)
    for _ in range(200):
        settle(app, table)
        assert table.summary is None, "the hand ended first"
        legal = table.legal()
        open_trick = len(table.model.open_trick())
        if all("play" in a for a in legal) and open_trick == in_trick:
            return
        table.perform(rng.choice(legal))
        app.step(0.0)
    raise AssertionError("South never came to that card")


def play_by_drag(app: App, table: TableScene) -> None:
    """South drags a legal card onto the trick."""
    table.layout()
    name = next(a["play"] for a in table.legal())
    drag(app, grip(table, table.fan.cards.index(name)), table.geo.drop_zone.center)


def test_the_settings_offer_the_instant_speed_and_old_files_load() -> None:
    app = make_app()
    app.step(0.0)
    menu_click(app, "Settings")
    assert isinstance(app.top, SettingsScene)
    seen = []
    for _ in range(len(storage.SPEEDS)):
        seen.append(app.session.settings.speed)
        label = next(b.label for b in app.top.items if b.label.startswith("Animation speed"))
        menu_click(app, label)
    assert set(seen) == {"slow", "normal", "fast", "instant"}
    for speed in ("fast", "instant"):  # a file written before the instant speed, and after
        loaded, fell_back = storage.settings_from_json({**storage.Settings().to_json(),
                                                        "speed": speed})
        assert loaded.speed == speed and fell_back == []


@pytest.mark.parametrize("game", ["arbaa-turub", "tarabish"])
def test_instant_places_the_cards_and_the_ai_plays_follow_at_once(game: str) -> None:
    app = make_app()
    app.session.settings.speed = "instant"
    app.session.settings.learning[game] = False  # learning mode waits for Undo after South
    table = app.start_game(game, 5)
    south_to_play(app, table, in_trick=0)
    before = table.time
    play_by_drag(app, table)
    for _ in range(12):  # frames, no time passing
        app.step(0.0)
    assert len(table.trick) == 4, "the three AI cards followed South's lead at once"
    assert table.time == before
    assert all((s.x, s.y) == table.geo.trick_pos[s.seat] for s in table.trick), \
        "every card is at its place: none flies"


def test_instant_still_shows_a_finished_trick() -> None:
    app = make_app()
    app.session.settings.speed = "instant"
    table = app.start_game("arbaa-turub", 5)
    south_to_play(app, table, in_trick=3)
    play_by_drag(app, table)
    app.step(SEEN_TRICK * 0.8)
    assert len(table.trick) == 4 and all(s.alpha == 255 for s in table.trick)
    app.step(SEEN_TRICK * 0.4)
    app.step(0.0)
    assert not table.trick or all(s.alpha < 255 for s in table.trick), "then it is collected"


def hand_over(app: App) -> TableScene:
    """Escape at the table, then the menu's "Let the AI play my cards (this hand)"."""
    table = app.top
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    menu_click(app, "Let the AI play my cards (this hand)")
    assert app.top is table and table.plays.autopilot.on
    return table


@pytest.mark.parametrize("game", ["turup", "tarot"])
def test_the_ai_plays_south_to_the_end_of_the_hand_then_gives_it_back(game: str) -> None:
    app = make_app()
    table = app.start_game(game, 3)
    settle(app, table)
    hand_over(app)
    south_acts = 0
    for _ in range(3000):
        if table.summary is not None:
            break
        assert table.hand.done or table.plays.buttons[0].label == "Take back my cards"
        assert not any(table.fan.playable(i) for i in range(len(table.fan.cards))), \
            "no card of South's rises as if it were the player's turn"
        before = len(table.hand.history)
        app.step(0.1)
        south_acts += any(a["seat"] == "S" for a in table.hand.history[before:])
    assert table.summary is not None, "the hand was played to its end with no input"
    assert south_acts > 0
    assert not table.plays.autopilot.on and table.plays.buttons == []
    click(app, table.summary[0].rect.center)  # Next hand
    settle(app, table)
    history = len(table.hand.history)
    for _ in range(20):
        app.step(0.1)
    assert table.hand.to_act == 0 and len(table.hand.history) == history, \
        "the next hand is the player's"
    assert table.match.player_for(0) == "human"


@pytest.mark.parametrize("how", ["button", "escape"])
def test_taking_the_cards_back(how: str) -> None:
    app = make_app()
    table = app.start_game("tarabish", 4)
    settle(app, table)
    hand_over(app)
    for _ in range(5):
        app.step(0.1)
    if how == "button":
        app.step(0.0)
        click(app, table.plays.buttons[0].rect.center)
    else:
        key(app, pygame.K_ESCAPE)
    assert app.top is table, "Escape only took the cards back (no menu)"
    assert not table.plays.autopilot.on
    settle(app, table)
    history = len(table.hand.history)
    for _ in range(20):
        app.step(0.1)
    assert table.summary is None and table.hand.to_act == 0
    assert len(table.hand.history) == history, "South's cards wait for the player"


@pytest.mark.parametrize("old,new,changed", [
    (["AS", "KS", "AH"], ["AS", "AH"], False),            # a card played: the gap closes
    (["AS", "KS", "AH", "9C"], ["AH", "AS", "KS", "9C"], True),  # trump named: hearts left
    (["AS", "AH", "KC", "AD"], ["AS", "AD", "KC"], True),  # hearts ran out: ♠ ♦ ♣ now
    ([None, None, "AS"], ["KH", "AS", "QH"], False),      # hidden cards shown: no old place
    (["AS", "AS", "KS"], ["KS", "AS", "AS"], True),       # copies kept apart
])
def test_a_change_of_order_is_told_from_a_card_gone(old: list, new: list,
                                                    changed: bool) -> None:
    assert reordered(card_keys(old), card_keys(new)) is changed


def test_the_cards_slide_to_their_new_places_when_the_order_changes() -> None:
    """French Tarot's trumps moved to the right in the settings: the hand's cards slide there
    (the frame loop asked for every frame meanwhile), then rest at their places."""
    app = make_app()
    table = app.start_game("tarot", 3)
    settle(app, table)
    table.layout()
    before = dict(zip(table.fan.keys, table.fan.rects, strict=True))
    key(app, pygame.K_ESCAPE)
    menu_click(app, "Settings")
    menu_click(app, "Trumps at the left")
    assert app.session.settings.trumps_right
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    app.step(0.0)
    fan = table.fan
    assert fan.slides.moving and app.wake_in() == 0.0
    moved = [i for i, k in enumerate(fan.keys) if fan.rects[i].x != before[k].x]
    assert moved, "the order changed"
    assert all(fan.card_rect(i).x == before[fan.keys[i]].x for i in moved), \
        "each card starts where it was"
    app.step(SLIDE * app.session.settings.speed_factor / 2)
    assert any(fan.card_rect(i).x not in (before[fan.keys[i]].x, fan.rects[i].x)
               for i in moved), "half way"
    app.step(SLIDE * app.session.settings.speed_factor / 2 + 0.01)
    assert not fan.slides.moving
    assert all(fan.card_rect(i).x == fan.rects[i].x for i in range(len(fan.rects)))

"""Arba'a Turub's guided hand lets the table play the tricks that teach nothing new (issue 36):
the words offer "Watch them" or "Play them myself"; watching, South's cards are played by the
script up to the next thing taught, "Let me play" gives them back; playing, the
player makes every move."""

from __future__ import annotations

import pygame
from test_lesson_table import open_lesson, play_on, south_move, south_turn
from ui_driver import click, key, make_app

from game.ui.app import App
from game.ui.scenes.lesson import LessonTable

OFFER = 59
"""The action where Arba'a Turub's first offer to watch is up (watched up to 93)."""


def to_offer(app: App, table: LessonTable) -> None:
    """Play on (the recorded moves) until the offer to watch is up."""
    play_on(app, table, lambda: table.played >= OFFER and table.guide.offer(table.played)
            is not None)
    app.step(0.0)


def test_watching_plays_souths_cards_up_to_the_next_thing_taught() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    to_offer(app, table)
    assert [b.label for b in table.coach.offer] == ["Watch them", "Play them myself"]
    assert table.coach.go_on is None and table.hand.to_act == 0
    speed = table.speed()
    click(app, table.coach.offer[0].rect.center)
    assert table.plays.watching() and table.speed() == speed / 2
    assert [b.label for b in table.plays.buttons] == ["Let me play"]
    assert south_turn(app, table)              # the next South move the player makes
    assert table.played == 93 and not table.plays.watching()
    assert table.history()[:93] == [table.lesson.record["actions"][i] for i in range(93)]


def test_let_me_play_gives_the_cards_back() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    to_offer(app, table)
    key(app, pygame.K_RETURN)                  # Enter: "Watch them", the focused one
    assert table.plays.watching()
    while table.played < OFFER + 6:
        app.step(0.05)
    click(app, table.plays.buttons[0].rect.center)
    assert table.guide.watch_until is None and table.plays.buttons == []
    assert south_turn(app, table) and table.played < 93
    n = table.played
    south_move(app, table, by_keys=False)      # the player plays again
    assert table.played > n


def test_play_them_myself_leaves_every_move_to_the_player() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    to_offer(app, table)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)                  # "Play them myself"
    assert table.guide.watch_until is None and table.guide.step(OFFER) is None
    for _ in range(40):
        app.step(0.05)
    assert table.played == OFFER and table.hand.to_act == 0


def test_escape_while_watching_gives_the_cards_back_before_the_menu() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    to_offer(app, table)
    key(app, pygame.K_RETURN)
    assert table.plays.watching()
    key(app, pygame.K_ESCAPE)
    assert app.top is table and table.guide.watch_until is None
    key(app, pygame.K_ESCAPE)                  # then Escape opens the guided hand's menu
    assert app.top is not table

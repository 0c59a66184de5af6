"""The guided hand at the table (issue 26), driven headless through events only: every lesson
played to its summary in English and in French (Enter or "Go on" for the words, South's
cards clicked or played from the keyboard, the lay-away picked and laid, panels by their
buttons), with nothing lying on anything whenever South is to act; a wrong legal card is
explained and not played, an illegal one keeps the engine's reason; Escape → Leave → reopen
resumes at the same action; Start again restarts; the session's match and statistics are
untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from ui_driver import click, frame_problems, grip, key, make_app

from game.lessons import LESSONS
from game.ui.app import App
from game.ui.host import open_scene
from game.ui.scenes.lesson import LessonMenu, LessonTable
from game.ui.table.model import TableModel

LIMIT = 6000
"""Frames a whole guided hand may take (a safety net: each South move is a few frames)."""


def open_lesson(app: App, lesson_id: str, fresh: bool = False) -> LessonTable:
    """Open the guided hand over the main menu, as the menu and the rules page do."""
    app.step(0.0)
    app.push(open_scene(app, "lesson", lesson_id=lesson_id, fresh=fresh))
    table = app.top
    assert isinstance(table, LessonTable)
    return table


def south_turn(app: App, table: LessonTable) -> bool:
    """Step (pressing Enter or "Go on" for the words that wait) until South is to act and
    nothing moves; False when the summary is up instead."""
    for i in range(LIMIT):
        if table.summary is not None:
            return False
        if table.busy():
            app.step(0.05)
        elif table.waits():
            go = table.coach.go_on
            if i % 2 and go is not None:
                click(app, go.rect.center)
            else:
                key(app, pygame.K_RETURN)
        elif table.hand.to_act == 0 and not table.hand.done and not table.plays.watching():
            app.step(0.0)
            return True
        else:
            app.step(0.05)
    raise AssertionError(f"stuck at action {table.played}")


def play_card(app: App, table: LessonTable, name: str, by_keys: bool) -> None:
    """Play ``name`` from South's hand: the arrows to it and Enter, or a double click."""
    table.layout()
    i = next(i for i, c in enumerate(table.fan.cards)
             if c == name and not table.fan.is_picked(i))
    if not by_keys:
        click(app, grip(table, i))
        click(app, grip(table, i))
        return
    for _ in range(len(table.fan.cards)):
        if table.fan.focus == i:
            break
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)


def button_for(table: LessonTable, want: dict[str, Any]) -> Any:
    """The panel's or the row's button of South's scripted decision ``want``."""
    for b in [*table.panel.panel_buttons, *table.panel.side_buttons]:
        choice = b.choice
        if choice is None:
            continue
        if "handful" in want and "handful" in choice \
                and len(choice["handful"]) == len(want["handful"]):
            return b
        if table.guide.run.accepts(table.played, choice):
            return b
    raise AssertionError(f"no button for {want}: {[b.label for b in table.panel.buttons]}")


def south_move(app: App, table: LessonTable, by_keys: bool) -> None:
    """Make South's scripted move through the widgets, until the table has taken it."""
    for _ in range(LIMIT):
        if not table.busy():
            break
        app.step(0.05)
    app.step(0.0)
    n = table.played
    want = table.guide.expected(n)
    if "play" in want:
        play_card(app, table, want["play"], by_keys)
    elif "discard" in want:
        for card in table.guide.scripted_lay_away(n, table.model.lay_away_size()):
            i = next(i for i, c in enumerate(table.fan.cards)
                     if c == card and not table.fan.is_picked(i))
            click(app, grip(table, i))
        app.step(0.0)
        click(app, table.panel.panel_buttons[0].rect.center)
    elif "handful" in want:
        click(app, button_for(table, want).rect.center)
        app.step(0.0)
        click(app, table.panel.side_buttons[0].rect.center)  # Show: the script's trumps
    else:
        click(app, button_for(table, want).rect.center)
    if table.played > n:
        return
    raise AssertionError(f"South's move {want} at {n} was not taken: {table.guide.told}")


def play_on(app: App, table: LessonTable, done: Callable[[], bool],
            check: Callable[[], object] = lambda: None) -> None:
    """Go on through the guided hand until ``done()``: its words read (Enter), South's
    recorded moves made (clicked), else the table's time let pass; ``check()`` before each
    step (an assertion that must hold all along)."""
    while not done():
        check()
        if table.waits():
            key(app, pygame.K_RETURN)
        elif table.hand.to_act == 0 and not table.busy():
            south_move(app, table, by_keys=False)
        else:
            app.step(0.05)


def play_to_end(app: App, table: LessonTable, by_keys: bool = False,
                look: bool = False) -> list[str]:
    """Play the guided hand to its summary; with ``look``, what lay on what at each of
    South's turns."""
    found: list[str] = []
    while south_turn(app, table):
        if look:
            found += [f"action {table.played}: {p}" for p in frame_problems(app)]
        south_move(app, table, by_keys)
    return found


@pytest.fixture
def app() -> App:
    return make_app(claims=False, checker=False)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_plays_to_its_summary(app: App, lesson_id: str, language: str) -> None:
    app.set_language(language)
    before = app.session.match
    table = open_lesson(app, lesson_id, fresh=True)
    assert play_to_end(app, table, by_keys=language == "fr", look=language == "en") == []
    assert table.played == table.guide.total
    assert table.summary is not None and len(table.summary) == 3
    assert app.session.lessons.is_done(lesson_id)
    assert app.session.match is before and table.match is not before
    assert app.session.matches == {}
    click(app, table.summary[0].rect.center)  # Play a game: a real game of the lesson's game
    assert app.session.match is not None and app.session.match.game == table.lesson.game
    assert app.top is app.table and app.top is not table


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_lesson_at_1024x600_covers_nothing(lesson_id: str) -> None:
    app = make_app((1024, 600), claims=False, checker=False)
    table = open_lesson(app, lesson_id, fresh=True)
    assert play_to_end(app, table, look=True) == []


def first_refusable(app: App, table: LessonTable) -> str:
    """Play on to South's first card turn where a legal card is not the script's; that
    card."""
    while south_turn(app, table):
        n = table.played
        ok = {a.get("play") for a in table.guide.run.choices(n)}
        legal = [a["play"] for a in table.legal() if "play" in a and a["play"] not in ok]
        if legal:
            return str(legal[0])
        south_move(app, table, by_keys=False)
    raise AssertionError("no South card turn with a legal card the script refuses")


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_wrong_legal_card_is_explained_and_not_played(app: App, lesson_id: str) -> None:
    table = open_lesson(app, lesson_id, fresh=True)
    wrong = first_refusable(app, table)
    n, held = table.played, list(table.fan.cards)
    play_card(app, table, wrong, by_keys=False)
    assert table.played == n and sorted(map(str, table.fan.cards)) == sorted(map(str, held))
    told = table.words_up()
    assert told is not None and told == table.guide.told[1]  # type: ignore[index]
    if "play" in table.guide.expected(n):
        assert table.coach.lifted(), "the card(s) to play are lifted"
    app.set_language("fr")                    # said again in the new language
    app.step(0.0)
    assert table.words_up() != told and table.words_up() == table.guide.told[1]  # type: ignore[index]
    app.set_language("en")
    south_move(app, table, by_keys=False)
    assert table.played > n and table.guide.told is None


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_an_illegal_card_keeps_the_engines_reason(app: App, lesson_id: str) -> None:
    table = open_lesson(app, lesson_id, fresh=True)
    while south_turn(app, table):
        illegal = table.model.illegal_cards() if table.model.plays_cards() \
            and table.hand.phase != "discard" else {}
        if illegal:
            break
        south_move(app, table, by_keys=False)
    else:
        pytest.fail("no South card turn with an illegal card")
    n = table.played
    card = next(iter(illegal))
    play_card(app, table, card, by_keys=False)
    assert table.played == n and table.guide.told is None
    assert table.toast is not None and table.toast[0] == TableModel.told(illegal[card])


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_escape_leave_and_reopen_resumes_then_start_again_restarts(app: App,
                                                                  lesson_id: str) -> None:
    menu = app.top
    table = open_lesson(app, lesson_id, fresh=True)
    for _ in range(3):
        south_turn(app, table)
        south_move(app, table, by_keys=False)
    n, actions = table.played, list(table.match.hands[-1]["actions"])
    key(app, pygame.K_ESCAPE)
    lesson_menu = app.top
    assert isinstance(lesson_menu, LessonMenu)
    labels = [b.label for b in lesson_menu.items]
    assert labels == ["Resume guided hand", "Start again", "Rules", "Leave guided hand", "Quit"]
    click(app, lesson_menu.items[3].rect.center)
    assert app.top is menu
    again = open_lesson(app, lesson_id)
    assert again.played == n and again.match.hands[-1]["actions"] == actions
    key(app, pygame.K_ESCAPE)
    click(app, app.top.items[1].rect.center)  # type: ignore[union-attr]
    fresh = app.top
    assert isinstance(fresh, LessonTable) and fresh is not again and fresh.played == 0
    assert app.session.lessons.played(lesson_id) == []
    assert app.below(fresh) is menu


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_enter_makes_every_taught_move(app: App, lesson_id: str) -> None:
    """A player who only presses Enter makes each move a step with words teaches: the
    keyboard's focus is on the taught card, or on the taught button when the cards lifted
    only go with it (Tarabish's run)."""
    table = open_lesson(app, lesson_id, fresh=True)
    taught = table.lesson.taught_moves()
    made = 0
    while south_turn(app, table):
        n = table.played
        if n in taught and not table.model.picking():
            accepted = table.guide.run.choices(n)
            for _ in range(2):  # a handful: Enter opens its choice, Enter again shows it
                key(app, pygame.K_RETURN)
                south_turn(app, table)
                if table.played > n:
                    break
            assert table.played > n, f"Enter made no move at action {n}"
            assert table.history()[n] in accepted
            made += 1
        else:
            south_move(app, table, by_keys=False)
    assert made >= len([i for i in taught
                        if "discard" not in table.lesson.record["actions"][i]]) - 1

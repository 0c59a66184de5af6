"""The win cascade on the end-of-game screen, driven through events: it starts when South's
side won and not when it lost, the frame loop is asked for every frame while it runs and may
sleep once it is over, and a key or a click ends it at once."""

from __future__ import annotations

import pygame
import pytest
from test_score_sheet import played_out
from ui_driver import click, key, make_app

from game.ui.app import App
from game.ui.celebrate import CARDS, FADE, LAUNCH_EVERY, LONGEST, Cascade, cascade_cards
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.score_sheet import ScoreSheetScene

WON, LOST = 8, 0
"""Turup to 5 points played by random players: North and South win with seed 8, lose with 0."""
LONGEST_SHOW = CARDS * LAUNCH_EVERY + LONGEST + 1 + FADE
"""Seconds the cascade may last at most (the last launch, its flight, the fade)."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def game_over(seed: int, speed: str = "fast") -> tuple[App, GameOverScene]:
    """The end-of-game screen of a Turup game played out with ``seed``, opened from the last
    summary with Enter."""
    app = make_app()
    app.session.settings.speed = speed
    app.session.match = played_out("turup", seed, {"target": 5})
    app.show_table()
    for _ in range(20):
        app.step(0.1)
    key(app, pygame.K_RETURN)
    over = app.top
    assert isinstance(over, GameOverScene)
    return app, over


@pytest.mark.parametrize("seed,speed,celebrates", [(WON, "fast", True), (WON, "slow", True),
                                                   (LOST, "fast", False),
                                                   (WON, "instant", False)])
def test_the_cascade_runs_on_a_win_only_then_stops(seed: int, speed: str,
                                                   celebrates: bool) -> None:
    app, over = game_over(seed, speed)
    assert over.celebrating() is celebrates
    waits = []
    frames = 0
    while over.celebrating():
        waits.append(app.wake_in())
        app.step(1 / 60)
        frames += 1
        assert frames / 60 <= LONGEST_SHOW, "the cascade never ended"
    assert all(w == 0.0 for w in waits)
    assert (frames > 60) is celebrates, "a cascade lasts more than a second"
    assert app.wake_in() is None, "once over, nothing moves: the loop sleeps"


@pytest.mark.parametrize("event", ["key", "click"])
def test_a_key_or_a_click_ends_the_cascade(event: str) -> None:
    app, over = game_over(WON)
    for _ in range(30):
        app.step(1 / 60)
    assert over.celebrating() and over.cascade is not None and over.cascade.flying
    if event == "key":
        key(app, pygame.K_SPACE)
    else:
        click(app, (5, 5))
    assert not over.celebrating() and app.top is over
    assert app.wake_in() is None


def test_a_click_on_a_button_during_the_cascade_presses_it() -> None:
    app, over = game_over(WON)
    app.step(1 / 60)
    click(app, over.buttons[1].rect.center)  # Score sheet
    assert isinstance(app.top, ScoreSheetScene)
    assert not over.celebrating()


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_cards_fall_bounce_and_leave_through_a_side(game: str) -> None:
    size = (1024, 600)
    cascade = Cascade(size, cascade_cards(game), seed=3)
    seen_rising = False
    for _ in range(round(LONGEST_SHOW * 60)):
        cascade.update(1 / 60)
        for card in cascade.flying:
            assert card.y <= size[1], "no card sinks below the bottom edge"
            seen_rising = seen_rising or (card.vy < 0 and card.flown > 0.3)
        if cascade.done:
            break
    assert cascade.done and cascade.launched == len(cascade_cards(game)) == CARDS
    assert seen_rising, "the cards bounce"
    assert cascade.trails.get_bounding_rect().w == 0, "the trails are gone at the end"

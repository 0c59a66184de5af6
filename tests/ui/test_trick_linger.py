"""The finished trick at the normal speed, by stepped time: it stays 1.2 s once its last card
has landed, its winning card ringed, then slides 0.35 s to the winner's seat; the slower and
faster speeds scale both."""

from __future__ import annotations

import pygame
import pytest
from test_pace import play_by_drag, south_to_play
from ui_driver import make_app

from game.ui.table.trick import COLLECT, FLY, TRICK_PAUSE, WIN_RING_GAP
from game.ui.theme import GOLD


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def test_the_timing_at_the_normal_speed() -> None:
    assert (FLY, TRICK_PAUSE, COLLECT) == (0.22, 1.2, 0.35)


@pytest.mark.parametrize("speed", ["normal", "slow", "fast"])
def test_a_finished_trick_lingers_then_slides_to_its_winner(speed: str) -> None:
    app = make_app((1280, 720))
    app.session.settings.speed = speed
    table = app.start_game("arbaa-turub", 5)
    factor = app.session.settings.speed_factor
    south_to_play(app, table, in_trick=3)
    play_by_drag(app, table)
    winner = table.middle.winner
    assert winner is not None, "the trick's winner is known as its last card flies"
    placed = dict(table.geo.trick_pos)
    app.step(FLY * factor + 0.01)
    app.step(TRICK_PAUSE * factor - 0.05)  # just before the slide
    assert len(table.trick) == 4
    assert all((round(s.x), round(s.y)) == placed[s.seat] and s.alpha == 255
               for s in table.trick), "every card still lies at its place, to be read"
    surface = pygame.Surface(app.size)
    table.draw(surface)
    [won] = table.middle.winner_rects()
    gold = surface.get_at((won.centerx, won.top - WIN_RING_GAP - 2))
    assert tuple(gold)[:3] == GOLD, "the winning card is ringed in gold"
    app.step(0.06)  # the slide begins
    app.step(0.02)
    assert table.middle.winner is None
    moving = list(table.trick)
    assert moving and all(s.alpha < 255 for s in moving)
    app.step(COLLECT * factor / 2 - 0.02)
    assert table.trick, "half way through the slide the cards are still seen"
    target = table.seats.centre(winner)
    app.step(COLLECT * factor / 2 + 0.01)
    assert not table.trick, "then the trick is gone"
    if winner:
        assert all((round(s.x), round(s.y)) == target for s in moving), \
            "the cards went to the winner's seat"

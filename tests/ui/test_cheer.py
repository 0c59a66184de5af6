"""A hand won is cheered over its summary (issue 36), by stepped time: confetti, a glow and
stars for 1.8 s at the normal speed (2.8 s when the hand also won the game), the frame loop
asked for every frame meanwhile and for none once it is over; no cheer for a hand lost or at
the instant speed; the summary's buttons and keys work while it runs. And the summary writes
its lines in one style: entries apart by commas, the game score as the result."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_driver import key, make_app, settle

from game.ui.app import App
from game.ui.celebrate import CHEER_SECONDS, CONFETTI_COLOURS
from game.ui.scenes.table import TableScene


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def summary_of(won: bool | None, game: str = "turup", seed: int = 4,
               size: tuple[int, int] = (1280, 720)) -> tuple[App, TableScene]:
    """A table whose summary is up on the first hand South's side ``won`` (or lost; ``None``:
    the first hand played out), South
    playing random legal cards at the instant speed; the summary is then opened again at the
    normal speed (as it opens when the hand ends)."""
    app = make_app(size)
    app.session.settings.speed = "instant"
    table = app.start_game(game, seed)
    rng = random.Random(1)
    for _ in range(12):
        for _ in range(400):
            settle(app, table)
            if table.summary is not None:
                break
            table.perform(rng.choice(table.legal()))
            app.step(0.0)
        if (won is None and "thrown_in" not in table.hand.result()) or \
                (won is not None and table.model.summary().won is won):
            app.session.settings.speed = "normal"
            table.open_summary()
            return app, table
        assert table.summary is not None
        table.summary[0].action()
        app.step(0.0)
    raise AssertionError("no such hand")


def confetti_pixels(app: App, table: TableScene) -> int:
    """How many pixels of the confetti's colours lie outside the summary's box."""
    app.draw()
    box, _ = table.summary_view.box(app.size)
    colours = {tuple(c) for c in CONFETTI_COLOURS}
    w, h = app.size
    return sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
               if not box.collidepoint(x, y) and tuple(app.screen.get_at((x, y)))[:3] in colours)


def test_a_hand_won_is_cheered_then_everything_rests() -> None:
    app, table = summary_of(won=True)
    try:
        cheer = table.middle.cheer
        assert cheer.running and cheer.seconds == CHEER_SECONDS[0]
        waits = []
        seen = 0
        for frame in range(int(CHEER_SECONDS[0] * 60) + 2):
            waits.append(app.wake_in())
            if frame in (20, 50):
                seen = max(seen, confetti_pixels(app, table))
            app.step(1 / 60)
        assert seen > 40, "confetti flies beside the summary"
        assert all(w == 0.0 for w in waits[:-3]), "every frame drawn while it runs"
        assert not cheer.running
        assert app.wake_in() is None, "once over, nothing moves: the loop sleeps"
        assert confetti_pixels(app, table) == 0, "and nothing of it is left on the table"
    finally:
        app.close()


def test_no_cheer_for_a_hand_lost_or_at_the_instant_speed() -> None:
    app, table = summary_of(won=False)
    try:
        assert not table.middle.cheer.running
    finally:
        app.close()
    app, table = summary_of(won=True)
    try:
        table.middle.cheer.stop()
        app.session.settings.speed = "instant"
        table.open_summary()
        assert not table.middle.cheer.running and app.wake_in() is None
    finally:
        app.close()


def test_the_summary_takes_its_keys_while_the_cheer_runs() -> None:
    app, table = summary_of(won=True)
    try:
        app.step(0.2)
        hands = len(table.match.hands)
        key(app, pygame.K_RETURN)  # Next hand
        assert len(table.match.hands) == hands + 1
        assert not table.middle.cheer.running, "the next hand ends the cheer"
    finally:
        app.close()


@pytest.mark.parametrize("game", ["turup", "tarot"])
def test_the_summary_writes_its_entries_apart_by_commas(game: str) -> None:
    app, table = summary_of(None, game=game, seed=2)
    try:
        lines = table.summary_view.lines
        score = next(line for line in lines if line.startswith("Game score: "))
        assert "·" not in score and "," in score
        assert not any("  " in line.replace("\u00a0", " ") for line in lines)
    finally:
        app.close()


@pytest.mark.parametrize("big,factor", [(False, 1.0), (True, 1.0), (False, 0.5), (True, 1.6)])
def test_the_cheer_lasts_its_time_times_the_speed_the_game_in_two_bursts(big: bool,
                                                                         factor: float) -> None:
    from game.ui.anim import Animator
    from game.ui.celebrate import CONFETTI, SECOND_BURST, Cheer

    anim = Animator()
    cheer = Cheer(anim, lambda: factor)
    box = pygame.Rect(300, 150, 600, 380)
    cheer.start(lambda: box, big, 7)
    seconds = CHEER_SECONDS[big] * factor
    assert cheer.seconds == pytest.approx(seconds)
    pieces = cheer.pieces((1280, 720), box)
    assert len(pieces) == CONFETTI[big]
    starts = sorted({p.start for p in pieces})
    assert starts == ([0.0, pytest.approx(SECOND_BURST * seconds)] if big else [0.0])
    anim.update(seconds - 0.01)
    assert cheer.running and anim.wake_in() == 0.0
    anim.update(0.02)
    assert not cheer.running and anim.wake_in() is None
    surface = pygame.Surface((1280, 720))
    cheer.draw(surface, surface.get_rect())
    assert tuple(pygame.transform.average_color(surface))[:3] == (0, 0, 0), \
        "nothing drawn once over"


def test_the_cheer_is_not_drawn_under_another_scene() -> None:
    """A scene over the table (here the score sheet) stops the table's clock: its cheer would
    stand still under it, so it is not drawn there (it goes on once the table is back)."""
    from game.ui.host import open_scene

    app, table = summary_of(won=True)
    try:
        cheer = table.middle.cheer
        app.step(0.3)
        assert cheer.box() is not None
        app.push(open_scene(app, "score-sheet", match=table.match))
        assert cheer.running and cheer.box() is None
        app.pop()
        assert cheer.box() is not None
    finally:
        app.close()

"""Issue 36: the end of a hand shows one dialog at a time, clear of the score panel — the hand's
summary keeps below the score panel, and "See the final score" replaces the last summary with
Game over (Escape brings the summary back) rather than stacking one dialog on the other."""

from __future__ import annotations

import pygame
import pytest
from test_score_sheet import played_out
from ui_driver import finished_table, key, make_app

from game.engine import games
from game.ui.layout import MIN_SIZE
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.table import TableScene
from game.ui.table import summary


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 720)])
@pytest.mark.parametrize("game", games.names())
def test_the_summary_keeps_clear_of_the_score_panel(game: str, size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        table = finished_table(app, game)
        app.draw()
        box, _lines = table.summary_view.box(size)
        assert not box.colliderect(table.score.rect), (box, table.score.rect)
        assert pygame.Rect((0, 0), size).contains(box)
        assert all(box.contains(b.rect) for b in table.summary_view.buttons)
    finally:
        app.close()


def test_game_over_replaces_the_last_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[pygame.Rect] = []
    real = summary.draw_dialog
    monkeypatch.setattr(summary, "draw_dialog",
                        lambda surface, rect: (drawn.append(rect), real(surface, rect)))
    app = make_app()
    try:
        app.session.match = played_out("turup", 3, {"target": 5})
        table = app.show_table()
        for _ in range(20):
            app.step(0.1)
        drawn.clear()
        app.draw()
        assert table.summary_view.shown and len(drawn) == 1  # the last hand's summary
        key(app, pygame.K_RETURN)  # "See the final score"
        assert isinstance(app.top, GameOverScene)
        drawn.clear()
        app.draw()
        assert drawn == [], "Game over alone, not over the summary"
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, TableScene)
        drawn.clear()
        app.draw()
        assert len(drawn) == 1, "the summary is back"
    finally:
        app.close()

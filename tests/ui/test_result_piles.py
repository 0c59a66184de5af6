"""The end-of-hand summary shows each side's winnings with its total big: a hand played to its
end at the table (the AI playing South's cards, from the in-game menu), then the summary's
piles checked against the engine's result and cards, and drawn inside the summary's box."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import key, make_app, settle

from game.ui.app import App
from game.ui.scenes.table import TableScene


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def hand_to_its_end(game: str, seed: int, size: tuple[int, int] = (1280, 720)
                    ) -> tuple[App, TableScene]:
    app = make_app(size)
    table = app.start_game(game, seed)
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    menu_click(app, "Let the AI play my cards (this hand)")
    for _ in range(3000):
        if table.summary is not None:
            return app, table
        app.step(0.1)
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("game,seed", [("arbaa-turub", 2), ("turup", 2), ("tarabish", 2),
                                       ("tarot", 2)])
def test_the_summary_shows_each_sides_winnings(game: str, seed: int) -> None:
    app, table = hand_to_its_end(game, seed, (1024, 600))
    result = table.hand.result()
    piles = table.summary_view.piles
    if "thrown_in" in result:
        assert piles == []
        return
    if game == "tarot":
        (pile,) = piles
        assert [c for g in pile.cards for c in g] == table.hand.counting_cards()
        assert pile.big == f"{result['points']:g}"
        assert pile.ours == ("S" in (result["declarer"], result.get("partner")))
    elif game == "tarabish":
        assert [p.big for p in piles] == [str(result["score"][s]) for s in ("NS", "EW")]
        shown = table.hand.scoring_cards()
        for pile, side in zip(piles, ("NS", "EW"), strict=True):
            assert [c for g in pile.cards for c in g] == [
                *shown[side]["runs"], *shown[side]["bella"], *shown[side]["last"]]
    else:
        assert [(p.tricks, p.big, p.ours) for p in piles] == [
            (n, str(n), side == "NS") for side, n in result["tricks"].items()]
    app.draw()
    box, _ = table.summary_view.box((1024, 600))
    assert pygame.Rect(0, 0, 1024, 600).contains(box), "the summary fits the window"
    for b in table.summary_view.buttons:
        assert b.rect.top >= box.top

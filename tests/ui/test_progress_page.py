"""A learner's progress on screen (issue 39, :mod:`game.ui.scenes.progress`): a hand played at the
table is judged and found on the page, opened from the main menu and from Statistics; the
figures, the kinds where the player loses most and "Show me one" opening the review there;
French Tarot's table sizes; the reset on Statistics; every line inside the window at the
smallest size, in English and French."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest
from scene_helpers import assert_fits
from ui_driver import click, finished_table, key, make_app

from game import i18n
from game.engine import learning
from game.engine.ai import workers as jobs
from game.engine.judging import AGREED, MISTAKE, Judgement, decision_kind
from game.ui.progress_book import ProgressBook
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.progress import ROWS, ProgressScene, cost_words
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.statistics import StatisticsScene

RECORD = json.loads((Path(__file__).resolve().parents[1] / "records" /
                     "turup-kort-made.json").read_text())
"""A finished Turup hand: South names trump (action 0) and leads 10♦ (action 1)."""


def fill(book: ProgressBook, hands: int = 12, key: str = "turup") -> None:
    """``hands`` judged hands of the shared Turup record: a lead costing 6 in each, a call
    costing nothing measured in every other, the rest agreed."""
    for n in range(hands):
        name = f"{key}/1/{n}"
        assert book.add_pending(name, key, RECORD)
        judged = [(1, Judgement("lead", MISTAKE, 6.0)), (2, Judgement("follow", AGREED)),
                  (3, Judgement("follow", AGREED))]
        if n % 2:
            judged.append((0, Judgement("call", MISTAKE)))
        assert book.record(name, judged)


def open_progress(app) -> ProgressScene:
    """From the main menu's small "Your progress" (on the Statistics row)."""
    app.step(0.0)
    menu = app.top
    assert isinstance(menu, MenuScene)
    button = next(b for b in menu.progress_button.values())
    click(app, button.rect.center)
    page = app.top
    assert isinstance(page, ProgressScene)
    app.step(0.0)
    return page


def test_the_figures_the_kinds_and_show_me_one() -> None:
    app = make_app((1024, 600))
    fill(app.session.progress.load())
    page = open_progress(app)
    page.show_game("turup")
    app.step(0.0)
    every, recent = page.column(page.book.summary("turup")), page.column(
        page.book.summary("turup", 10))
    assert every[:4] == ["12", "42", "57%", "42.9"] and every[4] == cost_words("turup", 6.0)
    assert recent[:2] == ["10", "35"]
    assert [k.kind for k in page.kinds] == ["lead", "call"]
    assert len(page.show_buttons) == 2
    assert page.values == pytest.approx([100 / 3, 50.0] * 6)
    assert_fits(app, page, [(s, r.left) for s, r in page.cells])
    assert page.max_scroll == 0, "the whole page fits the smallest window"
    click(app, (page.view.left + page.show_buttons[0].rect.centerx,
                page.view.top + page.show_buttons[0].rect.centery))
    review = app.top
    assert isinstance(review, ReviewScene)
    assert any(1 in s.points for s in review.steps[review.step:review.step + 1]), \
        "the review opens at the lead the strong player called a mistake"
    key(app, pygame.K_ESCAPE)
    assert app.top is page


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_line_fits_at_every_table(size, language) -> None:
    app = make_app(size)
    try:
        i18n.set_language(language)
        book = app.session.progress.load()
        fill(book, 3)
        fill(book, 25, key="tarot-5")
        page = open_progress(app)
        for game in ("arbaa-turub", "turup", "tarabish", "tarot"):
            page.show_game(game)
            app.step(0.0)
            assert_fits(app, page, [(s, r.left) for s, r in page.cells])
            assert len(page.cells) >= 3 * len(ROWS)
        key(app, pygame.K_5)
        assert page.key == "tarot-5" and page.book.summary(page.key).hands == 25
        assert page.max_scroll == 0
    finally:
        i18n.set_language("en")


def test_opened_from_statistics_on_its_game_and_reset_with_it() -> None:
    app = make_app((1280, 720))
    fill(app.session.progress.load(), 2)
    app.step(0.0)
    stats = StatisticsScene(app)
    app.push(stats)
    stats.show_players("tarot", 5)
    stats.focus = stats.columns.index("turup")
    key(app, pygame.K_g)
    page = app.top
    assert isinstance(page, ProgressScene) and page.game == "turup"
    assert page.book.summary("turup").hands == 2
    key(app, pygame.K_ESCAPE)
    stats.reset("turup")
    assert app.session.progress.summary("turup").hands == 0


def test_a_hand_played_at_the_table_is_judged_and_found_on_the_page(monkeypatch) -> None:
    """A newcomer's hand: every card South plays counted a mistake of its kind (a fake
    judge, fast and known); the page finds them, with the hand to show."""
    def every_card_wrong(record, index, cancelled=None):
        point = learning.point_at(record, index)
        if point.part or len(point.knowledge.legal) <= 1:
            return None
        knowledge, taken = point.knowledge, list(point.lay_away) or point.taken
        kind = decision_kind(knowledge, taken)
        playing = isinstance(taken, dict) and "play" in taken
        return Judgement(kind, MISTAKE if playing else AGREED, 1.0 if playing else None)

    monkeypatch.setattr(jobs, "judge", every_card_wrong)
    app = make_app((1280, 720))
    app.step(0.0)                       # the first frame: the menu
    app.session.judge.start()
    table = finished_table(app, "turup", 5)
    end = time.monotonic() + 60
    while app.session.progress.summary("turup").hands == 0:
        app.step(0.05)
        assert time.monotonic() < end, "the hand was not judged"
    record = table.match.hands[0]
    cards = sum(1 for a in record["actions"] if a["seat"] == "S" and "play" in a)
    summary = app.session.progress.summary("turup")
    assert summary.hands == 1 and summary.per_hundred is not None
    kinds = app.session.progress.worst("turup", 8)
    assert sum(k.mistakes for k in kinds) <= cards and kinds
    assert app.session.progress.example("turup", kinds[0].kind) is not None
    app.session.judge.close()


def test_the_page_takes_in_a_hand_judged_while_it_is_open() -> None:
    app = make_app((1280, 720))
    book = app.session.progress.load()
    fill(book, 1)
    page = open_progress(app)
    page.show_game("turup")
    assert book.add_pending("turup/1/9", "turup", RECORD)
    app.step(0.0)
    assert "One more hand is being judged." in page.honest(1)
    assert book.record("turup/1/9", [(1, Judgement("lead", AGREED))])
    app.step(0.0)
    assert page.column(book.summary("turup"))[0] == "2"
    assert any(s.get_width() for s, _r in page.cells) and page.laid_changes == book.changes

"""Par's comparison (issue 27): the review opens at a step, the comparison screen's states and
words in each game's unit, its rows open the review where the plays parted, it fits the window
in English and French, it sleeps while par is played, and the ordinary table's summary offers
par (the practice's and the guided hand's do not)."""

from __future__ import annotations

import random
from concurrent.futures import Future
from typing import Any

import pygame
import pytest
from helpers import RECORDS_DIR, fixture, new_hand, play_random
from test_idle_loop import run as run_loop
from ui_driver import (
    IdleExecutor,
    click,
    finished_table,
    first_legal,
    frame_problems,
    key,
    make_app,
)

from game.engine import daily, learning, records
from game.engine.ai import workers
from game.i18n import card_words
from game.lessons import load
from game.ui.app import App
from game.ui.par import Pars
from game.ui.par_words import (
    decision_words,
    difference_line,
    mine_words,
    seat_words,
    strong_line,
    yours_line,
)
from game.ui.review_steps import step_at
from game.ui.scenes.lesson import LessonPolicy
from game.ui.scenes.par_compare import ParCompareScene, StrongReview, note_lines
from game.ui.scenes.practice_table import PracticePolicy
from game.ui.scenes.review import ReviewScene
from game.ui.session import Match, Settings
from game.ui.table.policy import GAME
from game.ui.wake import JOB_CHECK

FIXTURES = sorted(p.name for p in RECORDS_DIR.glob("*.json") if p.name != "EXPECTED.json")
GAMES = [("arbaa-turub", {}), ("turup", {}), ("tarabish", {}), ("tarot", {}),
         ("tarot", {"players": 3}), ("tarot", {"players": 5})]
SIZES = [(1280, 720), (1024, 600)]


class FakeRun:
    """A par run under the test's control: its ``future`` is set by the test."""

    def __init__(self, played: int = 0) -> None:
        self.future: Future[dict[str, Any]] = Future()
        self.played = played

    @property
    def done(self) -> bool:
        return self.future.done()

    def result(self) -> dict[str, Any] | None:
        if not self.future.done() or self.future.exception() is not None:
            return None
        return self.future.result()


def plays(game: str, options: dict[str, Any], seed: int = 7) -> tuple[dict[str, Any],
                                                                      dict[str, Any]]:
    """Two finished plays of one deal: the player's (random legal actions) and a "par" that
    follows it up to South's third decision with a choice, takes another choice there and
    plays on at random with another seed."""
    mine, hand = new_hand(game, seed, options=options)
    play_random(mine, hand, random.Random(seed))
    strong = {**mine, "actions": []}
    _, replay = records.start_hand(strong)
    choices = 0
    for action in mine["actions"]:
        legal = replay.legal_actions()
        if action["seat"] == "S" and len(legal) > 1:
            choices += 1
            if choices == 3:
                other = next(a for a in legal if dict(a) != action)
                replay.apply(other)
                strong["actions"].append(dict(other))
                break
        replay.apply(action)
        strong["actions"].append(dict(action))
    play_random(strong, replay, random.Random(seed + 1))
    return mine, strong


def open_par(app: App, mine: dict[str, Any], run: Any, **kwargs: Any) -> ParCompareScene:
    """The comparison on top of a headless app, after one frame."""
    app.scenes.clear()
    scene = ParCompareScene(app, mine, run, **kwargs)
    app.push(scene)
    app.step(0.0)
    return scene


@pytest.fixture(autouse=True)
def quick_strong_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's checks ask a stand-in strong player (the first legal action): these
    tests are not about its choices."""
    first_legal(monkeypatch)


# -- the review opens at a step --------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURES)
def test_every_action_is_in_one_step_and_the_review_opens_on_it(name: str) -> None:
    record = fixture(name)
    app = make_app()
    scene = ReviewScene(app, record)
    held = [i for s in scene.steps for i in s.actions]
    assert held == list(range(len(record["actions"]))), "each action once, in order"
    for at in range(0, len(record["actions"]), max(1, len(record["actions"]) // 8)):
        opened = ReviewScene(app, record, at=at)
        k = opened.step
        assert at in opened.steps[k].actions
        action = record["actions"][at]
        trick = opened.steps[k].trick
        if "play" in action:
            assert trick is not None and (action["seat"], action["play"]) in trick.cards
        elif k == 0:
            assert trick is None
    assert ReviewScene(app, record, at=None).step == 0
    app.close()


def test_an_index_past_the_hand_opens_the_last_step_and_none_the_first() -> None:
    record = fixture(FIXTURES[0])
    steps = ReviewScene(make_app(), record).steps
    assert step_at(steps, len(record["actions"]) + 5) == len(steps) - 1
    assert step_at(steps, None) == 0 and step_at([], 3) == 0


# -- words in each game's unit ---------------------------------------------------------------

WORDS = [
    ("turup", -2, "2 tricks fewer than the strong player"),
    ("arbaa-turub", -1, "1 trick fewer than the strong player"),
    ("arbaa-turub", 3, "3 tricks more than the strong player"),
    ("turup", 0, "The same as the strong player"),
    ("tarabish", 3, "3 points more than the strong player"),
    ("tarabish", -1, "1 point fewer than the strong player"),
    ("tarot", -120, "120 points fewer than the strong player"),
    ("tarot", 0, "The same as the strong player"),
]


@pytest.mark.parametrize(("game", "diff", "said"), WORDS)
def test_the_difference_is_said_in_the_games_unit(game: str, diff: int, said: str) -> None:
    assert difference_line(game, diff) == said


@pytest.mark.parametrize(("game", "value", "mine", "strong"), [
    ("turup", 13, "You: 13 tricks", "The strong player, with your cards: 13 tricks"),
    ("arbaa-turub", 1, "You: 1 trick", "The strong player, with your cards: 1 trick"),
    ("tarabish", 162, "You: 162 points", "The strong player, with your cards: 162 points"),
    ("tarot", -52, "You: -52 points", "The strong player, with your cards: -52 points"),
])
def test_each_result_is_said_in_the_games_unit(game: str, value: int, mine: str,
                                                strong: str) -> None:
    assert yours_line(game, value) == mine and strong_line(game, value) == strong


@pytest.mark.parametrize(("mine", "strong", "said"), [
    (({"seat": "S", "play": "QS"},), ({"seat": "S", "play": "AS"},),
     "Trick 4: you played Q♠ · the strong player played A♠"),
    (({"seat": "S", "bid": "pass"},), ({"seat": "S", "bid": "keep"},),
     "Trick 4: you chose Pass · the strong player chose Guard"),
])
def test_a_decision_is_said_with_the_tables_cards(mine: tuple[Any, ...], strong: tuple[Any, ...],
                                                  said: str) -> None:
    assert decision_words(4, mine, strong) == said


def test_a_decision_shown_worse_and_another_seats_are_said_plainly() -> None:
    assert mine_words(3, ({"seat": "S", "play": "9D"},)) == "Trick 3: you played 9♦"
    assert seat_words(2, "W", ({"seat": "W", "play": "KS"},), ({"seat": "W", "play": "QS"},)) \
        == "Trick 2: West played K♠ in your hand · Q♠ in the strong player's"


@pytest.mark.parametrize("width", [200, 400, 900])
def test_a_long_note_takes_two_lines_at_most(width: int) -> None:
    note = "The strong player would have played Q♦: " + "an opponent could beat it. " * 12
    size, lines = note_lines(note, width)
    assert 1 <= len(lines) <= 2 and size >= 13


def test_a_lay_away_names_only_the_cards_laid_away_differently() -> None:
    mine = tuple({"seat": "S", "discard": c} for c in ("4C", "5C", "KD"))
    strong = tuple({"seat": "S", "discard": c} for c in ("4C", "5C", "7H"))
    said = decision_words(0, mine, strong)
    assert said == (f"Before the play: you laid away {card_words('KD')} · the strong player "
                    f"laid away {card_words('7H')}")


# -- the screen ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_comparison_shows_both_results_the_difference_and_the_rows(
        game: str, options: dict[str, Any]) -> None:
    mine, strong = plays(game, options)
    run = FakeRun()
    run.future.set_result(strong)
    app = make_app()
    scene = open_par(app, mine, run)
    c = scene.outcome
    assert c is not None and not scene.failed
    letters = [a["seat"] for a in mine["actions"]]
    assert "S" in letters
    table = learning.review(mine).result
    assert table is not None
    verdicts = scene.verdicts()
    assert verdicts, "the stand-in strong player shows a random player's choices worse"
    expected = daily.differences(mine, strong, {at: v.action for at, v in verdicts.items()})
    assert [(r.at, r.worse) for r in c.rows] == [(d.at, d.worse) for d in expected] and c.rows
    assert c.rows[0].first and not any(r.first for r in c.rows[1:])
    assert len(scene.buttons) == len(c.rows) + 2
    app.close()


@pytest.mark.parametrize(("game", "options"), GAMES[:3])
def test_a_row_and_the_review_it_opens_say_the_same(game: str, options: dict[str, Any]) -> None:
    mine, strong = plays(game, options)
    run = FakeRun()
    run.future.set_result(strong)
    app = make_app()
    scene = open_par(app, mine, run)
    assert scene.outcome is not None
    for k, row in enumerate(scene.outcome.rows):
        click(app, scene.reviews[k].rect.center)
        review = app.top
        assert isinstance(review, ReviewScene)
        review.update(0.0)
        assert review.review is not None
        here = [i for i in review.steps[review.step].points
                if review.review.decisions[i].index == row.at]
        if row.worse:
            assert here and all(review.checks[i].done and review.checks[i].better is not None
                                for i in here), "✗ in the review where the row says worse"
        else:
            assert all(review.checks[i].better is None for i in here), "✓ or another seat"
        key(app, pygame.K_ESCAPE)
        assert app.top is scene
    app.close()


def test_a_choice_the_checker_cannot_show_worse_is_only_where_the_plays_part(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "differs", lambda knowledge, taken, cancelled=None: None)
    mine, strong = plays("turup", {})
    run = FakeRun()
    run.future.set_result(strong)
    app = make_app()
    scene = open_par(app, mine, run)
    assert scene.outcome is not None and scene.verdicts() == {}
    rows = scene.outcome.rows
    assert len(rows) == 1 and not rows[0].worse
    assert rows[0].at == daily.parting(mine["actions"], strong["actions"])
    assert rows[0].note == ("From here the cards on the table differ: the strong player "
                            "cannot show your choice worse.")
    app.close()


@pytest.mark.parametrize("row", [0, 1, 2])
def test_a_row_opens_the_review_on_its_step(row: int) -> None:
    mine, strong = plays("turup", {})
    run = FakeRun()
    run.future.set_result(strong)
    app = make_app()
    scene = open_par(app, mine, run)
    assert scene.outcome is not None and len(scene.outcome.rows) > row
    click(app, scene.reviews[row].rect.center)
    review = app.top
    assert isinstance(review, ReviewScene)
    at = scene.outcome.rows[row].at
    assert at in review.steps[review.step].actions and review.step == step_at(review.steps, at)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    app.close()


def test_the_keyboard_moves_the_focus_presses_and_goes_back() -> None:
    mine, strong = plays("tarabish", {})
    run = FakeRun()
    run.future.set_result(strong)
    app = make_app()
    backs: list[bool] = []
    scene = open_par(app, mine, run, on_back=lambda: backs.append(True))
    assert scene.focus == 0
    key(app, pygame.K_TAB)
    assert scene.focus == 1
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReviewScene)
    app.pop()
    scene.focus = scene.buttons.index(scene.strong_button)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, StrongReview) and app.top.hand_record["actions"] == \
        strong["actions"]
    assert frame_problems(app) == []
    app.pop()
    key(app, pygame.K_ESCAPE)
    assert backs == [True]
    app.close()


def test_while_par_is_played_the_screen_waits_and_sleeps_until_it_ends() -> None:
    mine, strong = plays("turup", {})
    run = FakeRun(played=12)
    app = make_app()
    scene = open_par(app, mine, run)
    assert scene.outcome is None and scene.buttons == [scene.back_button]
    assert scene.wake_in() == JOB_CHECK, "only the safety look while par is played"
    assert frame_problems(app) == []
    run.future.set_result(strong)
    events = pygame.event.get()
    assert any(e.type != pygame.NOEVENT for e in events), "par's end wakes the loop"
    app.step(0.0)
    assert scene.outcome is not None and scene.wake_in() is None
    app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_players_decisions_are_judged_in_the_workers_and_the_screen_waits(
        language: str) -> None:
    mine, strong = plays("arbaa-turub", {})
    run = FakeRun()
    run.future.set_result(strong)
    idle = IdleExecutor()
    app = App((1024, 600), Settings(ai_level="easy", speed="fast", sound=False), workers=idle)
    app.set_language(language)
    scene = open_par(app, mine, run)
    app.step(0.0)
    assert scene.outcome is None and not scene.failed and scene.buttons == [scene.back_button]
    assert idle.jobs and set(idle.jobs) == {workers.differs}, "the review's checker, in a worker"
    done, total = scene.judged()
    assert done < total
    assert scene.wake_in() == JOB_CHECK
    assert frame_problems(app) == []
    app.set_language("en")
    app.close()


def test_the_frame_loop_sleeps_while_par_is_played_and_wakes_when_it_ends() -> None:
    mine, strong = plays("turup", {})
    run = FakeRun(played=5)
    app = make_app()
    scene = open_par(app, mine, run)
    waiting = run_loop(app, 20.0)
    assert len(waiting.frames) <= 20 / JOB_CHECK + 2, "no busy redraw while par is played"
    run.future.set_result(strong)
    app.running = True
    ended = run_loop(app, 20.0)
    assert 1 <= len(ended.frames) <= 2 and ended.frames[0] == 0.0, "woken once, then asleep"
    assert scene.outcome is not None
    app.close()


def test_a_par_that_failed_says_so_and_back_still_works() -> None:
    mine, _strong = plays("turup", {})
    run = FakeRun()
    run.future.set_exception(RuntimeError("workers gone"))
    app = make_app()
    scene = open_par(app, mine, run, heading="Deal of the day")
    assert scene.failed and scene.buttons == [scene.back_button]
    assert frame_problems(app) == []
    below = ParCompareScene(app, mine, run)
    app.scenes.insert(0, below)
    key(app, pygame.K_ESCAPE)
    assert app.top is below
    app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_comparison_fits_the_window(game: str, options: dict[str, Any],
                                        language: str, size: tuple[int, int]) -> None:
    mine, strong = plays(game, options)
    run = FakeRun()
    run.future.set_result(strong)
    app = make_app(size)
    app.set_language(language)
    open_par(app, mine, run, heading="Tarot · Deal of the day · 26 November 2026")
    assert frame_problems(app) == []
    app.set_language("en")
    app.close()


# -- par after an ordinary hand --------------------------------------------------------------




@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_summary_offers_par_which_opens_the_comparison(language: str) -> None:
    app = make_app(size=(1024, 600), claims=False, checker=False)
    app.session.pars = Pars(app.session.workers, budget_ms=20)
    app.set_language(language)
    table = finished_table(app, "turup")
    assert frame_problems(app) == [], "the summary's row of buttons fits"
    par = table.summary[-1] if table.summary else None
    assert par is not None and par.label == ("Par" if language == "en" else "Comparer")
    click(app, par.rect.center)
    scene = app.top
    assert isinstance(scene, ParCompareScene)
    scene.run.future.result(timeout=120)
    app.step(0.0)
    assert scene.outcome is not None, "par of the hand just played, compared"
    match = table.model.match
    assert scene.mine["actions"] == match.record()["hands"][-1]["actions"]
    assert frame_problems(app) == []
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    click(app, par.rect.center)
    assert isinstance(app.top, ParCompareScene) and app.top.run is scene.run, "one run a hand"
    app.set_language("en")
    app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_last_hands_summary_offers_par_too_and_its_buttons_fit(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size=(1024, 600), claims=False, checker=False)
    app.set_language(language)
    table = finished_table(app, "turup")
    said = table.model.summary()  # a hand's lines: the buttons are what is looked at
    with monkeypatch.context() as patch:
        patch.setattr(Match, "over", property(lambda self: True))
        patch.setattr(table.model, "summary", lambda: said)
        title, lines, buttons = GAME.told(table)
    table.summary_view.show(title, lines, buttons, app.size)
    assert len(buttons) == 5 and buttons[-1].label == ("Par" if language == "en" else "Comparer")
    assert frame_problems(app) == []
    app.set_language("en")
    app.close()


def test_practice_and_guided_summaries_do_not_offer_par() -> None:
    app = make_app(claims=False, checker=False)
    table = finished_table(app, "turup")
    lesson = load("turup")
    for policy in (PracticePolicy(table.match), LessonPolicy(lesson)):
        _title, _lines, buttons = policy.told(table)
        assert "Par" not in [b.label for b in buttons] and buttons
    _title, _lines, buttons = GAME.told(table)
    assert "Par" in [b.label for b in buttons]
    app.close()

"""The review scene: its tricks are the record's, its marks are the strong player's
disagreements (asked in the worker, never in a frame), the steps move with keys and clicks,
"Replay this deal" and "Swap seats" start practice hands with the record's deal — and the real
game is neither lost nor saved over nor counted twice."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pygame
import pytest
from helpers import RECORDS_DIR, fixture
from ui_driver import (
    IdleExecutor,
    SyncExecutor,
    click,
    finished_table,
    first_legal,
    key,
    make_app,
)

from game import storage
from game.engine import learning, records
from game.engine.ai import workers
from game.engine.cards import SEATS
from game.ui.app import App
from game.ui.practice import turn
from game.ui.scenes.overlay import SeatChooser
from game.ui.scenes.practice_table import PracticeMenu, PracticeTable
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.table import TableScene
from game.ui.session import Settings

FIXTURES = sorted(p.name for p in RECORDS_DIR.glob("*.json") if p.name != "EXPECTED.json")


def open_review(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[App, ReviewScene]:
    """The review of fixture ``name`` on top of a headless app, with the stand-in strong
    player, after one frame."""
    first_legal(monkeypatch)
    app = make_app()
    app.scenes.clear()
    scene = ReviewScene(app, fixture(name))
    app.push(scene)
    app.step(0.0)
    return app, scene


@pytest.mark.parametrize("name", FIXTURES)
def test_the_review_steps_are_the_record_replayed(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = open_review(name, monkeypatch)
    record = fixture(name)
    _, hand = records.replay_hand(record)
    log = hand.trick_log()
    assert scene.error is None and len(scene.steps) == len(log) + 1
    assert scene.steps[0].trick is None
    for step, trick in zip(scene.steps[1:], log, strict=True):
        assert step.trick is not None
        assert step.trick.leader == trick["leader"] and step.trick.winner == trick["winner"]
        assert [c for _, c in step.trick.cards] == trick["cards"]
        seats = [SEATS.index(s) for s, _ in step.trick.cards]
        assert seats[0] == SEATS.index(trick["leader"])
        assert all(hand.next_seat(a) == b for a, b in itertools.pairwise(seats))  # type: ignore
    shown = [i for s in scene.steps for i in s.points]
    assert sorted(shown) == list(range(len(scene.review.decisions))), "each decision once"
    app.close()


@pytest.mark.parametrize("name", ["turup-kort-made.json", "tarot-seed-4.json",
                                  "arbaa-turub-draw.json"])
def test_marks_are_where_the_strong_player_differs(name: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = open_review(name, monkeypatch)
    record = fixture(name)
    assert all(c.done for c in scene.checks)
    expected = set()
    for k, step in enumerate(scene.steps):
        for i in step.points:
            point = scene.review.decisions[i]
            differs = not learning.same_action(record["game"], point.knowledge.legal[0],
                                               point.taken)
            better = scene.checks[i].better
            assert (better is not None) == differs
            if differs:
                assert better.action == point.knowledge.legal[0]
                expected.add(k)
    assert set(scene.marked()) == expected and expected, "this hand has some marks"
    app.close()


def test_the_real_strong_player_gives_the_marks() -> None:
    record = fixture("tarabish-runs-bella.json")
    app = make_app()
    scene = ReviewScene(app, record)
    app.push(scene)
    app.step(0.0)
    for point, check in zip(scene.review.decisions, scene.checks, strict=True):
        decision = learning.hint(point.knowledge)
        wanted = decision.action
        verdict = learning.differs(point.knowledge, point.taken)
        agree = verdict is None  # the same action, or one the layouts cannot show worse
        assert agree or verdict.action == wanted
        assert check.done and (check.better is None) == agree
        if not agree:
            assert check.better is not None and check.better.action == wanted
    app.close()


def test_no_frame_waits_for_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    called = []
    monkeypatch.setattr(workers, "differs", lambda *a, **_: called.append(a))
    app = App((1280, 720), Settings(ai_level="easy", sound=False), workers=IdleExecutor(),
              start_menu=False)
    scene = ReviewScene(app, fixture("arbaa-turub-hand.json"))
    app.push(scene)
    for _ in range(5):
        app.step(0.0)
    assert not called, "the strong player is only ever asked in the worker"
    jobs = app.session.workers._pool.jobs  # type: ignore[union-attr]
    assert len(jobs) == app.session.workers.count == 1, "one question per worker at a time"
    assert "Checking" in scene.progress_line()
    key(app, pygame.K_ESCAPE)
    assert scene.cancelled and app.top is None
    app.close()


def test_keys_clicks_and_the_strip_move_through_the_steps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = open_review("turup-kort-failed.json", monkeypatch)
    last = len(scene.steps) - 1
    key(app, pygame.K_RIGHT)
    assert scene.step == 1
    key(app, pygame.K_END)
    assert scene.step == last
    key(app, pygame.K_RIGHT)
    assert scene.step == last, "the review stops at the last trick"
    click(app, scene.prev_button.rect.center)
    assert scene.step == last - 1
    key(app, pygame.K_HOME)
    key(app, pygame.K_LEFT)
    assert scene.step == 0
    click(app, scene.strip[3].center)
    assert scene.step == 3
    click(app, scene.next_button.rect.center)
    assert scene.step == 4
    app.close()


@pytest.mark.parametrize("bad", [{"format": "four-trumps/hand", "game": "chess"}, {"x": 1}])
def test_a_bad_record_says_why_and_goes_back(bad: dict[str, Any]) -> None:
    app = make_app()
    scene = ReviewScene(app, bad)
    app.push(scene)
    app.step(0.0)
    assert scene.error and scene.error.startswith("This hand cannot be reviewed")
    assert scene.buttons == [scene.back_button]
    key(app, pygame.K_r)
    assert app.top is scene, "nothing to replay"
    click(app, scene.back_button.rect.center)
    assert app.top is not scene
    app.close()


# -- practice hands and the real game -----------------------------------------------------


def play_out(app: App, table: TableScene, seed: int = 2) -> None:
    """South plays the practice hand with random legal actions until its summary is up."""
    rng = random.Random(seed)
    for _ in range(2000):
        if table.summary is not None:
            return
        if table.hand.to_act == 0 and not table.busy():
            table.perform(rng.choice(table.hand.legal_actions()))
        app.step(0.1)
    raise AssertionError("the practice hand did not end")


@pytest.fixture
def paths(tmp_path):
    return storage.resolve_paths(tmp_path)


def saved_app(paths: storage.Paths) -> App:
    app = App((1280, 720), Settings(ai_level="easy", speed="instant", sound=False),
              workers=SyncExecutor(), paths=paths)
    return app


def test_replay_this_deal_is_a_practice_that_leaves_the_real_game_alone(
        paths: storage.Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    first_legal(monkeypatch)
    app = saved_app(paths)
    table = finished_table(app, "turup")
    real = app.session.match
    before = real.record()
    app.session.keeper.writer.flush()
    stats_before = storage.load_statistics(paths)[0].to_json()
    hand = before["hands"][-1]
    app.push(ReviewScene(app, hand))
    app.step(0.0)
    key(app, pygame.K_r)
    practice = app.top
    assert isinstance(practice, PracticeTable)
    dealt = practice.match.record()["hands"][0]
    assert dealt["deal"] == hand["deal"] and dealt["dealer"] == hand["dealer"]
    assert dealt["actions"] == [] and practice.match is not real
    play_out(app, practice)
    labels = [b.label for b in practice.summary]
    assert labels == ["Review", "Play it again", "Back to your game"]
    assert app.session.match is real and real.record() == before
    app.session.keeper.writer.flush()
    assert storage.load_game(paths)[0] == before, "the practice is never saved"
    assert storage.load_statistics(paths)[0].to_json() == stats_before, "nor counted"
    practice.summary[2].action()
    assert app.top is table and table.summary is not None, "back where the player was"
    assert app.session.match is real and real.record() == before
    app.close()


def test_play_it_again_and_review_the_practice(monkeypatch: pytest.MonkeyPatch) -> None:
    first_legal(monkeypatch)
    app = make_app()
    finished_table(app, "tarabish")
    review = ReviewScene(app, app.session.match.record()["hands"][-1])
    app.push(review)
    click(app, review.replay_button.rect.center)
    practice = app.top
    assert isinstance(practice, PracticeTable)
    play_out(app, practice)
    practice.summary[1].action()
    again = app.top
    assert isinstance(again, PracticeTable) and again is not practice
    assert again.match.record()["hands"][0] == practice.policy.dealt
    play_out(app, again, seed=3)
    again.summary[0].action()
    assert isinstance(app.top, ReviewScene) and app.top is not review
    assert app.top.hand_record["actions"] == again.match.record()["hands"][0]["actions"]
    depth = len(app.scenes)
    click(app, app.top.replay_button.rect.center)        # once more round: replay, review
    play_out(app, app.top, seed=4)
    app.top.summary[0].action()
    assert isinstance(app.top, ReviewScene) and len(app.scenes) == depth  # replaced, not stacked
    key(app, pygame.K_ESCAPE)
    assert app.top is review
    app.close()


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_swap_seats_plays_the_same_deal_from_another_chair(
        seat: int, monkeypatch: pytest.MonkeyPatch) -> None:
    first_legal(monkeypatch)
    app = make_app()
    finished_table(app, "tarot")
    hand = app.session.match.record()["hands"][-1]
    review = ReviewScene(app, hand)
    app.push(review)
    key(app, pygame.K_s)
    chooser = app.top
    assert isinstance(chooser, SeatChooser)
    app.step(0.0)
    click(app, chooser.items[seat - 1].rect.center)
    practice = app.top
    assert isinstance(practice, PracticeTable)
    dealt = practice.match.record()["hands"][0]
    assert dealt["deal"]["S"] == hand["deal"][SEATS[seat]]
    assert dealt["dealer"] == turn(hand["dealer"], seat)
    assert {turn(k, seat) if k in SEATS else k: v for k, v in hand["deal"].items()} == \
        dealt["deal"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PracticeMenu)
    labels = [b.label for b in app.top.items]
    assert "New game (this game)" not in labels and "Back to your game" in labels
    app.top.items[labels.index("Back to your game")].action()
    assert app.top is app.table and app.session.match.record()["hands"][-1] == hand
    app.close()


@pytest.mark.parametrize("seed", [0, 1])
def test_five_players_words_fit_every_trick_at_the_smallest_window_in_french(seed: int) -> None:
    """Each seat's words at five players ("Nord-Est · entame · remporte le pli") stay inside
    the trick's area and off every card, at 1024×600 in French (:mod:`game.ui.review_trick`)."""
    from ui_driver import frame_problems

    from game import i18n

    record = records.new_deal("tarot", seed, options={"players": 5})
    _, hand = records.replay_hand(record)
    rng = random.Random(seed)
    while not hand.done:
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        record["actions"].append(dict(action))
    app = make_app((1024, 600))
    try:
        app.session.settings.language = "fr"
        i18n.set_language("fr")
        app.push(ReviewScene(app, record, 0))
        page = app.top
        assert isinstance(page, ReviewScene)
        for k in range(len(page.steps)):
            page.go(k)
            assert frame_problems(app) == [], f"step {k}"
    finally:
        i18n.set_language("en")
        app.close()

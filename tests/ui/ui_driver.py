"""Drive the game window headless with posted mouse and keyboard events only."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pygame
import pytest

from game.engine import learning
from game.engine.ai import evidence, workers
from game.engine.ai.advisor import Advisor
from game.engine.ai.player import Decision, Player, never
from game.lessons import LESSONS
from game.ui import par
from game.ui.app import App
from game.ui.report import Recorder, problems
from game.ui.scenes.lesson_entry import OfferScene
from game.ui.scenes.table import TableScene
from game.ui.session import Settings


class SyncExecutor(Executor):
    """Runs the AI at once in the calling thread, so a test is deterministic."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        f: Future[Any] = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except Exception as err:  # pragma: no cover - surfaced by the test
            f.set_exception(err)
        return f


class IdleExecutor(Executor):
    """Workers that never get round to anything (the jobs asked are kept in ``jobs``): the
    frame loop must not wait for them."""

    def __init__(self) -> None:
        self.jobs: list[Any] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.jobs.append(fn)
        return Future()


class NoClaimExecutor(SyncExecutor):
    """:class:`SyncExecutor`, but every question whether South's claim of the rest holds is
    answered "no" at once (as when its proof runs out of budget: the claim is not offered)
    instead of searching — up to two seconds a position in a 144-card game, paid at each of
    South's cards. For a test that plays whole hands and is not about the claim."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        if fn is workers.claim:
            f: Future[Any] = Future()
            f.set_result([])
            return f
        return super().submit(fn, *args, **kwargs)


def quick_advisor(monkeypatch: pytest.MonkeyPatch) -> Advisor:
    """Give the test's workers (a thread of the test: :class:`SyncExecutor`) an advisor with
    a small search — one first batch of a dozen layouts, a small budget — for a test that
    plays whole hands with the hint's player (par, the checker, the comparison's judging): the
    same standard of evidence on fewer layouts, the same for every job that asks it."""
    monkeypatch.setattr(evidence, "CAP", 1)
    monkeypatch.setattr(evidence, "FIRST", 12)
    quick = small_advisor()
    monkeypatch.setattr(workers, "_advisor", quick)
    return quick


class FirstLegal(Player):
    """A stand-in strong player: always the first legal action."""

    def decide(self, knowledge: Any, cancelled: Callable[[], bool] = never) -> Decision:
        return Decision(knowledge.legal[0], "first")


def strong_player(monkeypatch: pytest.MonkeyPatch, strong: Callable[[], Player]) -> None:
    """The strong player's jobs as the game sends them to its workers — the hint (the table's
    and par's South) and the play checker's question (the table's and the review's) — ask
    ``strong()`` rather than the worker's advisor. The jobs themselves are replaced, where the
    game looks them up: the engine's own calls (``workers.hint`` to ``learning.hint``, to the
    advisor) are not replaced by patching the callee when the engine runs compiled."""

    def hint(knowledge: Any, cancelled: Callable[[], bool] = never) -> Decision:
        return learning.hint(knowledge, cancelled, strong=strong())

    def differs(knowledge: Any, taken: Any,
                cancelled: Callable[[], bool] = never) -> Decision | None:
        return learning.differs(knowledge, taken, cancelled, strong=strong())

    monkeypatch.setattr(workers, "hint", hint)
    monkeypatch.setattr(workers, "differs", differs)
    monkeypatch.setattr(par, "hint", hint)


def first_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong player's jobs ask :class:`FirstLegal` (:func:`strong_player`): for tests
    not about its choices."""
    player = FirstLegal()
    strong_player(monkeypatch, lambda: player)


def small_advisor() -> Advisor:
    """An advisor with a small budget (its layouts: :func:`quick_advisor`'s)."""
    quick = Advisor()
    quick.budget_ms = 5.0
    return quick


def make_app(size: tuple[int, int] = (1280, 720), claims: bool = True,
             checker: bool = True) -> App:
    """A headless app at the main menu: fast animations, no sound, the quick easy AI in the
    test thread. ``claims=False``: the claim of the rest is never offered
    (:class:`NoClaimExecutor`); ``checker=False``: the play checker is off (it asks the strong
    AI about each of South's actions in learning mode, which a new player's game is in) — for
    a test about neither. Its player has answered the first-time question of every game's
    guided hand (``tests/ui/test_lesson_entry.py`` asks it): a game button starts the game."""
    app = App(size, Settings(ai_level="easy", speed="fast", sound=False,
                             lessons_offered=list(LESSONS)),
              workers=SyncExecutor() if claims else NoClaimExecutor())
    app.session.settings.play_checker = checker
    return app


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def click(app: App, pos: tuple[int, int], dt: float = 0.0) -> None:
    """Move to ``pos``, press and release there."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.0)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(dt)


def key(app: App, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    app.step(0.0)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move in steps to ``end``, release."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.0)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(0.0)
    for k in range(1, 5):
        p = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        app.step(0.0)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(0.0)


def grip(table: TableScene, index: int) -> tuple[int, int]:
    """A point on hand card ``index`` that no other card covers: its corner index."""
    r = table.fan.rects[index]
    return r.left + 5, r.top + 12


def index_of(table: TableScene, name: str) -> int:
    table.layout()
    return table.fan.cards.index(name)


def start_from_menu(app: App, title: str) -> TableScene:
    """Click the game's button in the main menu (and "No thanks" if its guided hand is
    offered first: :class:`~game.ui.scenes.lesson_entry.OfferScene`)."""
    app.step(0.0)
    menu = app.top
    for b, _ in menu.items:  # type: ignore[union-attr]
        if b.label == title:
            click(app, b.rect.center)
            break
    if isinstance(app.top, OfferScene):
        app.draw()
        click(app, app.top.buttons[1].rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    return table


def settle(app: App, table: TableScene, limit: int = 400) -> None:
    """Step until South must act, or the hand is over (the summary is up)."""
    for _ in range(limit):
        if table.summary is not None:
            return
        if table.hand.to_act == 0 and not table.busy():
            app.step(0.0)
            return
        app.step(0.1)
    raise AssertionError(f"the table never came back to South (phase {table.hand.phase})")


def play_some(app: App, table: TableScene, south_actions: int, seed: int = 1) -> None:
    """Let the AI seats act and South answer with random legal actions, ``south_actions``
    times (or until the hand is over)."""
    rng = random.Random(seed)
    for _ in range(south_actions):
        settle(app, table)
        if table.summary is not None:
            return
        table.perform(rng.choice(table.legal()))
        app.step(0.0)


def to_summary(app: App, table: TableScene) -> None:
    """Step until the finished hand's summary is up (it must come)."""
    for _ in range(50):
        if table.summary is not None:
            break
        app.step(0.1)
    assert table.summary is not None


def finished_table(app: App, game: str, seed: int = 5) -> TableScene:
    """The real game's table with its first hand played out (random legal actions) and the
    summary up."""
    table = app.start_game(game, seed)
    assert isinstance(table, TableScene)
    rng = random.Random(seed)
    while not table.hand.done:
        table.match.apply(rng.choice(table.hand.legal_actions()))
    to_summary(app, table)
    return table


def to_the_side_row(app: Any, table: TableScene) -> None:
    """South (a Guard with eleven trumps) comes to its first card: the handful is offered in
    the optional row."""
    for _ in range(60):
        settle(app, table, 4000)
        if table.panel.side_buttons:
            return
        if table.hand.phase == "discard":
            illegal = table.model.illegal_cards()
            for i, name in enumerate(table.fan.cards):
                if len(table.model.selected) < 6 and name not in illegal:
                    table.toggle_discard(i)
            table.confirm_discard()
            continue
        legal = table.legal()
        table.perform(next((a for a in legal if a.get("bid") == "keep"), legal[0]))
    raise AssertionError("no optional declaration was offered")


def frame_problems(app: App) -> list[str]:
    """What lies on what in the frame drawn now, as the layout report finds it
    (:func:`game.ui.report.problems`)."""
    screen = app.screen
    recorder = Recorder(screen.get_size())
    app.screen = recorder
    try:
        app.draw()
    finally:
        app.screen = screen
    return problems(recorder.items, recorder.get_size())

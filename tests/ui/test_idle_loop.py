"""Issue 25, "idle means idle": the frame loop draws only when something changed — an event, an
animation, a timer, a job's answer — and sleeps otherwise. Driven by a fake clock and event
source (:class:`FakePace`): simulated seconds, the frames drawn counted with their times."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pygame
import pytest
from ui_driver import make_app

from game.ui.anim import Animator
from game.ui.app import App
from game.ui.host import Scene
from game.ui.scenes.table import TableScene
from game.ui.session import Settings
from game.ui.table.seats import BREATHS, PULSE_SECONDS, SeatsWidget
from game.ui.wake import JOB_CHECK, MAX_SLEEP, WAKE, jobs_wake_in, soonest, watch

FPS = 60


class FakePace:
    """Simulated time for :meth:`App.run`: ``tick`` and ``wait`` move the clock instead of
    sleeping; ``events`` (time → event) are posted when the clock reaches them; the loop is
    stopped at ``end``."""

    def __init__(self, app: App, end: float,
                 events: dict[float, pygame.event.Event] | None = None) -> None:
        self.app = app
        self.t = 0.0
        self.ticked = -1.0
        self.end = end
        self.events = dict(sorted((events or {}).items()))
        self.frames: list[float] = []
        draw = app.draw

        def counted() -> None:
            self.frames.append(self.t)
            draw()

        app.draw = counted  # type: ignore[method-assign]

    def now(self) -> float:
        return self.t

    def _advance(self, to: float, wake: bool) -> None:
        """Move the clock to ``to``, posting the events due by then — or, when an event
        ``wake``s a wait, only up to the first of them."""
        due = [a for a in self.events if a <= to]
        if wake and due:
            due, to = due[:1], due[0]
        for at in due:
            pygame.event.post(self.events.pop(at))
        self.t = max(self.t, to)
        if self.t >= self.end:
            self.app.running = False

    def tick(self, fps: int) -> None:  # as pygame's Clock.tick: 1/fps since the last tick
        self._advance(max(self.t, self.ticked + 1 / fps), wake=False)
        self.ticked = self.t

    def wait(self, seconds: float) -> bool:
        self._advance(self.t + min(seconds, MAX_SLEEP), wake=True)
        return bool(pygame.event.peek())

    def between(self, start: float, end: float) -> int:
        """Frames drawn with the clock in [start, end)."""
        return sum(1 for t in self.frames if start <= t < end)


class Timed(Scene):
    """A scene with one tween (``moving`` seconds long) and one timer (``bubble`` seconds)."""

    def __init__(self, host: App, moving: float, bubble: float | None) -> None:
        super().__init__(host)
        self.anim = Animator()
        self.x = 0.0
        self.time = 0.0
        self.bubble = bubble
        if moving:
            self.anim.animate(self, moving, x=100.0)

    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.update(dt)

    def wake_in(self) -> float | None:
        left = self.bubble - self.time if self.bubble is not None and \
            self.time < self.bubble else None
        return soonest(self.anim.wake_in(), left)


def run(app: App, seconds: float, events: dict[float, pygame.event.Event] | None = None
        ) -> FakePace:
    pace = FakePace(app, seconds, events)
    app.run(pace)
    return pace


@pytest.fixture
def app() -> App:
    made = make_app()
    yield made
    made.close()


def test_the_menu_draws_once_then_sleeps(app: App) -> None:
    pace = run(app, 10.0)
    assert pace.frames == [0.0]


def test_an_event_wakes_the_loop_for_one_frame(app: App) -> None:
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    pace = run(app, 10.0, {3.0: motion})
    assert len(pace.frames) == 2 and pace.frames[1] == pytest.approx(3.0)


@pytest.mark.parametrize(("moving", "bubble", "frames"), [
    (1.0, None, range(FPS - 2, FPS + 3)),  # a tween: every frame while it runs, then none
    (0.0, 2.5, range(2, 3)),  # a timer only: the first frame, then one when it fires
    (0.5, 4.0, range(FPS // 2 - 1, FPS // 2 + 4)),
])
def test_frames_while_something_moves_and_none_after(app: App, moving: float,
                                                     bubble: float | None,
                                                     frames: range) -> None:
    app.replace_all(Timed(app, moving, bubble))
    pace = run(app, 10.0)
    assert len(pace.frames) in frames
    assert pace.between(max(moving, bubble or 0.0) + 0.05, 10.0) == 0
    if bubble is not None:
        assert any(abs(t - bubble) < 0.02 for t in pace.frames), pace.frames[-3:]


def test_a_tween_an_event_starts_after_a_sleep_begins_at_its_start(app: App) -> None:
    scene = Timed(app, 0.0, None)
    app.replace_all(scene)
    started: list[float] = []

    def handle(event: pygame.event.Event) -> None:
        scene.anim.animate(scene, 1.0, x=100.0)
        started.append(scene.x)

    scene.handle_event = handle  # type: ignore[assignment, method-assign]
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    pace = run(app, 6.0, {5.0: key})
    assert scene.x == pytest.approx(100.0)
    assert pace.between(5.0, 6.0) in range(FPS - 2, FPS + 3)  # smooth: every frame, 1 s
    assert scene.time == pytest.approx(6.0, abs=0.05)  # the time slept was given to it


def test_a_table_waiting_for_south_sleeps_once_the_glow_rests(app: App) -> None:
    table = app.start_game("turup", 3)
    pace = run(app, 40.0)
    assert table.hand.to_act == 0 and table.idle()
    assert table.wake_in() is None
    quiet = 40.0 - 10.0
    assert pace.between(quiet, 40.0) == 0, pace.frames[-5:]
    # the table's clock kept to the wall's (it moves at each frame, by the time slept too)
    assert table.time == pytest.approx(pace.frames[-1], abs=0.2)


def test_a_bubble_wakes_the_table_when_it_goes(app: App) -> None:
    table = app.start_game("turup", 3)
    run(app, 30.0)
    table.seats.said(1, "Pass")
    until = table.seats.bubbles[1][1]
    assert table.seats.wake_in(table.time) == pytest.approx(until - table.time, abs=0.01)
    table.seats.south_since = table.time - BREATHS * PULSE_SECONDS
    table.say("Hello", 4.0)
    assert table.wake_in() == pytest.approx(until - table.time, abs=0.01)


@pytest.mark.parametrize(("since", "strength"), [
    (0.0, 1.0), (PULSE_SECONDS / 2, 0.0), (PULSE_SECONDS, 1.0),
    (BREATHS * PULSE_SECONDS, 1.0), (BREATHS * PULSE_SECONDS + 0.3, 1.0), (1000.0, 1.0),
])
def test_the_glow_breathes_then_rests_lit(since: float, strength: float) -> None:
    assert SeatsWidget.pulse(since) == pytest.approx(strength, abs=1e-9)


def test_a_stream_of_events_draws_no_faster_than_the_frame_rate(app: App) -> None:
    moves = {k / 1000: pygame.event.Event(pygame.MOUSEMOTION, pos=(k % 500, 5), rel=(1, 0),
                                          buttons=(0, 0, 0)) for k in range(1, 2000)}
    pace = run(app, 3.0, moves)  # a mouse reporting 1000 times a second for 2 s
    assert pace.between(0.0, 2.0) in range(2 * FPS - 2, 2 * FPS + 3)
    assert pace.between(2.05, 3.0) == 0


@pytest.mark.parametrize(("tweens", "timers", "expected"), [
    (0, [], None), (1, [], 0.0), (1, [0.5], 0.0), (0, [0.5, 0.2], 0.2), (0, [-0.1], 0.0),
])
def test_the_animator_says_when_it_next_changes(tweens: int, timers: list[float],
                                                expected: float | None) -> None:
    anim = Animator()

    class Thing:
        x = 0.0

    for _ in range(tweens):
        anim.animate(Thing(), 1.0, x=1.0)
    for delay in timers:
        anim.after(delay, lambda: None)
    assert anim.wake_in() == expected


@pytest.mark.parametrize(("waits", "expected"), [
    ((), None), ((None,), None), ((None, 2.0), 2.0), ((3.0, 0.5, None), 0.5), ((-1.0, 4.0), 0.0),
])
def test_soonest(waits: tuple[float | None, ...], expected: float | None) -> None:
    assert soonest(*waits) == expected


def test_an_overlay_on_the_table_sleeps(app: App) -> None:
    table: TableScene = app.start_game("turup", 3)
    run(app, 30.0)
    table.open_menu()
    assert app.top is not table and app.wake_in() is None


def test_a_watched_job_wakes_the_loop_once_when_it_ends(app: App) -> None:
    pygame.event.clear()
    job: Future[int] = Future()
    assert jobs_wake_in([job]) == JOB_CHECK and not pygame.event.peek(WAKE)
    watch(job)  # once per job
    job.set_result(1)
    assert len(pygame.event.get(WAKE)) == 1
    assert jobs_wake_in([job]) is None and not pygame.event.peek(WAKE)
    ended: Future[int] = Future()
    ended.set_result(2)
    assert jobs_wake_in([ended]) is None and len(pygame.event.get(WAKE)) == 1  # at once


def test_the_ai_plays_on_in_real_time_woken_by_its_answers() -> None:
    """The real loop and clock, the AI in a thread: South's turn comes while the loop sleeps
    between frames (the AI's answers wake it)."""
    app = App((1280, 720), Settings(ai_level="easy", speed="fast", sound=False),
              workers=ThreadPoolExecutor(1))
    table = app.start_game("turup", 3)
    reached: list[float] = []

    def stop_at_south() -> None:
        end = time.monotonic() + 30
        while time.monotonic() < end and not reached:
            time.sleep(0.02)
            if table.hand.to_act == 0 and table.summary is None and not table.anim.busy:
                reached.append(time.monotonic())
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    watcher = threading.Thread(target=stop_at_south, daemon=True)
    start = time.monotonic()
    watcher.start()
    try:
        app.run()
    finally:
        watcher.join(5)
        app.close()
    assert reached and reached[0] - start < 15


def test_a_scene_failing_to_say_when_it_wakes_is_recovered_like_a_failing_frame(app: App
                                                                               ) -> None:
    scene = Timed(app, 0.0, None)

    def broken() -> float | None:
        raise RuntimeError("no idea")

    scene.wake_in = broken  # type: ignore[method-assign]
    app.replace_all(scene)
    run(app, 2.0)
    assert app.top is not None and app.top.name == "menu"
    assert any("no idea" in str(n) or "no idea" in repr(n) for n in app.session.notices)

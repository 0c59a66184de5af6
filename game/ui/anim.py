"""Time-based tweens, pgzero style: ``animator.animate(obj, duration, on_finished, x=..., y=...)``.

A tween is advanced only by the ``dt`` given to :meth:`Animator.update` — never by a clock — so
tests step time exactly. A new tween on the same attribute of the same object replaces the old
one (the attribute continues from where it is).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

EASINGS: dict[str, Callable[[float], float]] = {
    "linear": lambda t: t,
    "accel_decel": lambda t: 0.5 - 0.5 * math.cos(math.pi * t),
    "decelerate": lambda t: 1 - (1 - t) ** 2,
    "accelerate": lambda t: t * t,
}


class Tween:
    """Moves numeric attributes of ``obj`` from their values now to ``targets`` over
    ``duration`` seconds."""

    def __init__(self, obj: Any, duration: float, tween: str,
                 on_finished: Callable[[], None] | None, targets: dict[str, float]) -> None:
        self.obj = obj
        self.duration = max(0.0, duration)
        self.ease = EASINGS[tween]
        self.on_finished = on_finished
        self.start = {k: float(getattr(obj, k)) for k in targets}
        self.targets = {k: float(v) for k, v in targets.items()}
        self.elapsed = 0.0
        self.done = False

    def step(self, dt: float) -> None:
        """Advance by ``dt`` seconds; sets the final values and ``done`` at the end."""
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        k = self.ease(t)
        for name, end in self.targets.items():
            a = self.start[name]
            setattr(self.obj, name, a + (end - a) * k)
        if t >= 1.0:
            self.done = True

    def drop(self, names: set[str]) -> None:
        """Stop moving ``names`` (a newer tween took them over)."""
        for n in names:
            self.targets.pop(n, None)
            self.start.pop(n, None)


class Animator:
    """The running tweens and timers of one scene."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        self.timers: list[list[Any]] = []

    def animate(self, obj: Any, duration: float, on_finished: Callable[[], None] | None = None,
                tween: str = "accel_decel", **targets: float) -> Tween:
        """Start a tween of ``obj``'s attributes toward ``targets``."""
        names = set(targets)
        for old in self.tweens:
            if old.obj is obj:
                old.drop(names)
        tw = Tween(obj, duration, tween, on_finished, targets)
        self.tweens.append(tw)
        return tw

    def cancel(self, tween: Tween) -> None:
        """Stop ``tween`` where it is, without finishing it (nothing is called back)."""
        if tween in self.tweens:
            self.tweens.remove(tween)

    def after(self, delay: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` once ``delay`` seconds of :meth:`update` have passed."""
        self.timers.append([delay, callback])

    def update(self, dt: float) -> None:
        """Advance every tween and timer by ``dt``; finished ones call back and go."""
        for tw in list(self.tweens):
            tw.step(dt)
            if tw.done:
                self.tweens.remove(tw)
                if tw.on_finished is not None:
                    tw.on_finished()
        for timer in list(self.timers):
            timer[0] -= dt
            if timer[0] <= 0:
                self.timers.remove(timer)
                timer[1]()

    @property
    def busy(self) -> bool:
        """True while any tween or timer runs."""
        return bool(self.tweens or self.timers)

    def wake_in(self) -> float | None:
        """When the animation next changes what is drawn: ``0.0`` while a tween runs, the
        seconds until the first timer fires while only timers wait, ``None`` when idle."""
        if self.tweens:
            return 0.0
        return min((max(0.0, t[0]) for t in self.timers), default=None)

    def clear(self) -> None:
        """Drop every tween and timer without finishing them (the table starts afresh)."""
        self.tweens.clear()
        self.timers.clear()

    def finish_all(self) -> None:
        """Jump every tween and timer to its end (a click that skips the animation)."""
        for _ in range(100):
            if not self.busy:
                return
            self.update(1e6)

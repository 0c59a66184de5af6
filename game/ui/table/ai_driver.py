"""The AI seats of one table: asking them in the AI's worker processes, cancelling, pacing — no
pygame.

The frame loop never waits for an AI: :meth:`AIDriver.poll` starts a decision in a worker
process (:class:`game.engine.ai.workers.Workers`; the seat's player is rebuilt there from its
level and seed, :func:`~game.engine.ai.workers.worker_player`) the first time a seat is to act,
and hands the action back once it is ready *and* the seat has "thought" long enough to be
followed by eye. A decision no longer wanted (undo, the table closing) is cancelled in the
worker.
"""

from __future__ import annotations

import random

from ...engine import ai
from ...engine.ai.workers import AIWorkers, Job, decide
from ...engine.hand import Action
from ..session import Match

THINK = 0.35
"""Seconds an AI seat seems to think before its action shows (before the speed factor)."""
UNDO_PAUSE = 0.8
"""Learning mode: the least time an AI seat waits after South's action before its own shows,
so that Undo can be reached."""


class AIDriver:
    """Asks the AI players of every seat but South of ``match`` for their decisions in
    ``workers``."""

    def __init__(self, match: Match, workers: AIWorkers) -> None:
        self.match = match
        self.workers = workers
        self.players = {s: (match.player_for(s), match.seed * 4 + s)
                        for s in range(1, match.table.size)}
        """Seat → the level and seed its player is built from in the worker (the default
        time budget)."""
        self.pending: Job[ai.Decision] | None = None
        self.pending_key = -1
        """The hand's history length the pending decision was asked at."""
        self.pending_seat: int | None = None
        """The seat whose decision is under way."""
        self.job = 0
        """Counts the decisions asked for."""
        self.think_until = 0.0
        self.closed = False

    def wait(self, speed: float, learning_on: bool) -> float:
        """How long the seat about to act seems to think: the think time, and in learning mode
        at least the pause after South's action (Undo's window)."""
        actions = self.match.hands[-1]["actions"]
        after_south = learning_on and bool(actions) and actions[-1]["seat"] == "S"
        return max(THINK * speed, UNDO_PAUSE if after_south else 0.0)

    def poll(self, seat: int, now: float, speed: float, learning_on: bool) -> Action | None:
        """``seat`` (an AI) is to act at time ``now``: its action once decided and thought
        over, else ``None`` (asking first if not yet asked). A failing AI falls back to a legal
        choice — an AI bug must not stop the game."""
        hand = self.match.hand
        n = len(hand.history)
        if self.pending is None or self.pending_key != n:
            if self.pending is not None:
                self.pending.cancel()  # asked at another position: no longer wanted
            knowledge = hand.knowledge(seat)  # type: ignore[attr-defined]
            self.job += 1
            level, seed = self.players[seat]
            self.pending = self.workers.submit(decide, level, seed, None, knowledge)
            self.pending_key, self.pending_seat = n, seat
            self.think_until = now + self.wait(speed, learning_on)
            return None
        if not self.pending.done() or now < self.think_until:
            return None
        try:
            action = self.pending.result().action
        except Exception:  # any AI failure falls back to a legal choice
            action = None
        self.pending = None
        if action is None or hand.why_illegal(action) is not None:
            action = random.Random(n).choice(hand.legal_actions())
        return action

    def wake_in(self, now: float) -> float | None:
        """How soon :meth:`poll` may have the action of the seat to act at the table's time
        ``now``: at once when its decision is not asked yet (or was asked at another
        position), at the end of the think time once it is ready; ``None`` while the worker
        works on it — the table watches :attr:`pending` (its end wakes the frame loop)."""
        if self.pending is None or self.pending_key != len(self.match.hand.history):
            return 0.0
        if not self.pending.done():
            return None
        return max(0.0, self.think_until - now)

    def thinking(self) -> int | None:
        """The AI seat deciding now (its decision asked for and not yet shown), if any."""
        if self.pending is None or self.pending_key != len(self.match.hand.history):
            return None
        return self.pending_seat

    def drop(self) -> None:
        """Forget any decision under way (its job is cancelled in the worker)."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending, self.pending_key = None, -1

    def reset(self) -> None:
        """A new hand begins: nothing is under way."""
        if self.pending is not None:
            self.pending.cancel()
        self.pending = None

    def close(self) -> None:
        """The table closes: cancel what runs."""
        self.closed = True
        if self.pending is not None:
            self.pending.cancel()

"""The AI seats of one table: asking them in the session's worker, cancelling, pacing — no pygame.

The frame loop never waits for an AI: :meth:`AIDriver.poll` starts a decision in the worker
(``Executor``) the first time a seat is to act, and hands the action back once it is ready *and*
the seat has "thought" long enough to be followed by eye.
"""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future

from ...engine import ai
from ...engine.hand import Action
from ..session import Match

THINK = 0.35
"""Seconds an AI seat seems to think before its action shows (before the speed factor)."""
UNDO_PAUSE = 0.8
"""Learning mode: the least time an AI seat waits after South's action before its own shows,
so that Undo can be reached."""


class AIDriver:
    """Asks the AI players of seats 1–3 of ``match`` for their decisions in ``executor``."""

    def __init__(self, match: Match, executor: Executor) -> None:
        self.match = match
        self.executor = executor
        self.players = {s: ai.make_player(match.player_for(s), seed=match.seed * 4 + s)
                        for s in (1, 2, 3)}
        self.pending: Future[ai.Decision] | None = None
        self.pending_key = -1
        """The hand's history length the pending decision was asked at."""
        self.job = 0
        """Counts AI jobs; a job whose number is no longer current sees itself cancelled."""
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
            knowledge = hand.knowledge(seat)  # type: ignore[attr-defined]
            self.job += 1
            job = self.job
            self.pending = self.executor.submit(
                self.players[seat].decide, knowledge, lambda: self.closed or self.job != job)
            self.pending_key = n
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

    def drop(self) -> None:
        """Forget any decision under way (its job sees itself cancelled)."""
        self.job += 1
        self.pending, self.pending_key = None, -1

    def reset(self) -> None:
        """A new hand begins: nothing is under way."""
        self.pending = None

    def close(self) -> None:
        """The table closes: cancel what runs."""
        self.closed = True
        if self.pending is not None:
            self.pending.cancel()

"""The review's checking of one hand (issue 7, item 5; issue 17): every decision of the reviewed
seat is put to the strong player (:func:`game.engine.learning.differs`) in the AI's worker
processes — no pygame here, and nothing of the AI in the UI's process.

Several checks are under way at once, one per worker, those of the step on screen first, then
the following steps, then the earlier ones; the frame loop only looks whether one is done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import learning
from ..engine.ai import Decision
from ..engine.ai import workers as workers_jobs
from ..engine.ai.workers import Job
from .advice import Question, question
from .review_steps import Step

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Session


@dataclass
class Check:
    """The strong player's verdict on one decision: ``done`` once known; ``better`` its own
    choice when it differs (``None`` when it agrees); ``failed`` when it could not be asked."""

    done: bool = False
    better: Decision | None = None
    failed: bool = False


class Checking:
    """The checks of ``review``'s decisions (``None``: a hand that cannot be reviewed), cut
    into ``steps``, asked in ``session``'s workers and remembered in its verdicts."""

    def __init__(self, review: learning.Review | None, steps: list[Step],
                 session: Session) -> None:
        self.review = review
        self.steps = steps
        self.session = session
        self.checks = [Check() for _ in (review.decisions if review else ())]
        self.pending: dict[int, Job[Decision | None]] = {}
        """The checks under way (decision index → job): at most one per worker."""

    def next_point(self, step: int) -> int | None:
        """The next decision to check (not checked nor under way): those of step ``step``
        (the one on screen) first, then the following steps, then the earlier ones."""
        for s in [*self.steps[step:], *self.steps[:step]]:
            for i in s.points:
                if not self.checks[i].done and i not in self.pending:
                    return i
        return None

    def question(self, index: int) -> Question:
        """Decision ``index``'s play-checker question (:func:`.advice.question`)."""
        assert self.review is not None
        point = self.review.decisions[index]
        return question(point.knowledge, list(point.lay_away) or point.taken)

    def pump(self, step: int) -> None:
        """Collect the finished checks and keep every worker busy with the next ones, step
        ``step`` (the one on screen) first. A decision with a single legal choice needs no
        asking: the strong player takes it too.

        **Decision**: a check under way is never cancelled to make room for the step the
        player moved to — its work would be lost; the moved-to step's decisions are simply the
        next ones handed out. **Decision**: a question the table's play checker already
        answered during the hand (the same knowledge and action: the session's
        :class:`~.advice.Verdicts`) is not asked again — the checker is deterministic, so the
        answer is the one the worker would give."""
        if self.review is None:
            return
        workers = self.session.workers
        verdicts = self.session.verdicts
        while True:
            for index, job in list(self.pending.items()):
                if not job.done():
                    continue
                del self.pending[index]
                check = self.checks[index]
                check.done = True
                try:
                    check.better = job.result()
                except Exception:  # an AI failure must not stop the review: say so, go on
                    check.failed = True
                else:
                    verdicts.put(self.question(index), check.better)
            if len(self.pending) >= workers.count:
                return
            upcoming = self.next_point(step)
            if upcoming is None:
                return
            point = self.review.decisions[upcoming]
            if len(point.knowledge.legal) <= 1 or point.part:  # a lay-away: at its first card
                self.checks[upcoming].done = True
                continue
            known, verdict = verdicts.get(self.question(upcoming))
            if known:  # the table's play checker (or an earlier review) answered it already
                self.checks[upcoming].done = True
                self.checks[upcoming].better = verdict
                continue
            self.pending[upcoming] = workers.submit(
                workers_jobs.differs, point.knowledge, list(point.lay_away) or point.taken)

    def close(self) -> None:
        """Cancel every check under way (in its worker)."""
        for job in self.pending.values():
            job.cancel()
        self.pending = {}

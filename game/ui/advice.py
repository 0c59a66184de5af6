"""The strong AI's advice for South — the hint and the play checker — computed in the AI's
worker processes so that no frame ever waits on it (issue 7, items 2 and 3; issue 17). Plain
Python, no pygame.

Both ask :mod:`game.engine.learning` (the table, the review and the ``hint`` command agree) and
read only South's :class:`~game.engine.knowledge.Knowledge`. A job is tied to the *position* it
was asked for (any hashable the table chooses); a hint asked for one position is cancelled
once the table shows another (cancelled in the worker process), and its answer is never shown
elsewhere. The jobs are the learning core's top-level functions (they pickle; a test may hand
others to a thread stand-in).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from ..engine.ai import Decision
from ..engine.ai import workers as workers_jobs
from ..engine.ai.workers import AIWorkers, Job
from ..engine.hand import Action
from ..engine.knowledge import Knowledge

HintFn = Callable[[Knowledge, Callable[[], bool]], Decision]
DiffersFn = Callable[[Knowledge, "Action | list[Action]", Callable[[], bool]], "Decision | None"]


VERDICTS_KEPT = 1000
"""How many play-checker verdicts the session remembers (:class:`Verdicts`)."""


Question = tuple[Knowledge, "Action | list[Action]"]
"""One play-checker question: the knowledge and the action (or the whole lay-away) judged."""


def question(knowledge: Knowledge, taken: Action | Sequence[Action]) -> Question:
    """The play-checker question of ``taken`` made from ``knowledge``."""
    return (knowledge, taken if isinstance(taken, dict) else list(taken))


class Verdicts:
    """The play checker's answers, by question — kept by the session so that the review of a
    hand the checker already looked at takes the table's answers instead of asking the strong
    player again. The checker is deterministic (the advisor's search is untimed, with a fixed
    seed), so an answer remembered is the answer the review would get. A question is the same
    when its knowledge and action are equal (``==``: pickled bytes are not canonical). The
    newest :data:`VERDICTS_KEPT` are kept."""

    def __init__(self, kept: int = VERDICTS_KEPT) -> None:
        self.kept = kept
        self._known: dict[tuple[str, int, int, str], list[tuple[Question, Decision | None]]] = {}
        self._count = 0

    @staticmethod
    def _bucket(q: Question) -> tuple[str, int, int, str]:
        knowledge, taken = q
        return (knowledge.game, knowledge.seat, len(knowledge.history), repr(taken))

    def get(self, q: Question) -> tuple[bool, Decision | None]:
        """Whether question ``q`` was answered, and the answer."""
        for known, verdict in self._known.get(self._bucket(q), ()):
            if known == q:
                return True, verdict
        return False, None

    def put(self, q: Question, verdict: Decision | None) -> None:
        """Remember the answer to ``q`` (forgetting the oldest past :attr:`kept`)."""
        if self.get(q)[0]:
            return
        self._known.setdefault(self._bucket(q), []).append((q, verdict))
        self._count += 1
        while self._count > self.kept:
            oldest = next(iter(self._known))
            self._known[oldest].pop(0)
            self._count -= 1
            if not self._known[oldest]:
                del self._known[oldest]

    def __len__(self) -> int:
        return self._count


def answered(verdict: Decision | None) -> Job[Decision | None]:
    """A job already done with ``verdict`` (a remembered answer)."""
    future: Future[Decision | None] = Future()
    future.set_result(verdict)
    return Job(future, lambda: None)


@dataclass
class Check:
    """One play-checker job: South's ``taken`` action, made at record length ``mark``."""

    mark: Hashable
    taken: Action
    future: Job[Decision | None]
    question: Question | None = None
    """What was asked (:func:`question`)."""


class Advice:
    """The hint and play-checker jobs of one table."""

    def __init__(self, workers: AIWorkers, hint: HintFn | None = None,
                 differs: DiffersFn | None = None, verdicts: Verdicts | None = None) -> None:
        """Jobs go to ``workers``; ``hint``/``differs`` default to the learning core's (as a
        worker process asks them, :mod:`game.engine.ai.workers`). The
        checker's answers are remembered in ``verdicts`` (with the learning core's
        ``differs`` only: another one answers other questions)."""
        self.workers = workers
        self.remember = verdicts if differs is None else None
        self._hint_fn: HintFn = hint or workers_jobs.hint
        self._differs_fn: DiffersFn = differs or workers_jobs.differs
        self.position: Hashable = None
        """The position the table shows now (set by :meth:`at`)."""
        self._hint: tuple[Hashable, Job[Decision]] | None = None
        self.checks: list[Check] = []
        self.live: set[Hashable] = set()
        """Marks of the checks not dropped: a job is stale once its mark leaves."""
        self.closed = False

    def at(self, position: Hashable) -> None:
        """The table now shows ``position``: a hint asked for another one is dropped (its
        job sees itself cancelled)."""
        self.position = position
        if self._hint is not None and self._hint[0] != position:
            self._hint[1].cancel()
            self._hint = None

    def ask_hint(self, knowledge: Knowledge) -> None:
        """Start computing the hint for the current position (once per position)."""
        if self._hint is not None and self._hint[0] == self.position:
            return
        if self.closed:
            return
        self._hint = (self.position, self.workers.submit(self._hint_fn, knowledge))

    def hint_pending(self) -> bool:
        """True while the hint for the current position is being computed."""
        return self._hint is not None and not self._hint[1].done()

    def hint(self) -> Decision | None:
        """The hint for the current position once it is ready (``None`` before, or when
        the AI failed: a hint is a courtesy, never a reason to stop the game)."""
        if self._hint is None or self._hint[0] != self.position or not self._hint[1].done():
            return None
        try:
            return self._hint[1].result()
        except Exception:
            return None

    def forget_hint(self) -> None:
        """South acted: the hint is no longer shown (it is asked for again with H)."""
        if self._hint is not None:
            self._hint[1].cancel()
        self._hint = None

    def check(self, mark: Hashable, knowledge: Knowledge, taken: Action | list[Action]) -> None:
        """Start the play checker on South's ``taken`` action made from ``knowledge`` (its
        knowledge before it); ``mark`` names the action for :meth:`drop`. ``taken`` may be a
        whole lay-away (the Tarot discard: a list of discards).

        A lay-away is judged as a set (:func:`game.engine.learning.differs`)."""
        if self.closed:
            return
        self.live.add(mark)
        asked = question(knowledge, taken)
        known, verdict = self.remember.get(asked) if self.remember is not None else (False, None)
        job = answered(verdict) if known else self.workers.submit(self._differs_fn, knowledge,
                                                                  taken)
        first = dict(taken[0] if isinstance(taken, list) else taken)
        self.checks.append(Check(mark, first, job, asked))

    def drop(self, keep: Callable[[Hashable], bool]) -> None:
        """Forget the checks whose mark ``keep`` rejects (an undone action's)."""
        for c in self.checks:
            if not keep(c.mark):
                c.future.cancel()
        self.checks = [c for c in self.checks if keep(c.mark)]
        self.live = {m for m in self.live if keep(m)}

    def verdicts(self) -> list[tuple[Check, Decision]]:
        """The finished checks that differ from the strong AI, oldest first: the check
        (South's action and its mark) and the AI's decision; each is returned once (agreeing
        and failed checks are dropped silently)."""
        out: list[tuple[Check, Decision]] = []
        while self.checks and self.checks[0].future.done():
            c = self.checks.pop(0)
            self.live.discard(c.mark)
            try:
                verdict = c.future.result()
            except Exception:
                verdict = None
            else:
                if self.remember is not None and c.question is not None:
                    self.remember.put(c.question, verdict)
            if verdict is not None:
                out.append((c, verdict))
        return out

    def clear(self) -> None:
        """Cancel every job (learning mode was turned off)."""
        self.forget_hint()
        self.drop(lambda mark: False)

    def close(self) -> None:
        """Cancel everything for good (the table is gone)."""
        self.closed = True
        self.clear()

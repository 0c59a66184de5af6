"""Where a guided hand stands (issue 26): which of the script's words are up, which the player
has gone on from, what South's move is told when it is not the one taught — plain Python, no
pygame. The table (:mod:`..scenes.lesson`) asks it; its parts (:mod:`.lesson_parts`) draw it.

The words at action ``n`` are the script's steps at ``n`` that have words (then, once the
hand is over, the lesson's closing words). They are shown one at a time: the player goes on
from each ("Go on", Enter or Space) except the last one before South's own move, which stays
up while South makes it. Before an AI seat's action, the action waits until every word at
``n`` is gone on from. Words that offer to let the table play the next tricks (a step's
``watch``) wait for the player's choice: watch them (the table then plays South's moves too,
up to the step's ``watch`` action, until the player takes them back) or play them.
"""

from __future__ import annotations

from ...engine.hand import Action
from ...lessons import Lesson, Run, Step
from ...lessons.script import SOUTH


class Guide:
    """One play-through of ``lesson`` as the table shows it (``run``: the script's side)."""

    def __init__(self, lesson: Lesson, run: Run | None = None) -> None:
        self.lesson = lesson
        self.run = run or Run(lesson)
        self.heard: tuple[int, int] = (0, 0)
        """(action number, how many of its words the player has gone on from)."""
        self.told: tuple[int, str, tuple[str, ...]] | None = None
        """What South's last refused move was told: at which action, the words (already in
        the player's language) and the cards to lift."""
        self.watch_until: int | None = None
        """The player chose to watch: the table plays South's moves before this action."""

    @property
    def total(self) -> int:
        """The number of actions of the lesson's hand."""
        return len(self.lesson.record["actions"])

    def worded(self, n: int) -> list[Step]:
        """The steps with words at action ``n``; at the hand's end the closing words last."""
        steps = [s for s in self.lesson.steps_at(n) if s.say]
        if n >= self.total and self.lesson.closing:
            steps.append(Step(n, self.lesson.closing))
        return steps

    def gone_on(self, n: int) -> int:
        """How many of the words at ``n`` the player has gone on from."""
        return self.heard[1] if self.heard[0] == n else 0

    def step(self, n: int) -> Step | None:
        """The step whose words are up at action ``n``, if any."""
        worded, k = self.worded(n), self.gone_on(n)
        return worded[k] if k < len(worded) else None

    def waits(self, n: int, south_next: bool) -> bool:
        """The words up at ``n`` wait for the player to go on (a "Go on" shows): before an
        AI seat's action or the hand's end, or when more words follow at the same point."""
        worded, k = self.worded(n), self.gone_on(n)
        return k < len(worded) and (not south_next or k < len(worded) - 1
                                    or worded[k].watch is not None)

    def offer(self, n: int) -> Step | None:
        """The step up at ``n`` when it offers to let the table play the next tricks."""
        step = self.step(n)
        return step if step is not None and step.watch is not None else None

    def watch(self, n: int) -> None:
        """The player chose to watch the tricks the words up at ``n`` offer."""
        step = self.offer(n)
        if step is not None:
            self.watch_until = step.watch
            self.go_on(n)

    def watching(self, n: int) -> bool:
        """The table plays South's action ``n`` (the player chose to watch it)."""
        return self.watch_until is not None and n < self.watch_until \
            and self.step(n) is None

    def blocks(self, n: int) -> bool:
        """An AI seat's action ``n`` (or the summary at the end) must wait: words are up."""
        return self.step(n) is not None

    def go_on(self, n: int) -> None:
        """The player has read the words up at ``n``."""
        self.heard = (n, self.gone_on(n) + 1)

    def lifted(self, n: int) -> tuple[str, ...]:
        """South's cards to lift at ``n``: those a refused move was told to play, else those
        the step up points at."""
        if self.told is not None and self.told[0] == n:
            return self.told[2]
        step = self.step(n)
        return self.run.looked_at(step) if step is not None else ()

    def expected(self, n: int) -> Action:
        """The script's action number ``n``."""
        return self.run.expected(n)

    def south_next(self, n: int) -> bool:
        """Action ``n`` is South's (False at the hand's end)."""
        return n < self.total and self.run.expected(n).get("seat") == SOUTH

    def wrong_words(self, n: int) -> str | None:
        """The script's own words for a wrong move at ``n`` (English), if it has some."""
        return next((s.wrong for s in self.lesson.steps_at(n) if s.wrong), None)

    def accepts_lay_away(self, n: int, cards: list[str]) -> bool:
        """``cards`` laid away from action ``n`` on are the script's next ones, in any
        order."""
        return sorted(self.scripted_lay_away(n, len(cards))) == sorted(cards)

    def scripted_lay_away(self, n: int, size: int) -> list[str]:
        """The cards the script lays away from action ``n`` on (at most ``size``: the
        script's next actions that are lay-aways)."""
        out = []
        for i in range(n, min(n + size, self.total)):
            card = self.run.expected(i).get("discard")
            if card is None:
                break
            out.append(str(card))
        return out

    def replayed(self, actions: list[Action]) -> bool:
        """Follow ``actions`` (saved progress) through the script: True when each is the
        script's (South's accepted, the others' the record's) — the run is then where they
        leave it; False (the run unchanged as far as it went) when one is not."""
        for n, action in enumerate(actions):
            if n >= self.total:
                return False
            if action.get("seat") == SOUTH:
                if not self.run.accepts(n, action, actions[:n]):
                    return False
                self.run.accept(n, action)
            elif dict(action) != self.run.expected(n):
                return False
        return True


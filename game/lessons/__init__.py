"""Guided hands: a first hand of each game, played at the real table, each rule shown when it
comes up. Lessons are data, not code — a new one needs no new code.

What is inside:

- ``ID.json`` — the hand the lesson plays: an ordinary hand record (RECORDS.md) with every
  action, so ``python -m game replay game/lessons/ID.json`` checks it like any other. The
  ids are :data:`~.script.LESSONS`.
- ``ID.script.json`` — the script beside it::

    {"format": "four-trumps/lesson", "version": 1,
     "title": "Tarabish", "summary": "Calling trump, runs, bella and bait …",
     "closing": "…",                      # said when the hand is over
     "steps": [{"at": 0, "say": "You are South …", "look": {"seats": ["W"]}},
               {"at": 7, "say": "Follow suit: play your [9H].", "look": {"cards": ["9H"]},
                "wrong": "You hold a heart: …"},
               {"at": 11, "allow": ["7S", "8S"]},
               {"at": 59, "say": "The next tricks teach nothing new …", "watch": 93}],
     "taught": [{"what": "runs-score", "at": 5}, …]}

  A step is shown once ``at`` of the record's actions are played. At South's turn its words
  teach that move: the table lifts ``look.cards``, outlines the trick (``look.trick``) and
  accepts only the recorded move or a card of ``allow``; a wrong move is explained (``wrong``,
  or why that card would break the lesson), not played. Before an AI seat's move the words
  wait for the player to go on. South's moves without words are played freely: any card
  that keeps the script (the rest of the record stays legal, every trick has the same
  winner, every situation still happens — South's later moves planned again,
  :meth:`~.script.Run.plan`); ``allow`` lists those proven by ``tools/lessons.py allow``.
  A step with ``watch`` offers to let the table play South's moves up to that action (tricks
  that teach nothing new), or to play them. Words are English keys of the
  catalogs; a card is written ``[QS]`` and shown as the table draws it.
  ``taught`` names the situations the lesson promises (:mod:`.situations`), each at the
  action where it happens.

How the parts call each other: :mod:`.script` loads and checks a lesson and follows one
play-through (:class:`~.script.Run`); :mod:`.situations` checks a promised situation on the
replayed hand; :mod:`.duration` estimates how long a reader takes; :mod:`.proof` replays a
script with its alternatives (the tests, and ``tools/lessons.py`` which prints a record for
writing a script and finds the safe alternatives). The table (``game.ui.scenes.lesson``)
plays a :class:`~.script.Run`.
"""

from .script import LESSONS, Lesson, LessonError, Run, Step, every_lesson, lesson_for, load

__all__ = ["LESSONS", "Lesson", "LessonError", "Run", "Step", "every_lesson", "lesson_for",
           "load"]

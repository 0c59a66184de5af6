"""How long a guided hand takes a real reader: an estimate from its script alone.

:func:`seconds` adds up what a first-time player spends at the table, each part at a fixed,
stated pace:

- **reading** every word the lesson shows (the steps' words and the closing words; a card
  token such as ``[AS]`` is one word) at :data:`READING_WPM` words a minute, and pressing
  "Go on" (:data:`GO_ON_S`) after each worded step that waits for it;
- **deciding** each of South's moves that the player makes (:data:`DECIDE_S`: finding the card
  in the hand and playing it, a bid, the lay-away's cards one by one counted as one move);
- **the table's pace** at the normal speed for every other seat's action (the AI's think
  and the card's flight, :data:`CARD_S`) and every finished trick (its pause and its
  collection, :data:`TRICK_S`); the values are the table's own (``game.ui.table``: THINK +
  FLY, TRICK_PAUSE + COLLECT, at the ``normal`` speed — a test keeps them equal);
- **watched stretches** (a step's ``watch``, when the player chooses to watch): South's
  moves are then the table's, at :data:`WATCH_FACTOR` of the normal pace, like the tricks
  and the other seats' cards of the stretch.

The refusals a player meets and the time spent looking around are left out: the estimate is
a reader who follows the words. Plain Python, no pygame.
"""

from __future__ import annotations

from ..engine import records
from .script import CARD_TOKEN, SOUTH, Lesson

READING_WPM = 160
"""Words a minute read by a newcomer who looks at the cards the words point at (a little
under the usual 200–250 for plain prose)."""
GO_ON_S = 1.0
"""Seconds to press "Go on" (or Enter) once the words are read."""
DECIDE_S = 4.0
"""Seconds a newcomer takes over one of South's moves (finding the card, playing it)."""
CARD_S = 0.35 + 0.22
"""Seconds the table takes over another seat's card at the normal speed (think + flight)."""
TRICK_S = 1.2 + 0.35
"""Seconds a finished trick stays and is collected at the normal speed."""
WATCH_FACTOR = 0.5
"""The pace of a watched stretch, as a factor of the normal speed's durations (the
``fast`` speed's)."""


def words_in(text: str) -> int:
    """How many words ``text`` (a script's English words) shows: a card token is one word."""
    return len(CARD_TOKEN.sub("card", text).split())


def seconds(lesson: Lesson, watch: bool = True) -> float:
    """The estimated seconds a reader takes over ``lesson`` (see the module's docstring):
    watching every stretch the script offers (``watch``), else playing each move."""
    actions = lesson.record["actions"]
    watched = {i for start, end in lesson.watched() for i in range(start, end)} \
        if watch else set()
    worded = [s for s in lesson.steps if s.say]
    reading = sum(words_in(s.say or "") for s in worded) + words_in(lesson.closing)
    total = reading * 60.0 / READING_WPM + GO_ON_S * (len(worded) + bool(lesson.closing))
    for i, action in enumerate(actions):
        factor = WATCH_FACTOR if i in watched else 1.0
        if action.get("seat") == SOUTH and i not in watched:
            total += DECIDE_S if "discard" not in action or _first_discard(actions, i) else 0.0
        else:
            total += CARD_S * factor
    for end in _trick_ends(lesson):
        total += TRICK_S * (WATCH_FACTOR if end in watched else 1.0)
    return total


def minutes(lesson: Lesson, watch: bool = True) -> float:
    """:func:`seconds` in minutes."""
    return seconds(lesson, watch) / 60.0


def _first_discard(actions: list[dict[str, object]], i: int) -> bool:
    """Action ``i`` (a lay-away card) is the first of its lay-away (the cards are picked
    together: one decision)."""
    return i == 0 or "discard" not in actions[i - 1]


def _trick_ends(lesson: Lesson) -> list[int]:
    """The action completing each trick of the record."""
    _, hand = records.start_hand(lesson.fresh())
    ends = []
    for i, action in enumerate(lesson.record["actions"]):
        before = sum(1 for t in hand.trick_log() if t["winner"])
        hand.apply(action)
        if sum(1 for t in hand.trick_log() if t["winner"]) > before:
            ends.append(i)
    return ends

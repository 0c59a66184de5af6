"""A finished hand cut into the steps the review walks through — plain Python, no pygame.

Step 0 holds everything decided before the first card (trump naming, calls, bids, the discard,
the slam question); then one step per trick. Every action of the record belongs to exactly one
step: a declaration made during the play (a signal, runs, a handful, bella, Turup's question,
answer and kort) goes with the trick it precedes — a kort decision that ends the hand goes with
the last trick. After each step the running points are read from the replayed hand (the engine
counts; the review only writes the numbers).

**Decision**: the review shows every card of the hand, the discard laid away by another seat
included: the hand is over, and seeing it all is the point of a review.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import learning, records
from ..engine.hand import Action, HandState
from ..i18n import N_, _, card_words
from . import words
from .games import presentation


@dataclass(frozen=True)
class Step:
    """One step of the review: a ``title``, the ``trick`` shown (``None`` for the opening),
    what was ``said`` (``(seat, line)`` such as ``(1, "West: Pass")``), the indexes into the
    review's ``decisions`` of the reviewed seat's decisions in this step, the running
    ``score`` lines once the step is over, and the indexes of the record's ``actions`` the
    step holds (a step's actions follow each other in the record)."""

    title: str
    trick: learning.ReviewTrick | None
    said: tuple[tuple[int, str], ...]
    points: tuple[int, ...]
    score: tuple[str, ...]
    actions: range = range(0)


def step_at(steps: list[Step], at: int | None) -> int:
    """The step holding the record's action ``at`` (``None``, or an index no step holds: the
    first step; past the last action: the last step)."""
    if at is None or not steps:
        return 0
    held = next((k for k, s in enumerate(steps) if at in s.actions), None)
    if held is not None:
        return held
    return len(steps) - 1 if at >= max(s.actions.stop for s in steps) else 0


def score_lines(hand: HandState) -> tuple[str, ...]:
    """The running points of ``hand`` as the review writes them, in its game's words
    (:meth:`~game.ui.games.base.Presentation.review_score_lines`)."""
    return presentation(hand.GAME).review_score_lines(hand)


def said_line(action: Action, players: int = 4) -> str | None:
    """What a non-card action says in the review ("North: Guard"), in the current language;
    ``None`` for a card. ``players``: French Tarot's table, whose size sets a handful's level
    (ten trumps are a single handful at four, a double at five: :func:`.words.handful_name`)."""
    if "play" in action and not action.get("bella"):
        return None
    if "discard" in action:
        return laid_away_line(action["seat"], [action["discard"]])
    said = words.announce(action, players) or words.action_label(action)
    return _("{seat}: {said}").format(seat=words.seat_name(action["seat"]), said=said)


def laid_away_line(seat: str, cards: list[str]) -> str:
    """The review's line on cards ``seat`` laid away: "North laid away 4♣, 5♣"."""
    return words.by_seat(seat, N_("{seat} laid away {cards}"), N_("You laid away {cards}"),
                         cards=", ".join(card_words(c) for c in cards))


def steps(record: Mapping[str, Any], review: learning.Review) -> list[Step]:
    """The steps of hand ``record`` (checked and replayed; raises ``records.RecordError`` for
    one that does not replay) with ``review`` (``learning.review`` of the same record): the
    opening, then one step per trick of ``review.tricks``. Consecutive discards are said on
    one line."""
    spec, hand = records.start_hand(dict(record))
    table = spec.table(spec.full_options(record.get("options")))
    n = len(review.tricks)
    said: list[list[tuple[int, Action]]] = [[] for _step in range(n + 1)]
    score: list[tuple[str, ...]] = [()] * (n + 1)
    step_of: list[int] = []
    for action in record["actions"]:
        started = bool(hand.tricks) or bool(hand.trick and hand.trick.cards)  # type: ignore
        step = min(n, len(hand.tricks) + 1) if started or "play" in action else 0  # type: ignore
        step_of.append(step)
        if said_line(action, table.size) is not None:
            said[step].append((table.index(action["seat"]), action))
        hand.apply(action)
        score[step] = score_lines(hand)
    for k in range(1, n + 1):
        if not score[k]:
            score[k] = score[k - 1]
    points: list[list[int]] = [[] for _step in range(n + 1)]
    for i, point in enumerate(review.decisions):
        points[step_of[point.index]].append(i)
    held = [range(step_of.index(k), len(step_of) - step_of[::-1].index(k)) if k in step_of
            else range(0) for k in range(n + 1)]
    out = [Step(_("Before the play"), None, tuple(_lines(said[0], table.size)), tuple(points[0]),
                score[0], held[0])]
    for k, trick in enumerate(review.tricks, 1):
        out.append(Step(_("Trick {n} of {tricks}").format(n=k, tricks=n), trick,
                        tuple(_lines(said[k], table.size)), tuple(points[k]), score[k],
                        held[k]))
    return out


def _lines(said: list[tuple[int, Action]], players: int = 4) -> list[tuple[int, str]]:
    """The lines of the actions said in one step; one seat's consecutive discards on one line
    ("North laid away 4♣, 5♣, …"); ``players``: the table's size (:func:`said_line`)."""
    out: list[tuple[int, str]] = []
    laid: list[str] = []
    for i, (seat, action) in enumerate(said):
        if "discard" in action:
            laid.append(action["discard"])
            after = said[i + 1] if i + 1 < len(said) else None
            if after is None or "discard" not in after[1] or after[0] != seat:
                out.append((seat, laid_away_line(action["seat"], laid)))
                laid = []
            continue
        line = said_line(action, players)
        assert line is not None
        out.append((seat, line))
    return out


"""Proving a script: it plays through the engine, whatever allowed cards South chooses.

:func:`play_through` plays a lesson as the table would, South choosing among the moves the
script accepts (and the engine allows) by a given rule; :func:`problems` says what goes wrong
in a play-through — an illegal action, a trick won by another seat than in the record, a
promised situation that does not happen. :func:`safe_alternatives` finds, for one of South's
untaught moves, the other cards that keep the whole script right (``tools/lessons.py`` writes
them into the script as ``allow``; the tests prove them again).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import records
from ..engine.hand import Action
from . import situations
from .script import SOUTH, Lesson, Run

Chooser = Callable[[int, list[Action]], Action]
"""Picks South's move at an action index among those the script accepts and the engine
allows (the recorded one first)."""


def recorded(_: int, choices: list[Action]) -> Action:
    """South plays what the record (as the run has planned it since an alternative) plays."""
    return choices[0]


def at_random(seed: int) -> Chooser:
    """South picks at random among the accepted moves (a seeded stream)."""
    rng = random.Random(seed)
    return lambda _, choices: rng.choice(choices)


def play_through(lesson: Lesson, choose: Chooser = recorded,
                 refused: list[int] | None = None) -> tuple[list[Action], str | None]:
    """Play ``lesson`` through the engine: every seat but South plays the record, South
    plays ``choose``'s pick among the script's moves that are legal — the recorded one
    instead when the table would refuse the pick (:meth:`~.script.Run.accepts`: it would
    break the script), its index then added to ``refused``. Returns the actions played and
    the first problem (``None`` when every action was legal, and every move a step's words
    teach is still the recorded one — the words name its card)."""
    _, hand = records.start_hand(lesson.fresh())
    run = Run(lesson)
    played: list[Action] = []
    taught = lesson.taught_moves()
    for i in range(len(lesson.record["actions"])):
        if lesson.record["actions"][i].get("seat") == SOUTH:
            if i in taught and run.expected(i) != lesson.record["actions"][i]:
                return played, f"action {i}: the taught move became {run.expected(i)} " \
                               f"(an allowed card played earlier swapped it)"
            choices = [a for a in run.choices(i) if hand.why_illegal(a) is None]
            if not choices:
                return played, f"action {i}: none of South's accepted moves is legal " \
                               f"({run.choices(i)})"
            action = choose(i, choices)
            if not run.accepts(i, action, played):
                if refused is not None:
                    refused.append(i)
                action = run.expected(i)
            run.accept(i, action)
        else:
            action = run.expected(i)
        reason = hand.why_illegal(action)
        if reason is not None:
            return played, f"action {i} {action}: {reason}"
        hand.apply(action)
        played.append(action)
    return played, None


def problems(lesson: Lesson, played: Sequence[Action]) -> list[str]:
    """What a full play-through ``played`` does differently from what the lesson promises:
    a trick won by another seat than in the record, a promised situation that is missing."""
    _, recorded_hand = records.replay_hand(lesson.record)
    again = dict(lesson.record, actions=list(played))
    try:
        _, hand = records.replay_hand(again)
    except records.RecordError as err:
        return [f"does not replay: {err}"]
    out = []
    if not hand.done:
        out.append("the hand does not finish")
    for n, (a, b) in enumerate(zip(recorded_hand.trick_log(), hand.trick_log(), strict=False)):
        if a["winner"] != b["winner"]:
            out.append(f"trick {n + 1} won by {b['winner']}, not {a['winner']}")
    taught = [(t.what, t.at) for t in lesson.taught]
    out += situations.happens(again, taught)
    return out


def check(lesson: Lesson, choose: Chooser = recorded,
          refused: list[int] | None = None) -> list[str]:
    """Every problem of one play-through by ``choose`` (empty: the script holds); the
    picks the table would refuse go to ``refused`` (:func:`play_through`)."""
    played, problem = play_through(lesson, choose, refused)
    if problem is not None:
        return [problem]
    return problems(lesson, played)


def alone(lesson: Lesson, at: int, card: str) -> list[str]:
    """The problems of playing ``card`` (allowed) at action ``at`` with every other South move
    as recorded — one the table would refuse even alone included."""
    taken = []

    def pick(i: int, choices: list[Action]) -> Action:
        if i == at:
            for c in choices:
                if c.get("play") == card:
                    taken.append(c)
                    return c
        return choices[0]
    refused: list[int] = []
    found = check(lesson, pick, refused)
    if not taken or at in refused:
        found.append("refused even alone (it is illegal there or would break the script)")
    return found


def alternatives_one_at_a_time(lesson: Lesson) -> list[str]:
    """Play each allowed alternative alone (:func:`alone`); the problems found, each naming
    the alternative."""
    return [f"allow {card} at {step.at}: {p}"
            for step in lesson.steps for card in step.allow
            for p in alone(lesson, step.at, card)]


def safe_alternatives(lesson: Lesson, at: int) -> list[str]:
    """South's legal cards at action ``at`` (the record's line) other than the recorded one
    that, played alone in its place, keep the script right (:func:`alone`).

    A card South plays later at a step with words is offered only when South keeps a copy
    of it for that step (:meth:`~.script.Run.plan`)."""
    _, hand = records.start_hand(lesson.fresh())
    actions = lesson.record["actions"]
    for action in actions[:at]:
        hand.apply(action)
    want = actions[at]
    out: list[str] = []
    for action in hand.legal_actions():
        card = action.get("play")
        if card is None or card == want["play"] or card in out or action.get("bella"):
            continue
        if not alone(_with_allow(lesson, at, card), at, card):
            out.append(card)
    return out


def _with_allow(lesson: Lesson, at: int, card: str) -> Lesson:
    """``lesson`` with ``card`` allowed at action ``at`` (a step of its own)."""
    from dataclasses import replace

    from .script import Step
    return replace(lesson, steps=(*lesson.steps, Step(at, allow=(card,))))


def untaught_south_plays(lesson: Lesson) -> list[int]:
    """South's card plays that no step with words teaches (where ``allow`` may widen the
    choice)."""
    taught = lesson.taught_moves()
    return [i for i, a in enumerate(lesson.record["actions"])
            if a.get("seat") == SOUTH and "play" in a and i not in taught]


def describe(lesson_or_record: Lesson | dict[str, Any]) -> list[str]:
    """The record action by action, one line each (index, seat, action, the trick's winner
    when it completes one) — for writing a script."""
    record = lesson_or_record.record if isinstance(lesson_or_record, Lesson) \
        else lesson_or_record
    _, hand = records.start_hand(dict(record, actions=[]))
    lines = []
    for i, action in enumerate(record["actions"]):
        before = len([t for t in hand.trick_log() if t["winner"]])
        hand.apply(action)
        done = [t for t in hand.trick_log() if t["winner"]]
        won = f"   -> trick {len(done)} to {done[-1]['winner']} {done[-1]['cards']}" \
            if len(done) > before else ""
        lines.append(f"{i:4d} {action}{won}")
    lines.append(f"result: {hand.result()}")
    return lines

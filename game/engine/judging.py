"""One decision judged by the strong player after the fact (issues 7, 24, 39): the play checker's
verdict, the kind of decision it was and what it cost.

* :func:`judge` — the advisor's answer to a decision a seat took, from that seat's knowledge:
  *agreed*, a *near tie* (the advisor chose otherwise, but its layouts cannot show the choice
  worse by a margin a player would notice) or a *mistake*, with the mean loss the layouts show
  in the game's unit. The table's play checker, the review and a learner's progress all call
  it (the checker through :func:`game.engine.learning.differs`), so they agree by
  construction;
* :func:`decision_kind` — lead, follow, trump, discard, bid, call, lay-away or declaration;
* :data:`COST_UNITS` — each game's evaluator score turned into the unit a player counts in.

Nothing here imports pygame; the judging runs in the AI's worker processes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import games
from .ai import evidence
from .ai.advisor import (
    CARD_VERBS,
    _canonical,
    _canonical_action,
    _card_key,
    same_action,
    verdict_against,
)
from .ai.evidence import action_key
from .ai.player import Decision, Player, never
from .cards import SUITS, TAROT_TRUMP_SUIT
from .hand import Action
from .knowledge import Knowledge
from .native import mypyc_attr

AGREED, NEAR, MISTAKE = "agreed", "near", "mistake"
"""The three verdicts: the strong player's own choice (or its equivalent); another choice the
evidence cannot show worse; a choice the checker calls a mistake."""
VERDICTS = (AGREED, NEAR, MISTAKE)

KINDS = ("lead", "follow", "trump", "discard", "bid", "call", "lay-away", "declaration")
"""The kinds of decision a learner's progress counts apart, in the order a page lists them."""

VERB_KINDS: Mapping[str, str] = {
    "bid": "bid", "ask": "bid", "kort": "bid", "estimate": "bid",
    "call": "call", "trump": "call",
    "discard": "lay-away",
    "signal": "declaration", "runs": "declaration", "bella": "declaration",
    "handful": "declaration", "slam": "declaration",
}
"""The kind of every decision that is not a card played (see :func:`decision_kind`).

**Decision**: Turup's kort decisions (ask, kort, the partner's estimate) are bids — each is a
choice of what the side undertakes; naming trump (Arba'a Turub, Turup) and calling it or
passing (Tarabish) are calls, like the French Tarot king's call at five; a Tarot discard is a
lay-away; signals, runs, bella, handfuls and slams are declarations."""

COST_UNITS: Mapping[str, tuple[float, str, str]] = {
    "arbaa-turub": (0.5, "trick", "tricks"),
    "turup": (50.0, "hand in 100", "hands in 100"),
    "tarabish": (0.5, "point", "points"),
    "tarot": (1.0, "point", "points"),
}
"""Per game: what one unit of its search's score is worth in the unit a player counts (the
factor, then the unit's singular and plural).

* Arba'a Turub: the evaluator scores the trick margin, so a trick changing sides is 2;
* Turup: a playout scores ±1 for the hand (±3 for kort, plus 0.02 per trick of margin), so a
  hand changing sides is 2 — a loss of 0.1 is five hands in a hundred lost more;
* Tarabish: the side's points minus the other side's, so a point changing sides is 2;
* French Tarot: the seat's own score for the hand, in points."""


@mypyc_attr(native_class=False)  # pickled from the workers: see native.py
@dataclass(frozen=True)
class Judgement:
    """The strong player's verdict on one decision: its ``kind`` (:data:`KINDS`), the
    ``verdict`` (:data:`VERDICTS`), ``cost`` — for a mistake the search weighed, the mean loss
    its layouts show, in the game's unit (:data:`COST_UNITS`; ``None`` when no search weighed
    both choices: a bid, a call, a lay-away) — and ``better``, the advice the checker shows
    (``None`` unless a mistake)."""

    kind: str
    verdict: str
    cost: float | None = None
    better: Decision | None = None


def decision_kind(knowledge: Knowledge, taken: Action | Sequence[Action]) -> str:
    """What kind of decision ``taken`` is, from the seat's ``knowledge`` just before it.

    A card played is a *lead* when the trick has no card yet, a *follow* when it is of the
    suit led, a *trump* when it is a trump played to another suit, else a *discard*.
    **Decision**: French Tarot's Excuse played to a trick another seat led is a discard (it
    neither follows nor trumps), and the suit led is the first card's that is not the Excuse
    (an Excuse led leaves the next card a lead). A whole lay-away (a list of discards) is a
    lay-away; any other decision is its verb's kind (:data:`VERB_KINDS`)."""
    if not isinstance(taken, Mapping):
        return "lay-away"
    if "play" not in taken:
        for verb, kind in VERB_KINDS.items():
            if verb in taken:
                return kind
        raise ValueError(f"no kind for the action {dict(taken)!r}")
    pack = games.get(knowledge.game).pack
    assert pack is not None
    suit_of = pack.suit_of_face
    card = suit_of(pack.parse(taken["play"]))
    excuse = len(pack.suit_masks) - 1 if len(pack.suit_masks) > 4 else None
    open_trick = knowledge.tricks[-1] if knowledge.tricks else None
    led = None
    if open_trick is not None and open_trick.get("winner") is None:
        led = next((s for s in (suit_of(pack.parse(c)) for c in open_trick["cards"])
                    if s != excuse), None)
    if led is None:
        return "lead"
    if card == led:
        return "follow"
    named = knowledge.trump
    trump = TAROT_TRUMP_SUIT if excuse is not None else (
        SUITS.index(named) if named is not None and named in SUITS else None)
    if card == trump:
        return "trump"
    return "discard"


def judge(knowledge: Knowledge, taken: Action | Sequence[Action], strong: Player,
          cancelled: Callable[[], bool] = never) -> Judgement:
    """The strong player's verdict on ``taken`` (an action of the seat whose ``knowledge`` is
    given, or a whole lay-away: a list of discards from the knowledge before the first),
    asked of ``strong`` (the learning mode's :class:`~.ai.advisor.Advisor`).

    The verdict is the play checker's (:func:`game.engine.learning.differs` returns its
    ``better``): a *mistake* only on the advice's own standard of evidence
    (:mod:`.ai.evidence`) — when the search weighed the action taken, its layouts must back
    the advice over it (a one-sided sign test and a mean gain of at least the game's near-tie
    margin); a choice no search weighed (a bid, a call) is a mistake when it differs from the
    advice.

    **Decisions** (kept from the checker): a lay-away is judged as a set (agreed when the
    advice's first card is among the six); an optional declaration made before a card (an
    Arba'a Turub signal, a Tarot handful) is a near tie when the advice would have played its
    card without one; a card the search found within its near-tie margin of its choice is a
    near tie. ``cost`` is the mean of the advice's layouts minus the taken action's, in the
    game's unit — the loss the layouts show, never a guess."""
    decision = strong.decide(knowledge, cancelled)
    kind = decision_kind(knowledge, taken)
    game = knowledge.game
    if not isinstance(taken, Mapping):
        laid = {_canonical(game, a) for a in taken}
        if _canonical(game, decision.action) in laid:
            return Judgement(kind, AGREED)
        return Judgement(kind, MISTAKE, better=decision)
    if same_action(game, decision.action, taken):
        return Judgement(kind, AGREED)
    scores = decision.scores
    if scores:
        mine = action_key(decision.action)
        try:
            theirs = action_key(_canonical_action(game, taken))
        except StopIteration:
            theirs = ""
        if mine in scores and theirs in scores:
            if not evidence.backed(scores[mine], scores[theirs], decision.tie,
                                   evidence.look_alpha()):
                return Judgement(kind, NEAR)
            cost = evidence.gain(scores[mine], scores[theirs]) * COST_UNITS[game][0]
            return Judgement(kind, MISTAKE, cost, verdict_against(
                knowledge, decision, taken, scores[mine], scores[theirs]))
    if "play" in taken and "play" in decision.action and decision.near_best(
            _card_key(game, taken["play"])):
        return Judgement(kind, NEAR)
    if not any(v in taken for v in CARD_VERBS) and "play" in decision.action:
        return Judgement(kind, NEAR)
    return Judgement(kind, MISTAKE, better=decision)

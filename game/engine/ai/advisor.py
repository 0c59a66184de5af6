"""The learning mode's advisor: the strong player whose every recommendation carries its
evidence (issue 24), and what counts as the same action.

* :class:`Advisor` — the strongest level that plays a game, untimed and seeded, asked
  alongside the normal player (the obvious action); :func:`judged` keeps the strong choice only
  when its layouts back it (:mod:`.evidence`) and names the actions as good;
* :func:`verdict_against` — the play checker's evidence against the action a player took;
* :func:`same_action` — two actions that come to the same thing.

The learning core (:mod:`game.engine.learning`) asks it for hints, the checker and the review.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from .. import games
from ..cards import NotationError, named_card, named_cards, seat_index
from ..hand import Action
from ..knowledge import Knowledge
from ..message import Message, counted
from ..tricks import Pack
from . import evidence
from .evidence import action_key
from .player import (
    DEFAULT_BUDGET_MS,
    Decision,
    Evidence,
    Player,
    RulesPlayer,
    Spreader,
    best_level,
    make_player,
    never,
)

STRONG = "hard"
"""The level the learning mode asks first; weaker ones stand in for a game it does not play."""

ADVISOR_SEED = 7
"""The advisor's fixed seed: the same knowledge always gets the same hint."""

OBVIOUS = "normal"
"""The level whose choice is the obvious action the advice is weighed against."""

SAID_ALTERNATIVES = 4
"""The most cards the hint names as doing as well (:func:`.ai.evidence.alike`): more would be
a list, not advice."""

ADVICE_TIME_CAP = 1.2
"""Seconds after which the advisor's search starts no new batch of layouts, in the ``hint``
command only. **Decision**: with the command's start and the last batch, a hint stays under
about 1.5 s on a 2-core machine (measured in ``benchmarks/advice.py``). **Decision** (issue 36):
the table's hint, the play checker, the review and par (:mod:`game.ui.par`) ask the untimed
advisor of the AI's workers, so that one knowledge gets one answer whatever the load — the
player who takes every hint then plays par's hand."""

ADVISOR_BUDGET_MS = DEFAULT_BUDGET_MS
"""The work the advisor's search does per decision, as the hard level's budget. Untimed, it
is a fixed number of samples (the clock is not read), so a slower machine takes longer but
answers the same. **Decision**: the hard opponents' own budget — the hint is the choice of
the strongest player at the table (about 0.1–0.3 s on the development machine)."""

class Advisor(Player):
    """The strong AI of the learning mode: for each game, the strongest level that plays it
    (:data:`STRONG` first, then normal, easy, random), untimed, with a seed (the same knowledge
    and seed always give the same advice, at the table, in the review and on the command line),
    whose recommendations carry their evidence.

    **Decision — the obvious action and the evidence.** The obvious action is the normal
    player's choice (:data:`OBVIOUS`, with the fixed :data:`ADVISOR_SEED` whatever the
    advisor's seed, so that what is obvious does not change with the layouts drawn). The
    strong player's search samples until its evidence is settled (:mod:`.ai.evidence`) and
    solves the last few cards of each layout exactly; its choice is the advice only when the
    layouts back it over the obvious action (a one-sided sign test and a mean gain of at least
    the game's near-tie margin); otherwise the advice is the obvious action, with the normal
    player's reason. A choice the strong player makes without a search (a bid, a lay-away) is
    not backed by layouts: where it differs from the obvious one, the advice is the obvious
    one. :attr:`~.ai.player.Decision.alternatives` are the legal actions the layouts cannot
    show worse than the advice.

    ``time_cap``: seconds after which the search samples no new batch (``None``: untimed, the
    advice depends on nothing but the knowledge and the seed, as at the table, in the checker,
    the review and par; the ``hint`` command sets :data:`ADVICE_TIME_CAP`)."""

    level: ClassVar[str] = STRONG

    def __init__(self, seed: int = ADVISOR_SEED, spread: Spreader | None = None,
                 time_cap: float | None = None) -> None:
        super().__init__(seed)
        self.budget_ms = ADVISOR_BUDGET_MS
        self.spread = spread
        """Processes its searches share (:class:`~.ai.spread.Spread`; an untimed search is
        never scaled, so the advice is the same with any number); ``None``: this one."""
        self.time_cap = time_cap
        self._players: dict[str, Player] = {}

    @staticmethod
    def level_for(game: str, seats: int = 4) -> str:
        """The strongest level that plays ``game`` at a table of ``seats`` (``random`` plays
        every game at every table; every AI level plays French Tarot for three and five too,
        :func:`~game.engine.ai.player.plays_table`)."""
        return best_level(STRONG, game, seats)

    def player_for(self, game: str, seats: int = 4) -> Player:
        """The player that advises on ``game`` at a table of ``seats`` (made once each)."""
        key = game if seats == 4 else f"{game}/{seats}"
        if key not in self._players:
            player = make_player(self.level_for(game, seats), self.seed, self.budget_ms,
                                 spread=self.spread)
            if isinstance(player, RulesPlayer):
                player.timed = False
                player.scaled = False  # the same advice on any machine, only sooner
                player.advise = True
                player.time_cap = self.time_cap
            self._players[key] = player
        return self._players[key]

    def obvious_for(self, game: str, seats: int = 4) -> Player:
        """The player whose choice is the obvious action (:data:`OBVIOUS`, or the strongest
        weaker level that plays the game)."""
        key = f"obvious/{game}/{seats}"
        if key not in self._players:
            self._players[key] = make_player(best_level(OBVIOUS, game, seats), ADVISOR_SEED)
        return self._players[key]

    def decide(self, knowledge: Knowledge,
               cancelled: Callable[[], bool] = never) -> Decision:
        seats = len(knowledge.seats)
        strong = self.player_for(knowledge.game, seats).decide(knowledge, cancelled)
        if self.level_for(knowledge.game, seats) != STRONG:
            return strong
        obvious = self.obvious_for(knowledge.game, seats).decide(knowledge, cancelled)
        return judged(knowledge, strong, obvious)


def judged(knowledge: Knowledge, strong: Decision, obvious: Decision) -> Decision:
    """The advice from the strong player's decision and the obvious one (see
    :class:`Advisor`): ``strong`` with its evidence when its layouts back it over ``obvious``,
    else the obvious action with its reason; with the alternatives either way."""
    scores = strong.scores
    mine, usual = action_key(strong.action), action_key(obvious.action)
    if not scores or usual not in scores:
        if same_action(knowledge.game, strong.action, obvious.action):
            return strong
        return dataclasses.replace(obvious, samples=strong.samples)
    margin = strong.tie
    if mine != usual and mine in scores and evidence.backed(
            scores[mine], scores[usual], margin, evidence.look_alpha()):
        better, worse = evidence.counts(scores[mine], scores[usual])
        proof = Evidence(dict(obvious.action), len(scores[mine]), better, worse)
        others = _alternatives(knowledge, scores, mine, margin)
        return dataclasses.replace(strong, evidence=proof, alternatives=others)
    others = _alternatives(knowledge, scores, usual, margin)
    reason = obvious.reason
    same = [a["play"] for a in others
            if "play" in a and evidence.alike(scores[usual], scores[action_key(a)], margin)]
    if same and len(same) <= SAID_ALTERNATIVES and "play" in obvious.action:
        reason = Message("{reason} {also}", reason=reason, also=counted(
            "{cards} does as well.", "Any of {cards} does as well.", n=len(same),
            cards=named_cards(same)))
    return dataclasses.replace(strong, action=obvious.action, reason=reason, evidence=None,
                               alternatives=others)


def _alternatives(knowledge: Knowledge, scores: Mapping[str, Sequence[float]], chosen: str,
                  margin: float) -> tuple[Action, ...]:
    """The legal actions whose scores the evidence cannot show worse than ``chosen``'s (one
    action per key, the first legal one; never the chosen one)."""
    keys = set(evidence.as_good(scores, chosen, margin))
    out: list[Action] = []
    for action in knowledge.legal:
        key = action_key(action)
        if key in keys:
            keys.discard(key)
            out.append(action)
    return tuple(out)


def verdict_against(knowledge: Knowledge, decision: Decision, taken: Action,
             mine: Sequence[float], theirs: Sequence[float]) -> Decision:
    """The checker's verdict on ``taken``: ``decision`` with its evidence against the action
    taken (the paired counts of its layouts), said after its reason unless the reason already
    weighs the advice against that very action ("rather than the obvious …"); when the reason
    has counted the layouts against another action, the counts against ``taken`` follow in a
    short sentence of their own (the note stays small enough to keep clear of the table)."""
    better, worse = evidence.counts(mine, theirs)
    proof = Evidence(dict(taken), len(mine), better, worse)
    reason = decision.reason
    shown = decision.evidence
    if "play" in taken and (shown is None or not same_action(knowledge.game,
                                                              shown.compared_with, taken)):
        played = named_card(_card_key(knowledge.game, taken["play"]))
        if shown is not None:  # the reason has counted the layouts already: say it shortly
            said = Message("Against {played}: better in {better} of those layouts, worse in "
                           "{worse}.", played=played, better=better, worse=worse)
        else:
            said = Message(
                "Of {tried} of the unseen cards I tried, it did better than {played} in "
                "{better} and worse in {worse}.", played=played, better=better, worse=worse,
                tried=counted("{n} layout", "{n} layouts", n=len(mine)))
        reason = Message("{reason} {proof}", reason=reason, proof=said)
    return dataclasses.replace(decision, reason=reason, evidence=proof)


def same_action(game: str, a: Action, b: Action) -> bool:
    """True when actions ``a`` and ``b`` of ``game`` come to the same thing: the same seat and
    verb, the same card (notation case and spelling aside; Arba'a Turub's identical copies
    are one face anyway), ``"bella": false`` as no claim, the same runs in any order.

    **Decision**: two French Tarot handfuls of the same size are equivalent (they score the
    same; which trumps are shown is a detail the checker does not nag about)."""
    return _canonical(game, a) == _canonical(game, b)


def _canonical_action(game: str, action: Action) -> Action:
    """``action`` with its card, if any, in the pack's spelling (as the AI writes it)."""
    return {k: _card_key(game, v) if k in CARD_VERBS else v for k, v in action.items()}


def _card_key(game: str, card: object) -> str:
    """A card as the AI's actions write it (notation in the pack's spelling), or ``str(card)``
    when it is not a card of ``game``."""
    pack = _pack(game)
    try:
        return pack.format(pack.parse(card))
    except NotationError:
        return str(card)


def _canonical(game: str, action: Action) -> tuple[Any, ...]:
    pack = _pack(game)
    out: list[tuple[str, Any]] = []
    for key, value in action.items():
        try:
            if key in CARD_VERBS:
                value = pack.format(pack.parse(value))
            elif key == "seat":
                value = seat_index(value)
            elif key in ("call", "trump") and isinstance(value, str):
                value = value.upper()
            elif key == "bella":
                if not value:
                    continue
            elif key == "runs" and isinstance(value, list):
                value = sorted(sorted(pack.parse(c) for c in run) for run in value)
            elif key == "handful" and isinstance(value, list):
                value = len(value)
        except (NotationError, TypeError):
            pass
        out.append((key, repr(value)))
    return tuple(sorted(out))


CARD_VERBS = ("play", "discard")
"""The verbs whose value is one of the seat's cards (shown by dimming, not in a panel)."""


def _pack(game: str) -> Pack:
    pack = games.get(game).pack
    assert pack is not None, f"{game} names no pack"
    return pack

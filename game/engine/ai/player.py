"""The one interface every AI player has: it is given a seat's :class:`Knowledge` — never the
full state — and returns a :class:`Decision`: a legal action and a one-sentence reason a learner
understands.

Players are plain objects with no global state. They are created by level name with
:func:`make_player` and are safe to call from a worker thread or process (the UI never waits for
them in its frame loop); a long search checks ``cancelled()`` and stops early with its best
answer so far.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

from .. import draws
from ..cards import quoted
from ..hand import Action
from ..knowledge import Knowledge
from ..message import Message
from ..native import mypyc_attr
from . import search


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Evidence:
    """What backs a recommendation over the obvious action: over ``layouts`` sampled layouts of
    the unseen cards, in how many the recommended action did strictly ``better`` and strictly
    ``worse`` than ``compared_with`` (the obvious action, as a record writes it)."""

    compared_with: Action
    layouts: int
    better: int
    worse: int

    def as_json(self) -> dict[str, object]:
        """The ``hint`` command's ``evidence`` object (RECORDS.md)."""
        return {"compared_with": dict(self.compared_with), "layouts": self.layouts,
                "better": self.better, "worse": self.worse}


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Decision:
    """A player's choice: ``action`` is one of ``knowledge.legal``; ``reason`` is one short
    sentence ("Ruff with K♥: you are out of diamonds and East is not winning."): a
    :class:`~game.engine.message.Message`, its English text as a ``str``, said in the
    player's language where it is shown (:func:`game.i18n.say`)."""

    action: Action
    reason: str
    values: Mapping[str, float] | None = None
    """When a search weighed the cards: each legal card it weighed (in notation, as an action
    writes it) → its average result for the deciding side over the layouts tried (higher is
    better; a card the search counted as interchangeable with a lower one has that card's
    value). ``None`` when no search ran."""
    tie: float = 0.0
    """How far below the best of :attr:`values` a card still counts as just as good: the
    search's own noise and a gain no player would notice (in the values' unit)."""
    samples: int = 0
    """How many sampled layouts the decision's searches scored (0 when no search ran)."""
    scores: Mapping[str, Sequence[float]] | None = None
    """When a search weighed the actions: each action it weighed (by
    :func:`.evidence.action_key`: "play AS", "trump H") → its score on every layout sampled,
    the same layouts in the same order for every action (a card the search counted as
    interchangeable with a lower one has that card's scores). ``None`` when no search ran."""
    alternatives: tuple[Action, ...] = ()
    """The advisor's other legal actions that are as good as :attr:`action` by its standard
    of evidence (:mod:`.evidence`): none shown worse beyond chance. Empty when the player did
    not weigh any (every level but the advisor)."""
    evidence: Evidence | None = None
    """Why the advisor recommends :attr:`action` over the obvious action (the normal player's
    choice): the paired counts of the layouts, when the two differ; ``None`` when
    :attr:`action` is the obvious action."""

    def near_best(self, card: str) -> bool:
        """Whether the search found ``card`` (notation) within :attr:`tie` of the card it
        chose: a near-tie, not a mistake. False when no search ran or it did not weigh
        ``card``."""
        if not self.values or card not in self.values or "play" not in self.action:
            return False
        best = self.values.get(self.action["play"])
        return best is not None and best - self.values[card] <= self.tie


Choice = tuple[Action, str] | Decision
"""What a game's AI returns for one decision: an action and its reason, or a whole
:class:`Decision` (with the search's values)."""


def never() -> bool:
    """The default ``cancelled`` check: never cancelled."""
    return False


@mypyc_attr(allow_interpreted_subclasses=True)  # a caller's own player: see native.py
class Player(ABC):
    """An AI player of one level. ``seed`` makes every choice reproducible: the same knowledge
    and seed give the same decision."""

    level: ClassVar[str] = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def rng_for(self, knowledge: Knowledge) -> random.Random:
        """A generator that depends only on the seed and the position, so a decision does not
        depend on what the player was asked before, nor on the process (no ``hash()`` of a
        string). Signals are not counted, so a leader decides its lead the same way before
        and after signalling."""
        moves = sum(1 for a in knowledge.history if "signal" not in a)
        return random.Random(f"{self.seed}/{knowledge.game}/{knowledge.seat}/{moves}/"
                             f"{knowledge.phase}")

    @abstractmethod
    def decide(self, knowledge: Knowledge,
               cancelled: Callable[[], bool] = never) -> Decision:
        """Choose one of ``knowledge.legal`` (the seat must be the one to act)."""


class RandomPlayer(Player):
    """Uniformly random legal choices: the baseline the other levels are measured against."""

    level = "random"

    def decide(self, knowledge: Knowledge,
               cancelled: Callable[[], bool] = never) -> Decision:
        if not knowledge.legal:
            raise ValueError(f"{knowledge.seat_name} has nothing to decide now")
        return Decision(draws.choice(self.rng_for(knowledge), knowledge.legal),
                        Message("A random legal choice."))


class GameAI(Protocol):
    """What a game's AI module provides to the easy, normal and hard levels (one object per
    game and player, made with no arguments)."""

    timed: bool
    """False: a search does its full, fixed number of samples whatever the clock says."""
    fixed_layouts: int
    """Above 0: every hard search samples exactly this many layouts, untimed (a budget counted
    in layouts, :func:`.search.layouts_for`; an exact ending still at most
    :data:`.search.EXACT_LAYOUTS`); 0: what the time budget allows."""
    inference: bool | None
    """Whether the hard search weighs its sampled layouts by what the other seats did
    (:mod:`.inference`); ``None``: the game's default."""
    share: search.Share | None
    """Where the searches of the decision being made run (the player sets it before each
    decision; ``None``: whole, in this process)."""
    advise: bool
    """True for the learning mode's advisor: a hard search samples until its evidence is
    settled (:func:`.search.sequential`, :mod:`.evidence`) and reports every layout's scores
    (:attr:`Decision.scores`)."""
    exact: bool
    """Whether the hard search solves its sampled layouts exactly (double-dummy) once few
    cards are left (the game's threshold), instead of playing them out with the normal
    policy."""

    def decide(self, level: str, k: Knowledge, rng: random.Random, budget_ms: float,
               cancelled: Callable[[], bool]) -> Choice:
        """The action (one of ``k.legal``) and its one-sentence reason for ``level``
        (``easy``, ``normal`` or ``hard``); ``rng`` is the only randomness, ``budget_ms`` the
        hard level's time budget, and a search stops early once ``cancelled()`` is true."""
        ...


GAME_AI: dict[str, tuple[str, str]] = {
    "turup": ("turup", "TurupAI"), "arbaa-turub": ("arbaa_turub", "ArbaaTurubAI"),
    "tarabish": ("tarabish", "TarabishAI"), "tarot": ("tarot", "TarotAI")}
"""Game → (module in ``game.engine.ai``, class) of the game's :class:`GameAI` for the easy,
normal and hard levels, imported when first needed. A game not listed here is played by the
``random`` level only."""

if TYPE_CHECKING:  # every class GAME_AI names is a GameAI (checked by mypy)
    from .arbaa_turub import ArbaaTurubAI
    from .tarabish import TarabishAI
    from .tarot import TarotAI
    from .turup import TurupAI

    _GAME_AI_CLASSES: tuple[type[GameAI], ...] = (TurupAI, ArbaaTurubAI, TarabishAI, TarotAI)

DEFAULT_BUDGET_MS = 250.0
"""The hard level's default time budget per decision."""


def supports(level: str, game: str) -> bool:
    """True when ``level`` can play ``game`` (every level plays the games in
    :data:`GAME_AI`; ``random`` plays every game)."""
    return level == "random" or (level in LEVELS and game in GAME_AI)


def plays_table(level: str, seats: int) -> bool:
    """True when ``level`` can play at a table of ``seats``: every level plays four seats, and
    French Tarot for three and five (issue 19)."""
    return seats in (3, 4, 5) and (level == "random" or level in LEVELS)


class Spreader(Protocol):
    """What shares a player's searches among processes (:class:`~.spread.Spread`)."""

    def decision(self, player: RulesPlayer, knowledge: Knowledge) -> search.Share:
        """Where the searches of ``player``'s decision on ``knowledge`` run."""
        ...


class RulesPlayer(Player):
    """A player of the easy, normal or hard level: it hands each decision to the game's AI
    module (:data:`GAME_AI`). ``budget_ms`` is the hard level's time budget per decision; the
    search is cut short there, or as soon as ``cancelled()`` is true, with its best answer so
    far. ``spread``: helper processes that share the search's layouts (default: the search
    runs in this process alone); ``exact``: the hard search solves its layouts exactly near
    the end of a hand (:attr:`GameAI.exact`; on unless a measurement turns it off);
    ``layouts`` above 0: the hard level's budget counted in layouts instead of time (every
    search samples that many, untimed: :attr:`GameAI.fixed_layouts`)."""

    def __init__(self, seed: int = 0, budget_ms: float = DEFAULT_BUDGET_MS,
                 timed: bool = True, inference: bool | None = None,
                 spread: Spreader | None = None, exact: bool = True,
                 layouts: int = 0) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.layouts = layouts
        """Above 0: each hard search samples exactly this many layouts whatever the clock says
        (:attr:`GameAI.fixed_layouts`), and a search shared among processes samples no more for it
        (the budget is the layouts, not one core's time)."""
        self.timed = timed and not layouts
        """False: the search does its full, fixed number of samples whatever the clock says
        (the decision then depends on nothing but the knowledge and the seed: for tests, and
        whenever the budget is counted in :attr:`layouts`)."""
        self.exact = exact
        """Whether the hard search solves its sampled layouts exactly once few cards are left
        (:attr:`GameAI.exact`): the table's and the advisor's do; off only to measure what
        it gives."""
        self.inference = inference
        """Whether the hard search weighs its layouts by what the other seats did (``None``:
        the game's default, :data:`.inference.ENABLED`); for measuring the weighing."""
        self.spread = spread
        """Shares each search's layouts among processes; ``None``: this process alone."""
        self.advise = False
        """True for the learning mode's advisor (:attr:`GameAI.advise`)."""
        self.time_cap: float | None = None
        """Seconds a sequential search (the advisor's) may go on sampling after the decision
        starts (:attr:`.search.Share.until`); ``None``: until its evidence is settled or its
        cap of layouts is reached."""
        self.scaled = not layouts
        """Whether a search shared among more processes also samples more layouts (see
        :class:`~.spread.Spread`); false: the same layouts, only sooner."""
        self._games: dict[str, GameAI] = {}

    def _game_ai(self, game: str) -> GameAI:
        if game not in self._games:
            if game not in GAME_AI:
                raise NotImplementedError(
                    f"the {self.level} level does not play {game} yet (only the random level "
                    "does)")
            module, cls = GAME_AI[game]
            # every class GAME_AI names is a GameAI: mypy checks it (_GAME_AI_CLASSES); no
            # runtime check, as the compiled engine's protocols are not runtime-checkable
            ai: GameAI = getattr(importlib.import_module(f"{__package__}.{module}"), cls)()
            self._games[game] = ai
        ai = self._games[game]
        ai.timed = self.timed
        ai.fixed_layouts = self.layouts
        ai.inference = self.inference
        ai.advise = self.advise
        ai.exact = self.exact
        return ai

    def decide(self, knowledge: Knowledge,
               cancelled: Callable[[], bool] = never) -> Decision:
        if not knowledge.legal:
            raise ValueError(f"{knowledge.seat_name} has nothing to decide now")
        ai = self._game_ai(knowledge.game)
        share = (search.Share() if self.spread is None
                 else self.spread.decision(self, knowledge))
        if self.time_cap is not None:
            share.until = time.perf_counter() + self.time_cap
        ai.share = share
        try:
            choice = ai.decide(self.level, knowledge, self.rng_for(knowledge), self.budget_ms,
                               cancelled)
        finally:
            ai.share = None
        decision = choice if isinstance(choice, Decision) else Decision(*choice)
        if share.samples:
            decision = dataclasses.replace(decision, samples=share.samples)
        return decision


class EasyPlayer(RulesPlayer):
    """Sound simple rules: follow low, win cheaply, don't overtake partner's winning card."""

    level = "easy"


class NormalPlayer(RulesPlayer):
    """The easy rules plus card counting, voids inferred from play, partner's signals and
    bidding from an evaluation of the hand."""

    level = "normal"


class HardPlayer(RulesPlayer):
    """Determinized search: deals the unseen cards consistently with what the seat knows,
    plays each layout out with the normal rules — or, once few cards are left, solves it
    exactly (:attr:`GameAI.exact`) — and keeps the best average."""

    level = "hard"


LEVELS: dict[str, type[Player]] = {"random": RandomPlayer, "easy": EasyPlayer,
                                   "normal": NormalPlayer, "hard": HardPlayer}
"""Level name → player class, weakest first."""


def best_level(wanted: str = "hard", game: str | None = None, seats: int = 4) -> str:
    """``wanted`` when that AI level exists (and plays ``game`` at a table of ``seats``),
    else the strongest weaker level that does, else the weakest stronger one (``random``
    plays every game)."""
    order = list(reversed(LEVELS))  # strongest first
    start = order.index(wanted) if wanted in order else 0
    for level in (*order[start:], *reversed(order[:start])):
        if game is None or (supports(level, game) and plays_table(level, seats)):
            return level
    return "random"


def make_player(level: str, seed: int = 0, budget_ms: float | None = None,
                inference: bool | None = None, spread: Spreader | None = None,
                exact: bool = True, layouts: int = 0) -> Player:
    """A player of ``level`` (``random``, ``easy``, ``normal``, ``hard``); ``KeyError`` naming
    the known levels for anything else. ``budget_ms`` sets the hard level's time budget per
    decision (default :data:`DEFAULT_BUDGET_MS`); ``inference`` whether its search weighs the
    sampled layouts by what the other seats did (``None``: the game's default); ``spread``
    shares its searches' layouts among processes (:class:`~.spread.Spread`); ``exact`` whether
    its search solves the last cards of each layout exactly (off only to measure it);
    ``layouts`` above 0 counts the hard level's budget in layouts instead (every search
    samples that many, untimed: the same play on any machine). Only the hard level
    searches."""
    if level not in LEVELS:
        raise KeyError(f"unknown AI level {quoted(level)} (known: {', '.join(LEVELS)})")
    cls = LEVELS[level]
    if issubclass(cls, RulesPlayer):
        return cls(seed, DEFAULT_BUDGET_MS if budget_ms is None else budget_ms,
                   inference=inference, spread=spread, exact=exact, layouts=layouts)
    return cls(seed)

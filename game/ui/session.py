"""The session — what outlives the scenes — and the match the table plays; no pygame here.

:class:`Session` holds the player's settings, the game in progress, the files (a
:class:`~game.ui.persist.Keeper`, or none in tests), the AI worker and the sound: every scene
reaches them through its host (``host.session``), never through the app.

:class:`Match` keeps a whole game of hands as a match record (RECORDS.md ``four-trumps/match``)
so that saving (issue 8) is only writing :meth:`Match.record`; it deals each hand from the
match seed exactly as ``records.new_deal`` deals the first, feeds finished hands to the game's
tally and names the next dealer; :meth:`Match.from_record` resumes a saved one exactly;
:meth:`Match.undo` takes back South's last decision (learning mode) by replaying the record.
:class:`Settings` is :class:`game.storage.Settings` (the player's choices, saved by the app).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from .. import storage
from ..engine import ai, games, records
from ..engine.cards import SEATS, seat_index
from ..engine.hand import Action, HandState
from ..engine.knowledge import Knowledge

if TYPE_CHECKING:
    from .persist import Keeper
    from .sound import Sound

SPEEDS = {k: v for k, v in storage.SPEED_FACTORS.items() if k != "instant"}
"""The animation speeds a player picks from → duration factor."""
AI_PREFERENCE = ("hard", "normal", "easy", "random")


def _plays(level: str, game: str | None) -> bool:
    if level not in ai.LEVELS:
        return False
    supports = getattr(ai, "supports", None)
    return game is None or supports is None or bool(supports(level, game))


def best_level(wanted: str = "hard", game: str | None = None) -> str:
    """``wanted`` when that AI level exists (and plays ``game``), else the strongest weaker
    level that does, else any that does (``random`` plays every game)."""
    start = AI_PREFERENCE.index(wanted) if wanted in AI_PREFERENCE else 0
    for level in (*AI_PREFERENCE[start:], *reversed(AI_PREFERENCE[:start])):
        if _plays(level, game):
            return level
    return "random"


class Settings(storage.Settings):
    """:class:`game.storage.Settings` that also takes ``ai_level`` (the three AI seats at
    once) when made in code: ``Settings(ai_level="easy", speed="fast", sound=False)``."""

    def __init__(self, ai_level: str | None = None, **fields: Any) -> None:
        super().__init__(**fields)
        if ai_level is not None:
            self.ai_level = ai_level


def _cards_seen(knowledge: Knowledge) -> set[str]:
    """Every card a seat's knowledge shows it: its hand, the tricks, and any card named in the
    public facts (a Tarot talon turned up, handfuls, a discard)."""
    seen = set(knowledge.hand)
    for trick in knowledge.tricks:
        seen.update(trick["cards"])

    def walk(value: object) -> None:  # cards come in lists; a bare string is a name or bid
        if isinstance(value, Mapping):
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            seen.update(v for v in value if isinstance(v, str))
            for v in value:
                if not isinstance(v, str):
                    walk(v)

    walk(knowledge.public)
    return seen


class Match:
    """A game of hands between South (the person) and three AI seats.

    ``hand`` is the current hand; :meth:`apply` is the only way it changes. When it is done,
    :meth:`next_hand` deals the next one (the tally has already counted it)."""

    def __init__(self, game: str, seed: int, options: dict[str, Any] | None = None,
                 ai_level: str | Mapping[str, str] = "hard", south: str = "human") -> None:
        """A new match; ``ai_level`` is one wanted level for W, N and E or one per seat;
        ``south`` is ``"human"`` or an AI level (autoplay)."""
        self.spec = games.get(game)
        self.options = self.spec.full_options(dict(options or {}))
        self.seed = seed
        wanted = ai_level if isinstance(ai_level, Mapping) else dict.fromkeys("WNE", ai_level)
        self.seats = {"S": south if south == "human" else best_level(south, game)}
        for seat in "WNE":
            self.seats[seat] = best_level(wanted.get(seat, "hard"), game)
        self._start()
        self._deal(self.spec.first_dealer(games.rng_for(game, seed, "draw")))

    def _start(self) -> None:
        self.tally = self.spec.tally(self.options)
        self.hands: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        """The result of every finished hand, in order."""
        self.hand: HandState
        self.counted = 0
        """Hands fed to the tally so far."""

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Match:
        """The match a saved match record describes, exactly where it stopped: the same
        deals, actions, scores, dealer and seats. Raises ``records.RecordError`` for a record
        that does not replay."""
        records.replay_match(record)
        self = cls.__new__(cls)
        self.spec = games.get(record["game"])
        self.options = self.spec.full_options(record.get("options"))
        self.seed = int(record["seed"])
        self.seats = {s: str(record["seats"][s]) for s in SEATS}
        self._start()
        for hand in record["hands"]:
            # the recorded deal, not a fresh one: the save is the truth whatever this
            # version of the program would deal (replay_match checked the dealers)
            self._deal(seat_index(hand["dealer"]), hand["deal"])
            for action in hand["actions"]:
                self.apply(action)
        return self

    @property
    def game(self) -> str:
        """The game's record name."""
        return self.spec.name

    def _deal(self, dealer: int, deal: Mapping[str, list[str]] | None = None) -> None:
        n = len(self.hands)
        if deal is None:
            deal = self.spec.deal(games.rng_for(self.game, self.seed, f"hand-{n}"), dealer,
                                  self.options)
        self.hands.append(records.hand_record(self.spec, self.options, dealer, deal))
        self.hand = self.spec.new_hand(deal, dealer, self.options)
        self._count()

    def _count(self) -> None:
        result = self.hand.result()
        if result is not None and self.counted < len(self.hands):
            self.tally.add(self.hand.dealer, result)
            self.results.append(result)
            self.counted = len(self.hands)

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the current hand (raises ``IllegalAction``, state unchanged,
        when it is not legal) and record it."""
        self.hand.apply(action)
        self.hands[-1]["actions"].append(dict(action))
        self._count()

    def undo_refusal(self, seat: int = 0) -> str | None:
        """Why ``seat``'s last decision cannot be taken back now (``None``: it can).

        **Decision** (issue 7, item 6): only while it is still the last action of the hand
        — once another seat has acted, that seat acted on it; never once the hand is over
        (it is scored and counted); and not when the decision showed ``seat`` cards it had
        not seen (naming or calling trump deals the rest of the hand): undoing would let a
        player choose again knowing them. A bid, a call or a declaration may be taken back
        like a card — unless it turned up cards (a Tarot pass that ends the bidding shows
        the talon)."""
        actions = self.hands[-1]["actions"]
        if not actions or seat_index(actions[-1]["seat"]) != seat:
            return "There is nothing of yours to take back"
        if self.hand.done:
            return "The hand is over and scored: it cannot be taken back"
        before = self._replayed(len(actions) - len(self._last_decision(seat)))
        before_kn = before.knowledge(seat)  # type: ignore[attr-defined]
        after = self.hand.knowledge(seat)  # type: ignore[attr-defined]
        if (after.unseen_own < before_kn.unseen_own or len(after.hand) > len(before_kn.hand)
                or _cards_seen(after) - _cards_seen(before_kn)):
            return "That choice showed you new cards: it cannot be taken back"
        return None

    def _last_decision(self, seat: int) -> list[Action]:
        """``seat``'s last decision: its last action, or — for a lay-away (the Tarot
        discard, six actions chosen as one) — every discard it ends with."""
        actions = self.hands[-1]["actions"]
        taken = [actions[-1]]
        if "discard" in taken[0]:
            k = len(actions) - 2
            while k >= 0 and "discard" in actions[k] and seat_index(actions[k]["seat"]) == seat:
                taken.insert(0, actions[k])
                k -= 1
        return taken

    def _replayed(self, count: int) -> HandState:
        """The current hand rebuilt from its deal and its first ``count`` actions."""
        rec = self.hands[-1]
        hand = self.spec.new_hand(rec["deal"], seat_index(rec["dealer"]), self.options)
        for action in rec["actions"][:count]:
            hand.apply(action)
        return hand

    def undo(self, seat: int = 0) -> list[Action]:
        """Take back ``seat``'s last decision (see :meth:`undo_refusal`; raises
        ``ValueError`` with that reason when it may not be): the hand is rebuilt by replaying
        the record without it, so the record, the hand and every seat's knowledge are exactly
        what they were before it. Returns the actions taken back, in order."""
        why = self.undo_refusal(seat)
        if why is not None:
            raise ValueError(why)
        taken = self._last_decision(seat)
        actions = self.hands[-1]["actions"]
        self.hand = self._replayed(len(actions) - len(taken))
        del actions[len(actions) - len(taken):]
        return taken

    @property
    def over(self) -> bool:
        """True once the game has a winner."""
        return self.tally.winner() is not None

    def next_hand(self) -> None:
        """Deal the next hand, dealt by the seat the rules name after the finished one."""
        result = self.hand.result()
        if result is None:
            raise ValueError("the current hand is not finished")
        if self.over:
            raise ValueError("the game is over")
        self._deal(self.tally.next_dealer(self.hand.dealer, result))

    def record(self) -> dict[str, Any]:
        """The match record (RECORDS.md), ready to save."""
        return {"format": records.MATCH_FORMAT, "version": records.VERSION,
                "game": self.game, "options": self.spec.changed_options(self.options),
                "seed": self.seed, "seats": dict(self.seats),
                "hands": [dict(h, actions=list(h["actions"])) for h in self.hands]}

    def player_for(self, seat: int) -> str:
        """``"human"`` or the AI level playing ``seat``."""
        return self.seats[SEATS[seat]]


class Session:
    """Everything that lives as long as the window, apart from the scenes: the settings, the
    game in progress (:attr:`match`), the files (:attr:`keeper`; ``None``: nothing is saved),
    the AI worker (:attr:`executor`), the sound, and the calm lines for the player
    (:attr:`notices`, shown on the main menu)."""

    def __init__(self, settings: Settings, executor: Executor, sound: Sound,
                 keeper: Keeper | None = None, match: Match | None = None) -> None:
        self.settings = settings
        self.executor = executor
        self.sound = sound
        self.keeper = keeper
        self.match = match
        """The game in progress (kept as a match record, saved after every action)."""
        self.notices: list[str] = keeper.notices if keeper is not None else []
        self.south = "human"
        """Who plays South in new games: ``"human"``, or an AI level under autoplay."""
        self.rng = random.Random()
        """Seeds new games (the self-test seeds it)."""

    @property
    def paths(self) -> storage.Paths | None:
        """Where the files live (``None``: nothing is saved)."""
        return self.keeper.paths if self.keeper is not None else None

    def new_match(self, game: str, seed: int | None = None) -> Match:
        """Start a new game of ``game`` (a random seed unless given) with the chosen options
        and AI levels; it becomes the game in progress."""
        if seed is None:
            seed = self.rng.randrange(1 << 31)
        options = self.settings.options.get(game, {})
        self.match = Match(game, seed, options, self.settings.ai, south=self.south)
        return self.match

    def save(self) -> None:
        """Hand whatever changed (settings, the game) to the writer now, not only at the
        next frame."""
        if self.keeper is not None:
            self.keeper.watch(self)

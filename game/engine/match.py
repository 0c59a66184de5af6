"""A whole game of hands, kept as a match record.

:class:`Match` is a game of hands as a match record (RECORDS.md ``four-trumps/match``): it deals
each hand from the match seed exactly as ``records.new_deal`` deals the first, feeds finished
hands to the game's tally, names the next dealer, takes back a seat's last decision (learning
mode) and gives its record, ready to save. :func:`load_match` (``Match.from_record``) checks a
saved record and resumes it exactly; it is here, not in :mod:`.records`, so that the records
(hand-level) never import the match: the replay command's entry point,
:mod:`game.engine.replay`, stands above both. No I/O, no clock: the seed decides every deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import games, records
from .ai.player import best_level
from .cards import quoted
from .games import OptionError
from .hand import Action, HandState, reason_of
from .message import Message, Seat
from .native import mypyc_attr
from .records import (
    MATCH_FORMAT,
    MATCH_KEYS,
    RecordError,
    apply_actions,
    check_header,
    in_hand,
    start_hand,
)

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .games import GameSpec
    from .knowledge import Knowledge


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


@mypyc_attr(native_class=False)  # made by cls.__new__ in empty(): see native.py
class Match:
    """A game of hands between South (a person, or an AI level in autoplay) and the AI seats
    (three; two or four at French Tarot for three or five).

    ``hand`` is the current hand; :meth:`apply` is the only way it changes. When it is done,
    :meth:`next_hand` deals the next one (the tally has already counted it)."""

    hand: HandState

    def __init__(self, game: str, seed: int, options: Mapping[str, Any] | None = None,
                 ai_level: str | Mapping[str, str] = "hard", south: str = "human") -> None:
        """A new match with its first hand dealt; ``ai_level`` is one wanted level for every
        seat but South, or one per seat (the best existing level that plays the game at its
        table is taken,
        :func:`~game.engine.ai.player.best_level`); ``south`` is ``"human"`` or an AI level
        (autoplay)."""
        spec = games.get(game)
        full = spec.full_options(dict(options or {}))
        table = spec.table(full)
        others = table.letters[1:]
        wanted = ai_level if isinstance(ai_level, Mapping) else dict.fromkeys(others, ai_level)
        seats = {"S": south if south == "human" else best_level(south, game, table.size)}
        for seat in others:
            seats[seat] = best_level(wanted.get(seat, "hard"), game, table.size)
        self._start(spec, full, seed, seats)
        self.deal()

    @classmethod
    def empty(cls, spec: GameSpec, options: Mapping[str, Any], seed: int,
              seats: Mapping[str, str]) -> Match:
        """A match of ``spec`` with full, checked ``options`` and no hand dealt yet (see
        :meth:`deal` and :meth:`add_hand`)."""
        self = cls.__new__(cls)
        self._start(spec, options, seed, seats)
        return self

    def _start(self, spec: GameSpec, options: Mapping[str, Any], seed: int,
               seats: Mapping[str, str]) -> None:
        self.spec = spec
        self.options = dict(options)
        self.seed = seed
        self.table = spec.table(self.options)
        """The seats of this game (:class:`~game.engine.cards.Table`)."""
        self.seats = {s: seats[s] for s in self.table.letters}
        """``"human"`` or the AI level playing each seat, by letter."""
        self.tally = spec.tally(self.options)
        self.hands: list[dict[str, Any]] = []
        """The hand records so far, the current hand last."""
        self.results: list[dict[str, Any]] = []
        """The result of every finished hand, in order."""
        self.counted = 0
        """Hands fed to the tally so far."""

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Match:
        """The match a saved match record describes, exactly where it stopped (see
        :func:`load_match`; raises ``records.RecordError`` for a record that does not
        replay)."""
        return load_match(record)

    @property
    def game(self) -> str:
        """The game's record name."""
        return self.spec.name

    def next_dealer(self) -> int:
        """The seat the rules name to deal the next hand: the game's draw for the first, then
        the seat after the finished current hand (``ValueError`` while it is unfinished)."""
        if not self.hands:
            return self.spec.first_dealer(games.rng_for(self.game, self.seed, "draw"),
                                          self.options)
        result = self.hand.result()
        if result is None:
            raise ValueError("the current hand is not finished")
        return self.tally.next_dealer(self.hand.dealer, result)

    def deal(self, dealer: int | None = None,
             cards: Mapping[str, list[str]] | None = None) -> HandState:
        """Deal the next hand and make it current: by ``dealer`` (default :meth:`next_dealer`)
        with ``cards`` in record form (default: shuffled from the match seed, as
        ``records.new_deal`` deals the first hand). Returns the new hand."""
        if dealer is None:
            dealer = self.next_dealer()
        if cards is None:
            cards = self.spec.deal(games.rng_for(self.game, self.seed, f"hand-{len(self.hands)}"),
                                   dealer, self.options)
        self.add_hand(self.spec.new_hand(cards, dealer, self.options), cards)
        return self.hand

    def add_hand(self, hand: HandState, cards: Mapping[str, list[str]]) -> None:
        """Make ``hand`` (just dealt with ``cards``, no action applied) the current hand and
        record it; a hand over at once (a throw-in) is counted at once."""
        self.hands.append(records.hand_record(self.spec, self.options, hand.dealer, cards))
        self.hand = hand
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
        """Why ``seat``'s last decision cannot be taken back now (a
        :class:`~.message.Message` said to that seat's player; ``None``: it can).

        **Decision** (issue 7, item 6): only while it is still the last action of the hand
        — once another seat has acted, that seat acted on it; never once the hand is over
        (it is scored and counted); and not when the decision showed ``seat`` cards it had
        not seen (naming or calling trump deals the rest of the hand): undoing would let a
        player choose again knowing them. A bid, a call or a declaration may be taken back
        like a card — unless it turned up cards (a Tarot pass that ends the bidding shows
        the talon)."""
        actions = self.hands[-1]["actions"]
        if not actions or self.table.index(actions[-1]["seat"]) != seat:
            return Message("There is nothing of yours to take back")
        if self.hand.done:
            return Message("The hand is over and scored: it cannot be taken back")
        before = self._replayed(len(actions) - len(self._last_decision(seat))).knowledge(seat)
        after = self.hand.knowledge(seat)
        if (after.unseen_own < before.unseen_own or len(after.hand) > len(before.hand)
                or _cards_seen(after) - _cards_seen(before)):
            return Message("That choice showed you new cards: it cannot be taken back")
        return None

    def _last_decision(self, seat: int) -> list[Action]:
        """``seat``'s last decision: its last action, or — for a lay-away (the Tarot
        discard, six actions chosen as one) — every discard it ends with."""
        actions = self.hands[-1]["actions"]
        taken = [actions[-1]]
        if "discard" in taken[0]:
            k = len(actions) - 2
            while (k >= 0 and "discard" in actions[k]
                   and self.table.index(actions[k]["seat"]) == seat):
                taken.insert(0, actions[k])
                k -= 1
        return taken

    def _replayed(self, count: int) -> HandState:
        """The current hand rebuilt from its deal and its first ``count`` actions."""
        rec = self.hands[-1]
        hand = self.spec.new_hand(rec["deal"], self.table.index(rec["dealer"]), self.options)
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
        if self.hand.result() is None:
            raise ValueError("the current hand is not finished")
        if self.over:
            raise ValueError("the game is over")
        self.deal()

    def record(self) -> dict[str, Any]:
        """The match record (RECORDS.md), ready to save."""
        return {"format": records.MATCH_FORMAT, "version": records.VERSION,
                "game": self.game, "options": self.spec.changed_options(self.options),
                "seed": self.seed, "seats": dict(self.seats),
                "hands": [dict(h, actions=list(h["actions"])) for h in self.hands]}

    def player_for(self, seat: int) -> str:
        """``"human"`` or the AI level playing ``seat``."""
        return self.seats[self.table.letters[seat]]


def load_match(record: Mapping[str, Any]) -> Match:
    """Check and replay a match record: every hand, each dealt by the seat the rules name after
    the hand before (RECORDS.md). Returns the :class:`~game.engine.match.Match` exactly where
    the record stops (the recorded deals, actions and seats); raises
    :class:`~game.engine.RecordError`."""
    spec = check_header(record, MATCH_FORMAT, MATCH_KEYS, None)
    try:
        options = spec.full_options(record.get("options"))
    except OptionError as err:
        raise RecordError(reason_of(err)) from None
    seed = record.get("seed")
    if type(seed) is not int:
        raise RecordError(Message("a match record needs a whole-number \"seed\""))
    seats = record.get("seats")
    letters = spec.table(options).letters
    if not (isinstance(seats, dict) and set(seats) == set(letters)
            and all(isinstance(v, str) for v in seats.values())):
        raise RecordError(Message("\"seats\" must name who plays each of {seats} (e.g. "
                                  "{example})", seats=", ".join(letters),
                                  example='{"S": "human", "W": "hard", ...}'))
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError(Message("a match record needs a non-empty list of \"hands\""))
    played = Match.empty(spec, options, seed, seats)
    for n, hand_record in enumerate(hands, 1):
        if played.over:
            raise RecordError(in_hand(n, Message("the game was already won after hand {n}",
                                                 n=n - 1)))
        if isinstance(hand_record, dict) and hand_record.get("game", spec.name) != spec.name:
            raise RecordError(in_hand(n, Message("a {other} hand in a {game} match",
                                                 other=quoted(hand_record.get("game")),
                                                 game=spec.name)))
        rec = dict(hand_record, game=spec.name) if isinstance(hand_record, dict) else hand_record
        _, hand = start_hand(rec, n, options)
        if played.hands:
            expected = played.next_dealer()
            if hand.dealer != expected:
                raise RecordError(in_hand(n, Message(
                    "{seat} dealt, but after the hand before the deal passes to {dealer}",
                    seat=Seat(hand.seat_letter(hand.dealer)),
                    dealer=Seat(hand.seat_letter(expected)))))
        played.add_hand(hand, rec["deal"])
        apply_actions(hand, rec["actions"], n, played.apply)
        if hand.result() is None and n < len(hands):
            raise RecordError(in_hand(n, Message("the hand is unfinished, yet another hand "
                                                 "follows")))
    return played

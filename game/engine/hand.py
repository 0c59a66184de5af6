"""The one shape every game's hand takes: phases, the seat to act, legal actions, ``apply``.

An *action* is exactly the small JSON object a hand record holds (RECORDS.md):
``{"seat": "W", "play": "7D"}``. A hand changes only through :meth:`HandState.apply`, which
accepts an action only when :meth:`HandState.why_illegal` has no objection; the UI, the AI, hints
and the replay command all ask those two methods, so every rule lives in one place (the game's
module).

A game subclasses :class:`HandState` and provides ``VERBS``, :meth:`legal_actions`,
:meth:`_check` (the reason a well-formed action is illegal now, or ``None``), :meth:`_do` (carry
it out), :meth:`result` and the reporting helpers. Nothing here reads a clock or global state.

:class:`HandState` declares everything a client (the UI, the AI, the commands, the match) may
use of a hand; every game provides it. A game's own attributes (its bit sets, its bids) are for
the game's module and its tests.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import TABLE4, NotationError, Table
from .message import N_, Message, Seat, Word
from .native import mypyc_attr

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .knowledge import Knowledge
    from .tricks import Trick

Action = dict[str, Any]
"""One decision, in the record's own vocabulary: ``{"seat": "N", "bid": "keep"}``."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why, for a person."""


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class HandState(ABC):
    """The state of one hand of one game: deal, decisions so far, what comes next.

    Public attributes every game keeps up to date:

    * ``phase`` — the current phase name (``"trump"``, ``"call"``, ``"bid"``, ``"discard"``,
      ``"announce"``, ``"play"``, ``"kort"``, ``"done"``, …);
    * ``table`` — the seats (:class:`~game.engine.cards.Table`; four, ``S W N E`` = 0..3,
      except at French Tarot's three- and five-player tables);
    * ``to_act`` — the seat (an index into ``table``) whose decision is next, ``None`` when the
      hand is done;
    * ``options`` — the game's full option mapping (defaults filled in);
    * ``dealer`` — the dealer's seat;
    * ``history`` — every action applied so far, in order, as given (normalised);
    * ``tricks`` — the finished tricks, in order; ``trick`` — the open one (``None`` between
      tricks and outside the play). A :class:`~game.engine.tricks.Trick` holds physical cards:
      clients that show cards read :meth:`trick_log` or :meth:`knowledge` instead.
    """

    GAME: ClassVar[str] = ""
    VERBS: ClassVar[tuple[str, ...]] = ()
    EXTRA_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Keys allowed beside a verb, e.g. Tarabish's ``{"play": {"bella"}}``."""
    CLOCKWISE: ClassVar[bool] = True
    """The direction of play (Turup and French Tarot: counter-clockwise)."""
    table: Table = TABLE4
    """The seats of this hand (a game played at several table sizes sets it per hand)."""

    phase: str
    to_act: int | None

    def __init__(self, options: Mapping[str, Any], dealer: int) -> None:
        self.options: dict[str, Any] = dict(options)
        self.dealer = dealer
        self.history: list[Action] = []
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self._pushed: list[Snapshot] = []

    # -- the interface ---------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, each once, in a stable order (empty when
        the hand is done). Optional declarations appear in their canonical form."""

    def why_illegal(self, action: object) -> str | None:
        """``None`` when ``action`` may be applied now, else the reason, for a person
        (``"N must follow suit ♥ (holds 9H, QH)"``): a :class:`~.message.Message` in English
        notation (seats by letter, cards in notation), with a ``you`` form when a seat is its
        subject. Never raises."""
        shape = self._shape(action)
        if isinstance(shape, str):
            return shape
        seat, verb, value = shape
        if self.phase == "done":
            return Message("the hand is over: no more actions")
        if seat != self.to_act:
            if self.to_act is None:
                return Message("nobody is to act")
            return Message("{seat} acted out of turn: {turn} is to act",
                           you="You acted out of turn: {turn} is to act",
                           seat=named_seat(seat, self.table),
                           turn=named_seat(self.to_act, self.table))
        assert isinstance(action, dict)  # _shape refuses anything else
        try:
            return self._check(seat, verb, value, action)
        except NotationError as err:
            return reason_of(err)

    def apply(self, action: object) -> None:
        """Carry out ``action``; raises :class:`IllegalAction` (state unchanged) when it is
        not legal now — anything that is not an action too (typed ``object`` so that the
        compiled engine does not refuse it with a ``TypeError`` first)."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        assert isinstance(action, dict)  # why_illegal refuses anything else
        shape = self._shape(action)
        assert not isinstance(shape, str)
        seat, verb, value = shape
        self.history.append(dict(action))
        self._do(seat, verb, value, action)

    def clone(self) -> HandState:
        """An independent copy (for search and what-if questions that keep both states; to
        try a move and take it back, :meth:`push` and :meth:`pop` are cheaper)."""
        return copy.deepcopy(self)

    # -- trying moves: snapshots, push and pop ---------------------------------------------

    def snapshot(self) -> Snapshot:
        """The state as it is now, for :meth:`restore`: a shallow copy of each attribute
        (lists of ints, a few scalars) and of the open trick's fields — no deep copy.

        It relies on what every game's ``_do`` keeps to: it replaces or appends to its
        attributes and the open trick's lists, and never changes a finished trick or an element
        of a list or mapping in place (the snapshot tests of each game check this)."""
        saved: dict[str, Any] = {}
        for name, value in vars(self).items():
            if name != "_pushed":
                saved[name] = _shallow(value)
        return Snapshot(saved)

    def restore(self, snapshot: Snapshot) -> None:
        """Put the state back exactly as it was when ``snapshot`` was taken (by this hand);
        the snapshot may be restored again later."""
        self._put_back(snapshot, reuse=False)

    def push(self, action: Action) -> None:
        """Apply ``action`` as :meth:`apply` does (raising :class:`IllegalAction`, nothing
        changed, when it is not legal), remembering how to take it back with :meth:`pop`."""
        snapshot = self.snapshot()
        self.apply(action)
        self._pushed.append(snapshot)

    def pop(self) -> Action:
        """Take back the last :meth:`push` (``IndexError`` when there is none); returns its
        action."""
        snapshot = self._pushed.pop()
        action = self.history[-1]
        self._put_back(snapshot, reuse=True)
        return action

    def _put_back(self, snapshot: Snapshot, reuse: bool) -> None:
        """Set every attribute as ``snapshot`` saved it (one set since is removed)."""
        live = vars(self)
        for name in [n for n in live if n not in snapshot.saved and n != "_pushed"]:
            del live[name]
        for name, value in snapshot.saved.items():
            live[name] = _unshallow(value, reuse)

    @abstractmethod
    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` may know now: the only view of the hand the AI and hints read."""

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in this game's direction of play."""
        if self.CLOCKWISE:
            return self.table.clockwise(seat)
        return self.table.counter_clockwise(seat)

    def seat_letter(self, seat: int) -> str:
        """The letter of ``seat`` at this hand's table."""
        return self.table.letters[seat]

    def tricks_by_team(self) -> dict[str, int]:
        """Finished tricks won by each partnership: ``{"NS": n, "EW": m}`` (French Tarot has
        no fixed partnerships: there it counts seats S+N and W+E)."""
        n = [0, 0]
        for t in self.tricks:
            assert t.winner is not None
            n[t.winner & 1] += 1
        return {"NS": n[0], "EW": n[1]}

    @property
    def done(self) -> bool:
        """True once the hand has ended (including a throw-in)."""
        return self.phase == "done"

    @abstractmethod
    def result(self) -> dict[str, Any] | None:
        """The hand's result object exactly as RECORDS.md writes it, or ``None`` until done."""

    @abstractmethod
    def trick_log(self) -> list[dict[str, Any]]:
        """Every trick so far, the unfinished one last: ``{"leader", "cards", "winner"}`` with
        cards in notation in the order played and ``winner`` ``None`` while it is open."""

    def trump_name(self) -> str | None:
        """The trump suit letter once known, else ``None`` (French Tarot: always ``None``)."""
        return None

    def vocabulary(self, seat: int) -> list[Action]:
        """Every non-card action (no ``play``, no ``discard``) that ``seat`` could think of in
        the current phase, legal or not, in a panel's order — for learning mode, which shows
        the illegal ones with :meth:`why_illegal`'s reason. Optional declarations whose value
        depends on the cards (handfuls, runs) are not listed: ``legal_actions`` has them.
        Default: none."""
        return []

    # -- for subclasses --------------------------------------------------------------------

    @abstractmethod
    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        """The reason the well-formed ``action`` (by the seat to act) is illegal, or ``None``.
        May raise :class:`NotationError` for a bad card; it becomes the reason."""

    @abstractmethod
    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        """Carry out a legal action."""

    def _shape(self, action: object) -> tuple[int, str, Any] | str:
        """``(seat, verb, value)`` of a well-formed action, or the reason it is malformed."""
        if not isinstance(action, dict):
            return Message("an action must be a JSON object such as {example}",
                           example='{"seat": "S", "play": "AS"}')
        if "seat" not in action:
            return Message("the action has no \"seat\"")
        try:
            seat = self.table.index(action["seat"])
        except NotationError as err:
            return reason_of(err)
        verbs = [k for k in action if k != "seat"]
        known = [k for k in verbs if k in self.verbs()]
        if len(known) != 1:
            if not known:
                return Message("the action has no verb known to {game} (expected one of {verbs})",
                               game=self.GAME, verbs=", ".join(self.verbs()))
            return Message("the action has more than one verb: {verbs}", verbs=", ".join(known))
        verb = known[0]
        extra = set(verbs) - {verb} - set(self.EXTRA_KEYS.get(verb, ()))
        if extra:
            return Message("unexpected key(s) in a {verb} action: {keys}",
                           verb=verb, keys=", ".join(sorted(extra)))
        return seat, verb, action[verb]

    def verbs(self) -> tuple[str, ...]:
        """The verbs of this hand's actions (default :attr:`VERBS`; French Tarot's ``call``
        only at five players)."""
        return self.VERBS

    def _action(self, seat: int, verb: str, value: Any, **extra: Any) -> Action:
        """Build an action in record form."""
        action: Action = {"seat": self.table.letters[seat], verb: value}
        action.update(extra)
        return action

    @staticmethod
    def _wrong_phase(verb: str, phase: str) -> Message:
        """"no bid now: the hand is in its play phase": ``verb`` (an action's English noun,
        :data:`DOINGS`) is not done in ``phase`` (:data:`PHASES`)."""
        return Message("no {verb} now: the hand is in its {phase} phase",
                       verb=Word(verb), phase=Word(phase))


DOINGS = (N_("naming of trump"), N_("card play"), N_("bid"), N_("discard"),
          N_("slam announcement"), N_("handful"), N_("signal"), N_("call"), N_("runs"),
          N_("play"), N_("trump"), N_("ask"), N_("estimate"), N_("kort"))
"""What :meth:`HandState._wrong_phase` names as not done now: each game's doings, and any verb
of a game (a verb of the wrong phase is named as it is)."""

PHASES = (N_("trump"), N_("call"), N_("bid"), N_("discard"), N_("announce"), N_("play"),
          N_("kort"), N_("done"))
"""The games' phase names, as :meth:`HandState._wrong_phase` says them (a word each)."""


def named_seat(seat: int, table: Table = TABLE4) -> Seat:
    """Seat number ``seat`` of ``table`` as the engine's reasons name it: its letter (said by
    name)."""
    return Seat(table.letters[seat])


def reason_of(err: Exception) -> str:
    """The reason an exception gives: its message as it was raised (a
    :class:`~.message.Message` when the engine made one), else its text."""
    first = err.args[0] if err.args else ""
    return first if isinstance(first, Message) else str(err)


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclasses.dataclass(frozen=True)
class Snapshot:
    """A hand's attributes at one moment (see :meth:`HandState.snapshot`)."""

    saved: Mapping[str, Any]


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclasses.dataclass(frozen=True)
class _Fields:
    """A mutable object's fields (the open trick), with the object itself to put them back in."""

    obj: Any
    fields: tuple[tuple[str, Any], ...]


def _shallow(value: Any) -> Any:
    """``value`` if immutable, else a one-level copy: lists, sets and dicts are copied (their
    elements shared), a dataclass object (a trick) keeps its identity and a copy of its
    fields; a frozen dataclass (a table's seats) is immutable and kept as it is."""
    if isinstance(value, list | dict | set):
        return value.copy()
    if (dataclasses.is_dataclass(value) and not isinstance(value, type)
            and not type(value).__dataclass_params__.frozen):  # type: ignore[attr-defined]
        return _Fields(value, tuple((f.name, _shallow(getattr(value, f.name)))
                                    for f in dataclasses.fields(value)))
    return value


def _unshallow(value: Any, reuse: bool = False) -> Any:
    """The live value for a value :func:`_shallow` saved: copied again unless ``reuse`` (the
    saved copy is then handed over, for a snapshot used once)."""
    if isinstance(value, _Fields):
        for name, field_value in value.fields:
            setattr(value.obj, name, _unshallow(field_value, reuse))
        return value.obj
    if not reuse and isinstance(value, list | dict | set):
        return value.copy()
    return value

"""Hand and match records (RECORDS.md): validate, replay, build.

A record is plain JSON data. :func:`replay_record` checks one action by action through the
game's own rules and returns the object the ``replay`` command prints; anything wrong raises
:class:`RecordError` naming the action (its index in ``actions``) when there is one. This module
does no I/O: the command line and the save code read and write the text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from . import games
from .cards import QUOTE_LIMIT, NotationError, clip, quoted
from .games import GameSpec, OptionError
from .hand import Action, HandState, reason_of
from .message import Message, counted
from .tricks import DealError

HAND_FORMAT = "four-trumps/hand"
MATCH_FORMAT = "four-trumps/match"
VERSION = 1
HAND_KEYS = {"format", "version", "game", "options", "dealer", "deal", "actions"}
MATCH_KEYS = {"format", "version", "game", "options", "seed", "seats", "hands"}


class RecordError(ValueError):
    """A record that is not valid; ``message`` says why (a :class:`~.message.Message`, said in
    the reader's language where it is shown), ``action`` is the index of the offending action
    (within its hand for a match record) or ``None``."""

    def __init__(self, message: str, action: int | None = None) -> None:
        message = clipped(message)
        super().__init__(message)
        self.message = message
        self.action = action

    def as_json(self) -> dict[str, Any]:
        """The replay command's error object."""
        return {"ok": False, "error": {"action": self.action, "message": self.message}}


QUOTED = ("value", "keys", "options", "name", "other")
"""The placeholders through which a reason quotes what the record held (``value=repr(…)``
in every game's rules): :func:`clipped` cuts them to :data:`QUOTE_LIMIT` characters."""


def clipped(message: str) -> str:
    """``message`` with each value it quotes from the record (:data:`QUOTED`, in it or in a
    reason it wraps) cut to :data:`~game.engine.cards.QUOTE_LIMIT` characters and "…": the
    net under every game's reasons, so no record's megabyte is echoed back whole. A plain
    string is left as it is."""
    if not isinstance(message, Message):
        return message
    values: dict[str, Any] = {
        k: clipped(v) if isinstance(v, Message)
        else clip(v) if k in QUOTED and isinstance(v, str) and len(v) > QUOTE_LIMIT + 1
        else v for k, v in message.values.items()}
    if all(values[k] is v for k, v in message.values.items()):
        return message
    if message.plural is not None:
        n = values.pop("n")
        again = counted(message.template, message.plural, n=n, **values)
    else:
        again = Message(message.template, **values)
    again.you = message.you
    return again


def parse(text: str | bytes) -> Any:
    """Parse record text; bad JSON raises :class:`RecordError` saying where."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        return json.loads(text)
    except UnicodeDecodeError as err:
        raise RecordError(Message("the record is not UTF-8 text ({detail})",
                                  detail=err.reason)) from None
    except json.JSONDecodeError as err:
        raise RecordError(Message("the record is not valid JSON: {detail} at line {line}, "
                                  "column {column}", detail=err.msg, line=err.lineno,
                                  column=err.colno)) from None
    except RecursionError:
        raise RecordError(Message("the record is not valid JSON: nested too deeply")) from None
    except ValueError:  # an integer of more digits than Python converts (over 4,300)
        raise RecordError(Message("the record holds a number too long to read (over 4,300 "
                                  "digits)")) from None


def in_hand(where: int | None, reason: str) -> str:
    """``reason`` as said of hand number ``where`` of a match record ("hand 2: …"), or as it
    is (``where`` ``None``: a hand record)."""
    if where is None:
        return reason
    return Message("hand {n}: {reason}", n=where, reason=reason)


def check_header(record: Mapping[str, Any], fmt: str, keys: set[str],
                  where: int | None) -> GameSpec:
    unknown = set(record) - keys
    if unknown:
        raise RecordError(in_hand(where, Message("unknown key(s): {keys}",
                                                 keys=clip(", ".join(sorted(map(str, unknown)))))))
    if record.get("format", fmt) != fmt:
        raise RecordError(in_hand(where, Message("\"format\" must be {expected}, not {value}",
                                                 expected=repr(fmt),
                                                 value=quoted(record.get("format")))))
    if record.get("version", VERSION) != VERSION or type(record.get("version", 1)) is not int:
        raise RecordError(in_hand(where, Message(
            "unsupported version {value} (this program reads version {version})",
            value=quoted(record.get("version")), version=VERSION)))
    try:
        return games.get(record.get("game"))
    except KeyError as err:
        raise RecordError(in_hand(where, reason_of(err))) from None


def start_hand(record: Mapping[str, Any], where: int | None = None,
               options: Mapping[str, Any] | None = None) -> tuple[GameSpec, HandState]:
    """Check a hand record's header and deal and return the hand at its first decision
    (no actions applied). ``options``, when given, are the match's (already checked);
    ``where``: the hand's number in a match record (its errors say "hand 2: …")."""
    if not isinstance(record, dict):
        raise RecordError(in_hand(where, Message("a hand record must be a JSON object")))
    spec = check_header(record, HAND_FORMAT, HAND_KEYS, where)
    for key in ("dealer", "deal", "actions"):
        if key not in record:
            raise RecordError(in_hand(where, Message("the record has no {key}",
                                                     key=f'"{key}"')))
    try:
        full = spec.full_options(record.get("options"))
        if options is not None and "options" in record and full != dict(options):
            raise RecordError(in_hand(where, Message("the hand's options differ from the "
                                                     "match's")))
        if options is not None:
            full = dict(options)
        dealer = spec.table(full).index(record["dealer"])
        hand = spec.new_hand(record["deal"], dealer, full)
    except (OptionError, NotationError, DealError) as err:
        raise RecordError(in_hand(where, reason_of(err))) from None
    if not isinstance(record["actions"], list):
        raise RecordError(in_hand(where, Message("\"actions\" must be a list")))
    return spec, hand


def replay_hand(record: Mapping[str, Any], where: int | None = None,
                options: Mapping[str, Any] | None = None) -> tuple[GameSpec, HandState]:
    """Check and replay a hand record; returns the game and the hand after its last action."""
    spec, hand = start_hand(record, where, options)
    apply_actions(hand, record["actions"], where)
    return spec, hand


def apply_actions(hand: HandState, actions: list[Any], where: int | None = None,
                  apply: Callable[[Action], None] | None = None) -> None:
    """Apply recorded ``actions`` in order with ``apply`` (default ``hand.apply``; a match's
    :meth:`~game.engine.match.Match.apply` records them too); the first illegal one raises
    :class:`RecordError` with its index."""
    for i, action in enumerate(actions):
        reason = hand.why_illegal(action)
        if reason is not None:
            raise RecordError(in_hand(where, reason), action=i)
        (apply or hand.apply)(action)


def describe(hand: HandState) -> dict[str, Any]:
    """The replay output for ``hand`` (without ``match``)."""
    return {
        "ok": True,
        "game": hand.GAME,
        "phase": hand.phase,
        "to_act": None if hand.to_act is None else hand.seat_letter(hand.to_act),
        "legal": hand.legal_actions(),
        "trump": hand.trump_name(),
        "tricks": hand.trick_log(),
        "result": hand.result(),
    }


def hand_record(spec: GameSpec, options: Mapping[str, Any], dealer: int,
                deal: Mapping[str, list[str]], actions: list[dict[str, Any]] | None = None
                ) -> dict[str, Any]:
    """A hand record (RECORDS.md) holding only the options that differ from the defaults."""
    return {"format": HAND_FORMAT, "version": VERSION, "game": spec.name,
            "options": spec.changed_options(options),
            "dealer": spec.table(options).letters[dealer],
            "deal": {k: list(v) for k, v in deal.items()}, "actions": list(actions or [])}


def new_deal(game: str, seed: int, dealer: int | None = None,
             options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A fresh hand record with no actions for ``seed`` (what ``deal`` prints): the first
    dealer drawn by the game's rule unless ``dealer`` is given."""
    spec = games.get(game)
    full = spec.full_options(dict(options or {}))
    if dealer is None:
        dealer = spec.first_dealer(games.rng_for(spec.name, seed, "draw"), full)
    deal = spec.deal(games.rng_for(spec.name, seed, "hand-0"), dealer, full)
    return hand_record(spec, full, dealer, deal)


def dumps(obj: Any, ascii_only: bool = False) -> str:
    """JSON text as the commands print it: suit glyphs kept, or with ``ascii_only`` every
    non-ASCII character escaped (``"\\u2660"``, for a console that cannot show them)."""
    return json.dumps(obj, ensure_ascii=ascii_only)

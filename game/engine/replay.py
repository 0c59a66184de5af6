"""The replay command's entry point (RECORDS.md): a hand or match record checked and replayed
to the object ``python -m game replay`` prints.

It stands above both :mod:`.records` (hand records: check, replay, describe) and :mod:`.match`
(a game of hands, and :func:`~game.engine.match.load_match` which checks a match record), so
neither imports the other back (issue 28: no import circle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import records
from .hand import HandState
from .match import load_match
from .message import Message


def replay_match(record: Mapping[str, Any]) -> tuple[HandState, dict[str, Any]]:
    """Check and replay a match record (:func:`~game.engine.match.load_match`). Returns the
    last hand and the ``match`` object of the replay command."""
    played = load_match(record)
    return played.hand, {"scores": played.tally.scores(), "winner": played.tally.winner()}


def replay_record(record: object) -> dict[str, Any]:
    """Replay a parsed hand or match record; the replay command's output object. Raises
    :class:`~game.engine.records.RecordError` for anything invalid."""
    if not isinstance(record, dict):
        raise records.RecordError(Message("a record must be a JSON object"))
    if record.get("format") == records.MATCH_FORMAT:
        hand, summary = replay_match(record)
        return {**records.describe(hand), "match": summary}
    _, hand = records.replay_hand(record)
    return records.describe(hand)

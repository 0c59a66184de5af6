"""Practice hands built from a finished hand's record: the same deal again, from South's seat or
seen from another one — plain Python, no pygame.

**Decision** (how a practice hand relates to the match in progress and to the statistics): a
practice hand is a separate one-hand :class:`~game.ui.session.Match` that only the practice table
holds. The app's match (``app.match`` — the real game, which the app autosaves and whose finished
hands the statistics count) is never replaced nor touched, so a practice hand is never saved,
never counted, and when it ends or the player leaves it the real game is resumed exactly where
it was (its hand summary still showing).

**Decision** (swap seats): playing "from West" gives South West's cards and turns the whole
table a quarter so that every seat keeps its place relative to the dealer and to the others —
the dealer, the trump namer, the leader and the partnerships are the same people as in the
original hand; only the chair the player sits in changes. The AI levels stay with the chairs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import records
from ..engine.cards import SEATS, seat_index
from .session import Match, best_level

PRACTICE_SEED = 0
"""The seed of a practice match whose real match is unknown (it only seeds the AI players)."""


def turn(letter: str, seat: int) -> str:
    """Where the chair ``letter`` of the original table lands when seat ``seat`` moves to
    South: ``turn("W", 1) == "S"``, ``turn("S", 1) == "E"``."""
    return SEATS[(seat_index(letter) - seat) & 3]


def seen_from(record: Mapping[str, Any], seat: int = 0,
              actions: bool = False) -> dict[str, Any]:
    """The hand record of ``record``'s deal turned so that ``seat``'s cards are South's.

    Every seat letter is turned alike: the deal's keys (the Tarot talon stays the talon, and
    each seat keeps its cards in the order dealt), the dealer and — when ``actions`` is true —
    the acting seat of every action, so the turned record replays to the same tricks with every
    seat turned. Without ``actions`` the result has none: a fresh hand ready to play. ``seat``
    0 keeps the table as it was (the deal and dealer are copies of the record's). Raises
    ``records.RecordError`` for a record that is not a valid hand record (with ``actions``:
    one that does not replay)."""
    if seat not in range(4):
        raise ValueError(f"seat must be 0..3, not {seat!r}")
    checked = dict(record) if isinstance(record, Mapping) else record
    (records.replay_hand if actions else records.start_hand)(checked)  # type: ignore[arg-type]
    deal = {(turn(k, seat) if k in SEATS else k): list(v) for k, v in record["deal"].items()}
    turned = {"format": records.HAND_FORMAT, "version": records.VERSION,
              "game": record["game"], "options": dict(record.get("options") or {}),
              "dealer": turn(record["dealer"], seat), "deal": deal, "actions": []}
    if actions:
        turned["actions"] = [dict(a, seat=turn(a["seat"], seat)) for a in record["actions"]]
    return turned


def practice_match(record: Mapping[str, Any], seat: int = 0,
                   seats: Mapping[str, str] | None = None,
                   seed: int = PRACTICE_SEED) -> Match:
    """A one-hand practice match: ``record``'s deal seen from ``seat`` (see :func:`seen_from`),
    nothing played yet, South played by the person. ``seats`` gives the AI level of each chair
    (the real match's; South's entry is ignored), ``seed`` seeds the AI players. Raises
    ``records.RecordError`` for a record that does not describe a valid deal."""
    hand = seen_from(record, seat)
    levels = {s: best_level(str((seats or {}).get(s, "hard")), hand["game"]) for s in SEATS}
    levels["S"] = "human"
    match = {"format": records.MATCH_FORMAT, "version": records.VERSION,
             "game": hand["game"], "options": hand["options"], "seed": seed,
             "seats": levels, "hands": [hand]}
    return Match.from_record(match)

"""The deal of the day (issue 27): the same cards for every player on the same date, and how
South's play of them compares with the strong player's — no I/O, no clock, no pygame.

**The seed.** A day's deal of a game is the first hand of the match seeded with
:func:`seed_of` — the first four bytes, read as a big-endian number with the top bit cleared,
of the SHA-256 of the text ``four-trumps/daily GAME PLAYERS YYYY-MM-DD`` in UTF-8 (``GAME``
the record name, ``PLAYERS`` the table's size: 4 for every game but French Tarot at three or
five). So ``python -m game deal GAME --seed S [--players N]`` prints the same hand as
``python -m game daily GAME --date D [--players N]`` when ``S`` is that day's seed, and
anyone can check a day's deal with a few lines of any language.

**Decision** (options): the deal of the day is played with the game's standard options
(:func:`options_of`: only French Tarot's table size), whatever the player chose for ordinary
games — so that everybody's deal of the day is the same game, not only the same cards.

**Decision** (one hand): the deal of the day is one hand — a match of one hand whose seed is
the day's seed. The AI seats are the player's chosen levels with the seeds the table always
gives them (the match seed × 4 + seat); par is that same deal played by the strong player
in South's seat against those same levels and seeds (:mod:`game.ui.par`).

**The measure** (:func:`score`): what South's side made of the cards, in the game's own
unit — Arba'a Turub and Turup: the tricks of South's side; Tarabish: the points South's side
scores in the hand (after the bait rule); French Tarot: South's own score for the hand (what
the declarer or a defender wins or pays). A hand thrown in scores 0. The difference against
par is South's measure minus the strong player's, on the same cards.

**Decision** (the differences listed, :func:`differences`): South's decisions of the two
plays are compared in order (a lay-away, French Tarot's six discards, is one decision, its
cards compared as a set): the first decision that differs is where the two plays part; the
later ones are listed too (up to ``limit``), but after the first the cards on the table are
no longer the same, so the screen says so (:attr:`Difference.same_table`; an AI seat that
chose differently between the two plays — the strong player's searches vary with time —
parts them too).
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import games, records
from .hand import Action
from .message import Message, Word

SEED_TEXT = "four-trumps/daily {game} {players} {day}"
"""What is hashed for a day's seed (:func:`seed_of`)."""
TABLE_SIZES = {"tarot": (3, 4, 5)}
"""The table sizes a game's deal of the day is dealt at (4 for the others)."""
UNITS: dict[str, tuple[str, str]] = {
    "arbaa-turub": ("trick", "tricks"), "turup": ("trick", "tricks"),
    "tarabish": ("point", "points"), "tarot": ("point", "points")}
"""Each game's unit of :func:`score` (singular, plural)."""


def parse_day(text: str) -> datetime.date:
    """The date ``text`` names as ``YYYY-MM-DD`` (``ValueError`` with a player's sentence when it
    is not one)."""
    try:
        if len(text) != 10:
            raise ValueError(text)
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(Message("{text} is not a date written YYYY-MM-DD",
                                 text=text[:20])) from None


def sizes_of(game: str) -> tuple[int, ...]:
    """The table sizes ``game``'s deal of the day is dealt at."""
    return TABLE_SIZES.get(game, (4,))


def options_of(game: str, players: int = 4) -> dict[str, Any]:
    """The options a day's deal of ``game`` at ``players`` is played with: the standard ones
    (French Tarot: its table size when it is not four). ``ValueError`` for a size the game's
    deal of the day is not dealt at."""
    games.get(game)
    if players not in sizes_of(game):
        raise ValueError(Message("{game}'s deal of the day is played at {sizes} players only",
                                 game=game, sizes=" or ".join(map(str, sizes_of(game)))))
    return {"players": players} if players != 4 else {}


def seed_of(game: str, day: datetime.date, players: int = 4) -> int:
    """The seed of ``game``'s deal of ``day`` at ``players`` (see the module's docstring): a
    number in ``0 .. 2**31 - 1``, the same on every machine."""
    text = SEED_TEXT.format(game=game, players=players, day=day.isoformat())
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big") & 0x7FFFFFFF


def deal_of(game: str, day: datetime.date, players: int = 4) -> dict[str, Any]:
    """``game``'s deal of ``day`` at ``players`` as a hand record with no actions — what
    ``records.new_deal`` deals for the day's seed and options."""
    options = options_of(game, players)
    return records.new_deal(game, seed_of(game, day, players), options=options)


def key_of(game: str, players: int = 4) -> str:
    """The name a game's deal of the day is kept under: the game, and French Tarot's table
    size when it is not four (``"tarot-5"``)."""
    return game if players == 4 else f"{game}-{players}"


def game_of(key: str) -> tuple[str, int]:
    """The game and table size a :func:`key_of` name stands for (``ValueError`` for a name
    that is none)."""
    for game in games.names():
        for players in sizes_of(game):
            if key_of(game, players) == key:
                return game, players
    raise ValueError(f"no deal of the day is kept as {key[:40]!r}")


def score(game: str, result: Mapping[str, Any], letters: Sequence[str] = ("S", "W", "N", "E")
          ) -> int:
    """What South's side made of the hand whose result is ``result``, in ``game``'s unit (see
    the module's docstring); ``letters`` are the table's seats, South first."""
    if "thrown_in" in result:
        return 0
    if game == "tarot":
        return int(result["score"][letters[0]])
    if game == "tarabish":
        return int(result["score"]["NS"])
    return int(result["tricks"]["NS"])


def unit(game: str, value: int) -> Word:
    """``game``'s unit for ``value`` of it ("trick" or "tricks", "point" or "points")."""
    one, many = UNITS[game]
    return Word(one if abs(value) == 1 else many)


@dataclass(frozen=True)
class Difference:
    """One decision of South's where the player and the strong player chose differently."""

    number: int
    """Which of South's decisions it is (0: the first)."""
    at: int
    """Where the player's decision begins in the player's hand record's actions."""
    trick: int | None
    """The trick (1 = the first) the decision is a card of, ``None`` before the play (a bid,
    a call, the lay-away)."""
    mine: tuple[Action, ...]
    """The player's actions of the decision."""
    strong: tuple[Action, ...]
    """The strong player's actions of the decision."""
    same_table: bool
    """Whether everything before it was the same in both plays (every seat's actions): then
    the two chose in the same position. Once South's choices (or another seat's) parted, the
    positions differ."""


def decisions(actions: Sequence[Action], seat: str = "S") -> list[tuple[int, list[Action]]]:
    """``seat``'s decisions among ``actions``: each with where it begins; the discards of one
    lay-away are one decision."""
    out: list[tuple[int, list[Action]]] = []
    for i, action in enumerate(actions):
        if action.get("seat") != seat:
            continue
        if ("discard" in action and out and "discard" in out[-1][1][-1]
                and out[-1][0] + len(out[-1][1]) == i):
            out[-1][1].append(action)
        else:
            out.append((i, [action]))
    return out


def _same(a: list[Action], b: list[Action]) -> bool:
    if a and "discard" in a[0]:
        return sorted(str(x.get("discard")) for x in a) == sorted(str(x.get("discard"))
                                                                   for x in b)
    return [dict(x) for x in a] == [dict(x) for x in b]


def trick_of(actions: Sequence[Action], at: int, size: int) -> int | None:
    """The trick (1 = first) the action at ``at`` is a card of, ``None`` for any other action
    (``size``: cards in a trick)."""
    if "play" not in actions[at]:
        return None
    played = sum(1 for a in actions[:at] if "play" in a)
    return played // size + 1


def differences(mine: Mapping[str, Any], strong: Mapping[str, Any], seat: str = "S",
                limit: int = 3) -> list[Difference]:
    """The first ``limit`` of ``seat``'s decisions that differ between two plays of the same
    deal (hand records ``mine`` and ``strong``), in order (see the module's docstring)."""
    size = games.get(mine["game"]).table(
        games.get(mine["game"]).full_options(dict(mine.get("options") or {}))).size
    a = decisions(mine["actions"], seat)
    b = decisions(strong["actions"], seat)
    out: list[Difference] = []
    for number, ((at, ours), (their_at, theirs)) in enumerate(zip(a, b, strict=False)):
        if _same(ours, theirs):
            continue
        same = at == their_at and [dict(x) for x in mine["actions"][:at]] == [
            dict(x) for x in strong["actions"][:at]]
        out.append(Difference(number, at, trick_of(mine["actions"], at, size),
                              tuple(ours), tuple(theirs), same_table=same))
        if len(out) >= limit:
            break
    return out

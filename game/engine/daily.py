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

**Decision** (the differences listed, :func:`differences`; issue 36, one strong player): par's
South is the advisor whose choice is the hint, and the play checker judges the player's
decisions by the same advisor and standard of evidence. A decision of the player's is listed
only where that checker shows it worse (its verdict, the review's ✗) — a choice the evidence
cannot show worse counts as agreeing, even when par played another card there — and the
first place where the two plays differ is listed once, said as such ("from here the cards on
the table differ"): a choice of the player's the evidence could not show worse, or another
seat choosing otherwise in the two plays (a hard opponent's search varies with time). A
lay-away, French Tarot's six discards, is one decision, its cards compared as a set. So a
player who took every hint lists nothing, and the review, asked about a listed decision, says
the same as the comparison.
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
    """One row of par's comparison (see the module's docstring): a decision of the player's the
    checker shows worse, or the decision where the two plays begin to differ."""

    at: int
    """Where the decision begins in the player's hand record's actions."""
    trick: int | None
    """The trick (1 = the first) the decision is a card of, ``None`` before the play (a bid,
    a call, the lay-away)."""
    seat: str
    """Whose decision it is: the reviewed seat's, or another seat's that chose otherwise in
    the two plays."""
    mine: tuple[Action, ...]
    """The actions of the decision in the player's hand."""
    strong: tuple[Action, ...]
    """The strong player's: for a decision shown worse, its choice from the same knowledge
    (the checker's); else the actions of par's hand at the same place."""
    worse: bool
    """Whether the checker shows the player's choice worse."""
    same_table: bool
    """Whether everything before it was the same in both plays (every seat's actions)."""


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


def trick_of(actions: Sequence[Action], at: int, size: int) -> int | None:
    """The trick (1 = first) the action at ``at`` is a card of, ``None`` for any other action
    (``size``: cards in a trick)."""
    if "play" not in actions[at]:
        return None
    played = sum(1 for a in actions[:at] if "play" in a)
    return played // size + 1


def _as_decided(actions: Sequence[Action], seat: str) -> list[Action]:
    """``actions`` with each lay-away of ``seat`` in one order (its cards are one set)."""
    out = [dict(a) for a in actions]
    for at, decision in decisions(actions, seat):
        if "discard" in decision[0]:
            laid = sorted(decision, key=lambda a: str(a.get("discard")))
            out[at:at + len(decision)] = [dict(a) for a in laid]
    return out


def _decision_at(actions: Sequence[Action], at: int) -> tuple[int, list[Action]]:
    """The decision holding action ``at``: where it begins and its actions (a lay-away
    whole)."""
    seat = actions[at].get("seat", "")
    return next(((start, d) for start, d in decisions(actions, seat)
                 if start <= at < start + len(d)), (at, [actions[at]]))


def parting(mine: Sequence[Action], strong: Sequence[Action], seat: str = "S") -> int | None:
    """Where two plays of one deal begin to differ: the start of the first decision (any
    seat's) taken otherwise, ``None`` when they never do (a lay-away of ``seat``'s in another
    order is the same decision)."""
    a, b = _as_decided(mine, seat), _as_decided(strong, seat)
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return _decision_at(mine, i)[0]
    return None if len(a) == len(b) else min(len(a), len(b))


def differences(mine: Mapping[str, Any], strong: Mapping[str, Any],
                worse: Mapping[int, Action] | None = None, seat: str = "S",
                limit: int = 3) -> list[Difference]:
    """The rows of par's comparison of two plays of the same deal (hand records ``mine``, the
    player's, and ``strong``, par's), in order, at most ``limit``: ``seat``'s decisions
    that the checker shows worse — ``worse`` maps where each begins in ``mine``'s actions to
    the strong player's choice there — and the decision where the plays begin to differ,
    unless it is one of those (see the module's docstring)."""
    spec = games.get(mine["game"])
    size = spec.table(spec.full_options(dict(mine.get("options") or {}))).size
    ours, theirs = mine["actions"], strong["actions"]
    part = parting(ours, theirs, seat)
    out: list[Difference] = []
    for at, decision in decisions(ours, seat):
        choice = (worse or {}).get(at)
        if choice is not None:
            out.append(Difference(at, trick_of(ours, at, size), seat, tuple(decision),
                                  (dict(choice),), worse=True,
                                  same_table=part is None or at <= part))
    if part is not None and part < min(len(ours), len(theirs)) \
            and all(d.at != part for d in out):
        start, decision = _decision_at(ours, part)
        other = _decision_at(theirs, part)[1]
        out.append(Difference(start, trick_of(ours, start, size), str(ours[start]["seat"]),
                              tuple(decision), tuple(other), worse=False, same_table=True))
    return sorted(out, key=lambda d: d.at)[:limit]

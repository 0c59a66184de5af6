"""Statistics: South's record per game and table, its recent history, and which hands of the
games in progress are already counted (so none is counted twice).

The file is read and written with :mod:`game.data.files` (:func:`~game.data.files.read_json`,
:func:`~game.data.files.write_json`); the interface's keeper counts a finished hand in the
writer thread, after the save that holds it (:mod:`game.ui.persist`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import games
from ..engine.message import Message
from .files import Paths, read_json, write_json

STATS_VERSION = 1

STAT_FIELDS = ("hands_played", "hands_won", "hands_lost", "hands_drawn", "games_played",
               "games_won", "games_lost", "games_drawn", "streak", "best_streak", "points",
               "games_abandoned")
"""Per game: counts, the current and best streak of won games, (French Tarot) the sum of
South's hand scores, and the games replaced by a new one before their end."""

OUTCOMES = ("won", "lost", "drawn")
"""A hand's or a game's outcome for South's side."""
HAND_HISTORY = 200
"""How many of a game's latest hands its history keeps (outcome and South's side's score)."""
GAME_HISTORY = 100
"""How many of a game's latest games its history keeps (outcome)."""


@dataclass
class History:
    """A game's latest results, oldest first, bounded (:data:`HAND_HISTORY`,
    :data:`GAME_HISTORY`): the statistics page's rates, average and plot read it."""

    hands: list[tuple[str, int]] = field(default_factory=list)
    """Each hand's outcome and South's side's score for it (what the game's presentation
    counts: ``hand_points``)."""
    games: list[str] = field(default_factory=list)
    """Each game's outcome."""

    def add_hand(self, outcome: str, points: int) -> None:
        """Keep a finished hand, forgetting the oldest past the bound."""
        self.hands.append((outcome, points))
        del self.hands[:-HAND_HISTORY]

    def add_game(self, outcome: str) -> None:
        """Keep a finished game, forgetting the oldest past the bound."""
        self.games.append(outcome)
        del self.games[:-GAME_HISTORY]

    def to_json(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "games": list(self.games)}


def history_valid(data: Any) -> bool:
    """True for one game's saved history of the right shape (within the bounds)."""
    if not (isinstance(data, dict) and isinstance(data.get("hands"), list)
            and isinstance(data.get("games"), list)):
        return False
    return (len(data["hands"]) <= HAND_HISTORY and len(data["games"]) <= GAME_HISTORY
            and all(isinstance(h, list) and len(h) == 2 and h[0] in OUTCOMES
                    and type(h[1]) is int and abs(h[1]) <= 10**6 for h in data["hands"])
            and all(g in OUTCOMES for g in data["games"]))


def history_from_json(data: Mapping[str, Any]) -> History:
    """A history from its saved form (checked with :func:`history_valid`)."""
    return History([(o, p) for o, p in data["hands"]], list(data["games"]))


@dataclass
class Statistics:
    """South's record per game, and which hands of the game in progress are already counted
    (so that a resumed game — even after a crash between two writes — never counts a hand or a
    game twice)."""

    games: dict[str, dict[str, int]] = field(default_factory=dict)
    counted: dict[str, Any] | None = None
    """``{"game", "seed", "hands", "over"}``: the match in progress, its hands counted so far
    and whether its end was counted."""
    others: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The same for the other games' matches in progress, per game (one game of each game is
    kept in progress)."""
    history: dict[str, History] = field(default_factory=dict)
    """Per game, its latest hands and games (saved under ``"history"``, beside the counters
    so that a damaged history can be dropped alone)."""

    def of(self, game: str) -> dict[str, int]:
        """The counters of ``game`` (created at zero)."""
        return self.games.setdefault(game, dict.fromkeys(STAT_FIELDS, 0))

    def record_hand(self, game: str, outcome: str, points: int = 0) -> None:
        """Count a finished hand: ``outcome`` is ``"won"``, ``"lost"`` or ``"drawn"``."""
        g = self.of(game)
        g["hands_played"] += 1
        g[f"hands_{outcome}"] += 1
        g["points"] += points
        self.history_of(game).add_hand(outcome, points)

    def record_game(self, game: str, outcome: str) -> None:
        """Count a finished game (``"won"``, ``"lost"`` or ``"drawn"``) and the streak."""
        g = self.of(game)
        g["games_played"] += 1
        g[f"games_{outcome}"] += 1
        g["streak"] = g["streak"] + 1 if outcome == "won" else 0
        g["best_streak"] = max(g["best_streak"], g["streak"])
        self.history_of(game).add_game(outcome)

    def history_of(self, game: str) -> History:
        """``game``'s latest results (created empty)."""
        return self.history.setdefault(game, History())

    def win_rate(self, game: str, of: str) -> float | None:
        """The share (0 to 1) of ``game``'s ``of`` (``"hands"`` or ``"games"``) that South's
        side won, over all counted; ``None`` before any."""
        g = self.games.get(game, {})
        played = g.get(f"{of}_played", 0)
        return g.get(f"{of}_won", 0) / played if played > 0 else None

    def average_points(self, game: str) -> float | None:
        """South's side's average score per hand over ``game``'s kept history (its latest
        :data:`HAND_HISTORY` hands); ``None`` before any."""
        hands = self.history.get(game, History()).hands
        return sum(p for _, p in hands) / len(hands) if hands else None

    def count_match(self, game: str, seed: int, hands: Sequence[tuple[str, int]],
                    game_outcome: str | None) -> bool:
        """Bring the counters up to date with a match: ``hands`` are the outcomes (and Tarot
        points) of its finished hands in order, ``game_outcome`` its result once it is over.
        Only what was not counted before is counted; returns True when anything changed.
        A match of ``game`` counted before and not over that is not this one (another seed)
        was replaced by it: counted once as abandoned, in the same write that forgets it.
        So was a match of the same game at another table (``"tarot"`` when ``game`` is
        ``"tarot-5"``): the app keeps one game in progress per game, whatever its table, so a
        new French Tarot game for five replaces the one for four — it is counted as abandoned
        under its own key (its table's statistics)."""
        c = self.counted
        if not (isinstance(c, dict) and c.get("game") == game):
            if isinstance(c, dict):
                self.others[str(c.get("game"))] = c
            c = self.others.pop(game, None)
        replaced = False
        for key in [k for k in self.others if k != game and stats_game(k) == stats_game(game)]:
            other = self.others.pop(key)
            if not other.get("over"):
                self.of(key)["games_abandoned"] += 1
            replaced = True
        if c is not None and c.get("seed") != seed:
            if not c["over"]:
                self.of(game)["games_abandoned"] += 1
            c = None
        if c is None:
            c = {"game": game, "seed": seed, "hands": 0, "over": False}
        done = int(c["hands"])
        changed = replaced or c is not self.counted
        for outcome, points in hands[done:]:
            self.record_hand(game, outcome, points)
            changed = True
        c["hands"] = max(done, len(hands))
        if game_outcome is not None and not c["over"]:
            self.record_game(game, game_outcome)
            c["over"] = changed = True
        self.counted = c
        return changed

    def reset(self, game: str | None = None) -> None:
        """Forget one game's statistics, or all (the match in progress stays counted)."""
        if game is None:
            self.games.clear()
            self.history.clear()
        else:
            self.games.pop(game, None)
            self.history.pop(game, None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": STATS_VERSION, "games": self.games}
        if self.history:
            out["history"] = {g: h.to_json() for g, h in self.history.items()}
        if self.counted is not None:
            out["counted"] = self.counted
        if self.others:
            out["counted_others"] = self.others
        return out


def stats_key(game: str, options: Mapping[str, Any] | None = None) -> str:
    """Where the statistics count a match of ``game`` with these (full) ``options``: the game's
    name for its four-player table (as every statistics file written before French Tarot had
    other tables), else the name and the table size (``"tarot-5"``): the tables are kept
    apart."""
    players = (options or {}).get("players", 4)
    return game if players == 4 else f"{game}-{players}"


def stats_game(key: str) -> str:
    """The game a statistics key counts (``"tarot-5"`` → ``"tarot"``)."""
    game, _sep, players = key.rpartition("-")
    return game if players in ("3", "5") and game in games.GAME_MODULES else key


def stats_players(key: str) -> int:
    """The table size a statistics key counts (four unless the key names another)."""
    return 4 if stats_game(key) == key else int(key.rpartition("-")[2])


def _counted_valid(c: Any) -> bool:
    return (isinstance(c, dict) and isinstance(c.get("game"), str) and type(c.get("seed")) is int
            and type(c.get("hands")) is int and c["hands"] >= 0
            and isinstance(c.get("over"), bool))


def statistics_valid(data: Any) -> bool:
    """True for a statistics file's content of the right shape. Its ``"history"`` (absent
    from files written before there was one) is not looked at: :func:`load_statistics` keeps
    each game's valid history and drops a damaged one alone."""
    return (isinstance(data, dict) and isinstance(data.get("games"), dict)
            and all(stats_game(g) in games.GAME_MODULES and isinstance(v, dict)
                    and all(k in STAT_FIELDS and type(n) is int and n >= -10**9
                            for k, n in v.items())
                    for g, v in data["games"].items()))


def load_statistics(paths: Paths, blocked: set[Path] | None = None
                    ) -> tuple[Statistics, Message | None]:
    """The saved statistics (empty when missing or damaged) and a notice if damaged or
    unreadable (then the path is added to ``blocked``: never write it this session)."""
    found = read_json(paths.statistics, "statistics", statistics_valid)
    if found.blocked and blocked is not None:
        blocked.add(paths.statistics)
    stats = Statistics()
    if found.data is not None:
        for game, counters in found.data["games"].items():
            stats.of(game).update(counters)
        if _counted_valid(found.data.get("counted")):
            stats.counted = dict(found.data["counted"])
        others = found.data.get("counted_others")
        if isinstance(others, dict):
            stats.others = {g: dict(c) for g, c in others.items()
                            if _counted_valid(c) and c["game"] == g}
        if not _load_history(stats, found.data.get("history")):
            return stats, HISTORY_DROPPED
    return stats, found.notice


HISTORY_DROPPED = Message("Part of your statistics' history of recent results was damaged and "
                          "was started afresh; your totals are kept.")
"""The notice when a damaged history is dropped (**decision**: the file is not moved aside,
the counters are kept, and the next write replaces the damaged part)."""


def _load_history(stats: Statistics, data: Any) -> bool:
    """Put each game's valid saved history into ``stats``; False when some of it was
    damaged (and dropped). No history at all (an older file) is fine."""
    if data is None:
        return True
    if not isinstance(data, dict):
        return False
    whole = True
    for game, kept in data.items():
        if stats_game(game) in games.GAME_MODULES and history_valid(kept):
            stats.history[game] = history_from_json(kept)
        else:
            whole = False
    return whole


def save_statistics(paths: Paths, stats: Statistics) -> None:
    """Write the statistics atomically."""
    write_json(paths.statistics, stats.to_json())

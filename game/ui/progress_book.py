"""A learner's progress (issue 39): every decision of South in an ordinary hand, judged after
the hand by the strong player (:mod:`game.engine.judging`, in the AI's workers:
:mod:`.judge`), added up per statistics key (:func:`game.storage.stats_key`: a game, and
French Tarot's table size) — ``progress.json`` in the data folder, beside the statistics::

    {"format": "four-trumps/progress", "version": 1,
     "games": {"turup": {"totals": {"hands": 12, "judged": 140, "agreed": 101, "near": 30,
                                    "mistake": 9, "costed": 8, "cost": 61.5},
                         "hands": [{"id": "turup/12345/0", "judged": 11, "agreed": 8,
                                    "near": 2, "mistake": 1, "costed": 1, "cost": 6.0,
                                    "kinds": {"lead": [3, 1, 6.0, 1], …},
                                    "marks": [[14, "lead", 6.0]], "record": {…}}, …]}},
     "pending": [{"id": "tarot/777/2", "key": "tarot", "record": {…}}]}

``totals`` count every hand judged since the last reset; ``hands`` keep the latest
:data:`KEEP_HANDS` (the plot, the last ten, the kinds), each with its counts per kind
(judged, mistakes, summed cost, mistakes with a cost), where its mistakes were (``marks``:
the action's index in the hand record, its kind, its cost) and — for the latest
:data:`KEEP_RECORDS` — the hand record itself, so that "Show me one" can open the review
there. ``pending`` are finished hands not judged yet: a hand whose judging was cut short by
quitting (or a kill) is judged at the next start.

Like :mod:`.daily_book`: read once, the first time it is asked, with the careful reader of
:mod:`game.storage` (a damaged file is moved aside and said once; an unreadable one is left
alone and never written); written whole through the session keeper's writer (atomic, in the
background, retried when the disk refuses). Without a keeper the book lives in memory only.

**Decision** (strict reading, as the deal of the day's files): the file is valid only as a
whole — its format and version, every count a non-negative integer, every cost a number,
every kind one of :data:`~game.engine.judging.KINDS`, a kept record a hand record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import storage
from ..engine.judging import KINDS, MISTAKE, VERDICTS, Judgement
from ..engine.message import Word
from .daily_book import is_hand, storage_copy

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .persist import Keeper

FORMAT = "four-trumps/progress"
VERSION = 1
FILE_NAME = "progress.json"
FILE_WORD = Word("progress file")
"""The file as the calm lines name it."""
KEEP_HANDS = 200
"""The latest judged hands kept per key (as the statistics' history of hands)."""
KEEP_RECORDS = 20
"""Of those, the latest whose hand record is kept ("Show me one")."""
RECENT = 10
"""The page's "last hands" figures are over this many latest hands."""
COUNTS = ("judged", *VERDICTS, "costed")
"""A hand's (and the totals') integer counts; ``cost`` beside them is the summed cost."""


@dataclass(frozen=True)
class Summary:
    """A key's figures over some hands (:meth:`ProgressBook.summary`)."""

    hands: int
    """Hands judged."""
    judged: int
    """Decisions judged in them (decisions with a single legal choice are none)."""
    agreed: float | None
    """The share of those where the player chose what the strong player chose."""
    per_hundred: float | None
    """Mistakes backed by evidence per 100 decisions."""
    mean_cost: float | None
    """The mean cost of a mistake the layouts measured, in the game's unit; ``None`` without
    any."""


@dataclass(frozen=True)
class KindLoss:
    """One kind of decision over the kept hands (:meth:`ProgressBook.worst`)."""

    kind: str
    judged: int
    mistakes: int
    cost: float
    """The summed cost of its measured mistakes (the game's unit)."""
    costed: int


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and abs(value) <= 10**9


def _valid_counts(entry: Any) -> bool:
    return isinstance(entry, dict) and all(_is_count(entry.get(k)) for k in COUNTS) \
        and _is_number(entry.get("cost"))


def _valid_hand(entry: Any) -> bool:
    if not (_valid_counts(entry) and isinstance(entry.get("id"), str)):
        return False
    kinds, marks = entry.get("kinds"), entry.get("marks")
    return isinstance(kinds, dict) and all(
        k in KINDS and isinstance(v, list) and len(v) == 4 and _is_count(v[0])
        and _is_count(v[1]) and _is_number(v[2]) and _is_count(v[3])
        for k, v in kinds.items()) \
        and isinstance(marks, list) and all(
            isinstance(m, list) and len(m) == 3 and _is_count(m[0]) and m[1] in KINDS
            and (m[2] is None or _is_number(m[2])) for m in marks) \
        and ("record" not in entry or is_hand(entry["record"]))


def valid(data: Any) -> bool:
    """``data`` is the file's content (see the module's docstring: strict)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("version") != VERSION:
        return False
    kept, pending = data.get("games"), data.get("pending")
    return isinstance(kept, dict) and all(
        isinstance(key, str) and isinstance(g, dict) and _valid_counts(g.get("totals"))
        and _is_count(g["totals"].get("hands")) and isinstance(g.get("hands"), list)
        and len(g["hands"]) <= KEEP_HANDS and all(_valid_hand(h) for h in g["hands"])
        for key, g in kept.items()) \
        and isinstance(pending, list) and all(
            isinstance(p, dict) and isinstance(p.get("id"), str)
            and isinstance(p.get("key"), str) and is_hand(p.get("record")) for p in pending)


def hand_entry(hand_id: str, record: Mapping[str, Any],
               judged: Sequence[tuple[int, Judgement]]) -> dict[str, Any]:
    """A judged hand as the file keeps it: ``judged`` are its decisions (the index of each in
    the hand record's actions, and its judgement)."""
    entry: dict[str, Any] = {"id": hand_id, **dict.fromkeys(COUNTS, 0), "cost": 0.0,
                             "kinds": {}, "marks": [], "record": storage_copy(record)}
    for index, j in judged:
        kind = entry["kinds"].setdefault(j.kind, [0, 0, 0.0, 0])
        entry["judged"] += 1
        kind[0] += 1
        entry[j.verdict] += 1
        if j.verdict != MISTAKE:
            continue
        kind[1] += 1
        entry["marks"].append([index, j.kind, j.cost])
        if j.cost is not None:
            entry["costed"] += 1
            entry["cost"] += j.cost
            kind[2] += j.cost
            kind[3] += 1
    return entry


class ProgressBook:
    """A learner's progress for one session (see the module's docstring); ``keeper``: where
    it is saved (``None``: nowhere). Only the frame loop's thread changes it."""

    def __init__(self, keeper: Keeper | None = None) -> None:
        self.keeper = keeper
        self.games: dict[str, dict[str, Any]] = {}
        """Key → ``{"totals": …, "hands": […]}`` as the file holds it."""
        self.pending: list[dict[str, Any]] = []
        """Finished hands waiting to be judged: ``{"id", "key", "record"}``."""
        self.notice: str | None = None
        """The one line about the file when it was read (damaged, unreadable), until a screen
        has said it."""
        self.changes = 0
        """How many times the book changed in this session (a page showing it lays out
        again when it moves)."""
        self._loaded = keeper is None

    @property
    def path(self) -> Path | None:
        """Where the file is (``None``: nothing is saved)."""
        return self.keeper.paths.data / FILE_NAME if self.keeper is not None else None

    def load(self) -> ProgressBook:
        """Read the file the first time (afterwards: nothing); returns the book. Never raises
        for the file's sake."""
        if self._loaded or self.keeper is None:
            return self
        self._loaded = True
        path = self.keeper.paths.data / FILE_NAME
        found = storage.read_json(path, FILE_WORD, valid)
        if found.blocked:
            self.keeper.writer.blocked.add(path)
        self.notice = found.notice
        if found.data is not None:
            self.games = found.data["games"]
            self.pending = found.data["pending"]
        return self

    def known(self, hand_id: str) -> bool:
        """Whether the hand ``hand_id`` is judged (among the kept hands) or waiting."""
        self.load()
        return any(p["id"] == hand_id for p in self.pending) or any(
            h["id"] == hand_id for g in self.games.values() for h in g["hands"])

    def add_pending(self, hand_id: str, key: str, record: Mapping[str, Any]) -> bool:
        """Keep a finished hand to judge (false, nothing changed, when it is known)."""
        if self.known(hand_id):
            return False
        self.pending.append({"id": hand_id, "key": key, "record": storage_copy(record)})
        self.save()
        return True

    def record(self, hand_id: str, judged: Sequence[tuple[int, Judgement]]) -> bool:
        """The waiting hand ``hand_id`` is judged: count it under its key, forget it as
        waiting (false, nothing changed, when it is not waiting: reset meanwhile)."""
        self.load()
        waiting = next((p for p in self.pending if p["id"] == hand_id), None)
        if waiting is None:
            return False
        self.pending = [p for p in self.pending if p is not waiting]
        if not judged:  # nothing to decide in it (a hand thrown in): not a hand judged
            self.save()
            return True
        kept = self.games.setdefault(waiting["key"], {
            "totals": {"hands": 0, **dict.fromkeys(COUNTS, 0), "cost": 0.0}, "hands": []})
        entry = hand_entry(hand_id, waiting["record"], judged)
        totals = dict(kept["totals"])
        totals["hands"] += 1
        for name in (*COUNTS, "cost"):
            totals[name] += entry[name]
        hands = [*kept["hands"], entry][-KEEP_HANDS:]
        for old in hands[:-KEEP_RECORDS]:
            old.pop("record", None)
        self.games[waiting["key"]] = {"totals": totals, "hands": hands}
        self.save()
        return True

    def waiting(self, key: str) -> int:
        """How many finished hands of ``key`` wait to be judged."""
        return sum(1 for p in self.load().pending if p["key"] == key)

    def reset(self, key: str | None = None) -> None:
        """Forget one key's progress (its waiting hands too), or everyone's."""
        self.load()
        if key is None:
            self.games, self.pending = {}, []
        else:
            self.games.pop(key, None)
            self.pending = [p for p in self.pending if p["key"] != key]
        self.save()

    # -- figures ---------------------------------------------------------------------------

    def summary(self, key: str, last: int | None = None) -> Summary:
        """``key``'s figures over every hand judged (``last`` ``None``) or its latest
        ``last`` hands."""
        kept = self.load().games.get(key)
        if kept is None:
            return Summary(0, 0, None, None, None)
        if last is None:
            counts = kept["totals"]
        else:
            hands = kept["hands"][-last:]
            counts = {name: sum(h[name] for h in hands) for name in (*COUNTS, "cost")}
            counts["hands"] = len(hands)
        judged = counts["judged"]
        return Summary(
            counts["hands"], judged, counts["agreed"] / judged if judged else None,
            100 * counts["mistake"] / judged if judged else None,
            counts["cost"] / counts["costed"] if counts["costed"] else None)

    def per_hundred(self, key: str) -> list[float]:
        """Mistakes per 100 decisions in each kept hand of ``key`` with a decision judged,
        oldest first (the page's plot)."""
        hands = self.load().games.get(key, {}).get("hands", [])
        return [100 * h["mistake"] / h["judged"] for h in hands if h["judged"]]

    def worst(self, key: str, count: int = 3) -> list[KindLoss]:
        """The ``count`` kinds of decision where the player loses most over ``key``'s kept
        hands, worst first. **Decision**: ranked by the summed cost the layouts measured,
        then by the number of mistakes (a bid's or a call's mistake has no measured cost:
        such kinds come after those whose cost is known, by their count); kinds without a
        mistake are not listed."""
        sums: dict[str, list[float]] = {}
        for hand in self.load().games.get(key, {}).get("hands", []):
            for kind, (judged, mistakes, cost, costed) in hand["kinds"].items():
                total = sums.setdefault(kind, [0, 0, 0.0, 0])
                for i, value in enumerate((judged, mistakes, cost, costed)):
                    total[i] += value
        losses = [KindLoss(k, int(v[0]), int(v[1]), v[2], int(v[3]))
                  for k, v in sums.items() if v[1] > 0]
        losses.sort(key=lambda k: (-k.cost, -k.mistakes, KINDS.index(k.kind)))
        return losses[:count]

    def example(self, key: str, kind: str) -> tuple[dict[str, Any], int] | None:
        """A mistake of ``kind`` to show: the hand record (a copy) and the action's index —
        the costliest such mistake of the latest kept hand that has one."""
        for hand in reversed(self.load().games.get(key, {}).get("hands", [])):
            marks = [m for m in hand["marks"] if m[1] == kind]
            if marks and "record" in hand:
                mark = max(marks, key=lambda m: -1.0 if m[2] is None else m[2])
                return storage_copy(hand["record"]), int(mark[0])
        return None

    # -- the file ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The file's content: new containers throughout (the writer thread may read it
        while the book changes; kept records are never changed in place)."""
        return {"format": FORMAT, "version": VERSION,
                "games": {k: {"totals": dict(g["totals"]),
                              "hands": [dict(h) for h in g["hands"]]}
                          for k, g in self.games.items()},
                "pending": [dict(p) for p in self.pending]}

    def save(self) -> None:
        """Count a change (:attr:`changes`) and hand the file's content to the keeper's
        writer (no-op without a keeper)."""
        self.changes += 1
        if self.path is not None and self.keeper is not None:
            self.keeper.writer.put(self.path, self.to_json())

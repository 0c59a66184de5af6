"""The arena's chunk files: a run of duplicate deals cut into chunks (``arena --first F
--deals N --save FILE``), played on any machines at any time, and added up into one result
(``arena --merge FILE ...``).

A chunk file is JSON lines. The first line says what was played — the :class:`Settings`, the
chunk's first deal and number of deals, the machine and engine — and each later line is one
deal as soon as it was played (:class:`Deal`: its index, A's margin, the French Tarot seatings'
``(role, margin)`` and the layouts of each searched decision), with its decision times; the
last line, written when the chunk ends, says how long it took. A chunk cut short by a kill
keeps every deal it finished, and a file of a finished chunk may be gzipped (``.gz``) to keep.

**Decisions.** Chunks add up when they were played with the same settings (their
:meth:`Settings.key`): with a budget in layouts a deal is played the same on every machine with
any number of worker processes, so ``workers`` is not part of the key then; with a time budget
it is (and the chunks of several machines are then only as comparable as the machines). A deal
in two chunks is refused rather than counted twice. Decision times are kept per deal so that
the merged ``move_ms`` is that of every decision merged; the result lists each chunk (file,
deals, machine) so that a figure can say where it was measured.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import os
import platform
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any

from .native import COMPILED, mypyc_attr

FORMAT = "four-trumps arena chunk 1"
"""The first line's ``format``: what a chunk file is, and which version of it."""


@mypyc_attr(native_class=False)  # pickled to the arena's job processes: see native.py
@dataclass(frozen=True)
class Settings:
    """What a run of the arena plays (see :mod:`.arena`): the game and table, the two
    levels, the run's seed, hard's budget (``layouts`` above 0: in layouts; else
    ``budget_ms``), the options that change a side's play, and each search's processes."""

    game: str
    a: str
    b: str
    seed: int
    players: int = 4
    budget_ms: float = 250.0
    layouts: int = 0
    inference: str = ""
    plain: str = ""
    workers: int = 1

    def key(self) -> dict[str, Any]:
        """What must be equal for two chunks to add up: every setting, but ``workers`` when the
        budget is counted in layouts (it then changes nothing but the time), and the unused
        ``budget_ms``."""
        out = dataclasses.asdict(self)
        if self.layouts:
            del out["workers"], out["budget_ms"]
        return out


@mypyc_attr(native_class=False)  # copied like every frozen dataclass: see native.py
@dataclass(frozen=True)
class Deal:
    """One played deal of a run: its ``index``, A's ``margin`` on it, the French Tarot
    seatings' ``(role, margin)`` (empty in the other games), per level the layouts of each of
    its searched decisions, and French Tarot's contracts (``(side, made, score)``:
    :func:`~.arena.play_deal_roles`)."""

    index: int
    margin: float
    roles: list[tuple[str, float]]
    samples: dict[str, list[int]]
    contracts: list[tuple[str, bool, float]] = dataclasses.field(default_factory=list)


def machine() -> str:
    """This machine in a few words: cores, architecture, Python (where a figure came from)."""
    return (f"{os.cpu_count() or 1} cores, {platform.machine() or 'unknown'}, "
            f"{platform.system() or 'unknown'}, Python {platform.python_version()}")


class Writer:
    """Writes one chunk's file as its deals are played (an existing file is replaced)."""

    def __init__(self, path: str, settings: Settings, first: int, deals: int) -> None:
        self._started = time.perf_counter()
        self._file: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115
        self._line({"format": FORMAT, "settings": dataclasses.asdict(settings),
                    "first": first, "deals": deals, "machine": machine(),
                    "engine": "compiled (mypyc)" if COMPILED else "pure Python",
                    "started": time.strftime("%Y-%m-%d %H:%M:%S %z")})

    def _line(self, obj: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()

    def deal(self, deal: Deal, times: Mapping[str, list[float]]) -> None:
        """Write one finished deal (``times``: its decision times per level, ms)."""
        self._line({"deal": deal.index, "margin": deal.margin,
                    "roles": [[r, m] for r, m in deal.roles], "samples": deal.samples,
                    "contracts": [[w, made, x] for w, made, x in deal.contracts],
                    "ms": {level: [round(t, 1) for t in ts] for level, ts in times.items()}})

    def close(self) -> None:
        """End the file with the chunk's wall time."""
        self._line({"seconds": round(time.perf_counter() - self._started, 1)})
        self._file.close()


@dataclass
class Chunk:
    """A chunk file as read: its settings, first deal, planned deals, machine, engine, the
    deals it holds (with their decision times) and its wall time (``None``: cut short)."""

    path: str
    settings: Settings
    first: int
    planned: int
    machine: str
    engine: str
    deals: list[Deal]
    times: dict[str, list[float]]
    seconds: float | None


def _lines(path: str) -> Iterator[tuple[int, Any]]:
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    try:
                        yield number, json.loads(line)
                    except ValueError:
                        if number > 1:  # a last line cut by a kill: the deals before it count
                            continue
                        raise ValueError(f"{path}: not an arena chunk file") from None
    except (OSError, EOFError, UnicodeDecodeError) as err:
        raise ValueError(f"{path}: cannot be read ({err})") from None


def read(path: str) -> Chunk:
    """The chunk file at ``path``; ``ValueError`` saying what is wrong with it otherwise."""
    chunk: Chunk | None = None
    for number, obj in _lines(path):
        if chunk is None:
            if not isinstance(obj, dict) or obj.get("format") != FORMAT:
                raise ValueError(f"{path}: not an arena chunk file")
            try:
                settings = Settings(**obj["settings"])
                chunk = Chunk(path, settings, int(obj["first"]), int(obj["deals"]),
                              str(obj.get("machine", "")), str(obj.get("engine", "")), [], {},
                              None)
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"{path}: its first line is damaged") from None
            continue
        try:
            if "seconds" in obj:
                chunk.seconds = float(obj["seconds"])
                continue
            chunk.deals.append(Deal(int(obj["deal"]), float(obj["margin"]),
                                    [(str(r), float(m)) for r, m in obj["roles"]],
                                    {str(k): [int(n) for n in v]
                                     for k, v in obj["samples"].items()},
                                    [(str(w), bool(made), float(x))
                                     for w, made, x in obj.get("contracts", [])]))
            for level, ts in obj["ms"].items():
                chunk.times.setdefault(str(level), []).extend(float(t) for t in ts)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ValueError(f"{path}, line {number}: not a deal of the arena") from None
    if chunk is None:
        raise ValueError(f"{path}: empty (not an arena chunk file)")
    return chunk


def gather(paths: list[str]) -> tuple[Settings, list[Deal], dict[str, list[float]],
                                      list[Chunk]]:
    """The chunks at ``paths`` together: the first one's settings, every deal in index
    order, every decision's time per level, and the chunks; ``ValueError`` when a file is not
    a chunk, when two chunks were played with different settings, or when a deal is in two of
    them."""
    if not paths:
        raise ValueError("--merge needs at least one chunk file")
    chunks = [read(p) for p in paths]
    first = chunks[0]
    seen: dict[int, str] = {}
    times: dict[str, list[float]] = {}
    for c in chunks:
        if c.settings.key() != first.settings.key():
            diff = sorted(k for k, v in c.settings.key().items()
                          if first.settings.key().get(k) != v)
            raise ValueError(f"{c.path} was played with other settings than {first.path} "
                             f"({', '.join(diff)})")
        for d in c.deals:
            if d.index in seen:
                raise ValueError(f"deal {d.index} is in both {seen[d.index]} and {c.path}")
            seen[d.index] = c.path
        for level, ts in c.times.items():
            times.setdefault(level, []).extend(ts)
    deals = sorted((d for c in chunks for d in c.deals), key=lambda d: d.index)
    if not deals:
        raise ValueError("the chunk files hold no finished deal")
    return first.settings, deals, times, chunks


def describe(chunks: list[Chunk]) -> list[dict[str, Any]]:
    """The merged result's ``chunks``: per file its first deal, the deals it holds (and had
    planned, when cut short), its workers, machine, engine and wall time."""
    out = []
    for c in chunks:
        entry: dict[str, Any] = {"file": os.path.basename(c.path), "first": c.first,
                                 "deals": len(c.deals)}
        if c.seconds is None or len(c.deals) != c.planned:
            entry["planned"] = c.planned
        entry.update({"workers": c.settings.workers, "machine": c.machine, "engine": c.engine,
                      "seconds": c.seconds})
        out.append(entry)
    return out

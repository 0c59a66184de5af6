"""The partner a player sits beside: how often each level, as South's partner, makes the plays a
player calls blunders (issue 38, item 5) — overtaking or trumping partner's sure winner when not
forced, leading into an opponent's known void, throwing points to an opponent's sure winner
(the kinds and their exact definitions: :mod:`game.engine.ai.blunders`).

    python benchmarks/partner_blunders.py [--games g1,g2] [--levels easy,normal,hard]
                                          [--hands N] [--seed S] [--layouts N] [--jobs J]

For each game and level, hands ``0 .. N-1`` are dealt as the arena deals them
(``records.new_deal(game, seed * 1_000_003 + i, dealer=i % 4)``) and played with the level
under test at North (South's partner) and normal players at South, East and West (the players'
seeds ``seed * 7919 + i * 4 + seat``); every card North plays is classified from North's own
knowledge. The hard level's budget is ``--layouts`` layouts per decision, untimed (default: the
arena's :func:`~game.engine.arena.default_layouts`), so the figures do not depend on the
machine or its load.

Prints one JSON line per (game, level): the hands, North's card plays, and per kind the count,
the rate per 1,000 hands with its 95% interval (normal approximation over the hands' counts;
with no blunder at all, 0 to the rule of three's 3,000 / hands) and up to ``EXAMPLES``
positions written as a player reads them. Also the CPU seconds the run took.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import cards as C
from game.engine import records
from game.engine.ai import make_player
from game.engine.ai.blunders import GAMES, KINDS, classify
from game.engine.arena import DEAL_STRIDE, default_layouts
from game.engine.knowledge import Knowledge

NORTH = 2
EXAMPLES = 3
"""Example positions kept per kind."""


def card(name: str) -> str:
    """A card as a player reads it (``Q♠``)."""
    return C.pretty36(C.parse36(name))


def suits(letters: frozenset[str]) -> str:
    """Suit letters as a player reads them (``♠♦``)."""
    return "".join(C.SUIT_SYMBOLS[C.SUITS.index(v)] for v in sorted(letters, key=C.SUITS.index))


def describe(k: Knowledge, played: str, kind: str) -> str:
    """The position of a blunder as a player reads it: trump, the trick so far, the voids
    shown, the seat's hand and the card it played."""
    open_trick = k.tricks[-1] if k.tricks and k.tricks[-1]["winner"] is None else None
    if open_trick is None:
        trick = "North leads"
    else:
        order = [a["seat"] for a in k.history if "play" in a][-len(open_trick["cards"]):]
        trick = "trick so far " + ", ".join(
            f"{s} {card(c)}" for s, c in zip(order, open_trick["cards"], strict=True))
    voids = "; ".join(f"{k.seats[s]} void in {suits(letters)}"
                      for s, letters in enumerate(k.voids) if letters) or "no voids shown"
    trump = C.SUIT_SYMBOLS[C.SUITS.index(k.trump)] if k.trump else "none"
    done = sum(1 for t in k.tricks if t["winner"] is not None)
    return (f"{kind}: trick {done + 1}, trump {trump}, {trick}; {voids}; North holds "
            f"{' '.join(card(c) for c in k.hand)}; North played {card(played)}")


def play_one(args: tuple[str, str, int, int, int]) -> dict[str, Any]:
    """Play hand ``i`` of ``game`` with ``level`` at North; North's card plays and blunders."""
    game, level, seed, i, layouts = args
    record = records.new_deal(game, seed * DEAL_STRIDE + i, dealer=i % 4)
    _, hand = records.replay_hand(record)
    players = [make_player(level if s == NORTH else "normal", seed * 7919 + i * 4 + s,
                           layouts=layouts) for s in range(4)]
    plays = 0
    found: list[tuple[str, str]] = []
    start = time.process_time()
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        k = hand.knowledge(seat)
        decision = players[seat].decide(k)
        if seat == NORTH and "play" in decision.action:
            plays += 1
            kind = classify(k, decision.action)
            if kind:
                found.append((kind, describe(k, decision.action["play"], kind)))
        hand.apply(decision.action)
    return {"plays": plays, "found": found, "cpu": time.process_time() - start}


def rate(counts: list[int]) -> tuple[float, list[float]]:
    """Blunders per 1,000 hands from the per-hand ``counts``, with its 95% interval."""
    n = len(counts)
    mean = statistics.fmean(counts)
    if not any(counts):
        return 0.0, [0.0, round(3000.0 / n, 1)]
    half = 1.96 * statistics.stdev(counts) / math.sqrt(n) if n > 1 else 0.0
    return (round(1000 * mean, 1),
            [round(1000 * max(0.0, mean - half), 1), round(1000 * (mean + half), 1)])


def measure(game: str, level: str, hands: int, seed: int, layouts: int,
            jobs: int) -> dict[str, Any]:
    """The JSON line of ``game`` and ``level`` (see the module docstring)."""
    tasks = [(game, level, seed, i, layouts) for i in range(hands)]
    results: Iterator[dict[str, Any]]
    if jobs > 1:
        pool = ProcessPoolExecutor(jobs)
        results = pool.map(play_one, tasks, chunksize=4)
    else:
        pool = None
        results = map(play_one, tasks)
    per_hand: dict[str, list[int]] = {kind: [] for kind in KINDS}
    examples: dict[str, list[str]] = {kind: [] for kind in KINDS}
    plays = 0
    cpu = 0.0
    for r in results:
        plays += r["plays"]
        cpu += r["cpu"]
        for kind in KINDS:
            per_hand[kind].append(sum(1 for k, _ in r["found"] if k == kind))
        for kind, text in r["found"]:
            if len(examples[kind]) < EXAMPLES:
                examples[kind].append(text)
    if pool is not None:
        pool.shutdown()
    kinds = {}
    for kind in KINDS:
        per1000, ci = rate(per_hand[kind])
        kinds[kind] = {"count": sum(per_hand[kind]), "per_1000_hands": per1000, "ci95": ci,
                       "examples": examples[kind]}
    return {"game": game, "level": level, "hands": hands, "seed": seed,
            **({"layouts": layouts} if level == "hard" else {}),
            "north_card_plays": plays, "kinds": kinds, "cpu_s": round(cpu, 1)}


def main(argv: list[str] | None = None) -> int:
    """Parse the options and print one JSON line per (game, level)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--levels", default="easy,normal,hard")
    p.add_argument("--hands", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--layouts", default="default",
                   help="hard's layouts per decision (default: the arena's for the game)")
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    for game in a.games.split(","):
        if game not in GAMES:
            p.error(f"unknown partnership game {game!r} (known: {', '.join(GAMES)})")
        layouts = default_layouts(game) if a.layouts == "default" else int(a.layouts)
        for level in a.levels.split(","):
            print(json.dumps(measure(game, level, a.hands, a.seed, layouts, a.jobs),
                             ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

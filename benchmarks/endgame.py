"""Exact endings: how long solving all the candidate cards of one sampled layout takes, by
cards left in all hands, per game (what the games' ``EXACT_CARDS`` thresholds are set from).

    python benchmarks/endgame.py [--positions N] [--games g1,g2] [--cards 4,8,12] [--seed S]
                                 [--no-claims]

For each game (``tarot`` at four, ``tarot3`` and ``tarot5`` at three and five) and each number
of cards left: ``--positions`` real deals are played forward with random legal actions until at
most that many cards are left in all hands at a card to play; there one layout of the unseen
cards is sampled as the hard search samples it and every candidate card of the search is
solved exactly (one solver, its table shared by the candidates). Prints one JSON line per game
and number of cards: the median, p95, p99 and max wall-clock time in milliseconds, the median
processor time (the machine is shared: the difference is other processes' share) and the
median and max nodes visited, and the mean number of positions the claim's proof settled
(``--no-claims``: the solver without that base, to compare; Turup never takes it, see
``TurupAI.CLAIMS``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import records
from game.engine.ai import tarot as tarot_ai
from game.engine.ai.arbaa_turub import ArbaaTurubAI
from game.engine.ai.endgame import LayoutSolver
from game.engine.ai.tarabish import TarabishAI
from game.engine.ai.tarot_endgame import TarotSolver
from game.engine.ai.turup import TurupAI
from game.engine.hand import HandState
from game.engine.knowledge import Knowledge

GAMES = {"arbaa-turub": ("arbaa-turub", None), "turup": ("turup", None),
         "tarabish": ("tarabish", None), "tarot": ("tarot", None),
         "tarot3": ("tarot", {"players": 3}), "tarot5": ("tarot", {"players": 5})}
"""Benchmark name → (game, deal options)."""
AIS: dict[str, Any] = {"arbaa-turub": ArbaaTurubAI, "turup": TurupAI, "tarabish": TarabishAI}


def ending(game: str, seed: int, cards: int,
           options: dict[str, Any] | None = None) -> HandState | None:
    """The deal of ``seed`` played forward with random legal actions (``random.Random(seed)``)
    to the first card to play with at most ``cards`` cards left in all hands; ``None`` when the
    hand ends before."""
    record = records.new_deal(game, seed, None, options)
    _, hand = records.replay_hand(record)
    rng = random.Random(seed)
    while not hand.done:
        legal = hand.legal_actions()
        if hand.phase == "play" and any("play" in a and len(a) == 2 for a in legal):
            k = hand.knowledge(hand.to_act)
            if sum(k.hand_sizes) <= cards:
                return hand
        hand.apply(rng.choice(legal))
    return None


def solve_layout(game: str, k: Knowledge, rng: random.Random, claims: bool = True
                 ) -> tuple[Callable[[], Any], list[int]]:
    """What makes the solver of one layout of ``k``'s unseen cards sampled as the hard search
    does (``claims``: with the claim's proof as its base), and the candidate cards the search
    would solve on it."""
    if game == "tarot":
        v = tarot_ai.read(k)
        legal = tarot_ai.mask_of_names([a["play"] for a in k.legal if "play" in a])
        normal = tarot_ai.choose(tarot_ai.NORMAL, v.me, v.decl, v.hand, legal, v.others,
                                 v.trick, v.voids, v.ceiling, v.won_all, seating=v.table)[0]
        cands = tarot_ai.search_candidates(v, legal)
        if normal not in cands:
            cands.append(normal)
        world = tarot_ai.sampler(v)(rng)
        return lambda: TarotSolver(tarot_ai.playout(v, world), claims), cands
    ai = AIS[game]()
    view = ai.view(k)
    legal = ai.legal_of(k, view)
    normal = ai.policy(2, view, k, legal)[0]
    cands = ai.candidates(view, legal)
    if normal not in cands:
        cands = sorted({*cands, normal})
    world = ai.sampler(view, k)(rng)
    return (lambda: LayoutSolver(ai.layout(view, world, k), ai.ending(view, k), view.seat & 1,
                                 claims and ai.CLAIMS), cands)


def measure(name: str, cards: int, positions: int, seed: int, claims: bool = True
            ) -> dict[str, Any]:
    """Solve times (ms) and nodes of ``positions`` endings of ``name`` at ``cards`` left."""
    game, options = GAMES[name]
    times: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    settled: list[int] = []
    left: list[int] = []
    s = seed * 100_000
    while len(times) < positions:
        s += 1
        hand = ending(game, s, cards, options)
        if hand is None:
            continue
        k = hand.knowledge(hand.to_act)
        left.append(sum(k.hand_sizes))
        make, cands = solve_layout(game, k, random.Random(s), claims)
        t0, c0 = time.perf_counter(), time.process_time()
        solver = make()
        solver.values(cands)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        nodes.append(solver.nodes)
        settled.append(solver.claims)
    times.sort()

    def pct(p: float) -> float:
        return round(times[min(len(times) - 1, int(p * len(times)))], 2)
    return {"game": name, "cards": cards, "positions": positions,
            "cards_left_median": statistics.median(left), "median_ms": pct(0.5),
            "p95_ms": pct(0.95), "p99_ms": pct(0.99), "max_ms": round(times[-1], 2),
            "cpu_median_ms": round(statistics.median(cpu), 2),
            "nodes_median": statistics.median(nodes), "nodes_max": max(nodes),
            "nodes_mean": round(statistics.fmean(nodes), 1),
            "claims_mean": round(statistics.fmean(settled), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--cards", default="4,8,12,16")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-claims", action="store_true",
                        help="solve without the claim's proof as the base")
    args = parser.parse_args()
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine()}),
          flush=True)
    for name in (g for g in args.games.split(",") if g):
        for cards in (int(c) for c in args.cards.split(",") if c):
            print(json.dumps(measure(name, cards, args.positions, args.seed,
                                     not args.no_claims)), flush=True)


if __name__ == "__main__":
    main()

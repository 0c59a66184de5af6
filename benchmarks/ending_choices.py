"""Exact endings at the table: what each level's card costs near the end of a hand, against the
best card of the *real* layout solved double-dummy — the measure the games' ``EXACT_CARDS``
thresholds were checked with for play (issue 29).

    python benchmarks/ending_choices.py [--positions N] [--games g1,g2] [--cards LOW-HIGH]
                                        [--seed S] [--budget-ms B]

For each game (``tarot`` at four, ``tarot3`` and ``tarot5`` at three and five), deals
``S*100000+1``, ``+2``, … are played by four normal players; every card to play (with a choice)
with between LOW and HIGH cards left in all hands (default: 4 to the game's threshold), where
nothing but a card may be chosen (no signal, no claim), is a position, up to ``--positions`` of
them. At each position every legal card is solved exactly on the real layout (every hand known:
what no player can know, so only the benchmark does it), and the card of each player is scored by
what it loses against the best one, in the game's unit for the deciding side: **normal**; **hard,
played out** (its layouts played out by the normal policy); **hard, exact** (its layouts solved
exactly, as at the table). The hard players are untimed (a search does its budget's fixed number of
layouts: the figures are those of a quiet machine and do not depend on the load). Prints one JSON
line per game: the positions, each player's mean loss with its 95% interval and the share of
positions where its card is one of the best, and the mean paired difference *played out − exact*
with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import cards as C
from game.engine import records
from game.engine.ai import make_player
from game.engine.ai import tarot as tarot_ai
from game.engine.ai.arbaa_turub import ArbaaTurubAI
from game.engine.ai.endgame import LayoutSolver
from game.engine.ai.player import RulesPlayer
from game.engine.ai.tarabish import TarabishAI
from game.engine.ai.turup import TurupAI
from game.engine.hand import HandState

GAMES: dict[str, tuple[str, dict[str, Any] | None, int]] = {
    "arbaa-turub": ("arbaa-turub", None, ArbaaTurubAI.EXACT_CARDS),
    "turup": ("turup", None, TurupAI.EXACT_CARDS),
    "tarabish": ("tarabish", None, TarabishAI.EXACT_CARDS),
    "tarot": ("tarot", None, tarot_ai.TarotAI.EXACT_CARDS[4]),
    "tarot3": ("tarot", {"players": 3}, tarot_ai.TarotAI.EXACT_CARDS[3]),
    "tarot5": ("tarot", {"players": 5}, tarot_ai.TarotAI.EXACT_CARDS[5])}
"""Benchmark name → (game, deal options, the game's threshold)."""
AIS: dict[str, Any] = {"arbaa-turub": ArbaaTurubAI, "turup": TurupAI, "tarabish": TarabishAI}
PLAYERS = ("normal", "hard_playout", "hard_exact")


def positions(game: str, options: dict[str, Any] | None, low: int, high: int, count: int,
              seed: int) -> Iterator[HandState]:
    """Hands of deals played by normal players, at each card to play with a choice and
    between ``low`` and ``high`` cards left in all hands (the hand is played on after)."""
    found = 0
    s = seed * 100_000
    while found < count:
        s += 1
        seats = (options or {}).get("players", 4)
        record = records.new_deal(game, s, dealer=s % seats, options=options)
        _, hand = records.replay_hand(record)
        table = [make_player("normal", s * 10 + i) for i in range(seats)]
        while not hand.done and found < count:
            seat = hand.to_act
            assert seat is not None
            k = hand.knowledge(seat)
            plays = [a for a in k.legal if "play" in a and len(a) == 2]
            if (low <= sum(k.hand_sizes) <= high and len(plays) > 1
                    and len(plays) == len(k.legal)):  # a card to play, nothing else
                yield hand
                found += 1
            hand.apply(table[seat].decide(k).action)


def true_values(game: str, hand: HandState) -> dict[str, float]:
    """Every legal card of the seat to act (by name) → its exact value on the real layout,
    for the deciding side, on the scale of the hard search's evaluator."""
    seat = hand.to_act
    assert seat is not None
    k = hand.knowledge(seat)
    names = [a["play"] for a in k.legal if "play" in a and len(a) == 2]
    if game == "tarot":
        v = tarot_ai.read(k)
        n = v.table.size
        world: list[list[int]] = [[] for _ in range(n + 1)]
        held = 0
        for s in range(n):
            if s != v.me:
                mask = tarot_ai.mask_of_names(hand.knowledge(s).hand)
                world[s] = list(C.bits(mask))
                held |= mask
        world[n] = list(C.bits(v.others & ~held))
        solve = tarot_ai.TarotAI.solver(v)
        return {name: solve(world, C.lowest(tarot_ai.mask_of_names([name])))
                for name in names}
    ai = AIS[game]()
    view = ai.view(k)
    trump = view.trump
    faces = [[ai.RULES.ranked(ai.PACK.parse(c), trump) for c in hand.knowledge(s).hand]
             if s != seat else [] for s in range(4)]
    solver = LayoutSolver(ai.layout(view, faces, k), ai.ending(view, k), view.seat & 1)
    return {name: solver.value(ai.RULES.ranked(ai.PACK.parse(name), trump)) for name in names}


def mean_ci(xs: list[float]) -> list[float]:
    """The mean and its 95% interval (normal approximation)."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return [round(m, 4), round(m - half, 4), round(m + half, 4)]


def measure(name: str, low: int, high: int, count: int, seed: int, budget_ms: float
            ) -> dict[str, Any]:
    """The losses of the three players at ``count`` positions of ``name``."""
    game, options, _ = GAMES[name]
    players = {"normal": make_player("normal", 7)}
    for label, exact in (("hard_playout", False), ("hard_exact", True)):
        player = make_player("hard", 7, budget_ms, exact=exact)
        assert isinstance(player, RulesPlayer)
        player.timed = False
        players[label] = player
    losses: dict[str, list[float]] = {p: [] for p in PLAYERS}
    for hand in positions(game, options, low, high, count, seed):
        seat = hand.to_act
        assert seat is not None
        values = true_values(game, hand)
        best = max(values.values())
        k = hand.knowledge(seat)
        for label, player in players.items():
            card = player.decide(k).action["play"]
            losses[label].append(best - values[card])
    out: dict[str, Any] = {"game": name, "cards": f"{low}-{high}",
                           "positions": len(losses["normal"]), "budget_ms": budget_ms}
    for label in PLAYERS:
        out[label] = {"loss": mean_ci(losses[label]),
                      "best_share": round(sum(x == 0 for x in losses[label])
                                          / len(losses[label]), 3)}
    out["playout_minus_exact"] = mean_ci([a - b for a, b in zip(losses["hard_playout"],
                                                                losses["hard_exact"],
                                                                strict=True)])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--cards", default="",
                        help="LOW-HIGH cards left in all hands (default: 4 to the threshold)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=250.0)
    args = parser.parse_args()
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine()}),
          flush=True)
    for name in (g for g in args.games.split(",") if g):
        low, high = 4, GAMES[name][2]
        if args.cards:
            low, high = (int(x) for x in args.cards.split("-"))
        print(json.dumps(measure(name, low, high, args.positions, args.seed, args.budget_ms)),
              flush=True)


if __name__ == "__main__":
    main()

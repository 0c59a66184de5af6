"""Where a hard decision's time goes: processor time per sampled layout of the hard search, per
game, on the card-play decisions of deals played by normal players (issue 29, "more search for
the same time").

    python benchmarks/hard_decision.py [--games g1,g2] [--deals N] [--seed S] [--profile]
                                       [--plain] [--timed] [--root PATH]

Deals ``S * 1000 + i`` are played by normal players; every card to play with a choice is put to
an *untimed* hard player (its search does the default budget's fixed number of layouts, so the
work does not depend on the machine's load), and the processor time (``time.process_time``) of
each decision is summed. Prints one JSON line per game: decisions, layouts, the processor
microseconds per layout and per decision (median), the layouts of a decision (median).
``--profile`` adds the ten functions with the most time of their own (cProfile); ``--root``
imports the ``game`` package of another checkout (old code measured by the same script);
``--plain`` turns the exact endings off (every layout played out, as before issue 29: the
playouts' cost alone); ``--timed`` has the hard player search as in a game instead, against
the clock at its default budget (``DEFAULT_BUDGET_MS``, 250 ms): how many layouts a decision
gets then is the engine's speed as a player meets it (it depends on the machine's load).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

GAMES = {"arbaa-turub": ("arbaa-turub", None), "turup": ("turup", None),
         "tarabish": ("tarabish", None), "tarot": ("tarot", None),
         "tarot3": ("tarot", {"players": 3}), "tarot5": ("tarot", {"players": 5})}
"""Benchmark name → (game, deal options)."""


def measure(name: str, deals: int, seed: int, profile: bool, plain: bool = False,
            timed: bool = False) -> dict[str, Any]:
    """The hard search's processor time on the card play of ``deals`` deals of ``name`` (its
    search against the clock with ``timed``)."""
    from game.engine import records
    from game.engine.ai import make_player

    game, options = GAMES[name]
    seats = (options or {}).get("players", 4)
    hard = make_player("hard", 1)
    hard.timed = timed  # type: ignore[attr-defined]
    if plain:
        hard.exact = False  # type: ignore[attr-defined]
    per_decision: list[float] = []
    per_decision_layouts: list[int] = []
    prof = cProfile.Profile() if profile else None
    for i in range(deals):
        record = records.new_deal(game, seed * 1000 + i, dealer=i % seats, options=options)
        _, hand = records.replay_hand(record)
        table = [make_player("normal", i * 10 + s) for s in range(seats)]
        while not hand.done:
            seat = hand.to_act
            assert seat is not None
            k = hand.knowledge(seat)
            if sum(1 for a in k.legal if "play" in a) > 1:
                if prof is not None:
                    prof.enable()
                t0 = time.process_time()
                decision = hard.decide(k)
                per_decision.append(time.process_time() - t0)
                if prof is not None:
                    prof.disable()
                per_decision_layouts.append(decision.samples or 0)
            hand.apply(table[seat].decide(k).action)
    total, layouts = sum(per_decision), sum(per_decision_layouts)
    out: dict[str, Any] = {
        "game": name, "deals": deals, "timed": timed, "decisions": len(per_decision),
        "layouts": layouts, "cpu_us_per_layout": round(total / max(1, layouts) * 1e6, 1),
        "cpu_ms_per_decision_median": round(statistics.median(per_decision) * 1000, 2),
        "layouts_per_decision_median": statistics.median(per_decision_layouts)}
    if prof is not None:
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(10)
        out["profile"] = [line.strip() for line in text.getvalue().splitlines()
                          if "/" in line or "{" in line][:10]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--plain", action="store_true", help="no exact endings")
    parser.add_argument("--timed", action="store_true",
                        help="search against the clock at the default budget, as in a game")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout whose game package is measured")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine(),
                      "root": args.root}), flush=True)
    for name in (g for g in args.games.split(",") if g):
        print(json.dumps(measure(name, args.deals, args.seed, args.profile, args.plain,
                                 args.timed)), flush=True)


if __name__ == "__main__":
    main()

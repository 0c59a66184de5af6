"""The French Tarot defence's conventions (issue 29), each measured on its own: duplicate deals
of the normal level playing every convention (A) against the normal level without one of them
(B), for each convention and for all of them off, at each table size asked.

    python benchmarks/tarot_conventions.py [--deals 1000] [--seed 29] [--players 4 3 5]
                                           [--without appel return king petit all]
                                           [--mode table|arena]

B is the normal level with :attr:`game.engine.ai.tarot.TarotAI.conventions` lacking the
convention, made by a player maker of this script's own (:data:`game.engine.arena.Maker`).
Two ways to play a deal:

* ``table`` (the default): the deal is played once by A at every seat and once by B at every
  seat. The conventions are the defenders' *together* — a call is worth something only when
  a fellow reads it — so this compares a whole defence that plays them with one that does
  not. Both tables bid alike (the conventions are card play), so the declarer is the same;
  each seat's margin is its score at A's table minus its score at B's, split by role with
  the arena's clustered intervals (:func:`game.engine.arena.role_split`; the seats' margins
  sum to zero, so the declarer's is minus the defenders' sum). The headline, *the defence's
  margin per deal*, is the sum of the defenders' margins on a deal (what the declarer loses),
  thrown-in deals counting 0, with its 95% interval (:func:`game.engine.arena.mean_ci`).
* ``arena``: as the arena plays it (:func:`game.engine.arena.play_deal_roles`: A at each seat
  in turn against B at the others, and once more by B at every seat for the margin by role):
  A's margin per deal and by role. A lone A's signals are read by nobody and it reads B's
  ordinary discards as calls, so this measures a convention played against partners who do
  not know it.

A positive margin means the convention helps. One process, no helpers: run it with
``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import arena, records
from game.engine.ai.player import GameAI, NormalPlayer, Player, make_player
from game.engine.ai.spread import Spread
from game.engine.ai.tarot import TarotAI
from game.engine.ai.tarot_table import CONVENTION_NAMES, CONVENTIONS
from game.engine.cards import TABLES

WITHOUT = "normal-no-"
"""The level name of the normal level without a convention: this, then the convention's name
(or ``all``)."""


class WithoutConventions(NormalPlayer):
    """The normal level playing only the conventions ``keep`` (a bit set of
    :data:`~game.engine.ai.tarot_table.CONVENTIONS`)."""

    def __init__(self, seed: int, budget_ms: float, keep: int) -> None:
        super().__init__(seed, budget_ms)
        self.keep = keep

    def _game_ai(self, game: str) -> GameAI:
        ai = super()._game_ai(game)
        if isinstance(ai, TarotAI):
            ai.conventions = self.keep
        return ai


def make(level: str, seed: int, budget_ms: float, weigh: bool | None,
         spread: Spread | None, exact: bool = True, layouts: int = 0) -> Player:
    """The arena's player maker, knowing the levels ``normal-no-<convention>`` too."""
    if level.startswith(WITHOUT):
        name = level[len(WITHOUT):]
        off = CONVENTIONS if name == "all" else CONVENTION_NAMES[name]
        return WithoutConventions(seed, budget_ms, CONVENTIONS & ~off)
    return make_player(level, seed, budget_ms, weigh, spread, exact, layouts)


def measure(without: str, players: int, deals: int, seed: int) -> dict[str, object]:
    """Play ``deals`` duplicate deals of normal against normal without ``without`` at a table
    of ``players``; the margin per deal, its interval, the deals changed and the margin by
    role."""
    margins: list[float] = []
    roles: list[list[tuple[str, float]]] = []
    start = time.perf_counter()
    for i in range(deals):
        margin, _, split = arena.play_deal_roles("tarot", seed, i, "normal", WITHOUT + without,
                                                 0.0, True, players=players, make=make)
        margins.append(margin)
        roles.append(split)
    mean, ci = arena.mean_ci(margins)
    return {"without": without, "players": players, "deals": deals, "margin": mean, "ci": ci,
            "changed": sum(1 for m in margins if m), "roles": arena.role_split(roles),
            "seconds": time.perf_counter() - start}


def measure_tables(without: str, players: int, deals: int, seed: int) -> dict[str, object]:
    """Play ``deals`` deals of ``players`` once by the normal level at every seat and once by
    the normal level without ``without`` at every seat (the ``table`` mode); the defence's
    margin per deal, its interval, the deals changed and the margin by role."""
    letters = TABLES[players].letters
    options = {"players": players} if players != 4 else None
    margins: list[float] = []
    roles: list[list[tuple[str, float]]] = []
    start = time.perf_counter()
    for i in range(deals):
        record = records.new_deal("tarot", seed * arena.DEAL_STRIDE + i, dealer=i % players,
                                  options=options)
        seeds = [seed * 7919 + i * 4 + s for s in range(players)]
        times: dict[str, list[float]] = {}
        a = arena.play_hand(record, ["normal"] * players, seeds, 0.0, times, make=make)
        b = arena.play_hand(record, [WITHOUT + without] * players, seeds, 0.0, times,
                            make=make)
        split: list[tuple[str, float]] = []
        for s in range(players):
            if "thrown_in" in a:
                role = "all_passed"
            else:
                role = "declarer" if a["declarer"] == letters[s] else "defender"
            split.append((role, arena.side_result("tarot", a, s, letters)
                          - arena.side_result("tarot", b, s, letters)))
        margins.append(sum(m for r, m in split if r == "defender"))
        roles.append(split)
    mean, ci = arena.mean_ci(margins)
    return {"without": without, "players": players, "deals": deals, "margin": mean, "ci": ci,
            "changed": sum(1 for m in margins if m), "roles": arena.role_split(roles),
            "seconds": time.perf_counter() - start}


def line(r: dict[str, object]) -> str:
    """One result as a line of text."""
    roles = r["roles"]
    assert isinstance(roles, dict)
    ci = r["ci"]
    assert isinstance(ci, list)
    parts = [f"{r['players']} players, without {r['without']:<6}: margin {r['margin']:+.3f} "
             f"[{ci[0]:+.3f}, {ci[1]:+.3f}] on {r['deals']} deals ({r['changed']} changed)"]
    for role in ("defender", "declarer"):
        x = roles[role]
        if x["count"]:
            parts.append(f"{role} {x['mean']:+.3f} [{x['ci95'][0]:+.3f}, {x['ci95'][1]:+.3f}] "
                         f"n={x['count']}")
    parts.append(f"{r['seconds']:.0f} s")
    return "; ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--without", nargs="+", default=[*CONVENTION_NAMES, "all"],
                        choices=[*CONVENTION_NAMES, "all"])
    parser.add_argument("--mode", choices=["table", "arena"], default="table")
    args = parser.parse_args()
    run = measure_tables if args.mode == "table" else measure
    for players in args.players:
        for without in args.without:
            print(f"{args.mode}: " + line(run(without, players, args.deals, args.seed)),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

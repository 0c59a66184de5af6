"""The French Tarot defence's conventions (issue 29), each measured on its own: duplicate deals
of the normal level playing every convention (A) against the normal level without one of them
(B), for each convention and for all of them off, at each table size asked.

    python benchmarks/tarot_conventions.py [--deals 1000] [--seed 29] [--players 4 3 5]
                                           [--without appel return king petit all]

Each deal is played as the arena plays it (:func:`game.engine.arena.play_deal_roles`: A at each
seat in turn against B at the others, and once more by B at every seat for the margin by
role), with a player maker of this script's own (:data:`game.engine.arena.Maker`) so that B is
the normal level with :attr:`game.engine.ai.tarot.TarotAI.conventions` lacking the convention.
It prints, per table size and convention, the margin per deal (A's mean advantage, in points a
seat) with its 95% interval, how many deals the convention changed at all, and the margin by
role (``defender``: A's seat defended) with the arena's clustered intervals
(:func:`game.engine.arena.role_split`). A positive margin means the convention helps.

One process, no helpers: run it with ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import arena
from game.engine.ai.player import GameAI, NormalPlayer, Player, make_player
from game.engine.ai.spread import Spread
from game.engine.ai.tarot import TarotAI
from game.engine.ai.tarot_table import CONVENTION_NAMES, CONVENTIONS

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
         spread: Spread | None) -> Player:
    """The arena's player maker, knowing the levels ``normal-no-<convention>`` too."""
    if level.startswith(WITHOUT):
        name = level[len(WITHOUT):]
        off = CONVENTIONS if name == "all" else CONVENTION_NAMES[name]
        return WithoutConventions(seed, budget_ms, CONVENTIONS & ~off)
    return make_player(level, seed, budget_ms, weigh, spread)


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
    args = parser.parse_args()
    for players in args.players:
        for without in args.without:
            print(line(measure(without, players, args.deals, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

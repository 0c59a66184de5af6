"""The compiled engine and the pure-Python engine make the same game: the same AI decisions and
the same replays.

    python tools/compare_engines.py [--deals N] [--positions P] [--hard-every K] [--budget-ms B]

Runs itself twice from the repository's root, both runs at once: one as the game runs there —
the compiled engine, when ``tools/build_engine.py`` built it from these sources
(``game/engine_choice.py``) — and one with ``FOUR_TRUMPS_ENGINE=pure``, the ``.py`` engine.
Each run plays ``N`` deals of every game and table size (more, until the table had ``P``
positions) with normal players and, at every decision with a choice (a position), writes the
normal player's action and reason and, at every ``K``-th one, an untimed hard player's action,
reason, values and layouts (their number fixed by ``B``, the budget it is given — at least 4:
the decision depends on nothing but the position and the seed); then replays every record of
``tests/records`` and every lesson's hand (``game/lessons``) as ``python -m game replay``
does, writing its output as it is. Prints the positions compared and the first differences;
exits 1 on any difference, or when the first run did not run the compiled engine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLES = (("arbaa-turub", None), ("turup", None), ("tarabish", None), ("tarot", None),
          ("tarot", {"players": 3}), ("tarot", {"players": 5}))
"""Every game and table size: (game, deal options)."""
HARD_BUDGET_MS = 250.0
"""The untimed hard player's budget by default (the table's: its number of layouts)."""
VARIABLE = "FOUR_TRUMPS_ENGINE"
"""The variable that asks for the pure-Python engine (``game/engine_choice.py``'s)."""


def replayed() -> list[Path]:
    """The records both runs replay: the project's hand and match records (``tests/records``,
    the copies of the shared ones included) and the lessons' hands (``game/lessons``, not their
    scripts), in a fixed order."""
    records = [p for p in sorted((ROOT / "tests" / "records").rglob("*.json"))
               if p.name != "EXPECTED.json"]
    lessons = [p for p in sorted((ROOT / "game" / "lessons").glob("*.json"))
               if not p.name.endswith(".script.json")]
    return records + lessons


def emit(deals: int, positions: int, hard_every: int, budget_ms: float) -> None:
    """Print which engine runs, then one JSON line per decision, then each replay's line (the
    child's part)."""
    sys.path.insert(0, str(ROOT))
    from game import cli, engine_choice
    from game.engine import records
    from game.engine.ai.player import HardPlayer, make_player

    print(json.dumps({"engine": engine_choice.kind()}), flush=True)
    hard = HardPlayer(7, budget_ms, timed=False)
    n = 0
    for game, options in TABLES:
        seats = (options or {}).get("players", 4)
        i, start = 0, n
        while i < deals or n - start < positions:
            record = records.new_deal(game, 4000 + i, dealer=i % seats, options=options)
            _, hand = records.replay_hand(record)
            table = [make_player("normal", i * 10 + s) for s in range(seats)]
            while not hand.done:
                seat = hand.to_act
                assert seat is not None
                k = hand.knowledge(seat)
                decision = table[seat].decide(k)
                if len(k.legal) > 1:
                    n += 1
                    line: dict[str, Any] = {"game": game, "seats": seats, "deal": i,
                                            "at": len(hand.history),
                                            "normal": [decision.action, str(decision.reason)]}
                    if n % hard_every == 0:
                        h = hard.decide(k)
                        line["hard"] = [h.action, str(h.reason), h.values, h.samples]
                    print(json.dumps(line, sort_keys=True), flush=True)
                hand.apply(decision.action)
            i += 1
    for path in replayed():
        print(json.dumps({"replay": path.relative_to(ROOT).as_posix()}), flush=True)
        status = cli.main(["replay", str(path)])
        print(json.dumps({"status": status}), flush=True)


def command(deals: int, positions: int, hard_every: int, budget_ms: float) -> list[str]:
    """The child's command line."""
    return [sys.executable, str(Path(__file__).resolve()), "--emit", "--deals", str(deals),
            "--positions", str(positions), "--hard-every", str(hard_every),
            "--budget-ms", str(budget_ms)]


def environment(pure: bool) -> dict[str, str]:
    """This process's environment (its output in UTF-8), asking for the pure engine or
    leaving the choice to the build."""
    env = {k: v for k, v in os.environ.items() if k != VARIABLE}
    env["PYTHONIOENCODING"] = "utf-8"
    return {**env, VARIABLE: "pure"} if pure else env


@dataclass
class Comparison:
    """Both runs' outputs, line by line: what :func:`compare` found."""

    compiled: list[str]
    pure: list[str]
    differ: list[tuple[str, str]] = field(init=False)

    def __post_init__(self) -> None:
        self.differ = [(a, b) for a, b in zip(self.compiled[1:], self.pure[1:], strict=False)
                       if a != b]  # after each run's engine line

    def engine(self, lines: list[str]) -> str:
        """The engine a run says it ran (``""`` when it printed nothing)."""
        return str(json.loads(lines[0])["engine"]) if lines else ""

    @property
    def ran_compiled(self) -> bool:
        """Whether the first run ran the compiled engine (and the second the pure one)."""
        from game import engine_choice

        return (self.engine(self.compiled) == engine_choice.COMPILED
                and self.engine(self.pure) == engine_choice.PURE)

    def positions(self) -> dict[tuple[str, int], tuple[int, int]]:
        """(game, seats) → (positions compared, those with a hard decision), in the pure run."""
        out: dict[tuple[str, int], tuple[int, int]] = {}
        for line in self.pure[1:]:
            row = json.loads(line)
            if "normal" in row:
                n, h = out.get((row["game"], row["seats"]), (0, 0))
                out[row["game"], row["seats"]] = (n + 1, h + ("hard" in row))
        return out

    @property
    def same(self) -> bool:
        """Whether the runs printed the same lines, the first compiled and the second pure."""
        return self.ran_compiled and not self.differ and len(self.compiled) == len(self.pure)

    def report(self, shown: int = 10) -> list[str]:
        """What a person reads: the engines, every table's count, the first differences."""
        lines = [f"first run: {self.engine(self.compiled)}; second: {self.engine(self.pure)}"]
        if not self.ran_compiled:
            lines.append("the first run did not run the compiled engine (build it: "
                         "python tools/build_engine.py)")
        for (game, seats), (n, h) in self.positions().items():
            lines.append(f"{game} ({seats} seats): {n} positions, {h} with a hard decision")
        replays = sum(1 for line in self.pure if line.startswith('{"replay"'))
        lines.append(f"{replays} records replayed")
        if len(self.compiled) != len(self.pure):
            lines.append(f"different lengths: {len(self.compiled)} lines compiled, "
                         f"{len(self.pure)} pure")
        for a, b in self.differ[:shown]:
            lines.append(f"compiled: {a}\npure:     {b}")
        lines.append(f"{len(self.differ)} lines differ")
        return lines


def compare(deals: int, positions: int = 0, hard_every: int = 1,
            budget_ms: float = HARD_BUDGET_MS) -> Comparison:
    """Both runs (at once, each in a process of its own from the repository's root)."""
    args = command(deals, positions, hard_every, budget_ms)
    runs = [subprocess.Popen(args, cwd=ROOT, env=environment(pure), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, encoding="utf-8")
            for pure in (False, True)]
    outputs = []
    for run in runs:
        out, err = run.communicate()
        if run.returncode:
            raise RuntimeError(f"{' '.join(args)} failed ({run.returncode}):\n{err}")
        outputs.append(out.splitlines())
    return Comparison(*outputs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2, help="deals of every table (2)")
    parser.add_argument("--positions", type=int, default=0,
                        help="more deals, until every table had P positions (0)")
    parser.add_argument("--hard-every", type=int, default=8,
                        help="a hard decision at every K-th position (8)")
    parser.add_argument("--budget-ms", type=float, default=HARD_BUDGET_MS,
                        help=f"the untimed hard player's budget: its layouts ({HARD_BUDGET_MS:g})")
    parser.add_argument("--emit", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.emit:
        emit(args.deals, args.positions, args.hard_every, args.budget_ms)
        return 0
    sys.path.insert(0, str(ROOT))
    comparison = compare(args.deals, args.positions, args.hard_every, args.budget_ms)
    print("\n".join(comparison.report()))
    return 0 if comparison.same else 1


if __name__ == "__main__":
    sys.exit(main())

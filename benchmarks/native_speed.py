"""The compiled engine against the pure-Python one, in one run (issue 37's figures).

    python benchmarks/native_speed.py [--games g1,g2] [--measures m1,m2] [--quick]

Every figure comes from a program of its own run twice, as it is, once per engine: with
``FOUR_TRUMPS_ENGINE=pure`` in its environment (the ``.py`` engine) and without it (the engine
compiled by ``tools/build_engine.py``, which must be built and up to date: the script checks
that each child runs the engine it is meant to, and says so first). The measures
(``--measures``, all by default):

* ``layout`` — processor microseconds per layout of the hard search, untimed, every layout
  played out (``benchmarks/hard_decision.py --plain``);
* ``playouts`` — random playouts per processor second (``benchmarks/playouts.py``; its kernels
  deal French Tarot at four only);
* ``decision`` — the layouts a hard decision gets at the default budget (250 ms, against the
  clock, as in a game; one process) and its processor time, medians over the card-play
  decisions of the same deals (``benchmarks/hard_decision.py --timed``): the speed as a player
  meets it, so it depends on the machine's load. The budget is first a *work* figure: the hard
  player's search fixes its number of layouts in advance from it (``search.samples_for`` of
  ``search.work_for``: ``budget_ms × WORK_PER_MS`` card plays, times the game's
  ``COMPILED_SPEED`` on the compiled engine) and the 250 ms deadline only cuts that short;
* ``hint`` — the ``hint`` command's median wall time, process start included
  (``python -m game hint -``) and its processor time, on positions of
  ``benchmarks/hint_positions.py`` where the seat to act has a choice, the two engines taking
  turns position by position;
* ``bench-ai`` — frame times of the busiest table scene while the hard AI thinks in the worker
  processes (``python -m game bench --ai``; Arba'a Turub's scene, whatever ``--games``);
* ``bench-idle`` — the game's processor share at rest, at the menu and at a table
  (``python -m game bench --idle``).

Games are ``benchmarks/hard_decision.py``'s names: ``arbaa-turub``, ``turup``, ``tarabish``,
``tarot`` (four players), ``tarot3``, ``tarot5``. Prints a Markdown table: each figure pure and
compiled, and ``×``, how many times better the compiled engine does (pure ÷ compiled for a time,
compiled ÷ pure for a rate); then one line, the physical side: the playouts a processor second
beside the two anchors, about 60,000 in pure Python and millions in C. ``--quick`` runs every
measure short (one deal, one second, two positions, few frames): a check that it all runs,
not a measurement. Exits 1 when a measure failed (the others still run), 2 when the compiled
engine is not there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))
from hard_decision import GAMES  # noqa: E402  (the benchmarks' game names)

from game import engine_choice  # noqa: E402

ENGINES = ("pure", "compiled")
MEASURES = ("layout", "playouts", "decision", "hint", "bench-ai", "bench-idle")
PURE_ANCHOR = 60_000
"""Random playouts a second a pure-Python kernel makes (the Turup target, RESULTS.md)."""
C_ANCHOR = "millions"
"""What the same loop makes in C."""
SEED = 4
"""The deals' seed of the hard search's figures (``hard_decision.py --seed``), as RESULTS.md."""


@dataclass(frozen=True)
class Sizes:
    """How long each measure runs."""

    deals: int
    seconds: float
    positions: int
    frames: int
    idle_seconds: float


FULL = Sizes(deals=2, seconds=3.0, positions=6, frames=600, idle_seconds=10.0)
QUICK = Sizes(deals=1, seconds=1.0, positions=2, frames=120, idle_seconds=2.0)


@dataclass(frozen=True)
class Row:
    """One figure of the table, measured with both engines."""

    measure: str
    game: str
    unit: str
    pure: float
    compiled: float
    rate: bool
    """True when more is better (a rate), False for a time or a share."""

    def ratio(self) -> float | None:
        """How many times better the compiled engine does; ``None`` when a figure is 0."""
        low, high = (self.pure, self.compiled) if self.rate else (self.compiled, self.pure)
        return high / low if low else None


def environment(engine: str) -> dict[str, str]:
    """The environment a child runs ``engine`` in (no window, no sound either way)."""
    env = {k: v for k, v in os.environ.items() if k != engine_choice.VARIABLE}
    if engine == "pure":
        env[engine_choice.VARIABLE] = "pure"
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def run(engine: str, args: Sequence[str], stdin: str | None = None
        ) -> subprocess.CompletedProcess[str]:
    """Run ``python args...`` in the project's folder with ``engine``; ``RuntimeError`` with
    the end of its error output when it fails."""
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=environment(engine),
                          input=stdin, capture_output=True, text=True, check=False)
    if done.returncode:
        tail = " | ".join(done.stderr.strip().splitlines()[-3:])
        raise RuntimeError(f"{' '.join(args[:3])} ({engine}) exited {done.returncode}: {tail}")
    return done


def json_lines(engine: str, args: Sequence[str]) -> list[dict[str, Any]]:
    """The JSON objects a benchmark prints, one a line."""
    return [json.loads(line) for line in run(engine, args).stdout.splitlines()
            if line.startswith("{")]


def engines_ready() -> dict[str, str]:
    """Each engine's line as a child describes it (``engine_choice.describe``); exits 2 when
    the compiled one does not run."""
    probe = "import game.engine_choice as c; print(c.describe())"
    lines = {engine: run(engine, ["-c", probe]).stdout.strip() for engine in ENGINES}
    if engine_choice.COMPILED not in lines["compiled"]:
        print(f"The compiled engine does not run here ({lines['compiled']}): build it with "
              "python tools/build_engine.py, then run this again.", file=sys.stderr)
        raise SystemExit(2)
    return lines


Figure = tuple[str, str, bool, str]
"""A row's measure, unit, whether more is better, and the field of a benchmark's JSON line."""


def per_game(args: Sequence[str], games: Sequence[str], figures: Sequence[Figure]) -> list[Row]:
    """Rows per game (``figures`` of each) from a benchmark that prints a JSON line per game."""
    found = {engine: {d["game"]: d for d in json_lines(engine, args) if "game" in d}
             for engine in ENGINES}
    return [Row(measure, game, unit, found["pure"][game][field],
                found["compiled"][game][field], rate)
            for game in games if game in found["pure"] and game in found["compiled"]
            for measure, unit, rate, field in figures]


def layout_rows(games: Sequence[str], sizes: Sizes) -> list[Row]:
    """Processor µs per layout of the untimed, plain hard search."""
    args = ["benchmarks/hard_decision.py", "--plain", "--games", ",".join(games),
            "--deals", str(sizes.deals), "--seed", str(SEED)]
    return per_game(args, games, [("hard search, per layout", "µs (processor)", False,
                                   "cpu_us_per_layout")])


def decision_rows(games: Sequence[str], sizes: Sizes) -> list[Row]:
    """Median layouts a timed hard decision gets at the default budget, and its median
    processor time."""
    args = ["benchmarks/hard_decision.py", "--timed", "--games", ",".join(games),
            "--deals", str(sizes.deals), "--seed", str(SEED)]
    return per_game(args, games, [
        ("hard decision (250 ms), layouts", "layouts (median)", True,
         "layouts_per_decision_median"),
        ("hard decision (250 ms), time", "ms (processor, median)", False,
         "cpu_ms_per_decision_median")])


def playout_rows(games: Sequence[str], sizes: Sizes) -> list[Row]:
    """Random playouts per processor second (the kernels deal French Tarot at four only)."""
    dealt = [g for g in games if GAMES[g][1] is None]
    if not dealt:
        return []
    args = ["benchmarks/playouts.py", "--seconds", str(sizes.seconds), "--games",
            ",".join(GAMES[g][0] for g in dealt)]
    return per_game(args, dealt, [("random playouts", "per processor second", True,
                                   "cpu_playouts_per_second")])


def hint_records(game: str, count: int) -> list[dict[str, Any]]:
    """``count`` positions of ``game`` (a name of :data:`GAMES`) from
    ``hint_positions.position`` where the seat to act has more than one legal action."""
    from hint_positions import position

    from game.engine import records

    base, options = GAMES[game]
    players = (options or {}).get("players")
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        record = position(base, seed, players=players)
        _, hand = records.replay_hand(record)
        if not hand.done and len(hand.legal_actions()) > 1:
            found.append(record)
        seed += 1
    return found


def children_cpu() -> float | None:
    """Processor seconds used so far by the child processes that ended (``None`` on Windows,
    which does not count them)."""
    if sys.platform == "win32":
        return None
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def hint_rows(games: Sequence[str], sizes: Sizes) -> list[Row]:
    """The ``hint`` command's median wall and processor milliseconds, per game."""
    rows: list[Row] = []
    for game in games:
        wall: dict[str, list[float]] = {engine: [] for engine in ENGINES}
        cpu: dict[str, list[float]] = {engine: [] for engine in ENGINES}
        for record in hint_records(game, sizes.positions):
            for engine in ENGINES:  # in turns: a change of the machine's load hits both
                cpu0, start = children_cpu(), time.perf_counter()
                run(engine, ["-m", "game", "hint", "-", "--seed", "1"], json.dumps(record))
                wall[engine].append((time.perf_counter() - start) * 1000)
                cpu1 = children_cpu()
                if cpu0 is not None and cpu1 is not None:
                    cpu[engine].append((cpu1 - cpu0) * 1000)
        rows.append(Row("hint command, wall", game, "ms (median, process start included)",
                        statistics.median(wall["pure"]), statistics.median(wall["compiled"]),
                        False))
        if cpu["pure"]:
            rows.append(Row("hint command, processor", game, "ms (median)",
                            statistics.median(cpu["pure"]), statistics.median(cpu["compiled"]),
                            False))
    return rows


def bench_ai_rows(games: Sequence[str], sizes: Sizes) -> list[Row]:
    """Frame times of the table scene while the hard AI thinks (``bench --ai``)."""
    out = {engine: json_lines(engine, ["-m", "game", "bench", "--ai", "--frames",
                                       str(sizes.frames)])[-1] for engine in ENGINES}
    scene = "arbaa-turub scene"
    return [Row(f"frames while the AI thinks, {stat}", scene, "ms", out["pure"]["with_ai"][stat],
                out["compiled"]["with_ai"][stat], False) for stat in ("median", "p99")]


def bench_idle_rows(games: Sequence[str], sizes: Sizes) -> list[Row]:
    """The game's processor share at rest (``bench --idle``)."""
    out = {engine: json_lines(engine, ["-m", "game", "bench", "--idle", "--seconds",
                                       str(sizes.idle_seconds)])[-1] for engine in ENGINES}
    return [Row(f"at rest, {where}", "turup" if where == "table" else "—",
                "% of a core", out["pure"][where]["cpu_percent"],
                out["compiled"][where]["cpu_percent"], False) for where in ("menu", "table")]


MEASURERS: dict[str, Callable[[Sequence[str], Sizes], list[Row]]] = {
    "layout": layout_rows, "playouts": playout_rows, "decision": decision_rows,
    "hint": hint_rows, "bench-ai": bench_ai_rows, "bench-idle": bench_idle_rows}


def number(value: float) -> str:
    """A figure as the table shows it: thousands grouped, decimals only for small ones."""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.1f}" if abs(value) >= 10 else f"{value:.2f}"


def table(rows: Sequence[Row]) -> list[str]:
    """The rows as a Markdown table."""
    lines = ["| measure | game | pure | compiled | × | unit |", "|---" * 6 + "|"]
    for row in rows:
        ratio = row.ratio()
        lines.append(f"| {row.measure} | {row.game} | {number(row.pure)} | "
                     f"{number(row.compiled)} | {'—' if ratio is None else f'{ratio:.2f}'} | "
                     f"{row.unit} |")
    return lines


def physical(rows: Sequence[Row]) -> str:
    """The physical side: the playout loop's figures beside the pure-Python and C anchors."""
    playouts = [r for r in rows if r.measure == "random playouts"]
    figures = ", ".join(f"{r.game} {r.pure / 1000:,.0f}k → {r.compiled / 1000:,.0f}k"
                        for r in playouts) or "not measured"
    return (f"Physical side — random playouts per processor second, pure → compiled: {figures}; "
            f"anchors: pure Python about {PURE_ANCHOR // 1000}k, C {C_ANCHOR}.")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the table and the physical side; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"among {', '.join(GAMES)} (default: all)")
    parser.add_argument("--measures", default=",".join(MEASURES),
                        help=f"among {', '.join(MEASURES)} (default: all)")
    parser.add_argument("--quick", action="store_true",
                        help="every measure short: does it run (not a measurement)")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    measures = [m for m in args.measures.split(",") if m]
    unknown = [*(g for g in games if g not in GAMES), *(m for m in measures if m not in MEASURES)]
    if unknown:
        parser.error(f"unknown: {', '.join(unknown)}")
    sizes = QUICK if args.quick else FULL
    for engine, line in engines_ready().items():
        print(f"{engine}: {line}", flush=True)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, sizes: {sizes}", flush=True)
    rows: list[Row] = []
    failed = False
    for measure in measures:
        start = time.monotonic()
        try:
            found = MEASURERS[measure](games, sizes)
        except (RuntimeError, ValueError, KeyError, IndexError) as err:
            print(f"{measure}: FAILED: {err}", flush=True)
            failed = True
            continue
        rows.extend(found)
        print(f"{measure}: {len(found)} figures in {time.monotonic() - start:.0f} s", flush=True)
    print()
    print("\n".join(table(rows)))
    print()
    print(physical(rows))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

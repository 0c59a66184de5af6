"""How long par of the deal of the day takes (issue 27), alone and while the player plays.

For each game (Arba'a Turub, Turup, Tarabish, French Tarot at four, three and five players) and
each of ``--days`` days' deals from ``--from`` (``game.engine.daily.deal_of``), par
(:class:`game.ui.par.ParRun`: the strong player at South, the other seats at ``--opponents``'
level with the seeds the table gives them) is played in the app's own AI workers
(:class:`game.engine.ai.workers.Workers()`: one process per core, the lowest priority), and its
wall time from start to finished record is measured:

(a) **alone**: nothing else runs in the workers;
(b) **while the player plays**: at the same time, in the same workers, a stand-in for the
    table plays the same deal from a thread of this process — South a random legal action
    (from ``--seed``) every 1.0–2.0 s (a person's pace, 1.5 s on average), every other seat's
    decision submitted to the workers as :mod:`game.ui.table.ai_driver` does
    (``decide(level, match seed × 4 + seat, None, knowledge)``) and shown no sooner than the
    table's think time (:data:`~game.ui.table.ai_driver.THINK`, 0.35 s) after it was asked —
    the deal starting again if it ends — until par ends.

For (b) the time each of the table's AI decisions waited, from submit to answer, is kept; the
table stand-in is also run for ``--table-seconds`` on each game's deal with the most par
decisions (a French Tarot deal all pass is over at once), alone (``no par``) and with par
played again and again beside it (``with par``: each run started as soon as the one before
ends, par's worst case for the table), so that the two can be compared: par must not slow the
table's own AI.

Prints one JSON line per par run, then one summary line per game: median and max par seconds
for (a) and (b), par's decisions, the table's AI wait median / p95 in ms with and without par
(and, for a hard table, the mean number of layouts its searches sampled: the hard player
searches for a fixed time, so what par could take from it is layouts rather than time).

    .venv/bin/python benchmarks/par_time.py [--days 3] [--from 2026-11-20]
        [--games arbaa-turub,turup,tarabish,tarot-4,tarot-3,tarot-5] [--opponents normal|hard]
        [--table-seconds 15] [--seed 1]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = ("arbaa-turub", "turup", "tarabish", "tarot-4", "tarot-3", "tarot-5")
"""The games measured by default: French Tarot once for each table size."""
PACE = (1.0, 2.0)
"""Seconds South (the person) takes for each decision: uniform in this range."""


def game_of(name: str) -> tuple[str, int]:
    """``"tarot-5"`` → ``("tarot", 5)``; any other game at four."""
    game, _, size = name.partition("-") if name.startswith("tarot") else (name, "", "")
    return game, int(size) if size else 4


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


class TableStandIn:
    """The table while the player plays ``deal`` (see the module's docstring), in a thread of
    its own from construction until :meth:`stop`; :attr:`waits` the seconds each AI decision
    took from submit to answer, :attr:`samples` the layouts each searched (0: no search)."""

    def __init__(self, deal: dict[str, Any], levels: dict[str, str], seed: int, workers: Any,
                 rng_seed: int) -> None:
        self.deal, self.levels, self.seed, self.workers = deal, levels, seed, workers
        self.rng = random.Random(rng_seed)
        self.waits: list[float] = []
        self.samples: list[int] = []
        self.south = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        from game.engine import records
        from game.engine.ai.workers import decide
        from game.ui.table.ai_driver import THINK

        while not self._stop.is_set():
            _, hand = records.start_hand(self.deal)
            while not hand.done and not self._stop.is_set():
                seat = hand.to_act
                legal = hand.legal_actions()
                if seat == 0:
                    if self._stop.wait(self.rng.uniform(*PACE)):
                        return
                    hand.apply(self.rng.choice(legal))
                    self.south += 1
                    continue
                asked = time.monotonic()
                job = self.workers.submit(decide, self.levels[hand.table.letters[seat]],
                                          self.seed * 4 + seat, None, hand.knowledge(seat))
                try:
                    decision = job.result()
                    action, samples = decision.action, decision.samples or 0
                except Exception:  # as the table: a failing AI plays a legal choice
                    action, samples = None, 0
                waited = time.monotonic() - asked
                self.waits.append(waited)
                self.samples.append(samples)
                if self._stop.wait(max(0.0, THINK - waited)):
                    return
                if action is None or hand.why_illegal(action) is not None:
                    action = random.Random(len(hand.history)).choice(legal)
                hand.apply(action)

    def stop(self) -> None:
        """End the table (its decision under way is awaited)."""
        self._stop.set()
        self._thread.join(30)


def wait_stats(waits: list[float], samples: list[int] | None = None) -> dict[str, Any]:
    """Median and p95 of ``waits`` in ms, and their number; with ``samples``, the mean number
    of layouts of the decisions that searched."""
    if not waits:
        return {"decisions": 0}
    ms = [w * 1000 for w in waits]
    out = {"decisions": len(ms), "median_ms": round(statistics.median(ms), 1),
           "p95_ms": round(percentile(ms, 0.95), 1), "max_ms": round(max(ms), 1)}
    searched = [n for n in samples or [] if n]
    if searched:
        out["searches"] = len(searched)
        out["mean_layouts"] = round(statistics.mean(searched), 1)
    return out


def one_par(deal: dict[str, Any], seats: dict[str, str], seed: int, workers: Any,
            table_seed: int | None) -> dict[str, Any]:
    """Par of ``deal`` timed, with the table stand-in playing beside it when ``table_seed``
    is given."""
    from game.engine import daily, records
    from game.ui.par import ParRun, par_levels

    table = None
    if table_seed is not None:
        levels = {k: v for k, v in par_levels(deal, seats).items() if k != "S"}
        table = TableStandIn(deal, levels, seed, workers, table_seed)
    started = time.perf_counter()
    run = ParRun(deal, seats, seed, workers)
    record = run.future.result()
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {"seconds": round(seconds, 2), "decisions": len(record["actions"])}
    _, hand = records.start_hand(record)
    for action in record["actions"]:
        hand.apply(action)
    result = hand.result()
    assert result is not None, "par ended before the hand did"
    out["par"] = daily.score(deal["game"], result, hand.table.letters)
    if table is not None:
        table.stop()
        out["table"] = wait_stats(table.waits, table.samples)
        out["south_moves"] = table.south
        out["waits"] = table.waits
    return out


def table_waits(deal: dict[str, Any], seats: dict[str, str], seed: int, workers: Any,
                table_seed: int, seconds: float, par: bool) -> tuple[dict[str, Any], int]:
    """The table stand-in on ``deal`` for ``seconds``, with par played again and again beside
    it when ``par`` (each run started as soon as the one before ends), else with nothing else
    in the workers: :func:`wait_stats` of the table's AI decisions, and the pars played."""
    from game.ui.par import ParRun, par_levels

    levels = {k: v for k, v in par_levels(deal, seats).items() if k != "S"}
    table = TableStandIn(deal, levels, seed, workers, table_seed)
    end = time.monotonic() + seconds
    runs = 0
    while time.monotonic() < end:
        if not par:
            time.sleep(max(0.0, end - time.monotonic()))
            break
        run = ParRun(deal, seats, seed, workers)
        try:
            run.future.result(max(0.0, end - time.monotonic()))
            runs += 1
        except TimeoutError:
            run.cancel()
    table.stop()
    return wait_stats(table.waits, table.samples), runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3, help="days' deals per game (default 3)")
    parser.add_argument("--from", dest="start", default="2026-11-20",
                        help="the first day (YYYY-MM-DD, default 2026-11-20)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated, among " + ", ".join(GAMES))
    parser.add_argument("--opponents", default="normal", choices=("easy", "normal", "hard"),
                        help="the level of the AI seats (default normal, the app's default)")
    parser.add_argument("--table-seconds", type=float, default=15.0,
                        help="seconds of the table stand-in alone per game (default 15)")
    parser.add_argument("--seed", type=int, default=1, help="South's random play (default 1)")
    args = parser.parse_args()

    from game.engine import daily, games
    from game.engine.ai.workers import NICE, Workers

    first = daily.parse_day(args.start)
    days = [first + datetime.timedelta(days=n) for n in range(args.days)]
    workers = Workers()
    workers.wait_warm(120)
    print(json.dumps({"workers": workers.count, "nice": NICE, "spread": workers.spread,
                      "cpus": os.cpu_count(), "load": [round(x, 2) for x in os.getloadavg()],
                      "opponents": args.opponents, "days": [d.isoformat() for d in days]}),
          flush=True)
    try:
        for name in args.games.split(","):
            game, players = game_of(name.strip())
            spec = games.get(game)
            letters = spec.table(spec.full_options(daily.options_of(game, players))).letters
            seats = {letter: args.opponents for letter in letters[1:]}
            alone: list[float] = []
            beside: list[float] = []
            moves: list[int] = []
            for n, day in enumerate(days):
                deal = daily.deal_of(game, day, players)
                seed = daily.seed_of(game, day, players)
                a = one_par(deal, seats, seed, workers, None)
                b = one_par(deal, seats, seed, workers, args.seed + n)
                b.pop("waits")
                print(json.dumps({"game": name, "day": day.isoformat(), "alone": a,
                                  "while_playing": b}), flush=True)
                alone.append(a["seconds"])
                beside.append(b["seconds"])
                moves.append(a["decisions"])
            longest = days[moves.index(max(moves))]
            first_deal = (daily.deal_of(game, longest, players), seats,
                          daily.seed_of(game, longest, players), workers, args.seed,
                          args.table_seconds)
            no_par, _ = table_waits(*first_deal, par=False)
            par_waits, pars = table_waits(*first_deal, par=True)
            print(json.dumps({
                "game": name, "opponents": args.opponents,
                "par_alone_s": {"median": round(statistics.median(alone), 2),
                                "max": round(max(alone), 2)},
                "par_while_playing_s": {"median": round(statistics.median(beside), 2),
                                        "max": round(max(beside), 2)},
                "par_decisions": moves,
                "table_day": longest.isoformat(),
                "table_ai_wait_no_par": no_par,
                "table_ai_wait_with_par": {**par_waits, "pars": pars}}),
                  flush=True)
    finally:
        workers.shutdown()
    print(json.dumps({"load_after": [round(x, 2) for x in os.getloadavg()]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

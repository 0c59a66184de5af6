"""AI-against-AI matches on duplicate deals, with statistics (the ``arena`` command).

Every deal is played twice with the same cards: once with level A in North–South against level
B in East–West, once with the sides swapped (for French Tarot, with no fixed partners, A takes
each seat of the same deal in turn against three B players: four plays of the deal). Luck of the
cards cancels out, so the difference between A's and B's results *on the same cards* measures
the levels.

**Decisions**: a deal's *margin* is A's result minus B's result on the same seats' cards, in the
game's own points (a side's result in one play is its points minus the opponents': tricks in
Arba'a Turub, match points in Turup, the hand's score after the bait rule in Tarabish), so a
deal where both levels score the same counts 0 and a deal where A turns a lost hand into a won
one counts +2 points of Turup. A deal is a win for A when its margin is positive; ``ties``
counts the deals with margin 0.

French Tarot's margin is A's mean score over the four seatings of the deal (A at seat ``s``,
B at the three others; a seat's score is the hand's result for it, ``3 × unit`` for the
declarer and ``-unit`` for each defender, thrown-in hands 0). This *is* A's mean advantage
over B in the same seat on the same cards: had B played all four seats, the seats' scores would
sum to zero (every hand does), so B's mean score over the four seats of that all-B table is 0.

**The margin by role** (``margin_by_role``, French Tarot only): to compare A with B *in the
same seat on the same cards* each deal is played a fifth time, by four B players (the *all-B
table*; B's seeds there are its own, see :func:`play_deal`). The *per-seating margin* of the
play with A at seat ``s`` is A's score at ``s`` minus the all-B table's score at ``s``. Its
role is the role A's seat had in A's play: ``declarer`` (A's seat declared), ``defender``
(another seat declared) or ``all_passed`` (the hand was thrown in: everybody passed, or —
before any bid, the same at both tables, margin 0 — a petit sec). Each role gives the mean of
its per-seating margins, a 95% interval and the count of seatings. **Decision**: the four
seatings of one deal share the all-B table and the cards, so they are not independent; the
interval is clustered by deal (the variance of each deal's sum of the role's margins about the
role's mean, the usual ratio estimator), normal approximation. The mean of the four
per-seating margins of a deal is the deal's margin (the all-B table's seats sum to zero), so
``margin_per_deal`` is unchanged; the roles only split it. The fifth play costs one more hand
per deal (of B, usually the cheaper level).

Swapping A and B does not simply flip the sign (one A among three Bs is not one B among three
As), so each rung is measured in its own direction; a level that makes the same choices whatever
its seed (easy, normal) scores exactly 0 against itself, the four plays then being one hand.

``--workers N`` gives each hard player a :class:`~.ai.spread.Spread` of ``N`` processes (its
search samples ``N`` times the layouts within the same budget); the JSON says ``workers`` and,
per level that searched, ``samples``: the median and mean number of layouts per searched
decision. ``--jobs`` plays deals at once, each job with its own spread.

**Declarers** (``declarers``, French Tarot only): how often A's seat declared over its
seatings, how often it made the contract and its mean score as declarer, beside the same for
the all-B table's seats on the same cards — the bidding of A against B's.

The intervals are 95%: normal approximation for the mean
margin, Wilson for the win rate. Deals come from
``records.new_deal(game, seed * 1_000_003 + i, dealer=i % 4)``; the players' seeds from the seed,
the deal and the seat.

French Tarot for three and five (``--players 3|5``, issue 19) is measured the same way at its
own table: A takes each of the three or five seats in turn (the all-B table makes one more
play), the deal's dealer is ``i % players`` and its margin A's mean score over the seatings —
still A's mean advantage over B in the same seat, since every hand's scores sum to zero at
every table (at five a seat's score is the declarer's 2 × unit with a partner, 4 × alone, the
partner's unit, ``-unit`` for each defender). The JSON then says ``players``.

**A budget counted in layouts** (``--layouts N``, issue 38): every hard search samples exactly
``N`` layouts, untimed (an exact ending at most :data:`~.ai.search.EXACT_LAYOUTS`), so a deal
is played the same on any machine, at any load, with any ``--jobs`` or ``--workers``; the JSON
then says ``layouts`` (and ``budget_ms`` is not used). :data:`DEFAULT_LAYOUTS` is hard's
default: the median a hard decision gets at the table's 250 ms on the project's 2-core
machine. **Chunks**: ``--first F --deals N`` plays deals ``F`` to ``F + N - 1`` of the run
(the same deals and seeds as in one long run), and ``--save FILE`` writes each finished deal
to a file as it goes (:mod:`.arena_chunks`); ``--merge FILE ...`` adds chunks of the same
settings, from any runs and machines, into one result with its intervals.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from . import arena_chunks, records
from .ai import LEVELS, Player, make_player, supports
from .ai.player import plays_table
from .ai.spread import Spread, default_workers
from .cards import SEATS, TABLES, quoted

DEAL_STRIDE = 1_000_003
DEFAULT_LAYOUTS: dict[tuple[str, int], int] = {
    ("arbaa-turub", 4): 953, ("turup", 4): 1000, ("tarabish", 4): 1000,
    ("tarot", 4): 350, ("tarot", 3): 322, ("tarot", 5): 362}
"""(Game, table size) → hard's default budget in layouts (``--layouts default``): the median
layouts of a hard decision at the default 250 ms, compiled engine, one process, on the project's
2-core machine (``benchmarks/hard_decision.py --timed --deals 2 --seed 4``, issue 38, once the
timed search uses its budget: :attr:`.ai.cardplay.CardPlayAI.CLOCK_FILL`; Turup's and
Tarabish's are the search's cap of 1,000). After issue 37 alone they were 317, 1000, 793 and
175 / 161 / 181."""


def default_layouts(game: str, players: int = 4) -> int:
    """Hard's default budget in layouts for ``game`` at a table of ``players``
    (:data:`DEFAULT_LAYOUTS`)."""
    return DEFAULT_LAYOUTS[(game, players)]


def side_result(game: str, result: Mapping[str, Any], side: int,
                letters: tuple[str, ...] = tuple(SEATS)) -> float:
    """A partnership's result in one play (0 = NS, 1 = EW): its points minus the opponents'
    in the game's own units; for French Tarot, seat ``side``'s score (its letter in
    ``letters``, the table's seats: 0..3 = S, W, N, E at four)."""
    if "thrown_in" in result:
        return 0.0
    if game == "tarot":
        return float(result["score"][letters[side]])
    mine, theirs = ("NS", "EW") if side == 0 else ("EW", "NS")
    if game == "tarabish":
        return float(result["score"][mine] - result["score"][theirs])
    if game == "arbaa-turub":
        return float(result["tricks"][mine] - result["tricks"][theirs])
    if "points" in result and isinstance(result["points"], Mapping):
        return float(result["points"].get(mine, 0) - result["points"].get(theirs, 0))
    raise ValueError(f"the arena cannot score a {game} result: {result}")


Maker = Callable[[str, int, float, bool | None, Spread | None, bool, int], Player]
"""What makes the player of a level name (:func:`~.ai.make_player`'s first seven arguments,
the last the budget in layouts): a benchmark may give its own, to play variants of a level
under names of its own."""


def play_hand(record: dict[str, Any], levels: list[str], seeds: list[int], budget_ms: float,
              times: dict[str, list[float]],
              weigh: list[bool | None] | None = None, spread: Spread | None = None,
              samples: dict[str, list[int]] | None = None,
              exact: list[bool] | None = None,
              make: Maker = make_player, layouts: int = 0) -> dict[str, Any]:
    """Play the hand of ``record`` with ``levels[s]`` at seat ``s``; decision times (ms) are
    appended to ``times`` per level, and the layouts each searched decision used to
    ``samples``. ``weigh[s]``: whether seat ``s``'s search weighs its layouts by inference
    (``None``: the game's default); ``spread``: the processes the players' searches share;
    ``exact[s]``: whether seat ``s``'s search solves the endings exactly (default: every
    seat's does); ``make``: what makes each seat's player from its level; ``layouts`` above 0:
    the hard level's budget in layouts instead of ``budget_ms``. Returns the hand's result."""
    _, hand = records.replay_hand(record)
    players = [make(levels[s], seeds[s], budget_ms, None if weigh is None else weigh[s], spread,
                    True if exact is None else exact[s], layouts)
               for s in range(len(levels))]
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        start = time.perf_counter()
        decision = players[seat].decide(hand.knowledge(seat))
        times.setdefault(levels[seat], []).append((time.perf_counter() - start) * 1000)
        if samples is not None and decision.samples:
            samples.setdefault(levels[seat], []).append(decision.samples)
        hand.apply(decision.action)
    result = hand.result()
    assert result is not None
    return result


def seatings(game: str, a: str, b: str, players: int = 4) -> list[tuple[int, list[str]]]:
    """The plays of one deal: ``(A's side or seat, the level at each seat)``. Partnership
    games: A in North–South, then in East–West; French Tarot: A at each of the table's
    ``players`` seats in turn."""
    if game == "tarot":
        return [(seat, [a if s == seat else b for s in range(players)])
                for seat in range(players)]
    return [(side, [a if s & 1 == side else b for s in range(4)]) for side in (0, 1)]


ROLES = ("declarer", "defender", "all_passed")
"""The roles of ``margin_by_role`` (French Tarot)."""
ALL_B_SEED = 1_000_000_007
"""Added to the seeds of the all-B table, so that they differ from every seating's."""


def play_deal(game: str, seed: int, index: int, a: str, b: str, budget_ms: float,
              inference: str = "", spread: Spread | None = None,
              samples: dict[str, list[int]] | None = None, players: int = 4,
              plain: str = "", layouts: int = 0) -> tuple[float, dict[str, list[float]]]:
    """Play deal ``index`` once per seating (:func:`seatings`); returns A's margin on it (see
    the module docstring) and the decision times per level (and adds the layouts of each
    searched decision to ``samples``). ``inference`` ``"a"`` or ``"b"``: that side's searches
    weigh their layouts by inference and the other side's do not (to measure it with the same
    level on both sides); empty: each game's default. ``spread``: the processes the searches
    share. ``players``: the table's size (French Tarot: 3, 4 or 5). ``plain`` ``"a"`` or
    ``"b"``: that side's searches play every layout out to the end, the other side's solve
    the endings exactly (to measure the exact endings); empty: every search solves them.
    ``layouts`` above 0: the hard level's budget in layouts (see the module docstring)."""
    margin, times, _ = play_deal_roles(game, seed, index, a, b, budget_ms, False, inference,
                                       spread, samples, players, plain, layouts=layouts)
    return margin, times


def play_deal_roles(game: str, seed: int, index: int, a: str, b: str, budget_ms: float,
                    split: bool, inference: str = "", spread: Spread | None = None,
                    samples: dict[str, list[int]] | None = None, players: int = 4,
                    plain: str = "", make: Maker = make_player, layouts: int = 0,
                    contracts: list[tuple[str, bool, float]] | None = None
                    ) -> tuple[float, dict[str, list[float]], list[tuple[str, float]]]:
    """:func:`play_deal`, and with ``split`` (French Tarot) also the ``(role, per-seating
    margin)`` of every seating, from one more play of the deal by the all-B table (see the
    module docstring); ``make``: what makes the players (:data:`Maker`). French Tarot with
    ``split``: ``contracts`` gets ``("a", made, score)`` for each seating where A's seat
    declared, and ``("b", made, score)`` for the all-B table's declarer (see
    :func:`declarers`)."""
    options = {"players": players} if players != 4 else None
    record = records.new_deal(game, seed * DEAL_STRIDE + index, dealer=index % players,
                              options=options)
    letters = TABLES[players].letters
    times: dict[str, list[float]] = {}
    plays = seatings(game, a, b, players)
    margin = 0.0
    results = []
    for where, levels in plays:
        seeds = [seed * 7919 + index * 4 * len(plays) + where * 4 + s for s in range(players)]
        weigh: list[bool | None] | None = None
        a_seat = [s == where if game == "tarot" else s & 1 == where for s in range(players)]
        if inference:
            weigh = [is_a == (inference == "a") for is_a in a_seat]
        exact = [is_a != (plain == "a") for is_a in a_seat] if plain else None
        result = play_hand(record, levels, seeds, budget_ms, times, weigh, spread, samples,
                           exact, make, layouts)
        results.append((where, result))
        margin += side_result(game, result, where, letters)
    if game == "tarot":
        margin /= len(plays)
    roles: list[tuple[str, float]] = []
    if split and game == "tarot":
        seeds = [ALL_B_SEED + seed * 7919 + index * 4 + s for s in range(players)]
        base = play_hand(record, [b] * players, seeds, budget_ms, times,
                         [inference == "b"] * players if inference else None,
                         exact=[plain != "b"] * players if plain else None, make=make,
                         layouts=layouts)
        for where, result in results:
            if "thrown_in" in result:
                role = "all_passed"
            else:
                role = "declarer" if result["declarer"] == letters[where] else "defender"
            roles.append((role, side_result(game, result, where, letters)
                          - side_result(game, base, where, letters)))
            if contracts is not None and role == "declarer":
                contracts.append(("a", bool(result["won"]),
                                  side_result(game, result, where, letters)))
        if contracts is not None and "thrown_in" not in base:
            seat = letters.index(base["declarer"])
            contracts.append(("b", bool(base["won"]), side_result(game, base, seat, letters)))
    return margin, times, roles


DealOutcome = tuple[float, dict[str, list[float]], list[tuple[str, float]],
                    dict[str, list[int]], list[tuple[str, bool, float]]]
"""A deal's margin, decision times per level, ``(role, margin)`` per seating (French Tarot),
the searched decisions' layouts per level and the contracts declared (French Tarot, see
:func:`play_deal_roles`)."""


def _play_deal_args(args: tuple[arena_chunks.Settings, int], workers: int = 1,
                    spread: Spread | None = None, make: Maker = make_player) -> DealOutcome:
    """Deal ``args[1]`` of a run of settings ``args[0]``; ``spread`` given (one for the whole
    run), or, when ``workers`` is more than 1, one for this deal alone (a ``--jobs`` worker
    process: its helpers are stopped at the deal's end, never at the process's exit, where
    stopping a pool hangs); ``make``: what makes the players (:data:`Maker`)."""
    s, index = args
    samples: dict[str, list[int]] = {}
    contracts: list[tuple[str, bool, float]] = []
    split = s.game == "tarot"
    if spread is None and workers > 1:
        with Spread(workers, nice=0) as own:
            margin, times, roles = play_deal_roles(s.game, s.seed, index, s.a, s.b,
                                                   s.budget_ms, split, s.inference, own,
                                                   samples, s.players, s.plain, make,
                                                   layouts=s.layouts, contracts=contracts)
    else:
        margin, times, roles = play_deal_roles(s.game, s.seed, index, s.a, s.b, s.budget_ms,
                                               split, s.inference, spread, samples, s.players,
                                               s.plain, make, layouts=s.layouts,
                                               contracts=contracts)
    return margin, times, roles, samples, contracts


def role_split(deal_roles: list[list[tuple[str, float]]]) -> dict[str, dict[str, Any]]:
    """``margin_by_role`` from each deal's ``(role, per-seating margin)`` list: per role its
    mean, its 95% interval clustered by deal (see the module docstring) and its count."""
    out: dict[str, dict[str, Any]] = {}
    for role in ROLES:
        sums = [(sum(m for r, m in deal if r == role), sum(1 for r, _ in deal if r == role))
                for deal in deal_roles]
        count = sum(n for _, n in sums)
        if not count:
            out[role] = {"mean": None, "ci95": None, "count": 0}
            continue
        mean = sum(s for s, _ in sums) / count
        d = len(sums)
        var = (sum((s - mean * n) ** 2 for s, n in sums) * d / (d - 1) / count ** 2
               if d > 1 else 0.0)
        half = 1.96 * math.sqrt(var)
        out[role] = {"mean": round(mean, 4),
                     "ci95": [round(mean - half, 4), round(mean + half, 4)], "count": count}
    return out


def declarers(played: list[arena_chunks.Deal], players: int) -> dict[str, dict[str, Any]]:
    """French Tarot's ``declarers``: for A (over its seatings) and for B (the all-B table's
    seats, the same cards), how often a seat declares (``rate``: contracts per seat and deal),
    how often it makes its contract (``made``) and its mean score as declarer
    (``mean_score``); deals played before the arena kept contracts count as none."""
    out: dict[str, dict[str, Any]] = {}
    seats = max(1, len(played) * players)
    for side in ("a", "b"):
        mine = [(won, score) for d in played for who, won, score in d.contracts if who == side]
        n = len(mine)
        out[side] = {"rate": round(n / seats, 4), "count": n,
                     "made": round(sum(w for w, _ in mine) / n, 4) if n else None,
                     "mean_score": round(statistics.fmean(x for _, x in mine), 2) if n else None}
    return out


def mean_ci(values: list[float]) -> tuple[float, list[float]]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, [mean, mean]
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, [mean - half, mean + half]


def wilson(wins: int, n: int) -> list[float]:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [max(0.0, centre - half), min(1.0, centre + half)]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def run(game: str, deals: int, seed: int, a: str, b: str, budget_ms: float = 250.0,
        jobs: int = 1, progress: TextIO | None = None, inference: str = "",
        workers: int = 1, players: int = 4, plain: str = "", *, layouts: int = 0,
        first: int = 0, save: str | None = None, make: Maker = make_player
        ) -> dict[str, Any]:
    """Play ``deals`` duplicate deals of ``game`` between levels ``a`` and ``b`` and return
    the arena's JSON object (see the module docstring). ``jobs`` deals are played at once,
    each in its own process; ``workers``: the processes each hard search shares (each job
    has its own :class:`~.ai.spread.Spread`, helpers at the same priority as the job). More
    ``jobs × workers`` than the cores this process may use is allowed, with a warning on
    ``progress`` (with a time budget the searches then get fewer layouts than the figure is
    meant to show). ``inference``, ``plain``: see :func:`play_deal`. ``players``: the table's
    size (French Tarot plays 3, 4 or 5; every other game 4); the JSON object then says
    ``players`` (not at four). ``layouts`` above 0: hard's budget in layouts, not time.
    ``first``: the index of the first deal (a chunk of a longer run); ``save``: a file where
    each deal is written as soon as it is played (:mod:`.arena_chunks`; an existing file is
    replaced); ``make``: what makes the players (:data:`Maker`: a benchmark's variants; with
    ``jobs`` above 1 it must be a module-level function, sent to the job processes)."""
    for level in (a, b):
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {quoted(level)} (known: {', '.join(LEVELS)})")
        if not supports(level, game):
            raise ValueError(f"the {level} level does not play {game} yet")
        if not plays_table(level, players):
            raise ValueError(f"the {level} level does not play {game} for {players} yet")
    if players != 4 and (game != "tarot" or players not in TABLES):
        raise ValueError(f"{game} is not played by {players} players")
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    if first < 0:
        raise ValueError("--first must be at least 0")
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    if layouts < 0:
        raise ValueError("--layouts must be at least 1")
    cores = default_workers()
    if max(1, jobs) * workers > cores and progress is not None:
        progress.write(f"arena: warning: {max(1, jobs)} jobs × {workers} workers is more than "
                       f"the {cores} cores available"
                       + ("\n" if layouts else ": searches will get fewer layouts\n"))
    settings = arena_chunks.Settings(game, a, b, seed, players, budget_ms, layouts, inference,
                                     plain, workers)
    tasks = [(settings, i) for i in range(first, first + deals)]
    played: list[arena_chunks.Deal] = []
    times: dict[str, list[float]] = {}
    started = time.perf_counter()
    writer = arena_chunks.Writer(save, settings, first, deals) if save else None

    def results() -> Iterator[DealOutcome]:
        if jobs <= 1:
            with Spread(workers, nice=0) as spread:
                for task in tasks:
                    yield _play_deal_args(task, spread=spread, make=make)
            return
        # spawned, not forked, when they start helpers of their own: a forked child of a
        # process with threads must not start a pool (its locks may be held)
        context = multiprocessing.get_context("spawn") if workers > 1 else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            yield from pool.map(_play_deal_args, tasks, [workers] * len(tasks),
                                [None] * len(tasks), [make] * len(tasks), chunksize=1)

    try:
        for index, (margin, deal_times, roles, deal_samples, contracts) in zip(
                range(first, first + deals), results(), strict=False):
            deal = arena_chunks.Deal(index, margin, roles, deal_samples, contracts)
            played.append(deal)
            for level, ts in deal_times.items():
                times.setdefault(level, []).extend(ts)
            if writer is not None:
                writer.deal(deal, deal_times)
            if progress is not None:
                mean, ci = mean_ci([d.margin for d in played])
                progress.write(f"\r{game} {a} vs {b}: {len(played)}/{deals} deals, margin "
                               f"{mean:+.3f} [{ci[0]:+.3f}, {ci[1]:+.3f}], "
                               f"{time.perf_counter() - started:.0f} s")
                progress.flush()
    finally:
        if writer is not None:
            writer.close()
    if progress is not None:
        progress.write("\n")
    return summary(settings, played, move_ms(times))


def move_ms(times: Mapping[str, list[float]]) -> dict[str, dict[str, float]]:
    """The JSON object's ``move_ms``: per level the median, 95th percentile and longest
    decision time (ms)."""
    return {level: {"median": round(statistics.median(ts), 2),
                    "p95": round(percentile(ts, 0.95), 2), "max": round(max(ts), 2)}
            for level, ts in sorted(times.items()) if ts}


def summary(settings: arena_chunks.Settings, played: list[arena_chunks.Deal],
            times: dict[str, dict[str, float]]) -> dict[str, Any]:
    """The arena's JSON object for the deals ``played`` with ``settings`` (one run's, or the
    chunks' of :func:`.arena_chunks.merge`); ``times``: its ``move_ms``."""
    margins = [d.margin for d in played]
    deals = len(margins)
    mean, ci = mean_ci(margins)
    wins = sum(1 for m in margins if m > 0)
    s = settings
    split = ({"margin_by_role": role_split([d.roles for d in played]),
              "declarers": declarers(played, s.players)}
             if s.game == "tarot" else {})
    samples: dict[str, list[int]] = {}
    for d in played:
        for level, ns in d.samples.items():
            samples.setdefault(level, []).extend(ns)
    return {
        "game": s.game, **({"players": s.players} if s.players != 4 else {}),
        "deals": deals, "a": s.a, "b": s.b,
        "margin_per_deal": round(mean, 4), "margin_ci95": [round(x, 4) for x in ci],
        "a_win_rate": round(wins / deals, 4) if deals else 0.0,
        "a_win_rate_ci95": [round(x, 4) for x in wilson(wins, deals)],
        "ties": sum(1 for m in margins if m == 0),
        **split,
        **({"layouts": s.layouts} if s.layouts else {"budget_ms": s.budget_ms}),
        **({"inference": s.inference} if s.inference else {}),
        **({"plain": s.plain} if s.plain else {}),
        "workers": s.workers,
        "samples": {level: {"median": statistics.median(ns),
                            "mean": round(statistics.fmean(ns), 1)}
                    for level, ns in sorted(samples.items()) if ns},
        "move_ms": times,
    }


def main(game: str, deals: int, seed: int, a: str, b: str, budget_ms: float, jobs: int,
         out: Callable[[str], None] = print, inference: str = "", workers: int = 1,
         players: int = 4, plain: str = "", layouts: int = 0, first: int = 0,
         save: str | None = None) -> int:
    """The ``arena`` command: run and print the JSON object; progress on stderr."""
    out(records.dumps(run(game, deals, seed, a, b, budget_ms, jobs, sys.stderr,
                          inference=inference, workers=workers, players=players,
                          plain=plain, layouts=layouts, first=first, save=save)))
    return 0


def merge(paths: list[str]) -> dict[str, Any]:
    """The arena's JSON object of the chunk files at ``paths`` together (the deals of every
    chunk, :func:`.arena_chunks.gather`), with ``chunks``: each file's deals, machine and
    engine. ``workers`` is a list when the chunks used different numbers."""
    settings, played, times, chunks = arena_chunks.gather(paths)
    out = summary(settings, played, move_ms(times))
    workers = sorted({c.settings.workers for c in chunks})
    if len(workers) > 1:
        out["workers"] = workers
    out["chunks"] = arena_chunks.describe(chunks)
    return out


def merge_main(paths: list[str], out: Callable[[str], None] = print) -> int:
    """``arena --merge FILE ...``: print the JSON object of the chunks in ``paths``."""
    out(records.dumps(merge(paths)))
    return 0

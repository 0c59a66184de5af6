"""French Tarot contracts played out, by hand strength: how the bidding of
:mod:`game.engine.ai.tarot_hand` was judged (issue 17).

    python benchmarks/tarot_bidding.py [--deals N] [--seed S] [--min-strength X] [--level L]
                                       [--deal-base B] [--players 3|4|5] [--bids B,B,...]
                                       [--others L] [--layouts N] [--rows FILE] [--jobs J]
    python benchmarks/tarot_bidding.py --fit FILE [--paired FILE] --players P --deal-base B

Deal ``records.new_deal("tarot", seed * 1_000_003 + i, dealer=i % players)`` (``B + i`` with
``--deal-base``; at three and five with ``options={"players": players}``, as the arena deals);
for every seat whose cards (18 at four, 24 at three, 15 at five) have a strength
(:func:`~game.engine.ai.tarot_hand.strength`) of at least ``--min-strength`` (default 48 at
four, scaled by :data:`~game.engine.ai.tarot_hand.TABLE_SCALE` at three and five, as are the
bands), play the hand out once per contract of ``--bids`` (default: all, and ``pass``) with
that seat forced to bid it and the others passing, and once with the seat passing and the
others bidding as ``--level`` does; every seat then calls (at five: the declarer's king, by
:func:`~game.engine.ai.tarot_partner.call_choice`), discards and plays as ``--level`` (normal
by default). Prints one JSON line per strength band: the hands, and per contract (and
``pass``) the seat's mean score (``3 × unit`` as declarer at four, ``2 × unit`` at three and at
five with a partner, ``4 × unit`` alone) and, for a contract, how often it was won; then one
line with every hand (the rows the fitted tables were judged on: ``eval``, ``oudlers``,
``strength``, the seat's scores, and per contract ``units``: what each defender paid the
declarer, the quantity :data:`~game.engine.ai.tarot_hand.EXPECTED` predicts).

For the hard player (issue 38): ``--level hard`` plays the measured seat (and, with ``--others``
not given, every seat) as hard with its budget in layouts per decision (``--layouts``, default
the table's :func:`game.engine.arena.default_layouts`: the same play on any machine);
``--others normal`` has the other seats play as normal (the ladder's hard seat among normal
players, at a fraction of the cost). ``--rows FILE`` writes each deal's rows to FILE as a JSON
line as soon as the deal is played and skips the deals FILE already holds, so that a long run
adds up over several runs (``--fit`` reads such a file too); ``--jobs`` plays deals at once.
``--fit HARD --paired NORMAL`` (``NORMAL``: the same deals' rows with ``--level normal``, a
matter of seconds) measures how much more hard's card play earns than normal's on the same
hands, contract by contract (``paired_shift``), and cross-validates normal's lines moved by it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import records
from game.engine.ai import make_player
from game.engine.ai.tarot import mask_of_names
from game.engine.ai.tarot_hand import (
    BIDS_UP,
    PLAY_LINES,
    TABLE_SCALE,
    BidRule,
    Line,
    bid_so_far,
    bid_worth,
    evaluate,
    moved_lines,
    oudlers,
    scaled_rule,
    strength,
    table_rule,
)
from game.engine.cards import TABLES
from game.engine.knowledge import Knowledge

BANDS = (0, 48, 55, 60, 62, 64, 70, 75, 85, 95, 105, 115, 1000)
"""The strength bands at four (scaled at three and five, the last one left open)."""


def deal(base: int, i: int, players: int) -> dict[str, Any]:
    """Deal ``i`` of a run at a table of ``players``: the arena's dealing."""
    options = {"players": players} if players != 4 else None
    return records.new_deal("tarot", base + i, dealer=i % players, options=options)


Bidder = Callable[[Knowledge], str]
"""A seat's bid from what it knows."""


def play_out(record: dict[str, Any], bidders: Sequence[Bidder | None], levels: Sequence[str],
             seed: int, layouts: int = 0) -> dict[str, Any]:
    """The result of the hand of ``record`` when seat ``s`` bids as ``bidders[s]`` (``None``:
    as ``levels[s]``) and does all else as ``levels[s]`` (seed ``seed + s``; hard's budget
    ``layouts`` layouts a decision, 0 for the time budget)."""
    _, hand = records.replay_hand(record)
    players = [make_player(levels[s], seed + s, layouts=layouts) for s in range(len(bidders))]
    while not hand.done:
        to = hand.to_act
        assert to is not None
        k = hand.knowledge(to)
        bidder = bidders[to]
        if hand.phase == "bid" and bidder is not None:
            want = bidder(k)
            hand.apply(next(a for a in k.legal if a.get("bid") == want))
            continue
        hand.apply(players[to].decide(k).action)
    result = hand.result()
    assert result is not None
    return result


def play(record: dict[str, Any], seat: int, forced: str, level: str,
         seed: int, others: str | None = None, layouts: int = 0) -> tuple[float, float]:
    """Seat ``seat``'s score and the hand's unit (what each defender paid the declarer; 0
    when thrown in) when it bids ``forced`` (``"pass"`` included) and, if it does not pass,
    every other seat passes; otherwise the others bid as they play. The seat plays as
    ``level``, the others as ``others`` (default ``level``)."""
    players = record_players(record)
    bidders: list[Bidder | None] = [
        (lambda k: forced) if s == seat else None if forced == "pass" else (lambda k: "pass")
        for s in range(players)]
    levels = [level if s == seat or others is None else others for s in range(players)]
    result = play_out(record, bidders, levels, seed, layouts)
    if "thrown_in" in result:
        return 0.0, 0.0
    letters = TABLES[players].letters
    defender = next(x for x in letters if x not in (result["declarer"], result.get("partner")))
    return float(result["score"][letters[seat]]), float(-result["score"][defender])


def record_players(record: dict[str, Any]) -> int:
    """The table's size of a deal's record."""
    return int((record.get("options") or {}).get("players", 4))


# ------------------------------------------------------------------------------------------
# The fit (``--fit FILE``): lines, thresholds and their cross-validation against the scaled rule



def least_squares(xs: list[tuple[float, float]], ys: list[float]) -> Line:
    """``(a, b, c)`` minimising the squares of ``y - a - b x1 - c x2`` (normal equations)."""
    cols = [[1.0, x1, x2] for x1, x2 in xs]
    m = [[sum(r[i] * r[j] for r in cols) for j in range(3)] for i in range(3)]
    v = [sum(r[i] * y for r, y in zip(cols, ys, strict=True)) for i in range(3)]
    for i in range(3):  # Gauss-Jordan
        piv = max(range(i, 3), key=lambda k: abs(m[k][i]))
        m[i], m[piv], v[i], v[piv] = m[piv], m[i], v[piv], v[i]
        for k in range(3):
            if k != i:
                f = m[k][i] / m[i][i]
                m[k] = [a - f * b for a, b in zip(m[k], m[i], strict=True)]
                v[k] -= f * v[i]
    a, b, c = (v[i] / m[i][i] for i in range(3))
    return a, b, c


def fit_expected(rows: list[dict[str, Any]]) -> dict[str, Line]:
    """Hard's lines: take's and keep's unit against evaluation and oudlers (rounded as
    :data:`~game.engine.ai.tarot_hand.EXPECTED` writes them)."""
    out = {}
    for bid in ("take", "keep"):
        a, b, c = least_squares([(r["eval"], r["oudlers"]) for r in rows],
                                [r["units"][bid] for r in rows])
        out[bid] = (round(a, 1), round(b, 2), round(c, 1))
    return out


def shifted(rows: list[dict[str, Any]], lines: Mapping[str, Line]) -> dict[str, Line]:
    """``lines`` (hard's take and keep lines) each moved by the mean of its residuals on
    ``rows``: the same slopes, the level of the play the rows were played with (one figure a
    contract, so it needs far fewer hands than a whole new line)."""
    by = {}
    for bid in ("take", "keep"):
        a, b, c = lines[bid]
        res = [r["units"][bid] - (a + b * r["eval"] + c * r["oudlers"])
               for r in rows if bid in r["units"]]
        if res:
            by[bid] = statistics.fmean(res)
    return moved_lines({bid: lines[bid] for bid in ("take", "keep")}, by)


def fit_at(rows: list[dict[str, Any]], old: dict[str, int]) -> dict[str, int]:
    """Normal's thresholds where the seat's mean score, a line in strength, crosses: take
    where take's line crosses 0, keep where keep's line overtakes take's (and 0), keep
    without the talon where its line overtakes keep's over the hands with two oudlers or
    more (``old``'s when its line does not cross above the keep); keep against as ``old``."""
    s = [r["strength"] for r in rows]
    lt = statistics.linear_regression(s, [r["take"] for r in rows])
    lk = statistics.linear_regression(s, [r["keep"] for r in rows])
    take = math.ceil(-lt.intercept / lt.slope)
    over = (lt.intercept - lk.intercept) / (lk.slope - lt.slope)
    keep = max(take, math.ceil(max(over, -lk.intercept / lk.slope)))
    at = dict(old, take=take, keep=keep)
    two = [r for r in rows if r["oudlers"] >= 2 and "keep-without" in r]
    if len(two) > 10:
        gain = statistics.linear_regression([r["strength"] for r in two],
                                            [r["keep-without"] - r["keep"] for r in two])
        if gain.slope > 0:
            at["keep-without"] = max(keep + 1, math.ceil(-gain.intercept / gain.slope))
            at["keep-against"] = max(at["keep-against"], at["keep-without"])
    return at


def scored(row: dict[str, Any], bid: str) -> float:
    """The seat's played-out score for ``bid`` (0 for a pass; a contract not played out
    scores as the highest one below it that was)."""
    if bid == "pass":
        return 0.0
    while bid not in row:
        bid = BIDS_UP[BIDS_UP.index(bid) - 1]
    return float(row[bid])


def paired_shift(rows: list[dict[str, Any]], normal: Mapping[tuple[int, int], dict[str, Any]]
                 ) -> dict[str, list[float]]:
    """Per contract, hard's unit minus normal's on the same hands (``normal``: normal's rows
    by deal and seat, the same deals played out with normal card play): the mean and its 95%
    interval over the hands both hold. Paired on the cards, it needs far fewer hands than
    either level's line."""
    out = {}
    for bid in ("take", "keep"):
        d = [r["units"][bid] - normal[r["deal"], r["seat"]]["units"][bid] for r in rows
             if (r["deal"], r["seat"]) in normal and bid in r["units"]
             and bid in normal[r["deal"], r["seat"]]["units"]]
        if len(d) > 1:
            mean = statistics.fmean(d)
            half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
            out[bid] = [round(mean, 2), round(mean - half, 2), round(mean + half, 2),
                        float(len(d))]
    return out


def fit_report(rows: list[dict[str, Any]], players: int, base: int, folds: int,
               normal: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The fitted lines and thresholds on every row, and their ``folds``-fold cross-validation
    (folds by deal): per rule the mean score a hand on the held-out hands and its paired gain
    over the scaled rule (95% interval), and over hard's bidding by the table's rule now
    (``gain_over_hard``: what a refit of hard's bidding gains, on rows of hard's play).

    ``normal``: rows of the same deals with normal card play (``--paired``): adds the rule
    "normal's lines + paired shift", the lines normal play earns
    (:data:`~game.engine.ai.tarot_hand.PLAY_LINES`) moved by hard's :func:`paired_shift` on
    the training rows, and the shift on every row (``paired_shift``)."""
    by_hand = {(r["deal"], r["seat"]): r for r in normal or []}
    masks = {}
    for r in rows:
        _, dealt = records.replay_hand(deal(base, r["deal"], players))
        masks[r["deal"], r["seat"]] = mask_of_names(dealt.knowledge(r["seat"]).hand)
    old = scaled_rule(players)
    now = table_rule(players)

    def rules(train: list[dict[str, Any]]) -> dict[str, tuple[str, BidRule]]:
        at = fit_at(train, dict(old.at))
        at_takekeep = dict(old.at, take=at["take"], keep=at["keep"])
        lines = fit_expected(train)
        drift = ({"hard lines shifted": ("hard", BidRule(now.at, shifted(train, now.expected)))}
                 if now.expected is not None else {})
        if by_hand:
            shift = {bid: v[0] for bid, v in paired_shift(train, by_hand).items()}
            drift["normal's lines + paired shift"] = (
                "hard", BidRule(now.at, moved_lines(PLAY_LINES[players], shift)))
        return {"scaled": ("normal", old), "hard now": ("hard", now), **drift,
                "normal fitted take/keep": ("normal", BidRule(at_takekeep, None)),
                "normal fitted (+ keep without)": ("normal", BidRule(at, None)),
                "hard lines": ("hard", BidRule(old.at, lines)),
                "hard lines (+ keep without)": ("hard", BidRule(at, lines))}

    gains: dict[str, list[float]] = {}
    over_hard: dict[str, list[float]] = {}
    means: dict[str, list[float]] = {}
    for k in range(folds):
        train = [r for r in rows if r["deal"] % folds != k]
        test = [r for r in rows if r["deal"] % folds == k]
        for name, (level, rule) in rules(train).items():
            for r in test:
                mask = masks[r["deal"], r["seat"]]
                score = scored(r, bid_worth(level, mask, "pass", players, rule)[0])
                base_score = scored(r, bid_worth("normal", mask, "pass", players, old)[0])
                hard_score = scored(r, bid_worth("hard", mask, "pass", players, now)[0])
                means.setdefault(name, []).append(score)
                gains.setdefault(name, []).append(score - base_score)
                over_hard.setdefault(name, []).append(score - hard_score)
    def interval(values: list[float]) -> list[float]:
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        return [round(mean - half, 2), round(mean + half, 2)]

    cv = {name: {"mean": round(statistics.fmean(means[name]), 2),
                 "gain": round(statistics.fmean(g), 2), "ci95": interval(g),
                 "gain_over_hard": round(statistics.fmean(over_hard[name]), 2),
                 "gain_over_hard_ci95": interval(over_hard[name])}
          for name, g in gains.items()}
    return {"players": players, "hands": len(rows), "deals": len({r["deal"] for r in rows}),
            "expected": fit_expected(rows), "at": fit_at(rows, dict(old.at)),
            "shifted": shifted(rows, now.expected) if now.expected is not None else None,
            "scaled_at": dict(old.at), "cv": cv,
            **({"paired_shift": paired_shift(rows, by_hand)} if by_hand else {})}



# ------------------------------------------------------------------------------------------
# The duplicate comparison (``--duplicate LEVEL``): the table's bidding against issue 19's


def bids_by(level: str, rule: BidRule) -> Bidder:
    """A seat bidding as ``level`` does by ``rule``."""
    def bid(k: Knowledge) -> str:
        hand = mask_of_names(k.hand)
        return bid_worth(level, hand, bid_so_far(k.history), len(k.seats), rule)[0]
    return bid


def duplicate(deals: int, seed: int, players: int, level: str, play: str = "normal",
              layouts: int = 0, rules: tuple[BidRule, BidRule] | None = None,
              changed_only: bool = False) -> dict[str, Any]:
    """A at each seat in turn against normal players bidding by :func:`scaled_rule` (main's
    normal), every seat's card play normal; A bids as ``level`` by the table's rule
    (:func:`table_rule`, *new*) in one play and by :func:`scaled_rule` (*old*) in the other,
    on the same cards and seeds. A seating where the two bid alike before every highest bid
    is played once (the play is the same from the same seeds). Per deal the margin is
    the mean over the seats of new's score minus old's; per version: how often A declares,
    how often it makes its contract, its mean score as declarer.

    ``play``: every seat's card play (``hard``: with its budget in ``layouts``, so that the
    same seeds give the same play, and the other seats then bid as hard does by the table's
    rule); ``rules``: the (new, old) rules to compare instead; ``changed_only``: a seating
    where the two bid alike is not played at all (its margin is 0 either way), and the
    versions' figures are those of the seatings where they bid differently."""
    new, old = rules if rules is not None else (table_rule(players), scaled_rule(players))
    others = (bids_by("hard", table_rule(players)) if play == "hard"
              else bids_by("normal", old))
    margins: list[float] = []
    changed = 0
    stats = {v: {"seatings": 0, "declares": 0, "won": 0, "score": 0.0} for v in ("new", "old")}
    for i in range(deals):
        record = deal(seed * 1_000_003, i, players)
        _, dealt = records.replay_hand(record)
        margin = 0.0
        for seat in range(players):
            mask = mask_of_names(dealt.knowledge(seat).hand)
            same = all(bid_worth(level, mask, top, players, new)[0]
                       == bid_worth(level, mask, top, players, old)[0]
                       for top in ("pass", *BIDS_UP))
            if same and changed_only:
                continue
            changed += not same
            scores = {}
            result: dict[str, Any] = {}
            for version, rule in (("new", new), ("old", old)):
                if version == "new" or not same:
                    bidders = [bids_by(level, rule) if s == seat else others
                               for s in range(players)]
                    result = play_out(record, bidders, [play] * players,
                                      7919 * i + 10 * seat, layouts)
                letters = TABLES[players].letters
                score = 0.0 if "thrown_in" in result else float(result["score"][letters[seat]])
                scores[version] = score
                st = stats[version]
                st["seatings"] += 1
                if result.get("declarer") == letters[seat]:
                    st["declares"] += 1
                    st["won"] += bool(result["won"])
                    st["score"] += score
            margin += scores["new"] - scores["old"]
        margins.append(margin / players)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    return {"players": players, "deals": deals, "seed": seed, "level": level, "play": play,
            **({"layouts": layouts} if play == "hard" else {}),
            "new_rule": {"at": dict(new.at), "expected": new.expected},
            "old_rule": {"at": dict(old.at), "expected": old.expected},
            "margin_per_deal": round(mean, 3), "ci95": [round(mean - half, 3),
                                                        round(mean + half, 3)],
            "seatings_bid_differently": changed, "changed_only": changed_only,
            **{v: {"declares": round(st["declares"] / max(1, st["seatings"]), 4),
                   "success": round(st["won"] / max(1, st["declares"]), 4),
                   "declarer_score": round(st["score"] / max(1, st["declares"]), 1)}
               for v, st in stats.items()}}


@dataclass(frozen=True)
class Job:
    """What a run plays of each deal (picklable, for ``--jobs``)."""

    base: int
    players: int
    least: int
    bids: tuple[str, ...]
    level: str
    others: str | None
    layouts: int

    def rows(self, i: int) -> list[dict[str, Any]]:
        """The rows of deal ``i``: each seat of strength at least :attr:`least`, its hand's
        figures and its score (and unit) for every contract of :attr:`bids` played out."""
        record = deal(self.base, i, self.players)
        _, dealt = records.replay_hand(record)
        if dealt.done:
            return []  # petit sec
        out: list[dict[str, Any]] = []
        for seat in range(self.players):
            mask = mask_of_names(dealt.knowledge(seat).hand)
            if strength(mask) < self.least:
                continue
            row: dict[str, Any] = {"deal": i, "seat": seat, "eval": evaluate(mask),
                                   "oudlers": oudlers(mask), "strength": strength(mask),
                                   "units": {}}
            for bid in self.bids:
                row[bid], unit = play(record, seat, bid, self.level, 1000 * i + 10 * seat,
                                      self.others, self.layouts)
                if bid != "pass":
                    row["units"][bid] = unit
            out.append(row)
        return out


def read_rows(path: str) -> list[dict[str, Any]]:
    """The rows of a run's output (its last line) or of a ``--rows`` file (a line a deal)."""
    lines = Path(path).read_text().splitlines()
    last = json.loads(lines[-1])
    if "deal" not in last:
        return list(last["rows"])
    return [row for line in lines for row in json.loads(line)["rows"]]


def table_layouts(args: argparse.Namespace) -> int:
    """Hard's budget in layouts: ``--layouts``, else the table's default (the arena's)."""
    if args.layouts is not None:
        return int(args.layouts)
    from game.engine.arena import default_layouts
    return default_layouts("tarot", args.players)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-strength", type=int, default=None,
                    help="default 48 at four, scaled by TABLE_SCALE at three and five")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--deal-base", type=int, default=None,
                    help="deal i is new_deal(tarot, BASE + i) instead of seed * 1000003 + i")
    ap.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    ap.add_argument("--bids", default=",".join(("pass", *BIDS_UP)),
                    help="the contracts (and pass) to play each hand out with")
    ap.add_argument("--fit", default=None, metavar="FILE",
                    help="instead of playing: fit and cross-validate on FILE, a run's output "
                         "(give the run's --players and --deal-base)")
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--paired", default=None, metavar="FILE",
                    help="--fit: normal play's rows of the same deals (a --rows file of "
                         "--level normal), for hard's shift paired hand by hand")
    ap.add_argument("--others", default=None, metavar="LEVEL",
                    help="the level of the seats not measured (default: --level)")
    ap.add_argument("--layouts", type=int, default=None,
                    help="hard's budget in layouts a decision (default: the table's median "
                         "at 250 ms; 0: the time budget)")
    ap.add_argument("--rows", default=None, metavar="FILE",
                    help="write each deal's rows to FILE as played; skip the deals it holds")
    ap.add_argument("--jobs", type=int, default=1, help="deals played at once")
    ap.add_argument("--play", default="normal",
                    help="--duplicate: every seat's card play (default normal)")
    ap.add_argument("--changed-only", action="store_true",
                    help="--duplicate: play only the seatings where the two rules bid "
                         "differently")
    ap.add_argument("--shift", default=None, metavar="TAKE,KEEP",
                    help="--duplicate: hard's take and keep lines moved up by these units, "
                         "against hard's lines now")
    ap.add_argument("--duplicate", default=None, metavar="LEVEL",
                    help="instead: LEVEL's bidding by the table's rule against the scaled rule "
                         "on --deals duplicate deals of --seed (normal play everywhere)")
    args = ap.parse_args()
    if args.duplicate is not None:
        rules = None
        if args.shift is not None:
            now = table_rule(args.players)
            assert now.expected is not None, "--shift needs hard's lines at this table"
            by = dict(zip(("take", "keep"), map(float, args.shift.split(",")), strict=True))
            rules = (BidRule(now.at, moved_lines(now.expected, by)), now)
        print(json.dumps(duplicate(args.deals, args.seed, args.players, args.duplicate,
                                   args.play, table_layouts(args), rules, args.changed_only)))
        return
    if args.fit is not None:
        base = args.seed * 1_000_003 if args.deal_base is None else args.deal_base
        normal = read_rows(args.paired) if args.paired else None
        print(json.dumps(fit_report(read_rows(args.fit), args.players, base, args.folds, normal)))
        return
    scale = TABLE_SCALE[args.players]
    bands = [round(b * scale) for b in BANDS[:-1]] + [BANDS[-1]]
    least = round(48 * scale) if args.min_strength is None else args.min_strength
    bids = [b for b in ("pass", *BIDS_UP) if b in args.bids.split(",")]
    base = args.seed * 1_000_003 if args.deal_base is None else args.deal_base
    job = Job(base, args.players, least, tuple(bids), args.level, args.others,
              table_layouts(args))
    rows: list[dict[str, Any]] = []
    done: set[int] = set()
    if args.rows and Path(args.rows).exists():
        for obj in map(json.loads, Path(args.rows).read_text().splitlines()):
            done.add(obj["deal"])
            rows += obj["rows"]
    todo = [i for i in range(args.deals) if i not in done]
    sink = open(args.rows, "a", encoding="utf-8") if args.rows else None  # noqa: SIM115
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, got in zip(todo, pool.map(job.rows, todo), strict=True):
            rows += got
            if sink is not None:
                sink.write(json.dumps({"deal": i, "rows": got}) + "\n")
                sink.flush()
            sys.stderr.write(f"\rdeal {i + 1}/{args.deals}, {len(rows)} hands")
    if sink is not None:
        sink.close()
    sys.stderr.write("\n")
    for lo, hi in itertools.pairwise(bands):
        band = [r for r in rows if lo <= r["strength"] < hi]
        if not band:
            continue
        line: dict[str, Any] = {"strength": [lo, hi - 1], "hands": len(band)}
        for bid in bids:
            line[bid] = round(sum(r[bid] for r in band) / len(band), 1)
            if bid != "pass":
                line[bid + "_won"] = round(sum(r[bid] > 0 for r in band) / len(band), 3)
        print(json.dumps(line))
    print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()

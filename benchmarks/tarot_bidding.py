"""French Tarot contracts played out, by hand strength: how the bidding of
:mod:`game.engine.ai.tarot_hand` was judged (issue 17).

    python benchmarks/tarot_bidding.py [--deals N] [--seed S] [--min-strength X] [--level L]
                                       [--deal-base B]

Deal ``records.new_deal("tarot", seed * 1_000_003 + i, dealer=i % 4)`` (``B + i`` with
``--deal-base``); for every seat whose
18 cards have a strength (:func:`~game.engine.ai.tarot_hand.strength`) of at least
``--min-strength``, play the hand out once per contract with that seat forced to bid it and the
others passing, and once with the seat passing and the others bidding as ``--level`` does; all
four seats then play (and discard) as ``--level`` (normal by default). Prints one JSON line per
strength band: the hands, and per contract (and ``pass``) the seat's mean score (``3 × unit``
as declarer) and, for a contract, how often it was won; then one line with every hand (the
rows the fitted tables were judged on: ``eval``, ``oudlers``, ``strength``, scores).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import records
from game.engine.ai import make_player
from game.engine.ai.tarot import mask_of_names
from game.engine.ai.tarot_hand import BIDS_UP, evaluate, oudlers, strength
from game.engine.cards import SEATS

BANDS = (0, 48, 55, 60, 62, 64, 70, 75, 85, 95, 105, 115, 1000)


def play(record: dict[str, Any], seat: int, forced: str, level: str, seed: int) -> float:
    """Seat ``seat``'s score when it bids ``forced`` (``"pass"`` included) and, if it does
    not pass, every other seat passes; otherwise the others bid as ``level``."""
    _, hand = records.replay_hand(record)
    players = [make_player(level, seed + s) for s in range(4)]
    while not hand.done:
        to = hand.to_act
        assert to is not None
        k = hand.knowledge(to)
        if hand.phase == "bid" and (to == seat or forced != "pass"):
            want = forced if to == seat else "pass"
            hand.apply(next(a for a in k.legal if a.get("bid") == want))
            continue
        hand.apply(players[to].decide(k).action)
    result = hand.result()
    assert result is not None
    return 0.0 if "thrown_in" in result else float(result["score"][SEATS[seat]])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-strength", type=int, default=48)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--deal-base", type=int, default=None,
                    help="deal i is new_deal(tarot, BASE + i) instead of seed * 1000003 + i")
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    for i in range(args.deals):
        base = args.seed * 1_000_003 if args.deal_base is None else args.deal_base
        record = records.new_deal("tarot", base + i, dealer=i % 4)
        _, dealt = records.replay_hand(record)
        if dealt.done:
            continue  # petit sec
        for seat in range(4):
            mask = mask_of_names(dealt.knowledge(seat).hand)
            if strength(mask) < args.min_strength:
                continue
            row: dict[str, Any] = {"deal": i, "seat": seat, "eval": evaluate(mask),
                                   "oudlers": oudlers(mask), "strength": strength(mask)}
            for bid in ("pass", *BIDS_UP):
                row[bid] = play(record, seat, bid, args.level, 1000 * i + 10 * seat)
            rows.append(row)
    for lo, hi in itertools.pairwise(BANDS):
        band = [r for r in rows if lo <= r["strength"] < hi]
        if not band:
            continue
        line: dict[str, Any] = {"strength": [lo, hi - 1], "hands": len(band)}
        for bid in ("pass", *BIDS_UP):
            line[bid] = round(sum(r[bid] for r in band) / len(band), 1)
            if bid != "pass":
                line[bid + "_won"] = round(sum(r[bid] > 0 for r in band) / len(band), 3)
        print(json.dumps(line))
    print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()

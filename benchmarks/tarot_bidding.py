"""French Tarot contracts played out, by hand strength: how the bidding of
:mod:`game.engine.ai.tarot_hand` was judged (issue 17).

    python benchmarks/tarot_bidding.py [--deals N] [--seed S] [--min-strength X] [--level L]
                                       [--deal-base B] [--players 3|4|5] [--bids B,B,...]

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
from game.engine.ai.tarot_hand import BIDS_UP, TABLE_SCALE, evaluate, oudlers, strength
from game.engine.cards import TABLES

BANDS = (0, 48, 55, 60, 62, 64, 70, 75, 85, 95, 105, 115, 1000)
"""The strength bands at four (scaled at three and five, the last one left open)."""


def deal(base: int, i: int, players: int) -> dict[str, Any]:
    """Deal ``i`` of a run at a table of ``players``: the arena's dealing."""
    options = {"players": players} if players != 4 else None
    return records.new_deal("tarot", base + i, dealer=i % players, options=options)


def play(record: dict[str, Any], seat: int, forced: str, level: str,
         seed: int) -> tuple[float, float]:
    """Seat ``seat``'s score and the hand's unit (what each defender paid the declarer; 0
    when thrown in) when it bids ``forced`` (``"pass"`` included) and, if it does not pass,
    every other seat passes; otherwise the others bid as ``level``."""
    _, hand = records.replay_hand(record)
    letters = TABLES[len(hand.knowledge(0).seats)].letters
    players = [make_player(level, seed + s) for s in range(len(letters))]
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
    if "thrown_in" in result:
        return 0.0, 0.0
    defender = next(x for x in letters if x not in (result["declarer"], result.get("partner")))
    return float(result["score"][letters[seat]]), float(-result["score"][defender])


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
    args = ap.parse_args()
    scale = TABLE_SCALE[args.players]
    bands = [round(b * scale) for b in BANDS[:-1]] + [BANDS[-1]]
    least = round(48 * scale) if args.min_strength is None else args.min_strength
    bids = [b for b in ("pass", *BIDS_UP) if b in args.bids.split(",")]
    rows: list[dict[str, Any]] = []
    for i in range(args.deals):
        base = args.seed * 1_000_003 if args.deal_base is None else args.deal_base
        record = deal(base, i, args.players)
        _, dealt = records.replay_hand(record)
        if dealt.done:
            continue  # petit sec
        for seat in range(args.players):
            mask = mask_of_names(dealt.knowledge(seat).hand)
            if strength(mask) < least:
                continue
            row: dict[str, Any] = {"deal": i, "seat": seat, "eval": evaluate(mask),
                                   "oudlers": oudlers(mask), "strength": strength(mask),
                                   "units": {}}
            for bid in bids:
                row[bid], unit = play(record, seat, bid, args.level, 1000 * i + 10 * seat)
                if bid != "pass":
                    row["units"][bid] = unit
            rows.append(row)
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

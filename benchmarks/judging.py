"""What judging a hand for a learner's progress costs (issue 39): the processor time the strong
player spends judging every decision of South in one finished hand, per game (French Tarot at
three, four and five players).

Each hand is a seed's deal played to its end by the normal level at every seat (South a little
erratic: every third decision of South a random legal one, as a learner's might be), then
judged exactly as the judge does in the AI's workers — :func:`game.engine.judging.judge` with
the learning mode's advisor, one decision after another, in this one process (the app spreads a
decision's search over helper processes; the total processor time is about the same). It
prints, per game: the hands, South's decisions judged per hand, the processor seconds per hand
(median and greatest), the seconds per decision, and the verdicts counted.

    .venv/bin/python benchmarks/judging.py [--hands 3] [--games arbaa-turub,turup,...]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from typing import Any

from game.engine import learning, records
from game.engine.ai import make_player
from game.engine.judging import judge

GAMES = (("arbaa-turub", 4), ("turup", 4), ("tarabish", 4), ("tarot", 4), ("tarot", 3),
         ("tarot", 5))


def played_hand(game: str, players: int, seed: int) -> dict[str, Any]:
    """A finished hand record of ``game`` at ``players`` for ``seed`` (see the docstring)."""
    options = {"players": players} if players != 4 else None
    record = records.new_deal(game, seed, options=options)
    _, hand = records.start_hand(record)
    normal = make_player("normal", seed)
    rng = random.Random(seed)
    south = 0
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if seat == 0:
            south += 1
        if seat == 0 and south % 3 == 0 and len(legal) > 1:
            action = rng.choice(legal)
        else:
            action = normal.decide(hand.knowledge(seat)).action
        hand.apply(action)
        record["actions"].append(dict(action))
    return record


def judge_hand(record: dict[str, Any]) -> tuple[int, float, Counter[str]]:
    """South's decisions judged in ``record``: how many, the processor seconds, the
    verdicts."""
    strong = learning.Advisor()
    verdicts: Counter[str] = Counter()
    began = time.process_time()
    count = 0
    for point in learning.review(record, 0).decisions:
        if point.part or len(point.knowledge.legal) <= 1:
            continue
        verdicts[judge(point.knowledge, list(point.lay_away) or point.taken, strong).verdict] += 1
        count += 1
    return count, time.process_time() - began, verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--games", default="",
                        help="comma-separated games (tarot-3, tarot-5 for the other tables)")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g]
    for game, players in GAMES:
        name = game if players == 4 else f"{game}-{players}"
        if wanted and name not in wanted:
            continue
        seconds, decisions, verdicts = [], [], Counter[str]()
        for seed in range(1, args.hands + 1):
            count, cpu, said = judge_hand(played_hand(game, players, seed))
            seconds.append(cpu)
            decisions.append(count)
            verdicts.update(said)
        print(json.dumps({
            "game": name, "hands": args.hands,
            "decisions_per_hand": round(statistics.mean(decisions), 1),
            "cpu_s_per_hand_median": round(statistics.median(seconds), 2),
            "cpu_s_per_hand_max": round(max(seconds), 2),
            "cpu_ms_per_decision": round(1000 * sum(seconds) / max(1, sum(decisions))),
            "verdicts": dict(verdicts)}), flush=True)


if __name__ == "__main__":
    main()

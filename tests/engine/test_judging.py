"""A decision judged after the hand (issue 39): its kind, the checker's verdict with its three
outcomes, and the cost in the game's unit — the same verdict the play checker gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ai_helpers import Answers, random_point

from game.engine import judging, learning
from game.engine.ai.player import Decision
from game.engine.cards import SEATS
from game.engine.judging import AGREED, MISTAKE, NEAR, Judgement, decision_kind, judge

RECORDS = Path(__file__).resolve().parents[1] / "records"


def point(name: str, seat: int, index: int) -> learning.Point:
    """The decision of ``seat`` at action ``index`` of the shared record ``name``."""
    record = json.loads((RECORDS / f"{name}.json").read_text())
    review = learning.review(record, seat)
    return next(p for p in review.decisions if p.index == index)


@pytest.mark.parametrize(("name", "seat", "index", "kind"), [
    ("arbaa-turub-hand", 1, 0, "call"),            # naming trump
    ("arbaa-turub-hand", 1, 1, "lead"),
    ("arbaa-turub-hand", 0, 4, "follow"),
    ("arbaa-turub-hand", 1, 9, "declaration"),     # a signal before a lead
    ("arbaa-turub-hand", 1, 67, "discard"),        # off suit, not a trump
    ("arbaa-turub-hand", 1, 105, "trump"),
    ("tarabish-runs-bella", 2, 0, "call"),          # calling trump
    ("tarabish-runs-bella", 0, 3, "declaration"),   # runs
    ("tarabish-runs-bella", 2, 36, "trump"),
    ("tarabish-runs-bella", 3, 37, "discard"),
    ("turup-kort-made", 1, 21, "bid"),              # asking for kort
    ("turup-kort-made", 3, 22, "bid"),              # the partner's estimate
    ("turup-kort-made", 0, 35, "trump"),
    ("tarot-seed-1", 3, 0, "bid"),
    ("tarot-seed-1", 3, 4, "lay-away"),
    ("tarot-seed-1", 3, 10, "declaration"),         # no slam announced
    ("tarot-seed-1", 0, 14, "follow"),              # a trump on a trump led
    ("tarot-seed-1", 1, 65, "trump"),
    ("tarot-seed-1", 0, 81, "discard"),
    ("tarot-seed-5", 0, 22, "discard"),             # the Excuse to another's lead
])
def test_every_kind_of_decision_is_named(name, seat, index, kind):
    p = point(name, seat, index)
    assert decision_kind(p.knowledge, list(p.lay_away) or p.taken) == kind


def test_every_decision_of_every_shared_record_has_a_known_kind():
    for path in sorted(RECORDS.glob("*.json")):
        record = json.loads(path.read_text())
        if "actions" not in record and "hands" not in record:
            continue
        hand = learning.current_hand(record)
        for seat in range(hand.table.size):
            for p in learning.review(record, seat).decisions:
                if not p.part:
                    kind = decision_kind(p.knowledge, list(p.lay_away) or p.taken)
                    assert kind in judging.KINDS, (path.name, p.index, kind)


def turup_choice():
    _, hand = random_point("turup", 5, 3)
    k = hand.knowledge(hand.to_act)
    cards = [a["play"] for a in k.legal if "play" in a]
    seat = SEATS[k.seat]
    scores = {f"play {cards[0]}": [1.0] * 20, f"play {cards[1]}": [1.0] * 18 + [0.0] * 2,
              f"play {cards[2]}": [0.0] * 16 + [-1.0] * 4}
    chosen = Decision({"seat": seat, "play": cards[0]}, "because", tie=0.1, scores=scores)
    return k, seat, cards, Answers(chosen)


@pytest.mark.parametrize(("which", "verdict", "cost"), [
    (0, AGREED, None),          # the strong player's own card
    (1, NEAR, None),            # worse in 2 layouts of 20: noise
    (2, MISTAKE, 60.0),         # worse in all 20, by 1.2 a layout: 60 hands in 100
])
def test_the_verdict_and_its_cost_in_the_games_unit(which, verdict, cost):
    k, seat, cards, strong = turup_choice()
    taken = {"seat": seat, "play": cards[which]}
    judged = judge(k, taken, strong)
    assert judged.verdict == verdict and judged.kind in ("lead", "follow", "trump", "discard")
    if cost is None:
        assert judged.cost is None
    else:
        assert judged.cost == pytest.approx(cost)
    assert (judged.better is not None) == (verdict == MISTAKE)
    assert learning.differs(k, taken, strong=strong) == judged.better  # the checker's verdict


def test_a_choice_no_search_weighed_is_a_mistake_without_a_cost():
    _, hand = random_point("tarot", 6, 0)
    k = hand.knowledge(hand.to_act)
    assert k.phase == "bid" and len(k.legal) >= 2
    strong = Answers(Decision(k.legal[0], "because"))
    assert judge(k, k.legal[0], strong) == Judgement("bid", AGREED)
    other = judge(k, k.legal[1], strong)
    assert (other.kind, other.verdict, other.cost) == ("bid", MISTAKE, None)
    assert other.better is not None and other.better.action == k.legal[0]


def test_a_lay_away_is_judged_as_a_set():
    p = point("tarot-seed-1", 3, 4)
    laid = list(p.lay_away)
    inside = Answers(Decision(dict(laid[3]), "because"))
    assert judge(p.knowledge, laid, inside).verdict == AGREED
    outside = next(a for a in p.knowledge.legal if a not in laid)
    other = judge(p.knowledge, laid, Answers(Decision(dict(outside), "because")))
    assert (other.kind, other.verdict, other.cost) == ("lay-away", MISTAKE, None)


def test_a_declaration_before_a_card_is_never_a_mistake():
    p = point("arbaa-turub-hand", 1, 9)
    card = next(a for a in p.knowledge.legal if "play" in a)
    judged = judge(p.knowledge, p.taken, Answers(Decision(card, "because")))
    assert (judged.kind, judged.verdict) == ("declaration", NEAR)


def test_the_cost_units_follow_each_games_near_tie():
    """The near-tie margins, said in each game's unit, are what their docstrings say: 0.15 of
    a trick (Arba'a Turub), five hands in a hundred (Turup), two points (Tarabish), one point
    (French Tarot)."""
    from game.engine.ai.arbaa_turub import ArbaaTurubAI
    from game.engine.ai.tarabish import TarabishAI
    from game.engine.ai.tarot import NEAR_TIE
    from game.engine.ai.turup import TurupAI
    margins = {"arbaa-turub": ArbaaTurubAI.NEAR_TIE, "turup": TurupAI.NEAR_TIE,
               "tarabish": TarabishAI.NEAR_TIE, "tarot": NEAR_TIE}
    said = {g: m * judging.COST_UNITS[g][0] for g, m in margins.items()}
    assert said == pytest.approx({"arbaa-turub": 0.15, "turup": 5.0, "tarabish": 2.0,
                                  "tarot": 1.0})


@pytest.mark.parametrize("name", ["arbaa-turub-hand", "tarot-seed-1", "tarabish-runs-bella"])
def test_a_decision_replayed_alone_is_the_reviews(name):
    """The judge's job replays a hand only up to the decision it judges: the same point as
    the whole review gives, for every seat's every decision."""
    record = json.loads((RECORDS / f"{name}.json").read_text())
    hand = learning.current_hand(record)
    for seat in range(hand.table.size):
        for p in learning.review(record, seat).decisions:
            assert learning.point_at(record, p.index) == p

"""The advisor's standard of evidence (issue 24): the sign test, when a recommendation is
backed, when a sequential search stops, which actions are as good, and the advice and the play
checker held to it — on hand-built scores and on random positions of every game."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import pytest
from ai_helpers import Answers, random_point

from game.engine import learning
from game.engine.ai import evidence, make_player, search
from game.engine.ai.player import Decision, Evidence
from game.engine.cards import SEATS
from game.engine.learning import Advisor, differs, judged

# -- the test itself ---------------------------------------------------------------------------


@pytest.mark.parametrize(("better", "worse", "p"), [
    (0, 0, 1.0),
    (1, 0, 0.5),
    (5, 0, 1 / 32),
    (4, 1, 6 / 32),
    (3, 3, 42 / 64),
    (10, 2, 79 / 4096),
    (0, 4, 1.0),
])
def test_sign_p(better, worse, p):
    assert evidence.sign_p(better, worse) == pytest.approx(p)


@pytest.mark.parametrize(("a", "b", "margin", "alpha", "backed"), [
    # better on 6 layouts of 6, by 1 each: p = 1/64
    ([1.0] * 6, [0.0] * 6, 0.5, 0.05, True),
    ([1.0] * 6, [0.0] * 6, 0.5, 0.0125, False),       # a stricter look: 1/64 > 0.0125
    ([1.0] * 6, [0.0] * 6, 1.5, 0.05, False),          # a gain under the margin
    ([1.0] * 2 + [0.0] * 50, [0.0] * 52, 0.0, 0.05, False),  # 2 better, 0 worse of 52: noise
    ([10.0] * 5 + [0.0] * 5, [0.0] * 5 + [1.0] * 5, 0.3, 0.05, False),  # 5 to 5: a coin
    ([1.0] * 22 + [0.0] * 17, [0.0] * 22 + [1.0] * 17, 0.0, 0.05, False),  # 22 to 17
    ([1.0] * 30 + [0.0] * 5, [0.0] * 30 + [1.0] * 5, 0.3, 0.05, True),
])
def test_backed(a, b, margin, alpha, backed):
    assert evidence.backed(a, b, margin, alpha) is backed


def test_every_recommendation_passes_the_plain_test_at_five_percent():
    """A look's level is stricter than 5%: what it backs, the plain sign test backs."""
    assert evidence.look_alpha() <= evidence.ALPHA
    rng = random.Random(3)
    for _ in range(500):
        n = rng.randrange(1, 60)
        a = [rng.choice((0.0, 1.0, 2.0)) for _ in range(n)]
        b = [rng.choice((0.0, 1.0)) for _ in range(n)]
        if evidence.backed(a, b, 0.1, evidence.look_alpha()):
            assert evidence.sign_p(*evidence.counts(a, b)) <= 0.05


@pytest.mark.parametrize(("scores", "obvious", "margin", "settled", "recommended"), [
    ({"x": [1.0] * 8, "y": [0.0] * 8}, "x", 0.3, True, "x"),             # the obvious leads
    ({"x": [0.0] * 8, "y": [0.0] * 8}, "x", 0.3, True, "x"),             # a tie: obvious
    ({"x": [0.0] * 8, "y": [1.0] * 8}, "x", 0.3, True, "y"),             # backed at once
    ({"x": [0.0] * 4, "y": [1.0] * 4}, "x", 0.3, False, "x"),            # close: go on
    ({"x": [0.0] * 8, "y": [0.1] * 8}, "x", 0.3, True, "x"),             # under half the margin
    ({"x": [0.0] * 3 + [1.0], "y": [1.0] * 3 + [0.0]}, "x", 0.3, False, "x"),
])
def test_settled_and_recommended(scores, obvious, margin, settled, recommended):
    assert evidence.settled(scores, obvious, margin) is settled
    assert evidence.recommended(scores, obvious, margin) == recommended


def test_the_best_backed_candidate_is_recommended_when_the_leader_is_not():
    scores = {"x": [0.0] * 40, "y": [1.0] * 30 + [0.0] * 10,
              "z": [9.0] * 4 + [0.0] * 36}  # the best mean, on 4 layouts only
    assert not evidence.settled(scores, "x", 0.3)  # the leader z is not backed: go on
    assert evidence.recommended(scores, "x", 0.3) == "y"


def test_the_first_batch_has_at_least_thirty_layouts():
    assert evidence.first(12) == 30 and evidence.first(86) == 86


def test_as_good_and_alike():
    scores = {"a": [1.0] * 20, "b": [1.0] * 20, "c": [1.0] * 18 + [0.0] * 2,
              "d": [0.0] * 20}
    assert evidence.as_good(scores, "a", 0.3) == ["b", "c"]
    assert evidence.alike(scores["a"], scores["b"], 0.3)
    assert evidence.alike(scores["a"], scores["c"], 0.3)  # 2 layouts of 20 differ
    assert not evidence.alike(scores["a"], scores["d"], 0.3)


@pytest.mark.parametrize(("action", "key"), [
    ({"seat": "S", "play": "qs"}, "play QS"),
    ({"seat": "W", "trump": "H"}, "trump H"),
    ({"seat": "E", "kort": True}, "kort True"),
    ({"seat": "N", "play": "QH", "bella": True}, "play QH"),
])
def test_action_key(action, key):
    assert evidence.action_key(action) == key


def test_the_cap_grows_the_first_batch_eight_times_up_to_a_thousand():
    assert evidence.cap(10) == 80
    assert evidence.cap(200) == 1000
    assert evidence.cap(1500) == 1500


# -- the sequential search ---------------------------------------------------------------------


def coin_search(edge: float) -> tuple[Callable[[random.Random], search.World],
                                       Callable[[search.World, Hashable], float]]:
    """A toy search: candidate 1 beats candidate 0 on a layout with probability ``edge`` (and
    loses otherwise), the layout being one draw."""
    def sample(rng: random.Random) -> search.World:
        return [[rng.randrange(1000)]]

    def evaluate(world: search.World, c: Hashable) -> float:
        win = world[0][0] < edge * 1000
        return float(win) if c == 1 else float(not win)
    return sample, evaluate


def run(edge: float, first: int = 10, cap: int = 80) -> search.SearchResult:
    sample, evaluate = coin_search(edge)
    return search.sequential([0, 1], sample, evaluate, random.Random(5), first, cap,
                             lambda s: evidence.settled(s, 0, 0.3), prefer=0)


def test_a_clear_case_stops_at_the_first_batch():
    result = run(0.0)  # the obvious candidate 0 wins every layout
    assert result.samples == 10
    result = run(1.0)  # candidate 1 wins every layout: backed at once
    assert result.samples == 10 and evidence.recommended(result.scores, 0, 0.3) == 1


def test_a_close_case_samples_on_to_the_cap():
    result = run(0.7)
    assert 10 < result.samples <= 80


def test_the_first_batch_is_the_fixed_search_and_batches_add_layouts():
    sample, evaluate = coin_search(0.7)
    fixed = search.determinized([0, 1], sample, evaluate, random.Random(5), 40, prefer=0)
    grown = search.sequential([0, 1], sample, evaluate, random.Random(5), 10, 40,
                              lambda s: False, prefer=0)
    assert grown.samples == 40 and grown.scores == fixed.scores


class SplitShare(search.Share):
    """Runs every search in three parts, as three processes would."""

    def search(self, run, deadline, cancelled):  # type: ignore[no-untyped-def]
        parts = [run(p, 3, deadline, cancelled) for p in range(3)]
        self.samples += sum(len(p.indices) for p in parts)
        return parts


def test_a_sequential_search_does_not_depend_on_how_its_layouts_are_shared():
    sample, evaluate = coin_search(0.7)
    alone = search.sequential([0, 1], sample, evaluate, random.Random(9), 7, 56,
                              lambda s: evidence.settled(s, 0, 0.3), prefer=0)
    shared = search.sequential([0, 1], sample, evaluate, random.Random(9), 7, 56,
                               lambda s: evidence.settled(s, 0, 0.3), prefer=0,
                               share=SplitShare())
    assert alone.scores == shared.scores and alone.samples == shared.samples


def test_no_batch_starts_past_the_time_limit():
    sample, evaluate = coin_search(0.7)
    share = search.Share()
    share.until = 0.0  # long past
    result = search.sequential([0, 1], sample, evaluate, random.Random(5), 10, 80,
                               lambda s: False, prefer=0, share=share)
    assert result.samples == 10


# -- the advice and the checker on hand-built decisions ----------------------------------------


def knowledge_of(game: str, seed: int, steps: int):
    _, hand = random_point(game, seed, steps)
    return hand.knowledge(hand.to_act)


def test_a_challenger_without_evidence_gives_way_to_the_obvious_card():
    k = knowledge_of("turup", 5, 3)
    cards = [a["play"] for a in k.legal if "play" in a]
    assert len(cards) >= 3
    seat = SEATS[k.seat]
    strong = Decision({"seat": seat, "play": cards[1]}, "strong", tie=0.1, scores={
        f"play {cards[0]}": [0.0] * 50, f"play {cards[1]}": [1.0] * 2 + [0.0] * 48,
        f"play {cards[2]}": [-1.0] * 50})
    obvious = Decision({"seat": seat, "play": cards[0]}, "obvious")
    advice = judged(k, strong, obvious)
    assert advice.action == obvious.action and advice.evidence is None
    assert advice.reason.startswith("obvious")
    assert advice.alternatives == ({"seat": seat, "play": cards[1]},)


def test_a_backed_challenger_is_recommended_with_its_evidence():
    k = knowledge_of("turup", 5, 3)
    cards = [a["play"] for a in k.legal if "play" in a]
    seat = SEATS[k.seat]
    strong = Decision({"seat": seat, "play": cards[1]}, "strong", tie=0.1, scores={
        f"play {cards[0]}": [0.0] * 40, f"play {cards[1]}": [1.0] * 30 + [-1.0] * 3 + [0.0] * 7,
        f"play {cards[2]}": [1.0] * 30 + [-1.0] * 3 + [0.0] * 7})
    obvious = Decision({"seat": seat, "play": cards[0]}, "obvious")
    advice = judged(k, strong, obvious)
    assert advice.action == strong.action and advice.reason == "strong"
    assert advice.evidence == Evidence(obvious.action, 40, 30, 3)
    assert advice.alternatives == ({"seat": seat, "play": cards[2]},)


def test_a_choice_no_search_weighed_gives_way_to_the_obvious_one():
    k = knowledge_of("tarot", 6, 0)
    assert k.phase == "bid" and len(k.legal) >= 2
    strong = Decision(k.legal[1], "strong")
    obvious = Decision(k.legal[0], "obvious")
    assert judged(k, strong, obvious).action == obvious.action


def test_the_checker_speaks_only_on_evidence():
    k = knowledge_of("turup", 5, 3)
    cards = [a["play"] for a in k.legal if "play" in a]
    seat = SEATS[k.seat]
    chosen = Decision({"seat": seat, "play": cards[0]}, "because", tie=0.1, scores={
        f"play {cards[0]}": [1.0] * 20, f"play {cards[1]}": [1.0] * 18 + [0.0] * 2,
        f"play {cards[2]}": [0.0] * 20})
    strong = Answers(chosen)
    assert differs(k, {"seat": seat, "play": cards[1]}, strong=strong) is None  # 2 layouts: noise
    assert differs(k, {"seat": seat, "play": cards[1].lower()}, strong=strong) is None
    verdict = differs(k, {"seat": seat, "play": cards[2]}, strong=strong)  # 20 of 20: a mistake
    assert verdict is not None and verdict.action == chosen.action
    assert verdict.evidence == Evidence({"seat": seat, "play": cards[2]}, 20, 20, 0)
    assert verdict.reason.startswith("because Of 20 layouts of the unseen cards I tried, it "
                                     "did better than ")
    assert verdict.reason.endswith(" in 20 and worse in 0.")


def test_the_checker_counts_shortly_when_the_reason_has_counted_already():
    k = knowledge_of("turup", 5, 3)
    cards = [a["play"] for a in k.legal if "play" in a]
    seat = SEATS[k.seat]
    chosen = Decision({"seat": seat, "play": cards[0]}, "because", tie=0.1,
                      evidence=Evidence({"seat": seat, "play": cards[1]}, 20, 18, 2), scores={
        f"play {cards[0]}": [1.0] * 20, f"play {cards[1]}": [1.0] * 2 + [0.0] * 18,
        f"play {cards[2]}": [0.0] * 20})
    verdict = differs(k, {"seat": seat, "play": cards[2]}, strong=Answers(chosen))
    assert verdict is not None and verdict.evidence == Evidence(
        {"seat": seat, "play": cards[2]}, 20, 20, 0)
    assert verdict.reason.startswith("because Against ")
    assert verdict.reason.endswith(": better in 20 of those layouts, worse in 0.")
    assert verdict.reason.count("layouts") == 1


# -- the advice on random positions of every game ----------------------------------------------

POSITIONS = [("arbaa-turub", 3, 60), ("arbaa-turub", 8, 20), ("turup", 2, 12), ("turup", 9, 20),
             ("tarabish", 4, 10), ("tarabish", 7, 22), ("tarot", 5, 30), ("tarot", 11, 50)]


@pytest.mark.parametrize(("game", "seed", "steps"), POSITIONS)
def test_advice_is_the_obvious_action_or_backed_by_a_sign_test(game, seed, steps):
    k = knowledge_of(game, seed, steps)
    advice = Advisor().decide(k)
    obvious = make_player("normal", learning.ADVISOR_SEED).decide(k).action
    assert advice.action in k.legal
    if advice.evidence is None:
        assert learning.same_action(game, advice.action, obvious)
    else:
        proof = advice.evidence
        assert proof.compared_with == obvious and not learning.same_action(game, advice.action,
                                                                           obvious)
        assert evidence.sign_p(proof.better, proof.worse) <= 0.05
    assert all(a in k.legal and a != advice.action for a in advice.alternatives)


def test_advice_under_other_seeds_agrees():
    """Asked with three seeds, each answer's action is among the others' action and
    alternatives in at least 90% of the positions."""
    agree = 0
    for game, seed, steps in POSITIONS:
        k = knowledge_of(game, seed, steps)
        answers = [Advisor(seed=s).decide(k) for s in (1, 2, 3)]
        agree += all(a.action == b.action or a.action in b.alternatives
                     for a in answers for b in answers)
    assert agree >= 0.9 * len(POSITIONS)

"""Tarabish property tests: thousands of random hands played through the engine's public
interface, checked step by step against an independent reading of RULES.md section 3, and the
random-playout kernel checked against the engine."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from depth import count, examples
from hypothesis import assume, given
from hypothesis import strategies as st

from game.engine import cards as C
from game.engine import tarabish as T

# -- an independent reading of the rules, on card names ----------------------------------------

TRUMP_ORDER = ["6", "7", "8", "Q", "K", "10", "A", "9", "J"]   # low → high
PLAIN_ORDER = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
NATURAL = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
RUN_VALUE = {3: 20, 4: 50, 5: 50, 6: 50, 7: 70, 8: 100, 9: 100}
TEAM = {"S": "NS", "N": "NS", "W": "EW", "E": "EW"}
PARTNER = {"S": "N", "N": "S", "W": "E", "E": "W"}


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def power(card: str, led: str, trump: str) -> int:
    """A card's power in a trick: trumps above the suit led, other suits never win."""
    if suit(card) == trump:
        return 100 + TRUMP_ORDER.index(rank(card))
    if suit(card) == led:
        return PLAIN_ORDER.index(rank(card))
    return -1


def winner(trick: list[tuple[str, str]], trump: str) -> str:
    """The seat of the first card that nothing after it beats."""
    led = suit(trick[0][1])
    best_seat, best = trick[0][0], power(trick[0][1], led, trump)
    for seat, card in trick[1:]:
        if power(card, led, trump) > best:
            best_seat, best = seat, power(card, led, trump)
    return best_seat


def reference_legal(seat: str, hand: set[str], trick: list[tuple[str, str]], trump: str,
                    partner_exception: bool) -> set[str]:
    """RULES.md: follow suit; else trump if you can (partner exception: a seat that cannot
    follow while its partner wins may play anything); a trump played when the trick holds one
    must beat it if you can."""
    if not trick:
        return set(hand)
    led = suit(trick[0][1])
    same = {c for c in hand if suit(c) == led}
    trumps = {c for c in hand if suit(c) == trump}
    if led != trump and same:
        return same
    if not trumps:
        return set(hand)
    if led != trump and partner_exception and winner(trick, trump) == PARTNER[seat]:
        return set(hand)
    in_trick = [TRUMP_ORDER.index(rank(c)) for _, c in trick if suit(c) == trump]
    if in_trick:
        higher = {c for c in trumps if TRUMP_ORDER.index(rank(c)) > max(in_trick)}
        if higher:
            return higher
    return trumps


def reference_result(h: T.TarabishHand) -> dict[str, Any]:
    """The result from the trick log and the history alone."""
    trump = h.trump_name()
    assert trump is not None
    pts = {"NS": 0, "EW": 0}
    log = h.trick_log()
    for t in log:
        for card in t["cards"]:
            table = TRUMP_POINTS if suit(card) == trump else PLAIN_POINTS
            pts[TEAM[t["winner"]]] += table.get(rank(card), 0)
    pts[TEAM[log[-1]["winner"]]] += 10
    declared = {a["seat"]: a["runs"] for a in h.history if "runs" in a}
    keys = {}   # a longer sequence competes as its parts: its best part is its top four's fifty
    for seat, runs in declared.items():
        keys[seat] = max((RUN_VALUE[min(len(r), 4)], max(NATURAL.index(rank(c)) for c in r),
                          suit(r[0]) == trump) for r in runs)
    runs_pts = {"NS": 0, "EW": 0}
    if keys:
        best = max(keys.values())
        holders = [s for s, k in keys.items() if k == best]
        if len(holders) == 1:
            runs_pts[TEAM[holders[0]]] = sum(RUN_VALUE[len(r)] for r in declared[holders[0]])
    bella = {"NS": 0, "EW": 0}
    for a in h.history:
        if a.get("bella"):
            bella[TEAM[a["seat"]]] += 20
    total = {t: pts[t] + runs_pts[t] + bella[t] for t in pts}
    caller = [a for a in h.history if "call" in a][-1]["seat"]
    mine = TEAM[caller]
    other = "EW" if mine == "NS" else "NS"
    if total[mine] > total[other]:
        bait, score = "none", dict(total)
    elif total[mine] < total[other] or h.options["half_bait_is_bait"]:
        bait, score = "bait", {mine: 0, other: total[mine] + total[other]}
    else:
        bait, score = "half-bait", {mine: 0, other: total[other]}
    return {"caller": caller, "card_points": pts, "runs": runs_pts, "bella": bella,
            "bait": bait, "score": {"NS": score["NS"], "EW": score["EW"]}}


# -- random hands ---------------------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({
    "dealer_may_pass": st.booleans(), "partner_exception": st.booleans(),
    "bella_on_first": st.booleans(), "half_bait_is_bait": st.booleans(),
})


def fresh(seed: int, options: dict[str, Any]) -> tuple[T.TarabishHand, random.Random]:
    rng = random.Random(seed)
    opts = T.SPEC.full_options(options)
    dealer = rng.randrange(4)
    return T.new_hand(T.deal(rng, dealer, opts), dealer, opts), rng


def pick(h: T.TarabishHand, legal: list[dict[str, Any]], rng: random.Random
         ) -> dict[str, Any]:
    """A random legal action; a run declaration is sometimes replaced by a random part of it
    (any valid subset may be declared)."""
    action = rng.choice(legal)
    if "runs" in action and rng.random() < 0.5:
        part = []
        for run in action["runs"]:
            if rng.random() < 0.7:
                n = rng.randint(3, len(run))
                start = rng.randint(0, len(run) - n)
                part.append(rng.sample(run[start:start + n], n))
        if part:
            action = {"seat": action["seat"], "runs": part}
    return action


def check_listed(h: T.TarabishHand, legal: list[dict[str, Any]]) -> None:
    """Every listed action is accepted, none twice."""
    assert legal and len({repr(a) for a in legal}) == len(legal)
    for a in legal:
        assert h.why_illegal(a) is None, (a, h.why_illegal(a))


def check_play_step(h: T.TarabishHand, legal: list[dict[str, Any]]) -> None:
    """In play: the plain plays listed are the reference's, every other held card is refused
    with a reason naming the seat, and runs are offered once, with nine cards in hand."""
    seat = C.SEATS[h.to_act]
    hand = set(h.PACK.names(h.hands[h.to_act]))
    trick = [] if h.trick is None else [(C.SEATS[s], C.format36(c))
                                        for s, c in zip(h.trick.seats, h.trick.cards,
                                                        strict=True)]
    expected = reference_legal(seat, hand, trick, h.trump_name(),
                               h.options["partner_exception"])
    listed = {a["play"] for a in legal if "play" in a and "bella" not in a}
    assert listed == expected
    for card in hand - expected:
        reason = h.why_illegal({"seat": seat, "play": card})
        assert reason is not None and reason.startswith(f"{seat} must ")
    runs = [a for a in legal if "runs" in a]
    assert len(runs) <= 1
    if runs:
        assert h.hands[h.to_act].bit_count() == 9
        assert not any("runs" in a and a["seat"] == seat for a in h.history)


@examples(1000)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_random_hands_obey_the_rules_and_score_right(seed, options):
    h, rng = fresh(seed, options)
    play_steps = 0
    while not h.done:
        legal = h.legal_actions()
        check_listed(h, legal)
        if h.phase == "play":
            check_play_step(h, legal)
            play_steps += 1
        h.apply(pick(h, legal, rng))
    result = h.result()
    if result == {"thrown_in": "all-pass"}:
        assert options["dealer_may_pass"] and h.trump is None
        assert [a["call"] for a in h.history] == ["pass"] * 4
    assume(result != {"thrown_in": "all-pass"})   # the rest is about a hand played out
    assert play_steps >= 36
    assert sum(result["card_points"].values()) == 162
    assert result == reference_result(h)
    assert 0 in result["runs"].values()
    total = {t: result["card_points"][t] + result["runs"][t] + result["bella"][t]
             for t in ("NS", "EW")}
    if result["bait"] == "half-bait":
        assert sum(result["score"].values()) == total["NS"] == total["EW"]
    else:
        assert sum(result["score"].values()) == sum(total.values())
    assert all(h.hands[s] == 0 for s in range(4))
    # replaying the action list reproduces the hand
    again, _ = fresh(seed, options)
    for a in h.history:
        again.apply(a)
    assert again.result() == result and again.trick_log() == h.trick_log()


@examples(300)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_knowledge_hides_what_it_must(seed, options):
    h, rng = fresh(seed, options)
    while not h.done:
        for seat in range(4):
            k = h.knowledge(seat)
            assert len(k.hand) + k.unseen_own == h.hands[seat].bit_count()
            assert k.unseen_own == (3 if h.trump is None else 0)
            for a in k.history:
                if "runs" in a and a["seat"] != C.SEATS[seat] and a["runs"] is None:
                    assert h.hands[C.seat_index(a["seat"])].bit_count() >= 8
            for s, voids in enumerate(k.voids):   # a shown void is a real one
                for v in voids:
                    assert not h.hands[s] & T.SUIT_MASKS[C.suit_index(v)]
        h.apply(pick(h, h.legal_actions(), rng))


# -- the random-playout kernel ------------------------------------------------------------------

def snapshot(h: T.TarabishHand) -> tuple[Any, ...]:
    trick = None if h.trick is None else (h.trick.leader, list(h.trick.seats),
                                          list(h.trick.cards))
    return (list(h.hands), len(h.tricks), len(h.history), trick, h.phase, h.to_act,
            list(h.won))


@examples(400)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS, advance=st.integers(0, 35))
def test_random_playout_trace_is_legal_and_agrees(seed, options, advance):
    h, rng = fresh(seed, {**options, "dealer_may_pass": False})
    while h.phase == "call":
        h.apply(rng.choice(h.legal_actions()))
    # Anywhere in the hand, mid-trick too: 35 actions play at most 35 of the 36 cards.
    for _ in range(advance):
        h.apply(pick(h, h.legal_actions(), rng))
    assert not h.done
    before = snapshot(h)
    trace: list[dict[str, Any]] = []
    got = T.random_playout(h, random.Random(seed), trace)
    assert snapshot(h) == before
    assert sum(got) == 162
    assert len(trace) == sum(m.bit_count() for m in h.hands)
    replay = h.clone()
    for a in trace:
        assert replay.why_illegal(a) is None, (a, replay.why_illegal(a))
        replay.apply(a)
    assert replay.done
    assert replay.result()["card_points"] == {"NS": got[0], "EW": got[1]}
    assert T.random_playout(h, random.Random(seed)) == got      # same seed, same playout


def test_random_playout_from_the_benchmark_start():
    for seed in range(count(200)):
        h = T.playout_start(random.Random(seed))
        assert h.phase == "play" and h.to_act == h.trick.leader and not h.tricks
        assert h.caller == h.to_act
        trace: list[dict[str, Any]] = []
        got = T.random_playout(h, random.Random(seed), trace)
        replay = h.clone()
        for a in trace:
            replay.apply(a)
        assert replay.result()["card_points"] == {"NS": got[0], "EW": got[1]}


def test_random_playout_decisions_are_uniform():
    """The leader's 9 cards each open the playout about 1/9 of the time; a follower with a
    forced suit picks each legal card about equally often."""
    h = T.playout_start(random.Random(3))
    rng = random.Random(4)
    first: Counter[str] = Counter()
    second: Counter[str] = Counter()
    for _ in range(2700):
        trace: list[dict[str, Any]] = []
        T.random_playout(h, rng, trace)
        first[trace[0]["play"]] += 1
        second[(trace[0]["play"], trace[1]["play"])] += 1
    assert len(first) == 9 and all(200 <= n <= 400 for n in first.values())
    for card in first:
        replies = {k[1]: n for k, n in second.items() if k[0] == card}
        replay = h.clone()
        replay.apply({"seat": C.SEATS[h.to_act], "play": card})
        legal = {a["play"] for a in replay.legal_actions() if "play" in a}
        assert set(replies) == legal
        mean = sum(replies.values()) / len(replies)
        assert all(abs(n - mean) < 0.6 * mean + 25 for n in replies.values())


def test_random_playout_outside_the_play_phase():
    h, _ = fresh(1, {})
    with pytest.raises(ValueError, match="play phase"):
        T.random_playout(h, random.Random(1))
    rng = random.Random(2)
    while not h.done:
        h.apply(rng.choice(h.legal_actions()))
    got = T.random_playout(h, random.Random(1))
    assert {"NS": got[0], "EW": got[1]} == h.result()["card_points"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(
        ["AS", "KS", "QS", "JS", "10S", "9H", "pass", "PASS", "h", "S", "T21", "", "10"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=12)
ACTIONS = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {"seat": st.sampled_from(["S", "W", "N", "E", "s", "X", 1]),
         "verb": st.sampled_from(["call", "runs", "play", "bid", "trump"]), "value": JSON},
        optional={"bella": JSON}).map(
        lambda d: {"seat": d["seat"], d["verb"]: d["value"],
                   **({"bella": d["bella"]} if "bella" in d else {})}))


@examples(300)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 45),
       junk=st.lists(ACTIONS, min_size=1, max_size=8))
def test_why_illegal_never_raises(seed, steps, junk):
    h, rng = fresh(seed, {})
    for _ in range(steps):
        if h.done:
            break
        h.apply(pick(h, h.legal_actions(), rng))
    before = snapshot(h)
    for action in junk:
        reason = h.why_illegal(action)
        assert reason is None or (isinstance(reason, str) and reason)
        if reason is None:               # an accepted action applies cleanly
            h.clone().apply(action)
    assert snapshot(h) == before

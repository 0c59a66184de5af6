"""French Tarot property tests: thousands of random hands through the engine's public
interface, checked step by step against an independent reading of RULES.md section 4 (on card
names, counting the Excuse exchange in points), replayed as records and as matches; and the
random-playout kernel checked against the engine."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from depth import count, examples
from helpers import play_random
from hypothesis import assume, given
from hypothesis import strategies as st

from game.engine import cards as C
from game.engine import records
from game.engine import tarot as T
from game.engine.hand import IllegalAction
from game.engine.replay import replay_record

# -- an independent reading of the rules, on card names ----------------------------------------

BIDS = ["pass", "take", "keep", "keep-without", "keep-against"]
MULT = {"take": 1, "keep": 2, "keep-without": 4, "keep-against": 6}
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
OUDLERS = {"T1", "T21", "EX"}
RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]
HONOURS = {"K": 4.5, "Q": 3.5, "C": 2.5, "J": 1.5}


def is_trump(card: str) -> bool:
    return card.startswith("T")


def kind(card: str) -> str:
    """The suit letter, ``T`` for trumps, ``EX`` for the Excuse."""
    return "EX" if card == "EX" else "T" if is_trump(card) else card[-1]


def strength(card: str) -> int:
    return int(card[1:]) if is_trump(card) else RANKS.index(card[:-1])


def value(card: str) -> float:
    if card in OUDLERS:
        return 4.5
    return 0.5 if is_trump(card) else HONOURS.get(card[:-1], 0.5)


def led_kind(trick: list[tuple[str, str]]) -> str | None:
    return next((kind(c) for _, c in trick if c != "EX"), None)


def reference_legal(hand: set[str], trick: list[tuple[str, str]]) -> set[str]:
    """Follow suit; else trump; a trump must beat the trumps in the trick if it can; with
    neither, anything; the Excuse at any time."""
    led = led_kind(trick)
    if led is None:
        return set(hand)
    ex = {"EX"} & hand
    same = {c for c in hand if kind(c) == led}
    if led != "T" and same:
        return same | ex
    trumps = {c for c in hand if is_trump(c)}
    if not trumps:
        return set(hand)
    top = max((strength(c) for _, c in trick if is_trump(c)), default=0)
    return ({c for c in trumps if strength(c) > top} or trumps) | ex


def reference_winner(trick: list[tuple[str, str]]) -> str:
    led = led_kind(trick)
    cands = [(seat, c) for seat, c in trick if c != "EX"]
    trumps = [(strength(c), seat) for seat, c in cands if is_trump(c)]
    if trumps:
        return max(trumps)[1]
    return max((strength(c), seat) for seat, c in cands if kind(c) == led)[1]


def reference_discardable(hand: set[str], left: int) -> set[str]:
    plain = {c for c in hand if kind(c) in "SHDC" and not c.startswith("K")}
    if len(plain) >= left:
        return plain
    return plain | {c for c in hand if is_trump(c) and c not in OUDLERS}


def reference_handfuls(hand: set[str]) -> list[list[str]]:
    trumps = sorted((c for c in hand if is_trump(c)), key=strength)
    out = []
    for size in (10, 13, 15):
        if len(trumps) >= size:
            out.append(trumps[:size])
        elif len(trumps) == size - 1 and "EX" in hand:
            out.append([*trumps, "EX"])
    return out


def reference_result(record: dict[str, Any]) -> dict[str, Any]:
    """The result of a finished hand record, computed from the deal and the actions alone."""
    deal, actions = record["deal"], record["actions"]
    for s in C.SEATS:
        if {c for c in deal[s] if is_trump(c) or c == "EX"} == {"T1"}:
            return {"thrown_in": "petit-sec"}
    bids = [(a["seat"], a["bid"]) for a in actions if "bid" in a]
    contract = max((b for _, b in bids), key=BIDS.index)
    if contract == "pass":
        return {"thrown_in": "all-pass"}
    declarer = next(s for s, b in bids if b == contract)
    announced = next(a["slam"] for a in actions if "slam" in a)
    handful = sum({10: 20, 13: 30, 15: 40}[len(a["handful"])] for a in actions if "handful" in a)
    plays = [(a["seat"], a["play"]) for a in actions if "play" in a]
    tricks = [plays[i:i + 4] for i in range(0, 72, 4)]
    mine: list[str] = []  # the cards that count for the declarer
    if contract in ("take", "keep"):
        mine += [a["discard"] for a in actions if "discard" in a]
    elif contract == "keep-without":
        mine += deal["talon"]
    exchange = 0.0
    winners = []
    for i, trick in enumerate(tricks):
        win = reference_winner(trick)
        leader_side = trick[0][0] == declarer
        if (i == 17 and trick[0][1] == "EX"
                and all((w == declarer) == leader_side for w in winners)):
            win = trick[0][0]  # the slam side's Excuse led to the last trick wins it
        winners.append(win)
        for seat, card in trick:
            owner_keeps = card == "EX" and i < 17
            taker = seat if owner_keeps else win
            if taker == declarer:
                mine.append(card)
        ex_seat = next((s for s, c in trick if c == "EX"), None)
        if ex_seat is not None and i < 17 and (ex_seat == declarer) != (win == declarer):
            exchange += -0.5 if ex_seat == declarer else 0.5
    points = sum(value(c) for c in mine) + exchange
    oudlers = len(OUDLERS & set(mine))
    target = TARGET[oudlers]
    won = points >= target
    pab = None
    last_cards = [c for _, c in tricks[17]]
    excuse_slam = tricks[17][0][1] == "EX" and winners[17] == tricks[17][0][0]
    if "T1" in last_cards:
        pab = "declarer" if winners[17] == declarer else "defence"
    elif excuse_slam and "T1" in [c for _, c in tricks[16]]:
        pab = "declarer" if winners[16] == declarer else "defence"
    base = 25 + math.ceil(abs(points - target))
    winner_side = "declarer" if won else "defence"
    if pab is not None:
        base += 10 if pab == winner_side else -10
    taken = sum(w == declarer for w in winners)
    slam = (400 if announced else 200) if taken == 18 else -200 if announced or taken == 0 else 0
    unit = (base * MULT[contract] + handful) * (1 if won else -1) + slam
    return {"declarer": declarer, "bid": contract, "oudlers": oudlers, "points": points,
            "target": target, "won": won, "petit_au_bout": pab, "handful": handful,
            "slam": slam,
            "score": {s: 3 * unit if s == declarer else -unit for s in C.SEATS}}


# -- random hands through the engine, step by step ---------------------------------------------

def play_checked(seed: int, dealer: int | None = None) -> tuple[dict[str, Any], T.TarotHand]:
    """A fresh deal played with uniformly random legal actions; every decision's legal list is
    checked against the reference reading on the way."""
    record = records.new_deal("tarot", seed, dealer)
    _, hand = records.replay_hand(record)
    rng = random.Random(seed)
    while not hand.done:
        seat = C.SEATS[hand.to_act]
        legal = hand.legal_actions()
        held = set(T.names(hand.hands[hand.to_act]))
        if hand.phase == "bid":
            top = max((b for _, b in hand.bids), key=BIDS.index, default="pass")
            assert [a["bid"] for a in legal] == ["pass", *BIDS[BIDS.index(top) + 1:]]
        elif hand.phase == "discard":
            left = 6 - sum(1 for a in hand.history if "discard" in a)
            assert {a["discard"] for a in legal} == reference_discardable(held, left)
        elif hand.phase == "play":
            trick = [("", C.format_tarot(c)) for c in hand.trick.cards] if hand.trick else []
            assert {a["play"] for a in legal if "play" in a} == reference_legal(held, trick)
            first = all(a.get("seat") != seat or "play" not in a for a in hand.history)
            shown = any(a.get("seat") == seat and "handful" in a for a in hand.history)
            expect = reference_handfuls(held) if first and not shown else []
            assert [a["handful"] for a in legal if "handful" in a] == expect
        action = choose(legal, rng)
        hand.apply(action)
        record["actions"].append(action)
    return record, hand


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action; bids pass more often and slams are announced rarely, so that
    every contract turns up (uniform bids would nearly always climb to keep against)."""
    if "bid" in legal[0] and len(legal) > 1 and rng.random() < 0.5:
        return legal[0]
    if "slam" in legal[0]:
        return legal[1] if rng.random() < 0.1 else legal[0]
    return rng.choice(legal)


def check_invariants(record: dict[str, Any], hand: T.TarotHand) -> None:
    """The finished hand's result is the reference's and replays; a hand played out (for a
    hypothesis test, the others are rejected examples) keeps every card in one pile, scores
    to zero, shows the voids its play showed and hides the discard's plain cards."""
    result = hand.result()
    assert result is not None
    assert result == reference_result(record)
    assert replay_record(json.loads(json.dumps(record)))["result"] == result
    assume("thrown_in" not in result)   # the rest is about a hand played out
    assert isinstance(result["points"], float)
    assert sum(result["score"].values()) == 0
    # Every card is in exactly one pile; the two sides' counts make 91.
    piles = [*hand.won, hand.discard if hand.contract in ("take", "keep") else hand.talon]
    assert sum(p.bit_count() for p in piles) == 78
    assert piles[0] | piles[1] | piles[2] | piles[3] | piles[4] == C.FULL_TAROT
    defence = sum(T.half_points(hand.won[s]) for s in range(4) if s != hand.declarer)
    if hand.contract == "keep-against":
        defence += T.half_points(hand.talon)
    settle_owed = sum(1 if hand.side(owner) == 0 else -1 for owner, _ in hand.owed)
    assert hand.declarer_half_points() + defence + settle_owed == 182
    # Voids shown by play: not following (the Excuse shows nothing), and trumps when a seat
    # neither followed nor trumped.
    plays = [(a["seat"], a["play"]) for a in record["actions"] if "play" in a]
    voids: dict[str, set[str]] = {s: set() for s in C.SEATS}
    for i in range(0, 72, 4):
        trick = plays[i:i + 4]
        led = led_kind(trick)
        for s, c in trick[[c for _, c in trick].index(next(
                c for _, c in trick if c != "EX")) + 1:]:
            if c != "EX" and kind(c) != led:
                voids[s] |= {led} | (set() if is_trump(c) else {"T"})
    assert hand.shown_voids() == [voids[s] for s in C.SEATS]
    # What others saw of the discard: trumps only.
    for viewer in range(4):
        seen = [a["discard"] for a in hand.knowledge(viewer).history if "discard" in a]
        mine = [a["discard"] for a in record["actions"] if "discard" in a]
        if viewer == hand.declarer:
            assert seen == mine
        else:
            assert seen == [c if is_trump(c) else None for c in mine]


@examples(1000, derandomize=True)
@given(st.integers(0, 2**31))
def test_random_hands_follow_the_reference_rules(seed):
    record, hand = play_checked(seed)
    check_invariants(record, hand)


@examples(25, derandomize=True)
@given(st.integers(0, 2**31), st.sampled_from([4, 8]))
def test_random_matches_replay_with_running_totals(seed, n):
    """Hands dealt in turn to the right until the game is won; the match record replays to the
    running totals and the winner the tally names."""
    rng = random.Random(seed)
    dealer = T.first_dealer(rng)
    hands, totals, counted = [], dict.fromkeys(C.SEATS, 0), 0
    while counted < n:
        record = records.new_deal("tarot", rng.randrange(2**31), dealer, {"hands": n})
        _, hand = records.replay_hand(record)
        play_random(record, hand, rng)
        result = hand.result()
        if "score" in result:
            counted += 1
            for s in C.SEATS:
                totals[s] += result["score"][s]
        hands.append(record)
        dealer = C.counter_clockwise(dealer)
    match = {"format": "four-trumps/match", "version": 1, "game": "tarot",
             "options": {"hands": n}, "seed": seed,
             "seats": {"S": "human", "W": "random", "N": "random", "E": "random"},
             "hands": hands}
    out = replay_record(match)["match"]
    top = max(totals.values())
    best = [s for s in C.SEATS if totals[s] == top]
    assert out == {"scores": totals, "winner": best[0] if len(best) == 1 else best}


# -- the random-playout kernel against the engine ----------------------------------------------

def random_position(seed: int) -> T.TarotHand:
    """A hand with random bids (a declarer guaranteed), random discards, a random slam
    announcement, then a random number of random play decisions (handfuls included)."""
    rng = random.Random(seed)
    while True:
        record = records.new_deal("tarot", seed, rng.randrange(4))
        _, hand = records.replay_hand(record)
        if not hand.done:
            break
        seed += 1_000_003
    bidder = rng.randrange(4)
    contract = rng.choice(BIDS[1:])
    while hand.phase == "bid":
        s = hand.to_act
        hand.apply({"seat": C.SEATS[s], "bid": contract if s == bidder else "pass"})
    while hand.phase != "play":
        hand.apply(rng.choice(hand.legal_actions()))
    for _ in range(rng.randrange(0, 72)):
        if hand.done:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@examples(300, derandomize=True)
@given(st.integers(0, 2**31))
def test_playout_trace_is_legal_and_scores_as_the_engine(seed):
    hand = random_position(seed)
    before = (len(hand.history), list(hand.hands), list(hand.won), hand.trick_log())
    trace: list[dict[str, Any]] = []
    score = T.random_playout(hand, random.Random(seed), trace)
    assert (len(hand.history), list(hand.hands), list(hand.won), hand.trick_log()) == before
    assert T.random_playout(hand, random.Random(seed)) == score  # tracing draws nothing
    replay = hand.clone()
    for action in trace:
        assert action in replay.legal_actions(), (action, replay.legal_actions())
        replay.apply(action)
    assert replay.done
    result = replay.result()
    assert result is not None and score == tuple(result["score"][s] for s in C.SEATS)


def test_thousands_of_playouts_sum_to_zero():
    rng = random.Random(7)
    for seed in range(count(40)):
        hand = T.playout_start(random.Random(seed))
        for _ in range(100):
            score = T.random_playout(hand, rng)
            decl = hand.declarer
            assert sum(score) == 0
            assert all(score[s] * -3 == score[decl] for s in range(4) if s != decl)


def test_playout_of_a_finished_hand_is_its_score():
    record, hand = play_checked(11)
    while "score" not in hand.result():
        record, hand = play_checked(random.Random(len(record["actions"])).randrange(10**6))
    assert T.random_playout(hand, random.Random(0)) == tuple(
        hand.result()["score"][s] for s in C.SEATS)


# -- junk actions ------------------------------------------------------------------------------

CARD_TEXT = st.sampled_from([*(C.format_tarot(c) for c in range(78)), "t21", "ex", "T0", "KX",
                             "", "11S"])
VALUES = st.one_of(CARD_TEXT, st.sampled_from([*BIDS, "guard", "PASS"]), st.booleans(),
                   st.integers(-2, 20), st.none(), st.lists(CARD_TEXT, max_size=16),
                   st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=2),
                                                                        st.integers(),
                                                                        max_size=2))
ACTIONS = st.one_of(
    st.fixed_dictionaries({"seat": st.sampled_from(["S", "W", "N", "E", "x", 3, None]),
                           "verb": st.sampled_from(["bid", "discard", "slam", "handful",
                                                    "play", "trump", "call"]),
                           "value": VALUES}).map(lambda d: {"seat": d["seat"],
                                                            d["verb"]: d["value"]}),
    VALUES,
)


@examples(150, derandomize=True)
@given(st.integers(0, 2**31), st.integers(0, 100), st.lists(ACTIONS, min_size=1, max_size=8))
def test_junk_actions_never_raise_and_never_change_the_hand(seed, steps, junk):
    record = records.new_deal("tarot", seed)
    _, hand = records.replay_hand(record)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.done:
            break
        hand.apply(choose(hand.legal_actions(), rng))
    for action in junk:
        reason = hand.why_illegal(action)
        if reason is None:
            assert action in hand.legal_actions() or "handful" in action
            hand.apply(action)
            continue
        assert isinstance(reason, str) and reason
        before = (len(hand.history), list(hand.hands), hand.phase, hand.to_act)
        try:
            hand.apply(action)  # type: ignore[arg-type]
        except IllegalAction as err:
            assert str(err) == reason
        else:
            raise AssertionError(f"{action!r} was applied though {reason!r}")
        assert (len(hand.history), list(hand.hands), hand.phase, hand.to_act) == before

"""Property tests over many random hands of Arba'a Turub and Turup: every card in exactly one
place, a legal action until the end, replay reproduces the result, and the fast random-playout
kernel plays only legal cards and counts the same result as the engine."""

from __future__ import annotations

import random

from depth import examples
from helpers import new_hand, play_random
from hypothesis import given
from hypothesis import strategies as st

from game.engine import games, records
from game.engine.cards import FULL36, FULL144, SEATS
from game.engine.replay import replay_record

seeds = st.integers(min_value=0, max_value=2**32)
dealers = st.integers(min_value=0, max_value=3)


def conserved(hand) -> bool:
    """Hands and played cards are disjoint and together the whole pack."""
    full = FULL144 if hand.GAME == "arbaa-turub" else FULL36
    seen = hand.played_mask()
    for h in hand.hands:
        if h & seen:
            return False
        seen |= h
    return seen == full


def play_checked(game: str, seed: int, dealer: int, options: dict) -> tuple[dict, object]:
    record, hand = new_hand(game, seed, dealer, options)
    rng = random.Random(seed)
    while not hand.done:
        assert conserved(hand)
        legal = hand.legal_actions()
        assert legal and hand.to_act is not None
        assert all(a["seat"] == SEATS[hand.to_act] for a in legal)
        action = rng.choice(legal)
        hand.apply(action)
        record["actions"].append(action)
    assert conserved(hand) and hand.legal_actions() == [] and hand.to_act is None
    return record, hand


@examples(1500)
@given(seeds, dealers, st.sampled_from([5, 10, 15]))
def test_turup_random_hands(seed, dealer, target):
    record, hand = play_checked("turup", seed, dealer, {"target": target})
    result = hand.result()
    tricks = result["tricks"]
    assert sum(tricks.values()) == len(hand.tricks) <= 9
    winner = result["winner"]
    assert sum(result["points"].values()) == result["points"][winner] in (1, 3)
    if result["kort"] == "made":
        assert tricks[winner] == 9
    elif result["kort"] == "failed":
        assert hand.tricks[-1].winner & 1 == ("NS", "EW").index(winner)  # the first loss ends it
    else:
        assert tricks[winner] == 5
    assert replay_record(record)["result"] == result


@examples(150)
@given(seeds, dealers, st.booleans())
def test_arbaa_turub_random_hands(seed, dealer, signals):
    record, hand = play_checked("arbaa-turub", seed, dealer, {"signals": signals})
    result = hand.result()
    assert sum(result["tricks"].values()) == 36 and len(hand.tricks) == 36
    assert (result["winner"] is None) == (result["tricks"]["NS"] == 18)
    assert replay_record(record)["result"] == result
    if not signals:
        assert not any("signal" in a for a in record["actions"])


@examples(300)
@given(seeds, st.sampled_from(["turup", "arbaa-turub"]))
def test_kernel_plays_legally_and_agrees_with_the_engine(seed, game):
    spec = games.get(game)
    start = spec.extras["playout_start"](random.Random(seed))
    before = (list(start.hands), len(start.history))
    trace: list = []
    outcome = spec.extras["random_playout"](start, random.Random(seed + 1), trace)
    assert (list(start.hands), len(start.history)) == before  # the start is untouched
    hand = start.clone()
    for action in trace:
        assert hand.why_illegal(action) is None, (action, hand.why_illegal(action))
        hand.apply(action)
    assert hand.done
    result = hand.result()
    if game == "turup":
        assert outcome == (result["winner"], result["points"][result["winner"]], result["kort"])
    else:
        assert outcome == result["tricks"]


def test_a_match_plays_to_its_end():
    """Random hands through the match layer until a side wins (both Somali games)."""
    for game, options in (("turup", {"target": 5}), ("arbaa-turub", {"signals": True})):
        spec = games.get(game)
        tally = spec.tally(spec.full_options(options))
        dealer = spec.first_dealer(random.Random(1))
        hands = []
        for n in range(200):
            record = records.new_deal(game, n, dealer, options)
            _, hand = records.replay_hand(record)
            play_random(record, hand, random.Random(n))
            hands.append(record)
            tally.add(dealer, hand.result())
            dealer = tally.next_dealer(dealer, hand.result())
            if tally.winner():
                break
        assert tally.winner() in ("NS", "EW")
        match = {"format": "four-trumps/match", "version": 1, "game": game, "options": options,
                 "seed": 1, "seats": dict.fromkeys("SWNE", "random"), "hands": hands}
        out = replay_record(match)
        assert out["match"] == {"scores": tally.scores(), "winner": tally.winner()}

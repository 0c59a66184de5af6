"""French Tarot players: legal decisions in every phase (bidding, discard, slam, handful, play)
for every level, no peeking, the bidding / discard / handful / slam / Excuse rules, the hard
search's layouts and playouts against the engine, decision times."""

from __future__ import annotations

import random
import time

import pytest
from ai_helpers import AI_LEVELS, check, play_to, player, whole_hand
from depth import examples
from helpers import new_hand
from hypothesis import assume, given
from hypothesis import strategies as st

from game.engine import cards as C
from game.engine.ai import make_player, supports
from game.engine.ai import tarot as T
from game.engine.ai.tarot_hand import bid_worth, show_handful, strength, sure_slam
from game.engine.ai.tarot_play import SMASK
from game.engine.tarot import KINGS, OUDLERS, PLAIN, TarotHand


def test_levels_are_registered_for_tarot():
    assert all(supports(level, "tarot") for level in AI_LEVELS)


@examples(6)
@given(seed=st.integers(0, 10**6), shift=st.integers(0, 2))
def test_whole_hands_legal_for_every_level(seed, shift):
    whole_hand("tarot", seed, shift)


def to_phase(seed: int, phase: str, steps: int = 0):
    """A random hand brought to ``phase`` by random legal actions (a take is bid first when the
    phase comes after the bidding, and nobody outbids it with a contract that keeps the talon
    away when the phase is the discard), then ``steps`` more; ``None`` when it ended before (a
    petit sec is thrown in before the bidding; more than 71 steps can end the play)."""
    record, hand = new_hand("tarot", seed)
    rng = random.Random(seed)
    while not hand.done and hand.phase != phase:
        legal = hand.legal_actions()
        take = [a for a in legal if a.get("bid") == "take"]
        if phase == "discard":
            legal = [a for a in legal if a.get("bid") not in ("keep-without", "keep-against")]
        action = take[0] if take and phase != "bid" else rng.choice(legal)
        hand.apply(action)
        record["actions"].append(action)
    play_to(hand, steps, rng, record)
    return None if hand.done else (record, hand)


@examples(25)
@given(seed=st.integers(0, 10**6), phase=st.sampled_from(["bid", "discard", "announce", "play"]),
       steps=st.integers(0, 71))
def test_every_level_decides_legally_in_every_phase(seed, phase, steps):
    found = to_phase(seed, phase, steps if phase == "play" else 0)
    assume(found is not None)   # a petit sec: the deal is thrown in before any decision
    _, hand = found
    k = hand.knowledge(hand.to_act)
    for level in AI_LEVELS:
        check(player(level, seed).decide(k), k)


# -- before the play ---------------------------------------------------------------------------

def hand_of(*cards: str) -> int:
    return C.mask_of(C.parse_tarot(c) for c in cards)


STRONG = hand_of("T21", "T1", "EX", "T20", "T19", "T18", "T15", "T12", "T9", "T5", "KH", "QH",
                 "KS", "3S", "KD", "4D", "5C", "8C")
JUNK = hand_of("T3", "T7", "T11", "2S", "5S", "8S", "JS", "3H", "6H", "9H", "CH", "2D", "4D",
               "7D", "10D", "1C", "4C", "9C")
MEDIUM = hand_of("T21", "T17", "T14", "T10", "T8", "T6", "T2", "KS", "QS", "4S", "2H", "9H",
                 "CD", "5D", "3C", "6C", "7C", "JC")


@pytest.mark.parametrize("level", AI_LEVELS)
def test_bids_strong_hands_and_passes_junk(level):
    assert bid_worth(level, JUNK)[0] == "pass"
    assert bid_worth(level, STRONG)[0] in ("keep", "keep-without", "keep-against")
    assert bid_worth(level, MEDIUM)[0] in ("pass", "take")


@examples(200)
@given(seed=st.integers(0, 10**6))
def test_never_keeps_without_or_against_the_talon_on_a_weak_hand(seed):
    cards = random.Random(seed).sample(range(C.TAROT_CARDS), 18)
    hand = C.mask_of(cards)
    for level in AI_LEVELS:
        worth = bid_worth(level, hand)[0]
        if worth in ("keep-without", "keep-against"):
            assert (hand & OUDLERS).bit_count() >= 2 and strength(hand) >= 100


@pytest.mark.parametrize("level", AI_LEVELS)
def test_bids_over_an_earlier_bid_only_with_a_higher_worth(level):
    seen = 0
    for seed in range(300):
        _, hand = new_hand("tarot", seed)
        if hand.done:
            continue  # petit sec
        hand.apply({"seat": C.SEATS[hand.to_act], "bid": "keep"})
        k = hand.knowledge(hand.to_act)
        mine = T.mask_of_names(k.hand)
        decision = make_player(level).decide(k)
        assert decision.action["bid"] == bid_worth(level, mine, "keep")[0]
        if bid_worth(level, mine)[0] in ("take", "keep"):
            assert decision.action["bid"] == "pass" and "Guard has already been bid" in \
                decision.reason
            seen += 1
    assert seen


@pytest.mark.parametrize("level", AI_LEVELS)
def test_discard_empties_short_suits_and_keeps_kings_guards(level):
    for seed in range(400):
        found = to_phase(seed, "discard")
        if found is None:
            continue
        _, hand = found
        decl = hand.declarer
        start = hand.hands[decl]
        p = player(level, seed)
        while hand.phase == "discard":
            k = hand.knowledge(decl)
            decision = p.decide(k)
            check(decision, k)
            hand.apply(decision.action)
        laid = hand.discard
        assert not laid & (KINGS | OUDLERS)
        plain = start & PLAIN & ~KINGS
        if plain.bit_count() >= 6:
            assert not laid & C.TRUMPS_MASK
        voidable = [s for s in range(4) if not start & KINGS & SMASK[s]
                    and 0 < (start & SMASK[s]).bit_count() <= 6]
        if voidable:
            assert any(not hand.hands[decl] & SMASK[s] for s in voidable)


def test_handful_rules():
    shows = [["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10"]]
    ten = hand_of(*shows[0])
    eleven = ten | hand_of("T11")
    assert show_handful("easy", True, ten, shows) == 0
    assert show_handful("normal", True, ten, shows) == 0
    assert show_handful("normal", False, ten, shows) is None
    assert show_handful("normal", False, eleven, shows) == 0
    assert show_handful("easy", False, eleven, shows) is None
    with_excuse = [["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "EX"]]
    assert show_handful("normal", False, hand_of(*with_excuse[0]), with_excuse) is None
    assert show_handful("normal", True, hand_of(*with_excuse[0]), with_excuse) == 0


def test_slam_only_when_sure():
    trumps = [f"T{n}" for n in range(8, 22)]
    hand = hand_of(*trumps, "KS", "QS", "KH", "EX")
    out = C.FULL_TAROT & ~hand & ~hand_of("1S", "2S", "3S", "4S", "5S", "6S")
    assert sure_slam(hand, out)
    weaker = hand & ~hand_of("QS") | hand_of("CS")
    assert not sure_slam(weaker, C.FULL_TAROT & ~weaker)
    assert not sure_slam(STRONG, C.FULL_TAROT & ~STRONG)


# -- card play ---------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["easy", "normal"])
def test_excuse_is_never_kept_to_the_last_trick_without_a_slam(level):
    for seed in range(40):
        _, hand = new_hand("tarot", seed)
        players = [make_player(level, seed + s) for s in range(4)]
        while not hand.done:
            hand.apply(players[hand.to_act].decide(hand.knowledge(hand.to_act)).action)
        if hand.thrown_in:
            continue
        last = hand.tricks[-1]
        if C.EXCUSE in last.cards:
            owner = last.seats[last.cards.index(C.EXCUSE)]
            assert owner == hand.declarer
            assert all(t.winner == hand.declarer for t in hand.tricks[:-1])


def play_positions(count: int, seed: int):
    """Hands in their play phase after random play, with the seat to act."""
    rng = random.Random(seed)
    out = []
    s = 0
    while len(out) < count:
        s += 1
        found = to_phase(seed * 1000 + s, "play", rng.randrange(0, 70))
        if found is not None and found[1].phase == "play":
            out.append(found[1])
    return out


def test_a_decision_does_not_depend_on_what_was_asked_before():
    hands = play_positions(6, 7)
    for level in AI_LEVELS:
        p = player(level, 3)
        first = [p.decide(h.knowledge(h.to_act)) for h in hands]
        again = [p.decide(h.knowledge(h.to_act)) for h in reversed(hands)]
        assert first == again[::-1]


def hidden_world(hand: TarotHand, me: int, v: T.SeatView) -> list[list[int]]:
    """The real layout of the cards ``me`` cannot see, as the sampler shapes it."""
    world = [[] if s == me else list(C.bits(hand.hands[s])) for s in range(4)]
    if hand.contract in ("take", "keep"):
        pile = hand.discard & ~v.pile if me != hand.declarer else 0
    else:
        pile = hand.talon
    return [*world, list(C.bits(pile))]


def test_playouts_score_as_the_engine_does():
    checked = 0
    for hand in play_positions(40, 1):
        if any(hand.may_show_handful(s) for s in range(4)):
            continue  # a playout does not show handfuls
        me = hand.to_act
        v = T.read(hand.knowledge(me))
        trace: list[tuple[int, int]] = []
        unit = T.playout(v, hidden_world(hand, me, v)).run(-1, trace)
        replay = hand.clone()
        for seat, card in trace:
            replay.apply({"seat": C.SEATS[seat], "play": C.format_tarot(card)})
        assert replay.result()["score"][C.SEATS[hand.declarer]] == 3 * unit
        checked += 1
    assert checked >= 20


def test_sampled_layouts_agree_with_what_the_seat_knows():
    rng = random.Random(3)
    for hand in play_positions(25, 2):
        me = hand.to_act
        k = hand.knowledge(me)
        v = T.read(k)
        sample = T.sampler(v)
        for _ in range(5):
            world = sample(rng)
            masks = [C.mask_of(w) for w in world]
            assert sum(len(w) for w in world) == v.others.bit_count()
            assert C.mask_of(c for w in world for c in w) == v.others
            for s in range(4):
                if s == me:
                    continue
                assert len(world[s]) == k.hand_sizes[s]
                for suit in range(5):
                    if v.voids[s] >> suit & 1:
                        assert not masks[s] & SMASK[suit]
                assert not masks[s] & C.TRUMPS_MASK & ~v.ceiling[s]
                if s != v.decl:
                    assert not masks[s] & v.talon
                shown = v.shown.get(s, 0)
                assert masks[s] & shown == shown
            if hand.contract in ("take", "keep") and me != v.decl:
                assert not masks[T.PILE] & ~T.DISCARDABLE


def test_hard_keeps_roughly_to_its_budget_and_stops_when_cancelled():
    times = []
    for hand in play_positions(4, 4):
        k = hand.knowledge(hand.to_act)
        start = time.perf_counter()
        make_player("hard", 1, budget_ms=40).decide(k)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        decision = make_player("hard", 1, budget_ms=5000).decide(k, cancelled=lambda: True)
        assert time.perf_counter() - start < 0.5
        assert decision.action in k.legal
    assert max(times) < 0.5, times


def test_reasons_name_the_card_played():
    for hand in play_positions(10, 5):
        k = hand.knowledge(hand.to_act)
        decision = make_player("normal").decide(k)
        card = decision.action.get("play")
        if card and card != "EX" and "only card" not in decision.reason:
            said = C.card_words(card)  # the card as the table draws it
            assert said in decision.reason or "Petit" in decision.reason, decision

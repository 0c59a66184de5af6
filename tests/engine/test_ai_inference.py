"""Inference (game.engine.ai.inference): the likelihood of a layout given what the other seats
did in public, and the weighted samplers of the hard search — possible layouts only, from the
seat's knowledge only, reproducible from the seed."""

from __future__ import annotations

import importlib
import random
from collections import Counter

import pytest
from ai_helpers import random_point, swap_unseen
from depth import examples
from hypothesis import assume, given
from hypothesis import strategies as st
from normal_hands import first_position

from game.engine import cards as C
from game.engine import records
from game.engine.ai import inference as I
from game.engine.ai import make_player
from game.engine.ai import tarot as T
from game.engine.ai.player import GAME_AI
from game.engine.ai.tarot_hand import strength

GAMES = ["turup", "arbaa-turub", "tarabish", "tarot"]


def tarot_hand(*names: str) -> int:
    """An 18-card Tarot hand: the named cards, filled up with the lowest spades, hearts…"""
    hand = C.mask_of(C.parse_tarot(n) for n in names)
    filler = [c for c in range(56) if not hand >> c & 1]
    for c in filler[:18 - hand.bit_count()]:
        hand |= 1 << c
    return hand


THREE_OUDLERS = tarot_hand("T1", "T21", "EX", "T20", "T19", "T15", "T12", "KS", "KH")
NOTHING = tarot_hand("T2", "T3")
MIDDLING = tarot_hand("T21", "T20", "T18", "T14", "T11", "T9", "T5", "KS", "QS", "KH")


@pytest.mark.parametrize(("hand", "bid", "top", "low", "high"), [
    (THREE_OUDLERS, "pass", "pass", 0.0, 0.05),   # a passer rarely holds three oudlers
    (NOTHING, "pass", "pass", 0.95, 1.0),         # nor a weak hand that bid
    (NOTHING, "take", "pass", 0.0, I.FLOOR),
    (THREE_OUDLERS, "keep-against", "pass", 0.2, 1.0),
    (THREE_OUDLERS, "take", "pass", 0.0, I.FLOOR),  # it would have bid more
    (THREE_OUDLERS, "pass", "keep-against", 1.0, 1.0),  # nothing left to bid: no news
    (MIDDLING, "pass", "keep", 0.9, 1.0),         # passing over a keep says little
])
def test_tarot_bid_factor(hand, bid, top, low, high):
    assert low <= I.tarot_bid_factor(strength(hand), bid, top) <= high


def test_tarot_factors_order_hands_by_strength():
    weak, strong = strength(NOTHING), strength(THREE_OUDLERS)
    assert I.tarot_bid_factor(weak, "pass", "pass") > I.tarot_bid_factor(strong, "pass", "pass")
    assert I.tarot_bid_factor(strong, "keep-against", "pass") > 0.5
    assert I.tarot_bid_factor(weak, "keep-against", "pass") == I.FLOOR


def faces36(*names: str) -> list[int]:
    return [C.parse36(n) for n in names]


HEART_CALLER = faces36("JH", "9H", "AH", "10H", "KH", "6S", "7S", "8D", "6C")
NO_HEARTS = faces36("6S", "7S", "8S", "9S", "6D", "7D", "8D", "6C", "7C")


@pytest.mark.parametrize(("faces", "call", "passes", "low", "high"), [
    (HEART_CALLER, "H", 0, 0.5, 1.0),            # a caller holds trumps
    (NO_HEARTS, "H", 0, 0.0, I.FLOOR),           # not none of them
    (HEART_CALLER, "pass", 0, 0.0, 0.5),         # a passer rarely holds the jack and four more
    (NO_HEARTS, "pass", 0, 0.9, 1.0),
    (NO_HEARTS, "H", 3, 0.0, I.FLOOR),           # even the forced dealer calls its best suit
])
def test_tarabish_call_factor(faces, call, passes, low, high):
    assert low <= I.tarabish_call_factor(faces, call, passes) <= high


@pytest.mark.parametrize(("held", "table", "low", "high"), [
    (0, I.TURUP_NAMED, I.FLOOR, I.FLOOR),        # the namer named a suit it was dealt
    (5, I.TURUP_NAMED, 0.6, 1.0),
    (1, I.TURUP_NAMED, I.FLOOR, 0.1),
    (16, I.ARBAA_NAMED, 0.4, 1.0),
    (3, I.ARBAA_NAMED, I.FLOOR, 0.1),
])
def test_somali_named_factor(held, table, low, high):
    assert low <= I.somali_named_factor(held, table) <= high


def signal(kind: str, above: int) -> I.Signal:
    return I.Signal(seat=1, suit=0, trick=0, kind=kind, since=(), above=above)


@pytest.mark.parametrize(("hand", "kind", "expected"), [
    ([8] * 4 + [7] * 4 + [6] * 2, "strong", 1.0),          # the top and ten spades: strong
    ([7] * 4 + [6] * 4 + [5] * 2, "strong", I.SIGNAL_MISS),  # ten spades without the top
    ([8, 7, 6], "strong", I.SIGNAL_MISS),                   # the top but three spades
    ([7, 6, 9, 10], "weak", 1.0),                           # two spades, no top: weak
    ([8, 7, 6], "weak", I.SIGNAL_MISS),
    ([8] * 4 + [7] * 4 + [6] * 2, "", I.SILENT_MISS),       # silent with a strong suit
    ([7, 6, 5, 4, 3, 2, 1], "", 1.0),                       # silent, nothing to say
])
def test_signal_factor(hand, kind, expected):
    assert I.signal_factor(hand, signal(kind, 8), 10, 5) == expected


def test_weighted_keeps_likely_layouts_more_often():
    worlds = iter(range(10**6))

    def sample(rng: random.Random) -> list[list[int]]:
        return [[rng.randrange(2)], [next(worlds)]]

    draw = I.weighted(sample, lambda w: 0.9 if w[0][0] else 0.1)
    rng = random.Random(3)
    kept = Counter(draw(rng)[0][0] for _ in range(2000))
    assert kept[1] > 4 * kept[0]  # plain: about even; weighted: about 9 to 1 (of 6 draws)


# -- the weighted samplers of each game --------------------------------------------------------

def play_point(game: str, seed: int, steps: int):
    """A record and hand at a random point of the card play with a card to choose."""
    record, hand = random_point(game, seed, steps)
    k = hand.knowledge(hand.to_act)
    assume(k.phase == "play" and any("play" in a for a in k.legal))
    return record, hand, k


def weighted_sampler(game: str, k):
    """The hard search's weighted sampler for ``k`` and the unweighted one, with the words
    to read a sampled layout: ``(weighted, plain, parse of a layout's card)``."""
    if game == "tarot":
        return (T.sampler(T.read(k, True)), T.sampler(T.read(k, False)), lambda c: c)
    module, cls = GAME_AI[game]
    ai = getattr(importlib.import_module(f"game.engine.ai.{module}"), cls)()
    view = ai.view(k)
    ai.inference = True
    weighted = ai.sampler(view, k)
    ai.inference = False
    return weighted, ai.sampler(view, k), None


def sampled_cards(game: str, hand, k, world) -> Counter:
    """The cards of a layout as faces of the game's pack (ranked faces read back)."""
    if game == "tarot":
        return Counter(c for pile in world for c in pile)
    module, cls = GAME_AI[game]
    ai = getattr(importlib.import_module(f"game.engine.ai.{module}"), cls)()
    trump = ai.view(k).trump
    return Counter(ai.RULES.to_natural[4 if trump is None else trump][f]
                   for s, pile in enumerate(world) if s != k.seat for f in pile)


@examples(30)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(8, 200))
def test_weighted_layouts_are_possible(seed, game, steps):
    """Every weighted layout deals exactly the unseen cards, the right number to each seat,
    none of a suit a seat has shown it lacks."""
    _, hand, k = play_point(game, seed, steps)
    weighted, plain, _ = weighted_sampler(game, k)
    rng = random.Random(seed)
    reference = plain(random.Random(seed))
    for _ in range(5):
        world = weighted(rng)
        assert sampled_cards(game, hand, k, world) == sampled_cards(game, hand, k, reference)
        for s in range(4):
            if s != k.seat:
                assert len(world[s]) == k.hand_sizes[s]
        if game != "tarot":
            module, cls = GAME_AI[game]
            ai = getattr(importlib.import_module(f"game.engine.ai.{module}"), cls)()
            view = ai.view(k)
            for s in range(4):
                if s != k.seat:
                    assert not any(view.voids[s] >> (f // 9) & 1 for f in world[s])


@examples(30)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(8, 200))
def test_weighted_samples_do_not_depend_on_hidden_cards(seed, game, steps):
    """Two hands that differ only in cards the seat cannot see give the same weighted layouts
    from the same seed."""
    record, hand, k = play_point(game, seed, steps)
    twin = swap_unseen(record, hand, k.seat, random.Random(seed))
    assume(twin is not None)
    _, other = records.replay_hand(twin)
    assert other.hands != hand.hands
    k2 = other.knowledge(k.seat)
    first, second = weighted_sampler(game, k)[0], weighted_sampler(game, k2)[0]
    r1, r2 = random.Random(seed), random.Random(seed)
    assert [first(r1) for _ in range(4)] == [second(r2) for _ in range(4)]


@examples(20)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES), steps=st.integers(8, 200))
def test_weighted_sampler_is_deterministic(seed, game, steps):
    _, _, k = play_point(game, seed, steps)
    a, b = weighted_sampler(game, k)[0], weighted_sampler(game, k)[0]
    r1, r2 = random.Random(seed), random.Random(seed)
    assert [a(r1) for _ in range(4)] == [b(r2) for _ in range(4)]


def test_the_true_layout_is_likelier_than_most():
    """Over Tarot positions after an auction, the real layout's likelihood beats the median
    sampled layout's more often than not (the model points the right way)."""
    wins = trials = 0
    for i in range(12):
        found = first_position("tarot", 500 + i, i % 4, lambda k: k.phase == "play" and any(
            "play" in a for a in k.legal))
        if found is None:
            continue
        hand, k = found
        v = T.read(k, True)
        assert v.evidence is not None
        like = I.tarot_likelihood(v.evidence, T.PILE)
        if like is None or v.me == v.decl or v.contract not in ("take", "keep"):
            continue
        truth = [list(C.bits(hand.hands[s])) for s in range(4)]
        truth.append([c for c in C.bits(hand.discard) if v.others >> c & 1])
        plain = T.sampler(T.read(k))
        rng = random.Random(i)
        sampled = sorted(like(plain(rng)) for _ in range(41))
        trials += 1
        wins += like(truth) > sampled[20]
    assert trials >= 3
    assert wins * 2 > trials


def test_player_and_arena_options():
    player = make_player("hard", 1, 5, inference=False)
    assert player.inference is False  # type: ignore[attr-defined]
    assert I.enabled("tarot", False) is False
    assert I.enabled("tarot", True) is True
    assert I.enabled("tarot", None) is I.ENABLED["tarot"]


def test_arena_weighs_one_side_only():
    from game.engine import arena

    out = arena.run("tarabish", 1, 3, "hard", "hard", budget_ms=2.0, inference="b")
    assert out["inference"] == "b"
    assert out["deals"] == 1
    assert "inference" not in arena.run("tarabish", 1, 3, "normal", "easy")


def test_the_true_tarabish_layout_is_likelier_than_most():
    """The same for Tarabish's calls and passes, after two tricks."""
    from game.engine.ai.tarabish import TarabishAI

    wins = trials = 0
    for i in range(30):
        found = first_position("tarabish", 700 + i, i % 4, lambda k: k.phase == "play" and len(
            k.tricks) >= 2 and any("play" in a for a in k.legal))
        if found is None:
            continue
        hand, k = found
        ai = TarabishAI()
        ai.inference = False
        view = ai.view(k)
        like = ai.likelihood(view, k)
        if like is None:
            continue
        truth = [[ai.RULES.ranked(f, view.trump) for f in hand.PACK.faces_in(hand.hands[s])]
                 for s in range(4)]
        plain = ai.sampler(view, k)
        rng = random.Random(i)
        sampled = sorted(like(plain(rng)) for _ in range(41))
        trials += 1
        wins += like(truth) > sampled[20]
    assert trials >= 10
    assert wins > 0.6 * trials

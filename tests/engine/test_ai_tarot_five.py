"""French Tarot at five (issue 29): the secret partner — the partner's and a defender's play
on hand-built positions, a seat's reading of the partner, hard's layouts (the called
card only where the public facts allow it, weighed by the smears seen), the playouts that keep
the partner secret to all but itself, the declarer's pile in a layout with its own partner,
and the hard player's decisions blind to the cards a seat cannot see."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from ai_helpers import tarot_twin
from depth import examples
from helpers import new_hand
from hypothesis import assume, given
from hypothesis import strategies as st

from game.engine import cards as C
from game.engine import records
from game.engine import tarot as T
from game.engine.ai import make_player
from game.engine.ai import tarot as TA
from game.engine.ai.player import HardPlayer
from game.engine.ai.tarot_partner import partner_seat, seat_names, seating
from game.engine.ai.tarot_play import (
    CANNOT_WIN,
    NORMAL,
    SECURE,
    SMEAR,
    WIN,
    Seating,
    choose,
)
from game.engine.knowledge import Knowledge

P = C.parse_tarot
FIVE = T.LAYOUTS[5].table.letters
NAMES = seat_names(FIVE)


def cards(text: str) -> int:
    return C.mask_of(P(c) for c in text.split())


# -- the normal policy: the charge, the partner's king and smear ------------------------------

@pytest.mark.parametrize("me, trick, hand, legal, side, doubt, played", [
    # a defender (E, 4) last to a trick NE (3) wins with K♠: NE may be the partner (no void
    # in hearts, K♥ called), yet the defence charges it (a wary defence was measured worse)
    (4, "3:KS 2:2S 1:3S 0:4S", "QS 5S 5H T4", "QS 5S", 0, 0b01110, ("QS", SMEAR)),
    # the same defender when the declarer wins the trick: low
    (4, "3:3S 2:2S 1:4S 0:KS", "QS 5S 5H T4", "QS 5S", 0, 0b01110, ("5S", CANNOT_WIN)),
    # the partner (NW, 2) second to a defender's lead of the called suit: the king, at once
    (2, "3:5H", "KH 2H 7S T3", "KH 2H", 0b00100, 0, ("KH", WIN)),
    # the partner (E, 4) right after the declarer's low heart: the king takes over
    (4, "0:4H", "KH 2H 7S T3", "KH 2H", 0b10000, 0, ("KH", SECURE)),
    # the partner (NW, 2) last to the declarer's sure K♠: it smears its queen
    (2, "0:KS 4:2S 3:4S 1:5S", "QS 3S 5H T4", "QS 3S", 0b00100, 0, ("QS", SMEAR)),
])
def test_secret_partner_play(me: int, trick: str, hand: str, legal: str, side: int,
                             doubt: int, played: tuple[str, int]) -> None:
    """Five players, South (0) declares and called K♥, the partner still secret; ``side``
    and ``doubt`` as :func:`~game.engine.ai.tarot_partner.seating` gives them to the seat."""
    decl = 0
    pairs = [(int(s), P(c)) for s, c in (x.split(":") for x in trick.split())]
    h = cards(hand)
    others = C.FULL_TAROT & ~h & ~C.mask_of(c for _, c in pairs)
    table = Seating(5, 3, side, NAMES, doubt)
    card, code = choose(NORMAL, me, decl, h, cards(legal), others, pairs, [0] * 5,
                        [C.TRUMPS_MASK] * 5, False, seating=table)
    assert (C.format_tarot(card), code) == (played[0], played[1])


# -- a seat's reading ---------------------------------------------------------------------------

def knowledge(seat: int, tricks: list[dict[str, Any]], voids: dict[int, str],
              public: dict[str, Any] | None = None, hand: str = "",
              sizes: tuple[int, ...] = (14,) * 5) -> Knowledge:
    """A five-player seat's knowledge in the play: South declared a guard and called K♥."""
    return Knowledge(game="tarot", options={"players": 5}, seat=seat, dealer=1, phase="play",
                     to_act=seat, hand=tuple(hand.split()), unseen_own=0, hand_sizes=sizes,
                     trump=None, tricks=tuple(tricks), history=(),
                     voids=tuple(frozenset(voids.get(s, "")) for s in range(5)), legal=(),
                     public={"declarer": "S", "contract": "keep", "called": "KH",
                             "partner": None, "alone": None, "talon": ["2C", "3C", "4C"],
                             **(public or {})},
                     seats=FIVE)


SMEAR_NE = [{"leader": "S", "cards": ["KS", "2S", "QS", "5S", "4S"], "winner": "S"}]
"""South's K♠ and NE's (3) queen on it (play goes S, E, NE, NW, W)."""


@pytest.mark.parametrize("seat, voids, partner, doubt", [
    # NE smeared: read as the partner; the three others may all hold K♥
    (1, {}, 3, 0b01100 | 0b10000),
    # NE smeared but has shown no heart: a defender; nobody read
    (1, {3: "H"}, None, 0b10100),
    # NW and E out of hearts: NE is the only seat that may hold K♥
    (1, {2: "H", 4: "H"}, 3, 0b01000),
    # everybody else out of hearts: nobody may hold it (South plays alone, or K♥ in the dog)
    (1, {2: "H", 3: "H", 4: "H"}, None, 0),
])
def test_the_reading_of_the_partner(seat: int, voids: dict[int, str], partner: int | None,
                                    doubt: int) -> None:
    k = knowledge(seat, SMEAR_NE, voids)
    assert partner_seat(k) == partner
    table = seating(k)
    assert (table.side, table.doubt) == (0 if partner is None else 1 << partner, doubt)


# -- hard's layouts -----------------------------------------------------------------------------

WEST_HAND = ("KD QD CD 2D 3D 4D 5D 6D 2H 3H T2 T3 T4 T5")
"""West's 14 cards after the first trick (no K♥, no spade)."""


def holder_share(k: Knowledge, seat: int, smears: bool, n: int = 300) -> float:
    """How often the called card lies with ``seat`` in ``n`` of ``k``'s seat's layouts."""
    v = TA.read(k)
    if not smears:
        v = dataclasses.replace(v, smears=())
    sample = TA.sampler(v)
    rng = random.Random(3)
    return sum(P("KH") in sample(rng)[seat] for _ in range(n)) / n


def test_layouts_weigh_the_smear() -> None:
    """West reads NE's queen on South's king: weighed, most layouts give NE the K♥ (a defender
    with another spade would not have given it); unweighed, about a third."""
    k = knowledge(1, SMEAR_NE, {}, hand=WEST_HAND)
    v = TA.read(k)
    assert [(s.seat, C.format_tarot(s.card)) for s in v.smears] == [(3, "QS")]
    assert holder_share(k, 3, True) > 0.6
    assert 0.2 < holder_share(k, 3, False) < 0.45


@pytest.mark.parametrize("voids, smeared", [({3: "H"}, False), ({}, True)])
def test_a_seat_out_of_the_called_suit_never_holds_it(voids: dict[int, str],
                                                      smeared: bool) -> None:
    k = knowledge(1, SMEAR_NE, voids, hand=WEST_HAND)
    v = TA.read(k)
    assert bool(v.smears) == smeared
    sample = TA.sampler(v)
    rng = random.Random(5)
    for _ in range(100):
        world = sample(rng)
        holders = [s for s in range(6) if P("KH") in world[s]]
        assert len(holders) == 1 and holders[0] not in (0, 1, 5)
        assert holders[0] != 3 or not voids


def test_a_layouts_partner_keeps_its_tricks_and_its_secret() -> None:
    """NE (3) won the first trick; in a layout where NE holds K♥ its trick is the declarer's
    side's, and in the playout only NE plays knowing it; a searching partner's own playouts
    keep it secret from the others too."""
    tricks = [{"leader": "S", "cards": ["2S", "5S", "KS", "3S", "4S"], "winner": "NE"}]
    k = knowledge(1, tricks, {}, hand=WEST_HAND)
    v = TA.read(k)
    assert v.secret and v.pile == 0
    pile, _, taken, _ = v.gathered(3)
    assert (pile, taken) == (cards("2S 5S 3S KS 4S"), 1)
    assert v.gathered(None)[0] == 0
    world = TA.sampler(v)(random.Random(1))
    game = TA.playout(v, world)
    p = next(s for s in range(5) if P("KH") in world[s])
    assert game.seating.side == 1 << p
    assert game.views is not None
    assert [bool(view.side) for view in game.views] == [s == p for s in range(5)]
    assert TA.share_of(v, game.seating) == -1  # West defends: it minimizes the unit
    # NE itself searching: it knows, the others do not
    mine = knowledge(3, tricks, {}, {"partner": "NE", "alone": False},
                     hand="KH QH CH 2H 3H 4H 5H 6H 7H 8H T6 T7 T8 T9")
    v = TA.read(mine)
    assert v.partner == 3 and v.secret and v.pile == cards("2S 5S 3S KS 4S")
    game = TA.playout(v, TA.sampler(v)(random.Random(2)))
    assert game.views is not None
    assert [bool(view.side) for view in game.views] == [s == 3 for s in range(5)]
    assert TA.share_of(v, game.seating) == 1


def test_a_declarer_alone_knows_it_in_every_layout() -> None:
    """South called its own K♥: its layouts have no partner, its share is four units."""
    tricks = [{"leader": "S", "cards": ["2S", "5S", "KS", "3S", "4S"], "winner": "NE"}]
    k = knowledge(0, tricks, {}, {"alone": True, "discard": ["2C", "3C", "4C"]},
                  hand="KH QH CH 2H 3H 4H 5H 6H 7H 8H T6 T7 T8 T9")
    v = TA.read(k)
    assert v.alone and not v.smears
    for seed in range(5):
        game = TA.playout(v, TA.sampler(v)(random.Random(seed)))
        assert (game.seating.side, game.views, TA.share_of(v, game.seating)) == (0, None, 4)


# -- blind to hidden cards ----------------------------------------------------------------------

@examples(12)
@given(seed=st.integers(0, 10**6), tricks=st.integers(0, 13))
def test_hard_at_five_is_blind_to_hidden_cards(seed: int, tricks: int) -> None:
    """Two five-player deals identical in everything a seat sees, differing in two other
    seats' hidden cards, give the hard player's same decision with the same seed."""
    _, hand = new_hand("tarot", seed, options={"players": 5})
    players = [make_player("normal", s) for s in range(5)]
    while not hand.done and not (hand.phase == "play" and len(hand.tricks) > tricks):
        hand.apply(players[hand.to_act].decide(hand.knowledge(hand.to_act)).action)
    assume(not hand.done and hand.phase == "play")
    seat = hand.to_act
    k = hand.knowledge(seat)
    twin = tarot_twin(hand, seat, random.Random(seed))
    assume(twin is not None and twin.hands != hand.hands and twin.knowledge(seat) == k)
    assert twin is not None
    one = HardPlayer(seed, budget_ms=4, timed=False).decide(k)
    two = HardPlayer(seed, budget_ms=4, timed=False).decide(twin.knowledge(seat))
    assert one == two


def test_hard_plays_legal_whole_hands_at_five() -> None:
    for seed in range(2):
        record = records.new_deal("tarot", 50 + seed, dealer=seed, options={"players": 5})
        _, hand = records.replay_hand(record)
        players = [HardPlayer(seed * 5 + s, budget_ms=4, timed=False) for s in range(5)]
        while not hand.done:
            k = hand.knowledge(hand.to_act)
            decision = players[hand.to_act].decide(k)
            assert decision.action in hand.legal_actions()
            hand.apply(decision.action)
        assert hand.result() is not None

"""The AI's reasons say only what the seat can know: a trick is "safe" or won "for sure" only
when no opponent still to play could beat it in any layout of the unseen cards — an opponent
who has not shown a void in the suit led may still be void and trump."""

from __future__ import annotations

import re

import pytest
from helpers import random_positions

from game.engine import cards as C
from game.engine import learning
from game.engine.ai import make_player
from game.engine.ai import policy as P
from game.engine.ai import tarot_play as TP
from game.engine.ai.view import TrickView
from game.engine.cards import EAST, NORTH, SOUTH, WEST, mask_of, seat_index
from game.engine.hand import HandState
from game.engine.tricks import PACK36

SPADES, HEARTS, CLUBS = 0, 1, 3
CERTAIN = re.compile(r"nobody left (to play )?can beat it|for sure|the lowest card that takes")
"""The words of a reason that claim the trick is won whatever the unseen cards are."""
UNSURE = re.compile(r"cannot (be )?(won |win )?(for )?sure|cannot be sure")


def face(rank: str, suit: int) -> int:
    """A 36-pack face (natural = ranked in the Somali games)."""
    return suit * 9 + ("6", "7", "8", "9", "10", "J", "Q", "K", "A").index(rank)


def somali_view(voids: list[int]) -> tuple[TrickView, int]:
    """South, third to play (clockwise: North led A♥, East followed 8♥), holds 6♥ 7♥ K♣;
    spades are trump and spades are still out; West is still to play. Returns the view and
    South's legal mask."""
    hand = mask_of([face("6", HEARTS), face("7", HEARTS), face("K", CLUBS)])
    trick = [(NORTH, face("A", HEARTS)), (EAST, face("8", HEARTS))]
    others = ((1 << 36) - 1) & ~hand & ~mask_of(f for _, f in trick)
    own = [hand >> f & 1 for f in range(36)]
    unseen = [others >> f & 1 for f in range(36)]
    view = TrickView(SOUTH, PACK36, SPADES, own, unseen, hand, others, NORTH, trick, voids,
                     [0, 0], 6, (3, 3, 2, 2))
    return view, hand & P.SUIT[HEARTS]


def somali_reason(voids: list[int]) -> tuple[int, str]:
    g = P.trick_rules(1)
    view, legal = somali_view(voids)
    card, code = P.choose(g, P.NORMAL, SOUTH, view.hand, legal, view.others, SPADES, HEARTS,
                          face("A", HEARTS), NORTH, 2, voids)
    return code, P.explain(g, code, card, view)


def test_partner_s_ace_is_not_called_safe_while_west_may_ruff():
    """The issue's case: North's ace is the best heart, but West, still to play, has shown no
    void in trumps and may hold no heart: "nobody left can beat it" would be false."""
    code, reason = somali_reason([0, 0, 0, 0])
    assert code == P.PARTNER_SAFE  # the decision is the same as ever: play low
    assert not CERTAIN.search(reason), reason
    assert "North" in reason and "unlikely to be beaten" in reason and "6♥" in reason


def test_partner_s_ace_is_safe_when_west_has_shown_no_trumps():
    code, reason = somali_reason([0, 1 << SPADES, 0, 0])
    assert code == P.PARTNER_SAFE
    assert "nobody left can beat it" in reason, reason


def test_tarot_fellow_defender_s_king_is_not_sure_while_the_declarer_may_trump():
    """A defender (South) third to play: North's K♥ leads the trick, East (the declarer) is
    still to play and has shown no void, trumps are out: it may still trump."""
    hearts = [C.parse_tarot(c) for c in ("3H", "5H")]
    hand = mask_of([*hearts, C.parse_tarot("QC")])
    king, two = C.parse_tarot("KH"), C.parse_tarot("2H")
    trick = [(NORTH, king), (WEST, two)]
    others = C.FULL_TAROT & ~hand & ~mask_of([king, two])
    voids = [0, 0, 0, 0]
    ceiling = [TP.TRUMPS] * 4
    legal = mask_of(hearts)
    card, code = TP.choose(TP.NORMAL, SOUTH, EAST, hand, legal, others, trick, voids, ceiling,
                           False)
    assert code in (TP.SMEAR, TP.SMEAR_LOW)
    reason = TP.explain(code, card, EAST, trick, others, SOUTH, voids, ceiling)
    assert not CERTAIN.search(reason) and "likely" in reason, reason
    voids[EAST] = 1 << 4  # the declarer has shown it holds no trump
    reason = TP.explain(code, card, EAST, trick, others, SOUTH, voids, ceiling)
    assert "for sure" in reason, reason


# -- over random positions: a claim of certainty holds in the real deal -----------------------


def side(hand: HandState, seat: int) -> int:
    """The seat's side: its partnership, or in French Tarot declarer (1) against defence."""
    declarer = getattr(hand, "declarer", None)
    if hand.GAME == "tarot":
        return int(seat == declarer)
    return seat & 1


def finished(hand: HandState) -> list[dict]:
    return [t for t in hand.trick_log() if t["winner"] is not None]


def my_side_always_wins(hand: HandState, seat: int, done: int) -> bool:
    """Whether ``seat``'s side wins the trick that follows the ``done`` finished ones in every
    way the others (with their real cards) may legally finish it (``hand`` is left as it
    was)."""
    over = finished(hand)
    if len(over) > done:
        return side(hand, seat_index(over[done]["winner"])) == side(hand, seat)
    cards = {a["play"]: a for a in hand.legal_actions() if "play" in a}
    for action in cards.values():
        hand.push(action)
        try:
            if not my_side_always_wins(hand, seat, done):
                return False
        finally:
            hand.pop()
    return True


@pytest.mark.parametrize("game", ["turup", "tarabish", "tarot", "arbaa-turub"])
def test_a_reason_that_claims_the_trick_is_right_in_the_real_deal(game):
    claims = 0
    count = 40 if game == "arbaa-turub" else 150
    for record in random_positions(game, count, seed=29):
        hand = learning.current_hand(record)
        if hand.phase != "play":
            continue
        seat = hand.to_act
        decision = make_player("normal", 2).decide(hand.knowledge(seat))
        reason = decision.reason
        if not CERTAIN.search(reason) or UNSURE.search(reason) or "play" not in decision.action:
            continue
        claims += 1
        done = len(finished(hand))
        hand.push(decision.action)
        try:
            assert my_side_always_wins(hand, seat, done), (reason, record["actions"][-4:])
        finally:
            hand.pop()
    assert claims, "no reason claimed a trick: the test saw nothing"

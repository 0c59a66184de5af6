"""French Tarot: the Petit is played as "safe" only when no opponent still to play can be out
of the suit led and hold a trump above it; otherwise it is a risk, counted from the unseen cards
of the suit, taken only when it is worth it (issue 17, deliverable 7). Hand-built knowledge,
table-driven."""

from __future__ import annotations

import pytest
from normal_hands import decisions

from game.engine import cards as C
from game.engine.ai import tarot_play as TP
from game.engine.cards import EAST, NORTH, SOUTH, WEST

NO_TRUMP = 1 << 4


def mask(*names: str) -> int:
    return C.mask_of(C.parse_tarot(n) for n in names)


def trumps(*numbers: int) -> int:
    return mask(*(f"T{n}" for n in numbers))


def clubs_unseen(*ranks: str) -> int:
    return mask(*(f"{r}C" for r in ranks))


# South declares; West led a club; South is out of clubs and holds the Petit; East and North
# (defenders, five cards each) are still to play; West holds four cards; the discard is South's
# own (nothing hidden). ``unseen`` clubs and ``out`` trumps make up the other hands, filled with
# hearts to fourteen unseen cards.
DECLARER_ROWS = [
    # (what, South's hand, unseen clubs, trumps out, voids of East / North, expected)
    ("the issue's case: thirteen clubs gone, the jack unseen, two defenders to play: one of "
     "them is out of clubs, the Petit would be caught",
     mask("T1", "T5", "T9", "3H", "4H"), ("J",), (2, 3, 4, 6, 7, 8, 10, 11), (0, 0), "not_petit"),
    ("both defenders still to play have shown no trumps: the Petit is safe",
     mask("T1", "T5", "T9", "3H", "4H"), ("J",), (2, 3, 4, 6, 7, 8, 10, 11),
     (NO_TRUMP, NO_TRUMP), "safe"),
    ("eight clubs unseen for two defenders: a small risk (under 1 in 100), taken",
     mask("T1", "T5", "T9", "3H", "4H"), ("1", "3", "4", "5", "7", "8", "J", "Q"), (2, 3),
     (0, 0), "risk"),
    ("five clubs unseen: about 1 in 8 that one defender is out; the Petit is exposed (one other "
     "trump against six out): taken",
     mask("T1", "T9", "3H", "4H", "5H"), ("1", "3", "5", "J", "Q"), (2, 3, 4, 6, 7, 8),
     (0, 0), "risk"),
    ("five clubs unseen, but the Petit is guarded (four other trumps against six out): kept",
     mask("T1", "T5", "T9", "T12", "T13"), ("1", "3", "5", "J", "Q"), (2, 3, 4, 6, 7, 8),
     (0, 0), "not_petit"),
    ("East has shown it is out of clubs and may hold trumps: kept",
     mask("T1", "T5", "T9", "3H", "4H"), ("1", "3", "4", "5", "7", "8", "J", "Q"), (2, 3),
     (1 << 3, 0), "not_petit"),
]


@pytest.mark.parametrize("what,hand,unseen,out,void_en,expected", DECLARER_ROWS,
                         ids=[r[0][:40] for r in DECLARER_ROWS])
def test_declarer_plays_the_petit_only_when_safe_or_worth_the_risk(what, hand, unseen, out,
                                                                   void_en, expected):
    led = mask("2C")
    others = clubs_unseen(*unseen) | trumps(*out)
    fill = [c for c in range(C.parse_tarot("1H"), C.parse_tarot("KH") + 1) if not hand >> c & 1]
    for c in fill:
        if others.bit_count() >= 14:
            break
        others |= 1 << c
    assert others.bit_count() == 14
    trick = [(WEST, C.parse_tarot("2C"))]
    voids = [0, 0, 0, 0]
    voids[SOUTH] = 1 << 3
    voids[EAST], voids[NORTH] = void_en
    ceiling = [TP.TRUMPS] * 4
    legal = hand & TP.TRUMPS
    assert not led & others
    card, code = TP.choose(TP.NORMAL, SOUTH, SOUTH, hand, legal, others, trick, voids, ceiling,
                           True)
    reason = TP.explain(code, card, SOUTH, trick, others, SOUTH, voids, ceiling, hand)
    if expected == "not_petit":
        assert card != TP.PETIT, (what, reason)
    elif expected == "safe":
        assert (card, code) == (TP.PETIT, TP.PETIT_WINS), what
        assert "safe" in reason and "risk" not in reason, reason
    else:
        assert (card, code) == (TP.PETIT, TP.PETIT_RISK), (what, reason)
        assert "risk" in reason and "safe" not in reason and "nobody" not in reason, reason
        assert "East or North" in reason and "clubs still unseen" in reason, reason


def test_the_count_of_voids():
    """One club unseen and two opponents to play: one of them is out of clubs for sure; with
    the club possibly in a hidden discard as well, still for sure."""
    others = clubs_unseen("J") | trumps(2, 3, 4) | mask("1H", "2H", "3H", "4H", "5H", "6H",
                                                       "7H", "8H", "9H", "10H")
    sizes = [0, 4, 5, 5, 0]
    assert TP.void_chance(3, [EAST, NORTH], others, [0] * 4, sizes) == 1.0
    assert TP.void_chance(3, [EAST], others, [0] * 4, sizes) == pytest.approx(9 / 14)
    assert TP.void_chance(3, [], others, [0] * 4, sizes) == 0.0
    assert TP.void_chance(3, [EAST], others, [0, 0, 0, 1 << 3], sizes) == 1.0
    assert TP.void_chance(1, [EAST, NORTH], others | clubs_unseen("Q", "K"), [0] * 4,
                          sizes) < 1.0


def test_slots_count_the_cards_each_seat_holds():
    hand = mask("T1", "T5", "3H")
    others = (C.FULL_TAROT & ~hand)
    trick = [(WEST, C.parse_tarot("2C"))]
    sizes = TP.slots(SOUTH, hand, others, trick)
    assert sizes[:4] == [0, 2, 3, 3]
    assert sizes[4] == 6  # never more than the talon


# A defender (West) is void in clubs and holds the Petit; North (a fellow defender) leads K♣
# and wins so far; South (defender) third... the declarer East plays last.
SAVE_ROWS = [
    # (what, unseen clubs, hidden discard, East's voids, expected)
    ("one club unseen, six cards hidden in the discard: East is more likely out of clubs than "
     "not; the Petit is kept", ("J",), 6, 0, "keep"),
    ("East has shown no trumps: the Petit is saved on North's trick for sure", ("J",), 6,
     NO_TRUMP, "saved"),
    ("seven clubs unseen and nothing hidden: East is almost surely not out of clubs; the "
     "exposed Petit is saved at a risk", ("1", "3", "4", "5", "7", "8", "J"), 0, 0, "risk"),
]


@pytest.mark.parametrize("what,unseen,hidden,void_e,expected", SAVE_ROWS,
                         ids=[r[0][:40] for r in SAVE_ROWS])
def test_defender_saves_the_petit_on_a_fellow_defender_s_trick(what, unseen, hidden, void_e,
                                                               expected):
    hand = mask("T1", "T9", "3H", "4H", "5H")
    trick = [(NORTH, C.parse_tarot("KC"))]
    # West plays second (North led): after West come South and East, East last.
    others = clubs_unseen(*unseen) | trumps(2, 3, 4, 5, 6, 7, 8)
    fill = [c for c in range(C.parse_tarot("1S"), C.parse_tarot("KS") + 1)]
    need = 4 + 5 + 5 + hidden
    for c in fill:
        if others.bit_count() >= need:
            break
        others |= 1 << c
    assert others.bit_count() == need
    voids = [0, 1 << 3, 0, void_e]
    ceiling = [TP.TRUMPS] * 4
    legal = hand & TP.TRUMPS
    assert TP.opponents_after(WEST, EAST, trick) == [EAST]
    card, code = TP.choose(TP.NORMAL, WEST, EAST, hand, legal, others, trick, voids, ceiling,
                           False)
    reason = TP.explain(code, card, EAST, trick, others, WEST, voids, ceiling, hand)
    if expected == "keep":
        assert card != TP.PETIT, (what, reason)
    elif expected == "saved":
        assert (card, code) == (TP.PETIT, TP.PETIT_SAVED), what
        assert "nobody left can beat it" in reason, reason
    else:
        assert (card, code) == (TP.PETIT, TP.PETIT_SAVED_RISK), (what, reason)
        assert "risk" in reason and "East may be out of clubs" in reason, reason


def petit_side_wins(hand, seat: int, decl: int, done: int) -> bool:
    """Whether the side of ``seat`` wins trick number ``done`` however the others legally
    finish it (``hand`` is left as it was)."""
    over = [t for t in hand.trick_log() if t["winner"] is not None]
    if len(over) > done:
        return (C.seat_index(over[done]["winner"]) == decl) == (seat == decl)
    for action in {a["play"]: a for a in hand.legal_actions() if "play" in a}.values():
        hand.push(action)
        try:
            if not petit_side_wins(hand, seat, decl, done):
                return False
        finally:
            hand.pop()
    return True


def test_a_petit_called_safe_is_never_caught_in_the_real_deal():
    """Over whole hands of normal players: whenever the Petit is played as safe (the reason
    says so), no legal way of finishing the trick loses it; a Petit played at a risk says
    "risk"."""
    safe = risky = 0
    for seed in range(150):
        for hand, k, decision in decisions("tarot", 7000 + seed, seed % 4):
            seat = k.seat
            if decision.action.get("play") == "T1" and k.tricks and k.tricks[-1]["winner"] is None:
                decl = C.seat_index(k.public["declarer"])
                done = sum(1 for t in k.tricks if t["winner"] is not None)
                if "safe" in decision.reason or "nobody left can beat it" in decision.reason:
                    safe += 1
                    hand.push(decision.action)
                    try:
                        assert petit_side_wins(hand, seat, decl, done), decision.reason
                    finally:
                        hand.pop()
                elif "risk" in decision.reason:
                    risky += 1
                    assert "safe" not in decision.reason
    assert safe >= 3, (safe, risky)

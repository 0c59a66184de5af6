"""French Tarot defence rules of the normal policy (issue 17, deliverable 3), on hand-built
knowledge, table-driven: lead through the declarer and not into its honours; charge a fellow
defender's trick only when it is safe by the count; keep guards on kings; hunt the Petit with
the master trump; count trumps (cash when the declarer has none)."""

from __future__ import annotations

import pytest

from game.engine import cards as C
from game.engine.ai import tarot_play as TP
from game.engine.cards import EAST, NORTH, SOUTH, WEST

NO_TRUMP = 1 << 4


def mask(*names: str) -> int:
    return C.mask_of(C.parse_tarot(n) for n in names)


def unseen_filled(base: int, hand: int, count: int) -> int:
    """``base`` plus low diamonds (then spades) not in ``hand`` up to ``count`` cards."""
    out = base
    for c in [*range(28, 37), *range(0, 9)]:
        if out.bit_count() >= count:
            break
        if not (hand | base) >> c & 1:
            out |= 1 << c
    assert out.bit_count() == count
    return out


# West (a defender) leads from 2♠ 3♠ (spades: honours unseen) and 4♥ 5♥ 6♥ (the ♥ king, queen
# and knight already played) with one trump. Play goes S → E → N → W: the declarer at South
# plays right after West (West leads through it), at North it plays last (West leads into it).
LEAD_HAND = mask("2S", "3S", "4H", "5H", "6H", "T3")
HEART_HONOURS = mask("KH", "QH", "CH")
LEAD_ROWS = [
    # (what, declarer, heart honours played, expected card, expected code)
    ("the declarer plays right after: lead spades through it, its honours show first",
     SOUTH, True, "2S", TP.LEAD_THROUGH),
    ("the declarer plays last: do not lead spades into its possible honours; hearts",
     NORTH, True, "4H", TP.LOW_LEAD),
    ("the declarer plays last and both suits have honours out: the longer suit",
     NORTH, False, "4H", TP.LOW_LEAD),
]


@pytest.mark.parametrize("what,decl,gone,card,code", LEAD_ROWS, ids=[r[0][:40] for r in LEAD_ROWS])
def test_defender_leads_through_the_declarer_not_into_it(what, decl, gone, card, code):
    played = HEART_HONOURS if gone else 0
    others = C.FULL_TAROT & ~LEAD_HAND & ~played & ~mask("EX")
    voids, ceiling = [0] * 4, [TP.TRUMPS] * 4
    got = TP.choose(TP.NORMAL, WEST, decl, LEAD_HAND, LEAD_HAND, others, [], voids, ceiling,
                    False)
    assert got == (C.parse_tarot(card), code), what
    reason = TP.explain(got[1], got[0], decl, [], others, WEST, voids, ceiling, LEAD_HAND)
    assert C.card_words(card) in reason


# South (defender) follows hearts under North's winning K♥ with Q♥ and 2♥; West (defender) has
# played; East, the declarer, plays last. Whether East may be out of hearts is counted.
CHARGE_ROWS = [
    # (what, hearts unseen, cards hidden in the discard, East's voids, expected)
    ("six hearts unseen, nothing hidden: East almost surely follows: charge Q♥",
     ("1", "3", "4", "5", "7", "8"), 0, 0, "QH"),
    ("one heart unseen and six cards hidden: East is likely out of hearts: play low",
     ("7",), 6, 0, "2H"),
    ("East has shown no trumps: the trick is certain: charge Q♥", ("7",), 6, NO_TRUMP, "QH"),
]


@pytest.mark.parametrize("what,hearts,hidden,void_e,expected", CHARGE_ROWS,
                         ids=[r[0][:40] for r in CHARGE_ROWS])
def test_charge_a_fellow_defender_only_when_its_trick_is_safe(what, hearts, hidden, void_e,
                                                              expected):
    hand = mask("QH", "2H", "3S", "4S", "T3")
    trick = [(NORTH, C.parse_tarot("KH")), (WEST, C.parse_tarot("9H"))]
    base = mask(*(f"{r}H" for r in hearts)) | mask("T5", "T6", "T7")
    others = unseen_filled(base, hand, 4 + 4 + 5 + hidden)
    voids = [0, 0, 0, void_e]
    ceiling = [TP.TRUMPS] * 4
    card, code = TP.choose(TP.NORMAL, SOUTH, EAST, hand, mask("QH", "2H"), others, trick, voids,
                           ceiling, False)
    assert card == C.parse_tarot(expected), what
    reason = TP.explain(code, card, EAST, trick, others, SOUTH, voids, ceiling, hand)
    if expected == "QH":
        assert code == TP.SMEAR
        assert ("for sure" in reason) == bool(void_e), reason
    else:
        assert code == TP.FRIEND_WINS


DISCARD_ROWS = [
    # (what, hand, expected discard)
    ("K♠ with one small spade: the 3♠ guards it; throw a diamond",
     ("KS", "3S", "4D", "5D", "6D"), "4D"),
    ("K♠ with three small spades: a king so guarded spares one (spades, the shortest suit)",
     ("KS", "3S", "4S", "5S", "6D", "7D", "8D", "9D", "10D"), "3S"),
    ("no king: the shortest suit goes, to make a void",
     ("QS", "3S", "4D", "5D", "6D"), "3S"),
]


@pytest.mark.parametrize("what,names,expected", DISCARD_ROWS, ids=[r[0][:40] for r in DISCARD_ROWS])
def test_discards_keep_guards_on_kings(what, names, expected):
    hand = mask(*names)
    trick = [(EAST, C.parse_tarot("2C"))]
    others = C.FULL_TAROT & ~hand & ~mask("2C")
    voids = [1 << 3 | NO_TRUMP, 0, 0, 0]
    card, code = TP.choose(TP.NORMAL, SOUTH, EAST, hand, hand, others, trick, voids,
                           [TP.TRUMPS] * 4, False)
    assert (card, code) == (C.parse_tarot(expected), TP.DISCARD), what


HUNT_ROWS = [
    # (what, hand, extra played, declarer's voids, expected card or None)
    ("four trumps with the master trump 21, the Petit unseen: hunt with trump 21",
     ("T21", "T15", "T10", "T8", "3S", "4S", "5S", "6S"), (), 0, "T21"),
    ("no master trump: no hunt", ("T20", "T15", "T10", "T8", "3S", "4S", "5S", "6S"), (), 0,
     None),
    ("the Petit is already played: no hunt",
     ("T21", "T15", "T10", "T8", "3S", "4S", "5S", "6S"), ("T1",), 0, None),
    ("the declarer has shown no trumps: no hunt",
     ("T21", "T15", "T10", "T8", "3S", "4S", "5S", "6S"), (), NO_TRUMP, None),
    ("late in the hand, two trumps with the master: hunt so the Petit does not reach the end",
     ("T21", "T8", "3S"), (), 0, "T21"),
    ("four cards left, two trumps: not yet", ("T21", "T8", "3S", "4S"), (), 0, None),
]


@pytest.mark.parametrize("what,names,played,void_d,expected", HUNT_ROWS,
                         ids=[r[0][:40] for r in HUNT_ROWS])
def test_defender_hunts_the_petit_with_the_master_trump(what, names, played, void_d, expected):
    hand = mask(*names)
    others = C.FULL_TAROT & ~hand & ~mask(*played)
    voids = [0, 0, 0, void_d]
    card, code = TP.choose(TP.NORMAL, SOUTH, EAST, hand, hand, others, [], voids,
                           [TP.TRUMPS] * 4, False)
    if expected is None:
        assert code != TP.HUNT_PETIT, what
    else:
        assert (card, code) == (C.parse_tarot(expected), TP.HUNT_PETIT), what
        reason = TP.explain(code, card, EAST, [], others, SOUTH, voids, [TP.TRUMPS] * 4, hand)
        assert "hunt the Petit" in reason and "if East holds it" in reason, reason


COUNT_ROWS = [
    # (what, declarer's voids, trumps out, expected code)
    ("the declarer has shown no trumps: cash the master K♠", NO_TRUMP, True, TP.CASH),
    ("every trump is seen: cash the master K♠", 0, False, TP.CASH),
    ("the declarer is out of spades and may trump: make it spend a trump", 1 << 0, True,
     TP.FORCE_RUFF),
]


@pytest.mark.parametrize("what,void_d,trumps_out,code", COUNT_ROWS,
                         ids=[r[0][:40] for r in COUNT_ROWS])
def test_defender_counts_trumps_before_cashing(what, void_d, trumps_out, code):
    hand = mask("KS", "3S", "4H", "5H")
    gone = 0 if trumps_out else TP.TRUMPS
    others = C.FULL_TAROT & ~hand & ~gone & ~mask("EX")
    voids = [0, 0, 0, void_d]
    card, got = TP.choose(TP.NORMAL, SOUTH, EAST, hand, hand, others, [], voids,
                          [TP.TRUMPS] * 4, False)
    assert got == code, what
    reason = TP.explain(got, card, EAST, [], others, SOUTH, voids, [TP.TRUMPS] * 4, hand)
    if code == TP.CASH:
        assert card == C.parse_tarot("KS") and "East is not known to be able to trump it" in reason
    else:
        assert "must trump if it still can" in reason, reason

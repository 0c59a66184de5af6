"""French Tarot's play rules as pure functions on ints (RULES.md section 4), table by table:
the legal set, the trick winner, the Excuse (its fate, the exchange, the last trick), petit au
bout and what a play shows. The engine, the random-playout kernel and the AI all call these
(tests/engine/test_tarot_properties.py and test_ai_tarot.py check that they agree card for
card)."""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import given
from hypothesis import strategies as st

from game.engine import cards as C
from game.engine import tarot as T
from game.engine.ai import tarot_play


def card(text: str) -> int:
    return C.parse_tarot(text)


def cards(text: str) -> list[int]:
    return [C.parse_tarot(c) for c in text.split()]


def mask(text: str) -> int:
    return C.mask_of(cards(text))


S, H, D, CL, TR = range(5)
NONE = T.NO_CARD

# --------------------------------------------------------------------------------------------
# Which card beats which, and the trick's state


@pytest.mark.parametrize(("c", "best", "expected"), [
    ("KH", "QH", True),     # a higher card of the suit led
    ("2H", "QH", False),    # a lower one
    ("KS", "2H", False),    # another suit never beats
    ("T1", "KH", True),     # any trump beats a suit card
    ("T2", "T1", True),     # a higher trump
    ("T5", "T12", False),   # a lower trump
    ("KH", "T1", False),    # a suit card never beats a trump
    ("EX", "1S", False),    # the Excuse never beats
    ("EX", "T1", False),
])
def test_beats(c, best, expected):
    assert T.beats(card(c), card(best)) is expected


def test_every_card_but_the_excuse_beats_nothing():
    assert all(T.beats(c, NONE) for c in range(C.EXCUSE))
    assert not T.beats(C.EXCUSE, NONE)


def test_beaten_by_is_the_table_of_beats():
    for best in range(C.TAROT_CARDS):
        assert T.BEATEN_BY[best] == C.mask_of(c for c in range(C.TAROT_CARDS)
                                              if T.beats(c, best))


@pytest.mark.parametrize(("played", "led", "best", "index"), [
    ("", NONE, "", -1),
    ("EX", NONE, "", -1),               # the Excuse alone sets nothing
    ("5H", H, "5H", 0),
    ("5H KH 2H", H, "KH", 1),
    ("5H KS 2H", H, "5H", 0),           # another suit does not win
    ("5H T1 KH", H, "T1", 1),           # the lowest trump beats the suit led
    ("5H T3 T2 T7", H, "T7", 3),        # the highest trump wins
    ("EX 5D KD", D, "KD", 2),           # after a led Excuse the next card sets the suit
    ("EX T4 T2", TR, "T4", 1),
    ("KC EX 2C 3C", CL, "KC", 0),       # the Excuse never wins
    ("T1 EX", TR, "T1", 0),
])
def test_trick_state(played, led, best, index):
    assert T.trick_state(cards(played)) == (led, card(best) if best else NONE, index)


# --------------------------------------------------------------------------------------------
# The legal set

LEGAL = [
    # (what happens, trick so far, hand, legal)
    ("lead: anything", "", "2H T4 EX KS", "2H T4 EX KS"),
    ("after a led Excuse: anything", "EX", "2H T4 KS", "2H T4 KS"),
    ("follow suit", "5H", "2H KH T4 3S", "2H KH"),
    ("follow suit, the Excuse at any time", "5H", "2H T4 EX", "2H EX"),
    ("void: must trump", "5H", "3S T4 T9", "T4 T9"),
    ("void: must overtrump", "5H T10", "3S T4 T12 T15", "T12 T15"),
    ("must overtrump even a fellow defender's trump", "5H T10 KH", "3S T4 T12", "T12"),
    ("cannot overtrump: undertrump", "5H T10", "3S T4 T8", "T4 T8"),
    ("trumps led: must overtrump", "T10", "2H T4 T12", "T12"),
    ("trumps led: cannot overtrump, any trump", "T10", "2H T4 T9", "T4 T9"),
    ("trumps led, no trumps: anything", "T10", "2H 3S", "2H 3S"),
    ("neither suit nor trumps: anything", "5H T10", "3S 4D EX", "3S 4D EX"),
    ("the Excuse alone", "5H", "EX", "EX"),
    ("the Excuse with trumps", "5H T10", "T4 EX", "T4 EX"),
    ("led Excuse, then the next card sets the suit", "EX 5D", "2D 3S T6", "2D"),
    ("must trump though the Excuse was led", "EX 5H T6", "T2 T8 1C", "T8"),
    ("follow suit though the trick is trumped", "5H T6", "2H T8", "2H"),
    ("the Petit is a trump like the others", "5H", "T1 3S", "T1"),
]


@pytest.mark.parametrize(("what", "trick", "hand", "expected"), LEGAL,
                         ids=[row[0] for row in LEGAL])
def test_legal(what, trick, hand, expected):
    led, best, _ = T.trick_state(cards(trick))
    assert T.legal(mask(hand), led, best) == mask(expected)


@pytest.mark.parametrize(("trick", "hand", "level"), [
    ("5H", "2H T4", 0),          # follow
    ("5H", "3S T4", 1),          # trump (any trump beats the suit card)
    ("5H T10", "3S T4 T12", 1),  # overtrump
    ("5H T10", "3S T4", 2),      # undertrump
    ("T10", "T12", 1),
    ("T10", "T4", 2),
    ("5H T10", "3S", 3),         # nothing: anything
])
def test_obligations_say_which_rule_binds(trick, hand, level):
    led, best, _ = T.trick_state(cards(trick))
    met = [i for i, m in enumerate(T.obligations(led, best)) if mask(hand) & m]
    assert (met[0] if met else 3) == level


def reference_legal(hand: list[int], trick: list[int]) -> set[int]:
    """RULES.md section 4 read literally, card by card (no bit tricks)."""
    real = [c for c in trick if c != C.EXCUSE]
    if not real:
        return set(hand)
    led = C.suit_tarot(real[0])
    trumps = [c for c in hand if C.suit_tarot(c) == 4]
    follow = [c for c in hand if C.suit_tarot(c) == led and led != 4]
    if follow:
        ok = follow
    elif trumps:
        top = max((c for c in real if C.suit_tarot(c) == 4), default=-1)
        ok = [c for c in trumps if c > top] or trumps
    else:
        ok = [c for c in hand if c != C.EXCUSE]
    return set(ok) | ({C.EXCUSE} & set(hand))


@examples(300)
@given(st.permutations(range(C.TAROT_CARDS)), st.integers(0, 3), st.integers(1, 18))
def test_legal_is_the_rule_read_literally(deck, n, size):
    trick, hand = deck[:n], deck[n:n + size]
    led, best, _ = T.trick_state(trick)
    assert set(C.bits(T.legal(C.mask_of(hand), led, best))) == reference_legal(hand, trick)


def test_the_kernel_tables_are_built_by_the_rules():
    from game.engine.tarot.playouts import _RULES, SPLIT, TRUMPS_HI
    assert TRUMPS_HI << SPLIT == C.TRUMPS_MASK
    for led in range(5):
        for best in range(C.EXCUSE):
            f_lo, f_hi, o_hi, s_lo, s_hi = _RULES[led][best]
            assert ((f_lo | f_hi << SPLIT, o_hi << SPLIT, C.TRUMPS_MASK)
                    == T.obligations(led, best))
            assert s_lo | s_hi << SPLIT == T.BEATEN_BY[best]


# --------------------------------------------------------------------------------------------
# What a play shows


@pytest.mark.parametrize(("led", "c", "voids"), [
    (H, "2H", set()),
    (H, "T4", {H}),             # trumped: void in the suit led
    (H, "3S", {H, TR}),         # neither: no trumps either
    (TR, "3S", {TR}),           # trumps led, a suit card: no trumps
    (TR, "T2", set()),
    (H, "EX", set()),           # the Excuse shows nothing
    (NONE, "3S", set()),        # nothing sets the suit yet (a lead, or after a led Excuse)
])
def test_revealed(led, c, voids):
    assert T.revealed(led, card(c)) == sum(1 << s for s in voids)


@pytest.mark.parametrize(("c", "top", "below"), [
    ("T4", "T10", "T9"),        # under the top trump: nothing above it is held
    ("T12", "T10", None),       # over it: nothing learned
    ("T4", "KH", None),         # a trick not trumped yet
    ("2H", "T10", None),        # not a trump
    ("EX", "T10", None),
])
def test_trump_ceiling(c, top, below):
    expected = C.TRUMPS_MASK if below is None else C.TRUMPS_MASK & ((2 << card(below)) - 1)
    assert T.trump_ceiling(card(c), card(top)) == expected


# --------------------------------------------------------------------------------------------
# The Excuse and petit au bout

LAST = T.TRICKS - 1


@pytest.mark.parametrize(("t", "led_by_excuse", "side_tricks", "wins"), [
    (LAST, True, LAST, True),       # a side that won all 17 others leads it last: it wins
    (LAST, True, LAST - 1, False),  # one trick lost: it does not
    (LAST, False, LAST, False),     # not led
    (LAST - 1, True, LAST - 1, False),  # not the last trick
    (0, True, 0, False),
])
def test_excuse_wins(t, led_by_excuse, side_tricks, wins):
    assert T.excuse_wins(t, led_by_excuse, side_tricks) is wins


@pytest.mark.parametrize(("t", "owner", "winner", "fate"), [
    (3, 1, 0, (True, 1)),       # a defender's Excuse, the declarer wins: back, +0.5 to him
    (3, 0, 1, (True, -1)),      # the declarer's Excuse, a defender wins: back, -0.5
    (3, 1, 1, (True, 0)),       # within one side: back, nothing owed
    (3, 0, 0, (True, 0)),
    (LAST, 1, 0, (False, 0)),   # the last trick: it goes with the trick, nothing owed
    (LAST, 0, 1, (False, 0)),
])
def test_excuse_fate(t, owner, winner, fate):
    assert T.excuse_fate(t, owner, winner) == fate


def test_exchange_value():
    assert T.exchange_value(0) == -1 and T.exchange_value(1) == 1


@pytest.mark.parametrize(("piles", "given"), [
    (["QH 9C", "2D"], (0, "9C")),     # the owner's own pile first, its lowest 0.5 card
    (["QH", "2D 5S"], (1, "5S")),     # then the side's other piles (their lowest: 5S < 2D)
    (["QH KC", ""], None),            # none yet: pending
    ([], None),
])
def test_exchange_card(piles, given):
    got = T.exchange_card([mask(p) for p in piles])
    assert got == (None if given is None else (given[0], 1 << card(given[1])))


@pytest.mark.parametrize(("petit_trick", "excuse_won_last", "au_bout"), [
    (LAST, False, True),
    (LAST, True, True),
    (LAST - 1, True, True),     # a slam led with the Excuse: the 17th trick counts
    (LAST - 1, False, False),
    (5, True, False),
    (-1, False, False),         # the Petit not played
])
def test_petit_au_bout(petit_trick, excuse_won_last, au_bout):
    assert T.petit_au_bout(petit_trick, excuse_won_last) is au_bout


# --------------------------------------------------------------------------------------------
# One definition


def test_the_ai_defines_no_rule_or_bit_helper_of_its_own():
    for copy in ("low_card", "high_card", "cards_of", "legal_mask", "_beats", "ALL_TRUMPS_BELOW"):
        assert not hasattr(tarot_play, copy)
    from game.engine.ai import view
    assert tarot_play.SUIT_NAMES is view.SUIT_NAMES


def test_the_ai_tables_are_built_by_the_rules():
    for c in range(C.TAROT_CARDS):
        for led in (*range(5), NONE):
            assert T.REVEALED[led][c] == T.revealed(led, c)
        for best in (*range(C.TAROT_CARDS), NONE):
            assert T.TRUMP_CEILING[best][c] == T.trump_ceiling(c, best)
    assert not any(T.REVEALED[NONE])

"""Cards, notation, seats and deals (RULES.md: card notation, seats)."""

import random

import pytest

from game.engine import cards as C
from game.engine.tricks import PACK36, PACK144, PACK_TAROT, DealError, read_deal


@pytest.mark.parametrize("pack", [PACK36, PACK_TAROT])
def test_every_card_round_trips(pack):
    for face in range(pack.faces):
        text = pack.format(face)
        assert pack.parse(text) == face
        assert pack.parse(text.lower()) == face


@pytest.mark.parametrize(("text", "card"), [
    ("AS", C.card36(8, 0)), ("10h", C.card36(4, 1)), ("6C", C.card36(0, 3)), (" jd ", 23),
])
def test_parse36(text, card):
    assert C.parse36(text) == card


@pytest.mark.parametrize("bad", ["1S", "11H", "AX", "A", "10", "", "EX", "T1", None, 10, "AS "
                                 "KS"])
def test_parse36_rejects(bad):
    with pytest.raises(C.NotationError, match="is not a card"):
        C.parse36(bad)


@pytest.mark.parametrize(("text", "card"), [
    ("1S", 0), ("KS", 13), ("CD", 2 * 14 + 11), ("T1", C.PETIT), ("t21", C.MONDE),
    ("EX", C.EXCUSE), ("ex", C.EXCUSE), ("QC", 3 * 14 + 12),
])
def test_parse_tarot(text, card):
    assert C.parse_tarot(text) == card


@pytest.mark.parametrize("bad", ["T0", "T22", "T01", "6", "AS", "11S", "E", "X"])
def test_parse_tarot_rejects(bad):
    with pytest.raises(C.NotationError):
        C.parse_tarot(bad)


def test_seats_and_directions():
    assert [C.SEATS[C.clockwise(s)] for s in range(4)] == list("WNES")
    assert [C.SEATS[C.counter_clockwise(s)] for s in range(4)] == list("ESWN")
    assert C.seat_order(C.NORTH, clockwise_order=False) == [C.NORTH, C.WEST, C.SOUTH, C.EAST]
    assert [C.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [C.TEAMS[C.team(s)] for s in range(4)] == ["NS", "EW", "NS", "EW"]
    with pytest.raises(C.NotationError):
        C.seat_index("X")


def test_bit_helpers():
    m = C.mask_of([3, 7, 70, 143])
    assert list(C.bits(m)) == [3, 7, 70, 143]
    assert C.lowest(m) == 3 and C.highest(m) == 143


def test_deal_packets_order():
    hands = C.deal_packets(list(range(12)), [1, 2, 3, 0], 3, 3)
    assert hands == {1: [0, 1, 2], 2: [3, 4, 5], 3: [6, 7, 8], 0: [9, 10, 11]}


def test_packs_hold_the_right_cards():
    assert PACK144.faces == 36 and PACK144.copies == 4
    assert sum(m.bit_count() for m in PACK144.suit_masks) == 144
    assert sum(m.bit_count() for m in PACK_TAROT.suit_masks) == 78
    assert PACK144.face(PACK144.face_bits(35).bit_length() - 1) == 35


def _deal36(rng):
    deck = C.shuffled(range(36), rng)
    return {s: [C.format36(c) for c in deck[i * 9:i * 9 + 9]] for i, s in enumerate("SWNE")}


def test_read_deal_accepts_a_full_pack():
    deal = _deal36(random.Random(1))
    faces = read_deal(PACK36, deal, {s: 9 for s in "SWNE"})
    assert sorted(f for v in faces.values() for f in v) == list(range(36))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("E"), "no list of cards for E"),
    (lambda d: d["S"].pop(), "S was dealt 8 cards"),
    (lambda d: d.__setitem__("S", [d["W"][0], *d["S"][1:]]), "dealt too often"),
    (lambda d: d.__setitem__("talon", []), "unknown pile"),
    (lambda d: d["N"].__setitem__(0, "ZZ"), "is not a card"),
])
def test_read_deal_rejects(change, message):
    deal = _deal36(random.Random(2))
    change(deal)
    with pytest.raises((DealError, C.NotationError), match=message):
        read_deal(PACK36, deal, {s: 9 for s in "SWNE"})


# -- cards for people ---------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "said"), [
    ("QS", "Q♠"), ("10h", "10♥"), ("6C", "6♣"), ("AD", "A♦"), ("1S", "1♠"), ("CD", "C♦"),
    ("KH", "K♥"), ("T1", "trump 1"), ("T21", "trump 21"), ("EX", "the Excuse")])
def test_a_card_is_written_as_the_table_draws_it(code, said):
    assert C.card_words(code) == said


def test_every_card_of_every_pack_has_one_way_for_people():
    for face in range(C.CARDS36):
        assert C.card_words(C.format36(face)) == C.pretty36(face)
    for card in range(C.TAROT_CARDS):
        assert C.card_words(C.format_tarot(card)) == C.pretty_tarot(card)
        assert not C.CARD_CODE.search(C.pretty_tarot(card))
        assert C.CARD_CODE.fullmatch(C.format_tarot(card))


def test_the_engine_s_reasons_in_the_table_s_words():
    assert C.cards_in_words("N must follow suit ♥ (holds 9H, QH)") == \
        "N must follow suit ♥ (holds 9♥, Q♥)"
    assert C.cards_in_words("S must beat the T7 (holds T8, EX)") == \
        "S must beat trump 7 (holds trump 8, the Excuse)"
    assert C.cards_in_words("NS and EW; S, W, N, E is to act") == "NS and EW; S, W, N, E is to act"


@pytest.mark.parametrize(("n", "said"), [(0, "0 hands"), (1, "1 hand"), (2, "2 hands")])
def test_count(n, said):
    assert C.count(n, "hand") == said

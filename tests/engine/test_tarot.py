"""French Tarot (RULES.md section 4): the deal, petit sec, bidding, the talon and the discard,
handfuls, the slam announcement, play legality, trick winners, counting, scoring, the match
tally, the first-dealer draw and what each seat may know. Table-driven where it fits; the
Excuse exchange and last-trick cases are in test_tarot_excuse.py, the fixtures in
test_tarot_records.py and the random-hand properties in test_tarot_properties.py."""

from __future__ import annotations

import json
import random

import pytest
from helpers import seat

from game.engine import cards as C
from game.engine import games
from game.engine.hand import IllegalAction
from game.engine.tarot import (
    LAYOUTS,
    SPEC,
    TarotHand,
    TarotTally,
    canonical_handfuls,
    deal,
    draw_rank,
    excuse_stands_in,
    first_dealer,
    half_points,
    handful_bonus,
    handful_levels,
    handful_pool,
    settle,
)
from game.engine.tricks import DealError, Trick

P = C.parse_tarot


def cards(text: str) -> list[int]:
    return [P(c) for c in text.split()]


def crafted(fixed: dict[str, str], seed: int = 0) -> dict[str, list[str]]:
    """A deal where the piles in ``fixed`` (seats or ``talon``) hold exactly those cards and
    the rest of the pack is shuffled among the others. Seats not fixed never get a petit sec
    (the shuffle is retried)."""
    rng = random.Random(seed)
    while True:
        deal_ = {k: v.split() for k, v in fixed.items()}
        used = {P(c) for v in deal_.values() for c in v}
        pool = [C.format_tarot(c) for c in range(78) if c not in used]
        rng.shuffle(pool)
        for pile, size in (("talon", 6), ("S", 18), ("W", 18), ("N", 18), ("E", 18)):
            if pile not in deal_:
                deal_[pile], pool = pool[:size], pool[size:]
        sec = [s for s in "SWNE" if s not in fixed and
               {c for c in deal_[s] if c.startswith("T") or c == "EX"} == {"T1"}]
        if not sec:
            return deal_


def new(fixed: dict[str, str] | None = None, dealer: str = "N", seed: int = 0) -> TarotHand:
    """A hand dealt by ``dealer`` (default N: W bids first, play W → S → E → N)."""
    return TarotHand(crafted(fixed or {}, seed), seat(dealer), {"hands": 4})


def act(hand: TarotHand, **kw: object) -> None:
    """Apply an action of the seat to act."""
    hand.apply({"seat": C.SEATS[hand.to_act], **kw})


def bids(hand: TarotHand, *bs: str) -> None:
    for b in bs:
        act(hand, bid=b)


def kinds(hand: TarotHand, verb: str) -> list:
    return [a[verb] for a in hand.legal_actions() if verb in a]


def to_play(hand: TarotHand, slam: bool = False) -> None:
    """Finish the discard (first legal cards) and the slam decision."""
    while hand.phase == "discard":
        act(hand, discard=kinds(hand, "discard")[0])
    act(hand, slam=slam)


# -- the deal --------------------------------------------------------------------------------

class Unshuffled(random.Random):
    """A generator that leaves the pack in order and puts the talon cards after the packets
    it is told, so a deal can be checked card by card."""

    def __init__(self, gaps: list[int]) -> None:
        super().__init__(0)
        self.gaps = gaps

    def shuffle(self, x, *args) -> None:  # type: ignore[override]
        pass

    def sample(self, population, k, **kw):  # type: ignore[override]
        return list(self.gaps)


@pytest.mark.parametrize(("dealer", "order"), [("N", "WSEN"), ("S", "ENWS"), ("E", "NWSE"),
                                               ("W", "SENW")])
def test_deal_packets_of_three_counter_clockwise_from_the_dealers_right(dealer, order):
    gaps = [1, 5, 9, 13, 17, 23]
    d = deal(Unshuffled(gaps), seat(dealer), {})
    # Walk the pack: a talon card before each packet named in gaps, then a packet of three.
    pos, expect = 0, {k: [] for k in [*"SWNE", "talon"]}
    for packet in range(24):
        if packet in gaps:
            expect["talon"].append(C.format_tarot(pos))
            pos += 1
        expect[order[packet % 4]] += [C.format_tarot(pos + i) for i in range(3)]
        pos += 3
    assert d == expect
    assert d[order[0]][:3] == ["1S", "2S", "3S"]  # the first packet to the dealer's right


def test_deal_never_puts_the_first_or_last_card_in_the_talon():
    for s in range(300):
        rng = random.Random(s)
        order = list(range(78))
        rng_copy = random.Random(s)
        rng_copy.shuffle(order)
        d = deal(rng, s % 4, {})
        assert {len(v) for k, v in d.items() if k != "talon"} == {18} and len(d["talon"]) == 6
        assert sorted(P(c) for v in d.values() for c in v) == list(range(78))
        talon = {P(c) for c in d["talon"]}
        assert order[0] not in talon and order[-1] not in talon


def test_new_hand_rejects_a_bad_deal():
    good = crafted({})
    bad = dict(good, talon=good["talon"][:5])
    with pytest.raises(DealError, match="talon was dealt 5 cards"):
        TarotHand(bad, 0, {"hands": 4})
    twice = dict(good, talon=[*good["talon"][:5], good["S"][0]])
    with pytest.raises(DealError, match="dealt too often"):
        TarotHand(twice, 0, {"hands": 4})


# -- petit sec -------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand_s", "thrown"), [
    ("T1 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H", True),
    ("T1 EX 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H", False),  # the Excuse saves it
    ("T1 T2 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H", False),
    ("EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H", False),  # no trump at all
])
def test_petit_sec_throws_the_hand_in_at_once(hand_s, thrown):
    hand = new({"S": hand_s})
    if thrown:
        assert hand.phase == "done" and hand.to_act is None
        assert hand.result() == {"thrown_in": "petit-sec"}
        assert hand.legal_actions() == []
        assert "over" in hand.why_illegal({"seat": "W", "bid": "take"})
    else:
        assert hand.phase == "bid" and hand.result() is None


# -- bidding ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("dealer", "first"), [("N", "W"), ("S", "E"), ("E", "N"), ("W", "S")])
def test_bidding_starts_at_the_dealers_right(dealer, first):
    hand = new(dealer=dealer)
    assert hand.phase == "bid" and C.SEATS[hand.to_act] == first
    seen = []
    for _ in range(4):
        seen.append(C.SEATS[hand.to_act])
        act(hand, bid="pass")
    assert seen == [C.SEATS[C.counter_clockwise(seat(dealer), i)] for i in range(1, 5)]


@pytest.mark.parametrize(("sequence", "legal_next"), [
    ([], ["pass", "take", "keep", "keep-without", "keep-against"]),
    (["take"], ["pass", "keep", "keep-without", "keep-against"]),
    (["pass", "keep"], ["pass", "keep-without", "keep-against"]),
    (["keep-against"], ["pass"]),
    (["take", "pass", "keep-without"], ["pass", "keep-against"]),
])
def test_only_higher_bids_are_legal(sequence, legal_next):
    hand = new()
    bids(hand, *sequence)
    assert kinds(hand, "bid") == legal_next


@pytest.mark.parametrize(("sequence", "bad", "message"), [
    (["keep"], "take", "S cannot bid Take: Guard has been bid, so S must bid higher or pass"),
    (["keep"], "keep", "S cannot bid Guard: Guard has been bid"),
    (["pass", "keep-against"], "keep-without",
     "E cannot bid Guard without: Guard against has been bid"),
    ([], "guard", "'guard' is not a bid (expected one of pass, take, keep, keep-without, "
                  "keep-against)"),
    ([], 3, "3 is not a bid"),
])
def test_an_outbid_that_is_not_higher_is_refused(sequence, bad, message):
    hand = new()
    bids(hand, *sequence)
    action = {"seat": C.SEATS[hand.to_act], "bid": bad}
    assert message in hand.why_illegal(action)
    with pytest.raises(IllegalAction):
        hand.apply(action)
    assert len(hand.bids) == len(sequence)


def test_all_pass_throws_the_hand_in():
    hand = new()
    bids(hand, "pass", "pass", "pass", "pass")
    assert hand.phase == "done" and hand.result() == {"thrown_in": "all-pass"}


@pytest.mark.parametrize(("sequence", "declarer", "contract", "phase"), [
    (["take", "pass", "pass", "pass"], "W", "take", "discard"),
    (["pass", "pass", "pass", "keep"], "N", "keep", "discard"),
    (["take", "keep", "pass", "keep-without"], "N", "keep-without", "announce"),
    (["pass", "keep-against", "pass", "pass"], "S", "keep-against", "announce"),
])
def test_highest_bid_becomes_declarer(sequence, declarer, contract, phase):
    hand = new()
    bids(hand, *sequence)
    assert (C.SEATS[hand.declarer], hand.contract, hand.phase) == (declarer, contract, phase)
    assert C.SEATS[hand.to_act] == declarer


def test_out_of_turn_and_wrong_phase_messages():
    hand = new()
    assert hand.why_illegal({"seat": "N", "bid": "take"}) == "N acted out of turn: W is to act"
    assert hand.why_illegal({"seat": "W", "play": "1S"}) == (
        "no card play now: the hand is in its bid phase")
    assert hand.why_illegal({"seat": "W", "discard": "1S"}) == (
        "no discard now: the hand is in its bid phase")
    assert "more than one verb" in hand.why_illegal({"seat": "W", "bid": "take", "play": "1S"})
    assert "no verb known to tarot" in hand.why_illegal({"seat": "W", "call": "H"})


# -- the talon and the discard ---------------------------------------------------------------

TALON = "2C 3C 4C 5C 6C 7C"


@pytest.mark.parametrize("contract", ["take", "keep"])
def test_take_and_keep_show_the_talon_and_add_it_to_the_declarers_hand(contract):
    hand = new({"talon": TALON})
    before = hand.hands[seat("W")]
    bids(hand, contract, "pass", "pass", "pass")
    assert hand.hands[seat("W")] == before | C.mask_of(cards(TALON))
    assert hand.phase == "discard"
    for viewer in range(4):
        assert hand.public_facts(viewer)["talon"] == TALON.split()


@pytest.mark.parametrize("contract", ["keep-without", "keep-against"])
def test_keep_without_and_against_leave_the_talon_unseen(contract):
    hand = new({"talon": TALON})
    before = hand.hands[seat("W")]
    bids(hand, contract, "pass", "pass", "pass")
    assert hand.hands[seat("W")] == before and hand.phase == "announce"
    assert all(hand.public_facts(v)["talon"] is None for v in range(4))
    assert all(not set(TALON.split()) & set(hand.knowledge(v).hand) for v in range(4))


W_RICH = "KS KH KD KC T1 T21 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 1S 2S"
"""W holds all kings and oudlers: with the talon it has 2 + 6 suit cards to discard."""


def test_discard_legal_cards_exclude_kings_oudlers_and_trumps():
    hand = new({"W": W_RICH, "talon": TALON})
    bids(hand, "take", "pass", "pass", "pass")
    assert kinds(hand, "discard") == ["1S", "2S", *TALON.split()]


@pytest.mark.parametrize(("card", "message"), [
    ("KH", "W may not discard KH: a king may not be discarded"),
    ("T21", "W may not discard T21: an oudler (T1, T21, EX) may not be discarded"),
    ("EX", "W may not discard EX: an oudler"),
    ("T5", "W may discard a trump only when nothing else can go (holds 1S, 2S, 2C, 3C, 4C, 5C, "
           "6C, 7C)"),
    ("3S", "W does not hold 3S"),
    ("XY", "'XY' is not a card"),
])
def test_discard_errors(card, message):
    hand = new({"W": W_RICH, "talon": TALON})
    bids(hand, "take", "pass", "pass", "pass")
    assert message in hand.why_illegal({"seat": "W", "discard": card})


def test_discard_with_forced_trumps_shown_to_all():
    w = "KS KH KD KC T1 T21 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 1S"
    talon = "T12 T13 T14 T15 2S 3S"
    hand = new({"W": w, "talon": talon})
    bids(hand, "keep", "pass", "pass", "pass")
    # Three suit cards for six places: trumps (not the oudlers) may go with them.
    assert kinds(hand, "discard") == ["1S", "2S", "3S", *[f"T{n}" for n in range(2, 16)]]
    for c in ["1S", "T2", "2S", "T3", "3S"]:
        act(hand, discard=c)
    assert kinds(hand, "discard") == [f"T{n}" for n in range(4, 16)]
    act(hand, discard="T4")
    assert hand.phase == "announce"
    # Others see the trumps laid away, not the suit cards; the declarer sees all six.
    for viewer in (seat("S"), seat("N"), seat("E")):
        seen = [a["discard"] for a in hand.knowledge(viewer).history if "discard" in a]
        assert seen == [None, "T2", None, "T3", None, "T4"]
        assert hand.public_facts(viewer)["discard_trumps"] == ["T2", "T3", "T4"]
        assert "discard" not in hand.public_facts(viewer)
    mine = [a["discard"] for a in hand.knowledge(seat("W")).history if "discard" in a]
    assert mine == ["1S", "T2", "2S", "T3", "3S", "T4"]
    assert hand.public_facts(seat("W"))["discard"] == ["1S", "2S", "3S", "T2", "T3", "T4"]


def test_discard_counts_for_the_declarer():
    hand = new({"talon": TALON})
    bids(hand, "take", "pass", "pass", "pass")
    for c in ["2C", "3C", "4C", "5C", "6C", "7C"]:
        act(hand, discard=c)
    assert hand.declarer_pile() == C.mask_of(cards(TALON))


# -- the slam announcement and the first leader ----------------------------------------------

@pytest.mark.parametrize(("contract", "slam", "leader"), [
    ("take", False, "W"), ("take", True, "N"), ("keep-against", True, "N"),
    ("keep-without", False, "W"),
])
def test_slam_announcer_leads_otherwise_the_dealers_right(contract, slam, leader):
    hand = new()  # dealer N: W is the dealer's right
    bids(hand, "pass", "pass", "pass", contract)  # N declares
    if contract in ("take", "keep"):
        assert hand.phase == "discard"
        to_play(hand, slam)
    else:
        assert hand.phase == "announce"
        assert hand.legal_actions() == [{"seat": "N", "slam": False}, {"seat": "N", "slam": True}]
        act(hand, slam=slam)
    assert hand.phase == "play" and C.SEATS[hand.to_act] == leader
    assert hand.public_facts(0)["slam"] is slam


def test_slam_value_must_be_a_boolean():
    hand = new()
    bids(hand, "keep-without", "pass", "pass", "pass")
    assert hand.why_illegal({"seat": "W", "slam": "yes"}) == (
        "a slam announcement is true or false, not 'yes'")
    assert hand.why_illegal({"seat": "W", "slam": 1}) is not None


# -- handfuls --------------------------------------------------------------------------------

def handful_hand(w: str) -> TarotHand:
    """W (declarer, keep without) about to lead with ``w``."""
    hand = new({"W": w})
    bids(hand, "keep-without", "pass", "pass", "pass")
    act(hand, slam=False)
    return hand


TRUMPS_10 = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"
TRUMPS_15 = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16"


def t(*ns: int) -> list[str]:
    return [f"T{n}" for n in ns]


@pytest.mark.parametrize(("w", "shown"), [
    ("T2 T3 T4 T5 T6 T7 T8 T9 T10 1S 2S 3S 4S 5S 6S 7S 8S 9S", []),  # 9 trumps
    ("EX T2 T3 T4 T5 T6 T7 T8 T9 T10 1S 2S 3S 4S 5S 6S 7S 8S", [[*t(*range(2, 11)), "EX"]]),
    (f"{TRUMPS_10} 1S 2S 3S 4S 5S 6S 7S 8S", [t(*range(2, 12))]),
    (f"EX {TRUMPS_10} T12 1S 2S 3S 4S 5S 6S", [t(*range(2, 12))]),  # 11 + EX: no EX needed
    (f"EX {TRUMPS_10} T12 T13 1S 2S 3S 4S 5S", [t(*range(2, 12)), [*t(*range(2, 14)), "EX"]]),
    (f"T1 {TRUMPS_10} T12 T13 T14 T15 T16 T17 T21", [t(1, *range(2, 11)), t(1, *range(2, 14)),
                                                     t(1, *range(2, 16))]),
])
def test_canonical_handfuls_listed_before_the_first_card(w, shown):
    hand = handful_hand(w)
    assert kinds(hand, "handful") == shown
    assert canonical_handfuls(hand.hands[seat("W")]) == shown
    assert len(handful_levels(hand.hands[seat("W")])) == len(shown)
    plays = kinds(hand, "play")
    assert hand.legal_actions() == [*({"seat": "W", "handful": h} for h in shown),
                                    *({"seat": "W", "play": p} for p in plays)]


@pytest.mark.parametrize(("show", "message"), [
    (t(*range(2, 11)), "a handful shows exactly 10, 13 or 15 trumps (single, double, triple); "
                       "this one shows 9"),
    (t(*range(2, 13)), "this one shows 11"),
    ([*t(*range(2, 11)), "T18"], "W does not hold T18"),
    ([*t(*range(2, 11)), "1S"], "a handful shows trumps only (and the Excuse when needed): "
                                "1S is not a trump"),
    ([*t(*range(2, 11)), "EX"], "W may show the Excuse only when short of trumps (W holds 12 "
                                "trumps)"),
    ([*t(*range(2, 11)), "T2"], "the handful shows T2 more than once"),
    ("T2 T3", "a handful is a list of cards"),
    ([*t(*range(2, 11)), "ZZ"], "'ZZ' is not a card"),
])
def test_handful_errors(show, message):
    hand = handful_hand(f"EX {TRUMPS_10} T12 T13 1S 2S 3S 4S 5S")
    assert message in hand.why_illegal({"seat": "W", "handful": show})


def test_handful_any_trumps_held_then_only_once_and_before_the_first_card():
    hand = handful_hand(f"EX {TRUMPS_10} T12 T13 1S 2S 3S 4S 5S")
    other = t(4, 5, 6, 7, 8, 9, 10, 11, 12, 13)  # not the canonical lowest: fine
    act(hand, handful=other)
    assert hand.public_facts(0)["handfuls"] == {"W": other}
    assert hand.handful_total() == 20
    assert kinds(hand, "handful") == [] and C.SEATS[hand.to_act] == "W"
    assert hand.why_illegal({"seat": "W", "handful": other}) == "W has already shown a handful"
    act(hand, play="1S")
    # S has played no card yet: S may still show (if it qualified); W may not any more.
    hand.to_act = seat("W")
    assert "already" in hand.why_illegal({"seat": "W", "handful": other})


def test_handful_after_the_first_card_is_refused():
    w = f"{TRUMPS_10} 1S 2S 3S 4S 5S 6S 7S 8S"
    hand = handful_hand(w)
    act(hand, play="1S")
    while C.SEATS[hand.to_act] != "W":
        act(hand, play=kinds(hand, "play")[0])
    assert hand.why_illegal({"seat": "W", "handful": t(*range(2, 12))}) == (
        "W has already played a card: a handful is shown before the first card")
    assert kinds(hand, "handful") == []


# -- play: the legality table ----------------------------------------------------------------

def position(acting: str, trick: list[str], declarer: str = "E") -> TarotHand:
    """W to act holding ``acting`` in a trick where the cards ``trick`` were played before it
    (led by the seat whose turn makes W next)."""
    hand = new()
    hand.phase, hand.declarer, hand.contract, hand.slam_announced = "play", seat(declarer), \
        "take", False
    hand.played = {0, 1, 2, 3}
    w = seat("W")
    leader = C.clockwise(w, len(trick))  # counter-clockwise play: earlier seats sit clockwise
    seats = [C.counter_clockwise(leader, i) for i in range(len(trick))]
    hand.trick = Trick(leader, seats, cards(" ".join(trick)))
    hand.hands[w] = C.mask_of(cards(acting))
    hand.to_act = w
    return hand


LEGALITY = [
    # (case, trick so far, W's hand, W's legal plays)
    ("lead: anything", [], "1S KH T5 EX", "1S KH T5 EX"),
    ("follow suit", ["5H"], "2H KH 3S T4", "2H KH"),
    ("follow suit or the Excuse", ["5H"], "2H EX T4", "2H EX"),
    ("void: must trump", ["5H"], "3S T4 T9", "T4 T9"),
    ("void: trump or the Excuse", ["5H"], "3S T4 EX", "T4 EX"),
    ("void, no trumps: anything", ["5H"], "3S 4D", "3S 4D"),
    ("void, no trumps, the Excuse", ["5H"], "3S EX", "3S EX"),
    ("void: overtrump the trump in the trick", ["5H", "T10"], "3S T4 T12 T15", "T12 T15"),
    ("void: cannot overtrump, undertrump", ["5H", "T10"], "3S T4 T8", "T4 T8"),
    ("void: overtrump even over a fellow defender", ["5H", "T10", "T3"], "T9 T11 2S", "T11"),
    ("holding the suit: no duty to trump", ["5H", "T10"], "2H T12", "2H"),
    ("trump led: overtrump", ["T10"], "2H T4 T12", "T12"),
    ("trump led: cannot overtrump, any trump", ["T10"], "2H T4 T8", "T4 T8"),
    ("trump led: the Petit is the lowest", ["T1"], "T2 3S", "T2"),
    ("trump led, no trumps: anything", ["T10"], "2H 5C", "2H 5C"),
    ("trump led, no trumps: the Excuse too", ["T10"], "2H EX", "2H EX"),
    ("trump led, overtrump or the Excuse", ["T10"], "T4 T12 EX", "T12 EX"),
    ("Excuse led: the next card is free", ["EX"], "2H T4 KS", "2H T4 KS"),
    ("Excuse led: the second card sets the suit", ["EX", "5H"], "2H T4", "2H"),
    ("Excuse led then a trump: trumps to follow", ["EX", "T7"], "2H T4 T9", "T9"),
    ("the Excuse played second changes nothing", ["5H", "EX"], "2H T4", "2H"),
    ("the Excuse is not a trump to beat", ["5H", "EX", "T3"], "T2 T6", "T6"),
    ("must trump though the Excuse was led", ["EX", "5H", "T6"], "T2 T8 1C", "T8"),
]


@pytest.mark.parametrize(("case", "trick", "acting", "legal"), LEGALITY,
                         ids=[c[0] for c in LEGALITY])
def test_legality_table(case, trick, acting, legal):
    hand = position(acting, trick)
    assert kinds(hand, "play") == [C.format_tarot(c) for c in sorted(cards(legal))]
    for c in acting.split():
        assert (hand.why_illegal({"seat": "W", "play": c}) is None) == (c in legal.split())


@pytest.mark.parametrize(("trick", "acting", "card", "message"), [
    (["5H"], "2H KH T4", "T4", "W must follow suit ♥ (holds 2H, KH)"),
    (["5H"], "3S T4 T9", "3S", "W must play a trump: no ♥ left (holds T4, T9)"),
    (["5H", "T10"], "3S T4 T12 T15", "T4", "W must beat the T10 (holds T12, T15)"),
    (["T10"], "2H T4 T12", "2H", "W must play a trump: trumps were led (holds T12)"),
    (["T10"], "2H T4 T12", "T4", "W must beat the T10 (holds T12)"),
    (["EX", "5D"], "2D 3S", "3S", "W must follow suit ♦ (holds 2D)"),
    (["5H"], "2H", "3H", "W does not hold 3H"),
    (["5H"], "2H", "T0", "'T0' is not a card (expected rank then suit, such as 1S, KH, T21 or "
                         "EX)"),
])
def test_play_error_messages(trick, acting, card, message):
    hand = position(acting, trick)
    assert hand.why_illegal({"seat": "W", "play": card}) == message
    with pytest.raises(IllegalAction) as err:
        hand.apply({"seat": "W", "play": card})
    assert str(err.value) == message


# -- trick winners ---------------------------------------------------------------------------

@pytest.mark.parametrize(("played", "winner"), [
    ("5H KH 2H QH", 1),
    ("5H KH T1 QH", 2),  # the Petit is a trump
    ("EX 5H KH 2S", 2),  # the Excuse led: the next card sets the suit
    ("5H EX 2H 3H", 0),
    ("5H 2S T2 T3", 3),
    ("T5 T3 EX 2H", 0),
    ("KH KS KD KC", 0),  # other suits never win
    ("1C EX KS T21", 3),
    ("T20 T21 EX 1S", 1),
])
def test_trick_winner(played, winner):
    hand = new()
    hand.declarer = 0
    trick = Trick(0, [0, 3, 2, 1], cards(played))
    assert hand.trick_winner(trick) == trick.seats[winner]


# -- counting and scoring --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "half"), [
    ("T1 T21 EX KS KH KD KC", 63),
    ("QS CS JS 1S", 7 + 5 + 3 + 1),
    ("T2 T20 10D", 3),
    ("", 0),
])
def test_card_points_in_half_points(text, half):
    assert half_points(C.mask_of(cards(text))) == half


def test_the_pack_holds_91_points():
    assert half_points(C.FULL_TAROT) == 182


@pytest.mark.parametrize(("contract", "half", "oudlers", "pab", "handful", "tricks", "slam",
                          "expected"), [
    # The seed's worked examples (RULES.md): target, won, slam, each defender pays.
    ("take", 72, 3, 0, 0, 9, False, (36, True, 0, 25)),
    ("keep", 80, 2, 0, 0, 9, False, (41, False, 0, -52)),
    ("keep", 112, 2, 0, 0, 9, False, (41, True, 0, 80)),
    ("keep", 80, 2, -1, 0, 9, False, (41, False, 0, -72)),
    ("keep", 98, 3, 1, 0, 9, False, (36, True, 0, 96)),
    ("keep-against", 176, 3, 0, 40, 18, True, (36, True, 400, 902)),
    # Targets by oudlers; exactly the target wins.
    ("take", 112, 0, 0, 0, 9, False, (56, True, 0, 25)),
    ("take", 102, 1, 0, 0, 9, False, (51, True, 0, 25)),
    ("take", 101, 1, 0, 0, 9, False, (51, False, 0, -26)),  # 50.5: lost by 0.5 → 1
    ("take", 113, 0, 0, 0, 9, False, (56, True, 0, 26)),   # 56.5: won by 0.5 → 1
    # Multipliers 1/2/4/6.
    ("keep-without", 112, 0, 0, 0, 9, False, (56, True, 0, 100)),
    ("keep-against", 112, 0, 0, 0, 9, False, (56, True, 0, 150)),
    # Petit au bout to the side that takes it, whichever side wins.
    ("take", 112, 0, -1, 0, 9, False, (56, True, 0, 15)),
    ("take", 100, 1, 1, 0, 9, False, (51, False, 0, -16)),
    # Handful to the winner of the hand, unmultiplied.
    ("keep", 112, 0, 0, 30, 9, False, (56, True, 0, 80)),
    ("keep", 110, 0, 0, 30, 9, False, (56, False, 0, -82)),
    # Slams: unannounced made, announced failed, defence slam.
    ("take", 170, 3, 0, 0, 18, False, (36, True, 200, 25 + 49 + 200)),
    ("take", 150, 3, 0, 0, 17, True, (36, True, -200, 25 + 39 - 200)),
    ("take", 20, 0, 0, 0, 0, False, (56, False, -200, -25 - 46 - 200)),
    ("take", 20, 0, 0, 0, 0, True, (56, False, -200, -25 - 46 - 200)),  # counted once
])
def test_settle(contract, half, oudlers, pab, handful, tricks, slam, expected):
    assert settle(contract, half, oudlers, pab, handful, tricks, slam) == expected


# -- the match -------------------------------------------------------------------------------

def score(s: int, w: int, n: int, e: int) -> dict:
    return {"score": {"S": s, "W": w, "N": n, "E": e}}


def test_tally_counts_played_hands_and_passes_the_deal_to_the_right():
    tally = TarotTally({"hands": 4})
    assert tally.next_dealer(seat("N"), {"thrown_in": "all-pass"}) == seat("W")
    assert tally.next_dealer(seat("S"), score(1, 1, 1, -3)) == seat("E")
    results = [score(75, -25, -25, -25), {"thrown_in": "petit-sec"}, score(-52, 156, -52, -52),
               {"thrown_in": "all-pass"}, score(-80, -80, 240, -80)]
    for r in results:
        tally.add(0, r)
        assert tally.winner() is None
    assert tally.hands == 5 and tally.counted == 3
    assert tally.scores() == {"S": -57, "W": 51, "N": 163, "E": -157}
    tally.add(0, score(25, 25, -75, 25))
    assert tally.winner() == "N"
    assert sum(tally.scores().values()) == 0


@pytest.mark.parametrize(("n", "results", "winner"), [
    (4, [score(30, -10, -10, -10), score(-30, 10, 10, 10)] * 2, ["S", "W", "N", "E"]),
    (4, [score(75, -25, -25, -25), score(-25, -25, 75, -25)] * 2, ["S", "N"]),
    (8, [score(75, -25, -25, -25)] * 8, "S"),
    (12, [score(-25, 75, -25, -25)] * 11, None),
])
def test_tally_winner_and_shared_wins(n, results, winner):
    tally = SPEC.tally({"hands": n})
    for r in results:
        tally.add(0, r)
    assert tally.winner() == winner


def test_spec_and_options():
    assert games.get("tarot") is SPEC
    assert SPEC.full_options({}) == {"hands": 4}
    assert SPEC.full_options({"hands": 12}) == {"hands": 12}
    with pytest.raises(games.OptionError, match="option hands cannot be 5"):
        SPEC.full_options({"hands": 5})
    hand = SPEC.new_hand(crafted({}), 0, {"hands": 8})
    assert hand.trump_name() is None and hand.options == {"hands": 8}


# -- the first dealer ------------------------------------------------------------------------

def test_draw_ranks_suit_cards_by_rank_and_trumps_above():
    assert draw_rank(P("1S")) == draw_rank(P("1C")) < draw_rank(P("2H"))
    assert draw_rank(P("KD")) < draw_rank(P("T1")) < draw_rank(P("T21"))


class Stacked(random.Random):
    """Deals the draw from a given list (the last card first, as ``pop`` does)."""

    def __init__(self, draws: list[str]) -> None:
        super().__init__(0)
        self.draws = draws

    def shuffle(self, x, *args) -> None:  # type: ignore[override]
        rest = [c for c in x if C.format_tarot(c) not in self.draws]
        x[:] = rest + [P(c) for c in reversed(self.draws)]


@pytest.mark.parametrize(("draws", "dealer"), [
    (["5S", "KH", "2D", "T1"], "N"),        # S W N E draw in turn; the lowest deals
    (["T3", "T2", "T21", "T4"], "W"),
    (["EX", "9S", "3H", "1C", "QD"], "N"),  # S drew the Excuse and draws again (9S)
    (["2S", "2H", "9D", "KC", "4C", "3S"], "W"),  # S and W tie: they draw again
])
def test_first_dealer_draw(draws, dealer):
    assert first_dealer(Stacked(draws)) == seat(dealer)


def test_first_dealer_draw_is_deterministic_and_fair():
    assert [first_dealer(random.Random(s)) for s in range(50)] == \
        [first_dealer(random.Random(s)) for s in range(50)]
    counts = [0, 0, 0, 0]
    for s in range(400):
        counts[first_dealer(random.Random(s))] += 1
    assert min(counts) > 60


# -- what a seat may know --------------------------------------------------------------------

def test_shown_voids_with_the_excuse_and_trumps():
    hand = new()
    hand.declarer = 0
    hand.tricks = [
        Trick(0, [0, 3, 2, 1], cards("EX 5H 6H 2S"), 2),   # S's Excuse shows nothing; W void ♥
        Trick(2, [2, 1, 0, 3], cards("7D T3 1C T4"), 3),   # W trumps; S neither follows nor
        Trick(3, [3, 2, 1, 0], cards("T9 T10 KS EX"), 2),  # trumps; W void in trumps now
    ]
    hand.trick = Trick(2, [2, 1], cards("5C EX"))  # the Excuse again shows nothing
    voids = hand.shown_voids()
    assert voids == [{"D", "T"}, {"H", "D", "T"}, set(), {"D"}]
    assert hand.knowledge(2).voids[1] == frozenset({"H", "D", "T"})


def test_knowledge_public_facts_and_json():
    hand = new({"talon": TALON})
    assert hand.public_facts(0) == {"contract": None, "declarer": None, "talon": None,
                                    "discard_trumps": [], "handfuls": {}, "slam": None}
    bids(hand, "pass", "take", "pass", "pass")
    facts = hand.public_facts(seat("N"))
    assert facts["declarer"] == "S" and facts["contract"] == "take"
    assert facts["talon"] == TALON.split()
    json.dumps(hand.knowledge(0).public)


# -- handfuls: the trumps the player chooses -------------------------------------------------

def mask(text: str) -> int:
    return C.mask_of(cards(text))


@pytest.mark.parametrize(("held", "size", "pool"), [
    (f"{TRUMPS_10} 1S", 10, TRUMPS_10),                        # just enough: forced
    (f"EX {TRUMPS_10} T12", 10, f"{TRUMPS_10} T12"),           # enough without the Excuse
    ("EX T2 T3 T4 T5 T6 T7 T8 T9 T10 1S", 10, "EX T2 T3 T4 T5 T6 T7 T8 T9 T10"),  # one short
    (f"EX {TRUMPS_10} T12 T13", 13, f"EX {TRUMPS_10} T12 T13"),  # double: one short, forced
    (f"EX {TRUMPS_10} T12 T13", 10, f"{TRUMPS_10} T12 T13"),  # single: the Excuse not needed
    ("EX T2 T3 T4 T5 T6 T7 T8", 8, "EX T2 T3 T4 T5 T6 T7 T8"),  # five players' single
])
def test_handful_pool_is_the_trumps_and_the_excuse_only_when_short(held, size, pool):
    assert handful_pool(mask(held), size) == mask(pool)


@pytest.mark.parametrize(("trumps", "size", "stands_in"), [
    (9, 10, True), (10, 10, False), (11, 10, False), (12, 13, True), (12, 10, False),
    (17, 18, True), (7, 8, True), (8, 8, False),
])
def test_excuse_stands_in_only_when_short_of_trumps(trumps, size, stands_in):
    assert excuse_stands_in(trumps, size) is stands_in


@pytest.mark.parametrize(("players", "shown", "bonus"), [
    (4, 10, 20), (4, 13, 30), (4, 15, 40), (4, 8, None), (4, 18, None),
    (3, 13, 20), (3, 15, 30), (3, 18, 40), (3, 10, None),
    (5, 8, 20), (5, 10, 30), (5, 13, 40), (5, 15, None),
])
def test_handful_bonus_by_table(players, shown, bonus):
    assert handful_bonus(shown, LAYOUTS[players].handfuls) == bonus


CHOSEN_HAND = f"EX {TRUMPS_10} T12 T13 1S 2S 3S 4S 5S"
"""W's cards for the choices below: 12 trumps and the Excuse."""


@pytest.mark.parametrize(("show", "reason"), [
    (t(4, 5, 6, 7, 8, 9, 10, 11, 12, 13), None),                 # any ten trumps held
    (t(13, 2, 12, 3, 11, 4, 10, 5, 9, 6), None),                 # in any order
    ([*t(*range(2, 14)), "EX"], None),                            # double: 12 trumps + Excuse
    ([*t(*range(2, 11)), "EX"], "W may show the Excuse only when short of trumps"),
    (["EX", *t(*range(13, 1, -1))], None),                        # the same 13, reordered
    ([*t(*range(2, 13)), "EX", "1S"], "1S is not a trump"),      # 13 with a suit card
    (t(*range(2, 12), 14), "W does not hold T14"),
    (t(*range(2, 14)), "this one shows 12"),
])
def test_handful_chosen_trumps(show, reason):
    hand = handful_hand(CHOSEN_HAND)
    why = hand.why_illegal({"seat": "W", "handful": show})
    if reason is None:
        assert why is None
        hand.apply({"seat": "W", "handful": show})
        assert hand.public_facts(0)["handfuls"]["W"] == sorted(show, key=P)
    else:
        assert reason in why


@pytest.mark.parametrize(("card", "size", "reason"), [
    ("T2", 10, None), ("T13", 13, None),
    ("EX", 13, None),                                              # short of 13: it stands in
    ("EX", 10, "W may show the Excuse only when short of trumps (W holds 12 trumps)"),
    ("1S", 10, "a handful shows trumps only (and the Excuse when needed): 1S is not a trump"),
    ("T14", 10, "W does not hold T14"),
])
def test_handful_pick_reason_card_by_card(card, size, reason):
    hand = handful_hand(CHOSEN_HAND)
    assert hand.handful_pick_reason(seat("W"), card, size) == reason

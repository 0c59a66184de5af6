"""Tarabish (RULES.md section 3): the deal, calling trump, card play (follow, must trump, must
overtrump, partner exception), trick winners, runs, bella, scoring with bait and half bait, the
match tally, what each seat may know, and the three recorded fixture hands. Table-driven."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from game.engine import cards as C
from game.engine import games, records
from game.engine import tarabish as T
from game.engine.games import OptionError
from game.engine.hand import IllegalAction
from game.engine.replay import replay_record
from game.engine.tricks import DealError, Trick

RECORDS = Path(__file__).resolve().parent.parent / "records"
EXPECTED: dict[str, Any] = json.loads((RECORDS / "EXPECTED.json").read_text())
FIXTURES = ["tarabish-runs-bella.json", "tarabish-bait.json", "tarabish-half-bait.json"]


# -- builders -----------------------------------------------------------------------------------

def deal_of(**seats: str) -> dict[str, list[str]]:
    """A full deal in record form: each named seat gets its listed cards first, in that order
    (so at most six of them are its visible ones), then every seat is filled up to nine from
    the rest of the pack in pack order."""
    given = {s: seats.get(s, "").split() for s in C.SEATS}
    used = {C.parse36(c) for cards in given.values() for c in cards}
    rest = [c for c in range(36) if c not in used]
    deal = {}
    for s in C.SEATS:
        cards = [C.format36(C.parse36(c)) for c in given[s]]
        while len(cards) < 9:
            cards.append(C.format36(rest.pop(0)))
        deal[s] = cards
    return deal


def hand_from(deal: Mapping[str, list[str]], dealer: str = "E",
              options: Mapping[str, Any] | None = None) -> T.TarabishHand:
    """A new hand (phase call) from a record-form deal."""
    return T.new_hand(deal, C.seat_index(dealer), T.SPEC.full_options(dict(options or {})))


def called(deal: Mapping[str, list[str]], trump: str, dealer: str = "E",
           options: Mapping[str, Any] | None = None) -> T.TarabishHand:
    """A hand whose dealer's left has called ``trump`` and now leads the first trick."""
    h = hand_from(deal, dealer, options)
    h.apply({"seat": C.SEATS[h.to_act], "call": trump})
    return h


def position(trump: str, trick: str, hand: str, *, leader: str = "S",
             options: Mapping[str, Any] | None = None) -> T.TarabishHand:
    """A play-phase position for the legality tables: the open trick holds ``trick`` (played by
    ``leader`` and the seats after it, in order) and the seat to act holds exactly ``hand``;
    the other cards are spread over the other seats (only the seat to act matters)."""
    h = called(deal_of(), trump, C.SEATS[(C.seat_index(leader) - 1) & 3], options)
    played = [C.parse36(c) for c in trick.split()]
    held = C.mask_of(C.parse36(c) for c in hand.split())
    lead = C.seat_index(leader)
    me = (lead + len(played)) & 3
    others = [s for s in range(4) if s != me]
    hands = [0, 0, 0, 0]
    hands[me] = held
    rest = [c for c in range(36) if not (held >> c) & 1 and c not in played]
    for i, c in enumerate(rest):
        hands[others[i % 3]] |= 1 << c
    h.hands = hands
    h.trick = Trick(lead, [(lead + i) & 3 for i in range(len(played))], played)
    h.to_act = me
    return h


def plays(h: T.TarabishHand) -> set[str]:
    """The cards the seat to act may play."""
    return {a["play"] for a in h.legal_actions() if "play" in a and "bella" not in a}


def play(h: T.TarabishHand, *cards: str) -> None:
    """The seats to act play ``cards`` in turn."""
    for card in cards:
        h.apply({"seat": C.SEATS[h.to_act], "play": card})


Chooser = Callable[[T.TarabishHand, list[dict[str, Any]]], "dict[str, Any] | None"]


def drive(h: T.TarabishHand, rng: random.Random, choose: Chooser | None = None,
          until: Callable[[T.TarabishHand], bool] | None = None) -> T.TarabishHand:
    """Apply seeded random legal actions (chance never declares runs nor claims bella) until
    ``until(h)`` or the end; ``choose`` may pick an action itself (``None``: chance)."""
    while not h.done and not (until and until(h)):
        legal = h.legal_actions()
        action = choose(h, legal) if choose else None
        if action is None:
            action = rng.choice([a for a in legal if "runs" not in a and "bella" not in a])
        h.apply(action)
    return h


# -- cards, ranks, points -----------------------------------------------------------------------

def test_trump_and_plain_orders_and_points():
    trump_order = ["J", "9", "A", "10", "K", "Q", "8", "7", "6"]
    plain_order = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]
    assert sorted(C.RANKS36, key=lambda r: -T.TRUMP_STRENGTH[C.RANKS36.index(r)]) == trump_order
    assert sorted(C.RANKS36, key=lambda r: -T.PLAIN_STRENGTH[C.RANKS36.index(r)]) == plain_order
    points = {C.format36(c): T.card_points(c, 0) for c in range(36)}   # spades trump
    assert [points[f"{r}S"] for r in trump_order] == [20, 14, 11, 10, 4, 3, 0, 0, 0]
    assert [points[f"{r}H"] for r in plain_order] == [11, 10, 4, 3, 2, 0, 0, 0, 0]
    for trump in range(4):
        assert sum(T.card_points(c, trump) for c in range(36)) + T.LAST_TRICK == 162


# -- dealing and the first dealer ---------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_deal_packets_of_three_clockwise_from_dealers_left(dealer):
    deal = T.deal(random.Random(5), dealer, T.DEFAULTS)
    deck = [C.format36(c) for c in C.shuffled(range(36), random.Random(5))]
    order = [(dealer + 1 + i) & 3 for i in range(4)]
    expected: dict[str, list[str]] = {s: [] for s in C.SEATS}
    for packet in range(12):
        expected[C.SEATS[order[packet % 4]]] += deck[packet * 3:packet * 3 + 3]
    assert deal == expected
    assert list(deal) == list(C.SEATS)
    assert sorted(c for cs in deal.values() for c in cs) == sorted(deck)


def test_first_dealer_is_who_gets_the_first_jack_face_up():
    for seed in range(50):
        deck = C.shuffled(range(36), random.Random(seed))
        first = next(i for i, c in enumerate(deck) if C.RANKS36[c % 9] == "J")
        assert T.first_dealer(random.Random(seed)) == first % 4
    assert {T.first_dealer(random.Random(s)) for s in range(100)} == {0, 1, 2, 3}


def test_new_hand_checks_the_deal():
    bad = deal_of()
    bad["S"][0] = bad["W"][0]
    with pytest.raises(DealError, match="not a full pack"):
        hand_from(bad)
    short = deal_of()
    short["N"] = short["N"][:8]
    with pytest.raises(DealError, match="N was dealt 8 cards"):
        hand_from(short)


# -- calling trump ------------------------------------------------------------------------------

@pytest.mark.parametrize(("dealer", "calls", "phase", "to_act", "caller"), [
    ("E", [], "call", "S", None),
    ("E", [("S", "H")], "play", "S", "S"),                            # first seat calls
    ("E", [("S", "pass"), ("W", "pass"), ("N", "C")], "play", "S", "N"),
    ("E", [("S", "pass"), ("W", "pass"), ("N", "pass")], "call", "E", None),
    ("E", [("S", "pass"), ("W", "pass"), ("N", "pass"), ("E", "d")], "play", "S", "E"),
    ("N", [("E", "pass"), ("S", "S")], "play", "E", "S"),              # dealer's left leads
    ("S", [("W", "pass"), ("N", "pass"), ("E", "pass"), ("S", "C")], "play", "W", "S"),
])
def test_calling_sequence(dealer, calls, phase, to_act, caller):
    h = hand_from(deal_of(), dealer)
    for seat, value in calls:
        h.apply({"seat": seat, "call": value})
    assert h.phase == phase and C.SEATS[h.to_act] == to_act
    assert h.public_facts(0)["caller"] == caller
    if phase == "play":
        assert h.trump_name() == calls[-1][1].upper()


def test_call_legal_list_and_forced_dealer():
    h = hand_from(deal_of(), "E")
    assert h.legal_actions() == [{"seat": "S", "call": s} for s in ["S", "H", "D", "C",
                                                                    "pass"]]
    for seat in "SWN":
        h.apply({"seat": seat, "call": "pass"})
    assert h.legal_actions() == [{"seat": "E", "call": s} for s in "SHDC"]
    assert h.why_illegal({"seat": "E", "call": "pass"}) == (
        "E cannot pass: the dealer must call trump when the three others have passed")


def test_dealer_may_pass_throws_the_hand_in():
    h = hand_from(deal_of(), "E", {"dealer_may_pass": True})
    for seat in "SWN":
        h.apply({"seat": seat, "call": "pass"})
    assert {"seat": "E", "call": "pass"} in h.legal_actions()
    h.apply({"seat": "E", "call": "pass"})
    assert h.phase == "done" and h.to_act is None and h.legal_actions() == []
    assert h.result() == {"thrown_in": "all-pass"}
    assert h.trump_name() is None
    assert h.why_illegal({"seat": "S", "call": "H"}) == "the hand is over: no more actions"
    assert T.TarabishTally(T.DEFAULTS).next_dealer(C.EAST, h.result()) == C.SOUTH


@pytest.mark.parametrize(("action", "reason"), [
    ({"seat": "S", "call": "X"}, "'X' is not a call (expected a suit S, H, D, C or \"pass\")"),
    ({"seat": "S", "call": 3}, "3 is not a call (expected a suit S, H, D, C or \"pass\")"),
    ({"seat": "W", "call": "H"}, "W acted out of turn: S is to act"),
    ({"seat": "S", "play": "AS"}, "S cannot play yet: trump is not called"),
    ({"seat": "S", "runs": [["AS", "KS", "QS"]]}, "S cannot declare runs yet: trump is not called"),
    ({"seat": "S", "bid": "take"}, "the action has no verb known to tarabish "
                                   "(expected one of call, runs, play)"),
    ({"seat": "S", "call": "H", "bella": True}, "unexpected key(s) in a call action: bella"),
])
def test_call_phase_errors(action, reason):
    h = hand_from(deal_of(S="AS KS QS"), "E")
    assert h.why_illegal(action) == reason
    with pytest.raises(IllegalAction, match=r"."):
        h.apply(action)
    assert h.phase == "call" and h.history == []


def test_no_second_call():
    h = called(deal_of(), "H")
    assert h.why_illegal({"seat": "S", "call": "S"}) == "S cannot call: trump is already called (H)"


# -- card play: the legality table --------------------------------------------------------------
# Trump is spades; S leads, then W, N, E. ``hand`` is what the seat to act holds.

@pytest.mark.parametrize(("trick", "hand", "legal", "options"), [
    ("", "9H QS AD", {"9H", "QS", "AD"}, {}),                          # lead anything
    ("KH", "9H QH 9S AD", {"9H", "QH"}, {}),                           # led suit held
    ("KH", "9H 9S JS", {"9H"}, {}),                                    # follow, no need to trump
    ("KH", "9S QS AD", {"9S", "QS"}, {}),                              # void: must trump
    ("KH", "AD 7C", {"AD", "7C"}, {}),                                 # void, no trump: anything
    ("KH 10S", "9S QS AD", {"9S"}, {}),                                # trump in trick: beat it
    ("KH 10S", "JS 9S QS", {"JS", "9S"}, {}),
    ("KH 9S", "QS 7S AD", {"QS", "7S"}, {}),                           # cannot beat: still trump
    ("KH 9S", "7H JS", {"7H"}, {}),                                    # following beats nothing
    ("KH 10S 9S", "AS JS AD", {"JS"}, {}),                             # beat the highest trump
    ("10S", "9S QS AD", {"9S"}, {}),                                   # trump led: overtrump
    ("JS", "QS 7S AD", {"QS", "7S"}, {}),                              # trump led, cannot beat
    ("JS", "AD 7C", {"AD", "7C"}, {}),                                 # trump led, no trump
    ("AH 7D", "9S QS AD", {"9S", "QS"}, {}),                           # partner winning: no
    ("AH 7D", "9S QS AD", {"9S", "QS", "AD"}, {"partner_exception": True}),
    ("AH 10S", "9S QS AD", {"9S"}, {"partner_exception": True}),       # opponent winning
    ("AH 10S 7D", "9S QS AD", {"9S"}, {}),                             # partner ruffed: off
    ("AH 10S 7D", "9S QS AD", {"9S", "QS", "AD"}, {"partner_exception": True}),
    ("AH 7D", "9H 9S", {"9H"}, {"partner_exception": True}),           # can follow: must
    ("7S 8H", "9S QS AD", {"9S", "QS"}, {"partner_exception": True}),  # trump led: no exception
    ("KH AH 9S", "QS AD", {"QS"}, {"partner_exception": True}),        # partner W lost the lead
])
def test_legal_cards(trick, hand, legal, options):
    assert plays(position("S", trick, hand, options=options)) == legal


@pytest.mark.parametrize(("trick", "hand", "card", "reason"), [
    ("KH", "9H QH 9S AD", "9S", "must follow suit ♥ (holds 9H, QH)"),
    ("KH", "9S QS AD", "AD", "must play a trump (holds 9S, QS)"),
    ("KH 10S", "9S QS AD", "QS", "must beat the 10S with a higher trump (holds 9S)"),
    ("KH 10S", "9S QS AD", "AD", "must play a trump (holds 9S, QS)"),
    ("KH 10S 9S", "AS JS AD", "AS", "must beat the 9S with a higher trump (holds JS)"),
    ("10S", "9S QS AD", "AD", "must follow suit ♠ (holds 9S, QS)"),
    ("10S", "9S QS AD", "QS", "must beat the 10S with a higher trump (holds 9S)"),
    ("KH", "9H QH", "KS", "does not hold KS"),
])
def test_illegal_card_reasons(trick, hand, card, reason):
    h = position("S", trick, hand)
    seat = C.SEATS[h.to_act]
    assert h.why_illegal({"seat": seat, "play": card}) == f"{seat} {reason}"


def test_bad_card_notation_and_bella_value():
    h = called(deal_of(), "S")
    assert "such as AS or 10H" in h.why_illegal({"seat": "S", "play": "1S"})
    assert h.why_illegal({"seat": "S", "play": "6S", "bella": "yes"}) == (
        "bella must be true or false, not 'yes'")
    assert h.why_illegal({"seat": "S", "play": "6S", "bella": False}) is None


# -- trick winners ------------------------------------------------------------------------------

@pytest.mark.parametrize(("trump", "cards", "winner"), [
    ("S", "AH 10H KH QH", 0),      # highest of the suit led (A 10 K Q)
    ("S", "KH 10H AH QH", 2),
    ("S", "9H JH 6D 7D", 1),       # plain: J over 9
    ("S", "AH 10H KH 6S", 3),      # any trump beats the suit led
    ("S", "AH 6S 7S QS", 3),       # the highest trump: Q over 7
    ("S", "QS 8S KS AS", 3),       # trump led: A over K
    ("S", "AS 10S 9S QS", 2),      # trump 9 over A
    ("S", "9S JS AS 10S", 1),      # trump J over 9
    ("S", "7H AD AC JD", 0),       # off-suit cards never win
    ("H", "JH 9H AH 10H", 0),
])
def test_trick_winner(trump, cards, winner):
    h = called(deal_of(), trump)
    trick = Trick(0, [0, 1, 2, 3], [C.parse36(c) for c in cards.split()])
    assert h.trick_winner(trick) == winner


def test_trick_play_through_the_engine():
    deal = deal_of(S="AH 6C 6D 7D 8D 9D 10D JD QD", W="KH 7C 8C 9C 10C JC QC KC AC",
                   N="10H 6S 7S 8S 9S 10S JS QS KS")
    h = called(deal, "S")                  # dealer E: S calls spades and leads
    play(h, "AH", "KH")
    assert plays(h) == {"10H"}             # N must follow hearts though it holds a trump
    play(h, "10H", "QH")
    assert h.trick_log() == [{"leader": "S", "cards": ["AH", "KH", "10H", "QH"],
                              "winner": "S"}]
    assert h.to_act == C.SOUTH


# -- runs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("length", "value"), [
    (2, 0), (3, 20), (4, 50), (5, 50), (6, 50), (7, 70), (8, 100), (9, 100),
])
def test_run_values(length, value):
    assert T.run_value(length) == value


@pytest.mark.parametrize(("hand", "runs"), [
    ("AS KS QS 7H 6D", [["AS", "KS", "QS"]]),
    ("AS KS QS JS 10S", [["AS", "KS", "QS", "JS", "10S"]]),
    ("AS KS QS 10S 9S 8S", [["AS", "KS", "QS"], ["10S", "9S", "8S"]]),
    ("JS 10S 9S 9H 8H 7H", [["JS", "10S", "9S"], ["9H", "8H", "7H"]]),
    ("AS KS JS 10S 8S 7S", []),                      # J and 9 are not promoted; no gaps
    ("JS 9S AS", []),                                # the best trumps are no run
    ("9S 8S 7S 6S AH KH QH JH 10H", [["9S", "8S", "7S", "6S"],
                                     ["AH", "KH", "QH", "JH", "10H"]]),
    ("AC KC QC JC 10C 9C 8C 7C 6C", [["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C",
                                      "6C"]]),
    ("KD QD JD 8C 7C 6C", [["KD", "QD", "JD"], ["8C", "7C", "6C"]]),
])
def test_runs_detection(hand, runs):
    mask = C.mask_of(C.parse36(c) for c in hand.split())
    assert [[C.format36(c) for c in r] for r in T.runs_in(mask)] == runs


def _runs(text: str) -> list[list[int]]:
    return [sorted((C.parse36(c) for c in run.split()), reverse=True)
            for run in text.split("/") if run.strip()]


@pytest.mark.parametrize(("trump", "declared", "holder"), [
    ("H", {"S": "9C 8C 7C 6C", "W": "AD KD QD"}, "S"),                  # fifty beats twenty
    ("H", {"S": "KD QD JD", "W": "AC KC QC"}, "W"),                     # higher top card
    ("H", {"S": "KH QH JH", "W": "KD QD JD"}, "S"),                     # trump beats plain
    ("S", {"S": "KH QH JH", "W": "KD QD JD"}, None),                    # equal plain: cancel
    ("S", {"S": "KH QH JH", "W": "KD QD JD", "N": "QC JC 10C"}, None),  # even with a third
    ("S", {"S": "KH QH JH", "N": "KD QD JD"}, None),                    # partners cancel too
    ("S", {"S": "KH QH JH", "W": "KD QD JD", "E": "9S 8S 7S 6S"}, "E"),  # a better one wins
    ("H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC JC"}, "W"),     # seven: a Q fifty
    ("H", {"S": "KD QD JD 10D 9D", "W": "AC KC QC JC"}, "W"),           # 5 and 4: both fifty
    ("H", {"S": "8D 7D 6D / AC KC QC", "W": "KS QS JS"}, "S"),          # best of S's runs
    ("H", {}, None),
])
def test_best_run(trump, declared, holder):
    per_seat = [_runs(declared.get(s, "")) for s in C.SEATS]
    got = T.best_run_holder(per_seat, C.suit_index(trump))
    assert got == (None if holder is None else C.seat_index(holder))


def test_seven_card_run_competes_as_its_top_four():
    """S declares a seven-card sequence (worth 70, but its best run is the fifty Q-J-10-9);
    W's fifty topped by the ace beats it: only W's 50 counts (RULES.md "Runs")."""
    deal = deal_of(S="QD JD 10D 9D 8D 7D 6D AC KC", W="AH KH QH JH QC")
    h = called(deal, "S")
    runs = [["QD", "JD", "10D", "9D", "8D", "7D", "6D"]]
    assert h.legal_actions()[0] == {"seat": "S", "runs": runs}  # AC KC is no run
    h.apply({"seat": "S", "runs": runs})
    play(h, "6D")
    h.apply({"seat": "W", "runs": [["AH", "KH", "QH", "JH"]]})
    drive(h, random.Random(1))
    assert h.result()["runs"] == {"NS": 0, "EW": 50}


def test_holder_scores_every_declared_run_and_undeclared_runs_score_nothing():
    deal = deal_of(S="AS KS QS JS 9H 8H 7H", E="AD KD QD", N="AC KC QC")
    h = called(deal, "C")
    h.apply({"seat": "S", "runs": [["9H", "8H", "7H"], ["JS", "AS", "QS", "KS"]]})
    drive(h, random.Random(2), until=lambda h: h.to_act == C.EAST)
    h.apply({"seat": "E", "runs": [["AD", "KD", "QD"]]})
    drive(h, random.Random(2))           # N never declares its trump run (a better one)
    assert h.result()["runs"] == {"NS": 70, "EW": 0}


def test_runs_offered_once_before_the_first_card_in_canonical_form():
    deal = deal_of(S="AS KS QS JS 10S 7H 8H 9H 6C", W="JD 10D 9D 7C 6S 8S 10H QH 6H")
    h = called(deal, "C")
    assert h.legal_actions()[0] == {"seat": "S", "runs": [["AS", "KS", "QS", "JS", "10S"],
                                                          ["9H", "8H", "7H"]]}
    h.apply({"seat": "S", "runs": [["QS", "JS", "10S"]]})          # a part of a longer one
    assert all("play" in a for a in h.legal_actions())
    play(h, "6C")
    assert h.legal_actions()[0] == {"seat": "W", "runs": [["JD", "10D", "9D"]]}
    play(h, "7C")                                                  # W declines
    assert all("runs" not in a for a in h.legal_actions() if a["seat"] == "W")
    h2 = called(deal_of(S="6S 8S 10S QS AS 7H 9H JH KH"), "C")
    assert all("runs" not in a for a in h2.legal_actions())        # no run: nothing offered


@pytest.mark.parametrize(("runs", "reason"), [
    ([["AS", "KS", "QS", "JS", "10S", "9S"]], "S does not hold 9S"),
    ([["AS", "KS", "JS"]], "AS, KS, JS is not a run: a run is three or more cards of one suit "
                           "in sequence (A K Q J 10 9 8 7 6)"),
    ([["AS", "KS"]], "AS, KS is not a run: a run is three or more cards of one suit in "
                     "sequence (A K Q J 10 9 8 7 6)"),
    ([["9H", "8H", "7S"]], "9H, 8H, 7S is not a run: a run is three or more cards of one suit "
                           "in sequence (A K Q J 10 9 8 7 6)"),
    ([["AS", "KS", "QS"], ["QS", "JS", "10S"]], "QS is declared in two runs"),
    ([["AS", "KS", "QS", "KS"]], "the run AS, KS, QS, KS names a card twice"),
    ([], 'runs must be a list of runs, each a list of cards, such as [["JS", "10S", "9S"]]'),
    ("AS KS QS", 'runs must be a list of runs, each a list of cards, such as '
                 '[["JS", "10S", "9S"]]'),
    ([["AS", "KS", "ZS"]], "'ZS' is not a card (expected rank then suit, such as AS or 10H)"),
])
def test_bad_run_declarations(runs, reason):
    h = called(deal_of(S="AS KS QS JS 10S 9H 8H 7H"), "C")
    assert h.why_illegal({"seat": "S", "runs": runs}) == reason


@pytest.mark.parametrize("runs", [
    [["AS", "KS", "QS"]],                                   # part of a longer sequence
    [["10S", "QS", "JS"]],                                  # any order
    [["AS", "KS", "QS", "JS", "10S"], ["9H", "8H", "7H"]],  # the canonical form
    [["AS", "KS", "QS"], ["9H", "8H", "7H"]],
    [["QS", "JS", "10S"], ["8H", "7H", "9H"]],            # a part, and any order
])
def test_good_run_declarations(runs):
    h = called(deal_of(S="AS KS QS JS 10S 9H 8H 7H"), "C")
    assert h.why_illegal({"seat": "S", "runs": runs}) is None


def test_runs_declared_late_or_twice():
    h = called(deal_of(S="AS KS QS 7D", W="AD KD QD", N="AH KH QH", E="JC 10C 9C"), "S")
    h.apply({"seat": "S", "runs": [["AS", "KS", "QS"]]})
    assert h.why_illegal({"seat": "S", "runs": [["AS", "KS", "QS"]]}) == (
        "S has already declared runs")
    drive(h, random.Random(3), until=lambda h: len(h.tricks) == 1)
    leader = C.SEATS[h.to_act]
    assert h.why_illegal({"seat": leader, "runs": [["AS", "KS", "QS"]]}) == (
        f"{leader} cannot declare runs now: runs are declared with your first card")


# -- bella --------------------------------------------------------------------------------------

def _bella_hand(options: Mapping[str, Any] | None = None) -> T.TarabishHand:
    # W holds the king and queen of spades (trump); dealer E, S leads.
    return called(deal_of(W="KS QS 6H 7H 8H 6D 7D 8D 6C"), "S", options=options)


def _play_first_of_pair(h: T.TarabishHand) -> tuple[list[dict[str, Any]], str]:
    """Drive until W plays its first of KS/QS; return W's legal list then and that card."""
    seen: list[Any] = []

    def choose(h: T.TarabishHand, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        if h.to_act == C.WEST:
            pair = [a for a in legal if a.get("play") in ("KS", "QS") and "bella" not in a]
            if pair:
                seen.extend([legal, pair[0]["play"]])
                return pair[0]
        return None
    drive(h, random.Random(4), choose, until=lambda h: bool(seen))
    return seen[0], seen[1]


def _drive_to_second(h: T.TarabishHand, second: str) -> list[dict[str, Any]]:
    """Drive until W may play ``second``; return W's legal list then (nothing applied)."""
    def can(h: T.TarabishHand) -> bool:
        return h.to_act == C.WEST and second in plays(h)
    drive(h, random.Random(5), until=can)
    return h.legal_actions()


def test_bella_on_the_second_card():
    h = _bella_hand()
    legal, first = _play_first_of_pair(h)
    assert not any(a.get("bella") for a in legal)
    second = "QS" if first == "KS" else "KS"
    legal = _drive_to_second(h, second)
    assert {"seat": "W", "play": second} in legal
    assert {"seat": "W", "play": second, "bella": True} in legal
    assert legal.index({"seat": "W", "play": second, "bella": True}) == legal.index(
        {"seat": "W", "play": second}) + 1
    h.apply({"seat": "W", "play": second, "bella": True})
    assert h.public_facts(0)["bella"] == ["W"]
    drive(h, random.Random(6))
    assert h.result()["bella"] == {"NS": 0, "EW": 20}


def test_bella_claimed_on_the_wrong_card():
    h = _bella_hand()
    drive(h, random.Random(4), until=lambda h: h.to_act == C.WEST and bool(
        {"KS", "QS"} & plays(h)))
    card = sorted({"KS", "QS"} & plays(h))[0]
    other = "QS" if card == "KS" else "KS"
    assert h.why_illegal({"seat": "W", "play": card, "bella": True}) == (
        f"W cannot claim bella with {card}: bella is claimed with the second of the king and "
        f"queen of trump ({other} is still in hand)")


def test_bella_on_first_option():
    h = _bella_hand({"bella_on_first": True})
    legal, first = _play_first_of_pair(h)
    assert {"seat": "W", "play": first, "bella": True} in legal
    second = "QS" if first == "KS" else "KS"
    legal = _drive_to_second(h, second)
    assert not any(a.get("bella") for a in legal)
    assert h.why_illegal({"seat": "W", "play": second, "bella": True}) == (
        f"W cannot claim bella with {second}: bella is claimed with the first of the king and "
        f"queen of trump ({first} was played already)")


def test_unclaimed_bella_scores_nothing():
    h = _bella_hand()
    drive(h, random.Random(7))
    assert h.result()["bella"] == {"NS": 0, "EW": 0}


@pytest.mark.parametrize(("deal", "card", "reason"), [
    ({"S": "KS 9S", "W": "QS"}, "KS",
     "S cannot claim bella: does not hold the king and queen of trump"),
    ({"S": "QS 9S", "W": "KS"}, "QS",
     "S cannot claim bella: does not hold the king and queen of trump"),
    ({"S": "KS QS 9S"}, "9S", "S cannot claim bella with 9S: bella is the king and queen of "
                              "trump (KS, QS)"),
    ({"S": "KH QH 9S"}, "KH", "S cannot claim bella with KH: bella is the king and queen of "
                              "trump (KS, QS)"),
])
def test_bad_bella_claims(deal, card, reason):
    h = called(deal_of(**deal), "S")
    assert h.why_illegal({"seat": "S", "play": card, "bella": True}) == reason


# -- scoring ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("caller", "totals", "half_is_bait", "bait", "score"), [
    (0, (100, 62), False, "none", [100, 62]),
    (0, (82, 80), False, "none", [82, 80]),
    (0, (61, 121), False, "bait", [0, 182]),
    (0, (81, 81), False, "half-bait", [0, 81]),
    (0, (81, 81), True, "bait", [0, 162]),
    (1, (90, 72), False, "bait", [162, 0]),
    (1, (60, 102), False, "none", [60, 102]),
    (1, (81, 81), False, "half-bait", [81, 0]),
    (0, (90, 72 + 50), False, "bait", [0, 212]),      # runs can bait the caller
    (0, (81 + 20, 81), False, "none", [101, 81]),     # bella can save it
    (1, (131, 131), False, "half-bait", [131, 0]),
])
def test_bait_rules(caller, totals, half_is_bait, bait, score):
    assert T.settle(caller, totals, half_is_bait) == (bait, score)


def test_half_bait_option_on_the_fixture():
    record = json.loads((RECORDS / "tarabish-half-bait.json").read_text())
    h = _replay(record, {"half_bait_is_bait": True})
    assert h.result()["bait"] == "bait" and h.result()["score"] == {"NS": 0, "EW": 162}


# -- the recorded fixtures ----------------------------------------------------------------------

def _replay(record: dict[str, Any], options: Mapping[str, Any] | None = None
            ) -> T.TarabishHand:
    opts = T.SPEC.full_options({**record["options"], **(options or {})})
    h = T.new_hand(record["deal"], C.seat_index(record["dealer"]), opts)
    for action in record["actions"]:
        assert action in h.legal_actions(), action
        h.apply(action)
    return h


@pytest.mark.parametrize("name", FIXTURES)
def test_fixtures_replay_to_expected_results(name):
    record = json.loads((RECORDS / name).read_text())
    h = _replay(record)
    assert h.phase == "done" and h.to_act is None and h.legal_actions() == []
    assert h.result() == EXPECTED[name]
    assert len(h.trick_log()) == 9 and all(t["winner"] for t in h.trick_log())


def test_fixture_must_trump_and_overtrump_in_play():
    """In the bait fixture (spades trump) E cannot follow N's QH and must trump; W then must
    beat E's 7S."""
    record = json.loads((RECORDS / "tarabish-bait.json").read_text())
    h = T.new_hand(record["deal"], C.WEST, T.DEFAULTS)
    for action in record["actions"][:3]:
        h.apply(action)
    assert h.why_illegal({"seat": "E", "play": "AC"}) == "E must play a trump (holds 7S)"
    for action in record["actions"][3:7]:
        h.apply(action)
    assert plays(h) == {"AS", "KS", "QS", "JS", "10S"}       # every trump beats the 7S
    assert h.why_illegal({"seat": "W", "play": "KD"}) == (
        "W must play a trump (holds 10S, JS, QS, KS, AS)")


# -- what each seat may know --------------------------------------------------------------------

def test_six_visible_cards_until_trump_is_called():
    deal = T.deal(random.Random(9), C.NORTH, T.DEFAULTS)
    h = T.new_hand(deal, C.NORTH, T.DEFAULTS)
    for seat in range(4):
        k = h.knowledge(seat)
        assert sorted(k.hand, key=C.parse36) == sorted(deal[C.SEATS[seat]][:6],
                                                      key=C.parse36)
        assert k.unseen_own == 3
    h.apply({"seat": "E", "call": "pass"})
    h.apply({"seat": "S", "call": "D"})
    for seat in range(4):
        k = h.knowledge(seat)
        assert sorted(k.hand, key=C.parse36) == sorted(deal[C.SEATS[seat]], key=C.parse36)
        assert k.unseen_own == 0 and k.trump == "D"


def test_thrown_in_hand_keeps_the_hidden_cards_hidden():
    h = hand_from(deal_of(), "E", {"dealer_may_pass": True})
    for seat in "SWNE":
        h.apply({"seat": seat, "call": "pass"})
    assert h.knowledge(C.SOUTH).unseen_own == 3


def test_runs_redacted_until_the_second_card():
    deal = deal_of(S="AS KS QS JS 6H 7H 8H 9H 10H", W="AD 6C")
    h = called(deal, "C")
    h.apply({"seat": "S", "runs": [["AS", "KS", "QS", "JS"], ["10H", "9H", "8H", "7H", "6H"]]})
    seen_by_w = h.knowledge(C.WEST).history[-1]
    assert seen_by_w == {"seat": "S", "runs": None, "declared": ["fifty", "fifty"]}
    assert h.knowledge(C.SOUTH).history[-1]["runs"][0] == ["AS", "KS", "QS", "JS"]
    facts = h.public_facts(C.WEST)
    assert facts["runs_declared"] == {"S": ["fifty", "fifty"]} and facts["runs_shown"] == {}
    play(h, "6H")
    drive(h, random.Random(10), until=lambda h: h.to_act == C.SOUTH and len(h.tricks) == 1)
    assert h.knowledge(C.WEST).history[1]["runs"] is None  # S has not played its second card
    drive(h, random.Random(10), until=lambda h: h.hands[C.SOUTH].bit_count() == 7)
    assert h.knowledge(C.WEST).history[1] == {
        "seat": "S", "runs": [["AS", "KS", "QS", "JS"], ["10H", "9H", "8H", "7H", "6H"]]}
    assert h.public_facts(C.EAST)["runs_shown"] == {
        "S": [["AS", "KS", "QS", "JS"], ["10H", "9H", "8H", "7H", "6H"]]}


def test_public_facts_and_knowledge_legal_list():
    h = called(deal_of(), "H", dealer="W")
    assert h.public_facts(C.SOUTH) == {"caller": "N", "runs_declared": {}, "runs_shown": {},
                                       "bella": []}
    assert h.knowledge(C.NORTH).legal == tuple(h.legal_actions())
    assert h.knowledge(C.SOUTH).legal == ()


@pytest.mark.parametrize(("trick", "options", "voids"), [
    ("AH 7D 8D 9D", {}, ["", "HS", "HS", "HS"]),                    # nobody trumped: void
    ("AH 7S 8D 9D", {}, ["", "H", "HS", "HS"]),                     # W trumped
    ("AH 7D 8D 9D", {"partner_exception": True}, ["", "HS", "H", "HS"]),  # N was free
    ("AH 7S 8D 9D", {"partner_exception": True}, ["", "H", "HS", "H"]),   # E was free
    ("7S 7D 8D 9D", {}, ["", "S", "S", "S"]),                       # trump led: plain void
    ("AH 10H KH QH", {}, ["", "", "", ""]),
])
def test_shown_voids_with_must_trump(trick, options, voids):
    cards = trick.split()
    h = position("S", " ".join(cards[:3]), cards[3], options=options)
    play(h, cards[3])
    assert [set(v) for v in h.shown_voids()] == [set(v) for v in voids]


# -- the match ----------------------------------------------------------------------------------

def _res(ns: int, ew: int) -> dict[str, Any]:
    return {"caller": "S", "card_points": {"NS": ns, "EW": ew}, "runs": {"NS": 0, "EW": 0},
            "bella": {"NS": 0, "EW": 0}, "bait": "none", "score": {"NS": ns, "EW": ew}}


@pytest.mark.parametrize(("target", "hands", "scores", "winner"), [
    (500, [(300, 100), (150, 50)], (450, 150), None),
    (500, [(300, 100), (150, 50), (60, 102)], (510, 252), "NS"),
    (500, [(400, 400), (80, 100)], (480, 500), "EW"),                   # exactly the target
    (500, [(450, 440), (70, 92)], (520, 532), "EW"),                    # both: higher wins
    (500, [(450, 440), (70, 80), (0, 162)], (520, 682), "EW"),          # tie played on
    (500, [(450, 440), (70, 80)], (520, 520), None),
    (500, [(450, 440), None, None], (450, 440), None),                  # thrown in: nothing
    (300, [(200, 100), (100, 62)], (300, 162), "NS"),
    (1000, [(500, 100), (100, 62)], (600, 162), None),
])
def test_match_tally(target, hands, scores, winner):
    tally = T.SPEC.tally(T.SPEC.full_options({"target": target}))
    dealer = C.SOUTH
    for i, pair in enumerate(hands):
        result = {"thrown_in": "all-pass"} if pair is None else _res(*pair)
        tally.add(dealer, result)
        nxt = tally.next_dealer(dealer, result)
        assert nxt == (dealer + 1) & 3                        # always to the left
        dealer = nxt
        assert tally.hands == i + 1
    assert tally.scores() == {"NS": scores[0], "EW": scores[1]}
    assert tally.winner() == winner


def test_bait_scores_feed_the_tally():
    tally = T.TarabishTally(T.DEFAULTS)
    tally.add(C.WEST, EXPECTED["tarabish-bait.json"])
    tally.add(C.NORTH, EXPECTED["tarabish-half-bait.json"])
    assert tally.scores() == {"NS": 0, "EW": 313}


def _match(options: dict[str, Any], seed: int) -> tuple[dict[str, Any], T.TarabishTally]:
    """A whole match played by chance, as a match record, and the tally fed along the way."""
    rng = random.Random(seed)
    full = T.SPEC.full_options(options)
    tally = T.TarabishTally(full)
    dealer = T.first_dealer(rng)
    hands = []
    while tally.winner() is None:
        deal = T.deal(rng, dealer, full)
        h = drive(T.new_hand(deal, dealer, full), rng)
        hands.append(records.hand_record(T.SPEC, full, dealer, deal, h.history))
        tally.add(dealer, h.result())
        dealer = tally.next_dealer(dealer, h.result())
    match = {"format": "four-trumps/match", "version": 1, "game": "tarabish",
             "options": options, "seed": seed,
             "seats": {"S": "human", "W": "random", "N": "random", "E": "random"},
             "hands": hands}
    return match, tally


def test_match_record_replays_to_the_running_scores():
    match, tally = _match({"target": 300, "dealer_may_pass": True}, 21)
    out = replay_record(json.loads(json.dumps(match)))
    assert out["ok"] and out["phase"] == "done"
    assert out["match"] == {"scores": tally.scores(), "winner": tally.winner()}
    assert tally.winner() is not None and max(tally.scores().values()) >= 300
    bad = json.loads(json.dumps(match))
    bad["hands"][1]["dealer"] = C.SEATS[(C.seat_index(bad["hands"][0]["dealer"]) + 2) & 3]
    with pytest.raises(records.RecordError, match="the deal passes to"):
        replay_record(bad)


@pytest.mark.parametrize(("index", "action", "message"), [
    (1, {"seat": "N", "play": "QH", "bella": True},
     "N cannot claim bella with QH: bella is the king and queen of trump (KS, QS)"),
    (7, {"seat": "W", "play": "QS", "bella": True},
     "W cannot claim bella with QS: bella is claimed with the second of the king and queen of "
     "trump (KS is still in hand)"),
    (1, {"seat": "N", "runs": [["AH", "QH", "8H"]]},
     "AH, QH, 8H is not a run: a run is three or more cards of one suit in sequence "
     "(A K Q J 10 9 8 7 6)"),
    (2, {"seat": "E", "play": "AC"}, "E must play a trump (holds 7S)"),
    (4, {"seat": "S", "runs": [["QH", "JH", "10H"]]}, "S does not hold QH"),
    (8, {"seat": "W", "runs": [["AS", "KS", "QS"]]}, "W has already declared runs"),
    (9, {"seat": "N", "runs": [["AD", "KD", "QD"]]},
     "N cannot declare runs now: runs are declared with your first card"),
    (0, {"seat": "N", "call": "pass", "bella": True},
     "unexpected key(s) in a call action: bella"),
])
def test_replay_errors_name_the_action(index, action, message):
    record = json.loads((RECORDS / "tarabish-bait.json").read_text())
    record["actions"][index] = action
    with pytest.raises(records.RecordError) as err:
        replay_record(record)
    assert err.value.message == message and err.value.action == index


# -- the spec -----------------------------------------------------------------------------------

def test_spec():
    spec = games.get("tarabish")
    assert spec is T.SPEC and spec.title == "Tarabish" and spec.summary
    assert spec.full_options({}) == {"dealer_may_pass": False, "partner_exception": False,
                                     "bella_on_first": False, "half_bait_is_bait": False,
                                     "target": 500}
    assert spec.options["target"].choices == (300, 500, 1000)
    with pytest.raises(OptionError, match="target cannot be 400"):
        spec.full_options({"target": 400})
    with pytest.raises(OptionError, match="unknown option"):
        spec.full_options({"bela": True})
    with pytest.raises(OptionError, match="dealer_may_pass cannot be 1"):
        spec.full_options({"dealer_may_pass": 1})
    assert callable(spec.extras["playout_start"]) and callable(spec.extras["random_playout"])
    h = spec.new_hand(spec.deal(random.Random(1), 2, spec.full_options({})), 2,
                      spec.full_options({}))
    assert h.phase == "call" and h.to_act == 3 and h.GAME == "tarabish"


def test_engine_never_imports_pygame():
    sources = [p.read_text() for p in Path(T.__file__).parent.glob("*.py")]
    assert len(sources) > 1 and all("pygame" not in source for source in sources)

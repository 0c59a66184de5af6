"""Arba'a Turub and Turup (RULES.md sections 1 and 2): trump naming, following, trick winners,
signals, Turup's early end and kort, hand results and the match layer. Table-driven."""

from __future__ import annotations

import random

import pytest
from helpers import fixture, new_hand, seat

from game.engine import cards as C
from game.engine import records
from game.engine.arbaa_turub import ArbaaTurubHand, ArbaaTurubTally
from game.engine.hand import IllegalAction
from game.engine.tricks import Trick
from game.engine.turup import TurupHand, TurupTally


def crafted(game: str, fixed: dict[str, str], seed: int = 0) -> dict[str, list[str]]:
    """A deal where the seats in ``fixed`` hold exactly those cards (space separated, in the
    order dealt) and the rest of the pack is shuffled among the others."""
    copies, size = (4, 36) if game == "arbaa-turub" else (1, 9)
    pool = [C.format36(f) for f in range(36) for _ in range(copies)]
    deal = {s: v.split() for s, v in fixed.items()}
    for cards in deal.values():
        for c in cards:
            pool.remove(c)
    random.Random(seed).shuffle(pool)
    for s in "SWNE":
        if s not in deal:
            deal[s], pool = pool[:size], pool[size:]
    return deal


def turup(fixed: dict[str, str], dealer: str = "N", trump: str = "H") -> TurupHand:
    """A Turup hand (dealer N: W names trump and leads; play W → S → E → N) with trump named."""
    hand = TurupHand(crafted("turup", fixed), seat(dealer), {"target": 10})
    hand.apply({"seat": C.SEATS[hand.eldest], "trump": trump})
    return hand


def plays(hand, *cards: str) -> None:
    for card in cards:
        hand.apply({"seat": C.SEATS[hand.to_act], "play": card})


def legal_cards(hand) -> set[str]:
    return {a["play"] for a in hand.legal_actions() if "play" in a}


# -- who names trump, who leads, directions -------------------------------------------------

@pytest.mark.parametrize(("cls", "dealer", "namer"), [
    (TurupHand, "N", "W"), (TurupHand, "S", "E"), (TurupHand, "E", "N"),
    (ArbaaTurubHand, "S", "W"), (ArbaaTurubHand, "N", "E"), (ArbaaTurubHand, "E", "S"),
])
def test_trump_namer_is_first_dealt_and_leads(cls, dealer, namer):
    game = "turup" if cls is TurupHand else "arbaa-turub"
    hand = cls(crafted(game, {}), seat(dealer), {"target": 10, "signals": False})
    assert hand.phase == "trump" and C.SEATS[hand.to_act] == namer
    assert [a["trump"] for a in hand.legal_actions()] == list("SHDC")
    hand.apply({"seat": namer, "trump": "d"})
    assert hand.trump_name() == "D" and hand.phase == "play" and C.SEATS[hand.to_act] == namer


def test_namer_sees_only_the_first_three_cards_while_naming():
    record = records.new_deal("arbaa-turub", 7)
    _, hand = records.replay_hand(record)
    namer = hand.to_act
    k = hand.knowledge(namer)
    assert sorted(k.hand) == sorted(record["deal"][C.SEATS[namer]][:3])
    assert k.unseen_own == 0 and k.hand_sizes[namer] == 3 and sum(k.hand_sizes) == 3
    other = C.partner(namer)
    assert hand.knowledge(other).hand == () and hand.knowledge(other).legal == ()
    hand.apply(hand.legal_actions()[0])
    assert len(hand.knowledge(namer).hand) == 36
    assert hand.knowledge(other).hand_sizes == (36, 36, 36, 36)


def test_knowledge_shows_voids_played_cards_and_nothing_hidden():
    hand = turup({"W": W9, "S": "8H 9H 10H JH QH KH 7D 8D 9D"})
    plays(hand, "AS", "8H")
    k = hand.knowledge(seat("N"))
    assert k.voids[seat("S")] == frozenset({"S"}) and k.voids[seat("W")] == frozenset()
    assert k.tricks == ({"leader": "W", "cards": ["AS", "8H"], "winner": None},)
    assert k.hand_sizes == (8, 8, 9, 9) and len(k.hand) == 9 and k.unseen_own == 0
    assert set(k.hand).isdisjoint(W9.split()) and k.legal == ()
    assert hand.knowledge(seat("E")).legal == tuple(hand.legal_actions())


@pytest.mark.parametrize(("game", "dealer", "order"), [
    ("turup", "N", "WSEN"), ("arbaa-turub", "N", "ESWN"),
])
def test_direction_of_play(game, dealer, order):
    _, hand = new_hand(game, 3, seat(dealer))
    hand.apply(hand.legal_actions()[0])
    seen = []
    for _ in range(4):
        seen.append(C.SEATS[hand.to_act])
        hand.apply(next(a for a in hand.legal_actions() if "play" in a))
    assert "".join(seen) == order


# -- following --------------------------------------------------------------------------------

W9 = "AS 7S 6S AH 6H AD 6D AC 6C"


@pytest.mark.parametrize(("south", "lead", "legal"), [
    ("KS 8H 9H 10H JH QH KH 7D 8D", "AS", {"KS"}),                      # must follow
    ("KS QS 8H 9H 10H JH 7D 8D 9D", "AS", {"KS", "QS"}),
    ("8H 9H 10H JH QH KH 7D 8D 9D", "AS", {"8H", "9H", "10H", "JH", "QH", "KH", "7D", "8D",
                                           "9D"}),  # void: anything, trumping not required
    ("8H 9H 10H JH QH KH 7D 8D 9D", "AH", {"8H", "9H", "10H", "JH", "QH", "KH"}),  # trump led
])
def test_follow_suit_else_anything(south, lead, legal):
    hand = turup({"W": W9, "S": south})
    plays(hand, lead)
    assert legal_cards(hand) == legal


def test_not_following_gives_the_reason():
    hand = turup({"W": W9, "S": "KS QS 8H 9H 10H JH 7D 8D 9D"})
    plays(hand, "AS")
    assert hand.why_illegal({"seat": "S", "play": "8H"}) == "S must follow suit ♠ (holds QS, KS)"
    with pytest.raises(IllegalAction):
        hand.apply({"seat": "S", "play": "8H"})
    assert hand.why_illegal({"seat": "S", "play": "AD"}) == "S does not hold AD"
    assert "out of turn" in hand.why_illegal({"seat": "N", "play": "KD"})
    assert hand.why_illegal({"seat": "S", "play": "ZZ"}).endswith("such as AS or 10H)")
    assert "no naming of trump now" in hand.why_illegal({"seat": "S", "trump": "S"})


# -- trick winners ----------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "trump", "winner"), [
    ("AS KS QS JS", "H", 0),
    ("KS AS QS JS", "H", 1),
    ("KS AS 6H QS", "H", 2),    # any trump beats the suit led
    ("KS 7H AH AS", "H", 2),    # the highest trump
    ("KS AD QD 6S", "H", 0),    # an off-suit card never wins
    ("6H AS 7H KH", "H", 3),    # trump led
    ("6S 7S 8S 9S", "S", 3),
])
def test_trick_winner(cards, trump, winner):
    hand = TurupHand(crafted("turup", {}), 0, {"target": 10})
    hand.trump = C.suit_index(trump)
    trick = Trick(0, [0, 3, 2, 1], [C.parse36(c) for c in cards.split()])
    assert hand.trick_winner(trick) == trick.seats[winner]


@pytest.mark.parametrize(("cards", "trump", "winner"), [
    ("AS AS KS AS", "H", 0),    # identical copies: the first played wins
    ("KS AS AS QS", "H", 1),
    ("KS 7H 7H 6S", "H", 1),    # identical trumps too
    ("7H 7H 7H 7H", "H", 0),
    ("KS 7H 8H 7H", "H", 2),
])
def test_identical_copies_first_played_wins(cards, trump, winner):
    hand = ArbaaTurubHand(crafted("arbaa-turub", {}), 0, {"signals": True})
    hand.trump = C.suit_index(trump)
    used: dict[int, int] = {}
    bits = []
    for c in cards.split():
        f = C.parse36(c)
        bits.append(f * 4 + used.get(f, 0))
        used[f] = used.get(f, 0) + 1
    trick = Trick(1, [1, 2, 3, 0], bits)
    assert hand.trick_winner(trick) == trick.seats[winner]


def test_identical_copies_in_play():
    """S leads the ace of trumps, W must follow with an identical ace: S's, played first, wins."""
    def cards(*pairs: tuple[str, int]) -> str:
        return " ".join(c for c, n in pairs for _ in range(n))
    spades = [f"{r}S" for r in ("K", "Q", "J", "10", "9", "8", "7", "6")]
    deal = {
        "S": cards(("AS", 2), *((c, 4) for c in spades), ("AH", 2)),
        "W": cards(("AS", 2), *((f"{r}C", 4) for r in C.RANKS36[:-1]), ("AC", 2)),
        "N": cards(*((f"{r}H", 4) for r in C.RANKS36[:-1]), ("AH", 2), ("AC", 2)),
        "E": cards(*((f"{r}D", 4) for r in C.RANKS36)),
    }
    hand = ArbaaTurubHand({s: v.split() for s, v in deal.items()}, seat("E"), {"signals": False})
    hand.apply({"seat": "S", "trump": "S"})
    plays(hand, "AS")
    assert legal_cards(hand) == {"AS"}
    plays(hand, "AS", "6H", "6D")
    assert hand.tricks[0].winner == seat("S")
    assert hand.trick_log()[0] == {"leader": "S", "cards": ["AS", "AS", "6H", "6D"],
                                   "winner": "S"}


# -- Arba'a Turub signals --------------------------------------------------------------------

def test_signals_only_by_the_leader_once_before_leading():
    _, hand = new_hand("arbaa-turub", 11, seat("S"))
    hand.apply({"seat": "W", "trump": "S"})
    legal = hand.legal_actions()
    assert legal[:2] == [{"seat": "W", "signal": "strong"}, {"seat": "W", "signal": "weak"}]
    hand.apply({"seat": "W", "signal": "strong"})
    assert all("play" in a for a in hand.legal_actions())
    assert "already signalled" in hand.why_illegal({"seat": "W", "signal": "weak"})
    hand.apply(hand.legal_actions()[0])
    assert "only the leader" in hand.why_illegal({"seat": "N", "signal": "weak"})
    assert hand.knowledge(seat("E")).public["signals"] == [
        {"trick": 0, "seat": "W", "signal": "strong"}]
    assert "not 'loud'" in ArbaaTurubHand.why_illegal(_fresh_leader(), {"seat": "W",
                                                                          "signal": "loud"})


def _fresh_leader() -> ArbaaTurubHand:
    _, hand = new_hand("arbaa-turub", 11, seat("S"))
    hand.apply({"seat": "W", "trump": "S"})
    return hand  # type: ignore[return-value]


def test_signals_off_option():
    _, hand = new_hand("arbaa-turub", 11, seat("S"), {"signals": False})
    hand.apply({"seat": "W", "trump": "S"})
    assert all("play" in a for a in hand.legal_actions())
    assert hand.why_illegal({"seat": "W", "signal": "weak"}) == "signals are off in this game"


def test_arbaa_turub_fixtures():
    for name, tricks in (("arbaa-turub-hand.json", 36), ("arbaa-turub-draw.json", 36)):
        _, hand = records.replay_hand(fixture(name))
        assert hand.done and len(hand.tricks) == tricks


# -- Turup: early end and kort -----------------------------------------------------------------

def _after_five(name: str) -> TurupHand:
    record = fixture(name)
    cut = next(i for i, a in enumerate(record["actions"]) if "ask" in a)
    record["actions"] = record["actions"][:cut]
    _, hand = records.replay_hand(record)
    return hand  # type: ignore[return-value]


def test_kort_question_after_five_straight_tricks():
    hand = _after_five("turup-kort-made.json")
    assert hand.phase == "kort" and hand.to_act == seat("W")
    assert hand.legal_actions() == [{"seat": "W", "ask": True}, {"seat": "W", "kort": True},
                                    {"seat": "W", "kort": False}]
    hand.apply({"seat": "W", "ask": True})
    assert hand.to_act == seat("E")
    assert [a["estimate"] for a in hand.legal_actions()] == [0, 1, 2, 3, 4]
    assert "from 0 to 4" in hand.why_illegal({"seat": "E", "estimate": 5})
    assert "from 0 to 4" in hand.why_illegal({"seat": "E", "estimate": True})
    assert "must answer" in hand.why_illegal({"seat": "E", "kort": True}) or \
        "out of turn" in hand.why_illegal({"seat": "E", "kort": True})
    hand.apply({"seat": "E", "estimate": 3})
    assert hand.legal_actions() == [{"seat": "W", "kort": True}, {"seat": "W", "kort": False}]
    assert "already asked" in hand.why_illegal({"seat": "W", "ask": True})
    assert hand.knowledge(seat("S")).public["estimate"] == 3


def test_kort_declined_scores_one():
    hand = _after_five("turup-kort-made.json")
    hand.apply({"seat": "W", "kort": False})
    assert hand.result() == {"tricks": {"NS": 0, "EW": 5}, "winner": "EW",
                             "points": {"NS": 0, "EW": 1}, "kort": None}


def test_no_kort_question_without_five_straight_tricks():
    _, hand = records.replay_hand(fixture("turup-five-tricks.json"))
    assert hand.done and hand.kort is None and len(hand.tricks) == 6


def test_kort_outside_its_moment_is_refused():
    hand = turup({})
    assert "only after one side has won each of the first five" in hand.why_illegal(
        {"seat": C.SEATS[hand.to_act], "kort": True})


@pytest.mark.parametrize("name", ["turup-kort-made.json", "turup-kort-failed.json"])
def test_kort_played(name):
    _, hand = records.replay_hand(fixture(name))
    result = hand.result()
    assert result["kort"] in ("made", "failed") and max(result["points"].values()) == 3
    if result["kort"] == "failed":  # the hand ends with the first trick the kort side loses
        assert hand.tricks[-1].winner & 1 != hand.kort_seat & 1
        assert all(t.winner & 1 == hand.kort_seat & 1 for t in hand.tricks[:-1])


# -- the match layer ---------------------------------------------------------------------------

def _ar(ns: int) -> dict:
    return {"tricks": {"NS": ns, "EW": 36 - ns},
            "winner": None if ns == 18 else ("NS" if ns > 18 else "EW")}


@pytest.mark.parametrize(("hands", "winner_after"), [
    ([20, 19, 22], 3),            # RULES.md's example: 22 > 19 on the third
    ([20, 21], 2),
    ([20, 20, 20], None),         # not strictly more
    ([20, 18, 21], None),         # a drawn hand breaks the run
    ([20, 18, 21, 22], 4),
    ([20, 14, 21, 22], 4),        # EW's win breaks NS's run
    ([14, 15, 22], None),         # EW 22 then 21: fewer
    ([14, 13, 22], 2),            # EW 22 then 23
])
def test_arbaa_turub_game_end(hands, winner_after):
    tally = ArbaaTurubTally({"signals": True})
    for n, ns in enumerate(hands, 1):
        tally.add(0, _ar(ns))
        if winner_after is not None and n >= winner_after:
            assert tally.winner() is not None
        else:
            assert tally.winner() is None


@pytest.mark.parametrize(("dealer", "ns", "next_dealer"), [
    ("S", 20, "W"),   # dealer's side won: the dealer's left deals
    ("S", 16, "N"),   # dealer's side lost: the dealer's partner deals
    ("S", 18, "S"),   # a draw: the same dealer
    ("W", 20, "E"),
    ("W", 16, "N"),
    ("E", 18, "E"),
])
def test_arbaa_turub_next_dealer(dealer, ns, next_dealer):
    tally = ArbaaTurubTally({"signals": True})
    assert C.SEATS[tally.next_dealer(seat(dealer), _ar(ns))] == next_dealer


@pytest.mark.parametrize(("target", "hands", "winner"), [
    (10, [("NS", 3)] * 3 + [("EW", 1)], None),
    (10, [("NS", 3)] * 3 + [("NS", 1)], "NS"),
    (5, [("EW", 3), ("NS", 1), ("EW", 3)], "EW"),
    (15, [("EW", 3)] * 4, None),
])
def test_turup_game_end(target, hands, winner):
    tally = TurupTally({"target": target})
    for side, pts in hands:
        tally.add(0, {"points": {"NS": pts if side == "NS" else 0,
                                 "EW": pts if side == "EW" else 0}})
    assert tally.winner() == winner
    assert C.SEATS[tally.next_dealer(seat("S"), {})] == "E"  # the deal passes to the right

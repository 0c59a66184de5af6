"""French Tarot's Excuse (RULES.md section 4): it stays with its owner's side, which gives the
trick's winner a 0.5-point card (pending while that side has none); at the last trick it goes
to the trick's winner, unless led by a side that won every other trick (then it wins); the
slams; petit au bout, including the Excuse-slam case where the Petit counts at the 17th
trick."""

from __future__ import annotations

import pytest
from helpers import seat
from test_tarot import cards, new

from game.engine import cards as C
from game.engine.tarot import EXB, LOW, TarotHand, half_points
from game.engine.tricks import Trick


def midgame(hands: dict[str, str], won: dict[str, str], declarer: str = "S",
            leader: str = "S", tricks: int = 5) -> TarotHand:
    """A take hand after ``tricks`` tricks (their contents not kept) with the given hands and
    piles, ``leader`` to lead the next trick."""
    hand = new()
    hand.phase, hand.contract, hand.slam_announced = "play", "take", False
    hand.declarer = seat(declarer)
    hand.played = {0, 1, 2, 3}
    hand.hands = [C.mask_of(cards(hands.get(s, ""))) for s in C.SEATS]
    hand.won = [C.mask_of(cards(won.get(s, ""))) for s in C.SEATS]
    hand.tricks = [Trick(0, [], [], 0) for _ in range(tricks)]
    hand.start_trick(seat(leader))
    return hand


def play(hand: TarotHand, *cs: str) -> None:
    for c in cs:
        hand.apply({"seat": C.SEATS[hand.to_act], "play": c})


def pile(hand: TarotHand, s: str) -> set[str]:
    return {C.format_tarot(c) for c in C.bits(hand.won[seat(s)])}


# Play goes S → E → N → W.

def test_defenders_excuse_goes_back_and_a_low_card_goes_to_the_winner():
    hand = midgame({"S": "KH 1S", "E": "EX 2S", "N": "3H 3S", "W": "4H 4S"},
                   {"E": "QH", "N": "KC 2D", "W": "QD"})
    play(hand, "KH", "EX", "3H", "4H")
    assert pile(hand, "E") == {"QH", "EX"}  # the owner keeps it
    assert pile(hand, "S") == {"KH", "3H", "4H", "2D"}  # N's 2D: E has no low card
    assert pile(hand, "N") == {"KC"} and pile(hand, "W") == {"QD"}
    assert hand.owed == []


def test_owners_own_low_card_is_given_first():
    hand = midgame({"S": "KH 1S", "E": "EX 2S", "N": "3H 3S", "W": "4H 4S"},
                   {"E": "QH 9C", "N": "2D"})
    play(hand, "KH", "EX", "3H", "4H")
    assert "9C" in pile(hand, "S") and pile(hand, "E") == {"QH", "EX"}


def test_exchange_pending_until_the_owners_side_has_a_low_card():
    hand = midgame({"S": "KH T2 1S", "E": "EX 5S 9S", "N": "3H QS 3D", "W": "4H KS 4D"},
                   {"S": "2C"})
    play(hand, "KH", "EX", "3H", "4H")  # S wins; the defence has no trick yet
    assert hand.owed == [(seat("E"), seat("S"))]
    assert pile(hand, "E") == {"EX"}
    assert hand.declarer_half_points() == half_points(hand.won[seat("S")]) + 1
    play(hand, "1S", "9S", "QS", "KS")  # W wins: the defence now has 9S, 1S as low cards
    assert hand.owed == []
    assert pile(hand, "W") == {"KS", "QS", "9S"} and "1S" in pile(hand, "S")
    assert hand.declarer_half_points() == half_points(hand.won[seat("S")])


def test_exchange_never_settled_counts_half_a_point_in_the_end():
    # The declarer plays the Excuse and never wins a trick afterwards: the defence gets 0.5
    # from the declarer's count (a Decision: settled in points).
    hand = midgame({"S": "EX 2S", "E": "5H 3S", "N": "6H 4S", "W": "7H 5S"}, {})
    play(hand, "EX", "5H", "6H", "7H")
    assert hand.owed == [(seat("S"), seat("W"))] and pile(hand, "S") == {"EX"}
    assert hand.declarer_half_points() == 9 - 1


def test_never_from_the_discard():
    hand = midgame({"S": "EX 2S", "E": "5H 3S", "N": "6H 4S", "W": "7H 5S"}, {})
    hand.discard = C.mask_of(cards("1C 2C 3C 4C 5C 6C"))
    play(hand, "EX", "5H", "6H", "7H")
    assert hand.owed == [(seat("S"), seat("W"))]
    assert hand.discard == C.mask_of(cards("1C 2C 3C 4C 5C 6C"))


def test_excuse_within_one_side_needs_no_exchange():
    hand = midgame({"S": "5H 1S", "E": "EX 2S", "N": "KH 3S", "W": "4H 4S"},
                   {"E": "2D", "S": "3D"})
    play(hand, "5H", "EX", "KH", "4H")
    assert pile(hand, "E") == {"2D", "EX"} and pile(hand, "N") == {"5H", "KH", "4H"}
    assert pile(hand, "S") == {"3D"} and hand.owed == []


def test_excuse_led_the_next_card_sets_the_suit():
    hand = midgame({"S": "EX 1S", "E": "5H 2S", "N": "KH 6H", "W": "T2 4S"}, {"S": "3D"})
    play(hand, "EX", "5H")
    assert [a["play"] for a in hand.legal_actions()] == ["6H", "KH"]
    play(hand, "6H", "T2")
    assert hand.tricks[-1].winner == seat("W")
    assert pile(hand, "S") == {"EX"} and "3D" in pile(hand, "W")


# -- the last trick ----------------------------------------------------------------------------

def endgame(last: dict[str, str], winners: str, declarer: str = "S", contract: str = "take",
            slam: bool = False, trick17: str = "") -> TarotHand:
    """A hand after 17 tricks: each seat holds its last card (``last``), trick ``i`` was won
    by ``winners[i]`` and the other cards fill the tricks (``trick17`` pinned to the 17th; the
    Excuse and the Petit only where named). Take: the discard is six suit cards."""
    hand = new()
    hand.phase, hand.contract, hand.slam_announced = "play", contract, slam
    hand.declarer = seat(declarer)
    hand.played = {0, 1, 2, 3}
    hand.hands = [C.mask_of(cards(last[s])) for s in C.SEATS]
    named = set(cards(" ".join(last.values()) + " " + trick17))
    rest = [c for c in range(78) if c not in named]
    plain = [c for c in rest if c < C.TRUMP_BASE and c % 14 != 13][:6]
    hand.discard = C.mask_of(plain)
    rest = [c for c in rest if c not in plain]
    pinned = cards(trick17)
    fill = [c for c in rest if c not in (C.EXCUSE, C.PETIT)]
    fill += [c for c in rest if c in (C.EXCUSE, C.PETIT)]  # last, in case they are free
    groups = [fill[4 * i:4 * i + 4] for i in range(16)]
    groups.append(pinned + fill[64:64 + 4 - len(pinned)])
    assert sorted(c for g in groups for c in g) == sorted(pinned + fill)
    leader = seat(declarer)
    hand.won = [0, 0, 0, 0]
    for g, w in zip(groups, winners, strict=True):
        seats = [C.counter_clockwise(leader, i) for i in range(4)]
        hand.tricks.append(Trick(leader, seats, g, seat(w)))
        hand.won[seat(w)] |= C.mask_of(g)
        leader = seat(w)
    hand.start_trick(leader)
    return hand


ALL_S = "S" * 17
ALL_DEF = "WNEW" * 4 + "N"


def test_excuse_at_the_last_trick_goes_to_the_winner():
    hand = endgame({"S": "KH", "E": "EX", "N": "2H", "W": "3H"}, "SW" * 8 + "S")
    before = hand.declarer_half_points()
    play(hand, "KH", "EX", "2H", "3H")
    assert hand.tricks[-1].winner == seat("S")
    assert pile(hand, "S") >= {"EX", "KH", "2H", "3H"} and hand.owed == []
    assert hand.result()["points"] * 2 == before + half_points(C.mask_of(cards("KH EX 2H 3H")))


def test_declarer_leading_the_excuse_last_after_losing_a_trick_loses_it():
    hand = endgame({"S": "EX", "E": "5H", "N": "KH", "W": "2H"}, "SSSSSSSSSSSSSSSSW"[::-1])
    # trick 1 went to W, then S won the rest: S leads the last trick.
    play(hand, "EX", "5H", "KH", "2H")
    assert hand.tricks[-1].winner == seat("N")
    assert "EX" in pile(hand, "N") and hand.result()["slam"] == 0


@pytest.mark.parametrize("announced", [True, False])
def test_slam_leading_the_excuse_to_the_last_trick_wins_it(announced):
    hand = endgame({"S": "EX", "E": "5H", "N": "KH", "W": "2H"}, ALL_S, slam=announced)
    play(hand, "EX", "5H", "KH", "2H")
    assert hand.tricks[-1].winner == seat("S")
    result = hand.result()
    assert result["slam"] == (400 if announced else 200)
    assert pile(hand, "S") >= {"EX", "5H", "KH", "2H"}
    assert result["won"] and result["points"] == 91 - 0  # every card but none: all 91
    assert sum(result["score"].values()) == 0


def test_defence_slam_with_the_excuse_led_last():
    hand = endgame({"S": "KH", "E": "2H", "N": "EX", "W": "5H"}, ALL_DEF)
    play(hand, "EX", "5H", "KH", "2H")  # N leads (won the 17th trick): N, W, S, E
    assert hand.tricks[-1].winner == seat("N")
    result = hand.result()
    assert result["slam"] == -200 and not result["won"]
    assert result["points"] * 2 == half_points(hand.discard)


def test_excuse_not_led_to_the_last_trick_goes_to_the_winner_even_for_a_slam_side():
    hand = endgame({"S": "KH", "E": "EX", "N": "5H", "W": "2H"}, ALL_DEF)
    play(hand, "5H", "2H", "KH", "EX")  # N leads; S wins with KH; E's Excuse goes to S
    assert hand.tricks[-1].winner == seat("S") and "EX" in pile(hand, "S")
    assert hand.result()["slam"] == 0


def test_announced_slam_that_fails_costs_200():
    hand = endgame({"S": "2H", "E": "5H", "N": "KH", "W": "3H"}, ALL_S, slam=True)
    play(hand, "2H", "5H", "KH", "3H")
    result = hand.result()
    assert result["slam"] == -200 and result["won"]
    unit = -result["score"]["E"]
    assert unit == 25 + result["points"] - result["target"] - 200


# -- petit au bout -----------------------------------------------------------------------------

@pytest.mark.parametrize(("last", "winners", "expected"), [
    ({"S": "T1", "E": "2H", "N": "3H", "W": "4H"}, ALL_S, "declarer"),
    ({"S": "T1", "E": "T2", "N": "3H", "W": "4H"}, ALL_S, "defence"),
    ({"S": "5H", "E": "T1", "N": "3H", "W": "4H"}, ALL_S, "defence"),  # E trumps with it
    ({"S": "T2", "E": "T1", "N": "3H", "W": "4H"}, ALL_S, "declarer"),  # taken from E
    ({"S": "5H", "E": "2H", "N": "3H", "W": "4H"}, ALL_S, None),
])
def test_petit_au_bout(last, winners, expected):
    hand = endgame(last, winners)
    play(hand, last["S"], last["E"], last["N"], last["W"])
    assert hand.result()["petit_au_bout"] == expected


def test_petit_at_the_17th_trick_counts_when_the_excuse_wins_the_last_trick_of_a_slam():
    hand = endgame({"S": "EX", "E": "5H", "N": "KH", "W": "2H"}, ALL_S, slam=True,
                   trick17="T1 T5 T6 T7")
    play(hand, "EX", "5H", "KH", "2H")
    result = hand.result()
    assert result["petit_au_bout"] == "declarer" and result["slam"] == 400
    # Without the Excuse slam, the Petit at the 17th trick is not "au bout".
    hand = endgame({"S": "3S", "E": "5H", "N": "KH", "W": "2H"}, ALL_S, slam=False,
                   trick17="T1 T5 T6 T7")
    play(hand, "3S", "5H", "KH", "2H")
    assert hand.result()["petit_au_bout"] is None


def test_low_cards_and_the_excuse_value():
    assert not LOW & EXB
    assert half_points(LOW) == LOW.bit_count()

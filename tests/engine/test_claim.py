"""Claiming the rest (game/engine/claim.py): table-driven positions of each game where the claim
holds or does not (a higher card or a ruff takes a trick), the search checked against a plain
minimax over random late positions, and the play-out a legal sequence that wins every trick."""

from __future__ import annotations

import random

import pytest
from ai_helpers import random_point
from depth import count

from game.engine import claim, games
from game.engine.hand import HandState


def deal_of(game: str, given: dict[str, str], fill: str, size: int) -> dict[str, list[str]]:
    """A deal: the cards ``given`` per seat (space separated), the rest of the pack given out
    in pack order to the piles named in ``fill`` (``"talon"`` takes six, a seat ``size``)."""
    pack = games.get(game).pack
    assert pack is not None
    deal = {seat: cards.split() for seat, cards in given.items()}
    left = [pack.format(f) for f in range(pack.faces) for _ in range(pack.copies)]
    for cards in deal.values():
        for card in cards:
            left.remove(card)
    for pile in fill.split():
        n = 6 if pile == "talon" else size
        deal[pile], left = left[:n], left[n:]
    assert not left and all(len(v) == size for k, v in deal.items() if k != "talon"), deal
    return deal


def start(game: str, deal: dict[str, list[str]], dealer: int, opening: list[dict]) -> HandState:
    """The hand of ``deal`` after the ``opening`` decisions (trump named, bids...)."""
    spec = games.get(game)
    hand = spec.new_hand(deal, dealer, spec.full_options({}))
    for action in opening:
        hand.apply(action)
    assert hand.phase == "play" and hand.to_act == 0
    return hand


TURUP_SOUTH = "AS KS QS AH KH QH JH 10H 9H"
ARBAA_SPADES = " ".join(f"{r}S" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")
                        for _ in range(4))

CASES = [
    # game, dealer, opening, given hands, the seat the rest goes to, size, holds, why
    ("turup", 1, [{"seat": "S", "trump": "S"}],
     {"S": TURUP_SOUTH, "W": "JS 10S 9S AD KD QD JD 10D 9D", "N": "8S 7S 6S 8H 7H 6H 8D 7D 6D"},
     "E", 9, True, "three top trumps draw every trump, then the hearts are masters (five tricks)"),
    ("turup", 1, [{"seat": "S", "trump": "S"}],
     {"S": TURUP_SOUTH, "W": "JS 10S 9S 8S AD KD QD JD 10D", "N": "7S 6S 8H 7H 6H 9D 8D 7D 6D"},
     "E", 9, False, "West keeps a fourth trump and ruffs a heart"),
    ("turup", 1, [{"seat": "S", "trump": "S"}],
     {"S": "KS QS JS AH KH QH JH 10H 9H", "W": "AS 10S 9S AD KD QD JD 10D 9D",
      "N": "8S 7S 6S 8H 7H 6H 8D 7D 6D"},
     "E", 9, False, "West's ace of trumps takes a trick"),
    ("tarabish", 3, [{"seat": "S", "call": "H"}],
     {"S": "JH 9H AH AS 10S AD 10D AC 10C", "W": "10H KH QH KS QS JS KD QD JD",
      "N": "8H 7H 6H 9S 8S 9D 8D 9C 8C"},
     "E", 9, True, "J, 9 and A of trumps draw the trumps, then aces and tens (all nine tricks)"),
    ("tarabish", 3, [{"seat": "S", "call": "H"}],
     {"S": "JH 9H 10H AS 10S AD 10D AC 10C", "W": "AH KH QH KS QS JS KD QD JD",
      "N": "8H 7H 6H 9S 8S 9D 8D 9C 8C"},
     "E", 9, False, "West's ace of trumps beats South's ten"),
    ("tarabish", 3, [{"seat": "S", "call": "H"}],
     {"S": "JH 9H AH AS 10S AD 10D AC 10C", "W": "10H KH QH 8H KD QD JD 9D 8D",
      "N": "7H 6H KS QS JS 9S 8S 9C 8C"},
     "E", 9, False, "West's fourth trump ruffs a spade"),
    ("tarot", 1, [{"seat": "S", "bid": "keep-without"}, {"seat": "E", "bid": "pass"},
                  {"seat": "N", "bid": "pass"}, {"seat": "W", "bid": "pass"},
                  {"seat": "S", "slam": False}],
     {"S": " ".join(f"T{n}" for n in range(4, 22)),
      "W": "T1 T2 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1C 2C",
      "N": "T3 EX 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH KH 3C 4C"},
     "talon E", 18, True, "the declarer's eighteen top trumps take every trick"),
    ("tarot", 1, [{"seat": "S", "bid": "keep-without"}, {"seat": "E", "bid": "pass"},
                  {"seat": "N", "bid": "pass"}, {"seat": "W", "bid": "pass"},
                  {"seat": "S", "slam": False}],
     {"S": " ".join(f"T{n}" for n in range(3, 21)),
      "W": "T21 T1 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1C 2C",
      "N": "T2 EX 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH KH 3C 4C"},
     "talon E", 18, False, "West's 21 takes a trick"),
    ("arbaa-turub", 3, [{"seat": "S", "trump": "S"}],
     {"S": ARBAA_SPADES + " 6S 6S 6S 6S"}, "W N E", 36, True, "South holds every trump"),
    ("arbaa-turub", 3, [{"seat": "S", "trump": "S"}],
     {"S": ARBAA_SPADES + " 6S 6S 6S 6H", "W": "6S AH AH AH AH " + " ".join(
         f"{r}{s}" for s in "DC" for r in ("A", "K", "Q", "J") for _ in range(4))[:-3]},
     "N E", 36, False, "South must lead its six of hearts and West's ace takes it"),
]


@pytest.mark.parametrize("game,dealer,opening,given,fill,size,holds,why", CASES,
                         ids=[f"{c[0]}-{'holds' if c[6] else 'fails'}-{i}"
                              for i, c in enumerate(CASES)])
def test_claim_table(game, dealer, opening, given, fill, size, holds, why) -> None:
    deal = deal_of(game, given, fill, size)
    hand = start(game, deal, dealer, opening)
    assert claim.claim_holds(hand, 0) is holds, why
    for seat in claim.claim_side(hand, 0):
        assert claim.claim_holds(hand, seat) is holds, "the same side's claim"
    if holds:
        actions = claim.claim_actions(hand, 0)
        check_play_out(hand, 0, actions)


def check_play_out(hand: HandState, seat: int, actions: list[dict]) -> None:
    """The play-out is a legal sequence from ``hand`` to the end of the card play in which the
    claimer's side wins every trick; ``hand`` itself is unchanged."""
    before = len(hand.history)
    work = hand.clone()
    side = claim.claim_side(hand, seat)
    for action in actions:
        n = len(work.tricks)  # type: ignore[attr-defined]
        work.apply(action)
        if len(work.tricks) > n:  # type: ignore[attr-defined]
            assert work.tricks[-1].winner in side  # type: ignore[attr-defined]
    assert work.phase != "play"
    assert len(hand.history) == before
    assert claim.claim_tricks(hand, seat) == len(work.tricks) - len(hand.tricks)  # type: ignore


def test_turup_claim_stops_at_five() -> None:
    """Turup: the claim covers the tricks to five; the kort decision stays the player's."""
    hand = start("turup", deal_of("turup", {"S": TURUP_SOUTH,
                                            "W": "JS 10S 9S AD KD QD JD 10D 9D",
                                            "N": "8S 7S 6S 8H 7H 6H 8D 7D 6D"}, "E", 9),
                 1, [{"seat": "S", "trump": "S"}])
    actions = claim.claim_actions(hand, 0)
    assert sum(1 for a in actions if "play" in a) == 20
    work = hand.clone()
    for a in actions:
        work.apply(a)
    assert work.phase == "kort" and work.to_act in (0, 2)


def test_no_claim_outside_the_play() -> None:
    spec = games.get("turup")
    record_hand = spec.new_hand(spec.deal(random.Random(1), 1, {}), 1,
                                spec.full_options({}))
    assert record_hand.phase == "trump"
    assert not claim.claim_holds(record_hand, 0)
    assert claim.claim_actions(record_hand, 0) == []


def brute(hand: HandState, side: set[int]) -> bool:
    """Plain minimax over every legal card (no test, no table): the reference."""
    if hand.phase != "play" or hand.to_act is None:
        return True
    ours = hand.to_act in side
    for action in [a for a in hand.legal_actions() if "play" in a and not a.get("bella")]:
        n = len(hand.tricks)  # type: ignore[attr-defined]
        hand.push(action)
        ok = (len(hand.tricks) == n  # type: ignore[attr-defined]
              or hand.tricks[-1].winner in side) and brute(hand, side)  # type: ignore
        hand.pop()
        if ok == ours:
            return ours
    return not ours


@pytest.mark.parametrize("game", games.names())
def test_claim_matches_minimax(game: str) -> None:
    """Over random positions with at most four cards in the hand to act, the claim holds
    exactly when plain minimax says the side wins every trick; the play-out then does."""
    checked = held = 0
    for seed in range(count(400)):
        _, hand = random_point(game, seed, 10**6 + seed * 7919)
        seat = hand.to_act
        if hand.phase != "play" or hand.hands[seat].bit_count() > 4:  # type: ignore
            continue
        side = claim.claim_side(hand, seat)
        expected = brute(hand.clone(), side)
        assert claim.claim_holds(hand, seat) is expected, (game, seed)
        checked += 1
        if expected:
            held += 1
            check_play_out(hand, seat, claim.claim_actions(hand, seat))
        if checked >= count(40):
            break
    assert checked >= 20 and held >= 1, (checked, held)


def test_search_leaves_the_hand_alone() -> None:
    """A search that runs out of budget puts the hand back as it was."""
    _, hand = random_point("tarot", 3, 10**6 + 40)
    if hand.phase != "play":
        pytest.skip("not a card play position")
    before = (list(hand.hands), len(hand.tricks), hand.to_act, len(hand.history))  # type: ignore
    assert claim.claim_holds(hand, hand.to_act, budget=5) in (True, False)  # type: ignore
    assert (list(hand.hands), len(hand.tricks), hand.to_act,  # type: ignore
            len(hand.history)) == before

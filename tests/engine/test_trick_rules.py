"""The rules of trick play written once as pure functions on ints (game/engine/tricks.py and
Tarabish's legal set), and the tables the random-playout kernels build from them: a rules table
for each function, then checks that every table says exactly what its function says."""

from __future__ import annotations

import ast
from itertools import product
from pathlib import Path

import pytest

from game.engine import cards as C
from game.engine import somali as SO
from game.engine import tarabish as T
from game.engine.ai import policy
from game.engine.ai.tarabish import RULES
from game.engine.tarabish import playout as kernel
from game.engine.tricks import ABOVE36, SUIT36, beats, power_table, shown_void, winning

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


def faces(text: str) -> list[int]:
    return [C.parse36(c) for c in text.split()]


def mask(text: str) -> int:
    return C.mask_of(faces(text))


@pytest.mark.parametrize(("trick", "trump", "game", "at"), [
    ("6H AH KS 7H", "S", "somali", 2),       # a trump beats the suit led
    ("6H AH KS AS", "S", "somali", 3),       # the higher trump
    ("QH QH QH QH", "S", "somali", 0),       # identical copies: the first played wins
    ("9H 9H AH 9H", "C", "somali", 2),
    ("AH 10H KH QH", "S", "tarabish", 0),    # plain order A 10 K Q J 9 8 7 6
    ("KS 9S JS AS", "S", "tarabish", 2),     # trump order J 9 A 10 K Q 8 7 6
    ("AH 6S 7S QS", "S", "tarabish", 3),
    ("JH AD AC AS", "H", "tarabish", 0),     # other suits never win
])
def test_trick_winner(trick: str, trump: str, game: str, at: int) -> None:
    t = C.suit_index(trump)
    above = ABOVE36 if game == "somali" else T.ABOVE[t]
    assert winning(faces(trick), t, above) == at


@pytest.mark.parametrize(("trick", "trump", "hand", "free", "legal"), [
    ("KH", "S", "7H AH 9S 6C", False, "7H AH"),        # follow suit
    ("KH", "S", "9S 6S 6C", False, "9S 6S"),           # cannot follow: trump
    ("KH", "S", "9S 6S 6C", True, "9S 6S"),            # free only while partner is winning
    ("KH 7D", "S", "9S 6S 6C", True, "9S 6S 6C"),      # partner (the leader) is winning
    ("KH 10S", "S", "9S 6S 6C", False, "9S"),          # overtrump when you can
    ("KH JS", "S", "9S 6S 6C", False, "9S 6S"),        # cannot: still a trump
    ("10S", "S", "AS 6S 6C", False, "AS"),             # trump led: follow and overtrump
    ("JS", "S", "AS 6S 6C", False, "AS 6S"),
    ("JS", "S", "6C AH", False, "6C AH"),              # no trump: anything
    ("KH", "S", "6C AD", False, "6C AD"),              # neither the suit nor a trump
])
def test_tarabish_legal_set_natural_and_ranked(trick: str, trump: str, hand: str, free: bool,
                                               legal: str) -> None:
    """The one legal set, called with natural faces (the engine) and with ranked faces (the
    AI, through policy.legal_mask) gives the same cards."""
    t = C.suit_index(trump)
    cards = faces(trick)
    seats = [(1 + i) & 3 for i in range(len(cards))]  # W leads; the seat to act follows
    me = (1 + len(cards)) & 3
    i = winning(cards, t, T.ABOVE[t])
    got = T.legal_mask(mask(hand), cards[0] // 9, cards[i], free and seats[i] == me ^ 2, t,
                       T.ABOVE[t])
    assert got == mask(legal)
    ranked = [(s, RULES.ranked(f, t)) for s, f in zip(seats, cards, strict=True)]
    led, best, winner = policy.trick_state(ranked, t)
    hand_r = C.mask_of(RULES.ranked(f, t) for f in faces(hand))
    got_r = policy.legal_mask(hand_r, led, best, winner, me, t, free)
    assert {RULES.natural(f, t) for f in C.bits(got_r)} == set(faces(legal))


@pytest.mark.parametrize(("suit", "led", "trump", "must", "freed", "voids"), [
    ("H", "H", "S", True, False, ""),      # followed: nothing
    ("D", "H", "S", False, False, "H"),    # Somali: the suit led only
    ("S", "H", "S", True, False, "H"),     # trumped: the suit led only
    ("D", "H", "S", True, False, "HS"),    # neither followed nor trumped: trumps too
    ("D", "H", "S", True, True, "H"),      # unless the partner exception freed the seat
    ("D", "S", "S", True, False, "S"),     # trump led, not followed: trumps
])
def test_shown_void(suit: str, led: str, trump: str, must: bool, freed: bool,
                    voids: str) -> None:
    got = shown_void(C.suit_index(suit), C.suit_index(led), C.suit_index(trump), must, freed)
    assert got == sum(1 << C.suit_index(v) for v in voids)


@pytest.mark.parametrize(("trump", "led"), list(product(range(4), range(4))))
def test_kernel_power_tables_are_the_winner_rule(trump: int, led: int) -> None:
    for above, power in ((ABOVE36, SO.POWER[trump * 4 + led]),
                         (T.ABOVE[trump], kernel._POWER[trump * 4 + led])):
        assert power == power_table(trump, led, above)
        live = [f for f in range(36) if f // 9 in (led, trump)]
        for c, d in product(live, live):
            assert (power[c] > power[d]) == beats(c, d, trump, above)
        assert all(power[f] == -1 for f in range(36) if f not in live)


def test_tarabish_kernel_legality_tables_are_the_legal_set() -> None:
    """Every (trump, suit led, partner exception, winning card, partner winning, suit-led
    cards held, trumps held) case the kernel meets: the suit its tables send the seat to and
    the 9-bit cards it may pick from are exactly :func:`tarabish.legal_mask`'s."""
    for trump, led, free in product(range(4), range(4), (0, 1)):
        other = min({0, 1, 2, 3} - {trump, led})
        keys, over, follow, oblige = kernel._TABLES[trump * 2 + free][led]
        for best in (f for f in range(36) if keys[f] >= 0):
            for partner, held_led, held_trump in product((0, 1), (0, 0b101), range(0, 512, 11)):
                if led == trump:
                    held_led = held_trump
                hand = (held_led << 9 * led) | (held_trump << 9 * trump) | (1 << 9 * other)
                legal = T.legal_mask(hand, led, best, bool(free and partner), trump,
                                     T.ABOVE[trump])
                if held_led and follow:
                    suit, cards = led, held_led
                else:
                    o = oblige[2 if partner else 1][held_trump]
                    suit, cards = ((led, held_led) if o == 0 else
                                   (trump, over[keys[best]][held_trump]) if o == 1 else
                                   (-1, hand))
                expect = hand if suit < 0 else cards << 9 * suit
                assert legal == expect, (trump, led, free, best, partner, held_led, held_trump)


def test_bit_helpers_and_trick_rules_are_defined_once() -> None:
    """No module of the engine but cards.py defines the bit helpers, and none but tricks.py
    and tarabish/rules.py defines the 36-card trick rules."""
    helpers = {"bits", "lowest", "highest", "mask_of", "faces_of"}
    rules = {"beats", "winning", "follow_mask", "shown_void", "legal_mask"}
    owners = {"cards.py": helpers, "tricks.py": rules, "tarabish/rules.py": {"legal_mask"}}
    for path in ENGINE.rglob("*.py"):
        if path.name.startswith("tarot") or path.parent.name == "tarot":
            continue  # French Tarot's rules are its own (the package game/engine/tarot/)
        tree = ast.parse(path.read_text())
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        allowed = owners.get(path.relative_to(ENGINE).as_posix(), set())
        if path.name == "policy.py":
            allowed = {"legal_mask"}  # the ranked-face call of tarabish.legal_mask
        assert not (defined & (helpers | rules)) - allowed, path
    assert policy.ABOVE is ABOVE36 and policy.SUIT[:4] == SUIT36

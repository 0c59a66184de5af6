"""Cards, suits, ranks, packs, seats and the notation of RULES.md.

Everything here is plain ints so that the games can keep hands as integer bit sets:

* a **36-card pack** card is ``suit * 9 + rank`` with suits ``S H D C`` = 0..3 and ranks in the
  natural order low→high ``6 7 8 9 10 J Q K A`` = 0..8 (a game with another order, such as
  Tarabish, maps ranks to strengths itself);
* the **144-card pack** (Arba'a Turub) is four identical 36-card packs. A *physical* card is the
  bit ``card36 * 4 + copy`` (copy 0..3), so the 36 bits of one suit are contiguous and ordered by
  rank, and ``bit >> 2`` is the card's face (its 36-pack id);
* a **tarot pack** card is ``suit * 14 + rank`` for the suit cards (ranks ``1..10 J C Q K`` =
  0..13), ``56 + n - 1`` for trump ``Tn`` (T1..T21), and 77 for the Excuse.

A hand is an ``int`` whose bit ``i`` is set when card ``i`` is held. Seats are ints too:
``S W N E`` = 0..3 in clockwise order, so clockwise is ``+1`` and counter-clockwise ``+3``
(mod 4), partners are ``seat ^ 2`` and the partnership is ``seat & 1`` (0 = NS, 1 = EW).
French Tarot's three- and five-player tables (RULES.md section 5) number their seats the same
way — South 0, then clockwise — in a :class:`Table`: three ``S W E``, five ``S W NW NE E``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import draws
from .message import Card, Cards, Message
from .native import rebuilt

# --------------------------------------------------------------------------------------------
# Seats and partnerships

SEATS = "SWNE"
"""Seat letters in clockwise order; a seat's index is its position here."""
SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
TEAMS = ("NS", "EW")
"""Partnership names; ``TEAMS[seat & 1]`` is a seat's side."""
SEAT_NAMES = ("South", "West", "North", "East")
"""Seat names for people, by seat index."""
FULL_SEAT_NAMES = {"S": "South", "W": "West", "N": "North", "E": "East",
                   "NE": "North-East", "NW": "North-West"}
"""Every seat's name for people, by letter (French Tarot's five-player table adds NE, NW)."""


def full_seat_name(letter: str) -> str:
    """The name of seat ``letter`` at any table: ``"NE"`` → ``"North-East"``."""
    return FULL_SEAT_NAMES[letter]


class NotationError(ValueError):
    """A card, suit or seat written in a way RULES.md does not allow."""


def seat_index(letter: str) -> int:
    """``"S" -> 0`` … ``"E" -> 3``; anything else raises :class:`NotationError`."""
    return TABLE4.index(letter)


@dataclass(frozen=True)
class Table:
    """The seats of a table: ``letters[i]`` is seat ``i``, South (0) first and then clockwise,
    so clockwise is ``+1`` and counter-clockwise ``-1`` (mod :attr:`size`). The four-player
    table is :data:`TABLE4` (``S W N E``, the seat numbers every game uses); French Tarot also
    plays at :data:`TABLE3` (``S W E``) and :data:`TABLE5` (``S W NW NE E``)."""

    letters: tuple[str, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through the constructor (the compiled engine keeps this class
        native: :func:`~game.engine.native.rebuilt`)."""
        return rebuilt(self)

    @property
    def size(self) -> int:
        """The number of seats."""
        return len(self.letters)

    def index(self, letter: object) -> int:
        """The seat of ``letter`` (case-insensitive); anything else raises
        :class:`NotationError` naming this table's seats."""
        if isinstance(letter, str) and letter.upper() in self.letters:
            return self.letters.index(letter.upper())
        raise NotationError(Message("{value} is not a seat (expected one of {seats})",
                                    value=quoted(letter), seats=", ".join(self.letters)))

    def clockwise(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise (to the left) of ``seat``."""
        return (seat + steps) % len(self.letters)

    def counter_clockwise(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places counter-clockwise (to the right) of ``seat``."""
        return (seat - steps) % len(self.letters)

    def order(self, first: int, clockwise_order: bool = True) -> list[int]:
        """Every seat once, starting at ``first``, clockwise or counter-clockwise."""
        n = len(self.letters)
        step = 1 if clockwise_order else n - 1
        return [(first + step * i) % n for i in range(n)]


TABLE4 = Table(("S", "W", "N", "E"))
"""The four-player table of every game: seats 0..3 are :data:`SEATS`."""
TABLE3 = Table(("S", "W", "E"))
"""French Tarot for three (counter-clockwise S → E → W)."""
TABLE5 = Table(("S", "W", "NW", "NE", "E"))
"""French Tarot for five (counter-clockwise S → E → NE → NW → W)."""
TABLES = {3: TABLE3, 4: TABLE4, 5: TABLE5}
"""The table for each number of players."""


def seat_name(seat: int) -> str:
    """The letter of seat ``seat``."""
    return SEATS[seat]


def clockwise(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) & 3


def counter_clockwise(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places counter-clockwise (to the right) of ``seat``."""
    return (seat - steps) & 3


def partner(seat: int) -> int:
    """The seat opposite ``seat``."""
    return seat ^ 2


def team(seat: int) -> int:
    """0 for North–South, 1 for East–West."""
    return seat & 1


def seat_order(first: int, clockwise_order: bool = True) -> list[int]:
    """The four seats starting at ``first``, clockwise or counter-clockwise."""
    step = 1 if clockwise_order else 3
    return [(first + step * i) & 3 for i in range(4)]


# --------------------------------------------------------------------------------------------
# Suits

SUITS = "SHDC"
"""Suit letters; a suit's index is its position here."""
SUIT_SYMBOLS = "♠♥♦♣"
"""Suit glyphs for people, by suit index."""
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs", "trumps")
"""Suit names for people, by suit index; index 4 is French Tarot's trumps (a suit of their own
in the tarot pack, letter ``"T"`` in a seat's voids)."""
SUIT_NAMES_ONE = ("spade", "heart", "diamond", "club", "trump")
"""One card's suit, as in "your lowest spade", by suit index (4: French Tarot's trumps)."""
RED_SUITS = frozenset({1, 2})


QUOTE_LIMIT = 40
"""The most characters of a bad value an error message quotes (then "…"): a record may hold a
megabyte where a card should be, and the error line stays one short line."""


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to its first ``limit`` characters and "…" when longer."""
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A bad value as an error message quotes it: its ``repr``, cut to ``limit`` characters
    and "…" (:func:`clip`). **Decision**: a value with no ``repr`` (an integer beyond
    Python's digit limit) is named by its type."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return clip(text, limit)


def suit_index(letter: str) -> int:
    """``"S" -> 0`` … ``"C" -> 3`` (case-insensitive)."""
    if isinstance(letter, str) and len(letter) == 1 and letter.upper() in SUITS:
        return SUITS.index(letter.upper())
    raise NotationError(Message("{value} is not a suit (expected one of S, H, D, C)",
                                value=quoted(letter)))


def suit_symbol(suit: int) -> str:
    """The suit's glyph (♠ ♥ ♦ ♣), used in messages for people."""
    return SUIT_SYMBOLS[suit]


# --------------------------------------------------------------------------------------------
# Bit sets


def bits(mask: int) -> Iterator[int]:
    """Yield the index of every set bit of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest(mask: int) -> int:
    """Index of the lowest set bit of a non-zero ``mask``."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """Index of the highest set bit of a non-zero ``mask``."""
    return mask.bit_length() - 1


def mask_of(cards: Iterable[int]) -> int:
    """The bit set holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# --------------------------------------------------------------------------------------------
# The 36-card pack (Turup, Tarabish) and its 144-card quadruple (Arba'a Turub)

RANKS36 = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Ranks of the 36-card pack, natural order low→high."""
CARDS36 = 36
SUIT36_MASK = 0x1FF
"""The nine bits of one suit in a 36-card hand; shift by ``9 * suit``."""
FULL36 = (1 << 36) - 1


def card36(rank: int, suit: int) -> int:
    """The 36-pack id of ``rank`` (0..8, natural order) of ``suit``."""
    return suit * 9 + rank


def suit36(card: int) -> int:
    """The suit of a 36-pack card."""
    return card // 9


def rank36(card: int) -> int:
    """The natural rank (0 = six … 8 = ace) of a 36-pack card."""
    return card % 9


def _parse_rank_suit(text: object, ranks: Sequence[str], example: str) -> tuple[int, int]:
    if not isinstance(text, str):
        raise NotationError(Message("{value} is not a card (expected text such as {example})",
                                    value=quoted(text), example=example))
    t = text.strip().upper()
    if len(t) >= 2 and t[-1] in SUITS and t[:-1] in ranks:
        return ranks.index(t[:-1]), SUITS.index(t[-1])
    raise NotationError(Message("{value} is not a card (expected rank then suit, such as "
                                "{example})", value=quoted(text), example=example))


def parse36(text: object) -> int:
    """Parse ``"AS"``, ``"10h"``, … into a 36-pack id; raises :class:`NotationError`."""
    rank, suit = _parse_rank_suit(text, RANKS36, "AS or 10H")
    return suit * 9 + rank


def format36(card: int) -> str:
    """The notation of a 36-pack card, e.g. ``"10H"``."""
    return RANKS36[card % 9] + SUITS[card // 9]


def pretty36(card: int) -> str:
    """A card for people, as the table draws it: ``"10♥"`` (see :func:`card_words`)."""
    return RANKS36[card % 9] + SUIT_SYMBOLS[card // 9]


COPIES = 4
CARDS144 = 144
SUIT144_MASK = (1 << 36) - 1
"""The 36 bits of one suit in a 144-card hand; shift by ``36 * suit``."""
FULL144 = (1 << 144) - 1


def face_mask144(face: int) -> int:
    """The four bits of every copy of 36-pack card ``face`` in a 144-card set."""
    return 0xF << (face * 4)


# --------------------------------------------------------------------------------------------
# The tarot pack

TAROT_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
"""Ranks of the tarot suits low→high: 1–10, valet, cavalier, dame, roi."""
TAROT_CARDS = 78
TRUMP_BASE = 56
"""``TRUMP_BASE + n - 1`` is trump ``Tn``."""
EXCUSE = 77
PETIT = TRUMP_BASE  # T1
MONDE = TRUMP_BASE + 20  # T21
SUIT_TAROT_MASK = (1 << 14) - 1
"""The 14 bits of one tarot suit; shift by ``14 * suit``."""
TRUMPS_MASK = ((1 << 21) - 1) << TRUMP_BASE
FULL_TAROT = (1 << 78) - 1
TAROT_TRUMP_SUIT = 4
"""The suit number tarot trumps get from :func:`suit_tarot` (the Excuse gets 5)."""


def suit_tarot(card: int) -> int:
    """0..3 for suit cards, 4 for trumps, 5 for the Excuse."""
    if card < TRUMP_BASE:
        return card // 14
    return 4 if card < EXCUSE else 5


def parse_tarot(text: object) -> int:
    """Parse ``"1S"``, ``"CD"``, ``"T21"``, ``"EX"`` (case-insensitive) into a tarot id."""
    if isinstance(text, str):
        t = text.strip().upper()
        if t == "EX":
            return EXCUSE
        if t.startswith("T") and t[1:].isdigit() and 1 <= int(t[1:]) <= 21 and t[1] != "0":
            return TRUMP_BASE + int(t[1:]) - 1
    rank, suit = _parse_rank_suit(text, TAROT_RANKS, "1S, KH, T21 or EX")
    return suit * 14 + rank


def format_tarot(card: int) -> str:
    """The notation of a tarot card: ``"CD"``, ``"T21"``, ``"EX"``."""
    if card == EXCUSE:
        return "EX"
    if card >= TRUMP_BASE:
        return f"T{card - TRUMP_BASE + 1}"
    return TAROT_RANKS[card % 14] + SUITS[card // 14]


def pretty_tarot(card: int) -> str:
    """A tarot card for people, as the table draws it: ``"C♦"``, ``"trump 21"``, ``"the
    Excuse"`` (see :func:`card_words`)."""
    if card == EXCUSE:
        return "the Excuse"
    if card >= TRUMP_BASE:
        return f"trump {card - TRUMP_BASE + 1}"
    return TAROT_RANKS[card % 14] + SUIT_SYMBOLS[card // 14]


# --------------------------------------------------------------------------------------------
# Shuffling and dealing


def shuffled(deck: Sequence[int], rng: random.Random) -> list[int]:
    """A new list holding ``deck`` shuffled by ``rng`` (the only source of randomness)."""
    cards = list(deck)
    draws.shuffle(rng, cards)
    return cards


def deal_packets(deck: Sequence[int], order: Sequence[int], packet: int,
                 per_seat: int) -> dict[int, list[int]]:
    """Deal ``deck`` from its top in packets of ``packet`` cards to the seats in ``order`` (which
    repeats) until each holds ``per_seat``; returns each seat's cards in the order received."""
    hands: dict[int, list[int]] = {s: [] for s in order}
    pos = 0
    while any(len(h) < per_seat for h in hands.values()):
        for s in order:
            hands[s].extend(deck[pos:pos + packet])
            pos += packet
    return hands


def describe(cards: Iterable[str]) -> str:
    """``"9H, QH"`` — a list of cards for a message."""
    return ", ".join(cards)


# --------------------------------------------------------------------------------------------
# Cards for people

def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` things in words with the right number: ``count(1, "hand")`` → ``"1 hand"``,
    ``count(3, "hand")`` → ``"3 hands"`` (``many`` when the plural is not ``one + "s"``)."""
    return f"{n} {one if n == 1 else many or one + 's'}"


CARD_CODE = re.compile(r"\b(?:(?:10|[1-9JCQKA])[SHDC]|T(?:2[01]|1[0-9]|[1-9])|EX)\b")
"""A card written in notation inside a text ("QS", "10H", "CD", "T7", "EX"), as a whole word.
Codes are upper case: the engine writes them so, and no English word is one."""


def card_words(name: str) -> str:
    """**The** way a card is written for a player — as the table draws it: ``"QS"`` → ``"Q♠"``,
    ``"10h"`` → ``"10♥"``, ``"CD"`` → ``"C♦"`` (a Tarot cavalier), ``"T7"`` → ``"trump 7"``,
    ``"EX"`` → ``"the Excuse"``. Every pack writes a suit card the same way, so the notation
    alone is enough (:func:`pretty36` and :func:`pretty_tarot` agree on it). Raises
    :class:`NotationError` for a text that is not a card."""
    try:
        return pretty36(parse36(name))
    except NotationError:
        return pretty_tarot(parse_tarot(name))


def named_card(code: str) -> Card:
    """A card for a reason, written in English as the table draws it (``"QS"`` → "Q♠"; in
    another language, as that language's table draws it)."""
    return Card(code, card_words(code))


def named_cards(codes: Iterable[str]) -> Cards:
    """Several cards for a reason, written in English as the table draws them ("9♥, Q♥")."""
    codes = tuple(codes)
    return Cards(codes, ", ".join(card_words(c) for c in codes))


def cards_in_words(text: str) -> str:
    """``text`` with every card code in it (:data:`CARD_CODE`) written as :func:`card_words`
    writes it: the engine's reasons (in notation, as records and the replay command show them)
    as a player reads them. "holds 9H, QH" → "holds 9♥, Q♥"; "the T7" → "trump 7"."""
    def one(m: re.Match[str]) -> str:
        return card_words(m.group(0))
    text = re.sub(r"\bthe (T(?:2[01]|1[0-9]|[1-9])|EX)\b", r"\1", text)
    return CARD_CODE.sub(one, text)

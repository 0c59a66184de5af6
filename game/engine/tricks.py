"""What every trick-taking game here shares: packs as bit sets, reading a recorded deal, playing
a card to a trick, following suit, and the trick winner with the first-played-wins tie rule.

:class:`TrickHand` is the base of every game's hand state. It keeps each seat's hand as an int
bit set of *physical* cards (see :mod:`game.engine.cards`), the finished tricks and the open one,
and leaves to the game only what differs: which cards are legal (:meth:`TrickHand.play_mask`
with :meth:`TrickHand.play_reason`), which card beats which (:meth:`TrickHand.beats`) and what
happens when a trick is complete (:meth:`TrickHand.trick_done`).

The rules of trick play of the 36-card games are written once here as pure functions on ints
— :func:`follow_mask`, :func:`beats` / :func:`winning` (the trick winner, first played wins
ties) and :func:`shown_void` (what a play reveals) — with Tarabish's must-trump legal set in
:func:`game.engine.tarabish.legal_mask`. The engines, the AI (:mod:`.ai.policy`,
:mod:`.ai.cardplay`) and the random-playout kernels all use them; a kernel uses tables built
once from them (:func:`power_table`), never its own statement of a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from . import cards as C
from .hand import HandState, named_seat
from .knowledge import Knowledge, build, suit_letters
from .message import Card, Cards, Message, Word
from .native import mypyc_attr, rebuilt


class DealError(ValueError):
    """A recorded deal that is not a full deck dealt as the game deals it."""


@dataclass(frozen=True)
class Pack:
    """A family of cards: notation, suits and how faces map to physical bits.

    A *face* is what notation names (``"AS"``); a *bit* is one physical card. Only the
    144-card pack has several bits per face (its four identical copies).
    """

    name: str
    faces: int
    copies: int
    parse: Callable[[object], int]
    format: Callable[[int], str]
    pretty: Callable[[int], str]
    suit_of_face: Callable[[int], int]
    suit_masks: tuple[int, ...]
    """Physical-bit mask of each suit (tarot: S H D C, trumps, Excuse)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through the constructor (the compiled engine keeps this class
        native: :func:`~game.engine.native.rebuilt`)."""
        return rebuilt(self)

    def face(self, bit: int) -> int:
        """The face of physical card ``bit``."""
        return bit >> 2 if self.copies == 4 else bit

    def face_bits(self, face: int) -> int:
        """The mask of every physical copy of ``face``."""
        return 0xF << (face * 4) if self.copies == 4 else 1 << face

    def suit(self, bit: int) -> int:
        """The suit of physical card ``bit``."""
        return self.suit_of_face(self.face(bit))

    def faces_in(self, mask: int) -> list[int]:
        """The distinct faces held in ``mask``, ascending."""
        seen: list[int] = []
        for b in C.bits(mask):
            f = self.face(b)
            if not seen or seen[-1] != f:
                seen.append(f)
        return seen

    def names(self, mask: int) -> list[str]:
        """Notation of every physical card in ``mask`` (copies repeated), ascending."""
        return [self.format(self.face(b)) for b in C.bits(mask)]


PACK36 = Pack("36", 36, 1, C.parse36, C.format36, C.pretty36, C.suit36,
              tuple(C.SUIT36_MASK << (9 * s) for s in range(4)))
PACK144 = Pack("144", 36, 4, C.parse36, C.format36, C.pretty36, C.suit36,
               tuple(C.SUIT144_MASK << (36 * s) for s in range(4)))
PACK_TAROT = Pack("tarot", 78, 1, C.parse_tarot, C.format_tarot, C.pretty_tarot, C.suit_tarot,
                  (*(C.SUIT_TAROT_MASK << (14 * s) for s in range(4)), C.TRUMPS_MASK,
                   1 << C.EXCUSE))


def read_deal(pack: Pack, deal: object, sizes: Mapping[str, int]) -> dict[str, list[int]]:
    """Check a recorded ``deal`` (pile name → list of cards) and return it as faces.

    ``sizes`` names every pile the game deals (``"S"``, ``"W"``, ``"N"``, ``"E"`` and maybe
    ``"talon"``) with its number of cards. Together the piles must be the full pack, each face
    exactly ``pack.copies`` times. Raises :class:`DealError` (or ``NotationError``) saying what
    is wrong.
    """
    if not isinstance(deal, dict):
        raise DealError(Message("\"deal\" must be an object mapping S, W, N, E to lists of "
                                "cards"))
    unknown = set(deal) - set(sizes)
    if unknown:
        raise DealError(Message("unknown pile(s) in the deal: {piles}",
                                piles=", ".join(sorted(map(str, unknown)))))
    result: dict[str, list[int]] = {}
    for pile, size in sizes.items():
        cards = deal.get(pile)
        if not isinstance(cards, list):
            raise DealError(Message("the deal has no list of cards for {pile}", pile=pile))
        if len(cards) != size:
            raise DealError(Message("{pile} was dealt {n} cards; this game deals {size}",
                                    pile=pile, n=len(cards), size=size))
        result[pile] = [pack.parse(c) for c in cards]
    counts = Counter(f for faces in result.values() for f in faces)
    extra = Cards(pack.format(f) for f in sorted(f for f, n in counts.items() if n > pack.copies))
    missing = Cards(pack.format(f) for f in range(pack.faces) if counts[f] < pack.copies)
    if extra and missing:
        raise DealError(Message("the deal is not a full pack (dealt too often: {extra}; "
                                "missing: {missing})", extra=extra, missing=missing))
    if extra:
        raise DealError(Message("the deal is not a full pack (dealt too often: {extra})",
                                extra=extra))
    if missing:
        raise DealError(Message("the deal is not a full pack (missing: {missing})",
                                missing=missing))
    return result


def physical_cards(pack: Pack, faces: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    """Each pile's physical cards in the order dealt, giving out the copies of each face in
    pile order (a checked deal never runs out of copies)."""
    next_copy = [0] * pack.faces
    piles: dict[str, list[int]] = {}
    for pile, fs in faces.items():
        out = []
        for f in fs:
            if pack.copies == 1:
                out.append(f)
            else:
                out.append(f * 4 + next_copy[f])
                next_copy[f] += 1
        piles[pile] = out
    return piles


def physical_hands(pack: Pack, faces: Mapping[str, Sequence[int]]) -> dict[str, int]:
    """Each pile as a bit set of physical cards (see :func:`physical_cards`)."""
    return {pile: C.mask_of(cs) for pile, cs in physical_cards(pack, faces).items()}


@dataclass
class Trick:
    """One trick: who led, the seats and physical cards in the order played, and its winner
    (``None`` while open)."""

    leader: int
    seats: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    winner: int | None = None


# ------------------------------------------------------------------------------------------
# The rules of trick play, as pure functions on ints
#
# Every user calls these: the engines' legal lists and trick winners, the random-playout
# kernels (through tables built from them) and the AI. They work on *36-faces*
# (``suit * 9 + index``, 36-bit masks) with a per-face ``above`` table saying which faces of
# the same suit beat a face: :data:`ABOVE36` for the natural order (the Somali games, and the
# AI's ranked faces), a per-trump table for Tarabish's natural faces.

SUIT36: Final = PACK36.suit_masks
"""The nine faces of each suit of a 36-face mask."""
ABOVE36: Final = tuple(SUIT36[f // 9] & ~((2 << f) - 1) for f in range(36))
"""``ABOVE36[face]``: the faces of the same suit that beat ``face`` when a higher index is a
stronger card (the natural order, and the AI's ranked faces)."""


def follow_mask(hand: int, suit_mask: int) -> int:
    """The cards of ``hand`` that follow a suit (its ``suit_mask``); when it has none, the whole
    hand (the plain follow-suit rule of the Somali games)."""
    return (hand & suit_mask) or hand


def beats(card: int, best: int, trump: int, above: Sequence[int]) -> bool:
    """True when face ``card``, played now, takes the trick from ``best`` (the face winning it
    so far): a higher card of ``best``'s suit (``above``), or a trump over a non-trump. Strict:
    a later identical copy (Arba'a Turub) never beats the first one played."""
    return bool((above[best] >> card) & 1) or (card // 9 == trump and best // 9 != trump)


def winning(cards: Sequence[int], trump: int, above: Sequence[int]) -> int:
    """The position in ``cards`` (faces of a non-empty trick, in the order played) of the card
    winning it: the first card that no later card :func:`beats`."""
    at = 0
    best = cards[0]
    for i in range(1, len(cards)):
        if beats(cards[i], best, trump, above):
            at, best = i, cards[i]
    return at


def power_table(trump: int, led: int, above: Sequence[int]) -> tuple[int, ...]:
    """For the random-playout kernels, :func:`beats` as one number per face of a trick led in
    ``led`` with ``trump``: the faces a card beats among those that can win (the suit led and
    trumps), and -1 for the others. A card takes the trick when its power is strictly greater
    than the power of the card winning it so far."""
    live = [f for f in range(36) if f // 9 in (led, trump)]
    return tuple(sum(1 for d in live if beats(f, d, trump, above)) if f // 9 in (led, trump)
                 else -1 for f in range(36))


NATURAL_POWER: Final = tuple(power_table(trump, led, ABOVE36) for trump in range(5)
                             for led in range(4))
"""``NATURAL_POWER[trump * 4 + led]``: :func:`power_table` in the natural order (the Somali
games, the AI's ranked faces); ``trump`` 4 is "no trump"."""


def shown_void(suit: int, led: int, trump: int, must_trump: bool, freed: bool) -> int:
    """The suits (a bit per suit number) a seat shows it lacks by playing a card of ``suit``
    to a trick whose suit led is ``led``: nothing when it follows; else the suit led, and,
    under must-trump (``must_trump``: Tarabish) when a plain suit was led and the card is no
    trump either, trumps too — unless the partner exception ``freed`` the seat."""
    if suit == led:
        return 0
    if must_trump and suit != trump and led != trump and not freed:
        return (1 << led) | (1 << trump)
    return 1 << led


def not_held(seat: int, cards: str, table: C.Table = C.TABLE4) -> Message:
    """"W does not hold 3S": ``seat`` (of ``table``) tried to use ``cards`` (a
    :class:`~.message.Card` or :class:`~.message.Cards`) it does not hold."""
    return Message("{seat} does not hold {cards}", you="You do not hold {cards}",
                   seat=named_seat(seat, table), cards=cards)


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class TrickHand(HandState):
    """A hand state with trick play. Subclasses set ``PACK`` and ``CLOCKWISE`` (see
    :class:`~game.engine.hand.HandState`) and implement
    :meth:`play_mask`, :meth:`play_reason`, :meth:`beats` and :meth:`trick_done`.

    Attributes (besides :class:`~game.engine.hand.HandState`'s ``tricks`` and ``trick``):
    ``hands`` (bit set per seat), ``trump`` (suit index or ``None``), ``won`` (bit set of cards
    each seat has taken in tricks).
    """

    PACK: Pack = PACK36

    def __init__(self, options: Mapping[str, Any], dealer: int) -> None:
        super().__init__(options, dealer)
        self.hands: list[int] = [0] * self.table.size
        self.trump: int | None = None
        self.won: list[int] = [0] * self.table.size

    # -- rules the game supplies -----------------------------------------------------------

    def play_mask(self, seat: int) -> int:
        """Physical cards ``seat`` may play to the open trick now."""
        raise NotImplementedError

    def play_reason(self, seat: int, bit: int) -> str:
        """Why held card ``bit`` (outside :meth:`play_mask`) may not be played now (a
        :class:`~.message.Message`, see :meth:`~.hand.HandState.why_illegal`)."""
        raise NotImplementedError

    def beats(self, card: int, best: int, trick: Trick) -> bool:
        """True when ``card`` beats ``best``, the best card of ``trick`` so far. Must be strict:
        an identical card played later does not beat it."""
        raise NotImplementedError

    def trick_done(self, trick: Trick) -> None:
        """Called when ``trick`` is complete and its winner set; set the next phase and seat."""
        raise NotImplementedError

    # -- shared play machinery -------------------------------------------------------------

    def start_trick(self, leader: int) -> None:
        """Open a new trick led by ``leader``; ``leader`` is to act."""
        self.trick = Trick(leader)
        self.to_act = leader

    def led_suit(self) -> int | None:
        """The suit of the open trick's first card, ``None`` when nothing is led yet."""
        if self.trick is None or not self.trick.cards:
            return None
        return self.PACK.suit(self.trick.cards[0])

    def held_bit(self, seat: int, face: int) -> int | None:
        """A physical card of ``face`` in ``seat``'s hand (the lowest copy), or ``None``."""
        m = self.hands[seat] & self.PACK.face_bits(face)
        return C.lowest(m) if m else None

    def check_play(self, seat: int, card: object) -> str | None:
        """The reason ``seat`` may not play ``card`` (notation) now, or ``None``."""
        face = self.PACK.parse(card)
        bit = self.held_bit(seat, face)
        if bit is None:
            return not_held(seat, Card(self.PACK.format(face)), self.table)
        if not (self.play_mask(seat) >> bit) & 1:
            return self.play_reason(seat, bit)
        return None

    def legal_plays(self, seat: int) -> list[int]:
        """The distinct faces ``seat`` may play now."""
        return self.PACK.faces_in(self.play_mask(seat))

    def play_actions(self, seat: int, **extra: Any) -> list[dict[str, Any]]:
        """``{"seat", "play"}`` actions for every legal face, ascending."""
        return [self._action(seat, "play", self.PACK.format(f), **extra)
                for f in self.legal_plays(seat)]

    def play_bit(self, seat: int, bit: int) -> None:
        """Move physical card ``bit`` from ``seat``'s hand to the open trick; complete the trick
        when every seat has played."""
        trick = self.trick
        assert trick is not None
        self.hands[seat] &= ~(1 << bit)
        trick.seats.append(seat)
        trick.cards.append(bit)
        if len(trick.cards) < self.table.size:
            self.to_act = self.next_seat(seat)
            return
        trick.winner = self.trick_winner(trick)
        self.tricks.append(trick)
        self.trick = None
        self.gather(trick)
        self.trick_done(trick)

    def gather(self, trick: Trick) -> None:
        """Put a finished trick's cards on its winner's pile (French Tarot overrides this for
        the Excuse)."""
        assert trick.winner is not None
        for b in trick.cards:
            self.won[trick.winner] |= 1 << b

    def trick_winner(self, trick: Trick) -> int:
        """The seat whose card wins ``trick``: the first card that nothing later beats."""
        best = trick.cards[0]
        winner = trick.seats[0]
        for seat, card in zip(trick.seats[1:], trick.cards[1:], strict=True):
            if self.beats(card, best, trick):
                best, winner = card, seat
        return winner

    def trick_log(self) -> list[dict[str, Any]]:
        log = []
        for t in [*self.tricks, *([self.trick] if self.trick and self.trick.cards else [])]:
            letters = self.table.letters
            log.append({"leader": letters[t.leader],
                        "cards": [self.PACK.format(self.PACK.face(b)) for b in t.cards],
                        "winner": None if t.winner is None else letters[t.winner]})
        return log

    def trump_name(self) -> str | None:
        return None if self.trump is None else C.SUITS[self.trump]

    def played_mask(self) -> int:
        """Every physical card played so far (finished tricks and the open one)."""
        m = 0
        for t in self.tricks:
            for b in t.cards:
                m |= 1 << b
        if self.trick is not None:
            for b in self.trick.cards:
                m |= 1 << b
        return m

    def follow_reason(self, seat: int, bit: int) -> str:
        """The message for a card that does not follow the suit led though ``seat`` can:
        ``"N must follow suit ♥ (holds 9H, QH)"``."""
        led = self.led_suit()
        assert led is not None
        held = self.hands[seat] & self.PACK.suit_masks[led]
        return Message("{seat} must follow suit {suit} (holds {cards})",
                       you="You must follow suit {suit} (you hold {cards})",
                       seat=named_seat(seat, self.table), suit=self.suit_label(led),
                       cards=self.held_names(held))

    def held_names(self, mask: int) -> Cards:
        """The distinct cards of ``mask`` in notation, in pack order, for a reason's "(holds
        …)"."""
        return Cards(sorted(set(self.PACK.names(mask)), key=self.PACK.parse))

    def suit_label(self, suit: int) -> str:
        """A suit for people: ♠ ♥ ♦ ♣ (French Tarot adds "trumps", a word said in the
        reader's language)."""
        return C.SUIT_SYMBOLS[suit] if suit < 4 else Word("trumps")

    # -- what a seat may know (see knowledge.py) --------------------------------------------

    def visible_mask(self, seat: int) -> int:
        """The physical cards ``seat`` may look at among those it holds (default: all)."""
        return self.hands[seat]

    def held_counts(self) -> list[int]:
        """How many cards each seat holds as far as anyone at the table can tell (default: the
        size of each hand; a paused deal says fewer)."""
        return [h.bit_count() for h in self.hands]

    def redact(self, action: dict[str, Any], viewer: int) -> dict[str, Any]:
        """``action`` as ``viewer`` saw it (default: every action is public)."""
        return dict(action)

    def public_facts(self, viewer: int) -> dict[str, Any]:
        """The game's shown facts, for ``viewer`` (default: none)."""
        return {}

    def shown_voids(self) -> list[set[str]]:
        """Per seat, the suit letters it has shown it lacks (:func:`shown_void` for every card
        played after a lead, with the game's :meth:`must_trump` and :meth:`freed`)."""
        voids = [0] * self.table.size
        must = self.must_trump()
        trump = -1 if self.trump is None else self.trump
        for t in [*self.tricks, *([self.trick] if self.trick else [])]:
            if not t.cards:
                continue
            led = self.PACK.suit(t.cards[0])
            for i in range(1, len(t.cards)):
                seat = t.seats[i]
                voids[seat] |= shown_void(self.PACK.suit(t.cards[i]), led, trump, must,
                                          must and self.freed(t, i))
        return [suit_letters({s for s in range(5) if v >> s & 1}) for v in voids]

    def must_trump(self) -> bool:
        """True in a must-trump game (a seat that cannot follow must trump): default no."""
        return False

    def freed(self, trick: Trick, i: int) -> bool:
        """Whether the ``i``-th card of ``trick`` was played by a seat the partner exception
        freed from trumping (default: no such exception)."""
        return False

    def knowledge(self, seat: int) -> Knowledge:
        """What ``seat`` may know now."""
        return build(self, seat)

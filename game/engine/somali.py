"""What Arba'a Turub and Turup share (RULES.md sections 1 and 2).

Both games: the deal pauses after the first packet of three reaches the trump namer (eldest),
who names trump from those three cards only; eldest leads; follow suit if you can, otherwise play
anything; the highest trump wins the trick, else the highest card of the suit led, and of two
identical cards (Arba'a Turub's four copies) the one played first wins. They differ in the pack,
the direction of play and how a hand ends, which :class:`SomaliHand` leaves to its subclasses.

The module also holds the random-playout kernel both games' benchmarks and searches use
(:func:`random_trick`): it works on *face* masks (36 bits per seat) and copy counts, so the
144-card game runs as fast as the 36-card one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final

from . import cards as C
from .hand import Action
from .message import Message
from .native import mypyc_attr
from .tricks import (
    ABOVE36,
    NATURAL_POWER,
    Pack,
    Trick,
    TrickHand,
    beats,
    follow_mask,
    physical_cards,
    read_deal,
)


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class SomaliHand(TrickHand):
    """A hand of Arba'a Turub or Turup: phase ``"trump"`` then ``"play"`` (subclasses add
    more). Subclasses set ``PACK``, ``CLOCKWISE`` and ``HAND_SIZE`` and implement
    :meth:`trick_done`."""

    HAND_SIZE: ClassVar[int] = 9
    VERBS: ClassVar[tuple[str, ...]] = ("trump", "play")

    def __init__(self, deal: Mapping[str, Any], dealer: int, options: Mapping[str, Any]) -> None:
        super().__init__(options, dealer)
        faces = read_deal(self.PACK, deal, {s: self.HAND_SIZE for s in C.SEATS})
        dealt = physical_cards(self.PACK, faces)
        self.hands = [C.mask_of(dealt[s]) for s in C.SEATS]
        self.eldest = self.next_seat(dealer)
        """The trump namer and first leader: the first seat dealt to."""
        self.first_three = C.mask_of(dealt[C.SEATS[self.eldest]][:3])
        self.phase = "trump"
        self.to_act = self.eldest

    # -- decisions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase == "trump":
            return [self._action(self.eldest, "trump", s) for s in C.SUITS]
        if self.phase == "play":
            assert self.to_act is not None
            return self.play_actions(self.to_act)
        return []

    def vocabulary(self, seat: int) -> list[Action]:
        """The four suits to name, for eldest while trump is named."""
        if self.phase == "trump" and seat == self.eldest:
            return [self._action(seat, "trump", s) for s in C.SUITS]
        return []

    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        if verb == "trump":
            if self.phase != "trump":
                return self._wrong_phase("naming of trump", self.phase)
            if not (isinstance(value, str) and value.upper() in C.SUITS and len(value) == 1):
                return Message("{value} is not a suit (expected one of S, H, D, C)",
                               value=repr(value))
            return None
        if verb == "play":
            if self.phase != "play":
                return self._wrong_phase("card play", self.phase)
            return self.check_play(seat, value)
        return self._wrong_phase(verb, self.phase)

    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        if verb == "trump":
            self.trump = C.suit_index(value)
            self.phase = "play"
            self.start_trick(self.eldest)
        elif verb == "play":
            face = self.PACK.parse(value)
            bit = self.held_bit(seat, face)
            assert bit is not None
            self.play_bit(seat, bit)

    # -- rules -------------------------------------------------------------------------------

    def play_mask(self, seat: int) -> int:
        led = self.led_suit()
        if led is None:
            return self.hands[seat]
        return follow_mask(self.hands[seat], self.PACK.suit_masks[led])

    def play_reason(self, seat: int, bit: int) -> str:
        return self.follow_reason(seat, bit)

    def beats(self, card: int, best: int, trick: Trick) -> bool:
        """:func:`~.tricks.beats` on the cards' faces, in the natural order."""
        assert self.trump is not None
        return beats(self.PACK.face(card), self.PACK.face(best), self.trump, ABOVE36)

    # -- knowledge ---------------------------------------------------------------------------

    def visible_mask(self, seat: int) -> int:
        """During the trump phase the deal has paused: only eldest holds cards, its first
        three."""
        if self.phase == "trump":
            return self.first_three if seat == self.eldest else 0
        return self.hands[seat]

    def held_counts(self) -> list[int]:
        """While trump is named the deal is paused: only eldest holds cards, three of them."""
        if self.phase == "trump":
            return [3 if s == self.eldest else 0 for s in range(4)]
        return super().held_counts()


# ------------------------------------------------------------------------------------------
# Dealing and the draw for the first dealer


def deal_somali(pack: Pack, rng: random.Random, dealer: int, per_seat: int,
                clockwise: bool) -> dict[str, list[str]]:
    """Shuffle ``pack`` with ``rng`` and deal it in packets of three from the seat after the
    dealer (in the game's direction) until each holds ``per_seat``; record form."""
    deck = [f for f in range(pack.faces) for _ in range(pack.copies)]
    deck = C.shuffled(deck, rng)
    first = C.clockwise(dealer) if clockwise else C.counter_clockwise(dealer)
    order = C.seat_order(first, clockwise)
    hands = C.deal_packets(deck, order, 3, per_seat)
    return {C.SEATS[s]: [pack.format(f) for f in hands[s]] for s in range(4)}


def draw_high(pack: Pack, rng: random.Random) -> int:
    """The first-dealer draw: every seat is shown one card of the shuffled pack; the highest
    rank deals, and seats tied for highest draw again among themselves."""
    deck = C.shuffled([f for f in range(pack.faces) for _ in range(pack.copies)], rng)
    contenders = [0, 1, 2, 3]
    while True:
        if len(deck) < len(contenders):
            deck = C.shuffled([f for f in range(pack.faces) for _ in range(pack.copies)], rng)
        drawn = {s: C.rank36(deck.pop()) for s in contenders}
        top = max(drawn.values())
        contenders = [s for s in contenders if drawn[s] == top]
        if len(contenders) == 1:
            return contenders[0]


# ------------------------------------------------------------------------------------------
# The random-playout kernel

SEL9: Final = tuple(tuple(i for i in range(9) if m >> i & 1) for m in range(512))
"""For each 9-bit suit mask, the ranks it holds (pick one: ``sel[int(rnd() * len(sel))]``)."""


POWER: Final = NATURAL_POWER
"""``POWER[trump * 4 + led]``: the trick winner rule (:func:`~.tricks.beats`) as a power per
face (:func:`~.tricks.power_table`), for the kernel."""


def random_trick(faces: list[int], held: list[list[int]], counts: list[int] | None,
                 leader: int, trump: int, step: int, rnd: Callable[[], float],
                 trace: list[Action] | None) -> int:
    """Play one trick of uniformly random legal cards (follow suit, else anything) and return
    its winner.

    ``faces[s]`` is seat ``s``'s 36-bit mask of faces held and ``held[s]`` the same faces as a
    list (for a uniform pick among all of them); ``counts`` (Arba'a Turub) holds
    ``counts[s * 36 + face]``, the copies held, or is ``None`` when every face is single. All
    three are updated. ``step`` is 1 for clockwise play and 3 for counter-clockwise. Each
    decision is uniform over the distinct faces the seat may play, as the legal actions are
    (:func:`~.tricks.follow_mask`, taken suit by suit: the 9-bit chunk of the suit led, else
    every face held). The winner is the card of greatest power (:data:`POWER`, built from
    :func:`~.tricks.beats`); a later identical copy has equal power and never beats the first.
    """
    seat = leader
    lst = held[seat]
    card = lst[int(rnd() * len(lst))]
    led = card // 9
    led9 = led * 9
    power = POWER[trump * 4 + led]
    sel9 = SEL9
    best = power[card]
    winner = seat
    i = 0
    while True:
        m = faces[seat]
        if counts is None:
            faces[seat] = m ^ (1 << card)
            held[seat].remove(card)
        else:
            j = seat * 36 + card
            counts[j] -= 1
            if not counts[j]:
                faces[seat] = m ^ (1 << card)
                held[seat].remove(card)
        if trace is not None:
            trace.append({"seat": C.SEATS[seat], "play": C.format36(card)})
        i += 1
        if i == 4:
            return winner
        seat = (seat + step) & 3
        chunk = (faces[seat] >> led9) & 511
        if chunk:
            sel = sel9[chunk]
            card = led9 + sel[int(rnd() * len(sel))]
        else:
            lst = held[seat]
            card = lst[int(rnd() * len(lst))]
        if power[card] > best:
            best, winner = power[card], seat


def kernel_view(hand: SomaliHand) -> tuple[list[int], list[list[int]], list[int] | None]:
    """Fresh copies of the kernel's view of ``hand``: per seat the 36-bit mask of faces held,
    the same faces as lists, and (144-card pack) the copy counts ``counts[seat * 36 + face]``.
    The view is computed once per position and cached on the hand."""
    key = len(hand.history)
    cached = hand.__dict__.get("_kernel_view")
    if cached is None or cached[0] != key:
        faces = [0, 0, 0, 0]
        counts = [0] * 144
        for s, h in enumerate(hand.hands):
            for b in C.bits(h):
                f = hand.PACK.face(b)
                counts[s * 36 + f] += 1
                faces[s] |= 1 << f
        held = [list(C.bits(f)) for f in faces]
        cached = (key, faces, held, counts if hand.PACK.copies > 1 else None)
        hand.__dict__["_kernel_view"] = cached
    _, faces, held, copies = cached
    return list(faces), [list(x) for x in held], None if copies is None else list(copies)

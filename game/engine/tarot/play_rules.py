"""French Tarot's rules of the play, on ints and written once (RULES.md section 4): what a
seat must play (:func:`obligations`, :func:`legal`), which card beats which (:func:`beats`,
:func:`trick_state`), what a card played shows of a hand (:func:`revealed`,
:func:`trump_ceiling`) — and :class:`PlayRules`, the hand's card play built on them.

The engine (legal plays and their reasons, the trick winner, shown voids), the random-playout
kernel (:mod:`.playouts`) and the AI (:mod:`game.engine.ai.tarot_play`,
:mod:`game.engine.ai.tarot_endgame`) all call these functions or read the tables built by them.
A card is its id (0..55 the suit cards, 56..76 T1..T21, 77 the Excuse), a suit is 0..3
(S H D C) or 4 (trumps), a side is 0 (the declarer) or 1 (the defence), tricks are numbered
from 0. The Excuse's own rules (when it wins, where it goes) are in :mod:`.excuse`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..hand import named_seat
from ..message import Card, Cards, Message
from ..native import mypyc_attr
from ..tricks import Trick
from .auction import first_lead_barred
from .excuse import ExcuseRules
from .pack import EXB, PLAIN, SUIT_MASKS, names

NO_CARD = -1
"""``best`` of a trick that holds no card but the Excuse (and ``led`` of such a trick)."""
NEXT_SEAT = tuple(C.counter_clockwise(s) for s in range(4))
"""The seat after each seat (play goes counter-clockwise)."""


def beats(card: int, best: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far (:data:`NO_CARD`:
    none yet, then every card but the Excuse "beats" it and sets the suit). A trump beats every
    suit card and the lower trumps; a suit card beats only a lower card of its own suit (the
    card winning before a trump is played is always of the suit led); the Excuse never beats."""
    if card == C.EXCUSE:
        return False
    return best < 0 or (card > best and (card >= C.TRUMP_BASE or card // 14 == best // 14))


BEATEN_BY = tuple(C.mask_of(c for c in range(C.TAROT_CARDS) if beats(c, best))
                  for best in range(C.TAROT_CARDS))
"""For each card (the best of a trick so far), the mask of the cards that beat it."""


def trick_state(cards: Sequence[int]) -> tuple[int, int, int]:
    """``(led, best, index)`` of the cards played to a trick, in order: the suit to follow (the
    first card that is not the Excuse sets it), the card winning so far and its index in
    ``cards`` (:data:`NO_CARD`, -1 and -1 while only the Excuse, or nothing, lies)."""
    led = best = index = NO_CARD
    beaten_by = BEATEN_BY
    for i, card in enumerate(cards):
        if best < 0:
            if card != C.EXCUSE:
                led, best, index = C.suit_tarot(card), card, i
        elif beaten_by[best] >> card & 1:
            best, index = card, i
    return led, best, index


def obligations(led: int, best: int) -> tuple[int, int, int]:
    """What a seat must play to a trick whose suit to follow is ``led`` and whose winning card
    is ``best``: the cards of the first of these masks that meets its hand — the suit led (a
    plain suit), else a trump that beats ``best`` (must trump; over a trump, must overtrump,
    even over a fellow defender), else any trump (undertrump); with none of them, anything.
    The Excuse may be played on top of this at any time (:func:`legal`)."""
    return SUIT_MASKS[led] & PLAIN, BEATEN_BY[best] & C.TRUMPS_MASK, C.TRUMPS_MASK


OBLIGATIONS = tuple(tuple(obligations(led, best) for best in range(C.EXCUSE)) for led in range(5))
""":func:`obligations` for every suit led and winning card, as a table."""


def legal(hand: int, led: int, best: int) -> int:
    """The cards ``hand`` may play to a trick whose suit is ``led`` (:data:`NO_CARD`: nothing
    but maybe the Excuse is down, any card goes) and whose winning card is ``best``: the
    first of :func:`obligations` that meets the hand (else the whole hand), and the Excuse."""
    if led < 0:
        return hand
    follow, over, trumps = OBLIGATIONS[led][best]
    return ((hand & follow) or (hand & over) or (hand & trumps) or hand) | (hand & EXB)


def revealed(led: int, card: int) -> int:
    """The suits (a bit set of suit indexes, bit 4 trumps) a seat shows it lacks by playing
    ``card`` to a trick whose suit is ``led``: not following the suit led shows a void there,
    and playing neither it nor a trump shows no trumps too. The Excuse, and a card played when
    nothing sets the suit yet (``led`` :data:`NO_CARD`), show nothing."""
    if led < 0 or card == C.EXCUSE:
        return 0
    suit = C.suit_tarot(card)
    if suit == led:
        return 0
    return 1 << led if suit == 4 else (1 << led) | (1 << 4)


def trump_ceiling(card: int, best: int) -> int:
    """The trumps a seat may still hold after playing trump ``card`` under ``best``, the
    trick's top trump (it had to overtrump if it could): those below ``best``; every trump when
    ``card`` is not a trump under a trump. (The engine's shown voids leave this inference out;
    the AI uses it.)"""
    if C.TRUMP_BASE <= card < best < C.EXCUSE:
        return C.TRUMPS_MASK & ((1 << best) - 1)
    return C.TRUMPS_MASK


REVEALED = tuple(tuple(revealed(led, c) for c in range(C.TAROT_CARDS))
                 for led in (*range(5), NO_CARD))
""":func:`revealed` as a table ``REVEALED[led][card]``; its last row, ``REVEALED[NO_CARD]``,
is for a card played when nothing sets the suit (all 0)."""
TRUMP_CEILING = tuple(tuple(trump_ceiling(c, best) for c in range(C.TAROT_CARDS))
                      for best in (*range(C.TAROT_CARDS), NO_CARD))
""":func:`trump_ceiling` as a table ``TRUMP_CEILING[best][card]`` (the last row,
``TRUMP_CEILING[NO_CARD]``, for a trick with no card yet: every trump)."""


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
class PlayRules(ExcuseRules):
    """The card play of a :class:`~game.engine.tarot.hand.TarotHand`: the legal plays and why
    a card is not one, the trick's winner and the next trick (the functions above, and the
    five-player call's first-trick rule, :func:`~game.engine.tarot.auction.first_lead_barred`).
    """

    def led_suit(self) -> int | None:
        """The suit to follow: that of the first card that is not the Excuse (``None`` while
        there is none); 4 is trumps."""
        led = trick_state(self.trick_cards())[0]
        return None if led < 0 else led

    def play_mask(self, seat: int) -> int:
        led, best, _ = trick_state(self.trick_cards())
        return legal(self.hands[seat], led, best) & ~self.barred_lead(seat, led)

    def barred_lead(self, seat: int, led: int) -> int:
        """Five players: the cards ``seat`` may not play now because they would lead the
        called suit to the first trick (:func:`first_lead_barred`); ``led`` is the open
        trick's suit to follow (:data:`NO_CARD`: this card sets it). Otherwise none."""
        if self.called is None or self.tricks or led >= 0:
            return 0
        return first_lead_barred(self.hands[seat], self.called)

    def play_reason(self, seat: int, bit: int) -> str:
        """The first-trick rule of the called suit (five players); else the first of
        :func:`obligations` that the hand meets says why: the suit led (must follow), a trump
        over the best card (must trump, must overtrump), any trump."""
        who = named_seat(seat, self.table)
        led, best, _ = trick_state(self.trick_cards())
        hand = self.hands[seat]
        if self.barred_lead(seat, led) >> bit & 1:
            assert self.called is not None
            return Message("{seat} may not lead {suit} to the first trick: it is the called "
                           "suit, and only the called {card} may lead it",
                           you="You may not lead {suit} to the first trick: it is the called "
                               "suit, and only the called {card} may lead it",
                           seat=who, suit=self.suit_label(C.suit_tarot(self.called)),
                           card=Card(C.format_tarot(self.called)))
        must = next(m for m in obligations(led, best) if hand & m)
        if must & PLAIN:
            return self.follow_reason(seat, bit)
        held = Cards(names(hand & must))
        if C.suit_tarot(bit) == 4 and best >= C.TRUMP_BASE:
            code = C.format_tarot(best)
            return Message("{seat} must beat {card} (holds {cards})",
                           you="You must beat {card} (you hold {cards})",
                           seat=who, card=Card(code, f"the {code}"), cards=held)
        why = Message("trumps were led") if led == 4 else \
            Message("no {suit} left", suit=self.suit_label(led))
        return Message("{seat} must play a trump: {why} (holds {cards})",
                       you="You must play a trump: {why} (you hold {cards})",
                       seat=who, why=why, cards=held)

    def beats(self, card: int, best: int, trick: Trick) -> bool:
        return beats(card, best)

    def trick_winner(self, trick: Trick) -> int:
        """The Excuse never wins, except when led to the last trick by a side that won all the
        others (:func:`excuse_wins`); otherwise the highest trump, else the highest card of the
        suit led (:func:`trick_state`)."""
        if self.excuse_wins(trick):
            return trick.leader
        return trick.seats[trick_state(trick.cards)[2]]

    def trick_done(self, trick: Trick) -> None:
        if len(self.tricks) == self.layout.tricks:
            self.phase = "done"
            self.to_act = None
        else:
            assert trick.winner is not None
            self.start_trick(trick.winner)

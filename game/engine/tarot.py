"""French Tarot, FFT rules — for four players (RULES.md section 4), and for three and five
(section 5: the option ``players``).

78 cards (four suits of 14, trumps T1..T21, the Excuse), no partners: the highest bidder (the
*declarer*) plays alone against the three others (the *defence*). Everything goes
counter-clockwise, the deal passes to the right.

Phases and the record's verbs (RECORDS.md):

* ``"bid"`` — one turn each from the dealer's right: ``{"bid": "pass" | "take" | "keep" |
  "keep-without" | "keep-against"}``; a bid must be higher than every earlier one. All pass:
  the hand is thrown in (``{"thrown_in": "all-pass"}``).
* ``"discard"`` (take and keep only) — the talon is shown to all and joins the declarer's hand;
  the declarer lays away six cards, one ``{"discard": "4C"}`` each: no king, no oudler, a trump
  only when nothing else can go (such trumps are shown to all).
* ``"announce"`` — the declarer's ``{"slam": true | false}``, once, under every contract.
* ``"play"`` — 18 tricks. The slam announcer leads the first, otherwise the dealer's right.
  A seat about to play its first card may first show a handful ``{"handful": [trumps]}``.
* ``"done"`` — :meth:`TarotHand.result` gives the RECORDS.md result object.

A deal with a *petit sec* (a seat whose only trump is the Petit, without the Excuse) is thrown
in at once: the hand starts in phase ``"done"`` with ``{"thrown_in": "petit-sec"}``.

**Three and five players** (RULES.md section 5). The table's seats are a
:class:`~game.engine.cards.Table` numbered from South clockwise — three ``S W E`` (0..2), four
``S W N E``, five ``S W NW NE E`` (0..4) — so "the next seat" is always counter-clockwise,
``-1``. What changes with the table size is its :class:`Layout` (deal, packets, talon,
handfuls, the call) and :func:`payments`; every rule is written once for all three. At five,
a phase ``"call"`` follows the bidding: the declarer's ``{"call": "KH"}`` (the card), before
the talon is shown; then the take or keep declarer discards three.

**Decisions** for three and five (where RULES.md section 5 is silent):

* *The call* comes after every contract (keep without and keep against too). The legal calls
  are the four cards of :func:`call_rank` — kings, or queens for a declarer holding the four
  kings, and so on — including any of them the declarer holds (it then plays alone).
* *The partner*: the seat that holds the called card when it is called (before the talon is
  taken up). A called card in the declarer's hand or in the talon: the declarer plays alone.
  The called card is public; who holds it is not: the partner knows, the declarer knows only
  when it holds the card itself (alone), and everybody knows once the card is played — or,
  under take and keep, once the talon holding it is shown. Under keep without and keep against
  a called card in the talon is never seen: nobody knows the declarer is alone until the
  result (:meth:`TarotHand.public_facts`: ``called``, ``partner``, ``alone``).
* *First trick*: the rule binds the card that sets the suit of the first trick — the lead, or,
  after the Excuse was led, the next card (it leads the suit in all but name). A seat that
  holds nothing but cards of the called suit (the Excuse aside) may lead one of them.
* *The declarer's side* (declarer and partner) counts together everywhere section 4 says
  "side": card points, oudlers, the Excuse (its exchange card comes from the owner's pile,
  then its side's others in seat order; a side that won every other trick may win the last
  with the Excuse), the slam (the side's tricks; only the declarer announces it, and then
  leads) and the petit au bout. The partner's discard knowledge: none (only the declarer sees
  its discard).
* *Petit sec* is judged on the dealt hands (24 or 15 cards), as at four.
* *Options*: ``hands`` is one, two or three hands per player (default one each); ``players``
  is left out of the full options at its default, four (so four-player records, saves and
  settings are exactly as before).

Card points are kept in *half points* (ints; the pack holds 182) and reported as floats.

**Decisions** (where RULES.md is silent):

* *First dealer*: each seat draws a card; the lowest deals. Suit cards rank by their rank alone
  (1 lowest … K), every trump ranks above every suit card (T1 < … < T21), a seat drawing the
  Excuse draws again, and seats tied for lowest (same rank, different suits) draw again among
  themselves.
* *Phase names*: ``"announce"`` is the declarer's slam decision; a handful is shown inside the
  ``"play"`` phase (it is an optional action before the seat's first card, listed in ``legal``
  beside the plays), as in the fixtures.
* *Bidding*: every seat gets its one turn even after keep against (only ``pass`` is legal then).
* *Discard*: when the declarer has fewer discardable suit cards (not kings) than discards still
  to make, trumps (not the oudlers) may be laid away in any order with the remaining suit cards.
* *Handful*: the Excuse may stand in only when the seat holds exactly one trump fewer than the
  handful's size (then every trump is shown with it). Any trumps held may be shown (``legal``
  lists the canonical lowest ones). A seat shows at most one handful. The
  declarer's handful counts the trumps it holds after its discard. The result's ``handful`` is the
  total of every handful shown (two seats may both show one, e.g. 20 + 30 = 50), won by the side
  that wins the hand.
* *Petit sec*: judged on each seat's 18 dealt cards (the talon is not looked at); any seat's
  petit sec throws the hand in, before the bidding.
* *Excuse exchange*: the 0.5-point card comes from the owner side's tricks, never from the
  discard (the owner's own pile first, then its side's other piles in seat order S, W, N, E; the
  lowest such card). If the owner's side never gets one, the exchange is settled in points at
  the end: the owner's side counts 0.5 less and the other side 0.5 more, exactly as if the card
  had been given.
* *Excuse at the last trick*: it goes to the side that wins that trick, unless it is *led* by a
  side that won all 17 other tricks: then it wins the trick (RULES.md's wording: "leads").
* *Petit au bout*: the Petit in the last trick counts for the side winning it; when the Excuse
  wins the last trick of a slam that way, the Petit played to the 17th trick counts for the side
  winning that trick.
* *Slam in the result* (the declarer's side's bonus, paid by each defender like the base):
  ``400`` announced and made, ``200`` made unannounced, ``-200`` announced and failed, ``-200``
  when the defence takes every trick; both failures together still cost 200 once (``-200``).
* *Match*: ``hands`` (4, 8, 12) counts hands played out; thrown-in hands do not count but the
  deal still passes to the right. The winner is ``None`` until that many hands have been played,
  then the seat with the highest total — or, when several seats share the highest total, the
  list of their letters (``["S", "N"]``).
* *Knowledge*: shown voids leave out the inference "a seat that played under the highest trump
  holds no higher trump" (it is not a void); the rest is in :meth:`TarotHand.shown_voids`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import cards as C
from .games import GameSpec, Option
from .hand import Action, named_seat
from .knowledge import suit_letters
from .message import N_, Card, Cards, Message, Word
from .tally import Tally
from .tricks import PACK_TAROT, Trick, TrickHand, not_held, physical_hands, read_deal

# --------------------------------------------------------------------------------------------
# Cards, points and contracts

BIDS = ("pass", "take", "keep", "keep-without", "keep-against")
"""Every bid, lowest first (``pass`` is not a contract)."""
CONTRACT_NAMES = {"pass": N_("Pass"), "take": N_("Take"), "keep": N_("Guard"),
                  "keep-without": N_("Guard without"), "keep-against": N_("Guard against")}
"""Each bid as English players name it (the record's verbs stay ``keep``…): Take, Guard, Guard
without (the dog), Guard against (the dog)."""
MULTIPLIER = {"take": 1, "keep": 2, "keep-without": 4, "keep-against": 6}
TARGETS = (56, 51, 41, 36)
"""Card points the declarer needs with 0, 1, 2, 3 oudlers."""
HANDFULS = ((10, 20), (13, 30), (15, 40))
"""(trumps shown, bonus) for the single, double and triple handful."""
HAND_SIZE = 18
TALON_SIZE = 6
TRICKS = 18
"""Cards in a hand, in the talon, tricks in a hand — at four players (see :class:`Layout`)."""
TOTAL_HALF_POINTS = 182

EXB = 1 << C.EXCUSE
PETITB = 1 << C.PETIT
OUDLERS = PETITB | (1 << C.MONDE) | EXB
PLAIN = (1 << C.TRUMP_BASE) - 1
"""Every suit card (not trumps, not the Excuse)."""
KINGS = C.mask_of(14 * s + 13 for s in range(4))
QUEENS = C.mask_of(14 * s + 12 for s in range(4))
KNIGHTS = C.mask_of(14 * s + 11 for s in range(4))
JACKS = C.mask_of(14 * s + 10 for s in range(4))
LOW = C.FULL_TAROT & ~(OUDLERS | KINGS | QUEENS | KNIGHTS | JACKS)
"""The 0.5-point cards (what the Excuse's owner gives in exchange)."""
SUIT_MASKS = PACK_TAROT.suit_masks
DISCARDABLE_TRUMPS = C.TRUMPS_MASK & ~OUDLERS


def half_points(mask: int) -> int:
    """The card points of the cards in ``mask``, in half points (oudlers and kings 9, queens 7,
    knights 5, jacks 3, the rest 1)."""
    return (mask.bit_count() + 8 * (mask & (OUDLERS | KINGS)).bit_count()
            + 6 * (mask & QUEENS).bit_count() + 4 * (mask & KNIGHTS).bit_count()
            + 2 * (mask & JACKS).bit_count())


names = PACK_TAROT.names
"""The notation of every card of a mask, suits then trumps then the Excuse."""


# --------------------------------------------------------------------------------------------
# The rules of the play on ints, written once: the engine (legal plays and their reasons, the
# trick winner, gathering, shown voids), the random-playout kernel below and the AI
# (game.engine.ai.tarot_play) all call these functions or read tables built by them. A card is
# its id (0..55 the suit cards, 56..76 T1..T21, 77 the Excuse), a suit is 0..3 (S H D C) or 4
# (trumps), a side is 0 (the declarer) or 1 (the defence), tricks are numbered from 0.

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


def excuse_wins(t: int, led_by_excuse: bool, side_tricks: int, tricks: int = TRICKS) -> bool:
    """Whether the Excuse wins trick ``t`` of a hand of ``tricks`` tricks: it never does,
    except at the last trick when it is led by a side that won every other trick
    (``side_tricks``: that side's tricks before ``t``)."""
    return led_by_excuse and t == tricks - 1 and side_tricks == tricks - 1


def exchange_value(owner_side: int) -> int:
    """The declarer's half points that an Excuse exchange moves: the owner's side gives the
    trick's winner a 0.5-point card (-1 when the declarer owns the Excuse, +1 when a defender
    does). A side that has no such card yet gives it as soon as it has one; one that never
    gets one still owes it, and it counts the same at the end (the pack totals 91)."""
    return -1 if owner_side == 0 else 1


def excuse_fate(t: int, owner_side: int, winner_side: int,
                tricks: int = TRICKS) -> tuple[bool, int]:
    """What becomes of the Excuse played to trick ``t`` of ``tricks``: ``(kept, value)``.
    ``kept``: it goes back to its owner's pile (before the last trick) instead of going with
    the trick to its winner (the last trick); ``value``: the declarer's half points of the
    exchange this owes (:func:`exchange_value` when a kept Excuse's owner and the winner are on
    different sides, else 0)."""
    if t == tricks - 1:
        return False, 0
    return True, 0 if owner_side == winner_side else exchange_value(owner_side)


def exchange_card(piles: Sequence[int]) -> tuple[int, int] | None:
    """The 0.5-point card an Excuse's owner side gives: ``(index of the pile, card bit)`` — the
    lowest such card of the first of ``piles`` (the owner's, then its side's others) that holds
    one, or ``None`` when none does yet (the exchange stays pending)."""
    for i, pile in enumerate(piles):
        low = pile & LOW
        if low:
            return i, low & -low
    return None


def petit_au_bout(petit_trick: int, excuse_won_last: bool, tricks: int = TRICKS) -> bool:
    """Whether the Petit, played to trick ``petit_trick`` of ``tricks``, is *au bout*: in the
    last trick, or in the one before when the Excuse won the last trick (a slam led with
    it)."""
    return petit_trick == tricks - 1 or (excuse_won_last and petit_trick == tricks - 2)


def canonical_handfuls(hand: int,
                       handfuls: Sequence[tuple[int, int]] = HANDFULS) -> list[list[str]]:
    """One handful per level ``hand`` qualifies for (``handfuls``: the table's sizes and
    bonuses), as RECORDS.md's ``legal`` shows it: its lowest trumps, with the Excuse (and then
    every trump) only when one trump short."""
    trumps = list(C.bits(hand & C.TRUMPS_MASK))
    shown = []
    for size, _ in handfuls:
        if len(trumps) >= size:
            shown.append([C.format_tarot(c) for c in trumps[:size]])
        elif len(trumps) == size - 1 and hand & EXB:
            shown.append([C.format_tarot(c) for c in trumps] + ["EX"])
    return shown


def excuse_stands_in(trumps: int, size: int) -> bool:
    """Whether the Excuse may be shown in a handful of ``size`` cards by a seat holding
    ``trumps`` trumps (RULES.md): only when it lacks enough trumps without it — and then every
    trump it holds must be shown with it (a handful of ``size`` then takes them all)."""
    return trumps < size


def handful_pool(hand: int, size: int) -> int:
    """The cards (a mask) a seat holding ``hand`` may choose among for a handful of ``size``:
    its trumps, and the Excuse when :func:`excuse_stands_in`. Any ``size`` of them make a
    valid handful; when the pool holds exactly ``size`` cards, the choice is forced."""
    trumps = hand & C.TRUMPS_MASK
    return trumps | (hand & EXB if excuse_stands_in(trumps.bit_count(), size) else 0)


def handful_bonus(shown: int, handfuls: Sequence[tuple[int, int]] = HANDFULS) -> int | None:
    """The bonus (20, 30, 40: a single, double or triple handful) of a handful of ``shown``
    cards at the table whose sizes are ``handfuls``; ``None`` for a size that is none."""
    return dict(handfuls).get(shown)


def handful_levels(hand: int, handfuls: Sequence[tuple[int, int]] = HANDFULS) -> tuple[int, ...]:
    """The bonuses (20, 30, 40) of every handful ``hand`` may show (``handfuls``: the table's
    sizes and bonuses)."""
    n = (hand & C.TRUMPS_MASK).bit_count()
    ex = 1 if hand & EXB else 0
    return tuple(bonus for size, bonus in handfuls if n >= size or (ex and n == size - 1))


def _not_a_trump(cards: int) -> Message:
    """The reason ``cards`` (a mask) may not be shown in a handful: they are not trumps."""
    return Message("a handful shows trumps only (and the Excuse when needed): {cards} is not a "
                   "trump", cards=Cards(names(cards)))


def settle(contract: str, half: int, oudlers: int, petit_au_bout: int, handful: int,
           declarer_tricks: int, slam_announced: bool,
           tricks: int = TRICKS) -> tuple[int, bool, int, int]:
    """Score a finished hand from the declarer's side.

    ``half`` is the declarer's side's card points in half points, ``petit_au_bout`` +1 when
    the declarer's side took it, -1 for the defence, 0 for neither; ``handful`` the total
    shown; ``declarer_tricks`` the tricks the declarer's side took of the hand's ``tricks``.
    Returns ``(target, won, slam, unit)`` where ``unit`` is what each defender pays the declarer
    (negative when the declarer pays): ``(±(25 + d) ± 10) × multiplier ± handful + slam``.
    """
    target = TARGETS[oudlers]
    won = half >= 2 * target
    d = (abs(half - 2 * target) + 1) // 2
    sign = 1 if won else -1
    if declarer_tricks == tricks:
        slam = 400 if slam_announced else 200
    elif slam_announced or declarer_tricks == 0:
        slam = -200
    else:
        slam = 0
    unit = (sign * (25 + d) + 10 * petit_au_bout) * MULTIPLIER[contract] + sign * handful + slam
    return target, won, slam, unit


def payments(table: C.Table, declarer: int, partner: int | None, unit: int) -> dict[str, int]:
    """Each seat's score for a hand worth ``unit`` to the declarer's side (negative: it lost):
    every defender pays ``unit``, the declarer's partner (five players; ``None``: none, or the
    declarer plays alone) receives ``unit`` and the declarer the rest — so the declarer gets
    3× at four players, 2× at three, 2× with a partner at five and 4× alone, and every hand
    sums to zero (RULES.md sections 4 and 5)."""
    defenders = table.size - 1 - (partner is not None)
    scores = {}
    for s in range(table.size):
        if s == declarer:
            scores[table.letters[s]] = (defenders - (partner is not None)) * unit
        else:
            scores[table.letters[s]] = unit if s == partner else -unit
    return scores


# --------------------------------------------------------------------------------------------
# The table sizes and the five-player call


@dataclass(frozen=True)
class Layout:
    """What changes with the number of players (RULES.md sections 4 and 5): the seats, the
    deal (cards per hand, cards per packet, the talon — the declarer of a take or keep
    discards as many), the handful sizes, and whether the declarer calls a king (five)."""

    table: C.Table
    hand_size: int
    packet: int
    talon: int
    handfuls: tuple[tuple[int, int], ...]
    calls: bool

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.table.size

    @property
    def tricks(self) -> int:
        """Tricks in a hand (one per card in a hand)."""
        return self.hand_size


LAYOUTS = {
    3: Layout(C.TABLE3, 24, 4, 6, ((13, 20), (15, 30), (18, 40)), False),
    4: Layout(C.TABLE4, HAND_SIZE, 3, TALON_SIZE, HANDFULS, False),
    5: Layout(C.TABLE5, 15, 3, 3, ((8, 20), (10, 30), (13, 40)), True),
}
"""The :class:`Layout` of each table size (option ``players``)."""


def layout(options: Mapping[str, Any]) -> Layout:
    """The :class:`Layout` of these options (``players``, default 4)."""
    return LAYOUTS[options.get("players", 4)]


CALL_RANKS = (13, 12, 11, 10)
"""The ranks a five-player declarer may call, first choice first: king, queen, knight, jack."""
RANK_MASKS = {13: KINGS, 12: QUEENS, 11: KNIGHTS, 10: JACKS}
"""The four cards of each rank that may be called."""


def call_rank(hand: int) -> int:
    """The rank the holder of ``hand`` must call (13 king, 12 queen, 11 knight, 10 jack): the
    highest of them of which the hand does not hold all four (RULES.md: all four kings — a
    queen; all four kings and queens — a knight; and so on down to a jack)."""
    for rank in CALL_RANKS:
        if hand & RANK_MASKS[rank] != RANK_MASKS[rank]:
            return rank
    return CALL_RANKS[-1]


def callable_cards(hand: int) -> int:
    """The cards the declarer holding ``hand`` may call: the four of :func:`call_rank` (one
    it holds among them too — it then plays alone)."""
    return RANK_MASKS[call_rank(hand)]


def first_lead_barred(hand: int, called: int) -> int:
    """The cards of ``hand`` that may not set the suit of the first trick when ``called`` is
    the called card: the called suit's other cards — unless the hand holds nothing else (it
    must then lead one)."""
    barred = hand & SUIT_MASKS[C.suit_tarot(called)] & ~(1 << called)
    return barred if hand & ~barred else 0


# --------------------------------------------------------------------------------------------
# The hand


class TarotHand(TrickHand):
    """One hand of French Tarot, from the bidding to the score.

    Besides :class:`~game.engine.tricks.TrickHand`'s attributes: ``layout`` (the table size's
    :class:`Layout`; ``table`` its seats), ``talon`` (mask of the talon cards as dealt),
    ``bids`` (``(seat, bid)`` in order), ``contract`` and ``declarer`` (``None`` until the
    bidding ends), ``called`` (five players: the card the declarer called, ``None`` before or
    at another table), ``partner`` (five players: the seat holding the called card, ``None``
    when the declarer plays alone or before the call — the engine's truth: what a seat may
    know of it is in :meth:`public_facts`), ``discard`` (mask laid away by the declarer),
    ``slam_announced`` (``None`` until decided), ``handfuls`` (seat → mask shown),
    ``played`` (seats that have played a card), ``owed`` (unsettled Excuse exchanges as
    ``(owner, trick winner)``) and ``thrown_in`` (``None`` or the reason).
    """

    GAME = "tarot"
    PACK = PACK_TAROT
    CLOCKWISE = False
    VERBS = ("bid", "discard", "slam", "handful", "play")

    def __init__(self, deal: Mapping[str, Any], dealer: int, options: Mapping[str, Any]) -> None:
        self.layout = layout(options)
        self.table = self.layout.table
        super().__init__(options, dealer)
        letters = self.table.letters
        sizes = {**{s: self.layout.hand_size for s in letters}, "talon": self.layout.talon}
        masks = physical_hands(PACK_TAROT, read_deal(PACK_TAROT, deal, sizes))
        self.hands = [masks[s] for s in letters]
        self.talon = masks["talon"]
        self.bids: list[tuple[int, str]] = []
        self.contract: str | None = None
        self.declarer: int | None = None
        self.called: int | None = None
        self.partner: int | None = None
        self.discard = 0
        self.slam_announced: bool | None = None
        self.handfuls: dict[int, int] = {}
        self.played: set[int] = set()
        self.owed: list[tuple[int, int]] = []
        self.thrown_in: str | None = None
        self.eldest = self.table.counter_clockwise(dealer)
        """The dealer's right: first to bid and (without a slam) to lead."""
        if any(h & (C.TRUMPS_MASK | EXB) == PETITB for h in self.hands):
            self._throw_in("petit-sec")
        else:
            self.phase = "bid"
            self.to_act = self.eldest

    # -- decisions ---------------------------------------------------------------------------

    def verbs(self) -> tuple[str, ...]:
        """The record's verbs; at five players also ``call`` (after ``bid``)."""
        return ("bid", "call", *self.VERBS[1:]) if self.layout.calls else self.VERBS

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == "bid":
            top = self.top_bid()
            return [self._action(seat, "bid", b) for b in BIDS if b == "pass" or
                    BIDS.index(b) > BIDS.index(top)]
        if self.phase == "call":
            return [self._action(seat, "call", C.format_tarot(c))
                    for c in C.bits(callable_cards(self.hands[seat]))]
        if self.phase == "discard":
            return [self._action(seat, "discard", C.format_tarot(c))
                    for c in C.bits(self.discard_mask())]
        if self.phase == "announce":
            return [self._action(seat, "slam", False), self._action(seat, "slam", True)]
        shows = [self._action(seat, "handful", h)
                 for h in canonical_handfuls(self.hands[seat], self.layout.handfuls)
                 ] if self.may_show_handful(seat) else []
        return [*shows, *self.play_actions(seat)]

    def vocabulary(self, seat: int) -> list[Action]:
        """Every bid while bidding; every king (queen, knight, jack) while calling; the
        declarer's slam announcement (no, yes)."""
        if self.phase == "bid":
            return [self._action(seat, "bid", b) for b in BIDS]
        if self.phase == "call" and seat == self.declarer:
            return [self._action(seat, "call", C.format_tarot(14 * suit + rank))
                    for rank in CALL_RANKS for suit in range(4)]
        if self.phase == "announce" and seat == self.declarer:
            return [self._action(seat, "slam", False), self._action(seat, "slam", True)]
        return []

    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        if verb == "bid":
            if self.phase != "bid":
                return self._wrong_phase("bid", self.phase)
            if value not in BIDS:
                return Message("{value} is not a bid (expected one of {bids})",
                               value=repr(value), bids=", ".join(BIDS))
            top = self.top_bid()
            if value != "pass" and BIDS.index(value) <= BIDS.index(top):
                return Message("{seat} cannot bid {bid}: {top} has been bid, so {seat} must bid "
                               "higher or pass",
                               you="You cannot bid {bid}: {top} has been bid, so you must bid "
                                   "higher or pass",
                               seat=named_seat(seat, self.table),
                               bid=Word(CONTRACT_NAMES[value]),
                               top=Word(CONTRACT_NAMES[top]))
            return None
        if verb == "call":
            if self.phase != "call":
                return self._wrong_phase("call", self.phase)
            return self.call_reason(seat, value)
        if verb == "discard":
            if self.phase != "discard":
                return self._wrong_phase("discard", self.phase)
            return self.discard_reason(seat, value)
        if verb == "slam":
            if self.phase != "announce":
                return self._wrong_phase("slam announcement", self.phase)
            if not isinstance(value, bool):
                return Message("a slam announcement is true or false, not {value}",
                               value=repr(value))
            return None
        if verb == "handful":
            if self.phase != "play":
                return self._wrong_phase("handful", self.phase)
            return self.handful_reason(seat, value)
        if self.phase != "play":
            return self._wrong_phase("card play", self.phase)
        return self.check_play(seat, value)

    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        if verb == "bid":
            self.bids.append((seat, value))
            if len(self.bids) < self.table.size:
                self.to_act = self.next_seat(seat)
            else:
                self._end_bidding()
        elif verb == "call":
            self.called = C.parse_tarot(value)
            holder = next((s for s in range(self.table.size) if self.hands[s] >> self.called & 1),
                          None)
            self.partner = None if holder == seat else holder
            self._open_talon()
        elif verb == "discard":
            bit = C.parse_tarot(value)
            self.hands[seat] &= ~(1 << bit)
            self.discard |= 1 << bit
            if self.discard.bit_count() == self.layout.talon:
                self.phase = "announce"
        elif verb == "slam":
            self.slam_announced = value
            self.phase = "play"
            self.start_trick(seat if value else self.eldest)
        elif verb == "handful":
            self.handfuls[seat] = C.mask_of(C.parse_tarot(c) for c in value)
        else:
            self.played.add(seat)
            bit = C.parse_tarot(value)
            self.play_bit(seat, bit)

    def top_bid(self) -> str:
        """The highest bid so far (``"pass"`` when nobody has bid)."""
        return max((b for _, b in self.bids), key=BIDS.index, default="pass")

    def _end_bidding(self) -> None:
        top = self.top_bid()
        if top == "pass":
            self._throw_in("all-pass")
            return
        self.contract = top
        self.declarer = next(s for s, b in self.bids if b == top)
        self.to_act = self.declarer
        if self.layout.calls:
            self.phase = "call"
        else:
            self._open_talon()

    def _open_talon(self) -> None:
        """After the bidding (and the call): a take or keep declarer takes up the talon, shown
        to all, and discards; otherwise the slam announcement comes next."""
        assert self.declarer is not None
        if self.contract in ("take", "keep"):
            self.hands[self.declarer] |= self.talon
            self.phase = "discard"
        else:
            self.phase = "announce"

    def _throw_in(self, reason: str) -> None:
        self.thrown_in = reason
        self.phase = "done"
        self.to_act = None

    # -- the call (five players) -------------------------------------------------------------

    def call_reason(self, seat: int, value: object) -> str | None:
        """Why ``seat`` (the declarer) may not call ``value`` (a card in notation), or
        ``None``: it must be one of :func:`callable_cards`."""
        bit = C.parse_tarot(value)
        if callable_cards(self.hands[seat]) >> bit & 1:
            return None
        who, card = named_seat(seat, self.table), Card(C.format_tarot(bit))
        rank = call_rank(self.hands[seat])
        if rank == 13:
            return Message("{seat} cannot call {card}: the declarer calls a king",
                           you="You cannot call {card}: you must call a king",
                           seat=who, card=card)
        if rank == 12:
            return Message("{seat} cannot call {card}: {seat} holds all four kings and must "
                           "call a queen",
                           you="You cannot call {card}: you hold all four kings and must "
                               "call a queen", seat=who, card=card)
        if rank == 11:
            return Message("{seat} cannot call {card}: {seat} holds all four kings and queens "
                           "and must call a knight",
                           you="You cannot call {card}: you hold all four kings and queens "
                               "and must call a knight", seat=who, card=card)
        return Message("{seat} cannot call {card}: {seat} holds all four kings, queens and "
                       "knights and must call a jack",
                       you="You cannot call {card}: you hold all four kings, queens and "
                           "knights and must call a jack", seat=who, card=card)

    def partner_known_to(self, viewer: int) -> bool:
        """Whether ``viewer`` knows who the declarer's partner is (or that there is none):
        the partner itself, the declarer holding the called card, and everybody once the called
        card is played or the talon holding it is shown."""
        if self.called is None:
            return False
        if viewer == self.partner or self.called in self.played_cards():
            return True
        if viewer == self.declarer and self.partner is None and (
                self.hands[viewer] | self.discard | self.won[viewer]) >> self.called & 1:
            return True
        return bool(self.contract in ("take", "keep") and self.talon >> self.called & 1)

    def played_cards(self) -> list[int]:
        """Every card played to a trick so far, in order."""
        return [c for t in [*self.tricks, *([self.trick] if self.trick else [])]
                for c in t.cards]

    # -- the discard -------------------------------------------------------------------------

    def discard_mask(self) -> int:
        """The cards the declarer may lay away next: suit cards but kings; trumps other than
        the oudlers too when the suit cards cannot fill the discard."""
        assert self.declarer is not None
        hand = self.hands[self.declarer]
        plain = hand & PLAIN & ~KINGS
        if plain.bit_count() >= self.layout.talon - self.discard.bit_count():
            return plain
        return plain | (hand & DISCARDABLE_TRUMPS)

    def discard_reason(self, seat: int, card: object) -> str | None:
        """Why ``seat`` (the declarer) may not lay away ``card`` now, or ``None``."""
        bit = C.parse_tarot(card)
        who, name = named_seat(seat, self.table), Card(C.format_tarot(bit))
        if not self.hands[seat] >> bit & 1:
            return not_held(seat, name, self.table)
        if (KINGS >> bit) & 1:
            return Message("{seat} may not discard {card}: a king may not be discarded",
                           you="You may not discard {card}: a king may not be discarded",
                           seat=who, card=name)
        if (OUDLERS >> bit) & 1:
            return Message("{seat} may not discard {card}: an oudler ({oudlers}) may not be "
                           "discarded",
                           you="You may not discard {card}: an oudler ({oudlers}) may not be "
                               "discarded", seat=who, card=name, oudlers=Cards(("T1", "T21", "EX")))
        if not (self.discard_mask() >> bit) & 1:
            plain = self.hands[seat] & PLAIN & ~KINGS
            return Message("{seat} may discard a trump only when nothing else can go (holds "
                           "{cards})",
                           you="You may discard a trump only when nothing else can go (you "
                               "hold {cards})", seat=who, cards=Cards(names(plain)))
        return None

    # -- handfuls ----------------------------------------------------------------------------

    def may_show_handful(self, seat: int) -> bool:
        """True when ``seat`` has not played yet, has shown no handful and qualifies for one."""
        return (seat not in self.played and seat not in self.handfuls
                and bool(handful_levels(self.hands[seat], self.layout.handfuls)))

    def handful_reason(self, seat: int, value: object) -> str | None:
        """Why ``seat`` may not show ``value`` (a list of cards) as a handful now, or ``None``."""
        who = named_seat(seat, self.table)
        if seat in self.played:
            return Message("{seat} has already played a card: a handful is shown before the "
                           "first card",
                           you="You have already played a card: a handful is shown before the "
                               "first card", seat=who)
        if seat in self.handfuls:
            return Message("{seat} has already shown a handful",
                           you="You have already shown a handful", seat=who)
        if not isinstance(value, list):
            return Message("a handful is a list of cards, such as {example}",
                           example='["T1", "T2", ..., "T10"]')
        shown = [C.parse_tarot(c) for c in value]
        mask = C.mask_of(shown)
        if len(shown) != mask.bit_count():
            twice = sorted({c for c in shown if shown.count(c) > 1})
            return Message("the handful shows {cards} more than once",
                           cards=Cards(names(C.mask_of(twice))))
        missing = mask & ~self.hands[seat]
        if missing:
            return not_held(seat, Cards(names(missing)), self.table)
        odd = mask & ~(C.TRUMPS_MASK | EXB)
        if odd:
            return _not_a_trump(odd)
        sizes = [size for size, _ in self.layout.handfuls]
        if len(shown) not in sizes:
            return Message("a handful shows exactly {single}, {double} or {triple} trumps "
                           "(single, double, triple); this one shows {n}", n=len(shown),
                           single=sizes[0], double=sizes[1], triple=sizes[2])
        if mask & ~handful_pool(self.hands[seat], len(shown)):  # the Excuse, not short
            return self._excuse_not_short(seat)
        return None

    def handful_pick_reason(self, seat: int, card: str, size: int) -> str | None:
        """Why ``card`` may not be among the cards ``seat`` chooses to show in a handful of
        ``size`` (:func:`handful_pool`: a trump it holds, or the Excuse when short of
        trumps), or ``None`` when it may — the reasons :meth:`handful_reason` gives."""
        face = C.parse_tarot(card)
        if not self.hands[seat] >> face & 1:
            return not_held(seat, Cards(names(1 << face)), self.table)
        if not (C.TRUMPS_MASK | EXB) >> face & 1:
            return _not_a_trump(1 << face)
        if not handful_pool(self.hands[seat], size) >> face & 1:
            return self._excuse_not_short(seat)
        return None

    def _excuse_not_short(self, seat: int) -> Message:
        """The reason a seat holding enough trumps may not show the Excuse."""
        held = (self.hands[seat] & C.TRUMPS_MASK).bit_count()
        return Message("{seat} may show the Excuse only when short of trumps ({seat} holds "
                       "{n} trumps)",
                       you="You may show the Excuse only when short of trumps (you hold "
                           "{n} trumps)", seat=named_seat(seat, self.table), n=held)

    def handful_total(self) -> int:
        """The bonus of every handful shown so far."""
        bonus = dict(self.layout.handfuls)
        return sum(bonus[m.bit_count()] for m in self.handfuls.values())

    # -- play --------------------------------------------------------------------------------

    def trick_cards(self) -> list[int]:
        """The cards of the open trick so far, in order (none when no trick is open)."""
        return self.trick.cards if self.trick is not None else []

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

    def excuse_wins(self, trick: Trick) -> bool:
        """True when ``trick`` is the last, led with the Excuse by a side that won every
        earlier trick (``self.tricks`` holds only the earlier ones, or ``trick`` last)."""
        earlier = [t for t in self.tricks if t is not trick]
        side = self.side(trick.leader)
        won = sum(1 for t in earlier if t.winner is not None and self.side(t.winner) == side)
        return excuse_wins(len(earlier), trick.cards[0] == C.EXCUSE, won, self.layout.tricks)

    def side(self, seat: int) -> int:
        """0 for the declarer's side (the declarer, and at five its partner), 1 for a
        defender."""
        return 0 if seat == self.declarer or (self.partner is not None and seat == self.partner) \
            else 1

    def gather(self, trick: Trick) -> None:
        """The trick goes to its winner, except an Excuse played before the last trick: it goes
        to its owner, whose side owes the winner a 0.5-point card (given now, or as soon as
        that side has one; :func:`excuse_fate`)."""
        winner = trick.winner
        assert winner is not None
        cards = C.mask_of(trick.cards)
        if cards & EXB:
            owner = trick.seats[trick.cards.index(C.EXCUSE)]
            kept, value = excuse_fate(len(self.tricks) - 1, self.side(owner), self.side(winner),
                                      self.layout.tricks)
            if kept:
                self.won[owner] |= EXB
                cards ^= EXB
            if value:
                self.owed.append((owner, winner))
        self.won[winner] |= cards
        self._settle_exchanges()

    def _settle_exchanges(self) -> None:
        """Give every pending exchange's card whose owner side now has one
        (:func:`exchange_card`: the owner's pile first, then its side's others in seat
        order)."""
        still = []
        for owner, to in self.owed:
            piles = [owner, *(s for s in range(self.table.size) if s != owner and
                              self.side(s) == self.side(owner))]
            given = exchange_card([self.won[s] for s in piles])
            if given is None:
                still.append((owner, to))
                continue
            source, card = piles[given[0]], given[1]
            self.won[source] ^= card
            self.won[to] |= card
        self.owed = still

    def trick_done(self, trick: Trick) -> None:
        if len(self.tricks) == self.layout.tricks:
            self.phase = "done"
            self.to_act = None
        else:
            assert trick.winner is not None
            self.start_trick(trick.winner)

    # -- counting and the result -------------------------------------------------------------

    def declarer_pile(self) -> int:
        """The cards that count for the declarer's side: its tricks (at five, the partner's
        too), plus the discard (take, keep) or the talon (keep without)."""
        assert self.declarer is not None
        pile = 0
        for s in range(self.table.size):
            if self.side(s) == 0:
                pile |= self.won[s]
        if self.contract in ("take", "keep"):
            pile |= self.discard
        elif self.contract == "keep-without":
            pile |= self.talon
        return pile

    def counting_cards(self) -> list[str]:
        """The cards of the declarer's pile (:meth:`declarer_pile`) worth more than half a
        point — the oudlers, then the kings, queens, knights and jacks — as a count of the
        hand shows them; empty while nobody has taken."""
        if self.declarer is None:
            return []
        pile = self.declarer_pile()
        return [n for kind in (OUDLERS, KINGS, QUEENS, KNIGHTS, JACKS) for n in names(pile & kind)]

    def declarer_half_points(self) -> int:
        """The declarer's card points so far in half points, counting each unsettled Excuse
        exchange as settled (see the module's decisions)."""
        return half_points(self.declarer_pile()) + sum(
            exchange_value(self.side(owner)) for owner, _ in self.owed)

    def petit_au_bout(self) -> int:
        """+1 when the declarer took the Petit at the end, -1 the defence, 0 neither (only
        meaningful once the hand is played out)."""
        tricks = self.layout.tricks
        if len(self.tricks) < tricks:
            return 0
        ex_won = self.excuse_wins(self.tricks[-1])
        for i in (tricks - 1, tricks - 2):
            trick = self.tricks[i]
            if C.PETIT in trick.cards and petit_au_bout(i, ex_won, tricks):
                assert trick.winner is not None
                return 1 if self.side(trick.winner) == 0 else -1
        return 0

    def result(self) -> dict[str, Any] | None:
        if self.phase != "done":
            return None
        if self.thrown_in is not None:
            return {"thrown_in": self.thrown_in}
        assert self.declarer is not None and self.contract is not None
        half = self.declarer_half_points()
        oudlers = (self.declarer_pile() & OUDLERS).bit_count()
        pab = self.petit_au_bout()
        handful = self.handful_total()
        taken = sum(1 for t in self.tricks if t.winner is not None and self.side(t.winner) == 0)
        target, won, slam, unit = settle(self.contract, half, oudlers, pab, handful, taken,
                                         bool(self.slam_announced), self.layout.tricks)
        result: dict[str, Any] = {"declarer": self.seat_letter(self.declarer)}
        if self.layout.calls:
            result["partner"] = None if self.partner is None else self.seat_letter(self.partner)
        result.update({
            "bid": self.contract, "oudlers": oudlers, "points": half / 2, "target": target,
            "won": won, "petit_au_bout": {1: "declarer", -1: "defence", 0: None}[pab],
            "handful": handful, "slam": slam,
            "score": payments(self.table, self.declarer, self.partner, unit)})
        return result

    # -- what a seat may know ----------------------------------------------------------------

    def redact(self, action: dict[str, Any], viewer: int) -> dict[str, Any]:
        """Another seat sees a discarded card only when it is a trump."""
        if ("discard" in action and self.table.index(action["seat"]) != viewer
                and C.suit_tarot(C.parse_tarot(action["discard"])) != 4):
            return {"seat": action["seat"], "discard": None}
        return dict(action)

    def public_facts(self, viewer: int) -> dict[str, Any]:
        """Contract, declarer, the talon when it was shown (take, keep), the trumps laid away,
        the handfuls shown and the slam announcement; the declarer also sees its discard.

        At five players also ``called`` (the card called, once called), and what ``viewer``
        knows of the declarer's side (:meth:`partner_known_to`): ``partner`` (the partner's
        letter when the viewer knows it, else ``None``) and ``alone`` (``True`` when the viewer
        knows the declarer plays alone, ``False`` when it knows the partner, ``None`` while it
        does not know). Before the called card is played only the partner itself knows who it
        is; the declarer learns it with everybody else."""
        letters = self.table.letters
        shown = self.declarer is not None and self.contract in ("take", "keep") and (
            not self.layout.calls or self.called is not None)
        facts: dict[str, Any] = {
            "contract": self.contract,
            "declarer": None if self.declarer is None else letters[self.declarer],
            "talon": names(self.talon) if shown else None,
            "discard_trumps": names(self.discard & C.TRUMPS_MASK),
            "handfuls": {letters[s]: names(m) for s, m in sorted(self.handfuls.items())},
            "slam": self.slam_announced,
        }
        if viewer == self.declarer and self.discard:
            facts["discard"] = names(self.discard)
        if self.layout.calls:
            known = self.partner_known_to(viewer)
            facts["called"] = None if self.called is None else C.format_tarot(self.called)
            facts["partner"] = letters[self.partner] if known and self.partner is not None \
                else None
            facts["alone"] = (self.partner is None) if known else None
        return facts

    def shown_voids(self) -> list[set[str]]:
        """What the cards played show each seat lacks (:func:`revealed`): a seat that did not
        follow the suit to follow is void in it; one that neither followed nor trumped is void
        in trumps too. The Excuse shows nothing, and when it leads, the next card sets the
        suit."""
        voids = [0] * self.table.size
        for t in [*self.tricks, *([self.trick] if self.trick else [])]:
            for i, (seat, card) in enumerate(zip(t.seats, t.cards, strict=True)):
                voids[seat] |= revealed(trick_state(t.cards[:i])[0], card)
        return [suit_letters({s for s in range(5) if v >> s & 1}) for v in voids]


# --------------------------------------------------------------------------------------------
# Dealing and the first dealer


def deal(rng: random.Random, dealer: int, options: Mapping[str, Any]) -> dict[str, list[str]]:
    """Shuffle and deal in record form, as the table of ``options`` deals (:class:`Layout`):
    four players 18 cards each in packets of three, three players 24 in packets of four, five
    players 15 in packets of three; counter-clockwise from the dealer's right, and the talon
    (six cards; three at five) one card at a time between packets (never the first or the last
    card)."""
    lay = layout(options)
    table = lay.table
    deck = C.shuffled(range(C.TAROT_CARDS), rng)
    order = table.order(table.counter_clockwise(dealer), clockwise_order=False)
    packets = table.size * lay.hand_size // lay.packet
    gaps = set(rng.sample(range(1, packets), lay.talon))
    piles: dict[str, list[int]] = {**{s: [] for s in table.letters}, "talon": []}
    pos = 0
    for packet in range(packets):
        if packet in gaps:
            piles["talon"].append(deck[pos])
            pos += 1
        piles[table.letters[order[packet % table.size]]].extend(deck[pos:pos + lay.packet])
        pos += lay.packet
    return {k: [C.format_tarot(c) for c in v] for k, v in piles.items()}


def draw_rank(card: int) -> int:
    """A card's rank in the draw for the first dealer: suit cards by rank (1 lowest … K),
    trumps above them all; the Excuse is never compared (it is drawn again)."""
    return card % 14 if card < C.TRUMP_BASE else card


def first_dealer(rng: random.Random, options: Mapping[str, Any] | None = None) -> int:
    """The draw for the first dealer: every seat (of the table of ``options``; default four)
    draws a card, the lowest deals; the Excuse is drawn again and seats tied for lowest draw
    again among themselves."""
    deck = C.shuffled(range(C.TAROT_CARDS), rng)
    contenders = list(range(layout(options or {}).players))
    while True:
        if len(deck) < 5 * len(contenders):
            deck = C.shuffled(range(C.TAROT_CARDS), rng)
        drawn = {}
        for s in contenders:
            card = deck.pop()
            while card == C.EXCUSE:
                card = deck.pop()
            drawn[s] = draw_rank(card)
        low = min(drawn.values())
        contenders = [s for s in contenders if drawn[s] == low]
        if len(contenders) == 1:
            return contenders[0]


# --------------------------------------------------------------------------------------------
# A game of several hands


class TarotTally(Tally):
    """Per-seat running totals over ``hands`` hands played out; the deal passes to the right."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.table = layout(options).table
        self.totals = [0] * self.table.size
        self.counted = 0
        """Hands played out (thrown-in hands are not counted)."""

    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        self.hands += 1
        if "thrown_in" in result:
            return
        self.counted += 1
        for s, letter in enumerate(self.table.letters):
            self.totals[s] += result["score"][letter]

    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        return self.table.counter_clockwise(dealer)

    def scores(self) -> dict[str, Any]:
        return dict(zip(self.table.letters, self.totals, strict=True))

    def winner(self) -> str | list[str] | None:
        """``None`` until ``hands`` hands were played out; then the seat with the highest
        total, or the list of the seats sharing it."""
        if self.counted < self.options["hands"]:
            return None
        top = max(self.totals)
        best = [letter for letter, total in zip(self.table.letters, self.totals, strict=True)
                if total == top]
        return best[0] if len(best) == 1 else best


# --------------------------------------------------------------------------------------------
# Random playouts (benchmarks, tests, searches)

_RULES_BY_SUIT = tuple({1 << best: (*OBLIGATIONS[led][best], BEATEN_BY[best])
                        for best in range(C.EXCUSE)} for led in range(5))
_RULES = {1 << c: (_RULES_BY_SUIT[C.suit_tarot(c)],
                  *_RULES_BY_SUIT[C.suit_tarot(c)][1 << c]) for c in range(C.EXCUSE)}
"""The rules of a trick as :func:`random_playout` reads them, built by :func:`obligations`
and :func:`beats`: for each card that leads (as its bit), ``(rules, follow, over, trumps,
stronger)`` where ``rules`` gives for each card winning the trick (as its bit) its
:func:`obligations` and the cards that beat it, and the rest is ``rules`` of the lead."""
_WIDTH = tuple((n - 1).bit_length() for n in range(32))
"""Random bits needed to draw an index below ``n`` (rejection sampling keeps it uniform)."""


def _playout_view(hand: TarotHand) -> tuple[Any, ...]:
    """What :func:`random_playout` starts from, computed once per position and cached on the
    hand (keyed by the number of actions applied): the declarer, the hands, the declarer's pile
    and count so far, tricks taken, the Petit's trick, handfuls, and the open trick's state."""
    key = len(hand.history)
    cached = hand.__dict__.get("_playout_view")
    if cached is not None and cached[0] == key:
        seen: tuple[Any, ...] = cached[1]
        return seen
    if hand.phase != "play" or hand.trick is None or hand.declarer is None:
        raise ValueError("a random playout starts in the play phase")
    decl = hand.declarer
    dmask = hand.declarer_pile()
    adj = hand.declarer_half_points() - half_points(dmask)
    taken = sum(1 for t in hand.tricks if t.winner == decl)
    petit = next(((i, t.winner) for i, t in enumerate(hand.tricks) if C.PETIT in t.cards),
                 (-1, -1))
    hf = tuple(() if s in hand.played or s in hand.handfuls else handful_levels(hand.hands[s])
               for s in range(4))
    trick = hand.trick
    hands = list(hand.hands)
    for s, c in zip(trick.seats, trick.cards, strict=True):
        hands[s] |= 1 << c  # the loop plays the open trick's cards again
    view = (decl, hand.contract, bool(hand.slam_announced), tuple(hands), dmask, adj, taken,
            *petit,
            hand.handful_total(), hf, sum(1 for x in hf if x), len(hand.tricks), trick.leader,
            tuple(trick.cards))
    hand.__dict__["_playout_view"] = (key, view)
    return view


def random_playout(hand: TarotHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, int, int, int]:
    """Play ``hand`` (anywhere in its play phase) to the end with uniformly random legal
    decisions, without changing ``hand``; returns the scores of S, W, N, E as
    :meth:`TarotHand.result` would give them.

    Every decision is uniform over the legal actions, as :meth:`TarotHand.legal_actions` lists
    them: before its first card a seat that qualifies may show one of its canonical handfuls.
    When ``trace`` is a list, every decision is appended to it as a record action, so the same
    hand can be replayed through the engine. The loop works on int bit sets only: a card is its
    bit (``low``); the rules are those of :func:`legal`, :func:`beats`, :func:`excuse_wins`,
    :func:`excuse_fate` and :func:`petit_au_bout`, the per-card ones read from the tables they
    built (:data:`_RULES`: for the card winning the trick so far, the three masks of
    :func:`obligations` — ``follow``, ``over``, ``trumps`` — and the cards that beat it,
    ``stronger``).

    It plays the four-player table only (a ``ValueError`` at three or five players: there
    :func:`engine_playout` plays through the engine).
    """
    if hand.table.size != 4:
        raise ValueError("random_playout plays the four-player table; use engine_playout")
    if hand.phase == "done":
        res = hand.result() or {}
        score = res.get("score", dict.fromkeys(C.SEATS, 0))
        return score["S"], score["W"], score["N"], score["E"]
    (decl, contract, slam, hands, dmask, adj, dt, petit_trick, petit_winner, shown, hf, hf_left,
     first_trick, leader, forced) = _playout_view(hand)
    hands = list(hands)
    rb = rng.getrandbits
    width = _WIDTH
    rules_of = _RULES
    exb = EXB
    after = NEXT_SEAT
    # The slow path's state (see _slow_pick): the open trick's cards still to replay, handfuls.
    slow_state = [list(forced[::-1]), list(hf), hf_left, shown, trace]
    ex_slam = False
    slow = True
    for t in range(first_trick, TRICKS):
        if slow:  # once the open trick is replayed and the handfuls are past, it stays fast
            slow = bool(slow_state[0] or slow_state[2]) or trace is not None
        # The lead (after a led Excuse, the next card sets the suit to follow).
        seat = leader
        h = hands[seat]
        if slow:
            low = _slow_pick(seat, h, hands, rb, slow_state)
        else:
            n = h.bit_count()
            k = rb(width[n])
            while k >= n:
                k = rb(width[n])
            while k:
                h &= h - 1
                k -= 1
            low = h & -h
            h = hands[seat]
        hands[seat] = h ^ low
        tm = low
        ex_seat = -1
        followers = 3
        if low == exb:
            ex_seat = seat
            seat = after[seat]
            low = _slow_pick(seat, hands[seat], hands, rb, slow_state)
            hands[seat] ^= low
            tm |= low
            followers = 2
        winner = seat
        rules, follow, over, trumps, stronger = rules_of[low]
        # The others, in turn: legal() with the tables, and the winner by beats().
        for _ in range(followers):
            seat = after[seat]
            h = hands[seat]
            legal = (h & follow) or (h & over) or (h & trumps) or h
            if h >= exb:
                legal |= exb
            if slow:
                low = _slow_pick(seat, legal, hands, rb, slow_state)
            else:
                n = legal.bit_count()
                if n > 1:
                    k = rb(width[n])
                    while k >= n:
                        k = rb(width[n])
                    while k:
                        legal &= legal - 1
                        k -= 1
                low = legal & -legal
            hands[seat] = h ^ low
            tm |= low
            if low & stronger:
                follow, over, trumps, stronger = rules[low]
                winner = seat
            elif low == exb:
                ex_seat = seat
        # The trick to its winner; the Excuse as excuse_wins() and excuse_fate() say.
        gain = tm
        if ex_seat >= 0:
            if excuse_wins(t, ex_seat == leader, dt if leader == decl else t - dt):
                winner = leader
                ex_slam = True
            kept, value = excuse_fate(t, int(ex_seat != decl), int(winner != decl))
            if kept:
                gain = tm ^ exb
                if ex_seat == decl:
                    dmask |= exb
                adj += value
        if winner == decl:
            dmask |= gain
            dt += 1
        if tm & PETITB:
            petit_trick, petit_winner = t, winner
        leader = winner
    pab = 0
    if petit_au_bout(petit_trick, ex_slam):
        pab = 1 if petit_winner == decl else -1
    unit = settle(contract, half_points(dmask) + adj, (dmask & OUDLERS).bit_count(), pab,
                  slow_state[3], dt, slam)[3]
    scores = [-unit, -unit, -unit, -unit]
    scores[decl] = 3 * unit
    return scores[0], scores[1], scores[2], scores[3]


def _slow_pick(seat: int, legal: int, hands: list[int], rb: Any, state: list[Any]) -> int:
    """The slow path of one decision of :func:`random_playout`: a card of the open trick
    played again, a handful that may be shown before a seat's first card, the trace. ``state``
    is ``[cards to replay (last first), handful levels per seat, seats that may still show,
    handfuls shown, trace]`` and is updated."""
    forced, hf, _, shown, trace = state
    if forced:
        again: int = 1 << forced.pop()
        return again
    n = legal.bit_count()
    if hf[seat]:
        n, state[3] = _maybe_handful(n, hands[seat], seat, hf, rb, shown, trace)
        state[2] -= 1
    k = rb(_WIDTH[n])
    while k >= n:
        k = rb(_WIDTH[n])
    while k:
        legal &= legal - 1
        k -= 1
    low = legal & -legal
    if trace is not None:
        trace.append({"seat": C.SEATS[seat], "play": C.format_tarot(C.lowest(low))})
    return low


def _maybe_handful(n: int, hand: int, seat: int, hf: list[tuple[int, ...]],
                   rb: Any, shown: int, trace: list[Action] | None) -> tuple[int, int]:
    """A seat about to play its first card (``n`` legal plays) that may show a handful: draw
    among the handfuls and the plays; a handful drawn is shown (added to ``shown``, traced) and
    the play is drawn next. Returns ``(n, shown)``."""
    levels = hf[seat]
    hf[seat] = ()
    m = n + len(levels)
    k = rb(_WIDTH[m])
    while k >= m:
        k = rb(_WIDTH[m])
    if k >= n:
        bonus = levels[k - n]
        shown += bonus
        if trace is not None:
            size = next(size for size, b in HANDFULS if b == bonus)
            show = next(x for x in canonical_handfuls(hand) if len(x) == size)
            trace.append({"seat": C.SEATS[seat], "handful": show})
    return n, shown


def playout_start(rng: random.Random) -> TarotHand:
    """A freshly dealt hand brought to its first card: a random seat bids a random contract,
    the others pass, a take or keep declarer lays away random legal cards and announces no
    slam. Deals with a petit sec are dealt again."""
    while True:
        dealer = rng.randrange(4)
        hand = TarotHand(deal(rng, dealer, {}), dealer, {"hands": 4})
        if not hand.done:
            break
    bidder = rng.randrange(4)
    contract = rng.choice(BIDS[1:])
    while hand.phase == "bid":
        seat = hand.to_act
        assert seat is not None
        hand.apply({"seat": C.SEATS[seat], "bid": contract if seat == bidder else "pass"})
    while hand.phase == "discard":
        hand.apply(rng.choice(hand.legal_actions()))
    hand.apply({"seat": C.SEATS[bidder], "slam": False})
    return hand


def engine_playout(hand: TarotHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, ...]:
    """Play ``hand`` (at any table size, in any phase) to the end through the engine with
    uniformly random legal actions (:meth:`TarotHand.legal_actions`), without changing
    ``hand``; returns each seat's score in seat order (all 0 for a hand thrown in). Every
    action is appended to ``trace`` when it is a list. Slower than :func:`random_playout`,
    which plays only the four-player table."""
    play = hand.clone()
    while not play.done:
        action = rng.choice(play.legal_actions())
        play.apply(action)
        if trace is not None:
            trace.append(action)
    res = play.result() or {}
    score = res.get("score", dict.fromkeys(play.table.letters, 0))
    return tuple(score[letter] for letter in play.table.letters)


def _hands_choices(options: Mapping[str, Any]) -> tuple[int, tuple[int, ...]]:
    """The option ``hands`` under ``players``: one hand per player by default, or two or
    three per player (RULES.md section 5)."""
    n = options.get("players", 4)
    return n, (n, 2 * n, 3 * n)


SPEC = GameSpec(
    name="tarot",
    title=N_("French Tarot"),
    options={"hands": Option(4, (4, 8, 12), N_("hands played out in a game"),
                             given_by=_hands_choices)},
    players=Option(4, (3, 4, 5), N_("players at the table")),
    new_hand=lambda d, dealer, options: TarotHand(d, dealer, options),
    deal=deal,
    first_dealer=first_dealer,
    tally=TarotTally,
    summary=N_("France: 78 cards, 3 to 5 players; the declarer against the rest (at 5, "
               "with a called king)."),
    extras={"random_playout": random_playout, "playout_start": playout_start,
            "engine_playout": engine_playout},
    pack=PACK_TAROT,
    table=lambda options: layout(options).table,
)

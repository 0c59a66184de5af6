"""What every seat's card play in French Tarot reads and counts, whatever its role: the card
tables (suits, points, the cards above a card), the reason codes, the table and its sides
(:class:`Seating`), the open trick (:func:`trick_state`), and the count of the unseen cards —
who may still beat a card (:func:`beatable`, :func:`proven`), how likely an opponent is out of a
suit and trumps it (:func:`void_chance`, :func:`ruff_chance`, :func:`safe`), whether the Petit
is worth risking (:func:`petit_risk_ok`). Imports no other module of the card play; the policy
(:mod:`.tarot_policy`), the roles (:mod:`.tarot_declarer`, :mod:`.tarot_defence`), the reasons
(:mod:`.tarot_reasons`) and the playouts (:mod:`.tarot_playout`) all read it. The public face
is :mod:`.tarot_play`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from .. import tarot as T
from ..cards import named_card
from ..message import Card, Seat
from ..native import rebuilt
from ..tarot import PETITB, SUIT_MASKS, half_points
from .view import SEAT_NAMES

EASY, NORMAL = 1, 2
TRUMPS = C.TRUMPS_MASK
PETIT, MONDE, EXCUSE = C.PETIT, C.MONDE, C.EXCUSE
SUIT = tuple(C.suit_tarot(c) for c in range(C.TAROT_CARDS))
"""Suit of every card: 0..3 the suits S H D C, 4 trumps, 5 the Excuse."""
SMASK = tuple(SUIT_MASKS[:5])
"""Mask of each suit (4: trumps)."""
PTS = tuple(half_points(1 << c) for c in range(C.TAROT_CARDS))
"""Card points in half points."""
KING_PTS = PTS[C.parse_tarot("KS")]
"""A king's worth in half points."""
ABOVE = tuple(T.BEATEN_BY[c] & SMASK[SUIT[c]] if c != EXCUSE else 0
              for c in range(C.TAROT_CARDS))
"""The cards of the same suit (trumps for a trump) that beat card ``c``."""
NEXT = T.NEXT_SEAT
"""The seat after each seat (counter-clockwise)."""

# Reason codes of :func:`choose` (sentences in :func:`explain`).
(ONLY, EXCUSE_LATE, EXCUSE_SAVE, EXCUSE_PETIT, KEEP_EXCUSE, PETIT_SAVED, PETIT_WINS, SMEAR,
 SMEAR_LOW, SECURE, WIN, RUFF, OVERTRUMP, FRIEND_WINS, CANNOT_WIN, DISCARD, TRUMP_LOW, DRAW,
 CASH, FORCE_RUFF, LOW_LEAD, ONLY_TRUMPS, PETIT_BOUT, KING_LEAD, PETIT_RISK,
 PETIT_SAVED_RISK, HUNT_PETIT, LEAD_THROUGH, UNSURE, TRUMP_LOST, EXCUSE_LOST, TRUMP_LOW_PETIT,
 TRUMP_LOST_PETIT, DRAW_PLAIN, DRAW_TRUMPS, APPEL_DISCARD, CALLED_LEAD, RETURN_LEAD,
 CHASE_LEAD, EXCUSE_FOR_KING) = range(40)
"""The case a code names is decided where the card is chosen: ``CANNOT_WIN``,
``TRUMP_LOST``/``TRUMP_LOST_PETIT``, ``EXCUSE_LOST`` and ``DISCARD`` only when no legal card
beats the trick's winning card; ``UNSURE``, ``TRUMP_LOW``/``TRUMP_LOW_PETIT`` and
``EXCUSE_SAVE`` when one does but an opponent still to play may beat it; the ``_PETIT`` codes
when the trump played is the lowest the seat may play after the Petit, which it keeps;
``DRAW`` for a declarer keeping kings, ``DRAW_PLAIN`` for one without kings, ``DRAW_TRUMPS``
for a hand of trumps only; the last five for the defence's conventions (issue 29, see
:mod:`.tarot_defence`)."""

APPEL, RETURN, KING_GUARD, PETIT_CHASE = 1, 2, 4, 8
"""The defence's conventions (issue 29), bits of :attr:`Seating.conventions`: the call by the
first discard (:func:`.tarot_defence.appel_discard`, :func:`.tarot_defence.called_lead`),
returning a fellow defender's suit (:func:`.tarot_defence.return_lead`), keeping the Excuse
for an unguarded king (:func:`.tarot_defence.needy_king`) and chasing the Petit together
(:func:`.tarot_defence.chase_lead`)."""
CONVENTIONS = APPEL | RETURN | KING_GUARD | PETIT_CHASE
"""Every convention (the policy's default)."""
CONVENTION_NAMES = {"appel": APPEL, "return": RETURN, "king": KING_GUARD, "petit": PETIT_CHASE}
"""The conventions by name (for measuring each on its own)."""

PETIT_RISK_BARE = 0.25
"""The highest chance (:func:`ruff_chance`) of losing the Petit a seat accepts to play it now
when the Petit is *exposed* (see :func:`petit_risk_ok`)."""
PETIT_RISK_GUARDED = 0.1
"""The same when the Petit is well guarded."""


@dataclass(frozen=True)
class Seating:
    """The table as the card-play policy sees it: its ``size`` (3, 4 or 5 seats; the seat
    after ``s`` is ``(s - 1) % size``, counter-clockwise), how many cards the talon (and so a
    discard) holds, the seats the deciding seat counts on the declarer's side besides the
    declarer (``side``, a bit set: at five the partner once the seat knows it or has read it
    from the play; 0 at three and four) and the seats' names for the reasons. :data:`FOUR`
    is the four-player table, where the policy plays exactly as it always has."""

    size: int = 4
    talon: int = T.TALON_SIZE
    side: int = 0
    names: tuple[Seat, ...] = SEAT_NAMES
    doubt: int = 0
    """The seats (a bit set) whose side the deciding seat cannot be sure of — at five, while
    the partner is secret to it, every seat but itself and the declarer that may hold the
    called card (a partner read from the play is a guess). The policy ignores it; the reasons
    count these seats among the opponents before saying a trick is won for sure
    (:func:`proof_opponents`)."""
    conventions: int = CONVENTIONS
    """The defence's conventions the deciding seat plays and reads (a bit set of
    :data:`APPEL`, :data:`RETURN`, :data:`KING_GUARD`, :data:`PETIT_CHASE`; all by default):
    switched off one by one only to measure them."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through the constructor (the compiled engine keeps this class
        native: :func:`~game.engine.native.rebuilt`)."""
        return rebuilt(self)

    def next(self, seat: int) -> int:
        """The seat that plays after ``seat``."""
        return (seat - 1) % self.size

    def on_side(self, seat: int, decl: int) -> bool:
        """Whether ``seat`` counts as on the declarer's side (the declarer, or in
        :attr:`side`)."""
        return seat == decl or bool(self.side >> seat & 1)


FOUR = Seating()
"""The four-player table (no partner)."""

NOT_YET = -1
"""In :class:`Talk`: the seat has not discarded (or led a low card) yet."""
NO_CALL = 5
"""In :attr:`Talk.calls`: the seat's first discard called nothing (a face card)."""


class Talk:
    """What the defence's conventions read from the play so far — public facts only, the same
    for every seat: per seat, the suit its *first discard* called (:attr:`calls`), the suit of
    its *first low lead* (:attr:`opened`), and the seats that led a trump while the Petit was
    unplayed (:attr:`hunters`). Built from the tricks by :meth:`note`, card by card (the
    reading of a seat's knowledge and the playouts both call it).

    **Decision** (what counts): a *discard* is a suit card played to a trick led in another
    suit or in trumps (the seat has neither); the first one *calls* its suit when it is a low
    card (ace to ten), otherwise it calls nothing (:data:`NO_CALL`), and later discards never
    call. A *low lead* is a suit card from the ace to the ten led to a trick (or played first
    after a led Excuse): a king or a face card cashed is no invitation to return the suit."""

    __slots__ = ("calls", "hunters", "opened", "petit")

    def __init__(self, seats: int) -> None:
        self.calls = [NOT_YET] * seats
        """Seat → the suit (0..3) its first discard called, :data:`NO_CALL`, or
        :data:`NOT_YET`."""
        self.opened = [NOT_YET] * seats
        """Seat → the suit (0..3) of its first low lead, or :data:`NOT_YET`."""
        self.hunters = 0
        """The seats (a bit set) that led a trump other than the Petit before it was played."""
        self.petit = False
        """Whether the Petit has been played."""

    def copy(self) -> Talk:
        """An independent copy (a playout notes its own cards)."""
        out = Talk(0)  # not Talk.__new__: the compiled engine allows no bare instance
        out.calls = list(self.calls)
        out.opened = list(self.opened)
        out.hunters = self.hunters
        out.petit = self.petit
        return out

    def note(self, seat: int, card: int, led: int) -> None:
        """Seat ``seat`` plays ``card`` to a trick whose suit to follow is ``led`` (-1: the
        seat leads, or only the Excuse lies)."""
        s = SUIT[card]
        if led < 0:
            if s < 4 and PTS[card] == 1 and self.opened[seat] == NOT_YET:
                self.opened[seat] = s
            elif s == 4 and card != PETIT and not self.petit:
                self.hunters |= 1 << seat
        elif s < 4 and s != led and self.calls[seat] == NOT_YET:
            self.calls[seat] = s if PTS[card] == 1 else NO_CALL
        if card == PETIT:
            self.petit = True


def name(card: int) -> str:
    """A card in notation (``"KH"``, ``"T21"``, ``"EX"``): for actions."""
    return C.format_tarot(card)


def say(card: int) -> Card:
    """A card as the table draws it (``"K♥"``, ``"trump 21"``, ``"the Excuse"``): for
    reasons."""
    return named_card(name(card))


def trick_state(trick: list[tuple[int, int]]) -> tuple[int, int, int]:
    """``(led, winner, best)`` of an open trick given as ``(seat, card)`` pairs, by
    :func:`game.engine.tarot.trick_state`: the suit to follow (-1 while only the Excuse lies),
    the seat winning so far and its card (-1, -1 when none)."""
    led, best, i = T.trick_state([c for _, c in trick])
    return led, trick[i][0] if i >= 0 else -1, best


def beatable(card: int, led: int, opps: list[int], others: int, voids: list[int],
             ceiling: list[int]) -> bool:
    """Whether an opponent in ``opps`` (still to play) might beat ``card``, the best card of
    the trick, as far as the seat knows."""
    if not opps:
        return False
    if card >= 56:
        higher = others & ABOVE[card]
        if not higher:
            return False
        led_out = others & SMASK[led] if led != 4 else 0
        for o in opps:
            if voids[o] >> 4 & 1 or not higher & ceiling[o]:
                continue
            if led == 4 or voids[o] >> led & 1 or not led_out:
                return True
        return False
    higher = others & ABOVE[card]
    led_out = others & SMASK[led]
    trumps_out = others & TRUMPS
    for o in opps:
        if voids[o] >> led & 1 or not led_out:
            if trumps_out & ceiling[o] and not voids[o] >> 4 & 1:
                return True
        elif higher:
            return True
    return False


def proven(card: int, opps: list[int], others: int, voids: list[int],
           ceiling: list[int]) -> bool:
    """Whether the seat can *prove* that no opponent in ``opps`` beats ``card`` (the best card
    of the trick): none of them may hold a higher card of its suit, nor — for a suit card — a
    trump, counting an opponent who has not shown a void in the suit led as possibly void
    (stricter than :func:`beatable`, which reads such an opponent as following suit)."""
    s = SUIT[card]
    for o in opps:
        if others & ABOVE[card] & (ceiling[o] if s == 4 else ~0) and not voids[o] >> s & 1:
            return False
        if s != 4 and others & TRUMPS & ceiling[o] and not voids[o] >> 4 & 1:
            return False
    return True


def proof_opponents(me: int, decl: int, trick: list[tuple[int, int]],
                    seating: Seating = FOUR) -> list[int]:
    """The seats still to play to the open ``trick`` after ``me`` that may be its opponents:
    those :func:`opponents_after` names, and those whose side it cannot be sure of
    (:attr:`Seating.doubt`). A reason says a trick is won "for sure" only when none of them
    can beat it."""
    out = []
    s = me
    mine = seating.on_side(me, decl)
    for _ in range(seating.size - 1 - len(trick)):
        s = seating.next(s)
        if seating.on_side(s, decl) != mine or seating.doubt >> s & 1:
            out.append(s)
    return out


def slots(me: int, hand: int, others: int, trick: list[tuple[int, int]],
          seating: Seating = FOUR) -> list[int]:
    """How many unseen cards each seat other than ``me`` still holds, and (the last index,
    the table's size) how many lie in the unseen discard or talon, from the seat's own count:
    a seat that has played to the open ``trick`` holds one card fewer than ``me`` (who has not
    played yet); the discard or talon holds the rest, never more than its cards (six at
    four)."""
    left = hand.bit_count()
    played = {s for s, _ in trick}
    sizes = [0 if s == me else left - (s in played) for s in range(seating.size)]
    sizes.append(min(seating.talon, max(0, others.bit_count() - sum(sizes))))
    return sizes


def void_chance(suit: int, opps: list[int], others: int, voids: list[int],
                sizes: list[int]) -> float:
    """The chance that at least one seat in ``opps`` holds no card of ``suit``, counting the
    unseen cards of the suit: they lie, each equally likely in any free place, with the seats
    not known to lack the suit and in the unseen discard or talon (``sizes``: see
    :func:`slots`). 1 when an opponent has shown the void, 0 when none can be void. By
    inclusion-exclusion over the opponents (at most three): so with one club unseen and two
    opponents to play, one of them is out of clubs for sure."""
    if any(voids[o] >> suit & 1 for o in opps):
        return 1.0
    if not opps:
        return 0.0
    k = (others & SMASK[suit]).bit_count()
    pile = len(sizes) - 1
    holders = [s for s in range(pile) if sizes[s] and not voids[s] >> suit & 1] + [pile]
    total = sum(sizes[s] for s in holders)
    if k > total or k == 0:
        return 1.0 if k == 0 else 0.0
    every = 0.0  # the chance that every opponent holds at least one
    for mask in range(1 << len(opps)):
        out = sum(sizes[o] for i, o in enumerate(opps) if mask >> i & 1)
        sign = -1.0 if mask.bit_count() & 1 else 1.0
        every += sign * math.comb(total - out, k) / math.comb(total, k)
    return min(1.0, max(0.0, 1.0 - every))


def ruff_chance(card: int, led: int, opps: list[int], others: int, voids: list[int],
                ceiling: list[int], sizes: list[int]) -> float:
    """How likely an opponent in ``opps`` (still to play) beats ``card``, the best card of the
    trick, *by trumping or overtrumping because it is out of the suit led*, as far as counting
    tells: 0 when no opponent may hold a trump above ``card`` (any trump, for a suit card);
    otherwise the chance that one of those that may is out of the suit led
    (:func:`void_chance`; trumps led: 1). An opponent out of the suit led is read as holding
    such a trump when it may (the safe side). Higher cards of a suit led are not counted here
    (:func:`beatable` reads them)."""
    floor = ABOVE[card] if card >= 56 else TRUMPS
    able = [o for o in opps if not voids[o] >> 4 & 1 and others & floor & ceiling[o]]
    if not able:
        return 0.0
    if led == 4:
        return 1.0
    return void_chance(led, able, others, voids, sizes)


def safe(card: int, led: int, opps: list[int], others: int, voids: list[int],
         ceiling: list[int], sizes: list[int]) -> bool:
    """Whether no seat in ``opps`` (still to play) can beat ``card``, the best card of the
    trick, in any layout the seat thinks possible: none may hold a higher card of the suit
    (:func:`beatable`) and, by the count, none may be out of the suit led and trump it
    (:func:`ruff_chance` 0). The Petit is said safe by this rule."""
    return (not beatable(card, led, opps, others, voids, ceiling)
            and not ruff_chance(card, led, opps, others, voids, ceiling, sizes))


def petit_risk_ok(risk: float, hand: int, others: int) -> bool:
    """Whether playing the Petit now, with chance ``risk`` (> 0) of losing it, is worth it.

    **Decision**: kept, the Petit is lost when the trumps out catch it; a seat holding fewer
    other trumps than half the trumps still out cannot protect it for long (it is *exposed*)
    and accepts a chance of up to :data:`PETIT_RISK_BARE` of losing it now; a guarded Petit only
    up to :data:`PETIT_RISK_GUARDED`. A higher risk is never taken by this rule: the Petit is
    then kept for a safer trick."""
    guards = (hand & TRUMPS & ~PETITB).bit_count()
    out = (others & TRUMPS).bit_count()
    limit = PETIT_RISK_BARE if 2 * guards < out else PETIT_RISK_GUARDED
    return risk <= limit


def opponents_after(me: int, decl: int, trick: list[tuple[int, int]],
                    seating: Seating = FOUR) -> list[int]:
    """The opponents of ``me`` (as far as ``seating`` tells the sides) still to play to the
    open ``trick`` after ``me``."""
    out = []
    s = me
    mine = seating.on_side(me, decl)
    for _ in range(seating.size - 1 - len(trick)):
        s = seating.next(s)
        if seating.on_side(s, decl) != mine:
            out.append(s)
    return out


def is_master(card: int, others: int) -> bool:
    """True when no other seat may hold a card of ``card``'s suit that beats it."""
    return not others & ABOVE[card]


def cheapest(cards: int) -> int:
    """The card of non-empty ``cards`` a seat leads or throws low: the fewest points, then the
    lowest."""
    return min(C.bits(cards), key=lambda c: (PTS[c], c))

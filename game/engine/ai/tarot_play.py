"""French Tarot card play on int bit masks: the easy and normal policy (:func:`choose`), its
one-sentence reasons (:func:`explain`), and the fast perfect-information playout the hard search
runs on sampled layouts (:class:`Playout`).

A card is its tarot id (``suit * 14 + rank`` for the suit cards, ``56..76`` for T1..T21, 77 for
the Excuse) and a hand is a 78-bit mask, as in :mod:`game.engine.tarot`. There are no fixed
partners: the declarer plays alone and the three defenders play together, so a seat's *friends*
are the other defenders (none for the declarer). Play goes counter-clockwise: the seat after
``s`` is ``NEXT[s]``.

What the policy reads is what the seat knows: its hand and legal cards, ``others`` (the cards
another seat — or the unseen discard or talon — may still hold), the open trick, the suits each
seat has shown it lacks (``voids[s]``, a bit set of suit indexes, trumps = 4) and ``ceiling[s]``
(the trumps seat ``s`` may still hold: a seat that played under the top trump of a trick, which
it must overtrump when it can, holds none above it).

**Decisions** (where the brief leaves it open):

* A card is a *sure* winner when no opponent still to play may beat it, reading an opponent who
  has not shown a void in the suit led as following suit (the usual player's assumption). The
  reasons say "for sure" only when the seat can prove it (:func:`proven`: no opponent still to
  play may hold a better card of the suit or, for a suit card, a trump, even if void in the
  suit led); otherwise they say "likely".
* Defenders give their most valuable card (a king first) to a fellow defender's sure trick
  (*charge*), and the Petit before anything else: banked there it can no longer be caught. A
  trick is charged only when, counting the unseen cards of the suit led against the opponents
  still to play (:func:`ruff_chance`), an opponent is out of the suit and trumps with a chance
  of at most :data:`CHARGE_RISK`.
* The Petit is played when it is *safe* — no opponent still to play may hold a trump over it
  and be out of the suit led, by the count (:func:`ruff_chance` 0; reading an opponent who has
  not shown a void as following suit is not enough: with one club unseen and two opponents to
  play, one of them is out of clubs) — or at a counted *risk* worth taking
  (:func:`petit_risk_ok`), on its own winning card or on a fellow defender's; or when it is the
  only trump left to play (the Excuse is played instead when it can save it). With every
  other trump gone it is kept for the last trick (*petit au bout*).
* Defenders lead through the declarer, not into it: of the suits to lead low, one whose
  honours (K, Q, C) are out is preferred when the declarer plays right after the leader and
  avoided when it plays last; a defender with the master trump and four trumps, or two late in
  the hand, leads it to hunt an unseen Petit (:func:`_hunt`); discards keep a king's guards
  (:func:`_least_useful`).
* The Excuse is played at the latest with two cards left (it is lost in the last trick), except
  by a declarer who has won every trick so far and keeps it to lead the last one (the slam); it
  is played earlier instead of a card that would give an opponent a knight or more, or the
  Petit.
* The declarer draws trumps with a master trump when it holds at least as many trumps as are
  still out; defenders cash kings in suits the declarer has not shown void, and otherwise lead a
  suit the declarer is out of so that it must spend trumps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .. import cards as C
from .. import tarot as T
from ..cards import bits, highest, lowest, named_card
from ..message import N_, Card, Message, Seat, Word, counted
from ..tarot import EXB, KINGS, OUDLERS, PETITB, PLAIN, SUIT_MASKS, TRICKS, half_points, settle
from .view import PARTNER, SEAT_NAMES, SUIT_NAMES, SUIT_ONE, reason

EASY, NORMAL = 1, 2
TRUMPS = C.TRUMPS_MASK
PETIT, MONDE, EXCUSE = C.PETIT, C.MONDE, C.EXCUSE
SUIT = tuple(C.suit_tarot(c) for c in range(C.TAROT_CARDS))
"""Suit of every card: 0..3 the suits S H D C, 4 trumps, 5 the Excuse."""
SMASK = tuple(SUIT_MASKS[:5])
"""Mask of each suit (4: trumps)."""
PTS = tuple(half_points(1 << c) for c in range(C.TAROT_CARDS))
"""Card points in half points."""
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
 TRUMP_LOST_PETIT, DRAW_PLAIN, DRAW_TRUMPS) = range(35)
"""The case a code names is decided where the card is chosen: ``CANNOT_WIN``,
``TRUMP_LOST``/``TRUMP_LOST_PETIT``, ``EXCUSE_LOST`` and ``DISCARD`` only when no legal card
beats the trick's winning card; ``UNSURE``, ``TRUMP_LOW``/``TRUMP_LOW_PETIT`` and
``EXCUSE_SAVE`` when one does but an opponent still to play may beat it; the ``_PETIT`` codes
when the trump played is the lowest the seat may play after the Petit, which it keeps;
``DRAW`` for a declarer keeping kings, ``DRAW_PLAIN`` for one without kings, ``DRAW_TRUMPS``
for a hand of trumps only."""

HUNT_TRUMPS = 4
"""A defender holding at least this many trumps leads them to hunt the Petit while it is
unseen (see :func:`_hunt`)."""
HUNT_LATE = 3
"""With at most this many cards left, a defender leads trumps to hunt an unseen Petit with any
two trumps, so that it does not reach the last trick on the declarer's side. **Decision**: 3;
against the easy declarer on 500 deals, hunting from six cards left cost the defence 0.06 of a
point a seat, from three it cost nothing."""
HONOURS = T.QUEENS | T.KNIGHTS | KINGS
"""The face cards above the jack, which a declarer sitting last may win cheaply with."""

PETIT_RISK_BARE = 0.25
"""The highest chance (:func:`ruff_chance`) of losing the Petit a seat accepts to play it now
when the Petit is *exposed* (see :func:`petit_risk_ok`)."""
PETIT_RISK_GUARDED = 0.1
"""The same when the Petit is well guarded."""
CHARGE_RISK = 0.25
"""The highest chance (:func:`ruff_chance`) that a fellow defender's winning card is trumped
at which a defender still gives it points (charges); above it the defender plays low."""


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
    the partner is secret to it, every seat but itself and the declarer (a partner read from
    the play is a guess). The policy ignores it; the reasons count these seats among the
    opponents before saying a trick is won for sure (:func:`proof_opponents`)."""

    def next(self, seat: int) -> int:
        """The seat that plays after ``seat``."""
        return (seat - 1) % self.size

    def on_side(self, seat: int, decl: int) -> bool:
        """Whether ``seat`` counts as on the declarer's side (the declarer, or in
        :attr:`side`)."""
        return seat == decl or bool(self.side >> seat & 1)


FOUR = Seating()
"""The four-player table (no partner)."""


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


# ------------------------------------------------------------------------------------------
# The policy


def choose(level: int, me: int, decl: int, hand: int, legal: int, others: int,
           trick: list[tuple[int, int]], voids: list[int], ceiling: list[int],
           won_all: bool, state: tuple[int, int, int] | None = None,
           seating: Seating = FOUR) -> tuple[int, int]:
    """The card ``me`` plays (one of ``legal``) and a reason code, by the easy or normal rules.

    ``seating``: the table and the sides as the seat knows them (a partner at five plays as the
    declarer's side, a defender counts a seat it knows or has read as the partner among the
    opponents); ``decl``: the declarer; ``others``: cards another seat (or the unseen
    discard/talon) may still hold; ``trick``: the open trick's ``(seat, card)``;
    ``voids``/``ceiling``: see the module; ``won_all``: the declarer has won every trick so
    far (its slam is alive);
    ``state``: the trick's :func:`trick_state` when the caller has it already.
    """
    if not legal & (legal - 1):
        return lowest(legal), ONLY
    left = hand.bit_count()
    if legal & EXB and left <= 2:
        other = lowest(hand & ~EXB)
        if me == decl and won_all and legal & ~EXB:
            return other, KEEP_EXCUSE
        return EXCUSE, EXCUSE_LATE
    led, winner, best = state or trick_state(trick)
    if led < 0:
        card, code = _lead(level, me, decl, hand, others, voids, ceiling, seating)
        if not legal >> card & 1:  # five players' first trick: the called suit is barred
            card, code = _lead(level, me, decl, legal, others, voids, ceiling, seating)
        return card, code
    defender = not seating.on_side(me, decl)
    opps = opponents_after(me, decl, trick, seating)
    friend = seating.on_side(winner, decl) == (not defender)
    cards = legal & ~EXB
    following = led != 4 and cards & SMASK[led]
    if level == EASY:
        return _follow_easy(cards, legal, led, best, friend, following)
    sizes = slots(me, hand, others, trick, seating)
    if friend and not beatable(best, led, opps, others, voids, ceiling):
        risk = ruff_chance(best, led, opps, others, voids, ceiling, sizes)
        if cards & PETITB:
            if not risk:
                return PETIT, PETIT_SAVED
            if petit_risk_ok(risk, hand, others):
                return PETIT, PETIT_SAVED_RISK
        if risk <= CHARGE_RISK:
            return _smear(cards & ~PETITB if cards & ~PETITB else cards, following)
    winners = list(bits(cards & T.BEATEN_BY[best]))
    sure = [c for c in winners if not beatable(c, led, opps, others, voids, ceiling)]
    if PETIT in sure:
        risk = ruff_chance(PETIT, led, opps, others, voids, ceiling, sizes)
        if not risk:
            return PETIT, PETIT_WINS
        if petit_risk_ok(risk, hand, others):
            return PETIT, PETIT_RISK
        sure.remove(PETIT)
    if sure:
        c = min(sure, key=lambda c: (c >= 56, c == MONDE, PTS[c] if c < 56 else 0, c))
        if friend:
            return c, SECURE
        if following:
            return c, WIN
        return c, OVERTRUMP if best >= 56 else RUFF
    beats = cards & T.BEATEN_BY[best]
    if following:
        c = min(bits(cards), key=lambda c: (PTS[c], c))
        code = FRIEND_WINS if friend else CANNOT_WIN if not beats else UNSURE
    elif cards & TRUMPS:
        c, code = _low_trump(cards & TRUMPS, beats)
        code = FRIEND_WINS if friend else code
    else:
        c = _least_useful(cards, hand, others)
        code = DISCARD
    if legal & EXB and (c == PETIT or (PTS[c] >= 5 and not friend)):
        return EXCUSE, EXCUSE_PETIT if c == PETIT else EXCUSE_SAVE if beats else EXCUSE_LOST
    return c, code


def _low_trump(tr: int, beats: int) -> tuple[int, int]:
    """The trump to play from the legal trumps ``tr`` when the seat plays low (its lowest, but
    the Petit only when it is the only one) and the code that says so: ``TRUMP_LOST`` when
    no legal card beats the trick (``beats``: the legal cards that do), else ``TRUMP_LOW``;
    the ``_PETIT`` form when the Petit is kept."""
    if tr & ~PETITB:
        c = lowest(tr & ~PETITB)
        if tr & PETITB:
            return c, TRUMP_LOW_PETIT if beats else TRUMP_LOST_PETIT
        return c, TRUMP_LOW if beats else TRUMP_LOST
    return PETIT, TRUMP_LOW if beats else TRUMP_LOST


def _follow_easy(cards: int, legal: int, led: int, best: int, friend: bool,
                 following: int) -> tuple[int, int]:
    """Easy following: play low under a fellow defender's winning card, else win with the
    cheapest winner, else play low; the Excuse rather than lose the Petit."""
    trumps = cards & TRUMPS
    if not friend:
        winners = list(bits(cards & T.BEATEN_BY[best] & ~PETITB))
        if winners:
            c = min(winners)
            return c, WIN if following else (OVERTRUMP if best >= 56 else RUFF)
    if following:
        return min(bits(cards), key=lambda c: (PTS[c], c)), (
            FRIEND_WINS if friend else CANNOT_WIN)
    if trumps:
        if trumps == PETITB and legal & EXB:
            return EXCUSE, EXCUSE_PETIT
        c, code = _low_trump(trumps, trumps & T.BEATEN_BY[best])
        return c, FRIEND_WINS if friend else code
    return min(bits(cards), key=lambda c: (PTS[c], c)), DISCARD


def _smear(cards: int, following: int) -> tuple[int, int]:
    """A fellow defender's trick is safe: give it the most points (kings first)."""
    if following or not cards & TRUMPS:
        c = max(bits(cards), key=lambda c: (PTS[c], -c))
        return c, SMEAR if PTS[c] > 1 else SMEAR_LOW
    tr = cards & TRUMPS
    return (lowest(tr & ~PETITB) if tr & ~PETITB else PETIT), FRIEND_WINS


def _least_useful(cards: int, hand: int, others: int) -> int:
    """The card to throw away when neither following nor trumping: not a master, not the last
    guard of a king, the fewest points, from the shortest suit (to make a void).

    **Decision** (keep guards on kings): a small card kept with a king lets its holder play
    low when the suit is trumped, rather than give the king away; so a card whose suit holds
    the seat's king and at most two other cards is thrown only when nothing else is left."""
    def key(c: int) -> tuple[int, int, int, int, int]:
        suit = hand & SMASK[SUIT[c]]
        guard = int(c < 56 and not (1 << c) & KINGS and bool(suit & KINGS)
                    and suit.bit_count() <= 3)
        return (int(is_master(c, others)), guard, PTS[c], suit.bit_count(), c)
    return min(bits(cards), key=key)


def _lead(level: int, me: int, decl: int, hand: int, others: int, voids: list[int],
          ceiling: list[int], seating: Seating = FOUR) -> tuple[int, int]:
    """The lead (or the first card after a led Excuse) and its reason code."""
    trumps = hand & TRUMPS
    plain = hand & PLAIN
    trumps_out = others & TRUMPS
    if not plain:
        if not trumps:
            return EXCUSE, ONLY
        if trumps == PETITB:
            return (EXCUSE, EXCUSE_PETIT) if hand & EXB else (PETIT, ONLY)
        top = highest(trumps)
        if level != EASY and is_master(top, others) and trumps_out:
            return top, DRAW_TRUMPS
        if not trumps_out and trumps & PETITB and level != EASY:
            return lowest(trumps & ~PETITB), PETIT_BOUT
        return lowest(trumps & ~PETITB), ONLY_TRUMPS
    suits = [s for s in range(4) if plain & SMASK[s]]
    if level == EASY:
        kings = plain & KINGS
        if kings:
            return lowest(kings), KING_LEAD
        s = max(suits, key=lambda s: ((plain & SMASK[s]).bit_count(), -s))
        return min(bits(plain & SMASK[s]), key=lambda c: (PTS[c], c)), LOW_LEAD
    defender = not seating.on_side(me, decl)
    opps = [o for o in range(seating.size) if seating.on_side(o, decl) == defender and o != me]
    if not defender and trumps_out:
        top = highest(trumps)
        n_out = trumps_out.bit_count()
        if trumps and is_master(top, others) and trumps.bit_count() >= n_out:
            return top, DRAW if plain & KINGS else DRAW_PLAIN

    def ruff_risk(s: int) -> bool:
        out = others & SMASK[s]
        return any((voids[o] >> s & 1 or not out) and not voids[o] >> 4 & 1
                   and trumps_out & ceiling[o] for o in opps)

    cash = [max(bits(plain & SMASK[s])) for s in suits]
    cash = [c for c in cash if is_master(c, others) and not ruff_risk(SUIT[c])
            and others & SMASK[SUIT[c]]]
    if cash:
        return max(cash, key=lambda c: (PTS[c], (others & SMASK[SUIT[c]]).bit_count())), CASH
    if defender and not voids[decl] >> 4 & 1 and trumps_out:
        force = [s for s in suits if voids[decl] >> s & 1]
        if force:
            s = max(force, key=lambda s: (plain & SMASK[s]).bit_count())
            return min(bits(plain & SMASK[s]), key=lambda c: (PTS[c], c)), FORCE_RUFF
    if defender:
        hunt = _hunt(me, decl, hand, others, voids, ceiling)
        if hunt >= 0:
            return hunt, HUNT_PETIT
    second = defender and seating.next(me) == decl
    last = defender and seating.next(decl) == me

    def into(s: int) -> int:
        """Leading ``s`` runs into the declarer's tenace: it plays last and may hold an
        honour of the suit over the defence's cards (it wins cheaply, seeing every card)."""
        return int(last and not voids[decl] >> s & 1 and bool(others & SMASK[s] & HONOURS))

    def through(s: int) -> int:
        """Leading ``s`` goes through the declarer: it plays right after the leader, before
        the fellow defenders, while honours of the suit are out."""
        return int(second and not voids[decl] >> s & 1 and bool(others & SMASK[s] & HONOURS))

    def key(s: int) -> tuple[int, int, int, int, int]:
        mine = plain & SMASK[s]
        return (int(ruff_risk(s)), int(bool(mine & KINGS)), into(s), -through(s),
                -mine.bit_count())
    s = min(suits, key=key)
    mine = plain & SMASK[s]
    low = min(bits(mine), key=lambda c: (PTS[c], c))
    return low, LEAD_THROUGH if through(s) and not ruff_risk(s) else LOW_LEAD


def _hunt(me: int, decl: int, hand: int, others: int, voids: list[int],
          ceiling: list[int]) -> int:
    """The trump a defender leads to hunt the Petit, or -1.

    **Decision**: while the Petit is unseen (not played, not the seat's) and the declarer may
    still hold trumps, a defender long in trumps (at least :data:`HUNT_TRUMPS`), or — late in
    the hand (at most :data:`HUNT_LATE` cards) — with at least two trumps, leads its highest
    trump when that one is the master: the trick is the defence's, with the Petit if it falls,
    the declarer's trumps run out, and the Petit cannot reach the last trick on its side
    unguarded. Without the master trump it does not hunt: measured against the easy declarer
    on 500 deals, leading a low trump to hunt cost the defence about 1.5 points a seat (the
    declarer wins it cheaply, and the Petit may be a fellow defender's); hunting only with the
    master trump cost nothing measurable."""
    trumps = hand & TRUMPS
    if not others & PETITB or voids[decl] >> 4 & 1 or not ceiling[decl] & others & TRUMPS:
        return -1
    n = trumps.bit_count()
    if n < HUNT_TRUMPS and not (n >= 2 and hand.bit_count() <= HUNT_LATE):
        return -1
    top = highest(trumps)
    return top if is_master(top, others) else -1


_REASONS: dict[int, str | tuple[str, str]] = {
    EXCUSE_LATE: N_("Play the Excuse now: kept to the last trick it would go to whoever wins "
                    "that trick."),
    EXCUSE_SAVE: N_("Play the Excuse: you cannot be sure to win this trick, and the Excuse saves "
                    "you from giving away a valuable card."),
    EXCUSE_LOST: N_("Play the Excuse: you cannot win this trick, and the Excuse saves you from "
                    "giving away a valuable card."),
    EXCUSE_PETIT: N_("Play the Excuse: your only other choice is the Petit, which could be "
                     "caught here."),
    KEEP_EXCUSE: N_("Play {card} and keep the Excuse to lead the last trick: having won every "
                    "trick so far, the Excuse wins it for the slam."),
    PETIT_SAVED: (N_("Save the Petit: {friend} is winning this trick and nobody left can beat "
                     "it."),
                  N_("Save the Petit: {friend} is winning this trick and no seat known to be an "
                     "opponent can beat it.")),
    PETIT_WINS: (N_("Play the Petit now: it is safe — nobody left to play can beat it, so it is "
                    "saved."),
                 N_("Play the Petit now: no seat known to be an opponent can beat it.")),
    PETIT_RISK: N_("Play the Petit now, at a risk: {risk}"),
    PETIT_SAVED_RISK: N_("Save the Petit on {friend}'s trick, at a risk: {risk}"),
    SMEAR: (N_("{friend} is winning this trick for sure: give it points with {card}."),
            N_("{friend} is likely to win this trick: give it points with {card}.")),
    SMEAR_LOW: (N_("{friend} is winning this trick for sure: play {card}."),
                N_("{friend} is likely to win this trick: play {card}.")),
    SECURE: (N_("Take over with {card}: nobody left can beat it, while {friend}'s card might be "
                "beaten."),
             N_("Take over with {card}: it is less likely to be beaten than {friend}'s card.")),
    WIN: (N_("Win the trick with {card}: the cheapest card that takes it for sure."),
          N_("Win the trick with {card}: the cheapest card likely to take it.")),
    RUFF: (N_("Play {card}: you are out of {led}, and nobody left can beat it."),
           N_("Play {card}: you are out of {led}, and it is likely to win.")),
    OVERTRUMP: (N_("Overtrump with {card}: the cheapest trump that takes this trick for sure."),
                N_("Overtrump with {card}: the cheapest trump likely to take this trick.")),
    FRIEND_WINS: N_("{friend} is winning the trick: play low ({card})."),
    CANNOT_WIN: N_("You cannot win this trick, so give away as little as you can: {card}."),
    UNSURE: N_("You cannot be sure to win this trick, so give away as little as you can: "
               "{card}."),
    FORCE_RUFF: N_("Lead {suit}: {taker} is out of them and must trump if it still can."),
    LOW_LEAD: N_("Lead {card}: it gives little away while your high cards wait."),
    LEAD_THROUGH: N_("Lead {card}: {taker} plays right after you, so it must choose its card "
                     "before the rest of the defence (lead through the declarer)."),
    HUNT_PETIT: N_("Lead {card} to hunt the Petit: it is still out, and if {taker} holds it, "
                   "each round of trumps brings it closer to having to play it."),
    ONLY_TRUMPS: N_("You hold only trumps: lead a low one ({card}) and keep the high ones."),
    PETIT_BOUT: N_("Lead {card} and keep the Petit: nobody else has a trump left, so it will "
                   "win the last trick (petit au bout)."),
    KING_LEAD: N_("Lead {card}: a king is the best card of its suit."),
}
"""Reason code → the sentence saying it (a pair: when the card or the partner's card is proven
to win, else when it is only likely to). The codes whose words depend on more than the card
are said in :func:`explain` itself."""

_SURE_OF_FRIEND = frozenset({SMEAR, SMEAR_LOW})
"""The codes whose pair of sentences depends on the partner's card being proven to win."""


def explain(code: int, card: int, decl: int, trick: list[tuple[int, int]], others: int,
            me: int, voids: list[int], ceiling: list[int], hand: int | None = None,
            seating: Seating = FOUR) -> Message:
    """One sentence a learner understands for the play ``card`` by seat ``me`` chosen with
    ``code``, as a message (built once per decision). A trick is said to be won "for sure" only
    when the seat can prove it (:func:`proven`); otherwise the sentence says "likely". The Petit
    is said to be safe (:data:`PETIT_WINS`, :data:`PETIT_SAVED`) only as :func:`choose` plays it
    so: when the count proves that no opponent still to play can be out of the suit led and
    trump it (:func:`ruff_chance` 0 — exact, since every layout the seat thinks possible is
    among those counted). A Petit played at a risk says so, with who may trump it and the count
    behind it (``hand``, the seat's cards, sizes the other hands; without it the count is left
    out); ``seating``: the table and the sides as :func:`choose` read them."""
    c = say(card)
    led, winner, best = trick_state(trick)
    opps = opponents_after(me, decl, trick, seating)
    doubtful = proof_opponents(me, decl, trick, seating)
    friend = seating.names[winner] if winner >= 0 else PARTNER
    led_name = SUIT_NAMES[led] if led >= 0 else Word("that suit")
    taker = seating.names[decl]
    if code == ONLY:
        if card == EXCUSE:
            return Message("The Excuse is the only card you may play.")
        if TRUMPS >> card & 1:
            return Message("Trump {number} is the only card you may play.",
                           number=card - C.TRUMP_BASE + 1)
        return Message("{card} is the only card you may play.", card=c)
    if code == DISCARD:
        if led == 4:
            return Message("You have no trumps: throw {card}, your least useful card.", card=c)
        return Message("You have neither {led} nor trumps: throw {card}, your least useful "
                       "card.", led=led_name, card=c)
    if code in (TRUMP_LOW, TRUMP_LOST, TRUMP_LOW_PETIT, TRUMP_LOST_PETIT):
        low = (Message("{card} is the lowest trump you may play besides the Petit", card=c)
               if code in (TRUMP_LOW_PETIT, TRUMP_LOST_PETIT) else
               Message("{card} is the lowest trump you may play", card=c))
        if code in (TRUMP_LOST, TRUMP_LOST_PETIT):
            words = (N_("Trumps were led and you cannot win this trick: {low}.") if led == 4
                     else N_("You must trump but cannot win this trick: {low}."))
        else:
            words = (N_("Trumps were led and you cannot be sure to win: {low}.") if led == 4
                     else N_("You must trump but cannot be sure to win: {low}."))
        return reason(words, low=low)
    n = (others & TRUMPS).bit_count()
    if code == DRAW:
        return counted("Draw trumps with {card}, the highest still out ({n} other trump still "
                       "unseen), so your kings are not trumped later.",
                       "Draw trumps with {card}, the highest still out ({n} other trumps still "
                       "unseen), so your kings are not trumped later.", n=n, card=c)
    if code == DRAW_PLAIN:
        return counted("Draw trumps with {card}, the highest still out ({n} other trump still "
                       "unseen), so your other cards are not trumped later.",
                       "Draw trumps with {card}, the highest still out ({n} other trumps still "
                       "unseen), so your other cards are not trumped later.", n=n, card=c)
    if code == DRAW_TRUMPS:
        return counted("Lead {card}, the highest trump still out ({n} other trump still "
                       "unseen): it wins the trick.",
                       "Lead {card}, the highest trump still out ({n} other trumps still "
                       "unseen): it wins the trick.", n=n, card=c)
    suit = SUIT_NAMES[SUIT[card]] if card != EXCUSE else SUIT_NAMES[4]
    if code == CASH:
        if me != decl:
            return Message("Cash {card}: nobody can beat it in {suit}, and {taker} is not known "
                           "to be able to trump it.", card=c, suit=suit, taker=taker)
        return Message("Cash {card}: nobody can beat it in {suit}, and no opponent is known to "
                       "be able to trump it.", card=c, suit=suit)
    template = _REASONS[code]
    if code in (PETIT_SAVED, PETIT_WINS) and isinstance(template, tuple):
        # as choose() judged it safe, but counting the seats whose side is not sure
        top = best if code == PETIT_SAVED else card
        sure = doubtful == opps or (hand is not None and safe(
            top, led, doubtful, others, voids, ceiling, slots(me, hand, others, trick, seating)))
        template = template[0 if sure else 1]
    elif isinstance(template, tuple):
        if code in _SURE_OF_FRIEND:
            sure = best >= 0 and proven(best, doubtful, others, voids, ceiling)
        else:
            sure = proven(card, doubtful, others, voids, ceiling)
        template = template[0 if sure else 1]
    risk: Message | None = None
    if code in (PETIT_RISK, PETIT_SAVED_RISK):
        risk = petit_risk(code, card, led, best, opps, others, me, voids, ceiling, trick, hand,
                          seating)
    return reason(template, card=c, friend=friend, led=led_name, suit=suit, taker=taker,
                  risk=risk)


def petit_risk(code: int, card: int, led: int, best: int, opps: list[int], others: int,
               me: int, voids: list[int], ceiling: list[int], trick: list[tuple[int, int]],
               hand: int | None, seating: Seating = FOUR) -> Message:
    """Why playing the Petit now is a risk worth taking: who may trump it, how many cards of
    the suit led are unseen and (with ``hand``) the chance by the count."""
    risky = [o for o in opps if not voids[o] >> 4 & 1 and others & TRUMPS & ceiling[o]]
    who: str = Word("an opponent")
    for i, o in enumerate(risky):
        who = seating.names[o] if i == 0 else Message("{seats} or {seat}", seats=who,
                                                       seat=seating.names[o])
    if not 0 <= led < 4:
        return Message("{who} may be out of {led} and trump it; a risk worth taking, as kept "
                       "the Petit could be caught later.", who=who,
                       led=SUIT_NAMES[led] if led >= 0 else Word("that suit"))
    n = (others & SMASK[led]).bit_count()
    unseen = reason(N_("{n} {suit} still unseen") if n == 1 else N_("{n} {suits} still unseen"),
                    n=n, suit=SUIT_ONE[led], suits=SUIT_NAMES[led])
    if hand is None:
        return Message("{who} may be out of {led} ({unseen}) and trump it; a risk worth "
                       "taking, as kept the Petit could be caught later.", who=who,
                       led=SUIT_NAMES[led], unseen=unseen)
    sizes = slots(me, hand, others, trick, seating)
    top = card if code == PETIT_RISK else best
    p = ruff_chance(top, led, opps, others, voids, ceiling, sizes) if top >= 0 else 0.0
    return Message("{who} may be out of {led} ({unseen}, about {chance} in 100 by the count) "
                   "and trump it; a risk worth taking, as kept the Petit could be caught later.",
                   who=who, led=SUIT_NAMES[led], unseen=unseen, chance=round(p * 100))


# ------------------------------------------------------------------------------------------
# Playouts for the hard search


class Playout:
    """A full layout of the remaining cards and what the score depends on; :meth:`run` plays it
    to the end with the normal policy for every seat and returns the declarer's *unit* (what
    each defender pays the declarer; see :func:`game.engine.tarot.settle`).

    ``pile`` is the declarer's pile so far (tricks won, the discard or the talon), ``adj`` the
    half points of Excuse exchanges on top of it, ``taken`` the declarer's tricks, ``petit`` the
    index and winner of the trick that took the Petit (``(-1, -1)`` while it is out).
    """

    __slots__ = ("adj", "called", "contract", "decl", "done", "handful", "hands", "leader",
                 "petit", "pile", "seating", "slam", "taken", "trick", "tricks", "views",
                 "voids")

    def __init__(self, hands: list[int], decl: int, contract: str, slam: bool, pile: int,
                 adj: int, taken: int, petit: tuple[int, int], handful: int, done: int,
                 leader: int, trick: list[tuple[int, int]], voids: list[int],
                 seating: Seating = FOUR, tricks: int = TRICKS,
                 views: tuple[Seating, ...] | None = None, called: int = -1) -> None:
        """``seating``: the table, with the partner of this layout (five players) on the
        declarer's side (the score); ``tricks``: the tricks of a whole hand; ``views``: the
        sides as each seat plays them until ``called`` (the called card) is played (``None``:
        ``seating`` for every seat)."""
        self.hands = hands
        self.decl = decl
        self.contract = contract
        self.slam = slam
        self.pile = pile
        self.adj = adj
        self.taken = taken
        self.petit = petit
        self.handful = handful
        self.done = done
        self.leader = leader
        self.trick = trick
        self.voids = voids
        self.seating = seating
        self.tricks = tricks
        self.views = views
        self.called = called

    def run(self, first: int, trace: list[tuple[int, int]] | None = None) -> int:
        """Play ``first`` for the seat to act (-1: let the policy choose), then the rest with
        the normal policy; the declarer's unit. When ``trace`` is a list, every ``(seat,
        card)`` played is appended to it."""
        hands = list(self.hands)
        revealed, below = T.REVEALED, T.TRUMP_CEILING
        voids = list(self.voids)
        table = self.seating
        views = self.views
        n = table.size
        ceiling = [TRUMPS] * n
        decl = self.decl
        pile, adj, taken = self.pile, self.adj, self.taken
        petit_trick, petit_winner = self.petit
        trick = list(self.trick)
        played = [c for _, c in trick]  # the open trick's cards, for T.trick_state
        leader = self.leader
        out = 0
        for h in hands:
            out |= h
        ex_slam = False
        won_all = taken == self.done
        for t in range(self.done, self.tricks):
            seat = table.next(trick[-1][0]) if trick else leader
            while len(trick) < n:
                h = hands[seat]
                led, best, i = T.trick_state(played)
                legal = T.legal(h, led, best)
                if first >= 0:
                    c, first = first, -1
                else:
                    c = choose(NORMAL, seat, decl, h, legal, out & ~h, trick, voids, ceiling,
                               won_all, (led, trick[i][0] if i >= 0 else -1, best),
                               views[seat] if views else table)[0]
                bit = 1 << c
                if c == self.called:
                    views = None  # the partner is known to every seat
                hands[seat] = h ^ bit
                out ^= bit
                voids[seat] |= revealed[led][c]
                ceiling[seat] &= below[best][c]
                trick.append((seat, c))
                played.append(c)
                if trace is not None:
                    trace.append((seat, c))
                seat = table.next(seat)
            winner, pile, adj, taken, flags = collect(t, trick, decl, pile, adj, taken,
                                                      table.side, self.tricks)
            if not table.on_side(winner, decl):
                won_all = False
            if flags & 1:
                petit_trick, petit_winner = t, winner
            ex_slam = ex_slam or flags >= 2
            leader = winner
            trick = []
            played = []
        return self.score(pile, adj, taken, petit_trick, petit_winner, ex_slam)

    def score(self, pile: int, adj: int, taken: int, petit_trick: int, petit_winner: int,
              ex_slam: bool) -> int:
        """The declarer's unit of the finished play (:func:`game.engine.tarot.settle`, as the
        engine scores it: a slam is every trick of the table's hand): its ``pile`` and ``adj``
        half points of exchanges, its ``taken`` tricks, the trick that took the Petit and its
        winner, and whether the Excuse won the last trick."""
        pab = 0
        if T.petit_au_bout(petit_trick, ex_slam, self.tricks):
            pab = 1 if self.seating.on_side(petit_winner, self.decl) else -1
        return settle(self.contract, half_points(pile) + adj, (pile & OUDLERS).bit_count(), pab,
                      self.handful, taken, self.slam, self.tricks)[3]


def candidates(legal: int, others: int) -> list[int]:
    """The legal cards worth searching: of interchangeable cards (same suit, same points, no
    card of ``others`` — another seat may hold it — between them) only the lowest. Neither the
    Excuse nor the Petit is interchangeable with anything: the Petit is worth as many points
    as the 21 but may be lost, or won at the end (*au bout*)."""
    out: list[int] = []
    for c in C.bits(legal):
        if out:
            p = out[-1]
            if (SUIT[p] == SUIT[c] and PTS[p] == PTS[c] and c != EXCUSE and p != PETIT
                    and not others & ((1 << c) - (2 << p))):
                continue
        out.append(c)
    return out


def collect(t: int, trick: list[tuple[int, int]], decl: int, pile: int, adj: int, taken: int,
            side: int = 0, tricks: int = TRICKS) -> tuple[int, int, int, int, int]:
    """Gather finished trick number ``t`` (0-based) by the engine's rules
    (:func:`game.engine.tarot.excuse_wins`, :func:`game.engine.tarot.excuse_fate`): the winner
    takes it, except an Excuse before the last trick, which stays with its owner's side (half a
    point changes hands instead); a side that won every other trick wins the last one by
    leading the Excuse. Returns ``(winner, pile, adj, taken, flags)`` — the declarer's updated
    pile, half points of exchanges and tricks — where ``flags`` has bit 0 when the trick holds
    the Petit and bit 1 when the Excuse won it. ``side``: the seats besides the declarer on its
    side (a bit set: the partner at five), whose tricks count as the declarer's; ``tricks``:
    the tricks of a whole hand (18 at four)."""
    def ours(seat: int) -> bool:
        return seat == decl or bool(side >> seat & 1)
    winner = trick_state(trick)[1]
    tm = C.mask_of(c for _, c in trick)
    gain = tm
    flags = 1 if tm & PETITB else 0
    if tm & EXB:
        owner = next(s for s, c in trick if c == EXCUSE)
        leader = trick[0][0]
        if T.excuse_wins(t, owner == leader, taken if ours(leader) else t - taken, tricks):
            winner = leader
            flags |= 2
        kept, value = T.excuse_fate(t, int(not ours(owner)), int(not ours(winner)), tricks)
        if kept:
            gain ^= EXB
            if ours(owner):
                pile |= EXB
            adj += value
    if ours(winner):
        pile |= gain
        taken += 1
    return winner, pile, adj, taken, flags

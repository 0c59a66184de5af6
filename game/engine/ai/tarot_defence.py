"""French Tarot card play: the defence's rules — giving points to a fellow's safe trick
(:func:`smear`, the *charge*, with its risk :data:`CHARGE_RISK`), forcing the declarer to ruff
and hunting the Petit with the master trump (:func:`force_or_hunt`, :func:`hunt`), and leading
through the declarer rather than into it (:func:`lead_terms`). Called by
:func:`.tarot_policy.choose`; reads :mod:`.tarot_table` only. (At five the partner plays on
the declarer's side; how a seat reads who it is lives in :mod:`.tarot_partner`.)

**The conventions** (issue 29): what the defenders tell each other by their cards and read
from the play — public facts only, the :class:`~.tarot_table.Talk` every seat sees — each a
bit of :attr:`~.tarot_table.Seating.conventions`, all on by default:

* *the call* (appel, :data:`~.tarot_table.APPEL`): a defender's first discard is a low card
  of the suit where it holds the king (:func:`appel_discard`); a fellow defender who gets the
  lead leads that suit (:func:`called_lead`);
* *returning the suit* (:data:`~.tarot_table.RETURN`): a defender on lead returns the suit a
  fellow defender first led low (:func:`return_lead`);
* *the Excuse for a king* (:data:`~.tarot_table.KING_GUARD`): a defender does not spend the
  Excuse on a lesser card while it holds a king the declarer would trump
  (:func:`needy_king`);
* *chasing the Petit together* (:data:`~.tarot_table.PETIT_CHASE`): once a fellow defender
  has led trumps with the Petit out, a defender on lead leads trumps too, through the
  declarer to the hunter (:func:`chase_lead`), and hunts with two trumps when the Petit can
  only be the declarer's (:func:`hunt`).

A seat plays each convention only when it reads it (the same bit), so switching one off
removes both its signal and its reading.

**Measured** (``benchmarks/tarot_conventions.py``, the whole defence with the conventions
against the same without, 1,000 duplicate deals, seed 29; see ``benchmarks/RESULTS.md``,
"Defence conventions (issue 29)"): they change few deals — at four 25 in 1,000 for all of
them together, +0.31 [-0.79, +1.41] points a deal for the defence; each alone within its
noise of 0 (the Excuse for a king changed no deal at all). None loses measurably at three or
four; at five returning a suit did (-0.72 [-1.57, +0.13]) and is not played there
(:func:`return_lead`)."""

from __future__ import annotations

from collections.abc import Callable

from .. import tarot as T
from ..cards import bits, highest, lowest
from ..tarot import KINGS, PETITB
from .tarot_table import (
    APPEL,
    FORCE_RUFF,
    FRIEND_WINS,
    HUNT_PETIT,
    NOT_YET,
    PETIT,
    PETIT_CHASE,
    PTS,
    RETURN,
    SMASK,
    SMEAR,
    SMEAR_LOW,
    SUIT,
    TRUMPS,
    Seating,
    Talk,
    cheapest,
    is_master,
)

HUNT_TRUMPS = 4
"""A defender holding at least this many trumps leads them to hunt the Petit while it is
unseen (see :func:`hunt`)."""
HUNT_LATE = 3
"""With at most this many cards left, a defender leads trumps to hunt an unseen Petit with any
two trumps, so that it does not reach the last trick on the declarer's side. **Decision**: 3;
against the easy declarer on 500 deals, hunting from six cards left cost the defence 0.06 of a
point a seat, from three it cost nothing."""
HONOURS = T.QUEENS | T.KNIGHTS | KINGS
LOW_CARDS = sum(1 << c for c in range(56) if PTS[c] == 1)
"""The suit cards from the ace to the ten (half a point each): a discard of one is a call."""
"""The face cards above the jack, which a declarer sitting last may win cheaply with."""
CHARGE_RISK = 0.25
"""The highest chance (:func:`ruff_chance`) that a fellow defender's winning card is trumped
at which a defender still gives it points (charges); above it the defender plays low."""


def smear(cards: int, following: int) -> tuple[int, int]:
    """A fellow defender's trick is safe: give it the most points (kings first)."""
    if following or not cards & TRUMPS:
        c = max(bits(cards), key=lambda c: (PTS[c], -c))
        return c, SMEAR if PTS[c] > 1 else SMEAR_LOW
    tr = cards & TRUMPS
    return (lowest(tr & ~PETITB) if tr & ~PETITB else PETIT), FRIEND_WINS



def force_or_hunt(me: int, decl: int, hand: int, plain: int, suits: list[int], others: int,
                  voids: list[int], ceiling: list[int], seating: Seating | None = None
                  ) -> tuple[int, int] | None:
    """A defender's lead once no card of its cashes, with its reason code, or ``None``: while
    the declarer may still trump, a low card of the longest of ``suits`` (those the seat holds,
    ``plain`` its suit cards) that the declarer is out of, so that it must spend a trump
    (``FORCE_RUFF``); else the trump that hunts the Petit (:func:`hunt`, ``HUNT_PETIT``;
    ``seating``: the table, for the chase's reading of the fellow defenders)."""
    if not voids[decl] >> 4 & 1 and others & TRUMPS:
        force = [s for s in suits if voids[decl] >> s & 1]
        if force:
            s = max(force, key=lambda s: (plain & SMASK[s]).bit_count())
            return cheapest(plain & SMASK[s]), FORCE_RUFF
    card = hunt(me, decl, hand, others, voids, ceiling, seating)
    return (card, HUNT_PETIT) if card >= 0 else None


def fellows(me: int, decl: int, seating: Seating) -> list[int]:
    """The seats defender ``me`` counts as fellow defenders for the conventions — not on the
    declarer's side as ``seating`` tells the sides, and not a seat whose side it cannot be
    sure of (:attr:`~.tarot_table.Seating.doubt`) — in the order they play after ``me``.

    **Decision** (five players): while the partner is secret, every other seat is in doubt,
    so a defender reads no call, no suit to return and no hunt until the called card shows
    the partner: the partner's discards and leads are no conventions, and answering them
    helped the declarer's side (measured, the whole defence with and without the
    conventions, 1,000 deals at five, seed 29: reading every seat not known as the partner
    gave the defence -1.38 [-4.36, +1.60] a deal)."""
    out = []
    s = seating.next(me)
    while s != me:
        if not seating.on_side(s, decl) and not seating.doubt >> s & 1:
            out.append(s)
        s = seating.next(s)
    return out


def appel_discard(me: int, decl: int, hand: int, cards: int, voids: list[int],
                  talk: Talk | None, seating: Seating) -> int:
    """The call (*appel*): the card defender ``me`` throws as its first discard to ask for a
    suit (one of ``cards``, the legal suit cards), or -1.

    **Decision**: the first discard calls the suit of a king the seat holds with at least one
    low card (ace to ten) besides, in a suit the declarer has not shown it lacks: its lowest
    card there. Of several such suits, the one also holding the queen, then the longest. A
    seat with no such king throws as usual (:func:`.tarot_policy._least_useful`); its low card
    is then read as a call it did not mean — the price of a convention that every first low
    discard is a call. A defender discards only when out of trumps, so the king it calls for
    can win only when the declarer follows: that is why the declarer's known voids are left
    out. Measured (see the module): 8 deals in 1,000 changed at four, -0.02 [-0.13, +0.08]
    a deal; 2 at five, +0.05 — kept, as the convention the other rules of the call build on."""
    if talk is None or not seating.conventions & APPEL or talk.calls[me] != NOT_YET:
        return -1
    best = -1
    key = (-1, -1)
    for s in range(4):
        mine = hand & SMASK[s]
        low = cards & SMASK[s] & LOW_CARDS
        if not mine & KINGS or not low or voids[decl] >> s & 1:
            continue
        k = (int(bool(mine & T.QUEENS)), mine.bit_count())
        if k > key:
            best, key = cheapest(low), k
    return best


def called_lead(me: int, decl: int, hand: int, others: int, voids: list[int],
                talk: Talk | None, seating: Seating) -> int:
    """The lead that answers a fellow defender's call (:func:`appel_discard`), or -1: the
    seat's lowest card of the suit the first fellow (in the order of play after ``me``) called
    with its first discard, while that suit's king is still out (not played, not the seat's),
    the caller has not shown it lacks the suit and the declarer has not shown it lacks it
    either (it would trump the king)."""
    if talk is None or not seating.conventions & APPEL:
        return -1
    for f in fellows(me, decl, seating):
        s = talk.calls[f]
        if not 0 <= s < 4 or not hand & SMASK[s] or (voids[f] | voids[decl]) >> s & 1:
            continue
        if others & KINGS & SMASK[s]:
            return cheapest(hand & SMASK[s])
    return -1


def return_lead(me: int, decl: int, hand: int, voids: list[int], talk: Talk | None,
                seating: Seating) -> int:
    """Returning a fellow defender's suit (*rejouer la couleur du partenaire*), or -1: the
    seat's lowest card of the suit the first fellow (in the order of play after ``me``) led
    low first, when the seat holds it and the declarer has not shown it lacks it.

    **Decision**: the first suit of the declarer or of its known partner is never returned (a
    defender does not lead into the declarer's side's long suit); a suit the declarer lacks is
    the force's business (:func:`force_or_hunt`), which comes first.

    **Decision** (measured, ``benchmarks/tarot_conventions.py``, the whole defence with and
    without it, 1,000 deals, seed 29): at four +0.33 [-0.76, +1.43] points a deal for the
    defence (16 deals changed), kept; at five -0.72 [-1.57, +0.13] (30 deals changed, with or
    without the partner's suit left out), so it is not played at five — there the defence
    reads its fellows only once the called card has shown the partner, late, when the default
    lead through the declarer does better."""
    if talk is None or not seating.conventions & RETURN or seating.size == 5:
        return -1
    theirs = {talk.opened[o] for o in range(seating.size) if seating.on_side(o, decl)}
    for f in fellows(me, decl, seating):
        s = talk.opened[f]
        if 0 <= s < 4 and hand & SMASK[s] and not voids[decl] >> s & 1 and s not in theirs:
            return cheapest(hand & SMASK[s])
    return -1


def chase_lead(me: int, decl: int, hand: int, others: int, voids: list[int],
               ceiling: list[int], talk: Talk | None, seating: Seating) -> int:
    """Chasing the Petit together (*chasse au Petit*): the trump a defender leads because a
    fellow defender is hunting the Petit, or -1.

    A fellow *hunts* when it has led a trump while the Petit was unplayed
    (:attr:`.tarot_table.Talk.hunters`). While the Petit is still out (not the seat's), the
    declarer may hold trumps and the hunter has not shown it has none, the seat leads its
    highest trump when that one is the master (the trick is the defence's); otherwise its
    lowest trump when the declarer plays before the hunter on this trick, so that the hunter,
    seeing the declarer's trump, can overtrump it — the declarer holding only the Petit must
    play it. **Decision**: never a low trump led into a declarer who plays after every hunter
    (it would win cheaply, as the lone low hunt did, see :func:`hunt`). Measured (see the
    module): 2 deals in 1,000 changed at four (-0.02 a deal) and at five (-0.26 [-0.77,
    +0.26]) — rare, and not a measurable loss: kept."""
    if talk is None or not seating.conventions & PETIT_CHASE:
        return -1
    trumps = hand & TRUMPS & ~PETITB
    if (not trumps or not others & PETITB or voids[decl] >> 4 & 1
            or not ceiling[decl] & others & TRUMPS):
        return -1
    order = [me]
    s = seating.next(me)
    while s != me:
        order.append(s)
        s = seating.next(s)
    hunters = [f for f in fellows(me, decl, seating)
               if talk.hunters >> f & 1 and not voids[f] >> 4 & 1]
    if not hunters:
        return -1
    top = highest(trumps)
    if is_master(top, others):
        return top
    if any(order.index(f) > order.index(decl) for f in hunters):
        return lowest(trumps)
    return -1


def needy_king(hand: int, decl: int, others: int, voids: list[int],
               ceiling: list[int]) -> int:
    """A king of ``hand`` that needs the Excuse (:data:`~.tarot_table.KING_GUARD`), or -1:
    one with no other card of its suit in the hand, in a suit the declarer has shown it lacks
    while it may still hold a trump — when the suit is led the seat must play the king and the
    declarer trumps it, unless the Excuse goes instead.

    **Decision**: the Excuse, kept for such a king, is not spent to save a lesser card (a
    knight or a queen): a king is worth more, and its loss is near certain, while the lesser
    card's danger is the present trick's. A king with a small card beside it needs no Excuse
    (the small card goes under the declarer's trump); a king in a suit the declarer may still
    follow is safe enough. Measured (see the module): no deal in 1,000 changed, at four or at
    five — the case is rare with the normal declarer; kept as the rule strong players state."""
    if voids[decl] >> 4 & 1 or not ceiling[decl] & others & TRUMPS:
        return -1
    for k in bits(hand & KINGS):
        s = SUIT[k]
        if voids[decl] >> s & 1 and not hand & SMASK[s] & ~(1 << k):
            return k
    return -1


def lead_terms(me: int, decl: int, others: int, voids: list[int],
               seating: Seating) -> tuple[Callable[[int], int], Callable[[int], int]]:
    """For defender ``me``'s low lead, ``(into, through)``: functions of a suit, 1 when leading
    it runs *into* the declarer's tenace (the declarer plays last and honours of the suit are
    out: it wins cheaply, seeing every card) or goes *through* the declarer (it plays right
    after the leader, before the fellow defenders, while honours are out), else 0. The policy
    avoids the first and prefers the second (:func:`.tarot_policy._lead`)."""
    second = seating.next(me) == decl
    last = seating.next(decl) == me

    def into(s: int) -> int:
        """Leading ``s`` runs into the declarer's tenace: it plays last and may hold an
        honour of the suit over the defence's cards (it wins cheaply, seeing every card)."""
        return int(last and not voids[decl] >> s & 1 and bool(others & SMASK[s] & HONOURS))

    def through(s: int) -> int:
        """Leading ``s`` goes through the declarer: it plays right after the leader, before
        the fellow defenders, while honours of the suit are out."""
        return int(second and not voids[decl] >> s & 1 and bool(others & SMASK[s] & HONOURS))

    return into, through


def hunt(me: int, decl: int, hand: int, others: int, voids: list[int],
         ceiling: list[int], seating: Seating | None = None) -> int:
    """The trump a defender leads to hunt the Petit, or -1.

    **Decision**: while the Petit is unseen (not played, not the seat's) and the declarer may
    still hold trumps, a defender long in trumps (at least :data:`HUNT_TRUMPS`), or — late in
    the hand (at most :data:`HUNT_LATE` cards) — with at least two trumps, leads its highest
    trump when that one is the master: the trick is the defence's, with the Petit if it falls,
    the declarer's trumps run out, and the Petit cannot reach the last trick on its side
    unguarded. Without the master trump it does not hunt: measured against the easy declarer
    on 500 deals, leading a low trump to hunt cost the defence about 1.5 points a seat (the
    declarer wins it cheaply, and the Petit may be a fellow defender's); hunting only with the
    master trump cost nothing measurable.

    With the chase (:data:`~.tarot_table.PETIT_CHASE` in ``seating``'s conventions), two
    trumps are enough at any time when the Petit can only be on the declarer's side: every
    other seat not known to be on it has shown it has no trump left."""
    trumps = hand & TRUMPS
    if not others & PETITB or voids[decl] >> 4 & 1 or not ceiling[decl] & others & TRUMPS:
        return -1
    n = trumps.bit_count()
    if n < HUNT_TRUMPS and not (n >= 2 and hand.bit_count() <= HUNT_LATE) and not (
            n >= 2 and seating is not None and seating.conventions & PETIT_CHASE
            and all(voids[f] >> 4 & 1 for f in range(seating.size)
                    if f != me and not seating.on_side(f, decl))):
        return -1
    top = highest(trumps)
    return top if is_master(top, others) else -1

"""French Tarot card play: the defence's rules — giving points to a fellow's safe trick
(:func:`smear`, the *charge*, with its risk :data:`CHARGE_RISK`), forcing the declarer to ruff
and hunting the Petit with the master trump (:func:`force_or_hunt`, :func:`hunt`), and leading
through the declarer rather than into it (:func:`lead_terms`). Called by
:func:`.tarot_policy.choose`; reads :mod:`.tarot_table` only. (At five the partner plays on
the declarer's side; how a seat reads who it is lives in :mod:`.tarot_partner`.)"""

from __future__ import annotations

from collections.abc import Callable

from .. import tarot as T
from ..cards import bits, highest, lowest
from ..tarot import KINGS, PETITB
from .tarot_table import (
    FORCE_RUFF,
    FRIEND_WINS,
    HUNT_PETIT,
    PETIT,
    PTS,
    SMASK,
    SMEAR,
    SMEAR_LOW,
    TRUMPS,
    Seating,
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
                  voids: list[int], ceiling: list[int]) -> tuple[int, int] | None:
    """A defender's lead once no card of its cashes, with its reason code, or ``None``: while
    the declarer may still trump, a low card of the longest of ``suits`` (those the seat holds,
    ``plain`` its suit cards) that the declarer is out of, so that it must spend a trump
    (``FORCE_RUFF``); else the trump that hunts the Petit (:func:`hunt`, ``HUNT_PETIT``)."""
    if not voids[decl] >> 4 & 1 and others & TRUMPS:
        force = [s for s in suits if voids[decl] >> s & 1]
        if force:
            s = max(force, key=lambda s: (plain & SMASK[s]).bit_count())
            return min(bits(plain & SMASK[s]), key=lambda c: (PTS[c], c)), FORCE_RUFF
    card = hunt(me, decl, hand, others, voids, ceiling)
    return (card, HUNT_PETIT) if card >= 0 else None


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

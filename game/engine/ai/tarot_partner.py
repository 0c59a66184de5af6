"""French Tarot for three and five players: what the AI players add to the four-player rules —
the seats of the table as the card-play policy sees them, the king a five-player declarer calls,
who a seat takes for the declarer's secret partner, and how the hard search weighs its layouts
by the play that hints at the partner (:func:`smear_weighted`).

Everything here reads a seat's :class:`~game.engine.knowledge.Knowledge` only (its hand, the
public facts and the play so far): no hidden card is ever used (the weighing reads a sampled
layout's hidden cards, never the real ones).

**Decisions** (where the brief leaves it open):

* *The call* (:func:`call_choice`): among the legal calls (the engine's: the four kings, or
  the queens when the hand holds all four kings, and so on) a card the declarer does not hold,
  of a suit in which it holds a face card just below the called rank (the queen or the knight
  for a king) — that card takes a trick once the partner's king has drawn the suit — and of
  those the shortest suit it holds at least one card of (a suit it can lead to the partner, and
  soon trump); then the shortest suit; then the suit order. A hand holding every legal card
  calls the first (it plays alone).
* *Who the partner is* (:func:`partner_seat`): the seat the public facts name (the partner
  itself, everybody once the called card is played); otherwise the only seat other than the
  declarer and the reader that may still hold the called card (:func:`may_hold_called`: the
  others have shown a void in its suit — read so even under keep without or against, where the
  card may lie in the unseen talon); otherwise, read from the play, the one such seat that
  gave a face card worth 2.5 points or more (a knight, a queen, a king) to a trick the
  declarer was winning when it played (:func:`smear_events`) — a defender does not give
  points to the declarer. No such seat, or more than one: nobody is taken for the partner
  (the other seats play as the defence would if all were defenders). The hard search weighs
  its layouts by the same smears (:func:`smear_weighted`).
* *The partner's play*: once a seat knows (or reads) the partner, the card-play policy counts
  that seat on the declarer's side (:class:`~.tarot_play.Seating`): the partner smears points
  on the declarer's tricks and the declarer's side does not fight over a trick it already wins;
  a defender counts the partner among the opponents. The partner smears only when the trick is
  its side's for sure or nearly (the policy's :data:`~.tarot_play.CHARGE_RISK`), which keeps
  its first smear — the play that gives it away — for a trick worth it.
* *The secret partner's play* is the declarer's side's (above): it plays the called king
  when the suit is first led and the king is sure to win (a defender's lead: it wins; the
  declarer's low card: it takes over), smears on the declarer's sure tricks, and leads its
  king when it is a master that no opponent is known to trump (a cash, which shows it).
  Two more rules were measured, normal against main's normal at five
  (``benchmarks/against_other.py``, 300 deals, seed 7) and are not kept: a *wary defence*
  that does not charge (give points to) the safe trick of a seat that may be the partner
  and plays low instead: margin −0.50 [−1.28, +0.28], as defender −0.68 [−1.74, +0.37]
  (what it saves when the winner is the partner, one time in three, is less than the points
  the defence fails to bank the other times); and the partner *leading trumps for the
  declarer* (its lowest but the Petit, from three trumps, once no card of its cashes): with
  the wary defence, −1.07 [−2.03, −0.11], as defender −1.45 [−2.75, −0.15]. Without them
  the normal player plays every one of those 300 deals as main's did.
* *No special lead of the called suit*: a rule where the declarer leads its lowest card of the
  called suit to find the partner, and the partner leads the suit back before showing itself,
  was measured (normal against easy at five, the same 200 deals, seed 1): the margin fell from
  +22.9 to +19.6 and the declarer's from +86 to +74, so the leads are the four-player rules'.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .. import cards as C
from .. import tarot as T
from ..knowledge import Knowledge
from ..message import Message, Seat, counted
from ..tarot import EXB
from . import search
from .tarot_table import FOUR, PTS, SMASK, SUIT, Seating, say
from .view import SEAT_NAMES

SMEAR_ODDS = 0.1
"""Five players: how much less likely a layout is in which a seat that gave a face card to
the declarer's winning trick is a defender that had a cheaper card (:func:`smear_weighted`).
**Decision**: 0.1 — the normal policy's defenders never smear the declarer, a human's
seldom."""
SMEAR_TRIES = 12
"""The most layouts :func:`smear_weighted` draws for one it keeps."""
SMEAR_POINTS = 5
"""The half points of a face card (a knight: 2.5 points) from which giving it to the
declarer's winning trick marks a seat as the partner."""


def seat_names(letters: tuple[str, ...]) -> tuple[Seat, ...]:
    """The table's seats by name for the reasons (the four-player names at four)."""
    if len(letters) == 4:
        return SEAT_NAMES
    return tuple(Seat(letter, C.full_seat_name(letter)) for letter in letters)


def smear_events(k: Knowledge) -> list[tuple[int, int, int, int, int]]:
    """Five players: every face card worth :data:`SMEAR_POINTS` or more (a knight, a queen, a
    king) that a seat other than the declarer gave to a trick the declarer was winning when it
    played and still won after it, as ``(trick, seat, card, led, best)``: the trick's index,
    the seat, the card, and the suit led and best card of the trick when it played (the
    reader's own included). Empty before the call."""
    if k.public.get("called") is None or not k.public.get("declarer"):
        return []
    decl = k.seats.index(k.public["declarer"])
    n = len(k.seats)
    out: list[tuple[int, int, int, int, int]] = []
    for index, t in enumerate(k.tricks):
        seat = k.seats.index(t["leader"])
        cards: list[int] = []
        seats: list[int] = []
        for c in (C.parse_tarot(x) for x in t["cards"]):
            if cards and seat != decl and c < C.TRUMP_BASE and PTS[c] >= SMEAR_POINTS:
                led, best, i = T.trick_state(cards)
                if i >= 0 and seats[i] == decl and T.trick_state([*cards, c])[2] == i:
                    out.append((index, seat, c, led, best))
            cards.append(c)
            seats.append(seat)
            seat = (seat - 1) % n
    return out


def may_hold_called(k: Knowledge) -> int:
    """Five players, while the called card is unseen by ``k``'s seat: the seats (a bit set)
    other than the reader and the declarer that may hold it — those that have not shown a
    void in its suit (0 once the partner or the declarer's being alone is public to the
    reader, or before the call)."""
    called = k.public.get("called")
    if not called or k.public.get("partner") or k.public.get("alone"):
        return 0
    decl = k.seats.index(k.public["declarer"])
    letter = C.SUITS[SUIT[C.parse_tarot(called)]]
    return sum(1 << s for s in range(len(k.seats))
               if s not in (decl, k.seat) and letter not in k.voids[s])


def partner_seat(k: Knowledge) -> int | None:
    """The seat ``k``'s seat takes for the declarer's partner, or ``None`` (see the module's
    decisions): the public facts first, else the only seat that may still hold the called
    card, else the play (:func:`smear_events`)."""
    letter = k.public.get("partner")
    if letter:
        return k.seats.index(letter)
    if k.public.get("called") is None or k.public.get("alone"):
        return None
    may = may_hold_called(k)
    if may.bit_count() <= 1:
        return may.bit_length() - 1 if may else None
    marked = {seat for _, seat, _, _, _ in smear_events(k) if may >> seat & 1}
    return next(iter(marked)) if len(marked) == 1 else None


class Smear(NamedTuple):
    """A face card ``card`` that ``seat`` gave to a trick the declarer was winning, whose
    suit was ``led`` and best card ``best`` when it played; ``later``: every card the seat
    has played from that trick on (with ``card``), to rebuild its hand then in a layout."""

    seat: int
    card: int
    led: int
    best: int
    later: int

    def forced(self, hand: int) -> bool:
        """Whether a seat now holding ``hand`` had no legal card of fewer points then (the
        Excuse aside): a defender gives points to the declarer only so."""
        legal = T.legal(hand | self.later, self.led, self.best) & ~EXB
        return not any(PTS[c] < PTS[self.card] for c in C.bits(legal))


def trick_seats(k: Knowledge, t: Mapping[str, Any]) -> list[int]:
    """The seat that played each card of trick ``t``, in order."""
    n = len(k.seats)
    first = k.seats.index(t["leader"])
    return [(first - i) % n for i in range(len(t["cards"]))]


def later_played(k: Knowledge, seat: int, trick: int) -> int:
    """The cards ``seat`` played to trick number ``trick`` (0-based) and after."""
    out = 0
    for t in k.tricks[trick:]:
        for s, x in zip(trick_seats(k, t), t["cards"], strict=False):
            if s == seat:
                out |= 1 << C.parse_tarot(x)
    return out


def smears_seen(k: Knowledge) -> tuple[Smear, ...]:
    """Five players, while the partner is secret to ``k``'s seat (and not known absent): the
    smears (:func:`smear_events`) of the seats that may still hold the called card
    (:func:`may_hold_called`), with what each has played since; empty otherwise."""
    may = may_hold_called(k)
    if not may:
        return ()
    return tuple(Smear(s, c, led, best, later_played(k, s, i))
                 for i, s, c, led, best in smear_events(k) if may >> s & 1)


def smear_weighted(smears: tuple[Smear, ...], called: int,
                   sample: Callable[[random.Random], search.World]
                   ) -> Callable[[random.Random], search.World]:
    """Five players, while the partner is secret to the seat: a sampler that weighs the
    layouts of ``sample`` by the ``smears`` seen (:func:`smears_seen`) of the ``called``
    card.

    **Decision**: a defender gives a face card to the declarer's winning trick only when it
    must — a layout in which a seat that smeared is a defender (it does not hold the called
    card) and held a legal card of fewer points then is :data:`SMEAR_ODDS` times as likely
    as one in which the smear was the partner's or forced. Drawn by rejection: a layout is
    kept with its weight's chance, at most :data:`SMEAR_TRIES` draws (then the last is kept),
    so the layouts stay those ``sample`` gives and the choice depends only on ``rng``."""
    def weight(world: search.World) -> float:
        w = 1.0
        for sm in smears:
            hand = C.mask_of(world[sm.seat])
            if not hand >> called & 1 and not sm.forced(hand):
                w *= SMEAR_ODDS
        return w

    def draw(rng: random.Random) -> search.World:
        world = sample(rng)
        for _ in range(SMEAR_TRIES - 1):
            if rng.random() < weight(world):
                break
            world = sample(rng)
        return world
    return draw


def seating(k: Knowledge) -> Seating:
    """The :class:`~.tarot_play.Seating` of ``k``: the table's size, talon and names, the
    partner (:func:`partner_seat`) on the declarer's side, and (its
    :attr:`~.tarot_play.Seating.doubt`) the seats that may be the partner while it is secret
    to the reader (:func:`may_hold_called`); :data:`~.tarot_play.FOUR` at four."""
    n = len(k.seats)
    if n == 4:
        return FOUR
    p = partner_seat(k) if n == 5 and k.phase == "play" else None
    doubt = may_hold_called(k) if n == 5 else 0
    return Seating(n, T.LAYOUTS[n].talon, 0 if p is None else 1 << p, seat_names(k.seats),
                   doubt)


def call_choice(hand: int, legal: list[int]) -> tuple[int, Message]:
    """The card to call among ``legal`` (the engine's legal calls) with ``hand``, and why (see
    the module's decisions)."""
    free = [c for c in legal if not hand >> c & 1]
    if not free:
        card = legal[0]
        return card, Message("Call {card}: you hold every card you may call, so you play alone.",
                             card=say(card))
    rank = legal[0] % 14

    def honours(c: int) -> int:
        return hand & SMASK[SUIT[c]] & sum(1 << (c - d) for d in range(1, 3) if rank - d >= 10)

    def key(c: int) -> tuple[int, int, int, int]:
        length = (hand & SMASK[SUIT[c]]).bit_count()
        return (0 if honours(c) else 1, 0 if length else 1, length, c)
    card = min(free, key=key)
    length = (hand & SMASK[SUIT[card]]).bit_count()
    held = honours(card)
    if held:
        return card, counted(
            "Call {card}: you hold {honour} of its suit, which takes a trick once the "
            "partner's card has drawn the suit, and the suit is short ({n} card).",
            "Call {card}: you hold {honour} of its suit, which takes a trick once the "
            "partner's card has drawn the suit, and the suit is short ({n} cards).",
            n=length, card=say(card), honour=say(C.highest(held)))
    return card, counted(
        "Call {card}: your shortest suit without a high card of your own ({n} card), to lead "
        "to the partner and soon trump.",
        "Call {card}: your shortest suit without a high card of your own ({n} cards), to lead "
        "to the partner and soon trump.", n=length, card=say(card))

"""French Tarot for three and five players: what the AI players add to the four-player rules —
the seats of the table as the card-play policy sees them, the king a five-player declarer calls,
and who a seat takes for the declarer's secret partner.

Everything here reads a seat's :class:`~game.engine.knowledge.Knowledge` only (its hand, the
public facts and the play so far): no hidden card is ever used.

**Decisions** (where the brief leaves it open):

* *The call* (:func:`call_choice`): among the legal calls (the engine's: the four kings, or
  the queens when the hand holds all four kings, and so on) a card the declarer does not hold,
  of a suit in which it holds a face card just below the called rank (the queen or the knight
  for a king) — that card takes a trick once the partner's king has drawn the suit — and of
  those the shortest suit it holds at least one card of (a suit it can lead to the partner, and
  soon trump); then the shortest suit; then the suit order. A hand holding every legal card
  calls the first (it plays alone).
* *Who the partner is* (:func:`partner_seat`): the seat the public facts name (the partner
  itself, everybody once the called card is played); otherwise, read from the play, the one
  seat other than the declarer and the reader that gave a face card worth 2.5 points or more
  (a knight, a queen, a king) to a trick the declarer was winning when it played — a defender
  does not give points to the declarer. No such seat, or more than one: nobody is taken for the
  partner (the other seats play as the defence would if all were defenders).
* *The partner's play*: once a seat knows (or reads) the partner, the card-play policy counts
  that seat on the declarer's side (:class:`~.tarot_play.Seating`): the partner smears points
  on the declarer's tricks and the declarer's side does not fight over a trick it already wins;
  a defender counts the partner among the opponents. The partner smears only when the trick is
  its side's for sure or nearly (the policy's :data:`~.tarot_play.CHARGE_RISK`), which keeps
  its first smear — the play that gives it away — for a trick worth it.
* *No special lead of the called suit*: a rule where the declarer leads its lowest card of the
  called suit to find the partner, and the partner leads the suit back before showing itself,
  was measured (normal against easy at five, the same 200 deals, seed 1): the margin fell from
  +22.9 to +19.6 and the declarer's from +86 to +74, so the leads are the four-player rules'.
"""

from __future__ import annotations

from .. import cards as C
from .. import tarot as T
from ..knowledge import Knowledge
from ..message import Message, Seat, counted
from .tarot_table import FOUR, PTS, SMASK, SUIT, Seating, say
from .view import SEAT_NAMES

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


def charges(seating: Seating, winner: int) -> bool:
    """Whether a defender gives points (or its Petit) to the safe trick ``winner`` is winning
    for the defence, or takes it over: not while ``winner`` may be the secret partner
    (:attr:`~.tarot_play.Seating.doubt`: it has not shown a void in the called suit) — the
    defender then plays low (see the module's decisions)."""
    return not seating.doubt >> winner & 1


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

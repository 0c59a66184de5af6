"""French Tarot card play in words: the one sentence that says why a card was played
(:func:`explain`, from :func:`.tarot_policy.choose`'s reason code) and why risking the Petit is
worth it (:func:`petit_risk`). Reads :mod:`.tarot_table` only (the count, to say "for sure" only
when the seat can prove it); the public face is :mod:`.tarot_play`."""

from __future__ import annotations

from .. import cards as C
from ..message import N_, Card, Message, Word, counted
from .tarot_table import (
    APPEL_DISCARD,
    CALLED_LEAD,
    CANNOT_WIN,
    CASH,
    CHASE_LEAD,
    DISCARD,
    DRAW,
    DRAW_PLAIN,
    DRAW_TRUMPS,
    EXCUSE,
    EXCUSE_FOR_KING,
    EXCUSE_LATE,
    EXCUSE_LOST,
    EXCUSE_PETIT,
    EXCUSE_SAVE,
    FORCE_RUFF,
    FOUR,
    FRIEND_WINS,
    HUNT_PETIT,
    KEEP_EXCUSE,
    KING_LEAD,
    LEAD_THROUGH,
    LOW_LEAD,
    ONLY,
    ONLY_TRUMPS,
    OVERTRUMP,
    PETIT_BOUT,
    PETIT_RISK,
    PETIT_SAVED,
    PETIT_SAVED_RISK,
    PETIT_WINS,
    RETURN_LEAD,
    RUFF,
    SECURE,
    SMASK,
    SMEAR,
    SMEAR_LOW,
    SUIT,
    TRUMP_LOST,
    TRUMP_LOST_PETIT,
    TRUMP_LOW,
    TRUMP_LOW_PETIT,
    TRUMPS,
    UNSURE,
    WIN,
    Seating,
    opponents_after,
    proof_opponents,
    proven,
    ruff_chance,
    safe,
    say,
    slots,
    trick_state,
)
from .view import PARTNER, SUIT_NAMES, SUIT_ONE, reason

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
    APPEL_DISCARD: N_("Throw {card}: your first discard calls {suit}, where you hold the king, "
                      "for the defence to lead."),
    CALLED_LEAD: N_("Lead {card}: a fellow defender called {suit} with its first discard, and "
                    "its king is still out."),
    RETURN_LEAD: N_("Lead {card}: return the suit a fellow defender led first."),
    CHASE_LEAD: N_("Lead {card}: a fellow defender is hunting the Petit with its trumps; lead "
                   "trumps too, so that {taker} runs out of them."),
    EXCUSE_FOR_KING: N_("Play {card} and keep the Excuse for your bare king: {taker} is out of "
                        "its suit and would trump it."),
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
        return cash_reason(c, suit, me, decl, seating)
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


def cash_reason(c: Card, suit: Word, me: int, decl: int, seating: Seating = FOUR) -> Message:
    """Why seat ``me`` cashes card ``c`` (said) of ``suit``, naming as seats that might trump
    it only the opponents the seat knows: on the declarer's side (the declarer, or its
    partner who knows itself) the defence, unnamed; a defender names the declarer, and at
    five the partner when it has read it (:attr:`Seating.side`), or says the partner is still
    secret to it (:attr:`Seating.doubt`).

    **Decision** (issue 36: the five-player reason named the declarer to its own partner as
    a seat that might trump): the words follow the sides as the seat knows them, the same
    sides the policy's check against a ruff reads (its leads, :mod:`.tarot_policy`)."""
    if seating.on_side(me, decl):
        return Message("Cash {card}: nobody can beat it in {suit}, and no opponent is known to "
                       "be able to trump it.", card=c, suit=suit)
    taker = seating.names[decl]
    partners = [s for s in range(seating.size) if s != decl and seating.side >> s & 1]
    if partners:
        return Message("Cash {card}: nobody can beat it in {suit}, and neither {taker} nor "
                       "{partner} is known to be able to trump it.", card=c, suit=suit,
                       taker=taker, partner=seating.names[partners[0]])
    if seating.doubt:
        return Message("Cash {card}: nobody can beat it in {suit}, and {taker} is not known to "
                       "be able to trump it (its partner is still secret to you).", card=c,
                       suit=suit, taker=taker)
    return Message("Cash {card}: nobody can beat it in {suit}, and {taker} is not known to be "
                   "able to trump it.", card=c, suit=suit, taker=taker)


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

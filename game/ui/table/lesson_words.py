"""What a guided hand tells a card it refuses (issue 36), in a player's words: why that card
would break this hand's lesson — it would give the trick to another seat, ask the others for
another suit, or spend a card the lesson needs later — then which cards go on with it.

The reason is the script's own proof (:meth:`game.lessons.script.Run.breach`): a card is
refused only when the rest of the recorded hand could not follow it, and the words say the
first thing that would go wrong, as a player sees it at the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import _, card_words, seat_word
from ...lessons.script import SOUTH, Breach

SHOWN = 4
"""At most this many cards are named in "Play one of …" (the rest are lifted only)."""


def why_refused(card: str, breach: Breach | None, trick: int, leads: bool) -> str:
    """Why ``card`` does not go on with this guided hand: ``breach`` is what it would break
    (``None``: nothing the proof names — a card of no step's choice), ``trick`` the number of
    tricks complete before it, ``leads`` whether South leads the trick. An empty text when
    there is nothing to say beyond which cards to play."""
    name = card_words(card)
    if breach is None:
        return ""
    if breach.trick > trick or breach.kind == "situation":
        if breach.kind == "taught":
            return _("Keep {card}: the lesson shows something with it later.").format(card=name)
        return _("Keep {card} for later: this guided hand needs it in a later trick.").format(
            card=name)
    if breach.kind == "winner" and breach.seat:
        if breach.seat == SOUTH:
            return _("{card} would win this trick, but this guided hand goes on with another "
                     "seat taking it.").format(card=name)
        return _("With {card}, {seat} would take this trick.").format(
            card=name, seat=seat_word(breach.seat))
    if breach.kind == "taught":
        return _("Keep {card}: the lesson shows something with it later.").format(card=name)
    if leads:
        return _("Leading {card} would ask the others for another suit than this guided hand "
                 "goes on with.").format(card=name)
    return _("{card} would change what the others may play to this trick.").format(card=name)


def play_these(cards: Sequence[str]) -> str:
    """"Play X." or "Play one of X, Y, Z." (at most :data:`SHOWN` named)."""
    named = ", ".join(card_words(c) for c in cards[:SHOWN])
    if len(cards) == 1:
        return _("Play {card}.").format(card=named)
    if len(cards) > SHOWN:
        return _("Play one of {cards}, or another card lifted.").format(cards=named)
    return _("Play one of {cards}.").format(cards=named)

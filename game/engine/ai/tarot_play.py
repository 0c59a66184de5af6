"""French Tarot card play on int bit masks — the public face of the card-play modules: the
easy and normal policy (:func:`choose`), its one-sentence reasons (:func:`explain`), and the
fast perfect-information playout the hard search runs on sampled layouts (:class:`Playout`).
Every name is re-exported here (``tarot_play.X``); the parts, by role:

* :mod:`.tarot_table` — what every seat reads and counts, whatever its role: the card tables,
  the reason codes, the table and its sides (:class:`Seating`), the open trick, the count of
  the unseen cards (:func:`beatable`, :func:`proven`, :func:`void_chance`,
  :func:`ruff_chance`, :func:`safe`, :func:`petit_risk_ok`);
* :mod:`.tarot_declarer` — the declarer's side: the slam's Excuse, drawing trumps;
* :mod:`.tarot_defence` — the defence: the charge (:func:`smear`, :data:`CHARGE_RISK`),
  forcing the declarer to ruff, hunting the Petit, leading through the declarer, and the
  conventions the defenders play together (issue 29: the call by the first discard,
  returning a fellow's suit, the Excuse kept for a king, chasing the Petit), read from the
  public :class:`Talk`;
* (the partner at five plays on the declarer's side; who it is, as a seat reads it, and the
  call of a king live in :mod:`.tarot_partner`, which reads this module);
* :mod:`.tarot_policy` — :func:`choose`, for every role: it calls the two role modules and
  the count;
* :mod:`.tarot_reasons` — :func:`explain` and :func:`petit_risk`, from the count only;
* :mod:`.tarot_playout` — :class:`Playout`, :func:`candidates`, :func:`collect`; its
  playouts call :func:`choose`.

Each imports only those above it (none imports this module), so there is no import circle.

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
  the hand, leads it to hunt an unseen Petit (:func:`.tarot_defence.hunt`); discards keep a
  king's guards (:func:`.tarot_policy._least_useful`).
* The Excuse is played at the latest with two cards left (it is lost in the last trick), except
  by a declarer who has won every trick so far and keeps it to lead the last one (the slam); it
  is played earlier instead of a card that would give an opponent a knight or more, or the
  Petit.
* The declarer draws trumps with a master trump when it holds at least as many trumps as are
  still out; defenders cash kings in suits the declarer has not shown void, and otherwise lead a
  suit the declarer is out of so that it must spend trumps.
"""

from __future__ import annotations

from .tarot_declarer import (
    draw_trumps,
    keeps_excuse,
)
from .tarot_defence import (
    CHARGE_RISK,
    HONOURS,
    HUNT_LATE,
    HUNT_TRUMPS,
    appel_discard,
    called_lead,
    chase_lead,
    fellows,
    force_or_hunt,
    hunt,
    lead_terms,
    needy_king,
    return_lead,
    smear,
)
from .tarot_playout import (
    Playout,
    candidates,
    collect,
)
from .tarot_policy import (
    choose,
)
from .tarot_reasons import (
    explain,
    petit_risk,
)
from .tarot_table import (
    ABOVE,
    APPEL,
    APPEL_DISCARD,
    CALLED_LEAD,
    CANNOT_WIN,
    CASH,
    CHASE_LEAD,
    CONVENTION_NAMES,
    CONVENTIONS,
    DISCARD,
    DRAW,
    DRAW_PLAIN,
    DRAW_TRUMPS,
    EASY,
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
    KING_GUARD,
    KING_LEAD,
    KING_PTS,
    LEAD_THROUGH,
    LOW_LEAD,
    MONDE,
    NEXT,
    NO_CALL,
    NORMAL,
    NOT_YET,
    ONLY,
    ONLY_TRUMPS,
    OVERTRUMP,
    PETIT,
    PETIT_BOUT,
    PETIT_CHASE,
    PETIT_RISK,
    PETIT_RISK_BARE,
    PETIT_RISK_GUARDED,
    PETIT_SAVED,
    PETIT_SAVED_RISK,
    PETIT_WINS,
    PTS,
    RETURN,
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
    Talk,
    beatable,
    is_master,
    name,
    opponents_after,
    petit_risk_ok,
    proof_opponents,
    proven,
    ruff_chance,
    safe,
    say,
    slots,
    trick_state,
    void_chance,
)
from .view import SUIT_NAMES

__all__ = [
    "ABOVE",
    "APPEL",
    "APPEL_DISCARD",
    "CALLED_LEAD",
    "CANNOT_WIN",
    "CASH",
    "CHARGE_RISK",
    "CHASE_LEAD",
    "CONVENTIONS",
    "CONVENTION_NAMES",
    "DISCARD",
    "DRAW",
    "DRAW_PLAIN",
    "DRAW_TRUMPS",
    "EASY",
    "EXCUSE",
    "EXCUSE_FOR_KING",
    "EXCUSE_LATE",
    "EXCUSE_LOST",
    "EXCUSE_PETIT",
    "EXCUSE_SAVE",
    "FORCE_RUFF",
    "FOUR",
    "FRIEND_WINS",
    "HONOURS",
    "HUNT_LATE",
    "HUNT_PETIT",
    "HUNT_TRUMPS",
    "KEEP_EXCUSE",
    "KING_GUARD",
    "KING_LEAD",
    "KING_PTS",
    "LEAD_THROUGH",
    "LOW_LEAD",
    "MONDE",
    "NEXT",
    "NORMAL",
    "NOT_YET",
    "NO_CALL",
    "ONLY",
    "ONLY_TRUMPS",
    "OVERTRUMP",
    "PETIT",
    "PETIT_BOUT",
    "PETIT_CHASE",
    "PETIT_RISK",
    "PETIT_RISK_BARE",
    "PETIT_RISK_GUARDED",
    "PETIT_SAVED",
    "PETIT_SAVED_RISK",
    "PETIT_WINS",
    "PTS",
    "RETURN",
    "RETURN_LEAD",
    "RUFF",
    "SECURE",
    "SMASK",
    "SMEAR",
    "SMEAR_LOW",
    "SUIT",
    "SUIT_NAMES",
    "TRUMPS",
    "TRUMP_LOST",
    "TRUMP_LOST_PETIT",
    "TRUMP_LOW",
    "TRUMP_LOW_PETIT",
    "UNSURE",
    "WIN",
    "Playout",
    "Seating",
    "Talk",
    "appel_discard",
    "beatable",
    "called_lead",
    "candidates",
    "chase_lead",
    "choose",
    "collect",
    "draw_trumps",
    "explain",
    "fellows",
    "force_or_hunt",
    "hunt",
    "is_master",
    "keeps_excuse",
    "lead_terms",
    "name",
    "needy_king",
    "opponents_after",
    "petit_risk",
    "petit_risk_ok",
    "proof_opponents",
    "proven",
    "return_lead",
    "ruff_chance",
    "safe",
    "say",
    "slots",
    "smear",
    "trick_state",
    "void_chance",
]

"""Tarabish (Cape Breton) — RULES.md section 3: calling trump, must-trump and must-overtrump
play, runs, bella, bait and half bait, and the match to 500.

A hand goes through the phases ``"call"`` (from the dealer's left, clockwise: call a suit or
pass; the dealer is forced after three passes unless ``dealer_may_pass``), ``"play"`` (nine
tricks, the dealer's left leads) and ``"done"``. The record verbs (RECORDS.md) are
``{"call": "H"|"pass"}``, ``{"runs": [["JS", "10S", "9S"], ...]}`` (before the seat's first
card) and ``{"play": "9H"}`` / ``{"play": "QH", "bella": true}``.

Cards are the 36-pack ids of :mod:`game.engine.cards` (``suit * 9 + natural rank``, ranks
``6 7 8 9 10 J Q K A`` = 0..8); this module maps natural ranks to Tarabish strengths and points
(:data:`ABOVE`). The card-play rule is written once, :func:`legal_mask` (follow, must trump,
must overtrump, the partner exception), with the trick winner and the voids a play shows in
:mod:`game.engine.tricks`; the engine's legal list and reasons, the random-playout kernel and
the AI (:mod:`game.engine.ai.policy`) all use them.

Decisions where RULES.md is silent (each also noted where it is implemented):

* **Decision** (first dealer): cards are dealt face up one at a time from South clockwise; the
  seat that receives the first jack deals.
* **Decision** (runs): a declared run is any three or more cards of one suit held in sequence
  (natural order), even when it is part of a longer sequence held; declared runs may not share
  a card; the cards of a run may be written in any order (the canonical form is high→low). A
  sequence longer than four cards is its *parts* (RULES.md): fours from the top, then a three
  (:func:`run_parts`; 5 or 6 cards: one fifty, 7: a fifty and a twenty, 8 or 9: two fifties).
  Its value is the sum of its parts (3: 20, 4–6: 50, 7: 70, 8–9: 100) and it competes as its
  best part, the top four: Q-J-10-9-8-7-6 is a fifty topped by the Q (an A-K-Q-J beats it).
  Best run (:func:`run_key`): a fifty beats any twenty, then the higher top card, then trump
  over plain; a seat's best run is the best part of its declared runs; equal best plain runs
  of different seats (partners too) cancel.
* **Decision** (bella): a claim is valid on exactly one card: the second of the king and queen
  of trump played by the claimer (with ``bella_on_first``: the first, while the other is still
  held). ``"bella": false`` is the same as no claim.
* **Decision** (partner exception): it frees only a seat that cannot follow the suit led; when
  trump is led, a seat holding trumps must still follow and overtrump, even over its partner.
  A freed seat may play any card, a low trump included.
* **Decision** (``half_bait_is_bait``): such a hand is reported with ``"bait": "bait"``.
* **Decision** (target): the ``target`` option allows 300, 500 (default) and 1000.
* **Decision** (thrown-in hand): the three hidden cards of each seat stay unseen.
* **Decision** (knowledge): another seat's run declaration is seen as its parts' kinds,
  ``{"seat": "W", "runs": None, "declared": ["fifty", "twenty"]}`` (a 7-card run), until that
  seat plays its second card: kinds are only ``"twenty"`` and ``"fifty"`` (:func:`run_kinds`),
  which tell exactly what the declaration is worth and how its best run compares by kind,
  never its length (4, 5 and 6 cards all read ``["fifty"]``). ``public_facts`` gives
  ``caller``, ``runs_declared`` (the same kinds), ``runs_shown`` and ``bella`` (claimers); a
  seat that neither followed nor trumped is shown void in trumps too (not when the partner
  exception freed it).
* **Decision** (legal lists): calls S, H, D, C then ``"pass"``; in play the one canonical
  ``runs`` action first, then each legal card ascending, a bella claim right after its plain
  play. Call values are case-insensitive (``"h"``, ``"Pass"``).

The package's parts (each imports only those above it; none imports this ``__init__``):

* :mod:`.rules` — ranks, strengths and points (:data:`ABOVE`), the rule of play
  (:func:`legal_mask`) and the table options (:data:`OPTIONS`, :data:`DEFAULTS`);
* :mod:`.declarations` — runs (:func:`run_parts`, :func:`runs_in`, :func:`best_run_holder`,
  :func:`parse_runs`) and bella (:func:`bella_reason`): functions of cards and seats;
* :mod:`.scoring` — the bait rule (:func:`settle`) and the match tally (:class:`TarabishTally`);
* :mod:`.hand` — :class:`TarabishHand`, which checks and plays actions by calling the three
  above, and the deal (:func:`deal`, :func:`first_dealer`, :func:`new_hand`);
* :mod:`.playout` — the random-playout kernel (:func:`random_playout`, :func:`playout_start`),
  its tables built from :func:`legal_mask`;
* this ``__init__`` — the public face (every name above, as ``tarabish.X``) and :data:`SPEC`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..games import GameSpec
from ..message import N_
from ..tricks import PACK36
from .declarations import (
    KIND_VALUES,
    PART_NAMES,
    PART_VALUES,
    bella_reason,
    best_run_holder,
    declared_kinds,
    parse_runs,
    run_key,
    run_kinds,
    run_parts,
    run_value,
    runs_in,
)
from .hand import TarabishHand, deal, first_dealer, new_hand
from .playout import playout_start, random_playout
from .rules import (
    ABOVE,
    ACE,
    BELLA,
    DEFAULTS,
    EIGHT,
    HAND_SIZE,
    JACK,
    KING,
    LAST_TRICK,
    NINE,
    OPTIONS,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    QUEEN,
    SEVEN,
    SIX,
    SUIT_MASKS,
    TEN,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
    VISIBLE,
    card_points,
    legal_mask,
    strength,
)
from .scoring import TarabishTally, settle

__all__ = [
    "ABOVE", "ACE", "BELLA", "DEFAULTS", "EIGHT", "EXTRAS", "HAND_SIZE", "JACK", "KIND_VALUES",
    "KING", "LAST_TRICK", "NINE", "OPTIONS", "PART_NAMES", "PART_VALUES", "PLAIN_POINTS",
    "PLAIN_STRENGTH", "QUEEN", "SEVEN", "SIX", "SPEC", "SUIT_MASKS", "TEN", "TRUMP_POINTS",
    "TRUMP_STRENGTH", "VISIBLE", "TarabishHand", "TarabishTally", "bella_reason",
    "best_run_holder", "card_points", "deal", "declared_kinds", "first_dealer", "legal_mask",
    "new_hand", "parse_runs", "playout_start", "random_playout", "run_key", "run_kinds",
    "run_parts", "run_value", "runs_in", "settle", "strength",
]

EXTRAS: dict[str, Callable[..., Any]] = {"random_playout": random_playout,
                                         "playout_start": playout_start}

SPEC = GameSpec(
    name="tarabish",
    title=N_("Tarabish"),
    options=OPTIONS,
    new_hand=new_hand,
    deal=deal,
    first_dealer=lambda rng, options=None: first_dealer(rng),
    tally=TarabishTally,
    summary=N_("Cape Breton: call trump, score runs and bella, don't go bait — first to 500."),
    extras=EXTRAS,
    pack=PACK36,
)

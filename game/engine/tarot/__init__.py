"""French Tarot, FFT rules — for four players (RULES.md section 4), and for three and five
(section 5: the option ``players``).

78 cards (four suits of 14, trumps T1..T21, the Excuse), no partners: the highest bidder (the
*declarer*) plays alone against the three others (the *defence*). Everything goes
counter-clockwise, the deal passes to the right.

**Where each rule is** (each module's docstring holds its rules' decisions):

===================  ==========================================================================
:mod:`.pack`         the card masks (oudlers, kings, …), card points in half points
                     (:func:`half_points`), the notation (:func:`names`), the four-player counts
:mod:`.layouts`      the three table sizes (:class:`Layout`: deal, talon, handful sizes, the call)
:mod:`.deal`         the deal and the draw for the first dealer
:mod:`.state`        :class:`~.state.TarotState`: a hand's attributes from the deal; petit sec
:mod:`.auction`      the bids, the five-player call and its first-trick rule
                     (:class:`~.auction.Auction`)
:mod:`.dog`          the talon taken up and the lay-away (:class:`~.dog.LayAway`)
:mod:`.handfuls`     the handfuls: who may show which trumps, their bonus
                     (:class:`~.handfuls.Handfuls`)
:mod:`.play_rules`   the rules of the play on ints — :func:`legal`, :func:`beats`,
                     :func:`trick_state`, :func:`revealed`, :func:`trump_ceiling` and their
                     tables, shared by the engine, the playouts and the AI; the hand's card play
                     (:class:`~.play_rules.PlayRules`)
:mod:`.excuse`       **the rule of the Excuse** (:func:`excuse_wins`, :func:`excuse_fate`, the
                     exchange card) and the **petit au bout** (:func:`petit_au_bout`);
                     the hand's gathering of a trick (:class:`~.excuse.ExcuseRules`)
:mod:`.scoring`      :func:`settle`, :func:`payments`, the hand's count and result
                     (:class:`~.scoring.Scoring`), a game of several hands (:class:`TarotTally`)
:mod:`.hand`         :class:`TarotHand`, joining the parts: every phase's legal actions, the
                     record verbs checked and done, what a seat may know
:mod:`.playouts`     :func:`random_playout` (the fast four-player kernel), :func:`engine_playout`,
                     :func:`playout_start`
:mod:`.spec`         the records glue: :data:`SPEC`, the game's :class:`~game.engine.games.GameSpec`
===================  ==========================================================================

**How the parts call each other** (module-level imports go one way, with no circle and no
import under ``TYPE_CHECKING``; ``A ← B``: B imports A)::

    pack ← layouts ← state                   (every module below reads pack too)
    layouts ← deal
    state ← dog ← auction
    state ← excuse ← play_rules              (play_rules reads auction's first-trick rule)
    state ← handfuls
    excuse, handfuls, layouts ← scoring
    auction, handfuls, play_rules, scoring ← hand ← playouts (and deal) ← spec

The hand is built of classes that each extend :class:`~.state.TarotState`
(:class:`~.dog.LayAway` ← :class:`~.auction.Auction`; :class:`~.excuse.ExcuseRules` ←
:class:`~.play_rules.PlayRules`; :class:`~.excuse.ExcuseRules` and
:class:`~.handfuls.Handfuls` ← :class:`~.scoring.Scoring`), and :class:`TarotHand` is
``Auction + Scoring + PlayRules``: a part calls only its own bases' methods, and what spans
every phase (the legal actions, the checks and the doing of each record verb) is in
:class:`TarotHand`. The rules themselves are plain functions on ints (in ``play_rules``,
``excuse``, ``handfuls``, ``scoring``) that the hand's methods, the playout kernel
(``playouts``) and the AI (:mod:`game.engine.ai.tarot_play`) all call, so each rule is written
once. Every caller imports from this package (``from game.engine import tarot``;
``tarot.legal``, ``tarot.TarotHand``, …): the names re-exported below are its public face.
(Pickles of a hand name its class ``game.engine.tarot.hand.TarotHand``.)

Phases and the record's verbs (RECORDS.md):

* ``"bid"`` — one turn each from the dealer's right: ``{"bid": "pass" | "take" | "keep" |
  "keep-without" | "keep-against"}``; a bid must be higher than every earlier one. All pass:
  the hand is thrown in (``{"thrown_in": "all-pass"}``).
* ``"discard"`` (take and keep only) — the talon is shown to all and joins the declarer's hand;
  the declarer lays away six cards, one ``{"discard": "4C"}`` each: no king, no oudler, a trump
  only when nothing else can go (such trumps are shown to all).
* ``"announce"`` — the declarer's ``{"slam": true | false}``, once, under every contract.
* ``"play"`` — 18 tricks. The slam announcer leads the first, otherwise the dealer's right.
  A seat about to play its first card may first show a handful ``{"handful": [trumps]}``.
* ``"done"`` — :meth:`TarotHand.result` gives the RECORDS.md result object.

A deal with a *petit sec* (a seat whose only trump is the Petit, without the Excuse) is thrown
in at once: the hand starts in phase ``"done"`` with ``{"thrown_in": "petit-sec"}``.

**Three and five players** (RULES.md section 5). The table's seats are a
:class:`~game.engine.cards.Table` numbered from South clockwise — three ``S W E`` (0..2), four
``S W N E``, five ``S W NW NE E`` (0..4) — so "the next seat" is always counter-clockwise,
``-1``. What changes with the table size is its :class:`Layout` (deal, packets, talon,
handfuls, the call) and :func:`payments`; every rule is written once for all three. At five,
a phase ``"call"`` follows the bidding: the declarer's ``{"call": "KH"}`` (the card), before
the talon is shown; then the take or keep declarer discards three.

**Decision** for three and five (where RULES.md section 5 is silent; the others are in
:mod:`.auction`, :mod:`.excuse`, :mod:`.state` and :mod:`.spec`): *the declarer's side*
(declarer and partner) counts together everywhere section 4 says "side": card points, oudlers,
the Excuse (:mod:`.excuse`), the slam (the side's tricks; only the declarer announces it, and
then leads) and the petit au bout. The partner's discard knowledge: none (only the declarer sees
its discard).
"""

from __future__ import annotations

from .auction import (
    BIDS,
    CALL_RANKS,
    CONTRACT_NAMES,
    RANK_MASKS,
    call_rank,
    callable_cards,
    first_lead_barred,
)
from .deal import deal, draw_rank, first_dealer
from .dog import DISCARDABLE_TRUMPS
from .excuse import exchange_card, exchange_value, excuse_fate, excuse_wins, petit_au_bout
from .hand import TarotHand
from .handfuls import (
    canonical_handfuls,
    excuse_stands_in,
    handful_bonus,
    handful_levels,
    handful_pool,
)
from .layouts import LAYOUTS, Layout, layout
from .pack import (
    EXB,
    HAND_SIZE,
    HANDFULS,
    JACKS,
    KINGS,
    KNIGHTS,
    LOW,
    OUDLERS,
    PETITB,
    PLAIN,
    QUEENS,
    SUIT_MASKS,
    TALON_SIZE,
    TOTAL_HALF_POINTS,
    TRICKS,
    half_points,
    names,
)
from .play_rules import (
    BEATEN_BY,
    NEXT_SEAT,
    NO_CARD,
    OBLIGATIONS,
    REVEALED,
    TRUMP_CEILING,
    beats,
    legal,
    obligations,
    revealed,
    trick_state,
    trump_ceiling,
)
from .playouts import engine_playout, playout_start, random_playout
from .scoring import MULTIPLIER, TARGETS, TarotTally, payments, settle
from .spec import SPEC

__all__ = [
    "BEATEN_BY",
    "BIDS",
    "CALL_RANKS",
    "CONTRACT_NAMES",
    "DISCARDABLE_TRUMPS",
    "EXB",
    "HANDFULS",
    "HAND_SIZE",
    "JACKS",
    "KINGS",
    "KNIGHTS",
    "LAYOUTS",
    "LOW",
    "MULTIPLIER",
    "NEXT_SEAT",
    "NO_CARD",
    "OBLIGATIONS",
    "OUDLERS",
    "PETITB",
    "PLAIN",
    "QUEENS",
    "RANK_MASKS",
    "REVEALED",
    "SPEC",
    "SUIT_MASKS",
    "TALON_SIZE",
    "TARGETS",
    "TOTAL_HALF_POINTS",
    "TRICKS",
    "TRUMP_CEILING",
    "Layout",
    "TarotHand",
    "TarotTally",
    "beats",
    "call_rank",
    "callable_cards",
    "canonical_handfuls",
    "deal",
    "draw_rank",
    "engine_playout",
    "exchange_card",
    "exchange_value",
    "excuse_fate",
    "excuse_stands_in",
    "excuse_wins",
    "first_dealer",
    "first_lead_barred",
    "half_points",
    "handful_bonus",
    "handful_levels",
    "handful_pool",
    "layout",
    "legal",
    "names",
    "obligations",
    "payments",
    "petit_au_bout",
    "playout_start",
    "random_playout",
    "revealed",
    "settle",
    "trick_state",
    "trump_ceiling",
]

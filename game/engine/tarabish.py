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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from . import cards as C
from .games import GameSpec, Option
from .hand import Action, named_seat, reason_of
from .message import N_, Card, Cards, Message
from .tally import Tally
from .tricks import (
    PACK36,
    SUIT36,
    Trick,
    TrickHand,
    beats,
    not_held,
    physical_hands,
    power_table,
    read_deal,
    winning,
)

# ------------------------------------------------------------------------------------------
# Ranks, strengths, points

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)
TRUMP_STRENGTH = (0, 1, 2, 7, 5, 8, 3, 4, 6)
"""By natural rank: trump order J 9 A 10 K Q 8 7 6 (higher is stronger)."""
PLAIN_STRENGTH = (0, 1, 2, 3, 7, 4, 5, 6, 8)
"""By natural rank: plain order A 10 K Q J 9 8 7 6."""
TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)
LAST_TRICK = 10
BELLA = 20
HAND_SIZE = 9
VISIBLE = 6
"""Cards a seat may look at before trump is called (the first six dealt)."""
SUIT_MASKS = PACK36.suit_masks

PART_VALUES = {3: 20, 4: 50}
"""Points of the parts a sequence splits into: a three (a "twenty") and a four (a "fifty")."""
PART_NAMES = {3: "twenty", 4: "fifty"}
KIND_VALUES = {name: PART_VALUES[n] for n, name in PART_NAMES.items()}
"""What a kind seen in another seat's unshown declaration is worth (``"fifty"`` → 50)."""


def card_points(card: int, trump: int) -> int:
    """The card points of 36-pack ``card`` when ``trump`` is trump."""
    r = card % 9
    return TRUMP_POINTS[r] if card // 9 == trump else PLAIN_POINTS[r]


def strength(card: int, trump: int) -> int:
    """Trick-taking strength within the card's suit (trump or plain order)."""
    r = card % 9
    return TRUMP_STRENGTH[r] if card // 9 == trump else PLAIN_STRENGTH[r]


ABOVE = tuple(tuple(sum(1 << (f // 9 * 9 + r) for r in range(9)
                        if strength(f // 9 * 9 + r, trump) > strength(f, trump))
                    for f in range(C.CARDS36)) for trump in range(4))
"""``ABOVE[trump][face]``: the faces of ``face``'s suit that beat it (trump order in the trump
suit, plain order elsewhere): the ``above`` table of :func:`~.tricks.beats` and
:func:`legal_mask` for natural faces."""


# ------------------------------------------------------------------------------------------
# Card play: the one definition of must-trump and must-overtrump


def legal_mask(hand: int, led: int, best: int, freed: bool, trump: int,
               above: Sequence[int]) -> int:
    """The cards of ``hand`` (a 36-face mask) that may be played to an open trick whose suit
    led is ``led`` and whose winning card so far is ``best`` (so the highest trump when it
    holds one): follow suit; else trump — unless ``freed`` (the partner exception applies:
    the option is on and partner is winning), then anything; a trump played where a trump
    lies must beat it when it can; with neither the suit led nor a trump, anything.

    ``above[face]`` is the faces of the same suit that beat ``face``: :data:`ABOVE` for the
    engine's natural faces, :data:`~.tricks.ABOVE36` for the AI's ranked faces."""
    trumps = hand & SUIT36[trump]
    if led != trump:
        follow = hand & SUIT36[led]
        if follow:
            return follow
        if not trumps or freed:
            return hand
    elif not trumps:
        return hand
    if best // 9 == trump:
        return (trumps & above[best]) or trumps
    return trumps


# ------------------------------------------------------------------------------------------
# Runs


def run_parts(length: int) -> list[int]:
    """The lengths of the parts a sequence of ``length`` cards scores and competes as: fours
    from the top, then a three (5: ``[4]``, 7: ``[4, 3]``, 9: ``[4, 4]``); ``[]`` below three.
    The first part is the best one (the top four, or the three of a bare twenty)."""
    if length < 3:
        return []
    return [4] * (length // 4) + ([3] if length % 4 == 3 else [])


def run_value(length: int) -> int:
    """Points of a run of ``length`` cards, the sum of its parts (3: 20, 4–6: 50, 7: 70,
    8–9: 100); 0 below three."""
    return sum(PART_VALUES[n] for n in run_parts(length))


def run_kinds(length: int) -> list[str]:
    """The kinds of a run of ``length`` cards as another seat sees them before the run is
    shown: one ``"fifty"`` or ``"twenty"`` per part (7 cards: ``["fifty", "twenty"]``)."""
    return [PART_NAMES[n] for n in run_parts(length)]


def declared_kinds(runs: Sequence[Sequence[object]]) -> list[str]:
    """What another seat sees of a declaration (runs as cards or notation) before it is shown:
    the kinds of every run's parts, in order (:func:`run_kinds`)."""
    return [kind for r in runs for kind in run_kinds(len(r))]


def runs_in(hand: int) -> list[list[int]]:
    """Every maximal sequence of three or more cards of one suit in ``hand`` (a 36-pack mask),
    in suit order S H D C, each high→low (the canonical declaration)."""
    found: list[list[int]] = []
    for suit in range(4):
        m = (hand >> (9 * suit)) & 0x1FF
        rank = 8
        while rank >= 0:
            if not (m >> rank) & 1:
                rank -= 1
                continue
            top = rank
            while rank >= 0 and (m >> rank) & 1:
                rank -= 1
            if top - rank >= 3:
                found.append([suit * 9 + r for r in range(top, rank, -1)])
    return found


def run_key(run: Sequence[int], trump: int) -> tuple[int, int, int]:
    """How good a declared run is, as its best part (the top four of a longer sequence):
    (50 for a fifty or 20 for a twenty, top natural rank, 1 if trump). Greater is better."""
    top = max(run)
    return PART_VALUES[run_parts(len(run))[0]], top % 9, int(top // 9 == trump)


def best_run_holder(declared: Sequence[Sequence[Sequence[int]]], trump: int) -> int | None:
    """The seat whose runs count, given each seat's declared runs: the holder of the best run
    (:func:`run_key`: a fifty beats any twenty, then the higher top card, then trump over
    plain); ``None`` when nobody declared or the best runs of different seats are equal
    (equal plain runs cancel)."""
    best: tuple[int, int, int] | None = None
    holders: list[int] = []
    for seat, runs in enumerate(declared):
        if not runs:
            continue
        key = max(run_key(r, trump) for r in runs)
        if best is None or key > best:
            best, holders = key, [seat]
        elif key == best:
            holders.append(seat)
    return holders[0] if len(holders) == 1 else None


def parse_runs(value: object) -> list[list[int]] | str:
    """The declared runs of a ``runs`` action as lists of cards high→low, or the reason the
    value is not a well-formed declaration (checks shape, notation, sequence and overlap; not
    who holds the cards)."""
    example = '[["JS", "10S", "9S"]]'
    if not isinstance(value, list) or not value:
        return Message("runs must be a list of runs, each a list of cards, such as {example}",
                       example=example)
    runs: list[list[int]] = []
    seen: set[int] = set()
    for item in value:
        if not isinstance(item, list):
            return Message("runs must be a list of runs, each a list of cards, such as "
                           "{example}", example=example)
        try:
            cards = [C.parse36(c) for c in item]
        except C.NotationError as err:
            return reason_of(err)
        names = Cards(C.format36(c) for c in cards)
        if len(set(cards)) != len(cards):
            return Message("the run {cards} names a card twice", cards=names)
        cards.sort(reverse=True)
        suits = {c // 9 for c in cards}
        if len(cards) < 3 or len(suits) != 1 or cards[0] - cards[-1] != len(cards) - 1:
            return Message("{cards} is not a run: a run is three or more cards of one suit in "
                           "sequence (A K Q J 10 9 8 7 6)", cards=names)
        twice = seen.intersection(cards)
        if twice:
            return Message("{card} is declared in two runs", card=Card(C.format36(min(twice))))
        seen.update(cards)
        runs.append(cards)
    return runs


# ------------------------------------------------------------------------------------------
# The hand


class TarabishHand(TrickHand):
    """One hand of Tarabish: phases ``"call"``, ``"play"``, ``"done"``.

    Extra attributes: ``dealt`` (each seat's cards in the order dealt), ``caller`` (seat or
    ``None``), ``declared`` (each seat's declared runs, lists of cards high→low, or ``None``
    before a declaration), ``bella`` (seats that claimed bella), ``thrown_in``.
    """

    GAME = "tarabish"
    VERBS = ("call", "runs", "play")
    EXTRA_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {"play": frozenset({"bella"})}

    def __init__(self, deal: Mapping[str, Any], dealer: int, options: Mapping[str, Any]) -> None:
        full = {k: o.default for k, o in OPTIONS.items()}
        full.update(options)
        super().__init__(full, dealer)
        faces = read_deal(PACK36, deal, {s: HAND_SIZE for s in C.SEATS})
        masks = physical_hands(PACK36, faces)
        self.dealt: list[list[int]] = [list(faces[s]) for s in C.SEATS]
        self.hands = [masks[s] for s in C.SEATS]
        self.dealt_mask: list[int] = list(self.hands)
        self.first_six: list[int] = [C.mask_of(d[:VISIBLE]) for d in self.dealt]
        self.caller: int | None = None
        self.declared: list[list[list[int]] | None] = [None, None, None, None]
        self.bella: list[int] = []
        self.thrown_in = False
        self._result: dict[str, Any] | None = None
        self.phase = "call"
        self.to_act = C.clockwise(dealer)

    # -- decisions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == "call":
            acts = [self._action(seat, "call", s) for s in C.SUITS]
            if not self._dealer_forced(seat):
                acts.append(self._action(seat, "call", "pass"))
            return acts
        acts = []
        if self._may_declare(seat):
            runs = runs_in(self.hands[seat])
            if runs:
                acts.append(self._action(seat, "runs", [[C.format36(c) for c in r]
                                                        for r in runs]))
        for face in self.legal_plays(seat):
            name = C.format36(face)
            acts.append(self._action(seat, "play", name))
            if self._bella_card(seat, face) is None:
                acts.append(self._action(seat, "play", name, bella=True))
        return acts

    def vocabulary(self, seat: int) -> list[Action]:
        """The calls S, H, D, C and pass while trump is called."""
        if self.phase == "call":
            return [self._action(seat, "call", s) for s in (*C.SUITS, "pass")]
        return []

    def _dealer_forced(self, seat: int) -> bool:
        return seat == self.dealer and not self.options["dealer_may_pass"]

    def _may_declare(self, seat: int) -> bool:
        """True while ``seat`` may still declare runs: before its first card, once."""
        return self.declared[seat] is None and self.hands[seat] == self.dealt_mask[seat]

    def _check(self, seat: int, verb: str, value: Any, action: Action) -> str | None:
        who = named_seat(seat)
        if verb == "call":
            if self.phase != "call":
                return Message("{seat} cannot call: trump is already called ({trump})",
                               you="You cannot call: trump is already called ({trump})",
                               seat=who, trump=self.trump_name())
            if isinstance(value, str) and value.lower() == "pass":
                if self._dealer_forced(seat):
                    return Message("{seat} cannot pass: the dealer must call trump when the "
                                   "three others have passed",
                                   you="You cannot pass: the dealer must call trump when the "
                                       "three others have passed", seat=who)
                return None
            if not (isinstance(value, str) and len(value) == 1 and value.upper() in C.SUITS):
                return Message("{value} is not a call (expected a suit S, H, D, C or \"pass\")",
                               value=repr(value))
            return None
        if self.phase != "play":
            if verb == "play":
                return Message("{seat} cannot play yet: trump is not called",
                               you="You cannot play yet: trump is not called", seat=who)
            return Message("{seat} cannot declare runs yet: trump is not called",
                           you="You cannot declare runs yet: trump is not called", seat=who)
        if verb == "runs":
            if self.declared[seat] is not None:
                return Message("{seat} has already declared runs",
                               you="You have already declared runs", seat=who)
            if not self._may_declare(seat):
                return Message("{seat} cannot declare runs now: runs are declared with your "
                               "first card",
                               you="You cannot declare runs now: runs are declared with your "
                                   "first card", seat=who)
            runs = parse_runs(value)
            if isinstance(runs, str):
                return runs
            for run in runs:
                for c in run:
                    if not (self.hands[seat] >> c) & 1:
                        return not_held(seat, Card(C.format36(c)))
            return None
        # play
        claim = action.get("bella", False)
        if not isinstance(claim, bool):
            return Message("bella must be true or false, not {value}", value=repr(claim))
        reason = self.check_play(seat, value)
        if reason is not None or not claim:
            return reason
        return self._bella_card(seat, C.parse36(value))

    def _bella_card(self, seat: int, card: int) -> str | None:
        """``None`` when ``seat`` may claim bella with held ``card`` now, else the reason.

        **Decision**: the claim goes with exactly one card, the second of the pair played
        (option ``bella_on_first``: the first)."""
        who = named_seat(seat)
        trump = self.trump
        assert trump is not None
        king, queen = trump * 9 + KING, trump * 9 + QUEEN
        named = Card(C.format36(card))
        if card not in (king, queen):
            return Message("{seat} cannot claim bella with {card}: bella is the king and queen "
                           "of trump ({cards})",
                           you="You cannot claim bella with {card}: bella is the king and queen "
                               "of trump ({cards})",
                           seat=who, card=named, cards=Cards((C.format36(king),
                                                              C.format36(queen))))
        other = Card(C.format36(queen if card == king else king))
        if not (self.dealt_mask[seat] >> C.parse36(other)) & 1:
            return Message("{seat} cannot claim bella: does not hold the king and queen of trump",
                           you="You cannot claim bella: you do not hold the king and queen of "
                               "trump", seat=who)
        still_held = bool((self.hands[seat] >> C.parse36(other)) & 1)
        if self.options["bella_on_first"]:
            if not still_held:
                return Message("{seat} cannot claim bella with {card}: bella is claimed with the "
                               "first of the king and queen of trump ({other} was played "
                               "already)",
                               you="You cannot claim bella with {card}: bella is claimed with "
                                   "the first of the king and queen of trump ({other} was "
                                   "played already)", seat=who, card=named, other=other)
        elif still_held:
            return Message("{seat} cannot claim bella with {card}: bella is claimed with the "
                           "second of the king and queen of trump ({other} is still in hand)",
                           you="You cannot claim bella with {card}: bella is claimed with the "
                               "second of the king and queen of trump ({other} is still in "
                               "hand)", seat=who, card=named, other=other)
        return None

    def _do(self, seat: int, verb: str, value: Any, action: Action) -> None:
        if verb == "call":
            if value.lower() == "pass":
                if seat == self.dealer:
                    self.thrown_in = True
                    self.phase = "done"
                    self.to_act = None
                    self._result = {"thrown_in": "all-pass"}
                else:
                    self.to_act = C.clockwise(seat)
                return
            self.trump = C.suit_index(value)
            self.caller = seat
            self.phase = "play"
            self.start_trick(C.clockwise(self.dealer))
        elif verb == "runs":
            runs = parse_runs(value)
            assert not isinstance(runs, str)
            self.declared[seat] = runs
        else:
            card = C.parse36(value)
            if action.get("bella", False):
                self.bella.append(seat)
            self.play_bit(seat, card)

    # -- rules -------------------------------------------------------------------------------

    def _trick_state(self) -> tuple[int, int, int]:
        """(suit led, winning card, its seat) of the open trick (which holds a card)."""
        trick = self.trick
        assert trick is not None and trick.cards and self.trump is not None
        i = winning(trick.cards, self.trump, ABOVE[self.trump])
        return trick.cards[0] // 9, trick.cards[i], trick.seats[i]

    def play_mask(self, seat: int) -> int:
        """:func:`legal_mask` for ``seat`` (any card when it leads)."""
        hand = self.hands[seat]
        if self.trick is None or not self.trick.cards:
            return hand
        trump = self.trump
        assert trump is not None
        led, best, winner = self._trick_state()
        freed = bool(self.options["partner_exception"]) and winner == C.partner(seat)
        return legal_mask(hand, led, best, freed, trump, ABOVE[trump])

    def play_reason(self, seat: int, bit: int) -> str:
        """Why ``bit`` is not in :meth:`play_mask`, read from that legal set: it holds the
        suit led (follow), or only trumps (must trump), or only the trumps that beat the
        winning one (must overtrump)."""
        trump = self.trump
        assert trump is not None
        legal = self.play_mask(seat)
        led, best, _ = self._trick_state()
        if legal & SUIT36[led] and bit // 9 != led:
            return self.follow_reason(seat, bit)
        if bit // 9 != trump:
            return Message("{seat} must play a trump (holds {cards})",
                           you="You must play a trump (you hold {cards})", seat=named_seat(seat),
                           cards=self.held_names(self.hands[seat] & SUIT36[trump]))
        return Message("{seat} must beat the {card} with a higher trump (holds {cards})",
                       you="You must beat the {card} with a higher trump (you hold {cards})",
                       seat=named_seat(seat), card=Card(C.format36(best)),
                       cards=self.held_names(legal))

    def beats(self, card: int, best: int, trick: Trick) -> bool:
        """:func:`~.tricks.beats` in Tarabish's orders."""
        assert self.trump is not None
        return beats(card, best, self.trump, ABOVE[self.trump])

    def trick_done(self, trick: Trick) -> None:
        if len(self.tricks) < HAND_SIZE:
            assert trick.winner is not None
            self.start_trick(trick.winner)
            return
        self.phase = "done"
        self.to_act = None
        self._result = self._score()

    # -- scoring -----------------------------------------------------------------------------

    def card_points_by_team(self) -> list[int]:
        """Card points won so far by NS and EW, with the last trick's 10 once it is taken."""
        trump = self.trump
        assert trump is not None
        pts = [0, 0]
        for seat, won in enumerate(self.won):
            pts[seat & 1] += sum(card_points(c, trump) for c in C.bits(won))
        if len(self.tricks) == HAND_SIZE:
            last = self.tricks[-1].winner
            assert last is not None
            pts[last & 1] += LAST_TRICK
        return pts

    def runs_holder(self) -> int | None:
        """The seat whose declared runs count (see :func:`best_run_holder`)."""
        assert self.trump is not None
        return best_run_holder([d or [] for d in self.declared], self.trump)

    def scoring_cards(self) -> dict[str, dict[str, list[str]]]:
        """For each team (``"NS"``, ``"EW"``) the cards behind its points beyond its cards'
        own: ``"runs"`` (the cards of the runs that count, :meth:`runs_holder`'s),
        ``"bella"`` (the trump king and queen, when claimed) and ``"last"`` (the last trick,
        worth 10, to the team that took it) — empty lists where it has none. Once trump is
        named."""
        trump = self.trump
        assert trump is not None
        shown: dict[str, dict[str, list[str]]] = {
            team: {"runs": [], "bella": [], "last": []} for team in C.TEAMS}
        holder = self.runs_holder()
        if holder is not None:
            shown[C.TEAMS[holder & 1]]["runs"] = [
                C.format36(c) for run in self.declared[holder] or [] for c in run]
        for seat in self.bella:
            shown[C.TEAMS[seat & 1]]["bella"] = [C.format36(C.card36(r, trump)) for r in (7, 6)]
        last = self.tricks[-1] if len(self.tricks) == HAND_SIZE else None
        if last is not None and last.winner is not None:
            shown[C.TEAMS[last.winner & 1]]["last"] = [C.format36(c) for c in last.cards]
        return shown

    def _score(self) -> dict[str, Any]:
        pts = self.card_points_by_team()
        runs = [0, 0]
        holder = self.runs_holder()
        if holder is not None:
            runs[holder & 1] = sum(run_value(len(r)) for r in self.declared[holder] or [])
        bella = [0, 0]
        for seat in self.bella:
            bella[seat & 1] += BELLA
        total = [pts[i] + runs[i] + bella[i] for i in (0, 1)]
        assert self.caller is not None
        bait, score = settle(self.caller & 1, total, bool(self.options["half_bait_is_bait"]))
        return {"caller": C.SEATS[self.caller], "card_points": _teams(pts),
                "runs": _teams(runs), "bella": _teams(bella), "bait": bait,
                "score": _teams(score)}

    def result(self) -> dict[str, Any] | None:
        if self._result is None:
            return None
        return {k: dict(v) if isinstance(v, dict) else v for k, v in self._result.items()}

    # -- what a seat may know ----------------------------------------------------------------

    def visible_mask(self, seat: int) -> int:
        """The first six dealt until trump is called (and in a thrown-in hand), then all."""
        if self.trump is None:
            return self.hands[seat] & self.first_six[seat]
        return self.hands[seat]

    def runs_shown(self, seat: int) -> bool:
        """True once ``seat`` has played its second card (its declared runs are shown)."""
        return self.hands[seat].bit_count() <= HAND_SIZE - 2

    def redact(self, action: dict[str, Any], viewer: int) -> dict[str, Any]:
        """Another seat's runs before they are shown: only the kinds of their parts
        (:func:`declared_kinds`)."""
        if "runs" in action:
            seat = C.seat_index(action["seat"])
            if seat != viewer and not self.runs_shown(seat):
                return {"seat": C.SEATS[seat], "runs": None,
                        "declared": declared_kinds(action["runs"])}
        return dict(action)

    def public_facts(self, viewer: int) -> dict[str, Any]:
        """``caller``; ``runs_declared`` (seat → kinds); ``runs_shown`` (seat → runs shown so
        far, high→low); ``bella`` (seats that claimed it, in order)."""
        declared: dict[str, list[str]] = {}
        shown: dict[str, list[list[str]]] = {}
        for seat, runs in enumerate(self.declared):
            if runs is None:
                continue
            declared[C.SEATS[seat]] = declared_kinds(runs)
            if self.runs_shown(seat):
                shown[C.SEATS[seat]] = [[C.format36(c) for c in r] for r in runs]
        return {"caller": None if self.caller is None else C.SEATS[self.caller],
                "runs_declared": declared, "runs_shown": shown,
                "bella": [C.SEATS[s] for s in self.bella]}

    def must_trump(self) -> bool:
        """A seat that neither followed nor trumped is shown void in trumps too
        (:func:`~.tricks.shown_void`)."""
        return True

    def freed(self, trick: Trick, i: int) -> bool:
        """The partner exception freed the ``i``-th card's seat: the option is on and its
        partner was winning the trick before it."""
        if not self.options["partner_exception"] or self.trump is None:
            return False
        w = winning(trick.cards[:i], self.trump, ABOVE[self.trump])
        return trick.seats[w] == C.partner(trick.seats[i])


def settle(calling_side: int, totals: Sequence[int],
           half_bait_is_bait: bool = False) -> tuple[str, list[int]]:
    """The bait rule: ``(bait, score)`` for sides' ``totals`` (NS, EW) when ``calling_side``
    (0 = NS, 1 = EW) called trump. More than the others: both score their totals (``"none"``);
    less: the others score both totals (``"bait"``); equal: the callers score 0 and the others
    their own total (``"half-bait"``), or a full bait with ``half_bait_is_bait``."""
    mine, theirs = calling_side, 1 - calling_side
    score = list(totals)
    if totals[mine] > totals[theirs]:
        return "none", score
    if totals[mine] < totals[theirs] or half_bait_is_bait:
        score[mine], score[theirs] = 0, totals[0] + totals[1]
        return "bait", score
    score[mine] = 0
    return "half-bait", score


def _teams(pair: Sequence[int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


# ------------------------------------------------------------------------------------------
# Dealing, the first dealer, the match


def deal(rng: random.Random, dealer: int, options: Mapping[str, Any]) -> dict[str, list[str]]:
    """Shuffle the 36-card pack with ``rng`` and deal clockwise from the dealer's left in packets
    of three until each holds nine; each seat's cards in the order dealt (the first six are
    the ones it sees before trump is called)."""
    deck = C.shuffled(range(C.CARDS36), rng)
    hands = C.deal_packets(deck, C.seat_order(C.clockwise(dealer)), 3, HAND_SIZE)
    return {C.SEATS[s]: [C.format36(c) for c in hands[s]] for s in range(4)}


def first_dealer(rng: random.Random) -> int:
    """"First jack dealt face up". **Decision**: one card at a time from South, clockwise;
    the seat that receives the first jack deals."""
    deck = C.shuffled(range(C.CARDS36), rng)
    first_jack = next(i for i, c in enumerate(deck) if c % 9 == JACK)
    return first_jack % 4


def new_hand(record_deal: Mapping[str, Any], dealer: int,
             options: Mapping[str, Any]) -> TarabishHand:
    """A hand at its first decision (the dealer's left calls or passes)."""
    return TarabishHand(record_deal, dealer, options)


class TarabishTally(Tally):
    """Running points per side; first side to reach ``target`` wins; when both reach it on the
    same hand the higher total wins, and an exact tie plays on (**Decision**). A thrown-in hand
    scores nothing. The deal always passes to the left."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.totals = {"NS": 0, "EW": 0}
        self._winner: str | None = None

    def add(self, dealer: int, result: Mapping[str, Any]) -> None:
        self.hands += 1
        for side, pts in result.get("score", {}).items():
            self.totals[side] += pts
        if self._winner is None:
            target = self.options.get("target", 500)
            ns, ew = self.totals["NS"], self.totals["EW"]
            if max(ns, ew) >= target and ns != ew:
                self._winner = "NS" if ns > ew else "EW"

    def next_dealer(self, dealer: int, result: Mapping[str, Any]) -> int:
        return C.clockwise(dealer)

    def scores(self) -> dict[str, Any]:
        return dict(self.totals)

    def winner(self) -> str | None:
        return self._winner


# ------------------------------------------------------------------------------------------
# Random playouts (benchmarks, tests, searches)

_BITS9 = tuple(tuple(r for r in range(9) if m >> r & 1) for m in range(512))
"""The natural ranks set in each 9-bit suit mask."""
_POP9 = tuple(len(t) for t in _BITS9)
"""How many cards each 9-bit suit mask holds."""
_POWER = tuple(power_table(trump, led, ABOVE[trump]) for trump in range(4) for led in range(4))
"""``_POWER[trump * 4 + led][card]``: the trick winner rule (:func:`~.tricks.beats`) as a
power per card (:func:`~.tricks.power_table`); the greatest power wins the trick."""


def _suit9(mask: int, suit: int) -> int:
    return (mask >> (9 * suit)) & 511


def _kernel_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], ...],
                                                                    ...]]:
    """The kernel's legality tables, built from :func:`legal_mask` (the only statement of the
    rule), suit by suit on 9-bit masks:

    * ``oblige[plain * 2 + free][i]``: what a seat following a trick must play — 0 the suit
      led, 1 trumps, 2 anything — for ``i = can_follow | has_trump << 1 | partner_winning << 2``
      (a representative hand: one card of the suit led, one trump, one other card);
    * ``over[trump * 4 + led][power]``: by the power of the winning card (:data:`_POWER`), the
      map from the 9-bit trumps a seat holds to the 9-bit trumps it may play (the overtrump).
    """
    oblige = []
    for plain in (0, 1):
        led = 1 if plain else 0  # trump is spades (0) in the representative hands
        best = led * 9 + 8
        for free in (0, 1):
            row = []
            for i in range(8):
                can_follow, has_trump, partner = i & 1, i >> 1 & 1, i >> 2 & 1
                hand = (1 << 18) | (1 << 4 if has_trump else 0) | (
                    1 << (led * 9 + 3) if plain and can_follow else 0)
                legal = legal_mask(hand, led, best, bool(free and partner), 0, ABOVE[0])
                row.append(0 if plain and legal & SUIT36[led] else 2 if legal & (1 << 18)
                           else 1)
            oblige.append(tuple(row))
    by_rank = [tuple(_suit9(legal_mask(t, 0, r, False, 0, ABOVE[0]), 0) for t in range(512))
               for r in range(9)]
    plain_best = tuple(_suit9(legal_mask(t, 1, 9, False, 0, ABOVE[0]), 0) for t in range(512))
    over = []
    for trump in range(4):
        for led in range(4):
            power = _POWER[trump * 4 + led]
            card_of = {p: c for c, p in enumerate(power) if p >= 0}
            over.append(tuple(by_rank[card_of[p] % 9] if card_of[p] // 9 == trump
                              else plain_best for p in range(max(power) + 1)))
    return tuple(oblige), tuple(over)


_OBLIGE, _OVER = _kernel_tables()
_SETTLED = tuple(all(row[1 | j << 1] == 0 for j in range(4)) for row in _OBLIGE)
"""``_SETTLED[plain * 2 + free]``: True when holding the suit led settles that a seat must
follow suit, whatever else it holds (read from :data:`_OBLIGE`)."""
_BY_TRUMPS = tuple(
    tuple(tuple(row[(0 if plain else tr and 1) | (tr and 2) | (4 if x == 2 else 0)]
                for tr in range(512)) for x in range(4))
    for plain in (0, 1) for row in _OBLIGE[plain * 2:plain * 2 + 2])
"""``_BY_TRUMPS[plain * 2 + free][winner ^ seat][trumps]``: :data:`_OBLIGE` for a seat that
is not settled to follow suit, by whether its partner is winning (``winner ^ seat == 2``) and
the 9-bit trumps it holds."""
_TABLES = tuple(tuple((_POWER[trump * 4 + led], _OVER[trump * 4 + led],
                       _SETTLED[(led != trump) * 2 + free],
                       _BY_TRUMPS[(led != trump) * 2 + free])
                      for led in range(4)) for trump in range(4) for free in (0, 1))
"""``_TABLES[trump * 2 + partner_exception][led]``: the kernel's tables for one trick (power,
overtrump, settled by following, obligation by trumps)."""
_POINTS = tuple(tuple(card_points(c, trump) for c in range(C.CARDS36)) for trump in range(4))
_AFTER = tuple(tuple(tuple((leader + j) & 3 for j in range(start, 4)) for start in range(4))
               for leader in range(4))
"""``_AFTER[leader][n]``: the seats still to play to a trick led by ``leader`` after ``n``
cards."""


def random_playout(hand: TarabishHand, rng: random.Random,
                   trace: list[Action] | None = None) -> tuple[int, int]:
    """Play ``hand`` (in its play phase, at any point) to the end with uniformly random legal
    cards, without changing ``hand``; return the card points (last trick included) of NS and
    EW for the whole hand, 162 in all.

    The card-play rules are exact (follow suit, must trump, must overtrump, the partner
    exception option): the kernel reads them from tables built once from :func:`legal_mask`
    and :func:`~.tricks.beats` (:data:`_TABLES`), so it states no rule of its own. Run and
    bella declarations are skipped (declaring is always optional, so every trace is a legal
    sequence of actions); runs already declared in ``hand`` are ignored by the returned
    figure. Each decision is uniform over the cards the seat may play.
    When ``trace`` is a list, every card played is appended to it as a record action.
    """
    if hand.phase != "play":
        if hand.phase == "done" and hand.trump is not None:
            final = hand.card_points_by_team()
            return final[0], final[1]
        raise ValueError("a random playout starts in the play phase")
    trump = hand.trump
    assert trump is not None and hand.to_act is not None
    rnd = rng.random
    bits9 = _BITS9
    pop = _POP9
    after = _AFTER
    pts = _POINTS[trump]
    tables = _TABLES[trump * 2 + bool(hand.options["partner_exception"])]
    h = [[m & 511, (m >> 9) & 511, (m >> 18) & 511, m >> 27] for m in hand.hands]
    score = hand.card_points_by_team() if hand.tricks else [0, 0]
    t = len(hand.tricks)
    trick = hand.trick
    done = len(trick.cards) if trick is not None else 0
    if done:
        assert trick is not None
        leader = trick.leader
        led = trick.cards[0] // 9
        keys, over, follow, oblige = tables[led]
        best, win, tp = -2, leader, 0
        for s, c in zip(trick.seats, trick.cards, strict=True):
            if keys[c] > best:
                best, win = keys[c], s
            tp += pts[c]
    else:
        leader = hand.to_act
    while t < HAND_SIZE:
        n = HAND_SIZE - t  # cards each seat holds before it plays to this trick
        if not done:
            # the lead: any of the leader's n cards
            hp = h[leader]
            k = int(rnd() * n)
            m = hp[0]
            led = 0
            while k >= pop[m]:
                k -= pop[m]
                led += 1
                m = hp[led]
            r = bits9[m][k]
            hp[led] ^= 1 << r
            c = led * 9 + r
            keys, over, follow, oblige = tables[led]
            best, win, tp = keys[c], leader, pts[c]
            done = 1
            if trace is not None:
                trace.append({"seat": C.SEATS[leader], "play": C.format36(c)})
        for p in after[leader][done]:
            hp = h[p]
            m = hp[led]
            if m and follow:
                s = led  # follow suit
            else:
                tr = hp[trump]
                o = oblige[win ^ p][tr]
                if o == 1:
                    s = trump  # follow or ruff, overtrumping when possible
                    m = over[best][tr]
                elif not o:
                    s = led
                else:
                    # anything: one of the seat's n cards
                    k = int(rnd() * n)
                    s = 0
                    m = hp[0]
                    while k >= pop[m]:
                        k -= pop[m]
                        s += 1
                        m = hp[s]
                    m = 1 << bits9[m][k]
            sel = bits9[m]
            r = sel[int(rnd() * len(sel))] if m & (m - 1) else sel[0]
            hp[s] ^= 1 << r
            c = s * 9 + r
            power = keys[c]
            if power > best:
                best, win = power, p
            tp += pts[c]
            if trace is not None:
                trace.append({"seat": C.SEATS[p], "play": C.format36(c)})
        t += 1
        if t == HAND_SIZE:
            tp += LAST_TRICK
        score[win & 1] += tp
        leader = win
        done = 0
    return score[0], score[1]


def playout_start(rng: random.Random) -> TarabishHand:
    """A freshly dealt hand (random dealer) whose dealer's left has called a random suit: the
    start of the play phase, where the benchmark's playouts begin."""
    dealer = rng.randrange(4)
    hand = new_hand(deal(rng, dealer, DEFAULTS), dealer, DEFAULTS)
    hand.apply({"seat": C.SEATS[C.clockwise(dealer)], "call": C.SUITS[rng.randrange(4)]})
    return hand


# ------------------------------------------------------------------------------------------
# The spec

OPTIONS: dict[str, Option] = {
    "dealer_may_pass": Option(False, (False, True),
                              N_("the dealer may pass too; four passes throw the hand in")),
    "partner_exception": Option(False, (False, True),
                                N_("a player who cannot follow while their partner is "
                                   "winning may play any card")),
    "bella_on_first": Option(False, (False, True),
                             N_("bella is claimed with the first of the king and queen of "
                                "trump")),
    "half_bait_is_bait": Option(False, (False, True),
                                N_("a tie of the calling side counts as a full bait")),
    "target": Option(500, (300, 500, 1000), N_("points needed to win the game")),
}
DEFAULTS: dict[str, Any] = {k: o.default for k, o in OPTIONS.items()}

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

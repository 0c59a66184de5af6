"""One hand of Tarabish (:class:`TarabishHand`: the call, the play, the score, what a seat may
know) and how it is dealt (:func:`deal`, :func:`first_dealer`, :func:`new_hand`). The rule of
play is :func:`~.rules.legal_mask`, the runs and bella are :mod:`.declarations`', the bait rule
is :func:`~.scoring.settle`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from .. import cards as C
from ..hand import Action, named_seat
from ..message import Card, Message
from ..native import mypyc_attr
from ..tricks import (
    PACK36,
    SUIT36,
    Trick,
    TrickHand,
    beats,
    not_held,
    physical_hands,
    read_deal,
    winning,
)
from .declarations import (
    bella_reason,
    best_run_holder,
    declared_kinds,
    parse_runs,
    run_value,
    runs_in,
)
from .rules import (
    ABOVE,
    BELLA,
    HAND_SIZE,
    JACK,
    LAST_TRICK,
    OPTIONS,
    VISIBLE,
    card_points,
    legal_mask,
)
from .scoring import settle, teams

# ------------------------------------------------------------------------------------------
# The hand


@mypyc_attr(native_class=False)  # used as a Python object: see native.py
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
        """``None`` when ``seat`` may claim bella with held ``card`` now, else the reason
        (:func:`~.declarations.bella_reason`)."""
        assert self.trump is not None
        return bella_reason(seat, card, self.trump, self.dealt_mask[seat], self.hands[seat],
                            bool(self.options["bella_on_first"]))

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
        named.

        The bait rule of RULES.md (the other side scores both totals; in a half bait the
        callers score 0 and the others their own) decides where the cards go too: once the
        hand's result says the callers went bait, their cards go where their points went — to
        the other team in a full bait, to nobody in a half bait (issue 36: a baited side showed
        its runs beside its 0)."""
        shown = self._extra_cards()
        result = self._result
        if result is None or result.get("bait", "none") == "none":
            return shown
        callers = C.TEAMS[C.SEATS.index(result["caller"]) & 1]
        others = C.TEAMS[1 - C.TEAMS.index(callers)]
        lost = shown[callers]
        shown[callers] = {k: [] for k in lost}
        if result["bait"] == "bait":
            for k, cards in lost.items():
                shown[others][k] = [*shown[others][k], *cards]
        return shown

    def _extra_cards(self) -> dict[str, dict[str, list[str]]]:
        """:meth:`scoring_cards` before the bait rule: each team's own."""
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
        return {"caller": C.SEATS[self.caller], "card_points": teams(pts),
                "runs": teams(runs), "bella": teams(bella), "bait": bait,
                "score": teams(score)}

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



# ------------------------------------------------------------------------------------------
# Dealing, the first dealer

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


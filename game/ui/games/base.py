"""What every game's presentation shares: the words and the defaults a game module overrides.

:class:`Presentation` is the interface the screens read (the table, the review, the statistics,
the rules page, the card tracker, the files); :class:`PartnershipPresentation` adds what the
three partnership games (You & North against West & East) share. A game's own module
(``game/ui/games/<game>.py``) subclasses one of them and sets only what differs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine import cards as C
from ...i18n import N_, _, language, ngettext, number, rank_text
from .. import words
from ..entries import DOT, entries
from ..piles import Pile

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ...engine.hand import HandState
    from ...engine.knowledge import Knowledge
    from ..rules_text import OptionText, Section

THROWN_IN_LINES = {"all-pass": N_("The hand is thrown in: everybody passed."),
                   "petit-sec": N_("The hand is thrown in: a player held the Petit alone.")}
"""The summary's line on a hand thrown in, by the result's reason (message ids)."""

SEAT_CARDS = {1: N_("West's cards"), 2: N_("North's cards"), 3: N_("East's cards")}
"""How the review's "Swap seats" offers another seat's cards (message ids)."""


class Presentation:
    """What the UI says and shows for one game. Shared words live here; a game's module
    overrides what its rules change."""

    name: ClassVar[str]
    """The game's record name (the engine spec's ``name``)."""
    rules: ClassVar[tuple[Section, ...]] = ()
    """The game's rules page, before the options and the table's controls."""
    option_texts: ClassVar[Mapping[str, OptionText]] = {}
    """The screens' name and explanation of each game option."""
    phase_titles: ClassVar[Mapping[str, str]] = {}
    """The decision panel's title in each of this game's phases (message ids:
    :meth:`phase_title` says them)."""
    reminders: ClassVar[Mapping[str, str]] = {}
    """The one-line rule reminder under a decision panel, per phase (message ids:
    :meth:`reminder` says them)."""
    points_in_statistics: ClassVar[bool] = False
    """Whether the statistics' points column counts this game (a running total worth
    showing) or shows a dash."""

    def seat_offer(self, seat: int) -> str:
        """How the review's "Swap seats" offers another seat's cards: "West's cards"."""
        return _(SEAT_CARDS[seat])

    # -- the end of a hand -------------------------------------------------------------------

    def south_won(self, result: Mapping[str, Any]) -> bool | None:
        """True when South's side won the hand, False when it lost, None for a draw or a
        throw-in."""
        raise NotImplementedError

    def result_piles(self, hand: HandState, result: Mapping[str, Any]) -> list[Pile]:
        """What the summary shows of each side's winnings in the finished ``hand``
        (:class:`~..piles.Pile`), from ``result`` and what the engine tells; none by default
        and for a hand thrown in."""
        return []

    def summary_title(self, won: bool | None) -> str:
        """The end-of-hand summary's title for :meth:`south_won`'s answer."""
        if won is None:
            return _("Hand over")
        return _("Your side wins the hand") if won else _("Your side loses the hand")

    def result_lines(self, result: Mapping[str, Any]) -> list[str]:
        """The end-of-hand summary, a few lines for people."""
        if "thrown_in" in result:
            return self.thrown_in_lines(result)
        return self.played_lines(result)

    def thrown_in_lines(self, result: Mapping[str, Any]) -> list[str]:
        """The summary of a hand thrown in: why, and who deals next."""
        why = result["thrown_in"]
        line = (_(THROWN_IN_LINES[why]) if why in THROWN_IN_LINES
                else _("The hand is thrown in: {why}.").format(why=why))
        return [line, self.next_deal_after_throw_in()]

    def next_deal_after_throw_in(self) -> str:
        """Who deals after a throw-in."""
        return _("The deal passes on.")

    def played_lines(self, result: Mapping[str, Any]) -> list[str]:
        """The summary of a hand played out."""
        raise NotImplementedError

    average_unit_id: ClassVar[str] = N_("points")
    """What the statistics' average per hand counts (:meth:`hand_points`), plural (a message
    id: :attr:`average_unit` says it)."""

    @property
    def average_unit(self) -> str:
        """What the statistics' average per hand counts, in the current language."""
        return _(self.average_unit_id)

    def average_text(self, average: float) -> str:
        """The statistics' average per hand, with one decimal and its unit: "12.5 points"
        (French "12,5 points")."""
        shown = f"{average:.1f}".replace("-", "−")
        if language() == "fr":
            shown = shown.replace(".", ",")
        return _("{average} {unit}").format(average=shown, unit=self.average_unit)

    def cost_text(self, cost: float) -> str:
        """What a mistake cost, in the unit the learner's progress counts it in
        (:data:`game.engine.judging.COST_UNITS`), with one decimal: "2.5 points"."""
        shown = number(cost, 1)
        return ngettext("{n} point", "{n} points", 1 if shown == number(1, 1) else 2).format(
            n=shown)

    def hand_points(self, result: Mapping[str, Any]) -> int:
        """South's side's score for a finished hand, as the statistics keep it (its history
        and average per hand; its points total when :attr:`points_in_statistics`): 0 for a
        hand thrown in."""
        raise NotImplementedError

    # -- the score panel ---------------------------------------------------------------------

    def scores_line(self, scores: Mapping[str, Any], sep: str = DOT) -> str:
        """The running totals in one line, the entries ``sep`` apart (the summary writes them
        with commas, as its result lines: issue 36)."""
        raise NotImplementedError

    def goal(self, options: Mapping[str, Any], hands_done: int) -> str:
        """The match goal, for the score panel."""
        n = options["target"]
        return ngettext("First side to {n} point", "First side to {n} points", n).format(n=n)

    goal_names_the_hand: ClassVar[bool] = False
    """Whether :meth:`goal` names the hand being played ("Hand 2 of 4"): the score panel's
    title then does not repeat the hand's number."""

    no_trump_line: ClassVar[str] = N_("Trump: not yet named")
    """The score panel's line while neither trump nor a contract is known (a message id)."""

    def contract_line(self, knowledge: Knowledge) -> str:
        """The score panel's line on trump or the contract."""
        facts = knowledge.public
        if knowledge.trump:
            return _("Trump: {suit}").format(suit=words.suit_name(knowledge.trump))
        if facts.get("contract"):
            return _("Contract: {contract} ({seat})").format(
                contract=words.bid_name(facts["contract"]),
                seat=words.seat_in_sentence(facts["declarer"]))
        return _(self.no_trump_line)

    def auction_line(self, knowledge: Knowledge) -> str | None:
        """The score panel's line on the bidding — who passed, who bid what — once it is
        over; ``None`` for a game whose bidding the panel does not list."""
        return None

    def bids_stay(self, knowledge: Knowledge) -> bool:
        """Whether what each seat bid stays said beside it now (its bubble does not go):
        while a game's bidding goes on, for a game that keeps them; no game does by
        default."""
        return False

    def tricks_line(self, knowledge: Knowledge) -> str | None:
        """The score panel's line on the tricks won so far (``None``: no line yet)."""
        raise NotImplementedError

    def phase_title(self, phase: str) -> str:
        """The decision panel's title in ``phase`` (an engine phase, or ``"call-forced"`` /
        ``"estimate"`` as the table names those decisions)."""
        return _(self.phase_titles.get(phase, N_("Your decision")))

    def reminder(self, phase: str) -> str:
        """The decision panel's rule reminder in ``phase`` (empty when there is none)."""
        text = self.reminders.get(phase, "")
        return _(text) if text else ""

    # -- the score sheet and the end of the game ------------------------------------------------

    sheet_columns: ClassVar[tuple[str, ...]] = ()
    """The score sheet's columns for what each hand gave (after the hand's number and its
    dealer, before the running totals; message ids)."""
    total_columns: ClassVar[tuple[str, ...]] = ()
    """The score sheet's columns of running totals (the last ones; message ids)."""
    sheet_note: ClassVar[str] = ""
    """A line under the score sheet's title saying how to read it (a message id:
    :meth:`score_sheet_note` says it)."""

    def score_sheet_columns(self, table: C.Table = C.TABLE4) -> tuple[str, ...]:
        """Every column the score sheet writes after the hand's number and dealer at
        ``table``, in the current language."""
        return tuple(_(c) for c in (*self.sheet_columns, *self.total_columns))

    def score_sheet_note(self) -> str:
        """The line under the score sheet's title, in the current language."""
        return _(self.sheet_note) if self.sheet_note else ""

    def score_sheet_row(self, result: Mapping[str, Any], before: Sequence[Mapping[str, Any]],
                        totals: Mapping[str, Any]) -> tuple[str, ...]:
        """The score sheet's cells for one finished hand (one per
        :meth:`score_sheet_columns`): what the hand gave, then the running totals after it;
        ``before`` are the results of the hands before it, in order."""
        if "thrown_in" in result:
            cells = (_("Thrown in"), *("–" for _column in self.sheet_columns[1:]))
        else:
            cells = self.hand_cells(result, before)
        return (*cells, *self.total_cells(totals))

    def hand_cells(self, result: Mapping[str, Any],
                   before: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
        """What a hand played out gave, one cell per :attr:`sheet_columns`."""
        raise NotImplementedError

    def total_cells(self, totals: Mapping[str, Any]) -> tuple[str, ...]:
        """The running totals, one cell per :attr:`total_columns`."""
        raise NotImplementedError

    def final_goal(self, options: Mapping[str, Any]) -> str:
        """How the game was won, for the end-of-game screen."""
        return self.goal(options, 0)

    def final_scores(self, scores: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The final scores as the end-of-game screen lists them: (who, score), best first."""
        raise NotImplementedError

    # -- the review ---------------------------------------------------------------------------

    def review_score_lines(self, hand: HandState) -> tuple[str, ...]:
        """The running points of ``hand`` as the review writes them after each step."""
        raise NotImplementedError

    # -- South's hand -------------------------------------------------------------------------

    def sort_group(self, card: str) -> int:
        """The sort group of a card: its suit (0..3) unless the game has groups of its own."""
        return C.suit36(C.parse36(card))

    def sort_strength(self, card: str, trump_group: int | None) -> int:
        """A number that grows with the card's strength within its group."""
        return C.rank36(C.parse36(card))

    def trump_group(self, trump: str | None) -> int | None:
        """The group shown as trumps (first, or last with trumps at the right): the named
        trump suit, ``None`` before trump is known."""
        return None if trump is None else C.suit_index(trump)

    # -- the card tracker ---------------------------------------------------------------------

    def tracker_card(self, name: str, copies: int) -> str:
        """A card still out as the tracker writes it (``copies`` of it out): its rank ("A",
        "10"; French "R" for a king)."""
        return rank_text(name[:-1], name)

    def tracker_void(self, letter: str) -> str:
        """A suit a seat showed it lacks, as the tracker writes it: its symbol."""
        return words.SUIT_GLYPHS[letter]


class PartnershipPresentation(Presentation):
    """You & North against West & East: tricks and scores per side."""

    def seat_offer(self, seat: int) -> str:
        """North's cards are offered as your partner's."""
        if seat == C.partner(C.SOUTH):
            return _("North's cards (your partner)")
        return super().seat_offer(seat)

    def score_total(self, n: int) -> str:
        """A side's running total as the score line writes it: a bare number unless the game
        counts something else ("3 hands")."""
        return str(n)

    def south_won(self, result: Mapping[str, Any]) -> bool | None:
        if "thrown_in" in result:
            return None
        w = result.get("winner")
        return None if w is None else w == "NS"

    def hand_points(self, result: Mapping[str, Any]) -> int:
        """Your side's points for the hand (the ``score`` the game's result names)."""
        return int(result[self.hand_score_key]["NS"]) if self.hand_score_key in result else 0

    hand_score_key: ClassVar[str] = "points"
    """The result's entry holding each side's score for the hand."""

    def played_lines(self, result: Mapping[str, Any]) -> list[str]:
        w = result.get("winner")
        return [_("Tricks: {sides}.").format(sides=side_pair(result["tricks"])),
                _(WINS_THE_HAND[w]) if w in WINS_THE_HAND else _("A draw.")]

    def result_piles(self, hand: HandState, result: Mapping[str, Any]) -> list[Pile]:
        """Each side's tricks as small stacks, their number big."""
        if "tricks" not in result:
            return []
        return [Pile(words.team_name(side), str(n),
                     ngettext("trick", "tricks", n), tricks=n, ours=side == "NS")
                for side, n in result["tricks"].items()]

    def scores_line(self, scores: Mapping[str, Any], sep: str = DOT) -> str:
        return entries(((words.team_name(side), self.score_total(scores[side]))
                        for side in ("NS", "EW")), sep)

    sheet_note: ClassVar[str] = N_("Each pair of numbers: You & North – West & East.")
    total_columns: ClassVar[tuple[str, ...]] = (N_("Score"),)

    def final_total(self, n: int) -> str:
        """A side's final total as the end-of-game screen writes it: "12 points"."""
        return ngettext("{n} point", "{n} points", n).format(n=n)

    def total_cells(self, totals: Mapping[str, Any]) -> tuple[str, ...]:
        return (pair(totals),)

    def final_scores(self, scores: Mapping[str, Any]) -> list[tuple[str, str]]:
        sides = sorted(("NS", "EW"), key=lambda side: -scores[side])
        return [(words.team_name(side), self.final_total(scores[side])) for side in sides]

    def tricks_line(self, knowledge: Knowledge) -> str | None:
        won = {"NS": 0, "EW": 0}
        for trick in knowledge.tricks:
            if trick["winner"]:
                won["NS" if C.SEATS.index(trick["winner"]) % 2 == 0 else "EW"] += 1
        return _("Tricks: {sides}").format(sides=side_pair(won, DOT))

    def review_score_lines(self, hand: HandState) -> tuple[str, ...]:
        t = hand.tricks_by_team()  # type: ignore[attr-defined]
        return (_("Tricks: {sides}").format(sides=side_pair(t, DOT)),)


WINS_THE_HAND = {"NS": N_("You & North win the hand."), "EW": N_("West & East win the hand.")}
"""The summary's line on the side that won a hand (message ids)."""


def side_pair(values: Mapping[str, Any] | Sequence[Any], sep: str = ", ") -> str:
    """"You & North 5, West & East 4": one number per side (a mapping by team, or the pair
    NS, EW), written to follow a colon ("Tricks: …"; :func:`~game.ui.words.after_colon`)."""
    ns, ew = (values["NS"], values["EW"]) if isinstance(values, Mapping) else values
    return words.after_colon(entries(((words.team_name("NS"), ns),
                                      (words.team_name("EW"), ew)), sep))


def pair(values: Mapping[str, Any]) -> str:
    """"5 – 4": You & North's number, then West & East's (the score sheet's pairs)."""
    return f"{values['NS']} – {values['EW']}"

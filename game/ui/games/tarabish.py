"""How Tarabish is presented: card points, runs and bella, bait; cards sorted by the trick
order of trump and plain suits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine import cards as C
from ...engine import tarabish
from ...i18n import N_, _, ngettext
from .. import words
from ..entries import DOT
from ..piles import Pile
from ..rules_text import OptionText, Section
from .base import PartnershipPresentation, pair, side_pair

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ...engine.hand import HandState

OPTION_TEXTS = {
    "dealer_may_pass": OptionText(
        "Dealer may pass",
        "Off: when the first three players pass, the dealer must call trump. On: the "
        "dealer may pass too; the hand is then thrown in, scores nothing, and the deal "
        "passes to the left."),
    "partner_exception": OptionText(
        "Partner exception",
        "On (as in Coinche): a player who cannot follow suit while their partner is "
        "winning the trick may play any card instead of having to trump."),
    "bella_on_first": OptionText(
        "Bella on the first card",
        "Bella is claimed when you play the second of the king and queen of trump; with "
        "this on, you claim it with the first of the two instead."),
    "half_bait_is_bait": OptionText(
        "Half bait counts as bait",
        "When the calling side's total equals the other side's (half bait), the callers "
        "score nothing and the others their own total; with this on, the others score "
        "both totals, as for a full bait."),
    "target": OptionText(
        "Points to win",
        "The score a side needs to win the game (500 is the usual game).", "{n} points"),
}

RULES = (
    Section("The game", (
        "The card game of Cape Breton, Nova Scotia: 36 cards, nine each, you and North "
        "(opposite you) against West and East. One side calls trump and must then score "
        "more points than the other side. Play goes clockwise.",
    )),
    Section("The cards and their points", (
        "In trump the order is J (highest), 9, A, 10, K, Q, 8, 7, 6. In the other suits "
        "it is A (highest), 10, K, Q, J, 9, 8, 7, 6.",
        "• Trump cards count: J 20, 9 14, A 11, 10 10, K 4, Q 3; 8, 7 and 6 nothing.",
        "• Other suits count: A 11, 10 10, K 4, Q 3, J 2; 9, 8, 7 and 6 nothing.",
        "• The last trick is worth 10 more. Cards and last trick together make 162.",
    )),
    Section("The deal", (
        "The first dealer is whoever receives the first jack, dealt face up. The cards "
        "go out clockwise in packets of three, starting on the dealer's left, until each "
        "player holds nine. You see your first six cards; the last three stay face down "
        "until trump is called. The deal passes to the left after every hand.",
    )),
    Section("Calling trump", (
        "Starting on the dealer's left and going clockwise, each player either calls a "
        "suit as trump (which ends the calling) or passes. If the first three players "
        "pass, the dealer must call. The side that called trump has promised to score "
        "more than the other side.",
    )),
    Section("What you must play", (
        "The player on the dealer's left leads the first trick; the winner of each trick "
        "leads the next.",
        "• You must follow suit if you can.",
        "• If you cannot follow, you must play a trump if you have one.",
        "• When the trick already holds a trump (led or played), your trump must beat the "
        "highest trump in it if you can. If you cannot beat it, you still play a trump "
        "whenever the rules above ask for one.",
        "• This holds even when your partner is winning the trick (unless the partner "
        "exception option is on).",
        "• With neither the suit led nor a trump, play anything.",
        "The highest trump wins the trick; with no trump in it, the highest card of the "
        "suit led. You may look at the last finished trick, and only the last.",
    )),
    Section("Runs", (
        "A run is three or more cards of one suit in sequence in the order A K Q J 10 9 8 "
        "7 6 (here J and 9 keep their ordinary places). Three cards make a twenty (20 "
        "points), four a fifty (50). Longer runs: 5 or 6 cards are worth 50, 7 are 70, 8 "
        "or 9 are 100. A longer run counts as its parts, fours from the top then a three: "
        "Q J 10 9 8 7 6 is the fifty Q J 10 9 and the twenty 8 7 6, so its best run is a "
        "fifty to the queen, and A K Q J beats it.",
        "You declare your runs as you play your first card (an undeclared run scores "
        "nothing) and show them with your second card. Only one player's runs count: "
        "whoever holds the best run scores all of their declared runs, and nobody else "
        "scores any. A fifty beats any twenty; between runs of the same kind the higher "
        "top card wins, then a trump run beats a plain one. If two players' equal best "
        "runs are both in plain suits, they cancel and nobody scores runs.",
    )),
    Section("Bella", (
        "Holding both the king and the queen of trump is a bella, worth 20 points. You "
        "claim it as you play the second of the two; an unclaimed bella scores nothing.",
    )),
    Section("Scoring a hand", (
        "Each side adds its card points, the last trick, its counted runs and bella.",
        "• The callers have more than the others: both sides score their own totals.",
        "• The callers have less (they are \"bait\"): the other side scores both totals "
        "and the callers score nothing.",
        "• Equal totals (\"half bait\"): the callers score nothing and the others score "
        "their own total.",
    )),
    Section("Winning the game", (
        "The first side to reach 500 points wins (see the option below). If both sides "
        "reach it on the same hand, the higher total wins; an exact tie plays another "
        "hand.",
    )),
)


class Tarabish(PartnershipPresentation):
    """Tarabish's words: the hand is won on points, a throw-in is dealt again by the same
    seat."""

    name = "tarabish"
    rules = RULES
    option_texts: ClassVar[Mapping[str, OptionText]] = OPTION_TEXTS
    phase_titles: ClassVar[dict[str, str]] = {"call": N_("Call trump or pass"),
                                               "call-forced": N_("Call trump")}
    reminders: ClassVar[dict[str, str]] = {
        "call": N_("Call trump from your six visible cards, or pass."),
        "call-forced": N_("Everyone passed: as dealer you must call trump."),
    }

    hand_score_key = "score"

    sheet_columns: ClassVar[tuple[str, ...]] = (N_("Caller"), N_("Card points"), N_("Runs"),
                                                N_("Bella"), N_("Hand score"))

    def hand_cells(self, result: Mapping[str, Any],
                   before: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
        """The caller, each side's card points, runs, bella and score for the hand (a bait
        marked after the score)."""
        score = pair(result["score"])
        if result["bait"] != "none":
            bait = result["bait"]
            score += f" ({_(BAIT_WORDS[bait]) if bait in BAIT_WORDS else bait})"
        return (words.seat_name(result["caller"]), pair(result["card_points"]),
                pair(result["runs"]), pair(result["bella"]), score)

    def south_won(self, result: Mapping[str, Any]) -> bool | None:
        if "thrown_in" in result:
            return None
        s = result["score"]
        return None if s["NS"] == s["EW"] else s["NS"] > s["EW"]

    def next_deal_after_throw_in(self) -> str:
        return _("The same seat deals again.")

    def result_piles(self, hand: HandState, result: Mapping[str, Any]) -> list[Pile]:
        """Each side's score for the hand big, over the cards behind its points beyond its
        cards' own (the engine's :meth:`~game.engine.tarabish.TarabishHand.scoring_cards`):
        the counted runs, the bella, the last trick."""
        if "thrown_in" in result:
            return []
        shown = hand.scoring_cards()  # type: ignore[attr-defined]
        return [Pile(words.team_name(side), str(result["score"][side]),
                     ngettext("point", "points", result["score"][side]),
                     tuple(tuple(shown[side][k]) for k in ("runs", "bella", "last")
                           if shown[side][k]), ours=side == "NS")
                for side in ("NS", "EW")]

    def played_lines(self, result: Mapping[str, Any]) -> list[str]:
        lines = [words.by_seat(result["caller"], N_("{seat} called trump."),
                               N_("You called trump.")),
                 _("Card points: {sides}.").format(sides=side_pair(result["card_points"]))]
        runs, bella = result["runs"], result["bella"]
        if any(runs.values()) or any(bella.values()):
            lines.append(_("Runs {runs_ns} / {runs_ew}, bella {bella_ns} / {bella_ew}.").format(
                runs_ns=runs["NS"], runs_ew=runs["EW"], bella_ns=bella["NS"],
                bella_ew=bella["EW"]))
        bait = result["bait"]
        if bait != "none":
            lines.append(_(BAIT_LINES[bait]) if bait in BAIT_LINES
                         else f"The callers went {bait}!")
        lines.append(_("Hand score: {sides}.").format(sides=side_pair(result["score"])))
        return lines

    def review_score_lines(self, hand: HandState) -> tuple[str, ...]:
        """The tricks per side and, once trump is known, the card points."""
        lines = super().review_score_lines(hand)
        if hand.trump_name() is not None:
            points = hand.card_points_by_team()  # type: ignore[attr-defined]
            lines += (_("Card points: {sides}").format(sides=side_pair(points, DOT)),)
        return lines

    def sort_strength(self, card: str, trump_group: int | None) -> int:
        """The engine's trick strength (trump and plain suits rank differently)."""
        return tarabish.strength(C.parse36(card), -1 if trump_group is None else trump_group)


BAIT_WORDS = {"bait": N_("bait"), "half-bait": N_("half-bait")}
"""A bait as the score sheet marks it after the hand's score (message ids)."""
BAIT_LINES = {"bait": N_("The callers went bait!"),
              "half-bait": N_("The callers went half-bait!")}
"""The summary's line on a bait, by the result's ``bait`` (message ids)."""


PRESENTATION = Tarabish()

"""How Turup is presented: tricks and points per side, kort, and partner's question."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...i18n import N_, _, ngettext, number
from ..rules_text import OptionText, Section
from .base import pair, side_pair
from .somali import SomaliPresentation

OPTION_TEXTS = {
    "target": OptionText(
        "Points to win",
        "The score a partnership needs to win the game: 5 for a short game, 10 as usual, "
        "15 for a long one.", "{n} points"),
}

RULES = (
    Section("The game", (
        "A Somali partnership game recorded in 1912: one 36-card pack, nine cards each. "
        "You and North (opposite you) play against West and East. Everything in Turup "
        "goes counter-clockwise, to the right.",
    )),
    Section("The deck", (
        "36 cards: A K Q J 10 9 8 7 6 in each of the four suits. In every suit the cards "
        "rank A (highest), K, Q, J, 10, 9, 8, 7, 6 (lowest).",
    )),
    Section("The deal and trump", (
        "The first dealer is drawn: each player is shown one card and the highest deals. "
        "The dealer deals counter-clockwise in packets of three, starting with the player "
        "on the dealer's right.",
        "After that player's first three cards the deal stops: looking at those three "
        "cards only, they name one of the four suits as trump. Then the deal goes on "
        "until everyone holds nine cards. The deal passes to the right after every hand.",
    )),
    Section("Playing a trick", (
        "The player on the dealer's right (who named trump) leads the first trick; play "
        "goes counter-clockwise.",
        "• You must follow suit if you can.",
        "• If you cannot follow, play any card: you may trump, but you do not have to.",
        "• The highest trump wins the trick; with no trump in it, the highest card of the "
        "suit led. The winner leads the next trick.",
    )),
    Section("The result of a hand", (
        "The hand ends as soon as one side has taken five tricks: that side scores 1 "
        "point.",
    )),
    Section("Kort", (
        "If one side wins each of the first five tricks, the player who won the fifth "
        "may go for kort: winning all nine tricks. First they may ask their partner how "
        "many of the last four tricks the partner expects to win (an answer from 0 to 4); "
        "then they decide.",
        "• Stop: the side scores its 1 point and the hand ends.",
        "• Play on for kort: they lead the sixth trick. Kort made (all nine tricks) "
        "scores 3 points. Kort failed: the opponents score 3 points, and the hand ends "
        "with the first trick the kort side loses.",
    )),
    Section("Winning the game", (
        "The first side to reach 10 points wins the game (see the option below).",
    )),
)


class Turup(SomaliPresentation):
    """Turup's words: the hand's points and kort after the tricks."""

    name = "turup"
    rules = RULES

    def cost_text(self, cost: float) -> str:
        """A mistake's cost in the chance of winning the hand: "6.0% of a hand"; from a
        whole hand on (several mistakes added up), in hands: "3.2 hands"."""
        if abs(cost) < 100:
            return _("{n}% of a hand").format(n=number(cost, 1))
        shown = number(cost / 100, 1)
        return ngettext("{n} hand", "{n} hands", 1 if shown == number(1, 1) else 2).format(
            n=shown)
    option_texts: ClassVar[Mapping[str, OptionText]] = OPTION_TEXTS
    phase_titles: ClassVar[dict[str, str]] = {
        **SomaliPresentation.phase_titles, "kort": N_("Kort?"), "estimate": N_("Partner asks")}
    reminders: ClassVar[dict[str, str]] = {
        **SomaliPresentation.reminders,
        "kort": N_("Your side won the first five tricks: play on for all nine (kort, 3 points) "
                   "or stop with 1 point."),
        "estimate": N_("Partner asks how many of the last four tricks you can win."),
    }

    sheet_columns: ClassVar[tuple[str, ...]] = (N_("Tricks"), N_("Points"), N_("Kort"))

    def hand_cells(self, result: Mapping[str, Any],
                   before: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
        """The tricks, the points the hand scored and a kort made or failed."""
        kort = result.get("kort")
        cell = _(KORT_CELLS[kort]) if kort in KORT_CELLS else str(kort or "")
        return pair(result["tricks"]), pair(result["points"]), cell

    def played_lines(self, result: Mapping[str, Any]) -> list[str]:
        lines = super().played_lines(result)
        kort = result.get("kort")
        if kort:
            lines.append(_(KORT_LINES[kort]) if kort in KORT_LINES else f"Kort {kort}!")
        lines.append(_("Points: {sides}.").format(sides=side_pair(result["points"])))
        return lines


KORT_CELLS = {"made": N_("made"), "failed": N_("failed")}
"""The score sheet's kort cell, by the result's ``kort`` (message ids)."""
KORT_LINES = {"made": N_("Kort made!"), "failed": N_("Kort failed!")}
"""The summary's kort line, by the result's ``kort`` (message ids)."""


PRESENTATION = Turup()

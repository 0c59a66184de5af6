"""How Arba'a Turub is presented: 144 cards, hands won rather than points, two hands running
to win; the tracker shows each card's copies still out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...i18n import N_, _, ngettext, number, pgettext
from .. import words
from ..rules_text import OptionText, Section
from .base import pair
from .somali import SomaliPresentation

OPTION_TEXTS = {
    "signals": OptionText(
        "Signals",
        "On: the player who leads a trick may signal strong or weak to partner with that "
        "card, for everyone to see. Off: nobody signals."),
}

RULES = (
    Section("The game", (
        "A Somali partnership game played with four packs shuffled together: 144 cards, "
        "36 in each hand. You and North (opposite you) play against West and East. There "
        "are no points to count — only tricks.",
    )),
    Section("The deck", (
        "Four ordinary 36-card packs: A K Q J 10 9 8 7 6 in each of the four suits, so "
        "every card exists in four identical copies. In every suit the cards rank A "
        "(highest), K, Q, J, 10, 9, 8, 7, 6 (lowest).",
    )),
    Section("The deal and trump", (
        "The first dealer is drawn: each player is shown one card and the highest deals. "
        "The cards go out clockwise in packets of three, starting with the player on the "
        "dealer's left, who is called eldest.",
        "After eldest's first three cards the deal stops. Eldest looks at those three "
        "cards only and names one of the four suits as trump. Then the deal goes on until "
        "everyone holds 36 cards.",
    )),
    Section("Playing a trick", (
        "Eldest leads the first trick; play goes clockwise, one card each.",
        "• You must follow suit: if you hold a card of the suit led, you must play one.",
        "• If you cannot follow, play any card. You may trump, but you do not have to.",
        "• The highest trump in the trick wins it; with no trump in it, the highest card "
        "of the suit led wins.",
        "• With four copies of every card, identical cards can meet in a trick: the one "
        "played first beats the later copies.",
        "The winner of a trick leads the next. A hand has 36 tricks.",
    )),
    Section("Signals", (
        "When you lead a trick you may, once, signal to your partner as you lead: "
        "\"strong\" (I am strong in this suit, come back to it) or \"weak\" (I am weak "
        "in this suit: lead trumps or another suit). All four players see the signal, "
        "the opponents too.",
    )),
    Section("The result of a hand", (
        "The side that takes more tricks wins the hand; 18 tricks each is a drawn hand.",
        "The losing side deals next: if the dealer's side won, the player on the dealer's "
        "left deals; if it lost, the dealer's partner deals. After a draw the same player "
        "deals again.",
    )),
    Section("Winning the game", (
        "A side wins the game when it wins two hands in a row and takes more tricks in "
        "the second of them than in the first.",
        "Example: your side wins with 20 tricks, then with 19 (not yet: 19 is fewer than "
        "20), then with 22 — you win the game, because 22 is more than 19. A drawn hand "
        "breaks every run of wins.",
    )),
)


class ArbaaTurub(SomaliPresentation):
    """Arba'a Turub's words: a running total of hands won."""

    name = "arbaa-turub"
    rules = RULES
    option_texts: ClassVar[Mapping[str, OptionText]] = OPTION_TEXTS
    average_unit_id = N_("tricks")
    hand_score_key = "tricks"

    def cost_text(self, cost: float) -> str:
        """A mistake's cost in tricks: "0.4 tricks"."""
        shown = number(cost, 1)
        return ngettext("{n} trick", "{n} tricks", 1 if shown == number(1, 1) else 2).format(
            n=shown)

    def score_total(self, n: int) -> str:
        """Hands won: "1 hand", "3 hands"."""
        return ngettext("{n} hand", "{n} hands", n).format(n=n)

    def goal(self, options: Mapping[str, Any], hands_done: int) -> str:
        return _("Win two hands running, the second by more tricks")

    sheet_columns: ClassVar[tuple[str, ...]] = (N_("Tricks"), N_("Hand won by"),
                                                N_("Run of wins"))
    total_columns: ClassVar[tuple[str, ...]] = (N_("Hands won"),)

    def final_total(self, n: int) -> str:
        """Hands won: "1 hand won", "3 hands won"."""
        return ngettext("{n} hand won", "{n} hands won", n).format(n=n)

    def hand_cells(self, result: Mapping[str, Any],
                   before: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
        """The tricks, the hand's winner and how many hands that side has now won running
        (a draw or a throw-in breaks a run)."""
        winner = result.get("winner")
        if winner is None:
            return pair(result["tricks"]), pgettext("a drawn hand", "Draw"), ""
        run = 1
        for earlier in reversed(before):
            if earlier.get("winner") != winner:
                break
            run += 1
        return (pair(result["tricks"]), words.team_name(winner),
                _("{n} running").format(n=run) if run > 1 else "")

    def tracker_card(self, name: str, copies: int) -> str:
        """The rank and the copies still out of four: "A×2"."""
        return f"{super().tracker_card(name, copies)}×{copies}"


PRESENTATION = ArbaaTurub()

"""How French Tarot is presented: every seat for itself, the contract and the declarer's
points, trumps sorted as their own group with the Excuse, a running score per seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...engine import cards as C
from ...i18n import N_, SEAT_WORDS, _, card_words, ngettext, pgettext
from .. import words
from ..entries import DOT, entries
from ..order import TRUMP_GROUP
from ..piles import Pile
from ..rules_text import OptionText, Section
from .base import Presentation

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ...engine.hand import HandState
    from ...engine.knowledge import Knowledge

OPTION_TEXTS = {
    "players": OptionText(
        "Players",
        "Four players, or three (24 cards each, no partner) or five (the declarer calls a king "
        "and plays with its secret holder); see \"Three players\" and \"Five players\" "
        "above.", "{n} players"),
    "hands": OptionText(
        "Hands in a game",
        "How many hands are played out in a game: one, two or three per player (thrown-in "
        "hands do not count); the highest running total then wins.", "{n} hands"),
}

RULES = (
    Section("The game", (
        "French Tarot as the French federation plays it, for four players — or three, or "
        "five (see their sections below). There are no fixed partners: in each hand the "
        "highest bidder, the declarer, plays against all the others, the defence (at five, "
        "with a secret partner). Everything goes counter-clockwise, to the right.",
    )),
    Section("The deck", (
        "78 cards: four suits of 14 cards (1 to 10, then jack, knight, queen and king, the "
        "king highest), 21 trumps numbered 1 to 21 (21 highest), and the Excuse. Three "
        "cards are special, the oudlers (the ends): trump 1 (the Petit), trump 21, and the "
        "Excuse.",
        "Card points: oudlers and kings 4.5, queens 3.5, knights 2.5, jacks 1.5, every "
        "other card 0.5. The whole deck counts 91.",
    )),
    Section("The deal", (
        "The first dealer is drawn: the lowest card deals. At four players each player gets "
        "18 cards in packets of three, counter-clockwise from the dealer's right; six cards "
        "go one at a time to the dog (talon) between packets, never the first or the last "
        "card. The deal passes to the right after every hand.",
        "A player whose only trump is the Petit, without the Excuse (a \"petit sec\"), "
        "must say so: the hand is thrown in and dealt again by the next dealer.",
    )),
    Section("Bidding", (
        "From the dealer's right, each player once either passes or bids higher than "
        "every earlier bid. From low to high: Take, Guard, Guard without the dog, Guard "
        "against the dog. The highest bidder becomes the declarer; if everyone passes the "
        "hand is thrown in.",
        "• Take or Guard: the dog is shown to everyone and joins the declarer's hand; "
        "the declarer then lays as many cards away face down (six; three at five players), "
        "which count for the declarer. "
        "No king and no oudler may be laid away, and a trump only when nothing else can "
        "go (such trumps are shown to everyone).",
        "• Guard without: the dog stays unseen and counts for the declarer.",
        "• Guard against: the dog stays unseen and counts for the defence.",
    )),
    Section("Announcements", (
        "• Handful: at four players, holding at least 10, 13 or 15 trumps, you may show "
        "exactly 10, 13 or 15 of them as you play your first card (a single, double or "
        "triple handful, worth 20, 30 or 40; three and five players: see below). The "
        "Excuse may stand in for a missing trump, but then all your trumps must be shown. "
        "The bonus goes to the side that wins the hand, whoever showed it.",
        "• Slam: the declarer may announce that they will win every trick; then the "
        "declarer leads the first trick (otherwise the dealer's right leads).",
    )),
    Section("What you must play", (
        "• Follow suit if you can.",
        "• If you cannot, you must play a trump.",
        "• When trump is led, or a trump is already in the trick, you must play a higher "
        "trump than the highest so far if you can — even over a fellow defender. If you "
        "cannot, play a lower trump.",
        "• With neither the suit nor a trump, play anything.",
        "The highest trump wins the trick; with no trump in it, the highest card of the "
        "suit led. The winner leads the next trick.",
    )),
    Section("The Excuse", (
        "You may play the Excuse at any time instead of following any of the rules above. "
        "It never wins the trick. If it is led, the next card played sets the suit. The "
        "Excuse stays with its owner's side, which gives the trick's winner a 0.5-point "
        "card from its own tricks in exchange.",
        "Two exceptions: played to the last trick, the Excuse goes to the side that wins "
        "that trick; and a side that has won every other trick wins the last one when it "
        "leads the Excuse to it.",
    )),
    Section("Did the declarer win?", (
        "The declarer counts the card points in their pile (with the cards laid away, or "
        "the dog in a Guard without). The target depends on the oudlers they hold there: "
        "56 points with no oudler, 51 with one, 41 with two, 36 with all three. "
        "Reaching exactly the target wins.",
    )),
    Section("Scoring a hand", (
        "The hand is worth 25 plus the difference between the declarer's points and the "
        "target (rounded up to a whole number), times the bid: Take ×1, Guard ×2, Guard "
        "without ×4, Guard against ×6.",
        "• Petit au bout: if the last trick holds the Petit, the side that wins that "
        "trick earns 10, added before the multiplication: it raises the hand's value when "
        "that side won the hand and lowers it when that side lost. (In a slam whose last "
        "trick is the Excuse, the Petit counts in the trick before it.)",
        "• Then, not multiplied: a handful 20, 30 or 40 to the hand's winners; a slam "
        "announced and made 400, made without announcing 200, announced and failed −200 "
        "for the declarer; a defence that takes every trick earns 200.",
        "If the declarer wins, each defender pays them this amount (at four players the "
        "declarer gains three times it); if the declarer loses, they pay it to each "
        "defender. Every hand sums to zero.",
        "Example: Guard, two oudlers, 56 points: target 41, difference 15, (25 + 15) × 2 = "
        "80 from each defender.",
    )),
    Section("Winning the game", (
        "A game is one hand per player played out: 4 hands at four players (thrown-in "
        "hands do not count; see the option below). Each player's running total is the "
        "sum of their hand scores, and the highest total wins; equal totals share the win.",
    )),
    Section("Three players", (
        "You, East and West. Each player gets 24 cards, dealt counter-clockwise from the "
        "dealer's right in packets of four; the dog still has six cards, dealt one at a "
        "time between packets, never the first or the last card.",
        "• Handful: at least 13, 15 or 18 trumps for a single, double or triple handful "
        "(still worth 20, 30 or 40).",
        "• Payment: each of the two defenders pays the declarer the hand's amount, or "
        "receives it: the declarer gains or loses twice it.",
        "Everything else is as at four players.",
    )),
    Section("Five players", (
        "You, East, North-East, North-West and West. Each player gets 15 cards in packets "
        "of three; the dog has three cards, dealt one at a time (never the first or the "
        "last card), and after a Take or a Guard the declarer lays three cards away.",
        "• Calling a king: right after the bidding, before the dog is shown, the declarer "
        "calls a king by its suit. A declarer who holds all four kings calls a queen "
        "instead (all four kings and queens: a knight; and so on down to a jack).",
        "• The holder of the called card is the declarer's secret partner: nobody else "
        "knows who it is until that card is played (the partner knows). A declarer who "
        "calls one of their own cards, or one that turns out to be in the dog, plays "
        "alone.",
        "• First trick: nobody may lead the called suit, except with the called card "
        "itself. When the Excuse is led, the next card counts as the lead: it may not be of "
        "the called suit either, except the called card.",
        "• Handful: at least 8, 10 or 13 trumps for a single, double or triple handful "
        "(20, 30 or 40).",
        "• The declarer and the partner are one side: their tricks count together for the "
        "card points, the oudlers, the slam and the petit au bout.",
        "• Payment: each of the three defenders pays the hand's amount; the declarer gains "
        "twice it and the partner once (the reverse when the declarer's side loses). A "
        "declarer playing alone gains or loses four times it.",
        "The petit sec, the Excuse, the slam and the scoring are as at four players.",
    )),
)


class Tarot(Presentation):
    """French Tarot's words: South plays for itself, as the declarer or in the defence."""

    name = "tarot"
    rules = RULES
    option_texts: ClassVar[Mapping[str, OptionText]] = OPTION_TEXTS
    points_in_statistics = True
    no_trump_line = N_("Bidding")
    phase_titles: ClassVar[dict[str, str]] = {"bid": N_("Your bid"), "announce": N_("Slam?"),
                                              "call-forced": N_("Call a king")}
    reminders: ClassVar[dict[str, str]] = {
        "call-forced": N_("Its holder is your secret partner until it is played."),
        "bid": N_("Bid higher than the last bid, or pass."),
        "discard": N_("Lay away as many cards as the dog held: no kings, no oudlers; trumps "
                      "only if nothing else can go."),
        "announce": N_("Announce a slam (win every trick) for a large bonus — you would "
                       "lead."),
    }

    sheet_columns: ClassVar[tuple[str, ...]] = (N_("Declarer"), N_("Contract"), N_("Points"),
                                                N_("Result"))
    total_columns: ClassVar[tuple[str, ...]] = (words.YOU, *(SEAT_WORDS[s] for s in C.SEATS[1:]))
    sheet_note = N_("Each seat: the hand's score → the running total.")
    goal_names_the_hand = True

    def hand_cells(self, result: Mapping[str, Any],
                   before: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
        """The declarer, the contract, the points won of the target, made or failed."""
        return (words.seat_name(result["declarer"]), words.bid_name(result["bid"]),
                _("{points} of {target}").format(points=words.number(result["points"]),
                                                 target=result["target"]),
                _("made") if result["won"] else _("failed"))

    def score_sheet_row(self, result: Mapping[str, Any], before: Sequence[Mapping[str, Any]],
                        totals: Mapping[str, Any]) -> tuple[str, ...]:
        """Each seat's cell is the hand's score and the running total after it."""
        row = super().score_sheet_row(result, before, totals)
        if "score" not in result:
            return row
        seats = tuple(f"{words.signed(result['score'][s])} → {totals[s]}" for s in totals)
        return (*row[:len(self.sheet_columns)], *seats)

    def score_sheet_columns(self, table: C.Table = C.TABLE4) -> tuple[str, ...]:
        """The hand's columns, then one per seat of ``table`` (three, four or five)."""
        return (*(_(c) for c in self.sheet_columns),
                *(words.seat_name(s) for s in table.letters))

    def total_cells(self, totals: Mapping[str, Any]) -> tuple[str, ...]:
        """Each seat's running total, in the table's order."""
        return tuple(str(v) for v in totals.values())

    def final_goal(self, options: Mapping[str, Any]) -> str:
        n = options["hands"]
        return ngettext("The highest total after {n} hand played out",
                        "The highest total after {n} hands played out", n).format(n=n)

    def final_scores(self, scores: Mapping[str, Any]) -> list[tuple[str, str]]:
        seats = sorted(scores, key=lambda s: -scores[s])
        return [(words.seat_name(s), words.signed(scores[s])) for s in seats]

    def south_won(self, result: Mapping[str, Any]) -> bool | None:
        if "thrown_in" in result:
            return None
        return bool(result["score"]["S"] > 0)

    def result_piles(self, hand: HandState, result: Mapping[str, Any]) -> list[Pile]:
        """The declarer's points big, of the points needed, over the cards of its pile that
        count (the engine's :meth:`~game.engine.tarot.TarotHand.counting_cards`: the oudlers,
        then the kings, queens, knights and jacks, a group each)."""
        if "thrown_in" in result:
            return []
        groups: dict[str, list[str]] = {}
        for card in hand.counting_cards():  # type: ignore[attr-defined]
            kind = "oudler" if card == "EX" or card.startswith("T") else card[:-1]
            groups.setdefault(kind, []).append(card)
        who = words.seat_name(result["declarer"])
        ours = "S" in (result["declarer"], result.get("partner"))
        return [Pile(who, words.number(result["points"]),
                     _("points, {target} needed").format(target=result["target"]),
                     tuple(tuple(g) for g in groups.values()), ours=ours)]

    def summary_title(self, won: bool | None) -> str:
        if won is None:
            return super().summary_title(won)
        return _("You win the hand") if won else _("You lose the hand")

    def played_lines(self, result: Mapping[str, Any]) -> list[str]:
        """The contract and how it went, the bonuses, each seat's score for the hand."""
        n = result["oudlers"]
        outcome = (N_("{contract} by {seat}, {oudlers}: {points} points, {target} needed — "
                      "made.") if result["won"] else
                   N_("{contract} by {seat}, {oudlers}: {points} points, {target} needed — "
                      "failed."))
        lines = [_(outcome).format(
            contract=words.bid_name(result["bid"]),
            seat=words.seat_in_sentence(result["declarer"]),
            oudlers=ngettext("{n} oudler", "{n} oudlers", n).format(n=n),
            points=words.number(result["points"]), target=result["target"])]
        if "partner" in result:  # five players
            lines.append(words.by_seat(result["declarer"], N_("{seat} played alone."),
                                       N_("You played alone."))
                         if result["partner"] is None else
                         _("Partner: {seat}.").format(
                             seat=words.seat_in_sentence(result["partner"])))
        extras = []
        if result.get("petit_au_bout") in PETIT_AU_BOUT:
            extras.append(_(PETIT_AU_BOUT[result["petit_au_bout"]]))
        if result.get("handful"):
            extras.append(_("handful {points}").format(points=result["handful"]))
        if result.get("slam"):
            extras.append(_("slam {points}").format(points=words.signed(result["slam"])))
        if extras:
            lines.append(_("Also: {bonuses}.").format(bonuses=", ".join(extras)))
        lines.append(_("Scores: {scores}").format(scores=words.after_colon(entries(
            ((words.seat_name(s), words.signed(v)) for s, v in result["score"].items()),
            SEATS_APART))))
        return lines

    def hand_points(self, result: Mapping[str, Any]) -> int:
        """South's score for the hand."""
        return round(result["score"]["S"]) if "score" in result else 0

    def contract_line(self, knowledge: Knowledge) -> str:
        """The contract, and at five players the card called ("… — called: K♥")."""
        line = super().contract_line(knowledge)
        called = knowledge.public.get("called")
        if not called:
            return line
        return _("{contract} — called: {card}").format(contract=line,
                                                            card=card_words(called))

    def scores_line(self, scores: Mapping[str, Any], sep: str = DOT) -> str:
        """Each seat's running total, the seats apart by commas whatever ``sep`` says, as in
        the hand's "Scores: …" line (:data:`SEATS_APART`)."""
        return entries(((words.seat_name(s), words.signed(v)) for s, v in scores.items()),
                       SEATS_APART)

    def goal(self, options: Mapping[str, Any], hands_done: int) -> str:
        return _("Hand {n} of {hands}").format(n=min(hands_done + 1, options["hands"]),
                                               hands=options["hands"])

    def tricks_line(self, knowledge: Knowledge) -> str | None:
        """The declarer's tricks, once there is a declarer."""
        declarer = knowledge.public.get("declarer")
        if not declarer:
            return None
        won = sum(1 for trick in knowledge.tricks if trick["winner"] == declarer)
        return self._tricks_won(declarer, won)

    def auction_line(self, knowledge: Knowledge) -> str | None:
        """Every bid in order, passes too: "West: Pass · North: Guard · …" — while the cards
        are played and after.

        **Decision**: not while the bidding goes on (each seat's bid stays beside it then,
        :meth:`bids_stay`) nor during the lay-away, the slam decision or the king call: their
        panels take the room below the score panel at 1024×600."""
        if knowledge.phase not in ("play", "done"):
            return None
        said = [_("{seat}: {words}").format(seat=words.seat_name(a["seat"]),
                                            words=words.bid_name(a["bid"]))
                for a in knowledge.history if "bid" in a]
        return " · ".join(said) or None

    def bids_stay(self, knowledge: Knowledge) -> bool:
        """Each seat's bid ("Pass", "Guard") stays beside it for the whole bidding."""
        return knowledge.phase == "bid"

    @staticmethod
    def _tricks_won(declarer: str, won: int) -> str:
        return _("Tricks won by {seat}: {n}").format(seat=words.seat_in_sentence(declarer),
                                                     n=won)

    def review_score_lines(self, hand: HandState) -> tuple[str, ...]:
        """The declarer's tricks and card points so far (its discard counted)."""
        declarer = getattr(hand, "declarer", None)
        if declarer is None:
            return ()
        letter = hand.table.letters[declarer]  # type: ignore[attr-defined]
        won = sum(1 for t in hand.tricks if t.winner == declarer)  # type: ignore[attr-defined,misc]
        points = hand.declarer_half_points() / 2  # type: ignore[attr-defined]
        if letter in CARD_POINTS_SO_FAR:
            so_far = _(CARD_POINTS_SO_FAR[letter]).format(points=words.number(points))
        else:  # North-West, North-East
            so_far = _("Card points so far of {seat}: {points}").format(
                seat=words.seat_in_sentence(letter), points=words.number(points))
        return self._tricks_won(letter, won), so_far

    def sort_group(self, card: str) -> int:
        """The suit, or :data:`~game.ui.order.TRUMP_GROUP` for a trump or the Excuse."""
        return min(C.suit_tarot(C.parse_tarot(card)), TRUMP_GROUP)

    def sort_strength(self, card: str, trump_group: int | None) -> int:
        """The natural order; the Excuse beyond trump 21."""
        face = C.parse_tarot(card)
        return 99 if face == C.EXCUSE else face

    def trump_group(self, trump: str | None) -> int | None:
        """Tarot's trumps are always the trump group."""
        return TRUMP_GROUP

    def tracker_card(self, name: str, copies: int) -> str:
        """A trump's number ("21"), a suit card's rank, the Excuse "Ex"."""
        if name.upper() == "EX":
            return "Ex"
        if name.upper().startswith("T") and name[1:].isdigit():
            return name[1:]
        return super().tracker_card(name, copies)

    def tracker_void(self, letter: str) -> str:
        """"trumps" for Tarot's trumps, else the suit's symbol."""
        return pgettext("card tracker", "trumps") if letter == "T" else super().tracker_void(letter)


SEATS_APART = ", "
"""Between two seats' entries of a score line, in the hand's result and the game score alike
(issue 36: they were written once with commas and once without)."""
PETIT_AU_BOUT = {"declarer": N_("petit au bout for the declarer"),
                 "defence": N_("petit au bout for the defence")}
"""The summary's bonus line on the petit au bout, by who earned it (message ids)."""

CARD_POINTS_SO_FAR = {"S": N_("Your card points so far: {points}"),
                      "W": N_("West's card points so far: {points}"),
                      "N": N_("North's card points so far: {points}"),
                      "E": N_("East's card points so far: {points}")}
"""The review's line on the declarer's card points, by the declarer's seat (message ids)."""


PRESENTATION = Tarot()

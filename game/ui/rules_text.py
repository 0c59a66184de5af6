"""The rules of each game written for a newcomer, and a name and a sentence for every option.

The texts follow the project's RULES.md (which the engine implements exactly); they say what a
player needs to know to sit down and play: the deck, the deal, trump, what you must play and
why, scoring, how the game is won, and what each option changes. Pure data and two small
functions — no pygame.

A page is a list of :class:`Section`; a paragraph that starts with ``"• "`` is a bullet (drawn
with a hanging indent).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import games


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs."""

    heading: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class OptionText:
    """How the screens name one game option and explain it."""

    label: str
    """A short name ("Signals", "Points to win")."""
    explain: str
    """One or two sentences: what the option changes."""
    unit: str = ""
    """Put after a numeric value ("points", "hands")."""


OPTION_TEXTS: dict[str, dict[str, OptionText]] = {
    "arbaa-turub": {
        "signals": OptionText(
            "Signals",
            "On: the player who leads a trick may signal strong or weak to partner with that "
            "card, for everyone to see. Off: nobody signals."),
    },
    "turup": {
        "target": OptionText(
            "Points to win",
            "The score a partnership needs to win the game: 5 for a short game, 10 as usual, "
            "15 for a long one.", "points"),
    },
    "tarabish": {
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
            "The score a side needs to win the game (500 is the usual game).", "points"),
    },
    "tarot": {
        "hands": OptionText(
            "Hands in a game",
            "How many hands are played out in a game (thrown-in hands do not count); the "
            "highest running total then wins.", "hands"),
    },
}


def option_text(game: str, name: str) -> OptionText:
    """The label and explanation of option ``name`` of ``game`` (made from the option's own
    help when this module has none, so a new option still shows up sensibly)."""
    known = OPTION_TEXTS.get(game, {}).get(name)
    if known is not None:
        return known
    help_text = games.get(game).options[name].help
    return OptionText(name.replace("_", " ").capitalize(),
                      help_text[:1].upper() + help_text[1:] + "." if help_text else "")


def value_label(game: str, name: str, value: Any) -> str:
    """How one allowed value of an option reads on a button: "On"/"Off", "10 points"."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    unit = option_text(game, name).unit
    return f"{value} {unit}" if unit else str(value)


_CONTROLS = Section("At this table", (
    "• Play a card by dragging it to the middle of the table, by double-clicking it, or by "
    "choosing it with the arrow keys and pressing Enter.",
    "• Calls, bids and other choices appear as buttons over the table, showing only what you "
    "may legally choose.",
    "• With \"Dim cards you may not play\" on (Settings), cards you may not play are dimmed; "
    "point at one to read why.",
    "• L shows the last trick; Escape opens the menu, where these rules are one click away.",
))

PAGES: dict[str, tuple[Section, ...]] = {
    "arbaa-turub": (
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
    ),
    "turup": (
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
    ),
    "tarabish": (
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
    ),
    "tarot": (
        Section("The game", (
            "French Tarot for four players, as the French federation plays it. There are no "
            "fixed partners: in each hand the highest bidder, the declarer, plays alone "
            "against the other three, the defence. Everything goes counter-clockwise, to the "
            "right.",
        )),
        Section("The deck", (
            "78 cards: four suits of 14 cards (1 to 10, then jack, knight, queen and king, the "
            "king highest), 21 trumps numbered 1 to 21 (21 highest), and the Excuse. Three "
            "cards are special, the oudlers: trump 1 (the Petit), trump 21, and the Excuse.",
            "Card points: oudlers and kings 4.5, queens 3.5, knights 2.5, jacks 1.5, every "
            "other card 0.5. The whole deck counts 91.",
        )),
        Section("The deal", (
            "The first dealer is drawn: the lowest card deals. Each player gets 18 cards in "
            "packets of three, counter-clockwise from the dealer's right; six cards go one at "
            "a time to the talon (the chien) between packets. The deal passes to the right "
            "after every hand.",
            "A player whose only trump is the Petit, without the Excuse (a \"petit sec\"), "
            "must say so: the hand is thrown in and dealt again by the next dealer.",
        )),
        Section("Bidding", (
            "From the dealer's right, each player once either passes or bids higher than "
            "every earlier bid. From low to high: take, keep, keep without the talon, keep "
            "against the talon. The highest bidder becomes the declarer; if everyone passes "
            "the hand is thrown in.",
            "• Take or keep: the talon is shown to everyone and joins the declarer's hand; "
            "the declarer then lays six cards away face down, which count for the declarer. "
            "No king and no oudler may be laid away, and a trump only when nothing else can "
            "go (such trumps are shown to everyone).",
            "• Keep without: the talon stays unseen and counts for the declarer.",
            "• Keep against: the talon stays unseen and counts for the defence.",
        )),
        Section("Announcements", (
            "• Handful: holding at least 10, 13 or 15 trumps, you may show exactly 10, 13 or 15 "
            "of them as you play your first card (a single, double or triple handful, worth "
            "20, 30 or 40). The "
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
            "the talon when keeping without it). The target depends on the oudlers they hold "
            "there: 56 points with no oudler, 51 with one, 41 with two, 36 with all three. "
            "Reaching exactly the target wins.",
        )),
        Section("Scoring a hand", (
            "The hand is worth 25 plus the difference between the declarer's points and the "
            "target (rounded up to a whole number), times the bid: take ×1, keep ×2, keep "
            "without ×4, keep against ×6.",
            "• Petit au bout: if the last trick holds the Petit, the side that wins that "
            "trick earns 10, added before the multiplication: it raises the hand's value when "
            "that side won the hand and lowers it when that side lost. (In a slam whose last "
            "trick is the Excuse, the Petit counts in the trick before it.)",
            "• Then, not multiplied: a handful 20, 30 or 40 to the hand's winners; a slam "
            "announced and made 400, made without announcing 200, announced and failed −200 "
            "for the declarer; a defence that takes every trick earns 200.",
            "If the declarer wins, each defender pays them this amount (the declarer gains "
            "three times it); if the declarer loses, they pay it to each defender. Every "
            "hand sums to zero.",
            "Example: keep, two oudlers, 56 points: target 41, difference 15, (25 + 15) × 2 = "
            "80 from each defender.",
        )),
        Section("Winning the game", (
            "A game is 4 hands played out (thrown-in hands do not count; see the option "
            "below). Each player's running total is the sum of their hand scores, and the "
            "highest total wins; equal totals share the win.",
        )),
    ),
}


def options_section(game: str) -> Section:
    """The page's last section: every option of ``game``, its default and what it does."""
    spec = games.get(game)
    paras: list[str] = []
    for name, opt in spec.options.items():
        t = option_text(game, name)
        choices = ", ".join(value_label(game, name, v) for v in opt.choices)
        paras.append(f"• {t.label} — {choices} (usually "
                     f"{value_label(game, name, opt.default)}). {t.explain}")
    paras.append("Change them in Settings → Game options; they apply from the next new game.")
    return Section("Options", tuple(paras))


def page(game: str) -> list[Section]:
    """The whole rules page of ``game``: the rules, its options, and how to play here."""
    return [*PAGES[game], options_section(game), _CONTROLS]

"""What a French Tarot hand is worth before the play: the bidding evaluation, the discard plan,
the handful and the slam rules of the AI players. Hands are 78-bit masks (see
:mod:`game.engine.ai.tarot_play`).

**Decisions** (where the brief leaves it open):

* The evaluation is a classic point count: each trump 2, trumps T16–T20 1 more, T21 10, the
  Excuse 8, the Petit 9 / 7 / 5 with 7 / 6 / 5 trumps or more (2 with fewer: it is likely
  caught), trump length 5 + 2 per trump beyond five; a king 6 (7 with its queen), a queen 3 when
  guarded by two more cards of its suit (1 when not), a knight 2, a jack 1; a long suit of five
  5, of six or more 5 + 2 per card; a void 6 and a singleton 3 when the hand holds four trumps
  or more to use them.
* A hand's *strength* is its evaluation plus :data:`OUDLER_WEIGHT` (13) per oudler: played
  out by the normal level (250 deals, each seat declaring in turn, 1,000 hands), a take's mean
  score grew by about 1.3 per evaluation point and 17 per oudler, crossing zero near strength
  63 whatever the number of oudlers.
* Normal bids take from strength 62, keep from 64, keep without the talon from 105 and keep
  against it from 120 — the last two only with two oudlers or more (:data:`BID_AT`). A take
  scores half a keep with the same cards (the play is the same), so once a take is expected
  to win points a keep earns twice as much; a take remains for the hands only just
  worth bidding.
* Hard bids take or keep by the best mean score predicted by lines fitted to the same hands
  and moved by what hard's card play earns more (:data:`EXPECTED`; passing counts 0); a keep
  doubles a take's expectation, so a hard player with a hand worth bidding usually keeps. It
  keeps without or against the talon at the strengths of :data:`BID_AT` (two oudlers or
  more), where those contracts' played-out mean overtakes a keep's.
* Measured (issue 17) with played-out hands (``benchmarks/tarot_bidding.py``; normal card play;
  each seat forced to each contract, the others passing; and the seat passing, the others
  bidding as normal; ``--deal-base 777000``): 1,196 deals (1,977 hands of strength 48 or more)
  for take and keep, and 12,000 more deals for the 407 hands of strength 95 or more with two
  oudlers. Against a keep on the same cards, keeping without the talon scored −136 ± 54 a hand
  at strength 95–99, −76 ± 59 at 100–104, +28 ± 58 at 105–109, +67 ± 74 at 110–114 and +150 ± 45
  at 115–119; keeping against it −459 ± 100 at 100–104 and +192 ± 166 at 115–119 (and above keep
  without from about 115). Bidding take or keep from lower strengths (bolder), the fitted
  margin's normal spread (a probit expectation), or weighing a pass by what the others then
  score did not earn more than :data:`PLAY_LINES` over four-fold cross-validation (each within ± 2
  a hand of strength 48 or more), so hard keeps it. Played at one seat against three normal
  players of the previous version (normal card play everywhere), the normal thresholds here
  scored +2.7 [+1.5, +3.9] a deal over the former ones (take 60, keep 75) on 1,000 duplicate
  deals (seed 2) and −0.1 [−2.0, +1.9] on 500 others (seed 1); hard's keeping the talon away
  +0.39 ± 0.28 a deal over hard's former bidding (seed 2).
* Three and five players (issue 29) were fitted the same way on their own played-out hands
  (``benchmarks/tarot_bidding.py --players 3 --deal-base 303000`` and ``--players 5
  --deal-base 505000``, 1,500 deals each, ``--bids take,keep,keep-without``; normal card play,
  the declarer's king at five called by the normal player): 2,586 hands of strength 64 or more
  at three, 3,428 of 36 or more at five. ``--fit`` fits hard's lines (the unit on evaluation
  and oudlers) and normal's thresholds where the strength lines cross (take's through 0,
  keep's over take's, keep without the talon's over keep's with two oudlers or more; keep
  against the talon was not played out and stays scaled), and cross-validates them four-fold
  by deal against the scaled rule (:func:`scaled_rule`); a fit is kept only when it scores
  more out of sample. At three: take and keep from 77 and keep without the talon from 108
  (scaled: 83, 85, 140) gained +6.44 [+4.15, +8.73] a hand of strength 64 or more; hard's
  lines, take (−123.6, 1.61, 21.3) and keep (−241.9, 3.13, 42.2), with the same keep-without
  threshold +6.49 [+4.21, +8.77]: both kept (:data:`BID_AT`, :data:`PLAY_LINES`). At five the
  fitted take/keep thresholds (43, 44) scored −0.10 [−2.02, +1.83] and hard's lines
  (take (−53.3, 1.41, 12.1), keep (−97.8, 2.55, 23.8)) −0.27 [−2.65, +2.11]; with keep without
  the talon from 71 +1.27 [−1.32, +3.85] and +1.09 [−1.85, +4.03], within noise, carried by the
  keep-without threshold alone, which was not cross-validated by itself: five keeps the scaled
  rule (hard bid as normal there until issue 38, below). Duplicate deals against the scaled
  rule: see ``benchmarks/RESULTS.md``, "Bidding at three and five (issue 29)".
* Hard's lines are the lines normal card play earns (:data:`PLAY_LINES`: issue 17's at four,
  issue 29's at three, and at five the same fit on its 3,428 hands played out by today's
  normal play) moved up by what hard's card play earns more on the same hands
  (:data:`HARD_PLAY_GAIN`, issue 38): each hand of strength 52 or more at four (69 at three,
  39 at five) played out as take and as keep once by hard (the search at 175, 161 and 181
  layouts a decision, the other seats normal) and once by normal, from the same cards
  (``benchmarks/tarot_bidding.py --level hard --others normal --rows``, then ``--level
  normal`` on the same deals and ``--fit HARD --paired NORMAL``). Hard's declarer earned more
  from each defender: at four +8.7 [+5.4, +12.0] as taker and +16.6 [+10.5, +22.8] as keeper
  (187 hands), at three +7.3 [+4.8, +9.7] and +16.5 [+11.3, +21.6] (191), at five +4.5 [+1.8,
  +7.2] and +8.5 [+3.4, +13.7] (271). Its lines moved by those amounts bid a few strength
  points lower: it makes more of its contracts, so it should bid more of them. Four-fold
  cross-validated by deal on hard's rows, against hard's bidding before: +7.0 [−9.0, +22.9] a
  hand at four, +7.0 [−2.4, +16.4] at three, +6.0 [−6.1, +18.1] at five (where hard bid by the
  scaled thresholds, as normal does) — each within its noise, all three the same way, so kept.
  **Decision**: the gain is measured against normal defenders (the ladder's table, and a
  quarter of the cost); hard defenders would take part of it back, so against them hard bids a
  little boldly. Keeping without or against the talon stays at :data:`BID_AT` (hands that
  strong are too rare among a few hundred to refit).
* A player bids the highest contract its hand is worth when that is higher than the bids so
  far, else passes.
* Easy bids take with two oudlers, or one and seven trumps, or nine trumps; keep with three
  oudlers or two and nine trumps; never keep without or against the talon.
* The discard empties the short suits without a king (as many as the six cards allow, the
  fewest cards first), then lays away unguarded queens and knights (their points count for the
  declarer there), then the cards of the shortest suits; the cards beside a king (its guards)
  go last, and trumps only when the engine requires them (the lowest first). Easy empties the
  shortest suits without a king, lowest cards first.
* Handful: the declarer shows its largest handful whenever it may; a defender only shows one
  it holds a trump more than needed for (the handful's bonus goes to the hand's winner, and
  showing tells the declarer where the trumps are), never with the Excuse standing in; easy
  defenders never show one.
* Slam: announced only when it is sure: the declarer holds every trump above each trump still
  out, at least as many of them as there are trumps out, and in every suit only cards that are
  masters once the cards above them are its own (for example K, Q, C in a row).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .. import cards as C
from ..message import Message, Word, counted
from ..native import mypyc_attr
from ..tarot import EXB, KINGS, OUDLERS, PETITB, PLAIN, QUEENS
from .tarot_play import ABOVE, PTS, SMASK, SUIT, TRUMPS, say
from .view import SUIT_NAMES

MONDEB = 1 << C.MONDE
HIGH_TRUMPS = sum(1 << (C.TRUMP_BASE + n - 1) for n in range(16, 21))
"""T16–T20."""
BIDS_UP = ("take", "keep", "keep-without", "keep-against")
TALON_AWAY = ("keep-without", "keep-against")
OUDLER_WEIGHT = 13
FOUR_AT = {"take": 62, "keep": 64, "keep-without": 105, "keep-against": 120}
"""The four-player table's thresholds (:data:`BID_AT` ``[4]``)."""
TABLE_SCALE = {3: 4 / 3, 4: 1.0, 5: 0.75}
"""Players → the factor by which the bidding thresholds (strength, and the easy level's trump
counts) scale from the four-player table's. **Decision**: the evaluation adds up what the hand
holds, so it grows with the cards dealt: three players hold 24 cards (4/3 of 18); five hold 15
(5/6 of 18), and the called partner's cards add to the declarer's side, so 3/4. The oudler
counts do not scale (there are three at every table). This scaled rule (issue 19) stays where
a fit on played-out hands did not beat it (see the module's decisions)."""
BID_AT: dict[int, dict[str, int]] = {
    3: {"take": 77, "keep": 77, "keep-without": 108, "keep-against": 160},
    4: FOUR_AT,
    5: {"take": 46, "keep": 48, "keep-without": 79, "keep-against": 90},
}
"""Players → the strength at which the normal player bids each contract (and the hard player
keeps without or against the talon)."""
Line = tuple[float, float, float]
"""``(a, b, c)``: the declarer's predicted unit (what each defender pays) ``a + b ×
evaluation + c × oudlers``."""
PLAY_LINES: dict[int, dict[str, Line]] = {
    3: {"take": (-123.6, 1.61, 21.3), "keep": (-241.9, 3.13, 42.2)},
    4: {"take": (-81.8, 1.29, 16.8), "keep": (-161.2, 2.51, 33.0)},
    5: {"take": (-53.1, 1.41, 12.2), "keep": (-97.5, 2.54, 23.9)},
}
"""Players → take or keep → the unit normal card play earns with a hand (least squares over
the played-out hands of the module's decisions)."""
HARD_PLAY_GAIN: dict[int, dict[str, float]] = {
    3: {"take": 7.3, "keep": 16.5},
    4: {"take": 8.7, "keep": 16.6},
    5: {"take": 4.5, "keep": 8.5},
}
"""Players → take or keep → how many units more hard's card play earns as declarer than
normal's on the same hands (issue 38; see the module's decisions)."""


def moved_lines(lines: Mapping[str, Line], by: Mapping[str, float]) -> dict[str, Line]:
    """``lines`` each moved up by ``by[bid]`` units (0 for a contract ``by`` leaves out), the
    slopes kept, the level rounded to a tenth."""
    return {bid: (round(a + by.get(bid, 0.0), 1), b, c) for bid, (a, b, c) in lines.items()}


EXPECTED: dict[int, dict[str, Line]] = {
    players: moved_lines(lines, HARD_PLAY_GAIN[players]) for players, lines in PLAY_LINES.items()}
"""Players → take or keep → hard's predicted unit: :data:`PLAY_LINES` moved up by
:data:`HARD_PLAY_GAIN`. A table without lines would have its hard player bid by
:data:`BID_AT`."""
FACE_VALUE = {5: 2, 3: 1}
"""Evaluation of a knight (5 half points) and a jack (3)."""
BID_NAMES = {"take": Word("Take"), "keep": Word("Guard"),
             "keep-without": Word("Guard without the dog"),
             "keep-against": Word("Guard against the dog")}
"""The contracts as the reasons name them (English Tarot's names; the record's verbs are the
keys)."""


def evaluate(hand: int) -> int:
    """The bidding evaluation of an 18-card ``hand`` (see the module's decisions)."""
    trumps = hand & TRUMPS
    n = trumps.bit_count()
    v = 2 * n + (trumps & HIGH_TRUMPS).bit_count()
    if hand & MONDEB:
        v += 10
    if hand & EXB:
        v += 8
    if hand & PETITB:
        v += 9 if n >= 7 else 7 if n == 6 else 5 if n == 5 else 2
    if n >= 5:
        v += 5 + 2 * (n - 5)
    for s in range(4):
        suit = hand & SMASK[s]
        length = suit.bit_count()
        king = suit & KINGS
        queen = suit & QUEENS
        if king:
            v += 7 if queen else 6
        if queen and not king:
            v += 3 if length >= 3 else 1
        v += sum(FACE_VALUE.get(PTS[c], 0) for c in C.bits(suit & ~(KINGS | QUEENS)))
        if length >= 5:
            v += 5 + 2 * (length - 5)
        if n >= 4:
            v += 6 if length == 0 else 3 if length == 1 else 0
    return v


def oudlers(hand: int) -> int:
    """How many oudlers (T1, T21, the Excuse) ``hand`` holds."""
    return (hand & OUDLERS).bit_count()


def strength(hand: int) -> int:
    """The evaluation plus :data:`OUDLER_WEIGHT` per oudler."""
    return evaluate(hand) + OUDLER_WEIGHT * oudlers(hand)


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class BidRule:
    """How the normal and hard players of one table bid: ``at``, the strength from which
    normal bids each contract (and hard keeps without or against the talon); ``expected``,
    hard's lines for take and keep (:data:`EXPECTED`), or ``None``: hard bids as normal."""

    at: Mapping[str, int]
    expected: Mapping[str, Line] | None


def table_rule(players: int) -> BidRule:
    """The bidding of a table of ``players`` (:data:`BID_AT`, :data:`EXPECTED`)."""
    return BidRule(BID_AT[players], EXPECTED.get(players))


def scaled_rule(players: int) -> BidRule:
    """Issue 19's bidding, which the fits were measured against: the four-player thresholds
    scaled by :data:`TABLE_SCALE` (rounded), and hard's lines (normal play's then) only at
    four."""
    scale = TABLE_SCALE[players]
    return BidRule({bid: round(x * scale) for bid, x in FOUR_AT.items()},
                   PLAY_LINES[4] if players == 4 else None)


def bid_so_far(history: Iterable[Mapping[str, object]]) -> str:
    """The highest contract bid in ``history`` (the hand's actions so far), ``"pass"`` for
    none."""
    bids = [a["bid"] for a in history if a.get("bid") in BIDS_UP]
    return max((str(b) for b in bids), key=BIDS_UP.index, default="pass")


def bid_worth(level: str, hand: int, above: str = "pass", players: int = 4,
              rule: BidRule | None = None) -> tuple[str, Message]:
    """The contract ``hand`` is worth at ``level`` among those higher than ``above`` (the
    highest bid so far), ``"pass"`` for none, and the words that say why; at a table of
    ``players`` by its :func:`table_rule` (``rule`` instead when given: a benchmark's
    comparison); easy's trump counts scale by :data:`TABLE_SCALE`."""
    rule = table_rule(players) if rule is None else rule

    def at(x: int) -> int:
        return x if players == 4 else round(x * TABLE_SCALE[players])
    o = oudlers(hand)
    n = (hand & TRUMPS).bit_count()
    held = Message("{oudlers} and {trumps}", oudlers=counted("{n} oudler", "{n} oudlers", n=o),
                   trumps=counted("{n} trump", "{n} trumps", n=n))
    higher = BIDS_UP[BIDS_UP.index(above) + 1:] if above in BIDS_UP else BIDS_UP
    if level == "easy":
        worth = ("keep" if o == 3 or (o == 2 and n >= at(9)) else
                 "take" if o >= 2 or (o == 1 and n >= at(7)) or n >= at(9) else "pass")
        if worth == "pass":
            return worth, Message("only {held}, too little to bid", held=held)
        return (worth if worth in higher else "pass"), Message("you hold {held}", held=held)
    v = strength(hand)
    if level == "hard" and rule.expected is not None:
        best, value = "pass", 0.0
        for bid in ("take", "keep"):
            a, b, c = rule.expected[bid]
            ev = a + b * evaluate(hand) + c * o
            if bid in higher and ev > value:
                best, value = bid, ev
        away = [bid for bid in TALON_AWAY if v >= rule.at[bid] and o >= 2]
        if away:
            best = away[-1] if away[-1] in higher else "pass"
            return best, Message("with {held}, a hand this strong (strength {strength}) scores "
                                 "more when the dog stays out of your hand", held=held,
                                 strength=v)
        if best == "pass":
            return best, Message("with {held} no contract is expected to win points", held=held)
        return best, Message("with {held} you can expect about {points} from each defender",
                             held=held, points=max(1, round(value)))
    best = "pass"
    for bid in BIDS_UP:
        if v >= rule.at[bid] and (bid not in TALON_AWAY or o >= 2):
            best = bid
    if best == "pass":
        return best, Message("a hand of strength {strength} ({held}) is too weak to bid",
                             strength=v, held=held)
    return (best if best in higher else "pass"), Message("a hand of strength {strength} ({held})",
                                                         strength=v, held=held)


# ------------------------------------------------------------------------------------------
# The discard


def discard_choice(level: str, hand: int, legal: int, left: int) -> tuple[int, Message]:
    """The next card to lay away (one of ``legal``) from the declarer's ``hand`` with ``left``
    discards still to make, and why."""
    plain = legal & PLAIN
    if not plain:
        c = C.lowest(legal)
        return c, Message("Discard {card}: you have no other card you may lay away, so a low "
                          "trump goes (it is shown to everybody).", card=say(c))
    lengths = [(hand & SMASK[s]).bit_count() for s in range(4)]
    king_suits = {s for s in range(4) if hand & SMASK[s] & KINGS}
    voidable = [s for s in range(4) if s not in king_suits and plain & SMASK[s]
                and (hand & SMASK[s]).bit_count() <= left]
    chosen = _void_plan(voidable, lengths, left)
    if chosen:
        s = chosen[0]
        mine = plain & SMASK[s]
        c = max(C.bits(mine), key=lambda c: (PTS[c], c)) if level != "easy" else \
            min(C.bits(mine))
        return c, Message("Discard {card}: emptying {suit} lets you trump them.", card=say(c),
                          suit=SUIT_NAMES[s])
    if level == "easy":
        c = min(C.bits(plain), key=lambda c: (SUIT[c] in king_suits, lengths[SUIT[c]], c))
        return c, Message("Discard {card}: a low card of a short suit.", card=say(c))

    def key(c: int) -> tuple[int, int, int, int]:
        s = SUIT[c]
        guarded = (hand & SMASK[s]).bit_count() >= 3
        points = PTS[c] if PTS[c] > 1 and not guarded and not hand & ABOVE[c] else 0
        return (int(s in king_suits), -points, lengths[s], c)
    c = min(C.bits(plain), key=key)
    s = SUIT[c]
    if s in king_suits:
        why = Message("Discard {card}: every other card you may lay away guards a king or is "
                      "needed more.", card=say(c))
    elif PTS[c] > 1 and key(c)[1] < 0:
        why = Message("Discard {card}: unguarded, it would likely be lost to the defence; in "
                      "the discard its points count for you.", card=say(c))
    else:
        why = Message("Discard {card}: {suit} is your shortest suit without a king; the cards "
                      "beside your kings stay to guard them.", card=say(c), suit=SUIT_NAMES[s])
    return c, why


def _void_plan(voidable: list[int], lengths: list[int], left: int) -> list[int]:
    """The suits to empty with ``left`` discards: the most suits, then the fewest cards, then
    the shortest first."""
    best: list[int] = []
    best_key = (0, 0)
    for pick in range(1, 1 << len(voidable)):
        suits = [s for i, s in enumerate(voidable) if pick >> i & 1]
        used = sum(lengths[s] for s in suits)
        if used <= left and (len(suits), -used) > best_key:
            best, best_key = suits, (len(suits), -used)
    return sorted(best, key=lambda s: (lengths[s], s))


# ------------------------------------------------------------------------------------------
# Handful and slam


def show_handful(level: str, declarer: bool, hand: int, shows: list[list[str]]) -> int | None:
    """Which of the handfuls ``shows`` (the legal ones, smallest first) to show, by index, or
    ``None`` to show none (see the module's decisions)."""
    if not shows:
        return None
    if declarer:
        return len(shows) - 1
    if level == "easy":
        return None
    n = (hand & TRUMPS).bit_count()
    for i in range(len(shows) - 1, -1, -1):
        if "EX" not in shows[i] and n > len(shows[i]):
            return i
    return None


def sure_slam(hand: int, out: int) -> bool:
    """True when the declarer's ``hand`` wins every trick whoever holds the cards ``out`` (the
    cards no longer in play — its discard — excluded): see the module's decisions."""
    trumps_out = out & TRUMPS
    mine = hand & TRUMPS
    if trumps_out:
        above = mine & ~((1 << (trumps_out.bit_length())) - 1)
        if above.bit_count() < trumps_out.bit_count():
            return False
    for s in range(4):
        suit = hand & SMASK[s]
        if suit and any(out & ABOVE[c] for c in C.bits(suit)):
            return False
    return True

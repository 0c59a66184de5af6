"""The card-play policy of the trick-taking games with fixed partners (Arba'a Turub, Turup,
Tarabish): one rule set for the ``easy`` and ``normal`` players and for every seat of the hard
search's playouts, parametrised by a per-game table (:class:`CardRules`).

**Ranked faces.** The policy works on *ranked faces*: ``suit * 9 + strength`` with strength 0
the weakest card of its suit, so within a suit a higher bit is a stronger card and "the
cheapest card that wins" is the lowest bit of a mask. The Somali games' natural order is
already their strength order (ranked face = natural face); Tarabish's depends on trump (trump
J 9 A 10 K Q 8 7 6, plain A 10 K Q J 9 8 7 6), so its table maps natural faces to ranked ones
per trump and back (:attr:`CardRules.to_ranked`, :attr:`CardRules.to_natural`). A hand is a
36-bit int of faces.

What :func:`choose` reads is what the seat knows in a real game: its own hand, the cards it
may play, the faces another seat may still hold, the open trick (suit led, winning card and
seat, cards played), the revealed voids, partner's signals and whether its side called trump.

What the table holds (everything else is shared):

* ``step``: the direction of play (1 clockwise, 3 counter-clockwise);
* ``must_trump``: Tarabish's must-trump / must-overtrump legality (:func:`legal_mask`);
  otherwise the plain rule (follow suit, else anything);
* ``points[trump][face]``: card points (all 0 in the Somali games, where tricks count) and
  ``last_trick``, the bonus for the last trick;
* ``keep[trump][face]``: what giving a card away costs, for choosing discards and low cards
  (the card's points in a points game, else its rank);
* ``draw_trumps``: a leader with the master trump leads it to draw the opponents' trumps (the
  attacking side first of all, anyone once no sure winner is left to cash);
* ``fear_ruffs``: a sure winner is not cashed while trumps are out and an opponent has shown
  it is out of the suit (or nobody else holds the suit).

**Decision** (measured, not from the rules): both switches are on in the Somali games and off
in Tarabish. In Tarabish's normal-vs-easy card play (both calling alike, 1000 duplicate deals,
seeds 101 and 102) leading master trumps cost the normal level 8–17 points a deal, and not
cashing into a possible ruff another 3–5; in the Somali games the same two rules win tricks.

**Leads into the ruff** (issue 38, item 5), whatever the table: a suit partner signalled strong
is not led into a ruff (:func:`ruff_risk`: an opponent known void in the suit and not in trumps
while trumps are out, and partner unable to ruff it too), and among the low leads such a suit
comes last, after a suit partner signalled weak (an opponent known void in the suit but also in
trumps no longer makes it risky). Measured with ``benchmarks/partner_blunders.py`` (1,000
hands, normal at North): the normal level's leads into the ruff per 1,000 hands went from 193
to 163 (Arba'a Turub), 21 to 20 (Turup), 188 to 190 (Tarabish, whose leads into the ruff are
mostly cashes, see below); normal against easy on 1,000 duplicate deals (seed 1), paired deal by
deal with the old rules: Arba'a Turub +0.03 tricks a deal [-0.05, +0.12], Turup -0.008 points
[-0.018, +0.002], Tarabish +0.2 points [-0.4, +0.8] — no change of strength either way.
**Decisions**, measured the same way: not cashing a sure winner into such a ruff in Tarabish too
(where ``fear_ruffs`` is off) cut its leads into the ruff further (to 134) at no measured cost
against easy (-0.5 points a deal [-3.1, +2.1]), but changed the hard level's playouts enough to
turn a clear-cut position (``tests/ai_positions/tarabish-take-3.json``, a lost hand where the ace
takes 21 points for sure) into a duck, so it is not done; leading the lowest trump when every
side suit is a lead into the ruff lost in all three games (-0.26 tricks a deal [-0.41, -0.11],
-9.5 points [-14.1, -4.8], -0.028 [-0.053, -0.003]), so that lead stays.

The table is built by :func:`trick_rules` (Somali) and :func:`points_rules` (Tarabish-like).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import RANKS36, SUITS, bits, highest, lowest, named_card, named_cards
from ..message import N_, Card, Cards, Message
from ..native import mypyc_attr
from ..tarabish import legal_mask as must_trump_mask
from ..tricks import ABOVE36, SUIT36, winning
from .view import SEAT_NAMES, SUIT_NAMES, SUIT_ONE, TrickView, reason

EASY: Final = 1
NORMAL: Final = 2
NO_TRUMP: Final = 4
"""``trump`` when no trump is known (``SUIT[4]`` is empty, so nothing is a trump)."""
SUIT: Final = (*SUIT36, 0)
"""The nine faces of each suit (index 4, "no trump", is empty)."""
ABOVE: Final = ABOVE36
"""``ABOVE[face]``: the faces of the same suit that beat ``face`` (ranked faces are in
strength order, so this is the natural-order table of :mod:`..tricks`)."""
RANK: Final = tuple(f % 9 for f in range(36))
OPPS: Final = tuple(((me + 1) & 3, (me + 3) & 3) for me in range(4))
LATER: Final = tuple(tuple(tuple(tuple(s for k in range(1, 4 - npos)
                                if ((s := (me + step * k) & 3) ^ me) & 1)
                          for npos in range(4)) for me in range(4)) for step in range(4))
"""``LATER[step][me][npos]``: the opponents still to play after ``me``, who plays card
``npos`` of the trick."""

# Reason codes returned by :func:`choose` (turned into sentences by :func:`explain`).
(ONLY, PARTNER_SAFE, PARTNER_WINS, SECURE, WIN, RUFF, SECOND_LOW, CANNOT_WIN, DISCARD, CASH,
 DRAW, SIGNALLED, PARTNER_RUFF, LONG, ACE, ONLY_TRUMPS, FORCE, SMEAR, OVERTRUMP,
 LOW_LEAD, PARTNER_LOW, SMEAR_UNDER, MUST_TRUMP, FORCED_CHEAP, FORCED, UNDERTRUMP,
 TRUMP_WINS) = range(27)
"""Which words a code chooses is decided where the card is chosen, from the same facts:
``PARTNER_WINS``/``SMEAR`` ("don't overtake") only when a legal card could overtake partner,
``PARTNER_LOW``/``SMEAR_UNDER`` when none can, ``FORCED_CHEAP``/``FORCED`` when every legal
card does, ``MUST_TRUMP`` when only trumps may be played to a side suit partner is winning;
``CANNOT_WIN``/``DISCARD``/``UNDERTRUMP`` only when no legal card beats the trick's winning
card (``UNDERTRUMP``: only trumps may be played), ``SECOND_LOW``/``FORCE`` when one does but
may be beaten; ``DRAW`` only while an opponent may hold a trump (else ``TRUMP_WINS``);
``LONG`` only for a suit of three cards or more that is the seat's longest side suit (else
``LOW_LEAD``)."""


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class CardRules:
    """The per-game table the shared policy reads (see the module docstring)."""

    step: int
    must_trump: bool
    points: tuple[tuple[int, ...], ...]
    keep: tuple[tuple[int, ...], ...]
    last_trick: int
    draw_trumps: bool
    fear_ruffs: bool
    to_ranked: tuple[tuple[int, ...], ...]
    to_natural: tuple[tuple[int, ...], ...]
    scores_points: bool
    """True when cards carry points (a partner's safe trick is then given points)."""

    def ranked(self, face: int, trump: int | None) -> int:
        """The ranked face of natural ``face``."""
        return self.to_ranked[NO_TRUMP if trump is None else trump][face]

    def natural(self, face: int, trump: int | None) -> int:
        """The natural face of ranked ``face``."""
        return self.to_natural[NO_TRUMP if trump is None else trump][face]

    def name(self, face: int, trump: int | None) -> str:
        """Ranked ``face`` in notation (``"QH"``)."""
        return card_name(self.natural(face, trump))


def card_name(face: int) -> str:
    """A natural face in notation (``"QH"``): for actions."""
    return RANKS36[face % 9] + SUITS[face // 9]


def say_face(face: int) -> Card:
    """A natural face as the table draws it (``"Q♥"``): for reasons."""
    return named_card(card_name(face))


def say_faces(faces: Sequence[int]) -> Cards:
    """Natural faces as the table draws them, with commas (``"K♥, 9♥"``): for reasons."""
    return named_cards(card_name(f) for f in faces)


IDENTITY: Final = tuple(range(36))


def trick_rules(step: int) -> CardRules:
    """The table of a game where only tricks count and cards rank in their natural order
    (the Somali games), played in direction ``step``."""
    zero = (0,) * 36
    return CardRules(step, False, (zero,) * 5, (RANK,) * 5, 0, True, True, (IDENTITY,) * 5,
                     (IDENTITY,) * 5, False)


def points_rules(step: int, trump_strength: Sequence[int], plain_strength: Sequence[int],
                 trump_points: Sequence[int], plain_points: Sequence[int],
                 last_trick: int) -> CardRules:
    """The table of a must-trump points game whose suits rank by ``trump_strength`` /
    ``plain_strength`` (by natural rank, 0 = weakest) and score ``trump_points`` /
    ``plain_points`` (by natural rank) plus ``last_trick``."""
    to_ranked = []
    to_natural = []
    points = []
    for trump in range(5):
        fwd = tuple(f // 9 * 9 + (trump_strength if f // 9 == trump else plain_strength)[f % 9]
                    for f in range(36))
        back = [0] * 36
        for f, r in enumerate(fwd):
            back[r] = f
        to_ranked.append(fwd)
        to_natural.append(tuple(back))
        points.append(tuple((trump_points if f // 9 == trump else plain_points)[back[f] % 9]
                            for f in range(36)))
    for p in points:
        for f in range(36):
            if f % 9 and p[f] < p[f - 1]:
                raise ValueError("card points must not fall as strength rises within a suit")
    return CardRules(step, True, tuple(points), tuple(points), last_trick, False, False,
                     tuple(to_ranked), tuple(to_natural), True)


def trick_state(trick: Sequence[tuple[int, int]], trump: int) -> tuple[int, int, int]:
    """``(led, best, winner)`` of a non-empty open trick of ``(seat, face)`` pairs (the
    winner by :func:`~..tricks.winning`)."""
    i = winning([f for _, f in trick], trump, ABOVE)
    return trick[0][1] // 9, trick[i][1], trick[i][0]


def legal_mask(hand: int, led: int, best: int, winner: int, me: int, trump: int,
               free: bool) -> int:
    """The cards ``me`` may play under must-trump / must-overtrump (Tarabish) when a trick is
    open: :func:`~..tarabish.legal_mask` on ranked faces, the partner exception applying when
    ``free`` and partner (``winner``) is winning. ``best`` is the winning card so far."""
    return must_trump_mask(hand, led, best, free and winner == me ^ 2, trump, ABOVE)


# ------------------------------------------------------------------------------------------
# The policy


def choose(g: CardRules, level: int, me: int, hand: int, legal: int, others: int, trump: int,
           led: int, best: int, winner: int, npos: int, voids: list[int], strong: int = 0,
           weak: int = 0, attack: bool = False) -> tuple[int, int]:
    """The face ``me`` plays (one of ``legal``) and a reason code, by the easy or normal rules.

    ``hand``: the seat's faces; ``others``: faces another seat may still hold; ``trump``: the
    trump suit (0..3, or :data:`NO_TRUMP`); ``npos``: cards already in the trick (0 = leading),
    and when following, ``led`` the suit led, ``best`` the winning face so far and ``winner``
    its seat; ``voids[s]``: suits seat ``s`` has shown it lacks; ``strong``/``weak``: suits
    partner signalled; ``attack``: ``me``'s side called trump.
    """
    if npos == 0:
        return _lead(g, level, me, hand, others, trump, voids, strong, weak, attack)
    if not legal & (legal - 1):
        return lowest(legal), ONLY
    partner = me ^ 2
    following = legal & SUIT[led]
    # the legal faces that would win the trick now (one suit: the cheapest is the lowest)
    bs = best // 9
    if following:
        winners = legal & ABOVE[best] if bs == led else 0
    else:
        tr = legal & SUIT[trump]
        winners = tr & ABOVE[best] if bs == trump else tr
    if level == EASY:
        if winner == partner:
            f = _low(g, level, legal, hand, others, trump, led)
            return f, _under_partner(f, PARTNER_WINS, legal, winners, led, trump)
        if winners:
            return lowest(winners), WIN if following else RUFF
        f = _low(g, level, legal, hand, others, trump, led)
        return f, _lost(f, following, trump)
    later = LATER[g.step][me][npos]
    if winner == partner and not beatable(best, led, trump, later, others, voids):
        if g.scores_points:
            f = _smear(g, legal, others, trump)
            return f, _under_partner(f, SMEAR if g.points[trump][f] else PARTNER_SAFE, legal,
                                     winners, led, trump)
        f = _low(g, level, legal, hand, others, trump, led)
        return f, _under_partner(f, PARTNER_SAFE, legal, winners, led, trump)
    safe = -1
    m = winners
    while m:
        f = lowest(m)
        if not beatable(f, led, trump, later, others, voids):
            safe = f
            break
        m &= m - 1
    if winner == partner:
        if safe >= 0:
            return safe, SECURE
        f = _low(g, level, legal, hand, others, trump, led)
        return f, _under_partner(f, PARTNER_WINS, legal, winners, led, trump)
    if safe >= 0:
        return safe, WIN if following else (OVERTRUMP if bs == trump else RUFF)
    if winners and npos == 2:
        return lowest(winners), FORCE
    if winners:
        return _low(g, level, legal, hand, others, trump, led), SECOND_LOW
    f = _low(g, level, legal, hand, others, trump, led)
    return f, _lost(f, following, trump)


def _under_partner(face: int, code: int, legal: int, winners: int, led: int,
                   trump: int) -> int:
    """The reason code of ``face``, played while partner is winning the trick, chosen by the
    rule ``code`` (:data:`PARTNER_SAFE`, :data:`SMEAR` or :data:`PARTNER_WINS`), from what the
    seat may play: :data:`MUST_TRUMP` when only trumps may be played to a side suit; when every
    legal card beats partner's (``winners``: the legal cards that do), :data:`FORCED_CHEAP`
    for the cheapest card or :data:`FORCED`; when none does, or ``face`` itself does (a smear
    that overtakes), the words without "don't overtake" (:data:`PARTNER_LOW`,
    :data:`SMEAR_UNDER`); else ``code``."""
    if face // 9 == trump != led and not legal & ~SUIT[trump]:
        return MUST_TRUMP
    if winners and not legal & ~winners:
        return FORCED if code == SMEAR else FORCED_CHEAP
    if not winners or winners >> face & 1:
        return {PARTNER_WINS: PARTNER_LOW, SMEAR: SMEAR_UNDER}.get(code, code)
    return code


def _lost(face: int, following: int, trump: int) -> int:
    """The reason code of ``face`` when no legal card can win the trick: following suit
    (:data:`CANNOT_WIN`), with only trumps to play (:data:`UNDERTRUMP`) or discarding
    (:data:`DISCARD`)."""
    if following:
        return CANNOT_WIN
    return UNDERTRUMP if face // 9 == trump else DISCARD


def beatable(face: int, led: int, trump: int, later: Sequence[int], others: int,
              voids: list[int]) -> bool:
    """Whether an opponent still to play might beat ``face`` (as far as the seat knows)."""
    if not later:
        return False
    fs = face // 9
    higher = others & ABOVE[face]
    led_out = others & SUIT[led]
    trumps_out = others & SUIT[trump]
    for o in later:
        void_led = (voids[o] >> led) & 1 or not led_out
        no_trump = (voids[o] >> trump) & 1 or not trumps_out
        if fs == led and led != trump:
            if higher and not void_led:
                return True
            if void_led and not no_trump:
                return True
        elif higher and (led == trump or void_led) and not no_trump:
            return True
    return False


def proven(face: int, trump: int, later: Sequence[int], others: int,
           voids: list[int]) -> bool:
    """Whether the seat can *prove* that no opponent in ``later`` (still to play) beats
    ``face``, the best card of the trick: none of them may hold a higher card of its suit
    (unless shown void in it), nor — for a card that is not a trump — a trump (unless shown
    void in trumps). Stricter than :func:`beatable`, which reads an opponent who has not
    shown a void in the suit led as following suit: a reason says "nobody left can beat it"
    only when this holds."""
    fs = face // 9
    for o in later:
        if others & ABOVE[face] and not (voids[o] >> fs) & 1:
            return False
        if fs != trump and others & SUIT[trump] and not (voids[o] >> trump) & 1:
            return False
    return True


def ruff_risk(me: int, suit: int, trump: int, others: int, voids: list[int]) -> bool:
    """Whether a lead of ``suit`` by ``me`` is a lead into the opponents' ruff, as far as
    ``me`` knows: a plain suit that an opponent may ruff — known void in it (shown by play, or
    no card of it is out), not known void in trumps, while trumps are out — and that partner
    may not ruff as well (a cross-ruff). The rule of the ``ruff_lead`` blunder
    (:mod:`.blunders`) too."""
    if suit == trump or not others & SUIT[trump]:
        return False
    none_out = not others & SUIT[suit]
    o1, o2 = OPPS[me]
    return ((_may_ruff(o1, suit, trump, none_out, voids)
             or _may_ruff(o2, suit, trump, none_out, voids))
            and not _may_ruff(me ^ 2, suit, trump, none_out, voids))


def _may_ruff(seat: int, suit: int, trump: int, none_out: bool, voids: list[int]) -> bool:
    """Whether ``seat`` may ruff a lead of ``suit`` while trumps are out: known void in it
    (``none_out``: no card of it is out) and not known void in trumps."""
    return bool(voids[seat] >> suit & 1 or none_out) and not voids[seat] >> trump & 1


def _low(g: CardRules, level: int, legal: int, hand: int, others: int, trump: int,
         led: int) -> int:
    """The card to give away: the cheapest of the suit followed (or of the trumps, when
    only trumps may be played); else the least useful discard — easy: the cheapest card,
    normal: keeps trumps and sure winners, then the cheapest, then empties short suits.
    (Within a suit the lowest card is always the cheapest: points never fall as strength
    rises.)"""
    side = legal & ~SUIT[trump]
    if legal & SUIT[led] or not side:
        return lowest(legal)
    keep = g.keep[trump]
    best_key: tuple[int, int, int, int] | None = None
    pick = -1
    for s in range(4):
        cards = side & SUIT[s]
        if not cards:
            continue
        f = lowest(cards)
        if level == EASY:
            key = (keep[f], f % 9, 0, 0)
        else:
            key = (0 if others & ABOVE[f] else 1, keep[f], cards.bit_count(), f % 9)
        if best_key is None or key < best_key:
            best_key, pick = key, f
    return pick


def _smear(g: CardRules, legal: int, others: int, trump: int) -> int:
    """Partner's trick is safe: give it the most points without giving up a sure winner or a
    trump (the cheapest card when every side card is a sure winner or only trumps may be
    played)."""
    pts = g.points[trump]
    best_key: tuple[int, int, int] | None = None
    pick = -1
    for f in bits(legal & ~SUIT[trump]):
        if others & ABOVE[f]:
            key = (pts[f], -(f % 9), -f)
            if best_key is None or key > best_key:
                best_key, pick = key, f
    if pick >= 0:
        return pick
    return min(bits(legal), key=lambda f: (f // 9 == trump, pts[f], f % 9, f))


def _lead(g: CardRules, level: int, me: int, hand: int, others: int, trump: int,
          voids: list[int], strong: int, weak: int, attack: bool) -> tuple[int, int]:
    """The lead and its reason code."""
    side = [s for s in range(4) if s != trump and hand & SUIT[s]]
    tr = hand & SUIT[trump]
    trumps_out = others & SUIT[trump]
    opps = OPPS[me]
    # the master trump led draws trumps while an opponent may hold one; else it just wins
    draw = DRAW if trumps_out and not all((voids[o] >> trump) & 1 for o in opps) else TRUMP_WINS
    if not side:
        t = highest(tr)
        if level != EASY and not others & ABOVE[t]:
            return t, draw
        return lowest(tr), ONLY_TRUMPS
    if level == EASY:
        for s in side:
            if hand >> (s * 9 + 8) & 1:
                return s * 9 + 8, ACE
        s = max(side, key=lambda s: ((hand & SUIT[s]).bit_count(), -s))
        return lowest(hand & SUIT[s]), _long(hand, side, s)
    pts = g.points[trump]
    partner = me ^ 2
    if g.draw_trumps and attack and tr and trumps_out:
        t = highest(tr)
        if not others & ABOVE[t] and draw == DRAW:
            return t, DRAW
    cash = -1
    cash_key = -1
    for s in side:
        t = highest(hand & SUIT[s])
        if others & ABOVE[t]:
            continue
        out = others & SUIT[s]
        if g.fear_ruffs and trumps_out and (not out or any(
                (voids[o] >> s) & 1 and not (voids[o] >> trump) & 1 for o in opps)):
            continue
        key = out.bit_count() * 2 + ((strong >> s) & 1) + pts[t]
        if key > cash_key:
            cash, cash_key = t, key
    if cash >= 0:
        return cash, CASH
    if g.draw_trumps and trumps_out and tr:
        t = highest(tr)
        if not trumps_out & ABOVE[t]:
            return t, draw
    for s in side:
        if (strong >> s) & 1 and not (weak >> s) & 1 and not ruff_risk(me, s, trump, others,
                                                                        voids):
            return lowest(hand & SUIT[s]), SIGNALLED
    if trumps_out and not (voids[partner] >> trump) & 1:
        for s in side:
            if ((voids[partner] >> s) & 1 and others & SUIT[s]
                    and not any((voids[o] >> s) & 1 for o in opps)):
                return lowest(hand & SUIT[s]), PARTNER_RUFF

    def lead_key(s: int) -> tuple[int, int, int, int, int]:
        cards = hand & SUIT[s]
        f = lowest(cards)
        # a card with points whose only better card is still out gives those points away
        bare = 1 if pts[f] and f % 9 == 7 and others >> (f + 1) & 1 else 0
        return (1 if ruff_risk(me, s, trump, others, voids) else 0, (weak >> s) & 1,
                pts[f] + bare, -cards.bit_count(), s)
    s = min(side, key=lead_key)
    return lowest(hand & SUIT[s]), LOW_LEAD if g.scores_points else _long(hand, side, s)


LONG_SUIT: Final = 3
"""The fewest cards of a suit the reasons call a long suit (:data:`LONG`)."""


def _long(hand: int, side: list[int], s: int) -> int:
    """:data:`LONG` when ``s`` is the seat's longest side suit (ties too) with at least
    :data:`LONG_SUIT` cards, else :data:`LOW_LEAD` (the lead is low either way)."""
    n = (hand & SUIT[s]).bit_count()
    if n >= LONG_SUIT and all((hand & SUIT[o]).bit_count() <= n for o in side):
        return LONG
    return LOW_LEAD


_REASONS: dict[int, str | tuple[str, str]] = {
    ONLY: N_("{card} is the only card you may play."),
    PARTNER_SAFE: (N_("{partner} is already winning this trick and nobody left can beat it, so "
                      "play low: {card}."),
                   N_("{partner} is winning this trick and is unlikely to be beaten, so play "
                      "low: {card}.")),
    SMEAR: (N_("{partner} is winning this trick and nobody left can beat it: don't overtake, "
               "give it points with {card}."),
            N_("{partner} is likely to win this trick: don't overtake, give it points with "
               "{card}.")),
    SMEAR_UNDER: (N_("{partner} is winning this trick and nobody left can beat it: give it "
                     "points with {card}."),
                  N_("{partner} is likely to win this trick: give it points with {card}.")),
    PARTNER_WINS: N_("{partner} is winning the trick: don't overtake, play low ({card})."),
    PARTNER_LOW: N_("{partner} is winning the trick: play low ({card})."),
    MUST_TRUMP: N_("You must trump even though {partner} is winning: {card} costs the least."),
    FORCED_CHEAP: N_("Every card you may play beats {partner}'s: {card} costs the least."),
    FORCED: N_("Every card you may play beats {partner}'s: play {card}."),
    UNDERTRUMP: N_("You cannot win this trick and may only play trumps: {card} costs the "
                   "least."),
    TRUMP_WINS: N_("Lead {card}: it is the highest {trump_one} still out, so it wins the "
                   "trick."),
    SECURE: (N_("Take over with {card}: nobody left can beat it, while {partner}'s card might "
                "be beaten."),
             N_("Take over with {card}: it is less likely to be beaten than {partner}'s "
                "card.")),
    WIN: (N_("Win cheaply with {card}: the lowest card that takes this trick."),
          N_("Win cheaply with {card}: the lowest card likely to take this trick.")),
    RUFF: N_("Ruff with {card}: you are out of {led} and {partner} is not winning."),
    OVERTRUMP: (N_("Overtrump with {card}: it beats the trump in the trick and nobody left can "
                   "beat it."),
                N_("Overtrump with {card}: it beats the trump in the trick and is likely to "
                   "win.")),
    SECOND_LOW: N_("Play low ({card}): an opponent still to play could beat any card you might "
                   "win with."),
    DISCARD: N_("You cannot win this trick: throw {card}, your least useful card."),
    CASH: N_("Cash {card}: it is the highest {suit_one} still out."),
    DRAW: N_("Draw trumps with {card}, the highest {trump_one} still out, so the opponents "
             "cannot ruff your winners."),
    SIGNALLED: N_("Lead {suit}: {partner} signalled strength in that suit."),
    PARTNER_RUFF: N_("Lead {suit}: {partner} is out of {suit} and may ruff it."),
    LONG: N_("Lead low from your long {suit_one} suit ({card}) to set up its high cards."),
    LOW_LEAD: N_("Lead {card}: it gives little away while your high cards wait."),
    ACE: N_("Lead {card}: an ace is the highest card of its suit."),
    ONLY_TRUMPS: N_("You hold only {trumps}: lead your weakest one, {card}."),
    FORCE: N_("Play {card}: it wins for now and makes the last opponent spend a high card."),
}
"""Reason code → the sentence saying it (a pair: when the card or partner's card is proven
to win, else when it is only likely to)."""


def explain(g: CardRules, code: int, face: int, view: TrickView) -> Message:
    """One sentence a learner understands for the play of ranked ``face`` chosen with
    ``code`` (``view`` in ranked faces), as a message (built once per decision)."""
    card = named_card(g.name(face, view.trump))
    led = view.trick[0][1] // 9 if view.trick else face // 9
    partner = SEAT_NAMES[view.partner]
    tr = NO_TRUMP if view.trump is None else view.trump
    trump_suit = 4 if view.trump is None else view.trump
    if code == CANNOT_WIN:
        if g.scores_points:
            return Message("You cannot win this trick, so give away as few points as you can: "
                           "{card}.", card=card)
        return Message("You cannot win this trick, so play your lowest {suit_one}, {card}.",
                       suit_one=SUIT_ONE[led], card=card)
    template = _REASONS[code]
    if isinstance(template, tuple):
        later = LATER[g.step][view.seat][len(view.trick)]
        if code in (PARTNER_SAFE, SMEAR, SMEAR_UNDER):
            sure = bool(view.trick) and proven(
                trick_state(view.trick, tr)[1], tr, later, view.others, view.voids)
        else:
            sure = proven(face, tr, later, view.others, view.voids)
        template = template[0 if sure else 1]
    return reason(template, card=card, partner=partner, led=SUIT_NAMES[led],
                  suit=SUIT_NAMES[face // 9], suit_one=SUIT_ONE[face // 9],
                  trump_one=SUIT_ONE[trump_suit], trumps=SUIT_NAMES[trump_suit])

"""Inference for the hard search: how likely a sampled layout of the unseen cards is, given
what every other seat has done in public — its bids and passes, its call or pass of trump,
the trump it named, its signals — and a sampler that weighs layouts by it instead of only
excluding the impossible ones.

A *likelihood* maps one sampled layout (a :data:`~.search.World`, in the faces the game's
sampler deals) to a positive number, the probability (up to a constant) that the other seats
would have acted as they did had they held those cards. It is built once per decision from
the deciding seat's :class:`~game.engine.knowledge.Knowledge` alone (public actions and the
cards played), so it never depends on a hidden card: two seats' knowledge that differ only in
cards the seat cannot see give the same likelihood and the same samples.

:func:`weighted` turns a plain sampler into a weighted one by *sampling-importance-
resampling*: it draws :data:`DRAWS` layouts with the plain sampler and returns one of them
chosen with probability proportional to its likelihood. A layout the plain sampler can give
is the only kind it gives (never an impossible one); with many draws the layouts it returns
follow the plain sampler's distribution times the likelihood, i.e. the posterior. Nothing
in :mod:`.search` changes: the search still averages its samples with equal weights.

**Decisions** (where the issue is silent):

* Resampling rather than rejection: rejection against the largest likelihood can loop for
  long when every layout is unlikely (a seat that played against its bid); resampling costs a
  fixed :data:`DRAWS` deals per sample, which are cheap beside the playouts of the search.
* Every factor is at least :data:`FLOOR`: the models describe this program's own bidding and
  signalling, and an opponent (a person, another program) may bid otherwise, so no public
  action ever rules a layout out.
* The models are fitted offline to this program's own normal and hard players on dealt hands
  (:mod:`.inference_fit`'s ``fit_tarot``, ``fit_tarabish``, ``fit_somali`` give the tables
  again; the numbers in the module are their output, rounded). They describe the bidding of
  the version they were fitted to; a retuned bidding makes them a little stale, not wrong in
  direction.
* Measured with ``arena --a hard --b hard --inference a`` (A's searches weigh, B's do not;
  500 duplicate deals per game, seed 1, one job, a shared two-core machine under load 4–5):
  French Tarot at 20 ms a decision -1.20 points a deal [-3.63, +1.23]; Tarabish at 20 ms
  +2.11 [-5.87, +10.08] (an earlier, slower version of the likelihoods: -6.39 [-14.13,
  +1.35]); Turup at 20 ms -0.064 [-0.154, +0.026]; Arba'a Turub at 10 ms -0.312 [-0.729,
  +0.105]. The models do point the right way (the real layout is likelier than the median
  sampled one in about three Tarabish positions of four) but no game gained clearly, so
  :data:`ENABLED` keeps the weighing off everywhere; at these budgets the search keeps the
  normal card most of the time, and the extra deals of the resampling cost it samples.
  ``make_player(..., inference=True)`` and the arena option keep it measurable at other
  budgets.
* What the card play shows (a seat that did not cover, discarded rather than trumped) is
  left to the voids and the trump ceilings the samplers already apply; this module weighs
  only the auction, the trump naming and the signals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import cards as C
from ..cards import SUITS, seat_index
from ..knowledge import Knowledge
from ..native import mypyc_attr
from . import search

Likelihood = Callable[[search.World], float]
"""How likely a sampled layout makes what the other seats did (positive, up to a constant)."""

DRAWS = 4
"""Layouts drawn per weighted sample (one of them is kept)."""
FLOOR = 0.02
"""The least any single public action's likelihood factor may be."""


ENABLED = {"tarot": False, "tarabish": False, "turup": False, "arbaa-turub": False}
"""Game → whether the hard search weighs its layouts by default: on only where weighing
gained clearly on duplicate deals (see the module's decisions: in no game yet)."""


def enabled(game: str, wanted: bool | None) -> bool:
    """Whether a hard search of ``game`` weighs its layouts: ``wanted`` when the player was
    made with a choice (:func:`~.player.make_player`'s ``inference``), else the game's
    default (:data:`ENABLED`)."""
    return ENABLED.get(game, False) if wanted is None else wanted


def weighted(sample: Callable[[random.Random], search.World], likelihood: Likelihood,
             draws: int = DRAWS) -> Callable[[random.Random], search.World]:
    """A sampler that draws ``draws`` layouts from ``sample`` and keeps one with probability
    proportional to ``likelihood``. It gives only layouts ``sample`` gives, and its choices
    depend only on ``rng`` (and the layouts drawn from it)."""
    def draw(rng: random.Random) -> search.World:
        worlds = [sample(rng) for _ in range(draws)]
        weights = [likelihood(w) for w in worlds]
        r = rng.random() * sum(weights)
        for world, w in zip(worlds, weights, strict=True):
            r -= w
            if r < 0:
                return world
        return worlds[-1]
    return draw


def clamp(p: float) -> float:
    """A probability kept within ``[FLOOR, 1]``."""
    return min(1.0, max(FLOOR, p))


def played_by(k: Knowledge, parse: Callable[[str], int]) -> list[list[int]]:
    """Per seat, the cards (as ``parse`` reads them) it has played, in order."""
    out: list[list[int]] = [[], [], [], []]
    for a in k.history:
        if "play" in a and a.get("play") is not None:
            out[seat_index(a["seat"])].append(parse(a["play"]))
    return out


# -- French Tarot: the auction --------------------------------------------------------------

TAROT_BIDS = ("take", "keep", "keep-without", "keep-against")
TAROT_AT = {"take": 62.0, "keep": 64.5, "keep-without": 105.0, "keep-against": 120.0}
"""The hand strength (:func:`~.tarot_hand.strength` of the 18 cards dealt) around which a
seat starts to bid at least each contract (see :data:`TAROT_SHARE`).

Fitted with :func:`.inference_fit.fit_tarot` (20,000 deals, every hand bid alone by the normal
and the hard player, counted together) to the bidding of issue 17 (normal keeps from strength
64, both keep without / against the talon from 105 / 120 with two oudlers): in strength 60–64,
36% bid take or more and 9% keep; from 65 all keep; from 105 all keep without the talon, from
120 against it. **Measured** (the module's decisions) with the tables fitted to the bidding
before (take 61, keep 70, keep without / against 105 / 120 bid by half of the strong hands,
normal's only).
"""
TAROT_SHARE = {"take": 1.0, "keep": 1.0, "keep-without": 1.0, "keep-against": 1.0}
"""The share of strong hands that bid at least each contract (below 1 when one of the fitted
players never bids it)."""
TAROT_WIDTH = 5.0
"""The logistic's scale in strength points. **Decision**: both fitted players bid by a sharp
threshold; 5 points (about one face card, or a third of an oudler) makes the model tolerant of
opponents that bid otherwise."""


def tarot_at_least(strength: float, bid: str) -> float:
    """How likely a hand of ``strength`` is to bid at least ``bid``."""
    return TAROT_SHARE[bid] / (1.0 + math.exp(-(strength - TAROT_AT[bid]) / TAROT_WIDTH))


def tarot_bid_factor(strength: float, bid: str, top: str) -> float:
    """How likely a seat with ``strength`` bid ``bid`` (``"pass"`` included) when the highest
    bid before it was ``top`` (``"pass"``: none): a pass says the hand is worth no more than
    ``top``; a bid says it is worth that contract and not the next."""
    if bid == "pass":
        above = TAROT_BIDS.index(top) + 1 if top in TAROT_BIDS else 0
        if above >= len(TAROT_BIDS):
            return 1.0
        return clamp(1.0 - tarot_at_least(strength, TAROT_BIDS[above]))
    i = TAROT_BIDS.index(bid)
    nxt = tarot_at_least(strength, TAROT_BIDS[i + 1]) if i + 1 < len(TAROT_BIDS) else 0.0
    return clamp(tarot_at_least(strength, bid) - nxt)


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class TarotEvidence:
    """What the auction showed, as plain data (it travels with the seat's view).

    ``bids[s]``: seat ``s``'s bids as ``(bid, highest bid before it)``; ``known[s]``: the
    cards of its dealt hand the searching seat already places (cards it played, and for a
    declarer who took the talon, the shown trumps of its discard); ``talon``: the talon's
    cards, taken out of a declarer's hand to find what it was dealt (0 when the talon stayed
    apart); ``pile_seat``: the seat whose dealt hand includes the sampled discard (-1: none).
    """

    me: int
    bids: tuple[tuple[tuple[str, str], ...], ...]
    known: tuple[int, ...]
    talon: int
    pile_seat: int
    seats: tuple[int, ...] = field(default=())
    """The seats with a bid to explain (not the searching seat)."""


def tarot_evidence(k: Knowledge) -> TarotEvidence:
    """The auction as the seat ``k`` saw it (public actions and played cards only)."""
    bids: list[list[tuple[str, str]]] = [[], [], [], []]
    top = "pass"
    for a in k.history:
        if "bid" in a:
            bids[seat_index(a["seat"])].append((a["bid"], top))
            if a["bid"] in TAROT_BIDS and (top not in TAROT_BIDS
                                           or TAROT_BIDS.index(a["bid"]) > TAROT_BIDS.index(top)):
                top = a["bid"]
    known = [C.mask_of(cs) for cs in played_by(k, C.parse_tarot)]
    decl = seat_index(k.public["declarer"])
    talon = 0
    pile_seat = -1
    if k.public.get("contract") in ("take", "keep") and k.seat != decl:
        talon = C.mask_of(C.parse_tarot(c) for c in k.public.get("talon") or ())
        known[decl] |= C.mask_of(C.parse_tarot(c) for c in k.public.get("discard_trumps") or ())
        pile_seat = decl
    seats = tuple(s for s in range(4) if s != k.seat and bids[s])
    return TarotEvidence(k.seat, tuple(tuple(b) for b in bids), tuple(known), talon, pile_seat,
                         seats)


def tarot_likelihood(ev: TarotEvidence, pile: int = 4) -> Likelihood | None:
    """The likelihood of a sampled Tarot layout (cards as ints; ``world[pile]`` the unseen
    discard or talon) under the auction ``ev``; ``None`` when no other seat bid."""
    from .tarot_hand import strength

    if not ev.seats:
        return None

    def likelihood(world: search.World) -> float:
        p = 1.0
        for s in ev.seats:
            dealt = ev.known[s] | C.mask_of(world[s])
            if s == ev.pile_seat:
                dealt = (dealt | C.mask_of(world[pile])) & ~ev.talon
            st = strength(dealt)
            for bid, top in ev.bids[s]:
                p *= tarot_bid_factor(st, bid, top)
        return p
    return likelihood


# -- Tarabish: the call -----------------------------------------------------------------------

def tarabish_key(faces: Sequence[int], suit: int) -> int:
    """The cell of a nine-card hand (natural faces) for ``suit`` as trump: jack held (12),
    nine held (6), cards of the suit up to five."""
    ranks = {f % 9 for f in faces if f // 9 == suit}
    return (5 in ranks) * 12 + (3 in ranks) * 6 + min(5, len(ranks))


TARABISH_GOOD = (
    (0, 0, 0, 0, .007, .048, 0, 0, .002, .018, .077, .193,
     0, .009, .073, .195, .352, .523, 0, 0, .342, .424, .513, .634),
    (0, 0, .002, .023, .093, .25, 0, .003, .042, .158, .331, .542,
     0, .149, .375, .521, .616, .713, 0, 0, .47, .593, .706, .822),
    (0, 0, 0, 0, .001, .015, 0, 0, 0, .002, .018, .074,
     0, 0, .01, .057, .163, .333, 0, 0, .167, .299, .403, .509),
    (0, 0, .051, .18, .363, .607, 0, .122, .238, .382, .556, .728,
     0, .305, .44, .564, .684, .821, 0, 0, .546, .681, .782, .89),
)
"""By the passes before the seat (0–2; 3: the forced dealer) and :func:`tarabish_key` of the
nine cards it was dealt: how likely the suit is one the seat calls (seats 0–2: its six
visible cards value it above the seat's calling bar; the forced dealer: it is the seat's best
suit). Fitted with :func:`.inference_fit.fit_tarabish` (20,000 deals, the normal/hard evaluation of
:class:`~.tarabish.TarabishAI`); a zero is a cell the fit never saw or never called."""


def tarabish_call_factor(faces: Sequence[int], call: str, passes: int) -> float:
    """How likely a seat dealt ``faces`` (nine natural faces) made ``call`` (a suit letter or
    ``"pass"``) after ``passes`` passes: a call says the suit is good; a pass, that no suit
    was (each suit's chance taken as independent)."""
    row = TARABISH_GOOD[min(passes, 3)]
    if call == "pass":
        p = 1.0
        for s in range(4):
            p *= 1.0 - row[tarabish_key(faces, s)]
        return clamp(p)
    return clamp(row[tarabish_key(faces, SUITS.index(call))])


def tarabish_likelihood(k: Knowledge, to_natural: Sequence[int]) -> Likelihood | None:
    """The likelihood of a sampled Tarabish layout (faces ranked for trump; ``to_natural``
    maps them back) under the calls and passes seen by ``k``; ``None`` when nothing to
    weigh."""
    calls: list[list[tuple[str, int]]] = [[], [], [], []]
    passes = 0
    for a in k.history:
        if "call" in a:
            calls[seat_index(a["seat"])].append((a["call"], passes))
            passes += a["call"] == "pass"
    played = played_by(k, C.parse36)
    seats = [s for s in range(4) if s != k.seat and calls[s]]
    if not seats:
        return None
    # per sampled face: its natural suit, and what it adds to its suit's cell (the jack 12,
    # the nine 6) — the cell of :func:`tarabish_key`, counted without building sets
    suit_of = [to_natural[f] // 9 for f in range(36)]
    honour = [{5: 12, 3: 6}.get(to_natural[f] % 9, 0) for f in range(36)]
    base = []
    for s in seats:
        n, h = [0] * 4, [0] * 4
        for f in played[s]:
            n[f // 9] += 1
            h[f // 9] += {5: 12, 3: 6}.get(f % 9, 0)
        base.append((s, n, h, [(TARABISH_GOOD[min(b, 3)], -1 if c == "pass" else SUITS.index(c))
                               for c, b in calls[s]]))

    def likelihood(world: search.World) -> float:
        p = 1.0
        for s, n0, h0, acts in base:
            n, h = list(n0), list(h0)
            for f in world[s]:
                su = suit_of[f]
                n[su] += 1
                h[su] += honour[f]
            for row, su in acts:
                if su < 0:
                    q = 1.0
                    for x in range(4):
                        q *= 1.0 - row[h[x] + min(5, n[x])]
                    p *= clamp(q)
                else:
                    p *= clamp(row[h[su] + min(5, n[su])])
        return p
    return likelihood


# -- the Somali games: the trump named and Arba'a Turub's signals ------------------------------

TURUP_NAMED = (0.0, .081, .203, .346, .51, .663, .792, .88, .88, .88)
"""By how many cards of a suit the trump namer's nine cards hold: how likely that suit is the
one it named from its first three (fitted with :func:`.inference_fit.fit_somali` on 40,000
hands, the normal evaluation of :func:`~.somali.trump_by_evaluation`)."""
ARBAA_NAMED = (0.0, 0.0, .017, .077, .098, .131, .146, .182, .214, .246, .281, .317, .361, .397,
               .407, .443, .5)
"""The same for Arba'a Turub's 36 cards (20,000 hands; 16 cards and more pooled)."""
SIGNAL_MISS = 0.05
"""The likelihood of a strong (weak) signal from a hand that does not meet the signal's rule
(:data:`~.arbaa_turub.STRONG_LENGTH` cards of the suit with its top card; at most
:data:`~.arbaa_turub.WEAK_LENGTH` without it)."""
SILENT_MISS = 0.35
"""The likelihood of no signal before a plain lead from a hand that meets one of the rules.
**Decision**: milder than :data:`SIGNAL_MISS`, as an easy player or a person may never
signal."""


def somali_named_factor(held: int, table: Sequence[float]) -> float:
    """How likely the namer named the suit of which it was dealt ``held`` cards."""
    return clamp(table[min(held, len(table) - 1)])


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Signal:
    """One lead seen by the seat: who led, the suit led, the trick, and the signal given
    (``"strong"``, ``"weak"``, or ``""`` for none while signals were allowed)."""

    seat: int
    suit: int
    trick: int
    kind: str
    since: tuple[int, ...]
    """The faces the leader has played from this trick on (its hand then, less the unseen)."""
    above: int
    """The highest face of the suit not played before the trick (-1: none)."""
    mine: tuple[int, ...] = ()
    """Of :attr:`since`, those of the suit led."""


def signal_factor(hand: Sequence[int], sig: Signal, strong_length: int,
                  weak_length: int) -> float:
    """How likely the leader, holding ``hand`` (faces) at the lead, gave ``sig.kind``."""
    mine = [f for f in hand if f // 9 == sig.suit]
    top = bool(mine) and max(mine) >= sig.above
    strong = top and len(mine) >= strong_length
    weak = not top and len(mine) <= weak_length
    if sig.kind == "strong":
        return 1.0 if strong else SIGNAL_MISS
    if sig.kind == "weak":
        return 1.0 if weak else SIGNAL_MISS
    return SILENT_MISS if strong or weak else 1.0


def somali_likelihood(k: Knowledge, table: Sequence[float], copies: int,
                      strong_length: int = 0, weak_length: int = 0) -> Likelihood | None:
    """The likelihood of a sampled Somali layout (natural faces) under the trump naming and,
    with ``strong_length``, Arba'a Turub's signals seen by ``k``; ``None`` when nothing to
    weigh."""
    if k.trump is None:
        return None
    trump = SUITS.index(k.trump)
    played = played_by(k, C.parse36)
    namer = next((seat_index(a["seat"]) for a in k.history if "trump" in a), -1)
    if namer == k.seat:
        namer = -1
    signals = signal_evidence(k, copies) if strong_length else []
    if namer < 0 and not signals:
        return None
    named = sum(1 for f in played[namer] if f // 9 == trump) if namer >= 0 else 0

    lo, hi = trump * 9, trump * 9 + 9

    def likelihood(world: search.World) -> float:
        p = 1.0
        if namer >= 0:
            held = named
            for f in world[namer]:
                if lo <= f < hi:
                    held += 1
            p *= somali_named_factor(held, table)
        for sig in signals:
            a, b = sig.suit * 9, sig.suit * 9 + 9
            mine = [f for f in world[sig.seat] if a <= f < b]
            mine += sig.mine
            p *= signal_factor(mine, sig, strong_length, weak_length)
        return p
    return likelihood


def signal_evidence(k: Knowledge, copies: int) -> list[Signal]:
    """Every plain-suit lead by another seat in ``k``'s finished or open tricks, with the
    signal given before it (``""``: none, counted only when the game allows signals)."""
    given = {int(s["trick"]): s["signal"] for s in k.public.get("signals", ())}
    allowed = bool(k.options.get("signals", False))
    trump = SUITS.index(k.trump) if k.trump is not None else -1
    tricks = [(seat_index(t["leader"]), [C.parse36(c) for c in t["cards"]]) for t in k.tricks]
    plays = [(n // 4, seat_index(a["seat"]), C.parse36(a["play"]))
             for n, a in enumerate(a for a in k.history if a.get("play") is not None)]
    gone = [0] * 36
    out: list[Signal] = []
    for i, (leader, cards) in enumerate(tricks):
        if cards and leader != k.seat and cards[0] // 9 != trump and (i in given or allowed):
            suit = cards[0] // 9
            left = [f for f in range(suit * 9, suit * 9 + 9) if gone[f] < copies]
            since = [f for j, s, f in plays if j >= i and s == leader]
            out.append(Signal(leader, suit, i, given.get(i, ""), tuple(since),
                              max(left, default=-1),
                              tuple(f for f in since if f // 9 == suit)))
        for c in cards:
            gone[c] += 1
    return out

"""French Tarot card play on int bit masks: the easy and normal policy (:func:`choose`), its
one-sentence reasons (:func:`explain`), and the fast perfect-information playout the hard search
runs on sampled layouts (:class:`Playout`).

A card is its tarot id (``suit * 14 + rank`` for the suit cards, ``56..76`` for T1..T21, 77 for
the Excuse) and a hand is a 78-bit mask, as in :mod:`game.engine.tarot`. There are no fixed
partners: the declarer plays alone and the three defenders play together, so a seat's *friends*
are the other defenders (none for the declarer). Play goes counter-clockwise: the seat after
``s`` is ``NEXT[s]``.

What the policy reads is what the seat knows: its hand and legal cards, ``others`` (the cards
another seat — or the unseen discard or talon — may still hold), the open trick, the suits each
seat has shown it lacks (``voids[s]``, a bit set of suit indexes, trumps = 4) and ``ceiling[s]``
(the trumps seat ``s`` may still hold: a seat that played under the top trump of a trick, which
it must overtrump when it can, holds none above it).

**Decisions** (where the brief leaves it open):

* A card is a *sure* winner when no opponent still to play may beat it, reading an opponent who
  has not shown a void in the suit led as following suit (the usual player's assumption). The
  reasons say "for sure" only when the seat can prove it (:func:`proven`: no opponent still to
  play may hold a better card of the suit or, for a suit card, a trump, even if void in the
  suit led); otherwise they say "likely".
* Defenders give their most valuable card (a king first) to a fellow defender's sure trick, and
  the Petit before anything else: banked there it can no longer be caught.
* The Petit is played when it wins for sure, when it goes to a fellow defender's sure trick, or
  when it is the only trump left to play (the Excuse is played instead when it can save it).
  With every other trump gone it is kept for the last trick (*petit au bout*).
* The Excuse is played at the latest with two cards left (it is lost in the last trick), except
  by a declarer who has won every trick so far and keeps it to lead the last one (the slam); it
  is played earlier instead of a card that would give an opponent a knight or more, or the
  Petit.
* The declarer draws trumps with a master trump when it holds at least as many trumps as are
  still out; defenders cash kings in suits the declarer has not shown void, and otherwise lead a
  suit the declarer is out of so that it must spend trumps.
"""

from __future__ import annotations

from .. import cards as C
from .. import tarot as T
from ..cards import bits, highest, lowest
from ..tarot import EXB, KINGS, OUDLERS, PETITB, PLAIN, SUIT_MASKS, TRICKS, half_points, settle
from .view import SEAT_NAMES, SUIT_NAMES

EASY, NORMAL = 1, 2
TRUMPS = C.TRUMPS_MASK
PETIT, MONDE, EXCUSE = C.PETIT, C.MONDE, C.EXCUSE
SUIT = tuple(C.suit_tarot(c) for c in range(C.TAROT_CARDS))
"""Suit of every card: 0..3 the suits S H D C, 4 trumps, 5 the Excuse."""
SMASK = tuple(SUIT_MASKS[:5])
"""Mask of each suit (4: trumps)."""
PTS = tuple(half_points(1 << c) for c in range(C.TAROT_CARDS))
"""Card points in half points."""
ABOVE = tuple(T.BEATEN_BY[c] & SMASK[SUIT[c]] if c != EXCUSE else 0
              for c in range(C.TAROT_CARDS))
"""The cards of the same suit (trumps for a trump) that beat card ``c``."""
NEXT = T.NEXT_SEAT
"""The seat after each seat (counter-clockwise)."""

# Reason codes of :func:`choose` (sentences in :func:`explain`).
(ONLY, EXCUSE_LATE, EXCUSE_SAVE, EXCUSE_PETIT, KEEP_EXCUSE, PETIT_SAVED, PETIT_WINS, SMEAR,
 SMEAR_LOW, SECURE, WIN, RUFF, OVERTRUMP, FRIEND_WINS, CANNOT_WIN, DISCARD, TRUMP_LOW, DRAW,
 CASH, FORCE_RUFF, LOW_LEAD, ONLY_TRUMPS, PETIT_BOUT, KING_LEAD) = range(24)


def name(card: int) -> str:
    """A card in notation (``"KH"``, ``"T21"``, ``"EX"``): for actions."""
    return C.format_tarot(card)


def say(card: int) -> str:
    """A card as the table draws it (``"K♥"``, ``"trump 21"``, ``"the Excuse"``): for
    reasons."""
    return C.card_words(name(card))


def trick_state(trick: list[tuple[int, int]]) -> tuple[int, int, int]:
    """``(led, winner, best)`` of an open trick given as ``(seat, card)`` pairs, by
    :func:`game.engine.tarot.trick_state`: the suit to follow (-1 while only the Excuse lies),
    the seat winning so far and its card (-1, -1 when none)."""
    led, best, i = T.trick_state([c for _, c in trick])
    return led, trick[i][0] if i >= 0 else -1, best


def beatable(card: int, led: int, opps: list[int], others: int, voids: list[int],
             ceiling: list[int]) -> bool:
    """Whether an opponent in ``opps`` (still to play) might beat ``card``, the best card of
    the trick, as far as the seat knows."""
    if not opps:
        return False
    if card >= 56:
        higher = others & ABOVE[card]
        if not higher:
            return False
        led_out = others & SMASK[led] if led != 4 else 0
        for o in opps:
            if voids[o] >> 4 & 1 or not higher & ceiling[o]:
                continue
            if led == 4 or voids[o] >> led & 1 or not led_out:
                return True
        return False
    higher = others & ABOVE[card]
    led_out = others & SMASK[led]
    trumps_out = others & TRUMPS
    for o in opps:
        if voids[o] >> led & 1 or not led_out:
            if trumps_out & ceiling[o] and not voids[o] >> 4 & 1:
                return True
        elif higher:
            return True
    return False


def proven(card: int, opps: list[int], others: int, voids: list[int],
           ceiling: list[int]) -> bool:
    """Whether the seat can *prove* that no opponent in ``opps`` beats ``card`` (the best card
    of the trick): none of them may hold a higher card of its suit, nor — for a suit card — a
    trump, counting an opponent who has not shown a void in the suit led as possibly void
    (stricter than :func:`beatable`, which reads such an opponent as following suit)."""
    s = SUIT[card]
    for o in opps:
        if others & ABOVE[card] & (ceiling[o] if s == 4 else ~0) and not voids[o] >> s & 1:
            return False
        if s != 4 and others & TRUMPS & ceiling[o] and not voids[o] >> 4 & 1:
            return False
    return True


def opponents_after(me: int, decl: int, trick: list[tuple[int, int]]) -> list[int]:
    """The opponents of ``me`` still to play to the open ``trick`` after ``me``."""
    out = []
    s = me
    for _ in range(3 - len(trick)):
        s = NEXT[s]
        if (s == decl) == (me != decl):
            out.append(s)
    return out


def is_master(card: int, others: int) -> bool:
    """True when no other seat may hold a card of ``card``'s suit that beats it."""
    return not others & ABOVE[card]


# ------------------------------------------------------------------------------------------
# The policy


def choose(level: int, me: int, decl: int, hand: int, legal: int, others: int,
           trick: list[tuple[int, int]], voids: list[int], ceiling: list[int],
           won_all: bool, state: tuple[int, int, int] | None = None) -> tuple[int, int]:
    """The card ``me`` plays (one of ``legal``) and a reason code, by the easy or normal rules.

    ``decl``: the declarer; ``others``: cards another seat (or the unseen discard/talon) may
    still hold; ``trick``: the open trick's ``(seat, card)``; ``voids``/``ceiling``: see the
    module; ``won_all``: the declarer has won every trick so far (its slam is alive);
    ``state``: the trick's :func:`trick_state` when the caller has it already.
    """
    if not legal & (legal - 1):
        return lowest(legal), ONLY
    left = hand.bit_count()
    if legal & EXB and left <= 2:
        other = lowest(hand & ~EXB)
        if me == decl and won_all and legal & ~EXB:
            return other, KEEP_EXCUSE
        return EXCUSE, EXCUSE_LATE
    led, winner, best = state or trick_state(trick)
    if led < 0:
        return _lead(level, me, decl, hand, others, voids, ceiling)
    defender = me != decl
    opps = opponents_after(me, decl, trick)
    friend = defender and winner != decl
    cards = legal & ~EXB
    following = led != 4 and cards & SMASK[led]
    if level == EASY:
        return _follow_easy(cards, legal, led, best, friend, following)
    if friend and not beatable(best, led, opps, others, voids, ceiling):
        if cards & PETITB:
            return PETIT, PETIT_SAVED
        return _smear(cards, following)
    winners = list(bits(cards & T.BEATEN_BY[best]))
    sure = [c for c in winners if not beatable(c, led, opps, others, voids, ceiling)]
    if sure:
        if PETIT in sure:
            return PETIT, PETIT_WINS
        c = min(sure, key=lambda c: (c >= 56, c == MONDE, PTS[c] if c < 56 else 0, c))
        if friend:
            return c, SECURE
        if following:
            return c, WIN
        return c, OVERTRUMP if best >= 56 else RUFF
    if following:
        c = min(bits(cards), key=lambda c: (PTS[c], c))
        code = FRIEND_WINS if friend else CANNOT_WIN
    elif cards & TRUMPS:
        tr = cards & TRUMPS
        c = lowest(tr & ~PETITB) if tr & ~PETITB else PETIT
        code = FRIEND_WINS if friend else TRUMP_LOW
    else:
        c = _least_useful(cards, hand, others)
        code = DISCARD
    if legal & EXB and (c == PETIT or (PTS[c] >= 5 and not friend)):
        return EXCUSE, EXCUSE_PETIT if c == PETIT else EXCUSE_SAVE
    return c, code


def _follow_easy(cards: int, legal: int, led: int, best: int, friend: bool,
                 following: int) -> tuple[int, int]:
    """Easy following: play low under a fellow defender's winning card, else win with the
    cheapest winner, else play low; the Excuse rather than lose the Petit."""
    trumps = cards & TRUMPS
    if not friend:
        winners = list(bits(cards & T.BEATEN_BY[best] & ~PETITB))
        if winners:
            c = min(winners)
            return c, WIN if following else (OVERTRUMP if best >= 56 else RUFF)
    if following:
        return min(bits(cards), key=lambda c: (PTS[c], c)), (
            FRIEND_WINS if friend else CANNOT_WIN)
    if trumps:
        if trumps == PETITB and legal & EXB:
            return EXCUSE, EXCUSE_PETIT
        c = lowest(trumps & ~PETITB) if trumps & ~PETITB else PETIT
        return c, FRIEND_WINS if friend else TRUMP_LOW
    return min(bits(cards), key=lambda c: (PTS[c], c)), DISCARD


def _smear(cards: int, following: int) -> tuple[int, int]:
    """A fellow defender's trick is safe: give it the most points (kings first)."""
    if following or not cards & TRUMPS:
        c = max(bits(cards), key=lambda c: (PTS[c], -c))
        return c, SMEAR if PTS[c] > 1 else SMEAR_LOW
    tr = cards & TRUMPS
    return (lowest(tr & ~PETITB) if tr & ~PETITB else PETIT), FRIEND_WINS


def _least_useful(cards: int, hand: int, others: int) -> int:
    """The card to throw away when neither following nor trumping: the fewest points, not a
    master, from the shortest suit (to make a void)."""
    def key(c: int) -> tuple[int, int, int, int]:
        return (int(is_master(c, others)), PTS[c], (hand & SMASK[SUIT[c]]).bit_count(), c)
    return min(bits(cards), key=key)


def _lead(level: int, me: int, decl: int, hand: int, others: int, voids: list[int],
          ceiling: list[int]) -> tuple[int, int]:
    """The lead (or the first card after a led Excuse) and its reason code."""
    trumps = hand & TRUMPS
    plain = hand & PLAIN
    trumps_out = others & TRUMPS
    if not plain:
        if not trumps:
            return EXCUSE, ONLY
        if trumps == PETITB:
            return (EXCUSE, EXCUSE_PETIT) if hand & EXB else (PETIT, ONLY)
        top = highest(trumps)
        if level != EASY and is_master(top, others) and trumps_out:
            return top, DRAW
        if not trumps_out and trumps & PETITB and level != EASY:
            return lowest(trumps & ~PETITB), PETIT_BOUT
        return lowest(trumps & ~PETITB), ONLY_TRUMPS
    suits = [s for s in range(4) if plain & SMASK[s]]
    if level == EASY:
        kings = plain & KINGS
        if kings:
            return lowest(kings), KING_LEAD
        s = max(suits, key=lambda s: ((plain & SMASK[s]).bit_count(), -s))
        return min(bits(plain & SMASK[s]), key=lambda c: (PTS[c], c)), LOW_LEAD
    defender = me != decl
    opps = [decl] if defender else [o for o in range(4) if o != me]
    if not defender and trumps_out:
        top = highest(trumps)
        n_out = trumps_out.bit_count()
        if trumps and is_master(top, others) and trumps.bit_count() >= n_out:
            return top, DRAW

    def ruff_risk(s: int) -> bool:
        out = others & SMASK[s]
        return any((voids[o] >> s & 1 or not out) and not voids[o] >> 4 & 1
                   and trumps_out & ceiling[o] for o in opps)

    cash = [max(bits(plain & SMASK[s])) for s in suits]
    cash = [c for c in cash if is_master(c, others) and not ruff_risk(SUIT[c])
            and others & SMASK[SUIT[c]]]
    if cash:
        return max(cash, key=lambda c: (PTS[c], (others & SMASK[SUIT[c]]).bit_count())), CASH
    if defender and not voids[decl] >> 4 & 1 and trumps_out:
        force = [s for s in suits if voids[decl] >> s & 1]
        if force:
            s = max(force, key=lambda s: (plain & SMASK[s]).bit_count())
            return min(bits(plain & SMASK[s]), key=lambda c: (PTS[c], c)), FORCE_RUFF

    def key(s: int) -> tuple[int, int, int]:
        mine = plain & SMASK[s]
        return (int(ruff_risk(s)), int(bool(mine & KINGS)), -mine.bit_count())
    s = min(suits, key=key)
    mine = plain & SMASK[s]
    return min(bits(mine), key=lambda c: (PTS[c], c)), LOW_LEAD


def explain(code: int, card: int, decl: int, trick: list[tuple[int, int]], others: int,
            me: int, voids: list[int], ceiling: list[int]) -> str:
    """One sentence a learner understands for the play ``card`` by seat ``me`` chosen with
    ``code``. A trick is said to be won "for sure" only when the seat can prove it
    (:func:`proven`); otherwise the sentence says "likely"."""
    c = say(card)
    led, winner, best = trick_state(trick)
    opps = opponents_after(me, decl, trick)
    mine_sure = proven(card, opps, others, voids, ceiling)
    theirs_sure = best >= 0 and proven(best, opps, others, voids, ceiling)
    suit = SUIT_NAMES[SUIT[card]] if card != EXCUSE else "trumps"
    taker = SEAT_NAMES[decl]
    friend = SEAT_NAMES[winner] if winner >= 0 else "your partner"
    led_name = SUIT_NAMES[led] if led >= 0 else "that suit"
    n_out = (others & TRUMPS).bit_count()
    texts = {
        ONLY: f"{c[:1].upper()}{c[1:]} is the only card you may play.",
        EXCUSE_LATE: "Play the Excuse now: kept to the last trick it would go to whoever wins "
                     "that trick.",
        EXCUSE_SAVE: "Play the Excuse: this trick is lost, and the Excuse saves you from giving "
                     "away a valuable card.",
        EXCUSE_PETIT: "Play the Excuse: your only other choice is the Petit, which would be "
                      "caught here.",
        KEEP_EXCUSE: f"Play {c} and keep the Excuse to lead the last trick: having won every "
                     "trick so far, the Excuse wins it for the slam.",
        PETIT_SAVED: (f"Save the Petit: {friend} is winning this trick and nobody left can "
                      "beat it." if theirs_sure else
                      f"Save the Petit: {friend} is winning this trick and is unlikely to be "
                      "beaten."),
        PETIT_WINS: ("Play the Petit now: nobody left to play can beat it, so it is saved."
                     if mine_sure else
                     "Play the Petit now: it is likely to win this trick, which saves it."),
        SMEAR: (f"{friend} is winning this trick for sure: give it points with {c}."
                if theirs_sure else
                f"{friend} is likely to win this trick: give it points with {c}."),
        SMEAR_LOW: (f"{friend} is winning this trick for sure: follow with {c}."
                    if theirs_sure else
                    f"{friend} is likely to win this trick: follow with {c}."),
        SECURE: (f"Take over with {c}: nobody left can beat it, while {friend}'s card might "
                 "be beaten." if mine_sure else
                 f"Take over with {c}: it is less likely to be beaten than {friend}'s card."),
        WIN: (f"Win the trick with {c}: the cheapest card that takes it for sure."
              if mine_sure else
              f"Win the trick with {c}: the cheapest card likely to take it."),
        RUFF: (f"Play {c}: you are out of {led_name}, and nobody left can beat it."
               if mine_sure else
               f"Play {c}: you are out of {led_name}, and it is likely to win."),
        OVERTRUMP: (f"Overtrump with {c}: the cheapest trump that takes this trick for sure."
                    if mine_sure else
                    f"Overtrump with {c}: the cheapest trump likely to take this trick."),
        FRIEND_WINS: f"{friend} is winning the trick: play low ({c}).",
        CANNOT_WIN: f"You cannot be sure to win this trick, so give away as little as you can: "
                    f"{c}.",
        DISCARD: (f"You have no trumps: throw {c}, your least useful card." if led == 4 else
                  f"You have neither {led_name} nor trumps: throw {c}, your least useful "
                  "card."),
        TRUMP_LOW: (f"Trumps were led and you cannot win for sure: play your lowest trump ({c})."
                    if led == 4 else
                    f"You must trump but cannot be sure to win: use your lowest trump ({c})."),
        DRAW: (f"Draw trumps with {c}, the highest still out ({C.count(n_out, 'trump')} left "
               "with the others), so your kings are not trumped later."),
        CASH: f"Cash {c}: nobody can beat it in {suit} and nobody is known to be out of them.",
        FORCE_RUFF: f"Lead {suit}: {taker} is out of them and must spend a trump.",
        LOW_LEAD: f"Lead {c}: it gives little away while your high cards wait.",
        ONLY_TRUMPS: f"You hold only trumps: lead a low one ({c}) and keep the high ones.",
        PETIT_BOUT: f"Lead {c} and keep the Petit: no other trump is left, so it will win the "
                    "last trick (petit au bout).",
        KING_LEAD: f"Lead {c}: a king is the best card of its suit.",
    }
    return texts[code]


# ------------------------------------------------------------------------------------------
# Playouts for the hard search


class Playout:
    """A full layout of the remaining cards and what the score depends on; :meth:`run` plays it
    to the end with the normal policy for every seat and returns the declarer's *unit* (what
    each defender pays the declarer; see :func:`game.engine.tarot.settle`).

    ``pile`` is the declarer's pile so far (tricks won, the discard or the talon), ``adj`` the
    half points of Excuse exchanges on top of it, ``taken`` the declarer's tricks, ``petit`` the
    index and winner of the trick that took the Petit (``(-1, -1)`` while it is out).
    """

    __slots__ = ("adj", "contract", "decl", "done", "handful", "hands", "leader", "petit",
                 "pile", "slam", "taken", "trick", "voids")

    def __init__(self, hands: list[int], decl: int, contract: str, slam: bool, pile: int,
                 adj: int, taken: int, petit: tuple[int, int], handful: int, done: int,
                 leader: int, trick: list[tuple[int, int]], voids: list[int]) -> None:
        self.hands = hands
        self.decl = decl
        self.contract = contract
        self.slam = slam
        self.pile = pile
        self.adj = adj
        self.taken = taken
        self.petit = petit
        self.handful = handful
        self.done = done
        self.leader = leader
        self.trick = trick
        self.voids = voids

    def run(self, first: int, trace: list[tuple[int, int]] | None = None) -> int:
        """Play ``first`` for the seat to act (-1: let the policy choose), then the rest with
        the normal policy; the declarer's unit. When ``trace`` is a list, every ``(seat,
        card)`` played is appended to it."""
        hands = list(self.hands)
        revealed, below = T.REVEALED, T.TRUMP_CEILING
        voids = list(self.voids)
        ceiling = [TRUMPS] * 4
        decl = self.decl
        pile, adj, taken = self.pile, self.adj, self.taken
        petit_trick, petit_winner = self.petit
        trick = list(self.trick)
        played = [c for _, c in trick]  # the open trick's cards, for T.trick_state
        leader = self.leader
        out = hands[0] | hands[1] | hands[2] | hands[3]
        ex_slam = False
        won_all = taken == self.done
        for t in range(self.done, TRICKS):
            seat = NEXT[trick[-1][0]] if trick else leader
            while len(trick) < 4:
                h = hands[seat]
                led, best, i = T.trick_state(played)
                legal = T.legal(h, led, best)
                if first >= 0:
                    c, first = first, -1
                else:
                    c = choose(NORMAL, seat, decl, h, legal, out & ~h, trick, voids, ceiling,
                               won_all, (led, trick[i][0] if i >= 0 else -1, best))[0]
                bit = 1 << c
                hands[seat] = h ^ bit
                out ^= bit
                voids[seat] |= revealed[led][c]
                ceiling[seat] &= below[best][c]
                trick.append((seat, c))
                played.append(c)
                if trace is not None:
                    trace.append((seat, c))
                seat = NEXT[seat]
            winner, pile, adj, taken, flags = collect(t, trick, decl, pile, adj, taken)
            if winner != decl:
                won_all = False
            if flags & 1:
                petit_trick, petit_winner = t, winner
            ex_slam = ex_slam or flags >= 2
            leader = winner
            trick = []
            played = []
        pab = 0
        if T.petit_au_bout(petit_trick, ex_slam):
            pab = 1 if petit_winner == decl else -1
        return settle(self.contract, half_points(pile) + adj, (pile & OUDLERS).bit_count(), pab,
                      self.handful, taken, self.slam)[3]


def collect(t: int, trick: list[tuple[int, int]], decl: int, pile: int, adj: int, taken: int
            ) -> tuple[int, int, int, int, int]:
    """Gather finished trick number ``t`` (0-based) by the engine's rules
    (:func:`game.engine.tarot.excuse_wins`, :func:`game.engine.tarot.excuse_fate`): the winner
    takes it, except an Excuse before the last trick, which stays with its owner's side (half a
    point changes hands instead); a side that won every other trick wins the last one by
    leading the Excuse. Returns ``(winner, pile, adj, taken, flags)`` — the declarer's updated
    pile, half points of exchanges and tricks — where ``flags`` has bit 0 when the trick holds
    the Petit and bit 1 when the Excuse won it."""
    winner = trick_state(trick)[1]
    tm = C.mask_of(c for _, c in trick)
    gain = tm
    flags = 1 if tm & PETITB else 0
    if tm & EXB:
        owner = next(s for s, c in trick if c == EXCUSE)
        leader = trick[0][0]
        if T.excuse_wins(t, owner == leader, taken if leader == decl else t - taken):
            winner = leader
            flags |= 2
        kept, value = T.excuse_fate(t, int(owner != decl), int(winner != decl))
        if kept:
            gain ^= EXB
            if owner == decl:
                pile |= EXB
            adj += value
    if winner == decl:
        pile |= gain
        taken += 1
    return winner, pile, adj, taken, flags

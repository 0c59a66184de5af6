"""Claiming the rest: whether one seat's side is certain to win every remaining trick, proved
from the cards (the engine knows every hand), and the play-out that shows it.

A *claim* by ``seat`` holds when, whatever the other side plays, the claimer's side (the seat
and its partner; in French Tarot the declarer alone, or the three defenders together) has plays
that win every trick still to be played. The rules come from the hand itself: each seat's legal
cards (``play_mask``) and each trick's winner (``play_bit`` completes a trick through the
game's own ``trick_winner`` and ``trick_done``), tried and taken back with snapshots.

What "every remaining trick" means in each game — the tricks until the card play stops:

* **Arba'a Turub**: all of the 36 tricks still to play.
* **Turup**: the tricks until the claimer's side has five (the hand then ends, or — when that
  side won all of the first five — the fifth trick's winner decides on kort: the claim stops
  there, the decision stays the player's); during a kort, every trick to the ninth.
* **Tarabish**: all nine tricks, so the last trick's 10 go to the claimer's side too.
* **French Tarot**: every trick to the eighteenth, for the declarer alone or the defence
  together. **Decision**: the Excuse never wins a trick (but the last, led by a side that won
  all the others), so a declarer still holding it cannot claim unless that slam lead makes it
  win; a defender's Excuse played to a trick a fellow defender wins is no obstacle.

How it is proved: first a cheap sufficient test (:func:`masters_hold`: the leader's trumps
draw every other trump and each of its cards is then a master), then an exact AND-OR search
over the remaining play with a transposition table, stopped after :data:`NODE_BUDGET` trick
positions (the claim is then not offered: unproved is not certain).
"""

from __future__ import annotations

from typing import Any, cast

from . import cards as C
from .hand import Action, HandState
from .native import is_instance
from .tricks import Trick, TrickHand

NODE_BUDGET = 800
"""The most positions the exact search visits before it gives up (a few tenths of a second at
worst)."""
TAROT_TRUMPS = 4
"""French Tarot's trumps are its suit 4."""


class _OutOfBudget(Exception):
    """The search visited :data:`NODE_BUDGET` positions without an answer."""


def claim_side(hand: HandState, seat: int) -> set[int]:
    """The seats that win the tricks with ``seat`` when it claims: itself and its partner; in
    French Tarot the declarer alone, or the three defenders."""
    declarer = getattr(hand, "declarer", None)
    if hand.GAME == "tarot" and declarer is not None:
        return {declarer} if seat == declarer else {s for s in range(4) if s != declarer}
    return {seat, C.partner(seat)}


def claim_holds(hand: HandState, seat: int, budget: int = NODE_BUDGET) -> bool:
    """True when ``seat``'s side wins every remaining trick whatever the others play (see the
    module's note for each game), proved within ``budget`` positions; False outside the card
    play, when it does not hold, or when the search could not tell in time."""
    if hand.phase != "play" or not is_instance(hand, TrickHand):
        return False
    try:
        return _Search(cast(TrickHand, hand), claim_side(hand, seat), budget).wins()
    except _OutOfBudget:
        return False


def claim_actions(hand: HandState, seat: int) -> list[Action]:
    """The rest of the card play once ``seat``'s claim holds (:func:`claim_holds`), as record
    actions from the current position until the play stops: the claimer's side plays cards that
    keep every trick, the others :func:`yielding_card`; every seat declares its runs when it
    may (Tarabish: they can only add to its side's points) and claims bella with the card that
    shows it; no signal, no handful. ``hand`` is not changed; empty when the claim does not hold."""
    if not claim_holds(hand, seat):
        return []
    work = cast(TrickHand, hand.clone())  # claim_holds: a trick hand
    side = claim_side(hand, seat)
    search = _Search(work, side, NODE_BUDGET * 4)
    try:
        return _play_out(work, side, search)
    except _OutOfBudget:  # proved from the start, but a later step ran long: offer nothing
        return []


def _play_out(work: TrickHand, side: set[int], search: _Search) -> list[Action]:
    """The actions of the play-out from ``work`` (changed), ``search`` finding the cards of
    ``side``."""
    actions: list[Action] = []
    while work.phase == "play" and work.to_act is not None:
        actor = work.to_act
        declare = [a for a in work.legal_actions() if "runs" in a]
        if declare:
            actions.append(declare[0])
            work.apply(declare[0])
            continue
        search.visited = 0
        bit = search.keeping_card() if actor in side else yielding_card(work, actor)
        action = _with_bella(work, {"seat": C.SEATS[actor],
                                    "play": work.PACK.format(work.PACK.face(bit))})
        actions.append(action)
        work.apply(action)
    return actions


def claim_tricks(hand: HandState, seat: int) -> int:
    """How many tricks ``seat``'s claim covers (the open trick included); 0 when it does not
    hold."""
    actions = claim_actions(hand, seat)
    if not actions:
        return 0
    open_cards = len(hand.trick.cards) if hand.trick is not None else 0
    plays = sum(1 for a in actions if "play" in a)
    return (open_cards + plays) // 4


def yielding_card(hand: TrickHand, seat: int) -> int:
    """The physical card ``seat`` plays in a claim's play-out when it cannot take a trick: its
    Excuse while the Excuse still comes back (French Tarot, before the last trick), else its
    lowest legal card."""
    legal = hand.play_mask(seat)
    excuse = 1 << C.EXCUSE
    if hand.GAME == "tarot" and legal & excuse and hand.hands[seat].bit_count() > 1:
        return C.EXCUSE
    return C.lowest(legal)


def masters_hold(hand: TrickHand, side: set[int]) -> bool:
    """The cheap sufficient test, at the start of a trick led by a seat of ``side``: leading
    its trumps from the top draws every other seat's trumps with no trump of theirs higher,
    and each of its other cards is higher than every card of its suit the others hold — so
    the leader wins every trick (its partner's cards count as the others', so the lead never
    leaves it). A Tarot Excuse in the leader's hand fails the test (it does not win)."""
    trick = hand.trick
    leader = hand.to_act
    if trick is None or trick.cards or leader is None or leader not in side:
        return False
    mine = hand.hands[leader]
    trumps = _trump_mask(hand)
    if hand.GAME == "tarot" and mine >> C.EXCUSE & 1:
        return False
    others = [hand.hands[s] for s in range(4) if s != leader]
    theirs = 0
    for h in others:
        theirs |= h
    their_trumps = theirs & trumps
    drawing = max(((h & trumps).bit_count() for h in others), default=0)
    my_trumps = sorted(C.bits(mine & trumps), key=lambda b: _rank(hand, b), reverse=True)
    if len(my_trumps) < drawing:
        return False
    probe = Trick(leader)
    if drawing and not _above_all(hand, my_trumps[drawing - 1], their_trumps, probe):
        return False
    plain = theirs & ~trumps
    return all(_above_all(hand, b, plain, probe) for b in C.bits(mine & ~trumps))


def _above_all(hand: TrickHand, bit: int, others: int, probe: Trick) -> bool:
    """No card of ``others`` beats ``bit`` led to a trick (their best of its suit does not)."""
    same = others & hand.PACK.suit_masks[hand.PACK.suit(bit)]
    if not same:
        return not any(hand.beats(o, bit, probe) for o in C.bits(others))
    top = max(C.bits(same), key=lambda b: _rank(hand, b))
    return not hand.beats(top, bit, probe) and not any(
        hand.beats(o, bit, probe) for o in C.bits(others & ~same))


def _trump_mask(hand: TrickHand) -> int:
    """The physical cards that are trumps in this hand."""
    if hand.GAME == "tarot":
        return hand.PACK.suit_masks[TAROT_TRUMPS]
    return hand.PACK.suit_masks[hand.trump] if hand.trump is not None else 0


_RANKS: dict[tuple[str, int | None, int], int] = {}


def _rank(hand: TrickHand, bit: int) -> int:
    """How many cards of ``bit``'s suit ``bit`` beats: its rank in the game's order for that
    suit (with this trump; remembered)."""
    key = (hand.GAME, hand.trump, bit)
    rank = _RANKS.get(key)
    if rank is None:
        probe = Trick(0)
        suit = hand.PACK.suit_masks[hand.PACK.suit(bit)]
        rank = _RANKS[key] = sum(1 for o in C.bits(suit) if hand.beats(bit, o, probe))
    return rank


def _with_bella(hand: TrickHand, action: Action) -> Action:
    """``action`` with a bella claim when that is legal (Tarabish: 20 points to the claimer)."""
    if hand.GAME == "tarabish":
        claim = dict(action, bella=True)
        if hand.why_illegal(claim) is None:
            return claim
    return action


class _Search:
    """The exact search: may ``side`` win every trick until the play stops, from ``hand``'s
    position? Plays are tried with :meth:`HandState.snapshot` and taken back."""

    def __init__(self, hand: TrickHand, side: set[int], budget: int) -> None:
        self.hand = hand
        self.side = side
        self.budget = budget
        self.visited = 0
        self.known: dict[tuple[Any, ...], bool] = {}

    def wins(self) -> bool:
        """True when ``side`` wins every remaining trick whatever the others play."""
        hand = self.hand
        if hand.phase != "play" or hand.to_act is None:
            return True
        key: tuple[Any, ...] | None = None
        if hand.trick is not None and not hand.trick.cards:
            key = (tuple(hand.hands), hand.to_act, len(hand.tricks))
            if key in self.known:
                return self.known[key]
            if masters_hold(hand, self.side):
                self.known[key] = True
                return True
        self.visited += 1
        if self.visited > self.budget:
            raise _OutOfBudget
        seat = hand.to_act
        ours = seat in self.side
        result = not ours
        for bit in self._choices(seat, ours):
            if self._try(seat, bit) == ours:
                result = ours
                break
        if key is not None:
            self.known[key] = result
        return result

    def keeping_card(self) -> int:
        """A card for the seat to act (of ``side``) that keeps every trick."""
        seat = self.hand.to_act
        assert seat is not None
        for bit in self._choices(seat, True):
            if self._try(seat, bit):
                return bit
        raise AssertionError("no card keeps the claim")  # claim_holds said it does

    def _choices(self, seat: int, ours: bool) -> list[int]:
        """One physical card per distinct legal face; the claimer's side tries its strongest
        first."""
        hand = self.hand
        bits = [hand.held_bit(seat, f) for f in hand.legal_plays(seat)]
        found = [b for b in bits if b is not None]
        if ours:
            found.sort(key=lambda b: (hand.PACK.suit(b) == _suit_of_trump(hand),
                                      _rank(hand, b)), reverse=True)
        return found

    def _try(self, seat: int, bit: int) -> bool:
        """Play ``bit`` for ``seat``: the trick, when it ends, goes to ``side`` and the rest
        is won too; the position is put back."""
        hand = self.hand
        saved = hand.snapshot()
        before = len(hand.tricks)
        try:
            hand.play_bit(seat, bit)
            ok = len(hand.tricks) == before or hand.tricks[-1].winner in self.side
            return ok and self.wins()
        finally:
            hand.restore(saved)


def _suit_of_trump(hand: TrickHand) -> int:
    """The suit number of trumps (French Tarot: 4; -1 before trump is known)."""
    if hand.GAME == "tarot":
        return TAROT_TRUMPS
    return hand.trump if hand.trump is not None else -1

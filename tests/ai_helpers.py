"""Shared pieces of the AI tests: small deterministic players, the legality check, random play
to a point, and the "same knowledge, other hidden cards" twin of a position."""

from __future__ import annotations

import copy
import random
from typing import Any

from helpers import new_hand

from game.engine import cards as C
from game.engine import records
from game.engine import tarot as T
from game.engine.ai import make_player
from game.engine.ai.player import Decision, HardPlayer, Player

AI_LEVELS = ["easy", "normal", "hard"]
VISIBLE_BEFORE_TRUMP = {"tarabish": 6}
"""Games where a seat sees only its first N dealt cards until trump is named."""


def player(level: str, seed: int):
    """A level's player; the hard one small and untimed (deterministic, fast)."""
    if level == "hard":
        return HardPlayer(seed, budget_ms=4, timed=False)
    return make_player(level, seed)


class Answers(Player):
    """A player that answers every decision with the one it was given (the strong player the
    play checker asks, through :func:`~game.engine.learning.differs`' ``strong``)."""

    def __init__(self, decision: Decision) -> None:
        super().__init__()
        self.decision = decision

    def decide(self, knowledge, cancelled=None) -> Decision:
        return self.decision


def check(decision, knowledge) -> None:
    """The decision is one of the seat's legal actions and carries a sentence of reason."""
    assert decision.action in knowledge.legal, (decision, knowledge.legal)
    assert decision.reason and decision.reason.endswith((".", ")")), decision.reason


def play_to(hand, steps: int, rng: random.Random, record: dict | None = None) -> None:
    """Apply up to ``steps`` random legal actions (appending them to ``record``)."""
    for _ in range(steps):
        if hand.done:
            return
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        if record is not None:
            record["actions"].append(action)


def random_point(game: str, seed: int, steps: int,
                 options: dict | None = None) -> tuple[dict[str, Any], Any]:
    """A record and its hand at a random point before the end: the deal of ``seed`` is played
    to its end with random legal actions (``random.Random(seed)``, as ``play_to`` draws them),
    then the record and the hand keep its first ``steps % n`` actions (``n`` the length of that
    hand) — the position ``play_to`` reaches for any ``steps < n``, and never a finished hand,
    so every ``steps`` is a position with a decision. A deal that is over before its first
    action (a French Tarot petit sec) is replaced by the deal of ``seed + 1``, and so on."""
    for offset in range(100):
        record, hand = new_hand(game, seed + offset, options=options)
        trial, rng, actions = hand.clone(), random.Random(seed + offset), []
        while not trial.done:
            action = rng.choice(trial.legal_actions())
            trial.apply(action)
            actions.append(action)
        if actions:
            for action in actions[:steps % len(actions)]:
                hand.apply(action)
                record["actions"].append(action)
            return record, hand
    raise AssertionError(f"no {game} deal with a decision from seed {seed} on")


def decide_at_random_point(game: str, seed: int, steps: int,
                           options: dict | None = None) -> None:
    """Random play to a random point before the end (any phase), then every level decides
    there, legally and with a reason."""
    _, hand = random_point(game, seed, steps, options)
    k = hand.knowledge(hand.to_act)
    for level in AI_LEVELS:
        check(player(level, seed).decide(k), k)


def whole_hand(game: str, seed: int, shift: int, options: dict | None = None) -> set[str]:
    """Play a hand with the three levels seated in turn (rotated by ``shift``), checking every
    decision; returns the verbs used."""
    _, hand = new_hand(game, seed, options=options)
    players = [player(AI_LEVELS[(s + shift) % 3], seed + s) for s in range(4)]
    verbs: set[str] = set()
    while not hand.done:
        k = hand.knowledge(hand.to_act)
        decision = players[hand.to_act].decide(k)
        check(decision, k)
        verbs.update(v for v in decision.action if v != "seat")
        hand.apply(decision.action)
    return verbs


def swap_unseen(record: dict[str, Any], hand, me: int, rng: random.Random) -> dict | None:
    """A copy of ``record`` in which two other seats exchange one unplayed card each, of the
    same suit and different faces, that still replays; where a game hides the last dealt cards
    until trump, both cards stay on the same side of that line. Cards another seat has seen (a
    French Tarot talon, a handful shown) never move: a twin that moves a shown card does not
    replay. ``None`` if there is none."""
    pack = hand.PACK
    visible = VISIBLE_BEFORE_TRUMP.get(hand.GAME)
    others = [s for s in range(4) if s != me]
    rng.shuffle(others)
    # Only dealt cards move: French Tarot's declarer also holds the talon, which all have seen.
    dealt = {s: {pack.parse(c) for c in record["deal"]["SWNE"[s]]} for s in others}
    for i, x in enumerate(others):
        for y in others[i + 1:]:
            fx = set(pack.faces_in(hand.hands[x])) & dealt[x]
            fy = set(pack.faces_in(hand.hands[y])) & dealt[y]
            pairs = [(a, b) for a in sorted(fx - fy) for b in sorted(fy - fx)
                     if pack.suit_of_face(a) == pack.suit_of_face(b)]
            rng.shuffle(pairs)
            for a, b in pairs:
                new = copy.deepcopy(record)
                lx, ly = new["deal"]["SWNE"[x]], new["deal"]["SWNE"[y]]
                ia = max(j for j, c in enumerate(lx) if pack.parse(c) == a)
                ib = max(j for j, c in enumerate(ly) if pack.parse(c) == b)
                if visible is not None and (ia < visible) != (ib < visible):
                    continue
                lx[ia], ly[ib] = ly[ib], lx[ia]
                try:
                    records.replay_hand(new)
                except ValueError:
                    continue
                return new
    return None


def tarot_twin(hand: T.TarotHand, seat: int, rng: random.Random) -> T.TarotHand | None:
    """A copy of ``hand`` with one unseen card swapped between two other seats (never the
    called card, nor the declarer's), or ``None`` when no such swap exists."""
    twin = hand.clone()
    assert isinstance(twin, T.TarotHand)
    others = [s for s in range(hand.table.size) if s != seat and hand.hands[s]]
    if hand.declarer is not None:
        others = [s for s in others if s != hand.declarer]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    keep = (1 << hand.called) if hand.called is not None else 0
    ca = list(C.bits(hand.hands[a] & ~keep))
    cb = list(C.bits(hand.hands[b] & ~keep))
    if not ca or not cb:
        return None
    x, y = rng.choice(ca), rng.choice(cb)
    twin.hands[a] ^= (1 << x) | (1 << y)
    twin.hands[b] ^= (1 << x) | (1 << y)
    return twin

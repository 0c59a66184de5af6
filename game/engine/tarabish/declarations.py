"""Tarabish's declarations: runs (sequences, their parts, kinds and values, which seat's runs
count, the ``runs`` action read) and bella (who may claim it with which card). Functions of
cards and seats only; :class:`~.hand.TarabishHand` calls them to check and score."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..hand import named_seat, reason_of
from ..message import Card, Cards, Message
from .rules import KING, QUEEN

PART_VALUES = {3: 20, 4: 50}
"""Points of the parts a sequence splits into: a three (a "twenty") and a four (a "fifty")."""
PART_NAMES = {3: "twenty", 4: "fifty"}
KIND_VALUES = {name: PART_VALUES[n] for n, name in PART_NAMES.items()}
"""What a kind seen in another seat's unshown declaration is worth (``"fifty"`` → 50)."""


# ------------------------------------------------------------------------------------------
# Runs


def run_parts(length: int) -> list[int]:
    """The lengths of the parts a sequence of ``length`` cards scores and competes as: fours
    from the top, then a three (5: ``[4]``, 7: ``[4, 3]``, 9: ``[4, 4]``); ``[]`` below three.
    The first part is the best one (the top four, or the three of a bare twenty)."""
    if length < 3:
        return []
    return [4] * (length // 4) + ([3] if length % 4 == 3 else [])


def run_value(length: int) -> int:
    """Points of a run of ``length`` cards, the sum of its parts (3: 20, 4–6: 50, 7: 70,
    8–9: 100); 0 below three."""
    return sum(PART_VALUES[n] for n in run_parts(length))


def run_kinds(length: int) -> list[str]:
    """The kinds of a run of ``length`` cards as another seat sees them before the run is
    shown: one ``"fifty"`` or ``"twenty"`` per part (7 cards: ``["fifty", "twenty"]``)."""
    return [PART_NAMES[n] for n in run_parts(length)]


def declared_kinds(runs: Sequence[Sequence[object]]) -> list[str]:
    """What another seat sees of a declaration (runs as cards or notation) before it is shown:
    the kinds of every run's parts, in order (:func:`run_kinds`)."""
    return [kind for r in runs for kind in run_kinds(len(r))]


def runs_in(hand: int) -> list[list[int]]:
    """Every maximal sequence of three or more cards of one suit in ``hand`` (a 36-pack mask),
    in suit order S H D C, each high→low (the canonical declaration)."""
    found: list[list[int]] = []
    for suit in range(4):
        m = (hand >> (9 * suit)) & 0x1FF
        rank = 8
        while rank >= 0:
            if not (m >> rank) & 1:
                rank -= 1
                continue
            top = rank
            while rank >= 0 and (m >> rank) & 1:
                rank -= 1
            if top - rank >= 3:
                found.append([suit * 9 + r for r in range(top, rank, -1)])
    return found


def run_key(run: Sequence[int], trump: int) -> tuple[int, int, int]:
    """How good a declared run is, as its best part (the top four of a longer sequence):
    (50 for a fifty or 20 for a twenty, top natural rank, 1 if trump). Greater is better."""
    top = max(run)
    return PART_VALUES[run_parts(len(run))[0]], top % 9, int(top // 9 == trump)


def best_run_holder(declared: Sequence[Sequence[Sequence[int]]], trump: int) -> int | None:
    """The seat whose runs count, given each seat's declared runs: the holder of the best run
    (:func:`run_key`: a fifty beats any twenty, then the higher top card, then trump over
    plain); ``None`` when nobody declared or the best runs of different seats are equal
    (equal plain runs cancel)."""
    best: tuple[int, int, int] | None = None
    holders: list[int] = []
    for seat, runs in enumerate(declared):
        if not runs:
            continue
        key = max(run_key(r, trump) for r in runs)
        if best is None or key > best:
            best, holders = key, [seat]
        elif key == best:
            holders.append(seat)
    return holders[0] if len(holders) == 1 else None


def parse_runs(value: object) -> list[list[int]] | str:
    """The declared runs of a ``runs`` action as lists of cards high→low, or the reason the
    value is not a well-formed declaration (checks shape, notation, sequence and overlap; not
    who holds the cards)."""
    example = '[["JS", "10S", "9S"]]'
    if not isinstance(value, list) or not value:
        return Message("runs must be a list of runs, each a list of cards, such as {example}",
                       example=example)
    runs: list[list[int]] = []
    seen: set[int] = set()
    for item in value:
        if not isinstance(item, list):
            return Message("runs must be a list of runs, each a list of cards, such as "
                           "{example}", example=example)
        try:
            cards = [C.parse36(c) for c in item]
        except C.NotationError as err:
            return reason_of(err)
        names = Cards(C.format36(c) for c in cards)
        if len(set(cards)) != len(cards):
            return Message("the run {cards} names a card twice", cards=names)
        cards.sort(reverse=True)
        suits = {c // 9 for c in cards}
        if len(cards) < 3 or len(suits) != 1 or cards[0] - cards[-1] != len(cards) - 1:
            return Message("{cards} is not a run: a run is three or more cards of one suit in "
                           "sequence (A K Q J 10 9 8 7 6)", cards=names)
        twice = seen.intersection(cards)
        if twice:
            return Message("{card} is declared in two runs", card=Card(C.format36(min(twice))))
        seen.update(cards)
        runs.append(cards)
    return runs


# ------------------------------------------------------------------------------------------
# Bella


def bella_reason(seat: int, card: int, trump: int, dealt: int, held: int,
                 on_first: bool) -> str | None:
    """``None`` when ``seat`` may claim bella with held ``card`` now, else the reason;
    ``dealt`` and ``held``: the seat's cards as dealt and still held (36-face masks);
    ``on_first``: the ``bella_on_first`` option.

    **Decision**: the claim goes with exactly one card, the second of the pair played
    (option ``bella_on_first``: the first)."""
    who = named_seat(seat)
    king, queen = trump * 9 + KING, trump * 9 + QUEEN
    named = Card(C.format36(card))
    if card not in (king, queen):
        return Message("{seat} cannot claim bella with {card}: bella is the king and queen "
                       "of trump ({cards})",
                       you="You cannot claim bella with {card}: bella is the king and queen "
                           "of trump ({cards})",
                       seat=who, card=named, cards=Cards((C.format36(king),
                                                          C.format36(queen))))
    other = Card(C.format36(queen if card == king else king))
    if not (dealt >> C.parse36(other)) & 1:
        return Message("{seat} cannot claim bella: does not hold the king and queen of trump",
                       you="You cannot claim bella: you do not hold the king and queen of "
                           "trump", seat=who)
    still_held = bool((held >> C.parse36(other)) & 1)
    if on_first:
        if not still_held:
            return Message("{seat} cannot claim bella with {card}: bella is claimed with the "
                           "first of the king and queen of trump ({other} was played "
                           "already)",
                           you="You cannot claim bella with {card}: bella is claimed with "
                               "the first of the king and queen of trump ({other} was "
                               "played already)", seat=who, card=named, other=other)
    elif still_held:
        return Message("{seat} cannot claim bella with {card}: bella is claimed with the "
                       "second of the king and queen of trump ({other} is still in hand)",
                       you="You cannot claim bella with {card}: bella is claimed with the "
                           "second of the king and queen of trump ({other} is still in "
                           "hand)", seat=who, card=named, other=other)
    return None

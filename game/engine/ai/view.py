"""A seat's :class:`~game.engine.knowledge.Knowledge` read into plain ints for the players of
the trick-taking games: its hand, what is still unseen, the open trick, the revealed voids.

Everything here comes from the knowledge object and nothing else (the players cannot peek). Cards
are *faces* of the game's pack (``pack.parse`` of the notation), so the 144-card game is read as
36 faces with copy counts.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

from ..cards import SEATS, SUITS, seat_index
from ..hand import Action
from ..knowledge import Knowledge
from ..message import Message, Seat, Word
from ..tricks import Pack

__all__ = [
    "PARTNER",
    "SEAT_NAMES",
    "SUIT_NAMES",
    "SUIT_ONE",
    "TrickView",
    "act",
    "read",
    "reason",
    "suit_of_letter",
]

SUIT_NAMES = (Word("spades"), Word("hearts"), Word("diamonds"), Word("clubs"), Word("trumps"))
"""Suit names for the reasons, by suit index (4: French Tarot's trumps): words translated where
a reason is said (the same English as :data:`game.engine.cards.SUIT_NAMES`)."""
SUIT_ONE = (Word("spade"), Word("heart"), Word("diamond"), Word("club"), Word("trump"))
"""One card's suit, as in "your lowest spade", by suit index."""
SEAT_NAMES = tuple(Seat(letter, name) for letter, name in zip(
    SEATS, ("South", "West", "North", "East"), strict=True))
"""The seats by name, by seat index (said in the reader's language)."""
PARTNER = Word("your partner")
"""The partner when no seat is named."""


def suit_of_letter(letter: str) -> int:
    """Suit index of a void letter (``"T"``, French Tarot's trumps, is 4)."""
    return (SUITS + "T").index(letter)


@dataclass
class TrickView:
    """One seat's view of a trick-taking hand, as ints.

    ``own[f]`` and ``unseen[f]`` count the copies of face ``f`` in the seat's visible hand and
    among the cards it has not seen (``pack.copies`` minus own, played and its unseen own);
    ``hand`` and ``others`` are the matching face bit sets (``others``: faces another seat may
    hold). ``trick`` is the open trick's ``(seat, face)`` pairs in the order played.
    ``voids[s]`` is a bit set of the suit indexes seat ``s`` has shown it lacks. ``won`` counts
    the tricks taken by each partnership (0 = NS, 1 = EW).
    """

    seat: int
    pack: Pack
    trump: int | None
    own: list[int]
    unseen: list[int]
    hand: int
    others: int
    leader: int | None
    trick: list[tuple[int, int]]
    voids: list[int]
    won: list[int]
    tricks_done: int
    sizes: tuple[int, ...]

    @property
    def partner(self) -> int:
        """The seat opposite."""
        return self.seat ^ 2

    @property
    def unseen_pool(self) -> list[int]:
        """Every unseen face, copies repeated."""
        return [f for f, n in enumerate(self.unseen) for _ in range(n)]


def read(k: Knowledge, pack: Pack) -> TrickView:
    """The :class:`TrickView` of knowledge ``k`` for a game played with ``pack``."""
    own = [0] * pack.faces
    for name in k.hand:
        own[pack.parse(name)] += 1
    unseen = [pack.copies - n for n in own]
    won = [0, 0]
    trick: list[tuple[int, int]] = []
    leader: int | None = None
    done = 0
    for t in k.tricks:
        lead = seat_index(t["leader"])
        faces = [pack.parse(c) for c in t["cards"]]
        for f in faces:
            unseen[f] -= 1
        if t["winner"] is None:
            seats = _trick_seats(k, lead, len(faces))
            trick = list(zip(seats, faces, strict=True))
            leader = lead
        else:
            won[seat_index(t["winner"]) & 1] += 1
            done += 1
    if leader is None and k.to_act is not None and k.phase == "play":
        leader = k.to_act
    hand = 0
    others = 0
    for f in range(pack.faces):
        if own[f]:
            hand |= 1 << f
        if unseen[f] > 0:
            others |= 1 << f
    voids = [0, 0, 0, 0]
    for s, letters in enumerate(k.voids):
        for letter in letters:
            voids[s] |= 1 << suit_of_letter(letter)
    return TrickView(k.seat, pack, None if k.trump is None else SUITS.index(k.trump), own,
                     unseen, hand, others, leader, trick, voids, won, done, k.hand_sizes)


def _trick_seats(k: Knowledge, leader: int, n: int) -> list[int]:
    """The seats that played the open trick's ``n`` cards: the last ``n`` play actions."""
    plays = [a for a in k.history if "play" in a][-n:] if n else []
    seats = [seat_index(a["seat"]) for a in plays]
    assert not seats or seats[0] == leader, "the open trick's plays do not match its leader"
    return seats


def act(k: Knowledge, verb: str, value: Any) -> Action:
    """The action of knowledge ``k``'s seat, checked against its legal list."""
    action: Action = {"seat": k.seat_name, verb: value}
    if action not in k.legal:
        raise AssertionError(f"the AI chose {action}, which is not legal here")
    return action


_FIELDS: dict[str, frozenset[str]] = {}


def reason(template: str, /, **values: Any) -> Message:
    """The :class:`~game.engine.message.Message` of ``template`` (a message id, marked with
    ``N_`` where it is written) with only the ``values`` it names: a reason table may offer
    every value any of its sentences uses."""
    fields = _FIELDS.get(template)
    if fields is None:
        fields = _FIELDS[template] = frozenset(
            name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name)
    return Message(template, **{k: v for k, v in values.items() if k in fields})

"""Dealing French Tarot and the draw for the first dealer (RULES.md sections 4 and 5).

**Decision** (where RULES.md is silent): *first dealer* — each seat draws a card; the lowest
deals. Suit cards rank by their rank alone (1 lowest … K), every trump ranks above every suit
card (T1 < … < T21), a seat drawing the Excuse draws again, and seats tied for lowest (same
rank, different suits) draw again among themselves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .. import cards as C
from .layouts import layout


def deal(rng: random.Random, dealer: int, options: Mapping[str, Any]) -> dict[str, list[str]]:
    """Shuffle and deal in record form, as the table of ``options`` deals (:class:`Layout`):
    four players 18 cards each in packets of three, three players 24 in packets of four, five
    players 15 in packets of three; counter-clockwise from the dealer's right, and the talon
    (six cards; three at five) one card at a time between packets (never the first or the last
    card)."""
    lay = layout(options)
    table = lay.table
    deck = C.shuffled(range(C.TAROT_CARDS), rng)
    order = table.order(table.counter_clockwise(dealer), clockwise_order=False)
    packets = table.size * lay.hand_size // lay.packet
    gaps = set(rng.sample(range(1, packets), lay.talon))
    piles: dict[str, list[int]] = {**{s: [] for s in table.letters}, "talon": []}
    pos = 0
    for packet in range(packets):
        if packet in gaps:
            piles["talon"].append(deck[pos])
            pos += 1
        piles[table.letters[order[packet % table.size]]].extend(deck[pos:pos + lay.packet])
        pos += lay.packet
    return {k: [C.format_tarot(c) for c in v] for k, v in piles.items()}


def draw_rank(card: int) -> int:
    """A card's rank in the draw for the first dealer: suit cards by rank (1 lowest … K),
    trumps above them all; the Excuse is never compared (it is drawn again)."""
    return card % 14 if card < C.TRUMP_BASE else card


def first_dealer(rng: random.Random, options: Mapping[str, Any] | None = None) -> int:
    """The draw for the first dealer: every seat (of the table of ``options``; default four)
    draws a card, the lowest deals; the Excuse is drawn again and seats tied for lowest draw
    again among themselves."""
    deck = C.shuffled(range(C.TAROT_CARDS), rng)
    contenders = list(range(layout(options or {}).players))
    while True:
        if len(deck) < 5 * len(contenders):
            deck = C.shuffled(range(C.TAROT_CARDS), rng)
        drawn = {}
        for s in contenders:
            card = deck.pop()
            while card == C.EXCUSE:
                card = deck.pop()
            drawn[s] = draw_rank(card)
        low = min(drawn.values())
        contenders = [s for s in contenders if drawn[s] == low]
        if len(contenders) == 1:
            return contenders[0]

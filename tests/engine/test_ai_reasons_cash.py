"""French Tarot's "Cash" reason names as seats that might trump only the opponents the seat
knows (issue 36: at five it named the declarer to its own partner): checked on hand-built
positions where the policy cashes a master K♠, at four and at five (the declarer, its partner
who knows itself, a defender that has read the partner, one to whom the partner is secret)."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine import cards as C
from game.engine.ai import tarot_play as TP
from game.engine.ai.tarot_partner import seat_names
from game.engine.tarot import LAYOUTS

FIVE_NAMES = seat_names(LAYOUTS[5].table.letters)
"""At five: South (0), West (1), North-West (2), North-East (3), East (4)."""


def mask(*names: str) -> int:
    return C.mask_of(C.parse_tarot(n) for n in names)


HAND = mask("KS", "3S", "4H", "5H")
OTHERS = C.FULL_TAROT & ~HAND & ~TP.TRUMPS & ~mask("EX")
"""South holds the master K♠; every trump is seen (nobody can trump): the policy cashes."""

ROWS = [
    # (what, seating, declarer, English words, French words, seats never named)
    ("four: a defender names the declarer", TP.FOUR, 3,
     "and East is not known to be able to trump it.",
     "et rien n'indique que Est puisse la couper.", ()),
    ("five: the declarer names nobody", TP.Seating(5, 3, 0, FIVE_NAMES), 0,
     "and no opponent is known to be able to trump it.",
     "et aucun adversaire n'est connu pour pouvoir la couper.",
     ("West", "North-West", "North-East", "East")),
    ("five: the partner (itself) never names its declarer",
     TP.Seating(5, 3, 1 << 0, FIVE_NAMES), 3,
     "and no opponent is known to be able to trump it.",
     "et aucun adversaire n'est connu pour pouvoir la couper.",
     ("West", "North-West", "North-East", "East")),
    ("five: a defender that read the partner names both",
     TP.Seating(5, 3, 1 << 2, FIVE_NAMES), 3,
     "and neither North-East nor North-West is known to be able to trump it.",
     "et rien n'indique que Nord-Est ou Nord-Ouest puisse la couper.", ("West", "East")),
    ("five: a defender to whom the partner is secret says so",
     TP.Seating(5, 3, 0, FIVE_NAMES, doubt=0b10110), 3,
     "and North-East is not known to be able to trump it (its partner is still secret to "
     "you).",
     "et rien n'indique que Nord-Est puisse la couper (son partenaire vous est encore "
     "inconnu).", ("West", "North-West", "East")),
]


@pytest.mark.parametrize("what,seating,decl,english,french,unnamed", ROWS,
                         ids=[r[0] for r in ROWS])
def test_cash_names_only_the_seats_that_might_trump(what, seating, decl, english, french,
                                                    unnamed) -> None:
    size = seating.size
    voids, ceiling = [0] * size, [TP.TRUMPS] * size
    card, code = TP.choose(TP.NORMAL, 0, decl, HAND, HAND, OTHERS, [], voids, ceiling, False,
                           seating=seating)
    assert (C.format_tarot(card), code) == ("KS", TP.CASH), what
    reason = TP.explain(code, card, decl, [], OTHERS, 0, voids, ceiling, HAND, seating)
    try:
        said = i18n.say(reason)
        assert said.startswith("Cash K♠: nobody can beat it in spades, ")
        assert said.endswith(english), said
        assert not any(re.search(rf"(?<![\w-]){seat}(?![\w-])", said) for seat in unnamed), said
        i18n.set_language("fr")
        assert i18n.say(reason).replace("\u00a0", " ").endswith(french)
    finally:
        i18n.set_language("en")

"""French Tarot as the records and the match see it: its :class:`~game.engine.games.GameSpec`
(name, options, deal, tally, playouts, table).

**Decision** (where RULES.md is silent): *options* — ``hands`` is one, two or three hands per
player (default one each); ``players`` is left out of the full options at its default, four (so
four-player records, saves and settings are exactly as before).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games import GameSpec, Option
from ..message import N_
from ..tricks import PACK_TAROT
from .deal import deal, first_dealer
from .hand import TarotHand
from .layouts import layout
from .playouts import engine_playout, playout_start, random_playout
from .scoring import TarotTally


def _hands_choices(options: Mapping[str, Any]) -> tuple[int, tuple[int, ...]]:
    """The option ``hands`` under ``players``: one hand per player by default, or two or
    three per player (RULES.md section 5)."""
    n = options.get("players", 4)
    return n, (n, 2 * n, 3 * n)


SPEC = GameSpec(
    name="tarot",
    title=N_("French Tarot"),
    options={"hands": Option(4, (4, 8, 12), N_("hands played out in a game"),
                             given_by=_hands_choices)},
    players=Option(4, (3, 4, 5), N_("players at the table")),
    new_hand=lambda d, dealer, options: TarotHand(d, dealer, options),
    deal=deal,
    first_dealer=first_dealer,
    tally=TarotTally,
    summary=N_("France: 78 cards, 3 to 5 players; the declarer against the rest (at 5, "
               "with a called king)."),
    extras={"random_playout": random_playout, "playout_start": playout_start,
            "engine_playout": engine_playout},
    pack=PACK_TAROT,
    table=lambda options: layout(options).table,
)

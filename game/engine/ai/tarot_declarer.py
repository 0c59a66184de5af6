"""French Tarot card play: what the declarer's side does that the defence does not — the
declarer keeps the Excuse for the last trick while its slam is alive (:func:`keeps_excuse`),
and the declarer's side draws trumps with a master trump (:func:`draw_trumps`). Called by
:func:`.tarot_policy.choose`; reads :mod:`.tarot_table` only."""

from __future__ import annotations

from ..cards import highest
from ..tarot import EXB, KINGS
from .tarot_table import DRAW, DRAW_PLAIN, TRUMPS, is_master


def keeps_excuse(me: int, decl: int, legal: int, won_all: bool) -> bool:
    """Whether ``me``, with the Excuse and one other card left, plays the other card and keeps
    the Excuse to lead the last trick: only the declarer, while it has won every trick so far
    (``won_all``: the Excuse leading the last trick wins it for the slam), and only when
    another card is legal."""
    return me == decl and won_all and bool(legal & ~EXB)


def draw_trumps(trumps: int, plain: int, others: int) -> tuple[int, int] | None:
    """The lead of a seat on the declarer's side drawing trumps, with its reason code, or
    ``None``: its highest trump when that one is the master and it holds at least as many
    trumps (``trumps``) as are still out (in ``others``); ``DRAW`` when it keeps kings among
    its suit cards (``plain``), else ``DRAW_PLAIN``."""
    out = others & TRUMPS
    if not out or not trumps:
        return None
    top = highest(trumps)
    if is_master(top, others) and trumps.bit_count() >= out.bit_count():
        return top, DRAW if plain & KINGS else DRAW_PLAIN
    return None

"""The player's choice of card back and felt, as the drawing code reads it.

:func:`follow` hands this module the settings object the player changes (the app calls it once;
Settings calls it again): from then on :func:`back_colours` and :func:`felt_colours` give the
colours of the current choice, so a change in Settings shows at once. Before any call, and for
a name this module does not know, the first (default) choice is used.
"""

from __future__ import annotations

from typing import Protocol

from ..theme import CARD_BACKS, FELTS, Colour


class LookSettings(Protocol):
    """The two settings read here (``storage.Settings`` has them)."""

    card_back: str
    felt: str


_followed: list[LookSettings] = []


def follow(settings: LookSettings) -> None:
    """Take the card back and the felt from ``settings`` from now on."""
    _followed[:] = [settings]


def back_name() -> str:
    """The chosen card back (a key of ``theme.CARD_BACKS``)."""
    name = getattr(_followed[0], "card_back", "") if _followed else ""
    return name if name in CARD_BACKS else next(iter(CARD_BACKS))


def felt_name() -> str:
    """The chosen felt (a key of ``theme.FELTS``)."""
    name = getattr(_followed[0], "felt", "") if _followed else ""
    return name if name in FELTS else next(iter(FELTS))


def back_colours(name: str | None = None) -> tuple[Colour, Colour, Colour]:
    """Fill, pattern and rim of card back ``name`` (the chosen one by default)."""
    return CARD_BACKS[name if name in CARD_BACKS else back_name()]


def felt_colours(name: str | None = None) -> tuple[Colour, Colour]:
    """Centre and edge colour of felt ``name`` (the chosen one by default)."""
    return FELTS[name if name in FELTS else felt_name()]

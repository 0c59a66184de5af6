"""The registry of games: each game module's :class:`GameSpec`, found by its record name.

A spec is everything the records, the commands, the match layer and the UI need to know about a
game without knowing the game: its options, how to deal, how to start a hand from a recorded
deal, how the first dealer is drawn and how a match is scored.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .hand import HandState
from .message import Message

if TYPE_CHECKING:
    from .tally import Tally
    from .tricks import Pack

GAME_MODULES = {
    "arbaa-turub": "arbaa_turub",
    "turup": "turup",
    "tarabish": "tarabish",
    "tarot": "tarot",
}
"""Record name → module in ``game.engine``; the order is the menu's."""


class OptionError(ValueError):
    """An unknown option or a value the option does not take."""


@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it allows."""

    default: Any
    choices: tuple[Any, ...]
    help: str = ""
    """What the option does, in English: a message id (the interface shows it with ``_()``)."""

    def check(self, name: str, value: Any) -> Any:
        """``value`` when allowed (booleans must be true JSON booleans), else OptionError."""
        ok = any(type(value) is type(c) and value == c for c in self.choices)
        if not ok:
            allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c)
                                for c in self.choices)
            raise OptionError(Message("option {name} cannot be {value} (allowed: {allowed})",
                                      name=name, value=repr(value), allowed=allowed))
        return value


@dataclass(frozen=True)
class GameSpec:
    """What the rest of the program needs to know about one game."""

    name: str
    """The record name: ``"arbaa-turub"``, ``"turup"``, ``"tarabish"``, ``"tarot"``."""
    title: str
    """The game's name as players read it, in English: a message id (the interface shows it
    with ``_()``)."""
    options: Mapping[str, Option]
    new_hand: Callable[[Mapping[str, Any], int, Mapping[str, Any]], HandState]
    """``new_hand(record_deal, dealer, full_options)``: a hand at its first decision; raises
    ``DealError``/``NotationError`` for a deal that is not a full pack dealt this game's way."""
    deal: Callable[[random.Random, int, Mapping[str, Any]], dict[str, list[str]]]
    """``deal(rng, dealer, options)``: a shuffled deal in record form (cards in order dealt)."""
    first_dealer: Callable[[random.Random], int]
    """The game's draw for the first dealer of a match."""
    tally: Callable[[Mapping[str, Any]], Tally]
    """A new match tally for these options."""
    summary: str = ""
    """One line about the game for the menu, in English: a message id (shown with ``_()``)."""
    extras: Mapping[str, Any] = field(default_factory=dict)
    pack: Pack | None = None
    """The game's pack of cards (names, suits, copies), for what reads cards without a hand
    state (the learning mode's card tracker)."""

    def full_options(self, given: object) -> dict[str, Any]:
        """Defaults overlaid with ``given`` (a record's ``options``); raises OptionError for an
        unknown key or a bad value."""
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise OptionError(Message("\"options\" must be an object"))
        unknown = set(given) - set(self.options)
        if unknown:
            known = ", ".join(self.options) or "none"
            raise OptionError(Message("unknown option(s) for {game}: {options} (known: {known})",
                                      game=self.name,
                                      options=", ".join(sorted(map(str, unknown))),
                                      known=known))
        full = {k: o.default for k, o in self.options.items()}
        for k, v in given.items():
            full[k] = self.options[k].check(k, v)
        return full

    def changed_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Only the options that differ from the defaults (what a record stores)."""
        return {k: v for k, v in options.items() if self.options[k].default != v}


def names() -> list[str]:
    """Every game's record name."""
    return list(GAME_MODULES)


def get(name: object) -> GameSpec:
    """The spec of game ``name``; ``KeyError`` with a clear message for an unknown game."""
    if not isinstance(name, str) or name not in GAME_MODULES:
        raise KeyError(Message("unknown game {name} (expected one of {games})", name=repr(name),
                               games=", ".join(GAME_MODULES)))
    module = importlib.import_module(f"game.engine.{GAME_MODULES[name]}")
    spec: GameSpec = module.SPEC
    return spec


def rng_for(game: str, seed: int, purpose: str) -> random.Random:
    """A generator for one purpose of one seeded game (``"draw"``, ``"hand-0"``, …), so that
    each purpose gets the same numbers whatever else was drawn before it."""
    return random.Random(f"four-trumps/{game}/{seed}/{purpose}")

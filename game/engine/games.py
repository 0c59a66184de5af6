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

from .cards import TABLE4, Table, clip, quoted
from .hand import HandState
from .message import Message
from .native import mypyc_attr

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
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


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Option:
    """One game option: its default and the values it allows."""

    default: Any
    choices: tuple[Any, ...]
    help: str = ""
    """What the option does, in English: a message id (the interface shows it with ``_()``)."""
    given_by: Callable[[Mapping[str, Any]], tuple[Any, tuple[Any, ...]]] | None = None
    """For an option whose default and choices depend on the other options (French Tarot's
    ``hands`` on ``players``): ``(default, choices)`` from the other options' full values;
    ``default`` and ``choices`` above are then those of the other options' defaults."""

    def default_in(self, options: Mapping[str, Any]) -> Any:
        """The default under the other ``options`` (full values)."""
        return self.default if self.given_by is None else self.given_by(options)[0]

    def choices_in(self, options: Mapping[str, Any]) -> tuple[Any, ...]:
        """The values allowed under the other ``options`` (full values)."""
        return self.choices if self.given_by is None else self.given_by(options)[1]

    def check(self, name: str, value: Any, options: Mapping[str, Any] | None = None) -> Any:
        """``value`` when allowed (booleans must be true JSON booleans) under the other
        ``options`` (default: theirs by default), else OptionError."""
        choices = self.choices if options is None else self.choices_in(options)
        ok = any(type(value) is type(c) and value == c for c in choices)
        if not ok:
            allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c)
                                for c in choices)
            raise OptionError(Message("option {name} cannot be {value} (allowed: {allowed})",
                                      name=name, value=quoted(value), allowed=allowed))
        return value


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
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
    first_dealer: Callable[..., int]
    """``first_dealer(rng, full_options=None)``: the game's draw for the first dealer of a
    match (the options choose French Tarot's table; without them, four seats)."""
    tally: Callable[[Mapping[str, Any]], Tally]
    """A new match tally for these options."""
    summary: str = ""
    """One line about the game for the menu, in English: a message id (shown with ``_()``)."""
    extras: Mapping[str, Any] = field(default_factory=dict)
    pack: Pack | None = None
    """The game's pack of cards (names, suits, copies), for what reads cards without a hand
    state (the learning mode's card tracker)."""
    players: Option | None = None
    """French Tarot's option ``players`` (the table size; RULES.md section 5): an option of
    its own, not in :attr:`options` (what the settings screen offers), accepted and checked by
    :meth:`full_options` like the others but left out of the full options at its default
    (four), so the options of every record, save and setting written before it stay as they
    were; readers take four when it is absent."""
    table: Callable[[Mapping[str, Any]], Table] = lambda options: TABLE4
    """``table(full_options)``: the seats these options play at (four, ``S W N E``, except
    French Tarot's ``players`` 3 and 5)."""

    def full_options(self, given: object) -> dict[str, Any]:
        """Defaults overlaid with ``given`` (a record's ``options``); raises OptionError for an
        unknown key or a bad value."""
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise OptionError(Message("\"options\" must be an object"))
        every = self.every_option()
        unknown = set(given) - set(every)
        if unknown:
            known = ", ".join(every) or "none"
            raise OptionError(Message("unknown option(s) for {game}: {options} (known: {known})",
                                      game=self.name,
                                      options=clip(", ".join(sorted(map(str, unknown)))),
                                      known=known))
        full = {k: o.default for k, o in every.items()}
        for k, v in given.items():
            if every[k].given_by is None:
                full[k] = every[k].check(k, v)
        for k, o in every.items():  # those that depend on the others, after them
            if o.given_by is not None:
                full[k] = o.check(k, given[k], full) if k in given else o.default_in(full)
        if self.players is not None and full["players"] == self.players.default:
            del full["players"]
        return full

    def every_option(self) -> dict[str, Option]:
        """:attr:`options` and, first, ``players`` when the game has that option."""
        return {**({"players": self.players} if self.players is not None else {}),
                **self.options}

    def changed_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Only the options that differ from the defaults (what a record stores); an option
        whose default depends on the others is compared with its default under them."""
        every = self.every_option()
        full = {k: o.default for k, o in every.items()}
        full.update(options)
        return {k: v for k, v in options.items() if every[k].default_in(full) != v}


def names() -> list[str]:
    """Every game's record name."""
    return list(GAME_MODULES)


def get(name: object) -> GameSpec:
    """The spec of game ``name``; ``KeyError`` with a clear message for an unknown game."""
    if not isinstance(name, str) or name not in GAME_MODULES:
        raise KeyError(Message("unknown game {name} (expected one of {games})", name=quoted(name),
                               games=", ".join(GAME_MODULES)))
    module = importlib.import_module(f"game.engine.{GAME_MODULES[name]}")
    spec: GameSpec = module.SPEC
    return spec


def rng_for(game: str, seed: int, purpose: str) -> random.Random:
    """A generator for one purpose of one seeded game (``"draw"``, ``"hand-0"``, …), so that
    each purpose gets the same numbers whatever else was drawn before it."""
    return random.Random(f"four-trumps/{game}/{seed}/{purpose}")

"""Settings: everything the player can set, read field by field and saved atomically.

Settings carry a ``version`` and are migrated (:func:`_migrate`); each unknown or invalid value
falls back to its default on its own, the others are kept (:func:`settings_from_json`). The file
is read and written with :mod:`game.data.files` (:func:`~game.data.files.read_json`,
:func:`~game.data.files.write_json`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

from ..engine import games
from ..engine.ai.player import LEVELS
from ..engine.games import OptionError
from ..engine.message import Message
from ..i18n import LANGUAGES, system_language
from ..lessons import LESSONS
from .files import Paths, read_json, write_json

SETTINGS_VERSION = 1

AI_LEVELS = tuple(LEVELS)
"""The AI levels a seat may be set to, weakest first (the engine's)."""
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
"""Animation speed → duration factor (``instant``: no card flies — a player's choice, and
autoplay's and the tests')."""
SPEEDS = tuple(SPEED_FACTORS)
MIN_WINDOW = (1024, 600)
CARD_BACKS = ("blue", "red", "green", "black")
"""The card backs a player may choose (their colours: ``game/ui/theme.py``)."""
FELTS = ("green", "blue", "red", "grey")
"""The felt colours a player may choose (their colours: ``game/ui/theme.py``)."""
AI_SEATS = ("W", "N", "E", "NW", "NE")
"""The AI seats whose level the player sets: the four-player table's three, and French
Tarot's North-West and North-East at five."""


class _EveryAISeat:
    """The settings' ``ai_level``: one level for every AI seat at once. Read, it is
    West's level; set, it sets them all (:data:`AI_SEATS`). Given to the constructor
    (``Settings(ai_level="easy", speed="fast")``) it does the same; not given, ``ai`` is left as
    it is."""

    @overload
    def __get__(self, settings: None, owner: type | None = None) -> None: ...

    @overload
    def __get__(self, settings: Settings, owner: type | None = None) -> str: ...

    def __get__(self, settings: Settings | None, owner: type | None = None) -> str | None:
        if settings is None:
            return None  # the constructor's default: leave ``ai`` alone
        return settings.ai.get("W", "normal")

    def __set__(self, settings: Settings, level: str | None) -> None:
        if level is not None:
            settings.ai = dict.fromkeys(AI_SEATS, level)


@dataclass
class Settings:
    """Everything the player can set — the one settings object the UI reads and changes
    (``app.settings``); the app saves it whenever it changes. ``learning`` maps a game to its
    learning-mode switch; a game missing there has never been played, and learning mode starts
    on for it. ``ai_level`` is one level for every AI seat (see :class:`_EveryAISeat`)."""

    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per game, only the options that differ from the game's defaults."""
    ai: dict[str, str] = field(default_factory=lambda: dict.fromkeys(AI_SEATS, "normal"))
    """Wanted AI level per AI seat, :data:`AI_SEATS` (the best existing level is used,
    :func:`game.engine.ai.player.best_level`)."""
    ai_level: _EveryAISeat = _EveryAISeat()
    learning: dict[str, bool] = field(default_factory=dict)
    play_checker: bool = True
    """The play checker (in learning mode): after South's decision, a note when the strong AI
    would have done otherwise."""
    speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    window: tuple[int, int] = (1280, 720)
    """The window's size when last a window (not full screen, not maximised)."""
    window_pos: tuple[int, int] | None = None
    """Where the window's top-left corner was last (``None``: never moved; it opens
    centred)."""
    maximised: bool = False
    """The window was maximised when last seen (it opens maximised)."""
    fullscreen: bool = False
    four_colour: bool = False
    trumps_right: bool = False
    """Sort South's trumps to the right of the hand instead of the left."""
    card_back: str = "blue"
    """The card back, one of :data:`CARD_BACKS`."""
    felt: str = "green"
    """The felt's colour, one of :data:`FELTS`."""
    auto_single: bool = False
    """Play South's card for it when only one card may be played."""
    language: str = field(default_factory=system_language)
    """The language the game speaks, one of :data:`game.i18n.LANGUAGES` ("en", "fr"); by
    default (and in a settings file without one) the system's."""
    lessons_offered: list[str] = field(default_factory=list)
    """The guided hands (ids of :data:`game.lessons.LESSONS`) already offered the first time
    their game was started from the menu — answered either way, so never asked again."""

    @property
    def speed_factor(self) -> float:
        """Multiplier for every animation and pause."""
        return SPEED_FACTORS.get(self.speed, 1.0)

    def game_options(self, game: str) -> dict[str, Any]:
        """The full option mapping of ``game`` (defaults overlaid with the player's choices)."""
        return games.get(game).full_options(self.options.get(game, {}))

    def learning_for(self, game: str) -> bool:
        """Learning mode for ``game``: on for a game never played, else the player's choice."""
        return self.learning.get(game, True)

    def to_json(self) -> dict[str, Any]:
        """The settings file's content: a fresh, independent copy (so comparing it with an
        earlier one sees changes made inside the nested mappings)."""
        return {"version": SETTINGS_VERSION,
                "options": {g: dict(o) for g, o in self.options.items()}, "ai": dict(self.ai),
                "learning": dict(self.learning), "play_checker": self.play_checker,
                "speed": self.speed, "sound": self.sound, "volume": self.volume,
                "window": list(self.window),
                "window_pos": list(self.window_pos) if self.window_pos is not None else None,
                "maximised": self.maximised, "fullscreen": self.fullscreen,
                "four_colour": self.four_colour, "trumps_right": self.trumps_right,
                "card_back": self.card_back, "felt": self.felt, "auto_single": self.auto_single,
                "language": self.language, "lessons_offered": list(self.lessons_offered)}


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older settings object up to :data:`SETTINGS_VERSION`.

    Version 0 (no ``version`` field) kept one AI level for all three seats as ``"ai_level"``,
    the window as ``"width"``/``"height"``, and a single ``"learning_mode"`` switch."""
    data = dict(data)
    if data.get("version", 0) == 0:
        level = data.pop("ai_level", None)
        if level is not None and "ai" not in data:
            data["ai"] = {"W": level, "N": level, "E": level}
        if "width" in data or "height" in data:
            data.setdefault("window", [data.pop("width", 1280), data.pop("height", 720)])
        switch = data.pop("learning_mode", None)
        if isinstance(switch, bool) and "learning" not in data:
            data["learning"] = dict.fromkeys(games.names(), switch)
        data["version"] = 1
    return data


def settings_from_json(data: Any) -> tuple[Settings, list[str]]:
    """Settings from a settings file's content, field by field: a value that is missing,
    unknown or invalid takes its default and the others are kept. Returns the settings and the
    names of the fields that fell back (for the log)."""
    s = Settings()
    if not isinstance(data, dict):
        return s, ["everything"]
    data = _migrate(data)
    fell_back: list[str] = []

    def take(name: str, ok: Callable[[Any], bool], convert: Callable[[Any], Any] = lambda v: v
             ) -> None:
        if name not in data:
            return
        try:
            if ok(data[name]):
                setattr(s, name, convert(data[name]))
                return
        except (TypeError, ValueError):
            pass
        fell_back.append(name)

    def is_bool(v: Any) -> bool:
        return isinstance(v, bool)

    take("speed", lambda v: v in SPEEDS)
    take("sound", is_bool)
    take("play_checker", is_bool)
    take("fullscreen", is_bool)
    take("maximised", is_bool)
    take("four_colour", is_bool)
    take("trumps_right", is_bool)
    take("auto_single", is_bool)
    take("card_back", lambda v: v in CARD_BACKS)
    take("felt", lambda v: v in FELTS)
    take("language", lambda v: v in LANGUAGES)
    take("lessons_offered", lambda v: isinstance(v, list)
         and all(isinstance(x, str) for x in v),
         lambda v: [x for x in LESSONS if x in v])  # an id unknown here is forgotten
    take("volume", lambda v: type(v) in (int, float) and 0 <= v <= 1, float)
    take("window", lambda v: (isinstance(v, list) and len(v) == 2
                              and all(type(x) is int for x in v)
                              and v[0] >= MIN_WINDOW[0] and v[1] >= MIN_WINDOW[1]
                              and v[0] <= 16384 and v[1] <= 16384), tuple)
    take("window_pos", lambda v: v is None or (isinstance(v, list) and len(v) == 2
                                                and all(type(x) is int and abs(x) <= 32768
                                                        for x in v)),
         lambda v: tuple(v) if v is not None else None)
    for key, value in (data.get("ai") or {}).items() if isinstance(data.get("ai"), dict) else ():
        if key in s.ai and value in AI_LEVELS:
            s.ai[key] = value
        else:
            fell_back.append(f"ai.{key}")
    if "ai" in data and not isinstance(data["ai"], dict):
        fell_back.append("ai")
    for seat in ("NW", "NE"):  # a file from before they had their own: North's, as then
        if seat not in (data.get("ai") if isinstance(data.get("ai"), dict) else {}):
            s.ai[seat] = s.ai["N"]
    learning = data.get("learning")
    if isinstance(learning, dict):
        for game, value in learning.items():
            if game in games.GAME_MODULES and isinstance(value, bool):
                s.learning[game] = value
            else:
                fell_back.append(f"learning.{game}")
    elif learning is not None:
        fell_back.append("learning")
    options = data.get("options")
    if isinstance(options, dict):
        for game, opts in options.items():
            if game not in games.GAME_MODULES or not isinstance(opts, dict):
                fell_back.append(f"options.{game}")
                continue
            spec = games.get(game)
            kept: dict[str, Any] = {}
            for name, value in opts.items():
                try:
                    spec.full_options({name: value})
                    kept[name] = value
                except OptionError:
                    fell_back.append(f"options.{game}.{name}")
            if kept:
                s.options[game] = spec.changed_options(spec.full_options(kept))
    elif options is not None:
        fell_back.append("options")
    return s, fell_back


def load_settings(paths: Paths, blocked: set[Path] | None = None
                  ) -> tuple[Settings, Message | None]:
    """The saved settings (defaults where missing or invalid) and a notice for the player if
    the file was damaged or cannot be read (then its path is added to ``blocked``)."""
    found = read_json(paths.settings, "settings", lambda d: isinstance(d, dict))
    if found.blocked and blocked is not None:
        blocked.add(paths.settings)
    settings, _ = settings_from_json(found.data if found.data is not None else {})
    return settings, found.notice


def save_settings(paths: Paths, settings: Settings) -> None:
    """Write the settings atomically."""
    write_json(paths.settings, settings.to_json())

"""Settings, statistics and the autosave on disk — never half written, never fatal when damaged.

* Paths come from platformdirs (config, data, logs) unless a data folder is named with
  ``--data-dir DIR`` or the ``FOUR_TRUMPS_DATA_DIR`` environment variable: then everything lives
  under DIR (logs in ``DIR/logs``). The game in progress is kept in pieces in
  ``<data dir>/saved-game/`` (:mod:`game.saved_game`); an ``autosave.json`` of an earlier
  version still loads.
* Every write is atomic: a temporary file in the same folder, flushed and fsynced, then renamed
  over the old file (:func:`atomic_write_text`).
* Files are read without blocking (:func:`read_regular_file`). A file that cannot be read at all
  (no permission; a folder, a named pipe or a device in its place) is *blocked*: reported in one
  calm line with its full path and never overwritten, moved or deleted; the writer refuses to
  replace such a file even if asked (:func:`refuse_to_replace_unreadable`).
* A file that can be read but is not what it should be (empty, truncated, not JSON, the wrong
  shape) is moved aside with a timestamp in its name — kept, never deleted — and the caller gets
  one calm line to show the player (:func:`read_json`).
* Those calm lines are :class:`~game.engine.message.Message` values: their English text, which
  the log and the command line show, and the words the interface says in the player's language
  (:func:`game.i18n.say`).
* Settings carry a ``version`` and are migrated; each unknown or invalid value falls back to its
  default on its own, the others are kept (:func:`settings_from_json`).

Saves are data only: JSON, no pickle, nothing executed.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

from .engine import games
from .engine.ai.player import LEVELS
from .engine.games import OptionError
from .engine.message import Message, Word
from .i18n import LANGUAGES, system_language
from .lessons import LESSONS

APP_NAME = "FourTrumps"
ENV_DATA_DIR = "FOUR_TRUMPS_DATA_DIR"
SETTINGS_VERSION = 1
STATS_VERSION = 1


# ------------------------------------------------------------------------------------------
# Paths


@dataclass(frozen=True)
class Paths:
    """Where the program keeps its files."""

    config: Path
    data: Path
    logs: Path

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def statistics(self) -> Path:
        return self.data / "statistics.json"

    @property
    def autosave(self) -> Path:
        return self.data / "autosave.json"

    @property
    def saved_game(self) -> Path:
        """The folder of the games in progress, one folder per game, each kept in pieces
        (:mod:`game.saved_game`)."""
        return self.data / "saved-game"

    @property
    def log_file(self) -> Path:
        return self.logs / "four-trumps.log"


def resolve_paths(data_dir: str | os.PathLike[str] | None = None,
                  environ: Mapping[str, str] = os.environ) -> Paths:
    """The folders to use: ``data_dir`` if given, else ``$FOUR_TRUMPS_DATA_DIR``, else the
    platform's own (platformdirs). Nothing is created here."""
    chosen = data_dir or environ.get(ENV_DATA_DIR)
    if chosen:
        root = Path(chosen).expanduser()
        return Paths(root, root, root / "logs")
    import platformdirs

    return Paths(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


# ------------------------------------------------------------------------------------------
# Atomic writes and careful reads


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a reader — or a crash at any moment — sees either
    the old file or the new one, never a mix: write a temporary file beside it, flush, fsync,
    rename over, then fsync the folder (where the system allows it).

    A file that cannot be read, or anything but a regular file, in the way is never replaced
    (``PermissionError``): whatever it holds, it is not this program's to destroy."""
    refuse_to_replace_unreadable(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):
        with contextlib.suppress(OSError):
            dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)


def refuse_to_replace_unreadable(path: Path) -> None:
    """Raise ``PermissionError`` when ``path`` exists but is not a regular file this process
    may read (a write would destroy what the game could not even look at)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode) or not os.access(path, os.R_OK):
        raise PermissionError(errno.EACCES, "it exists but cannot be read, so it is left alone",
                              str(path))


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented JSON, atomically."""
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def quarantine(path: Path, now: Callable[[], float] = time.time) -> Path:
    """Move a damaged file aside as ``<stem>.damaged-<timestamp><suffix>`` (kept for the
    player or a developer to look at); returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now()))
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


class NotARegularFile(OSError):
    """Something other than a plain file — a folder, a named pipe, a device — is where a data
    file should be."""


def _kind_of(mode: int) -> Word:
    if stat.S_ISDIR(mode):
        return Word("a folder is in its place")
    if stat.S_ISFIFO(mode):
        return Word("a named pipe (FIFO) is in its place")
    if stat.S_ISSOCK(mode):
        return Word("a socket is in its place")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Word("a device file is in its place")
    return Word("it is not a plain file")


def read_regular_file(path: Path) -> bytes:
    """The bytes of ``path``, read without ever blocking: opened non-blocking (``O_NONBLOCK``
    where the system has it, so a named pipe cannot hold the game up), then ``fstat``: anything
    but a regular file raises :class:`NotARegularFile` unread. Other failures raise as the
    system reports them (``FileNotFoundError``, ``PermissionError``, ...)."""
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, _kind_of(mode), str(path))
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


FILE_WORDS = {"settings": Word("settings file"), "statistics": Word("statistics file"),
              "saved game": Word("saved game file")}
"""The data files as the calm lines name them (by :func:`read_json`'s ``what``)."""


def unreadable_notice(what: str, path: Path, err: OSError,
                      consequence: str = Word("nothing is saved over it")) -> Message:
    """The one calm line for a data file that cannot be read: what is wrong, where (the full
    path), that it is left alone and what follows (``consequence``), and what to do. ``what``
    and ``consequence`` are words the catalogs know (a :class:`~game.engine.message.Word` or
    a :class:`~game.engine.message.Message`)."""
    why: str
    if isinstance(err, NotARegularFile):
        why, todo = err.strerror or str(err), Word("move it out of the way")
    elif isinstance(err, PermissionError):
        why, todo = Word("permission denied"), Word("give your user permission to read and "
                                                    "write it")
    else:
        why, todo = (err.strerror or str(err)), Word("check the disk")
    return Message("Your {what} cannot be read ({why}): {path}. It is left untouched and "
                   "{consequence}; {todo}, then restart the game.",
                   what=what if isinstance(what, Message) else Word(what), why=why,
                   path=str(path), todo=todo,
                   consequence=(consequence if isinstance(consequence, Message)
                                else Word(consequence)))


@dataclass
class ReadResult:
    """What :func:`read_json` found: the data (``None`` when missing or damaged) and, when the
    file was damaged or cannot be read, the one line to tell the player. ``blocked``: the file
    is there but cannot be read (no permission, not a regular file) — it must never be
    overwritten, moved or deleted this session."""

    data: Any = None
    notice: Message | None = None
    blocked: bool = False
    error: OSError | None = None
    """Why a blocked file could not be read."""


def read_json(path: Path, what: str, valid: Callable[[Any], bool] = lambda d: True,
              now: Callable[[], float] = time.time, move_damaged: bool = True) -> ReadResult:
    """Read JSON from ``path`` (without blocking: :func:`read_regular_file`). Missing: no data,
    no notice. Cannot be read (no permission, a folder or a special file in its place, an I/O
    error): left exactly as it is, ``blocked``, and the notice says what and where
    (:func:`unreadable_notice`). Not JSON, or data that ``valid`` rejects: the file is moved
    aside (:func:`quarantine`, unless ``move_damaged`` is false) and the notice says so,
    calmly, naming ``what`` ("settings", "statistics", "saved game")."""
    try:
        raw = read_regular_file(path)
    except FileNotFoundError:
        return ReadResult()
    except OSError as err:
        return ReadResult(notice=unreadable_notice(FILE_WORDS.get(what, what), path, err),
                          blocked=True, error=err)
    try:
        data = json.loads(raw.decode("utf-8"))
        ok = valid(data)
    except (UnicodeDecodeError, ValueError, RecursionError):
        ok, data = False, None
    if ok:
        return ReadResult(data)
    file = Word(FILE_WORDS.get(what, what))
    if not move_damaged:
        return ReadResult(notice=Message("Your {what} is damaged: {path}.", what=file,
                                         path=str(path)))
    try:
        kept = quarantine(path, now)
    except OSError:
        return ReadResult(notice=Message("Your {what} was damaged and could not be moved "
                                         "aside; starting without it.", what=file))
    return ReadResult(notice=Message("Your {what} was damaged; it was kept as {name} and a "
                                     "fresh one was started.", what=file, name=kept.name))


# ------------------------------------------------------------------------------------------
# Settings

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


# ------------------------------------------------------------------------------------------
# Statistics

STAT_FIELDS = ("hands_played", "hands_won", "hands_lost", "hands_drawn", "games_played",
               "games_won", "games_lost", "games_drawn", "streak", "best_streak", "points",
               "games_abandoned")
"""Per game: counts, the current and best streak of won games, (French Tarot) the sum of
South's hand scores, and the games replaced by a new one before their end."""

OUTCOMES = ("won", "lost", "drawn")
"""A hand's or a game's outcome for South's side."""
HAND_HISTORY = 200
"""How many of a game's latest hands its history keeps (outcome and South's side's score)."""
GAME_HISTORY = 100
"""How many of a game's latest games its history keeps (outcome)."""


@dataclass
class History:
    """A game's latest results, oldest first, bounded (:data:`HAND_HISTORY`,
    :data:`GAME_HISTORY`): the statistics page's rates, average and plot read it."""

    hands: list[tuple[str, int]] = field(default_factory=list)
    """Each hand's outcome and South's side's score for it (what the game's presentation
    counts: ``hand_points``)."""
    games: list[str] = field(default_factory=list)
    """Each game's outcome."""

    def add_hand(self, outcome: str, points: int) -> None:
        """Keep a finished hand, forgetting the oldest past the bound."""
        self.hands.append((outcome, points))
        del self.hands[:-HAND_HISTORY]

    def add_game(self, outcome: str) -> None:
        """Keep a finished game, forgetting the oldest past the bound."""
        self.games.append(outcome)
        del self.games[:-GAME_HISTORY]

    def to_json(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "games": list(self.games)}


def history_valid(data: Any) -> bool:
    """True for one game's saved history of the right shape (within the bounds)."""
    if not (isinstance(data, dict) and isinstance(data.get("hands"), list)
            and isinstance(data.get("games"), list)):
        return False
    return (len(data["hands"]) <= HAND_HISTORY and len(data["games"]) <= GAME_HISTORY
            and all(isinstance(h, list) and len(h) == 2 and h[0] in OUTCOMES
                    and type(h[1]) is int and abs(h[1]) <= 10**6 for h in data["hands"])
            and all(g in OUTCOMES for g in data["games"]))


def history_from_json(data: Mapping[str, Any]) -> History:
    """A history from its saved form (checked with :func:`history_valid`)."""
    return History([(o, p) for o, p in data["hands"]], list(data["games"]))


@dataclass
class Statistics:
    """South's record per game, and which hands of the game in progress are already counted
    (so that a resumed game — even after a crash between two writes — never counts a hand or a
    game twice)."""

    games: dict[str, dict[str, int]] = field(default_factory=dict)
    counted: dict[str, Any] | None = None
    """``{"game", "seed", "hands", "over"}``: the match in progress, its hands counted so far
    and whether its end was counted."""
    others: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The same for the other games' matches in progress, per game (one game of each game is
    kept in progress)."""
    history: dict[str, History] = field(default_factory=dict)
    """Per game, its latest hands and games (saved under ``"history"``, beside the counters
    so that a damaged history can be dropped alone)."""

    def of(self, game: str) -> dict[str, int]:
        """The counters of ``game`` (created at zero)."""
        return self.games.setdefault(game, dict.fromkeys(STAT_FIELDS, 0))

    def record_hand(self, game: str, outcome: str, points: int = 0) -> None:
        """Count a finished hand: ``outcome`` is ``"won"``, ``"lost"`` or ``"drawn"``."""
        g = self.of(game)
        g["hands_played"] += 1
        g[f"hands_{outcome}"] += 1
        g["points"] += points
        self.history_of(game).add_hand(outcome, points)

    def record_game(self, game: str, outcome: str) -> None:
        """Count a finished game (``"won"``, ``"lost"`` or ``"drawn"``) and the streak."""
        g = self.of(game)
        g["games_played"] += 1
        g[f"games_{outcome}"] += 1
        g["streak"] = g["streak"] + 1 if outcome == "won" else 0
        g["best_streak"] = max(g["best_streak"], g["streak"])
        self.history_of(game).add_game(outcome)

    def history_of(self, game: str) -> History:
        """``game``'s latest results (created empty)."""
        return self.history.setdefault(game, History())

    def win_rate(self, game: str, of: str) -> float | None:
        """The share (0 to 1) of ``game``'s ``of`` (``"hands"`` or ``"games"``) that South's
        side won, over all counted; ``None`` before any."""
        g = self.games.get(game, {})
        played = g.get(f"{of}_played", 0)
        return g.get(f"{of}_won", 0) / played if played > 0 else None

    def average_points(self, game: str) -> float | None:
        """South's side's average score per hand over ``game``'s kept history (its latest
        :data:`HAND_HISTORY` hands); ``None`` before any."""
        hands = self.history.get(game, History()).hands
        return sum(p for _, p in hands) / len(hands) if hands else None

    def count_match(self, game: str, seed: int, hands: Sequence[tuple[str, int]],
                    game_outcome: str | None) -> bool:
        """Bring the counters up to date with a match: ``hands`` are the outcomes (and Tarot
        points) of its finished hands in order, ``game_outcome`` its result once it is over.
        Only what was not counted before is counted; returns True when anything changed.
        A match of ``game`` counted before and not over that is not this one (another seed)
        was replaced by it: counted once as abandoned, in the same write that forgets it.
        So was a match of the same game at another table (``"tarot"`` when ``game`` is
        ``"tarot-5"``): the app keeps one game in progress per game, whatever its table, so a
        new French Tarot game for five replaces the one for four — it is counted as abandoned
        under its own key (its table's statistics)."""
        c = self.counted
        if not (isinstance(c, dict) and c.get("game") == game):
            if isinstance(c, dict):
                self.others[str(c.get("game"))] = c
            c = self.others.pop(game, None)
        replaced = False
        for key in [k for k in self.others if k != game and stats_game(k) == stats_game(game)]:
            other = self.others.pop(key)
            if not other.get("over"):
                self.of(key)["games_abandoned"] += 1
            replaced = True
        if c is not None and c.get("seed") != seed:
            if not c["over"]:
                self.of(game)["games_abandoned"] += 1
            c = None
        if c is None:
            c = {"game": game, "seed": seed, "hands": 0, "over": False}
        done = int(c["hands"])
        changed = replaced or c is not self.counted
        for outcome, points in hands[done:]:
            self.record_hand(game, outcome, points)
            changed = True
        c["hands"] = max(done, len(hands))
        if game_outcome is not None and not c["over"]:
            self.record_game(game, game_outcome)
            c["over"] = changed = True
        self.counted = c
        return changed

    def reset(self, game: str | None = None) -> None:
        """Forget one game's statistics, or all (the match in progress stays counted)."""
        if game is None:
            self.games.clear()
            self.history.clear()
        else:
            self.games.pop(game, None)
            self.history.pop(game, None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"version": STATS_VERSION, "games": self.games}
        if self.history:
            out["history"] = {g: h.to_json() for g, h in self.history.items()}
        if self.counted is not None:
            out["counted"] = self.counted
        if self.others:
            out["counted_others"] = self.others
        return out


def stats_key(game: str, options: Mapping[str, Any] | None = None) -> str:
    """Where the statistics count a match of ``game`` with these (full) ``options``: the game's
    name for its four-player table (as every statistics file written before French Tarot had
    other tables), else the name and the table size (``"tarot-5"``): the tables are kept
    apart."""
    players = (options or {}).get("players", 4)
    return game if players == 4 else f"{game}-{players}"


def stats_game(key: str) -> str:
    """The game a statistics key counts (``"tarot-5"`` → ``"tarot"``)."""
    game, _sep, players = key.rpartition("-")
    return game if players in ("3", "5") and game in games.GAME_MODULES else key


def stats_players(key: str) -> int:
    """The table size a statistics key counts (four unless the key names another)."""
    return 4 if stats_game(key) == key else int(key.rpartition("-")[2])


def _counted_valid(c: Any) -> bool:
    return (isinstance(c, dict) and isinstance(c.get("game"), str) and type(c.get("seed")) is int
            and type(c.get("hands")) is int and c["hands"] >= 0
            and isinstance(c.get("over"), bool))


def statistics_valid(data: Any) -> bool:
    """True for a statistics file's content of the right shape. Its ``"history"`` (absent
    from files written before there was one) is not looked at: :func:`load_statistics` keeps
    each game's valid history and drops a damaged one alone."""
    return (isinstance(data, dict) and isinstance(data.get("games"), dict)
            and all(stats_game(g) in games.GAME_MODULES and isinstance(v, dict)
                    and all(k in STAT_FIELDS and type(n) is int and n >= -10**9
                            for k, n in v.items())
                    for g, v in data["games"].items()))


def load_statistics(paths: Paths, blocked: set[Path] | None = None
                    ) -> tuple[Statistics, Message | None]:
    """The saved statistics (empty when missing or damaged) and a notice if damaged or
    unreadable (then the path is added to ``blocked``: never write it this session)."""
    found = read_json(paths.statistics, "statistics", statistics_valid)
    if found.blocked and blocked is not None:
        blocked.add(paths.statistics)
    stats = Statistics()
    if found.data is not None:
        for game, counters in found.data["games"].items():
            stats.of(game).update(counters)
        if _counted_valid(found.data.get("counted")):
            stats.counted = dict(found.data["counted"])
        others = found.data.get("counted_others")
        if isinstance(others, dict):
            stats.others = {g: dict(c) for g, c in others.items()
                            if _counted_valid(c) and c["game"] == g}
        if not _load_history(stats, found.data.get("history")):
            return stats, HISTORY_DROPPED
    return stats, found.notice


HISTORY_DROPPED = Message("Part of your statistics' history of recent results was damaged and "
                          "was started afresh; your totals are kept.")
"""The notice when a damaged history is dropped (**decision**: the file is not moved aside,
the counters are kept, and the next write replaces the damaged part)."""


def _load_history(stats: Statistics, data: Any) -> bool:
    """Put each game's valid saved history into ``stats``; False when some of it was
    damaged (and dropped). No history at all (an older file) is fine."""
    if data is None:
        return True
    if not isinstance(data, dict):
        return False
    whole = True
    for game, kept in data.items():
        if stats_game(game) in games.GAME_MODULES and history_valid(kept):
            stats.history[game] = history_from_json(kept)
        else:
            whole = False
    return whole


def save_statistics(paths: Paths, stats: Statistics) -> None:
    """Write the statistics atomically."""
    write_json(paths.statistics, stats.to_json())


# ------------------------------------------------------------------------------------------
# The game in progress


def autosave_valid(data: Any) -> bool:
    """True when ``data`` is a match record that replays without error."""
    from .engine import records, replay

    if not isinstance(data, dict) or data.get("format") != records.MATCH_FORMAT:
        return False
    try:
        replay.replay_record(data)
    except records.RecordError:
        return False
    return True


def load_game(paths: Paths, move_damaged: bool = True
              ) -> tuple[dict[str, Any] | None, str | None]:
    """The saved game in progress as one match record (``None`` if there is none, or it is
    damaged or unreadable) and a notice if so: the save in pieces
    (:func:`game.saved_game.read`) or else an older single-file ``autosave.json``. A save that
    does not replay is damaged (moved aside unless ``move_damaged`` is false)."""
    from . import saved_game

    found = saved_game.read(paths, move_damaged=move_damaged)
    return found.record, found.notice


def clean_temporaries(paths: Paths) -> list[Path]:
    """Remove the temporary files that an interrupted :func:`atomic_write_text` left behind
    (the process was killed between creating and renaming one); they never hold the only copy
    of anything. Returns what was removed."""
    removed = []
    leftovers = [tmp for folder in {paths.config, paths.data}
                 for name in ("settings.json", "statistics.json", "autosave.json")
                 for tmp in folder.glob(f".{name}.*.tmp")]
    with contextlib.suppress(OSError):
        leftovers += paths.saved_game.glob(".*.tmp")
        leftovers += paths.saved_game.glob("*/.*.tmp")
        leftovers += paths.saved_game.glob("*/*/.*.tmp")
    for tmp in leftovers:
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed.append(tmp)
    return removed

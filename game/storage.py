"""Settings, statistics and the autosave on disk — the face of the data layer.

The work is done in parts (see :mod:`game.data` for what is where and how they call each
other): the safe file primitives in :mod:`game.data.files`, the settings in
:mod:`game.data.settings`, the statistics in :mod:`game.data.statistics`, the game in progress
in :mod:`game.saved_game`. This module only gives their public names one place to be found,
so every caller keeps writing ``storage.Settings``, ``storage.load_statistics``,
``storage.atomic_write_text``... A test replacing a primitive patches :mod:`game.data.files`
(where the parts look it up), not this face.
"""

from __future__ import annotations

from .data.files import (
    APP_NAME,
    ENV_DATA_DIR,
    FILE_WORDS,
    NOFOLLOW,
    LinkInPlace,
    NotARegularFile,
    Paths,
    ReadResult,
    append_bytes,
    atomic_write_text,
    clean_temporaries,
    move_link_aside,
    quarantine,
    read_json,
    read_regular_file,
    refuse_to_replace_unreadable,
    resolve_paths,
    unreadable_notice,
    write_json,
)
from .data.settings import (
    AI_LEVELS,
    AI_SEATS,
    CARD_BACKS,
    FELTS,
    MIN_WINDOW,
    SETTINGS_VERSION,
    SPEED_FACTORS,
    SPEEDS,
    Settings,
    load_settings,
    save_settings,
    settings_from_json,
)
from .data.statistics import (
    GAME_HISTORY,
    HAND_HISTORY,
    HISTORY_DROPPED,
    OUTCOMES,
    STAT_FIELDS,
    STATS_VERSION,
    History,
    Statistics,
    history_from_json,
    history_valid,
    load_statistics,
    save_statistics,
    statistics_valid,
    stats_game,
    stats_key,
    stats_players,
)
from .saved_game import autosave_valid, load_game

__all__ = [
    "AI_LEVELS", "AI_SEATS", "APP_NAME", "CARD_BACKS", "ENV_DATA_DIR", "FELTS", "FILE_WORDS",
    "GAME_HISTORY", "HAND_HISTORY", "HISTORY_DROPPED", "MIN_WINDOW", "NOFOLLOW", "OUTCOMES",
    "SETTINGS_VERSION", "SPEEDS", "SPEED_FACTORS", "STATS_VERSION", "STAT_FIELDS",
    "History", "LinkInPlace", "NotARegularFile", "Paths", "ReadResult", "Settings",
    "Statistics", "append_bytes", "atomic_write_text", "autosave_valid", "clean_temporaries",
    "history_from_json", "history_valid", "load_game", "load_settings", "load_statistics",
    "move_link_aside", "quarantine", "read_json", "read_regular_file",
    "refuse_to_replace_unreadable", "resolve_paths", "save_settings", "save_statistics",
    "settings_from_json", "statistics_valid", "stats_game", "stats_key", "stats_players",
    "unreadable_notice", "write_json",
]

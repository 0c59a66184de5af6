"""The scenes, each registered by name (:func:`game.ui.host.register`) and opened by name
(:func:`game.ui.host.open_scene`): the main menu, the table and the practice table, the in-game
menu, settings and game options, rules, statistics, the review, the guided hand, the deal of
the day, par's comparison, a learner's progress."""

import importlib

MODULES = ("menu", "table", "practice_table", "overlay", "options", "rules", "statistics",
           "review", "score_sheet", "game_over", "deal_number", "lesson",
           "lesson_entry", "daily_statistics", "daily", "daily_table", "par_compare",
           "plot_page", "progress")
"""The modules that register scenes."""


def load_all() -> None:
    """Import every scene module, so that every scene is registered."""
    for name in MODULES:
        importlib.import_module(f"{__name__}.{name}")

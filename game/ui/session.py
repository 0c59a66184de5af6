"""The session — what outlives the scenes — and the names the UI takes from the engine.

:class:`Session` holds the player's settings, the game in progress, the files (a
:class:`~game.ui.persist.Keeper`, or none in tests), the AI's worker processes
(:class:`game.engine.ai.workers.Workers`) and the sound: every scene
reaches them through its host (``host.session``), never through the app. No pygame here.

:class:`Match` is :class:`game.engine.match.Match` (a game of hands as a match record: dealing,
the tally, undo, the record to save); :class:`Settings` is :class:`game.storage.Settings` (the
player's choices, saved by the app); :func:`best_level` is the engine's
:func:`game.engine.ai.player.best_level`.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import storage
from ..engine import games
from ..engine.ai.player import best_level
from ..engine.ai.workers import AIWorkers
from ..engine.cards import Table
from ..engine.match import Match
from ..storage import Settings
from .advice import Verdicts
from .daily_book import DailyBook
from .judge import Judge
from .lesson_book import LessonBook
from .par import Pars
from .progress_book import ProgressBook

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .persist import Keeper
    from .sound import Sound

__all__ = ["SPEEDS", "Match", "Session", "Settings", "best_level", "wanted_levels"]


def wanted_levels(settings: Settings, table: Table) -> dict[str, str]:
    """The AI level the player chose for each AI seat of ``table``, by letter, as Settings
    names them — French Tarot's North-West and North-East their own (a seat Settings lacks
    takes North's); the match then takes the best level that plays the table,
    :func:`~game.engine.ai.player.best_level`."""
    return {s: settings.ai.get(s if s in settings.ai else "N", "normal")
            for s in table.letters[1:]}

SPEEDS = dict(storage.SPEED_FACTORS)
"""The animation speeds a player picks from → duration factor: ``instant`` places the cards
without flight and lets the AI's plays follow each other (a finished trick still stays
long enough to be seen, :data:`~.table.trick.SEEN_TRICK`)."""


class Session:
    """Everything that lives as long as the window, apart from the scenes: the settings, the
    game in progress (:attr:`match`), the files (:attr:`keeper`; ``None``: nothing is saved),
    the AI's worker processes (:attr:`workers`: every AI job goes there, none runs in this
    process), the sound, and the calm lines for the player
    (:attr:`notices`, shown on the main menu)."""

    def __init__(self, settings: Settings, workers: AIWorkers, sound: Sound,
                 keeper: Keeper | None = None, match: Match | None = None,
                 saved: dict[str, Match] | None = None) -> None:
        self.settings = settings
        self.workers = workers
        self.sound = sound
        self.keeper = keeper
        self.matches: dict[str, Match] = dict(saved or {})
        """Every game's game (kept as a match record, saved after every action), per game:
        one game of each game is kept in progress side by side."""
        self.current: str | None = None
        """The game whose match is at the table (:attr:`match`)."""
        self.match = match
        self.notices: list[str] = keeper.notices if keeper is not None else []
        self.south = "human"
        """Who plays South in new games: ``"human"``, or an AI level under autoplay."""
        self.rng = random.Random()
        """Seeds new games (the self-test seeds it)."""
        self.lessons = LessonBook(keeper)
        """The guided hands' progress and the ones finished (read on first use)."""
        self.daily = DailyBook(keeper)
        """The deal of the day's results against par, its kept hands and the deal in
        progress (read on first use)."""
        self.pars = Pars(workers)
        self.progress = ProgressBook(keeper)
        """A learner's progress: South's decisions judged after each hand (read on first
        use)."""
        self.judge = Judge(workers, self.progress)
        """Judges the finished hands for :attr:`progress`, in the workers' idle time."""
        """Par of the hands asked for (the deal of the day's, a hand's "Par"), by name."""
        self.today: Callable[[], datetime.date] = datetime.date.today
        """Today's date (the deal of the day's; a test sets its own)."""
        self.verdicts = Verdicts()
        """The play checker's answers so far (the review takes them instead of asking
        again)."""

    @property
    def match(self) -> Match | None:
        """The game at the table (or last at it): one of :attr:`matches`."""
        return self.matches.get(self.current) if self.current is not None else None

    @match.setter
    def match(self, match: Match | None) -> None:
        if match is None:
            if self.current is not None:
                self.matches.pop(self.current, None)
            self.current = None
        else:
            self.matches[match.game] = match
            self.current = match.game

    def in_progress(self, game: str) -> Match | None:
        """``game``'s game in progress (not finished), if any."""
        match = self.matches.get(game)
        return match if match is not None and not (match.over and match.hand.done) else None

    def take_up(self, game: str) -> Match:
        """Bring ``game``'s game in progress to the table (Continue); it must exist."""
        match = self.matches[game]
        self.current = game
        return match

    @property
    def paths(self) -> storage.Paths | None:
        """Where the files live (``None``: nothing is saved)."""
        return self.keeper.paths if self.keeper is not None else None

    def new_match(self, game: str, seed: int | None = None) -> Match:
        """Start a new game of ``game`` (a random seed unless given) with the chosen options
        and AI levels; it becomes the game in progress of ``game`` (replacing any, French
        Tarot's at any table — which the statistics then count as abandoned,
        :meth:`game.storage.Statistics.count_match`) and the game at the table."""
        if seed is None:
            seed = self.rng.randrange(1 << 31)
        options = self.settings.options.get(game, {})
        table = games.get(game).table(games.get(game).full_options(dict(options)))
        self.match = Match(game, seed, options, wanted_levels(self.settings, table),
                           south=self.south)
        return self.match

    def save(self) -> None:
        """Hand whatever changed (settings, the game) to the writer now, not only at the
        next frame."""
        if self.keeper is not None:
            self.keeper.watch(self)

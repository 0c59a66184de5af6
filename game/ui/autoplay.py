"""Autoplay: four AI players play a number of hands through the app's own frame loop, table
scene and save path (``python -m game --data-dir DIR --autoplay GAME --hands N``).

The app runs as for a person, only South is an AI too: this driver is one of the app's
``after_frame`` hooks. It resumes DIR's saved game of that game if there is one (or, with
``via_menu``, presses the main menu's Continue as a player would), answers South's decisions with
the AI (in the AI's worker processes, like the other seats), presses "Next hand" and "New game", and
quits once ``hands`` hands have finished during this run. Animations run at the ``instant``
speed and sound is off; the player's saved settings are not changed. With no window to draw
it over, a save that fails is said on stderr, once per kind of failure (:func:`tell_stderr`).
"""

from __future__ import annotations

import contextlib
import logging
import random
import sys
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..engine import ai
from ..engine.ai.workers import Job, decide
from ..engine.hand import Action
from .scenes.menu import MenuScene
from .scenes.page import game_title
from .scenes.table import TableScene
from .session import best_level

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .app import App

AUTOPLAY_FPS = 240
"""Frames per second while autoplaying (each AI action takes a frame or two)."""

log = logging.getLogger(__name__)


def tell_stderr(line: str) -> None:
    """Say a failed save on stderr (there is no window to draw it over): the writer calls this
    once per kind of failure (:attr:`game.ui.persist.Writer.tell`). Nothing when there is no
    stderr (a windowed executable)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):   # a closed stderr: the log has it
            print(line, file=sys.stderr, flush=True)


class Autoplay:
    """Drives ``app`` (see the module's docstring); counts :attr:`done` hands."""

    def __init__(self, app: App, game: str, hands: int, level: str | None = None,
                 via_menu: bool = False) -> None:
        self.app = app
        self.game = game
        self.target = hands
        self.via_menu = via_menu
        self.done = 0
        """Hands finished during this run."""
        if app.session.keeper is not None:
            app.session.keeper.save_settings = False
            app.session.keeper.writer.tell = tell_stderr
        app.session.settings.speed = "instant"
        app.session.settings.sound = False
        if level is not None:
            app.session.settings.ai_level = level
        self.explicit = level
        """``--ai``: every seat's level; else a resumed game keeps its seats' levels."""
        self.level = level or app.session.settings.ai_level
        app.session.south = self.level
        app.fps = AUTOPLAY_FPS
        self._seen: tuple[int, int] | None = None
        self._south: tuple[int, str, int] | None = None
        """The match South plays in (its id), South's level and seed."""
        self._pending: tuple[Any, int, Job[ai.Decision]] | None = None
        app.after_frame.append(self.tick)

    def start(self) -> None:
        """From the main menu: resume the saved game, or start a new one."""
        app = self.app
        m = app.session.in_progress(self.game)
        if self.via_menu:
            menu = app.top
            assert isinstance(menu, MenuScene)
            wanted = i18n._("Continue {game}").format(game=game_title(self.game))
            for button, _ in menu.items:
                if button.label == wanted:
                    log.info("autoplay: Continue from the menu")
                    button.action()
                    return
            log.error("autoplay --continue: there is no saved game to continue")
            app.exit_status = 2
            app.quit()
            return
        if m is not None:
            log.info("autoplay: resuming the saved game (hand %d)", len(m.hands))
            app.show_table(self.game)
        else:
            log.info("autoplay: a new game of %s", self.game)
            app.start_game(self.game)

    def tick(self) -> None:
        """One frame's worth of driving."""
        app = self.app
        top = app.top
        if isinstance(top, MenuScene):
            self.start()
            return
        if not isinstance(top, TableScene):
            app.pop()
            return
        match = top.match
        if self._seen is None or self._seen[0] != id(match):
            self._seen = (id(match), match.counted)
        elif match.counted > self._seen[1]:
            self.done += match.counted - self._seen[1]
            self._seen = (id(match), match.counted)
        if self.done >= self.target:
            app.quit()
            return
        if top.summary is not None:
            top.summary[0].action()
            return
        hand = top.hand
        if hand.done or hand.to_act != 0 or top.busy():
            return
        self._play_south(top)

    def _play_south(self, table: TableScene) -> None:
        hand = table.hand
        n = len(hand.history)
        if self._pending is None or self._pending[0] is not hand or self._pending[1] != n:
            if self._south is None or self._south[0] != id(table.match):
                saved = table.match.seats["S"]
                wanted = self.explicit or (saved if saved != "human" else self.level)
                level = best_level(wanted, table.match.game)
                self._south = (id(table.match), level, table.match.seed * 4)
            kn = hand.knowledge(0)  # type: ignore[attr-defined]
            _, level, seed = self._south
            future = self.app.session.workers.submit(decide, level, seed, None, kn)
            self._pending = (hand, n, future)
            return
        future = self._pending[2]
        if not future.done():
            return
        self._pending = None
        action: Action | None
        try:
            action = future.result().action
        except Exception:
            log.exception("autoplay: South's AI failed; a random legal action instead")
            action = None
        if action is None or hand.why_illegal(action) is not None:
            action = random.Random(n).choice(hand.legal_actions())
        table.perform(action)

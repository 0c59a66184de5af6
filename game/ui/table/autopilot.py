"""The AI playing South's cards for the rest of the hand or of the game, while the player
watches.

The in-game menu offers both ("Let the AI play my cards (this hand)", "… (rest of the
game)"); from then on every action of South's is the AI's, asked in the session's workers
like any AI seat's and applied through the table like the player's own (no play checker: the
choice is not the player's). A "Take back my cards" button above South's hand, or Escape,
gives the seat back at once; handed over for this hand, it comes back by itself when the hand
ends — the next hand is the player's; for the rest of the game, when the game ends. The
match's seats are not changed: the saved game and the statistics know South as the player.

**Decisions**: the AI plays at the level the player chose for North (the partner; "normal"
when none is chosen), at the table's speed; its hands count in the statistics as the
player's (the player chose to hand them over). Undo while the AI plays gives the cards back
first and takes back its last move for the player (:meth:`TableScene.undone`); refused, it
changes nothing. The choice is not saved (issue 36): a game continued after a restart has
South's cards in the player's hands — a player who comes back to a game comes back to play
it, and a table that plays on by itself at the start would look like a fault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hand import HandState
from ...engine.match import Match
from ...i18n import _
from ..session import best_level
from ..wake import jobs_wake_in, soonest
from ..widgets import Button, fitted_button
from .ai_driver import AIDriver

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..scenes.table import TableScene

BUTTON = (190, 34)
"""The "Take back my cards" button's least width (it widens to its label) and its height."""
BUTTON_TEXT = 16
ABOVE_HAND = 12
"""The button sits this far above South's hand (or the row of buttons above it)."""


class Autopilot:
    """South's cards played by the AI at ``table`` until the hand ends or the player takes
    them back."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.hand: HandState | None = None
        """The hand the AI plays South's cards in (``None``: the player plays them)."""
        self.game: Match | None = None
        """The game the AI plays South's cards in to its end (``None``: only :attr:`hand`,
        if any)."""
        self.driver: AIDriver | None = None

    @property
    def on(self) -> bool:
        """True while the AI plays South's cards: in the hand it was asked in, until the
        hand is over — or, asked for the rest of the game, until the game is over."""
        table = self.table
        hand, match = table.hand, table.model.match
        if self.game is not None and self.game is match:
            return not (match.over and hand.done)
        return self.hand is hand and not hand.done

    @property
    def whole_game(self) -> bool:
        """The AI plays South's cards to the end of the game (not only this hand)."""
        return self.on and self.game is not None

    def offered(self) -> bool:
        """The player may hand South's cards over now: a hand under way, played by the player
        (not already handed over)."""
        hand = self.table.hand
        return not hand.done and not self.on and \
            self.table.model.match.player_for(0) == "human"

    def start(self, whole_game: bool = False) -> None:
        """Hand South's cards to the AI for the rest of this hand (``whole_game``: of the
        game)."""
        if not self.offered():
            return
        table = self.table
        match = table.model.match
        driver = AIDriver(match, table.host.session.workers)
        level = best_level(table.host.session.settings.ai.get("N", "normal"))
        driver.players[0] = (level, match.seed * 4)
        self.driver, self.hand = driver, table.hand
        self.game = match if whole_game else None
        table.model.piloted = table.hand

    def new_hand(self) -> None:
        """The table shows a new hand: the AI goes on playing South's cards in it when it
        plays them for the rest of the game (nothing of the last hand's asking kept), else
        the player has them."""
        if self.whole_game and self.driver is not None:
            self.driver.reset()
            self.hand = self.table.model.piloted = self.table.hand
        else:
            self.stop()

    def stop(self) -> bool:
        """Give South's cards back to the player; True when the AI was playing them."""
        was_on = self.on
        if self.driver is not None:
            self.driver.close()
        self.driver, self.hand, self.game = None, None, None
        self.table.model.piloted = None
        return was_on

    def step(self, seat: int) -> bool:
        """Called when the table is idle and ``seat`` is to act: while on and South is to act,
        ask the AI and play its action once it is ready (after the think time). True when
        this turn is the AI's (the player's own input waits)."""
        if seat != 0 or not self.on or self.driver is None:
            return False
        table = self.table
        action = self.driver.poll(0, table.clock(), table.speed(), False)
        if action is not None:
            table.perform(action, check=False)
        return True

    def wake_in(self, now: float) -> float | None:
        """How soon the AI's action for South may show (its think time, its job in the
        workers watched); ``None`` when it does not play or South is not to act."""
        if not self.on or self.driver is None or self.table.hand.to_act != 0:
            return None
        pending = self.driver.pending
        return soonest(self.driver.wake_in(now), jobs_wake_in([pending] if pending else []))

    @property
    def buttons(self) -> list[Button]:
        """The "Take back my cards" button while the AI plays South's cards (not over the
        summary of a hand)."""
        if not self.on or self.table.summary is not None:
            return []
        table = self.table
        side = table.panel.side_top()
        above = table.fan.clear_top() if side is None else side
        return [fitted_button(_("Take back my cards"), self.stop, BUTTON, BUTTON_TEXT,
                              (table.size[0] // 2, above - ABOVE_HAND),
                              _("The AI is playing your cards for the rest of the game (Esc "
                                "stops it)") if self.whole_game else
                              _("The AI is playing your cards for this hand (Esc stops it)"))]

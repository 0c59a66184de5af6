"""The AI playing South's cards for the rest of the hand, while the player watches.

The in-game menu offers it ("Let the AI play my cards for this hand"); from then on every
action of South's in the current hand is the AI's, asked in the session's workers like any
AI seat's and applied through the table like the player's own (no play checker: the choice
is not the player's). A "Take back my cards" button above South's hand, or Escape, gives the
seat back at once; it comes back by itself when the hand ends — the next hand is the
player's. The match's seats are not changed: the saved game and the statistics know South as
the player.

**Decision**: the AI plays at the level the player chose for North (the partner; "normal"
when none is chosen), at the table's speed; the hand counts in the statistics as the
player's (the player chose to hand it over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.hand import HandState
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
        self.driver: AIDriver | None = None

    @property
    def on(self) -> bool:
        """True while the AI plays South's cards: in the hand it was asked in, until the
        hand is over."""
        hand = self.table.hand
        return self.hand is hand and not hand.done

    def offered(self) -> bool:
        """The player may hand South's cards over now: a hand under way, played by the player
        (not already handed over)."""
        hand = self.table.hand
        return not hand.done and not self.on and \
            self.table.model.match.player_for(0) == "human"

    def start(self) -> None:
        """Hand South's cards to the AI for the rest of this hand."""
        if not self.offered():
            return
        table = self.table
        match = table.model.match
        driver = AIDriver(match, table.host.session.workers)
        level = best_level(table.host.session.settings.ai.get("N", "normal"))
        driver.players[0] = (level, match.seed * 4)
        self.driver, self.hand = driver, table.hand
        table.model.piloted = table.hand

    def stop(self) -> bool:
        """Give South's cards back to the player; True when the AI was playing them."""
        was_on = self.on
        if self.driver is not None:
            self.driver.close()
        self.driver, self.hand = None, None
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
        """The "Take back my cards" button while the AI plays South's cards."""
        if not self.on:
            return []
        table = self.table
        side = table.panel.side_top()
        above = table.fan.clear_top() if side is None else side
        return [fitted_button(_("Take back my cards"), self.stop, BUTTON, BUTTON_TEXT,
                              (table.size[0] // 2, above - ABOVE_HAND),
                              _("The AI is playing your cards for this hand (Esc stops it)"))]

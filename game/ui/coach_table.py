"""What the learning mode's coach (:mod:`.coach`) uses of its table: :class:`CoachTable`, a
protocol the table scene meets — its parts, its clock and the few requests the coach makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..engine.hand import Action
    from .host import Host
    from .table.decision import DecisionPanel
    from .table.hand import HandWidget
    from .table.model import TableModel
    from .table.seats import SeatsWidget
    from .table.trick import TrickWidget
    from .widgets import Button


class CoachTable(Protocol):
    """What the coach uses of its table: the parts, the clock, and three requests."""

    host: Host
    model: TableModel
    fan: HandWidget
    panel: DecisionPanel
    seats: SeatsWidget
    middle: TrickWidget
    time: float
    size: tuple[int, int]

    @property
    def summary(self) -> list[Button] | None:
        """The summary's buttons while it is up."""
        ...

    @property
    def play_buttons(self) -> list[Button]:
        """The claim's (and the autopilot's) buttons while they show: the checker's note
        keeps clear of them."""
        ...

    def say(self, text: str, seconds: float = ...) -> None:
        """Show a message above the hand."""
        ...

    def refresh(self) -> None:
        """Rebuild the panels and the hand's look (a setting changed)."""
        ...

    def undone(self, taken: list[Action]) -> None:
        """Show the hand as it was before South's ``taken`` actions."""
        ...

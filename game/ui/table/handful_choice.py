"""South choosing which trumps to show in a French Tarot handful — plain Python, no pygame.

The side row's "Show handful (10 trumps)" opens the choice (:meth:`TableModel.start_handful
<game.ui.table.model.TableModel.start_handful>`): the player clicks trumps of the hand to
choose them or put them back, the decision panel counts them ("7 of 10 chosen") and its Show
button shows them once there are exactly as many as the handful needs. Which cards may be
chosen and whether a choice may be shown are the engine's rules
(:func:`~game.engine.tarot.handful_pool`, :meth:`~game.engine.tarot.TarotHand.handful_pick_reason`,
the action's legality); this module only keeps the choice.

**Decisions**:

* The choice opens with nothing chosen — except when it is forced (the seat holds exactly as
  many trumps, or is one short and shows the Excuse with all of them): then every card is
  chosen already and the player only presses Show.
* The shown cards go into the action in the hand's order (ascending, the Excuse last).
* A card played while choosing declines the handful (RULES.md: the card played without one);
  any action at all closes the choice.
"""

from __future__ import annotations

from ...engine.hand import Action
from ...engine.tarot import TarotHand, handful_pool, names
from ...i18n import _, ngettext

SEAT = 0
"""The player's seat."""


class HandfulChoice:
    """The trumps South has chosen so far for a handful of ``size`` cards in ``hand`` (a
    French Tarot hand, South to play its first card)."""

    def __init__(self, hand: TarotHand, size: int) -> None:
        self.hand = hand
        self.size = size
        self.at = len(hand.history)
        """The hand's history length when the choice opened: any action closes it."""
        pool = self.pool()
        self.chosen: list[str] = list(pool) if len(pool) == size else []

    def pool(self) -> list[str]:
        """The cards South may choose among, in the hand's order (the engine's)."""
        return names(handful_pool(self.hand.hands[SEAT], self.size))

    def open_in(self, hand: object) -> bool:
        """The choice still stands for ``hand`` (the same hand, no action since it opened)."""
        return hand is self.hand and len(self.hand.history) == self.at

    def why_not(self, card: str) -> str | None:
        """Why ``card`` may not be chosen (the engine's reason, to be said to South), or
        ``None``."""
        return self.hand.handful_pick_reason(SEAT, card, self.size)

    def toggle(self, card: str) -> str | None:
        """Choose ``card`` or put it back; the reason (the engine's, or that enough are
        chosen: a message id's text in the current language) when it may not be chosen."""
        if card in self.chosen:
            self.chosen.remove(card)
            return None
        reason = self.why_not(card)
        if reason is not None:
            return reason
        if len(self.chosen) >= self.size:
            return ngettext("You have chosen {n} trump already: put one back first",
                            "You have chosen {n} trumps already: put one back first",
                            self.size).format(n=self.size)
        self.chosen.append(card)
        return None

    def missing(self) -> int:
        """How many more cards to choose (0 when the choice is complete)."""
        return self.size - len(self.chosen)

    def action(self) -> Action:
        """South's handful action for the chosen cards, in the hand's order."""
        order = {name: i for i, name in enumerate(self.pool())}
        return {"seat": "S", "handful": sorted(self.chosen, key=lambda c: order.get(c, 99))}

    def counter(self) -> str:
        """"7 of 10 chosen", in the current language."""
        return ngettext("{chosen} of {n} chosen", "{chosen} of {n} chosen", self.size).format(
            chosen=len(self.chosen), n=self.size)

    def not_ready(self) -> str | None:
        """Why the Show button may not show the choice yet (in the current language), or
        ``None`` when it may."""
        n = self.missing()
        if n <= 0:
            return None
        return ngettext("Choose {n} more trump", "Choose {n} more trumps", n).format(n=n)

    def excuse_note(self) -> str:
        """A word when the Excuse stands in (then every trump goes with it), else ``""``."""
        if "EX" not in self.pool():
            return ""
        return _("Short of trumps: the Excuse stands in, and all your trumps are shown.")

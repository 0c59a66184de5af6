"""The table playing for South: "Claim the rest" and a forced card played by itself — no
change to the rules, only actions the engine lists, applied through the table like any other.

* **Claim the rest**: on South's turn to play a card, the engine is asked in the session's
  worker processes (:func:`game.engine.claim.claim_actions`, on a copy of the hand) whether
  South's side wins every remaining trick whatever the others play. When it does, a "Claim the
  rest" button shows above South's hand; pressing it plays the rest of the card play out at a
  quick pace — South's side the engine's winning cards, the others their yielding cards —
  while the other seats' cards lie face up at their places (they stay shown until the next
  hand).
* **A forced card** (setting ``auto_single``): when South's only legal action is one card, it
  is played after a short pause.
* **The AI playing South's cards** for the rest of the hand (:mod:`.autopilot`).

The table owns one :class:`TablePlaysForYou`; it asks :meth:`TablePlaysForYou.step` before
asking an AI seat, draws it after the seats and lets it take a click first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine.ai.workers import Job, claim
from ...engine.hand import Action, HandState
from ...i18n import N_, _
from .. import order
from ..layout import MARGIN, min_step
from ..wake import jobs_wake_in, soonest
from ..widgets import Button, fitted_button
from .autopilot import Autopilot
from .seats import BACK_STEP, MAX_BACKS

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..scenes.table import TableScene

CLAIM_PACE = 0.3
"""Seconds between two cards of a claim's play-out (times the speed factor)."""
FORCED_PAUSE = 0.5
"""Seconds a forced card waits before it is played (times the speed factor)."""
CLAIM_WORDS = N_("The rest is ours")
"""What South says when it claims (a message id: the bubble says it)."""
CLAIM_BUTTON = (170, 34)
"""The claim button's least width (it widens to its label) and its height."""
CLAIM_TEXT = 16
ABOVE_HAND = 12
"""The claim button sits this far above the middle of South's hand (or the caption of the row of
declarations), clear of the learning buttons at the left and the checker's note at the
right."""
SIDE_SHARE = 0.3
"""West's and East's face-up cards keep within this share of the window's width."""


class TablePlaysForYou:
    """The claim and the forced card at ``table``."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.proof: tuple[HandState, int, Job[list[Action]]] | None = None
        """(the hand, its history length, the play-out being worked out)."""
        self.play_out: list[Action] = []
        self.expect = 0
        """The hand's history length the play-out's next action is for (an Undo stops it)."""
        self.claimed: HandState | None = None
        """The hand whose other seats' cards are shown (a claim was made in it)."""
        self.next_at = 0.0
        self.forced_key: tuple[HandState, int] | None = None
        self.autopilot = Autopilot(table)

    # -- the flow ------------------------------------------------------------------------------

    def step(self, seat: int) -> bool:
        """Called when the table is idle and ``seat`` is to act: play the claim's next card or
        South's forced card when their time has come. True when this turn is the claim's (the
        table must not ask the seat's AI)."""
        table, hand = self.table, self.table.hand
        now = table.clock()
        if self.play_out:
            if self.claimed is not hand or len(hand.history) != self.expect:
                self.play_out = []  # an action was taken back: the claim is off
                return False
            if now >= self.next_at:
                self.next_at = now + CLAIM_PACE * table.speed()
                self.expect += 1
                table.perform(self.play_out.pop(0), check=False)
            return True
        if self.autopilot.step(seat):
            return True
        if seat != 0 or table.model.match.player_for(0) != "human":
            return False
        self._ask(hand)
        self._forced(hand, now)
        return False

    def wake_in(self, now: float) -> float | None:
        """How soon the claim or the forced card acts at the table's time ``now`` (the next
        card of a play-out, the forced card's pause) or the worker's answer whether the claim
        holds is looked at (:func:`~..wake.jobs_wake_in`); ``None`` when nothing is under
        way."""
        waits: list[float] = []
        hand = self.table.hand
        if self.play_out or self.forced_key == (hand, len(hand.history)):
            waits.append(max(0.0, self.next_at - now))
        proof = jobs_wake_in([self.proof[2]] if self.proof is not None else [])
        return soonest(*waits, proof, self.autopilot.wake_in(now))

    def _ask(self, hand: HandState) -> None:
        """Ask the worker once per position whether South's claim holds (on a copy)."""
        key = (hand, len(hand.history))
        if self.proof is not None and self.proof[:2] == key:  # hands compare by identity
            return
        if self.proof is not None:
            self.proof[2].cancel()  # an earlier position's question, not started yet: drop it
        self.proof = None
        if self.table.hand.phase != "play" or self.table.model.held() < 2:
            return
        copy = self.table.hand.clone()
        future = self.table.host.session.workers.submit(claim, copy, 0)
        self.proof = (key[0], key[1], future)

    def _forced(self, hand: HandState, now: float) -> None:
        """South's only legal action is one card: play it after a short pause."""
        if not self.table.host.session.settings.auto_single:
            return
        legal = self.table.legal()
        if len(legal) != 1 or "play" not in legal[0]:
            self.forced_key = None
            return
        key = (hand, len(hand.history))
        if self.forced_key != key:  # hands compare by identity
            self.forced_key = key
            self.next_at = now + FORCED_PAUSE * self.table.speed()
        elif now >= self.next_at:
            self.forced_key = None
            self.table.perform(legal[0])

    def offered(self) -> list[Action]:
        """The play-out South may claim now (empty when there is no claim to offer)."""
        table = self.table
        if self.proof is None or self.play_out or self.autopilot.on or not table.idle() \
                or table.hand.to_act != 0:
            return []
        asked, n, future = self.proof
        if asked is not table.hand or n != len(table.hand.history) or not future.done():
            return []
        try:
            return future.result()
        except Exception:  # a failed proof only means no claim is offered
            return []

    def claim(self) -> None:
        """Claim the rest: play it out and show the other seats' cards."""
        actions = self.offered()
        if not actions:
            return
        self.play_out = list(actions)
        self.expect = len(self.table.hand.history)
        self.claimed = self.table.hand
        self.next_at = self.table.clock()
        self.table.seats.said(0, CLAIM_WORDS)

    # -- what it shows -------------------------------------------------------------------------

    @property
    def buttons(self) -> list[Button]:
        """The "Claim the rest" button while a claim is offered; "Take back my cards" while
        the AI plays South's cards."""
        if not self.offered():
            return self.autopilot.buttons
        table = self.table
        panel = table.panel
        side = panel.side_top()
        above = table.fan.clear_top() if side is None else side
        return [fitted_button(_("Claim the rest"), self.claim, CLAIM_BUTTON, CLAIM_TEXT,
                              (table.size[0] // 2, above - ABOVE_HAND),
                              _("Every remaining trick is yours whatever the others play"))]

    def draw(self, surface: pygame.Surface) -> None:
        """The claim button, and after a claim the other seats' cards face up."""
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)
        if self.claimed is self.table.hand:
            for seat in (1, 2, 3):
                self._draw_shown(surface, seat)

    def _draw_shown(self, surface: pygame.Surface, seat: int) -> None:
        """``seat``'s cards face up where its backs lie, sorted as South's are."""
        table = self.table
        hand = table.hand
        pack = hand.PACK  # type: ignore[attr-defined]
        names = pack.names(hand.hands[seat])  # type: ignore[attr-defined]
        if not names:
            return
        names = order.sort_hand(table.model.game, names, hand.trump_name())
        art = table.fan.art(table.geo.small)
        cw, ch = table.geo.small
        width_w = surface.get_width()
        room = width_w * (SIDE_SHARE if seat != 2 else 2 * SIDE_SHARE)
        step = min(min_step(cw), max(1.0, (room - cw) / max(1, len(names) - 1)))
        total = cw + step * (len(names) - 1)
        cx, cy = table.seats.centre(seat)
        backs = cw + max(BACK_STEP[0], cw // BACK_STEP[1]) * (min(len(names), MAX_BACKS) - 1)
        # West's fan starts at its backs' left edge; North's and East's end at their backs'
        # right edge (North's label is at their right)
        left = cx - backs / 2 if seat == 1 else cx + backs / 2 - total
        left = max(MARGIN, min(width_w - MARGIN - total, left))
        for i, name in enumerate(names):
            surface.blit(art.face(name), (round(left + i * step), cy - ch // 2))

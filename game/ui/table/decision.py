"""The decision panel: South's choices as buttons, built from the model's :class:`Offer` — a
required decision in the centre panel (title, the rule's reminder, a button per choice), the
optional declarations in a row beside the hand, the lay-away's one button — with keyboard
focus (1–9, Tab, arrows, Enter).

**Decision** (issue 24): a panel opens with its keyboard focus on the safe choice
(:func:`~game.ui.table.model.safe_choice`: Pass, No slam, Stop), so that Enter never commits a
risk. Where no choice is safe (naming trump, the Tarabish dealer's forced call, the king call,
Turup's estimate, the optional declarations' row) no button has the focus: the first Enter or
arrow only puts the focus on a choice — Enter on the first legal choice that carries no
warning — and a second Enter chooses it. The hint moves the focus to the choice it names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ... import i18n
from ...engine.hand import Action
from ...i18n import _
from .. import words
from ..layout import Table
from ..render import fonts
from ..theme import GAP, GOLD, INK
from ..widgets import LABEL_ROOM, Button, draw_panel, layout_row
from .hand import HOVER_LIFT, PICK_LIFT
from .model import TableModel
from .widget import Widget

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .hand import HandWidget

BUTTONS_TOP = 94
"""The panel's buttons start this far below the panel area's top."""
PANEL_TOP = 8
"""The panel's box starts this far below the panel area's top."""
PANEL_BELOW_BUTTONS = 16
TITLE_TOP = 10
HINT_TOP = 40
HINT_LINE = 18
HINT_LINES = 2
"""The reminder's lines above the buttons (more push the buttons down)."""
ROW_MARGIN = 40
"""The panel's buttons keep this much of its width free (half each side)."""
SIDE_ROW_H = 36
"""The height of the optional declarations' row."""
SIDE_ROW_KEEP = 360
"""The optional declarations' row leaves this much of the window's width free."""
SIDE_ROW_ABOVE = 6
"""The row sits this far above a raised card."""
CAPTION_ABOVE = 4
"""The optional row's caption sits this far above the row (centred on it: at its left it ran
into the Hint and Undo buttons at 1024×600)."""
TITLE_TEXT = 22
HINT_TEXT = 15
HINT_ROOM = 30
"""The reminder's lines keep this much of the panel's width free."""
CAPTION_TEXT = 14
CHOICE_SIZE = {"panel": 18, "side": 16}
"""Label size of a choice's button in the centre panel and in the side row."""


def stacked(top: pygame.Surface, below: pygame.Surface) -> pygame.Surface:
    """Two lines of text in one surface, centred, ``top`` over ``below``."""
    out = pygame.Surface((max(top.get_width(), below.get_width()),
                          top.get_height() + below.get_height()), pygame.SRCALPHA)
    out.blit(top, top.get_rect(midtop=(out.get_width() // 2, 0)))
    out.blit(below, below.get_rect(midtop=(out.get_width() // 2, top.get_height())))
    return out


SAFE_CHOICES: tuple[tuple[str, object], ...] = (("bid", "pass"), ("call", "pass"),
                                               ("slam", False), ("kort", False))
"""The choices that risk nothing (verb, value): passing a bid or a trump call, announcing no
slam, stopping with Turup's sure point rather than playing on for kort."""


def safe_choice(action: Action) -> bool:
    """Whether ``action`` is a decision panel's safe choice (:data:`SAFE_CHOICES`): the one
    its keyboard focus opens on, so that Enter never commits a risk the player did not pick.

    **Decision**: where no choice is safe — naming trump in the Somali games, the Tarabish
    dealer forced to call, French Tarot's king call, Turup's estimate — none is; the panel
    then opens with no button focused (:class:`~game.ui.table.decision.DecisionPanel`)."""
    return any(verb in action and action[verb] == value for verb, value in SAFE_CHOICES)


class DecisionPanel(Widget):
    """South's buttons for the decision at hand, above South's hand ``fan``. ``choose``
    applies a chosen action, ``lay_away`` lays the picked cards away; ``idle`` says the table
    waits for South (no summary, nothing moving) — there are buttons only then."""

    def __init__(self, model: TableModel, fan: HandWidget, choose: Callable[[Action], None],
                 lay_away: Callable[[], None], idle: Callable[[], bool]) -> None:
        self.model = model
        self.fan = fan
        self.choose = choose
        self.lay_away = lay_away
        self.idle = idle
        self.geo = Table((0, 0))
        self.panel_buttons: list[Button] = []
        self.side_buttons: list[Button] = []
        self.title = ""
        self.hint = ""
        self.hint_lines: tuple[str, ...] = ()
        """The reminder wrapped to the panel's width (the buttons go below its lines)."""
        self.choosing = False
        """The row beside the hand is the handful's choice (its caption the title and the
        hint)."""
        self.focus: int | None = None
        """The index in :attr:`buttons` of the button the keyboard focuses (``None``:
        none)."""
        self.kb_panel = False
        """Tab moved the keyboard to the buttons while South plays a card."""
        self._key: Any = None
        self._opened: Any = None
        """The decision whose buttons were last opened (the focus starts anew for another)."""

    def resize(self, geo: Table) -> None:
        """The window's geometry changed (or the language: the buttons are built again, in
        its words)."""
        self.geo = geo
        self._key = None

    def rebuild(self) -> None:
        """Build the buttons again at the next update (a setting or the selection changed)."""
        self._key = None

    @property
    def buttons(self) -> list[Button]:
        """The buttons the keys 1–9 and the arrows reach: the panel's, else the side row's."""
        return self.panel_buttons or self.side_buttons

    def takes_keys(self) -> bool:
        """The arrows move through the buttons now, rather than through the hand."""
        return bool((self.kb_panel and self.buttons)
                    or (self.panel_buttons and not self.hand_takes_keys()))

    def hand_takes_keys(self) -> bool:
        """The arrows move through the hand (South plays or lays away, Tab not pressed)."""
        return not self.kb_panel and self.model.plays_cards()

    def box(self) -> pygame.Rect | None:
        """The centre panel's box as drawn (``None`` while it does not show)."""
        bottom = self.panel_bottom()
        if bottom is None:
            return None
        area = self.geo.panel_area
        top = area.top + PANEL_TOP
        return pygame.Rect(area.left, top, area.w, bottom + PANEL_BELOW_BUTTONS - top)

    def panel_bottom(self) -> int | None:
        """The bottom of the panel's buttons, if any."""
        return max((b.rect.bottom for b in self.panel_buttons), default=None)

    def update(self, dt: float) -> None:
        """Rebuild the buttons when the decision or the language changed (none unless the
        table is idle)."""
        hand = self.model.hand
        idle = self.idle()
        key = (len(hand.history), hand.phase, self.geo.size, self.model.picked(),
               self.model.choosing(),
               self.model.bella, idle, self.model.learning_on, i18n.language())
        if key == self._key:
            return
        self._key = key
        self.panel_buttons, self.side_buttons = [], []
        self.title = self.hint = ""
        if not idle:
            return
        offer = self.model.offer()
        self.title, self.hint = offer.title, offer.hint
        self.choosing = offer.handful is not None
        if offer.kind == "discard":
            self.panel_buttons = [Button(_("Lay away"), self.lay_away)]
        elif offer.handful is not None:  # in the row beside the hand: the trick stays seen
            choice = offer.handful
            self.side_buttons = [
                Button(_("Show"), lambda: self.choose(choice.action()),
                       size=CHOICE_SIZE["side"], reason=choice.not_ready()),
                Button(_("No handful"), self.cancel_handful, size=CHOICE_SIZE["side"])]
        elif offer.kind == "panel":
            self.panel_buttons = self._choice_buttons(offer.choices, CHOICE_SIZE["panel"])
        elif offer.kind == "side":
            self.side_buttons = self._choice_buttons(offer.choices, CHOICE_SIZE["side"])
            if offer.bella:
                self.side_buttons.append(Button(_("Claim bella"), self.toggle_bella,
                                                size=CHOICE_SIZE["side"],
                                                selected=self.model.bella))
        area = self.geo.panel_area
        self.hint_lines = fonts.wrap(self.hint, HINT_TEXT, area.w - HINT_ROOM)
        if self.panel_buttons:  # lower when the reminder wraps onto more lines
            more = max(0, len(self.hint_lines) - HINT_LINES) * HINT_LINE
            layout_row(self.panel_buttons, area.centerx, area.top + BUTTONS_TOP + more,
                       area.w - ROW_MARGIN)
        if self.side_buttons:
            self._lay_side_row()
        decision = (len(self.model.match.hands), len(hand.history), hand.phase)
        if self.buttons and decision != self._opened:
            self._opened = decision
            self.focus = self.opening_focus()
        elif self.focus is not None and self.focus >= len(self.buttons):
            self.focus = None

    def opening_focus(self) -> int | None:
        """Where the keyboard focus opens for the buttons now: on the safe choice when the
        panel has one it may take, else on none."""
        return next((i for i, b in enumerate(self.panel_buttons)
                     if b.choice is not None and b.reason is None and safe_choice(b.choice)),
                    None)

    def first_choice(self) -> int:
        """The button the first Enter focuses when none is: the first legal choice that
        carries no warning, else the first legal one, else the first."""
        buttons = self.buttons
        for plain in (True, False):
            for i, b in enumerate(buttons):
                if b.reason is None and (b.note is None or not plain):
                    return i
        return 0

    def focus_on(self, action: Action) -> bool:
        """Put the keyboard focus on the button of ``action`` (the hint names it) — for the
        optional row, the keyboard moves to the row — True when there is one."""
        found = next((i for i, b in enumerate(self.buttons) if b.choice == action), None)
        if found is None:
            return False
        self.focus = found
        if not self.panel_buttons:
            self.kb_panel = True
        return True

    def _lay_side_row(self) -> None:
        """The optional declarations in their row: as :func:`layout_row` lays them out, or
        wider in one row when a label would not fit there ("Montrer la poignée (10 atouts)")
        and the row has the room."""
        buttons, room = self.side_buttons, self.geo.size[0] - SIDE_ROW_KEEP
        centre, top = self.geo.size[0] // 2, self.side_row_top()
        layout_row(buttons, centre, top, room, height=SIDE_ROW_H)
        font = fonts.font(CHOICE_SIZE["side"], True)
        need = max(font.size(b.label)[0] for b in buttons) + 2 * LABEL_ROOM
        n = len(buttons)
        width = min(need, (room - GAP * (n - 1)) // n)
        if width <= buttons[0].rect.w:
            return
        left = centre - (n * width + (n - 1) * GAP) // 2
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(left + i * (width + GAP), top, width, SIDE_ROW_H)

    def _choice_buttons(self, choices: list[tuple[Action, str | None]],
                        size: int) -> list[Button]:
        return [Button(words.action_label(a), self._chooser(a), size=size, choice=a,
                       reason=why, note=None if why else self.model.choice_note(a))
                for a, why in choices]

    def _chooser(self, action: Action) -> Callable[[], None]:
        if "handful" in action:  # the player chooses which trumps to show
            return lambda: self.start_handful(action)
        return lambda: self.choose(action)

    def start_handful(self, action: Action) -> None:
        """Open the choice of the trumps to show for the handful ``action`` (its size)."""
        self.model.start_handful(action)
        self.kb_panel = False  # the arrows and Enter work the hand: they choose trumps
        self._key = None

    def cancel_handful(self) -> None:
        """Close the handful's choice: back to the optional row and the card to play."""
        self.model.cancel_handful()
        self.kb_panel = False
        self._key = None

    def side_row_top(self) -> int:
        """Where the optional declarations sit: between South's trick slot and the hand,
        above a hovered card — or a chosen one, risen higher, while a handful is chosen, or a
        card lifted out by the hint (or the guided hand's step: Claim bella above its K♥)."""
        high = self.choosing or self.fan.hinted() is not None
        lift = self.geo.card[1] // (PICK_LIFT if high else HOVER_LIFT)
        return self.fan.top() - SIDE_ROW_H - lift - SIDE_ROW_ABOVE

    def side_caption(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The optional row's caption in the current language and where it goes (centred
        above the row), while the row shows; for the handful's choice its title (the count)
        over its hint."""
        if not self.side_buttons:
            return None
        if self.choosing:
            room = self.geo.size[0] - SIDE_ROW_KEEP
            cap = stacked(fonts.fit(self.title, TITLE_TEXT - 4, room, GOLD, bold=True),
                          fonts.fit(self.hint, CAPTION_TEXT, room, INK))
        else:
            cap = fonts.text(_("Optional, before your card:"), CAPTION_TEXT, INK)
        row = self.side_buttons[0].rect.unionall([b.rect for b in self.side_buttons])
        return cap, cap.get_rect(midbottom=(row.centerx, row.top - CAPTION_ABOVE))

    def side_top(self) -> int | None:
        """The top of the optional row with its caption (``None`` while it does not
        show)."""
        caption = self.side_caption()
        return None if caption is None else caption[1].top

    def toggle_bella(self) -> None:
        """The "Claim bella" switch."""
        self.model.bella = not self.model.bella
        self._key = None

    # -- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on one of the buttons presses it; keys as :meth:`handle_key`."""
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in [*self.panel_buttons, *self.side_buttons]:
                if b.rect.collidepoint(event.pos):
                    b.action()
                    return True
        return False

    def handle_key(self, key: int) -> bool:
        """1–9 press a button, Tab moves the keyboard between the hand and the buttons, the
        arrows and Enter work the buttons when they have the keyboard; True when used."""
        buttons = self.buttons
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(buttons):
            buttons[key - pygame.K_1].action()
            return True
        if key == pygame.K_TAB and buttons:
            self.kb_panel = not self.kb_panel
            return True
        if not self.takes_keys():
            return False
        n = len(buttons)
        if key in (pygame.K_LEFT, pygame.K_UP):
            self.focus = n - 1 if self.focus is None else (self.focus - 1) % n
        elif key in (pygame.K_RIGHT, pygame.K_DOWN):
            self.focus = 0 if self.focus is None else (self.focus + 1) % n
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus is None:  # nothing chosen yet: show a choice first
                self.focus = self.first_choice()
                return True
            buttons[min(self.focus, n - 1)].action()
            self.kb_panel = False
        return True

    def reason_shown(self, mouse: tuple[int, int]) -> Button | None:
        """The button whose reason (dimmed) or note (a warning) shows now: the focused one
        after a key, else the one under the mouse."""
        kb_used = self.fan.kb_used
        panel_focus = self.kb_panel or not self.hand_takes_keys()
        for i, b in enumerate(self.buttons):
            focused = kb_used and i == self.focus and panel_focus
            if b.tip and (focused or (not kb_used and b.rect.collidepoint(mouse))):
                return b
        return None

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The panel (over the panel area of the window ``rect``) and the side row."""
        mouse = pygame.mouse.get_pos()
        box = self.box()
        if box is not None:
            draw_panel(surface, box)
            t = fonts.fit(self.title, TITLE_TEXT, box.w - HINT_ROOM, GOLD, bold=True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, box.top + TITLE_TOP)))
            for k, line in enumerate(self.hint_lines):
                hs = fonts.text(line, HINT_TEXT, INK)
                surface.blit(hs, hs.get_rect(midtop=(box.centerx,
                                                     box.top + HINT_TOP + k * HINT_LINE)))
        show_focus = self.kb_panel or not self.hand_takes_keys()
        for i, b in enumerate(self.panel_buttons):
            b.draw(surface, b.rect.collidepoint(mouse), show_focus and i == self.focus)
        for i, b in enumerate(self.side_buttons):
            b.draw(surface, b.rect.collidepoint(mouse), self.kb_panel and i == self.focus)
        caption = self.side_caption()
        if caption is not None:
            surface.blit(*caption)

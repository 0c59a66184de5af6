"""Play a deal number (from the main menu): type the number the score sheet shows
("1234567-2"), pick the game, and that game starts with that seed.

Digits and a dash type the number, Backspace takes one back, Left/Right (or Tab, or a click)
change the game, Enter plays, Escape goes back. A number replays its whole game from hand 1,
and the same number deals the same cards in every hand (see :mod:`game.ui.sheet` for why).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import games
from ...i18n import N_, _
from ..host import Scene, register
from ..render import fonts
from ..sheet import parse_deal_number
from ..theme import (
    BODY_SIZE,
    BUTTON_FILL,
    BUTTON_RADIUS,
    DIFFERS,
    GAP,
    GOLD,
    HEADING_SIZE,
    INK,
    MARGIN,
    MUTED,
    NOTE_SIZE,
    PANEL_TITLE_SIZE,
)
from ..widgets import Button, clicked, draw_dialog, layout_row
from .page import confirm_new_game, game_title

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

PANEL_SIZE = (780, 400)
TITLE_TOP = 16
ASK_TOP = 64
FIELD_TOP = 96
FIELD_SIZE = (320, 48)
GAMES_TOP = 170
NOTE_TOP = 250
BUTTONS_UP = 60
LONGEST = 14
"""The most characters a deal number may have (ten digits, a dash, three)."""
TYPED = {**{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
         **{getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)},
         pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-"}
"""The keys that type a character of a deal number."""
ASK = N_("Type the deal number the score sheet shows (like 1234567-2), then pick the game.")
REPLAYS = N_("A deal number replays its whole game from the first hand: the same number "
             "deals the same cards in every hand (when the same player deals). After the "
             "dash: which hand it was.")
"""What a deal number plays, said under the game buttons: the game again from its first hand,
with the same cards hand by hand (:mod:`game.ui.sheet` says why not the named hand alone)."""
NOT_A_NUMBER = N_("A deal number is digits, then maybe a dash and the hand: 1234567-2.")


@register("deal-number")
class DealNumberScene(Scene):
    """Ask for a deal number and a game, then start that game with that seed."""

    opaque = False

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.text = ""
        self.problem = ""
        """What is wrong with the typed number (a message id, translated where drawn)."""
        match = host.session.match
        names = games.names()
        self.game = match.game if match is not None else names[0]
        self.game_buttons = [Button(game_title(n), partial(self.pick, n)) for n in names]
        self.buttons = [Button(_("Play"), self.play), Button(_("Cancel"), self.host.pop)]
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- what it does ------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        """Nothing here moves by itself: only an event changes the look."""
        return None

    def pick(self, game: str) -> None:
        """Choose the game the number is played in."""
        self.game = game

    def step_game(self, by: int) -> None:
        names = games.names()
        self.game = names[(names.index(self.game) + by) % len(names)]

    def type(self, char: str) -> None:
        """Add a typed character (digits and one dash, up to :data:`LONGEST`)."""
        if len(self.text) < LONGEST and (char.isdigit() or (char == "-" and "-" not in self.text
                                                             and self.text)):
            self.text += char
            self.problem = ""

    def play(self) -> None:
        """Start the chosen game with the typed number's seed (or say what is wrong) — asking
        first when that game has a game in progress, as a new game from the menu does."""
        found = parse_deal_number(self.text)
        if found is None:
            self.problem = NOT_A_NUMBER
            return
        confirm_new_game(self.host, self.game, found[0])

    # -- layout and drawing ------------------------------------------------------------------

    def place(self) -> None:
        w, h = self.host.size
        self.rect = pygame.Rect(0, 0, min(PANEL_SIZE[0], w - 2 * MARGIN),
                                min(PANEL_SIZE[1], h - 2 * MARGIN))
        self.rect.center = (w // 2, h // 2)
        room = self.rect.w - 2 * MARGIN
        layout_row(self.game_buttons, self.rect.centerx, self.rect.top + GAMES_TOP, room)
        for name, b in zip(games.names(), self.game_buttons, strict=True):
            b.selected = name == self.game
        layout_row(self.buttons, self.rect.centerx, self.rect.bottom - BUTTONS_UP, room)

    def field(self) -> pygame.Rect:
        """The box the number is typed in."""
        box = pygame.Rect(0, 0, *FIELD_SIZE)
        box.midtop = (self.rect.centerx, self.rect.top + FIELD_TOP)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        self.place()
        draw_dialog(surface, self.rect)
        room = self.rect.w - 2 * MARGIN
        t = fonts.fit(_("Play a deal number"), PANEL_TITLE_SIZE, room, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + TITLE_TOP)))
        a = fonts.fit(_(ASK), NOTE_SIZE, room, INK)
        surface.blit(a, a.get_rect(midtop=(self.rect.centerx, self.rect.top + ASK_TOP)))
        box = self.field()
        pygame.draw.rect(surface, BUTTON_FILL, box, border_radius=BUTTON_RADIUS)
        pygame.draw.rect(surface, GOLD, box, width=2, border_radius=BUTTON_RADIUS)
        typed = fonts.text(self.text + "|", HEADING_SIZE, INK, bold=True)
        surface.blit(typed, typed.get_rect(center=box.center))
        mouse = pygame.mouse.get_pos()
        for b in self.game_buttons:
            b.draw(surface, b.rect.collidepoint(mouse), False)
        y = self.rect.top + NOTE_TOP
        if self.problem:
            lines, colour = fonts.wrap(_(self.problem), BODY_SIZE, room), DIFFERS
        else:
            lines, colour = fonts.wrap(_(REPLAYS), NOTE_SIZE, room), MUTED
        for line in lines:
            s = fonts.text(line, BODY_SIZE if self.problem else NOTE_SIZE, colour)
            surface.blit(s, s.get_rect(midtop=(self.rect.centerx, y)))
            y += s.get_height() + GAP // 2
        for i, b in enumerate(self.buttons):
            b.draw(surface, b.rect.collidepoint(mouse), i == 0)

    # -- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            char = event.unicode if getattr(event, "unicode", "") else TYPED.get(event.key, "")
            if event.key == pygame.K_ESCAPE:
                self.host.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play()
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.problem = ""
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.step_game(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.step_game(1)
            elif char:
                self.type(char)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place()
            every = [*self.game_buttons, *self.buttons]
            pressed = clicked(event, every)
            if pressed is not None:
                every[pressed].action()
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event

"""The end-of-game screen: who won and how, the final scores best first, the hands played and
the game's number — with New game, Score sheet and Main menu. Escape goes back to the table's
last summary. When South's side won, cards cascade over the dimmed table under the panel
(:mod:`..celebrate`) for a few seconds; a key or a click ends it (a click on a button also
presses it).

**Decision**: no cascade at the "instant" animation speed (the player asked for no card to
fly); a French Tarot tie South shares is no win (:func:`~..persist.game_outcome`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, ngettext, say
from .. import words
from ..celebrate import Cascade, cascade_cards
from ..games import presentation
from ..host import Scene, open_scene, register
from ..persist import game_outcome
from ..render import fonts
from ..session import Match
from ..theme import (
    BODY_SIZE,
    GAP,
    GOLD,
    HEADING_SIZE,
    INK,
    MARGIN,
    MUTED,
    NOTE_SIZE,
    PANEL_TITLE_SIZE,
    TITLE_SIZE,
)
from ..widgets import Button, clicked, dim, draw_panel, focus_keys, layout_row, row_width

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

PANEL_WIDTH = 640
TITLE_TOP = 18
WINNER_TOP = 62
HOW_TOP = 106
SCORES_TOP = 170
"""From the panel's top to the first final score."""
SCORE_ROW = 36
SCORE_COLUMNS = (0.18, 0.82)
"""Where a final score's name starts and its number ends, as parts of the panel's width."""
BUTTONS_ROOM = 76
"""Below the scores: the row of buttons."""
BUTTON_ROW_UP = 58


@register("game-over")
class GameOverScene(Scene):
    """The end of ``match`` (a game whose winner is known); ``new_game`` and ``main_menu`` are
    what those buttons do (the table's policy gives them)."""

    opaque = False

    def __init__(self, host: Host, match: Match, new_game: Callable[[], None],
                 main_menu: Callable[[], None]) -> None:
        super().__init__(host)
        self.match = match
        shown = presentation(match.game)
        scores = match.tally.scores()
        self.winner = say(words.winner_line(match.tally.winner()))
        hands = len(match.results)
        self.how = say(shown.final_goal(match.options))
        self.played = ngettext("{n} hand played  ·  game number {seed}",
                               "{n} hands played  ·  game number {seed}", hands).format(
            n=hands, seed=match.seed)
        self.scores = [(say(who), score) for who, score in shown.final_scores(scores)]
        self.buttons = [Button(_("New game"), new_game), Button(_("Score sheet"), self.sheet),
                        Button(_("Main menu"), main_menu)]
        self.focus = 0
        self.cascade = self.celebration()

    def celebration(self) -> Cascade | None:
        """The win cascade when South's side won the game (and cards may fly), else ``None``."""
        settings = self.host.session.settings
        won = game_outcome(self.match.tally.winner()) == "won"
        if not won or settings.speed_factor <= 0:
            return None
        return Cascade(self.host.size, cascade_cards(self.match.game), self.match.seed,
                       settings.four_colour)

    def celebrating(self) -> bool:
        """True while the cascade runs."""
        return self.cascade is not None and self.cascade.running

    def wake_in(self) -> float | None:
        """At once while the cascade runs; then nothing here moves by itself: only an event
        changes the look."""
        return self.cascade.wake_in() if self.cascade is not None else None

    def update(self, dt: float) -> None:
        if self.cascade is not None:
            self.cascade.update(dt)

    def pause(self) -> None:
        """The score sheet opened over it: the cascade ends."""
        if self.celebrating():
            assert self.cascade is not None
            self.cascade.skip()

    def resize(self, size: tuple[int, int]) -> None:
        if self.cascade is not None:
            self.cascade.resize(size)

    def sheet(self) -> None:
        """Open the game's score sheet over this screen."""
        self.host.push(open_scene(self.host, "score-sheet", match=self.match))

    def panel(self) -> pygame.Rect:
        w, h = self.host.size
        height = SCORES_TOP + SCORE_ROW * len(self.scores) + BUTTONS_ROOM
        wide = max(PANEL_WIDTH, row_width(self.buttons) + 2 * MARGIN)  # one row of buttons
        rect = pygame.Rect(0, 0, min(wide, w - 2 * MARGIN), min(height, h - 2 * MARGIN))
        rect.center = (w // 2, h // 2)
        layout_row(self.buttons, rect.centerx, rect.bottom - BUTTON_ROW_UP, rect.w - 2 * MARGIN)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.panel()
        dim(surface)  # the table below dimmed (its summary is not drawn under this one)
        if self.cascade is not None:
            self.cascade.draw(surface)
        draw_panel(surface, rect, opaque=True)
        room = rect.w - 2 * MARGIN
        title = _("Game over — {game}").format(game=_(self.match.spec.title))
        lines = ((title, PANEL_TITLE_SIZE, INK, TITLE_TOP),
                 (self.winner, TITLE_SIZE, GOLD, WINNER_TOP),
                 (self.how, BODY_SIZE, INK, HOW_TOP),
                 (self.played, NOTE_SIZE, MUTED, HOW_TOP + BODY_SIZE + GAP))
        for text, size, colour, top in lines:
            s = fonts.fit(text, size, room, colour, bold=size >= PANEL_TITLE_SIZE)
            surface.blit(s, s.get_rect(midtop=(rect.centerx, rect.top + top)))
        left, right = (rect.left + int(rect.w * part) for part in SCORE_COLUMNS)
        for i, (who, score) in enumerate(self.scores):
            y = rect.top + SCORES_TOP + i * SCORE_ROW
            colour = GOLD if i == 0 else INK
            name = fonts.text(who, HEADING_SIZE, colour, bold=i == 0)
            surface.blit(name, name.get_rect(topleft=(left, y)))
            value = fonts.text(score, HEADING_SIZE, colour, bold=i == 0)
            surface.blit(value, value.get_rect(topright=(right, y)))
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.buttons):
            b.draw(surface, b.rect.collidepoint(mouse), i == self.focus)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.celebrating() and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            assert self.cascade is not None
            self.cascade.skip()
            if event.type == pygame.KEYDOWN:
                return None  # a key only ends the cascade; a click may press a button too
        if event.type == pygame.KEYDOWN:
            focus = focus_keys(event, self.buttons, self.focus)
            if focus is not None:
                self.focus = focus
            elif event.key == pygame.K_ESCAPE:
                self.host.pop()
            elif event.key == pygame.K_s:
                self.sheet()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.panel()
            pressed = clicked(event, self.buttons)
            if pressed is not None:
                self.focus = pressed
                self.buttons[pressed].action()
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event

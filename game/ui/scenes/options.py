"""Game options, one tab per game: each option's allowed values as buttons (only those can be
chosen), the current one lit, and a sentence on what it changes.

A choice is written into ``session.settings.options[game]`` as the options that differ from the
game's defaults — the form a record stores — and :meth:`Session.new_match` hands exactly that to
the next new :class:`~game.ui.session.Match` of that game. A game in progress keeps the options
it was dealt with.

Each tab also carries the game's learning-mode switch (``session.settings.learning``, per game; the
same switch as the table's "Learning" button, and unlike the options it applies at once, to the
game in progress too).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import games
from ...i18n import N_, _, ngettext
from .. import rules_text
from ..host import register
from ..render import fonts
from ..session import best_level, wanted_levels
from ..theme import GAP, GOLD, INK, NOTE_SIZE
from ..widgets import Button
from .page import PageScene, body_size, game_title

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host
    from ..session import Session


@dataclass
class Row:
    """One option on the page: its name, value buttons and the area it covers."""

    name: str
    buttons: list[Button]
    values: list[Any]
    rect: pygame.Rect


def chosen_options(session: Session, game: str) -> dict[str, Any]:
    """The full options the next new game of ``game`` will use (defaults overlaid with the
    player's choices)."""
    return games.get(game).full_options(dict(session.settings.options.get(game, {})))


def ai_note(session: Session, game: str) -> str:
    """One line when the next new game of ``game`` cannot have the AI levels chosen for its
    seats (French Tarot for three or five: only the levels that play that table,
    :func:`~game.engine.ai.player.plays_table`): which level plays instead; else ``""``."""
    table = games.get(game).table(chosen_options(session, game))
    wanted = set(wanted_levels(session.settings, table).values())
    taken = {best_level(w, game, table.size) for w in wanted} - wanted
    if not taken:
        return ""
    from .overlay import level_word  # the AI players' page names the levels

    levels = ", ".join(level_word(level) for level in sorted(taken))
    return ngettext("At {n} players the AI seats are played by the level that plays this "
                    "table: {levels}.",
                    "At {n} players the AI seats are played by the levels that play this "
                    "table: {levels}.", len(taken)).format(n=table.size, levels=levels)


def toggle_learning(session: Session, game: str) -> None:
    """Learning mode on or off for ``game`` (a new mapping: the saver sees the change)."""
    s = session.settings
    s.learning = {**s.learning, game: not s.learning_for(game)}
    session.save()


LEARNING_TEXT = N_("Learning mode, from now on: the cards you may not play are dimmed with the "
                   "reason, and Hint, the play checker, Undo and the card tracker are at the "
                   "table.")

VALUE_WIDTH = 90
"""The narrowest button of an option's value."""
VALUE_HEIGHT = 36
"""The height of a value's button and of the learning switch."""
LABEL_ROOM = 36
"""Pixels a button adds to its label's width."""
SWITCH_WIDTH = 200
"""The narrowest the learning switch gets."""
SWITCH_PAD = 6
"""Above and below the learning switch."""
UNDER_ROW = 8
"""Below an option's name and below each row of its buttons."""
BETWEEN_OPTIONS = 18
DEFAULTS_BUTTON = (260, 38)
"""The widest "Restore the defaults" gets, and its height."""
FOCUS_MARK_AWAY = 14
"""From the content's left edge back to the focused option's gold mark."""
FOCUS_MARK_WIDTH = 4


def set_option(session: Session, game: str, name: str, value: Any) -> None:
    """Make ``value`` (checked against the option's allowed values) the choice for option
    ``name`` of ``game`` (French Tarot's ``players`` among them); an option whose allowed
    values depend on it and no longer allow its value goes back to its default there; only
    the options that differ from the defaults are kept."""
    spec = games.get(game)
    every = spec.every_option()
    full = {k: o.default for k, o in every.items()} | chosen_options(session, game)
    full[name] = every[name].check(name, value, full)
    for other, opt in every.items():  # a value the new choice no longer allows: its default
        if other != name and full[other] not in opt.choices_in(full):
            full[other] = opt.default_in(full)
    changed = spec.changed_options(full)
    # A new mapping, never an edit in place: whoever kept the old one (the saver compares
    # against its last ``to_json()``, which shares it) must see the change.
    options = {g: o for g, o in session.settings.options.items() if g != game}
    if changed:
        options[game] = changed
    session.settings.options = options
    session.save()


@register("options")
class OptionsScene(PageScene):
    """The options of each game; opens on ``game`` or the first."""

    title = N_("Game options")
    hint = N_("↑ ↓: option · ← →: value · Tab: next game · Esc: back")
    arrows_switch_tabs = False

    def __init__(self, host: Host, game: str | None = None) -> None:
        self.rows: list[Row] = []
        self.texts: list[tuple[pygame.Surface, int, int]] = []
        self.defaults_button = Button("", self.restore_defaults, size=NOTE_SIZE)
        self.learning_button = Button("", self.toggle_learning, size=NOTE_SIZE)
        self.focus = 0
        """The focused row; ``len(self.rows)`` is the defaults button, one more the learning
        switch (drawn at the top)."""
        super().__init__(host, game)

    def show_game(self, name: str) -> None:
        self.focus = 0
        super().show_game(name)

    def choose(self, name: str, value: Any) -> None:
        """Choose ``value`` for option ``name`` of the page's game."""
        assert self.game is not None
        set_option(self.host.session, self.game, name, value)
        self.relayout()

    def toggle_learning(self) -> None:
        """The page's game's learning-mode switch."""
        assert self.game is not None
        toggle_learning(self.host.session, self.game)
        self.relayout()

    def restore_defaults(self) -> None:
        """Every option of the page's game back to its default."""
        assert self.game is not None
        for name, opt in games.get(self.game).every_option().items():
            set_option(self.host.session, self.game, name, opt.default)
        self.relayout()

    def layout_content(self, width: int) -> int:
        assert self.game is not None
        game = self.game
        size = body_size(self.host.size)
        step = fonts.font(size).get_linesize() + 2
        current = chosen_options(self.host.session, game)
        spec = games.get(game)
        self.rows, self.texts = [], []
        y = 0
        intro = _("{game}: the options of the next new game.").format(game=game_title(game))
        for line in fonts.wrap(intro, size, width):
            self.texts.append((fonts.text(line, size, INK), 0, y))
            y += step
        if self.host.session.match is not None and self.host.session.match.game == game:
            for line in fonts.wrap(_("The game in progress keeps the options it started with."),
                                   size, width):
                self.texts.append((fonts.text(line, size, INK), 0, y))
                y += step
        on = self.host.session.settings.learning_for(game)
        label = _("Learning mode: on") if on else _("Learning mode: off")
        bw = max(SWITCH_WIDTH, fonts.font(size, True).size(label)[0] + LABEL_ROOM)
        self.learning_button.label = label
        self.learning_button.selected = on
        self.learning_button.size = size
        self.learning_button.rect = pygame.Rect(0, y + SWITCH_PAD, min(width, bw), VALUE_HEIGHT)
        y += SWITCH_PAD + VALUE_HEIGHT + SWITCH_PAD
        for line in fonts.wrap(_(LEARNING_TEXT), size, width):
            self.texts.append((fonts.text(line, size, INK), 0, y))
            y += step
        y += BETWEEN_OPTIONS
        note = ai_note(self.host.session, game)
        if note:
            for line in fonts.wrap(note, size, width):
                self.texts.append((fonts.text(line, size, GOLD), 0, y))
                y += step
            y += BETWEEN_OPTIONS
        for name, opt in spec.every_option().items():
            choices = opt.choices_in(current)
            top = y
            t = rules_text.option_text(game, name)
            head = fonts.fit(t.label, size + 2, width, GOLD, bold=True)
            self.texts.append((head, 0, y))
            y += head.get_height() + UNDER_ROW
            buttons: list[Button] = []
            x = 0
            for v in choices:
                label = rules_text.value_label(game, name, v)
                bw = max(VALUE_WIDTH, fonts.font(size, True).size(label)[0] + LABEL_ROOM)
                if x and x + bw > width:
                    x, y = 0, y + VALUE_HEIGHT + UNDER_ROW
                b = Button(label, partial(self.choose, name, v),
                           pygame.Rect(x, y, bw, VALUE_HEIGHT), size=size)
                now = current.get(name, opt.default)
                b.selected = type(v) is type(now) and v == now
                buttons.append(b)
                x += bw + GAP
            y += VALUE_HEIGHT + UNDER_ROW
            for line in fonts.wrap(t.explain, size, width):
                self.texts.append((fonts.text(line, size, INK), 0, y))
                y += step
            self.rows.append(Row(name, buttons, list(choices),
                                 pygame.Rect(0, top, width, y - top)))
            y += BETWEEN_OPTIONS
        self.defaults_button.label = _("Restore the defaults")
        self.defaults_button.size = size
        dw = max(DEFAULTS_BUTTON[0], fonts.font(size, True).size(self.defaults_button.label)[0]
                 + LABEL_ROOM)
        self.defaults_button.rect = pygame.Rect((0, y), (min(width, dw), DEFAULTS_BUTTON[1]))
        return y + DEFAULTS_BUTTON[1] + UNDER_ROW

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        x0, y0 = origin
        for s, x, y in self.texts:
            surface.blit(s, (x0 + x, y0 + y))
        mouse = pygame.mouse.get_pos()
        for i, row in enumerate(self.rows):
            if i == self.focus:
                mark = row.rect.move(x0 - FOCUS_MARK_AWAY, y0)
                pygame.draw.rect(surface, GOLD, (mark.left, mark.top + 2, FOCUS_MARK_WIDTH,
                                                 mark.h - 4))
            for b in row.buttons:
                drawn = Button(b.label, b.action, b.rect.move(x0, y0), size=b.size,
                               selected=b.selected)
                drawn.draw(surface, drawn.rect.collidepoint(mouse),
                           i == self.focus and b.selected)
        for i, d in enumerate((self.defaults_button, self.learning_button)):
            drawn = Button(d.label, d.action, d.rect.move(x0, y0), size=d.size,
                           selected=d.selected)
            drawn.draw(surface, drawn.rect.collidepoint(mouse), self.focus == len(self.rows) + i)

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        count = len(self.rows) + 2
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if k == pygame.K_DOWN else -1)) % count
            extra = (self.defaults_button, self.learning_button)
            self.reveal(self.rows[self.focus].rect if self.focus < len(self.rows)
                        else extra[self.focus - len(self.rows)].rect)
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < len(self.rows):
            row = self.rows[self.focus]
            i = next((j for j, b in enumerate(row.buttons) if b.selected), 0)
            i = (i + (1 if k == pygame.K_RIGHT else -1)) % len(row.values)
            self.choose(row.name, row.values[i])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and \
                self.focus >= len(self.rows):
            (self.restore_defaults if self.focus == len(self.rows) else self.toggle_learning)()
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        for i, row in enumerate(self.rows):
            for b in row.buttons:
                if b.rect.collidepoint(pos):
                    self.focus = i
                    b.action()
                    return True
        if self.defaults_button.rect.collidepoint(pos):
            self.focus = len(self.rows)
            self.restore_defaults()
            return True
        if self.learning_button.rect.collidepoint(pos):
            self.focus = len(self.rows) + 1
            self.toggle_learning()
            return True
        return False

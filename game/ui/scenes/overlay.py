"""Scenes drawn over others: the in-game menu (Escape) and the settings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ... import storage
from ...engine import ai
from ...i18n import LANGUAGES, N_, _, pgettext, seat_word
from ..host import Scene, open_scene, register
from ..render import fonts, style
from ..session import SPEEDS, best_level
from ..sheet import deal_number
from ..theme import (
    BACKING,
    GAP,
    GOLD,
    HINT_SIZE,
    INK,
    MARGIN,
    PANEL_RADIUS,
    PANEL_TITLE_SIZE,
)
from ..widgets import Button, clicked, draw_dialog, draw_panel, focus_keys
from .page import confirm_new_game

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

COLUMN_BUTTON = (380, 44)
"""A column button's width and its height when the window has room."""
SHORTEST_BUTTON = 28
"""The least height a column button shrinks to in a short window."""
LABEL_ROOM = 40
"""Pixels a column button keeps beside its label (the widest label widens the column)."""
TIGHTEST_GAP = 6
COLUMN_TOP = 64
"""From the panel's top to the first button (below the title)."""
TITLE_TOP = 16
HEADER = 70
"""The panel's height above its buttons (and the room below them, with :data:`GAP`)."""
SIDE = 30
"""Between the panel's sides and the buttons."""
FOOTER = 26
"""The room a footer line takes at the panel's bottom, below the buttons."""
FOOTER_BELOW = 10
"""From a footer line's bottom to the panel's."""


class ButtonScene(Scene):
    """A titled column of buttons; arrows + Enter or clicks choose; Escape goes back. The
    title (a message id) is translated where it is drawn; the buttons are built again on a
    resize (a change of language takes that path)."""

    title = ""
    footer = ""
    """A line under the buttons, inside the panel (a message id), if any."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.focus = 0
        self.items: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.build()

    def wake_in(self) -> float | None:
        """Nothing here moves by itself: only an event changes the look."""
        return None

    def build(self) -> None:
        """Create ``self.items``."""

    def back(self) -> None:
        """Escape: close this scene."""
        self.host.pop()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def place(self) -> None:
        w, h = self.host.size
        (bw, bh), gap = COLUMN_BUTTON, GAP
        widest = max((fonts.font(b.size, True).size(b.label)[0] for b in self.items), default=0)
        bw = max(bw, min(widest + LABEL_ROOM, w - 2 * SIDE - 2 * MARGIN))
        footer = FOOTER if self.footer else 0
        while HEADER + len(self.items) * (bh + gap) + GAP + footer > h - 2 * MARGIN \
                and bh > SHORTEST_BUTTON:
            bh, gap = bh - 2, max(TIGHTEST_GAP, gap - 1)
        total = HEADER + len(self.items) * (bh + gap) + GAP + footer
        self.rect = pygame.Rect(0, 0, bw + 2 * SIDE, total)
        self.rect.center = (w // 2, h // 2)
        for i, b in enumerate(self.items):
            b.rect = pygame.Rect(self.rect.left + SIDE, self.rect.top + COLUMN_TOP + i * (bh + gap),
                                 bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        self.place()
        if self.opaque:
            draw_panel(surface, self.rect, opaque=True)
        else:
            draw_dialog(surface, self.rect)  # the scene below dimmed, nothing read through
        t = fonts.fit(_(self.title), PANEL_TITLE_SIZE, self.rect.w - 2 * SIDE, GOLD, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + TITLE_TOP)))
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.items):
            b.draw(surface, b.rect.collidepoint(mouse), i == self.focus)
        if self.footer:
            note = fonts.fit(_(self.footer), HINT_SIZE, self.rect.w - 2 * SIDE, INK)
            surface.blit(note, note.get_rect(midbottom=(self.rect.centerx,
                                                        self.rect.bottom - FOOTER_BELOW)))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            else:
                focus = focus_keys(event, self.items, self.focus)
                self.focus = self.focus if focus is None else focus
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place()
            pressed = clicked(event, self.items)
            if pressed is not None:
                self.focus = pressed
                self.items[pressed].action()
            return None
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None
        return event


@register("pause")
class PauseMenu(ButtonScene):
    """Escape at the table: resume, settings, a new game, the main menu or quit."""

    title = N_("Paused")
    opaque = False

    def __init__(self, host: Host) -> None:
        self.pilot = getattr(getattr(host.top, "plays", None), "autopilot", None)
        """The table's :class:`~..table.autopilot.Autopilot` when the menu opens over a
        table (else ``None``)."""
        super().__init__(host)

    def build(self) -> None:
        match = self.host.session.match
        sheet = (_("Score sheet · deal {number}").format(number=deal_number(match)) if match
                 else _("Score sheet"))
        pilot = self.pilot
        hand_over = [Button(_("Let the AI play my cards (this hand)"), self.hand_over),
                     Button(_("Let the AI play my cards (rest of the game)"), self.game_over)] \
            if pilot is not None and pilot.offered() else []
        self.items = [Button(_("Resume"), self.host.pop), *hand_over,
                      Button(sheet, self.score_sheet), Button(_("Rules"), self.rules),
                      Button(_("Settings"), self.settings),
                      Button(_("New game (this game)"), self.new_game),
                      Button(_("Main menu"), self.menu), Button(_("Quit"), self.host.quit)]

    def hand_over(self) -> None:
        """Back to the table, where the AI plays South's cards until the hand ends."""
        self.host.pop()
        if self.pilot is not None:
            self.pilot.start()

    def game_over(self) -> None:
        """Back to the table, where the AI plays South's cards to the end of the game (not
        saved: after a restart the player has them, :mod:`..table.autopilot`)."""
        self.host.pop()
        if self.pilot is not None:
            self.pilot.start(whole_game=True)

    def settings(self) -> None:
        self.host.push(open_scene(self.host, "settings"))

    def score_sheet(self) -> None:
        """The game's score sheet, hand by hand."""
        self.host.push(open_scene(self.host, "score-sheet"))

    def rules(self) -> None:
        match = self.host.session.match
        self.host.push(open_scene(self.host, "rules", game=match.game if match else None))

    def new_game(self) -> None:
        """A new game of this game, once the player confirms that this one is abandoned."""
        assert self.host.session.match is not None
        confirm_new_game(self.host, self.host.session.match.game)

    def menu(self) -> None:
        self.host.replace_all(open_scene(self.host, "menu"))


def _cycle(values: list[object], current: object) -> object:
    i = values.index(current) if current in values else -1
    return values[(i + 1) % len(values)]


@register("settings")
class SettingsScene(ButtonScene):
    """The player's settings (the app saves them as they change)."""

    title = N_("Settings")
    footer = N_("Settings are saved as you change them.")
    opaque = False

    def build(self) -> None:
        s = self.host.session.settings
        style.follow(s)

        def toggle(name: str) -> Callable[[], None]:
            def flip() -> None:
                setattr(s, name, not getattr(s, name))
                self.build()
            return flip

        def cycle(name: str, values: list[object]) -> Callable[[], None]:
            def nxt() -> None:
                setattr(s, name, _cycle(values, getattr(s, name)))
                self.build()
            return nxt

        def vol() -> None:
            s.volume = {0.0: 0.35, 0.35: 0.7, 0.7: 1.0}.get(round(s.volume, 2), 0.0)
            self.build()

        def on(value: bool) -> str:
            return _("on") if value else _("off")

        self.items = [
            Button(_("Language: {language}").format(language=LANGUAGES.get(s.language, "")),
                   self.next_language),
            Button(_("AI players: {levels} (next game)").format(levels=ai_levels_label(s)),
                   self.ai_levels),
            Button(_("Animation speed: {speed}").format(speed=speed_word(s.speed)),
                cycle("speed", list(SPEEDS))),
            Button(_("Sound: {state}").format(state=on(s.sound)), toggle("sound")),
            Button(_("Volume: {percent}%").format(percent=round(s.volume * 100)), vol),
            Button(_("Four-colour deck: {state}").format(state=on(s.four_colour)),
                   toggle("four_colour")),
            Button(_("Card back: {colour}").format(colour=_(COLOUR_WORDS[s.card_back])),
                   cycle("card_back", list(storage.CARD_BACKS))),
            Button(_("Felt: {colour}").format(colour=_(COLOUR_WORDS[s.felt])),
                   cycle("felt", list(storage.FELTS))),
            Button(_("Play checker (learning mode): {state}").format(state=on(s.play_checker)),
                   toggle("play_checker")),
            Button(_("Trumps at the right") if s.trumps_right else _("Trumps at the left"),
                   toggle("trumps_right")),
            Button(_("Play a forced card for me: {state}").format(state=on(s.auto_single)),
                   toggle("auto_single")),
            Button(_("Game options…"), self.game_options),
            Button(_("Back"), self.back),
        ]

    def next_language(self) -> None:
        """The next language, spoken at once (the host lays every scene out again)."""
        codes = list(LANGUAGES)
        current = self.host.session.settings.language
        code = codes[(codes.index(current) + 1) % len(codes)] if current in codes else codes[0]
        self.host.set_language(code)

    def ai_levels(self) -> None:
        """The AI level of each seat."""
        self.host.push(AILevelsScene(self.host))

    def resume(self) -> None:
        self.build()  # the AI players' row says what was chosen there

    def game_options(self) -> None:
        match = self.host.session.match
        self.host.push(open_scene(self.host, "options", game=match.game if match else None))


AI_SEATS = storage.AI_SEATS
"""The AI seats, in the order the AI players' settings show them: West, North, East, then
French Tarot's North-West and North-East (five players)."""
FIVE_ONLY = ("NW", "NE")
"""The seats only French Tarot's five-player table has."""
COLOUR_WORDS = {"blue": N_("blue"), "red": N_("red"), "green": N_("green"),
                "black": N_("black"), "grey": N_("grey")}
"""The colours of the card backs and the felts."""


def level_word(level: str) -> str:
    """An AI level in the current language ("normal", "difficile")."""
    words = {"random": pgettext("AI level", "random"), "easy": pgettext("AI level", "easy"),
             "normal": pgettext("AI level", "normal"), "hard": pgettext("AI level", "hard")}
    return words.get(level, level)


def speed_word(speed: str) -> str:
    """An animation speed in the current language ("fast", "rapide")."""
    words = {"slow": pgettext("speed", "slow"), "normal": pgettext("speed", "normal"),
             "fast": pgettext("speed", "fast"), "instant": pgettext("speed", "instant")}
    return words.get(speed, speed)


def seat_letter(seat: str) -> str:
    """An AI seat's letter in the current language ("W", "O")."""
    letters = {"W": pgettext("seat letter", "W"), "N": pgettext("seat letter", "N"),
               "E": pgettext("seat letter", "E"), "NW": pgettext("seat letter", "NW"),
               "NE": pgettext("seat letter", "NE")}
    return letters.get(seat, seat)


def ai_levels_label(settings: storage.Settings) -> str:
    """The AI seats' wanted levels in a few words: one level when every seat agrees, else
    each seat's.

    **Decision**: North-West and North-East (five players only) are named only when their
    level is not North's — the summary stays short, and says everything."""
    def level(seat: str) -> str:
        return level_word(best_level(settings.ai.get(seat, settings.ai.get("N", "normal"))))

    levels = {seat: level(seat) for seat in AI_SEATS}
    if len(set(levels.values())) == 1:
        return levels["W"]
    named = [s for s in AI_SEATS if s not in FIVE_ONLY or levels[s] != levels["N"]]
    return " · ".join(_("{seat} {level}").format(seat=seat_letter(seat), level=levels[seat])
                      for seat in named)


OFFERED_LEVELS = ("easy", "normal", "hard")
"""The AI levels a player picks from in Settings, weakest first.

**Decision**: the ``random`` level (any legal card, chosen by chance) is not offered. A player
who picks an opponent's strength expects an easier or a harder game, not one that plays
nonsense; ``random`` is the baseline the other levels are measured against, kept for
``--autoplay``, the arena and the tests. A settings file that already names it (written by a
test or by hand) is still played and named ("random") until the player cycles that seat,
which then moves to ``easy`` and never back."""


class AILevelsScene(ButtonScene):
    """The AI level of West, North and East, and of French Tarot's North-West and North-East
    at five players, each cycled on its own (or all at once) through :data:`OFFERED_LEVELS`; a
    new game deals with them (``Session.new_match`` passes ``settings.ai``)."""

    title = N_("AI players (next game)")
    opaque = False

    def build(self) -> None:
        s = self.host.session.settings
        levels = [lv for lv in OFFERED_LEVELS if lv in ai.LEVELS]

        def cycle(seats: tuple[str, ...]) -> Callable[[], None]:
            def nxt() -> None:
                level = str(_cycle(list(levels), best_level(s.ai.get(seats[0], "normal"))))
                s.ai = {**s.ai, **dict.fromkeys(seats, level)}
                self.build()
            return nxt

        self.items = [Button(_("Every AI seat: {levels}").format(levels=ai_levels_label(s)),
                             cycle(AI_SEATS))]
        for seat in AI_SEATS:
            text = _("{seat} (five players): {level}") if seat in FIVE_ONLY else \
                _("{seat}: {level}")
            self.items.append(Button(text.format(
                seat=seat_word(seat), level=level_word(best_level(s.ai.get(seat, "normal")))),
                cycle((seat,))))
        self.items.append(Button(_("Back"), self.back))

    def draw(self, surface: pygame.Surface) -> None:
        self.place()
        pygame.draw.rect(surface, BACKING, self.rect, border_radius=PANEL_RADIUS)  # opaque
        super().draw(surface)


class SeatChooser(ButtonScene):
    """Swap seats (the review): play the reviewed deal from West's, North's or East's cards;
    ``on_pick(seat)`` starts it."""

    title = N_("Play this deal from…")
    opaque = False

    def __init__(self, host: Host, on_pick: Callable[[int], None],
                 offers: Mapping[int, str]) -> None:
        self.on_pick = on_pick
        self.offers = offers
        """Seat → its button ("West's cards"; the game's presentation words it)."""
        super().__init__(host)

    def build(self) -> None:
        self.items = [Button(text, partial(self.pick, s)) for s, text in self.offers.items()]
        self.items.append(Button(_("Cancel"), self.back))

    def pick(self, seat: int) -> None:
        """Close the chooser and start the practice from ``seat``."""
        self.host.pop()
        self.on_pick(seat)

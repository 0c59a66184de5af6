"""A learner's progress, one game a tab (issue 39; French Tarot's table size chosen under the
tabs, as on the Statistics page): how South's decisions compare with the strong player's,
judged after each hand (:mod:`..judge`, kept in :mod:`..progress_book`).

* a table, over every hand judged and over the last :data:`~..progress_book.RECENT`: hands and
  decisions judged, the share agreeing with the strong player, the mistakes backed by
  evidence per 100 decisions and their mean cost in the game's unit; the deal of the day's
  mean difference from par beside it;
* a plot of the mistakes per 100 decisions, hand by hand (dots), and their running mean (the
  line); large with its axes named by P, a click or its "Larger (P)" button
  (:mod:`.plot_page`);
* the three kinds of decision where the player loses most, each with "Show me one": the
  review (:mod:`.review`) opened at such a decision of a recent hand;
* honest words: how many hands the figures rest on, and that a few say little.

**Decision** (honest figures): every figure says what it rests on; below
:data:`FEW_HANDS` hands the page says the figures are still mostly chance.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from ... import storage
from ...engine import daily, games
from ...i18n import N_, _, ngettext, number, say
from ..games import presentation
from ..host import open_scene, register
from ..plot import Axes, draw_dots_and_line, running_mean
from ..progress_book import RECENT, KindLoss, Summary
from ..render import fonts
from ..theme import FINE_SIZE, GOLD, INK, MUTED, NOTE_SIZE
from ..widgets import LABEL_ROOM as BUTTON_LABEL_ROOM
from ..widgets import Button
from .page import PageScene, body_size, percent
from .plot_page import LARGER_KEY, larger_button, open_larger, place_larger
from .statistics import (
    ABOVE_PLOT,
    CELL_ROOM,
    LABEL_ROOM,
    ROW_PAD,
    SIZE_BUTTON,
    SIZE_BUTTON_TEXT,
    SIZE_GAP,
    SIZE_KEYS,
    TIGHT_ROW_PAD,
    column_title,
    table_sizes,
)

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from ..host import Host

ROWS = (N_("Hands judged"), N_("Decisions judged"), N_("Agreeing with the strong player"),
        N_("Mistakes per 100 decisions"), N_("Mean cost of a mistake"))
"""The table's rows, one figure of :class:`~..progress_book.Summary` each."""
KIND_WORDS = {"lead": N_("Leads"), "follow": N_("Following suit"), "trump": N_("Trumping"),
              "discard": N_("Discards"), "bid": N_("Bids"), "call": N_("Calls"),
              "lay-away": N_("Laying away"), "declaration": N_("Declarations")}
"""Each kind of decision (:data:`game.engine.judging.KINDS`) as the page names it."""
FEW_HANDS = 20
"""Below this many hands the page says its figures are still mostly chance."""
PLOT_HEIGHT = (70, 200)
"""The plot's least height (below it the page scrolls) and its greatest."""
SHOW_BUTTON = 28
"""The height of a "Show me one" button (as wide as its label)."""
KIND_GAP = 4
"""Between two kinds' rows."""
JUDGED_LOOK = 0.5
"""Seconds between two looks at the book while hands are being judged."""
BELOW_PLOT = 10
"""Between the plot and what follows."""
KINDS_GAP = 24
"""Between the table and the kinds beside it."""
KINDS_LEAST = 240
"""The least width the kinds take beside the table (else they go under it)."""


def cost_words(game: str, value: float) -> str:
    """A mistake's cost in ``game``'s unit (its presentation's
    :meth:`~..games.base.Presentation.cost_text`)."""
    return presentation(game).cost_text(value)


@register("progress")
class ProgressScene(PageScene):
    """South's decisions against the strong player's, per game (the tab) and table size."""

    title = N_("Your progress")
    hint = N_("Tab: next game · 3 4 5: French Tarot's players · P: larger plot · Esc: back")

    def __init__(self, host: Host, game: str | None = None) -> None:
        session = host.session
        session.judge.settle()                     # the hands judged a moment ago count
        self.book = session.progress.load()
        self.notice, self.book.notice = self.book.notice, None  # said here, once
        self.daily = session.daily.load()
        self.today = session.today()
        self.players = {g: 4 for g in games.names() if table_sizes(g)}
        """The table size each game with several shows (French Tarot: 4 until chosen)."""
        self.size_buttons = {g: [Button(str(n), partial(self.show_players, g, n),
                                        size=SIZE_BUTTON_TEXT) for n in table_sizes(g)]
                             for g in self.players}
        self.show_buttons: list[Button] = []
        """"Show me one" of each kind listed (placed with the kinds)."""
        self.kinds: list[KindLoss] = []
        self.cells: list[tuple[pygame.Surface, pygame.Rect]] = []
        """Each drawn text and its rect relative to the content's top left."""
        self.plot_rect = pygame.Rect(0, 0, 0, 0)
        self.values: list[float] = []
        """The shown key's mistakes per 100 decisions, hand by hand (oldest first)."""
        self.larger = larger_button(self.open_plot)
        self.laid_changes = -1
        """The book's :attr:`~..progress_book.ProgressBook.changes` when last laid out."""
        super().__init__(host, game)

    def wake_in(self) -> float | None:
        """A slow look while hands are being judged (their figures come in by themselves),
        else nothing moves."""
        return None if self.host.session.judge.idle() else JUDGED_LOOK

    def update(self, dt: float) -> None:
        """Take in the hands judged since the page was laid out."""
        if self.book.changes != self.laid_changes:
            self.relayout()

    def layout_content(self, width: int) -> int:
        self.laid_changes = self.book.changes
        bottom = self.layout_all(width, ROW_PAD)
        if bottom <= self.view.h:
            return bottom
        return self.layout_all(width, TIGHT_ROW_PAD)

    @property
    def key(self) -> str:
        """The statistics key shown: the tab's game at its table size."""
        assert self.game is not None
        return storage.stats_key(self.game, {"players": self.players.get(self.game, 4)})

    def show_players(self, game: str, players: int) -> None:
        """Show ``game``'s table of ``players``."""
        self.players[game] = players
        self.relayout()

    def show_one(self, kind: str) -> None:
        """Open the review at a decision of ``kind`` the strong player called a mistake."""
        found = self.book.example(self.key, kind)
        if found is not None:
            record, at = found
            self.host.push(open_scene(self.host, "review", record=record, at=at))

    # -- the figures -----------------------------------------------------------------------

    def column(self, s: Summary) -> list[str]:
        """What one column of the table shows, one cell per row of :data:`ROWS`."""
        assert self.game is not None
        dash = "—"
        return [number(s.hands), number(s.judged),
                dash if s.agreed is None else percent(s.agreed),
                dash if s.per_hundred is None else number(s.per_hundred, 1),
                dash if s.mean_cost is None else cost_words(self.game, s.mean_cost)]

    def par_line(self) -> str:
        """The deal of the day's mean difference from par at this table, in a line."""
        assert self.game is not None
        if self.players.get(self.game, 4) not in daily.sizes_of(self.game):
            return ""
        key = daily.key_of(self.game, self.players.get(self.game, 4))
        summary = self.daily.summary(key, self.today)
        days = summary.better + summary.equal + summary.worse
        if summary.mean is None:
            return _("Deal of the day: no day compared with par yet.")
        return ngettext("Deal of the day: {mean} {unit} from par on average, over {n} day.",
                        "Deal of the day: {mean} {unit} from par on average, over {n} days.",
                        days).format(mean=number(summary.mean, 1, sign=True),
                                     unit=say(daily.unit(self.game, 2)), n=days)

    def honest(self, hands: int) -> str:
        """What the figures rest on, in words (and the hands still being judged)."""
        said = self.resting(hands)
        waiting = self.book.waiting(self.key)
        if waiting:
            said = _("{said} {waiting}").format(said=said, waiting=ngettext(
                "One more hand is being judged.", "{n} more hands are being judged.",
                waiting).format(n=waiting))
        return said

    def resting(self, hands: int) -> str:
        """What the figures rest on, in words."""
        if hands == 0:
            return _("No hand judged yet: after each hand you play, the strong player looks "
                     "at every decision of yours, quietly, and the figures show here.")
        if hands < FEW_HANDS:
            return ngettext(
                "These figures rest on {n} hand: so few say little yet — each judgement is "
                "itself a sampling of the unseen cards. Trends over {few} hands and more say "
                "more.",
                "These figures rest on {n} hands: so few say little yet — each judgement is "
                "itself a sampling of the unseen cards. Trends over {few} hands and more say "
                "more.", hands).format(n=hands, few=FEW_HANDS)
        return ngettext("These figures rest on {n} hand judged by the strong player.",
                        "These figures rest on {n} hands judged by the strong player.",
                        hands).format(n=hands)

    def kind_line(self, loss: KindLoss) -> str:
        """What one kind where the player loses comes to, in a sentence (its name is
        above it)."""
        assert self.game is not None
        said = ngettext("Mistakes in {n} decision: {mistakes}",
                        "Mistakes in {n} decisions: {mistakes}", loss.judged).format(
            mistakes=loss.mistakes, n=loss.judged)
        if loss.costed:
            said = _("{said}, costing {cost} in all").format(
                said=said, cost=cost_words(self.game, loss.cost))
        return said

    # -- layout --------------------------------------------------------------------------------

    def layout_all(self, width: int, pad: int) -> int:
        """Lay everything out with the table's rows ``pad`` pixels beyond a line: the table at
        the left, the kinds where the player loses most beside it (under it when the window
        is too narrow), then the plot and the honest line; returns the content's height."""
        assert self.game is not None
        size = body_size(self.host.size)
        row_h = fonts.font(size).get_linesize() + pad
        self.cells = []
        y = 0
        if self.notice:
            for line in fonts.wrap(say(self.notice), size, width):
                self.text(line, 0, y, GOLD, size, width)
                y += row_h
        top = y
        table_w, y = self.layout_table(y, width, size, pad)
        beside = width - table_w - KINDS_GAP
        par = self.par_line()
        if beside >= KINDS_LEAST:
            if par:
                self.text(par, 0, y + pad // 2, MUTED, NOTE_SIZE, table_w)
                y += row_h
            y = max(y, self.layout_kinds(top, table_w + KINDS_GAP, beside))
        else:
            if par:
                self.text(par, 0, y + pad // 2, MUTED, NOTE_SIZE, width)
                y += row_h
            y = self.layout_kinds(y + pad, 0, width)
        honest = fonts.wrap(self.honest(self.book.summary(self.key).hands), NOTE_SIZE, width)
        step = fonts.font(NOTE_SIZE).get_linesize()
        y = self.layout_plot(y + pad, width, len(honest) * step)
        for text in honest:
            self.text(text, 0, y, INK, NOTE_SIZE, width)
            y += step
        return y

    def text(self, line: str, x: int, y: int, colour: tuple[int, int, int], size: int,
             room: int) -> None:
        """One line of text at ``(x, y)``, fitted to ``room`` pixels."""
        s = fonts.fit(line, size, room, colour)
        self.cells.append((s, s.get_rect(topleft=(x, y))))

    def layout_table(self, y: int, width: int, size: int, pad: int) -> tuple[int, int]:
        """The table of figures from ``y`` (French Tarot's table size at the left of its
        heading row); returns its width and bottom."""
        font = fonts.font(size)
        row_h = font.get_linesize() + pad
        labels = [_(label) for label in ROWS]
        every, recent = self.book.summary(self.key), self.book.summary(self.key, RECENT)
        heads = [_("All hands"), ngettext("Last {n} hand", "Last {n} hands", RECENT).format(
            n=RECENT)]
        columns = [self.column(every), self.column(recent)]
        label_w = min(width // 2, max(font.size(t)[0] for t in labels) + LABEL_ROOM)
        col_w = max(fonts.font(size, True).size(t)[0] for t in heads) + LABEL_ROOM
        col_w = min((width - label_w) // 2, max(col_w, *(font.size(t)[0] + LABEL_ROOM
                                                         for c in columns for t in c)))
        if self.game in self.size_buttons:
            self.layout_sizes(y + (row_h - SIZE_BUTTON[1]) // 2)
        for j, head in enumerate(heads):
            s = fonts.fit(head, size, col_w - CELL_ROOM, GOLD, bold=True)
            self.cells.append((s, s.get_rect(midtop=(label_w + j * col_w + col_w // 2,
                                                     y + pad // 2))))
        y += row_h
        for i, label in enumerate(labels):
            self.text(label, 0, y + pad // 2, INK, size, label_w - CELL_ROOM)
            for j, shown in enumerate(columns):
                s = fonts.fit(shown[i], size, col_w - CELL_ROOM, INK)
                self.cells.append((s, s.get_rect(midtop=(label_w + j * col_w + col_w // 2,
                                                         y + pad // 2))))
            y += row_h
        return label_w + 2 * col_w, y

    def layout_sizes(self, y: int) -> None:
        """The choice of French Tarot's table size ("3 4 5 players", the shown one
        selected) at ``y``."""
        assert self.game is not None
        words = fonts.text(_("players"), NOTE_SIZE, MUTED)
        bw, bh = SIZE_BUTTON
        x = 0
        for b, n in zip(self.size_buttons[self.game], table_sizes(self.game), strict=True):
            b.rect = pygame.Rect(x, y, bw, bh)
            b.selected = n == self.players[self.game]
            x += bw + SIZE_GAP
        self.cells.append((words, words.get_rect(midleft=(x, y + bh // 2))))

    def layout_plot(self, y: int, width: int, below: int) -> int:
        """The plot's line and the plot (when a hand is judged: the height the view has
        left above ``below`` pixels, within :data:`PLOT_HEIGHT`); returns its bottom."""
        self.values = self.book.per_hundred(self.key)
        count = len(self.values)
        if not count:  # the honest line under it says why there is none
            self.plot_rect = pygame.Rect(0, y, 0, 0)
            return y
        room = place_larger(self.larger, width, y)
        line = fonts.fit(self.plot_title(count), NOTE_SIZE, room, MUTED)
        self.cells.append((line, line.get_rect(topleft=(0, y))))
        y += fonts.font(NOTE_SIZE).get_linesize() + ABOVE_PLOT
        least, most = PLOT_HEIGHT
        room = self.view.h - y - BELOW_PLOT - below
        self.plot_rect = pygame.Rect(0, y, width, max(least, min(most, room)))
        return self.plot_rect.bottom + BELOW_PLOT

    def layout_kinds(self, y: int, x: int, width: int) -> int:
        """The kinds where the player loses most, each with its "Show me one", in ``width``
        pixels from ``(x, y)``; returns the bottom."""
        self.kinds = self.book.worst(self.key)
        self.show_buttons = []
        if not self.kinds:
            return y
        heading = fonts.fit(_("Where you lose most"), NOTE_SIZE, width, GOLD, bold=True)
        self.cells.append((heading, heading.get_rect(topleft=(x, y + KIND_GAP))))
        y += heading.get_height() + 2 * KIND_GAP
        label = _("Show me one")
        wide = fonts.font(NOTE_SIZE, True).size(label)[0] + BUTTON_LABEL_ROOM
        step = fonts.font(NOTE_SIZE).get_linesize()
        for loss in self.kinds:
            button = Button(label, partial(self.show_one, loss.kind), size=NOTE_SIZE)
            button.rect = pygame.Rect(x + width - wide, y, wide, SHOW_BUTTON)
            if self.book.example(self.key, loss.kind) is not None:
                self.show_buttons.append(button)
            name = fonts.fit(_(KIND_WORDS[loss.kind]), NOTE_SIZE, width - wide - CELL_ROOM,
                             INK, bold=True)
            self.cells.append((name, name.get_rect(midleft=(x, y + SHOW_BUTTON // 2))))
            y += SHOW_BUTTON
            for text in fonts.wrap(self.kind_line(loss), NOTE_SIZE, width):
                self.text(text, x, y, INK, NOTE_SIZE, width)
                y += step
            y += KIND_GAP
        return y

    def plot_title(self, count: int) -> str:
        """What the plot of ``count`` hands shows, in a line."""
        return ngettext("{game}: mistakes per 100 decisions in each hand (dots) and their "
                        "running mean (line), over {n} hand",
                        "{game}: mistakes per 100 decisions in each hand (dots) and their "
                        "running mean (line), over {n} hands", count).format(
            game=column_title(self.key), n=count)

    # -- drawing and input ---------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface, origin: tuple[int, int]) -> None:
        x0, y0 = origin
        for s, r in self.cells:
            surface.blit(s, r.move(x0, y0))
        mouse = pygame.mouse.get_pos()
        shown: list[Button] = [*self.show_buttons, *self.size_buttons.get(self.game or "", [])]
        if self.values and self.plot_rect.h:
            self.draw_plot(surface, self.plot_rect.move(x0, y0))
            shown.append(self.larger)
        for b in shown:
            drawn = Button(b.label, b.action, b.rect.move(x0, y0), size=b.size,
                           selected=b.selected)
            drawn.draw(surface, drawn.rect.collidepoint(mouse), False)

    def draw_plot(self, surface: pygame.Surface, rect: pygame.Rect, axes: Axes | None = None,
                  size: int = FINE_SIZE) -> None:
        """The mistakes per 100 decisions, hand by hand, and their running mean in ``rect``
        (labels included): small on the page, large with its ``axes`` named."""
        values = self.values
        top = max(10.0, *values)
        count = len(values)
        draw_dots_and_line(
            surface, rect, values, running_mean(values),
            [(0.0, "0"), (top / 2, number(top / 2)), (top, number(top))],
            (ngettext("{n} hand ago", "{n} hands ago", count).format(n=count)
             if count > 1 else "", _("latest hand")), (0.0, top * 1.05), axes=axes, size=size)

    def open_plot(self) -> None:
        """The plot, large, with its axes named (when a hand is judged)."""
        if self.values:
            open_larger(self.host, _(self.title), self.plot_title(len(self.values)),
                        self.draw_plot, (_("Mistakes per 100 decisions"),
                                         _("Your hands, oldest to latest")))

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == LARGER_KEY:
            self.open_plot()
            return True
        typed = SIZE_KEYS.get(event.key)
        if typed is not None and self.game is not None and typed in table_sizes(self.game):
            self.show_players(self.game, typed)
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        if self.values and (self.plot_rect.collidepoint(pos)
                            or self.larger.rect.collidepoint(pos)):
            self.open_plot()
            return True
        for b in (*self.show_buttons, *self.size_buttons.get(self.game or "", [])):
            if b.rect.collidepoint(pos):
                b.action()
                return True
        return False

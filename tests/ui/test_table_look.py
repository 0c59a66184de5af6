"""The table's look (issue 16, "The table"), checked headless: whose turn it is, dialogs opaque
over a dimmed table, the drop zone lit only for a playable card, the trick's indices visible,
a tidy two-row hand, the tracker's text size, the talon gone after the lay-away, one hand
number, the checker's note gone with the hand, and no label on a button at 1024×600."""

from __future__ import annotations

import itertools
import re
from concurrent.futures import Executor, Future
from typing import Any

import pygame
import pytest
from ui_driver import drag, grip, key, make_app

from game.engine.ai.workers import ThreadWorkers
from game.engine.cards import SEATS
from game.ui.layout import Table, hand_layout
from game.ui.render.cards import art
from game.ui.render.fonts import SMALLEST_TEXT
from game.ui.scenes.table import TableScene
from game.ui.table import trick as trick_widget
from game.ui.theme import DIALOG, TURN_GLOW
from game.ui.tracker_panel import SIZES

GAMES = ("arbaa-turub", "turup", "tarabish", "tarot")
SMALLEST = (1024, 600)


def table_in(size: tuple[int, int], game: str, seed: int = 11) -> tuple[Any, TableScene]:
    app = make_app(size)
    table = app.start_game(game, seed)
    table.ai_enabled = False
    return app, table


def calm(app: Any, table: TableScene) -> None:
    for _ in range(200):
        app.step(0.1)
        if not table.busy():
            return


def index_rect(card: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """The corner index of a card drawn at ``card`` (as the hand's test measures it)."""
    a = art(*size)
    pad = max(2, a.w // 28)
    return pygame.Rect(card.left + pad, card.top + pad, a.index_rect.w, a.index_rect.h)


@pytest.mark.parametrize("size", [SMALLEST, (1280, 720), (1920, 1080)])
def test_every_trick_card_shows_its_index_whatever_the_order(size: tuple[int, int]) -> None:
    geo = Table(size)
    rects = {}
    for seat, pos in geo.trick_pos.items():
        r = pygame.Rect((0, 0), geo.trick_card)
        r.center = pos
        rects[seat] = r
    for order in itertools.permutations(range(4)):
        for k, seat in enumerate(order):
            index = index_rect(rects[seat], geo.trick_card)
            for later in order[k + 1:]:
                assert not rects[later].colliderect(index), \
                    f"{later} covers the index of {seat} (order {order}) at {size}"
    assert all(geo.drop_zone.contains(r) for r in rects.values())


@pytest.mark.parametrize("n", [35, 36])
def test_the_two_row_hand_stands_in_even_columns(n: int) -> None:
    groups = [k * 4 // n for k in range(n)]  # four suits
    geo = Table(SMALLEST)
    rects = hand_layout(groups, SMALLEST, geo.card)
    tops = sorted({r.top for r in rects})
    assert len(tops) == 2, "36 cards at 1024x600 take two rows"
    rows = [[r for r in rects if r.top == t] for t in tops]
    assert abs(len(rows[0]) - len(rows[1])) <= 1
    assert rows[0][0].left == rows[1][0].left  # one left edge
    steps = {b.left - a.left for row in rows for a, b in itertools.pairwise(row)}
    assert max(steps) - min(steps) <= 1 + max(4, geo.card[0] // 10)  # one step (+ a suit's gap)
    same = {b.left - a.left for row, grp in zip(rows, ([groups[i] for i in range(len(rows[0]))],
                                                       groups[len(rows[0]):]), strict=True)
            for (a, b), (g1, g2) in zip(itertools.pairwise(row), itertools.pairwise(grp),
                                        strict=True) if g1 == g2}
    assert max(same) - min(same) <= 1, f"the overlap differs between the rows: {same}"


def test_the_tracker_text_is_never_below_the_smallest_text() -> None:
    assert min(SIZES) >= SMALLEST_TEXT


def illegal_position(app: Any, table: TableScene) -> tuple[set[str], str]:
    """Play on until South must follow and holds a card that may not be played."""
    m = app.session.match
    for _ in range(200):
        h = m.hand
        if h.to_act == 0 and h.phase == "play":
            legal = {a["play"] for a in table.legal() if "play" in a}
            if len(legal) < len(set(h.knowledge(0).hand)):
                calm(app, table)
                bad = next(n for n in table.fan.cards if n not in legal)
                return legal, bad
        m.apply(h.legal_actions()[-1])
    pytest.fail("no position with an illegal card found")


def test_the_drop_zone_lights_only_for_a_card_that_may_be_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = table_in((1280, 720), "turup", seed=2)
    lit: list[bool] = []
    monkeypatch.setattr(trick_widget.TrickWidget, "_draw_zone",
                        lambda self, surface, over: lit.append(over))
    try:
        legal, bad = illegal_position(app, table)
        good = next(n for n in table.fan.cards if n in legal)
        for name, expected in ((bad, False), (good, True)):
            start = grip(table, table.fan.cards.index(name))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, rel=(0, 0), buttons=(1, 0, 0),
                                                 pos=table.geo.drop_zone.center))
            app.step(0.0)
            lit.clear()
            app.draw()
            assert table.fan.dragging()
            assert bool(lit) is expected, name
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
            app.step(0.0)
            calm(app, table)
    finally:
        app.close()


def test_the_talon_leaves_the_table_after_the_lay_away() -> None:
    app, table = table_in(SMALLEST, "tarot", seed=4)
    try:
        m = app.session.match
        while m.hand.phase == "bid":
            seat = m.hand.to_act
            m.apply({"seat": SEATS[seat], "bid": "take" if seat == 0 else "pass"})
        calm(app, table)
        assert len(table.model.talon()) == 6
        table.model.selected = [a["discard"] for a in m.hand.legal_actions()][:6]
        table.confirm_discard()
        assert m.hand.phase != "discard"
        assert table.model.talon() == []
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_score_panel_names_one_hand_number(game: str) -> None:
    app, table = table_in(SMALLEST, game)
    try:
        m = app.session.match
        for _ in range(2000):
            if m.hand.done:
                break
            m.apply(m.hand.legal_actions()[0])
        assert m.hand.done
        lines = [text for text, _ in table.model.score_lines()]
        named = [line for line in lines if re.search(r"\bhand \d", line.lower())]
        assert len(named) == 1, lines
        assert str(len(m.hands)) in named[0]
    finally:
        app.close()


def test_your_turn_is_lit_and_an_ai_seat_thinks() -> None:
    class Never(Executor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            return Future()  # a decision that takes its time

    app, table = table_in((1280, 720), "turup")
    try:
        calm(app, table)
        m = app.session.match
        while m.hand.to_act != 0:
            m.apply(m.hand.legal_actions()[0])
        table.refresh()
        calm(app, table)
        app.draw()
        assert table.seats.turn() == 0
        label = table.seats.labels[0]
        assert app.screen.get_at((label.left + 2, label.centery))[:3] == TURN_GLOW
        while m.hand.to_act == 0:
            table.perform(table.legal()[0])
            calm(app, table)
        table.ai.workers = ThreadWorkers(Never())
        table.ai_enabled = True
        app.step(0.1)
        seat = m.hand.to_act
        assert seat != 0 and table.thinking() == seat
        app.draw()
        assert table.seats.turn() == seat
    finally:
        app.close()


def test_dialogs_are_opaque_over_a_dimmed_table() -> None:
    app, table = table_in((1280, 720), "turup")
    try:
        calm(app, table)
        key(app, pygame.K_ESCAPE)
        pause = app.top
        assert pause is not table
        app.draw()
        rect = pause.rect  # type: ignore[attr-defined]
        inside = (rect.left + 12, rect.centery)
        assert app.screen.get_at(inside)[:3] == DIALOG
        corner = app.screen.get_at((2, app.screen.get_height() // 2))[:3]
        app.pop()
        app.draw()
        assert sum(corner) < sum(app.screen.get_at((2, app.screen.get_height() // 2))[:3])
        table.last.toggle()
        app.draw()
        assert app.screen.get_at((table.geo.centre[0], table.geo.centre[1] + 60))[:3] == DIALOG
    finally:
        app.close()


def test_the_checker_note_goes_when_the_hand_ends() -> None:
    app, table = table_in((1280, 720), "tarabish")
    try:
        m = app.session.match
        table.coach.note = ("a note", table.time + 100, None)
        for _ in range(2000):
            if m.hand.done:
                break
            m.apply(m.hand.legal_actions()[0])
        table.coach.update()
        assert table.coach.note is None
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_no_label_on_a_button_at_1024x600(game: str) -> None:
    app, table = table_in(SMALLEST, game)
    try:
        m = app.session.match
        assert table.coach.on  # the learning buttons are on the table
        seen = 0
        for _ in range(400):
            if m.hand.done:
                break
            if m.hand.to_act == 0:
                calm(app, table)
                for tracker in (False, True):
                    table.coach.tracker.visible = tracker
                    app.step(0.0)
                    app.draw()
                    labels = [*table.seats.labels.values(), table.score.rect]
                    for b in table.buttons():
                        for r in labels:
                            assert not r.colliderect(b.rect), \
                                f"{b.label} {b.rect} meets a label {r} ({m.hand.phase})"
                    seen += 1
                table.coach.tracker.visible = False
            m.apply(m.hand.legal_actions()[0])
            table.refresh()
        assert seen
    finally:
        app.close()


def test_drag_helper_still_plays_a_legal_card() -> None:
    """The drop zone's rule changes no play: a legal card dropped on the trick is played."""
    app, table = table_in((1280, 720), "turup", seed=2)
    try:
        legal, _ = illegal_position(app, table)
        good = next(n for n in table.fan.cards if n in legal)
        before = len(app.session.match.hands[-1]["actions"])
        drag(app, grip(table, table.fan.cards.index(good)), table.geo.drop_zone.center)
        assert app.session.match.hands[-1]["actions"][before] == {"seat": "S", "play": good}
    finally:
        app.close()


def test_on_souths_turn_the_cards_that_may_be_played_stand_raised() -> None:
    app, table = table_in((1280, 720), "turup", seed=2)
    try:
        legal, bad = illegal_position(app, table)
        fan = table.fan
        fan.hover = None
        for i, name in enumerate(fan.cards):
            raised = fan.card_rect(i).top < fan.rects[i].top
            assert raised is (name in legal), name
        assert bad not in legal
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_never_covers_a_button_at_1024x600(game: str) -> None:
    app, table = table_in(SMALLEST, game)
    try:
        m = app.session.match
        asked = 0
        for _ in range(400):
            if m.hand.done or asked >= 6:
                break
            if m.hand.to_act == 0:
                calm(app, table)
                table.coach.ask_hint()
                for _ in range(100):
                    if table.coach.hint() is not None:
                        break
                    app.step(0.05)
                app.step(0.0)
                app.draw()
                bubble = table.coach.bubble
                assert bubble is not None
                for b in table.buttons():
                    assert not bubble.colliderect(b.rect), f"the hint covers {b.label}"
                asked += 1
                m.apply(table.coach.hint().action)  # type: ignore[union-attr]
                table.refresh()
                continue
            m.apply(m.hand.legal_actions()[0])
            table.refresh()
        assert asked
    finally:
        app.close()


def test_the_tracker_writes_laid_away_cards_as_the_table_draws_them() -> None:
    from game.ui.games import presentation
    from game.ui.tracker_panel import laid_card

    shown = presentation("tarot")
    assert [laid_card(c, shown) for c in ("3S", "10H", "T21", "EX")] == \
        ["3♠", "10♥", "21", "Ex"]

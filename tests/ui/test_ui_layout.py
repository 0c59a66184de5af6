"""Layout at the smallest and a large window: nothing outside the window, every card's corner
index visible in South's hand (36 cards of Arba'a Turub, 24 of a Tarot declarer)."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import drag, grip, key, make_app, post

from game.engine import learning
from game.engine.cards import SEATS
from game.ui.render.cards import art
from game.ui.scenes.table import TableScene


def table_in(size: tuple[int, int], game: str, seed: int = 11) -> tuple[object, TableScene]:
    app = make_app(size)
    table = app.start_game(game, seed)
    table.ai_enabled = False
    return app, table


def calm(app, table: TableScene) -> None:
    for _ in range(200):
        app.step(0.1)
        if not table.busy():
            return


def check_hand(table: TableScene, size: tuple[int, int], expected: int) -> None:
    table.layout()
    window = pygame.Rect((0, 0), size)
    assert len(table.fan.cards) == expected
    a = art(*table.geo.card)
    pad = max(2, a.w // 28)
    for i, r in enumerate(table.fan.rects):
        assert window.contains(r), f"card {i} {r} is outside the window {size}"
        index = pygame.Rect(r.left + pad, r.top + pad, a.index_rect.w, a.index_rect.h)
        for j in range(i + 1, len(table.fan.rects)):
            assert not table.fan.rects[j].colliderect(index), \
                f"card {j} covers the index of card {i} at {size}"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_36_card_hand_shows_every_index(size: tuple[int, int]) -> None:
    app, table = table_in(size, "arbaa-turub")
    try:
        m = app.session.match
        m.apply(m.hand.legal_actions()[0])  # trump named: the rest of the deal arrives
        calm(app, table)
        check_hand(table, size, 36)
        window = pygame.Rect((0, 0), size)
        g = table.geo
        for seat in (1, 2, 3):
            assert window.collidepoint(g.seat_pos[seat])
        for pos in g.trick_pos.values():
            r = pygame.Rect((0, 0), g.trick_card)
            r.center = pos
            assert window.contains(r)
        assert window.contains(g.drop_zone)
        hand_top = min(r.top for r in table.fan.rects)
        assert g.drop_zone.bottom <= hand_top + g.card[1] // 3
        for b in table.top_buttons:
            assert window.contains(b.rect)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_tarot_declarer_with_talon(size: tuple[int, int]) -> None:
    app, table = table_in(size, "tarot", seed=4)
    try:
        m = app.session.match
        while m.hand.phase == "bid":
            seat = m.hand.to_act
            m.apply({"seat": SEATS[seat], "bid": "take" if seat == 0 else "pass"})
        assert m.hand.phase == "discard"
        calm(app, table)
        check_hand(table, size, 24)
        window = pygame.Rect((0, 0), size)
        for b in table.panel.panel_buttons:
            assert window.contains(b.rect)
    finally:
        app.close()


def test_illegal_drop_changes_nothing() -> None:
    app, table = table_in((1280, 720), "turup", seed=2)
    try:
        m = app.session.match
        # play until South must follow suit and holds a card that does not
        for _ in range(200):
            h = m.hand
            if h.to_act == 0 and h.phase == "play":
                legal = {a["play"] for a in table.legal() if "play" in a}
                kn = h.knowledge(0)
                if len(legal) < len(set(kn.hand)):
                    break
            m.apply(h.legal_actions()[-1])
        else:
            pytest.fail("no position with an illegal card found")
        calm(app, table)
        bad = next(n for n in table.fan.cards if n not in legal)
        i = table.fan.cards.index(bad)
        assert i in table.fan.dim_reasons()
        history = list(m.hand.history)
        record = [dict(a) for a in m.hands[-1]["actions"]]
        drag(app, grip(table, i), table.geo.drop_zone.center)
        assert m.hand.history == history
        assert m.hands[-1]["actions"] == record
        reason = learning.why_not(m.hand, {"seat": "S", "play": bad})
        assert reason and table.toast is not None and table.toast[0] == reason
        assert table.fan.returning is not None  # the card flies back
        calm(app, table)
        assert table.fan.returning is None and bad in table.fan.cards
        good = next(n for n in table.fan.cards if n in legal)
        drag(app, grip(table, table.fan.cards.index(good)), table.geo.drop_zone.center)
        assert m.hands[-1]["actions"][len(record)] == {"seat": "S", "play": good}
        assert table.toast is None  # the earlier reason no longer applies
    finally:
        app.close()


def test_escape_menu_resize_and_fullscreen() -> None:
    app, table = table_in((1280, 720), "turup")
    try:
        key(app, pygame.K_ESCAPE)
        assert app.top is not table and not app.top.opaque
        key(app, pygame.K_ESCAPE)
        assert app.top is table
        post(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500))
        app.step(0.0)
        assert app.screen.get_size() == (1024, 600)  # never below the minimum
        assert table.geo.size == (1024, 600)
        post(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))
        app.step(0.0)
        assert table.geo.size == app.screen.get_size()
        key(app, pygame.K_F11)
        key(app, pygame.K_F11)
        app.step(0.1)
    finally:
        app.close()

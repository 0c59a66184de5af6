"""The card tracker panel: draws for every game at every phase and several sizes, keeps every
line inside its area (scrolling only when even the smallest text is too tall), writes the
Arba'a Turub copies as "A×2", and takes the wheel and clicks only over itself."""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import new_hand

from game.engine import games, learning
from game.engine.knowledge import Knowledge
from game.ui import order
from game.ui.games import presentation
from game.ui.tracker_panel import (
    SIZES,
    Line,
    TrackerPanel,
    in_play_order,
    lay_out,
    suit_head,
    tracker_area,
)

AREAS = [(260, 420), (220, 300), (300, 560), (200, 200)]


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.init()
    pygame.display.set_mode((1280, 720))


def positions(game: str, seed: int = 3) -> list[Knowledge]:
    """South's knowledge at the first decision, a quarter, half and near the end of a random
    hand of ``game``."""
    _, hand = new_hand(game, seed)
    rng = random.Random(seed)
    seen = [hand.knowledge(0)]  # type: ignore[attr-defined]
    moves = 0
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
        moves += 1
        if moves in (8, 30, 60, 100):
            seen.append(hand.knowledge(0))  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize("game", games.names())
def test_draws_every_game_inside_its_area(game: str) -> None:
    surface = pygame.Surface((1280, 720))
    for knowledge in positions(game):
        for w, h in AREAS:
            panel = TrackerPanel(visible=True)
            area = pygame.Rect(1280 - w - 10, 56, w, h)
            panel.draw(surface, area, knowledge)
            size = panel.text_size
            assert panel.lines and size in SIZES and area.contains(panel.area)
            assert panel.area.contains(panel.view)
            for line in panel.lines:
                for piece in line:
                    assert piece.x + piece.render(size).get_width() <= panel.view.w, piece
            if size != SIZES[-1]:
                assert panel.max_scroll == 0, "a bigger size is kept only when all fits"


def test_the_proposed_area_at_1280x720_is_about_260x420() -> None:
    area = tracker_area((1280, 720), 489)
    assert 240 <= area.w <= 280 and 400 <= area.h <= 440
    assert area.right <= 1280 and area.top >= 46
    small = tracker_area((1024, 600), 420)
    assert small.w >= 220 and small.bottom <= 412


def test_arbaa_turub_counts_copies_and_one_copy_packs_do_not() -> None:
    assert presentation("arbaa-turub").tracker_card("AS", 2) == "A×2"
    assert presentation("turup").tracker_card("10H", 1) == "10"
    assert presentation("tarot").tracker_card("EX", 1) == "Ex"
    assert presentation("tarot").tracker_card("T21", 1) == "21"
    knowledge = positions("arbaa-turub")[2]
    text = [p.text for line in lay_out(learning.tracker(knowledge), 240, 14,
                                       presentation("arbaa-turub")) for p in line]
    assert sum("×" in t for t in text) == 36, "every face of the four suits, with its count"
    knowledge = positions("tarabish")[2]
    text = [p.text for line in lay_out(learning.tracker(knowledge), 240, 14,
                                       presentation("tarabish")) for p in line]
    assert not any("×" in t for t in text)


def test_the_voids_each_seat_has_shown_are_listed_by_name() -> None:
    for knowledge in positions("tarabish", 5)[::-1]:
        tracker = learning.tracker(knowledge)
        shown = {s: v for s, v in tracker.voids.items() if v}
        if shown:
            break
    else:
        pytest.fail("no void shown in this hand")
    text = [p.text for line in lay_out(tracker, 400, 14, presentation("tarabish")) for p in line]
    names = {"S": "You", "W": "West", "N": "North", "E": "East"}
    for seat in shown:
        assert any(t.startswith(names[seat] + ":") for t in text)


def wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                              precise_y=float(y))


def test_the_wheel_scrolls_a_crowded_panel_and_clicks_stay_on_it() -> None:
    knowledge = positions("tarot")[0]
    panel = TrackerPanel()
    area = pygame.Rect(900, 60, 200, 180)
    surface = pygame.Surface((1280, 720))
    assert not panel.handle_event(wheel(-1)), "a hidden panel takes nothing"
    panel.toggle()
    panel.draw(surface, area, knowledge)
    assert panel.max_scroll > 0
    pygame.mouse.set_pos(area.center)
    if pygame.mouse.get_pos() != area.center:
        pytest.skip("the dummy video driver does not move the pointer")
    assert panel.handle_event(wheel(-1)) and panel.scroll > 0
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)
    assert not panel.handle_event(down), "a click elsewhere is the table's"


def test_a_click_on_the_cross_closes_and_a_click_inside_is_swallowed() -> None:
    knowledge = positions("turup")[1]
    panel = TrackerPanel(visible=True)
    area = pygame.Rect(900, 60, 260, 420)
    panel.draw(pygame.Surface((1280, 720)), area, knowledge)
    inside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=area.center, button=1)
    assert panel.handle_event(inside) and panel.visible
    cross = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.close_rect.center, button=1)
    assert panel.handle_event(cross) and not panel.visible
    assert not panel.handle_event(inside)


def test_the_tracker_is_computed_once_per_knowledge(monkeypatch: pytest.MonkeyPatch) -> None:
    knowledge = positions("turup")[1]
    calls = []
    real = learning.tracker
    monkeypatch.setattr(learning, "tracker", lambda k: calls.append(k) or real(k))
    panel = TrackerPanel(visible=True)
    surface = pygame.Surface((1280, 720))
    for _ in range(3):
        panel.draw(surface, pygame.Rect(900, 60, 260, 420), knowledge)
    assert len(calls) == 1


def _listed(lines: list[Line], suit_heads: set[str]) -> dict[str, list[str]]:
    """The card texts listed under each suit heading of laid-out tracker ``lines``."""
    listed: dict[str, list[str]] = {}
    head = None
    for line in lines:
        for piece in line:
            if piece.text in suit_heads:
                head = piece.text
                listed[head] = []
            elif head is not None and piece.weight == 1:
                listed[head].append(piece.text)
            elif piece.weight == 2:
                head = None
    return listed


def test_tarabish_lists_its_trumps_in_trump_order_and_plain_suits_in_trick_order() -> None:
    ranks = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
    suits = tuple(learning.SuitOut(s, s, s, s == "S", tuple((r + s, 1) for r in ranks))
                  for s in "SHDC")
    tracker = learning.Tracker("S", suits, 9, (), {})
    lines = lay_out(tracker, 400, 14, presentation("tarabish"))
    listed = _listed(lines, {suit_head(s) for s in suits})
    assert listed[suit_head(suits[0])] == ["J", "9", "A", "10", "K", "Q", "8", "7", "6"]
    assert listed[suit_head(suits[1])] == ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]


@pytest.mark.parametrize("game", games.names())
def test_each_suit_is_listed_as_the_hand_is_sorted(game: str) -> None:
    shown = presentation(game)
    for knowledge in positions(game):
        tracker = learning.tracker(knowledge)
        for suit in tracker.suits:
            cards = [c for c, _n in in_play_order(suit.cards, shown, tracker.trump)]
            hand = order.sort_hand(game, cards, tracker.trump)
            assert cards == hand


@pytest.mark.parametrize("game", games.names())
def test_a_suit_heading_stays_on_one_line(game: str) -> None:
    """"♠ Spades (trump): 8 out" is never cut ("8" / "out" broke across two lines) where the
    panel is as wide as at 1280×720 or wider; narrower, a heading too long for a line breaks
    before its count, never inside "8 out"."""
    surface = pygame.Surface((1280, 720))
    for knowledge in positions(game):
        heads = {suit_head(s) for s in learning.tracker(knowledge).suits}
        for w, h in AREAS:
            panel = TrackerPanel(visible=True)
            panel.draw(surface, pygame.Rect(1280 - w - 10, 56, w, h), knowledge)
            drawn = [p.text for line in panel.lines for p in line if p.weight == 2]
            if w >= 260:
                assert heads <= set(drawn), heads - set(drawn)
            assert not [t for t in drawn if t.isdigit() or t.startswith("out")], drawn

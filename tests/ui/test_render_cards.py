"""The cards drawn in code: every trump a picture of its own, court figures that differ by
rank, corner indices inside the strip a fanned hand keeps visible, the card backs and felts a
player may choose."""

from __future__ import annotations

import itertools

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import make_app

from game import storage
from game.ui import theme
from game.ui.render import backs, cards, felt, style, trumps
from game.ui.render.cards import CardArt
from game.ui.render.courts import FIGURES

SIZES = [(111, 158), (92, 132), (56, 79)]
"""South's card at 1280x720 and 1024x600, and an AI seat's small card."""


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    style.follow(storage.Settings())


def pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    part = surface.subsurface(rect) if rect is not None else surface
    return pygame.image.tobytes(part, "RGBA")


def ink_box(surface: pygame.Surface, within: pygame.Rect) -> pygame.Rect | None:
    """The bounding box of the pixels inside ``within`` that differ from a blank card's."""
    mask = pygame.mask.from_surface(surface, 1)
    sub = pygame.mask.Mask(surface.get_size())
    sub.draw(mask, (0, 0))
    rects = sub.get_bounding_rects()
    boxes = [r for r in rects if within.colliderect(r)]
    return boxes[0].unionall(boxes[1:]) if boxes else None


@pytest.mark.parametrize("size", SIZES)
def test_every_trump_and_the_excuse_have_a_picture_of_their_own(size) -> None:
    a = CardArt(*size)
    picture = a._picture_rect()
    faces = {name: pixels(a.face(name), picture) for name in
             [f"T{n}" for n in range(1, 22)] + ["EX"]}
    for (x, fx), (y, fy) in itertools.combinations(faces.items(), 2):
        differing = sum(p != q for p, q in zip(fx, fy, strict=True))
        assert differing > len(fx) // 10, f"{x} and {y} look alike"
    assert len(trumps.SCENES) == 21


@pytest.mark.parametrize("size", SIZES)
def test_court_figures_differ_by_rank(size) -> None:
    a = CardArt(*size)
    area = a._pip_area()
    for suit in "SHDC":
        faces = {r: pixels(a.face(r + suit), area) for r in FIGURES}
        for (x, fx), (y, fy) in itertools.combinations(faces.items(), 2):
            assert sum(p != q for p, q in zip(fx, fy, strict=True)) > len(fx) // 8, (x, y, suit)


def index_only(a: CardArt, rank: str, glyph: str) -> pygame.Surface:
    s = pygame.Surface((a.w, a.h), pygame.SRCALPHA)
    a._index(s, rank, glyph, theme.CARD_BLACK)
    return s


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rank,glyph", [("6", ""), ("11", ""), ("21", ""), ("10", "♥"),
                                        ("Q", "♠"), ("", "★")])
def test_the_corner_index_stays_inside_index_rect(size, rank, glyph) -> None:
    a = CardArt(*size)
    s = index_only(a, rank, glyph)
    top_left = pygame.Rect(0, 0, a.w // 2, a.h // 2)
    box = ink_box(s, top_left)
    assert box is not None
    assert a.index_rect.contains(box), (box, a.index_rect)


@pytest.mark.parametrize("size", SIZES)
def test_a_trump_number_is_written_in_arabic_numerals_big_and_whole(size) -> None:
    a = CardArt(*size)
    assert not hasattr(cards, "ROMAN")
    six = ink_box(index_only(a, "6", ""), a.index_rect)
    eleven = ink_box(index_only(a, "11", ""), a.index_rect)
    assert six is not None and eleven is not None
    assert six.h >= 0.12 * a.h and eleven.h >= 0.1 * a.h  # as tall as a plain card's rank
    # the number is not covered by the scene: the picture starts below it
    assert a._picture_rect().top > eleven.bottom


def test_each_card_back_and_felt_differs_and_follows_the_settings() -> None:
    a = CardArt(92, 132)
    assert set(backs.PATTERNS) == set(theme.CARD_BACKS) == set(storage.CARD_BACKS)
    assert set(theme.FELTS) == set(storage.FELTS)
    drawn = {name: pixels(a.back(name)) for name in storage.CARD_BACKS}
    assert len(set(drawn.values())) == len(drawn)
    felts = {name: pixels(felt.felt((64, 36), name)) for name in storage.FELTS}
    assert len(set(felts.values())) == len(felts)
    settings = storage.Settings(card_back="red", felt="grey")
    style.follow(settings)
    assert pixels(a.back()) == drawn["red"]
    assert pixels(felt.felt((64, 36))) == felts["grey"]
    settings.card_back, settings.felt = "green", "blue"
    assert pixels(a.back()) == drawn["green"]
    assert pixels(felt.felt((64, 36))) == felts["blue"]


def test_the_card_back_and_felt_are_saved_and_checked() -> None:
    s = storage.Settings(card_back="black", felt="red")
    back, fell = storage.settings_from_json(s.to_json())
    assert (back.card_back, back.felt) == ("black", "red") and fell == []
    data = s.to_json() | {"card_back": "purple", "felt": 3}
    back, fell = storage.settings_from_json(data)
    assert (back.card_back, back.felt) == ("blue", "green")
    assert set(fell) == {"card_back", "felt"}
    old = {k: v for k, v in s.to_json().items() if k not in ("card_back", "felt")}
    back, fell = storage.settings_from_json(old)
    assert (back.card_back, back.felt) == ("blue", "green") and fell == []


def test_settings_choose_the_card_back_and_the_felt_and_the_menu_shows_it() -> None:
    app = make_app((1024, 600))
    try:
        menu_click(app, "Settings")
        menu_click(app, "Card back: blue")
        menu_click(app, "Card back: red")
        menu_click(app, "Felt: green")
        assert (app.session.settings.card_back, app.session.settings.felt) == ("green", "blue")
        assert style.back_name() == "green" and style.felt_name() == "blue"
        menu_click(app, "Back")
        app.step(0.0)
        corner = app.screen.get_at((2, 2))[:3]
        assert corner == felt.felt(app.screen.get_size()).get_at((2, 2))[:3]
        assert corner[2] > corner[1], corner  # the felt is blue now
    finally:
        app.close()

"""The layout report (:mod:`game.ui.report`): what a recording surface notes of a frame, and
which frames :func:`~game.ui.report.problems` finds wrong."""

from __future__ import annotations

import pygame
import pytest

from game.ui import report
from game.ui.render import fonts
from game.ui.report import BUBBLE, BUTTON, CARD, DIALOG, DIM, NOTE, PANEL, TEXT, Item, Recorder
from game.ui.widgets import Button, draw_dialog, text_box

WINDOW = (400, 300)


def item(kind: str, x: int, y: int, w: int, h: int, text: str = "") -> Item:
    return Item(kind, pygame.Rect(x, y, w, h), text)


CASES = [
    ("a label on its button", [item(BUTTON, 10, 10, 100, 30, "OK"),
                               item(TEXT, 30, 20, 40, 10, "OK")], []),
    ("cards over cards", [item(CARD, 10, 10, 50, 70), item(CARD, 30, 10, 50, 70)], []),
    ("a button on its panel", [item(PANEL, 0, 0, 200, 100), item(BUTTON, 10, 10, 50, 20)], []),
    ("a card over a label", [item(TEXT, 10, 10, 80, 12, "West"), item(CARD, 50, 0, 50, 70)],
     ["covers"]),
    ("a button over a card", [item(CARD, 10, 50, 50, 70), item(BUTTON, 0, 40, 100, 30)],
     ["covers"]),
    ("a note over a bubble's edge", [item(BUBBLE, 100, 100, 60, 30, "Pass"),
                                     item(NOTE, 0, 120, 120, 40, "Hint")], ["runs over"]),
    ("a text past its panel", [item(PANEL, 0, 0, 100, 100), item(TEXT, 90, 10, 40, 10, "x")],
     ["runs over"]),
    ("a button below its dialog", [item(TEXT, 0, 0, 400, 300, "under"), item(DIM, 0, 0, 400, 300),
                                   item(DIALOG, 100, 100, 200, 100),
                                   item(BUTTON, 150, 190, 100, 30, "Review")],
     ["outside the dialog", "runs over"]),
    ("what the dim covers is not looked at", [item(TEXT, 0, 0, 400, 300, "under"),
                                              item(DIM, 0, 0, 400, 300),
                                              item(DIALOG, 100, 100, 200, 100)], []),
    ("out of the window", [item(BUTTON, 350, 10, 100, 30, "Menu")], ["outside the window"]),
    ("side by side", [item(TEXT, 0, 0, 50, 10, "a"), item(TEXT, 50, 0, 50, 10, "b")], []),
]


@pytest.mark.parametrize(("frame", "wanted"), [(c[1], c[2]) for c in CASES],
                         ids=[c[0] for c in CASES])
def test_problems_of_a_frame(frame: list[Item], wanted: list[str]) -> None:
    found = report.problems(frame, WINDOW)
    assert len(found) == len(wanted), found
    for problem, words in zip(found, wanted, strict=True):
        assert words in problem


def test_a_recorder_notes_text_cards_buttons_and_dialogs() -> None:
    pygame.font.init()
    surface = Recorder(WINDOW)
    draw_dialog(surface, pygame.Rect(50, 50, 300, 200))
    button = Button("Review", lambda: None, pygame.Rect(100, 180, 120, 36))
    button.draw(surface, hover=False, focus=False)
    label = fonts.text("Game over", 20)
    surface.blit(label, (120, 60))
    part = surface.subsurface(pygame.Rect(60, 100, 200, 50))
    part.blit(fonts.text("inside", 14), (5, 5))
    text_box(surface, "a note", 14, 200, topleft=(60, 150))
    kinds = [i.kind for i in surface.items]
    assert kinds == [DIM, DIALOG, BUTTON, TEXT, TEXT, TEXT, NOTE]
    title = surface.items[4]
    assert title.text == "Game over"
    assert pygame.Rect(120, 60, *label.get_size()).contains(title.rect)  # the ink only
    inside = surface.items[5]
    assert inside.text == "inside" and inside.rect.left >= 65 and inside.rect.top >= 105
    assert report.problems(surface.items, WINDOW) == []


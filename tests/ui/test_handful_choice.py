"""French Tarot's handful (issue 25): South chooses which trumps to show — the side row's
button opens the choice, clicks on the hand choose trumps or put them back (the engine says
which may go), the row counts them and its Show button shows exactly the chosen ones; every
handful shown is laid on the table for a moment and kept in the card tracker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_driver import click, key, make_app, to_the_side_row

from game.engine import learning
from game.engine.tarot import TarotHand, handful_pool
from game.ui.games import presentation
from game.ui.scenes.table import TableScene
from game.ui.table.handful_choice import HandfulChoice
from game.ui.tracker_panel import lay_out, shown_handfuls


@pytest.fixture
def table() -> Iterator[tuple[Any, TableScene]]:
    """South (a Guard with eleven trumps, deal 375) at its first card: the handful offered."""
    app = make_app((1024, 600))
    try:
        app.session.settings.learning["tarot"] = True
        t = app.start_game("tarot", 375)
        to_the_side_row(app, t)
        yield app, t
    finally:
        app.close()


def button(t: TableScene, label: str) -> pygame.Rect:
    found = [b for b in [*t.panel.panel_buttons, *t.panel.side_buttons] if b.label == label]
    assert found, [b.label for b in [*t.panel.panel_buttons, *t.panel.side_buttons]]
    return found[0].rect


def card(t: TableScene, name: str) -> tuple[int, int]:
    """Where to click ``name`` in South's hand: its visible strip (the cards overlap)."""
    t.layout()
    i = t.fan.cards.index(name)
    r = t.fan.card_rect(i)
    return (r.left + 4, r.centery) if i + 1 < len(t.fan.cards) else r.center


def test_the_player_chooses_the_trumps_and_shows_exactly_them(table) -> None:
    app, t = table
    label = next(b.label for b in t.panel.side_buttons if "10" in b.label)
    click(app, button(t, label).center)
    choice = t.model.choosing()
    assert choice is not None and choice.size == 10 and choice.chosen == []
    assert t.panel.title == "Single handful: 0 of 10 chosen"
    assert t.panel.side_caption() is not None and not t.panel.panel_buttons
    show = next(b for b in t.panel.side_buttons if b.label == "Show")
    assert show.reason == "Choose 10 more trumps"
    trumps = [n for n in t.fan.cards if n and n.startswith("T")]
    assert len(trumps) == 11
    wanted = sorted(trumps, key=lambda n: -int(n[1:]))[:10]  # the ten highest
    for name in wanted[:7]:
        click(app, card(t, name), dt=0.0)
    assert "7 of 10 chosen" in t.panel.title
    click(app, card(t, wanted[0]))  # put back
    assert "6 of 10 chosen" in t.panel.title
    for name in [wanted[0], *wanted[7:]]:
        click(app, card(t, name))
    assert "10 of 10 chosen" in t.panel.title
    left_out = next(n for n in trumps if n not in wanted)
    click(app, card(t, left_out))  # an eleventh: refused, said
    assert "put one back first" in t.toast[0]
    suit = next(n for n in t.fan.cards if n and not n.startswith("T") and n != "EX")
    click(app, card(t, suit))
    assert "is not a trump" in t.toast[0]
    assert t.model.choosing().missing() == 0
    click(app, button(t, "Show").center)
    shown = t.hand.public_facts(0)["handfuls"]["S"]
    assert sorted(shown) == sorted(wanted)
    assert t.model.choosing() is None


def test_cancel_and_the_keyboard(table) -> None:
    app, t = table
    label = next(b.label for b in t.panel.side_buttons if "10" in b.label)
    click(app, button(t, label).center)
    first_trump = next(i for i, n in enumerate(t.fan.cards) if n and n.startswith("T"))
    t.fan.focus = first_trump
    key(app, pygame.K_RETURN)  # Enter on the focused trump chooses it
    assert t.model.choosing().chosen == [t.fan.cards[first_trump]]
    assert t.fan.is_picked(first_trump)
    click(app, button(t, "No handful").center)
    assert t.model.choosing() is None and t.panel.side_buttons
    assert "S" not in t.hand.public_facts(0)["handfuls"]


def test_a_forced_choice_opens_complete() -> None:
    """Nine trumps and the Excuse: the Excuse stands in, every card is chosen already."""
    piles = {"S": "EX T2 T3 T4 T5 T6 T7 T8 T9 T10 1S 2S 3S 4S 5S 6S 7S 8S",
             "W": "9S 10S JS CS QS KS 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH CH",
             "N": "QH KH 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD T11 T12",
             "E": "1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC T13 T14 T15 T16",
             "talon": "T1 T17 T18 T19 T20 T21"}
    hand = TarotHand({k: v.split() for k, v in piles.items()}, 1, {})
    choice = HandfulChoice(hand, 10)
    assert sorted(choice.chosen) == sorted(["EX", *(f"T{n}" for n in range(2, 11))])
    assert choice.not_ready() is None and "Excuse stands in" in choice.excuse_note()
    assert len(choice.pool()) == handful_pool(hand.hands[0], 10).bit_count() == 10


def test_an_ai_handful_is_laid_on_the_table_then_kept_in_the_tracker() -> None:
    """Deal 11: East (the declarer) shows a single handful — its trumps lie beside East, the
    table waits (busy) until a click on the felt; the tracker lists them afterwards."""
    app = make_app((1024, 600))
    try:
        t = app.start_game("tarot", 11)
        for _ in range(400):
            if t.middle.handful.current is not None:
                break
            if t.hand.to_act == 0 and not t.busy():
                t.perform(t.legal()[0])
            app.step(0.1)
        assert t.middle.handful.current is not None
        seat, cards = t.middle.handful.current
        assert t.model.table.letters[seat] == "E" and len(cards) == 10
        assert t.middle.handful.caption() == "East: Single handful"
        app.step(0.0)
        panel = t.middle.handful.rect
        assert panel.w > 0 and pygame.Rect((0, 0), (1024, 600)).contains(panel)
        assert not panel.colliderect(t.seats.seat_box(seat))
        assert t.busy()
        click(app, (20, 200))  # the felt, away from everything: the handful goes
        assert t.middle.handful.current is None
        heads = [line[0].text for line in lay_out(
            learning.tracker(t.knowledge()), 240, 14, presentation("tarot"),
            handfuls=shown_handfuls(t.knowledge()))]
        assert "East: Single handful" in heads
    finally:
        app.close()

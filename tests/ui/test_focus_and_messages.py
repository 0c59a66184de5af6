"""Nothing stale, nothing stuck (issue 36, item 3): the keyboard's focus never rests on a card
South may not play — the arrows walk the playable cards, the turn arriving moves it off a
refused one, Enter on a refused card says why once and moves on — and a message above the hand
goes as soon as what it speaks of changes ("You acted out of turn" beside "Your turn")."""

from __future__ import annotations

import random

import pygame
from test_learning_table import south_acts, table_for, to_card_play
from ui_driver import click, grip, key, make_app, settle

from game.ui.app import App
from game.ui.scenes.table import TableScene


def dimmed_turn(app: App, game: str = "turup", seed: int = 4) -> TableScene:
    """A table at South's card with some cards dimmed and at least two playable."""
    table = table_for(app, game, seed)
    rng = random.Random(seed)
    for _ in range(60):
        to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
        dims = table.fan.dim_reasons()
        if dims and len(table.fan.cards) - len(dims) >= 2:
            return table
        south_acts(table, rng)
    raise AssertionError("no turn with dimmed cards")


def test_the_arrows_walk_the_playable_cards_only() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = dimmed_turn(app)
        dims = table.fan.dim_reasons()
        seen = set()
        for _ in range(2 * len(table.fan.cards)):
            key(app, pygame.K_RIGHT)
            assert table.fan.focus not in dims
            seen.add(table.fan.focus)
        assert seen == set(range(len(table.fan.cards))) - set(dims)
        key(app, pygame.K_LEFT)
        assert table.fan.focus not in dims
    finally:
        app.close()


def test_enter_on_a_refused_card_says_why_once_and_moves_to_a_playable_one() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = dimmed_turn(app)
        dims = table.fan.dim_reasons()
        refused = min(dims)
        table.fan.focus = refused           # as a click on it leaves it
        table.fan.kb_used = True
        table.fan.handle_key(pygame.K_RETURN)
        assert table.toast is not None and table.toast[0] == dims[refused]
        assert table.fan.focus not in dims  # the focus moved to a card that may go
        assert table.fan.returning is not None and table.fan.home == refused  # its place waits
        n = len(table.hand.history)
        key(app, pygame.K_RETURN)           # Enter again plays it: no second refusal
        assert len(table.hand.history) == n + 1
    finally:
        app.close()


def test_a_click_on_a_refused_card_leaves_no_focus_on_it() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = dimmed_turn(app)
        refused = min(table.fan.dim_reasons())
        click(app, grip(table, refused))
        app.step(0.0)
        assert table.fan.focus not in table.fan.dim_reasons()
    finally:
        app.close()


def test_the_turn_coming_round_moves_the_focus_off_a_refused_card() -> None:
    """The player browses the hand with the arrows while the AI plays; once South is to play,
    the focus is on a card South may play."""
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "tarabish", 7)
        rng = random.Random(7)
        met = 0
        for _ in range(40):
            settle(app, table)
            if table.summary is not None:
                break
            if table.model.plays_cards():
                assert table.fan.focus not in table.fan.dim_reasons()
                met += bool(table.fan.dim_reasons())
            south_acts(table, rng)
            for _ in range(rng.randrange(4)):
                key(app, pygame.K_RIGHT)   # while the others play
        assert met
    finally:
        app.close()


def test_a_message_goes_when_it_stops_being_true() -> None:
    """"You acted out of turn: North is to act" goes once the turn has come round; a refusal
    of South's goes once anything is played; a message not about the table lasts its time."""
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "turup", 5)
        settle(app, table)
        rng = random.Random(5)
        while table.hand.to_act == 0:         # on to a moment another seat is to act
            south_acts(table, rng)
        assert table.hand.to_act != 0
        table.fan.show_all()
        table.layout()
        table.try_play(0)
        assert table.toast is not None and "out of turn" in table.toast[0]
        assert table.toast_live()
        table.perform(table.hand.legal_actions()[0])   # the table moves on
        assert not table.toast_live() and table.toast is None
        table.say("About the book, not the table", about_now=False)
        table.perform(table.hand.legal_actions()[0])
        assert table.toast_live()
    finally:
        app.close()


def test_a_refused_pick_message_goes_when_the_picks_change() -> None:
    """Picks are part of what a message speaks of (French Tarot's lay-away)."""
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "tarot", 3)
        for _ in range(400):
            settle(app, table, 4000)
            if table.hand.phase == "discard" and table.hand.to_act == 0:
                break
            legal = table.legal()
            table.perform(next((a for a in legal if a.get("bid") == "take"), legal[0]))
            if table.hand.done:
                table.next_hand()
        assert table.hand.phase == "discard"
        table.confirm_discard()              # nothing picked: "Pick 6 cards to lay away"
        assert table.toast_live()
        dims = table.fan.dim_reasons()
        table.toggle_discard(next(i for i in range(len(table.fan.cards)) if i not in dims))
        assert not table.toast_live()
    finally:
        app.close()


def test_in_a_guided_hand_the_focus_goes_to_a_card_the_script_takes() -> None:
    """At the first South card with a legal card the script refuses: the focus rests on one
    it takes; Enter on the refused one (where a click leaves the focus) moves it back there."""
    from test_lesson_table import open_lesson, south_move
    from test_lesson_table import south_turn as lesson_turn

    app = make_app(claims=False, checker=False)
    try:
        table = open_lesson(app, "tarabish", fresh=True)
        while lesson_turn(app, table):
            taken = {a.get("play") for a in table.guide.run.choices(table.played)}
            others = [a["play"] for a in table.legal() if a.get("play") not in taken]
            if None not in taken and others:
                wrong = others[0]
                break
            south_move(app, table, by_keys=False)
        else:
            raise AssertionError("no card turn with a legal card the script refuses")
        table.layout()
        assert table.fan.cards[table.fan.focus] in taken
        table.fan.focus = table.fan.cards.index(wrong)
        table.fan.kb_used = True
        n = table.played
        table.fan.handle_key(pygame.K_RETURN)
        assert table.played == n and table.fan.cards[table.fan.focus] in taken
        key(app, pygame.K_RETURN)
        assert table.played > n
    finally:
        app.close()

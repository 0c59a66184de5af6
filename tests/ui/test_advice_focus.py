"""The keyboard follows the advice, and risky choices are never the default (issue 24 item 5),
headless through the real frame loop and posted events: after Hint, Enter takes the hinted
card or choice; a bid or call panel opens with Pass focused, and with nothing focused where no
choice is safe; the five-player king call warns, before the choice, that calling one's own
card means playing alone; the hint's alternatives are marked more lightly; one box of text at
a time over the table. The tests that play on with the checker off also leave the claim of the
rest unoffered (``make_app(claims=False, checker=False)``): neither is what they check, and
the claim's proofs took most of their time."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

import pygame
import pytest
from test_learning_table import GAMES, deal_until, table_for, to_card_play
from ui_driver import click, index_of, key, make_app, post, settle

from game import i18n
from game.engine import learning
from game.engine.ai import Decision, Evidence
from game.engine.cards import card_words
from game.engine.hand import Action
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.table.decision import safe_choice
from game.ui.table.hand import AS_GOOD_LIFT, PICK_LIFT

REASON = "A reason the test gives."


def hint_with(table: TableScene, action: Action,
              alternatives: tuple[Action, ...] = (),
              evidence: Evidence | None = None) -> Decision:
    """Make the table's hint answer ``action`` (with ``alternatives`` and ``evidence``)
    instead of asking the strong player: the Decision a test builds."""
    made = Decision(action, REASON, alternatives=alternatives, evidence=evidence)

    def answer(knowledge: Any, cancelled: Callable[[], bool]) -> Decision:
        return made

    table.coach.advice._hint_fn = answer
    return made


def hinted(app: App, table: TableScene) -> Decision:
    """Press H and let the hint show (the test's workers answer at once)."""
    key(app, pygame.K_h)
    app.step(0.0)
    shown = table.coach.hint()
    assert shown is not None
    return shown


def plays(table: TableScene) -> list[str]:
    """The cards South may play now."""
    return [a["play"] for a in table.legal() if "play" in a and not a.get("bella")]


@pytest.mark.parametrize("game,seed", [(g, 31 + i) for i, g in enumerate(GAMES)])
def test_enter_after_hint_plays_the_hinted_card(game: str, seed: int) -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, game, seed)
        rng = random.Random(seed)
        for _ in range(3):
            to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
            legal = plays(table)
            key(app, pygame.K_RIGHT)                 # the keyboard's focus on some card…
            focused = table.fan.cards[table.fan.focus]
            card = next(c for c in legal if c != focused)  # …the hint names another
            hint_with(table, {"seat": "S", "play": card})
            hinted(app, table)
            i = table.coach.hinted_card()
            assert i is not None and table.fan.focus == i and table.fan.cards[i] == card
            n = len(table.hand.history)
            key(app, pygame.K_RETURN)
            assert table.match.hands[-1]["actions"][n]["play"] == card
    finally:
        app.close()


def test_the_hint_asked_again_after_an_undo_leads_the_keyboard_again() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "turup", 41)
        to_card_play(app, table, random.Random(41))
        card = plays(table)[-1]
        hint_with(table, {"seat": "S", "play": card})
        hinted(app, table)
        key(app, pygame.K_RETURN)                   # plays the hinted card…
        post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
        app.step(0.0)                               # …taken back: the same position again
        assert card in plays(table)
        i = index_of(table, card)
        while table.fan.focus == i:
            key(app, pygame.K_RIGHT)
        hinted(app, table)
        assert table.fan.focus == i
    finally:
        app.close()


def test_enter_after_the_strong_players_hint_takes_it_on_a_panel() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarabish", lambda t: bool(t.panel.panel_buttons))
        kn = table.knowledge()
        shown = hinted(app, table)
        assert shown == learning.hint(kn)
        b = table.panel.buttons[table.panel.focus]
        assert b.choice == shown.action and b is table.coach.hinted_button()
        key(app, pygame.K_RETURN)
        assert table.match.hands[-1]["actions"][len(kn.history)] == shown.action
    finally:
        app.close()


def test_enter_after_hint_takes_a_hinted_declaration_beside_the_hand() -> None:
    app = make_app(claims=False, checker=False)
    try:
        for seed in range(80):                      # Tarabish: runs to declare, first card
            table = table_for(app, "tarabish", seed)
            to_card_play(app, table, random.Random(seed), tricks=0)
            if any(b.choice for b in table.panel.side_buttons):
                break
        declaration = next(b.choice for b in table.panel.side_buttons if b.choice)
        hint_with(table, declaration)
        hinted(app, table)
        assert table.panel.kb_panel and not table.panel.hand_takes_keys()
        assert table.panel.buttons[table.panel.focus].choice == declaration
        n = len(table.hand.history)
        key(app, pygame.K_RETURN)
        assert table.match.hands[-1]["actions"][n] == declaration
        assert table.panel.hand_takes_keys()        # the keyboard back on the hand
    finally:
        app.close()


def test_enter_after_hint_takes_a_suit_over_the_focused_pass() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarabish", lambda t: {"seat": "S", "call": "pass"} in t.legal())
        assert table.panel.buttons[table.panel.focus].choice == {"seat": "S", "call": "pass"}
        call = {"seat": "S", "call": "H"}
        hint_with(table, call)
        hinted(app, table)
        assert table.panel.buttons[table.panel.focus].choice == call
        n = len(table.hand.history)
        key(app, pygame.K_RETURN)
        assert table.match.hands[-1]["actions"][n] == call
    finally:
        app.close()


@pytest.mark.parametrize("action,safe", [
    ({"seat": "S", "bid": "pass"}, True), ({"seat": "S", "bid": "take"}, False),
    ({"seat": "S", "call": "pass"}, True), ({"seat": "S", "call": "S"}, False),
    ({"seat": "S", "call": "KH"}, False), ({"seat": "S", "trump": "H"}, False),
    ({"seat": "S", "slam": False}, True), ({"seat": "S", "slam": True}, False),
    ({"seat": "S", "kort": False}, True), ({"seat": "S", "kort": True}, False),
    ({"seat": "S", "ask": True}, False), ({"seat": "S", "estimate": 0}, False),
    ({"seat": "S", "play": "AS"}, False),
])
def test_the_safe_choices(action: Action, safe: bool) -> None:
    assert safe_choice(action) is safe


def panels(app: App, table: TableScene, rng: random.Random, limit: int = 60
           ) -> Iterator[TableScene]:
    """Each of South's panel decisions of the hand at ``table`` (South acts at random,
    a lay-away by picks)."""
    for _ in range(limit):
        settle(app, table)
        if table.summary is not None:
            return
        if table.panel.panel_buttons and table.model.offer().kind == "panel":
            yield table
        legal = table.legal()
        if any("discard" in a for a in legal):
            while len(table.model.selected) < table.model.lay_away_size():
                dims = table.fan.dim_reasons()
                table.toggle_discard(next(i for i, n in enumerate(table.fan.cards) if n and i
                                          not in dims and not table.fan.is_picked(i)))
            table.confirm_discard()
            continue
        action = rng.choice(legal)
        if "play" in action:
            table.model.bella = bool(action.get("bella"))
            table.try_play(index_of(table, action["play"]))
        else:
            table.choose(action)


@pytest.mark.parametrize("game,players,expected,actions", [
    ("tarabish", 4, {True, False}, 4),      # a call with Pass; the dealer forced to call
    ("tarot", 4, {True}, 6),                # bids (Pass), the slam (No slam)
    ("tarot", 5, {True, False}, 6),         # and the king call
    ("arbaa-turub", 4, {False}, 2),         # naming trump
    ("turup", 4, {False}, 2),
])
def test_panels_open_on_the_safe_choice_or_on_none(game: str, players: int,
                                                   expected: set[bool], actions: int) -> None:
    """Every panel decision of South's first ``actions`` actions in twelve deals (the panels
    come before the card play, but for Turup's kort): the focus opens on the safe choice when
    there is one (``True`` in ``expected``: such panels were met), else on none
    (``False``). The claim of the rest is not offered: its proofs, not the panels, took the
    time."""
    app = make_app(claims=False, checker=False)
    app.session.settings.speed = "instant"
    if players != 4:
        app.session.settings.options = {game: {"players": players}}
    try:
        seen: set[bool] = set()
        for seed in range(12):
            table = table_for(app, game, seed)
            for t in panels(app, table, random.Random(seed), actions):
                buttons = t.panel.panel_buttons
                safe = [i for i, b in enumerate(buttons) if b.reason is None
                        and b.choice is not None and safe_choice(b.choice)]
                assert t.panel.focus == (safe[0] if safe else None), \
                    [b.label for b in buttons]
                seen.add(bool(safe))
                if not safe:                        # the first Enter only shows a choice
                    n = len(t.hand.history)
                    key(app, pygame.K_RETURN)
                    assert len(t.hand.history) == n and t.panel.focus is not None
                    assert buttons[t.panel.focus].reason is None
        assert seen == expected, seen
    finally:
        app.close()


def test_the_tarabish_dealer_forced_to_call_has_no_choice_focused() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarabish", lambda t: t.hand.phase == "call"
                           and {"seat": "S", "call": "pass"} not in t.legal())
        assert table.panel.panel_buttons and table.panel.focus is None
        n = len(table.hand.history)
        key(app, pygame.K_RETURN)                   # shows a choice, chooses nothing
        assert len(table.hand.history) == n and table.panel.focus == 0
        first = table.panel.panel_buttons[0].choice
        key(app, pygame.K_RETURN)                   # now it chooses the choice shown
        assert table.match.hands[-1]["actions"][n] == first
    finally:
        app.close()


def king_call(size: tuple[int, int] = (1024, 600)) -> tuple[App, TableScene]:
    """A five-player table where South took the contract, is to call a card and holds one of
    the cards it may call."""
    for seed in range(80):
        app = make_app(size)
        app.session.settings.options = {"tarot": {"players": 5}}
        app.session.settings.play_checker = False
        table = table_for(app, "tarot", seed)
        for _turn in range(12):
            settle(app, table)
            if table.hand.phase != "bid":
                break
            lit = [b for b in table.panel.panel_buttons if b.reason is None]
            click(app, lit[-1].rect.center)       # the highest bid
        if table.hand.phase == "call" and table.hand.to_act == 0 and \
                table.model.own_calls(table.legal()):
            return app, table
        app.close()
    raise AssertionError("no deal where South calls holding a card it may call")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_king_call_warns_before_one_calls_ones_own_card(size: tuple[int, int],
                                                             language: str) -> None:
    app, table = king_call(size)
    try:
        i18n.set_language(language)
        app.resize(app.size)                        # the panels built again in the language
        app.step(0.0)
        hand = table.knowledge().hand
        buttons = table.panel.panel_buttons
        own = [b for b in buttons if b.choice["call"] in hand]
        assert own and table.panel.focus is None
        # the reminder's second line names them and says what calling one means
        named = ", ".join(i18n.card_words(b.choice["call"]) for b in own)
        assert table.panel.hint.split("\n")[1] == i18n._(
            "Call a card you hold ({cards}) and you play alone against the other four."
        ).format(cards=named)
        # each held card's button says it on focus, the others say nothing
        for b in buttons:
            assert b.reason is None
            assert b.note == (i18n._("You hold {card}: call it and you play alone against the "
                                     "other four.").format(card=i18n.card_words(b.choice["call"]))
                              if b in own else None)
        key(app, pygame.K_RETURN)                   # the first Enter: not a card South holds
        assert buttons[table.panel.focus] not in own
        while buttons[table.panel.focus] is not own[0]:
            key(app, pygame.K_RIGHT)
        assert table.shown_reason()[0] == own[0].note
        assert len(table.hand.history) == len(table.knowledge().history)  # nothing chosen yet
        # West's and East's labels ("West · 15 · dealer") do not run under the panel
        box = table.panel.box()
        sides = [s for s in table.seats.labels if table.seats.letter(s) in ("W", "E")]
        assert box is not None and len(sides) == 2
        assert not any(table.seats.labels[s].colliderect(box) for s in sides)
    finally:
        i18n.set_language("en")
        app.close()


def test_the_hints_alternatives_are_marked_more_lightly() -> None:
    app = make_app(claims=False, checker=False)
    try:
        table = table_for(app, "turup", 7)
        rng = random.Random(7)
        for _ in range(40):
            to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
            if len(plays(table)) >= 3:
                break
            table.try_play(index_of(table, plays(table)[0]))
        best, *others = plays(table)[:3]
        alternatives = tuple({"seat": "S", "play": c} for c in others)
        hint_with(table, {"seat": "S", "play": best}, alternatives,
                  Evidence({"seat": "S", "play": others[0]}, 40, 20, 2))
        hinted(app, table)
        fan, coach = table.fan, table.coach
        i = coach.hinted_card()
        marked = coach.as_good_cards()
        assert i is not None and i not in marked
        assert sorted(fan.cards[j] for j in marked) == sorted(others)
        h = fan.geo.card[1]
        for j in marked:                            # lifted, less than the hinted card
            assert fan.rects[j].top - fan.card_rect(j).top == h // AS_GOOD_LIFT
        assert fan.rects[i].top - fan.card_rect(i).top == h // PICK_LIFT > h // AS_GOOD_LIFT
        text = coach.hint_text(coach.hint())
        assert text.endswith("\nJust as good: " + ", ".join(card_words(c) for c in others) + ".")
        # the obvious card's advice names the cards as good in its own reason: no second list
        plain = Decision({"seat": "S", "play": best}, REASON, alternatives=alternatives)
        assert "Just as good" not in coach.hint_text(plain)
        # no alternative: nothing marked lightly
        key(app, pygame.K_RETURN)
        assert coach.as_good_cards() == frozenset()
    finally:
        app.close()


def test_a_panels_alternatives_are_outlined_lightly() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarabish", lambda t: {"seat": "S", "call": "pass"} in t.legal())
        spades, hearts = {"seat": "S", "call": "S"}, {"seat": "S", "call": "H"}
        hint_with(table, spades, (hearts,), Evidence({"seat": "S", "call": "pass"}, 30, 9, 0))
        hinted(app, table)
        assert [b.choice for b in table.coach.as_good_buttons()] == [hearts]
        assert table.coach.as_good_cards() == frozenset()
        assert "Just as good: ♥ Hearts." in table.coach.hint_text(table.coach.hint())
    finally:
        app.close()


def move_to(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.0)


def one_box(table: TableScene) -> list[pygame.Rect]:
    """The boxes of text drawn in the last frame, checked: at most one, none overlapping."""
    boxes = table.bubbles
    assert len(boxes) <= 1, boxes
    assert not any(a.colliderect(b) for a, b in combinations(boxes, 2))
    return boxes


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_one_box_of_text_at_a_time(size: tuple[int, int]) -> None:
    app = make_app(size, claims=False, checker=False)
    try:
        table = table_for(app, "tarabish", 4)
        rng = random.Random(4)
        for _ in range(60):
            to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
            if table.fan.dim_reasons():
                break
            table.try_play(index_of(table, plays(table)[0]))
        dims = table.fan.dim_reasons()
        assert dims
        hinted(app, table)
        assert one_box(table) == [table.coach.bubble]       # the hint speaks alone
        # a dimmed card under the pointer: its reason, the hint's bubble waits
        dim = next(iter(dims))
        r = table.fan.rects[dim]
        move_to(app, (r.left + 5, r.top + 40))
        assert table.fan.hover == dim
        assert one_box(table) and table.coach.bubble is None
        assert table.shown_reason()[0] == dims[dim]
        # Enter on it (the keys walk the playable cards only; a click leaves the focus
        # there): the message alone
        table.fan.focus, table.fan.kb_used = dim, True
        table.fan.handle_key(pygame.K_RETURN)
        app.step(0.0)
        assert table.toast is not None and one_box(table) and table.coach.bubble is None
        # the message gone, the focus back on the hinted card: the hint's bubble again
        app.step(5.0)
        while table.fan.focus != table.coach.hinted_card():
            key(app, pygame.K_RIGHT)
        assert one_box(table) == [table.coach.bubble] and table.coach.bubble is not None
    finally:
        app.close()


def test_a_hint_that_comes_while_the_loop_sleeps_is_drawn_at_once() -> None:
    """The frame loop sleeps while nothing moves: a hint that has come from the workers but is
    not drawn yet wakes it (``wake_in`` 0), and once drawn it sleeps again."""
    app = make_app()
    try:
        table = table_for(app, "turup", 7)
        to_card_play(app, table, random.Random(7), tricks=0)
        hint_with(table, table.legal()[0])
        table.coach.ask_hint()
        app.step(0.0, draw=False)   # the hint has come, no frame drawn since
        assert table.coach.hint() is not None and table.coach.hint_to_show()
        assert table.wake_in() == 0.0
        app.step(0.0)               # drawn
        assert not table.coach.hint_to_show()
    finally:
        app.close()

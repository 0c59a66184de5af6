"""Learning mode at the table, headless, through the real frame loop and posted events: the
hint shown is the learning core's for the same knowledge, every dimmed card and button says
why, undo restores the exact previous state (record, hand, every seat's knowledge, the save),
the play checker speaks only when the strong player differs, the switch, and no frame waits on
the AI."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame
import pytest
from ui_driver import SyncExecutor, click, index_of, key, make_app, post, settle

from game import storage
from game.engine import learning
from game.engine.cards import card_words
from game.ui import words
from game.ui.app import App
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.table import TableScene
from game.ui.session import Match, Settings

GAMES = ("turup", "tarabish", "tarot", "arbaa-turub")


def table_for(app: App, game: str, seed: int) -> TableScene:
    """A new game of ``game`` dealt from ``seed``, its table shown."""
    table = app.start_game(game, seed)
    app.step(0.0)
    return table


def deal_until(app: App, game: str, wanted: Callable[[TableScene], bool],
               seeds: int = 200) -> TableScene:
    """The table of the first deal of ``game`` (seeds 0, 1, …) at whose first decision of
    South ``wanted`` holds."""
    for seed in range(seeds):
        table = table_for(app, game, seed)
        settle(app, table)
        if table.hand.to_act == 0 and wanted(table):
            return table
    raise AssertionError(f"no deal of {game} in {seeds} seeds")


def ctrl_z(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.step(0.0)


def south_acts(table: TableScene, rng: random.Random) -> None:
    """South takes a random legal action the way the table does (a lay-away as six picks)."""
    legal = table.legal()
    if any("discard" in a for a in legal):
        while len(table.model.selected) < 6:
            dims = table.fan.dim_reasons()
            table.toggle_discard(next(i for i, n in enumerate(table.fan.cards) if n and i not in
                                      dims and not table.fan.is_picked(i)))
        table.confirm_discard()
        return
    action = rng.choice(legal)
    if "play" in action:
        table.model.bella = bool(action.get("bella"))
        table.try_play(index_of(table, action["play"]))
    else:
        table.choose(action)


def to_card_play(app: App, table: TableScene, rng: random.Random, tricks: int = 1) -> None:
    """Play on (South at random) until South is to play a card with a choice of two or more,
    after ``tricks`` tricks."""
    for _ in range(200):
        settle(app, table)
        assert table.summary is None
        plays = [a for a in table.legal() if "play" in a]
        if len(plays) > 1 and len(table.knowledge().tricks) > tricks:
            return
        south_acts(table, rng)
    raise AssertionError("South never had a choice of cards")


def snapshot(table: TableScene) -> dict[str, Any]:
    """Everything undo must give back."""
    m = table.match
    return {"record": m.record(), "knowledge": [m.hand.knowledge(s) for s in range(4)],
            "trick": [s.name for s in table.trick], "phase": m.hand.phase,
            "to_act": m.hand.to_act, "selected": list(table.model.selected),
            "cards": list(table.fan.cards)}


@pytest.mark.parametrize("game,seed", [(g, 11 + i) for i, g in enumerate(GAMES)])
def test_hint_shown_is_the_learning_cores_choice(game: str, seed: int) -> None:
    app = make_app(claims=False, checker=False)  # only the hint's strong AI: keep it fast
    try:
        table = table_for(app, game, seed)
        rng = random.Random(seed)
        for _ in range(2):
            to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
            kn = table.knowledge()
            key(app, pygame.K_h)
            shown = table.coach.hint()
            assert shown == learning.hint(kn)
            if "play" in shown.action:
                i = table.coach.hinted_card()
                assert i is not None and table.fan.cards[i] == shown.action["play"]
                assert table.fan.card_rect(i).top < table.fan.rects[i].top  # lifted out of the hand
            else:  # a declaration beside the hand (Tarabish runs, a signal)
                b = table.coach.hinted_button()
                assert b is not None and b.choice == shown.action
            app.step(0.0)                                       # drawn with its bubble
            south_acts(table, rng)
            assert table.coach.hint() is None                   # gone once South acts
    finally:
        app.close()


def test_hint_on_a_panel_outlines_the_strong_players_button() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarabish", lambda t: bool(t.panel.panel_buttons))  # a call
        hint = table.coach.side[0]
        click(app, hint.rect.center)
        shown = table.coach.hint()
        assert shown == learning.hint(table.knowledge())
        b = table.coach.hinted_button()
        assert b is not None and b.choice == shown.action and b.reason is None
        line = words.hint_line(shown.action, shown.reason)  # its first letter small after ":"
        assert line.endswith(shown.reason[1:]) and line.lower().endswith(shown.reason.lower())
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_dimmed_card_and_button_says_why(game: str) -> None:
    app = make_app(claims=False, checker=False)  # the strong AI is not needed here: keep it fast
    app.session.settings.speed = "instant"
    try:
        table = table_for(app, game, 5)
        rng = random.Random(5)
        decisions = 0
        for _ in range(40):
            settle(app, table)
            if table.summary is not None:
                break
            legal = table.legal()
            dims = table.fan.dim_reasons()
            assert all(isinstance(r, str) and r for r in dims.values())
            playable = {a["play"] for a in legal if "play" in a}
            if playable:
                lit = {n for i, n in enumerate(table.fan.cards) if i not in dims}
                assert lit == playable  # lit exactly when legal
            for b in [*table.panel.panel_buttons, *table.panel.side_buttons]:
                assert b.reason is None or (isinstance(b.reason, str) and b.reason)
                if b.choice is not None:
                    assert (b.reason is None) == (b.choice in legal), b.label
            decisions += 1
            south_acts(table, rng)
        assert decisions > 5
    finally:
        app.close()


def test_tarot_bids_below_the_current_one_are_dimmed_with_the_reason() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarot", lambda t: t.hand.phase == "bid" and any(
            b.reason for b in t.panel.panel_buttons))  # a bid before South's
        dimmed = [b for b in table.panel.panel_buttons if b.reason]
        assert {b.label for b in dimmed} <= set(words.BID_NAMES.values())
        # the keyboard's focus on a dimmed bid shows its reason too
        while table.panel.panel_buttons[table.panel.focus] is not dimmed[0]:
            key(app, pygame.K_RIGHT)
        assert table.shown_reason()[0] == dimmed[0].reason
        # hovering a dimmed bid shows its reason; clicking it says it and changes nothing
        before = len(table.hand.history)
        click(app, dimmed[0].rect.center)
        assert len(table.hand.history) == before and table.toast is not None
        assert table.toast[0] == dimmed[0].reason
        # a bid may be taken back like a card while it is the last action
        record = table.match.record()
        click(app, next(b for b in table.panel.panel_buttons if b.reason is None).rect.center)
        assert len(table.hand.history) == before + 1
        ctrl_z(app)
        assert table.match.record() == record and table.panel.panel_buttons
    finally:
        app.close()


def test_the_options_page_carries_the_learning_switch() -> None:
    from game.ui.scenes.options import OptionsScene

    app = make_app()
    try:
        page = OptionsScene(app, "tarabish")
        app.push(page)
        app.step(0.0)
        assert page.learning_button.label == "Learning mode: on"
        page.on_click(page.learning_button.rect.center)
        assert app.session.settings.learning == {"tarabish": False}
        assert page.learning_button.label == "Learning mode: off"
        assert page.focus == len(page.rows) + 1  # the keyboard's focus follows the click
        key(app, pygame.K_RETURN)
        assert app.session.settings.learning == {"tarabish": True}
    finally:
        app.close()


@pytest.mark.parametrize("game,seed", [(g, 21 + i) for i, g in enumerate(GAMES)])
def test_undo_restores_the_exact_previous_state_and_the_save(tmp_path, game: str,
                                                             seed: int) -> None:
    paths = storage.resolve_paths(tmp_path)
    app = App((1280, 720), Settings(ai_level="easy", speed="fast", sound=False),
              workers=SyncExecutor(), paths=paths)
    try:
        table = table_for(app, game, seed)
        rng = random.Random(seed)
        for _ in range(2):
            to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
            before = snapshot(table)
            south_acts(table, rng)
            app.step(0.05)
            assert len(table.match.hands[-1]["actions"]) == len(before["record"]["hands"][-1][
                "actions"]) + 1, "the AI acted before undo could be reached"
            ctrl_z(app)
            assert snapshot(table) == before
            assert table.hand.to_act == 0 and table.coach.undo_refusal() is not None
            app.session.keeper.writer.flush()
            record, _ = storage.load_game(paths)
            assert record == before["record"]
            south_acts(table, rng)
        # once the AI has answered, South's action is no longer the last: no undo
        for _ in range(100):
            if table.match.hands[-1]["actions"][-1]["seat"] != "S":
                break
            app.step(0.1)
        n = len(table.hand.history)
        ctrl_z(app)
        assert len(table.hand.history) == n and table.toast is not None
    finally:
        app.close()


def test_the_lay_away_is_undone_as_one_and_its_cards_stay_picked() -> None:
    app = make_app()
    try:
        table = deal_until(app, "tarot", lambda t: any(
            b.choice == {"seat": "S", "bid": "take"} and b.reason is None
            for b in t.panel.panel_buttons))
        table.ai_enabled = False
        m = table.match
        table.choose({"seat": "S", "bid": "take"})
        while m.hand.phase == "bid":
            table.perform({"seat": "SWNE"[m.hand.to_act], "bid": "pass"})
        settle(app, table)
        assert m.hand.phase == "discard"
        rng = random.Random(1)
        while len(table.model.selected) < 3:
            south_acts_one_pick(table, rng)
        key(app, pygame.K_h)  # the hint names a card to add to the three picked
        shown = table.coach.hint()
        assert shown is not None and shown == learning.hint(table.coach.hint_knowledge())
        assert shown.action["discard"] not in table.model.selected
        while len(table.model.selected) < 6:
            south_acts_one_pick(table, rng)
        picked = list(table.model.selected)
        before = m.record()
        table.confirm_discard()
        assert m.hand.phase != "discard"
        ctrl_z(app)
        assert m.record()["hands"][-1]["actions"] == before["hands"][-1]["actions"]
        assert m.hand.phase == "discard" and sorted(table.model.selected) == sorted(picked)
    finally:
        app.close()


def south_acts_one_pick(table: TableScene, rng: random.Random) -> None:
    """Pick one more card for the lay-away (one the engine allows)."""
    dims = table.fan.dim_reasons()
    free = [i for i, n in enumerate(table.fan.cards) if n and i not in dims
            and not table.fan.is_picked(i)]
    table.toggle_discard(rng.choice(free))


def test_the_checker_speaks_only_when_the_strong_player_differs() -> None:
    app = make_app()
    try:
        table = table_for(app, "arbaa-turub", 3)
        rng = random.Random(3)
        for _ in range(30):
            to_card_play(app, table, rng, tricks=len(table.knowledge().tricks))
            kn = table.knowledge()
            best = learning.hint(kn)
            other = next((a for a in table.legal() if "play" in a
                          and learning.differs(kn, a) is not None), None)
            if other is not None:
                break
            south_acts(table, rng)
        else:
            raise AssertionError("no position where another card differs")
        table.try_play(index_of(table, best.action["play"]))
        app.step(0.01)
        assert table.coach.note is None
        ctrl_z(app)
        table.try_play(index_of(table, other["play"]))
        app.step(0.01)
        assert table.coach.note is not None
        verdict = learning.differs(kn, other)
        assert verdict is not None and verdict.action == best.action
        assert table.coach.note[0] == words.checker_line(verdict.action, verdict.reason)
        assert table.coach.note[0].startswith("The strong player")
        assert table.coach.note[0].count(card_words(best.action["play"])) == 1, \
            "the strong player's card is named, once"
        ctrl_z(app)  # the note goes with the move it was about
        assert table.coach.note is None
        # the player may turn the checker off
        app.session.settings.play_checker = False
        table.try_play(index_of(table, other["play"]))
        app.step(0.01)
        assert table.coach.note is None
    finally:
        app.close()


def test_the_learning_switch_is_per_game_and_on_for_a_new_game() -> None:
    app = make_app()
    try:
        assert app.session.settings.learning == {}
        table = table_for(app, "turup", 4)
        to_card_play(app, table, random.Random(4))
        assert table.coach.on and table.fan.dim_reasons()
        switch = table.coach.top[0]
        assert switch.label == "Learning: on"
        click(app, switch.rect.center)
        settings = app.session.settings
        assert settings.learning == {"turup": False} and settings.learning_for("tarot")
        assert not table.coach.on and table.fan.dim_reasons() == {}
        assert [b.label for b in table.coach.buttons] == ["Learning: off"]
        n = len(table.hand.history)
        key(app, pygame.K_h)
        assert table.coach.hint() is None and "learning mode" in table.toast[0]
        click(app, table.coach.top[0].rect.center)
        assert table.coach.on and app.session.settings.learning == {"turup": True}
        assert len(table.hand.history) == n
        # the tracker: T and its button toggle it
        key(app, pygame.K_t)
        assert table.coach.tracker.visible
        click(app, table.coach.top[1].rect.center)
        assert not table.coach.tracker.visible
    finally:
        app.close()


def test_no_frame_waits_on_the_hint_or_the_checker() -> None:
    release = threading.Event()
    pool = ThreadPoolExecutor(max_workers=1)
    app = App((1280, 720), Settings(ai_level="easy", speed="fast", sound=False),
              workers=pool)
    try:
        table = table_for(app, "turup", 6)
        for _ in range(2000):
            app.step(0.05)
            if table.hand.to_act == 0 and not table.busy() and any(
                    "play" in a for a in table.legal()):
                break
            time.sleep(0.002)
        calls: list[Any] = []

        def slow_hint(kn: Any, cancelled: Any) -> Any:
            calls.append(kn)
            release.wait(10)
            return learning.hint(kn)

        table.coach.advice._hint_fn = slow_hint
        key(app, pygame.K_h)
        start = time.perf_counter()
        for _ in range(10):
            app.step(0.016)
        assert time.perf_counter() - start < 1.0  # ten frames, none waiting on the worker
        assert table.coach.hint() is None and table.coach.side[0].label == "Hint…"
        release.set()
        for _ in range(500):
            if table.coach.hint() is not None:
                break
            time.sleep(0.01)
            app.step(0.0)
        assert table.coach.hint() == learning.hint(calls[0])
    finally:
        release.set()
        app.close()


def test_review_from_the_summary() -> None:
    app = make_app(claims=False, checker=False)
    app.session.settings.speed = "instant"
    try:
        table = table_for(app, "turup", 8)
        rng = random.Random(8)
        for _ in range(60):
            settle(app, table)
            if table.summary is not None:
                break
            south_acts(table, rng)
        assert table.summary is not None
        review = next(b for b in table.summary if b.label == "Review")
        review.action()  # not stepped: the review's strong-AI checks are its own business
        assert isinstance(app.top, ReviewScene)
        assert app.top.hand_record["actions"] == app.session.match.hands[-1]["actions"]
    finally:
        app.close()


def test_undo_is_refused_once_the_hand_is_over() -> None:
    m = Match("turup", 2, ai_level="easy")
    rng = random.Random(2)
    while not m.hand.done:
        m.apply(rng.choice(m.hand.legal_actions()))
    last = "SWNE".index(m.hands[-1]["actions"][-1]["seat"])
    assert m.undo_refusal(last) == "The hand is over and scored: it cannot be taken back"
    with pytest.raises(ValueError):
        m.undo(last)


def test_undo_is_asked_again_after_an_undo_and_another_choice() -> None:
    """Pass (undoable), undo, then call trump (it turns up the rest of the hand: not
    undoable) — the table must not keep the first answer for the same record length."""
    app = make_app()
    try:
        table = deal_until(app, "tarabish", lambda t: {"seat": "S", "call": "pass"} in t.legal()
                           and any(a.get("call") not in (None, "pass") for a in t.legal()))
        table.choose({"seat": "S", "call": "pass"})
        app.step(0.0)
        if table.match.hands[-1]["actions"][-1]["seat"] != "S":
            pytest.fail("the AI answered before undo could be reached")
        assert table.coach.undo_refusal() is None
        ctrl_z(app)
        call = next(a for a in table.legal() if a.get("call") not in (None, "pass"))
        table.choose(call)
        app.step(0.0)
        assert table.match.hands[-1]["actions"][-1] == call
        assert table.coach.undo_refusal() == \
            "That choice showed you new cards: it cannot be taken back"
        n = len(table.hand.history)
        ctrl_z(app)                               # refused with the reason, nothing lost
        assert len(table.hand.history) == n and table.host.top is table
    finally:
        app.close()


def test_a_pass_that_turns_up_the_talon_cannot_be_undone() -> None:
    """French Tarot: South's pass ends the bidding and the talon is shown — taking the pass
    back would let South bid again knowing it."""
    for seed in range(200):
        m = Match("tarot", seed, ai_level="easy")
        rng = random.Random(seed)
        while m.hand.phase == "bid" and m.hand.to_act != 0:
            m.apply(rng.choice(m.hand.legal_actions()))
        if m.hand.phase != "bid" or not any(
                a.get("bid") in ("take", "keep") for a in m.hand.history):
            continue
        m.apply({"seat": "S", "bid": "pass"})
        if m.hand.phase == "bid" or not m.hand.knowledge(0).public.get("talon"):
            continue
        assert m.undo_refusal(0) == "That choice showed you new cards: it cannot be taken back"
        return
    pytest.fail("no deal where South's pass ends the bidding in the seeds tried")


def test_a_drag_let_go_over_the_tracker_ends() -> None:
    app = make_app()
    try:
        table = table_for(app, "turup", 3)
        rng = random.Random(3)
        to_card_play(app, table, rng)
        table.coach.tracker.visible = True
        app.step(0.0)
        area = table.coach.tracker_area()
        i = next(i for i in range(len(table.fan.cards)) if i not in table.fan.dim_reasons())
        start = table.fan.card_rect(i).center
        post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        app.step(0.0)
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        app.step(0.0)
        post(pygame.MOUSEMOTION, pos=area.center, rel=(0, 0), buttons=(1, 0, 0))
        app.step(0.0)
        assert table.fan.drag is not None
        post(pygame.MOUSEBUTTONUP, pos=area.center, button=1)
        app.step(0.0)
        assert table.fan.drag is None
    finally:
        app.close()

"""A whole hand of each game through the window, with posted mouse/keyboard events only:
cards dragged from the hand to the table, every panel answered by a click."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import click, drag, grip, index_of, key, make_app, settle, start_from_menu

from game.engine.replay import replay_record
from game.ui.scenes.table import TableScene

TITLES = {"arbaa-turub": "Arba'a Turub", "turup": "Turup", "tarabish": "Tarabish",
          "tarot": "French Tarot"}
PREFER = ("take", "H", "S", "strong")
"""Panel answers the test prefers (a bid that makes South the declarer, a suit, a signal)."""


def answer(app, table: TableScene, turn: int) -> None:
    """South's decision, made only with events."""
    legal = table.legal()
    if any("discard" in a for a in legal):
        lay_away = len(table.model.talon())  # as many as the dog held: 6, or 3 at five
        while len(table.model.selected) < lay_away:
            dims = table.fan.dim_reasons()
            i = next(i for i, n in enumerate(table.fan.cards)
                     if n and i not in dims and not table.fan.is_picked(i))
            click(app, grip(table, i))
        click(app, table.panel.panel_buttons[0].rect.center)
        return
    if table.panel.panel_buttons:
        labels = [b.label for b in table.panel.panel_buttons]
        pick = 0
        for want in PREFER:
            for j, a in enumerate(legal):
                if want in a.values() and a.get("bid") != "keep":
                    pick = j
                    break
            else:
                continue
            break
        lit = [b for b in table.panel.panel_buttons if b.reason is None]
        assert sorted(map(repr, (b.choice for b in lit))) == sorted(map(repr, legal)), labels
        click(app, next(b for b in lit if b.choice == legal[pick]).rect.center)
        return
    side = [b for b in table.panel.side_buttons if b.reason is None]
    if side and turn % 3 == 0 and side[0].choice is not None:  # not the "Claim bella" switch
        click(app, side[0].rect.center)
        return
    play = next(a for a in legal if "play" in a)
    i = index_of(table, play["play"])
    if turn % 5 == 4:  # now and then by keyboard: arrows to the card, Enter
        while table.fan.focus != i:
            key(app, pygame.K_RIGHT if table.fan.focus < i else pygame.K_LEFT)
        key(app, pygame.K_RETURN)
    else:
        drag(app, grip(table, i), table.geo.drop_zone.center)


def play_hand_through_events(app, table: TableScene) -> dict:
    """South answers every decision of the hand by events (:func:`answer`) until the summary
    shows; the hand is done and its record replays to the same result (returned: the replay
    command's report)."""
    for turn in range(400):
        settle(app, table)
        if table.summary is not None:
            break
        before = len(table.hand.history)
        answer(app, table, turn)
        assert len(table.hand.history) > before, f"no action taken in {table.hand.phase}"
    assert table.summary is not None and table.hand.done
    replay = replay_record(app.session.match.record())
    assert replay["result"] == table.hand.result()
    return replay


@pytest.mark.parametrize("game,seed", [("turup", 1), ("tarabish", 2), ("tarot", 5),
                                       ("arbaa-turub", 3)])
def test_complete_hand_through_events(game: str, seed: int) -> None:
    app = make_app(claims=False, checker=False)  # not about the claim or the checker: quick
    app.session.rng.seed(seed)
    try:
        table = start_from_menu(app, TITLES[game])
        replay = play_hand_through_events(app, table)
        assert replay["match"]["scores"] == app.session.match.tally.scores()
        # the summary's button deals the next hand (or ends the game)
        click(app, table.summary[0].rect.center)
        assert table.summary is None or app.session.match.over
    finally:
        app.close()


def test_tarot_discard_by_clicks() -> None:
    app = make_app()
    try:
        table = start_from_menu(app, "French Tarot")
        m = app.session.match
        for seed in range(200):  # find a deal where South can take
            m.seed = seed
            m.hands.clear()
            m.deal(m.hand.dealer)
            if m.hand.phase == "bid":
                break
        while m.hand.to_act != 0:
            m.apply({"seat": "SWNE"[m.hand.to_act], "bid": "pass"})
        table.start_hand()
        table.ai_enabled = False
        settle(app, table)
        click(app, next(b for b in table.panel.panel_buttons if b.label == "Take").rect.center)
        while m.hand.phase == "bid":
            table.perform({"seat": "SWNE"[m.hand.to_act], "bid": "pass"})
        settle(app, table)
        assert table.hand.phase == "discard"
        answer(app, table, 0)
        assert table.hand.phase == "announce"
        assert sum(1 for a in m.hands[-1]["actions"] if "discard" in a) == 6
    finally:
        app.close()


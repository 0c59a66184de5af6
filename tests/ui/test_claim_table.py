"""The table playing for South (game/ui/table/claim.py), headless with the AI in the test
thread: "Claim the rest" appears exactly when the engine proves the claim, pressing it plays
the hand out with every trick to South's side and the others' cards shown; a forced card is
played by itself only when the setting is on."""

from __future__ import annotations

import pytest
from ui_driver import click, make_app

from game.engine import claim
from game.storage import Settings, settings_from_json
from game.ui.scenes.table import TableScene


def south_turn(app, table: TableScene, limit: int = 600) -> bool:
    """Step until South must act (True) or the hand is over (False); South's non-card
    decisions are taken as the first legal choice."""
    for _ in range(limit):
        if table.summary is not None:
            return False
        if table.hand.to_act == 0 and not table.busy():
            app.step(0.0)
            if table.hand.to_act != 0 or table.busy():
                continue
            legal = table.legal()
            if any("play" in a for a in legal):
                return True
            table.choose(legal[0])
            continue
        app.step(0.1)
    raise AssertionError(f"the table never came back to South (phase {table.hand.phase})")


@pytest.mark.parametrize("game,seed", [("tarabish", 2), ("turup", 4)])
def test_claim_button_follows_the_engine_and_plays_out(game: str, seed: int) -> None:
    app = make_app()
    app.session.settings.learning[game] = False
    claimed = False
    for k in range(10):  # the first hands of up to ten games, to meet a claim
        table = app.start_game(game, seed + k)
        while south_turn(app, table):
            offered = bool(table.plays.offered())
            assert offered == (claim.claim_holds(table.hand, 0) and table.model.held() >= 2), (
                table.model.held(), table.plays.proof)
            assert bool(table.plays.buttons) == offered
            if offered:
                tricks_before = len(table.hand.tricks)
                click(app, table.plays.buttons[0].rect.center)
                assert table.plays.claimed is table.hand
                for _ in range(400):
                    if table.hand.phase != "play":
                        break
                    app.step(0.1)
                assert table.hand.phase != "play"
                assert all(t.winner in (0, 2) for t in table.hand.tricks[tricks_before:])
                claimed = True
                break
            table.perform([a for a in table.legal() if "play" in a][-1])  # the highest
        if claimed:
            break
    assert claimed, "no claim was offered in ten hands"


def forced_turn(app, table: TableScene) -> bool:
    """Play South's cards (the first legal) until South has exactly one legal action, a card;
    False when the hand ends first."""
    while south_turn(app, table):
        legal = table.legal()
        if len(legal) == 1 and "play" in legal[0]:
            return True
        table.perform(next(a for a in legal if "play" in a))
    return False


@pytest.mark.parametrize("on", [True, False])
def test_forced_card_played_only_when_asked(on: bool) -> None:
    app = make_app()
    app.session.settings.learning["tarabish"] = False
    app.session.settings.auto_single = on
    table = app.start_game("tarabish", 5)
    assert forced_turn(app, table)
    n = len(table.hand.history)
    for _ in range(20):
        app.step(0.1)
    assert (len(table.hand.history) > n) is on
    assert table.hand.history[n]["seat"] == "S" if on else table.hand.to_act == 0


def test_auto_single_setting_saved() -> None:
    s = Settings()
    assert s.auto_single is False
    s.auto_single = True
    loaded, fell_back = settings_from_json(s.to_json())
    assert loaded.auto_single is True and not fell_back


def test_undo_stops_the_play_out() -> None:
    """Undo (learning mode) right after the claim's first card: the play-out stops and South
    is to play again, with the claim offered again."""
    app = make_app()
    app.session.settings.learning["tarabish"] = True
    for k in range(10):
        table = app.start_game("tarabish", 2 + k)
        while south_turn(app, table):
            if table.plays.offered():
                n = len(table.hand.history)
                table.plays.claim()
                app.step(0.0)
                assert len(table.hand.history) == n + 1
                table.coach.undo()
                assert len(table.hand.history) == n
                for _ in range(5):
                    app.step(0.1)
                assert not table.plays.play_out and len(table.hand.history) == n
                assert table.plays.offered()
                return
            table.perform([a for a in table.legal() if "play" in a][-1])
    raise AssertionError("no claim was offered in ten hands")

"""The score sheet and the end-of-game screen: a Turup game played to its end at the table (the
quick AI in the test thread, South's cards chosen by a random player), the sheet's rows equal
the finished hands' results with the running totals the game's tally gives, the summary leads
to the end-of-game screen, and S and the pause menu open the sheet."""

from __future__ import annotations

import pygame
import pytest
from scene_helpers import menu_click
from ui_driver import click, key, make_app, settle

from game.engine.ai.player import make_player
from game.engine.cards import seat_index
from game.engine.match import Match
from game.ui.games import presentation
from game.ui.games.base import pair
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlay import PauseMenu
from game.ui.scenes.score_sheet import ScoreSheetScene
from game.ui.scenes.table import TableScene
from game.ui.sheet import deal_number, parse_deal_number, score_sheet


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path))


def played_out(game: str, seed: int, options: dict | None = None) -> Match:
    """A whole game of ``game`` played by random players (the engine alone)."""
    match = Match(game, seed, options or {}, "random", south="random")
    players = [make_player("random", seat) for seat in range(4)]
    while True:
        hand = match.hand
        while not hand.done:
            seat = hand.to_act
            match.apply(players[seat].decide(hand.knowledge(seat)).action)
        if match.over:
            return match
        match.next_hand()


@pytest.mark.parametrize("game,options", [("arbaa-turub", {}), ("turup", {"target": 5}),
                                          ("tarabish", {}), ("tarot", {})])
def test_sheet_rows_are_the_results_with_running_totals(game: str, options: dict) -> None:
    match = played_out(game, 7, options)
    sheet = score_sheet(match)
    shown = presentation(game)
    assert len(sheet.rows) == len(match.results) == len(match.hands)
    assert all(len(row) == len(sheet.columns) for row in (*sheet.rows, sheet.total))
    tally = match.spec.tally(match.options)
    for n, (row, record, result) in enumerate(zip(sheet.rows, match.hands, match.results,
                                                  strict=True), 1):
        tally.add(seat_index(record["dealer"]), result)
        assert row[0] == str(n)
        assert row[2:] == shown.score_sheet_row(result, match.results[:n - 1], tally.scores())
        for cell, total in zip(row[sheet.totals_from:], shown.total_cells(tally.scores()),
                               strict=True):  # Tarot writes the hand's score, then the total
            assert cell == total or cell.endswith(f" → {total}")
    assert sheet.total[sheet.totals_from:] == shown.total_cells(match.tally.scores())
    assert deal_number(match) == f"7-{len(match.hands)}"


def test_each_game_writes_what_players_keep() -> None:
    turup = played_out("turup", 3, {"target": 5})
    rows = score_sheet(turup).rows
    assert [r[2] for r in rows] == [pair(res["tricks"]) for res in turup.results]
    assert [r[3] for r in rows] == [pair(res["points"]) for res in turup.results]
    tarot = played_out("tarot", 3)
    sheet = score_sheet(tarot)
    assert sheet.columns[-4:] == ("You", "West", "North", "East")
    for row, res in zip(sheet.rows, tarot.results, strict=True):
        if "score" in res:
            assert row[2] in ("You", "West", "North", "East")
            assert row[5] in ("made", "failed")
            assert row[-4].startswith(f"{res['score']['S']:+d} → ")
    arbaa = played_out("arbaa-turub", 3)
    runs = [r[4] for r in score_sheet(arbaa).rows]
    assert runs[-1].endswith("running"), "the winning side won at least two hands running"


def test_parse_deal_number() -> None:
    assert parse_deal_number("1234567-2") == (1234567, 2)
    assert parse_deal_number(" 42 ") == (42, 1)
    assert parse_deal_number("42-0") is None
    assert parse_deal_number("-2") is None
    assert parse_deal_number("") is None


def play_table_to_the_end(app, table: TableScene) -> None:
    """Play the table's game to its end: the AI seats by themselves, South's decisions by a
    random player; "Next hand" clicked after each hand until the game is over."""
    south = make_player("random", 99)
    for _ in range(40):
        settle(app, table, limit=4000)
        while table.summary is None:
            table.perform(south.decide(table.knowledge()).action)
            settle(app, table, limit=4000)
        if table.match.over:
            return
        assert table.summary[0].label == "Next hand"
        click(app, table.summary[0].rect.center)
    raise AssertionError("the game never ended")


def test_turup_game_to_the_end_shows_the_final_score() -> None:
    app = make_app(claims=False, checker=False)  # neither is the point: quick
    app.session.settings.options["turup"] = {"target": 5}
    table = app.start_game("turup", 11)
    assert isinstance(table, TableScene)
    play_table_to_the_end(app, table)
    match = table.match
    assert table.summary is not None
    assert [b.label for b in table.summary][:3] == ["See the final score", "New game",
                                                    "Main menu"]
    key(app, pygame.K_s)  # the sheet, also over the last summary
    sheet_scene = app.top
    assert isinstance(sheet_scene, ScoreSheetScene)
    assert len(sheet_scene.sheet.rows) == len(match.results)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # the summary's first button
    over = app.top
    assert isinstance(over, GameOverScene)
    winner = match.tally.winner()
    assert over.winner == ("You and North win the game!" if winner == "NS"
                           else "West and East win the game.")
    assert over.scores[0][1] == f"{max(match.tally.scores().values())} points"
    assert over.how == "First side to 5 points"
    app.step(0.0)
    click(app, over.buttons[1].rect.center)
    assert isinstance(app.top, ScoreSheetScene)
    key(app, pygame.K_s)
    assert app.top is over
    app.step(0.0)
    click(app, over.buttons[2].rect.center)
    assert isinstance(app.top, MenuScene)
    assert app.session.match is None


def test_game_over_new_game_starts_the_same_game() -> None:
    app = make_app((1024, 600))
    app.session.match = played_out("tarot", 4)
    app.session.match.seats["S"] = "human"
    table = app.show_table()
    assert isinstance(table, TableScene)
    settle(app, table)
    assert table.summary is not None and table.summary[0].label == "See the final score"
    click(app, table.summary[0].rect.center)
    over = app.top
    assert isinstance(over, GameOverScene)
    assert over.scores[0][0] == {
        "S": "You", "W": "West", "N": "North", "E": "East"}[
        max(app.session.match.tally.scores().items(), key=lambda kv: kv[1])[0]]
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene) and app.top is not table
    assert app.session.match is not None and app.session.match.game == "tarot"
    assert app.session.match.results == []


def test_score_sheet_from_the_table_and_the_pause_menu() -> None:
    app = make_app()
    table = app.start_game("tarabish", 5)
    assert isinstance(table, TableScene)
    settle(app, table)
    key(app, pygame.K_s)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene) and sheet.sheet.rows == ()
    key(app, pygame.K_s)
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    menu_click(app, "Score sheet · deal 5-1")  # the deal's number one Escape away
    assert isinstance(app.top, ScoreSheetScene)
    app.step(0.0)
    click(app, app.top.close_button.rect.center)
    assert isinstance(app.top, PauseMenu)

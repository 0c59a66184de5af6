"""French Tarot for three and five players at the table (issue 19): a whole hand of each through
events, the seats' labels clear of everything at both window sizes, the king call's panel, the
partner's mark only once the called card is played, statistics per table size, and a saved
five-player game that comes back at five."""

from __future__ import annotations

import random
from itertools import combinations

import pygame
import pytest
from test_ui_play import answer, play_hand_through_events
from ui_driver import SyncExecutor, click, key, make_app, settle, start_from_menu

from game import storage
from game.engine.replay import replay_record
from game.ui import persist
from game.ui.app import App
from game.ui.scenes.statistics import column_key, column_title, table_sizes
from game.ui.scenes.table import TableScene
from game.ui.session import Match


def tarot_at(players: int, size: tuple[int, int] = (1280, 720), seed: int = 5
             ) -> tuple[App, TableScene]:
    """A headless app at French Tarot's table for ``players`` (chosen in the options); no
    claim of the rest offered and no play checker (no test here is about them: they took most of
    the time)."""
    app = make_app(size, claims=False, checker=False)
    app.session.settings.options = {"tarot": {"players": players}}
    app.session.rng.seed(seed)
    table = start_from_menu(app, "French Tarot")
    assert app.session.match is not None and app.session.match.table.size == players
    return app, table


@pytest.mark.parametrize("players", [3, 5])
def test_a_whole_hand_through_events(players: int) -> None:
    app, table = tarot_at(players)
    try:
        replay = play_hand_through_events(app, table)
        assert set(replay["result"]["score"]) == set(app.session.match.table.letters)
        assert table.summary_view.shown
        click(app, table.summary[0].rect.center)             # the next hand is dealt
        assert table.summary is None and len(app.session.match.hands) == 2
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("players", [3, 5])
def test_seat_labels_overlap_nothing(players: int, size: tuple[int, int]) -> None:
    app, table = tarot_at(players, size)
    try:
        for turn in range(12):                               # bidding, then a few tricks
            settle(app, table)
            app.step(0.0)
            labels = dict(table.seats.labels)
            assert sorted(labels) == list(range(players))
            window = pygame.Rect((0, 0), size)
            geo = table.geo
            trick = [pygame.Rect(0, 0, *geo.trick_card) for _ in geo.trick_pos]
            for r, centre in zip(trick, geo.trick_pos.values(), strict=True):
                r.center = centre
            assert len({r.topleft for r in trick}) == players
            keep_clear = [*trick, table.score.rect, *(b.rect for b in table.top_buttons)]
            for seat, rect in labels.items():
                assert window.contains(rect), (seat, rect)
                if seat:
                    hit = [o for o in keep_clear if rect.colliderect(o)]
                    assert not hit, (seat, rect, hit)
            fans = list(table.seats.fans.values())
            for a, b in combinations([*labels.values(), *fans], 2):
                assert not a.colliderect(b), (a, b)
            for fan in fans:
                assert window.contains(fan)
                assert not any(fan.colliderect(o) for o in keep_clear), fan
            if table.summary is not None:
                break
            answer(app, table, turn)
    finally:
        app.close()


def call_table(size: tuple[int, int] = (1024, 600)) -> tuple[App, TableScene]:
    """A five-player table where South took the contract and is to call a card."""
    for seed in range(60):
        app, table = tarot_at(5, size, seed)
        for _turn in range(12):
            settle(app, table)
            if table.hand.phase == "call":
                return app, table
            if table.hand.phase != "bid":
                break
            lit = [b for b in table.panel.panel_buttons if b.reason is None]
            click(app, lit[-1].rect.center)                  # the highest bid
        app.close()
    raise AssertionError("no deal where South calls")


def test_the_call_panel_offers_the_engines_calls() -> None:
    app, table = call_table()
    try:
        app.step(0.0)
        legal = table.hand.legal_actions()
        assert legal and all(len(a["call"]) == 2 for a in legal)
        buttons = table.panel.panel_buttons
        assert [b.choice for b in buttons] == legal
        assert all(b.label.startswith("Call ") for b in buttons)
        click(app, buttons[0].rect.center)
        assert table.hand.history[-1] == legal[0] or table.hand.phase != "call"
    finally:
        app.close()


def test_the_partner_is_marked_only_once_the_called_card_is_played() -> None:
    for seed in range(5, 40):
        app, table = tarot_at(5, seed=seed)
        try:
            seen_mark = False
            for turn in range(400):
                settle(app, table)
                if table.summary is not None:
                    break
                hand = table.hand
                called = hand.knowledge(0).public.get("called")
                played = called is not None and any(
                    called in t["cards"] for t in hand.knowledge(0).tricks)
                held = called is not None and called in hand.knowledge(0).hand
                marked = any("partner" in role for role in table.model.roles().values())
                partner = getattr(hand, "partner", None)
                if partner is not None and partner != 0:
                    assert marked == played, (turn, called, marked)
                    seen_mark = seen_mark or marked
                elif held and hand.declarer != 0:
                    assert marked                            # South knows it is the partner
                answer(app, table, turn)
            if seen_mark:
                label = table.seats.label(table.hand.partner, 0, table.model.roles()[
                    table.hand.partner], table=table.model.table)
                assert "partner" in label
                return
        finally:
            app.close()
    raise AssertionError("no hand where another seat's partnership was revealed")


def test_statistics_per_table_size(tmp_path) -> None:
    paths = storage.resolve_paths(tmp_path)
    assert storage.stats_key("tarot", {"hands": 4}) == "tarot"
    assert storage.stats_key("tarot", {"players": 5, "hands": 5}) == "tarot-5"
    assert storage.stats_game("tarot-3") == "tarot" and storage.stats_players("tarot-3") == 3
    keeper = persist.Keeper(paths)
    keeper.load()
    for players in (3, 5):
        match = Match("tarot", 7, {"players": players}, ai_level="random")
        rng = random.Random(players)
        while not match.hand.done:
            match.apply(rng.choice(match.hand.legal_actions()))
            keeper.save_match(match)
    keeper.writer.close()
    stats, notice = storage.load_statistics(paths)
    assert notice is None
    assert stats.of("tarot-3")["hands_played"] == stats.of("tarot-5")["hands_played"] == 1
    assert "tarot" not in stats.games                        # the four-player table apart
    assert table_sizes("tarot") == (3, 4, 5) and table_sizes("turup") == ()
    assert [column_key("tarot", n) for n in (3, 4, 5)] == ["tarot-3", "tarot", "tarot-5"]
    assert column_title("tarot-5") == "French Tarot · 5 players"
    # a file written before the other tables loads unchanged, as four-player
    old = storage.Statistics()
    old.record_hand("tarot", "won", 30)
    storage.save_statistics(paths, old)
    again, notice = storage.load_statistics(paths)
    assert notice is None and again.of("tarot")["hands_played"] == 1


def test_a_saved_five_player_game_reloads_at_five(tmp_path) -> None:
    paths = storage.resolve_paths(tmp_path)
    app = App((1024, 600), None, workers=SyncExecutor(), paths=paths)
    app.session.settings.speed = "instant"
    app.session.settings.sound = False
    app.session.settings.options = {"tarot": {"players": 5}}
    try:
        table = app.start_game("tarot", 3)
        for turn in range(6):
            settle(app, table)
            answer(app, table, turn)
        record = app.session.match.record()
        assert record["options"]["players"] == 5
    finally:
        app.close()
    again = App((1024, 600), None, workers=SyncExecutor(), paths=paths)
    try:
        match = again.session.in_progress("tarot")
        assert match is not None and match.table.size == 5
        assert match.record() == record
        assert replay_record(record)["match"]["scores"] == match.tally.scores()
        again.step(0.0)
        cont, line = next((b, line) for b, line in again.top.items
                          if b.label.startswith("Continue"))
        assert line.startswith("5 players: ")
        click(again, cont.rect.center)
        table = again.top
        assert isinstance(table, TableScene) and table.match.table.size == 5
        assert len(table.geo.seat_pos) == 5
    finally:
        again.close()


@pytest.mark.parametrize("players", [3, 5])
def test_the_review_of_a_hand_at_three_and_five(players: int) -> None:
    app, table = tarot_at(players)
    try:
        play_hand_through_events(app, table)
        click(app, table.summary[1].rect.center)             # Review
        review = app.top
        assert type(review).__name__ == "ReviewScene" and review.error is None
        assert review.replay_button not in review.buttons  # practice plays four seats
        for _step in range(len(review.steps)):
            key(app, pygame.K_RIGHT)
        assert review.step == len(review.steps) - 1
        app.step(0.0)                                        # the last trick drawn
    finally:
        app.close()

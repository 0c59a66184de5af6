"""The table's model and AI driver, driven directly — no window, no pygame (issue 14)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from game.engine import learning
from game.engine.ai.workers import ThreadWorkers
from game.engine.hand import Action
from game.storage import Settings
from game.ui.games import presentation
from game.ui.session import Match
from game.ui.table.ai_driver import THINK, UNDO_PAUSE, AIDriver
from game.ui.table.model import TableModel


def model_for(game: str, seed: int = 3, learning_on: bool = False) -> TableModel:
    settings = Settings()
    settings.learning[game] = learning_on
    return TableModel(Match(game, seed), settings)


def others_pass(model: TableModel) -> None:
    """Every seat but South takes its first legal action, preferring a pass."""
    hand = model.hand
    while not hand.done and hand.to_act not in (0, None):
        legal = hand.legal_actions()
        passing = [a for a in legal if "pass" in a.values()]
        model.apply((passing or legal)[0])


def to_south_card(model: TableModel, limit: int = 200) -> None:
    """Play on (South choosing its first legal action) until South is to play a card."""
    for _ in range(limit):
        others_pass(model)
        if model.plays_cards() and model.hand.phase != "discard":
            return
        legal = model.legal()
        model.apply(next((a for a in legal if a.get("call") not in (None, "pass")), legal[0]))
    raise AssertionError("South never came to play a card")


def test_the_model_needs_no_pygame() -> None:
    code = ("import sys, game.ui.table.model, game.ui.table.ai_driver; "
            "sys.exit('pygame' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_required_decision_is_a_panel_of_the_legal_choices() -> None:
    model = model_for("tarabish")
    offer = model.offer()
    assert offer.kind == "panel" and offer.title == "Call trump or pass"
    assert [a for a, _ in offer.choices] == model.legal()
    assert all(why is None for _, why in offer.choices)
    assert not model.plays_cards() and model.dim_reasons(model.hand_cards()) == {}


def test_learning_mode_offers_the_choices_not_open_now_with_the_reason() -> None:
    model = model_for("tarabish", learning_on=True)
    assert model.offer().choices == learning.choices(model.hand, 0)


def test_no_offer_while_another_seat_acts() -> None:
    model = model_for("arbaa-turub")
    assert model.hand.to_act != 0
    assert model.offer().kind == "" and model.legal() == []


def test_playing_a_card_offers_the_optional_declarations_and_dims_illegal_cards() -> None:
    model = model_for("tarabish", learning_on=True)
    to_south_card(model)
    offer = model.offer()
    assert offer.kind == "side"
    assert all("play" not in a for a, _ in offer.choices)
    cards = model.hand_cards()
    illegal = learning.illegal_cards(model.hand, 0)
    dims = model.dim_reasons(cards)
    assert {cards[i]: why for i, why in dims.items()} == {n: illegal[n] for n in cards
                                                         if n in illegal}
    model.settings.learning["tarabish"] = False
    assert model.dim_reasons(cards) == {}


def test_a_played_card_says_what_it_did() -> None:
    model = model_for("tarabish")
    to_south_card(model)
    name = next(a["play"] for a in model.legal() if "play" in a)
    outcome = model.apply(model.play_action(name))
    assert outcome.seat == 0 and outcome.played == name and outcome.sound == "play"
    if outcome.winner is None:  # South's card did not end the trick: it lies there
        assert model.open_trick()[-1] == (name, 0)
    while model.open_trick():
        legal = model.hand.legal_actions()
        outcome = model.apply(legal[0])
    assert outcome.winner is not None and model.last_trick() is not None


def tarot_discard() -> TableModel:
    model = model_for("tarot", learning_on=True)
    model.apply({"seat": "S", "bid": "take"})
    others_pass(model)
    assert model.hand.phase == "discard" and model.hand.to_act == 0
    return model


def test_the_lay_away_is_picked_card_by_card_and_refuses_what_the_engine_refuses() -> None:
    model = tarot_discard()
    assert model.offer().kind == "discard"
    cards = model.hand_cards()
    illegal = learning.illegal_cards(model.hand, 0)
    bad = next(i for i, n in enumerate(cards) if n in illegal)
    assert model.toggle_pick(cards, bad) == illegal[cards[bad]]
    good = [i for i, n in enumerate(cards) if n not in illegal][:6]
    for i in good:
        assert model.toggle_pick(cards, i) is None
    assert model.offer().title == "Lay away 6 cards (6 of 6 picked)"
    assert model.toggle_pick(cards, good[0]) is None and len(model.selected) == 5  # put back
    model.toggle_pick(cards, good[0])
    laid = model.lay_away()
    assert [a["discard"] for a in laid] == [cards[i] for i in good[1:] + good[:1]]
    assert model.selected == []


def test_the_seat_counts_are_the_engines_while_the_somali_deal_is_paused() -> None:
    model = model_for("arbaa-turub")
    hand: Any = model.hand
    assert hand.phase == "trump"
    assert model.seat_counts() == [3 if s == hand.eldest else 0 for s in range(4)]


@pytest.mark.parametrize(("game", "won", "title"), [
    ("tarot", True, "You win the hand"), ("tarot", False, "You lose the hand"),
    ("tarot", None, "Hand over"), ("tarabish", True, "Your side wins the hand"),
    ("turup", False, "Your side loses the hand")])
def test_the_summary_title(game: str, won: bool | None, title: str) -> None:
    assert presentation(game).summary_title(won) == title


def test_the_score_lines_start_with_the_game_and_hand() -> None:
    model = model_for("turup")
    lines = model.score_lines()
    assert lines[0] == (f"{model.match.spec.title} — hand 1", True)
    assert lines[1] == ("Trump: not yet named", False)


class Now(Executor):
    """Runs a job at once (the AI driver's worker in a test)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def test_the_ai_driver_answers_after_the_think_time_with_a_legal_action() -> None:
    match = Match("arbaa-turub", 3, ai_level="random")
    driver = AIDriver(match, ThreadWorkers(Now()))
    seat = match.hand.to_act
    assert seat not in (0, None)
    assert driver.poll(seat, 0.0, 1.0, False) is None  # asked
    assert driver.poll(seat, THINK / 2, 1.0, False) is None  # still thinking
    action: Action | None = driver.poll(seat, THINK, 1.0, False)
    assert action is not None and match.hand.why_illegal(action) is None


def test_in_learning_mode_the_ai_waits_for_undo_after_south() -> None:
    model = model_for("tarabish", learning_on=True)
    model.apply(model.legal()[0])
    driver = AIDriver(model.match, ThreadWorkers(Now()))
    assert driver.wait(1.0, True) == UNDO_PAUSE
    assert driver.wait(1.0, False) == THINK


def test_a_dropped_decision_is_asked_again() -> None:
    match = Match("turup", 3, ai_level="random")
    driver = AIDriver(match, ThreadWorkers(Now()))
    seat = match.hand.to_act
    driver.poll(seat, 0.0, 1.0, False)
    driver.drop()
    assert driver.pending is None
    assert driver.poll(seat, 10.0, 1.0, False) is None  # asked anew, thinking from now

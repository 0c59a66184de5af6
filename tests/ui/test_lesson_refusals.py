"""A guided hand takes every card that keeps its script and says why it refuses one (issue 36):
a card the script's allow list never named is played when the rest of the hand can follow it;
a refused card is told what it would break — the trick to another seat, another suit asked
of the others — then which cards go on, all of them lifted."""

from __future__ import annotations

from typing import Any

import pytest
from test_lesson_table import open_lesson, play_card, south_move, south_turn
from ui_driver import make_app

from game.lessons import script
from game.lessons.script import Breach
from game.ui.app import App
from game.ui.scenes.lesson import LessonTable
from game.ui.table.lesson_words import play_these, why_refused

LEAD = 10
"""Arba'a Turub's first lead South chooses itself (the record: A♥; 10♥, J♥, Q♥, K♥, 7♥ keep
the script)."""


def at_lead(app: App) -> LessonTable:
    table = open_lesson(app, "arbaa-turub", fresh=True)
    while south_turn(app, table) and table.played < LEAD:
        south_move(app, table, by_keys=False)
    assert table.played == LEAD
    return table


@pytest.fixture
def app() -> App:
    return make_app(claims=False, checker=False)


@pytest.mark.parametrize(("card", "said"), [
    ("7C", "Leading 7♣ would ask the others for another suit than this guided hand goes on "
           "with. Play one of A♥, "),
    ("6H", "With 6♥, West would take this trick. Play one of A♥, "),
])
def test_a_refused_card_is_told_what_it_would_break(app: App, card: str, said: str) -> None:
    table = at_lead(app)
    play_card(app, table, card, by_keys=False)
    assert table.played == LEAD
    told = table.words_up()
    assert told is not None and told.startswith(said), told
    lifted = {table.fan.cards[i] for i in table.coach.lifted()}
    assert {"AH", "7H", "10H", "JH", "QH", "KH"} <= lifted and card not in lifted


def test_a_card_no_allow_list_names_is_played_when_it_keeps_the_script(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    real = script._read

    def no_allow(name: str) -> Any:
        data = real(name)
        if name.endswith(".script.json"):
            data["steps"] = [s for s in data["steps"] if set(s) != {"at", "allow"}]
        return data
    monkeypatch.setattr(script, "_read", no_allow)
    table = at_lead(app)
    assert not any(s.allow for s in table.lesson.steps)
    play_card(app, table, "JH", by_keys=False)
    assert table.played == LEAD + 1 and table.history()[LEAD]["play"] == "JH"
    assert table.guide.told is None


@pytest.mark.parametrize(("breach", "leads", "said"), [
    (Breach("winner", 12, 3, "W"), False, "With 9♥, West would take this trick."),
    (Breach("winner", 12, 3, "S"), False, "9♥ would win this trick, but this guided hand goes "
                                          "on with another seat taking it."),
    (Breach("illegal", 13, 3), True, "Leading 9♥ would ask the others for another suit than "
                                     "this guided hand goes on with."),
    (Breach("illegal", 13, 3), False, "9♥ would change what the others may play to this "
                                      "trick."),
    (Breach("illegal", 40, 9), False, "Keep 9♥ for later: this guided hand needs it in a "
                                      "later trick."),
    (Breach("winner", 40, 9, ""), True, "Keep 9♥ for later: this guided hand needs it in a "
                                        "later trick."),
    (Breach("taught", 40, 9), False, "Keep 9♥: the lesson shows something with it later."),
    (Breach("situation", 11, 36), False, "Keep 9♥ for later: this guided hand needs it in a "
                                         "later trick."),
    (None, False, ""),
])
def test_each_breach_is_said_in_a_players_words(breach: Breach | None, leads: bool,
                                                said: str) -> None:
    assert why_refused("9H", breach, 3, leads) == said


@pytest.mark.parametrize(("cards", "said"), [
    (["AH"], "Play A♥."),
    (["AH", "KH"], "Play one of A♥, K♥."),
    (["AH", "KH", "QH", "JH", "10H"], "Play one of A♥, K♥, Q♥, J♥, or another card lifted."),
])
def test_the_cards_that_go_on_are_named(cards: list[str], said: str) -> None:
    assert play_these(cards) == said

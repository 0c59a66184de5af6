"""Guided hands' details a newcomer meets (issue 36): a lesson left before its first move is
resumed where its words were; "You hold three A♠" lifts all three copies; in the lay-away the
cards the lesson suggests are ringed, not lifted like the picked ones."""

from __future__ import annotations

import pygame
from test_lesson_table import open_lesson, play_on, south_move, south_turn
from ui_driver import click, key, make_app

from game.ui.lesson_book import LessonBook, valid
from game.ui.scenes.lesson_entry import progress


def test_a_lesson_left_before_its_first_move_resumes_at_its_words() -> None:
    app = make_app(claims=False, checker=False)
    menu = app.top
    table = open_lesson(app, "tarabish", fresh=True)
    assert progress(app, "tarabish") == (False, True)   # opened: Resume is offered
    key(app, pygame.K_RETURN)                            # the first words read
    heard = table.guide.heard
    assert table.played == 0 and heard[1] >= 1
    key(app, pygame.K_ESCAPE)
    click(app, app.top.items[3].rect.center)  # type: ignore[attr-defined]  # Leave
    assert app.top is menu
    again = open_lesson(app, "tarabish")
    assert again.played == 0 and again.guide.heard == heard
    assert again.words_up() != table.lesson.steps[0].say


def test_three_identical_aces_are_all_lifted() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    play_on(app, table, lambda: table.guide.step(table.played) is not None and "three [AS]" in (
        table.guide.step(table.played).say or ""))  # type: ignore[union-attr]
    app.step(0.0)
    lifted = [table.fan.cards[i] for i in table.coach.lifted()]
    assert lifted == ["AS", "AS", "AS"]


def test_the_lay_away_rings_the_suggested_cards_and_lifts_only_the_picked() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "tarot", fresh=True)
    while south_turn(app, table) and not table.model.picking():
        south_move(app, table, by_keys=False)
    while table.waits() or (table.guide.told is None and not table.coach.lifted()):
        key(app, pygame.K_RETURN)
        app.step(0.05)
    suggested = table.coach.lifted()
    assert suggested and table.coach.hinted_card() is None
    fan = table.fan
    focused = fan.focus if fan.focused() else None
    assert all(fan.card_rect(i).top == fan.rects[i].top
               for i in suggested if i != focused)                   # ringed, not lifted
    pick = suggested[-1]
    click(app, fan.card_rect(pick).center)
    assert fan.is_picked(pick) and pick not in table.coach.lifted()
    lift = fan.rects[pick].top - fan.card_rect(pick).top
    assert lift > 0 and all(fan.rects[i].top - fan.card_rect(i).top < lift
                            for i in table.coach.lifted())           # picked: lifted most


def test_the_keyboard_starts_on_a_card_the_lesson_takes_and_comes_back_to_it() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    while south_turn(app, table) and table.played < 10:   # 10: South's own lead
        south_move(app, table, by_keys=False)
    fan, n = table.fan, table.played
    assert table.guide.step(n) is None                   # no words: the player's own move
    assert table.guide.run.accepts(n, {"seat": "S", "play": fan.cards[fan.focus]},
                                   table.history())
    refused = next(i for i, c in enumerate(fan.cards) if c is not None and c[-1] == "C")
    while fan.focus != refused:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)                            # a club: refused, explained
    assert table.played == n and table.guide.told is not None
    assert fan.focus != refused and fan.cards[fan.focus] in table.guide.told[2]
    key(app, pygame.K_RETURN)                            # Enter again plays a card it takes
    assert table.played == n + 1


def test_enter_on_an_illegal_card_moves_the_focus_to_the_taught_one() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    while south_turn(app, table) and table.played < 32:   # 32: follow North's A♥ with 6♥
        south_move(app, table, by_keys=False)
    fan, n = table.fan, table.played
    illegal = next(i for i, c in enumerate(fan.cards) if c is not None and c[-1] != "H")
    fan.focus = illegal  # as a click leaves it: the arrows walk only the playable cards
    key(app, pygame.K_RETURN)
    assert table.played == n and fan.cards[fan.focus] == "6H"
    key(app, pygame.K_RETURN)
    assert table.played == n + 1 and table.history()[n]["play"] == "6H"


def test_the_signal_stays_by_its_seat_while_its_trick_is_played() -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    play_on(app, table, lambda: table.played >= 2)  # South names trump, then signals strong
    for _ in range(40):                      # twenty seconds over the lesson's next words
        app.step(0.5)

    def shown() -> bool:
        said = table.seats.bubbles.get(0)
        return said is not None and said[1] >= table.clock()
    assert table.played == 2 and shown()
    def still_shown() -> None:
        assert shown()
    play_on(app, table, lambda: table.played >= 6, still_shown)  # the trick is played and won
    for _ in range(10):
        app.step(0.5)
    assert not shown()


def test_a_hovered_buttons_tip_leaves_the_lessons_words_up(monkeypatch) -> None:
    app = make_app(claims=False, checker=False)
    table = open_lesson(app, "arbaa-turub", fresh=True)
    play_on(app, table, lambda: table.played >= 2)  # trump named, strong signalled: lead the A♠
    app.step(0.0)
    tipped = next(b for b in table.panel.buttons if b.tip)   # a signal: given already
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: tipped.rect.center)
    table.fan.kb_used = False                # the pointer leads, as after a mouse motion
    app.step(0.0)
    assert table.shown_reason() is not None
    assert table.coach.shown is not None     # the bubble still drawn
    tip = table.bubbles[-1]
    assert not tip.colliderect(table.coach.shown)


def test_the_book_keeps_the_words_heard_and_reads_files_without_them() -> None:
    book = LessonBook()
    book.keep("turup", [], (0, 2))
    data = book.to_json()
    assert valid(data) and data["heard"] == {"turup": [0, 2]} and book.begun("turup")
    older = {k: v for k, v in data.items() if k != "heard"}   # a file of an earlier version
    assert valid(older)
    assert not valid(dict(data, heard={"turup": [0]}))
    book.forget("turup")
    assert not book.begun("turup") and book.heard_at("turup") == (0, 0)

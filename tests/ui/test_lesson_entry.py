"""Where a guided hand is offered (issue 26, item 3), driven headless by events: the first
time a game is started from the menu (asked once, either answer remembered across a restart),
the Rules page's buttons, the menu's game row and the Guided hands page; nothing of the
statistics or a game in progress changes; old settings files load; a lesson whose files are
missing is simply not offered.

The lessons' files and the lesson scene come from other work: here the lessons are stand-ins
(:class:`game.lessons.Lesson` objects, no record) and the scene that plays one is a stand-in
registered under its own name, which only remembers what it was asked to open.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import SyncExecutor, click, frame_problems, key, make_app

from game import lessons, storage
from game.lessons import script
from game.ui.app import App
from game.ui.host import Host, Scene, register
from game.ui.report import Recorder
from game.ui.scenes import lesson_entry
from game.ui.scenes.lesson_entry import LessonsPage, OfferScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.page import confirm_new_game
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.table import TableScene

GAMES = {"arbaa-turub": "Arba'a Turub", "turup": "Turup", "tarabish": "Tarabish",
         "tarot": "French Tarot"}
"""Each game and its button's label in the menu."""


@register("stand-in-lesson")
class StandInLesson(Scene):
    """Remembers the guided hand it was opened on; Escape leaves it (back to the scene
    below), as the real one's Leave does."""

    def __init__(self, host: Host, lesson_id: str, fresh: bool = False) -> None:
        super().__init__(host)
        self.lesson_id = lesson_id
        self.fresh = fresh

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.host.pop()
        return None


def stand_in(lesson_id: str) -> lessons.Lesson:
    game = "tarot" if lesson_id.startswith("tarot") else lesson_id
    return lessons.Lesson(lesson_id, game, f"Title of {lesson_id}",
                          f"What the guided hand of {lesson_id} teaches.", {}, (), ())


class Progress:
    """The lesson scene's progress store as the entry reads it: which lessons are done and
    which were left part way."""

    def __init__(self) -> None:
        self.done: set[str] = set()
        self.started: set[str] = set()

    def __call__(self, host: Host, lesson_id: str) -> tuple[bool, bool]:
        return lesson_id in self.done, lesson_id in self.started


@pytest.fixture
def progress(monkeypatch: pytest.MonkeyPatch) -> Iterator[Progress]:
    """Every lesson can be played (stand-ins), opened in the stand-in scene; the progress
    store is the returned :class:`Progress`."""
    found = Progress()
    monkeypatch.setattr(lesson_entry, "find_lesson", stand_in)
    monkeypatch.setattr(lesson_entry, "LESSON_SCENE", "stand-in-lesson")
    monkeypatch.setattr(lesson_entry, "progress", found)
    yield found


@pytest.fixture
def paths(tmp_path: Path) -> storage.Paths:
    return storage.resolve_paths(str(tmp_path))


def open_app(paths: storage.Paths | None = None, size: tuple[int, int] = (1280, 720)) -> App:
    """The app at the menu, with its files in ``paths`` (else none), the AI in the thread."""
    if paths is None:
        app = make_app(size)
        app.session.settings.lessons_offered = []  # a newcomer: never asked
    else:
        app = App(size, None, workers=SyncExecutor(), paths=paths)
        app.session.settings.sound = False
        app.session.settings.speed = "fast"
    app.step(0.0)
    app.draw()
    return app


def game_button(app: App, game: str) -> Any:
    menu = app.top
    assert isinstance(menu, MenuScene)
    return next(b for b, _line in menu.items if b.label == GAMES[game])


def press(app: App, button: Any) -> None:
    app.draw()
    click(app, button.rect.center)
    app.draw()


def restart(app: App, paths: storage.Paths) -> App:
    """Close the app (its files saved) and open it again on the same files."""
    app.close()
    return open_app(paths)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("answer", ["play", "no thanks"])
def test_the_first_start_asks_once_and_either_answer_is_kept_across_a_restart(
        progress: Progress, paths: storage.Paths, game: str, answer: str) -> None:
    app = open_app(paths)
    try:
        press(app, game_button(app, game))
        offer = app.top
        assert isinstance(offer, OfferScene)
        assert offer.title == f"New to {GAMES[game]}?"
        assert offer.question == f"What the guided hand of {game} teaches."  # French Tarot:
        assert offer.lesson.id == game                                        # the four-player
        assert [b.label for b in offer.buttons] == ["Play a guided hand", "No thanks"]
        press(app, offer.buttons[0 if answer == "play" else 1])
        if answer == "play":
            assert isinstance(app.top, StandInLesson) and app.top.lesson_id == game
            assert not app.top.fresh
            assert app.session.in_progress(game) is None  # no game started
            key(app, pygame.K_ESCAPE)                     # Leave: back to the menu
        else:
            assert isinstance(app.top, TableScene) and app.top.match.game == game
        assert app.session.settings.lessons_offered == [game]
        app = restart(app, paths)
        assert app.session.settings.lessons_offered == [game]
        app.session.matches.clear()                        # as if that game were finished
        app.session.current = None
        app.replace_all(MenuScene(app))
        press(app, game_button(app, game))
        assert isinstance(app.top, TableScene) and app.top.match.game == game  # not again
    finally:
        app.close()


def test_escape_is_no_answer_and_the_question_comes_again(progress: Progress) -> None:
    app = open_app()
    try:
        press(app, game_button(app, "tarabish"))
        assert isinstance(app.top, OfferScene)
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
        assert app.session.settings.lessons_offered == []
        press(app, game_button(app, "tarabish"))
        assert isinstance(app.top, OfferScene)
        key(app, pygame.K_n)                              # N: No thanks
        assert isinstance(app.top, TableScene)
        assert app.session.settings.lessons_offered == ["tarabish"]
    finally:
        app.close()


@pytest.mark.parametrize("why", ["done", "offered", "in progress elsewhere", "deal number",
                                 "no lesson"])
def test_the_game_starts_without_a_question(progress: Progress, monkeypatch: pytest.MonkeyPatch,
                                            why: str) -> None:
    app = open_app()
    try:
        if why == "done":
            progress.done.add("turup")
        elif why == "offered":
            app.session.settings.lessons_offered.append("turup")
        elif why == "no lesson":
            monkeypatch.setattr(lesson_entry, "find_lesson", lambda _id: None)
        if why == "in progress elsewhere":  # another game in progress: still asked for turup
            app.start_game("tarabish", 3)
            app.replace_all(MenuScene(app))
            press(app, game_button(app, "turup"))
            assert isinstance(app.top, OfferScene)
        else:
            if why == "deal number":
                confirm_new_game(app, "turup", 1234)  # the deal-number page's way in
            else:
                press(app, game_button(app, "turup"))
            assert isinstance(app.top, TableScene) and app.top.match.game == "turup"
        assert app.session.settings.lessons_offered == (["turup"] if why == "offered" else [])
    finally:
        app.close()


def test_continue_never_asks(progress: Progress) -> None:
    app = open_app()
    try:
        match = app.start_game("tarabish", 5).match
        app.replace_all(MenuScene(app))
        app.draw()
        menu = app.top
        assert isinstance(menu, MenuScene)
        cont = next(b for b, _line in menu.items if b.label == "Continue Tarabish")
        assert [b for b, _line in menu.items].index(cont) not in menu.guided
        press(app, cont)
        assert isinstance(app.top, TableScene) and app.top.match is match
    finally:
        app.close()


@pytest.mark.parametrize(("game", "expected"), [
    ("arbaa-turub", ["arbaa-turub"]), ("turup", ["turup"]), ("tarabish", ["tarabish"]),
    ("tarot", ["tarot", "tarot-5"])])
def test_the_rules_page_plays_the_game_s_guided_hands_over_itself(
        progress: Progress, game: str, expected: list[str]) -> None:
    app = open_app()
    try:
        app.push(RulesScene(app, game))
        app.draw()
        rules = app.top
        assert isinstance(rules, RulesScene)
        labels = ["Play a guided hand", "The king call at five"][:len(expected)]
        assert [b.label for b in rules.footer_buttons] == labels
        for k, lesson_id in enumerate(expected):
            press(app, rules.footer_buttons[k])
            assert isinstance(app.top, StandInLesson) and app.top.lesson_id == lesson_id
            key(app, pygame.K_ESCAPE)                     # Leave: back to the rules
            assert app.top is rules and rules.game == game
        key(app, pygame.K_g)                              # the keyboard's way
        assert isinstance(app.top, StandInLesson) and app.top.lesson_id == expected[0]
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_k)                              # K: the second, when there is one
        if len(expected) > 1:
            assert isinstance(app.top, StandInLesson) and app.top.lesson_id == expected[1]
        else:
            assert app.top is rules
    finally:
        app.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_menu_s_game_row_leads_to_its_guided_hand(progress: Progress, game: str) -> None:
    app = open_app()
    try:
        menu = app.top
        assert isinstance(menu, MenuScene)
        row = next(i for i, (b, _line) in enumerate(menu.items) if b.label == GAMES[game])
        guided = menu.guided[row]
        assert guided.label == "Guided hand"
        buttons = menu.buttons()
        assert buttons.index(guided) == buttons.index(menu.items[row][0]) + 1  # focus order
        for _ in range(buttons.index(guided)):
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
        page = app.top
        assert isinstance(page, LessonsPage)
        assert page.entry_buttons[page.focus] == (game, page.entry_buttons[page.focus][1])
        assert page.entry_buttons[page.focus][1].label == "Start"
        assert page.ids == list(lessons.LESSONS)
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, StandInLesson) and app.top.lesson_id == game
        key(app, pygame.K_ESCAPE)
        assert app.top is page
        key(app, pygame.K_ESCAPE)
        assert app.top is menu
        assert app.session.settings.lessons_offered == []  # the first start still asks
    finally:
        app.close()


def test_with_a_game_in_progress_the_rules_row_leads_to_every_guided_hand(
        progress: Progress) -> None:
    app = open_app()
    try:
        menu = app.top
        assert isinstance(menu, MenuScene)
        rules_row = next(i for i, (b, _line) in enumerate(menu.items) if b.label == "Rules")
        assert rules_row not in menu.guided           # every game row has its own
        app.start_game("tarabish", 2)
        app.replace_all(MenuScene(app))
        menu = app.top
        assert isinstance(menu, MenuScene)
        rules_row = next(i for i, (b, _line) in enumerate(menu.items) if b.label == "Rules")
        assert menu.guided[rules_row].label == "Guided hands"
        press(app, menu.guided[rules_row])
        page = app.top
        assert isinstance(page, LessonsPage) and page.ids == list(lessons.LESSONS)
        assert page.entry_buttons[page.focus][0] == lessons.LESSONS[0]
    finally:
        app.close()


def test_the_guided_hands_page_resumes_starts_again_and_marks_what_is_done(
        progress: Progress) -> None:
    progress.started.add("tarot-5")
    progress.done.add("turup")
    app = open_app()
    try:
        app.push(LessonsPage(app, "tarot-5"))
        app.draw()
        page = app.top
        assert isinstance(page, LessonsPage)
        shown = {lid: [b.label for i, b in page.entry_buttons if i == lid] for lid in page.ids}
        assert shown == {"arbaa-turub": ["Start"], "turup": ["Play it again"],
                         "tarabish": ["Start"], "tarot": ["Start"],
                         "tarot-5": ["Resume", "Start again"]}
        assert page.entry_buttons[page.focus][1].label == "Resume"
        assert page.view.contains(page.entry_buttons[page.focus][1].rect.move(
            page.view.left, page.view.top - page.scroll))  # scrolled into view
        key(app, pygame.K_SPACE)
        assert isinstance(app.top, StandInLesson)
        assert (app.top.lesson_id, app.top.fresh) == ("tarot-5", False)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_TAB)
        app.draw()
        again = page.entry_buttons[page.focus][1]
        assert again.label == "Start again"
        click(app, again.rect.move(page.view.left, page.view.top - page.scroll).center)
        assert isinstance(app.top, StandInLesson)
        assert (app.top.lesson_id, app.top.fresh) == ("tarot-5", True)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_HOME)
        recorder = Recorder(app.screen.get_size())
        page.draw(recorder)
        words = [item.text for item in recorder.items]
        assert words.count("Done ✓") == 1 and "Title of turup" in words
        assert words.index("Title of turup") < words.index("Done ✓") < words.index(
            "Title of tarabish")
    finally:
        app.close()


def test_nothing_of_the_statistics_or_the_game_in_progress_changes(
        progress: Progress, paths: storage.Paths) -> None:
    app = open_app(paths)
    try:
        match = app.start_game("turup", 7).match
        app.replace_all(MenuScene(app))
        app.step(0.0)
        app.session.keeper.writer.flush()  # type: ignore[union-attr]
        stats = paths.statistics.read_bytes() if paths.statistics.exists() else None
        record = json.dumps(match.record(), sort_keys=True)
        app.draw()
        press(app, game_button(app, "tarabish"))           # the first-time question
        press(app, app.top.buttons[0])                     # type: ignore[union-attr]
        key(app, pygame.K_ESCAPE)
        app.push(RulesScene(app, "tarot"))
        app.draw()
        press(app, app.top.footer_buttons[1])              # type: ignore[union-attr]
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)
        app.step(0.0)
        app.session.keeper.writer.flush()  # type: ignore[union-attr]
        assert app.session.matches == {"turup": match}
        assert app.session.in_progress("tarabish") is None
        assert json.dumps(match.record(), sort_keys=True) == record
        assert (paths.statistics.read_bytes() if paths.statistics.exists() else None) == stats
    finally:
        app.close()


@pytest.mark.parametrize(("saved", "kept", "fell_back"), [
    ({"version": 1, "speed": "fast"}, [], False),                       # before the field
    ({}, [], False),
    ({"lessons_offered": ["tarabish", "tarot"]}, ["tarabish", "tarot"], False),
    ({"lessons_offered": ["tarot", "chess", "tarot"]}, ["tarot"], False),  # unknown: forgotten
    ({"lessons_offered": "tarabish"}, [], True),
    ({"lessons_offered": [1, "turup"]}, [], True),
    ({"lessons_offered": None}, [], True),
])
def test_old_and_bad_settings_files_load(saved: dict[str, Any], kept: list[str],
                                         fell_back: bool) -> None:
    settings, fell = storage.settings_from_json(saved)
    assert settings.lessons_offered == kept
    assert ("lessons_offered" in fell) == fell_back
    again, fell = storage.settings_from_json(settings.to_json())
    assert again.lessons_offered == kept and fell == []


def test_an_old_settings_file_loads_through_the_app(paths: storage.Paths) -> None:
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(json.dumps({"version": 1, "four_colour": True, "sound": False}),
                              encoding="utf-8")
    app = open_app(paths)
    try:
        assert app.session.settings.four_colour
        assert app.session.settings.lessons_offered == []
        assert isinstance(app.top, MenuScene) and not app.session.notices
    finally:
        app.close()


@pytest.mark.parametrize("content", [None, "{not json", '{"format": "four-trumps/lesson"}'])
def test_a_lesson_with_missing_or_bad_files_is_simply_not_offered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str | None) -> None:
    monkeypatch.setattr(script, "FOLDER", tmp_path)
    if content is not None:
        for lesson_id in lessons.LESSONS:
            (tmp_path / f"{lesson_id}.script.json").write_text(content, encoding="utf-8")
            (tmp_path / f"{lesson_id}.json").write_text(content, encoding="utf-8")
    lesson_entry.find_lesson.cache_clear()
    app = open_app()
    try:
        assert all(lesson_entry.find_lesson(i) is None for i in lessons.LESSONS)
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.guided == {}
        app.push(RulesScene(app, "tarot"))
        app.draw()
        assert app.top.footer_buttons == []  # type: ignore[union-attr]
        key(app, pygame.K_g)
        assert isinstance(app.top, RulesScene)
        key(app, pygame.K_ESCAPE)
        press(app, game_button(app, "tarabish"))
        assert isinstance(app.top, TableScene)
    finally:
        app.close()
        lesson_entry.find_lesson.cache_clear()


def test_the_offer_fits_the_smallest_window_in_french(progress: Progress) -> None:
    app = open_app(size=(1024, 600))
    try:
        app.set_language("fr")
        app.draw()
        press(app, game_button(app, "arbaa-turub"))  # its title is the same in French
        offer = app.top
        assert isinstance(offer, OfferScene)
        assert offer.title == "Arba'a Turub : vous débutez ?"
        app.draw()
        assert all(offer.rect.contains(b.rect) for b in offer.buttons)
        assert not offer.buttons[0].rect.colliderect(offer.buttons[1].rect)
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_way_in_lies_clear_of_everything(progress: Progress, size: tuple[int, int],
                                               language: str) -> None:
    progress.started.add("tarot")
    progress.done.add("turup")
    app = open_app(size=size)
    try:
        app.set_language(language)
        app.start_game("turup", 2)                       # one Continue row among the others
        app.replace_all(MenuScene(app))
        found = {"menu": frame_problems(app)}
        menu = app.top
        assert isinstance(menu, MenuScene) and len(menu.guided) == 4  # three rows and Rules
        press(app, next(iter(menu.guided.values())))
        found["page"] = frame_problems(app)
        key(app, pygame.K_END)
        found["page's end"] = frame_problems(app)
        key(app, pygame.K_ESCAPE)
        press(app, menu.items[0][0])
        assert isinstance(app.top, OfferScene)
        found["offer"] = frame_problems(app)
        key(app, pygame.K_ESCAPE)
        app.push(RulesScene(app, "tarot"))
        found["rules"] = frame_problems(app)
        assert not any(found.values()), found
    finally:
        app.close()


@pytest.mark.parametrize("lesson_id", list(lessons.LESSONS))
def test_what_the_page_says_follows_the_lesson_book(lesson_id: str) -> None:
    app = open_app()
    try:
        book = app.session.lessons
        whole = lesson_entry.find_lesson(lesson_id).actions  # type: ignore[union-attr]
        states = [lesson_entry.progress(app, lesson_id)]
        book.keep(lesson_id, whole[:3])
        states.append(lesson_entry.progress(app, lesson_id))
        book.keep(lesson_id, whole)
        book.finish(lesson_id)
        states.append(lesson_entry.progress(app, lesson_id))
        book.keep(lesson_id, whole[:1])
        states.append(lesson_entry.progress(app, lesson_id))
        assert states == [(False, False), (False, True), (True, False), (True, True)]
        app.push(LessonsPage(app, lesson_id))
        app.draw()
        page = app.top
        assert isinstance(page, LessonsPage)
        assert [b.label for i, b in page.entry_buttons if i == lesson_id] == [
            "Resume", "Start again"]
    finally:
        app.close()


def test_the_real_guided_hand_opens_from_the_first_start_and_the_rules_and_leaves_back(
        ) -> None:
    app = open_app()
    try:
        menu = app.top
        press(app, game_button(app, "tarabish"))
        press(app, app.top.buttons[0])                     # type: ignore[union-attr]
        table = app.top
        assert table is not None and table.name == "lesson"
        assert table.lesson.id == "tarabish"               # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)                          # the guided hand's menu
        leave = next(b for b in app.top.items                # type: ignore[union-attr]
                     if b.label == "Leave guided hand")
        press(app, leave)
        assert app.top is menu
        app.push(RulesScene(app, "tarot"))
        app.draw()
        rules = app.top
        press(app, rules.footer_buttons[1])                # type: ignore[union-attr]
        assert app.top.name == "lesson"                    # type: ignore[union-attr]
        assert app.top.lesson.id == "tarot-5"              # type: ignore[union-attr]
        key(app, pygame.K_ESCAPE)
        rules_there = next(b for b in app.top.items         # type: ignore[union-attr]
                           if b.label == "Rules")
        press(app, rules_there)                            # rules from the guided hand:
        assert isinstance(app.top, RulesScene)             # no other guided hand offered
        assert app.top.footer_buttons == []
        key(app, pygame.K_g)
        assert isinstance(app.top, RulesScene)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)                          # the guided hand's menu: resume
        key(app, pygame.K_ESCAPE)
        leave = next(b for b in app.top.items                # type: ignore[union-attr]
                     if b.label == "Leave guided hand")
        press(app, leave)
        assert app.top is rules
        assert app.session.matches == {}
    finally:
        app.close()

"""How long each guided hand takes a reader (game/lessons/duration.py), and the words a player
reads: the estimate keeps every guided hand under seven minutes when the offered tricks are
watched, follows the table's own pace, and the words never double a card's name."""

from __future__ import annotations

import pytest

from game import i18n
from game.data.settings import SPEED_FACTORS
from game.i18n import _, card_words
from game.lessons import LESSONS, LessonError, duration, load, script
from game.ui.table import ai_driver, trick

LIMIT_MINUTES = 7.0


@pytest.mark.parametrize("name", LESSONS)
def test_every_guided_hand_takes_a_reader_under_seven_minutes(name):
    assert duration.minutes(load(name)) < LIMIT_MINUTES


def test_arbaa_turub_offers_its_quiet_tricks_to_watch_and_watching_saves_time():
    lesson = load("arbaa-turub")
    assert lesson.watched() == [(59, 93), (97, 150)]
    assert duration.minutes(lesson, watch=False) > duration.minutes(lesson) + 1.0


def test_the_estimate_adds_reading_moves_and_the_tables_pace():
    lesson = load("turup")
    worded = [s for s in lesson.steps if s.say]
    words = sum(duration.words_in(s.say or "") for s in worded) \
        + duration.words_in(lesson.closing)
    south = sum(1 for a in lesson.record["actions"] if a["seat"] == "S")
    others = len(lesson.record["actions"]) - south
    want = words * 60 / duration.READING_WPM + duration.GO_ON_S * (len(worded) + 1) \
        + south * duration.DECIDE_S + others * duration.CARD_S \
        + len(lesson.winners) * duration.TRICK_S
    assert duration.seconds(lesson) == pytest.approx(want)
    assert duration.words_in("Lead your [KC] now.") == 4


def test_the_estimates_pace_is_the_tables_at_the_normal_speed():
    assert SPEED_FACTORS["normal"] == 1.0
    assert pytest.approx(ai_driver.THINK + trick.FLY) == duration.CARD_S
    assert pytest.approx(trick.TRICK_PAUSE + trick.COLLECT) == duration.TRICK_S
    assert SPEED_FACTORS["fast"] == duration.WATCH_FACTOR


def test_a_watched_stretch_may_not_hold_a_taught_move(monkeypatch):
    real = script._read

    def with_watch(name):
        data = real(name)
        if name == "arbaa-turub.script.json":
            data["steps"].append({"at": 20, "say": "Watch.", "watch": 40})  # 32 is taught
        return data
    monkeypatch.setattr(script, "_read", with_watch)
    with pytest.raises(LessonError, match="taught move 32"):
        load("arbaa-turub")


DOUBLED = ("the the ", "Excuse the Excuse", "Excuse l'Excuse", "le l'", "du l'", "au l'",
           "the trump ", "Petit trump", "Petit l'atout")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", LESSONS)
def test_no_card_is_named_twice_or_with_two_articles(name, language):
    i18n.set_language(language)
    try:
        shown = [script.words_of(_(w), card_words) for w in load(name).words()]
    finally:
        i18n.set_language("en")
    bad = [(d, w) for w in shown for d in DOUBLED if d in w]
    assert bad == []

"""The guided hands (game/lessons/): each script replays through the engine and keeps its
promises, whatever allowed cards South chooses; its files are well formed; its words are in
the catalogs (tests/test_translations.py covers them through tools/messages.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from depth import examples
from hypothesis import given
from hypothesis import strategies as st

from game.engine.replay import replay_record
from game.lessons import LESSONS, LessonError, Run, load, proof, script, situations


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_replays_as_recorded_and_shows_what_it_promises(name):
    lesson = load(name)
    assert lesson.taught, "a lesson promises the situations it teaches"
    assert proof.check(lesson) == []


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_record_is_an_ordinary_finished_hand_record(name):
    record = json.loads((script.FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    out = replay_record(record)
    assert out["ok"] and out["phase"] == "done" and out["result"] is not None


@pytest.mark.parametrize("name", LESSONS)
def test_each_allowed_alternative_alone_keeps_the_script_right(name):
    assert proof.alternatives_one_at_a_time(load(name)) == []


@pytest.mark.parametrize("name", LESSONS)
@examples(8)
@given(seed=st.integers(0, 2**32 - 1))
def test_south_choosing_freely_among_the_allowed_cards_keeps_the_script_right(name, seed):
    assert proof.check(load(name), proof.at_random(seed)) == []


@pytest.mark.parametrize("name", LESSONS)
def test_every_step_is_shown_and_every_taught_move_is_south_s(name):
    lesson = load(name)
    actions = lesson.record["actions"]
    for step in lesson.steps:
        if step.allow:
            assert actions[step.at]["seat"] == "S" and "play" in actions[step.at], step
        if step.wrong:
            assert step.at < len(actions) and actions[step.at]["seat"] == "S", step
        for card in step.look.cards:
            assert script.CARD_TOKEN.fullmatch(f"[{card}]"), card
    spoken = [s for s in lesson.steps if s.say]
    assert spoken and spoken[0].at == 0, "a lesson opens with its first words"


def test_a_run_plans_the_recorded_card_where_the_record_plays_the_one_south_played_instead():
    lesson = load("tarabish")
    run = Run(lesson)
    actions = lesson.record["actions"]
    # the first allowed card that South plays later in the record (where the swap shows)
    at, instead, later = next(
        (step.at, card, i) for step in lesson.steps for card in step.allow
        for i, a in enumerate(actions)
        if i > step.at and a["seat"] == "S" and a.get("play") == card)
    recorded = actions[at]["play"]
    assert run.accepts(at, {"seat": "S", "play": instead})
    assert not run.accepts(at, {"seat": "S", "play": "AS"})
    run.accept(at, {"seat": "S", "play": instead})
    assert run.expected(later)["play"] == recorded
    run.accept(later, run.expected(later))
    assert run.line[at]["play"] == instead and run.line[later]["play"] == recorded


@pytest.mark.parametrize(("text", "why"), [
    ('{"format": "x"}', "not a four-trumps/lesson"),
    ("[", "lesson file"),
])
def test_a_malformed_script_is_a_clear_error(tmp_path, monkeypatch, text, why):
    monkeypatch.setattr(script, "FOLDER", tmp_path)
    (tmp_path / "x.script.json").write_text(text, encoding="utf-8")
    (tmp_path / "x.json").write_text("{}", encoding="utf-8")
    with pytest.raises(LessonError, match=why):
        load("x")


@pytest.mark.parametrize(("what", "at", "holds"), [
    ("trump-named", 0, True),
    ("follows", 2, True),
    ("follows", 1, False),
    ("runs-score", 3, True),
    ("last-trick", 37, True),
    ("last-trick", 36, False),
    ("bait", 37, False),
    ("pass", 0, False),
    ("no-such-thing", 0, False),
])
def test_a_promised_situation_is_checked_on_the_replayed_hand(what, at, holds):
    path = Path(__file__).parent.parent / "records" / "tarabish-runs-bella.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert (situations.happens(record, [(what, at)]) == []) is holds


SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


@pytest.mark.parametrize("name", LESSONS)
def test_every_bubble_is_one_or_two_sentences(name):
    for step in load(name).steps:
        for text in (step.say, step.wrong):
            if text:
                assert 1 <= len(SENTENCE_END.findall(text)) <= 2, (step.at, text)


@pytest.mark.parametrize(("name", "what", "at", "holds"), [
    ("turup-five-tricks", "five-tricks", 24, True),     # NS's fifth trick ends the hand
    ("turup-five-tricks", "five-tricks", 20, False),    # NS's fourth
    ("turup-five-tricks", "five-tricks", 23, False),    # a card that completes no trick
    ("turup-kort-failed", "five-tricks", 20, True),     # EW's five straight: kort is asked
    ("turup-kort-failed", "five-tricks", 27, False),    # the kort side loses: NS's first
    ("turup-kort-failed", "ask", 21, True),
    ("turup-kort-failed", "kort", 23, True),
    ("turup-kort-failed", "kort", 22, False),           # the partner's estimate
])
def test_a_turup_situation_is_checked_on_the_replayed_hand(name, what, at, holds):
    path = Path(__file__).parent.parent / "records" / f"{name}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert (situations.happens(record, [(what, at)]) == []) is holds


@pytest.mark.parametrize(("name", "at", "card", "taught_at", "kept"), [
    ("tarot", 16, "T17", 46, False),      # the only T17: the overtrump's step needs it
    ("tarot", 16, "EX", 36, False),       # the Excuse, led at its own step
    ("arbaa-turub", 36, "8S", 40, True),  # another copy of the 8S is kept for the first-copy step
])
def test_a_card_taught_later_is_taken_before_its_step_only_when_a_copy_is_kept(
        name, at, card, taught_at, kept):
    lesson = load(name)
    assert lesson.record["actions"][taught_at]["play"] == card
    history = lesson.record["actions"][:at]
    breach = Run(lesson).breach(history, {"seat": "S", "play": card})
    assert (breach is None) is kept
    assert (card in proof.safe_alternatives(lesson, at)) is kept
    if not kept:
        assert breach is not None and (breach.kind, breach.at) == ("taught", taught_at)
    else:
        run = Run(lesson)
        run.accept(at, {"seat": "S", "play": card})
        assert run.expected(taught_at) == lesson.record["actions"][taught_at]


@pytest.mark.parametrize(("name", "holds"), [
    ("tarot-seed-5.json", True),    # the declarer made the contract
    ("tarot-seed-2.json", False),   # the declarer fell short
])
def test_contract_made_reads_the_tarot_hand_s_result(name, holds):
    path = Path(__file__).parent.parent / "records" / name
    record = json.loads(path.read_text(encoding="utf-8"))
    end = len(record["actions"])
    assert (situations.happens(record, [("contract-made", end)]) == []) is holds


@pytest.mark.parametrize(("at", "holds"), [
    (18, True),    # North-West plays the called king
    (17, False),   # a card before it
    (19, False),   # the card after it: everybody knew already
    (5, False),    # the call itself is no card
])
def test_partner_revealed_is_the_called_card_played(at, holds):
    record = json.loads((script.FOLDER / "tarot-5.json").read_text(encoding="utf-8"))
    assert (situations.happens(record, [("partner-revealed", at)]) == []) is holds

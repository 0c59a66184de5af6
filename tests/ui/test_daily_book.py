"""The deal of the day's record (issue 27, :mod:`game.ui.daily_book`): each day's result against
par found again by the next start, the first finished play the one that counts, the figures of
the statistics page (played, better, equal, worse, the mean, the streak), the hands of the
latest days only, a damaged file moved aside and said once, an unreadable one left alone, and a
kill losing nothing the writer had already written."""

from __future__ import annotations

import datetime
import json
import signal
from pathlib import Path
from typing import Any

import pytest
from helpers import killed_after

from game import storage
from game.ui import persist
from game.ui.daily_book import (
    FILE_NAME,
    KEEP_DAYS,
    KEEP_HANDS,
    PROGRESS_NAME,
    DailyBook,
    DailySummary,
    DayResult,
)

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2026, 11, 26)
SEATS = {"W": "normal", "N": "strong", "E": "easy"}


def hand(n: int, game: str = "turup") -> dict[str, Any]:
    """A finished hand record's shape (the book does not replay it)."""
    return {"game": game, "seed": n, "actions": [{"seat": "S", "card": "AS"}] * (n % 3)}


def day(n: int) -> datetime.date:
    return DAY + datetime.timedelta(days=n)


@pytest.fixture
def paths(tmp_path: Path) -> storage.Paths:
    return storage.resolve_paths(tmp_path)


def book_at(paths: storage.Paths) -> DailyBook:
    return DailyBook(persist.Keeper(paths))


def flushed(book: DailyBook) -> None:
    assert book.keeper is not None and book.keeper.writer.flush()
    book.keeper.writer.close()


def test_results_hands_and_progress_are_found_again(paths: storage.Paths) -> None:
    book = book_at(paths)
    book.keep_progress("tarot-5", DAY, [{"seat": "S", "bid": "pass"}], {"W": "hard"})
    book.keep_progress("turup", DAY, [{"seat": "S", "call": "pass"}], SEATS)
    assert book.record_play("turup", DAY, 7, True, SEATS, hand(1))
    book.record_par("turup", DAY, 5, hand(2))
    assert book.record_play("tarabish", day(-1), 40, False, {}, hand(3, "tarabish"))
    flushed(book)
    again = book_at(paths)
    found = again.result("turup", DAY)
    assert found is not None and found.diff == 2 and found.seats == SEATS and found.on_day
    assert again.hands("turup", DAY) == (hand(1), hand(2))
    assert again.hands("tarabish", day(-1)) == (hand(3, "tarabish"), None)
    assert again.waiting_par() == [("tarabish", day(-1))]
    assert again.progress("turup") is None, "the finished play forgot its progress"
    assert again.progress("tarot-5") == (DAY, [{"seat": "S", "bid": "pass"}], {"W": "hard"})
    assert again.notice is None and again.result("turup", day(1)) is None
    again.drop_progress("tarot-5")
    flushed(again)
    assert book_at(paths).progress("tarot-5") is None


def test_the_first_finished_play_counts_and_par_never_moves() -> None:
    book = DailyBook()
    assert book.record_play("turup", DAY, 7, True, SEATS, hand(1))
    assert not book.record_play("turup", DAY, 9, True, {}, hand(5))
    book.record_par("turup", DAY, 8, hand(2))
    book.record_par("turup", DAY, 3, hand(6))
    book.record_par("turup", day(1), 3, hand(6))      # a day not played: ignored
    found = book.result("turup", DAY)
    assert found is not None and (found.score, found.par, found.diff) == (7, 8, -1)
    assert found.seats == SEATS and book.hands("turup", DAY) == (hand(1), hand(2))
    assert book.result("turup", day(1)) is None and book.waiting_par() == []
    found.seats["W"] = "random"                         # the book gives copies
    assert book.result("turup", DAY) == DayResult(DAY.isoformat(), 7, 8, True, SEATS)


Play = tuple[int, int, int | None, bool]
"""A play for the table below: the day (from DAY), the score, par, played on the day."""


@pytest.mark.parametrize(("plays", "today", "expected"), [
    ([], 0, DailySummary(0, 0, 0, 0, None, 0)),
    ([(0, 5, 5, True)], 0, DailySummary(1, 0, 1, 0, 0.0, 1)),
    # today not played yet: the streak ends yesterday
    ([(-2, 5, 3, True), (-1, 4, 6, True)], 0, DailySummary(2, 1, 0, 1, 0.0, 2)),
    # a gap breaks it
    ([(-3, 1, 0, True), (-1, 1, 0, True), (0, 1, 0, True)], 0, DailySummary(3, 3, 0, 0, 1.0, 2)),
    # neither today nor yesterday: no streak
    ([(-3, 1, 0, True), (-2, 1, 0, True)], 0, DailySummary(2, 2, 0, 0, 1.0, 0)),
    # a day played late counts in the figures but not in the streak
    ([(-2, 2, 0, True), (-1, 0, 2, False), (0, 1, 1, True)], 0,
     DailySummary(3, 1, 1, 1, 0.0, 1)),
    ([(-1, 0, 2, False)], 0, DailySummary(1, 0, 0, 1, -2.0, 0)),
    # a day waiting for its par is played, in no comparison, and in the streak
    ([(-1, 9, None, True), (0, 3, 1, True)], 0, DailySummary(2, 1, 0, 0, 2.0, 2)),
    # the summary of another date (a later today): the streak ended
    ([(-1, 1, 0, True), (0, 1, 0, True)], 2, DailySummary(2, 2, 0, 0, 1.0, 0)),
    ([(-1, 1, 0, True), (0, 1, 0, True)], 1, DailySummary(2, 2, 0, 0, 1.0, 2)),
    ([(n, n % 3, 1, True) for n in range(-9, 1)], 0, DailySummary(10, 3, 3, 4, -0.1, 10)),
])
def test_summary_and_streak(plays: list[Play], today: int, expected: DailySummary) -> None:
    book = DailyBook()
    for n, score, par, on_day in plays:
        assert book.record_play("tarot-3", day(n), score, on_day, SEATS, hand(n, "tarot"))
        if par is not None:
            book.record_par("tarot-3", day(n), par, hand(n + 1, "tarot"))
    got = book.summary("tarot-3", day(today))
    assert got == DailySummary(expected.played, expected.better, expected.equal,
                               expected.worse, got.mean, expected.streak)
    assert got.mean == (None if expected.mean is None else pytest.approx(expected.mean))
    assert book.diffs("tarot-3") == [(day(n).isoformat(), score - par)
                                     for n, score, par, _on in sorted(plays) if par is not None]
    assert book.summary("turup", day(today)) == DailySummary(0, 0, 0, 0, None, 0)


def test_hands_are_kept_for_the_latest_days_only(paths: storage.Paths) -> None:
    book = book_at(paths)
    total = KEEP_HANDS + 5
    for n in range(total):
        assert book.record_play("turup", day(n), n, True, SEATS, hand(n))
        if n != 2:                                          # day 2 never gets its par
            book.record_par("turup", day(n), 0, hand(100 + n))
    assert book.record_play("turup", day(-50), 1, False, SEATS, hand(7))  # an old day, late
    flushed(book)
    for b in (book, book_at(paths)):
        kept = [n for n in range(-50, total) if b.hands("turup", day(n)) != (None, None)]
        assert kept == [-50, 2, *range(total - KEEP_HANDS, total)]
        assert b.summary("turup", day(total - 1)).played == total + 1   # results all kept
        assert b.waiting_par() == [("turup", day(-50)), ("turup", day(2))]
    book = book_at(paths)
    book.record_par("turup", day(-50), 3, hand(9))
    assert book.hands("turup", day(-50)) == (hand(7), hand(9)), "still there to be shown"
    assert book.record_play("turup", day(total), 0, True, SEATS, hand(1))
    assert book.hands("turup", day(-50)) == (None, None), "gone at the next play"
    assert book.result("turup", day(-50)) is not None
    flushed(book)


def test_at_most_ten_years_of_days_are_kept() -> None:
    book = DailyBook()
    for n in range(KEEP_DAYS + 3):
        book.record_play("tarabish", day(n), 1, True, {}, hand(n, "tarabish"))
    assert book.summary("tarabish", day(KEEP_DAYS + 2)).played == KEEP_DAYS
    assert book.result("tarabish", day(2)) is None and book.result("tarabish", day(3))


def good_file() -> dict[str, Any]:
    return {"format": "four-trumps/daily", "version": 1,
            "days": {"turup": {"2026-11-26": {"score": 7, "par": None, "on_day": True,
                                              "seats": SEATS, "hand": hand(1)}}}}


def entry(data: dict[str, Any]) -> dict[str, Any]:
    return data["days"]["turup"]["2026-11-26"]


@pytest.mark.parametrize("damage", [
    lambda d: "{not json",
    lambda d: "[]",
    lambda d: d.update(format="four-trumps/lessons"),
    lambda d: d.update(version=2),
    lambda d: d.pop("days"),
    lambda d: d["days"].update(turup=[]),
    lambda d: d["days"]["turup"].update({"2026-13-01": entry(d)}),
    lambda d: d["days"]["turup"].update({"26/11/2026": entry(d)}),
    lambda d: entry(d).update(score=True),
    lambda d: entry(d).update(score=7.5),
    lambda d: entry(d).update(par="5"),
    lambda d: entry(d).pop("on_day"),
    lambda d: entry(d).update(on_day=1),
    lambda d: entry(d).update(seats={"W": 3}),
    lambda d: entry(d).update(hand={"game": "turup"}),
    lambda d: entry(d).update(par_hand=[]),
])
def test_a_damaged_file_is_moved_aside_and_said_once(paths: storage.Paths, damage: Any) -> None:
    data = good_file()
    text = damage(data)
    path = paths.data / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text if isinstance(text, str) else json.dumps(data))
    book = book_at(paths)
    assert book.result("turup", DAY) is None and book.waiting_par() == []
    assert book.notice is not None and "damaged" in book.notice
    assert not path.exists() and len(list(paths.data.glob("daily.damaged-*"))) == 1
    notice, book.notice = book.notice, None
    book.load()
    assert book.notice is None and notice                   # said once
    assert book.record_play("turup", DAY, 3, True, {}, hand(2))
    flushed(book)
    assert entry(json.loads(path.read_text()))["score"] == 3


def good_progress() -> dict[str, Any]:
    return {"format": "four-trumps/daily-progress", "version": 1,
            "progress": {"turup": {"day": "2026-11-27", "actions": [{"seat": "S"}],
                                   "seats": SEATS}}}


def test_the_good_files_are_valid(paths: storage.Paths) -> None:
    paths.data.mkdir(parents=True, exist_ok=True)
    (paths.data / FILE_NAME).write_text(json.dumps(good_file()))
    (paths.data / PROGRESS_NAME).write_text(json.dumps(good_progress()))
    book = book_at(paths)
    assert book.waiting_par() == [("turup", DAY)] and book.notice is None
    assert book.progress("turup") == (day(1), [{"seat": "S"}], SEATS)


@pytest.mark.parametrize("damage", [
    lambda d: "{}",
    lambda d: d.update(format="four-trumps/daily"),
    lambda d: d.update(version="1"),
    lambda d: d["progress"].update(turup={"day": "2026-11-26", "actions": [1], "seats": {}}),
    lambda d: d["progress"].update(turup={"day": "today", "actions": [], "seats": {}}),
    lambda d: d["progress"].update(turup={"day": "2026-11-26", "actions": []}),
])
def test_a_damaged_progress_file_is_moved_aside_and_the_results_kept(
        paths: storage.Paths, damage: Any) -> None:
    paths.data.mkdir(parents=True, exist_ok=True)
    (paths.data / FILE_NAME).write_text(json.dumps(good_file()))
    data = good_progress()
    text = damage(data)
    (paths.data / PROGRESS_NAME).write_text(text if isinstance(text, str) else json.dumps(data))
    book = book_at(paths)
    assert book.progress("turup") is None and book.result("turup", DAY) is not None
    assert book.notice is not None and "damaged" in book.notice
    assert len(list(paths.data.glob("daily-progress.damaged-*"))) == 1
    book.keep_progress("turup", day(1), [], {})
    flushed(book)
    assert json.loads((paths.data / PROGRESS_NAME).read_text())["progress"]["turup"] == {
        "day": "2026-11-27", "actions": [], "seats": {}}


def test_a_progress_whose_day_was_played_is_not_offered(paths: storage.Paths) -> None:
    """A kill between the result's save and the progress' leaves both on disk."""
    paths.data.mkdir(parents=True, exist_ok=True)
    (paths.data / FILE_NAME).write_text(json.dumps(good_file()))
    data = good_progress()
    data["progress"]["turup"]["day"] = DAY.isoformat()
    (paths.data / PROGRESS_NAME).write_text(json.dumps(data))
    book = book_at(paths)
    assert book.progress("turup") is None and book.notice is None
    assert not book.record_play("turup", DAY, 1, True, {}, hand(1))


def test_an_unreadable_file_is_left_alone(paths: storage.Paths) -> None:
    path = paths.data / FILE_NAME
    path.mkdir(parents=True)  # a folder where the file should be
    book = book_at(paths)
    assert book.result("turup", DAY) is None and book.notice is not None
    assert book.record_play("turup", DAY, 3, True, {}, hand(2))   # in memory, never written
    flushed(book)
    assert path.is_dir() and book.summary("turup", DAY).played == 1
    assert book.keeper is not None and path in book.keeper.writer.blocked


def test_without_a_keeper_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    monkeypatch.chdir(tmp_path)
    book = DailyBook()
    assert book.path is None and book.record_play("turup", DAY, 1, True, {}, hand(1))
    book.keep_progress("turup", day(1), [], {})
    assert list(tmp_path.iterdir()) == []


WRITER = """
import datetime, sys
from game import storage
from game.ui import persist
from game.ui.daily_book import DailyBook
book = DailyBook(persist.Keeper(storage.resolve_paths(sys.argv[1])))
for n in range(100000):
    day = datetime.date(2000, 1, 1) + datetime.timedelta(days=n)
    book.record_play("tarot-5", day, n, True, {"W": "strong"},
                     {"game": "tarot", "actions": [{"seat": "S", "card": "1T"}] * 80})
    book.keep_progress("tarot-5", day, [{"seat": "S", "bid": "pass"}] * (n % 7), {})
    if n % 5 == 0:
        book.keeper.writer.flush()
        print(n, flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("after", [3, 17])
def test_a_kill_loses_nothing_already_written(tmp_path: Path, after: int) -> None:
    """SIGKILL a process recording a day after another (and its progress after each action)
    once it has said that day ``5 * after`` is on disk: the file is whole, holds that day and
    every one before it, and the next start reads it without a notice."""
    said = killed_after(WRITER, tmp_path, 5 * after)
    book = DailyBook(persist.Keeper(storage.resolve_paths(tmp_path)))
    assert book.load().notice is None
    start = datetime.date(2000, 1, 1)
    assert all(book.result("tarot-5", start + datetime.timedelta(days=n)) is not None
               for n in range(said + 1))
    assert book.summary("tarot-5", start).played >= said + 1
    book.keeper.writer.close()  # type: ignore[union-attr]
    assert not [p for p in tmp_path.rglob("*") if ".damaged-" in p.name]

"""A learner's progress kept (issue 39, :mod:`game.ui.progress_book`): judged hands counted per
statistics key and found again by the next start, the page's figures, the kinds where the
player loses most and a mistake to show, the bounds, the reset, a damaged file moved aside and
said once, an unreadable one left alone, and a kill losing nothing already written."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import pytest
from helpers import killed_after

from game import storage
from game.engine.judging import AGREED, MISTAKE, NEAR, Judgement
from game.ui import persist
from game.ui.progress_book import (
    FILE_NAME,
    KEEP_HANDS,
    KEEP_RECORDS,
    KindLoss,
    ProgressBook,
    Summary,
)

ROOT = Path(__file__).resolve().parents[2]


def hand(n: int, game: str = "turup") -> dict[str, Any]:
    """A finished hand record's shape (the book does not replay it)."""
    return {"game": game, "seed": n, "actions": [{"seat": "S", "play": "AS"}] * (n % 3)}


AGREE = Judgement("lead", AGREED)
TIE = Judgement("follow", NEAR)


def mistake(kind: str, cost: float | None) -> Judgement:
    return Judgement(kind, MISTAKE, cost)


@pytest.fixture
def paths(tmp_path: Path) -> storage.Paths:
    return storage.resolve_paths(tmp_path)


def book_at(paths: storage.Paths) -> ProgressBook:
    return ProgressBook(persist.Keeper(paths))


def flushed(book: ProgressBook) -> None:
    assert book.keeper is not None and book.keeper.writer.flush()
    book.keeper.writer.close()


def judged_hand(book: ProgressBook, name: str, judged: list[tuple[int, Judgement]],
                key: str = "turup") -> None:
    assert book.add_pending(name, key, hand(len(name)))
    assert book.record(name, judged)


def test_hands_waiting_and_judged_are_found_again(paths: storage.Paths) -> None:
    book = book_at(paths)
    judged_hand(book, "turup/1/0", [(3, AGREE), (7, mistake("lead", 6.0)), (9, TIE)])
    assert book.add_pending("tarot-5/2/0", "tarot-5", hand(4, "tarot"))
    assert not book.add_pending("tarot-5/2/0", "tarot-5", hand(4, "tarot")), "known"
    assert not book.add_pending("turup/1/0", "turup", hand(1)), "judged already"
    flushed(book)
    again = book_at(paths)
    assert again.load().notice is None
    assert again.summary("turup") == Summary(1, 3, 1 / 3, 100 / 3, 6.0)
    assert [p["id"] for p in again.pending] == ["tarot-5/2/0"]
    assert again.pending[0]["record"] == hand(4, "tarot")
    assert again.example("turup", "lead") == (hand(len("turup/1/0")), 7)
    assert again.summary("tarot-5") == Summary(0, 0, None, None, None)


def test_a_hand_not_waiting_is_not_recorded_and_an_empty_one_is_not_counted() -> None:
    book = ProgressBook()
    assert not book.record("turup/1/0", [(1, AGREE)])
    assert book.add_pending("turup/1/0", "turup", hand(1))
    assert book.record("turup/1/0", [])                     # a hand thrown in: nothing to judge
    assert book.pending == [] and book.summary("turup").hands == 0


@pytest.mark.parametrize(("last", "expected"), [
    (None, Summary(12, 36, 12 / 36, 100 * 12 / 36, 3.0)),
    (10, Summary(10, 30, 10 / 30, 100 * 10 / 30, 3.0)),
    (2, Summary(2, 6, 2 / 6, 100 * 2 / 6, 3.0)),
])
def test_the_figures_over_all_hands_and_the_latest(last: int | None, expected: Summary) -> None:
    book = ProgressBook()
    for n in range(12):
        judged_hand(book, f"turup/9/{n}", [(0, AGREE), (1, TIE), (2, mistake("follow", 3.0))])
    assert book.summary("turup", last) == expected


def test_the_plot_holds_mistakes_per_hundred_decisions_hand_by_hand() -> None:
    book = ProgressBook()
    judged_hand(book, "a", [(0, AGREE), (1, mistake("lead", 1.0))])
    judged_hand(book, "b", [(0, AGREE), (1, AGREE), (2, AGREE), (3, TIE)])
    judged_hand(book, "c", [(0, mistake("bid", None))])
    assert book.per_hundred("turup") == [50.0, 0.0, 100.0]


def test_the_kinds_where_the_player_loses_most() -> None:
    book = ProgressBook()
    judged_hand(book, "a", [(0, mistake("lead", 2.0)), (1, mistake("follow", 0.5)),
                            (2, mistake("bid", None)), (3, mistake("bid", None))])
    judged_hand(book, "b", [(0, mistake("lead", 1.0)), (1, mistake("trump", 4.0)),
                            (2, AGREE), (3, mistake("call", None))])
    assert book.worst("turup") == [
        KindLoss("trump", 1, 1, 4.0, 1), KindLoss("lead", 3, 2, 3.0, 2),
        KindLoss("follow", 1, 1, 0.5, 1)]
    assert [k.kind for k in book.worst("turup", 6)][3:] == ["bid", "call"]  # no cost: by count
    assert book.example("turup", "lead") == (hand(1), 0), "the latest hand with one"
    assert book.example("turup", "discard") is None


def test_only_the_latest_hands_and_records_are_kept(paths: storage.Paths) -> None:
    book = book_at(paths)
    for n in range(KEEP_HANDS + 5):
        judged_hand(book, f"turup/1/{n}", [(0, mistake("lead", 1.0))])
    flushed(book)
    again = book_at(paths).load()
    hands = again.games["turup"]["hands"]
    assert len(hands) == KEEP_HANDS and hands[0]["id"] == "turup/1/5"
    assert sum("record" in h for h in hands) == KEEP_RECORDS
    assert again.summary("turup").hands == KEEP_HANDS + 5, "the totals count every hand"


def test_a_reset_forgets_one_key_or_all(paths: storage.Paths) -> None:
    book = book_at(paths)
    judged_hand(book, "turup/1/0", [(0, AGREE)])
    judged_hand(book, "tarot/1/0", [(0, AGREE)], key="tarot")
    book.add_pending("tarot/1/1", "tarot", hand(2, "tarot"))
    book.reset("tarot")
    assert book.summary("tarot").hands == 0 and book.pending == []
    assert book.summary("turup").hands == 1
    flushed(book)
    again = book_at(paths)
    assert again.summary("turup").hands == 1 and again.summary("tarot").hands == 0
    again.reset()
    assert again.games == {}


def good_file() -> dict[str, Any]:
    book = ProgressBook()
    judged_hand(book, "turup/1/0", [(3, AGREE), (7, mistake("lead", 6.0))])
    book.add_pending("turup/1/1", "turup", hand(2))
    return book.to_json()


def first_hand(data: dict[str, Any]) -> dict[str, Any]:
    return data["games"]["turup"]["hands"][0]


@pytest.mark.parametrize("damage", [
    lambda d: "not json {",
    lambda d: "[]",
    lambda d: d.update(format="four-trumps/daily"),
    lambda d: d.update(version=2),
    lambda d: d.pop("pending"),
    lambda d: d["pending"].append({"id": 3, "key": "turup", "record": hand(1)}),
    lambda d: d["pending"].append({"id": "x", "key": "turup", "record": {"game": "turup"}}),
    lambda d: d["games"]["turup"]["totals"].update(hands=-1),
    lambda d: d["games"]["turup"]["totals"].update(judged=True),
    lambda d: first_hand(d).update(cost="6"),
    lambda d: first_hand(d)["kinds"].update(slam=[1, 0, 0.0, 0]),
    lambda d: first_hand(d)["kinds"].update(lead=[1, 0, 0.0]),
    lambda d: first_hand(d)["marks"].append([1, "lead"]),
    lambda d: first_hand(d)["marks"].append([-1, "lead", 1.0]),
    lambda d: first_hand(d).update(record=[]),
    lambda d: d["games"]["turup"].update(hands=[first_hand(d)] * (KEEP_HANDS + 1)),
])
def test_a_damaged_file_is_moved_aside_and_said_once(paths: storage.Paths, damage: Any) -> None:
    data = good_file()
    text = damage(data)
    path = paths.data / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text if isinstance(text, str) else json.dumps(data))
    book = book_at(paths)
    assert book.summary("turup").hands == 0 and book.pending == []
    assert book.notice is not None and "damaged" in book.notice
    assert not path.exists() and len(list(paths.data.glob("progress.damaged-*"))) == 1
    notice, book.notice = book.notice, None
    book.load()
    assert book.notice is None and notice                   # said once
    judged_hand(book, "turup/2/0", [(1, AGREE)])
    flushed(book)
    assert json.loads(path.read_text())["games"]["turup"]["totals"]["hands"] == 1


def test_the_good_file_is_valid(paths: storage.Paths) -> None:
    paths.data.mkdir(parents=True, exist_ok=True)
    (paths.data / FILE_NAME).write_text(json.dumps(good_file()))
    book = book_at(paths)
    assert book.load().notice is None and book.summary("turup").hands == 1
    assert [p["id"] for p in book.pending] == ["turup/1/1"]


def test_an_unreadable_file_is_left_alone(paths: storage.Paths) -> None:
    path = paths.data / FILE_NAME
    path.mkdir(parents=True)  # a folder where the file should be
    book = book_at(paths)
    assert book.summary("turup").hands == 0 and book.notice is not None
    judged_hand(book, "turup/1/0", [(1, AGREE)])            # in memory, never written
    flushed(book)
    assert path.is_dir() and book.summary("turup").hands == 1
    assert book.keeper is not None and path in book.keeper.writer.blocked


def test_without_a_keeper_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    monkeypatch.chdir(tmp_path)
    book = ProgressBook()
    assert book.path is None
    judged_hand(book, "turup/1/0", [(1, AGREE)])
    assert list(tmp_path.iterdir()) == []


WRITER = """
import sys
from game import storage
from game.engine.judging import Judgement
from game.ui import persist
from game.ui.progress_book import ProgressBook
book = ProgressBook(persist.Keeper(storage.resolve_paths(sys.argv[1])))
record = {"game": "tarot", "actions": [{"seat": "S", "play": "1T"}] * 80}
for n in range(100000):
    book.add_pending(f"tarot-5/1/{n}", "tarot-5", record)
    book.record(f"tarot-5/1/{n}", [(i, Judgement("lead", "mistake", 1.5)) for i in range(20)])
    if n % 5 == 0:
        book.keeper.writer.flush()
        print(n, flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("after", [3, 17])
def test_a_kill_loses_nothing_already_written(tmp_path: Path, after: int) -> None:
    """SIGKILL a process recording judged hands once it has said hand ``5 * after`` is on
    disk: the file is whole, counts that hand and every one before it, and the next start
    reads it without a notice."""
    said = killed_after(WRITER, tmp_path, 5 * after)
    book = ProgressBook(persist.Keeper(storage.resolve_paths(tmp_path)))
    assert book.load().notice is None
    assert book.summary("tarot-5").hands >= said + 1
    assert book.summary("tarot-5").per_hundred == 100.0
    book.keeper.writer.close()  # type: ignore[union-attr]
    assert not [p for p in tmp_path.rglob("*") if ".damaged-" in p.name]

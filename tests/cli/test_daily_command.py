"""The ``daily`` command (issue 27): a day's deal of a game as a hand record, the same on every
machine, and the deal command's for the day's seed."""

from __future__ import annotations

import datetime
import hashlib
import json

import pytest

from game import cli
from game.engine import daily
from game.engine.replay import replay_record


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["daily", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize(("game", "players"), [("arbaa-turub", 4), ("turup", 4),
                                               ("tarabish", 4), ("tarot", 3), ("tarot", 4),
                                               ("tarot", 5)])
def test_a_days_deal_is_the_deal_of_its_seed(capsys: pytest.CaptureFixture[str], game: str,
                                            players: int) -> None:
    status, out, _err = run(capsys, game, "--date", "2026-11-20", "--players", str(players))
    assert status == 0
    record = json.loads(out)
    text = f"four-trumps/daily {game} {players} 2026-11-20".encode()
    seed = int.from_bytes(hashlib.sha256(text).digest()[:4], "big") & 0x7FFFFFFF
    options = [] if players == 4 else ["--players", str(players)]
    assert cli.main(["deal", game, "--seed", str(seed), *options]) == 0
    assert json.loads(capsys.readouterr().out) == record
    assert record["actions"] == [] and replay_record(record)["ok"]


def test_the_seed_is_written_down() -> None:
    """README's worked example."""
    assert daily.seed_of("turup", datetime.date(2026, 11, 26)) == 2018731086


def test_days_and_games_give_different_deals(capsys: pytest.CaptureFixture[str]) -> None:
    deals = set()
    for game, day in [("turup", "2026-11-20"), ("turup", "2026-11-21"), ("tarabish", "2026-11-20")]:
        _status, out, _err = run(capsys, game, "--date", day)
        deals.add(json.dumps(json.loads(out)["deal"]))
    assert len(deals) == 3


def test_today_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    _status, out, _err = run(capsys, "tarabish")
    assert json.loads(out) == daily.deal_of("tarabish", datetime.date.today())


@pytest.mark.parametrize(("args", "said"), [
    (["turup", "--date", "2026-13-01"], "is not a date written YYYY-MM-DD"),
    (["turup", "--date", "26/11/2026"], "is not a date written YYYY-MM-DD"),
    (["turup", "--date", "2026-1-5"], "is not a date written YYYY-MM-DD"),
    (["turup", "--players", "5"], "deal of the day is played at 4 players only")])
def test_bad_arguments_say_why_in_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                           said: str) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1

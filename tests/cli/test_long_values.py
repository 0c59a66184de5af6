"""Issue 28: an error message quotes at most a short prefix of a bad value — a record holding a
megabyte where a card, a seat, a bid or an option should be gets one short error line that
still names the value's start (``python -m game replay``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import cli
from game.engine import games
from game.engine.cards import QUOTE_LIMIT, parse36, quoted
from game.engine.games import OptionError

ROOT = Path(__file__).resolve().parents[2]
BIG = "Qx" + "X" * 1_000_000
"""A megabyte where a short value belongs; its start (``'Qx``) must still be named."""
HAND = json.loads((ROOT / "tests" / "records" / "turup-kort-made.json").read_text())
TAROT = next(json.loads(p.read_text()) for p in sorted((ROOT / "tests" / "records").rglob(
    "*.json")) if json.loads(p.read_text()).get("game") == "tarot"
    and json.loads(p.read_text()).get("format") == "four-trumps/hand")
SHORT_LINE = 400
"""Longer than any error line here, a thousandth of the value."""


def put(path: list[Any], value: Any, record: dict[str, Any] | None = None) -> dict[str, Any]:
    """A copy of ``record`` (the Turup hand by default) with ``value`` at ``path``."""
    rec = copy.deepcopy(HAND if record is None else record)
    where: Any = rec
    for step in path[:-1]:
        where = where[step]
    where[path[-1]] = value
    return rec


def tarot_bid(value: str) -> dict[str, Any]:
    rec = copy.deepcopy(TAROT)
    first = next(i for i, a in enumerate(rec["actions"]) if "bid" in a)
    rec["actions"][first]["bid"] = value
    return rec


CASES: dict[str, Callable[[], dict[str, Any]]] = {
    "a card played": lambda: put(["actions", 1, "play"], BIG),
    "a seat": lambda: put(["actions", 1, "seat"], BIG),
    "a trump": lambda: put(["actions", 0, "trump"], BIG),
    "a card dealt": lambda: put(["deal", "S", 0], BIG),
    "the dealer": lambda: put(["dealer"], BIG),
    "the game": lambda: put(["game"], BIG),
    "the format": lambda: put(["format"], BIG),
    "an option's value": lambda: put(["options", "target"], BIG),
    "an option's name": lambda: put(["options"], {BIG: 1}),
    "a key": lambda: put([BIG], 1),
    "an action's key": lambda: put(["actions", 1, BIG], "x"),
    "a Tarot bid": lambda: tarot_bid(BIG),
}


@pytest.mark.parametrize("case", CASES)
def test_a_megabyte_value_gets_a_short_error_line(case: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(CASES[case]()))
    assert cli.main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    said = json.loads(out)["error"]["message"]
    assert len(out) + len(err) < SHORT_LINE, said[:SHORT_LINE]
    assert "Qx" + "X" * 20 in said and "…" in said


@pytest.mark.parametrize("value", [BIG, ["Q"] * 200_000, 10**4000, "AS" * 30])
def test_quoted_is_short_and_starts_like_the_value(value: object) -> None:
    shown = quoted(value)
    assert len(shown) <= QUOTE_LIMIT + 1
    assert shown.endswith("…") and shown[:3] in (repr(value)[:3], "<in")


def test_a_short_value_is_quoted_whole() -> None:
    with pytest.raises(ValueError, match="'ZZ' is not a card"):
        parse36("ZZ")
    with pytest.raises(OptionError) as err:
        games.get("turup").full_options({"target": BIG})
    assert len(str(err.value)) < SHORT_LINE and "'QxXXX" in str(err.value)


def test_an_unknown_level_or_game_is_quoted_short(capsys: pytest.CaptureFixture[str]) -> None:
    """The AI level the arena is asked for, the level a player is made of and a presentation's
    game: each error line quotes the start of the value, never the whole."""
    from game.engine.ai import make_player
    from game.ui.games import presentation

    assert cli.main(["arena", "--game", "turup", "--deals", "1", "--a", BIG, "--b", "normal"]) == 2
    err = capsys.readouterr().err
    assert len(err) < SHORT_LINE and "unknown AI level" in err and "…" in err
    for ask in (lambda: make_player(BIG, 1), lambda: presentation(BIG)):
        with pytest.raises(KeyError) as found:
            ask()
        assert len(str(found.value)) < SHORT_LINE and "…" in str(found.value)

"""``hint`` and ``replay`` with ``--lang fr``: their messages in French (the error's message,
the illegal cards' reasons), the same fields and exit codes; English by default."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator

import pytest
from helpers import fixture

from game import cli, i18n


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def run(capsys, tmp_path, record, *args: str) -> tuple[int, dict]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status = cli.main([*args[:1], str(path), *args[1:]])
    return status, json.loads(capsys.readouterr().out)


def _illegal_turup() -> dict:
    record = copy.deepcopy(fixture("turup-five-tricks.json"))
    record["actions"][1] = {"seat": "N", "play": "QD"}
    return record


def test_replay_of_an_illegal_record_in_french_exits_2(capsys, tmp_path):
    status, out = run(capsys, tmp_path, _illegal_turup(), "replay", "--lang", "fr")
    assert status == 2
    assert out == {"ok": False, "error": {
        "action": 1, "message": "Nord a joué hors tour\u00a0: c'est à Ouest de jouer"}}


def test_replay_stays_english_by_default_and_with_lang_en(capsys, tmp_path):
    for extra in ((), ("--lang", "en")):
        status, out = run(capsys, tmp_path, _illegal_turup(), "replay", *extra)
        assert status == 2
        assert out["error"] == {"action": 1, "message": "N acted out of turn: W is to act"}


def test_a_bad_record_file_in_french(capsys, tmp_path):
    status = cli.main(["replay", str(tmp_path / "missing.json"), "--lang", "fr"])
    out = json.loads(capsys.readouterr().out)
    assert status == 2 and out["error"]["message"].startswith("impossible de lire ")


def test_hint_in_french_gives_french_reasons(capsys, tmp_path):
    record = fixture("tarot-seed-1.json")
    position = {**record, "actions": record["actions"][:12]}
    status, english = run(capsys, tmp_path, position, "hint")
    status_fr, french = run(capsys, tmp_path, position, "hint", "--lang", "fr")
    assert status == status_fr == 0
    assert list(french) == list(english)
    assert french["legal"] == english["legal"] and french["seat"] == english["seat"] == "N"
    assert french["hint"]["action"] == english["hint"]["action"]
    assert set(french["illegal"]) == set(english["illegal"]) and french["illegal"]
    assert english["illegal"]["2S"] == \
        "You must play a trump: trumps were led (you hold trump 6, trump 7, trump 16)"
    assert french["illegal"]["2S"] == ("Vous devez jouer atout\u00a0: l'entame est à l'atout "
                                       "(vous avez l'atout 6, l'atout 7, l'atout 16)")
    assert isinstance(french["hint"]["reason"], str) and french["hint"]["reason"]


def test_lang_takes_en_or_fr_only(capsys):
    with pytest.raises(SystemExit) as err:
        cli.main(["hint", "x.json", "--lang", "de"])
    assert err.value.code == 2
    assert "invalid choice" in capsys.readouterr().err

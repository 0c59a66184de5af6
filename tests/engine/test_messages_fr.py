"""The engine's reasons in French: said to the acting seat ("Vous devez fournir…") and to
another seat ("Nord doit fournir…"), while their English text stays the notation records and
the replay command show; the learning mode's sentences start with a capital in every
language; record errors in French."""

from __future__ import annotations

import ast
import copy
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import fixture

from game import i18n
from game.engine import learning, records
from game.engine.cards import SEATS, seat_index
from game.engine.message import Message
from game.engine.replay import replay_record

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def _at(name: str, index: int):
    record = fixture(name)
    return records.replay_hand({**record, "actions": record["actions"][:index]})[1]


# (fixture, actions replayed, action tried, English reason, French to the acting seat, French
# to the next seat)
POSITIONS = [
    ("arbaa-turub-hand.json", 0, {"seat": "W", "play": "7D"},
     "no card play now: the hand is in its trump phase",
     "action impossible maintenant (jeu de la carte)\u00a0: la donne en est à l'étape "
     "«\u00a0atout\u00a0»",
     "action impossible maintenant (jeu de la carte)\u00a0: la donne en est à l'étape "
     "«\u00a0atout\u00a0»"),
    ("arbaa-turub-hand.json", 2, {"seat": "N", "play": "8H"},
     "N must follow suit ♠ (holds 6S, 7S, 8S, 9S, 10S, KS, AS)",
     "Vous devez fournir ♠ (vous avez 6♠, 7♠, 8♠, 9♠, 10♠, R♠, A♠)",
     "Nord doit fournir ♠ (en main\u00a0: 6♠, 7♠, 8♠, 9♠, 10♠, R♠, A♠)"),
    ("turup-five-tricks.json", 2, {"seat": "S", "play": "KS"},
     "S must follow suit ♥ (holds 6H, KH, AH)",
     "Vous devez fournir ♥ (vous avez 6♥, R♥, A♥)",
     "Sud doit fournir ♥ (en main\u00a0: 6♥, R♥, A♥)"),
    ("turup-five-tricks.json", 2, {"seat": "N", "play": "KS"},
     "N acted out of turn: S is to act",
     "Vous avez joué hors tour\u00a0: c'est à Sud de jouer",
     "Nord a joué hors tour\u00a0: c'est à Sud de jouer"),
    ("tarabish-runs-bella.json", 0, {"seat": "N", "play": "QH"},
     "N cannot play yet: trump is not called",
     "Vous ne pouvez pas encore jouer\u00a0: l'atout n'est pas pris",
     "Nord ne peut pas encore jouer\u00a0: l'atout n'est pas pris"),
    ("tarabish-runs-bella.json", 9, {"seat": "N", "play": "6D"},
     "N must beat the 9D with a higher trump (holds JD)",
     "Vous devez surcouper 9♦ (vous avez V♦)",
     "Nord doit surcouper 9♦ (en main\u00a0: V♦)"),
    ("tarot-seed-1.json", 1, {"seat": "N", "bid": "take"},
     "N cannot bid Take: Take has been bid, so N must bid higher or pass",
     "Vous ne pouvez pas annoncer une Prise\u00a0: une Prise a déjà été annoncée, vous devez "
     "donc monter ou passer",
     "Nord ne peut pas annoncer une Prise\u00a0: une Prise a déjà été annoncée, Nord doit donc "
     "monter ou passer"),
    ("tarot-seed-1.json", 4, {"seat": "E", "discard": "T1"},
     "E may not discard T1: an oudler (T1, T21, EX) may not be discarded",
     "Vous ne pouvez pas écarter l'atout 1\u00a0: on n'écarte pas un bout (l'atout 1, l'atout 21, "
     "l'Excuse)",
     "Est ne peut pas écarter l'atout 1\u00a0: on n'écarte pas un bout (l'atout 1, l'atout 21, "
     "l'Excuse)"),
    ("tarot-seed-1.json", 12, {"seat": "N", "play": "2S"},
     "N must play a trump: trumps were led (holds T6, T7, T16)",
     "Vous devez jouer atout\u00a0: l'entame est à l'atout (vous avez l'atout 6, l'atout 7, "
     "l'atout 16)",
     "Nord doit jouer atout\u00a0: l'entame est à l'atout (en main\u00a0: l'atout 6, l'atout 7, "
     "l'atout 16)"),
    ("tarot-seed-1.json", 16, {"seat": "N", "play": "T6"},
     "N must beat the T15 (holds T16)",
     "Vous devez monter sur l'atout 15 (vous avez l'atout 16)",
     "Nord doit monter sur l'atout 15 (en main\u00a0: l'atout 16)"),
]


@pytest.mark.parametrize(("name", "cut", "action", "english", "to_them", "to_other"),
                         POSITIONS)
def test_reasons_are_said_in_french_to_the_seat_and_to_another(
        french, name, cut, action, english, to_them, to_other):
    hand = _at(name, cut)
    reason = hand.why_illegal(action)
    assert isinstance(reason, Message)
    assert str(reason) == english  # the notation records and the replay command show
    seat = action["seat"]
    assert i18n.say(reason, reader=seat) == to_them
    other = SEATS[(seat_index(seat) + 1) % 4]
    assert i18n.say(reason, reader=other) == to_other
    # what the table and the hint command show: the same sentence, addressed, with a capital
    said = i18n.say(learning.why_not(hand, action))
    assert said == to_them[:1].upper() + to_them[1:]


@pytest.mark.parametrize(("name", "cut", "action", "english", "to_them", "to_other"),
                         POSITIONS)
def test_an_addressed_reason_is_english_in_words_and_pickles(
        name, cut, action, english, to_them, to_other):
    hand = _at(name, cut)
    reason = hand.why_illegal(action)
    said = learning.why_not(hand, action)
    assert isinstance(said, Message)
    assert said[:1].isupper() and i18n.say(said) == said  # English said is its own text
    assert said == learning._addressed_text(english, seat_index(action["seat"])) or \
        said.startswith("You may not discard trump 1: an oudler (trump 1")
    assert pickle.loads(pickle.dumps(said)) == said
    assert pickle.loads(pickle.dumps(reason)).template == reason.template


def test_every_reason_in_small_letters_has_its_sentence():
    """A reason starting with a small letter ("the hand is over…") must have its capitalised
    message id in :data:`learning.SENTENCES`, or the table would show it in small letters."""
    modules = ["hand", "tricks", "somali", "arbaa_turub", "turup", "tarabish", "tarot"]
    clauses = {"trumps were led", "no {suit} left"}  # inside a sentence, never one
    missing = []
    engine = ROOT / "game" / "engine"
    files = [path for module in modules  # a module, or a package's every part
             for path in ([engine / f"{module}.py"] if (engine / f"{module}.py").exists()
                          else sorted((engine / module).glob("*.py")))]
    assert len(files) > len(modules)
    for path in files:
        tree = ast.parse(path.read_text())
        deal_errors = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call)
                       and getattr(node.func, "id", "") == "DealError" for arg in node.args}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Message"
                    and id(node) not in deal_errors and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value not in clauses):
                template = node.args[0].value
                if template[:1].islower() and learning.sentence(template) \
                        not in learning.SENTENCES:
                    missing.append(template)
    assert missing == []


def test_a_reason_without_a_seat_gets_a_capital_in_french(french):
    hand = _at("tarot-seed-1.json", 0)
    said = learning.why_not(hand, {"seat": SEATS[hand.to_act], "play": "8S"})
    assert said == "No card play now: the hand is in its bid phase"
    assert i18n.say(said).startswith("Action impossible maintenant (jeu de la carte)")


def test_a_match_record_error_names_its_hand_in_french(french):
    record = copy.deepcopy(fixture("turup-five-tricks.json"))
    record["actions"][1] = {"seat": "N", "play": "QD"}
    match = {"format": "four-trumps/match", "version": 1, "game": "turup", "options": {},
             "seed": 1, "seats": dict.fromkeys(SEATS, "hard"), "hands": [record]}
    with pytest.raises(records.RecordError) as err:
        replay_record(match)
    assert err.value.message == "hand 1: N acted out of turn: W is to act"
    assert i18n.say(err.value.message) == \
        "donne 1\u00a0: Nord a joué hors tour\u00a0: c'est à Ouest de jouer"


@pytest.mark.parametrize(("mutate", "english", "french_text"), [
    (lambda r: r.update(game="whist"), "unknown game 'whist'", "jeu inconnu 'whist'"),
    (lambda r: r["deal"]["S"].__setitem__(0, "1S"), "'1S' is not a card",
     "'1S' n'est pas une carte"),
    (lambda r: r["deal"]["S"].__setitem__(0, r["deal"]["W"][0]),
     "the deal is not a full pack", "la donne n'est pas un jeu complet"),
])
def test_record_errors_in_french(french, mutate, english, french_text):
    record = copy.deepcopy(fixture("turup-five-tricks.json"))
    mutate(record)
    with pytest.raises(records.RecordError) as err:
        replay_record(record)
    assert err.value.message.startswith(english)
    assert i18n.say(err.value.message).startswith(french_text)


def test_the_tarot_bids_are_named_as_english_players_name_them():
    hand = _at("tarot-seed-1.json", 1)
    reason = learning.why_not(hand, {"seat": "N", "bid": "take"})
    assert reason == "You cannot bid Take: Take has been bid, so you must bid higher or pass"

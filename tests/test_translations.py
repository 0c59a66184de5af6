"""The French catalog against the source: every message a player reads is translated, keeps
the original's placeholders, and the catalogs read cleanly; the language machinery itself."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import pytest

from game import i18n
from game.engine.cards import named_card
from game.engine.message import Cards, Message, Seat, Word, counted
from game.i18n import catalog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import messages


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_every_message_has_a_french_translation_with_the_same_placeholders():
    found = messages.problems("fr")
    assert found == [], "\n".join(found[:40])


def test_the_french_catalog_compiles_and_has_french_plurals(french):
    assert i18n.ngettext("{n} trick", "{n} tricks", 1) in ("{n} trick", "{n} pli")
    tr = catalog.translations("fr")
    assert tr.gettext("West") == "Ouest"


@pytest.mark.parametrize(("text", "why"), [
    ('msgid "a"\nmsgstr b\n', "not a .po line"),
    ('"a"\n', "continued string"),
    ('msgid "a"\nmsgfoo "b"\n', "unknown keyword"),
])
def test_a_broken_po_file_is_a_clear_error(text, why):
    with pytest.raises(catalog.CatalogError, match=why):
        catalog.parse(text, "x.po")


def test_a_po_file_with_plurals_context_and_continued_lines_parses():
    text = ('msgctxt "bid"\nmsgid "Pass"\nmsgstr "Passe"\n\n'
            'msgid "{n} trick"\nmsgid_plural "{n} tricks"\nmsgstr[0] "{n} pli"\n'
            'msgstr[1] ""\n"{n} plis"\n')
    one, two = catalog.parse(text, "x.po")
    assert one.key == "bid\x04Pass" and one.msgstr == ("Passe",)
    assert two.plural == "{n} tricks" and two.msgstr == ("{n} pli", "{n} plis")


def test_a_message_is_its_english_text_and_survives_pickling():
    m = Message("{seat} must follow suit {suit} (holds {cards})",
                you="You must follow suit {suit} (you hold {cards})",
                seat=Seat("N"), suit="♥", cards=Cards(["9H", "QH"]))
    assert m == "N must follow suit ♥ (holds 9H, QH)"
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.template == m.template and back.you == m.you
    assert back.values["cards"].codes == ("9H", "QH")
    assert pickle.loads(pickle.dumps(named_card("QS"))).code == "QS"


def test_a_message_said_to_its_subject_and_to_another_seat():
    m = Message("{seat} must follow suit {suit} (holds {cards})",
                you="You must follow suit {suit} (you hold {cards})",
                seat=Seat("N"), suit="♥", cards=Cards(["9H", "QH"]))
    assert i18n.say(m, "N") == "You must follow suit ♥ (you hold 9♥, Q♥)"
    assert i18n.say(m, "S") == "North must follow suit ♥ (holds 9♥, Q♥)"


def test_cards_seats_and_numbers_in_french(french):
    assert i18n.card_words("QS") == "D♠"
    assert i18n.card_words("KH") == "R♥"
    assert i18n.card_words("JD") == "V♦"
    assert i18n.card_words("CD") == "C♦"
    assert i18n.card_words("T7") == "l'atout 7"
    assert i18n.card_words("EX") == "l'Excuse"
    assert i18n.say(Seat("W")) == "Ouest"
    assert i18n.say(Message("{x} points", x=4.5)) == "4,5 points"
    assert i18n.say(Word("West")) == "Ouest"


def test_plural_messages_choose_by_the_languages_rule(french):
    for n in (0, 1, 2):
        m = counted("{n} trick", "{n} tricks", n=n)
        assert m == f"{n} trick" + ("" if n == 1 else "s")
        assert i18n.say(m) == i18n.ngettext("{n} trick", "{n} tricks", n).format(n=n)


@pytest.mark.parametrize(("env", "code"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANGUAGE": "fr_CA:en", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "fr_BE.UTF-8"}, "fr"),
])
def test_the_system_language_is_read_from_the_environment(env, code):
    assert i18n.system_language(env) == code


def test_an_unknown_language_is_english():
    assert i18n.set_language("xx") == "en"
    assert i18n.language() == "en"

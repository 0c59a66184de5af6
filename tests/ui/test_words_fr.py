"""The table's words in French (issue 18): action labels, what a seat says, the bids, the hint
and the checker's lines with the AI's reason said in French, winner lines, a Tarot result line,
plurals — real French comes out, not the English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game import i18n
from game.engine.cards import named_card, named_cards
from game.engine.message import Message, Seat, Word
from game.ui import words
from game.ui.games import presentation
from game.ui.review_steps import said_line

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("action", "label"), [
    ({"seat": "S", "trump": "H"}, "♥ Cœur"),
    ({"seat": "S", "call": "pass"}, "Passe"),
    ({"seat": "S", "call": "C"}, "♣ Trèfle"),
    ({"seat": "S", "signal": "strong"}, "Signal fort"),
    ({"seat": "S", "runs": [["AS", "KS", "QS"]]}, "Annoncer ses suites (tierce)"),
    ({"seat": "S", "bid": "take"}, "Prise"),
    ({"seat": "S", "bid": "keep-against"}, "Garde contre"),
    ({"seat": "S", "slam": True}, "Annoncer le chelem"),
    ({"seat": "S", "handful": ["T1"] * 10}, "Montrer la poignée (10 atouts)"),
    ({"seat": "S", "ask": True}, "Demander d'abord au partenaire"),
    ({"seat": "S", "estimate": 1}, "1 pli"),
    ({"seat": "S", "estimate": 2}, "2 plis"),
    ({"seat": "S", "kort": True}, f"Kort{NBSP}: on continue"),
    ({"seat": "S", "play": "QS"}, "Jouer D♠"),
    ({"seat": "S", "play": "KH", "bella": True}, "Jouer R♥ (bella)"),
    ({"seat": "S", "play": "T7"}, "Jouer l'atout 7"),
    ({"seat": "S", "play": "EX"}, "Jouer l'Excuse"),
    ({"seat": "S", "discard": "JD"}, "Écarter V♦"),
])
def test_action_labels(action: dict[str, Any], label: str) -> None:
    assert words.action_label(action) == label


@pytest.mark.parametrize(("action", "said"), [
    ({"seat": "W", "bid": "pass"}, "Passe"),
    ({"seat": "W", "bid": "keep"}, "Garde"),
    ({"seat": "W", "bid": "keep-without"}, "Garde sans"),
    ({"seat": "N", "trump": "S"}, "Atout ♠"),
    ({"seat": "N", "signal": "weak"}, "Geste — faible"),
    ({"seat": "E", "runs": None, "declared": ["fifty", "twenty"]},
     f"Suites{NBSP}: cinquante, tierce"),
    ({"seat": "E", "play": "KH", "bella": True}, f"Bella{NBSP}!"),
    ({"seat": "E", "slam": True}, f"Chelem{NBSP}!"),
    ({"seat": "E", "handful": ["T1"] * 13}, "Poignée double"),
    ({"seat": "N", "ask": True}, f"Partenaire, combien{NBSP}?"),
    ({"seat": "N", "estimate": 1}, "Je peux faire 1 pli"),
    ({"seat": "N", "estimate": 3}, "Je peux faire 3 plis"),
    ({"seat": "N", "kort": False}, "On s'arrête"),
])
def test_announcements(action: dict[str, Any], said: str) -> None:
    assert words.announce(action) == said


def test_names_are_french_when_read_not_frozen_at_import() -> None:
    assert [words.seat_name(s) for s in "SWNE"] == ["Vous", "Ouest", "Nord", "Est"]
    assert list(words.SEAT_NAMES) == ["Vous", "Ouest", "Nord", "Est"]
    assert words.TEAM_NAMES["NS"] == "Vous et Nord" and words.team_name("EW") == "Ouest et Est"
    assert words.SUIT_NAMES["D"] == "♦ Carreau"
    assert dict(words.BID_NAMES) == {"pass": "Passe", "take": "Prise", "keep": "Garde",
                                     "keep-without": "Garde sans",
                                     "keep-against": "Garde contre"}
    i18n.set_language("en")
    assert words.BID_NAMES["keep"] == "Guard" and words.SEAT_NAMES[0] == "You"


def test_the_reason_is_said_in_french_to_south() -> None:
    """A reason addressed to South takes its "you" form; the card it names is written the
    French way, and a choice already named in the reason's head is not named twice."""
    reason = Message("{seat} laid away {cards}", you="You laid away {cards}",
                     seat=Seat("S", "South"), cards=named_cards(["KS"]))
    assert words.hint_line({"seat": "S", "play": "QS"}, reason) == \
        f"Conseil — Jouer D♠{NBSP}: vous avez écarté R♠"
    assert words.checker_line({"seat": "S", "play": "QS"}, reason) == \
        f"Le joueur expert aurait joué D♠{NBSP}: vous avez écarté R♠"
    named = Message("Play {card} (bella)", card=named_card("KH"))
    assert words.checker_line({"seat": "S", "play": "KH"}, named) == \
        f"Le joueur expert{NBSP}: jouer R♥ (bella)"
    headed = Message("Tricks won by {seat}: {n}", seat=Word("Guard"), n=3)
    assert words.hint_line({"seat": "S", "bid": "keep"}, headed) == \
        f"Conseil — Plis remportés par Garde{NBSP}: 3"
    assert words.hint_line({"seat": "S", "bid": "take"}, headed) == \
        f"Conseil — Prise{NBSP}: plis remportés par Garde{NBSP}: 3"


def test_a_plain_reason_still_works() -> None:
    """A reason that is a plain text (not a message) is shown as it is."""
    assert words.hint_line({"seat": "S", "bid": "pass"}, "Too weak to bid") == \
        f"Conseil — Passe{NBSP}: too weak to bid"
    i18n.set_language("en")
    assert words.hint_line({"seat": "S", "bid": "pass"}, "Pass: too weak") == \
        "Hint — Pass: too weak"


@pytest.mark.parametrize(("winner", "line"), [
    ("NS", f"Nord et vous gagnez la partie{NBSP}!"),
    ("EW", "Ouest et Est gagnent la partie."),
    ("S", f"Vous gagnez la partie{NBSP}!"),
    ("E", "Est gagne la partie."),
    (["S", "W"], "Égalité entre vous et Ouest."),
    (["S", "W", "N"], "Égalité entre vous, Ouest et Nord."),
])
def test_winner_lines(winner: Any, line: str) -> None:
    assert words.winner_line(winner) == line


def test_a_tarot_result_in_french() -> None:
    result = {"declarer": "W", "bid": "keep", "oudlers": 2, "points": 45.5, "target": 41,
              "won": True, "petit_au_bout": "defence", "handful": 20, "slam": 0,
              "score": {"S": -60, "W": 180, "N": -60, "E": -60}}
    lines = presentation("tarot").played_lines(result)
    assert lines == [
        f"Garde par Ouest, 2 bouts{NBSP}: 45,5 points pour 41 — réussie.",
        f"En plus{NBSP}: petit au bout pour la défense, poignée 20.",
        f"Scores{NBSP}: vous{NBSP}-60, Ouest{NBSP}+180, Nord{NBSP}-60, Est{NBSP}-60",  # glued
    ]
    one = dict(result, declarer="S", oudlers=1, won=False, petit_au_bout=None, handful=0)
    assert presentation("tarot").played_lines(one)[0] == \
        f"Garde par vous, 1 bout{NBSP}: 45,5 points pour 41 — chutée."


@pytest.mark.parametrize(("n", "tricks", "hands"), [
    (1, "1 pli", "1 donne gagnée"),
    (2, "2 plis", "2 donnes gagnées"),
])
def test_plurals(n: int, tricks: str, hands: str) -> None:
    assert words.tricks(n) == tricks
    assert presentation("arbaa-turub").final_total(n) == hands


def test_the_presentations_speak_french() -> None:
    tarot, turup = presentation("tarot"), presentation("turup")
    assert tarot.phase_title("bid") == "Votre enchère"
    assert tarot.reminder("discard").startswith("Écartez autant de cartes que le chien en avait")
    assert tarot.goal({"hands": 4}, 1) == "Donne 2 sur 4"
    assert tarot.summary_title(True) == "Vous remportez la donne"
    assert tarot.seat_offer(3) == "Les cartes d'Est"
    assert turup.seat_offer(2) == "Les cartes de Nord (votre partenaire)"
    assert turup.goal({"target": 10}, 0) == "Première équipe à 10 points"
    assert turup.score_sheet_columns() == ("Plis", "Points", "Kort", "Score")
    assert tarot.score_sheet_columns()[-4:] == ("Vous", "Ouest", "Nord", "Est")
    assert presentation("arbaa-turub").tracker_card("KH", 2) == "R×2"
    assert presentation("tarabish").thrown_in_lines({"thrown_in": "all-pass"}) == \
        [f"Donne annulée{NBSP}: tout le monde a passé.", "Le même joueur redonne."]


def test_the_review_says_the_bids_and_the_lay_away_in_french() -> None:
    assert said_line({"seat": "N", "bid": "keep"}) == f"Nord{NBSP}: Garde"
    assert said_line({"seat": "S", "discard": "4C"}) == "Vous avez écarté 4♣"
    assert said_line({"seat": "E", "discard": "KC"}) == "Est a écarté R♣"

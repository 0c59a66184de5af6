"""The hint bubble and the play checker's note say the strong player's choice once
(:func:`game.ui.words.advice`): a reason whose head only names the choice ("Pass: …",
"Lead K♥: …") loses that head after the choice's own words; a reason whose head tells what to
do in its own words ("Play the Petit now: …") or names the card is shown alone; any other
reason follows the choice. Table-driven, in English and in French."""

from __future__ import annotations

from typing import Any

import pytest

from game import i18n
from game.engine.ai import search
from game.engine.ai import tarot_play as TP
from game.engine.ai.policy import say_faces
from game.engine.ai.tarot import mask_of_names
from game.engine.ai.tarot_hand import bid_worth
from game.engine.ai.view import SEAT_NAMES, SUIT_NAMES, SUIT_ONE
from game.engine.cards import named_card
from game.engine.message import Message
from game.ui import words

NBSP = "\u00a0"
WEAK = mask_of_names(["T21", "T2", "T3", "1S", "2S", "3S", "4S", "5S", "6S", "7S", "1H", "2H",
                      "3H", "4H", "5H", "6H", "7H", "8H"])
SAFE_PETIT = TP.explain(TP.PETIT_WINS, TP.PETIT, 0, [(1, 60)], 0, 0, [16] * 4, [TP.TRUMPS] * 4)

CASES: list[tuple[str, dict[str, Any], Message, dict[str, tuple[str, str]]]] = [
    ("pass: the head is the choice", {"seat": "S", "bid": "pass"},
     Message("Pass: {why}.", why=bid_worth("normal", WEAK)[1]), {
         "en": ("Hint — Pass: a hand of strength 49 (1 oudler and 3 trumps) is too weak to bid.",
                "The strong player would have passed: a hand of strength 49 (1 oudler and 3 "
                "trumps) is too weak to bid."),
         "fr": (f"Conseil — Passe{NBSP}: une main de force 49 (1 bout et 3 atouts) est trop "
                "faible pour annoncer.",
                f"Le joueur expert aurait passé{NBSP}: une main de force 49 (1 bout et 3 atouts) "
                "est trop faible pour annoncer.")}),
    ("the Petit: the head says it in its own words", {"seat": "S", "play": "T1"}, SAFE_PETIT, {
        "en": ("Hint — Play the Petit now: it is safe — nobody left to play can beat it, so it "
               "is saved.",
               "The strong player: play the Petit now: it is safe — nobody left to play can beat "
               "it, so it is saved."),
        "fr": (f"Conseil — Jouez le Petit maintenant{NBSP}: il ne risque rien — aucun joueur "
               "restant ne peut le battre, il est donc sauvé.",
               f"Le joueur expert{NBSP}: jouez le Petit maintenant{NBSP}: il ne risque rien — "
               "aucun joueur restant ne peut le battre, il est donc sauvé.")}),
    ("lead a card: the head is the choice", {"seat": "S", "play": "KH"},
     TP.explain(TP.KING_LEAD, 27, 0, [], 0, 0, [0] * 4, [TP.TRUMPS] * 4), {
         "en": ("Hint — Play K♥: a king is the best card of its suit.",
                "The strong player would have played K♥: a king is the best card of its suit."),
         "fr": (f"Conseil — Jouer R♥{NBSP}: un roi est la meilleure carte de sa couleur.",
                f"Le joueur expert aurait joué R♥{NBSP}: un roi est la meilleure carte de sa "
                "couleur.")}),
    ("the reason names the card", {"seat": "S", "play": "7H"},
     Message("You cannot win this trick, so play your lowest {suit_one}, {card}.",
             suit_one=SUIT_ONE[1], card=named_card("7H")), {
         "en": ("Hint — You cannot win this trick, so play your lowest heart, 7♥.",
                "The strong player: you cannot win this trick, so play your lowest heart, 7♥."),
         "fr": (f"Conseil — Vous ne pouvez pas remporter ce pli{NBSP}: jouez votre plus petit "
                "cœur, 7♥.",
                f"Le joueur expert{NBSP}: vous ne pouvez pas remporter ce pli{NBSP}: jouez votre "
                "plus petit cœur, 7♥.")}),
    ("call a suit: the head is the choice", {"seat": "S", "call": "H"},
     Message("Call {suit}: with {held} as trumps and your side cards, your side should come out "
             "about {points} points ahead.", suit=SUIT_NAMES[1], held=say_faces([14, 12]),
             points=20), {
         "en": ("Hint — ♥ Hearts: with J♥, 9♥ as trumps and your side cards, your side should "
                "come out about 20 points ahead.",
                "The strong player would have called ♥ Hearts trump: with J♥, 9♥ as trumps and "
                "your side cards, your side should come out about 20 points ahead."),
         "fr": (f"Conseil — ♥ Cœur{NBSP}: avec V♥, 9♥ en atout et vos cartes des autres "
                "couleurs, votre équipe devrait finir environ 20 points devant.",
                f"Le joueur expert aurait pris à ♥ Cœur{NBSP}: avec V♥, 9♥ en atout et vos cartes "
                "des autres couleurs, votre équipe devrait finir environ 20 points devant.")}),
    ("the search's words name the choice", {"seat": "S", "play": "QS"},
     search.choice_words(named_card("QS"), named_card("7S"), "", 40, 12, 3), {
         "en": ("Hint — Play Q♠ rather than the obvious 7♠: of 40 layouts of the unseen cards I "
                "tried, it did better in 12 and worse in 3.",
                "The strong player: play Q♠ rather than the obvious 7♠: of 40 layouts of the "
                "unseen cards I tried, it did better in 12 and worse in 3."),
         "fr": (f"Conseil — Jouez D♠ plutôt que 7♠, le choix évident{NBSP}: sur 40 répartitions "
                "des cartes cachées que j'ai essayées, elle a fait mieux dans 12 et moins bien "
                "dans 3.",
                f"Le joueur expert{NBSP}: jouez D♠ plutôt que 7♠, le choix évident{NBSP}: sur 40 "
                "répartitions des cartes cachées que j'ai essayées, elle a fait mieux dans 12 et "
                "moins bien dans 3.")}),
    ("a reason about the trick follows the choice", {"seat": "S", "play": "7S"},
     Message("You must trump even though {partner} is winning: {card} costs the least.",
             partner=SEAT_NAMES[2], card=named_card("7S")), {
         "en": ("Hint — You must trump even though North is winning: 7♠ costs the least.",
                "The strong player: you must trump even though North is winning: 7♠ costs the "
                "least."),
         "fr": (f"Conseil — Vous devez couper même si Nord tient le pli{NBSP}: c'est 7♠ qui "
                "coûte le moins.",
                f"Le joueur expert{NBSP}: vous devez couper même si Nord tient le pli{NBSP}: "
                "c'est 7♠ qui coûte le moins.")}),
    ("a hint names its card once (issue 36)", {"seat": "S", "play": "6H"},
     Message("You cannot win this trick, so give away as few points as you can: {card}.",
             card=named_card("6H")), {
         "en": ("Hint — You cannot win this trick, so give away as few points as you can: 6♥.",
                "The strong player: you cannot win this trick, so give away as few points as "
                "you can: 6♥."),
         "fr": (f"Conseil — Vous ne pouvez pas remporter ce pli{NBSP}: donnez le moins de "
                "points possible, 6♥.",
                f"Le joueur expert{NBSP}: vous ne pouvez pas remporter ce pli{NBSP}: donnez le "
                "moins de points possible, 6♥.")}),
]


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Any:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize(("case", "action", "reason", "lines"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_choice_is_said_once(language: str, case: str, action: dict[str, Any],
                                 reason: Message, lines: dict[str, tuple[str, str]]) -> None:
    hint, checker = lines[language]
    assert words.hint_line(action, reason) == hint
    assert words.checker_line(action, reason) == checker


REVIEW = {
    "pass: the head is the choice": {
        "en": "a hand of strength 49 (1 oudler and 3 trumps) is too weak to bid.",
        "fr": "une main de force 49 (1 bout et 3 atouts) est trop faible pour annoncer."},
    "the Petit: the head says it in its own words": {
        "en": "Play the Petit now: it is safe — nobody left to play can beat it, so it is saved.",
        "fr": f"Jouez le Petit maintenant{NBSP}: il ne risque rien — aucun joueur restant ne peut "
              "le battre, il est donc sauvé."},
    "a reason about the trick follows the choice": {
        "en": "You must trump even though North is winning: 7♠ costs the least.",
        "fr": f"Vous devez couper même si Nord tient le pli{NBSP}: c'est 7♠ qui coûte le "
              "moins."},
}
"""What the review shows under "The strong player would choose: {choice}" (the text of
:func:`words.advice`), for some of :data:`CASES`."""


@pytest.mark.parametrize(("case", "action", "reason", "lines"),
                         [c for c in CASES if c[0] in REVIEW], ids=list(REVIEW))
def test_the_review_shows_the_reason_without_a_head_that_repeats_the_choice(
        language: str, case: str, action: dict[str, Any], reason: Message,
        lines: dict[str, tuple[str, str]]) -> None:
    assert words.advice(action, reason)[1] == REVIEW[case][language]


@pytest.mark.parametrize(("text", "after"), [
    ("You must trump.", "you must trump."),
    ("Play the Petit now: it is safe.", "play the Petit now: it is safe."),
    ("The Excuse is gone.", "the Excuse is gone."),
    ("North is winning the trick.", "North is winning the trick."),
    ("North-West is the declarer.", "North-West is the declarer."),
    ("K♠ is the highest spade.", "K♠ is the highest spade."),
    ("10 points to go.", "10 points to go."),
    ("Excuse played, nothing lost.", "Excuse played, nothing lost."),
    ("Petit au bout.", "Petit au bout."),
    ("OK.", "OK."),
    ("", ""),
])
def test_english_has_no_capital_after_a_colon_but_names_keep_theirs(text: str, after: str
                                                                   ) -> None:
    """Issue 36 ("Play 6♦: You must trump"): English starts the words after a colon with a
    small letter, as French does, except for a seat, a card, a number, a word in capitals or
    a proper noun."""
    i18n.set_language("en")
    assert words.clause_after_colon(text) == after

"""The AI's reasons said in French (:func:`game.i18n.say`): every game's hints, the search's
"rather than the obvious" words, bids, namings and calls come out in French — no English word
left, cards as the French table writes them (D♠, R♥, l'atout 7), every placeholder filled — and
they survive pickling (a reason crosses the AI worker's process boundary) with say() still
working on the unpickled message."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest
from ai_helpers import player
from helpers import new_hand

from game import i18n
from game.engine import cards as C
from game.engine import records
from game.engine.ai import make_player, search
from game.engine.ai import tarot_play as TP
from game.engine.ai.somali import trump_by_evaluation
from game.engine.ai.tarot import mask_of_names
from game.engine.ai.tarot_hand import BID_NAMES, bid_worth
from game.engine.ai.view import SEAT_NAMES, SUIT_NAMES, SUIT_ONE
from game.engine.cards import EAST, NORTH, SOUTH, named_card
from game.engine.message import Card, Message, Word
from game.engine.tricks import PACK36

GAMES = ["turup", "arbaa-turub", "tarabish", "tarot"]
POSITIONS = Path(__file__).resolve().parents[1] / "ai_positions"

ENGLISH = re.compile(
    r"\b(the|you|your|and|with|trick|tricks|lead|play|trumps?|hearts?|spades?|diamonds?|clubs?|"
    r"North|South|East|West|partner|Take|Guard|dog|talon|oudlers?|slam|handful|cards?|"
    r"rather|obvious|layouts?|Discard|Pass|Call|Name|Signal)\b")
"""English words that must not be left in a French reason."""
ENGLISH_CARD = re.compile(r"(?<![\w♠♥♦♣])[JQK][♠♥♦♣]|\btrump \d")
"""A card as the English table writes it (J♠, Q♥, K♦, trump 7)."""


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def assert_french(reason: str, said: str) -> None:
    """``said`` (the French of ``reason``) has no English word or card, no placeholder left,
    and is not the English."""
    assert isinstance(reason, Message), reason
    assert said != str(reason), said
    assert not ENGLISH.search(said), (said, str(reason))
    assert not ENGLISH_CARD.search(said), (said, str(reason))
    assert "{" not in said and "}" not in said, said


def tarot_hand(cards: str) -> int:
    """The mask of a French Tarot hand written in notation, separated by spaces."""
    return mask_of_names(cards.split())


def whole_hand(game: str, seed: int, level: str) -> list[Message]:
    """Every reason the four players of ``level`` give over the deal of ``seed``."""
    _, hand = new_hand(game, seed)
    players = [player(level, seed * 4 + s) for s in range(4)]
    reasons = []
    while not hand.done:
        decision = players[hand.to_act].decide(hand.knowledge(hand.to_act))
        reasons.append(decision.reason)
        hand.apply(decision.action)
    return reasons


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_of_a_whole_hand_is_said_in_french(french, game):
    seen = 0
    for level in ("easy", "normal", "hard"):
        for seed in (3, 11):
            for reason in whole_hand(game, seed, level):
                assert_french(reason, i18n.say(reason, "S"))
                seen += 1
    assert seen >= 40


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("*.json")), ids=lambda p: p.stem)
def test_the_hint_at_each_ai_position_is_said_in_french(french, path):
    _, hand = records.replay_hand(json.loads(path.read_text())["position"])
    decision = make_player("normal", 1).decide(hand.knowledge(hand.to_act))
    said = i18n.say(decision.reason, "S")
    assert_french(decision.reason, said)
    card = decision.action.get("play")
    if card is not None and isinstance(decision.reason.values.get("card"), Card):
        assert i18n.card_words(card) in said, said  # the card played, as the French table writes it


def test_a_reason_survives_pickling_and_is_still_said_in_french(french):
    for game in GAMES:
        for reason in whole_hand(game, 5, "hard")[:60]:
            again = pickle.loads(pickle.dumps(reason))
            assert isinstance(again, Message) and again == reason
            assert i18n.say(again, "S") == i18n.say(reason, "S")
            i18n.set_language("en")
            assert i18n.say(again) == str(reason)
            i18n.set_language("fr")


@pytest.mark.parametrize(("reason", "french_text"), [
    (search.choice_words(named_card("7S"), named_card("KS"),
                         search.contrast(0, 1, 0, 7, 1, named_card("KS")), 38, 12, 3),
     "Jouez 7♠ plutôt que R♠, le choix évident (elle vous garde R♠ pour plus tard)\u00a0: sur "
     "38 répartitions des cartes cachées que j'ai essayées, elle a fait mieux dans 12 et moins "
     "bien dans 3."),
    (search.choice_words(named_card("QH"), named_card("7S"), "", 0, 0, 0),
     "Jouez D♥ plutôt que 7♠, le choix évident."),
    (TP.explain(TP.ONLY, 56 + 6, 0, [], 0, 0, [0] * 4, [TP.TRUMPS] * 4),
     "Vous ne pouvez jouer que l'atout 7."),
    (TP.explain(TP.ONLY, TP.EXCUSE, 0, [], 0, 0, [0] * 4, [TP.TRUMPS] * 4),
     "Vous ne pouvez jouer que l'Excuse."),
    (trump_by_evaluation([PACK36.parse(c) for c in ("KH", "9H", "7C")], easy=False)[1],
     "Nommez les cœurs comme atout\u00a0: 2 de vos trois premières cartes (R♥, 9♥) sont des "
     "cœurs."),
    (bid_worth("easy", tarot_hand("T1 T21 T2 T3 T4 T5 1S 2S 3S 4S 5S 6S 1H 2H 3H 4H 5H 6H"))[1],
     "vous avez 2 bouts et 6 atouts"),
    (bid_worth("easy", tarot_hand("T21 T2 T3 T4 1S 2S 3S 4S 5S 6S 7S 1H 2H 3H 4H 5H 6H 7H"))[1],
     "seulement 1 bout et 4 atouts, trop peu pour annoncer"),
    (TP.petit_risk(TP.PETIT_RISK, TP.PETIT, 3, -1, [EAST, NORTH],
                   tarot_hand("1C 2C 3C T5 T6"), SOUTH, [0] * 4, [TP.TRUMPS] * 4, [], None),
     "Est ou Nord n'a peut-être plus de trèfles (3 trèfles pas encore tombés) et pourrait "
     "couper\u00a0; un risque à prendre, car gardé, le Petit pourrait être pris plus tard."),
], ids=["search", "search-plain", "tarot-trump", "tarot-excuse", "somali-name", "tarot-bid",
        "tarot-pass", "tarot-petit-risk"])
def test_french_reasons_word_for_word(french, reason, french_text):
    assert i18n.say(reason) == french_text


def test_the_ais_words_are_the_engines_english_words():
    """The suit and seat words of the reasons read as the engine's English (only their type
    differs: they are translated where shown)."""
    assert SUIT_NAMES == C.SUIT_NAMES and SUIT_ONE == C.SUIT_NAMES_ONE
    assert SEAT_NAMES == C.SEAT_NAMES
    assert all(isinstance(w, Word) for w in (*SUIT_NAMES, *SUIT_ONE))
    assert [s.letter for s in SEAT_NAMES] == list(C.SEATS)


def test_tarot_reasons_use_the_english_players_names():
    """English Tarot's contract names in the reasons (Take, Guard, Guard without/against the
    dog); never the record's verbs or "talon"."""
    assert list(BID_NAMES.values()) == ["Take", "Guard", "Guard without the dog",
                                        "Guard against the dog"]
    bids = 0
    for seed in range(12):
        _, hand = new_hand("tarot", seed)
        while not hand.done and hand.phase == "bid":
            decision = make_player("normal", seed).decide(hand.knowledge(hand.to_act))
            assert "talon" not in decision.reason and "keep" not in decision.reason, decision
            if decision.action["bid"] != "pass":
                assert decision.reason.startswith(f"Bid {BID_NAMES[decision.action['bid']]}:")
                bids += 1
            hand.apply(decision.action)
    assert bids

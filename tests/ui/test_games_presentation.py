"""Each game presented in one place: every engine game has a presentation module, registered by
the spec's name, and it says what the screens said before the per-game switches went."""

from __future__ import annotations

import random

import pytest
from helpers import new_hand, play_random

from game.engine import games
from game.ui import order, words
from game.ui.entries import KEEP
from game.ui.games import presentation
from game.ui.games.base import Presentation


def test_every_game_has_a_presentation_named_like_its_spec():
    for name in games.names():
        shown = presentation(name)
        assert isinstance(shown, Presentation)
        assert shown.name == games.get(name).name
        assert shown.rules and set(shown.option_texts) == set(games.get(name).every_option())
    with pytest.raises(KeyError):
        presentation("whist")


def test_summary_titles():
    assert presentation("tarot").summary_title(True) == "You win the hand"
    assert presentation("tarot").summary_title(False) == "You lose the hand"
    for name in ("arbaa-turub", "turup", "tarabish"):
        shown = presentation(name)
        assert shown.summary_title(True) == "Your side wins the hand"
        assert shown.summary_title(False) == "Your side loses the hand"
    assert {presentation(n).summary_title(None) for n in games.names()} == {"Hand over"}


def test_phase_titles_and_reminders():
    assert presentation("tarabish").phase_title("call-forced") == "Call trump"
    assert presentation("arbaa-turub").phase_title("trump") == "Name trump"
    assert presentation("turup").phase_title("kort") == "Kort?"
    assert presentation("tarot").phase_title("bid") == "Your bid"
    assert presentation("tarot").phase_title("nothing") == "Your decision"
    assert presentation("tarot").reminder("discard").startswith(
        "Lay away as many cards as the dog held")
    assert presentation("turup").reminder("trump").startswith("Name trump from your first")
    assert presentation("turup").reminder("estimate").startswith("Partner asks how many")


def test_only_french_tarot_counts_points_in_the_statistics():
    assert [n for n in games.names() if presentation(n).points_in_statistics] == ["tarot"]


def test_tracker_labels():
    assert presentation("arbaa-turub").tracker_card("10H", 2) == "10×2"
    assert presentation("turup").tracker_card("AS", 1) == "A"
    assert presentation("tarot").tracker_card("T21", 1) == "21"
    assert presentation("tarot").tracker_card("EX", 1) == "Ex"
    assert presentation("tarot").tracker_card("KC", 1) == "K"
    assert presentation("tarot").tracker_void("T") == "trumps"
    assert presentation("tarabish").tracker_void("H") == "♥"


@pytest.mark.parametrize("name", games.names())
def test_score_panel_lines_follow_the_hand(name):
    record, hand = new_hand(name, 3)
    shown = presentation(name)
    kn = hand.knowledge(0)
    assert shown.contract_line(kn) == ("Bidding" if name == "tarot" else "Trump: not yet named")
    play_random(record, hand, random.Random(3))
    kn = hand.knowledge(0)
    line = shown.tricks_line(kn)
    if name == "tarot":
        assert kn.trump is None
        if kn.public.get("declarer"):
            assert shown.contract_line(kn).startswith("Contract: ")
            assert line is not None and line.startswith("Tricks won by ")
    else:
        assert line is not None and line.replace(KEEP, " ").startswith("Tricks: You & North ")
        if hand.result() and "thrown_in" not in hand.result():
            assert shown.contract_line(kn).startswith("Trump: ")


def test_hand_sorting_goes_through_the_presentation():
    assert order.group_of("tarot", "EX") == order.TRUMP_GROUP
    assert order.sort_hand("tarot", ["T2", "EX", "KS", "T21"], None) == ["EX", "T21", "T2", "KS"]
    # Tarabish's trump order: jack, nine, then ace
    assert order.sort_hand("tarabish", ["AH", "9H", "JH"], "H") == ["JH", "9H", "AH"]


@pytest.mark.parametrize("name", games.names())
def test_swap_seats_calls_north_a_partner_only_where_there_are_partners(name):
    shown = presentation(name)
    offers = [shown.seat_offer(s) for s in (1, 2, 3)]
    assert offers[0] == "West's cards" and offers[2] == "East's cards"
    if name == "tarot":  # French Tarot has no fixed partners
        assert not any("partner" in text for text in offers)
    else:
        assert offers[1] == "North's cards (your partner)"


def test_french_tarot_speaks_the_english_tarot_names():
    """Issue 18: Take, Guard, Guard without, Guard against; oudlers, handful, slam — the
    record verbs (take, keep, keep-without, keep-against) unchanged."""
    assert dict(words.BID_NAMES) == {"pass": "Pass", "take": "Take", "keep": "Guard",
                                     "keep-without": "Guard without",
                                     "keep-against": "Guard against"}
    assert words.announce({"seat": "W", "bid": "keep-against"}) == "Guard against"
    assert words.announce({"seat": "W", "handful": ["T1"] * 10}) == "Single handful"
    assert words.action_label({"seat": "S", "slam": True}) == "Announce slam"
    result = {"declarer": "W", "bid": "keep-without", "oudlers": 1, "points": 51.5,
              "target": 51, "won": True, "petit_au_bout": "declarer", "handful": 20,
              "slam": 0, "score": {"S": -70, "W": 210, "N": -70, "E": -70}}
    assert [line.replace(KEEP, " ") for line in presentation("tarot").played_lines(result)] == [
        "Guard without by West, 1 oudler: 51.5 points, 51 needed — made.",
        "Also: petit au bout for the declarer, handful 20.",
        "Scores: You -70, West +210, North -70, East -70"]
    assert presentation("tarot").scores_line(result["score"]).replace(KEEP, " ") == \
        "You -70, West +210, North -70, East -70", "the game score in the same style"
    assert presentation("tarot").hand_cells(result, []) == ("West", "Guard without",
                                                             "51.5 of 51", "made")

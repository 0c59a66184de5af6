"""French Tarot's auction stays seen (issue 25): during the bidding each seat's bid stays in
its bubble beside it; once the cards are played the score panel lists every bid, passes too."""

from __future__ import annotations

import pytest

from game.storage import Settings
from game.ui.session import Match
from game.ui.table.model import Speech, TableModel
from game.ui.table.seats import SeatsWidget


def bidding(players: int, seed: int = 3) -> TableModel:
    return TableModel(Match("tarot", seed, {"players": players}), Settings())


NAMES = {"S": "You", "W": "West", "N": "North", "E": "East", "NW": "North-West",
         "NE": "North-East"}
BIDS = {"pass": "Pass", "keep-without": "Guard without", "take": "Take"}


def bid_round(model: TableModel, south: str) -> list[str]:
    """Every seat bids once, South ``south``, the others pass; the bids as the panel says
    them, in order."""
    said = []
    while model.hand.phase == "bid":
        letter = model.table.letters[model.hand.to_act]
        bid = south if letter == "S" else "pass"
        model.apply({"seat": letter, "bid": bid})
        said.append(f"{NAMES[letter]}: {BIDS[bid]}")
    return said


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_score_panel_lists_every_bid_once_the_cards_are_played(players) -> None:
    model = bidding(players)
    lines = [text for text, _ in model.score_lines()]
    assert not any("Pass" in line for line in lines)  # not during the bidding
    said = bid_round(model, "keep-without")
    assert model.hand.phase != "play"  # the king call (five) or the slam decision
    assert not any(" · " in line and "Pass" in line for line, _ in model.score_lines())
    while model.hand.phase != "play":
        model.apply(model.hand.legal_actions()[0])
    auction = [text for text, _ in model.score_lines() if "Guard without" in text
               and "Pass" in text]
    assert auction == [" · ".join(said)]
    assert len(said) == players


@pytest.mark.parametrize(("phase_after", "stays"), [(False, True), (True, False)])
def test_a_bid_stays_beside_its_seat_while_the_bidding_goes_on(phase_after, stays) -> None:
    model = bidding(4)
    seats = SeatsWidget(model, None, lambda: 1.0, lambda: 0.0, lambda: False,  # type: ignore
                        lambda: None)
    first = model.table.letters[model.hand.to_act]
    action = {"seat": first, "bid": "pass"}
    model.apply(action)
    if phase_after:
        bid_round(model, "take")
    assert seats.stays(Speech(action)) is stays
    assert seats.stays(Speech({"seat": first, "play": "1S"})) is False

"""The words every game shares: names for seats, sides, suits and actions, what a seat says,
the hint and the checker's lines, the winner of a game (pure functions).

What one game says of its own (result lines, the score line, the goal, phase titles and
reminders) is in its presentation module: :func:`game.ui.games.presentation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.cards import SEAT_NAMES as _SEAT_NAMES
from ..engine.cards import SEATS, SUIT_SYMBOLS, SUITS, card_words
from ..engine.cards import SUIT_NAMES as _SUIT_NAMES
from ..engine.tarabish import declared_kinds

SEAT_NAMES = ("You", *_SEAT_NAMES[1:])
TEAM_NAMES = {"NS": "You & North", "EW": "West & East"}
SUIT_GLYPHS = dict(zip(SUITS, SUIT_SYMBOLS, strict=True))
SUIT_NAMES = {s: f"{SUIT_GLYPHS[s]} {name.capitalize()}"
              for s, name in zip(SUITS, _SUIT_NAMES[:4], strict=True)}
BID_NAMES = {"pass": "Pass", "take": "Take", "keep": "Keep", "keep-without": "Keep without",
             "keep-against": "Keep against"}

def seat_name(seat: int | str) -> str:
    """"You", "West", "North", "East"."""
    return SEAT_NAMES[seat if isinstance(seat, int) else SEATS.index(seat)]


def possessive(seat: int | str) -> str:
    """"Your", "West's", "North's", "East's"."""
    name = seat_name(seat)
    return "Your" if name == "You" else f"{name}'s"


def action_label(action: Mapping[str, Any]) -> str:
    """A button label for one of South's legal actions."""
    if "trump" in action:
        return SUIT_NAMES[action["trump"]]
    if "call" in action:
        return "Pass" if action["call"] == "pass" else SUIT_NAMES[action["call"]]
    if "signal" in action:
        return f"Signal {action['signal']}"
    if "runs" in action:
        kinds = ", ".join(declared_kinds(action["runs"]))
        return f"Declare runs ({kinds})"
    if "bid" in action:
        return BID_NAMES.get(action["bid"], str(action["bid"]))
    if "slam" in action:
        return "Announce slam" if action["slam"] else "No slam"
    if "handful" in action:
        return f"Show handful ({len(action['handful'])} trumps)"
    if "ask" in action:
        return "Ask partner first"
    if "estimate" in action:
        n = action["estimate"]
        return f"{n} trick" + ("" if n == 1 else "s")
    if "kort" in action:
        return "Kort: play on" if action["kort"] else "Stop: take 1 point"
    if "play" in action:
        return f"Play {card_words(action['play'])}" + (" (bella)" if action.get("bella") else "")
    if "discard" in action:
        return f"Lay away {card_words(action['discard'])}"
    return str(action)


def done_phrase(action: Mapping[str, Any]) -> str:
    """What a player has done with ``action``, to follow "would have" in a sentence:
    "played K♥", "bid Garde", "named ♥ Hearts trump", "passed"."""
    if "play" in action:
        return (f"played {card_words(action['play'])}"
                + (" claiming bella" if action.get("bella") else ""))
    if "discard" in action:
        return f"laid away {card_words(action['discard'])}"
    if "trump" in action:
        return f"named {SUIT_NAMES[action['trump']]} trump"
    if action.get("call") == "pass" or action.get("bid") == "pass":
        return "passed"
    if "call" in action:
        return f"called {SUIT_NAMES[action['call']]} trump"
    if "bid" in action:
        return f"bid {BID_NAMES.get(action['bid'], str(action['bid']))}"
    if "slam" in action:
        return "announced a slam" if action["slam"] else "announced no slam"
    if "estimate" in action:
        return f"said {action_label(action)}"
    if "kort" in action:
        return "played on for kort" if action["kort"] else "stopped with 1 point"
    if "signal" in action:
        return f"signalled {action['signal']}"
    if "runs" in action:
        return "declared r" + action_label(action)[len("Declare r"):]
    if "handful" in action:
        return f"shown a handful of {len(action['handful'])} trumps"
    if "ask" in action:
        return "asked partner first"
    return f"chosen {action_label(action)}"


def checker_line(action: Mapping[str, Any], reason: str) -> str:
    """The play checker's note: what the strong player would have done instead, and why (the
    choice is not named twice when the reason's opening words already name it, as in a
    search's "Play Q♠ rather than the obvious 7♠ …")."""
    head = reason.partition(":")[0].lower()
    if any(card_words(str(action[k])).lower() in head for k in ("play", "discard")
           if k in action):
        return f"The strong player: {reason}"
    return f"The strong player would have {done_phrase(action)}: {reason}"


def hint_line(action: Mapping[str, Any], reason: str) -> str:
    """The hint bubble: the strong player's choice and its one-sentence reason (the choice
    is not named twice when the reason's opening words already name it: "Pass: …",
    "Win cheaply with A♥: …")."""
    label = action_label(action)
    head, colon, _ = reason.partition(":")
    names = [label, *(card_words(str(action[k])) for k in ("play", "discard") if k in action)]
    if colon and any(n.lower() in head.lower() for n in names):
        return f"Hint — {reason}"
    return f"Hint — {label}: {reason}"


def announce(action: Mapping[str, Any]) -> str | None:
    """What a seat is heard to say when it acts (``None`` for a plain card play)."""
    if "play" in action:
        return "Bella!" if action.get("bella") else None
    if "trump" in action:
        return f"Trump {SUIT_GLYPHS[action['trump']]}"
    if "call" in action:
        return "Pass" if action["call"] == "pass" else f"Trump {SUIT_GLYPHS[action['call']]}"
    if "signal" in action:
        return "Knock — strong" if action["signal"] == "strong" else "Gesture — weak"
    if "runs" in action:
        runs = action.get("runs")
        if runs is None:
            return "Runs: " + ", ".join(action.get("declared") or [])
        return "Runs: " + ", ".join(declared_kinds(runs))
    if "bid" in action:
        return BID_NAMES.get(action["bid"], str(action["bid"]))
    if "discard" in action:
        return None
    if "slam" in action:
        return "Slam!" if action["slam"] else None
    if "handful" in action:
        return f"Handful of {len(action['handful'])}"
    if "ask" in action:
        return "Partner, how many?"
    if "estimate" in action:
        return f"I can win {action['estimate']}"
    if "kort" in action:
        return "Kort!" if action["kort"] else "We stop"
    return None


def winner_line(winner: Any) -> str:
    """Who won the game."""
    if isinstance(winner, list):
        return "A tie between " + " and ".join(seat_name(s) for s in winner) + "."
    if winner in TEAM_NAMES:
        return ("You and North win the game!" if winner == "NS"
                else "West and East win the game.")
    return "You win the game!" if winner == "S" else f"{seat_name(winner)} wins the game."

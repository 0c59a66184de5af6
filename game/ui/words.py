"""What the table says: names for seats, actions, phases and results (pure functions)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.cards import SEATS
from ..engine.tarabish import declared_kinds

SEAT_NAMES = ("You", "West", "North", "East")
TEAM_NAMES = {"NS": "You & North", "EW": "West & East"}
SUIT_NAMES = {"S": "♠ Spades", "H": "♥ Hearts", "D": "♦ Diamonds", "C": "♣ Clubs"}
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
BID_NAMES = {"pass": "Pass", "take": "Take", "keep": "Keep", "keep-without": "Keep without",
             "keep-against": "Keep against"}

REMINDERS = {
    "trump": "Name trump from your first three cards; the rest are dealt after.",
    "call": "Call trump from your six visible cards, or pass.",
    "call-forced": "Everyone passed: as dealer you must call trump.",
    "bid": "Bid higher than the last bid, or pass.",
    "discard": "Lay away six cards: no kings, no oudlers; trumps only if nothing else can go.",
    "announce": "Announce a slam (win every trick) for a large bonus — you would lead.",
    "kort": "Your side won the first five tricks: play on for all nine (kort, 3 points) "
            "or stop with 1 point.",
    "estimate": "Partner asks how many of the last four tricks you can win.",
}


def seat_name(seat: int | str) -> str:
    """"You", "West", "North", "East"."""
    return SEAT_NAMES[seat if isinstance(seat, int) else SEATS.index(seat)]


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
        return f"Play {action['play']}" + (" (bella)" if action.get("bella") else "")
    if "discard" in action:
        return f"Lay away {action['discard']}"
    return str(action)


def done_phrase(action: Mapping[str, Any]) -> str:
    """What a player has done with ``action``, to follow "would have" in a sentence:
    "played KH", "bid Garde", "named ♥ Hearts trump", "passed"."""
    if "play" in action:
        return f"played {action['play']}" + (" claiming bella" if action.get("bella") else "")
    if "discard" in action:
        return f"laid away {action['discard']}"
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
    """The play checker's note: what the strong player would have done instead, and why."""
    return f"The strong player would have {done_phrase(action)}: {reason}"


def hint_line(action: Mapping[str, Any], reason: str) -> str:
    """The hint bubble: the strong player's choice and its one-sentence reason (the choice
    is not named twice when the reason's opening words already name it: "Pass: …",
    "Win cheaply with AH: …")."""
    label = action_label(action)
    head, colon, _ = reason.partition(":")
    names = [label, *(str(action[k]) for k in ("play", "discard") if k in action)]
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


def south_won(game: str, result: Mapping[str, Any]) -> bool | None:
    """True when South's side won the hand, False when it lost, None for a draw/throw-in."""
    if "thrown_in" in result:
        return None
    if game == "tarot":
        return bool(result["score"]["S"] > 0)
    if game == "tarabish":
        s = result["score"]
        return None if s["NS"] == s["EW"] else s["NS"] > s["EW"]
    w = result.get("winner")
    return None if w is None else w == "NS"


def result_lines(game: str, result: Mapping[str, Any]) -> list[str]:
    """The end-of-hand summary, a few lines for people."""
    if "thrown_in" in result:
        why = {"all-pass": "everybody passed", "petit-sec": "a player held the Petit alone"}
        return [f"The hand is thrown in: {why.get(result['thrown_in'], result['thrown_in'])}.",
                "The same seat deals again." if game == "tarabish" else "The deal passes on."]
    if game == "tarot":
        who = seat_name(result["declarer"])
        lines = [f"{who} played {BID_NAMES[result['bid']].lower()} with "
                 f"{result['oudlers']} oudler(s): {result['points']:g} points, "
                 f"needed {result['target']} — {'made' if result['won'] else 'failed'}."]
        extras = []
        if result.get("petit_au_bout"):
            extras.append(f"petit au bout ({result['petit_au_bout']})")
        if result.get("handful"):
            extras.append(f"handful {result['handful']}")
        if result.get("slam"):
            extras.append(f"slam {result['slam']:+d}")
        if extras:
            lines.append("Also: " + ", ".join(extras) + ".")
        lines.append("Scores: " + ", ".join(f"{seat_name(s)} {v:+d}"
                                            for s, v in result["score"].items()))
        return lines
    if game == "tarabish":
        cp, sc = result["card_points"], result["score"]
        lines = [f"{seat_name(result['caller'])} called trump.",
                 f"Card points: {TEAM_NAMES['NS']} {cp['NS']}, {TEAM_NAMES['EW']} {cp['EW']}."]
        if any(result["runs"].values()) or any(result["bella"].values()):
            lines.append(f"Runs {result['runs']['NS']} / {result['runs']['EW']}, "
                         f"bella {result['bella']['NS']} / {result['bella']['EW']}.")
        if result["bait"] != "none":
            lines.append(f"The callers went {result['bait']}!")
        lines.append(f"Hand score: {TEAM_NAMES['NS']} {sc['NS']}, {TEAM_NAMES['EW']} {sc['EW']}.")
        return lines
    t = result["tricks"]
    lines = [f"Tricks: {TEAM_NAMES['NS']} {t['NS']}, {TEAM_NAMES['EW']} {t['EW']}."]
    w = result.get("winner")
    lines.append("A draw." if w is None else f"{TEAM_NAMES[w]} win the hand.")
    if game == "turup":
        if result.get("kort"):
            lines.append(f"Kort {result['kort']}!")
        pts = result["points"]
        lines.append(f"Points: {TEAM_NAMES['NS']} {pts['NS']}, {TEAM_NAMES['EW']} {pts['EW']}.")
    return lines


def scores_line(game: str, scores: Mapping[str, Any]) -> str:
    """The running totals in one line."""
    if game == "tarot":
        return "  ".join(f"{seat_name(s)} {v:+d}" for s, v in scores.items())
    unit = " hands" if game == "arbaa-turub" else ""
    return f"You & North {scores['NS']}{unit}  ·  West & East {scores['EW']}{unit}"


def winner_line(winner: Any) -> str:
    """Who won the game."""
    if isinstance(winner, list):
        return "A tie between " + " and ".join(seat_name(s) for s in winner) + "."
    if winner in TEAM_NAMES:
        return ("You and North win the game!" if winner == "NS"
                else "West and East win the game.")
    return "You win the game!" if winner == "S" else f"{seat_name(winner)} wins the game."


def goal(game: str, options: Mapping[str, Any], hands_done: int) -> str:
    """The match goal, for the score panel."""
    if game == "arbaa-turub":
        return "Win two hands running, the second by more tricks"
    if game == "tarot":
        return f"Hand {min(hands_done + 1, options['hands'])} of {options['hands']}"
    return f"First side to {options['target']} points"

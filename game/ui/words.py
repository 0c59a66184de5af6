"""The words every game shares: names for seats, sides, suits and actions, what a seat says,
the hint and the checker's lines, the winner of a game (pure functions).

Every word is translated when it is asked for (:mod:`game.i18n`), never at import: the
language may change while the game runs. The module's tables (:data:`SEAT_NAMES`,
:data:`TEAM_NAMES`, :data:`SUIT_NAMES`, :data:`BID_NAMES`) hold message ids and translate each
entry as it is read; the functions (:func:`seat_name`, :func:`team_name`, :func:`suit_name`,
:func:`bid_name`) say the same.

What one game says of its own (result lines, the score line, the goal, phase titles and
reminders) is in its presentation module: :func:`game.ui.games.presentation`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

from ..engine.ai.advisor import SAID_ALTERNATIVES
from ..engine.ai.player import Decision
from ..engine.cards import SUIT_SYMBOLS, SUITS, TABLE4, Table, named_card
from ..engine.hand import Action
from ..engine.message import Message
from ..engine.tarabish import declared_kinds
from ..engine.tarot import CONTRACT_NAMES, LAYOUTS, handful_bonus
from ..i18n import N_, _, card_words, language, ngettext, pgettext, say, seat_word

SUIT_GLYPHS = dict(zip(SUITS, SUIT_SYMBOLS, strict=True))
"""Suit letter → its symbol (the same in every language)."""


class _Said(Mapping[str, str]):
    """A table of message ids read in the current language: ``table[key]`` is the id of
    ``key`` translated when it is read (iterating gives the keys; ``values()`` the words)."""

    def __init__(self, ids: Mapping[str, str], say_one: Any = None) -> None:
        self._ids = dict(ids)
        self._say = say_one or _

    def __getitem__(self, key: str) -> str:
        return str(self._say(self._ids[key]))

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


class _SeatNames(Sequence[str]):
    """The seats' names by index, read in the current language ("You", "West", …)."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [seat_name(i) for i in range(4)[index]]
        return seat_name(range(4)[index])

    def __len__(self) -> int:
        return 4


YOU = N_("You")
"""South's name at the table (the person playing)."""

SEAT_NAMES: Sequence[str] = _SeatNames()
""""You", "West", "North", "East" by seat index, in the current language."""

_TEAM_IDS = {"NS": N_("You & North"), "EW": N_("West & East")}
TEAM_NAMES: Mapping[str, str] = _Said(_TEAM_IDS)
"""The two sides by team key ("NS", "EW"), in the current language."""

_SUIT_IDS = {"S": N_("♠ Spades"), "H": N_("♥ Hearts"), "D": N_("♦ Diamonds"),
             "C": N_("♣ Clubs")}
SUIT_NAMES: Mapping[str, str] = _Said(_SUIT_IDS)
"""A suit by letter as a label: its symbol and its name ("♥ Hearts"), in the current
language."""

_BID_IDS = {verb: name for verb, name in CONTRACT_NAMES.items() if verb != "pass"}
"""French Tarot's contracts by record verb, named where the engine names them (the verbs stay
as RECORDS.md has them; the names are those English Tarot players use)."""


def _bid_said(text: str) -> str:
    return pgettext("bid", text) if text == "Pass" else _(text)


BID_NAMES: Mapping[str, str] = _Said({"pass": "Pass", **_BID_IDS}, _bid_said)
"""French Tarot's bids by record verb ("pass", "take", "keep", …) as the table names them
("Pass", "Take", "Guard", "Guard without", "Guard against"), in the current language."""

_RUN_KINDS = {"twenty": N_("twenty"), "fifty": N_("fifty")}
"""Tarabish's run kinds as another seat hears them declared."""


# --------------------------------------------------------------------------------------------
# Names

def _letter(seat: int | str, table: Table = TABLE4) -> str:
    """The letter of ``seat``: a letter as it is (any table's: ``"NW"``), an index as
    ``table`` numbers its seats (four seats unless told)."""
    return seat if isinstance(seat, str) else table.letters[seat]


def _seat(seat: int | str, table: Table = TABLE4) -> int:
    return 0 if _letter(seat, table) == "S" else 1


def seat_name(seat: int | str, table: Table = TABLE4) -> str:
    """A seat's name as a label, in the current language: "You" (South), "West", "North",
    "East", "North-West"… (French: "Vous", "Ouest", "Nord", "Est", "Nord-Ouest"); a letter
    names the seat at any table, an index the seat of ``table`` (four seats unless told)."""
    letter = _letter(seat, table)
    return _(YOU) if letter == "S" else seat_word(letter)


def seat_in_sentence(seat: int | str, table: Table = TABLE4) -> str:
    """A seat's name inside a sentence: "you" for South ("A tie between you and West"),
    else as :func:`seat_name`."""
    letter = _letter(seat, table)
    return pgettext("in a sentence", "you") if letter == "S" else seat_word(letter)


PROPER_NOUNS = frozenset({"Excuse", "Petit", "Arba'a", "Turup", "Tarabish", "French", "Tarot",
                          "Somalia", "Cape", "Excuse's", "Petit's"})
"""Words that keep their capital after a colon in English and French: the cards and games
named as proper nouns ("the Excuse", "the Petit"), the places of the games' origins."""


def after_colon(text: str) -> str:
    """``text`` (a list of names and figures: "Tricks: you and North 20, …") as it goes on
    after a colon, in the current language: French writes a small letter there except for a
    name (:func:`clause_after_colon`); English keeps ``text`` as it is ("Scores: You −70,
    West +210": "You" names South's seat there).

    **Decision**: the rule is applied where a side's name is put after a colon by the code
    (the result lines, the game score), not inside the catalog's own sentences, which are
    written that way already."""
    return clause_after_colon(text) if language() == "fr" else text


def clause_after_colon(text: str) -> str:
    """``text`` (a sentence) as it goes on after a colon mid-sentence, in either language:
    with a small first letter ("Hint — Play 6♦: you must trump…", "Conseil — Jouer D♠ : vous
    avez écarté R♠"), except for a name: a seat ("North", "Nord", "Nord-Ouest"), a card or a
    number ("K♠", "10"), a word in capitals, a proper noun (:data:`PROPER_NOUNS`).

    **Decision** (issue 36: "Play 6♦: You must trump"): the hint and the checker put the
    reason's sentence after a colon in English as in French, so both start it small."""
    if not text:
        return text
    first = text.split(" ", 1)[0]
    names = {seat_word(letter) for letter in ("S", "W", "N", "E", "NW", "NE")}
    word = first.rstrip(",.;:!?")
    if word in names or word in PROPER_NOUNS or not first[1:2].islower():
        return text
    return text[0].lower() + text[1:]


def by_seat(seat: int | str, other: str, you: str, **values: Any) -> str:
    """The whole sentence said of ``seat``: ``you`` (a message id, the form for South: "You
    called trump.") or ``other`` (a message id with ``{seat}``: "{seat} called trump."),
    translated and filled with ``values``."""
    if _seat(seat) == 0:
        return _(you).format(**values)
    return _(other).format(seat=seat_name(seat), **values)


def team_name(team: str) -> str:
    """A side by team key: "You & North" or "West & East", in the current language."""
    return _(_TEAM_IDS[team])


def suit_name(letter: str) -> str:
    """A suit by letter as a label: "♥ Hearts" (French "♥ Cœur")."""
    return _(_SUIT_IDS[letter.upper()])


def bid_name(bid: str) -> str:
    """A French Tarot bid by record verb as the table names it: "Pass", "Take", "Guard",
    "Guard without", "Guard against" (French: Passe, Petite, Garde, Garde sans, Garde contre);
    an unknown verb as it is."""
    return BID_NAMES[bid] if bid in BID_NAMES else str(bid)


def run_kinds(runs: Sequence[Sequence[object]]) -> str:
    """Tarabish runs as another seat hears them declared: "fifty, twenty" (French "cinquante,
    tierce")."""
    return ", ".join(_(_RUN_KINDS.get(k, k)) for k in declared_kinds(runs))


def tricks(n: int) -> str:
    """A number of tricks: "1 trick", "2 tricks" (French "1 pli", "2 plis")."""
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def number(value: float) -> str:
    """A number as the current language writes it: "4.5" / "4,5" (French decimal comma), a
    whole number without decimals."""
    text = f"{value:g}"
    return text.replace(".", ",") if language() == "fr" else text


def signed(value: int) -> str:
    """A score with its sign: "+80", "-40"."""
    return f"{value:+d}"


def join_names(names: Sequence[str]) -> str:
    """Names listed in a sentence: "you and West", "you, West and North"."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


# --------------------------------------------------------------------------------------------
# Actions

def _handful_size(action: Mapping[str, Any]) -> int:
    return len(action["handful"])


def called_card(action: Mapping[str, Any]) -> bool:
    """``action`` is French Tarot's king call at five players (``{"call": "KH"}``: a card),
    not a call of trump (a suit letter, or ``"pass"``)."""
    return len(str(action.get("call", ""))) == 2


def action_label(action: Mapping[str, Any]) -> str:
    """A button label for one of South's legal actions, in the current language."""
    if "trump" in action:
        return suit_name(action["trump"])
    if called_card(action):
        return _("Call {card}").format(card=card_words(action["call"]))
    if "call" in action:
        return bid_name("pass") if action["call"] == "pass" else suit_name(action["call"])
    if "signal" in action:
        return _("Signal strong") if action["signal"] == "strong" else _("Signal weak")
    if "runs" in action:
        return _("Declare runs ({kinds})").format(kinds=run_kinds(action["runs"]))
    if "bid" in action:
        return bid_name(action["bid"])
    if "slam" in action:
        return _("Announce slam") if action["slam"] else _("No slam")
    if "handful" in action:
        n = _handful_size(action)
        return ngettext("Show handful ({n} trump)", "Show handful ({n} trumps)", n).format(n=n)
    if "ask" in action:
        return _("Ask partner first")
    if "estimate" in action:
        return tricks(action["estimate"])
    if "kort" in action:
        return _("Kort: play on") if action["kort"] else _("Stop: take 1 point")
    if "play" in action:
        card = card_words(action["play"])
        if action.get("bella"):
            return _("Play {card} (bella)").format(card=card)
        return _("Play {card}").format(card=card)
    if "discard" in action:
        return _("Lay away {card}").format(card=card_words(action["discard"]))
    return str(action)


def done_phrase(action: Mapping[str, Any]) -> str:
    """What a player has done with ``action``, to follow "would have" in a sentence (French:
    after "aurait"): "played K♥", "bid Guard", "named ♥ Hearts trump", "passed"."""
    if "play" in action:
        card = card_words(action["play"])
        if action.get("bella"):
            return _("played {card} claiming bella").format(card=card)
        return _("played {card}").format(card=card)
    if "discard" in action:
        return _("laid away {card}").format(card=card_words(action["discard"]))
    if "trump" in action:
        return _("named {suit} trump").format(suit=suit_name(action["trump"]))
    if action.get("call") == "pass" or action.get("bid") == "pass":
        return _("passed")
    if called_card(action):
        return _("called {card}").format(card=card_words(action["call"]))
    if "call" in action:
        return _("called {suit} trump").format(suit=suit_name(action["call"]))
    if "bid" in action:
        return _("bid {contract}").format(contract=bid_name(action["bid"]))
    if "slam" in action:
        return _("announced a slam") if action["slam"] else _("announced no slam")
    if "estimate" in action:
        return _("said {tricks}").format(tricks=tricks(action["estimate"]))
    if "kort" in action:
        return _("played on for kort") if action["kort"] else _("stopped with 1 point")
    if "signal" in action:
        return _("signalled strong") if action["signal"] == "strong" else _("signalled weak")
    if "runs" in action:
        return _("declared runs ({kinds})").format(kinds=run_kinds(action["runs"]))
    if "handful" in action:
        n = _handful_size(action)
        return ngettext("shown a handful of {n} trump", "shown a handful of {n} trumps",
                        n).format(n=n)
    if "ask" in action:
        return _("asked partner first")
    return _("chosen {choice}").format(choice=action_label(action))


BARE_HEADS = frozenset({"Pass", "No slam", "Announce a slam", "Bid {bid}", "Call {suit}",
                        "Call {card}", "Name {suit}", "Answer {n}", "Lead {card}", "Lead {suit}",
                        "Play {card}", "Discard {card}", "Cash {card}"})
"""The heads of the AI's reasons (their English template before the first colon) that only
name the choice: the rest of the reason is the why."""
IMPERATIVES = frozenset({"Pass", "Play", "Lead", "Win", "Take", "Ruff", "Overtrump", "Cash",
                         "Draw", "Save", "Bid", "Call", "Name", "Discard", "Signal", "Declare",
                         "Answer", "Ask", "Stop", "Show", "Announce", "No"})
"""The first English words of a reason whose head tells the player what to do (so it names
the choice itself: "Play the Petit now: …", "Win cheaply with A♥: …")."""


def _template_head(reason: str) -> str:
    """The English head of ``reason``: its template before the first colon (a template that
    is a whole inner message, as "{reason} And claim bella…", gives that message's)."""
    if isinstance(reason, Message):
        template = reason.template
        if template.startswith("{") and "}" in template:
            inner = reason.values.get(template[1:template.index("}")])
            if isinstance(inner, Message):
                return _template_head(inner)
        return template.partition(":")[0]
    return str(reason).partition(":")[0]


def advice(action: Mapping[str, Any], reason: str, reader: str = "S") -> tuple[bool, str]:
    """How to show the AI's ``reason`` for ``action`` without saying the choice twice:
    ``(with_choice, text)``, the reason said to ``reader`` in the current language and
    whether the choice is still to be named before it.

    * The reason's head only names the choice ("Pass: …", "Lead K♥: …", :data:`BARE_HEADS`):
      ``(True, the rest)`` — "would have passed: with 0 oudlers…".
    * The head tells what to do in its own words ("Play the Petit now: …", a verb of
      :data:`IMPERATIVES`) or names the choice's label, or the reason names the choice's
      card anywhere (read in the English, so that every language decides alike: "… as few
      points as you can: 6♥." is not said after "Play 6♥:" again): ``(False, the reason)``.
    * Otherwise: ``(True, the reason)``."""
    said = say(reason, reader)
    head, colon, rest = said.partition(":")
    if colon and rest.strip() and _template_head(reason) in BARE_HEADS:
        return True, rest.strip()
    whole = str(reason)
    english = whole.partition(":")[0]
    cards = [str(named_card(str(action[k]))) for k in ("play", "discard") if k in action]
    if (english.split(" ", 1)[0] in IMPERATIVES or any(c in whole for c in cards)
            or action_label(action).lower() in head.lower()):
        return False, said
    return True, said


def checker_line(action: Mapping[str, Any], reason: str) -> str:
    """The play checker's note: what the strong player would have done instead, and why, the
    choice said once (:func:`advice`). ``reason`` is the AI's reason (a
    :class:`~game.engine.message.Message`, said in the current language)."""
    with_choice, text = advice(action, reason)
    if not with_choice:
        return _("The strong player: {reason}").format(reason=clause_after_colon(text))
    return _("The strong player would have {done}: {reason}").format(
        done=done_phrase(action), reason=clause_after_colon(text))


def hint_line(action: Mapping[str, Any], reason: str) -> str:
    """The hint bubble: the strong player's choice and its one-sentence reason, the choice
    said once (:func:`advice`). ``reason`` as for :func:`checker_line`."""
    with_choice, text = advice(action, reason)
    if not with_choice:
        return _("Hint — {reason}").format(reason=text)
    return _("Hint — {choice}: {reason}").format(choice=action_label(action),
                                                  reason=clause_after_colon(text))


_HANDFULS = {20: N_("Single handful"), 30: N_("Double handful"), 40: N_("Triple handful")}
"""A handful announced, by its bonus (French: poignée simple, double, triple)."""


def handful_name(size: int, players: int = 4) -> str:
    """A handful of ``size`` cards at French Tarot's table of ``players`` named by its level
    (the engine's sizes: ten trumps are a single handful at four, a double at five): "Single
    handful", "Double handful", "Triple handful"."""
    bonus = handful_bonus(size, LAYOUTS[players].handfuls) if players in LAYOUTS else None
    return _(_HANDFULS[bonus]) if bonus in _HANDFULS else _("Handful of {n}").format(n=size)


def announce(action: Mapping[str, Any], players: int = 4) -> str | None:
    """What a seat is heard to say when it acts, in the current language (``None`` for a plain
    card play); ``players``: French Tarot's table (a handful is named by its level there)."""
    if "play" in action:
        return _("Bella!") if action.get("bella") else None
    if called_card(action):
        return _("I call {card}").format(card=card_words(action["call"]))
    if "trump" in action or "call" in action:
        suit = action.get("trump", action.get("call"))
        if suit == "pass":
            return pgettext("bid", "Pass")
        return _("Trump {suit}").format(suit=SUIT_GLYPHS[suit])
    if "signal" in action:
        return _("Knock — strong") if action["signal"] == "strong" else _("Gesture — weak")
    if "runs" in action:
        runs = action.get("runs")
        if runs is None:
            kinds = ", ".join(_(_RUN_KINDS.get(k, k)) for k in action.get("declared") or [])
        else:
            kinds = run_kinds(runs)
        return _("Runs: {kinds}").format(kinds=kinds)
    if "bid" in action:
        return bid_name(action["bid"])
    if "discard" in action:
        return None
    if "slam" in action:
        return _("Slam!") if action["slam"] else None
    if "handful" in action:
        return handful_name(_handful_size(action), players)
    if "ask" in action:
        return _("Partner, how many?")
    if "estimate" in action:
        n = action["estimate"]
        return ngettext("I can win {n} trick", "I can win {n} tricks", n).format(n=n)
    if "kort" in action:
        return _("Kort!") if action["kort"] else _("We stop")
    return None


def winner_line(winner: Any) -> str:
    """Who won the game, in the current language."""
    if isinstance(winner, list):
        names = [seat_in_sentence(s) for s in winner]
        return _("A tie between {names}.").format(names=join_names(names))
    if winner == "NS":
        return _("You and North win the game!")
    if winner == "EW":
        return _("West and East win the game.")
    return by_seat(winner, N_("{seat} wins the game."), N_("You win the game!"))


def shown_alternatives(d: Decision) -> tuple[Action, ...]:
    """The hint's :attr:`~game.engine.ai.player.Decision.alternatives` the table shows (marked
    on the table, named after a backed recommendation): none when there are more than
    :data:`~game.engine.ai.advisor.SAID_ALTERNATIVES` — a long list is not advice."""
    return d.alternatives if len(d.alternatives) <= SAID_ALTERNATIVES else ()


def hint_bubble(d: Decision) -> str:
    """The hint's bubble: its line (:func:`hint_line`), and the choices it counts as just as
    good. **Decision**: those are named only after a recommendation backed by its evidence (the
    advice of the obvious card names the cards that do as well in its own reason), and only
    when they are few (:func:`shown_alternatives`)."""
    text = hint_line(d.action, d.reason)
    others = [card_words(a["play"]) if "play" in a else card_words(a["discard"])
              if "discard" in a else action_label(a) for a in shown_alternatives(d)]
    if others and d.evidence is not None:
        text += "\n" + _("Just as good: {choices}.").format(choices=", ".join(others))
    return text

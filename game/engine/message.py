"""What the engine and the AI say, kept translatable without knowing any language but English.

A :class:`Message` **is** its English text (a ``str``: records, logs, tests and the replay
command read it exactly as before), and it remembers how it was made — its template (the
gettext message id) and its values — so that the interface can say it again in the player's
language (:func:`game.i18n.say`). The engine imports no translation: it only marks its words.

The values of a message are plain numbers and strings (shown as they are) or one of the
wrappers below, each a ``str`` holding its English form and knowing how to be said otherwise:

* :class:`Word` — an English word or phrase that is translated where it is shown ("hearts");
* :class:`Card` and :class:`Cards` — cards, in notation or as the table draws them
  (:func:`~game.engine.cards.named_card`);
* :class:`Seat` — a seat, by letter or by name;
* another :class:`Message` (a clause inside a sentence).

Messages pickle (they cross the AI's process boundary) and compare equal to their English text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def N_(text: str) -> str:
    """Mark ``text`` as a message id for the catalogs and return it unchanged (it is translated
    later, where it is shown)."""
    return text


class Message(str):
    """English text that remembers its template and values (see the module's docstring).

    ``you``: the same sentence addressed to the seat that is its subject — the template used
    when the reader sits at ``values["seat"]`` ("{seat} must follow suit {suit}" → "You must
    follow suit {suit}"). ``plural``: the plural template, with ``values["n"]`` choosing
    (:func:`counted`)."""

    template: str
    values: Mapping[str, Any]
    you: str | None
    plural: str | None

    def __new__(cls, template: str, /, *, you: str | None = None, **values: Any) -> Message:
        self = super().__new__(cls, template.format(**values))
        self.template = template
        self.values = values
        self.you = you
        self.plural = None
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (str(self), self.template, dict(self.values), self.you, self.plural))


def counted(one: str, many: str, /, n: int, **values: Any) -> Message:
    """A message whose words depend on the number ``n`` ("{n} trick" / "{n} tricks"): ``one``
    for 1 in English, else ``many`` (another language chooses by its own plural rule)."""
    self = Message(one if n == 1 else many, n=n, **values)
    self.template = one
    self.plural = many
    return self


def _rebuild(text: str, template: str, values: dict[str, Any], you: str | None,
             plural: str | None) -> Message:
    self = str.__new__(Message, text)
    self.template, self.values, self.you, self.plural = template, values, you, plural
    return self


class Word(str):
    """An English word or phrase (a message id itself), translated where it is shown: a suit's
    name, a contract, "your partner"."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (Word, (str(self),))


class Card(str):
    """One card. Its English form is either the notation (``Card("QS")``: the engine's reasons,
    which records and the replay command show) or the table's way of writing it (``Card("QS",
    "Q♠")``, made by :func:`game.engine.cards.named_card`); in a player's language it is
    always the table's way (:func:`game.i18n.card_words`)."""

    code: str

    def __new__(cls, code: str, shown: str | None = None) -> Card:
        self = super().__new__(cls, code if shown is None else shown)
        self.code = code
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.code, str(self)))


class Cards(str):
    """Several cards, written one after another with commas: in notation (``Cards(codes)``) or
    as ``shown`` (:func:`game.engine.cards.named_cards`: as the table draws them)."""

    codes: tuple[str, ...]

    def __new__(cls, codes: Iterable[str], shown: str | None = None) -> Cards:
        codes = tuple(codes)
        self = super().__new__(cls, ", ".join(codes) if shown is None else shown)
        self.codes = codes
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_cards, (self.codes, str(self)))


def _rebuild_cards(codes: tuple[str, ...], text: str) -> Cards:
    self = str.__new__(Cards, text)
    self.codes = codes
    return self


class Seat(str):
    """A seat: its English form is the letter (``Seat("N")``, in the engine's reasons) or a name
    (``Seat("N", "North")``); in a player's language, the seat's name ("Nord")."""

    letter: str

    def __new__(cls, letter: str, shown: str | None = None) -> Seat:
        self = super().__new__(cls, letter if shown is None else shown)
        self.letter = letter
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Seat, (self.letter, str(self)))

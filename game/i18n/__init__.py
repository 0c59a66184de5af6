"""The player's language: English (the source) or French, chosen at run time.

Everything a player reads passes through here: :func:`_` and :func:`ngettext` for the
interface's own words (marked in the source, translated when they are drawn, so a change of
language shows at once), :func:`say` for what the engine and the AI say
(:class:`~game.engine.message.Message`), :func:`card_words` for a card as the table draws it.
The catalogs are in ``game/locale`` (:mod:`game.i18n.catalog`).

The language is the interface's one setting held here (:func:`set_language`); the engine never
reads it. No pygame.
"""

from __future__ import annotations

import gettext
import locale
import os
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from ..engine.cards import card_words as english_card_words
from ..engine.cards import parse36, parse_tarot, pretty36, pretty_tarot
from ..engine.message import N_, Card, Cards, Message, Seat, Word
from .catalog import translations

__all__ = [
    "LANGUAGES",
    "MINUS",
    "N_",
    "_",
    "card_words",
    "language",
    "ngettext",
    "number",
    "say",
    "seat_word",
    "set_language",
    "system_language",
]

LANGUAGES = {"en": "English", "fr": "Français"}
"""The languages the game speaks, each by its code and its own name for itself."""

_current: dict[str, Any] = {"code": "en", "tr": gettext.NullTranslations()}
_loaded: dict[str, gettext.NullTranslations] = {}


def set_language(code: str) -> str:
    """Speak ``code`` from now on (an unknown code: English); returns the code in use. The
    catalog is compiled the first time a language is chosen."""
    code = code if code in LANGUAGES else "en"
    if code not in _loaded:
        _loaded[code] = translations(code)
    _current["code"], _current["tr"] = code, _loaded[code]
    return code


def language() -> str:
    """The code of the language spoken now ("en", "fr")."""
    return str(_current["code"])


def _(text: str) -> str:
    """``text`` (an English message id) in the current language."""
    return str(_current["tr"].gettext(text))


def ngettext(one: str, many: str, n: int) -> str:
    """The form of ``one``/``many`` that fits the number ``n``, in the current language."""
    return str(_current["tr"].ngettext(one, many, n))


def pgettext(context: str, text: str) -> str:
    """``text`` in the current language, where ``context`` tells apart two uses of the same
    English words ("Pass" a button, "Pass" a bid said aloud)."""
    return str(_current["tr"].pgettext(context, text))


# --------------------------------------------------------------------------------------------
# Numbers in the current language

MINUS = "\u2212"
"""The minus sign a negative number is written with (in every language: "−90", "−18,0")."""
DECIMAL_MARKS = {"fr": ","}
"""A language's decimal mark where it is not the point."""


def number(value: float, places: int = 0, sign: bool = False) -> str:
    """``value`` as the current language writes a number: rounded to ``places`` decimals,
    the language's decimal mark ("4.5", French "4,5"), a negative number with the minus
    sign :data:`MINUS` (never the hyphen: "−90", not "-90"), a positive one with "+" when
    ``sign``; a number that rounds to zero has no sign ("0", "0,0")."""
    shown = f"{abs(value):.{places}f}".replace(".", DECIMAL_MARKS.get(language(), "."))
    if round(value, places) == 0:
        return shown
    if value < 0:
        return MINUS + shown
    return "+" + shown if sign else shown


# --------------------------------------------------------------------------------------------
# Cards and seats in the current language

_FRENCH_RANKS = {"J": "V", "Q": "D", "K": "R"}
"""Court cards as French packs print them: valet, dame, roi (the Tarot's cavalier stays C)."""


def card_words(code: str) -> str:
    """A card as the table draws it in the current language: "QS" → "Q♠" (English) or "D♠"
    (French); "T7" → "trump 7" / "l'atout 7"; "EX" → "the Excuse" / "l'Excuse". Raises
    :class:`~game.engine.cards.NotationError` for a text that is not a card."""
    if language() == "en":
        return english_card_words(code)
    return rank_text(english_card_words(code), code)


def rank_text(english: str, code: str) -> str:
    """``english`` (a card or its rank as the English table writes it) as the current language
    writes it: the rank letters and the trumps' word."""
    if language() == "en":
        return english
    if code.upper() == "EX":
        return _("the Excuse")
    if english.startswith("trump "):
        return _("trump {number}").format(number=english[len("trump "):])
    rank = english[:-1] if english[-1:] in "♠♥♦♣" else english
    return _FRENCH_RANKS.get(rank, rank) + english[len(rank):]


def is_card(code: str) -> bool:
    """Whether ``code`` is a card in notation (either pack)."""
    for parse, pretty in ((parse36, pretty36), (parse_tarot, pretty_tarot)):
        try:
            pretty(parse(code))
            return True
        except ValueError:
            continue
    return False


SEAT_WORDS = {"S": N_("South"), "W": N_("West"), "N": N_("North"), "E": N_("East"),
              "NE": N_("North-East"), "NW": N_("North-West")}


def seat_word(letter: str) -> str:
    """The name of the seat ``letter`` in the current language ("West" / "Ouest")."""
    return _(SEAT_WORDS[letter])


# --------------------------------------------------------------------------------------------
# What the engine says

def say(text: str, reader: str | None = None) -> str:
    """``text`` in the current language. A :class:`~game.engine.message.Message` is translated
    from its template and its values are said in turn (cards as the table draws them, seats by
    name, words translated); when ``reader`` (a seat letter) is the message's subject and the
    message has a form addressed to its subject, that form is used ("You must follow suit").
    Any other text is a message id: translated when the catalog has it, else shown as it is."""
    if isinstance(text, Message):
        return _say_message(text, reader)
    if isinstance(text, Word):
        return _(str(text))
    if isinstance(text, Card):
        return card_words(text.code)
    if isinstance(text, Cards):
        return ", ".join(card_words(c) for c in text.codes)
    if isinstance(text, Seat):
        return seat_word(text.letter)
    return _(text) if isinstance(text, str) and text else text


class _Decimal(float):
    """A number shown with the current language's decimal mark (French: a comma)."""

    def __format__(self, spec: str) -> str:
        shown = format(float(self), spec) if spec else f"{float(self):g}"
        return shown.replace(".", ",") if language() == "fr" else shown


def _said(value: Any, reader: str | None) -> Any:
    if isinstance(value, str):
        return say(value, reader) if isinstance(value, Message | Word | Card | Cards | Seat) \
            else value
    if isinstance(value, float):
        return _Decimal(value)
    return value


def _say_message(message: Message, reader: str | None) -> str:
    seat = message.values.get("seat")
    addressed = (message.you is not None and reader is not None
                 and isinstance(seat, str) and getattr(seat, "letter", seat) == reader)
    template = message.you if addressed and message.you else message.template
    if message.plural is not None:
        pattern = ngettext(template, message.plural, int(message.values.get("n", 0)))
    else:
        pattern = _(template)
    values: Mapping[str, Any] = {k: _said(v, reader) for k, v in message.values.items()}
    try:
        return pattern.format(**values)
    except (KeyError, IndexError, ValueError):  # a catalog mistake never stops the game
        return str(message)


# --------------------------------------------------------------------------------------------
# The system's language

def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The code of the system's language if the game speaks it, else "en": the environment
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then Windows' interface language or
    macOS's first preferred language, then Python's locale."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        for part in value.split(":"):
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
            if part and part not in ("C", "POSIX") and not part.startswith("C."):
                return "en"
    code = _platform_language()
    return code if code in LANGUAGES else "en"


def _platform_language() -> str:
    try:
        if sys.platform == "win32":
            import ctypes
            lang_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            return "fr" if lang_id & 0x3FF == 0x0C else "en"
        if sys.platform == "darwin":
            out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"],
                                 capture_output=True, text=True, timeout=2).stdout
            first = out.replace("(", "").replace('"', "").strip().split(",")[0].strip()
            return first[:2].lower()
        return (locale.getlocale()[0] or "en")[:2].lower()
    except (OSError, ValueError, subprocess.SubprocessError, AttributeError):
        return "en"

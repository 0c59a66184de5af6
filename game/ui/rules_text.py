"""The rules of each game written for a newcomer, and a name and a sentence for every option.

The texts follow the project's RULES.md (which the engine implements exactly); they say what a
player needs to know to sit down and play: the deck, the deal, trump, what you must play and
why, scoring, how the game is won, and what each option changes. Each game's own sections and
option texts live in its presentation module (:mod:`game.ui.games`); this module holds their
shape, the options section and the table's controls, and puts a page together — no pygame.

A page is a list of :class:`Section`; a paragraph that starts with ``"• "`` is a bullet (drawn
with a hanging indent). The texts are written in English, and every string given to
:class:`Section` and :class:`OptionText` is a message id (``tools/messages.py`` extracts them):
:func:`page`, :func:`option_text` and :func:`value_label` give them in the current language,
translated when they are called (never at import: the language can change while the game runs).
A translated bullet starts with ``"• "`` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import games
from ..i18n import _
from .games import presentation


@dataclass(frozen=True)
class Section:
    """A heading and its paragraphs."""

    heading: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class OptionText:
    """How the screens name one game option and explain it."""

    label: str
    """A short name ("Signals", "Points to win")."""
    explain: str
    """One or two sentences: what the option changes."""
    unit: str = ""
    """How a numeric value reads, with ``{n}`` for the number ("{n} points", "{n} hands"); the
    options' numbers are all above one, so one form serves."""

    def translated(self) -> OptionText:
        """The same texts in the current language."""
        return OptionText(_(self.label), _(self.explain), _(self.unit) if self.unit else "")


def option_text(game: str, name: str) -> OptionText:
    """The label and explanation of option ``name`` of ``game`` in the current language (made
    from the option's own English help when the game's module has none, so a new option still
    shows up sensibly; every option of the four games has its texts)."""
    known = presentation(game).option_texts.get(name)
    if known is not None:
        return known.translated()
    help_text = games.get(game).every_option()[name].help
    return OptionText(name.replace("_", " ").capitalize(),
                      help_text[:1].upper() + help_text[1:] + "." if help_text else "")


def value_label(game: str, name: str, value: Any) -> str:
    """How one allowed value of an option reads on a button, in the current language:
    "On"/"Off", "10 points"."""
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    unit = option_text(game, name).unit
    return unit.format(n=value) if unit else str(value)


_CONTROLS = Section("At this table", (
    "• Play a card by dragging it to the middle of the table, by double-clicking it, or by "
    "choosing it with the arrow keys and pressing Enter.",
    "• Calls, bids and other choices appear as buttons over the table, showing only what you "
    "may legally choose. The keyboard starts on the safe choice (Pass), or on none when every "
    "choice commits you: the arrows pick one, Enter takes it.",
    "• In learning mode (the \"Learning\" switch at the table, or in Settings → Game "
    "options), cards you may not play are dimmed: point at one to read why. Hint (H) shows "
    "what the strong player would do and puts the keyboard on it, so Enter takes it; Undo "
    "(Ctrl+Z) takes back your last action, and Tracker "
    "(T) lists the cards still out; the play checker (Settings) says when the strong player "
    "would have done otherwise.",
    "• L (or \"Last trick\") shows the last trick; Escape opens the menu, where these rules "
    "are one click away; F11 switches full screen.",
    "• S shows the score sheet: every hand of the game so far, with the running totals and "
    "the deal's number (the main menu's \"Play a deal number…\" plays that game again).",
))

def options_section(game: str) -> Section:
    """The page's last section: every option of ``game``, its default and what it does."""
    spec = games.get(game)
    paras: list[str] = []
    for name, opt in spec.every_option().items():
        t = option_text(game, name)
        choices = ", ".join(value_label(game, name, v) for v in opt.choices)
        paras.append(_("• {label} — {choices} (usually {default}). {explain}").format(
            label=t.label, choices=choices, default=value_label(game, name, opt.default),
            explain=t.explain))
    paras.append(_("Change them in Settings → Game options; they apply from the next new "
                   "game."))
    return Section(_("Options"), tuple(paras))


def translated(section: Section) -> Section:
    """``section`` with its heading and paragraphs in the current language."""
    return Section(_(section.heading), tuple(_(p) for p in section.paragraphs))


def page(game: str) -> list[Section]:
    """The whole rules page of ``game`` in the current language: the rules, its options, and
    how to play here."""
    return [*(translated(s) for s in presentation(game).rules), options_section(game),
            translated(_CONTROLS)]

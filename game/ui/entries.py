"""Score lines that wrap between their entries, never inside one: each "name score" entry
("You & North 12", "East -168") is glued with no-break spaces (:data:`KEEP`), so
:func:`game.ui.render.fonts.wrap` — the one wrapping every score line goes through (the menu,
the score panel, the hand's result, the end of the game) — breaks a line only between two
entries. Never "East" at the end of one line and "-168" at the start of the next. (No pygame
here: the table's model writes score lines without it.)
"""

from __future__ import annotations

from collections.abc import Iterable

KEEP = "\u00a0"
"""A no-break space: drawn as a space, never a line break."""

DOT = f"{KEEP}{KEEP}·  "
"""Between two entries: "A  ·  B", the dot kept with the entry before it (a wrapped line
ends "A  ·", the next begins with B)."""


def entry(name: str, value: object) -> str:
    """``name`` and ``value`` as one unbreakable entry ("You & North 12")."""
    return f"{name} {value}".replace(" ", KEEP)


def entries(pairs: Iterable[tuple[str, object]], sep: str = DOT) -> str:
    """The ``(name, value)`` pairs as entries joined by ``sep`` (a line may break only at
    the regular spaces of ``sep``)."""
    return sep.join(entry(name, value) for name, value in pairs)


ITEM_SEP = " · "
"""Between two items of a keys line ("Tab: next game · Esc: back")."""


def keys_line(text: str) -> str:
    """A keys line (the hint under a page: "Tab: next game · Esc: back", French "Tab : jeu
    suivant · Échap : retour") whose items are each glued with no-break spaces: it wraps
    only between two items, the dot kept with the item before — never "Échap :" at the end
    of one line and "retour" at the start of the next."""
    return f"{KEEP}· ".join(item.replace(" ", KEEP) for item in text.split(ITEM_SEP))


def kept_with_word(template: str, field: str) -> str:
    """A message ``template`` whose ``{field}`` is glued to the word before it with a no-break
    space ("hand {number}": never "hand" at the end of one line and "1" at the start of the
    next), in whatever language the template is (a field after no space is left as it is)."""
    return template.replace(f" {{{field}}}", f"{KEEP}{{{field}}}")

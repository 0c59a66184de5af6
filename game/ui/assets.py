"""Where the bundled files (fonts, the window icon) are found at run time: one function,
:func:`path`.

The assets live inside the package (``game/ui/assets/``) and are found through
:mod:`importlib.resources`, so that a source checkout, an installed wheel (``pyproject.toml``
ships them as package data) and the PyInstaller bundle (whose resource reader answers with the
package folder under ``sys._MEIPASS``, where ``build/four-trumps.spec`` puts the same tree) all
find them the same way.
"""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

_ROOT = Path(str(resources.files(__package__ or "game.ui"))) / "assets"

BUNDLED: tuple[tuple[str, ...], ...] = (
    ("fonts", "DejaVuSans.ttf"),
    ("fonts", "DejaVuSans-Bold.ttf"),
    ("fonts", "LICENSE-DejaVu.txt"),
    ("icon.png",),
)
"""Every file the game needs at run time (the self-test checks that each is there)."""

log = logging.getLogger(__name__)


def root() -> Path:
    """The folder that holds the assets (inside the package, wherever it was loaded from)."""
    return _ROOT


def path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``path("fonts", "DejaVuSans.ttf")``; raises
    ``FileNotFoundError`` naming the file when it is missing (a broken install)."""
    p = _ROOT.joinpath(*parts)
    if not p.is_file():
        raise FileNotFoundError(f"bundled asset missing: {p}")
    return p


def missing() -> list[str]:
    """The :data:`BUNDLED` files that cannot be found (``/``-joined); empty when all are."""
    return ["/".join(parts) for parts in BUNDLED if not _ROOT.joinpath(*parts).is_file()]


def set_window_icon() -> bool:
    """Give the window the game's icon (call before the window opens: some systems take an
    icon only then). Returns False, having logged why, when the icon cannot be loaded — a
    missing icon never stops the game."""
    import pygame

    try:
        pygame.display.set_icon(pygame.image.load(str(path("icon.png"))))
    except (OSError, pygame.error) as err:
        log.warning("no window icon: %s", err)
        return False
    return True

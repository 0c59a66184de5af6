"""Where the game's files (the fonts with their licence, the window icon) are found at run time:
one function, :func:`root`, and :func:`path` on top of it.

They live in ``assets/`` at the top of the repository, and are found in three layouts:

* a source checkout (also an editable install): ``<checkout>/assets``, beside the ``game``
  package (a checkout is recognised by its ``pyproject.toml``);
* the standalone bundle (PyInstaller): ``assets/`` in the bundle's folder (``sys._MEIPASS``),
  where ``build/four-trumps.spec`` puts it;
* an installed wheel: ``pyproject.toml`` maps the folder to ``share/four-trumps/assets`` under
  the installation's prefix (setuptools' data files); it is found through the installed
  distribution's list of files, so a virtual environment, a ``--user`` install and a system
  install alike.

The self-test reports the folder it used and fails when a file of :data:`BUNDLED` is missing.
"""

from __future__ import annotations

import logging
import sys
from functools import cache
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "four-trumps"
"""The installed distribution's name (``pyproject.toml``'s ``[project] name``)."""
INSTALLED = f"share/{DISTRIBUTION}/assets"
"""Where an installed wheel puts the folder, under the installation's prefix."""
_CHECKOUT = Path(__file__).resolve().parents[2]
"""The folder that holds the ``game`` package: a source checkout's root (or site-packages)."""

BUNDLED: tuple[tuple[str, ...], ...] = (
    ("fonts", "DejaVuSans.ttf"),
    ("fonts", "DejaVuSans-Bold.ttf"),
    ("fonts", "LICENSE-DejaVu.txt"),
    ("icon.png",),
)
"""Every file the game needs at run time (the self-test checks that each is there)."""

log = logging.getLogger(__name__)


@cache
def root() -> Path:
    """The ``assets`` folder this run uses: the bundle's, the source checkout's or the installed
    wheel's (see the module's docstring). When none is found, the checkout's place, so that
    :func:`path` and :func:`missing` name the files looked for."""
    frozen = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and frozen:
        return Path(frozen) / "assets"
    if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "assets").is_dir():
        return _CHECKOUT / "assets"
    return _installed() or _CHECKOUT / "assets"


def _installed() -> Path | None:
    """The folder an installed wheel put under its prefix (``None``: not installed so)."""
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
    marker = f"/{INSTALLED}/"
    for file in dist.files or []:
        name = "/" + file.as_posix()  # e.g. /../../../share/four-trumps/assets/icon.png
        at = name.find(marker)
        if at >= 0:
            return Path(str(dist.locate_file(name[1:at + len(marker) - 1]))).resolve()
    return None


def path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``path("fonts", "DejaVuSans.ttf")``; raises
    ``FileNotFoundError`` naming the file when it is missing (a broken install)."""
    p = root().joinpath(*parts)
    if not p.is_file():
        raise FileNotFoundError(f"bundled asset missing: {p}")
    return p


def missing() -> list[str]:
    """The :data:`BUNDLED` files that cannot be found (``/``-joined); empty when all are."""
    return ["/".join(parts) for parts in BUNDLED if not root().joinpath(*parts).is_file()]


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

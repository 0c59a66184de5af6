"""Where the bundled files (fonts, sounds) are found at run time: one function, :func:`path`.

The assets live inside the package (``game/ui/assets/``) so that a source checkout, an installed
wheel (``pyproject.toml`` ships them as package data) and a PyInstaller bundle (which keeps the
package tree under ``sys._MEIPASS``) all find them the same way: relative to this module.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_ROOT = Path(str(resources.files(__package__ or "game.ui"))) / "assets"


def path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``path("fonts", "DejaVuSans.ttf")``; raises
    ``FileNotFoundError`` naming the file when it is missing (a broken install)."""
    p = _ROOT.joinpath(*parts)
    if not p.is_file():
        raise FileNotFoundError(f"bundled asset missing: {p}")
    return p

"""What ``four-trumps.spec`` needs to know besides PyInstaller's own defaults: names, the version
and its metadata for each platform, what to leave out, and where the executable ends up.

Plain Python with no PyInstaller import at module level, so ``tools/build_bundle.py`` and the
tests read the same facts the spec uses.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "four-trumps"
"""The executable's and the bundle folder's name."""
APP_NAME = "Four Trumps"
"""The program's name as people see it (the macOS .app, the Windows file description)."""
BUNDLE_ID = "org.fourtrumps.FourTrumps"
ICON_DIR = ROOT / "build" / "icon"

EXCLUDES = [
    # the standard library's parts the game never imports
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "unittest", "doctest", "pydoc",
    "pydoc_data", "test", "lib2to3", "ensurepip", "venv", "distutils", "sqlite3", "_sqlite3",
    "xmlrpc", "curses", "_curses",
    # network and TLS: only logging's unused HTTP and mail handlers would import them (and
    # without _hashlib, hashlib uses its built-in digests: no OpenSSL libraries to carry)
    "ssl", "_ssl", "_hashlib", "http", "smtplib",
    # the development tools that share the environment
    "setuptools", "pkg_resources", "pip", "PyInstaller", "hypothesis", "pytest", "_pytest",
    "ruff", "pygments",
    # pygame's optional extras (numpy backs surfarray/sndarray, which the game does not use)
    "numpy", "pygame.tests", "pygame.examples", "pygame.docs", "pygame.__pyinstaller",
]
"""Modules kept out of the bundle (most would come in through pygame's and the tools'
optional imports)."""


def version() -> str:
    """The program's version, ``game.__version__`` (read as text: the spec does not import the
    game)."""
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.MULTILINE)
    if found is None:
        raise ValueError("game/__init__.py has no __version__")
    return found.group(1)


def version_tuple(text: str) -> tuple[int, int, int, int]:
    """``"1.2.3"`` (or ``"1.2.3rc1"``) as the four numbers a Windows version resource holds."""
    numbers = [int(m.group()) if (m := re.match(r"\d+", part)) else 0
               for part in text.split(".")[:4]]
    a, b, c, d = (*numbers, 0, 0, 0, 0)[:4]
    return a, b, c, d


def windows_version_info(text: str) -> Any:
    """The Windows version resource (file and product version, names) — Windows only: the
    classes need ``pefile``, which PyInstaller installs only there."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = version_tuple(text)
    strings = [
        vi.StringStruct("CompanyName", "Four Trumps"),
        vi.StringStruct("FileDescription", APP_NAME),
        vi.StringStruct("FileVersion", text),
        vi.StringStruct("InternalName", NAME),
        vi.StringStruct("OriginalFilename", f"{NAME}.exe"),
        vi.StringStruct("ProductName", APP_NAME),
        vi.StringStruct("ProductVersion", text),
        vi.StringStruct("LegalCopyright", "MIT licence"),
    ]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[vi.StringFileInfo([vi.StringTable("040904B0", strings)]),
              vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])])])


def info_plist(text: str) -> dict[str, Any]:
    """Extra ``Info.plist`` entries of the macOS .app."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": text,
        "CFBundleVersion": text,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.card-games",
    }


def platform_key(platform: str = sys.platform) -> str:
    """``linux``, ``windows`` or ``macos``."""
    if platform.startswith("win"):
        return "windows"
    return "macos" if platform == "darwin" else "linux"


def strip_binaries(platform: str = sys.platform) -> bool:
    """Whether to strip debug symbols: on Linux, when ``strip`` (binutils) is installed.

    **Decision**: not on macOS (stripping there would break the signatures of the libraries
    that come signed) nor on Windows (no ``strip``; the DLLs carry no debug symbols)."""
    return platform_key(platform) == "linux" and shutil.which("strip") is not None


def icon(platform: str = sys.platform) -> Path:
    """The icon file the executable (Windows) or the .app (macOS) carries."""
    return ICON_DIR / (f"{NAME}.icns" if platform_key(platform) == "macos" else f"{NAME}.ico")


def executable(dist: Path, platform: str = sys.platform) -> Path:
    """The built program inside ``dist`` (inside the .app on macOS)."""
    key = platform_key(platform)
    if key == "macos":
        return dist / f"{APP_NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (f"{NAME}.exe" if key == "windows" else NAME)


def shipped(dist: Path, platform: str = sys.platform) -> Path:
    """What a player downloads (zipped): the bundle folder, or the .app on macOS."""
    if platform_key(platform) == "macos":
        return dist / f"{APP_NAME}.app"
    return dist / NAME

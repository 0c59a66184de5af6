"""What ``four-trumps.spec`` needs to know besides PyInstaller's own defaults: names, the version
and its metadata for each platform, what to leave out, where the executable ends up, and the
compiled engine that takes the place of the ``.py`` one (:func:`compiled_engine`,
:func:`with_compiled_engine`).

Plain Python with no PyInstaller import at module level, so ``tools/build_bundle.py`` and the
tests read the same facts the spec uses.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import re
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "four-trumps"
"""The executable's and the bundle folder's name."""
APP_NAME = "Four Trumps"
"""The program's name as people see it (the macOS .app, the Windows file description)."""
BUNDLE_ID = "org.fourtrumps.FourTrumps"
ICON_DIR = ROOT / "build" / "icon"
NATIVE = ROOT / ".native"
"""Where ``tools/build_engine.py`` compiles the engine (``game/engine_choice.py``'s build)."""

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


Entry = tuple[str, str, str]
"""One line of PyInstaller's tables of contents: name in the bundle, source path, type."""


class EngineNotCompiled(Exception):
    """The compiled engine is not there to be bundled; the message says why and what to do."""


def engine_choice() -> ModuleType:
    """``game/engine_choice.py``, loaded from its file on its own: the spec and the build
    read its facts (the shared module's name, the build's check) without importing the
    ``game`` package, whose import would choose an engine in the builder's process."""
    spec = importlib.util.spec_from_file_location("_four_trumps_engine_choice",
                                                  ROOT / "game" / "engine_choice.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extension_module(path: Path, root: Path) -> str | None:
    """The dotted name of the extension module at ``path`` under ``root``
    (``game/engine/ai/hard.cpython-311-x86_64-linux-gnu.so`` → ``game.engine.ai.hard``, a
    package's ``__init__`` → the package), or ``None`` when ``path`` is no extension module
    for this Python."""
    name = path.name
    suffix = next((s for s in importlib.machinery.EXTENSION_SUFFIXES if name.endswith(s)), None)
    if suffix is None:
        return None
    parts = [*path.relative_to(root).parent.parts, name.removesuffix(suffix)]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def compiled_engine(native: Path = NATIVE) -> dict[str, Entry]:
    """The compiled engine's extension modules in the build folder ``native``, by module name,
    as the binaries' entries that put each where the bundle's ``game`` package has it: every
    compiled module of ``game.engine`` and the code they share (``engine_choice.GROUP``, a
    top-level module each of them imports by name). Raises :class:`EngineNotCompiled` when
    there is no build made from the sources as they are (``engine_choice.usable``)."""
    choice = engine_choice()
    why = choice.usable(native)
    if why:
        raise EngineNotCompiled(f"{why}: the bundle ships the compiled engine "
                                f"(python tools/build_engine.py builds it in {native})")
    group = choice.group_file(native)
    assert group is not None  # usable() saw it
    found: dict[str, Entry] = {}
    for path in sorted([group, *(native / "game" / "engine").rglob("*")]):
        name = extension_module(path, native)
        if name is not None:
            found[name] = (str(path.relative_to(native)), str(path), "EXTENSION")
    return found


def with_compiled_engine(pure: Iterable[Entry], binaries: Iterable[Entry],
                         engine: dict[str, Entry]) -> tuple[list[Entry], list[Entry]]:
    """PyInstaller's pure modules and binaries with the compiled ``engine``
    (:func:`compiled_engine`) in place of the ``.py`` modules it was compiled from.

    **Decision**: the analysis runs on the sources as they are, so it sees every import the
    engine makes (an extension module's imports are invisible to it, and mypyc's code imports
    what the ``.py`` file imports: no hidden imports to list); then each compiled module
    leaves the archive of pure modules and its extension module joins the binaries, at the
    same place in the package (``game/engine/...``), the shared code at the top level. The
    engine's modules left interpreted (``message``) stay in the archive."""
    kept = [entry for entry in pure if entry[0] not in engine]
    clash = {entry[0] for entry in binaries} & {entry[0] for entry in engine.values()}
    if clash:
        raise ValueError(f"already among the binaries: {', '.join(sorted(clash))}")
    return kept, [*binaries, *engine.values()]

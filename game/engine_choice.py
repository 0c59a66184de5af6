"""Which engine runs: the compiled one or the pure-Python one, from the same ``.py`` files.

``tools/build_engine.py`` compiles ``game/engine`` (the AI included) with mypyc into
``.native/`` beside the ``game`` package (ignored by git): ``.native/game/engine`` holds the
extension modules (with copies of the sources they came from) and ``.native`` the compiled code
they share, :data:`GROUP` (mypyc's runtime included). :func:`choose`, called once by
``game/__init__.py`` before anything imports the engine, puts ``.native/game`` first on the
``game`` package's path — so that ``game.engine`` is imported from there, every other part of
``game`` from its sources — but only when that build was made from these very sources (a
digest of every engine ``.py`` file, :func:`sources_digest`, written by the build in
:data:`STAMP`): an edited rule never runs stale compiled code. Otherwise, or with
``FOUR_TRUMPS_ENGINE=pure`` in the environment, the ``.py`` engine runs.

In the standalone bundle the extension modules sit in ``game/engine`` itself: there is nothing
to choose. :func:`kind` says, from the modules actually imported, which engine runs.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

VARIABLE = "FOUR_TRUMPS_ENGINE"
"""The environment variable that asks for the pure-Python engine (``pure``)."""
GROUP = "four_trumps_engine__mypyc"
"""The extension module holding the compiled engine's code, which each module's own extension
loads: at the top level, beside ``game``."""
STAMP = "engine.stamp"
"""The build folder's record of what it was compiled from (JSON; ``sources`` is the digest)."""
PACKAGE = Path(__file__).resolve().parent
DEFAULT_BUILD = PACKAGE.parent / ".native"
COMPILED = "compiled (mypyc)"
PURE = "pure Python"

why_pure = ""
"""Why the pure-Python engine runs where a compiled one could ("" when compiled, or when no
build was looked for); set once by :func:`choose`."""


def sources_digest(package: Path = PACKAGE) -> str:
    """A digest of every ``.py`` file of ``package/engine`` (path and bytes, sorted)."""
    digest = hashlib.sha256()
    engine = package / "engine"
    for path in sorted(engine.rglob("*.py")):
        digest.update(path.relative_to(engine).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def group_file(build: Path) -> Path | None:
    """The compiled code shared by the engine's modules in ``build``, if there."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = build / f"{GROUP}{suffix}"
        if path.exists():
            return path
    return None


def usable(build: Path) -> str:
    """"" when ``build`` holds an engine compiled from this package's sources, else why not."""
    try:
        stamp = json.loads((build / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "the compiled engine is not built"
    if group_file(build) is None:
        return "the compiled engine is not built"
    if not isinstance(stamp, dict) or stamp.get("sources") != sources_digest():
        return "the compiled engine was built from other sources (rebuild it)"
    return ""


def choose(package_path: list[str], build: Path = DEFAULT_BUILD) -> None:
    """Put the compiled engine in ``build`` first on ``package_path`` (the ``game`` package's
    ``__path__``) when it may run (see the module's docstring); leave it alone otherwise."""
    global why_pure
    if getattr(sys, "frozen", False):
        return
    if os.environ.get(VARIABLE, "").lower() == "pure":
        why_pure = f"{VARIABLE}=pure"
        return
    if not build.is_dir():
        return
    why_pure = usable(build)
    if why_pure:
        return
    path = group_file(build)
    assert path is not None
    spec = importlib.util.spec_from_file_location(GROUP, path)
    if spec is None or spec.loader is None:  # pragma: no cover (a file just seen)
        why_pure = "the compiled engine cannot be loaded"
        return
    try:
        module = importlib.util.module_from_spec(spec)
        sys.modules[GROUP] = module
        spec.loader.exec_module(module)
    except ImportError as err:  # built for another Python, say
        sys.modules.pop(GROUP, None)
        why_pure = f"the compiled engine cannot be loaded ({err})"
        return
    package_path.insert(0, str(build / "game"))


def kind() -> str:
    """Which engine runs: :data:`COMPILED` or :data:`PURE` (from the engine's modules as
    imported, whatever was asked for)."""
    from game.engine import cards

    loader = getattr(cards, "__loader__", None)
    compiled = (isinstance(loader, importlib.machinery.ExtensionFileLoader)
                or str(getattr(cards, "__file__", "")).endswith(
                    tuple(importlib.machinery.EXTENSION_SUFFIXES)))
    return COMPILED if compiled else PURE


def describe() -> str:
    """One line for the log and the self-test: the engine that runs, and why pure if so."""
    running = kind()
    if running == PURE and why_pure:
        return f"engine: {running} ({why_pure})"
    return f"engine: {running}"

"""The marks the compiled engine's build reads in the source (``tools/build_engine.py``).

The engine is compiled with mypyc from these same ``.py`` files. A class whose instances are
used as plain Python objects — their attributes listed with ``vars()``, copied whole, cached
on by name — is marked ``@mypyc_attr(native_class=False)``: it stays a Python class there
(its methods still compiled). In pure Python, and where mypy's extensions are not installed,
the mark does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python engine without mypy installed: the mark is a no-op

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """Leave the class as it is."""
        return lambda cls: cls


__all__ = ["mypyc_attr"]

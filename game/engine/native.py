"""The marks the compiled engine's build reads in the source (``tools/build_engine.py``).

The engine is compiled with mypyc from these same ``.py`` files. A class whose instances are
used as plain Python objects is marked ``@mypyc_attr(native_class=False)``: it stays a Python
class there (its methods still compiled). So are the hands (their attributes listed with
``vars()`` by the snapshots, copied whole by ``clone``, cached on by name by the playout
kernels), the match (made with ``cls.__new__``) and every frozen dataclass (copied, and pickled
to the search's processes: mypyc's copy of a native instance sets its fields one by one, which
a frozen class refuses) — but those on the hot paths (the seats, the packs), which stay
native and are copied through their constructor instead (``__reduce__``, :func:`rebuilt`).
A native class that a caller outside the engine may subclass — a player (the ``strong``
player the play checker asks), a search's share (given through a player's ``spread``) — is
marked ``@mypyc_attr(allow_interpreted_subclasses=True)``: a compiled class otherwise refuses
a subclass written in Python.
In pure Python, and where mypy's extensions are not installed, the mark does nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final

COMPILED: Final = not __file__.endswith(".py")
"""Whether this engine runs compiled, read once from this module's own file (an extension
module when compiled): where the fastest way differs, the engine takes the one of the engine
that runs (never a different result)."""

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python engine without mypy installed: the mark is a no-op

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """Leave the class as it is."""
        return lambda cls: cls


def rebuilt(obj: Any) -> tuple[Any, ...]:
    """What ``__reduce__`` answers for a frozen dataclass kept a native class (one on the hot
    paths): copy and pickle make it again through its constructor, with its fields' values."""
    return (type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj)))


def is_instance(obj: object, cls: type) -> bool:
    """``isinstance(obj, cls)``, for a class marked as above that has subclasses. Written
    inline in a compiled module, such a check answers False for every instance of a subclass
    (mypyc 2.4 checks the classes it compiled itself by their known subclasses, and it does not
    record those of the classes it leaves Python classes); through this function it is Python's
    own check (mypy does not narrow the type through it: ``cast`` after it)."""
    return isinstance(obj, cls)


__all__ = ["is_instance", "mypyc_attr", "rebuilt"]

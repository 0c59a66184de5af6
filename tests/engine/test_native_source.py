"""What the compiled engine needs of the engine's source (``tools/build_engine.py``,
``game/engine/native.py``), checked on the source itself, with no compiler."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


def _trees() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(ENGINE.rglob("*.py"))}


def _python_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """The classes marked ``@mypyc_attr(native_class=False)``."""
    marked = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(d, ast.Call) and getattr(d.func, "id", "") == "mypyc_attr"
                    and any(k.arg == "native_class" for k in d.keywords)
                    for d in node.decorator_list):
                marked.add(node.name)
    return marked


def _subclassed(trees: dict[Path, ast.Module]) -> set[str]:
    """Every class name some engine class inherits from."""
    bases = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    name = base.attr if isinstance(base, ast.Attribute) else getattr(
                        base, "id", None)
                    if name:
                        bases.add(name)
    return bases


def test_no_inline_isinstance_of_a_subclassed_python_class() -> None:
    """Compiled, ``isinstance(x, C)`` answers False for every subclass instance when ``C`` is a
    class kept a Python class that has subclasses (mypyc records no subclasses for those):
    such checks go through ``native.is_instance``."""
    trees = _trees()
    risky = _python_classes(trees) & _subclassed(trees)
    assert {"HandState", "TrickHand", "SomaliHand", "TarotState"} <= risky
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                    "isinstance", "issubclass") and len(node.args) == 2):
                kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [
                    node.args[1]]
                for kind in kinds:
                    name = kind.attr if isinstance(kind, ast.Attribute) else getattr(
                        kind, "id", None)
                    if name in risky:
                        found.append(f"{path.relative_to(ENGINE)}:{node.lineno} {name}")
    assert not found, found


def test_no_bare_instances() -> None:
    """mypyc refuses ``Cls.__new__(Cls)`` copies of its classes: a class that makes its
    instances that way is kept a Python class."""
    trees = _trees()
    marked = _python_classes(trees)
    for path, tree in trees.items():
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for node in ast.walk(cls):
                if (isinstance(node, ast.Attribute) and node.attr == "__new__"
                        and path.name != "message.py"):  # message.py stays interpreted
                    assert cls.name in marked, f"{path.relative_to(ENGINE)}: {cls.name}"


NEVER_COPIED = {"Difference"}
"""Frozen dataclasses that are never copied or pickled (daily.py's rows of par's comparison,
made and shown in one process): native as they are."""


def test_every_frozen_dataclass_copies_compiled() -> None:
    """mypyc's copy and pickle of a native frozen dataclass set its fields one by one, which
    the class refuses: each is kept a Python class or copied through its constructor
    (``__reduce__``)."""
    trees = _trees()
    marked = _python_classes(trees)
    for path, tree in trees.items():
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            frozen = any(isinstance(d, ast.Call) and any(
                k.arg == "frozen" and getattr(k.value, "value", False) is True
                for k in d.keywords) for d in cls.decorator_list)
            reduces = any(isinstance(n, ast.FunctionDef) and n.name == "__reduce__"
                          for n in cls.body)
            if frozen and cls.name not in NEVER_COPIED:
                assert cls.name in marked or reduces, f"{path.relative_to(ENGINE)}: {cls.name}"

"""How deep the slow tests go: one switch for the whole suite.

By default the property tests and the tests that loop over random hands or seeds play a modest
number — enough that every game still meets thousands of random hands across the suite — so
the whole check stays within minutes. With ``FOUR_TRUMPS_DEEP=1`` in the environment every such
count is :data:`DEEP_FACTOR` times larger (for a search before a release, or beside the
benchmarks): ``FOUR_TRUMPS_DEEP=1 .venv/bin/python -m pytest tests/engine``.

The hypothesis profiles ``default`` and ``deep`` (registered and chosen in ``conftest.py`` from
the same switch) set the count of a property test that names none; a test that names its own
writes it as ``@examples(n)``, a loop as ``range(count(n))``.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import settings

DEEP_VARIABLE = "FOUR_TRUMPS_DEEP"
DEEP = os.environ.get(DEEP_VARIABLE, "").strip() not in ("", "0")
"""True when the deep mode is asked for (the variable set to anything but empty or 0)."""
DEEP_FACTOR = 10
"""How many times more random hands, seeds or examples the deep mode plays."""
PROFILE = "deep" if DEEP else "default"
"""The hypothesis profile ``conftest.py`` loads."""
DEFAULT_EXAMPLES = 100
"""A property test's examples when it names none (hypothesis' own default)."""


def count(default: int) -> int:
    """How many random hands (seeds, positions) a loop plays: ``default``, times
    :data:`DEEP_FACTOR` in the deep mode."""
    return default * DEEP_FACTOR if DEEP else default


def examples(default: int, **kwargs: Any) -> settings:
    """The settings of a property test that plays ``default`` examples (:func:`count` of them:
    more in the deep mode), with no deadline (a random hand's time varies) and any other
    settings given (``derandomize``, ``suppress_health_check``…)."""
    return settings(max_examples=count(default), deadline=None, **kwargs)


def register_profiles() -> None:
    """Register the ``default`` and ``deep`` hypothesis profiles and load the one the switch
    asks for."""
    settings.register_profile("default", max_examples=DEFAULT_EXAMPLES)
    settings.register_profile("deep", max_examples=count(DEFAULT_EXAMPLES))
    settings.load_profile(PROFILE)

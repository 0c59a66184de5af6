"""The compiled engine and the pure-Python engine make the same game (issue 37): the same
source, compiled with mypyc or not, decides and replays byte for byte alike.

Through ``tools/compare_engines.py``, both engines each in a process of its own, at once: at
least :data:`POSITIONS` positions of every game and table size (deals played by normal
players), at each the normal player's decision and an untimed hard player's — its action,
reason, values and layouts, on :data:`LAYOUTS` sampled layouts (solved exactly near the end of
a hand, as the table's are) — and the replay of every record of ``tests/records`` (the shared
records' copies among them) and of every lesson's hand. ``FOUR_TRUMPS_DEEP=1`` plays ten times
the positions. Skipped where no compiled engine is built from these sources (a machine with the
pure engine only): ``python tools/build_engine.py`` builds it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from depth import count

from game import engine_choice

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import compare_engines  # a tool, beside the game

POSITIONS = 1000
"""Positions of every game and table size compared (the deep mode: ten times as many)."""
LAYOUTS = 4
"""The hard player's layouts at every position: its floor, from a budget too small for more."""
TINY_BUDGET_MS = 0.001

not_built = engine_choice.usable(engine_choice.DEFAULT_BUILD)
pytestmark = pytest.mark.skipif(
    bool(not_built), reason=f"no compiled engine to compare with the pure one: {not_built}")


def test_the_compiled_and_the_pure_engine_decide_and_replay_alike() -> None:
    comparison = compare_engines.compare(1, count(POSITIONS), 1, TINY_BUDGET_MS)
    report = "\n".join(comparison.report())
    assert comparison.ran_compiled, report
    positions = comparison.positions()
    assert len(positions) == len(compare_engines.TABLES), report
    assert all(n >= count(POSITIONS) and hard == n for n, hard in positions.values()), report
    layouts = Counter(json.loads(line)["hard"][-1] for line in comparison.pure[1:]
                      if line.startswith('{"at"'))
    assert set(layouts) == {0, LAYOUTS}, layouts  # 0: no search (a bid, a single candidate)
    replays = [line for line in comparison.pure if line.startswith('{"replay"')]
    assert len(replays) == len(compare_engines.replayed()) >= 25, report
    assert comparison.same, report

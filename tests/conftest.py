"""Test setup: no display and no sound card, whatever machine runs the tests; the hypothesis
profile of the depth asked for (``FOUR_TRUMPS_DEEP=1``: many more random hands, see
``depth.py``)."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the settings' language defaults to the system's: English here
sys.path.insert(0, str(Path(__file__).resolve().parent))

import depth

depth.register_profiles()


def pytest_report_header() -> str:
    """Say on the first lines of the run how deep it goes."""
    return (f"depth: {depth.PROFILE} ({depth.DEEP_VARIABLE}=1: {depth.DEEP_FACTOR} times the "
            "random hands)")

"""Test setup: no display and no sound card, whatever machine runs the tests."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the settings' language defaults to the system's: English here
sys.path.insert(0, str(Path(__file__).resolve().parent))

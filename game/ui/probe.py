"""The start-up probe: how long the game takes to show its first frame.

With ``FOUR_TRUMPS_FIRST_FRAME=1`` in the environment the game draws and shows its first frame
as usual, then prints ``first-frame <seconds since the epoch>`` on standard output (and in the
log) and quits. ``tools/measure_bundle.py`` starts the game, notes the time just before, and
takes the difference: process start to first frame, whatever starts the process (the bundle's
bootloader or ``python -m game``).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .app import App

ENV = "FOUR_TRUMPS_FIRST_FRAME"
PREFIX = "first-frame "

log = logging.getLogger(__name__)


def install(app: App, environ: Mapping[str, str] = os.environ) -> bool:
    """When ``environ`` asks for the probe, make ``app``'s first frame print its time and end
    the frame loop; returns whether it did (otherwise nothing changes)."""
    if not environ.get(ENV):
        return False

    def first_frame() -> None:
        app.after_frame.remove(first_frame)
        app.draw()
        pygame.display.flip()
        line = f"{PREFIX}{time.time():.6f}"
        if sys.stdout is not None:
            print(line, flush=True)
        log.info(line)
        app.quit()

    app.after_frame.append(first_frame)
    return True

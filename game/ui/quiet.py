"""The C libraries' noise kept out of the terminal (issue 36): what SDL and the libraries under it
(ALSA's "ALSA lib … cannot find card '0'", "XDG_RUNTIME_DIR is invalid") print on the process's
standard error while the display and the sound start goes to the game's log instead.

They write to file descriptor 2 directly, below Python, so :func:`into_log` points that
descriptor at a temporary file for the time of a start-up call and logs each line it caught.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

log = logging.getLogger(__name__)

STDERR = 2
"""The descriptor the C libraries write their errors to."""


@contextlib.contextmanager
def into_log(what: str) -> Iterator[None]:
    """While the block runs, what is written on descriptor 2 (standard error: the C libraries
    write there) goes to the log (one ``INFO`` line each, marked ``what``), not to the
    terminal; standard error is back as it was afterwards, also when the block raises. Where
    there is no descriptor 2 to point elsewhere (a windowed executable) the block runs as it
    is.

    **Decision**: only the start of the display and of the sound is muffled, never the game's
    run — a crash's traceback still reaches the terminal (and the log)."""
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(STDERR)
    except (OSError, ValueError):
        yield
        return
    with tempfile.TemporaryFile() as caught:
        try:
            os.dup2(caught.fileno(), STDERR)
        except OSError:
            os.close(saved)
            yield
            return
        try:
            yield
        finally:
            with contextlib.suppress(OSError, ValueError):
                if sys.stderr is not None:
                    sys.stderr.flush()
            os.dup2(saved, STDERR)
            os.close(saved)
            caught.seek(0)
            text = caught.read().decode("utf-8", "replace")
            for line in text.splitlines():
                if line.strip():
                    log.info("%s: %s", what, line.rstrip())

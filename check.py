"""Run every check: ``python3 check.py`` — ruff, then the whole test suite (pytest).

Sets itself up on the first run. Extra arguments go to pytest. Exits non-zero when anything fails.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap

if __name__ == "__main__":
    python = bootstrap.ensure("test")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    status = bootstrap.run(python, ["-m", "ruff", "check", "."], env)
    if status:
        print("ruff found problems (above).", flush=True)
        sys.exit(status)
    sys.exit(bootstrap.run(python, ["-m", "pytest", *sys.argv[1:]], env))

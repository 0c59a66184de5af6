"""Play Four Trumps: ``python3 play.py`` (sets itself up on the first run)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap

if __name__ == "__main__":
    if bootstrap.display_missing(sys.argv[1:]):  # said at once, before any set-up
        sys.exit(bootstrap.NO_DISPLAY)
    sys.exit(bootstrap.run(bootstrap.ensure(), ["-m", "game", *sys.argv[1:]]))

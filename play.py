"""Play Four Trumps: ``python3 play.py`` (sets itself up on the first run)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap

if __name__ == "__main__":
    sys.exit(bootstrap.run(bootstrap.ensure(), ["-m", "game", *sys.argv[1:]]))

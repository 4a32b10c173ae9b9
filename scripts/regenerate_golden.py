"""Write the golden playthrough files, tests/golden/<game>-<n>p.txt, for every registered game
(or the games named) at every player count. Run it after an intended change of behaviour and
review the diff:

    make golden                                          # every game
    .venv/bin/python scripts/regenerate_golden.py ilium  # one game
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
sys.path.insert(0, str(GOLDEN_DIR))

from playthrough import write_all  # noqa: E402

import kleos  # noqa: E402


def main() -> None:
    """Write the golden files and list the files written."""
    parser = argparse.ArgumentParser(description="Write the golden playthrough files.")
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    games = parser.parse_args().games
    unknown = sorted(set(games) - set(kleos.game_ids()))
    if unknown:
        parser.error(f"unknown games {unknown} (games: {', '.join(kleos.game_ids())})")
    for path in write_all(games):
        print(f"wrote {path.relative_to(GOLDEN_DIR.parent.parent)}")


if __name__ == "__main__":
    main()

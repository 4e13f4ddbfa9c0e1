"""The bundled puzzles (or the files given): how many, their themes and
levels, and the time to find them, as a ratio to the baseline of the same
run (reading the boards without solving anything).

Every board of ``lessons/puzzles.pbn`` carries a ``PuzzleCard`` mark; each is
checked by one solve of its position (the card costs a trick, the position is
worth a puzzle).  With ``--full`` the marks are ignored and every board gets
the whole post-mortem, the way a file from elsewhere is mined.

    python bench/puzzles.py [--full] [FILE ...]
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from pathlib import Path

from bridgekit.formats import read_boards
from bridgekit.tutor.puzzle import MARK, default_sources, find_puzzles


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--full"]
    full = "--full" in sys.argv[1:]
    paths = [Path(a) for a in args] or default_sources()
    print(f"load average {os.getloadavg()[0]:.1f}")
    t0 = time.perf_counter()
    boards = [(b, p.name) for p in paths for b in read_boards(str(p)) if getattr(b, "play", None) is not None]
    base = time.perf_counter() - t0
    if full:
        for b, _ in boards:
            b.tags.pop(MARK, None)  # type: ignore[attr-defined]
    t1 = time.perf_counter()
    found = list(find_puzzles(boards))
    spent = time.perf_counter() - t1
    themes = Counter(t for pz in found for t in pz.themes)
    levels = Counter(pz.level for pz in found)
    print(f"{len(found)} puzzles from {len(boards)} boards with play ({'full post-mortem' if full else 'marks'})")
    print("themes: " + ", ".join(f"{k} {v}" for k, v in themes.most_common()))
    print("levels: " + ", ".join(f"{k}: {levels[k]}" for k in sorted(levels)))
    print(f"found in {spent:.1f} s; reading {base:.2f} s; ratio {spent / max(base, 1e-9):.0f}; "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

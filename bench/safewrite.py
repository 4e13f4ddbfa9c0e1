"""Benchmark: what the safe write path costs (``bridgekit.safeio.Output``).

Writes the same boards (N copies of samples/match.pbn's boards, default
5,000) as PBN in the same run, three ways:

* baseline: ``open(path, "w")`` and ``write_pbn`` straight into the target
  (what a careless tool does: a crash leaves half a file),
* ``Output``: temporary file, fsync, rename over the target, the target
  locked meanwhile (what every bridgekit command does),
* ``Output`` on a target that does not exist yet (no lock, no owner copy).

Prints boards per second for each and the ratio to the baseline.
Usage: ``python bench/safewrite.py [N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from bridgekit.formats import read_boards
from bridgekit.formats.pbn import write_pbn
from bridgekit.safeio import Output

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "match.pbn"


def best_of(repeat: int, run: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", nargs="?", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sample = list(read_boards(str(SAMPLE)))
    boards = [sample[i % len(sample)] for i in range(args.boards)]
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "out.pbn"
        fresh = Path(tmp) / "fresh.pbn"

        def plain() -> None:
            with open(target, "w", encoding="utf-8", newline="") as f:
                write_pbn(boards, f)

        def safe() -> None:
            with Output(str(target)) as out:
                write_pbn(boards, out.stream)
                out.commit()

        def safe_new() -> None:
            fresh.unlink(missing_ok=True)
            with Output(str(fresh)) as out:
                write_pbn(boards, out.stream)
                out.commit()

        plain()  # the target exists for the timed runs
        size = target.stat().st_size
        base = best_of(args.repeat, plain)
        timed = best_of(args.repeat, safe)
        timed_new = best_of(args.repeat, safe_new)
    n = args.boards
    print(f"{n:,} boards, {size / 1e6:.1f} MB of PBN, best of {args.repeat}")
    print(f"  baseline open(path, 'w'):        {n / base:10,.0f} boards/s ({base:.2f} s)")
    print(f"  Output (replace, locked, fsync): {n / timed:10,.0f} boards/s ({timed:.2f} s), "
          f"{base / timed:.2f}x baseline")
    print(f"  Output (new file, fsync):        {n / timed_new:10,.0f} boards/s ({timed_new:.2f} s), "
          f"{base / timed_new:.2f}x baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())

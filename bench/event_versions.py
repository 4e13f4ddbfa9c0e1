"""Benchmark: ``read_event`` of two versions of bridgekit, paired, in one run.

Generates the 100,000-result session of ``bench/event.py`` (2,000 boards of
50 tables) once, then times each version's ``read_event --method mp`` on it
in a fresh process, alternately (A B A B ...), several rounds: the CPU
seconds of the event itself (the boards are read and their ScoreTables
parsed first, outside the timing; import and parse are printed apart), the
median of each version and the median of the ratios round by round (pairing
keeps the ratio meaningful when the machine's speed drifts).

A version is a source tree holding ``bridgekit/``: a checkout, or an old
revision extracted with ``git archive REV | tar -x -C DIR``.

    python bench/event_versions.py OLD_TREE NEW_TREE [--rounds 6] [--boards 2000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from event import generate  # noqa: E402  (bench/event.py: the same session)

CHILD = """
import sys, time
t0 = time.process_time()
from bridgekit.event import EventOptions, Method, read_event
from bridgekit.formats.pbn import read_pbn
t1 = time.process_time()
with open(sys.argv[1], encoding="utf-8") as f:
    boards = list(read_pbn(f, "event.pbn"))
for b in boards:
    b.tables.get("ScoreTable")
t2 = time.process_time()
ev = read_event(boards, EventOptions(method=Method.MP))
t3 = time.process_time()
assert not ev.problems and ev.results == int(sys.argv[2]), (ev.problems[:3], ev.results)
print(t1 - t0, t2 - t1, t3 - t2)
"""


def run(tree: Path, path: str, results: int) -> tuple[float, float, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", CHILD, path, str(results)], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    imp, parse, event = (float(x) for x in out)
    return imp, parse, event


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--boards", type=int, default=2000)
    ap.add_argument("--rows", type=int, default=50)
    args = ap.parse_args(argv)
    results = args.boards * args.rows
    table, _games = generate(args.boards, args.rows, 13)
    with tempfile.TemporaryDirectory() as d:
        path = str(Path(d) / "event.pbn")
        Path(path).write_text(table, encoding="utf-8")
        print(f"load average {os.getloadavg()[0]:.1f}; {results:,} results, {args.rounds} rounds")
        timings: dict[str, list[tuple[float, float, float]]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            timings["old"].append(run(args.old, path, results))
            timings["new"].append(run(args.new, path, results))
    for name in ("old", "new"):
        imp, parse, event = (statistics.median(t[i] for t in timings[name]) for i in range(3))
        spread = [t[2] for t in timings[name]]
        print(f"{name}: read_event {event:.3f} s CPU (min {min(spread):.3f}, max {max(spread):.3f}); "
              f"import {imp:.3f}, read and parse {parse:.3f}")
    ratios = [n[2] / o[2] for o, n in zip(timings["old"], timings["new"])]
    print("new/old, round by round: " + " ".join(f"{r:.3f}" for r in ratios))
    print(f"median ratio new/old {statistics.median(ratios):.3f}; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

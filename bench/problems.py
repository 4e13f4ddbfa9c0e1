"""Check every bundled declarer problem with the solver, over all its layouts.

For each problem of ``lessons/problems.toml`` (or the files given),
``check_problem`` plays its line on every layout against the double-dummy
defence of that layout: a card some consistent layout beats, a layout where
the line fails, a missing decisive card or a key card that is not the only
one that makes is a failure.  Printed: one row per problem (layouts, positions
solved, seconds, verdict), the totals, and the time of the whole check as a
ratio to the baseline of the same run: solving the opening position of every
layout once (what any use of the problem costs at least).  Exit 1 when a
problem fails.

    python bench/problems.py [FILE.toml ...]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from bridgekit import dds
from bridgekit.tutor.problem import LayoutSolver, check_problem, load_problems


def main() -> int:
    paths = [Path(a) for a in sys.argv[1:]] or [None]
    problems = [p for path in paths for p in load_problems(path)]
    print(f"load average {os.getloadavg()[0]:.1f}; {len(problems)} problems")
    t0 = time.perf_counter()
    for p in problems:
        dds.solve_positions([(d, p.strain, p.leader, [p.lead]) for d in p.layouts])
    base = time.perf_counter() - t0
    failed = 0
    t1 = time.perf_counter()
    for p in problems:
        start = time.perf_counter()
        solver = LayoutSolver(p)
        report = check_problem(p, solver)
        verdict = "ok" if report.ok else "FAIL: " + "; ".join(report.failures[:2])
        failed += not report.ok
        print(f"{p.id:<24} level {p.level}  {len(p.layouts):>2} layouts  {solver.solved:>5} positions  "
              f"{time.perf_counter() - start:6.1f} s  {verdict}"[:160], flush=True)
    total = time.perf_counter() - t1
    print(f"{len(problems) - failed} of {len(problems)} well posed; check {total:.1f} s, baseline (opening "
          f"positions) {base:.1f} s, ratio {total / max(base, 1e-9):.1f}; load average {os.getloadavg()[0]:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Check every bundled declarer problem with the solver, over all its layouts.

For each problem of ``lessons/problems.toml`` (or the files given),
``check_problem`` plays its line on every layout against the double-dummy
defence of that layout: a card some consistent layout beats, a layout where
the line fails, a missing decisive card or a key card that is not the only
one that makes is a failure.  Then ``line_decisions`` plays the line as the
runner does (its defence over the layouts still possible) and weighs each
decision by looking ahead through every card that is safe on every layout
(``LineSearch``: a card can look safe and still lead to a guess): how many are *forced* (one group of cards), *unique* (one group keeps
a winning line: the line's), *open* (several groups do, others lose: the
order of winners) and *free* (every card wins).  A line card that does not
keep a winning line, or a look-ahead past its limit, is a failure.  Printed:
one row per problem (layouts, positions solved, the decisions, seconds,
verdict), the totals, and the time of the whole check as a ratio to the
baseline of the same run: solving the opening position of every layout once
(what any use of the problem costs at least).  Exit 1 when a problem fails.

    python bench/problems.py [FILE.toml ...]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from bridgekit import dds
from bridgekit.tutor.problem import LayoutSolver, check_problem, line_decisions, load_problems


def main() -> int:
    paths = [Path(a) for a in sys.argv[1:]] or [None]
    problems = [p for path in paths for p in load_problems(path)]
    print(f"load average {os.getloadavg()[0]:.1f}; {len(problems)} problems")
    t0 = time.perf_counter()
    for p in problems:
        dds.solve_positions([(d, p.strain, p.leader, [p.lead]) for d in p.layouts])
    base = time.perf_counter() - t0
    failed = 0
    counts: dict[str, int] = {}
    t1 = time.perf_counter()
    for p in problems:
        start = time.perf_counter()
        solver = LayoutSolver(p)
        report = check_problem(p, solver)
        lines = line_decisions(p, solver)
        failures = report.failures + [f"the line's {w} leaves no sure line" for w in lines.line_loses[:1]]
        if lines.complete and not lines.made:
            failures.append("the line fails against the runner's defence")
        if not lines.complete:
            failures.append(f"look-ahead past {lines.positions} positions")
        for kind, n in lines.counts.items():
            counts[kind] = counts.get(kind, 0) + n
        verdict = "ok" if not failures else "FAIL: " + "; ".join(failures[:2])
        failed += bool(failures)
        c = lines.counts
        print(f"{p.id:<24} {p.level} {len(p.layouts):>2} layouts {solver.solved:>6} pos  forced {c['forced']:>3} "
              f"unique {c['unique']:>3} open {c['open']:>3} free {c['free']:>3}  "
              f"{time.perf_counter() - start:5.1f} s  {verdict}"[:170], flush=True)
    total = time.perf_counter() - t1
    print("decisions of the lines, all layouts: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(f"{len(problems) - failed} of {len(problems)} well posed; check {total:.1f} s, baseline (opening "
          f"positions) {base:.1f} s, ratio {total / max(base, 1e-9):.1f}; load average {os.getloadavg()[0]:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

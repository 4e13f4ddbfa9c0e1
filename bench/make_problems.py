"""Find declarer problems on seeded deals, for ``lessons/problems.toml``.

Not a benchmark: the tool that built the bundled set (run it again to grow
it).  The search itself is the library's (``bridgekit/tutor/problem_finder.py``,
which also makes problems from a teacher's dealer script or PBN deals:
``bridgekit lesson problem SCRIPT.dl``); this runs it on seeded random deals
(deal ``Deal.random(Random(seed))``, dealer ``seed % 4``) and prints each
problem found as a TOML table.

    python bench/make_problems.py --seeds 0-200 > /tmp/found.toml
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bridgekit.deal import Deal
from bridgekit.seats import Seat
from bridgekit.tutor.problem_finder import find_problem, toml_of


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0-50")
    ap.add_argument("--want", type=int, default=1000)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    found = 0
    t0 = time.time()
    for seed in range(int(lo), int(hi or lo) + 1):
        deal = Deal.random(random.Random(seed))
        try:
            done = find_problem(f"s{seed}", deal, Seat(seed % 4))
        except Exception as e:  # noqa: BLE001 - a tool: report and go on
            print(f"# seed {seed}: {e}", file=sys.stderr)
            continue
        if done is None:
            continue
        raw = done[1]
        print(toml_of(raw), flush=True)
        found += 1
        print(f"# seed {seed}: {raw['id']} level {raw['level']} {raw['themes']} ({time.time() - t0:.0f} s)",
              file=sys.stderr)
        if found >= args.want:
            break


if __name__ == "__main__":
    main()

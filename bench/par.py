"""The generic par solver against DDS's par, on seeded random deals.

    python bench/par.py [--deals 10000] [--all-vul]

DD tables come from bench/ddcache.py's cache (deals it lacks are solved and
added; the first run over 10,000 deals takes a while).  For each deal, with
the vulnerability and dealer of the board-number cycle: bridgekit's generic
solver under the contract profile against DDS's par (score and contracts),
then the level of the par contract under each profile, which shows why
Auction Bridge par sits low.  Prints agreement, throughputs and the ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ddcache import load_or_solve  # noqa: E402

from bridgekit.analysis.par import par  # noqa: E402
from bridgekit.dds import dds_par  # noqa: E402
from bridgekit.rules import find_profile  # noqa: E402
from bridgekit.seats import Seat, Vul, dealer_for_board  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=10000)
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--all-vul", action="store_true",
                    help="each deal under all 16 vulnerability/dealer combinations, not the board's")
    args = ap.parse_args()
    rows = load_or_solve(args.deals, args.cache)
    if args.all_vul:
        cases = [(table, vul, dealer, deal) for deal, table in rows for vul in Vul for dealer in Seat]
    else:
        cases = [(table, Vul.for_board(i + 1), dealer_for_board(i + 1), deal)
                 for i, (deal, table) in enumerate(rows)]

    start = time.perf_counter()
    ref = [dds_par(t, v, d) for t, v, d, _ in cases]
    t_dds = time.perf_counter() - start
    score = find_profile("contract").score
    start = time.perf_counter()
    mine = [par(t, v, d, score) for t, v, d, _ in cases]
    t_mine = time.perf_counter() - start

    same_score = sum(a.score == b.score for a, b in zip(mine, ref))
    same_contracts = sum(a.par_contract() == b.par_contract() for a, b in zip(mine, ref))
    n = len(cases)
    how = "all 16 vulnerability/dealer combinations each" if args.all_vul else \
        "vulnerability and dealer from the board number"
    print(f"par on {len(rows)} random deals, {n} cases ({how})")
    print(f"  same par score as DDS:      {same_score}/{n}")
    print(f"  same par contracts as DDS:  {same_contracts}/{n}")
    for i, (a, b) in enumerate(zip(mine, ref)):
        if a.score != b.score or a.par_contract() != b.par_contract():
            print(f"  case {i + 1}: bridgekit {a.score} {a.par_contract()}, DDS {b.score} {b.par_contract()}")
    print(f"  DDS DealerParBin:      {n / t_dds:10.0f} deals/s")
    print(f"  bridgekit generic par: {n / t_mine:10.0f} deals/s  (ratio {t_dds / t_mine:.3f} of DDS's speed)")

    print("\nlevel of the par contract (passed out = 0), percent of deals:")
    levels: dict[str, Counter[int]] = {}
    for name in ("contract", "auction-1920", "auction-classic"):
        fn = find_profile(name).score
        start = time.perf_counter()
        results = [par(t, v, d, fn, deal) for t, v, d, deal in cases]
        elapsed = time.perf_counter() - start
        levels[name] = Counter(r.contracts[0].contract.level if r.contracts else 0 for r in results)
        print(f"  {name:16s}" + "".join(f"{k}:{100 * levels[name][k] / n:5.1f}  " for k in range(8))
              + f"  ({n / elapsed:.0f} deals/s)")
    if same_score != n:
        sys.exit(1)


if __name__ == "__main__":
    main()

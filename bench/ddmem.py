"""Peak memory of ``bridgekit dd`` when every table is known (cached): the
same at 10,000 and 100,000 boards.

    python bench/ddmem.py [--boards 10000 100000]

For each size: N seeded random deals are written to a PBN file and a fresh
deal cache is filled with a table for each (synthetic tables: this measures
the memory of the path, not the solver, which never runs).  Then, each in a
process of its own, peak RSS (ru_maxrss) of:

* ``dd IN --cache C -o OUT``: every table from the deal cache, boards
  streamed from reader to writer with the tags added;
* ``dd OUT --no-cache --json``: every table from the DoubleDummyTricks tags
  bridgekit wrote (tied to their deals by the fingerprint), JSON streamed.

Prints the figures and the ratio of the largest size to the smallest (flat:
close to 1).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgekit.analysis.ddcache import DealCache, deal_key  # noqa: E402
from bridgekit.dds import DDTable  # noqa: E402
from bridgekit.deal import Deal  # noqa: E402

MEASURE = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def peak_mb(cmd: list[str]) -> tuple[float, float]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", MEASURE, *cmd], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]) / 1024, time.perf_counter() - start


def fill_cache(deals: Iterable[Deal], cache: Path, rng: random.Random) -> None:
    """A deal cache at ``cache`` with a synthetic table for each deal (the
    solver never runs: what is measured is the path of a cached table)."""
    with DealCache(cache) as c:
        batch = []
        for deal in deals:
            batch.append((deal_key(deal), DDTable(tuple(rng.randint(0, 13) for _ in range(20)))))
            if len(batch) == 5000:
                c.put_many(batch)
                batch.clear()
        c.put_many(batch)


def prepare(n: int, tmp: Path) -> tuple[Path, Path]:
    rng = random.Random(n)
    src = tmp / f"in{n}.pbn"
    cache = tmp / f"cache{n}"
    deals = [Deal.random(rng) for _ in range(n)]
    with open(src, "w") as f:
        for i, deal in enumerate(deals):
            f.write(f'[Board "{i + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n\n')
    fill_cache(deals, cache, rng)
    return src, cache


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, nargs="+", default=[10000, 100000])
    args = ap.parse_args()
    bk = [sys.executable, "-m", "bridgekit"]
    results: dict[str, list[float]] = {"cache": [], "tags": []}
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        for n in args.boards:
            src, cache = prepare(n, tmp)
            out = tmp / f"out{n}.pbn"
            mb, t = peak_mb([*bk, "dd", str(src), "--cache", str(cache), "-o", str(out)])
            results["cache"].append(mb)
            print(f"  {n:>7} boards  dd -o, tables from the deal cache:   {mb:6.1f} MB peak ({t:5.1f} s)", flush=True)
            mb, t = peak_mb([*bk, "dd", str(out), "--no-cache", "--json"])
            results["tags"].append(mb)
            print(f"  {n:>7} boards  dd --json, tables from tied tags:    {mb:6.1f} MB peak ({t:5.1f} s)", flush=True)
            src.unlink()
            out.unlink()
    for what, figures in results.items():
        print(f"  {what}: largest/smallest peak {figures[-1] / figures[0]:.2f}")


if __name__ == "__main__":
    main()

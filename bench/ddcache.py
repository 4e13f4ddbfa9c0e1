"""Reproducible random deals and their DD tables, cached in a text file.

One line per deal: ``<PBN deal from North> <DoubleDummyTricks hex>``.  Deals
come from ``random.Random(seed)``, so a cache can always be rebuilt (and is
checked: the deal on each line must be the one the seed produces).  The cache
grows by appending, so an interrupted run keeps what it solved.

    python bench/ddcache.py 10000            # fill the default cache
    python bench/ddcache.py 300 --fixture    # write tests/data/dd_tables.txt
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgekit.dds import DDTable, dd_tables  # noqa: E402
from bridgekit.deal import Deal  # noqa: E402

SEED = 20261129
FIXTURE = ROOT / "tests" / "data" / "dd_tables.txt"


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bridgekit-bench" / f"dd_tables_{SEED}.txt"


def random_deals(n: int, seed: int = SEED) -> list[Deal]:
    rng = random.Random(seed)
    return [Deal.random(rng) for _ in range(n)]


def read_cache(path: Path) -> list[tuple[Deal, DDTable]]:
    out: list[tuple[Deal, DDTable]] = []
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        deal_text, _, hex_text = line.rpartition(" ")
        out.append((Deal.parse(deal_text), DDTable.from_pbn(hex_text)))
    return out


def load_or_solve(n: int, path: Path | None = None, seed: int = SEED, quiet: bool = False) -> list[tuple[Deal, DDTable]]:
    """The first ``n`` seeded deals with their DD tables, solving what the
    cache at ``path`` lacks (and appending it there)."""
    path = path or default_cache()
    deals = random_deals(n, seed)
    cached = read_cache(path)
    for i, (deal, _) in enumerate(cached[:n]):
        if deal != deals[i]:
            raise SystemExit(f"{path}: line {i + 1} is not deal {i + 1} of seed {seed}; delete the cache")
    if len(cached) >= n:
        return cached[:n]
    path.parent.mkdir(parents=True, exist_ok=True)
    todo = deals[len(cached):]
    start = time.perf_counter()
    done = 0
    with path.open("a") as f:
        for k in range(0, len(todo), 200):
            chunk = todo[k:k + 200]
            tables = dd_tables(chunk)
            for deal, table in zip(chunk, tables):
                f.write(f"{deal} {table.to_pbn()}\n")
                cached.append((deal, table))
            f.flush()
            done += len(chunk)
            if not quiet:
                rate = done / (time.perf_counter() - start)
                print(f"  solved {len(cached)}/{n} ({rate:.1f} deals/s)", file=sys.stderr)
    return cached[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int, nargs="?", default=None,
                    help="deals wanted in the cache (none: just report what it holds)")
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--fixture", action="store_true", help=f"also write the first n to {FIXTURE}")
    args = ap.parse_args()
    if args.n is None:
        path = args.cache or default_cache()
        print(f"{path}: {len(read_cache(path))} deals with DD tables (seed {SEED})")
        return
    rows = load_or_solve(args.n, args.cache)
    if args.fixture:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        with FIXTURE.open("w") as f:
            f.write(f"# {args.n} random deals (random.Random({SEED}), Deal.random) and their DDS tables;\n"
                    f"# written by bench/ddcache.py {args.n} --fixture.  <deal> <DoubleDummyTricks>\n")
            for deal, table in rows:
                f.write(f"{deal} {table.to_pbn()}\n")
        print(f"wrote {FIXTURE}")


if __name__ == "__main__":
    main()

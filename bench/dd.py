"""``bridgekit dd`` against raw endplay ``calc_all_tables``, same deals, same run.

    python bench/dd.py [--deals 200]

The deals (seeded, bench/ddcache.py's seed) are written to PBN files of 40
boards.  Round by round (so that load from other processes hits both alike):
raw endplay solves 40 deals built from their PBN strings with
``calc_all_tables``; then ``bridgekit dd FILE -o OUT`` runs in-process (read
the file, solve, write the tags).  Then ``bridgekit dd`` runs once more over
all the written files, where every table comes from its DoubleDummyTricks tag.
Prints both throughputs, the ratio (target >= 0.95), and the cached speed-up
(target >= 100x).  Both paths must give the same tables.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from click.testing import CliRunner  # noqa: E402
from ddcache import random_deals  # noqa: E402

from bridgekit.cli import cli  # noqa: E402
from bridgekit.dds import dd_table  # noqa: E402
from bridgekit.seats import Vul, dealer_for_board  # noqa: E402

ROUND = 40


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    args = ap.parse_args()
    deals = random_deals(args.deals)
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EDeal, Denom, Player
    dd_table(deals[0])  # load both libraries before timing anything

    runner = CliRunner()
    t_raw = t_bk = 0.0
    raw_tables: list[dict[str, dict[str, int]]] = []
    bk_rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for r in range(0, len(deals), ROUND):
            chunk = deals[r:r + ROUND]
            src = Path(tmp) / f"in{r}.pbn"
            out = Path(tmp) / f"out{r}.pbn"
            src.write_text("".join(
                f'[Board "{r + i + 1}"]\n[Dealer "{dealer_for_board(r + i + 1)}"]\n'
                f'[Vulnerable "{Vul.for_board(r + i + 1)}"]\n[Deal "{d}"]\n\n' for i, d in enumerate(chunk)))
            start = time.perf_counter()
            tables = calc_all_tables([EDeal(str(d)) for d in chunk])
            copied = [{p.abbr: {s: t[den, p] for s, den in
                                (("C", Denom.clubs), ("D", Denom.diamonds), ("H", Denom.hearts),
                                 ("S", Denom.spades), ("NT", Denom.nt))} for p in Player} for t in tables]
            t_raw += time.perf_counter() - start
            raw_tables.extend(copied)
            start = time.perf_counter()
            result = runner.invoke(cli, ["dd", str(src), "-o", str(out), "--no-cache"])
            t_bk += time.perf_counter() - start
            assert result.exit_code == 0, result.output
            outs.append(str(out))
        start = time.perf_counter()
        result = runner.invoke(cli, ["dd", *outs, "--json", "--no-cache"])
        t_cached = time.perf_counter() - start
        assert result.exit_code == 0, result.output
        bk_rows = json.loads(result.stdout)
    assert all(r["from"] == "tag" for r in bk_rows)
    same = sum(r["tricks"] == t for r, t in zip(bk_rows, raw_tables))
    n = len(deals)
    print(f"{n} deals, rounds of {ROUND}")
    print(f"  raw endplay calc_all_tables: {n / t_raw:7.2f} deals/s ({t_raw:.1f} s)")
    print(f"  bridgekit dd -o (file in, file out): {n / t_bk:7.2f} deals/s ({t_bk:.1f} s)")
    print(f"  ratio bridgekit/raw: {t_raw / t_bk:.3f}  (target >= 0.95)")
    print(f"  cached second run: {n / t_cached:7.0f} deals/s ({t_cached:.3f} s), "
          f"{t_bk / t_cached:.0f}x faster than the first (target >= 100x)")
    print(f"  same tables from both paths: {same}/{n}")
    if same != n:
        sys.exit(1)


if __name__ == "__main__":
    main()

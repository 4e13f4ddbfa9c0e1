"""``bridgekit dealer`` against the real ``dealer`` (Hans van Staveren's C
program), whole processes, the same scripts, the same run.

    python bench/dealer.py [--deals 1000000] [--rounds 3]

Four scripts: a simple condition; a 1NT opener with a five-card major
opposite; variables, shapes and top4 over all four seats; a rare condition
(about one deal in 10,000).  Each runs with ``-g DEALS`` and actions that
only count (so every generated deal is tested and both programs stop at the
same count).  Round by round the two programs alternate (load from other
processes hits both alike); the median wall time of each, start-up
included, gives deals tested per second and the ratio bridgekit/dealer
(target >= 0.5, aim 1); the "cpu" column is the same ratio by CPU seconds
(user + system), which other processes' load disturbs less.  Also the largest resident memory of bridgekit at
DEALS and at 4 x DEALS (flat: the same).  Prints the load average.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BRIDGEKIT = [sys.executable, "-m", "bridgekit", "dealer"]

SCRIPTS = {
    "simple": """
condition hcp(north) >= 20
action average "north" hcp(north)
""",
    "1NT + 5-card major": """
nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)
major = spades(south) >= 5 || hearts(south) >= 5
condition nt && major
action average "south" hcp(south), frequency "spades" (spades(south), 0, 13)
""",
    "four seats, shapes, top4": """
n1 = hcp(north) >= 12 && (spades(north) >= 5 || hearts(north) >= 5)
e1 = top4(east, spades) >= 2 || top4(east, hearts) >= 2
s1 = shape(south, any 4441 + any 5431 + any 5422) && loser(south) <= 8
w1 = hcp(west) < 10 && top4(west) >= 1
condition n1 && (e1 || s1) && w1
action average "tops" top4(north) + top4(east) + top4(south) + top4(west)
""",
    "rare (1 in 10,000)": """
condition hcp(north) >= 22 && shape(north, any 7xxx + any 8xxx)
action average "north" hcp(north)
""",
}


def _dealer() -> str | None:
    return shutil.which("dealer") or ("/usr/games/dealer" if os.path.exists("/usr/games/dealer") else None)


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _time(cmd: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of a whole process, and its output."""
    start, cpu = time.perf_counter(), _cpu()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, _cpu() - cpu, proc.stdout


def _counts(out: str) -> tuple[int, int]:
    g = int(re.search(r"Generated (\d+) hands", out).group(1))  # type: ignore[union-attr]
    p = int(re.search(r"Produced (\d+) hands", out).group(1))  # type: ignore[union-attr]
    return g, p


def _max_rss(cmd: list[str]) -> int:
    """Largest resident memory of a command, in MB (a child of a fresh interpreter)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True, check=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], capture_output=True, text=True, check=True).stdout
    return int(out.strip()) // 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    dealer = _dealer()
    if dealer is None:
        sys.exit("dealer is not installed (apt-get install dealer)")
    print(f"load average at start: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(f"{args.deals:,} deals a run, median of {args.rounds} rounds, whole processes")
    print(f"{'script':26} {'dealer/s':>11} {'bridgekit/s':>12} {'ratio':>6} {'cpu':>6}  accepted (dealer, bridgekit)")
    ratios: list[float] = []
    cpu_ratios: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in SCRIPTS.items():
            path = Path(tmp) / "s.dl"
            path.write_text(text)
            t_c: list[float] = []
            t_b: list[float] = []
            cpu_c: list[float] = []
            cpu_b: list[float] = []
            for r in range(args.rounds):
                seed = str(r + 1)
                dt, dc, out_c = _time([dealer, "-s", seed, "-g", str(args.deals), str(path)])
                t_c.append(dt)
                cpu_c.append(dc)
                dt, dc, out_b = _time([*BRIDGEKIT, str(path), "-s", seed, "-g", str(args.deals)])
                t_b.append(dt)
                cpu_b.append(dc)
                gc, pc = _counts(out_c)
                gb, pb = _counts(out_b)
                assert gc == gb == args.deals, (gc, gb)
            rate_c = args.deals / statistics.median(t_c)
            rate_b = args.deals / statistics.median(t_b)
            ratios.append(rate_b / rate_c)
            cpu_ratio = statistics.median(cpu_c) / statistics.median(cpu_b)
            cpu_ratios.append(cpu_ratio)
            print(f"{name:26} {rate_c:11,.0f} {rate_b:12,.0f} {rate_b / rate_c:6.2f} {cpu_ratio:6.2f}  {pc}, {pb}")
        path = Path(tmp) / "s.dl"
        path.write_text(SCRIPTS["simple"])
        small = _max_rss([*BRIDGEKIT, str(path), "-s", "1", "-g", str(args.deals)])
        large = _max_rss([*BRIDGEKIT, str(path), "-s", "1", "-g", str(4 * args.deals)])
    print(f"geometric mean ratio {statistics.geometric_mean(ratios):.2f} (target >= 0.5, aim 1); "
          f"by CPU seconds {statistics.geometric_mean(cpu_ratios):.2f}")
    print(f"bridgekit memory: {small} MB at {args.deals:,} deals, {large} MB at {4 * args.deals:,}")
    print(f"load average at end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()

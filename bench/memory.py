"""Peak memory of the commands that read boards, at 10,000 and 100,000
generated boards: streaming shows as the same peak at both sizes.  ``dd
(cached)`` runs with a deal cache holding a (synthetic) table for every deal
(``bench/ddmem.py``'s ``fill_cache``): the path of a cached table, no solver.
Each command runs in a process of its own (``bench/peak.py``).

    python bench/memory.py                   # 10,000 and 100,000 boards
    python bench/memory.py --sizes 1000 10000
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from ddmem import fill_cache
from peak import measure

from bridgekit.deal import Deal

COMMANDS = {"check": ["check"], "convert": ["convert", "{in}", "{out}"], "show": ["show"], "score": ["score"],
            "score -o": ["score", "{in}", "-o", "{out}"], "score --json": ["score", "--json"],
            "score --jsonl": ["score", "--jsonl"], "score --csv": ["score", "--csv"],
            "check --json": ["check", "--json"], "show --json": ["show", "--json"],
            "dd (cached)": ["dd", "{in}", "--cache", "{cache}"]}


def pbn_boards(n: int, path: Path) -> list[Deal]:
    """Write ``n`` generated boards to ``path``; their deals."""
    rng = random.Random(n)
    deals = [Deal.random(rng) for _ in range(n)]
    with open(path, "w", encoding="utf-8") as f:
        for i, deal in enumerate(deals, 1):
            f.write(f'[Event "memory"]\n[Board "{i}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
                    '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n[Auction "N"]\n1NT Pass 3NT AP\n\n')
    return deals


def lin_boards(n: int, path: Path) -> None:
    rng = random.Random(n)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(1, n + 1):
            deal = Deal.random(rng)
            hands = ",".join("".join(s + "".join(r.letter for r in deal.hands[seat].ranks(suit))
                                     for s, suit in zip("SHDC", (3, 2, 1, 0)))
                             for seat in (2, 3, 0))
            f.write(f"qx|o{i}|md|3{hands},|sv|o|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--only", nargs="+", metavar="NAME", default=None,
                        help='Only these rows (e.g. --only "score" "score -o").')
    args = parser.parse_args()
    results: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for n in args.sizes:
            pbn, lin, out = Path(folder) / "b.pbn", Path(folder) / "b.lin", Path(folder) / "out.pbn"
            deals = pbn_boards(n, pbn)
            lin_boards(n, lin)
            cache = Path(folder) / f"cache{n}"
            fill_cache(deals, cache, random.Random(0))
            del deals
            jobs = [(name, [a.format(**{"in": pbn, "out": out, "cache": cache}) for a in cmd])
                    for name, cmd in COMMANDS.items()]
            jobs.append(("LIN check", ["check", str(lin)]))
            if args.only:
                jobs = [job for job in jobs if job[0] in args.only]
            for name, cmd in jobs:
                if "{in}" not in " ".join(COMMANDS.get(name, [])) and name != "LIN check":
                    cmd = cmd + [str(pbn)]
                run = measure([sys.executable, "-m", "bridgekit", *cmd], args.timeout)
                results.setdefault(name, []).append(f"{run.peak_mb:.0f} MB" + (" (timeout)" if run.timed_out else "")
                                                    + f" {run.seconds:.0f} s")
                print(f"{n:>7} boards  {name:<13} {results[name][-1]}", file=sys.stderr, flush=True)
    print(f"{'command':<14}" + "".join(f"{n:>20,}" for n in args.sizes))
    for name, cells in results.items():
        print(f"{name:<14}" + "".join(f"{c:>20}" for c in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())

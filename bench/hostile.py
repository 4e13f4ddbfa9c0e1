"""Hostile constructs: time and peak memory of ``bridgekit check`` on files
made of one construct repeated to 16 KB, 32 KB, 100 KB and 1 MB (and 10 MB
for the one-line cases), against a baseline in the same run: a normal PBN
file of the same size.  Linear reading shows as a flat ratio to the baseline
and a time growing like the size (x10 from 100 KB to 1 MB, not x100).

    python bench/hostile.py                 # all constructs, up to 1 MB
    python bench/hostile.py --big           # also the 10 MB single lines
    python bench/hostile.py --only braces   # one construct
    python bench/hostile.py --timeout 60    # give up on a run after 60 s
    python bench/hostile.py --ties          # only `bridgekit event` on one ScoreTable of
                                            # 1,000 to 10,000 tied rows (linear: x10 rows, x10 time)
    python bench/hostile.py --show-token    # only `bridgekit show` on a game whose comment is one
                                            # token of 1 to 10 MB (linear: x10 size, x10 time)

Each run is a separate process (its peak RSS is its own, read with wait4).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Callable

from peak import measure

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "samples" / "match.pbn").read_text(encoding="utf-8")

GAME = """[Event "hostile"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
"""


def repeat(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit))


# name -> (file suffix, text of about ``size`` bytes)
CONSTRUCTS: dict[str, tuple[str, Callable[[int], str]]] = {
    "baseline": (".pbn", lambda n: repeat(SAMPLE + "\n", n)),
    "braces": (".pbn", lambda n: GAME + "\n" + repeat("{\n", n)),
    "open-brace-line": (".pbn", lambda n: GAME + "{" + repeat("x ", n) + "\n"),
    "brace-pairs": (".pbn", lambda n: GAME + repeat("{a}", n) + "\n"),
    "tokens-before-game": (".pbn", lambda n: repeat("x ", n) + "\n\n" + GAME),
    "tokens-in-game": (".pbn", lambda n: GAME + repeat("x ", n) + "\n"),
    "bracket-words": (".pbn", lambda n: GAME + repeat("[a] ", n) + "\n"),
    "open-brackets": (".pbn", lambda n: GAME + repeat("[\n", n)),
    "bracket-line": (".pbn", lambda n: GAME + repeat("[", n) + "\n"),
    "quotes-in-tags": (".pbn", lambda n: GAME + repeat('[a "\\" ', n) + "\n"),
    "escaped-quotes": (".pbn", lambda n: GAME + '[Auction "N"]\n' + repeat('\\"', n) + ";\n"),
    "section-quotes": (".pbn", lambda n: GAME + '[Auction "N"]\n' + repeat('\\"', n) + "\n"),
    "semicolons": (".pbn", lambda n: GAME + repeat(";\n", n)),
    "percent-lines": (".pbn", lambda n: GAME + repeat("%\n", n)),
    "calls": (".pbn", lambda n: GAME + '[Auction "N"]\n' + repeat("P ", n) + "\n"),
    "notes-and-nags": (".pbn", lambda n: GAME + '[Auction "N"]\n1C ' + repeat("=1= $2 ", n) + "\n"),
    "cards": (".pbn", lambda n: GAME + '[Play "W"]\n' + repeat("SA ", n) + "\n"),
    "tag-lines": (".pbn", lambda n: GAME + "".join(f'[T{i} "v"]\n' for i in range(max(1, n // 12)))),
    "note-tags": (".pbn", lambda n: GAME + '[Auction "N"]\n1C\n' + repeat('[Note "1:x"]\n', n)),
    "table": (".pbn", lambda n: GAME + '[ScoreTable "A;B"]\n' + repeat('"x" ', n) + "\n"),
    "lin-calls": (".lin", lambda n: "md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|" + repeat("mb|p|", n)),
    "lin-cards": (".lin", lambda n: "md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1C|mb|p|mb|p|mb|p|"
                  + repeat("pc|SA|", n)),
    "lin-junk": (".lin", lambda n: "md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|" + repeat("x|", n)),
}
SIZES = (16 << 10, 32 << 10, 100 << 10, 1 << 20)
BIG = 10 << 20


def run(path: Path, timeout: float, command: str = "check") -> tuple[float | None, float, int]:
    """(seconds or None when over ``timeout``, seconds, peak RSS in MB) of one
    ``bridgekit COMMAND path`` (output discarded)."""
    result = measure([sys.executable, "-m", "bridgekit", command, str(path)], timeout, cwd=str(ROOT))
    return (None if result.timed_out else result.seconds), result.seconds, round(result.peak_mb)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", help="only these constructs (repeatable)")
    parser.add_argument("--big", action="store_true", help="also 10 MB files")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is stopped (60)")
    parser.add_argument("--ties", action="store_true", help="only event on ScoreTables of tied rows")
    parser.add_argument("--show-token", action="store_true", help="only show on a single-token comment")
    args = parser.parse_args()
    if args.ties:
        return ties(args.timeout)
    if args.show_token:
        return show_token(args.timeout)
    names = args.only or list(CONSTRUCTS)
    sizes = SIZES + ((BIG,) if args.big else ())
    baseline: dict[int, float] = {}
    print(f"{'construct':<20}" + "".join(f"{_size(s):>16}" for s in sizes) + "   1MB/100KB")
    with tempfile.TemporaryDirectory() as folder:
        for name in ["baseline"] + [n for n in names if n != "baseline"]:
            suffix, make = CONSTRUCTS[name]
            cells = []
            times: dict[int, float] = {}
            for size in sizes:
                path = Path(folder) / f"{name}{suffix}"
                path.write_text(make(size), encoding="utf-8")
                seconds, elapsed, rss = run(path, args.timeout)
                if seconds is None:
                    cells.append(f">{args.timeout:.0f}s {rss}MB")
                    continue
                times[size] = seconds
                if name == "baseline":
                    baseline[size] = seconds
                    cells.append(f"{seconds:.2f}s {rss}MB")
                else:
                    cells.append(f"{seconds:.2f}s x{seconds / baseline[size]:.1f} {rss}MB")
            growth = times.get(1 << 20, 0) / times[100 << 10] if (100 << 10) in times and (1 << 20) in times else 0
            print(f"{name:<20}" + "".join(f"{c:>16}" for c in cells) + f"   {growth:>6.1f}", flush=True)
    print("cells: seconds, x ratio to the baseline file of the same size, peak RSS (MB);"
          " last column: time at 1 MB / time at 100 KB (10 when linear, 100 when quadratic)")
    return 0


def tied_table(rows: int) -> str:
    """One board whose ScoreTable has ``rows`` identical results, every pair
    different: ``rows`` x 2 pairs tied in the ranking."""
    lines = ['[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]',
             '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]']
    lines.extend(f"{i} {rows + i} 3NT N 9" for i in range(1, rows + 1))
    return "\n".join(lines) + "\n"


def ties(timeout: float) -> int:
    """``bridgekit event --ranking`` on one ScoreTable of 1,000 to 10,000 tied
    rows, against a baseline of ``bridgekit check`` on the same file (reading
    only): a linear ranking keeps the ratio flat and the time x10 for x10 rows
    (it was quadratic: 10,000 rows took 21-23 s)."""
    print(f"{'rows':>8} {'check':>12} {'event':>12} {'ratio':>7}")
    first: tuple[int, float] | None = None
    last: tuple[int, float] = (0, 0.0)
    with tempfile.TemporaryDirectory() as folder:
        for rows in (1000, 2500, 5000, 10000):
            path = Path(folder) / f"ties{rows}.pbn"
            path.write_text(tied_table(rows), encoding="utf-8")
            base, _, base_rss = run(path, timeout)
            took, elapsed, rss = run(path, timeout, "event")
            if took is None or base is None:
                print(f"{rows:>8,} {'>' + str(int(timeout)) + 's':>12}")
                continue
            first = first or (rows, took)
            last = (rows, took)
            print(f"{rows:>8,} {base:>8.2f}s {base_rss}MB {took:>7.2f}s {rss}MB {took / base:>6.1f}x", flush=True)
    if first is not None and last[0] > first[0]:
        print(f"time x{last[1] / first[1]:.1f} for rows x{last[0] / first[0]:.0f} "
              "(includes Python's start-up, about 0.3 s a run)")
    return 0


def show_token(timeout: float) -> int:
    """``bridgekit show`` on one game whose ``{ }`` comment is a single token
    of 1 to 10 MB, against a baseline of ``bridgekit check`` on the same file
    (reading only).  It was quadratic (textwrap cutting the token one line at
    a time: 8 MB 13.9 s, 10 MB 25-40 s); linear shows as a flat ratio and
    the time x10 for x10 size."""
    print(f"{'size':>8} {'check':>14} {'show':>14} {'ratio':>7}")
    first: tuple[int, float] | None = None
    last: tuple[int, float] = (0, 0.0)
    with tempfile.TemporaryDirectory() as folder:
        for size in (1 << 20, 2 << 20, 5 << 20, 10 << 20):
            path = Path(folder) / f"token{size}.pbn"
            path.write_text(GAME + "{" + "x" * size + "}\n", encoding="utf-8")
            base, _, base_rss = run(path, timeout)
            took, _, rss = run(path, timeout, "show")
            if took is None or base is None:
                print(f"{_size(size):>8} {'>' + str(int(timeout)) + 's':>14}")
                continue
            first = first or (size, took)
            last = (size, took)
            print(f"{_size(size):>8} {base:>8.2f}s {base_rss:>3}MB {took:>8.2f}s {rss:>3}MB {took / base:>6.1f}x",
                  flush=True)
    if first is not None and last[0] > first[0]:
        print(f"show: time x{last[1] / first[1]:.1f} for size x{last[0] / first[0]:.0f} "
              "(includes Python's start-up, about 0.3 s a run)")
    return 0


def _size(n: int) -> str:
    return f"{n >> 20}MB" if n >= 1 << 20 else f"{n >> 10}KB"


if __name__ == "__main__":
    sys.exit(main())

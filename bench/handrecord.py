"""``bridgekit handrecord`` against ``bridgekit dd`` alone, same file, same run.

    python bench/handrecord.py [--boards 36] [--rounds 2]

A session of N boards is dealt (seeded).  Round by round, so that load from
other processes hits both alike:

* solved: ``dd FILE --json --no-cache`` (the baseline: the solving a hand
  record cannot avoid) against ``handrecord FILE -o OUT.pdf --no-cache``
  (solving, par, layout, PDF);
* cached: the same two on the file written by ``dd -o`` (tables in tags
  tied to their deals: nothing to solve), and ``handrecord -o OUT.html``.

Prints the best time of each, the hand record's time over dd's, and what the
hand record adds in seconds.  The PDF must have ceil(N / 4) pages.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from bridgekit.cli import cli  # noqa: E402
from bridgekit.formats import write_boards  # noqa: E402
from bridgekit.board import deal_boards  # noqa: E402


def timed(runner: CliRunner, args: list[str]) -> float:
    start = time.perf_counter()
    result = runner.invoke(cli, args)
    elapsed = time.perf_counter() - start
    assert result.exit_code == 0, (args, result.output)
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=36)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    runner = CliRunner()
    best: dict[str, float] = {}

    def keep(name: str, t: float) -> None:
        best[name] = min(best.get(name, t), t)

    with tempfile.TemporaryDirectory() as tmp:
        session, cached = Path(tmp) / "session.pbn", Path(tmp) / "session-dd.pbn"
        write_boards(deal_boards(args.boards, "bench-handrecord", 1, "Bench session"), str(session))
        timed(runner, ["dd", str(session), "-o", str(cached), "--no-cache"])   # loads DDS, fills the tags
        pdf, html = Path(tmp) / "s.pdf", Path(tmp) / "s.html"
        timed(runner, ["handrecord", str(cached), "-o", str(pdf)])             # loads fpdf2 and the font
        for _ in range(args.rounds):
            keep("dd solved", timed(runner, ["dd", str(session), "--json", "--no-cache"]))
            keep("handrecord solved", timed(runner, ["handrecord", str(session), "-o", str(pdf), "--no-cache"]))
            keep("dd cached", timed(runner, ["dd", str(cached), "--json", "--no-cache"]))
            keep("handrecord cached", timed(runner, ["handrecord", str(cached), "-o", str(pdf), "--no-cache"]))
            keep("handrecord cached html", timed(runner, ["handrecord", str(cached), "-o", str(html),
                                                          "--no-cache"]))
        from pypdf import PdfReader
        pages = len(PdfReader(str(pdf)).pages)
        size_pdf, size_html = pdf.stat().st_size, html.stat().st_size
    n = args.boards
    print(f"{n} boards, best of {args.rounds} rounds")
    for what in ("solved", "cached"):
        dd, hr = best[f"dd {what}"], best[f"handrecord {what}"]
        print(f"  {what:6}: dd --json {dd:6.2f} s   handrecord -o PDF {hr:6.2f} s   "
              f"ratio {hr / dd:5.2f}x   the hand record adds {hr - dd:+.2f} s")
    print(f"  cached: handrecord -o HTML {best['handrecord cached html']:.2f} s")
    print(f"  PDF: {pages} pages ({size_pdf // 1024} KB), HTML {size_html // 1024} KB")
    if pages != math.ceil(n / 4):
        print(f"  wrong page count: {pages}, expected {math.ceil(n / 4)}")
        sys.exit(1)


if __name__ == "__main__":
    main()

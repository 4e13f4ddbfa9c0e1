"""Formats benchmark: N boards written and read back through every format,
against PBN in the same run.

The boards are N random deals (``deal_boards``: Board, Dealer, Vulnerable,
Deal and the other mandatory tags), dealt once.  For each format the boards
are written to memory (``write_boards``) and read back (every board
yielded, its Deal tag looked at), best of ``--repeat``; the baseline is the
same for PBN (what ``convert`` to PBN does).  Times are CPU seconds of this
process (``time.process_time``), which the other work on a shared machine
disturbs less than wall time.  A format limited in boards
(DLM 99, CDS 255, DUP 999) writes the N boards as files of that many.  The
ratio is the format's time over PBN's (below 1: faster).

``--convert M`` (default 0: skipped) also times whole ``bridgekit convert``
processes on an M-board PBN file: to PBN (the baseline) and to each format
(CPU time of the child, best of ``--repeat``).

    .venv/bin/python bench/formats.py [--boards N] [--repeat R] [--convert M]
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FORMATS = ["dup", "dlm", "bri", "dge", "ber", "rzd", "cds", "bhg", "csv", "lin"]
LIMITS = {"dlm": 99, "cds": 255, "dup": 999}


def chunks(boards: list[Any], size: int | None) -> list[list[Any]]:
    """The boards as files of at most ``size``, each numbered from 1 (its
    boards are copies with their Board tag changed)."""
    if size is None:
        return [boards]
    from bridgekit.board import Board, Tag
    out = []
    for i in range(0, len(boards), size):
        part = []
        for k, b in enumerate(boards[i:i + size], 1):
            copy = Board(tags=dict(b.tags))
            copy.tags["Board"] = Tag("Board", str(k))
            part.append(copy)
        out.append(part)
    return out


def write_all(fmt: str, parts: list[list[Any]]) -> list[Any]:
    from bridgekit.formats import write_boards
    from bridgekit.formats.registry import find_format
    spec = find_format(fmt)
    assert spec is not None
    out = []
    for part in parts:
        buf: Any = io.BytesIO() if spec.binary else io.StringIO()
        write_boards(part, buf, fmt)
        out.append(buf.getvalue())
    return out


def read_all(fmt: str, files: list[Any]) -> int:
    from bridgekit.formats.registry import find_format
    spec = find_format(fmt)
    assert spec is not None
    n = 0
    for data in files:
        for board in spec.read(data, f"bench.{fmt}", None):
            if board.get("Deal") is not None:
                n += 1
    return n


def best(fn: Any, repeat: int) -> tuple[float, Any]:
    times = []
    result = None
    for _ in range(repeat):
        t = time.process_time()  # CPU time: on a shared machine wall time is mostly the others' work
        result = fn()
        times.append(time.process_time() - t)
    return min(times), result


def child_cpu(cmd: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--convert", type=int, default=0)
    args = ap.parse_args()
    from bridgekit.board import deal_boards

    print(f"{platform.python_implementation()} {platform.python_version()}, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    t = time.perf_counter()
    boards = deal_boards(args.boards, "bench-formats", 1)
    print(f"{args.boards:,} boards dealt in {time.perf_counter() - t:.1f} s")

    pbn_write, pbn_files = best(lambda: write_all("pbn", [boards]), args.repeat)
    pbn_read, count = best(lambda: read_all("pbn", pbn_files), args.repeat)
    assert count == args.boards
    base = pbn_write + pbn_read
    print(f"{'format':8}{'write s':>10}{'read s':>10}{'total s':>10}{'ratio':>8}  (CPU s; PBN = 1)")
    print(f"{'pbn':8}{pbn_write:10.2f}{pbn_read:10.2f}{base:10.2f}{1.0:8.2f}")
    for fmt in FORMATS:
        parts = chunks(boards, LIMITS.get(fmt))
        w, files = best(lambda: write_all(fmt, parts), args.repeat)
        r, n = best(lambda: read_all(fmt, files), args.repeat)
        assert n == args.boards, (fmt, n)
        print(f"{fmt:8}{w:10.2f}{r:10.2f}{w + r:10.2f}{(w + r) / base:8.2f}")

    if args.convert:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "src.pbn"
            from bridgekit.formats import write_boards
            write_boards(boards[:args.convert], str(src), "pbn")
            exe = [sys.executable, "-m", "bridgekit", "convert"]
            print(f"\nbridgekit convert of {args.convert:,} boards, CPU s of the process (best of {args.repeat})")
            base_cpu = min(child_cpu(exe + [str(src), str(Path(tmp) / f"o{i}.pbn")]) for i in range(args.repeat))
            print(f"{'pbn':8}{base_cpu:10.2f}{1.0:8.2f}")
            for fmt in FORMATS:
                if fmt in LIMITS:
                    continue  # a single file cannot hold the boards
                cpu = min(child_cpu(exe + [str(src), str(Path(tmp) / f"o{i}.{fmt}")]) for i in range(args.repeat))
                print(f"{fmt:8}{cpu:10.2f}{cpu / base_cpu:8.2f}")
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()

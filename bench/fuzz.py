"""Fuzz the readers and the everyday commands with mutated real files.

Each input is a corpus or sample file (PBN, LIN) mutated one to three times:
byte flips, truncation, NUL bytes, invalid UTF-8, duplicated and deleted
lines, a long line (1 MB, and 10 MB for a few inputs), 10,000 calls, 1,000
tricks, huge numbers, unclosed braces.  ``convert``, ``check``, ``score``
and ``show`` run on each, in this process (click's runner), and the harness
counts tracebacks (must be 0), runs over 20 s (0) and the peak RSS of the
process (an upper bound of every run's; must stay under 200 MB).

    python bench/fuzz.py                  # 2,000 inputs, seed 1
    python bench/fuzz.py -n 200 --seed 7  # a quick run
"""

from __future__ import annotations

import argparse
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

from click.testing import CliRunner

from bridgekit.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
COMMANDS = (["check"], ["convert", "-", "--to", "pbn"], ["score"], ["show"])
LIMIT = 20.0


def sources() -> list[tuple[str, bytes]]:
    files = sorted(ROOT.glob("samples/**/*.pbn")) + sorted(ROOT.glob("samples/**/*.lin"))
    if CORPUS.is_dir():
        corpus = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".pbn", ".lin") and p.stat().st_size < 2 << 20)
        files += corpus[:60]
    return [(p.suffix, p.read_bytes()) for p in files]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


Mutation = Callable[[bytes, random.Random], bytes]


def flip(data: bytes, rng: random.Random) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 20)):
        if buf:
            buf[rng.randrange(len(buf))] = rng.randrange(256)
    return bytes(buf)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def nul(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + b"\x00" * rng.randint(1, 4) + data[pos:]


def bad_utf8(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + rng.choice([b"\xff\xfe", b"\xc3", b"\xe2\x82", b"\x80\x80\x80", b"\xed\xa0\x80"]) + data[pos:]


def dup_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = min(len(lines), i + rng.randint(1, 20))
    return b"\n".join(lines[:j] + lines[i:j] * rng.randint(1, 50) + lines[j:])


def del_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    return b"\n".join(lines[:i] + lines[i + rng.randint(1, 10):])


def long_line(size: int) -> Mutation:
    def mutate(data: bytes, rng: random.Random) -> bytes:
        lines = _lines(data)
        unit = rng.choice([b"x ", b"P ", b"{a}", b"[a] ", b"\\\"", b"SA ", b"mb|p|", b"=1= ", b"{", b"[", b'"']
                          + [ln + b" " for ln in lines if ln.strip()][:5])
        line = unit * (size // len(unit))
        i = rng.randrange(len(lines) + 1)
        return b"\n".join(lines[:i] + [line] + lines[i:])
    return mutate


def many_calls(data: bytes, rng: random.Random) -> bytes:
    body = b"\n".join([b"1C P 1D P"] + [b"P P P P"] * 2500)
    return data.replace(b'[Auction "', b'[Auction "N"]\n' + body + b'\n[X "', 1) if b"[Auction" in data \
        else data + b'\n[Auction "N"]\n' + body + b"\n" + b"mb|p|" * 10_000


def many_tricks(data: bytes, rng: random.Random) -> bytes:
    return data + b'\n[Play "W"]\n' + b"SA S2 S3 S4\n" * 1000 + b"pc|SA|" * 4000


def huge_number(data: bytes, rng: random.Random) -> bytes:
    number = b"9" * rng.choice([4301, 5000, 50_000])
    choice = rng.choice([b'[Result "%s"]', b'[Result "^%s"]', b'[Score "NS %s"]', b"1C =%s= P", b"1C $%s P",
                         b'[Board "%s"]', b'[Note "%s:x"]', b"mc|%s|", b"qx|o%s|", b'[OptimumScore "NS %s"]'])
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    return b"\n".join(lines[:i] + [choice.replace(b"%s", number)] + lines[i:])


def unclosed_brace(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + rng.choice([b"{", b"{\n" * 1000, b"[", b'"', b"\n{ never closed\n"]) + data[pos:]


MUTATIONS: list[Mutation] = [flip, truncate, nul, bad_utf8, dup_lines, del_lines, long_line(1 << 20), many_calls,
                             many_tricks, huge_number, unclosed_brace]
BIG = long_line(10 << 20)


class _TooLong(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TooLong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--inputs", type=int, default=2000, help="mutated inputs (2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", type=int, default=10, help="inputs with a 10 MB line (10)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = sources()
    runner = CliRunner()
    signal.signal(signal.SIGALRM, _alarm)
    tracebacks: list[str] = []
    slow: list[str] = []
    runs = 0
    worst = (0.0, "")
    start = time.perf_counter()
    big_every = max(1, args.inputs // max(1, args.big)) if args.big else 0
    with tempfile.TemporaryDirectory() as folder:
        for i in range(args.inputs):
            suffix, data = rng.choice(pool)
            names = []
            for _ in range(rng.randint(1, 3)):
                mutate = rng.choice(MUTATIONS)
                data = mutate(data or b"\n", rng)
                names.append(mutate.__name__)
            if big_every and i % big_every == big_every - 1:
                data = BIG(data or b"\n", rng)
                names.append("10MB-line")
            path = Path(folder) / f"in{i}{suffix}"
            path.write_bytes(data)
            for command in COMMANDS:
                args_ = [command[0], str(path), *command[1:]]
                label = f"input {i} ({'+'.join(names)}), {command[0]}"
                t0 = time.perf_counter()
                signal.setitimer(signal.ITIMER_REAL, LIMIT)
                try:
                    result = runner.invoke(cli, args_, catch_exceptions=True)
                except _TooLong:
                    slow.append(label)
                    continue
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                runs += 1
                elapsed = time.perf_counter() - t0
                if elapsed > worst[0]:
                    worst = (elapsed, label)
                exc = result.exception
                if isinstance(exc, _TooLong):
                    slow.append(label)
                elif exc is not None and not isinstance(exc, SystemExit):
                    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                    tracebacks.append(f"{label}: {text}")
                elif "Traceback (most recent call last)" in result.output:
                    tracebacks.append(f"{label}: {result.output[-2000:]}")
            path.unlink()
            if (i + 1) % 100 == 0:
                print(f"{i + 1} inputs, {runs} runs, {len(tracebacks)} tracebacks, {len(slow)} over {LIMIT:.0f} s",
                      file=sys.stderr, flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    total = time.perf_counter() - start
    for t in tracebacks[:5]:
        print(t, file=sys.stderr)
    print(f"{args.inputs} inputs ({args.big} with a 10 MB line), {runs} runs of convert/check/score/show "
          f"in {total:.0f} s")
    print(f"tracebacks: {len(tracebacks)}")
    print(f"runs over {LIMIT:.0f} s: {len(slow)}")
    print(f"slowest run: {worst[0]:.1f} s ({worst[1]})")
    print(f"peak RSS of the whole run (bounds every run): {peak:.0f} MB")
    return 1 if tracebacks or slow or peak >= 200 else 0


if __name__ == "__main__":
    sys.exit(main())

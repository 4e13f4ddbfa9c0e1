"""Fuzz the readers and the everyday commands with mutated real files.

Each input is a corpus or sample file (PBN, LIN) mutated one to three times:
byte flips, truncation, NUL bytes, invalid UTF-8, duplicated and deleted
lines, a long line (256 KB, and 10 MB for ``--big`` inputs), 10,000 calls, 1,000
tricks, huge numbers, unclosed braces.  ``convert``, ``check``, ``score``
and ``show`` run on each, every run in its own process, and the harness
counts tracebacks (must be 0), runs over 20 s (0) and each run's peak RSS
(must stay under 200 MB).

Every run is measured on its own: a small worker process per core imports
bridgekit once (the four commands' modules included) and forks a child for
each run; the child runs the command as ``bridgekit`` would
(``bridgekit.cli.main``) with its output to a file, and the worker reads the
child's peak RSS and CPU time with ``os.wait4``.  A forked child starts from
the worker's current memory, not from its peak, and the worker itself never
reads an input, so each figure is the run's own, start-up included (a little
above a fresh ``python -m bridgekit``, which imports one command's modules).
A run that has used ``--kill`` seconds of CPU (or ten times that in wall
time) is stopped and counted as slow.  The machine is shared: runs over 20 s
are counted both in wall time and in CPU time, the program's own cost.

    python bench/fuzz.py                  # 2,000 inputs, seed 1, 2 workers
    python bench/fuzz.py -n 200 --seed 7  # a quick run
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
COMMANDS = (["check"], ["convert", "-", "--to", "pbn"], ["score"], ["show"])
LIMIT = 20.0       # seconds a run may take
MEMORY = 200.0     # MB a run may use


def sources() -> list[tuple[str, str, bytes]]:
    """(name, suffix, bytes) of the sample files and the corpus files under 512 KB."""
    files = sorted(ROOT.glob("samples/**/*.pbn")) + sorted(ROOT.glob("samples/**/*.lin"))
    if CORPUS.is_dir():
        files += sorted(p for p in CORPUS.rglob("*") if p.suffix in (".pbn", ".lin") and p.stat().st_size < 512 << 10)
    return [(p.name, p.suffix, p.read_bytes()) for p in files]


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
    mutate.__name__ = f"long_line_{size >> 10}KB"
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


MUTATIONS: list[Mutation] = [flip, truncate, nul, bad_utf8, dup_lines, del_lines, long_line(256 << 10), many_calls,
                             many_tricks, huge_number, unclosed_brace]
BIG = long_line(10 << 20)



#: The worker: imports bridgekit, then for each job (a JSON line on standard
#: input) forks a child that runs the command, and answers with one JSON line.
_WORKER = r"""
import json, os, signal, sys, time, traceback
from bridgekit.cli import main
import bridgekit.cli.check, bridgekit.cli.io, bridgekit.cli.scoring, bridgekit.formats.json, bridgekit.render
for line in sys.stdin:
    job = json.loads(line)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        for fd, path, flags in ((0, os.devnull, os.O_RDONLY),
                                (1, job["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                                (2, job["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
            os.dup2(os.open(path, flags, 0o600), fd)
        sys.argv = ["bridgekit", *job["args"]]
        code = 1
        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:
            traceback.print_exc()
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    killed = False
    polls = 0
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        polls += 1
        if polls % 50 == 0:  # every 0.1 s: the child's CPU time so far (utime + stime, in ticks)
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            if cpu > job["kill"] or time.perf_counter() - start > 10 * job["kill"]:
                os.kill(pid, signal.SIGKILL)
                done, status, usage = os.wait4(pid, 0)
                killed = True
                break
        time.sleep(0.002)
    print(json.dumps({"seconds": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
                      "peak_mb": usage.ru_maxrss / 1024, "status": os.waitstatus_to_exitcode(status),
                      "killed": killed}), flush=True)
"""


@dataclass
class Run:
    label: str
    seconds: float
    cpu: float
    peak_mb: float
    status: int
    killed: bool
    traceback: str | None


class Worker:
    """One worker process (see ``_WORKER``) and its scratch files."""

    def __init__(self, folder: Path, number: int, kill: float) -> None:
        self.out = folder / f"out{number}"
        self.err = folder / f"err{number}"
        self.kill = kill
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=folder)

    def run(self, args: list[str], label: str) -> Run:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"args": args, "stdout": str(self.out), "stderr": str(self.err),
                                          "kill": self.kill}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        with open(self.err, "rb") as f:
            err = f.read(1 << 20).decode("utf-8", "replace")
        crashed = "Traceback (most recent call last)" in err or (answer["status"] < 0 and not answer["killed"])
        return Run(label, answer["seconds"], answer["cpu"], answer["peak_mb"], answer["status"], answer["killed"],
                   (err[-3000:] or f"died with status {answer['status']}") if crashed else None)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def inputs(count: int, big: int, seed: int) -> Iterator[tuple[str, str, bytes]]:
    """``count`` mutated inputs (label, bytes), ``big`` of them with a 10 MB line."""
    rng = random.Random(seed)
    pool = sources()
    big_every = max(1, count // big) if big else 0
    for i in range(count):
        name, suffix, data = rng.choice(pool)
        names = []
        for _ in range(rng.randint(1, 3)):
            mutate = rng.choice(MUTATIONS)
            data = mutate(data or b"\n", rng)
            names.append(mutate.__name__)
        if big_every and i % big_every == big_every - 1:
            data = BIG(data or b"\n", rng)
            names.append("10MB-line")
        yield f"input {i} ({name}: {'+'.join(names)})", suffix, data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--inputs", type=int, default=2000, help="mutated inputs (2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", type=int, default=10, help="inputs with a 10 MB line (10)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--kill", type=float, default=60.0, help="stop a run after this many CPU seconds (60)")
    args = parser.parse_args()
    runs: list[Run] = []
    jobs: queue.Queue[tuple[Path, str, list[str]] | None] = queue.Queue(maxsize=4 * len(COMMANDS))
    pending: dict[Path, int] = {}
    lock = threading.Lock()
    start = time.perf_counter()

    def work(worker: Worker) -> None:
        while (job := jobs.get()) is not None:
            path, label, command = job
            run = worker.run([command[0], str(path), *command[1:]], f"{label}, {command[0]}")
            with lock:
                runs.append(run)
                pending[path] -= 1
                if not pending[path]:
                    del pending[path]
                    path.unlink()
                if len(runs) % 400 == 0:
                    print(f"{len(runs) // len(COMMANDS)} inputs, {len(runs)} runs, "
                          f"{sum(r.traceback is not None for r in runs)} tracebacks, "
                          f"{sum(r.seconds > LIMIT for r in runs)} over {LIMIT:.0f} s, "
                          f"peak {max(r.peak_mb for r in runs):.0f} MB, {time.perf_counter() - start:.0f} s",
                          file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        workers = [Worker(folder, k, args.kill) for k in range(args.jobs)]
        threads = [threading.Thread(target=work, args=(w,)) for w in workers]
        for t in threads:
            t.start()
        for i, (label, suffix, data) in enumerate(inputs(args.inputs, args.big, args.seed)):
            path = folder / f"in{i}{suffix}"
            path.write_bytes(data)
            with lock:
                pending[path] = len(COMMANDS)
            for command in COMMANDS:
                jobs.put((path, label, command))
        for _ in threads:
            jobs.put(None)
        for t in threads:
            t.join()
        for w in workers:
            w.close()
    total = time.perf_counter() - start
    crashes = [r for r in runs if r.traceback is not None]
    slow = [r for r in runs if r.seconds > LIMIT or r.killed]
    slow_cpu = [r for r in runs if r.cpu > LIMIT or r.killed]
    heavy = [r for r in runs if r.peak_mb >= MEMORY]
    slowest = max(runs, key=lambda r: r.seconds)
    biggest = max(runs, key=lambda r: r.peak_mb)
    for r in crashes[:5]:
        print(f"{r.label}:\n{r.traceback}", file=sys.stderr)
    for r in (slow + heavy)[:10]:
        print(f"{r.label}: {r.seconds:.1f} s ({r.cpu:.1f} s CPU), {r.peak_mb:.0f} MB", file=sys.stderr)
    print(f"{args.inputs} inputs ({args.big} with a 10 MB line), {len(runs)} runs of convert/check/score/show "
          f"in {total:.0f} s ({args.jobs} workers; {sum(r.cpu for r in runs):.0f} s of CPU in the runs)")
    print(f"tracebacks: {len(crashes)}")
    print(f"runs over {LIMIT:.0f} s: {len(slow)} (over {LIMIT:.0f} s of CPU: {len(slow_cpu)})")
    print(f"slowest run: {slowest.seconds:.1f} s, {slowest.cpu:.1f} s CPU ({slowest.label})")
    print(f"peak RSS per run: median {statistics.median(r.peak_mb for r in runs):.0f} MB, "
          f"max {biggest.peak_mb:.0f} MB ({biggest.label}); runs at {MEMORY:.0f} MB or more: {len(heavy)}")
    return 1 if crashes or slow or heavy else 0


if __name__ == "__main__":
    sys.exit(main())

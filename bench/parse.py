"""Parse benchmark: bridgekit's PBN reader against endplay's, in the same run.

Reads the largest corpus PBN files that both readers accept and prints boards
per second for each and the ratio.  Two bridgekit figures: ``scan`` (boards
with their tags; sections parsed on demand) and ``full`` (every board's
auction, play, tables, notes and problems parsed and checked: more work than
endplay does, and what ``check`` and ``score`` pay).

The ``convert`` rows take N generated boards with full auctions and 52-card
plays (``--convert N``, default 20,000; 0 skips them), written to a file,
and time whole processes side by side (each run of each in turn, best of
``--repeat``, CPU time of the child process, start-up included): endplay
parsing the file (``endplay.parsers.pbn.load``, the baseline), ``bridgekit
convert`` of it to PBN (read + write), and bridgekit reading everything
(every board's sections, notes and problems, ``Board.materialize``).
The children compile their modules once into a temporary bytecode cache, as
an installed package has them (endplay's were compiled when pip installed
it; without this, ``PYTHONDONTWRITEBYTECODE`` would have bridgekit's
start-up compile its sources on every run).

    .venv/bin/python bench/parse.py [--repeat N] [--convert N] [FILE ...]
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus" / "pbn"


def bridgekit_scan(text: str) -> int:
    from bridgekit.formats.pbn import read_pbn
    return sum(1 for _ in read_pbn(text))


def bridgekit_full(text: str) -> int:
    from bridgekit.formats.pbn import read_pbn
    n = 0
    for board in read_pbn(text):
        board.materialize()
        n += 1
    return n


def endplay_load(text: str) -> int:
    from endplay.parsers import pbn
    return len(pbn.load(io.StringIO(text)))


def generated_text(n: int) -> str:
    """N boards with random deals, full legal auctions and plays, as the
    writer writes them (the generator of bench/check.py)."""
    import random
    sys.path.insert(0, str(ROOT / "bench"))
    from check import make_board  # type: ignore[import-not-found]
    from bridgekit.formats.pbn import write_pbn
    rng = random.Random(2026)
    out = io.StringIO()
    write_pbn((make_board(i + 1, rng) for i in range(n)), out)
    return out.getvalue()


#: The processes timed by ``convert_rows``: argv after the interpreter, {f} the input, {o} an output.
PROCESSES = {
    "endplay parse": ["-c", "import sys; from endplay.parsers import pbn; pbn.load(open(sys.argv[1]))", "{f}"],
    "bridgekit convert": ["-m", "bridgekit", "convert", "{f}", "{o}"],
    "bridgekit read all": ["-c", "import sys; from bridgekit.formats.pbn import read_pbn\n"
                           "for b in read_pbn(sys.argv[1]): b.materialize()", "{f}"],
}


def child_env(cache: str) -> dict[str, str]:
    """The children's environment: bytecode kept in ``cache`` (see the module docstring)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def child_cpu(argv: list[str], env: dict[str, str] | None = None) -> float:
    """CPU time (user + system) of one child process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *argv], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   cwd=ROOT, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def convert_rows(n: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "generated.pbn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(generated_text(n))
        env = child_env(os.path.join(tmp, "pycache"))
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "bridgekit")], check=True,
                       stdout=subprocess.DEVNULL, env=env)
        best = {name: float("inf") for name in PROCESSES}
        for _ in range(repeat):  # side by side: one run of each in turn
            for name, argv in PROCESSES.items():
                args = [a.format(f=path, o=os.path.join(tmp, "out.pbn")) for a in argv]
                best[name] = min(best[name], child_cpu(args, env))
    base = best["endplay parse"]
    print(f"{n:,} generated boards, whole processes, best of {repeat} (CPU s):")
    for name, seconds in best.items():
        print(f"  {name:20} {seconds:7.2f} s  {n / seconds:8.0f} boards/s  {base / seconds:5.1f}x endplay")


def best_rate(fn, text: str, repeat: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    best = float("inf")
    count = 0
    for _ in range(repeat):
        t = time.process_time()  # CPU time: fairer than wall time on a shared machine
        count = fn(text)
        best = min(best, time.process_time() - t)
    return count / best, count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--largest", type=int, default=4, help="how many of the largest corpus files (default 4)")
    ap.add_argument("--convert", type=int, default=20_000, metavar="N",
                    help="boards generated for the convert row (default 20000; 0 skips it)")
    args = ap.parse_args()
    if args.files:
        files = [Path(f) for f in args.files]
    else:
        if not CORPUS.is_dir():
            print(f"bench/parse.py: skipped, corpus not found at {CORPUS} (or pass PBN files)", file=sys.stderr)
            return 0
        files = sorted(CORPUS.rglob("*.pbn"), key=lambda p: p.stat().st_size, reverse=True)
    import endplay.parsers.pbn  # noqa: F401  (import cost outside the timings)
    import bridgekit.formats.pbn  # noqa: F401
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()} "
          f"{os.cpu_count()} cpus")
    print(f"{'file':45} {'boards':>7} {'endplay b/s':>12} {'scan b/s':>10} {'full b/s':>10} "
          f"{'scan x':>7} {'full x':>7}")
    tot = {"e": 0.0, "s": 0.0, "f": 0.0}
    done = 0
    for path in files:
        if done >= args.largest and not args.files:
            break
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        try:
            e_rate, e_n = best_rate(endplay_load, text, args.repeat)
        except Exception as exc:  # endplay rejects some real files outright
            print(f"{path.name:45} endplay cannot read it ({type(exc).__name__}); skipped")
            continue
        s_rate, n = best_rate(bridgekit_scan, text, args.repeat)
        f_rate, _ = best_rate(bridgekit_full, text, args.repeat)
        print(f"{path.name:45} {n:7d} {e_rate:12.0f} {s_rate:10.0f} {f_rate:10.0f} "
              f"{s_rate / e_rate:7.1f} {f_rate / e_rate:7.1f}")
        tot["e"] += n / e_rate
        tot["s"] += n / s_rate
        tot["f"] += n / f_rate
        done += 1
        if e_n != n:
            print(f"  (endplay counted {e_n} boards, bridgekit {n})")
    if done:
        print(f"time-weighted ratio over {done} files: scan {tot['e'] / tot['s']:.1f}x, "
              f"full {tot['e'] / tot['f']:.1f}x endplay")
    if args.convert > 0:
        convert_rows(args.convert, min(args.repeat, 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""SIGKILL at random moments of the commands that write files: nothing
damaged, no solver left behind (issue 24).

Each trial starts one of ``dd -o OUT`` (fresh deals, no cache: the DDS
solver process is busy), ``convert IN --in-place`` and ``play --save OUT
--force`` (the computer plays both sides) on a file whose content is known,
kills it with SIGKILL after a random delay (from 0 to about the command's
own duration, measured first), then checks:

- the target is either exactly as it was or exactly what a run that was
  not killed writes (read back: every board there, with its DD tags for
  ``dd``): never half written, never empty;
- no process the killed command started is alive a few seconds later (the
  DDS solver dies with its parent);
- the next write to the same path does not wait for a lock.

Temporary files the kills leave are counted; the next write to the folder
removes those older than 10 s (``bridgekit.safeio.remove_stale_temporaries``).

    python bench/kill.py                 # 200 trials, seed 24
    python bench/kill.py -n 30 --seed 2  # a quick run
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BRIDGEKIT = [sys.executable, "-m", "bridgekit"]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def children(pid: int) -> set[int]:
    """Every live descendant of ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    out: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, pp in parents.items() if pp == p}
        todo += list(kids - out)
        out |= kids
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


class Case:
    """One command, its target, what the target holds before and what a
    complete run leaves there."""

    def __init__(self, name: str, argv: list[str], target: Path, stdin: bytes | None = None) -> None:
        self.name, self.argv, self.target, self.stdin = name, argv, target, stdin
        self.before = target.read_bytes()
        self.after: set[str] = set()
        self.duration = 1.0

    def reset(self) -> None:
        self.target.write_bytes(self.before)

    def calibrate(self) -> None:
        """Run once to the end: how long it takes and what it writes (play's
        record names the time, so a complete one is recognised by reading it)."""
        self.reset()
        start = time.monotonic()
        subprocess.run(self.argv, input=self.stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       cwd=ROOT, timeout=600, check=False)
        self.duration = time.monotonic() - start
        self.after.add(digest(self.target))

    def intact(self) -> bool:
        data = self.target.read_bytes()
        if data == self.before or hashlib.sha256(data).hexdigest() in self.after:
            return True
        if self.name == "play --save":   # a complete record of one game, whoever won it
            from bridgekit.formats import read_boards
            boards = list(read_boards(str(self.target)))
            return len(boards) == 1 and boards[0].get("Result") is not None
        return False


def make_cases(folder: Path) -> list[Case]:
    from bridgekit.board import deal_boards
    from bridgekit.formats import write_boards
    deals = folder / "deals.pbn"
    with open(deals, "w", encoding="utf-8") as f:   # the bench's own input
        write_boards(deal_boards(6, "kill", 1, None), f)
    dd_out = folder / "dd-out.pbn"
    dd_out.write_text("% an earlier dd -o\n")
    in_place = folder / "in-place.pbn"
    in_place.write_bytes((ROOT / "samples" / "match.pbn").read_bytes() * 40)   # 320 boards
    played = folder / "played.pbn"
    played.write_bytes((ROOT / "samples" / "match.pbn").read_bytes())
    return [
        Case("dd -o", BRIDGEKIT + ["dd", str(deals), "-o", str(dd_out), "--force", "--no-cache", "--jobs", "1"],
             dd_out),
        Case("convert --in-place", BRIDGEKIT + ["convert", str(in_place), "--in-place"], in_place),
        Case("play --save", BRIDGEKIT + ["play", "--auto", "--seed", "5", "--samples", "1", "--think", "0",
                                         "--save", str(played), "--force"], played, stdin=b"n\n"),
    ]


def trial(case: Case, rng: random.Random) -> tuple[bool, int, bool]:
    """(target intact, processes left, next write waited)."""
    case.reset()
    proc = subprocess.Popen(case.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=ROOT)
    if case.stdin is not None:
        assert proc.stdin is not None
        try:
            proc.stdin.write(case.stdin)
            proc.stdin.flush()
        except OSError:
            pass
    deadline = time.monotonic() + rng.uniform(0.05, case.duration * 1.1)
    kids: set[int] = set()
    while time.monotonic() < deadline and proc.poll() is None:
        kids |= children(proc.pid)
        time.sleep(0.02)
    kids |= children(proc.pid)
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait()
    end = time.monotonic() + 10
    while time.monotonic() < end and any(alive(p) for p in kids):
        time.sleep(0.1)
    left = sum(1 for p in kids if alive(p))
    intact = case.intact()
    start = time.monotonic()
    nxt = subprocess.run(BRIDGEKIT + ["convert", str(ROOT / "samples" / "match.pbn"), str(case.target), "--force"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    waited = "waiting" in nxt.stderr or time.monotonic() - start > 60
    return intact, left, waited


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    folder = Path(tempfile.mkdtemp(prefix="bridgekit-kill-"))
    try:
        cases = make_cases(folder)
        for case in cases:
            case.calibrate()
            print(f"{case.name}: a complete run takes {case.duration:.1f} s", flush=True)
        damaged = {c.name: 0 for c in cases}
        trials = {c.name: 0 for c in cases}
        left = waited = 0
        start = time.monotonic()
        for i in range(args.trials):
            case = cases[i % len(cases)]
            ok, n_left, w = trial(case, rng)
            trials[case.name] += 1
            damaged[case.name] += not ok
            left += n_left
            waited += w
            if not ok or n_left or w:
                print(f"trial {i + 1} ({case.name}): intact={ok} left={n_left} waited={w}", flush=True)
        temps = len(list(folder.glob(".*.bridgekit-tmp")))
        print(f"{args.trials} trials in {time.monotonic() - start:.0f} s (seed {args.seed}, load average "
              f"{os.getloadavg()[0]:.1f}):")
        for name in trials:
            print(f"  {name:<20} {trials[name]:>4} kills, {damaged[name]} damaged")
        print(f"  processes left alive after a kill: {left}; next writes that waited for a lock: {waited}; "
              f"temporary files left (removed by the next write once 10 s old): {temps}")
        return 1 if any(damaged.values()) or left or waited else 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

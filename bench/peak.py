"""Run a command and measure its wall time and peak memory (shared by the
benchmarks that report peak RSS).

Linux keeps a process's peak RSS across ``exec``, so a child forked from a
large benchmark process would report the benchmark's own size.  The command
is therefore started by a small launcher (a fresh ``python -c``) that forks
it and reads its peak with ``wait4``: the figure is the command's own.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

_LAUNCHER = """
import os, sys
out, err, args = sys.argv[1], sys.argv[2], sys.argv[3:]
pid = os.fork()
if pid == 0:
    o = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    e = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(o, 1)
    os.dup2(e, 2)
    try:
        os.execv(args[0], args)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


@dataclass
class Run:
    seconds: float
    timed_out: bool
    peak_mb: float
    exit_code: int | None


def measure(args: list[str], timeout: float, stdout: str = os.devnull, stderr: str = os.devnull,
            cwd: str | None = None) -> Run:
    """Run ``args`` (stdout and stderr to the given files); stop it after
    ``timeout`` seconds."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", _LAUNCHER, stdout, stderr, *args], stdout=subprocess.PIPE,
                            cwd=cwd, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the launcher's own group: it and the command
        out, _ = proc.communicate()
        fields = out.split()
        peak = int(fields[0]) / 1024 if fields else 0.0
        return Run(time.perf_counter() - start, True, peak, None)
    seconds = time.perf_counter() - start
    fields = out.split()
    return Run(seconds, False, int(fields[0]) / 1024, int(fields[1]))

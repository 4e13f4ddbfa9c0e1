"""DD tables on a Dask cluster against the local solver, same deals, same run.

    python bench/cluster.py [--deals 400] [--external] [--overhead 2000]

The deals are seeded (bench/ddcache.py's seed) and solved without the deal
cache, in this order, so load from other processes hits every path alike:

1. the local solver with two threads (``open_solver(threads=2)``: DDS in a
   solver process of its own, batches of 8);
2. ``--cluster local:2``: a Dask LocalCluster of two worker processes
   (one DDS thread each), batches of 40, started before the clock starts;
3. with ``--external``: a scheduler and two workers started as separate
   ``dask scheduler`` / ``dask worker`` processes on the loopback address.

For each: throughput (deals/s), time to the first table, and the ratio to the
local path (target >= 0.9).  All paths must give the same tables.  Then the
figures docs/scaling.md uses: bytes sent per batch and back (pickled task
arguments and result), and the scheduler's overhead per task (``--overhead
N`` no-op tasks on the LocalCluster).
"""

from __future__ import annotations

import argparse
import logging
import os
import pickle
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ddcache import random_deals  # noqa: E402

from bridgekit.analysis.cluster import solve_batch  # noqa: E402
from bridgekit.analysis.ddcache import deal_key  # noqa: E402
from bridgekit.analysis.solving import open_solver  # noqa: E402
from bridgekit.dds import DDTable, solver_version  # noqa: E402


def run(label: str, deals: list[Any], **opts: Any) -> tuple[list[DDTable], float, float]:
    """Solve ``deals`` through open_solver(**opts); returns the tables, the
    total time and the time to the first table (the solver's start-up, e.g.
    a LocalCluster, is outside the clock)."""
    with open_solver(use_cache=False, **opts) as solver:
        start = time.perf_counter()
        first = 0.0
        tables = []
        for table in solver.solve_deals(deals):
            if not tables:
                first = time.perf_counter() - start
            tables.append(table)
        total = time.perf_counter() - start
    print(f"  {label:<38} {len(deals) / total:6.2f} deals/s ({total:6.1f} s), first table after {first:5.1f} s",
          flush=True)
    return tables, total, first


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def external(deals: list[Any]) -> tuple[list[DDTable], float, float]:
    """A scheduler and two workers as separate processes on 127.0.0.1."""
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                 "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                env=dict(os.environ, PYTHONPATH=str(ROOT))))
        import distributed
        with distributed.Client(address, timeout="60s", set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)
        return run("external scheduler + 2 dask workers", deals, scheduler=address)
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(30)


def overhead(n: int) -> float:
    """Seconds of scheduler overhead per task: n no-op tasks on a LocalCluster."""
    import distributed
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.ERROR) as lc, \
            distributed.Client(lc, set_as_default=False) as client:
        client.submit(abs, 0).result()
        start = time.perf_counter()
        futures = [client.submit(abs, -i, pure=False) for i in range(n)]
        client.gather(futures)
        return (time.perf_counter() - start) / n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--external", action="store_true", help="Also run against separate dask processes.")
    ap.add_argument("--overhead", type=int, default=2000, help="No-op tasks for the per-task overhead (0: skip).")
    args = ap.parse_args()
    deals = random_deals(args.deals)
    print(f"{len(deals)} deals, no cache, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          flush=True)
    local, t_local, first_local = run("local solver, 2 threads", deals, threads=2)
    clus, t_clus, first_clus = run("--cluster local:2", deals, cluster="local:2")
    print(f"  throughput ratio cluster/local: {t_local / t_clus:.3f}  (target >= 0.9)")
    same = local == clus
    if args.external:
        ext, t_ext, _ = external(deals)
        print(f"  throughput ratio external/local: {t_local / t_ext:.3f}")
        same = same and ext == local
    print(f"  same tables on every path: {same}")
    keys = [deal_key(d) for d in deals[:40]]
    sent = len(pickle.dumps((keys, solver_version(), 1)))
    back = len(pickle.dumps(solve_batch(keys, solver_version(), 0)))
    print(f"  one batch of 40 deals: {sent} bytes of task arguments out, {back} bytes of tables back")
    if args.overhead:
        print(f"  scheduler overhead: {overhead(args.overhead) * 1000:.2f} ms per task "
              f"({args.overhead} no-op tasks, LocalCluster of 2)")
    print(f"  load average after: {os.getloadavg()[0]:.1f}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()

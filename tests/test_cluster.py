"""DD tables on a Dask cluster (a LocalCluster of two worker processes), the
solver stream's faults, Ctrl-C and two runs sharing the deal cache.

Expected tables come from tests/data/dd_tables.txt (solved by DDS on one
machine when it was written), so every comparison is with the local path."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from bridgekit.analysis.ddcache import DealCache, deal_key
from bridgekit.analysis.solving import Solver, open_solver
from bridgekit.cli import cli
from bridgekit.dds import DDTable, dds_par
from bridgekit.seats import Seat, Vul

from conftest import ROOT, ctrl_c_reaches_children
from test_ddcache import fixture, pbn

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.dds


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    import logging
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.ERROR) as lc:
        with distributed.Client(lc, set_as_default=False) as client:
            client.run(_set_one_thread)
            yield lc, client


def _set_one_thread() -> None:
    from bridgekit.dds import set_threads
    set_threads(1)


def _solved_on_workers(client: Any) -> int:
    from bridgekit import dds
    return sum(client.run(lambda: dds.tables_solved).values())


def test_cluster_gives_the_local_tables_and_par_and_solves_each_deal_once(cluster: Any, tmp_path: Path) -> None:
    lc, client = cluster
    pairs = fixture(12)
    deals = [d for d, _ in pairs]
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    a.write_text(pbn(deals[:8]))
    b.write_text(pbn(deals[4:] + deals[:1], first=9))   # 4 deals repeated from a.pbn, one twice
    before = _solved_on_workers(client)
    result = CliRunner().invoke(cli, ["dd", str(a), str(b), "--scheduler", lc.scheduler_address,
                                      "--cache", str(tmp_path / "cache"), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    expected = [t for _, t in pairs[:8]] + [t for _, t in pairs[4:]] + [pairs[0][1]]
    assert [r["dd"] for r in rows] == [t.to_pbn() for t in expected]          # same tables, same order
    assert [r["board"] for r in rows] == [str(i) for i in range(1, 18)]
    assert _solved_on_workers(client) - before == 12                          # each distinct deal once
    # par on the cluster: DDS's par of the local tables (nothing solved again: the cache has them).
    par = CliRunner().invoke(cli, ["par", str(a), "--scheduler", lc.scheduler_address,
                                   "--cache", str(tmp_path / "cache"), "--json"])
    assert par.exit_code == 0, par.output
    assert [r["score_ns"] for r in json.loads(par.stdout)] == \
        [dds_par(t, Vul.NONE, Seat.N).score for _, t in pairs[:8]]
    assert _solved_on_workers(client) - before == 12


def test_a_worker_killed_mid_run_costs_only_its_batch(cluster: Any) -> None:
    lc, client = cluster
    pairs = fixture(20)[12:20]
    pids = list(client.run(os.getpid).values())
    got: list[DDTable] = []
    with open_solver(scheduler=lc.scheduler_address, use_cache=False, batch_size=2) as solver:
        for table in solver.solve_deals(d for d, _ in pairs):
            if not got:
                os.kill(pids[0], signal.SIGKILL)   # the nanny starts another; the scheduler reruns its task
            got.append(table)
    assert got == [t for _, t in pairs]
    client.wait_for_workers(2, timeout=300)   # the cluster back in shape for the next tests: slow under load (60 s failed at load 27)


def test_a_batch_that_fails_on_every_try_is_an_error(cluster: Any) -> None:
    lc, _ = cluster
    with open_solver(scheduler=lc.scheduler_address, use_cache=False) as solver:
        future = solver.backend.submit([bytes(13)])   # every card to North: DDS refuses it
        with pytest.raises(Exception, match="complete 52-card deal"):
            future.result(timeout=120)


class _FailingBackend:
    """Solves from the fixture, except the batch holding one deal, which fails
    (what a batch failing on every try looks like to the stream)."""

    def __init__(self, tables: dict[bytes, DDTable], bad: bytes) -> None:
        self.tables, self.bad = tables, bad
        self.batch_size, self.max_in_flight = 2, 2

    def submit(self, keys: list[bytes]) -> "Future[list[DDTable]]":
        f: Future[list[DDTable]] = Future()
        if self.bad in keys:
            f.set_exception(RuntimeError("KilledWorker: tried 3 times"))
        else:
            f.set_result([self.tables[k] for k in keys])
        return f

    def map_ordered(self, func: Any, items: Any) -> Any:
        return map(func, items)

    def close(self) -> None:
        pass


def test_a_failed_batch_is_reported_per_board_and_the_others_are_kept(tmp_path: Path) -> None:
    pairs = fixture(6)
    tables = {deal_key(d): t for d, t in pairs}
    cache = DealCache(tmp_path)
    solver = Solver(_FailingBackend(tables, deal_key(pairs[2][0])), cache)
    out = list(solver.solve_boards([_board(d) for d, _ in pairs], recorded="solve"))
    assert [bt.error is not None for bt in out] == [False, False, True, True, False, False]  # batch [2, 3]
    assert "KilledWorker" in (out[2].error or "")
    assert [bt.table for bt in out if bt.table is not None] == [t for i, (_, t) in enumerate(pairs) if i not in (2, 3)]
    assert len(cache) == 4                                    # what was solved is kept
    solver.close()


def _board(deal: Any) -> Any:
    from bridgekit.board import Board
    b = Board()
    b.set("Deal", str(deal))
    return b


# -- runs in processes: two at once, and Ctrl-C -----------------------------------

BRIDGEKIT = [sys.executable, "-m", "bridgekit"]


def _run_dd(path: Path, cache: Path, *extra: str) -> "subprocess.Popen[str]":
    with ctrl_c_reaches_children():
        return subprocess.Popen([*BRIDGEKIT, "dd", str(path), "--cache", str(cache), "--jobs", "1", "--json",
                                 *extra], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_concurrent_runs_share_the_cache(tmp_path: Path) -> None:
    pairs = fixture(30)[20:24]
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    a.write_text(pbn([d for d, _ in pairs[:3]]))
    b.write_text(pbn([d for d, _ in pairs[1:]]))
    cache = tmp_path / "cache"
    runs = [_run_dd(a, cache), _run_dd(b, cache)]
    outs = [p.communicate(timeout=600) for p in runs]
    assert [p.returncode for p in runs] == [0, 0], outs
    assert [r["dd"] for r in json.loads(outs[0][0])] == [t.to_pbn() for _, t in pairs[:3]]
    assert [r["dd"] for r in json.loads(outs[1][0])] == [t.to_pbn() for _, t in pairs[1:]]
    with DealCache(cache) as c:
        assert len(c) == 4
        assert c.get_many(deal_key(d) for d, _ in pairs) == {deal_key(d): t for d, t in pairs}


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
def test_ctrl_c_keeps_the_solved_tables_and_the_next_run_resumes(tmp_path: Path) -> None:
    pairs = fixture(40)[30:40]
    src = tmp_path / "s.pbn"
    src.write_text(pbn([d for d, _ in pairs]))
    cache = tmp_path / "cache"
    proc = _run_dd(src, cache)
    db = cache / "dd-tables.sqlite"
    rows = 0
    deadline = time.monotonic() + 300
    while rows == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
        if db.exists():
            try:
                rows = sqlite3.connect(db).execute("SELECT count(*) FROM dd_checked").fetchone()[0]
            except sqlite3.Error:
                rows = 0
    assert rows > 0 and proc.poll() is None, "the first batch should be back before the run ends"
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and "Interrupted" in err
    with DealCache(cache) as c:
        kept = c.get_many(deal_key(d) for d, _ in pairs)
    assert len(kept) >= rows and all(kept[deal_key(d)] == t for d, t in pairs if deal_key(d) in kept)
    # The next run takes those from the cache (only --json here; nothing else is asked of it).
    again = CliRunner().invoke(cli, ["dd", str(src), "--cache", str(cache), "--json", "--jobs", "1"])
    assert again.exit_code == 0
    data = json.loads(again.stdout)
    assert [r["dd"] for r in data] == [t.to_pbn() for _, t in pairs]
    assert sum(r["from"] == "cache" for r in data) >= len(kept)

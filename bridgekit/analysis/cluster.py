"""DD solving on a Dask cluster: the backend behind ``--scheduler`` and
``--cluster`` (see ``bridgekit.analysis.solving`` for the stream around it).

Dask distributed is an optional extra (``pip install 'bridgekit[cluster]'``),
imported only here and only when asked for.  A task is a batch of up to 40
distinct deals (one DDS ``CalcAllTables`` call), sent as 13-byte deal keys
and returned as 20-byte tables, and solved on a worker by the same
``bridgekit.dds`` code as on one machine.  The scheduler reruns the batch of
a worker that died; a batch that fails on every try comes back as an error
the solver reports for each of its boards.  Workers need bridgekit (and so
endplay) installed, the same version as the client: a worker with another
solver version refuses the batch rather than return tables that would be
cached under the wrong key.

A lost cluster is detected within a bounded time, never waited on forever:
the solver asks :meth:`DaskBackend.check` at least every quarter second
while it waits, which raises :class:`ClusterLost` (one line, exit status 3,
nothing written) when the connection to the scheduler has been down, or the
scheduler has had no worker, for :data:`LOST_AFTER` seconds (20), or at once
when the client gave up on the scheduler.
"""

from __future__ import annotations

import logging
import os
import time
from collections import deque
from concurrent.futures import CancelledError, Future
from typing import Any, Callable, Iterable, Iterator

from ..dds import TABLES_PER_CALL, DDTable, solver_version
from ..errors import BridgekitError
from .ddcache import solve_key_bytes, table_from_bytes
from ..notation import Message

__all__ = ["DaskBackend", "ClusterError", "ClusterLost", "ClusterUnavailable", "LOST_AFTER", "parse_cluster", "parse_scheduler", "INSTALL_HINT"]

INSTALL_HINT = "pip install 'bridgekit[cluster]'"
_CONNECT_TIMEOUT = "5s"
#: Tries of a batch whose task raised (a worker that died is rerun by the
#: scheduler on its own, up to its ``allowed-failures``).
RETRIES = 2


class ClusterUnavailable(BridgekitError):
    """Dask is not installed (a usage problem: the message says how to install it)."""


class ClusterError(BridgekitError):
    """The cluster cannot be started or its scheduler reached."""


class ClusterLost(ClusterError):
    """The scheduler or every worker went away during the run."""


#: Seconds the scheduler may be unreachable, or without any worker, before
#: the run stops (a nanny restarts a killed worker within a few seconds).
LOST_AFTER = 20.0
#: Seconds between two looks at the cluster's state.
_CHECK_EVERY = 1.0


def parse_cluster(spec: str) -> int:
    """``local`` (one worker per core) or ``local:N`` -> N worker processes.
    Raises BridgekitError for anything else."""
    name, _, n = spec.strip().partition(":")
    if name != "local":
        raise BridgekitError(Message('--cluster takes local or local:N, not {spec!r} (for a running cluster: '
                                     '--scheduler tcp://HOST:8786)', spec=spec))
    if not n:
        return os.cpu_count() or 1
    if not n.isascii() or not n.isdigit() or not 1 <= int(n) <= 1024:
        raise BridgekitError(Message('--cluster local:N needs a number of workers from 1 to 1024, not {n!r}', n=n))
    return int(n)


#: The port a Dask scheduler listens on unless told otherwise.
DEFAULT_PORT = 8786


def parse_scheduler(address: str) -> tuple[str, int]:
    """``tcp://HOST:PORT``, ``HOST:PORT`` or ``tcp://HOST`` (port 8786) ->
    (host, port).  Raises BridgekitError for anything else: another scheme
    (``tls://`` and ``ucx://`` need settings bridgekit does not take), no
    host, a port that is not a number from 1 to 65535."""
    text = address.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    if scheme.lower() != "tcp":
        raise BridgekitError(Message('expected tcp://HOST:PORT, not {address!r} (bridgekit does not connect over '
                                     '{scheme}://)', address=text[:60], scheme=scheme[:10]))
    host, colon, port = rest.rstrip("/").rpartition(":")
    if not colon or host.endswith("]") is False and ":" in host and not host.startswith("["):
        host, port = rest.rstrip("/"), str(DEFAULT_PORT)
    host = host.strip("[]")
    if not host or "/" in host or " " in host:
        raise BridgekitError(Message('expected tcp://HOST:PORT, not {address!r}', address=text[:60]))
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise BridgekitError(Message('the port of {address!r} is not a number from 1 to 65535', address=text[:60]))
    return host, int(port)


def _reachable(host: str, port: int, timeout: float = 5.0) -> str | None:
    """None when something listens at host:port, else why not (one line):
    checked before Dask is asked, so an address nobody answers at is one
    line, not Dask's traceback and a ten-second wait at exit."""
    import socket
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return None
    except socket.gaierror:
        return f"unknown host {host!r}"
    except TimeoutError:
        return f"no answer within {timeout:.0f} s"
    except OSError as e:
        return e.strerror or str(e)


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable(Message('--scheduler and --cluster need Dask: {hint}', hint=INSTALL_HINT)) from None
    return distributed


_WORKER_THREADS: int | None = None


def solve_batch(keys: list[bytes], version: str, threads: int) -> list[bytes]:
    """The task run on a worker: the DD tables of deals given by their keys."""
    global _WORKER_THREADS
    from ..dds import set_threads
    mine = solver_version()
    if mine != version:
        raise BridgekitError(Message('worker has solver {mine}, the client {version}: install the same bridgekit',
                                     mine=mine, version=version))
    if threads == 0:
        # The worker machine's cores shared among the worker's task threads.
        try:
            from distributed import get_worker
            threads = max(1, (os.cpu_count() or 1) // max(1, get_worker().state.nthreads))
        except (ImportError, ValueError, AttributeError):
            threads = 0
    if threads != _WORKER_THREADS:
        set_threads(threads)
        _WORKER_THREADS = threads
    return solve_key_bytes(keys)


class DaskBackend:
    """Batches of 40 deals as Dask tasks, on a scheduler at ``scheduler`` or on
    a LocalCluster of ``local:N`` processes started (and stopped) here."""

    def __init__(self, scheduler: str | None = None, cluster: str | None = None) -> None:
        distributed = _import_distributed()
        self.batch_size = TABLES_PER_CALL
        self._cluster: Any = None
        self._version = solver_version()
        try:
            if cluster is not None:
                n = parse_cluster(cluster)
                import dask
                # The workers' stack sampler (every 10 ms) competes with DDS for the cores.
                dask.config.set({"distributed.worker.profile.enabled": False})
                self._cluster = distributed.LocalCluster(
                    n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                    silence_logs=logging.ERROR)
                self._threads = max(1, (os.cpu_count() or 1) // n)
                self.client = distributed.Client(self._cluster, set_as_default=False)
            else:
                assert scheduler is not None
                host, port = parse_scheduler(scheduler)
                why = _reachable(host, port)
                if why is not None:
                    raise ClusterError(Message('cannot reach the Dask scheduler at {scheduler}: {why}',
                                               scheduler=scheduler, why=why))
                scheduler = f"tcp://{host if ':' not in host else f'[{host}]'}:{port}"
                self._threads = 0   # DDS on all the worker machine's cores
                self.client = distributed.Client(scheduler, timeout=_CONNECT_TIMEOUT, set_as_default=False)
        except BridgekitError:
            self._close_cluster()
            raise
        except (OSError, TimeoutError, ValueError) as e:
            self._close_cluster()
            where = (Message("the Dask scheduler at {address}", address=scheduler) if scheduler else
                     Message("a local Dask cluster ({spec})", spec=cluster))
            raise ClusterError(Message('cannot reach {where}: {why}', where=where, why=_first_line(e))) from None
        self._where = (Message("the Dask scheduler at {address}", address=scheduler) if scheduler else
                       Message("the local Dask cluster ({spec})", spec=cluster))
        self._trouble: tuple[float, str] | None = None   # since when, and what
        self._checked = 0.0
        workers = self.client.nthreads()
        self.max_in_flight = max(4, 2 * sum(workers.values()))
        # A batch is one DDS call on one worker with ``per_task`` threads:
        # about four tables a thread keeps them busy; more only makes the
        # first result and the last batch later (the scheduler's cost is a
        # few ms a task, a batch of deals seconds).
        if self._threads:
            per_task = self._threads
        else:
            cores = self.client.run(os.cpu_count) if workers else {}
            per_task = min((max(1, (cores.get(w) or 1) // max(1, n)) for w, n in workers.items()), default=10)
        self.batch_size = max(4, min(TABLES_PER_CALL, 4 * per_task))

    def check(self, failed: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        """Raise :class:`ClusterLost` when the cluster is gone: the client
        gave up on the scheduler (at once), or the scheduler has been
        unreachable or without a worker for :data:`LOST_AFTER` seconds.
        Cheap: it looks at the cluster once a second at most.  ``failed``:
        a batch just came back cancelled or failed; if the connection to the
        scheduler is down, that is the cluster lost, not the batch."""
        now = clock()
        status = str(getattr(self.client, "status", "running"))
        if status in ("closed", "closing", "failed") or (failed and status != "running"):
            if status == "connecting":
                raise ClusterLost(Message("lost {where}: the connection to it is down; stopped (what was solved is in "
                                          "the deal cache)", where=self._where))
            raise ClusterLost(Message("lost {where}: the connection to it is closed; stopped (what was solved is in "
                                      "the deal cache)", where=self._where))
        if now - self._checked < _CHECK_EVERY:
            return
        self._checked = now
        problem: Message | None
        if status != "running":
            problem = Message("it does not answer")
        else:
            try:
                workers = self.client.sync(self.client.scheduler.identity, n_workers=-1,
                                           callback_timeout=_CHECK_EVERY * 5).get("workers", {})
                problem = None if workers else Message("it has no worker left")
            except Exception as e:   # a timeout, a closed comm
                problem = Message("it does not answer ({error})", error=type(e).__name__)
        if not problem:
            self._trouble = None
            return
        if self._trouble is None or self._trouble[1] != problem:
            self._trouble = (now, problem)
        elif now - self._trouble[0] >= LOST_AFTER:
            raise ClusterLost(Message('lost {where}: {problem} for {seconds:.0f} s; stopped (what was solved is in '
                                      'the deal cache)', where=self._where, problem=problem, seconds=LOST_AFTER))

    def submit(self, keys: list[bytes]) -> "Future[list[DDTable]]":
        out: Future[list[DDTable]] = Future()
        task = self.client.submit(solve_batch, keys, self._version, self._threads, pure=False, retries=RETRIES)

        def transfer(done: Any) -> None:
            try:
                if done.status == "finished":
                    out.set_result([table_from_bytes(b) for b in done.result()])
                elif done.status == "cancelled":
                    out.set_exception(CancelledError())
                else:
                    out.set_exception(done.exception())
            except BaseException as e:   # the future was cancelled on our side meanwhile
                if not out.done():
                    out.set_exception(e)

        task.add_done_callback(transfer)
        out.add_done_callback(lambda f: task.cancel() if f.cancelled() else None)
        return out

    def map_ordered(self, func: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``func`` of every item as one task each, a bounded number in
        flight, results in input order."""
        window: deque[Any] = deque()
        try:
            for item in items:
                window.append(self.client.submit(func, item, pure=False, retries=RETRIES))
                while len(window) >= self.max_in_flight:
                    yield self._result(window.popleft())
            while window:
                yield self._result(window.popleft())
        finally:
            for task in window:
                task.cancel()

    def _result(self, task: Any) -> Any:
        """A task's result, waited for with the cluster checked meanwhile."""
        while True:
            try:
                return task.result(timeout=0.25)
            except TimeoutError:
                self.check()

    def _close_cluster(self) -> None:
        if self._cluster is not None:
            try:
                self._cluster.close()
            except Exception:
                pass
            self._cluster = None

    def close(self) -> None:
        try:
            self.client.close()
        except Exception:
            pass
        self._close_cluster()


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__

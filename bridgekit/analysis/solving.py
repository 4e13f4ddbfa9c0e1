"""Solving DD tables for a stream of boards: on this machine or on a Dask
cluster, through the deal cache, in input order, with bounded memory.

The public entry point for every command that needs DD tables (``dd``,
``par``, ``analyse``, ``handrecord``) is::

    from bridgekit.analysis.solving import open_solver

    with open_solver(scheduler=None, cluster=None, cache_dir=None, use_cache=True) as solver:
        for bt in solver.solve_boards(boards):       # a BoardTable per board, in order
            bt.board, bt.table, bt.source, bt.error

``solve_deals(deals)`` does the same for bare deals (yields one DDTable per
deal, in order).  The solver:

* removes duplicate deals across the whole stream before solving (a deal
  played at many tables, or repeated across files, is solved once);
* looks each deal up in the deal cache (``bridgekit.analysis.ddcache``) and
  stores every table it solves there as soon as its batch is back, so an
  interrupted run resumes where it stopped;
* sends batches of distinct deals to a backend: a solver thread on this
  machine (the main thread stays free, so Ctrl-C stops at once), or Dask
  (``bridgekit.analysis.cluster``), keeping a bounded number of batches in
  flight;
* reports progress as batches complete, and a tick at least every quarter
  second while it waits.
"""

from __future__ import annotations

import os
import queue
import threading
from collections import OrderedDict, deque
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol

from ..board import Board
from ..dds import TABLES_PER_CALL, DDTable
from ..deal import Deal
from ..errors import BridgekitError
from .ddcache import CacheError, DealCache, deal_key
from .ddtags import BoardTable, board_deal, tag_status
from ..notation import Message

__all__ = ["BoardTable", "Solver", "LocalBackend", "open_solver", "SOURCES"]

#: Where a board's table came from (``BoardTable.source``).
SOURCES = ("solved", "cache", "tag", "recorded")

_WAIT = 0.25          # seconds between progress ticks while waiting on the solver
_RECENT = 4096        # deals remembered in memory (beyond: the disk cache)
_QUEUE = 8192         # boards waiting for an earlier board's table, at most


class Backend(Protocol):
    """Where batches of deals are solved."""

    batch_size: int
    max_in_flight: int

    def submit(self, keys: list[bytes]) -> "Future[list[DDTable]]": ...

    def map_ordered(self, func: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]: ...

    def check(self, failed: bool = False) -> None:
        """Raise when the backend is lost for good (called while waiting;
        ``failed`` when a batch just failed)."""

    def close(self) -> None: ...


class LocalBackend:
    """DDS on this machine, in a solver process of its own (DDS spreads each
    batch over all cores itself), fed by a thread of this one.

    The process (bridgekit's one killable DDS worker,
    :class:`bridgekit.ddsworker.SolverWorker`: started fresh, never forked,
    so it holds none of this process's files or locks, and it dies with this
    process however this one ends) is what makes Ctrl-C immediate: the main
    thread only waits, and an interrupted run kills the solver process at
    once instead of waiting for the batch DDS is in (a DDS call cannot be
    stopped).  A solver process that dies (a DDS crash) costs its batch,
    reported per board; the next batch starts a new one.  Batches are small
    (8 tables for 2 threads) so that one finishes within seconds and
    progress starts early; two are queued so DDS never waits for the
    reader."""

    #: Seconds a new solver process may take to be ready (load DDS).
    START_TIMEOUT = 300.0

    def __init__(self, threads: int | None = None) -> None:
        n = threads or os.cpu_count() or 1
        self.threads = threads or 0
        self.batch_size = max(8, min(TABLES_PER_CALL, 4 * n))
        self.max_in_flight = 2
        self._jobs: queue.Queue[tuple[list[bytes], Future[list[DDTable]]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._worker: Any = None
        self._lock = threading.Lock()
        self._closed = False

    def _start_worker(self) -> Any:
        from ..ddsworker import SolverWorker
        from .ddcache import solve_key_bytes
        with self._lock:
            if self._closed:
                raise BridgekitError(Message('the solver is closed'))
            if self._worker is None:
                self._worker = SolverWorker(solve_key_bytes, threads=self.threads)
            worker = self._worker
            worker.start()
        return worker

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            keys, fut = job
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                worker = self._start_worker()
                if not worker.ready(wait=self.START_TIMEOUT):
                    raise BridgekitError(worker.unavailable or "the solver process did not start")
                value = worker.solve(keys, timeout=None)
            except BaseException as e:
                fut.set_exception(e if isinstance(e, BridgekitError) else BridgekitError(Message("{error}: {e}", error=type(e).__name__, e=str(e))))
                continue
            if value is None:
                fut.set_exception(BridgekitError(Message("the solver process stopped")))
            else:
                fut.set_result([DDTable(tuple(b)) for b in value])

    def submit(self, keys: list[bytes]) -> "Future[list[DDTable]]":
        if self._thread is None:
            self._start_worker()   # from this thread: it starts loading DDS at once
            self._thread = threading.Thread(target=self._run, name="bridgekit-dds-feed", daemon=True)
            self._thread.start()
        fut: Future[list[DDTable]] = Future()
        self._jobs.put((keys, fut))
        return fut

    def map_ordered(self, func: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``func`` of every item, in order, here (``func`` calls DDS itself)."""
        for item in items:
            yield func(item)

    def check(self, failed: bool = False) -> None:
        """A solver process that dies fails its batch (reported); nothing to watch."""

    def close(self) -> None:
        """Cancel what has not started and stop the solver process at once
        (a batch it is solving is dropped: the finished ones are cached)."""
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[1].cancel()
        self._jobs.put(None)
        with self._lock:
            self._closed = True
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.unavailable = "closed"   # not started again by the feeding thread
            try:
                worker.stop()
            except (OSError, ValueError, AssertionError):
                pass


@dataclass
class _Batch:
    keys: list[bytes] = field(default_factory=list)
    future: "Future[list[DDTable]] | None" = None
    reported: bool = False


@dataclass
class _Item:
    bt: BoardTable
    key: bytes | None = None
    batch: _Batch | None = None


Progress = Callable[[int, int], None]


class _Stream:
    """One run of ``Solver.solve_boards``: the boards in input order waiting
    for their tables (``items``), the batch of deals being filled
    (``current``), the batches sent to the backend (``in_flight``) and the
    batch each deal on its way is in (``waiting``)."""

    def __init__(self, solver: Solver, progress: Progress | None, tick: Callable[[], None] | None) -> None:
        self.solver = solver
        self.progress = progress
        self.tick = tick
        self.items: deque[_Item] = deque()
        self.current = _Batch()
        self.in_flight: deque[_Batch] = deque()
        self.waiting: dict[bytes, _Batch] = {}

    def report(self, solved: int, cached: int) -> None:
        if self.progress is not None:
            self.progress(solved, cached)

    def add(self, board: Board, force: bool, recorded: str) -> None:
        """Queue ``board``: its table known (or why it has none), its deal on
        its way already, or its deal put in the current batch (sent when full)."""
        deal, why = board_deal(board)
        if deal is None:
            self.items.append(_Item(BoardTable(board, None, error=why)))
            self.report(0, 1)
            return
        item = self.solver._lookup(board, deal, force, recorded, self.waiting)
        if item.bt.table is None and item.batch is None:
            assert item.key is not None
            self.current.keys.append(item.key)
            self.waiting[item.key] = self.current
            item.batch = self.current
        else:
            self.report(0, 1)   # known, or a deal already on its way
        self.items.append(item)
        if len(self.current.keys) >= self.solver.backend.batch_size:
            self.submit()

    def submit(self) -> None:
        """Send the current batch to the backend (when it holds deals)."""
        current = self.current
        if current.keys:
            current.future = self.solver.backend.submit(list(current.keys))
            self.solver.solved += len(current.keys)
            self.in_flight.append(current)
            self.current = _Batch()

    def harvest(self, batch: _Batch) -> None:
        """Store a finished batch's tables (cache, memory) once."""
        assert batch.future is not None
        if batch.reported:
            return
        batch.reported = True
        for k in batch.keys:
            self.waiting.pop(k, None)
        try:
            tables = batch.future.result()
        except BaseException:
            self.check(failed=True)   # a lost cluster is one error for the run, not one per board
            self.report(0, len(batch.keys))   # done, without tables: reported per board
            return
        pairs = list(zip(batch.keys, tables))
        if self.solver.cache is not None:
            self.solver.cache.put_many(pairs)   # replacing any row the cache held for these deals
        for k, t in pairs:
            self.solver._remember(k, t, fresh=True)
        self.report(len(pairs), 0)

    def poll(self) -> None:
        for b in self.in_flight:
            if not b.reported and b.future is not None and b.future.done():
                self.harvest(b)

    def wait_for(self, batch: _Batch) -> None:
        """Wait until ``batch`` is back (sending it first if it is the current one)."""
        if batch.future is None:
            self.submit()
        assert batch.future is not None
        while not batch.future.done():
            try:
                batch.future.exception(timeout=_WAIT)   # Ctrl-C interrupts this wait
            except TimeoutError:
                pass
            except CancelledError:
                break
            self.poll()
            self.check()
            if self.tick is not None:
                self.tick()
        self.poll()
        self.check()
        self.harvest(batch)

    def check(self, failed: bool = False) -> None:
        """A backend lost for good (a Dask scheduler gone) stops the stream."""
        check = getattr(self.solver.backend, "check", None)
        if check is not None:
            check(failed) if failed else check()

    def busy(self) -> int:
        """Batches the backend is still working on."""
        return sum(1 for b in self.in_flight if b.future is not None and not b.future.done())

    def wait_any(self) -> None:
        running = [b.future for b in self.in_flight if b.future is not None and not b.future.done()]
        futures_wait(running, timeout=_WAIT, return_when=FIRST_COMPLETED)   # Ctrl-C interrupts this wait
        self.poll()
        self.check()
        if self.tick is not None:
            self.tick()

    def ready(self) -> Iterator[BoardTable]:
        """The boards at the head of the queue whose tables are known, in order."""
        items = self.items
        while items:
            head = items[0]
            if head.batch is not None:
                if head.batch.future is None or not head.batch.future.done():
                    return
                self.harvest(head.batch)
                self.solver._fill(head)
            items.popleft()
            yield head.bt

    def close(self) -> None:
        """Interrupted or done: keep every table already back (the next run
        resumes from the cache), drop the rest."""
        for b in self.in_flight:
            if b.future is not None and b.future.done() and not b.future.cancelled():
                try:
                    self.harvest(b)
                except BaseException:
                    pass
            elif b.future is not None:
                b.future.cancel()


class Solver:
    """Solves the DD tables of boards or deals through a backend and a cache
    (``None`` for no cache).  Use ``open_solver`` to make one."""

    def __init__(self, backend: Backend, cache: DealCache | None = None) -> None:
        self.backend = backend
        self.cache = cache
        self.solved = 0            # tables solved by this solver (sent to the backend)
        # deal -> (table, solved in this run rather than read from the cache)
        self._recent: OrderedDict[bytes, tuple[DDTable, bool]] = OrderedDict()

    # -- the stream ------------------------------------------------------------

    def solve_boards(self, boards: Iterable[Board], *, force: bool = False, recorded: str = "show",
                     progress: Progress | None = None,
                     tick: Callable[[], None] | None = None) -> Iterator[BoardTable]:
        """Yield a ``BoardTable`` for every board, in input order, streaming.

        ``recorded`` says what to do with a DoubleDummyTricks tag another
        program wrote (no fingerprint of this deal): ``"show"`` it as recorded
        (``dd``), ``"solve"`` the deal (``par``: only tables tied to their
        deal are used), ``"verify"``: solve every board that has a tag,
        whatever its fingerprint and the cache say (``dd --verify``: a
        verification that solves nothing is none).  A tag bridgekit wrote for
        this very deal is used as it is unless ``force``; ``force`` solves
        every deal (neither tags nor the cache are used, and the cache rows
        are replaced).  ``progress(solved, cached)``
        is called as boards are done; ``tick()`` at least every quarter second
        while the solver is busy (to keep a progress display alive)."""
        stream = _Stream(self, progress, tick)
        try:
            for board in boards:
                stream.add(board, force, recorded)
                stream.poll()
                yield from stream.ready()
                # Keep the backend busy but no busier: a new batch goes out
                # as soon as any batch is back (not only the oldest, or a
                # worker that finished would idle behind a slow one).
                while stream.busy() >= self.backend.max_in_flight:
                    stream.wait_any()
                # Bounded memory: too many boards queue behind an unsolved one.
                while stream.in_flight and len(stream.items) > _QUEUE:
                    stream.wait_for(stream.in_flight[0])
                    stream.in_flight.popleft()
                    yield from stream.ready()
                while stream.in_flight and stream.in_flight[0].reported:
                    stream.in_flight.popleft()
                yield from stream.ready()
                if stream.items and stream.items[0].batch is stream.current and len(stream.items) > _QUEUE:
                    stream.submit()
            stream.submit()
            while stream.items:
                head = stream.items[0]
                if head.batch is not None:
                    stream.wait_for(head.batch)
                yield from stream.ready()
        finally:
            stream.close()

    def solve_deals(self, deals: Iterable[Deal], progress: Progress | None = None) -> Iterator[DDTable]:
        """The DD table of every deal, in order (complete deals only: raises
        BridgekitError naming the deal's position otherwise)."""
        for i, bt in enumerate(self.solve_boards((_bare_board(d) for d in deals), recorded="solve",
                                                 progress=progress)):
            if bt.table is None:
                raise BridgekitError(Message('deal {n}: {error}', n=i + 1, error=bt.error))
            yield bt.table

    def map(self, func: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``func(item)`` for every item, in order: on this machine, or as one
        Dask task an item on a cluster (``func`` must be importable there
        and return its errors rather than raise them, like
        ``postmortem.try_analyse_board``).  For work that is not DD tables
        (the post-mortem of a play)."""
        return self.backend.map_ordered(func, items)

    # -- helpers ----------------------------------------------------------------

    def _remember(self, key: bytes, table: DDTable, fresh: bool = False) -> None:
        self._recent[key] = (table, fresh)
        self._recent.move_to_end(key)
        while len(self._recent) > _RECENT:
            self._recent.popitem(last=False)

    def _lookup(self, board: Board, deal: Deal, force: bool, recorded: str,
                waiting: dict[bytes, _Batch]) -> _Item:
        key = deal_key(deal)
        tag, status = tag_status(board, deal)
        bt = BoardTable(board, None, recorded=tag, stale=status == "stale", deal=deal)
        solve = force or (recorded == "verify" and tag is not None)   # only a table solved now will do
        if not solve and status == "tied":
            bt.table, bt.source = tag, "tag"
            return _Item(bt, key)
        if not solve and status == "recorded" and recorded == "show":
            bt.table, bt.source = tag, "recorded"
            return _Item(bt, key)
        entry = self._recent.get(key)
        table = entry[0] if entry is not None and (entry[1] or not solve) else None
        if table is None and key in waiting:
            return _Item(bt, key, waiting[key])
        if table is not None:
            bt.table, bt.source = table, "solved" if entry is not None and entry[1] else "cache"
            return _Item(bt, key)
        if not solve and self.cache is not None:
            table = self.cache.get(key)
            if table is not None:
                self._remember(key, table)
                bt.table, bt.source = table, "cache"
        return _Item(bt, key)

    def _fill(self, item: _Item) -> None:
        assert item.batch is not None and item.batch.future is not None and item.key is not None
        entry = self._recent.get(item.key)
        table = entry[0] if entry is not None else None
        if table is None:
            try:
                tables = item.batch.future.result()
                table = tables[item.batch.keys.index(item.key)]
            except BaseException as e:
                item.bt.error = Message("solver failed: {why}", why=_reason(e))
                item.bt.failed = True
                return
        item.bt.table, item.bt.source = table, "solved"

    def close(self) -> None:
        self.backend.close()
        if self.cache is not None:
            self.cache.close()

    def __enter__(self) -> "Solver":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _reason(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _bare_board(deal: Deal) -> Board:
    board = Board()
    board.set("Deal", str(deal))
    return board


def open_solver(*, scheduler: str | None = None, cluster: str | None = None,
                cache_dir: str | os.PathLike[str] | None = None, use_cache: bool = True,
                threads: int | None = None, batch_size: int | None = None,
                on_warning: Callable[[str], None] | None = None) -> Solver:
    """A Solver for the options every solving command takes.

    ``scheduler``: the address of a running Dask scheduler
    (``tcp://host:8786``); ``cluster``: ``local`` or ``local:N`` for a Dask
    LocalCluster of N worker processes started for this run; neither: DDS on
    this machine with ``threads`` threads (default all cores).  ``cache_dir``
    (default: the user's cache folder) unless ``use_cache`` is False.
    ``batch_size``: deals a batch (default 40 on Dask, 8 per 2 threads here).

    Raises ``bridgekit.analysis.cluster.ClusterUnavailable`` when Dask is not
    installed, ``ClusterError`` when the scheduler cannot be reached (before
    anything is read).  A cache that cannot be opened, read or written is
    said once through ``on_warning`` and the solver goes on without it.  Use
    it as a context manager (it shuts a LocalCluster down)."""
    backend: Backend
    if scheduler is not None or cluster is not None:
        from .cluster import DaskBackend
        backend = DaskBackend(scheduler=scheduler, cluster=cluster)
    else:
        if threads is not None:
            from ..dds import set_threads
            set_threads(threads)
        backend = LocalBackend(threads)
    if batch_size is not None:
        backend.batch_size = max(1, min(TABLES_PER_CALL, batch_size))
    cache = None
    if use_cache:
        try:
            cache = DealCache(cache_dir, on_warning=on_warning)
        except CacheError as e:
            if on_warning is not None:
                on_warning(f"{e}; going on without it")
        except BaseException:
            backend.close()
            raise
    return Solver(backend, cache)


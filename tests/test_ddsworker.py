"""The DDS worker process and Ctrl-C: the worker ignores it from its start,
and a Ctrl-C that comes while one is started or stopped reaches this process
(it was lost: ignored while the worker started, or raised in a finaliser
the garbage collector ran, where Python ignores it)."""

from __future__ import annotations

import multiprocessing.context
import multiprocessing.util
import os
import signal
import threading
from typing import Any, Iterator

import pytest

from bridgekit.ddsworker import SolverWorker

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signals")


@pytest.fixture(autouse=True)
def _ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt here, even in a suite started with it
    ignored (``pytest &`` from a non-interactive shell)."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def ctrl_c() -> None:
    """Ctrl-C for the main thread, as in a command of one thread (here other
    threads, DDS's, may take a signal sent to the process)."""
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def test_a_ctrl_c_while_a_worker_starts_is_raised_once_it_has_started(monkeypatch: pytest.MonkeyPatch) -> None:
    real_start = multiprocessing.context.SpawnProcess.start

    def start_then_ctrl_c(self: Any) -> None:
        real_start(self)
        ctrl_c()   # as if pressed while the worker was being started

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", start_then_ctrl_c)
    worker = SolverWorker(len)
    try:
        with pytest.raises(KeyboardInterrupt):
            worker.start()
        assert worker.running   # the worker is recorded: stop() ends it
        assert worker.ready(wait=60) and worker.solve([1, 2, 3], timeout=60) == 3
    finally:
        worker.stop()
    assert not worker.running


def test_a_ctrl_c_while_a_worker_is_stopped_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    # the process's finaliser closes its pipe's descriptors: Ctrl-C meanwhile
    real_close_fds = getattr(multiprocessing.util, "close_fds")

    def ctrl_c_then_close(*fds: int) -> None:
        ctrl_c()
        real_close_fds(*fds)

    monkeypatch.setattr(multiprocessing.util, "close_fds", ctrl_c_then_close)
    worker = SolverWorker(len)
    worker.start()
    assert worker.ready(wait=60)
    with pytest.raises(KeyboardInterrupt):
        worker.stop()
    assert not worker.running


def test_the_worker_ignores_ctrl_c_from_its_start() -> None:
    # a Ctrl-C at the terminal goes to the worker too: it is the parent's
    worker = SolverWorker(len)
    try:
        worker.start()
        process = worker._process
        assert process is not None and process.pid is not None
        os.kill(process.pid, signal.SIGINT)   # before its first line of Python
        assert worker.ready(wait=60)
        os.kill(process.pid, signal.SIGINT)   # and once it serves
        assert worker.solve(["a", "b"], timeout=60) == 2
        assert worker.abandoned == 0
    finally:
        worker.stop()


def test_a_signal_raised_as_ctrl_c_is_held_leaves_it_unblocked(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python's pthread_sigmask changes the mask, then raises a signal already
    # on its way (CPython's signal_pthread_sigmask_impl: PyErr_CheckSignals
    # after the change): the mask it would have returned is lost.
    from bridgekit.safeio import signals_held
    real = signal.pthread_sigmask

    def on_its_way(how: int, mask: Any) -> Any:
        previous = real(how, mask)
        if how == signal.SIG_BLOCK and signal.SIGINT in set(mask):
            raise KeyboardInterrupt
        return previous

    before = real(signal.SIG_BLOCK, ())
    monkeypatch.setattr(signal, "pthread_sigmask", on_its_way)
    try:
        with pytest.raises(KeyboardInterrupt):
            with signals_held():
                pass
    finally:
        after = real(signal.SIG_SETMASK, before)
    assert signal.SIGINT not in after and after == before   # a later Ctrl-C is not held for good

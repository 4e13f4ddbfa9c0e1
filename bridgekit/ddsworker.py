"""DDS calls in a process of their own: the one killable DDS worker.

Every process bridgekit starts to call DDS is a :class:`SolverWorker`: the
card player's (``bridgekit.game``, one position a call, abandoned at a
deadline) and the DD-table solver's (``bridgekit.analysis.solving``,
batches of deals, stopped at once on Ctrl-C).

A DDS call cannot be interrupted, and at the opening lead one layout can take
the solver a second and a half when the others take a tenth (issue 17).  A
``SolverWorker`` makes the call in a worker process (a ``multiprocessing``
process and a pipe) and waits for it until a deadline; a call still running
then is abandoned: the process is terminated, and a new one is started at once
for the next call (it is ready a tenth of a second or so later).

The process is started with the "spawn" method, a fresh interpreter: never
"fork", since the parent may have DDS's threads running, which a forked child
would not have, and a forked child would hold copies of the parent's file
descriptors (the other end of its own pipe, so it never saw the parent go;
the lock on a file being written, so the next writer waited forever).  As
with every "spawn" child, the program's main module is
imported again in the worker: a script that plays cards must keep its work
under ``if __name__ == "__main__":`` (a worker that fails to start is not
started again, and the player solves in its own process).  The worker gives
DDS one thread (a call solves one position), ignores Ctrl-C (the parent is
interrupted and, exiting, stops it: ``multiprocessing`` terminates daemonic
children at exit; the parent holds Ctrl-C while it starts one, which the
worker inherits blocked until it ignores it, so a Ctrl-C is never lost in
the parent nor able to stop the worker halfway) and exits when its pipe closes, so also when the parent dies
without stopping it.  On Linux it also asks the kernel to kill it when its
parent dies (``PR_SET_PDEATHSIG``), so a worker busy in a long DDS call does
not outlive a parent killed by SIGKILL or by a closed pipe (SIGPIPE) either.  A daemonic process (a ``multiprocessing.Pool`` worker)
cannot start one: there ``start`` leaves the worker not running, and the card
player solves in its own process.

A worker forked into a child process (``os.fork``) is the parent's: the
child starts a worker of its own (the parent's is left alone).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Sequence

from . import dds
from .cards import Card, Strain
from .deal import Deal
from .errors import BridgekitError
from .safeio import signals_held
from .seats import Seat

__all__ = ["SolverWorker", "Position", "Solver", "die_with_parent"]

Position = tuple[Deal, Strain, Seat, Sequence[Card]]
Solver = Callable[[Any], Any]


class SolverWorker:
    """Calls ``target`` (by default ``bridgekit.dds.solve_positions``; any
    function importable in a fresh interpreter) in a worker process, waiting
    at most a given time for each call (or without limit)."""

    def __init__(self, target: Solver = dds.solve_positions, threads: int = 1) -> None:
        self.target = target
        self.threads = threads
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._owner = 0                 # the process that started the worker
        #: The worker's process id once it is ready (the solver loaded).
        self.pid: int | None = None
        #: Calls abandoned at their deadline so far (each stopped a worker).
        self.abandoned = 0
        #: Why there is no worker, when one could not be started.
        self.unavailable: str | None = None

    @property
    def running(self) -> bool:
        """Whether this process has a worker (ready or still starting)."""
        return self._process is not None and self._owner == os.getpid()

    def start(self) -> None:
        """Start a worker unless one is running or one failed to start.
        Returns at once: the worker then loads the solver (``ready`` says
        when it has)."""
        if self.running or self.unavailable is not None:
            return
        self._process = self._conn = self.pid = None   # a worker inherited through fork is the parent's
        if multiprocessing.current_process().daemon:
            self.unavailable = "a daemonic process cannot start a worker"
            return
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        process = ctx.Process(target=_serve, args=(theirs, self.target, self.threads), daemon=True,
                              name="bridgekit-dds")
        _resource_tracker_started()
        with signals_held({signal.SIGINT}):   # blocked from its start: inherited through exec
            try:
                process.start()
            except OSError as e:
                self.unavailable = f"no worker process: {e}"
                return
            finally:
                theirs.close()
            # a Ctrl-C meanwhile comes once the worker is ours to stop
            self._process, self._conn, self._owner = process, mine, os.getpid()

    def ready(self, wait: float = 0.0) -> bool:
        """Whether the worker is up with the solver loaded, waiting up to
        ``wait`` seconds for it if it is starting."""
        if not self.running or self._conn is None:
            return False
        if self.pid is None:
            try:
                if not self._conn.poll(max(0.0, wait)):
                    return False
                self.pid = self._conn.recv()
            except (EOFError, OSError):   # it died starting: not started again
                self.stop()
                self.unavailable = "the worker process failed to start"
                return False
        return True

    def solve(self, positions: Any, timeout: float | None) -> Any:
        """``target(positions)`` in the worker, or None if it has not returned
        within ``timeout`` seconds of the call (None: no limit) or the worker
        died: the call is then abandoned, the worker terminated and a new one
        started.  The worker must be ready; the target's errors are raised
        here."""
        if not self.ready() or self._conn is None:
            raise RuntimeError(self.unavailable or "the worker is not ready")
        self._conn.send(list(positions))
        try:
            done = self._conn.poll(None if timeout is None else max(0.0, timeout))
            if done:
                ok, value = self._conn.recv()
        except (EOFError, OSError):   # the worker died: as if abandoned
            done = False
        if not done:
            self.abandoned += 1
            self.stop()
            self.start()
            return None
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """Terminate the worker (a call it is making is lost).  Safe when a
        second stop comes in while one waits for the worker (Ctrl-C during
        the join runs the clean-up again): the handles are taken and cleared
        before anything waits.  A Ctrl-C while the handles are released is
        not swallowed by their finalisers (Python ignores an exception
        raised in a finaliser the garbage collector runs: "Exception ignored
        in"): the process's runs here, and the last references go with
        Ctrl-C held in this thread."""
        running = self.running
        process, conn = self._process, self._conn
        self._process = self._conn = self.pid = None
        try:
            if running and process is not None:
                process.terminate()
                process.join()
                process.close()   # its finaliser runs here, where a Ctrl-C is raised as usual
        finally:
            if running and conn is not None:
                conn.close()
            with signals_held({signal.SIGINT}):   # in a finaliser the collector runs, one is lost: it waits
                del process, conn


def _resource_tracker_started() -> None:
    """Start multiprocessing's resource tracker now, if it is not running:
    the first process started starts it, and unblocks Ctrl-C after (its
    ``ensure_running``), which would undo the hold of ``start``."""
    try:
        from multiprocessing import resource_tracker
        resource_tracker.ensure_running()
    except (ImportError, AttributeError, OSError):
        pass


def die_with_parent() -> None:
    """Linux: have the kernel kill this process when its parent dies (however
    it dies: SIGKILL, a closed pipe), then check that the parent has not died
    already.  Elsewhere nothing (the worker still leaves when its pipe
    closes)."""
    parent = os.getppid()
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError, ImportError):
        return
    if os.getppid() != parent:   # the parent died before the request took effect
        os._exit(0)


def _serve(conn: Connection, target: Solver, threads: int) -> None:
    """The worker: load the solver, say so with its pid, then solve the
    positions it is sent until its pipe closes."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's to handle
    if hasattr(signal, "pthread_sigmask"):   # blocked since the start (``start``): a pending one is discarded
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    dds.set_threads(threads)
    dds.load()
    try:
        conn.send(os.getpid())
    except OSError:   # stopped before it was ready (the parent interrupted): nothing to say
        return
    while True:
        try:
            positions = conn.recv()
        except (EOFError, OSError):
            return
        answer: tuple[bool, object]
        try:
            answer = (True, target(positions))
        except Exception as e:   # raised in the parent
            answer = (False, _portable(e))
        try:
            conn.send(answer)
        except OSError:   # the parent has gone
            return


def _portable(e: Exception) -> Exception:
    """``e``, or an error of the same message the parent can unpickle (an
    error whose constructor takes more than the message cannot be)."""
    try:
        pickle.loads(pickle.dumps(e))
        return e
    except Exception:
        kind = BridgekitError if isinstance(e, BridgekitError) else RuntimeError
        return kind(str(e))

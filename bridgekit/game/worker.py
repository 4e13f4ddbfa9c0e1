"""The card players' DDS worker: :class:`bridgekit.ddsworker.SolverWorker`
(one killable DDS worker process for the whole of bridgekit; see there).

``SHARED`` is the worker of this process, the one the card players share (a
decision at a time).  In a process forked from the one that started it, it
starts a worker of its own (the parent's is left alone).
"""

from __future__ import annotations

from ..ddsworker import Position, Solver, SolverWorker

__all__ = ["SHARED", "SolverWorker", "Position", "Solver"]

#: The worker the card players of this process share.
SHARED = SolverWorker()

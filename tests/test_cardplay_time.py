"""The computer's time limit per card (issue 17.3): the clock is read before
every DDS call, no call is started that would end past the budget, the first
call of a big position solves a single layout, and the card is chosen from the
layouts solved so far.  In a big position the calls are made in a worker
process, and one still running at the deadline is abandoned and the worker
stopped.  The clock is injected: no timing assertion."""

from __future__ import annotations

import os
import random
import time
from typing import Sequence

import pytest

from bridgekit import dds
from bridgekit.auction import Auction
from bridgekit.calls import Call
from bridgekit.cards import Card, Strain
from bridgekit.deal import Deal
from bridgekit.errors import BridgekitError
from bridgekit.game import CardPlayer, TableView
from bridgekit.game.cardplay import contract_fit, layout_stream
from bridgekit.game.worker import Position, SolverWorker
from bridgekit.play import Play
from bridgekit.seats import Seat

# East declares no trump, West is dummy (the position of issue 17.1): after
# 15 cards North has led the 9 of diamonds and West holds the K and the 6.
DEAL = Deal.parse("N:98.T98.AQJ97.T98 AKQJT.AKQJ..AKQJ 765.765.T82.7654 432.432.K6543.32")
BEFORE = "DT D3 DQ ST  DJ CJ D8 D4  D7 HJ D2 D5  D9 SJ C4"
AUCTION = Auction(Seat.E, [Call.parse(t) for t in "1C P 3NT P P P".split()])


class StepClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def decide(play: Play, clock: StepClock, samples: int = 6, think: float | None = 1.0) -> tuple[Card, int]:
    player = CardPlayer(samples, use_auction=False, rng=random.Random(1), think=think, clock=clock, worker=None)
    decision = player.decide(TableView.for_seat(DEAL, play, AUCTION))
    assert decision.card in play.legal_cards
    solved = int(decision.reason.split(" layouts")[0].split(" of ")[-1])
    return decision.card, solved


def late() -> Play:
    return Play(DEAL, Strain.NT, Seat.E, [Card.parse(t) for t in BEFORE.split()])


@pytest.mark.dds
def test_a_slow_clock_stops_after_the_first_call_with_the_best_so_far() -> None:
    # Each read of the clock costs a second: the first call (two layouts, the
    # position is small) ends past the 1 s budget, so no second call.
    card, solved = decide(late(), StepClock(1.0))
    assert solved == 2
    assert card == Card.parse("DK")  # the king wins the trick in every layout
    # Asked to think 5 s (past HARD_CAP), the player takes them: the second
    # call would end at 4 s, the third at 6 s.
    assert decide(late(), StepClock(1.0), think=5.0)[1] == 4


@pytest.mark.dds
def test_a_fast_clock_or_no_limit_solves_every_layout() -> None:
    assert decide(late(), StepClock(0.0))[1] == 6
    assert decide(late(), StepClock(1.0), think=None)[1] == 6   # the baseline: no limit
    # 0.1 s a read: a call is measured at 0.05 s a layout, and the third call
    # would end 0.6 s after the start: all three calls fit in the 1 s.
    assert decide(late(), StepClock(0.1))[1] == 6
    # 0.25 s a read: 0.125 s a layout; the second call would end at 1.0 s
    # (made), the third at 1.5 s (not made).
    assert decide(late(), StepClock(0.25))[1] == 4


@pytest.mark.dds
def test_a_big_position_first_solves_a_single_layout() -> None:
    # The opening lead: a single layout first, then the clock says stop.
    play = Play(DEAL, Strain.NT, Seat.E)
    card, solved = decide(play, StepClock(1.0), samples=16)
    assert solved == 1
    assert play.turn is Seat.S and card in DEAL[Seat.S].cards


@pytest.mark.dds
def test_a_big_position_is_solved_one_layout_a_call() -> None:
    play = Play(DEAL, Strain.NT, Seat.E, [Card.parse("D8")])
    assert play.turn is Seat.W  # dummy, declarer decides: 2 x 1.5 = 3 layouts
    clock = StepClock(0.1)
    assert decide(play, clock, samples=2)[1] == 3
    # the start, then a read before each of 3 calls and after it, and the
    # read that finds no layout left: 8 (two calls of 1 and 2 layouts: 6)
    assert clock.reads == 8


# -- the worker: a call still running at the deadline is abandoned -------------

_calls = 0


def solve_then_hang(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """A solver (run in the worker process) that solves two calls, then
    never returns in time."""
    global _calls
    _calls += 1
    if _calls > 2:
        time.sleep(600)
    return dds.solve_positions(positions)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.dds
def test_a_call_past_the_deadline_is_abandoned_and_the_worker_stopped() -> None:
    # 11 cards played (a big position): dummy's K-6-5 of diamonds over the 7;
    # declarer decides, 4 x 1.5 = 6 layouts.  The third call never returns:
    # the player waits until HARD_CAP (by its clock: 0.01 s a read), stops the
    # worker and plays the best card of the two layouts solved.
    play = Play(DEAL, Strain.NT, Seat.E, [Card.parse(t) for t in BEFORE.split()[:11]])
    view = TableView.for_seat(DEAL, play, AUCTION)
    worker = SolverWorker(solve_then_hang)
    try:
        worker.start()
        assert worker.ready(wait=60)
        first = worker.pid
        assert first is not None and alive(first)
        player = CardPlayer(4, use_auction=False, rng=random.Random(3), think=1.0, clock=StepClock(0.01),
                            worker=worker)
        decision = player.decide(view)
        assert worker.abandoned == 1 and not alive(first)   # stopped...
        assert worker.running                                # ...and another started
    finally:
        worker.stop()
    # the same two layouts, solved here
    layouts, _ = layout_stream(view.play, None, random.Random(3), contract_fit(AUCTION))
    solved = dds.solve_positions([(next(layouts), Strain.NT, Seat.S, tuple(play.cards)) for _ in range(2)])
    totals = {c: sum(v[c] for v in solved) for c in play.legal_cards}
    assert "best in" in decision.reason and " of 2 layouts" in decision.reason
    assert decision.values == {c: t / 2 for c, t in totals.items()}
    assert totals[decision.card] == max(totals.values())


@pytest.mark.dds
def test_the_worker_solves_as_this_process_does() -> None:
    positions: list[Position] = [(DEAL, Strain.NT, Seat.S, tuple(late().cards)),
                                 (DEAL, Strain.NT, Seat.S, (Card.parse("D8"),))]
    worker = SolverWorker()
    try:
        worker.start()
        assert worker.ready(wait=60) and worker.pid != os.getpid()
        assert worker.solve(positions, timeout=60) == dds.solve_positions(positions)
        illegal: list[Position] = [(DEAL, Strain.NT, Seat.S, (Card.parse("SA"),))]   # not South's
        with pytest.raises(BridgekitError) as here:
            dds.solve_positions(illegal)
        with pytest.raises(BridgekitError) as there:   # its errors are raised here
            worker.solve(illegal, timeout=60)
        assert str(there.value) == str(here.value)
        assert worker.abandoned == 0
    finally:
        worker.stop()
    assert not worker.running

"""The auction engine: legality of calls, the end of the auction, the contract
and the declarer.  These rules are the same in every rules profile (seeds 000
section 03, 002 "Enchère", 003 section 04, 004 section 3); what four passes
*mean* for the score belongs to the profile, not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from .calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Call, CallKind
from .cards import Strain
from .contract import PASSED_OUT, Contract, Doubling
from .errors import IllegalCallError
from .seats import Seat


@dataclass(frozen=True, slots=True)
class BidState:
    """The last bid of an auction and the doubling that currently stands on it."""

    index: int
    seat: Seat
    call: Call
    doubling: Doubling
    doubled_by: Seat | None  # the seat whose double (or redouble) stands last


class Auction:
    """An auction in progress, like a chess board: ``push()`` validates and raises
    ``IllegalCallError`` (with a ``code``), ``pop()`` undoes, ``copy()`` copies.

    >>> a = Auction(Seat.N)
    >>> for c in "1S P 2S X XX P P P".split(): a.push(Call.parse(c))
    >>> str(a.contract()), a.declarer()
    ('2SXX', Seat.N)
    """

    def __init__(self, dealer: Seat, calls: Iterable[Call] = ()) -> None:
        self.dealer = dealer
        self.calls: list[Call] = []
        for call in calls:
            self.push(call)

    def __repr__(self) -> str:
        return f"Auction({self.dealer!r}, {[str(c) for c in self.calls]!r})"

    def __len__(self) -> int:
        return len(self.calls)

    def copy(self) -> "Auction":
        other = Auction(self.dealer)
        other.calls = list(self.calls)
        return other

    @property
    def turn(self) -> Seat:
        """The seat to call next."""
        return self.dealer.next(len(self.calls))

    def seat_of(self, index: int) -> Seat:
        return self.dealer.next(index)

    # -- state -------------------------------------------------------------

    def last_bid(self) -> BidState | None:
        """The last bid with the doubling standing on it, or None before any bid."""
        doubling = Doubling.UNDOUBLED
        doubled_by: Seat | None = None
        for i in range(len(self.calls) - 1, -1, -1):
            call = self.calls[i]
            if call.kind is CallKind.BID:
                return BidState(i, self.seat_of(i), call, doubling, doubled_by)
            if call.kind is CallKind.DOUBLE and doubling is Doubling.UNDOUBLED:
                doubling, doubled_by = Doubling.DOUBLED, self.seat_of(i)
            elif call.kind is CallKind.REDOUBLE and doubling is Doubling.UNDOUBLED:
                doubling, doubled_by = Doubling.REDOUBLED, self.seat_of(i)
        return None

    def is_complete(self) -> bool:
        """Three passes after a bid, double or redouble, or four initial passes."""
        if len(self.calls) < 4:
            return False
        if self.last_bid() is None:
            return True  # four passes (nothing else is possible before a bid)
        return all(c.kind is CallKind.PASS for c in self.calls[-3:])

    def is_passed_out(self) -> bool:
        return self.is_complete() and self.last_bid() is None

    def contract(self) -> Contract | None:
        """The final contract (``PASSED_OUT`` after four passes); None while the
        auction is still open."""
        if not self.is_complete():
            return None
        return self.current_contract()

    def current_contract(self) -> Contract:
        """The contract as it would stand if everyone passed now."""
        state = self.last_bid()
        if state is None:
            return PASSED_OUT
        assert state.call.level is not None
        return Contract(state.call.level, state.call.strain, state.doubling)

    def declarer(self) -> Seat | None:
        """The first player of the side that won the auction to name the final
        strain (not necessarily the last bidder); None when passed out or open."""
        if not self.is_complete():
            return None
        return self.current_declarer()

    def current_declarer(self) -> Seat | None:
        state = self.last_bid()
        if state is None:
            return None
        side = state.seat.side
        for i, call in enumerate(self.calls):
            seat = self.seat_of(i)
            if call.kind is CallKind.BID and call.strain is state.call.strain and seat.side is side:
                return seat
        return state.seat  # unreachable: the last bid itself names the strain

    def first_to_name(self, strain: Strain, seat: Seat) -> Seat:
        """Who of ``seat``'s side first named ``strain`` (``seat`` if nobody did)."""
        for i, call in enumerate(self.calls):
            s = self.seat_of(i)
            if call.kind is CallKind.BID and call.strain is strain and s.side is seat.side:
                return s
        return seat

    # -- legality ----------------------------------------------------------

    def check(self, call: Call) -> None:
        """Raise ``IllegalCallError`` if ``call`` is not legal now; codes:
        ``auction-ended``, ``insufficient-bid``, ``double-nothing``,
        ``double-own-side``, ``double-doubled``, ``redouble-not-doubled``,
        ``redouble-own-double``."""
        seat = self.turn
        what = f"{call} by {seat.full_name}"
        if self.is_complete():
            raise IllegalCallError(f"{what}: the auction has already ended", "auction-ended")
        if call.kind is CallKind.PASS:
            return
        state = self.last_bid()
        if call.kind is CallKind.BID:
            if state is not None and call.rank <= state.call.rank:
                need = ("a higher level" if call.strain is Strain.NT or call.level != state.call.level
                        else "a higher level or a higher-ranking strain (C D H S NT)")
                raise IllegalCallError(
                    f"{what} after {state.call} is insufficient: it needs {need}", "insufficient-bid")
            return
        if state is None:
            verb = "double" if call.kind is CallKind.DOUBLE else "redouble"
            raise IllegalCallError(f"{what}: there is no bid to {verb}",
                                   "double-nothing" if call.kind is CallKind.DOUBLE else "redouble-not-doubled")
        if call.kind is CallKind.DOUBLE:
            if state.seat.side is seat.side:
                raise IllegalCallError(
                    f"{what}: {state.call} was bid by your own side "
                    f"({state.seat.full_name}); only an opponent's bid can be doubled", "double-own-side")
            if state.doubling is not Doubling.UNDOUBLED:
                raise IllegalCallError(
                    f"{what}: {state.call} is already {'doubled' if state.doubling is Doubling.DOUBLED else 'redoubled'}",
                    "double-doubled")
            return
        # redouble
        if state.doubling is Doubling.UNDOUBLED:
            raise IllegalCallError(f"{what}: {state.call} has not been doubled", "redouble-not-doubled")
        if state.doubling is Doubling.REDOUBLED:
            raise IllegalCallError(f"{what}: {state.call} is already redoubled", "redouble-not-doubled")
        if state.seat.side is not seat.side:
            raise IllegalCallError(
                f"{what}: only the side that bid {state.call} may redouble the double of it",
                "redouble-own-double")

    def is_legal(self, call: Call) -> bool:
        try:
            self.check(call)
        except IllegalCallError:
            return False
        return True

    def push(self, call: Call) -> None:
        """Make ``call``; raises ``IllegalCallError`` and leaves the auction unchanged
        if it is illegal."""
        self.check(call)
        self.calls.append(call)

    def pop(self) -> Call:
        """Take back the last call (IndexError on an empty auction)."""
        return self.calls.pop()

    @property
    def legal_calls(self) -> "LegalCalls":
        return LegalCalls(self)


class LegalCalls:
    """A live view of the legal calls: supports ``in``, iteration and ``len``."""

    def __init__(self, auction: Auction) -> None:
        self._auction = auction

    def __contains__(self, call: object) -> bool:
        return isinstance(call, Call) and self._auction.is_legal(call)

    def __iter__(self) -> Iterator[Call]:
        a = self._auction
        if a.is_complete():
            return
        state = a.last_bid()
        yield PASS
        if DOUBLE in self:
            yield DOUBLE
        if REDOUBLE in self:
            yield REDOUBLE
        start = 0 if state is None else state.call.rank + 1
        yield from ALL_CALLS[3 + start:]

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalCalls {' '.join(str(c) for c in self)}>"

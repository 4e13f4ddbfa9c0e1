"""The auction engine: legality of calls, the end of the auction, the contract
and the declarer. These rules are the same in every rules profile (*Laws of
Auction Bridge, New York Whist Club, 1920*, section 03; *How to Play Auction
Bridge*, "Bidding"; *Duplicate Bridge: Same Cards, Different Decisions*,
section 04; *Bridge: One Deal Against the Computer*, section 3); what four
passes *mean* for the score belongs to the profile, not here.

The rules, as the engine applies them:

* The dealer calls first, then each player in turn clockwise.
* A bid must be higher than the last bid: a higher level, or the same level in
  a higher strain (clubs, diamonds, hearts, spades, no trump).  Levels go 1-7.
* A double is allowed only on the last bid, only if an opponent made it, and
  only if that bid is not doubled already; passes in between are fine (the last
  bid is still "the last call other than pass" only if nothing but passes
  followed it, which the doubling state tracks).
* A redouble is allowed only on a double by the opponents of a bid made by your
  own side, when that double is not yet redoubled.  A new bid cancels both.
* Three passes in a row after a bid, double or redouble end the auction; four
  passes at the start end it with no contract (passed out).
* The declarer is the first player of the side that made the last bid to have
  named its strain (not necessarily the player who made the last bid).

The engine keeps an incremental state after every call, so ``push``, ``check``
and ``pop`` cost the same whatever the length of the auction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from .calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Call, CallKind
from .cards import Strain
from .contract import PASSED_OUT, Contract, Doubling
from .errors import IllegalCallError
from .i18n import N_
from .notation import Message
from .seats import Seat

_BID, _PASS, _DOUBLE, _REDOUBLE = CallKind.BID, CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE
_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class BidState:
    """The last bid of an auction and the doubling that currently stands on it."""

    index: int
    seat: Seat
    call: Call
    doubling: Doubling
    doubled_by: Seat | None  # the seat whose double (or redouble) stands last


# Incremental state after each call: (index of the last bid or -1, its rank or -1,
# doubling standing on it, index of the standing double/redouble or -1,
# number of passes since the last non-pass call).
_State = tuple[int, int, Doubling, int, int]
_START: _State = (-1, -1, Doubling.UNDOUBLED, -1, 0)


class Auction:
    """An auction in progress, like a chess board: ``push()`` validates and raises
    ``IllegalCallError`` (with a ``code``), ``pop()`` undoes, ``copy()`` copies.

    >>> a = Auction(Seat.N)
    >>> for c in "1S P 2S X XX P P P".split(): a.push(Call.parse(c))
    >>> str(a.contract()), a.declarer()
    ('2SXX', Seat.N)
    """

    __slots__ = ("dealer", "calls", "_states")

    def __init__(self, dealer: Seat, calls: Iterable[Call] = ()) -> None:
        """Start an auction with ``dealer`` to call first and push ``calls``
        (raises ``IllegalCallError`` at the first illegal one)."""
        self.dealer = dealer
        self.calls: list[Call] = []
        self._states: list[_State] = [_START]
        for call in calls:
            self.push(call)

    def __repr__(self) -> str:
        return f"Auction({self.dealer!r}, {[str(c) for c in self.calls]!r})"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def __len__(self) -> int:
        return len(self.calls)

    def copy(self) -> "Auction":
        other = Auction(self.dealer)
        other.calls = list(self.calls)
        other._states = list(self._states)
        return other

    @property
    def turn(self) -> Seat:
        """The seat to call next."""
        return _SEATS[(self.dealer + len(self.calls)) % 4]

    def seat_of(self, index: int) -> Seat:
        """The seat that made (or makes) call number ``index`` (0-based)."""
        return _SEATS[(self.dealer + index) % 4]

    # -- state -------------------------------------------------------------

    def last_bid(self) -> BidState | None:
        """The last bid with the doubling standing on it, or None before any bid."""
        bid_index, _rank, doubling, dbl_index, _passes = self._states[-1]
        if bid_index < 0:
            return None
        return BidState(bid_index, self.seat_of(bid_index), self.calls[bid_index], doubling,
                        self.seat_of(dbl_index) if dbl_index >= 0 else None)

    def is_complete(self) -> bool:
        """Three passes after a bid, double or redouble, or four initial passes."""
        passes = self._states[-1][4]
        return passes >= 4 or (passes == 3 and len(self.calls) > 3)

    def is_passed_out(self) -> bool:
        """Whether the auction ended with four passes and no bid."""
        return self.is_complete() and self._states[-1][0] < 0

    def contract(self) -> Contract | None:
        """The final contract (``PASSED_OUT`` after four passes); None while the
        auction is still open."""
        if not self.is_complete():
            return None
        return self.current_contract()

    def current_contract(self) -> Contract:
        """The contract as it would stand if everyone passed now."""
        bid_index, _rank, doubling, _dbl, _passes = self._states[-1]
        if bid_index < 0:
            return PASSED_OUT
        bid = self.calls[bid_index]
        assert bid.level is not None
        return Contract(bid.level, bid.strain, doubling)

    def declarer(self) -> Seat | None:
        """The first player of the side that won the auction to name the final
        strain (not necessarily the last bidder); None when passed out or open."""
        if not self.is_complete():
            return None
        return self.current_declarer()

    def current_declarer(self) -> Seat | None:
        """The declarer if everyone passed now (None before any bid)."""
        state = self.last_bid()
        if state is None:
            return None
        assert state.call.strain is not None
        return self.first_to_name(state.call.strain, state.seat)

    def first_to_name(self, strain: Strain, seat: Seat) -> Seat:
        """Who of ``seat``'s side first bid ``strain`` (``seat`` if nobody did)."""
        side = seat.side
        for i, call in enumerate(self.calls):
            if call.kind is _BID and call.strain is strain:
                s = self.seat_of(i)
                if s.side is side:
                    return s
        return seat

    # -- legality ----------------------------------------------------------

    def check(self, call: Call) -> None:
        """Raise ``IllegalCallError`` if ``call`` is not legal now.  Codes:
        ``auction-ended``, ``insufficient-bid``, ``double-nothing``,
        ``double-own-side``, ``double-doubled``, ``redouble-not-doubled``,
        ``redouble-redoubled``, ``redouble-own-double``.  Returns None when the call is legal."""
        bid_index, rank, doubling, _dbl, passes = self._states[-1]
        kind = call.kind
        values = {"call": call, "seat": self.turn}
        if passes >= 4 or (passes == 3 and len(self.calls) > 3):
            raise IllegalCallError(Message("{call} by {seat}: the auction has already ended", **values), "auction-ended")
        if kind is _PASS:
            return
        if kind is _BID:
            if call.rank <= rank:
                raise IllegalCallError(Message(
                    "{call} by {seat} after {last} is insufficient: a bid must name more tricks, or as many in a "
                    "higher strain ({c} {d} {h} {s} {nt})", last=self.calls[bid_index], **values,
                    c=Strain.C, d=Strain.D, h=Strain.H, s=Strain.S, nt=Strain.NT), "insufficient-bid")
            return
        n = len(self.calls)
        if bid_index < 0:
            if kind is _DOUBLE:
                raise IllegalCallError(Message("{call} by {seat}: there is no bid to double", **values), "double-nothing")
            raise IllegalCallError(Message("{call} by {seat}: there is no bid, so nothing to redouble", **values),
                                   "redouble-not-doubled")
        own_side = (n - bid_index) % 2 == 0  # same parity of position = same side
        values.update(last=self.calls[bid_index], bidder=self.seat_of(bid_index))
        if kind is _DOUBLE:
            if own_side:
                raise IllegalCallError(Message(
                    "{call} by {seat}: {last} was bid by their own side ({bidder}); "
                    "only an opponent's bid can be doubled", **values), "double-own-side")
            if doubling is not Doubling.UNDOUBLED:
                template = N_("{call} by {seat}: {last} is already doubled") if doubling is Doubling.DOUBLED \
                    else N_("{call} by {seat}: {last} is already redoubled")
                raise IllegalCallError(Message(template, **values), "double-doubled")
            return
        # redouble
        if doubling is Doubling.UNDOUBLED:
            raise IllegalCallError(Message("{call} by {seat}: {last} has not been doubled", **values),
                                   "redouble-not-doubled")
        if doubling is Doubling.REDOUBLED:
            raise IllegalCallError(Message("{call} by {seat}: {last} is already redoubled", **values),
                                   "redouble-redoubled")
        if not own_side:
            raise IllegalCallError(Message(
                "{call} by {seat}: {last} was bid by the other side ({bidder}); "
                "only the side whose bid was doubled may redouble", **values), "redouble-own-double")

    def is_legal(self, call: Call) -> bool:
        """Whether ``call`` may be made now."""
        try:
            self.check(call)
        except IllegalCallError:
            return False
        return True

    def push(self, call: Call) -> None:
        """Make ``call``; raises ``IllegalCallError`` and leaves the auction unchanged
        if it is illegal."""
        self.check(call)
        self._append(call)

    def push_irregular(self, call: Call) -> None:
        """Record ``call`` as made at the table even though it may be illegal (an
        irregularity the opponents accepted, like an insufficient bid marked
        ``^I`` in PBN): the auction goes on from it.  Never raises."""
        self._append(call)

    def _append(self, call: Call) -> None:
        bid_index, rank, doubling, dbl_index, passes = self._states[-1]
        n = len(self.calls)
        kind = call.kind
        if kind is _PASS:
            state = (bid_index, rank, doubling, dbl_index, passes + 1)
        elif kind is _BID:
            state = (n, call.rank, Doubling.UNDOUBLED, -1, 0)
        elif bid_index < 0:
            state = (bid_index, rank, doubling, dbl_index, 0)
        elif kind is _DOUBLE:
            state = (bid_index, rank, Doubling.DOUBLED, n, 0)
        else:
            state = (bid_index, rank, Doubling.REDOUBLED, n, 0)
        self.calls.append(call)
        self._states.append(state)

    def pop(self) -> Call:
        """Take back the last call (IndexError on an empty auction)."""
        call = self.calls.pop()
        self._states.pop()
        return call

    @property
    def legal_calls(self) -> "LegalCalls":
        """The calls legal now, as a live view (``in``, iteration, ``len``)."""
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
        yield PASS
        if a.is_legal(DOUBLE):
            yield DOUBLE
        if a.is_legal(REDOUBLE):
            yield REDOUBLE
        yield from ALL_BIDS[a._states[-1][1] + 1:]

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalCalls {' '.join(str(c) for c in self)}>"

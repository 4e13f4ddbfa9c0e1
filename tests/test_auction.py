"""The auction engine: every rule from a position where it applies and one where
it does not, the seed examples, and property tests against a naive oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import calls
from bridgekit.auction import Auction
from bridgekit.calls import ALL_CALLS, DOUBLE, PASS, REDOUBLE, Call, CallKind
from bridgekit.cards import Strain
from bridgekit.check import check_auction
from bridgekit.contract import PASSED_OUT, Contract, Doubling
from bridgekit.errors import BridgekitError, IllegalCallError
from bridgekit.seats import Seat


def auction(text: str, dealer: Seat = Seat.N) -> Auction:
    return Auction(dealer, calls(text))


def code_of(text: str, call: str, dealer: Seat = Seat.N) -> str | None:
    a = auction(text, dealer)
    try:
        a.check(Call.parse(call))
    except IllegalCallError as e:
        return e.code
    return None


# -- bids ------------------------------------------------------------------------


@pytest.mark.parametrize("before, call", [
    ("1S", "1NT"),      # same level, higher strain
    ("1NT", "2C"),      # higher level beats any strain
    ("1C", "1D"), ("1D", "1H"), ("1H", "1S"),
    ("1S P P", "2C"),   # passes in between do not matter
    ("", "7NT"),
    ("P P P", "1C"),    # fourth hand may open after three passes
])
def test_sufficient_bids_are_legal(before: str, call: str) -> None:
    assert code_of(before, call) is None


@pytest.mark.parametrize("before, call", [
    ("1NT", "1S"),      # same level, lower strain
    ("1S", "1S"),       # same bid
    ("2C", "1NT"),      # lower level, whatever the strain
    ("1S X", "1H"),     # a double in between changes nothing
    ("7NT", "7NT"),
])
def test_insufficient_bids_are_illegal(before: str, call: str) -> None:
    assert code_of(before, call) == "insufficient-bid"


def test_levels_above_seven_do_not_exist() -> None:
    with pytest.raises(BridgekitError):
        Call.parse("8C")
    with pytest.raises(BridgekitError):
        Call.bid(8, Strain.C)


def test_strain_order_is_clubs_diamonds_hearts_spades_notrump() -> None:
    order = [Call.bid(1, s) for s in (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)]
    for i, low in enumerate(order):
        for high in order[i + 1:]:
            assert code_of(str(low), str(high)) is None
            assert code_of(str(high), str(low)) == "insufficient-bid"


# -- doubles ---------------------------------------------------------------------


def test_double_of_the_opponents_last_bid() -> None:
    assert code_of("1S", "X") is None             # E doubles N's bid
    assert code_of("1S P P", "X") is None         # W doubles N's bid after two passes


def test_double_with_no_bid() -> None:
    assert code_of("", "X") == "double-nothing"
    assert code_of("P P", "X") == "double-nothing"


def test_double_of_own_side() -> None:
    assert code_of("1S P", "X") == "double-own-side"     # S doubles partner's bid
    assert code_of("P 1S P", "X") == "double-own-side"   # W doubles partner E's bid


def test_double_of_a_doubled_or_redoubled_bid() -> None:
    assert code_of("1S X P", "X") == "double-doubled"    # W doubles after partner E did
    assert code_of("1S X XX", "X") == "double-doubled"   # W doubles a redoubled bid
    # a new bid cancels the double: doubling again is fine
    assert code_of("1S X 2S", "X") is None


def test_double_after_another_bid_in_between_is_of_that_bid() -> None:
    # N 1S, E 2H, S ... : South doubling doubles 2H (East's), which is legal
    assert code_of("1S 2H", "X") is None
    # W doubling 2H: partner East's bid
    assert code_of("1S 2H P", "X") == "double-own-side"


# -- redoubles -------------------------------------------------------------------


def test_redouble_of_the_opponents_double_of_own_bid() -> None:
    assert code_of("1S X", "XX") is None              # S redoubles E's double of N's bid
    assert code_of("1S X P P", "XX") is None          # N redoubles after passes
    assert code_of("1S X P", "XX") == "redouble-own-double"   # W would redouble partner's double
    assert code_of("1S X P P P", "XX") == "auction-ended"


def test_redouble_needs_a_double() -> None:
    assert code_of("", "XX") == "redouble-not-doubled"
    assert code_of("1S", "XX") == "redouble-not-doubled"
    assert code_of("1S P", "XX") == "redouble-not-doubled"
    assert code_of("1S X XX", "XX") == "redouble-redoubled"         # already redoubled
    assert code_of("1S X 2H", "XX") == "redouble-not-doubled"       # the new bid cancelled it


# -- end of the auction ------------------------------------------------------------


@pytest.mark.parametrize("text, complete", [
    ("P P P P", True), ("P P P", False), ("1S P P P", True), ("1S P P", False),
    ("1S X P P P", True), ("1S X XX P P P", True), ("1S X XX P P", False),
    ("P 1S P P P", True), ("P P P 1S P P P", True), ("", False),
])
def test_completion(text: str, complete: bool) -> None:
    assert auction(text).is_complete() is complete


def test_calls_after_the_end_are_illegal() -> None:
    for call in ("P", "1C", "X", "XX"):
        assert code_of("1S P P P", call) == "auction-ended"
        assert code_of("P P P P", call) == "auction-ended"


def test_four_passes_is_passed_out() -> None:
    a = auction("P P P P")
    assert a.contract() == PASSED_OUT and a.declarer() is None and a.is_passed_out()


# -- contract and declarer ---------------------------------------------------------------


def test_contract_and_declarer_doubling() -> None:
    a = auction("1S P 2S X XX P P P")
    assert a.contract() == Contract(2, Strain.S, Doubling.REDOUBLED) and a.declarer() is Seat.N
    a = auction("1S X P P P")
    assert a.contract() == Contract(1, Strain.S, Doubling.DOUBLED)
    a = auction("1S X 2S P P P")   # a new bid cancels the double
    assert a.contract() == Contract(2, Strain.S)


def test_declarer_is_first_of_side_to_name_strain_not_last_bidder() -> None:
    # N opens 1H, S raises to 4H: North named hearts first, North declares.
    assert auction("1H P 4H P P P").declarer() is Seat.N
    # E opens 1D; W bids 1S; E raises 2S: West declares although East bid last.
    a = auction("P 1D P 1S P 2S P P P")
    assert a.declarer() is Seat.W and a.last_bid().seat is Seat.E  # type: ignore[union-attr]
    # the opponents naming the strain first does not count: N 1S (psychic), E 2S... E's side
    a = auction("1S 2S P P P")
    assert a.declarer() is Seat.E
    a = auction("1S 2C P 2S P P P")  # W bids 2S over N's 1S: West (first of E/W in spades)
    assert a.declarer() is Seat.W


def test_open_auction_has_no_contract() -> None:
    a = auction("1S P")
    assert a.contract() is None and a.declarer() is None
    assert a.current_contract() == Contract(1, Strain.S) and a.current_declarer() is Seat.N


# -- the board-like API ------------------------------------------------------------------


def test_push_pop_copy_and_turn() -> None:
    a = Auction(Seat.E)
    assert a.turn is Seat.E
    a.push(Call.parse("1S"))
    a.push(DOUBLE)
    b = a.copy()
    assert a.pop() == DOUBLE and a.turn is Seat.S
    assert DOUBLE in a.legal_calls and REDOUBLE not in a.legal_calls
    assert len(b) == 2 and b.last_bid().doubling is Doubling.DOUBLED  # type: ignore[union-attr]
    with pytest.raises(IllegalCallError) as e:
        a.push(Call.parse("1H"))
    assert e.value.code == "insufficient-bid" and len(a) == 1   # unchanged after an illegal push


def test_legal_calls_view() -> None:
    a = Auction(Seat.N)
    assert len(a.legal_calls) == 36               # pass + 35 bids
    a.push(Call.parse("7NT"))
    assert list(a.legal_calls) == [PASS, DOUBLE]
    a.push(DOUBLE)
    assert list(a.legal_calls) == [PASS, REDOUBLE]
    for c in "P P P".split():
        a.push(Call.parse(c))
    assert list(a.legal_calls) == [] and len(a.legal_calls) == 0


def test_push_irregular_continues_from_an_accepted_insufficient_bid() -> None:
    a = auction("1D")
    a.push_irregular(Call.parse("1C"))           # PBN ^I: accepted insufficient bid
    assert a.current_contract() == Contract(1, Strain.C)
    a.push(Call.parse("1D"))                      # over 1C, 1D is sufficient again
    assert a.current_declarer() is Seat.N


# -- property tests against a naive oracle ---------------------------------------------


def oracle_code(prefix: list[Call], call: Call) -> str | None:
    """The rules written the slow, obvious way (no shared code with the engine)."""
    n = len(prefix)
    non_pass = [i for i, c in enumerate(prefix) if c.kind is not CallKind.PASS]
    if non_pass:
        if n - 1 - non_pass[-1] >= 3:
            return "auction-ended"
    elif n >= 4:
        return "auction-ended"
    if call.kind is CallKind.PASS:
        return None
    bids = [i for i, c in enumerate(prefix) if c.kind is CallKind.BID]
    b = bids[-1] if bids else None
    if call.kind is CallKind.BID:
        if b is None:
            return None
        last = prefix[b]
        assert last.level is not None and call.level is not None
        higher = (call.level, int(call.strain)) > (last.level, int(last.strain))  # type: ignore[arg-type]
        return None if higher else "insufficient-bid"
    if b is None:
        return "double-nothing" if call.kind is CallKind.DOUBLE else "redouble-not-doubled"
    same_side = (n - b) % 2 == 0
    after = [c for c in prefix[b + 1:] if c.kind is not CallKind.PASS]
    if call.kind is CallKind.DOUBLE:
        if same_side:
            return "double-own-side"
        return "double-doubled" if after else None
    if not after:
        return "redouble-not-doubled"
    if after != [DOUBLE]:
        return "redouble-redoubled"
    return None if same_side else "redouble-own-double"


def oracle_declarer(seq: list[Call], dealer: Seat) -> Seat | None:
    bids = [i for i, c in enumerate(seq) if c.kind is CallKind.BID]
    if not bids:
        return None
    last = bids[-1]
    side = (dealer + last) % 2
    for i in bids:
        if seq[i].strain is seq[last].strain and (dealer + i) % 2 == side:
            return Seat((dealer + i) % 4)
    raise AssertionError


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[Seat, list[Call]]:
    dealer = draw(st.sampled_from(list(Seat)))
    seq: list[Call] = []
    for _ in range(60):
        if oracle_code(seq, PASS) == "auction-ended":
            break
        legal = [c for c in ALL_CALLS if oracle_code(seq, c) is None]
        # passes half the time so auctions end; otherwise any legal call
        if draw(st.booleans()):
            seq.append(PASS)
        else:
            seq.append(draw(st.sampled_from(legal)))
    return dealer, seq


@settings(max_examples=200, deadline=None)
@given(legal_auctions())
def test_random_legal_auctions_are_accepted(case: tuple[Seat, list[Call]]) -> None:
    dealer, seq = case
    a = Auction(dealer)
    for call in seq:
        a.push(call)   # raises if the engine disagrees with the oracle
    assert a.is_complete() is (oracle_code(seq, PASS) == "auction-ended")
    if a.is_complete():
        assert a.declarer() == oracle_declarer(seq, dealer)
        bids = [c for c in seq if c.is_bid]
        assert a.is_passed_out() is (not bids)
    # the legal-call view agrees with the oracle everywhere
    assert set(a.legal_calls) == {c for c in ALL_CALLS if oracle_code(seq, c) is None}
    # pop undoes exactly
    while len(a):
        a.pop()
    assert a.current_contract() == PASSED_OUT and a.turn is dealer


@settings(max_examples=200, deadline=None)
@given(legal_auctions(), st.data())
def test_a_single_illegal_call_is_rejected_at_its_index_with_the_oracle_code(
        case: tuple[Seat, list[Call]], data: st.DataObject) -> None:
    dealer, seq = case
    i = data.draw(st.integers(0, len(seq)))
    prefix = seq[:i]
    illegal = [c for c in ALL_CALLS if oracle_code(prefix, c) is not None]
    if not illegal:
        return  # every call is legal here (empty auction: only X/XX are not, so never)
    bad = data.draw(st.sampled_from(illegal))
    mutated = prefix + [bad] + seq[i + 1:]
    result = check_auction(mutated, dealer)
    assert len(result.problems) == 1
    p = result.problems[0]
    assert p.call_index == i and p.code == oracle_code(prefix, bad)
    assert len(result.auction) == i   # the auction stops before the bad call

"""Duplicate scoring (profile ``contract``: *Duplicate Bridge: Same Cards,
Different Decisions*, sections 06-09; *Bridge: One Deal Against the Computer*,
section 5) and the IMP table (*Duplicate Bridge*, section 08)."""

from __future__ import annotations

import itertools

import pytest

from bridgekit.cards import Strain
from bridgekit.contract import PASSED_OUT, Contract, Doubling, Result
from bridgekit.errors import BridgekitError
from bridgekit.rules import find_profile, profile_names
from bridgekit.rules.imps import IMP_BOUNDS, imp_range, imps, matchpoints
from bridgekit.seats import Seat, Side, Vul

CONTRACT = find_profile("contract")


def ns(contract: str, declarer: str, tricks: int, vul: str = "None") -> int:
    return CONTRACT.score(Result(Contract.parse(contract), Seat.parse(declarer), tricks), Vul.parse(vul), None).ns


# -- the worked examples of Duplicate Bridge, section 09 ------------------------

def test_worked_example_420_170_250_is_6_imps() -> None:
    table1 = ns("4S", "N", 10, "None")
    table2 = ns("3S", "N", 10, "None")
    assert table1 == 420          # 4 x 30 + 300
    assert table2 == 170          # 3 x 30 + 30 + 50
    assert table1 - table2 == 250
    assert imps(table1 - table2) == 6
    assert imps(table2 - table1) == -6  # the other team's view


def test_worked_example_4hx_vulnerable_down_two_is_minus_500() -> None:
    assert ns("4HX", "N", 8, "All") == -500        # 200 + 300
    assert ns("4HX", "E", 8, "All") == 500          # same result, E/W declaring: N/S receive it


def test_breakdown_items_and_sides() -> None:
    s = CONTRACT.score(Result(Contract.parse("3S"), Seat.S, 10), Vul.NONE, None)
    items = {(i.item, i.points) for i in s.items}
    assert items == {("trick points", 90), ("overtricks (1)", 30), ("part-score bonus", 50)}
    assert all(i.side is Side.NS and i.line is None for i in s.items)
    down = CONTRACT.score(Result(Contract.parse("4HX"), Seat.W, 8), Vul.ALL, None)
    assert [(i.side, i.points) for i in down.items] == [(Side.NS, 500)]


def test_passed_out_scores_zero_and_unknown_tricks_raise() -> None:
    assert CONTRACT.score(Result(PASSED_OUT), Vul.ALL, None).items == ()
    with pytest.raises(BridgekitError):
        CONTRACT.score(Result(Contract.parse("3NT"), Seat.N, None), Vul.NONE, None)


@pytest.mark.parametrize("contract, tricks, vul, expected", [
    ("3NT", 9, "None", 400), ("3NT", 9, "All", 600), ("1NT", 7, "None", 90), ("2H", 8, "None", 110),
    ("4S", 11, "NS", 650), ("5C", 11, "None", 400), ("6S", 12, "None", 980), ("6S", 12, "NS", 1430),
    ("7NT", 13, "NS", 2220), ("7NTXX", 13, "NS", 2980), ("2CX", 8, "None", 180), ("2HX", 8, "None", 470),
    ("1DXX", 7, "NS", 230), ("1DXX", 7, "None", 230), ("1NTX", 8, "NS", 380), ("3NTX", 8, "None", -100),
    ("3NTX", 6, "None", -500), ("3NTX", 5, "None", -800), ("3NTX", 6, "NS", -800), ("1CXX", 0, "NS", -4000), ("7NTXX", 0, "NS", -7600),
    ("1CX", 0, "None", -1700), ("4H", 8, "None", -100), ("4H", 8, "NS", -200),
])
def test_well_known_scores(contract: str, tricks: int, vul: str, expected: int) -> None:
    assert ns(contract, "N", tricks, vul) == expected


# -- exhaustive check against an independent formulation --------------------------

def reference_score(level: int, strain: Strain, doubling: int, vulnerable: bool, tricks: int) -> int:
    """Declarer's score written from the rules text, trick by trick."""
    needed = 6 + level
    mult = (1, 2, 4)[doubling]
    if tricks >= needed:
        contract_points = 0
        for i in range(level):
            if strain in (Strain.C, Strain.D):
                contract_points += 20
            elif strain in (Strain.H, Strain.S):
                contract_points += 30
            else:
                contract_points += 40 if i == 0 else 30
        contract_points *= mult
        total = contract_points
        total += (500 if vulnerable else 300) if contract_points >= 100 else 50
        for _ in range(tricks - needed):
            if doubling == 0:
                total += 20 if strain in (Strain.C, Strain.D) else 30
            else:
                total += (200 if vulnerable else 100) * (1 if doubling == 1 else 2)
        if level == 6:
            total += 750 if vulnerable else 500
        if level == 7:
            total += 1500 if vulnerable else 1000
        total += (0, 50, 100)[doubling]
        return total
    penalty = 0
    for k in range(1, needed - tricks + 1):
        if doubling == 0:
            penalty += 100 if vulnerable else 50
        elif vulnerable:
            penalty += (200 if k == 1 else 300) * (1 if doubling == 1 else 2)
        else:
            penalty += (100 if k == 1 else 200 if k <= 3 else 300) * (1 if doubling == 1 else 2)
    return -penalty


def test_exhaustive_against_independent_formulation() -> None:
    count = 0
    for level, strain, doubling, vul, declarer, tricks in itertools.product(
            range(1, 8), Strain, Doubling, Vul, (Seat.N, Seat.E), range(14)):
        result = Result(Contract(level, strain, doubling), declarer, tricks)
        score = CONTRACT.score(result, vul, None)
        expected = reference_score(level, strain, int(doubling), vul.is_vulnerable(declarer), tricks)
        sign = 1 if declarer.side is Side.NS else -1
        assert score.ns == sign * expected, (str(result.contract), declarer, tricks, vul)
        assert all(i.points > 0 for i in score.items)
        count += 1
    assert count == 7 * 5 * 3 * 4 * 2 * 14


def test_scores_are_cached_and_equal() -> None:
    r = Result(Contract.parse("4SX"), Seat.S, 11)
    assert CONTRACT.score(r, Vul.NS, None) is CONTRACT.score(r, Vul.NS, None)


# -- IMPs ---------------------------------------------------------------------------

DOC_TABLE = """0-10 0; 20-40 1; 50-80 2; 90-120 3; 130-160 4; 170-210 5; 220-260 6; 270-310 7;
320-360 8; 370-420 9; 430-490 10; 500-590 11; 600-740 12; 750-890 13; 900-1090 14; 1100-1290 15;
1300-1490 16; 1500-1740 17; 1750-1990 18; 2000-2240 19; 2250-2490 20; 2500-2990 21; 3000-3490 22;
3500-3990 23"""


def test_imp_table_at_every_boundary() -> None:
    rows = [r.split() for r in DOC_TABLE.replace("\n", " ").split(";")]
    assert len(rows) == 24
    for span, value in rows:
        low, high = (int(x) for x in span.split("-"))
        n = int(value)
        assert imp_range(n) == (low, high)
        for diff in range(low, high + 10, 10):
            assert imps(diff) == n, diff
            assert imps(-diff) == -n
        assert imps(high + 10) == n + 1
        if low:
            assert imps(low - 10) == n - 1
    assert imps(4000) == 24 and imps(7600) == 24 and imps(-4000) == -24
    assert imp_range(24) == (4000, None)
    assert len(IMP_BOUNDS) == 24
    assert imps(15) == 0  # between the ranges: read by lower bounds


def test_matchpoints_share_ties() -> None:
    assert matchpoints([420, 170, 420, -50]) == [2.5, 1.0, 2.5, 0.0]
    assert matchpoints([100]) == [0.0]
    assert sum(matchpoints([1, 2, 3, 3, 3])) == 5 * 4 / 2


def test_registry() -> None:
    assert profile_names()[0] == "contract"
    assert set(profile_names()) == {"contract", "auction-1920", "auction-classic"}
    assert find_profile("Duplicate") is CONTRACT
    with pytest.raises(BridgekitError, match="known: contract"):
        find_profile("chicago")

"""The DDS adapter: conversions, DD tables, positions, par (few solver calls)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgekit import dds
from bridgekit.cards import Card, Strain
from bridgekit.contract import Contract
from bridgekit.deal import Deal
from bridgekit.errors import BridgekitError, IllegalCardError, ParseError
from bridgekit.play import Play
from bridgekit.seats import Seat, Side, Vul

# Each player holds one whole suit: N spades, E hearts, S diamonds, W clubs.
# By hand: a side declaring in one of its own suits ruffs the opening lead and
# takes all 13; in the other side's suits or at no trump the opening leader
# simply runs a 13-card suit, so declarer takes none.
SUITS_DEAL = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")

# Board 1 of the Common Game hand record in the corpus, written by
# BridgeComposer 5.97 with DoubleDummyTricks "2333223332aaaabaaaab",
# OptimumScore "EW 430" and ParContract "EW 3N+1" (dealer N, none vulnerable).
COMMON_GAME_1 = Deal.parse("N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ")


tables = st.lists(st.integers(0, 13), min_size=20, max_size=20).map(lambda xs: dds.DDTable(tuple(xs)))


@given(tables)
def test_double_dummy_tricks_round_trip(table: dds.DDTable) -> None:
    assert dds.DDTable.from_pbn(table.to_pbn()) == table
    assert dds.DDTable.from_pbn(table.to_pbn().upper()) == table
    assert dds.DDTable.from_tricks({Seat[s]: {Strain[t]: n for t, n in row.items()}
                                    for s, row in table.as_dict().items()}) == table


def test_double_dummy_tricks_order() -> None:
    # declarers N S E W, each NT S H D C
    table = dds.DDTable.from_pbn("0123456789abcd012345")
    assert table.tricks(Seat.N, Strain.NT) == 0
    assert table.tricks(Seat.N, Strain.C) == 4
    assert table.tricks(Seat.S, Strain.NT) == 5
    assert table.tricks(Seat.E, Strain.NT) == 10
    assert table.tricks(Seat.E, Strain.S) == 11
    assert table.tricks(Seat.W, Strain.C) == 5
    assert table.result_rows()[0] == (Seat.N, Strain.NT, 0)
    assert table.result_rows()[-1] == (Seat.W, Strain.C, 5)


@pytest.mark.parametrize("text", ["", "123", "0123456789abcd01234", "0123456789abcd01234g", "e" * 20])
def test_double_dummy_tricks_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        dds.DDTable.from_pbn(text)


def test_incomplete_deal_is_refused_before_solving() -> None:
    partial = Deal.parse("N:AKQJT98765432... - - -")
    with pytest.raises(dds.DDSInputError, match="complete"):
        dds.dd_table(partial)
    with pytest.raises(BridgekitError, match="deal 2"):
        dds.dd_tables([SUITS_DEAL, partial])
    with pytest.raises(BridgekitError):
        dds.solve_position(partial, Strain.S, Seat.E, [])


def test_adapter_is_lazy() -> None:
    code = "import sys, bridgekit.dds; print('endplay' in ' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.dds
def test_dd_table_of_the_four_suits_deal() -> None:
    table = dds.dd_table(SUITS_DEAL)
    for seat in Seat:
        for strain in Strain:
            own = strain is not Strain.NT and SUITS_DEAL[seat.partner] is not None and any(
                c.suit is strain.suit for c in SUITS_DEAL[seat].cards | SUITS_DEAL[seat.partner].cards)
            assert table.tricks(seat, strain) == (13 if own else 0), (seat, strain)


@pytest.mark.dds
def test_dd_table_matches_bridgecomposer() -> None:
    table = dds.dd_table(COMMON_GAME_1)
    assert table.to_pbn() == "2333223332aaaabaaaab"
    assert table.side_best(Side.EW, Strain.NT) == 10


@pytest.mark.dds
def test_batches_of_more_than_forty() -> None:
    # The four-suits deal costs DDS next to nothing: 41 of them plus a real
    # deal make two calls (40 + 2) and keep the order.
    deals = [SUITS_DEAL] * 41 + [COMMON_GAME_1]
    seen: list[int] = []
    result = dds.dd_tables(deals, progress=seen.append)
    assert seen == [40, 2]
    assert len(result) == 42
    assert result[-1].to_pbn() == "2333223332aaaabaaaab"
    assert {t.to_pbn() for t in result[:41]} == {"0d0d00d0d000d0d00d0d"}


@pytest.mark.dds
def test_par_matches_bridgecomposer() -> None:
    par = dds.dds_par(COMMON_GAME_1, Vul.NONE, Seat.N)
    assert par.score == -430
    assert par.optimum_score() == "NS -430"
    assert [str(c) for c in par.contracts] == ["EW 3NT+1"]
    assert par.contracts[0].contract == Contract.parse("3NT")
    assert par.contracts[0].tricks == 10


@pytest.mark.dds
def test_par_of_the_four_suits_deal() -> None:
    # Both sides make a grand slam; N/S bid 7S first and E/W's only higher
    # contract, 7NT, goes 13 down.  Non vulnerable 7S makes 1510.
    table = dds.dd_table(SUITS_DEAL)
    par = dds.dds_par(table, Vul.NONE, Seat.N)
    assert par.score == 1510
    assert par.par_contract() == "NS 7S="
    assert par.contracts[0].declarers == (Seat.N, Seat.S)


@pytest.mark.dds
def test_solve_position_agrees_with_the_table_and_the_rules() -> None:
    deal = COMMON_GAME_1
    table = dds.dd_table(deal)
    # Opening lead by E against N's spade contract: the defence's best lead
    # takes 13 - tricks(N, S) tricks.
    leads = dds.solve_position(deal, Strain.S, Seat.E, [])
    assert set(leads) == set(deal[Seat.E].cards)
    assert max(leads.values()) == 13 - table.tricks(Seat.N, Strain.S)
    totals = dds.declarer_total(leads, deal, Strain.S, Seat.E, [])
    assert min(totals.values()) == table.tricks(Seat.N, Strain.S)
    # After a lead and one card, third hand may only follow suit.
    lead = Card.parse("HK")
    played = [lead, Card.parse("HA")]  # South covers with the ace
    values = dds.solve_position(deal, Strain.S, Seat.E, played)
    play = Play(deal, Strain.S, Seat.N, played)
    assert set(values) == set(play.legal_cards)
    # West's best continuation is worth at least what the king lead was worth:
    # South's ace may have been a mistake, never a gain for E/W's opponents.
    assert play.turn is Seat.W
    assert max(values.values()) >= leads[lead]


def test_solve_position_rejects_illegal_play() -> None:
    with pytest.raises(IllegalCardError):
        dds.solve_position(COMMON_GAME_1, Strain.S, Seat.E, [Card.parse("SK")])  # N's card, E to lead


@pytest.mark.dds
def test_solving_loads_only_the_solver_layer_of_endplay() -> None:
    """endplay's package __init__ pulls in its whole toolkit (about a second);
    the adapter loads only its ctypes layer over DDS."""
    code = ("import sys; from bridgekit import dds; from bridgekit.deal import Deal; "
            f"t = dds.dd_table(Deal.parse({str(SUITS_DEAL)!r})); "
            "print(t.to_pbn(), 'endplay.dealer' in sys.modules, 'endplay._dds' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0d0d00d0d000d0d00d0d", "False", "True"]

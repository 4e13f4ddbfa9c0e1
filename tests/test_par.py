"""The generic par solver: same par as DDS under the contract profile, and
hand-checked deals under the Auction Bridge profiles."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bridgekit import dds
from bridgekit.analysis.par import AUCTION_PAR_EXPLANATION, par, par_of_deal
from bridgekit.contract import Contract, Doubling
from bridgekit.dds import DDTable
from bridgekit.deal import Deal
from bridgekit.errors import BridgekitError
from bridgekit.rules import find_profile
from bridgekit.cards import Strain
from bridgekit.seats import Seat, Vul, dealer_for_board

FIXTURE = Path(__file__).parent / "data" / "dd_tables.txt"


def fixture_rows() -> list[tuple[Deal, DDTable]]:
    rows = []
    for line in FIXTURE.read_text().splitlines():
        if line and not line.startswith("#"):
            deal, _, table = line.rpartition(" ")
            rows.append((Deal.parse(deal), DDTable.from_pbn(table)))
    return rows


def test_fixture_holds_the_seeded_deals() -> None:
    rows = fixture_rows()
    assert len(rows) == 300
    rng = random.Random(20261129)  # the seed of bench/ddcache.py
    assert [d for d, _ in rows] == [Deal.random(rng) for _ in range(300)]


@pytest.mark.dds
def test_fixture_tables_are_honest() -> None:
    """Recompute a few cached tables with DDS (the others come from the same run)."""
    rows = fixture_rows()
    picks = [rows[0], rows[137], rows[299]]
    assert dds.dd_tables([d for d, _ in picks]) == [t for _, t in picks]


def test_contract_par_equals_dds_on_300_random_deals() -> None:
    """Score and contracts agree with DDS's own par on every deal, with the
    vulnerability and dealer of the board-number cycle (all 16 combinations)."""
    scores = contracts = 0
    for k, (_deal, table) in enumerate(fixture_rows()):
        board = k + 1
        vul, dealer = Vul.for_board(board), dealer_for_board(board)
        mine = par(table, vul, dealer, find_profile("contract").score)
        ref = dds.dds_par(table, vul, dealer)
        assert mine.score == ref.score, (board, table.to_pbn(), mine, ref)
        scores += 1
        contracts += mine.par_contract() == ref.par_contract()
    assert scores == 300
    assert contracts == 300


def test_a_profile_finds_par_with_the_generic_solver_over_its_own_score() -> None:
    """Profile.par: the auction profiles run the generic solver (rules.par)
    over their score; contract bridge asks DDS, which the solver agrees with."""
    table = fixture_rows()[5][1]
    auction = find_profile("auction-1920")
    assert auction.par(table, Vul.ALL, Seat.E) == par(table, Vul.ALL, Seat.E, auction.score)
    assert find_profile("contract").par(table, Vul.ALL, Seat.E) == dds.dds_par(table, Vul.ALL, Seat.E)
    assert par(table, Vul.ALL, Seat.E, find_profile("contract").score).score == dds.dds_par(table, Vul.ALL, Seat.E).score


def test_unknown_profile() -> None:
    with pytest.raises(BridgekitError, match="unknown rules profile"):
        find_profile("whist")


# -- Auction Bridge, hand-checked --------------------------------------------
# Each deal's DD table is given literally (test_auction_tables_are_dds
# recomputes them); the reasoning in the comments is the check by hand.

# N holds AKQJT of hearts; E AKQJ and W T of diamonds.
# Side best: NS hearts 8, spades 7; EW clubs 8, diamonds 8; all else fails.
HONOURS_DEAL = Deal.parse("N:5432.AKQJT.32.AK AKQ.432.AKQJ.432 876.987.9876.QJT JT9.65.T54.98765")
HONOURS_TABLE = DDTable.from_pbn("67855678556658866588")

# E/W hold spades and diamonds (8 tricks each), N/S hearts (8 tricks).
# Honours: spades N AK + S QJ (NS four, 2+2); hearts N AJT (NS three);
# diamonds E AKT (EW three); clubs E AK + W Q (EW three); aces two each.
SPADES_DEAL = Deal.parse("N:AK.AJT976.Q76.T2 9764.K.AKT54.AK3 QJ3.832.J3.J7654 T852.Q54.982.Q98")
SPADES_TABLE = DDTable.from_pbn("55856558566858768587")

# Each player holds a whole suit: N spades, E hearts, S diamonds, W clubs.
SUITS_DEAL = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
SUITS_TABLE = DDTable.from_pbn("0d0d00d0d000d0d00d0d")


@pytest.mark.dds
def test_auction_tables_are_dds() -> None:
    assert dds.dd_tables([HONOURS_DEAL, SPADES_DEAL, SUITS_DEAL]) == [HONOURS_TABLE, SPADES_TABLE, SUITS_TABLE]


def test_higher_ranking_suit_buys_the_contract() -> None:
    # auction-1920.  Both sides take 8 tricks in their suit, E/W's spades
    # outrank N/S's hearts.  NS 2H would score 16 + 16 (three heart honours)
    # = 32; E/W bid 2S over it and make it: 18 to E/W, but the four spade
    # honours (2+2) are N/S's: 4 x 9 = 36, net +18 to N/S.  N/S cannot go one
    # higher: 3H doubled one down costs 100 (honours 16 back: -84).  E/W's
    # 2D (14 + 14 diamond honours) is outbid by 2H.  Par: E/W 2S=, N/S +18.
    result = par(SPADES_TABLE, Vul.NONE, Seat.N, find_profile("auction-1920").score, SPADES_DEAL)
    assert result.score == 18
    assert result.par_contract() == "EW 2S="
    # classic honours: four honours 40, three 30.  2S: 40 - 18 = +22.
    classic = par(SPADES_TABLE, Vul.NONE, Seat.N, find_profile("auction-classic").score, SPADES_DEAL)
    assert (classic.score, classic.par_contract()) == (22, "EW 2S=")
    # Vulnerability plays no part in Auction Bridge.
    assert par(SPADES_TABLE, Vul.ALL, Seat.N, find_profile("auction-1920").score, SPADES_DEAL).score == 18


def test_doubled_sacrifice_pays_thanks_to_honours() -> None:
    # auction-1920.  N/S 2H makes 8 tricks: 2 x 8 = 16 below, and N's five
    # heart honours in one hand 10 x 8 = 80: +96.  E/W's 3D doubled goes one
    # down (-100) but E/W hold four diamond honours in one hand and the fifth
    # in partner's: 9 x 7 = 63, so it costs them only 37.  Over 3D, N/S's 3H
    # doubled one down is -100 + 80 = -20: they double instead.
    result = par(HONOURS_TABLE, Vul.NONE, Seat.N, find_profile("auction-1920").score, HONOURS_DEAL)
    assert result.score == 37
    assert [str(c) for c in result.contracts] == ["EW 3DX-1"]
    assert result.contracts[0].contract.doubling is Doubling.DOUBLED
    # classic: hearts 16 + 100 = 116; 3DX-1 = 100 - 90 (four in one hand and
    # the fifth in partner's) = +10; N/S's 3HX-1 would be -100 + 100 = 0.
    classic = par(HONOURS_TABLE, Vul.NONE, Seat.N, find_profile("auction-classic").score, HONOURS_DEAL)
    assert (classic.score, classic.par_contract()) == (10, "EW 3DX-1")


def test_honours_decide() -> None:
    # Without the honours (no deal given) the sacrifice costs a full 100,
    # more than N/S's 16 for 2H: N/S play 2H.
    bare = par(HONOURS_TABLE, Vul.NONE, Seat.N, find_profile("auction-1920").score)
    assert (bare.score, bare.par_contract()) == (16, "NS 2H=")


def test_auction_par_of_grand_slams_in_every_suit() -> None:
    # auction-1920.  N/S take 13 tricks in spades (or diamonds), E/W in hearts
    # (or clubs); at no trump the opening leader runs a 13-card suit.
    # N/S in spades: 7 x 9 = 63, grand slam 100, five honours in one hand
    # 10 x 9 = 90: 253.  E/W in hearts would score 56 + 100 + 80 = 236, but
    # spades outrank hearts at every level, and 7NT by E/W goes 13 down.
    # Tricks count whether bid or not, so only the level that shuts out
    # hearts is needed: 7S.
    result = par(SUITS_TABLE, Vul.NONE, Seat.E, find_profile("auction-1920").score, SUITS_DEAL)
    assert (result.score, result.par_contract()) == (253, "NS 7S=")
    # classic: five honours in one hand are 100: 263.
    assert par(SUITS_TABLE, Vul.NONE, Seat.E, find_profile("auction-classic").score, SUITS_DEAL).score == 263
    # contract bridge: 7S non vulnerable 1510 (dealer irrelevant here).
    assert par(SUITS_TABLE, Vul.NONE, Seat.E, find_profile("contract").score).score == 1510


def test_passed_out_at_par() -> None:
    # Nobody can take seven tricks anywhere: every contract fails.
    table = DDTable(tuple([6] * 20))
    for profile in ("contract", "auction-1920", "auction-classic"):
        result = par(table, Vul.NONE, Seat.N, find_profile(profile).score)
        assert result.score == 0
        assert result.contracts == ()
        assert result.par_contract() == "Pass"


def test_dealer_gets_a_contract_both_sides_can_make() -> None:
    # Each side takes exactly 7 tricks at no trump when it declares (the lead
    # decides), 6 elsewhere: whoever opens 1NT first plays it.
    cells = [6] * 20
    for seat in Seat:
        cells[int(seat) * 5 + 4] = 7
    table = DDTable(tuple(cells))
    assert par(table, Vul.NONE, Seat.N, find_profile("contract").score).score == 90
    assert par(table, Vul.NONE, Seat.E, find_profile("contract").score).score == -90
    assert par(table, Vul.NONE, Seat.W, find_profile("contract").score).par_contract() == "EW 1NT="
    assert dds.dds_par(table, Vul.NONE, Seat.W).score == -90


def test_par_of_deal_solves_when_needed() -> None:
    with pytest.raises(BridgekitError):
        par_of_deal(Deal.parse("N:AKQJT98765432... - - -"), Vul.NONE, Seat.N)
    # with the table given no solving is needed
    assert par_of_deal(SUITS_DEAL, Vul.NONE, Seat.N, table=SUITS_TABLE).contracts[0].contract == Contract.parse("7S")


def test_explanation_is_there() -> None:
    assert "whether it was bid or not" in AUCTION_PAR_EXPLANATION


def test_contract_sacrifice_by_hand() -> None:
    # N/S (vulnerable) take 10 tricks in spades: 4S makes 620.  E/W (not
    # vulnerable) take 9 in diamonds: 5D doubled two down costs 300, less than
    # 620.  Over 5D, N/S's 5S doubled one down would cost them 200, so they
    # double.  Every other E/W escape costs more (5C or 4NT four down: 800).
    per_seat = {"NS": {Strain.C: 6, Strain.D: 4, Strain.H: 6, Strain.S: 10, Strain.NT: 6},
                "EW": {Strain.C: 7, Strain.D: 9, Strain.H: 6, Strain.S: 3, Strain.NT: 6}}
    table = DDTable.from_tricks({seat: per_seat[seat.side.value] for seat in Seat})
    result = par(table, Vul.NS, Seat.N, find_profile("contract").score)
    assert (result.score, result.par_contract()) == (300, "EW 5DX-2")
    assert dds.dds_par(table, Vul.NS, Seat.N).par_contract() == "EW 5DX-2"
    # Both vulnerable the sacrifice costs 500 and is still cheaper than 620;
    # with only E/W vulnerable 4S is worth 420 and 5DX-2 costs 500: no sacrifice.
    assert par(table, Vul.ALL, Seat.N, find_profile("contract").score).score == 500
    assert (par(table, Vul.EW, Seat.N, find_profile("contract").score).score, par(table, Vul.EW, Seat.N, find_profile("contract").score).par_contract()) == (420, "NS 4S=")

"""Auction Bridge scoring: ``auction-1920`` (*Laws of Auction Bridge, New York
Whist Club, 1920*) and ``auction-classic`` (*How to Play Auction Bridge*)."""

from __future__ import annotations

import itertools

import pytest

from bridgekit.cards import Card, Rank, Strain, Suit
from bridgekit.contract import PASSED_OUT, Contract, Doubling, Result
from bridgekit.deal import Deal, Hand
from bridgekit.errors import BridgekitError
from bridgekit.rules import ABOVE, BELOW, find_profile
from bridgekit.rules.auction_bridge import (TRICK_VALUE, honours_1920, honours_classic, honours_held)
from bridgekit.seats import Seat, Side, Vul

A1920 = find_profile("auction-1920")
CLASSIC = find_profile("auction-classic")
BOTH = (A1920, CLASSIC)


def result(contract: str, declarer: Seat, tricks: int) -> Result:
    return Result(Contract.parse(contract), declarer, tricks)


def deal_with(honours: dict[Seat, list[str]]) -> Deal:
    """A complete deal where each seat holds the given cards, the rest dealt
    out in a fixed order (no other constraint)."""
    from bridgekit.cards import ALL_CARDS
    piles = {s: [Card.parse(c) for c in honours.get(s, [])] for s in Seat}
    used = {c for p in piles.values() for c in p}
    rest = [c for c in ALL_CARDS if c not in used]
    for seat in Seat:
        need = 13 - len(piles[seat])
        piles[seat] += rest[:need]
        rest = rest[need:]
    deal = Deal([Hand(piles[s]) for s in Seat])
    assert deal.is_complete
    return deal


def lines(score, side: Side) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return score.on_line(side, BELOW), score.on_line(side, ABOVE)


# -- the worked examples -----------------------------------------------------------

def test_1920_one_spade_making_ten_is_36_below() -> None:
    s = A1920.score(result("1S", Seat.S, 10), Vul.NONE, None)
    assert lines(s, Side.NS) == (36, 0)
    assert lines(s, Side.EW) == (0, 0)


def test_1920_one_heart_doubled_making_nine_is_48_below_150_above() -> None:
    s = A1920.score(result("1HX", Seat.S, 9), Vul.NONE, None)
    assert lines(s, Side.NS) == (48, 150)


def test_1920_four_spade_honours_in_one_hand_are_72_not_80() -> None:
    deal = deal_with({Seat.S: ["SA", "SK", "SQ", "SJ"], Seat.E: ["ST"]})
    s1920 = A1920.score(result("1S", Seat.S, 7), Vul.NONE, deal)
    honours = [i for i in s1920.items if i.item.startswith("honours")]
    assert [(i.side, i.points, i.line) for i in honours] == [(Side.NS, 72, ABOVE)]
    sclassic = CLASSIC.score(result("1S", Seat.S, 7), Vul.NONE, deal)
    assert [i.points for i in sclassic.items if i.item.startswith("honours")] == [80]


def test_classic_one_spade_with_eleven_tricks_is_45() -> None:
    s = CLASSIC.score(result("1S", Seat.N, 11), Vul.NONE, None)
    assert lines(s, Side.NS) == (45, 0)


# -- trick values, doubling, undertricks -------------------------------------------------

@pytest.mark.parametrize("profile", BOTH, ids=lambda p: p.name)
def test_every_odd_trick_counts_below_when_made(profile) -> None:  # type: ignore[no-untyped-def]
    for strain, value in zip(Strain, (6, 7, 8, 9, 10)):
        assert TRICK_VALUE[strain] == value
        for level, doubling in itertools.product(range(1, 8), Doubling):
            contract = Contract(level, strain, doubling)
            for tricks in range(14):
                s = profile.score(Result(contract, Seat.E, tricks), Vul.ALL, None)
                below_ew, above_ew = lines(s, Side.EW)
                below_ns, above_ns = lines(s, Side.NS)
                assert below_ns == 0
                if tricks >= level + 6:
                    assert below_ew == (tricks - 6) * value * doubling.multiplier
                    down = 0
                else:
                    assert below_ew == 0
                    down = level + 6 - tricks
                undertricks = sum(i.points for i in s.items if i.item.startswith("undertricks"))
                assert undertricks == down * (50, 100, 200)[doubling]
                assert all(i.side is Side.NS for i in s.items if i.item.startswith("undertricks"))


@pytest.mark.parametrize("doubling, over, bonus_1920, bonus_classic", [
    ("X", 0, 50, 50), ("X", 2, 150, 50), ("XX", 0, 100, 100), ("XX", 1, 200, 100), ("XX", 3, 400, 100),
])
def test_doubled_made_bonus(doubling: str, over: int, bonus_1920: int, bonus_classic: int) -> None:
    r = result(f"2H{doubling}", Seat.W, 8 + over)
    for profile, expected in ((A1920, bonus_1920), (CLASSIC, bonus_classic)):
        s = profile.score(r, Vul.NONE, None)
        bonus = [i for i in s.items if "contract made" in i.item]
        assert [(i.side, i.points, i.line) for i in bonus] == [(Side.EW, expected, ABOVE)]


def test_vulnerability_is_ignored() -> None:
    r = result("3NTX", Seat.N, 6)
    assert {A1920.score(r, v, None) for v in Vul} == {A1920.score(r, Vul.NONE, None)}


# -- slams --------------------------------------------------------------------------

@pytest.mark.parametrize("profile", BOTH, ids=lambda p: p.name)
def test_slams_to_any_side_that_takes_them(profile) -> None:  # type: ignore[no-untyped-def]
    def slam(contract: str, declarer: Seat, tricks: int) -> list[tuple[Side, str, int]]:
        s = profile.score(result(contract, declarer, tricks), Vul.NONE, None)
        return [(i.side, i.item, i.points) for i in s.items if "slam" in i.item]

    assert slam("1C", Seat.N, 12) == [(Side.NS, "small slam bonus", 50)]     # unbid slam
    assert slam("2NT", Seat.S, 13) == [(Side.NS, "grand slam bonus", 100)]
    assert slam("7S", Seat.E, 12) == [(Side.EW, "small slam bonus", 50)]      # seven failed keeps it
    assert slam("3H", Seat.W, 1) == [(Side.NS, "small slam bonus", 50)]      # the defenders' slam
    assert slam("3H", Seat.W, 0) == [(Side.NS, "grand slam bonus", 100)]
    assert slam("6DX", Seat.N, 11) == []
    # never doubled
    assert slam("1CXX", Seat.N, 12) == [(Side.NS, "small slam bonus", 50)]


# -- honours --------------------------------------------------------------------------

HONOURS_1920 = {  # (held, in one hand) -> multiple of the trick value
    (3, 1): 2, (3, 2): 2, (3, 3): 2, (4, 2): 4, (4, 3): 4, (4, 4): 8, (5, 3): 5, (5, 4): 9, (5, 5): 10,
}


@pytest.mark.parametrize("strain", [Strain.C, Strain.D, Strain.H, Strain.S])
def test_1920_honours_table(strain: Strain) -> None:
    v = TRICK_VALUE[strain]
    for (held, big), times in HONOURS_1920.items():
        assert honours_1920(strain, (big, held - big)) == times * v
    assert honours_1920(strain, (2, 0)) == 0 and honours_1920(strain, (1, 1)) == 0
    assert honours_1920(Strain.NT, (2, 1)) == 30
    assert honours_1920(Strain.NT, (2, 2)) == 40 and honours_1920(Strain.NT, (3, 1)) == 40
    assert honours_1920(Strain.NT, (4, 0)) == 100
    assert honours_1920(Strain.NT, (1, 1)) == 0


def test_classic_honours_table() -> None:
    for strain in (Strain.C, Strain.D, Strain.H, Strain.S):
        assert honours_classic(strain, (2, 1)) == 30
        assert honours_classic(strain, (3, 0)) == 30
        assert honours_classic(strain, (2, 2)) == 40 and honours_classic(strain, (3, 1)) == 40
        assert honours_classic(strain, (3, 2)) == 50
        assert honours_classic(strain, (4, 0)) == 80
        assert honours_classic(strain, (4, 1)) == 90
        assert honours_classic(strain, (5, 0)) == 100
        assert honours_classic(strain, (2, 0)) == 0
    assert honours_classic(Strain.NT, (2, 1)) == 30 and honours_classic(Strain.NT, (3, 1)) == 40
    assert honours_classic(Strain.NT, (2, 2)) == 40 and honours_classic(Strain.NT, (4, 0)) == 100


def test_honours_go_to_the_side_holding_them_even_when_the_contract_fails() -> None:
    # E/W hold A K Q of hearts; N/S declare 4H and go two down
    deal = deal_with({Seat.E: ["HA", "HK"], Seat.W: ["HQ"], Seat.N: ["HJ"], Seat.S: ["HT"]})
    assert honours_held(deal, Strain.H) == (Side.EW, (2, 1))
    for profile, points in ((A1920, 16), (CLASSIC, 30)):
        s = profile.score(result("4HX", Seat.N, 8), Vul.NONE, deal)
        honours = [(i.side, i.points) for i in s.items if i.item.startswith("honours")]
        assert honours == [(Side.EW, points)]
        # undoubled although the contract was doubled
        assert lines(s, Side.EW) == (0, 2 * 100 + points)


def test_no_trump_counts_aces() -> None:
    deal = deal_with({Seat.N: ["SA", "HA", "DA", "CA"]})
    for profile in BOTH:
        s = profile.score(result("1NT", Seat.E, 7), Vul.NONE, deal)
        assert [(i.side, i.points) for i in s.items if i.item.startswith("honours")] == [(Side.NS, 100)]
    deal = deal_with({Seat.N: ["SA", "HA"], Seat.S: ["DA"], Seat.E: ["CA"]})
    s = A1920.score(result("1NT", Seat.N, 7), Vul.NONE, deal)
    assert [(i.side, i.points) for i in s.items if i.item.startswith("honours")] == [(Side.NS, 30)]


def test_honours_need_the_hands() -> None:
    # without the deal: no honours, no error; three hands are enough
    r = result("1S", Seat.S, 7)
    assert not [i for i in A1920.score(r, Vul.NONE, None).items if i.item.startswith("honours")]
    full = deal_with({Seat.S: ["SA", "SK", "SQ", "SJ", "ST"]})
    partial = Deal([full[Seat.N], None, full[Seat.S], full[Seat.W]])
    assert [i.points for i in A1920.score(r, Vul.NONE, partial).items if i.item.startswith("honours")] == [90]
    two_known = Deal([full[Seat.N], None, None, full[Seat.W]])
    assert not [i for i in A1920.score(r, Vul.NONE, two_known).items if i.item.startswith("honours")]


def test_five_honours_in_one_hand_and_split() -> None:
    cards = ["DA", "DK", "DQ", "DJ", "DT"]
    cases = [({Seat.W: cards}, 70, 100),
             ({Seat.W: cards[:4], Seat.E: cards[4:]}, 63, 90),
             ({Seat.W: cards[:3], Seat.E: cards[3:]}, 35, 50)]
    for layout, p1920, pclassic in cases:
        deal = deal_with(layout)
        for profile, points in ((A1920, p1920), (CLASSIC, pclassic)):
            s = profile.score(result("2D", Seat.E, 8), Vul.NONE, deal)
            assert [i.points for i in s.items if i.item.startswith("honours")] == [points]


def test_passed_out_and_four_passes() -> None:
    for profile in BOTH:
        assert profile.score(Result(PASSED_OUT), Vul.NONE, None).items == ()
    assert A1920.passed_out == "next-dealer"
    assert CLASSIC.passed_out == "same-dealer"
    assert find_profile("contract").passed_out == "zero"
    with pytest.raises(BridgekitError):
        A1920.score(Result(Contract.parse("1S"), Seat.S, None), Vul.NONE, None)


def test_profiles_are_found_by_alias() -> None:
    assert find_profile("Auction-1920") is A1920
    assert find_profile("classic") is CLASSIC
    assert A1920.game_threshold == 30 and A1920.rubber_bonus == 250


def test_every_suit_honour_layout_scores_by_the_tables() -> None:
    """Every way the five honours of a suit can lie among four hands (4**5),
    checked against the tables written above."""
    honours = [Card(Suit.S, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]
    for owners in itertools.product(Seat, repeat=5):
        layout: dict[Seat, list[str]] = {}
        for card, seat in zip(honours, owners):
            layout.setdefault(seat, []).append(str(card))
        deal = deal_with(layout)
        counts = {s: owners.count(s) for s in Seat}
        best = max(Side, key=lambda side: sum(counts[s] for s in side.seats))
        a, b = (counts[s] for s in best.seats)
        held, big = a + b, max(a, b)
        expected_1920 = HONOURS_1920.get((held, big), 0) * 9
        s = A1920.score(result("1S", Seat.N, 7), Vul.NONE, deal)
        got = [(i.side, i.points) for i in s.items if i.item.startswith("honours")]
        assert got == ([(best, expected_1920)] if expected_1920 else []), owners

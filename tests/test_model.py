"""The model types: parse/format round trips, strict spelling tables, the
board-number cycles, deal validity flags."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgekit.board import Board, Tag, parse_result
from bridgekit.calls import ALL_BIDS, ALL_CALLS, DOUBLE, PASS, REDOUBLE, Call
from bridgekit.cards import ALL_CARDS, Card, Rank, Strain, Suit
from bridgekit.contract import PASSED_OUT, Contract, Doubling
from bridgekit.deal import Deal, Hand
from bridgekit.errors import BridgekitError, FileFormatError, ParseError
from bridgekit.seats import Seat, Side, Vul, dealer_for_board

# -- round trips -------------------------------------------------------------


def test_there_are_38_calls_and_52_cards() -> None:
    assert len(ALL_CALLS) == 38 and len(set(ALL_CALLS)) == 38
    assert len(ALL_BIDS) == 35
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52


@pytest.mark.parametrize("call", ALL_CALLS, ids=str)
def test_call_round_trip(call: Call) -> None:
    assert Call.parse(str(call)) == call
    assert Call.parse(str(call).lower()) == call
    assert eval(repr(call), {"Call": Call}) == call


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.symbol()) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_bids_are_ordered_by_rank() -> None:
    assert [b.rank for b in ALL_BIDS] == list(range(35))
    assert str(ALL_BIDS[0]) == "1C" and str(ALL_BIDS[-1]) == "7NT"


@pytest.mark.parametrize("contract", [Contract(level, strain, d) for level in range(1, 8)
                                      for strain in Strain for d in Doubling] + [PASSED_OUT], ids=str)
def test_contract_round_trip(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract


hands_st = st.permutations(ALL_CARDS).map(lambda cards: Deal(Hand(cards[i * 13:(i + 1) * 13]) for i in range(4)))


@settings(max_examples=60, deadline=None)
@given(hands_st, st.sampled_from(list(Seat)), st.sets(st.sampled_from(list(Seat)), max_size=3))
def test_deal_round_trip_from_any_seat(deal: Deal, first: Seat, unknown: set[Seat]) -> None:
    partial = Deal(None if s in unknown else deal[s] for s in Seat)
    text = partial.str_from(first)
    assert text[0] == first.name
    assert Deal.parse(text) == partial
    assert Deal.parse(text.lower()) == partial
    assert partial.problems() == []
    assert partial.is_complete == (not unknown)


def test_random_deal_is_complete_and_reproducible() -> None:
    a = Deal.random(random.Random(7))
    b = Deal.random(random.Random(7))
    assert a == b and a.is_complete
    assert sum(h.hcp() for h in a.hands if h is not None) == 40


# -- strict parsing -----------------------------------------------------------


@pytest.mark.parametrize("text", ["NT", "N", "", "8C", "0S", "1X", "PASSS", "1 NT X", "1SS"])
def test_not_a_call(text: str) -> None:
    with pytest.raises(ParseError):
        Call.parse(text)


@pytest.mark.parametrize("text,expected", [("Pass", PASS), ("pass", PASS), ("P", PASS), ("X", DOUBLE),
                                           ("xx", REDOUBLE), ("3n", Call.bid(3, Strain.NT)),
                                           ("1\u2660", Call.bid(1, Strain.S))])
def test_call_spellings(text: str, expected: Call) -> None:
    assert Call.parse(text) == expected


@pytest.mark.parametrize("text", ["Nobody", "No", "NS", "", "X", "1"])
def test_not_a_seat(text: str) -> None:
    with pytest.raises(ParseError):
        Seat.parse(text)


@pytest.mark.parametrize("text,seat", [("N", Seat.N), ("north", Seat.N), ("W", Seat.W), ("East", Seat.E),
                                       (" s ", Seat.S)])
def test_seat_spellings(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text,vul", [("None", Vul.NONE), ("Love", Vul.NONE), ("-", Vul.NONE),
                                      ("none ", Vul.NONE), ("NS", Vul.NS), ("N-S", Vul.NS), ("ns", Vul.NS),
                                      ("EW", Vul.EW), ("E-W", Vul.EW), ("All", Vul.ALL), ("Both", Vul.ALL),
                                      ("both", Vul.ALL)])
def test_vulnerable_spellings(text: str, vul: Vul) -> None:
    assert Vul.parse(text) is vul


@pytest.mark.parametrize("text", ["Nobody", "North", "NE", "Al", "yes"])
def test_not_a_vulnerability(text: str) -> None:
    with pytest.raises(ParseError):
        Vul.parse(text)


@pytest.mark.parametrize("text", ["SX", "S1", "11S", "", "A", "ZA", "SAK"])
def test_not_a_card(text: str) -> None:
    with pytest.raises(ParseError):
        Card.parse(text)


@pytest.mark.parametrize("text,expected", [("3NR", "3NTXX"), ("5cx", "5CX"), ("1N", "1NT"), ("4\u2665x", "4HX"),
                                           ("Pass", "Pass")])
def test_contract_spellings(text: str, expected: str) -> None:
    assert str(Contract.parse(text)) == expected


@pytest.mark.parametrize("text", ["8S", "0NT", "4HXXX", "NT", "4", "4HR X"])
def test_not_a_contract(text: str) -> None:
    with pytest.raises(ParseError):
        Contract.parse(text)


def test_errors_are_value_errors() -> None:
    assert issubclass(BridgekitError, ValueError)
    e = FileFormatError("empty file", "x.pbn", 3, "7")
    assert str(e) == "x.pbn, line 3, board 7: empty file"
    assert (e.file, e.line, e.board) == ("x.pbn", 3, "7")


# -- board cycles ---------------------------------------------------------------

CHART = "None NS EW All NS EW All None EW All None NS All None NS EW".split()


@pytest.mark.parametrize("number", range(1, 33))
def test_vulnerability_cycle(number: int) -> None:
    assert str(Vul.for_board(number)) == CHART[(number - 1) % 16]


@pytest.mark.parametrize("number,seat", [(1, Seat.N), (2, Seat.E), (3, Seat.S), (4, Seat.W), (5, Seat.N),
                                         (16, Seat.W), (17, Seat.N), (30, Seat.E)])
def test_dealer_cycle(number: int, seat: Seat) -> None:
    assert dealer_for_board(number) is seat


@pytest.mark.parametrize("number", [0, -1])
def test_board_numbers_start_at_one(number: int) -> None:
    with pytest.raises(ParseError):
        Vul.for_board(number)
    with pytest.raises(ParseError):
        dealer_for_board(number)


def test_seats_and_sides() -> None:
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert Seat.W.next() is Seat.N
    assert Seat.E.side is Side.EW and Side.parse("n-s") is Side.NS
    assert Vul.NS.is_vulnerable(Seat.S) and not Vul.NS.is_vulnerable(Side.EW)
    assert Vul.ALL.is_vulnerable(Seat.E) and not Vul.NONE.is_vulnerable(Seat.N)


# -- deal validity is flags ---------------------------------------------------------


def test_deal_problems() -> None:
    good = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    assert Deal.parse(good).problems() == []
    dup = Deal.parse(good.replace("N:AKQJ", "N:AKQJ").replace(" T98.765.432.AKQJ", " A98.765.432.AKQJ"))
    codes = [c for c, _ in dup.problems()]
    assert "duplicate-card" in codes and "♠A" in dup.problems()[0][1]
    short = Deal.parse(good.replace("N:AKQJ", "N:AKQ"))
    assert ("hand-size", "North has 12 cards, not 13") in short.problems()
    assert ("missing-card", "missing ♠J") in short.problems()


def test_hand_parse_accepts_ten_as_10_and_any_order() -> None:
    assert Hand.parse("2kA.10j..") == Hand.parse("AK2.JT..")
    assert str(Hand.parse("2kA.10j..")) == "AK2.JT.."
    with pytest.raises(ParseError):
        Hand.parse("AK.QJ.T9")


def test_ranks_and_suits() -> None:
    assert Rank.parse("t") is Rank.TEN and Rank.parse("10") is Rank.TEN
    assert Suit.parse("\u2665") is Suit.H
    assert Strain.parse("nt") is Strain.NT and Strain.NT.suit is None


# -- board views ---------------------------------------------------------------------


def board_with(**tags: str) -> Board:
    b = Board()
    for name, value in tags.items():
        b.tags[name] = Tag(name, value)
    return b


@pytest.mark.parametrize("value,declarer,tricks", [("9", "N", 9), ("NS 9", "N", 9), ("NS 9", "E", 4),
                                                   ("EW 4 NS 9", "S", 9), ("^10", "W", 10), ("EW 3", "W", 3),
                                                   ("14", "N", None), ("NS 9 EW 5", "N", None), ("", "N", None)])
def test_board_result_forms(value: str, declarer: str, tricks: int | None) -> None:
    assert board_with(Result=value, Declarer=declarer).result == tricks


def test_parse_result() -> None:
    assert parse_result("^NS 9 EW 4") == (True, None, {"NS": 9, "EW": 4})
    assert parse_result(" 7 ") == (False, 7, {})
    with pytest.raises(ParseError):
        parse_result("C-2")


def test_board_views_ignore_unknown_and_bad_values() -> None:
    b = board_with(Dealer="?", Vulnerable="Love", Contract="4Hx", Declarer="^s", Board="07")
    assert b.dealer is None and b.vulnerable is Vul.NONE
    assert str(b.contract) == "4HX" and b.declarer is Seat.S and b.number == 7
    assert board_with(Dealer="Nobody").dealer is None


# -- every suit, strain, rank and seat in every spelling (issue 11 point 10) ----------

_SUIT_WORDS = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}
_RANK_WORDS = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack", Rank.TEN: "ten",
               Rank.NINE: "nine", Rank.TWO: "two"}


def _cases(text: str) -> list[str]:
    return [text, text.lower(), text.upper(), text.capitalize()]


@given(st.sampled_from(list(Suit)), st.sampled_from([str.lower, str.upper, str.capitalize]))
def test_suit_round_trip_in_any_case_and_in_words(suit: Suit, case: object) -> None:
    # Suit.C is 0: a parser that tests the lookup for truth loses clubs
    for text in (str(suit), _SUIT_WORDS[suit], suit.symbol):
        assert Suit.parse(case(text)) is suit  # type: ignore[operator]


@given(st.sampled_from(list(Strain)), st.sampled_from([str.lower, str.upper, str.capitalize]))
def test_strain_round_trip_in_any_case_and_in_words(strain: Strain, case: object) -> None:
    words = "no trump" if strain is Strain.NT else _SUIT_WORDS[strain.suit]  # type: ignore[index]
    for text in (str(strain), words):
        assert Strain.parse(case(text)) is strain  # type: ignore[operator]


@given(st.sampled_from(list(Rank)), st.sampled_from([str.lower, str.upper, str.capitalize]))
def test_rank_round_trip_in_any_case(rank: Rank, case: object) -> None:
    assert Rank.parse(case(str(rank))) is rank  # type: ignore[operator]
    assert Rank.parse(case(rank.name)) is rank  # type: ignore[operator]
    if rank in _RANK_WORDS:
        assert Rank.parse(case(_RANK_WORDS[rank])) is rank  # type: ignore[operator]


@given(st.sampled_from(list(Seat)), st.sampled_from([str.lower, str.upper, str.capitalize]))
def test_seat_round_trip_in_any_case_and_in_words(seat: Seat, case: object) -> None:
    for text in (str(seat), seat.full_name):
        assert Seat.parse(case(text)) is seat  # type: ignore[operator]


@pytest.mark.parametrize("text", ["c", "C", "clubs", "Clubs", "CLUBS", "\u2663"])
def test_clubs_parse(text: str) -> None:
    assert Suit.parse(text) is Suit.C
    assert Strain.parse(text) is Strain.C


@pytest.mark.parametrize("text", ["N", "NT", "S", "c", "notrump"])
def test_strain_alone_as_contract_is_one_rule(text: str) -> None:
    # PBN 3.10: a strain alone is an end position's contract; the reader and
    # check agree on which values are (one rule, in bridgekit.contract)
    from bridgekit.check import check_board
    from bridgekit.formats.pbn import read_pbn
    pbn = f'[Board "1"]\n[Dealer "W"]\n[Deal "N:AK... .AK.. ..AK. ...AK"]\n[Contract "{text}"]\n'
    board = next(read_pbn(pbn))
    assert [p.code for p in check_board(board)] == ["end-position"]   # the form named, a warning
    bad = next(read_pbn(pbn.replace(f'Contract "{text}"', 'Contract "Z"')))
    assert [p.code for p in check_board(bad)] == ["end-position", "bad-value"]


def test_suits_and_strains_in_words() -> None:
    from bridgekit.cards import Strain, Suit
    assert [s.word for s in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert [s.word for s in Strain] == ["clubs", "diamonds", "hearts", "spades", "no trump"]


def test_end_position_hands_short_of_13_are_not_problems_when_allowed() -> None:
    from bridgekit.deal import Deal
    ending = Deal.parse("N:AK.2.. QJ.3.. T9.4.. 87.5..")      # three cards each: an ending
    assert ending.is_end_position and ending.problems(allow_end_position=True) == []
    assert {code for code, _ in ending.problems()} == {"hand-size", "missing-card"}
    uneven = Deal.parse("N:AK.2.. QJ.3.. T9.4.. 87...")         # West holds one card fewer
    assert not uneven.is_end_position
    assert {code for code, _ in uneven.problems(allow_end_position=True)} == {"hand-size", "missing-card"}
    doubled = Deal.parse("N:AK.2.. AJ.3.. T9.4.. 87.5..")      # the ace twice: still a problem
    assert [code for code, _ in doubled.problems(allow_end_position=True)] == ["duplicate-card"]

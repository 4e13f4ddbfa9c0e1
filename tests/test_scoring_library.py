"""bridgekit.scoring: boards scored under their profile, recorded Score tags,
team matches, matchpoints, dealing; agreement with the corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, SAMPLES, needs_corpus

from bridgekit.board import Board, deal_boards
from bridgekit.event import team_match
from bridgekit.formats import read_boards
from bridgekit.formats.pbn import read_pbn
from bridgekit.rules import find_profile
from bridgekit.scoring import (parse_score_tag, profile_for_board, room_of, score_board,
                               score_boards, write_score_tags)
from bridgekit.seats import Seat, Vul, dealer_for_board


def board(**tags: str) -> Board:
    b = Board()
    for k, v in tags.items():
        b.set(k, v)
    return b


@pytest.mark.parametrize("value, declarer, expected", [
    ("NS 420", Seat.E, 420), ("EW 620", Seat.N, -620), ("NS -50", None, -50), ("EW -100", None, 100),
    ("420", Seat.S, 420), ("420", Seat.W, -420), ("-50", Seat.N, -50), ("-50", Seat.E, 50),
    ("NS +110", None, 110), ("NS 420 EW -420", None, 420), ("EW -420 NS 420", None, 420),
    ("NS 198 EW 18", None, 180), ("0", None, 0), ("420", None, None), ("a", Seat.N, None),
    ("10.a", Seat.N, None), ("", Seat.N, None), ("NS", Seat.N, None),
])
def test_parse_score_tag(value: str, declarer: Seat | None, expected: int | None) -> None:
    assert parse_score_tag(value, declarer) == expected


@pytest.mark.parametrize("value, declarer, expected", [
    ("10", Seat.N, 10), ("^5", Seat.S, 5), ("NS 9", Seat.S, 9), ("NS 9", Seat.E, 4), ("EW 4", Seat.N, 9),
    ("NS 9 EW 4", Seat.W, 4), ("EW 4 NS 9", Seat.N, 9), ("14", Seat.N, None), ("x", Seat.N, None),
    (None, Seat.N, None),
])
def test_result_tricks(value: str | None, declarer: Seat, expected: int | None) -> None:
    b = board() if value is None else board(Result=value)
    assert b.result_tricks(declarer) == expected
    b.set("Declarer", declarer.name)
    assert b.result == expected


def test_profile_for_board() -> None:
    assert profile_for_board(board(Scoring="Auction-1920")).name == "auction-1920"
    assert profile_for_board(board(Scoring="auction-classic;Rubber")).name == "auction-classic"
    assert profile_for_board(board(Scoring="Auction")).name == "auction-1920"
    for value in ("IMP", "MP", "Rubber", "IMP;Butler-2;Mean", "", "Facit"):
        assert profile_for_board(board(Scoring=value)).name == "contract"
    assert profile_for_board(board()).name == "contract"
    assert profile_for_board(board(Scoring="IMP"), find_profile("auction-classic")).name == "auction-classic"


def test_room_of() -> None:
    assert room_of(board(Room="open")) == "Open" and room_of(board(Room="Closed")) == "Closed"
    assert room_of(board(Table="1")) == "Open" and room_of(board(Table="2")) == "Closed"
    assert room_of(board(Table="7")) == "Table 7" and room_of(board()) is None


def test_contract_and_declarer_from_the_auction_when_the_tags_are_missing() -> None:
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKJ75.K84.Q62.A3 42.T73.T93.JT964 Q963.A52.K74.852 T8.QJ96.AJ85.KQ7"]\n'
            '[Result "10"]\n[Auction "N"]\n1S Pass 2S Pass\n4S Pass Pass Pass\n')
    [b] = list(read_pbn(text))
    s = score_board(b)
    assert str(s.result.contract) == "4S" and s.result.declarer is Seat.N
    assert s.ns == 420 and "contract from the auction" in s.notes


def test_tricks_from_the_play_win_over_the_result_tag() -> None:
    [first] = [b for b in read_boards(str(SAMPLES / "match.pbn")) if b.get("Room") == "Open"][:1]
    first.set("Result", "9")
    s = score_board(first)
    assert s.tricks_from == "play" and s.result.tricks == 10 and s.ns == 420
    assert any("Result tag 9" in n for n in s.notes)


def test_unscorable_boards_never_raise() -> None:
    for b in (board(), board(Contract="4S"), board(Contract="4S", Declarer="N"),
              board(Contract="zz", Declarer="N", Result="10"), board(Contract="4S", Declarer="N", Result="10")):
        s = score_board(b)
        if s.score is not None:   # the last one: vulnerability unknown, no board number
            pytest.fail(f"scored {b.tags}")
    s = score_board(board(Board="2", Contract="4S", Declarer="N", Result="10"))
    assert s.vulnerable is Vul.NS and s.ns == 620 and "vulnerability from the board number" in s.notes


def test_match_sample_pairs_rooms_and_imps() -> None:
    m = team_match(score_boards(read_boards(str(SAMPLES / "match.pbn"))))
    d = m.to_dict()
    assert [(b["board"], b["open_ns"], b["closed_ns"], b["diff"], b["imps"]) for b in d["boards"]] == [
        (1, 420, 170, 250, 6), (2, -500, -420, -80, -2), (3, 150, 0, 150, 4), (4, -1370, -620, -750, -13)]
    assert [b["running"] for b in d["boards"]] == [6, 4, 8, -5]
    assert d["total_imps"] == -5 and d["winner"] == "B" and d["imps_a"] == 10 and d["imps_b"] == 15
    assert d["unpaired"] == []


def test_match_draw_and_unpaired() -> None:
    boards = [board(Board="1", Vulnerable="None", Room="Open", Contract="4S", Declarer="N", Result="10"),
              board(Board="1", Vulnerable="None", Room="Closed", Contract="4S", Declarer="S", Result="10"),
              board(Board="2", Vulnerable="NS", Room="Open", Contract="1NT", Declarer="S", Result="7")]
    m = team_match(score_boards(boards))
    assert m.total_imps == 0 and m.winner == "draw"
    assert len(m.boards) == 1 and "board 2" in m.unpaired[0]


def test_matchpoints_by_board() -> None:
    rows = [("4S", "N", "10", "Ann", "Bob"), ("4S", "N", "11", "Cy", "Di"), ("4S", "N", "10", "Ed", "Flo"),
            ("3NT", "S", "8", "Gil", "Hu")]
    boards = [board(Board="1", Vulnerable="None", Contract=c, Declarer=d, Result=r, North=n, South=s,
                    East="x", West="y") for c, d, r, n, s in rows]
    from bridgekit.event import EventOptions, Method, read_event   # the one matchpointer (match --mp too)
    ev = read_event(boards, EventOptions(method=Method.MP))
    [t] = ev.boards
    assert [(r.score_ns, r.points_ns, r.points_ew, r.top) for r in t.results] == [
        (420, 1.5, 1.5, 3), (450, 3.0, 0.0, 3), (420, 1.5, 1.5, 3), (-50, 0.0, 3.0, 3)]
    best = ev.standings[0]
    assert best.pair == "Cy - Di" and best.percentage == 100.0


def test_write_score_tags_per_profile() -> None:
    b = board(Board="1", Vulnerable="None", Contract="1HX", Declarer="S", Result="9")
    s = score_board(b)
    write_score_tags(s)
    assert b.get("Score") == "NS 360"  # 60 + 50 + 50 + 2 x 100
    b = board(Board="1", Vulnerable="None", Contract="1HX", Declarer="S", Result="9")
    s = score_board(b, find_profile("auction-1920"))
    write_score_tags(s)
    assert b.get("Score") == "NS 198 EW 0" and b.get("ScoreRubber") == "NS 150/48 EW 0/0"
    assert b.get("Scoring") == "Auction-1920"
    assert parse_score_tag(b.get("Score") or "", None) == s.ns


def test_deal_boards_reproducible_with_dealer_and_vulnerability_by_number() -> None:
    a = deal_boards(20, "club", 1)
    b = deal_boards(20, "club", 1)
    c = deal_boards(20, "other", 1)
    assert [x.get("Deal") for x in a] == [x.get("Deal") for x in b]
    assert [x.get("Deal") for x in a] != [x.get("Deal") for x in c]
    assert [(x.get("Dealer"), x.get("Vulnerable")) for x in a[:4]] == [
        ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All")]
    for x in a:
        n = x.number
        assert n is not None and x.dealer is dealer_for_board(n) and x.vulnerable is Vul.for_board(n)
        assert x.deal is not None and x.deal.is_complete
    assert "club" in (a[0].get("Generator") or "")


# -- the corpus: agreement with recorded Score tags -------------------------------

SCORED_FILES = ["pbn/ben/bbohelper_ben_friends_daily_2024-06-03.pbn", "pbn/ben/bbohelper_free_super_sunday_aug4.pbn",
                "pbn/ben/camrose2024_ben_match.pbn", "pbn/ben/christy170a.pbn", "pbn/ben/kantar_declare_defend.pbn",
                "pbn/endplay/example1.pbn", "pbn/endplay/example2.pbn", "pbn/endplay/sample.pbn",
                "pbn/pbnref/correct_10.pbn", "pbn/pbnref/correct_20.pbn", "pbn/pbnref/correct_21.pbn"]


@needs_corpus
def test_corpus_score_tags_agree() -> None:
    compared = agree = 0
    disagreements = []
    for name in SCORED_FILES:
        for s in score_boards(read_boards(str(Path(CORPUS) / name))):
            if s.mismatch is None:
                continue
            compared += 1
            if s.mismatch:
                disagreements.append((name, s.board.label, s.contract_text, s.ns, s.board.get("Score")))
            else:
                agree += 1
    assert disagreements == []
    assert compared >= 670


@needs_corpus
def test_corpus_team_matches_agree_with_recorded_imps() -> None:
    """example2.pbn holds 15 matches of an online team event, each table
    naming its own N/S team as HomeTeam and carrying ScoreIMP."""
    from bridgekit.event import team_matches
    matches = team_matches(score_boards(read_boards(str(Path(CORPUS) / "pbn/endplay/example2.pbn"))))
    assert len(matches) == 15
    assert sum(m.imps_compared for m in matches) == 149
    assert sum(m.imp_mismatches for m in matches) == 0
    austria = next(m for m in matches if m.team_a == "AUSTRIA")
    assert austria.boards[0].to_dict()["diff"] == 150 and austria.boards[0].imps == 4


def test_parse_imp_tag() -> None:
    from bridgekit.scoring import parse_imp_tag
    assert parse_imp_tag("NS 4 EW -4") == 4 and parse_imp_tag("EW -2.5") == 2.5
    assert parse_imp_tag("10") is None and parse_imp_tag("NS x") is None


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_TAG_TEXT = st.one_of(st.text(max_size=12), st.sampled_from(
    ["4S", "4HX", "Pass", "7NTXX", "N", "S", "E", "W", "10", "NS 9", "EW 4 NS 9", "^7", "-", "?", "All", "None",
     "NS 420", "-50", "EW", "Auction-1920", "Auction-Classic", "IMP", "Open", "Closed", "2"]))


@settings(max_examples=300, deadline=None)
@given(contract=_TAG_TEXT, declarer=_TAG_TEXT, result=_TAG_TEXT, vul=_TAG_TEXT, score=_TAG_TEXT,
       scoring=_TAG_TEXT, number=_TAG_TEXT)
def test_score_board_never_raises(contract: str, declarer: str, result: str, vul: str, score: str,
                                  scoring: str, number: str) -> None:
    b = board(Board=number, Contract=contract, Declarer=declarer, Result=result, Vulnerable=vul,
              Score=score, Scoring=scoring)
    s = score_board(b)
    s.to_dict()
    write_score_tags(s)
    if s.score is not None and s.recorded_ns is not None:
        assert s.mismatch is (s.recorded_ns != s.score.ns)

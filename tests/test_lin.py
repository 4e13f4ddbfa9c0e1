"""LIN import: BBO hand records and vugraph archives to Board records."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bridgekit.board import CallEntry
from bridgekit.calls import Call
from bridgekit.cards import PBN_SUIT_ORDER, Card
from bridgekit.contract import Contract
from bridgekit.deal import Deal, Hand
from bridgekit.errors import FileFormatError
from bridgekit.formats.lin import _auction, read_lin, read_lin_text
from bridgekit.play import Play
from bridgekit.seats import Seat, Vul
from conftest import CORPUS, corpus_files, needs_corpus

# North deals; South holds all the clubs, West the spades, North the hearts and
# East (left out, as BBO does) the diamonds: every trick is easy to follow by hand.
SOLID = "3CAKQJT98765432,SAKQJT98765432,HAKQJT98765432,"
ONE_BOARD = (
    "pn|Sue,Walt,Nina,Ed|st||md|" + SOLID + "|rh||ah|Board 7|sv|e|"
    "mb|p|mb|1H!|an|5+ !H, 11-21|mb|p|mb|2C!|mb|p|mb|3H|mb|p|mb|p|mb|p|"
    "pg||pc|C2|pc|SA|pc|H2|pc|DA|pg||pc|H3|pc|D2|pc|C3|pc|S2|pg||mc|5|"
)


def lin_hand(hand: Hand) -> str:
    return "".join(s.name + "".join(r.letter for r in hand.ranks(s)) for s in PBN_SUIT_ORDER)


def test_single_board_tags_and_deal() -> None:
    (b,) = read_lin_text(ONE_BOARD, "one.lin")
    assert b.file == "one.lin" and b.line == 1
    assert b.get("Board") == "7" and b.number == 7
    assert (b.get("South"), b.get("West"), b.get("North"), b.get("East")) == ("Sue", "Walt", "Nina", "Ed")
    assert b.dealer is Seat.N
    assert b.vulnerable is Vul.EW
    deal = b.deal
    assert deal is not None and deal.is_complete
    # the missing fourth (East) hand is the 13 cards the others do not hold
    assert str(deal[Seat.E]) == "..AKQJT98765432."
    assert str(deal[Seat.W]) == "AKQJT98765432..."
    assert b.tags["Deal"].value == "N:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."
    assert b.tags["Deal"].value.startswith("N:")  # written from the dealer
    assert b.problems == []


def test_auction_alerts_become_notes() -> None:
    (b,) = read_lin_text(ONE_BOARD)
    rec = b.auction
    assert rec is not None and rec.first is Seat.N
    assert [str(c) for c in rec.call_list()] == "Pass 1H Pass 2C Pass 3H Pass Pass Pass".split()
    alerted = [(str(e.call), e.note, e.alert) for e in rec.calls if e.note is not None]
    # BBO's !H suit marks become plain letters; an alert without text is noted as such
    assert alerted == [("1H", 1, "5+ H, 11-21"), ("2C", 2, "")]
    assert rec.notes == {1: "5+ H, 11-21", 2: "alerted"}
    assert rec.complete_marker and not rec.incomplete_marker
    assert b.contract == Contract.parse("3H") and b.declarer is Seat.E


def test_play_in_seat_columns_and_claim() -> None:
    (b,) = read_lin_text(ONE_BOARD)
    play = b.play
    assert play is not None and play.leader is Seat.S  # East declares: South leads
    assert play.incomplete_marker  # a claim ends the play early
    # PBN columns start with the leader: S W N E
    assert [[str(e.card) for e in row if e] for row in play.tricks] == [["C2", "SA", "H2", "DA"],
                                                                         ["C3", "S2", "H3", "D2"]]
    order = [(s.name, str(c)) for s, c, _ in play.played_order(b.contract.strain)]
    # hearts are trumps: North's H2 ruffs trick 1 and North leads trick 2
    assert order[:4] == [("S", "C2"), ("W", "SA"), ("N", "H2"), ("E", "DA")]
    assert order[4:] == [("N", "H3"), ("E", "D2"), ("S", "C3"), ("W", "S2")]
    assert b.result == 5  # mc| is declarer's total


@pytest.mark.parametrize("digit,seat", [("1", Seat.S), ("2", Seat.W), ("3", Seat.N), ("4", Seat.E)])
def test_dealer_digits(digit: str, seat: Seat) -> None:
    (b,) = read_lin_text(f"md|{digit}{SOLID[1:]}|sv|o|")
    assert b.dealer is seat


@pytest.mark.parametrize("sv,vul", [("o", Vul.NONE), ("0", Vul.NONE), ("n", Vul.NS), ("e", Vul.EW),
                                    ("b", Vul.ALL), ("B", Vul.ALL)])
def test_vulnerability(sv: str, vul: Vul) -> None:
    (b,) = read_lin_text(f"md|{SOLID}|sv|{sv}|")
    assert b.vulnerable is vul


def _played_out_lin(seed: int) -> tuple[str, Deal, Play]:
    """A random deal played to the end by 'lowest legal card', written as LIN."""
    rng = random.Random(seed)
    deal = Deal.random(rng)
    play = Play(deal, Contract.parse("4S").strain, Seat.S)
    while not play.is_complete():
        legal = list(play.legal_cards)
        play.push(rng.choice(legal))
    md = "1" + ",".join(lin_hand(deal[s]) for s in (Seat.S, Seat.W, Seat.N))
    calls = "mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|"
    cards = "".join(f"pc|{c}|" for c in play.cards)
    return f"md|{md},|sv|b|{calls}{cards}", deal, play


@pytest.mark.parametrize("seed", range(5))
def test_full_play_gives_result_and_order(seed: int) -> None:
    text, deal, play = _played_out_lin(seed)
    (b,) = read_lin_text(text)
    assert b.deal == deal
    assert b.contract == Contract.parse("4S") and b.declarer is Seat.S
    assert [c for _s, c, _e in b.play.played_order(b.contract.strain)] == play.cards
    assert b.result == play.declarer_tricks()
    assert not b.play.incomplete_marker
    replay, errors = b.play_engine(b.contract.strain, b.declarer)
    assert errors == [] and replay.cards == play.cards


VUGRAPH = (
    "vg|Club Teams,Segment 1 of 2,I,5,6,Lions,0,Tigers,0|\r\n"
    "rs|4SN=,3NW-1,,|\r\n"
    "pn|S1,W1,N1,E1,S2,W2,N2,E2|pg||\r\n"
    "qx|o5|st||md|" + SOLID + "|sv|n|mb|p|mb|1H|mb|p|mb|p|nt|kib: nice|pg||\r\n"
    "mb|p|pc|C2|pc|SA|pg||\r\n"
    "qx|c5|st||md|" + SOLID + "|sv|n|mb|p|pg||\r\n"
    "nt|vugraph: the closed room is slow|pg||\r\n"
    "qx|o6|md|" + SOLID + "|sv|b|pg||\r\n"
)


def test_vugraph_rooms_names_and_numbers() -> None:
    boards = read_lin_text(VUGRAPH, "vg.lin")
    assert [(b.get("Board"), b.room) for b in boards] == [("5", "Open"), ("5", "Closed"), ("6", "Open")]
    open5, closed5, open6 = boards
    assert open5.get("South") == "S1" and closed5.get("South") == "S2" and closed5.get("East") == "E2"
    assert open5.get("Event") == "Club Teams" and open5.get("Stage") == "Segment 1 of 2"
    assert open5.get("Scoring") == "IMP"
    assert (open5.get("HomeTeam"), open5.get("VisitTeam")) == ("Lions", "Tigers")
    # line numbers follow the CRLF lines
    assert (open5.line, closed5.line, open6.line) == (4, 6, 8)
    assert open5.tags["Vulnerable"].line == 4


def test_vugraph_commentary_is_kept_as_comments() -> None:
    open5, closed5, _ = read_lin_text(VUGRAPH)
    calls = open5.auction.calls
    assert calls[3].comments == ["kib: nice"]  # said after the fourth call
    assert closed5.auction.calls[-1].comments == ["vugraph: the closed room is slow"]


def test_vugraph_results_fill_in_a_cut_off_record() -> None:
    open5, closed5, open6 = read_lin_text(VUGRAPH)
    # the record's auction gives 1H by E (complete); rs| disagrees: kept, with a warning
    assert open5.contract == Contract.parse("1H") and open5.declarer is Seat.E
    assert [p.code for p in open5.problems] == ["lin-result-mismatch"]
    assert open5.problems[0].severity == "warning"
    # the closed room's record stops after one call: contract and result come from rs|
    assert closed5.auction.incomplete_marker
    assert closed5.contract == Contract.parse("3NT") and closed5.declarer is Seat.W
    assert closed5.result == 8
    assert open6.contract is None and open6.result is None


def test_impossible_deal_and_end_position() -> None:
    (b,) = read_lin_text("ah|Board 9|md|3SAKQJT98765432,SAHKQJT98765432,DAKQJT98765432,CAKQJT98765432|sv|o|", "d.lin")
    assert [(p.code, p.line, p.board) for p in b.problems] == [("duplicate-card", 1, "9")]
    (b,) = read_lin_text("md|3SAKQ,SJT9,HAKQ,DAKQ|sv|o|")  # four 3-card hands: an end position
    assert [(p.code, p.severity) for p in b.problems] == [("end-position", "warning")] and b.deal is not None


def test_dealer_from_board_number_when_md_has_no_digit() -> None:
    (b,) = read_lin_text("qx|o6|md|" + SOLID[1:] + "|sv|o|")
    assert b.dealer is Seat.E  # board 6: East deals


def test_bad_board_recorded_and_reading_goes_on() -> None:
    text = ("ah|Board 1|md|" + SOLID + "|sv|o|mb|1H|mb|9Z|mb|p|\n"
            "ah|Board 2|md|3SAKQ,SJ,HA,D2|sv|q|\n"
            "ah|Board 3|md|3SXYZ,S,H,D|sv|o|pc|ZZ|\n"
            "ah|Board 4|md|" + SOLID + "|sv|b|\n")
    boards = read_lin_text(text, "bad.lin")
    assert [b.label for b in boards] == ["1", "2", "3", "4"]
    b1, b2, b3, b4 = boards
    (p,) = b1.problems
    assert (p.code, p.file, p.line, p.board) == ("lin-bad-call", "bad.lin", 1, "1")
    assert "9Z" in p.message
    assert sorted({p.code for p in b2.problems}) == ["hand-size", "lin-bad-vulnerability", "missing-card"]
    assert {p.line for p in b2.problems} == {2}
    assert b2.deal is not None and len(b2.deal[Seat.S]) == 3  # the impossible deal is kept, with its problems
    assert [p.code for p in b2.problems].count("hand-size") == 4
    assert sorted(p.code for p in b3.problems) == ["lin-bad-card", "lin-bad-deal"]
    assert all(p.line == 3 and p.board == "3" for p in b3.problems)
    assert b3.deal is None
    assert b4.problems == [] and b4.vulnerable is Vul.ALL


def test_truncated_file_is_a_problem_on_the_last_board() -> None:
    (b,) = read_lin_text("md|" + SOLID + "|sv|o|mb|1S|mb|p|pc|S")
    assert [str(c) for c in b.auction.call_list()] == ["1S", "Pass"]
    assert [p.code for p in b.problems] == ["lin-syntax"]
    assert "truncated" in b.problems[0].message


def test_encodings_bom_crlf_latin1() -> None:
    text = "pn|Müller,Łoś,Ann,Bob|md|" + SOLID + "|sv|o|\r\n"
    (b,) = read_lin(text.encode("utf-8"))
    assert b.get("South") == "Müller" and b.get("West") == "Łoś"
    (b,) = read_lin(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert b.get("South") == "Müller"
    (b,) = read_lin(("pn|Müller,Jose,Ann,Bob|md|" + SOLID + "|sv|o|").encode("latin-1"))
    assert b.get("South") == "Müller"


def test_path_and_file_objects(tmp_path: Path) -> None:
    path = tmp_path / "x.lin"
    path.write_bytes(ONE_BOARD.encode())
    (b,) = read_lin(path)
    assert b.file == str(path)
    with open(path, "rb") as f:
        (b2,) = read_lin(f, "named.lin")
    assert b2.file == "named.lin" and b2.deal == b.deal


@pytest.mark.parametrize("data,why", [(b"", "empty"), (b"  \r\n", "empty"), (b"\x00\x01\x02md|", "binary"),
                                      (b"hello world\n", "not a LIN file")])
def test_unreadable_inputs_raise_file_format_error(data: bytes, why: str) -> None:
    with pytest.raises(FileFormatError) as info:
        read_lin(data, "in.lin")
    assert why in str(info.value) and info.value.file == "in.lin"


def test_missing_file_raises_file_format_error(tmp_path: Path) -> None:
    with pytest.raises(FileFormatError, match="no such file"):   # as PBN says it: one decoder
        read_lin(tmp_path / "nope.lin")


# -- the real corpus -------------------------------------------------------------

def provenance_counts() -> dict[str, int]:
    text = (CORPUS / "PROVENANCE.md").read_text(encoding="utf-8")
    counts = {}
    for m in re.finditer(r"^\| `(lin/[^`]+)` \|(.*)$", text, re.M):
        cells = [c.strip() for c in m.group(2).split("|")]
        counts[m.group(1)] = int(cells[6])  # the "Boards" column
    return counts


@needs_corpus
def test_every_corpus_lin_file_loads_with_the_documented_board_count() -> None:
    counts = provenance_counts()
    files = corpus_files("lin")
    assert len(files) == len(counts) == 17
    for path in files:
        key = path.relative_to(CORPUS).as_posix()
        boards = list(read_lin(path))
        assert len(boards) == counts[key], key
        for b in boards:
            errors = [p for p in b.problems if p.severity == "error"]
            assert errors == [], (key, b.label, errors)


@needs_corpus
def test_corpus_auctions_and_play_replay_legally() -> None:
    played = claimed = 0
    for path in corpus_files("lin"):
        for b in read_lin(path):
            if b.auction is None:
                continue
            _auction, errors = b.auction_engine()
            assert errors == [], (path.name, b.label)
            c = b.contract
            if b.play is not None and c is not None and not c.is_passed_out:
                play, errors = b.play_engine(c.strain, b.declarer)
                assert errors == [], (path.name, b.label, errors)
                played += 1
                if b.result is not None and len(play.cards) < 52:
                    assert play.claim_is_possible(b.result), (path.name, b.label)
                    claimed += 1
    assert played > 200 and claimed > 150


@needs_corpus
def test_corpus_results_agree_with_vugraph_rs_lines() -> None:
    """Every vugraph board's contract, declarer and tricks agree with the rs| list,
    except the one record whose rs| entry disagrees with its own auction (warned)."""
    mismatches = []
    for path in corpus_files("lin"):
        for b in read_lin(path):
            if any(p.code == "lin-result-mismatch" for p in b.problems):
                mismatches.append((path.name, b.label, b.room))
    assert mismatches == [("42700.lin", "13", "Closed")]


@needs_corpus
def test_corpus_single_board_file_details() -> None:
    (b,) = read_lin(CORPUS / "lin/bridgebots/sample.lin")
    assert b.get("Board") == "15" and b.dealer is Seat.S and b.vulnerable is Vul.NS
    assert b.contract == Contract.parse("3NT") and b.declarer is Seat.N  # North bid no trump first
    assert b.auction.notes == {1: "Unusual No Trump: 2 5card minors"}
    assert b.result == 6  # all 13 tricks played, no claim: counted from the play (3NT down 3)
    (b,) = read_lin(CORPUS / "lin/pbntools/skyclub_20784108.lin")
    assert b.contract == Contract.parse("3NTX") and b.declarer is Seat.W
    assert b.result is None  # play stops mid-trick without a claim
    assert [e is None for e in b.play.tricks[-1]] == [False, False, True, True]
    assert Call.parse("3NT") in b.auction.call_list()
    assert Card.parse("D8") == b.play.tricks[-1][0].card


# -- fuzzing: bad input raises only bridgekit's own errors ------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bridgekit.errors import BridgekitError  # noqa: E402
from bridgekit.formats.json import board_to_dict  # noqa: E402
from bridgekit.render import render_board  # noqa: E402

_LIN_ALPHABET = st.sampled_from(list("|mdbpcnsvahqxo0123456789SHDCAKQJTPXR!,\r\n ") + ["mb|", "pc|", "md|", "qx|",
                                                                                          "an|", "mc|", "sv|"])


def _use(text: str | bytes) -> None:
    try:
        boards = list(read_lin(text, "fuzz.lin"))
    except BridgekitError:
        return
    for b in boards:  # whatever was read can be shown and turned into JSON
        board_to_dict(b)
        render_board(b, ascii=True)
        for p in b.problems:
            assert p.file == "fuzz.lin" and p.line is not None and p.line >= 1


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_fuzz_random_text(text: str) -> None:
    _use(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(_LIN_ALPHABET, max_size=80).map("".join))
def test_fuzz_lin_like_tokens(text: str) -> None:
    _use(text)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_fuzz_mutated_records(data: st.DataObject) -> None:
    text = bytearray((ONE_BOARD + VUGRAPH).encode())
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(text) - 1))
        op = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        byte = data.draw(st.integers(0, 255))
        if op == "delete":
            del text[i]
        elif op == "insert":
            text.insert(i, byte)
        else:
            text[i] = byte
    _use(bytes(text))


def test_garbage_before_the_first_board_is_reported_on_it() -> None:
    (b,) = read_lin_text("garbage here|x|md|" + SOLID + "|sv|o|", "g.lin")
    assert [(p.code, p.line, p.board) for p in b.problems] == [("lin-syntax", 1, "1")]
    with pytest.raises(FileFormatError):
        read_lin_text("junk text|ab|cd|")  # nothing but junk: not LIN at all


@needs_corpus
def test_corpus_totals_quoted_in_the_readme() -> None:
    boards = [b for path in corpus_files("lin") for b in read_lin(path)]
    comments = sum(len(b.comments) + sum(len(e.comments) for e in (b.auction.calls if b.auction else []))
                   + sum(len(e.comments) for row in (b.play.tricks if b.play else []) for e in row if e)
                   for b in boards)
    totals = (len(boards), sum(1 for b in boards if b.auction), sum(1 for b in boards if b.play),
              sum(1 for b in boards if b.result is not None),
              sum(len(b.auction.notes) for b in boards if b.auction), comments)
    assert totals == (262, 230, 230, 229, 201, 815)
    nt_lines = sum(len(re.findall(rb"(?:^|\|)\s*nt\|", p.read_bytes())) for p in corpus_files("lin"))
    assert comments == nt_lines  # every commentary line kept


def test_the_auction_of_lin_calls() -> None:
    calls = [CallEntry(Call.parse(c), line=1) for c in ("1C", "P", "1H", "P", "P", "P")]
    calls[0].alert, calls[2].alert = "", "4+ hearts"  # mb|1C!| with no an|, then one with its text
    rec, contract, declarer = _auction(calls, Seat.W)
    assert rec.notes == {1: "alerted", 2: "4+ hearts"} and [c.note for c in calls] == [1, None, 2, None, None, None]
    assert rec.complete_marker and not rec.incomplete_marker
    assert (str(contract), declarer) == ("1H", Seat.E)  # West deals: 1C by West, 1H by East
    # an illegal call (1C over 1H): no contract, and neither end marker
    rec, contract, declarer = _auction([CallEntry(Call.parse(c)) for c in ("1H", "1C")], Seat.N)
    assert (contract, declarer, rec.complete_marker, rec.incomplete_marker) == (None, None, False, False)
    rec, contract, _ = _auction([CallEntry(Call.parse("1S"))], Seat.N)
    assert contract is None and rec.incomplete_marker

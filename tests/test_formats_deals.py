"""Deal files of dealing machines and scoring programs (DUP, DLM, BRI, DGE,
BER, RZD, CDS, BHG, CSV): hand-built examples from the published
descriptions, the published DLM boards, round trips and bad input."""

from __future__ import annotations

import io
import random
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgekit.board import Board, deal_boards
from bridgekit.deal import Deal
from bridgekit.errors import FileFormatError
from bridgekit.formats import read_boards, write_boards
from bridgekit.formats.registry import WriteReport, find_format, format_of_path, formats, sniff_format

DEAL_FORMATS = ["dup", "dlm", "bri", "dge", "ber", "rzd", "cds", "bhg", "csv"]

# Every hand holds one suit, so every other suit is void in it, and every rank
# of every suit sits at its own place: North the spades, East the hearts,
# South the diamonds, West the clubs.
SUITS_DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# Card c of the deck (0 = ace of spades ... 51 = two of clubs) to seat c % 4:
# every seat holds every fourth rank of every suit.
ROTATING = ["".join("AKQJT98765432"[r] for r in range(13) if (13 * s + r) % 4 == seat) for seat in range(4)
            for s in range(4)]
ROTATING_DEAL = "N:" + " ".join(".".join(ROTATING[4 * seat:4 * seat + 4]) for seat in range(4))


def board(number: int, deal: str) -> Board:
    b = Board()
    b.set("Board", str(number))
    b.set("Dealer", "NESW"[(number - 1) % 4])
    b.set("Vulnerable", ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS",
                         "All", "None", "NS", "EW"][(number - 1) % 16])
    b.set("Deal", deal)
    return b


def write(fmt: str, boards: list[Board]) -> tuple[bytes, WriteReport]:
    spec = find_format(fmt)
    assert spec is not None
    report = WriteReport(spec)
    buf = io.BytesIO()
    write_boards(boards, buf, fmt, report)
    return buf.getvalue(), report


def read(fmt: str, data: bytes, first: int | None = None) -> list[Board]:
    spec = find_format(fmt)
    assert spec is not None
    return list(spec.read(data, f"x.{fmt}", first))


def same_deal(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and Deal.parse(a) == Deal.parse(b)


def codes(b: Board) -> list[str]:
    return [p.code for p in b.problems]


# -- the published descriptions, built by hand -----------------------------------

# Duplimate's convert.pdf, its worked example (board 1, North's, East's and South's card numbers;
# the four hands sorted, in the DOS suit symbols):
CONVERT_BRI = ("18043727240822422106250717" "51503215164929412640314645" "43351128302039140152133403")
CONVERT_DGE = "♠J987♥JT7643♦A4♣Q♠♥KQ2♦QT9♣AK98543♠AQ42♥A8♦KJ762♣J2♠KT653♥95♦853♣T76"
CONVERT_DEAL = "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
CP437 = str.maketrans({"♠": "\x06", "♥": "\x03", "♦": "\x04", "♣": "\x05"})


def convert_record(header: str = "YN1  1 1  ") -> bytes:
    return (CONVERT_BRI + CONVERT_DGE.translate(CP437) + header).encode("latin-1")


def test_dup_reads_duplimates_own_example() -> None:
    data = convert_record()
    assert len(data) == 156
    (b,) = read("dup", data)
    assert same_deal(b.get("Deal"), CONVERT_DEAL)
    assert (b.get("Board"), b.get("Dealer"), b.get("Vulnerable")) == ("1", "N", "None")
    assert b.problems == []


def test_dup_header_gives_the_first_board_and_first_overrides_it() -> None:
    data = convert_record("YN5  1 6  ") * 2
    assert [b.get("Board") for b in read("dup", data)] == ["5", "6"]
    assert [b.get("Dealer") for b in read("dup", data)] == ["N", "E"]
    assert [b.get("Board") for b in read("dup", data, first=21)] == ["21", "22"]


def test_dup_blind_record_and_disagreeing_parts() -> None:
    # Big Deal's "dupblind" leaves the sorted hands of board 1 blank: the card numbers still give the deal
    blind = (CONVERT_BRI + " " * 68 + "YN1  0 1  ").encode("latin-1")
    (b,) = read("dup", blind)
    assert same_deal(b.get("Deal"), CONVERT_DEAL) and b.problems == []
    # sorted hands of another deal: the card numbers win, the disagreement is reported
    other = CONVERT_DGE.replace("♠J987♥JT7643", "♠J986♥JT7743").translate(CP437)
    (b,) = read("dup", (CONVERT_BRI + other + "YN1  1 1  ").encode("latin-1"))
    assert same_deal(b.get("Deal"), CONVERT_DEAL) and codes(b) == ["dup-parts-disagree"]


def test_bri_and_dge_read_the_parts_of_the_published_example() -> None:
    # Big Deal's BRI record: the 78 digits, 32 spaces, 18 NULs; the line layout of a 2011 description
    (b,) = read("bri", CONVERT_BRI.encode() + b" " * 32 + b"\0" * 18)
    assert same_deal(b.get("Deal"), CONVERT_DEAL)
    lines = read("bri", (CONVERT_BRI + "\r\n") .encode() * 3)
    assert [x.get("Board") for x in lines] == ["1", "2", "3"] and all(same_deal(x.get("Deal"), CONVERT_DEAL)
                                                                        for x in lines)
    (b,) = read("dge", CONVERT_DGE.translate(CP437).encode("latin-1") + b"\0" * 60)
    assert same_deal(b.get("Deal"), CONVERT_DEAL)


def test_every_layout_by_hand_for_the_suits_deal() -> None:
    """Each format's bytes for the deal of one suit a hand, built from its description."""
    ranks = "AKQJT98765432"
    expected = {
        "ber": b"1" * 13 + b"2" * 13 + b"3" * 13 + b"4" * 13,
        "rzd": bytes((1, 0)) + b" " * 11 + bytes([0b00_01_10_11] * 13),
        "cds": bytes([1] + [0b01_10_11_00] * 13),
        "bri": "".join(f"{n:02d}" for n in range(1, 40)).encode() + b" " * 32 + b"\0" * 18,
        "dge": ("\x06" + ranks + "\x03\x04\x05" + "\x06\x03" + ranks + "\x04\x05" + "\x06\x03\x04" + ranks + "\x05"
                + "\x06\x03\x04\x05" + ranks).encode() + b"\0" * 60,
        "bhg": b"\r\n" + bytes(range(65, 91)) + bytes(range(97, 123)) + b"\r\n",
        "csv": ('"' + ranks + '","","","","","' + ranks + '","","","","","' + ranks + '","","","","","' + ranks
                + '","1","N/-"\r\n').encode(),
    }
    expected["dup"] = expected["bri"][:78] + expected["dge"][:68] + b"YN1  1 1  "
    for fmt, data in expected.items():
        got, _ = write(fmt, [board(1, SUITS_DEAL)])
        assert got == data, fmt
        (b,) = read(fmt, data)
        assert same_deal(b.get("Deal"), SUITS_DEAL), fmt
        assert b.problems == [], fmt


def test_bhg_starts_each_line_with_the_dealer() -> None:
    # board 2: East deals, so the line starts with East's hearts, then South, West, North;
    # board 2 is on line 3 (deal-convert), board 1's line left empty
    data, _ = write("bhg", [board(2, SUITS_DEAL)])
    assert data == b"\r\n\r\n" + bytes(range(78, 91)) + bytes(range(97, 123)) + bytes(range(65, 78)) + b"\r\n"
    (b,) = read("bhg", data)
    assert b.get("Board") == "2" and same_deal(b.get("Deal"), SUITS_DEAL)
    # numbered otherwise (--first 3 for the first line), the same line is board 4, West first:
    # West the hearts, North the diamonds, East the clubs, South the spades
    (b,) = read("bhg", data, first=3)
    assert b.get("Board") == "4" and b.get("Deal") == "N:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."


def test_rotating_deal_by_hand() -> None:
    data, _ = write("ber", [board(1, ROTATING_DEAL)])
    assert data == b"1234" * 13
    data, _ = write("dlm", [board(1, ROTATING_DEAL)])
    # pairs (N,E) = b and (S,W) = l, alternately
    assert b"Board 01=" + b"bl" * 13 + b"%03d" % reduce(lambda a, c: a ^ c, b"bl" * 13, 1) in data


# -- DLM: the published boards -------------------------------------------------------

def dlm_file(lines: list[str], low: int = 1, high: int = 1, status: str = "Show") -> bytes:
    head = ["[Document]", "Headline=test", f"Status={status}", "Duplicates=0", f"From board={low}",
            f"To board={high}", "Next board to duplimate=0", "PrintOuts=0", "Crypto key=0",
            f"Checksum={low ^ high ^ (1 if status == 'Show' else 0)}"]
    return ("\r\n".join(head + lines) + "\r\n").encode()


def test_dlm_published_boards_check_and_decode() -> None:
    # rec.games.bridge (S. Foster, 2011) gives this board and its decoding, two seats a letter
    data = dlm_file(["Board 01=jlifaelnecgmoldfjmcflinlap023"])
    (b,) = read("dlm", data)
    assert b.problems == [] and b.get("Event") == "test"
    decoded = "SE SW SN EE NN EN SW WE EN NS ES WN WS SW NW EE SE WN NS EE SW SN WE SW NN WW".split()
    hands = Deal.parse(b.get("Deal") or "")
    deck = [(s, r) for s in "SHDC" for r in "AKQJT98765432"]
    seats = []
    for s, r in deck:
        holder = next(seat for seat in "NESW" if any(c.suit.name == s and c.rank.letter == r
                                                     for c in hands.hands["NESW".index(seat)].cards))  # type: ignore[union-attr]
        seats.append(holder)
    assert ["".join(seats[2 * i:2 * i + 2]) for i in range(26)] == decoded
    # BBO forums (2013): another board of a real Duplimate file; its checksum holds as well
    (b,) = read("dlm", dlm_file(["Board 01=cgcajjjnakpkchipnjhmbmbpbh022"]))
    assert b.problems == [] and b.deal is not None and b.deal.is_complete


def test_dlm_checksums_are_checked() -> None:
    (b,) = read("dlm", dlm_file(["Board 01=jlifaelnecgmoldfjmcflinlap024"]))
    assert codes(b) == ["bad-checksum"] and "expected 023" in b.problems[0].message and b.deal is not None
    (b,) = read("dlm", dlm_file(["Board 01=jlifaelnecgmoldfjmcflinlap023"]).replace(b"Checksum=1", b"Checksum=7"))
    assert codes(b) == ["bad-checksum"] and "Checksum=7" in b.problems[0].message
    # a letter changed: the board checksum no longer holds, and the deal is no longer 13 cards a hand
    (b,) = read("dlm", dlm_file(["Board 01=jlifaelnecgmoldfjmcflinlaa023"]))
    assert "bad-checksum" in codes(b) and "hand-size" in codes(b)


def test_dlm_written_file_follows_big_deal_and_reads_back() -> None:
    data, _ = write("dlm", [board(1, SUITS_DEAL), board(2, ROTATING_DEAL)])
    text = data.decode()
    assert text.startswith("[Document]\r\nHeadline=Generated by bridgekit\r\nStatus=Show\r\nDuplicates=0\r\n"
                           "From board=1\r\nTo board=2\r\n")
    assert "Checksum=2\r\n" in text  # 0 ^ 1 ^ 2 ^ 1 (shown)
    # the placeholder boards 3-99 are Big Deal's, checksum = number ^ 14; the suits deal is that very layout
    assert "Board 01=aaaaaabffffffkkkkkklpppppp015\r\n" in text
    assert f"Board 57=aaaaaabffffffkkkkkklpppppp{57 ^ 14:03d}\r\n" in text
    assert text.count("\r\nBoard ") == 99
    back = read("dlm", data)
    assert [b.get("Board") for b in back] == ["1", "2"] and all(b.problems == [] for b in back)


def test_dlm_missing_board_and_range() -> None:
    data = dlm_file(["Board 01=jlifaelnecgmoldfjmcflinlap023"], 1, 2)
    boards = read("dlm", data)
    assert [b.get("Board") for b in boards] == ["1", "2"] and codes(boards[1]) == ["missing-board"]


# -- round trips ---------------------------------------------------------------------

def random_boards(seed: int, count: int, first: int) -> list[Board]:
    return deal_boards(count, seed, first)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(1, 20), first=st.integers(1, 40), fmt=st.sampled_from(DEAL_FORMATS))
def test_round_trip_pbn_x_pbn(seed: int, count: int, first: int, fmt: str) -> None:
    boards = random_boards(seed, count, first)
    data, report = write(fmt, boards)
    assert report.written == count
    keeps_numbers = fmt in ("dup", "dlm", "cds", "csv", "bhg")
    back = read(fmt, data, None if keeps_numbers else first)
    assert len(back) == count
    for a, b in zip(boards, back):
        assert same_deal(a.get("Deal"), b.get("Deal"))
        assert (a.get("Board"), a.get("Dealer"), a.get("Vulnerable")) == (b.get("Board"), b.get("Dealer"),
                                                                          b.get("Vulnerable"))
        assert b.problems == []
    # X -> PBN -> X, byte for byte (through the PBN writer and reader)
    text = io.StringIO()
    write_boards(back, text, "pbn")
    from bridgekit.formats.pbn import read_pbn
    again, _ = write(fmt, list(read_pbn(text.getvalue(), "x.pbn")))
    assert again == data


def test_random_deals_through_every_format_and_the_sniffer() -> None:
    rng = random.Random(7)
    boards = [board(n, str(Deal.random(rng))) for n in range(1, 17)]
    for fmt in DEAL_FORMATS:
        data, _ = write(fmt, boards)
        spec = sniff_format(data[:4096], len(data))
        assert spec is not None and spec.name == fmt, fmt


def test_dup_keeps_the_first_board_others_report_renumbering() -> None:
    boards = random_boards(3, 4, 17)
    data, report = write("dup", boards)
    assert report.renumbered is None and [b.get("Board") for b in read("dup", data)] == ["17", "18", "19", "20"]
    data, report = write("ber", boards)
    assert report.renumbered == (17, 4, True, False)
    assert [b.get("Board") for b in read("ber", data)] == ["1", "2", "3", "4"]


def test_what_a_deal_format_cannot_hold_is_counted() -> None:
    from pathlib import Path
    sample = Path(__file__).resolve().parents[1] / "samples" / "match.pbn"
    boards = list(read_boards(str(sample)))
    _, report = write("dup", boards)
    with_auction = sum(1 for b in boards if b.auction is not None and b.auction.calls)
    assert with_auction and report.lost["auction"] == with_auction
    assert report.lost["players"] == sum(1 for b in boards if b.get("North"))
    incomplete = board(1, "N:AKQ... - - -")
    _, report = write("ber", [incomplete, board(2, SUITS_DEAL)])
    assert report.written == 1 and [s[1] for s in report.skipped] == ["no-deal"]


# -- bad input -----------------------------------------------------------------------

def test_truncated_records_keep_the_good_boards() -> None:
    for fmt in ("dup", "bri", "dge", "ber", "rzd", "cds"):
        data, _ = write(fmt, random_boards(1, 3, 1))
        boards = read(fmt, data[:-5])
        assert len(boards) == 3, fmt
        assert all(b.problems == [] for b in boards[:2]), fmt
        assert codes(boards[2]) in (["truncated-record"], ["truncated-record", "count-mismatch"]), fmt
        assert "board 3" in str(boards[2].problems[0]), fmt
        # cut in the filler of BRI and DGE records, the deal is whole and kept; elsewhere it is not read
        assert (boards[2].get("Deal") is not None) == (fmt in ("bri", "dge")), fmt


def test_card_twice_and_count_fields() -> None:
    bad = CONVERT_BRI.replace("18", "04", 1)  # North's first card number now repeats the jack of spades
    (b,) = read("bri", bad.encode() + b" " * 50)
    assert "hand-size" in codes(b) or "duplicate-card" in codes(b)
    (b,) = read("bri", CONVERT_BRI.replace("18", "77", 1).encode() + b" " * 50)
    assert codes(b) == ["bad-card-number"] and b.get("Deal") is None
    # the DUP header's range disagrees with the records
    boards = read("dup", convert_record("YN1  1 32 ") * 2)
    assert codes(boards[0]) == [] and codes(boards[1]) == ["count-mismatch"] and "1-32" in str(boards[1].problems[0])
    data, _ = write("rzd", random_boards(2, 3, 1))
    boards = read("rzd", bytes((5, 0)) + data[2:])
    assert codes(boards[-1]) == ["count-mismatch"]
    (b,) = read("ber", b"1234" * 12 + b"1239")
    assert codes(b) == ["bad-card"]
    (b,) = read("ber", b"1" * 14 + b"2" * 12 + b"3" * 13 + b"4" * 13)
    assert sorted(codes(b)) == ["hand-size", "hand-size"]


@pytest.mark.parametrize("fmt,data", [
    ("dup", b"not a dup file at all" * 10), ("dup", b""), ("bri", b"hello world" * 20), ("dge", b"xyz" * 50),
    ("ber", b"ABCD" * 13), ("rzd", b"\x02\x00nospaces..." * 3), ("bhg", b"\r\nshort line\r\n"),
    ("dlm", b"[Other]\r\nx=1\r\n"), ("csv", b"a,b,c\r\n"), ("cds", b""),
])
def test_unreadable_files_raise(fmt: str, data: bytes) -> None:
    with pytest.raises(FileFormatError):
        read(fmt, data)


def test_dup_with_wrong_record_size_is_unreadable() -> None:
    data = convert_record()
    with pytest.raises(FileFormatError, match="156"):
        read("dup", data[:100] + b"X" * 100)


# -- the registry --------------------------------------------------------------------

def test_registry_extensions_and_names() -> None:
    for spec in formats():
        assert find_format(spec.name) is spec
        for ext in spec.extensions:
            assert format_of_path(f"a/b{ext.upper()}") is spec
    assert format_of_path("x.txt") is None and format_of_path("-") is None
    assert {"dup", "dlm", "bri", "dge", "ber", "rzd", "cds", "lin", "url", "pbn", "json"} <= {f.name for f in formats()}


def test_docs_table_lists_every_format() -> None:
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    table = doc.split("## The table", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip() for line in table.splitlines() if line.startswith("| ") and "---" not in line}
    assert {f.name for f in formats()} <= rows
    for spec in formats():
        for ext in spec.extensions:
            assert f"`{ext}`" in table, ext


# -- another program's files ---------------------------------------------------------
# deal-convert (emkael, BSD-2) publishes the same 16 deals in its test/ folder as PBN
# (read here in place from the shared corpus) and in the other layouts.  A few of its
# records, as published, are the oracle: bridgekit writes the same bytes from the PBN
# and reads them back to the same deals.
DEALCONVERT_DLM = {1: "Board 01=fokfapmnnkpbcfibeooicpgahi022", 2: "Board 02=dcflcehpbpdgpjchkgcacdgbng020",
                   16: "Board 16=ncjpninegjcfalppajokhakmeb009"}
DEALCONVERT_CSV_1 = ('"65","A53","JT7","AK762","AK87","QT4","AK98","95","JT9","982","Q532","Q83","Q432","KJ76","64",'
                     '"JT4","1","N/-"')
DEALCONVERT_BHG_1 = "IJNWYdehnouvzABGHPRXabfgswDEFSTZcjlmptyCKLMOQUVikqrx"
DEALCONVERT_BER_1 = "2243332211444142423344121322311221434331134423112431"


def test_deal_convert_published_files() -> None:
    from conftest import CORPUS
    path = CORPUS / "pbn" / "dealconvert" / "test.pbn"
    if not path.is_file():
        pytest.skip("../shared/corpus is absent")
    boards = list(read_boards(str(path)))
    assert len(boards) == 16
    dlm, _ = write("dlm", boards)
    lines = dlm.decode().splitlines()
    for number, line in DEALCONVERT_DLM.items():
        assert line in lines
    # its header (Duplicates=1, boards 1-16, shown) checks with Big Deal's file checksum too
    theirs = dlm_file([DEALCONVERT_DLM[1], DEALCONVERT_DLM[2]], 1, 2).replace(b"Duplicates=0", b"Duplicates=1")
    theirs = theirs.replace(b"Checksum=2", b"Checksum=3")  # 1 ^ 1 ^ 2 ^ 1
    got = read("dlm", theirs)
    assert [b.problems for b in got] == [[], []]
    assert [b.deal for b in got] == [boards[0].deal, boards[1].deal]
    csv_data, _ = write("csv", boards)
    assert csv_data.decode().splitlines()[0] == DEALCONVERT_CSV_1
    bhg, _ = write("bhg", boards)
    assert bhg.decode().splitlines()[1] == DEALCONVERT_BHG_1
    ber, _ = write("ber", boards)
    assert ber[:52].decode() == DEALCONVERT_BER_1
    for fmt, data in (("csv", (DEALCONVERT_CSV_1 + "\r\n").encode()), ("bhg", f"\n{DEALCONVERT_BHG_1}\n".encode()),
                      ("ber", DEALCONVERT_BER_1.encode())):
        (b,) = read(fmt, data)
        assert b.deal == boards[0].deal and b.problems == [], fmt


def test_dup_as_deal_convert_writes_it() -> None:
    """Header in the first record only, NULs in the others, the count where
    convert.pdf has the highest board: boards 17-18 read as 17-18."""
    body = CONVERT_BRI + CONVERT_DGE.translate(CP437)
    data = (body + "YN17 0 2  ").encode("latin-1") + (body + "\0" * 10).encode("latin-1")
    boards = read("dup", data)
    assert [b.get("Board") for b in boards] == ["17", "18"] and all(b.problems == [] for b in boards)

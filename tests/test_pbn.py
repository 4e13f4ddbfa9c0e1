"""The PBN reader (every import-format feature, on small inline texts and the
files in samples/bad) and the export writer's layout."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from bridgekit.board import Board, Tag
from bridgekit.calls import PASS, Call
from bridgekit.cards import Card
from bridgekit.errors import FileFormatError
from bridgekit.formats import read_boards, write_boards
from bridgekit.formats.pbn import format_board, format_pbn, read_pbn, write_pbn
from bridgekit.seats import Seat, Vul

from conftest import SAMPLES

BAD = SAMPLES / "bad"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def one(text: str) -> Board:
    boards = list(read_pbn(text))
    assert len(boards) == 1, [b.tags for b in boards]
    return boards[0]


def codes(board: Board) -> list[str]:
    return [p.code for p in board.problems]


def again(board: Board) -> Board:
    """Write and read back."""
    return one(format_board(board) + "\n")


# -- tags ------------------------------------------------------------------------


def test_tags_any_order_several_on_a_line_and_escapes() -> None:
    b = one('[Deal "' + DEAL + '"] [Board "3"]\n[Event "The \\"Big\\" one \\\\ x"]  [Dealer "s"]\n')
    assert list(b.tags) == ["Deal", "Board", "Event", "Dealer"]
    assert b.get("Event") == 'The "Big" one \\ x'
    assert b.dealer is Seat.S and b.number == 3 and b.deal is not None
    assert b.tags["Board"].line == 1 and b.tags["Dealer"].line == 2
    assert codes(b) == []


def test_tag_spanning_lines() -> None:
    b = one('[Board "1"]\n [\n   Event\n       "use new lines"\n  ]\n[Site "x"]\n')
    assert b.get("Event") == "use new lines" and b.tags["Event"].line == 2
    assert b.get("Site") == "x" and codes(b) == []


def test_unknown_and_empty_values() -> None:
    b = one('[Board "1"]\n[Dealer "?"]\n[Declarer ""]\n[MyOwnTag "kept"]\n')
    assert b.dealer is None and b.get("Declarer") is None
    assert b.tags["MyOwnTag"].value == "kept"
    assert "[MyOwnTag \"kept\"]" in format_board(b)


def test_repeated_tag_is_ignored_except_note() -> None:
    b = one('[Board "1"]\n[Site "first"]\n[Site "second"]\n')
    assert b.get("Site") == "first"
    p = b.problems[0]
    assert (p.code, p.line, p.severity) == ("duplicate-tag", 3, "warning")


def test_missing_blank_line_between_games() -> None:
    text = f'[Event "a"]\n[Board "1"]\n[Deal "{DEAL}"]\n[Event "b"]\n[Board "2"]\n[Deal "{DEAL}"]\n'
    a, b = read_pbn(text)
    assert (a.get("Event"), b.get("Event")) == ("a", "b")
    assert codes(a) == ["missing-blank-line"] and codes(b) == []


def test_malformed_tags_are_problems_with_lines() -> None:
    b = one('[Board "1"]\n[Event]\n[Site "He said "hi""]\n[Date "ok"]\n')
    found = {(p.code, p.line) for p in b.problems}
    assert ("bad-tag", 2) in found and ("bad-tag", 3) in found
    assert b.get("Site") == 'He said "hi"' and b.get("Date") == "ok"


def test_lines_and_board_label_in_problems(tmp_path: Path) -> None:
    path = tmp_path / "x.pbn"
    path.write_text(f'[Event "e"]\n\n[Board "12"]\n[Dealer "Q"]\n[Deal "{DEAL}"]\n')
    boards = list(read_boards(str(path)))
    p = boards[1].problems[0]
    assert (p.file, p.line, p.board, p.code) == (str(path), 4, "12", "bad-value")
    assert str(p).startswith(f"{path}, line 4, board 12: bad-value: Dealer")


# -- inheritance -------------------------------------------------------------------


def test_hash_and_double_hash_inheritance() -> None:
    a, b, c = read_boards(str(BAD / "inheritance.pbn"))
    assert [x.get("Event") for x in (a, b, c)] == ["Spring pairs"] * 3
    assert [x.get("Site") for x in (a, b, c)] == ["Paris", "Paris", "Lille"]
    assert b.get("Date") == "2024.04.01" and c.get("Date") is None
    assert "bad-inheritance" in codes(c) and c.deal is None
    assert codes(a) == codes(b) == []


def test_hash_without_previous_value_is_empty() -> None:
    assert one('[Board "1"]\n[Event "#"]\n').tags["Event"].value == ""


def test_second_table_without_deal_inherits_it_with_a_warning() -> None:
    text = (f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1C AP\n\n'
            '[West "w2"]\n[Contract "1C"]\n[Auction "N"]\nPass 1C AP\n')
    first, second = read_pbn(text)
    assert second.deal == first.deal and second.vulnerable is Vul.NS and second.number == 5
    assert codes(second) == ["inherited-deal"] and second.problems[0].severity == "warning"


# -- values ---------------------------------------------------------------------


def test_vulnerable_spellings_file() -> None:
    vuls = [b.vulnerable for b in read_boards(str(BAD / "vulnerable_spellings.pbn"))]
    assert vuls == [Vul.NONE, Vul.NONE, Vul.ALL, Vul.NS, Vul.EW, Vul.NONE]


@pytest.mark.parametrize("first", ["N", "E", "S", "W", "e"])
def test_deal_from_any_seat(first: str) -> None:
    from bridgekit.deal import Deal
    deal = Deal.parse(DEAL)
    b = one(f'[Board "1"]\n[Deal "{deal.str_from(Seat.parse(first))}"]\n'.replace(first.upper() + ":", first + ":"))
    assert b.deal == deal and codes(b) == []


def test_deal_with_unknown_hands_and_end_positions() -> None:
    b = one('[Deal "N:AKQJ.T98.765.432 - - -"]\n')
    assert b.deal is not None and b.deal[Seat.E] is None and codes(b) == []
    end = one('[Deal "N:KQJT98765432... .KQJT98765432.. ..KQJT98765432. ...KQJT98765432"]\n[Contract "NT"]\n')
    # twelve cards each: an end position (PBN 3.10), named once as a warning (issue 26)
    assert [(p.code, p.severity) for p in end.problems] == [("end-position", "warning")]


@pytest.mark.parametrize("name,code", [("duplicate_card.pbn", "duplicate-card"), ("twelve_cards.pbn", "hand-size")])
def test_impossible_deals(name: str, code: str) -> None:
    first, second = read_boards(str(BAD / name))
    assert code in codes(first) and first.problems[0].line == 11 and first.problems[0].board == "1"
    assert codes(second) == []


def test_bad_values_are_problems() -> None:
    b = one('[Board "1"]\n[Dealer "X"]\n[Vulnerable "Nobody"]\n[Contract "8S"]\n[Result "C-2"]\n[Deal "N:AK"]\n')
    assert sorted(codes(b)) == ["bad-deal", "bad-value", "bad-value", "bad-value", "bad-value"]
    assert sorted(p.line for p in b.problems) == [2, 3, 4, 5, 6]


# -- comments and escapes ----------------------------------------------------------


def test_comments_kept_where_they_belong() -> None:
    b = one('{before}\n[Board "1"] ; after board\n[Event "e"]\n{multi\n\nline} [Site "s"]\n')
    assert b.comments == ["before"]
    assert b.tags["Board"].comments == [" after board"]
    assert b.tags["Event"].comments == ["multi\n\nline"]
    assert b.get("Site") == "s"
    c = again(b)
    assert c.canonical() == b.canonical()


def test_percent_lines() -> None:
    boards = list(read_pbn(f'% PBN 2.1\n% EXPORT\n%Creator: me\n[Board "1"]\n[Deal "{DEAL}"]\n%mid\n\n'
                           '[Board "2"]\n'))
    assert boards[0].escapes == ["%Creator: me", "%mid"]
    assert boards[0].escape_places == [("", 0), ("Deal", 0)]
    text = format_pbn(boards)
    assert text.startswith("% PBN 2.1\n% EXPORT\n%Creator: me\n[Event")
    assert f'[Deal "{DEAL}"]\n%mid\n[Scoring' in text  # where it was: after the Deal tag
    assert text.count("% PBN") == 1
    # a '%' line after a comment that opens a game belongs to that game, not the next
    first, second = read_pbn('{c}\n%x\n[Board "1"]\n\n[Board "2"]\n')
    assert (first.comments, first.escapes, second.escapes) == (["c"], ["%x"], [])


def test_unterminated_comment_does_not_swallow_the_file() -> None:
    boards = list(read_boards(str(BAD / "unterminated_comment.pbn")))
    assert [b.number for b in boards] == [1, 2, 3]
    p = boards[0].problems[0]
    assert (p.code, p.line) == ("unterminated-comment", 13)
    assert boards[0].tags["Scoring"].comments == [" This comment never ends"]


def test_blank_line_inside_brace_comment_does_not_end_the_game() -> None:
    b = one('[Board "1"]\n{ one\n\n two }\n[Site "s"]\n')
    assert b.get("Site") == "s"


# -- auction ----------------------------------------------------------------------


def test_auction_notes_suffixes_nags_and_ap() -> None:
    (b,) = read_boards(str(BAD / "notes.pbn"))
    rec = b.auction
    assert rec is not None and rec.first is Seat.N
    assert [str(c) for c in rec.call_list()] == "1C Pass 1H Pass 2NT Pass 4H Pass Pass Pass".split()
    assert rec.complete_marker and rec.ap_index == 7
    assert rec.calls[0].note == 1 and rec.notes == {1: "Could be short", 2: "18-19 balanced"}
    assert rec.calls[2].suffix == "!" and rec.calls[2].comments == [" a nice bid "]
    assert rec.calls[4].note == 2 and rec.calls[4].nags == [13]
    assert rec.calls[6].suffix == "?!"
    assert codes(b) == []


def test_auction_layout_in_export() -> None:
    (b,) = read_boards(str(BAD / "notes.pbn"))
    text = format_board(b)
    section = text.split('[Auction "N"]\n')[1].split("\n[Play")[0]
    assert section.splitlines() == [
        "1C =1= Pass 1H $1 { a nice bid }",
        "Pass 2NT =2= $13 Pass 4H $6",
        "AP",
        '[Note "1:Could be short"]',
        '[Note "2:18-19 balanced"]',
    ]


def test_auction_four_calls_a_line_from_dealer() -> None:
    b = one('[Dealer "W"]\n[Auction "W"]\n1C 1D 1H 1S 1NT 2C Pass Pass Pass\n')
    lines = format_board(b).split('[Auction "W"]\n')[1].splitlines()
    assert lines[:3] == ["1C 1D 1H 1S", "1NT 2C Pass Pass", "Pass"]


def test_hyphens_before_the_dealer() -> None:
    b = one('[Dealer "S"]\n[Auction "W"]\n- - - 1S\n')  # West column first, South deals... hyphens skip W N E
    assert b.auction is not None and b.auction.first is Seat.S
    assert b.auction.call_list() == [Call.parse("1S")]


def test_ap_before_any_bid_is_four_passes() -> None:
    b = one('[Auction "E"]\nAP\n')
    assert b.auction is not None and b.auction.call_list() == [PASS] * 4


def test_incomplete_auction_and_continue_marks() -> None:
    assert one('[Auction "N"]\n1C Pass *\n').auction.incomplete_marker  # type: ignore[union-attr]
    assert one('[Auction "N"]\n1C Pass +\n').auction.continue_marker  # type: ignore[union-attr]


def test_irregularities_in_the_auction() -> None:
    b = one('[Dealer "W"]\n[Auction "W"]\n1D ^S ^I 1C Pass\n')
    rec = b.auction
    assert rec is not None and rec.skipped == [1] and rec.calls[1].flag == "^I"
    assert again(b).canonical() == b.canonical()
    assert "^S ^I 1C" in format_board(b)


def test_bad_calls_are_recorded_and_reading_goes_on() -> None:
    first, second = read_boards(str(BAD / "bad_calls.pbn"))
    # the first token that is not a call ends the calls: the rest ("NT" is not
    # a pass either) is kept as written, never turned into a believable auction
    assert [(p.code, p.line, p.call_index) for p in first.problems] == [("bad-call", 14, 1)]
    assert "'1Z'" in first.problems[0].message
    assert len(first.auction.calls) == 1  # type: ignore[union-attr]
    assert first.auction.unread == ["1Z Pass 1NT", "NT Pass Pass Pass"]  # type: ignore[union-attr]
    assert [(p.code, p.line) for p in second.problems] == [("bad-card", 30)]


def test_glued_star_is_an_alert_mark_when_calls_follow() -> None:
    b = one('[Auction "N"]\n1H P 3N P\n4C* P 4H P\nP P\n')
    rec = b.auction
    assert rec is not None and len(rec.calls) == 10 and not rec.incomplete_marker
    assert rec.calls[4].note is not None and rec.notes[rec.calls[4].note] == "alert"
    assert codes(b) == ["nonstandard-call", "alert-mark"]   # 3N: PBN spells 3NT
    assert one('[Auction "N"]\n1H Pass 3NT*\n').auction.incomplete_marker  # type: ignore[union-attr]


def test_lower_case_everywhere() -> None:
    b = one('[dealer "n"]\n[Dealer "n"]\n[Vulnerable "both"]\n[Contract "3nt"]\n[Auction "n"]\n'
            '1nt pass 3nt ap\n[Play "e"]\nsa s2 s3 s4\n')
    assert b.dealer is Seat.N and b.vulnerable is Vul.ALL
    assert b.auction is not None and str(b.auction.calls[2].call) == "3NT"
    assert b.play is not None and b.play.tricks[0][0].card == Card.parse("SA")  # type: ignore[union-attr]


# -- play ---------------------------------------------------------------------------


def test_play_columns_notes_and_claim() -> None:
    (b,) = read_boards(str(BAD / "notes.pbn"))
    play = b.play
    assert play is not None and play.leader is Seat.W and play.incomplete_marker
    assert [[str(e.card) for e in row if e is not None] for row in play.tricks] == [
        ["S2", "SA", "S8", "S5"], ["HA", "HT", "H7", "H2"]]
    assert play.tricks[0][0].note == 1 and play.notes == {1: "Fourth best"}  # type: ignore[union-attr]
    assert play.tricks[1][3].comments == [" ducked?"]  # type: ignore[union-attr]
    order = [(s.name, str(c)) for s, c, _ in play.played_order(b.contract.strain if b.contract else None)]
    assert order[:5] == [("W", "S2"), ("N", "SA"), ("E", "S8"), ("S", "S5"), ("N", "HT")]


def test_play_layout_in_export() -> None:
    (b,) = read_boards(str(BAD / "claim.pbn"))
    section = format_board(b).split('[Play "W"]\n')[1].splitlines()
    assert section[:3] == ["S2 SA S8 S5", "HA HT H7 H2", "*"]


def test_play_unknown_cards_irregularities_and_empty_play() -> None:
    b = one('[Play "W"]\nS2 ^R H6 -- -\n+ - - CQ\n')
    play = b.play
    assert play is not None and play.tricks[0][1].flag == "^R"  # type: ignore[union-attr]
    assert play.tricks[0][2].card is None and play.tricks[1][0].flag == "+"  # type: ignore[union-attr]
    assert again(b).canonical() == b.canonical()
    empty = one('[Contract "Pass"]\n[Play ""]\n')
    assert empty.play is None and '[Play ""]' in format_board(empty) and codes(empty) == []


# -- tables ---------------------------------------------------------------------------


def test_tables_with_quoted_cells_and_widths() -> None:
    b = one('[Board "1"]\n[ScoreTable "Rank\\2R;Names\\20L;Score\\4R"]\n'
            ' 1 "Ann Lee - Bo Ma" "50"\n 2 "X \\"Y\\"" 4\n3\n"Z" 1\n[Event "e"]\n')
    t = b.tables["ScoreTable"]
    assert t.column_names() == ["Rank", "Names", "Score"]
    assert t.rows == [["1", "Ann Lee - Bo Ma", "50"], ["2", 'X "Y"', "4"], ["3", "Z", "1"]]
    assert t.records()[1]["Names"] == 'X "Y"'
    text = format_board(b)
    assert ' 1 "Ann Lee - Bo Ma"      50' in text
    assert again(b).canonical() == b.canonical()


def test_table_rows_not_filling_columns_warn() -> None:
    b = one('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 7\nN S\n')
    assert codes(b) == ["bad-table"] and b.tables["OptimumResultTable"].rows[-1] == ["N", "S"]


# -- encodings and line ends --------------------------------------------------------------


@pytest.mark.parametrize("name,event,line", [("bom_crlf.pbn", "Coupe de Noël", 13),
                                             ("latin1.pbn", "Soirée à Genève", 11),
                                             ("cp1250.pbn", "Turniej w Łodzi: Świętokrzyski", 11),
                                             ("crlf.pbn", "Club night", 11)])
def test_encodings_and_line_ends(name: str, event: str, line: int) -> None:
    boards = list(read_boards(str(BAD / name)))
    assert boards[0].get("Event") == event
    assert all(codes(b) == [] for b in boards)
    assert boards[0].tags["Deal"].line == line


def test_cr_only_line_ends() -> None:
    boards = list(read_pbn(f'[Board "1"]\r[Deal "{DEAL}"]\r\r[Board "2"]\r'.encode()))
    assert [b.number for b in boards] == [1, 2] and boards[0].tags["Deal"].line == 2


def test_streams_and_bytes() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n'
    for source in (io.StringIO(text), io.BytesIO(text.encode()), text.encode()):
        assert [b.number for b in read_pbn(source)] == [1]  # type: ignore[arg-type]


def test_truncated_file() -> None:
    first, second = read_boards(str(BAD / "truncated.pbn"))
    assert codes(first) == []
    p = second.problems[-1]
    assert (p.code, p.line, p.board) == ("truncated", 22, "2") and second.deal is None


def test_reader_streams_one_board_at_a_time() -> None:
    def lines():  # an endless file: reading the first boards must not need the rest
        n = 0
        while True:
            n += 1
            yield f'[Board "{n}"]\n[Deal "{DEAL}"]\n\n'
    from itertools import islice

    class Endless(io.TextIOBase):
        def __init__(self) -> None:
            self.it = lines()

        def __iter__(self):  # type: ignore[no-untyped-def]
            for chunk in self.it:
                yield from chunk.splitlines(keepends=True)
    got = [b.number for b in islice(read_pbn(Endless()), 3)]
    assert got == [1, 2, 3]


# -- whole-file errors --------------------------------------------------------------------


def test_unreadable_inputs(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(b"")
    binary = tmp_path / "bin.pbn"
    binary.write_bytes(b"[Event \x00\x01\x02]")
    blank = tmp_path / "blank.pbn"
    blank.write_text("\n  \n")
    stray = tmp_path / "stray.pbn"
    stray.write_text("% PBN 2.1\nhello\n")
    cases = {str(tmp_path / "missing.pbn"): "no such file", str(tmp_path): "directory", str(empty): "empty",
             str(binary): "binary", str(blank): "empty", str(stray): "no PBN game"}
    for path, words in cases.items():
        with pytest.raises(FileFormatError) as info:
            list(read_boards(path))
        assert words in str(info.value) and info.value.file == path


def test_format_sniffing(tmp_path: Path) -> None:
    p = tmp_path / "deals.txt"
    p.write_text(f'% hi\n[Board "1"]\n[Deal "{DEAL}"]\n')
    assert [b.number for b in read_boards(str(p))] == [1]
    q = tmp_path / "junk.dat"
    q.write_text("hello\n")
    with pytest.raises(FileFormatError, match="unknown file format"):
        list(read_boards(str(q)))


# -- writer -------------------------------------------------------------------------------


def test_export_header_mandatory_tags_and_order() -> None:
    b = one(f'[Zeta "z"]\n[Deal "{DEAL}"]\n[Dealer "e"]\n[Vulnerable "Love"]\n[Alpha "a"]\n[Board "2"]\n')
    text = format_pbn([b, b])
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    names = [ln.split()[0][1:] for ln in lines[2:19]]
    assert names == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                     "Deal", "Scoring", "Declarer", "Contract", "Result", "Alpha", "Zeta"]
    assert '[Event "?"]' in lines and '[Vulnerable "None"]' in lines and '[Dealer "E"]' in lines
    assert '[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]' in lines
    assert lines[19] == "" and lines[20] == '[Event "?"]'  # one empty line between games
    assert "None\"]" not in text.replace('[Vulnerable "None"]', "")


def test_write_pbn_uses_crlf_and_never_tabs() -> None:
    b = one('[Event "a\tb"]\n')
    buf = io.StringIO(newline="")
    assert write_pbn([b], buf) == 1
    out = buf.getvalue()
    assert "\r\n" in out and "\t" not in out and out.count("\n") == out.count("\r\n")


def test_escapes_round_trip() -> None:
    for value in ['a "b" c', "back\\slash", "ends with \\", 'Denomination\\2R', '\\"', "x\\\\y"]:
        b = Board()
        b.set("Event", value)
        assert one(format_board(b)).get("Event") == value, value


def test_result_written_as_declarers_tricks() -> None:
    b = one('[Declarer "E"]\n[Contract "4S"]\n[Result "NS 3"]\n')
    assert b.result == 10
    assert '[Result "10"]' in format_board(b)


def test_write_boards_atomic(tmp_path: Path) -> None:
    boards = list(read_boards(str(BAD / "crlf.pbn")))
    out = tmp_path / "out.pbn"
    assert write_boards(boards, str(out)) == 2
    assert [b.canonical() for b in read_boards(str(out))] == [b.canonical() for b in boards]
    assert [p.name for p in tmp_path.iterdir()] == ["out.pbn"]


@pytest.mark.parametrize("path", sorted(BAD.glob("*.pbn")), ids=lambda p: p.name)
def test_samples_round_trip(path: Path) -> None:
    boards = list(read_boards(str(path)))
    back = list(read_pbn(format_pbn(boards)))
    assert [b.canonical() for b in back] == [b.canonical() for b in boards]
    before = {p.code for b in boards for p in b.problems if p.severity == "error"}
    after = {p.code for b in back for p in b.problems if p.severity == "error"}
    assert after <= before
    assert os.path.getsize(path) > 0


def test_comment_holding_tag_lines_is_flagged() -> None:
    b = one('[Board "1"]\n{PAR 5S\n[South "x"]\n[Contract "5CX"]\n{PAR again}\n[Site "s"]\n')
    assert b.get("South") is None and b.get("Site") == "s"  # the standard's reading: all of it is comment
    p = b.problems[0]
    assert (p.code, p.line, p.severity) == ("comment-swallows-tags", 2, "warning")
    assert "2 tag lines" in p.message


def test_readme_library_example_runs(tmp_path: Path) -> None:
    section = (SAMPLES.parent / "docs" / "library.md").read_text(encoding="utf-8")
    code = section.split("```python\n", 1)[1].split("```", 1)[0].replace("/tmp/canonical.pbn",
                                                                         str(tmp_path / "c.pbn"))
    out = io.StringIO()
    import contextlib
    cwd = os.getcwd()
    os.chdir(SAMPLES.parent)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "docs/library.md", "exec"), {})
    finally:
        os.chdir(cwd)
    lines = out.getvalue().splitlines()
    assert lines[0] == "1 N None 4H 10"
    assert lines[1].startswith("1C Pass 1H Pass 2NT Pass 4H Pass Pass Pass {1: 'Could be short'")
    assert lines[-1] == '[Vulnerable "None"]'
    assert len(list(read_boards(str(tmp_path / "c.pbn")))) == 6


def test_reader_boards_are_plain_boards_parsed_once() -> None:
    from bridgekit.board import AuctionRecord, CallEntry
    board, = read_pbn('[Board "1"]\n[Auction "E"]\n1C Pass\n', "f.pbn")
    auction = board.auction
    assert board.auction is auction and board.materialize() is board  # parsed once, on first use
    tags = {name: Tag(name, tag.value, tag.line) for name, tag in board.tags.items()}
    plain = Board(tags=tags, auction=AuctionRecord(Seat.E, [CallEntry(Call.parse("1C"), 3), CallEntry(PASS, 3)],
                                                   line=2), file="f.pbn", line=1)
    assert board == plain
    deferred, empty = Board.deferred(lambda board: None, "f.pbn", 3), Board(file="f.pbn", line=3)
    assert deferred.materialize() == empty and deferred.__dict__ == {**empty.__dict__, "_loader": None}


def test_stdin_is_streamed_and_sniffed(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    data = (BAD / "crlf.pbn").read_bytes()
    fake = io.TextIOWrapper(io.BufferedReader(io.BytesIO(data)))
    monkeypatch.setattr(sys, "stdin", fake)
    boards = list(read_boards("-"))
    assert [b.number for b in boards] == [1, 2] and boards[0].file == "<stdin>"


def test_no_tabs_in_export_even_in_comments() -> None:
    b = one('[Board "1"]\t{a\tb}\n[Auction "N"]\n1C\t{x\ty} Pass\n')
    text = format_board(b)
    assert "\t" not in text and "{a b}" in text and "{x y}" in text
    assert again(b).canonical() == b.canonical()


def test_write_boards_keeps_permissions(tmp_path: Path) -> None:
    boards = list(read_boards(str(BAD / "crlf.pbn")))
    out = tmp_path / "in-place.pbn"
    out.write_text("old")
    os.chmod(out, 0o640)
    write_boards(boards, str(out))
    assert (os.stat(out).st_mode & 0o777) == 0o640
    fresh = tmp_path / "fresh.pbn"
    write_boards(boards, str(fresh))
    assert os.stat(fresh).st_mode & 0o444 == 0o444 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_writer_never_writes_python_none() -> None:
    b = Board()
    b.tags["Event"] = Tag("Event", None)  # type: ignore[arg-type]
    b.tags["Foo"] = Tag("Foo", None)  # type: ignore[arg-type]
    text = format_board(b)
    assert "None" not in text and '[Event "?"]' in text and '[Foo "?"]' in text


def test_problems_sorted_by_line_and_inherited_tags_located() -> None:
    b = one('[Board "1"]\n[Deal "N:AK"]\n[Dealer "Q"]\n[Auction "N"]\n1Z\n[Site "a"]\n[Site "b"]\n')
    assert [(p.code, p.line) for p in b.problems] == [("bad-deal", 2), ("bad-value", 3), ("bad-call", 5),
                                                      ("duplicate-tag", 7)]
    text = ('[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "N:AKQ.T98.765.432 - - -"]\n\n'
            '[West "w2"]\n[Contract "1C"]\n[Result "7"]\n')
    _first, second = read_pbn(text)
    assert codes(second) == ["inherited-deal", "end-position"]   # North's 12 cards, the others unknown
    bad = ('[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "N:AKQ.T98.765.432 A - -"]\n\n'
           '[West "w2"]\n[Contract "1C"]\n[Result "7"]\n')
    _first, second = read_pbn(bad)
    assert all(p.line == 6 for p in second.problems) and "bad-deal" in codes(second)


def test_trailing_text_after_the_last_game_is_reported() -> None:
    boards = list(read_pbn(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Deal "N:AKQ'))
    assert len(boards) == 1 and [(p.code, p.line, p.board) for p in boards[0].problems] == [("truncated", 4, "1")]
    with pytest.raises(FileFormatError) as info:
        list(read_pbn('[Deal "N:AKQ'))
    assert "truncated" in str(info.value) and info.value.line == 1


def test_writer_deal_value_matches_the_model_for_any_spelling() -> None:
    # the writer skips parsing a Deal already in canonical form: whatever the
    # spelling read, the value written is the parsed deal from the dealer
    import random

    from bridgekit.deal import Deal
    rng = random.Random(12)
    for i in range(60):
        deal = Deal.random(rng)
        dealer = Seat(i % 4)
        first = Seat(rng.randrange(4))  # written from another seat: rotated on output
        text = deal.str_from(first)
        if i % 3 == 1:  # ranks out of order: sorted on output
            text = text[:2] + " ".join(".".join(s[::-1] for s in h.split(".")) for h in text[2:].split())
        elif i % 3 == 2:
            text = text.lower()
        b = one(f'[Board "{i + 1}"]\n[Dealer "{dealer.name}"]\n[Deal "{text}"]\n')
        written = one(format_board(b)).tags["Deal"].value
        assert written == deal.str_from(dealer), (text, written)


def test_the_parsed_fields_are_fields_of_the_dataclass() -> None:
    """The sections the reader parses on first use are declared fields
    (``Parsed`` descriptors), not properties installed after the class:
    ``dataclasses.fields`` lists them, ``Board()`` gives each board its own
    empty containers, and a deferred board's loader runs once, on the first
    access of any of them."""
    import dataclasses
    from bridgekit.board import Parsed
    parsed = {f.name for f in dataclasses.fields(Board) if isinstance(Board.__dict__.get(f.name), Parsed)}
    assert parsed == {"auction", "play", "tables", "problems", "notes", "escape_places"}
    a, b = Board(), Board()
    a.problems.append("x")  # type: ignore[arg-type]
    assert b.problems == [] and a.tables is not b.tables and a.auction is None
    calls: list[int] = []
    for name in sorted(parsed):
        board = Board.deferred(lambda board: calls.append(1), "f.pbn", 1)
        getattr(board, name)
        getattr(board, name)
    assert len(calls) == len(parsed)

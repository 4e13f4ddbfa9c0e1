"""Every real-world PBN file of ../shared/corpus (read in place): it loads
without an exception, every problem is located, and a write/read round trip
gives the same boards."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgekit.formats import read_boards
from bridgekit.formats.pbn import format_pbn, read_pbn

from conftest import CORPUS, corpus_files, needs_corpus

PBN_FILES = corpus_files("pbn")
#: Corpus files with no game at all (a header only): valid, zero boards.
NO_GAME = {"empty.pbn"}

pytestmark = needs_corpus


def load(path: Path) -> list:  # type: ignore[type-arg]
    return list(read_boards(str(path)))


def test_the_corpus_is_there() -> None:
    assert len(PBN_FILES) >= 70


@pytest.mark.parametrize("path", PBN_FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_corpus_file_loads_and_round_trips(path: Path) -> None:
    if path.name in NO_GAME:
        assert load(path) == []  # PBN 2.1: zero or more games
        return
    boards = load(path)
    assert boards
    for board in boards:
        assert board.file == str(path) and board.line is not None
        for p in board.problems:
            assert p.file == str(path) and p.line is not None and p.line >= 1, str(p)
    back = list(read_pbn(format_pbn(boards), "again"))
    assert len(back) == len(boards)
    for a, b in zip(boards, back):
        assert b.canonical() == a.canonical(), f"{path}: board at line {a.line}"
    # writing is stable and adds no new kind of error
    assert format_pbn(back) == format_pbn(boards)
    before = {p.code for b in boards for p in b.problems if p.severity == "error"}
    after = {p.code for b in back for p in b.problems if p.severity == "error"}
    assert after <= before


def corpus(rel: str) -> Path:
    return CORPUS / "pbn" / rel


def test_eight_bit_club_files_decode() -> None:
    assert any("Chorzów" in (b.get("Event") or "") for b in load(corpus("pbntools/sm0807.pbn")))
    (first, *_rest) = load(corpus("zdenecek/bridgecomposer.pbn"))
    assert '%HRTitleEvent "2. párový turnaj BKP 19. 10. 2022"' in first.escapes
    notes = [n for b in load(corpus("pbntools/acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"))
             if b.auction is not None for n in b.auction.notes.values()]
    assert "minörs" in notes  # one latin-1 byte in a UTF-8-looking file


def test_bom_file() -> None:
    boards = load(corpus("bcdd/test1.bcdd.pbn"))
    assert len(boards) == 396 and boards[0].tables["OptimumResultTable"].rows[0] == ["N", "C", "7"]


def test_score_tables_are_keyed_by_column() -> None:
    boards = load(corpus("pbnjs/ruter71.pbn"))
    table = next(b.tables["TotalScoreTable"] for b in boards if "TotalScoreTable" in b.tables)
    first = table.records()[0]
    assert first["Names"] == "Magne Tønnessen - Dagfinn Iversen" and first["Direction"] == "N-S"


def test_second_tables_get_their_deal() -> None:
    boards = load(corpus("endplay/example3.pbn"))
    assert len(boards) == 7632
    assert all(b.deal is not None and b.vulnerable is not None for b in boards)
    assert sum(1 for b in boards if any(p.code == "inherited-deal" for p in b.problems)) == 3816
    redoubled = [b for b in boards if b.get("Contract") == "3NR"]
    assert redoubled and str(redoubled[0].contract) == "3NTXX"


def test_end_position_with_twelve_cards_is_one_warning_naming_it() -> None:
    (board,) = load(corpus("dds/12_cards.pbn"))
    assert [(p.code, p.severity) for p in board.problems] == [("end-position", "warning")] and board.deal is not None
    assert "end position of 12 cards a hand" in board.problems[0].message


def test_reference_error_file_finds_its_errors() -> None:
    codes = {p.code for b in load(corpus("pbnref/errors_10.pbn")) for p in b.problems}
    assert {"bad-tag", "bad-value", "bad-deal", "duplicate-card", "hand-size", "bad-call", "bad-card",
            "bad-inheritance"} <= codes


def test_reference_correct_files_have_no_errors() -> None:
    for name in ("pbnref/correct_20.pbn", "pbnref/correct_21.pbn"):
        errors = [str(p) for b in load(corpus(name)) for p in b.problems if p.severity == "error"]
        assert errors == [], name
    boards = load(corpus("pbnref/correct_21.pbn"))
    assert boards[1].get("Result") == "NS 11" and boards[1].declarer is not None
    assert boards[1].result == (11 if boards[1].declarer.side.value == "NS" else 2)

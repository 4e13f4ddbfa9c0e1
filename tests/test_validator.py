"""``bridgekit check`` as a PBN 2.1 validator (issue 18).

The PBN standard's author published test files for his PBN Verifier:
``pbnref/errors_10.pbn``, ``errors_20.pbn`` and ``errors_21.pbn`` hold games
that each carry a deliberate error, announced in a ``%`` comment in the game,
and ``correct_*.pbn`` hold correct games.  Each error game must get a problem
on a line inside it, with the code written below from its comment; the
correct files must give no error.  The games are found by the files' own
``% ==== game N ====`` markers, so a problem is counted for the game whose
lines hold it.

Small hand-written cases for each rule follow; they run without ../shared.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.board import Board
from bridgekit.check import check_board
from bridgekit.cli import cli
from bridgekit.formats import read_boards
from bridgekit.formats.pbn import read_pbn
from bridgekit.tagsyntax import history_vulnerability, parse_rubber_history, tag_problems

from conftest import CORPUS, needs_corpus

REF = CORPUS / "pbn" / "pbnref"

#: game -> the code that names its announced error (None: no error expected,
#: for the reason given beside it).
ERRORS_10: dict[int, str | None] = {
    # "New tag name": [Wrong "Unknown tag"] is a well-formed name (3.3: an upper-case letter, then letters,
    # digits, '_'), and 4.9 allows new tags, a reader skipping them "and perhaps showing a warning": a warning
    1: "unknown-tag",
    2: "bad-tag", 3: "bad-tag", 4: "bad-character",   # no value, no quotes, a tab in a string
    5: "bad-round", 6: "bad-round", 7: "bad-date", 8: "bad-date",
    9: "bad-value",                                     # Dealer "Black"
    10: "bad-vulnerable", 11: "bad-deal", 12: "duplicate-card", 13: "hand-size",
    14: "hand-size", 15: "hand-size", 16: "bad-deal", 17: "hand-size", 18: "bad-deal",
    19: "bad-value", 20: "bad-value", 21: "bad-value", 22: "bad-value",  # Declarer, Contract, Result
    23: "bad-token", 24: "missing-dealer", 25: "missing-deal", 26: "missing-declarer",
    27: "missing-contract", 28: "duplicate-tag", 29: "dealer-mismatch", 30: "bad-call",
    31: "nonstandard-call",   # "Bad trump" 1N: read as 1NT (LIN and BBO write it), PBN spells NT: a warning
    32: "insufficient-bid", 33: "double-own-side", 34: "redouble-own-double", 35: "bad-call",
    36: "declarer-mismatch", 37: "declarer-mismatch", 38: "declarer-mismatch",
    39: "contract-mismatch", 40: "contract-mismatch", 41: "contract-mismatch",
    42: "contract-mismatch", 43: "contract-mismatch", 44: "revoke", 45: "bad-card",
    46: "bad-card", 47: "missing-note", 48: "bad-card", 49: "revoke-mark", 50: "lead-out-of-turn",
    51: "revoke-mark", 52: "revoke-mark", 53: "revoke-mark",
    54: "result-without-contract", 55: "result-without-contract",
    56: "bad-note", 57: "missing-note", 58: "insufficient-mark", 59: "bad-value",
    60: "claim-impossible",
    # Result 13 after six tricks all won by declarer's side: seven remain, but West holds the A of
    # hearts, the highest trump left, which wins a trick whatever is played (the "% Bad result" line
    # ends game 60's block and announces this game, as each comment precedes its game)
    61: "claim-impossible",
    62: "bad-inheritance", 63: "bad-score", 64: "bad-score", 65: "bad-score", 66: "bad-score",
    67: "bad-score", 68: "line-too-long", 69: "bad-character", 70: "bad-scoring",
    71: "export-format", 72: "bad-note", 73: "bad-card", 74: "bad-tag",
}
ERRORS_20: dict[int, str | None] = {
    1: "bad-scoring", 2: "bad-scoring",
    3: "rubber-history-vulnerable", 4: "rubber-history-vulnerable",
    5: "rubber-history-vulnerable", 6: "rubber-history-vulnerable",
    7: "continuation-mark", 8: "continuation-mark", 9: "continuation-mark",
    10: "continuation-mark", 11: "continuation-mark",
    12: "bad-table", 13: "bad-tag", 14: "bad-table", 15: "bad-table", 16: "bad-table",
    17: "bad-table", 18: "bad-table", 19: "bad-table",
    # "1  }": PBN 3.8 makes this '}' the end of the comment game 19's "1  {" opened, so the game's
    # [ActionTable] line was read as comment; said where it ends (a warning: the syntax is valid)
    20: "comment-swallows-tags",
    21: "bad-table",
    # the TotalScoreTable's "-Percentage" says lowest first (PBN 5.2) but its values go 72.49, 70.38,
    # 70.20 (the ScoreTable's +/- columns are in order, its Multiplicity\2L a valid width); game 23 inherits
    # both tables with "#" (4.8 allows it for tables), and with them the same error
    22: "bad-table", 23: "bad-table",
}
ERRORS_21: dict[int, str | None] = {1: "bad-score", 2: "bad-score"}

#: Warnings the correct files give, each for a reason the file states itself.
CORRECT_WARNINGS = {
    # irregularities the file marks with ^ (PBN 3.9): reported, as warnings
    "call-out-of-rotation", "insufficient-bid", "revoke", "lead-out-of-turn",
    "declarer-mismatch", "claim-impossible",
    # Mode "EMB" is not one of the standard's example values (4.7.4)
    "unusual-value",
    # import format: an auction without a Contract tag (3.4 makes it mandatory only in export)
    "missing-contract",
    # an end position (3.10): the standard's own form, named once a board as
    # issue 26 asks (a warning, never an error)
    "end-position",
}


def _games(path: Path) -> tuple[list[int], dict[int, list]]:
    """The first line of each ``% ==== game N`` block, and the problems
    found on the lines of each block."""
    lines = path.read_text(encoding="latin-1").splitlines()
    starts = [i + 1 for i, line in enumerate(lines) if re.match(r"%\s*=+ game", line)]
    ends = starts[1:] + [len(lines) + 1]
    found: dict[int, list] = {g: [] for g in range(1, len(starts) + 1)}
    for board in read_boards(str(path)):
        for p in check_board(board):
            if p.line is None:
                continue
            g = sum(1 for s in starts if s <= p.line)
            if g and p.line < ends[g - 1]:
                found[g].append(p)
    return starts, found


@needs_corpus
@pytest.mark.corpus
@pytest.mark.parametrize("name, expected", [
    ("errors_10.pbn", ERRORS_10), ("errors_20.pbn", ERRORS_20), ("errors_21.pbn", ERRORS_21)])
def test_every_deliberate_error_is_found_in_its_game(name: str, expected: dict[int, str | None]) -> None:
    assert len(ERRORS_10) + len(ERRORS_20) + len(ERRORS_21) == 99
    assert None not in (*ERRORS_10.values(), *ERRORS_20.values(), *ERRORS_21.values())  # every game flagged
    starts, found = _games(REF / name)
    assert len(starts) == len(expected)
    missed = {g: sorted({p.code for p in found[g]}) for g, code in expected.items()
              if code is not None and code not in {p.code for p in found[g]}}
    assert missed == {}
    wrongly = {g: [str(p) for p in found[g] if p.severity == "error"]
               for g, code in expected.items() if code is None}
    assert all(not v for v in wrongly.values()), wrongly


@needs_corpus
@pytest.mark.corpus
@pytest.mark.parametrize("name", ["correct_10.pbn", "correct_20.pbn", "correct_21.pbn"])
def test_the_correct_files_give_no_error(name: str) -> None:
    problems = [p for b in read_boards(str(REF / name)) for p in check_board(b)]
    assert [str(p) for p in problems if p.severity == "error"] == []
    assert {p.code for p in problems} <= CORRECT_WARNINGS


# -- hand-written cases --------------------------------------------------------

def problems_of(text: str, strict: bool = False) -> list:
    return [p for b in read_pbn(text) for p in check_board(b, strict)]


def codes(text: str) -> set[str]:
    return {p.code for p in problems_of(text)}


GOOD = """[Event "Club"]
[Site "Here"]
[Date "2026.11.30"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
"""


def with_tag(tag: str, value: str) -> str:
    """GOOD with ``tag`` set to ``value`` (replacing its own, if it has one)."""
    kept = [line for line in GOOD.splitlines() if not line.startswith(f"[{tag} ")]
    return "\n".join(kept) + f'\n[{tag} "{value}"]\n'


@pytest.mark.parametrize("tag, value, code", [
    ("Date", "95.06.10", "bad-date"), ("Date", "2026.13.01", "bad-date"),
    ("Date", "2026-11-30", "nonstandard-date"), ("EventDate", "1995.o6.10", "bad-date"),
    ("Time", "25:00:00", "bad-time"), ("UTCTime", "12.00.00", "bad-time"),
    ("Board", "0", "bad-board-number"), ("Board", "Example 1", "board-label"), ("Board", "-3", "bad-board-number"),
    ("Round", "-1", "bad-round"), ("Round", "&", "bad-round"),
    ("Scoring", ";", "bad-scoring"), ("Scoring", "IMP;Facit", "unknown-scoring"),
    ("Score", "10.a", "bad-score"), ("ScoreIMP", "10.-10", "bad-score"),
    ("ScorePercentage", "-10", "bad-score"), ("ScorePercentage", "101", "bad-score"),
    ("ScoreRubber", "10. 10", "bad-score"), ("OptimumScore", "100", "bad-score"),
    ("OptimumScore", "EW", "bad-score"), ("Room", "Lounge", "bad-room"),
    ("FrenchMP", "Maybe", "bad-frenchmp"), ("Hidden", "NN", "bad-hidden"),
    ("DoubleDummyTricks", "12345", "bad-dd-tricks"), ("TimeControl", "30", "bad-time-control"),
    ("TimeCall", "ten", "bad-number"), ("Mode", "Zoom", "unusual-value"),
    ("ScoreRubberHistory", "NS 0 / 0", "bad-rubber-history"),
    ("Event", "tab\there", "bad-character"),
])
def test_a_bad_tag_value_gets_its_code(tag: str, value: str, code: str) -> None:
    assert code in codes(with_tag(tag, value))


def test_a_board_number_of_any_length_is_judged_without_int() -> None:
    # int() refuses 4,301 digits and more (a traceback in check before): digits are judged as text
    assert "line-too-long" in codes(with_tag("Board", "9" * 5000))
    for value, found in (("9" * 5000, []), ("0" * 5000, ["bad-board-number"]), ("0012", [])):
        board = Board()
        board.set("Board", value)
        assert [code for code, *_ in tag_problems(board)] == found


@pytest.mark.parametrize("tag, value", [
    ("Date", "1995.06.??"), ("Date", "????.??.??"), ("Time", "20:15:??"), ("Board", "12"),
    ("Round", "Final.2_b"), ("Scoring", "IMP;Butler-2;Mean"), ("Score", "NS 620"),
    ("Score", "EW -100 NS 100"), ("ScoreIMP", "-3.5"), ("ScorePercentage", "EW 50. NS 50.0"),
    ("ScoreRubber", "EW 300/40 NS 50 / 70"), ("OptimumScore", "NS -420"), ("Room", "Closed"),
    ("Hidden", "EW"), ("DoubleDummyTricks", "a9879b5a4d65768897a9"), ("TimeControl", "4/30"),
    ("ScoreRubberHistory", "NS 0 0/0 EW 0 0/0"), ("Vulnerable", "both"),
])
def test_a_good_tag_value_is_quiet(tag: str, value: str) -> None:
    assert problems_of(with_tag(tag, value)) == []


def test_rubber_history_and_vulnerability() -> None:
    # N-S won the first game (100 below the line in game 1), game 2 is on
    ns, ew = parse_rubber_history("NS 0 0 / 100 0 EW 0 0 / 0 0") or ([], [])
    assert (ns, ew) == ([100, 0], [0, 0])
    assert str(history_vulnerability(ns, ew)) == "NS"
    text = GOOD.replace('"None"', '"All"') + '[ScoreRubberHistory "NS 0 0 / 100 0 EW 0 0 / 0 0"]\n'
    assert "rubber-history-vulnerable" in codes(text)
    assert "rubber-history-vulnerable" not in codes(text.replace('"All"', '"NS"'))


PLAYED = GOOD + """[Declarer "S"]
[Contract "1NT"]
[Auction "N"]
Pass Pass 1NT Pass
Pass Pass
[Play "W"]
"""


def test_marks_on_regular_calls_and_cards() -> None:
    # ^R on a card that follows suit, ^I on a sufficient bid
    # West leads, then North (dummy), East, South: the columns are W N E S
    assert "revoke-mark" in codes(PLAYED + "S2 ^R SA ST S3\n*\n")
    assert codes(PLAYED + "S2 SA ST S3\n*\n") == set()
    text = PLAYED.replace("Pass Pass 1NT Pass", "Pass Pass ^I 1NT Pass")
    assert "insufficient-mark" in codes(text)


def test_continuation_marks() -> None:
    # columns W N E S; '+' stands for the next card to play
    assert "continuation-mark" not in codes(PLAYED + "S2 SA ST +\n")
    assert "continuation-mark" in codes(PLAYED + "S2 SA + +\n")        # two '+'
    assert "continuation-mark" in codes(PLAYED + "S2 + ST S3\n")       # a card after '+'
    auction = GOOD + '[Auction "N"]\nPass Pass + Pass\n'
    assert "continuation-mark" in codes(auction)                      # a call after '+'


def test_notes() -> None:
    text = GOOD + '[Auction "N"]\n1C =1= Pass =2= Pass Pass\n[Note "1:Precision"]\n[Note "33:too high"]\n'
    found = {p.code: p for p in problems_of(text)}
    assert "missing-note" in found and "=2=" in found["missing-note"].message
    assert found["missing-note"].call_index == 1
    assert "bad-note" in found
    quiet = GOOD + '[Contract "1C"]\n[Declarer "N"]\n[Auction "N"]\n1C =1= Pass Pass Pass\n[Note "1:Precision"]\n'
    assert problems_of(quiet) == []
    unused = quiet.replace("1C =1=", "1C")
    assert [(p.code, p.severity) for p in problems_of(unused)] == [("unused-note", "warning")]


def test_tables() -> None:
    table = GOOD + '[ActionTable "Rank;Call\\\\L"]\n1 4H\n'
    assert "bad-table" in codes(table)
    assert "bad-table" not in codes(table.replace("\\\\L", "\\\\4L"))
    assert "bad-table" in codes(GOOD + '[ActionTable "Rank;Call"]\n1 4H ; a comment\n2 3C\n')
    assert "bad-table" not in codes(GOOD + '[ActionTable "Rank;Call"]\n{ before the rows }\n1 4H\n')
    assert "bad-table" in codes(GOOD + '[ActionTable "Rank;Text"]\n1 50%\n')


def test_result_without_contract() -> None:
    found = problems_of(GOOD + '[Contract "Pass"]\n[Result "1"]\n')
    assert [(p.code, p.severity) for p in found] == [("result-without-contract", "error")]
    found = problems_of(GOOD + '[Contract "Pass"]\n[Result "0"]\n')
    assert [(p.code, p.severity) for p in found] == [("result-without-contract", "warning")]


def test_export_rules_are_warnings_and_errors_with_strict() -> None:
    text = "% PBN 2.1\n% EXPORT\n" + GOOD.replace('[Board "1"]\n', "") + '[Note "x"] [Scoring "IMP"]\n'
    long = "{" + "x" * 260 + "}\n"
    found = problems_of(text + long)
    export = [p for p in found if p.code in ("export-format", "line-too-long")]
    assert {p.code for p in export} == {"export-format", "line-too-long"}
    assert {p.severity for p in export} == {"warning"}
    assert any("Board" in p.message for p in export)                 # a mandatory tag missing
    strict = [p for p in problems_of(text + long, strict=True) if p.code in ("export-format", "line-too-long")]
    assert {p.severity for p in strict} == {"error"}
    # a 254-character line is fine (255 with its end of line)
    assert "line-too-long" not in codes(GOOD + "{" + "x" * 252 + "}\n")


def test_check_strict_exit_code(tmp_path: Path) -> None:
    path = tmp_path / "e.pbn"
    path.write_text("% PBN 2.1\n% EXPORT\n" + GOOD, encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(cli, ["check", str(path)]).exit_code == 0
    result = runner.invoke(cli, ["check", "--strict", str(path)])
    assert result.exit_code == 1
    assert "export-format" in result.output

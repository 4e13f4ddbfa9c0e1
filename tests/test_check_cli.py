"""``bridgekit check`` in-process (CliRunner): files, the quick forms, output
formats, exit codes, and a run over the whole corpus without a crash."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli

from conftest import CORPUS, corpus_files, needs_corpus, run

DEAL = "N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765"

HEADER = """[Event "Club"]
[Site "?"]
[Date "2026.11.29"]
[Board "{board}"]
[West "w"]
[North "n"]
[East "e"]
[South "s"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{deal}"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "3NT"]
[Result "{result}"]
"""

# Board 7: a revoke at trick 1 (East plays the A♥ holding the 3♣), then a claim.
BAD = HEADER.format(board=7, deal=DEAL, result=9) + """[Auction "N"]
Pass Pass 3NT Pass
Pass Pass
[Play "W"]
CA C2 HA C4
*
"""

# Board 8: clean (the A♣ wins trick 1, West has 1 trick, 9 for declarer is possible).
GOOD = HEADER.format(board=8, deal=DEAL, result=9) + """[Auction "N"]
Pass Pass 3NT Pass
Pass Pass
[Play "W"]
CA C2 C3 C4
*
"""

# Board 9: an insufficient bid on the second auction line.
INSUFFICIENT = HEADER.format(board=9, deal=DEAL, result=9) + """[Auction "N"]
Pass 1NT 2C Pass
1S Pass 3NT Pass
Pass Pass
"""


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in (("bad", BAD), ("good", GOOD), ("insufficient", INSUFFICIENT)):
        p = tmp_path / f"{name}.pbn"
        p.write_text(text, encoding="utf-8")
        out[name] = p
    return out


# -- files -----------------------------------------------------------------------------------


def test_clean_file_exits_0_with_a_summary_on_stderr(files: dict[str, Path]) -> None:
    r = run("check", str(files["good"]))
    assert r.exit_code == 0, r.output
    assert r.stdout == ""
    assert r.stderr.strip() == "1 board checked, 0 with problems"


def test_revoke_is_reported_with_file_line_board_and_message(files: dict[str, Path]) -> None:
    before = files["bad"].read_bytes()
    r = run("check", str(files["bad"]))
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines == [f"{files['bad']}, line 20, board 7: revoke: trick 1: East discarded the \u2665A "
                     "while holding the \u26633; clubs were led"]
    assert r.stderr.strip() == "1 board checked, 1 with problems: revoke 1"
    assert files["bad"].read_bytes() == before  # never modified


def test_insufficient_bid_line_and_summary_over_several_files(files: dict[str, Path]) -> None:
    r = run("check", str(files["good"]), str(files["insufficient"]), str(files["bad"]))
    assert r.exit_code == 1
    assert f"{files['insufficient']}, line 18, board 9: insufficient-bid: call 5: 1\u2660 by North " \
           "after 2\u2663 is insufficient" in r.stdout
    assert r.stderr.strip() == "3 boards checked, 2 with problems: insufficient-bid 1, revoke 1"


def test_json_output_has_locations_and_indexes(files: dict[str, Path]) -> None:
    r = run("check", "--json", str(files["bad"]), str(files["insufficient"]))
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert [(d["board"], d["code"], d["line"], d.get("card_index"), d.get("call_index")) for d in data] == [
        ("7", "revoke", 20, 2, None), ("9", "insufficient-bid", 18, None, 4)]
    assert all(d["file"].endswith(".pbn") and d["message"] for d in data)
    assert "checked" in r.stderr and "checked" not in r.stdout


def test_csv_output(files: dict[str, Path]) -> None:
    r = run("check", "--csv", str(files["bad"]))
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(row["board"], row["code"], row["card_index"]) for row in rows] == [("7", "revoke", "2")]


def test_quiet_prints_only_the_summary(files: dict[str, Path]) -> None:
    r = run("check", "-q", str(files["bad"]))
    assert r.exit_code == 1 and r.stdout == "" and "revoke 1" in r.stderr


def test_ascii_output(files: dict[str, Path]) -> None:
    r = run("check", "--ascii", str(files["bad"]))
    assert "East discarded the HA while holding the C3; clubs were led" in r.stdout
    assert "\u2665" not in r.stdout


def test_unreadable_files_exit_3_with_one_line_and_no_traceback(tmp_path: Path, files: dict[str, Path]) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("", encoding="utf-8")
    for path in (tmp_path / "missing.pbn", empty, tmp_path):
        r = run("check", str(path))
        assert r.exit_code == 3, r.output
        assert "Traceback" not in r.output
        assert str(path) in r.stderr
    r = run("check", str(tmp_path / "missing.pbn"), str(files["good"]))
    assert r.exit_code == 3 and "1 board checked" in r.stderr and "1 file could not be read" in r.stderr


def test_stdin(files: dict[str, Path]) -> None:
    r = CliRunner().invoke(cli, ["check", "-"], input=BAD)
    assert r.exit_code == 1 and "revoke" in r.stdout


def test_no_arguments_is_a_usage_error() -> None:
    r = CliRunner().invoke(cli, ["check"])
    assert r.exit_code == 2 and "FILE" in r.output


# -- quick forms ---------------------------------------------------------------------------------


def test_quick_auction_contract_and_declarer() -> None:
    r = run("check", "--auction", "1S P 2S X XX P P P", "--dealer", "N")
    assert r.exit_code == 0
    assert r.stdout.strip() == "contract 2\u2660XX by North; East leads, South is dummy"


def test_quick_auction_declarer_not_last_bidder() -> None:
    r = run("check", "--auction", "P 1D P 1S P 2S P P P", "--dealer", "N", "--ascii")
    assert r.stdout.strip() == "contract 2S by West; North leads, East is dummy"


def test_quick_auction_first_illegal_call() -> None:
    r = run("check", "--auction", "1S X P X P P P", "--dealer", "N")
    assert r.exit_code == 1
    assert r.stdout.strip() == ("illegal: call 4: X by West: 1\u2660 is already doubled [double-doubled]")


def test_quick_auction_unfinished_and_passed_out() -> None:
    r = run("check", "--auction", "1NT", "--dealer", "S", "--ascii")
    assert r.exit_code == 0 and r.stdout == "not finished (1NT so far); West to call: Pass, X or 2C to 7NT\n"
    r = run("check", "--auction", "1NT P", "--dealer", "S", "--ascii")   # partner's bid: no double
    assert r.stdout == "not finished (1NT so far); North to call: Pass or 2C to 7NT\n"
    r = run("check", "--auction", "P P P P", "--dealer", "E")
    assert r.exit_code == 0 and "passed out" in r.stdout


def test_quick_auction_json() -> None:
    r = run("check", "--auction", "1S 2H 2D", "--dealer", "W", "--json")
    data = json.loads(r.stdout)
    assert r.exit_code == 1 and data["legal"] is False
    assert [(p["code"], p["call_index"]) for p in data["problems"]] == [("insufficient-bid", 2)]


def test_quick_auction_usage_errors() -> None:
    assert run("check", "--auction", "1S P").exit_code == 2                         # no --dealer
    r = CliRunner().invoke(cli, ["check", "--auction", "1S 8C", "--dealer", "N"])
    assert r.exit_code == 2 and "8C" in r.output
    r = CliRunner().invoke(cli, ["check", "--auction", "1S", "--dealer", "Nobody"])
    assert r.exit_code == 2


def test_quick_play_tricks_and_revoke() -> None:
    r = run("check", "--play", "CA C2 C3 C4 CK", "--deal", DEAL, "--contract", "3NT", "--declarer", "S", "--ascii")
    assert r.exit_code == 0
    assert r.stdout.splitlines() == ["trick  1: W:CA N:C2 E:C3 S:C4 -> West",
                                     "trick  2: W:CK",
                                     "after 1 trick: South's side 0 tricks, defence 1; North to play"]
    r = run("check", "--play", "CA C2 HA", "--deal", DEAL, "--contract", "3NT", "--declarer", "S")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1] == ("illegal: card 3: trick 1: East discarded the \u2665A while holding "
                                         "the \u26633; clubs were led [revoke]")


def test_quick_play_json_and_usage() -> None:
    r = run("check", "--play", "CA C2 C3 C4", "--deal", DEAL, "--contract", "3NT", "--declarer", "S", "--json")
    data = json.loads(r.stdout)
    assert data["tricks"] == [{"leader": "W", "cards": ["CA", "C2", "C3", "C4"], "winner": "W"}]
    assert data["defence_tricks"] == 1 and data["next"] == "W"
    assert CliRunner().invoke(cli, ["check", "--play", "CA"]).exit_code == 2       # no --deal etc.


# -- the corpus --------------------------------------------------------------------------------------


@needs_corpus
def test_check_runs_over_every_corpus_file_without_a_crash() -> None:
    paths = [str(p) for p in corpus_files("pbn") + corpus_files("lin")]
    assert len(paths) > 80
    r = CliRunner().invoke(cli, ["check", "--quiet", *paths])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    # the corpus holds real irregularities; its header-only files are valid and empty
    assert r.exit_code == 1
    assert "could not be read" not in r.stderr
    assert "empty.pbn: no boards" in r.stderr and "43500.lin: no boards" in r.stderr
    summary = r.stderr.strip().splitlines()[-1]
    assert "boards checked" in summary and "declarer-mismatch" in summary and "wrong-hand" in summary
    assert CORPUS.is_dir()


def test_large_crlf_file_has_no_spurious_problems(tmp_path: Path) -> None:
    # a CRLF file larger than the reader's 1 MB chunk: a CR/LF pair cut at a
    # chunk boundary once read as an empty line, ending a game mid-auction
    game = GOOD.replace("\n", "\r\n") + "\r\n"
    path = tmp_path / "big.pbn"
    count = 2_300_000 // len(game) + 1  # the cut falls mid-file after the second chunk
    path.write_bytes((game * count).encode("utf-8"))
    r = run("check", "-q", str(path))
    assert r.stderr.strip() == f"{count} boards checked, 0 with problems" and r.exit_code == 0

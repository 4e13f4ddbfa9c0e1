"""``bridgekit dd``, ``par`` and ``analyse`` run in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.formats import read_boards

from conftest import CORPUS, needs_corpus, run

# Board 1 of the Common Game hand record (BridgeComposer 5.97): its
# DoubleDummyTricks tag is used as the cache, its OptimumScore is EW 430.
BOARD_1 = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]
[DoubleDummyTricks "2333223332aaaabaaaab"]
"""
# A hand-checked Auction Bridge deal (see test_par.py): no DD tag.
BOARD_2 = """[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "Auction-1920"]
[Deal "N:5432.AKQJT.32.AK AKQ.432.AKQJ.432 876.987.9876.QJT JT9.65.T54.98765"]
"""
NO_DEAL = """[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQ... - - -"]
"""


@pytest.fixture
def one(tmp_path: Path) -> Path:
    path = tmp_path / "one.pbn"
    path.write_text(BOARD_1)
    return path


def test_dd_uses_the_tag_without_solving(one: Path) -> None:
    before = one.read_bytes()
    result = run("dd", str(one), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data[0]["board"] == "1" and data[0]["from"] == "recorded"  # BridgeComposer's tag, as recorded
    assert data[0]["tricks"]["E"] == {"C": 11, "D": 10, "H": 10, "S": 10, "NT": 10}
    assert data[0]["tricks"]["N"]["NT"] == 2
    assert one.read_bytes() == before  # never touch an input file


def test_dd_table_output(one: Path) -> None:
    result = run("dd", str(one), "--ascii")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    # 80 columns: the four declarers in one column, a recorded table marked *
    assert lines[0].split()[:7] == ["board", "N", "C", "D", "H", "S", "NT"]
    assert lines[2].split() == ["1*", "2", "3", "3", "3", "2", "2", "3", "3", "3", "2",
                                "11", "10", "10", "10", "10", "11", "10", "10", "10", "10"]
    assert "(* as recorded by another program" in result.stdout
    assert max(len(line) for line in lines) <= 80
    wide = run("dd", str(one), "--ascii", "--wide").stdout.splitlines()   # every column, `from` too
    assert wide[0].split()[:7] == ["board", "N", "C", "D", "H", "S", "NT"] and wide[0].split()[-1] == "from"
    assert wide[2].split() == ["1", "2", "3", "3", "3", "2", "2", "3", "3", "3", "2",
                               "11", "10", "10", "10", "10", "11", "10", "10", "10", "10", "recorded"]
    assert ("1 board: 0 solved, 0 from the cache, 1 from DoubleDummyTricks tags (1 as recorded by other "
            "programs)") in " ".join(result.output.split())


@pytest.mark.dds
def test_dd_writes_a_cache_that_the_next_run_reads(tmp_path: Path) -> None:
    src = tmp_path / "two.pbn"
    src.write_text(BOARD_1 + "\n" + BOARD_2)
    out = tmp_path / "out.pbn"
    result = run("dd", str(src), "-o", str(out), "--force")
    assert result.exit_code == 0, result.output
    assert "wrote 2 boards" in result.stderr
    boards = list(read_boards(str(out)))
    assert boards[0].get("DoubleDummyTricks") == "2333223332aaaabaaaab"  # solved again, same answer
    assert boards[1].get("DoubleDummyTricks") == "67855678556658866588"
    assert len(boards[1].tables["OptimumResultTable"].rows) == 20
    again = run("dd", str(out), "--json")
    assert [r["from"] for r in json.loads(again.stdout)] == ["tag", "tag"]


def test_dd_reports_boards_it_cannot_solve(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(BOARD_1 + "\n" + NO_DEAL)
    result = run("dd", str(path), "--json")
    assert result.exit_code == 1
    assert len(json.loads(result.stdout)) == 1
    assert f"{path}" in result.stderr and "board 3" in result.stderr and "not a complete 52-card deal" in result.stderr
    assert "Traceback" not in result.output


def test_missing_file_is_exit_3(tmp_path: Path) -> None:
    result = run("dd", str(tmp_path / "nope.pbn"))
    assert result.exit_code == 3
    assert "no such file" in result.stderr


def test_par_from_the_cached_table(one: Path) -> None:
    result = run("par", str(one), "--json")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)[0]
    assert (row["board"], row["rules"], row["score_ns"], row["contracts"]) == ("1", "contract", -430, ["EW 3NT+1"])
    table = run("par", str(one), "--ascii")
    assert "EW 3NT+1" in table.stdout and "-430" in table.stdout


@pytest.mark.dds
def test_par_under_the_boards_scoring_tag_and_rules_option(tmp_path: Path) -> None:
    path = tmp_path / "auction.pbn"
    path.write_text(BOARD_2)
    row = json.loads(run("par", str(path), "--json").stdout)[0]
    assert (row["rules"], row["score_ns"], row["contracts"]) == ("auction-1920", 37, ["EW 3DX-1"])
    row = json.loads(run("par", str(path), "--json", "--rules", "auction-classic").stdout)[0]
    assert (row["rules"], row["score_ns"]) == ("auction-classic", 10)
    out = tmp_path / "par.pbn"
    assert run("par", str(path), "-o", str(out)).exit_code == 0
    board = next(iter(read_boards(str(out))))
    assert board.get("OptimumScore") == "NS 37"
    assert board.get("ParContract") == "EW 3DX-1"


def test_par_unknown_rules_is_a_usage_error(one: Path) -> None:
    result = run("par", str(one), "--rules", "whist")
    assert result.exit_code == 2
    assert "unknown rules profile" in result.output


@needs_corpus
@pytest.mark.dds
def test_analyse_a_real_board() -> None:
    path = str(CORPUS / "pbn" / "ben" / "bbo_cold_6d.pbn")
    result = run("analyse", path, "--board", "79", "--ascii")
    assert result.exit_code == 0, result.output
    assert "6D by South" in result.stdout
    assert "N SQ cost 1 (best C7 C6)" in result.stdout
    assert "First mistakes: N: trick 8, SQ (cost 1); E: none; S: none; W: none" in result.stdout
    data = json.loads(run("analyse", path, "--json").stdout)
    assert data[0]["dd_start"] == 12 and data[0]["dd_end"] == 11
    assert data[0]["cards"][28]["card"] == "SQ" and data[0]["cards"][28]["cost"] == 1


def test_analyse_without_play(one: Path) -> None:
    result = run("analyse", str(one))
    assert result.exit_code == 1
    assert "no board with a recorded play" in result.stderr
    result = run("analyse", str(one), "--board", "1")
    assert result.exit_code == 1
    assert f"{one}, line 1, board 1: no contract and declarer to analyse" in result.stderr
    result = run("analyse", str(one), "--board", "9")
    assert result.exit_code == 1 and "no board 9" in result.stderr


@pytest.mark.parametrize("name", ["dd", "par", "analyse"])
def test_help_has_examples(name: str) -> None:
    result = run(name, "--help")
    assert result.exit_code == 0 and f"bridgekit {name} " in result.output


def test_jobs_option_and_cached_runs_do_not_load_the_solver(one: Path) -> None:
    import subprocess
    import sys
    code = ("import sys; from bridgekit.cli import cli; "
            f"cli.main(['dd', {str(one)!r}, '--jobs', '1', '--json'], standalone_mode=False); "
            "print('endplay' in ' '.join(sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("False")
    assert json.loads(out.stdout.rsplit("]", 1)[0] + "]")[0]["from"] == "recorded"


def test_dd_summary_counts_boards_that_could_not_be_solved(tmp_path: Path) -> None:
    partial = tmp_path / "partial.pbn"
    partial.write_text('[Board "3"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["dd", str(partial)])
    assert result.exit_code == 1
    assert "1 board: 0 solved, 0 from the cache; 1 not solved" in result.output


def test_progress_total_is_estimated_without_reading_the_file_twice(tmp_path: Path) -> None:
    from bridgekit.formats import estimate_boards
    small = tmp_path / "small.pbn"
    small.write_text(BOARD_1 + "\n" + BOARD_2)
    assert estimate_boards([str(small)]) == 2   # exact: the whole file is the sample
    big = tmp_path / "big.pbn"
    big.write_text((BOARD_1 + "\n" + BOARD_2 + "\n") * 500)
    # only the first 4,096 bytes are read, and scaled to the size
    assert abs(estimate_boards([str(big)], sample=4096) - 1000) <= 20  # type: ignore[operator]
    assert estimate_boards(["-"]) is None

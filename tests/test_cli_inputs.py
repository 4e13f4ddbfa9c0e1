"""What every command does with its inputs (issue 11): empty files, directories,
``--board``, reading problems, and the same exit code for the same situation.
Each test builds the small file it needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgekit.errors import ExitStatus
from conftest import SAMPLES, run

HEADER_PBN = "% PBN 2.1\n% EXPORT\n"
HEADER_LIN = "vg|Final,Segment 1,I,1,16,A,0,B,0|\r\nrs|,,|\r\npn|a,b,c,d,e,f,g,h|pg||\r\n"
GOOD = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
TWO_ACES = "N:AKQJ.T98.765.432 A432.AKQJ.T98.765 765.432.AKQJ.T98 T98.765.432.AKQJ"


def board_text(number: str, deal: str = GOOD, contract: str = "3NT", result: str = "9") -> str:
    return (f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            f'[Declarer "S"]\n[Contract "{contract}"]\n[Result "{result}"]\n')


# -- 1. empty is valid ------------------------------------------------------------

@pytest.mark.parametrize("name,text", [("header.pbn", HEADER_PBN), ("header.lin", HEADER_LIN)])
@pytest.mark.parametrize("command", [["show"], ["check"], ["score"], ["match"], ["rubber"], ["dd"], ["par"],
                                     ["analyse"], ["convert", "-"]])
def test_a_file_of_zero_boards_is_said_on_stderr_and_exits_0(tmp_path: Path, name: str, text: str,
                                                              command: list[str]) -> None:
    path = tmp_path / name
    path.write_text(text)
    args = [command[0], str(path), *command[1:]]
    r = run(*args)
    assert r.exit_code == ExitStatus.OK, (args, r.output, r.stderr)
    assert f"{path}: no boards" in r.stderr
    assert "Traceback" not in r.output


@pytest.mark.parametrize("name,text", [("header.pbn", HEADER_PBN), ("header.lin", HEADER_LIN)])
def test_convert_writes_a_valid_empty_file(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    out = tmp_path / "out.pbn"
    assert run("convert", str(path), str(out)).exit_code == 0
    assert out.read_bytes() == b"% PBN 2.1\r\n% EXPORT\r\n"
    r = run("convert", str(path), "-", "--to", "json")
    assert r.exit_code == 0 and json.loads(r.stdout) == []
    # and the empty PBN written reads back as zero boards
    again = run("check", str(out))
    assert again.exit_code == 0 and "0 boards checked" in again.stderr


def test_a_file_of_blank_lines_is_still_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "blank.pbn"
    path.write_text("\n\n")
    r = run("check", str(path))
    assert r.exit_code == ExitStatus.UNREADABLE and "empty file" in r.stderr


# -- 11. score reports what the reader found --------------------------------------------

def test_score_reports_reading_problems_and_marks_the_board(tmp_path: Path) -> None:
    path = tmp_path / "aces.pbn"
    path.write_text(board_text("1", TWO_ACES) + "\n" + board_text("2"))
    r = run("score", str(path))
    assert r.exit_code == ExitStatus.PROBLEMS
    assert f"{path}, line 4, board 1: duplicate-card:" in r.stderr
    rows = [line for line in r.stdout.splitlines() if line.startswith(("1 ", "2 "))]
    assert "doubtful: duplicate-card" in rows[0] and "doubtful" not in rows[1]
    data = json.loads(run("score", str(path), "--json").stdout)
    assert [b["reading_errors"] for b in data["boards"]] == [["duplicate-card", "hand-size"], []]


# -- 12. same situation, same exit code ----------------------------------------------------

@pytest.mark.parametrize("command", ["show", "check", "score", "dd", "par", "analyse"])
def test_a_board_not_in_the_file_exits_1_everywhere(tmp_path: Path, command: str) -> None:
    path = tmp_path / "one.pbn"
    path.write_text(board_text("1"))
    r = run(command, str(path), "--board", "999")
    assert r.exit_code == ExitStatus.PROBLEMS, (r.output, r.stderr)
    assert f"no board 999 in {path}" in r.stderr


def test_play_of_a_board_not_in_the_file_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "one.pbn"
    path.write_text(board_text("1"))
    r = run("play", "--board", f"{path}:99", "--no-save")
    assert r.exit_code == ExitStatus.PROBLEMS and f"no board 99 in {path}" in r.stderr


def test_quit_in_play_is_a_normal_end() -> None:
    r = run("play", "--deal", GOOD, "--no-save", input="quit\n")
    assert r.exit_code == ExitStatus.OK and "you left the table" in r.stderr


# -- 13. --board everywhere, directories ---------------------------------------------------

@pytest.mark.parametrize("command", ["score", "show"])
def test_board_matches_the_tag_as_a_number(tmp_path: Path, command: str) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(board_text("01", contract="4S", result="7") + "\n" + board_text("2", contract="2C", result="8"))
    r = run(command, str(path), "-b", "1", "--json")
    assert r.exit_code == 0, r.stderr
    assert '"01"' in r.stdout and '"2"' not in r.stdout


def test_check_board_selects_boards(tmp_path: Path) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(board_text("01", TWO_ACES) + "\n" + board_text("2"))
    assert run("check", str(path), "-b", "2").exit_code == 0
    r = run("check", str(path), "--board", "1")
    assert r.exit_code == 1 and r.stderr.startswith("1 board checked, 1 with problems")


def test_a_directory_is_every_pbn_and_lin_file_under_it_sorted(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.pbn").write_text(board_text("3"))
    (tmp_path / "a.lin").write_text("md|3CAKQJT98765432,SAKQJT98765432,HAKQJT98765432,|ah|Board 2|pg||\n")
    (tmp_path / "c.PBN").write_text(board_text("1"))
    (tmp_path / "notes.txt").write_text("not a deal file")
    r = run("check", str(tmp_path), "--json")
    assert r.exit_code == 0, r.stderr
    r = run("score", str(tmp_path), "--json")
    # sorted by path: a.lin, b/z.pbn, c.PBN (notes.txt is no deal file)
    paths = [Path(b["file"]).relative_to(tmp_path).as_posix() for b in json.loads(r.stdout)["boards"]]
    assert paths == ["a.lin", "b/z.pbn", "c.PBN"]


def test_an_empty_directory_is_said(tmp_path: Path) -> None:
    r = run("check", str(tmp_path))   # no input at all: an unreadable input (issue 26)
    assert r.exit_code == 3 and "no .pbn or .lin file" in r.stderr


def test_the_samples_directory_checks_like_its_files() -> None:
    files = sorted(str(p) for p in SAMPLES.rglob("*") if p.suffix.lower() in (".pbn", ".lin"))
    by_dir = run("check", "--quiet", str(SAMPLES))
    by_files = run("check", "--quiet", *files)
    assert by_dir.exit_code == by_files.exit_code
    assert by_dir.stderr.splitlines()[-1] == by_files.stderr.splitlines()[-1]


# -- 8. JSON on standard input is known by its content ---------------------------------

@pytest.mark.parametrize("command", ["check", "score", "show", "convert"])
def test_json_on_stdin_is_read_as_json_by_every_command(tmp_path: Path, command: str) -> None:
    path = tmp_path / "two.pbn"
    path.write_text(board_text("1") + "\n" + board_text("2", contract="2C", result="8"))
    shown = run("show", "--json", str(path))
    assert shown.stdout.startswith("[\n")  # '[' alone on the first line, as show --json writes it
    args = [command, "-"] + (["-"] if command == "convert" else [])
    r = run(*args, input=shown.stdout)
    assert r.exit_code == 0, r.stderr
    assert "could not be read" not in r.stderr and "no PBN game" not in r.stderr


def test_json_is_told_from_pbn_by_its_first_bytes() -> None:
    from bridgekit.formats import detect_format
    assert detect_format("", b'[\n  {\n "board": "1"') == "json"
    assert detect_format("", b"[]\n") == "json"
    assert detect_format("", b'{"board": "1"}') == "json"
    assert detect_format("", b'% PBN 2.1\n[Event "x"]\n') == "pbn"
    assert detect_format("", b'[Event "x"]\n') == "pbn"
    assert detect_format("", b"{a comment}\n[Event \"x\"]\n") == "pbn"


# -- 17. the smaller things a new user hit ---------------------------------------------

def test_a_lesson_step_past_the_end_is_an_error() -> None:
    r = run("lesson", "run", "1", "--step", "99", input="")
    assert r.exit_code == ExitStatus.USAGE and "--step" in r.stderr and "not 99" in r.stderr


def test_convert_refuses_an_unknown_output_extension(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    r = run("convert", str(SAMPLES / "match.pbn"), str(out))
    assert r.exit_code == ExitStatus.USAGE and ".xml" in r.stderr and not out.exists()
    assert run("convert", str(SAMPLES / "match.pbn"), str(out), "--to", "pbn").exit_code == 0
    assert out.read_text().startswith("% PBN 2.1")


def test_rubber_without_rules_does_not_blame_the_option() -> None:
    r = run("rubber", str(SAMPLES / "match.pbn"))
    assert r.exit_code == ExitStatus.USAGE
    assert "Invalid value for --rules" not in r.stderr and "auction-1920" in r.stderr


def test_analyse_has_short_board_option(tmp_path: Path) -> None:
    r = run("analyse", "--help")
    assert "-b, --board" in r.stdout


# -- 16. match on a compilation ----------------------------------------------------------

def test_match_on_a_compilation_says_why_in_one_line(tmp_path: Path) -> None:
    # many pairs of teams, each board once: no team match can be formed
    games = []
    for i in range(6):
        games.append(f'[HomeTeam "T{i}"]\n[VisitTeam "U{i}"]\n' + board_text(str(i + 1)))
    # and, in a match of its own, one board at two tables and one at sixty
    games += [board_text("8") + '[Room "Open"]\n', board_text("8") + '[Room "Closed"]\n']
    games += [board_text("9")] * 60
    path = tmp_path / "compilation.pbn"
    path.write_text("\n".join(games))
    r = run("match", str(path))
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 2 and len(r.stderr) < 600, r.stderr
    assert "no match formed for 6 of 7 pairs of teams" in lines[0] and "bridgekit event" in lines[0]
    assert "A v B: 1 board not played at two tables" in lines[1]
    assert "60 records: ? x60" in lines[1]


# -- 14. plurals ------------------------------------------------------------------------

def test_one_board_and_one_imp_are_singular(tmp_path: Path) -> None:
    path = tmp_path / "one.pbn"
    path.write_text(board_text("1"))
    r = run("score", str(path))
    assert "1 board, 1 scored" in r.stdout and "1 boards" not in r.stdout
    # a match won by one IMP: +400 against +430 (3NT making 10 tricks at the other table)
    match = tmp_path / "m.pbn"
    match.write_text(board_text("1") + '[Room "Open"]\n\n' + board_text("1", result="10") + '[Room "Closed"]\n')
    out = run("match", str(match)).stdout
    assert "wins by 1 IMP\n" in out + "\n" and "1 IMPs" not in out


# -- 15. show shows what the file says ----------------------------------------------------

def test_show_prints_commentary_where_it_was_said_and_the_recorded_par(tmp_path: Path) -> None:
    path = tmp_path / "lesson.pbn"
    path.write_text('{Lesson 3: the finesse}\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                    f'[Deal "{GOOD}"]\n{{Look at the spades.}}\n[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n'
                    '[Auction "N"]\n1C Pass 1H {a transfer?} Pass\n3NT AP\n'
                    '[Play "W"]\nCA {the ace first} C2 C3 C4\n*\n'
                    '[OptimumScore "NS 400"]\n[ParContract "NS 3NT"]\n')
    out = run("show", str(path), "--ascii").stdout
    order = ["Lesson 3: the finesse", "Look at the spades.", "Par (recorded): NS 400; NS 3NT",
             "after 1H (call 3): a transfer?", "trick 1, CA: the ace first"]
    positions = [out.find(text) for text in order]
    assert -1 not in positions and positions == sorted(positions), out
    assert out.index("after 1H") > out.index("West     North") and out.index("trick 1, CA") > out.index("Trick")

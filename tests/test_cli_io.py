"""``bridgekit show`` and ``bridgekit convert``, run in-process with CliRunner."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bridgekit.formats.json import board_to_dict
from bridgekit.formats.lin import read_lin
from bridgekit.formats.pbn import read_pbn
from conftest import CORPUS, SAMPLES, corpus_files, needs_corpus, run

MATCH = SAMPLES / "match.pbn"
# Two boards; North deals board 1, the clubs/spades/hearts/diamonds solid suits
# make every trick easy to follow.
LIN = ("pn|Sue,Walt,Nina,Ed|md|3CAKQJT98765432,SAKQJT98765432,HAKQJT98765432,|ah|Board 1|sv|o|"
       "mb|p|mb|1H!|an|five hearts|mb|p|mb|p|mb|p|pc|C2|pc|SA|pc|H2|pc|DA|mc|7|pg||\n"
       "pn|Sue,Walt,Nina,Ed|md|4CAKQJT98765432,SAKQJT98765432,HAKQJT98765432,|ah|Board 2|sv|b|"
       "mb|1D|mb|p|mb|p|mb|p|pg||\n")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def comparable(board) -> dict:  # type: ignore[no-untyped-def]
    """A board's JSON form without where it was read from (and unknown '?' tags
    the PBN writer adds for the mandatory Site and Date)."""
    d = board_to_dict(board)
    for key in ("file", "line", "problems"):
        d.pop(key)
    d["tags"] = {k: v for k, v in d["tags"].items() if v != "?"}
    return d


@pytest.fixture
def lin_file(tmp_path: Path) -> Path:
    path = tmp_path / "two.lin"
    path.write_text(LIN, encoding="utf-8")
    return path


# -- show ------------------------------------------------------------------------

def test_show_one_board_of_the_sample_match() -> None:
    before = digest(MATCH)
    result = run("show", str(MATCH), "--board", "1", "--ascii")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.count("Board 1 |") == 2  # both rooms of board 1
    assert "Board 2" not in out
    assert "North (Ann)" in out and "Dealer North" in out and "Vul None" in out
    assert "Contract 4S by North, 10 tricks (made), score NS 420" in out
    assert "Contract 3S by North, 10 tricks (made +1), score NS 170" in out
    assert "\u2660" not in out and "\x1b[" not in out  # --ascii; no colour off a terminal
    assert all(len(line) <= 80 for line in out.splitlines())
    assert digest(MATCH) == before


def test_show_lin_several_files_and_stdin(lin_file: Path) -> None:
    result = run("show", str(lin_file), str(MATCH), "-b", "2", "--ascii")
    assert result.exit_code == 0
    assert "Board 2  [" in result.stdout and "Passed out" not in result.stdout
    assert "Contract 1D by East" in result.stdout  # LIN board 2: East deals and opens
    result = run("show", "-", "--ascii", input=LIN)
    assert result.exit_code == 0
    assert "[<stdin>:1]" in result.stdout and "(1) five hearts" in result.stdout
    assert "Contract 1H by East, 7 tricks (made)" in result.stdout


def test_show_json_parses(lin_file: Path) -> None:
    result = run("show", str(lin_file), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [d["board"] for d in data] == ["1", "2"]
    first = data[0]
    assert first["dealer"] == "N" and first["vulnerable"] == "None"
    assert first["deal"]["E"] == "..AKQJT98765432."
    assert first["auction"]["calls"][1] == {"seat": "E", "call": "1H", "note": 1}
    assert first["auction"]["notes"] == {"1": "five hearts"}
    assert first["contract"] == "1H" and first["declarer"] == "E" and first["result"] == 7
    assert first["play"]["tricks"][0] == {"number": 1, "leader": "S",
                                          "cards": {"N": "H2", "E": "DA", "S": "C2", "W": "SA"},
                                          "order": ["C2", "SA", "H2", "DA"], "winner": "N"}
    assert first["tags"]["South"] == "Sue"


def test_show_missing_board_is_reported() -> None:
    result = run("show", str(MATCH), "--board", "99")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"bridgekit: no board 99 in {MATCH}; the boards are 1-4"


def test_show_reports_reading_problems_and_still_shows(tmp_path: Path) -> None:
    path = tmp_path / "bad.lin"
    path.write_text("ah|Board 3|md|3SAKQJT98765432,SAHKQJT98765432,DAKQJT98765432,CAKQJT98765432|sv|o|mb|9Z|",
                    encoding="utf-8")
    result = run("show", str(path), "--ascii")
    assert result.exit_code == 1
    errors = result.stderr.strip().splitlines()
    assert errors == [f"bridgekit: {path}, line 1, board 3: duplicate-card: SA is in more than one hand "
                      "(South, West)",
                      f"bridgekit: {path}, line 1, board 3: lin-bad-call: unreadable call '9Z' in mb|9Z|"]
    assert "Board 3" in result.stdout and "error: duplicate-card" in result.stdout


# -- unreadable inputs -------------------------------------------------------------

def _unreadable(tmp_path: Path) -> list[tuple[str, Path]]:
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(b"")
    binary = tmp_path / "binary.lin"
    binary.write_bytes(bytes(range(256)) * 4)
    return [("no such file", tmp_path / "missing.pbn"), ("empty file", empty), ("binary", binary)]


@pytest.mark.parametrize("command", ["show", "convert"])
def test_unreadable_inputs_exit_3_with_one_line(tmp_path: Path, command: str) -> None:
    for why, path in _unreadable(tmp_path):
        args = [command, str(path)] + ([str(tmp_path / "out.pbn")] if command == "convert" else [])
        result = run(*args)
        assert result.exit_code == 3, (why, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and str(path) in lines[0] and why in lines[0], lines
        assert "Traceback" not in result.stderr + result.stdout
        assert not (tmp_path / "out.pbn").exists()  # nothing written for an unreadable input


# -- convert ------------------------------------------------------------------------

def test_convert_pbn_round_trip_is_stable(tmp_path: Path) -> None:
    before = digest(MATCH)
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    result = run("convert", str(MATCH), str(a))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.strip() == f"bridgekit: 8 boards written to {a} (PBN)"
    assert run("convert", str(a), str(b)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()  # canonical: converting again changes nothing
    originals = [comparable(x) for x in read_pbn(MATCH)]
    assert [comparable(x) for x in read_pbn(b)] == originals
    assert digest(MATCH) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pbn", "b.pbn"]  # no temporary files left


def test_convert_lin_to_pbn_reads_back_equal(lin_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "two.pbn"
    result = run("convert", str(lin_file), str(out))
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert '[Deal "N:' in text and "1H =1=" in text and '[Note "1:five hearts"]' in text
    assert [comparable(b) for b in read_pbn(out)] == [comparable(b) for b in read_lin(lin_file)]


@needs_corpus
@pytest.mark.parametrize("path", corpus_files("lin"), ids=lambda p: p.name)
def test_convert_every_corpus_lin_file_to_pbn(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pbn"
    result = run("convert", str(path), str(out))
    boards = list(read_lin(path))
    if not boards:  # the header-only vugraph file: a valid empty PBN
        assert result.exit_code == 0 and "no boards" in result.stderr
        assert out.read_bytes() == b"% PBN 2.1\r\n% EXPORT\r\n"
        return
    assert result.exit_code == 0, result.stderr
    assert [comparable(b) for b in read_pbn(out)] == [comparable(b) for b in boards]


def test_convert_to_json_file_and_stdout(lin_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "two.json"
    assert run("convert", str(lin_file), str(out)).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [d["contract"] for d in data] == ["1H", "1D"]
    result = run("convert", str(MATCH), "-", "--to", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert len(data) == 8 and data[0]["score"] == "NS 420"
    # stdin to stdout, LIN recognised from the content
    result = run("convert", "-", "-", input=LIN)
    assert result.exit_code == 0
    assert result.stdout.count("[Board ") == 2


def test_convert_refuses_to_overwrite_input_without_in_place(tmp_path: Path) -> None:
    path = tmp_path / "m.pbn"
    path.write_bytes(MATCH.read_bytes())
    before = digest(path)
    result = run("convert", str(path), str(path))
    assert result.exit_code == 2 and "--in-place" in result.stderr
    assert digest(path) == before
    result = run("convert", str(path), "--in-place")
    assert result.exit_code == 0
    assert [comparable(b) for b in read_pbn(path)] == [comparable(b) for b in read_pbn(MATCH)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.pbn"]


def test_convert_usage_errors(tmp_path: Path) -> None:
    assert run("convert", str(MATCH)).exit_code == 2  # no OUT
    result = run("convert", str(MATCH), str(tmp_path / "x.xyz"))
    assert result.exit_code == 2 and "cannot tell the output format from the extension '.xyz'" in result.stderr
    assert run("convert", str(MATCH), str(tmp_path / "x.txt"), "--to", "nosuch").exit_code == 2
    assert not list(tmp_path.iterdir())
    result = run("convert", str(MATCH), str(tmp_path / "no" / "such" / "x.pbn"))
    assert result.exit_code == 2 and "folder does not exist" in result.stderr


def test_convert_problems_go_to_stderr_and_the_rest_is_converted(tmp_path: Path) -> None:
    src = tmp_path / "bad.lin"
    src.write_text("ah|Board 9|md|3SAKQ,SJT9,HAKQ,DAKQ|sv|q|\n" + LIN, encoding="utf-8")
    out = tmp_path / "bad.pbn"
    result = run("convert", str(src), str(out))
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert lines[0] == (f"bridgekit: {src}, line 1, board 9: lin-bad-vulnerability: "
                        "unknown vulnerability sv|q| (expected o, n, e or b)")
    assert lines[-1] == f"bridgekit: 3 boards written to {out} (PBN)"
    assert [b.label for b in read_pbn(out)] == ["9", "1", "2"]


@needs_corpus
def test_convert_corpus_pbn_keeps_warnings_quiet(tmp_path: Path) -> None:
    src = CORPUS / "pbn" / "bridgebots" / "sample.pbn"
    if not src.exists():
        pytest.skip("corpus file missing")
    result = run("convert", str(src), str(tmp_path / "o.pbn"))
    assert result.exit_code in (0, 1)
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].endswith("(PBN)")


def test_readme_examples_match_real_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """The show and convert examples pasted in the README are what the commands print."""
    from conftest import ROOT, docs_text

    readme = docs_text()
    block = readme.split("$ bridgekit show samples/vugraph.lin --board 2 | head -26\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)  # the README runs from the repository root
    result = run("show", "samples/vugraph.lin", "--board", "2")
    json_out = run("convert", "samples/vugraph.lin", "-", "--to", "json")
    assert result.exit_code == 0
    assert "\n".join(result.stdout.splitlines()[:26]) + "\n" == block
    trick = json.dumps(json.loads(json_out.stdout)[2]["play"]["tricks"][0], separators=(",", ":"))
    assert trick in readme


def test_json_reads_back(tmp_path: Path, lin_file: Path) -> None:
    """PBN -> JSON -> PBN and LIN -> JSON -> PBN give the same boards; show reads JSON."""
    for src in (MATCH, lin_file):
        js, pbn = tmp_path / "x.json", tmp_path / "x.pbn"
        assert run("convert", str(src), str(js), "--force").exit_code == 0
        assert run("convert", str(js), str(pbn), "--force").exit_code == 0
        reader = read_pbn if src.suffix == ".pbn" else read_lin
        assert [comparable(b) for b in read_pbn(pbn)] == [comparable(b) for b in reader(src)]
    result = run("show", str(tmp_path / "x.json"), "--ascii")
    assert result.exit_code == 0 and "Contract 1H by East, 7 tricks (made)" in result.stdout


def test_bad_json_is_unreadable_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('[\n  {"board": "1",\n  "deal": }\n]\n', encoding="utf-8")
    result = run("show", str(path))
    assert result.exit_code == 3
    assert result.stderr.startswith(f"bridgekit: {path}, line 3: not valid JSON")
    path.write_text('[{"board": "4", "auction": {"first": "Q", "calls": []}, "deal": {"N": "AK.Q"}}]',
                    encoding="utf-8")
    result = run("convert", str(path), str(tmp_path / "o.pbn"))
    assert result.exit_code == 1  # read, with problems on the board
    assert "board 4: bad-json-field: auction: invalid seat 'Q'" in result.stderr
    assert "board 4: bad-json-field: deal: invalid hand" in result.stderr


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bridgekit.errors import BridgekitError  # noqa: E402
from bridgekit.formats.json import board_from_dict  # noqa: E402
from bridgekit.formats.pbn import format_board  # noqa: E402
from bridgekit.render import render_board  # noqa: E402

_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.sampled_from(
    ["N", "E", "S", "W", "Q", "1S", "3NT", "Pass", "X", "SA", "HT", "AKQ.JT9.8765.432", "AK.Q", "", "?", "1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["first", "calls", "call", "note", "suffix", "notes", "opening_leader", "tricks", "cards", "N", "E", "S",
         "W", "1"]), inner, max_size=4), max_leaves=12)
_BOARD = st.fixed_dictionaries({}, optional={k: _JSON for k in (
    "board", "dealer", "vulnerable", "deal", "auction", "contract", "declarer", "result", "score", "play",
    "tags", "tables", "comments")})


@settings(max_examples=300, deadline=None)
@given(_BOARD)
def test_fuzz_json_boards_never_crash(d: dict) -> None:  # type: ignore[type-arg]
    try:
        board = board_from_dict(d, "fuzz.json")
        board_to_dict(board)
        render_board(board, ascii=True)
        format_board(board)
    except BridgekitError:
        pass


def test_show_a_lin_file_without_boards(tmp_path: Path) -> None:
    path = tmp_path / "header.lin"
    path.write_text("vg|Final,Segment 1,I,1,16,A,0,B,0|\r\nrs|,,|\r\npn|a,b,c,d,e,f,g,h|pg||\r\n")
    result = run("show", str(path))
    # a header alone is a valid file of zero boards (issue 11 point 1)
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr.strip() == f"bridgekit: {path}: no boards (the file holds no game)"

"""Issue 11 point 14: tables fit 80 columns by default; ``--wide`` brings back
every column.  Plurals are English ("1 board", "by 1 IMP")."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT, run

MATCH = str(ROOT / "samples" / "match.pbn")
RUBBER = str(ROOT / "samples" / "rubber-1920.pbn")
PAIRS = str(ROOT / "samples" / "pairs.pbn")

# Two rooms of one board with DoubleDummyTricks tags (one written by another
# program, one by bridgekit with its fingerprint is not needed: both are read
# without solving) and a long board label.
DD_BOARDS = """[Board "12"]
[Room "Open"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]
[DoubleDummyTricks "2333223332aaaabaaaab"]

[Board "12"]
[Room "Closed"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]
[DoubleDummyTricks "2333223332aaaabaaaab"]
"""


def width(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


@pytest.fixture
def dd_file(tmp_path: Path) -> Path:
    path = tmp_path / "dd.pbn"
    path.write_text(DD_BOARDS)
    return path


@pytest.mark.parametrize("args", [["score", MATCH], ["score", RUBBER], ["score", MATCH, MATCH], ["score", RUBBER, str(ROOT / "samples" / "rubber-classic.pbn")],
                                  ["match", MATCH], ["match", MATCH, "--vp"], ["event", PAIRS],
                                  ["lesson", "list"]])
def test_default_output_fits_80_columns(args: list[str]) -> None:
    r = run(*args)
    assert r.exit_code in (0, 1), r.output
    assert r.stdout.strip() and width(r.stdout) <= 80, r.stdout


def test_score_wide_brings_back_every_column() -> None:
    narrow, wide = run("score", MATCH).stdout, run("score", MATCH, "--wide").stdout
    for header in ("E/W", "dlr"):
        assert header not in narrow.splitlines()[0].split() and header in wide.splitlines()[0].split()
    first = wide.splitlines()[2].split()
    assert first[2:3] + first[6:9] == ["N", "10*", "+420", "-420"]   # dealer; tricks, N/S, E/W
    rubber = run("score", RUBBER, "--wide").stdout.splitlines()[0].split()
    assert rubber[rubber.index("NS"):][:4] == ["NS", "below", "NS", "above"] and "total" in rubber


def test_score_rubber_lines_share_a_column_without_wide() -> None:
    out = run("score", RUBBER).stdout
    head = out.splitlines()[0].split()
    assert "a/b" in head and "below" not in head
    # deal 2 of the sample: E/W 18 above, N/S 50 above (2S down, and honours)
    row = next(line for line in out.splitlines() if line.startswith("2 "))
    assert "50/0" in row and "18/0" in row
    assert "(a/b: points above/below the line)" in out


def test_dd_fits_80_columns_and_wide_shows_all(dd_file: Path) -> None:
    out = run("dd", str(dd_file), "--ascii").stdout
    assert width(out) <= 80, out
    rows = out.splitlines()
    assert rows[2].split()[:3] == ["12", "open*", "2"] and rows[3].split()[:2] == ["12", "closed*"]
    wide = run("dd", str(dd_file), "--ascii", "--wide").stdout
    head = wide.splitlines()[0].split()
    assert head[:2] == ["board", "room"] and head[-1] == "from" and width(wide) > 80
    assert wide.splitlines()[2].split()[-1] == "recorded"


def test_lesson_list_wide_has_the_steps() -> None:
    assert "steps" not in run("lesson", "list").stdout.splitlines()[0]
    assert "steps" in run("lesson", "list", "--wide").stdout.splitlines()[0].split()


def test_plurals() -> None:
    one = run("score", "--contract", "1NT", "--declarer", "S", "--tricks", "1").stdout
    assert one.startswith("1NT by South, 1 trick,")
    assert "2 tricks" in run("score", "--contract", "1NT", "--declarer", "S", "--tricks", "2").stdout
    r = run("check", MATCH, "--board", "1")
    assert "2 boards checked" in r.stderr
    r = run("score", MATCH, "--board", "2", "--json")
    assert r.exit_code == 0


@pytest.mark.dds
def test_par_and_analyse_fit_80_columns() -> None:
    for args in (["par", MATCH], ["analyse", MATCH, "--board", "1"]):
        r = run(*args)
        assert r.exit_code == 0, r.output
        assert width(r.stdout) <= 80, r.stdout
    assert "rules" in run("par", MATCH, "--wide").stdout.splitlines()[0]


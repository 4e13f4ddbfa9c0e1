"""`bridgekit score`, `match`, `rubber` and `deal` through click's CliRunner."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, run


MATCH = str(SAMPLES / "match.pbn")
RUBBER_1920 = str(SAMPLES / "rubber-1920.pbn")
RUBBER_CLASSIC = str(SAMPLES / "rubber-classic.pbn")


# -- score ---------------------------------------------------------------------

def test_score_table_on_the_match_sample() -> None:
    r = run("score", MATCH, "--ascii")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].split()[:6] == ["board", "room", "vul", "contract", "by", "tricks"]   # dlr with --wide
    row = next(ln for ln in lines if ln.startswith("2 ") and "4HX" in ln)
    assert "-500" in row and "ok" in row
    assert "recorded Score agrees on 8 of 8" in r.stdout


def test_score_json_keys_contract() -> None:
    r = run("score", MATCH, "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    rows = data["boards"]
    assert len(rows) == 8
    first = rows[0]
    for key in ("file", "board", "room", "contract", "declarer", "tricks", "score_ns", "score_ew",
                "breakdown", "recorded_score_ns", "mismatch"):
        assert key in first
    assert (first["board"], first["room"], first["contract"], first["declarer"], first["tricks"]) == (
        "1", "Open", "4S", "N", 10)
    assert first["score_ns"] == 420 and first["score_ew"] == -420 and first["mismatch"] is False
    assert {"side", "line", "item", "points"} <= set(first["breakdown"][0])
    passed = rows[5]
    assert passed["contract"] == "Pass" and passed["score_ns"] == 0
    assert data["totals"]["mismatches"] == 0 and data["totals"]["compared"] == 8


def test_score_json_keys_auction() -> None:
    r = run("score", RUBBER_1920, "--json")
    rows = json.loads(r.stdout)["boards"]
    for key in ("below_ns", "below_ew", "above_ns", "above_ew", "breakdown"):
        assert key in rows[0]
    assert "score_ns" not in rows[0]
    third = rows[2]
    assert (third["below_ns"], third["above_ns"]) == (27, 72)
    assert all(i["line"] in ("above", "below") for row in rows for i in row["breakdown"])
    # --rules overrides the file's Scoring tag
    rows = json.loads(run("score", RUBBER_1920, "--json", "--rules", "auction-classic").stdout)["boards"]
    assert rows[2]["above_ns"] == 80


def test_score_csv() -> None:
    r = run("score", MATCH, "--csv")
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 8 and rows[0]["score_ns"] == "420"
    assert json.loads(rows[0]["breakdown"])[0]["item"] == "trick points"


def test_score_mismatch_exits_1_and_names_the_board(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text(Path(MATCH).read_text().replace('[Score "NS 170"]', '[Score "NS 140"]'))
    r = run("score", str(bad))
    assert r.exit_code == 1
    assert "MISMATCH" in r.stdout
    assert "board 1" in r.stderr and "NS 140" in r.stderr and "line" in r.stderr


def test_score_output_file_and_input_untouched(tmp_path: Path) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(Path(MATCH).read_text().replace('[Score "NS 420"]\n', ""))
    before = src.read_bytes()
    out = tmp_path / "out.pbn"
    r = run("score", str(src), "-o", str(out))
    assert r.exit_code == 0
    assert src.read_bytes() == before
    text = out.read_text()
    assert text.startswith("% PBN 2.1")
    assert text.count('[Score "NS 420"]') == 1 and '[Score "NS -500"]' in text
    again = run("score", str(out), "--json")
    assert json.loads(again.stdout)["totals"]["mismatches"] == 0
    assert run("check", str(out)).exit_code == 0
    # an auction profile chosen with --rules is written into the file
    out2 = tmp_path / "auction.pbn"
    run("score", str(src), "--rules", "auction-classic", "-o", str(out2))
    rows = json.loads(run("score", str(out2), "--json").stdout)["boards"]
    assert {r["profile"] for r in rows} == {"auction-classic"}
    assert all(r["mismatch"] is False for r in rows)


def test_score_in_place(tmp_path: Path) -> None:
    src = tmp_path / "r.pbn"
    shutil.copy(RUBBER_1920, src)
    r = run("score", str(src), "--in-place")
    assert r.exit_code == 0
    text = src.read_text()
    assert '[Score "NS 24 EW 0"]' in text          # deal 1: 12 below and 12 for honours
    assert '[ScoreRubber "NS 12/12 EW 0/0"]' in text
    assert not list(tmp_path.glob(".bridgekit-*"))  # no temporary file left behind


def test_score_quick_form() -> None:
    r = run("score", "--contract", "4HX", "--declarer", "S", "--tricks", "8", "--vul", "all")
    assert r.exit_code == 0
    assert "undertricks (2)" in r.stdout and "500" in r.stdout and "N/S -500" in r.stdout
    r = run("score", "--contract", "4S", "--declarer", "N", "--tricks", "10", "--json")
    assert json.loads(r.stdout)["score_ns"] == 420
    r = run("score", "--rules", "auction-1920", "--contract", "1S", "--declarer", "S", "--tricks", "10",
            "--deal", "S:AKQJT.432.432.32 - - -", "--json")
    d = json.loads(r.stdout)
    assert (d["below_ns"], d["above_ns"]) == (36, 90)   # five honours in one hand: 10 x 9
    r = run("score", "--contract", "Pass")
    assert r.exit_code == 0 and "zero" in r.stdout


@pytest.mark.parametrize("args, message", [
    (("--contract", "4H"), "--declarer"),
    (("--contract", "4Q", "--declarer", "S", "--tricks", "8"), "4Q"),
    (("--contract", "4H", "--declarer", "S", "--tricks", "14"), "14"),
    (("--rules", "bogus", "--contract", "4H", "--declarer", "S", "--tricks", "8"), "bogus"),
    ((), "FILE"),
])
def test_score_usage_errors(args: tuple[str, ...], message: str) -> None:
    r = run("score", *args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert "Traceback" not in r.output


def test_score_unreadable_file(tmp_path: Path) -> None:
    r = run("score", str(tmp_path / "missing.pbn"))
    assert r.exit_code == 3
    assert "missing.pbn" in r.stderr and "Traceback" not in r.output


# -- match ---------------------------------------------------------------------

def test_match_json() -> None:
    r = run("match", MATCH, "--json")
    assert r.exit_code == 0
    d = json.loads(r.stdout)
    assert set(d) >= {"boards", "total_imps", "winner"}
    b1 = d["boards"][0]
    assert {"board", "open_ns", "closed_ns", "diff", "imps"} <= set(b1)
    assert (b1["open_ns"], b1["closed_ns"], b1["diff"], b1["imps"]) == (420, 170, 250, 6)
    assert d["total_imps"] == -5 and d["winner"] == "B"


def test_match_table() -> None:
    r = run("match", MATCH, "--ascii")
    assert r.exit_code == 0
    assert "B wins by 5 IMPs" in r.stdout
    row = next(ln for ln in r.stdout.splitlines() if ln.startswith("1 "))
    assert "+250" in row and "6 A" in row


def test_match_mp(tmp_path: Path) -> None:
    r = run("match", MATCH, "--mp", "--json")
    assert r.exit_code == 0
    d = json.loads(r.stdout)   # bridgekit event's JSON contract: one matchpointer
    [first] = [b for b in d["boards"] if b["board"] == "1"]
    assert first["top"] == 1
    assert [(x["score_ns"], x["points_ns"], x["points_ew"]) for x in first["results"]] == [(420, 1.0, 0.0), (170, 0.0, 1.0)]
    assert {p["pair"] for p in d["pairs"]} >= {"Ann - Bob", "Gus - Hal"}


# -- rubber --------------------------------------------------------------------

def test_rubber_pad() -> None:
    r = run("rubber", RUBBER_1920, "--rules", "auction-1920", "--ascii")
    assert r.exit_code == 0
    assert "WE (N/S)" in r.stdout and "total 577" in r.stdout and "win by 325" in r.stdout


def test_rubber_json_keys_and_classic() -> None:
    d = json.loads(run("rubber", RUBBER_CLASSIC, "--json").stdout)
    assert d["profile"] == "auction-classic"
    [rub] = d["rubbers"]
    assert set(rub) >= {"entries", "games", "totals", "winner", "margin", "finished"}
    assert rub["totals"] == {"NS": 603, "EW": 248} and rub["winner"] == "NS" and rub["margin"] == 355
    assert rub["finished"] is True and rub["games"] == ["NS", "EW", "NS"]
    assert {"side", "line", "item", "points"} <= set(rub["entries"][0])


def test_rubber_refuses_contract_profile() -> None:
    r = run("rubber", MATCH)
    assert r.exit_code == 2 and "auction-1920" in r.stderr


# -- deal ----------------------------------------------------------------------

def test_deal_reproducible_file(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pbn", tmp_path / "b.pbn"
    r = run("deal", "--boards", "4", "--seed", "S", "-o", str(a))
    assert r.exit_code == 0 and "seed S" in r.stderr
    assert r.stdout == ""    # with -o, one line on stderr (--diagrams for the hand records)
    run("deal", "--boards", "4", "--seed", "S", "-o", str(b))
    assert a.read_text() == b.read_text()
    from bridgekit.formats import read_boards
    boards = list(read_boards(str(a)))
    assert [(x.get("Board"), x.get("Dealer"), x.get("Vulnerable")) for x in boards] == [
        ("1", "N", "None"), ("2", "E", "NS"), ("3", "S", "EW"), ("4", "W", "All")]
    assert all(x.deal is not None and x.deal.is_complete for x in boards)
    check = run("check", str(a))
    assert check.exit_code == 0, check.output


def test_deal_json_and_seed_printed() -> None:
    r = run("deal", "--boards", "17", "--json")
    d = json.loads(r.stdout)
    assert len(d["boards"]) == 17 and d["boards"][16]["dealer"] == "N" and d["boards"][16]["vulnerable"] == "None"
    again = json.loads(run("deal", "--boards", "17", "--json", "--seed", d["seed"]).stdout)
    assert again == d


def test_help_has_examples() -> None:
    for name in ("score", "match", "rubber", "deal"):
        r = run(name, "--help")
        assert r.exit_code == 0 and "Examples:" in r.stdout and f"bridgekit {name}" in r.stdout


# -- the README examples of these commands are run -------------------------------

def _readme_examples() -> list[tuple[str, str]]:
    import re
    from conftest import docs_text
    readme = docs_text()
    examples: list[tuple[str, str]] = []
    for name in ("score", "match", "rubber"):
        section = readme.split(f"### bridgekit {name}\n", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        for block in re.findall(r"```console\n(.*?)```", section, re.DOTALL):
            lines = block.splitlines()
            i = 0
            while i < len(lines):
                assert lines[i].startswith("$ "), lines[i]
                command = lines[i][2:]
                while command.endswith("\\"):
                    i += 1
                    command = command[:-1] + lines[i].strip()
                i += 1
                out = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    out.append(lines[i])
                    i += 1
                examples.append((command, "\n".join(out)))
    return examples


@pytest.mark.parametrize("command, expected", _readme_examples(), ids=lambda x: x[:40] if isinstance(x, str) else "")
def test_readme_examples(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import shlex
    from conftest import ROOT
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    assert args[0] == "bridgekit"
    r = run(*args[1:])
    assert r.exit_code == 0
    got = "\n".join(line.rstrip() for line in r.stdout.splitlines())
    assert got == "\n".join(line.rstrip() for line in expected.splitlines())

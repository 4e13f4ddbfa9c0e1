"""Issue 10: a file cannot send the terminal escape sequences through bridgekit.

Tag values, players' names, notes and ``{ }`` comments holding a window title
(OSC ``ESC]0;...BEL``), ``ESC[2J``, a hyperlink (``ESC]8;;``), a carriage
return, backspaces, C1 controls or DEL are printed with those characters
shown as escapes, by every command, on stdout and stderr alike."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from bridgekit.formats.pbn import read_pbn
from bridgekit.printable import printable
from bridgekit.render import render_board

from conftest import run

ESC, BEL, CSI8 = "\x1b", "\x07", "\x9b"
TITLE = f"{ESC}]0;owned{BEL}"
CLEAR = f"{ESC}[2J"
LINK = f"{ESC}]8;;http://evil.example{BEL}click{ESC}]8;;{BEL}"


def _board(number: int, room: str, contract: str, result: str, score: str) -> str:
    return (f'[Event "Club {TITLE}night{CLEAR}"]\n'
            f'[Board "{number}"]\n'
            f'[West "W{LINK}"]\n[North "N{ESC}[1Arewritten"]\n[East "E\b\b\bx"]\n[South "S\x7f{CSI8}2J"]\n'
            f'[HomeTeam "Home{TITLE}"]\n[VisitTeam "Away{CLEAR}"]\n[Room "{room}"]\n'
            '[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "{result}"]\n[Score "{score}"]\n'
            f'{{A comment {CLEAR}with {TITLE} and {LINK}}}\n'
            '[Auction "N"]\n1NT =1= Pass 3NT AP\n'
            f'[Note "1:strong {TITLE}"]\n\n')


HOSTILE = _board(1, "Open", "3NT", "9", "NS 400") + _board(1, "Closed", "3NT", "8", "NS -50") \
    + (f'[Event "x"]\n[Board "2"]\n[Dealer "N"]\n[Vulnerable "{CLEAR}"]\n'
       '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
       f'[Declarer "N"]\n[Contract "3Z{TITLE}"]\n[Result "9"]\n\n')


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / f"hostile{ESC}[31m.pbn"   # a file name with a sequence too
    path.write_text(HOSTILE, encoding="utf-8")
    return path


def _clean(text: str) -> None:
    for bad in (ESC, BEL, "\r", "\b", "\x7f", CSI8, "\x00"):
        assert bad not in text, f"{bad!r} reached the output: {text[:300]!r}"


def test_the_file_holds_what_the_test_means() -> None:
    boards = list(read_pbn(HOSTILE))   # the reader keeps the sequences: the printing must not
    assert TITLE in (boards[0].get("Event") or "") and LINK in (boards[0].get("West") or "")
    assert any(CLEAR in c for c in boards[0].comments + [c for t in boards[0].tags.values() for c in t.comments])


@pytest.mark.parametrize("args", [["show"], ["show", "--ascii"], ["check"], ["score"], ["score", "--csv"],
                                  ["score", "--jsonl"], ["score", "--json"], ["match"], ["match", "--csv"],
                                  ["check", "--csv"], ["check", "--jsonl"], ["show", "--json"],
                                  ["show", "--jsonl"], ["score", "--wide"]])
def test_no_control_character_reaches_stdout_or_stderr(hostile: Path, args: list[str]) -> None:
    r = run(*args, str(hostile))
    assert r.exit_code in (0, 1), r.output
    _clean(r.stdout)
    _clean(r.stderr)
    assert r.stdout.strip()   # something was printed (the test could fail)


def test_show_prints_the_escapes_visibly(hostile: Path) -> None:
    out = run("show", str(hostile), "--board", "1").stdout
    assert "Club \\x1b]0;owned\\x07night\\x1b[2J" in out       # the Event in the title line
    assert "\\x1b[2J" in out and "A comment" in out              # the comment
    assert "strong \\x1b]0;owned\\x07" in out                    # the note
    assert "N \\x1b[1A" in out or "(N\\x1b[1A" in out             # North's name (cut to the diagram's width)
    assert "\\x1b]8;;http" in out                                # West's hyperlink


def test_json_outputs_escape_c1_and_del_too(hostile: Path) -> None:
    for args in (["score", "--json"], ["show", "--json"], ["check", "--json"]):
        text = run(*args, str(hostile)).stdout
        json.loads(text)   # still JSON
        assert "\\u009b" in text or args[0] != "show"   # South's name holds a C1 CSI
    rows = [json.loads(line) for line in run("score", "--jsonl", str(hostile)).stdout.splitlines()]
    assert len(rows) == 3 and rows[0]["board"] == "1"


def test_csv_cells_are_printable(hostile: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(run("check", "--csv", str(hostile)).stdout)))
    assert rows and all(ESC not in v for r in rows for v in r.values())
    assert any("\\x1b" in r["message"] for r in rows)   # the quoted value, escaped


def test_colour_keeps_bridgekit_codes_only() -> None:
    board = next(iter(read_pbn(HOSTILE)))
    text = render_board(board, colour=True)
    assert "\x1b[31m" in text                                    # red hearts and diamonds stay
    leftover = text.replace("\x1b[31m", "").replace("\x1b[0m", "")
    _clean(leftover)
    assert "\\x1b]0;owned\\x07" in text


def test_printable() -> None:
    assert printable("plain ♠ text\twith tab\nand lines") == "plain ♠ text\twith tab\nand lines"
    assert printable(f"{CLEAR}x\r\b{CSI8}\x7f\x00") == "\\x1b[2Jx\\r\\b\\x9b\\x7f\\x00"
    assert printable("\x1b[31mred\x1b[0m", colour=True) == "\x1b[31mred\x1b[0m"
    assert printable(f"\x1b[31m{CLEAR}", colour=True) == "\x1b[31m\\x1b[2J"

"""Output that cannot be written and option values that cannot be read: one
clear line, never a traceback (issue 10 point 2).  Each of these raised a
traceback before (the defect quoted in the issue is in the docstring)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.safeio import Output
from bridgekit.tutor.progress import Progress
from conftest import ROOT, SAMPLES, run

MATCH = str(SAMPLES / "match.pbn")
BRIDGEKIT = [sys.executable, "-m", "bridgekit"]
HUGE = "9" * 5000


def bridgekit(*args: str, stdout: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(BRIDGEKIT + list(args), stdout=stdout, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          text=True, cwd=ROOT, env=env, timeout=120)


# Every command that prints on standard output, with enough to print.
PRINTING = [
    ("show", MATCH), ("show", MATCH, "--json"), ("score", MATCH), ("score", MATCH, "--csv"),
    ("score", MATCH, "-o", "-"), ("match", MATCH), ("convert", MATCH, "-"),
    ("deal", "--boards", "2", "--seed", "7"), ("rubber", str(SAMPLES / "rubber-1920.pbn")),
    ("check", "--auction", "1S P P P", "--dealer", "N"), ("check", str(SAMPLES / "bad" / "bad_calls.pbn")),
    ("lesson", "list"), ("lesson", "show", "1"),
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", PRINTING, ids=lambda a: " ".join(a[:1] + a[2:]))
def test_a_full_disk_is_one_line_and_exit_3(args: tuple[str, ...], tmp_path: Path) -> None:
    """Defect: `show f.pbn > /dev/full` ended in a traceback (only convert
    handled it)."""
    env = {**os.environ, "BRIDGEKIT_STATE_DIR": str(tmp_path)}
    with open("/dev/full", "w") as full:
        proc = bridgekit(*args, stdout=full, env=env)
    assert proc.returncode == 3, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("bridgekit: ")]
    assert errors == ["bridgekit: cannot write standard output: No space left on device"], proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("args", [PRINTING[0], PRINTING[1], PRINTING[6]], ids=["show", "show --json", "convert"])
def test_a_closed_standard_output_is_one_line_and_exit_3(args: tuple[str, ...]) -> None:
    proc = subprocess.run(BRIDGEKIT + list(args), stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120,
                          preexec_fn=lambda: os.close(1))
    assert proc.returncode == 3
    assert proc.stderr.strip() == "bridgekit: cannot write standard output: standard output is closed"


def test_a_file_written_with_standard_output_closed_is_not_mixed_with_it(tmp_path: Path) -> None:
    """With descriptor 1 closed, the output file must not become standard output."""
    out = tmp_path / "out.pbn"
    proc = subprocess.run(BRIDGEKIT + ["convert", MATCH, str(out)], stderr=subprocess.PIPE, text=True, cwd=ROOT,
                          timeout=120, preexec_fn=lambda: os.close(1))
    assert proc.returncode == 0, proc.stderr
    assert out.read_text().count('[Board "') == 8


# -- option values ---------------------------------------------------------------------

@pytest.mark.parametrize("value", ["\u00b2", "\u0663", HUGE], ids=["superscript 2", "arabic-indic 3", "5000 digits"])
def test_show_board_with_odd_digits_is_no_board(value: str) -> None:
    """Defect: `show --board ²` and a 5,000-digit --board raised ValueError."""
    result = run("show", MATCH, "--board", value)
    assert result.exit_code == 1
    assert result.stderr.startswith("bridgekit: no board ")
    assert len(result.stderr) < 200


def test_show_board_still_matches_leading_zeros() -> None:
    result = run("show", MATCH, "--board", "01", "--json")
    assert result.exit_code == 0
    assert {b["board"] for b in json.loads(result.stdout)} == {"1"}


@pytest.mark.parametrize("value", ["\u00b2", HUGE])
def test_play_board_with_odd_digits_is_a_usage_error(value: str) -> None:
    result = run("play", "--board", f"{MATCH}:{value}", "--no-save")
    assert result.exit_code == 2
    assert "is not FILE:N" in result.stderr and len(result.stderr) < 400


@pytest.mark.parametrize("args", [("lesson", "run", "\u00b2"), ("lesson", "show", HUGE), ("lesson", "run", HUGE)])
def test_lesson_with_odd_digits_is_no_such_lesson(args: tuple[str, ...], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    result = run(*args)
    assert result.exit_code == 2
    assert "no lesson" in result.stderr and len(result.stderr.splitlines()[0]) < 400


def test_a_5000_digit_integer_option_is_shortened_in_the_error() -> None:
    proc = bridgekit("deal", "--boards", HUGE, stdout=subprocess.PIPE)
    assert proc.returncode == 2
    assert "characters) is not a valid integer" in proc.stderr and len(proc.stderr) < 500


# -- lessons.json --------------------------------------------------------------------------

@pytest.mark.parametrize("content, reason", [
    ('{"lessons": {"01-table-and-deal": {"step": 1e309}}}', "'step' is inf"),
    ('{"lessons": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    ('{"lessons": {"01-table-and-deal": {"step": 3, "answered": "abc"}}}', "'answered'"),
    ("\xff\xfe not text", "damaged"),
], ids=["1e309", "deep nesting", "answered not a list", "not UTF-8"])
def test_a_damaged_progress_file_is_said_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  content: str, reason: str) -> None:
    """Defect: `"step": 1e309` (OverflowError) and deep nesting (RecursionError)
    were tracebacks in every lesson command."""
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    path = tmp_path / "lessons.json"
    original = content.encode("latin-1") if content.startswith("\xff") else content.encode()
    path.write_bytes(original)
    result = run("lesson", "list")
    assert result.exit_code == 0
    assert reason in result.stderr and "lessons.json.damaged" in result.stderr
    assert "not started" in result.stdout
    result = CliRunner().invoke(cli, ["lesson", "run", "1"], input="\nW\n\nq\n", catch_exceptions=False)
    assert result.exit_code == 0
    assert (tmp_path / "lessons.json.damaged").read_bytes() == original
    saved = json.loads(path.read_text())
    assert saved["lessons"]["01-table-and-deal"]["step"] == 3


def test_two_lessons_saved_by_two_runs_are_both_kept(tmp_path: Path) -> None:
    """Defect: each run wrote back the whole file as it had read it, so the
    second save dropped the progress the first had saved meanwhile."""
    path = tmp_path / "lessons.json"
    first, second = Progress(path), Progress(path)
    first.get("01-table-and-deal").step = 4
    second.get("02-the-auction").step = 6
    first.save()
    second.save()
    again = Progress(path)
    assert again.lessons["01-table-and-deal"].step == 4
    assert again.lessons["02-the-auction"].step == 6


def test_output_binary_stream(tmp_path: Path) -> None:
    target = tmp_path / "h.pdf"
    with Output(str(target), binary=True) as out:
        out.stream.write(b"%PDF-1.4\n")
        out.commit()
    assert target.read_bytes() == b"%PDF-1.4\n"

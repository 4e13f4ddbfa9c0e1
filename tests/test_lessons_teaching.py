"""Lessons that read as teaching (issue 16 point 1): the computed breakdown
is part of the explanation, the author's check only with --show-checks; tens
written 10; the end names the next lesson; ``lesson run`` alone goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.tutor import Progress, find_lesson


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path / "state"))
    return tmp_path / "state"


def run(args: list[str], answers: str = "") -> str:
    result = CliRunner().invoke(cli, ["lesson", *args], input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def test_checks_only_with_show_checks(state: Path) -> None:
    # step 1 of lesson 6 is text, step 2 too, step 3 the 420 quiz: its breakdown shows once answered
    plain = run(["run", "6", "--step", "3"], "420\nq\n")
    assert "120 + 300 = 420" in plain and "N/S +420" in plain  # the breakdown stays
    assert "Stated in the lesson" not in plain and "agrees" not in plain
    checked = run(["run", "6", "--step", "3", "--show-checks"], "420\nq\n")
    assert "Stated in the lesson: score ns 420 (agrees)" in " ".join(checked.split())
    shown = run(["show", "6"])
    assert "agrees" not in shown and "trick points" in shown
    assert "(agrees)" in run(["show", "6", "--show-checks"])


def test_tens_are_written_10_unless_ascii(state: Path) -> None:
    out = run(["run", "3", "--step", "4"], "q\n")  # the revoke deal: North holds ♥AKQJT
    assert "♥ AKQJ10" in out and "♠ K1097652" in out and "♥ AKQJT" not in out
    assert "H AKQJT" in run(["run", "3", "--step", "4", "--ascii"], "q\n")


def test_tens_keep_diagram_columns() -> None:
    """Tens rendered as 10 (not rewritten afterwards) leave East's hand in its column."""
    from bridgekit.deal import Deal
    from bridgekit.render import render_deal
    deal = Deal.parse("W:KT97652.AKQ.T.T9 AJ4.JT9.AKQJ.AKQ Q83.8765.98765.J 5.432.432.876543")
    lines = render_deal(deal, tens=True).split("\n")
    west_row = next(line for line in lines if line.startswith("\u2660 K1097652"))
    assert west_row.index("\u2660 Q83") == 48
    assert "\u2666 AKQJ" in render_deal(deal, tens=True) and "\u2665 J109" in render_deal(deal, tens=True)
    assert "\u2665 JT9" in render_deal(deal)        # elsewhere bridgekit writes PBN's T


def test_end_of_lesson_names_the_next(state: Path) -> None:
    steps = len(find_lesson("1").steps)
    out = run(["run", "1", "--step", str(steps)], "show\n\n")
    assert "Next: lesson 2, The auction." in out
    last = find_lesson("8")
    out = run(["run", "8", "--step", str(len(last.steps))], "show\n\n")
    assert "That was the last lesson" in out and "lesson drill" in out


def test_run_alone_resumes_then_moves_on(state: Path) -> None:
    run(["run", "3"], "\n\nq\n")  # leave lesson 3 at step 2 (a quiz)
    out = run(["run"], "q\n")
    assert "Resuming lesson 3 at step 2" in out
    data = json.loads((state / "lessons.json").read_text())
    assert data["current"] == "03-the-play"
    # finish lesson 3 from its last step: the next bare run starts lesson 4
    steps = len(find_lesson("3").steps)
    run(["run", "3", "--step", str(steps)], "show\n\n")  # the last step asks (predict, then see)
    out = run(["run"], "q\n")
    assert out.startswith("Lesson 4: ")


def test_continue_with_picks_the_first_unfinished(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "p.json")
    names = ["01-a", "02-b", "03-c"]
    assert progress.continue_with(names) == "01-a"
    progress.get("01-a").done = True
    progress.get("02-b").done = True
    progress.current = "02-b"
    assert progress.continue_with(names) == "03-c"
    progress.get("03-c").done = True
    assert progress.continue_with(names) is None
    progress.get("01-a").done = False
    assert progress.continue_with(names) == "01-a"

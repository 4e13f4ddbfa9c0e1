"""Teachers' files (issue 26): exercise files in the style BridgeComposer
writes them validate quietly, while a real missing card is still an error.

The file below is written here the way BridgeComposer exports a lesson:
its ``%`` header, every board with the 15 mandatory tags (empty ones
included), ``BCFlags``, labels instead of board numbers (``1-1``, ``3
summary``, ``spacer``), suit-combination diagrams where only the hands shown
hold cards (``N:... KQJT... ... 7642...``, hands of different lengths),
hands hidden with ``...`` and a ``Hidden`` tag, and commentary.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgekit.check import check_board
from bridgekit.deal import Deal
from bridgekit.formats.pbn import read_pbn

from conftest import run

HEADER = """% PBN 2.1
% EXPORT
%Content-type: text/x-pbn; charset=ISO-8859-1
%Creator: BridgeComposer Version 5.98
%BCOptions Float Justify STBorder STShade
"""


def board(label: str, deal: str, *, dealer: str = "N", hidden: str | None = None, note: str = "") -> str:
    return "\n".join([
        '[Event ""]', '[Site ""]', '[Date ""]', f'[Board "{label}"]', '[West ""]', '[North ""]', '[East ""]',
        '[South ""]', f'[Dealer "{dealer}"]', '[Vulnerable "None"]', f'[Deal "{deal}"]', '[Scoring ""]',
        '[Declarer ""]', '[Contract ""]', '[Result ""]', '[BCFlags "1f"]',
        *([f'[Hidden "{hidden}"]'] if hidden else []),
        *([f"{{{note}}}"] if note else []), ""])


FULL = "N:AKQJ.T98.765.432 T987.AKQ.432.J65 65432.J76.AKQ.T9 .5432.JT98.AKQ87"
LESSON = HEADER + "\n".join([
    board("1-1", "N:... KQJT... ... 7642...", note="Play the spades for three tricks."),
    board("1-2", "S:... Q7... ... KJT94...", dealer="S", note="Finesse, or drop?"),
    board("2-1", "N:AQ3... ... 852... ...", note="Only North and South shown: lead toward the queen."),
    board("2-2", FULL.replace("T987.AKQ.432.J65", "...").replace(".5432.JT98.AKQ87", "..."), hidden="EW",
          note="Bidding: East and West hidden."),
    board("3 summary", FULL, note="The whole deal."),
    board("spacer", "", note="(page break)"),
])


def problems(text: str, strict: bool = False) -> list:
    return [p for b in read_pbn(text) for p in check_board(b, strict)]


def test_a_teachers_file_gives_no_error() -> None:
    found = problems(LESSON)
    assert [str(p) for p in found if p.severity == "error"] == []
    by_board: dict[str, list[str]] = {}
    for p in found:
        by_board.setdefault(p.board or "", []).append(p.code)
    by_board = {k: sorted(v) for k, v in by_board.items()}
    # one warning a board naming the form of the deal or of the label, nothing else
    assert by_board == {
        "1-1": ["board-label", "partial-deal"], "1-2": ["board-label", "partial-deal"],
        "2-1": ["board-label", "partial-deal"], "2-2": ["board-label", "hidden-hand"],
        "3 summary": ["board-label"], "spacer": ["board-label"]}
    # BCFlags is an extension BridgeComposer writes on every board: not said
    assert "unknown-tag" not in {p.code for p in found}


def test_the_partial_diagram_is_named_as_it_is() -> None:
    p = next(p for p in problems(LESSON) if p.board == "1-1" and p.code == "board-label")
    assert p.message == "Board '1-1' is a label, not a board number (PBN 3.4.4 asks for a positive whole number)"
    form = next(p for p in problems(LESSON) if p.board == "1-2" and p.code == "partial-deal")
    assert form.message == ("a partial diagram (East 5, West 2 cards; North and South written empty), "
                            "as a teaching file gives: not a deal to play")


def test_strict_makes_labels_errors() -> None:
    strict = [p for p in problems(LESSON, strict=True) if p.severity == "error"]
    assert {p.code for p in strict} == {"board-label"} and len(strict) == 6


def test_real_missing_cards_stay_errors() -> None:
    # North short of one card beside three full hands: a mistake, not a diagram
    twelve = FULL.replace("AKQJ.T98.765.432", "AKQJ.T98.765.43")
    found = problems(HEADER + board("4", twelve))
    errors = sorted((p.code, p.message) for p in found if p.severity == "error")
    assert errors == [("hand-size", "North has 12 cards, not 13"), ("missing-card", "missing ♣2")]
    # hands of different lengths, none written empty: cards are missing, not a diagram
    uneven = problems(HEADER + board("5", "N:AK.2.. QJ.3.. T9.4.. 87..."))
    assert {p.code for p in uneven if p.severity == "error"} == {"hand-size", "missing-card"}
    # a hand written empty that the Hidden tag does not name is a mistake too
    hidden_w = FULL.replace(".5432.JT98.AKQ87", "...").replace("T987.AKQ.432.J65", "...")
    found = problems(HEADER + board("6", hidden_w, hidden="W"))
    assert ("hand-size", "error") in [(p.code, p.severity) for p in found]


def test_hand_size_message_grammar() -> None:
    one = Deal.parse("N:A... KQJT98765432... .AKQJT98765432.. ...")  # North holds one card
    messages = [m for c, m in one.problems() if c == "hand-size"]
    assert "North has 1 card, not 13" in messages


def test_quiz_blanks_and_non_calls_stay_errors() -> None:
    for auction in ("1S ___ 2S", "1S P etc", "1S P 4NT/5D"):
        found = problems(HEADER + board("7", FULL) + f'[Auction "N"]\n{auction}\n')
        assert "bad-call" in {p.code for p in found if p.severity == "error"}, auction


def test_check_command_on_a_teachers_file(tmp_path: Path) -> None:
    path = tmp_path / "lesson.pbn"
    path.write_text(LESSON, encoding="latin-1")
    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("6 boards checked, 6 with problems (6 with warnings only)")
    strict = run("check", "--strict", str(path))
    assert strict.exit_code == 1


@pytest.mark.parametrize("name, code", [("Wrong", "unknown-tag"), ("wrong", "bad-tag-name"),
                                        ("BCFlags", None), ("DoubleDummyTricks", None), ("Event", None)])
def test_tag_names(name: str, code: str | None) -> None:
    from bridgekit.tagsyntax import tag_name_problem
    found = tag_name_problem(name)
    assert (found[0] if found else None) == code


def test_a_new_tag_is_said_once_a_file(tmp_path: Path) -> None:
    text = HEADER + "".join(board(str(n), FULL).replace('[BCFlags "1f"]', '[MyTag "x"]') for n in (1, 2, 3))
    path = tmp_path / "mine.pbn"
    path.write_text(text, encoding="latin-1")
    result = run("check", str(path))
    assert result.stdout.count("unknown-tag") == 1 and result.exit_code == 0

"""A new user's first hour (issue 26): what a first try of the commands on the
samples shows, each point as it once went wrong."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgekit.cli import COMMANDS, cli
from bridgekit.printable import visible_len

from conftest import DOC_PAGES, ROOT, SAMPLES, run

MATCH = str(SAMPLES / "match.pbn")
PAIRS = str(SAMPLES / "pairs.pbn")


def _too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if visible_len(line) > 80]


# -- the repository and its documentation -------------------------------------------

def test_no_board_file_at_the_root() -> None:
    """A match.pbn committed at the root made the docs' `deal -o match.pbn`
    fail in a fresh clone (the file existed)."""
    assert not sorted(p.name for p in ROOT.glob("*.pbn"))


def _doc_commands() -> list[str]:
    """Every bridgekit command line of the documentation's code blocks."""
    lines = []
    for page in DOC_PAGES:
        for block in re.findall(r"```(?:sh|console|bash)?\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL):
            for line in block.splitlines():
                line = re.sub(r"^\S*\$\s+", "", line).split(" # ", 1)[0].strip()
                if line.startswith("bridgekit "):
                    lines.append(line)
    return lines


def _targets(line: str) -> list[str]:
    """The files a command line writes: -o/--output/--save, convert's OUT, > redirections."""
    try:
        words = shlex.split(line.split("|", 1)[0])
    except ValueError:
        return []
    out = [words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-o", "--output", "--save", ">")]
    if len(words) > 3 and words[1] == "convert":
        positional = [w for w in words[2:] if not w.startswith("-") or w == "-"]
        out += positional[1:2]
    return out


def test_docs_examples_do_not_write_into_the_repository() -> None:
    """An example that reads the bundled samples, or deals new boards, is run
    from the repository: it writes to standard output, /tmp or home, never a
    relative path (which would land in the clone)."""
    examples = [line for line in _doc_commands() if "samples/" in line or line.split()[1] == "deal"]
    writers = [line for line in examples if _targets(line)]
    assert len(writers) >= 3, writers   # the parser sees the README's handrecord and the deal examples
    # (convert IN IN is shown as refused: an input is never overwritten)
    bad = [line for line in writers for t in _targets(line)
           if not (t == "-" or t.startswith(("/", "~")) or line.split().count(t) > 1)]
    assert not bad


def test_top_level_help_examples_read_files_that_exist() -> None:
    result = run("--help")
    examples = [line.strip() for line in result.stdout.split("Examples:", 1)[1].splitlines()
                if line.strip().startswith("bridgekit ")]
    assert len(examples) >= 3
    for line in examples:
        files = [w for w in shlex.split(line)[2:] if not w.startswith("-") and "." in w]
        assert files and all((ROOT / f).is_file() for f in files), line


# -- one name for the input-format option ------------------------------------------

def _command(name: str) -> click.Command:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return command


READING = sorted(name for name in COMMANDS
                 if any(isinstance(p, click.Argument) and p.name in ("files", "file", "source")
                        for p in _command(name).params) or name == "play")


def test_every_reading_command_takes_from() -> None:
    assert {"show", "check", "score", "match", "event", "dd", "handrecord", "convert", "play"} <= set(READING)
    for name in READING:
        opts = {o for p in _command(name).params for o in p.opts}
        assert "--from" in opts, name
        assert "--format" not in opts, name


def test_unknown_format_message_names_the_option_that_exists(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("[Board \"1\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n",
                     encoding="utf-8")
    notes.write_text("hello\n" + notes.read_text(), encoding="utf-8")   # no tag first: the content does not tell
    for name in ("show", "check", "score"):
        result = run(name, str(notes))
        assert result.exit_code == 3
        named = re.findall(r"--\w+", result.stderr)
        assert named == ["--from"], result.stderr
    # and the option named reads it (as PBN: the stray line is a problem, the board is read)
    result = run("show", "--from", "pbn", str(notes))
    assert result.exit_code != 3 and "Board 1" in result.stdout


# -- match, --board, empty inputs --------------------------------------------------

def test_match_on_a_pairs_file_points_to_event() -> None:
    result = run("match", PAIRS)
    assert result.exit_code == 1
    assert f"bridgekit event {PAIRS}" in result.stderr
    assert "--mp" not in result.stderr


def test_match_mp_on_a_pairs_file_is_event_method_mp() -> None:
    """match --mp is bridgekit event's matchpointer (issue 28): the same report."""
    mp = run("match", PAIRS, "--mp", "--json")
    ev = run("event", PAIRS, "--method", "mp", "--json")
    assert mp.exit_code == ev.exit_code and mp.stdout == ev.stdout and '"points_ns"' in mp.stdout


@pytest.mark.parametrize("name", ["show", "score", "check"])
def test_board_not_there_lists_the_boards(name: str) -> None:
    result = run(name, MATCH, "--board", "99")
    assert result.exit_code == 1
    assert "no board 99" in result.stderr and "the boards are 1-4" in result.stderr
    assert "----" not in result.stdout   # no empty table header


def test_play_board_not_there_lists_the_boards_as_the_other_commands_do() -> None:
    result = run("play", "--board", f"{MATCH}:99", "--no-save")
    assert result.exit_code == 1
    assert "no board 99" in result.stderr and "the boards are 1-4" in result.stderr


def test_board_not_a_number_is_checked() -> None:
    result = run("show", MATCH, "--board", "x")
    assert result.exit_code == 1 and "no board x" in result.stderr and "1-4" in result.stderr
    for bad in ("0", "-3", " "):
        result = run("show", MATCH, "--board", bad)
        assert result.exit_code == 2, bad
        assert "--board" in result.stderr


def test_boards_seen_in_ranges() -> None:
    from bridgekit.board import Board
    from bridgekit.cli.options import BoardsSeen
    seen = BoardsSeen()
    for label in ["1", "2", "3", "7", "8", "1-1", "3 summary", "spacer"]:
        board = Board()
        board.set("Board", label)
        seen.add(board)
    assert seen.describe() == "the boards are 1-3, 7-8, '1-1', '3 summary', 'spacer'"


def test_no_empty_table_before_the_error() -> None:
    result = run("score", MATCH, "--board", "99")
    assert "contract" not in result.stdout and "----" not in result.stdout


@pytest.mark.parametrize("name", ["show", "check", "score"])
def test_an_empty_directory_is_an_error(name: str, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not boards", encoding="utf-8")
    result = run(name, str(tmp_path))
    assert result.exit_code == 3
    assert "no .pbn or .lin file" in result.stderr
    assert "----" not in result.stdout


# -- deal and dd with -o -----------------------------------------------------------

def test_deal_to_a_file_prints_one_line(tmp_path: Path) -> None:
    out = tmp_path / "f.pbn"
    result = run("deal", "--boards", "500", "--seed", "s", "-o", str(out))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr.strip() == f"500 boards from seed s written to {out}"
    assert out.read_text(encoding="utf-8").count("[Board ") == 500
    again = run("deal", "--boards", "2", "--seed", "s", "-o", str(tmp_path / "g.pbn"), "--diagrams")
    assert again.stdout.count("Dealer ") == 2


def test_dd_json_to_standard_output_and_pbn_there_is_refused() -> None:
    result = run("dd", MATCH, "--json", "-o", "-")
    assert result.exit_code == 2 and "-o FILE" in result.stderr


@pytest.mark.dds
def test_dd_json_and_a_file_gives_both(tmp_path: Path) -> None:
    out = tmp_path / "dd.pbn"
    result = run("dd", MATCH, "--board", "1", "--json", "-o", str(out))
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert [r["board"] for r in rows] == ["1", "1"]   # open and closed rooms
    text = out.read_text(encoding="utf-8")
    assert text.count('[DoubleDummyTricks "') == 2
    assert f'[DoubleDummyTricks "{rows[0]["dd"]}"]' in text


# -- 80 columns ----------------------------------------------------------------------

def _helps() -> list[list[str]]:
    out = [[]]
    for name in COMMANDS:
        out.append([name])
        command = _command(name)
        if isinstance(command, click.Group):
            out += [[name, sub] for sub in command.commands]
    return out


@pytest.mark.parametrize("args", _helps(), ids=lambda a: " ".join(a) or "bridgekit")
def test_help_fits_80_columns(args: list[str]) -> None:
    result = CliRunner().invoke(cli, [*args, "--help"], terminal_width=80)
    assert result.exit_code == 0
    assert not _too_wide(result.stdout)


@pytest.mark.parametrize("args", [
    ["check", "--auction", "1S P 2S", "--dealer", "N"],
    ["lesson", "check", "4", "--all"],
    ["lesson", "list", "--lang", "fr"],
])
def test_screens_fit_80_columns(args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() and not _too_wide(result.stdout)


def test_quick_auction_lists_the_calls_as_a_range() -> None:
    assert run("check", "--auction", "1S P 2S", "--dealer", "N", "--ascii").stdout.strip() == \
        "not finished (2S so far); West to call: Pass, X or 2NT to 7NT"
    assert run("check", "--auction", "1S P 2S X XX", "--dealer", "N", "--ascii").stdout.strip() == \
        "not finished (2SXX so far); East to call: Pass or 2NT to 7NT"
    assert run("check", "--auction", "P P P 7NT X XX", "--dealer", "N", "--ascii").stdout.strip() == \
        "not finished (7NTXX so far); South to call: Pass"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_end_of_a_lesson_fits_80_columns(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    result = run("lesson", "run", "7", "--lang", lang, input="show\n\n" * 40)
    assert "lesson run 8" in result.stdout
    assert not _too_wide(result.stdout)


# -- grammar -------------------------------------------------------------------------

def test_dd_summary_grammar() -> None:
    from bridgekit.analysis.run import DDRun

    def summary(boards: int, solved: int) -> str:
        run = DDRun(lambda *a: None)
        run.counts.boards = run.counts.sources["solved"] = boards
        return run.summary(solved, 0)
    assert summary(3, 2) == "3 boards: 2 solved (1 more board repeats one of those deals), 0 from the cache"
    assert "(2 more boards repeat those deals)" in summary(4, 2)


def test_score_says_what_is_doubtful() -> None:
    result = run("score", str(SAMPLES / "bad" / "twelve_cards.pbn"))
    assert "not scored: hand-size and 1 more" in result.stdout
    from bridgekit.cli.scoring import _check_cell
    row = {"reading_errors": ["hand-size"], "score_ns": 420}
    assert _check_cell(row) == "score doubtful: hand-size"


def test_plurals_in_puzzle_and_lesson_messages() -> None:
    from bridgekit.tutor.compute import compute_imps
    from bridgekit.i18n import _n

    def costs(lang: str, n: int) -> str:
        return _n(lang, "Not quite: {card} costs {lost} trick; {side} would take {total}.",
                  "Not quite: {card} costs {lost} tricks; {side} would take {total}.", n, card="SA", lost=n,
                  side="N/S", total=9).replace("\u202f", " ")
    assert "costs 1 trick;" in costs("en", 1)
    assert "costs 2 tricks;" in costs("en", 2)
    assert "coûte 1 pli ;" in costs("fr", 1)
    assert "coûte 3 plis ;" in costs("fr", 3)
    assert compute_imps({"diff": 20}, False).lines[-1] == "A difference of +20 is +1 IMP"   # 20-40: 1 IMP
    assert compute_imps({"diff": 50}, False).lines[-1] == "A difference of +50 is +2 IMPs"


def test_one_card_notation_on_a_screen() -> None:
    """The trick list and the refusal of `check --play` (as `show`, `analyse`
    and `play` print cards) write a card one way: suit first, T for the ten
    (once 'W:♣A' beside 'the 10♥')."""
    deal = "N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765"
    result = run("check", "--play", "CA C2 HA", "--deal", deal, "--contract", "3NT", "--declarer", "S")
    assert result.exit_code == 1
    cards = re.findall(r"(?:10|[2-9TJQKA])[\u2660\u2665\u2666\u2663]|[\u2660\u2665\u2666\u2663](?:10|[2-9TJQKA])",
                       result.stdout)
    assert len(cards) >= 4 and all(c[0] in "\u2660\u2665\u2666\u2663" and "10" not in c for c in cards), cards

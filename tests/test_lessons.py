"""The course is tested: every lesson checks, broken lessons are caught naming
lesson and step, every worked example of the rule documents appears and is
computed, and ``lesson run`` works end to end with scripted input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.tutor import LessonError, check_lesson, find_lesson, lessons_dir, load_lesson, load_lessons
from bridgekit.tutor.checker import run_computes
from bridgekit.tutor.compute import compute

EXPECTED_ORDER = [
    "table-and-deal", "the-auction", "the-play", "auction-1920-scoring", "auction-classic",
    "duplicate-scoring", "team-match-imps", "playing-the-computer",
]


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Progress goes to a temporary state directory."""
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path / "state"))
    return tmp_path / "state"


def test_eight_lessons_in_order() -> None:
    lessons = load_lessons()
    assert [ls.slug for ls in lessons] == EXPECTED_ORDER
    assert [ls.number for ls in lessons] == list(range(1, 9))
    assert lessons_dir().name == "lessons"


def test_every_lesson_checks() -> None:
    for lesson in load_lessons():
        failed = [f for f in check_lesson(lesson) if f.status == "fail"]
        assert not failed, "\n".join(str(f) for f in failed)


RULE_BOOKS = ("Laws of Auction Bridge (1920)", "How to Play Auction Bridge", "Duplicate Bridge",
              "One Deal Against the Computer")


def test_step_sources_name_rule_books_by_title_and_fit_80_columns() -> None:
    """A reader has the rule books, not the files they came in: a step's source
    names a book by its title (never a bare document number such as '003'),
    and the step header, source included, fits 80 columns."""
    from bridgekit.tutor.display import header

    books = set()
    for lesson in load_lessons():
        for step in lesson.steps:
            assert not re.search(r"\b00[0-4]\b", step.source), (lesson.slug, step.index, step.source)
            books.update(b for b in RULE_BOOKS if b in step.source)
            assert max(len(line) for line in header(lesson, step).splitlines()) <= 80, (lesson.slug, step.index)
    assert books == set(RULE_BOOKS)


def test_every_step_kind_and_quizzes_present() -> None:
    everywhere = set()
    for lesson in load_lessons():
        kinds = {s.kind for s in lesson.steps}
        everywhere |= kinds
        # worked examples whose figure is the point became quizzes (issue 29.5)
        assert {"text", "quiz"} <= kinds, lesson.name
    assert everywhere == {"text", "example", "quiz"}


def test_lesson_check_command_passes(state: Path) -> None:
    result = CliRunner().invoke(cli, ["lesson", "check"])
    assert result.exit_code == 0, result.output
    assert "8 lessons" in result.output and "0 failed" in result.output


def test_lesson_check_json(state: Path) -> None:
    result = CliRunner().invoke(cli, ["lesson", "check", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["failed"] == 0 and data["checked"] > 20
    assert any(f["check"] == "score.score_ns" and f["stated"] == "-500" and f["computed"] == "-500"
               for f in data["findings"])


# -- a deliberately broken lesson ---------------------------------------------

BROKEN = '''
title = "Broken"

[[steps]]
kind = "text"
title = "fine"
text = "A fine first step."

[[steps]]
kind = "example"
title = "a wrong figure"
text = "1S making ten under 1920."
rules = "auction-1920"
contract = "1S"
declarer = "S"
tricks = 10

[[steps.compute]]
what = "score"
expect = { declarer_below = 30 }

[[steps]]
kind = "example"
title = "an illegal auction"
text = "1H then 1D."
dealer = "N"
auction = "1H 1D P P P"

[[steps.compute]]
what = "contract"
expect = { contract = "1D" }

[[steps]]
kind = "quiz"
title = "a wrong quiz answer"
question = "Who wins?"
leader = "W"
trump = "S"
play = "HA S3 HK H2"
answer = "W"
answer_type = "seat"
expect_key = "winner"
hints = [{ answer = "N", text = "a hint on the right answer" }]

[[steps.compute]]
what = "trick"
expect = { winner = "N" }

[[steps]]
kind = "example"
title = "a deal with a card twice"
text = "Two aces of spades."
deal = "N:AKQJT98765432... -  A... -"

[[steps.compute]]
what = "deal"
expect = { complete = false }
'''


def test_broken_lesson_fails_naming_lesson_and_step(tmp_path: Path) -> None:
    path = tmp_path / "09-broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    lesson = load_lesson(path)
    findings = check_lesson(lesson)
    assert any(f.check == "fr.lesson" and f.status == "fail" for f in findings)  # no French either
    failed = [f for f in findings if f.status == "fail" and not f.check.startswith("fr.")]
    by_step = {f.step: f for f in failed}
    assert set(by_step) == {2, 3, 4, 5}
    assert all(f.lesson == "09-broken" for f in failed)
    assert "states 30 but bridgekit computes '36'" in by_step[2].message
    assert "call 2 is illegal" in by_step[3].message and "insufficient" in by_step[3].message
    quiz = [f.message for f in failed if f.step == 4]
    assert any("expects 'W' but bridgekit computes 'North'" in m for m in quiz)
    assert any("hint is attached to the right answer" in m for m in quiz)
    assert "more than one hand" in by_step[5].message
    assert str(by_step[2]).startswith("lesson 09-broken, step 2:")


def test_broken_lesson_fails_lesson_check_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "01-broken.toml").write_text(BROKEN, encoding="utf-8")
    monkeypatch.setattr("bridgekit.tutor.loader.lessons_dir", lambda: tmp_path)
    result = CliRunner().invoke(cli, ["lesson", "check"])
    assert result.exit_code == 1
    assert "lesson 01-broken, step 2" in result.stderr
    assert "lesson 01-broken, step 4" in result.stderr


@pytest.mark.parametrize("text, message", [
    ('title = "x"\n[[steps]]\nkind = "lecture"\ntext = "t"\n', "step 1: kind must be one of"),
    ('title = "x"\n[[steps]]\nkind = "quiz"\nquestion = "q"\n', "step 1: a quiz needs 'answer'"),
    ('title = "x"\n[[steps]]\nkind = "text"\ntext = "t"\ncolour = "red"\n', "step 1: unknown key(s) colour"),
    ('title = "x"\n[[steps]]\nkind = "example"\ntext = "t"\n[[steps.compute]]\nwhat = "score"\n',
     "compute 1: 'expect' must state at least one figure"),
    ('title = [unclosed\n', "not valid TOML"),
])
def test_malformed_lesson_files_raise_lesson_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "03-bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError, match=re.escape(message)):
        load_lesson(path)


def test_unknown_lesson_is_a_usage_error(state: Path) -> None:
    result = CliRunner().invoke(cli, ["lesson", "run", "99"])
    assert result.exit_code == 2
    assert "no lesson '99'" in result.stderr and "01-table-and-deal" in result.stderr
    assert "Traceback" not in result.output


# -- every worked example of the documents appears and is computed ------------

def _stated_figures() -> list[tuple[str, int, str, str, dict[str, object], dict[str, object]]]:
    out = []
    for lesson in load_lessons():
        for step in lesson.steps:
            for c in step.computes:
                out.append((lesson.slug, step.index, c.what, c.id, step.position_for(c), c.expect))
    return out


def _find(slug: str, what: str, **pos: object) -> list[tuple[dict[str, object], dict[str, object]]]:
    found = []
    for s, _i, w, _id, position, expect in _stated_figures():
        if s == slug and w == what and all(str(position.get(k)) == str(v) for k, v in pos.items()):
            found.append((position, expect))
    return found


@pytest.mark.parametrize("slug, what, pos, key, figure", [
    # 000 section 09
    ("auction-1920-scoring", "score", {"contract": "1S", "tricks": 10}, "declarer_below", 36),
    ("auction-1920-scoring", "score", {"contract": "1HX", "tricks": 9}, "declarer_below", 48),
    ("auction-1920-scoring", "score", {"contract": "1HX", "tricks": 9}, "declarer_above", 150),
    ("auction-1920-scoring", "score", {"contract": "1S", "tricks": 7}, "honours", 72),
    ("the-play", "trick", {"play": "HA S3 HK H2", "trump": "S"}, "winner", "N"),
    # 003 section 09
    ("the-play", "trick", {"play": "CK CA H3 C2", "contract": "4H"}, "winner", "W"),
    ("duplicate-scoring", "score", {"contract": "4S", "tricks": 10}, "score_ns", 420),
    ("duplicate-scoring", "score", {"contract": "3S", "tricks": 10}, "score_ns", 170),
    ("team-match-imps", "imps", {"scores": [420, 170]}, "imps", 6),
    ("duplicate-scoring", "score", {"contract": "4HX", "vul": "All", "tricks": 8}, "score_ns", -500),
    # 002
    ("auction-classic", "score", {"contract": "1S", "tricks": 11}, "declarer_below", 45),
])
def test_worked_examples_appear_and_compute(slug: str, what: str, pos: dict[str, object], key: str,
                                            figure: object) -> None:
    found = _find(slug, what, **pos)
    assert found, f"no {what} step with {pos} in lesson {slug}"
    for position, expect in found:
        assert str(expect[key]) == str(figure)
        value = compute(what, position).values[key]
        assert str(getattr(value, "name", value)) == str(figure)


def test_worked_example_trick_003_is_played_through_the_engine() -> None:
    lesson = find_lesson("the-play")
    step = next(s for s in lesson.steps if s.title == "Dummy's ace, West's trump")
    assert "deal" in step.position and step.position["declarer"] == "N"
    result = run_computes(step)["trick"]
    assert not isinstance(result, Exception) and result is not None
    assert result.values["winner"].name == "W" and str(result.values["winning_card"]) == "H3"


def test_honours_72_not_80_under_1920_and_80_under_classic() -> None:
    lesson = find_lesson("auction-classic")
    step = next(s for s in lesson.steps if s.title.startswith("Four honours in one hand"))
    results = run_computes(step)
    assert results["y1920"].values["honours"] == 72  # type: ignore[union-attr]
    assert results["classic"].values["honours"] == 80  # type: ignore[union-attr]


@pytest.mark.dds
def test_dds_figures_of_lesson_5() -> None:
    failed = [f for f in check_lesson(find_lesson("auction-classic"), dds=True) if f.status == "fail"]
    assert not failed, "\n".join(str(f) for f in failed)
    checked = [f for f in check_lesson(find_lesson("auction-classic"), dds=True) if f.check.startswith("par_")]
    assert checked and all(f.status == "ok" for f in checked)


# -- lesson show and list ------------------------------------------------------

def test_lesson_show_prints_the_whole_lesson_with_answers(state: Path) -> None:
    result = CliRunner().invoke(cli, ["lesson", "show", "3", "--ascii"])
    assert result.exit_code == 0, result.output
    out = result.output
    lesson = find_lesson("3")
    for step in lesson.steps:
        assert step.title in out
    assert "W HA  N S3  E HK  S H2  (S trumps): North wins with S3" in out
    assert "Answer: East" in out
    assert "\u2660" not in out


def test_lesson_list_shows_progress(state: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["lesson", "list", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.output)["lessons"]
    assert [r["name"] for r in rows] == EXPECTED_ORDER
    assert all(r["progress"] == "not started" for r in rows)
    runner.invoke(cli, ["lesson", "run", "2"], input="\n10\n\nq\n")
    result = runner.invoke(cli, ["lesson", "list"])
    assert "step 3 of" in result.output
    assert "not started" in result.output


# -- lesson run, end to end ----------------------------------------------------

def test_lesson_run_scripted_session(state: Path) -> None:
    runner = CliRunner()
    # lesson 3: step 1 text, step 2 quiz "who leads" (answer East).
    script = "\n".join([
        "",          # step 1 -> step 2 (quiz)
        "back",      # back to step 1 from the quiz
        "",          # forward again to the quiz
        "W",         # wrong: targeted hint for West
        "S",         # wrong: targeted hint for South
        "?",         # general hint
        "east",      # right, in another spelling
        "",          # -> step 3
        "q",         # quit
    ]) + "\n"
    result = runner.invoke(cli, ["lesson", "run", "the-play", "--ascii"], input=script)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert out.count("step 1 of") == 2
    assert "West is on declarer's right" in out
    assert "South made the last bid but is dummy here" in out
    assert "Hint: The lead comes from declarer's left." in out
    assert "Right!" in out and "Answer: East" in out
    assert "step 3 of" in out
    assert "Progress saved at step 3" in out
    saved = json.loads((state / "lessons.json").read_text())
    assert saved["lessons"]["03-the-play"]["step"] == 3
    assert saved["lessons"]["03-the-play"]["answered"] == [2]

    # resume where we left off; going back shows the answered quiz as answered
    result = runner.invoke(cli, ["lesson", "run", "3", "--ascii"], input="b\nq\n")
    assert result.exit_code == 0
    assert "Resuming lesson 3 at step 3" in result.output
    assert "step 2 of" in result.output and "Answer: East" in result.output

    # --restart starts from the first step again
    result = runner.invoke(cli, ["lesson", "run", "3", "--restart"], input="q\n")
    assert "step 1 of" in result.output and "Resuming" not in result.output


def test_lesson_run_to_the_end_and_end_of_input(state: Path) -> None:
    runner = CliRunner()
    lesson = find_lesson("1")
    answers = {s.index: s.answer for s in lesson.steps if s.kind == "quiz"}
    lines = []
    for step in lesson.steps:
        if step.index in answers:
            lines.append(answers[step.index])
        lines.append("")
    result = runner.invoke(cli, ["lesson", "run", "1"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "End of lesson 1" in result.output
    assert result.output.count("Right!") == len(answers)
    saved = json.loads((state / "lessons.json").read_text())["lessons"]["01-table-and-deal"]
    assert saved["done"] is True
    # a run cut short by the end of input quits cleanly and saves progress
    result = runner.invoke(cli, ["lesson", "run", "4"], input="\n")
    assert result.exit_code == 0
    assert "Progress saved at step 2" in result.output


def test_lesson_run_unreadable_answer_is_explained(state: Path) -> None:
    result = CliRunner().invoke(cli, ["lesson", "run", "6", "--step", "5"], input="lots\n600\nq\n")
    assert result.exit_code == 0
    assert "I could not read 'lots' as a number" in result.output
    assert "Right!" in result.output


def test_tutor_layer_imports_no_click_tabulate_or_endplay() -> None:
    import subprocess
    import sys
    code = ("import sys\n"
            "from bridgekit.tutor import load_lessons, check_lesson\n"
            "from bridgekit.tutor.checker import run_computes\n"
            "from bridgekit.tutor.display import lesson_text\n"
            "for ls in load_lessons():\n"
            "    check_lesson(ls)\n"
            "    lesson_text(ls, lambda s: run_computes(s, dds=False))\n"
            "print(sorted(m for m in ('click', 'tabulate', 'endplay') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_corrupt_progress_file_counts_as_no_progress(state: Path) -> None:
    state.mkdir(parents=True)
    (state / "lessons.json").write_text("{not json", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["lesson", "list"])
    assert result.exit_code == 0 and "not started" in result.output
    result = runner.invoke(cli, ["lesson", "run", "8"], input="\nq\n")
    assert result.exit_code == 0 and "Progress saved at step 2" in result.output
    assert json.loads((state / "lessons.json").read_text())["lessons"]["08-playing-the-computer"]["step"] == 2


QUIZZES = [(ls, st) for ls in load_lessons() for st in ls.steps if st.kind == "quiz"]


@pytest.mark.parametrize("lesson, step", QUIZZES[::3], ids=lambda x: getattr(x, "name", None) or str(x.index))
def test_any_typed_answer_is_judged_without_crashing(lesson, step) -> None:  # type: ignore[no-untyped-def]
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from bridgekit.tutor.checker import hint_for, is_correct
    results = run_computes(step)

    @settings(max_examples=60, deadline=None)
    @given(st.text(max_size=12))
    def judge(text: str) -> None:
        verdict = is_correct(step, results, text)
        assert verdict in (True, False, None)
        assert isinstance(hint_for(step, text), str)

    judge()
    assert is_correct(step, results, step.answer) is True


def test_readme_transcript_is_real(state: Path) -> None:
    from conftest import docs_text
    readme = docs_text()
    section = readme.split("### bridgekit lesson", 1)[1]
    block = section.split("$ bridgekit lesson run the-play\n...\n", 1)[1].split("```", 1)[0]
    result = CliRunner().invoke(cli, ["lesson", "run", "the-play"], input="\nW\neast\nq\n")
    assert result.exit_code == 0
    tidy = "\n".join(line.rstrip() for line in result.output.splitlines())
    assert tidy.endswith("\n".join(line.rstrip() for line in block.rstrip("\n").splitlines()))

"""The lessons say what the rule documents say (issue 19).

Each test reads the text a learner sees in ``bridgekit lesson show`` for one
step, found by its title, and looks for the corrected statement (by its key
words, not an exact sentence), and where it matters for the old wording that
was wrong.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.tutor import find_lesson
from bridgekit.tutor.checker import run_computes


def shown(lesson: str) -> str:
    result = CliRunner().invoke(cli, ["lesson", "show", lesson])
    assert result.exit_code == 0, result.output
    return result.output


def step_shown(lesson: str, title: str) -> str:
    """The part of ``lesson show`` for the step titled ``title`` (up to the next step)."""
    text = shown(lesson)
    start = text.index("=\n" + title) + 2  # the step's header, not a mention elsewhere
    nxt = text.find("\nLesson ", start)
    return " ".join(text[start: nxt if nxt >= 0 else len(text)].split())


def titles(lesson: str) -> list[str]:
    return [s.title for s in find_lesson(lesson).steps]


def test_value_bidding_is_what_1920_rejects() -> None:
    text = step_shown("4", "Before contract bridge")
    assert re.search(r"value bidding", text, re.I)
    assert re.search(r"ranked by the points", text)
    assert "older British trick values" not in text


def test_one_spade_eight_tricks_called_a_slip() -> None:
    text = step_shown("5", "1♠ with eleven tricks")
    assert "slip" in text and "8 tricks" in text
    assert re.search(r"promise[sd]? seven", text)
    assert "counts them" not in text  # no longer a "counting convention"


def test_par_step_keeps_one_meaning_of_game_and_is_an_aside() -> None:
    text = step_shown("5", "Advanced aside: par on the same deal")
    assert "Advanced aside" in text
    assert "no game" not in text.lower()
    assert re.search(r"3♠ score 36 below the line, a game", text)


def test_claims_are_a_convenience_of_records_not_a_rule() -> None:
    text = step_shown("3", "Claims in recorded files")
    assert re.search(r"1920 laws and the team-match document", text)
    assert re.search(r"play all thirteen tricks", text)
    assert re.search(r"convenience of the record, not a rule", text)
    assert re.search(r"twelve, meaning North-South win every one of the twelve tricks still to play", text)


@pytest.mark.parametrize("lesson, title, pattern", [
    ("5", "Honours at fixed values", r"read as 90: four in one hand, the fifth in partner's"),
    ("5", "Honours at fixed values", r"80 to any four of the five trump honours in one hand"),
    ("5", "Honours at fixed values", r"only the 100 for four aces .* 10 each for three or more"),
    ("4", "Slams, for whoever takes", r"reads that literally: the defenders too score a slam"),
    ("4", "Honours: the 1920 table", r"whichever side holds them, declarers or defenders, made or failed, and are never doubled"),
    ("4", "Games and the line", r"reads this as the deal that completes a game"),
])
def test_readings_say_they_are_readings(lesson: str, title: str, pattern: str) -> None:
    text = step_shown(lesson, title)
    assert re.search(pattern, text), text
    assert re.search(r"bridgekit (reads|had to choose readings)", text)


def test_rubber_worked_end_to_end_with_a_quiz() -> None:
    steps = find_lesson("4").steps
    worked = next(s for s in steps if s.title == "A rubber from start to finish")
    values = run_computes(worked)["game"].values  # type: ignore[union-attr]
    # two games for N/S, 250 for the rubber, and still E/W win on points
    assert (values["games_ns"], values["total_ns"], values["total_ew"], values["margin"]) == (2, 316, 400, 84)
    assert values["rubber_winner"].value == "EW"
    text = step_shown("4", "A rubber from start to finish")
    assert "250 above the line" in text and "although N/S won two games" in text
    quiz = steps[worked.index]  # the step right after it
    assert quiz.kind == "quiz" and quiz.expect_key == "margin"


def test_club_honours_quiz_sits_with_the_honours() -> None:
    names = titles("4")
    assert names.index("Three club honours") < names.index("Games and the line")
    assert names.index("Three club honours") > names.index("Honours: the 1920 table")


def test_duplicate_rebuilds_packs_and_counting_cards_comes_from_team_match() -> None:
    text = step_shown("1", "Duplicate: boards instead of dealing")
    assert re.search(r"same packs are made up again to a new hand record, kept hidden", text)
    assert re.search(r"count your cards face down .* from the team-match document", text)
    assert "count" not in step_shown("1", "Shuffling, cutting and dealing")


def test_do_not_needlessly_expose_other_hands() -> None:
    assert "without needlessly showing the other hands" in step_shown("6", "Writing the result down")


def test_agree_the_rubber_format_first() -> None:
    text = step_shown("4", "The rubber and the final result")
    assert re.search(r"Agree on the format before the first deal", text)


def test_record_shows_score_breakdown() -> None:
    text = step_shown("8", "Reading the record")
    assert re.search(r"score broken down into its parts", text)


def test_auction_lesson_names_rules_plainly_before_lessons_4_and_5() -> None:
    text = step_shown("2", "The end of the auction, and four passes")
    assert "the 1920 laws" in text and "the later table" in text
    assert re.search(r"On the command line these three are the rules profiles", text)
    quiz = step_shown("2", "A redeal under the later rules")
    assert "auction-classic" not in quiz.split("QUESTION")[0]


def test_readme_lists_the_lessons_readings() -> None:
    from conftest import docs_text
    readme = " ".join(docs_text().split())
    for phrase in ("whichever side holds them", "defenders included", "deal that completes a game",
                   "any four of the five trump honours in one hand are 80", "fifth in partner's 90",
                   "10 each for three or more", "three honours held by a side count 30"):
        assert phrase in readme, phrase

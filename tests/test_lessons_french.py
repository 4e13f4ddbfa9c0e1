"""The lessons, the drills and the runner in French (issue 16 point 4).

A step's computations are written once (the English step); its French words
sit beside it in ``[steps.fr]``.  These tests hold that every English step has
a French step with the same computations and the same figures in its text,
that ``lesson check`` checks both languages, and that a learner can run a
lesson and a drill in French, answering with French spellings."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.seats import Seat, Side
from bridgekit.tutor import check_lesson, load_lessons
from bridgekit.tutor.answers import parse_answer
from bridgekit.tutor.drill import generate
from bridgekit.tutor.i18n import default_lang


def figures(text: str) -> set[int]:
    """The numbers a text states (document numbers such as 003 left out)."""
    return {int(n) for n in re.findall(r"(?<![\d.])\d+(?![\d])", text) if not re.fullmatch(r"00\d", n)}


def test_every_english_step_has_a_french_step_with_the_same_computations() -> None:
    for lesson in load_lessons():
        fr = lesson.in_lang("fr")
        assert fr.lang == "fr" and fr.title != lesson.title, lesson.name
        assert len(fr.steps) == len(lesson.steps)
        for en_step, fr_step in zip(lesson.steps, fr.steps):
            where = f"{lesson.name} step {en_step.index}"
            assert "fr" in en_step.tr, where
            assert fr_step.title and fr_step.title != en_step.title, where
            assert bool(fr_step.text) == bool(en_step.text), where
            assert (fr_step.question != en_step.question) == (en_step.kind == "quiz"), where
            # the same computations: what, position and stated figures
            assert [(c.what, c.id, c.expect, c.position, c.needs_dds) for c in fr_step.computes] == \
                [(c.what, c.id, c.expect, c.position, c.needs_dds) for c in en_step.computes], where
            assert fr_step.position == en_step.position and fr_step.answer == en_step.answer, where
            # the same figures in the words
            en_words = " ".join((en_step.text, en_step.question, en_step.explain))
            fr_words = " ".join((fr_step.text, fr_step.question, fr_step.explain))
            assert figures(en_words) == figures(fr_words), (where, figures(en_words) ^ figures(fr_words))
            if en_step.answer_type != "text":
                assert {h.answer for h in fr_step.hints} == {h.answer for h in en_step.hints}, where


def test_lesson_check_checks_both_languages() -> None:
    for lesson in load_lessons():
        findings = check_lesson(lesson)
        assert not [f for f in findings if f.status == "fail"], lesson.name
        checked = {f.step for f in findings if f.check == "fr.text" and f.status == "ok"}
        assert checked == {s.index for s in lesson.steps}, lesson.name


def test_a_missing_or_wrong_translation_fails_the_check(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bridgekit.tutor import load_lesson
    text = '''
title = "T"
[fr]
title = "T fr"
summary = "s"

[[steps]]
kind = "quiz"
title = "Partners"
question = "Who is East's partner?"
seat = "E"
answer = "W"
answer_type = "seat"
expect_key = "partner"
hints = [{ answer = "N", text = "no" }]
[[steps.compute]]
what = "seat"
expect = { partner = "W" }
[steps.fr]
title = "Partenaires"
question = "Qui est le partenaire d'Est ?"
accept = ["nord"]
hints = [{ answer = "O", text = "oops" }]

[[steps]]
kind = "text"
title = "Untranslated"
text = "Some words."
'''
    path = tmp_path / "01-t.toml"
    path.write_text(text, encoding="utf-8")
    failed = {(f.step, f.check) for f in check_lesson(load_lesson(path)) if f.status == "fail"}
    assert failed == {(1, "fr.accept"), (1, "fr.hint"), (2, "fr.text")}


def test_french_answers_are_read() -> None:
    assert parse_answer("seat", "O", "fr") is Seat.W and parse_answer("seat", "ouest", "fr") is Seat.W
    assert parse_answer("side", "EO", "fr") is Side.EW and parse_answer("side", "E-O", "fr") is Side.EW
    assert str(parse_answer("call", "2SA", "fr")) == "2NT" and str(parse_answer("call", "passe", "fr")) == "Pass"
    assert str(parse_answer("call", "surcontre", "fr")) == "XX" and str(parse_answer("call", "contre", "fr")) == "X"
    assert str(parse_answer("card", "♥R", "fr")) == "HK" and str(parse_answer("card", "V♠", "fr")) == "SJ"
    assert parse_answer("yesno", "oui", "fr") is True and parse_answer("vul", "tous", "fr").value == "All"
    assert parse_answer("number", "-500", "fr") == -500


def test_language_from_the_environment() -> None:
    assert default_lang({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert default_lang({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}) == "en"
    assert default_lang({"LC_ALL": "fr_CA.UTF-8"}) == "fr"
    assert default_lang({}) == "en"


def _plain(text: str) -> str:
    """French output with its no-break spaces read as spaces."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_computed_lines_and_diagrams_in_french() -> None:
    from bridgekit.deal import Deal
    from bridgekit.render import render_deal
    from bridgekit.tutor.compute import compute
    pos = {"dealer": "N", "auction": "1H Pass 4H Pass Pass Pass"}
    assert _plain(compute("contract", pos, lang="fr").lines[0]) == \
        "Contrat 4♥ joué par Nord (10 plis à faire) ; mort Sud ; Est entame"
    assert compute("contract", pos).lines[0] == \
        "Contract 4♥ by North (10 tricks needed); dummy South; East makes the opening lead"
    score = compute("score", {"contract": "2H", "declarer": "S", "tricks": 9, "vul": "None"}, lang="fr").lines
    en = compute("score", {"contract": "2H", "declarer": "S", "tricks": 9, "vul": "None"}).lines
    assert [len(r) for r in score[1:-1]] == [len(r) for r in en[1:-1]]  # the points column stays
    assert "points de levées" in score[1] and score[1].endswith("60")
    deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    fr, en_d = render_deal(deal, dealer=Seat.W, lang="fr"), render_deal(deal, dealer=Seat.W)
    assert fr.split("\n")[0].index("Nord") == en_d.split("\n")[0].index("North")
    assert "Donneur Ouest" in fr and "♠ ARDV" in fr and "♥ 1098" in fr


def test_run_a_lesson_in_french(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    result = CliRunner().invoke(cli, ["lesson", "run", "1", "--lang", "fr"], input="\nE\nO\n\nN\nO\nq\n")
    out = _plain(result.output)
    assert result.exit_code == 0, out
    assert "Leçon 1 : La table et la donne" in out and "étape 3 sur 13" in out
    assert "Pas tout à fait. Nord est l'adversaire de droite d'Est" in out
    assert "Pas tout à fait. Est joue juste avant Sud : c'est l'adversaire de droite." in out  # step 2 asks first
    assert "Exact !" in out and "Réponse : Ouest" in out
    assert "Sud : partenaire Nord, adversaire de gauche Ouest" in out
    assert "Progression enregistrée à l'étape 3 sur 13" in out
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert "Leçon 1" in CliRunner().invoke(cli, ["lesson", "show", "1"]).output
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert "Lesson 1" in CliRunner().invoke(cli, ["lesson", "show", "1"]).output


def test_drill_in_french_with_french_answers() -> None:
    rng = random.Random(8)
    exs = [generate("tricks", rng, "fr") for _ in range(3)]
    french = {Seat.N: "nord", Seat.E: "est", Seat.S: "sud", Seat.W: "O"}
    typed = [french[exs[0].answer], french[exs[1].answer], french[exs[2].answer.lho], french[exs[2].answer.lho]]
    result = CliRunner().invoke(cli, ["lesson", "drill", "tricks", "--lang", "fr", "--seed", "8", "--count", "3"],
                                input="\n".join(typed) + "\n")
    out = _plain(result.output)
    assert result.exit_code == 0, out
    assert "Exercice 1 sur 3" in out and "Qui remporte la levée ?" in out
    assert out.count("Exact !") == 2 and "2/3 justes." in out
    assert "À revoir : levées" in out


def test_progress_is_kept_per_language_and_restart_asks_again(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    en = CliRunner().invoke(cli, ["lesson", "run", "1", "--lang", "en"], input="\nW\n\nE\nW\n\nq\n")
    assert en.exit_code == 0 and "Right!" in en.output
    # the French lesson does not reveal the answer given in English: it asks
    fr = CliRunner().invoke(cli, ["lesson", "run", "1", "--lang", "fr", "--step", "3"], input="q\n")
    assert "Votre réponse" in fr.output and "Réponse : Ouest" not in _plain(fr.output)
    # in English the answered quiz shows its answer; --restart asks it again
    again = CliRunner().invoke(cli, ["lesson", "run", "1", "--lang", "en", "--step", "3"], input="q\n")
    assert "Answer: West" in again.output and "Your answer" not in again.output
    restart = CliRunner().invoke(cli, ["lesson", "run", "1", "--lang", "en", "--restart"], input="\n\nq\n")
    assert "Your answer" in restart.output and "Answer: West" not in restart.output
    listed = _plain(CliRunner().invoke(cli, ["lesson", "list", "--lang", "fr"]).output)
    assert "pas commencée" in listed and "Pour en commencer une" in listed


def test_a_lesson_ends_by_offering_its_drill(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    from bridgekit.tutor.loader import load_lessons
    lesson7 = next(ls for ls in load_lessons() if ls.number == 7)
    steps = len(lesson7.steps)
    result = CliRunner().invoke(cli, ["lesson", "run", "7", "--step", str(steps)], input="show\n\n\nq\n")
    out = result.output
    assert "bridgekit lesson drill imps" in out and "Drill: imps, 10 exercises" in out
    assert "Exercise 1 of 10" in out

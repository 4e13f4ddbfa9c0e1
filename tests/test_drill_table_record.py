"""The drills of lessons 1 and 8: ``table`` (seats, dealing, a board's dealer
and vulnerability) and ``record`` (North-South's score from a saved game's
tags).  Answers are checked against the standard tables written out here by
hand (the duplicate board cycle, who sits where), against the PBN reader and
scorer reading the very tags the learner is shown, and against worked
examples computed by hand; each typical mistake gets the rule it misses, in
both languages; lessons 1 and 8 end by offering their drill."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.formats.pbn import read_pbn
from bridgekit.scoring.boards import score_board
from bridgekit.seats import Seat, Vul
from bridgekit.tutor.drill import generate, read_answer

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
#: The duplicate board cycle as printed on boards and in the Laws (boards 1-16):
#: dealer and vulnerability, written out by hand.
BOARDS = {1: (N, "None"), 2: (E, "NS"), 3: (S, "EW"), 4: (W, "All"), 5: (N, "NS"), 6: (E, "EW"), 7: (S, "All"),
          8: (W, "None"), 9: (N, "EW"), 10: (E, "All"), 11: (S, "None"), 12: (W, "NS"), 13: (N, "All"),
          14: (E, "None"), 15: (S, "NS"), 16: (W, "EW")}
#: Who sits where: partner, left-hand opponent (plays next), right-hand opponent.
SEATS = {N: (S, E, W), E: (W, S, N), S: (N, W, E), W: (E, N, S)}


def _board(ex_question: str) -> int:
    return int(re.search(r"board (\d+)", ex_question).group(1))  # type: ignore[union-attr]


def test_table_answers_agree_with_the_hand_written_tables() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(300):
        ex = generate("table", random.Random(seed), "en")
        kinds[ex.kind] += 1
        assert read_answer(ex, ex.shown) == ex.answer, (seed, ex.shown)
        assert all(wrong != ex.answer for wrong, _h in ex.hints), seed
        q = ex.question
        if ex.kind == "table: board dealer":
            n = _board(q)
            assert ex.answer is BOARDS[(n - 1) % 16 + 1][0], (seed, q)
        elif ex.kind == "table: board vulnerability":
            n = _board(q)
            assert ex.answer is Vul.parse(BOARDS[(n - 1) % 16 + 1][1]), (seed, q)
        elif ex.kind == "table: seats":
            seat = next(s for s in Seat if f"of {s.name_text}" in q) if hasattr(Seat, "name_text") else \
                next(s for s, name in zip(Seat, ("North", "East", "South", "West")) if q.endswith(f"of {name}?"))
            partner, lho, rho = SEATS[seat]
            want = partner if "partner" in q else lho if "left-hand" in q else rho
            assert ex.answer is want, (seed, q)
        else:
            assert ex.kind == "table: dealing"
            dealer = next(s for s, name in zip(Seat, ("North", "East", "South", "West")) if q.startswith(name))
            lho = SEATS[dealer][1]
            want = lho if "first card" in q else dealer if "last card" in q else lho   # the deal passes left
            assert ex.answer is want, (seed, q)
    assert set(kinds) == {"table: seats", "table: dealing", "table: board dealer", "table: board vulnerability"}
    assert all(n >= 40 for n in kinds.values()), kinds


_TAGS = re.compile(r'\[Contract "(\w+)"\], \[Declarer "(\w)"\], \[Vulnerable "(\w+)"\] \w+ \[Result "(\d+)"\]')


def _tags(setup: str) -> tuple[str, str, str, str]:
    m = _TAGS.search(setup)
    assert m is not None, setup
    return m.group(1), m.group(2), m.group(3), m.group(4)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_record_answer_is_the_score_of_its_tags_read_as_pbn(lang: str) -> None:
    """The tags shown, written into a PBN game and scored the way `bridgekit
    score FILE` scores a saved game, give the drill's answer."""
    kinds: Counter[str] = Counter()
    for seed in range(150):
        ex = generate("record", random.Random(seed), lang)
        kinds[ex.kind] += 1
        contract, declarer, vul, result = _tags(ex.setup)
        text = (f'[Event "drill"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "{vul}"]\n'
                f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n\n')
        [board] = list(read_pbn(text))
        scored = score_board(board)
        assert scored.score is not None, (seed, text, scored.notes)
        assert scored.score.ns == ex.answer, (seed, ex.setup)
        assert read_answer(ex, ex.shown, lang) == ex.answer
    assert {"record: contract made", "record: contract down", "record: doubled"} <= set(kinds), kinds


# Worked by hand: (Contract, Declarer, Vulnerable, Result) -> North-South's score.
HAND = {
    ("3S", "W", "EW", "6"): +300,     # 3♠ needs 9; 6 is three down, vulnerable: 3 x 100
    ("2NTX", "E", "All", "6"): +500,  # 2NT needs 8; two down doubled vulnerable: 200 + 300
    ("4C", "N", "EW", "8"): -100,     # 4♣ needs 10; two down, N/S not vulnerable: 2 x 50
    ("4NT", "E", "None", "11"): -460,  # 40 + 3 x 30 = 130, one overtrick 30, game 300: E/W +460
}


def test_record_worked_examples() -> None:
    seen = 0
    for seed in range(400):
        ex = generate("record", random.Random(seed), "en")
        tags = _tags(ex.setup)
        if tags in HAND:
            seen += 1
            assert ex.answer == HAND[tags], (tags, ex.answer)
    assert seen >= 4


def _hint(ex: object, wrong: object) -> str:
    return next((h for a, h in ex.hints if a == wrong), "")  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_typical_mistakes_get_the_rule_they_miss(lang: str) -> None:
    from bridgekit.rules import DEFAULT
    from bridgekit.contract import Contract, Result
    en = lang == "en"
    found: Counter[str] = Counter()
    for seed in range(300):
        ex = generate("table", random.Random(seed), lang)
        pos = ex.position
        if ex.kind == "table: board vulnerability":
            n = pos["board"]
            first_group = Vul.parse(BOARDS[(n - 1) % 4 + 1][1])   # the None, NS, EW, All of boards 1-4
            if first_group is not ex.answer:
                found["vul group"] += 1
                assert ("one step later" if en else "un cran plus loin") in _hint(ex, first_group), (seed, ex.hints)
        elif ex.kind == "table: seats" and ex.key in ("lho", "rho"):
            seat = Seat[pos["seat"]]
            other = seat.rho if ex.key == "lho" else seat.lho
            found["left/right"] += 1
            assert ("Left and right are swapped" if en else "Gauche et droite sont inversées") in _hint(ex, other)
        elif ex.kind == "table: dealing" and ex.key == "last_card_to":
            dealer = Seat[pos["dealer"]]
            found["first for last"] += 1
            assert ("receives the first card" if en else "reçoit la première carte") in _hint(ex, dealer.lho)
    for seed in range(300):
        ex = generate("record", random.Random(seed), lang)
        pos = ex.position
        contract, declarer, tricks = Contract.parse(pos["contract"]), Seat[pos["declarer"]], pos["tricks"]
        vul = Vul.parse(pos["vul"])
        taken = {ex.answer, -ex.answer}   # a figure two mistakes give gets the likelier one's rule
        if tricks + 6 <= 13:     # Result read as the tricks over six
            wrong = DEFAULT.score(Result(contract, declarer, tricks + 6), vul, None).ns
            if wrong not in taken:
                found["over six"] += 1
                assert ("not the tricks over six" if en else "pas celles au-delà de six") in _hint(ex, wrong)
            taken.add(wrong)
        if contract.doubling.value:   # the X of the Contract tag ignored
            plain = Contract(contract.level, contract.strain)
            wrong = DEFAULT.score(Result(plain, declarer, tricks), vul, None).ns
            if wrong not in taken:
                found["X ignored"] += 1
                assert "X" in _hint(ex, wrong) and str(abs(ex.answer)) not in _hint(ex, wrong)
        if ex.answer:
            assert ("wrong sign" if en else "mauvais signe") in _hint(ex, -ex.answer)
    assert all(found[k] >= 10 for k in ("vul group", "left/right", "first for last", "over six", "X ignored")), found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_table_hints_are_rules_not_answers(lang: str) -> None:
    texts = set()
    for seed in range(300):
        ex = generate("table", random.Random(seed), lang)
        if ex.kind in ("table: seats", "table: dealing"):
            texts.update(text for _wrong, text in ex.hints)
            texts.add(ex.hint)
    assert len(texts) <= 13, sorted(texts)   # the same few rules, whatever is asked


FR_SEATS = {"Nord": N, "Est": E, "Sud": S, "Ouest": W}
FR_VUL = {"personne": "None", "NS": "NS", "EO": "EW", "tous": "All"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_board_hints_never_state_the_asked_boards_answer(lang: str) -> None:
    """A board's dealer comes back every four boards, its vulnerability every
    sixteen: a hint (the '?' rule or a mistake's rule) may name boards to count
    from, never one that is the asked board again (that would be the answer);
    and what it says of the boards it names is the hand-written cycle's."""
    en = lang == "en"
    named = Counter[str]()
    for seed in range(400):
        ex = generate("table", random.Random(seed), lang)
        if ex.kind not in ("table: board dealer", "table: board vulnerability"):
            continue
        n = ex.position["board"]
        period = 4 if ex.kind == "table: board dealer" else 16
        for text in [ex.hint] + [h for _w, h in ex.hints]:
            for k in map(int, re.findall(r"\d+", text)):
                named[ex.kind] += 1
                assert (k - n) % period, (seed, n, text)
            if en:
                for k, seat in re.findall(r"board (\d+) is dealt by (\w+)", text):
                    assert BOARDS[int(k)][0] is Seat.parse(seat), text
                    named["facts"] += 1
                for k, vul in re.findall(r"board (\d+) (?:starts with )?(None|NS|EW|All)\b", text):
                    assert BOARDS[int(k)][1] == vul, text
                    named["facts"] += 1
            else:
                for seat, k in re.findall(r"(\w+) donne la donne (\d+)", text):
                    assert BOARDS[int(k)][0] is FR_SEATS[seat], text
                    named["facts"] += 1
                for k, vul in re.findall(r"donne (\d+) (?:commence par )?(personne|NS|EO|tous)\b", text):
                    assert BOARDS[int(k)][1] == FR_VUL[vul], text
                    named["facts"] += 1
    assert named["table: board dealer"] > 50 and named["table: board vulnerability"] > 50, named
    assert named["facts"] > 100, named


def test_french_questions_elide_and_read_french_answers() -> None:
    questions = set()
    for seed in range(200):
        ex = generate("table", random.Random(seed), "fr")
        questions.add(ex.question)
        assert read_answer(ex, ex.shown, "fr") == ex.answer, (seed, ex.shown)
        assert " ?" not in ex.question and "\u202f?" in ex.question
    assert any("d'Est\u202f?" in q for q in questions) and any("de Nord\u202f?" in q for q in questions)
    assert not any("de Est" in q or "de Ouest" in q for q in questions)


@pytest.mark.parametrize("number, topic", [(1, "table"), (8, "record")])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lessons_1_and_8_end_by_offering_their_drill(number: int, topic: str, lang: str, tmp_path,  # type: ignore[no-untyped-def]
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    from bridgekit.tutor.loader import load_lessons
    lesson = next(ls for ls in load_lessons() if ls.number == number)
    last = lesson.steps[-1]
    typed = ("show\n" if last.kind == "quiz" else "") + "\n\nq\n"   # the last step, finish, start the drill, stop
    result = CliRunner().invoke(cli, ["lesson", "run", str(number), "--step", str(len(lesson.steps)), "--lang", lang],
                                input=typed)
    out = result.output
    command = f"bridgekit lesson drill {topic}" + ("" if lang == "en" else " --lang fr")
    assert command in out, out
    assert ("Exercise 1 of 10" if lang == "en" else "Exercice 1 sur 10") in out, out
    assert max(len(line) for line in out.splitlines()) <= 80

"""``bridgekit lesson drill``: generated exercises, marked by the engines.

The generators are checked over many seeds against the lessons' own
computations (``tutor.compute``, the path ``lesson check`` uses), and the
runner is driven with piped answers."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.tutor.compute import compute
from bridgekit.rules import BELOW, Ledger, find_profile
from bridgekit.seats import Vul
from bridgekit.tutor.drill import TOPICS, Exercise, _draw_scoring, generate, read_answer

SEEDS = range(150)


def confirmed(ex: Exercise) -> Any:
    """The exercise's answer recomputed from its position by the lessons'
    computation, in the exercise's answer form."""
    values = compute(ex.what, ex.position).values
    keys = ex.key.split()
    if ex.answer_type == "numbers":
        return tuple(values[k] for k in keys)
    if ex.answer_type == "games":
        ns, ew = (values[k] > 0 for k in keys)
        return {(True, True): "both", (True, False): "ns", (False, True): "ew", (False, False): "neither"}[(ns, ew)]
    return values[keys[0]]


@pytest.mark.parametrize("topic, rules", [
    ("scoring", "contract"), ("scoring", "auction-1920"), ("scoring", "auction-classic"),
    ("auction", None), ("tricks", None), ("imps", None), ("rubber", "auction-1920"), ("rubber", "auction-classic"),
    ("table", None), ("record", None),
])
def test_every_exercise_is_confirmed_by_the_engines(topic: str, rules: str | None) -> None:
    for seed in SEEDS:
        ex = generate(topic, random.Random(seed), "en", find_profile(rules) if rules else None)
        assert ex.topic == topic
        assert confirmed(ex) == ex.answer, (seed, ex.setup, ex.question, ex.answer)
        assert read_answer(ex, ex.shown) == ex.answer, (seed, ex.shown)  # the shown answer is accepted
        assert all(wrong != ex.answer for wrong, _ in ex.hints), seed  # no hint on the right answer
        if ex.what == "score":  # the setup states the result it asks about
            said = f'[Result "{ex.position["tricks"]}"]' if topic == "record" else f"takes {ex.position['tricks']} trick"
            assert said in ex.setup


def test_edge_cases_come_up_often() -> None:
    from bridgekit.contract import Contract
    kinds: Counter[str] = Counter()
    for seed in range(300):
        ex = generate("scoring", random.Random(seed), "en", find_profile("contract"))
        contract = Contract.parse(ex.position["contract"])
        items = " ".join(ex.explain)
        kinds["slam bonus"] += "slam bonus" in items
        kinds["doubled made"] += "making doubled" in items
        kinds["redoubled made"] += "making redoubled" in items
        kinds["vulnerable game"] += ex.position["vul"] != "None" and "game bonus" in items
        kinds["doubled down"] += contract.doubling.value > 0 and "undertricks" in items
    assert all(n >= 15 for n in kinds.values()), kinds
    from bridgekit.rules.imps import IMP_BOUNDS
    edges = {b for b in IMP_BOUNDS} | {b - 10 for b in IMP_BOUNDS}
    diffs = [abs(generate("imps", random.Random(s)).position.get("diff", 1)) for s in range(200)]
    assert sum(d in edges for d in diffs) >= 80


def run_drill(args: list[str], answers: str) -> str:
    result = CliRunner().invoke(cli, ["lesson", "drill", *args], input=answers)
    assert result.exit_code == 0, result.output
    return result.output


def exercises(topic: str, seed: int, count: int, rules: str | None = None) -> list[Exercise]:
    rng = random.Random(seed)
    return [generate(topic, rng, "en", find_profile(rules) if rules else None) for _ in range(count)]


def test_piped_answers_right_wrong_and_summary() -> None:
    exs = exercises("scoring", 11, 3)
    wrong = next(ex for ex in exs[1:] if ex.hints)  # an exercise with a targeted hint
    i = exs.index(wrong)
    typed = [exs[0].shown, "", ""]
    typed[i] = f"{wrong.hints[0][0]}\n{wrong.hints[0][0]}"  # the same mistake twice
    rest = [k for k in range(1, 3) if k != i][0]
    typed[rest] = exs[rest].shown
    out = run_drill(["scoring", "--seed", "11", "--count", "3"], "\n".join(typed) + "\n")
    assert out.count("Right!") == 2
    flat = " ".join(out.split())
    hint_at = flat.index(" ".join(wrong.hints[0][1].split()))  # the hint aimed at that mistake...
    assert flat.index("Second try (") > hint_at                # ...then a second try...
    assert flat.index(f"Not quite: the answer is {wrong.shown}.") > hint_at  # ...then the answer
    assert wrong.shown not in flat[:hint_at + len(wrong.hints[0][1])].split("Exercise")[-1].split("QUESTION")[-1]
    assert "2/3 correct." in out
    assert "To review: scoring (contract)" in out


def test_a_second_try_after_the_hint_and_show_is_not_scored() -> None:
    exs = exercises("scoring", 11, 3)
    wrong = next(ex for ex in exs[1:] if ex.hints)
    i = exs.index(wrong)
    typed = ["show", "", ""]
    typed[i] = f"{wrong.hints[0][0]}\n{wrong.shown}"  # wrong, the hint, then right
    rest = [k for k in range(1, 3) if k != i][0]
    typed[rest] = exs[rest].shown
    out = run_drill(["scoring", "--seed", "11", "--count", "3"], "\n".join(typed) + "\n")
    assert f"The answer is {exs[0].shown}." in out  # shown...
    assert "1/2 correct. 1 more after a hint. 1 shown." in out  # ...and not scored


def test_the_running_score_counts_as_the_summary_does() -> None:
    """Right after a hint is not right at the first try: the header said
    'score 1/1' where the summary said '0/1 correct. 1 more after a hint.'"""
    exs = exercises("scoring", 11, 3)
    wrong = next(ex for ex in exs[:2] if ex.hints)
    i = exs.index(wrong)
    typed = [exs[0].shown, exs[1].shown, ""]
    typed[i] = f"{wrong.hints[0][0]}\n{wrong.shown}"  # wrong, the hint, then right
    out = run_drill(["scoring", "--seed", "11", "--count", "3"], "\n".join(typed) + "\n")
    assert "1/2 correct. 1 more after a hint." in out
    assert "score 1/2 (+1 after a hint)" in out and "score 2/2" not in out
    assert "score 0/1 (+1 after a hint)" in out if i == 0 else "score 1/1" in out


@pytest.mark.parametrize("topic", TOPICS)
def test_each_topic_runs_with_piped_answers(topic: str) -> None:
    exs = exercises(topic, 3, 4, None)
    typed = [exs[0].shown, exs[1].shown, "show", exs[3].shown]
    out = run_drill([topic, "--seed", "3", "--count", "4"], "\n".join(typed) + "\n")
    assert "3/3 correct. 1 shown." in out  # 'show' reveals without scoring
    assert "score 3/3" not in out and "score 2/2" in out  # the running score before the last one
    assert max(len(line) for line in out.splitlines()) <= 80


def test_end_of_input_stops_with_a_summary() -> None:
    exs = exercises("imps", 5, 10)
    out = run_drill(["imps", "--seed", "5"], exs[0].shown + "\n")
    assert out.rstrip().endswith("1/1 correct.\nNothing to review: all right.")


def test_unreadable_answer_is_asked_again() -> None:
    exs = exercises("tricks", 2, 1)
    out = run_drill(["tricks", "--seed", "2", "--count", "1"], "banana\n" + exs[0].shown + "\n")
    assert "I could not read 'banana'" in out and "1/1 correct." in out


@pytest.mark.parametrize("rules", ["contract", "auction-1920", "auction-classic"])
def test_a_drawn_game_makes_a_game_under_its_profile(rules: str) -> None:
    # duplicate: a game bid and made earns the game bonus; Auction Bridge: the
    # odd tricks taken reach the 30 trick points of a game below the line
    profile = find_profile(rules)
    drawn = [d for d in (_draw_scoring(random.Random(seed), profile) for seed in range(400)) if d.kind == "game"]
    assert len(drawn) > 20
    for d in drawn:
        score = profile.score(d.result, d.vul, d.deal)
        side = d.result.declarer.side  # type: ignore[union-attr]
        if profile.ledger is Ledger.BOARD:
            assert any(item.item == "game bonus" and item.side is side for item in score.items), d
        else:
            assert score.on_line(side, BELOW) >= profile.game_threshold, d
            assert d.vul is Vul.NONE and d.deal is None


def test_the_rubber_drill_counts_games_in_the_singular_and_plural() -> None:
    """'1 game', '2 games', '0 games'; in French '0 manche', '1 manche',
    '2 manches' (French takes the singular for 0 and 1)."""
    import random
    import re

    from bridgekit.tutor.drill import generate
    seen = set()
    for seed in range(40):
        for lang, one, many in (("en", "game", "games"), ("fr", "manche", "manches")):
            for line in generate("rubber", random.Random(seed), lang).explain:
                m = re.search(r"(\d+) (\w+), ", line)
                if m and m.group(2) in (one, many):
                    n = int(m.group(1))
                    seen.add((lang, n))
                    singular = n == 1 if lang == "en" else n <= 1
                    assert m.group(2) == (one if singular else many), line
    assert {("en", 0), ("en", 1), ("fr", 0), ("fr", 1)} <= seen

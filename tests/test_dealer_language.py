"""The dealer language on its own: errors with line and column, the hand
functions against independent formulations, the command line's exit codes."""

from __future__ import annotations

import os

import numpy as np
import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.dealer import Options, ScriptError, parse, run
from bridgekit.errors import BridgekitError
from bridgekit.dealer.evaluate import Batch, Context, evaluate
from bridgekit.dealer.shuffle import Shuffler

RANKS = "23456789TJQKA"


# -- errors --------------------------------------------------------------------------

@pytest.mark.parametrize("script, line, column, words", [
    ("x = hcp(north)\n\ncondition hcpp(north) > 3\n", 3, 11, "unknown function 'hcpp'"),
    ("condition hcp(north) > y\n", 1, 24, "unknown variable 'y'"),
    ("a = 1\na = 2\n", 2, 1, "variable 'a' is defined twice"),
    ("predeal north SA, SK\npredeal south SA\n", 2, 15, "card SA predealt twice"),
    ("predeal north SAKQJT98765, HAKQ, DA\n", 1, 34, "more than 13 cards for North"),
    ("condition hcp(north) >\n", 2, 1, "expected an expression, found end of file"),
    ("condition shape(north, 4432 + 5332 + 44x2x)\n", 1, 42, "expected"),
    ("condition shape(north, 5433 + any 6xx8)\n", 1, 24, "wrong number of cards in shape '5433'"),
    ("condition shape(north, any 6xx8)\n", 1, 28, "too many cards in ambiguous shape"),
    ("condition hcp(nord) > 3\n", 1, 15, "expected a seat"),
    ("action printall,\n  frequency (hcp(north), 10, 5)\n", 2, 26, "low bound is above the high one"),
    ("/* never closed\ncondition 1\n", 1, 1, "comment not closed"),
    ("condition hcp(north) > 3 $\n", 1, 26, "unexpected character '$'"),
    ("printall\n", 1, 1, "'printall' is an action"),
    ("condition hascard(north, 1S)\n", 1, 26, "expected a card"),
    ("predeal spades(north) == 5 spades(north) == 4\n", 1, 28, "length already set to 5"),
    ("altcount 12 1 1\n", 1, 10, "numbered 0 to 9"),
])
def test_script_errors_name_line_and_column(script: str, line: int, column: int, words: str) -> None:
    with pytest.raises(ScriptError) as info:
        parse(script)
    e = info.value
    assert (e.line, e.column) == (line, column), str(e)
    assert words in e.message
    assert str(e).startswith(f"line {line}, column {column}: ")


def test_cli_script_error_exit_2_and_message(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "bad.dl")
    with open(path, "w") as f:
        f.write("generate 100\n" * 11 + "condition hcp(north) > 3 && hcpp(south) > 2\n")
    r = CliRunner().invoke(cli, ["dealer", path])
    assert r.exit_code == 2
    assert f"{path}: line 12, column 29: unknown function 'hcpp'" in r.stderr


def test_cli_nothing_produced_exit_1(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "none.dl")
    with open(path, "w") as f:
        f.write("generate 5000\ncondition hcp(north) > 37\n")
    r = CliRunner().invoke(cli, ["dealer", path, "-s", "3"])
    assert r.exit_code == 1
    assert "no deal met the condition in 5000 generated" in r.stderr
    assert "Generated 5000 hands\nProduced 0 hands\n" in r.stdout


def test_cli_time_limit_gives_up(tmp_path: object) -> None:
    path = os.path.join(str(tmp_path), "never.dl")
    with open(path, "w") as f:
        f.write("condition hcp(north) > 37\n")
    r = CliRunner().invoke(cli, ["dealer", path, "-s", "3", "-t", "0.2"])
    assert r.exit_code == 1
    generated = int(r.stdout.split("Generated ")[1].split()[0])
    assert 0 < generated < 10_000_000


def test_cli_unreadable_script_exit_3(tmp_path: object) -> None:
    r = CliRunner().invoke(cli, ["dealer", os.path.join(str(tmp_path), "missing.dl")])
    assert r.exit_code == 3


def test_division_by_zero_only_where_c_divides() -> None:
    ok = parse("condition spades(north) != 0 && hcp(north) / spades(north) >= 1\naction printoneline\n")
    out: list[str] = []
    res = run(ok, Options(seed=4, produce=30), out.append)
    assert res.produced == 30
    bad = parse("condition hcp(north) / (spades(north) - spades(north)) > 1\n")
    with pytest.raises(Exception) as info:
        run(bad, Options(seed=4, produce=3), out.append)
    assert "division by zero" in str(info.value)


# -- functions against independent formulations ---------------------------------------

def _cards(hand: int) -> list[tuple[int, int]]:
    """(suit, rank) of a hand's cards, rank 0 the two."""
    return [(c // 13, c % 13) for c in range(52) if hand >> c & 1]


def _loser(cards: list[tuple[int, int]], suit: int) -> int:
    ranks = sorted((r for s, r in cards if s == suit), reverse=True)
    n = len(ranks)
    top = {"A": 12 in ranks, "K": 11 in ranks, "Q": 10 in ranks}
    if n == 0:
        return 0
    if n == 1:
        return 0 if top["A"] else 1
    if n == 2:
        return 2 - top["A"] - top["K"]
    return 3 - top["A"] - top["K"] - top["Q"]


def _shape_ok(lengths: tuple[int, int, int, int], pattern: str, any_: bool) -> bool:
    """Does a (spades, hearts, diamonds, clubs) shape match a pattern?"""
    from itertools import permutations
    orders = permutations(lengths) if any_ else [lengths]
    return any(all(p == "x" or int(p) == v for p, v in zip(pattern, o)) for o in orders)


@pytest.fixture(scope="module")
def sample() -> tuple[np.ndarray, list[list[list[tuple[int, int]]]]]:
    hands = Shuffler({}, 11).deal(400)
    return hands, [[_cards(int(h)) for h in deal] for deal in hands.tolist()]


def _values(text: str, hands: np.ndarray) -> list[int]:
    prog = parse("v = " + text + "\n")
    return evaluate(prog.variables["v"], Batch(hands, Context(prog))).tolist()  # type: ignore[no-any-return]


def test_hcp_length_controls_losers_against_card_lists(sample: tuple) -> None:
    hands, cards = sample
    for seat, name in enumerate(("north", "east", "south", "west")):
        hcp = [sum(max(r - 8, 0) for _, r in d[seat]) for d in cards]
        assert _values(f"hcp({name})", hands) == hcp
        assert _values(f"hcp({name}, hearts)", hands) == [sum(max(r - 8, 0) for s, r in d[seat] if s == 2)
                                                          for d in cards]
        assert _values(f"diamonds({name})", hands) == [sum(1 for s, _ in d[seat] if s == 1) for d in cards]
        assert _values(f"controls({name})", hands) == [sum(2 if r == 12 else 1 if r == 11 else 0
                                                           for _, r in d[seat]) for d in cards]
        assert _values(f"loser({name})", hands) == [sum(_loser(d[seat], s) for s in range(4)) for d in cards]
        assert _values(f"loser({name}, clubs)", hands) == [_loser(d[seat], 0) for d in cards]
        assert _values(f"top4({name}, spades)", hands) == [sum(1 for s, r in d[seat] if s == 3 and r >= 9)
                                                          for d in cards]
        assert _values(f"c13({name})", hands) == [sum({12: 6, 11: 4, 10: 2, 9: 1}.get(r, 0) for _, r in d[seat])
                                                  for d in cards]
        assert _values(f"hascard({name}, TD)", hands) == [int((1, 8) in d[seat]) for d in cards]


@pytest.mark.parametrize("shapes", [
    [("4333", True, False)],
    [("4333", True, False), ("4432", True, False), ("5332", True, False), ("5xxx", False, True),
     ("x5xx", False, True)],
    [("5xx5", False, False), ("xxx0", False, False), ("x0xx", False, True)],
    [("6xxx", True, False), ("7xx0", True, True)],
])
def test_shape_against_patterns(sample: tuple, shapes: list[tuple[str, bool, bool]]) -> None:
    hands, cards = sample
    text = " ".join(("- " if neg else "+ ") + ("any " if any_ else "") + pat for pat, any_, neg in shapes)
    got = _values(f"shape(south, {text})", hands)
    want = []
    for d in cards:
        lengths = tuple(sum(1 for s, _ in d[2] if s == suit) for suit in (3, 2, 1, 0))
        ok = False
        for pat, any_, neg in shapes:     # in order: + adds, - takes away
            if _shape_ok(lengths, pat, any_):  # type: ignore[arg-type]
                ok = not neg
        want.append(int(ok))
    assert got == want
    assert 0 < sum(got) or len(shapes) == 1


def test_c_arithmetic_and_logic() -> None:
    hands = Shuffler({}, 2).deal(4)
    assert _values("-7 / 2", hands)[0] == -3
    assert _values("-7 % 3", hands)[0] == -1
    assert _values("7 % -3", hands)[0] == 1
    assert _values("1 + 2 * 3 - 4 / 2", hands)[0] == 5
    assert _values("2 < 3 == 1", hands)[0] == 1
    assert _values("!0 + not 5", hands)[0] == 1
    assert _values("0 ? 1 : 1 ? 2 : 3", hands)[0] == 2
    assert _values("1 || 0 && 0", hands)[0] == 1


def test_predeal_and_suit_length_predeal_hold() -> None:
    prog = parse("predeal south SAQ542, HKJ87, D32, CAK\npredeal spades(north) == 1\naction printoneline\n")
    deals: list[tuple[int, ...]] = []
    run(prog, Options(seed=5, produce=50, on_deal=lambda h, i: deals.append(h)), lambda s: None)
    south = sum(1 << (s * 13 + RANKS.index(r)) for s, cards in ((3, "AQ542"), (2, "KJ87"), (1, "32"), (0, "AK"))
                for r in cards)
    assert len(deals) == 50
    assert all(d[2] == south for d in deals)
    assert all(bin(d[0] >> 39 & 0x1FFF).count("1") == 1 for d in deals)


def test_docs_first_example_is_what_bridgekit_prints() -> None:
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    doc = (root / "docs" / "dealer.md").read_text(encoding="utf-8")
    block = re.findall(r"```console\n\$ (bridgekit dealer [^\n]*)\n(.*?)```", doc, re.DOTALL)[0]
    args = block[0].split()[2:]
    r = CliRunner().invoke(cli, ["dealer", *[str(root / a) if a.endswith(".dl") else a for a in args]])
    assert r.exit_code == 0
    no_time = lambda t: re.sub(r"Time needed .*\n", "", t)  # noqa: E731
    assert no_time(r.stdout) == no_time(block[1])


def test_cli_output_pbn_carries_script_dealer_and_vulnerability(tmp_path: object) -> None:
    from bridgekit.formats import read_boards
    script = os.path.join(str(tmp_path), "s.dl")
    with open(script, "w") as f:
        f.write("dealer west\nvulnerable EW\npredeal north SAKQ\ncondition hcp(south) >= 10\naction printall\n")
    out = os.path.join(str(tmp_path), "out.pbn")
    r = CliRunner().invoke(cli, ["dealer", script, "-p", "3", "-s", "4", "-o", out])
    assert r.exit_code == 0, r.stderr
    assert "   1." not in r.stdout            # the deals went to the file
    assert "Produced 3 hands" in r.stdout
    boards = list(read_boards(out))
    assert [b.get("Board") for b in boards] == ["1", "2", "3"]
    assert {b.get("Dealer") for b in boards} == {"W"} and {b.get("Vulnerable") for b in boards} == {"EW"}
    for b in boards:
        hands = b.deal.hands
        south_hcp = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(str(c)[1], 0) for c in hands[2])  # type: ignore[union-attr]
        assert south_hcp >= 10
        assert {"SA", "SK", "SQ"} <= {str(c) for c in hands[0]}  # type: ignore[union-attr]
    again = CliRunner().invoke(cli, ["dealer", script, "-p", "3", "-s", "4", "-o", out])
    assert again.exit_code == 2                 # an existing file needs --force
    as_json = os.path.join(str(tmp_path), "out.json")
    r = CliRunner().invoke(cli, ["dealer", script, "-p", "2", "-s", "4", "-o", as_json])
    assert r.exit_code == 0
    import json
    data = json.loads(open(as_json).read())
    assert len(data["boards"] if isinstance(data, dict) else data) == 2
    text = os.path.join(str(tmp_path), "out.txt")
    r = CliRunner().invoke(cli, ["dealer", script, "-p", "2", "-s", "4", "-o", text])
    assert r.exit_code == 0 and r.stdout == ""
    assert open(text).read().startswith("   1.\n")


@pytest.mark.parametrize("swapping, group", [(2, 2), (3, 6)])
def test_swapping_gives_each_deal_with_east_south_west_permuted(swapping: int, group: int) -> None:
    deals: list[tuple[int, ...]] = []
    run(parse("action printoneline\n"), Options(seed=8, produce=4 * group, swapping=swapping,
                                                on_deal=lambda h, i: deals.append(h)), lambda s: None)
    for g in range(0, len(deals), group):
        block = deals[g:g + group]
        assert len({d[0] for d in block}) == 1                       # North stays
        assert len({d[1:] for d in block}) == group                  # every placement once
        assert all(sorted(d[1:]) == sorted(block[0][1:]) for d in block)
        if group == 2:
            assert block[1] == (block[0][0], block[0][3], block[0][2], block[0][1])


def test_rnd_stays_in_range_and_varies() -> None:
    hands = Shuffler({}, 3).deal(2000)
    values = _values("rnd(7)", hands)
    assert set(values) == set(range(7))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = ["hcp(north)", "shape(south, any 4333 + 5xxx - x5xx)", "spades(east)", "&&", "||", "?", ":", "(", ")",
           ",", "+", "-", "*", "/", "%", "==", ">=", "not", "x = ", "condition", "action", "printall",
           "predeal north SAK", "frequency", "average", '"s"', "\\n", "7", "4333", "/*", "*/", "//", "#", "\n",
           "loser(west, hearts)", "tricks(north, notrump)", "printes(", "generate", "produce 3", "AS", "x3N"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=25), st.text(max_size=20))
def test_any_text_parses_or_raises_a_script_error(pieces: list[str], noise: str) -> None:
    text = " ".join(pieces) + noise
    try:
        program = parse(text)
    except ScriptError as e:
        assert e.line >= 1 and e.column >= 1
        return
    try:               # what parses runs, or fails with the package's own error
        run(program, Options(seed=1, produce=2, generate=100), lambda s: None)
    except BridgekitError:
        pass


def test_tricks_solved_only_where_the_cheap_half_holds() -> None:
    solved: list[int] = []

    def fake_tricks(hands: np.ndarray) -> np.ndarray:
        solved.append(len(hands))
        return np.full((len(hands), 4, 5), 7, dtype=np.int8)

    prog = parse("condition hcp(north) >= 20 && tricks(north, spades) >= 7\naction printoneline\n")
    deals: list[tuple[int, ...]] = []
    res = run(prog, Options(seed=6, produce=5, tricks=fake_tricks, on_deal=lambda h, i: deals.append(h)),
              lambda s: None)
    assert res.produced == 5
    # every deal sent to the solver had 20 points: as many as the generated deals with 20 points
    hands = Shuffler({}, 6).deal(res.generated + 4096)
    hcp = _values("hcp(north)", hands)
    assert sum(solved) >= 5
    assert sum(solved) <= sum(1 for v in hcp if v >= 20)


def test_evalcontract_averages_scores_of_north_and_south() -> None:
    def fake(hands: np.ndarray) -> np.ndarray:
        out = np.zeros((len(hands), 4, 5), dtype=np.int8)
        out[:, 0, :] = 9          # North takes 9 tricks in every strain
        out[:, 2, :] = 10         # South 10
        return out

    out: list[str] = []
    run(parse("produce 4\naction evalcontract\n"), Options(seed=1, tricks=fake, verbose=False), out.append)
    text = "".join(out)
    lines = text.splitlines()
    assert lines[0] == "Not Vulnerable"
    assert lines[1] == "   " + "".join(f"  {lvl}       " for lvl in range(1, 8))
    # 3NT: North 9 tricks = 400, South 10 = 430; 4S: North -50, South 420; 7C: North -200, South -150
    n_row = lines[6]
    assert n_row.startswith("n: ") and " 400/ 430 " in n_row
    assert " -50/ 420 " in lines[5]
    assert lines[2].endswith("-200/-150 ")
    assert lines[8] == "Vulnerable" and " 600/ 630 " in lines[14]

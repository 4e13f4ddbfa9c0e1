"""Declarer problems found on a teacher's deals (issue 29.1: "from any PBN
file or dealer script a teacher supplies"): a ``dealer`` script's deals, or
a PBN file's deals without a contract, are bid by bridgekit and kept when the
solver finds a problem in them.  Checked with DDS directly (the contract makes
on every layout after the lead, not with an overtrick on all), against the
script's own deals (the same hands, turned so that declarer is South), and
through the two ways in (the script, and the PBN of the same deals written by
``bridgekit dealer -o``), then played through on its line."""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.dds import declarer_total, solve_position
from bridgekit.seats import Seat
from bridgekit.tutor.problem import problems_from_pbn
from bridgekit.tutor.problem_finder import find_problem, problems_from_script, script_deals
from conftest import ROOT
from test_problem import _typed

SCRIPT = ROOT / "samples" / "dealer" / "1nt-major.dl"
NBSP = "\u00a0"


@pytest.fixture(scope="module")
def found():  # type: ignore[no-untyped-def]
    """The script's first six deals with seed 1 (the sixth makes a problem)."""
    deals = script_deals(SCRIPT, 1, 6)
    problems = list(problems_from_script(SCRIPT, 1, 6))
    return deals, problems


@pytest.mark.dds
def test_a_scripts_deal_becomes_a_sound_problem(found) -> None:  # type: ignore[no-untyped-def]
    deals, problems = found
    assert len(deals) == 6 and len(problems) == 1
    p = problems[0]
    assert p.id.startswith("1nt-major-1-6-")
    source = deals[5][1]
    # the same 52 cards, turned so that the declarer sits South: North-South
    # are the script's declaring pair, in the same order round the table
    for layout in p.layouts:
        assert {str(layout[Seat.N]), str(layout[Seat.S])} in ({str(source[Seat.N]), str(source[Seat.S])},
                                                              {str(source[Seat.E]), str(source[Seat.W])})
    assert p.declarer is Seat.S and p.lead in (p.layouts[0][Seat.W] or ())
    # the free cards are one suit's, dealt every way with West's length kept
    suit = p.free[0].suit
    assert all(c.suit is suit for c in p.free)
    west = p.layouts[0][Seat.W]
    assert west is not None
    assert len(p.layouts) == comb(len(p.free), west.length(suit))
    # DDS, asked afresh: the contract makes on every layout after the lead,
    # with no overtrick on at least one
    best = []
    for layout in p.layouts:
        values = declarer_total(solve_position(layout, p.strain, Seat.W, [p.lead]), layout, p.strain, Seat.W,
                                [p.lead])
        best.append(max(values.values()))
    assert min(best) >= p.target and min(best) == p.target


@pytest.mark.dds
def test_the_pbn_of_the_scripts_deals_gives_the_same_problem(found, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, problems = found
    pbn = tmp_path / "deals.pbn"
    result = CliRunner().invoke(cli, ["dealer", str(SCRIPT), "--seed", "1", "--produce", "6", "-o", str(pbn)])
    assert result.exit_code == 0, result.output
    def without_contract(deal, dealer, name):  # type: ignore[no-untyped-def]
        done = find_problem(name, deal, dealer)
        return done and done[0]

    from_pbn = [p for p in problems_from_pbn(pbn, without_contract) if not isinstance(p, Exception)]
    assert len(from_pbn) == 1
    a, b = problems[0], from_pbn[0]
    assert (a.contract, a.lead, a.free, a.line, a.key) == (b.contract, b.lead, b.free, b.line, b.key)
    assert set(a.layouts) == set(b.layouts)


@pytest.mark.dds
def test_the_command_lists_and_plays_a_scripts_problem(found, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    _, problems = found
    p = problems[0]
    args = ["lesson", "problem", str(SCRIPT), "--seed", "1", "--deals", "6"]
    listed = CliRunner().invoke(cli, [*args, "--list"])
    assert listed.exit_code == 0 and p.id in listed.stdout
    assert listed.stderr.strip() == "1nt-major.dl: 1 problem found in 6 deals (seed 1)"
    fr = CliRunner().invoke(cli, [*args, "--list", "--lang", "fr"])
    assert fr.stderr.strip() == f"1nt-major.dl{NBSP}: 1 problème trouvé dans 6 donnes (graine 1)"
    assert "niveau" in fr.stdout.splitlines()[0]
    typed, game = _typed(p)
    assert game.made()
    out = CliRunner().invoke(cli, args, input="\n".join(typed) + "\n").stdout
    assert f"Contract made: {p.target} tricks." in out, out
    assert "The winning line on this deal:" in out


def test_a_script_that_cannot_run_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.dl"
    bad.write_text("produce x\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["lesson", "problem", str(bad), "--list"])
    assert result.exit_code == 3
    assert result.stderr.strip() == "bridgekit lesson: bad.dl: line 1, column 9: expected a number, found 'x'"

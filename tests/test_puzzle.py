"""``bridgekit lesson puzzle``: double-dummy puzzles from played deals.

A handful of positions, solved by DDS (marked ``dds``)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.dds import declarer_total, solve_position
from bridgekit.tutor import lessons_dir
from bridgekit.tutor.display import tens
from bridgekit.tutor.puzzle import default_sources, load_puzzles

pytestmark = pytest.mark.dds

BUNDLED = lessons_dir() / "puzzles.pbn"


def test_bundled_sources() -> None:
    assert BUNDLED in default_sources()


def test_puzzles_are_positions_before_a_costly_card() -> None:
    puzzles = load_puzzles([BUNDLED], 2, seed=3)
    assert len(puzzles) == 2
    for pz in puzzles:
        play = pz.play()
        assert play.turn is pz.seat
        # the solver again, on the position alone: the same values
        values = declarer_total(solve_position(pz.deal, pz.strain, pz.declarer.lho, pz.played),
                                pz.deal, pz.strain, pz.declarer.lho, pz.played)
        assert values == pz.values
        assert pz.card in pz.values and pz.cost > 0
        assert pz.side_total(pz.card) == pz.target - pz.cost
        assert pz.best and all(pz.side_total(c) == pz.target for c in pz.best)
        assert pz.card not in pz.best


def test_right_card_wrong_card_and_summary() -> None:
    pz = load_puzzles([BUNDLED], 1, seed=3)[0]
    best = pz.best[0]
    right = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3"], input=f"{best}\n")
    assert right.exit_code == 0, right.output
    assert f"Right! {tens(best.symbol())} keeps" in right.output and "1/1 correct." in right.output
    wrong = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3"], input=f"{pz.card}\n")
    out = " ".join(wrong.output.split())
    assert f"Not quite: {tens(pz.card.symbol())} costs {pz.cost} trick{'' if pz.cost == 1 else 's'};" in out
    assert "Best: " + ", ".join(tens(c.symbol()) for c in pz.best) in out
    assert "0/1 correct." in out
    assert max(len(line) for line in wrong.output.splitlines()) <= 80


def test_puzzle_in_french_and_a_file_without_play(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pz = load_puzzles([BUNDLED], 1, seed=3)[0]
    out = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3", "--lang", "fr"],
                             input=f"{pz.best[0]}\n").output
    assert "Problème 1 sur 1" in out and "Exact !" in out and "1/1 justes." in out
    empty = tmp_path / "none.pbn"
    empty.write_text('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["lesson", "puzzle", str(empty)])
    assert result.exit_code == 1 and "No puzzle found" in result.output

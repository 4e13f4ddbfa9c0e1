"""The play post-mortem and the DD/par tag conventions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bridgekit import dds
from bridgekit.analysis.ddtags import (compare_tags, read_optimum_score, read_par_contracts,
                                       read_result_table, table_convention, trusted_table,
                                       write_dd_tags, write_par_tags)
from bridgekit.analysis.postmortem import PostMortemError, analyse_board, analyse_play
from bridgekit.board import Board, Table, Tag
from bridgekit.cards import Card, Strain
from bridgekit.contract import Contract
from bridgekit.dds import DDTable
from bridgekit.deal import Deal
from bridgekit.formats import read_boards
from bridgekit.play import Play
from bridgekit.seats import Seat, Vul

from conftest import CORPUS, needs_corpus

COMMON_GAME_1 = "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"
COMMON_GAME_1_DD = "2333223332aaaabaaaab"


def _board(**tags: str) -> Board:
    b = Board()
    for k, v in tags.items():
        b.tags[k] = Tag(k, v)
    return b


# -- tags and conventions (no solver) -------------------------------------------

def test_conventions_are_recognised() -> None:
    ours = DDTable.from_pbn(COMMON_GAME_1_DD)
    cells = {(s, t): ours.tricks(s, t) for s in Seat for t in Strain}
    assert table_convention(ours, cells) == "exact"
    assert table_convention(ours, {k: (1 if v < 7 else v) for k, v in cells.items()}) == "ones"
    assert table_convention(ours, {k: max(v, 6) for k, v in cells.items()}) == "floor-6"
    assert table_convention(ours, {k: max(v, 4) for k, v in cells.items()}) == "floor-4"
    wrong = dict(cells)
    wrong[(Seat.E, Strain.NT)] = 9
    assert table_convention(ours, wrong) is None


def test_result_table_read_whatever_the_header_and_order() -> None:
    b = _board()
    b.tables["OptimumResultTable"] = Table(["Declarer Suit Tricks"], [["W"], ["C"], ["5"], ["N"], ["NT"], ["8"]])
    assert read_result_table(b) == {(Seat.W, Strain.C): 5, (Seat.N, Strain.NT): 8}
    b.tables["OptimumResultTable"] = Table(["Declarer", "Denomination\\2R", "Result\\2R"],
                                           [["S", "H", "9"], ["E", "N", "3"]])
    assert read_result_table(b) == {(Seat.S, Strain.H): 9, (Seat.E, Strain.NT): 3}
    b.tables["OptimumResultTable"] = Table(["Declarer"], [["S"], ["H"]])
    assert read_result_table(b) is None


@pytest.mark.parametrize("value, ns", [("NS 420", 420), ("NS -420", -420), ("EW 430", -430),
                                       ("NS +100", 100), ("-50", -50), ("EW", None), ("NS x", None)])
def test_optimum_score_point_of_view(value: str, ns: int | None) -> None:
    assert read_optimum_score(_board(OptimumScore=value)) == ns


def test_par_contract_spellings() -> None:
    assert read_par_contracts(_board(ParContract="EW 3N+1")) == ["EW 3NT+1"]
    assert read_par_contracts(_board(ParContract="NS 4SX-2; NS 5CX-1")) == ["NS 4SX-2", "NS 5CX-1"]
    assert read_par_contracts(_board(ParContract="S 2H")) == ["S 2H="]
    assert read_par_contracts(_board(ParContract="nonsense")) is None


def test_trusted_table_refuses_placeholders_and_conflicts() -> None:
    assert trusted_table(_board(DoubleDummyTricks=COMMON_GAME_1_DD)) == DDTable.from_pbn(COMMON_GAME_1_DD)
    assert trusted_table(_board(DoubleDummyTricks="1811118111819a8819a8")) is None  # 'ones' form
    assert trusted_table(_board(DoubleDummyTricks="")) is None
    b = _board(DoubleDummyTricks=COMMON_GAME_1_DD)
    b.tables["OptimumResultTable"] = Table(["Declarer", "Denomination", "Result"], [["N", "NT", "9"]])
    assert trusted_table(b) is None


def test_written_tags_read_back() -> None:
    table = DDTable.from_pbn(COMMON_GAME_1_DD)
    b = _board(Deal=COMMON_GAME_1)
    write_dd_tags(b, table)
    assert b.get("DoubleDummyTricks") == COMMON_GAME_1_DD
    rows = read_result_table(b)
    assert rows is not None and len(rows) == 20 and rows[(Seat.E, Strain.S)] == 10 and rows[(Seat.E, Strain.C)] == 11
    par = dds.Par(-430, (dds.ParContract(Contract.parse("3NT"), (Seat.E, Seat.W), 10),))
    write_par_tags(b, par)
    assert b.get("OptimumScore") == "NS -430"
    assert b.get("ParContract") == "EW 3N+1"
    assert compare_tags(b, table, par) == {"DoubleDummyTricks": "exact", "OptimumResultTable": "exact",
                                           "OptimumScore": "exact", "ParContract": "exact"}


def test_cached_boards_are_not_solved() -> None:
    boards = [_board(Board="1", Deal=COMMON_GAME_1, DoubleDummyTricks=COMMON_GAME_1_DD),
              _board(Board="2", Deal="N:AKQ... - - -")]
    calls: list[tuple[int, int]] = []
    out = solve_boards(boards, progress=lambda s, c: calls.append((s, c)))
    assert [bt.cached for bt in out] == [True, False]
    assert out[0].table == DDTable.from_pbn(COMMON_GAME_1_DD)
    assert out[1].table is None and out[1].error is not None and "not a complete 52-card deal" in out[1].error
    assert [bt.source for bt in out] == ["recorded", "solved"]  # another program's tag, shown as recorded
    assert calls == [(0, 1), (0, 1)]   # both done, neither solved


# -- post-mortem (solver) ----------------------------------------------------------

@pytest.mark.dds
def test_postmortem_accounts_for_every_trick() -> None:
    """Play a random deal badly on purpose and check the books balance."""
    rng = random.Random(5)
    deal = Deal.random(rng)
    play = Play(deal, Strain.H, Seat.S)
    while len(play.cards) < 12:
        play.push(rng.choice(list(play.legal_cards)))
    pm = analyse_play(deal, Strain.H, Seat.S, list(play.cards))
    table = dds.dd_table(deal)
    assert pm.start == table.tricks(Seat.S, Strain.H)
    assert pm.end == pm.start - pm.declarer_cost + pm.defence_cost
    for v in pm.verdicts:
        assert v.cost >= 0
        assert set(v.values) == set(Play(deal, Strain.H, Seat.S, play.cards[:v.index]).legal_cards)
        assert v.after == v.values[v.card]
        assert (v.cost == 0) == (v.card in v.best)
    for i in range(1, len(pm.verdicts)):
        assert pm.verdicts[i].before == pm.verdicts[i - 1].after


@needs_corpus
@pytest.mark.dds
def test_postmortem_of_a_real_board() -> None:
    board = next(iter(read_boards(str(CORPUS / "pbn" / "ben" / "bbo_cold_6d.pbn"))))
    pm = analyse_board(board)
    assert (pm.contract, pm.declarer) == ("6D", Seat.S)
    assert pm.start == 12 and pm.end == 11 == pm.recorded
    first = pm.first_mistakes()
    assert first[Seat.N] is not None and first[Seat.N].card == Card.parse("SQ") and first[Seat.N].trick == 8
    assert set(first[Seat.N].best) == {Card.parse("C7"), Card.parse("C6")}
    assert first[Seat.E] is None and first[Seat.W] is None
    d = pm.to_dict()
    assert d["declarer_cost"] == 1 and d["defence_cost"] == 0 and len(d["cards"]) == 52


def test_postmortem_refuses_boards_it_cannot_analyse(tmp_path: Path) -> None:
    path = tmp_path / "x.pbn"
    path.write_text(f'[Board "3"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{COMMON_GAME_1}"]\n'
                    '[Declarer "S"]\n[Contract "4S"]\n[Result "9"]\n')
    board = next(iter(read_boards(str(path))))
    with pytest.raises(PostMortemError, match="board 3: no recorded play"):
        analyse_board(board)
    board.tags["Deal"].value = "N:K843.T542.J6.863 - - -"
    with pytest.raises(PostMortemError, match="no complete deal"):
        analyse_board(board)


def test_vulnerability_is_read_from_the_board_cycle() -> None:
    from bridgekit.analysis.ddtags import board_vul_dealer
    assert board_vul_dealer(_board(Board="6")) == (Vul.EW, Seat.E)
    assert board_vul_dealer(_board(Board="6", Dealer="S", Vulnerable="All")) == (Vul.ALL, Seat.S)
    assert board_vul_dealer(_board()) == (None, None)


@pytest.mark.dds
def test_a_deal_repeated_in_a_team_file_is_solved_once() -> None:
    boards = [_board(Board="1", Room="Open", Deal=COMMON_GAME_1),
              _board(Board="1", Room="Closed", Deal=COMMON_GAME_1)]
    calls: list[tuple[int, int]] = []
    out = solve_boards(boards, progress=lambda s, c: calls.append((s, c)))
    assert sum(s for s, _ in calls) == 1 and sum(c for _, c in calls) == 1
    assert [bt.table for bt in out] == [DDTable.from_pbn(COMMON_GAME_1_DD)] * 2


@needs_corpus
@pytest.mark.dds
@pytest.mark.parametrize("rel, expected", [
    ("bridgeparsers/commongame_260119_handrecord.pbn",
     {"DoubleDummyTricks": "exact", "OptimumResultTable": "exact", "OptimumScore": "exact", "ParContract": "exact"}),
    ("pbnjs/Hand_Trophy_Pairs.pbn", {"DoubleDummyTricks": "ones", "OptimumResultTable": "ones"}),
    ("pbnjs/Hazlemere_Trophy.pbn", {"OptimumResultTable": "floor-6"}),
    ("pbnjs/Wed_Individual.pbn", {"OptimumResultTable": "floor-4"}),
])
def test_agreement_with_other_writers(rel: str, expected: dict[str, str]) -> None:
    """One board per writer convention (bench/agreement.py does every board)."""
    from bridgekit.analysis.ddtags import board_deal, board_vul_dealer
    # A floor only shows on a board with a number below it.
    floor = {"floor-6": 6, "floor-4": 4}.get(expected.get("OptimumResultTable", ""), 0)
    table = None
    for board in read_boards(str(CORPUS / "pbn" / rel)):
        deal, _ = board_deal(board)
        if deal is None:
            continue
        table = dds.dd_table(deal)
        if min(table.cells) < floor or not floor:
            break
    assert table is not None
    vul, dealer = board_vul_dealer(board)
    assert vul is not None and dealer is not None
    assert compare_tags(board, table, dds.dds_par(table, vul, dealer)) == expected


def solve_boards(boards: list, **kw: object) -> list:
    """The one entry point: a solver's ``solve_boards`` (DDS here, no cache)."""
    from bridgekit.analysis.solving import open_solver
    with open_solver(use_cache=False) as solver:
        return list(solver.solve_boards(boards, **kw))  # type: ignore[arg-type]

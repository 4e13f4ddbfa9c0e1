"""bridgekit.analysis.run: the rows and counts of a solver run, without the
solver (BoardTables made from known tables)."""

from __future__ import annotations

from pathlib import Path

from bridgekit.analysis.ddtags import BoardTable
from bridgekit.analysis.run import DDRun, par_rows, where
from bridgekit.board import Board
from bridgekit.cards import Strain
from bridgekit.dds import DDTable
from bridgekit.formats import read_boards
from bridgekit.seats import Seat

FIXTURE = Path(__file__).parent / "data" / "dd_tables.txt"


def tables(n: int) -> list[tuple[str, DDTable]]:
    lines = [ln for ln in FIXTURE.read_text().splitlines() if ln.strip() and not ln.startswith("#")][:n]
    return [(ln.rpartition(" ")[0], DDTable.from_pbn(ln.rpartition(" ")[2])) for ln in lines]


def boards(tmp_path: Path, deals: list[str], extra: str = "") -> list[Board]:
    src = tmp_path / "s.pbn"
    src.write_text("\n".join(f'[Board "{i + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{d}"]\n{extra}'
                             for i, d in enumerate(deals)))
    return list(read_boards(str(src)))


def test_dd_csv_row_reads_the_pbn_digits_in_their_order(tmp_path: Path) -> None:
    (deal, table), = tables(1)
    board, = boards(tmp_path, [deal])
    reports: list[str] = []
    run = DDRun(lambda b, m, f: reports.append(m))
    (_, row), = run.rows([BoardTable(board, table, source="cache")])
    assert row is not None
    csv = row.to_csv()
    # DoubleDummyTricks: one hex digit a cell, declarers N S E W, strains NT S H D C
    digits = table.to_pbn()
    for i, seat in enumerate("NSEW"):
        for j, strain in enumerate(("NT", "S", "H", "D", "C")):
            assert csv[f"{seat}_{strain}"] == int(digits[i * 5 + j], 16)
    assert list(csv)[:3] == ["file", "board", "N_C"] and list(csv)[-1] == "from" and csv["from"] == "cache"
    assert row.to_dict()["dd"] == digits and row.to_dict()["tricks"]["W"]["NT"] == int(digits[15], 16)
    assert reports == [] and run.counts.sources["cache"] == 1


def test_dd_verify_reports_each_disagreement_and_counts_it(tmp_path: Path) -> None:
    pairs = tables(3)
    bs = boards(tmp_path, [d for d, _ in pairs])
    wrong = DDTable.from_tricks({s: {t: 13 - pairs[1][1].tricks(s, t) for t in Strain} for s in Seat})
    bts = [BoardTable(bs[0], pairs[0][1], recorded=pairs[0][1]),
           BoardTable(bs[1], pairs[1][1], recorded=wrong),
           BoardTable(bs[2], None, error="no deal")]
    reports: list[tuple[str | None, str]] = []
    run = DDRun(lambda b, m, f: reports.append((b.label, m)), verify=True)
    rows = list(run.rows(bts))
    assert [r is None for _, r in rows] == [False, False, True]
    assert len(reports) == 1 and reports[0][0] == "2" and wrong.to_pbn() in reports[0][1]
    assert (run.counts.boards, run.counts.verified, run.counts.differ) == (3, 2, 1)
    assert run.summary(2, 1) == ("3 boards: 2 solved, 0 from the cache; 2 tags verified by solving 2 deals, "
                                 "1 disagrees; 1 not solved")


def test_par_rows_report_a_board_without_dealer_or_vulnerability(tmp_path: Path) -> None:
    (deal, table), = tables(1)
    src = tmp_path / "bare.pbn"
    src.write_text(f'[Deal "{deal}"]\n')
    board, = read_boards(str(src))
    reports: list[str] = []
    (_, row), = par_rows([BoardTable(board, table)], None, lambda b, m, f: reports.append(where(b) + ": " + m))
    assert row is None
    assert reports == [f"{src}, line 1, board ?: no par: no dealer and vulnerability "
                       "(no Dealer/Vulnerable tag and no board number)"]

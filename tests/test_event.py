"""Whole sessions: bridgekit.event and `bridgekit event`.

The small events are hand-checked: each score below was worked out from the
scoring table (4S by N making 10 not vulnerable is +420...) and each
matchpoint by counting the results beaten.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import CORPUS, needs_corpus, run
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgekit.event import (EventOptions, Method, Movement, Scale, parse_arbitrary, read_event,
                             read_results, score_event, write_event)
from bridgekit.formats.pbn import format_pbn, read_pbn
from bridgekit.rules.imps import butler_datum, cross_imps, neuberg, weighted_matchpoints
from bridgekit.rules.vp import victory_points, vp_table

RUTER = CORPUS / "pbn" / "pbnjs" / "ruter71.pbn"
VULS = {1: "None", 2: "NS", 3: "EW", 4: "All"}
COLUMNS = "Section;Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"


def event_pbn(boards: dict[int, list[str]], columns: str = COLUMNS, scoring: str = "MatchPoints") -> str:
    """A PBN file with one game per board and its ScoreTable rows."""
    games = []
    for number, rows in boards.items():
        games.append("\n".join([f'[Board "{number}"]', '[Dealer "N"]',
                                f'[Vulnerable "{VULS[(number - 1) % 4 + 1]}"]', f'[Scoring "{scoring}"]',
                                f'[ScoreTable "{columns}"]', *rows]))
    return "\n\n".join(games) + "\n"


def scored(text: str, **options: object):  # type: ignore[no-untyped-def]
    return read_event(read_pbn(io.StringIO(text), "event.pbn"), EventOptions(**options))  # type: ignore[arg-type]


def points(ev, board: int) -> list[tuple[str | None, str | None, float | None, float | None]]:  # type: ignore[no-untyped-def]
    t = next(t for t in ev.boards if t.number == board)
    return [(r.ns, r.ew, None if r.points_ns is None else round(r.points_ns, 4),
             None if r.points_ew is None else round(r.points_ew, 4)) for r in t.results]


def ranking(ev) -> list[tuple[str | None, str | None, str, str, float | None]]:  # type: ignore[no-untyped-def]
    return [(s.section, s.direction, s.pair, s.rank,
             None if s.percentage is None else round(s.percentage, 2)) for s in ev.standings]


# A 3-table Mitchell, pairs numbered in each direction (N/S 1 meets E/W 1).
MITCHELL = event_pbn({
    1: ["- 1 1 1 4S N 10 - -", "- 2 2 3 4S N 9 - -", "- 3 3 2 3S N 10 - -"],      # +420 -50 +170
    2: ["- 1 1 2 3NT S 9 - -", "- 2 2 3 3NT S 10 - -", "- 3 3 1 2H E 8 - -"],     # +600 +630 -110
    3: ["- 1 1 3 1NT W 7 - -", "- 2 2 1 1NT W 7 - -", "- 3 3 2 2S N 7 - -"],      # -90 -90 -50
})


def test_three_table_mitchell_matchpoints_by_hand() -> None:
    ev = scored(MITCHELL)
    assert ev.method is Method.MP and ev.movement[None] is Movement.MITCHELL
    assert [r.score_ns for t in ev.boards for r in t.results] == [420, -50, 170, 600, 630, -110, -90, -90, -50]
    assert points(ev, 1) == [("1", "1", 2, 0), ("2", "3", 0, 2), ("3", "2", 1, 1)]
    assert points(ev, 3) == [("1", "3", 0.5, 1.5), ("2", "1", 0.5, 1.5), ("3", "2", 2, 0)]
    # N/S: 1 has 2+1+0.5 of 6, 3 has 1+0+2, 2 has 0+2+0.5; E/W 1 and 3 tie on 3.5
    assert ranking(ev) == [(None, "NS", "1", "1", 58.33), (None, "NS", "3", "2", 50.0),
                           (None, "NS", "2", "3", 41.67), (None, "EW", "1", "1=", 58.33),
                           (None, "EW", "3", "1=", 58.33), (None, "EW", "2", "3", 33.33)]


def test_ebu_scale_doubles_the_acbl_points_and_the_top() -> None:
    acbl, ebu = scored(MITCHELL), scored(MITCHELL, scale=Scale.EBU)
    assert [t.top for t in acbl.boards] == [2, 2, 2] and [t.top for t in ebu.boards] == [4, 4, 4]
    assert points(ebu, 3) == [("1", "3", 1, 3), ("2", "1", 1, 3), ("3", "2", 4, 0)]
    assert ranking(ebu) == ranking(acbl)
    assert [s.points for s in ebu.standings] == [2 * s.points for s in acbl.standings]


def test_mp1_in_the_scoring_tag_selects_the_ebu_scale() -> None:
    ev = scored(MITCHELL.replace("MatchPoints", "MP;MP1"))
    assert ev.scale is Scale.EBU and ev.boards[0].top == 4


# A 4-pair Howell: pairs 1-4 sit both ways over three rounds.
HOWELL = event_pbn({
    1: ["- 1 1 2 4S N 10 - -", "- 2 3 4 4S N 11 - -"],    # +420 +450
    2: ["- 1 2 3 2S N 7 - -", "- 2 4 1 2S E 9 - -"],      # -100 (vul) -140
    3: ["- 1 1 4 3NT W 9 - -", "- 2 3 2 3NT W 9 - -"],    # -600 -600
})


def test_four_pair_howell_ranks_one_field() -> None:
    ev = scored(HOWELL)
    assert ev.movement[None] is Movement.HOWELL
    assert points(ev, 2) == [("2", "3", 1, 0), ("4", "1", 0, 1)]
    # pair 2: 1 (E/W on 1) + 1 (N/S on 2) + 0.5 = 2.5 of 3; pairs 1 and 3 1.5; pair 4 0.5
    assert ranking(ev) == [(None, None, "2", "1", 83.33), (None, None, "1", "2=", 50.0),
                           (None, None, "3", "2=", 50.0), (None, None, "4", "4", 16.67)]
    assert scored(HOWELL, movement=Movement.MITCHELL).movement[None] is Movement.MITCHELL


def test_neuberg_factors_a_board_played_fewer_times() -> None:
    text = event_pbn({
        1: ["- 1 1 1 1NT N 7 - -", "- 2 2 2 1NT N 8 - -", "- 3 3 3 1NT N 9 - -", "- 4 4 4 1NT N 10 - -"],
        2: ["- 1 1 2 1NT N 8 - -", "- 2 2 3 1NT N 7 - -", "- 3 3 4 1NT N 6 - -"],   # N/S vul: +120 +90 -100
    })
    ev = scored(text)
    b2 = next(t for t in ev.boards if t.number == 2)
    assert [r.score_ns for r in b2.results] == [120, 90, -100]
    # among 3: 2, 1, 0; factored to 4 results: (mp + 1/2) x 4/3 - 1/2
    assert points(ev, 2) == [("1", "2", 2.8333, 0.1667), ("2", "3", 1.5, 1.5), ("3", "4", 0.1667, 2.8333)]
    assert b2.top == 3
    ebu = scored(text, scale=Scale.EBU)
    assert points(ebu, 2)[0][2:] == (5.6667, 0.3333)      # (4 + 1) x 4/3 - 1
    assert neuberg(2, 3, 4) == pytest.approx(17 / 6) and neuberg(1.5, 4, 4) == 1.5


def test_arbitrary_scores_and_a_board_not_played() -> None:
    text = event_pbn({
        1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 4S N 10 - -", "- 3 3 3 4S N 9 - -", "- 4 4 4 - - - A+ -",
            "- 5 5 5 - - - \"Not played\" -"],
        2: ["- 1 1 2 1NT N 7 - -", "- 2 2 3 1NT N 7 - -", "- 3 3 4 - - - - 40%", "- 4 4 5 A - - - -"],
    })
    ev = scored(text)
    # board 1: top 3 (4 results, the unplayed one does not count); 420 420 -50 factored from 3 to 4
    assert points(ev, 1) == [("1", "1", 2.1667, 0.8333), ("2", "2", 2.1667, 0.8333),
                             ("3", "3", 0.1667, 2.8333), ("4", "4", 1.8, 1.2), ("5", "5", None, None)]
    assert points(ev, 2)[2:] == [("3", "4", 1.8, 1.2), ("4", "5", 1.5, 1.5)]
    assert [(s.direction, s.boards) for s in ev.standings if s.pair == "5"] == [("EW", 1)]   # A on board 2
    plus = scored(text, average_plus=70.0, average_minus=30.0)
    assert points(plus, 1)[3] == ("4", "4", 2.1, 0.9)
    butler = scored(text, method=Method.BUTLER)
    assert points(butler, 1)[3] == ("4", "4", 3, -3) and points(butler, 2)[3] == ("4", "5", 0, 0)
    assert points(butler, 2)[2] == ("3", "4", 3, -3)     # E/W 40% is an average minus: N/S +3, E/W -3
    odd = scored(text.replace(" 40%", " 45%"), method=Method.BUTLER)
    assert any("cannot be IMPed" in p.message for p in odd.problems)     # 45% has no IMP equivalent


def test_parse_arbitrary_spellings() -> None:
    assert [parse_arbitrary(t) for t in ("A", "ave+", "AVG-", "60%", "Not played", "NP", "4S", "120", "101%")] \
        == ["A", "A+", "A-", "60%", "NP", "NP", None, None, None]


SECTIONS = event_pbn({
    1: ["A 1 1 1 4S N 10 - -", "A 2 2 2 4S N 10 - -", "B 1 1 1 4S N 11 - -", "B 2 2 2 3S N 10 - -"],
    2: ["A 1 1 2 2S N 7 - -", "A 2 2 1 2S N 7 - -", "B 1 1 2 1S E 6 - -", "B 2 2 1 2S N 7 - -"],
})   # board 2 (N/S vul): -100 -100 +50 -100


def test_sections_rank_within_their_section_with_ties() -> None:
    ev = scored(SECTIONS)
    got = {(s.section, s.direction, s.pair): (s.rank, round(s.percentage or 0, 2)) for s in ev.standings}
    assert got[("A", "NS", "1")] == ("1=", 50.0) and got[("A", "NS", "2")] == ("1=", 50.0)
    assert got[("B", "NS", "1")] == ("1", 100.0) and got[("B", "NS", "2")] == ("2", 0.0)
    assert got[("B", "EW", "1")] == ("1=", 50.0) and got[("B", "EW", "2")] == ("1=", 50.0)
    assert [t.top for t in ev.boards] == [1, 1]


def test_across_field_compares_every_section_together() -> None:
    ev = scored(SECTIONS, across_field=True)
    ns = [(s.section, s.pair, s.rank, round(s.percentage or 0, 2)) for s in ev.standings if s.direction == "NS"]
    # board 1: 450 beats all (3), 420s 1.5 each, 170 0; board 2: +50 3, the -100s 1 each
    assert ns == [("B", "1", "1", 100.0), ("A", "1", "2=", 41.67), ("A", "2", "2=", 41.67),
                  ("B", "2", "4", 16.67)]


def test_cross_imps_by_hand() -> None:
    text = event_pbn({1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 4S N 10 - -", "- 3 3 3 4S N 9 - -",
                          "- 4 4 4 3S N 10 - -"]})
    ev = scored(text, method=Method.CROSS_IMPS)
    # 420: 0, +10 (470), +6 (250) over 3; -50: -10 -10 -6; 170: -6 -6 +6
    assert points(ev, 1) == [("1", "1", 5.3333, -5.3333), ("2", "2", 5.3333, -5.3333),
                             ("3", "3", -8.6667, 8.6667), ("4", "4", -2, 2)]
    assert cross_imps([100], [1]) == [0.0]
    assert ev.standings[0].percentage is None


def test_butler_datum_rounds_halves_away_from_zero() -> None:
    assert butler_datum([120, 50, -80, -80, -110, -140, -150, -150]) == -90      # -85 without the extremes
    assert butler_datum([100, 200, 300, 450]) == 260                              # 262.5, no trim below 5
    assert butler_datum([100, 200, 300, 450], trim=1) == 250
    assert butler_datum([-5]) == -10
    text = event_pbn({1: ["- 1 1 1 2S N 8 - -", "- 2 2 2 2S N 9 - -", "- 3 3 3 3S N 9 - -",
                          "- 4 4 4 3S N 10 - -"]}, scoring="IMP;Butler")     # 110 140 140 170, datum 140
    ev = scored(text)
    assert ev.method is Method.BUTLER and ev.boards[0].datum == {None: 140}
    assert [r.points_ns for r in ev.boards[0].results] == [-1, 0, 0, 1]


def test_weighted_matchpoints_count_multiplicity() -> None:
    assert weighted_matchpoints([500, 470, 450], [2, 1, 5]) == [6.5, 5, 2]


@needs_corpus
def test_ruter71_butler_datum_and_imps_reproduced_on_all_168_rows() -> None:
    boards = list(read_pbn(str(RUTER)))
    ev = read_event(boards, EventOptions(method=Method.BUTLER))
    rows = [(t, r) for t in ev.boards for r in t.results]
    assert len(rows) == 168 and len(ev.boards) == 21
    for t, r in rows:
        assert t.datum[None] == int(r.recorded["ButlerDatum"]), (t.board, r.row)
        assert r.points_ns == int(r.recorded["IMP_NS"]), (t.board, r.row)
        assert r.points_ew == int(r.recorded["IMP_EW"]), (t.board, r.row)
    assert ev.score_compared == 168 and ev.score_mismatches == 0 and ev.problems == []
    assert ev.totals_compared == 16 and ev.totals_mismatches == 0     # the recorded TotalScoreIMP
    # the recorded ranking: pair 3 first with 50 IMPs, pairs 6 and 10 equal fourth
    top = [(s.pair, s.rank, s.points) for s in ev.standings[:5]]
    assert top == [("3", "1", 50), ("16", "2", 46), ("7", "3", 34), ("6", "4=", 29), ("10", "4=", 29)]
    # the recorded IMP_NS are Butler IMPs: cross-IMPs does not compare them
    cross = read_event(boards, EventOptions(method=Method.CROSS_IMPS))
    assert cross.points_compared == 0 and cross.problems == [] and cross.score_compared == 168


def test_bad_rows_are_reported_with_file_line_board_and_row() -> None:
    text = event_pbn({1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 4Z N 10 - -", "- 3 3 3 4S Q 10 - -",
                          "- 4 4 4 4S N 14 - -", "- 5 5 5 4S N 10 -420 -", "- 6 6 6 4S N 10 420 -"]})
    ev = scored(text)
    msgs = [str(p) for p in ev.problems]
    assert msgs[0].startswith("event.pbn, line 7, board 1, row 2: invalid contract '4Z'")
    assert msgs[1].startswith("event.pbn, line 8, board 1, row 3: invalid seat 'Q'")
    assert msgs[2].startswith("event.pbn, line 9, board 1, row 4: result '14'")
    assert "row 5: recorded score -420 for N/S but 4\u2660 by N making 10 scores +420" in msgs[3]
    assert "row 5: recorded score -420 for N/S but 4S by N making" in ev.problems[3].render(ascii=True)
    assert len(msgs) == 4 and ev.score_compared == 2 and ev.score_mismatches == 1
    assert [r.score_ns for r in ev.boards[0].results] == [420, None, None, None, 420, 420]


def test_result_forms_relative_and_passed_out() -> None:
    text = event_pbn({1: ["- 1 1 1 4S N = - -", "- 2 2 2 4S N +1 - -", "- 3 3 3 4S N -2 - -",
                          "- 4 4 4 Pass - - - -"]})
    assert [r.score_ns for r in scored(text).boards[0].results] == [420, 450, -100, 0]


def test_game_records_of_the_same_board_make_a_traveller() -> None:
    games = []
    for table, (contract, result) in enumerate([("4S", "10"), ("4S", "9"), ("3S", "10")], start=1):
        games.append(f'[Board "1"]\n[Table "{table}"]\n[North "N{table}"]\n[South "S{table}"]\n'
                     f'[East "E{table}"]\n[West "W{table}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                     f'[Contract "{contract}"]\n[Declarer "N"]\n[Result "{result}"]\n')
    ev = read_event(read_pbn(io.StringIO("\n".join(games)), "g.pbn"))
    assert [(r.ns, r.score_ns, r.points_ns) for r in ev.boards[0].results] == [
        ("N1 - S1", 420, 2), ("N2 - S2", -50, 0), ("N3 - S3", 170, 1)]


@given(st.lists(st.tuples(st.sampled_from([-1100, -620, -100, -50, 0, 90, 110, 140, 420, 450, 990]),
                          st.integers(1, 3)), min_size=1, max_size=12),
       st.integers(0, 5), st.sampled_from(list(Scale)))
def test_property_matchpoints_add_up_to_top_times_results(rows: list[tuple[int, int]], missing: int,
                                                           scale: Scale) -> None:
    from bridgekit.event import EventResult
    n = sum(w for _, w in rows)
    results = [EventResult("1", 1, ns=str(i), ew=str(i), score_ns=s, weight=w) for i, (s, w) in enumerate(rows)]
    # a second board played more often, so the first is factored up by Neuberg
    results += [EventResult("2", 2, score_ns=0) for _ in range(n + missing)]
    ev = score_event(results, EventOptions(method=Method.MP, scale=scale))
    t = ev.boards[0]
    assert t.top == (2 if scale is Scale.EBU else 1) * (n + missing - 1)
    total = sum((r.points_ns + r.points_ew) * r.weight for r in t.results)  # type: ignore[operator]
    assert total == pytest.approx(t.top * n)
    assert all(-1e-9 <= r.points_ns <= t.top + 1e-9 for r in t.results)  # type: ignore[operator]


# -- victory points ----------------------------------------------------------------

def test_wbf_vp_scale_edges() -> None:
    assert victory_points(0, 16) == (10.0, 10.0)
    assert victory_points(60, 16) == (20.0, 0.0) and victory_points(500, 16) == (20.0, 0.0)
    assert victory_points(-500, 8) == (0.0, 20.0)
    # the WBF 16-board table: 10.31, 10.61, 10.91, 11.20, 11.48 for 1 to 5 IMPs
    assert [victory_points(i, 16)[0] for i in range(1, 6)] == [10.31, 10.61, 10.91, 11.2, 11.48]
    assert victory_points(-3, 16) == (9.09, 10.91)
    for boards in (4, 8, 12, 16, 20, 24, 32, 48):
        t = vp_table(boards)
        steps = [b - a for a, b in zip(t, t[1:])]
        assert all(s >= 0 for s in steps) and all(a >= b for a, b in zip(steps, steps[1:])), boards
        assert t[-1] == 2000 and t[-2] < 2000
    with pytest.raises(ValueError):
        victory_points(3, 0)


# -- the command -------------------------------------------------------------------

@pytest.fixture
def mitchell_file(tmp_path: Path) -> Path:
    path = tmp_path / "mitchell.pbn"
    path.write_text(MITCHELL, encoding="utf-8")
    return path


def test_event_command_prints_travellers_and_ranking_in_80_columns(mitchell_file: Path) -> None:
    r = run("event", str(mitchell_file), "--ascii")
    assert r.exit_code == 0, r.output
    assert "Board 1  Vul None  3 results, top 2" in r.stdout
    assert "Ranking, E/W (mitchell)" in r.stdout and "Ranking, N/S (mitchell)" in r.stdout
    assert "9 results (matchpoints, acbl scale)" in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_event_json_contract(mitchell_file: Path) -> None:
    r = run("event", str(mitchell_file), "--json")
    data = json.loads(r.stdout)
    assert list(data) == ["kind", "method", "boards", "pairs"] and data["method"] == "mp"
    board = data["boards"][0]
    assert list(board) == ["board", "top", "datum", "results"] and board["top"] == 2
    assert list(board["results"][0]) == ["section", "round", "table", "ns", "ew", "contract", "declarer", "result",
                                         "score_ns", "points_ns", "points_ew", "percentage_ns", "percentage_ew",
                                         "recorded", "mismatch"]
    assert board["results"][0]["score_ns"] == 420 and board["results"][0]["points_ns"] == 2
    pair = data["pairs"][3]
    assert list(pair) == ["section", "pair", "direction", "names", "boards", "total", "points", "max",
                          "percentage", "rank"]
    assert (pair["pair"], pair["direction"], pair["rank"], pair["percentage"]) == ("1", "EW", "1=", 58.33)


def test_event_csv_and_ranking_only(mitchell_file: Path) -> None:
    r = run("event", str(mitchell_file), "--csv")
    lines = r.stdout.splitlines()
    assert lines[0].startswith("board,section,round,table,ns,ew,contract") and len(lines) == 10
    r = run("event", str(mitchell_file), "--ranking", "--csv")
    assert r.stdout.splitlines()[0].startswith("section,pair,direction") and len(r.stdout.splitlines()) == 7


def test_event_output_writes_columns_and_total_table(mitchell_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.pbn"
    before = mitchell_file.read_bytes()
    r = run("event", str(mitchell_file), "-o", str(out), "--ranking")
    assert r.exit_code == 0 and mitchell_file.read_bytes() == before
    boards = list(read_pbn(str(out)))
    t = boards[2].tables["ScoreTable"]
    recs = t.records()
    assert [(x["MP_NS"], x["MP_EW"], x["Percentage_NS"]) for x in recs] == [
        ("0.5", "1.5", "25"), ("0.5", "1.5", "25"), ("2", "0", "100")]
    total = boards[0].tables["TotalScoreTable"].records()
    assert [(x["Direction"], x["PairId"], x["Rank"], x["TotalMP"], x["TotalPercentage"]) for x in total][3:] == [
        ("EW", "1", "1", "3.5", "58.33"), ("EW", "3", "1", "3.5", "58.33"), ("EW", "2", "3", "2", "33.33")]
    # scoring the written file again: the recorded matchpoints and totals now agree
    again = run("event", str(out), "--ranking")
    assert again.exit_code == 0 and "MPs on 9 of 9, pair totals on 12 of 12" in again.stdout
    # a total changed by hand is reported with its line and row
    text = out.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("1 - NS 1 "))
    out.write_text(text.replace(row, row.replace(" 3.5 58.33", " 4.5 58.33")), encoding="utf-8")
    changed = run("event", str(out), "--ranking")
    assert changed.exit_code == 1
    assert "row 1: TotalScoreTable: pair 1 has TotalMP 4.5 recorded but 3.5 computed" in changed.stderr


def test_event_reports_bad_rows_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(event_pbn({1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 9S N 10 - -"]}), encoding="utf-8")
    r = run("event", str(path))
    assert r.exit_code == 1
    assert f"{path}, line 7, board 1, row 2: invalid contract '9S'" in r.stderr
    assert "Traceback" not in r.output


def test_event_without_results_says_so(tmp_path: Path) -> None:
    path = tmp_path / "deals.pbn"
    path.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n', encoding="utf-8")
    r = run("event", str(path))
    assert r.exit_code == 1 and "no results to score" in r.stderr


@needs_corpus
def test_event_command_on_ruter71() -> None:
    r = run("event", str(RUTER), "--ranking")
    assert r.exit_code == 0, r.stderr
    assert "Recorded scores agree on 168 of 168, IMPs on 168 of 168" in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_written_file_round_trips(mitchell_file: Path) -> None:
    boards = list(read_pbn(str(mitchell_file)))
    ev = read_event(boards, keep_boards=True)
    changed = write_event(ev)
    assert len(changed) == 3
    again = list(read_pbn(io.StringIO(format_pbn(boards)), "x.pbn"))
    assert [b.canonical() for b in again] == [b.canonical() for b in boards]
    problems: list = []
    assert len(list(read_results(again, problems))) == 9 and problems == []


def _team_match(home: str, visit: str, results: list[tuple[str, str]]) -> str:
    """Two boards of a team match: (open room result, closed room result) as
    contract+declarer+tricks, e.g. '4SN10'."""
    games = []
    for number, rooms in enumerate(results, start=1):
        for room, res in zip(("Open", "Closed"), rooms):
            games.append(f'[Board "{number}"]\n[Room "{room}"]\n[HomeTeam "{home}"]\n[VisitTeam "{visit}"]\n'
                         f'[Dealer "N"]\n[Vulnerable "None"]\n[Contract "{res[:2]}"]\n[Declarer "{res[2]}"]\n'
                         f'[Result "{res[3:]}"]\n')
    return "\n".join(games)


def test_match_vp_gives_each_match_and_a_swiss_table(tmp_path: Path) -> None:
    text = "\n".join([
        _team_match("X", "Y", [("4SN10", "4SN10"), ("3NS9", "3NS9")]),     # 0 IMPs: 10-10
        _team_match("X", "Z", [("4SN10", "4SN9"), ("3NS9", "3NS8")]),      # 420 - -50 = 470: 10; 400 - -50 = 450: 10
        _team_match("Y", "Z", [("4SN10", "2SN10"), ("3NS9", "3NS9")]),     # 420 - 170 = 250: 6
    ])
    path = tmp_path / "swiss.pbn"
    path.write_text(text, encoding="utf-8")
    r = run("match", str(path), "--vp", "--json")
    data = json.loads(r.stdout)
    vps = [(m["team_a"], m["team_b"], m["total_imps"], m["vp_a"], m["vp_b"]) for m in data["matches"]]
    two = [victory_points(n, 2) for n in (0, 20, 6)]
    assert vps == [("X", "Y", 0, 10.0, 10.0), ("X", "Z", 20, *two[1]), ("Y", "Z", 6, *two[2])]
    assert two[1][0] > two[2][0] > 10
    table = [(t["rank"], t["team"], t["vp"]) for t in data["standings"]]
    assert table == [("1", "X", round(10 + two[1][0], 2)), ("2", "Y", round(10 + two[2][0], 2)),
                     ("3", "Z", round(two[1][1] + two[2][1], 2))]
    text_out = run("match", str(path), "--vp").stdout
    assert "Victory points over 2 boards: X 10.00, Y 10.00" in text_out and "rank  team" in text_out


def test_readme_event_example_is_what_the_command_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    import re
    import shlex

    from conftest import ROOT, docs_text
    readme = docs_text()
    section = readme.split("### bridgekit event\n", 1)[1].split("\n### ", 1)[0]
    block = re.findall(r"```console\n(.*?)```", section, re.DOTALL)[0]
    command, _, expected = block.partition("\n")
    monkeypatch.chdir(ROOT)
    r = run(*shlex.split(command[2:])[1:])
    assert r.exit_code == 0
    assert [line.rstrip() for line in r.stdout.splitlines()] == [line.rstrip() for line in expected.splitlines()]


def test_event_command_across_field_shows_one_ranking_per_direction(tmp_path: Path) -> None:
    path = tmp_path / "sections.pbn"
    path.write_text(SECTIONS, encoding="utf-8")
    out = run("event", str(path), "--ranking", "--across-field").stdout
    assert out.count("Ranking") == 2 and "Ranking, N/S, all sections" in out
    assert [line.split()[:2] for line in out.splitlines()[3:7]] == [["1", "B"], ["2=", "A"], ["2=", "A"], ["4", "B"]]
    within = run("event", str(path), "--ranking").stdout
    assert within.count("Ranking, section") == 4


def test_event_json_under_imps_has_no_top_max_or_percentage(mitchell_file: Path) -> None:
    data = json.loads(run("event", str(mitchell_file), "--json", "--method", "butler").stdout)
    assert data["method"] == "butler" and data["boards"][0]["top"] is None
    assert all(p["max"] is None and p["percentage"] is None for p in data["pairs"])
    # board 1: 420 -50 170, datum 180 (mean, fewer than 5 results): +6, -6, 0
    assert [r["points_ns"] for r in data["boards"][0]["results"]] == [6, -6, 0]


def test_event_output_refuses_an_input_and_writes_standard_output(mitchell_file: Path) -> None:
    before = mitchell_file.read_bytes()
    r = run("event", str(mitchell_file), "-o", str(mitchell_file))
    assert r.exit_code == 2 and mitchell_file.read_bytes() == before
    r = run("event", str(mitchell_file), "-o", "-")
    assert r.exit_code == 0 and r.stdout.startswith("% PBN 2.1") and "Ranking" not in r.stdout
    assert "MP_NS" in r.stdout and "TotalScoreTable" in r.stdout


def test_vulnerability_comes_from_the_profile() -> None:
    text = ('[Board "x"]\n[Dealer "N"]\n[ScoreTable "Table;PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
            '1 1 1 4S N 10\n2 2 2 4S N 9\n')
    ev = scored(text)
    assert [str(p) for p in ev.problems][0] == ("event.pbn, line 4, board x, row 1: vulnerability unknown "
                                                "(no Vulnerable tag, no board number)")
    from bridgekit.rules import find_profile
    auction = scored(text, profile=find_profile("auction-1920"))     # no vulnerability in Auction Bridge
    assert auction.problems == [] and [r.points_ns for r in auction.boards[0].results] == [1, 0]


_CELLS = st.sampled_from(["-", "?", "4S", "3NTXX", "Pass", "9S", "4Z", "N", "Q", "^S", "10", "=", "+1", "-2",
                          "14", "-1", "A", "A+", "A-/A+", "60%", "101%", "NP", '"Not played"', "420",
                          "-420", "^500", "x", "0", "2", '""'])


@given(st.lists(st.lists(_CELLS, min_size=9, max_size=9), min_size=1, max_size=8),
       st.sampled_from(list(Method)))
def test_any_row_is_scored_or_reported_never_raised(rows: list[list[str]], method: Method) -> None:
    text = event_pbn({1: [" ".join(r) for r in rows], 2: ["- 1 1 1 4S N 10 - -"]})
    ev = scored(text, method=method)
    # every row is somewhere: on the traveller, with points or a problem naming its row
    on_board = sum(len(t.results) for t in ev.boards if t.number == 1)
    assert on_board + sum(1 for p in ev.problems if "columns" in p.message) == len(rows)


def test_hand_records_with_an_intended_contract_are_not_results(tmp_path: Path) -> None:
    """A teaching file names the contract to play but records no result: its
    boards are reported as not scored and are no one's result (no traveller
    of empty rows, no '1 result, top 0')."""
    game = ('[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:A65.J4.A764.A983 QJT73.9852.K3.Q7 K82.KQT3.T52.642 94.A76.QJ98.KJT5"]\n'
            '[Declarer "N"]\n[Contract "1NT"]\n[Result ""]\n\n')
    path = tmp_path / "lesson.pbn"
    path.write_text(game.format(n=1) + game.format(n=2), encoding="utf-8")
    r = run("event", str(path))
    assert r.exit_code == 1
    assert r.stderr.count("not scored: no result") == 2
    assert "no results to score" in r.stderr and "result, top" not in r.stdout


# -- methods are objects in a registry -----------------------------------------

def test_a_fifth_method_is_one_class_and_its_registration() -> None:
    """Total-point scoring (each result's own score, summed): a method the
    package does not have, added from outside by one subclass (of PairMethod:
    it ranks pairs) and ``register``;
    the event, its ranking, its JSON and the CLI's --method take it without
    any other change."""
    from bridgekit.event import PairMethod, find_method, register
    from bridgekit.event.methods import unregister

    class TotalPoints(PairMethod):
        name = "total-points"
        title = "total points"
        unit = "pt"

        def score_field(self, state, t, f, group, settings):  # type: ignore[no-untyped-def]
            for r in group:
                if r.compared:
                    r.points_ns, r.points_ew = float(r.score_ns), float(-r.score_ns)
            return 0.0

    method = register(TotalPoints())
    try:
        assert find_method("Total-Points") is method and method in list(Method)
        ev = scored(MITCHELL, method=method)
        # N/S 1: +420 (b1) +600 (b2) -90 (b3) = 930; N/S 2: -50 +630 -90 = 490; N/S 3: +170 -110 -50 = 10
        ns = {s.pair: (s.points, s.rank) for s in ev.standings if s.direction == "NS"}
        assert ns == {"1": (930, "1"), "2": (490, "2"), "3": (10, "3")}
        assert "total points" in run("event", "-", "--method", "total-points", input=MITCHELL).stdout
    finally:
        unregister(method)
    assert "total-points" not in [m.name for m in Method]


def test_ties_share_a_rank_in_one_pass_over_a_large_field() -> None:
    """2,000 pairs on one board, all the same result: every pair ranked 1=
    in its direction (the ranking used to be quadratic in ties)."""
    rows = [f"- {i} {i} {1000 + i} 3NT N 9 - -" for i in range(1, 1001)]
    ev = scored(event_pbn({1: rows}))
    assert {s.rank for s in ev.standings} == {"1="} and len(ev.standings) == 2000


# -- cross-IMPs as the Scoring tag says; recorded figures at their precision ----

CROSS_ROWS = ["- 1 1 1 4S N 10 - -", "- 2 2 2 4S N 10 - -", "- 3 3 3 4S N 9 - -"]   # +420 +420 -50


@pytest.mark.parametrize("tag, expected", [
    # +420 v +420: 0, v -50 (470, in 430-490): 10 IMPs; -50 v each +420: -10.  Sums 10, 10, -20.
    ("IMP;Cross", [10, 10, -20]),
    ("IMP;Cross1", [3.3333, 3.3333, -6.6667]),     # / 3 scores (PBN 2.1, 3.4.12)
    ("IMP;Cross2", [5, 5, -10]),                   # / 2 comparisons
])
def test_cross_imps_are_totalled_as_the_scoring_tag_says(tag: str, expected: list[float]) -> None:
    ev = scored(event_pbn({1: CROSS_ROWS}, scoring=tag))
    assert ev.method is Method.CROSS_IMPS
    assert [p[2] for p in points(ev, 1)] == expected


def test_cross_scale_option_overrides_the_tag() -> None:
    from bridgekit.event import CrossScale
    ev = scored(event_pbn({1: CROSS_ROWS}, scoring="IMP;Cross"), cross_scale=CrossScale.PER_COMPARISON)
    assert [p[2] for p in points(ev, 1)] == [5, 5, -10]


def test_recorded_points_are_compared_at_the_precision_written() -> None:
    """Cross1 gives 3.3333: a file writing 3.3 (one decimal), 3 (none) or
    3.33 agrees, one writing 3.4 or 3.34 does not."""
    columns = COLUMNS + ";IMP_NS"

    def mismatches(written: str) -> int:
        rows = [CROSS_ROWS[0] + f" {written}", CROSS_ROWS[1] + " -", CROSS_ROWS[2] + " -"]
        return scored(event_pbn({1: rows}, columns, "IMP;Cross1")).points_mismatches

    assert [mismatches(w) for w in ("3.3", "3", "3.33", "3.4", "3.34")] == [0, 0, 0, 1, 1]


# -- artificial scores ------------------------------------------------------------

BYE_EVENT = event_pbn({
    # board 1: N/S 1 +420, N/S 2 +420, N/S 3 -50 (3 results, top 2); pair 4 N/S sits out (a bye)
    1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 4S N 10 - -", "- 3 3 3 4S N 9 - -", "- 4 4 - Bye - - - -"],
    # board 2 (N/S vulnerable): 1NT by N: 7, 8, 6 and 8 tricks: +90 +120 -100 +120
    2: ["- 1 1 2 1NT N 7 - -", "- 2 2 3 1NT N 8 - -", "- 3 3 1 1NT N 6 - -", "- 4 4 4 1NT N 8 - -"],
})


def test_a_bye_does_not_count_under_matchpoints() -> None:
    ev = scored(BYE_EVENT)
    # the bye is not a result: board 1's 3 results are factored (Neuberg) to the 4 of board 2
    assert ev.boards[0].top == 3 and points(ev, 1)[0] == ("1", "1", 2.1667, 0.8333)   # (1.5 + .5) x 4/3 - .5
    four = next(s for s in ev.standings if s.pair == "4" and s.direction == "NS")
    # board 2: +120 ties +120 and beats +90 and -100: 2.5 of 3; its percentage is that board's alone
    assert (four.boards, four.points, four.max, round(four.percentage, 2)) == (1, 2.5, 3, 83.33)


def test_a_bye_is_the_pairs_own_mean_under_butler() -> None:
    """Butler's "mean" for a bye: the pair is credited with its own IMPs per
    board played.  Board 2's datum: +90 +120 -100 +120, mean 57.5, rounded
    to 60; pair 4 N/S +120 is +60 against it: 2 IMPs; the bye on board 1 is
    worth 2 more."""
    ev = scored(BYE_EVENT, method=Method.BUTLER)
    assert ev.boards[1].datum == {None: 60}
    four = next(s for s in ev.standings if s.pair == "4" and s.direction == "NS")
    assert (four.boards, four.points) == (2, 4)
    assert points(ev, 1)[3] == ("4", None, 2, None)


def test_average_plus_against_the_pairs_session_percentage() -> None:
    """--avg-session: an A+ is 60% or the pair's percentage on its other
    boards if higher (WBF Laws Committee, 1998); an A- 40% or it if lower."""
    text = event_pbn({
        1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 4S N 9 - -", "- 3 3 3 - - - A+ -"],     # N/S 3 A+, E/W 3 A-
        2: ["- 1 1 2 3NT N 9 - -", "- 2 2 3 3NT N 8 - -", "- 3 3 1 3NT N 10 - -"],  # +400 -50 +430
    })
    fixed = scored(text)
    assert points(fixed, 1)[2] == ("3", "3", 1.2, 0.8)      # top 2: 60% and 40%
    session = scored(text, session_averages=True)
    # N/S 3 topped board 2 (2 of 2: 100%): its A+ is 100% of 2; E/W 3 beat nobody on board 2
    # (E/W v +430... E/W 3 sat against N/S 2's -50: E/W 3 got 2 of 2, 100%): its A- stays 40%
    assert points(session, 1)[2] == ("3", "3", 2.0, 0.8)
    ns3 = next(s for s in session.standings if s.pair == "3" and s.direction == "NS")
    assert (ns3.points, ns3.max) == (4.0, 4.0)


@pytest.mark.parametrize("cell, ns, ew", [("A", 0, 0), ("A+", 3, -3), ("A-", -3, 3), ("60%", 3, -3),
                                          ("50%", 0, 0), ("40%", -3, 3)])
def test_artificial_scores_under_imps(cell: str, ns: float, ew: float) -> None:
    """Law 12C2: average plus is 3 IMPs; 60%/50%/40% are the same marks."""
    text = event_pbn({1: ["- 1 1 1 4S N 10 - -", "- 2 2 2 4S N 9 - -", f"- 3 3 3 - - - {cell} -"]})
    assert points(scored(text, method=Method.BUTLER), 1)[2] == ("3", "3", ns, ew)


# -- teams ---------------------------------------------------------------------------

TEAMS_ROOMS = """[Event "Club teams"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "IMP"]
[ScoreTable "Round;Table;Room;HomeTeam;VisitTeam;Contract;Declarer;Result"]
1 1 Open Lions Tigers 4S N 10
1 1 Closed Lions Tigers 4S N 9
1 2 Open Bears Wolves 3NT S 9
1 2 Closed Bears Wolves 3NT S 9

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "IMP"]
[ScoreTable "Round;Table;Room;HomeTeam;VisitTeam;Contract;Declarer;Result"]
1 1 Open Lions Tigers 2H E 8
1 1 Closed Lions Tigers 3H E 9
1 2 Open Bears Wolves 1NT N 7
1 2 Closed Bears Wolves 2S W 8
"""
# The same results in the table/round layout: the team at each side.
TEAMS_SIDES = (TEAMS_ROOMS.replace("Round;Table;Room;HomeTeam;VisitTeam", "Round;Table;Team_NS;Team_EW")
               .replace("Open Lions Tigers", "Lions Tigers").replace("Closed Lions Tigers", "Tigers Lions")
               .replace("Open Bears Wolves", "Bears Wolves").replace("Closed Bears Wolves", "Wolves Bears"))


def matches(ev) -> list[tuple[str, str, int, float, float, float | None, float | None]]:  # type: ignore[no-untyped-def]
    return [(m.home, m.away, m.boards, m.imps_home, m.imps_away, m.vp_home, m.vp_away) for m in ev.matches]


@pytest.mark.parametrize("text", [TEAMS_ROOMS, TEAMS_SIDES], ids=["rooms", "sides"])
def test_team_event_imps_and_vps_by_hand(text: str) -> None:
    """Lions v Tigers: b1 +420 (open) v -50 (closed) = 470: 10 IMPs; b2
    -110 v -140 = 30: 1 IMP; 11-0 over 2 boards is 16.90-3.10 on the WBF
    2013 scale.  Bears v Wolves: +400 twice, 0; b2 +90 v -110 = 200: 5 IMPs,
    13.78-6.22."""
    ev = scored(text)
    assert ev.kind == "teams" and ev.method is Method.TEAMS
    assert matches(ev) == [("Bears", "Wolves", 2, 5, 0, 13.78, 6.22), ("Lions", "Tigers", 2, 11, 0, 16.9, 3.1)]
    assert [(t.rank, t.team, t.vp) for t in ev.teams] == [("1", "Lions", 16.9), ("2", "Bears", 13.78),
                                                          ("3", "Wolves", 6.22), ("4", "Tigers", 3.1)]
    assert points(ev, 1)[:2] == [("Lions", "Tigers", 10, -10), ("Tigers", "Lions", -10, 10)]
    assert victory_points(11, 2) == (16.9, 3.1) and victory_points(5, 2) == (13.78, 6.22)


def test_board_a_match_and_patton_by_hand() -> None:
    """Board-a-match: Lions win both boards (2), Bears tie b1 and win b2
    (1.5).  Patton: 2 a board won, 1 drawn, plus 2 a board (4) to the team
    ahead on aggregate (Lions +500, Bears +200): Lions 8, Bears 3 + 4 = 7."""
    bam = scored(TEAMS_ROOMS, method=Method.BAM)
    assert [(t.team, t.imps_for) for t in bam.teams] == [("Lions", 2), ("Bears", 1.5), ("Wolves", 0.5),
                                                         ("Tigers", 0)]
    assert all(t.vp is None for t in bam.teams)
    assert [(t.team, t.imps_for) for t in scored(TEAMS_ROOMS, method=Method.BAM, scale=Scale.EBU).teams][:2] \
        == [("Lions", 4), ("Bears", 3)]                 # the British 2/1/0
    patton = scored(TEAMS_ROOMS, method=Method.PATTON)
    assert [(t.team, t.imps_for) for t in patton.teams] == [("Lions", 8), ("Bears", 7), ("Wolves", 1),
                                                            ("Tigers", 0)]


def test_team_event_json_contract() -> None:
    d = json.loads(run("event", "-", "--json", input=TEAMS_ROOMS).stdout)
    assert d["kind"] == "teams" and d["method"] == "teams"
    assert d["matches"][1] == {"round": "1", "home": "Lions", "away": "Tigers", "boards": 2, "imps_home": 11,
                               "imps_away": 0, "vp_home": 16.9, "vp_away": 3.1}
    row = d["boards"][0]["results"][0]
    assert {k: row[k] for k in ("ns", "ew", "contract", "declarer", "result", "score_ns", "points_ns",
                                "points_ew", "team_ns", "team_ew")} == {
        "ns": "Lions", "ew": "Tigers", "contract": "4S", "declarer": "N", "result": 10, "score_ns": 420,
        "points_ns": 10, "points_ew": -10, "team_ns": "Lions", "team_ew": "Tigers"}
    assert d["teams"][0]["rank"] == "1" and d["teams"][0]["vp"] == 16.9


def test_team_event_printed_with_vps_at_two_decimals() -> None:
    r = run("event", "-", "--ascii", input=TEAMS_ROOMS)
    assert r.exit_code == 0, r.stderr
    assert "16.90" in r.stdout and "3.10" in r.stdout and "Ranking of the teams" in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_a_pairs_event_json_has_the_same_keys() -> None:
    d = json.loads(run("event", "-", "--json", input=MITCHELL).stdout)
    assert d["kind"] == "pairs" and "matches" not in d
    row = d["boards"][0]["results"][0]
    assert (row["percentage_ns"], row["percentage_ew"]) == (100.0, 0.0) and d["boards"][0]["datum"] is None
    assert {"total", "percentage", "rank"} <= set(d["pairs"][0])


def _two_table_match(results: list[tuple[int, str, str, int, int]]) -> list:  # type: ignore[type-arg]
    """Game records of a two-table match: (board, contract, declarer, tricks
    in the open room, tricks in the closed room)."""
    from bridgekit.board import Board
    boards = []
    for number, contract, declarer, open_tricks, closed_tricks in results:
        for room, tricks in (("Open", open_tricks), ("Closed", closed_tricks)):
            b = Board()
            for tag, value in (("Board", str(number)), ("Dealer", "N"), ("Vulnerable", VULS[(number - 1) % 4 + 1]),
                               ("HomeTeam", "Home"), ("VisitTeam", "Away"), ("Room", room),
                               ("Contract", contract), ("Declarer", declarer), ("Result", str(tricks))):
                b.set(tag, value)
            boards.append(b)
    return boards


@given(st.lists(st.tuples(st.sampled_from(["1NT", "3NT", "4S", "2HX", "6D", "5CX", "7NT"]),
                          st.sampled_from("NESW"), st.integers(0, 13), st.integers(0, 13)),
                min_size=1, max_size=8))
@settings(deadline=None)   # no time limit per example: it once failed only because the machine was loaded
def test_property_match_and_event_agree_on_two_table_matches(rows: list[tuple[str, str, int, int]]) -> None:
    """`bridgekit match` (match's reading of the rooms, event.matches) and
    `bridgekit event` (the reading of HomeTeam/VisitTeam/Room) make the same
    two-table match of game records, scored by the one teams method: the same
    IMPs on every board, the same totals and the same victory points."""
    from bridgekit.event import team_matches
    from bridgekit.scoring import score_boards
    boards = _two_table_match([(i, *row) for i, row in enumerate(rows, start=1)])
    [m] = team_matches(score_boards(boards))
    ev = read_event(boards)
    [em] = ev.matches
    assert [b.imps for b in m.boards] == [t.results[0].points_ns for t in ev.boards]
    assert (em.home, em.away, em.imps_home, em.imps_away) == (m.team_a, m.team_b, m.imps_a, m.imps_b)
    assert (em.vp_home, em.vp_away) == m.victory_points


def test_match_vp_reports_no_draw_when_no_match_was_formed() -> None:
    """Three tables of one board (a pairs event's game records) under match
    --vp: no board at exactly two tables, so no winner and no VP (it used to
    say "winner": "draw")."""
    records = "\n".join(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[North "N{i}"]\n[South "S{i}"]\n'
                        f'[Contract "4S"]\n[Declarer "N"]\n[Result "{9 + i}"]\n' for i in range(3))
    r = run("match", "-", "--vp", "--json", input=records)
    d = json.loads(r.stdout)
    assert d["boards"] == [] and d["winner"] is None and (d["vp_a"], d["vp_b"]) == (None, None)
    assert "no match formed" in r.stderr


# -- results pages -----------------------------------------------------------------

def test_results_page_has_ranking_travellers_and_scorecards_escaped() -> None:
    """The page without hand records (no solver needed): every pair ranked
    and linked to its scorecard, every board's traveller with its points
    (one number of decimals per column), names from the file escaped."""
    from bridgekit.event.html import render_results_html
    ev = scored(MITCHELL)
    page = render_results_html(ev, title="<Club> & co")
    assert "<title>&lt;Club&gt; &amp; co</title>" in page and "<Club>" not in page
    assert page.count('<section class="board"') == 3
    # pair 1 N/S: 58.33% on 3.5 of 6, ranked first and linked to its card
    assert '<a href="#p--1-NS">1</a>' in page and 'id="p--1-NS"' in page and "58.33" in page
    # board 3's traveller: 0.5 0.5 2 for N/S (one decimal for the column), 1.5 1.5 0 for E/W
    board3 = page.split('id="b-3"')[1].split("</section>")[0]
    cells = [c.split(">")[-1] for c in board3.split("</td>") if 'class="n"' in c.rsplit("<td", 1)[-1]]
    assert cells == ["", "90", "0.5", "1.5"] * 2 + ["", "50", "2.0", "0.0"]


def test_results_page_of_a_team_event() -> None:
    from bridgekit.event.html import render_results_html
    page = render_results_html(scored(TEAMS_ROOMS))
    assert "<h3>Teams</h3>" in page and "16.90" in page and "3.10" in page
    assert 'id="p--Lions-"' in page and page.count('<section class="board"') == 2


@pytest.mark.dds
def test_event_writes_a_results_page_with_hand_records(tmp_path: Path) -> None:
    from conftest import SAMPLES
    out = tmp_path / "results.html"
    r = run("event", str(SAMPLES / "pairs.pbn"), "-o", str(out))
    assert r.exit_code == 0, r.stderr
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<title>Tuesday pairs</title>" in page
    assert page.count('<div class="deal">') == 4 and page.count('<div class="dd">') == 4
    assert "Par N-S +120" in page             # board 1: 1NT+1 by N/S (samples/pairs.pbn's deal)
    assert "Cat Orr - Dan Fox" in page and "<script" not in page


# -- individuals and sessions ---------------------------------------------------------

INDIVIDUAL = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MP"]
[ScoreTable "Table;North;East;South;West;Contract;Declarer;Result;MP_North"]
1 Ann Bob Cat Dan 4S N 10 2
2 Eve Fay Gus Hal 4S N 9 0
3 Ivy Jon Kim Lou 3S N 10 1

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "MP"]
[ScoreTable "Table;North;East;South;West;Contract;Declarer;Result;MP_North"]
1 Ann Fay Kim Dan 3NT S 9 1
2 Eve Jon Cat Hal 3NT S 10 2
3 Ivy Bob Gus Lou 2H E 8 0
"""


def test_individual_event_by_hand() -> None:
    """Each player scores their side's matchpoints.  Board 1: +420 +170 -50
    give N/S 2, 1, 0; board 2 (N/S vulnerable): +600 +630 -110 give 1, 2, 0.
    Cat (South at tables 1 and 2): 2 + 2 = 4 of 4; Lou (West at table 3
    twice): 1 + 2 = 3; Gus: 0 + 0."""
    ev = scored(INDIVIDUAL)
    assert ev.kind == "individuals" and ev.points_compared == 6 and ev.points_mismatches == 0
    got = {s.pair: (s.points, s.rank) for s in ev.standings}
    assert got["Cat"] == (4, "1") and got["Lou"] == (3, "2=") and got["Gus"] == (0, "12")
    assert len(got) == 12 and all(s.direction is None for s in ev.standings)
    d = json.loads(run("event", "-", "--json", input=INDIVIDUAL).stdout)
    assert d["kind"] == "individuals" and d["pairs"] == [] and d["players"][0]["pair"] == "Cat"
    assert d["boards"][0]["results"][0]["players"] == {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


def test_a_session_file_with_running_totals_is_compared_as_such() -> None:
    """Session 2 of an event: SessionScoreMP and SessionPercentage are this
    session's (pair 1 N/S: 3.5 of 6, 58.33%), TotalScoreMP the running total:
    with a CarryOverMP of 5 it must be 8.5; without one it is not compared."""
    total = ('[TotalScoreTable "PairId;Direction;SessionScoreMP;SessionPercentage;CarryOverMP;TotalScoreMP"]\n'
             '1 NS 3.5 58.33 5 8.5\n2 NS 2.5 41.67 - 11\n3 NS 3 50 4 8\n')
    text = MITCHELL.replace('[ScoreTable', total + '[ScoreTable', 1)
    ev = scored(text)
    # pair 1: session 3.5 and 58.33 agree, total 5 + 3.5 = 8.5 agrees; pair 2: 2.5, 41.67 agree, its
    # total 11 is a running total without carry-over; pair 3: session 3 and 50 agree, 4 + 3 is not 8
    assert (ev.totals_compared, ev.totals_mismatches, ev.running_totals) == (8, 1, 1)
    [bad] = [p for p in ev.problems if "TotalScoreTable" in p.message]
    assert "pair 3 has TotalScoreMP 8" in bad.message


def test_several_session_files_are_combined() -> None:
    """Two sessions of the same pairs, other deals: each pair's matchpoints
    and tops add up (its percentage is over both)."""
    one = scored(MITCHELL)
    second = MITCHELL.replace('[Board "', '[Deal "N:AKQJ.T98.765.432 T987.765.432.AKQ 65432.432.AKQ.JT9 .AKQJ.JT98.8765"]\n[Board "')
    both = read_event(list(read_pbn(io.StringIO(MITCHELL), "s1.pbn")) + list(read_pbn(io.StringIO(second), "s2.pbn")))
    assert len(both.boards) == 6
    s1 = {(s.pair, s.direction): (s.points, s.max) for s in one.standings}
    s2 = {(s.pair, s.direction): (s.points, s.max) for s in both.standings}
    assert all(s2[k] == (2 * p, 2 * m) for k, (p, m) in s1.items())


def test_several_sessions_are_ranked_each_alone_and_together(tmp_path: Path) -> None:
    """`event s1 s2`: the total ranking, then each session's own (issue 28,
    "per-session and total ranking").  Session 2 holds session 1's results
    on other deals: each session alone scores as session 1 scored by itself,
    and each pair's total is twice that (no board of one session compared
    with the other's)."""
    second = MITCHELL.replace('[Board "', '[Deal "N:AKQJ.T98.765.432 T987.765.432.AKQ 65432.432.AKQ.JT9 .AKQJ.JT98.8765"]\n[Board "')
    (tmp_path / "s1.pbn").write_text(MITCHELL)
    (tmp_path / "s2.pbn").write_text(second)
    r = run("event", str(tmp_path / "s1.pbn"), str(tmp_path / "s2.pbn"), "--json")
    d = json.loads(r.stdout)
    alone = {(s.pair, s.direction): s.points for s in scored(MITCHELL).standings}
    assert [s["session"] for s in d["sessions"]] == [1, 2]
    assert [s["file"].endswith(f"s{i}.pbn") for i, s in enumerate(d["sessions"], start=1)] == [True, True]
    for session in d["sessions"]:
        assert {(p["pair"], p["direction"]): p["points"] for p in session["pairs"]} == alone
    totals = {(p["pair"], p["direction"]): p["points"] for p in d["pairs"]}
    assert totals == {k: 2 * v for k, v in alone.items()}
    text = run("event", str(tmp_path / "s1.pbn"), str(tmp_path / "s2.pbn"), "--ranking").stdout
    assert text.index("Session 1 alone") < text.index("Session 2 alone")
    one = run("event", str(tmp_path / "s1.pbn"), "--json")
    assert "sessions" not in json.loads(one.stdout)    # one file: one session, no repeat


def test_swiss_pairing_never_a_rematch() -> None:
    from bridgekit.event.movements import swiss_pairings
    met = frozenset
    assert swiss_pairings("ABCD", {met("AB")}) == ([("A", "C"), ("B", "D")], None)
    # the greedy A v B would leave C v D, a rematch: A v C, B v D instead
    assert swiss_pairings("ABCD", {met("CD")}) == ([("A", "C"), ("B", "D")], None)
    # five teams: the lowest that has not had a bye sits out
    assert swiss_pairings("ABCDE", set(), byes=["E"]) == ([("A", "B"), ("C", "E")], "D")
    with pytest.raises(ValueError):
        swiss_pairings("ABCD", {met("AB"), met("AC"), met("AD")})
    r = run("event", "-", "--swiss", "--json", input=TEAMS_ROOMS)
    d = json.loads(r.stdout)     # Lions, Bears, Wolves, Tigers after round 1: 1 v 2, 3 v 4 (none has met)
    assert d["next_round"] == [{"home": "Lions", "away": "Bears"}, {"home": "Wolves", "away": "Tigers"}]


@pytest.mark.parametrize("ranks, expected", [
    ("2 1", [("3", "1"), ("1", "2")]),      # the file broke the tie (its own tiebreak): its order
    ("1 1", [("1", "1="), ("3", "1=")]),    # the file shows a tie: a tie
])
def test_ties_follow_the_files_ranking(ranks: str, expected: list[tuple[str, str]]) -> None:
    """E/W 1 and 3 tie on 3.5 of 6 (58.33%)."""
    first, second = ranks.split()
    total = f'[TotalScoreTable "Rank;PairId;Direction"]\n{first} 1 EW\n{second} 3 EW\n'
    ev = scored(MITCHELL.replace("[ScoreTable", total + "[ScoreTable", 1))
    assert [(s.pair, s.rank) for s in ev.standings if s.direction == "EW"][:2] == expected


def test_match_on_a_team_scoretable_is_events_teams() -> None:
    """`match` on a team event's ScoreTables (no two game records to pair)
    scores it with event's teams method: the same report."""
    m = run("match", "-", "--json", input=TEAMS_ROOMS)
    e = run("event", "-", "--json", input=TEAMS_ROOMS)
    assert m.exit_code == e.exit_code == 0 and m.stdout == e.stdout and '"vp_home": 16.9' in m.stdout

"""The Auction Bridge rubber score pad (bridgekit.rules.rubber) and the sample
rubbers."""

from __future__ import annotations

import pytest
from conftest import SAMPLES

from bridgekit.contract import PASSED_OUT, Contract, Result
from bridgekit.errors import BridgekitError
from bridgekit.rules import ABOVE, BELOW, find_profile
from bridgekit.rules.rubber import SessionDeal, keep_score, next_dealer
from bridgekit.seats import Seat, Side

A1920 = find_profile("auction-1920")
CLASSIC = find_profile("auction-classic")


def played(contract: str, declarer: Seat, tricks: int, dealer: Seat | None = None) -> SessionDeal:
    return SessionDeal(Result(Contract.parse(contract), declarer, tricks), dealer)


def test_a_game_built_from_two_part_scores_then_the_line() -> None:
    deals = [played("1C", Seat.N, 8),     # 12 below N/S
             played("1NT", Seat.E, 8),    # 20 below E/W
             played("1S", Seat.S, 8)]     # 18 below N/S: 30, game
    [rubber] = keep_score(deals, A1920)
    assert rubber.games == [Side.NS]
    assert not rubber.finished
    below = [(e.deal, e.side, e.points, e.game) for e in rubber.entries if e.line == BELOW]
    assert below == [(1, Side.NS, 12, 1), (2, Side.EW, 20, 1), (3, Side.NS, 18, 1)]
    # after the line both partials start from zero: E/W's 20 does not help them
    rubber2 = keep_score(deals + [played("1H", Seat.W, 8)], A1920)[0]   # 16 for E/W: no game
    assert rubber2.games == [Side.NS]
    assert rubber2.deals[-1].game_won is None


def test_surplus_is_not_carried_and_one_deal_wins_one_game() -> None:
    [rubber] = keep_score([played("1NT", Seat.N, 13),   # 70 below: one game only
                           played("1C", Seat.N, 8)], A1920)   # 12: no second game
    assert rubber.games == [Side.NS]


def test_rubber_bonus_winner_margin_and_a_new_rubber() -> None:
    deals = [played("2NT", Seat.N, 9),    # 30: game N/S
             played("3S", Seat.E, 10),    # 36: game E/W
             played("1NT", Seat.S, 9),    # 30: game and rubber N/S
             played("1H", Seat.W, 7)]     # next rubber: 8 for E/W
    first, second = keep_score(deals, A1920)
    assert first.finished and first.games == [Side.NS, Side.EW, Side.NS]
    bonus = [e for e in first.entries if e.item == "rubber bonus"]
    assert [(e.side, e.points, e.line, e.deal) for e in bonus] == [(Side.NS, 250, ABOVE, 3)]
    assert first.totals == {Side.NS: 30 + 30 + 250, Side.EW: 36}
    assert first.winner is Side.NS and first.margin == 310 - 36
    assert not second.finished and second.totals == {Side.NS: 0, Side.EW: 8}
    assert second.number == 2


def test_a_side_with_two_games_can_lose_on_points() -> None:
    deals = [played("7NTX", Seat.E, 6),   # N/S get 700 above
             played("3NT", Seat.E, 9),    # game E/W (30)
             played("3NT", Seat.E, 9)]    # second game E/W: 250
    [r] = keep_score(deals, A1920)
    assert r.finished and r.games == [Side.EW, Side.EW]
    assert r.totals == {Side.NS: 700, Side.EW: 30 + 30 + 250}
    assert r.winner is Side.NS and r.margin == 700 - 310


def test_unfinished_rubber_and_draw() -> None:
    [r] = keep_score([played("1C", Seat.N, 8), played("1C", Seat.E, 8)], A1920)
    assert not r.finished and r.winner is None and r.margin == 0
    assert r.to_dict()["winner"] is None and r.to_dict()["finished"] is False


def test_passed_out_deals_score_nothing_and_move_the_deal_by_profile() -> None:
    deals = [SessionDeal(Result(PASSED_OUT), Seat.N), played("1S", Seat.S, 7, Seat.E)]
    [r1920] = keep_score(deals, A1920)
    assert [e.deal for e in r1920.entries] == [2]
    assert "next dealer" in r1920.deals[0].notes[0]
    assert not any("should deal" in n for n in r1920.deals[1].notes)  # E after N's four passes: right
    [rclassic] = keep_score(deals, CLASSIC)
    assert "same dealer" in rclassic.deals[0].notes[0]
    assert any("N should deal" in n for n in rclassic.deals[1].notes)
    assert next_dealer(CLASSIC, Seat.W, passed_out=True) is Seat.W
    assert next_dealer(CLASSIC, Seat.W, passed_out=False) is Seat.N
    assert next_dealer(A1920, Seat.W, passed_out=True) is Seat.N


def test_contract_profile_is_not_kept_in_rubbers() -> None:
    with pytest.raises(BridgekitError, match="not scored in rubbers"):
        keep_score([], find_profile("contract"))


def test_json_shape() -> None:
    [r] = keep_score([played("1HX", Seat.S, 9)], A1920)
    d = r.to_dict()
    assert set(d) >= {"entries", "games", "totals", "winner", "margin", "finished"}
    assert d["totals"] == {"NS": 198, "EW": 0}
    assert d["games"] == ["NS"]
    assert {(e["side"], e["line"], e["points"]) for e in d["entries"]} == {("NS", "below", 48), ("NS", "above", 150)}


# -- the samples ------------------------------------------------------------------

def _session(name: str, profile: str):  # type: ignore[no-untyped-def]
    from bridgekit.formats import read_boards
    from bridgekit.scoring import rubber_session
    return rubber_session(read_boards(str(SAMPLES / name)), find_profile(profile))


def test_sample_rubber_1920() -> None:
    rubbers, skipped = _session("rubber-1920.pbn", "auction-1920")
    assert skipped == [] and len(rubbers) == 1
    r = rubbers[0]
    assert r.finished and r.games == [Side.NS, Side.EW, Side.NS]
    # hand-computed from the deals: N/S below 12+27+14+60, above 12+50+72+50+30+250
    assert r.line_total(Side.NS, BELOW) == 113 and r.line_total(Side.NS, ABOVE) == 464
    assert r.line_total(Side.EW, BELOW) == 48 and r.line_total(Side.EW, ABOVE) == 18 + 14 + 100 + 72
    assert r.winner is Side.NS and r.margin == 577 - 252
    items = {(e.deal, e.item) for e in r.entries}
    assert (3, "honours (4 honours, 4+0)") in items            # four in one hand
    assert (2, "honours (3 honours, 2+1)") in items            # to the defenders of a failed contract
    assert (5, "doubled contract made") in items and (6, "small slam bonus") in items
    assert all(not d.notes for d in r.deals)


def test_sample_rubber_classic_differs_by_the_honours_and_doubled_bonus() -> None:
    [r] = _session("rubber-classic.pbn", "auction-classic")[0]
    assert r.finished and r.games == [Side.NS, Side.EW, Side.NS]
    assert r.totals == {Side.NS: 113 + 30 + 50 + 80 + 50 + 30 + 250, Side.EW: 48 + 30 + 30 + 50 + 90}
    honours = sorted(e.points for e in r.entries if e.item.startswith("honours"))
    assert honours == [30, 30, 30, 30, 80, 90]


def test_render_pad_shows_the_line_and_games() -> None:
    from bridgekit.render import render_pad
    [r] = _session("rubber-1920.pbn", "auction-1920")[0]
    text = render_pad(r, ascii=True)
    assert "WE (N/S)" in text and "THEY (E/W)" in text
    assert "game 1: WE" in text and "game 2: THEY" in text and "game 3: WE" in text
    assert "total 577" in text and "252 total" in text
    assert "WE (N/S) win by 325" in text
    lines = text.splitlines()
    line_at = next(i for i, ln in enumerate(lines) if set(ln) <= {"=", "+"} and ln)
    assert any("rubber bonus 250" in ln for ln in lines[:line_at])
    assert any("trick points (3 odd) 27" in ln for ln in lines[line_at:])

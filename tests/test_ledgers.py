"""Ledgers and score items as objects (issue 25.3): a ledger owns its row
fields, totals, tags and summary; a score item's kind is apart from its label;
a profile's counterpart is a profile."""

from __future__ import annotations

from bridgekit.cards import Strain
from bridgekit.contract import Contract, Result
from bridgekit.deal import Deal
from bridgekit.rules import DEFAULT, Ledger, find_profile
from bridgekit.rules.auction_bridge import HONOURS
from bridgekit.rules.duplicate import OVERTRICKS, TRICKS
from bridgekit.seats import Seat, Vul
from bridgekit.render import item_label


def test_each_ledger_answers_for_itself() -> None:
    a1920 = find_profile("auction-1920")
    assert DEFAULT.ledger is Ledger.BOARD and a1920.ledger is Ledger.RUBBER
    assert not Ledger.BOARD.keeps_rubbers and Ledger.RUBBER.keeps_rubbers
    s = DEFAULT.score(Result(Contract.parse("4S"), Seat.N, 11), Vul.NONE)
    assert Ledger.BOARD.row(s) == {"score_ns": 450, "score_ew": -450}
    assert Ledger.BOARD.score_tags(s) == {"Score": "NS 450"}
    assert Ledger.BOARD.summary(s) == "N/S +450, E/W -450"
    r = a1920.score(Result(Contract.parse("2H"), Seat.E, 9), Vul.NONE)
    row = Ledger.RUBBER.row(r)
    assert tuple(row) == Ledger.RUBBER.columns and row["below_ew"] == 24 and row["total_ns"] == 0
    assert Ledger.RUBBER.totals(r)["below_ew"] == 24
    assert Ledger.RUBBER.row(None) == dict.fromkeys(Ledger.RUBBER.columns)


def test_score_items_carry_a_kind_and_their_data() -> None:
    s = DEFAULT.score(Result(Contract.parse("4S"), Seat.N, 11), Vul.NONE)
    over = next(i for i in s.items if i.kind == OVERTRICKS)
    assert (over.count, over.points, over.item) == (1, 30, "overtricks (1)")
    assert next(i for i in s.items if i.kind == TRICKS).item == "trick points"
    # honours: found by kind, not by reading the label
    deal = Deal.parse("N:AKQJ2.AKQ.AKQ.32 T9876.JT9.JT9.T9 543.8765.8765.87 .432.432.AKQJ654")
    a1920 = find_profile("auction-1920")
    items = a1920.score(Result(Contract.parse("1S"), Seat.N, 7), Vul.NONE, deal).items
    honours = [i for i in items if i.kind == HONOURS]
    assert len(honours) == 1 and honours[0].split == (4, 0) and honours[0].item == "honours (4 honours, 4+0)"
    assert item_label(honours[0], "fr").startswith("honneurs")
    assert not [i for i in items if i.kind != HONOURS and "honour" in i.item]


def test_counterpart_is_a_profile() -> None:
    a1920, classic = find_profile("auction-1920"), find_profile("auction-classic")
    assert a1920.counterpart is classic and classic.counterpart is a1920
    assert DEFAULT.counterpart is None
    assert Strain.S  # the strains module loads with the rules

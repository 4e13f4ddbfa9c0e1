"""Text renderings: hand diagram, auction grid, trick list, result line."""

from __future__ import annotations

import random
import re

from conftest import calls
from bridgekit.auction import Auction
from bridgekit.board import AuctionRecord, Board, CallEntry, Tag
from bridgekit.calls import Call
from bridgekit.cards import Card
from bridgekit.contract import Contract
from bridgekit.deal import Deal
from bridgekit.formats.lin import read_lin_text
from bridgekit.play import Play
from bridgekit.render import (card_text, render_auction, render_board, render_deal, render_result, render_tricks,
                              reason_text, visible_len)
from bridgekit.seats import Seat, Vul

DEAL = Deal.parse("N:AKJ75.K84.Q62.A3 42.T73.T93.JT964 Q963.A52.K74.852 T8.QJ96.AJ85.KQ7")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_deal_diagram_positions() -> None:
    text = render_deal(DEAL, board="1", dealer=Seat.N, vulnerable=Vul.NS, ascii=True)
    lines = text.splitlines()
    assert lines[0].startswith("Board 1") and lines[0].endswith("North")
    assert lines[1].startswith("Dealer North") and lines[1].endswith("S AKJ75")
    assert lines[2].startswith("Vul N-S") and lines[2].endswith("H K84")
    # West on the left, East to the right on the same rows, South below
    assert lines[5].startswith("West") and lines[5].endswith("East")
    assert lines[6].startswith("S T8") and lines[6].endswith("S 42")
    assert lines[9].startswith("C KQ7") and lines[9].endswith("C JT964")
    assert lines[10].strip() == "South" and lines[11].strip() == "S Q963"
    # North and South in the same column, East right of both
    assert lines[1].index("S AKJ75") == lines[11].index("S Q963") < lines[6].index("S 42")
    assert max(len(line) for line in lines) <= 80


def test_deal_symbols_voids_unknown_and_hidden_hands() -> None:
    deal = Deal.parse("N:AKQJT98765432... - - -")
    text = render_deal(deal, names={Seat.N: "Ann"}, hidden=[Seat.S])
    assert "North (Ann)" in text
    assert "\u2660 AKQJT98765432" in text and "\u2665 \u2014" in text  # a void is a dash
    assert "\u2660 ?" in text  # an unknown hand
    south = text.splitlines()[10:]
    assert south[0].strip() == "South" and all(not line.strip() for line in south[1:])


def test_colour_only_when_asked_and_alignment_kept() -> None:
    plain = render_deal(DEAL, ascii=False, colour=False)
    coloured = render_deal(DEAL, ascii=False, colour=True)
    assert "\x1b[" not in plain
    assert "\x1b[31m\u2665" in coloured and "\x1b[31m\u2660" not in coloured  # red hearts, black spades
    assert ANSI.sub("", coloured) == plain


def test_auction_grid_starts_in_dealers_column() -> None:
    text = render_auction(calls("1S P 2S P 4S P P P"), Seat.N, ascii=True)
    lines = text.splitlines()
    assert lines[0].split() == ["West", "North", "East", "South"]
    assert lines[1].split() == ["-", "1S", "Pass", "2S"]
    assert lines[2].split() == ["Pass", "4S", "Pass", "Pass"]
    assert lines[3].split() == ["Pass"]
    # the engine Auction gives the same grid
    a = Auction(Seat.N, calls("1S P 2S P 4S P P P"))
    assert render_auction(a, ascii=True) == text
    # West deals: no leading dashes
    assert render_auction(calls("P 1H"), Seat.W, ascii=True).splitlines()[1].split() == ["Pass", "1H"]
    # South deals: three dashes
    assert render_auction(calls("1NT"), Seat.S).splitlines()[1].split() == ["-", "-", "-", "1NT"]


def test_auction_notes_and_all_pass_marker() -> None:
    rec = AuctionRecord(first=Seat.E, calls=[CallEntry(Call.parse("1C"), note=1), CallEntry(Call.parse("X"))],
                        complete_marker=True, notes={1: "Precision, 16+ " + "very long explanation " * 6})
    text = render_auction(rec, ascii=True)
    lines = text.splitlines()
    assert lines[1].split() == ["-", "-", "1C(1)", "X"]
    assert lines[2].strip() == "All pass"  # AP recorded, auction not visibly ended
    notes = lines[3:]
    assert notes[0].startswith("(1) Precision, 16+") and len(notes) >= 2
    assert all(len(line) <= 80 for line in lines)


def test_tricks_from_the_engine_mark_leader_and_winner() -> None:
    play = Play(DEAL, Contract.parse("4S").strain, Seat.N)  # East is on lead
    for c in "S2 S3 ST SA H4 H3 HA HQ".split():
        play.push(Card.parse(c))
    lines = render_tricks(play, ascii=True).splitlines()
    assert lines[0].split() == ["Trick", "Lead", "West", "North", "East", "South", "Won", "NS", "EW"]
    # cards in W N E S columns whatever the order played; the winning card starred
    assert lines[1].split() == ["1", "E", "ST", "SA*", "S2", "S3", "N", "1", "0"]
    assert lines[2].split() == ["2", "N", "HQ", "H4", "H3", "HA*", "S", "2", "0"]


def test_tricks_from_a_record_without_contract_show_unknown_leaders() -> None:
    lin = "md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|o|pc|SA|pc|H2|pc|D2|pc|C2|pc|S2|"
    (b,) = read_lin_text(lin)
    assert b.contract is None
    text = render_tricks(b.play, None, ascii=True)
    rows = text.splitlines()[1:]
    assert rows[0].split()[:2] == ["1", "S"]  # the opening leader (South holds SA) is known from the deal
    assert rows[1].split()[:2] == ["2", "?"]  # the next one is not
    assert "*" not in text  # without trumps nobody can say who won


def test_random_plays_render_in_80_columns_and_count_tricks() -> None:
    rng = random.Random(7)
    for _ in range(10):
        deal = Deal.random(rng)
        play = Play(deal, Contract.parse("3NT").strain, Seat.S)
        while not play.is_complete():
            play.push(rng.choice(list(play.legal_cards)))
        text = render_tricks(play, ascii=False, colour=True)
        lines = text.splitlines()
        assert len(lines) == 14 and all(visible_len(line) <= 80 for line in lines)
        ns, ew = map(int, lines[-1].split()[-2:])
        assert ns == play.declarer_tricks() and ew == 13 - ns
        assert sum(line.count("*") for line in lines) == 13


def _board(tags: dict[str, str]) -> Board:
    return Board(tags={k: Tag(k, v) for k, v in tags.items()})


def test_result_line_as_recorded() -> None:
    b = _board({"Contract": "4HX", "Declarer": "S", "Result": "8", "Score": "NS -500"})
    assert render_result(b, ascii=True) == "Contract 4HX by South, 8 tricks (down 2), score NS -500"
    assert render_result(_board({"Contract": "3NT", "Declarer": "W", "Result": "11"})).endswith("(made +2)")
    assert render_result(_board({"Contract": "Pass"})) == "Passed out"
    assert render_result(_board({})) == "Contract ?"
    assert "unreadable" in render_result(_board({"Contract": "9Q"}))


def test_render_board_from_lin_fits_80_columns() -> None:
    lin = ("pn|Sue,Walt,Nina,Ed|md|3CAKQJT98765432,SAKQJT98765432,HAKQJT98765432,|ah|Board 7|sv|e|"
           "mb|p|mb|1H!|an|" + "a very long explanation " * 8 + "|mb|p|mb|p|mb|p|pc|C2|pc|SA|pc|H2|pc|DA|mc|7|")
    (b,) = read_lin_text(lin, "x.lin")
    text = render_board(b, ascii=True)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "North (Nina)" in text and "Vul E-W" in text and "Dealer North" in text
    assert "Contract 1H by East, 7 tricks (made)" in text
    assert "(1) a very long explanation" in text
    assert "    1  S     SA    H2*   DA    C2    N" in text


def test_bbo_suit_marks_in_notes_become_suits() -> None:
    rec = AuctionRecord(first=Seat.N, calls=[CallEntry(Call.parse("1D"), note=1)],
                        notes={1: " 3+ !D; no !CA; !Stayman"})
    assert render_auction(rec).splitlines()[-1] == "(1) 3+ \u2666; no \u2663A; !Stayman"
    assert render_auction(rec, ascii=True).splitlines()[-1] == "(1) 3+ D; no CA; !Stayman"
    coloured = render_auction(rec, colour=True).splitlines()[-1]
    assert "\x1b[31m\u2666\x1b[0m" in coloured and ANSI.sub("", coloured) == "(1) 3+ \u2666; no \u2663A; !Stayman"


def test_long_labels_and_names_keep_the_columns() -> None:
    names = {s: "Bartholomew-Featherstonehaugh" for s in Seat}
    text = render_deal(DEAL, board="Example deal from the very long book chapter", dealer=Seat.S,
                       vulnerable=Vul.ALL, names=names, ascii=True)
    lines = text.splitlines()
    assert lines[0][24:].startswith("North (Bartholomew")
    assert lines[0][:24].startswith("Board Example deal")
    assert lines[5].index("East") == 48 and lines[1].index("S AKJ75") == 24
    assert "..." in lines[0] and all(len(line) <= 80 for line in lines)


def test_reasons_render_their_calls_and_cards_as_the_screen_does() -> None:
    from bridgekit.calls import Call
    from bridgekit.notation import Message
    reason = Message("{call}: Stayman after {a}-{b}-{c}; {card} then {other}", call=Call.parse("2C"),
                     a=Call.parse("1NT"), b=Call.parse("2C"), c=Call.parse("2D"), card=Card.parse("SA"),
                     other=Card.parse("HT"))
    assert reason_text(reason) == "2\u2663: Stayman after 1NT-2\u2663-2\u2666; \u2660A then \u2665T"
    assert reason_text(reason, ascii=True) == "2C: Stayman after 1NT-2C-2D; SA then HT"
    assert reason_text(reason, lang="fr").startswith("2\u2663: Stayman after 1SA-2\u2663-2\u2666; \u2660A then \u266510")
    coloured = reason_text(Message("{card}", card=Card.parse("HA")), colour=True)
    assert coloured == card_text(Card.parse("HA"), colour=True) and coloured != "\u2665A"
    assert reason_text("a note from a file: \u2660A", ascii=True) == "a note from a file: SA"
"""Real files as their writers meant them (issue 11, reading): each test reads
a small file written here with the feature a real writer produces."""

from __future__ import annotations

from bridgekit.check import check_board
from bridgekit.formats.json import boards_to_json, read_json
from bridgekit.formats.lin import read_lin_text
from bridgekit.formats.pbn import format_pbn, read_pbn
from bridgekit.seats import Seat

LIN_HANDS = "md|3CAKQJT98765432,SAKQJT98765432,HAKQJT98765432,|"


# -- 2. LIN qx|o1,BOARD 1| --------------------------------------------------------

def test_lin_qx_with_a_label_after_the_comma_gives_board_and_room() -> None:
    # BridgeComposer's and bridge-wrangler's layout, with their sa| key
    text = (f"qx|o1,BOARD 1|sa|0|{LIN_HANDS}sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
            f"qx|c1,BOARD 1|sa|0|{LIN_HANDS}sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
            f"qx|o12|{LIN_HANDS}pg||\nqx|c,Board 7|{LIN_HANDS}pg||\n")
    boards = read_lin_text(text)
    assert [(b.label, b.room) for b in boards] == [("1", "Open"), ("1", "Closed"), ("12", "Open"), ("7", "Closed")]
    assert [p.code for b in boards for p in b.problems] == []


# -- 3. prose in an Auction section is never turned into calls -----------------------

PROSE = ('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H Pass 2NT =1= Pass\n'
         "relay to 4H or investigate slam {the lesson's question}\n[Note \"1:Jacoby\"]\n\n"
         '[Board "2"]\n[Dealer "E"]\n[Auction "E"]\n3NT or 4D =2=\n[Note "2:which?"]\n\n'
         '[Board "3"]\n[Dealer "S"]\n[Auction "S"]\n____\n\n'
         '[Board "4"]\n[Dealer "W"]\n[Auction "W"]\n1C 1Z 2C\n')


def test_prose_in_an_auction_is_kept_as_text_and_reported_once() -> None:
    boards = list(read_pbn(PROSE))
    assert [[str(e.call) for e in b.auction.calls] for b in boards] == [  # type: ignore[union-attr]
        ["1H", "Pass", "2NT", "Pass"], ["3NT"], [], ["1C"]]
    assert [b.auction.unread for b in boards] == [  # type: ignore[union-attr]
        ["relay to 4H or investigate slam {the lesson's question}"], ["or 4D =2="], ["____"], ["1Z 2C"]]
    found = [[(p.code, p.call_index, p.line) for p in check_board(b)] for b in boards]
    assert found == [[("bad-call", 4, 5)], [("bad-call", 1, 11)], [("bad-call", 0, 17)], [("bad-call", 1, 22)]]


def test_prose_auctions_convert_unchanged_and_idempotently() -> None:
    once = format_pbn(read_pbn(PROSE))
    assert "relay to 4H or investigate slam {the lesson's question}\n" in once
    assert "\n3NT\nor 4D =2=\n" in once and '[Note "2:which?"]' in once and "\n____\n" in once
    again = list(read_pbn(once))
    assert format_pbn(again) == once
    assert [b.canonical() for b in again] == [b.canonical() for b in read_pbn(PROSE)]
    assert [p.code for b in again for p in check_board(b)] == ["bad-call"] * 4
    # and through JSON
    back = list(read_json(boards_to_json(read_pbn(PROSE))))
    assert format_pbn(back) == once


# -- 5. an unfinished auction without '+' and no contract is a warning ------------------

def _one(text: str):  # type: ignore[no-untyped-def]
    return next(iter(read_pbn(text)))


def test_unfinished_auction_without_plus_is_a_warning_when_no_contract_is_recorded() -> None:
    lesson = _one('[Board "1"]\n[Dealer "N"]\n[Contract ""]\n[Auction "N"]\n1S Pass 2S\n')
    assert [(p.code, p.severity, p.call_index) for p in check_board(lesson)] == [
        ("auction-incomplete", "warning", 3)]
    recorded = _one('[Board "1"]\n[Dealer "N"]\n[Contract "2S"]\n[Declarer "N"]\n[Auction "N"]\n1S Pass 2S\n')
    assert [(p.code, p.severity, p.call_index) for p in check_board(recorded)] == [
        ("auction-incomplete", "error", 3)]
    marked = _one('[Board "1"]\n[Dealer "N"]\n[Contract ""]\n[Auction "N"]\n1S Pass 2S +\n')
    assert check_board(marked) == []


# -- 9. every problem about a call or card is located in the auction or the play ---------

def test_bad_calls_and_cards_carry_their_index() -> None:
    board = _one('[Board "1"]\n[Dealer "N"]\n[Contract "3NT"]\n[Declarer "S"]\n[Auction "N"]\n'
                 'Pass Pass 0C\n[Play "W"]\nSA S2 S3 S4\nH2 1Z\n')
    found = {(p.code, p.call_index, p.card_index) for p in board.problems}
    assert ("bad-call", 2, None) in found
    assert ("bad-card", None, 5) in found


def test_a_bad_card_is_located_in_the_order_played() -> None:
    # trick 1 is won by North (the ace), who leads trick 2: North's column is
    # the second, so the card in East's column (the third) was played second
    board = _one('[Board "1"]\n[Dealer "N"]\n[Contract "3NT"]\n[Declarer "S"]\n[Play "W"]\n'
                 'S2 SA S3 S4\nH2 H3 XX H4\n')
    assert [(p.code, p.card_index) for p in board.problems] == [("bad-card", 5)]


def test_lin_bad_calls_and_cards_carry_their_index() -> None:
    boards = read_lin_text(f"{LIN_HANDS}mb|p|mb|1Z|mb|1S|pc|SA|pc|QQ|pg||\n")
    found = [(p.code, p.call_index, p.card_index) for p in boards[0].problems]
    assert ("lin-bad-call", 1, None) in found and ("lin-bad-card", None, 1) in found


# -- 4. BridgeComposer's hidden hands ------------------------------------------------

HIDDEN = ('[Board "1"]\n[Dealer "N"]\n[Hidden "EW"]\n'
          '[Deal "N:AKQJ.T98.765.432 ... 765.432.AKQJ.T98 ..."]\n\n'
          '[Board "2"]\n[Dealer "N"]\n[Hidden "W"]\n'
          '[Deal "N:AKQJ.T98.765.432 ... 765.432.AKQJ.T98 ..."]\n')


def test_a_hand_hidden_by_bridgecomposer_is_unknown_with_one_warning() -> None:
    first, second = read_pbn(HIDDEN)
    assert first.deal is not None and first.deal[Seat.E] is None and first.deal[Seat.W] is None
    assert [(p.code, p.severity) for p in check_board(first)] == [("hidden-hand", "warning")]
    # a '...' on a seat the Hidden tag does not name is still an empty hand
    assert second.deal is not None and second.deal[Seat.W] is None and second.deal[Seat.E] is not None
    assert ("hand-size", "error") in [(p.code, p.severity) for p in check_board(second)]
    # written back as PBN's unknown hand
    again = next(iter(read_pbn(format_pbn([first]))))
    assert again.get("Deal") == "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 -" and check_board(again) == []


# -- 6. '%' lines stay in their game; 7. the charset line says UTF-8 -----------------

ESCAPES = ('% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=ISO-8859-1\n%Creator: a writer\n'
           '[Board "1"]\n[Dealer "N"]\n%%!R 9 9 4 4\n[Contract "3NT"]\n\n'
           '[Board "2"]\n[Dealer "E"]\n%%!R 7 7 6 6\n')


def test_percent_lines_stay_in_their_game_through_pbn_and_json() -> None:
    first, second = read_pbn(ESCAPES)
    assert "%%!R 9 9 4 4" in first.escapes and second.escapes == ["%%!R 7 7 6 6"]
    text = format_pbn(read_pbn(ESCAPES))
    games = text.split("\n\n")
    assert "%%!R 9 9 4 4" in games[0] and "%%!R 7 7 6 6" in games[1] and "%%!R 7 7 6 6" not in games[0]
    through_json = format_pbn(read_json(boards_to_json(read_pbn(ESCAPES))))
    assert through_json == text
    assert [b.escapes for b in read_pbn(through_json)] == [b.escapes for b in read_pbn(text)]


def test_the_copied_charset_line_says_utf8() -> None:
    text = format_pbn(read_pbn(ESCAPES))
    assert "%Content-type: text/x-pbn; charset=UTF-8" in text and "ISO-8859-1" not in text
    assert "%Creator: a writer" in text


# A '%' line at each kind of place: the top of a game, after a tag, inside the
# Auction (after two calls), after the auction and its note, inside the Play
# (after a trick and a half), inside a table, and a second file header
# ('% PBN' / '% EXPORT', as bridge-wrangler's merged files have) between games.
PLACED = ('% PBN 2.1\n% EXPORT\n%Creator: a writer\n[Board "1"]\n[Dealer "N"]\n%after Dealer\n'
          '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
          '[Declarer "S"]\n[Contract "3NT"]\n[Auction "N"]\n1C Pass\n%%!A two calls\n1NT Pass 3NT =1= Pass\n'
          'Pass Pass\n[Note "1:to play"]\n%after the note\n[Play "W"]\nD2 C5 D5 DA\nSA S2\n%mid trick\nS3 ST\n'
          '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 9\n%%!R row 2\nS NT 9\n\n'
          '% PBN 2.1\n% EXPORT\n%PipColors #0000ff\n[Board "2"]\n[Dealer "E"]\n%%!R 7 7 6 6\n')


def _before_each_percent_line(text: str) -> list[tuple[str, str]]:
    """Each '%' line with the line before it."""
    lines = text.split("\n")
    return [(lines[i - 1], line) for i, line in enumerate(lines) if line.startswith("%") and i >= 2]


def test_percent_lines_keep_their_place_in_pbn_and_json() -> None:
    first, second = read_pbn(PLACED)
    assert first.escape_places == [("", 0), ("Dealer", 0), ("Auction", 2), ("Auction", 8), ("Play", 6),
                                   ("OptimumResultTable", 1)]
    assert second.escapes == ["% PBN 2.1", "% EXPORT", "%PipColors #0000ff", "%%!R 7 7 6 6"]
    text = format_pbn(read_pbn(PLACED))
    assert _before_each_percent_line(text) == [
        ("% EXPORT", "%Creator: a writer"), ('[Dealer "N"]', "%after Dealer"), ("1C Pass", "%%!A two calls"),
        ("Pass Pass", "%after the note"), ("SA S2", "%mid trick"), ("N NT  9", "%%!R row 2"),
        ("", "% PBN 2.1"), ("% PBN 2.1", "% EXPORT"), ("% EXPORT", "%PipColors #0000ff"),
        ('[Dealer "E"]', "%%!R 7 7 6 6")]
    assert "1C Pass\n%%!A two calls\n1NT Pass 3NT =1= Pass\nPass Pass\n%after the note\n[Note" in text
    assert format_pbn(read_pbn(text)) == text  # idempotent
    assert format_pbn(read_json(boards_to_json(read_pbn(PLACED)))) == text
    assert text.count("\n%") == PLACED.count("\n%")  # every '%' line of the input, none added


EMPTY_VALUES = ('[Event ""]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable ""]\n'
                '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
                '[Declarer ""]\n[Contract ""]\n[Result ""]\n[Score "?"]\n[Play ""]\n')


def test_empty_tag_values_survive_json() -> None:
    text = format_pbn(read_pbn(EMPTY_VALUES))
    for tag in ('[Vulnerable ""]', '[Declarer ""]', '[Contract ""]', '[Result ""]', '[Play ""]', '[Score "?"]'):
        assert tag in text
    assert format_pbn(read_json(boards_to_json(read_pbn(EMPTY_VALUES)))) == text


def test_recorded_tricks_follow_the_replay_of_the_play() -> None:
    from bridgekit.contract import Contract
    board, = read_pbn('[Declarer "S"]\n[Contract "4S"]\n[Play "W"]\nHA H2 H3 H4\nH6 H9 ^L H5 H8\n')
    assert board.play is not None
    first, second = board.play.recorded_tricks(board.contract)
    assert (first.leader, [str(c) for c in first.order or ()], first.winner) == (Seat.W, ["HA", "H2", "H3", "H4"],
                                                                               Seat.W)
    # East led out of turn (^L) and the lead was accepted: the trick goes on from East
    assert (second.leader, [str(c) for c in second.order or ()], second.winner) == (
        Seat.E, ["H5", "H8", "H6", "H9"], Seat.N)
    # without a contract only the first trick's leader is known, and no winner
    unknown = board.play.recorded_tricks(None)
    assert [(t.leader, t.winner) for t in unknown] == [(Seat.W, None), (None, None)]
    assert board.play.recorded_tricks(Contract.parse("Pass"))[1].leader is None
    # a row of '-' after the tricks played: its leader is known, and it has no cards
    board, = read_pbn('[Declarer "S"]\n[Contract "4S"]\n[Play "W"]\nHA H2 H3 H4\n- - - -\n')
    assert board.play is not None
    last = board.play.recorded_tricks(board.contract)[1]
    assert (last.leader, last.order, last.winner) == (Seat.W, (), None)

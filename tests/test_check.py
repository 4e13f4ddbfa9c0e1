"""check_board on boards built in code: every code from a board where it applies
and one where it does not, with lines, board labels and indexes."""

from __future__ import annotations

import random

import pytest

from bridgekit.auction import Auction
from bridgekit.board import AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Problem, Tag
from bridgekit.calls import Call
from bridgekit.cards import Card, Strain, Suit
from bridgekit.check import CODES, check_auction, check_board, check_play, summarize
from bridgekit.contract import Contract
from bridgekit.deal import Deal
from bridgekit.play import Play, card_name, trick_winner
from bridgekit.seats import Seat

DEAL = Deal.parse("N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")


def play_record(seq: list[Card], declarer: Seat, strain: Strain | None, first_line: int = 30,
                claim: bool = False) -> PlayRecord:
    """Cards in played order -> the PBN Play section (seat columns from the
    opening leader, one trick a row), computing leaders with the trick rule."""
    opening = declarer.lho
    rec = PlayRecord(opening, [], incomplete_marker=claim, line=first_line - 1)
    leader = opening
    for t in range(0, len(seq), 4):
        trick = seq[t:t + 4]
        row: list[CardEntry | None] = [None] * 4
        for k, card in enumerate(trick):
            seat = leader.next(k)
            row[(seat - opening) % 4] = CardEntry(card, line=first_line + t // 4)
        rec.tricks.append(row)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, strain)
    return rec


def make_board(deal: Deal | None = DEAL, dealer: Seat | None = Seat.N, auction: str | None = "1S P P P",
               contract: str | None = "1S", declarer: str | None = "N", result: str | None = None,
               play: list[Card] | None = None, claim: bool = False, label: str = "7") -> Board:
    board = Board(file="club.pbn", line=1)
    tags = [("Board", label), ("Dealer", None if dealer is None else dealer.name),
            ("Deal", None if deal is None else str(deal)), ("Declarer", declarer),
            ("Contract", contract), ("Result", result)]
    for i, (name, value) in enumerate(tags, start=1):
        if value is not None:
            board.tags[name] = Tag(name, value, line=i)
    if auction is not None:
        first = dealer if dealer is not None else Seat.N
        board.auction = AuctionRecord(first, line=20)
        for k, call in enumerate(auction.split()):
            board.auction.calls.append(CallEntry(Call.parse(call), line=21 + k // 4))
        board.auction.complete_marker = Auction(first, []).is_complete()
    if play is not None:
        c = board.contract
        d = board.declarer
        assert c is not None and d is not None
        board.play = play_record(play, d, c.strain, claim=claim)
    return board


def codes(board: Board) -> list[str]:
    return [p.code for p in check_board(board)]


def legal_play(deal: Deal, strain: Strain, declarer: Seat, n: int, seed: int = 1) -> list[Card]:
    rng = random.Random(seed)
    play = Play(deal, strain, declarer)
    while len(play) < n:
        play.push(rng.choice(list(play.legal_cards)))
    return list(play.cards)


# -- clean boards -----------------------------------------------------------------------------


def test_a_clean_board_has_no_problems() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 52)
    tricks = Play(DEAL, Strain.S, Seat.N, seq).declarer_tricks()
    board = make_board(result=str(tricks), play=seq)
    assert check_board(board) == []


def test_check_board_leaves_the_board_alone_and_keeps_reader_problems() -> None:
    board = make_board(contract="2S")
    reader = board.problem("bad-tag", "something the reader saw", "Board")
    before = list(board.problems)
    found = check_board(board)
    assert board.problems == before
    assert found[0] is reader and [p.code for p in found] == ["bad-tag", "contract-mismatch"]
    check_board(board)
    assert board.problems == before


# -- deals ---------------------------------------------------------------------------------------


def test_duplicate_card_hand_size_missing_card() -> None:
    dup = Deal.parse("N:AKQJT98765.2.2.2 A.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")
    assert "duplicate-card" in codes(make_board(deal=dup))
    short = Deal.parse("N:AKQJT98765.2.2. 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")
    got = codes(make_board(deal=short))
    assert "hand-size" in got and "missing-card" in got
    assert not {"duplicate-card", "hand-size", "missing-card"} & set(codes(make_board()))


def test_deal_problem_already_recorded_by_the_reader_is_not_repeated() -> None:
    dup = Deal.parse("N:AKQJT98765.2.2.2 A.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")
    board = make_board(deal=dup)
    board.problem("duplicate-card", "reader's own message", "Deal")
    assert codes(board).count("duplicate-card") == 1


def test_partial_deal_is_not_a_problem() -> None:
    partial = Deal([DEAL[Seat.N], None, DEAL[Seat.S], None])
    assert codes(make_board(deal=partial)) == []


# -- auctions ----------------------------------------------------------------------------------------


def test_insufficient_bid_located_by_line_and_call_index() -> None:
    board = make_board(auction="1S 2H 2D P P P", contract="2D", declarer="S")
    problems = check_board(board)
    assert [(p.code, p.call_index, p.line, p.board, p.file) for p in problems] == [
        ("insufficient-bid", 2, 21, "7", "club.pbn")]
    assert "2\u2666 by South after 2\u2665 is insufficient" in problems[0].message
    assert problems[0].severity == "error"


def test_accepted_insufficient_bid_marked_in_the_file_is_a_warning() -> None:
    board = make_board(auction="1S 2H 2D P P P", contract="2D", declarer="S")
    board.auction.calls[2].flag = "^I"  # type: ignore[union-attr]
    problems = check_board(board)
    assert [(p.code, p.severity) for p in problems] == [("insufficient-bid", "warning")]


@pytest.mark.parametrize("auction, code, index", [
    ("X", "double-nothing", 0),
    ("1S P X", "double-own-side", 2),
    ("1S X P X", "double-doubled", 3),
    ("1S X P XX", "redouble-own-double", 3),
    ("1S P XX", "redouble-not-doubled", 2),
])
def test_illegal_doubles_and_redoubles(auction: str, code: str, index: int) -> None:
    board = make_board(auction=auction + " P P P", contract=None, declarer=None)
    problems = [p for p in check_board(board) if p.call_index is not None]
    assert (problems[0].code, problems[0].call_index) == (code, index)


def test_calls_after_the_end_are_reported_once() -> None:
    board = make_board(auction="1S P P P P 2H")
    problems = check_board(board)
    assert [(p.code, p.call_index, p.line) for p in problems] == [("auction-ended", 4, 22)]
    assert "2 calls recorded after" in problems[0].message


def test_incomplete_auction_unless_marked() -> None:
    board = make_board(auction="1S P", contract=None, declarer=None)
    assert codes(board) == ["auction-incomplete"]
    board.auction.incomplete_marker = True  # type: ignore[union-attr]
    assert codes(board) == []


def test_missing_dealer_and_dealer_mismatch() -> None:
    board = make_board(dealer=None)
    assert codes(board) == ["missing-dealer"]
    board = make_board()
    board.auction.first = Seat.E  # type: ignore[union-attr]
    # auction from East: 1S by E, so the tags N / 1S no longer agree on the declarer
    assert codes(board) == ["dealer-mismatch", "declarer-mismatch"]


# -- contract and declarer ------------------------------------------------------------------------------


def test_contract_mismatch_and_match() -> None:
    assert codes(make_board(auction="1S P 2S X P P P", contract="2S")) == ["contract-mismatch"]
    assert codes(make_board(auction="1S P 2S X P P P", contract="2SX")) == []


def test_declarer_is_first_of_side_to_name_the_strain() -> None:
    # N opens 1H, S bids 4H last: the declarer is North
    board = make_board(auction="1H P 4H P P P", contract="4H", declarer="S")
    problems = check_board(board)
    assert [p.code for p in problems] == ["declarer-mismatch"]
    assert "North" in problems[0].message and "South made the last bid" in problems[0].message
    assert codes(make_board(auction="1H P 4H P P P", contract="4H", declarer="N")) == []


def test_swapped_declarer_marked_with_caret_is_a_warning() -> None:
    board = make_board(auction="1H P 4H P P P", contract="4H", declarer="^S")
    assert [(p.code, p.severity) for p in check_board(board)] == [("declarer-mismatch", "warning")]


def test_passed_out_board() -> None:
    assert codes(make_board(auction="P P P P", contract="Pass", declarer="")) == []
    assert codes(make_board(auction="P P P P", contract="1S", declarer="N")) == ["contract-mismatch"]


def test_missing_contract_tag_is_reported_when_the_auction_ends_in_one() -> None:
    assert codes(make_board(contract=None)) == ["missing-contract"]


# -- play --------------------------------------------------------------------------------------------------


def _revoke_case() -> tuple[Deal, list[Card], int, Card, Card]:
    """A legal play of five tricks from a random deal, then East's card in the
    fifth trick replaced by a discard while East could follow suit.  Returns the
    deal, the played cards, the index of the revoke, East's card and the highest
    card East held in the suit led."""
    rng = random.Random(11)
    for _ in range(200):
        deal = Deal.random(rng)
        seq = legal_play(deal, Strain.S, Seat.N, 20, seed=rng.randrange(10**6))
        for i in range(17, 20):
            play = Play(deal, Strain.S, Seat.N, seq[:i])
            if play.turn is not Seat.E:
                continue
            led = seq[i - i % 4].suit
            held = play.remaining(Seat.E)
            assert held is not None
            others = sorted((c for c in held if c.suit is not led and c.suit is not Suit.S),
                            key=lambda c: c.index)
            if others and seq[i].suit is led:
                top = max((c for c in held if c.suit is led), key=lambda c: c.rank)
                return deal, seq[:i] + [others[0]] + seq[i + 1:i + 4 - i % 4], i, others[0], top
    raise AssertionError("no case found")


def test_revoke_is_found_with_trick_line_card_index_and_a_clear_message() -> None:
    deal, seq, i, bad, held = _revoke_case()
    board = make_board(deal=deal, play=seq, claim=True, result="7")
    problems = check_board(board)
    assert [(p.code, p.card_index) for p in problems] == [("revoke", i)]
    p = problems[0]
    assert p.line == 30 + i // 4 and p.board == "7" and p.file == "club.pbn"
    assert p.message == (f"trick 5: East discarded the {card_name(bad)} while holding the "
                         f"{card_name(held)}; {seq[16].suit.word} were led")


def test_message_example_from_the_issue() -> None:
    # Hearts led, East holds hearts and discards a club at trick 1.
    deal = Deal.parse("N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")
    play = Play(deal, Strain.NT, Seat.S)    # W leads
    play.push(Card.parse("H3"))             # W leads a heart
    play.push(Card.parse("H2"))             # N follows
    result = check_play(deal, Contract(3, Strain.NT), Seat.S, cards=play.cards + [Card.parse("C3")])
    assert [(p.code, p.card_index) for p in result.problems] == [("revoke", 2)]
    assert result.problems[0].message == (
        "trick 1: East discarded the \u26633 while holding the \u2665A; hearts were led")


def test_wrong_hand_and_already_played_stop_the_replay() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 8)
    bad = seq[:5] + [seq[0]] + seq[6:]        # a card played twice
    board = make_board(play=bad, claim=True, result="7")
    assert [(p.code, p.card_index) for p in check_board(board)] == [("already-played", 5)]


def test_wrong_leader() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 4)
    board = make_board(play=seq, claim=True, result="7")
    board.play.leader = Seat.W  # type: ignore[union-attr]
    assert codes(board) == ["wrong-leader"]


def test_result_mismatch_only_when_play_is_complete() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 52)
    tricks = Play(DEAL, Strain.S, Seat.N, seq).declarer_tricks()
    wrong = str((tricks + 1) % 14)
    problems = check_board(make_board(result=wrong, play=seq))
    assert [(p.code, p.line, p.severity) for p in problems] == [("result-mismatch", 6, "error")]
    caret = check_board(make_board(result="^" + wrong, play=seq))
    assert [(p.code, p.severity) for p in caret] == [("result-mismatch", "warning")]
    assert codes(make_board(result=str(tricks), play=seq)) == []


def test_claims_possible_and_impossible() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 16)
    play = Play(DEAL, Strain.S, Seat.N, seq)
    won, lost = play.declarer_tricks(), play.defence_tricks()
    ok = make_board(play=seq, claim=True, result=str(won + 9))
    assert codes(ok) == []
    # no more trick for declarer's side: impossible while North or South holds the highest spade left
    # (spades are trumps: that card wins a trick whatever is played)
    spades = [(c, s) for s in Seat for c in play.remaining(s) or () if c.suit is Suit.S]
    ours = max(spades, key=lambda cs: cs[0].rank)[1] in (Seat.N, Seat.S)
    assert codes(make_board(play=seq, claim=True, result=str(won))) == (["claim-impossible"] if ours else [])
    too_many = make_board(play=seq, claim=True, result=str(13 - lost + 1))
    assert codes(too_many) == ["claim-impossible"]
    if won > 0:
        assert codes(make_board(play=seq, claim=True, result=str(won - 1))) == ["claim-impossible"]


def test_play_on_a_passed_out_deal() -> None:
    board = make_board(auction="P P P P", contract="Pass", declarer="")
    board.play = play_record(legal_play(DEAL, Strain.S, Seat.N, 4), Seat.N, Strain.S)
    assert codes(board) == ["play-without-contract"]


def test_play_ended_after_thirteen_tricks() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 52)
    tricks = Play(DEAL, Strain.S, Seat.N, seq).declarer_tricks()
    board = make_board(result=str(tricks), play=seq)
    board.play.tricks.append([CardEntry(seq[0], line=99)] + [None] * 3)  # type: ignore[union-attr]
    assert [(p.code, p.card_index, p.line) for p in check_board(board)] == [("play-ended", 52, 99)]


def test_accepted_lead_out_of_turn_continues_from_the_wrong_leader() -> None:
    # 1S by N: E leads.  West leads out of turn (^L) and the play goes on from West.
    board = make_board()
    rec = PlayRecord(Seat.E, [[CardEntry(Card.parse("H2"), line=30), None, CardEntry(Card.parse("CA"), line=30,
                                                                                     flag="^L"),
                               CardEntry(Card.parse("C2"), line=30)]], incomplete_marker=True, line=29)
    # columns E S W N: West leads the A♣, North the 2♣, East the... 3♣ (East holds it), South the 4♣
    rec.tricks[0][0] = CardEntry(Card.parse("C3"), line=30)
    rec.tricks[0][1] = CardEntry(Card.parse("C4"), line=30)
    board.play = rec
    problems = check_board(board)
    assert [(p.code, p.severity, p.card_index) for p in problems] == [("lead-out-of-turn", "warning", 0)]
    # scoring replays the same way (one replay): West's lead stands, no error
    play, errors = board.play_engine(Strain.S, Seat.N)
    assert errors == [] and [str(c) for c in play.cards] == ["CA", "C2", "C3", "C4"]
    assert [s.name for s, _c, _e in rec.played_order(Strain.S)] == ["W", "N", "E", "S"]
    # the same mark on the rightful leader is an error
    board.play.leader = Seat.E  # type: ignore[union-attr]
    board.play.tricks = [[CardEntry(Card.parse("HA"), line=30, flag="^L"), CardEntry(Card.parse("H4"), line=30),  # type: ignore[union-attr]
                          CardEntry(Card.parse("H3"), line=30), CardEntry(Card.parse("H2"), line=30)]]
    assert [(p.code, p.severity) for p in check_board(board)] == [("lead-out-of-turn", "error")]


def test_skipped_player_marked_caret_s() -> None:
    # Dealer N, but East opens (^S replaces North's call): E 1S, S P, W P, N P.
    board = make_board(auction="1S P P P", contract="1S", declarer="E")
    board.auction.skipped = [0]  # type: ignore[union-attr]
    problems = check_board(board)
    assert [(p.code, p.severity, p.call_index) for p in problems] == [("call-out-of-rotation", "warning", 0)]
    # without the mark the same calls make North the declarer
    assert codes(make_board(auction="1S P P P", contract="1S", declarer="E")) == ["declarer-mismatch"]


def test_missing_declarer_is_taken_from_the_opening_leader() -> None:
    seq = legal_play(DEAL, Strain.S, Seat.N, 52)
    tricks = Play(DEAL, Strain.S, Seat.N, seq).declarer_tricks()
    board = make_board(auction=None, result=str(tricks + 1), play=seq)
    del board.tags["Declarer"]
    got = [(p.code, p.severity) for p in check_board(board)]
    assert got == [("missing-declarer", "warning"), ("result-mismatch", "error")]


def test_unreadable_deal() -> None:
    board = make_board(auction=None, contract=None, declarer=None)
    board.tags["Deal"].value = "N:AKQ.xx"
    assert codes(board) == ["bad-deal"]


def test_end_position_is_not_a_hand_size_problem() -> None:
    end = Deal.parse("N:A2... K3... Q4... J5...")
    assert codes(make_board(deal=end, auction=None, contract=None, declarer=None)) == []
    uneven = Deal.parse("N:A2... K3... Q4... J...")
    got = codes(make_board(deal=uneven, auction=None, contract=None, declarer=None))
    assert got.count("hand-size") == 4 and "missing-card" in got


# -- quick forms and helpers ----------------------------------------------------------------------------


def test_check_auction_quick_form() -> None:
    ok = check_auction([Call.parse(c) for c in "1S P 2S X XX P P P".split()], Seat.N)
    assert ok.ok and str(ok.auction.contract()) == "2SXX" and ok.auction.declarer() is Seat.N
    bad = check_auction([Call.parse(c) for c in "1S P 1H P".split()], Seat.N)
    assert [(p.code, p.call_index) for p in bad.problems] == [("insufficient-bid", 2)]


def test_summarize_counts_by_code() -> None:
    ps = [Problem("revoke", "a"), Problem("wrong-hand", "b"), Problem("revoke", "c")]
    assert summarize(ps) == {"revoke": 2, "wrong-hand": 1}


def test_every_code_is_documented_in_the_readme() -> None:
    from conftest import docs_text
    readme = docs_text()
    section = readme.split("### bridgekit check", 1)[1].split("\n### ", 1)[0] if "### bridgekit check" in readme else ""
    missing = [c for c in CODES if f"`{c}`" not in section]
    assert not missing, f"README's bridgekit check section lacks {missing}"


# -- never raises ------------------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bridgekit.calls import ALL_CALLS  # noqa: E402
from bridgekit.cards import ALL_CARDS  # noqa: E402

_cards = st.sampled_from(ALL_CARDS)
_entry = st.one_of(st.none(), st.builds(CardEntry, st.one_of(st.none(), _cards), st.just(5),
                                        flag=st.sampled_from([None, "^R", "^L", "+"])))


@settings(max_examples=300, deadline=None)
@given(deal=st.one_of(st.none(), st.lists(st.one_of(st.none(), st.frozensets(_cards, max_size=14)),
                                           min_size=4, max_size=4)),
       calls=st.lists(st.sampled_from(ALL_CALLS), max_size=20),
       flags=st.lists(st.sampled_from([None, "^I"]), max_size=20),
       skipped=st.lists(st.integers(0, 20), max_size=3),
       rows=st.lists(st.lists(_entry, max_size=5), max_size=15),
       leader=st.sampled_from(list(Seat)), first=st.sampled_from(list(Seat)),
       dealer=st.sampled_from(["N", "E", "S", "W", "", "X", "?"]),
       contract=st.sampled_from(["4S", "3NTX", "Pass", "", "S", "8H", "?", "1CXX"]),
       declarer=st.sampled_from(["N", "^E", "", "Q", "S"]),
       result=st.sampled_from(["9", "^13", "NS 9", "", "14", "x", "0"]),
       claim=st.booleans(), incomplete=st.booleans())
def test_check_board_never_raises_on_any_record(deal, calls, flags, skipped, rows, leader, first, dealer,  # type: ignore[no-untyped-def]
                                                 contract, declarer, result, claim, incomplete) -> None:
    from bridgekit.deal import Hand
    board = Board(file="fuzz.pbn", line=1)
    for i, (name, value) in enumerate((("Dealer", dealer), ("Contract", contract), ("Declarer", declarer),
                                       ("Result", result)), start=1):
        board.tags[name] = Tag(name, value, line=i)
    if deal is not None:
        board.tags["Deal"] = Tag("Deal", str(Deal([None if h is None else Hand(h) for h in deal])), line=9)
    board.auction = AuctionRecord(first, [CallEntry(c, line=10, flag=flags[i] if i < len(flags) else None)
                                          for i, c in enumerate(calls)], incomplete_marker=incomplete,
                                  skipped=skipped, line=10)
    board.play = PlayRecord(leader, rows, incomplete_marker=claim, line=20)
    problems = check_board(board)
    assert all(isinstance(p, Problem) and p.code and p.message for p in problems)

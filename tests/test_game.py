"""bridgekit play: the bidding system, the honest card player and whole games
driven through stdin (*Bridge: One Deal Against the Computer*)."""

from __future__ import annotations

import re

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgekit.auction import Auction
from bridgekit.cards import Card, Strain, Suit
from bridgekit.check import check_board
from bridgekit.cli import cli
from bridgekit.deal import Deal, Hand
from bridgekit.formats import read_boards
from bridgekit.game import (Bidder, CardPlayer, GameOptions, TableView, deal_cards, sample_layouts)
from bridgekit.game.bidding import HandInfo
from bridgekit.play import Play
from bridgekit.rules import find_profile
from bridgekit.scoring import score_board
from bridgekit.seats import Seat

from conftest import ROOT, calls, ctrl_c_reaches_children, run

# South 1NT (16, balanced), North 3NT (14): South declares and plays both hands.
SOUTH_DECLARES = "S:AQ3.KJ4.K984.Q72 JT97.AT98.QT7.T9 K84.Q72.AJ3.KJ65 652.653.652.A843"
# Nobody has an opening: four passes.
PASSED_OUT = "N:Q632.A843.KJ4.96 A87.T95.732.KQT5 JT94.J2.AT86.A83 K5.KQ76.Q95.J742"


def decide(dealer: Seat, before: str, hand: str) -> str:
    auction = Auction(dealer, calls(before))
    return str(Bidder().decide(auction, Hand.parse(hand)).call)


# -- the bidding system ------------------------------------------------------------

def test_balanced_15_to_17_opens_1nt() -> None:
    assert decide(Seat.S, "", "AQ3.KJ4.K984.Q72") == "1NT"      # 16, 3-3-4-3
    assert decide(Seat.S, "", "AQ.KJ4.K9843.Q72") == "1NT"      # 16, 5-3-3-2 in a minor


def test_five_card_major_opened_and_four_card_major_not() -> None:
    assert decide(Seat.S, "", "AKJ74.K93.Q8.742") == "1S"
    assert decide(Seat.S, "", "K93.AKJ74.Q8.742") == "1H"
    assert decide(Seat.S, "", "AKJ74.KQ932.8.74") == "1S"       # 5-5: spades
    assert decide(Seat.S, "", "KQ72.AJ43.K85.92") == "1D"       # 4-4 majors: a minor
    assert decide(Seat.S, "", "KQ72.AJ43.K8.952") == "1C"


def test_weak_hands_pass_and_weak_twos() -> None:
    assert decide(Seat.S, "", "Q83.J94.K984.762") == "Pass"
    assert decide(Seat.S, "", "KQJ972.94.984.76") == "2S"


def test_raise_with_support() -> None:
    # North opened 1H, East passed: South raises with three hearts and 6-9 points
    assert decide(Seat.N, "1H P", "K84.Q762.874.J62") == "2H"
    # four hearts and 10-12 points: the limit raise (an invitation)
    assert decide(Seat.N, "1H P", "K84.Q762.A74.J62") == "3H"
    # opener with 12-15 passes the simple raise, with 16-18 makes a game try
    assert decide(Seat.N, "1H P 2H P", "A3.AKJ74.Q85.942") == "Pass"
    assert decide(Seat.N, "1H P 2H P", "A3.AKJ74.KQ5.942") == "3H"


def test_responses_to_1nt_and_the_slam_try() -> None:
    assert decide(Seat.N, "1NT P", "K84.Q72.AJ3.KJ65") == "3NT"
    assert decide(Seat.N, "1NT P", "K84.Q72.J93.Q965") == "2NT"      # 8-9: invites
    assert decide(Seat.N, "1NT P 2NT P", "AQ3.KJ4.K984.QJ2") == "3NT"  # 16 accepts
    assert decide(Seat.N, "1NT P 2NT P", "AQ3.KJ4.K984.Q72") == "Pass"  # 15 declines
    assert decide(Seat.N, "1NT P", "KQ4.AQ7.Q43.K965") == "4NT"      # 16-17: quantitative
    assert decide(Seat.N, "1NT P 4NT P", "AQ3.KJ4.K984.QJ2") == "6NT"


def test_overcall_and_takeout_double() -> None:
    assert decide(Seat.E, "1C", "KQJ84.A73.85.962") == "1S"
    assert decide(Seat.E, "1H", "AK72.4.KQ85.QJ73") == "X"
    # partner answers the takeout double in its longest unbid suit
    assert decide(Seat.E, "1H X P", "Q9742.863.J4.T52") == "1S"


def test_rkcb_asked_and_answered() -> None:
    # South opened 1S, North raised to 3S (limit), South has slam values and
    # controls every side suit: 4NT, Roman Key-Card Blackwood
    auction = Auction(Seat.S, calls("1S P 3S P"))
    asker = Bidder().decide(auction, Hand.parse("AKQJ74.AK3.KQ5.2"))
    assert str(asker.call) == "4NT" and "RKCB" in asker.reason
    # North answers 1430: one key card (the ace of diamonds) is 5C
    auction = Auction(Seat.S, calls("1S P 3S P 4NT P"))
    north = Bidder().decide(auction, Hand.parse("T863.QJ2.A74.K43"))
    assert str(north.call) == "5C" and "one or four key cards" in north.reason
    # South holds three key cards and the queen: one missing, the small slam
    auction = Auction(Seat.S, calls("1S P 3S P 4NT P 5C P"))
    assert str(Bidder().decide(auction, Hand.parse("AKQJ74.AK3.KQ5.2")).call) == "6S"


def test_inferences_read_the_calls() -> None:
    shown = Bidder().infer(Auction(Seat.S, calls("1NT P")))
    assert shown[Seat.S].hcp == (15, 17) and shown[Seat.S].balanced
    shown = Bidder().infer(Auction(Seat.S, calls("1S P 2S")))
    assert shown[Seat.S].lengths[Suit.S][0] == 5
    assert shown[Seat.N].lengths[Suit.S][0] == 3
    assert shown[Seat.W].hcp[1] <= 16           # did not overcall or double with a big hand


def test_every_computer_call_is_legal_and_explained() -> None:
    bidder = Bidder()
    contracts = []
    for seed in range(60):
        deal = deal_cards(seed)
        auction = Auction(Seat.S)
        while not auction.is_complete():
            d = bidder.decide(auction, deal[auction.turn])  # type: ignore[arg-type]
            assert d.reason.render(ascii=True).startswith(str(d.call)), d      # the reason names the call
            auction.push(d.call)                             # raises if illegal
            assert len(auction) < 40
        assert all(bidder.explain(auction, i) for i in range(len(auction)))
        contracts.append(auction.contract())
    # a natural system passes out few deals and rarely bids a grand slam
    assert sum(1 for c in contracts if c is not None and c.is_passed_out) < 8
    assert sum(1 for c in contracts if c is not None and c.level == 7) <= 1


def test_wrap_keeps_80_columns_with_colour() -> None:
    from bridgekit.game.session import wrap
    from bridgekit.render import visible_len
    red = "\x1b[31m\u2665\x1b[0m"
    text = "Play from your hand: " + "  ".join(f"{i}:{red}Q" for i in range(1, 14))
    lines = wrap(text).split("\n")
    assert len(lines) == 2 and all(visible_len(line) <= 80 for line in lines)
    assert lines[1].startswith("    11:")
    assert wrap("  West  short") == "  West  short"


def test_hand_shape() -> None:
    assert HandInfo.of(Hand.parse("AQ3.KJ4.K984.Q72")).balanced
    assert HandInfo.of(Hand.parse("AQ.KJ4.K9843.Q72")).balanced
    assert not HandInfo.of(Hand.parse("AQ.KJ.K9843.Q972")).balanced
    assert not HandInfo.of(Hand.parse("A.KJ42.K9843.Q72")).balanced


# -- dealing as the single-deal game says ----------------------------------------

def test_cards_dealt_one_at_a_time_from_west() -> None:
    from bridgekit.cards import ALL_CARDS
    cards = list(ALL_CARDS)
    random.Random(11).shuffle(cards)
    deal = deal_cards(11)
    assert deal.is_complete
    for i, card in enumerate(cards):
        assert card in deal[Seat.W.next(i)]  # type: ignore[operator]
    assert str(deal_cards(11)) == str(deal) and str(deal_cards(12)) != str(deal)


# -- the card player ------------------------------------------------------------------

def _opened_deal() -> tuple[Deal, Auction, Play]:
    deal = Deal.parse(SOUTH_DECLARES)
    auction = Auction(Seat.S, calls("1NT P 3NT P P P"))
    return deal, auction, Play(deal, Strain.NT, Seat.S)


def test_view_hides_what_a_seat_cannot_see() -> None:
    deal, auction, play = _opened_deal()
    view = TableView.for_seat(deal, play, auction)           # West to lead: sees only its hand
    assert view.seat is Seat.W
    assert [view.play.deal[s] is None for s in Seat] == [True, True, True, False]
    play.push(Card.parse("SJ"))
    view = TableView.for_seat(deal, play, auction)           # dummy's turn: declarer decides
    assert view.seat is Seat.S
    assert [view.play.deal[s] is None for s in Seat] == [False, True, False, True]


def test_choice_depends_only_on_what_is_seen() -> None:
    """Two deals that differ only in the East-West hands give West's partner
    East... no: give declarer (who cannot see them) the same decision."""
    deal, auction, play = _opened_deal()
    w, e = deal[Seat.W], deal[Seat.E]
    assert w is not None and e is not None
    # swap two unplayed cards between the hidden hands (same suits, so the play stays legal)
    a, b = Card.parse("HA"), Card.parse("H6")
    swapped = Deal([deal[Seat.N], Hand((e.cards - {b}) | {a}), deal[Seat.S], Hand((w.cards - {a}) | {b})])
    choices = []
    for d in (deal, swapped):
        p = Play(d, Strain.NT, Seat.S, [Card.parse("SJ")])
        view = TableView.for_seat(d, p, auction)
        choices.append(CardPlayer(3, rng=random.Random(5), think=None).decide(view).card)
    assert choices[0] == choices[1]


def test_layouts_agree_with_play_voids_and_auction() -> None:
    deal = Deal.parse(SOUTH_DECLARES)
    auction = Auction(Seat.S, calls("1S P 2S P P P"))  # pretend: South 5+ spades 11+, North 3+ spades
    # East (defender) is to decide after West leads: East sees its hand and dummy (North)
    play = Play(deal, Strain.S, Seat.S, [Card.parse("HA"), Card.parse("H2")])
    view = TableView.for_seat(deal, play, auction)
    assert view.seat is Seat.E
    shown = Bidder().infer(auction)
    layouts, level = sample_layouts(view.play, shown, 100, random.Random(3))
    uniform, plain = sample_layouts(view.play, None, 100, random.Random(3))
    assert len(layouts) == 100 and (level, plain) == (0, 3)
    for layout in layouts:
        assert layout.is_complete
        for s in Seat:
            if view.play.deal[s] is not None:
                assert layout[s] == deal[s]
        assert Card.parse("HA") in layout[Seat.W]  # type: ignore[operator]

    def fits(layout: Deal) -> bool:
        south, (lo, hi) = layout[Seat.S], shown[Seat.S].hcp
        return south is not None and south.length(Suit.S) >= shown[Seat.S].min_len(Suit.S) >= 5 and \
            11 <= lo <= south.hcp() <= hi

    # weighted by their fit, not filtered: most layouts fit, against few
    # of the layouts dealt without the auction
    assert sum(map(fits, layouts)) >= 55 and sum(map(fits, uniform)) <= 20


def test_layouts_respect_shown_voids() -> None:
    deal = Deal.parse(SOUTH_DECLARES)
    auction = Auction(Seat.S, calls("1NT P 3NT P P P"))
    # West shows out of clubs on the fourth trick
    cards = [Card.parse(c) for c in "ST S4 S2 SA  C2 C9 CK C3  C5 C4 CQ CT  C7 D7".split()]
    play = Play(deal, Strain.NT, Seat.S, cards)
    assert play.shown_out(Seat.W) == {Suit.C}
    view = TableView.for_seat(deal, play, auction)          # dummy to play: declarer decides
    assert view.seat is Seat.S
    for shown in (None, Bidder().infer(auction)):
        layouts, _ = sample_layouts(view.play, shown, 10, random.Random(1))
        for layout in layouts:
            west = set(layout[Seat.W].cards) - set(play.cards)  # type: ignore[union-attr]
            assert not any(c.suit is Suit.C for c in west)
            assert Card.parse("CA") in layout[Seat.E]  # type: ignore[operator]


def test_only_card_and_equal_cards_need_no_solving() -> None:
    deal, auction, play = _opened_deal()
    for c in "SJ S4 S2".split():
        play.push(Card.parse(c))
    view = TableView.for_seat(deal, play, auction)   # South must follow in spades with AQ3
    d = CardPlayer(2, rng=random.Random(0)).decide(view)
    assert d.card in (Card.parse("SA"), Card.parse("SQ"), Card.parse("S3"))
    assert d.reason.render(ascii=True).startswith(str(d.card))


# -- whole games through stdin ----------------------------------------------------------

def _check_record(path: Path) -> None:
    boards = list(read_boards(str(path)))
    assert len(boards) == 1
    board = boards[0]
    problems = [p for p in check_board(board) if p.severity == "error"]
    assert problems == [], problems
    scored = score_board(board, find_profile("contract"))
    assert scored.score is not None and scored.recorded_ns == scored.score.ns


def test_human_game_refuses_illegal_calls_and_cards(tmp_path: Path) -> None:
    out = tmp_path / "game.pbn"
    script = ["xx", "x", "?", "hint", "1nt", "p", "p", "p", "p", "p", "p"] + ["sq", "zz", "?"] + ["1"] * 30
    result = run("play", "--deal", SOUTH_DECLARES, "--seed", "4", "--samples", "2", "--think", "0",
                 "--save", str(out), input="\n".join(script) + "\n")
    text = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 0, text  # type: ignore[attr-defined]
    assert "Refused: XX by South: there is no bid" in text
    assert "Refused: X by South: there is no bid to double" in text
    assert "The computer would bid 1NT" in text
    # the computer's reasons name cards as the diagrams do (a suit symbol; test_render for --ascii)
    why = [line for line in text.splitlines() if "layouts" in line and "best" in line]
    assert why and all(re.search(r"[\u2660\u2665\u2666\u2663][AKQJT2-9]: best ", line) for line in why), why
    assert "North 3NT" in text and "Contract: 3NT by South" in text
    assert "You declare" in text
    assert "Refused: North does not hold" in text   # never says who does
    assert "'zz' is not a card" in text
    assert text.count("-> ") == 13
    assert "Record saved to" in text
    from bridgekit.render import visible_len
    # CliRunner does not echo the typed Enter, so an answer follows its prompt
    # on the same line; on a terminal it starts a line of its own
    lines = [re.sub(r"^(Your call|[A-Z][a-z]+ plays): ", "", line)
             for line in re.sub(r"y/n ", "y/n\n", text).splitlines()]
    lines = [line for line in lines if str(tmp_path) not in line]  # the temporary path is long
    too_wide = [line for line in lines if visible_len(line) > 80]
    assert too_wide == [], f"lines wider than 80 columns: {too_wide}"
    _check_record(out)
    board = list(read_boards(str(out)))[0]
    assert board.get("South") == "You" and board.get("Contract") == "3NT" and board.get("Declarer") == "S"
    assert board.auction is not None and board.auction.notes      # the computer's reasons
    assert board.play is not None and board.play.notes
    # the record replays: show and analyse-style reading of the play
    shown = CliRunner().invoke(cli, ["show", str(out)])
    assert shown.exit_code == 0 and "3NT" in shown.output


def test_revoke_refused_with_the_rule(tmp_path: Path) -> None:
    """A dynamic player: the first time South could revoke, it tries to."""
    deal = Deal.parse(SOUTH_DECLARES)
    said: list[str] = []
    state: dict[str, object] = {"tried": False}
    from bridgekit.game.session import Table
    table = Table(deal, GameOptions(seed=1, samples=2, think=None), lambda p: answer(p), said.append)

    def answer(prompt: str) -> str:
        if prompt.startswith("Your call"):
            return "1nt" if not table.record.auction.calls else "p"
        play = table.record.play
        assert play is not None
        seat = play.turn
        hand = play.remaining(seat) or set()
        legal = list(play.legal_cards)
        other = [c for c in hand if c not in legal]
        if other and not state["tried"]:
            state["tried"] = True
            state["revoke"] = other[0]
            return str(other[0]).lower()
        return str(legal[-1])

    record = table.run()
    assert record.play is not None and record.play.is_complete()
    assert state["tried"]
    refused = [s for s in said if s.startswith("Refused:")]
    assert refused and "while holding" in refused[0] and "were led" in refused[0]
    board = record.to_board()
    assert [p for p in check_board(board) if p.severity == "error"] == []


@pytest.mark.dds  # the computer plays all four hands: DDS solves its sampled layouts
def test_auto_game_completes_and_scores_as_bridgekit_score(tmp_path: Path) -> None:
    out = tmp_path / "auto.pbn"
    result = run("play", "--auto", "--seed", "3", "--samples", "2", "--think", "0", "--vul", "ns", "--save", str(out),
                 input="")
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert "the computer plays all four hands" in result.output  # type: ignore[attr-defined]
    assert max(len(line) for line in result.output.splitlines()  # type: ignore[attr-defined]
               if str(tmp_path) not in line) <= 80  # the temporary path is long
    _check_record(out)
    board = list(read_boards(str(out)))[0]
    assert board.get("Vulnerable") == "NS" and board.get("South") == "Computer"
    # `bridgekit score` agrees with the Score tag the game wrote
    scored = CliRunner().invoke(cli, ["score", str(out), "--json"])
    assert scored.exit_code == 0, scored.output
    import json
    data = json.loads(scored.output)
    rows = data["boards"] if isinstance(data, dict) else data
    assert str(score_board(board, find_profile("contract")).score.ns) in json.dumps(rows)  # type: ignore[union-attr]
    assert "Score: N-S" in result.output or "0 for both" in result.output  # type: ignore[attr-defined]


def test_passed_out_deal_scores_zero(tmp_path: Path) -> None:
    out = tmp_path / "po.pbn"
    result = run("play", "--auto", "--deal", PASSED_OUT, "--save", str(out), input="")
    text = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 0, text
    assert "passed out and scores zero" in text and "Score: 0 for both sides." in text
    _check_record(out)
    board = list(read_boards(str(out)))[0]
    assert board.get("Contract") == "Pass"
    assert score_board(board, find_profile("contract")).score.ns == 0  # type: ignore[union-attr]


def test_input_ending_early_stops_cleanly(tmp_path: Path) -> None:
    out = tmp_path / "never.pbn"
    result = run("play", "--deal", SOUTH_DECLARES, "--save", str(out), input="p\n")
    assert result.exit_code == 0  # leaving the table is a normal end; 130 is for Ctrl-C
    assert "nothing saved" in result.output  # type: ignore[attr-defined]
    assert "Traceback" not in result.output and not out.exists()  # type: ignore[attr-defined]


def test_bad_options_are_usage_errors(tmp_path: Path) -> None:
    r = run("play", "--deal", "N:AKQ.. - - -", input="")
    assert r.exit_code == 2
    r = run("play", "--vul", "sideways", input="")
    assert r.exit_code == 2 and "vulnerability" in r.output  # type: ignore[attr-defined]
    r = run("play", "--board", "nofile.pbn", input="")
    assert r.exit_code == 2
    r = run("play", "--board", str(tmp_path / "missing.pbn") + ":1", input="")
    assert r.exit_code == 3 and "Traceback" not in r.output  # type: ignore[attr-defined]


@pytest.mark.dds  # the computer plays all four hands: DDS solves its sampled layouts
def test_board_from_a_file(tmp_path: Path) -> None:
    sample = ROOT / "samples" / "match.pbn"
    if not sample.exists():
        pytest.skip("samples/match.pbn is absent")
    out = tmp_path / "b.pbn"
    r = run("play", "--board", f"{sample}:1", "--auto", "--samples", "1", "--seed", "1", "--save", str(out),
            input="")
    assert r.exit_code == 0, r.output  # type: ignore[attr-defined]
    played = list(read_boards(str(out)))[0].deal
    original = next(b for b in read_boards(str(sample)) if b.number == 1).deal
    assert played is not None and original is not None
    assert all(played[s] == original[s] for s in Seat)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_130_without_traceback() -> None:
    exe = Path(sys.executable).with_name("bridgekit")
    with ctrl_c_reaches_children():
        proc = subprocess.Popen([str(exe), "play", "--seed", "1", "--no-save"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    deadline = time.time() + 30
    seen = ""
    while "Your call" not in seen and time.time() < deadline:
        ch = proc.stdout.read(1)
        if not ch:
            break
        seen += ch
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "Traceback" not in err and "Interrupted" in err


@pytest.mark.dds  # the review solves every position of the play
def test_review_after_the_deal_shows_reasons_and_costs(tmp_path: Path) -> None:
    # South declares 3NT and always plays the last card offered: the review
    # lists each trick, the computer's reasons and the double-dummy cost of
    # each of South's cards, which must add up to the post-mortem's.
    from bridgekit.analysis.postmortem import analyse_board
    out = tmp_path / "game.pbn"
    script = ["1nt", "p"] + ["1"] * 40
    # first with more lines than cards: the first spare '1' answers the
    # review's question (no); then with 'y' exactly after South's last card
    result = run("play", "--deal", SOUTH_DECLARES, "--seed", "4", "--samples", "2", "--think", "0",
                 "--save", str(out), input="\n".join(script) + "\n")
    text = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 0, text
    assert "Review the deal" in text and "The play:" not in text   # '1' is not yes
    assert "Please answer y or n." in text   # ... nor no: asked again until the input ends
    asked = text.count("plays: ")      # the cards South chose (prompts answered)
    script = ["1nt", "p"] + ["1"] * asked + ["y"]
    result = run("play", "--deal", SOUTH_DECLARES, "--seed", "4", "--samples", "2", "--think", "0",
                 "--save", str(tmp_path / "game2.pbn"), input="\n".join(script) + "\n")
    text = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 0, text
    review = text[text.index("Review of the deal."):]
    # the summary, then the detail asked for: the spare '1' is not yes
    assert re.search(r"^Contract   \S+ by South", review, re.M) and "The play trick by trick? y/n" in review
    assert "Trick  1:" not in review
    result = run("play", "--deal", SOUTH_DECLARES, "--seed", "4", "--samples", "2", "--think", "0",
                 "--save", str(out := tmp_path / "game3.pbn"), "--full", input="\n".join(script) + "\n")
    text = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 0, text
    review = text[text.index("Review of the deal."):]
    assert len(re.findall(r"^Trick +\d+:", review, re.M)) == 13
    assert "North       3NT" in review                      # the computer's call with its reason
    board = list(read_boards(str(out)))[0]
    pm = analyse_board(board)
    south = [v for v in pm.verdicts if v.seat in (Seat.S, Seat.N)]   # South declares: both hands are yours
    assert len(re.findall(r"no trick lost|: cost \d+ tricks? \(best", review)) >= len(south)
    total = sum(v.cost for v in south)
    if total:
        assert f"Your cards that cost tricks double dummy ({total} trick{'s' if total > 1 else ''} in all):" in review
    else:
        assert "Your cards none cost a trick double dummy." in review
    for v in south:
        if v.cost:
            assert f"cost {v.cost} trick" in review
    from bridgekit.render import visible_len
    assert max(visible_len(line) for line in review.splitlines()) <= 80

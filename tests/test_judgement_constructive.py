"""Constructive judgement by simulation (``bridgekit.game.judgement``, the
points where the opponents only pass): game or part score, slam or game.
Each position is built by hand so that the answer is clear double dummy
whatever partner holds within what the auction showed; the simulation must
find it, and the judged call must say why in plain words (both languages)."""

from __future__ import annotations

import pytest

from bridgekit.auction import Auction
from bridgekit.calls import PASS, Call
from bridgekit.deal import Hand
from bridgekit.game import Bidder
from bridgekit.game.bidding.core import HandInfo
from bridgekit.game.judgement import JudgingBidder, game_or_part, simulate, slam_or_game
from bridgekit.seats import Seat, Vul

from conftest import calls

pytestmark = pytest.mark.dds


def position(before: str, hand: str) -> tuple[Auction, Hand]:
    return Auction(Seat.S, calls(before)), Hand.parse(hand)


def test_game_found_where_the_card_stops_in_a_part_score() -> None:
    # 1H 1S 3H (16-18, six hearts): North holds four hearts to the king, a
    # void and five spades, 4 HCP.  The card counts 4 HCP + 3 for the void
    # and passes; ten trumps and the void make ten tricks on most layouts.
    auction, hand = position("1H P 1S P 3H P", "J8743.K862.8542.")
    bidder = JudgingBidder(samples=16)
    card = Bidder().decide(auction, hand, Vul.ALL)
    assert card.call == PASS
    named = game_or_part(bidder._context(auction, Vul.ALL), HandInfo.of(hand), card.call)
    assert named == [Call.parse("4H")]
    judged = bidder.decide(auction, hand, Vul.ALL)
    assert judged.call == Call.parse("4H"), judged
    english = judged.reason.render(ascii=True)
    assert english.startswith("4H: game: on ") and "layouts that fit the auction" in english, english
    french = judged.reason.render(lang="fr", ascii=True)
    assert french.startswith("4C\u00a0: manche\u00a0: sur ") and "compatibles avec les enchères" in french, french


def test_game_declined_with_twenty_to_twenty_four_points_together() -> None:
    # 1H 2H (5-9, three hearts): opener's 15 HCP and 5-3-3-2 make 20-24
    # together; the card tries 3H, and game straight away is worse on the
    # layouts (it fails on most of them), so the card's try stands.
    auction, hand = position("1H P 2H P", "AQ5.KJ853.K84.Q2")
    bidder = JudgingBidder(samples=16)
    card = Bidder().decide(auction, hand, Vul.ALL)
    named = game_or_part(bidder._context(auction, Vul.ALL), HandInfo.of(hand), card.call)
    assert named == [Call.parse("4H")]
    outcome = simulate(bidder, auction, hand, Vul.ALL, [card.call, *named], 16)[1]
    assert outcome.gain < 0 and outcome.worse > outcome.better, outcome
    assert bidder.decide(auction, hand, Vul.ALL).call == card.call


def test_no_slam_with_twenty_seven_to_thirty_two_points_and_no_fit() -> None:
    # 1NT 3NT (10-15): opener's 17 HCP, 4-3-3-3 with no long suit, make
    # 27-32 together; 6NT needs about 33 and fails on most layouts.
    auction, hand = position("1NT P 3NT P", "AQ5.KQ8.Q843.KJ2")
    bidder = JudgingBidder(samples=16)
    named = slam_or_game(bidder._context(auction, Vul.NONE), HandInfo.of(hand), PASS)
    assert named == [Call.parse("6NT")]
    outcome = simulate(bidder, auction, hand, Vul.NONE, [PASS, *named], 16)[1]
    assert outcome.gain < -2 and outcome.worse > 2 * outcome.better, outcome
    assert bidder.decide(auction, hand, Vul.NONE).call == PASS


def test_no_constructive_judgement_once_they_have_bid_or_in_a_convention() -> None:
    bidder = JudgingBidder(samples=16)
    hand = Hand.parse("J8743.K862.8542.")
    for before in ("1H 1S 2S P 3H P",       # they competed: the lead's points decide
                   "1NT P 2C P 2H P"):      # Stayman: the card's convention
        auction = Auction(Seat.S, calls(before))
        ctx = bidder._context(auction, Vul.ALL)
        assert game_or_part(ctx, HandInfo.of(hand), PASS) is None, before
        assert slam_or_game(ctx, HandInfo.of(hand), PASS) is None, before

"""Judgement by simulation (bridgekit.game.judgement): the double-dummy
results it scores with, and its choices where the answer is not in doubt."""

from __future__ import annotations

import pytest

from bridgekit import dds
from bridgekit.auction import Auction
from bridgekit.calls import PASS, Call
from bridgekit.cards import Strain
from bridgekit.deal import Hand
from bridgekit.game import Bidder, deal_cards
from bridgekit.game.judgement import Judgement, JudgingBidder, part_score, simulate
from bridgekit.notation import render_message
from bridgekit.seats import Seat, Vul

pytestmark = pytest.mark.dds


def test_contract_tricks_agree_with_whole_tables() -> None:
    """One DDS search per contract (the leader's best card) against DDS's
    whole tables, every declarer and strain of three deals."""
    deals = [deal_cards(seed) for seed in (3, 8011, 1234)]
    items = [(d, strain, seat) for d in deals for seat in Seat for strain in Strain]
    tables = {id(d): t for d, t in zip(deals, dds.dd_tables(deals))}
    assert dds.dd_contract_tricks(items) == [tables[id(d)].tricks(seat, strain) for d, strain, seat in items]


def _auction(*calls: str) -> Auction:
    return Auction(Seat.N, [Call.parse(c) for c in calls])


def test_simulation_finds_the_slam_opposite_a_notrump_opening() -> None:
    """Partner (North) opened 1NT, 15-17; South holds 20 points: 35 or more
    together, and twelve tricks in notrump on nearly every layout (by hand:
    33 points make 6NT as a rule).  Pass plays 1NT: 6NT gains on most
    layouts, by well over ten IMPs a deal (1NT+5 is 240, 6NT= 990)."""
    south = Hand.parse("AQ4.KQ3.KJ52.A63")
    _pass, slam = simulate(Bidder(), _auction("1NT", "Pass"), south, Vul.NONE,
                           [PASS, Call.parse("6NT")], samples=12)
    assert slam.better >= 2 * slam.worse and slam.gain > 5


def test_simulation_does_not_bid_game_with_nothing() -> None:
    """A bare hand (2 points) opposite 1NT: 3NT needs 25 points together and
    fails on nearly every layout; it loses on most of them."""
    south = Hand.parse("T943.842.T73.962")
    _pass, game = simulate(Bidder(), _auction("1NT", "Pass"), south, Vul.NONE,
                           [PASS, Call.parse("3NT")], samples=12)
    assert game.worse >= 2 * game.better and game.gain < -1


def test_the_judging_bidder_bids_the_game_the_card_stops_short_of() -> None:
    """Seed 8070 of bench/ai.py: 1NT (15-17) 2D (transfer) 2H 2NT (five
    hearts, invitational) 3H (a minimum) and the card passes 3H with North's
    nine points.  Nine hearts and 24 points together: judgement bids 4H,
    which makes ten tricks double dummy on the real deal (par 4H=, 620), and
    says why in both languages.  Offered 3NT with a bare hand opposite 1NT,
    it keeps the card's pass."""
    deal = deal_cards(8070)
    auction = Auction(Seat.S, [Call.parse(c) for c in "1NT Pass 2D Pass 2H Pass 2NT Pass 3H Pass".split()])
    north = deal[Seat.N]
    assert north == Hand.parse("A3.KJ932.T86.J98")
    assert Bidder().decide(auction, north, Vul.ALL).call == PASS
    judged = JudgingBidder().decide(auction, north, Vul.ALL)
    assert judged.call == Call.parse("4H")
    assert dds.dd_table(deal).tricks(Seat.N, Strain.H) == 10
    en = render_message(judged.reason)
    fr = render_message(judged.reason, lang="fr")
    # the opponents only passed: the constructive point's plain words (judge2)
    assert en.startswith("4\u2665: game: on ") and "of 16 layouts that fit the auction, game scores more than Pass" in en
    assert fr.startswith("4\u2665\u00a0: manche\u00a0: sur ") and "des 16 répartitions compatibles avec les enchères" in fr
    weak = Hand.parse("T943.842.T73.962")
    offer_game = Judgement("test", lambda ctx, info, card: [Call.parse("3NT")])
    assert JudgingBidder(samples=12, points=(offer_game,)).decide(_auction("1NT", "Pass"), weak).call == PASS


def test_part_score_point_offers_game_when_the_card_stops() -> None:
    """We hold 2S (1S-2S) and the card passes: the point offers four spades
    and 3NT; with the card bidding game it offers the pass; not when the
    opponents hold the contract."""
    bidder = Bidder()
    weak_opener = Hand.parse("AKJ54.K32.Q43.72")   # 13 points: passes 2S
    auction = _auction("1S", "Pass", "2S", "Pass")
    ctx = bidder._context(auction, Vul.NONE)
    from bridgekit.game.bidding.core import HandInfo
    info = HandInfo.of(weak_opener)
    card = bidder.decide(auction, weak_opener).call
    assert card == PASS
    assert part_score(ctx, info, card) == [Call.parse("4S"), Call.parse("3NT")]
    assert part_score(ctx, info, Call.parse("4S")) == [PASS]
    theirs = _auction("Pass", "1S", "Pass", "2S")
    assert part_score(bidder._context(theirs, Vul.NONE), info, PASS) is None


def test_the_same_position_gets_the_same_call() -> None:
    deal = deal_cards(8011)
    bidder = JudgingBidder(samples=8)
    auction = Auction(Seat.N)
    calls = []
    while not auction.is_complete():
        call = bidder.decide(auction, deal[auction.turn]).call
        calls.append(call)
        auction.push(call)
    again = Auction(Seat.N)
    for call in calls[:-1]:
        again.push(call)
    assert bidder.decide(again, deal[again.turn]).call == calls[-1]

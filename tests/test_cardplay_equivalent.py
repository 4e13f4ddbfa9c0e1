"""The computer's "all the legal cards are equivalent" shortcut (issue 17).

Only the cards of *completed* tricks are gone: a card of the trick in progress
that lies between two of ours still separates them.  Each position is built
by hand; the first is also solved with DDS to show the choice matters.
"""

from __future__ import annotations

import random

import pytest

from bridgekit.cards import ALL_CARDS, Card, Strain, Suit
from bridgekit.deal import Deal, Hand
from bridgekit.auction import Auction
from bridgekit.game import CardPlayer, TableView
from bridgekit.game.cardplay import _all_equivalent
from bridgekit.play import Play
from bridgekit.seats import Seat

# East declares no trump; West is dummy.  Diamonds: West K6543, North AQJ97,
# South T82, East none.
DEAL = Deal.parse("N:98.T98.AQJ97.T98 AKQJT.AKQJ..AKQJ 765.765.T82.7654 432.432.K6543.32")
# Three diamond tricks won by North take out the Q, J, T, 8, 7; then North
# leads the 9, East and South discard, and West holds the K and the 6.
BEFORE = "DT D3 DQ ST  DJ CJ D8 D4  D7 HJ D2 D5  D9 SJ C4"


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def position(deal: Deal = DEAL, before: str = BEFORE) -> Play:
    return Play(deal, Strain.NT, Seat.E, cards(before))


def test_a_card_of_the_trick_in_progress_separates_ours() -> None:
    play = position()
    assert play.turn is Seat.W
    legal = sorted(play.legal_cards, key=lambda c: c.rank)
    assert legal == cards("D6 DK")
    # The 9 on the table lies between them: the king wins the trick, the six not.
    assert not _all_equivalent(play, legal)


def test_the_same_cards_are_equivalent_once_the_gap_is_in_a_completed_trick() -> None:
    # North holds the 2 instead of the 7, the 7 falls from South in the third
    # trick and North leads the ace: every diamond between West's 6 and king
    # is gone in completed tricks, and both lose to the ace.
    deal = Deal.parse("N:98.T98.AQJ92.T98 AKQJT.AKQJ..AKQJ 765.765.T87.7654 432.432.K6543.32")
    play = position(deal, "DT D3 DQ ST  DJ CJ D8 D4  D9 HJ D7 D5  DA SJ C4")
    legal = list(play.legal_cards)
    assert sorted(legal, key=lambda c: c.rank) == cards("D6 DK")
    assert _all_equivalent(play, legal)


@pytest.mark.parametrize("held, led", [
    ("CA CK CQ CT C9", "CJ"),   # the 9 from A K Q T 9 over a jack
    ("DA DK DQ DT", "DJ"),      # the 10 from A K Q T over a jack
])
def test_a_led_card_inside_our_run_splits_it(held: str, led: str) -> None:
    # West holds ``held``; North leads ``led`` and East and South follow low.
    ours = set(cards(held))
    suit = next(iter(ours)).suit
    deal = _deal_with(ours, Card.parse(led))
    play = Play(deal, Strain.NT, Seat.W, [Card.parse(led)] + _low_followers(deal, suit))
    assert play.turn is Seat.W
    legal = [c for c in play.legal_cards]
    assert set(legal) == ours
    assert not _all_equivalent(play, legal)


def _deal_with(west: set[Card], led: Card) -> Deal:
    """A complete deal: West holds ``west`` and no other card of its suit,
    North leads ``led``, and East and South hold the suit's lowest cards."""
    suit = led.suit
    same = sorted((c for c in ALL_CARDS if c.suit is suit and c not in west and c != led),
                  key=lambda c: c.rank)
    east, south = same[:1], same[1:2]
    others = [c for c in ALL_CARDS if c.suit is not suit] + same[2:]
    w = list(west) + others[:13 - len(west)]
    others = others[13 - len(west):]
    n, e, s = [led] + others[:12], east + others[12:24], south + others[24:]
    return Deal([Hand(n), Hand(e), Hand(s), Hand(w)])


def _low_followers(deal: Deal, suit: Suit) -> list[Card]:
    east = min((c for c in deal.hands[Seat.E].cards if c.suit is suit), key=lambda c: c.rank)
    south = min((c for c in deal.hands[Seat.S].cards if c.suit is suit), key=lambda c: c.rank)
    return [east, south]


@pytest.mark.dds
def test_dds_confirms_the_king_keeps_a_trick_the_six_loses() -> None:
    from bridgekit import dds
    play = position()
    values = dds.solve_positions([(DEAL, Strain.NT, Seat.E.lho, play.cards)])[0]
    # Tricks for the side to play (East-West) from here on, by West's card.
    assert values[Card.parse("DK")] > values[Card.parse("D6")]


@pytest.mark.dds
def test_the_computer_no_longer_ducks_with_the_six() -> None:
    play = position()
    view = TableView.for_seat(DEAL, play, Auction(Seat.S))
    decision = CardPlayer(samples=4, use_auction=False, rng=random.Random(1), think=None).decide(view)
    assert "equivalent" not in decision.reason
    assert decision.card == Card.parse("DK")

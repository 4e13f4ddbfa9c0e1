"""The layouts the card players deal (issue 17 points 2 and 3).

* ``bench/yardstick.py``, the plain sampling player ``bench/ai.py`` measures
  against: uniform layouts that keep the voids shown, the best total with the
  lowest card on a tie (checked by solving a small position).
* ``bridgekit.game.cardplay``: layouts weighted by their fit to the auction or
  the contract (a Metropolis walk whose frequencies are checked against
  exp(-misfit) computed by hand), more layouts for the first tricks.
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter

import pytest

from bridgekit.auction import Auction
from bridgekit.calls import Call
from bridgekit.cards import Card, Strain, Suit
from bridgekit.deal import Deal
from bridgekit.game import CardPlayer, TableView
from bridgekit.game.cardplay import FIT_TEMPERATURE, SideFit, _Walk, contract_fit, sample_layouts
from bridgekit.play import Play
from bridgekit.seats import Seat

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import yardstick  # noqa: E402

# East declares no trump, West is dummy (the position of test_cardplay_equivalent):
# North leads the 9 of diamonds to the fourth trick, West holds the K and the 6.
DEAL = Deal.parse("N:98.T98.AQJ97.T98 AKQJT.AKQJ..AKQJ 765.765.T82.7654 432.432.K6543.32")
BEFORE = "DT D3 DQ ST  DJ CJ D8 D4  D7 HJ D2 D5  D9 SJ C4"


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def auction(text: str, dealer: Seat = Seat.S) -> Auction:
    return Auction(dealer, [Call.parse(t) for t in text.split()])


# -- the yardstick -------------------------------------------------------------

def test_uniform_layout_keeps_voids_counts_and_is_uniform() -> None:
    # Four cards for East and West, two each; West has shown out of spades.
    pool = cards("SA SK HA HK")
    rng = random.Random(7)
    seen = Counter()
    for _ in range(3000):
        hands = yardstick.uniform_layout(pool, {Seat.E: 2, Seat.W: 2}, {Seat.E: set(), Seat.W: {Suit.S}}, rng)
        assert sorted(map(str, hands[Seat.E] + hands[Seat.W])) == sorted(map(str, pool))
        assert len(hands[Seat.W]) == 2 and not any(c.suit is Suit.S for c in hands[Seat.W])
        seen[frozenset(hands[Seat.E])] += 1
    # West's void forces both spades to East: that is the only layout.
    assert seen == {frozenset(cards("SA SK")): 3000}
    seen.clear()
    for _ in range(3000):
        hands = yardstick.uniform_layout(pool, {Seat.E: 2, Seat.W: 2}, {Seat.E: set(), Seat.W: set()}, rng)
        seen[frozenset(hands[Seat.E])] += 1
    # Without voids the six two-card hands of East come equally often.
    assert len(seen) == 6 and all(400 < n < 600 for n in seen.values())


def test_yardstick_sees_only_what_the_player_sees() -> None:
    play = Play(DEAL, Strain.NT, Seat.E, cards(BEFORE))
    seat, seen = yardstick.visible_seats(play)
    assert play.turn is Seat.W and seat is Seat.E and seen == {Seat.E, Seat.W}
    for layout in yardstick.sample(DEAL, play, random.Random(1), 5):
        assert layout[Seat.E] == DEAL[Seat.E] and layout[Seat.W] == DEAL[Seat.W]
        # the cards North and South played are in their hands in every layout
        for i, card in enumerate(play.cards):
            assert card in layout[play.seat_of(i)]  # type: ignore[operator]
        # South discarded a club on North's 9 of diamonds: its only diamonds
        # are the three it played
        assert play.shown_out(Seat.S) == {Suit.D}
        south = layout[Seat.S]
        assert south is not None and set(south.suit_cards(Suit.D)) == set(cards("DT D8 D2"))


def test_equivalent_counts_only_completed_tricks() -> None:
    play = Play(DEAL, Strain.NT, Seat.E, cards(BEFORE))
    assert not yardstick.equivalent(play, cards("D6 DK"))    # the 9 on the table splits them
    assert yardstick.equivalent(play, cards("D4 D5"))       # nothing between
    assert yardstick.lowest(cards("SK D6 HA C9")) == Card.parse("D6")
    assert yardstick.lowest(cards("S6 D6 H6")) == Card.parse("D6")


@pytest.mark.dds
def test_yardstick_takes_the_best_card_when_every_layout_agrees() -> None:
    from bridgekit import dds
    play = Play(DEAL, Strain.NT, Seat.E, cards(BEFORE))
    values = dds.solve_positions([(DEAL, Strain.NT, Seat.E.lho, play.cards)])[0]
    best = max(values.values())
    player = yardstick.Yardstick(random.Random(2), samples=3)
    card = player.decide(DEAL, play)
    assert values[card] == best and card == Card.parse("DK") and player.solved == 3


# -- bridgekit's player: layouts weighted by their fit --------------------------

def test_walk_deals_layouts_in_proportion_to_exp_minus_misfit() -> None:
    # East and West share the A K 3 2 of spades; the auction showed East with
    # exactly 7 HCP: A K fits (misfit 0), A x misses by 3, K x by 4, x x by 7.
    hands = {Seat.E: cards("S3 S2"), Seat.W: cards("SA SK")}
    open_lengths = {s: (0, 13) for s in Suit}
    walk = _Walk(hands, {Seat.E: (7, 7, open_lengths)}, {Seat.E: set(), Seat.W: set()}, random.Random(11))
    seen: Counter[frozenset[str]] = Counter()
    steps = 40000
    for _ in range(steps):
        walk.wander(1)
        seen[frozenset(map(str, walk.hands[Seat.E]))] += 1
    weight = {0: 1.0, 3: math.exp(-3 / FIT_TEMPERATURE), 4: math.exp(-4 / FIT_TEMPERATURE),
              7: math.exp(-7 / FIT_TEMPERATURE)}
    misfit = {"SA SK": 0, "SA S3": 3, "SA S2": 3, "SK S3": 4, "SK S2": 4, "S3 S2": 7}
    total = sum(weight[m] for m in misfit.values())
    for held, m in misfit.items():
        expected = weight[m] / total
        assert abs(seen[frozenset(held.split())] / steps - expected) < 0.02, (held, expected)


def test_contract_fit_reads_trumps_and_strength() -> None:
    fit = contract_fit(auction("P P 4S P P P", Seat.N))
    assert fit == SideFit((Seat.S, Seat.N), Suit.S, 8, 24)
    assert contract_fit(auction("3NT P P P")) == SideFit((Seat.S, Seat.N), None, 0, 25)
    # doubled: perhaps a sacrifice, so no strength is read
    assert contract_fit(auction("P 5D X P P P")) == SideFit((Seat.W, Seat.E), Suit.D, 8, 0)
    assert contract_fit(auction("P P P P")) is None


def test_layouts_at_the_opening_lead_fit_the_contract() -> None:
    # South declares 4S; West, on lead, sees only its own hand.
    deal = Deal.parse("S:AQ3.KJ4.K984.Q72 JT97.AT98.QT7.T9 K84.Q72.AJ3.KJ65 652.653.652.A843")
    view = TableView.for_seat(deal, Play(deal, Strain.S, Seat.S), auction("4S P P P"))
    assert view.seat is Seat.W
    fit = contract_fit(view.auction)
    weighted, level = sample_layouts(view.play, None, 200, random.Random(5), fit)
    uniform, plain = sample_layouts(view.play, None, 200, random.Random(5))
    assert (level, plain) == (1, 3)

    def fits(d: Deal) -> bool:
        n, s = d[Seat.N], d[Seat.S]
        assert n is not None and s is not None
        return n.length(Suit.S) + s.length(Suit.S) >= 8 and n.hcp() + s.hcp() >= 24

    for layout in weighted:
        assert layout[Seat.W] == deal[Seat.W]
    # West holds four spades and 10 HCP: uniformly North-South rarely hold
    # eight spades and 24 points; weighted by the contract, mostly.
    assert sum(map(fits, uniform)) < 40 and sum(map(fits, weighted)) > 100


def test_more_layouts_for_the_first_tricks_and_the_defence() -> None:
    player = CardPlayer(16, think=1.0)
    play = Play(DEAL, Strain.NT, Seat.E)
    assert play.turn is Seat.S  # a defender leads: twice the layouts, not the time
    assert player.budget(play) == (64, 1.6)
    play.push(next(iter(play.legal_cards)))
    assert play.turn is Seat.W  # dummy: declarer decides
    assert player.budget(play)[0] == 24
    play.push(next(iter(play.legal_cards)))
    assert play.turn is Seat.N and player.budget(play)[0] == 48
    later = Play(DEAL, Strain.NT, Seat.E, cards(BEFORE))
    assert later.turn is Seat.W and player.budget(later) == (16, 1.0)
    later.push(Card.parse("DK"))  # wins the trick, leads again
    later.push(next(iter(later.legal_cards)))
    assert later.turn is Seat.N and player.budget(later) == (32, 1.0)
    assert CardPlayer(10, think=None, plain=True).budget(Play(DEAL, Strain.NT, Seat.E)) == (10, None)

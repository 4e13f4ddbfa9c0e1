"""The defenders' carding (``bridgekit.game.cardplay_signals``): the
convention's cards worked out by hand, a signal given by the computer among
equal cards and explained, and the sampler's layouts fitted to it."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from bridgekit.auction import Auction
from bridgekit.calls import Call
from bridgekit.cards import Card, Strain, Suit
from bridgekit.deal import Deal
from bridgekit.game import CardPlayer, TableView
from bridgekit.game.cardplay import layout_stream
from bridgekit.game.cardplay_signals import kind_of, lead_card, signals
from bridgekit.play import Play
from bridgekit.seats import Seat


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def holding(suit: str, ranks: str) -> list[Card]:
    return [Card.parse(suit + r) for r in ranks]


@pytest.mark.parametrize("ranks, lead", [
    ("KQ5", "K"),      # top of a sequence
    ("AK72", "A"),
    ("QJ3", "Q"),
    ("JT93", "J"),
    ("K872", "2"),     # fourth best
    ("Q9743", "4"),
    ("Q97", "7"),      # low from three to an honour
    ("972", "9"),      # top of nothing
    ("93", "9"),       # top of a doubleton
    ("K3", "K"),
    ("5", "5"),
])
def test_lead_card_by_the_convention(ranks: str, lead: str) -> None:
    assert lead_card(holding("S", ranks)) == Card.parse("S" + lead)


# 7NT by South with thirteen top tricks: every defender's card is worth the
# same, so the computer's choice among its spot cards is free for a signal.
#   North  S5432 H5432 D5432 C2
#   West   SJT9 HJT9 DJ CT97654      East  S876 H876 DT9876 C83
#   South  SAKQ HAKQ DAKQ CAKQJ
DEAL = Deal.parse("N:5432.5432.5432.2 876.876.T9876.83 AKQ.AKQ.AKQ.AKQJ JT9.JT9.J.T97654")
AUCTION = Auction(Seat.S, [Call.parse(c) for c in "7NT Pass Pass Pass".split()])


def test_kinds_of_signal() -> None:
    play = Play(DEAL, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2"))
    assert kind_of(play, Seat.E, Card.parse("C8")) == "count"          # declarer led clubs
    assert kind_of(play, Seat.E, Card.parse("CT")) is None             # not a spot card
    first = Play(DEAL, Strain.NT, Seat.S, cards("SJ S2"))
    assert kind_of(first, Seat.E, Card.parse("S6")) == "attitude"      # partner led spades
    assert kind_of(Play(DEAL, Strain.NT, Seat.S), Seat.W, Card.parse("SJ")) == "lead"
    second = Play(DEAL, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2 C8 CK C5 S3"))
    assert kind_of(second, Seat.E, Card.parse("C3")) is None           # clubs were led before
    later = Play(DEAL, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2 C8 CK C5 S3 C3 CQ C6 S4"))
    assert kind_of(later, Seat.E, Card.parse("D6")) == "attitude"      # East's first discard
    later.push(Card.parse("D6"))
    for c in cards("CJ C7 S5"):
        later.push(c)
    assert kind_of(later, Seat.E, Card.parse("H6")) is None            # a second discard
    assert kind_of(later, Seat.N, Card.parse("H2")) is None            # dummy never signals


@pytest.mark.dds
def test_computer_gives_count_and_says_so() -> None:
    """East, with C83 (even), follows to declarer's club with the 8; with
    C853 (odd, West's 5 moved to East's hand) with the 3: the same cards
    are equal in every layout, the convention decides and the plain
    explanation says what the card means."""
    play = Play(DEAL, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2"))
    player = CardPlayer(4, rng=random.Random(1), think=None, worker=None)
    d = player.decide(TableView.for_seat(DEAL, play, AUCTION))
    assert d.card == Card.parse("C8")
    assert "even number" in d.plain()
    odd = Deal.parse("N:5432.5432.5432.2 876.876.T987.853 AKQ.AKQ.AKQ.AKQJ JT9.JT9.J6.T9764")
    play = Play(odd, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2"))
    d = player.decide(TableView.for_seat(odd, play, AUCTION))
    assert d.card == Card.parse("C3")
    assert "odd number" in d.plain()
    unsignalled = CardPlayer(4, rng=random.Random(1), think=None, worker=None, signals=False)
    assert unsignalled.decide(TableView.for_seat(DEAL, Play(DEAL, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2")),
                                                 AUCTION)).card == Card.parse("C3")


def test_layouts_fit_partners_count_signal() -> None:
    """West, after East's C8 to declarer's club lead: dealt with the signal
    read, most layouts give East a holding that signals as he did (an even
    number of clubs with a lower one, or the singleton); dealt without it, far
    fewer do."""
    play = Play(DEAL, Strain.NT, Seat.S, cards("SJ S2 S6 SA CA C4 C2 C8"))
    view = Play(Deal([DEAL[Seat.N], None, None, DEAL[Seat.W]]), Strain.NT, Seat.S, play.cards)
    reads = signals(play, Seat.W)
    assert [(s.seat, s.card, s.kind) for s in reads] == [(Seat.E, Card.parse("S6"), "attitude"),
                                                        (Seat.E, Card.parse("C8"), "count")]

    def agreeing(read: list) -> float:
        layouts, _ = layout_stream(view, None, random.Random(7), None, read)
        hits = 0
        for deal in islice(layouts, 400):
            clubs = [c for c in deal[Seat.E].cards if c.suit is Suit.C]
            lower = any(int(c.rank) < 8 for c in clubs)
            hits += (len(clubs) % 2 == 0) == lower
        return hits / 400

    with_signal, without = agreeing(reads), agreeing([])
    assert with_signal > 0.75
    assert with_signal > without + 0.2

"""The yardstick card player of ``bench/ai.py``: a plain sampling player.

Written on its own, independently of ``bridgekit/game/cardplay.py`` (it shares
only the solver, ``bridgekit.dds``, and the rules of play, ``bridgekit.play``),
so that bridgekit's own players are measured against something they did not
write.  For every decision with more than one legal card it

1. deals the cards the deciding player cannot see, uniformly among the layouts
   that agree with the cards each player has played and the suits each has
   shown out of (nothing else: the auction is ignored);
2. solves each of ``K`` such layouts double dummy (one ``solve_positions``
   batch for the whole decision);
3. plays the card with the most tricks summed over the layouts, the lowest
   card on a tie (lowest rank, then clubs < diamonds < hearts < spades).

Cards that are equivalent whatever the layout (one suit, and every rank
between them already played to a completed trick) are not solved: the lowest
is played, which is what the solving would pick too.
"""

from __future__ import annotations

import random
from typing import Sequence

from bridgekit import dds
from bridgekit.cards import ALL_CARDS, Card, Strain, Suit
from bridgekit.deal import Deal, Hand
from bridgekit.play import Play
from bridgekit.seats import Seat

#: Layouts solved per decision.
K = 10


def visible_seats(play: Play) -> tuple[Seat, set[Seat]]:
    """Who decides the next card of ``play`` (declarer for dummy) and the
    hands that player sees: its own, and dummy once the opening lead is made."""
    seat = play.declarer if play.turn is play.dummy else play.turn
    seen = {seat}
    if play.cards:
        seen.add(play.dummy)
    return seat, seen


def uniform_layout(pool: Sequence[Card], need: dict[Seat, int], voids: dict[Seat, set[Suit]],
                   rng: random.Random) -> dict[Seat, list[Card]]:
    """Deal ``pool`` to the seats of ``need`` (``need[s]`` cards each), no seat
    given a card of a suit in ``voids[s]``; every such deal equally likely.

    Cards that only one seat may hold go there; the others are shuffled and
    split by the counts still needed.  That is exact when at most two seats
    are unseen (always, after the opening lead).  With three unseen seats
    (only at the opening lead, when nobody has shown out yet) a split is
    redrawn until no void is broken (rejection keeps it uniform).
    """
    seats = list(need)
    hands: dict[Seat, list[Card]] = {s: [] for s in seats}
    free: list[Card] = []
    for card in pool:
        able = [s for s in seats if card.suit not in voids[s]]
        if not able:
            raise ValueError(f"no unseen player may hold {card}")
        if len(able) == 1:
            hands[able[0]].append(card)
        else:
            free.append(card)
    left = {s: need[s] - len(hands[s]) for s in seats}
    if any(n < 0 for n in left.values()) or sum(left.values()) != len(free):
        raise ValueError("the cards played and the voids shown cannot be met")
    for _ in range(100_000):
        rng.shuffle(free)
        split: dict[Seat, list[Card]] = {}
        i = 0
        for s in seats:
            split[s] = free[i:i + left[s]]
            i += left[s]
        if all(c.suit not in voids[s] for s in seats for c in split[s]):
            return {s: hands[s] + split[s] for s in seats}
    raise ValueError("no layout found that keeps the voids shown")


def sample(deal: Deal, play: Play, rng: random.Random, count: int = K) -> list[Deal]:
    """``count`` complete deals that look, to the player deciding the next card
    of ``play``, like the real ``deal``: the hands it sees are the real ones,
    the others dealt uniformly (cards played and voids shown kept)."""
    _, seen = visible_seats(play)
    hidden = [s for s in Seat if s not in seen]
    played_by: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for i, card in enumerate(play.cards):
        played_by[play.seat_of(i)].append(card)
    known = set(play.cards)
    for s in seen:
        hand = deal[s]
        assert hand is not None
        known |= hand.cards
    pool = [c for c in ALL_CARDS if c not in known]
    need = {s: 13 - len(played_by[s]) for s in hidden}
    voids = {s: play.shown_out(s) for s in hidden}
    out = []
    for _ in range(count):
        layout = uniform_layout(pool, need, voids, rng)
        out.append(Deal(deal[s] if s in seen else Hand(layout[s] + played_by[s]) for s in Seat))
    return out


def equivalent(play: Play, legal: Sequence[Card]) -> bool:
    """One suit, and every rank between the legal cards that is not one of them
    was played to a completed trick: the cards then do the same, whatever the
    layout."""
    if len({c.suit for c in legal}) != 1:
        return False
    suit = legal[0].suit
    ranks = {int(c.rank) for c in legal}
    completed = len(play.cards) - len(play.current_trick())
    gone = {int(c.rank) for c in play.cards[:completed] if c.suit is suit}
    return all(r in ranks or r in gone for r in range(min(ranks), max(ranks) + 1))


def lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (int(c.rank), int(c.suit)))


class Yardstick:
    """The plain sampling player: ``decide(deal, play)`` returns the card for
    the player to move in ``play`` (``deal`` is the real deal; only the hands
    that player sees are read from it).  ``solved`` counts the layouts solved."""

    def __init__(self, rng: random.Random, samples: int = K) -> None:
        self.rng = rng
        self.samples = samples
        self.solved = 0

    def decide(self, deal: Deal, play: Play) -> Card:
        legal = list(play.legal_cards)
        if len(legal) == 1 or equivalent(play, legal):
            return lowest(legal)
        strain = play.strain if play.strain is not None else Strain.NT
        layouts = sample(deal, play, self.rng, self.samples)
        results = dds.solve_positions([(d, strain, play.declarer.lho, tuple(play.cards)) for d in layouts])
        self.solved += len(layouts)
        totals = {c: sum(r[c] for r in results) for c in legal}
        top = max(totals.values())
        return lowest([c for c in legal if totals[c] == top])

"""The play engine: turn order, following suit, trick winners, claims.

The same in every rules profile (seeds 000 section 04, 002 "Déroulement du
jeu", 003 section 05, 004 section 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .cards import Card, Strain, Suit
from .deal import Deal
from .errors import IllegalCardError
from .seats import Seat


def trick_winner(cards: Sequence[Card], leader: Seat, strain: Strain | None) -> Seat:
    """The seat that wins a trick of four ``cards`` played from ``leader`` on:
    the highest trump if any was played, otherwise the highest card of the suit led.

    >>> trick_winner([Card.parse(c) for c in "HA S3 HK H2".split()], Seat.W, Strain.S)
    Seat.N
    """
    trump = strain.suit if strain is not None else None
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        top = cards[best]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit is trump:
            best = i
    return leader.next(best)


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed or partial trick: ``cards`` in the order played from ``leader``."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None  # None while incomplete

    def seat_of(self, i: int) -> Seat:
        return self.leader.next(i)

    def card_of(self, seat: Seat) -> Card | None:
        i = (seat - self.leader) % 4
        return self.cards[i] if i < len(self.cards) else None

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None


class Play:
    """The card play of one deal, like a chess board: ``push()`` validates and
    raises ``IllegalCardError`` (``code`` one of ``play-ended``, ``wrong-hand``,
    ``already-played``, ``revoke``), ``pop()`` undoes, ``copy()`` copies.

    Works with partial deals: where the player's hand is unknown, only the checks
    that remain possible are made (a card already played, a card seen in another
    hand, a suit the player has already shown out of).
    """

    def __init__(self, deal: Deal, strain: Strain | None, declarer: Seat,
                 cards: Iterable[Card] = ()) -> None:
        self.deal = deal
        self.strain = strain
        self.declarer = declarer
        self.cards: list[Card] = []
        self._seats: list[Seat] = []
        self._leaders: list[Seat] = [declarer.lho]
        for card in cards:
            self.push(card)

    def __repr__(self) -> str:
        return f"Play({self.deal!r}, {self.strain!r}, {self.declarer!r}, {[str(c) for c in self.cards]})"

    def __len__(self) -> int:
        return len(self.cards)

    def copy(self) -> "Play":
        other = Play(self.deal, self.strain, self.declarer)
        other.cards = list(self.cards)
        other._seats = list(self._seats)
        other._leaders = list(self._leaders)
        return other

    @property
    def leader(self) -> Seat:
        """The seat that leads the current (or next) trick."""
        return self._leaders[-1]

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def turn(self) -> Seat:
        return self.leader.next(len(self.cards) % 4)

    def is_complete(self) -> bool:
        return len(self.cards) == 52

    def seat_of(self, index: int) -> Seat:
        """Who played the ``index``-th card (0-based)."""
        return self._seats[index]

    def current_trick(self) -> list[Card]:
        n = len(self.cards) % 4
        return self.cards[len(self.cards) - n:] if n else []

    def tricks(self) -> list[Trick]:
        """Completed tricks, then the trick in progress (if any card of it is down)."""
        out = []
        for t in range(0, len(self.cards), 4):
            cards = tuple(self.cards[t:t + 4])
            leader = self._leaders[t // 4]
            winner = self._leaders[t // 4 + 1] if len(cards) == 4 else None
            out.append(Trick(leader, cards, winner))
        return out

    def tricks_won(self) -> dict[Seat, int]:
        won = {s: 0 for s in Seat}
        for leader in self._leaders[1:]:
            won[leader] += 1
        return won

    def declarer_tricks(self) -> int:
        """Tricks won so far by declarer's side."""
        return sum(1 for w in self._leaders[1:] if w.side is self.declarer.side)

    def defence_tricks(self) -> int:
        return len(self._leaders) - 1 - self.declarer_tricks()

    def remaining(self, seat: Seat) -> set[Card] | None:
        """Cards ``seat`` still holds (None when its hand is unknown)."""
        hand = self.deal[seat]
        if hand is None:
            return None
        return set(hand.cards) - set(self.cards)

    def shown_out(self, seat: Seat) -> set[Suit]:
        """Suits ``seat`` has failed to follow (known voids)."""
        voids: set[Suit] = set()
        for t in range(0, len(self.cards), 4):
            led = self.cards[t].suit
            for i in range(1, min(4, len(self.cards) - t)):
                if self._seats[t + i] is seat and self.cards[t + i].suit is not led:
                    voids.add(led)
        return voids

    def claim_is_possible(self, declarer_total: int) -> bool:
        """Whether declarer's side can end with ``declarer_total`` tricks given the
        tricks already won and those left to play (the current trick included)."""
        won = self.declarer_tricks()
        left = 13 - (len(self._leaders) - 1)
        return won <= declarer_total <= won + left

    # -- legality ----------------------------------------------------------

    def check(self, card: Card) -> None:
        """Raise ``IllegalCardError`` if ``card`` cannot be played now."""
        seat = self.turn
        who = seat.full_name
        if len(self.cards) >= 52:
            raise IllegalCardError(f"{who} cannot play {card}: all 13 tricks are played", "play-ended")
        if card in self.cards:
            i = self.cards.index(card)
            raise IllegalCardError(
                f"{who} cannot play {card}: it was already played by {self._seats[i].full_name} "
                f"in trick {i // 4 + 1}", "already-played")
        hand = self.deal[seat]
        if hand is not None and card not in hand:
            holder = self.deal.holder(card)
            where = f"it is in {holder.full_name}'s hand" if holder is not None else "it is not in that hand"
            raise IllegalCardError(f"{who} cannot play {card}: {where}", "wrong-hand")
        if hand is None:
            holder = self.deal.holder(card)
            if holder is not None and holder is not seat:
                raise IllegalCardError(f"{who} cannot play {card}: it is in {holder.full_name}'s hand",
                                       "wrong-hand")
        trick = self.current_trick()
        if not trick:
            if hand is None and card.suit in self.shown_out(seat):
                raise IllegalCardError(
                    f"{who} plays {card} after showing out of {_SUIT_NAMES[card.suit]}: an earlier revoke",
                    "revoke")
            return
        led = trick[0].suit
        if card.suit is led:
            return
        if hand is not None:
            remaining = self.remaining(seat) or set()
            holding = sorted((c for c in remaining if c.suit is led), key=lambda c: -c.rank)
            if holding:
                raise IllegalCardError(
                    f"{who} played {card} while holding {holding[0]}; {_SUIT_NAMES[led]} were led",
                    "revoke")

    def is_legal(self, card: Card) -> bool:
        try:
            self.check(card)
        except IllegalCardError:
            return False
        return True

    def push(self, card: Card) -> None:
        """Play ``card`` for the seat whose turn it is (dummy's cards in dummy's
        turn); raises ``IllegalCardError`` and changes nothing if illegal."""
        self.check(card)
        seat = self.turn
        self.cards.append(card)
        self._seats.append(seat)
        if len(self.cards) % 4 == 0:
            trick = self.cards[-4:]
            self._leaders.append(trick_winner(trick, self.leader, self.strain))

    def pop(self) -> Card:
        """Take back the last card played (IndexError when none)."""
        if len(self.cards) % 4 == 0 and self.cards:
            self._leaders.pop()
        self._seats.pop()
        return self.cards.pop()

    @property
    def legal_cards(self) -> "LegalCards":
        return LegalCards(self)


_SUIT_NAMES = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


class LegalCards:
    """A live view of the cards the player to move may play (needs that hand known)."""

    def __init__(self, play: Play) -> None:
        self._play = play

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and self._play.is_legal(card)

    def __iter__(self) -> Iterator[Card]:
        p = self._play
        if p.is_complete():
            return
        remaining = p.remaining(p.turn)
        if remaining is None:
            return
        trick = p.current_trick()
        if trick:
            follow = [c for c in remaining if c.suit is trick[0].suit]
            if follow:
                remaining = set(follow)
        yield from sorted(remaining, key=lambda c: (-c.suit, -c.rank))

    def __len__(self) -> int:
        return sum(1 for _ in self)

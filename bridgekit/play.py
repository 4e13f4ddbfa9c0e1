"""The play engine: turn order, following suit, trick winners, claims.

The same in every rules profile (*Laws of Auction Bridge, New York Whist Club,
1920*, section 04; *How to Play Auction Bridge*, "Play"; *Duplicate Bridge:
Same Cards, Different Decisions*, section 05; *Bridge: One Deal Against the
Computer*, section 4):

* The player on declarer's left leads to the first trick; play goes clockwise;
  dummy's cards are played (by declarer) when it is dummy's turn.
* Each card must come from the hand whose turn it is and must not have been
  played already.
* A player must follow suit when able; otherwise any card may be played (there
  is no obligation to ruff or to beat the cards already played).
* The highest trump wins the trick, otherwise the highest card of the suit led;
  the winner leads to the next trick.
* A play that stops before 13 tricks followed by a claim is legal when the
  claimed total is still possible.

The engine keeps incremental state (cards left in each hand by suit, known
voids), so ``push``/``check``/``pop`` are constant time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .cards import Card, Strain, Suit
from .deal import Deal
from .errors import IllegalCardError
from .i18n import N_
from .notation import Message, card_name  # noqa: F401  (card_name: re-exported)
from .seats import Seat

_SEATS = tuple(Seat)


def trick_winner(cards: Sequence[Card], leader: Seat, strain: Strain | None) -> Seat:
    """The seat that wins a trick of four ``cards`` played from ``leader`` on:
    the highest trump if any was played, otherwise the highest card of the suit
    led (``strain`` None or ``Strain.NT``: no trump).

    >>> trick_winner([Card.parse(c) for c in "HA S3 HK H2".split()], Seat.W, Strain.S)
    Seat.N
    """
    return _winner(cards, leader, strain.suit if strain is not None else None)


def _winner(cards: Sequence[Card], leader: Seat, trump: Suit | None) -> Seat:
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best, top = i, card
        elif card.suit is trump:
            best, top = i, card
    return _SEATS[(leader + best) % 4]


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
    hand, a card of a suit the player has already shown out of).
    """

    def __init__(self, deal: Deal, strain: Strain | None, declarer: Seat,
                 cards: Iterable[Card] = ()) -> None:
        """Start the play of ``deal`` in ``strain`` (None or NT: no trump) with
        ``declarer``; push ``cards`` (raises ``IllegalCardError`` at the first
        illegal one)."""
        self.deal = deal
        self.strain = strain
        self.declarer = declarer
        self.cards: list[Card] = []
        self._seats: list[Seat] = []
        self._leaders: list[Seat] = [declarer.lho]
        self._trump = strain.suit if strain is not None else None
        holder: dict[Card, Seat] = {}
        counts: list[list[int] | None] = []
        hands: list[frozenset[Card] | None] = []
        partial = any(h is None for h in deal.hands)
        for seat in _SEATS:
            hand = deal.hands[seat]
            if hand is None:
                counts.append(None)
                hands.append(None)
                continue
            c = [0, 0, 0, 0]
            for card in hand.cards:
                c[card.suit] += 1
            if partial:  # who holds what matters only to judge an unknown hand's cards
                for card in hand.cards:
                    holder.setdefault(card, seat)
            counts.append(c)
            hands.append(hand.cards)
        self._hands = hands                       # known hands' cards, by seat
        self._holder = holder                     # first hand seen holding each card
        self._counts = counts                     # cards left per seat per suit (known hands)
        self._left: list[set[Card] | None] = [None if h is None else set(h) for h in hands]  # known hands' cards not yet played
        self._shown_out: list[list[int]] = [[0, 0, 0, 0] for _ in _SEATS]  # times failed to follow
        self._lead_out_of_turn: dict[int, Seat] = {}           # trick -> rightful leader, for accepted leads out of turn
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
        other._counts = [None if c is None else list(c) for c in self._counts]
        other._left = [None if h is None else set(h) for h in self._left]
        other._shown_out = [list(v) for v in self._shown_out]
        other._lead_out_of_turn = dict(self._lead_out_of_turn)
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
        """The seat whose card is next (dummy's turn included)."""
        return _SEATS[(self._leaders[-1] + len(self.cards) % 4) % 4]

    def is_complete(self) -> bool:
        """All 13 tricks are played."""
        return len(self.cards) == 52

    def seat_of(self, index: int) -> Seat:
        """Who played the ``index``-th card (0-based)."""
        return self._seats[index]

    def current_trick(self) -> list[Card]:
        """The cards of the trick in progress (empty between tricks)."""
        n = len(self.cards) % 4
        return self.cards[len(self.cards) - n:] if n else []

    def tricks(self) -> list[Trick]:
        """Completed tricks, then the trick in progress (if any card of it is down)."""
        out = []
        for t in range(0, len(self.cards), 4):
            cards = tuple(self.cards[t:t + 4])
            leader = self._leaders[t // 4]
            winner = self._won(t // 4) if len(cards) == 4 else None
            out.append(Trick(leader, cards, winner))
        return out

    def _won(self, trick: int) -> Seat:
        """The seat that won completed trick ``trick`` (0-based): the next
        trick's rightful leader, also when an accepted lead out of turn put
        another seat on lead there."""
        return self._lead_out_of_turn.get(trick + 1, self._leaders[trick + 1])

    def _winners(self) -> list[Seat]:
        """The winner of every completed trick, in order."""
        if not self._lead_out_of_turn:
            return self._leaders[1:]
        return [self._won(t) for t in range(len(self._leaders) - 1)]

    def tricks_won(self) -> dict[Seat, int]:
        """Completed tricks won by each seat."""
        won = {s: 0 for s in Seat}
        for winner in self._winners():
            won[winner] += 1
        return won

    def declarer_tricks(self) -> int:
        """Tricks won so far by declarer's side."""
        d = self.declarer
        return sum(1 for w in self._winners() if not (w - d) % 2)

    def defence_tricks(self) -> int:
        """Tricks won so far by the defenders."""
        return len(self._leaders) - 1 - self.declarer_tricks()

    def remaining(self, seat: Seat) -> set[Card] | None:
        """Cards ``seat`` still holds (None when its hand is unknown)."""
        left = self._left[seat]
        return None if left is None else set(left)

    def shown_out(self, seat: Seat) -> set[Suit]:
        """Suits ``seat`` has failed to follow (known voids)."""
        return {Suit(i) for i, n in enumerate(self._shown_out[seat]) if n}

    def master_trump(self) -> tuple[Card, Seat] | None:
        """The highest trump not yet in a finished trick, and who holds (or
        played it to the current trick), when the four hands are known: that
        side wins one of the tricks left, whatever is played (the card must be
        played, and no card beats it).  None in no trump, with an unknown
        hand, or when no trump is left."""
        trump = self._trump
        if trump is None or any(h is None for h in self._left):
            return None
        start = len(self.cards) - len(self.cards) % 4
        found = [(c, s) for c, s in zip(self.cards[start:], self._seats[start:]) if c.suit is trump]
        for seat in _SEATS:
            found += [(c, seat) for c in self._left[seat] or () if c.suit is trump]
        return max(found, key=lambda cs: cs[0].rank) if found else None

    def claim_is_possible(self, declarer_total: int) -> bool:
        """Whether declarer's side can end with ``declarer_total`` tricks given the
        tricks already won and those left to play (the current trick included),
        one of which goes to the side holding the highest trump left
        (:meth:`master_trump`, in a complete deal)."""
        won = self.declarer_tricks()
        left = 13 - (len(self._leaders) - 1)
        low, high = won, won + left
        master = self.master_trump() if left and self.deal.is_complete else None
        if master is not None:
            if (master[1] - self.declarer) % 2:
                high -= 1
            else:
                low += 1
        return low <= declarer_total <= high

    # -- legality ----------------------------------------------------------

    def check(self, card: Card) -> None:
        """Raise ``IllegalCardError`` if ``card`` cannot be played now (codes
        ``play-ended``, ``already-played``, ``wrong-hand``, ``revoke``)."""
        n = len(self.cards)
        if n >= 52:
            raise IllegalCardError(Message("{card:name}: all 13 tricks have been played", card=card), "play-ended")
        seat = _SEATS[(self._leaders[-1] + n % 4) % 4]
        trick_no = n // 4 + 1
        if card in self.cards:
            i = self.cards.index(card)
            raise IllegalCardError(Message(
                "trick {trick}: {seat} cannot play the {card:name}: {player} already played it to trick "
                "{earlier}", trick=trick_no, seat=seat, card=card, player=self._seats[i], earlier=i // 4 + 1),
                "already-played")
        hand = self._hands[seat]
        counts = self._counts[seat]
        if (card not in hand) if hand is not None else (card in self._holder):
            holder = self.deal.holder(card)
            template = N_("trick {trick}: it is {seat}'s turn and the {card:name} cannot come from that hand: "
                          "it is in {holder}'s hand") if holder is not None else \
                N_("trick {trick}: it is {seat}'s turn and the {card:name} cannot come from that hand: "
                   "it is not in {seat}'s hand")
            raise IllegalCardError(Message(template, trick=trick_no, seat=seat, card=card, holder=holder),
                                   "wrong-hand")
        suit = card.suit
        if n % 4 == 0:
            led = None
        else:
            led = self.cards[n - n % 4].suit
            if suit is led:
                led = None
        if led is not None and counts is not None and counts[led]:
            held = max((c for c in self._left[seat]  # type: ignore[union-attr]
                        if c.suit is led), key=lambda c: c.rank)
            template = N_("trick {trick}: {seat} ruffed with the {card:name} while holding the {held:name}; "
                          "{led:word} were led") if suit is self._trump else \
                N_("trick {trick}: {seat} discarded the {card:name} while holding the {held:name}; "
                   "{led:word} were led")
            raise IllegalCardError(Message(template, trick=trick_no, seat=seat, card=card, held=held, led=led),
                                   "revoke")
        if counts is None and self._shown_out[seat][suit]:
            raise IllegalCardError(Message(
                "trick {trick}: {seat} plays the {card:name} after showing out of {suit:word} at trick "
                "{earlier}: that earlier card was a revoke", trick=trick_no, seat=seat, card=card, suit=suit,
                earlier=self._first_show_out(seat, suit)), "revoke")

    def _first_show_out(self, seat: Seat, suit: Suit) -> int:
        """Trick number (1-based) where ``seat`` first failed to follow ``suit``."""
        for t in range(0, len(self.cards), 4):
            if self.cards[t].suit is not suit:
                continue
            for i in range(t + 1, min(t + 4, len(self.cards))):
                if self._seats[i] is seat and self.cards[i].suit is not suit:
                    return t // 4 + 1
        return 0

    def is_legal(self, card: Card) -> bool:
        """Whether ``card`` may be played now."""
        try:
            self.check(card)
        except IllegalCardError:
            return False
        return True

    def push(self, card: Card) -> None:
        """Play ``card`` for the seat whose turn it is (dummy's cards in dummy's
        turn); raises ``IllegalCardError`` and changes nothing if illegal."""
        n = len(self.cards)
        seat = _SEATS[(self._leaders[-1] + n % 4) % 4]
        left = self._left[seat]
        if n >= 52 or left is None or card not in left:
            self.check(card)  # raises, or accepts a card of an unknown hand
            self._append(card, left is not None)
            return
        # fast path for a known hand (the common case): same rules as check()
        counts = self._counts[seat]
        suit = card.suit
        if n % 4:
            led = self.cards[n - n % 4].suit
            if suit is not led:
                if counts[led]:  # type: ignore[index]
                    self.check(card)  # raises the revoke with its message
                self._shown_out[seat][led] += 1
        counts[suit] -= 1  # type: ignore[index]
        left.remove(card)
        self.cards.append(card)
        self._seats.append(seat)
        if n % 4 == 3:
            self._leaders.append(_winner(self.cards[n - 3:], self._leaders[-1], self._trump))

    def push_irregular(self, card: Card) -> None:
        """Record ``card`` as played even if illegal (a revoke that stood, say):
        play goes on from it.  Raises ``IllegalCardError`` only when the 13
        tricks are already played or the card was played before (the record
        cannot go on sensibly from either)."""
        if len(self.cards) >= 52 or card in self.cards:
            self.check(card)
        left = self._left[self.turn]
        self._append(card, left is not None and card in left)

    def accept_lead_out_of_turn(self, seat: Seat) -> None:
        """Let ``seat`` lead the trick about to start (a lead out of turn the
        opponents accepted, PBN ``^L``); the trick then goes on clockwise from
        it.  Raises ``IllegalCardError`` (``play-ended``/``wrong-hand``) when a
        trick is in progress or the play is over.  ``pop()`` of that lead
        restores the rightful leader."""
        n = len(self.cards)
        if n >= 52:
            raise IllegalCardError(Message("all 13 tricks have been played"), "play-ended")
        if n % 4:
            raise IllegalCardError(Message("{seat} cannot lead: a trick is in progress", seat=seat), "wrong-hand")
        self._lead_out_of_turn[n // 4] = self._leaders[-1]
        self._leaders[-1] = seat

    def _append(self, card: Card, held: bool) -> None:
        """Record ``card``; ``held``: it comes from the (known) hand of the seat to play."""
        n = len(self.cards)
        seat = _SEATS[(self._leaders[-1] + n % 4) % 4]
        counts = self._counts[seat]
        if held and counts is not None:
            counts[card.suit] -= 1
            self._left[seat].discard(card)  # type: ignore[union-attr]
        if n % 4:
            led = self.cards[n - n % 4].suit
            if card.suit is not led:
                self._shown_out[seat][led] += 1
        self.cards.append(card)
        self._seats.append(seat)
        if n % 4 == 3:
            self._leaders.append(_winner(self.cards[n - 3:], self._leaders[-1], self._trump))

    def pop(self) -> Card:
        """Take back the last card played (IndexError when none)."""
        n = len(self.cards)
        if n == 0:
            raise IndexError("pop from an empty play")
        if n % 4 == 0:
            self._leaders.pop()
        card = self.cards.pop()
        seat = self._seats.pop()
        counts = self._counts[seat]
        if counts is not None and card in self._hands[seat]:  # type: ignore[operator]
            counts[card.suit] += 1
            self._left[seat].add(card)  # type: ignore[union-attr]
        m = n - 1
        if m % 4:
            led = self.cards[m - m % 4].suit
            if card.suit is not led:
                self._shown_out[seat][led] -= 1
        elif m // 4 in self._lead_out_of_turn:
            self._leaders[-1] = self._lead_out_of_turn.pop(m // 4)
        return card

    @property
    def legal_cards(self) -> "LegalCards":
        """The cards the player to move may play, as a live view."""
        return LegalCards(self)


class LegalCards:
    """A live view of the cards the player to move may play (needs that hand
    known: iteration is empty for an unknown hand, ``in`` still works)."""

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
            follow = {c for c in remaining if c.suit is trick[0].suit}
            if follow:
                remaining = follow
        yield from sorted(remaining, key=lambda c: (-c.suit, -c.rank))

    def __len__(self) -> int:
        return sum(1 for _ in self)

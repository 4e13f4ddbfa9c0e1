"""Hands and deals, complete or partial (unknown hands are ``None``)."""

from __future__ import annotations

import random as _random
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator

from .cards import ALL_CARDS, PBN_SUIT_ORDER, Card, Rank, Suit, sorted_desc
from .errors import ParseError
from .notation import Message
from .seats import Seat


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one player (any number, 13 when complete).

    ``str()`` is the PBN form ``AKQ.JT9.8765.432`` (spades first, ranks descending).
    """

    cards: frozenset[Card]

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        object.__setattr__(self, "cards", frozenset(cards))

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Parse ``AKQ.JT9.8765.432`` (suits S.H.D.C, ranks in any order, ``10`` allowed).

        Raises ParseError for a wrong number of suits, a bad rank or a repeated card.
        """
        hand, _ = cls._parse(text)
        return hand

    @classmethod
    def _parse(cls, text: str) -> tuple["Hand", list[Card]]:
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(Message("invalid hand {text!r} (expected four suits S.H.D.C separated by dots)", text=text))
        cards: list[Card] = []
        for suit, part in zip(PBN_SUIT_ORDER, parts):
            part = part.strip().upper().replace("10", "T")
            try:
                cards.extend(map(_CARD_BY_CHAR[suit].__getitem__, part))
            except KeyError as e:
                raise ParseError(Message("invalid rank {rank!r} in hand {text!r}", rank=e.args[0], text=text)) from None
        hand = cls(cards)
        if len(hand.cards) == len(cards):
            return hand, []  # no card repeated (the common case, without counting)
        repeated = [c for c, n in Counter(cards).items() if n > 1]
        return hand, repeated

    def __str__(self) -> str:
        return ".".join("".join(r.letter for r in self.ranks(s)) for s in PBN_SUIT_ORDER)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted_desc(self.cards))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def ranks(self, suit: Suit) -> list[Rank]:
        """Ranks held in ``suit``, highest first."""
        return sorted((c.rank for c in self.cards if c.suit is suit), reverse=True)

    def suit_cards(self, suit: Suit) -> list[Card]:
        return [Card(suit, r) for r in self.ranks(suit)]

    def length(self, suit: Suit) -> int:
        return sum(1 for c in self.cards if c.suit is suit)

    def hcp(self) -> int:
        """Milton Work high-card points (A4 K3 Q2 J1)."""
        return sum(max(0, int(c.rank) - 10) for c in self.cards)

    def remove(self, card: Card) -> "Hand":
        return Hand(self.cards - {card})


_RANK_CHARS = {r.letter: r for r in Rank}
# rank letter -> the card, per suit (parsing hands without building new Card objects)
_CARD_BY_CHAR = {suit: {c.rank.letter: c for c in ALL_CARDS if c.suit is suit} for suit in Suit}


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands indexed by seat; a hand is ``None`` when unknown.

    ``str()`` is the PBN ``Deal`` value starting with North (``str_from(seat)`` for
    another first seat).  Validity is reported by ``problems()``, never raised, so
    that partial and faulty deals can still be represented.
    """

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]

    def __init__(self, hands: Iterable[Hand | None]) -> None:
        hs = tuple(hands)
        if len(hs) != 4:
            raise ParseError(Message("a deal has four hands, not {n}", n=len(hs)))
        object.__setattr__(self, "hands", hs)

    @classmethod
    def parse(cls, text: str) -> "Deal":
        """Parse a PBN deal ``N:hand hand hand hand`` (first seat any of NESW, hands
        clockwise, ``-`` for an unknown hand). Raises ParseError when malformed;
        duplicate or missing cards are not errors here (see ``problems()``).
        """
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise ParseError(Message("invalid deal {text!r} (expected e.g. N:AKQ.. ... ... ...)", text=text))
        first = Seat.parse(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise ParseError(Message("invalid deal {text!r} (expected four hands, found {n})", text=text, n=len(parts)))
        hands: list[Hand | None] = [None] * 4
        for i, part in enumerate(parts):
            seat = first.next(i)
            if part == "-":
                continue
            hands[seat] = Hand.parse(part)
        return cls(hands)

    @staticmethod
    def repeats(text: str) -> list[tuple[str, str]]:
        """The ``repeated-card`` problems of a PBN deal text: a card written twice
        inside one hand (``S:AA64...``), which a :class:`Hand` (a set) cannot
        show.  Empty when ``text`` does not parse."""
        text = text.strip()
        if len(text) < 2 or text[1] != ":" or text[0].upper() not in "NESW":
            return []
        first = Seat.parse(text[0])
        out: list[tuple[str, str]] = []
        for i, part in enumerate(text[2:].split()[:4]):
            if part == "-":
                continue
            try:
                _hand, repeated = Hand._parse(part)
            except ParseError:
                return []
            for card in sorted_desc(repeated):
                out.append(("repeated-card", Message("{card:name} is written more than once in {seat}'s hand",
                                                     card=card, seat=first.next(i))))
        return out

    @classmethod
    def random(cls, rng: _random.Random | None = None) -> "Deal":
        """A uniformly random complete deal (``rng`` for reproducibility)."""
        cards = list(ALL_CARDS)
        (rng or _random.Random()).shuffle(cards)
        return cls(Hand(cards[i * 13:(i + 1) * 13]) for i in range(4))

    @classmethod
    def dealt_from(cls, cards: list[Card], first: Seat) -> "Deal":
        """Deal ``cards`` one at a time clockwise starting with ``first``."""
        piles: list[list[Card]] = [[], [], [], []]
        for i, card in enumerate(cards):
            piles[first.next(i)].append(card)
        return cls(Hand(p) for p in piles)

    def __getitem__(self, seat: Seat) -> Hand | None:
        return self.hands[seat]

    def str_from(self, first: Seat) -> str:
        hands = [self.hands[first.next(i)] for i in range(4)]
        return f"{first.name}:" + " ".join("-" if h is None else str(h) for h in hands)

    def __str__(self) -> str:
        return self.str_from(Seat.N)

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @property
    def is_complete(self) -> bool:
        """Four known hands of 13 distinct cards each, all 52 cards."""
        return not self.problems() and all(h is not None for h in self.hands)

    def holder(self, card: Card) -> Seat | None:
        for seat in Seat:
            hand = self.hands[seat]
            if hand is not None and card in hand:
                return seat
        return None

    @property
    def is_end_position(self) -> bool:
        """Whether the known hands all hold the same number of cards, fewer
        than 13: an end position (PBN 3.10), as a lesson or a problem gives."""
        sizes = {len(h) for h in self.hands if h is not None}
        return len(sizes) == 1 and max(sizes) < 13

    def form(self, empty_hands: bool = True) -> tuple[str, str] | None:
        """What a deal short of 52 cards is meant as, when it is not a deal
        with cards missing, as ``(code, message)``: ``end-position`` when
        every hand given holds the same number of cards, fewer than 13 (PBN
        3.10); ``partial-deal`` for a diagram where only the hands shown hold
        cards and the others are written empty (``...``), as teaching files
        give: a suit combination (``N:... KQJT... ... 7642...``, hands of
        different lengths) or whole hands beside empty ones (not with
        ``empty_hands=False``: a file whose ``Hidden`` tag names the hands it
        hides).  None for four hands of 13, and when a hand holds some of its
        cards but not all beside hands that are not empty (cards missing)."""
        known = [(seat, h) for seat in Seat if (h := self.hands[seat]) is not None]
        sizes = [len(h) for _, h in known]
        if not known or all(n == 13 for n in sizes):
            return None
        if max(sizes) < 13 and len(set(sizes)) == 1:
            return "end-position", Message.plural("an end position of {n} card a hand (PBN 3.10)",
                                                  "an end position of {n} cards a hand (PBN 3.10)", sizes[0])
        shown = [n for n in sizes if n]
        if empty_hands and shown and len(shown) < len(sizes) and (max(shown) < 13 or min(shown) == 13):
            # shown holds a hand of cards and, being shorter than sizes, one written empty
            counts = tuple(Message("{seat} {n}", seat=seat, n=len(h)) for seat, h in known if len(h))
            empty: Message | Seat | None = None
            for seat, h in known:
                if not len(h):
                    empty = seat if empty is None else Message("{seats} and {seat}", seats=empty, seat=seat)
            return "partial-deal", Message("a partial diagram ({counts:,} cards; {empty} written empty), as a "
                                           "teaching file gives: not a deal to play", counts=counts, empty=empty)
        return None

    def problems(self, allow_end_position: bool = False, empty_hands: bool = True) -> list[tuple[str, str]]:
        """Every problem of the deal as ``(code, message)``: ``duplicate-card``,
        ``hand-size``, ``missing-card``. An unknown hand is not a problem, but the
        known hands must leave room for it (13 cards each).  With
        ``allow_end_position``, hands short of 13 in an end position or a
        partial diagram (:meth:`form`, which ``empty_hands`` is passed to)
        are not problems either; a hand short of cards beside hands that are
        not empty still is."""
        problems: list[tuple[str, str]] = []
        owners: dict[Card, list[Seat]] = {}
        for seat in Seat:
            hand = self.hands[seat]
            if hand is None:
                continue
            for card in hand.cards:
                owners.setdefault(card, []).append(seat)
        for card in sorted_desc(list(owners)):
            seats = owners[card]
            if len(seats) > 1:
                problems.append(("duplicate-card", Message("{card:name} is in more than one hand ({seats:,})",
                                                           card=card, seats=tuple(seats))))
        if allow_end_position and (self.is_end_position or self.form(empty_hands) is not None):
            return problems
        for seat in Seat:
            hand = self.hands[seat]
            if hand is not None and len(hand) != 13:
                problems.append(("hand-size", Message.plural("{seat} has {n} card, not 13", "{seat} has {n} cards, "
                                                             "not 13", len(hand), seat=seat)))
        if all(h is not None for h in self.hands) and not any(c == "duplicate-card" for c, _ in problems):
            missing = [c for c in ALL_CARDS if c not in owners]
            if missing:
                problems.append(("missing-card", Message("missing {cards:name}", cards=tuple(sorted_desc(missing)))))
        return problems

    def hiding(self, seats: Iterable[Seat]) -> "Deal":
        """The deal with the empty hands of ``seats`` as unknown: BridgeComposer
        writes a hand it hides as ``...`` and names its seat in a ``Hidden``
        tag (a void hand cannot be meant when the others hold cards)."""
        hands = list(self.hands)
        changed = False
        for seat in seats:
            hand = hands[seat]
            if hand is not None and not len(hand):
                hands[seat] = None
                changed = True
        return Deal(hands) if changed else self

    def complete_last_hand(self) -> "Deal":
        """Fill a single unknown hand with the cards the other three do not hold."""
        unknown = [s for s in Seat if self.hands[s] is None]
        if len(unknown) != 1:
            return self
        held = set().union(*(h.cards for h in self.hands if h is not None))
        rest = [c for c in ALL_CARDS if c not in held]
        if len(rest) != 13:
            return self
        hands = list(self.hands)
        hands[unknown[0]] = Hand(rest)
        return Deal(hands)



"""Suits, ranks, strains and cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Iterator

from .errors import ParseError
from .i18n import Text

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


class Suit(IntEnum):
    """A suit, ordered as in the auction: clubs lowest, spades highest."""

    C = 0
    D = 1
    H = 2
    S = 3

    @classmethod
    def parse(cls, text: str) -> "Suit":
        key = text.strip()
        suit = _SUIT_SPELLINGS.get(key.upper())  # Suit.C is 0: test for None, never for truth
        if suit is None:
            suit = _SUIT_SPELLINGS.get(key)
        if suit is None:
            raise ParseError(Text('invalid suit {text!r} (expected S, H, D or C)', text=text))
        return suit

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.name]

    @property
    def strain(self) -> "Strain":
        return Strain(int(self))

    @property
    def word(self) -> str:
        """The suit in words, as a player says it: ``spades``."""
        return _SUIT_WORDS[self]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SPELLINGS = {s.name: s for s in Suit} | {v: Suit[k] for k, v in SUIT_SYMBOLS.items()} | {
    "\u2664": Suit.S, "\u2661": Suit.H, "\u2662": Suit.D, "\u2667": Suit.C,
    "SPADES": Suit.S, "HEARTS": Suit.H, "DIAMONDS": Suit.D, "CLUBS": Suit.C,
    "SPADE": Suit.S, "HEART": Suit.H, "DIAMOND": Suit.D, "CLUB": Suit.C,
}

_SUIT_WORDS = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}

#: Suits in the order PBN lists them inside a hand.
PBN_SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)


class Strain(IntEnum):
    """A denomination: the four suits and no trump, in bidding order."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @classmethod
    def parse(cls, text: str) -> "Strain":
        key = text.strip().upper()
        if key in ("NT", "N", "SA", "NOTRUMP", "NOTRUMPS", "NO TRUMP", "NO TRUMPS", "NO-TRUMP", "NO-TRUMPS"):
            return Strain.NT
        try:
            return Suit.parse(text).strain
        except ParseError:
            raise ParseError(Text('invalid strain {text!r} (expected C, D, H, S or NT)', text=text)) from None

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no trump."""
        return None if self is Strain.NT else Suit(int(self))

    @property
    def word(self) -> str:
        """The strain in words: ``spades``, ``no trump``."""
        return "no trump" if self is Strain.NT else Suit(int(self)).word

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    def symbol(self, ascii: bool = False) -> str:
        if self is Strain.NT or ascii:
            return self.name
        return SUIT_SYMBOLS[self.name]

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


class Rank(IntEnum):
    """A card rank; ``str()`` is the PBN letter (``T`` for ten)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def parse(cls, text: str) -> "Rank":
        rank = _RANK_SPELLINGS.get(text.strip().upper())
        if rank is None:
            raise ParseError(Text('invalid rank {text!r} (expected A K Q J T 9 ... 2)', text=text))
        return rank

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_LETTERS = {r: ("23456789TJQKA"[r - 2]) for r in Rank}
_RANK_SPELLINGS = {v: k for k, v in _RANK_LETTERS.items()} | {"10": Rank.TEN} | {r.name: r for r in Rank}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card. ``str()`` is suit then rank (``SA``, ``HT``)."""

    suit: Suit
    rank: Rank
    # The hash of (suit, rank), computed once: the play engine and every hand
    # look cards up in sets, and the generated hash rebuilt a tuple each time.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``SA``, ``sa``, ``S10``, ``AS``, ``10s``, ``♠A``.

        Raises ParseError for anything else.
        """
        key = text.strip()
        card = _CARD_SPELLINGS.get(key.upper())
        if card is None:
            card = _CARD_SPELLINGS.get(key)
        if card is None:
            raise ParseError(Text('invalid card {text!r} (expected suit and rank, e.g. SA, HT, C10)', text=text))
        return card

    def __str__(self) -> str:
        return f"{self.suit.name}{self.rank.letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self, ascii: bool = False) -> str:
        """``♠A`` (or ``SA`` with ascii)."""
        suit = self.suit.name if ascii else self.suit.symbol
        return f"{suit}{self.rank.letter}"

    @property
    def index(self) -> int:
        """0..51, clubs two first."""
        return int(self.suit) * 13 + int(self.rank) - 2


#: All 52 cards, clubs two first.
ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)


def _card_spellings() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in ALL_CARDS:
        ranks = [card.rank.letter] + (["10"] if card.rank is Rank.TEN else [])
        suits = [card.suit.name, card.suit.symbol]
        for r in ranks:
            for s in suits:
                table[s + r] = card
                table[r + s] = card
    return table


_CARD_SPELLINGS = _card_spellings()


def sorted_desc(cards: "Iterator[Card] | list[Card] | frozenset[Card]") -> list[Card]:
    """Cards ordered as a player holds them: spades first, high to low."""
    return sorted(cards, key=lambda c: (-c.suit, -c.rank))

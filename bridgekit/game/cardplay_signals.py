"""The defenders' carding: one stated convention, given and read.

The computer defends with a simple, common agreement (the convention of
``CONVENTION``), and every computer player reads the defenders' cards with it
(its partner and declarer alike: agreements are disclosed, and a human
defender's cards are read the same way):

* **opening lead**: the top of a sequence of two honours or more (A from AK,
  K from KQ, Q from QJ, J from J10); otherwise from four cards or more the
  fourth highest; from three cards with an honour the lowest; else the top
  (of a doubleton, of nothing);
* **attitude**, following to partner's lead the first time a suit is played,
  and with the first discard: a high spot card likes the suit (an ace, king
  or queen in it), the lowest dislikes it;
* **count**, following when declarer's side leads a suit for the first time:
  high then low with an even number of cards, the lowest with an odd number.

A signal is given only among cards the player's layouts find equal (the same
tricks in every sense the sampler measures): a signal never costs a trick
that the player could see.  Reading is soft: a layout in which a defender
would have carded otherwise is dealt less often (``SIGNAL_MISFIT`` of misfit
for each card read against it), never excluded, since a defender may have had
no choice or may not follow the agreement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..cards import Card, Rank
from ..i18n import N_
from ..notation import Message
from ..play import Play
from ..seats import Seat

#: The convention in words (``bridgekit play``'s help and docs/cli.md).
CONVENTION = N_("Defenders' cards: top of a sequence (A from AK), else 4th best from four or more, "
              "lowest from three to an honour, top of a doubleton or of nothing; following "
              "partner's lead, and the first discard, high likes the suit (attitude); following a "
              "lead from declarer or dummy, high then low shows an even number (count).")

#: Misfit added to a layout for each signal it contradicts (see
#: ``cardplay.FIT_TEMPERATURE``: a layout is dealt exp(-misfit) as often).
SIGNAL_MISFIT = 1.5

#: Ranks that are spot cards (a signal is a spot card: 9 or lower).
_SPOT = int(Rank.NINE)
_HONOUR_LIKE = {14, 13, 12}     # A, K, Q: the cards that make a suit worth encouraging
_HONOURS = {14, 13, 12, 11}     # A, K, Q, J: an honour for the opening lead


@dataclass(frozen=True)
class Signal:
    """A defender's card read with the convention: ``seat`` played ``card``
    (index ``index`` of the play) as a ``kind`` signal (``lead``,
    ``attitude``, ``count``) about ``card.suit``."""

    seat: Seat
    index: int
    card: Card
    kind: str


def _rank(c: Card) -> int:
    return int(c.rank)


def lead_card(holding: Iterable[Card]) -> Card:
    """The card the convention leads from ``holding`` (one suit's cards)."""
    cards = sorted(holding, key=_rank, reverse=True)
    ranks = [_rank(c) for c in cards]
    if len(cards) >= 2 and ranks[0] >= 11 and ranks[1] == ranks[0] - 1:
        return cards[0]                      # top of a sequence
    if len(cards) >= 4:
        return cards[3]                      # fourth best
    if len(cards) == 3 and ranks[0] in _HONOURS:
        return cards[-1]                     # low from an honour
    return cards[0]                          # top of a doubleton, of nothing, a singleton


def wants_high(kind: str, holding: Iterable[Card]) -> bool:
    """Whether the convention signals high (``attitude``: likes the suit, an
    ace, king or queen in it; ``count``: an even number of cards) with the
    cards ``holding`` of the suit (the card played included)."""
    cards = list(holding)
    if kind == "count":
        return len(cards) % 2 == 0
    return any(_rank(c) in _HONOUR_LIKE for c in cards)


def kind_of(play: Play, seat: Seat, card: Card) -> str | None:
    """What ``card``, if ``seat`` (a defender) played it next in ``play``,
    would say by the convention: ``lead``, ``attitude``, ``count`` or
    nothing (None).  Only a spot card signals attitude or count."""
    return _kind(play, len(play.cards), seat, card)


def _kind(play: Play, n: int, seat: Seat, card: Card) -> str | None:
    """``kind_of`` for the card ``seat`` plays as card ``n`` of ``play``
    (``play.cards[:n]`` before it)."""
    if seat.side is play.declarer.side:
        return None
    if n == 0:
        return "lead"
    start = n - n % 4
    if start == n or _rank(card) > _SPOT:
        return None                          # a lead after the first, or not a spot card
    cards = play.cards
    led = cards[start].suit
    if card.suit is led:
        if any(c.suit is led for c in cards[:start]):
            return None                      # signals on the first round of a suit only
        leader = play.seat_of(start)
        return "attitude" if leader is seat.partner else "count" if leader.side is not seat.side else None
    trump = play.strain.suit if play.strain is not None else None
    if card.suit is trump:
        return None
    for i in range(start):                   # only the first discard signals
        if play.seat_of(i) is seat and cards[i].suit is not cards[i - i % 4].suit:
            return None
    return "attitude"


def choose(kind: str, tied: list[Card], holding: list[Card]) -> Card | None:
    """The card the convention gives, among ``tied`` (cards of one suit the
    player's layouts find equal), from ``holding`` (all the player's cards of
    that suit); None when the convention's card is not among them."""
    if kind == "lead":
        card = lead_card(holding)
        return card if card in tied else None
    spots = sorted((c for c in tied if _rank(c) <= _SPOT), key=_rank)
    if len(spots) < 2:
        return None
    return spots[-1] if wants_high(kind, holding) else spots[0]


def signals(play: Play, reader: Seat) -> list[Signal]:
    """The defenders' cards of ``play`` that ``reader`` reads as signals: each defender's but the reader's own, in
    tricks already complete (a card of the trick in progress may yet be
    beaten and say nothing), or the opening lead."""
    out = []
    done = len(play.cards) - len(play.current_trick())
    for i in range(len(play.cards)):
        seat = play.seat_of(i)
        if seat is reader or seat.side is play.declarer.side:
            continue
        if i != 0 and i >= done:
            continue
        kind = _kind(play, i, seat, play.cards[i])
        if kind is None:
            continue
        if kind != "lead" and _wins(play, i):
            continue                         # a card that wins its trick is not a signal
        out.append(Signal(seat, i, play.cards[i], kind))
    return out


def _wins(play: Play, i: int) -> bool:
    trick_no = i // 4
    tricks = play.tricks()
    if trick_no >= len(tricks):
        return False
    return tricks[trick_no].winner is play.seat_of(i)


def misfit(sig: Signal, holding: list[Card]) -> float:
    """``SIGNAL_MISFIT`` if a defender holding ``holding`` of ``sig``'s suit
    (the cards held when it was played, that card included) would have carded
    otherwise by the convention, else 0."""
    if sig.kind == "lead":
        return 0.0 if lead_card(holding) == sig.card else SIGNAL_MISFIT
    low = sig.card == min(holding, key=_rank)
    return 0.0 if wants_high(sig.kind, holding) is not low else SIGNAL_MISFIT


def describe(kind: str, high: bool) -> Message:
    """A signal in plain words, as the computer's explanation says it."""
    if kind == "lead":
        return Message("the lead our agreement gives from this suit")
    if kind == "count":
        return (Message("a high card: an even number of cards in this suit") if high
                else Message("the lowest card: an odd number of cards in this suit"))
    return Message("a high card: I like this suit") if high else Message("the lowest card: I do not like this suit")

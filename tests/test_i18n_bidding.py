"""The computer's reasons for its calls (the system card) in French: every
reason is a Message whose every template has its French, and a few
explanations read as a French player writes them (hand-checked)."""

from __future__ import annotations

from typing import Iterator

import pytest

from bridgekit.auction import Auction
from bridgekit.calls import Call
from bridgekit.game import Bidder, deal_cards
from bridgekit.i18n import parse_po, po_path
from bridgekit.notation import Message
from bridgekit.seats import Seat, Vul


def templates(m: object) -> Iterator[str]:
    """The templates of a message and of the messages among its values."""
    if isinstance(m, Message):
        yield m.template
        for v in m.values.values():
            yield from templates(v)


def auctions(seeds: range) -> Iterator[tuple[Auction, object]]:
    """Every call of the computer bidding all four hands of seeded deals."""
    b = Bidder()
    for seed in seeds:
        deal = deal_cards(seed)
        a = Auction(Seat.S)
        while not a.is_complete() and len(a.calls) < 40:
            d = b.decide(a, deal[a.turn], Vul.NONE if seed % 2 else Vul.ALL)  # type: ignore[arg-type]
            yield Auction(Seat.S, list(a.calls)), d
            a.push(d.call)


def test_every_reason_of_the_computer_has_its_french() -> None:
    catalogue = parse_po(po_path("fr"))[0]
    seen: set[str] = set()
    missing = set()
    for _, d in auctions(range(120)):
        reason = d.reason   # type: ignore[attr-defined]
        assert isinstance(reason, Message), reason
        for t in templates(reason):
            seen.add(t)
            if not catalogue.get(t):
                missing.add(t)
    assert len(seen) > 60          # the deals reach a good part of the card
    assert not missing, sorted(missing)


def _explain(seq: str, lang: str, dealer: Seat = Seat.N) -> str:
    a = Auction(dealer, [Call.parse(c) for c in seq.split()])
    return Bidder().explain(a, len(a.calls) - 1).render(lang=lang)


@pytest.mark.parametrize("seq, english, french", [
    ("1H P 1S P 2D P 2H",
     "2\u2665: preference back to partner's first suit, 6-9 HCP, at least as many hearts as diamonds: to play",
     "2\u2665\u00a0: préférence pour la première couleur du partenaire, 6-9 H, au moins autant de cartes à "
     "cœur qu'à carreau\u00a0: pour jouer"),
    ("1NT P 2C",
     "2\u2663: Stayman, asks for a four-card major; a four-card major and 8+ HCP",
     "2\u2663\u00a0: Stayman, demande une majeure quatrième\u202f; une majeure quatrième et 8 H ou plus"),
    ("2C P 2D P 2H",
     "2\u2665: after 2\u2663-2\u2666, five or more hearts, forcing to game",
     "2\u2665\u00a0: après 2\u2663-2\u2666, cinq cartes ou plus à cœur, forcing de manche"),
])
def test_explanations_in_both_languages(seq: str, english: str, french: str) -> None:
    assert _explain(seq, "en") == english
    assert _explain(seq, "fr") == french


def test_french_letters_with_ascii() -> None:
    a = Auction(Seat.N, [Call.parse(c) for c in "1NT P 2C".split()])
    reason = Bidder().explain(a, 2)
    assert reason.render(ascii=True) == "2C: Stayman, asks for a four-card major; a four-card major and 8+ HCP"
    assert reason.render(ascii=True, lang="fr").startswith("2T\u00a0: Stayman")

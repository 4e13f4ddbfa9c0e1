"""The title of a found declarer problem, from its decisive card.

``problem_finder`` keeps a deal when the solver finds a *decisive* card: the
card of the winning line where another card (the *alternative*, the one that
makes on the most layouts) fails on some layout.  The title says what that
card does that the alternative does not, in the words a club player uses,
read from the cards on the table at that moment:

* a lead: trumps now (the alternative leads another suit), another suit
  before trumps (then what the line does in it: a ruff, a discard), a suit
  on which declarer discards a loser, a suit set up (the defence wins a trick
  of it or declarer ruffs one), or simply the suit first; a low card of the
  alternative's suit is a duck;
* a card following suit: covering an honour, winning at once (the
  alternative holds up), holding up or playing second hand low (the
  alternative wins), not overtaking partner's card or overtaking it, no
  finesse (the card is the suit's master), a finesse (a lower card while a
  defender's card between is still out), winning cheaply, unblocking, or
  keeping the card the alternative would waste;
* a void: a ruff (in dummy, high or low), a discard instead of a ruff, the
  right discard.

The title names the technique and the suit, never the card (the card is the
answer the learner looks for).  Each comes in English and French with the
theme it names (a key of ``problem_text.THEME_NAMES``).  Titles are data
written into the problem (``title``, ``title_fr``), as a hand-made
problem's are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import Card, Rank, Suit
from ..deal import Deal
from ..play import Play
from ..seats import Seat
from .problem import LineStep, Problem

__all__ = ["Title", "title_of", "TEMPLATES"]

SUIT_EN = {Suit.S: "spade", Suit.H: "heart", Suit.D: "diamond", Suit.C: "club"}
SUIT_FR = {Suit.S: "pique", Suit.H: "cœur", Suit.D: "carreau", Suit.C: "trèfle"}
PLURAL_FR = {Suit.S: "piques", Suit.H: "cœurs", Suit.D: "carreaux", Suit.C: "trèfles"}
#: kind -> (English, French, theme).  A title names the technique and the
#: suit, never the card itself (that is the problem's answer), in at most 30
#: characters (the column of ``lesson problem --list``).  Fields:
#: {suit}/{suits} the decisive card's suit (one, several), {other} another
#: suit (the one ruffed or discarded); ``f`` the French forms.
TEMPLATES: dict[str, tuple[str, str, str]] = {
    "trumps-now": ("When to draw trumps", "Quand tirer les atouts", "trumps"),
    "run-trumps": ("Run the trumps", "Déroulez les atouts", "squeeze"),
    "ruff-first": ("Ruff a {other} before trumps", "Une coupe avant les atouts", "ruff"),
    "discard-first": ("A discard before trumps", "Une défausse avant les atouts", "discard"),
    "before-trumps": ("The {suits} before trumps", "Les {fsuits} avant les atouts", "switch"),
    "discard-on": ("A discard on the {suits}", "Une défausse sur les {fsuits}", "discard"),
    "establish": ("Set up the {suits}", "Affranchissez les {fsuits}", "establish"),
    "suit-first": ("Which suit first?", "Quelle couleur d'abord\u202f?", "switch"),
    "duck-lead": ("A duck in {suits}", "Un coup à blanc à {fsuit}", "duck"),
    "lead-card": ("The right card in {suits}", "La bonne carte à {fsuit}", "lead-card"),
    "cover": ("Cover an honour in {suits}", "Couvrez un honneur à {fsuit}", "cover"),
    "win": ("No hold-up in {suits}", "Pas de coup à blanc à {fsuit}", "win"),
    "hold-up": ("A hold-up in {suits}", "Laissez passer à {fsuit}", "hold-up"),
    "second-low": ("Second hand low in {suits}", "Petite en second à {fsuit}", "second-hand-low"),
    "duck": ("A duck in {suits}", "Un coup à blanc à {fsuit}", "duck"),
    "no-overtake": ("No overtaking in {suits}", "Ne surprenez pas à {fsuit}", "entry"),
    "overtake": ("Overtake in {suits}", "Surprenez à {fsuit}", "overtake"),
    "drop": ("No finesse in {suits}", "Pas d'impasse à {fsuit}", "drop"),
    "finesse": ("A finesse in {suits}", "Une impasse à {fsuit}", "finesse"),
    "deep-finesse": ("The right finesse in {suits}", "La bonne impasse à {fsuit}", "finesse"),
    "cheap": ("Win cheaply in {suits}", "Prenez au plus juste à {fsuit}", "entry"),
    "unblock": ("Unblock the {suits}", "Débloquez les {fsuits}", "unblock"),
    "keep-honour": ("Keep your {suit} honours", "Gardez vos honneurs à {fsuit}", "keep"),
    "keep": ("The right {suit} to keep", "Le bon {fsuit} à garder", "keep"),
    "ruff-dummy": ("Ruff a {other} in dummy", "Coupez un {fother} au mort", "ruff"),
    "ruff-hand": ("Ruff a {other} in hand", "Coupez un {fother} en main", "ruff"),
    "ruff-high": ("Ruff high", "Coupez haut", "ruff"),
    "ruff-low": ("Ruff with the right trump", "Coupez du bon atout", "ruff"),
    "no-ruff": ("Discard instead of ruffing", "Défaussez au lieu de couper", "loser-on-loser"),
    "discard": ("The right discard", "La bonne défausse", "discard"),
}


@dataclass(frozen=True)
class Title:
    """A found problem's title: what kind of play (``kind``, a key of
    TEMPLATES), the theme it names, and the words in both languages."""

    kind: str
    theme: str
    en: str
    fr: str


def _words(kind: str, card: Card, other: Suit | None = None) -> Title:
    en, fr, theme = TEMPLATES[kind]
    values = {"suit": SUIT_EN[card.suit], "suits": SUIT_EN[card.suit] + "s",
              "fsuit": SUIT_FR[card.suit], "fsuits": PLURAL_FR[card.suit]}
    if other is not None:
        values |= {"other": SUIT_EN[other], "fother": SUIT_FR[other]}
    return Title(kind, theme, en.format(**values), fr.format(**values))


def _top(trick: Sequence[Card], trump: Suit | None) -> int | None:
    """The index in ``trick`` of the card winning it so far."""
    best: int | None = None
    for i, c in enumerate(trick):
        if best is None:
            best = i
            continue
        b = trick[best]
        if (c.suit is b.suit and c.rank > b.rank) or (trump is not None and c.suit is trump and b.suit is not trump):
            best = i
    return best


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    if card.suit is top.suit:
        return card.rank > top.rank
    return trump is not None and card.suit is trump


def title_of(problem: Problem, steps: Sequence[LineStep], key: LineStep, layout: int = 0) -> Title:
    """The title of the problem whose decisive card is ``key`` (a step of
    ``steps``, the winning line on the problem's ``layout``, with its
    alternative)."""
    deal = problem.layouts[layout]
    cards = [s.card for s in steps]
    before = Play(deal, problem.strain, problem.declarer, cards[:key.index])
    trick = before.current_trick()
    pos = len(trick)
    card, alt = key.card, key.alternative
    trump = problem.strain.suit
    ours = problem.declarer.side
    if alt is None:   # not a decision: say the card
        return _words("lead-card", card)
    if pos == 0:
        return _lead(problem, deal, cards, key, before, trump)
    led = trick[0].suit
    t = _top(trick, trump)
    assert t is not None
    top = trick[t]
    top_seat = before.seat_of(key.index - pos + t)
    leader = before.seat_of(key.index - pos)
    partner_top = top_seat.side is ours
    if card.suit is not led:   # a void
        if trump is not None and card.suit is trump:
            if alt.suit is trump:
                return _words("ruff-high" if card.rank > alt.rank else "ruff-low", card, led)
            return _words("ruff-dummy" if key.seat is problem.dummy else "ruff-hand", card, led)
        if trump is not None and alt.suit is trump:
            return _words("no-ruff", card, led)
        return _words("discard", card, led)
    if alt.suit is not led:   # following suit against a card of another suit: cannot happen; say the card
        return _words("lead-card", card)
    wins, alt_wins = _beats(card, top, trump), _beats(alt, top, trump)
    out = _outstanding(before, key.seat, led)
    if card.rank > alt.rank:
        if wins and not alt_wins:
            if partner_top:
                return _words("overtake", card)
            if pos == 1 and leader.side is not ours and top.rank >= Rank.TEN:
                return _words("cover", card)
            return _words("win", card)
        if wins and alt_wins:
            if not any(c.rank > card.rank for c in out) and pos < 3:
                return _words("drop", card)
            if any(alt.rank < c.rank < card.rank for c in out) and pos < 3:
                return _words("deep-finesse", card)
            return _words("cheap", card)
        return _words("unblock", card)
    # the card is lower than the alternative
    if wins:   # both win the trick so far
        if pos < 3 and any(card.rank < c.rank < alt.rank for c in out):
            return _words("finesse", card)
        return _words("cheap", card)
    if alt_wins:
        if partner_top:
            return _words("no-overtake", card)
        if leader.side is not ours:
            return _words("second-low" if pos == 1 else "hold-up", card)
        return _words("duck", card)
    return _words("keep-honour" if alt.rank >= Rank.TEN else "keep", card)


def _outstanding(play: Play, seat: Seat, suit: Suit) -> list[Card]:
    """The defenders' cards of ``suit`` still to come in this trick or later."""
    out: list[Card] = []
    for s in (seat.lho, seat.rho):
        out.extend(c for c in (play.remaining(s) or ()) if c.suit is suit)
    return out


def _lead(problem: Problem, deal: Deal, cards: list[Card], key: LineStep, before: Play, trump: Suit | None) -> Title:
    card, alt = key.card, key.alternative
    assert alt is not None
    if card.suit is alt.suit:
        if card.rank < alt.rank:
            return _words("duck-lead", card)
        return _words("lead-card", card)
    if trump is not None and card.suit is trump:
        theirs = [c for s in (problem.declarer.lho, problem.declarer.rho) for c in (before.remaining(s) or ())
                  if c.suit is trump]
        return _words("trumps-now" if theirs else "run-trumps", card)
    # what the line does in the suit led: the tricks led in it, this one and the next three
    ours = problem.declarer.side
    play = Play(deal, problem.strain, problem.declarer, cards)
    tricks = [tr for tr in play.tricks() if len(tr.cards) == 4]
    first = key.index // 4
    ruffed: Suit | None = None
    discarded: Suit | None = None
    lost = False
    for tr in tricks[first:first + 4]:
        if tr.cards[0].suit is not card.suit:
            continue
        for i, c in enumerate(tr.cards):
            seat = tr.seat_of(i)
            if seat.side is ours and c.suit is not card.suit:
                if trump is not None and c.suit is trump:
                    ruffed = ruffed or card.suit
                else:
                    discarded = discarded or c.suit
        lost = lost or (tr.winner is not None and tr.winner.side is not ours)
    if trump is not None and alt.suit is trump:
        if ruffed is not None:
            return _words("ruff-first", card, ruffed)
        if discarded is not None:
            return _words("discard-first", card, discarded)
        return _words("before-trumps", card)
    if discarded is not None:
        return _words("discard-on", card, discarded)
    if lost or ruffed is not None:
        return _words("establish", card)
    return _words("suit-first", card)

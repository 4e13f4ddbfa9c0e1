"""Declarer problems in the manner of Bridge Master (``bridgekit lesson problem``).

The learner is declarer, with dummy, from the opening lead to the end.  The
unseen East-West cards are not one deal but a small set of *layouts*, every
one consistent with the auction and the lead: a problem fixes most of the
defenders' cards and lets a few key cards (the *free* cards) lie with either
defender, as Bridge Master does.  The computer defends double dummy over the
layouts still consistent with the cards seen so far:

* when the learner plays a card that some consistent layout defeats while a
  card exists that makes the contract on every one of them, the layouts that
  beat the learner's card become the only ones left (Bridge Master's rule: the
  cards are dealt as that layout says);
* a defender plays the card that holds declarer to the fewest tricks on some
  layout where it is legal, preferring a card that is the double-dummy best
  on most of them, and the layouts where he could not hold it are dropped.

When the play ends the deal is shown, then the *winning line*: the play on
that deal of a declarer who always chooses a card that makes on every layout
still consistent (a *safe* card), against a double-dummy defence, with a
sentence for each key card (a card where another one would lose on some
layout), generated from the solver's values across the layouts.

A problem is well posed (``check_problem``) when, for every layout, that
declarer always has a safe card against the double-dummy defence of that
layout and makes the contract, and at the first key decision the safe cards
are one card or one group of equivalent cards.  A safe card may still lead to
a guess later; ``LineSearch`` looks ahead through the safe cards to tell
whether a *sure* line is left, ``line_decisions`` weighs each decision of the
line with it (``bench/problems.py``), and the review names the learner's card
that lost the sure line.  Problems come from the bundled
``lessons/problems.toml`` and from PBN files a teacher supplies (the deal, the
contract, the declarer, the opening lead or its play, and a ``ProblemFree`` tag
naming the free cards; without it, every honour the defenders hold is free
within its suit).
"""

from __future__ import annotations

import dataclasses
import itertools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ..calls import Call
from ..cards import Card, Rank, Strain, Suit
from ..contract import Contract
from ..deal import Deal, Hand
from ..errors import BridgekitError, ParseError
from ..play import Play
from ..seats import Seat, Vul
from ..i18n import N_
from ..notation import Message

__all__ = ["Problem", "ProblemError", "ProblemGame", "LayoutSolver", "Decision", "LineStep",
           "load_problems", "bundled_path", "problems_from_pbn", "winning_line", "check_problem",
           "CheckReport", "equivalent_groups", "LineSearch", "line_decisions", "LineDecisions"]

#: A problem may have at most this many layouts (each decision solves them all).
MAX_LAYOUTS = 64


class ProblemError(BridgekitError):
    """A problem file or a problem board that cannot be used (says where)."""


# -- the problem ------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    """A declarer problem: declarer's and dummy's hands, the contract, the
    opening lead, and the layouts of the unseen cards (complete deals, the
    first the one the problem was built around)."""

    id: str
    level: int
    titles: dict[str, str]           # lang -> title
    themes: tuple[str, ...]
    contract: Contract
    declarer: Seat
    dealer: Seat | None
    vul: Vul
    auction: tuple[Call, ...]        # from the dealer, may be empty
    lead: Card
    layouts: tuple[Deal, ...]
    free: tuple[Card, ...]           # the cards whose defender varies
    line: tuple[Card, ...] = ()      # the author's winning line: declarer's side's cards, in order of preference
    key: tuple[Card, ...] = ()       # the line's decisive cards: every other card there fails somewhere
    source: str = "problems.toml"
    notes: dict[str, str] = field(default_factory=dict)  # lang -> a word on the problem

    @property
    def strain(self) -> Strain:
        return self.contract.strain if self.contract.strain is not None else Strain.NT

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def leader(self) -> Seat:
        return self.declarer.lho

    @property
    def target(self) -> int:
        """Tricks declarer needs."""
        return self.contract.level + 6

    @property
    def rating(self) -> float:
        """The problem's Elo rating, from its level (level 1: 1000, +200 a level)."""
        return 800.0 + 200.0 * self.level

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles.get("en") or self.id

    def hand(self, seat: Seat) -> Hand:
        """A hand of the declaring side (the same in every layout), or a
        defender's hand in the first layout."""
        hand = self.layouts[0][seat]
        assert hand is not None
        return hand
#: The message of a problem with too many layouts to check (the PBN reader adds a hint).
TOO_MANY_LAYOUTS = N_("{where}: {n} layouts, more than {most}")


def _layouts(base: Deal, declarer: Seat, free: Sequence[Card], lead: Card,
             limits: dict[Seat, dict[str, tuple[int, int]]]) -> tuple[Deal, ...]:
    """Every deal made from ``base`` by dealing the ``free`` cards between the
    two defenders (each keeping thirteen cards), the opening lead staying with
    the leader, within ``limits`` (per defender: ``hcp`` and suit lengths)."""
    left, right = declarer.lho, declarer.rho
    lhand, rhand = base[left], base[right]
    assert lhand is not None and rhand is not None
    free_set = set(free)
    stray = [c for c in free if c not in lhand and c not in rhand]
    if stray:
        raise ProblemError(Message("free card {card} is not a defender's card", card=stray[0]))
    if lead in free_set and lead not in lhand:
        raise ProblemError(Message("the lead {lead} is not in {seat}'s hand", lead=lead, seat=left))
    fixed_l = [c for c in lhand if c not in free_set]
    fixed_r = [c for c in rhand if c not in free_set]
    k = 13 - len(fixed_l)
    out: list[Deal] = []
    movable = [c for c in free if c != lead]
    if lead in free_set:
        fixed_l.append(lead)
        k -= 1
    for combo in itertools.combinations(movable, k):
        chosen = set(combo)
        hands = {left: Hand(fixed_l + list(combo)),
                 right: Hand(fixed_r + [c for c in movable if c not in chosen])}
        if all(_within(hands[s], limits.get(s, {})) for s in (left, right)):
            out.append(Deal(hands.get(s, base[s]) for s in Seat))
    # the base layout first
    out.sort(key=lambda d: d != base)
    return tuple(out)


def _within(hand: Hand, limits: dict[str, tuple[int, int]]) -> bool:
    for key, (low, high) in limits.items():
        value = hand.hcp() if key == "hcp" else hand.length(Suit.parse(key))
        if not low <= value <= high:
            return False
    return True


def _range(text: object, where: str) -> tuple[int, int]:
    if isinstance(text, int) and not isinstance(text, bool):
        return text, text
    if isinstance(text, str):
        low, _, high = text.partition("-")
        try:
            return int(low), int(high or low)
        except ValueError:
            pass
    raise ProblemError(Message('{where}: {text!r} is not a number or a range like 10-15', where=where, text=text))


def _cards(text: str, where: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(w) for w in text.replace(",", " ").split())
    except ParseError as e:
        raise ProblemError(Message('{where}: {e}', where=where, e=e)) from None


def make_problem(raw: dict[str, object], source: str, index: int) -> Problem:
    """One problem from a TOML table (raises ProblemError naming it)."""
    where = f"{source}: problem {index}" + (f" ({raw['id']})" if "id" in raw else "")
    try:
        deal = Deal.parse(str(raw["deal"]))
        contract = Contract.parse(str(raw["contract"]))
        declarer = Seat.parse(str(raw.get("declarer", "S")))
        lead = Card.parse(str(raw["lead"]))
        dealer = Seat.parse(str(raw["dealer"])) if "dealer" in raw else None
        vul = Vul.parse(str(raw.get("vul", "None")))
        auction = tuple(Call.parse(w) for w in str(raw.get("auction", "")).split())
    except KeyError as e:
        raise ProblemError(Message('{where}: no {v2!r}', where=where, v2=e.args[0])) from None
    except BridgekitError as e:
        raise ProblemError(Message('{where}: {e}', where=where, e=e)) from None
    if not deal.is_complete:
        raise ProblemError(Message('{where}: the deal is not a complete 52-card deal', where=where))
    if lead not in (deal[declarer.lho] or ()):
        raise ProblemError(Message("{where}: the lead {lead} is not in {seat}'s hand",
                                   where=where, lead=lead, seat=declarer.lho))
    free = _cards(str(raw.get("free", "")), where)
    limits: dict[Seat, dict[str, tuple[int, int]]] = {}
    for seat in (declarer.lho, declarer.rho):
        table = raw.get(seat.full_name.lower())
        if isinstance(table, dict):
            limits[seat] = {k: _range(v, f"{where}: {seat.full_name.lower()}.{k}") for k, v in table.items()}
    layouts = _layouts(deal, declarer, free, lead, limits)
    if not layouts or layouts[0] != deal:
        raise ProblemError(Message('{where}: the deal itself is outside its own limits', where=where))
    if len(layouts) > MAX_LAYOUTS:
        raise ProblemError(Message(TOO_MANY_LAYOUTS, where=where, n=len(layouts), most=MAX_LAYOUTS))
    titles = {k.removeprefix("title_") or "en": str(v) for k, v in raw.items() if k.startswith("title")}
    titles = {("en" if k == "title" else k): v for k, v in titles.items()}
    notes = {("en" if k == "note" else k.removeprefix("note_")): str(v) for k, v in raw.items()
             if k.startswith("note")}
    themes = raw.get("themes", ())
    level = raw.get("level", 1)
    if not isinstance(level, int) or not 1 <= level <= 9:
        raise ProblemError(Message('{where}: level must be a whole number from 1 to 9', where=where))
    return Problem(str(raw.get("id", f"{source}-{index}")), level, titles,
                   tuple(str(t) for t in themes) if isinstance(themes, (list, tuple)) else (),
                   contract, declarer, dealer, vul, auction, lead, layouts, free,
                   _cards(str(raw.get("line", "")), where), _cards(str(raw.get("key", "")), where), source, notes)


def bundled_path() -> Path:
    from .loader import lessons_dir
    return lessons_dir() / "problems.toml"


def load_problems(path: Path | None = None) -> list[Problem]:
    """The problems of a TOML file (the bundled set by default), in level order."""
    path = path or bundled_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ProblemError(Message('{name}: {e}', name=path.name, e=e)) from None
    raws = data.get("problem", [])
    if not isinstance(raws, list):
        raise ProblemError(Message('{name}: [[problem]] tables expected', name=path.name))
    problems = [make_problem(raw, path.name, i) for i, raw in enumerate(raws, start=1)]
    ids = [p.id for p in problems]
    if len(set(ids)) != len(ids):
        raise ProblemError(Message('{name}: two problems share an id', name=path.name))
    return sorted(problems, key=lambda p: p.level)


def problems_from_pbn(path: Path, without_contract: Callable[[Deal, Seat, str], Problem | None] | None = None) \
        -> Iterator[Problem | ProblemError]:
    """A problem per board of a PBN file with a complete deal, a contract, a
    declarer and an opening lead (the Play section's first card, or a
    ``ProblemLead`` tag); the free cards come from a ``ProblemFree`` tag, else
    every honour (ten and up) the defenders hold in a suit where they hold
    both.  A board that cannot be a problem yields a ProblemError.  A board
    with a complete deal and no contract goes to ``without_contract`` when
    given (deal, dealer, an id: the problem it finds, or None to skip it)."""
    from ..formats import read_boards
    for n, board in enumerate(read_boards(str(path)), start=1):
        label = getattr(board, "label", None) or str(n)
        where = f"{path.name}: board {label}"
        deal = getattr(board, "deal", None)
        if without_contract is not None and getattr(board, "contract", None) is None \
                and isinstance(deal, Deal) and deal.is_complete:
            found = without_contract(deal, getattr(board, "dealer", None) or Seat.N, f"{path.stem}-{label}")
            if found is not None:
                yield found
            continue
        try:
            yield _problem_of_board(board, where, path.name)
        except BridgekitError as e:
            yield e if isinstance(e, ProblemError) else ProblemError(f"{where}: {e}")


def _tag(board: object, name: str) -> str | None:
    get = getattr(board, "tag", None)
    if callable(get):
        value = get(name)
        return str(value) if value else None
    tags = getattr(board, "tags", None)
    if isinstance(tags, dict) and name in tags:
        value = getattr(tags[name], "value", tags[name])
        return str(value) if value else None
    return None


def _problem_of_board(board: object, where: str, source: str) -> Problem:
    deal = getattr(board, "deal", None)
    contract = getattr(board, "contract", None)
    declarer = getattr(board, "declarer", None)
    if not isinstance(deal, Deal) or not deal.is_complete:
        raise ProblemError(Message('{where}: no complete deal', where=where))
    if not isinstance(contract, Contract) or declarer is None:
        raise ProblemError(Message('{where}: no contract and declarer', where=where))
    lead_text = _tag(board, "ProblemLead")
    lead: Card | None = Card.parse(lead_text) if lead_text else None
    play = getattr(board, "play", None)
    if lead is None and play is not None:
        try:
            order = play.played_order(contract.strain)
            lead = order[0][1] if order else None
        except (BridgekitError, AttributeError, IndexError):
            lead = None
    if lead is None:
        raise ProblemError(Message('{where}: no opening lead (a Play section or a ProblemLead tag)', where=where))
    free_text = _tag(board, "ProblemFree")
    if free_text:
        free = _cards(free_text, where)
    else:
        lh, rh = deal[declarer.lho], deal[declarer.rho]
        assert lh is not None and rh is not None
        free = tuple(c for c in sorted(lh.cards | rh.cards, key=lambda c: (c.suit, -c.rank))
                     if c.rank >= Rank.TEN and c != lead and lh.length(c.suit) and rh.length(c.suit))
    # a free card moves only against a card of its suit: each defender keeps his lengths
    lho = deal[declarer.lho]
    assert lho is not None
    lengths = {c.suit.name: lho.length(c.suit) for c in free}
    raw: dict[str, object] = {"id": f"{source}#{where.rsplit(' ', 1)[-1]}", "deal": deal.str_from(Seat.N),
                              "contract": str(contract), "declarer": declarer.name, "lead": str(lead),
                              "free": " ".join(map(str, free)), "level": 2,
                              declarer.lho.full_name.lower(): lengths,
                              "title": where, "title_fr": where.replace("board", "donne")}
    dealer = getattr(board, "dealer", None)
    if dealer is not None:
        raw["dealer"] = dealer.name
    vul = getattr(board, "vulnerable", None)
    if isinstance(vul, Vul):
        raw["vul"] = vul.name
    try:
        return make_problem(raw, source, 1)
    except ProblemError as e:
        message = e.args[0]
        if isinstance(message, Message) and "where" in message.values:   # the board's place, not the raw table's
            message = Message(message.template, **{**message.values, "where": where})
        if isinstance(message, Message) and message.template == TOO_MANY_LAYOUTS:
            message = Message("{message} (name fewer cards in a ProblemFree tag)", message=message)
        raise ProblemError(message) from None


# -- the solver over layouts -------------------------------------------------------

Positions = list[tuple[Deal, Strain, Seat, Sequence[Card]]]


class LayoutSolver:
    """Declarer's double-dummy totals of every legal card, per layout, for a
    position (the cards played since the lead); each position solved once."""

    def __init__(self, problem: Problem,
                 solve: Callable[[Positions], list[dict[Card, int]]] | None = None) -> None:
        self.problem = problem
        self._solve = solve
        self._cache: dict[tuple[int, tuple[Card, ...]], dict[Card, int]] = {}
        self.solved = 0

    def values(self, layouts: Iterable[int], played: Sequence[Card]) -> dict[int, dict[Card, int]]:
        from .. import dds
        p = self.problem
        key = tuple(played)
        todo = [i for i in layouts if (i, key) not in self._cache]
        if todo:
            positions: Positions = [(p.layouts[i], p.strain, p.leader, key) for i in todo]
            solve = self._solve or dds.solve_positions
            raw = solve(positions)
            self.solved += len(todo)
            for i, values in zip(todo, raw):
                self._cache[(i, key)] = dds.declarer_total(values, p.layouts[i], p.strain, p.leader, key)
        return {i: self._cache[(i, key)] for i in layouts}


def equivalent_groups(play: Play, cards: Iterable[Card]) -> list[list[Card]]:
    """``cards`` of the player to move grouped as equivalent: same suit, and
    no card still held by an opponent, nor the card winning the trick so far,
    ranks between them (the partner's cards are the same side's)."""
    seat = play.turn
    trick = play.current_trick()
    gone = set(play.cards) | (play.remaining(seat) or set()) | (play.remaining(seat.partner) or set())
    # the card winning the trick so far still counts: playing over it or under it differs
    trump = play.strain.suit if play.strain is not None else None
    top: Card | None = None
    for c in trick:
        if top is None or (c.suit is top.suit and c.rank > top.rank) or \
                (trump is not None and c.suit is trump and top.suit is not trump):
            top = c
    if top is not None:
        gone.discard(top)
    groups: list[list[Card]] = []
    for card in sorted(cards, key=lambda c: (c.suit, -c.rank)):
        last = groups[-1][-1] if groups else None
        if (last is not None and last.suit is card.suit
                and all(Card(card.suit, Rank(r)) in gone for r in range(card.rank + 1, last.rank))):
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


# -- one game -----------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """One card of the declaring side: what the solver said about it."""

    index: int                       # position in the play (0 is the lead)
    seat: Seat
    card: Card
    safe: tuple[Card, ...]           # cards making on every consistent layout
    legal: tuple[Card, ...]
    layouts: tuple[int, ...]         # consistent layouts before the card
    beaten_by: tuple[int, ...]       # layouts that defeat the card (kept when the rule applied)
    made_before: int                 # worst total over the layouts before the card


class ProblemGame:
    """The play of one problem, with the defence and Bridge Master's rule."""

    def __init__(self, problem: Problem, solver: LayoutSolver | None = None) -> None:
        self.problem = problem
        self.solver = solver or LayoutSolver(problem)
        self.played: list[Card] = [problem.lead]
        self.alive: list[int] = list(range(len(problem.layouts)))
        self.decisions: list[Decision] = []
        self.redealt = False   # Bridge Master's rule applied: a card that some layout beats, when one made on all

    # the state
    def play(self) -> Play:
        p = self.problem
        return Play(p.layouts[self.alive[0]], p.strain, p.declarer, self.played)

    @property
    def turn(self) -> Seat:
        return self.play().turn

    def our_turn(self) -> bool:
        return self.play().turn.side is self.problem.declarer.side

    def tricks(self) -> tuple[int, int]:
        play = self.play()
        return play.declarer_tricks(), play.defence_tricks()

    def finished(self) -> bool:
        won, lost = self.tricks()
        return won >= self.problem.target or lost > 13 - self.problem.target or len(self.played) == 52

    def made(self) -> bool:
        return self.tricks()[0] >= self.problem.target

    def legal(self) -> list[Card]:
        return list(self.play().legal_cards)

    def safe_cards(self) -> list[Card]:
        values = self.solver.values(self.alive, self.played)
        return [c for c in self.legal() if min(v[c] for v in values.values()) >= self.problem.target]

    # the moves
    def declarer_plays(self, card: Card) -> Decision:
        """The learner's card (raises IllegalCardError); applies Bridge Master's
        rule when some consistent layout beats it."""
        play = self.play()
        play.check(card)
        target = self.problem.target
        values = self.solver.values(self.alive, self.played)
        legal = tuple(play.legal_cards)
        safe = tuple(c for c in legal if min(v[c] for v in values.values()) >= target)
        beaten = tuple(i for i in self.alive if values[i][card] < target)
        before = tuple(self.alive)
        worst = min(max(v.values()) for v in values.values())
        if beaten:
            self.alive = list(beaten)
            self.redealt = self.redealt or bool(safe)
        decision = Decision(len(self.played), play.turn, card, safe, legal, before, beaten, worst)
        self.decisions.append(decision)
        self.played.append(card)
        return decision

    def defence_card(self) -> Card:
        """The defender's card: the one that holds declarer to the fewest
        tricks on a layout where it can be played, then the one best on most
        layouts, then the lowest."""
        values = self.solver.values(self.alive, self.played)
        target = self.problem.target
        best: tuple[tuple[int, int, int, int], Card] | None = None
        cards = {c for v in values.values() for c in v}
        for card in cards:
            where = [i for i in self.alive if card in values[i]]
            worst = min(values[i][card] for i in where)
            optimal = sum(1 for i in where if values[i][card] == min(values[i].values()))
            key = (worst, -optimal, int(card.rank), -int(card.suit))
            if best is None or key < best[0]:
                best = (key, card)
        assert best is not None
        card = best[1]
        self.alive = [i for i in self.alive if card in values[i]]
        if best[0][0] < target:
            self.alive = [i for i in self.alive if values[i][card] < target]
        self.played.append(card)
        return card

    def defend(self) -> list[Card]:
        """Defenders' cards until it is the declaring side's turn or the end."""
        out = []
        while not self.finished() and not self.our_turn():
            out.append(self.defence_card())
        return out

    def deal(self) -> Deal:
        """The deal as the cards now lie (the first consistent layout)."""
        return self.problem.layouts[self.alive[0]]


# -- the winning line -------------------------------------------------------------

@dataclass(frozen=True)
class LineStep:
    """A card of the winning line; for the declaring side's key cards the
    alternative that loses and the layout that beats it, and the themes."""

    index: int
    seat: Seat
    card: Card
    key: bool = False
    safe: tuple[Card, ...] = ()
    alternative: Card | None = None
    beaten_on: int | None = None     # a layout that defeats the alternative
    alt_total: int | None = None     # declarer's tricks with the alternative on that layout
    themes: tuple[str, ...] = ()
    layouts_left: int = 0
    stuck: bool = False              # no safe card (the problem is not well posed)
    tempting: int = 0                # layouts where the alternative makes too
    groups: int = 0                  # safe cards told apart by their totals across the layouts


#: How the line goes on where the author's cards say nothing: the lowest safe
#: card, the highest, or the one with the most tricks over the layouts.
FALLBACKS = ("low", "high", "most")
#: The line shown to a learner: the most tricks, and between safe cards worth
#: as many, a lead cashes a winner (the suit's master) before giving a trick
#: away, and last to play, or third when a defender's card is winning the
#: trick, wins it with the cheapest winner rather than ducking for nothing
#: (the lowest card otherwise).
NATURAL = "natural"


def _choose(legal: list[Card], safe: list[Card], prefer: Sequence[Card], fallback: str = "low",
            values: dict[int, dict[Card, int]] | None = None, play: Play | None = None) -> Card:
    """The first card of the author's line that can be played, else a safe
    card chosen by ``fallback`` (a safe card may still lose later: the line
    is what the check proves)."""
    for card in prefer:
        if card in legal:
            return card
    if fallback == NATURAL and values and play is not None:
        totals = {c: sum(v[c] for v in values.values()) for c in safe}
        best = [c for c in safe if totals[c] == max(totals.values())]
        trick, trump = play.current_trick(), play.strain.suit if play.strain is not None else None
        seat = play.turn
        if not trick:
            out = (play.remaining(seat.lho) or set()) | (play.remaining(seat.rho) or set())
            masters = [c for c in best if not any(o.suit is c.suit and o.rank > c.rank for o in out)]
            if masters:
                return max(masters, key=lambda c: (int(c.suit is not trump), int(c.rank), -int(c.suit)))
        if len(trick) == 3 or (len(trick) == 2 and not _wins(trick[0], trick[1:], trick[0].suit, trump)):
            winners = [c for c in best if _wins(c, trick, trick[0].suit, trump)]
            if winners:
                return min(winners, key=lambda c: (int(c.suit is trump), int(c.rank)))
        return min(best, key=lambda c: (int(c.rank), int(c.suit)))
    if fallback == "high":
        return max(safe, key=lambda c: (int(c.rank), -int(c.suit)))
    if fallback == "most" and values:
        return max(safe, key=lambda c: (sum(v[c] for v in values.values()), -int(c.rank), -int(c.suit)))
    return min(safe, key=lambda c: (int(c.rank), int(c.suit)))


def _wins(card: Card, others: Sequence[Card], led: Suit, trump: Suit | None) -> bool:
    """Whether ``card`` beats every card of ``others`` in a trick led in ``led``."""
    def rank(c: Card) -> int:
        return 200 + int(c.rank) if c.suit is trump else 100 + int(c.rank) if c.suit is led else int(c.rank) - 100
    return all(rank(card) > rank(c) for c in others)


def winning_line(problem: Problem, layout: int, solver: LayoutSolver | None = None,
                 fallback: str = "low") -> list[LineStep]:
    """The problem's line (its ``line`` cards in order of preference, then
    the lowest safe card), the defence playing double dummy on ``layout``,
    until the contract is made, or until the line plays a card that some
    consistent layout beats (``stuck``)."""
    prefer = problem.line
    solver = solver or LayoutSolver(problem)
    game = ProblemGame(problem, solver)
    game.alive = [i for i in game.alive if problem.lead in (problem.layouts[i][problem.leader] or ())]
    steps: list[LineStep] = [LineStep(0, problem.leader, problem.lead)]
    target = problem.target
    n_all = len(problem.layouts)
    while len(game.played) < 52 and game.tricks()[0] < target:
        play = game.play()
        seat = play.turn
        if seat.side is problem.declarer.side:
            values = solver.values(game.alive, game.played)
            legal = list(play.legal_cards)
            safe = [c for c in legal if min(v[c] for v in values.values()) >= target]
            card = _choose(legal, safe, prefer, fallback, values, play) if safe else legal[0]
            if card not in safe:
                steps.append(LineStep(len(game.played), seat, card, stuck=True))
                break
            groups = equivalent_groups(play, legal)
            unsafe = [g[0] for g in groups if g[0] not in safe]
            step = LineStep(len(game.played), seat, card, safe=tuple(safe))
            if unsafe:
                alt = max(unsafe, key=lambda c: (sum(1 for v in values.values() if v[c] >= target),
                                                 sum(v[c] for v in values.values()), int(c.rank)))
                beaten = min(game.alive, key=lambda i: (values[i][alt], i))
                tempting = sum(1 for v in values.values() if v[alt] >= target)
                kinds = len({tuple(values[i][c] for i in game.alive) for c in safe})
                step = LineStep(len(game.played), seat, card, True, tuple(safe), alt, beaten, values[beaten][alt],
                                (), len(game.alive) if len(game.alive) < n_all else 0, False, tempting, kinds)
            steps.append(step)
            game.played.append(card)
        else:
            every = solver.values(game.alive, game.played)
            mine = every[layout]
            low = min(mine.values())
            best = [c for c in mine if mine[c] == low]
            card = min(best, key=lambda c: (int(c.rank), int(c.suit)))
            game.alive = [i for i in game.alive if card in every[i]]
            steps.append(LineStep(len(game.played), seat, card))
            game.played.append(card)
    return _with_themes(problem, layout, steps, solver)


def _with_themes(problem: Problem, layout: int, steps: list[LineStep], solver: LayoutSolver) -> list[LineStep]:
    """Name the technique of each key card from the play around it and the
    solver's values (see ``themes_of``)."""
    deal = problem.layouts[layout]
    cards = [s.card for s in steps]
    play = Play(deal, problem.strain, problem.declarer)
    out: list[LineStep] = []
    for step in steps:
        if step.key and not step.stuck:
            themes = themes_of(problem, deal, cards, step, play, solver)
            step = dataclasses.replace(step, themes=themes)
        out.append(step)
        play.push(step.card)
    return out


def themes_of(problem: Problem, deal: Deal, cards: Sequence[Card], step: LineStep, before: Play,
              solver: LayoutSolver) -> tuple[str, ...]:
    """The techniques a key card shows, from what double dummy says:

    * ``safety``: on some layout still consistent the card takes fewer tricks
      than the best card there, yet it makes on all of them;
    * ``count``: the cards seen so far have ruled layouts out, and the card is
      right on those left;
    * ``ruff``: a trump on another suit's lead;
    * ``finesse``: third hand plays a card below one of its own while a
      defender's card between them is still out;
    * ``duck``: the hand could win the trick and plays low;
    * ``unblock``: a high card thrown under partner's winning card;
    * ``throw-in``: a lead the defence wins, after which a defender on lead
      has only cards that give a trick (elimination);
    * ``squeeze``: a lead on which a defender must discard and declarer's
      side wins the trick;
    * ``entry``: the card wins the trick in the hand that leads the next key card.
    """
    themes: list[str] = []
    seat, card = step.seat, step.card
    trick = before.current_trick()
    pos = len(trick)
    mine = before.remaining(seat) or set()
    out_cards = [c for c in (deal[seat.lho] or ()) if c not in before.cards] + \
                [c for c in (deal[seat.rho] or ()) if c not in before.cards]
    trump = problem.strain.suit
    # after the trick: who won it, who discarded
    end = (step.index // 4) * 4 + 4
    after = Play(deal, problem.strain, problem.declarer, cards[:min(end, len(cards))])
    complete = len(after.cards) >= end
    winner = after.tricks()[step.index // 4].winner if complete else None
    led = trick[0].suit if trick else card.suit
    trick_cards = cards[(step.index // 4) * 4:end]
    discarded = any(c.suit is not led and c.suit is not trump for i, c in enumerate(trick_cards)
                    if _seat_at(after, (step.index // 4) * 4 + i).side is not problem.declarer.side)
    if pos and trump is not None and card.suit is trump and led is not trump:
        themes.append("ruff")
    higher_own = [c for c in mine if c.suit is card.suit and c.rank > card.rank]
    so_far = [c for c in trick if c.suit is led]
    beats = card.suit is led and all(card.rank > c.rank for c in so_far)
    if pos and beats and higher_own and pos >= 1 and \
            any(c.suit is card.suit and card.rank < c.rank < max(h.rank for h in higher_own) for c in out_cards):
        themes.append("finesse")
    elif pos and card.suit is led and not beats and \
            any(all(h.rank > c.rank for c in so_far) for h in higher_own):
        themes.append("duck")
    if pos and card.suit is led and card.rank >= Rank.TEN and winner is not None and \
            winner is seat.partner:
        themes.append("unblock")
    if pos == 0 and winner is not None and winner.side is not problem.declarer.side:
        partner_high = [c for c in (before.remaining(seat.partner) or ()) if c.suit is led]
        could = any(all(h.rank > c.rank for c in trick_cards if c.suit is led and c != h)
                    for h in higher_own + partner_high)
        themes.append("duck" if could else "throw-in" if len(before.cards) >= 28 else "give-up")
    if pos == 0 and discarded and winner is not None and winner.side is problem.declarer.side:
        themes.append("squeeze")
    if step.layouts_left:
        themes.append("count")
    # safety: a safe card that gives up a trick somewhere
    values_now = solver.values([i for i in range(len(problem.layouts))
                                if _consistent(problem, i, cards[:step.index])], cards[:step.index])
    if any(v[card] < max(v.values()) for v in values_now.values()):
        themes.append("safety")
    if not themes and winner is seat and pos > 0 and any(c.suit is led for c in (before.remaining(seat.partner) or ())
                                                           if c.rank > max(x.rank for x in trick_cards if x.suit is led and x != card)):
        themes.append("entry")
    return tuple(themes)


def _seat_at(play: Play, index: int) -> Seat:
    return play.seat_of(index)


def _consistent(problem: Problem, layout: int, played: Sequence[Card]) -> bool:
    try:
        Play(problem.layouts[layout], problem.strain, problem.declarer, played)
    except BridgekitError:
        return False
    return True


# -- checking a problem ----------------------------------------------------------------

@dataclass
class CheckReport:
    """What ``check_problem`` found."""

    problem: Problem
    failures: list[str] = field(default_factory=list)
    decisive: list[tuple[int, str, str]] = field(default_factory=list)  # (card index, key card, tempting card)
    positions: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


def check_problem(problem: Problem, solver: LayoutSolver | None = None,
                  layouts: Iterable[int] | None = None) -> CheckReport:
    """Whether the problem is well posed.  For each layout (all by default),
    the safe-card declarer of ``winning_line`` against the double-dummy
    defence of that layout

    * always has a card that makes on every layout still consistent, and
      makes the contract (a 100% line exists);
    * meets a *decisive* decision: a card there fails on some consistent
      layout (preferably one that would make on another: a line that tempts);
    * and at each of the problem's ``key`` cards every card outside its group
      of equivalent cards fails on some consistent layout: the winning line
      is unique there.
    """
    solver = solver or LayoutSolver(problem)
    report = CheckReport(problem)
    for i in (layouts if layouts is not None else range(len(problem.layouts))):
        line = winning_line(problem, i, solver)
        stuck = next((s for s in line if s.stuck), None)
        if stuck is not None:
            report.failures.append(f"layout {i + 1}: at card {stuck.index + 1} the line plays {stuck.card}, "
                                   "which a consistent layout beats")
            continue
        won = Play(problem.layouts[i], problem.strain, problem.declarer, [s.card for s in line]).declarer_tricks()
        if won < problem.target:
            report.failures.append(f"layout {i + 1}: the safe line takes {won} tricks")
        decisive = next((s for s in line if s.key and s.tempting), None) or next((s for s in line if s.key), None)
        if decisive is None:
            report.failures.append(f"layout {i + 1}: no decisive card (every card makes everywhere)")
            continue
        report.decisive.append((decisive.index, str(decisive.card), str(decisive.alternative)))
        cards = [s.card for s in line]
        for key in problem.key:
            step = next((s for s in line if s.card == key), None)
            if step is None:
                continue   # this layout's line went another way
            play = Play(problem.layouts[i], problem.strain, problem.declarer, cards[:step.index])
            group = next(g for g in equivalent_groups(play, play.legal_cards) if key in g)
            others = [c for c in step.safe if c not in group]
            if not step.key or others:
                report.failures.append(f"layout {i + 1}: at card {step.index + 1} not only {key} makes "
                                       f"({', '.join(map(str, others)) or 'every card does'})")
        if problem.key and not any(s.card in problem.key for s in line):
            report.failures.append(f"layout {i + 1}: the line never plays a key card")
    report.positions = solver.solved
    return report


class SearchLimit(Exception):
    """``LineSearch`` went past its limit of positions."""


class LineSearch:
    """Whether declarer still has a winning line: a way to play on that makes
    the contract on every layout still possible, whatever the problem's own
    defence does (``ProblemGame.defence_card``, as the runner plays it).  A
    card safe on every layout (double dummy, one layout at a time) may still
    lead to a guess later; ``wins`` looks ahead through every safe card (one
    of each group of equivalent cards, the line's own first) and stops at the
    first that wins.  Positions are remembered (the same cards gone, tricks,
    trick in progress, turn and layouts); past ``limit`` of them it raises
    SearchLimit."""

    def __init__(self, problem: Problem, solver: LayoutSolver | None = None, limit: int = 200_000) -> None:
        self.problem = problem
        self.solver = solver or LayoutSolver(problem)
        self.limit = limit
        self.positions = 0
        self._memo: dict[tuple[object, ...], bool] = {}

    def _game(self, played: Sequence[Card], alive: Sequence[int]) -> ProblemGame:
        game = ProblemGame(self.problem, self.solver)
        game.played, game.alive = list(played), list(alive)
        game.defend()
        return game

    def wins(self, played: Sequence[Card], alive: Sequence[int]) -> bool:
        """Whether declarer, to play next (after the defence's cards), has a
        line that makes on every layout of ``alive``."""
        game = self._game(played, alive)
        if game.finished():
            return game.made()
        play = game.play()
        key = (frozenset(game.played), play.declarer_tricks(), tuple(play.current_trick()), play.turn,
               tuple(game.alive))
        known = self._memo.get(key)
        if known is not None:
            return known
        self.positions += 1
        if self.positions > self.limit:
            raise SearchLimit()
        safe = set(game.safe_cards())
        legal = list(play.legal_cards)
        first = _choose(legal, list(safe), self.problem.line) if safe else None
        picks = sorted((next(c for c in g if c in safe) for g in equivalent_groups(play, legal)
                        if any(c in safe for c in g)), key=lambda c: c != first)
        result = any(self.wins(game.played + [c], game.alive) for c in picks)
        self._memo[key] = result
        return result

    def winning_groups(self, game: ProblemGame) -> tuple[list[list[Card]], list[list[Card]]]:
        """At declarer's turn in ``game``: the groups of equivalent cards that
        keep a winning line (each with a safe card first), and all the groups."""
        play = game.play()
        groups = equivalent_groups(play, play.legal_cards)
        safe = set(game.safe_cards())
        # a group's safe card speaks for it, and comes first (the groups count
        # the partner's cards as the side's: a group can hold an overtaking
        # card that loses)
        ordered = [sorted(g, key=lambda c: c not in safe) for g in groups]
        return [g for g in ordered if self.wins(game.played + [g[0]], game.alive)], groups


@dataclass
class LineDecisions:
    """The declaring side's decisions along the problem's line as the runner
    plays it (its defence over the layouts still possible): ``forced`` (one
    group of cards), ``unique`` (one group keeps a sure line), ``open``
    (several do, others lose: the order of winners) and ``free`` (every card
    keeps one), with the ``open`` ones as (trick, the line's card, the
    winning groups), and the line's cards that keep no sure line."""

    counts: dict[str, int] = field(default_factory=dict)
    open_ones: list[tuple[int, Card, list[list[Card]]]] = field(default_factory=list)
    positions: int = 0
    complete: bool = True
    line_loses: list[str] = field(default_factory=list)
    made: bool = False


def line_decisions(problem: Problem, solver: LayoutSolver | None = None, limit: int = 200_000) -> LineDecisions:
    """Each decision of the problem's line (its cards in order of
    preference where they are safe, else the lowest safe card: the line was
    written against the double-dummy defence of each layout) against the
    runner's defence,
    classified by the sure lines it leaves over every layout still possible
    (``LineSearch``)."""
    solver = solver or LayoutSolver(problem)
    search = LineSearch(problem, solver, limit)
    report = LineDecisions(counts={"forced": 0, "unique": 0, "open": 0, "free": 0})
    game = ProblemGame(problem, solver)
    game.alive = [a for a in game.alive if problem.lead in (problem.layouts[a][problem.leader] or ())]
    try:
        while not game.finished():
            if not game.our_turn():
                game.defend()
                continue
            safe = game.safe_cards()
            if not safe:
                report.line_loses.append(f"card {len(game.played) + 1}: no safe card")
                break
            card = _choose(safe, safe, problem.line)   # the line's card when it is safe here
            winning, groups = search.winning_groups(game)
            kind = "forced" if len(groups) == 1 else "free" if len(winning) == len(groups) else \
                "unique" if len(winning) == 1 else "open"
            report.counts[kind] += 1
            if kind == "open":
                report.open_ones.append((len(game.played) // 4 + 1, card, winning))
            if not any(card in g for g in winning):
                report.line_loses.append(f"card {len(game.played) + 1}: {card}")
            game.declarer_plays(card)
        report.made = game.made()
    except SearchLimit:
        report.complete = False
    report.positions = search.positions
    return report


def complete_problem(problem: Problem, solver: LayoutSolver | None = None) -> tuple[Problem, list[LineStep]] | None:
    """The problem with its line and key card found by the solver, or None.

    The line is the safe-card declarer's play on the first layout (with the
    author's cards first, then the lowest, highest or richest safe card: the
    first of these that ``check_problem`` accepts on every layout); the key
    card is the first card of that line where another card fails on some
    layout and the cards that make are one group of equivalent cards,
    preferring a decision where the failing card would make on another layout.
    Returns the completed problem and the line's steps."""
    solver = solver or LayoutSolver(problem)
    for fallback in FALLBACKS:
        steps = winning_line(problem, 0, solver, fallback)
        if any(s.stuck for s in steps):
            continue
        cards = [s.card for s in steps]
        keys = []
        for s in steps:
            if not s.key:
                continue
            play = Play(problem.layouts[0], problem.strain, problem.declarer, cards[:s.index])
            group = next(g for g in equivalent_groups(play, play.legal_cards) if s.card in g)
            if all(c in group for c in s.safe):
                keys.append(s)
        if not keys:
            continue
        key = next((s for s in keys if s.tempting), keys[0])
        line = tuple(s.card for s in steps if s.seat.side is problem.declarer.side and s.index > 0)
        candidate = dataclasses.replace(problem, line=line, key=(key.card,))
        if check_problem(candidate, solver).ok:
            return candidate, steps
    return None

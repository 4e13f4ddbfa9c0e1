"""Declarer problems found on deals: a teacher's ``dealer`` script, the deals
of a PBN file that carry no contract, or seeded random deals
(``bench/make_problems.py``, which built the bundled set).

For each deal, bridgekit's own bidding gives North-South's contract (East-West
pass throughout: their calls would limit the layouts).  When North-South end
in an undoubled contract at the two level or higher, the deal is turned so
that declarer sits South, and each suit in which the defenders hold three
cards or more with an honour (jack and up), and the declaring side four or
more with the ten or better, becomes in turn the *free* suit: every way of
dealing the defenders' cards of that suit, the lengths kept, is a layout (3
to 10 of them).  West leads the card of another suit that holds declarer to
the fewest tricks over the layouts.  The problem is kept when

* the contract makes on every layout after the lead, with no overtrick on all
  of them (else there is nothing to find);
* a line exists (the safe-card declarer of ``winning_line``, with its lowest,
  highest or richest safe card where it has a choice) that ``check_problem``
  accepts on every layout;
* the line has a decisive card: another card would make on some layout and
  fails on another, and the safe cards there are one group of equivalent
  cards (that card becomes the problem's ``key``).

Its title says what the decisive card does that the tempting alternative does
not (``problem_titles.title_of``: a finesse, a hold-up, a ruff in dummy, a
discard on a long suit...), its themes are that one first, then what
``themes_of`` names on the key cards, and its level grows with the number of
tempting decisions and how late the decisive one comes.  At most one problem is made from a deal.
"""

from __future__ import annotations

import dataclasses
from math import comb
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..auction import Auction
from ..calls import Call
from ..cards import Rank, Suit
from ..deal import Deal
from ..play import Play
from ..seats import Seat, Vul
from .problem import (FALLBACKS, LayoutSolver, LineStep, Problem, ProblemError, check_problem, equivalent_groups,
                      make_problem, winning_line)
from .problem_titles import Title, title_of

__all__ = ["find_problem", "problems_from_deals", "problems_from_script", "script_deals", "is_script", "toml_of",
           "DealSource"]

#: (an id for the deal, the deal, its dealer)
DealSource = tuple[str, Deal, Seat]
#: progress(deals tried, problems found)
Progress = Callable[[int, int], None]

def turned(deal: Deal, declarer: Seat) -> tuple[Deal, int]:
    """The deal turned so that ``declarer`` sits South, and the turn (seats moved)."""
    shift = (int(Seat.S) - int(declarer)) % 4
    return Deal(deal[Seat((int(s) - shift) % 4)] for s in Seat), shift


def bid(deal: Deal, dealer: Seat, vul: Vul = Vul.NONE) -> Auction:
    """bridgekit's bidding for North-South, East-West passing throughout."""
    from ..game.bidding import Bidder
    bidder = Bidder()
    auction = Auction(dealer)
    while not auction.is_complete() and len(auction.calls) < 40:
        seat = auction.turn
        if seat.side is Seat.N.side:
            auction.push(bidder.decide(auction, deal[seat], vul).call)  # type: ignore[arg-type]
        else:
            auction.push(Call.parse("P"))
    return auction


def candidates(ident: str, deal: Deal, dealer: Seat) -> list[dict[str, object]]:
    """The problem tables to try for one deal (one per free suit)."""
    auction = bid(deal, dealer)
    contract, declarer = auction.contract(), auction.declarer()
    if contract is None or declarer is None or declarer.side is not Seat.N.side or contract.level < 2:
        return []
    if contract.doubling.name != "UNDOUBLED":
        return []
    deal, shift = turned(deal, declarer)
    new_dealer = Seat((int(dealer) + shift) % 4)
    out = []
    west, east = deal[Seat.W], deal[Seat.E]
    north, south = deal[Seat.N], deal[Seat.S]
    assert west is not None and east is not None and north is not None and south is not None
    for suit in Suit:
        theirs = [c for c in west.cards | east.cards if c.suit is suit]
        ours = [c for c in north.cards | south.cards if c.suit is suit]
        if len(theirs) < 3 or not any(c.rank >= Rank.JACK for c in theirs):
            continue
        if not any(c.rank >= Rank.TEN for c in ours) or len(ours) < 4:
            continue
        if not 3 <= comb(len(theirs), west.length(suit)) <= 10:
            continue
        out.append({"id": f"{ident}-{suit.name.lower()}", "deal": deal.str_from(Seat.N), "contract": str(contract),
                    "declarer": "S", "dealer": new_dealer.name, "vul": "None",
                    "auction": " ".join(str(c) for c in auction.calls),
                    "free": " ".join(str(c) for c in sorted(theirs, key=lambda c: -c.rank)),
                    "west": {suit.name: west.length(suit)}, "suit": suit})
    return out


def best_lead(raw: dict[str, object]) -> dict[str, object] | None:
    """West's lead outside the free suit that holds declarer to the fewest
    tricks over the layouts (None when no lead lets the contract make
    everywhere, or when it makes with an overtrick everywhere)."""
    from .. import dds
    suit = raw["suit"]
    deal = Deal.parse(str(raw["deal"]))
    west = deal[Seat.W]
    assert west is not None
    leads = [c for c in west.cards if c.suit is not suit]
    probe = make_problem({**raw, "lead": str(leads[0])}, "found", 1)
    values = dds.solve_positions([(d, probe.strain, Seat.W, []) for d in probe.layouts])
    totals = {c: [13 - v[c] for v in values] for c in leads if all(c in v for v in values)}
    target = probe.target
    makeable = {c: t for c, t in totals.items() if min(t) >= target}
    if not makeable:
        return None
    lead = min(makeable, key=lambda c: (sum(makeable[c]), -int(c.rank)))
    if min(makeable[lead]) > target:
        return None    # an overtrick everywhere: too loose to be a problem
    return {**raw, "lead": str(lead)}


def level_of(steps: list[LineStep], key_index: int) -> int:
    tempting = sum(1 for s in steps if s.key and s.tempting)
    trick = key_index // 4 + 1
    score = (tempting - 1) + (trick - 1) // 2
    return max(1, min(4, 1 + score // 2))


def finish(raw: dict[str, object], source: str = "found") -> tuple[Problem, dict[str, object]] | None:
    """The problem of a candidate with its lead: its line, key card, themes,
    title and level, checked on every layout (None when it is not well posed)."""
    raw = {k: v for k, v in raw.items() if k != "suit"}
    problem = make_problem(raw, source, 1)
    solver = LayoutSolver(problem)
    for fallback in FALLBACKS:
        steps = winning_line(problem, 0, solver, fallback)
        if any(s.stuck for s in steps):
            continue
        cards = [s.card for s in steps]
        key = None
        for s in steps:
            if not (s.key and s.tempting):
                continue
            play = Play(problem.layouts[0], problem.strain, problem.declarer, cards[:s.index])
            group = next(g for g in equivalent_groups(play, play.legal_cards) if s.card in g)
            if all(c in group for c in s.safe):
                key = s
                break
        if key is None:
            continue
        line = tuple(s.card for s in steps if s.seat.side is problem.declarer.side and s.index > 0)
        candidate = dataclasses.replace(problem, line=line, key=(key.card,))
        if not check_problem(candidate, solver).ok:
            continue
        title, themes = described(problem, steps, key)
        raw = {**raw, "line": " ".join(map(str, line)), "key": str(key.card),
               "level": level_of(steps, key.index), "themes": themes, "title": title.en, "title_fr": title.fr}
        return make_problem(raw, source, 1), raw
    return None


def described(problem: Problem, steps: list[LineStep], key: LineStep) -> tuple[Title, list[str]]:
    """A problem's title and themes from its decisive card ``key`` on the
    line ``steps``: the title's theme first, then those ``themes_of`` names
    on the key card and on the other tempting key cards."""
    title = title_of(problem, steps, key)
    themes = [t for s in steps if s.key and s.tempting for t in s.themes]
    return title, list(dict.fromkeys([title.theme, *key.themes, *themes]))


def redescribed(problem: Problem, solver: LayoutSolver | None = None) -> tuple[Title, list[str]] | None:
    """The title and themes ``finish`` gives a problem with a line and a key
    card (the bundled ones it found): its line on the first layout, the key
    card's step (None when the line never plays it)."""
    if not problem.key:
        return None
    steps = winning_line(problem, 0, solver or LayoutSolver(problem))
    key = next((s for s in steps if s.card == problem.key[0] and s.seat.side is problem.declarer.side), None)
    return None if key is None or key.alternative is None else described(problem, steps, key)


def find_problem(ident: str, deal: Deal, dealer: Seat, source: str = "found") \
        -> tuple[Problem, dict[str, object]] | None:
    """The first problem one deal makes (trying each free suit), or None."""
    for raw in candidates(ident, deal, dealer):
        led = best_lead(raw)
        if led is None:
            continue
        done = finish(led, source)
        if done is not None:
            return done
    return None


def problems_from_deals(deals: Iterable[DealSource], source: str = "found",
                        progress: Progress | None = None) -> Iterator[Problem]:
    """A problem for each deal that makes one, in order."""
    found = 0
    for tried, (ident, deal, dealer) in enumerate(deals, start=1):
        done = find_problem(ident, deal, dealer, source)
        if done is not None:
            found += 1
            yield done[0]
        if progress is not None:
            progress(tried, found)


#: Deals taken from a script that does not say how many (``produce``).
SCRIPT_DEALS = 100


def script_deals(path: Path, seed: int, produce: int | None = None) -> list[DealSource]:
    """The deals a ``dealer`` script produces with ``seed`` (``produce`` of
    them, else the script's own ``produce``, else SCRIPT_DEALS), each with the
    dealer it gives the board.
    Raises ProblemError for a script that cannot be read or run."""
    from ..dealer import EvaluationError, ScriptError, parse, run
    from ..dealer import Options as DealerOptions
    from ..dealer.output import PBN_DEALERS, pbn_deal
    from ..notation import Message
    try:
        program = parse(path.read_text(encoding="utf-8", errors="replace"))
    except ScriptError as e:
        raise ProblemError(Message("{name}: {e}", name=path.name, e=e)) from None
    hands: list[tuple[int, ...]] = []
    opts = DealerOptions(produce=produce or program.produce or SCRIPT_DEALS, seed=seed, quiet=True, verbose=False, print_deals=False,
                         on_deal=lambda h, index: hands.append(h))
    try:
        run(program, opts, lambda text: None)
    except EvaluationError as e:
        raise ProblemError(Message("{name}: {e}", name=path.name, e=e)) from None
    return [(f"{path.stem}-{seed}-{i + 1}", Deal.parse(pbn_deal(h)),
             Seat.parse(PBN_DEALERS[i % 4 if program.dealer is None else program.dealer]))
            for i, h in enumerate(hands)]


def problems_from_script(path: Path, seed: int, produce: int | None = None,
                         progress: Progress | None = None) -> Iterator[Problem]:
    """The problems found on the deals of a ``dealer`` script."""
    yield from problems_from_deals(script_deals(path, seed, produce), path.name, progress)


def is_script(path: Path) -> bool:
    """A ``dealer`` script by its name (``.dl``, ``.dlr``, ``.dealer``)."""
    return path.suffix.lower() in (".dl", ".dlr", ".dealer")


def toml_of(raw: dict[str, object]) -> str:
    """A found problem as a ``[[problem]]`` table of ``lessons/problems.toml``."""
    lines = ["[[problem]]"]
    order = ["id", "level", "title", "title_fr", "themes", "deal", "contract", "declarer", "dealer", "vul",
             "auction", "lead", "free", "line", "key"]
    for k in order:
        v = raw[k]
        if isinstance(v, list):
            lines.append(f"{k} = [{', '.join(repr(x).replace(chr(39), chr(34)) for x in v)}]")
        elif isinstance(v, int):
            lines.append(f"{k} = {v}")
        else:
            lines.append(f'{k} = "{v}"')
    west = raw["west"]
    assert isinstance(west, dict)
    lines.append("west = { " + ", ".join(f'{k} = {v}' for k, v in west.items()) + " }")
    return "\n".join(lines) + "\n"

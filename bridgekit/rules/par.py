"""Par under any rules profile: one generic solver over a scoring function.

Par is the result of an auction in which both sides see all four hands (the
double-dummy table) and bid perfectly for their own score:

* a side outbids the standing contract when that scores better for it
  (a making contract of its own, or a sacrifice that costs less than letting
  the opponents play);
* a contract is doubled when that pays the defenders (in practice: when it
  fails), and redoubled when that pays the declarers;
* the result is the contract at which neither side gains by bidding on.

The solver is a backward induction over the 35 bids.  Each bid is declared by
the side's better declarer in that strain (the one who takes more tricks
double dummy).  Dealer matters: the dealer's side has the first chance to
open, then the other side, then dealer's partner, then the fourth player, so
when both sides can make the same contract the dealer's side gets it.

Nothing here knows a scoring table: ``score(result, vul, deal)`` comes from a
rules profile (``find_profile(name).score``); its ``.ns`` is
the net score for North-South.  The auction profiles need ``deal`` for honours.
For the ``contract`` profile this reproduces DDS's par score exactly (see
``tests/test_par.py`` and ``bench/par.py``).

The solver is the rules' own (``Profile.par`` uses it); it imports no rules
module: a score is anything with ``.ns``.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ..cards import Strain
from ..contract import Contract, Doubling, Result
from ..dds import DDTable, Par, ParContract
from ..deal import Deal
from ..seats import Seat, Side, Vul


class Scored(Protocol):
    """What the solver needs of a score: the net score for North-South."""

    @property
    def ns(self) -> int: ...


ScoreFunction = Callable[[Result, Vul, "Deal | None"], Scored]

#: The 35 bids in auction order, 1C first.
BIDS: tuple[tuple[int, Strain], ...] = tuple((level, strain) for level in range(1, 8) for strain in Strain)


def _better(side: Side, a: int, b: int) -> int:
    """The better of two N/S scores for ``side``."""
    return max(a, b) if side is Side.NS else min(a, b)


class _Outcome:
    """The final contract a bid leads to if the opponents pass: its N/S score
    and the doubling the defenders (and declarers) chose."""

    __slots__ = ("ns", "doubling", "declarers", "tricks")

    def __init__(self, ns: int, doubling: Doubling, declarers: tuple[Seat, ...], tricks: int) -> None:
        self.ns = ns
        self.doubling = doubling
        self.declarers = declarers
        self.tricks = tricks


_NS_MEMO: dict[tuple[object, ...], int] = {}


def _outcome(table: DDTable, side: Side, level: int, strain: Strain, vul: Vul, deal: Deal | None,
             score: ScoreFunction) -> _Outcome:
    a, b = side.seats
    ta, tb = table.tricks(a, strain), table.tricks(b, strain)
    tricks = max(ta, tb)
    declarers = tuple(s for s, t in ((a, ta), (b, tb)) if t == tricks)
    declarer = declarers[0]

    def ns(doubling: Doubling) -> int:
        if deal is not None:
            return score(Result(Contract(level, strain, doubling), declarer, tricks), vul, deal).ns
        # Without a deal the score is a function of the result and vulnerability
        # alone: remember it across deals (the same few hundred keep coming back).
        key = (score, level, strain, doubling, declarer, tricks, vul)
        value = _NS_MEMO.get(key)
        if value is None:
            if len(_NS_MEMO) > 200_000:
                _NS_MEMO.clear()
            value = _NS_MEMO[key] = score(Result(Contract(level, strain, doubling), declarer, tricks), vul,
                                          None).ns
        return value

    defenders = side.opponents
    undoubled = ns(Doubling.UNDOUBLED)
    doubled = ns(Doubling.DOUBLED)
    redoubled = ns(Doubling.REDOUBLED)
    # After a double, declarer's side redoubles when that pays it.
    after_double, x_doubling = ((redoubled, Doubling.REDOUBLED)
                                if _better(side, redoubled, doubled) == redoubled and redoubled != doubled
                                else (doubled, Doubling.DOUBLED))
    # The defenders double when that pays them.
    if _better(defenders, after_double, undoubled) == after_double and after_double != undoubled:
        return _Outcome(after_double, x_doubling, declarers, tricks)
    return _Outcome(undoubled, Doubling.UNDOUBLED, declarers, tricks)


def par(table: DDTable, vul: Vul, dealer: Seat, score: ScoreFunction, deal: Deal | None = None) -> Par:
    """Par of a deal from its DD table under a scoring function.

    ``score`` is a function ``(Result, Vul, Deal | None) -> Score``, a rules
    profile's ``score``; ``deal`` is passed to it
    (the auction profiles need it for honours; without it honours are left
    out).  Returns the par score for North-South and the par contracts: every
    contract that gives the par score and that the opponents do not gain by
    outbidding, at the lowest level in its strain for its side (DDS's
    convention).  An empty list of contracts means the deal is passed out at
    par.
    """
    score_fn = score
    n = len(BIDS)
    outcome: dict[Side, list[_Outcome]] = {
        side: [_outcome(table, side, level, strain, vul, deal, score_fn) for level, strain in BIDS]
        for side in Side}
    # value[side][i]: N/S score when ``side`` has just bid BIDS[i] and the
    # opponents are to speak, both sides playing perfectly from there.
    # best_from[side][i]: the best ``side`` can get by bidding BIDS[j], j >= i.
    value: dict[Side, list[int]] = {side: [0] * n for side in Side}
    best_from: dict[Side, list[int | None]] = {side: [None] * (n + 1) for side in Side}
    for i in range(n - 1, -1, -1):
        for side in Side:
            other = side.opponents
            stand = outcome[side][i].ns
            over = best_from[other][i + 1]
            value[side][i] = stand if over is None else _better(other, stand, over)
        for side in Side:
            here = value[side][i]
            later = best_from[side][i + 1]
            best_from[side][i] = here if later is None else _better(side, here, later)
    first, second = dealer.side, dealer.side.opponents
    open_first, open_second = best_from[first][0], best_from[second][0]
    assert open_first is not None and open_second is not None
    # Four chances to open: dealer, second hand, third hand, fourth hand.
    v = _better(second, 0, open_second)
    v = _better(first, v, open_first)
    v = _better(second, v, open_second)
    v = _better(first, v, open_first)

    return Par(v, tuple(_par_contracts(outcome, value, v)))


def _par_contracts(outcome: dict[Side, list[_Outcome]], value: dict[Side, list[int]],
                   v: int) -> list[ParContract]:
    """The contracts that end a perfect auction at score ``v``: they score
    ``v`` and no higher contract the opponents could bid would, if left to
    stand, score better for them (so they have no reason to bid on).  The
    lowest such level in each strain for each side, strains from NT down to
    clubs, as DDS lists them.  Should that find nothing, contracts the
    opponents do not gain by outbidding once the whole auction is played out
    are listed instead."""
    n = len(BIDS)
    best_final: dict[Side, list[int | None]] = {side: [None] * (n + 1) for side in Side}
    for i in range(n - 1, -1, -1):
        for side in Side:
            later = best_final[side][i + 1]
            here = outcome[side][i].ns
            best_final[side][i] = here if later is None else _better(side, here, later)

    def pick(stable: Callable[[Side, int], bool]) -> list[ParContract]:
        found: list[ParContract] = []
        seen: set[tuple[Side, Strain]] = set()
        for i, (level, strain) in enumerate(BIDS):
            for side in Side:
                out = outcome[side][i]
                if out.ns != v or (side, strain) in seen or not stable(side, i):
                    continue
                seen.add((side, strain))
                found.append(ParContract(Contract(level, strain, out.doubling), out.declarers, out.tricks))
        found.sort(key=lambda c: (c.side is not Side.NS, -int(c.contract.strain or 0), c.contract.level))
        return found

    def myopic(side: Side, i: int) -> bool:
        other = side.opponents
        over = best_final[other][i + 1]
        return over is None or _better(other, over, v) == v

    return pick(myopic) or pick(lambda side, i: value[side][i] == v)

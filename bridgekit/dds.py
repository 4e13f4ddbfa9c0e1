"""Double-dummy analysis through DDS: the only module that touches endplay.

endplay (Bo Haglund's DDS with Python bindings) is loaded lazily, on the first
call that needs the solver, so ``bridgekit check`` and friends never pay for it.
Only its low-level ctypes layer is used: bridgekit types are converted to DDS's
binary structures here, results are copied out into bridgekit value types at
once (endplay's own par list changes while it is iterated), and DD tables are
solved in batches of 40 (what one ``CalcAllTables`` call accepts for all five
strains), on all cores unless ``set_threads`` says otherwise.

Point of view of every number:

* ``DDTable.tricks(declarer, strain)``: tricks taken by the declaring side when
  ``declarer`` declares in ``strain`` and the player on declarer's left leads.
* ``solve_position``: for each legal card of the player to move, the tricks
  *that player's side* takes from this point on, counting the trick in progress
  (so it is the number DDS itself reports).  ``declarer_total`` turns it into
  the total for declarer's side over the whole deal.
* ``Par.score``: for North-South (negative when East-West gain).

Every function raises ``DDSInputError`` (a ``BridgekitError``) when the deal is
not a complete 52-card deal or the played cards are illegal, and
``SolverError`` (also a ``BridgekitError``) if DDS itself reports an error.
"""

from __future__ import annotations

import ctypes
import functools
import importlib
import importlib.util
import sys
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator, Sequence

from .cards import Card, Rank, Strain, Suit
from .contract import Contract, Doubling
from .deal import Deal
from .errors import BridgekitError, ParseError
from .play import Play
from .seats import Seat, Side, Vul
from .notation import Message

__all__ = [
    "DDTable", "Par", "ParContract", "DDSInputError", "SolverError",
    "dd_table", "dd_tables", "dd_contract_tricks", "solve_position", "solve_positions", "declarer_total",
    "dds_par", "set_threads", "load", "solver_version", "TABLES_PER_CALL", "BOARDS_PER_CALL",
]

#: DD tables (all five strains) one ``CalcAllTables`` call accepts.
TABLES_PER_CALL = 40
#: Positions one ``SolveAllBoardsBin`` call accepts.
BOARDS_PER_CALL = 200

# Orders used by the PBN DoubleDummyTricks tag: declarers N S E W, strains NT S H D C.
PBN_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
PBN_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)

# DDS encodings: suits/strains S=0 H=1 D=2 C=3 NT=4; seats N=0 E=1 S=2 W=3 (as ours);
# a rank r is the bit 1 << r (2 = 0x4 ... A = 0x4000).
_DDS_STRAIN = {Strain.S: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3, Strain.NT: 4}
_STRAIN_OF_DDS = {v: k for k, v in _DDS_STRAIN.items()}
_DDS_SUIT = {Suit.S: 0, Suit.H: 1, Suit.D: 2, Suit.C: 3}
_SUIT_OF_DDS = {v: k for k, v in _DDS_SUIT.items()}
_DDS_VUL = {Vul.NONE: 0, Vul.ALL: 1, Vul.NS: 2, Vul.EW: 3}


class DDSInputError(BridgekitError):
    """The deal or position cannot be given to the solver (incomplete deal,
    illegal play...)."""


class SolverError(BridgekitError):
    """DDS reported an error for an input bridgekit thought valid."""


# -- loading the solver ------------------------------------------------------

_DDS: ModuleType | None = None
_THREADS = 0
# DDS keeps global state: one call at a time per process (a Dask worker with
# several threads, a library user with a thread pool).
_LOCK = threading.Lock()
#: DD tables this process has solved (what tests count to see a deal solved once).
tables_solved = 0


@functools.lru_cache(maxsize=None)
def solver_version() -> str:
    """The solver's version, part of every cache key: a table solved by another
    DDS build is not taken for this one's.  DDS comes bundled with endplay, so
    endplay's version names it (read from the package metadata, so asking
    does not load the solver)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return f"endplay-{version('endplay')}"
    except PackageNotFoundError:
        return "endplay-unknown"


def _dds() -> ModuleType:
    """endplay's ctypes layer over DDS, loaded once.

    The ``endplay`` package's ``__init__`` imports its whole toolkit (dealer,
    matplotlib...), about a second; bridgekit only needs ``endplay._dds``, a
    self-contained ctypes module, so it is loaded on its own when possible and
    through the normal import otherwise.
    """
    global _DDS
    if _DDS is not None:
        return _DDS
    module = sys.modules.get("endplay._dds")
    if module is None:
        try:
            spec = importlib.util.find_spec("endplay")
            origin = spec.origin if spec is not None else None
            if origin is None:
                raise ImportError   # endplay not found: the caller says so
            import os
            path = os.path.join(os.path.dirname(origin), "_dds", "__init__.py")
            sub = importlib.util.spec_from_file_location("endplay._dds", path)
            if sub is None or sub.loader is None:
                raise ImportError(path)
            module = importlib.util.module_from_spec(sub)
            sys.modules["endplay._dds"] = module
            try:
                sub.loader.exec_module(module)
            except BaseException:
                del sys.modules["endplay._dds"]
                raise
        except ImportError:
            module = importlib.import_module("endplay._dds")
    if _THREADS:
        module.SetMaxThreads(_THREADS)
    _DDS = module
    return module


def set_threads(n: int | None) -> None:
    """Let DDS use ``n`` threads (``None`` or 0: all cores, the default).
    Applied when the solver is loaded, so a run that solves nothing never
    loads it."""
    global _THREADS
    _THREADS = int(n or 0)
    if _DDS is not None:
        _DDS.SetMaxThreads(_THREADS)


def load() -> None:
    """Load the solver now, not on the first call that needs it (a worker
    process getting ready before its first call)."""
    _dds()


def _call(func: Callable[..., object], *args: object) -> None:
    """Call a wrapped DDS function, turning its errors into SolverError."""
    dds = _dds()
    try:
        with _LOCK:
            func(*args)
    except dds.DDSError as e:
        raise SolverError(Message('double-dummy solver error: {e}', e=e)) from None


# -- conversions ---------------------------------------------------------------

def _require_complete(deal: Deal) -> None:
    if not deal.is_complete:
        problems = "; ".join(m for _, m in deal.problems()) or "a hand is unknown"
        raise DDSInputError(Message('double dummy needs a complete 52-card deal ({problems})', problems=problems))


def _fill_cards(target: ctypes.Array[Any], hands: Sequence[Iterable[Card]]) -> None:
    """Write four hands into a DDS ``remainCards[4][4]`` array (seat, suit)."""
    for seat in range(4):
        row = [0, 0, 0, 0]
        for card in hands[seat]:
            row[_DDS_SUIT[card.suit]] |= 1 << int(card.rank)
        target[seat][0], target[seat][1], target[seat][2], target[seat][3] = row


# -- DD tables -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and strain.

    ``cells[seat * 5 + strain]`` (bridgekit orders: seats N E S W, strains
    C D H S NT) is the number of tricks the *declaring side* takes when ``seat``
    declares in ``strain``, both sides playing perfectly with all hands seen.
    """

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != 20 or not all(0 <= n <= 13 for n in self.cells):
            raise ParseError(Message('a DD table has 20 cells from 0 to 13, not {cells!r}', cells=self.cells))

    @classmethod
    def from_tricks(cls, tricks: dict[Seat, dict[Strain, int]]) -> "DDTable":
        """Build from ``{seat: {strain: tricks}}`` (all 20 entries)."""
        try:
            return cls(tuple(int(tricks[seat][strain]) for seat in Seat for strain in Strain))
        except KeyError as e:
            raise ParseError(Message('DD table lacks an entry for {e}', e=e)) from None

    def tricks(self, declarer: Seat, strain: Strain) -> int:
        """Tricks for the declaring side when ``declarer`` plays in ``strain``."""
        return self.cells[int(declarer) * 5 + int(strain)]

    def side_best(self, side: Side, strain: Strain) -> int:
        """The better of the two declarers of ``side`` in ``strain``."""
        a, b = side.seats
        return max(self.tricks(a, strain), self.tricks(b, strain))

    def to_pbn(self) -> str:
        """The ``DoubleDummyTricks`` tag value: 20 hex digits, declarers N S E W,
        each with strains NT S H D C (as BridgeComposer and others write it)."""
        return "".join(format(self.tricks(seat, strain), "x")
                       for seat in PBN_DD_SEATS for strain in PBN_DD_STRAINS)

    @classmethod
    def from_pbn(cls, text: str) -> "DDTable":
        """Parse a ``DoubleDummyTricks`` value (20 hex digits, any case).

        Raises ParseError for anything else.  Note that some writers put ``1``
        for every contract that fails to take seven tricks; such a table parses
        but is not a true DD table (see ``bridgekit.analysis.agreement``).
        """
        value = text.strip()
        if len(value) != 20 or any(ch not in "0123456789abcdefABCDEF" for ch in value):
            raise ParseError(Message('invalid DoubleDummyTricks {text!r} (expected 20 hex digits 0-d)', text=text))
        digits = [int(ch, 16) for ch in value]
        if any(d > 13 for d in digits):
            raise ParseError(Message('invalid DoubleDummyTricks {text!r} (a digit is above d = 13)', text=text))
        tricks: dict[Seat, dict[Strain, int]] = {s: {} for s in Seat}
        it = iter(digits)
        for seat in PBN_DD_SEATS:
            for strain in PBN_DD_STRAINS:
                tricks[seat][strain] = next(it)
        return cls.from_tricks(tricks)

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 9, "D": 8, "H": 7, "S": 6, "NT": 7}, ...}`` for JSON."""
        return {seat.name: {strain.name: self.tricks(seat, strain) for strain in Strain} for seat in Seat}

    def result_rows(self) -> list[tuple[Seat, Strain, int]]:
        """Rows of an ``OptimumResultTable`` in the usual order: declarers
        N S E W, strains NT S H D C."""
        return [(seat, strain, self.tricks(seat, strain)) for seat in PBN_DD_SEATS for strain in PBN_DD_STRAINS]

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"DDTable.from_pbn({self.to_pbn()!r})"


def _table_from_dds(res: object) -> DDTable:
    table = res.resTable  # type: ignore[attr-defined]  # [dds strain][seat]
    return DDTable(tuple(table[_DDS_STRAIN[strain]][seat] for seat in range(4) for strain in Strain))


def dd_table(deal: Deal) -> DDTable:
    """The DD table of one complete deal (raises DDSInputError otherwise)."""
    return dd_tables([deal])[0]


def dd_tables(deals: Iterable[Deal], progress: Callable[[int], None] | None = None) -> list[DDTable]:
    """DD tables of many deals, solved 40 at a time on all cores.

    ``progress(n)`` is called after each batch with the number of tables just
    solved.  Raises DDSInputError (naming the deal's position in the list) for
    an incomplete deal, before anything is solved.
    """
    deal_list = list(deals)
    for i, deal in enumerate(deal_list):
        if not deal.is_complete:
            try:
                _require_complete(deal)
            except DDSInputError as e:
                raise DDSInputError(Message('deal {n}: {e}', n=i + 1, e=e)) from None
    if not deal_list:
        return []
    dds = _dds()
    out: list[DDTable] = []
    no_filter = [0, 0, 0, 0, 0]
    for start in range(0, len(deal_list), TABLES_PER_CALL):
        chunk = deal_list[start:start + TABLES_PER_CALL]
        deals_p = dds.ddTableDeals()
        deals_p.noOfTables = len(chunk)
        for i, deal in enumerate(chunk):
            _fill_cards(deals_p.ddTableDeal[i].cards, [h.cards for h in deal.hands])  # type: ignore[union-attr]
        res = dds.ddTablesRes()
        par = dds.allParResults()
        _call(dds.CalcAllTables, deals_p, -1, no_filter, res, par)
        global tables_solved
        tables_solved += len(chunk)
        out.extend(_table_from_dds(res.results[i]) for i in range(len(chunk)))
        if progress is not None:
            progress(len(chunk))
    return out


# -- positions in the play -------------------------------------------------------

def _position_play(deal: Deal, strain: Strain, leader: Seat, played: Sequence[Card]) -> Play:
    _require_complete(deal)
    # Play counts tricks from declarer; the opening leader is declarer's LHO.
    play = Play(deal, strain, leader.rho)
    for card in played:
        play.push(card)  # raises IllegalCardError (a BridgekitError)
    return play


def _fill_position(target: object, play: Play) -> None:
    dds_deal = target
    strain = play.strain if play.strain is not None else Strain.NT
    trick = play.current_trick()
    dds_deal.trump = _DDS_STRAIN[strain]  # type: ignore[attr-defined]
    dds_deal.first = int(play.leader)  # type: ignore[attr-defined]
    for i in range(3):
        if i < len(trick):
            dds_deal.currentTrickSuit[i] = _DDS_SUIT[trick[i].suit]  # type: ignore[attr-defined]
            dds_deal.currentTrickRank[i] = int(trick[i].rank)  # type: ignore[attr-defined]
        else:
            dds_deal.currentTrickSuit[i] = 0  # type: ignore[attr-defined]
            dds_deal.currentTrickRank[i] = 0  # type: ignore[attr-defined]
    _fill_cards(dds_deal.remainCards, [play.remaining(s) or set() for s in Seat])  # type: ignore[attr-defined]


def _cards_from_future(fut: object) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for i in range(fut.cards):  # type: ignore[attr-defined]
        score = fut.score[i]  # type: ignore[attr-defined]
        if score < 0:
            continue
        suit = _SUIT_OF_DDS[fut.suit[i]]  # type: ignore[attr-defined]
        holding = (1 << fut.rank[i]) | fut.equals[i]  # type: ignore[attr-defined]
        for r in Rank:
            if holding & (1 << int(r)):
                out[Card(suit, r)] = score
    return out


def solve_position(deal: Deal, strain: Strain, leader: Seat,
                   played_cards: Sequence[Card] = ()) -> dict[Card, int]:
    """Double-dummy value of every legal card for the player to move.

    ``leader`` made the opening lead; ``played_cards`` are the cards played
    since, in order.  The value of a card is the number of tricks the side of
    the player to move takes from now on (the trick in progress included) if
    that card is played and everybody plays perfectly afterwards.  An empty
    dict when all 52 cards are played.

    Raises DDSInputError for an incomplete deal, IllegalCardError for an
    illegal card in ``played_cards``.
    """
    return solve_positions([(deal, strain, leader, played_cards)])[0]


def solve_positions(positions: Iterable[tuple[Deal, Strain, Seat, Sequence[Card]]],
                    progress: Callable[[int], None] | None = None) -> list[dict[Card, int]]:
    """``solve_position`` for many positions at once, 200 per DDS call, threaded."""
    plays = [_position_play(*pos) for pos in positions]
    results: list[dict[Card, int]] = [{} for _ in plays]
    todo = [i for i, p in enumerate(plays) if not p.is_complete()]
    for i, solved in zip(todo, _solve_all([plays[i] for i in todo], 3, progress)):
        results[i] = _cards_from_future(solved)
    return results


def dd_contract_tricks(items: Sequence[tuple[Deal, Strain, Seat]]) -> list[int]:
    """Double-dummy tricks of ``declarer``'s side in ``strain``, for each
    ``(deal, strain, declarer)`` (complete deals): one DDS search for the
    opening leader's best card each (DDS's fastest mode), 200 per call,
    threaded; several times quicker than whole tables when only a few
    contracts matter."""
    plays = [_position_play(deal, strain, declarer.lho, ()) for deal, strain, declarer in items]
    return [13 - solved.score[0] for solved in _solve_all(plays, 1)]  # type: ignore[attr-defined]


def _solve_all(plays: Sequence[Play], solutions: int,
               progress: Callable[[int], None] | None = None) -> Iterator[object]:
    """DDS's answer (a ``futureTricks``) for each position of ``plays``, in
    order: ``solutions`` 1 the best card's tricks only, 3 every card's; 200
    positions per ``SolveAllBoardsBin`` call, threaded.  ``progress(n)`` after
    each call."""
    if not plays:
        return
    dds = _dds()
    for start in range(0, len(plays), BOARDS_PER_CALL):
        chunk = plays[start:start + BOARDS_PER_CALL]
        bop = dds.boards()
        bop.noOfBoards = len(chunk)
        for j, play in enumerate(chunk):
            _fill_position(bop.deals[j], play)
            bop.target[j] = -1
            bop.solutions[j] = solutions
            bop.mode[j] = 1
        solved = dds.solvedBoards()
        _call(dds.SolveAllBoardsBin, bop, solved)
        yield from (solved.solvedBoard[j] for j in range(len(chunk)))
        if progress is not None:
            progress(len(chunk))


def declarer_total(values: dict[Card, int], deal: Deal, strain: Strain, leader: Seat,
                   played_cards: Sequence[Card]) -> dict[Card, int]:
    """Turn ``solve_position`` values into total tricks for declarer's side over
    the whole deal (declarer is ``leader``'s right-hand opponent)."""
    play = _position_play(deal, strain, leader, played_cards)
    won = play.declarer_tricks()
    left = 13 - (play.declarer_tricks() + play.defence_tricks())
    declaring = play.turn.side is play.declarer.side
    return {card: won + (v if declaring else left - v) for card, v in values.items()}


# -- par ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: ``contract`` by ``declarers`` (one seat, or both of a
    side when either may declare it) taking ``tricks`` double dummy."""

    contract: Contract
    declarers: tuple[Seat, ...]
    tricks: int

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    @property
    def result_text(self) -> str:
        """``=``, ``+1``, ``-2`` relative to the contract."""
        diff = self.tricks - self.contract.tricks_needed
        return "=" if diff == 0 else f"{diff:+d}"

    @property
    def who(self) -> str:
        """``NS`` when either of a side may declare it, else the seat: ``E``."""
        return self.side.value if len(self.declarers) == 2 else self.declarers[0].name

    def __str__(self) -> str:
        """``NS 4S+1``, ``E 3NT=``, ``EW 5DX-2`` (as ParContract tags write it)."""
        return f"{self.who} {self.contract}{self.result_text}"

    def to_dict(self) -> dict[str, object]:
        return {"contract": str(self.contract), "declarers": [s.name for s in self.declarers],
                "tricks": self.tricks, "text": str(self)}


@dataclass(frozen=True, slots=True)
class Par:
    """A par result: ``score`` for North-South and the par contracts
    (empty when the deal is passed out at par)."""

    score: int
    contracts: tuple[ParContract, ...]

    def optimum_score(self) -> str:
        """The ``OptimumScore`` tag value, from N/S's point of view (``NS -420``)."""
        return f"NS {self.score}"

    def par_contract(self) -> str:
        """The ``ParContract`` tag value (``EW 4S=; EW 5CX-1``...), ``Pass`` if none."""
        return "; ".join(str(c) for c in self.contracts) if self.contracts else "Pass"

    def to_dict(self) -> dict[str, object]:
        return {"score_ns": self.score, "contracts": [c.to_dict() for c in self.contracts]}


# DealerParBin's contractType numbers strains NT=0 S=1 H=2 D=3 C=4 (not the
# S H D C NT of the rest of DDS).
_PAR_STRAIN = {0: Strain.NT, 1: Strain.S, 2: Strain.H, 3: Strain.D, 4: Strain.C}
_SEATS_OF_DDS = {0: (Seat.N,), 1: (Seat.E,), 2: (Seat.S,), 3: (Seat.W,),
                 4: (Seat.N, Seat.S), 5: (Seat.E, Seat.W)}


def _table_to_dds(table: DDTable) -> object:
    dds = _dds()
    res = dds.ddTableResults()
    for seat in Seat:
        for strain in Strain:
            res.resTable[_DDS_STRAIN[strain]][int(seat)] = table.tricks(seat, strain)
    return res


def dds_par(deal: Deal | DDTable, vul: Vul, dealer: Seat) -> Par:
    """Par as DDS computes it (contract bridge, duplicate scoring), from a
    complete deal or an already computed DD table.

    The score is for North-South.  When the par contract can be declared by
    either player of a side, it is listed once with both declarers.
    Raises DDSInputError for an incomplete deal.
    """
    table = deal if isinstance(deal, DDTable) else dd_table(deal)
    dds = _dds()
    res = _table_to_dds(table)
    master = dds.parResultsMaster()
    _call(dds.DealerParBin, res, master, int(dealer), _DDS_VUL[vul])
    # Copy everything out now: endplay's ParList rewrites these structures
    # while iterating them, so bridgekit never hands them on.
    contracts: list[ParContract] = []
    for i in range(master.number):
        c = master.contracts[i]
        level, denom, seats = int(c.level), int(c.denom), int(c.seats)
        under, over = int(c.underTricks), int(c.overTricks)
        if level == 0:
            continue
        strain = _PAR_STRAIN[denom]
        doubling = Doubling.DOUBLED if under > 0 else Doubling.UNDOUBLED
        tricks = level + 6 - under if under > 0 else level + 6 + over
        contracts.append(ParContract(Contract(level, strain, doubling), _SEATS_OF_DDS[seats], tricks))
    return Par(int(master.score), tuple(contracts))

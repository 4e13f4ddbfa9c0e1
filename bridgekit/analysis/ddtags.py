"""Double-dummy and par tags of PBN boards: reading them as other programs
write them, comparing them with bridgekit's, and writing them back (a
stream of boards is solved by ``bridgekit.analysis.solving``, which uses
these).

Tags (de facto, see ``../shared/reference/README.md``):

* ``DoubleDummyTricks``: 20 hex digits, declarers N S E W, strains NT S H D C;
* ``OptimumResultTable``: rows ``Declarer Denomination Result`` (the header and
  the row order vary between writers, so rows are keyed, never positional);
* ``OptimumScore``: ``NS 420``, ``NS -420``, ``EW 430``;
* ``ParContract``: ``NS 4S=``, ``EW 3N+1``, ``NS 5DX-2``, alternatives
  separated by ``;``.

Conventions met in real files (named in the agreement report):

* ``exact``: the true DD number everywhere;
* ``ones``: ``1`` for every contract that takes fewer than seven tricks
  (BridgeComposer on some files, Dealmaster Pro);
* ``floor-6`` / ``floor-4``: numbers below 6 (or 4) written as 6 (or 4)
  (BridgeNZ txt2pbn / edr2pbn).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..board import Board, Table
from ..cards import Strain
from ..dds import DDTable, Par, ParContract
from ..deal import Deal
from ..errors import BridgekitError, ParseError
from ..rules import Profile
from ..scoring import profile_for_board
from ..seats import Seat, Vul, dealer_for_board
from ..notation import Message

DD_TAG = "DoubleDummyTricks"
ORT_TAG = "OptimumResultTable"
#: bridgekit's own tag: a fingerprint tying DoubleDummyTricks to its deal.
FINGERPRINT_TAG = "DoubleDummyFingerprint"
SCORE_TAG = "OptimumScore"
PAR_TAG = "ParContract"
ORT_COLUMNS = ["Declarer", "Denomination\\2R", "Result\\2R"]

CONVENTIONS = ("exact", "ones", "floor-6", "floor-4")


# -- reading what other programs wrote -------------------------------------------

def read_dd_tag(board: Board) -> DDTable | None:
    """The board's ``DoubleDummyTricks`` table, None when absent, empty or malformed."""
    value = board.get(DD_TAG)
    if value is None:
        return None
    try:
        return DDTable.from_pbn(value)
    except ParseError:
        return None


def read_result_table(board: Board) -> dict[tuple[Seat, Strain], int] | None:
    """The ``OptimumResultTable`` as ``{(declarer, strain): tricks}``, keyed by
    its rows whatever their order and header (``Declarer;Denomination\\2R;
    Result\\2R``, ``Declarer Suit Tricks``...); None when absent or unreadable."""
    table = board.tables.get(ORT_TAG)
    if table is None:
        return None
    cells = [tok for row in table.rows for cell in row for tok in cell.split()]
    if not cells or len(cells) % 3:
        return None
    out: dict[tuple[Seat, Strain], int] = {}
    try:
        for i in range(0, len(cells), 3):
            seat, strain, tricks = Seat.parse(cells[i]), Strain.parse(cells[i + 1]), int(cells[i + 2])
            if not 0 <= tricks <= 13:
                return None
            out[(seat, strain)] = tricks
    except (BridgekitError, ValueError):
        return None
    return out if out else None


def trusted_table(board: Board) -> DDTable | None:
    """A ``DoubleDummyTricks`` tag good enough to skip solving: a complete
    table that is not in the ``ones`` form (where every failing contract reads
    1, so it cannot be a cache) and agrees with the board's
    ``OptimumResultTable`` when there is one."""
    table = read_dd_tag(board)
    if table is None:
        return None
    if all(n == 1 or n >= 7 for n in table.cells):
        return None
    rows = read_result_table(board)
    if rows is not None and any(table.tricks(s, t) != n for (s, t), n in rows.items()):
        return None
    return table


def table_convention(ours: DDTable, theirs: dict[tuple[Seat, Strain], int]) -> str | None:
    """The convention under which ``theirs`` (cells keyed by declarer and
    strain, possibly only some) equals bridgekit's table, or None."""
    def matches(f: Callable[[int], int]) -> bool:
        return all(f(ours.tricks(s, t)) == n for (s, t), n in theirs.items())

    if matches(lambda n: n):
        return "exact"
    if matches(lambda n: 1 if n < 7 else n):
        return "ones"
    if matches(lambda n: max(n, 6)):
        return "floor-6"
    if matches(lambda n: max(n, 4)):
        return "floor-4"
    return None


def dd_tag_cells(table: DDTable) -> dict[tuple[Seat, Strain], int]:
    return {(s, t): table.tricks(s, t) for s in Seat for t in Strain}


_SCORE_RE = re.compile(r"^(NS|EW)?\s*([+-]?[0-9]{1,6})$", re.IGNORECASE)


def read_optimum_score(board: Board) -> int | None:
    """``OptimumScore`` as a score for N/S (``EW 430`` is -430), None if unreadable."""
    value = board.get(SCORE_TAG)
    if value is None:
        return None
    m = _SCORE_RE.match(value.strip())
    if m is None:
        return None
    score = int(m.group(2))
    return -score if (m.group(1) or "NS").upper() == "EW" else score


_PAR_RE = re.compile(r"^(NS|EW|N|E|S|W)\s+([1-7])(NT|N|C|D|H|S)(X{0,2})\s*(=|[+-]\d+)?$", re.IGNORECASE)


def read_par_contracts(board: Board) -> list[str] | None:
    """``ParContract`` alternatives normalised to bridgekit's spelling
    (``EW 3NT+1``), None when absent or unreadable."""
    value = board.get(PAR_TAG)
    if value is None:
        return None
    out: list[str] = []
    for part in value.split(";"):
        part = part.strip()
        if not part:
            continue
        m = _PAR_RE.match(part)
        if m is None:
            return None
        who, level, strain, dbl, res = m.groups()
        strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
        out.append(f"{who.upper()} {level}{strain}{dbl.upper()}{res or '='}")
    return out


def par_contract_tag(par: Par) -> str:
    """``ParContract`` as BridgeComposer writes it (``N`` for no trump)."""
    if not par.contracts:
        return "Pass"
    return "; ".join(_bc_spelling(c) for c in par.contracts)


def _bc_spelling(c: ParContract) -> str:
    return str(c).replace("NT", "N")


# -- writing -----------------------------------------------------------------

def write_dd_tags(board: Board, table: DDTable, deal: Deal | None = None) -> None:
    """Set ``DoubleDummyTricks``, its ``DoubleDummyFingerprint`` (which ties the
    table to the board's deal: see ``tag_status``) and ``OptimumResultTable``
    (rows declarers N S E W, strains NT S H D C, BridgeComposer's header).
    ``table`` must be the DD table of the board's deal (``deal``, the
    board's complete deal, when the caller has it at hand)."""
    from .ddcache import deal_fingerprint
    board.set(DD_TAG, table.to_pbn())
    if deal is None:
        deal, _ = board_deal(board)
    if deal is not None:
        board.set(FINGERPRINT_TAG, deal_fingerprint(deal, table))
    board.set(ORT_TAG, ";".join(ORT_COLUMNS))
    board.tables[ORT_TAG] = Table(list(ORT_COLUMNS),
                                  [[s.name, t.name, str(n)] for s, t, n in table.result_rows()])


def write_par_tags(board: Board, par: Par) -> None:
    """Set ``OptimumScore`` (N/S point of view) and ``ParContract``."""
    board.set(SCORE_TAG, par.optimum_score())
    board.set(PAR_TAG, par_contract_tag(par))


# -- solving a stream of boards ------------------------------------------------

@dataclass
class BoardTable:
    """A board with its DD table and where the table came from (``source``:
    ``solved`` in this run, ``cache`` from the deal cache, ``tag`` from a
    DoubleDummyTricks tag bridgekit wrote for this very deal, ``recorded``
    from a tag another program wrote, taken as recorded); ``error`` (and no
    table) when the board cannot be solved.  ``recorded`` is the table of the
    board's own DoubleDummyTricks tag when it has a readable one (what
    ``dd --verify`` compares); ``stale`` when that tag carries bridgekit's
    fingerprint of another deal (the deal was edited after bridgekit wrote
    it: the tag is not used)."""

    board: Board
    table: DDTable | None
    source: str = "solved"
    error: str | None = None
    recorded: DDTable | None = None
    stale: bool = False
    deal: Deal | None = None       # the complete deal the table belongs to
    failed: bool = False           # ``error`` is the solver's failure (a crash, a lost cluster), not the board's

    @property
    def cached(self) -> bool:
        """True when nothing was solved for this board in this run."""
        return self.table is not None and self.source != "solved"


def board_deal(board: Board) -> tuple[Deal | None, str | None]:
    """The board's complete deal (a single missing hand is filled in), or the
    reason it has none."""
    deal = board.deal
    if deal is None:
        return None, Message("no deal") if board.get("Deal") is None else Message("unreadable deal")
    if _plainly_complete(deal):
        return deal, None
    if not deal.is_complete:
        deal = deal.complete_last_hand()
    if not deal.is_complete:
        problems = "; ".join(m for _, m in deal.problems()) or "a hand is unknown"
        return None, Message("not a complete 52-card deal ({problems})", problems=problems)
    return deal, None


def _plainly_complete(deal: Deal) -> bool:
    """Four hands of 13 cards, 52 different cards: the common case, checked
    without building the problem messages ``Deal.is_complete`` builds."""
    cards: set[object] = set()
    for hand in deal.hands:
        if hand is None or len(hand) != 13:
            return False
        cards.update(hand)
    return len(cards) == 52


def tag_status(board: Board, deal: Deal) -> tuple[DDTable | None, str]:
    """The board's DoubleDummyTricks table and what it is worth for ``deal``:

    * ``tied``: bridgekit wrote it for this very deal (its fingerprint in
      ``DoubleDummyFingerprint`` matches deal, table and solver version);
    * ``stale``: bridgekit's fingerprint does not match (the deal or the table
      was edited since): never used;
    * ``recorded``: another program wrote it and it looks like a true table
      (``trusted_table``): shown as recorded, not used for par;
    * ``unusable``: present but not a true DD table (the ``ones`` form, or at
      odds with the board's OptimumResultTable);
    * ``none``: no readable tag (the table is None)."""
    from .ddcache import deal_fingerprint
    table = read_dd_tag(board)
    if table is None:
        return None, "none"
    mark = board.get(FINGERPRINT_TAG)
    if mark is not None:
        return table, "tied" if mark.strip().lower() == deal_fingerprint(deal, table) else "stale"
    return table, "recorded" if trusted_table(board) is not None else "unusable"


# -- par of a board ------------------------------------------------------------

def board_vul_dealer(board: Board) -> tuple[Vul | None, Seat | None]:
    """Vulnerability and dealer from the tags, else from the board number's
    duplicate cycle; None where neither tells."""
    vul, dealer = board.vulnerable, board.dealer
    number = board.number
    if vul is None and number is not None and number >= 1:
        vul = Vul.for_board(number)
    if dealer is None and number is not None and number >= 1:
        dealer = dealer_for_board(number)
    return vul, dealer


def board_par(board: Board, table: DDTable, rules: Profile | None = None) -> tuple[Profile, Par]:
    """The par of a board from its DD table under ``rules`` (else the profile
    its ``Scoring`` tag selects), by the profile's own ``par`` (DDS's par under
    ``contract``, the generic solver with the deal for honours under the
    auction profiles).  Returns the profile and the par.  Raises
    BridgekitError when neither the tags nor the board number give dealer and
    vulnerability."""
    profile = profile_for_board(board, rules)
    vul, dealer = board_vul_dealer(board)
    if dealer is None or vul is None:
        missing = [w for w, v in ((Message("dealer"), dealer), (Message("vulnerability"), vul)) if v is None]
        raise BridgekitError(Message('no {missing:&} (no Dealer/Vulnerable tag and no board number)', missing=missing))
    deal, _ = board_deal(board)
    return profile, profile.par(table, vul, dealer, deal)


# -- agreement with other programs --------------------------------------------

def compare_tags(board: Board, table: DDTable, par: Par | None = None) -> dict[str, str]:
    """Compare the DD and par tags another program wrote on ``board`` with
    bridgekit's ``table`` (and DDS ``par``).  For each tag present: the
    convention under which it agrees (``exact``, ``ones``, ``floor-6``,
    ``floor-4``; for ``ParContract`` also ``subset`` when the writer lists
    only some of the par contracts), ``disagree``, or ``unreadable``."""
    out: dict[str, str] = {}
    if board.get(DD_TAG) is not None:
        theirs = read_dd_tag(board)
        out[DD_TAG] = "unreadable" if theirs is None else (
            table_convention(table, dd_tag_cells(theirs)) or "disagree")
    if ORT_TAG in board.tables:
        rows = read_result_table(board)
        out[ORT_TAG] = "unreadable" if rows is None else (table_convention(table, rows) or "disagree")
    if par is not None and board.get(SCORE_TAG) is not None:
        score = read_optimum_score(board)
        out[SCORE_TAG] = "unreadable" if score is None else ("exact" if score == par.score else "disagree")
    if par is not None and board.get(PAR_TAG) is not None:
        theirs_c = read_par_contracts(board)
        ours = {_side_form(str(c)) for c in par.contracts} | {str(c) for c in par.contracts}
        if theirs_c is None:
            out[PAR_TAG] = "unreadable"
        else:
            mine = [str(c) for c in par.contracts]
            if sorted(theirs_c) == sorted(mine):
                out[PAR_TAG] = "exact"
            elif set(theirs_c) <= ours:
                out[PAR_TAG] = "subset"
            else:
                out[PAR_TAG] = "disagree"
    return out


def _side_form(text: str) -> str:
    """``N 4S=`` -> ``NS 4S=`` (a writer may name the side, not the seat)."""
    who, _, rest = text.partition(" ")
    if who in ("N", "S"):
        return f"NS {rest}"
    if who in ("E", "W"):
        return f"EW {rest}"
    return text

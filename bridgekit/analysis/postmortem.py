"""The double-dummy post-mortem of a played board.

Before every recorded card the solver values each legal card; from that we
know what the card played cost.  Every number is counted for *declarer's
side* over the whole deal (tricks already won plus tricks still to come with
perfect play), so a declarer's mistake makes it go down and a defender's
mistake makes it go up:

* ``before``: declarer's total with perfect play from this point on;
* ``after``: the same once this card is down;
* ``cost``: the tricks the card threw away for the side that played it
  (``before - after`` for declarer or dummy, ``after - before`` for a defender);
  never negative;
* ``best``: the cards that would have kept ``before``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..board import Board
from ..cards import Card, Strain, sorted_desc
from ..dds import declarer_total, solve_positions
from ..deal import Deal
from ..errors import BridgekitError
from ..notation import Message
from ..play import Play
from ..seats import Seat


class PostMortemError(BridgekitError):
    """The board cannot be analysed (no complete deal, no contract, no play).
    ``reason`` is the message without the board's name."""

    def __init__(self, label: str, reason: str) -> None:
        super().__init__(f"{label}: {reason}")
        self.label = label
        self.reason = reason

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        return (PostMortemError, (self.label, self.reason))   # travels back from a Dask worker


@dataclass(frozen=True)
class CardVerdict:
    """One card of the play, judged double dummy (numbers for declarer's side)."""

    index: int                 # 0-based in the order played
    trick: int                 # 1-based
    seat: Seat
    card: Card
    before: int
    after: int
    cost: int
    best: tuple[Card, ...]
    values: dict[Card, int] = field(compare=False)  # every legal card -> declarer's total

    def to_dict(self) -> dict[str, object]:
        return {"index": self.index, "trick": self.trick, "seat": self.seat.name, "card": str(self.card),
                "before": self.before, "after": self.after, "cost": self.cost,
                "best": [str(c) for c in self.best],
                "values": {str(c): v for c, v in sorted(self.values.items(), key=lambda cv: (-cv[0].suit, -cv[0].rank))}}


@dataclass(frozen=True)
class PostMortem:
    """The post-mortem of one board: ``start`` is declarer's double-dummy total
    before the opening lead, ``end`` after the last recorded card (the true
    outcome when all 52 cards are recorded), ``recorded`` the Result tag."""

    deal: Deal
    strain: Strain
    declarer: Seat
    contract: str
    verdicts: tuple[CardVerdict, ...]
    start: int
    end: int
    recorded: int | None
    board: str | None = None
    room: str | None = None

    @property
    def declarer_cost(self) -> int:
        """Tricks thrown away by declarer's side (declarer and dummy)."""
        return sum(v.cost for v in self.verdicts if v.seat.side is self.declarer.side)

    @property
    def defence_cost(self) -> int:
        """Tricks thrown away by the defenders."""
        return sum(v.cost for v in self.verdicts if v.seat.side is not self.declarer.side)

    def first_mistakes(self) -> dict[Seat, CardVerdict | None]:
        """Each player's first card that cost a trick (None when there was none)."""
        out: dict[Seat, CardVerdict | None] = {s: None for s in Seat}
        for v in self.verdicts:
            if v.cost > 0 and out[v.seat] is None:
                out[v.seat] = v
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            "board": self.board, "contract": self.contract, "declarer": self.declarer.name,
            "dd_start": self.start, "dd_end": self.end, "result": self.recorded,
            "declarer_cost": self.declarer_cost, "defence_cost": self.defence_cost,
            "first_mistakes": {s.name: (None if v is None else {"index": v.index, "trick": v.trick,
                                                                  "card": str(v.card), "cost": v.cost})
                               for s, v in self.first_mistakes().items()},
            "cards": [v.to_dict() for v in self.verdicts],
            "room": self.room,
        }


def analyse_play(deal: Deal, strain: Strain, declarer: Seat, cards: list[Card],
                 contract: str | None = None, recorded: int | None = None,
                 board: str | None = None, room: str | None = None) -> PostMortem:
    """Judge every card of ``cards`` (the play in order, from the opening lead).

    Raises DDSInputError for an incomplete deal and IllegalCardError for an
    illegal card (both BridgekitError).
    """
    leader = declarer.lho
    play = Play(deal, strain, declarer)
    for card in cards:
        play.push(card)
    positions = [(deal, strain, leader, cards[:i]) for i in range(len(cards) + 1) if i < 52]
    solved = solve_positions(positions)
    totals = [declarer_total(values, deal, strain, leader, cards[:i]) for i, values in enumerate(solved)]

    replay = Play(deal, strain, declarer)
    verdicts: list[CardVerdict] = []
    for i, card in enumerate(cards):
        seat = replay.turn
        values = totals[i]
        declaring = seat.side is declarer.side
        before = max(values.values()) if declaring else min(values.values())
        after = values[card]
        cost = before - after if declaring else after - before
        best = tuple(sorted_desc([c for c, v in values.items() if v == before]))
        verdicts.append(CardVerdict(i, i // 4 + 1, seat, card, before, after, cost, best, values))
        replay.push(card)
    if len(cards) == 52:
        end = replay.declarer_tricks()
    else:
        last = totals[len(cards)]
        end = max(last.values()) if replay.turn.side is declarer.side else min(last.values())
    if cards:
        start = verdicts[0].before
    else:
        first = totals[0]
        start = min(first.values())  # the opening leader defends
    return PostMortem(deal, strain, declarer, contract or str(strain), tuple(verdicts), start, end, recorded, board,
                      room)


def analyse_board(board: Board) -> PostMortem:
    """The post-mortem of a board read from a file.

    Raises PostMortemError when the board lacks a complete deal, a contract
    and declarer, or recorded play, and when the play is illegal.
    """
    label = f"board {board.label}" if board.label is not None else "board"
    deal = board.deal
    if deal is not None and not deal.is_complete:
        deal = deal.complete_last_hand()
    if deal is None or not deal.is_complete:
        raise PostMortemError(label, Message("no complete deal to analyse"))
    contract = board.contract
    declarer = board.declarer
    if contract is None or contract.is_passed_out or contract.strain is None or declarer is None:
        raise PostMortemError(label, Message("no contract and declarer to analyse"))
    if board.play is None:
        raise PostMortemError(label, Message("no recorded play"))
    cards = [card for _seat, card, _entry in board.play.played_order(contract.strain)]
    if not cards:
        raise PostMortemError(label, Message("no recorded play"))
    play = Play(deal, contract.strain, declarer)
    for i, card in enumerate(cards):
        try:
            play.push(card)
        except BridgekitError as e:
            raise PostMortemError(label, Message("card {n} (trick {trick}): {why}", n=i + 1, trick=i // 4 + 1,
                                                 why=e)) from None
    return analyse_play(deal, contract.strain, declarer, cards, contract=str(contract),
                        recorded=board.result, board=board.label, room=board.room)


def try_analyse_board(board: Board) -> "PostMortem | PostMortemError":
    """``analyse_board``, with its PostMortemError returned rather than
    raised (a task for a Dask worker: see ``Solver.map``)."""
    try:
        return analyse_board(board)
    except PostMortemError as e:
        return e

"""Scoring a board under its rules profile.

The contract and declarer come from the ``Contract``/``Declarer`` tags, or
from the recorded auction; the tricks from a complete, legal recorded play
(replayed through the play engine), else from the ``Result`` tag.  The
recorded ``Score`` tag is read and compared; ``write_score_tags`` fills it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

from ..board import Board
from ..contract import PASSED_OUT, Result
from ..deal import Deal
from ..errors import BridgekitError
from ..notation import Message
from ..rules import Profile, Score, profile_for_scoring
from ..seats import Vul
from .tags import parse_score_tag, room_of


def profile_for_board(board: Board, override: Profile | None = None) -> Profile:
    """The rules profile a board is scored under: ``override`` (from
    ``--rules``) when given, else the profile its ``Scoring`` tag selects
    (``rules.profile_for_scoring``: ``Auction-1920``, ``Auction-Classic``;
    anything else means ``contract``)."""
    return override if override is not None else profile_for_scoring(board.get("Scoring"))


@dataclass
class BoardScore:
    """One board scored: what was played, the itemised score, and how it
    compares with the recorded ``Score`` tag."""

    board: Board
    profile: Profile
    result: Result | None = None
    vulnerable: Vul | None = None
    tricks_from: str | None = None          # "play" or "result"
    score: Score | None = None
    recorded_ns: int | None = None
    notes: list[str] = field(default_factory=list)
    unscored: str | None = None   # why there is no score (one of the notes)

    @property
    def scored(self) -> bool:
        return self.score is not None

    @property
    def ns(self) -> int | None:
        """Net score for N/S (N/S points minus E/W points), None if unscored."""
        return self.score.ns if self.score is not None else None

    @property
    def mismatch(self) -> bool | None:
        """True when the recorded Score disagrees; None when there is nothing to compare."""
        if self.recorded_ns is None or self.score is None:
            return None
        return self.recorded_ns != self.score.ns

    @property
    def contract_text(self) -> str | None:
        return str(self.result.contract) if self.result is not None else None

    @property
    def reading_errors(self) -> list[str]:
        """The codes of the errors the reader found in the board: its score
        rests on a deal or contract that cannot be trusted."""
        return sorted({p.code for p in self.board.problems if p.severity == "error"})

    @property
    def fields(self) -> dict[str, int | None]:
        """The score in the profile's ledger, as row fields (``score_ns``...;
        all None when there is no score)."""
        return self.profile.row(self.score)

    def to_dict(self) -> dict[str, object]:
        """The JSON/CSV row of ``bridgekit score``."""
        b = self.board
        r = self.result
        row: dict[str, object] = {
            "file": b.file,
            "board": b.label,
            "room": room_of(b),
            "dealer": b.dealer.name if b.dealer is not None else None,
            "vulnerable": str(self.vulnerable) if self.vulnerable is not None else None,
            "profile": self.profile.name,
            "contract": self.contract_text,
            "declarer": r.declarer.name if r is not None and r.declarer is not None else None,
            "tricks": r.tricks if r is not None else None,
            "tricks_from": self.tricks_from,
        }
        s = self.score
        row.update(self.profile.row(s))
        row["breakdown"] = [i.to_dict() for i in s.items] if s is not None else []
        row["recorded_score_ns"] = self.recorded_ns
        row["mismatch"] = self.mismatch
        row["notes"] = list(self.notes)
        row["reading_errors"] = self.reading_errors
        return row


@dataclass
class ResultScore:
    """One result scored on its own (``bridgekit score --contract ...``): no
    board, no file."""

    profile: Profile
    result: Result
    vulnerable: Vul
    score: Score
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """The JSON of ``bridgekit score --contract``: the result, its
        breakdown and its score in the profile's ledger (no totals)."""
        r = self.result
        row: dict[str, object] = {
            "profile": self.profile.name, "contract": str(r.contract),
            "declarer": r.declarer.name if r.declarer is not None else None,
            "tricks": r.tricks, "vulnerable": str(self.vulnerable),
            "breakdown": [i.to_dict() for i in self.score.items]}
        row.update((k, v) for k, v in self.profile.row(self.score).items() if not k.startswith("total_"))
        return row


def score_result(result: Result, profile: Profile, vul: Vul | None = None, deal: Deal | None = None) -> ResultScore:
    """Score ``result`` under ``profile`` (vulnerability none unless given;
    ``deal`` for honours).  Raises BridgekitError for a result that cannot be
    scored (tricks unknown)."""
    vul = vul or Vul.NONE
    return ResultScore(profile, result, vul, profile.score(result, vul, deal), profile.score_notes(result, deal))


def board_result(board: Board) -> tuple[Result | None, str | None, list[str]]:
    """What was played on ``board``: (Result, where the tricks came from, notes).

    The Result is None (with a note saying why) when the contract, declarer or
    tricks cannot be found.  Never raises for bad input."""
    notes: list[str] = []
    contract = board.contract
    declarer = board.declarer
    if contract is None or (declarer is None and not contract.is_passed_out):
        if board.auction is not None and board.auction.calls:
            auction, errors = board.auction_engine()
            if not errors and auction.is_complete():
                found = auction.contract()
                if contract is None and found is not None:
                    contract = found
                    notes.append(Message("contract from the auction"))
                if declarer is None and contract is not None and not contract.is_passed_out:
                    declarer = auction.declarer()
                    if declarer is not None:
                        notes.append(Message("declarer from the auction"))
    if contract is None:
        return None, None, notes + [Message("no contract")]
    if contract.is_passed_out:
        return Result(PASSED_OUT), None, notes
    if declarer is None:
        return None, None, notes + [Message("no declarer")]
    tricks: int | None = None
    source: str | None = None
    if board.play is not None and board.deal is not None:
        try:
            play, errors = board.play_engine(contract.strain, declarer)
        except BridgekitError as e:
            play, errors = None, [(0, e)]
        if play is not None and not errors and play.is_complete():
            tricks = play.declarer_tricks()
            source = "play"
            recorded = board.result_tricks(declarer)
            if recorded is not None and recorded != tricks:
                notes.append(Message("the play gives {tricks} tricks, the Result tag {recorded}", tricks=tricks,
                                          recorded=recorded))
    if tricks is None:
        tricks = board.result_tricks(declarer)
        source = "result" if tricks is not None else None
    if tricks is None:
        return None, None, notes + [Message("no result (tricks unknown)")]
    return Result(contract, declarer, tricks), source, notes


def score_board(board: Board, override: Profile | None = None) -> BoardScore:
    """Score one board under ``profile_for_board(board, override)``.

    Never raises for bad board content: what cannot be scored is left unscored
    with a note."""
    profile = profile_for_board(board, override)
    out = BoardScore(board, profile)
    result, source, notes = board_result(board)
    out.notes.extend(notes)
    out.result, out.tricks_from = result, source
    vul = board.vulnerable
    if vul is None:
        vul = profile.default_vulnerability(board.number)
        if vul is not None:
            out.notes.append(Message("vulnerability from the board number"))
    out.vulnerable = vul
    if result is not None:
        out.score, missing = profile.score_result(result, vul, board.deal)
        out.notes.extend(missing)
        if out.score is None:
            out.unscored = missing[0] if missing else Message("not scored")
    else:
        out.unscored = notes[-1] if notes else Message("no result")
    recorded = board.get("Score")
    if recorded is not None:
        out.recorded_ns = parse_score_tag(recorded, result.declarer if result is not None else board.declarer)
        if out.recorded_ns is None:
            out.notes.append(Message("unreadable Score tag {recorded!r}", recorded=recorded))
    return out


def score_boards(boards: Iterable[Board], override: Profile | None = None) -> Iterator[BoardScore]:
    """``score_board`` over many boards, lazily."""
    for board in boards:
        yield score_board(board, override)


@dataclass
class ScoreTotals:
    boards: int = 0
    scored: int = 0
    compared: int = 0
    mismatches: int = 0
    net_ns: int = 0                                       # boards scored in the board ledger
    lines: dict[str, int] = field(default_factory=dict)   # "below_ns" ... in the rubber ledger
    netted: bool = False    # a board was scored in a ledger of net scores (net_ns counts)

    def add(self, s: BoardScore) -> None:
        self.boards += 1
        if s.score is None:
            return
        self.scored += 1
        for key, points in s.profile.totals(s.score).items():
            if key == "net_ns":
                self.net_ns += points
                self.netted = True
            else:
                self.lines[key] = self.lines.get(key, 0) + points
        if s.mismatch is not None:
            self.compared += 1
            self.mismatches += int(s.mismatch)

    def to_dict(self) -> dict[str, object]:
        return {"boards": self.boards, "scored": self.scored, "compared": self.compared,
                "mismatches": self.mismatches, "net_ns": self.net_ns, **self.lines}


def score_tag_value(s: BoardScore) -> str | None:
    """The PBN ``Score`` value for a scored board: ``NS 420`` under contract
    bridge; ``NS 198 EW 18`` (each side's points) under the auction profiles."""
    return s.profile.score_tags(s.score)["Score"] if s.score is not None else None


def write_score_tags(s: BoardScore) -> None:
    """Fill ``Score`` (and ``ScoreRubber`` above/below per side for the auction
    profiles, ``Scoring`` naming the profile when the board did not) on the board."""
    if s.score is None:
        return
    board = s.board
    for tag, value in s.profile.score_tags(s.score).items():
        board.set(tag, value)
    if s.profile.pbn_scoring and profile_for_board(board) is not s.profile:
        board.set("Scoring", s.profile.pbn_scoring[0])

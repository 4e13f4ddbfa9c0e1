"""The event model: one table's result, a board's traveller, a pair's
standing, a whole event, and what did not add up.

Values here carry data only; the method that gave them their points
(``bridgekit.event.methods``) says how they are named and shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Sequence

from ..board import Board
from ..contract import Contract
from ..rules import Profile
from ..i18n import N_
from ..notation import Message
from ..seats import Seat, Vul



class Scale(str, Enum):
    """Matchpoint scales: ``acbl`` 1 per result beaten, 1/2 per tie;
    ``ebu`` 2 and 1 (PBN's ``MP1``)."""

    ACBL = "acbl"
    EBU = "ebu"


class CrossScale(str, Enum):
    """How cross-IMPs are totalled on a board (PBN 2.1, 3.4.12, the ``Scoring``
    modifiers): ``sum`` over every comparison (``Cross``), divided by the number
    of scores (``Cross1``), or by the number of comparisons (``Cross2``)."""

    SUM = "sum"
    PER_SCORE = "per-score"
    PER_COMPARISON = "per-comparison"


class Movement(str, Enum):
    AUTO = "auto"
    MITCHELL = "mitchell"
    HOWELL = "howell"


@dataclass(frozen=True)
class EventOptions:
    """How to score an event.  ``method`` None: from the boards' ``Scoring``
    tag (``IMP;Butler...`` butler, ``IMP;Cross...`` cross-imps, anything else
    mp); ``scale`` None: ``ebu`` when the tag says ``MP1``, else ``acbl``;
    ``trim``: scores dropped at each end for the Butler datum (None: 1 from 5
    results); ``cross_scale`` None: as the tag says (``Cross`` sum, ``Cross1``
    per score, ``Cross2`` and no modifier per comparison); ``profile``: the
    rules profile for every board (None: each board's Scoring tag);
    ``session_averages``: an ``A+`` is 60% or the pair's percentage on its
    other boards if higher, an ``A-`` 40% or it if lower (WBF Laws Committee,
    1998; else 60% and 40% fixed)."""

    method: ScoringMethod | None = None
    scale: Scale | None = None
    trim: int | None = None
    across_field: bool = False
    movement: Movement = Movement.AUTO
    average_plus: float = 60.0
    average_minus: float = 40.0
    average_imps: float = 3.0
    profile: Profile | None = None
    cross_scale: CrossScale | None = None
    session_averages: bool = False
    vp_scale: str | None = None


@dataclass(frozen=True)
class Settings:
    """What the method needs once the options and the file's ``Scoring`` tag
    are reconciled."""

    scale: Scale = Scale.ACBL
    trim: int | None = None
    cross_scale: CrossScale = CrossScale.PER_COMPARISON


@dataclass
class EventProblem:
    """A result that could not be used as written, located for the director."""

    message: str
    file: str | None = None
    line: int | None = None
    board: str | None = None
    row: int | None = None

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en", ascii: bool = False) -> str:
        """``file, line N, board B, row R: message`` in ``lang`` (the parts
        known), suits as letters with ``ascii``."""
        from ..board import where_text
        from ..i18n import _
        from ..notation import render_message
        where = ", ".join(p for p in (where_text(self.file, self.line, self.board, lang),
                                      _(lang, "row {n}", n=self.row) if self.row is not None else None) if p)
        message = render_message(self.message, ascii, lang)
        return _(lang, "{where}: {what}", where=where, what=message) if where else message


@dataclass(slots=True)
class EventResult:
    """One table's result of a board.

    ``score_ns`` is the score computed under the board's profile (or, for a
    row giving only a score, the recorded one); ``arbitrary`` is the
    (N/S, E/W) arbitrary scores (``A+``, ``40%``...) or None; ``points_*``
    are filled in by ``score_event``.  ``weight`` is the ``Multiplicity``
    (results this row stands for)."""

    board: str
    number: int | None
    section: str | None = None
    table: str | None = None
    round: str | None = None
    ns: str | None = None
    ew: str | None = None
    names_ns: str | None = None
    names_ew: str | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    score_ns: int | None = None
    arbitrary: tuple[str, str] | None = None
    not_played: bool = False
    recorded: dict[str, str] = field(default_factory=dict)
    recorded_ns: int | None = None
    weight: int = 1
    points_ns: float | None = None
    points_ew: float | None = None
    top: float | None = None          # the matchpoint top of the result's field
    vulnerable: Vul | None = None
    deal: str | None = None           # the board's deal: results of the same number and deal compare
    file: str | None = None
    line: int | None = None
    row: int | None = None            # 0-based row of the ScoreTable, None for a game record
    source: Board | None = None       # the board, kept only for writing back
    team_ns: str | None = None        # a team event: the team sitting N/S at this table
    team_ew: str | None = None
    home: str | None = None           # the match's home team (HomeTeam; else the first N/S team seen)
    swing: int | None = None          # a team event: N/S score here minus N/S score at the other table
    players: tuple[str | None, ...] | None = None   # an individual: the players N, E, S, W

    @property
    def mismatch(self) -> bool | None:
        """True when the recorded score differs from the computed one."""
        if self.recorded_ns is None or self.score_ns is None or self.contract is None:
            return None
        return self.recorded_ns != self.score_ns

    def mark(self, marks: tuple[str, str] | None) -> bool:
        """Record an arbitrary result (``NP`` in either: not played); False for None."""
        if marks is None:
            return False
        if "NP" in marks:
            self.not_played = True
        else:
            self.arbitrary = marks
        return True

    @property
    def compared(self) -> bool:
        """Whether the result takes part in the comparison (a real score)."""
        return self.score_ns is not None and self.arbitrary is None and not self.not_played

    @property
    def row_number(self) -> int | None:
        """The 1-based ScoreTable row, as a director counts."""
        return None if self.row is None else self.row + 1

    def arbitrary_text(self) -> str:
        if self.not_played:
            return "Not played"
        if self.arbitrary is not None:
            return "/".join(self.arbitrary)
        return ""

    def to_dict(self) -> dict[str, object]:
        """The result as the JSON contract gives it (``docs/event.md``)."""
        c = self.contract
        pct: dict[str, float | None] = {"percentage_ns": None, "percentage_ew": None}
        if self.top:
            for key, pts in (("percentage_ns", self.points_ns), ("percentage_ew", self.points_ew)):
                pct[key] = None if pts is None else round(100 * pts / self.top, 2)
        out: dict[str, object] = {
            "section": self.section, "round": self.round, "table": self.table, "ns": self.ns, "ew": self.ew,
            "contract": str(c) if c is not None else (self.arbitrary_text() or None),
            "declarer": self.declarer.name if self.declarer is not None else None,
            "result": self.tricks, "score_ns": self.score_ns,
            "points_ns": rounded(self.points_ns), "points_ew": rounded(self.points_ew), **pct,
            "recorded": dict(self.recorded), "mismatch": self.mismatch}
        if self.team_ns is not None:
            out["team_ns"], out["team_ew"] = self.team_ns, self.team_ew
        if self.players is not None:
            out["players"] = dict(zip(("N", "E", "S", "W"), self.players))
        return out


@dataclass
class TeamMatch:
    """One match of a team event: the boards both teams played in a round,
    the IMPs (or board points) each scored and their victory points."""

    round: str | None
    home: str
    away: str
    boards: int = 0
    imps_home: float = 0.0         # IMPs won by each team (or board-a-match / Patton points)
    imps_away: float = 0.0
    vp_home: float | None = None
    vp_away: float | None = None
    unpaired: int = 0              # results of the match with no counterpart at the other table

    def to_dict(self) -> dict[str, object]:
        return {"round": self.round, "home": self.home, "away": self.away, "boards": self.boards,
                "imps_home": rounded(self.imps_home), "imps_away": rounded(self.imps_away),
                "vp_home": rounded(self.vp_home), "vp_away": rounded(self.vp_away)}


@dataclass
class TeamTotal:
    """One team's total over the matches it played: victory points (None
    when the method ranks on points), IMPs won and lost, rank."""

    team: str
    matches: int = 0
    boards: int = 0
    imps_for: float = 0.0
    imps_against: float = 0.0
    vp: float | None = None
    rank: str = ""

    def to_dict(self) -> dict[str, object]:
        return {"team": self.team, "matches": self.matches, "boards": self.boards,
                "imps_for": rounded(self.imps_for), "imps_against": rounded(self.imps_against),
                "vp": rounded(self.vp), "rank": self.rank}


def rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


@dataclass
class Traveller:
    """A board's results with their points; ``top`` is the matchpoint top
    (None under IMPs), ``datum`` the Butler datum of each field."""

    board: str
    number: int | None
    vulnerable: Vul | None
    results: list[EventResult] = field(default_factory=list)
    top: float | None = None
    datum: dict[str | None, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        datum: object = None
        if self.datum:
            datum = self.datum[None] if list(self.datum) == [None] else {str(k): v for k, v in self.datum.items()}
        return {"board": self.board, "top": self.top, "datum": datum,
                "results": [r.to_dict() for r in self.results]}


@dataclass
class Standing:
    """One pair's total over the session and its rank in its field."""

    section: str | None
    pair: str
    direction: str | None       # "NS", "EW", or None in a Howell
    names: str | None = None
    boards: int = 0
    points: float = 0.0
    max: float | None = 0.0
    rank: str = ""
    rounded_points: float = 0.0  # the sum of the per-board points as the file rounds them

    @property
    def percentage(self) -> float | None:
        if self.max is None or not self.max:
            return None
        return 100 * self.points / self.max

    def to_dict(self) -> dict[str, object]:
        pct = self.percentage
        return {"section": self.section, "pair": self.pair, "direction": self.direction,
                "names": self.names, "boards": self.boards, "total": round(self.points, 2),
                "points": round(self.points, 2),
                "max": None if self.max is None else round(self.max, 2),
                "percentage": None if pct is None else round(pct, 2), "rank": self.rank}


@dataclass
class Event:
    """A session scored: travellers, standings (grouped by field, best first)
    and what did not add up."""

    method: ScoringMethod
    scale: Scale
    boards: list[Traveller]
    standings: list[Standing]
    movement: dict[str | None, Movement] = field(default_factory=dict)
    problems: list[EventProblem] = field(default_factory=list)
    score_compared: int = 0
    score_mismatches: int = 0
    points_compared: int = 0
    points_mismatches: int = 0
    across_field: bool = False
    own_method: bool = True           # the method is the one the file's Scoring tag names
    totals_compared: int = 0
    totals_mismatches: int = 0
    settings: Settings = field(default_factory=Settings)
    point_decimals: int | None = None   # decimals the file writes its per-board points with
    ties_broken: int = 0      # ties the file's TotalScoreTable breaks (its Rank order taken)
    running_totals: int = 0   # TotalScoreTable rows carrying a total over earlier sessions too
    matches: list[TeamMatch] = field(default_factory=list)     # a team event's matches
    teams: list[TeamTotal] = field(default_factory=list)       # and its teams, ranked
    next_round: tuple[list[tuple[str, str]], str | None] | None = None   # a Swiss's next pairing and bye
    sessions: list[tuple[str, "Event"]] = field(default_factory=list)    # each session alone (several files)

    @property
    def results(self) -> int:
        return sum(r.weight for t in self.boards for r in t.results)

    @property
    def kind(self) -> str:
        """``pairs``, ``individuals`` or ``teams``."""
        if self.method.for_teams:
            return "teams"
        return "individuals" if any(r.players is not None for t in self.boards for r in t.results) else "pairs"

    def to_dict(self) -> dict[str, object]:
        """The JSON contract of ``bridgekit event --json`` (``docs/event.md``):
        the same keys for every kind of event."""
        kind = self.kind
        out: dict[str, object] = {"kind": kind, "method": self.method.name,
                                  "boards": [t.to_dict() for t in self.boards],
                                  "pairs": [] if kind == "individuals" else [s.to_dict() for s in self.standings]}
        if kind == "individuals":
            out["players"] = [s.to_dict() for s in self.standings]
        if self.method.for_teams:
            out["matches"] = [m.to_dict() for m in self.matches]
            out["teams"] = [t.to_dict() for t in self.teams]
            if self.next_round is not None:
                out["next_round"] = [{"home": a, "away": b} for a, b in self.next_round[0]]
                out["bye"] = self.next_round[1]
        if self.sessions:
            who = "players" if kind == "individuals" else "pairs"
            out["sessions"] = [{"session": i, "file": name, who: [s.to_dict() for s in one.standings]}
                               for i, (name, one) in enumerate(self.sessions, start=1)]
        return out

    def fields(self) -> list[tuple[str | None, str | None, list[Standing]]]:
        """The standings grouped as they are ranked: (section, direction,
        pairs); section None across the field."""
        out: dict[tuple[str | None, str | None], list[Standing]] = {}
        for s in self.standings:
            out.setdefault((None if self.across_field else s.section, s.direction), []).append(s)
        return [(sec, d, pairs) for (sec, d), pairs in out.items()]


class ScoringMethod:
    """How the results of a board are compared.  Subclasses set the class
    attributes and implement ``score_field``; methods are singletons,
    compared by identity."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]                    # in the summary line: "Butler IMPs"
    unit: ClassVar[str] = "IMP"             # "MP" or "IMP": column titles
    points_word: ClassVar[str] = N_("IMPs")   # in messages: "the computed IMPs for N/S are 3"
    out_of_top: ClassVar[bool] = False      # points are out of a top: max and percentages
    point_columns: ClassVar[tuple[str, str]] = ("IMP_NS", "IMP_EW")
    game_tag: ClassVar[str] = "ScoreIMP"    # a game record's tag for the same figure
    total_columns: ClassVar[tuple[str, ...]] = ("TotalIMP", "TotalScoreIMP")
    fallback: ClassVar[int] = 0             # > 0: chosen for a Scoring tag no method names (highest wins)
    for_teams: ClassVar[bool] = False       # compares the two tables of team matches

    # -- the Scoring tag ----------------------------------------------------------

    def named_by(self, fields: Sequence[str]) -> bool:
        """Whether the lower-cased fields of a ``Scoring`` tag name this method."""
        return False

    def claims(self, fields: Sequence[str]) -> bool:
        """Whether the method is chosen for a tag that names no method (``IMP``
        alone is Butler, anything else matchpoints)."""
        return False

    def settings(self, fields: Sequence[str], options: EventOptions, own: bool) -> Settings:
        """The settings for this event from the options and the tag's fields
        (``own``: the tag names this method, so its modifiers apply)."""
        scale = options.scale or (Scale.EBU if "mp1" in fields else Scale.ACBL)
        return Settings(scale=scale)

    # -- points -------------------------------------------------------------------

    def prepare(self, boards: Sequence[Traveller], field_of: Any, settings: Settings) -> object:
        """What the method needs to know of the whole event before scoring a
        board (the matchpoint top of each field...)."""
        return None

    def score_field(self, state: object, t: Traveller, f: str | None, group: list[EventResult],
                    settings: Settings) -> float:
        """Give points to the compared results of ``group`` (one field's
        results of board ``t``); returns the top of the field (0 under IMPs),
        from which arbitrary scores take their share."""
        raise NotImplementedError

    def arbitrary_points(self, mark: str, top: float, options: EventOptions) -> float | None:
        """Points for an arbitrary score (None: it cannot be given under this
        method).  IMP methods: 0 for an average (or 50%), +/- ``average_imps``
        for an average plus or minus (or their percentages, 60% and 40%)."""
        from .artificial import mark_imps   # a leaf module: no import back
        return mark_imps(mark, options.average_plus, options.average_minus, options.average_imps)

    # -- checks and ranking ---------------------------------------------------------

    def compares_game_tag(self, settings: Settings) -> bool:
        """Whether a game record's ``game_tag`` holds this method's figure."""
        return True

    def check_recorded(self, t: Traveller, problems: list[EventProblem]) -> None:
        """Compare what else a file records of a board (a Butler datum)."""

    def rank_value(self, s: Standing) -> tuple[float, ...]:
        """What a standing is ranked on, as printed (2 decimals): equal values
        are a tie."""
        return (round(s.points, 2),)

    def describe(self, settings: Settings) -> Message:
        return Message(self.title)

    def rank(self, event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
        """Fill the event's standings from its results' points (the pair
        methods rank pairs, ``methods.base.PairMethod``; the team methods
        matches and teams)."""
        raise NotImplementedError

    @property
    def value(self) -> str:
        """The name (as an enum's value: ``Method.MP.value == "mp"``)."""
        return self.name

    def __repr__(self) -> str:
        return f"<ScoringMethod {self.name}>"

"""An event scored in one pass: results grouped into travellers, each field
of each board given its points by the method, arbitrary scores their share,
the file's recorded figures compared, the pairs ranked."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Iterator, Sequence

from ..board import Board
from ..contract import Result
from ..rules import Profile
from ..seats import Vul
from ..notation import Message
from .artificial import BYE
from .methods import Method, method_for_tag, tag_fields
from .model import Event, EventOptions, EventProblem, EventResult, Traveller
from .reading import pair_names, read_results
from .recorded import apply_file_ranks, compare_recorded, compare_totals


def score_event(results: Iterable[EventResult], options: EventOptions = EventOptions(),
                scoring: str | None = None, names: dict[tuple[str | None, str], str] | None = None,
                problems: list[EventProblem] | None = None) -> Event:
    """Score ``results`` (from ``read_results``) as one event.  ``scoring``
    is the boards' ``Scoring`` tag, used for what ``options`` leaves open;
    ``names`` maps (section, pair id) to names (``pair_names``)."""
    fields = tag_fields(scoring)
    tag_method = method_for_tag(scoring)
    results = list(results)
    if not tag_method.for_teams and any(r.team_ns is not None for r in results):
        tag_method = Method.TEAMS       # results naming the team at each side: a team event
    method = options.method or tag_method
    settings = method.settings(fields, options, method is tag_method)
    found = list(problems) if problems is not None else []
    travellers: dict[object, Traveller] = {}
    for r in results:
        key: object = (r.number if r.number is not None else r.board, r.deal)
        t = travellers.get(key)
        if t is None:
            t = travellers[key] = Traveller(r.board, r.number, r.vulnerable)
        t.results.append(r)
    boards = sorted(travellers.values(), key=lambda t: (t.number is None, t.number or 0, t.board))

    def field_of(r: EventResult) -> str | None:
        return None if options.across_field else r.section

    state = method.prepare(boards, field_of, settings)
    for t in boards:
        by_field: dict[str | None, list[EventResult]] = {}
        for r in t.results:
            by_field.setdefault(field_of(r), []).append(r)
        for f, group in by_field.items():
            top = method.score_field(state, t, f, group, settings)
            for r in group:
                if r.arbitrary is None or BYE in r.arbitrary:
                    continue     # a bye is credited when the pair's total is known (ranking)
                a, b = (method.arbitrary_points(m, top, options) for m in r.arbitrary)
                if a is None or b is None:
                    found.append(EventProblem(Message("arbitrary score {score} cannot be IMPed (a percentage other "
                                                      "than average, plus or minus): not scored",
                                                      score="/".join(r.arbitrary)), r.file, r.line, r.board,
                                              r.row_number))
                    continue
                r.points_ns, r.points_ew = a, b
    event = Event(method, settings.scale, boards, [], problems=found, across_field=options.across_field,
                  own_method=scoring is None or method is tag_method, settings=settings)
    # recorded points mean what the Scoring tag says: compared only under that method
    compare_recorded(event, event.own_method, method.named_by(fields))
    method.rank(event, options, names or {})
    return event


def read_event(boards: Iterable[Board], options: EventOptions = EventOptions(),
               keep_boards: bool = False) -> Event:
    """Read and score a whole event from ``boards`` in one pass: results
    (``read_results``), pair names from any ``TotalScoreTable``, the method
    from the first ``Scoring`` tag when ``options`` leaves it open."""
    problems: list[EventProblem] = []
    names: dict[tuple[str | None, str], str] = {}
    totals: list[tuple[Board, int, dict[str, str]]] = []
    scoring: list[str] = []

    def watch(stream: Iterable[Board]) -> Iterator[Board]:
        for board in stream:
            if not scoring and board.get("Scoring"):
                scoring.append(board.get("Scoring") or "")
            if "TotalScoreTable" in board.tags:
                names.update(pair_names([board]))
                table = board.tables.get("TotalScoreTable")
                if table is not None:
                    totals.extend((board, i, rec) for i, rec in enumerate(table.records()))
            yield board

    results = list(read_results(watch(boards), problems, options.profile, keep_boards))
    event = score_event(results, options, scoring[0] if scoring else None, names, problems)
    if event.own_method:
        compare_totals(event, totals)
        apply_file_ranks(event, totals)
    return event


def score_traveller(results: Sequence[Result], vul: Vul | None, profile: Profile,
                    options: EventOptions = EventOptions()) -> Traveller:
    """One board's results, table by table (N/S pair i meets E/W pair i at
    table i), scored as a traveller on its own by ``options.method`` (default
    matchpoints).  A result the profile cannot score (vulnerability unknown)
    is left without points."""
    rows = []
    for i, result in enumerate(results, start=1):
        score, _notes = profile.score_result(result, vul, None)
        rows.append(EventResult("1", 1, ns=str(i), ew=str(i), table=str(i), contract=result.contract,
                                declarer=result.declarer, tricks=result.tricks, vulnerable=vul,
                                score_ns=None if score is None else score.ns))
    return score_event(rows, EventOptions(**{**options.__dict__, "method": options.method or Method.MP})).boards[0]


def add_sessions(ev: Event, sessions: Iterable[tuple[str, Iterable[Board]]], options: EventOptions) -> Event:
    """Each session's own ranking beside the event's total (``bridgekit event
    s1.pbn s2.pbn``): every session scored alone, with the method the event
    was scored with; its problems are the event's, already reported."""
    if ev.method.for_teams or ev.across_field:
        return ev
    alone = replace(options, method=ev.method)
    ev.sessions = [(name, read_event(boards, alone)) for name, boards in sessions]
    return ev


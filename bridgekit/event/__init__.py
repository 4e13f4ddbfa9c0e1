"""A whole session scored: pairs events in matchpoints, Butler or cross-IMPs.

The model (``model``) is small: an ``EventResult`` is one table's result of a
board (a ``ScoreTable`` row, PBN 2.1 section 5.9, or one game record of the
board); a ``Traveller`` is a board's results with their points; a
``Standing`` is one pair's total and rank; an ``Event`` holds them all.

* ``reading``: boards into results, each row checked and scored under the
  board's vulnerability and rules profile; a bad row is an ``EventProblem``.
* ``methods``: the scoring methods, objects in a registry (``mp``,
  ``butler``, ``cross-imps``); ``score`` hands each board's fields to the
  method, arbitrary scores (``artificial``) their share.
* ``movements`` and ``ranking``: Mitchell or Howell, standings and ranks.
* ``recorded``: the file's own figures compared at the precision it writes.
* ``writing``: computed columns and a ``TotalScoreTable`` written back.
* ``matches``: game records read as a team match and laid out room by room
  (``bridgekit match``), scored by the teams method.

Nothing here prints or imports click.
"""

from __future__ import annotations

from .artificial import parse_arbitrary
from .methods import Method, PairMethod, ScoringMethod, all_methods, find_method, method_for_tag, method_names, register
from .model import (CrossScale, Event, EventOptions, EventProblem, EventResult, Movement, Scale, Settings,
                    Standing, Traveller)
from .matches import Match, MatchBoard, match_standings, team_match, team_matches
from .reading import pair_names, read_results
from .score import add_sessions, read_event, score_event, score_traveller
from .writing import write_event

__all__ = ["add_sessions", "CrossScale", "Event", "EventOptions", "EventProblem", "EventResult", "Match", "MatchBoard",
           "Method", "Movement", "PairMethod", "Scale", "match_standings", "team_match", "team_matches",
           "ScoringMethod", "Settings", "Standing", "Traveller", "all_methods", "find_method", "method_for_tag",
           "method_names", "pair_names", "parse_arbitrary", "read_event", "read_results", "register",
           "score_event", "score_traveller", "write_event"]

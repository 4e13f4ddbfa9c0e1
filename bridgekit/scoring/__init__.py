"""Scoring files: the library behind ``bridgekit score``, ``match``, ``rubber``
and ``event``.

* ``boards``: ``score_board`` scores one board under its rules profile
  (``profile_for_board``: an explicit override, else the profile the board's
  ``Scoring`` tag selects), compares the recorded ``Score`` tag and fills it.
* ``tags``: the recorded ``Score`` (five PBN forms) and ``ScoreIMP`` values,
  the room of a record.
* ``teams``: ``team_matches`` pairs the two tables of each board and converts
  the differences to IMPs (and victory points).  Pair events in matchpoints
  are ``bridgekit.event``'s (one matchpointer for ``event`` and ``match --mp``).
* ``rubbers``: ``rubber_session`` keeps the Auction Bridge score pad over a
  file's boards (``render.render_pad`` draws it).

Nothing here prints or imports click: the CLI formats what these return.
"""

from .boards import (BoardScore, ResultScore, ScoreTotals, board_result, profile_for_board, score_board,
                     score_boards, score_result, score_tag_value, write_score_tags)
from .rubbers import rubber_session
from .tags import parse_imp_tag, parse_score_tag, room_of
from .teams import Match, MatchBoard, team_match, team_matches, vp_standings_of

__all__ = [
    "BoardScore", "ResultScore", "Match", "MatchBoard", "ScoreTotals", "board_result",
    "parse_imp_tag", "parse_score_tag", "profile_for_board", "room_of", "rubber_session",
    "score_board", "score_boards", "score_result", "score_tag_value", "team_match", "team_matches", "vp_standings_of",
    "write_score_tags",
]

"""Scoring files: the library behind ``bridgekit score``, ``match``, ``rubber``
and ``event``.

* ``boards``: ``score_board`` scores one board under its rules profile
  (``profile_for_board``: an explicit override, else the profile the board's
  ``Scoring`` tag selects), compares the recorded ``Score`` tag and fills it.
* ``tags``: the recorded ``Score`` (five PBN forms) and ``ScoreIMP`` values,
  the room of a record.
Team matches and pair events are ``bridgekit.event``'s (one implementation
for ``event`` and ``match``: ``event.matches`` lays a match out room by room).
* ``rubbers``: ``rubber_session`` keeps the Auction Bridge score pad over a
  file's boards (``render.render_pad`` draws it).

Nothing here prints or imports click: the CLI formats what these return.
"""

from .boards import (BoardScore, ResultScore, ScoreTotals, board_result, profile_for_board, score_board,
                     score_boards, score_result, score_tag_value, write_score_tags)
from .rubbers import rubber_session
from .tags import parse_imp_tag, parse_score_tag, room_of

__all__ = [
    "BoardScore", "ResultScore", "ScoreTotals", "board_result",
    "parse_imp_tag", "parse_score_tag", "profile_for_board", "room_of", "rubber_session",
    "score_board", "score_boards", "score_result", "score_tag_value",
    "write_score_tags",
]

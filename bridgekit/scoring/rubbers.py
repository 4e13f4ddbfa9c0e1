"""A file's boards as the deals of a rubber session, kept on the score pad
(``rules.rubber.keep_score``; ``render.render_pad`` draws it)."""

from __future__ import annotations

from typing import Iterable

from ..board import Board
from ..rules import Profile
from ..rules.rubber import Rubber, SessionDeal, keep_score
from ..notation import Message
from .boards import board_result


def rubber_session(boards: Iterable[Board], profile: Profile) -> tuple[list[Rubber], list[Message]]:
    """Keep the score pad over ``boards`` in file order.  Returns the rubbers and
    the boards left out (no result) as messages.  Raises BridgekitError when the
    profile is not scored in rubbers."""
    skipped: list[Message] = []
    deals: list[SessionDeal] = []
    for board in boards:
        result, _source, notes = board_result(board)
        if result is None:
            skipped.append(Message("{file}, board {board}: not scored ({notes:;})", file=board.file or "-",
                                   board=board.label or "?", notes=notes))
            continue
        deals.append(SessionDeal(result, board.dealer, board.deal, board.label))
    return keep_score(deals, profile), skipped

"""The computer players and the table session of ``bridgekit play``.

* ``bidding``: the bidding system card (written down in its docstring), the
  computer's calls with reasons, and what anyone's calls show.
* ``cardplay``: single-dummy card play by sampling layouts consistent with
  what a seat has seen and solving them double dummy.
* ``judgement``: judgement by simulation at close calls (layouts that fit
  the auction, each auction finished by the card, scored double dummy); not
  yet the computer's bidder: bench/RESULTS.md says why.
* ``session``: one deal at the table as *Bridge: One Deal Against the Computer* describes it.
"""

from __future__ import annotations

from .bidding import BidDecision, Bidder, Shown
from .cardplay import DEFAULT_SAMPLES, DEFAULT_THINK, CardDecision, CardPlayer, TableView, sample_layouts
from .session import GameAborted, GameOptions, GameRecord, Table, deal_cards, play_game

__all__ = ["BidDecision", "Bidder", "Shown", "DEFAULT_SAMPLES", "DEFAULT_THINK", "CardDecision", "CardPlayer",
           "TableView", "sample_layouts", "GameAborted", "GameOptions", "GameRecord", "Table", "deal_cards",
           "play_game"]

"""Par of a deal: the generic solver of ``bridgekit.rules.par`` over a DD
table, with the table solved by DDS when it is not given, and why par sits
low under the auction profiles."""

from __future__ import annotations

from ..dds import DDTable, Par, dd_table
from ..deal import Deal
from ..rules import DEFAULT
from ..rules.par import BIDS, ScoreFunction, par
from ..seats import Seat, Vul

__all__ = ["AUCTION_PAR_EXPLANATION", "BIDS", "ScoreFunction", "par", "par_of_deal"]


def par_of_deal(deal: Deal, vul: Vul, dealer: Seat, score: ScoreFunction = DEFAULT.score,
                table: DDTable | None = None) -> Par:
    """``par`` for a complete deal, solving its DD table unless given.
    Raises DDSInputError (a BridgekitError) for an incomplete deal."""
    if table is None:
        table = dd_table(deal)
    return par(table, vul, dealer, score, deal)


AUCTION_PAR_EXPLANATION = """\
Why par sits low in Auction Bridge.  In contract bridge a side is paid for
what it bids: the game, slam and part-score bonuses come only to a side that
contracted for the tricks, so par is often a game or a slam, and the
opponents sacrifice above it.  In Auction Bridge every odd trick the declarer
takes counts below the line whether it was bid or not, there is no bonus on
the single deal for having bid a game, and the slam bonuses go to whoever
takes twelve or thirteen tricks, contract or no contract.  Bidding higher
therefore earns nothing by itself; it only adds the risk of going down, and
doubled undertricks cost 100 each.  A side bids just enough to buy the
contract in the strain that suits it (the one where it takes most tricks, or
the higher-ranking suit, which pays more per trick and outranks the
opponents at the same level), and the opponents push only while the contract
they would buy is worth more to them than what they would concede.  Honours
count for the side that holds them whatever the contract, which can make a
side prefer the strain where it holds the honours, or let the opponents play
in a strain where their honours are worth little.  The par contract is
therefore usually at the one or two level, and the fight is over the strain,
not the level."""

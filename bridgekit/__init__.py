"""bridgekit: read, check, score, analyse and teach bridge deal files.

The model (cards, seats, calls, deals, contracts), the auction and play engines
and the board record use the standard library only; the command line lives in
``bridgekit.cli`` and double dummy in ``bridgekit.dds``.
"""

from .auction import Auction
from .calls import Call
from .cards import Card, Rank, Strain, Suit
from .contract import PASSED_OUT, Contract, Doubling, Result
from .deal import Deal, Hand
from .errors import BridgekitError, ExitStatus
from .play import Play, trick_winner
from .seats import Seat, Side, Vul, dealer_for_board

__version__ = "0.1.0"

__all__ = [
    "Auction", "Call", "Card", "Rank", "Strain", "Suit", "PASSED_OUT", "Contract", "Doubling",
    "Result", "Deal", "Hand", "BridgekitError", "ExitStatus", "Play", "trick_winner", "Seat",
    "Side", "Vul", "dealer_for_board", "__version__",
]

"""The ``contract`` profile: duplicate contract bridge scoring (*Duplicate
Bridge: Same Cards, Different Decisions*, sections 06-07; *Bridge: One Deal
Against the Computer*, section 5).

Made contract, to declarer's side:

* trick points for the tricks *bid* over six: 20 in clubs/diamonds, 30 in
  hearts/spades, 40 for the first and 30 for the others at no trump; x2 doubled,
  x4 redoubled;
* game bonus 300 (not vulnerable) / 500 (vulnerable) when those trick points
  reach 100, otherwise a part-score bonus of 50;
* 50 for making a doubled contract, 100 redoubled (the "insult");
* overtricks at trick value undoubled (20 minor, 30 major/NT), 100 / 200 each
  doubled (not vulnerable / vulnerable), 200 / 400 redoubled;
* small slam bid and made 500 / 750, grand slam 1000 / 1500, on top of game.

Defeated contract, to the defenders: 50 / 100 per undertrick undoubled;
doubled not vulnerable 100, 200, 200, then 300 each; doubled vulnerable 200,
then 300 each; redoubled twice the doubled figures.  A passed-out deal scores
zero for both sides.

There is no "line" in duplicate: every item has ``line=None``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import Strain
from ..contract import Doubling, Result
from ..deal import Deal
from ..errors import BridgekitError
from ..seats import Seat, Vul
from .base import Ledger, PassedOut, Profile, Score, ScoreItem, register
from ..notation import Message

if TYPE_CHECKING:
    from ..dds import DDTable, Par

# Item names, shared with the auction profiles where the idea is the same.
TRICKS = "trick points"
OVERTRICKS = "overtricks"
PART_SCORE = "part-score bonus"
GAME = "game bonus"
SMALL_SLAM = "small slam bonus"
GRAND_SLAM = "grand slam bonus"
INSULT = {Doubling.DOUBLED: "making doubled", Doubling.REDOUBLED: "making redoubled"}
UNDERTRICKS = "undertricks"


def _trick_points(strain: Strain, level: int) -> int:
    """Undoubled trick points for ``level`` tricks bid over six."""
    if strain is Strain.NT:
        return 40 + 30 * (level - 1)
    return (20 if strain.is_minor else 30) * level


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """Points the defenders receive for ``down`` undertricks (``down`` >= 1)."""
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (2 if doubling is Doubling.REDOUBLED else 1)


@lru_cache(maxsize=None)  # a finite domain: 7 x 5 x 3 x 4 x 14 x 4 results
def _score(result: Result, vul: Vul) -> Score:
    contract = result.contract
    if contract.is_passed_out:
        return Score(())
    if result.tricks is None:
        raise BridgekitError(Message('cannot score {contract}: the number of tricks is unknown', contract=contract))
    assert contract.strain is not None and result.declarer is not None
    side = result.declarer.side
    vulnerable = vul.is_vulnerable(side)
    needed = contract.tricks_needed
    if result.tricks < needed:
        down = needed - result.tricks
        return Score((ScoreItem(side.opponents, UNDERTRICKS, undertrick_penalty(down, contract.doubling, vulnerable),
                                count=down),))
    items: list[ScoreItem] = []
    trick_points = _trick_points(contract.strain, contract.level) * contract.doubling.multiplier
    items.append(ScoreItem(side, TRICKS, trick_points))
    over = result.tricks - needed
    if over:
        if contract.doubling is Doubling.UNDOUBLED:
            each = 20 if contract.strain.is_minor else 30
        else:
            each = (200 if vulnerable else 100) * (contract.doubling.multiplier // 2)
        items.append(ScoreItem(side, OVERTRICKS, over * each, count=over))
    if trick_points >= 100:
        items.append(ScoreItem(side, GAME, 500 if vulnerable else 300))
    else:
        items.append(ScoreItem(side, PART_SCORE, 50))
    if contract.level == 6:
        items.append(ScoreItem(side, SMALL_SLAM, 750 if vulnerable else 500))
    elif contract.level == 7:
        items.append(ScoreItem(side, GRAND_SLAM, 1500 if vulnerable else 1000))
    if contract.doubling is not Doubling.UNDOUBLED:
        items.append(ScoreItem(side, INSULT[contract.doubling], 50 * contract.doubling.multiplier // 2))
    return Score(tuple(items))


class ContractProfile(Profile):
    """Contract bridge, duplicate scoring: a net score per board, zero for a
    passed-out deal, par as DDS computes it."""

    def score(self, result: Result, vul: Vul, deal: Deal | None = None) -> Score:
        """Duplicate score of one deal (``deal`` is not needed: no honours).

        Raises BridgekitError when the contract is not passed out and the
        number of tricks is unknown.  Results are cached (par asks for the
        same few hundred again and again).
        """
        return _score(result, vul)

    def par(self, table: DDTable, vul: Vul, dealer: Seat, deal: Deal | None = None) -> Par:
        """Par as DDS computes it (the generic solver gives the same score)."""
        from ..dds import dds_par  # the solver is loaded only when par is asked for
        return dds_par(table, vul, dealer)


CONTRACT = register(ContractProfile(
    name="contract",
    title="Contract bridge, duplicate scoring",
    passed_out=PassedOut.ZERO,
    ledger=Ledger.BOARD,
    aliases=("duplicate", "contract-bridge"),
), default=True)

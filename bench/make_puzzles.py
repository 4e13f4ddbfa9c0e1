"""Play seeded deals with plain rule-of-thumb players and keep those with a
puzzle worth solving, for ``lessons/puzzles.pbn``.

Not a benchmark: the tool that grew the bundled puzzle games (run it again to
grow them more).  Each seeded deal is bid by bridgekit's bidding (South deals)
and played by players that follow the beginner's rules (second hand low,
third hand high, win as cheaply as possible, ruff when partner is not
winning, lead the top of a sequence or the fourth best of the longest suit,
declarer draws trumps first).  They make the mistakes learners make; the
post-mortem of ``bridgekit analyse`` finds them, and a game is kept when one
of its costly cards is worth a puzzle (``tutor.puzzle.worth_solving``: not
the opening lead, one group of equivalent cards keeps the tricks).

    python bench/make_puzzles.py --seeds 0-300 -o /tmp/games.pbn
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bridgekit.auction import Auction
from bridgekit.board import Tag
from bridgekit.cards import Card
from bridgekit.deal import Deal
from bridgekit.game.bidding import Bidder
from bridgekit.game.session import DEALER, GameRecord
from bridgekit.play import Play
from bridgekit.seats import Vul
from bridgekit.tutor.puzzle import MARK, find_puzzles


def rule_of_thumb(play: Play) -> Card:
    """The beginner's card for the player to move."""
    seat = play.turn
    legal = sorted(play.legal_cards, key=lambda c: (int(c.rank), int(c.suit)))
    trick = play.current_trick()
    trump = play.strain.suit if play.strain is not None else None
    hand = sorted(play.remaining(seat) or (), key=lambda c: -int(c.rank))
    if not trick:
        ours = seat.side is play.declarer.side
        trumps = [c for c in hand if trump is not None and c.suit is trump]
        if ours and trumps and len(play.cards) < 16 and len(trumps) >= 2:
            return trumps[0]
        by_suit: dict[object, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(c.suit, []).append(c)
        suits = [s for s in by_suit if s is not trump] or list(by_suit)
        longest = max(suits, key=lambda s: (len(by_suit[s]), -int(s)))  # type: ignore[call-overload]
        cards = by_suit[longest]
        if len(cards) >= 2 and int(cards[0].rank) - int(cards[1].rank) == 1 and cards[0].rank >= 10:
            return cards[0]
        return cards[3] if len(cards) >= 4 else cards[-1]
    leader = play.leader
    led = trick[0].suit
    winning = 0
    for i, c in enumerate(trick):
        w = trick[winning]
        if (c.suit is w.suit and c.rank > w.rank) or (trump is not None and c.suit is trump and w.suit is not trump):
            winning = i
    winner_seat = leader.next(winning)
    partner_wins = winner_seat is seat.partner
    w = trick[winning]

    def beats(c: Card) -> bool:
        if c.suit is w.suit:
            return c.rank > w.rank
        return trump is not None and c.suit is trump and w.suit is not trump

    follow = [c for c in legal if c.suit is led]
    if follow:
        if partner_wins or len(trick) == 1:
            return follow[0]
        winners = [c for c in follow if beats(c)]
        return winners[0] if winners else follow[0]
    ruffs = [c for c in legal if beats(c)]
    if ruffs and not partner_wins:
        return ruffs[0]
    discards = [c for c in legal if c.suit is not trump] or legal
    return discards[0]


def game(seed: int) -> GameRecord | None:
    rng = random.Random(seed)
    deal = Deal.random(rng)
    bidder = Bidder()
    auction = Auction(DEALER)
    while not auction.is_complete() and len(auction.calls) < 40:
        auction.push(bidder.decide(auction, deal[auction.turn], Vul.NONE).call)  # type: ignore[arg-type]
    contract, declarer = auction.contract(), auction.declarer()
    if contract is None or declarer is None or contract.is_passed_out:
        return None
    play = Play(deal, contract.strain, declarer)
    while not play.is_complete():
        play.push(rule_of_thumb(play))
    return GameRecord(deal, Vul.NONE, auction, play=play, human=None,
                      event="bridgekit puzzles (rule-of-thumb players)")


def main() -> None:
    from bridgekit.formats import write_boards
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0-50")
    ap.add_argument("--want", type=int, default=1000)
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    kept = []
    t0 = time.time()
    for seed in range(int(lo), int(hi or lo) + 1):
        record = game(seed)
        if record is None:
            continue
        board = record.to_board()
        board.tags["Board"] = Tag("Board", str(seed))
        found = list(find_puzzles([(board, "seed")]))
        if not found:
            continue
        pz = found[0]
        board.tags[MARK] = Tag(MARK, str(len(pz.played)))
        kept.append(board)
        print(f"seed {seed}: trick {len(pz.played) // 4 + 1} {pz.themes} level {pz.level} "
              f"({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
        if len(kept) >= args.want:
            break
    with open(args.output, "x", encoding="utf-8") as out:
        write_boards(kept, out)
    print(f"{len(kept)} games kept", file=sys.stderr)


if __name__ == "__main__":
    main()

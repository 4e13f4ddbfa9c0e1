"""How well the computer bids and plays (``bridgekit play``), on seeded deals.

Four computer players bid and play each deal (South deals, cards dealt from
West as in document 004; vulnerability follows the board number).  Printed:

* the auction against double-dummy par: the contract reached, scored with
  the tricks DDS says it takes, against the par score of the deal, in IMPs
  (mean of the absolute difference, and how often the par score is reached);
* the card play against double dummy: before every card the real deal is
  solved, and the tricks the card loses against the best card are added up,
  per deal, separately for the declaring side and the defenders;
* the time per card decision (mean and maximum) and per deal.

Two card players play the same auctions, measured in the same run: the
*baseline*, a plain sampling player (10 layouts, the auction ignored, no time
limit), and the *default* player of ``bridgekit play`` (16 layouts dealt to fit
the auction, 1 second of thinking at most).  The ratio line compares them.

    .venv/bin/python bench/ai.py              # 100 deals (about 20 minutes on 2 cores)
    .venv/bin/python bench/ai.py --deals 10   # a quick look
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bridgekit import dds  # noqa: E402
from bridgekit.auction import Auction  # noqa: E402
from bridgekit.contract import Result  # noqa: E402
from bridgekit.game import Bidder, CardPlayer, TableView, deal_cards  # noqa: E402
from bridgekit.game.session import DEALER  # noqa: E402
from bridgekit.play import Play  # noqa: E402
from bridgekit.rules import find_profile  # noqa: E402
from bridgekit.rules.imps import imps  # noqa: E402
from bridgekit.seats import Vul  # noqa: E402


@dataclass
class Config:
    name: str
    samples: int
    use_auction: bool
    think: float | None


CONFIGS = {
    "baseline": Config("baseline (10 layouts, no auction)", 10, False, None),
    "default": Config("default (16 layouts fit to the auction, 1 s)", 16, True, 1.0),
    "auction10": Config("10 layouts fit to the auction", 10, True, None),
}


@dataclass
class Tally:
    lost_declarer: list[int] = field(default_factory=list)
    lost_defence: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)
    deal_times: list[float] = field(default_factory=list)
    vs_dd: list[int] = field(default_factory=list)   # declarer tricks minus DD tricks


def auction_for(deal, vul: Vul, bidder: Bidder) -> Auction:  # type: ignore[no-untyped-def]
    a = Auction(DEALER)
    while not a.is_complete():
        a.push(bidder.decide(a, deal[a.turn], vul).call)
    return a


def play_deal(deal, table, auction: Auction, vul: Vul, player: CardPlayer, tally: Tally) -> None:  # type: ignore[no-untyped-def]
    contract, declarer = auction.contract(), auction.declarer()
    assert contract is not None and declarer is not None and contract.strain is not None
    play = Play(deal, contract.strain, declarer)
    start = time.perf_counter()
    positions = []
    chosen = []
    while not play.is_complete():
        legal = list(play.legal_cards)
        view = TableView.for_seat(deal, play, auction, vul)
        t0 = time.perf_counter()
        card = player.decide(view).card
        tally.decision_times.append(time.perf_counter() - t0)
        if len(legal) > 1:
            positions.append((deal, contract.strain, declarer.lho, tuple(play.cards)))
            chosen.append((card, play.turn.side is declarer.side))
        play.push(card)
    tally.deal_times.append(time.perf_counter() - start)
    lost = {True: 0, False: 0}
    for values, (card, declaring) in zip(dds.solve_positions(positions), chosen):
        lost[declaring] += max(values.values()) - values[card]
    tally.lost_declarer.append(lost[True])
    tally.lost_defence.append(lost[False])
    tally.vs_dd.append(play.declarer_tricks() - table.tricks(declarer, contract.strain))


# -- the auctions against par ------------------------------------------------------


@dataclass
class BiddingFigures:
    """One bidder's auctions on the seeded deals, against double-dummy par."""

    name: str
    par_imps: list[int] = field(default_factory=list)   # N-S score minus par, in IMPs
    at_par: int = 0
    passed_out: int = 0
    seconds: float = 0.0
    played: list = field(default_factory=list)  # deals with a contract: (seed, deal, table, vul, auction)

    def line(self) -> str:
        n = len(self.par_imps)
        mean = statistics.mean(abs(x) for x in self.par_imps)
        se = statistics.stdev(abs(x) for x in self.par_imps) / n ** 0.5 if n > 1 else 0.0
        return (f"  {self.name:<10} mean |IMPs| from par {mean:.2f} \u00b1 {se:.2f}, par reached on "
                f"{self.at_par} of {n} ({100 * self.at_par / n:.0f}%), {self.passed_out} passed out, "
                f"{1000 * self.seconds / n:.1f} ms an auction")

    def ratio_to(self, base: "BiddingFigures") -> str:
        """The paired difference (this bidder minus ``base``) on the same deals."""
        diffs = [abs(a) - abs(b) for a, b in zip(self.par_imps, base.par_imps)]
        se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        mean_base = statistics.mean(abs(x) for x in base.par_imps)
        mean = statistics.mean(abs(x) for x in self.par_imps)
        ratio = f"{mean / mean_base:.2f}" if mean_base else "n/a"
        better = sum(1 for d in diffs if d < 0)
        worse = sum(1 for d in diffs if d > 0)
        return (f"  {self.name} - {base.name}: {statistics.mean(diffs):+.2f} \u00b1 {se:.2f} IMPs a deal "
                f"(ratio {ratio}), better on {better} deals, worse on {worse}")


def baseline_bidder(rev: str) -> Bidder:
    """The bidding system as of git revision ``rev`` (its ``game/bidding.py``
    module or ``game/bidding/`` package, loaded beside today's), to compare on
    the same deals in the same run."""
    root = Path(__file__).resolve().parent.parent

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout

    where = Path(tempfile.mkdtemp()) / "_bidding_baseline"
    files = git("ls-tree", "--name-only", f"{rev}:bridgekit/game/bidding/").split() \
        if "bidding.py" not in git("ls-tree", "--name-only", f"{rev}:bridgekit/game/").split() else []
    where.mkdir()
    name = "bridgekit.game._bidding_baseline"
    if files:   # a package: bridgekit.game._bidding_baseline and its modules
        for f in files:
            (where / f).write_text(git("show", f"{rev}:bridgekit/game/bidding/{f}"), encoding="utf-8")
        spec = importlib.util.spec_from_file_location(name, where / "__init__.py",
                                                      submodule_search_locations=[str(where)])
    else:       # one module beside game/bidding
        path = where / "bidding.py"
        path.write_text(git("show", f"{rev}:bridgekit/game/bidding.py"), encoding="utf-8")
        spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.Bidder()  # type: ignore[no-any-return]


def bidding_figures(name: str, bidder: Bidder, seeds: list[int], deals: list, tables: list) -> BiddingFigures:
    profile = find_profile("contract")
    fig = BiddingFigures(name)
    for seed, deal, table in zip(seeds, deals, tables):
        vul = Vul.for_board(seed % 16 + 1)
        t0 = time.perf_counter()
        auction = auction_for(deal, vul, bidder)
        fig.seconds += time.perf_counter() - t0
        contract, declarer = auction.contract(), auction.declarer()
        par = dds.dds_par(table, vul, DEALER)
        if contract is None or contract.is_passed_out or declarer is None:
            ns = 0
            fig.passed_out += 1
        else:
            assert contract.strain is not None
            tricks = table.tricks(declarer, contract.strain)
            ns = profile.score(Result(contract, declarer, tricks), vul, deal).ns
            fig.played.append((seed, deal, table, vul, auction))
        fig.par_imps.append(imps(ns - par.score))
        fig.at_par += int(ns == par.score)
    return fig


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--configs", default="baseline,default",
                    help=f"comma-separated, from {', '.join(CONFIGS)}")
    ap.add_argument("--bidding-only", action="store_true", help="measure the auctions only, no card play")
    ap.add_argument("--bidding-baseline", metavar="REV",
                    help="also bid the same deals with game/bidding.py as of git revision REV (e.g. main)")
    args = ap.parse_args()
    configs = [CONFIGS[c.strip()] for c in args.configs.split(",")]
    bidder = Bidder()
    seeds = [args.first_seed + i for i in range(args.deals)]
    all_deals = [deal_cards(seed) for seed in seeds]
    tables = dds.dd_tables(all_deals)
    bidders = [("today", bidder)]
    if args.bidding_baseline:
        bidders.insert(0, (args.bidding_baseline[:10], baseline_bidder(args.bidding_baseline)))
    print(f"{args.deals} deals (seeds {seeds[0]}-{seeds[-1]}), auctions against double-dummy par")
    figures = [bidding_figures(name, b, seeds, all_deals, tables) for name, b in bidders]
    for f in figures:
        print(f.line())
    if len(figures) == 2:
        print(figures[1].ratio_to(figures[0]))
    print()
    deals = figures[-1].played
    if args.bidding_only:
        return
    rows = []
    for cfg in configs:
        tally = Tally()
        for seed, deal, table, vul, auction in deals:
            player = CardPlayer(cfg.samples, use_auction=cfg.use_auction, rng=random.Random(seed),
                                bidder=bidder, think=cfg.think)
            play_deal(deal, table, auction, vul, player, tally)
            print(f"  {cfg.name}: deal {seed} done", file=sys.stderr, flush=True)
        rows.append((cfg, tally))
    head = f"{'card player':<46} {'lost/deal decl':>14} {'lost/deal def':>13} {'vs DD':>6} " \
           f"{'s/card':>7} {'max s':>6} {'s/deal':>7}"
    print(head)
    for cfg, t in rows:
        print(f"{cfg.name:<46} {statistics.mean(t.lost_declarer):>14.2f} {statistics.mean(t.lost_defence):>13.2f} "
              f"{statistics.mean(t.vs_dd):>+6.2f} {statistics.mean(t.decision_times):>7.3f} "
              f"{max(t.decision_times):>6.2f} {statistics.mean(t.deal_times):>7.2f}")
    if len(rows) >= 2:
        (b_cfg, b), (o_cfg, o) = rows[0], rows[1]
        def ratio(x: float, y: float) -> str:
            return f"{x / y:.2f}" if y else "n/a"
        print(f"ratio {o_cfg.name.split(' ')[0]} / {b_cfg.name.split(' ')[0]}: tricks lost by declarer "
              f"{ratio(statistics.mean(o.lost_declarer), statistics.mean(b.lost_declarer))}, by the defence "
              f"{ratio(statistics.mean(o.lost_defence), statistics.mean(b.lost_defence))}, time per deal "
              f"{ratio(statistics.mean(o.deal_times), statistics.mean(b.deal_times))}")


if __name__ == "__main__":
    main()

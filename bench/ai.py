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

Three card players play every deal, in its par contract (so the auction can
neither help nor hurt: there is none to read, only the contract, which the
default player reads as any player at a table would) and in the contract
bridgekit's own bidding reaches (the default player reads that auction):

* the *yardstick*, ``bench/yardstick.py``: a plain sampling player written
  apart from bridgekit's (10 uniform layouts consistent with the cards played
  and the voids shown, each solved by DDS, best total, lowest card on a tie);
* the *baseline*: bridgekit's player made plain (10 layouts, nothing read
  from the auction or the contract, no time limit);
* the *default* player of ``bridgekit play``.

For each, the tricks lost per deal by declarer's side and by the defence
(mean and standard error), the paired difference to the yardstick on the same
deals (with its standard error: negative means fewer tricks lost), and the
seconds per decision (every decision with more than one legal card).

    .venv/bin/python bench/ai.py --jobs 2     # 100 deals (about an hour on 2 cores)
    .venv/bin/python bench/ai.py --deals 10   # a quick look
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import multiprocessing
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bridgekit import dds  # noqa: E402
from bridgekit.auction import Auction  # noqa: E402
from bridgekit.calls import DOUBLE, PASS, REDOUBLE, Call  # noqa: E402
from bridgekit.cards import Card  # noqa: E402
from bridgekit.contract import Contract, Doubling, Result  # noqa: E402
from bridgekit.deal import Deal  # noqa: E402
from bridgekit.game import Bidder, CardPlayer, TableView, deal_cards  # noqa: E402
from bridgekit.game.judgement import MARGIN, SAMPLES, JudgingBidder  # noqa: E402
from bridgekit.game.session import DEALER  # noqa: E402
from bridgekit.play import Play  # noqa: E402
from bridgekit.rules import find_profile  # noqa: E402
from bridgekit.rules.imps import imps  # noqa: E402
from bridgekit.seats import Seat, Vul  # noqa: E402
from yardstick import Yardstick  # noqa: E402


def auction_for(deal, vul: Vul, bidder: Bidder, other: Bidder | None = None,  # type: ignore[no-untyped-def]
                ns: bool = True) -> Auction:
    """The auction of ``deal`` with ``bidder`` at all four seats, or with
    ``bidder`` for one side (North-South when ``ns``) and ``other`` for the other."""
    a = Auction(DEALER)
    while not a.is_complete():
        who = bidder if other is None or (a.turn in (Seat.N, Seat.S)) == ns else other
        a.push(who.decide(a, deal[a.turn], vul).call)
    return a


# -- the card play against double dummy -------------------------------------------
#
# Three card players play every deal, twice: in the par contract (the auction
# then says nothing: a bare auction reaching the contract is given, and nobody
# reads it) and in the contract bridgekit's own bidding reaches (the players
# that read auctions read it).  Before every decision with more than one legal
# card, the real position is solved (one DDS call for all the cards; the
# positions the players share, such as the opening lead, solved once) and the
# tricks the chosen card loses against the best card are added to its side.

PLAYERS = ("yardstick", "baseline", "default")
#: Players measured on request (``--players``): the default player without
#: the defenders' signals (neither given nor read), to pair with the default.
EXTRA_PLAYERS = ("unsignalled",)
PLAYER_NAMES = {"yardstick": "yardstick (10 uniform layouts)",
                "baseline": "baseline (10 layouts, no auction)",
                "default": "default player of bridgekit play",
                "unsignalled": "default player, no signals"}


@dataclass
class PlayTask:
    """One deal in one contract, to be played by every player."""
    seed: int
    setting: str            # "par" or "bid"
    deal: Deal
    auction: Auction
    vul: Vul
    read_auction: bool      # may the players that read auctions read this one


@dataclass
class PlayFigures:
    """One player on one deal in one contract."""
    lost_declarer: int
    lost_defence: int
    times: list[float] = field(default_factory=list)   # seconds, each decision with a choice


def par_auction(contract: Contract, declarer: Seat) -> Auction:
    """The shortest auction to ``contract`` by ``declarer``: passes round to
    declarer, the bid, the double if any, passes."""
    a = Auction(DEALER)
    while a.turn is not declarer:
        a.push(PASS)
    assert contract.strain is not None
    a.push(Call.bid(contract.level, contract.strain))
    if contract.doubling is not Doubling.UNDOUBLED:
        a.push(DOUBLE)
        if contract.doubling is Doubling.REDOUBLED:
            a.push(REDOUBLE)
    while not a.is_complete():
        a.push(PASS)
    return a


def par_task(seed: int, deal: Deal, table: dds.DDTable, vul: Vul) -> PlayTask | None:
    """The deal in (the first of) its par contracts, None when passed out at par."""
    par = dds.dds_par(table, vul, DEALER)
    if not par.contracts:
        return None
    pc = par.contracts[0]
    assert pc.contract.strain is not None
    declarer = max(pc.declarers, key=lambda s: table.tricks(s, pc.contract.strain))  # type: ignore[arg-type]
    return PlayTask(seed, "par", deal, par_auction(pc.contract, declarer), vul, False)


def _chooser(name: str, task: PlayTask, bidder: Bidder) -> Callable[[Play], Card]:
    if name == "yardstick":
        ys = Yardstick(random.Random(task.seed * 7919 + 1))
        return lambda play: ys.decide(task.deal, play)
    if name == "baseline":
        player = CardPlayer(10, use_auction=False, rng=random.Random(task.seed), bidder=bidder, think=None,
                            plain=True)
    else:
        player = CardPlayer(use_auction=task.read_auction, rng=random.Random(task.seed), bidder=bidder,
                            signals=name != "unsignalled")
    return lambda play: player.decide(TableView.for_seat(task.deal, play, task.auction, task.vul)).card


def play_task(task: PlayTask, players: Sequence[str] = PLAYERS) -> dict[str, PlayFigures]:
    """Every player plays ``task``; the tricks each decision loses double dummy."""
    contract, declarer = task.auction.contract(), task.auction.declarer()
    assert contract is not None and contract.strain is not None and declarer is not None
    bidder = Bidder()
    solved: dict[tuple[Card, ...], dict[Card, int]] = {}
    out = {}
    for name in players:
        choose = _chooser(name, task, bidder)
        play = Play(task.deal, contract.strain, declarer)
        decisions: list[tuple[tuple[Card, ...], Card, bool]] = []
        times = []
        while not play.is_complete():
            if len(play.legal_cards) == 1:
                play.push(next(iter(play.legal_cards)))
                continue
            t0 = time.perf_counter()
            card = choose(play)
            times.append(time.perf_counter() - t0)
            decisions.append((tuple(play.cards), card, play.turn.side is declarer.side))
            play.push(card)
        todo = sorted({cards for cards, _, _ in decisions if cards not in solved}, key=len)
        values = dds.solve_positions([(task.deal, contract.strain, declarer.lho, c) for c in todo])
        solved.update(zip(todo, values))
        lost = {True: 0, False: 0}
        for cards, card, declaring in decisions:
            v = solved[cards]
            lost[declaring] += max(v.values()) - v[card]
        out[name] = PlayFigures(lost[True], lost[False], times)
    return out


def _run(job: tuple[PlayTask, tuple[str, ...]]) -> tuple[PlayTask, dict[str, PlayFigures]]:
    return job[0], play_task(*job)


def _key(source: str, task: PlayTask) -> str:
    return f"{source}:{task.seed}:{task.setting}:{task.auction}"


def _one_thread() -> None:
    dds.set_threads(1)  # one process a core: DDS threads would only compete


def job_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` processes to play deals in, DDS on one thread in each.  Not a
    ``multiprocessing.Pool``: its processes are daemonic and cannot start the
    card player's DDS worker (``bridgekit.game.worker``), which must be
    measured as ``bridgekit play`` runs it."""
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_one_thread)


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    return m, (statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0)


def card_play_table(setting: str, results: list[dict[str, PlayFigures]], players: Sequence[str]) -> list[str]:
    """The lines of one contract setting's table: per player the tricks lost
    per deal by each side (mean +- standard error), seconds per decision, and
    the paired difference to the yardstick on the same deals."""
    n = len(results)
    what = "par contracts (no auction)" if setting == "par" else "contracts bridgekit bids"
    lines = [f"Card play, {n} deals in their {what}: tricks lost per deal",
             f"{'player':<34} {'declarer':>12} {'defence':>12} {'s/dec':>6} {'max s':>6}"]
    for name in players:
        decl = mean_se([r[name].lost_declarer for r in results])
        defe = mean_se([r[name].lost_defence for r in results])
        times = [t for r in results for t in r[name].times]
        lines.append(f"{PLAYER_NAMES[name]:<34} {decl[0]:>5.2f} \u00b1 {decl[1]:.2f} {defe[0]:>5.2f} \u00b1 {defe[1]:.2f} "
                     f"{statistics.mean(times):>6.3f} {max(times):>6.2f}")
    lines.append(f"{'paired with the yardstick (-: better)':<34}")
    for name in [p for p in players if p != "yardstick" and "yardstick" in players]:
        decl = mean_se([r[name].lost_declarer - r["yardstick"].lost_declarer for r in results])
        defe = mean_se([r[name].lost_defence - r["yardstick"].lost_defence for r in results])
        lines.append(f"{'  ' + name + ' - yardstick':<34} {decl[0]:>+5.2f} \u00b1 {decl[1]:.2f} "
                     f"{defe[0]:>+5.2f} \u00b1 {defe[1]:.2f}")
    if "default" in players and "unsignalled" in players:
        decl = mean_se([r["default"].lost_declarer - r["unsignalled"].lost_declarer for r in results])
        defe = mean_se([r["default"].lost_defence - r["unsignalled"].lost_defence for r in results])
        lines.append(f"{'  default - unsignalled':<34} {decl[0]:>+5.2f} \u00b1 {decl[1]:.2f} "
                     f"{defe[0]:>+5.2f} \u00b1 {defe[1]:.2f}")
    return lines


def print_card_play(by_setting: dict[str, list[dict[str, PlayFigures]]], players: Sequence[str]) -> None:
    for setting in ("par", "bid"):
        if by_setting.get(setting):
            print()
            print("\n".join(card_play_table(setting, by_setting[setting], players)))


def report_log(log: Path) -> None:
    """The tables of a ``--log`` file (the deals played so far)."""
    by_setting: dict[str, list[dict[str, PlayFigures]]] = {"par": [], "bid": []}
    players: list[str] = list(PLAYERS + EXTRA_PLAYERS)
    for line in log.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        by_setting[row["setting"]].append({n: PlayFigures(*v) for n, v in row["players"].items()})
        players = [p for p in players if p in row["players"]]
    print_card_play(by_setting, players)


def card_play_report(seeds: list[int], all_deals: list[Deal], tables: list[dds.DDTable],
                     bid_deals: list[tuple[int, Deal, dds.DDTable, Vul, Auction]], jobs: int,
                     settings: Sequence[str] = ("par", "bid"), players: Sequence[str] = PLAYERS,
                     cache: Path | None = None, log: Path | None = None) -> None:
    """Play the deals in their par contracts and in bridgekit's contracts with
    every player, in ``jobs`` processes, and print the tables.  ``cache``: a
    JSON file keeping the yardstick's figures between runs (while developing:
    the yardstick is deterministic; the figures are keyed by its source).
    ``log``: each deal's figures appended as one JSON line as soon as it is
    played (``--report`` prints the tables of such a file, of a run cut short)."""
    tasks: list[PlayTask] = []
    bid_by_seed = {seed: (deal, vul, auction) for seed, deal, _, vul, auction in bid_deals}
    for seed, deal, table in zip(seeds, all_deals, tables):   # par and bid of a seed together
        task = par_task(seed, deal, table, Vul.for_board(seed % 16 + 1)) if "par" in settings else None
        if task is not None:
            tasks.append(task)
        if "bid" in settings and seed in bid_by_seed:
            deal, vul, auction = bid_by_seed[seed]
            tasks.append(PlayTask(seed, "bid", deal, auction, vul, True))
    start = time.perf_counter()
    by_setting: dict[str, list[dict[str, PlayFigures]]] = {"par": [], "bid": []}
    stored: dict[str, list] = {}
    key = hashlib.sha1((Path(__file__).parent / "yardstick.py").read_bytes()).hexdigest()[:12]
    if cache is not None and cache.exists():
        stored = json.loads(cache.read_text(encoding="utf-8"))
    jobs_todo = []
    for task in tasks:
        mine = tuple(p for p in players if not (p == "yardstick" and _key(key, task) in stored))
        jobs_todo.append((task, mine))
    pool = job_pool(jobs) if jobs > 1 else None
    done: Iterable[tuple[PlayTask, dict[str, PlayFigures]]] = (
        map(_run, jobs_todo) if pool is None else
        (f.result() for f in as_completed([pool.submit(_run, job) for job in jobs_todo])))
    for i, (task, figures) in enumerate(done, 1):
        k = _key(key, task)
        if "yardstick" in players:
            if "yardstick" in figures:
                stored[k] = [figures["yardstick"].lost_declarer, figures["yardstick"].lost_defence,
                             figures["yardstick"].times]
            else:
                figures["yardstick"] = PlayFigures(*stored[k])
        by_setting[task.setting].append(figures)
        if log is not None:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"seed": task.seed, "setting": task.setting, "auction": str(task.auction),
                                    "players": {n: [x.lost_declarer, x.lost_defence, x.times]
                                                for n, x in figures.items()}}) + "\n")
        print(f"  card play: {i}/{len(tasks)} ({task.setting}, seed {task.seed})", file=sys.stderr, flush=True)
    if pool is not None:
        pool.shutdown()
    if cache is not None:
        cache.write_text(json.dumps(stored), encoding="utf-8")
    print_card_play(by_setting, players)
    print(f"\ncard play wall time {time.perf_counter() - start:.0f} s with {jobs} process(es)")


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


def head_to_head(bidder: Bidder, card: Bidder, seeds: list[int], deals: list, tables: list,
                 plain: list[Auction]) -> list[int]:
    """``bidder`` against the plain ``card`` on the same deals: the IMPs its side
    gains, deal by deal, over the card at all four seats (``plain``), once
    North-South and once East-West (two figures a deal)."""
    profile = find_profile("contract")

    def ns_score(deal, table, vul, auction):  # type: ignore[no-untyped-def]
        contract, declarer = auction.contract(), auction.declarer()
        if contract is None or contract.is_passed_out or declarer is None:
            return 0
        return profile.score(Result(contract, declarer, table.tricks(declarer, contract.strain)), vul, deal).ns

    gains = []
    for seed, deal, table, base in zip(seeds, deals, tables, plain):
        vul = Vul.for_board(seed % 16 + 1)
        before = ns_score(deal, table, vul, base)
        for ns in (True, False):
            after = ns_score(deal, table, vul, auction_for(deal, vul, bidder, card, ns))
            gains.append(imps(after - before) * (1 if ns else -1))
    return gains


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="card play in this many processes")
    ap.add_argument("--settings", default="par,bid",
                    help="card play in the par contracts (par), in bridgekit's contracts (bid), or both")
    ap.add_argument("--players", default=",".join(PLAYERS),
                    help=f"card players, from {', '.join(PLAYERS + EXTRA_PLAYERS)}")
    ap.add_argument("--yardstick-cache", type=Path, metavar="JSON",
                    help="keep the yardstick's figures in this file between runs (for development)")
    ap.add_argument("--bidding-only", action="store_true", help="measure the auctions only, no card play")
    ap.add_argument("--bidding-baseline", metavar="REV",
                    help="also bid the same deals with game/bidding.py as of git revision REV (e.g. main)")
    ap.add_argument("--judgement-samples", type=int, default=0,
                    help=f"bid with judgement by simulation, dealing this many layouts a judgement "
                         f"(e.g. {SAMPLES}; default 0: the system card alone, as bridgekit play bids)")
    ap.add_argument("--judgement-margin", type=float, default=MARGIN,
                    help="IMPs a deal a judged call must gain over the card's call")
    ap.add_argument("--head-to-head", action="store_true",
                    help="also bid each deal with today's bidder for one side and the plain system card "
                         "for the other, and report the IMPs today's side gains")
    ap.add_argument("--log", type=Path, metavar="JSONL", help="append each deal's card-play figures to this file")
    ap.add_argument("--report", type=Path, metavar="JSONL", help="print the card-play tables of a --log file, and stop")
    args = ap.parse_args()
    if args.report:
        report_log(args.report)
        return
    bidder = JudgingBidder(args.judgement_samples, args.judgement_margin) if args.judgement_samples else Bidder()
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
    if args.head_to_head and isinstance(bidder, JudgingBidder):
        plain = [auction_for(d, Vul.for_board(seed % 16 + 1), Bidder()) for seed, d in zip(seeds, all_deals)]
        gains = head_to_head(bidder, Bidder(), seeds, all_deals, tables, plain)
        mean, se = mean_se(gains)
        print(f"  judgement against the plain card, head to head: {mean:+.2f} \u00b1 {se:.2f} IMPs a deal "
              f"for the judging side ({len(gains)} deal-sides; better on {sum(g > 0 for g in gains)}, "
              f"worse on {sum(g < 0 for g in gains)})")
    print()
    deals = figures[-1].played
    if args.bidding_only:
        return
    card_play_report(seeds, all_deals, tables, deals, args.jobs, args.settings.split(","),
                     [p for p in PLAYERS + EXTRA_PLAYERS if p in args.players.split(",")], args.yardstick_cache,
                     args.log)

if __name__ == "__main__":
    main()

"""Find declarer problems on seeded deals, for ``lessons/problems.toml``.

Not a benchmark: the tool that built the bundled set (run it again to grow it).
For each seeded random deal, bridgekit's own bidding gives the auction; when
North-South end in a contract by South (the deal is turned so that the
declarer sits South) that double dummy makes exactly, each suit in which the
defenders hold an honour and the declaring side a combination becomes the
*free* suit: every way of dealing the defenders' cards of that suit, the
lengths kept, is a layout.  West leads the card of another suit that holds
declarer to the fewest tricks over the layouts.  The problem is kept when

* the contract makes on every layout after the lead;
* a line exists (the safe-card declarer of ``winning_line``, with its lowest,
  highest or richest safe card where it has a choice) that the check of
  ``check_problem`` accepts on every layout;
* the line has a decisive card: another card would make on some layout and
  fails on another, and the safe cards there are one group of equivalent
  cards (that card becomes the problem's ``key``).

Its themes are what ``themes_of`` names on the key cards; its level grows with
the number of tempting key decisions and how late the decisive one comes.

    python bench/make_problems.py --seeds 0-200 > /tmp/found.toml
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from math import comb

from bridgekit.auction import Auction
from bridgekit.cards import Rank, Suit
from bridgekit.deal import Deal
from bridgekit.game.bidding import Bidder
from bridgekit.seats import Seat, Vul
from bridgekit.tutor.problem import (FALLBACKS, LayoutSolver, Problem, check_problem, equivalent_groups,
                                     make_problem, winning_line)
from bridgekit.play import Play

SUIT_EN = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}
SUIT_FR = {Suit.S: "pique", Suit.H: "cœur", Suit.D: "carreau", Suit.C: "trèfle"}
TITLES = {
    "finesse": ("A finesse in {en}", "Une impasse à {fr}"),
    "duck": ("Duck in {en}", "Un coup à blanc à {fr}"),
    "ruff": ("A ruff in {en}", "Une coupe à {fr}"),
    "unblock": ("Unblock the {en}", "Débloquez les {frp}"),
    "throw-in": ("A throw-in", "Une remise en main"),
    "squeeze": ("A squeeze", "Un squeeze"),
    "safety": ("A safety play in {en}", "Un jeu de sécurité à {fr}"),
    "give-up": ("Give up a trick in {en} in time", "Cédez une levée à {fr} à temps"),
    "entry": ("Entries in {en}", "Les communications à {fr}"),
    "count": ("Count, then play the {en}", "Comptez, puis jouez {fr}"),
}
FR_PLURAL = {Suit.S: "piques", Suit.H: "cœurs", Suit.D: "carreaux", Suit.C: "trèfles"}


def turned(deal: Deal, declarer: Seat) -> tuple[Deal, int]:
    """The deal turned so that ``declarer`` sits South, and the turn (seats moved)."""
    shift = (int(Seat.S) - int(declarer)) % 4
    return Deal(deal[Seat((int(s) - shift) % 4)] for s in Seat), shift


def bid(deal: Deal, dealer: Seat, vul: Vul) -> Auction:
    """bridgekit's bidding for North-South, East-West passing throughout."""
    from bridgekit.calls import Call
    bidder = Bidder()
    auction = Auction(dealer)
    while not auction.is_complete() and len(auction.calls) < 40:
        seat = auction.turn  # type: ignore[attr-defined]
        if seat.side is Seat.N.side:
            auction.push(bidder.decide(auction, deal[seat], vul).call)  # type: ignore[arg-type]
        else:
            auction.push(Call.parse("P"))
    return auction


def candidates(seed: int) -> list[dict[str, object]]:
    """The problem tables to try for one seed (one per free suit)."""
    rng = random.Random(seed)
    deal = Deal.random(rng)
    dealer = Seat(seed % 4)
    auction = bid(deal, dealer, Vul.NONE)
    contract, declarer = auction.contract(), auction.declarer()
    if contract is None or declarer is None or declarer.side is not Seat.N.side or contract.level < 2:
        return []
    if contract.doubling.name != "UNDOUBLED":
        return []
    deal, shift = turned(deal, declarer)
    new_dealer = Seat((int(dealer) + shift) % 4)
    if any(call.kind.name != "PASS" for i, call in enumerate(auction.calls)
           if Seat((int(new_dealer) + i) % 4).side is not Seat.S.side):
        return []      # the defenders bid: their calls would limit the layouts
    out = []
    west, east = deal[Seat.W], deal[Seat.E]
    assert west is not None and east is not None
    for suit in Suit:
        theirs = [c for c in west.cards | east.cards if c.suit is suit]
        ours = [c for c in (deal[Seat.N].cards | deal[Seat.S].cards) if c.suit is suit]  # type: ignore[union-attr]
        if len(theirs) < 3 or not any(c.rank >= Rank.JACK for c in theirs):
            continue
        if not any(c.rank >= Rank.TEN for c in ours) or len(ours) < 4:
            continue
        n_layouts = comb(len(theirs), west.length(suit))
        if not 3 <= n_layouts <= 10:
            continue
        out.append({"id": f"s{seed}-{suit.name.lower()}", "deal": deal.str_from(Seat.N), "contract": str(contract),
                    "declarer": "S", "dealer": new_dealer.name, "vul": "None",
                    "auction": " ".join(str(c) for c in auction.calls),
                    "free": " ".join(str(c) for c in sorted(theirs, key=lambda c: -c.rank)),
                    "west": {suit.name: west.length(suit)}, "suit": suit})
    return out


def best_lead(raw: dict[str, object]) -> dict[str, object] | None:
    """West's lead outside the free suit that holds declarer to the fewest
    tricks over the layouts (None when no lead lets the contract make everywhere)."""
    from bridgekit import dds
    suit = raw["suit"]
    deal = Deal.parse(str(raw["deal"]))
    west = deal[Seat.W]
    assert west is not None
    leads = [c for c in west.cards if c.suit is not suit]
    probe = make_problem({**raw, "lead": str(leads[0])}, "found", 1)
    layouts = probe.layouts
    values = dds.solve_positions([(d, probe.strain, Seat.W, []) for d in layouts])
    totals = {c: [13 - v[c] for v in values] for c in leads if all(c in v for v in values)}
    target = probe.target
    makeable = {c: t for c, t in totals.items() if min(t) >= target}
    if not makeable:
        return None
    lead = min(makeable, key=lambda c: (sum(makeable[c]), -int(c.rank)))
    if min(makeable[lead]) > target:
        return None    # an overtrick everywhere: too loose to be a problem
    return {**raw, "lead": str(lead)}


def level_of(steps: list, key_index: int) -> int:  # type: ignore[type-arg]
    tempting = sum(1 for s in steps if s.key and s.tempting)
    trick = key_index // 4 + 1
    score = (tempting - 1) + (trick - 1) // 2
    return max(1, min(4, 1 + score // 2))


def finish(raw: dict[str, object]) -> tuple[Problem, dict[str, object]] | None:
    suit = raw.pop("suit")
    problem = make_problem(raw, "found", 1)
    solver = LayoutSolver(problem)
    for fallback in FALLBACKS:
        steps = winning_line(problem, 0, solver, fallback)
        if any(s.stuck for s in steps):
            continue
        cards = [s.card for s in steps]
        key = None
        for s in steps:
            if not (s.key and s.tempting):
                continue
            play = Play(problem.layouts[0], problem.strain, problem.declarer, cards[:s.index])
            group = next(g for g in equivalent_groups(play, play.legal_cards) if s.card in g)
            if all(c in group for c in s.safe):
                key = s
                break
        if key is None:
            continue
        line = tuple(s.card for s in steps if s.seat.side is problem.declarer.side and s.index > 0)
        candidate = dataclasses.replace(problem, line=line, key=(key.card,))
        report = check_problem(candidate, solver)
        if not report.ok:
            continue
        themes = [t for s in steps if s.key and s.tempting for t in s.themes]
        main = next((t for t in key.themes if t in TITLES), None) or next((t for t in themes if t in TITLES), None)
        ksuit = key.card.suit
        en, fr = TITLES.get(main or "", ("Find the right play in {en}", "Le bon coup à {fr}"))
        raw = {**raw, "line": " ".join(map(str, line)), "key": str(key.card),
               "level": level_of(steps, key.index),
               "themes": list(dict.fromkeys([t for t in key.themes] + themes)) or ["tricks"],
               "title": en.format(en=SUIT_EN[ksuit]), "title_fr": fr.format(fr=SUIT_FR[ksuit], frp=FR_PLURAL[ksuit])}
        del suit
        return candidate, raw
    return None


def toml_of(raw: dict[str, object]) -> str:
    lines = ["[[problem]]"]
    order = ["id", "level", "title", "title_fr", "themes", "deal", "contract", "declarer", "dealer", "vul",
             "auction", "lead", "free", "line", "key"]
    for k in order:
        v = raw[k]
        if isinstance(v, list):
            lines.append(f"{k} = [{', '.join(repr(x).replace(chr(39), chr(34)) for x in v)}]")
        elif isinstance(v, int):
            lines.append(f"{k} = {v}")
        else:
            lines.append(f'{k} = "{v}"')
    west = raw["west"]
    assert isinstance(west, dict)
    lines.append("west = { " + ", ".join(f'{k} = {v}' for k, v in west.items()) + " }")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0-50")
    ap.add_argument("--want", type=int, default=1000)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    found = 0
    t0 = time.time()
    for seed in range(int(lo), int(hi or lo) + 1):
        for raw in candidates(seed):
            led = best_lead(raw)
            if led is None:
                continue
            try:
                done = finish(led)
            except Exception as e:  # noqa: BLE001 - a tool: report and go on
                print(f"# seed {seed}: {e}", file=sys.stderr)
                continue
            if done is None:
                continue
            print(toml_of(done[1]), flush=True)
            found += 1
            print(f"# seed {seed}: {done[1]['id']} level {done[1]['level']} {done[1]['themes']} "
                  f"({time.time() - t0:.0f} s)", file=sys.stderr)
            break
        if found >= args.want:
            break


if __name__ == "__main__":
    main()

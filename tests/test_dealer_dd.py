"""tricks(), score(), imps() and --dd: bridgekit's solver and scoring inside
dealer scripts, checked against ``bridgekit dd`` and the rules."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from click.testing import CliRunner

from bridgekit.cards import Strain
from bridgekit.cli import cli
from bridgekit.contract import Contract, Result
from bridgekit.deal import Deal
from bridgekit.dealer import Options, parse, run
from bridgekit.dealer.evaluate import Batch, Context, evaluate
from bridgekit.dealer.output import pbn_deal
from bridgekit.dealer.shuffle import Shuffler
from bridgekit.rules import find_profile
from bridgekit.rules.imps import imps
from bridgekit.seats import Seat, Side, Vul


def _values(text: str, hands: np.ndarray) -> list[int]:
    prog = parse("v = " + text + "\n")
    return evaluate(prog.variables["v"], Batch(hands, Context(prog))).tolist()  # type: ignore[no-any-return]


def test_score_is_bridgekit_duplicate_scoring() -> None:
    hands = Shuffler({}, 1).deal(14)
    profile = find_profile("contract")
    for vul, word in ((Vul.NONE, "nv"), (Vul.ALL, "vul")):
        for contract in ("1C", "3N", "4S", "5D", "6H", "7N"):
            c = Contract.parse(contract.replace("N", "NT"))
            got = [_values(f"score({word}, x{contract}, {t})", hands[:1])[0] for t in range(14)]
            want = []
            for t in range(14):
                s = profile.score(Result(c, Seat.N, t), vul)
                want.append(s.total(Side.NS) - s.total(Side.EW))
            assert got == want
    assert _values("score(vul, x4S, 10)", hands[:1]) == [620]
    assert _values("score(nv, x3N, 8)", hands[:1]) == [-50]


@pytest.mark.parametrize("diff", [0, 10, 20, 420, -420, 1250, 3990, 4000, -5000])
def test_imps_follow_the_imp_table(diff: int) -> None:
    hands = Shuffler({}, 1).deal(1)
    assert _values(f"imps({diff})", hands) == [imps(diff)]


@pytest.mark.dds
def test_tricks_agree_with_bridgekit_dd() -> None:
    from bridgekit.dds import dd_table
    from bridgekit.dealer.dd import SolverTricks

    class Direct:
        def solve_deals(self, deals: list[Deal]) -> list[object]:
            return [dd_table(d) for d in deals]

    script = ("condition hcp(north) + hcp(south) >= 20 && tricks(south, notrumps) >= 0\n"
              "action printes(tricks(north, spades), \" \", tricks(east, hearts), \" \", trick(south, notrump),"
              " \" \", tricks(west, clubs), \" \", score(vul, x4S, tricks(north, spades)), \\n)\n")
    out: list[str] = []
    deals: list[tuple[int, ...]] = []
    run(parse(script), Options(seed=3, produce=3, tricks=SolverTricks(Direct()),
                               on_deal=lambda h, i: deals.append(h)), out.append)
    lines = "".join(out).splitlines()[:3]
    profile = find_profile("contract")
    for hands, line in zip(deals, lines):
        table = dd_table(Deal.parse(pbn_deal(hands)))
        ns = table.tricks(Seat.N, Strain.S)
        s = profile.score(Result(Contract.parse("4S"), Seat.N, ns), Vul.ALL)
        want = [ns, table.tricks(Seat.E, Strain.H), table.tricks(Seat.S, Strain.NT),
                table.tricks(Seat.W, Strain.C), s.total(Side.NS) - s.total(Side.EW)]
        assert [int(x) for x in line.split()] == want


@pytest.mark.dds
def test_cli_dd_simulation_counts_the_produced_deals(tmp_path: object) -> None:
    from bridgekit.dds import dd_table
    path = os.path.join(str(tmp_path), "s.dl")
    with open(path, "w") as f:
        f.write("predeal north SAKQJ2, HAK2, D32, C32\ncondition hcp(south) >= 8\naction printpbn\n")
    out_pbn = os.path.join(str(tmp_path), "out.pbn")
    r = CliRunner().invoke(cli, ["dealer", path, "-p", "4", "-s", "9", "--dd", "--contract", "4S",
                                 "--declarer", "N", "--json", "--no-cache", "-o", out_pbn])
    assert r.exit_code == 0, r.output + r.stderr
    data = json.loads(r.stdout)
    assert "Produced 4 hands" in r.stderr
    from bridgekit.formats import read_boards
    boards = list(read_boards(out_pbn))
    assert len(boards) == 4 and data["deals"] == 4
    tables = [dd_table(b.deal) for b in boards]
    row = next(x for x in data["tricks"] if x["declarer"] == "N" and x["strain"] == "S")
    assert sum(row["tricks"]) == 4
    assert row["tricks"] == [sum(1 for t in tables if t.tricks(Seat.N, Strain.S) == k) for k in range(14)]
    assert data["contract"]["makes"] == sum(1 for t in tables if t.tricks(Seat.N, Strain.S) >= 10)

"""bridgekit dealer against the real dealer (Hans van Staveren's program).

The oracle: every deal bridgekit produces for a script is given back to
``dealer`` as a ``predeal`` of all four hands with ``generate 1``; dealer must
produce it and print exactly what bridgekit prints for it (every print
action, every function's value through ``printes``, the end reports), except
the time line.  Acceptance rates over many deals agree within sampling error.
Skipped where dealer is not installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess

import pytest

from bridgekit.dealer import Options, parse, run
from bridgekit.dealer.output import predeal_statement

DEALER = shutil.which("dealer") or ("/usr/games/dealer" if os.path.exists("/usr/games/dealer") else None)
needs_dealer = pytest.mark.skipif(DEALER is None, reason="dealer is not installed (apt-get install dealer)")

# Scripts that together use every statement, function and action of the manual
# (tricks/score/imps/evalcontract need GIB in dealer: see test_dealer_dd.py).
SCRIPTS = {
    "opening": """
# one no trump opener, a five-card major opposite
generate 200000
produce 6
dealer south
vulnerable EW
nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)
major = spades(south) >= 5 or hearts(south) >= 5
condition nt and major
action printall, printew, printpbn, printcompact, printcompact(hcp(south)), printoneline,
       printoneline(hcp(north) + hcp(south)), print(north, south),
       average "south points" hcp(south), average hcp(north),
       frequency "south spades" (spades(south), 4, 6),
       frequency (hcp(south), 5, 9, spades(south), 5, 6)
""",
    "functions": """
/* every hand function, printed through printes */
produce 8
a = hcp(west) > 9 ? 1 : 0   // a variable
b = not (hcp(east) < 4) && !(clubs(east) == 0)
condition (a || b) and (hcp(north) + hcp(south) * 2 - hcp(east) / 3 % 5 != 7)
action printes("hcp ", hcp(north), " ", hcp(east, spades), " ", hcp(south, hearts), " ", hcp(west, diamonds), \\n,
  "len ", spades(north), hearts(east), diamonds(south), clubs(west), club(north), \\n,
  "los ", loser(north), " ", loser(east, clubs), " ", losers(south), " ", loser(west, spades), \\n,
  "ctl ", control(north), " ", controls(east, hearts), " ", control(west), \\n,
  "pt ", pt0(north), pt1(north), pt2(north), pt3(north), pt4(north), pt5(north), pt6(north), pt7(north),
  pt8(north), pt9(north), " ", pt9(south, spades), " ", pt4(east, clubs), \\n,
  "syn ", tens(east), jacks(east), queens(east), kings(east), aces(east), top2(east), top3(east), top4(east),
  top5(east), " ", c13(east), " ", top4(west, hearts), \\n,
  "c4 ", cccc(north), " ", cccc(east), " ", cccc(south), " ", cccc(west), \\n,
  "q ", quality(north, spades), " ", quality(east, hearts), " ", quality(south, diamonds), " ",
  quality(west, clubs), \\n,
  "card ", hascard(north, AS), hascard(east, TC), hascard(south, 2D), hascard(west, KH), \\n,
  "ar ", hcp(north) - 20, " ", -3 * hcp(east), " ", (hcp(south) - 11) / 3, " ", (hcp(west) - 11) % 3, " ",
  hcp(north) > hcp(south), hcp(north) >= 10, hcp(east) < 8, hcp(east) <= 8, hcp(west) == 10,
  hcp(west) != 10, \\n,
  "shape ", shape(north, any 4333), shape(east, 5xxx + x5xx), shape(south, any 5440 + any 6xxx - 6xx0),
  shape(west, xxx0, xx0x), \\n)
""",
    "counts": """
produce 6
pointcount 6 4 2 1
altcount 2 1 1 1 1 1 1 1 1 1 1 1 1 1
altcount 8 1 1 0 1
condition hcp(north) >= 16
action printes("hcp ", hcp(north), " ", hcp(south, spades), " pt0 ", pt0(north), " pt6 ", pt6(north),
  " los ", loser(north), " ", loser(south), " ctl ", control(north), " c4 ", cccc(north), \\n),
  printoneline
""",
    "predeal": """
/* From dealer's manual: "you hold" (dealer prints the letters E, O, F, <
   and > of its comments: OFFICE <ok>) */
generate 500000
produce 5
predeal south SAQ542, HKJ87, D32, CAK
predeal north S3, H2
west1c = hcp(west) > 10 && clubs(west) >= 3 && not shape(west, any 4333 + any 4432 + any 5332)
north2d = diamonds(north) >= 6 && hcp(north) > 5 && hcp(north) < 11
west1c and north2d
action printall, printoneline
""",
    "rare": """
# a rare condition: about one deal in twenty thousand
generate 3000000
produce 2
condition hcp(north) >= 25 and shape(north, any 4333 + any 4432)
action printoneline(hcp(north)), printes("north ", hcp(north), \\n)
""",
    "everyone": """
produce 5
n1 = hcp(north) >= 12 && (spades(north) >= 5 || hearts(north) >= 5)
e1 = top4(east, spades) >= 2 || top4(east, hearts) >= 2
s1 = shape(south, any 4441 + any 5431) && loser(south) <= 8
w1 = hcp(west) < 10 && top4(west) >= 1
n1 && (e1 || s1) && w1 && c13(north) >= 10
action printcompact(top4(north) + top4(south)), average "tops" top4(north) + top4(east) + top4(south) + top4(west)
""",
}


def _without_predeal(script: str) -> str:
    for start, end in reversed(parse(script).predeal_spans):
        script = script[:start] + script[end:]
    return script


def _ours(script: str, path: str, seed: int = 1, **kw: object) -> tuple[str, list[tuple[int, ...]]]:
    out: list[str] = []
    deals: list[tuple[int, ...]] = []
    opts = Options(seed=seed, input_name=path, on_deal=lambda h, i: deals.append(h), **kw)  # type: ignore[arg-type]
    run(parse(script), opts, out.append)
    return "".join(out), deals


def _real(path: str, *flags: str) -> str:
    assert DEALER is not None
    proc = subprocess.run([DEALER, "-s", "1", *flags, path], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _no_time(text: str) -> str:
    return re.sub(r"Time needed .*\n", "", text)


@needs_dealer
@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_dealer_produces_and_prints_each_deal_as_dealer(name: str, tmp_path: object) -> None:
    script = SCRIPTS[name]
    _, deals = _ours(script, "x.dl")
    assert deals, "bridgekit produced nothing"
    body = _without_predeal(script)
    path = os.path.join(str(tmp_path), f"{name}.dl")
    for hands in deals:
        full = predeal_statement(hands) + body
        with open(path, "w") as f:
            f.write(full)
        real = _real(path, "-g", "1")
        assert "Produced 1 hands" in real or "[Deal" in real, f"dealer rejects a deal bridgekit produced:\n{full}"
        mine, _ = _ours(full, path, generate=1)
        assert _no_time(mine) == _no_time(real)


def _rate(text: str) -> tuple[int, int]:
    g = int(re.search(r"Generated (\d+) hands", text).group(1))  # type: ignore[union-attr]
    p = int(re.search(r"Produced (\d+) hands", text).group(1))  # type: ignore[union-attr]
    return g, p


@needs_dealer
@pytest.mark.parametrize("name", ["opening", "functions", "counts", "predeal", "everyone"])
def test_acceptance_rate_agrees_with_dealer(name: str, tmp_path: object) -> None:
    body = re.sub(r"(?ms)^action .*", "", SCRIPTS[name])
    body = re.sub(r"(?m)^(generate|produce) .*\n", "", body) + "\naction average \"one\" 1\n"
    path = os.path.join(str(tmp_path), "rate.dl")
    with open(path, "w") as f:
        f.write(body)
    n = 100_000
    g1, p1 = _rate(_real(path, "-g", str(n)))
    out, _ = _ours(body, path, generate=n)
    g2, p2 = _rate(out)
    assert g1 == g2 == n
    p = (p1 + p2) / (2 * n)
    assert p > 0
    z = abs(p1 - p2) / n / math.sqrt(p * (1 - p) * 2 / n)
    assert z < 4.0, (p1, p2)


def test_same_seed_same_deals_whatever_produce() -> None:
    script = "condition hcp(north) >= 12\naction printoneline\n"
    a, da = _ours(script, "x", produce=5)
    b, db = _ours(script, "x", produce=50)
    assert da == db[:5]
    assert len(set(db)) == 50
    c, dc = _ours(script, "x", produce=5, seed=2)
    assert dc != da

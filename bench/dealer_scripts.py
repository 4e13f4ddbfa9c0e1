"""Try ``bridgekit dealer`` on a folder of real dealer scripts, with the real
``dealer`` as the judge.

    python bench/dealer_scripts.py DIR [--deals 5] [--glob '*.dl*']

For each script: both programs parse it (or both reject it); bridgekit
produces up to DEALS deals (seed 1); each is given back to dealer as a
``predeal`` of all four hands with ``-g 1`` (the script's own predeal lines
replaced), and dealer's whole output must equal bridgekit's for it, the
time line aside.  Scripts that use ``tricks()`` are run by bridgekit only
(dealer needs GIB for them).  Prints one line per script and a summary.
Public collections (practice-bidding scenario sets, for example) are not
copied into this repository: point DIR at a checkout of one.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgekit.dealer import EvaluationError, Options, ScriptError, parse, run  # noqa: E402
from bridgekit.dealer.output import predeal_statement  # noqa: E402

def ours(text: str, path: str, **kw: object) -> tuple[str, list[tuple[int, ...]]]:
    out: list[str] = []
    deals: list[tuple[int, ...]] = []
    opts = Options(seed=1, input_name=path, on_deal=lambda h, i: deals.append(h), **kw)  # type: ignore[arg-type]
    run(parse(text), opts, out.append)
    return "".join(out), deals


def real(dealer: str, path: str, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([dealer, "-s", "1", *flags, path], capture_output=True, text=True, timeout=300)


def no_time(text: str) -> str:
    return re.sub(r"Time needed .*\n", "", text)


def try_script(dealer: str, script: Path, deals: int, tmp: str) -> str:
    text = script.read_text(encoding="utf-8", errors="replace")
    theirs_ok = real(dealer, str(script), "-g", "1").returncode == 0
    try:
        program = parse(text)
    except ScriptError as e:
        return f"both reject it ({e})" if not theirs_ok else f"MISMATCH bridgekit rejects it: {e}"
    if "tricks" in text or "evalcontract" in text or "score" in text or "imps" in text:
        _, got = ours(text, str(script), produce=deals)
        return f"bridgekit only (tricks/score/imps need GIB in dealer): {len(got)} deals"
    if not theirs_ok:
        return "MISMATCH dealer rejects it, bridgekit runs it"
    try:
        _, got = ours(text, str(script), produce=deals, generate=2_000_000)
    except EvaluationError as e:
        return f"bridgekit stops: {e}"
    if not got:
        return "no deal in 2,000,000 (both would need more)"
    body = text
    for start, end in reversed(program.predeal_spans):
        body = body[:start] + " " * 0 + "\n" * text.count("\n", start, end) + body[end:]
    path = os.path.join(tmp, script.name)
    bad = 0
    for hands in got:
        full = predeal_statement(hands) + body
        Path(path).write_text(full, encoding="utf-8")
        theirs = real(dealer, path, "-g", "1")
        mine, _ = ours(full, path, generate=1)
        if theirs.returncode != 0 or no_time(theirs.stdout) != no_time(mine):
            bad += 1
    return f"{len(got)} deals, {len(got) - bad} identical" + ("" if not bad else f", MISMATCH {bad}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--glob", default="*.dl*")
    args = ap.parse_args()
    dealer = shutil.which("dealer") or "/usr/games/dealer"
    scripts = sorted(Path(args.folder).glob(args.glob))
    mismatches = 0
    with tempfile.TemporaryDirectory() as tmp:
        for s in scripts:
            verdict = try_script(dealer, s, args.deals, tmp)
            mismatches += "MISMATCH" in verdict
            print(f"{s.name:40} {verdict}")
    print(f"{len(scripts)} scripts, {mismatches} with a mismatch")


if __name__ == "__main__":
    main()

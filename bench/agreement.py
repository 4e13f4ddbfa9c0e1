"""Agreement of bridgekit's DD tables and par with the tags other programs
wrote in the corpus files (``DoubleDummyTricks``, ``OptimumResultTable``,
``OptimumScore``, ``ParContract``), by file and by convention.

    python bench/agreement.py [--limit N] [--json OUT]

Every board carrying one of the tags is solved with DDS (the tags are never
used as a cache here) and compared under the conventions named in
``bridgekit.analysis.ddtags``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgekit.analysis.ddtags import (DD_TAG, ORT_TAG, PAR_TAG, SCORE_TAG, board_deal,  # noqa: E402
                                       board_vul_dealer, compare_tags)
from bridgekit.dds import dd_tables, dds_par  # noqa: E402
from bridgekit.errors import BridgekitError  # noqa: E402
from bridgekit.formats import read_boards  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
TAGS = (DD_TAG, ORT_TAG, SCORE_TAG, PAR_TAG)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=None, help="boards per file at most")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    files = sorted((CORPUS / "pbn").rglob("*.pbn"))
    by_file: dict[str, Counter[str]] = defaultdict(Counter)
    totals: Counter[str] = Counter()
    notes: list[str] = []
    start = time.perf_counter()
    for path in files:
        rel = str(path.relative_to(CORPUS))
        try:
            boards = [b for b in read_boards(str(path))
                      if any(b.get(t) is not None or t in b.tables for t in TAGS)]
        except BridgekitError as e:
            notes.append(f"{rel}: unreadable: {e}")
            continue
        if args.limit:
            boards = boards[:args.limit]
        todo = []
        for b in boards:
            deal, why = board_deal(b)
            if deal is None:
                by_file[rel]["no deal"] += 1
                continue
            todo.append((b, deal))
        if not todo:
            continue
        tables = dd_tables([d for _, d in todo])
        for (b, _), table in zip(todo, tables):
            vul, dealer = board_vul_dealer(b)
            par = dds_par(table, vul, dealer) if vul is not None and dealer is not None else None
            for tag, verdict in compare_tags(b, table, par).items():
                by_file[rel][f"{tag} {verdict}"] += 1
                totals[f"{tag} {verdict}"] += 1
                if verdict in ("disagree", "unreadable", "subset"):
                    notes.append(f"{rel} board {b.label}: {tag} {verdict}: theirs {b.get(tag)!r}"
                                 + (f", ours {par.par_contract() if tag == PAR_TAG else par.optimum_score()}"
                                    if par is not None and tag in (PAR_TAG, SCORE_TAG) else ""))
        print(f"{rel}: {dict(by_file[rel])}", file=sys.stderr)
    print(f"\nsolved in {time.perf_counter() - start:.0f}s\n")
    for tag in TAGS:
        verdicts = {k.split(" ", 1)[1]: v for k, v in totals.items() if k.startswith(tag + " ")}
        n = sum(verdicts.values())
        if n:
            agree = sum(v for k, v in verdicts.items() if k not in ("disagree", "unreadable"))
            print(f"{tag}: {agree}/{n} agree ({100 * agree / n:.1f}%): {verdicts}")
    print()
    for rel, counts in sorted(by_file.items()):
        print(f"{rel}: {dict(sorted(counts.items()))}")
    print("\nDisagreements and partial agreements:")
    for n in notes:
        print("  " + n)
    if args.json:
        args.json.write_text(json.dumps({"totals": totals, "files": by_file, "notes": notes}, indent=1))


if __name__ == "__main__":
    main()

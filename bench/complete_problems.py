"""Complete hand-made declarer problems: find each one's line and key card
with the solver (``tutor.problem.complete_problem``) and print them as TOML
for ``lessons/problems.toml``; a problem with no checked line is reported on
stderr and left out.

    python bench/complete_problems.py drafts.toml >> lessons/problems.toml
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from bridgekit.tutor.problem import complete_problem, make_problem


def toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> int:
    bad = 0
    for path in sys.argv[1:]:
        raws = tomllib.loads(Path(path).read_text(encoding="utf-8"))["problem"]
        for i, raw in enumerate(raws, start=1):
            problem = make_problem(raw, Path(path).name, i)
            done = complete_problem(problem)
            if done is None:
                print(f"{problem.id}: no line the check accepts", file=sys.stderr)
                bad += 1
                continue
            raw = {**raw, "line": " ".join(map(str, done[0].line)), "key": " ".join(map(str, done[0].key))}
            print("[[problem]]")
            for k, v in raw.items():
                print(f"{k} = {toml_value(v)}")
            print(flush=True)
            print(f"{problem.id}: key {raw['key']}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

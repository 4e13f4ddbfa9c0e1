"""Double-dummy tricks for dealer scripts: ``tricks()`` through bridgekit's
solver (in batches, through the deal cache, on a Dask cluster when asked),
and the simulation ``bridgekit dealer --dd`` reports over the produced deals.

Tricks are the declaring side's, for each declarer (N E S W) and strain
(C D H S NT), as ``bridgekit.dds.DDTable`` gives them.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from ..cards import Strain
from ..contract import Contract
from ..errors import BridgekitError
from ..seats import Seat
from .output import pbn_deal
from ..notation import Message

_STRAIN_NAMES = ("C", "D", "H", "S", "NT")
_SEATS = "NESW"
_REMEMBER = 100_000


class SolverTricks:
    """``tricks(hands)`` for the evaluator: (m, 4) hand masks in, (m, 4, 5)
    tricks out, each distinct deal solved once (the solver's own deal cache
    keeps them across runs)."""

    def __init__(self, solver: Any) -> None:
        self.solver = solver
        self.known: OrderedDict[tuple[int, ...], np.ndarray] = OrderedDict()

    def __call__(self, hands: np.ndarray) -> np.ndarray:
        from ..deal import Deal
        rows = [tuple(h) for h in hands.tolist()]
        missing = list(dict.fromkeys(r for r in rows if r not in self.known))
        if missing:
            deals = [Deal.parse(pbn_deal(r)) for r in missing]
            for r, table in zip(missing, self.solver.solve_deals(deals)):
                self.known[r] = np.asarray(table.cells, dtype=np.int8).reshape(4, 5)
            while len(self.known) > _REMEMBER:
                self.known.popitem(last=False)
        out = np.empty((len(rows), 4, 5), dtype=np.int8)
        for i, r in enumerate(rows):
            out[i] = self.known[r]
        return out


@dataclass(frozen=True)
class DDRequest:
    """What ``--dd`` reports: the declarers and strains, and a contract."""

    declarers: tuple[int, ...] = (0, 2)
    strains: tuple[int, ...] = (0, 1, 2, 3, 4)
    contract: Contract | None = None
    declarer: int | None = None


def parse_request(contract: str | None, declarer: str | None) -> DDRequest:
    """``--contract 4S --declarer N``.  Raises ValueError (a BridgekitError)
    for a bad contract or seat, or one given without the other."""
    if (contract is None) != (declarer is None):
        raise BridgekitError(Message('give --contract and --declarer together (--contract 4S --declarer N)'))
    if contract is None:
        return DDRequest()
    c = Contract.parse(contract)
    if c.is_passed_out or c.strain is None:
        raise BridgekitError(Message('--contract {contract}: give a contract that is bid (4S, 3NT)',
                                     contract=contract))
    seat = int(Seat.parse(declarer or ""))
    pair = (seat, (seat + 2) % 4)
    return DDRequest(declarers=tuple(sorted(pair)), contract=c, declarer=seat)


@dataclass
class Summary:
    """Tricks over the produced deals for each (declarer, strain) asked."""

    deals: int
    request: DDRequest
    counts: dict[tuple[int, int], list[int]] = field(default_factory=dict)

    def mean_interval(self, key: tuple[int, int]) -> tuple[float, float, float]:
        """Mean tricks and its 95% interval (normal approximation)."""
        c = np.asarray(self.counts[key], dtype=float)
        n = c.sum()
        t = np.arange(14)
        mean = float((c * t).sum() / n)
        var = float((c * (t - mean) ** 2).sum() / max(n - 1, 1))
        half = 1.96 * math.sqrt(var / n)
        return mean, mean - half, mean + half

    def makes(self) -> tuple[int, float, float, float] | None:
        """(deals where the contract makes, chance, 95% interval low, high),
        the interval by Wilson's score method."""
        req = self.request
        if req.contract is None or req.declarer is None or req.contract.strain is None:
            return None
        c = self.counts[(req.declarer, int(req.contract.strain))]
        made = sum(c[req.contract.level + 6:])
        n = self.deals
        p = made / n
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return made, p, max(0.0, centre - half), min(1.0, centre + half)

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for (seat, strain), c in self.counts.items():
            mean, lo, hi = self.mean_interval((seat, strain))
            rows.append({"declarer": _SEATS[seat], "strain": _STRAIN_NAMES[strain], "tricks": c,
                         "mean": round(mean, 3), "interval95": [round(lo, 3), round(hi, 3)]})
        out: dict[str, Any] = {"deals": self.deals, "tricks": rows}
        m = self.makes()
        if m is not None and self.request.contract is not None and self.request.declarer is not None:
            out["contract"] = {"contract": str(self.request.contract), "declarer": _SEATS[self.request.declarer],
                               "makes": m[0], "chance": round(m[1], 4),
                               "interval95": [round(m[2], 4), round(m[3], 4)]}
        return out

    def render(self) -> str:
        """A table that fits 80 columns: tricks down, (declarer, strain) across,
        percentages of the deals; then the mean and its 95% interval."""
        keys = list(self.counts)
        lines = [f"Double-dummy tricks over {self.deals} deal{'s' if self.deals != 1 else ''} "
                 "(% of deals; declarer:strain)"]
        head = "tricks" + "".join(f"{_SEATS[s] + ':' + _STRAIN_NAMES[t]:>7}" for s, t in keys)
        lines.append(head)
        used = [i for i in range(14) if any(self.counts[k][i] for k in keys)]
        for i in used:
            lines.append(f"{i:6d}" + "".join(f"{100 * self.counts[k][i] / self.deals:7.1f}" for k in keys))
        stats = [self.mean_interval(k) for k in keys]
        lines.append("  mean" + "".join(f"{m:7.2f}" for m, _, _ in stats))
        lines.append("95% lo" + "".join(f"{lo:7.2f}" for _, lo, _ in stats))
        lines.append("95% hi" + "".join(f"{hi:7.2f}" for _, _, hi in stats))
        m = self.makes()
        if m is not None and self.request.contract is not None and self.request.declarer is not None:
            seat = Seat(self.request.declarer).name
            lines.append(f"{self.request.contract} by {seat} makes on {m[0]} of {self.deals} deals: "
                         f"{100 * m[1]:.1f}% (95% interval {100 * m[2]:.1f}-{100 * m[3]:.1f}%)")
        return "\n".join(lines)


def summarise(hands: Sequence[tuple[int, ...]], request: DDRequest, tricks: SolverTricks,
              chunk: int = 400) -> Summary:
    """Solve the deals (in chunks, through ``tricks``) and count."""
    summary = Summary(len(hands), request)
    keys = [(s, t) for s in request.declarers for t in request.strains]
    acc = {k: np.zeros(14, dtype=np.int64) for k in keys}
    for i in range(0, len(hands), chunk):
        dd = tricks(np.asarray(hands[i:i + chunk], dtype=np.uint64))
        for s, t in keys:
            acc[(s, t)] += np.bincount(dd[:, s, t].astype(np.int64), minlength=14)
    summary.counts = {k: v.tolist() for k, v in acc.items()}
    return summary


__all__ = ["SolverTricks", "DDRequest", "parse_request", "Summary", "summarise", "Strain"]

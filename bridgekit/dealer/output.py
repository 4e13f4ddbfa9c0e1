"""dealer's output formats, byte for byte: the per-deal print actions and the
end-of-run reports (``print(...)``, ``average``, ``frequency``,
``evalcontract`` and the statistics lines).

A deal here is a tuple of four 52-bit masks (North, East, South, West; bit
``suit * 13 + rank``).  Every function returns text; nothing is printed.
"""

from __future__ import annotations

import datetime
from typing import Callable, Sequence

RANKS = "23456789TJQKA"
SEAT_LETTERS = "nesw"
SEAT_NAMES = ("North", "East", "South", "West")
PBN_DEALERS = "NESW"
#: Vulnerability of board n (n from 0), as dealer rotates it.
BOARD_VUL = (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)
VUL_NAMES = ("None", "NS", "EW", "All")

Hands = Sequence[int]
ScoreFn = Callable[[int, int, int, int], int]


def suit_cards(hand: int, suit: int) -> list[str]:
    """Ranks of a suit, ace first."""
    h = (hand >> (13 * suit)) & 0x1FFF
    return [RANKS[r] for r in range(12, -1, -1) if h >> r & 1]


def hand_dotted(hand: int) -> str:
    """``AKQ.JT9.876.5432`` (spades first)."""
    return ".".join("".join(suit_cards(hand, s)) for s in (3, 2, 1, 0))


def _columns(hands: Sequence[int]) -> str:
    """dealer's side-by-side layout: for each suit, each hand's cards
    separated by spaces, every column but the last padded to 20 characters."""
    lines = []
    for suit in (3, 2, 1, 0):
        cells = []
        for h in hands:
            cards = suit_cards(h, suit)
            cells.append("".join(c + " " for c in cards) if cards else "- ")
        lines.append("".join(c.ljust(20) for c in cells[:-1]) + cells[-1] + "\n")
    return "".join(lines) + "\n"


def printall(hands: Hands, number: int) -> str:
    return f"{number:4d}.\n" + _columns(list(hands))


def printew(hands: Hands) -> str:
    return _columns([hands[3], hands[1]])


def compact(hands: Hands, oneline: bool) -> str:
    end = " " if oneline else "\n"
    return "".join(f"{SEAT_LETTERS[p]} {hand_dotted(hands[p])}{end}" for p in range(4))


def predeal_statement(hands: Hands) -> str:
    """The deal as a dealer ``predeal`` of all four hands (one line)."""
    parts = []
    for hand, name in zip(hands, ("north", "east", "south", "west")):
        suits = hand_dotted(hand).split(".")
        parts.append(name + " " + ", ".join(s + c for s, c in zip("SHDC", suits)))
    return "predeal " + " ".join(parts) + "\n"


def pbn_deal(hands: Hands) -> str:
    return "N:" + " ".join(hand_dotted(h) for h in hands)


def printpbn(hands: Hands, board: int, dealer: int | None, vulnerable: str | None,
             input_file: str, seed: int, today: datetime.date | None = None) -> str:
    """``board`` counts from 0 as in dealer (it prints ``board + 1``)."""
    day = (today or datetime.date.today()).strftime("%Y.%m.%d")
    deal_seat = PBN_DEALERS[board % 4 if dealer is None else dealer]
    vul = VUL_NAMES[BOARD_VUL[board % 16]] if vulnerable is None else vulnerable
    return (f'[Event "Hand simulated by dealer with file {input_file}, seed {seed}"]\n'
            '[Site "-"]\n'
            f'[Date "{day}"]\n'
            f'[Board "{board + 1}"]\n'
            '[West "-"]\n[North "-"]\n[East "-"]\n[South "-"]\n'
            f'[Dealer "{deal_seat}"]\n'
            f'[Vulnerable "{vul}"]\n'
            f'[Deal "{pbn_deal(hands)}"]\n'
            '[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n')


def print_hands(seats: Sequence[int], deals: Sequence[Hands]) -> str:
    """``print(north, south)``: each seat's hands four across, then a form feed."""
    out = []
    for seat in seats:
        out.append(f"\n\n{SEAT_NAMES[seat]} hands:\n\n\n\n")
        for i in range(0, len(deals), 4):
            group = deals[i:i + 4]
            out.append("".join(f"{i + k + 1:4d}.{' ':>15}" for k in range(len(group))) + "\n")
            out.append(_columns([d[seat] for d in group]))
        out.append("\f")
    return "".join(out)


def c_g(value: float) -> str:
    """C's ``%g`` (Python's % operator follows it, but not for nan)."""
    if value != value:
        return "-nan"
    return "%g" % value


def average(label: str | None, total: int, produced: int) -> str:
    value = total / produced if produced else float("nan")
    return (f"{label}: " if label is not None else "") + c_g(value) + "\n"


def frequency(label: str | None, low: int, counts: Sequence[int], under: int, over: int) -> str:
    out = [f"Frequency {label or ''}:\n"]
    if under:
        out.append(f"Low\t{under:8d}\n")
    for i, c in enumerate(counts):
        out.append(f"{low + i:5d}\t{c:8d}\n")
    if over:
        out.append(f"High\t{over:8d}\n")
    return "".join(out)


def frequency2d(label: str | None, low1: int, high1: int, low2: int, high2: int,
                grid: Sequence[Sequence[int]]) -> str:
    """``grid[i][j]``: i over Low, low1..high1, High; j likewise for the second expression."""
    out = [f"Frequency {label or ''}:\n", "        Low"]
    out.extend(f" {low2 + j:6d}" for j in range(high2 - low2 + 1))
    out.append("   High    Sum\n")
    rows = high1 - low1 + 3
    for i in range(rows):
        if i == 0:
            out.append("Low ")
        elif i == rows - 1:
            out.append("High")
        else:
            out.append(f"{i + low1 - 1:4d}")
        out.extend(f" {n:6d}" for n in grid[i])
        out.append(f" {sum(grid[i]):6d}\n")
    out.append("Sum ")
    cols = high2 - low2 + 3
    out.extend(f" {sum(grid[i][j] for i in range(rows)):6d}" for j in range(cols))
    out.append(f" {sum(sum(r) for r in grid):6d}\n\n")
    return "".join(out)


def evalcontract(results: Sequence[Sequence[Sequence[int]]], produced: int,
                 score: ScoreFn) -> str:
    """``results[d][strain][tricks]``: how often North (d=0) and South (d=1)
    took so many tricks; prints each contract's average score."""
    out = []
    for v in (0, 1):
        out.append(("" if v else "Not ") + "Vulnerable\n")
        out.append("   " + "".join(f"  {lvl}       " for lvl in range(1, 8)) + "\n")
        for s in range(5):
            out.append(f"{'cdhsn'[s]}: ")
            for lvl in range(1, 8):
                t = sum(results[0][s][i] * score(v, s, lvl, i) for i in range(14))
                tn = sum(results[1][s][i] * score(v, s, lvl, i) for i in range(14))
                out.append(f"{_cdiv(t, produced):4d}/{_cdiv(tn, produced):4d} ")
            out.append("\n")
        out.append("\n")
    return "".join(out)


def _cdiv(a: int, b: int) -> int:
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def statistics(generated: int, produced: int, seed: int, seconds: float) -> str:
    return (f"Generated {generated} hands\nProduced {produced} hands\n"
            f"Initial random seed {seed}\nTime needed {seconds:8.3f} sec\n")


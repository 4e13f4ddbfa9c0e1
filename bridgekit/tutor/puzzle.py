"""Double-dummy puzzles from played deals (``bridgekit lesson puzzle``).

A puzzle is the position just before a card that cost its side a trick,
found by the post-mortem ``bridgekit analyse`` makes (``analysis.postmortem``:
DDS values every legal card before every card played).  The learner sits in
the seat that went wrong, sees the auction, the cards still out (all four
hands, double dummy), the trick so far and the tricks won, and names a card;
bridgekit says whether it keeps the trick count, shows the best cards, and
what the card played at the table cost.

Sources: any PBN or LIN file with recorded play; by default the bundled
samples and ``lessons/puzzles.pbn`` (deals bridgekit played against itself
with ``bridgekit play --auto``, kept for their mistakes).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, TextIO

from ..cards import Card, Strain, sorted_desc
from ..deal import Deal, Hand
from ..errors import BridgekitError, IllegalCardError
from ..play import Play
from ..seats import Seat
from .answers import parse_answer
from .runner import LineTalk
from ..i18n import _, _n
from ..notation import card_text, contract_text
from .i18n import seat_name, side_name


@dataclass(frozen=True)
class Puzzle:
    """The position before a costly card, with DDS's value of every legal card."""

    source: str
    board: str | None
    deal: Deal
    strain: Strain
    declarer: Seat
    contract: str
    auction: object | None      # the board's AuctionRecord, for the diagram
    dealer: Seat | None
    played: tuple[Card, ...]    # the cards played before the position
    seat: Seat                  # the player to move
    card: Card                  # what was played at the table
    cost: int                   # tricks it cost the player's side
    best: tuple[Card, ...]
    values: dict[Card, int]     # every legal card -> declarer's side's total

    def play(self) -> Play:
        play = Play(self.deal, self.strain, self.declarer)
        for card in self.played:
            play.push(card)
        return play

    def side_total(self, card: Card) -> int:
        """Tricks the player's side takes in all after ``card`` (perfect play after)."""
        total = self.values[card]
        return total if self.seat.side is self.declarer.side else 13 - total

    @property
    def target(self) -> int:
        return max(self.side_total(c) for c in self.values)


def find_puzzles(boards: Iterable[tuple[object, str]]) -> Iterator[Puzzle]:
    """The first costly card of each (board, source name) that has a complete
    deal, a contract and recorded play (boards that cannot be analysed are
    skipped).  Lazy: each board is solved when its puzzle is wanted."""
    from ..analysis.postmortem import PostMortemError, analyse_board
    for board, source in boards:
        try:
            pm = analyse_board(board)  # type: ignore[arg-type]
        except (PostMortemError, BridgekitError):
            continue
        cards = [card for _seat, card, _e in board.play.played_order(pm.strain)]  # type: ignore[attr-defined]
        verdict = next((v for v in pm.verdicts if v.cost > 0 and worth_solving(pm.deal, pm.strain, pm.declarer,
                                                                                cards[:v.index], v.best)), None)
        if verdict is None:
            continue
        yield Puzzle(source, getattr(board, "label", None), pm.deal, pm.strain, pm.declarer, pm.contract,
                     getattr(board, "auction", None), getattr(board, "dealer", None),
                     tuple(cards[:verdict.index]), verdict.seat, verdict.card, verdict.cost, verdict.best,
                     dict(verdict.values))


def worth_solving(deal: Deal, strain: Strain, declarer: Seat, played: list[Card], best: Iterable[Card]) -> bool:
    """A position worth a puzzle: not the opening lead (no one can learn a
    double-dummy lead), and the cards that keep the trick count are one card
    or one group of equivalent cards, among at least two groups."""
    from .problem import equivalent_groups
    if not played:
        return False
    play = Play(deal, strain, declarer, played)
    best = list(best)
    groups = equivalent_groups(play, play.legal_cards)
    keeping = [g for g in groups if any(c in best for c in g)]
    return len(keeping) == 1 and len(groups) >= 2


def default_sources() -> list[Path]:
    """The bundled samples with play, and the bundled puzzle games."""
    from .loader import lessons_dir
    here = lessons_dir()
    found = [here / "puzzles.pbn"]
    samples = here.parent / "samples" / "match.pbn"
    if samples.is_file():
        found.append(samples)
    return [p for p in found if p.is_file()]


def load_puzzles(paths: list[Path], count: int, seed: int | None = None) -> list[Puzzle]:
    """Up to ``count`` puzzles from the boards of ``paths``, taken in an order
    shuffled by ``seed`` (only the boards needed are solved)."""
    from itertools import islice

    from ..formats import read_boards
    boards = [(board, path.name) for path in paths for board in read_boards(str(path))
              if getattr(board, "play", None) is not None]
    random.Random(seed).shuffle(boards)
    return list(islice(find_puzzles(boards), count))


# -- showing a puzzle ------------------------------------------------------------

def position_text(pz: Puzzle, lang: str, ascii: bool = False) -> str:
    from ..render import render_auction, render_deal
    play = pz.play()
    left = {}
    for seat in Seat:
        hand = pz.deal[seat]
        left[seat] = [c for c in (hand.cards if hand is not None else ()) if c not in pz.played]
    remaining = Deal(Hand(left[s]) for s in Seat)
    parts = []
    if pz.auction is not None:
        try:
            parts.append(render_auction(pz.auction, pz.dealer, ascii=ascii, lang=lang))  # type: ignore[arg-type]
        except (BridgekitError, TypeError, AttributeError):
            pass
    parts.append(render_deal(remaining, ascii=ascii, lang=lang, show_unknown=False))
    text = "\n\n".join("\n".join(line.rstrip() for line in p.split("\n")) for p in parts)
    from ..contract import Contract
    tricks = play.tricks()
    done = sum(1 for tr in tricks if tr.winner is not None)
    contract = contract_text(Contract.parse(pz.contract), ascii, lang)
    lines = [_(lang, "Contract {contract} by {declarer}.", contract=contract,
               declarer=seat_name(pz.declarer, lang)),
             _(lang, "Tricks won so far: N/S {ns}, E/W {ew}.", ns=_won(play, "NS"), ew=_won(play, "EW"))]
    trick = tricks[-1] if tricks else None
    if trick is not None and trick.winner is None and trick.cards:
        cards = ", ".join(f"{seat_name(trick.leader.next(i), lang)} {card_text(c, ascii, lang)}"
                          for i, c in enumerate(trick.cards))
        lines.append(_(lang, "Trick {n} so far: {cards}.", n=done + 1, cards=cards))
    else:
        lines.append(_(lang, "Trick {n}: the lead.", n=done + 1))
    return text + "\n\n" + "\n".join(lines)


def _won(play: Play, side: str) -> int:
    decl = play.declarer.side.value == side
    return play.declarer_tricks() if decl else play.defence_tricks()


def card_list(cards: Iterable[Card], ascii: bool = False, lang: str = "en") -> str:
    return ", ".join(card_text(c, ascii, lang) for c in sorted_desc(list(cards)))


class PuzzleRunner(LineTalk):
    """Asks ``count`` puzzles and marks each card with the solver's values."""

    def __init__(self, puzzles: list[Puzzle], inp: TextIO, out: TextIO, *, count: int = 1,
                 lang: str = "en", ascii: bool = False, echo: bool | None = None) -> None:
        super().__init__(inp, out, ascii=ascii, echo=echo)
        self.puzzles = list(puzzles)
        self.count = min(count, len(self.puzzles))
        self.lang = lang
        self.right = 0
        self.asked = 0

    def run(self) -> int:
        from .display import wrap
        lang = self.lang
        for n, pz in enumerate(self.puzzles[:self.count], start=1):
            where = pz.source + (f", {_(lang, 'board')} {pz.board}" if pz.board else "")
            head = _(lang, "Puzzle {n} of {count}: {where}", n=n, count=self.count, where=where)
            self.write(("\n" if n > 1 else "") + head + "\n" + "=" * 78)
            self.write(position_text(pz, lang, self.ascii))
            self.write("\n" + wrap(_(lang, "You are {seat}, to play. Every card is in view (double dummy). With best play {side} can take {target} tricks in all. Which card keeps them?", seat=seat_name(pz.seat, lang),
                                     side=side_name(pz.seat.side, lang), target=pz.target)))
            if self.one(pz) is None:
                break
        self.write("\n" + _n(lang, "{n}/{asked} correct.", "{n}/{asked} correct.", self.right, asked=self.asked))
        return self.right

    def one(self, pz: Puzzle) -> bool | None:
        from .display import wrap
        lang = self.lang
        side = side_name(pz.seat.side, lang)
        while True:
            line = self.ask("\n" + _(lang, "Your answer ({help}): ", help=_(lang, "a card, e.g. SA, H10, C2")))
            if line is None or line.lower() in ("q", "quit", "exit", "quitter"):
                return None
            if line == "":
                continue
            if line == "?":
                self.write(wrap(_(lang, "Hint: ") + _(lang, "Count the tricks you can still lose; think about entries, ruffs and who is squeezed.")))
                continue
            show = line.lower() in ("show", "voir", "??")
            card: Card | None = None
            if not show:
                try:
                    card = parse_answer("card", self.unambiguous("card", line, lang), lang)
                except BridgekitError:
                    self.write(_(lang, "I could not read {text!r} as {help}.", text=line, help=_(lang, "a card, e.g. SA, H10, C2")))
                    continue
                if card not in pz.values:
                    try:
                        pz.play().check(card)
                        reason = ""
                    except IllegalCardError as e:
                        reason = str(e) if lang == "en" else ""
                    self.write(wrap(_(lang, "{card} cannot be played here.", card=card_text(card, self.ascii, lang))
                                    + (f" ({reason})" if reason else "")))
                    continue
            self.asked += 1
            best = card_list(pz.best, self.ascii, lang)
            if card is not None and pz.side_total(card) == pz.target:
                self.right += 1
                self.write(_(lang, "Right!") + " " + _(lang, "{card} keeps {side}'s {target} tricks.", card=card_text(card, self.ascii, lang), side=side,
                                                      target=pz.target))
            elif card is not None:
                lost = pz.target - pz.side_total(card)
                self.write(_n(lang, "Not quite: {card} costs {lost} trick; {side} would take {total}.",
                                  "Not quite: {card} costs {lost} tricks; {side} would take {total}.", lost, card=card_text(card, self.ascii, lang), lost=lost, side=side,
                             total=pz.side_total(card)))
            self.write(_(lang, "Best: {cards} ({side} {target}).", cards=best, side=side, target=pz.target))
            self.write(_n(lang, "At the table {seat} played {card}, which cost {lost} trick: {total} instead of {target}.",
                          "At the table {seat} played {card}, which cost {lost} tricks: {total} instead of {target}.",
                          pz.cost, seat=seat_name(pz.seat, lang), card=card_text(pz.card, self.ascii, lang),
                         lost=pz.cost, total=pz.target - pz.cost, target=pz.target))
            self.write(wrap(_(lang, "Every legal card, with the tricks your side then takes: ") + "; ".join(
                f"{card_text(c, self.ascii, lang)} {pz.side_total(c)}" for c in sorted_desc(list(pz.values)))))
            return card is not None and pz.side_total(card) == pz.target

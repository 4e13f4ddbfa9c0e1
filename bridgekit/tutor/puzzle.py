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
from typing import Any, Iterable, Iterator, TextIO

from ..cards import Card, Strain, sorted_desc
from ..deal import Deal, Hand
from ..errors import BridgekitError, IllegalCardError
from ..play import Play
from ..seats import Seat
from .answers import parse_answer
from .problem_text import MESSAGES, msg, theme_name
from .runner import LineTalk
from .screen import compact
from ..i18n import _, _n
from ..notation import call_text, card_text, contract_text, render_value, seat_letter
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
    themes: tuple[str, ...] = ()  # what the right card shows (``puzzle_themes``)
    level: int = 1              # 1 (easy) to 5 (``puzzle_level``)

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
        marked = _marked_puzzle(board, source)
        if marked is not None:
            yield marked
            continue
        try:
            pm = analyse_board(board)  # type: ignore[arg-type]
        except (PostMortemError, BridgekitError):
            continue
        cards = [card for _seat, card, _e in board.play.played_order(pm.strain)]  # type: ignore[attr-defined]
        verdict = next((v for v in pm.verdicts if v.cost > 0 and worth_solving(pm.deal, pm.strain, pm.declarer,
                                                                                cards[:v.index], v.best)), None)
        if verdict is None:
            continue
        played = tuple(cards[:verdict.index])
        position = Play(pm.deal, pm.strain, pm.declarer, played)
        themes = puzzle_themes(position, verdict.best, verdict.card)
        yield Puzzle(source, getattr(board, "label", None), pm.deal, pm.strain, pm.declarer, pm.contract,
                     getattr(board, "auction", None), getattr(board, "dealer", None),
                     played, verdict.seat, verdict.card, verdict.cost, verdict.best,
                     dict(verdict.values), themes, puzzle_level(position, verdict.best, themes))


#: The tag that marks a board's puzzle: the index in the play (0 is the lead)
#: of the costly card.  Only a hint: the position is solved again and the
#: puzzle kept only if that card costs a trick and the position is worth it.
MARK = "PuzzleCard"


def _marked_puzzle(board: object, source: str) -> Puzzle | None:
    """The puzzle a ``PuzzleCard`` tag points at, checked with one solve of
    its position (None when there is no tag or it does not hold)."""
    from ..dds import declarer_total, solve_position
    tags = getattr(board, "tags", {})
    tag = tags.get(MARK) if isinstance(tags, dict) else None
    value = getattr(tag, "value", None)
    if not value or not str(value).isdigit():
        return None
    try:
        deal, contract, declarer = board.deal, board.contract, board.declarer  # type: ignore[attr-defined]
        strain = contract.strain
        cards = [card for _seat, card, _e in board.play.played_order(strain)]  # type: ignore[attr-defined]
        index = int(value)
        if not 0 < index < len(cards) or strain is None or declarer is None:
            return None
        played = tuple(cards[:index])
        raw = solve_position(deal, strain, declarer.lho, played)
        values = declarer_total(raw, deal, strain, declarer.lho, played)
    except (BridgekitError, AttributeError, TypeError):
        return None
    position = Play(deal, strain, declarer, played)
    seat = position.turn
    ours = seat.side is declarer.side
    side = {c: (v if ours else 13 - v) for c, v in values.items()}
    target = max(side.values())
    card = cards[index]
    best = tuple(sorted_desc([c for c in side if side[c] == target]))
    if card not in side or side[card] >= target or not worth_solving(deal, strain, declarer, list(played), best):
        return None
    themes = puzzle_themes(position, best, card)
    return Puzzle(source, getattr(board, "label", None), deal, strain, declarer, str(contract),
                  getattr(board, "auction", None), getattr(board, "dealer", None), played, seat, card,
                  target - side[card], best, values, themes, puzzle_level(position, best, themes))


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


def _beats(card: Card, best_so_far: Card, trump: object) -> bool:
    if card.suit is best_so_far.suit:
        return card.rank > best_so_far.rank
    return trump is not None and card.suit is trump


def puzzle_themes(play: Play, best: Iterable[Card], wrong: Card) -> tuple[str, ...]:
    """What the right card shows, against the card played at the table, from
    the position alone:

    * ``ruff`` / ``discard``: the player cannot follow, and the right card is
      a trump (``ruff``) or another suit's card (``discard``, which suit to keep);
    * at the lead: ``trumps`` (lead a trump), ``switch`` (the right suit is not
      the one led at the table), else ``lead-card`` (the right card of the suit);
    * following suit: ``win`` (the right card takes the trick, the table's did
      not: third hand high, cover), ``duck`` (the other way round); when both
      take the trick so far, ``high`` (the higher one, which the next hand
      cannot beat) or ``finesse`` (the lower one); when neither does,
      ``unblock`` (the higher) or ``keep-entry`` (the lower).
    """
    best = sorted(best, key=lambda c: -int(c.rank))
    card = best[0]
    trick = play.current_trick()
    trump = play.strain.suit if play.strain is not None else None
    if not trick:
        if trump is not None and card.suit is trump and wrong.suit is not trump:
            return ("trumps",)
        return ("switch",) if card.suit is not wrong.suit else ("lead-card",)
    led = trick[0].suit
    if card.suit is not led:
        return ("ruff",) if trump is not None and card.suit is trump else ("discard",)
    top = trick[0]
    for c in trick[1:]:
        if _beats(c, top, trump):
            top = c
    right_wins, wrong_wins = _beats(card, top, trump), _beats(wrong, top, trump)
    if right_wins and not wrong_wins:
        return ("win",)
    if wrong_wins and not right_wins:
        return ("duck",)
    if wrong.suit is not led:
        return ("follow",)
    if right_wins:   # both take the trick so far: which one the next hand cannot beat
        return ("high",) if card.rank > wrong.rank else ("finesse",)
    return ("unblock",) if card.rank > wrong.rank else ("keep-entry",)


def puzzle_level(play: Play, best: Iterable[Card], themes: tuple[str, ...]) -> int:
    """1 to 5: one more for many choices (four groups of cards or more), for
    a late position (trick 7 on: the ending), for a subtle theme (discard,
    unblock, keep the entry, duck), and for a defender's seat."""
    from .problem import equivalent_groups
    groups = equivalent_groups(play, play.legal_cards)
    level = 1
    level += len(groups) >= 4
    level += len(play.cards) >= 24
    level += any(t in ("discard", "unblock", "keep-entry", "duck") for t in themes)
    level += play.turn.side is not play.declarer.side
    return min(level, 5)


def dd_line(pz: Puzzle, card: Card, tricks: int = 13) -> list[list[tuple[Seat, Card]]]:
    """The play after ``card`` with every player then choosing the card the
    solver values most (the lowest of equals), trick by trick, the trick in
    progress first, for at most ``tricks`` tricks."""
    from ..dds import solve_position
    play = pz.play()
    start = len(play.cards) - len(play.current_trick())
    play.push(card)
    leader = pz.declarer.lho
    while not play.is_complete() and (len(play.cards) - start) < 4 * tricks:
        values = solve_position(pz.deal, pz.strain, leader, play.cards)
        top = max(values.values())
        play.push(min((c for c in values if values[c] == top), key=lambda c: (int(c.rank), int(c.suit))))
    out: list[list[tuple[Seat, Card]]] = []
    for i in range(start, len(play.cards), 4):
        out.append([(play.seat_of(j), play.cards[j]) for j in range(i, min(i + 4, len(play.cards)))])
    return out


def why_text(pz: Puzzle, card: Card, lang: str, ascii: bool = False) -> list[str]:
    """The double-dummy play after the learner's card beside the play after
    the best card, trick by trick, up to the trick where the puzzle side's
    tricks differ (at most the rest of the deal)."""
    from .problem_text import msg
    best = sorted(pz.best, key=lambda c: -int(c.rank))[0]
    mine, right = dd_line(pz, card), dd_line(pz, best)
    side = pz.seat.side
    first = len(pz.played) // 4 + 1
    rows = [f"{msg('pz_after', lang, card=card_text(card, ascii, lang, tens=not ascii)):<39}"
            f"{msg('pz_after_best', lang, card=card_text(best, ascii, lang, tens=not ascii))}"]
    won_a = won_b = 0
    for n, (a, b) in enumerate(zip(mine, right)):
        wa = _trick_winner(pz, a, n == 0)
        wb = _trick_winner(pz, b, n == 0)
        won_a += wa is not None and wa.side is side
        won_b += wb is not None and wb.side is side
        rows.append(f"{_trick_cell(first + n, a, wa, lang, ascii):<39}{_trick_cell(first + n, b, wb, lang, ascii)}")
        if won_a != won_b:
            break
    return rows


def _trick_winner(pz: Puzzle, cards: list[tuple[Seat, Card]], first: bool) -> Seat | None:
    from ..play import trick_winner
    if len(cards) < 4:
        return None
    return trick_winner([c for _, c in cards], cards[0][0], pz.strain)


def _trick_cell(n: int, cards: list[tuple[Seat, Card]], winner: Seat | None, lang: str, ascii: bool) -> str:
    body = " ".join(f"{seat_letter(s, lang)}{card_text(c, ascii, lang, tens=not ascii)}" for s, c in cards)
    return f"{n:>2}. {body}" + (f" > {seat_letter(winner, lang)}" if winner is not None else "")


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
    """The position in at most 17 lines: the auction on one or two lines,
    then the four hands still held, with the contract, the tricks won and
    the trick so far in the top-left corner."""
    from ..contract import Contract
    from ..render import render_hand
    play = pz.play()
    left = {s: [c for c in (pz.deal[s].cards if pz.deal[s] is not None else ()) if c not in pz.played]  # type: ignore[union-attr]
            for s in Seat}
    contract = contract_text(Contract.parse(pz.contract), ascii, lang)
    tricks = play.tricks()
    done = sum(1 for tr in tricks if tr.winner is not None)
    from .problem_text import msg
    corner_lines = [msg("pz_c_contract", lang, contract=contract, declarer=seat_name(pz.declarer, lang)),
                    msg("pz_c_won", lang, ns=_won(play, "NS"), ew=_won(play, "EW"))]
    trick = tricks[-1] if tricks else None
    corner_lines.append(msg("pz_c_trick", lang, n=done + 1))
    if trick is not None and trick.winner is None and trick.cards:
        corner_lines.append(" ".join(f"{seat_letter(trick.leader.next(i), lang)} {card_text(c, ascii, lang, tens=not ascii)}"
                                     for i, c in enumerate(trick.cards)))
    else:
        corner_lines.append(msg("pz_c_lead", lang, seat=seat_name(play.turn, lang)))
    col = 24

    def block(seat: Seat) -> list[str]:
        return [seat_name(seat, lang)] + render_hand(Hand(left[seat]), ascii, lang=lang, tens=not ascii)

    rows = []
    north = block(Seat.N)
    for i in range(5):
        rows.append(f"{(corner_lines[i] if i < len(corner_lines) else ''):<{col}}{north[i]}")
    west, east = block(Seat.W), block(Seat.E)
    for i in range(5):
        rows.append(f"{west[i]:<{2 * col}}{east[i]}")
    south = block(Seat.S)
    for i in range(5):
        rows.append(" " * col + south[i])
    parts = _auction_lines(pz, lang, ascii) + [r.rstrip() for r in rows]
    return "\n".join(parts)


def _auction_lines(pz: Puzzle, lang: str, ascii: bool) -> list[str]:
    """The auction as ``Auction: S 1♠  W pass  N 2♠ ...`` on at most two lines."""
    from .problem_text import msg
    record = pz.auction
    calls = getattr(record, "calls", None)
    first = getattr(record, "first", None) or pz.dealer
    if not calls or first is None:
        return []
    words: list[tuple[Any, str]] = []
    for i, entry in enumerate(calls):
        call = getattr(entry, "call", entry)
        seat = first.next(i)
        words.append((call, f"{seat_letter(seat, lang)} {call_text(call, ascii, lang)}"))
    while len(words) > 1 and words[-1][0].kind.name == "PASS":
        words.pop()
    line = msg("auction", lang) + "  ".join(w for _c, w in words)
    out = []
    while len(line) > 78:
        cut = line.rfind("  ", 0, 78)
        out.append(line[:cut])
        line = "    " + line[cut:].strip()
    out.append(line)
    return out[:2]


def _won(play: Play, side: str) -> int:
    decl = play.declarer.side.value == side
    return play.declarer_tricks() if decl else play.defence_tricks()


def card_list(cards: Iterable[Card], ascii: bool = False, lang: str = "en") -> str:
    return ", ".join(card_text(c, ascii, lang, tens=not ascii) for c in sorted_desc(list(cards)))


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
            head += " · " + msg("pz_level", lang, level=pz.level)
            if n > 1:
                self.write()
            self.screen_start()
            position = position_text(pz, lang, self.ascii)
            question = wrap(_(lang, "You are {seat}, to play. Every card is in view (double dummy). With best play {side} can take {target} tricks in all. Which card keeps them?", seat=seat_name(pz.seat, lang),
                              side=side_name(pz.seat.side, lang), target=pz.target))
            self.write(head[:79])
            self.write(position)
            self.write(question)
            self.in_view("\n".join([head[:79], position, question]), compact(head[:79], question))
            try:
                if self.one(pz) is None:
                    break
            finally:
                self.settled()
        self.write("\n" + _n(lang, "{n}/{asked} correct.", "{n}/{asked} correct.", self.right, asked=self.asked))
        return self.right

    def one(self, pz: Puzzle) -> bool | None:
        from .display import wrap
        lang = self.lang
        side = side_name(pz.seat.side, lang)
        while True:
            line = self.ask(_(lang, "Your answer ({help}): ", help=_(lang, "a card, e.g. SA, H10, C2")))
            if line is None or line.lower() in ("q", "quit", "exit", "quitter"):
                return None
            if line == "":
                continue
            if line == "?":
                theme = pz.themes[0] if pz.themes else ""
                text = (msg("pz_theme", lang, theme=theme_name(theme, lang)) + " " + msg("pz_hint_" + theme, lang)
                        if "pz_hint_" + theme in MESSAGES else
                        _(lang, "Count the tricks you can still lose; think about entries, ruffs and who is squeezed."))
                self.feedback(wrap(_(lang, "Hint: ") + text))
                continue
            show = line.lower() in ("show", "voir", "??")
            card: Card | None = None
            if not show:
                try:
                    card = parse_answer("card", self.unambiguous("card", line, lang), lang)
                except BridgekitError:
                    self.feedback(wrap(_(lang, "I could not read {text!r} as {help}.", text=line, help=_(lang, "a card, e.g. SA, H10, C2"))))
                    continue
                if card not in pz.values:
                    try:
                        pz.play().check(card)
                        reason = ""
                    except IllegalCardError as e:
                        reason = str(e) if lang == "en" else ""
                    self.feedback(wrap(_(lang, "{card} cannot be played here.", card=card_text(card, self.ascii, lang, tens=not self.ascii))
                                    + (f" ({reason})" if reason else "")))
                    continue
            self.settled()
            self.asked += 1
            best = card_list(pz.best, self.ascii, lang)
            if card is not None and pz.side_total(card) == pz.target:
                self.right += 1
                self.write(_(lang, "Right!") + " " + _(lang, "{card} keeps {side}'s {target} tricks.", card=card_text(card, self.ascii, lang, tens=not self.ascii), side=side,
                                                      target=pz.target))
            elif card is not None:
                lost = pz.target - pz.side_total(card)
                self.write(_n(lang, "Not quite: {card} costs {lost} trick; {side} would take {total}.",
                                  "Not quite: {card} costs {lost} tricks; {side} would take {total}.", lost, card=card_text(card, self.ascii, lang, tens=not self.ascii), lost=lost, side=side,
                             total=pz.side_total(card)))
            self.write(_(lang, "Best: {cards} ({side} {target}).", cards=best, side=side, target=pz.target))
            self.write(_n(lang, "At the table {seat} played {card}, which cost {lost} trick: {total} instead of {target}.",
                          "At the table {seat} played {card}, which cost {lost} tricks: {total} instead of {target}.",
                          pz.cost, seat=seat_name(pz.seat, lang), card=card_text(pz.card, self.ascii, lang, tens=not self.ascii),
                         lost=pz.cost, total=pz.target - pz.cost, target=pz.target))
            self.write(wrap(_(lang, "Every legal card, with the tricks your side then takes: ") + render_value(
                [f"{card_text(c, self.ascii, lang, tens=not self.ascii)} {pz.side_total(c)}"
                 for c in sorted_desc(list(pz.values))], ";", lang=lang)))
            right = card is not None and pz.side_total(card) == pz.target
            shown = pz.card if card is None or right else card
            if shown not in pz.best:
                if pz.themes:
                    self.write(msg("pz_theme", lang, theme=theme_name(pz.themes[0], lang)))
                for row in why_text(pz, shown, lang, self.ascii):
                    self.write(row)
            return right

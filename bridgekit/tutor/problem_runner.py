"""Playing a declarer problem on a plain terminal or piped input, and the
learner's rating (``bridgekit lesson problem``).

Each screen fits 80x24: a heading (the problem, the contract, the auction),
dummy above, declarer below, the trick in progress between them, the last
trick and the tricks won, then the question.  The review after the play (the
full deal, then the winning line trick by trick with a sentence for each key
card) pages at 22 lines on a terminal.
"""

from __future__ import annotations

import dataclasses
import json
import math
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence, TextIO

from ..cards import Card, sorted_desc
from ..deal import Deal
from ..errors import BridgekitError, IllegalCardError
from ..seats import Seat
from .i18n import seat_name
from .problem import NATURAL, Decision, LineSearch, LineStep, Problem, ProblemGame, SearchLimit, winning_line
from .problem_text import MESSAGES, msg, theme_name
from .runner import LineTalk
from ..notation import Message
from .screen import compact

SCREEN_LINES = 24
PAGE = SCREEN_LINES - 2


# -- the learner's rating ------------------------------------------------------------

@dataclass
class Ratings:
    """An Elo rating per learner and the problems tried, kept in
    ``state_dir()/problems.json`` beside the lesson progress."""

    rating: float = 1000.0
    solved: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    path: Path | None = None

    K = 32.0

    @classmethod
    def load(cls, path: Path | None = None) -> "Ratings":
        from .progress import state_dir
        path = path or state_dir() / "problems.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8")[:1 << 20])
            rating = float(data.get("rating", 1000.0))
            solved = [str(x)[:200] for x in data.get("solved", [])][:10_000]
            failed = [str(x)[:200] for x in data.get("failed", [])][:10_000]
            if not math.isfinite(rating) or not 0 < rating < 4000:
                raise ValueError(Message('rating out of range'))
        except (OSError, ValueError, AttributeError, TypeError):
            return cls(path=path)
        return cls(rating, solved, failed, path)

    def expected(self, problem: Problem) -> float:
        return 1.0 / (1.0 + 10 ** ((problem.rating - self.rating) / 400.0))

    def update(self, problem: Problem, made: bool) -> float:
        """The new rating after ``problem`` (Elo, K = 32)."""
        self.rating += self.K * ((1.0 if made else 0.0) - self.expected(problem))
        (self.solved if made else self.failed).append(problem.id)
        if made and problem.id in self.failed:
            self.failed.remove(problem.id)
        return self.rating

    def choose(self, problems: Sequence[Problem]) -> Problem | None:
        """The next problem: not yet solved, the one whose rating is nearest a
        little above the learner's (a problem failed comes back later)."""
        fresh = [p for p in problems if p.id not in self.solved and p.id not in self.failed]
        pool = fresh or [p for p in problems if p.id not in self.solved] or list(problems)
        if not pool:
            return None
        aim = self.rating + 50.0
        return min(pool, key=lambda p: (abs(p.rating - aim), p.level, problems.index(p)))

    def save(self) -> None:
        from ..safeio import Output
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with Output(str(self.path)) as out:
                json.dump({"rating": round(self.rating, 1), "solved": self.solved, "failed": self.failed},
                          out.stream, indent=1)
                out.commit()
        except (OSError, ValueError):
            pass


# -- drawing -----------------------------------------------------------------------------

def card_str(card: Card, ascii: bool = False, lang: str = "en") -> str:
    from ..notation import card_text
    return card_text(card, ascii, lang, tens=not ascii)


def _hand_lines(cards: Iterable[Card], ascii: bool, lang: str = "en") -> list[str]:
    from ..render import render_hand
    from ..deal import Hand
    return render_hand(Hand(cards), ascii, lang=lang, tens=not ascii)


def _auction_line(problem: Problem, lang: str, ascii: bool) -> list[str]:
    """The auction on one or two lines: the declaring side's calls when the
    defenders only passed, each call with its seat otherwise."""
    if not problem.auction:
        return []
    dealer = problem.dealer if problem.dealer is not None else problem.declarer
    calls = [(dealer.next(i), call) for i, call in enumerate(problem.auction)]
    while calls and calls[-1][1].kind.name == "PASS":
        calls.pop()

    def text(call: object) -> str:
        from ..notation import call_text
        return call_text(call, ascii, lang)  # type: ignore[arg-type]

    ours = problem.declarer.side
    if all(call.kind.name == "PASS" for seat, call in calls if seat.side is not ours):
        mine = [(seat, call) for seat, call in calls if seat.side is ours]
        while mine and mine[0][1].kind.name == "PASS":
            mine.pop(0)
        first = mine[0][0] if mine else dealer
        line = (msg("auction", lang) + " – ".join(text(c) for _, c in mine)
                + msg("they_pass", lang, seat=seat_name(first, lang)))
    else:
        line = msg("auction", lang) + "  ".join(f"{_short_seat(seat, lang)} {text(call)}" for seat, call in calls)
    out: list[str] = []
    while len(line) > 78:
        cut = line.rfind(" ", 0, 78)
        out.append(line[:cut])
        line = "   " + line[cut:].strip()
    out.append(line)
    return out


def heading(problem: Problem, n: int, lang: str, ascii: bool) -> list[str]:
    from ..notation import contract_text
    contract = contract_text(problem.contract, ascii, lang)
    lines = [msg("head", lang, n=n, level=problem.level, title=problem.title(lang))[:78],
             msg("contract", lang, contract=contract, declarer=seat_name(problem.declarer, lang),
                 target=problem.target, lead=card_str(problem.lead, ascii, lang))]
    return lines + _auction_line(problem, lang, ascii)


def screen(game: ProblemGame, n: int, lang: str, ascii: bool = False) -> str:
    """The whole screen at the declaring side's turn (at most 22 lines)."""
    p = game.problem
    play = game.play()
    lines = heading(p, n, lang, ascii)
    lines.append("")
    col = 26
    dummy, decl = p.dummy, p.declarer
    north_label = f"{seat_name(dummy, lang)} ({msg('dummy', lang)})"
    south_label = f"{seat_name(decl, lang)} ({msg('you', lang)})"
    top = [north_label] + _hand_lines(play.remaining(dummy) or (), ascii, lang)
    bottom = [south_label] + _hand_lines(play.remaining(decl) or (), ascii, lang)
    trick = play.current_trick()
    tricks = play.tricks()
    leader = tricks[-1].leader if tricks and tricks[-1].winner is None else play.turn
    on = {leader.next(i): c for i, c in enumerate(trick)} if trick else {}
    for row in top:
        lines.append(" " * col + row)
    left, right = p.declarer.lho, p.declarer.rho
    lines.append(" " * (col + 2) + (card_str(on[dummy], ascii, lang) if dummy in on else ""))
    west = f"{seat_name(left, lang)} {card_str(on[left], ascii, lang)}" if left in on else seat_name(left, lang)
    east = f"{seat_name(right, lang)} {card_str(on[right], ascii, lang)}" if right in on else seat_name(right, lang)
    if left is Seat.E:   # declarer North or East: keep West on the left
        west, east = east, west
    lines.append(f"{west:<{col + 12}}{east}")
    lines.append(" " * (col + 2) + (card_str(on[decl], ascii, lang) if decl in on else ""))
    for row in bottom:
        lines.append(" " * col + row)
    lines.append("")
    done = [t for t in tricks if t.winner is not None]
    if done:
        last = done[-1]
        cards = ", ".join(f"{_short_seat(last.leader.next(i), lang)} {card_str(c, ascii, lang)}"
                          for i, c in enumerate(last.cards))
        lines.append(msg("last", lang, n=len(done), seat=seat_name(last.winner, lang), cards=cards))  # type: ignore[arg-type]
    won, lost = play.declarer_tricks(), play.defence_tricks()
    lines.append(msg("tricks", lang, won=won, lost=lost, target=p.target))
    return "\n".join(line.rstrip() for line in lines)


def _short_seat(seat: Seat, lang: str) -> str:
    from ..notation import seat_letter
    return seat_letter(seat, lang)


def deal_text(deal: Deal, problem: Problem, lang: str, ascii: bool) -> str:
    from ..render import render_deal
    return render_deal(deal, dealer=problem.dealer, vulnerable=problem.vul, ascii=ascii, lang=lang,
                       tens=not ascii)


def _holding(problem: Problem, layout: int, lang: str, ascii: bool) -> str:
    """The free cards as they lie in one layout: ``West holds ♦QJ and East ♦98``."""
    deal = problem.layouts[layout]
    parts = []
    suits = sorted({c.suit for c in problem.free}, key=int, reverse=True)
    for seat in (problem.declarer.lho, problem.declarer.rho):
        hand = deal[seat]
        assert hand is not None
        text = " ".join(_suit_holding(hand, s, ascii, lang) for s in suits if hand.length(s))
        parts.append(msg("holds", lang, seat=seat_name(seat, lang), cards=text or msg("nothing", lang)))
    return msg("and", lang).join(parts)


def _suit_holding(hand: object, suit: object, ascii: bool, lang: str = "en") -> str:
    from ..notation import ranks_text, suit_text
    cards = [c for c in hand if c.suit is suit]  # type: ignore[attr-defined]
    return suit_text(suit, ascii, lang) + ranks_text([c.rank for c in sorted_desc(cards)], lang, tens=not ascii)  # type: ignore[arg-type]


def explain(step: LineStep, problem: Problem, lang: str, ascii: bool) -> list[str]:
    """The sentences for a key card of the winning line."""
    out = [msg("why_key", lang, card=card_str(step.card, ascii, lang))]
    for theme in step.themes:
        if theme == "count":
            out.append(msg("why_count", lang, n=step.layouts_left))
        elif "theme_" + theme in MESSAGES:
            out.append(msg("theme_" + theme, lang))
    if step.alternative is not None and step.beaten_on is not None:
        out.append(msg("why_alt", lang, alt=card_str(step.alternative, ascii, lang),
                       layout=_holding(problem, step.beaten_on, lang, ascii), total=step.alt_total))
    return out


def line_text(steps: list[LineStep], problem: Problem, lang: str, ascii: bool, *, all_keys: bool = False,
              layout: int = 0) -> list[str]:
    """The winning line trick by trick, each key card explained (the key cards
    where another card would have made on some layout, and the first one):
    a key card none of ``themes_of``'s techniques names is told by what it
    does that its alternative does not, as a found problem's title says it
    (``problem_titles.title_of``; ``steps`` are the line on ``layout``)."""
    from .problem_titles import title_of
    lines: list[str] = []
    explained = 0
    for start in range(0, len(steps), 4):
        trick = steps[start:start + 4]
        cards = "  ".join(f"{_short_seat(s.seat, lang)} {card_str(s.card, ascii, lang)}" for s in trick)
        lines.append(msg("line_trick", lang, n=start // 4 + 1, cards=cards))
        for s in trick:
            if s.key and not s.stuck and (all_keys or s.tempting or s.card in problem.key or explained == 0):
                explained += 1
                if not s.themes:
                    s = dataclasses.replace(s, themes=(title_of(problem, steps, s, layout).theme,))
                lines.extend(textwrap.wrap(" ".join(explain(s, problem, lang, ascii)), 78,
                                           initial_indent="    ", subsequent_indent="    "))
    return lines


# -- the runner ----------------------------------------------------------------------------

class ProblemRunner(LineTalk):
    """Plays problems with the learner: their cards, the defence's, the review."""

    def __init__(self, problems: list[Problem], inp: TextIO, out: TextIO, *, lang: str = "en",
                 ascii: bool = False, echo: bool | None = None, ratings: Ratings | None = None,
                 count: int = 1, choose: bool = True) -> None:
        super().__init__(inp, out, ascii=ascii, echo=echo)
        self.problems = problems
        self.lang = lang
        self.ratings = ratings
        self.count = count
        self.choose = choose
        self.results: list[bool] = []
        self._lines = 0

    def page(self, lines: list[str]) -> bool:
        """Write ``lines``, pausing every screenful on a terminal; False when
        the learner quits at a pause."""
        for i, line in enumerate(lines):
            if not self.echo and i and i % PAGE == 0:
                answer = self.ask(msg("more", self.lang))
                if answer is None or answer.lower() in ("q", "quit"):
                    return False
            self.write(line)
        return True

    def run(self) -> int:
        done = 0
        pool = list(self.problems)
        for n in range(1, self.count + 1):
            if self.choose and self.ratings is not None:
                problem = self.ratings.choose(pool)
            else:
                problem = pool[n - 1] if n - 1 < len(pool) else None
            if problem is None:
                break
            if problem in pool and self.choose:
                pool.remove(problem)
            result = self.one(problem, n)
            if result is None:
                break
            done += 1
        return done

    def one(self, problem: Problem, n: int) -> bool | None:
        lang, ascii = self.lang, self.ascii
        game = ProblemGame(problem)
        game.defend()   # nothing: the lead is made, dummy's turn
        while not game.finished():
            if not game.our_turn():
                game.defend()
                continue
            play = game.play()
            legal = list(play.legal_cards)
            if len(legal) == 1:   # a forced card is played for the learner
                game.declarer_plays(legal[0])
                continue
            shown = screen(game, n, lang, ascii)
            self.write()
            self.screen_start()
            self.write(shown)
            self.in_view(shown, compact(shown))
            try:
                if not self.ask_card(game, problem):
                    return None
            finally:
                self.settled()
        return self.review(game, n)

    def ask_card(self, game: ProblemGame, problem: Problem) -> bool:
        """Ask for the learner's card until one is played; False at a quit."""
        from .display import wrap
        lang, ascii = self.lang, self.ascii
        who = msg("to_play", lang, seat=seat_name(game.play().turn, lang))
        while True:
            line = self.ask(msg("prompt", lang, who=who))
            if line is None or line.lower() in ("q", "quit", "quitter"):
                return False
            if line == "":
                continue
            if line == "?":
                themes = ", ".join(theme_name(t, lang) for t in problem.themes) or "?"
                self.feedback(wrap(msg("hint", lang, themes=themes)))
                continue
            card = self._card(line)
            if card is None:
                self.feedback(wrap(msg("unreadable", lang, text=line)))
                continue
            try:
                game.declarer_plays(card)
            except IllegalCardError:
                self.feedback(wrap(msg("illegal", lang, card=card_str(card, ascii, lang))))
                continue
            return True

    def _card(self, text: str) -> Card | None:
        from .answers import parse_answer
        try:
            card = parse_answer("card", text, self.lang)
        except BridgekitError:
            return None
        return card if isinstance(card, Card) else None

    def review(self, game: ProblemGame, n: int) -> bool | None:
        lang, ascii, p = self.lang, self.ascii, game.problem
        won, lost = game.tricks()
        made = game.made()
        lines = ["", screen(game, n, lang, ascii).split("\n")[0], ""]
        if made:
            lines.append(msg("made", lang, won=won))
        else:
            lines.append(msg("down", lang, n=lost - (13 - p.target), lost=lost))
        wrong = next((d for d in game.decisions if d.beaten_by and d.safe and d.card not in d.safe), None)
        from .display import wrap
        guess = None if made or wrong is not None else lost_line(game)
        if wrong is not None and not made:
            safe = ", ".join(card_str(c, ascii, lang) for c in wrong.safe[:3])
            lines.extend(wrap(msg("redealt", lang, trick=wrong.index // 4 + 1, card=card_str(wrong.card, ascii, lang),
                                  safe=safe)).split("\n"))
        elif guess is not None:
            decision, better = guess
            lines.extend(wrap(msg("guessed", lang, trick=decision.index // 4 + 1,
                                  card=card_str(decision.card, ascii, lang),
                                  better=", ".join(card_str(c, ascii, lang) for c in better[:3]))).split("\n"))
        else:
            lines.append(msg("deal", lang))
        lines.extend(deal_text(game.deal(), p, lang, ascii).split("\n"))
        layout = game.alive[0]
        steps = winning_line(p, layout, game.solver, NATURAL)
        lines.append("")
        lines.append(msg("line_head", lang))
        lines.extend(line_text(steps, p, lang, ascii, layout=layout))
        if self.ratings is not None:
            old = round(self.ratings.rating)
            new = round(self.ratings.update(p, made))
            self.ratings.save()
            lines.append(msg("rating", lang, old=old, new=new))
        self.results.append(made)
        if not self.page(lines):
            return None
        return made


def lost_line(game: ProblemGame, limit: int = 20_000) -> tuple[Decision, list[Card]] | None:
    """The learner's card that lost the contract when no card of theirs was
    beaten outright: each was safe on every layout, one layout at a time, but
    one of them left no line that makes on all the layouts together (a guess
    came later, and the cards fell the wrong way).  The first such card, with
    the cards that would have kept a line there (one of each group of
    equivalent cards); None when the look-ahead cannot tell within ``limit``
    positions."""
    search = LineSearch(game.problem, game.solver, limit)
    try:
        for d in game.decisions:
            before = game.played[:d.index]
            if search.wins(before + [d.card], d.layouts):
                continue
            kept = ProblemGame(game.problem, game.solver)
            kept.played, kept.alive = list(before), list(d.layouts)
            winning, _ = search.winning_groups(kept)
            return (d, [g[0] for g in winning]) if winning else None
    except SearchLimit:
        return None
    return None

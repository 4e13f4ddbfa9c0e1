"""Practice drills: endless generated exercises checked by bridgekit's engines.

Seven topics, each a generator ``(rng, lang, profile) -> Exercise``:

* ``scoring``: a result under a rules profile (doubled, redoubled,
  vulnerable, slams, honours); duplicate asks the signed N/S score, the
  Auction Bridge profiles the points below and above the line;
* ``auction``: an auction so far; is a call legal, or the lowest legal bid in
  a strain;
* ``tricks``: a trick and the trump suit; who wins it;
* ``imps``: a score difference (or two tables' scores); how many IMPs;
* ``rubber``: a rubber pad; who has a game, who wins the rubber;
* ``table`` (lesson 1): partners and opponents, who receives the first and
  the last card and who deals next, a board's dealer and vulnerability;
* ``record`` (lesson 8): a saved game's Contract, Declarer, Vulnerable and
  Result tags; North-South's score.

Every answer is computed by the engines (the profiles' scorers, ``Auction``,
``trick_winner``, the IMP table, the rubber pad); each exercise also carries
its position in the lessons' form (``what`` and ``position``) so that the
lessons' own computation can confirm it (the tests do, over many seeds).
Typical wrong answers are worked out by the same engines on a changed
position (another vulnerability, undoubled, the other honours table...), so
a learner who makes that mistake gets the hint aimed at it.

The draw favours the rules' edge cases: slams, doubled and redoubled makes,
the undertrick ladders, honours, the IMP table's band edges.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

from ..auction import Auction
from ..calls import DOUBLE, PASS, REDOUBLE, Call
from ..cards import ALL_CARDS, Card, Rank, Strain, Suit
from ..contract import Contract, Doubling, Result
from ..deal import Deal, Hand
from ..errors import BridgekitError, IllegalCallError
from ..play import trick_winner
from ..rules import ABOVE, BELOW, DEFAULT, Ledger, Profile, Score, find_profile, rubber_profile
from ..rules.rubber import SessionDeal, keep_score
from ..rules.auction_bridge import TRICK_VALUE
from ..seats import Seat, Side, Vul
from .answers import parse_answer
from .runner import LineTalk
from .screen import compact
from .. import notation
from ..i18n import N_, _, _n
from ..notation import strain_word
from .answers import type_help
from .compute import score_rows
from .i18n import kind_name, seat_name, side_name, vul_name
from ..notation import Message

TOPICS = ("scoring", "auction", "tricks", "imps", "rubber", "table", "record")


@dataclass
class Exercise:
    """One generated exercise and everything needed to mark it."""

    topic: str
    kind: str                    # what it practises, for "topics to review"
    setup: str                   # the position, as the learner reads it
    question: str
    answer_type: str             # an answers.PARSERS type, or "numbers" / "games"
    answer: Any                  # the engines' answer, in the parsed form
    shown: str                   # the answer as shown
    explain: list[str] = field(default_factory=list)
    hints: list[tuple[Any, str]] = field(default_factory=list)  # (typical wrong answer, hint)
    hint: str = ""
    what: str = ""               # the lessons' computation that confirms it
    position: dict[str, Any] = field(default_factory=dict)
    key: str = ""                # the computed value(s) the answer is
    prompt: str = ""             # what the answer is (points, IMPs, a seat), for the prompt


# -- small helpers ------------------------------------------------------------

def _pick(rng: random.Random, weighted: list[tuple[Any, float]]) -> Any:
    return rng.choices([w[0] for w in weighted], [w[1] for w in weighted])[0]


def _seat(seat: Seat, lang: str) -> str:
    return seat_name(seat, lang)


def call_name(call: Call, lang: str) -> str:
    """``1♥``, ``3NT`` / ``3SA``, ``Pass`` / ``Passe``."""
    return notation.call_text(call, False, lang)


def contract_name(contract: Contract, lang: str) -> str:
    """``4♥``, ``3NT doubled`` (``3SA contré`` in French)."""
    text = notation.contract_text(Contract(contract.level, contract.strain), False, lang)
    if contract.doubling is not Doubling.UNDOUBLED:
        text += " " + (_(lang, "doubled") if contract.doubling is Doubling.DOUBLED else _(lang, "redoubled"))
    return text


def score_lines(score: Score, lang: str) -> list[str]:
    """A score breakdown, one row per item (side, line, item, points)."""
    return score_rows(score, lang)


# -- scoring ------------------------------------------------------------------

_SCORING_KINDS = [
    ("part score", 2), ("game", 2), ("overtricks", 1.5), ("slam", 2), ("doubled made", 2),
    ("redoubled made", 1), ("undertricks", 1.5), ("doubled undertricks", 2.5), ("honours", 2.5),
]


def _honours_deal(rng: random.Random, strain: Strain, declarer: Seat) -> Deal:
    """A deal whose trump honours (or aces at no trump) lie in a pattern worth
    practising: four or five in one hand, split 3+2 or 4+1, three for a side."""
    if strain is Strain.NT:
        honours = [Card(s, Rank.ACE) for s in Suit]
    else:
        suit = Suit(int(strain))
        honours = [Card(suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]
    side = declarer if rng.random() < 0.7 else declarer.lho
    pattern = _pick(rng, [((5, 0, 0), 1), ((4, 1, 0), 2), ((4, 0, 1), 1.5), ((3, 2, 0), 2), ((3, 1, 1), 1),
                          ((2, 1, 2), 1), ((4, 0, 0), 1), ((2, 2, 0), 1)])
    if len(honours) == 4:  # aces at no trump: four to place
        pattern = _pick(rng, [((4, 0, 0), 2), ((2, 2, 0), 1.5), ((3, 0, 1), 1.5), ((2, 1, 1), 1)])
    rng.shuffle(honours)
    owners = [side] * pattern[0] + [side.partner] * pattern[1] + [side.lho] * pattern[2]
    owners += [side.rho] * (len(honours) - len(owners))
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for card, owner in zip(honours, owners):
        hands[owner].append(card)
    rest = [c for c in ALL_CARDS if c not in honours]
    rng.shuffle(rest)
    for seat in Seat:
        need = 13 - len(hands[seat])
        hands[seat] += rest[:need]
        rest = rest[need:]
    return Deal(Hand(hands[s]) for s in Seat)


def honours_text(deal: Deal, strain: Strain, lang: str) -> str:
    """Who holds the trump honours (the aces at no trump)."""
    if strain is Strain.NT:
        cards = [Card(s, Rank.ACE) for s in Suit]
        label = _(lang, "Aces: ")
    else:
        suit = Suit(int(strain))
        cards = [Card(suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]
        label = _(lang, "Trump honours ({suit} A K Q J 10): ", suit=suit.symbol)
    parts = []
    for seat in Seat:
        hand = deal[seat]
        held = [c for c in cards if hand is not None and c in hand.cards]
        if held:
            shown = " ".join(notation.card_text(c, False, lang, tens=True) if strain is Strain.NT else
                             notation.rank_text(c.rank, lang).replace("T", "10") for c in held)
            parts.append(f"{_seat(seat, lang)} {shown}")
    return label + ", ".join(parts) if parts else label + _(lang, "nobody")


@dataclass(frozen=True)
class _Drawn:
    """The result a scoring exercise is about."""

    kind: str
    result: Result
    vul: Vul
    deal: Deal | None  # the hands, for an exercise on honours


@dataclass
class _Question:
    """What a scoring exercise asks, the answer, and typical wrong answers."""

    question: str
    answer_type: str
    answer: Any
    shown: str
    key: str
    hints: list[tuple[Any, str]]
    hint: str


class _ScoreSheet:
    """Scoring exercises for one ledger of scores (``Profile.ledger``): what
    the draw favours and what the learner writes down.  The board ledger
    (duplicate) asks N/S's signed score of a result at any vulnerability."""

    kinds = [(k, w) for k, w in _SCORING_KINDS if k != "honours"]
    slam_levels = [6, 6, 7]

    def game_level(self, rng: random.Random, strain: Strain) -> int:
        """The level of a contract drawn to make a game."""
        return {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}[strain]

    def game_tricks(self, profile: Profile, tricks: int, strain: Strain) -> int:
        """The tricks of a contract drawn to make a game, from ``tricks``."""
        return tricks

    def slam(self, rng: random.Random, level: int, tricks: int) -> tuple[int, int]:
        return level, tricks

    def vulnerability(self, rng: random.Random) -> Vul:
        return rng.choice(list(Vul))

    def conditions(self, profile: Profile, drawn: _Drawn, lang: str) -> list[str]:
        """The setup's lines after the result: the vulnerability, the honours."""
        lines = [_(lang, "Vulnerable: {vul}.", vul=vul_name(drawn.vul, lang))]
        if drawn.deal is not None:
            lines.append(honours_text(drawn.deal, drawn.result.contract.strain, lang))  # type: ignore[arg-type]
        return lines

    def totals(self, score: Score, lang: str) -> list[str]:
        return [f"  N/S {score.ns:+d}, {side_name(Side.EW, lang)} {-score.ns:+d}"]

    def ask(self, profile: Profile, drawn: _Drawn, score: Score, lang: str) -> _Question:
        result, vul = drawn.result, drawn.vul
        contract, declarer, tricks = result.contract, result.declarer, result.tricks
        assert declarer is not None and tricks is not None and contract.level is not None
        strain, doubling, level = contract.strain, contract.doubling, contract.level
        rescore = _rescorer(profile, drawn)
        hints: list[tuple[Any, str]] = [(-score.ns, _(lang, "Right amount, wrong sign: the score is written from North-South's side, negative when East-West score."))]
        for v2 in Vul:
            other = rescore(vul2=v2).ns
            if v2 is not vul and other != score.ns:
                hints.append((other, _(lang, "Check the vulnerability ({vul}): it changes the game bonus, the slam bonuses, doubled overtricks and the undertricks.", vul=vul_name(vul, lang))))
        made = tricks >= contract.tricks_needed
        if doubling is not Doubling.UNDOUBLED:
            hints += _doubled_hints(score, drawn, made, lang)
            hints.append((rescore(Result(Contract(level, strain), declarer, tricks)).ns, _(lang, "The contract is doubled (or redoubled): trick points x2 (x4), the bonus for making it, and the doubled overtricks or undertricks.")))
        if made and tricks > contract.tricks_needed and level < 7:
            bigger = Contract(tricks - 6, strain, doubling)
            hints.append((rescore(Result(bigger, declarer, tricks)).ns, _(lang, "Only the tricks bid count towards game; overtricks are scored apart and never turn a part score into a game.")))
        if made and level >= 6:
            hints.append((rescore(Result(Contract(5, strain, doubling), declarer, tricks)).ns,
                          _(lang, "A slam bid and made earns its slam bonus on top of the game bonus.")))
        hints += _bonus_hints(score, lang)   # after the doubled rules: making doubled is a 50 too
        return _Question(_(lang, "What is the score for North-South (+ when N/S score, - when E/W do)?"), "number", score.ns, f"{score.ns:+d}", "score_ns", hints,
                         _(lang, "Trick points for the tricks bid (20 minors, 30 majors, NT 40 then 30), x2 or x4 if doubled; game (100 or more) 300/500, else 50; slams only when bid; undertricks by the ladder for the vulnerability."))


class _RubberSheet(_ScoreSheet):
    """The rubber ledger (Auction Bridge): no vulnerability, honours counted,
    every odd trick taken scored; the learner gives a side's points below and
    above the line."""

    kinds = _SCORING_KINDS
    slam_levels = [2, 4, 6, 7]

    def game_level(self, rng: random.Random, strain: Strain) -> int:
        return rng.randint(1, 4)  # every odd trick taken counts: any level can make a game

    def game_tricks(self, profile: Profile, tricks: int, strain: Strain) -> int:
        # enough odd tricks for a game (30 trick points: 5 in a minor, 4 in a major, 3 at no trump)
        return max(tricks, 6 + -(-profile.game_threshold // TRICK_VALUE[strain]))

    def slam(self, rng: random.Random, level: int, tricks: int) -> tuple[int, int]:
        if rng.random() < 0.3:  # a seven going one down keeps its small slam
            return 7, 12
        return level, tricks

    def vulnerability(self, rng: random.Random) -> Vul:
        return Vul.NONE

    def conditions(self, profile: Profile, drawn: _Drawn, lang: str) -> list[str]:
        strain = drawn.result.contract.strain
        assert strain is not None
        return [_(lang, "Rules: {rules} (Auction Bridge, no vulnerability).", rules=profile.name),
                honours_text(drawn.deal, strain, lang) if drawn.deal is not None else _(lang, "No honours to count (the hands are not shown).")]

    def totals(self, score: Score, lang: str) -> list[str]:
        return ["  " + _(lang, "{side}: {below} below the line, {above} above", side=side_name(side, lang), below=score.on_line(side, BELOW),
                         above=score.on_line(side, ABOVE)) for side in Side]

    def ask(self, profile: Profile, drawn: _Drawn, score: Score, lang: str) -> _Question:
        result = drawn.result
        contract, declarer, tricks = result.contract, result.declarer, result.tricks
        assert declarer is not None and tricks is not None and contract.level is not None
        assert contract.strain is not None
        made = tricks >= contract.tricks_needed
        side = declarer.side if made else declarer.side.opponents

        def on_lines(s: Score) -> tuple[int, int]:
            return s.on_line(side, BELOW), s.on_line(side, ABOVE)

        answer = on_lines(score)
        rescore = _rescorer(profile, drawn)
        hints: list[tuple[Any, str]] = []
        if made:
            value = TRICK_VALUE[contract.strain] * contract.doubling.multiplier
            hints.append(((contract.level * value, answer[1]), _(lang, "Every odd trick taken counts below the line in Auction Bridge, bid or not.")))
            if contract.doubling is not Doubling.UNDOUBLED:
                plain = rescore(Result(Contract(contract.level, contract.strain), declarer, tricks))
                hints.append(((on_lines(plain)[0], answer[1]), _(lang, "Doubled, the trick points below the line are multiplied by 2 (redoubled by 4).")))
        other = profile.counterpart
        if other is not None:
            at_other = on_lines(rescore(profile2=other))
            if at_other != answer:
                hints.append((at_other, _(lang, "That is the figure of the other Auction Bridge table ({rules}): check the doubled bonus and the honours of this one.", rules=other.name)))
        if drawn.deal is not None:
            hints.append((on_lines(rescore(deal2=Deal([None] * 4))), _(lang, "Don't forget the honours: they go above the line, for whichever side holds them.")))
        key = "declarer_below declarer_above" if made else "defenders_below defenders_above"
        return _Question(_(lang, "How many points do {side} score below the line, and above it?", side=side_name(side, lang)), "numbers", answer,
                         f"{answer[0]} {answer[1]}", key, hints, _(lang, "Below the line: every odd trick (C 6, D 7, H 8, S 9, NT 10), x2 or x4 if doubled, nothing if the contract fails. Above: undertricks 50/100/200, the bonus for a doubled contract, slams 50/100 for any side, honours."))


#: The scoring exercises of each ledger a profile keeps its scores in.
_SHEETS: dict[Ledger, _ScoreSheet] = {Ledger.BOARD: _ScoreSheet(), Ledger.RUBBER: _RubberSheet()}


def _rescorer(profile: Profile, drawn: _Drawn) -> Callable[..., Score]:
    """The score of the drawn result with one thing changed (the result, the
    vulnerability, the hands or the profile): typical wrong answers."""
    def rescore(result2: Result | None = None, vul2: Vul | None = None, deal2: Deal | None = None,
                profile2: Profile | None = None) -> Score:
        return (profile2 or profile).score(result2 or drawn.result, drawn.vul if vul2 is None else vul2,
                                           drawn.deal if deal2 is None else deal2)
    return rescore


def _draw_scoring(rng: random.Random, profile: Profile, lean: Callable[[str], float] | None = None) -> _Drawn:
    """A result worth practising under ``profile``: the kind of score drawn
    first (weighed by ``lean``), then a contract, declarer and tricks that give it."""
    sheet = _SHEETS[profile.ledger]
    kinds = sheet.kinds if lean is None else [(k, w * lean(f"scoring ({profile.name}): {k}")) for k, w in sheet.kinds]
    kind = _pick(rng, kinds)
    declarer = rng.choice(list(Seat))
    strain = rng.choice(list(Strain))
    doubling = Doubling.UNDOUBLED
    if kind == "part score":
        level = rng.randint(1, 3)
        tricks = 6 + level + _pick(rng, [(0, 3), (1, 1)])
    elif kind == "game":
        level = sheet.game_level(rng, strain)
        tricks = sheet.game_tricks(profile, min(13, 6 + level + _pick(rng, [(0, 3), (1, 1)])), strain)
    elif kind == "overtricks":
        level = rng.randint(1, 4)
        tricks = min(13, 6 + level + rng.randint(1, 3))
    elif kind == "slam":
        level = rng.choice(sheet.slam_levels)
        tricks = 13 if level == 7 else rng.choice([12, 12, 13])
        level, tricks = sheet.slam(rng, level, tricks)
        doubling = _pick(rng, [(Doubling.UNDOUBLED, 4), (Doubling.DOUBLED, 1)])
    elif kind in ("doubled made", "redoubled made"):
        doubling = Doubling.DOUBLED if kind == "doubled made" else Doubling.REDOUBLED
        level = rng.randint(1, 5)
        tricks = min(13, 6 + level + _pick(rng, [(0, 2), (1, 2), (2, 1)]))
    elif kind == "undertricks":
        level = rng.randint(2, 6)
        tricks = 6 + level - rng.randint(1, 3)
    elif kind == "doubled undertricks":
        doubling = _pick(rng, [(Doubling.DOUBLED, 3), (Doubling.REDOUBLED, 1)])
        level = rng.randint(2, 7)
        tricks = max(0, 6 + level - _pick(rng, [(1, 3), (2, 3), (3, 2), (4, 2), (5, 1)]))
    else:  # honours
        level = rng.randint(1, 4)
        tricks = 6 + level + _pick(rng, [(0, 2), (1, 1), (-1, 1)])
        doubling = _pick(rng, [(Doubling.UNDOUBLED, 4), (Doubling.DOUBLED, 1)])
    vul = sheet.vulnerability(rng)
    deal = _honours_deal(rng, strain, declarer) if kind == "honours" else None
    return _Drawn(kind, Result(Contract(level, strain, doubling), declarer, tricks), vul, deal)


def drill_scoring(rng: random.Random, lang: str, profile: Profile | None,
                  lean: Callable[[str], float] | None = None) -> Exercise:
    profile = profile or DEFAULT
    sheet = _SHEETS[profile.ledger]
    drawn = _draw_scoring(rng, profile, lean)
    result = drawn.result
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    assert declarer is not None and tricks is not None
    score = profile.score(result, drawn.vul, drawn.deal)
    position: dict[str, Any] = {"rules": profile.name, "contract": str(contract), "declarer": declarer.name,
                                "tricks": tricks, "vul": drawn.vul.value}
    if drawn.deal is not None:
        position["deal"] = str(drawn.deal)
    setup = [_n(lang, "{declarer} plays {contract} and takes {n} trick.", "{declarer} plays {contract} and takes {n} tricks.",
                tricks, contract=contract_name(contract, lang), declarer=_seat(declarer, lang))] \
        + sheet.conditions(profile, drawn, lang)
    explain = score_lines(score, lang) + sheet.totals(score, lang)
    q = sheet.ask(profile, drawn, score, lang)
    hints = [(a, h) for a, h in q.hints if a != q.answer]
    return Exercise("scoring", f"scoring ({profile.name}): {drawn.kind}", "\n".join(setup), q.question,
                    q.answer_type, q.answer, q.shown, explain, _unique(hints), q.hint, "score", position, q.key,
                    score_prompt(lang, q.answer) if q.answer_type == "number" else
                    _(lang, "points below, then above the line, e.g. {a} {b}",
                      **dict(zip("ab", examples(q.answer, (36, 50), (24, 100))))))


def examples(answer: object, *pairs: tuple[int, int]) -> tuple[int, int]:
    """The first pair of example figures for a prompt that shows neither the
    ``answer`` nor its size (a number, or the figures of a tuple): an
    example must not give it away."""
    given = {abs(x) for x in (answer if isinstance(answer, tuple) else (answer,)) if isinstance(x, int)}
    return next((p for p in pairs if not {abs(p[0]), abs(p[1])} & given), pairs[-1])


def score_prompt(lang: str, answer: object) -> str:
    """What a score question waits for, with two example figures."""
    a, b = examples(answer, (420, -500), (620, -200))
    return _(lang, "N/S's score in points, e.g. {a} or {b}", a=a, b=b)


def _bonus_hints(score: Score, lang: str) -> list[tuple[Any, str]]:
    """A made contract's bonus forgotten (the part-score 50, the game bonus):
    N/S's score without it, with the rule it misses (duplicate scores)."""
    from ..rules.duplicate import GAME, PART_SCORE
    rules = {PART_SCORE: N_("A made contract short of game also earns the part-score bonus, on top of its trick "
                            "points."),
             GAME: N_("A game bid and made earns the game bonus (more when vulnerable), on top of its trick points.")}
    return [(score.ns - (item.points if item.side is Side.NS else -item.points), _(lang, rules[item.kind]))
            for item in score.items if item.kind in rules]


def _unique(hints: list[tuple[Any, str]]) -> list[tuple[Any, str]]:
    seen: set[Any] = set()
    out = []
    for a, h in hints:
        if a not in seen:
            seen.add(a)
            out.append((a, h))
    return out


def _doubled_hints(score: Score, drawn: _Drawn, made: bool, lang: str) -> list[tuple[Any, str]]:
    """Typical wrong answers on a doubled or redoubled contract, each with the
    rule it misses: the undertrick ladder (every undertrick at the first
    one's rate, or no step to 300 from the fourth), doubled overtricks at the
    suit's value (or redoubled ones at the doubled value), the bonus for
    making it forgotten."""
    result, vul = drawn.result, drawn.vul
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    assert declarer is not None and tricks is not None and contract.strain is not None
    mult = contract.doubling.multiplier // 2            # 1 doubled, 2 redoubled
    vulnerable = vul.is_vulnerable(declarer)
    sign = 1 if declarer.side is Side.NS else -1
    out: list[tuple[Any, str]] = []
    if not made:
        down = contract.tricks_needed - tricks
        ladder = _(lang, "Doubled undertricks follow their own ladder: not vulnerable 100 for the first, 200 "
                         "for the second and the third, 300 for each after; vulnerable 200 for the first, 300 "
                         "for each after. Redoubled, twice as much.")
        first = (200 if vulnerable else 100) * mult
        out.append((-sign * down * first, ladder))
        if not vulnerable and down >= 4:
            out.append((-sign * (100 + 200 * (down - 1)) * mult, ladder))
        if not vulnerable and down >= 2:
            out.append((-sign * (100 + 300 * (down - 1)) * mult, ladder))
        return out
    over = tricks - contract.tricks_needed
    if over:
        plain = 20 if contract.strain in (Strain.C, Strain.D) else 30
        each = (200 if vulnerable else 100) * mult
        rule = _(lang, "Doubled overtricks are not worth the suit's trick value: 100 each not vulnerable, 200 "
                       "vulnerable, whatever the suit; redoubled, twice as much. Only the tricks bid are "
                       "multiplied by 2 or 4.")
        out.append((score.ns - sign * over * (each - plain), rule))
        if mult == 2:
            out.append((score.ns - sign * over * (each - each // 2), rule))
    insult = 50 * mult
    out.append((score.ns - sign * insult, _(lang, "A doubled contract that makes earns a bonus of 50 for making "
                                                  "it (100 redoubled), on top of the rest.")))
    return out


def imp_bands(diff: int, lang: str) -> str:
    """The IMP table's bands around a difference (two either side): the rows of
    the rule the learner reads, ``370-420: 9, 430-490: 10, 500-590: 11``."""
    from ..rules.imps import IMP_BOUNDS
    from bisect import bisect_right
    n = bisect_right(IMP_BOUNDS, diff)
    rows = []
    for k in range(max(0, n - 2), min(24, n + 2) + 1):
        low = 0 if k == 0 else IMP_BOUNDS[k - 1]
        high = IMP_BOUNDS[k] - 10 if k < 24 else None
        band = f"{low}-{high}" if high is not None else _(lang, "{low} and up", low=low)
        rows.append(f"{band}: {k}")
    return ("... " if n > 2 else "") + ", ".join(rows)


# -- auction ------------------------------------------------------------------

#: Why a call is illegal, by the error's code.
REASONS = {
    "insufficient-bid": N_("it does not beat the last bid"),
    "double-own-side": N_("the last bid is their own side's"),
    "double-doubled": N_("the last bid is already doubled"),
    "double-nothing": N_("there is no bid to double"),
    "redouble-not-doubled": N_("the last bid has not been doubled (or is already redoubled)"),
    "redouble-own-double": N_("only the side whose bid was doubled may redouble"),
}

def _random_auction(rng: random.Random) -> Auction:
    """A legal auction so far, still open, of one to eight calls."""
    while True:
        auction = Auction(rng.choice(list(Seat)))
        for _i in range(rng.randint(1, 8)):
            legal = list(auction.legal_calls)
            bids = [c for c in legal if c.is_bid]
            last = auction.last_bid()
            top = 0 if last is None else (last.call.level or 0)
            near = [c for c in bids if (c.level or 0) <= top + 1]
            choice = _pick(rng, [("pass", 4), ("bid", 4), ("double", 1.5), ("redouble", 1)])
            call = PASS
            if choice == "bid" and (near or bids):
                call = rng.choice(near or bids[:5])
            elif choice == "double" and DOUBLE in legal:
                call = DOUBLE
            elif choice == "redouble" and REDOUBLE in legal:
                call = REDOUBLE
            trial = auction.copy()
            trial.push(call)
            if trial.is_complete():
                break
            auction = trial
        if len(auction) and not auction.is_complete() and any(c.is_bid for c in auction.calls):
            return auction


def auction_text(auction: Auction, lang: str) -> str:
    calls = ", ".join(f"{_seat(auction.seat_of(i), lang)} {call_name(c, lang)}" for i, c in enumerate(auction.calls))
    return _(lang, "{dealer} deals. {calls}. {turn} to call.", dealer=_seat(auction.dealer, lang), calls=calls,
             turn=_seat(auction.turn, lang))


def _candidate_calls(auction: Auction, rng: random.Random) -> list[Call]:
    """Calls worth asking about: the tricky ones first."""
    last = auction.last_bid()
    out: list[Call] = [DOUBLE, REDOUBLE]
    if last is not None and last.call.level is not None and last.call.strain is not None:
        lvl, strain = last.call.level, last.call.strain
        out += [Call.bid(lvl, s) for s in Strain if s != strain]
        if lvl < 7:
            out += [Call.bid(lvl + 1, rng.choice(list(Strain)))]
    return out


def drill_auction(rng: random.Random, lang: str, profile: Profile | None) -> Exercise:
    auction = _random_auction(rng)
    position = {"dealer": auction.dealer.name, "auction": " ".join(str(c) for c in auction.calls)}
    setup = auction_text(auction, lang)
    if rng.random() < 0.55:
        call = rng.choice(_candidate_calls(auction, rng))
        try:
            auction.check(call)
            legal, reason = True, ""
        except IllegalCallError as e:
            legal, reason = False, _(lang, REASONS[e.code])
        position["call"] = str(call)
        explain = [_(lang, "{call} by {seat} is legal.", call=call_name(call, lang), seat=_seat(auction.turn, lang))] if legal \
            else [_(lang, "{call} by {seat} is illegal.", call=call_name(call, lang), seat=_seat(auction.turn, lang))[:-1]
                  + (" : " if lang == "fr" else ": ") + f"{reason}."]
        kind = "auction: " + ("doubles and redoubles" if not call.is_bid else "sufficient bids")
        hint = _(lang, "A double needs an opponents' bid, undoubled, followed only by passes; a redouble needs the opponents' double of your own side's bid, still the last call other than pass.") if not call.is_bid else _(lang, "A bid must beat the last bid: a higher level, or the same level in a higher strain (clubs, diamonds, hearts, spades, no trump).")
        return Exercise("auction", kind, setup, _(lang, "May {seat} call {call} now?", call=call_name(call, lang),
                                                  seat=_seat(auction.turn, lang)),
                        "yesno", legal, _(lang, "yes") if legal else _(lang, "no"), explain,
                        [(not legal, hint)], hint, "legal", position, "legal")
    strains = [s for s in Strain if any(auction.is_legal(Call.bid(lv, s)) for lv in range(1, 8))]
    strain = rng.choice(strains or list(Strain))
    lowest = next((Call.bid(lv, strain) for lv in range(1, 8) if auction.is_legal(Call.bid(lv, strain))), None)
    if lowest is None or lowest.level is None:
        return drill_auction(rng, lang, profile)
    hints: list[tuple[Any, str]] = []
    if lowest.level > 1:
        hints.append((Call.bid(lowest.level - 1, strain), _(lang, "That bid is insufficient: it does not beat the last bid.")))
    if lowest.level < 7:
        hints.append((Call.bid(lowest.level + 1, strain), _(lang, "That bid is legal, but one level lower is enough.")))
    word = strain_word(strain, lang)
    return Exercise("auction", "auction: the lowest bid", setup, _(lang, "What is the lowest legal bid in {strain} for {seat}?", strain=word,
                                                                      seat=_seat(auction.turn, lang)),
                    "call", lowest, call_name(lowest, lang),
                    [_(lang, "The lowest legal bid in {strain} is {call}.", call=call_name(lowest, lang), strain=word)], hints,
                    _(lang, "Compare with the last bid: at its level only a higher strain beats it."), "lowest", dict(position, strain=strain.name), "lowest")


# -- tricks -------------------------------------------------------------------

def drill_tricks(rng: random.Random, lang: str, profile: Profile | None) -> Exercise:
    leader = rng.choice(list(Seat))
    trump = _pick(rng, [(Strain.NT, 1), (Strain.S, 1), (Strain.H, 1), (Strain.D, 1), (Strain.C, 1)])
    led = rng.choice(list(Suit))
    if trump is not Strain.NT and rng.random() < 0.2:
        led = Suit(int(trump))
    used: set[Card] = set()

    def draw(suit: Suit) -> Card:
        while True:
            card = Card(suit, rng.choice(list(Rank)))
            if card not in used:
                used.add(card)
                return card

    cards = [draw(led)]
    for _i in range(3):
        how = _pick(rng, [("follow", 6), ("ruff", 2.5 if trump is not Strain.NT else 0), ("discard", 2)])
        if how == "follow":
            cards.append(draw(led))
        elif how == "ruff" and Suit(int(trump)) is not led:
            cards.append(draw(Suit(int(trump))))
        else:
            others = [s for s in Suit if s is not led and (trump is Strain.NT or s is not Suit(int(trump)))]
            cards.append(draw(rng.choice(others)))
    winner = trick_winner(cards, leader, trump)
    card = cards[(winner - leader) % 4]
    played = ", ".join(f"{_seat(leader.next(i), lang)} {notation.card_text(c, False, lang, tens=True)}" for i, c in enumerate(cards))
    trump_word = _(lang, "No trump.") if trump is Strain.NT else _(lang, "Trumps: {suit}.", suit=notation.strain_text(trump, False, lang))
    setup = f"{trump_word} {_(lang, '{leader} leads: {cards}.', leader=_seat(leader, lang), cards=played)}"
    hints: list[tuple[Any, str]] = []
    highest_led = max((c for c in cards if c.suit is led), key=lambda c: c.rank)
    seat_led = leader.next(cards.index(highest_led))
    if seat_led is not winner:
        hints.append((seat_led, _(lang, "A trump was played: the highest trump wins, whatever the cards of the suit led.")))
    for i, c in enumerate(cards):
        seat = leader.next(i)
        if c.suit is not led and (trump is Strain.NT or c.suit is not Suit(int(trump))) and seat is not winner:
            hints.append((seat, _(lang, "That seat discarded: a card of a suit neither led nor trumps never wins, "
                                        "however high.")))
    for i, c in enumerate(cards):  # the lower of two trumps
        seat = leader.next(i)
        if trump is not Strain.NT and c.suit is Suit(int(trump)) and c.suit is not led and seat is not winner:
            hints.append((seat, _(lang, "Two trumps were played: the higher trump wins (an overruff).")))
    lower = [leader.next(i) for i, c in enumerate(cards) if c.suit is led and c is not highest_led]
    for seat in lower:
        if seat is not winner:
            hints.append((seat, _(lang, "Among cards of the suit led, the highest wins: compare the ranks "
                                        "(A K Q J 10 9 ... 2).")))
    general = _(lang, "At no trump nothing is trumps: the highest card of the suit led wins, and a card of "
                      "another suit never wins.") if trump is Strain.NT else \
        _(lang, "Was a trump played? Then the highest trump wins; otherwise the highest card of the suit led.")
    kind = "tricks: " + ("no trump" if trump is Strain.NT else "trumps")
    return Exercise("tricks", kind, setup, _(lang, "Who wins the trick?"), "seat", winner, _seat(winner, lang),
                    [_(lang, "{seat} wins with {card}.", seat=_seat(winner, lang), card=notation.card_text(card, False, lang, tens=True))], _unique(hints),
                    general, "trick",
                    {"leader": leader.name, "trump": trump.name, "play": " ".join(str(c) for c in cards)},
                    "winner")


# -- imps ---------------------------------------------------------------------

_TYPICAL = [50, 90, 100, 110, 120, 130, 140, 150, 170, 180, 200, 300, 420, 450, 460, 500, 600, 620, 630,
            650, 660, 800, 920, 980, 1100, 1370, 1430, 1440, 2210]


def drill_imps(rng: random.Random, lang: str, profile: Profile | None) -> Exercise:
    from ..rules.imps import IMP_BOUNDS, imps
    if rng.random() < 0.55:
        bound = rng.choice(IMP_BOUNDS)
        diff = _pick(rng, [(bound, 1), (bound - 10, 1)])
        diff *= rng.choice([1, -1])
        s1 = s2 = None
        setup = _(lang, "Team A's difference on a board: {diff} points.", diff=f"{diff:+d}")
        position: dict[str, Any] = {"diff": diff}
        kind = "imps: band edges"
    else:
        s1 = rng.choice(_TYPICAL) * rng.choice([1, 1, -1])
        s2 = rng.choice(_TYPICAL) * rng.choice([1, -1, -1])
        diff = s1 - s2
        setup = _(lang, "Table 1 (team A North-South): N/S {s1}. Table 2 (team B North-South): N/S {s2}.", s1=f"{s1:+d}", s2=f"{s2:+d}")
        position = {"scores": [s1, s2]}
        kind = "imps: comparing tables"
    answer = imps(diff)
    hints: list[tuple[Any, str]] = []
    if answer:
        hints.append((-answer, _(lang, "Right size, wrong sign: a negative difference means team B gains.")))
    for off in (-1, 1):
        if 0 <= abs(answer) + off <= 24:
            hints.append(((abs(answer) + off) * (1 if diff >= 0 else -1),
                          _(lang, "One band off: check where the difference falls in the IMP table: {bands}.",
                            bands=imp_bands(abs(diff), lang))))
    if s1 is not None and s2 is not None:
        hints.append((imps(s1 + s2), _(lang, "Subtract table 2's N/S score from table 1's: do not add them.")))
    return Exercise("imps", kind, setup, _(lang, "How many IMPs for team A (with the sign)?"), "number", answer, f"{answer:+d}",
                    [_n(lang, "A difference of {diff} is {imps} IMP.", "A difference of {diff} is {imps} IMPs.", abs(answer),
                        diff=f"{diff:+d}", imps=f"{answer:+d}")],
                    _unique([(a, h) for a, h in hints if a != answer]), _(lang, "Table 1 minus table 2, then the IMP table: 0-10 0, 20-40 1, 50-80 2, 90-120 3, 130-160 4, 170-210 5, 220-260 6 ... 4000 and up 24."), "imps",
                    position, "imps", _(lang, "IMPs for team A, with the sign, e.g. {a:+d} or {b:+d}",
                                        **dict(zip("ab", examples(answer, (3, -5), (2, -6))))))


# -- rubber -------------------------------------------------------------------

def drill_rubber(rng: random.Random, lang: str, profile: Profile | None) -> Exercise:
    profile = rubber_profile(profile)
    while True:
        results = []
        for _i in range(rng.randint(2, 5)):
            declarer = rng.choice(list(Seat))
            strain = rng.choice(list(Strain))
            level = rng.randint(1, 4)
            doubling = _pick(rng, [(Doubling.UNDOUBLED, 5), (Doubling.DOUBLED, 1.5)])
            tricks = max(0, min(13, 6 + level + _pick(rng, [(0, 3), (1, 2), (2, 1), (-1, 1.5), (-3, 0.7)])))
            results.append(Result(Contract(level, strain, doubling), declarer, tricks))
        rubbers = keep_score([SessionDeal(r) for r in results], profile)
        if len(rubbers) == 1:
            break
    rubber = rubbers[0]
    pad = [_(lang, "  {n}. {declarer} plays {contract}, {tricks} tricks", n=i, contract=contract_name(r.contract, lang),
             declarer=_seat(r.declarer, lang), tricks=r.tricks)  # type: ignore[arg-type]
           for i, r in enumerate(results, start=1)]
    setup = _(lang, "A rubber under {rules} (no honours counted):", rules=profile.name) + "\n" + "\n".join(pad)
    position = {"rules": profile.name,
                "results": [{"contract": str(r.contract), "declarer": r.declarer.name,  # type: ignore[union-attr]
                             "tricks": r.tricks} for r in results]}
    explain = [_n(lang, "  {side}: {n} game, {total} points in all", "  {side}: {n} games, {total} points in all",
                  rubber.games_won(s), side=side_name(s, lang), total=rubber.total(s))
               for s in Side]
    if rubber.finished and rubber.winner is not None and rng.random() < 0.75:
        winner = rubber.winner
        two = Side.NS if rubber.games_won(Side.NS) == 2 else Side.EW
        hints = [(winner.opponents, _(lang, "The side with two games does not always win: add up everything above and below the line, the 250 included.") if winner is not two else _(lang, "Add up everything each side scored, above and below the line, with the 250 for the rubber."))]
        return Exercise("rubber", "rubber: who wins", setup, _(lang, "The rubber is over. Which side wins it, NS or EW?"), "side", winner,
                        side_name(winner, lang), explain, hints, _(lang, "The higher total wins, above and below the line together, rubber bonus included."), "game", position,
                        "rubber_winner")
    games = (rubber.games_won(Side.NS) > 0, rubber.games_won(Side.EW) > 0)
    answer = {(True, True): "both", (True, False): "ns", (False, True): "ew", (False, False): "neither"}[games]
    wrong = {"both": "ns", "ns": "neither", "ew": "neither", "neither": "ns"}[answer]
    return Exercise("rubber", "rubber: games", setup, _(lang, "Which side has won a game so far: NS, EW, both or neither?"), "games", answer,
                    _(lang, _GAMES_SHOWN[answer]), explain, [(wrong, _(lang, "A game is 30 or more below the line in the current game, from one deal or several; only a made contract scores below the line."))], _(lang, "Add each side's trick points below the line, deal by deal; at 30 a game is won and both sides start again from zero."),
                    "game", position, "games_ns games_ew")


# -- table (lesson 1) ---------------------------------------------------------

_SEAT_QUESTIONS = {"partner": N_("Who is the partner {seat:de}?"),
                   "lho": N_("Who is the left-hand opponent {seat:de}?"),
                   "rho": N_("Who is the right-hand opponent {seat:de}?")}
_DEAL_QUESTIONS = {"first_card_to": N_("{seat} deals. Who receives the first card?"),
                   "last_card_to": N_("{seat} deals. Who receives the last card of the pack?"),
                   "next_dealer": N_("{seat} dealt this deal. Who deals the next one?")}


def _say(lang: str, template: str, **values: Any) -> str:
    """``template`` with its values (seats as complements: ``{seat:de}``) in ``lang``."""
    return notation.Message(template, **values).render(False, lang)


def _table_seats(rng: random.Random, lang: str) -> Exercise:
    seat = rng.choice(list(Seat))
    relation = rng.choice(list(_SEAT_QUESTIONS))
    answer: Seat = getattr(seat, relation)
    clockwise = _(lang, "Partners sit opposite each other; clockwise round the table: North, East, South, West. "
                        "Your left-hand opponent plays just after you, your right-hand opponent just before.")
    hints: list[tuple[Any, str]] = [(seat, _(lang, "That is the player named in the question: the answer is "
                                                   "another seat."))]
    if relation == "partner":
        for opp in (seat.lho, seat.rho):
            hints.append((opp, _(lang, "That is an opponent, beside. Partners sit opposite each other: North with "
                                       "South, East with West.")))
    else:
        hints.append((seat.partner, _(lang, "That is the partner, opposite: an opponent sits beside.")))
        other = seat.rho if relation == "lho" else seat.lho
        hints.append((other, _(lang, "Left and right are swapped. Play goes clockwise (North, East, South, West): "
                                     "the left-hand opponent is the next player, the right-hand opponent the one "
                                     "before.")))
    return Exercise("table", "table: seats", _(lang, "Four players in two partnerships sit at the table."),
                    _say(lang, _SEAT_QUESTIONS[relation], seat=seat), "seat", answer, _seat(answer, lang),
                    _computed("seat", {"seat": seat.name}, lang),
                    _unique([(a, h) for a, h in hints if a != answer]), clockwise, "seat", {"seat": seat.name}, relation,
                    _(lang, "a seat: N, E, S or W"))


def _table_dealing(rng: random.Random, lang: str) -> Exercise:
    dealer = rng.choice(list(Seat))
    key = _pick(rng, [("first_card_to", 1), ("last_card_to", 1.5), ("next_dealer", 1)])
    answer = {"first_card_to": dealer.lho, "last_card_to": dealer, "next_dealer": dealer.lho}[key]
    rule = _(lang, "The dealer deals one card at a time, clockwise, starting with the player on the left; 52 cards "
                   "make thirteen rounds of four. The deal then passes to the left.")
    hints: list[tuple[Any, str]] = []
    if key == "first_card_to":
        hints += [(dealer, _(lang, "The dealer deals to the others first: the first card goes to the player on the "
                                   "dealer's left.")),
                  (dealer.rho, _(lang, "The deal goes clockwise, so it starts on the dealer's left, not the right."))]
    elif key == "last_card_to":
        hints += [(dealer.lho, _(lang, "That player receives the first card. 52 cards are thirteen full rounds of "
                                       "four: where does the last round end?")),
                  (dealer.rho, _(lang, "That player receives the last card but one: the round ends one seat later."))]
    else:
        hints += [(dealer.rho, _(lang, "The deal passes to the left (clockwise), not to the right.")),
                  (dealer, _(lang, "Each player deals in turn: the deal passes on after every deal.")),
                  (dealer.partner, _(lang, "The deal passes one seat only, to the left."))]
    explain = _computed("deal", {"dealer": dealer.name}, lang)
    return Exercise("table", "table: dealing", _(lang, "Cards are dealt one at a time, clockwise."),
                    _say(lang, _DEAL_QUESTIONS[key], seat=dealer), "seat", answer, _seat(answer, lang), explain,
                    _unique([(a, h) for a, h in hints if a != answer]), rule, "deal", {"dealer": dealer.name}, key,
                    _(lang, "a seat: N, E, S or W"))


def _computed(what: str, position: dict[str, Any], lang: str) -> list[str]:
    """The lessons' computation of a position, as its lines explain it."""
    from .compute import compute
    return compute(what, position, False, lang).lines


def _board_number(rng: random.Random) -> int:
    return rng.randint(1, 16) if rng.random() < 0.75 else rng.randint(17, 36)


def _dealer_anchor(n: int) -> int:
    """The board of 1-4 a dealer hint counts from: never one board ``n``'s
    dealer deals (every fourth board), so that the hint does not say the answer."""
    return 1 if n % 4 != 1 else 2


def _table_board_dealer(rng: random.Random, lang: str) -> Exercise:
    from ..seats import dealer_for_board
    n = _board_number(rng)
    answer = dealer_for_board(n)
    k = _dealer_anchor(n)
    rule = _say(lang, N_("The dealer moves one seat clockwise each board (North, East, South, West), and every four "
                         "boards the same player deals again: board {k} is dealt by {seat}."),
                k=k, seat=dealer_for_board(k))
    hints: list[tuple[Any, str]] = [(Seat((1 - n) % 4), _(lang, "The dealer moves clockwise: North, East, South, "
                                                                "West, not the other way."))]
    for other in (n - 1, n + 1):
        if other >= 1:
            hints.append((dealer_for_board(other),
                          _say(lang, N_("One board off: count again one seat clockwise each board, from board {k} "
                                        "({seat})."), k=k, seat=dealer_for_board(k))))
    return Exercise("table", "table: board dealer", _(lang, "Duplicate: the board number fixes the dealer."),
                    _(lang, "Who deals board {n}?", n=n), "seat", answer, _seat(answer, lang),
                    _computed("board", {"board": n}, lang),
                    _unique([(a, h) for a, h in hints if a != answer]), rule, "board", {"board": n}, "dealer",
                    _(lang, "a seat: N, E, S or W"))


#: A vulnerability as the prompt names it ("None, NS, EW or All").
_VUL_WORDS = {"en": {Vul.NONE: "None", Vul.NS: "NS", Vul.EW: "EW", Vul.ALL: "All"},
              "fr": {Vul.NONE: "personne", Vul.NS: "NS", Vul.EW: "EO", Vul.ALL: "tous"}}


def _vul_anchors(n: int, lang: str, *, starts: bool = False) -> str:
    """The first boards of the four groups with their vulnerability (``board 5
    NS``; ``board 5 starts with NS`` with ``starts``), leaving out the one that
    is board ``n`` again (every sixteenth board), so that a hint never says
    the answer."""
    twin = (n - 1) % 16 + 1
    template = N_("board {k} starts with {vul}") if starts else N_("board {k} {vul}")
    words = _VUL_WORDS["fr" if lang == "fr" else "en"]
    return ", ".join(_(lang, template, k=k, vul=words[Vul.for_board(k)])
                     for k in (1, 5, 9, 13) if k != twin and not (starts and k == 1))


def _table_board_vul(rng: random.Random, lang: str) -> Exercise:
    n = _board_number(rng)
    answer = Vul.for_board(n)
    rule = _(lang, "Sixteen boards make the cycle, then it starts again. Each group of four runs None, NS, EW, All, "
                   "starting one step later each group: {anchors}.", anchors=_vul_anchors(n, lang))
    hints: list[tuple[Any, str]] = []
    first_four = Vul.for_board((n - 1) % 4 + 1)
    hints.append((first_four, _(lang, "Each group of four boards starts one step later in None, NS, EW, All: "
                                      "{anchors}.", anchors=_vul_anchors(n, lang, starts=True))))
    swapped = {Vul.NS: Vul.EW, Vul.EW: Vul.NS}.get(answer)
    if swapped is not None:
        hints.append((swapped, _(lang, "The sides are swapped: NS is North-South, EW is East-West.")))
    for other in (n - 1, n + 1):
        if other >= 1:
            hints.append((Vul.for_board(other), _(lang, "One board off: find the group of four the board is in, "
                                                        "then count one step each board from its first board.")))
    return Exercise("table", "table: board vulnerability", _(lang, "Duplicate: the board number fixes the vulnerability."),
                    _(lang, "Which side is vulnerable on board {n} (None, NS, EW or All)?", n=n), "vul", answer,
                    _VUL_WORDS["fr" if lang == "fr" else "en"][answer], _computed("board", {"board": n}, lang),
                    _unique([(a, h) for a, h in hints if a != answer]), rule, "board", {"board": n}, "vul",
                    _(lang, "None, NS, EW or All"))


_TABLE = [(_table_seats, 2.0), (_table_dealing, 1.5), (_table_board_dealer, 2.0), (_table_board_vul, 2.5)]


def drill_table(rng: random.Random, lang: str, profile: Profile | None) -> Exercise:
    """Lesson 1's facts: partners and opponents, who receives the first and the
    last card and who deals next, the dealer and the vulnerability of a board."""
    return _pick(rng, _TABLE)(rng, lang)


# -- record (lesson 8) -----------------------------------------------------------

def drill_record(rng: random.Random, lang: str, profile: Profile | None) -> Exercise:
    """A saved game's record (Contract, Declarer, Vulnerable, Result tags):
    North-South's score, as ``bridgekit play`` shows it.  Result counts all
    of declarer's tricks; the typical misreadings (tricks over six, the X
    ignored, the other side's vulnerability, the defenders' tricks, the
    sign) are scored by the same engine and answered with the rule (the
    likelier mistake first when two give the same figure)."""
    scorer = DEFAULT
    declarer = rng.choice(list(Seat))
    strain = rng.choice(list(Strain))
    doubling = _pick(rng, [(Doubling.UNDOUBLED, 5), (Doubling.DOUBLED, 2), (Doubling.REDOUBLED, 0.5)])
    made = rng.random() < 0.55
    level = _pick(rng, [(1, 1), (2, 2), (3, 2.5), (4, 2.5), (5, 1), (6, 1), (7, 0.4)])
    contract = Contract(level, strain, doubling)
    need = contract.tricks_needed
    tricks = min(13, need + _pick(rng, [(0, 3), (1, 2), (2, 1)])) if made else \
        max(0, need - _pick(rng, [(1, 3), (2, 2), (3, 1), (4, 0.5)]))
    made = tricks >= need
    vul = rng.choice(list(Vul))
    result = Result(contract, declarer, tricks)
    score = scorer.score(result, vul, None)
    drawn = _Drawn("record", result, vul, None)
    rescore = _rescorer(scorer, drawn)
    hints: list[tuple[Any, str]] = [(-score.ns, _(lang, "Right amount, wrong sign: the score is written from "
                                                        "North-South's side; the Declarer tag says which side played "
                                                        "the contract."))]
    if tricks + 6 <= 13:
        hints.append((rescore(Result(contract, declarer, tricks + 6)).ns,
                      _(lang, "Result counts all of declarer's tricks, not the tricks over six: {contract} needs "
                              "{n} of them.", contract=notation.contract_text(contract, False, lang), n=need)))
    if doubling is not Doubling.UNDOUBLED:
        hints.append((rescore(Result(Contract(level, strain), declarer, tricks)).ns,
                      _(lang, "An X at the end of the Contract tag means doubled (XX redoubled): score it so.")))
        hints += _doubled_hints(score, drawn, made, lang)
    other_vul = {Vul.NS: Vul.EW, Vul.EW: Vul.NS}.get(vul)
    if other_vul is not None:
        hints.append((rescore(vul2=other_vul).ns, _(lang, "[Vulnerable \"NS\"] means North-South are vulnerable, "
                                                          "\"EW\" East-West, \"All\" both sides, \"None\" neither.")))
    if vul in (Vul.NS, Vul.EW):
        flat = rescore(vul2=Vul.ALL if not vul.is_vulnerable(declarer) else Vul.NONE).ns
        hints.append((flat, _(lang, "Check who is vulnerable: the Vulnerable tag names a side; is it declarer's?")))
    hints.append((rescore(Result(contract, declarer, 13 - tricks)).ns,
                  _(lang, "Result counts declarer's tricks, not the defenders'.")))
    hints += _bonus_hints(score, lang)   # after the doubled rules: making doubled is a 50 too
    kind = "record: doubled" if doubling is not Doubling.UNDOUBLED else \
        "record: contract made" if made else "record: contract down"
    tags = f'[Contract "{contract}"], [Declarer "{declarer.name}"], [Vulnerable "{vul.value}"]'
    setup = _(lang, "A saved record says {tags} and [Result \"{tricks}\"].", tags=tags, tricks=tricks)
    position: dict[str, Any] = {"rules": scorer.name, "contract": str(contract), "declarer": declarer.name,
                                "tricks": tricks, "vul": vul.value}
    return Exercise("record", kind, setup, _(lang, "What is the North-South score?"), "number", score.ns,
                    f"{score.ns:+d}", score_lines(score, lang) + _ScoreSheet().totals(score, lang),
                    _unique([(a, h) for a, h in hints if a != score.ns]),
                    _(lang, "Result is the number of tricks declarer took, all thirteen counted: compare it with "
                            "the tricks the contract needs (its level + 6), then score from North-South's side."),
                    "score", position, "score_ns", score_prompt(lang, score.ns))


GENERATORS: dict[str, Callable[[random.Random, str, Profile | None], Exercise]] = {
    "scoring": drill_scoring, "auction": drill_auction, "tricks": drill_tricks, "imps": drill_imps,
    "rubber": drill_rubber, "table": drill_table, "record": drill_record,
}


def generate(topic: str | None, rng: random.Random, lang: str = "en", profile: Profile | None = None,
             lean: Callable[[str], float] | None = None) -> Exercise:
    """One exercise of ``topic`` (any topic when None).  ``lean`` weighs each
    kind of scoring exercise (``scoring (contract): slam``): the drill leans to
    what the learner gets wrong."""
    topic = topic or rng.choice(TOPICS)
    if topic == "scoring":
        return drill_scoring(rng, lang, profile, lean)
    return GENERATORS[topic](rng, lang, profile)


# -- reading answers ----------------------------------------------------------

_GAMES_SHOWN = {"both": N_("both"), "ns": "NS", "ew": N_("EW"), "neither": N_("neither")}

_GAMES = {"both": "both", "les deux": "both", "ns": "ns", "n/s": "ns", "ew": "ew", "e/w": "ew", "eo": "ew",
          "e/o": "ew", "neither": "neither", "none": "neither", "nobody": "neither", "aucun": "neither",
          "personne": "neither", "ni l'un ni l'autre": "neither"}


def read_answer(exercise: Exercise, text: str, lang: str = "en") -> Any:
    """The learner's answer in the exercise's parsed form; raises
    BridgekitError when it cannot be read."""
    from ..errors import ParseError
    if exercise.answer_type == "numbers":
        words = text.replace(",", " ").replace("/", " ").split()
        if len(words) != 2:
            raise ParseError(Message('give two numbers'))
        return (parse_answer("number", words[0]), parse_answer("number", words[1]))
    if exercise.answer_type == "games":
        key = " ".join(text.lower().replace("-", "").split())
        if key not in _GAMES:
            raise ParseError(Message('NS, EW, both or neither'))
        return _GAMES[key]
    return parse_answer(exercise.answer_type, text, lang)


# -- the drill runner ---------------------------------------------------------

class DrillStats:
    """What a learner got right and wrong, per kind of exercise
    (``scoring (contract): doubled undertricks``), kept in
    ``state_dir()/drills.json`` so that the next drills lean to the mistakes."""

    def __init__(self, path: Any = None) -> None:
        from pathlib import Path
        from .progress import state_dir
        self.path = Path(path) if path is not None else state_dir() / "drills.json"
        self.kinds: dict[str, list[int]] = {}
        try:
            import json
            data = json.loads(self.path.read_text(encoding="utf-8")[:1 << 20])
            for kind, pair in data.get("kinds", {}).items():
                right, wrong = int(pair[0]), int(pair[1])
                if 0 <= right < 10 ** 6 and 0 <= wrong < 10 ** 6:
                    self.kinds[str(kind)[:200]] = [right, wrong]
        except (OSError, ValueError, AttributeError, TypeError, IndexError, KeyError):
            self.kinds = {}

    def record(self, kind: str, right: bool) -> None:
        pair = self.kinds.setdefault(kind, [0, 0])
        pair[0 if right else 1] += 1

    def weight(self, kind: str) -> float:
        """1 for a kind never missed, up to 4 for one always missed (a few
        recent tries count as much as many old ones: plus-one smoothing)."""
        right, wrong = self.kinds.get(kind, [0, 0])
        return 1.0 + 3.0 * (wrong / (right + wrong + 1))

    def topic_weight(self, topic: str) -> float:
        kinds = [k for k in self.kinds if k.split(" ", 1)[0].split(":", 1)[0] == topic]
        return max((self.weight(k) for k in kinds), default=1.0)

    def save(self) -> None:
        import json
        from ..safeio import Output
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with Output(str(self.path)) as out:
                json.dump({"kinds": self.kinds}, out.stream, indent=1, sort_keys=True)
                out.commit()
        except (OSError, ValueError):
            pass


class DrillRunner(LineTalk):
    """Asks ``count`` exercises and marks each answer.  A wrong answer gets
    the rule it missed (never the answer) and a second try; ``show`` reveals
    the answer without scoring it.  With ``stats``, the exercises lean to the
    kinds the learner gets wrong, and each result is kept."""

    def __init__(self, topic: str | None, inp: TextIO, out: TextIO, *, count: int = 10, seed: int | None = None,
                 rules: Profile | None = None, lang: str = "en", ascii: bool = False,
                 echo: bool | None = None, stats: DrillStats | None = None) -> None:
        super().__init__(inp, out, ascii=ascii, echo=echo)
        self.topic = topic
        self.count = count
        self.rng = random.Random(seed)
        self.rules = rules
        self.lang = lang
        self.stats = stats
        self.right = 0           # right at the first try
        self.second = 0          # right at the second try, after the hint
        self.shown = 0           # shown, not scored
        self.asked = 0           # scored
        self.missed: dict[str, int] = {}

    def run(self) -> int:
        """Run the drill; returns the number of right answers (first try)."""
        from .display import wrap
        lang = self.lang
        what = kind_name(self.topic, lang) if self.topic else _(lang, "all topics")
        self.write(wrap(_(lang, "Drill: {topic}, {exercises}. Type your answer; ? for a hint, 'show' for the answer, q to stop.",
                            topic=what, exercises=_n(lang, "{n} exercise", "{n} exercises", self.count))))
        lean = self.stats.weight if self.stats is not None else None
        for n in range(1, self.count + 1):
            topic = self.topic
            if topic is None and self.stats is not None:
                topic = _pick(self.rng, [(t, self.stats.topic_weight(t)) for t in TOPICS])
            ex = generate(topic, self.rng, lang, self.rules, lean)
            self.write("")
            self.screen_start()
            left = _(lang, "Exercise {n} of {count}", n=n, count=self.count)
            # the summary's count: right at the first try; those right after a hint apart
            right = _(lang, "score {right}/{asked}", right=self.right, asked=self.asked) if not self.second else \
                _(lang, "score {right}/{asked} (+{second} after a hint)", right=self.right, asked=self.asked,
                  second=self.second)
            shown = "\n".join([f"{left}{' ' * max(2, 78 - len(left) - len(right))}{right}\n{'-' * 78}",
                               wrap(ex.setup.replace("\n", "\n\n")) if "\n" not in ex.setup else ex.setup,
                               "\n" + wrap(_(lang, "QUESTION: ") + ex.question)])
            self.write(shown)
            self.in_view(shown, compact(shown))
            try:
                verdict = self.one(ex)
            finally:
                self.settled()
            if verdict is None:
                break
        self.summary()
        if self.stats is not None:
            self.stats.save()
        return self.right

    def one(self, ex: Exercise) -> bool | str | None:
        """Ask one exercise: True right, False wrong (after the second try),
        ``"shown"`` when the learner asked to see it, None when they quit."""
        from .display import wrap
        lang = self.lang
        help_ = ex.prompt or type_help(ex.answer_type, lang)
        tries = 0
        while True:
            prompt = _(lang, "Your answer ({help}): ", help=help_) if tries == 0 else \
                _(lang, "Second try ({help}): ", help=help_)
            line = self.ask("\n" + prompt)
            if line is None or line.lower() in ("q", "quit", "exit", "quitter"):
                return None
            if line == "":
                continue
            if line == "?":
                self.feedback(wrap(_(lang, "Hint: ") + ex.hint))
                continue
            if line.lower() in ("show", "voir", "??", "montrer", "réponse"):
                self.settled()
                self.shown += 1
                self.missed[ex.kind] = self.missed.get(ex.kind, 0) + 1
                if self.stats is not None:
                    self.stats.record(ex.kind, False)
                self.write(_(lang, "The answer is {answer}.", answer=ex.shown))
                self.write(self.explained(ex))
                return "shown"
            try:
                if ex.answer_type in ("card", "call", "contract"):
                    line = self.unambiguous(ex.answer_type, line, lang)
                given = read_answer(ex, line, lang)
            except BridgekitError:
                self.feedback(wrap(_(lang, "I could not read {text!r} as {help}.", text=line, help=help_)))
                continue
            if given == ex.answer:
                self.settled()
                if tries == 0:
                    self.right += 1
                else:
                    self.second += 1
                self.asked += 1
                if self.stats is not None:
                    self.stats.record(ex.kind, tries == 0)
                self.write(_(lang, "Right!") + "\n" + self.explained(ex))
                return True
            if tries == 0:
                tries = 1
                self.missed[ex.kind] = self.missed.get(ex.kind, 0) + 1
                targeted = next((h for a, h in ex.hints if a == given), "")
                self.feedback(wrap(_(lang, "Not quite.") + " " + (targeted or ex.hint)))
                continue
            self.settled()
            self.asked += 1
            if self.stats is not None:
                self.stats.record(ex.kind, False)
            self.write(_(lang, "Not quite: the answer is {answer}.", answer=ex.shown))
            self.write(self.explained(ex))
            return False

    @staticmethod
    def explained(ex: Exercise) -> str:
        """The engines' explanation: table rows as they are, sentences wrapped."""
        from .display import wrap
        return "\n".join(line if line.startswith("  ") else wrap(line) for line in ex.explain)

    def summary(self) -> None:
        from .display import wrap
        lang = self.lang
        line = _n(lang, "{n}/{asked} correct.", "{n}/{asked} correct.", self.right, asked=self.asked)
        if self.second:
            line += " " + _n(lang, "{n} more after a hint.", "{n} more after a hint.", self.second)
        if self.shown:
            line += " " + _n(lang, "{n} shown.", "{n} shown.", self.shown)
        self.write("\n" + line)
        if self.missed:
            review = ", ".join(f"{kind_name(k, lang)} ({n})"
                               for k, n in sorted(self.missed.items(), key=lambda kv: -kv[1]))
            self.write(wrap(_(lang, "To review: {topics}.", topics=review)))
        elif self.asked:
            self.write(_(lang, "Nothing to review: all right."))


def run_lesson_drill(words: str, talk: LineTalk) -> None:
    """The drill a lesson offers at its end (``scoring --rules auction-1920``),
    ten exercises on the lesson's streams, leaning to the learner's mistakes."""
    parts = words.split()
    rules = find_profile(parts[parts.index("--rules") + 1]) if "--rules" in parts else None
    DrillRunner(parts[0], talk.inp, talk.out, count=10, rules=rules, lang=getattr(talk, "lang", "en"),
                ascii=talk.ascii, echo=talk.echo, stats=DrillStats()).run()

"""The syntax of every tag value the PBN 2.1 standard defines (sections 3.4,
4 and 5), checked one tag at a time.

``tag_problems(board)`` yields ``(code, message, tag name, severity)`` for
each known tag whose value does not follow the standard; unknown tags are
fine (section 4.9 allows new tags).  The reader already judges the tags the
rest of bridgekit parses (``Dealer``, ``Vulnerable`` it can read,
``Declarer``, ``Contract``, ``Result``, ``Deal`` cards), so this module only
adds what the reader lets through: a value it can read but that the
standard does not allow (``Vulnerable "E"``, a deal with two spaces), and
every other tag.

The empty value and ``?`` are always allowed (section 3.4: an unknown or
inappropriate mandatory tag), and so is the value of a tag inherited with
``#`` (the reader has replaced it by then).
"""

from __future__ import annotations

import functools
import re
from typing import Callable, Dict, Iterator, Tuple

from .board import Board
from .i18n import N_
from .notation import Message
from .seats import Vul

#: Section 3.4.12's basic scoring systems and modifiers (the list is open:
#: another word is a warning, not an error).
SCORING_WORDS = frozenset(w.lower() for w in (
    "MP", "MatchPoints", "IMP", "Cavendish", "Chicago", "Rubber", "BAM", "Instant",
    "Butler", "Butler-2", "Experts", "Cross", "Cross1", "Cross2", "Mean", "Median",
    "MP1", "MP2", "OldMP", "Mitchell2", "Mitchell3", "Mitchell4", "Ascherman", "Bastille",
    "EMP", "IMP_1948", "IMP_1961",
    # bridgekit's own rules profiles (PBN's open list allows them)
    "Auction-1920", "Auction-Classic", "Contract",
))

#: PBN 2.2-2.3: no control character in a string (tabs included), nor the
#: ISO 8859-1 codes 127-159.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
#: Dates other software writes that people and bridgekit still read
#: unambiguously: 2023-12-30 (with a time or not), 20151006, 1-Dec-2023.
_ISO_DATE = re.compile(r"\d{4}-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?|(?:19|20)\d\d[01]\d[0-3]\d"
                       r"|\d{1,2}-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4}")
_TIME = re.compile(r"(\d\d|\?\?):(\d\d|\?\?):(\d\d|\?\?)")
_ROUND = re.compile(r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*")
_INT = r"[+-]?\d{1,9}"
_DECIMAL = r"[+-]?\d{1,9}(?:\.\d{0,9})?"
_RUBBER = r"\d{1,9} *?/ *?\d{1,9}"
_SCORING_FIELD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
_HIDDEN = re.compile(r"[WNES]{1,4}")
_DD_TRICKS = re.compile(r"[0-9A-Da-d]{20}")
_TIME_CONTROL = re.compile(r"\d{1,9}/\d{1,9}")
_SECONDS = re.compile(r"\d{1,9}")
_HAND = re.compile(r"-|[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*")


def _scores(unit: str) -> re.Pattern[str]:
    """Section 4.2.1's five forms: ``S``, ``NS S``, ``EW S``, ``NS S EW S``,
    ``EW S NS S``."""
    return re.compile(rf"\s*(?:(?:{unit})|(?:NS|EW) +(?:{unit})|NS +(?:{unit}) +EW +(?:{unit})"
                      rf"|EW +(?:{unit}) +NS +(?:{unit}))\s*")


_SCORE = _scores(_INT)
_SCORE_DECIMAL = _scores(_DECIMAL)
_SCORE_RUBBER = _scores(_RUBBER)
#: Section 4.2.7: the side is required, four forms.
_OPTIMUM = re.compile(rf"(?:NS|EW) {_INT}|NS {_INT} EW {_INT}|EW {_INT} NS {_INT}")

#: What a check finds: a code, the message's template (``{tag}`` and
#: ``{value}`` are the tag's name and value) and the template's other values.
Found = Tuple[str, str, Dict[str, object]]
Check = Callable[[str], "Found | None"]
_CHECKS: dict[str, Check] = {}


def _bad(code: str, template: str, **values: object) -> Found:
    return code, template, values


def _check(*names: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        for name in names:
            _CHECKS[name] = fn
        return fn
    return register


@_check("Date", "EventDate", "UTCDate")
def _date(value: str) -> Found | None:
    m = _DATE.fullmatch(value)
    if m is None:
        iso = _ISO_DATE.fullmatch(value)
        if iso is not None:
            return _bad("nonstandard-date", N_("{tag} {value} is readable but PBN writes a date YYYY.MM.DD"))
        return _bad("bad-date", N_("{tag} {value} is not a date YYYY.MM.DD ('?' for unknown digits)"))
    month, day = m.group(2), m.group(3)
    if (month.isdigit() and not 1 <= int(month) <= 12) or (day.isdigit() and not 1 <= int(day) <= 31):
        return _bad("bad-date", N_("{tag} {value} has no such month or day"))
    return None


@_check("Time", "UTCTime")
def _time(value: str) -> Found | None:
    m = _TIME.fullmatch(value)
    if m is None:
        return _bad("bad-time", N_("{tag} {value} is not a time HH:MM:SS ('?' for unknown digits)"))
    limits = (23, 59, 59)
    if any(g.isdigit() and int(g) > top for g, top in zip(m.groups(), limits)):
        return _bad("bad-time", N_("{tag} {value} has no such hour, minute or second"))
    return None


@_check("Board")
def _board(value: str) -> Found | None:
    if value.isascii() and value.isdigit() and value.strip("0"):  # no int(): 5,000 digits are a number too
        return None
    if value.isascii() and value.lstrip("+-").isdigit():   # a number, but 0 or negative: no board has it
        return _bad("bad-board-number", N_("{tag} {value} is not a positive whole number"))
    # '1-1', '3 summary', 'spacer': a teaching file's labels for its exercises
    return _bad("board-label", N_("{tag} {value} is a label, not a board number (PBN 3.4.4 asks for a positive whole number)"))


@_check("Round")
def _round(value: str) -> Found | None:
    if _ROUND.fullmatch(value):
        return None
    return _bad("bad-round", N_("{tag} {value} may hold only letters, digits and '_', in parts separated by '.'"))


@_check("Vulnerable")
def _vulnerable(value: str) -> Found | None:
    if value.lower() in ("none", "love", "-", "ns", "ew", "all", "both"):  # 3.11: any case
        return None
    return _bad("bad-vulnerable", N_("{tag} {value} is not one of None, Love, -, NS, EW, All, Both"))


@_check("Dealer")
def _dealer(value: str) -> Found | None:
    if value.upper() in ("W", "N", "E", "S"):  # 3.11: any case
        return None
    return _bad("bad-seat", N_("{tag} {value} is not one of W, N, E, S"))


@_check("Declarer")
def _declarer(value: str) -> Found | None:
    if value.upper() in ("W", "N", "E", "S", "^W", "^N", "^E", "^S"):
        return None
    return _bad("bad-seat", N_("{tag} {value} is not one of W, N, E, S (or ^W, ^N, ^E, ^S for a swapped declarer)"))


@_check("Deal")
def _deal(value: str) -> Found | None:
    if len(value) < 2 or value[0] not in "WNES" or value[1] != ":":
        return None  # the reader reports what it cannot read
    hands = value[2:].split(" ")
    if len(hands) != 4 or not all(_HAND.fullmatch(h) for h in hands):
        if len(value[2:].split()) == 4:
            return _bad("bad-deal", N_("{tag} {value} must separate its four hands by single spaces"))
        return None
    if all(h == "-" for h in hands):
        return _bad("bad-deal", N_("{tag} {value} gives no hand at all"))
    return None


@_check("Scoring")
def _scoring(value: str) -> Found | None:
    fields = value.split(";")
    for f in fields:
        if not _SCORING_FIELD.fullmatch(f):
            return _bad("bad-scoring", N_("{tag} {value} has the field {field}: fields are words separated by ';'"),
                        field=repr(f))
    unknown = [f for f in fields if f.lower() not in SCORING_WORDS]
    if unknown:
        return _bad("unknown-scoring", N_("{tag} {value} uses {words}, not in the standard's list (kept)"),
                    words=", ".join(unknown))
    return None


@_check("Score")
def _score(value: str) -> Found | None:
    if _SCORE.fullmatch(value):
        return None
    return _bad("bad-score", N_("{tag} {value} is not a whole number of points, optionally after NS or EW"))


@_check("ScoreIMP", "ScoreMP")
def _score_decimal(value: str) -> Found | None:
    if _SCORE_DECIMAL.fullmatch(value):
        return None
    return _bad("bad-score", N_("{tag} {value} is not a number (decimals after a '.'), optionally after NS or EW"))


@_check("ScorePercentage")
def _percentage(value: str) -> Found | None:
    if not _SCORE_DECIMAL.fullmatch(value):
        return _bad("bad-score", N_("{tag} {value} is not a percentage, optionally after NS or EW"))
    if any(not 0 <= float(n) <= 100 for n in re.findall(_DECIMAL, value)):
        return _bad("bad-score", N_("{tag} {value} is not between 0 and 100"))
    return None


@_check("ScoreRubber")
def _score_rubber(value: str) -> Found | None:
    if _SCORE_RUBBER.fullmatch(value):
        return None
    return _bad("bad-score", N_("{tag} {value} is not above/below (two whole numbers), optionally after NS or EW"))


@_check("OptimumScore")
def _optimum(value: str) -> Found | None:
    if _OPTIMUM.fullmatch(value):
        return None
    return _bad("bad-score", N_("{tag} {value} is not NS or EW followed by a whole number of points"))


@_check("ScoreRubberHistory")
def _history(value: str) -> Found | None:
    if parse_rubber_history(value) is None:
        return _bad("bad-rubber-history",
                    N_("{tag} {value} is not 'NS <above> <above>/<below>... EW ...' (section 4.2.6)"))
    return None


@_check("Room")
def _room(value: str) -> Found | None:
    if value in ("Open", "Closed"):
        return None
    return _bad("bad-room", N_("{tag} {value} is not Open or Closed"))


@_check("FrenchMP")
def _french(value: str) -> Found | None:
    if value in ("Yes", "No"):
        return None
    return _bad("bad-frenchmp", N_("{tag} {value} is not Yes or No"))


@_check("Hidden")
def _hidden(value: str) -> Found | None:
    if _HIDDEN.fullmatch(value) and len(set(value)) == len(value):
        return None
    return _bad("bad-hidden", N_("{tag} {value} is not a set of the letters W, N, E, S"))


@_check("DoubleDummyTricks")
def _dd_tricks(value: str) -> Found | None:
    if _DD_TRICKS.fullmatch(value):
        return None
    return _bad("bad-dd-tricks", N_("{tag} {value} is not 20 hexadecimal digits (tricks 0-13 by declarer and strain)"))


@_check("TimeControl")
def _time_control(value: str) -> Found | None:
    if _TIME_CONTROL.fullmatch(value):
        return None
    return _bad("bad-time-control", N_("{tag} {value} is not <games>/<minutes>"))


@_check("TimeCall", "TimeCard")
def _seconds(value: str) -> Found | None:
    if _SECONDS.fullmatch(value):
        return None
    return _bad("bad-number", N_("{tag} {value} is not a whole number of seconds"))


#: Codes of values that break no rule a reader needs: the standard's open
#: lists, and a date bridgekit reads although PBN spells it otherwise.
WARNINGS = frozenset({"unknown-scoring", "nonstandard-date", "unusual-value", "padded-value", "board-label"})

#: Tags whose standard lists example values only: another value is a warning.
EXAMPLES: dict[str, frozenset[str]] = {
    "Competition": frozenset({"cavendish", "chicago", "individuals", "pairs", "rubber", "teams"}),
    "Mode": frozenset({"em", "ibs", "okb", "table", "tc"}),
    **{f"{seat}Type": frozenset({"human", "program"}) for seat in ("West", "North", "East", "South")},
}


def parse_rubber_history(value: str) -> tuple[list[int], list[int]] | None:
    """The below-the-line scores of N-S and E-W in a ``ScoreRubberHistory``
    value (one per game, the last the game in progress), or None when the
    value does not follow section 4.2.6."""
    m = re.fullmatch(r"NS (.+?) EW (.+)", value.strip())
    if m is None:
        return None
    out = []
    for part in m.groups():
        h = re.fullmatch(r"(\d{1,9}) (\d{1,9}) ?/ ?(\d{1,9}(?: \d{1,9}){0,2})", part.strip())
        if h is None:
            return None
        out.append([int(x) for x in h.group(3).split()])
    return out[0], out[1]


def history_vulnerability(ns: list[int], ew: list[int]) -> Vul:
    """The vulnerability a rubber's history implies: a side that has won a
    game is vulnerable.  Games are the finished ones (all but the last
    entry); the one who reached 100 in a finished game won it."""
    won = {"NS": 0, "EW": 0}
    games = max(len(ns), len(ew))
    for g in range(games - 1):
        a = ns[g] if g < len(ns) else 0
        b = ew[g] if g < len(ew) else 0
        if a >= 100:
            won["NS"] += 1
        elif b >= 100:
            won["EW"] += 1
    ns_vul, ew_vul = won["NS"] > 0, won["EW"] > 0
    return (Vul.ALL if ns_vul and ew_vul else Vul.NS if ns_vul else Vul.EW if ew_vul else Vul.NONE)


def tag_problems(board: Board) -> Iterator[tuple[str, Message, str, str]]:
    """``(code, message, tag, severity)`` for each tag of ``board`` whose value
    the standard does not allow (errors) or whose value is outside an open
    list of examples (warnings)."""
    for name, tag in board.tags.items():
        value = tag.value
        if value in ("", "?") or value.startswith("#"):
            continue
        found = _judged(name, value) if len(value) <= _REMEMBERED else _judge(name, value)
        if found is not None:
            code, message, severity = found
            yield code, message, name, severity
    yield from _consistency(board)


def _judge(name: str, value: str) -> tuple[str, Message, str] | None:
    """``(code, message, severity)`` when tag ``name`` may not hold ``value``."""
    bad = _CONTROL.search(value)
    if bad is not None:
        return ("bad-character", Message("{tag} holds the control character {char!r} (a string may hold printing "
                                         "characters only, PBN 2.2-2.3)", tag=name, char=bad.group(0)), "error")
    check = _CHECKS.get(name)
    if check is not None:
        found = check(value)
        if found is None:
            return None
        if value != value.strip() and check(value.strip()) is None:
            return ("padded-value", Message("{tag} {value} has spaces around its value", tag=name,
                                            value=_shown(value)), "warning")
        code, template, values = found
        return (code, Message(template, tag=name, value=_shown(value), **values),
                "warning" if code in WARNINGS else "error")
    examples = EXAMPLES.get(name)
    if examples is not None and value.lower() not in examples:
        return ("unusual-value", Message("{tag} {value} is none of the standard's examples ({examples}; kept)",
                                         tag=name, value=_shown(value), examples=", ".join(sorted(examples))),
                "warning")
    return None


#: Values up to this length are judged once per run (a file repeats its
#: Event, Date, Scoring, player names... on every board); longer ones each time.
_REMEMBERED = 100
_judged = functools.lru_cache(maxsize=4096)(_judge)


def _consistency(board: Board) -> Iterator[tuple[str, Message, str, str]]:
    history = board.get("ScoreRubberHistory")
    vul = board.get("Vulnerable")
    if history and vul and _vulnerable(vul) is None:
        parsed = parse_rubber_history(history)
        if parsed is not None:
            implied = history_vulnerability(*parsed)
            if implied is not Vul.parse(vul):
                yield ("rubber-history-vulnerable",
                       Message("Vulnerable {value!r} but ScoreRubberHistory makes it {implied!r} (a side that has "
                               "won a game is vulnerable)", value=vul, implied=str(implied)),
                       "ScoreRubberHistory", "error")


def _shown(value: str, limit: int = 40) -> str:
    return repr(value if len(value) <= limit else value[:limit - 1] + "…")


#: Every tag PBN 2.1 defines: the 15 of the MTS (3.4), the sections (3.5,
#: 3.6, notes), the supplemental tags of chapter 4 and the tables of chapter 5.
STANDARD_TAGS = frozenset("""
    Event Site Date Board West North East South Dealer Vulnerable Deal Scoring Declarer Contract Result
    Auction Play Note
    Competition DealId Description FrenchMP Generator Hidden Room Termination
    Score ScoreIMP ScoreMP ScorePercentage ScoreRubber ScoreRubberHistory OptimumScore
    BidSystemEW BidSystemNS PairEW PairNS WestNA NorthNA EastNA SouthNA WestType NorthType EastType SouthType
    EventDate EventSponsor HomeTeam Round Section Stage Table VisitTeam
    Time UTCDate UTCTime TimeControl TimeCall TimeCard Annotator AnnotatorNA Application Mode
    ActionTable AuctionTimeTable InstantScoreTable OptimumPlayTable OptimumResultTable PlayTimeTable
    ScoreTable TotalScoreTable
""".split())

#: Tags outside the standard that programs bridgekit reads write on every
#: board (4.9 lets them): not worth a warning each time.
EXTENSION_TAGS = frozenset("""
    DoubleDummyTricks DoubleDummyFingerprint ParContract ParScore
    BCFlags Minimax Ability Info
    VirtualBoard VirtualDealer VirtualVulnerable BlockNumber
""".split())

_TAG_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")


def tag_name_problem(name: str) -> tuple[str, Message, str] | None:
    """``(code, message, severity)`` for a tag name outside the standard:
    a name that does not begin with an upper-case letter or holds another
    character than letters, digits and '_' breaks PBN 3.3 (an error); a
    well-formed name the standard does not define is a new tag, which 4.9
    allows and lets a reader skip "perhaps showing a warning" (a warning,
    except for the extensions other programs write)."""
    if name in STANDARD_TAGS or name in EXTENSION_TAGS:
        return None
    if not _TAG_NAME.fullmatch(name):
        return ("bad-tag-name", Message("the tag name {tag} does not begin with an upper-case letter or holds "
                                        "other characters than letters, digits and '_' (PBN 3.3)", tag=_shown(name)),
                "error")
    return ("unknown-tag", Message("{tag} is not a PBN 2.1 tag: kept, and skipped by every check "
                                   "(PBN 4.9 allows new tags)", tag=name), "warning")


__all__ = ["tag_problems", "tag_name_problem", "parse_rubber_history", "history_vulnerability", "SCORING_WORDS",
           "STANDARD_TAGS", "EXTENSION_TAGS"]

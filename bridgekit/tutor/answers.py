"""Reading answers: a learner's typed answer, or a figure stated in a lesson
file, turned into a value comparable with what the engines compute.

Each answer type has one parser; equivalent spellings (``w``, ``West``,
``west``; ``yes``, ``y``, ``legal``; ``+420``, ``420 points``) come out equal.
Parsers raise ``BridgekitError`` for text they cannot read.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..calls import Call
from ..cards import Card, Strain
from ..contract import Contract
from .. import notation
from ..errors import BridgekitError, ParseError
from ..i18n import N_, _
from ..seats import Seat, Side, Vul
from ..notation import Message

_YES = {"yes", "y", "true", "legal", "allowed", "ok", "oui"}
_NO = {"no", "n", "false", "illegal", "not allowed", "non"}


def parse_yesno(text: str) -> bool:
    key = text.strip().lower().rstrip(".!")
    if key in _YES:
        return True
    if key in _NO:
        return False
    raise ParseError(Message('{text!r}: answer yes or no', text=text))


_NUMBER_RE = re.compile(r"^([+-]?)\s*(\d[\d,]*)\s*(points?|pts?|imps?|tricks?)?$", re.IGNORECASE)


def parse_number(text: str) -> int:
    key = text.strip().replace("\u2212", "-")
    m = _NUMBER_RE.match(key)
    if m is None:
        raise ParseError(Message('{text!r}: answer with a number', text=text))
    value = int(m.group(2).replace(",", ""))
    return -value if m.group(1) == "-" else value


def parse_text(text: str) -> str:
    return " ".join(text.strip().lower().split())


def parse_seat(text: str) -> Seat:
    key = text.strip().lower().removeprefix("the ")
    return Seat.parse(key)


PARSERS: dict[str, Callable[[str], Any]] = {
    "seat": parse_seat,
    "side": Side.parse,
    "number": parse_number,
    "yesno": parse_yesno,
    "contract": Contract.parse,
    "call": Call.parse,
    "card": Card.parse,
    "strain": Strain.parse,
    "vul": Vul.parse,
    "text": parse_text,
}


#: What each answer type expects, as the prompt says it.
TYPE_HELP = {
    "seat": N_("a seat: N, E, S or W"), "side": N_("a side: NS or EW"),
    "number": N_("a number, e.g. 420 or -500"), "numbers": N_("two numbers, below then above, e.g. 36 50"),
    "yesno": N_("yes or no"), "contract": N_("a contract, e.g. 4S, 3NTX"),
    "call": N_("a call, e.g. 1H, 2NT, Pass, X, XX"), "card": N_("a card, e.g. SA, H10, C2"),
    "strain": N_("a strain: C, D, H, S or NT"), "vul": N_("None, NS, EW or All"), "text": N_("a word or two"),
    "games": N_("NS, EW, both or neither"),
}


#: A number's help names its unit; the examples are figures no lesson asks for,
#: so that the prompt never shows the answer it waits for.
NUMBER_HELP = {
    "imps": N_("a number of IMPs, e.g. 5 or -3"), "tricks": N_("a number of tricks, e.g. 8"),
    "points": N_("a number of points, e.g. 130 or -300"),
    "matchpoints": N_("a number of matchpoints, e.g. 1 or 3"),
}


def number_unit(key: str) -> str:
    """The unit of the computed figure named ``key`` (a quiz's expect_key,
    ``id.name`` or ``name``): imps, tricks, matchpoints or points."""
    name = key.rsplit(".", 1)[-1]
    if name.startswith("mp_"):
        return "matchpoints"
    if "imps" in name:
        return "imps"
    if "tricks" in name:
        return "tricks"
    return "points"


def type_help(answer_type: str, lang: str, key: str = "") -> str:
    """What an answer of ``answer_type`` looks like, as the prompt says it;
    for a number checked against the figure ``key``, with its unit."""
    if answer_type == "number" and key:
        return _(lang, NUMBER_HELP[number_unit(key)])
    return _(lang, TYPE_HELP[answer_type])


#: The French-mode parsers (bridgekit.notation): French letters, words and symbols.
_FRENCH: dict[str, Callable[[str, str], Any]] = {
    "seat": notation.parse_seat, "side": notation.parse_side, "contract": notation.parse_contract,
    "call": notation.parse_call, "card": notation.parse_card, "strain": notation.parse_strain,
    "vul": notation.parse_vul,
}


def parse_answer(answer_type: str, text: str, lang: str = "en") -> Any:
    """Parse ``text`` as an answer of ``answer_type``; raises BridgekitError
    (``notation.AmbiguousInput`` for a French spelling with two readings).
    With ``lang`` "fr", French spellings are read (``ouest``, ``EO``, ``1SA``,
    ``2T``, ``P10``, ``RK``: see ``bridgekit.notation``)."""
    if lang == "fr":
        if answer_type in _FRENCH:
            return _FRENCH[answer_type](text, lang)
        if answer_type == "yesno":
            return parse_yesno(text)
    return PARSERS[answer_type](text)


def type_of_value(value: Any) -> str:
    """The answer type that reads values like ``value``."""
    if isinstance(value, bool):
        return "yesno"
    for kind, cls in (("vul", Vul), ("seat", Seat), ("side", Side), ("contract", Contract), ("call", Call),
                      ("card", Card), ("strain", Strain)):
        if isinstance(value, cls):  # before int: Seat and Strain are IntEnums
            return kind
    if isinstance(value, int):
        return "number"
    return "text"


def coerce_stated(stated: Any, computed: Any) -> Any:
    """A figure as written in a lesson file, read as the same type as the
    computed value it is compared with (``"W"`` vs ``Seat.W``, ``"NS"`` vs
    ``Vul.NS``).  Raises BridgekitError when it cannot be read that way."""
    if isinstance(computed, bool):
        if isinstance(stated, bool):
            return stated
        return parse_yesno(str(stated))
    if isinstance(computed, int) and type_of_value(computed) == "number":
        if isinstance(stated, int) and not isinstance(stated, bool):
            return stated
        return parse_number(str(stated))
    if isinstance(computed, Vul):
        return Vul.parse(str(stated))
    if isinstance(computed, list):
        if not isinstance(stated, list):
            raise ParseError(Message('{stated!r}: expected a list', stated=stated))
        return [str(s) for s in stated]
    if computed is None:
        if stated in ("", "none", None):
            return None
        raise ParseError(Message('{stated!r}: nothing was computed', stated=stated))
    kind = type_of_value(computed)
    if kind == "text":
        return parse_text(str(stated))
    return parse_answer(kind, str(stated))


def same(stated: Any, computed: Any) -> bool:
    """Whether a stated figure equals a computed one (after coercion)."""
    try:
        value = coerce_stated(stated, computed)
    except BridgekitError:
        return False
    if isinstance(computed, str):
        return value == parse_text(computed)
    if isinstance(computed, list):
        return value == [str(c) for c in computed]
    return bool(value == computed)

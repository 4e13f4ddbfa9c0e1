"""Cards, calls, contracts and seats as each language writes and types them.

Output (``card_text``, ``call_text``...): English writes ``♠K``, ``3NT``,
``Pass``, seats N E S W; French writes ``♠R``, ``♥10``, ``3SA``, ``Passe``,
seats N E S O (ranks A R D V 10; with ``ascii``, suits ``P C K T`` for pique,
cœur, carreau, trèfle, as French players write them).

Input (``parse_card``, ``parse_call``...) is a parser of its own, not a
translation: in French mode a card or a call may be typed with French letters
(``P10``, ``RK``, ``2T``, ``3SA``, ``C2`` = the two of hearts), with the
symbols, or with English letters where they cannot mean anything else
(``SK``, ``HQ``, ``3NT``).  A spelling with two French readings (``KT``: the
ten of diamonds or the king of clubs) raises :class:`AmbiguousInput`, which
lists the readings so that the program can ask.
"""

from __future__ import annotations

import string
from typing import Any, Mapping

from .calls import DOUBLE, PASS, REDOUBLE, Call
from .cards import Card, Rank, Strain, Suit
from .contract import Contract, Doubling
from .errors import IllegalCallError, IllegalCardError, ParseError
from .i18n import N_, Text, _, _n, translation
from .seats import Seat, Side, Vul

SYMBOLS = {Suit.S: "\u2660", Suit.H: "\u2665", Suit.D: "\u2666", Suit.C: "\u2663"}
SUIT_LETTERS = {"en": {Suit.S: "S", Suit.H: "H", Suit.D: "D", Suit.C: "C"},
                "fr": {Suit.S: "P", Suit.H: "C", Suit.D: "K", Suit.C: "T"}}
_FR_RANKS = {Rank.KING: "R", Rank.QUEEN: "D", Rank.JACK: "V", Rank.TEN: "10"}
NO_TRUMP = {"en": "NT", "fr": "SA"}
SEAT_LETTERS = {"en": {s: s.name for s in Seat}, "fr": {Seat.N: "N", Seat.E: "E", Seat.S: "S", Seat.W: "O"}}
SEAT_NAMES = {Seat.N: N_("North"), Seat.E: N_("East"), Seat.S: N_("South"), Seat.W: N_("West")}
SIDE_LETTERS = {"en": {Side.NS: "N/S", Side.EW: "E/W"}, "fr": {Side.NS: "N/S", Side.EW: "E/O"}}
#: A side in a table cell, as the ParContract tag writes it: ``NS``, ``EW`` (``EO``).
SIDE_PAIRS = {"en": {Side.NS: "NS", Side.EW: "EW"}, "fr": {Side.NS: "NS", Side.EW: "EO"}}
STRAIN_WORDS = {Strain.C: N_("clubs"), Strain.D: N_("diamonds"), Strain.H: N_("hearts"),
                Strain.S: N_("spades"), Strain.NT: N_("no trump")}


def _lang(lang: str) -> str:
    return "fr" if lang == "fr" else "en"


# -- output ------------------------------------------------------------------------

#: Hearts and diamonds in red on a colour terminal (ANSI codes).
RED, RESET = "\x1b[31m", "\x1b[0m"


def suit_text(suit: Suit, ascii: bool = False, lang: str = "en", *, colour: bool = False) -> str:
    """``♠`` (``S``, ``P`` in French, with ``ascii``); hearts and diamonds in
    red with ``colour``."""
    text = SUIT_LETTERS[_lang(lang)][suit] if ascii else SYMBOLS[suit]
    return f"{RED}{text}{RESET}" if colour and suit in (Suit.H, Suit.D) else text


def rank_text(rank: Rank, lang: str = "en", *, tens: bool = False) -> str:
    """``K`` / ``R``; the ten is ``T`` in English (PBN's letter) and ``10`` in
    French, and in English too with ``tens`` (as printed matter and the
    lessons write it)."""
    if lang == "fr":
        return _FR_RANKS.get(rank, rank.letter)
    return "10" if tens and rank is Rank.TEN else rank.letter


def ranks_text(ranks: list[Rank] | tuple[Rank, ...], lang: str = "en", *, tens: bool = False) -> str:
    """A holding in one suit: ``AKT9`` / ``AR109`` (``AK109`` with ``tens``)."""
    return "".join(rank_text(r, lang, tens=tens) for r in ranks)


def card_text(card: Card, ascii: bool = False, lang: str = "en", *, tens: bool = False, colour: bool = False) -> str:
    """``♠A``, ``♥R``, ``♦10`` (French), ``SA`` / ``PA`` with ascii; ``♥10``
    in English too with ``tens`` (as printed matter writes it)."""
    return suit_text(card.suit, ascii, lang, colour=colour) + rank_text(card.rank, lang, tens=tens)


def card_name(card: Card, ascii: bool = False, lang: str = "en") -> str:
    """A card in a message: ``♣4``, ``♥T``, ``♠A``, as every table, diagram
    and trick list of the text screens writes it (:func:`card_text`), so that
    one screen never shows ``7♣`` beside ``♣7`` or ``10`` beside ``T``."""
    return card_text(card, ascii, lang)


def strain_text(strain: Strain, ascii: bool = False, lang: str = "en", *, colour: bool = False) -> str:
    suit = strain.suit
    return NO_TRUMP[_lang(lang)] if suit is None else suit_text(suit, ascii, lang, colour=colour)


def strain_word(strain: Strain, lang: str = "en") -> str:
    """``no trump`` / ``sans-atout``."""
    return _(lang, STRAIN_WORDS[strain])


def call_text(call: Call, ascii: bool = False, lang: str = "en", *, colour: bool = False) -> str:
    """``1♠``, ``3NT`` / ``3SA``, ``Pass`` / ``Passe``, ``X``, ``XX``."""
    if call.is_bid and call.strain is not None:
        return f"{call.level}{strain_text(call.strain, ascii, lang, colour=colour)}"
    if call == PASS:
        return _(lang, "Pass")
    return str(call)


def contract_text(contract: Contract, ascii: bool = False, lang: str = "en", *, colour: bool = False,
                  passed_out: str = N_("Passed out")) -> str:
    """``4♥X``, ``3SA`` (French); ``passed_out`` (``Passed out``) for four
    passes.  The one renderer of a contract."""
    if contract.is_passed_out or contract.strain is None:
        return _(lang, passed_out)
    return f"{contract.level}{strain_text(contract.strain, ascii, lang, colour=colour)}{contract.doubling.suffix}"


def seat_letter(seat: Seat, lang: str = "en") -> str:
    return SEAT_LETTERS[_lang(lang)][seat]


def seat_name(seat: Seat, lang: str = "en") -> str:
    """``West`` / ``Ouest``."""
    return _(lang, SEAT_NAMES[seat])


def side_text(side: Side, lang: str = "en") -> str:
    """``E/W`` / ``E/O``."""
    return SIDE_LETTERS[_lang(lang)][side]


def side_pair(side: Side, lang: str = "en") -> str:
    """A side in a table cell: ``EW`` / ``EO``."""
    return SIDE_PAIRS[_lang(lang)][side]


_VUL_NAMES = {Vul.NONE: N_("nobody"), Vul.NS: "N/S", Vul.EW: N_("E/W"), Vul.ALL: N_("both sides")}


def vul_name(vul: Vul, lang: str = "en") -> str:
    """Who is vulnerable, in a sentence: ``nobody``, ``N/S``, ``both sides``
    (the diagram's short form is :func:`bridgekit.render.vul_text`)."""
    return _(lang, _VUL_NAMES[vul]) if vul is not Vul.NS else "N/S"


VUL_COLUMN = {"en": {Vul.NONE: "None", Vul.NS: "NS", Vul.EW: "EW", Vul.ALL: "All"},
              "fr": {Vul.NONE: "Pers.", Vul.NS: "NS", Vul.EW: "EO", Vul.ALL: "Tous"}}


def vul_column(vul: Vul, lang: str = "en") -> str:
    """Who is vulnerable, in a table column: the PBN tag's values in English
    (``None``, ``NS``, ``EW``, ``All``), the French short forms (``Pers.``,
    ``NS``, ``EO``, ``Tous``)."""
    return VUL_COLUMN[_lang(lang)][vul]


def played_text(contract: Contract | None, declarer: Seat | None, tricks: int | None, ascii: bool = False,
                lang: str = "en", *, passed_out: str = N_("Passed out")) -> str:
    """A result as a director writes it: ``4♠X W 10`` (``?`` for an unknown
    declarer or number of tricks), ``passed_out`` for four passes, ``-`` for
    no contract."""
    if contract is None:
        return "-"
    if contract.is_passed_out:
        return contract_text(contract, ascii, lang, passed_out=passed_out)
    return (f"{contract_text(contract, ascii, lang)} {seat_letter(declarer, lang) if declarer is not None else '?'} "
            f"{tricks if tricks is not None else '?'}")


def par_contract_text(par: Any, ascii: bool = False, lang: str = "en", *, colour: bool = False,
                      by: bool = False) -> str:
    """A par contract (``bridgekit.dds.ParContract``), the one renderer of it:
    ``NS 4♠+1``, ``E 3NT=`` in a table cell (the side when either player of
    it may declare, else the seat); with ``by``, in a sentence: ``4♠+1 by
    N/S``, ``3SA= par E`` (French)."""
    both = len(par.declarers) == 2
    contract = f"{contract_text(par.contract, ascii, lang, colour=colour)}{par.result_text}"
    if by:
        who = side_text(par.side, lang) if both else seat_letter(par.declarers[0], lang)
        return _(lang, "{contract} by {who}", contract=contract, who=who)
    who = side_pair(par.side, lang) if both else seat_letter(par.declarers[0], lang)
    return f"{who} {contract}"


# -- verdicts, messages ----------------------------------------------------------

#: Suit symbols as letters: the one table (the white symbols too).
_LETTERS = {v: k.name for k, v in SYMBOLS.items()} | {"\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C"}
_SUIT_LETTERS = str.maketrans(_LETTERS)
#: More typography an ASCII terminal cannot show, as lessons and pads use it.
_TYPOGRAPHY = str.maketrans({"\u2192": "->", "\u2190": "<-", "\u2014": "--", "\u2013": "-", "\u00d7": "x",
                             "\u2212": "-", "\u2713": "ok", "\u2717": "X", "\u00b7": "-"})


def letters(text: str) -> str:
    """Suit symbols in ``text`` as letters (``♠A`` -> ``SA``): for text
    bridgekit did not write itself (a file's notes, a lesson's prose); its
    own values are rendered with ``ascii`` instead."""
    return text.translate(_SUIT_LETTERS)


def ascii_text(text: str) -> str:
    """:func:`letters`, and arrows, dashes and ticks as ASCII (``->``, ``--``)."""
    return text.translate(_SUIT_LETTERS).translate(_TYPOGRAPHY)


def verdict_text(diff: int, *, long: bool = False, exact: str | None = None, lang: str = "en") -> str:
    """A result against its contract, ``diff`` tricks over (under when
    negative): ``made``, ``made +1``, ``down 2``; with ``long``: ``made with 1
    overtrick``, ``made with 2 overtricks``.  ``exact`` is what an exact make
    says (``made`` unless given: ``made exactly``), in ``lang``."""
    if diff < 0:
        return _(lang, "down {n}", n=-diff)
    if diff == 0:
        return _(lang, "made") if exact is None else exact
    if long:
        return _n(lang, "made with {n} overtrick", "made with {n} overtricks", diff)
    return _(lang, "made +{n}", n=diff)


def render_value(value: Any, spec: str = "", ascii: bool = False, lang: str = "en", colour: bool = False) -> str:
    """One value of a message in the notation: a call, card, contract, strain,
    suit or seat as :func:`call_text` & co. write it (``spec`` ``name`` for a
    card as a director says it, ``word`` for a suit or strain in words; a
    passed-out contract is ``passed out``); a list or tuple as its items so
    written, joined by spaces (by ``", "`` when ``spec`` ends with a comma);
    a seat with ``spec`` ``de`` as a complement (:func:`seat_of`), ``letter``
    as its letter; a list's spec ending ``,`` ``;`` ``&`` or ``|`` joins its
    items with a comma, a semicolon, ``and`` or ``or``;
    anything else through ``format``.  ``colour``: hearts and diamonds in red."""
    if isinstance(value, Text):
        return value.render(ascii, lang, colour=colour)
    if isinstance(value, (list, tuple)):
        inner, sep = (spec[:-1], ", ") if spec.endswith(",") else \
            (spec[:-1], "\u202f; " if lang == "fr" else "; ") if spec.endswith(";") else \
            (spec[:-1], f" {_(lang, 'and')} ") if spec.endswith("&") else \
            (spec[:-1], f" {_(lang, 'or')} ") if spec.endswith("|") else (spec, " ")
        return sep.join(render_value(v, inner, ascii, lang, colour) for v in value)
    if isinstance(value, Call):
        return call_text(value, ascii, lang, colour=colour)
    if isinstance(value, Card):
        return card_name(value, ascii, lang) if spec == "name" else card_text(value, ascii, lang, colour=colour)
    if isinstance(value, Contract):
        return contract_text(value, ascii, lang, passed_out=N_("passed out"), colour=colour)
    if isinstance(value, Suit):
        return strain_word(value.strain, lang) if spec == "word" else suit_text(value, ascii, lang, colour=colour)
    if isinstance(value, Strain):
        return strain_word(value, lang) if spec == "word" else strain_text(value, ascii, lang, colour=colour)
    if isinstance(value, Seat):
        return seat_of(value, lang) if spec == "de" else seat_letter(value, lang) if spec == "letter" else \
            seat_name(value, lang)
    if isinstance(value, Vul):
        return VUL_COLUMN[_lang(lang)][value]          # None, NS, EW, All / Pers., NS, EO, Tous
    if isinstance(value, Side):
        return side_text(value, lang)                  # N/S, E/W / N/S, E/O
    if isinstance(value, BaseException) and value.args and isinstance(value.args[0], Text):
        return value.args[0].render(ascii, lang, colour=colour)   # an error quoted in a message: its own data
    try:
        if isinstance(value, float) and lang == "fr":
            return format(value, spec).replace(".", ",")     # the decimal comma
        return format(value, spec)
    except (TypeError, ValueError):   # a spec for a seat or a card given None or text (an unknown declarer)
        return "?" if value is None else str(value)


def seat_of(seat: Seat, lang: str = "en") -> str:
    """A seat as a complement (``{seat:de}`` in a French template): ``de
    Nord``, ``d'Est``, ``d'Ouest`` (elided before a vowel); ``of North``."""
    name = seat_name(seat, lang)
    if lang == "fr":
        return f"d'{name}" if name[:1] in "AEIOUÉ" else f"de {name}"
    return f"of {name}"


class _Formatter(string.Formatter):
    def __init__(self, ascii: bool, lang: str, colour: bool = False) -> None:
        self.ascii = ascii
        self.lang = lang
        self.colour = colour

    def format_field(self, value: Any, format_spec: str) -> str:
        return render_value(value, format_spec, self.ascii, self.lang, self.colour)


class Message(Text):
    """A message that keeps its data: an English ``template`` (``str.format``
    fields, the gettext msgid) and the ``values`` it names (calls, cards,
    contracts, seats...), as python-chess renders ``board.san(move)`` from
    the move.

    It is a ``str`` (the message rendered with suit symbols, in English), so
    code that only shows it needs nothing new; :meth:`render` writes it again
    in another notation: letters for suits with ``ascii``, the template
    through the ``lang`` catalogue and the values in that language.

    >>> m = Message("{call} by {seat}", call=Call.parse("1S"), seat=Seat.N)
    >>> str(m), m.render(ascii=True)
    ('1♠ by North', '1S by North')
    """

    template: str
    values: Mapping[str, Any]
    #: the plural template of a message made by :meth:`plural` (None: no plural)
    plural_template: str | None = None

    def __new__(cls, template: str, **values: Any) -> "Message":
        self = str.__new__(cls, _Formatter(False, "en").format(template, **values))
        self.template = template
        self.values = values
        return self

    @classmethod
    def plural(cls, singular: str, plural: str, n: int, **values: Any) -> "Message":
        """A message with a singular and a plural form chosen by ``n`` (the
        ``{n}`` field), as ``ngettext`` chooses them in each language:
        ``Message.plural("{n} call recorded", "{n} calls recorded", 2)``."""
        self = str.__new__(cls, _Formatter(False, "en").format(singular if n == 1 else plural, n=n, **values))
        self.template = singular
        self.plural_template = plural
        self.values = {"n": n, **values}
        return self

    def render(self, ascii: bool = False, lang: str = "en", *, colour: bool = False) -> str:
        if self.plural_template is not None:
            n = self.values["n"]
            template = translation(lang).ngettext(self.template, self.plural_template, n) if lang != "en" \
                else (self.template if n == 1 else self.plural_template)
        else:
            template = self.template if lang == "en" else translation(lang).gettext(self.template)
        return _Formatter(ascii, lang, colour).format(template, **self.values)

    def __reduce__(self) -> Any:   # pickles (worker processes) rebuild it from its data
        return (_rebuild, (self.template, dict(self.values), self.plural_template))


def _rebuild(template: str, values: dict[str, Any], plural: str | None = None) -> Message:
    if plural is not None:
        values = dict(values)
        n = values.pop("n")
        return Message.plural(template, plural, n, **values)
    return Message(template, **values)


def render_message(text: str, ascii: bool = False, lang: str = "en") -> str:
    """``text`` in the notation: a :class:`Message` is rendered from its data;
    plain text (quoting a file) has its suit symbols as letters with ``ascii``."""
    if isinstance(text, Text):
        return text.render(ascii, lang)
    return letters(text) if ascii else text

# -- why a call or a card is illegal -------------------------------------------------

def illegal_call_reason(e: IllegalCallError, auction: Any, ascii: bool, lang: str) -> str:
    """Why a call is illegal, from the error's code and the auction."""
    state = auction.last_bid()
    bid = call_text(state.call, ascii, lang) if state is not None else ""
    bidder = seat_name(state.seat, lang) if state is not None else ""
    if e.code == "insufficient-bid":
        return _(lang, "the last bid is {bid}: a bid must name more tricks, or as many in a higher strain",
                 bid=bid)
    if e.code == "double-own-side":
        return _(lang, "{bid} was bid by their own side ({seat}); only an opponent's bid can be doubled",
                 bid=bid, seat=bidder)
    if e.code == "double-doubled":
        return _(lang, "{bid} is already doubled", bid=bid)
    if e.code == "double-nothing":
        return _(lang, "there is no bid to double")
    if e.code == "redouble-not-doubled":
        return _(lang, "{bid} has not been doubled", bid=bid) if bid else _(lang, "there is no bid to redouble")
    if e.code == "redouble-redoubled":
        return _(lang, "{bid} is already redoubled", bid=bid)
    if e.code == "redouble-own-double":
        return _(lang, "{bid} was bid by the other side ({seat}); only the side whose bid was doubled may "
                       "redouble", bid=bid, seat=bidder)
    if e.code == "auction-ended":
        return _(lang, "the auction has already ended")
    return str(e)


def illegal_card_reason(e: IllegalCardError, play: Any, ascii: bool, lang: str) -> str:
    """Why a card cannot be played now, from the error's code and the play."""
    seat = play.turn
    trick = play.current_trick()
    if e.code == "revoke" and trick:
        led = trick[0].suit
        held = sorted((c for c in (play.remaining(seat) or ()) if c.suit is led), key=lambda c: -c.rank)
        if held:
            return _(lang, "{suit} were led and {seat} still holds {card}", suit=strain_word(led.strain, lang),
                     seat=seat_name(seat, lang), card=card_text(held[0], ascii, lang))
    if e.code == "already-played":
        return _(lang, "that card has already been played")
    if e.code == "wrong-hand":
        return _(lang, "it is {seat}'s turn and the card is not in that hand", seat=seat_name(seat, lang))
    if e.code == "play-ended":
        return _(lang, "all 13 tricks have been played")
    return _(lang, "it breaks the rules of play ({code})", code=e.code)



# -- input -------------------------------------------------------------------------

class AmbiguousInput(ParseError):
    """Text with more than one reading; ``readings`` lists them (so a
    program can ask which one was meant)."""

    def __init__(self, text: str, readings: list[object], shown: list[str]) -> None:
        super().__init__(f"{text!r} can be read as {' or '.join(shown)}")
        self.text = text
        self.readings = readings
        self.shown = shown


def _suit_tokens(lang: str) -> dict[str, Suit]:
    tokens = {sym: suit for suit, sym in SYMBOLS.items()}
    tokens.update({"\u2664": Suit.S, "\u2661": Suit.H, "\u2662": Suit.D, "\u2667": Suit.C})
    if lang == "fr":
        # French letters; English letters that are no French suit or rank letter
        tokens.update({"P": Suit.S, "C": Suit.H, "K": Suit.D, "T": Suit.C, "S": Suit.S, "H": Suit.H,
                       "D": Suit.D, "PIQUE": Suit.S, "COEUR": Suit.H, "CŒUR": Suit.H, "CARREAU": Suit.D,
                       "TREFLE": Suit.C, "TRÈFLE": Suit.C})
    else:
        tokens.update({s.name: s for s in Suit})
    return tokens


def _rank_tokens(lang: str) -> dict[str, Rank]:
    tokens = {r.letter: r for r in Rank}
    tokens["10"] = Rank.TEN
    if lang == "fr":
        tokens.update({"R": Rank.KING, "D": Rank.QUEEN, "V": Rank.JACK, "ROI": Rank.KING, "DAME": Rank.QUEEN,
                       "VALET": Rank.JACK, "AS": Rank.ACE})
    return tokens


_ENGLISH_ONLY_SUITS = {"S", "H", "D"}
_ENGLISH_ONLY_RANKS = {"K", "Q", "J", "T"}


def _readings(text: str, lang: str) -> list[Card]:
    """Every card ``text`` can be in French mode, readings that use only
    French letters (and symbols, digits, A) first."""
    key = "".join(w for w in text.upper().replace("D'", "").split() if w not in ("DE", "DU"))
    suits, ranks = _suit_tokens(lang), _rank_tokens(lang)
    french: list[Card] = []
    mixed: list[Card] = []
    for cut in range(1, len(key)):
        head, tail = key[:cut], key[cut:]
        for s, r in ((head, tail), (tail, head)):
            if s in suits and r in ranks:
                card = Card(suits[s], ranks[r])
                native = s not in _ENGLISH_ONLY_SUITS and r not in _ENGLISH_ONLY_RANKS
                group = french if native else mixed
                if card not in french and card not in mixed:
                    group.append(card)
    return french + mixed if len(french) != 1 else french


def parse_card(text: str, lang: str = "en") -> Card:
    """A card as typed: ``SA``, ``♠A``, ``10♥`` in any language; in French also
    ``PA``, ``P10``, ``RK`` (roi de carreau), ``C2`` (deux de cœur), ``♠R``.
    A spelling in French letters only is read the French way (``TD``: la dame
    de trèfle); English letters are read where they mean one card (``SK``,
    ``HQ``).  Raises AmbiguousInput for a spelling with two readings and none
    French (``KT``: ♦10 or ♣R), ParseError for text that is no card."""
    if lang != "fr":
        return Card.parse(text)
    found = _readings(text, lang)
    if len(found) == 1:
        return found[0]
    if found:
        raise AmbiguousInput(text, list(found), [card_text(c, False, lang) for c in found])
    raise ParseError(Message('invalid card {text!r} (expected suit and rank, e.g. PA, C10, ♠R)', text=text))


_FR_SPECIAL = {"PASSE": PASS, "PASS": PASS, "P": PASS, "-": PASS, "X": DOUBLE, "CONTRE": DOUBLE, "CTR": DOUBLE,
               "XX": REDOUBLE, "SURCONTRE": REDOUBLE, "SC": REDOUBLE}
_FR_STRAINS = {"T": Strain.C, "K": Strain.D, "C": Strain.H, "P": Strain.S, "SA": Strain.NT, "NT": Strain.NT,
               "N": Strain.NT, "S": Strain.S, "H": Strain.H, "D": Strain.D, "\u2660": Strain.S,
               "\u2665": Strain.H, "\u2666": Strain.D, "\u2663": Strain.C, "TREFLE": Strain.C,
               "TRÈFLE": Strain.C, "CARREAU": Strain.D, "COEUR": Strain.H, "CŒUR": Strain.H, "PIQUE": Strain.S,
               "SANSATOUT": Strain.NT, "SANS-ATOUT": Strain.NT}


def _strain_token(key: str) -> Strain | None:
    """A French-mode strain (``T``, ``SA``, ``♠``, ``piques``, ``carreaux``)."""
    strain = _FR_STRAINS.get(key)
    if strain is None and len(key) > 2:
        strain = _FR_STRAINS.get(key.rstrip("SX"))
    return strain


def parse_call(text: str, lang: str = "en") -> Call:
    """A call as typed: ``1S``, ``3NT``, ``Pass``, ``X`` in any language; in
    French also ``2T`` (trèfle), ``1C`` (cœur), ``4P``, ``3SA``, ``passe``,
    ``contre``, ``surcontre``.  Raises ParseError."""
    if lang != "fr":
        return Call.parse(text)
    key = "".join(text.split()).upper()
    if key in _FR_SPECIAL:
        return _FR_SPECIAL[key]
    if len(key) >= 2 and key[0].isdigit():
        level, strain = int(key[0]), _strain_token(key[1:])
        if strain is not None:
            if not 1 <= level <= 7:
                raise ParseError(Message('invalid call {text!r} (bids go from 1 to 7)', text=text))
            return Call.bid(level, strain)
    raise ParseError(Message('invalid call {text!r} (expected e.g. 1P, 2T, 3SA, passe, X, XX)', text=text))


def parse_strain(text: str, lang: str = "en") -> Strain:
    if lang != "fr":
        return Strain.parse(text)
    strain = _strain_token("".join(text.split()).upper())
    if strain is None:
        raise ParseError(Message('invalid strain {text!r} (expected ♣ ♦ ♥ ♠, T K C P or SA)', text=text))
    return strain


def parse_contract(text: str, lang: str = "en") -> Contract:
    """``4S``, ``3NTX`` in any language; ``4P``, ``3SA X``, ``2C contré`` in French."""
    if lang != "fr":
        return Contract.parse(text)
    key = "".join(text.split()).upper()
    doubling = Doubling.UNDOUBLED
    for suffix, d in (("SURCONTRÉ", Doubling.REDOUBLED), ("SURCONTRE", Doubling.REDOUBLED),
                      ("CONTRÉ", Doubling.DOUBLED), ("CONTRE", Doubling.DOUBLED), ("XX", Doubling.REDOUBLED),
                      ("X", Doubling.DOUBLED)):
        if key.endswith(suffix) and len(key) > len(suffix) + 1:
            key, doubling = key[:-len(suffix)], d
            break
    call = parse_call(key, lang)
    if not call.is_bid or call.level is None or call.strain is None:
        raise ParseError(Message('invalid contract {text!r} (expected e.g. 4P, 3SA X)', text=text))
    return Contract(call.level, call.strain, doubling)


_FR_SEATS = {"N": Seat.N, "NORD": Seat.N, "E": Seat.E, "EST": Seat.E, "S": Seat.S, "SUD": Seat.S,
             "O": Seat.W, "OUEST": Seat.W, "W": Seat.W, "WEST": Seat.W, "NORTH": Seat.N, "EAST": Seat.E,
             "SOUTH": Seat.S}


def parse_seat(text: str, lang: str = "en") -> Seat:
    """``W``/``West`` in any language; ``O``/``Ouest`` in French."""
    key = text.strip().upper()
    for article in ("THE ", "L'", "LE "):
        key = key.removeprefix(article)
    if lang == "fr" and key in _FR_SEATS:
        return _FR_SEATS[key]
    return Seat.parse(key)


_FR_SIDES = {"NS": Side.NS, "N/S": Side.NS, "N-S": Side.NS, "NORD-SUD": Side.NS, "EO": Side.EW, "E/O": Side.EW,
             "E-O": Side.EW, "OE": Side.EW, "EST-OUEST": Side.EW, "EW": Side.EW, "E/W": Side.EW}


def parse_side(text: str, lang: str = "en") -> Side:
    key = "".join(text.split()).upper()
    if lang == "fr" and key in _FR_SIDES:
        return _FR_SIDES[key]
    return Side.parse(text)


_FR_VULS = {"PERSONNE": "None", "AUCUN": "None", "TOUS": "All", "LESDEUX": "All", "EO": "EW", "E/O": "EW",
            "E-O": "EW", "N/S": "NS"}


def parse_vul(text: str, lang: str = "en") -> Vul:
    """``None``, ``NS``, ``EW``, ``All``; in French also ``personne``, ``EO``, ``tous``."""
    key = "".join(text.split()).upper()
    if lang == "fr" and key in _FR_VULS:
        return Vul.parse(_FR_VULS[key])
    return Vul.parse(text)

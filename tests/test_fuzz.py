"""Property tests: random boards survive the writer and the reader; random and
mutated text never makes the reader raise anything but bridgekit's errors."""

from __future__ import annotations

import io
import string
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgekit.board import AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Table, Tag
from bridgekit.calls import ALL_CALLS
from bridgekit.cards import ALL_CARDS
from bridgekit.deal import Deal, Hand
from bridgekit.errors import BridgekitError, ExitStatus
from bridgekit.formats.pbn import format_pbn, read_pbn
from bridgekit.seats import Seat, Vul

from conftest import SAMPLES, run

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Printable text as found in tag values and comments (no control characters:
# the export format has none; a value starting with '#' would mean inheritance).
chars = st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u2028\u2029\x85")
values = st.text(chars, max_size=20).filter(lambda v: not v.startswith("#"))
comment_text = st.text(chars.filter(lambda c: c != "}"), max_size=20)
suffixes = st.sampled_from([None, "!", "?", "!!", "??", "!?", "?!"])
notes = st.none() | st.integers(1, 32)
nags = st.lists(st.integers(0, 255), max_size=2)
tag_names = st.from_regex(r"\A[A-Z][A-Za-z0-9_]{0,10}\Z").filter(
    lambda n: n not in ("Note", "Auction", "Play") and not n.endswith("Table"))
seats = st.sampled_from(list(Seat))


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    cards = draw(st.permutations(ALL_CARDS))
    unknown = draw(st.sets(seats, max_size=2))
    return Deal(None if s in unknown else Hand(cards[s * 13:(s + 1) * 13]) for s in Seat)


@st.composite
def call_entries(draw: st.DrawFn) -> CallEntry:
    return CallEntry(draw(st.sampled_from(ALL_CALLS)), suffix=draw(suffixes), note=draw(notes), nags=draw(nags),
                     comments=draw(st.lists(comment_text, max_size=1)),
                     flag=draw(st.sampled_from([None, None, "^I"])))


@st.composite
def auctions(draw: st.DrawFn) -> AuctionRecord:
    calls = draw(st.lists(call_entries(), max_size=12))
    end = draw(st.sampled_from(["", "*", "+"]))
    return AuctionRecord(draw(seats), calls, incomplete_marker=end == "*", continue_marker=end == "+",
                         notes=draw(st.dictionaries(st.integers(1, 32), values, max_size=2)),
                         comments=draw(st.lists(comment_text, max_size=1)),
                         skipped=sorted(draw(st.lists(st.integers(0, len(calls)), max_size=2))))


@st.composite
def card_entries(draw: st.DrawFn) -> CardEntry:
    card = draw(st.none() | st.sampled_from(ALL_CARDS))
    flag = draw(st.sampled_from([None, "+"])) if card is None else draw(st.sampled_from([None, None, "^R", "^L"]))
    return CardEntry(card, suffix=draw(suffixes), note=draw(notes), nags=draw(nags),
                     comments=draw(st.lists(comment_text, max_size=1)), flag=flag)


@st.composite
def plays(draw: st.DrawFn) -> PlayRecord:
    cards = draw(st.lists(card_entries(), max_size=20))
    tricks: list[list[CardEntry | None]] = [list(cards[i:i + 4]) for i in range(0, len(cards), 4)]
    return PlayRecord(draw(seats), tricks, incomplete_marker=draw(st.booleans()),
                      notes=draw(st.dictionaries(st.integers(1, 32), values, max_size=2)))


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, Table]:
    name = draw(st.from_regex(r"\A[A-Z][a-z]{0,6}Table\Z"))
    ncols = draw(st.integers(1, 4))
    columns = [draw(st.from_regex(r"\A[+-]?[A-Z][a-z]{0,5}(\\[1-9][LR]?)?\Z")) for _ in range(ncols)]
    rows = draw(st.lists(st.lists(values, min_size=ncols, max_size=ncols), max_size=3))
    return name, Table(columns, rows)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    b = Board()
    b.comments = draw(st.lists(comment_text, max_size=1))
    for name, value in draw(st.dictionaries(tag_names, values, max_size=4)).items():
        b.tags[name] = Tag(name, value, comments=draw(st.lists(comment_text, max_size=1)))
    dealer = draw(seats)
    b.set("Dealer", dealer.name)
    b.set("Vulnerable", str(draw(st.sampled_from(list(Vul)))))
    b.set("Deal", draw(deals()).str_from(dealer))
    if draw(st.booleans()):
        b.auction = draw(auctions())
        b.set("Auction", b.auction.first.name)
    if draw(st.booleans()):
        b.play = draw(plays())
        b.set("Play", b.play.leader.name)
    for name, table in draw(st.lists(tables(), max_size=2, unique_by=lambda t: t[0])):
        b.tables[name] = table
        b.set(name, ";".join(table.columns))
    b.escapes = draw(st.lists(st.from_regex(r"\A%[A-Za-z][ -~]{0,15}\Z"), max_size=2))
    return b


@SETTINGS
@given(st.lists(boards(), min_size=1, max_size=3))
def test_random_boards_round_trip(bs: list[Board]) -> None:
    text = format_pbn(bs)
    back = list(read_pbn(text))
    assert [b.canonical() for b in back] == [b.canonical() for b in bs]
    assert format_pbn(back) == text
    assert not [p for b in back for p in b.problems if p.severity == "error"]


def _read_everything(text: str) -> None:
    try:
        out = list(read_pbn(io.StringIO(text)))
    except BridgekitError:
        return
    for b in out:
        b.materialize()
        for p in b.problems:
            assert p.line is None or p.line >= 1
        _ = (b.deal, b.contract, b.result, b.declarer, b.vulnerable, b.dealer)
    again = list(read_pbn(format_pbn(out)))  # whatever was read can be written and read back
    assert len(again) == len(out)


pbn_alphabet = st.sampled_from(list('[]{}";%#=$!?^*+-\\ \t\n\r:.') + list("NESWAKQJTnesw1234567XxPpassCHDS")
                               + list(string.ascii_letters[:6]) + ["\u00e9", "\x00", "\u2660"])


@SETTINGS
@given(st.text(pbn_alphabet, max_size=300))
def test_random_text_never_crashes(text: str) -> None:
    _read_everything(text)


@SETTINGS
@given(st.text(max_size=200))
def test_any_unicode_text_never_crashes(text: str) -> None:
    _read_everything(text)


SAMPLE_TEXTS = [p.read_bytes() for p in sorted((SAMPLES / "bad").glob("*.pbn"))]


@SETTINGS
@given(st.sampled_from(SAMPLE_TEXTS), st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 3),
                                                         st.binary(max_size=3)), max_size=6))
def test_mutated_files_never_crash(data: bytes, edits: list[tuple[int, int, bytes]]) -> None:
    buf = bytearray(data)
    for pos, cut, insert in edits:
        pos %= len(buf) + 1
        buf[pos:pos + cut] = insert
    try:
        boards = list(read_pbn(bytes(buf)))
    except BridgekitError:
        return
    for b in boards:
        b.materialize()
    list(read_pbn(format_pbn(boards)))


HOSTILE_UNITS = ["{\n", "{", "[", '"', '\\"', "[a] ", "x ", "P ", "SA ", "=1= ", "$2 ", "9" * 4400, "\x00", ";"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLE_TEXTS), st.lists(st.tuples(st.integers(0, 4000), st.sampled_from(HOSTILE_UNITS),
                                                         st.integers(1, 3000)), min_size=1, max_size=3))
def test_hostile_constructs_never_crash(data: bytes, edits: list[tuple[int, str, int]]) -> None:
    """Repeated hostile units (unclosed braces and quotes, stray tokens, calls,
    huge numbers) inserted anywhere in the sample files: problems, never an
    exception other than bridgekit's FileFormatError for an unreadable file."""
    buf = data
    for pos, unit, times in edits:
        pos %= len(buf) + 1
        buf = buf[:pos] + (unit * times).encode("utf-8") + buf[pos:]
    try:
        boards = list(read_pbn(buf))
    except BridgekitError:
        return
    for b in boards:
        b.materialize()
        assert len(b.problems) <= 51
        assert all(len(p.message) <= 200 for p in b.problems)
    list(read_pbn(format_pbn(boards)))


FILE_TEXTS = [(p.suffix, p.read_bytes()) for p in sorted(SAMPLES.glob("*.pbn")) + sorted(SAMPLES.glob("*.lin"))
              + sorted((SAMPLES / "bad").glob("*.pbn"))]
EDITS = st.lists(st.tuples(st.integers(0, 1 << 16), st.integers(0, 8),
                           st.binary(max_size=4) | st.sampled_from([u.encode() for u in HOSTILE_UNITS])
                           | st.sampled_from([b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"mb|p|" * 50, b"pc|SA|" * 20])),
                 min_size=1, max_size=4)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILE_TEXTS), EDITS)
def test_the_everyday_commands_never_crash_on_mutated_files(source: tuple[str, bytes],
                                                            edits: list[tuple[int, int, bytes]]) -> None:
    """The quick form of ``bench/fuzz.py``: sample files (PBN and LIN) with
    bytes cut and hostile units inserted; ``check``, ``convert``, ``score``
    and ``show`` end with a problem report or an unreadable-file message
    (exit 0, 1 or 3), never with an exception."""
    suffix, data = source
    buf = bytearray(data)
    for pos, cut, insert in edits:
        pos %= len(buf) + 1
        buf[pos:pos + cut] = insert
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"input{suffix}"
        path.write_bytes(bytes(buf))
        for args in (["check"], ["convert", "-", "--to", "pbn"], ["score"], ["show"]):
            result = run(args[0], str(path), *args[1:])
            assert result.exit_code in (ExitStatus.OK, ExitStatus.PROBLEMS, ExitStatus.UNREADABLE), \
                (args, result.output[-500:])

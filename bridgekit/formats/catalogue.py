"""The formats bridgekit reads and writes, registered in the order content
sniffing tries them (the text formats first; among the binary layouts the
strictest first, CDS, which nearly anything could be, last)."""

from __future__ import annotations

import re

from . import ber, bhg, bri, cds, dealcsv, dge, dlm, dup, rzd
from .registry import Format, register

_DEALS = frozenset({"deal"})
_JSON_START = re.compile(rb'\s*(\[\s*[{\]]|\{\s*")')


def _text_lines(head: bytes) -> list[str]:
    text = head.lstrip(b"\xef\xbb\xbf").decode("latin-1")
    return [s.strip() for s in text.splitlines() if s.strip() and not s.strip().startswith(("%", ";"))]


def _sniff_json(head: bytes, size: int | None) -> bool:
    if _JSON_START.match(head.lstrip(b"\xef\xbb\xbf")):
        return True
    lines = _text_lines(head)
    return bool(lines) and lines[0].startswith(("[{", '{"'))


def _sniff_pbn(head: bytes, size: int | None) -> bool:
    lines = _text_lines(head)
    return bool(lines) and lines[0].startswith(("[", "{")) and b"\x00" not in head


def _sniff_lin(head: bytes, size: int | None) -> bool:
    lines = _text_lines(head)
    return bool(lines) and len(lines[0]) > 3 and lines[0][2] == "|" and lines[0][:2].isalpha()


# DLM first: its "[Document]" line would pass for a PBN tag.
register(Format(
    "dlm", "Duplimate for Windows", (".dlm",), frozenset({"deal", "number", "event"}), "dlm",
    sniff=dlm.sniff, programs="Duplimate (Windows) dealing machines; Big Deal, Dealer4, BridgeComposer write it; "
    "scoring programs and ACBL hand-record upload read it",
    notes="boards 1-99 only; board and file checksums; Event kept as the Headline"))
register(Format(
    "json", "bridgekit JSON", (".json",), frozenset({"deal", "number", "dealer", "vulnerability", "players",
                                                     "event", "auction", "play", "result", "notes", "other"}),
    "adapters", binary=False, reader="read_json", writer="write_json", streamed=True, sniff=_sniff_json,
    programs="bridgekit (show --json, convert --to json)"))
register(Format(
    "pbn", "Portable Bridge Notation 2.1", (".pbn",), frozenset({"deal", "number", "dealer", "vulnerability",
                                                                 "players", "event", "auction", "play", "result",
                                                                 "notes", "other"}),
    "adapters", binary=False, reader="read_pbn", writer="write_pbn", streamed=True, sniff=_sniff_pbn,
    programs="nearly every bridge program (BridgeComposer, Dealer4, BBO, scoring programs, DDS tools)",
    # stray text between games, a malformed or truncated tag, the rest of an
    # over-long line or game, problems beyond those kept per board
    in_place=True, lossy=frozenset({"bad-token", "bad-tag", "long-line", "long-game", "truncated",
                                    "more-problems"})))
register(Format(
    "lin", "BBO LIN", (".lin",), frozenset({"deal", "number", "dealer", "vulnerability", "players", "auction",
                                            "play", "result"}),
    "adapters", binary=False, reader="read_lin", writer="write_lin", streamed=True, sniff=_sniff_lin,
    programs="Bridge Base Online (hand records, vugraph archives, the handviewer), BridgeComposer",
    notes="one board a line; qx|o1| numbers, an| alerts and notes, mc| claims"))
register(Format(
    "url", "BBO handviewer links", (), frozenset({"deal", "number", "dealer", "vulnerability", "players",
                                                  "auction", "play", "result"}),
    "adapters", binary=False, can_read=False, writer="write_url",
    programs="a web browser (www.bridgebase.com/tools/handviewer.html)", notes="one link a board, written only"))
register(Format(
    "csv", "Big Deal CSV", (".csv",), frozenset({"deal", "number", "dealer", "vulnerability"}), "dealcsv",
    sniff=dealcsv.sniff, programs="Big Deal; spreadsheets and databases"))
register(Format(
    "bhg", "Borel hand generator", (".bhg",), frozenset({"deal", "number"}), "bhg", sniff=bhg.sniff,
    programs="Borel hand generator; Big Deal and deal-convert write it", notes="board N on line N + 1"))
register(Format(
    "dup", "Duplimate (DOS)", (".dup",), _DEALS, "dup", sniff=dup.sniff,
    programs="Duplimate dealing machines (Jannersten); Big Deal, Dealer4, BridgeComposer write it; ACBL and "
    "club sites take it as a hand record", deterministic=False,
    notes="156-byte records; the header keeps the set's first and last board"))
register(Format(
    "bri", "BRI card numbers", (".bri",), _DEALS, "bri", sniff=bri.sniff,
    programs="dealing machines and programs (the first part of DUP); club sites take it", deterministic=False,
    notes="128-byte records (or 78-digit lines); West is the cards left"))
register(Format(
    "dge", "DGE sorted hands", (".dge",), _DEALS, "dge", sniff=dge.sniff,
    programs="dealing programs (the second part of DUP); scoring programs"))
register(Format(
    "ber", "Bernasconi", (".ber",), _DEALS, "ber", sniff=ber.sniff,
    programs="Bernasconi dealing machines; Big Deal writes it"))
register(Format(
    "rzd", "Kops", (".rzd",), _DEALS, "rzd", sniff=rzd.sniff,
    programs="Kops dealing machines; Big Deal writes it", notes="a header with the board count"))
register(Format(
    "cds", "CDS", (".cds",), frozenset({"deal", "number"}), "cds", sniff=cds.sniff,
    programs="dealing machines taking Big Deal's 'cds' output", notes="board numbers 1-255"))

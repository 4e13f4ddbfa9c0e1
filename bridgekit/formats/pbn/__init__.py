"""PBN 2.1: a tolerant streaming reader (import format) and a strict writer
(export format).

Reading
    :func:`read_pbn` yields one :class:`~bridgekit.board.Board` per game and
    never holds more than one game in memory.  Bytes are decoded line by line:
    UTF-8 (with or without BOM) first, and lines that are not UTF-8 with the
    8-bit code page that reads best (cp1252 ~ latin-1, or cp1250 for Polish and
    Czech club files).  Line ends may be CRLF, LF or CR.

    Scanning is cheap: tags are split off with one regular expression and the
    sections (``Auction``, ``Play``, tables) are kept as raw text until first
    used (``board.auction``, ``board.play``, ``board.tables`` or
    ``board.problems``), when they are parsed and the deal and tag values are
    checked.  Nothing in a file stops the reader: every problem is recorded on
    its board with its line (``board.problems``) and the next game is read.
    Only a file that cannot be read at all raises :class:`FileFormatError`.

Writing
    :func:`format_board`, :func:`format_pbn` and :func:`write_pbn` write the
    export format: ``% PBN 2.1`` and ``% EXPORT`` first, the 15 mandatory tags
    in the standard's order (``?`` when unknown), the Auction section (four
    calls a line from the dealer, then its notes), the Play section (one trick
    a line in seat columns from the opening leader, then its notes), then the
    other tags and tables sorted by name.  Comments, notes, NAGs, ``%`` lines,
    unknown tags and tables are written back, so that reading the output gives
    a board whose :meth:`~bridgekit.board.Board.canonical` equals the input's.
"""

from .reader import Source, decode_lines, read_pbn
from .writer import format_board, format_pbn, write_pbn

__all__ = ["read_pbn", "format_board", "format_pbn", "write_pbn", "decode_lines", "Source"]

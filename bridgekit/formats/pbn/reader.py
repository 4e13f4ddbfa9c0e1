"""The PBN reader: lines from the text formats' one decoder (:mod:`..text`),
then games found by the scanner
(:mod:`.scanner`) and parsed on first use (:mod:`.sections`)."""

from __future__ import annotations

import os
from typing import Iterator

from ...board import Board
from ..text import Source, decode_lines, looks_like_path
from .scanner import read_games

__all__ = ["read_pbn", "decode_lines", "Source"]


def read_pbn(source: Source, name: str | None = None) -> Iterator[Board]:
    """Read the games of a PBN file one at a time.

    ``source`` is a path (``str`` without a line break, or ``os.PathLike``),
    PBN text (``str`` holding a line break or starting with ``[``, ``%``,
    ``{`` or ``;``), ``bytes``, or an open text or binary stream.  ``name``
    names the file in problems (default: the path).

    Raises FileFormatError (lazily, while iterating) when the input cannot be
    read at all: missing file, directory, binary data, empty, or no game.
    Problems inside games never raise: they are in ``board.problems``.
    """
    if name is None and isinstance(source, (str, os.PathLike)) and (
            not isinstance(source, str) or looks_like_path(source)):
        name = os.fspath(source)
    if name is None:
        name = getattr(source, "name", None) if not isinstance(source, (str, bytes)) else None
        if not isinstance(name, str):
            name = None
    return read_games(decode_lines(source, name), name)

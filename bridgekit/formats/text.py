"""Text input for the text formats (PBN, LIN): one decoder and one
``Source``.

A source is a path, text, bytes, or an open text or binary stream.  Bytes
are decoded as UTF-8 (a BOM skipped; UTF-16 when it starts with its BOM);
a line that is not UTF-8 is read in the 8-bit code page under which the
file's non-ASCII bytes read as the most letters (cp1252 or cp1250).  Binary
data (found by content, not only NUL bytes) makes a file unreadable, and
every failure is one FileFormatError with the same wording for every format.
"""

from __future__ import annotations

import io
import itertools
import os
from typing import IO, Iterator, Union

from ..errors import FileFormatError
from ..notation import Message
from .binary import binary_message, looks_binary

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

__all__ = ["Source", "decode_lines", "line_blocks", "looks_like_path"]

_CHUNK = 1 << 20

# -- decoding ---------------------------------------------------------------


def _pick_codepage(raw: bytes) -> str:
    """The 8-bit code page under which ``raw`` reads as the most letters."""
    best, best_score = "latin-1", -1
    for enc in ("cp1252", "cp1250"):
        try:
            text = raw.decode(enc)
        except UnicodeDecodeError:
            continue
        score = sum(1 for ch in text if ord(ch) > 127 and ch.isalpha())
        if score > best_score:
            best, best_score = enc, score
    return best


class _Decoder:
    """Splits a binary stream into text lines (without line ends)."""

    def __init__(self, stream: IO[bytes], name: str | None) -> None:
        self.stream = stream
        self.name = name
        self.codepage: str | None = None
        self.encoding = "utf-8"

    def _decode_block(self, block: bytes) -> str:
        try:
            return block.decode(self.encoding)
        except UnicodeDecodeError:
            pass
        if self.codepage is None:
            self.codepage = _pick_codepage(bytes(b for b in block if b > 127))
        out = []
        for raw in block.split(b"\n"):
            try:
                out.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                out.append(raw.decode(self.codepage, errors="replace"))
        return "\n".join(out)

    def _check(self, data: bytes, offset: int) -> None:
        """Binary data (found by content, not only NUL bytes) makes the file unreadable."""
        at = looks_binary(data)
        if at is not None:
            raise FileFormatError(Message("not a text file ({why})", why=binary_message(data, at, offset)), self.name)

    def blocks(self) -> Iterator[list[str]]:
        """The lines, a block of them at a time."""
        first = self.stream.read(_CHUNK)
        if not first:
            raise FileFormatError(Message("empty file"), self.name)
        if first.startswith(b"\xef\xbb\xbf"):
            first = first[3:]
        elif first.startswith((b"\xff\xfe", b"\xfe\xff")):
            rest = self.stream.read()
            try:
                text = (first + rest).decode("utf-16")
            except UnicodeDecodeError:
                raise FileFormatError(Message("not a text file (bad UTF-16)"), self.name) from None
            yield _split_text(text)
            return
        self._check(first, 0)
        offset = len(first)
        buf = first
        while True:
            chunk = self.stream.read(_CHUNK) if buf is not first or len(first) == _CHUNK else b""
            if not chunk:
                if buf:
                    yield _split_text(self._decode_block(buf))
                return
            self._check(chunk, offset)
            offset += len(chunk)
            buf += chunk
            cut = buf.rfind(b"\n")
            if cut < 0:
                continue
            block, buf = buf[:cut], buf[cut + 1:]
            if block.endswith(b"\r"):
                block = block[:-1]  # the CR of a CRLF cut at the chunk boundary (not an empty line)
            yield _split_text(self._decode_block(block))


def _split_text(text: str) -> list[str]:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def decode_lines(source: Source, name: str | None = None) -> Iterator[str]:
    """The text lines of ``source`` (path, text, bytes, text or binary stream),
    decoded as described in the module docstring.  Raises FileFormatError
    (when iterated) for a missing, unreadable, empty or binary file."""
    return itertools.chain.from_iterable(line_blocks(source, name))


def line_blocks(source: Source, name: str | None) -> Iterator[list[str]]:
    """The lines of ``source``, in blocks (no generator step per line)."""
    if isinstance(source, str) and looks_like_path(source):
        source = os.fspath(source)
        yield from _blocks_of_path(source, name or source)
        return
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        yield from _blocks_of_path(path, name or str(path))
        return
    if isinstance(source, str):
        if not source:
            raise FileFormatError(Message("empty input"), name)
        if source.startswith("\ufeff"):
            source = source[1:]
        if "\x00" in source:
            raise FileFormatError(Message("not a text file (binary data: NUL bytes)"), name)
        yield _split_text(source)
        return
    if isinstance(source, (bytes, bytearray)):
        yield from _Decoder(io.BytesIO(bytes(source)), name).blocks()
        return
    if isinstance(source, io.TextIOBase) or not _is_binary_stream(source):
        first = True
        any_line = False
        for line in source:
            text = str(line)
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = False
            if "\x00" in text:
                raise FileFormatError(Message("not a text file (binary data: NUL bytes)"), name)
            any_line = True
            if text.endswith("\n"):
                text = text[:-1]
            if "\r" in text:
                yield _split_text(text[:-1] if text.endswith("\r") else text)
            else:
                yield [text]
        if not any_line:
            raise FileFormatError(Message("empty input"), name)
        return
    yield from _Decoder(source, name).blocks()  # type: ignore[arg-type]


def _is_binary_stream(stream: object) -> bool:
    mode = getattr(stream, "mode", None)
    if isinstance(mode, str):
        return "b" in mode
    return isinstance(stream, (io.BufferedIOBase, io.RawIOBase))


def looks_like_path(text: str) -> bool:
    return bool(text) and "\n" not in text and "\r" not in text and text[0] not in "[%{;" and len(text) < 4096


def _blocks_of_path(path: str, name: str) -> Iterator[list[str]]:
    if os.path.isdir(path):
        raise FileFormatError(Message("is a directory, not a file"), name)
    try:
        stream = open(path, "rb")
    except FileNotFoundError:
        raise FileFormatError(Message("no such file"), name) from None
    except (OSError, ValueError) as e:
        raise FileFormatError(Message("cannot open: {error}", error=getattr(e, "strerror", None) or e),
                              name) from None
    with stream:
        try:
            yield from _Decoder(stream, name).blocks()
        except OSError as e:
            raise FileFormatError(Message("cannot read: {error}", error=e.strerror or e), name) from None

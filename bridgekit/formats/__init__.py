"""File formats, found through one registry (:mod:`.registry`): PBN, LIN,
JSON, and the deal files of dealing machines and scoring programs (DUP,
DLM, BRI, DGE, BER, RZD, CDS, BHG, CSV); BBO handviewer links are written.

:func:`read_boards` reads any registered file, choosing the format from
``fmt``, the file extension, or the content; :func:`write_boards` writes any
registered format.
"""

from __future__ import annotations

import os
import sys
from typing import IO, Any, Iterable, Iterator

from ..board import Board
from ..errors import BridgekitError, FileFormatError
from ..notation import Message

__all__ = ["read_boards", "write_boards", "detect_format", "FORMATS", "find_format", "format_of_path",
           "WriteReport", "output_format", "in_place_format", "UnknownOutputFormat"]

from .binary import binary_message, looks_binary
from .registry import Format, WriteReport, find_format, format_of_path, formats, readable_names, sniff_format
from . import catalogue  # noqa: F401,E402  (the formats register into the registry, in sniffing order)

#: Formats :func:`read_boards` knows, by name (the registry's readable formats, the common ones first).
FORMATS = tuple(readable_names())


def detect_format(path: str, head: bytes | None = None, size: int | None = None) -> str | None:
    """The name of the format of ``path``: from its extension, else from its
    first bytes (``head``) and size.  None when neither tells."""
    fmt = format_of_path(path)
    if fmt is not None and fmt.can_read:
        return fmt.name
    if head is None:
        return None
    found = sniff_format(head, size)
    return found.name if found is not None else None


def read_boards(path: str, fmt: str | None = None, first: int | None = None) -> Iterator[Board]:
    """Yield the boards of the file at ``path`` (``-`` is standard input).

    ``fmt`` (a registered format name: ``pbn``, ``lin``, ``json``, ``dup``,
    ``dlm``...) overrides the choice made from the extension or, failing
    that, from the content.  ``first`` numbers the boards of a format that
    has no board numbers (default 1).  Raises FileFormatError (file, line,
    board) when the input cannot be read at all: a missing file, a
    directory, binary data in a text format, an empty file, no game, an
    unknown format.  Problems inside boards never raise: see ``board.problems``.
    """
    path = os.fspath(path)
    spec = find_format(fmt) if fmt is not None else None
    if fmt is not None and (spec is None or not spec.can_read):
        raise FileFormatError(Message("unknown format {fmt!r} (expected one of {formats})", fmt=fmt,
                                      formats=", ".join(FORMATS)), path)
    if path == "-":
        stream = sys.stdin.buffer
        source: IO[bytes] | bytes = stream  # streamed, not read whole, when the format is known or can be peeked
        if spec is None:
            peek = getattr(stream, "peek", None)
            head = peek(4096)[:4096] if peek is not None else b""
            if peek is None or len(head.strip()) < 64:
                # a stream that cannot peek (tests, pipes wrapped in Python), or a
                # writer that has sent only a few bytes so far ('[' of a JSON
                # array): read it all, the content decides
                source = head = (head + stream.read()) if peek is None else stream.read()
            spec = sniff_format(head, len(head) if isinstance(source, bytes) else None) or find_format("pbn")
        assert spec is not None
        if not spec.streamed and not isinstance(source, bytes):
            source = stream.read()
        yield from spec.read(source, "<stdin>", first)
        return
    if os.path.isdir(path):
        raise FileFormatError(Message("is a directory, not a file"), path)
    if not os.path.exists(path):
        raise FileFormatError(Message("no such file"), path)
    if spec is None:
        spec = format_of_path(path)
        if spec is not None and not spec.can_read:
            spec = None
    if spec is None:
        try:
            with open(path, "rb") as f:
                head = f.read(4096)
                size = os.fstat(f.fileno()).st_size
        except OSError as e:
            raise FileFormatError(Message("cannot open: {error}", error=e.strerror or e), path) from None
        if not head:
            raise FileFormatError(Message("empty file"), path)
        spec = sniff_format(head, size)
        if spec is None:
            at = looks_binary(head)
            if at is not None:
                raise FileFormatError(Message("not a text file ({why}) and no deal layout bridgekit knows (give "
                                              "--from FORMAT)", why=binary_message(head, at)), path)
            raise FileFormatError(Message("unknown file format (expected PBN, LIN, JSON or a dealing machine's "
                                          "layout; give --from FORMAT)"), path)
    if spec.streamed:
        yield from spec.read(_PathArg(path), path, first)
    else:
        yield from spec.read(path, path, first)


class _PathArg(os.PathLike[str]):
    """A path for the readers, which take a plain ``str`` as text."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return self.path


class UnknownOutputFormat(BridgekitError):
    """An output format, or an output extension, bridgekit does not write
    (or does not rewrite in place): a usage error on the command line."""


def output_format(path: str | None, to: str | None = None) -> Format:
    """The format to write ``path`` in: ``to`` (``--to``), else the format
    owning its extension, else PBN (standard output, or a name without an
    extension such as /dev/null).  Raises UnknownOutputFormat for a format
    or an extension no writer claims: never a silent PBN."""
    if to is not None:
        spec = find_format(to)
        if spec is None or not spec.can_write:
            raise UnknownOutputFormat(f"cannot write {to!r}")
        return spec
    spec = format_of_path(path)
    if spec is not None and spec.can_write:
        return spec
    ext = os.path.splitext(path)[1] if path not in (None, "-") else ""
    if ext:
        known = ", ".join(e for f in formats() if f.can_write for e in f.extensions)
        raise UnknownOutputFormat(f"cannot tell the output format from the extension {ext!r} of {path!r}: "
                                  f"name it {known}, or give --to")
    found = find_format("pbn")
    assert found is not None
    return found


def in_place_format(path: str, fmt: str | None = None) -> Format:
    """The format ``path`` is rewritten in when rewritten in place: its own
    (``fmt``, else from its name, else from its content).  Raises
    UnknownOutputFormat when bridgekit does not rewrite that format in place
    (only a format whose writer keeps everything its reader understood)."""
    spec = find_format(fmt) if fmt else None
    if spec is None:
        name = detect_format(path)
        if name is None:
            try:
                with open(path, "rb") as f:
                    head = f.read(4096)
                    size = os.fstat(f.fileno()).st_size
                name = detect_format(path, head, size)
            except OSError:
                name = None
        spec = find_format(name) if name else None
    if spec is None or not spec.in_place:
        what = spec.label if spec is not None else "of a format bridgekit cannot tell"
        rewrites = ", ".join(f.label for f in formats() if f.in_place)
        raise UnknownOutputFormat(f"{path} is {what}: bridgekit rewrites only {rewrites} files in place "
                                  "(write the result to a new file instead)")
    return spec


def write_boards(boards: Iterable[Board], out: str | IO[Any], fmt: str = "pbn",
                 report: WriteReport | None = None) -> int:
    """Write ``boards`` to ``out`` (a path, or a stream: text for PBN, JSON,
    LIN and URL, bytes for the dealing layouts) in the registered format
    ``fmt``.  A path is written through :class:`bridgekit.safeio.Output`
    (temporary file, renamed into place when every board was written).
    ``report`` collects what the format could not hold and the boards not
    written.  Returns the number of boards written."""
    spec = find_format(fmt)
    if spec is None or not spec.can_write:
        raise FileFormatError(Message("cannot write format {fmt!r}", fmt=fmt))
    if report is None:
        report = WriteReport(spec)
    if not isinstance(out, str):
        return spec.write(boards, out, report)
    from ..safeio import Output
    with Output(out, binary=spec.binary) as target:  # temporary file, renamed into place once all is written
        count = spec.write(boards, target.stream, report)
        target.commit()
    return count


def estimate_boards(paths: Iterable[str], sample: int = 1 << 20) -> int | None:
    """About how many boards ``paths`` hold, for a progress bar, without
    reading them: the games in the first ``sample`` bytes of each file
    (``[Deal`` tags, LIN ``md|``) scaled to the file's size; exact for a file
    no longer than ``sample``.  None for standard input or a file that
    cannot be opened."""
    total = 0
    for path in paths:
        if path == "-" or not os.path.isfile(path):
            return None
        try:
            with open(path, "rb") as f:
                head = f.read(sample)
                size = os.fstat(f.fileno()).st_size
        except OSError:
            return None
        found = head.count(b"[Deal ") or head.count(b"md|")
        total += found if len(head) >= size else round(found * size / max(len(head), 1))
    return total

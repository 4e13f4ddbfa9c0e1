"""File formats: PBN (read and write), LIN (read), JSON.

:func:`read_boards` reads any supported file, choosing the format from
``fmt``, the file extension, or the content; :func:`write_boards` writes PBN
(or JSON when that module is present).
"""

from __future__ import annotations

import os
import re
import sys
from typing import IO, Iterable, Iterator

from ..board import Board
from ..errors import FileFormatError

__all__ = ["read_boards", "write_boards", "detect_format", "FORMATS"]

#: Formats :func:`read_boards` knows, by name.
FORMATS = ("pbn", "lin", "json")
_EXTENSIONS = {".pbn": "pbn", ".lin": "lin", ".json": "json"}


#: The start of a JSON document of boards: ``[`` then ``{`` or ``]``, or ``{"``
#: (a PBN tag is ``[Name``, a PBN comment ``{text``).
_JSON_START = re.compile(r'\s*(\[\s*[{\]]|\{\s*")')


def detect_format(path: str, head: bytes | None = None) -> str | None:
    """``pbn``/``lin``/``json`` from the file name, else from the first bytes
    (``head``): a ``[`` tag line means PBN, ``xx|`` pairs mean LIN, ``{``/``[{``
    JSON.  None when neither tells."""
    ext = os.path.splitext(path)[1].lower()
    if ext in _EXTENSIONS:
        return _EXTENSIONS[ext]
    if head is None:
        return None
    text = head.lstrip(b"\xef\xbb\xbf").decode("latin-1")
    if _JSON_START.match(text):  # a JSON array of objects (as show --json writes it, "[" on its own line)
        return "json"
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("%") or s.startswith(";"):
            continue
        if s.startswith("[{") or s.startswith("{\""):
            return "json"
        if s.startswith("[") or s.startswith("{"):
            return "pbn"
        if len(s) > 3 and s[2] == "|" and s[:2].isalpha():
            return "lin"
        return None
    return None


def read_boards(path: str, fmt: str | None = None) -> Iterator[Board]:
    """Yield the boards of the file at ``path`` (``-`` is standard input).

    ``fmt`` (``pbn``, ``lin``, ``json``) overrides the choice made from the
    extension or, failing that, from the content.  Raises FileFormatError
    (file, line, board) when the input cannot be read at all: a missing file,
    a directory, binary data, an empty file, no game, an unknown format.
    Problems inside boards never raise: see ``board.problems``.
    """
    path = os.fspath(path)
    if path == "-":
        stream = sys.stdin.buffer
        source: IO[bytes] | bytes = stream  # streamed, not read whole, when the format is known or can be peeked
        kind = fmt
        if kind is None:
            peek = getattr(stream, "peek", None)
            head = peek(4096)[:4096] if peek is not None else b""
            if peek is None or len(head.strip()) < 64:
                # a stream that cannot peek (tests, pipes wrapped in Python), or a
                # writer that has sent only a few bytes so far ('[' of a JSON
                # array): read it all, the content decides
                source = head = (head + stream.read()) if peek is None else stream.read()
            kind = detect_format("", head) or "pbn"
        yield from _read(kind, source, "<stdin>")
        return
    if os.path.isdir(path):
        raise FileFormatError("is a directory, not a file", path)
    if not os.path.exists(path):
        raise FileFormatError("no such file", path)
    kind = fmt or detect_format(path)
    if kind is None:
        try:
            with open(path, "rb") as f:
                head = f.read(4096)
        except OSError as e:
            raise FileFormatError(f"cannot open: {e.strerror or e}", path) from None
        if not head:
            raise FileFormatError("empty file", path)
        if b"\x00" in head:
            raise FileFormatError("not a text file (binary data: NUL bytes)", path)
        kind = detect_format(path, head)
        if kind is None:
            raise FileFormatError("unknown file format (expected PBN, LIN or JSON; give --from pbn, lin or json)", path)
    yield from _read(kind, _PathArg(path), path)


class _PathArg(os.PathLike[str]):
    """A path for the readers, which take a plain ``str`` as text."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return self.path


def _read(kind: str, source: os.PathLike[str] | IO[bytes] | bytes, name: str) -> Iterator[Board]:
    kind = kind.lower()
    if kind == "pbn":
        from .pbn import read_pbn
        yield from read_pbn(source, name)
    elif kind == "lin":
        from .lin import read_lin
        yield from read_lin(source, name)
    elif kind == "json":
        from .json import read_json
        yield from read_json(source, name)
    else:
        raise FileFormatError(f"unknown format {kind!r} (expected pbn, lin or json)", name)


def write_boards(boards: Iterable[Board], out: str | IO[str], fmt: str = "pbn") -> int:
    """Write ``boards`` to ``out`` (a path, ``-`` for standard output, or a text
    stream) as PBN export format (``fmt="pbn"``) or JSON.  A path is written
    through :class:`bridgekit.safeio.Output` (temporary file, renamed into
    place when every board was written).  Returns the number of boards."""
    from .pbn import write_pbn

    def write(stream: IO[str]) -> int:
        if fmt == "pbn":
            return write_pbn(boards, stream)
        if fmt == "json":
            from .json import write_json
            return int(write_json(boards, stream))
        raise FileFormatError(f"cannot write format {fmt!r} (expected pbn or json)")

    if not isinstance(out, str):
        return write(out)
    from ..safeio import Output
    with Output(out) as target:  # temporary file, renamed into place once all is written
        count = write(target.stream)
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

"""The registry of file formats: one entry per format, found by name, by a
file's extension or by its content.

Each :class:`Format` declares its name, the extensions it owns, what a file
of it can hold (:data:`CONTENT`), whether its stream is bytes, a ``sniff`` of
the first bytes of a file, and the module that reads and writes it (imported
only when used).  ``convert``, ``deal -o``, ``show`` and every command that
reads boards ask this registry; a new format is one module and one
:func:`register` call in ``catalogue`` (which ``bridgekit.formats`` loads),
and nothing else changes.  The registry imports no format module.
"""

from __future__ import annotations

import importlib
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Iterable, Iterator

from ..board import Board
from ..notation import Message

__all__ = ["CONTENT", "Format", "WriteReport", "register", "find_format", "format_of_path", "formats",
           "sniff_format", "readable_names", "writable_names"]

#: What a board record holds, as the registry names it.  A format declares
#: the subset it keeps; ``convert`` reports the rest as lost.
CONTENT = ("deal", "number", "dealer", "vulnerability", "players", "event", "auction", "play", "result",
           "notes", "other")


@dataclass(frozen=True)
class Format:
    """One file format.

    ``module`` is the module under :mod:`bridgekit.formats` holding ``read``
    and/or ``write`` (None for a direction it does not support):
    ``read(data, name, first)`` yields boards from the file's bytes (or, for
    ``streamed`` readers, from its path or stream), ``write(boards, stream,
    report)`` writes to a byte stream (``binary``) or a text stream and
    returns the number of boards written.  ``sniff(head, size)`` tells from
    the first bytes (and the file's size when known) whether a file is of
    this format.  ``programs`` and ``notes`` feed ``docs/formats.md``.
    """

    name: str
    title: str
    extensions: tuple[str, ...]
    carries: frozenset[str]
    module: str
    binary: bool = True
    can_read: bool = True
    can_write: bool = True
    sniff: Callable[[bytes, "int | None"], bool] | None = None
    programs: str = ""
    deterministic: bool = True
    notes: str = ""
    reader: str = "read"
    writer: str = "write"
    #: The reader takes the path or stream itself (PBN, LIN, JSON stream
    #: their input); the others get the file's bytes.
    streamed: bool = False
    #: A file of this format may be rewritten in place (``--in-place``): the
    #: writer keeps everything the reader understood.  ``lossy``: the reading
    #: problems that mean some input text was not understood (it would be
    #: dropped): a rewrite in place that meets one is not committed.
    in_place: bool = False
    lossy: frozenset[str] = frozenset()

    def load(self) -> Any:
        return importlib.import_module(f"{__package__}.{self.module}")

    def read(self, data: Any, name: str, first: int | None = None) -> Iterator[Board]:
        reader: Callable[..., Iterator[Board]] = getattr(self.load(), self.reader)
        return reader(data, name, first)

    def write(self, boards: Iterable[Board], stream: IO[Any], report: "WriteReport | None" = None) -> int:
        writer: Callable[..., int] = getattr(self.load(), self.writer)
        return writer(boards, stream, report if report is not None else WriteReport(self))

    @property
    def label(self) -> str:
        """The name as the messages print it (``DUP``)."""
        return self.name.upper()


@dataclass
class WriteReport:
    """What a writer could not put in its file, as data: the CLI renders it.

    ``lost[what]`` counts the boards whose ``what`` (one of :data:`CONTENT`)
    the format cannot hold; ``skipped`` lists the boards not written at all,
    each ``(board, code, message)``; ``renumbered`` is set when the boards
    will read back under other numbers (``(first, last, read_first,
    read_last)``)."""

    format: Format
    lost: Counter[str] = field(default_factory=Counter)
    skipped: list[tuple[Board, str, str]] = field(default_factory=list)
    renumbered: tuple[int, int, bool, bool] | None = None
    written: int = 0

    def skip(self, board: Board, code: str, message: str) -> None:
        self.skipped.append((board, code, message))

    def account(self, board: Board) -> None:
        """Count what ``board`` holds that the format cannot keep."""
        carries = self.format.carries
        tags = board.tags
        if "auction" not in carries and (board.auction is not None and board.auction.calls):
            self.lost["auction"] += 1
        if "play" not in carries and board.play is not None and board.play.tricks:
            self.lost["play"] += 1
        if "result" not in carries and (board.get("Contract") or board.get("Result")):
            self.lost["result"] += 1
        if "players" not in carries and any(board.get(s) for s in ("West", "North", "East", "South")):
            self.lost["players"] += 1
        if "event" not in carries and any(board.get(t) for t in ("Event", "Site", "Date")):
            self.lost["event"] += 1
        # an auction's notes (alerts) go with the auction: LIN keeps them as an| texts
        if "notes" not in carries and (board.comments or board.notes
                                       or (board.play is not None and (board.play.notes or board.play.comments))):
            self.lost["notes"] += 1
        if "other" not in carries and any(name not in _BASIC_TAGS and tag.value.strip() not in ("", "?")
                                          for name, tag in tags.items()):
            self.lost["other"] += 1


#: Tags a deal-only format accounts for by other names (or that say nothing).
_BASIC_TAGS = frozenset(("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                         "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result", "Auction", "Play",
                         "Generator", "Room", "Note"))

_FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    """Add ``fmt`` to the registry (its name and extensions must be new)."""
    if fmt.name in _FORMATS:
        raise ValueError(Message('format {name!r} is registered twice', name=fmt.name))
    for other in _FORMATS.values():
        clash = set(other.extensions) & set(fmt.extensions)
        if clash:
            raise ValueError(Message("extension {v1} of {name} is already {v3}'s",
                                     v1=sorted(clash)[0], name=fmt.name, v3=other.name))
    _FORMATS[fmt.name] = fmt
    return fmt


def formats() -> list[Format]:
    """Every registered format, in registration order."""
    return list(_FORMATS.values())


def find_format(name: str) -> Format | None:
    """The format called ``name`` (any case), or None."""
    return _FORMATS.get(name.strip().lower())


def format_of_path(path: str | None) -> Format | None:
    """The format owning ``path``'s extension (any case); None for ``-``, no
    extension or an extension no format owns."""
    if path is None or path == "-":
        return None
    ext = os.path.splitext(path)[1].lower()
    if not ext:
        return None
    for fmt in _FORMATS.values():
        if ext in fmt.extensions:
            return fmt
    return None


def sniff_format(head: bytes, size: int | None = None) -> Format | None:
    """The first format whose ``sniff`` accepts ``head`` (the first bytes of
    a file; ``size``: the whole file's size when known)."""
    for fmt in _FORMATS.values():
        if fmt.sniff is not None and fmt.can_read and fmt.sniff(head, size):
            return fmt
    return None


#: The order names are shown in (help, docs): the common formats first.
_SHOWN_FIRST = ("pbn", "lin", "json", "url")


def _shown(names: list[str]) -> list[str]:
    return sorted(names, key=lambda n: (_SHOWN_FIRST.index(n) if n in _SHOWN_FIRST else len(_SHOWN_FIRST)))


def readable_names() -> list[str]:
    """The formats that can be read, the common ones first."""
    return _shown([f.name for f in _FORMATS.values() if f.can_read])


def writable_names() -> list[str]:
    """The formats that can be written, the common ones first."""
    return _shown([f.name for f in _FORMATS.values() if f.can_write])

"""The registry's entries for the formats whose modules predate it (PBN,
JSON, the LIN reader): the calls in the registry's shape."""

from __future__ import annotations

from typing import IO, Any, Iterable, Iterator

from ..board import Board
from .registry import WriteReport


def read_pbn(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    from .pbn import read_pbn as read
    return read(data, name)


def write_pbn(boards: Iterable[Board], stream: IO[str], report: WriteReport) -> int:
    from .pbn import write_pbn as write
    report.written = write(boards, stream)
    return report.written


def read_lin(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    from .lin import read_lin as read
    return read(data, name)


def write_lin(boards: Iterable[Board], stream: IO[str], report: WriteReport) -> int:
    from .linwrite import write_lin as write
    return write(boards, stream, report)


def write_url(boards: Iterable[Board], stream: IO[str], report: WriteReport) -> int:
    from .linwrite import write_url as write
    return write(boards, stream, report)


def read_json(data: Any, name: str, first: int | None = None) -> Iterator[Board]:
    from .json import read_json as read
    return read(data, name)


def write_json(boards: Iterable[Board], stream: IO[str], report: WriteReport) -> int:
    from .json import write_json as write
    report.written = int(write(boards, stream))
    return report.written

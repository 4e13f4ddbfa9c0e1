"""Options and parameter types shared by every command, defined once."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

import click

from ..calls import Call
from ..cards import Card
from ..contract import Contract
from ..deal import Deal
from ..errors import BridgekitError
from ..seats import Seat, Vul

if TYPE_CHECKING:
    from ..board import Board

F = TypeVar("F", bound=Callable[..., Any])


class _ModelType(click.ParamType):
    """A click type that parses with a model class's ``parse`` and turns its
    ParseError into a precise usage error."""

    def __init__(self, name: str, parse: Callable[[str], Any]) -> None:
        self.name = name
        self._parse = parse

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return self._parse(value)
        except BridgekitError as e:
            self.fail(str(e), param, ctx)


SEAT = _ModelType("seat", Seat.parse)
VUL = _ModelType("vul", Vul.parse)
CALL = _ModelType("call", Call.parse)
CARD = _ModelType("card", Card.parse)
CONTRACT = _ModelType("contract", Contract.parse)
DEAL = _ModelType("deal", Deal.parse)


def output_options(csv: bool = True) -> Callable[[F], F]:
    """``--json`` (and ``--csv``) for every tabular command."""

    def decorate(f: F) -> F:
        f = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")(f)
        if csv:
            f = click.option("--csv", "as_csv", is_flag=True, help="Print CSV instead of a table.")(f)
        return f

    return decorate


def ascii_option(f: F) -> F:
    return click.option("--ascii", "ascii_", is_flag=True,
                        help="Letters S H D C instead of suit symbols.")(f)


def wants_ascii(flag: bool) -> bool:
    """ASCII when asked, or when stdout cannot encode suit symbols."""
    if flag:
        return True
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "\u2660\u2665\u2666\u2663".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def use_colour() -> bool:
    """Colour only on a terminal (and never with NO_COLOR)."""
    import os
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


class RunStatus:
    """Collects the outcome of a command over many inputs into one exit code."""

    def __init__(self) -> None:
        self.unreadable = 0
        self.problems = 0

    @property
    def exit_code(self) -> int:
        from ..errors import ExitStatus
        if self.unreadable:
            return ExitStatus.UNREADABLE
        if self.problems:
            return ExitStatus.PROBLEMS
        return ExitStatus.OK


def iter_boards(paths: tuple[str, ...] | list[str], status: RunStatus, *,
                fmt: str | None = None) -> Iterator[Board]:
    """Yield every board of every input (``-`` is stdin).  A file that cannot be
    read at all gets one line on stderr (file, line, board) and counts in
    ``status.unreadable``; reading goes on with the next file."""
    from ..errors import FileFormatError
    from ..formats import read_boards

    for path in paths:
        try:
            yield from read_boards(path, fmt=fmt)
        except FileFormatError as e:
            click.echo(f"bridgekit: {e}", err=True)
            status.unreadable += 1


rules_option = click.option(
    "--rules", "rules", default=None, metavar="PROFILE",
    help="Rules profile: contract (default), auction-1920 or auction-classic. "
         "Without it, each board's Scoring tag decides.")

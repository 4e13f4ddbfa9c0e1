"""One exception family for bridgekit, rooted in ValueError, and the exit codes.

Every error raised for bad input is a ``BridgekitError``; callers that want to
survive any malformed input catch that one class.  Exit codes are defined here
and nowhere else.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Mapping


class ExitStatus(IntEnum):
    """Process exit codes shared by every command."""

    OK = 0  #: all good
    PROBLEMS = 1  #: input was checked and problems were found
    USAGE = 2  #: bad command line
    UNREADABLE = 3  #: an input could not be read at all
    INTERRUPTED = 130  #: Ctrl-C


class BridgekitError(ValueError):
    """Base class of every error bridgekit raises for bad input.

    Its message may be a :class:`bridgekit.notation.Message` (it keeps its
    values: the call, the seat, the last bid, the card): ``str()`` is the
    message in English with suit symbols, :meth:`render` writes it in the
    output's notation.
    """

    @property
    def values(self) -> Mapping[str, Any]:
        """The values the message names (``call``, ``seat``, ``last``,
        ``card``...); empty when the message is plain text."""
        message = self.args[0] if self.args else None
        return getattr(message, "values", {})

    def render(self, ascii: bool = False, lang: str = "en") -> str:
        """The message in the output's notation (letters for suits with ``ascii``);
        plain text as it is (the edge's ``notation.render_message`` gives it letters)."""
        message = self.args[0] if self.args else ""
        render = getattr(message, "render", None)   # a notation.Message (not imported: the model's root)
        return render(ascii, lang) if render is not None else str(message)


def message_of(e: BaseException) -> str:
    """An error's message as raised: a ``notation.Message`` keeps its data (it
    is rendered in the reader's language at the edge); else ``str(e)``, or the
    error's type when it says nothing."""
    message = e.args[0] if e.args else None
    return message if isinstance(message, str) and message else (str(e) or type(e).__name__)


class ParseError(BridgekitError):
    """A value could not be parsed (a card, a call, a seat, a deal string...)."""


class IllegalCallError(BridgekitError):
    """A call is well formed but breaks a rule of the auction.

    ``code`` is a stable identifier such as ``insufficient-bid``.
    """

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class IllegalCardError(BridgekitError):
    """A card is well formed but cannot be played now (``code`` e.g. ``revoke``)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class FileFormatError(BridgekitError):
    """A file (PBN, LIN, JSON) could not be read; carries file, line and board."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 board: str | None = None) -> None:
        self.file = file
        self.line = line
        self.board = board
        self.bare_message = message
        where = []
        if file is not None:
            where.append(str(file))
        if line is not None:
            where.append(f"line {line}")
        if board is not None:
            where.append(f"board {board}")
        super().__init__(f"{': '.join([', '.join(where), message]) if where else message}")

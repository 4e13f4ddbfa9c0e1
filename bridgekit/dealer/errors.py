"""Errors of dealer scripts: each names the line and column."""

from __future__ import annotations

from ..errors import BridgekitError
from ..notation import Message


class ScriptError(BridgekitError):
    """A script that cannot run: ``line 12, column 30: unknown function 'hcpp'``.

    ``line`` and ``column`` count from 1; ``message`` is the bare text."""

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line, self.column, self.message = line, column, message
        super().__init__(Message("line {line}, column {column}: {message}", line=line, column=column, message=message)
                         )

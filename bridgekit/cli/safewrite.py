"""The commands' side of :mod:`bridgekit.safeio`: refusals as usage errors,
write failures as one line and exit 3, a commit only when every input was read.

Every command that writes boards to a file does::

    out = open_output(target, inputs=files, in_place=in_place)   # before reading
    with out:
        count = write_boards_out(boards, out, status)             # None: not written
"""

from __future__ import annotations

import os
from typing import Iterable

import click

from ..board import Board
from ..formats.registry import WriteReport
from ..safeio import Output, OutputChanged, OutputRefused
from .options import BOARD_FILE_EXTENSIONS, RunStatus


def _waiting(message: str) -> None:
    click.echo(f"bridgekit: {message}...", err=True)


def open_output(path: str, inputs: Iterable[str] = (), *, in_place: bool = False, replace: bool = True,
                binary: bool = False) -> Output:
    """An :class:`~bridgekit.safeio.Output`, or a usage error (exit 2) naming
    why not.  An input directory counts as the board files under it.
    ``binary``: a byte stream (the dealing machines' layouts)."""
    inputs = list(inputs)
    try:
        output = Output(path, inputs, in_place=in_place, replace=replace, on_wait=_waiting, binary=binary)
    except OutputRefused as e:
        raise click.UsageError(str(e)) from None
    if path != "-" and not in_place and path.lower().endswith(BOARD_FILE_EXTENSIONS) and os.path.isfile(path):
        real = os.path.realpath(path)
        for source in inputs:
            if source != "-" and os.path.isdir(source) and real.startswith(os.path.realpath(source) + os.sep):
                raise click.UsageError(f"{path} is read as an input (it is under {source}): write it elsewhere")
    return output


def write_boards_out(boards: Iterable[Board], out: Output, status: RunStatus, fmt: str = "pbn",
                     since: int | None = None, report: WriteReport | None = None) -> int | None:
    """Write ``boards`` (a stream being read) into ``out`` and commit it when
    every input was read: boards with problems are written, but an input that
    became unreadable on the way (``status.unreadable`` grew past ``since``,
    by default its value now) leaves the target as it was.  Boards read before
    the call (a list) pass ``since=0``.  Returns the number of boards, or None
    when nothing was committed (said on stderr; ``status`` then gives exit 3).
    ``report`` collects what the format could not hold (see
    :class:`~bridgekit.formats.WriteReport`).
    Errors on standard output go up to the entry point, which reports them."""
    from ..formats import write_boards

    before = status.unreadable if since is None else since
    try:
        count = write_boards(boards, out.stream, fmt=fmt, report=report)
        if status.unreadable > before:
            if out.replaces:
                click.echo(f"bridgekit: {out.path} left as it was (an input could not be read to the end)",
                           err=True)
            elif out.path != "-":
                click.echo(f"bridgekit: {out.path} is incomplete (an input could not be read to the end)",
                           err=True)
            return None
        out.commit()
    except OutputChanged as e:
        click.echo(f"bridgekit: {e}", err=True)
    except BrokenPipeError:
        raise
    except OSError as e:
        if out.path == "-":
            raise
        click.echo(f"bridgekit: cannot write {out.path}: {e.strerror or e}", err=True)
    else:
        return count
    status.unreadable += 1
    return None

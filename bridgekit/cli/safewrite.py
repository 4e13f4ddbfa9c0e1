"""The commands' side of :mod:`bridgekit.safeio`: refusals as usage errors,
write failures as one line and exit 3, a commit only when every input was read.

Every command that writes boards to a file does::

    out = open_output(target, inputs=files, in_place=in_place)   # before reading
    with out:
        count = write_boards_out(boards, out, status)             # None: not written
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator

import click

from ..board import Board
from ..formats.registry import WriteReport
from ..printable import printable
from ..safeio import Output, OutputChanged, OutputRefused
from ..i18n import _, _n
from ..notation import render_message
from .options import BOARD_FILE_EXTENSIONS, RunStatus, current_lang, input_format


def _waiting(message: str) -> None:
    click.echo(f"bridgekit: {printable(render_message(message, False, current_lang()))}...", err=True)


def open_output(path: str, inputs: Iterable[str] = (), *, in_place: bool = False, replace: bool = False,
                to: str | None = None, boards: bool = True, has_in_place: bool = False,
                binary: bool | None = None) -> Output:
    """An :class:`~bridgekit.safeio.Output`, or a usage error (exit 2) naming
    why not.  The one rule of every command that writes a named file: an
    existing file is replaced only when ``replace`` (the command's
    ``--force``) or when it is the input being rewritten ``in_place``.

    For boards (``boards``), the output's format is chosen here, once, and
    kept as ``output.format`` (a registry :class:`~bridgekit.formats.registry.Format`):
    ``to``, else the extension (PBN for standard output); an extension no
    writer claims is a usage error.  Rewritten in place, a file keeps its own
    format, or is refused when bridgekit does not rewrite that format in
    place.  ``has_in_place``: the command has ``--in-place`` (a refusal then
    suggests it).  ``binary``: a byte stream (default: as the format writes).
    An input directory counts as the board files under it."""
    from ..formats import UnknownOutputFormat, in_place_format, output_format

    inputs = list(inputs)
    fmt = None
    if boards:
        try:
            fmt = in_place_format(path, input_format()) if in_place else output_format(path, to)
        except UnknownOutputFormat as e:
            raise click.UsageError(printable(render_message(e.args[0], False, current_lang()))) from None
        if binary is None:
            binary = fmt.binary
    try:
        output = Output(path, inputs, in_place=in_place, replace=replace, on_wait=_waiting, binary=bool(binary))
    except OutputRefused as e:
        raise click.UsageError(printable(_advice(e, has_in_place))) from None
    output.format = fmt   # type: ignore[attr-defined]
    if path != "-" and not in_place and path.lower().endswith(BOARD_FILE_EXTENSIONS) and os.path.isfile(path):
        real = os.path.realpath(path)
        for source in inputs:
            if source != "-" and os.path.isdir(source) and real.startswith(os.path.realpath(source) + os.sep):
                raise click.UsageError(printable(_(current_lang(), "{path} is read as an input (it is under "
                                                   "{source}): write it elsewhere", path=path, source=source)))
    return output


def _advice(e: OutputRefused, has_in_place: bool) -> str:
    """A refusal and what to do about it, with the options this command has."""
    lang = current_lang()
    refused = render_message(e.args[0], False, lang)
    if e.reason == "exists":
        return _(lang, "{refused}: use --force to replace it", refused=refused)
    if e.reason == "input":
        return _(lang, "{refused}: use --in-place to rewrite it", refused=refused) if has_in_place \
            else _(lang, "{refused}: write the output to another file", refused=refused)
    return refused


def write_boards_out(boards: Iterable[Board], out: Output, status: RunStatus, fmt: str | None = None,
                     since: int | None = None, report: WriteReport | None = None) -> int | None:
    """Write ``boards`` (a stream being read) into ``out`` in its format (as
    ``open_output`` chose it; ``fmt`` overrides) and commit it only when the
    run succeeded as a whole: boards with problems are written, but an input
    that became unreadable on the way, a board the solver failed on or a
    lost cluster (``status.failed_total`` grew past ``since``, by default its
    value now) leaves the target as it was; so does, in a rewrite in place,
    input text the reader did not understand (the lines are named: the file
    is not rewritten without them).  Boards read before the call (a list)
    pass ``since=0``.  Returns the number of boards, or None when nothing was
    committed (said on stderr; ``status`` then gives exit 3).  ``report``
    collects what the format could not hold (see
    :class:`~bridgekit.formats.WriteReport`).  Errors on standard output go
    up to the entry point, which reports them."""
    from ..formats import find_format, write_boards

    spec = find_format(fmt) if fmt is not None else getattr(out, "format", None)
    if spec is None:
        spec = find_format("pbn")
    assert spec is not None
    before = status.failed_total if since is None else since
    lang = current_lang()
    lossy: list[tuple[int | None, str]] = []

    def watched() -> Iterator[Board]:
        for board in boards:
            for p in board.problems:
                if p.code in spec.lossy:
                    lossy.append((p.line, p.code))
            yield board

    try:
        count = write_boards(watched() if out.in_place else boards, out.stream, fmt=spec.name, report=report)
        if status.failed_total > before or lossy:
            if lossy:
                lines = sorted({n for n, _c in lossy if n is not None})
                codes = ", ".join(sorted({c for _n, c in lossy}))
                shown = ", ".join(map(str, lines[:10]))
                if len(lines) > 10:
                    shown = _(lang, "{lines} and {n} more", lines=shown, n=len(lines) - 10)
                why = _n(lang, "bridgekit does not understand line {lines} ({codes}) and would drop it in the "
                         "rewrite: fix the file, or write to another one",
                         "bridgekit does not understand lines {lines} ({codes}) and would drop them in the "
                         "rewrite: fix the file, or write to another one", len(lines), lines=shown, codes=codes)
            else:
                why = render_message(status.why, False, lang) if status.why \
                    else _(lang, "an input could not be read to the end")
            if out.replaces:
                click.echo(printable("bridgekit: " + _(lang, "{path} left as it was ({why})", path=out.path, why=why)),
                           err=True)
            elif out.path != "-":
                click.echo(printable("bridgekit: " + _(lang, "{path} is incomplete ({why})", path=out.path, why=why)),
                           err=True)
            if lossy:
                status.failed += 1
            return None
        out.commit()
    except OutputChanged as e:
        click.echo(printable("bridgekit: " + render_message(e.args[0], False, lang)), err=True)
    except BrokenPipeError:
        raise
    except OSError as e:
        if out.path == "-":
            raise
        click.echo(printable("bridgekit: " + _(lang, "cannot write {path}: {error}", path=out.path,
                                               error=e.strerror or e)), err=True)
    else:
        return count
    status.unreadable += 1
    return None

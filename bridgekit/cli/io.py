"""``bridgekit show`` and ``bridgekit convert``: look at boards, change formats."""

from __future__ import annotations

import itertools
import os
import sys
from typing import IO, cast

import click

from ..errors import BridgekitError, ExitStatus
from .options import (ReadingReport, RunStatus, ascii_option, board_option, from_option, input_format, iter_boards,
                      plain_text, plural, use_colour, wants_ascii, warn)
from .output import JSON, JSONL, TABLE, JsonStream, output_options, output_rows
from .safewrite import open_output, write_boards_out

_CONTEXT = {"help_option_names": ["-h", "--help"]}


# -- show --------------------------------------------------------------------------

@click.command(context_settings=_CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@board_option
@from_option
@output_options(csv=False, json_help="Print the boards as JSON (as convert --to json writes them).")
@ascii_option
def show(files: tuple[str, ...], boards: tuple[str, ...], fmt: str, ascii_: bool) -> None:
    """Show the boards of PBN, LIN or JSON FILES: hand diagram (North on top, with
    board, dealer and vulnerability), the auction in West North East South
    columns with its notes, the play trick by trick (leader, winning card
    marked *, winner, running trick count) and the contract, result and score
    as recorded.

    Suit symbols when the terminal can print them (--ascii for letters), red
    hearts and diamonds only on a colour terminal.  '-' reads standard input.
    Problems found while reading are printed on stderr (exit status 1); an
    unreadable file gives one line on stderr and exit status 3.

    \b
    Examples:
      bridgekit show samples/match.pbn --board 1
      bridgekit show vugraph.lin -b 12 --ascii
      bridgekit show game.pbn --json | jq '.[0].deal'
      cat hands.lin | bridgekit show -
    """
    from ..render import render_board

    ascii_ = wants_ascii(ascii_)
    colour = use_colour() and fmt == TABLE
    status = RunStatus()
    report = ReadingReport(status, ascii_)
    selected = report.watch(iter_boards(files, status, boards=boards))
    shown = 0
    if fmt == JSON:
        from ..formats.json import write_json
        shown = write_json(selected, cast(IO[str], JsonStream(sys.stdout)))
    elif fmt == JSONL:
        from ..formats.json import board_to_dict
        shown = output_rows((board_to_dict(b) for b in selected), fmt)
    else:
        rule = ("-" if ascii_ else "\u2500") * 80
        for board in selected:
            if shown:
                click.echo(rule)
            # render_board shows the file's control characters as escapes
            text = render_board(board, ascii=ascii_, colour=colour)
            click.echo(plain_text(text) if ascii_ else text)
            shown += 1
    report.finish()
    click.get_current_context().exit(status.exit_code)


# -- convert ---------------------------------------------------------------------------

@click.command(context_settings=_CONTEXT)
@click.argument("source", metavar="IN", type=click.Path(allow_dash=True))
@click.argument("target", metavar="OUT", required=False, type=click.Path(allow_dash=True))
@click.option("--to", "to", type=click.Choice(["pbn", "json"], case_sensitive=False), default=None,
              help="Output format (default: from OUT's extension; PBN for standard output).")
@from_option
@click.option("--in-place", is_flag=True, help="Rewrite IN itself (atomically) instead of writing OUT.")
def convert(source: str, target: str | None, to: str | None, in_place: bool) -> None:
    """Convert IN to OUT: PBN to PBN (canonical export format: mandatory tags in
    the standard's order, comments, notes and tables kept), LIN to PBN, PBN or
    LIN to JSON, and JSON written by this command back to PBN.  '-' is
    standard input (IN) or standard output (OUT).

    The output format comes from --to, else from OUT's extension (.pbn, .json).
    IN is never modified unless --in-place; OUT is written atomically (a
    temporary file, then renamed).  Problems found while reading are printed on
    stderr with file, line and board and give exit status 1, but every board is
    still converted; an unreadable IN gives exit status 3 and writes nothing.

    \b
    Examples:
      bridgekit convert vugraph.lin vugraph.pbn
      bridgekit convert messy.pbn clean.pbn
      bridgekit convert game.pbn - --to json | jq '.[].contract'
      bridgekit convert old.pbn --in-place
      cat hands.lin | bridgekit convert - - > hands.pbn
    """
    ctx = click.get_current_context()
    if in_place:
        if source == "-":
            raise click.UsageError("--in-place needs a file, not standard input")
        if target is not None and not _same_file(source, target):
            raise click.UsageError("--in-place rewrites IN: give no OUT (or the same file)")
        target = source
    elif target is None:
        raise click.UsageError("missing OUT (a file, or - for standard output); --in-place rewrites IN")
    ext = os.path.splitext(target)[1] if target not in (None, "-") else ""
    if to is None and ext and _format_of(target) is None:  # out.xml; no extension (/dev/null) is PBN
        raise click.UsageError(f"cannot tell the output format from the extension {ext!r} of {target!r}: "
                               "name it .pbn or .json, or give --to pbn|json")
    fmt = (to or _format_of(target) or "pbn").lower()
    from_ = input_format()
    if fmt not in ("pbn", "json"):
        raise click.UsageError(f"cannot write {fmt.upper()}: OUT must be .pbn or .json (or use --to)")
    if in_place and fmt != (from_ or _format_of(source) or fmt):
        raise click.UsageError("--in-place keeps IN's format: converting to another format needs OUT")
    out = open_output(target, [source], in_place=in_place)  # OUT = IN, missing folder...: refused here

    status = RunStatus()
    report = ReadingReport(status, ascii_=False)
    with out:
        boards = report.watch(iter_boards([source], status))
        first = next(boards, None)  # an unreadable input fails here, before OUT is touched
        if status.unreadable:
            ctx.exit(status.exit_code)
        # zero boards (a header alone) make a valid empty file
        stream = boards if first is None else itertools.chain([first], boards)
        try:
            count = write_boards_out(stream, out, status, fmt)
        except BridgekitError as e:
            warn(str(e))
            ctx.exit(ExitStatus.UNREADABLE)
    report.finish()
    if count is not None and target != "-":  # on standard output the data speaks for itself
        warn(f"{plural(count, 'board')} written to {target} ({fmt.upper()})")
    ctx.exit(status.exit_code)


def _format_of(path: str | None) -> str | None:
    if path is None or path == "-":
        return None
    ext = os.path.splitext(path)[1].lower()
    return {".pbn": "pbn", ".json": "json", ".lin": "lin"}.get(ext)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)

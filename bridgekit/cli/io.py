"""``bridgekit show`` and ``bridgekit convert``: look at boards, change formats."""

from __future__ import annotations

import itertools
import os

import click

from ..board import Board
from ..errors import BridgekitError, ExitStatus
from ..board import where_text
from ..i18n import _
from ..notation import Message, render_message
from .options import (ReadingReport, RunStatus, ascii_option, board_option, current_lang, from_option, input_format,
                      iter_boards, lang_option, plain_text, use_colour, wants_ascii, warn)
from .output import RowWriter, output_options
from .safewrite import open_output, write_boards_out
from ..formats.registry import WriteReport, find_format, format_of_path, writable_names

_CONTEXT = {"help_option_names": ["-h", "--help"]}
_TARGETS = click.Choice(writable_names(), case_sensitive=False)


# -- show --------------------------------------------------------------------------

@click.command(context_settings=_CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@board_option
@from_option
@output_options(csv=False, json_help="Print the boards as JSON (as convert --to json writes them).")
@ascii_option
@lang_option
def show(files: tuple[str, ...], boards: tuple[str, ...], fmt: str, ascii_: bool, lang: str) -> None:
    """Show the boards of FILES (PBN, LIN, JSON, or a dealing machine's file: DUP,
    DLM... see docs/formats.md): hand diagram (North on top, with
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
    from ..formats.json import board_to_dict

    colour = use_colour()   # for the diagrams (the table form) only
    status = RunStatus()
    report = ReadingReport(status, ascii_)

    def diagram(board: Board) -> str:
        # render_board shows the file's control characters as escapes
        text = render_board(board, ascii=ascii_, colour=colour, lang=lang)
        return plain_text(text) if ascii_ else text

    # the diagrams a rule apart; --json is bridgekit's JSON file format (indent 2, as -o x.json writes it)
    rows = RowWriter(fmt, text=diagram, sep=("-" if ascii_ else "\u2500") * 80, to_dict=board_to_dict, indent=2)
    for board in report.watch(iter_boards(files, status, boards=boards)):
        rows.add(board)
    rows.close()
    report.finish()
    click.get_current_context().exit(status.exit_code)


# -- convert ---------------------------------------------------------------------------

@click.command(context_settings=_CONTEXT)
@click.argument("source", metavar="IN", type=click.Path(allow_dash=True))
@click.argument("target", metavar="OUT", required=False, type=click.Path(allow_dash=True))
@click.option("--to", "to", type=_TARGETS, default=None, metavar="|".join(writable_names()),
              help="Output format (default: from OUT's extension; PBN for standard output); "
                   "url: BBO handviewer links.")
@from_option
@click.option("--first", type=click.IntRange(1), default=None,
              help="Number of the first board, for an input format without board numbers (BRI, DGE, BER, "
                   "RZD; default 1), or to renumber the boards of DUP, DLM, CDS, CSV and BHG.")
@click.option("--in-place", is_flag=True, help="Rewrite IN itself (atomically, in its own format; PBN only) "
                                                "instead of writing OUT.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@lang_option
def convert(source: str, target: str | None, to: str | None, first: int | None, in_place: bool,
            force: bool, lang: str) -> None:
    """Convert IN to OUT between the formats bridgekit knows: PBN (canonical
    export format: mandatory tags in the standard's order, comments, notes
    and tables kept), LIN (BBO), JSON, the deal files of dealing machines and
    scoring programs (DUP and DLM for Duplimate, BRI, DGE, BER, RZD, CDS, BHG,
    CSV), and BBO handviewer links (--to url, one per board).  '-' is
    standard input (IN) or standard output (OUT).

    The output format comes from --to, else from OUT's extension; the input
    format from --from, else IN's extension, else its content.  What OUT's
    format cannot hold (a DUP file keeps only the deals) is said on stderr.
    A format without board numbers numbers the boards from --first; dealer
    and vulnerability then follow the board number.  IN is never modified
    unless --in-place (PBN only, and only when every line of it was
    understood: nothing is dropped); an existing OUT is replaced only with
    --force.  OUT is written atomically (a temporary file, then renamed).  Problems found while reading are printed
    on stderr with file, line and board and give exit status 1, but every
    board is still converted; an unreadable IN gives exit status 3 and
    writes nothing.  See docs/formats.md.

    \b
    Examples:
      bridgekit convert vugraph.lin vugraph.pbn
      bridgekit convert session.pbn session.dup
      bridgekit convert machine.dlm session.pbn
      bridgekit convert session.pbn - --to url
      bridgekit convert game.pbn - --to json | jq '.[].contract'
      bridgekit convert old.pbn --in-place
    """
    ctx = click.get_current_context()
    if in_place:
        if source == "-":
            raise click.UsageError(_(lang, "--in-place needs a file, not standard input"))
        if target is not None and not _same_file(source, target):
            raise click.UsageError(_(lang, "--in-place rewrites IN: give no OUT (or the same file)"))
        target = source
    elif target is None:
        raise click.UsageError(_(lang, "missing OUT (a file, or - for standard output); --in-place rewrites IN"))
    from_ = input_format()
    if in_place and to is not None:
        own = find_format(from_) if from_ else format_of_path(source)
        wanted = find_format(to)
        if own is not None and wanted is not None and own is not wanted:
            raise click.UsageError(_(lang, "--in-place keeps IN's format ({own}): converting to {wanted} needs OUT",
                                     own=own.label, wanted=wanted.label))
    # OUT = IN, an existing OUT without --force, a format bridgekit does not write (or not in place)...
    out = open_output(target, [source], in_place=in_place, replace=force, to=to, has_in_place=True)
    spec = out.format  # type: ignore[attr-defined]

    status = RunStatus()
    report = ReadingReport(status, ascii_=False)
    written = WriteReport(spec)
    with out:
        boards = report.watch(iter_boards([source], status, fmt=from_, first=first))
        head = next(boards, None)  # an unreadable input fails here, before OUT is touched
        if status.unreadable:
            ctx.exit(status.exit_code)
        # zero boards (a header alone) make a valid empty file
        stream = boards if head is None else itertools.chain([head], boards)
        try:
            count = write_boards_out(stream, out, status, spec.name, report=written)
        except BridgekitError as e:
            warn(e.args[0] if e.args else str(e))
            ctx.exit(ExitStatus.UNREADABLE)
    report.finish()
    say_write_report(written, status)
    if count is not None and target != "-":  # on standard output the data speaks for itself
        warn(Message.plural("{n} board written to {target} ({format})", "{n} boards written to {target} ({format})",
                            count, target=target, format=spec.label))
    ctx.exit(status.exit_code)


def _lost(what: str, n: int) -> Message:
    """What a format could not hold of ``n`` boards, as its line says it."""
    if what == "auction":
        return Message.plural("keeps no auctions: {n} auction not written", "keeps no auctions: {n} auctions not "
                              "written", n)
    if what == "play":
        return Message.plural("keeps no play: the play of {n} board not written", "keeps no play: the play of "
                              "{n} boards not written", n)
    if what == "result":
        return Message.plural("keeps no contracts or results: {n} contract or result not written",
                              "keeps no contracts or results: {n} contracts or results not written", n)
    if what == "players":
        return Message.plural("keeps no player names: the names of {n} board not written",
                              "keeps no player names: the names of {n} boards not written", n)
    if what == "event":
        return Message.plural("keeps no event, site or date: those of {n} board not written",
                              "keeps no event, site or date: those of {n} boards not written", n)
    if what == "notes":
        return Message.plural("keeps no comments or notes: those of {n} board not written",
                              "keeps no comments or notes: those of {n} boards not written", n)
    if what == "other":
        return Message.plural("keeps no other tags: those of {n} board not written",
                              "keeps no other tags: those of {n} boards not written", n)
    if what == "dealer":
        return Message.plural("keeps no dealer or vulnerability (they follow the board number): {n} board whose "
                              "own differ not written", "keeps no dealer or vulnerability (they follow the board "
                              "number): {n} boards whose own differ not written", n)
    if what == "duplicate-number":
        return Message.plural("keeps no two boards under one number: {n} board not written",
                              "keeps no two boards under one number: {n} boards not written", n)
    return Message.plural("keeps no {what}: {n} board", "keeps no {what}: {n} boards", n, what=what)


def write_report_lines(report: WriteReport) -> list[Message]:
    """The lines saying what ``report``'s format could not keep."""
    label = report.format.label
    lines = [Message("{format} {lost}", format=label, lost=_lost(what, n)) for what, n in report.lost.items()]
    if report.renumbered is not None:
        start, count, consecutive, keeps_first = report.renumbered
        end = start + count - 1
        if keeps_first:
            lines.append(Message("{format} keeps no board numbers but the first: the boards read back as "
                                 "{start}-{end}", format=label, start=start, end=end))
        elif consecutive:
            lines.append(Message("{format} keeps no board numbers: read the file with --first {start} to get "
                                 "boards {start}-{end} back", format=label, start=start, end=end))
        else:
            lines.append(Message("{format} keeps no board numbers: the boards read back as {start}-{end} "
                                 "(with --first {start})", format=label, start=start, end=end))
    return lines


def say_write_report(report: WriteReport, status: RunStatus) -> None:
    """Print on stderr what the output could not hold, and each board not
    written (a problem: exit status 1)."""
    lang = current_lang()
    for board, code, message in report.skipped:
        where = where_text(board.file, None, board.label or None, lang)
        what = _(lang, "{code}: {message}", code=code, message=render_message(message, False, lang))
        warn(_(lang, "{where}: {what}", where=where, what=what) if where else what)
        status.problems += 1
    for line in write_report_lines(report):
        warn(line)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)

"""``bridgekit handrecord``: the hand records a director prints after a
session, as HTML or PDF (thin: options here, the model in
``bridgekit.handrecord``, the pages in its ``html`` and ``pdf`` writers)."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from ..board import Board
from ..errors import ExitStatus
from ..printable import printable
from ..rules import Profile
from ..safeio import Output, OutputChanged
from .analysis import _Progress, _solved_boards, _where, _with_solver
from .options import from_option
from ..i18n import _, _n
from ..notation import Message
from .options import RunStatus, SolverOptions, ascii_option, lang_option, rules_option, solver_options, warn
from .safewrite import open_output

_CTX = {"help_option_names": ["-h", "--help"]}
_EXTENSIONS = {".html": "html", ".htm": "html", ".pdf": "pdf"}


@click.command(context_settings=_CTX)
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@from_option
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False, allow_dash=True),
              metavar="OUT", help="OUT.html or OUT.pdf (- writes HTML on standard output).")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@click.option("--to", "to", type=click.Choice(["html", "pdf"], case_sensitive=False), default=None,
              help="Output format (default: from OUT's extension).")
@click.option("--per-page", type=click.Choice(["1", "2", "4", "6"]), default="4", show_default=True,
              help="Boards on a page (fewer when a board's auction, play or commentary needs the room).")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="Paper size.")
@click.option("--title", default=None, help="Title of the pages (default: the file's Event, Site and Date).")
@click.option("--auction", is_flag=True, help="Show each table's auction (and contract and result).")
@click.option("--play", is_flag=True, help="Show each table's play, trick by trick (and contract and result).")
@click.option("--commentary", is_flag=True, help="Show the { } commentary the file carries.")
@rules_option
@click.option("--trust-tags", is_flag=True,
              help="Take DoubleDummyTricks tags other programs wrote as recorded (default: solve those deals).")
@solver_options
@lang_option
@ascii_option
def handrecord(files: tuple[str, ...], output: str, force: bool, to: str | None, per_page: str, paper: str,
               title: str | None, auction: bool, play: bool, commentary: bool, rules: Profile | None,
               trust_tags: bool, jobs: int | None, scheduler: str | None, cluster: str | None,
               cache_dir: str | None, no_cache: bool, lang: str, ascii_: bool) -> None:
    """Hand records to print or post: every board's diagram with high-card
    points, the double-dummy table and the par, as HTML or PDF.

    Boards come in file order; the rooms of a team match share one diagram.
    Double-dummy tables come from the DoubleDummyTricks tags `bridgekit dd -o`
    wrote for the very deal, or the deal cache, or are solved (progress bar on
    a terminal; --scheduler and --cluster solve on Dask, as for dd); tags
    other programs wrote are solved again unless --trust-tags.
    Par is under each board's Scoring tag, or --rules.  The title block
    comes from the first board's Event, Site and Date tags (or --title).
    HTML is one self-contained file (no scripts, nothing fetched) that prints
    page for page as the PDF does; the PDF embeds its font.  OUT is written
    whole or not at all; the inputs are never changed.

    \b
    Examples:
      bridgekit handrecord session.pbn -o session.pdf
      bridgekit handrecord session.pbn -o session.html --per-page 6
      bridgekit handrecord match.pbn -o match.pdf --auction --play --paper letter
      bridgekit handrecord session.pbn -o - | gzip > session.html.gz
    """
    fmt = (to or _format_of(output) or "").lower()
    if not fmt:
        raise click.UsageError(_(lang, "cannot tell the format of {path}: name it .html or .pdf, or use --to",
                                 path=output))
    if output == "-" and fmt == "pdf" and sys.stdout.isatty():
        raise click.UsageError(_(lang, "a PDF on a terminal is unreadable: give -o OUT.pdf (or redirect)"))
    # refusals (an input as OUT, an existing OUT without --force, no folder...) before reading
    out = open_output(output, inputs=files, replace=force, boards=False)
    options = [name for name, on in (("auction", auction), ("play", play), ("commentary", commentary)) if on]
    opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    ctx = click.get_current_context()
    ctx.exit(_with_solver(opts, lambda solver: _handrecord(files, out, fmt, int(per_page), paper.lower(), title,
                                                           options, rules, trust_tags, ascii_, solver, lang)))


def _format_of(path: str) -> str | None:
    if path == "-":
        return "html"
    return _EXTENSIONS.get(os.path.splitext(path)[1].lower())


def _handrecord(files: tuple[str, ...], out: Output, fmt: str, per_page: int, paper: str, title: str | None,
                options: list[str], rules: Profile | None, trust_tags: bool, ascii_: bool, solver: Any,
                lang: str = "en") -> int:
    """Read, solve, lay out and write, holding OUT (locked when it exists)
    from before the first board is read until the commit."""
    with out:
        return _make(files, out, fmt, per_page, paper, title, options, rules, trust_tags, ascii_, solver, lang)


def _make(files: tuple[str, ...], out: Output, fmt: str, per_page: int, paper: str, title: str | None,
          options: list[str], rules: Profile | None, trust_tags: bool, ascii_: bool, solver: Any,
          lang: str = "en") -> int:
    from ..handrecord import build_hand_record, recorded_policy
    from ..handrecord.layout import plan

    status = RunStatus()
    progress = _Progress(files, enabled=True)
    tables = _solved_boards(files, status, solver, progress, recorded=recorded_policy(trust_tags))

    def problem(board: Board, message: str) -> None:
        progress.finish()
        warn(Message("{where}: {what}", where=_where(board, board.file or "-"), what=message))
        status.problems += 1

    try:
        record = build_hand_record(tables, rules=rules, options=options, ascii=ascii_, title=title,
                                   on_problem=problem, lang=lang)
    finally:
        progress.finish()
    if not record.boards:
        if not status.unreadable:
            warn(Message("no board with a deal in {files}: nothing written", files=", ".join(files)))
            status.problems += 1
        return int(status.exit_code)
    laid_out = plan(record, per_page, paper, ascii_)
    for note in laid_out.notes:
        warn(note)
    if fmt == "pdf":
        from ..handrecord.pdf import render_pdf
        notes: list[Message] = []
        data = render_pdf(record, ascii=ascii_, laid_out=laid_out, notes=notes)
        for pdf_note in notes:
            warn(pdf_note)
    else:
        from ..handrecord.html import render_html
        data = render_html(record, ascii=ascii_, laid_out=laid_out).encode("utf-8")
    if status.failed_total:
        if out.path != "-":
            why = status.why or Message("an input could not be read")
            warn(Message("{path} not written ({why})", path=out.path, why=why))
        return int(status.exit_code)
    try:
        out.stream.flush()
        out.stream.buffer.write(data)   # type: ignore[attr-defined]  # the text stream's binary file
        out.stream.flush()
        out.commit()
    except BrokenPipeError:
        raise
    except OutputChanged as e:
        warn(e)
        return int(ExitStatus.UNREADABLE)
    except OSError as e:
        if out.path == "-":
            raise
        warn(Message("cannot write {path}: {why}", path=out.path, why=e.strerror or str(e)))
        return int(ExitStatus.UNREADABLE)
    if out.path != "-":
        n, pages = len(record.boards), laid_out.page_count
        click.echo(_(lang, "wrote {boards} on {pages} ({paper}, {n} a page) to {path}",
                     boards=_n(lang, "{n} board", "{n} boards", n), pages=_n(lang, "{n} page", "{n} pages", pages),
                     paper=paper.upper() if paper == "a4" else "Letter", n=laid_out.layout.per_page,
                     path=printable(out.path)), err=True)
    return int(status.exit_code)

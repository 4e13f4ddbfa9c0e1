"""``bridgekit play``: one deal at the table as South against the computer."""

from __future__ import annotations

import datetime as _dt
import os
import sys
from typing import Any

import click

from ..board import Board
from ..deal import Deal
from ..errors import BridgekitError, ExitStatus, FileFormatError
from ..formats import read_boards
from ..game import GameAborted, GameOptions, GameRecord, deal_cards, play_game
from ..game.cardplay import DEFAULT_SAMPLES, DEFAULT_THINK
from ..rules import find_profile
from ..scoring import score_board
from ..seats import Vul
from ..printable import printable
from ..i18n import _
from ..notation import Message, render_message, side_pair
from ..render import item_label
from .options import (DEAL, VUL, BoardsSeen, RunStatus, ascii_option, board_matches, current_lang, error_text, file_error_text,
                      from_option, input_format, lang_option, use_colour, wants_ascii, warn)
from .safewrite import open_output, write_boards_out

_CONTEXT = {"help_option_names": ["-h", "--help"]}


def _board_deal(spec: str) -> tuple[Deal, Vul | None]:
    """The deal (and vulnerability) of ``FILE:N`` (the Board tag N, else the N-th board)."""
    path, sep, number = spec.rpartition(":")
    if not sep or not path or not (number.strip().isascii() and number.strip().isdigit() and len(number) < 10):
        raise click.BadParameter(_(current_lang(), "{spec!r} is not FILE:N with N a board number (e.g. "
                                                   "samples/match.pbn:1)", spec=spec[-60:]), param_hint="--board")
    n = int(number)
    nth = None
    seen = BoardsSeen()
    for i, board in enumerate(read_boards(path, fmt=input_format()), start=1):
        seen.add(board)
        if board_matches(board, (number,)):
            nth = board
            break
        if i == n and nth is None:
            nth = board
    if nth is None:
        raise _NotPlayable(Message("no board {asked} in {path}; {boards}", asked=number, path=path,
                                   boards=seen.describe()))
    deal = nth.deal
    if deal is None or not deal.is_complete:
        raise _NotPlayable(file_error_text(FileFormatError(Message("the board has no complete deal to play"), path,
                                                           nth.line, nth.label)))
    return deal, nth.vulnerable


class _NotPlayable(Exception):
    """The board asked for is not in the file, or has no complete deal (exit 1,
    as for ``show --board`` of a board that is not there)."""


def _ask(prompt: str) -> str | None:
    """One line of input; piped input is echoed after its prompt, so that a
    transcript reads as the game did (as the lessons' runner does)."""
    try:
        line = input(prompt)
    except EOFError:
        click.echo("")
        return None
    if not sys.stdin.isatty():
        click.echo(line)
    return line


@click.command(context_settings=_CONTEXT)
@click.option("--vul", "vul", type=VUL, default=None, metavar="none|ns|ew|all",
              help="Vulnerability, chosen before the deal (default none).")
@click.option("--seed", type=int, default=None, help="Reproduce a deal (and the computer's choices too, with --think 0).")
@click.option("--deal", "deal", type=DEAL, default=None, metavar="PBN",
              help='Play this deal, e.g. "N:AK.. ... ... ..." (South still deals).')
@click.option("--board", "board", default=None, metavar="FILE:N", help="Play the deal of board N of a PBN or LIN file.")
@from_option
@click.option("--samples", type=click.IntRange(1, 500), default=None,
              help="Layouts the computer solves per card (default 16): more is stronger and slower.")
@click.option("--think", type=click.FloatRange(0.0), default=None,
              help="Seconds after which the computer stops solving more layouts for a card "
                   "(default 1; 0 solves them all).")
@click.option("--auto", is_flag=True, help="The computer plays South too (a demonstration).")
@click.option("--watch", is_flag=True,
              help="When North declares, the computer plays both hands and you watch "
                   "(by default you play them both from North's seat).")
@click.option("--pace", type=click.FloatRange(0.0, 10.0), default=None, metavar="SECONDS",
              help="Pause after each card the computer plays (default 0.8 in a terminal, 0 otherwise).")
@click.option("--fast", is_flag=True, help="No pause after the computer's cards (--pace 0).")
@click.option("--full", is_flag=True, help="The review also goes trick by trick (else on request).")
@click.option("-v", "--verbose", is_flag=True,
              help="The computer's reasons in full (layouts solved, how they were weighted).")
@click.option("--save", "save", default=None, metavar="FILE.pbn",
              help="Where to write the record (default bridgekit-play-DATE-TIME.pbn here, never an existing "
                   "file).")
@click.option("--force", is_flag=True, help="Replace the --save file if it exists.")
@click.option("--no-save", is_flag=True, help="Do not write the record.")
@lang_option
@ascii_option
def play(vul: Vul | None, seed: int | None, deal: Deal | None, board: str | None, samples: int | None,
         think: float | None, auto: bool, watch: bool, pace: float | None, fast: bool, full: bool,
         verbose: bool, save: str | None, force: bool, no_save: bool, lang: str,
         ascii_: bool) -> None:
    """Play one deal as South, with the computer as your partner North and
    your opponents East and West.  South deals.  Type calls (1h 2nt x xx p)
    and cards (sq h10 cT, or a number from the list); ? explains the
    computer's last calls or cards, hint suggests one, quit leaves.  At the
    end the score is shown, the record saved as PBN with the computer's
    reasons as notes, and a review offered: trick by trick, the computer's
    reasons and the double-dummy cost of each of your cards.

    \b
    Examples:
      bridgekit play --vul ns --seed 7
      bridgekit play --board samples/match.pbn:1 --save mine.pbn
      bridgekit play --auto --seed 3 --samples 4 --no-save
    """
    if deal is not None and board is not None:
        raise click.UsageError(_(lang, "give --deal or --board, not both"))
    source = [board.rpartition(":")[0]] if board is not None else []
    if save is not None and not no_save:
        # refused now (an existing file without --force, a folder missing, the --board file), not after the game
        open_output(save, source, replace=force)
    if deal is not None and not deal.is_complete:
        problems = "; ".join(render_message(m, False, lang) for _code, m in deal.problems()) \
            or _(lang, "a hand is unknown")
        raise click.BadParameter(_(lang, "the deal must be complete ({problems})", problems=problems),
                                 param_hint="--deal")
    board_vul = None
    if board is not None:
        try:
            deal, board_vul = _board_deal(board)
        except FileFormatError as e:
            warn(file_error_text(e, lang))
            sys.exit(ExitStatus.UNREADABLE)
        except _NotPlayable as e:
            warn(e.args[0])
            sys.exit(ExitStatus.PROBLEMS)
    if deal is None:
        deal = deal_cards(seed)
    ascii_ = wants_ascii(ascii_)
    options = GameOptions(
        vul=vul if vul is not None else (board_vul or Vul.NONE),
        samples=samples or DEFAULT_SAMPLES,
        think=DEFAULT_THINK if think is None else (think or None),
        auto=auto, seed=seed, ascii=ascii_, colour=use_colour(), watch=watch, verbose=verbose,
        lang=lang,
        pace=0.0 if fast else pace if pace is not None else (0.8 if sys.stdout.isatty() else 0.0))
    try:
        record = play_game(deal, options, _ask, click.echo)
    except GameAborted as e:
        # leaving the table (quit, or the end of input) is a normal end, not
        # an interruption: 130 is kept for Ctrl-C
        warn(_(lang, "{why}; nothing saved.", why=error_text(e, lang)))
        sys.exit(ExitStatus.OK)
    except BridgekitError as e:
        warn(e)
        sys.exit(ExitStatus.USAGE)
    pbn_board = record.to_board()
    _print_score(pbn_board, lang)
    if not no_save:
        _save(pbn_board, save, source, force, lang)
    if record.human is not None and record.play is not None and record.play.cards:
        _offer_review(record, ascii_, full, lang)


def _yes(prompt: str, lang: str) -> bool:
    """A y/n answer (o/n, oui/non in French; y and n are always understood);
    asks again on anything else (a card typed once too often must not end
    the game unreviewed); the end of input is a no."""
    again = _(lang, "Please answer y or n.  ") + prompt
    while True:
        answer = _ask(prompt)
        word = "" if answer is None else answer.strip().lower()
        if word in ("y", "yes", "o", "oui"):
            return True
        if answer is None or word in ("", "n", "no", "non"):
            return False
        prompt = again


def _offer_review(record: GameRecord, ascii_: bool, full: bool, lang: str) -> None:
    """Ask whether to review the deal; show its summary on yes, and the
    trick-by-trick detail with ``--full`` or on a second yes
    (``bridgekit.game.review``)."""
    if not _yes(_(lang, "Review the deal (against par, your costly cards)? y/n "), lang):
        return
    from ..game.review import detail_lines, solve, summary_lines
    click.echo(_(lang, "Solving the deal double dummy..."), err=True)
    colour = use_colour()
    try:
        summary, pm = solve(record)
        click.echo("\n".join(summary_lines(record, summary, ascii_, colour, lang)))
        if pm is not None and (full or _yes(_(lang, "The play trick by trick? y/n "), lang)):
            click.echo("")
            click.echo("\n".join(detail_lines(record, pm, ascii_, colour, lang)))
    except BridgekitError as e:
        warn(_(lang, "no review: {why}", why=error_text(e, lang)))


def _save(pbn_board: Board, save: str | None, source: list[str], force: bool = False, lang: str = "en") -> None:
    """Write the record to ``save`` (replaced only with ``force``), else to a
    new file here.  The game is never lost: when ``save`` cannot be written
    now (created meanwhile, its folder gone), the record goes to a new file
    and the message says where."""
    if save is not None:
        try:
            status = RunStatus()
            with open_output(save, source, replace=force) as out:
                if write_boards_out([pbn_board], out, status) is not None:
                    click.echo(printable(_(lang, "Record saved to {path}\n(bridgekit show {path} replays it).",
                                           path=save)))
                    return
        except click.UsageError as e:
            warn(e.message)
        warn(_(lang, "the record was not written to {path}: saving it under a new name instead", path=save))
    from ..formats import write_boards
    try:
        path = save_new(lambda stream: write_boards([pbn_board], stream))
    except OSError as e:
        warn(_(lang, "the record could not be saved: {why}", why=e.strerror or e))
        sys.exit(ExitStatus.UNREADABLE)
    if path is None:
        warn(_(lang, "the record could not be saved"))
        sys.exit(ExitStatus.UNREADABLE)
    click.echo(printable(_(lang, "Record saved to {path}\n(bridgekit show {path} replays it).", path=path)))


def save_new(write: Any, folder: str = ".", stem: str = "bridgekit-play") -> str | None:
    """Write a new file ``STEM-DATE-TIME.pbn`` in ``folder`` with
    ``write(stream)``, never replacing a file: two games ending in the same
    second get ``-2``, ``-3``... (the commit links the new file in, so a name
    another run takes meanwhile is skipped, not overwritten).  Returns the
    path written, or None."""
    from ..safeio import Output, OutputChanged, OutputRefused
    base = _dt.datetime.now().strftime(f"{stem}-%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = os.path.join(folder, base + (f"-{n}" if n > 1 else "") + ".pbn")
        if os.path.lexists(path):
            continue
        try:
            with Output(path, replace=False) as out:
                write(out.stream)
                out.commit()
                return path
        except (OutputRefused, OutputChanged):
            continue
    return None


def _print_score(board: Board, lang: str) -> None:
    """The score and its breakdown, N/S and E/W equal and opposite."""
    scored = score_board(board, find_profile("contract"))
    score = scored.score
    if score is None:
        return
    if not score.items:
        click.echo(_(lang, "Score: 0 for both sides."))
        return
    for item in score.items:
        click.echo(_(lang, "  {side} {item}: {points}", side="-".join(side_pair(item.side, lang)), item=item_label(item, lang),
                     points=item.points))
    ns = score.ns
    click.echo(_(lang, "Score: N-S {ns}, E-W {ew}", ns=f"{ns:+d}", ew=f"{-ns:+d}") if ns else
               _(lang, "Score: 0 for both sides."))

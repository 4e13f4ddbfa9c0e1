"""``bridgekit check``: legality of deals, auctions and play, and consistency of
the recorded contract, declarer and result; quick forms for one auction or one
play typed at the shell."""

from __future__ import annotations

import io
from typing import Any, Iterable

import click

from ..calls import Call
from ..check import AuctionCheck, CheckTally, PlayCheck, check_auction, check_board, check_play
from ..cards import Card
from ..contract import Contract
from ..deal import Deal
from ..errors import ExitStatus, ParseError
from ..i18n import _, _n
from ..notation import Message, call_text, card_name, contract_text, render_message, seat_letter, seat_name, verdict_text
from ..seats import Seat
from ..printable import printable
from .options import from_option
from .options import (CONTRACT, DEAL, SEAT, RunStatus, ascii_option, board_option, iter_boards, lang_option,
                      plain_text, wants_ascii)
from .output import RowWriter, output_one, output_options

_FIELDS = ("file", "line", "board", "severity", "code", "call_index", "card_index", "message")


def _text(s: str, ascii_: bool) -> str:
    return plain_text(s) if ascii_ else s


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@from_option
@click.option("--auction", "auction_text", metavar="CALLS",
              help='Check one auction instead of files: calls separated by spaces, e.g. "1S P 2S X XX P P P".')
@click.option("--dealer", type=SEAT, default=None, help="Dealer for --auction (N, E, S or W).")
@click.option("--play", "play_text", metavar="CARDS",
              help='Check one play instead of files: cards in the order played, e.g. "HK HA H2 H3 ...".')
@click.option("--deal", "deal", type=DEAL, default=None, help='The deal for --play, e.g. "N:AKQ.. ... ... ...".')
@click.option("--contract", "contract", type=CONTRACT, default=None, help="The contract for --play, e.g. 4S.")
@click.option("--declarer", type=SEAT, default=None, help="The declarer for --play.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary line.")
@click.option("--strict", is_flag=True,
              help="Hold files to the export format: its rules (line length, one tag a line, the "
                   "mandatory tags in order) are errors, not warnings.")
@board_option
@output_options()
@ascii_option
@lang_option
def check(files: tuple[str, ...], auction_text: str | None, dealer: Seat | None, play_text: str | None,
          deal: Deal | None, contract: Contract | None, declarer: Seat | None, quiet: bool,
          strict: bool, boards: tuple[str, ...], fmt: str, ascii_: bool, lang: str) -> None:
    """Check deals, auctions, play and recorded results in PBN or LIN FILES.

    Each problem is printed on stdout as "file, line N, board B: code:
    message" (or as JSON / CSV records); a summary line (boards checked,
    boards with problems, problems by code) ends the run on stderr.
    Every tag value is checked against its syntax in PBN 2.1, and so are
    notes, tables and irregularity marks.  Irregularities the file marks
    with PBN's ^ are warnings, and so are the export format's layout rules
    unless --strict.  Exit status: 0
    no errors, 1 errors found, 3 a file could not be read.

    The quick forms check one auction (prints contract and declarer) or one
    play (prints the tricks), or the first illegal call or card and why.

    \b
    Examples:
      bridgekit check samples/match.pbn
      bridgekit check --strict export.pbn
      bridgekit check results/*.pbn --json > problems.json
      bridgekit check --auction "1S P 2S X XX P P P" --dealer N
      bridgekit check --play "CA C2 C3 C4" --contract 3NT --declarer S \\
        --deal "N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 \\
                3.4.AKQJT98765.4 2.3.4.AKQJT98765"
    """
    ascii_ = wants_ascii(ascii_)
    if auction_text is not None and play_text is not None:
        raise click.UsageError(_(lang, "give --auction or --play, not both"))
    if auction_text is not None:
        if files:
            raise click.UsageError(_(lang, "--auction checks one auction: give no FILE with it"))
        if dealer is None:
            raise click.UsageError(_(lang, "--auction needs --dealer (N, E, S or W)"))
        click.get_current_context().exit(_quick_auction(auction_text, dealer, fmt, ascii_, lang))
    if play_text is not None:
        if files:
            raise click.UsageError(_(lang, "--play checks one play: give no FILE with it"))
        missing = [name for name, v in (("--deal", deal), ("--contract", contract), ("--declarer", declarer))
                   if v is None]
        if missing:
            raise click.UsageError(_(lang, "--play needs {options}", options=", ".join(missing)))
        assert deal is not None and contract is not None and declarer is not None
        click.get_current_context().exit(_quick_play(play_text, deal, contract, declarer, fmt, ascii_, lang))
    if not files:
        raise click.UsageError(_(lang, "give FILE... to check, or --auction / --play (see --help)"))
    click.get_current_context().exit(_check_files(files, quiet, fmt, ascii_, boards, strict, lang))


def _check_files(files: tuple[str, ...], quiet: bool, fmt: str, ascii_: bool,
                 wanted: tuple[str, ...] = (), strict: bool = False, lang: str = "en") -> int:
    status = RunStatus()
    tally = CheckTally()
    # the problems are printed as the boards are checked (memory stays flat):
    # one line each, or rows as JSON, JSON lines or CSV
    rows = None if quiet else RowWriter(fmt, fields=_FIELDS,
                                        text=lambda p: printable(_text(p.render(ascii_, lang), ascii_)), sep=None)
    tags_seen: dict[str, set[str]] = {}   # a new tag is said once a file
    for board in iter_boards(files, status, boards=wanted):
        problems = check_board(board, strict, tags_seen)
        tally.add(problems)
        if quiet:
            continue
        assert rows is not None
        for p in problems:
            rows.add(p)
    if rows is not None:
        rows.close()
    summary = tally.render(lang)
    if status.unreadable:
        summary += _n(lang, "; {n} file could not be read", "; {n} files could not be read", status.unreadable)
    click.echo(summary, err=True)
    status.problems = tally.with_errors
    return int(status.exit_code)


def _parse_items(text: str, parse: Any, what: str) -> list[Any]:
    items = []
    for token in text.replace(",", " ").replace("|", " ").split():
        try:
            items.append(parse(token))
        except ParseError as e:
            raise click.BadParameter(str(e), param_hint=what) from None
    return items


def _quick_auction(text: str, dealer: Seat, fmt: str, ascii_: bool, lang: str = "en") -> int:
    result = check_auction(_parse_items(text, Call.parse, "--auction"), dealer)
    output_one(result, fmt, lambda r: _text(_auction_text(r, ascii_, lang), ascii_))
    return int(ExitStatus.OK if result.ok else ExitStatus.PROBLEMS)


def _auction_text(result: AuctionCheck, ascii_: bool, lang: str = "en") -> str:
    """``check --auction``'s line: the first illegal call, or the contract
    and who leads, or who calls next and what they may call."""
    a = result.auction
    contract = a.contract()
    declarer = a.declarer()
    if not result.ok:
        p = result.problems[0]
        return _(lang, "illegal: {message} [{code}]", message=render_message(p.message, ascii_, lang), code=p.code)
    if contract is not None and contract.is_passed_out:
        return _(lang, "passed out: four passes, no contract")
    if contract is not None and declarer is not None:
        return _(lang, "contract {contract} by {declarer}; {leader} leads, {dummy} is dummy",
                 contract=contract_text(contract, ascii_, lang), declarer=seat_name(declarer, lang),
                 leader=seat_name(declarer.lho, lang), dummy=seat_name(declarer.partner, lang))
    so_far = a.current_contract()
    state = _(lang, "no bid yet") if so_far.is_passed_out else \
        _(lang, "{contract} so far", contract=contract_text(so_far, ascii_, lang))
    return _(lang, "not finished ({state}); {seat} to call: {calls}", state=state, seat=seat_name(a.turn, lang),
             calls=_legal_calls(a.legal_calls, ascii_, lang))


def _legal_calls(calls: Iterable[Call], ascii_: bool = False, lang: str = "en") -> str:
    """The calls allowed next, in one short line: the calls that are not
    bids, then the bids as a range (``Pass, X or 2NT to 7NT``)."""
    calls = list(calls)
    bids = [c for c in calls if c.is_bid]
    words = [call_text(c, ascii_, lang) for c in calls if not c.is_bid]
    if bids:
        first, last = call_text(bids[0], ascii_, lang), call_text(bids[-1], ascii_, lang)
        words.append(first if len(bids) == 1 else _(lang, "{first} to {last}", first=first, last=last))
    if len(words) == 1:
        return words[0]
    return _(lang, "{calls} or {last}", calls=", ".join(words[:-1]), last=words[-1])


def _quick_play(text: str, deal: Deal, contract: Contract, declarer: Seat, fmt: str, ascii_: bool,
                lang: str = "en") -> int:
    if contract.is_passed_out:
        raise click.BadParameter(_(lang, "a passed-out deal has no play"), param_hint="--contract")
    result = check_play(deal, contract, declarer, _parse_items(text, Card.parse, "--play"))
    output_one(result, fmt, lambda r: _text(_play_text(r, ascii_, lang), ascii_))
    return int(ExitStatus.OK if result.ok else ExitStatus.PROBLEMS)


def _play_text(result: PlayCheck, ascii_: bool, lang: str = "en") -> str:
    """``check --play``'s lines: each trick with its winner, the first
    illegal card, then the tricks of each side (and the verdict when the
    play is complete)."""
    play = result.play
    contract, declarer = result.contract, play.declarer
    assert contract is not None
    out = io.StringIO()
    for n, t in enumerate(play.tricks(), start=1):
        cards_txt = " ".join(f"{seat_letter(t.seat_of(i), lang)}:{card_name(c, ascii_, lang)}"
                             for i, c in enumerate(t.cards))
        won = f" -> {seat_name(t.winner, lang)}" if t.winner is not None else ""
        out.write(_(lang, "trick {n:2}: {cards}", n=n, cards=cards_txt) + won + "\n")
    for p in result.problems:
        message = render_message(p.message, ascii_, lang)
        if p.card_index is not None:
            message = _(lang, "card {n}: {message}", n=p.card_index + 1, message=message)
        out.write(_(lang, "illegal: {message} [{code}]", message=message, code=p.code) + "\n")
    done = len(play.cards) // 4
    won_tricks = play.declarer_tricks()
    summary = Message.plural("{seat}'s side {n} trick, defence {defence}", "{seat}'s side {n} tricks, defence {defence}",
                             won_tricks, seat=declarer, defence=play.defence_tricks()).render(ascii_, lang)
    if play.is_complete():
        verdict = verdict_text(won_tricks - contract.tricks_needed, long=True, lang=lang)
        out.write(_(lang, "{contract} by {declarer}: {summary}; {verdict}", contract=contract_text(contract, ascii_, lang),
                    declarer=seat_name(declarer, lang), summary=summary, verdict=verdict) + "\n")
    elif result.ok:
        out.write(_n(lang, "after {n} trick: {summary}; {seat} to play", "after {n} tricks: {summary}; {seat} to play",
                     done, summary=summary, seat=seat_name(play.turn, lang)) + "\n")
    return out.getvalue().rstrip("\n")

"""Options and parameter types shared by every command, defined once."""

from __future__ import annotations

import os
import sys
from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

import click
from click.core import ParameterSource
from click.shell_completion import CompletionItem

from ..calls import Call
from ..cards import Card
from ..contract import Contract
from ..deal import Deal
from ..errors import BridgekitError, ExitStatus, FileFormatError
from ..formats import FORMATS, read_boards
from ..i18n import _
from ..notation import Message, letters, render_message
from ..printable import printable
from ..rules import Profile, find_profile, profile_names
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
            self.fail(error_text(e), param, ctx)


SEAT = _ModelType("seat", Seat.parse)
VUL = _ModelType("vul", Vul.parse)
CALL = _ModelType("call", Call.parse)
CARD = _ModelType("card", Card.parse)
CONTRACT = _ModelType("contract", Contract.parse)
DEAL = _ModelType("deal", Deal.parse)


def ascii_option(f: F) -> F:
    return click.option("--ascii", "ascii_", is_flag=True,
                        help="Letters S H D C instead of suit symbols.")(f)


def _lang_default() -> str:
    from ..i18n import default_lang
    return default_lang()


#: Where ``--lang`` leaves the language for the shared helpers (``warn``,
#: :func:`iter_boards`, the safe write path), as ``--from`` does.
_LANG_KEY = "bridgekit.lang"


#: Set when a group's ``--lang`` was typed (``bridgekit --lang fr check``):
#: the command's own default then follows it (click shares ``meta`` down the chain).
_LANG_TYPED = "bridgekit.lang-typed"


def lang_option(f: F, *, group: bool = False) -> F:
    """``--lang en|fr``: the language of a command's text (its table headers,
    notes and messages; calls, cards and seats in that language's notation);
    by default from LC_ALL, LC_MESSAGES or LANG (:func:`bridgekit.i18n.default_lang`).
    Machine output (JSON, CSV, PBN) does not change.  The value is passed to
    the command and kept on its context, where :func:`current_lang` finds it.
    On a ``group`` (``bridgekit --lang fr ...``, ``bridgekit lesson --lang fr
    ...``) it is not passed, and its subcommands take it unless they are
    given their own."""
    def keep(ctx: click.Context, param: click.Parameter, value: str) -> str:
        typed = ctx.get_parameter_source(param.name or "lang") is not ParameterSource.DEFAULT
        if not typed and (group or ctx.meta.get(_LANG_TYPED)):
            return str(ctx.meta.get(_LANG_KEY, value))   # the group's --lang, or none typed yet
        ctx.meta[_LANG_KEY] = value
        if typed:
            ctx.meta[_LANG_TYPED] = True
        return value
    return click.option(
        "--lang", type=click.Choice(["en", "fr"]), default=_lang_default, show_default="from LANG/LC_ALL",
        callback=keep, is_eager=True,   # known before the other options are checked (their errors in it)
        expose_value=not group,
        help="Language of the text: en or fr (French when LC_ALL or LANG says so).")(f)


def group_lang_option(f: F) -> F:
    """``--lang`` on a group of commands (see :func:`lang_option`)."""
    return lang_option(f, group=True)


def current_lang() -> str:
    """The language of the running command's messages: its ``--lang``, else
    the environment's (LC_ALL, LC_MESSAGES, LANG), for commands without the
    option too."""
    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if _LANG_KEY in ctx.meta:
            return str(ctx.meta[_LANG_KEY])
        ctx = ctx.parent
    return _argv_lang() or _lang_default()


def _argv_lang() -> str | None:
    """``--lang`` as typed on the command line, for the messages made before
    click reads it (an unknown option is reported while the line is parsed)."""
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        value = arg[len("--lang="):] if arg.startswith("--lang=") else \
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if value in ("en", "fr"):
            return value
    return None


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
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def plural(n: float, word: str) -> str:
    """``1 board``, ``2 boards``, ``1 IMP``, ``0 IMPs`` (English plurals in messages)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def status_line(text: str = "") -> None:
    """A passing line on stderr, written over the one before (a terminal's
    progress or waiting line); the empty text clears it."""
    sys.stderr.write("\r\x1b[K" + text)
    sys.stderr.flush()


def warn(text: str | BaseException) -> None:
    """``bridgekit: TEXT`` on stderr, made printable (it quotes the file); a
    :class:`~bridgekit.notation.Message` (or an error carrying one) in the
    command's language."""
    if isinstance(text, BaseException):
        text = error_text(text)
    click.echo(f"bridgekit: {printable(render_message(text, False, current_lang()))}", err=True)


def error_text(e: BaseException, lang: str | None = None) -> str:
    """An error's message in the command's language: rendered from its data
    when it carries a Message (every BridgekitError may), with the file, line
    and board of a FileFormatError first."""
    if isinstance(e, FileFormatError):
        return file_error_text(e, lang)
    message = e.args[0] if e.args else str(e)
    return render_message(message if isinstance(message, str) else str(e), False,
                          current_lang() if lang is None else lang)


def shorten(text: str, limit: int = 40) -> str:
    """A value quoted in a message, cut when it is long (a 5,000-digit option)."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class RunStatus:
    """Collects the outcome of a command over many inputs into one exit code."""

    def __init__(self) -> None:
        self.unreadable = 0
        self.problems = 0
        self.missing = 0  # --board asked for boards no input has
        #: the run did not succeed as a whole though every input was read (a
        #: board the solver failed on, a rewrite that would drop text): a
        #: file being written is not committed, exit status 3
        self.failed = 0
        self.why: str | None = None   # the first such failure, for the "left as it was" line

    def fail(self, why: str) -> None:
        """Count a failure of the run (see ``failed``)."""
        self.failed += 1
        if self.why is None:
            self.why = why

    @property
    def failed_total(self) -> int:
        """Unreadable inputs and failures: what keeps a write from being committed."""
        return self.unreadable + self.failed

    @property
    def exit_code(self) -> int:
        if self.unreadable or self.failed:
            return ExitStatus.UNREADABLE
        if self.problems or self.missing:
            return ExitStatus.PROBLEMS
        return ExitStatus.OK


#: What a directory given as an input stands for (every such file under it).
BOARD_FILE_EXTENSIONS = (".pbn", ".lin")


def expand_inputs(paths: tuple[str, ...] | list[str], quiet: bool = False,
                  status: RunStatus | None = None) -> list[str]:
    """The inputs with each directory replaced by every ``*.pbn`` and ``*.lin``
    file under it (any case, sub-directories included), sorted.  A directory
    holding none is said on stderr (unless ``quiet``) and counted as an
    unreadable input in ``status``."""
    out: list[str] = []
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            out.append(path)
            continue
        found = sorted(os.path.join(root, name) for root, _dirs, names in os.walk(path)
                       for name in names if name.lower().endswith(BOARD_FILE_EXTENSIONS))
        if found:
            out.extend(found)
        else:
            if not quiet:
                warn(Message("{path}: no .pbn or .lin file in this directory", path=path))
            if status is not None:
                status.unreadable += 1
    return out


def board_matches(board: Board, wanted: tuple[str, ...]) -> bool:
    """``--board`` matches the Board tag as written or as a number (``01`` is 1)."""
    if not wanted:
        return True
    label = board.label
    number = board.number
    for w in wanted:
        if label is not None and label.strip().lower() == w.strip().lower():
            return True
        digits = w.strip()  # ASCII digits only ('²' is not 2), compared as text (no 5,000-digit int)
        if number is not None and digits.isascii() and digits.isdigit() and (digits.lstrip("0") or "0") == str(number):
            return True
    return False


#: Where ``--from`` leaves the input format for :func:`iter_boards` (click's
#: per-command ``meta``: gone when the command ends).
_FROM_KEY = "bridgekit.input_format"


def from_option(f: F) -> F:
    """``--from FORMAT``, the one name of the input-format option on every
    command that reads boards (the reader's messages name it).  The value is
    kept on the command's context, where :func:`iter_boards` finds it."""
    def keep(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if value is not None:
            ctx.meta[_FROM_KEY] = value.lower()
    return click.option("--from", "from_", type=click.Choice(FORMATS, case_sensitive=False), default=None,
                        expose_value=False, callback=keep, metavar="|".join(FORMATS),
                        help="Input format when a file's name does not tell "
                             "(default: guessed from the content).")(f)


def input_format() -> str | None:
    """The ``--from`` of the running command (None: guess from each file)."""
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(_FROM_KEY)


def iter_boards(paths: tuple[str, ...] | list[str], status: RunStatus, *,
                fmt: str | None = None, boards: tuple[str, ...] = (), first: int | None = None) -> Iterator[Board]:
    """Yield every board of every input (``-`` is stdin; a directory is every
    ``.pbn`` and ``.lin`` file under it), or only those ``boards`` names
    (``--board``).  ``fmt`` is the input format (default: the command's
    ``--from``, else guessed from each file).  A file that cannot be read at
    all gets one line on stderr (file, line, board) and counts in
    ``status.unreadable``; reading goes on with the next file.  A file of zero
    boards is said on stderr (it is valid); a directory holding no board file
    is an unreadable input; boards asked for and found nowhere are said at the
    end, with the boards the files have, and counted in ``status.missing``.
    ``first`` numbers the boards of a format without board numbers
    (``--first``)."""
    inputs = expand_inputs(paths, status=status)
    fmt = fmt or input_format()
    selected = read = 0
    seen = BoardsSeen()
    for path in inputs:
        count = 0
        try:
            for board in read_boards(path, fmt=fmt, first=first):
                count += 1
                if boards:
                    seen.add(board)
                if boards and not board_matches(board, boards):
                    continue
                selected += 1
                yield board
        except FileFormatError as e:
            warn(file_error_text(e))
            status.unreadable += 1
            continue
        read += 1
        if not count:
            warn(Message("{path}: no boards (the file holds no game)", path="<stdin>" if path == "-" else path))
    if boards and not selected and read:
        names = ", ".join("<stdin>" if p == "-" else p for p in inputs[:3]) + (" ..." if len(inputs) > 3 else "")
        asked = ", ".join(shorten(b) for b in boards)
        warn(Message("no board {asked} in {names}; {boards}", asked=asked, names=names, boards=seen.describe()))
        status.missing += 1


class BoardsSeen:
    """The boards a run read, for the message of a ``--board`` that matched
    none: numbers as ranges (``1-32``), a few labels that are not numbers;
    memory bounded however many boards go by."""

    LABELS = 5

    def __init__(self) -> None:
        self.numbers: set[int] = set()
        self.labels: list[str] = []
        self.more_labels = 0

    def add(self, board: Board) -> None:
        if board.number is not None and board.number < 10**6:
            if len(self.numbers) < 10000:
                self.numbers.add(board.number)
        elif board.label is not None and board.label not in self.labels:
            if len(self.labels) < self.LABELS:
                self.labels.append(board.label)
            else:
                self.more_labels += 1

    def describe(self) -> Message:
        ranges: list[tuple[int, int]] = []
        for n in sorted(self.numbers):
            if ranges and ranges[-1][1] == n - 1:
                ranges[-1] = (ranges[-1][0], n)
            else:
                ranges.append((n, n))
        parts = [str(a) if a == b else f"{a}-{b}" for a, b in ranges]
        if len(parts) > 8:
            parts = parts[:8] + ["..."]
        parts += [repr(shorten(label, 20)) for label in self.labels]
        if self.more_labels:
            parts.append(Message("{n} more", n=self.more_labels))
        if not parts:
            return Message("no board has a Board tag")
        total = len(self.numbers) + len(self.labels) + self.more_labels
        return Message.plural("the board is {boards:,}", "the boards are {boards:,}", total, boards=tuple(parts))


def wide_option(f: F) -> F:
    """``--wide``: every column, past 80 characters (tables fit 80 by default)."""
    return click.option("--wide", "wide", is_flag=True, help="All columns, even past 80 characters.")(f)


def _board_values(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """``--board`` values: a board number (1 or more) or a file's own label
    (``1-1``, ``3 summary``); an empty value or a number below 1 is a usage
    error, a long one is cut in messages."""
    for v in values:
        w = v.strip()
        if not w:
            raise click.BadParameter(_(current_lang(), "an empty board name (give a board number, 1 or more)"),
                                     ctx, param)
        if w.lstrip("+-").isascii() and w.lstrip("+-").isdigit() and (w.startswith("-") or not w.strip("0+")):
            raise click.BadParameter(_(current_lang(), "{board!r}: board numbers start at 1", board=shorten(w)),
                                     ctx, param)
    return values


def board_option(f: F) -> F:
    """``--board/-b N``, repeatable: the boards to read (as ``show`` matches them)."""
    return click.option("--board", "-b", "boards", multiple=True, metavar="N", callback=_board_values,
                        help="Only board N (the Board tag; 01 is 1; repeat for several).")(f)


class ReadingReport:
    """Prints reading problems on stderr as boards go by: every error on its own
    line (file, line, board), warnings counted in one summary line."""

    def __init__(self, status: RunStatus, ascii_: bool) -> None:
        self.status = status
        self.ascii = ascii_
        self.errors = 0
        self.warnings: Counter[str] = Counter()

    def watch(self, boards: Iterable[Board]) -> Iterator[Board]:
        for board in boards:
            for p in board.problems:
                if p.severity == "error":
                    self.errors += 1
                    text = p.render(self.ascii, current_lang())
                    warn(plain_text(text) if self.ascii else text)
                else:
                    self.warnings[p.code] += 1
            yield board

    def finish(self) -> None:
        if self.warnings:
            n = sum(self.warnings.values())
            kinds = ", ".join(f"{code} {count}" for code, count in self.warnings.most_common())
            warn(Message.plural("{n} warning not shown ({kinds}); 'bridgekit check' lists them",
                                "{n} warnings not shown ({kinds}); 'bridgekit check' lists them", n, kinds=kinds))
        if self.errors:
            self.status.problems += self.errors


def file_error_text(e: FileFormatError, lang: str | None = None) -> str:
    """An unreadable file's line, ``file, line N, board B: message``, in the
    command's language (the message from its data when it keeps it)."""
    from ..board import where_text
    lang = current_lang() if lang is None else lang
    where = where_text(e.file, e.line, e.board, lang)
    message = render_message(e.bare_message, False, lang)
    return _(lang, "{where}: {what}", where=where, what=message) if where else message


def plain_text(text: str) -> str:
    """Text for an ASCII output: suit symbols the file's own text holds as
    letters (bridgekit's values are rendered with ``ascii`` already), and
    anything the terminal cannot encode (an accented name on an ASCII
    terminal) replaced rather than crashing."""
    text = letters(text)
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        text = text.encode(encoding, "replace").decode(encoding)
    except LookupError:
        pass
    return text


class ProfileType(click.ParamType):
    """``--rules NAME``: resolved once into the rules profile (``find_profile``),
    an unknown name is a usage error listing the known ones."""

    name = "profile"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Profile:
        if isinstance(value, Profile):
            return value
        try:
            return find_profile(str(value))
        except BridgekitError as e:
            self.fail(error_text(e), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        return [CompletionItem(n) for n in profile_names() if n.startswith(incomplete)]


RULES = ProfileType()

rules_option = click.option(
    "--rules", "rules", type=RULES, default=None, metavar="PROFILE",
    help="Rules profile: contract (default), auction-1920 or auction-classic. "
         "Without it, each board's Scoring tag decides.")


def solver_options(f: F) -> F:
    """``--jobs``, ``--scheduler``, ``--cluster``, ``--cache`` and ``--no-cache``
    for every command that solves DD tables (open the solver with
    ``open_cli_solver``)."""
    for opt in reversed([
        click.option("--jobs", type=click.IntRange(min=1), default=None,
                     help="Solver threads on this machine (default: all cores)."),
        click.option("--scheduler", metavar="ADDRESS", default=None,
                     help="Solve on the Dask cluster of this scheduler (tcp://host:8786)."),
        click.option("--cluster", metavar="local[:N]", default=None,
                     help="Solve on a Dask LocalCluster of N worker processes started for the run."),
        click.option("--cache", "cache_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
                     help="Deal cache folder (default: the user's cache folder, see docs/scaling.md)."),
        click.option("--no-cache", is_flag=True, help="Neither read nor fill the deal cache."),
    ]):
        f = opt(f)
    return f


class SolverOptions:
    """What ``solver_options`` parsed, checked at once (usage errors before
    anything is read)."""

    def __init__(self, jobs: int | None, scheduler: str | None, cluster: str | None,
                 cache_dir: str | None, no_cache: bool) -> None:
        if scheduler is not None and cluster is not None:
            raise click.UsageError(_(current_lang(), "give --scheduler or --cluster, not both"))
        if cache_dir is not None and no_cache:
            raise click.UsageError(_(current_lang(), "give --cache DIR or --no-cache, not both"))
        if scheduler is not None:
            from ..analysis.cluster import parse_scheduler
            try:
                parse_scheduler(scheduler)
            except BridgekitError as e:
                raise click.BadParameter(error_text(e), param_hint="--scheduler") from None
        if cluster is not None:
            from ..analysis.cluster import parse_cluster
            try:
                parse_cluster(cluster)
            except BridgekitError as e:
                raise click.BadParameter(error_text(e), param_hint="--cluster") from None
        self.jobs, self.scheduler, self.cluster = jobs, scheduler, cluster
        self.cache_dir, self.no_cache = cache_dir, no_cache


def open_cli_solver(opts: SolverOptions) -> Any:
    """``bridgekit.analysis.solving.open_solver`` for the command line: no Dask
    installed is a usage error saying how to install it; a scheduler that
    cannot be reached is a BridgekitError (one line, exit 3, before anything
    is read); a deal cache that cannot be opened, read or written (corrupt,
    read-only) is one warning line and the run goes on solving."""
    from ..analysis.cluster import ClusterUnavailable
    from ..analysis.solving import open_solver

    def warning(message: str) -> None:
        warn(Message("warning: {message}", message=message))

    waiting = opts.cluster is not None and sys.stderr.isatty()
    if waiting:   # a LocalCluster takes seconds to start: say so at once
        sys.stderr.write(f"starting a local Dask cluster ({opts.cluster})...")
        sys.stderr.flush()
    try:
        return open_solver(scheduler=opts.scheduler, cluster=opts.cluster, cache_dir=opts.cache_dir,
                           use_cache=not opts.no_cache, threads=opts.jobs, on_warning=warning)
    except ClusterUnavailable as e:
        raise click.UsageError(error_text(e)) from None
    finally:
        if waiting:
            status_line()

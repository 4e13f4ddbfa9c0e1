"""The command line: the only module family that imports click.

Commands are loaded lazily (``bridgekit check`` does not import the solver), one
module per command family; each parses options, calls the library and formats.
"""

from __future__ import annotations

import importlib
import io
import sys

import click

from ..errors import ExitStatus
from ..i18n import N_, _, _n, translation
from .options import group_lang_option

#: command name -> (module under bridgekit.cli, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "show": ("io", "show", "Show boards: hand diagram, auction, play and result."),
    "convert": ("io", "convert", "Convert between PBN, LIN, JSON and dealing-machine files (DUP, DLM...)."),
    "check": ("check", "check", "Check deals, auctions, play and recorded results."),
    "score": ("scoring", "score", "Score boards under a rules profile."),
    "match": ("scoring", "match", "Score a team match in IMPs (or pairs in matchpoints)."),
    "event": ("event", "event", "Score a pairs event: travellers and ranking (MP, Butler, cross-IMPs)."),
    "rubber": ("scoring", "rubber", "Keep an Auction Bridge rubber score pad."),
    "deal": ("scoring", "deal", "Deal boards for a match, reproducibly."),
    "dealer": ("dealer", "dealer", "Run a dealer script (constraints, statistics, double dummy)."),
    "dd": ("analysis", "dd", "Double-dummy tables (DDS)."),
    "par": ("analysis", "par", "Par score and contracts under a rules profile."),
    "analyse": ("analysis", "analyse", "Double-dummy post-mortem of a played board."),
    "handrecord": ("handrecord", "handrecord", "Hand records to print: diagrams, HCP, DD table, par (HTML, PDF)."),
    "lesson": ("lesson", "lesson", "Lessons: step through the rules with worked examples."),
    "play": ("play", "play", "Play one deal as South against the computer."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        spec = COMMANDS.get(name)
        if spec is None:
            return None
        module = importlib.import_module(f"{__name__}.{spec[0]}")
        cmd: click.Command = getattr(module, spec[1])
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from .helptext import help_of
        from .options import current_lang
        lang = current_lang()
        with formatter.section(_(lang, "Commands")):
            formatter.write_dl([(name, help_of(lang, spec[2])) for name, spec in COMMANDS.items()])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bridgekit")
@group_lang_option
def cli() -> None:
    """bridgekit: read, check, score, analyse and teach bridge deal files.

    \b
    Examples:
      bridgekit show samples/match.pbn --board 1
      bridgekit check samples/match.pbn
      bridgekit score samples/match.pbn --json
      bridgekit event samples/pairs.pbn --ranking

    The examples read samples/ in the repository (bridgekit/samples/ once installed).
    """


def main() -> None:
    """Console entry point: maps Ctrl-C, SIGTERM, broken pipes and output
    errors to clean exits.

    ``bridgekit ... | head`` ends like any Unix filter: the default SIGPIPE
    action stops the process silently (click would otherwise turn the broken
    pipe into exit status 1, which means "problems found" here).  A full disk
    or a closed standard output gives one line and exit status 3.  Interrupted
    (Ctrl-C, SIGTERM, SIGHUP), a standard output redirected to a file is cut
    back to where the run started: no half JSON or PBN document is left.
    """
    import signal

    from ..safeio import StdoutRollback, Terminated, stdout_closed, terminate_cleanly

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    _speak_click()
    if stdout_closed():
        _closed_stdout()
    rollback = StdoutRollback()
    try:
        with terminate_cleanly():
            rc = cli.main(standalone_mode=False)
            sys.stdout.flush()  # a full disk shows here, while it can still be reported
        # non-standalone click returns (not raises) the code of ctx.exit(code)
        sys.exit(rc if isinstance(rc, int) else ExitStatus.OK)
    except click.exceptions.Exit as e:
        _flush_or_exit()
        sys.exit(e.exit_code)
    except (click.exceptions.Abort, KeyboardInterrupt):
        rollback.rollback()
        click.echo("\n" + _(_lang(), "Interrupted."), err=True)
        sys.exit(ExitStatus.INTERRUPTED)
    except Terminated:
        rollback.rollback()
        raise
    except click.ClickException as e:
        setattr(e, "message", _shorten(e.message))  # click marks it Final
        _show(e)
        sys.exit(ExitStatus.USAGE if isinstance(e, click.UsageError) else e.exit_code)
    except BrokenPipeError:
        # `bridgekit ... | head`: stop quietly
        _silence_stdout()
        sys.exit(ExitStatus.OK)
    except OSError as e:
        _output_error(e)


#: click's own words in a usage error, in the catalogue: "Usage:", the hint,
#: "Error:" and its messages about the values it parses itself (a number, a
#: choice, a path, a missing or unknown option).  click reads them through
#: ``gettext`` by module: :func:`_speak_click` gives those modules the
#: command's language.
CLICK_WORDS = (N_("Usage:"), N_("Try '{command} {option}' for help."), N_("Error: {message}"),
               N_("Invalid value for {param_hint}: {message}"), N_("Invalid value: {message}"),
               N_("Missing argument"), N_("Missing option"), N_("Missing parameter"), N_("Missing {param_type}"),
               N_("Missing parameter: {param_name}"), N_("No such option {name!r}."),
               N_("No such command {name!r}."), N_("Could not open file {filename!r}: {message}"),
               N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
               N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a file."),
               N_("{name} {filename!r} is a directory."), N_("Option {name!r} does not take a value."),
               N_("Missing command."), N_("Options"), N_("Commands"), N_("default: {default}"),
               N_("required"), N_("env var: {var}"))
#: click's plural messages (``ngettext``), by their singular.
CLICK_PLURALS = {"{value!r} is not {choice}.": "{value!r} is not one of {choices}.",
                 "Got unexpected extra argument ({args})": "Got unexpected extra arguments ({args})",
                 "Did you mean {possibility}?": "(Did you mean one of: {possibilities}?)"}


def _click_plurals() -> None:
    """The extractor sees click's plural messages (marked here, used by click)."""
    _n("en", "{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    _n("en", "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
    _n("en", "Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)


def _speak_click() -> None:
    """Give click's modules the running command's language for its own
    messages: their ``gettext`` and ``ngettext`` look the message up in
    bridgekit's catalogue when the command's language is not English (only
    the messages of CLICK_WORDS and CLICK_PLURALS: the rest stays as click
    writes it).  The language is read when the message is made, so errors
    raised while the options are parsed are in it too."""
    import click.core
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    from .options import current_lang
    known = set(CLICK_WORDS)

    def gettext(message: str) -> str:
        lang = current_lang()
        return _(lang, message) if lang != "en" and message in known else message

    def ngettext(singular: str, plural: str, n: int) -> str:
        lang = current_lang()
        if lang != "en" and CLICK_PLURALS.get(singular) == plural:
            return translation(lang).ngettext(singular, plural, n)   # click fills the fields
        return singular if n == 1 else plural

    for module in (click.core, click.exceptions, click.formatting, click.parser, click.types, click.decorators):
        if hasattr(module, "_"):
            setattr(module, "_", gettext)
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", ngettext)
    from .helptext import install
    install()   # --help pages too


def _lang(ctx: click.Context | None = None) -> str:
    """The language of a message printed after the command ended: its
    --lang when it had one, else the environment's."""
    from .options import _LANG_KEY, current_lang
    if ctx is not None and _LANG_KEY in ctx.meta:
        return str(ctx.meta[_LANG_KEY])
    return current_lang()


def _show(e: click.ClickException) -> None:
    """``e.show()`` with click's words around the message in the command's
    language (the context is gone by now: the language is the command's
    --lang, kept on the error's context, else the environment's)."""
    import click.exceptions as exceptions
    import click.formatting as formatting

    lang = _lang(getattr(e, "ctx", None))
    words = {w: _(lang, w) for w in CLICK_WORDS}

    def translated(message: str) -> str:
        return words.get(message, message) if lang != "en" else message

    saved = exceptions._, formatting._
    exceptions._ = formatting._ = translated
    try:
        e.show()
    finally:
        exceptions._, formatting._ = saved


def _shorten(message: str) -> str:
    """A 5,000-digit option value is not echoed whole in the error line."""
    import re

    from .options import shorten
    return re.sub(r"\S{200,}", lambda m: shorten(m[0]), message)


def _flush_or_exit() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    except OSError as e:
        _output_error(e)


def _output_error(e: OSError) -> None:
    """One line and exit 3 for an error no command caught: in practice
    standard output that cannot be written (a full disk, closed)."""
    _silence_stdout()
    lang = _lang()
    what = e.filename if e.filename is not None else _(lang, "standard output")
    click.echo("bridgekit: " + _(lang, "cannot write {path}: {error}", path=what, error=e.strerror or e), err=True)
    sys.exit(ExitStatus.UNREADABLE)


def _silence_stdout() -> None:
    """Send what is still buffered for standard output nowhere (so that the
    interpreter's last flush does not fail again)."""
    import os
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    _Closed.reported = True


class _Closed(io.RawIOBase):
    """Standard output when the process started without one."""

    reported = False  # said once; then writes go nowhere

    def writable(self) -> bool:
        return True

    def write(self, b: object) -> int:
        if _Closed.reported:
            return len(b)  # type: ignore[arg-type]
        import errno
        raise OSError(errno.EBADF, "standard output is closed")


def _closed_stdout() -> None:
    """Started with ``>&-``: file descriptor 1 is taken by /dev/null (so no
    file opened later lands on it), and writing to standard output fails."""
    import os
    devnull = os.open(os.devnull, os.O_WRONLY)
    if devnull != 1:
        os.dup2(devnull, 1)
        os.close(devnull)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_Closed()), encoding="utf-8")

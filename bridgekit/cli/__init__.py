"""The command line: the only module family that imports click.

Commands are loaded lazily (``bridgekit check`` does not import the solver), one
module per command family; each parses options, calls the library and formats.
"""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import ExitStatus

#: command name -> (module under bridgekit.cli, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "show": ("io", "show", "Show boards: hand diagram, auction, play and result."),
    "convert": ("io", "convert", "Convert between PBN, LIN and JSON."),
    "check": ("check", "check", "Check deals, auctions, play and recorded results."),
    "score": ("scoring", "score", "Score boards under a rules profile."),
    "match": ("scoring", "match", "Score a team match in IMPs (or pairs in matchpoints)."),
    "event": ("event", "event", "Score a pairs event: travellers and ranking (MP, Butler, cross-IMPs)."),
    "rubber": ("scoring", "rubber", "Keep an Auction Bridge rubber score pad."),
    "deal": ("scoring", "deal", "Deal boards for a match, reproducibly."),
    "dd": ("analysis", "dd", "Double-dummy tables (DDS)."),
    "par": ("analysis", "par", "Par score and contracts under a rules profile."),
    "analyse": ("analysis", "analyse", "Double-dummy post-mortem of a played board."),
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
        with formatter.section("Commands"):
            formatter.write_dl([(name, spec[2]) for name, spec in COMMANDS.items()])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bridgekit")
def cli() -> None:
    """bridgekit: read, check, score, analyse and teach bridge deal files.

    \b
    Examples:
      bridgekit show samples/match.pbn --board 1
      bridgekit check game.pbn
      bridgekit score game.pbn --json
    """


def main() -> None:
    """Console entry point: maps Ctrl-C and broken pipes to clean exits.

    ``bridgekit ... | head`` ends like any Unix filter: the default SIGPIPE
    action stops the process silently (click would otherwise turn the broken
    pipe into exit status 1, which means "problems found" here).
    """
    import signal
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        rc = cli.main(standalone_mode=False)
        # non-standalone click returns (not raises) the code of ctx.exit(code)
        sys.exit(rc if isinstance(rc, int) else ExitStatus.OK)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.exceptions.Abort:
        click.echo("Interrupted.", err=True)
        sys.exit(ExitStatus.INTERRUPTED)
    except click.ClickException as e:
        e.show()
        sys.exit(ExitStatus.USAGE if isinstance(e, click.UsageError) else e.exit_code)
    except KeyboardInterrupt:
        click.echo("\nInterrupted.", err=True)
        sys.exit(ExitStatus.INTERRUPTED)
    except BrokenPipeError:
        # `bridgekit ... | head`: stop quietly
        import os
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(ExitStatus.OK)

"""``bridgekit dealer``: run a script of Hans van Staveren's dealer, unchanged."""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Any

import click

from ..errors import BridgekitError, ExitStatus
from ..i18n import _
from .options import SolverOptions, current_lang, error_text, lang_option, open_cli_solver, solver_options

_CTX = {"help_option_names": ["-h", "--help"]}
FORMATS = ("dealer", "pbn", "json")


@click.command(context_settings=_CTX)
@click.argument("script", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-p", "--produce", type=click.IntRange(min=1), default=None,
              help="Deals to produce (overrides the script's produce).")
@click.option("-g", "--generate", type=click.IntRange(min=1), default=None,
              help="Deals to generate at most (overrides the script's generate).")
@click.option("-s", "--seed", type=int, default=None, help="Seed: the same seed gives the same deals.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Write the produced deals to this file (see --format).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="What -o writes: dealer's output, PBN boards or JSON (default: from the file's extension).")
@click.option("--force", is_flag=True, help="Replace the -o file if it exists.")
@click.option("-q", "quiet", is_flag=True, help="dealer's -q: printpbn prints nothing.")
@click.option("-v", "toggle_verbose", is_flag=True, help="dealer's -v: no statistics lines at the end.")
@click.option("--no-stats", is_flag=True, help="No statistics lines at the end (same as -v).")
@click.option("-m", "meter", is_flag=True, help="dealer's -m: a progress meter on standard error.")
@click.option("-t", "--time-limit", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="dealer's -t: give up after so many seconds if no deal was produced.")
@click.option("-0", "swap0", is_flag=True, hidden=True)
@click.option("-2", "swap2", is_flag=True, help="dealer's -2: each deal again with East and West exchanged.")
@click.option("-3", "swap3", is_flag=True, help="dealer's -3: each deal in all six places of East, South, West.")
@click.option("-u", "upper", is_flag=True, hidden=True)
@click.option("--dd", "dd", is_flag=True,
              help="Double-dummy tricks of the produced deals: frequencies, mean and 95% interval.")
@click.option("--contract", default=None, metavar="CONTRACT",
              help="With --dd: how often this contract (4S, 3NT) makes.")
@click.option("--declarer", default=None, metavar="SEAT", help="With --contract: who declares (N, E, S, W).")
@click.option("--json", "as_json", is_flag=True, help="With --dd: the simulation as JSON.")
@solver_options
@lang_option
def dealer(script: str, produce: int | None, generate: int | None, seed: int | None, output: str | None,
           fmt: str | None, force: bool, quiet: bool, toggle_verbose: bool, no_stats: bool, meter: bool,
           time_limit: float | None, swap0: bool, swap2: bool, swap3: bool, upper: bool, dd: bool, contract: str | None,
           declarer: str | None, as_json: bool, jobs: int | None, scheduler: str | None, cluster: str | None,
           cache_dir: str | None, no_cache: bool, lang: str) -> None:
    """Run a dealer script (Hans van Staveren's dealer language), unchanged.

    Prints what dealer prints (printall, printpbn, printoneline, average,
    frequency... and the statistics lines), with double-dummy tricks() done
    by bridgekit's solver.  A script error names its line and column (exit 2);
    a condition no deal meets within generate gives exit 1.  See
    docs/dealer.md.

    \b
    Examples:
      bridgekit dealer 1nt.dl --produce 10 --seed 7
      bridgekit dealer 1nt.dl -p 16 -o practice.pbn
      bridgekit dealer 4s.dl -p 200 --dd --contract 4S --declarer N
    """
    from ..dealer import EvaluationError, Options, ScriptError, parse, run
    from ..dealer.dd import DDRequest, parse_request

    ctx = click.get_current_context()
    solver_opts = SolverOptions(jobs, scheduler, cluster, cache_dir, no_cache)
    request: DDRequest | None = None
    if dd or contract is not None or declarer is not None:
        try:
            request = parse_request(contract, declarer)
        except ValueError as e:
            raise click.UsageError(str(e)) from None
    if fmt is None and output is not None:
        fmt = "pbn" if output.lower().endswith(".pbn") else "json" if output.lower().endswith(".json") else "dealer"
    text = _read_script(script)
    try:
        program = parse(text)
    except ScriptError as e:
        click.echo(_(lang, "{script}: {error}", script=_name(script), error=error_text(e, lang)), err=True)
        ctx.exit(int(ExitStatus.USAGE))
        return
    from ..dealer.evaluate import uses_tricks
    need_solver = request is not None or _script_uses_tricks(program, uses_tricks)

    out = None
    if output is not None:
        from .safewrite import open_output
        # the format is dealer's own choice (PBN, JSON or its text): not the boards' registry
        out = open_output(output, inputs=[script] if script != "-" else [], replace=force, boards=False)
    boards: list[Any] = []
    kept_hands: list[tuple[int, ...]] = []

    def on_deal(hands: tuple[int, ...], index: int) -> None:
        if request is not None:
            kept_hands.append(hands)
        if out is not None and fmt in ("pbn", "json"):
            boards.append(_board(hands, index, program, seed_used[0]))

    seed_used = [seed if seed is not None else int(time.time())]
    opts = Options(generate=generate, produce=produce, seed=seed_used[0], quiet=quiet,
                   verbose=not (toggle_verbose or no_stats), swapping=3 if swap3 else 2 if swap2 else 0,
                   time_limit=time_limit,
                   input_name=script if script != "-" else "(null)", on_deal=on_deal,
                   print_deals=not (out is not None and fmt in ("pbn", "json")))
    if meter or sys.stderr.isatty():
        opts.progress = _Meter(meter)

    def body(solver: Any) -> int:
        from ..dealer.dd import SolverTricks, summarise
        if solver is not None:
            opts.tricks = SolverTricks(solver)
        with contextlib.ExitStack() as stack:
            if out is not None:
                stack.enter_context(out)
            # with --json the simulation is the data on stdout; dealer's own report goes to stderr
            write = (out.stream.write if out is not None and fmt == "dealer"
                     else sys.stderr.write if as_json and request is not None else sys.stdout.write)
            try:
                result = run(program, opts, write)
            except (EvaluationError, BridgekitError) as e:
                click.echo(f"{_name(script)}: {e}", err=True)
                return int(ExitStatus.PROBLEMS)
            finally:
                if isinstance(opts.progress, _Meter):
                    opts.progress.clear()
            if result.produced == 0:
                click.echo(_(current_lang(), "{script}: no deal met the condition in {n} generated",
                             script=_name(script), n=result.generated), err=True)
                return int(ExitStatus.PROBLEMS)
            if out is not None:
                if fmt in ("pbn", "json"):
                    from ..formats import write_boards
                    write_boards(boards, out.stream, fmt=fmt)
                out.commit()
        if request is not None:
            summary = summarise(kept_hands, request, opts.tricks)  # type: ignore[arg-type]
            from .output import JSON, TABLE, output_one
            output_one(summary, JSON if as_json else TABLE, lambda s: s.render())
        return int(ExitStatus.OK)

    if need_solver:
        with open_cli_solver(solver_opts) as solver:
            rc = body(solver)
    else:
        rc = body(None)
    ctx.exit(rc)


def _script_uses_tricks(program: Any, uses_tricks: Any) -> bool:
    from ..dealer import ast as A
    exprs = [program.condition]
    for a in program.action_list:
        if isinstance(a, A.EvalContract):
            return True
        for name in ("expr", "expr2"):
            e = getattr(a, name, None)
            if e is not None:
                exprs.append(e)
        if isinstance(a, A.PrintES):
            exprs.extend(x for x in a.items if not isinstance(x, str))
    return any(uses_tricks(e) for e in exprs)


def _name(script: str) -> str:
    return "<stdin>" if script == "-" else script


def _read_script(script: str) -> str:
    try:
        if script == "-":
            return sys.stdin.read()
        with open(script, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError as e:
        click.echo(_(current_lang(), "{script}: cannot read: {error}", script=script, error=e.strerror or e),
                   err=True)
        click.get_current_context().exit(int(ExitStatus.UNREADABLE))
        raise AssertionError("unreachable")


def _board(hands: tuple[int, ...], index: int, program: Any, seed: int) -> Any:
    from ..board import Board
    from ..dealer.output import BOARD_VUL, PBN_DEALERS, VUL_NAMES, pbn_deal
    b = Board()
    b.set("Event", "bridgekit dealer")
    b.set("Site", "?")
    b.set("Date", "?")
    b.set("Board", str(index + 1))
    for seat in ("West", "North", "East", "South"):
        b.set(seat, "?")
    b.set("Dealer", PBN_DEALERS[index % 4 if program.dealer is None else program.dealer])
    b.set("Vulnerable", VUL_NAMES[BOARD_VUL[index % 16]] if program.vulnerable is None else program.vulnerable)
    b.set("Deal", pbn_deal(hands))
    b.set("Declarer", "?")
    b.set("Contract", "?")
    b.set("Result", "?")
    b.set("Generator", f"bridgekit dealer --seed {seed}")
    return b


class _Meter:
    """Progress on standard error: dealer's meter with -m, else a line on a
    terminal once a run takes more than a second."""

    def __init__(self, dealer_style: bool) -> None:
        self.dealer_style = dealer_style
        self.start = time.monotonic()
        self.last = -1.0
        self.shown = False

    def __call__(self, generated: int, produced: int, max_gen: int, max_prod: int) -> None:
        now = time.monotonic()
        if self.dealer_style:
            pct = 100 * produced // max_prod if max_prod else 0
            sys.stderr.write(f"Calculating... {pct:2d}% complete\r")
            self.shown = True
            return
        if now - self.start < 1.0 or now - self.last < 0.25:
            return
        self.last = now
        self.shown = True
        sys.stderr.write(f"\rdealer: {generated:,} generated, {produced:,} of {max_prod:,} produced ")
        sys.stderr.flush()

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


"""``bridgekit lesson``: list, run, show and check the lessons."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..errors import BridgekitError, ExitStatus, message_of
from ..i18n import _, _n, _p
from ..notation import Message, render_message
from .options import (RULES, ascii_option, current_lang, group_lang_option, lang_option, status_line, wants_ascii,
                      wide_option)
from .output import column, output_one, output_options, output_rows, table
from ..reports import LessonChecks

if TYPE_CHECKING:
    from ..rules import Profile
    from ..tutor import Lesson, Progress


#: The command's name before its messages (``bridgekit lesson check: ...``).
PROGRAM = "bridgekit lesson"
PROGRAM_CHECK, PROGRAM_PROBLEM = PROGRAM + " check", PROGRAM + " problem"


def _fail(message: str, status: int = ExitStatus.USAGE) -> NoReturn:
    """``bridgekit lesson: MESSAGE`` (a Message in the command's language) and exit."""
    click.echo(f"{PROGRAM}: " + render_message(message, False, current_lang()), err=True)
    sys.exit(status)


def _load_all() -> list[Lesson]:
    from ..tutor import LessonError, load_lessons
    try:
        lessons = load_lessons()
    except LessonError as e:
        _fail(message_of(e), ExitStatus.UNREADABLE)
    if not lessons:
        from ..tutor import lessons_dir
        _fail(Message("no lessons found in {path}", path=str(lessons_dir())), ExitStatus.UNREADABLE)
    return lessons


def _find(name: str) -> Lesson:
    from ..tutor import LessonError, find_lesson
    try:
        return find_lesson(name)
    except LessonError as e:
        _fail(message_of(e))


def _progress() -> Progress:
    """The saved progress; a damaged file is said in one line (and kept)."""
    from ..tutor import Progress
    progress = Progress()
    if progress.damaged:
        click.echo(f"bridgekit: {progress.damaged}", err=True)
    return progress


show_checks_option = click.option(
    "--show-checks", is_flag=True,
    help="Also show the figures the lesson states and whether bridgekit agrees (the author's check).")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@group_lang_option
def lesson() -> None:
    """Lessons: step through the rules with worked examples computed live.

    \b
    Examples:
      bridgekit lesson list
      bridgekit lesson run 1
      bridgekit lesson run the-play
      bridgekit lesson show auction-1920-scoring | less
      bridgekit lesson check
    """


@lesson.command("list")
@wide_option
@output_options()
@lang_option
def list_(wide: bool, fmt: str, lang: str) -> None:
    """List the lessons with your progress.

    \b
    Example:
      bridgekit lesson list
    """
    lessons = _load_all()
    progress = _progress()
    from ..tutor.progress import progress_key
    rows = [{"number": ls.number, "name": ls.slug, "title": ls.in_lang(lang).title, "steps": len(ls.steps),
             "progress": progress.describe(progress_key(ls.name, lang), len(ls.steps), lang)} for ls in lessons]
    # the name (the same as the number to 'lesson run') only with --wide: a French title needs the room
    output_rows(rows, fmt, [column("#", "number", align="right"), column(_(lang, "name"), "name", wide=True),
                            column(_(lang, "title"), "title"),
                            column(_(lang, "steps"), "steps", align="right", wide=True),
                            column(_(lang, "progress"), "progress")],
                wide=wide, key="lessons", note="\n" + _(lang, "Start one with: bridgekit lesson run NUMBER (or NAME)"))


@lesson.command()
@click.argument("name", required=False)
@click.option("--step", type=click.IntRange(min=1), default=None, help="Start at this step.")
@click.option("--restart", is_flag=True, help="Start from the first step and ask every question again.")
@show_checks_option
@lang_option
@ascii_option
def run(name: str | None, step: int | None, restart: bool, show_checks: bool, lang: str, ascii_: bool) -> None:
    """Run a lesson, one step at a time (NAME is a number or a name).

    Without NAME, goes on where you stopped: the lesson you ran last, or the
    next one when it is finished.  Enter goes on, b goes back, q quits;
    progress is saved.  At a question, type your answer (? for a hint, 'show'
    to see the answer, 'back').  Works with piped input too.

    \b
    Examples:
      bridgekit lesson run
      bridgekit lesson run 3
      bridgekit lesson run the-play --restart
      printf '\\n\\nW\\nq\\n' | bridgekit lesson run 3
    """
    from ..tutor import LessonRunner
    lessons = _load_all()
    progress = _progress()
    if name is None:
        from ..tutor.progress import progress_key
        keys = {progress_key(ls.name, lang): ls for ls in lessons}
        going_on = progress.continue_with(list(keys))
        if going_on is None:
            click.echo(_(lang, "You have finished all the lessons. Run one again with: bridgekit lesson run NUMBER\nor practise with: bridgekit lesson drill"))
            return
        found = keys[going_on]
    else:
        found = _find(name)
    if step is not None and step > len(found.steps):
        raise click.BadParameter(_n(lang, "lesson {number} has {n} step, not {step}",
                                    "lesson {number} has {n} steps, not {step}", len(found.steps),
                                    number=found.number, step=step), param_hint="--step")
    later = [ls for ls in lessons if ls.number > found.number]
    runner = LessonRunner(found.in_lang(lang), sys.stdin, sys.stdout, progress=progress, ascii=wants_ascii(ascii_),
                          start=1 if restart and step is None else step, show_checks=show_checks,
                          next_lesson=later[0] if later else None, restart=restart)
    from ..tutor.drill import run_lesson_drill
    runner.drill = run_lesson_drill
    try:
        runner.run()
    except KeyboardInterrupt:
        runner.progress.save()
        click.echo("\n" + _(lang, "Interrupted; progress saved."), err=True)
        sys.exit(ExitStatus.INTERRUPTED)


@lesson.command()
@click.argument("name")
@show_checks_option
@lang_option
@ascii_option
def show(name: str, show_checks: bool, lang: str, ascii_: bool) -> None:
    """Print a whole lesson, answers included, for reading or pasting.

    \b
    Example:
      bridgekit lesson show 6 | less
    """
    from ..tutor.checker import run_computes
    from ..tutor.display import lesson_text
    found = _find(name).in_lang(lang)
    asc = wants_ascii(ascii_)
    click.echo(lesson_text(found, lambda st: run_computes(st, dds=False, ascii=asc, lang=lang), asc, show_checks),
               nl=False)


@lesson.command()
@click.argument("names", nargs=-1)
@click.option("--dds", is_flag=True, help="Also check figures that need the double-dummy solver.")
@click.option("--all", "show_all", is_flag=True, help="List every checked figure, not only failures.")
@output_options(csv=False, jsonl=False)
@lang_option
def check(names: tuple[str, ...], dds: bool, show_all: bool, fmt: str, lang: str) -> None:
    """Check the lessons: recompute every figure and quiz answer with the
    engines, and check every position is legal.  Exit status 1 names the
    failing lesson and step.

    \b
    Examples:
      bridgekit lesson check
      bridgekit lesson check 4 --all
      bridgekit lesson check --dds --json
    """
    from ..tutor import check_lesson
    lessons = [_find(n) for n in names] if names else _load_all()
    findings = [f for ls in lessons for f in check_lesson(ls, dds=dds)]
    failed = [f for f in findings if f.status == "fail"]
    output_one(LessonChecks(len(lessons), findings), fmt, lambda checks: _checks_text(checks, show_all, lang))
    for f in failed:
        click.echo(f"{PROGRAM_CHECK}: {f.render(lang)}", err=True)
    sys.exit(ExitStatus.PROBLEMS if failed else ExitStatus.OK)


def _checks_text(checks: LessonChecks, show_all: bool, lang: str = "en") -> str:
    """``lesson check``'s text: a table a lesson of its failed figures (all
    of them with --all), under its name, then the count."""
    shown = checks.findings if show_all else checks.failed
    out = []
    for name in dict.fromkeys(f.lesson for f in shown):   # one table a lesson, under its name (80 columns)
        out.append(_(lang, "{name}:", name=name))
        out.append(table([[f.step, f.check, f.stated, f.computed, _(lang, f.status)] for f in shown if f.lesson == name],
                         [_(lang, "step"), _(lang, "check"), _(lang, "stated"), _(lang, "computed"), _(lang, "status")],
                         ["right", "left", "left", "left", "left"]))
        out.append("")
    line = _(lang, "{lessons}, {figures} agree, {failed} failed",
             lessons=_n(lang, "{n} lesson", "{n} lessons", checks.lessons),
             figures=_n(lang, "{n} figure", "{n} figures", checks.checked), failed=len(checks.failed))
    if checks.skipped:
        line += _(lang, ", {n} skipped (need --dds)", n=checks.skipped)
    out.append(line)
    return "\n".join(out)


@lesson.command()
@click.argument("topic", required=False, type=click.Choice(["scoring", "auction", "tricks", "imps", "rubber", "table", "record"]))
@click.option("--count", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many exercises.")
@click.option("--seed", type=int, default=None, help="Seed for the same exercises again.")
@click.option("--rules", type=RULES, default=None, metavar="PROFILE",
              help="Rules for scoring (default contract) and rubber (default auction-1920).")
@lang_option
@ascii_option
def drill(topic: str | None, count: int, seed: int | None, rules: Profile | None, lang: str, ascii_: bool) -> None:
    """Practise: generated exercises, each answer checked by bridgekit's engines.

    TOPIC is scoring, auction, tricks, imps, rubber, table (seats, dealing,
    a board's dealer and vulnerability) or record (a saved game's tags and
    its score); all of them mixed when left out.  A wrong answer gets the
    rule it missed and a second try, then the answer and the breakdown;
    'show' reveals it without scoring;
    at the end, 'k/N correct' and what to review.  Without --seed the
    exercises lean to the kinds you get wrong (results kept in the state
    directory, drills.json).  Answers may be typed or piped.

    \b
    Examples:
      bridgekit lesson drill scoring
      bridgekit lesson drill scoring --rules auction-1920 --count 5
      bridgekit lesson drill imps --seed 7
      printf '420\\n-500\\n' | bridgekit lesson drill scoring --count 2 --seed 1
    """
    from ..tutor.drill import DrillRunner, DrillStats
    if topic == "rubber" and rules is not None and not rules.keeps_rubbers:
        raise click.BadParameter(_(lang, "{profile} keeps no rubber (it scores board by board): a rubber drill "
                                       "needs auction-1920 or auction-classic", profile=rules.name),
                                 param_hint="--rules")
    # without --seed the drill leans to the learner's mistakes and keeps the results; with one, the
    # same exercises come again and nothing is kept
    stats = DrillStats() if seed is None else None
    runner = DrillRunner(topic, sys.stdin, sys.stdout, count=count, seed=seed, rules=rules, lang=lang,
                         ascii=wants_ascii(ascii_), stats=stats)
    try:
        runner.run()
    except KeyboardInterrupt:
        runner.summary()
        sys.exit(ExitStatus.INTERRUPTED)


@lesson.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--count", "-n", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles.")
@click.option("--seed", type=int, default=None, help="Seed for the same puzzles again.")
@lang_option
@ascii_option
def puzzle(files: tuple[str, ...], count: int, seed: int | None, lang: str, ascii_: bool) -> None:
    """Double-dummy puzzles from played deals: find the card that keeps the tricks.

    Each puzzle is the position just before a card that cost its side a trick
    (found as 'bridgekit analyse' does, with DDS).  You sit in that seat, see
    the auction and every card still out, and name a card; bridgekit says
    whether it keeps the trick count, shows the best cards and what the card
    played at the table cost.  FILES are PBN or LIN files with recorded play;
    by default the bundled samples and puzzle deals.

    \b
    Examples:
      bridgekit lesson puzzle
      bridgekit lesson puzzle --count 3 --seed 2
      bridgekit lesson puzzle mygames.pbn
    """
    from pathlib import Path

    from ..tutor.puzzle import PuzzleRunner, default_sources, load_puzzles
    paths = [Path(f) for f in files] or default_sources()
    try:
        found = load_puzzles(paths, count, seed)
    except OSError as e:
        _fail(Message("cannot read {path}: {why}", path=e.filename, why=e.strerror), ExitStatus.UNREADABLE)
    except BridgekitError as e:
        _fail(message_of(e), ExitStatus.UNREADABLE)
    if not found:
        click.echo(_(lang, "No puzzle found: no board with a complete deal, a contract and a costly card in its play."))
        sys.exit(ExitStatus.PROBLEMS)
    runner = PuzzleRunner(found, sys.stdin, sys.stdout, count=count, lang=lang, ascii=wants_ascii(ascii_))
    try:
        runner.run()
    except KeyboardInterrupt:
        click.echo("\n" + _(lang, "Interrupted."), err=True)
        sys.exit(ExitStatus.INTERRUPTED)


class _Finding:
    """The search for problems in a file's deals: a line on stderr while it
    runs (only on a terminal), and what it found when done (always)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.name = ""
        self.tried = self.found = 0
        self.shown = False
        self.live = sys.stderr.isatty()

    def start(self, name: str) -> None:
        self.name, self.tried, self.found = name, 0, 0

    def script(self, tried: int, found: int) -> None:
        self.tried, self.found = tried, found
        self._show()

    def __call__(self, tried: int, found: int) -> None:   # one more deal of a file
        self.tried += tried
        self.found += found
        self._show()

    def _show(self) -> None:
        if self.live:
            line = _n(self.lang, "{file}: looking for problems: {n} deal, {found} found",
                      "{file}: looking for problems: {n} deals, {found} found", self.tried,
                      file=self.name, found=self.found)
            status_line(line[:79])
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            status_line()
            self.shown = False

    def done(self, message: Message) -> None:
        self.clear()
        click.echo(render_message(message, False, self.lang), err=True)


@lesson.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option("--count", "-n", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many problems.")
@click.option("--id", "ident", default=None, help="Play the problem with this id (see --list).")
@click.option("--list", "list_", is_flag=True, help="List the problems with their level and themes.")
@click.option("--seed", type=int, default=None,
              help="The seed of a dealer script's deals: the same seed, the same problems (default: from the "
                   "clock, and shown).")
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help="How many deals of a dealer script to look through (default: its produce, else 100).")
@lang_option
@ascii_option
def problem(files: tuple[str, ...], count: int, ident: str | None, list_: bool, seed: int | None,
            deals: int | None, lang: str, ascii_: bool) -> None:
    """Declarer problems: play the hand, the computer defends as Bridge Master does.

    You are declarer, with dummy, from the opening lead.  The defenders' cards
    are any of a few layouts consistent with the auction and the lead; when
    your card lets one of them beat a contract that another card would have
    made on every layout, the cards lie that way.  At the end you see the
    deal and the winning line, trick by trick, each key card explained.
    Without --id the next problem follows your rating (kept with the lesson
    progress).  FILES are problem files (.toml, like lessons/problems.toml),
    PBN or LIN files, or dealer scripts (.dl).  A board with a deal, a
    contract and an opening lead is a problem as it stands (a ProblemFree tag
    names the defenders' cards that may lie either way); a deal without a
    contract, and each deal a dealer script produces, is bid by bridgekit and
    kept when the solver finds a problem in it (one suit's cards free, a
    decisive card, a line that wins on every layout).

    \b
    Examples:
      bridgekit lesson problem
      bridgekit lesson problem --list
      bridgekit lesson problem --id duck-to-keep-the-entry
      bridgekit lesson problem teacher.pbn --count 3
      bridgekit lesson problem samples/dealer/1nt-major.dl --seed 1 --list
    """
    from pathlib import Path

    from ..tutor.problem import ProblemError, load_problems, problems_from_pbn
    from ..tutor.problem_finder import find_problem, is_script, problems_from_script
    from ..tutor.problem_runner import Ratings, ProblemRunner
    from ..tutor.problem_text import msg, theme_name
    problems = []
    finding = _Finding(lang)

    def without_contract(deal: Any, dealer: Any, name: str) -> Any:
        done = find_problem(name, deal, dealer, "found")
        finding(1, int(done is not None))
        return None if done is None else done[0]

    try:
        if not files:
            problems = load_problems()
        for f in files:
            path = Path(f)
            if path.suffix.lower() == ".toml":
                problems.extend(load_problems(path))
                continue
            if is_script(path):
                used = seed if seed is not None else int(time.time())
                finding.start(path.name)
                problems.extend(problems_from_script(path, used, deals, progress=finding.script))
                finding.done(Message.plural("{file}: {n} problem found in {deals} deals (seed {seed})",
                                            "{file}: {n} problems found in {deals} deals (seed {seed})",
                                            finding.found, file=path.name, deals=finding.tried, seed=used))
                continue
            finding.start(path.name)
            for found in problems_from_pbn(path, without_contract):
                if isinstance(found, ProblemError):
                    finding.clear()
                    click.echo(f"{PROGRAM_PROBLEM}: " + msg("skipped", lang, what=render_message(message_of(found),
                                                                                                  False, lang)),
                               err=True)
                else:
                    problems.append(found)
            if finding.tried:
                finding.done(Message.plural("{file}: {n} problem found in {deals} deals without a contract",
                                            "{file}: {n} problems found in {deals} deals without a contract",
                                            finding.found, file=path.name, deals=finding.tried))
    except OSError as e:
        finding.clear()
        _fail(Message("cannot read {path}: {why}", path=e.filename, why=e.strerror), ExitStatus.UNREADABLE)
    except BridgekitError as e:
        finding.clear()
        _fail(message_of(e), ExitStatus.UNREADABLE)
    if list_:
        if problems:   # a list in memory: bridgekit.render.text_table
            click.echo(table([[p.id, p.level, p.title(lang)[:30], theme_name(p.themes[0], lang) if p.themes else ""]
                              for p in problems], [_(lang, "id"), _p(lang, "difficulty", "level"), _(lang, "title"), _(lang, "theme")],
                             ["left", "right", "left", "left"]))
        return
    if ident is not None:
        problems = [p for p in problems if p.id == ident]
        if not problems:
            _fail(Message("no problem with id {ident!r} (see --list)", ident=ident))
    if not problems:
        click.echo(msg("none", lang))
        sys.exit(ExitStatus.PROBLEMS)
    ratings = Ratings.load()
    runner = ProblemRunner(problems, sys.stdin, sys.stdout, lang=lang, ascii=wants_ascii(ascii_),
                           ratings=ratings, count=count, choose=ident is None and not files)
    try:
        runner.run()
    except KeyboardInterrupt:
        click.echo("\n" + _(lang, "Interrupted."), err=True)
        sys.exit(ExitStatus.INTERRUPTED)

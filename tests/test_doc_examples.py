"""Docs that cannot drift (issue 25.7): every ``console`` block of the README
and of docs/ is a transcript, run here and compared with what it shows.

A block is a series of ``$ command`` lines (a trailing ``\\`` continues one),
each followed by the output it shows.  The commands run in a shell, in a
temporary directory that holds links to the repository's ``samples/`` and
``lessons/`` and to the corpus's ``pbn/`` and ``lin/`` (a block that needs an
absent corpus or program is skipped, naming it); ``/tmp/`` in a block is that
directory, so examples never write into the repository or share files.  In
the shown output, a line ``...`` stands for any number of lines and ``...``
within a line for any text (a time, a date in a file name).  An HTML comment
``<!-- stdin: TEXT -->`` just before a block gives the commands their input
(``\\n`` for a new line).  A block that is not a transcript is ``sh``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import CORPUS, ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:<!-- stdin: (?P<stdin>.*?) -->\n)?```console\n(?P<body>.*?)```", re.DOTALL)
BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    commands: tuple[str, ...]
    shown: str
    stdin: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def examples(pages: list[Path] = PAGES) -> list[Example]:
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for m in BLOCK.finditer(text):
            lines = m["body"].splitlines()
            commands: list[str] = []
            shown: list[str] = []
            i = 0
            while i < len(lines):
                if lines[i].startswith("$ "):
                    command = lines[i][2:]
                    while command.endswith("\\") and i + 1 < len(lines):
                        i += 1
                        command = command[:-1] + " " + lines[i].strip()
                    commands.append(command)
                else:
                    shown.append(lines[i])
                i += 1
            stdin = (m["stdin"] or "").replace("\\n", "\n")
            found.append(Example(str(page.relative_to(ROOT)), text[:m.start("body")].count("\n") + 1,
                                 tuple(commands), "\n".join(shown), stdin))
    return found


def matches(shown: str, actual: str) -> bool:
    """Whether ``actual`` is what ``shown`` shows: line for line (trailing
    spaces aside), a line ``...`` standing for any lines, ``...`` within a
    line for any text."""
    def line_pattern(line: str) -> str:
        return ".*".join(re.escape(part) for part in line.rstrip().split("...")) + r"[ \t]*"
    parts = []
    for line in shown.splitlines():
        parts.append(r"(?:[^\n]*\n)*?" if line.strip() == "..." else line_pattern(line) + r"\n")
    actual_lines = "".join(line.rstrip() + "\n" for line in actual.splitlines())
    return re.fullmatch("".join(parts), actual_lines) is not None


def _needs(example: Example) -> str | None:
    """Why the example cannot run here, or None."""
    text = " ".join(example.commands)
    for folder in ("pbn/", "lin/"):
        if re.search(rf"(?<![\w/.]){folder}", text) and not (CORPUS / folder).is_dir():
            return f"../shared/corpus/{folder} is absent"
    for program in re.findall(r"\|\s*(\w+)", text):
        if shutil.which(program) is None:
            return f"{program} is not installed"
    return None


def run_example(example: Example, where: Path) -> str:
    for name in ("samples", "lessons"):
        (where / name).symlink_to(ROOT / name)
    for name in ("pbn", "lin"):
        if (CORPUS / name).is_dir():
            (where / name).symlink_to(CORPUS / name)
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "80",
           "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "HOME": str(where), "XDG_STATE_HOME": str(where / "state"),
           "XDG_CACHE_HOME": str(where / "cache"), "BRIDGEKIT_CACHE_DIR": str(where / "cache")}
    env.pop("LC_MESSAGES", None)
    env.pop("NO_COLOR", None)
    script = "\n".join(command.replace("/tmp/", f"{where}/") for command in example.commands)
    done = subprocess.run(["bash", "-c", script], cwd=where, env=env, input=example.stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)
    return done.stdout


ALL = examples()


@pytest.mark.parametrize("example", ALL, ids=str)
def test_console_block_shows_what_the_commands_print(example: Example, tmp_path: Path) -> None:
    reason = _needs(example)
    if reason:
        pytest.skip(reason)
    assert example.commands, f"{example}: a console block without a $ command (use ```sh)"
    actual = run_example(example, tmp_path)
    shown = example.shown.replace("/tmp/", f"{tmp_path}/")
    assert matches(shown, actual), f"{example}: the block shows\n{shown}\n\nthe commands print\n{actual}"


def test_every_page_with_commands_has_its_transcripts_found() -> None:
    """The parser sees the blocks the pages hold: one example per console
    fence, each with its commands."""
    fences = sum(page.read_text(encoding="utf-8").count("```console\n") for page in PAGES)
    assert len(ALL) == fences > 10
    assert all(example.commands for example in ALL)


def test_the_comparison_elides_and_catches_a_difference() -> None:
    actual = "Board 1\nDealer North\nTime needed 0.098 sec\nlast\n"
    assert matches("Board 1\n...\nTime needed ... sec\nlast", actual)
    assert matches("...\nlast", actual)
    assert not matches("Board 1\nDealer South\n...", actual)
    assert not matches("Board 1\nlast", actual)          # lines left out need a ...
    assert not matches("Board 1\n...\nTime needed 1.5 sec\nlast", actual)

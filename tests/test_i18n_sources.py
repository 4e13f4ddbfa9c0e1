"""Every user-facing string of the files listed here is marked for
translation: a source scan (the ``ast`` of each file) fails naming any
message that reaches a user as plain English text.

What reaches a user: the arguments of ``click.echo``, ``warn``, click's
usage errors (``UsageError``, ``BadParameter``, ``ClickException``,
``self.fail``), of the errors bridgekit raises for bad input, the message
of a problem (``log.add("code", message)``, ``problems.append(("code",
message))``) and of a run's failure (``status.fail(why)``).  Such an
argument is *unmarked* when it is a string literal, an f-string, a
concatenation or a ``.format`` of one that holds words, instead of
``_(lang, "...")``, ``_n(...)``, ``N_("...")`` or a
``notation.Message("template", **values)`` (whose template is the msgid).
Text with no words of its own passes (``f"bridgekit: {text}"``, ``"-" * 80``,
an option name such as ``--force``).  A msgid itself must be a literal, not
an f-string: ``_(lang, f"...")`` cannot be looked up.

The list is data: a file joins it when its strings are marked (engineers
marking other commands add theirs).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Modules whose messages are not for a bridge player: the catalogue's own
#: reader (its errors say the catalogue is broken, so they cannot come from it).
NOT_SHOWN = {"bridgekit/i18n.py"}
#: Every module of the package: every user-facing string of every command is marked.
FILES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bridgekit").rglob("*.py")
               if str(p.relative_to(ROOT)) not in NOT_SHOWN)

#: Calls whose first argument is shown to a user (by the last name of the
#: function: ``click.echo`` and ``echo`` alike).
SHOWN_FIRST = {"echo", "secho", "say", "warn", "fail", "UsageError", "BadParameter", "ClickException", "FileError",
               "BadOptionUsage", "BadArgumentUsage", "EventProblem"}
#: Exceptions raised for bad input: their message is shown (``str(e)`` on stderr).
ERRORS = re.compile(r"^[A-Z]\w*(Error|Refused|Changed)$")
#: Python's own errors, for a program's mistakes (``pop`` of an empty play), not for a user.
PROGRAM_ERRORS = {"IndexError", "KeyError", "TypeError", "AttributeError", "AssertionError", "RuntimeError",
                  "NotImplementedError"}
#: Marking functions: their argument is a msgid (a literal), their result is translated.
MARKERS = {"_": (1,), "_n": (1, 2), "_p": (2,), "N_": (0,), "Message": (0,), "Text": (0,), "plural": (0, 1)}
#: A problem code: the first item of a ``(code, message)`` pair, ``add("code", message)``.
CODE = re.compile(r"^[a-z]+(-[a-z]+)+$|^[a-z]+$")
#: A problem code in a pair of its own (``("bad-record", message)`` returned or
#: listed anywhere): hyphenated, as no other pair of words in the code is.
PAIR_CODE = re.compile(r"^[a-z]+(-[a-z0-9]+)+$")
#: What is not a word of English in a literal: fields, option names, the program's name, file extensions.
_NOT_WORDS = re.compile(r"\{[^{}]*\}|--?[a-z][a-z-]*|\bbridgekit\b|\.[a-z]{3}\b|\\[nt]")


@dataclass(frozen=True)
class Unmarked:
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.line}: {self.text}"


def _has_words(text: str) -> bool:
    return re.search(r"[A-Za-z]{2,}", _NOT_WORDS.sub(" ", text)) is not None


def _func_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _is_marker(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    name = _func_name(node)
    if name == "plural":   # Message.plural only
        return isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
            and node.func.value.id == "Message"
    return name in MARKERS


def _plain_text(node: ast.AST) -> str | None:
    """The words of an unmarked text expression (None when it is marked or
    not text): a literal, an f-string's literal parts, a concatenation, a
    conditional, a ``.format`` or a ``join`` of them, a wrapper's argument
    (``printable(f"...")``)."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) and _has_words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        inner = [t for v in node.values if isinstance(v, ast.FormattedValue) for t in [_plain_text(v.value)] if t]
        return literal if _has_words(literal) else (inner[0] if inner else None)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _plain_text(node.left) or _plain_text(node.right)
    if isinstance(node, ast.IfExp):
        return _plain_text(node.body) or _plain_text(node.orelse)
    if isinstance(node, ast.Call):
        if _is_marker(node) or isinstance(node.func, ast.Name) and node.func.id == "msg":
            return None   # marked; problem_text.msg takes a key of its own translated table
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
            return _plain_text(node.func.value) or next(filter(None, map(_plain_text, node.args)), None)
        if isinstance(node.func, ast.Attribute):
            return None   # a method's result (e.render(...), p.to_dict()): computed, not written here
        return next(filter(None, map(_plain_text, node.args)), None)
    return None


def unmarked(source: str) -> list[Unmarked]:
    """The user-facing strings of ``source`` that are not marked."""
    found: list[Unmarked] = []

    def check(node: ast.AST | None) -> None:
        if node is None:
            return
        text = _plain_text(node)
        if text is not None:
            found.append(Unmarked(node.lineno, text))   # type: ignore[attr-defined]

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) >= 2:
            first = node.elts[0]
            second = node.elts[1]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and PAIR_CODE.match(first.value) \
                    and not (isinstance(second, ast.Constant) and isinstance(second.value, str)
                             and CODE.match(second.value)):   # a pair of codes
                check(second)
            continue
        if not isinstance(node, ast.Call):
            continue
        name = _func_name(node) or ""
        args = node.args
        if _is_marker(node):
            positions = MARKERS["plural" if name == "plural" else name]
            for i in positions:
                # a literal, or a name for one: a variable, a table of N_-marked
                # constants (STRAIN_WORDS[strain]), a value's msgid (item.kind);
                # never text built at run time (an f-string, a concatenation, a call)
                if len(args) > i and not isinstance(args[i], (ast.Constant, ast.Name, ast.Subscript, ast.Attribute)):
                    found.append(Unmarked(node.lineno, f"a msgid that is not a literal ({ast.unparse(args[i])})"))
            continue
        if name in SHOWN_FIRST or ERRORS.match(name) and name not in PROGRAM_ERRORS:
            check(args[0] if args else None)
            for kw in node.keywords:
                if kw.arg in ("message", "msg"):
                    check(kw.value)
        elif name in ("add", "problem", "note", "bad") and len(args) >= 2 and isinstance(args[0], ast.Constant) \
                and isinstance(args[0].value, str) and CODE.match(args[0].value):
            check(args[1])
        elif name == "skip" and len(args) >= 3 and isinstance(args[1], ast.Constant) \
                and isinstance(args[1].value, str) and CODE.match(args[1].value):
            check(args[2])   # a writer's report: the board not written, its code and why
        elif name == "append" and args and isinstance(args[0], ast.Tuple) and len(args[0].elts) >= 2:
            first = args[0].elts[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and CODE.match(first.value):
                check(args[0].elts[1])
    return sorted(set(found), key=lambda u: (u.line, u.text))


# -- the scanner on a small source of its own ------------------------------------

PLANTED = '''
import click
def f(lang, path, n, e, out, problems, status):
    click.echo(f"cannot read {path}", err=True)              # 4: f-string
    warn("no boards in " + path)                            # 5: concatenation
    raise click.UsageError("give FILE")                     # 6: literal
    out.add("bad-deal", f"the deal {path!r} is wrong", "Deal")  # 7: a problem's message
    problems.append(("hand-size", "{} cards".format(n)))    # 8: .format
    raise FileFormatError(printable(f"{path}: truncated"))  # 9: inside a wrapper
    status.fail("the solver failed")                        # 10
    raise IndexError("pop from an empty play")              # a program's mistake: not shown
    print(_(lang, f"{n} boards"))                           # 12: an f-string msgid
    click.echo(f"{n} board{'s' if n != 1 else ''} read")    # 13
    return make_board(1, None, path, problems=[("bad-record", f"{n} fields, not 18")])  # 14: a pair
    report.skip(out, "no-deal", "no complete deal: not written")  # 15: a writer's report
    problems = [("bad-record", Message("{n} fields", n=n))]
'''

MARKED = '''
import click
def f(lang, path, n, e, out, problems, status, text, template):
    click.echo(_(lang, "cannot read {path}", path=path), err=True)
    warn(_n(lang, "{n} board", "{n} boards", n))
    click.echo(f"bridgekit: {printable(text)}", err=True)   # no words of its own
    click.echo("-" * 80)
    raise click.UsageError(_(lang, "give FILE"))
    out.add("bad-deal", Message("the deal {value!r} is wrong", value=path), "Deal")
    problems.append(("hand-size", Message.plural("{n} card", "{n} cards", n)))
    raise FileFormatError(Message(template, path=path))
    warn(str(e))
    warn(e.render(False, lang))
    click.echo(json_text(doc))
    status.fail(_(lang, "the solver failed"))
    click.UsageError("--force")
'''


def test_the_scanner_finds_each_planted_string():
    assert [u.line for u in unmarked(PLANTED)] == [4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15]


def test_the_scanner_passes_marked_strings():
    assert unmarked(MARKED) == []


@pytest.mark.parametrize("path", FILES)
def test_every_user_facing_string_is_marked(path: str) -> None:
    found = unmarked((ROOT / path).read_text(encoding="utf-8"))
    assert not found, f"{path}: strings shown to a user but not marked for translation:\n" + \
        "\n".join(f"{path}:{u}" for u in found)


def test_french_of_plain_messages_uses_no_notation_spec() -> None:
    """``{seat:de}`` (d'Est, de Nord) and ``{card:name}`` are understood by
    notation.Message only: a French text reached through ``_``/``_n`` (plain
    ``str.format`` on strings) must not use them, or it would raise."""
    from bridgekit.i18n import parse_po, po_path
    catalogue = parse_po(po_path("fr"))[0]
    plain: set[str] = set()
    for path in sorted((ROOT / "bridgekit").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "_n") \
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                plain.add(node.args[1].value)
    bad = [msgid for key, fr in catalogue.items()
           for msgid in [key[0] if isinstance(key, tuple) else key]
           if msgid in plain and re.search(r"\{\w+:(de|name|word)\b", fr or "")]
    assert not bad, bad

"""``--help`` in the command's language.

click builds a command's help from texts fixed when the module is imported
(the docstring, each option's ``help=``), so they cannot be marked with
``_(lang, ...)`` where they are written.  They are English in the source and
translated when the help is printed: :func:`install` wraps click's
``Command.format_help`` so that, when the language is not English, the
command's help, its options' and arguments' help and its subcommands' help
are looked up in the catalogue of the ``bridgekit-help`` domain (a ``.po``
of its own next to the messages': the texts are long and edited apart) for
the time the page is written.  The msgid is the text as click shows it
(``inspect.cleandoc``: a docstring without its indentation).

The language is the one every message uses (``--lang`` as typed, even
before click reads it, else LC_ALL, LC_MESSAGES, LANG).
``tests/test_i18n_help.py`` walks every command and fails naming a help
text without its French; ``python tests/test_i18n_help.py`` prints the
entries still missing, as a ``.po`` fragment to fill in.
"""

from __future__ import annotations

import inspect
from contextlib import contextmanager
from typing import Iterator

import click

from ..i18n import HELP_DOMAIN, translation


def _clean(text: str) -> str:
    return inspect.cleandoc(text)


def help_of(lang: str, text: str) -> str:
    """``text`` (a help text as written) in ``lang``."""
    clean = _clean(text)
    return translation(lang, HELP_DOMAIN).gettext(clean) if lang != "en" else clean


def _commands(command: click.Command, ctx: click.Context) -> Iterator[click.Command]:
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                yield sub


@contextmanager
def _translated(command: click.Command, ctx: click.Context, lang: str) -> Iterator[None]:
    """The help texts of ``command`` (and its subcommands' short help) in
    ``lang`` for the time of the ``with``, restored after."""
    saved: list[tuple[object, str, str | None]] = []

    def swap(owner: object, attr: str) -> None:
        text = getattr(owner, attr, None)
        if text:
            saved.append((owner, attr, text))
            setattr(owner, attr, help_of(lang, text))

    swap(command, "help")
    for param in command.get_params(ctx):   # the --help option too
        swap(param, "help")
        if isinstance(getattr(param, "show_default", None), str):
            swap(param, "show_default")
    for sub in _commands(command, ctx):
        swap(sub, "short_help")
        swap(sub, "help")
    try:
        yield
    finally:
        for owner, attr, text in reversed(saved):
            setattr(owner, attr, text)


def install() -> None:
    """Make click write every ``--help`` page in the command's language."""
    from .options import current_lang

    original = click.Command.format_help
    if getattr(original, "_bridgekit", False):
        return

    def format_help(self: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = current_lang()
        if lang == "en":
            original(self, ctx, formatter)
            return
        with _translated(self, ctx, lang):
            original(self, ctx, formatter)

    heading = click.HelpFormatter.write_heading

    def write_heading(self: click.HelpFormatter, text: str) -> None:
        if current_lang() == "fr":   # "Options :", French spacing
            self.write(f"{'':>{self.current_indent}}{text}\u00a0:\n")
        else:
            heading(self, text)

    setattr(format_help, "_bridgekit", True)
    setattr(click.Command, "format_help", format_help)
    setattr(click.HelpFormatter, "write_heading", write_heading)


def help_texts(command: click.Command, commands: dict[str, tuple[str, str, str]] | None = None,
               ctx: click.Context | None = None, path: str = "bridgekit") -> Iterator[tuple[str, str]]:
    """Every help text of ``command`` and its subcommands (the root group and
    its ``commands`` table: ``bridgekit.cli.cli`` and ``COMMANDS``):
    ``(where, text)``, ``where`` naming the command (and the option),
    ``text`` as click shows it."""
    for name, spec in (commands or {}).items():
        yield f"bridgekit {name} (in the list of commands)", _clean(spec[2])
    if ctx is None:
        ctx = click.Context(command, info_name=path)
    if command.help:
        yield path, _clean(command.help)
    if command.short_help:
        yield path + " (short)", _clean(command.short_help)
    for param in command.get_params(ctx):
        name = f"{path} {param.opts[0] if param.opts else param.name}"
        text = getattr(param, "help", None)
        if text:
            yield name, _clean(text)
        default = getattr(param, "show_default", None)
        if isinstance(default, str):
            yield name + " (default)", _clean(default)
    for sub in _commands(command, ctx):
        yield from help_texts(sub, None, click.Context(sub, parent=ctx, info_name=sub.name), f"{path} {sub.name}")


def po_entry(where: str, text: str) -> str:
    """``text`` as a ``.po`` entry to translate (``msgstr`` empty)."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = body.split("\n")
    msgid = f'"{body}"' if len(lines) == 1 else \
        '""\n' + "\n".join(f'"{line}\\n"' for line in lines[:-1]) + f'\n"{lines[-1]}"'
    return f'#: {where}\nmsgid {msgid}\nmsgstr ""\n'

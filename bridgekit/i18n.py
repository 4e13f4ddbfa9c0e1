"""Languages through gettext catalogues: English in the source, French in
``bridgekit/locale/fr/LC_MESSAGES/bridgekit.po``.

Every user-facing string is marked where it is written, with the language
chosen at the edge and passed down::

    _(lang, "Right!")
    _(lang, "{seat} wins with {card}.", seat=..., card=...)
    _n(lang, "{n} exercise", "{n} exercises", count)
    N_("clubs")        # marked here, translated later with _(lang, text)

These are standard gettext keywords (``xgettext --keyword=_:2
--keyword=_n:2,3 --keyword=N_``), and ``tests/test_i18n.py`` extracts them the
same way to check that each one has its French.

The catalogue is the ``.po`` file itself, read at run time with the standard
library's plural rules (``gettext.c2py`` on the ``Plural-Forms`` header) rather
than a ``.mo`` compiled at build: the one file a translator edits is the one
the program reads, an editable install and the wheel behave alike, no build
hook or ``msgfmt`` is needed, and the completeness test reads the same file.
Reading ~600 entries costs a few milliseconds, once per run, and only when
French is asked for.

The language: ``--lang`` where a command has it, else ``LC_ALL``, then
``LC_MESSAGES``, then ``LANG`` (the usual precedence): French when the first
one set starts with ``fr``, English otherwise.
"""

from __future__ import annotations

import ast
import gettext as _gettext
import os
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

LANGS = ("en", "fr")
DOMAIN = "bridgekit"
#: The commands' ``--help`` texts (long, and edited apart from the messages).
HELP_DOMAIN = "bridgekit-help"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def default_lang(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``fr`` or ``en``."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


class PoTranslations(_gettext.NullTranslations):
    """A catalogue read from a ``.po`` file: ``gettext``, ``ngettext`` and
    ``pgettext`` as the standard library's ``GNUTranslations`` answer them;
    an entry with an empty translation falls back to the English."""

    def __init__(self, catalog: dict[str | tuple[str, int], str], plural: Callable[[int], int]) -> None:
        super().__init__()
        self.catalog = catalog
        self.plural = plural

    def gettext(self, message: str) -> str:
        return self.catalog.get(message) or message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        text = self.catalog.get((msgid1, self.plural(n)))
        if text:
            return text
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.get(f"{context}\x04{message}") or message


def _unquote(text: str, path: Path, number: int) -> str:
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise ValueError(f"{path}:{number}: not a quoted string: {text}") from None
    if not isinstance(value, str):
        raise ValueError(f"{path}:{number}: not a quoted string: {text}")
    return value


def parse_po(path: Path) -> tuple[dict[str | tuple[str, int], str], str]:
    """The entries of a ``.po`` file (``msgid`` -> ``msgstr``; plural forms
    keyed ``(msgid, index)``; a context as ``ctxt\\x04msgid``) and its header.
    Raises ValueError naming the line of a malformed entry."""
    catalog: dict[str | tuple[str, int], str] = {}
    entry: dict[str, str] = {}
    field = ""

    def flush() -> None:
        if "msgid" in entry:
            msgid = entry["msgid"]
            if "msgctxt" in entry:
                msgid = f"{entry['msgctxt']}\x04{msgid}"
            if "msgid_plural" in entry:
                for key, value in entry.items():
                    if key.startswith("msgstr["):
                        catalog[(msgid, int(key[7:-1]))] = value
            else:
                catalog[msgid] = entry.get("msgstr", "")
        entry.clear()

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
                field = ""
            continue
        if line.startswith('"'):
            if not field:
                raise ValueError(f"{path}:{number}: a string outside an entry")
            entry[field] += _unquote(line, path, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not keyword.startswith("msgstr["):
            raise ValueError(f"{path}:{number}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and "msgstr" in entry or keyword == "msgctxt" and "msgid" in entry:
            flush()
        field = keyword
        entry[field] = _unquote(rest, path, number)
    flush()
    header = str(catalog.pop("", ""))
    return catalog, header


def _plural_rule(header: str) -> Callable[[int], int]:
    for line in header.split("\n"):
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            for part in value.split(";"):
                key, _, expr = part.strip().partition("=")
                if key.strip() == "plural":
                    return _gettext.c2py(expr.strip())
    return lambda n: int(n != 1)


@lru_cache(maxsize=None)
def translation(lang: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (English: the messages as written)."""
    if lang == "en":
        return _gettext.NullTranslations()
    path = po_path(lang, domain)
    if not path.is_file():
        return _gettext.NullTranslations()
    catalog, header = parse_po(path)
    return PoTranslations(catalog, _plural_rule(header))


def _(lang: str, message: str, /, **values: object) -> str:
    """``message`` in ``lang``, its ``{fields}`` filled from ``values``."""
    text = translation(lang).gettext(message)
    return text.format(**values) if values else text


def _n(lang: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """The singular or plural form for ``n`` in ``lang`` (``{n}`` is filled too)."""
    text = translation(lang).ngettext(singular, plural, n)
    return text.format(n=n, **values)


def _p(lang: str, context: str, message: str, /, **values: object) -> str:
    """``message`` in ``lang`` where the English word alone is ambiguous."""
    text = translation(lang).pgettext(context, message)
    return text.format(**values) if values else text


class Text(str):
    """A message of the model's root modules (cards, calls, seats, contracts,
    which notation itself builds on): an English ``template`` and the plain
    ``values`` it names (what a file held, quoted), a ``str`` in English;
    :meth:`render` writes it in another language through the catalogue.
    :class:`bridgekit.notation.Message` is the same with values rendered in a
    notation (calls, cards, seats...)."""

    template: str
    values: Mapping[str, object]

    def __new__(cls, template: str, **values: object) -> "Text":
        self = super().__new__(cls, template.format(**values))
        self.template = template
        self.values = values
        return self

    def render(self, ascii: bool = False, lang: str = "en", *, colour: bool = False) -> str:
        template = self.template if lang == "en" else translation(lang).gettext(self.template)
        return template.format(**self.values)

    def __reduce__(self) -> tuple[object, ...]:   # pickles (worker processes) rebuild it from its data
        return (_text, (self.template, dict(self.values)))


def _text(template: str, values: dict[str, object]) -> "Text":
    return Text(template, **values)


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is defined; ``_`` translates it
    where it is shown."""
    return message


# -- numbers ---------------------------------------------------------------------

def number(value: float | int, lang: str, digits: int = 2) -> str:
    """A figure as the language writes it: ``247.5`` / ``247,5``; whole numbers
    without a decimal part; at most ``digits`` decimals."""
    if float(value).is_integer():
        return str(int(value))
    text = f"{round(float(value), digits):.{digits}f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text


def fixed(value: float, lang: str, digits: int = 2) -> str:
    """A figure with exactly ``digits`` decimals, as the language writes it:
    ``10.00`` / ``10,00`` (victory points, percentages in a column)."""
    text = f"{float(value):.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def signed(value: int) -> str:
    return f"{value:+d}"

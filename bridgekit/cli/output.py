"""One output contract for every command that prints rows: a table, ``--json``,
``--jsonl`` (JSON lines) or ``--csv``, printed as the rows come.

A command turns what the library returns into rows (dicts, the JSON
contract) and hands them to :class:`RowWriter` (or :func:`output_rows`)
with the table's columns; the writer prints them in the format asked for,
the way sqlite-utils' ``output_rows`` does:

- a table: the first rows (up to ``chunk``) fix the columns' widths, later rows
  follow at once in those columns (a longer cell widens its own row only);
- ``--json``: an array, or an object with the array under ``key`` and more
  members at the end (totals), written row by row;
- ``--jsonl``: one JSON object a line;
- ``--csv``: a header (the fields of the first rows) and one line a row.
  A text cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return (a player's name ``=HYPERLINK(...)``, a file name) gets a leading
  ``'``, as the usual CSV-injection guidance says (OWASP), so that a
  spreadsheet shows it instead of running it as a formula; plain numbers
  (``-420``) are left alone.  ``--raw-csv`` writes every cell as it is.

Memory stays flat however many rows a run has.  Every cell of a table or CSV
is made printable (:func:`bridgekit.printable.printable`); JSON escapes
control characters itself (C1 and DEL included here).
"""

from __future__ import annotations

import csv as _csv
import functools
import json
import re
import sys
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence, TextIO, TypeVar

import click

from ..i18n import _
from ..notation import Message
from ..printable import printable, visible_len
from ..render import table_line, text_table
from .options import current_lang, warn

F = TypeVar("F", bound=Callable[..., Any])
#: A row: a dict (the JSON contract) or an object with ``to_dict()``.
Row = Any

TABLE, JSON, JSONL, CSV = "table", "json", "jsonl", "csv"
_FLAGS = {JSON: "--json", JSONL: "--jsonl", CSV: "--csv"}
_HELP = {JSON: "Print JSON instead of a table.", JSONL: "Print JSON lines (one object a row) instead of a table.",
         CSV: "Print CSV instead of a table."}


def output_options(*, csv: bool = True, jsonl: bool = True, json_help: str | None = None) -> Callable[[F], F]:
    """``--json``, ``--jsonl`` and ``--csv`` for a command that prints rows,
    declared once: the command receives ``fmt`` (``"table"``, ``"json"``,
    ``"jsonl"`` or ``"csv"``); two of them together are a usage error."""
    kinds = [JSON] + ([JSONL] if jsonl else []) + ([CSV] if csv else [])

    def decorate(f: F) -> F:
        @functools.wraps(f)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            chosen = [k for k in kinds if kwargs.pop(f"as_{k}", False)]
            if kwargs.pop("raw_csv", False):
                click.get_current_context().meta[_RAW_KEY] = True
            if len(chosen) > 1:
                raise click.UsageError(_(current_lang(), "give one of {flags}, not several",
                                         flags=", ".join(_FLAGS[k] for k in kinds)))
            return f(*args, fmt=chosen[0] if chosen else TABLE, **kwargs)

        g: Any = wrapper
        if csv:
            g = click.option("--raw-csv", "raw_csv", is_flag=True,
                             help="With --csv: cells as they are (no ' before a cell beginning with = + - @, "
                                  "which a spreadsheet would run as a formula).")(g)
        for kind in reversed(kinds):
            g = click.option(_FLAGS[kind], f"as_{kind}", is_flag=True,
                             help=json_help if kind == JSON and json_help else _HELP[kind])(g)
        return g

    return decorate


@dataclass(frozen=True)
class Column:
    """A table column: its header, how a row shows in it, its alignment, and
    whether it is shown only with ``--wide`` (``wide``) or only without it
    (``narrow``: a compact form of wide columns), or left out when empty
    (``optional``)."""

    header: str
    cell: Callable[[Row], Any]
    align: str = "left"
    wide: bool = False
    narrow: bool = False
    optional: bool = False   # left out (without --wide) when the first rows have nothing in it


def column(header: str, key: str, *, align: str = "left", wide: bool = False, narrow: bool = False,
           optional: bool = False, show: Callable[[Any], Any] | None = None) -> Column:
    """A column showing ``row[key]`` (the attribute ``key`` of a row object;
    None as an empty cell), through ``show``."""
    def cell(row: Any) -> Any:
        value = row.get(key) if isinstance(row, Mapping) else getattr(row, key, None)
        return "" if value is None else (show(value) if show is not None else value)
    return Column(header, cell, align, wide, narrow, optional)


_C1_DEL = re.compile("[\x7f-\x9f]")


def json_text(value: Any, indent: int | None = 1) -> str:
    """``value`` as JSON (UTF-8 text, not ASCII escapes), DEL and C1 controls
    escaped too: nothing a terminal would obey."""
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    return _C1_DEL.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


#: What a spreadsheet takes for the start of a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_RAW_KEY = "bridgekit.raw_csv"


def csv_guard(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet will not run: a leading ``'``
    when it begins like a formula (``=``, ``+``, ``-``, ``@``, tab, carriage
    return), unless it is a plain number or a lone sign."""
    if text.startswith(_FORMULA_START) and text not in ("-", "+") and _PLAIN_NUMBER.fullmatch(text) is None:
        return "'" + text
    return text


def _csv_value(value: Any, guard: bool = True) -> Any:
    if isinstance(value, (list, dict)):
        value = json.dumps(value, ensure_ascii=False)
    if value is None:
        return ""
    if isinstance(value, str):
        text = printable(value)
        return csv_guard(text) if guard else text
    return value


def _raw_csv() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(_RAW_KEY))


class RowWriter:
    """Rows printed as they come in one of the four formats (see the module).

    ``fields`` fixes the CSV's columns (else the fields of the first rows).
    ``columns`` are the table's columns, or a function given the first rows
    (up to ``chunk``) that returns them (a table whose columns depend on what
    the rows hold).  ``wide`` keeps the columns marked wide.  ``key`` wraps
    the JSON array in an object (``{"boards": [...]}``); :meth:`close` takes
    the object's other members.  ``text`` renders a row as a block of text
    instead of a table's line (a report per board: ``analyse``; a problem a
    line: ``check``; a board's diagram: ``show``), ``sep`` the line between
    two blocks (None: none).  ``to_dict`` turns a row into its JSON form when
    the row has no ``to_dict()`` of its own; ``indent``: the JSON's.
    """

    def __init__(self, fmt: str, columns: Sequence[Column] | Callable[[list[Row]], Sequence[Column]] = (),
                 *, wide: bool = False, key: str | None = None, chunk: int = 100,
                 fields: Sequence[str] | None = None, stream: TextIO | None = None,
                 text: Callable[[Row], str] | None = None, sep: str | None = "",
                 to_dict: Callable[[Row], Any] | None = None, indent: int = 1) -> None:
        self.fmt = fmt
        self.text = text
        self.sep = sep
        self.to_dict = to_dict
        self.indent = indent
        self.wide = wide
        self.key = key
        self.chunk = chunk
        self.count = 0
        self._columns = columns
        self._stream = stream
        self._pending: list[Row] = []
        self._started = False
        self._widths: list[int] = []
        self._shown: list[Column] = []
        self._csv: Any = None
        self._fields: list[str] = list(fields or ())
        self._fixed = fields is not None
        self._dropped: set[str] = set()

    @property
    def out(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stdout

    def add(self, row: Any) -> None:
        """Print ``row``: a dict, or an object with ``to_dict()`` (its JSON and
        CSV form; ``to_csv()`` instead for CSV when it has one) whose table
        cells the columns read from the object itself."""
        if self.fmt != TABLE and not isinstance(row, Mapping):
            row = row.to_csv() if self.fmt == CSV and hasattr(row, "to_csv") else \
                self.to_dict(row) if self.to_dict is not None else row.to_dict()
        if self.fmt == JSON:
            lead = " " * self.indent + (" " if self.key else "")
            text = json_text(row, indent=self.indent).replace("\n", "\n" + lead)
            if not self.count:
                self.out.write((f"{{\n {json.dumps(self.key)}: [\n" if self.key else "[\n") + lead + text)
            else:
                self.out.write(",\n" + lead + text)
        elif self.fmt == JSONL:
            self.out.write(json_text(row, indent=None) + "\n")
        elif self.text is not None and self.fmt == TABLE:
            if self.count and self.sep is not None:
                self.out.write(self.sep + "\n")
            self.out.write(self.text(row) + "\n")
            self.out.flush()
        else:   # a table or CSV: the first rows fix the columns
            if self._started:
                self._write(row)
            else:
                self._pending.append(row)
                if len(self._pending) >= self.chunk:
                    self._start()
        self.count += 1

    def close(self, **members: Any) -> None:
        """End the output (``members``: the JSON object's other members)."""
        if self.fmt == JSON:
            if self.key:
                if self.count:
                    self.out.write("\n ]")
                else:
                    self.out.write(f"{{\n {json.dumps(self.key)}: []")
                for name, value in members.items():
                    self.out.write(f",\n {json.dumps(name)}: " + json_text(value).replace("\n", "\n "))
                self.out.write("\n}\n")
            else:
                self.out.write("\n]\n" if self.count else "[]\n")
        elif self.fmt == CSV and not self._started:
            self._start()
        elif self.fmt == TABLE and not self._started and self._pending:
            self._start()   # no rows, no table: an empty header would only stand before the error saying why
        self.out.flush()

    def note(self, text: str, jsonl: str | None = None) -> None:
        """A line under the table (a footnote, a run's summary), after
        :meth:`close`; JSON and CSV carry the data alone, so nothing there,
        but ``jsonl`` goes to stderr with ``--jsonl`` (a stream of rows has
        no member for totals)."""
        if self.fmt == TABLE:
            self.out.write(text + "\n")
            self.out.flush()
        elif self.fmt == JSONL and jsonl is not None:
            click.echo(jsonl, err=True)

    # -- table and CSV -----------------------------------------------------------

    def _start(self) -> None:
        self._started = True
        rows, self._pending = self._pending, []
        if self.fmt == CSV:
            if not rows and not self._fixed:
                return
            for r in rows if not self._fixed else ():
                self._fields.extend(k for k in r if k not in self._fields)
            self._csv = _csv.DictWriter(self.out, fieldnames=self._fields, lineterminator="\n", restval="")
            self._csv.writeheader()
        else:
            columns = self._columns(rows) if callable(self._columns) else self._columns
            self._shown = [c for c in columns if (not c.narrow if self.wide else not c.wide)]
            if not self.wide:   # an optional column nothing is in (no room in a pairs file)
                self._shown = [c for c in self._shown
                               if not c.optional or any(str(c.cell(r)) for r in rows)]
            cells = [self._cells(r) for r in rows]
            self._widths = [max([visible_len(c.header)] + [visible_len(row[i]) for row in cells])
                            for i, c in enumerate(self._shown)]
            self.out.write(self._line([c.header for c in self._shown]) + "\n")
            self.out.write("  ".join("-" * w for w in self._widths) + "\n")
            for row in cells:
                self.out.write(self._line(row) + "\n")
            return
        for r in rows:
            self._write(r)

    def _write(self, row: Row) -> None:
        if self.fmt == CSV:
            extra = [] if self._fixed else [k for k in row if k not in self._fields and k not in self._dropped]
            if extra:   # a field the first rows did not have (profiles mixed in one run)
                self._dropped.update(extra)
                warn(Message.plural("CSV: field {fields} first seen in row {row}, after the header: not in the CSV "
                                    "(use --json)", "CSV: fields {fields} first seen in row {row}, after the "
                                    "header: not in the CSV (use --json)", len(extra), fields=", ".join(extra),
                                    row=self.count + 1))
            guard = not _raw_csv()
            self._csv.writerow({k: _csv_value(v, guard) for k, v in row.items() if k in self._fields})
        else:
            self.out.write(self._line(self._cells(row)) + "\n")

    def _cells(self, row: Row) -> list[str]:
        return [printable(str(c.cell(row))) for c in self._shown]

    def _line(self, cells: Sequence[str]) -> str:
        return table_line(cells, self._widths, [c.align for c in self._shown])


def output_rows(rows: Iterable[Row], fmt: str,
                columns: Sequence[Column] | Callable[[list[Row]], Sequence[Column]] = (), *,
                wide: bool = False, key: str | None = None, note: str | None = None, **members: Any) -> int:
    """Print ``rows`` (see :class:`RowWriter`), then ``note`` under a table;
    the number of rows."""
    writer = RowWriter(fmt, columns, wide=wide, key=key)
    for row in rows:
        writer.add(row)
    writer.close(**members)
    if note is not None:
        writer.note(note)
    return writer.count


def output_one(value: Any, fmt: str, text: Callable[[Any], str]) -> None:
    """Print one result (a quick form's answer, a rubber's pad, a match):
    ``text(value)`` in a table's place, else its ``to_dict()`` (or the dict
    itself) as JSON, on one line with ``--jsonl``; with ``--csv`` and
    ``--jsonl`` its ``rows()`` when it has them (a match: one row a board)."""
    if fmt == TABLE:
        click.echo(text(value))
        return
    if fmt in (CSV, JSONL) and hasattr(value, "rows"):
        output_rows(value.rows(), fmt)
        return
    data = value if isinstance(value, Mapping) else value.to_dict()
    click.echo(json_text(data, indent=None if fmt == JSONL else 1))


def rows_beside(fmt: str, output: str | None) -> bool:
    """Whether a command that writes boards (``-o``) prints its rows too:
    without -o, or with -o FILE and --json, --jsonl or --csv asked for (the
    file gets the PBN, standard output the data).  With -o - standard output
    is the PBN: asking for rows too is a usage error."""
    if output is None:
        return True
    if fmt == TABLE:
        return False
    if output == "-":
        raise click.UsageError(_(current_lang(), "-o - writes the PBN on standard output: --json, --jsonl and "
                                                 "--csv need -o FILE (the PBN) or no -o"))
    return True


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], align: Sequence[str] | None = None) -> str:
    """A small table already in memory (lists of cells) as text, in the same
    layout as :class:`RowWriter`'s tables (``bridgekit.render.text_table``)."""
    return text_table(rows, headers, align)

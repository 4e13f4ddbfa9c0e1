"""The one output helper (cli/output.py) and the renderers the commands
share (notation.played_text, notation.par_contract_text, render.text_table)."""

from __future__ import annotations

import io
import json

from bridgekit.cli.output import CSV, JSON, JSONL, TABLE, RowWriter
from bridgekit.contract import Contract
from bridgekit.dds import ParContract
from bridgekit.notation import par_contract_text, played_text
from bridgekit.render import text_table
from bridgekit.seats import Seat


def test_played_text_as_a_director_writes_it() -> None:
    four_spades_x = Contract.parse("4SX")
    assert played_text(four_spades_x, Seat.W, 10) == "4\u2660X W 10"
    assert played_text(four_spades_x, Seat.W, 10, ascii=True) == "4SX W 10"
    assert played_text(Contract.parse("3NT"), Seat.W, 9, lang="fr") == "3SA O 9"
    assert played_text(four_spades_x, None, None, ascii=True) == "4SX ? ?"
    assert played_text(Contract.parse("Pass"), None, None) == "Passed out"
    assert played_text(Contract.parse("Pass"), None, None, passed_out="passed out") == "passed out"
    assert played_text(None, Seat.N, 7) == "-"


def test_par_contract_text_names_the_side_or_the_seat() -> None:
    both = ParContract(Contract.parse("4S"), (Seat.N, Seat.S), 11)   # 11 tricks in 4S: one over
    east = ParContract(Contract.parse("3NT"), (Seat.E,), 9)
    west = ParContract(Contract.parse("5DX"), (Seat.W,), 9)
    assert par_contract_text(both) == "NS 4\u2660+1"
    assert par_contract_text(east, ascii=True) == "E 3NT="
    assert par_contract_text(west, ascii=True, lang="fr") == "O 5KX-2"   # carreau: K in French (C is cœur)
    assert par_contract_text(both, ascii=True) == str(both)               # the ParContract tag's own form
    # in a sentence (hand records, the play review): the side with its slash, in both languages
    assert par_contract_text(both, by=True) == "4\u2660+1 by N/S"
    assert par_contract_text(west, ascii=True, lang="fr", by=True) == "5KX-2 par O"
    # the one colour rule: hearts and diamonds red, the rest as without colour
    assert par_contract_text(west, colour=True) == "W 5\x1b[31m\u2666\x1b[0mX-2"
    assert par_contract_text(both, colour=True) == par_contract_text(both)


def test_text_table_keeps_numbers_as_given_and_aligns_headers_with_their_column() -> None:
    text = text_table([["1", "+420", None], ["12", "-50", "x"]], ["board", "N/S", "note"],
                      ["left", "right", "left"])
    assert text.splitlines() == ["board   N/S  note",
                                 "-----  ----  ----",
                                 "1      +420",
                                 "12      -50  x"]
    assert text_table([], ["a"]) == ""
    assert text_table([["a\x1bb"]], ["x"]).splitlines()[2] == "a\\x1bb"   # a control shown, not obeyed


class _Row:
    def __init__(self, n: int) -> None:
        self.n = n

    def to_dict(self) -> dict[str, int]:
        return {"n": self.n}


def _write(fmt: str, **kw: object) -> str:
    buf = io.StringIO()
    rows = RowWriter(fmt, stream=buf, text=lambda r: f"row {r.n}", **kw)  # type: ignore[arg-type]
    for n in (1, 2):
        rows.add(_Row(n))
    rows.close()
    rows.note("2 rows")
    return buf.getvalue()


def test_row_writer_text_blocks_and_notes_only_in_the_table_form() -> None:
    assert _write(TABLE) == "row 1\n\nrow 2\n2 rows\n"
    assert _write(TABLE, sep="--") == "row 1\n--\nrow 2\n2 rows\n"
    assert _write(TABLE, sep=None) == "row 1\nrow 2\n2 rows\n"
    assert json.loads(_write(JSON)) == [{"n": 1}, {"n": 2}]
    assert _write(JSON, indent=2) == '[\n  {\n    "n": 1\n  },\n  {\n    "n": 2\n  }\n]\n'
    assert _write(JSONL) == '{"n": 1}\n{"n": 2}\n'
    assert _write(CSV) == "n\n1\n2\n"

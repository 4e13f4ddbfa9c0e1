"""``convert``, ``deal -o`` and ``show`` speaking the registry's formats; LIN
writing and BBO handviewer links."""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.formats import read_boards, write_boards
from bridgekit.formats.lin import read_lin_text
from bridgekit.formats.linwrite import HANDVIEWER
from conftest import corpus_files, needs_corpus

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "match.pbn"


def run(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_convert_to_dup_says_what_is_lost_and_reads_back(tmp_path: Path) -> None:
    out = tmp_path / "s.dup"
    code, _, err = run("convert", str(SAMPLE), str(out))
    assert code == 0
    boards = list(read_boards(str(SAMPLE)))
    auctions = sum(1 for b in boards if b.auction is not None and b.auction.calls)
    assert f"DUP keeps no auctions: {auctions} auctions not written" in err
    assert out.stat().st_size == 156 * len(boards)
    back = tmp_path / "back.pbn"
    code, _, err = run("convert", str(out), str(back))
    assert code == 0
    again = list(read_boards(str(back)))
    assert [b.deal for b in again] == [b.deal for b in boards]


def test_unknown_extension_and_in_place_across_formats_are_usage_errors(tmp_path: Path) -> None:
    code, _, err = run("convert", str(SAMPLE), str(tmp_path / "x.xyz"))
    assert code == 2 and ".dup" in err and not (tmp_path / "x.xyz").exists()
    copy = tmp_path / "m.pbn"
    copy.write_bytes(SAMPLE.read_bytes())
    code, _, err = run("convert", str(copy), "--in-place", "--to", "dup")
    assert code == 2 and "keeps IN's format" in err and copy.read_bytes() == SAMPLE.read_bytes()


def test_first_numbers_a_format_without_numbers(tmp_path: Path) -> None:
    ber = tmp_path / "s.ber"
    code, _, err = run("deal", "--boards", "3", "--first", "5", "--seed", "1", "-o", str(ber))
    assert code == 0 and "--first 5" in err and ber.stat().st_size == 3 * 52
    code, out, _ = run("convert", str(ber), "-", "--first", "5")
    assert code == 0 and '[Board "5"]' in out and '[Board "7"]' in out and '[Dealer "S"]' in out
    code, out, _ = run("convert", str(ber), "-")
    assert '[Board "1"]' in out and '[Board "5"]' not in out


def test_bad_dlm_checksum_exit_1_and_good_boards_converted(tmp_path: Path) -> None:
    dlm = tmp_path / "s.dlm"
    run("deal", "--boards", "4", "--seed", "2", "-o", str(dlm))
    text = dlm.read_bytes()
    start = text.index(b"Board 02=") + len(b"Board 02=")
    damaged = text[:start] + (b"b" if text[start:start + 1] == b"a" else b"a") + text[start + 1:]
    dlm.write_bytes(damaged)
    out = tmp_path / "s.pbn"
    code, _, err = run("convert", str(dlm), str(out))
    assert code == 1
    lines = [line for line in err.splitlines() if "bad-checksum" in line]
    assert len(lines) == 1 and str(dlm) in lines[0] and "board 2" in lines[0]
    assert out.read_text().count("[Deal ") == 4


def test_unreadable_input_exit_3_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "x.dup"
    bad.write_bytes(b"garbage" * 40)
    out = tmp_path / "x.pbn"
    code, _, err = run("convert", str(bad), str(out))
    assert code == 3 and str(bad) in err and not out.exists()


def test_content_tells_the_format_without_extension(tmp_path: Path) -> None:
    dup = tmp_path / "s.dup"
    run("deal", "--boards", "2", "--seed", "3", "-o", str(dup))
    plain = tmp_path / "machine-file"
    plain.write_bytes(dup.read_bytes())
    code, out, _ = run("convert", str(plain), "-")
    assert code == 0 and out.count("[Deal ") == 2
    code, out, _ = run("show", str(plain), "--ascii")
    assert code == 0 and "Board 2" in out


def test_binary_format_to_standard_output(tmp_path: Path) -> None:
    code, out, _ = run("convert", str(SAMPLE), "-", "--to", "ber")
    assert code == 0 and len(out) == 52 * len(list(read_boards(str(SAMPLE))))
    assert set(out) <= set("1234")


# -- LIN writing and handviewer links -------------------------------------------------

def lin_round_trip(boards: list) -> list:
    text = io.StringIO()
    write_boards(boards, text, "lin")
    return read_lin_text(text.getvalue(), "x.lin")


def summary(b) -> tuple:
    rec = b.auction
    calls = [(str(e.call), rec.notes.get(e.note) if rec is not None and e.note is not None else None)
             for e in rec.calls] if rec is not None else []
    cards = [str(c) for _s, c, _e in b.play.played_order(b.contract.strain if b.contract and not b.contract.is_passed_out
                                                           else None)] if b.play is not None else []
    return (b.get("Board"), b.get("Dealer"), b.get("Vulnerable"), b.deal, b.get("North"), b.get("South"),
            calls, cards, b.get("Contract"), b.get("Declarer"), b.result, b.get("Room") or "Open")


def test_lin_writer_keeps_a_sample_match() -> None:
    boards = list(read_boards(str(SAMPLE)))
    back = lin_round_trip(boards)
    assert [summary(b) for b in back] == [summary(b) for b in boards]


@needs_corpus
def test_lin_writer_round_trips_the_corpus() -> None:
    files = corpus_files("lin")[:20]
    assert files
    for path in files:
        boards = [b for b in read_boards(str(path)) if not any(p.severity == "error" for p in b.problems)]
        if not boards:
            continue
        back = lin_round_trip(boards)
        assert [summary(b) for b in back] == [summary(b) for b in boards], path
        # LIN -> PBN -> LIN, written twice, is the same text
        first = io.StringIO()
        write_boards(back, first, "lin")
        second = io.StringIO()
        write_boards(read_lin_text(first.getvalue(), "y.lin"), second, "lin")
        assert first.getvalue() == second.getvalue(), path


def test_lin_alerts_notes_claim_and_room() -> None:
    # South the spades, West the hearts, North the clubs, East the diamonds (BBO leaves East out)
    lin = ("qx|c7|pn|Sue,Walt,Nina,Ed|md|3SAKQJT98765432,HAKQJT98765432,CAKQJT98765432,|sv|e|ah|Board 7|"
           "mb|p|mb|1H!|an|5+ hearts|mb|p|mb|2C!|mb|p|mb|3H|mb|p|mb|p|mb|p|pg||pc|SA|pc|H2|pc|C2|pc|DA|pg||mc|5|\n")
    (b,) = read_lin_text(lin, "a.lin")
    out = io.StringIO()
    write_boards([b], out, "lin")
    text = out.getvalue()
    assert text.startswith("qx|c7|pn|Sue,Walt,Nina,Ed|md|3")
    assert "mb|1H!|an|5+ hearts|" in text and "mb|2C!|mb|p|" in text and text.rstrip().endswith("mc|5|")
    # every hand written, each suit letter given even when void (as BBO writes md|)
    assert text == lin.replace("md|3SAKQJT98765432,HAKQJT98765432,CAKQJT98765432,|",
                               "md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDCAKQJT98765432,SHDAKQJT98765432C|")


def test_url_one_link_per_board_decodes_to_the_board(tmp_path: Path) -> None:
    code, out, _ = run("convert", str(SAMPLE), "-", "--to", "url")
    boards = list(read_boards(str(SAMPLE)))
    links = out.splitlines()
    assert code == 0 and len(links) == len(boards)
    for link, b in zip(links, boards):
        assert link.startswith(HANDVIEWER) and " " not in link
        (again,) = read_lin_text(unquote(link[len(HANDVIEWER):]), "u.lin")
        assert again.deal == b.deal and again.get("Board") == b.get("Board")


def test_deal_writes_lin(tmp_path: Path) -> None:
    out = tmp_path / "d.lin"
    code, _, _ = run("deal", "--boards", "3", "--seed", "9", "-o", str(out))
    assert code == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and lines[2].startswith("qx|o3|md|")


@pytest.mark.parametrize("fmt", ["dup", "dlm", "bri", "dge", "ber", "rzd", "cds", "bhg", "csv"])
def test_every_deal_format_through_convert(tmp_path: Path, fmt: str) -> None:
    pbn = tmp_path / "a.pbn"
    run("deal", "--boards", "16", "--seed", "4", "-o", str(pbn))
    x = tmp_path / f"a.{fmt}"
    code, _, err = run("convert", str(pbn), str(x))
    assert code == 0, err
    back = tmp_path / "b.pbn"
    code, _, err = run("convert", str(x), str(back))
    assert code == 0, err
    a, b = list(read_boards(str(pbn))), list(read_boards(str(back)))
    assert [(x.get("Board"), x.get("Dealer"), x.get("Vulnerable"), x.deal) for x in a] == \
        [(x.get("Board"), x.get("Dealer"), x.get("Vulnerable"), x.deal) for x in b]
    again = tmp_path / f"c.{fmt}"
    run("convert", str(back), str(again))
    assert again.read_bytes() == x.read_bytes()


@pytest.mark.dds
def test_handrecord_reads_a_dealing_machine_file(tmp_path: Path) -> None:
    dlm = tmp_path / "s.dlm"
    run("deal", "--boards", "2", "--seed", "hr", "-o", str(dlm))
    html = tmp_path / "s.html"
    code, _, err = run("handrecord", str(dlm), "-o", str(html), "--no-cache")
    assert code == 0, err
    page = html.read_text(encoding="utf-8")
    (first,) = [b for b in read_boards(str(dlm)) if b.get("Board") == "1"]
    north = first.deal[0]  # type: ignore[index]
    assert "Board 2" in page and all(r.letter in page for r in north.ranks(next(iter(north.cards)).suit))


def test_binary_layout_on_standard_input_is_told_by_content(tmp_path: Path) -> None:
    dup = tmp_path / "s.dup"
    run("deal", "--boards", "3", "--seed", "in", "-o", str(dup))
    code, out, _ = run("convert", "-", "-", input=dup.read_bytes())
    assert code == 0 and out.count("[Deal ") == 3
    code, out, _ = run("convert", "-", "-", "--from", "ber", input=b"1234" * 13)
    assert code == 0 and out.count("[Deal ") == 1


@pytest.mark.parametrize("fmt,data,code", [
    ("bhg", b"\r\n" + b"A" * 52 + b"\r\n", "duplicate-card"),
    ("bhg", b"\r\n" + bytes(range(65, 91)) + bytes(range(97, 123)) + b"\r\nABC\r\n", "bad-record"),
    ("csv", b'"AKQ","","","","","","","","","","","","","","","","1","N/-"\r\n"x","y"\r\n', "bad-record"),
    ("dlm", b"[Document]\r\nFrom board=1\r\nTo board=1\r\nStatus=Show\r\nDuplicates=0\r\nChecksum=1\r\n"
            b"Board 01=xyz\r\n", "bad-board"),
    ("cds", bytes([1]) + bytes([0x1B] * 13) + bytes([2]) + bytes([0x1B] * 5), "truncated-record"),
])
def test_bad_records_exit_1(tmp_path: Path, fmt: str, data: bytes, code: str) -> None:
    src = tmp_path / f"bad.{fmt}"
    src.write_bytes(data)
    out = tmp_path / "bad.pbn"
    rc, _, err = run("convert", str(src), str(out))
    assert rc == 1 and code in err and str(src) in err
    assert "board" in err.split(code)[0]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(1, 99), dealer=st.sampled_from("NESW"),
       vul=st.sampled_from(["None", "NS", "EW", "All"]), names=st.lists(st.sampled_from(["", "Ann", "Bob", "Zoé"]),
                                                                      min_size=4, max_size=4))
def test_lin_property_random_boards(seed: int, number: int, dealer: str, vul: str, names: list[str]) -> None:
    import random as _random

    from bridgekit.board import Board
    from bridgekit.deal import Deal
    b = Board()
    b.set("Board", str(number))
    b.set("Dealer", dealer)
    b.set("Vulnerable", vul)
    b.set("Deal", str(Deal.random(_random.Random(seed))))
    for seat, name in zip(("South", "West", "North", "East"), names):
        if name:
            b.set(seat, name)
    (back,) = lin_round_trip([b])
    assert (back.get("Board"), back.get("Dealer"), back.get("Vulnerable"), back.deal) == \
        (b.get("Board"), b.get("Dealer"), b.get("Vulnerable"), b.deal)
    assert [back.get(s) for s in ("South", "West", "North", "East")] == [n or None for n in names]
    out = io.StringIO()
    write_boards([b], out, "url")
    (again,) = read_lin_text(unquote(out.getvalue().strip()[len(HANDVIEWER):]), "u.lin")
    assert again.deal == b.deal

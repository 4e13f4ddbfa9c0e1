"""The deal cache, DD tags tied to their deal, ``dd --verify``, the solver
stream and the solver options, without calling the solver (tables come
from tests/data/dd_tables.txt, solved by DDS when it was written)."""

from __future__ import annotations

import json
import multiprocessing
import socket
import sys
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgekit.analysis.ddcache import (DealCache, deal_fingerprint, deal_from_key, deal_key, table_bytes,
                                        table_from_bytes)
from bridgekit.analysis.ddtags import FINGERPRINT_TAG, tag_status, write_dd_tags
from bridgekit.analysis.solving import Solver, _Stream
from bridgekit.board import Board
from bridgekit.cli import cli
from bridgekit.dds import DDTable
from bridgekit.deal import Deal
from bridgekit.formats import read_boards
from bridgekit.seats import Seat

FIXTURE = Path(__file__).parent / "data" / "dd_tables.txt"


def fixture(n: int) -> list[tuple[Deal, DDTable]]:
    out = []
    for line in FIXTURE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        deal, _, dd = line.rpartition(" ")
        out.append((Deal.parse(deal), DDTable.from_pbn(dd)))
        if len(out) == n:
            break
    return out


def pbn(deals: list[Deal], first: int = 1, tags: dict[int, str] | None = None) -> str:
    parts = []
    for i, deal in enumerate(deals):
        extra = f'[DoubleDummyTricks "{tags[i]}"]\n' if tags and i in tags else ""
        parts.append(f'[Board "{first + i}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n{extra}')
    return "\n".join(parts)


# -- keys and fingerprints ---------------------------------------------------------

def test_deal_key_is_13_bytes_and_names_the_deal_exactly() -> None:
    deals = [d for d, _ in fixture(50)]
    keys = [deal_key(d) for d in deals]
    assert all(len(k) == 13 for k in keys)
    assert len(set(keys)) == 50
    assert [deal_from_key(k) for k in keys] == deals
    # The same deal written from another seat is the same key.
    assert deal_key(Deal.parse(deals[0].str_from(Seat.E))) == keys[0]


def test_deal_key_refuses_an_incomplete_deal() -> None:
    from bridgekit.errors import BridgekitError
    with pytest.raises(BridgekitError):
        deal_key(Deal.parse("N:AKQJ.T98.765.432 - - -"))


def test_table_bytes_round_trip() -> None:
    for _, table in fixture(20):
        assert table_from_bytes(table_bytes(table)) == table


def test_fingerprint_ties_the_table_to_its_deal() -> None:
    (deal, table), (other, other_table) = fixture(2)
    board = Board()
    board.set("Deal", str(deal))
    write_dd_tags(board, table)
    assert board.get(FINGERPRINT_TAG) == deal_fingerprint(deal, table)
    assert tag_status(board, deal) == (table, "tied")
    # The deal edited afterwards (two cards swapped): the tag is stale.
    edited = Deal.parse(str(deal).replace("Q", "x", 1).replace("J", "Q", 1).replace("x", "J", 1))
    assert edited != deal and edited.is_complete
    board.set("Deal", str(edited))
    assert tag_status(board, edited) == (table, "stale")
    # The table edited by hand: stale too.
    board.set("Deal", str(deal))
    board.set("DoubleDummyTricks", other_table.to_pbn())
    assert tag_status(board, deal)[1] == "stale"
    # No fingerprint: another program's table, shown as recorded.
    del board.tags[FINGERPRINT_TAG]
    board.set("DoubleDummyTricks", table.to_pbn())
    assert tag_status(board, deal) == (table, "recorded")
    board.set("DoubleDummyTricks", "1811118111819a8819a8")   # the 'ones' form: not a true table
    assert tag_status(board, deal)[1] == "unusable"


# -- the cache ---------------------------------------------------------------------

def test_cache_stores_by_deal_and_solver_version(tmp_path: Path) -> None:
    pairs = [(deal_key(d), t) for d, t in fixture(30)]
    with DealCache(tmp_path, version="v1") as cache:
        cache.put_many(pairs[:20])
        cache.put_many(pairs[10:30])      # overlapping: kept once
        assert len(cache) == 30
        assert cache.get_many(k for k, _ in pairs) == dict(pairs)
    with DealCache(tmp_path, version="v2") as other:
        assert len(other) == 0 and other.get(pairs[0][0]) is None


def _writer(directory: str, start: int, n: int) -> None:
    pairs = [(deal_key(d), t) for d, t in fixture(n)]
    cache = DealCache(directory, version="v1")
    for i in range(0, len(pairs), 3):   # many small transactions, interleaved with the other writer
        j = (start + i) % len(pairs)
        cache.put_many(pairs[j:j + 3])
    cache.put_many(pairs)
    cache.close()


def test_cache_is_safe_under_concurrent_writers(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), s, 120)) for s in (0, 60, 30)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    expected = {deal_key(d): t for d, t in fixture(120)}
    with DealCache(tmp_path, version="v1") as cache:
        assert len(cache) == 120
        assert cache.get_many(expected) == expected


@pytest.mark.dds
def test_an_unusable_cache_folder_is_one_warning_and_the_run_goes_on(tmp_path: Path) -> None:
    """Issue 24.8: a cache that cannot be used is one warning line, and the run solves."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    src = tmp_path / "a.pbn"
    deal, table = fixture(1)[0]
    src.write_text(pbn([deal]))
    result = CliRunner().invoke(cli, ["dd", str(src), "--cache", str(blocker / "sub"), "--json"])
    assert result.exit_code == 0
    assert result.stderr.count("\n") == 1 and "warning" in result.stderr and "deal cache" in result.stderr
    assert json.loads(result.stdout)[0]["dd"] == table.to_pbn()


# -- dd and par through a filled cache (no solving) ------------------------------------

@pytest.fixture
def filled(tmp_path: Path) -> tuple[Path, list[tuple[Deal, DDTable]]]:
    """A cache folder holding the first 6 fixture tables."""
    pairs = fixture(6)
    with DealCache(tmp_path / "cache") as cache:
        cache.put_many((deal_key(d), t) for d, t in pairs)
    return tmp_path / "cache", pairs


def test_dd_reads_the_cache_and_writes_tied_tags(tmp_path: Path, filled: tuple[Path, list]) -> None:
    cache, pairs = filled
    src = tmp_path / "s.pbn"
    src.write_text(pbn([d for d, _ in pairs]))
    out = tmp_path / "out.pbn"
    result = CliRunner().invoke(cli, ["dd", str(src), "--cache", str(cache), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "6 boards: 0 solved, 6 from the cache" in result.output
    boards = list(read_boards(str(out)))
    assert [b.get("DoubleDummyTricks") for b in boards] == [t.to_pbn() for _, t in pairs]
    assert all(tag_status(b, d)[1] == "tied" for b, (d, _) in zip(boards, pairs))
    # The written file needs neither solver nor cache: its tags are tied to the deals.
    again = CliRunner().invoke(cli, ["dd", str(out), "--no-cache", "--json"])
    assert [r["from"] for r in json.loads(again.stdout)] == ["tag"] * 6


@pytest.mark.dds   # DDS's par (no table is solved)
def test_par_ignores_a_stale_table(tmp_path: Path, filled: tuple[Path, list]) -> None:
    """The deal of a board edited after bridgekit wrote its table: par must
    use the table of the new deal (here from the cache), not the tag."""
    cache, pairs = filled
    (d0, t0), (d1, t1) = pairs[0], pairs[1]
    board = Board()
    board.set("Board", "1")
    board.set("Dealer", "N")
    board.set("Vulnerable", "None")
    board.set("Deal", str(d0))
    write_dd_tags(board, t0)
    from bridgekit.formats import write_boards
    src = tmp_path / "edited.pbn"
    write_boards([board], str(src), "pbn")
    text = src.read_text().replace(str(d0), str(d1))   # the director pastes another deal
    src.write_text(text)
    from bridgekit.dds import dds_par
    from bridgekit.seats import Vul
    result = CliRunner().invoke(cli, ["par", str(src), "--cache", str(cache), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["score_ns"] == dds_par(t1, Vul.NONE, Seat.N).score
    dd = CliRunner().invoke(cli, ["dd", str(src), "--cache", str(cache), "--wide"])
    assert "1 tag not tied to its deal by this user's bridgekit (edited since, or written elsewhere) solved again" in " ".join(dd.output.split())
    assert dd.output.splitlines()[2].split()[-1] == "cache"


def test_verify_reports_recorded_tables_that_disagree(tmp_path: Path, filled: tuple[Path, list]) -> None:
    cache, pairs = filled
    deals = [d for d, _ in pairs[:3]]
    wrong = pairs[1][1].to_pbn()
    wrong = ("c" if wrong[0] != "c" else "b") + wrong[1:]
    src = tmp_path / "other.pbn"
    src.write_text(pbn(deals, tags={0: pairs[0][1].to_pbn(), 1: wrong}))
    shown = CliRunner().invoke(cli, ["dd", str(src), "--cache", str(cache), "--json"])
    assert [r["from"] for r in json.loads(shown.stdout)] == ["recorded", "recorded", "cache"]
    assert json.loads(shown.stdout)[1]["dd"] == wrong   # shown as recorded
    result = CliRunner().invoke(cli, ["dd", str(src), "--cache", str(cache), "--verify"])
    assert result.exit_code == 1
    lines = [ln for ln in result.stderr.splitlines() if "disagrees" in ln]
    assert len(lines) == 1 and "board 2" in lines[0] and wrong in lines[0] and pairs[1][1].to_pbn() in lines[0]
    assert "2 tags verified by solving 2 deals, 1 disagrees" in " ".join(result.output.split())


def test_progress_shows_before_the_first_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from bridgekit.cli.analysis import _Progress
    src = tmp_path / "s.pbn"
    src.write_text(pbn([d for d, _ in fixture(3)]))
    written: list[str] = []
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stderr, "write", written.append, raising=False)
    progress = _Progress((str(src),), enabled=True)
    assert written and "0/3 boards, solving" in written[-1]
    progress(2, 0)
    assert "2/3 boards" in written[-1]


# -- the solver options --------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_scheduler_is_one_line_and_exit_3_before_reading(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    missing = tmp_path / "never-read.pbn"
    result = CliRunner().invoke(cli, ["dd", str(missing), "--scheduler", f"tcp://127.0.0.1:{_free_port()}"])
    assert result.exit_code == 3
    assert result.output.count("\n") == 1
    assert "cannot reach the Dask scheduler" in result.output and "never-read" not in result.output


def test_without_dask_the_options_say_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed fails
    result = CliRunner().invoke(cli, ["par", str(tmp_path / "x.pbn"), "--cluster", "local:2"])
    assert result.exit_code == 2
    assert "pip install 'bridgekit[cluster]'" in result.output


@pytest.mark.parametrize("args, message", [
    (["--cluster", "local:0"], "from 1 to 1024"),
    (["--cluster", "yarn"], "local or local:N"),
    (["--cluster", "local", "--scheduler", "tcp://x:1"], "not both"),
    (["--cache", "d", "--no-cache"], "not both"),
])
def test_bad_solver_options_are_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["dd", str(tmp_path / "x.pbn"), *args])
    assert result.exit_code == 2 and message in result.output


class _HeldBackend:
    """A backend whose batches come back only when the test says so."""

    batch_size, max_in_flight = 2, 4

    def __init__(self, tables: dict[bytes, DDTable]) -> None:
        self.tables = tables
        self.sent: list[tuple[list[bytes], Future[list[DDTable]]]] = []

    def submit(self, keys: list[bytes]) -> Future[list[DDTable]]:
        future: Future[list[DDTable]] = Future()
        self.sent.append((keys, future))
        return future

    def back(self, i: int) -> None:
        keys, future = self.sent[i]
        future.set_result([self.tables[k] for k in keys])

    def map_ordered(self, func: Any, items: Any) -> Any:
        return map(func, items)

    def close(self) -> None:
        pass


def _deal_board(deal: Deal) -> Board:
    board = Board()
    board.set("Deal", str(deal))
    return board


def test_the_solver_stream_sends_a_deal_once_and_gives_boards_back_in_order() -> None:
    (d0, t0), (d1, t1), (d2, t2) = fixture(3)
    backend = _HeldBackend({deal_key(d): t for d, t in ((d0, t0), (d1, t1), (d2, t2))})
    stream = _Stream(Solver(backend, None), None, None)
    for deal in (d0, d1, d0, d2):  # d0 twice: the second waits for the first's table
        stream.add(_deal_board(deal), force=False, recorded="solve")
    assert [keys for keys, _ in backend.sent] == [[deal_key(d0), deal_key(d1)]]  # a full batch goes out
    stream.submit()  # d2, alone in its batch
    assert [keys for keys, _ in backend.sent][1:] == [[deal_key(d2)]]
    backend.back(1)  # the later batch comes back first: the first board still waits
    stream.poll()
    assert list(stream.ready()) == []
    backend.back(0)
    stream.poll()
    assert [bt.table for bt in stream.ready()] == [t0, t1, t0, t2]
    # a run stopped with a batch out: the batch is cancelled, nothing is left waiting on it
    stream.add(_deal_board(d1), force=False, recorded="solve")  # its table is known now: no batch
    assert [bt.table for bt in stream.ready()] == [t1] and len(backend.sent) == 2
    other = _Stream(Solver(_HeldBackend({}), None), None, None)
    other.add(_deal_board(d0), force=False, recorded="solve")
    other.add(_deal_board(d1), force=False, recorded="solve")
    other.close()
    assert other.in_flight[0].future is not None and other.in_flight[0].future.cancelled()

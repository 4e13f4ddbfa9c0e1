"""Nothing lost, ever, part two (issue 24): each numbered case has a test
that failed on the code before the fix (the docstring quotes the defect)."""

from __future__ import annotations

import hashlib
import os
import time
from concurrent.futures import Future
from pathlib import Path

import pytest

from bridgekit.formats import read_boards
from bridgekit.safeio import Output, OutputChanged
from conftest import SAMPLES, run

MATCH = SAMPLES / "match.pbn"
LIN = SAMPLES / "vugraph.lin"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- 24.1: in place only in the file's own format; output format from the extension

@pytest.mark.parametrize("source", [LIN, SAMPLES / "match.json"])
def test_score_in_place_refuses_a_format_it_does_not_rewrite(tmp_path: Path, source: Path) -> None:
    """Defect: `score --in-place` on a LIN or JSON file rewrote it as PBN under
    its old name (exit 0), after which bridgekit could not read it."""
    if not source.exists():
        source = tmp_path / "made.json"
        assert run("convert", str(MATCH), str(source)).exit_code == 0
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes())
    before = digest(path)
    result = run("score", str(path), "--in-place")
    assert result.exit_code == 2, result.output
    assert "rewrites only PBN" in result.stderr and path.name in result.stderr
    assert digest(path) == before
    assert list(read_boards(str(path)))   # still readable


def test_score_in_place_on_a_folder_checks_every_file_before_any(tmp_path: Path) -> None:
    """Defect: on a directory it rewrote seven LIN files at once."""
    (tmp_path / "a.pbn").write_bytes(MATCH.read_bytes())
    (tmp_path / "b.lin").write_bytes(LIN.read_bytes())
    before = {p.name: digest(p) for p in tmp_path.iterdir()}
    result = run("score", str(tmp_path), "--in-place")
    assert result.exit_code == 2 and "b.lin" in result.stderr and "nothing was rewritten" in result.stderr
    assert {p.name: digest(p) for p in tmp_path.iterdir()} == before   # the PBN file was not touched either


@pytest.mark.parametrize("command", [["score"], ["dd"], ["par"], ["event"]])
def test_an_output_extension_bridgekit_does_not_write_is_a_usage_error(tmp_path: Path,
                                                                         command: list[str]) -> None:
    """Defect: `dd`, `par`, `score`, `event -o x.json` or `x.lin` silently wrote PBN
    (LIN is written since; an extension no writer claims is refused)."""
    src = SAMPLES / ("pairs.pbn" if command == ["event"] else "match.pbn")
    out = tmp_path / "x.xyz"
    result = run(*command, str(src), "-o", str(out), "--no-cache" if command[0] in ("dd", "par") else "--json")
    assert result.exit_code == 2, result.output
    assert "cannot tell the output format from the extension '.xyz'" in result.stderr
    assert not out.exists()


def test_score_o_json_writes_json(tmp_path: Path) -> None:
    """Defect: `score -o x.json` wrote PBN into x.json."""
    out = tmp_path / "x.json"
    assert run("score", str(MATCH), "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").lstrip().startswith("[")
    boards = list(read_boards(str(out)))
    assert [b.get("Score") for b in boards][:2] == ["NS 420", "NS 170"]


# -- 24.2: an existing file is replaced only with --force -------------------------------

@pytest.mark.parametrize("args", [
    ["convert", "{src}", "{out}"],
    ["score", "{src}", "-o", "{out}"],
    ["event", "{pairs}", "-o", "{out}"],
])
def test_an_existing_output_needs_force(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "out.pbn"
    out.write_text("% mine\n")
    argv = [a.format(src=MATCH, out=out, pairs=SAMPLES / "pairs.pbn") for a in args]
    result = run(*argv)
    assert result.exit_code == 2 and "--force" in result.stderr
    assert out.read_text() == "% mine\n"
    assert run(*argv, "--force").exit_code in (0, 1)
    assert out.read_text() != "% mine\n"


def test_play_save_does_not_replace_a_file_without_force(tmp_path: Path) -> None:
    """Defect: `play --save FILE` replaced an existing 8-board file by one game record, exit 0."""
    keep = tmp_path / "session.pbn"
    keep.write_bytes(MATCH.read_bytes())
    result = run("play", "--auto", "--seed", "3", "--samples", "1", "--think", "0", "--save", str(keep),
                 input="n\n")
    assert result.exit_code == 2 and "--force" in result.stderr
    assert keep.read_bytes() == MATCH.read_bytes()


def test_play_default_names_never_collide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: the default name had one-second resolution, so two games ending in
    the same second kept one record."""
    from bridgekit.cli.play import save_new
    monkeypatch.chdir(tmp_path)
    written = [save_new(lambda s, n=n: s.write(f"% game {n}\n")) for n in range(3)]   # within a second
    assert len(set(written)) == 3
    assert sorted(Path(p).read_text() for p in written) == [f"% game {n}\n" for n in range(3)]


# -- 24.4: in place keeps what it does not understand, or refuses naming the lines --

def test_in_place_refuses_to_drop_free_text(tmp_path: Path) -> None:
    """Defect: `--in-place` silently dropped a free-text line between games
    ("10 warnings not shown (bad-token 10)", exit 0)."""
    text = MATCH.read_text(encoding="utf-8")
    games = text.split("\n\n")
    path = tmp_path / "notes.pbn"
    path.write_text(games[0] + "\n\nRemember to check board 2 with Ann\n\n" + "\n\n".join(games[1:]), encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines().index("Remember to check board 2 with Ann") + 1
    before = digest(path)
    for command in (["convert", str(path), "--in-place"], ["score", str(path), "--in-place"]):
        result = run(*command)
        assert result.exit_code == 3, result.output
        assert f"line {line} " in result.stderr and "left as it was" in result.stderr
        assert digest(path) == before
    assert names(tmp_path) == ["notes.pbn"]


def test_binary_without_nul_bytes_is_found_by_content(tmp_path: Path) -> None:
    """Defect: binary was detected only by NUL bytes; a 1 MB block of other
    binary inside a PBN file was read as stray text and dropped by --in-place."""
    import random
    rng = random.Random(24)
    blob = bytes(rng.choice([b for b in range(256) if b not in (0, 10, 13)]) for _ in range(1 << 20))
    path = tmp_path / "blob.pbn"
    path.write_bytes(MATCH.read_bytes() + b"\n" + blob + b"\n\n" + MATCH.read_bytes())
    before = digest(path)
    result = run("convert", str(path), "--in-place")
    assert result.exit_code == 3 and "binary data" in result.stderr
    assert digest(path) == before
    assert run("show", str(path)).exit_code == 3


def test_text_with_a_few_control_characters_is_still_text(tmp_path: Path) -> None:
    """The content rule does not take hostile-but-textual files for binary."""
    from bridgekit.formats import looks_binary
    text = MATCH.read_bytes().replace(b'[Site "Home"]', b'[Site "\x1b]0;x\x07Home\x08\x08"]')
    assert looks_binary(text) is None
    assert looks_binary(text + b"\x01\x02" * 400) is not None


# -- 24.5: a change by another program is found by content -------------------------

def test_a_change_keeping_size_and_time_is_detected(tmp_path: Path) -> None:
    """Defect: detection by size and modification time only: an edit that kept
    the size and restored the time was overwritten."""
    path = tmp_path / "game.pbn"
    path.write_text("% version A\n")
    with pytest.raises(OutputChanged):
        with Output(str(path), [str(path)], in_place=True) as out:
            out.stream.write("% ours\n")
            st = path.stat()
            with open(path, "r+") as other:   # another program, same size, time put back
                other.write("% version B\n")
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
            out.commit()
    assert path.read_text() == "% version B\n"


# -- 24.9 (part): temporary files of dead runs -------------------------------------

def test_stale_temporary_files_are_removed_on_the_next_write(tmp_path: Path) -> None:
    """Defect: 205 hidden temporary files left by kills were never cleaned up."""
    from bridgekit.safeio import remove_stale_temporaries
    stale = tmp_path / ".out.pbn.abc123.bridgekit-tmp"
    stale.write_text("half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".out.pbn.def456.bridgekit-tmp"   # a live writer may not have locked it yet
    fresh.write_text("half")
    other = tmp_path / ".hidden"
    other.write_text("not ours")
    assert run("convert", str(MATCH), str(tmp_path / "out.pbn")).exit_code == 0
    assert names(tmp_path) == [".hidden", ".out.pbn.def456.bridgekit-tmp", "out.pbn"]
    # a live writer's file (locked) is never taken
    with Output(str(tmp_path / "b.pbn")) as out:
        live = [p for p in tmp_path.iterdir() if p.name.startswith(".b.pbn.")]
        assert len(live) == 1
        os.utime(live[0], (old, old))
        assert remove_stale_temporaries(str(tmp_path)) == 0
        assert live[0].exists()
        out.stream.write("x")
        out.commit()


# -- 24.3: a write is committed only when the whole run succeeded -------------------

class _Backend:
    """Solves from the fixture's known tables; the batch holding ``bad``
    fails (a worker that died on every try); ``hang`` never answers."""

    def __init__(self, tables: dict, bad: bytes | None = None, hang: bool = False) -> None:
        self.tables, self.bad, self.hang = tables, bad, hang
        self.batch_size, self.max_in_flight = 2, 2
        self.checks = 0

    def submit(self, keys: list[bytes]) -> "Future":
        f: Future = Future()
        if self.hang:
            return f
        if self.bad in keys:
            f.set_exception(RuntimeError("KilledWorker: tried 3 times"))
        else:
            f.set_result([self.tables[k] for k in keys])
        return f

    def map_ordered(self, func, items):  # type: ignore[no-untyped-def]
        return map(func, items)

    def check(self, failed: bool = False) -> None:
        self.checks += 1
        if self.hang and self.checks > 8:
            from bridgekit.analysis.cluster import ClusterLost
            raise ClusterLost("lost the Dask scheduler at tcp://x:8786: it has no worker left for 20 s")

    def close(self) -> None:
        pass


def _with_backend(monkeypatch: pytest.MonkeyPatch, backend: _Backend) -> None:
    from bridgekit.analysis import solving
    monkeypatch.setattr(solving, "open_solver", lambda **kw: solving.Solver(backend, None))


def _deals_file(tmp_path: Path, n: int = 6) -> tuple[Path, list, dict]:
    from bridgekit.analysis.ddcache import deal_key
    from test_ddcache import fixture, pbn
    pairs = fixture(n)
    src = tmp_path / "in.pbn"
    src.write_text(pbn([d for d, _ in pairs]))
    return src, pairs, {deal_key(d): t for d, t in pairs}


def test_dd_with_boards_the_solver_failed_on_leaves_the_output_as_it_was(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: with the cluster failing mid-run, `dd -o OUT` still replaced OUT with
    boards without DD tables, printed "wrote 20 boards with DD tables" and exited 1."""
    from bridgekit.analysis.ddcache import deal_key
    src, pairs, tables = _deals_file(tmp_path)
    _with_backend(monkeypatch, _Backend(tables, bad=deal_key(pairs[2][0])))
    out = tmp_path / "out.pbn"
    out.write_text("% earlier\n")
    result = run("dd", str(src), "-o", str(out), "--force")
    assert result.exit_code == 3, result.output
    assert "wrote" not in result.stderr and "left as it was (the solver failed" in result.stderr
    assert out.read_text() == "% earlier\n"
    assert names(tmp_path) == ["in.pbn", "out.pbn"]


def test_a_lost_cluster_stops_the_run_in_one_line_instead_of_hanging(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: with the only worker dead, `dd` hung forever with nothing on stderr."""
    src, _, tables = _deals_file(tmp_path)
    _with_backend(monkeypatch, _Backend(tables, hang=True))
    out = tmp_path / "out.pbn"
    result = run("dd", str(src), "-o", str(out))
    assert result.exit_code == 3
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "lost the Dask scheduler" in lines[0]
    assert not out.exists() and names(tmp_path) == ["in.pbn"]


class _Client:
    """What DaskBackend.check looks at: the client's status and the workers the scheduler knows."""

    def __init__(self) -> None:
        self.status = "running"
        self.workers: dict = {"tcp://w1": {}}
        self.scheduler = type("S", (), {"identity": None})()

    def sync(self, func, **kw):  # type: ignore[no-untyped-def]
        return {"workers": self.workers}


def test_the_cluster_watchdog_bounds_the_wait() -> None:
    from bridgekit.analysis.cluster import LOST_AFTER, ClusterLost, DaskBackend
    backend = object.__new__(DaskBackend)
    backend.client = _Client()
    backend._where, backend._trouble, backend._checked = "the Dask scheduler at tcp://x:8786", None, 0.0
    now = [100.0]
    clock = lambda: now[0]   # noqa: E731
    backend.check(clock=clock)                     # workers there: fine
    backend.client.workers = {}
    for _ in range(int(LOST_AFTER) - 1):           # no worker, but not for LOST_AFTER seconds yet
        now[0] += 1.0
        backend.check(clock=clock)
    now[0] += 2.5                                  # 20.5 s since the workers were first missed
    with pytest.raises(ClusterLost, match="no worker left for 20 s"):
        backend.check(clock=clock)
    backend.client.workers, backend._trouble = {"tcp://w2": {}}, None
    backend.client.status = "connecting"           # the scheduler gone: a failed batch says so at once
    with pytest.raises(ClusterLost, match="connection to it is down"):
        backend.check(failed=True, clock=clock)
    backend.client.status = "closed"
    with pytest.raises(ClusterLost):
        backend.check(clock=clock)


# -- 24.10 (part): the lessons' progress file ---------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_the_progress_file_does_not_hang(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: a FIFO as the lessons progress file hung `lesson list`."""
    import threading
    from bridgekit.tutor.progress import Progress
    fifo = tmp_path / "lessons.json"
    os.mkfifo(fifo)
    done: list[Progress] = []
    t = threading.Thread(target=lambda: done.append(Progress(fifo)), daemon=True)
    t.start()
    t.join(10)
    assert done, "reading the progress file blocked on the FIFO"
    progress = done[0]
    assert progress.damaged is not None and "not a regular file" in progress.damaged
    progress.get("01-x").step = 3
    progress.save()                                # not written into the FIFO (it would block too)
    assert names(tmp_path) == ["lessons.json"]
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    result = run("lesson", "list")
    assert result.exit_code == 0 and "not a regular file" in result.stderr


def test_a_second_damaged_progress_file_keeps_the_first_copy(tmp_path: Path) -> None:
    """Defect: a second damaged progress file overwrote the first `.damaged` copy."""
    from bridgekit.tutor.progress import Progress
    path = tmp_path / "lessons.json"
    for text in ("first damage {", "second damage ["):
        path.write_text(text)
        p = Progress(path)
        assert p.damaged is not None
        p.get("01-x").step = 2
        p.save()
    assert (tmp_path / "lessons.json.damaged").read_text() == "first damage {"
    assert (tmp_path / "lessons.json.damaged-2").read_text() == "second damage ["
    assert Progress(path).lessons["01-x"].step == 2


# -- 24.11: scheduler addresses ------------------------------------------------------

@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "ucx://127.0.0.1:8786", "", "http://127.0.0.1:1",
                                     "tcp://host:99999"])
def test_a_scheduler_address_bridgekit_cannot_use_is_a_usage_error(address: str) -> None:
    """Defect: tls:// and ucx:// gave a traceback; '' and http:// a clean line, then a
    10 s wait and an "Exception ignored ... TimeoutError" traceback."""
    pytest.importorskip("distributed")
    result = run("dd", str(MATCH), "--scheduler", address)
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert "tcp://HOST:PORT" in result.stderr or "port" in result.stderr


def test_an_unreachable_scheduler_is_one_line_at_once(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys
    pytest.importorskip("distributed")
    with socket.socket() as s:   # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    for address in (f"127.0.0.1:{port}", "foo.invalid"):
        proc = subprocess.run([sys.executable, "-m", "bridgekit", "dd", str(MATCH), "--scheduler", address],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 3
        assert proc.stderr.count("\n") == 1 and "cannot reach the Dask scheduler" in proc.stderr, proc.stderr


# -- 24.6-24.8: a cache and tags that prove what they serve --------------------------

def _cache_with(tmp_path: Path, n: int = 2) -> tuple[Path, Path, list]:
    from bridgekit.analysis.ddcache import DealCache, deal_key
    from test_ddcache import fixture, pbn
    pairs = fixture(n)
    cache = tmp_path / "cache"
    with DealCache(cache) as c:
        c.put_many((deal_key(d), t) for d, t in pairs)
    src = tmp_path / "s.pbn"
    src.write_text(pbn([d for d, _ in pairs]))
    return cache, src, pairs


def _wrong(table) -> bytes:  # type: ignore[no-untyped-def]
    cells = list(table.cells)
    cells[0] = (cells[0] + 3) % 14
    return bytes(cells)


def _dd_rows(*args: str) -> list[dict]:
    import json
    result = run("dd", *args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.mark.dds
def test_a_cache_row_that_fails_its_checksum_is_dropped_and_solved_again(tmp_path: Path) -> None:
    """Defect: a row with wrong tricks was served forever ("insert or ignore" never repaired it)."""
    import sqlite3
    from bridgekit.analysis.ddcache import DealCache, deal_key
    cache, src, pairs = _cache_with(tmp_path)
    with sqlite3.connect(cache / "dd-tables.sqlite") as db:
        db.execute("UPDATE dd_checked SET tricks = ? WHERE deal = ?", (_wrong(pairs[0][1]), deal_key(pairs[0][0])))
    rows = _dd_rows(str(src), "--cache", str(cache))
    assert [r["dd"] for r in rows] == [t.to_pbn() for _, t in pairs]
    assert [r["from"] for r in rows] == ["solved", "cache"]
    with DealCache(cache) as c:                                  # repaired in place
        assert c.get(deal_key(pairs[0][0])) == pairs[0][1]


@pytest.mark.dds
def test_force_solves_past_a_poisoned_cache_and_repairs_it(tmp_path: Path) -> None:
    """Defect: `--force` did not bypass the cache, and the poison spread to par and dd -o."""
    import sqlite3
    from bridgekit.analysis.ddcache import deal_key, row_check
    from bridgekit.dds import solver_version
    cache, src, pairs = _cache_with(tmp_path, 1)
    key, bad = deal_key(pairs[0][0]), _wrong(pairs[0][1])
    with sqlite3.connect(cache / "dd-tables.sqlite") as db:   # a row with a checksum made to match
        db.execute("UPDATE dd_checked SET tricks = ?, \"check\" = ? WHERE deal = ?",
                   (bad, row_check(solver_version(), key, bad), key))
    assert _dd_rows(str(src), "--cache", str(cache))[0]["dd"] != pairs[0][1].to_pbn()   # served: it proves itself
    forced = _dd_rows(str(src), "--cache", str(cache), "--force")
    assert forced[0]["dd"] == pairs[0][1].to_pbn() and forced[0]["from"] == "solved"
    assert _dd_rows(str(src), "--cache", str(cache))[0]["dd"] == pairs[0][1].to_pbn()   # the row replaced


@pytest.mark.dds
def test_forged_fingerprints_are_not_trusted_and_verify_solves(tmp_path: Path) -> None:
    """Defect: the fingerprint had no secret: a file carried forged tables with
    recomputed fingerprints; `dd --verify --no-cache` reported "8 tags verified,
    0 disagree" with 0 deals solved, and par printed +1520 7NT=."""
    import hashlib
    import json
    from bridgekit.analysis.ddcache import deal_key
    from bridgekit.dds import DDTable, solver_version
    from test_ddcache import fixture, pbn
    pairs = fixture(2)
    forged = {}
    for i, (deal, table) in enumerate(pairs):
        fake = DDTable(tuple(13 for _ in table.cells))   # every contract makes 13 tricks
        h = hashlib.blake2b(digest_size=8)                # the old, unkeyed fingerprint
        h.update(solver_version().encode())
        h.update(deal_key(deal))
        h.update(bytes(fake.cells))
        forged[i] = fake.to_pbn() + f'"]\n[DoubleDummyFingerprint "{h.hexdigest()}'
    src = tmp_path / "forged.pbn"
    src.write_text(pbn([d for d, _ in pairs], tags=forged))
    result = run("dd", str(src), "--verify", "--no-cache")
    assert result.exit_code == 1
    assert "2 tags verified by solving 2 deals, 2 disagree" in " ".join(result.output.split())
    par = run("par", str(src), "--no-cache", "--json")
    from bridgekit.dds import dds_par
    from bridgekit.seats import Seat, Vul
    assert [r["score_ns"] for r in json.loads(par.stdout)] == [dds_par(t, Vul.NONE, Seat.N).score for _, t in pairs]
    # what bridgekit itself writes stays trusted by this user's runs
    out = tmp_path / "ours.pbn"
    assert run("dd", str(src), "-o", str(out), "--no-cache", "--force").exit_code == 0
    assert [r["from"] for r in _dd_rows(str(out), "--no-cache")] == ["tag", "tag"]


@pytest.mark.dds
def test_a_corrupt_or_read_only_cache_is_one_warning_and_the_run_goes_on(tmp_path: Path) -> None:
    """Defect: a corrupt cache (wrong column types, flipped bytes) gave a
    traceback; a cache on a read-only mount made dd fail although every table was cached."""
    import sqlite3
    from bridgekit.analysis.ddcache import deal_key
    cache, src, pairs = _cache_with(tmp_path)
    with sqlite3.connect(cache / "dd-tables.sqlite") as db:   # wrong column types
        db.execute("UPDATE dd_checked SET tricks = 12345, \"check\" = 'x' WHERE deal = ?", (deal_key(pairs[0][0]),))
    rows = _dd_rows(str(src), "--cache", str(cache))
    assert [r["dd"] for r in rows] == [t.to_pbn() for _, t in pairs]
    # read-only (a read-only mount: simulated, since root writes anywhere): every table cached, served
    from bridgekit.analysis.ddcache import DealCache

    def read_only(self: DealCache) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(DealCache, "_connect", read_only)
        result = run("dd", str(src), "--cache", str(cache), "--json")
        assert result.exit_code == 0 and result.stderr == ""
        import json
        assert [r["from"] for r in json.loads(result.stdout)] == ["cache", "cache"]
    # flipped bytes all over the database file
    db_file = cache / "dd-tables.sqlite"
    for extra in ("-wal", "-shm"):
        Path(str(db_file) + extra).unlink(missing_ok=True)
    data = bytearray(db_file.read_bytes())
    for i in range(0, len(data), 7):
        data[i] ^= 0xFF
    db_file.write_bytes(bytes(data))
    result = run("dd", str(src), "--cache", str(cache), "--json")
    assert result.exit_code == 0 and "Traceback" not in result.output
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "deal cache" in warnings[0]


# -- 24.9: solver children die with their parent; locks go with their holder -------

def _children(pid: int) -> set[int]:
    """Every live descendant of ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    out: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        kids = {c for c, pp in parents.items() if pp == p}
        todo += list(kids - out)
        out |= kids
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _wait_gone(pids: set[int], seconds: float = 20.0) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.1)
    return {p for p in pids if _alive(p)}


def _many_deals(tmp_path: Path, n: int = 60) -> Path:
    from bridgekit.board import deal_boards
    from bridgekit.formats import write_boards
    src = tmp_path / "many.pbn"
    with open(src, "w", encoding="utf-8") as f:   # a test's own input file
        write_boards(deal_boards(n, "24.9", 1, None), f)
    return src


@pytest.mark.dds
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_the_solver_process_dies_with_a_killed_parent_and_the_lock_goes(tmp_path: Path) -> None:
    """Defect: SIGKILL of dd left the DDS solver child running forever (about
    100 MB each), and the orphan kept the lock on the -o target, so a later
    write to that path waited forever."""
    import signal
    import subprocess
    import sys
    src = _many_deals(tmp_path)
    out = tmp_path / "out.pbn"
    out.write_text("% earlier\n")
    proc = subprocess.Popen([sys.executable, "-m", "bridgekit", "dd", str(src), "-o", str(out), "--force",
                             "--no-cache", "--jobs", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    kids: set[int] = set()
    while time.monotonic() < deadline and proc.poll() is None and not kids:
        time.sleep(0.2)
        kids = _children(proc.pid)
    assert kids and proc.poll() is None, "the solver process should have started"
    time.sleep(0.5)
    kids |= _children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert _wait_gone(kids) == set()
    assert out.read_text() == "% earlier\n"
    # the lock went with its holder: the next write does not wait
    done = subprocess.run([sys.executable, "-m", "bridgekit", "convert", str(MATCH), str(out), "--force"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "waiting" not in done.stderr
    # the killed run's temporary file, once a few seconds old, goes at the next write to the folder
    for left in tmp_path.glob(".*.bridgekit-tmp"):
        os.utime(left, (time.time() - 60, time.time() - 60))
    assert subprocess.run([sys.executable, "-m", "bridgekit", "convert", str(MATCH), str(out), "--force"],
                          capture_output=True, timeout=120).returncode == 0
    assert list(tmp_path.glob(".*.bridgekit-tmp")) == []


@pytest.mark.dds
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_the_solver_process_dies_when_the_pipe_closes() -> None:
    """Defect: `bridgekit dd big.pbn | head -3` left the solver child running:
    the forked child held its own copy of the pipe's write end."""
    import subprocess
    import sys
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        src = _many_deals(Path(folder), 80)
        proc = subprocess.Popen([sys.executable, "-m", "bridgekit", "dd", str(src), "--no-cache", "--jobs", "1",
                                 "--csv"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert proc.stdout is not None
        proc.stdout.readline()                       # the header: the run is under way
        kids = _children(proc.pid)
        proc.stdout.close()                          # what head does after its lines
        proc.wait(timeout=300)
        assert _wait_gone(kids | _children(proc.pid)) == set()


# -- 24.12: CSV injection ------------------------------------------------------------

def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: CSV output wrote names and file names beginning with =, +, -, @
    verbatim: a spreadsheet runs them as formulas."""
    import csv
    import io
    tagged = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
              '[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]\n'
              '[DoubleDummyTricks "2333223332aaaabaaaab"]\n')
    monkeypatch.chdir(tmp_path)
    names = ["=cmd.pbn", "+sum.pbn", "-x.pbn", "@at.pbn"]
    for name in names:
        (tmp_path / name).write_text(tagged)
    result = run("dd", "--csv", "--no-cache", "--", *names)
    assert result.exit_code == 0, result.output
    files = [row["file"] for row in csv.DictReader(io.StringIO(result.stdout))]
    assert files == ["'" + n for n in names]
    raw = run("dd", "--csv", "--raw-csv", "--no-cache", "--", *names)
    assert [row["file"] for row in csv.DictReader(io.StringIO(raw.stdout))] == names
    from bridgekit.cli.output import csv_guard
    assert [csv_guard(t) for t in ("-420", "+1.5", "-", "Ann", "\tx", "=1+2")] == \
        ["-420", "+1.5", "-", "Ann", "'\tx", "'=1+2"]


# -- 24.13: what is echoed or drawn ------------------------------------------------------

TAGGED_CJK = ('[Event "北京 Club"]\n[Site "서울"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
              '[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]\n'
              '[DoubleDummyTricks "2333223332aaaabaaaab"]\n')


def test_pdf_text_the_font_cannot_draw_is_a_visible_marker_and_one_warning(tmp_path: Path) -> None:
    """Defect: the PDF dropped CJK and Hangul text silently (title and site
    lost), with a raw fpdf2 warning."""
    import shutil
    import subprocess
    import sys
    src = tmp_path / "cjk.pbn"
    src.write_text(TAGGED_CJK, encoding="utf-8")
    out = tmp_path / "cjk.pdf"
    proc = subprocess.run([sys.executable, "-m", "bridgekit", "handrecord", str(src), "-o", str(out),
                           "--trust-tags", "--no-cache"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if "cannot draw" in line]
    assert len(lines) == 1 and "4 characters" in lines[0] and "missing the following glyphs" not in proc.stderr
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
        assert "\u25a1\u25a1 Club" in text and "\u25a1\u25a1" in text.split("Club", 1)[1]


def test_echoed_file_names_and_json_are_made_printable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Defect: output file names were echoed with raw control characters in
    "wrote ... to NAME"; `convert - --to json` printed a raw C1 control that
    `show --json` escapes."""
    monkeypatch.chdir(tmp_path)
    name = "out\x1b[2J\x9b.pbn"
    result = run("score", str(MATCH), "-o", name)
    assert result.exit_code == 0
    assert "\x1b" not in result.stderr and "\x9b" not in result.stderr and "\\x1b[2J" in result.stderr
    pbn = MATCH.read_text(encoding="utf-8").replace('[Site "Home"]', '[Site "Ho\x9bme\x7f"]')
    converted = run("convert", "-", "-", "--to", "json", input=pbn.encode("utf-8"))
    assert converted.exit_code == 0
    assert "\x9b" not in converted.stdout and "\x7f" not in converted.stdout
    assert "\\u009b" in converted.stdout and "\\u007f" in converted.stdout

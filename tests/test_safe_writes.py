"""Nothing lost, ever: every file bridgekit writes goes through bridgekit.safeio.

Each rule of issue 10 point 1 has a test here; the ones named after a defect
(`..._defect_...` in the docstring) failed on the code before the write path.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bridgekit.formats import read_boards
from bridgekit.safeio import Output, OutputChanged, OutputRefused
from conftest import ROOT, SAMPLES, ctrl_c_reaches_children, run

MATCH = SAMPLES / "match.pbn"
BRIDGEKIT = [sys.executable, "-m", "bridgekit"]
# A board whose DoubleDummyTricks tag serves as the DD table: dd and par run
# over it without calling the solver.
TAGGED = """[Board "{n}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K843.T542.J6.863 AQJ7.K.Q75.AT942 962.AJ7.KT82.J75 T5.Q9863.A943.KQ"]
[Declarer "E"]
[Contract "4S"]
[Result "10"]
[DoubleDummyTricks "2333223332aaaabaaaab"]
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def big_file(path: Path, boards: int, tail: str = "") -> Path:
    """``boards`` tagged boards (about 300 bytes each), then ``tail``."""
    path.write_text("\n".join(TAGGED.format(n=n) for n in range(1, boards + 1)) + tail, encoding="utf-8")
    return path


def leftovers(folder: Path, *keep: Path) -> list[str]:
    """Files in ``folder`` other than ``keep``: a temporary file left behind."""
    return sorted(p.name for p in folder.iterdir() if p not in keep)


# -- a read failing at the end of a large file ---------------------------------------

@pytest.fixture
def late_nul(tmp_path: Path) -> Path:
    """300 good boards, 2.3 MB of comment lines, then a NUL byte: the reader
    stops with exit 3 after the first two megabytes, once the boards went by."""
    padding = "\n" + ("% " + "padding " * 9 + "\n") * 30_000
    path = big_file(tmp_path / "late-nul.pbn", 300, tail=padding + "\n\x00\n" + TAGGED.format(n=301))
    assert path.stat().st_size > 2_300_000
    return path


@pytest.mark.parametrize("args", [
    ("convert", "{src}", "--in-place"),
    ("convert", "{src}", "{out}", "--force"),
    ("score", "{src}", "--in-place"),
    ("score", "{src}", "-o", "{out}", "--force"),
    ("dd", "{src}", "-o", "{out}", "--force"),
])
def test_an_input_unreadable_at_the_end_leaves_the_output_untouched(late_nul: Path, args: tuple[str, ...]) -> None:
    """Defect: `convert --in-place` cut a 14,574-board file to 3,198 boards;
    `convert IN OUT`, `score --in-place`, `score -o`, `dd -o` committed the
    partial result."""
    out = late_nul.parent / "out.pbn"
    out.write_text("% the user's earlier output\n")
    before = {p: digest(p) for p in (late_nul, out)}
    result = run(*(a.format(src=late_nul, out=out) for a in args))
    assert result.exit_code == 3, result.output
    assert "NUL" in result.stderr and "left as it was" in result.stderr
    assert {p: digest(p) for p in (late_nul, out)} == before
    assert leftovers(late_nul.parent, late_nul, out) == []


def test_boards_with_problems_are_still_written(tmp_path: Path) -> None:
    src = tmp_path / "in.pbn"
    src.write_text(TAGGED.format(n=1) + '\n[Board "2"]\n[Deal "N:AKQ... - - -"]\n[Contract "9S"]\n')
    out = tmp_path / "out.pbn"
    result = run("convert", str(src), str(out))
    assert result.exit_code == 1
    assert [b.label for b in read_boards(str(out))] == ["1", "2"]


# -- same file, existing file, kinds of file -------------------------------------------

@pytest.mark.parametrize("command", ["score", "dd", "par"])
def test_output_that_is_the_input_is_refused(tmp_path: Path, command: str) -> None:
    """Defect: `score F -o F`, `dd F -o F` (1.1 MB to 21 bytes) and `par F -o F`
    overwrote the input without --in-place."""
    src = big_file(tmp_path / "in.pbn", 2)
    before = digest(src)
    link = tmp_path / "link.pbn"
    link.symlink_to(src.name)
    hard = tmp_path / "hard.pbn"
    os.link(src, hard)
    for out in (src, link, hard, Path(str(tmp_path / "sub" / ".." / "in.pbn"))):
        (tmp_path / "sub").mkdir(exist_ok=True)
        result = run(command, str(src), "-o", str(out))
        assert result.exit_code == 2, result.output
        # issue 24.13: only a command that has --in-place advises it
        assert ("--in-place" in result.stderr) == (command == "score"), result.stderr
        assert command == "score" or "another file" in result.stderr
    assert digest(src) == before


def test_standard_input_redirected_from_the_output_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "in.pbn"
    src.write_bytes(MATCH.read_bytes())
    with open(src, "rb") as stdin:
        proc = subprocess.run(BRIDGEKIT + ["convert", "-", str(src)], stdin=stdin, capture_output=True,
                              text=True, cwd=ROOT)
    assert proc.returncode == 2 and "standard input" in proc.stderr
    assert src.read_bytes() == MATCH.read_bytes()


def test_deal_refuses_an_existing_file_without_force(tmp_path: Path) -> None:
    """Defect: `deal -o existing.pbn` overwrote silently."""
    out = tmp_path / "match.pbn"
    out.write_text("% a session's boards\n")
    result = run("deal", "--boards", "2", "--seed", "7", "-o", str(out))
    assert result.exit_code == 2 and "--force" in result.stderr
    assert out.read_text() == "% a session's boards\n"
    result = run("deal", "--boards", "2", "--seed", "7", "-o", str(out), "--force")
    assert result.exit_code == 0
    assert [b.label for b in read_boards(str(out))] == ["1", "2"]


def test_directories_missing_folders_and_read_only_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputRefused, match="directory"):
        Output(str(tmp_path))
    with pytest.raises(OutputRefused, match="folder does not exist"):
        Output(str(tmp_path / "no" / "x.pbn"))
    ro = tmp_path / "ro.pbn"
    ro.write_text("x")
    ro.chmod(0o444)
    with pytest.raises(OutputRefused, match="read-only"):
        Output(str(ro))
    assert run("convert", str(MATCH), str(ro)).exit_code == 2
    assert ro.read_text() == "x"


def test_in_place_on_a_symlink_rewrites_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    """Defect: the rename replaced the link by a plain file."""
    real = tmp_path / "data" / "game.pbn"
    real.parent.mkdir()
    real.write_text(MATCH.read_text().replace('[Score "', '[OldScore "'))
    link = tmp_path / "game.pbn"
    link.symlink_to(real)
    result = run("score", str(link), "--in-place")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert [b.get("Score") for b in read_boards(str(real))][:2] == ["NS 420", "NS 170"]
    assert leftovers(real.parent, real) == []


def test_a_fifo_is_written_to_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    result = run("convert", str(MATCH), str(fifo))
    reader.join(10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert got[0].count(b'[Board "') == 8


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="making a device node needs root")
def test_a_character_device_is_written_to_not_replaced(tmp_path: Path) -> None:
    """Defect: `convert x.pbn /dev/null` as root replaced /dev/null by a file
    (tried on a device node of our own, never on /dev/null itself)."""
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    result = run("convert", str(MATCH), str(null))
    assert stat.S_ISCHR(null.stat().st_mode)
    assert result.exit_code in (0, 3)  # 3 when the folder forbids opening devices (nodev)
    assert leftovers(tmp_path, null) == []


# -- the library: commit or nothing -----------------------------------------------------

def test_without_commit_the_target_is_untouched_and_the_temporary_file_removed(tmp_path: Path) -> None:
    target = tmp_path / "t.pbn"
    target.write_text("old")
    with Output(str(target)) as out:
        out.stream.write("new")
    assert target.read_text() == "old"
    with pytest.raises(RuntimeError):
        with Output(str(target)) as out:
            out.stream.write("new")
            raise RuntimeError("a bug")
    assert target.read_text() == "old" and leftovers(tmp_path, target) == []
    with Output(str(target)) as out:
        out.stream.write("new")
        out.commit()
    assert target.read_text() == "new" and leftovers(tmp_path, target) == []


def test_the_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "t.pbn"
    target.write_text("old")
    target.chmod(0o640)
    with Output(str(target)) as out:
        out.stream.write("new")
        out.commit()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_change_by_another_program_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "t.pbn"
    target.write_text("read by bridgekit")
    with pytest.raises(OutputChanged, match="changed by another program"):
        with Output(str(target), [str(target)], in_place=True) as out:
            out.stream.write("bridgekit's version")
            time.sleep(0.01)
            with open(target, "w") as editor:  # an editor saves meanwhile (no lock)
                editor.write("the editor's version, longer")
            out.commit()
    assert target.read_text() == "the editor's version, longer"
    assert leftovers(tmp_path, target) == []


_HOLDER = """
import sys
from bridgekit.safeio import Output
path = sys.argv[1]
with Output(path, [path], in_place=True) as out:
    text = open(path, encoding="utf-8").read()
    print("locked", flush=True)
    sys.stdin.readline()
    out.stream.write(text.replace('[Event "bridgekit sample team match"]', '[Event "Changed by the first run"]'))
    out.commit()
"""


def test_two_processes_rewriting_one_file_both_keep_their_changes(tmp_path: Path) -> None:
    """Defect: without a lock, the second rewrite (scores) was based on the
    file read before the first one committed, so one of the changes was lost."""
    path = tmp_path / "game.pbn"
    path.write_text(MATCH.read_text().replace('[Score "', '[OldScore "'))
    first = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert first.stdout is not None and first.stdin is not None
    assert first.stdout.readline().strip() == "locked"
    second = subprocess.Popen(BRIDGEKIT + ["score", str(path), "--in-place"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert second.stderr is not None
    said = second.stderr.readline()  # waits for the lock (or, unlocked, ends)
    first.stdin.write("\n")
    first.stdin.close()
    assert first.wait(30) == 0
    second.wait(60)
    assert "waiting for another bridgekit" in said
    boards = list(read_boards(str(path)))
    assert boards[0].get("Event") == "Changed by the first run"
    assert boards[0].get("Score") == "NS 420"


# -- signals ------------------------------------------------------------------------------

def _start_when_writing(args: list[str], folder: Path, known: set[str]) -> subprocess.Popen[str]:
    """Start bridgekit and return once its temporary file exists."""
    with ctrl_c_reaches_children():
        proc = subprocess.Popen(BRIDGEKIT + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                cwd=ROOT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if set(os.listdir(folder)) - known:
            break
        time.sleep(0.002)
    return proc


@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 130)])
def test_sigterm_and_sigint_leave_the_file_as_it_was_and_no_temporary_file(tmp_path: Path, sig: int,
                                                                         code: int) -> None:
    """Defect: SIGTERM killed the process with its temporary file left behind."""
    path = big_file(tmp_path / "big.pbn", 8000)
    before = digest(path)
    proc = _start_when_writing(["score", str(path), "--in-place"], tmp_path, {"big.pbn"})
    assert proc.poll() is None, "finished before the signal: make the file bigger"
    proc.send_signal(sig)
    assert proc.wait(60) == code
    assert digest(path) == before
    assert leftovers(tmp_path, path) == []


def test_sigkill_at_random_moments_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    """The file is always complete: the old version or the new one, never a mix."""
    path = big_file(tmp_path / "big.pbn", 3000)
    old = path.read_bytes()
    new_path = tmp_path / "new.pbn"
    start = time.monotonic()
    assert run("convert", str(path), str(new_path)).exit_code == 0
    duration = time.monotonic() - start + 0.5  # plus the interpreter's start
    new = new_path.read_bytes()
    new_path.unlink()
    assert new != old
    rng = random.Random(10)
    seen = set()
    for _ in range(6):
        path.write_bytes(old)
        proc = subprocess.Popen(BRIDGEKIT + ["convert", str(path), "--in-place"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, cwd=ROOT)
        time.sleep(rng.uniform(0, duration * 1.5))
        proc.kill()
        proc.wait()
        now = path.read_bytes()
        assert now in (old, new)
        seen.add(now == new)
        for p in tmp_path.iterdir():  # what SIGKILL cannot clean: the temporary file
            if p != path:
                assert p.name.startswith(".big.pbn.") and p.name.endswith(".bridgekit-tmp")
                p.unlink()


# -- standard output -------------------------------------------------------------------

def test_show_json_interrupted_leaves_no_half_document_in_the_file(tmp_path: Path) -> None:
    """Defect: `show --json big.pbn > out.json` interrupted left half a JSON
    document in out.json."""
    path = big_file(tmp_path / "big.pbn", 8000)
    out = tmp_path / "out.json"
    with open(out, "w") as stdout, ctrl_c_reaches_children():
        proc = subprocess.Popen(BRIDGEKIT + ["show", "--json", str(path)], stdout=stdout,
                                stderr=subprocess.PIPE, text=True, cwd=ROOT)
        deadline = time.monotonic() + 60
        while out.stat().st_size == 0 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        assert proc.poll() is None, "finished before the signal: make the file bigger"
        proc.send_signal(signal.SIGINT)
        assert proc.wait(60) == 130
    assert out.read_bytes() == b""


def test_an_append_keeps_what_was_there(tmp_path: Path) -> None:
    path = big_file(tmp_path / "big.pbn", 8000)
    out = tmp_path / "out.json"
    out.write_text("earlier\n")
    with open(out, "a") as stdout:
        proc = subprocess.Popen(BRIDGEKIT + ["show", "--json", str(path)], stdout=stdout,
                                stderr=subprocess.DEVNULL, cwd=ROOT)
        while out.stat().st_size == 8 and proc.poll() is None:
            time.sleep(0.002)
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    assert out.read_text() == "earlier\n"


def test_event_output_follows_the_same_rules(tmp_path: Path) -> None:
    """`event -o` wrote its input over and committed after an unreadable input."""
    src = tmp_path / "pairs.pbn"
    src.write_bytes((SAMPLES / "pairs.pbn").read_bytes())
    before = digest(src)
    result = run("event", str(src), "-o", str(src))
    # issue 24.13: event has no --in-place, so the refusal does not advise it
    assert result.exit_code == 2 and "--in-place" not in result.stderr and "another file" in result.stderr
    assert digest(src) == before
    bad = tmp_path / "late-nul.pbn"
    padding = "\n" + ("% " + "padding " * 9 + "\n") * 30_000
    bad.write_text(src.read_text() + padding + "\n\x00\n")
    out = tmp_path / "out.pbn"
    out.write_text("% earlier\n")
    result = run("event", str(bad), "-o", str(out), "--force")
    assert result.exit_code == 3
    assert out.read_text() == "% earlier\n"
    assert leftovers(tmp_path, src, bad, out) == []


def test_an_output_inside_an_input_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "session"
    folder.mkdir()
    (folder / "a.pbn").write_bytes(MATCH.read_bytes())
    out = folder / "scored.pbn"
    assert run("score", str(folder), "-o", str(out)).exit_code == 0  # not there yet: not an input
    before = digest(out)
    result = run("score", str(folder), "-o", str(out), "--force")  # now it would be read too
    assert result.exit_code == 2 and "under" in result.stderr
    assert digest(out) == before


def test_no_replace_does_not_clobber_a_file_created_meanwhile(tmp_path: Path) -> None:
    target = tmp_path / "deal.pbn"
    with pytest.raises(OutputChanged, match="created by another program"):
        with Output(str(target), replace=False) as out:
            out.stream.write("ours")
            target.write_text("theirs")
            out.commit()
    assert target.read_text() == "theirs" and leftovers(tmp_path, target) == []


def test_write_boards_to_a_path_commits_only_a_complete_stream(tmp_path: Path) -> None:
    from bridgekit.formats import write_boards

    target = tmp_path / "out.pbn"
    target.write_text("% before\n")

    def failing():  # type: ignore[no-untyped-def]
        yield from read_boards(str(MATCH))
        raise OSError("the disk went away")

    with pytest.raises(OSError):
        write_boards(failing(), str(target))
    assert target.read_text() == "% before\n" and leftovers(tmp_path, target) == []
    assert write_boards(read_boards(str(MATCH)), str(target)) == 8


def test_score_to_standard_output_writes_the_pbn_alone() -> None:
    """`score F -o -` used to print the score table into the PBN stream."""
    from bridgekit.formats.pbn import read_pbn

    result = run("score", str(MATCH), "-o", "-")
    assert result.exit_code == 0
    boards = list(read_pbn(result.stdout))
    assert [b.get("Score") for b in boards][:3] == ["NS 420", "NS 170", "NS -500"]
    assert all(not b.problems for b in boards)
    assert "total for N/S" in result.stderr


def test_standard_output_and_error_in_one_log_are_kept_whole(tmp_path: Path) -> None:
    """`> log 2>&1` is a log: interrupted, nothing is cut from it."""
    path = big_file(tmp_path / "big.pbn", 8000)
    log = tmp_path / "log"
    with open(log, "w") as f, ctrl_c_reaches_children():
        proc = subprocess.Popen(BRIDGEKIT + ["show", "--json", str(path)], stdout=f, stderr=f, cwd=ROOT)
        while log.stat().st_size == 0 and proc.poll() is None:
            time.sleep(0.002)
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
    text = log.read_bytes()
    assert b"\x00" not in text
    assert text.startswith(b"[") and text.rstrip().endswith(b"Interrupted.")

"""The console entry point as a shell runs it: exit codes, pipes, Ctrl-C."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys

import pytest

from conftest import ROOT, SAMPLES, ctrl_c_reaches_children

BRIDGEKIT = [sys.executable, "-m", "bridgekit"]


def run(*args: str, **kw) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run([*BRIDGEKIT, *args], capture_output=True, text=True, cwd=ROOT, timeout=120, **kw)


def test_exit_status_comes_from_the_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert run("check", str(SAMPLES / "match.pbn")).returncode == 0
    bad = run("check", str(SAMPLES / "bad" / "duplicate_card.pbn"))
    assert bad.returncode == 1 and "duplicate-card" in bad.stdout
    missing = run("check", str(tmp_path / "nope.pbn"))
    assert missing.returncode == 3
    first_line = missing.stderr.splitlines()[0]
    assert first_line == f"bridgekit: {tmp_path / 'nope.pbn'}: no such file"
    assert "Traceback" not in missing.stderr
    assert run("check", "--no-such-option").returncode == 2


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE on this platform")
def test_closed_pipe_stops_quietly() -> None:
    proc = subprocess.Popen([*BRIDGEKIT, "show", str(SAMPLES / "match.pbn")], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert first.startswith(b"Board 1")
    assert err == ""
    assert proc.returncode in (0, -signal.SIGPIPE)


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
def test_ctrl_c_exits_130_without_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Ctrl-C at the lesson's prompt ends it: status 130, progress saved, no
    traceback.  A Ctrl-C lost or swallowed fails it: the lesson then ends at
    the end of its input (closed by ``communicate``) with status 0."""
    env = dict(os.environ, BRIDGEKIT_STATE_DIR=str(tmp_path))
    with ctrl_c_reaches_children():
        proc = subprocess.Popen([*BRIDGEKIT, "lesson", "run", "1"], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    shown = b""
    while b"q quit: " not in shown:   # the first step is shown and the lesson waits for the learner
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        chunk = os.read(proc.stdout.fileno(), 65536) if ready else b""
        if not chunk:
            break
        shown += chunk
    assert shown.startswith(b"Lesson 1: ") and shown.endswith(b"q quit: ")
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert b"Traceback" not in err and b"Interrupted; progress saved." in err


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
@pytest.mark.parametrize("args, prompt", [
    (["lesson", "puzzle", "--seed", "1"], b"(a card, e.g. SA, H10, C2): "),
    (["lesson", "problem"], b"? hint, q quit): "),
])
def test_ctrl_c_at_a_puzzle_or_a_problem_says_interrupted(tmp_path, args, prompt) -> None:  # type: ignore[no-untyped-def]
    """Ctrl-C at the first prompt of a puzzle or a declarer problem ends with
    status 130 and the same 'Interrupted.' line as every other command (they
    ended silently); swallowed, the program would go on to its end of input
    and exit 0."""
    env = dict(os.environ, BRIDGEKIT_STATE_DIR=str(tmp_path))
    with ctrl_c_reaches_children():
        proc = subprocess.Popen([*BRIDGEKIT, *args], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    shown = b""
    while not shown.endswith(prompt):
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        chunk = os.read(proc.stdout.fileno(), 65536) if ready else b""
        if not chunk:
            break
        shown += chunk
    assert shown.endswith(prompt)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert b"Traceback" not in err and err.strip().endswith(b"Interrupted.")

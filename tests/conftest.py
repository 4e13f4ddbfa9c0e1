"""Shared test fixtures: the real-world corpus in ../shared (read in place)."""

from __future__ import annotations

import contextlib
import signal
import threading
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner, Result

from bridgekit.calls import Call
from bridgekit.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
DOC_PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "RESULTS.md"]


def docs_text() -> str:
    """The README, then every page of docs/ and bench/RESULTS.md: the documentation tests check."""
    return "\n".join(page.read_text(encoding="utf-8") for page in DOC_PAGES)
SEEDS = SHARED / "seeds"


def corpus_files(kind: str) -> list[Path]:
    """Corpus files of ``kind`` ('pbn' or 'lin'), empty when ../shared is absent."""
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in (CORPUS / kind).rglob(f"*.{kind}") if p.is_file())


needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent (the corpus is read in place, never copied)")


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages in English whatever the locale the suite runs under (commands
    take their language from LC_ALL/LC_MESSAGES/LANG); tests of French set
    --lang fr or the variables themselves."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _own_deal_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets an empty deal cache of its own (never the user's)."""
    monkeypatch.setenv("BRIDGEKIT_CACHE_DIR", str(tmp_path_factory.mktemp("ddcache")))


def run(*args: str, input: str | bytes | None = None) -> Result:
    """``bridgekit ARGS`` through click's test runner (``input`` is stdin);
    an exception the command lets escape fails the test."""
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def calls(text: str) -> list[Call]:
    """Calls from a space-separated text: ``calls("1S P 2S P")``."""
    return [Call.parse(t) for t in text.split()]


@contextlib.contextmanager
def ctrl_c_reaches_children() -> Iterator[None]:
    """Processes started in the block take Ctrl-C (SIGINT) as a command typed
    at a terminal does, even when this test run was started with it ignored:
    a shell without job control ignores it for a background job (``pytest
    &`` in a script), its children inherit that, and a program, Python
    included, keeps a signal ignored that it was started with; every test
    sending SIGINT then failed (the command went on and exited 0).  A handler
    here is reset to the default action in the child when it starts a
    program, so one is put in place for the block."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

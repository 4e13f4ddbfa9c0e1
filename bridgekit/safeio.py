"""The one way bridgekit writes a file: nothing lost, ever.

Every command that writes a file (``convert``, ``score -o``/``--in-place``,
``dd -o``, ``par -o``, ``deal -o``, ``play --save``, lesson progress) goes
through :class:`Output`:

- The data goes to a temporary file next to the target; the target is
  replaced (renamed over, atomically) only by :meth:`Output.commit`, which the
  caller calls once the whole input was read.  Leaving the ``with`` block
  without ``commit()`` (an unreadable input, an error, Ctrl-C, SIGTERM or
  SIGHUP) removes the temporary file and leaves the target exactly as it was.
  A SIGKILL leaves the target old or new, never half written.
- An output that is the same file as an input (same device and inode, through
  any path or symlink, standard input included) is refused unless
  ``in_place``; an existing file is refused when ``replace`` is false; a
  directory, a read-only file or a missing folder is refused.  Refusals raise
  :class:`OutputRefused` before anything is read or written.
- A symlink is followed: the file it points to is rewritten, the link kept.
  ``-``, a FIFO or a character device (``/dev/null``, a terminal) is written
  to directly, never replaced.
- An existing target is locked (``fcntl.flock``) from the start, before the
  inputs are read, until the commit, so two bridgekit processes rewriting the
  same file run one after the other; a change made meanwhile by another
  program is detected at the commit, which then refuses
  (:class:`OutputChanged`) rather than overwrite it.

Example::

    from bridgekit.formats.pbn import read_pbn, write_pbn
    from bridgekit.safeio import Output

    with Output("game.pbn", inputs=["game.pbn"], in_place=True) as out:
        write_pbn(read_pbn("game.pbn"), out.stream)
        out.commit()          # without this line game.pbn stays as it was

Only the standard library is used (no click): the CLI maps
:class:`OutputRefused` to a usage error (exit 2) and :class:`OutputChanged` or
an ``OSError`` to one line and exit 3.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import sys
import tempfile
import threading
from contextlib import contextmanager
from typing import IO, Any, Callable, Iterable, Iterator

from .errors import BridgekitError
from .notation import Message

__all__ = ["Output", "OutputRefused", "OutputChanged", "Terminated", "check_output", "terminate_cleanly",
           "signals_held", "StdoutRollback", "stdout_closed", "remove_stale_temporaries"]


class OutputRefused(BridgekitError):
    """The output cannot be written as asked (a usage error: exit 2).

    ``reason`` says why, for a command to add the advice that fits its own
    options: ``"input"`` (the output is one of the inputs), ``"exists"``
    (an existing file and no permission to replace it), ``"other"``."""

    def __init__(self, message: str, reason: str = "other") -> None:
        super().__init__(message)
        self.reason = reason


class OutputChanged(BridgekitError):
    """The target changed on disk since bridgekit started (nothing written)."""


class Terminated(SystemExit):
    """Raised in the main thread on SIGTERM or SIGHUP while bridgekit writes,
    so that ``finally`` blocks run (temporary files removed) before the
    process ends with status 128 + signal number."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


_STOP_SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
                      if s is not None)


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated(signum)


@contextmanager
def terminate_cleanly() -> Iterator[None]:
    """While active, SIGTERM and SIGHUP raise :class:`Terminated` instead of
    killing the process outright (only where they would have killed it: the
    main thread, default handler).  SIGINT already raises KeyboardInterrupt."""
    saved: dict[int, Any] = {}
    try:
        if threading.current_thread() is threading.main_thread():
            for sig in _STOP_SIGNALS:
                if signal.getsignal(sig) is signal.SIG_DFL:
                    saved[sig] = signal.signal(sig, _raise_terminated)
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _written_directly(mode: int) -> bool:
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)


def check_output(path: str, inputs: Iterable[str] = (), *, in_place: bool = False,
                 replace: bool = True) -> str:
    """The checks of :class:`Output`, without opening anything: raises
    :class:`OutputRefused` or returns the path to write (``-``, or the real
    path once symlinks are followed)."""
    if path == "-":
        stdout = _fstat(1)
        if stdout is not None and stat.S_ISREG(stdout.st_mode):
            _refuse_inputs(stdout, "standard output", inputs)
        return path
    real = os.path.realpath(path)
    try:
        st: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise OutputRefused(Message("cannot write {path}: {error}", path=path, error=e.strerror or e)) from None
    if st is None:
        folder = os.path.dirname(real)
        if not os.path.isdir(folder):
            raise OutputRefused(Message("cannot write {path}: its folder does not exist", path=path))
        return real
    if stat.S_ISDIR(st.st_mode):
        raise OutputRefused(Message("cannot write {path}: it is a directory", path=path))
    if _written_directly(st.st_mode):
        return real
    if not stat.S_ISREG(st.st_mode):
        raise OutputRefused(Message("cannot write {path}: not a regular file, a FIFO or a character device",
                                    path=path))
    if not in_place:
        _refuse_inputs(st, path, inputs)
    if not replace and not in_place:
        raise OutputRefused(Message("{path} already exists", path=path), "exists")
    if not os.access(real, os.W_OK) or not st.st_mode & 0o222:
        raise OutputRefused(Message("cannot write {path}: the file is read-only", path=path))
    return real


def _refuse_inputs(st: os.stat_result, name: str, inputs: Iterable[str]) -> None:
    for source in inputs:
        other = _fstat(0) if source == "-" else _stat(source)
        if other is not None and stat.S_ISREG(other.st_mode) and _same(st, other):
            if source == "-":
                message = Message("{name} is standard input", name=name)
            elif source == name:
                message = Message("{name} is an input file", name=name)
            else:
                message = Message("{name} is the input file {source}", name=name, source=source)
            raise OutputRefused(message, "input")


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def _fstat(fd: int) -> os.stat_result | None:
    try:
        return os.fstat(fd)
    except OSError:
        return None


class Output:
    """A file being written safely; see the module documentation.

    ``path``: the target (``-`` for standard output).  ``inputs``: the paths
    the command reads (``-`` is standard input), refused as the target unless
    ``in_place``.  ``replace=False`` refuses an existing file.  ``on_wait``
    is called with a message when another process holds the lock (the call
    then waits for it).  ``binary=True`` gives a byte stream (a PDF).  Use as
    a context manager; write to :attr:`stream`; call :meth:`commit` once
    everything was read and written.
    """

    def __init__(self, path: str, inputs: Iterable[str] = (), *, in_place: bool = False, replace: bool = True,
                 encoding: str = "utf-8", newline: str | None = "", binary: bool = False,
                 on_wait: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.target = check_output(path, list(inputs), in_place=in_place, replace=replace)
        self.replace = replace or in_place
        self.in_place = in_place
        self.encoding = encoding
        self.newline = newline
        self.binary = binary
        self.on_wait = on_wait
        self.stream: IO[Any] = sys.stdout.buffer if binary and path == "-" else sys.stdout
        self.committed = False
        self._tmp: str | None = None
        self._lock_fd: int | None = None
        self._before: os.stat_result | None = None
        self._digest: bytes | None = None
        self._direct = path == "-"
        self._signals = terminate_cleanly()

    @property
    def replaces(self) -> bool:
        """True when the target is replaced at the commit (not written directly)."""
        return not self._direct

    # -- opening ----------------------------------------------------------------

    def __enter__(self) -> Output:
        self._signals.__enter__()
        try:
            self._open()
        except BaseException:
            self._cleanup()
            raise
        return self

    def _open(self) -> None:
        if self.path == "-":
            return
        st = _stat(self.target)
        if st is not None and _written_directly(st.st_mode):
            self._direct = True
            self.stream = self._wrap(os.open(self.target, os.O_WRONLY))
            return
        if st is not None:
            self._before = self._lock()
            if self._before is not None:
                self._digest = _content_digest(self.target)
        folder, name = os.path.split(self.target)
        remove_stale_temporaries(folder)
        with signals_held():  # a signal between creating the file and knowing its name would leak it
            fd, self._tmp = tempfile.mkstemp(prefix=f".{name[:100]}.", suffix=_TMP_SUFFIX, dir=folder)
            _lock_quietly(fd)   # held while this process lives: see remove_stale_temporaries
            self.stream = self._wrap(fd)

    def _wrap(self, fd: int) -> IO[Any]:
        if self.binary:
            return os.fdopen(fd, "wb")
        return os.fdopen(fd, "w", encoding=self.encoding, newline=self.newline)

    def _lock(self) -> os.stat_result | None:
        """Lock the target's inode; if it was replaced while we waited (the
        other process committed), lock the new one.  Returns its stat."""
        try:
            import fcntl
        except ImportError:  # no flock (Windows): the change check at the commit still guards
            return _stat(self.target)

        waited = False
        while True:
            try:
                fd = os.open(self.target, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            except FileNotFoundError:
                return None
            except PermissionError:  # cannot open to lock: the change check still guards
                return _stat(self.target)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not waited and self.on_wait is not None:
                    self.on_wait(f"waiting for another bridgekit to finish writing {self.path}")
                waited = True
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                except BaseException:
                    os.close(fd)
                    raise
            except OSError:  # a file system without locks
                os.close(fd)
                return _stat(self.target)
            now = _stat(self.target)
            if now is not None and _same(now, os.fstat(fd)):
                self._lock_fd = fd
                return now
            os.close(fd)
            if now is None:
                return None

    # -- committing -------------------------------------------------------------

    def commit(self) -> None:
        """Put the new content in place (rename over the target).  Raises
        :class:`OutputChanged` when the target changed since the output was
        opened (nothing is then written), ``OSError`` when the disk is full."""
        if self.committed:
            return
        self.stream.flush()
        if self._tmp is None:  # standard output, a FIFO or a device: already there
            self.committed = True
            return
        os.fsync(self.stream.fileno())
        self._check_unchanged()
        if self._before is not None:
            _copy_owner_and_mode(self._before, self._tmp)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self._tmp, 0o666 & ~umask)
        self.stream.close()
        with signals_held():
            if self.replace:
                os.replace(self._tmp, self.target)
            else:
                try:  # no clobbering, even of a file created meanwhile
                    os.link(self._tmp, self.target)
                except FileExistsError:
                    raise OutputChanged(Message("{path} was created by another program meanwhile: left as it is",
                                                path=self.path)) from None
                except OSError:  # a file system without hard links: check, then rename
                    if os.path.lexists(self.target):
                        raise OutputChanged(Message("{path} was created by another program meanwhile: left as "
                                                    "it is", path=self.path)) from None
                    os.replace(self._tmp, self.target)
                else:
                    os.unlink(self._tmp)
            self._tmp = None
            self.committed = True
        _fsync_folder(os.path.dirname(self.target))

    def _check_unchanged(self) -> None:
        now = _stat(self.target)
        before = self._before
        if before is None:
            return
        if now is None or not _same(now, before) or (now.st_size, now.st_mtime_ns) != (before.st_size,
                                                                                         before.st_mtime_ns) \
                or (self._digest is not None and _content_digest(self.target) != self._digest):
            # the content hash catches an edit that kept the size and put the time back
            raise OutputChanged(Message("{path} was changed by another program while bridgekit was writing it: "
                                        "left as it is (run the command again)", path=self.path))

    # -- closing ----------------------------------------------------------------

    def __exit__(self, *exc: object) -> None:
        try:
            if self._direct and not self.committed and exc[0] is None:
                self.stream.flush()
        finally:
            self._cleanup()

    def _cleanup(self) -> None:
        try:
            if self.stream not in (sys.stdout, getattr(sys.stdout, "buffer", None)) and not self.stream.closed:
                try:
                    self.stream.close()
                except OSError:
                    pass
            if self._tmp is not None:
                try:
                    os.unlink(self._tmp)
                except OSError:
                    pass
                self._tmp = None
            if self._lock_fd is not None:
                os.close(self._lock_fd)
                self._lock_fd = None
        finally:
            self._signals.__exit__(None, None, None)


def _content_digest(path: str) -> bytes | None:
    """A hash of the file's content (None when it cannot be read)."""
    import hashlib
    h = hashlib.blake2b(digest_size=16)
    try:
        with open(path, "rb") as f:
            while True:
                block = f.read(1 << 20)
                if not block:
                    break
                h.update(block)
    except OSError:
        return None
    return h.digest()


_TMP_SUFFIX = ".bridgekit-tmp"
#: A temporary file younger than this is never taken for a dead run's (its
#: writer may not have locked it yet).
_STALE_AFTER = 10.0


def _lock_quietly(fd: int) -> None:
    try:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (ImportError, OSError):
        pass


def remove_stale_temporaries(folder: str) -> int:
    """Remove the temporary files that runs killed before their commit left
    in ``folder`` (``.NAME.XXXX.bridgekit-tmp``).  A live writer holds a
    lock on its temporary file for as long as it lives, and the system
    drops it when the process dies, however it dies: a file that can be
    locked (and is older than a few seconds) belongs to a dead run.  Returns
    how many were removed; never raises."""
    try:
        import fcntl
    except ImportError:
        return 0
    removed = 0
    try:
        names = [n for n in os.listdir(folder or ".") if n.startswith(".") and n.endswith(_TMP_SUFFIX)]
    except OSError:
        return 0
    import time
    now = time.time()
    for name in names:
        path = os.path.join(folder, name)
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < _STALE_AFTER:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue   # its writer is alive
            now_st = _stat(path)
            if now_st is not None and _same(now_st, st):
                os.unlink(path)
                removed += 1
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _copy_owner_and_mode(before: os.stat_result, path: str) -> None:
    os.chmod(path, stat.S_IMODE(before.st_mode))
    if hasattr(os, "chown"):
        try:
            os.chown(path, before.st_uid, before.st_gid)
        except OSError:  # not root: the file becomes ours, as with any editor
            pass


def _fsync_folder(folder: str) -> None:
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def signals_held(signals: Iterable[int] | None = None) -> Iterator[None]:
    """Hold ``signals`` (by default SIGINT, SIGTERM and SIGHUP) in this thread
    while the block runs: one that comes meanwhile is delivered right after,
    never lost, and a process started meanwhile inherits them blocked.
    Nothing where there is no ``pthread_sigmask`` (Windows).

    The mask to put back is read before anything is blocked: Python's
    ``pthread_sigmask`` raises a signal already on its way (a Ctrl-C just
    before) after changing the mask, so the mask it would have returned is
    lost and the signals would stay blocked for good."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = set(signals) if signals is not None else {signal.SIGINT, *_STOP_SIGNALS}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class StdoutRollback:
    """Standard output redirected to a regular file (``show --json > f.json``)
    and the command interrupted: :meth:`rollback` cuts the file back to where
    this run started, so no half document is left, and sends what is still
    buffered nowhere."""

    def __init__(self) -> None:
        self.start: int | None = None
        st = _fstat(1)
        if st is None or not stat.S_ISREG(st.st_mode):
            return
        err = _fstat(2)
        if err is not None and _same(st, err):  # `> log 2>&1`: a log, not a document; keep it all
            return
        try:
            import fcntl
            appending = fcntl.fcntl(1, fcntl.F_GETFL) & os.O_APPEND
            self.start = st.st_size if appending else os.lseek(1, 0, os.SEEK_CUR)
        except OSError:
            self.start = None

    def rollback(self) -> None:
        if self.start is None:
            return
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.ftruncate(1, self.start)
            os.lseek(1, self.start, os.SEEK_SET)  # no hole if another descriptor shares the offset
            os.dup2(devnull, 1)
            os.close(devnull)
        except OSError:
            pass


def stdout_closed() -> bool:
    """True when the process started with file descriptor 1 closed."""
    try:
        os.fstat(1)
    except OSError as e:
        return e.errno == errno.EBADF
    return False


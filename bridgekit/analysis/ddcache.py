"""The deal cache: every DD table bridgekit solved, keyed by the deal itself.

Content-addressed: the key of a table is the deal (13 bytes: the seat of each
of the 52 cards, two bits a card) and the version of the solver that computed
it, so a table can never be attached to the wrong deal, and an edited deal is
simply another key.  Any run on the machine shares it (``dd``, ``par``,
``analyse``, ``handrecord``, on one core or on a Dask cluster): a rerun, an
overlapping file or a run that was interrupted costs nothing for what is
already there.

Storage is one SQLite database in the user's cache folder
(``$BRIDGEKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/bridgekit``, else
``~/.cache/bridgekit``; ``%LOCALAPPDATA%\\bridgekit`` on Windows).  SQLite in
WAL mode makes it safe under concurrent writers (several runs at once; each
batch is one transaction, so a crash or an interrupt loses at most the batch
being written, never the file).  Keep it on a local disk: SQLite's locking is
not reliable on network file systems.  In a cluster run only the client
touches the cache; workers just solve.

The cache proves what it serves.  Each row carries a checksum of its own
content tied to its deal (``row_check``: solver version, deal key and
tricks); a row that fails it (a flipped byte, a value of the wrong type, a
row written by hand) is dropped and the deal solved again, and a table
stored again replaces the row (never "insert or ignore", which would keep a
bad one forever).  A cache that cannot be read or written (a corrupt
database, a read-only folder) is not an error: :class:`DealCache` reports
it once through ``on_warning`` and behaves as an empty cache from then on.

The same key, with a secret of this user's (``fingerprint_key``: 32 random
bytes kept in the cache folder, readable only by the user), gives the
fingerprint written with a ``DoubleDummyTricks`` tag (``deal_fingerprint``),
which ties the tag to its deal in the file itself.  A file's tags are
trusted only when this user's bridgekit wrote them: a fingerprint
recomputed by anyone else (without the secret) does not match, and the tag
is taken as recorded by another program (solved again by ``par``, checked by
``dd --verify``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import sqlite3
from pathlib import Path
from typing import Callable, Iterable

from ..cards import ALL_CARDS
from ..dds import DDTable, solver_version
from ..deal import Deal
from ..errors import BridgekitError
from ..userdirs import user_dir
from ..notation import Message

__all__ = ["DealCache", "CacheError", "deal_key", "deal_from_key", "deal_fingerprint", "solve_keys", "solve_key_bytes",
           "default_cache_dir", "table_bytes", "table_from_bytes"]

_FILE = "dd-tables.sqlite"
_BUSY_MS = 60_000


class CacheError(BridgekitError):
    """The cache folder or database cannot be used."""


def deal_key(deal: Deal) -> bytes:
    """13 bytes naming a complete deal: the seat (0-3) of each card, clubs two
    first, four cards a byte.  Raises KeyError-free: an unknown hand or a
    missing card raises BridgekitError."""
    seats = [0] * 52
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if hand is None:
            raise BridgekitError(Message('a deal key needs all four hands'))
        for card in hand.cards:
            seats[card.index] = seat
            seen += 1
    if seen != 52:
        raise BridgekitError(Message('a deal key needs all 52 cards'))
    return bytes(seats[i] | seats[i + 1] << 2 | seats[i + 2] << 4 | seats[i + 3] << 6
                 for i in range(0, 52, 4))


def deal_from_key(key: bytes) -> Deal:
    """The deal a ``deal_key`` names."""
    from ..deal import Hand
    piles: list[list] = [[], [], [], []]
    for i, card in enumerate(ALL_CARDS):
        piles[(key[i // 4] >> (2 * (i % 4))) & 3].append(card)
    return Deal(Hand(p) for p in piles)


def solve_keys(keys: list[bytes]) -> list[DDTable]:
    """The DD tables of the deals named by ``keys`` (one DDS batch), here."""
    from ..dds import dd_tables
    return dd_tables([deal_from_key(k) for k in keys])


def solve_key_bytes(keys: list[bytes]) -> list[bytes]:
    """``solve_keys`` with the tables as bytes: what a solver process (the
    :class:`bridgekit.ddsworker.SolverWorker` of ``solving.LocalBackend``) or a
    Dask worker sends back."""
    return [table_bytes(t) for t in solve_keys(keys)]


def table_bytes(table: DDTable) -> bytes:
    return bytes(table.cells)


def table_from_bytes(data: bytes) -> DDTable:
    return DDTable(tuple(data))


_KEY_FILE = "fingerprint.key"
_keys: dict[Path, bytes] = {}


def fingerprint_key() -> bytes:
    """This user's secret for fingerprints: 32 random bytes in
    ``default_cache_dir()/fingerprint.key`` (mode 0600), made on first use.
    When the folder cannot hold it, a key for this process only (tags then
    written are trusted by this process alone)."""
    path = default_cache_dir() / _KEY_FILE
    key = _keys.get(path)
    if key is not None:
        return key
    try:
        key = path.read_bytes()
    except OSError:
        key = None
    if key is None or len(key) != 32:
        fresh = os.urandom(32)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(fresh)
            key = fresh
        except FileExistsError:   # made by another run meanwhile (or damaged: a key of our own)
            try:
                key = path.read_bytes()
            except OSError:
                key = None
        except OSError:
            key = None
        if key is None or len(key) != 32:
            key = fresh
    _keys[path] = key
    return key


def deal_fingerprint(deal: Deal, table: DDTable, key: bytes | None = None) -> str:
    """16 hex digits binding a DD table to its deal and solver version, keyed
    with this user's secret (``fingerprint_key``): what bridgekit writes in
    the ``DoubleDummyFingerprint`` tag next to ``DoubleDummyTricks``.
    Editing the deal (or the table) breaks it, and nobody without the secret
    can make one that matches."""
    h = hashlib.blake2b(digest_size=8, key=key if key is not None else fingerprint_key())
    h.update(solver_version().encode())
    h.update(deal_key(deal))
    h.update(table_bytes(table))
    return h.hexdigest()


def row_check(version: str, key: bytes, tricks: bytes) -> bytes:
    """The checksum a cache row carries: its solver version, deal and tricks."""
    h = hashlib.blake2b(digest_size=8, person=b"bk-dd-cache")
    h.update(version.encode())
    h.update(b"\0")
    h.update(key)
    h.update(tricks)
    return h.digest()


def default_cache_dir() -> Path:
    """Where the deal cache lives unless ``--cache DIR`` says otherwise."""
    return user_dir("cache")


def _read_only_error(e: BaseException, directory: Path) -> bool:
    """Whether opening failed because the cache cannot be written (a
    read-only folder or mount), not because it is busy or damaged."""
    import errno
    if isinstance(e, OSError) and e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return True
    text = str(e).lower()
    return "readonly" in text or "read-only" in text or not os.access(directory, os.W_OK)


class DealCache:
    """DD tables by deal, for one solver version, in ``directory``.

    Opening creates the folder and database when needed; raises CacheError
    when that is impossible (``open_solver`` then goes on without a cache).
    ``get_many`` and ``put_many`` are what the solver uses (one query, one
    transaction per batch).  Once open, a failure to read or write is
    reported once through ``on_warning`` (a message) and the cache then
    serves nothing and stores nothing; a read-only cache still serves.
    Rows that fail their checksum are dropped (counted in ``dropped``)."""

    _TABLE = "dd_checked"

    def __init__(self, directory: str | os.PathLike[str] | None = None, version: str | None = None,
                 on_warning: Callable[[str], None] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.version = version or solver_version()
        self.path = self.directory / _FILE
        self.on_warning = on_warning
        self.broken: str | None = None     # why the cache is not used any more
        self.read_only = False
        self._said_read_only = False
        self.dropped = 0                   # rows that failed their checksum
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._db = self._connect_waiting()
        except (OSError, sqlite3.Error) as e:
            if not _read_only_error(e, self.directory):
                raise CacheError(Message('cannot use the deal cache {path}: {e} (--cache DIR for another folder, '
                                         '--no-cache for none)', path=self.path, e=e)) from None
            try:   # a read-only folder or mount: the tables there still serve
                self._db = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True, isolation_level=None,
                                           check_same_thread=False)
                self._db.execute(f"SELECT count(*) FROM {self._TABLE}").fetchone()
                self.read_only = True
            except (OSError, sqlite3.Error, ValueError):
                raise CacheError(Message('cannot use the deal cache {path}: {e} (--cache DIR for another folder, '
                                         '--no-cache for none)', path=self.path, e=e)) from None

    def _connect_waiting(self) -> sqlite3.Connection:
        """``_connect``, tried again while another run holds the database
        (switching a new database to WAL does not wait on the busy timeout)."""
        import time
        deadline = time.monotonic() + _BUSY_MS / 1000
        while True:
            try:
                return self._connect()
            except sqlite3.OperationalError as e:
                if "locked" not in str(e).lower() and "busy" not in str(e).lower() or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=_BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        try:
            db.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
            if str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            # "check" is the row's checksum (row_check); the table of earlier
            # versions, without it, is left unused (its deals are solved again)
            db.execute(f"CREATE TABLE IF NOT EXISTS {self._TABLE} (version TEXT NOT NULL, deal BLOB NOT NULL,"
                       " tricks BLOB NOT NULL, \"check\" BLOB NOT NULL, PRIMARY KEY (version, deal)) WITHOUT ROWID")
        except BaseException:
            db.close()
            raise
        return db

    def _broken(self, what: str, e: BaseException) -> None:
        if self.broken is None:
            self.broken = f"the deal cache {self.path} cannot be {what} ({e}); going on without it"
            if self.on_warning is not None:
                self.on_warning(self.broken)

    def get(self, key: bytes) -> DDTable | None:
        return self.get_many([key]).get(key)

    def get_many(self, keys: Iterable[bytes]) -> dict[bytes, DDTable]:
        """The tables of ``keys`` the cache holds and can prove: a row whose
        checksum fails is dropped (deleted when the cache is writable)."""
        keys = list(keys)
        out: dict[bytes, DDTable] = {}
        if self.broken is not None:
            return out
        bad: list[bytes] = []
        try:
            for start in range(0, len(keys), 500):
                chunk = keys[start:start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(f"SELECT deal, tricks, \"check\" FROM {self._TABLE} "
                                        f"WHERE version = ? AND deal IN ({marks})",
                                        [self.version, *chunk]).fetchall()
                for deal, tricks, check in rows:
                    try:
                        deal, tricks = bytes(deal), bytes(tricks)
                        if not hmac.compare_digest(bytes(check), row_check(self.version, deal, tricks)):
                            raise ValueError   # a checksum that fails: caught below, the row is skipped
                        table = table_from_bytes(tricks)
                    except Exception:   # wrong types, wrong length, a checksum that fails
                        bad.append(deal if isinstance(deal, bytes) else bytes(str(deal), "utf-8"))
                        continue
                    out[deal] = table
        except sqlite3.Error as e:
            self._broken("read", e)
            return {}
        if bad:
            self.dropped += len(bad)
            self._delete(bad)
        return out

    def _delete(self, keys: list[bytes]) -> None:
        if self.read_only:
            return
        try:
            self._db.executemany(f"DELETE FROM {self._TABLE} WHERE version = ? AND deal = ?",
                                 [(self.version, k) for k in keys])
        except sqlite3.Error as e:
            self._broken("written", e)

    def put_many(self, items: Iterable[tuple[bytes, DDTable]]) -> None:
        """Store tables in one transaction (a concurrent writer waits its
        turn), each replacing what the cache held for its deal."""
        rows = []
        for key, table in items:
            tricks = table_bytes(table)
            rows.append((self.version, key, tricks, row_check(self.version, key, tricks)))
        if self.read_only and rows and not self._said_read_only:
            self._said_read_only = True
            if self.on_warning is not None:
                self.on_warning(f"the deal cache {self.path} is read-only: it serves its tables, "
                                "but the tables solved now are not kept")
        if not rows or self.broken is not None or self.read_only:
            return
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(f"INSERT OR REPLACE INTO {self._TABLE} VALUES (?, ?, ?, ?)", rows)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as e:
            self._broken("written", e)

    def __len__(self) -> int:
        return int(self._db.execute(f"SELECT count(*) FROM {self._TABLE} WHERE version = ?",
                                    [self.version]).fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "DealCache":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

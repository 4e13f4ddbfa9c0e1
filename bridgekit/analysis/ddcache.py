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

The same key gives the fingerprint written with a ``DoubleDummyTricks`` tag
(``deal_fingerprint``), which ties the tag to its deal in the file itself.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path
from typing import Iterable

from ..cards import ALL_CARDS
from ..dds import DDTable, solver_version
from ..deal import Deal
from ..errors import BridgekitError

__all__ = ["DealCache", "CacheError", "deal_key", "deal_from_key", "deal_fingerprint",
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
            raise BridgekitError("a deal key needs all four hands")
        for card in hand.cards:
            seats[card.index] = seat
            seen += 1
    if seen != 52:
        raise BridgekitError("a deal key needs all 52 cards")
    return bytes(seats[i] | seats[i + 1] << 2 | seats[i + 2] << 4 | seats[i + 3] << 6
                 for i in range(0, 52, 4))


def deal_from_key(key: bytes) -> Deal:
    """The deal a ``deal_key`` names."""
    from ..deal import Hand
    piles: list[list] = [[], [], [], []]
    for i, card in enumerate(ALL_CARDS):
        piles[(key[i // 4] >> (2 * (i % 4))) & 3].append(card)
    return Deal(Hand(p) for p in piles)


def table_bytes(table: DDTable) -> bytes:
    return bytes(table.cells)


def table_from_bytes(data: bytes) -> DDTable:
    return DDTable(tuple(data))


def deal_fingerprint(deal: Deal, table: DDTable) -> str:
    """16 hex digits binding a DD table to its deal and solver version: what
    bridgekit writes in the ``DoubleDummyFingerprint`` tag next to
    ``DoubleDummyTricks``.  Editing the deal (or the table) breaks it."""
    h = hashlib.blake2b(digest_size=8)
    h.update(solver_version().encode())
    h.update(deal_key(deal))
    h.update(table_bytes(table))
    return h.hexdigest()


def default_cache_dir() -> Path:
    """Where the deal cache lives unless ``--cache DIR`` says otherwise."""
    env = os.environ.get("BRIDGEKIT_CACHE_DIR")
    if env:
        return Path(env)
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "bridgekit"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bridgekit"


class DealCache:
    """DD tables by deal, for one solver version, in ``directory``.

    Opening creates the folder and database when needed; raises CacheError
    when that is impossible.  ``get_many`` and ``put_many`` are what the
    solver uses (one query, one transaction per batch)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None, version: str | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.version = version or solver_version()
        self.path = self.directory / _FILE
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=_BUSY_MS / 1000, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute(f"PRAGMA busy_timeout = {_BUSY_MS}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS dd (version TEXT NOT NULL, deal BLOB NOT NULL,"
                             " tricks BLOB NOT NULL, PRIMARY KEY (version, deal)) WITHOUT ROWID")
        except (OSError, sqlite3.Error) as e:
            raise CacheError(f"cannot use the deal cache {self.path}: {e} "
                             "(--cache DIR for another folder, --no-cache for none)") from None

    def get(self, key: bytes) -> DDTable | None:
        return self.get_many([key]).get(key)

    def get_many(self, keys: Iterable[bytes]) -> dict[bytes, DDTable]:
        keys = list(keys)
        out: dict[bytes, DDTable] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            marks = ",".join("?" * len(chunk))
            try:
                rows = self._db.execute(f"SELECT deal, tricks FROM dd WHERE version = ? AND deal IN ({marks})",
                                        [self.version, *chunk]).fetchall()
            except sqlite3.Error as e:
                raise CacheError(f"cannot read the deal cache {self.path}: {e}") from None
            for deal, tricks in rows:
                try:
                    out[bytes(deal)] = table_from_bytes(tricks)
                except BridgekitError:
                    continue  # a damaged row is as good as absent: solved again
        return out

    def put_many(self, items: Iterable[tuple[bytes, DDTable]]) -> None:
        """Store tables in one transaction (a concurrent writer waits its turn;
        a table already there is kept: it is the same table)."""
        rows = [(self.version, key, table_bytes(table)) for key, table in items]
        if not rows:
            return
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("INSERT OR IGNORE INTO dd VALUES (?, ?, ?)", rows)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as e:
            raise CacheError(f"cannot write the deal cache {self.path}: {e}") from None

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM dd WHERE version = ?", [self.version]).fetchone()[0])

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "DealCache":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""Binary data told from text by content, not only by NUL bytes (issue 24.4)."""

from __future__ import annotations

from ..notation import Message

__all__ = ["looks_binary", "binary_message"]

#: Bytes no text file holds (C0 controls but tab, line feed, form feed,
#: carriage return and escape, which hostile but textual files do hold).
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 27))
_NOT_CONTROL = bytes(b for b in range(256) if b not in _CONTROL_BYTES)
_WINDOW = 4096
_SHARE = 20   # one control byte in 20 (5 %) makes a window binary; random bytes have 9 %


def looks_binary(data: bytes) -> int | None:
    """Where ``data`` turns binary (the offset of its first control byte in
    the first binary window), or None when it reads as text: a NUL byte
    anywhere, or a window of 4 KB (the whole of shorter data) in which one
    byte in 20 is a control character no text holds.  Judged by content, so
    a block of binary without NUL bytes inside a PBN file is found too."""
    nul = data.find(b"\x00")
    if nul >= 0:
        return nul
    if len(data.translate(None, _NOT_CONTROL)) < 16:
        return None
    for start in range(0, len(data), _WINDOW // 2):   # overlapping windows: a block astride two is found
        window = data[start:start + _WINDOW]
        if len(window.translate(None, _NOT_CONTROL)) >= max(16, len(window) // _SHARE):
            return start + next(i for i, b in enumerate(window) if b in _CONTROL_BYTES)
        if start + _WINDOW >= len(data):
            break
    return None


def binary_message(data: bytes, at: int, offset: int = 0) -> Message:
    """What ``looks_binary`` found, for a message: ``binary data: a NUL byte
    at byte N`` or ``binary data near byte N`` (``offset``: where ``data``
    starts in the file)."""
    where = f"{offset + at:,}"
    if data[at] == 0:
        return Message("binary data: a NUL byte at byte {n}", n=where)
    return Message("binary data near byte {n}", n=where)

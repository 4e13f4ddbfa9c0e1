"""Text from a file made safe to print: control characters shown, not obeyed.

A tag value, a player's name, a note or a ``{ }`` comment may hold terminal
escape sequences (a window title ``ESC]0;...BEL``, ``ESC[2J`` clearing the
screen, a hyperlink ``ESC]8;;``), a carriage return or backspaces that redraw
what was printed before.  Every text bridgekit prints from a file goes through
:func:`printable` first, on a terminal or a pipe alike: each C0 control
character (except newline and tab), DEL and each C1 control character is
replaced by a visible escape (``\\x1b``, ``\\r``, ``\\x9b``).  bridgekit's own
colours are added after this, so they stay.
"""

from __future__ import annotations

import re

#: C0 controls but tab and newline, DEL, C1 controls.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NAMED = {"\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v"}
#: bridgekit's own colour codes (red, reset), kept by ``printable(..., colour=True)``.
_OWN_COLOUR = re.compile("(\x1b\\[(?:31|0)m)|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _escape(char: str) -> str:
    return _NAMED.get(char) or f"\\x{ord(char):02x}"


def printable(text: str, *, colour: bool = False) -> str:
    """``text`` with every control character but newline and tab replaced by
    a visible escape (``\\x1b[2J`` prints as those six characters).  With
    ``colour``, bridgekit's own colour codes (red and reset) are kept: for a
    rendering whose file text was made printable before it was coloured."""
    if colour:
        return _OWN_COLOUR.sub(lambda m: m[1] or _escape(m[0]), text)
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda m: _escape(m[0]), text)


_ANSI = re.compile("\x1b\\[[0-9;]*m")


def visible_len(text: str) -> int:
    """Length of ``text`` on screen (colour codes take no room)."""
    return len(_ANSI.sub("", text))


"""Rules profiles, found through a registry: ``contract`` (duplicate, the
default), ``auction-1920`` and ``auction-classic``.

Bidding and play are identical in all three (see ``bridgekit.auction`` and
``bridgekit.play``); a profile holds what differs: how a deal scores and what
four passes mean.  Profiles are data plus small functions; nothing else in
bridgekit asks which profile it has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..contract import Result
from ..deal import Deal
from ..errors import BridgekitError
from ..seats import Side, Vul

ABOVE = "above"
BELOW = "below"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score breakdown: who scores it, where, what, how much.

    ``line`` is ``"above"``/``"below"`` under the auction profiles and None in
    duplicate.  ``points`` is always positive: the side receives it.
    """

    side: Side
    item: str
    points: int
    line: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side.value, "line": self.line, "item": self.item, "points": self.points}


@dataclass(frozen=True, slots=True)
class Score:
    """An itemised score of one deal."""

    items: tuple[ScoreItem, ...] = ()

    def total(self, side: Side) -> int:
        return sum(i.points for i in self.items if i.side is side)

    def on_line(self, side: Side, line: str) -> int:
        return sum(i.points for i in self.items if i.side is side and i.line == line)

    @property
    def ns(self) -> int:
        """Net score from N/S's point of view (N/S total minus E/W total)."""
        return self.total(Side.NS) - self.total(Side.EW)


@dataclass(frozen=True)
class Profile:
    """A rules profile.

    ``score`` scores one deal on its own (no rubber context); ``passed_out``
    says what four initial passes mean (``"zero"``: scored as zero, next board;
    ``"next-dealer"``: no score, the deal passes to the next dealer;
    ``"same-dealer"``: no score, the same dealer deals again).
    """

    name: str
    title: str
    score: Callable[[Result, Vul, Deal | None], Score]
    passed_out: str
    aliases: tuple[str, ...] = ()
    rubber: bool = False       # scored above/below the line in rubbers
    game_threshold: int = 100  # trick points below the line that make a game
    rubber_bonus: int = 0
    extra: dict[str, object] = field(default_factory=dict)


_REGISTRY: dict[str, Profile] = {}


def register(profile: Profile) -> Profile:
    for key in (profile.name, *profile.aliases):
        _REGISTRY[key.lower()] = profile
    return profile


def find_profile(name: str) -> Profile:
    """The profile called ``name`` (or an alias); raises BridgekitError listing
    the known names otherwise."""
    _load()
    profile = _REGISTRY.get(name.strip().lower())
    if profile is None:
        raise BridgekitError(f"unknown rules profile {name!r} (known: {', '.join(profile_names())})")
    return profile


def profile_names() -> list[str]:
    _load()
    return sorted({p.name for p in _REGISTRY.values()}, key=lambda n: (n != "contract", n))


def _load() -> None:
    if not _REGISTRY:
        from . import auction, duplicate  # noqa: F401  (modules register their profiles)

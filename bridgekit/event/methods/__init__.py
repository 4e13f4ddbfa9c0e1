"""Scoring methods, found through a registry as the rules profiles are:
``mp`` (matchpoints), ``butler`` (IMPs against a datum), ``cross-imps``
(IMPs against every other result).

A method is an object that says how a board's results earn their points
(``score_field``), what an arbitrary score is worth, which PBN ``Scoring``
values name it, which ScoreTable and TotalScoreTable columns hold its
figures, and how its standings are ranked.  The rest of ``bridgekit.event``
asks the method and never its name: a new method is one module subclassing
``ScoringMethod`` and registering an instance, plus its import at the end of
this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Sequence

from ...errors import BridgekitError

if TYPE_CHECKING:
    from ..model import Event, EventOptions, EventProblem, EventResult, Settings, Standing, Traveller


class ScoringMethod:
    """How the results of a board are compared.  Subclasses set the class
    attributes and implement ``score_field``; methods are singletons,
    compared by identity."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]                    # in the summary line: "Butler IMPs"
    unit: ClassVar[str] = "IMP"             # "MP" or "IMP": column titles
    points_word: ClassVar[str] = "IMPs"     # in messages: "the computed IMPs for N/S are 3"
    out_of_top: ClassVar[bool] = False      # points are out of a top: max and percentages
    point_columns: ClassVar[tuple[str, str]] = ("IMP_NS", "IMP_EW")
    game_tag: ClassVar[str] = "ScoreIMP"    # a game record's tag for the same figure
    total_columns: ClassVar[tuple[str, ...]] = ("TotalIMP", "TotalScoreIMP")
    fallback: ClassVar[int] = 0             # > 0: chosen for a Scoring tag no method names (highest wins)
    for_teams: ClassVar[bool] = False       # compares the two tables of team matches

    # -- the Scoring tag ----------------------------------------------------------

    def named_by(self, fields: Sequence[str]) -> bool:
        """Whether the lower-cased fields of a ``Scoring`` tag name this method."""
        return False

    def claims(self, fields: Sequence[str]) -> bool:
        """Whether the method is chosen for a tag that names no method (``IMP``
        alone is Butler, anything else matchpoints)."""
        return False

    def settings(self, fields: Sequence[str], options: EventOptions, own: bool) -> Settings:
        """The settings for this event from the options and the tag's fields
        (``own``: the tag names this method, so its modifiers apply)."""
        from ..model import Scale, Settings
        scale = options.scale or (Scale.EBU if "mp1" in fields else Scale.ACBL)
        return Settings(scale=scale)

    # -- points -------------------------------------------------------------------

    def prepare(self, boards: Sequence[Traveller], field_of: Any, settings: Settings) -> object:
        """What the method needs to know of the whole event before scoring a
        board (the matchpoint top of each field...)."""
        return None

    def score_field(self, state: object, t: Traveller, f: str | None, group: list[EventResult],
                    settings: Settings) -> float:
        """Give points to the compared results of ``group`` (one field's
        results of board ``t``); returns the top of the field (0 under IMPs),
        from which arbitrary scores take their share."""
        raise NotImplementedError

    def arbitrary_points(self, mark: str, top: float, options: EventOptions) -> float | None:
        """Points for an arbitrary score (None: it cannot be given under this
        method).  IMP methods: 0 for an average (or 50%), +/- ``average_imps``
        for an average plus or minus (or their percentages, 60% and 40%)."""
        from ..artificial import mark_imps
        return mark_imps(mark, options.average_plus, options.average_minus, options.average_imps)

    # -- checks and ranking ---------------------------------------------------------

    def compares_game_tag(self, settings: Settings) -> bool:
        """Whether a game record's ``game_tag`` holds this method's figure."""
        return True

    def check_recorded(self, t: Traveller, problems: list[EventProblem]) -> None:
        """Compare what else a file records of a board (a Butler datum)."""

    def rank_value(self, s: Standing) -> tuple[float, ...]:
        """What a standing is ranked on, as printed (2 decimals): equal values
        are a tie."""
        return (round(s.points, 2),)

    def describe(self, settings: Settings) -> str:
        return self.title

    def rank(self, event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
        """Fill the event's standings from its results' points (pairs by
        default; team methods rank matches and teams)."""
        from ..ranking import rank_event
        rank_event(event, options, names)

    @property
    def value(self) -> str:
        """The name (as an enum's value: ``Method.MP.value == "mp"``)."""
        return self.name

    def __repr__(self) -> str:
        return f"<ScoringMethod {self.name}>"


_REGISTRY: dict[str, ScoringMethod] = {}
_ORDER: list[ScoringMethod] = []


def register(method: ScoringMethod) -> ScoringMethod:
    """Add a method under its name and aliases (a name taken is an error)."""
    for key in (method.name, *method.aliases):
        if key.lower() in _REGISTRY:
            raise ValueError(f"scoring method {key!r} is already registered")
    for key in (method.name, *method.aliases):
        _REGISTRY[key.lower()] = method
    _ORDER.append(method)
    return method


def unregister(method: ScoringMethod) -> None:
    """Remove a method (tests that register one of their own)."""
    for key in [k for k, m in _REGISTRY.items() if m is method]:
        del _REGISTRY[key]
    _ORDER.remove(method)


def find_method(name: str) -> ScoringMethod:
    """The method called ``name`` (or one of its aliases).  Raises
    BridgekitError naming the methods there are."""
    found = _REGISTRY.get(name.strip().lower())
    if found is None:
        raise BridgekitError(f"unknown scoring method {name!r} (one of {', '.join(method_names())})")
    return found


def method_names() -> list[str]:
    return [m.name for m in _ORDER]


def all_methods() -> list[ScoringMethod]:
    return list(_ORDER)


def tag_fields(value: str | None) -> list[str]:
    """A ``Scoring`` tag's fields, lower-cased."""
    return [f.strip().lower() for f in (value or "").split(";")]


def method_for_tag(value: str | None) -> ScoringMethod:
    """The method a ``Scoring`` tag asks for: the one it names, else the one
    claiming a tag that names none (``IMP`` alone: Butler; else matchpoints)."""
    fields = tag_fields(value)
    for m in _ORDER:
        if m.named_by(fields):
            return m
    claimed = [m for m in _ORDER if m.claims(fields)]
    return max(claimed or _ORDER, key=lambda m: m.fallback)


class _Enumerated(type):
    def __iter__(cls) -> Iterator[ScoringMethod]:
        return iter(all_methods())


class Method(metaclass=_Enumerated):
    """The registered methods by constant (``Method.MP``, ``Method.BUTLER``,
    ``Method.CROSS_IMPS``) and iterable like an enum (``list(Method)``)."""

    MP: ClassVar[ScoringMethod]
    BUTLER: ClassVar[ScoringMethod]
    CROSS_IMPS: ClassVar[ScoringMethod]
    TEAMS: ClassVar[ScoringMethod]
    BAM: ClassVar[ScoringMethod]
    PATTON: ClassVar[ScoringMethod]


from . import matchpoints  # noqa: E402,I001  (registration, in this order)
from . import butler  # noqa: E402
from . import cross  # noqa: E402
from . import teams  # noqa: E402

Method.MP = matchpoints.MATCHPOINTS
Method.BUTLER = butler.BUTLER
Method.CROSS_IMPS = cross.CROSS_IMPS
Method.TEAMS = teams.TEAMS
Method.BAM = teams.BAM
Method.PATTON = teams.PATTON

__all__ = ["Method", "ScoringMethod", "all_methods", "find_method", "method_for_tag", "method_names",
           "register", "tag_fields", "unregister"]

"""The scoring methods' registry and the pair methods' ranking:
``register``/``find_method`` (``bridgekit.event.methods`` re-exports them
and loads the methods, which register here) and ``PairMethod``, the
``ScoringMethod`` (the interface, in ``model``) that ranks pairs."""

from __future__ import annotations

from ...errors import BridgekitError
from ..model import Event, EventOptions, ScoringMethod
from ..ranking import rank_event
from ...notation import Message


class PairMethod(ScoringMethod):
    """A method whose standings are pairs (or players) ranked in their field."""

    def rank(self, event: Event, options: EventOptions, names: dict[tuple[str | None, str], str]) -> None:
        rank_event(event, options, names)


_REGISTRY: dict[str, ScoringMethod] = {}
_ORDER: list[ScoringMethod] = []


def register(method: ScoringMethod) -> ScoringMethod:
    """Add a method under its name and aliases (a name taken is an error)."""
    for key in (method.name, *method.aliases):
        if key.lower() in _REGISTRY:
            raise ValueError(Message('scoring method {key!r} is already registered', key=key))
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
        raise BridgekitError(Message('unknown scoring method {name!r} (one of {known})', name=name,
                                     known=', '.join(method_names())))
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

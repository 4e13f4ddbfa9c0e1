"""The rules profiles' model and registry: ``Profile`` (what differs
between the rules: scoring, passed-out deals, ledgers), ``Score`` and its
``ScoreItem``s, the ``Ledger``s, and the registry the profile modules
register into (``bridgekit.rules`` re-exports all of it and loads the
profiles).  Nothing here imports a profile module."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ..contract import Result
from ..dds import DDTable, Par
from ..deal import Deal
from ..errors import BridgekitError
from ..seats import Seat, Side, Vul
from .par import par
from ..notation import Message

ABOVE = "above"
BELOW = "below"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score breakdown: who scores it, where, what, how much.

    ``kind`` says what the item is (``trick points``, ``overtricks``,
    ``honours``...: the label's stem, a catalogue's msgid), apart from its
    data: ``count`` (overtricks, undertricks, odd tricks, honours held),
    ``unit`` (``odd`` for odd tricks, ``honours`` or ``aces`` held) and
    ``split`` (how honours lie between the two hands).  ``item`` is the label
    in English, written from them: ``overtricks (2)``, ``trick points (4
    odd)``, ``honours (4 aces, 3+1)``.  ``line`` is ``"above"``/``"below"``
    under the auction profiles and None in duplicate.  ``points`` is always
    positive: the side receives it.
    """

    side: Side
    kind: str
    points: int
    line: str | None = None
    count: int | None = None
    unit: str | None = None
    split: tuple[int, int] | None = None

    @property
    def item(self) -> str:
        """The label: ``overtricks (2)``, ``honours (4 honours, 3+1)``."""
        if self.count is None:
            return self.kind
        if self.split is not None:
            return f"{self.kind} ({self.count} {self.unit}, {self.split[0]}+{self.split[1]})"
        return f"{self.kind} ({self.count}{' ' + self.unit if self.unit else ''})"

    def to_dict(self) -> dict[str, object]:
        return {"side": self.side.value, "line": self.line, "item": self.item, "points": self.points,
                "kind": self.kind}


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


class PassedOut(str, Enum):
    """What four initial passes mean under a profile."""

    ZERO = "zero"                 # scored as zero for both sides; next board
    NEXT_DEALER = "next-dealer"   # no score; the deal passes to the next dealer
    SAME_DEALER = "same-dealer"   # no score; the same dealer deals again

    @property
    def meaning(self) -> Message:
        """What happens, in words (``after four passes ...``)."""
        return _PASSED_OUT_MEANING[self]

    def redealer(self, dealer: Seat) -> Seat | None:
        """Who deals the deal again after four passes on ``dealer``'s deal;
        None when the deal is scored (zero) and play moves to the next board."""
        if self is PassedOut.ZERO:
            return None
        return dealer if self is PassedOut.SAME_DEALER else dealer.next()


_PASSED_OUT_MEANING = {
    PassedOut.ZERO: Message("zero for both sides"),
    PassedOut.NEXT_DEALER: Message("no score; the next dealer deals"),
    PassedOut.SAME_DEALER: Message("no score; the same dealer deals again"),
}


class Ledger:
    """Where a profile's scores are written down, and all that follows from
    it: the row fields of a score, what a score adds to a session's totals,
    the PBN tags that record it and its summary in one line.  Two ledgers:
    ``Ledger.BOARD`` (a net score per board, duplicate) and ``Ledger.RUBBER``
    (above and below the line, on a rubber pad).  A profile names its ledger;
    code asks the ledger, never which one it is."""

    BOARD: ClassVar["Ledger"]
    RUBBER: ClassVar["Ledger"]
    name = ""
    keeps_rubbers = False
    #: The row fields of a score, in order.
    columns: tuple[str, ...] = ()

    def row(self, score: Score | None) -> dict[str, int | None]:
        """A score as row fields (all None for no score)."""
        raise NotImplementedError

    def totals(self, score: Score) -> dict[str, int]:
        """What one score adds to a session's totals."""
        raise NotImplementedError

    def score_tags(self, score: Score) -> dict[str, str]:
        """The PBN tags that record ``score``."""
        raise NotImplementedError

    def summary(self, score: Score) -> Message:
        """A score in one line."""
        raise NotImplementedError

    @property
    def value(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<Ledger {self.name}>"


class BoardLedger(Ledger):
    """A net score per board: ``score_ns`` (and ``score_ew``, its negation)."""

    name = "board"
    columns = ("score_ns", "score_ew")

    def row(self, score: Score | None) -> dict[str, int | None]:
        if score is None:
            return dict.fromkeys(self.columns)
        return {"score_ns": score.ns, "score_ew": -score.ns}

    def totals(self, score: Score) -> dict[str, int]:
        return {"net_ns": score.ns}

    def score_tags(self, score: Score) -> dict[str, str]:
        return {"Score": f"NS {score.ns}"}

    def summary(self, score: Score) -> Message:
        ns = score.ns
        return Message("N/S {ns}, E/W {ew}", ns=f"{ns:+d}", ew=f"{-ns:+d}") if ns else Message("N/S 0, E/W 0")


class RubberLedger(Ledger):
    """Above and below the line for each side, kept on a rubber pad."""

    name = "rubber"
    keeps_rubbers = True
    columns = ("below_ns", "below_ew", "above_ns", "above_ew", "total_ns", "total_ew")

    def row(self, score: Score | None) -> dict[str, int | None]:
        if score is None:
            return dict.fromkeys(self.columns)
        row: dict[str, int | None] = {}
        for line in (BELOW, ABOVE):
            for side in Side:
                row[f"{line}_{side.value.lower()}"] = score.on_line(side, line)
        row["total_ns"], row["total_ew"] = score.total(Side.NS), score.total(Side.EW)
        return row

    def totals(self, score: Score) -> dict[str, int]:
        return {f"{line}_{side.value.lower()}": score.on_line(side, line) for line in (BELOW, ABOVE)
                for side in Side}

    def score_tags(self, score: Score) -> dict[str, str]:
        return {"Score": f"NS {score.total(Side.NS)} EW {score.total(Side.EW)}",
                "ScoreRubber": " ".join(f"{side.value} {score.on_line(side, ABOVE)}/{score.on_line(side, BELOW)}"
                                        for side in Side)}

    def summary(self, score: Score) -> Message:
        ns, ew = ((score.on_line(side, BELOW), score.on_line(side, ABOVE)) for side in Side)
        return Message("N/S {ns_below} below, {ns_above} above; E/W {ew_below} below, {ew_above} above",
                       ns_below=ns[0], ns_above=ns[1], ew_below=ew[0], ew_above=ew[1])


Ledger.BOARD = BoardLedger()
Ledger.RUBBER = RubberLedger()


@dataclass(frozen=True, eq=False, repr=False)
class Profile:
    """A rules profile: how a deal scores, what four passes mean, which ledger
    keeps the scores, how par is found, and the PBN ``Scoring`` values that
    select it.

    A profile subclasses this and implements ``score``; everything else has a
    default built on it.  Profiles are singletons, compared by identity.
    """

    name: str
    title: str
    passed_out: PassedOut = PassedOut.ZERO
    ledger: Ledger = Ledger.BOARD
    aliases: tuple[str, ...] = ()
    #: PBN ``Scoring`` values (first ``;`` field, any case, spaces ignored)
    #: that select this profile; the first one is written.
    pbn_scoring: tuple[str, ...] = ()
    game_threshold: int = 100  # trick points below the line that make a game
    rubber_bonus: int = 0
    vulnerability: bool = True  # whether the score depends on vulnerability
    #: The name of the profile whose scores are most easily taken for this
    #: one's (the other code of the same game): see ``counterpart``.
    counterpart_name: str | None = None

    def score(self, result: Result, vul: Vul, deal: Deal | None = None) -> Score:
        """The itemised score of one deal on its own (no rubber context).
        Raises BridgekitError when the tricks of a played contract are unknown."""
        raise NotImplementedError

    def score_notes(self, result: Result, deal: Deal | None) -> list[str]:
        """What a score of ``result`` leaves out for want of information."""
        return []

    def score_result(self, result: Result, vul: Vul | None,
                     deal: Deal | None) -> tuple[Score | None, list[str]]:
        """Score ``result`` when the profile has what it needs: (score or None,
        notes saying what is missing).  ``vul`` None means unknown."""
        if vul is None and self.vulnerability:
            return None, [Message("vulnerability unknown")]
        return self.score(result, vul or Vul.NONE, deal), self.score_notes(result, deal)

    def default_vulnerability(self, board_number: int | None) -> Vul | None:
        """The vulnerability of a board without a Vulnerable tag: from its
        number's duplicate cycle when the profile uses vulnerability."""
        if self.vulnerability and board_number is not None and board_number >= 1:
            return Vul.for_board(board_number)
        return None

    def next_dealer(self, dealer: Seat, passed_out: bool) -> Seat:
        """Who deals after a deal ``dealer`` dealt (the next seat clockwise,
        except after four passes where ``passed_out`` says otherwise)."""
        redealer = self.passed_out.redealer(dealer) if passed_out else None
        return dealer.next() if redealer is None else redealer

    @property
    def counterpart(self) -> "Profile | None":
        """The profile whose scores are most easily taken for this one's (the
        other code of the same game), for lessons and drills to contrast."""
        return None if self.counterpart_name is None else find_profile(self.counterpart_name)

    @property
    def keeps_rubbers(self) -> bool:
        """Whether deals are kept on a rubber pad (games, rubber bonus)."""
        return self.ledger.keeps_rubbers

    @property
    def columns(self) -> tuple[str, ...]:
        """The row fields of a score (``row``), in order (the ledger's)."""
        return self.ledger.columns

    def row(self, score: Score | None) -> dict[str, int | None]:
        """A score as row fields: ``score_ns``/``score_ew`` in the board
        ledger; points below and above the line and totals per side in the
        rubber ledger.  All None for no score."""
        return self.ledger.row(score)

    def totals(self, score: Score) -> dict[str, int]:
        """What one score adds to a session's totals: ``net_ns`` in the board
        ledger; each side's points below and above the line in the rubber one."""
        return self.ledger.totals(score)

    def score_tags(self, score: Score) -> dict[str, str]:
        """The PBN tags that record ``score``: ``Score`` (``NS 420``; both
        sides' points, ``NS 198 EW 18``, in the rubber ledger) and
        ``ScoreRubber`` (above/below per side) in the rubber ledger."""
        return self.ledger.score_tags(score)

    def conditions(self, vul: Vul) -> Message | None:
        """The conditions a result is scored under, in words, for a heading:
        ``vulnerable: All``; None when the profile has no vulnerability."""
        return Message("vulnerable: {vul}", vul=vul) if self.vulnerability else None

    def summary(self, score: Score) -> Message:
        """A score in one line: ``N/S +420, E/W -420`` in the board ledger;
        ``N/S 120 below, 50 above; E/W 0 below, 0 above`` in the rubber one."""
        return self.ledger.summary(score)

    def answers_to(self, scoring: str) -> bool:
        """Whether a PBN ``Scoring`` tag value selects this profile."""
        key = scoring.split(";")[0].strip().lower().replace(" ", "")
        return any(key == value.lower().replace(" ", "") for value in self.pbn_scoring)

    def par(self, table: DDTable, vul: Vul, dealer: Seat, deal: Deal | None = None) -> Par:
        """Double-dummy par from a DD table (the generic solver of
        ``rules.par`` over ``score``; ``deal`` for what the score needs of
        the hands)."""
        return par(table, vul, dealer, self.score, deal)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


_REGISTRY: dict[str, Profile] = {}
_DEFAULTS: list[Profile] = []      # the default profile, once registered


def register(profile: Profile, *, default: bool = False) -> Profile:
    """Add ``profile`` to the registry under its name and aliases; with
    ``default``, as the profile used when nothing names one."""
    for key in (profile.name, *profile.aliases):
        _REGISTRY[key.lower()] = profile
    if default:
        _DEFAULTS[:] = [profile]
    return profile


def default_profile() -> Profile:
    """The default profile (``contract``)."""
    return _DEFAULTS[0]


def unregister(profile: Profile) -> None:
    """Take ``profile`` out of the registry (its name and aliases)."""
    for key in [k for k, p in _REGISTRY.items() if p is profile]:
        del _REGISTRY[key]


def find_profile(name: str) -> Profile:
    """The profile called ``name`` (or an alias); raises BridgekitError listing
    the known names otherwise."""
    profile = _REGISTRY.get(name.strip().lower())
    if profile is None:
        raise BridgekitError(Message('unknown rules profile {name!r} (known: {known})',
                                     name=name, known=', '.join(profile_names())))
    return profile


def profiles() -> list[Profile]:
    """Every registered profile, ``contract`` (the default) first."""
    return sorted({id(p): p for p in _REGISTRY.values()}.values(), key=lambda p: (p is not default_profile(), p.name))


def profile_names() -> list[str]:
    return [p.name for p in profiles()]


def profile_for_scoring(scoring: str | None) -> Profile:
    """The profile a PBN ``Scoring`` tag selects: the one that answers to its
    first field; standard PBN values (``IMP``, ``MP``, ``Rubber``...), an empty
    tag or none mean the default, ``contract``."""
    if scoring:
        for profile in profiles():
            if profile.answers_to(scoring):
                return profile
    return default_profile()


def rubber_profile(profile: Profile | None = None) -> Profile:
    """The profile a rubber is kept under: ``profile`` when it keeps
    rubbers, else the first registered one that does (``auction-1920``)."""
    if profile is not None and profile.keeps_rubbers:
        return profile
    return next(p for p in profiles() if p.keeps_rubbers)

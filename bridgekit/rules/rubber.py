"""The rubber score pad of Auction Bridge (*Laws of Auction Bridge, New York
Whist Club, 1920*, sections 05 and 08; *How to Play Auction Bridge*).

A session is a sequence of deals in playing order.  Every scored item goes on
the pad above or below the line for its side (N/S is "WE", E/W "THEY").  Trick
points below the line accumulate towards a game (30 under both auction
profiles: ``profile.game_threshold``); when a side's trick points in the
current game reach it, that side wins the game, a line is drawn and *both*
partials start again from zero (they stay in the totals); the surplus is not
carried over, so one deal never wins two games.  When a side has won two games
the rubber ends with that deal: the side scores ``profile.rubber_bonus`` (250)
above the line, and every entry above and below is added up; the larger total
wins by the difference, so a side with two games can lose on points; equal
totals are a draw.  The next deal starts a new rubber.

Four passes score nothing; what happens next is profile data
(``profile.passed_out``): under ``auction-1920`` the deal passes to the next
dealer, under ``auction-classic`` the same dealer deals again.  ``next_dealer``
says who should deal the following deal, and the pad notes any deal whose
recorded dealer differs.

A rubber still open at the end of the session is *unfinished*: it has no rubber
bonus, and the side ahead on points leads (*How to Play Auction Bridge* calls
it the winner when play has to stop).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ..contract import Result
from ..deal import Deal
from ..errors import BridgekitError
from ..notation import Message
from ..seats import Seat, Side, Vul
from .base import ABOVE, BELOW, Profile, ScoreItem, profiles

RUBBER_BONUS = "rubber bonus"


@dataclass(frozen=True)
class PadEntry:
    """One figure written on the pad."""

    deal: int            # 1-based index of the deal in the session
    side: Side
    line: str            # "above" or "below"
    item: str
    points: int
    game: int            # the game (1, 2, 3) in progress when it was scored
    #: the score item written (its kind and data, rendered in a language at the edge)
    source: ScoreItem | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, object]:
        return {"deal": self.deal, "side": self.side.value, "line": self.line,
                "item": self.item, "points": self.points, "game": self.game}


@dataclass(frozen=True)
class SessionDeal:
    """One deal of a rubber session as played: what the pad needs."""

    result: Result
    dealer: Seat | None = None
    deal: Deal | None = None
    label: str | None = None   # board label in the file, for messages


@dataclass
class DealNote:
    """What happened on one deal, beyond its pad entries."""

    deal: int
    label: str | None
    dealer: Seat | None
    contract: str
    declarer: Seat | None
    tricks: int | None
    notes: list[str] = field(default_factory=list)
    game_won: Side | None = None

    def to_dict(self) -> dict[str, object]:
        return {"deal": self.deal, "board": self.label,
                "dealer": self.dealer.name if self.dealer is not None else None,
                "contract": self.contract,
                "declarer": self.declarer.name if self.declarer is not None else None,
                "tricks": self.tricks, "game_won": self.game_won.value if self.game_won else None,
                "notes": list(self.notes)}


@dataclass
class Rubber:
    """One rubber of a session."""

    number: int
    profile: str
    deals: list[DealNote] = field(default_factory=list)
    entries: list[PadEntry] = field(default_factory=list)
    games: list[Side] = field(default_factory=list)
    finished: bool = False

    def total(self, side: Side) -> int:
        return sum(e.points for e in self.entries if e.side is side)

    def line_total(self, side: Side, line: str) -> int:
        return sum(e.points for e in self.entries if e.side is side and e.line == line)

    @property
    def totals(self) -> dict[Side, int]:
        return {side: self.total(side) for side in Side}

    @property
    def winner(self) -> Side | None:
        """The side with more points (finished or not); None when equal."""
        ns, ew = self.total(Side.NS), self.total(Side.EW)
        if ns == ew:
            return None
        return Side.NS if ns > ew else Side.EW

    @property
    def margin(self) -> int:
        return abs(self.total(Side.NS) - self.total(Side.EW))

    def games_won(self, side: Side) -> int:
        return sum(1 for g in self.games if g is side)

    def to_dict(self) -> dict[str, object]:
        return {
            "rubber": self.number,
            "profile": self.profile,
            "deals": [d.to_dict() for d in self.deals],
            "entries": [e.to_dict() for e in self.entries],
            "games": [g.value for g in self.games],
            "totals": {s.value: self.total(s) for s in Side},
            "winner": self.winner.value if self.winner is not None else None,
            "margin": self.margin,
            "finished": self.finished,
        }


def next_dealer(profile: Profile, dealer: Seat, passed_out: bool) -> Seat:
    """Who deals after ``dealer`` under ``profile`` (``Profile.next_dealer``)."""
    return profile.next_dealer(dealer, passed_out)


def keep_score(deals: Iterable[SessionDeal], profile: Profile) -> list[Rubber]:
    """Keep the pad over a session of deals in playing order; one Rubber per
    rubber started (the last one may be unfinished).

    Raises BridgekitError when ``profile`` is not scored in rubbers, or when a
    deal's tricks are unknown.
    """
    if not profile.keeps_rubbers:
        raise BridgekitError(Message("the {profile} profile is not scored in rubbers: use {others:|}",
                                     profile=profile.name,
                                     others=[p.name for p in profiles() if p.keeps_rubbers]))
    rubbers: list[Rubber] = []
    current: Rubber | None = None
    below = {Side.NS: 0, Side.EW: 0}
    expected: Seat | None = None
    for index, sd in enumerate(deals, start=1):
        if current is None or current.finished:
            current = Rubber(len(rubbers) + 1, profile.name)
            rubbers.append(current)
            below = {Side.NS: 0, Side.EW: 0}
        result = sd.result
        contract = result.contract
        note = DealNote(index, sd.label, sd.dealer, str(contract), result.declarer, result.tricks)
        current.deals.append(note)
        if sd.dealer is not None and expected is not None and sd.dealer is not expected:
            note.notes.append(Message("dealer is {dealer:letter}; after the previous deal {expected:letter} should deal "
                                      "under {profile}", dealer=sd.dealer, expected=expected, profile=profile.name))
        if sd.dealer is not None:
            expected = next_dealer(profile, sd.dealer, contract.is_passed_out)
        if contract.is_passed_out:
            note.notes.append(Message("passed out: {meaning}", meaning=profile.passed_out.meaning))
            continue
        game = len(current.games) + 1
        score = profile.score(result, Vul.NONE, sd.deal)
        note.notes.extend(profile.score_notes(result, sd.deal))
        for item in score.items:
            line = item.line or ABOVE
            current.entries.append(PadEntry(index, item.side, line, item.item, item.points, game, item))
            if line == BELOW:
                below[item.side] += item.points
        winners = [s for s in Side if below[s] >= profile.game_threshold]
        if winners:
            side = max(winners, key=lambda s: below[s])
            current.games.append(side)
            note.game_won = side
            below = {Side.NS: 0, Side.EW: 0}
            if current.games_won(side) == 2:
                bonus = ScoreItem(side, RUBBER_BONUS, profile.rubber_bonus, ABOVE)
                current.entries.append(PadEntry(index, side, ABOVE, RUBBER_BONUS, profile.rubber_bonus, game, bonus))
                current.finished = True
    return rubbers

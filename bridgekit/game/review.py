"""The review offered when a deal at the table ends.

Trick by trick: every card with who played it; each computer decision with
the reason it gave; and for every card the human chose (its own hand, and
dummy's when it declared) the double-dummy cost of that card, from the same
post-mortem ``bridgekit analyse`` makes (``bridgekit.analysis.postmortem``).
The auction comes first, each computer call with its reason.  Lines fit 80
columns.
"""

from __future__ import annotations

from ..analysis.postmortem import CardVerdict, analyse_play
from ..cards import Card
from ..render import call_text, card_text, contract_text, spelled_text, visible_len
from ..seats import Seat
from .session import GameRecord, wrap


def _chooser(seat: Seat, declarer: Seat) -> Seat:
    """Who chooses ``seat``'s card: declarer chooses dummy's."""
    return declarer if seat is declarer.partner else seat


def _cards(cards: tuple[Card, ...] | list[Card], ascii_: bool, colour: bool) -> str:
    return " ".join(card_text(c, ascii_, colour) for c in cards)


def _cost_text(v: CardVerdict, ascii_: bool, colour: bool) -> str:
    if v.cost == 0:
        return "no trick lost"
    tricks = "trick" if v.cost == 1 else "tricks"
    return f"cost {v.cost} {tricks} double dummy (best {_cards(v.best, ascii_, colour)})"


def review_lines(record: GameRecord, ascii_: bool = False, colour: bool = False) -> list[str]:
    """The review of a finished (or partly played) deal, as lines of at most
    80 columns.  Solves every position of the play with DDS."""
    auction = record.auction
    human = record.human
    lines = ["Review of the deal.", "", "The auction:"]
    for i, call in enumerate(auction.calls):
        seat = auction.dealer.next(i)
        who = f"{seat.full_name}{' (you)' if seat is human else ''}"
        reason = record.call_reasons.get(i)
        shown = call_text(call, ascii_, colour)
        shown += " " * max(0, 5 - visible_len(shown))   # colour codes take no room
        text = f"  {who:<11} {shown}" + (f" {spelled_text(reason, ascii_, colour)}" if reason else "")
        lines.append(wrap(text, indent=20))
    contract = auction.contract()
    declarer = auction.declarer()
    play = record.play
    if contract is None or contract.strain is None or declarer is None or play is None or not play.cards:
        lines.append("No card was played.")
        return lines
    pm = analyse_play(record.deal, contract.strain, declarer, list(play.cards), contract=str(contract))
    yours = [v for v in pm.verdicts if human is not None and _chooser(v.seat, declarer) is human]
    theirs = [v for v in pm.verdicts if human is None or _chooser(v.seat, declarer) is not human]
    lines += ["", wrap(f"The play: {contract_text(contract, ascii_, colour)} by {declarer.full_name}; "
                       f"double dummy {pm.start} tricks for declarer's side at the start, {pm.end} at the end.")]
    if yours:
        cost = sum(v.cost for v in yours)
        lines.append(wrap(f"Your cards cost {cost} trick{'' if cost == 1 else 's'} double dummy, "
                          f"the computer's {sum(v.cost for v in theirs)}."))
    for t in range(0, len(pm.verdicts), 4):
        trick = pm.verdicts[t:t + 4]
        cards = "  ".join(f"{v.seat.name} {card_text(v.card, ascii_, colour)}" for v in trick)
        won = ""
        tricks = play.tricks()
        if t // 4 < len(tricks) and tricks[t // 4].winner is not None:
            won = f"  -> {tricks[t // 4].winner.full_name}"   # type: ignore[union-attr]
        lines.append("")
        lines.append(f"Trick {t // 4 + 1:>2}: {cards}{won}")
        for v in trick:
            mine = human is not None and _chooser(v.seat, declarer) is human
            label = v.seat.full_name + (" (you)" if v.seat is human else " (dummy)" if mine else "")
            if mine:
                text = f"{card_text(v.card, ascii_, colour)}: {_cost_text(v, ascii_, colour)}"
            else:
                reason = record.card_reasons.get(v.index)
                text = (card_text(v.card, ascii_, colour) if reason is None else spelled_text(reason, ascii_, colour))
                text += f" [{_cost_text(v, ascii_, colour)}]" if v.cost else ""
            lines.append(wrap(f"  {label:<13} {text}", indent=16))
    return lines

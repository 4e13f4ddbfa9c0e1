"""The table session of ``bridgekit play``: one deal as in *Bridge: One Deal
Against the Computer*.

You sit South; the computer sits North (your partner), East and West.  South
deals, the cards going one at a time clockwise from West.  The auction follows
the rules engine (an illegal call is refused with the rule it breaks); the
computer bids the system of ``bridgekit.game.bidding`` and gives its reason for
any call on request (``?``).  The opening lead is made, dummy goes down, and
the play goes on: as declarer you play both your hand and dummy; as a defender
your own hand; when North declares you play both North-South hands from
North's seat, as online robots' tables do (``watch`` lets the computer play
them while you watch).  The computer's cards are shown at ``pace`` seconds
each, so a person can follow them.  After thirteen tricks (or four passes, which score zero) the
result, the duplicate score and its breakdown are shown and the record is
built as a PBN board: deal, auction, play, result, score, and notes with the
computer's reasons.

The session talks through two functions given by the caller, ``ask(prompt)``
(a line of input, ``None`` at end of input) and ``say(text)``, so it runs the
same in a terminal, under a script on stdin and in tests.  It never reads the
hidden hands on behalf of a computer player: each decision gets a
``TableView`` holding only what that seat may see.
"""

from __future__ import annotations

import datetime as _dt
import random
import re
import time
from dataclasses import dataclass, field
from typing import Callable

from ..auction import Auction
from ..board import AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Tag
from ..calls import Call, CallKind
from ..contract import Contract
from ..cards import ALL_CARDS, Card
from ..deal import Deal, Hand
from ..errors import BridgekitError, IllegalCallError, IllegalCardError, ParseError
from ..play import Play
from .cardplay_signals import CONVENTION
from ..i18n import _, _n
from ..notation import (AmbiguousInput, Message, contract_text, illegal_call_reason, illegal_card_reason, parse_call, parse_card,
                        seat_letter, seat_name, vul_name)
from ..render import call_text, card_text, render_auction, render_deal, render_hand, reason_text, visible_len
from ..rules.duplicate import CONTRACT
from ..scoring import score_board, write_score_tags
from ..seats import Seat, Side, Vul
from .bidding import Bidder
from .cardplay import DEFAULT_SAMPLES, DEFAULT_THINK, CardPlayer, TableView

#: The human's seat: South, who also deals.
YOU = Seat.S
DEALER = Seat.S


def wrap(text: str, width: int = 80, indent: int = 4) -> str:
    """Wrap ``text`` to ``width`` screen columns (colour codes take no room),
    continuing lines indented by ``indent``; runs of spaces are kept."""
    lines: list[str] = []
    line = ""
    for token in re.split(r"( +)", text):
        if not token:
            continue
        if token.startswith(" "):
            line += token
            continue
        if visible_len(line + token) > width and line.strip():
            lines.append(line.rstrip())
            line = " " * indent
        line += token
    lines.append(line.rstrip())
    return "\n".join(lines)


class GameAborted(BridgekitError):
    """The game stopped before its end (input ended, or ``quit``)."""


def deal_cards(seed: int | None = None) -> Deal:
    """Shuffle and deal as the rules of the single-deal game say: one card at a time clockwise,
    starting with West (the player on the dealer South's left)."""
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    return Deal.dealt_from(cards, DEALER.lho)


@dataclass
class GameOptions:
    """How the computer plays and how the table is shown."""

    vul: Vul = Vul.NONE
    samples: int = DEFAULT_SAMPLES
    think: float | None = DEFAULT_THINK
    auto: bool = False          # the computer plays South too
    seed: int | None = None     # the card players' random choices
    ascii: bool = False
    colour: bool = False
    event: str = "bridgekit play"
    watch: bool = False         # when North declares, the computer plays both hands
    pace: float = 0.0           # seconds to wait after each card the computer plays
    verbose: bool = False       # the computer's reasons in full (layouts, weights)
    lang: str = "en"            # the table's language: its messages, notation (3SA, ♠R) and what is typed


@dataclass
class GameRecord:
    """Everything that happened at the table."""

    deal: Deal
    vul: Vul
    auction: Auction
    call_reasons: dict[int, str] = field(default_factory=dict)   # computer calls, by index
    play: Play | None = None
    card_reasons: dict[int, str] = field(default_factory=dict)   # computer cards, by index
    human: Seat | None = YOU
    date: _dt.date = field(default_factory=_dt.date.today)
    event: str = "bridgekit play"
    #: the seats whose cards the human chose (South, dummy when South
    #: declares, North and South when North declares and you play both)
    chosen_by_human: frozenset[Seat] = frozenset()

    def to_board(self) -> Board:
        """The record as a PBN board (tags, auction and play sections with
        notes), scored: ``Score`` is filled by ``bridgekit.scoring``."""
        b = Board()
        human = self.human

        def tag(name: str, value: str) -> None:
            b.tags[name] = Tag(name, value)

        tag("Event", self.event)
        tag("Site", "bridgekit")
        tag("Date", self.date.strftime("%Y.%m.%d"))
        tag("Board", "1")
        for seat in (Seat.W, Seat.N, Seat.E, Seat.S):
            tag(seat.full_name, "You" if seat is human else "Computer")
        tag("Dealer", DEALER.name)
        tag("Vulnerable", str(self.vul))
        tag("Deal", self.deal.str_from(DEALER))
        contract = self.auction.contract()
        declarer = self.auction.declarer()
        rec = AuctionRecord(self.auction.dealer)
        notes = _SectionNotes(rec.notes)
        for i, call in enumerate(self.auction.calls):
            entry = CallEntry(call)
            reason = self.call_reasons.get(i)
            if reason is not None:
                notes.attach(entry, _note(reason))
            rec.calls.append(entry)
        rec.complete_marker = self.auction.is_complete()
        b.auction = rec
        tag("Auction", DEALER.name)
        if contract is not None and contract.is_passed_out:
            tag("Contract", "Pass")
            tag("Declarer", "")
            tag("Result", "")
        elif contract is not None and declarer is not None:
            tag("Contract", str(contract))
            tag("Declarer", declarer.name)
            play = self.play
            if play is not None:
                prec = PlayRecord(declarer.lho)
                play_notes = _SectionNotes(prec.notes)
                for t, trick in enumerate(play.tricks()):
                    row: list[CardEntry | None] = [None] * 4
                    for k, card in enumerate(trick.cards):
                        seat = trick.seat_of(k)
                        card_entry = CardEntry(card)
                        reason = self.card_reasons.get(t * 4 + k)
                        if reason is not None:
                            play_notes.attach(card_entry, _note(reason))
                        row[(seat - prec.leader) % 4] = card_entry
                    prec.tricks.append(row)
                prec.incomplete_marker = not play.is_complete()
                b.play = prec
                tag("Play", prec.leader.name)
                if play.is_complete():
                    tag("Result", str(play.declarer_tricks()))
        write_score_tags(score_board(b, CONTRACT))
        return b


def _note(reason: str) -> str:
    """A reason as the record's note keeps it: in English, calls and cards in
    letters (PBN files are Latin-1; ``2C: Stayman``, ``SA: the only legal card``)."""
    return reason.render(ascii=True) if isinstance(reason, Message) else reason


class _SectionNotes:
    """The notes of one section (auction or play) as PBN 2.1 allows them
    (sections 3.5.4 and 3.6.4): numbered from 1 to 32 within the section, a
    number shared by every call or card with the same text.  A reason past
    the 32nd distinct one is kept as a comment after its call or card, the
    standard's commentary form, so that nothing is lost and the file checks
    clean."""

    LIMIT = 32

    def __init__(self, notes: dict[int, str]) -> None:
        self.notes = notes
        self.numbers: dict[str, int] = {}

    def attach(self, entry: CallEntry | CardEntry, text: str) -> None:
        number = self.numbers.get(text)
        if number is None and len(self.numbers) < self.LIMIT:
            number = self.numbers[text] = len(self.numbers) + 1
            self.notes[number] = text
        if number is not None:
            entry.note = number
        else:
            entry.comments.append(text)


class Table:
    """One deal at the table.  ``run()`` plays it to the end and returns the
    ``GameRecord``; raises ``GameAborted`` when input ends or you type ``quit``
    (Ctrl-C is left to the caller as KeyboardInterrupt)."""

    def __init__(self, deal: Deal, options: GameOptions, ask: Callable[[str], str | None],
                 say: Callable[[str], None], pause: Callable[[float], None] = time.sleep) -> None:
        if not deal.is_complete:
            problems = "; ".join(m for _code, m in deal.problems()) or Message("a hand is unknown")
            raise ParseError(Message("the deal to play must be complete ({problems})", problems=problems))
        self.deal = deal
        self.opt = options
        self.ask_line = ask
        self.say = say
        self.pause = pause
        self.human: Seat | None = None if options.auto else YOU
        self.bidder = Bidder()
        self.player = CardPlayer(options.samples, rng=random.Random(options.seed), bidder=self.bidder,
                                 think=options.think)
        self.record = GameRecord(deal, options.vul, Auction(DEALER), human=self.human, event=options.event)

    # -- presentation helpers ------------------------------------------------

    def _c(self, card: Card) -> str:
        return card_text(card, self.opt.ascii, self.opt.colour, self.opt.lang)

    def _call(self, call: Call) -> str:
        return call_text(call, self.opt.ascii, self.opt.colour, self.opt.lang)

    def _seat(self, seat: Seat) -> str:
        return seat_name(seat, self.opt.lang)

    def _contract(self, contract: Contract) -> str:
        return contract_text(contract, self.opt.ascii, self.opt.lang, colour=self.opt.colour)

    def _reason(self, reason: str) -> str:
        """The computer's reason as the screen shows it (``render.reason_text``)."""
        return reason_text(reason, self.opt.ascii, self.opt.colour, self.opt.lang)

    def _hand_line(self, hand: Hand | set[Card] | frozenset[Card]) -> str:
        cards = hand.cards if isinstance(hand, Hand) else frozenset(hand)
        return "  ".join(render_hand(Hand(cards), self.opt.ascii, self.opt.colour, self.opt.lang))

    def _ask(self, prompt: str) -> str:
        line = self.ask_line(prompt)
        if line is None:
            raise GameAborted(_(self.opt.lang, "input ended before the game was over"))
        text = line.strip()
        if text.lower() in ("quit", "exit", "q!"):
            raise GameAborted(_(self.opt.lang, "you left the table"))
        return text

    # -- the game ---------------------------------------------------------------

    def run(self) -> GameRecord:
        o = self.opt
        L = o.lang
        who = (_(L, "the computer plays all four hands.") if self.human is None
               else _(L, "you are South; North is your partner."))
        self.say(_(L, "One deal of contract bridge: {who}", who=who))
        self.say(_(L, "Dealer South.  Vulnerable: {vul}.", vul=vul_name(o.vul, L)))
        if self.human is not None:
            self.say(_(L, "Your hand:  ") + self._hand_line(self.deal[YOU]))  # type: ignore[arg-type]
            self.say(_(L, "Type calls like 1h 2nt x xx p.  ? explains the computer's calls,\n"
                          "hint suggests a call, help lists the commands, quit leaves."))
        self._auction()
        contract = self.record.auction.contract()
        assert contract is not None
        if contract.is_passed_out:
            self.say(_(self.opt.lang, "Four passes: the deal is passed out and scores zero for both sides."))
            return self.record
        self._play()
        return self.record

    def _auction(self) -> None:
        a = self.record.auction
        while not a.is_complete():
            seat = a.turn
            if seat is self.human:
                call = self._human_call()
                a.push(call)
            else:
                decision = self.bidder.decide(a, self.deal[seat], self.opt.vul)  # type: ignore[arg-type]
                self.record.call_reasons[len(a.calls)] = decision.reason
                a.push(decision.call)
                self.say(f"{self._seat(seat):<5} {self._call(decision.call)}")
        self.say("")
        self.say(render_auction(a, ascii=self.opt.ascii, colour=self.opt.colour, lang=self.opt.lang))
        contract = a.contract()
        declarer = a.declarer()
        if contract is not None and not contract.is_passed_out and declarer is not None:
            self.say(_(self.opt.lang, "Contract: {contract} by {declarer}; {leader} leads.",
                       contract=self._contract(contract), declarer=self._seat(declarer),
                       leader=self._seat(declarer.lho)))

    def _human_call(self) -> Call:
        a = self.record.auction
        self.say("")
        L = self.opt.lang
        self.say(render_auction(a, ascii=self.opt.ascii, colour=self.opt.colour, lang=L))
        self.say(_(L, "Your hand:  ") + self._hand_line(self.deal[YOU]))  # type: ignore[arg-type]
        while True:
            text = self._ask(_(L, "Your call: "))
            low = text.lower()
            if not text:
                continue
            if low in ("?", "why", "explain"):
                self._explain_calls()
                continue
            if low == "hint":
                d = self.bidder.decide(a, self.deal[YOU], self.opt.vul)  # type: ignore[arg-type]
                self.say(wrap(_(L, "The computer would bid {call}.", call=self._call(d.call)) + " "
                              + self._reason(d.reason)))
                continue
            if low in ("help", "h?"):
                self.say(_(L, "Calls: 1c 1d 1h 1s 1nt ... 7nt, p (pass), x (double), xx (redouble).\n"
                              "?: why the computer called as it did.  hint: what it would bid for you.\n"
                              "quit: leave the table."))
                continue
            try:
                call = parse_call(text, L)
            except ParseError:
                self.say(_(L, "'{text}' is not a call: type e.g. 1h, 2nt, p, x or xx (help lists commands).",
                           text=text))
                continue
            try:
                a.check(call)
            except IllegalCallError as e:
                self.say(wrap(_(L, "Refused: {reason}.  Call again.", reason=e) if L == "en" else
                              _(L, "Refused: {reason}.  Call again.",
                                reason=illegal_call_reason(e, a, self.opt.ascii, L))))
                continue
            return call

    def _explain_calls(self) -> None:
        a = self.record.auction
        reasons = self.record.call_reasons
        if not reasons:
            self.say(_(self.opt.lang, "The computer has not called yet."))
            return
        for i, call in enumerate(a.calls):
            seat = a.seat_of(i)
            if i in reasons:
                self.say(wrap(f"  {self._seat(seat):<11} {self._reason(reasons[i])}", indent=14))
            else:
                you = _(self.opt.lang, "{seat} (you)", seat=self._seat(seat))
                self.say(wrap(f"  {you:<11} {self._reason(self.bidder.explain(a, i, self.opt.vul))}", indent=14))

    # -- the play ---------------------------------------------------------------

    def _human_seats(self, play: Play) -> frozenset[Seat]:
        """The seats whose cards the human chooses: its own; dummy's when it
        declares; both of its side's when its partner declares (unless
        watching), from declarer's seat as online robots' tables do."""
        human = self.human
        if human is None:
            return frozenset()
        if play.declarer is human:
            return frozenset((human, play.dummy))
        if play.declarer is human.partner and not self.opt.watch:
            return frozenset((human, human.partner))
        if play.declarer is human.partner:
            return frozenset()       # watching: the computer plays both hands
        return frozenset((human,))

    def _play(self) -> None:
        a = self.record.auction
        contract = a.contract()
        declarer = a.declarer()
        assert contract is not None and declarer is not None
        play = Play(self.deal, contract.strain, declarer)
        self.record.play = play
        mine = self._human_seats(play)
        self.record.chosen_by_human = mine
        if self.human is not None:
            if declarer is self.human:
                self.say(_(self.opt.lang, "You declare: you play your hand and North's (dummy)."))
            elif declarer is self.human.partner and mine:
                self.say(wrap(_(self.opt.lang, "{seat} declares: you play both hands from {seat}'s seat, "
                                               "{seat}'s cards and your own (dummy's).  (--watch lets the "
                                               "computer play them.)", seat=self._seat(declarer))))
            elif declarer is self.human.partner:
                self.say(_(self.opt.lang, "{seat} declares: the computer plays {seat} and your {you} hand; "
                                          "you watch.", seat=self._seat(declarer), you=self._seat(self.human)))
            else:
                self.say(_(self.opt.lang, "You defend: play your South hand."))
        while not play.is_complete():
            seat = play.turn
            who = self.human if seat in mine else None
            if who is not None:
                card = self._human_card(play)
            else:
                view = TableView.for_seat(self.deal, play, a, self.opt.vul)
                decision = self.player.decide(view)
                card = decision.card
                self.record.card_reasons[len(play.cards)] = (decision.reason if self.opt.verbose
                                                             else decision.plain())
            play.push(card)
            if who is None:
                self.say(_(self.opt.lang, "{seat} plays {card}", seat=f"{self._seat(seat):<5}", card=self._c(card)))
                if self.opt.pace > 0:
                    self.pause(self.opt.pace)
            if len(play.cards) == 1:
                dummy = play.dummy
                self.say(_(self.opt.lang, "Dummy ({seat}) goes down:  ", seat=self._seat(dummy))
                         + self._hand_line(play.remaining(dummy) or set()))
            if len(play.cards) % 4 == 0:
                trick = play.tricks()[-1]
                ns = sum(1 for t in play.tricks() if t.winner is not None and t.winner.side is Side.NS)
                ew = len(play.cards) // 4 - ns
                cards = "  ".join(f"{seat_letter(trick.seat_of(k), self.opt.lang)} {self._c(c)}"
                                  for k, c in enumerate(trick.cards))
                assert trick.winner is not None
                self.say(_(self.opt.lang, "Trick {n}: {cards}  -> {seat} wins   (N-S {ns}, E-W {ew})",
                           n=f"{len(play.cards) // 4:>2}", cards=cards, seat=self._seat(trick.winner), ns=ns, ew=ew))
        tricks = play.declarer_tricks()
        diff = tricks - contract.tricks_needed
        L = self.opt.lang
        how = (_(L, "made exactly") if diff == 0 else
               _n(L, "made with {n} overtrick", "made with {n} overtricks", diff) if diff > 0 else
               _(L, "down {n}", n=-diff))
        self.say("")
        self.say(render_deal(self.deal, dealer=DEALER, vulnerable=self.opt.vul, ascii=self.opt.ascii,
                             colour=self.opt.colour, lang=L))
        self.say("")
        self.say(_n(L, "{contract} by {declarer}: {n} trick, {how}.", "{contract} by {declarer}: {n} tricks, {how}.",
                    tricks, contract=self._contract(contract), declarer=self._seat(declarer), how=how))

    def _view_text(self, play: Play) -> str:
        """What the human sees before choosing a card: a compact header that
        keeps the contract and the auction in view, the hands it may see (its
        own, dummy once faced, declarer's when it plays them) and the trick so
        far."""
        human = self.human
        assert human is not None
        a = self.record.auction
        contract = a.contract()
        assert contract is not None
        n = len(play.cards) // 4 + 1
        L = self.opt.lang
        lines = [_(L, "Trick {n}: {contract} by {declarer}; tricks won: declarer {won}, defence {lost}", n=n,
                   contract=self._contract(contract), declarer=self._seat(play.declarer),
                   won=play.declarer_tricks(), lost=play.defence_tricks()),
                 wrap("  " + _(L, "Auction ({seat} first): {calls}", seat=self._seat(a.dealer),
                                calls=self._compact_auction()), indent=4)]
        mine = self.record.chosen_by_human
        seats = set(mine) | {human}
        if play.cards:
            seats.add(play.dummy)
        for seat in sorted(seats, key=lambda s: (s is not Seat.N, s)):
            role = _(L, "you") if seat is human else _(L, "dummy") if seat is play.dummy else _(L, "declarer")
            label = f"{self._seat(seat)} ({role})"
            lines.append(f"  {label:<16} " + self._hand_line(play.remaining(seat) or set()))
        trick = play.current_trick()
        leader = play.leader
        so_far = "  ".join(f"{seat_letter(leader.next(k), L)} {self._c(c)}" for k, c in enumerate(trick))
        lines.append(f"  {_(L, 'Trick so far:'):<16} {so_far or _(L, '(your lead)')}")
        return "\n".join(lines)

    def _compact_auction(self) -> str:
        """The finished auction on one line: its closing passes as ``all pass``."""
        calls = [self._call(c) for c in self.record.auction.calls]
        if len(calls) > 4 and all(c.kind is CallKind.PASS for c in self.record.auction.calls[-3:]):
            calls[-3:] = [_(self.opt.lang, "all pass")]
        return " ".join(calls)

    def _human_card(self, play: Play) -> Card:
        L = self.opt.lang
        seat = play.turn
        legal = list(play.legal_cards)
        if len(legal) == 1:
            self.say(_(L, "{seat} plays {card} (the only card)", seat=f"{self._seat(seat):<5}",
                       card=self._c(legal[0])))
            return legal[0]
        self.say("")
        self.say(self._view_text(play))
        offer = "  ".join(f"{i}:{self._c(c)}" for i, c in enumerate(legal, start=1))
        # one sentence each: French contracts 'de' with the article ('du mort')
        self.say(wrap(_(L, "Play from your hand: {offer}", offer=offer) if seat is self.human else
                      _(L, "Play from dummy ({seat}): {offer}", seat=self._seat(seat), offer=offer)
                      if seat is play.dummy else
                      _(L, "Play from {seat}'s hand: {offer}", seat=self._seat(seat), offer=offer)))
        while True:
            text = self._ask(_(L, "{seat} plays: ", seat=self._seat(seat)))
            low = text.lower()
            if not text:
                continue
            if low in ("?", "why", "explain"):
                self._explain_cards(play)
                continue
            if low == "hint":
                view = TableView.for_seat(self.deal, play, self.record.auction, self.opt.vul)
                d = self.player.decide(view)
                self.say(wrap(_(L, "The computer would play {card}.", card=self._c(d.card)) + " "
                              + self._reason(d.reason if self.opt.verbose else d.plain())))
                continue
            if low == "help":
                self.say(_(L, "Cards: sq, h10, cT, DA (suit then rank, or rank then suit), or the number "
                              "of a card offered.\n?: why the computer played its last cards.  hint: what it "
                              "would play.  quit: leave the table."))
                self.say(wrap(_(L, CONVENTION), indent=0))
                continue
            if text.isdigit():
                k = int(text)
                if 1 <= k <= len(legal):
                    return legal[k - 1]
                self.say(_(L, "Pick a number from 1 to {n}, or type the card.", n=len(legal)))
                continue
            try:
                card = parse_card(text, L)
            except AmbiguousInput as e:
                self.say(_(L, "{text!r} can be read two ways: {choices}. Type it with a suit symbol or "
                              "its number.", text=text, choices=" / ".join(e.shown)))
                continue
            except ParseError:
                self.say(_(L, "'{text}' is not a card: type e.g. sq, h10, cT, or a number from the list.",
                           text=text))
                continue
            if card not in (play.remaining(seat) or set()) and card not in play.cards:
                # never say where the card is: that would show a hidden hand
                self.say(wrap(_(L, "Refused: {seat} does not hold {card}.  Play again.", seat=self._seat(seat),
                                card=self._c(card))))
                continue
            try:
                play.check(card)
            except IllegalCardError as e:
                reason = str(e) if L == "en" else illegal_card_reason(e, play, self.opt.ascii, L)
                self.say(wrap(_(L, "Refused: {reason}.  Play again.", reason=reason)))
                continue
            return card

    def _explain_cards(self, play: Play) -> None:
        reasons = self.record.card_reasons
        n = len(play.cards)
        last = n - (n % 4 or 4) if n else 0   # first card of the latest trick
        start = max(0, last - 4)
        shown = False
        for i in range(start, n):
            if i in reasons:
                self.say(wrap(f"  {self._seat(play.seat_of(i)):<5} {self._reason(reasons[i])}", indent=8))
                shown = True
        if not shown:
            self.say(_(self.opt.lang, "The computer has not played a card in the last two tricks."))


def play_game(deal: Deal, options: GameOptions, ask: Callable[[str], str | None],
              say: Callable[[str], None]) -> GameRecord:
    """Play ``deal`` at the table to the end; see ``Table``."""
    return Table(deal, options, ask, say).run()

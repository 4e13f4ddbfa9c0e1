"""bridgekit play, part two: you play both your side's hands when North
declares, the review's summary attributes every card to whoever chose it,
the first call that left par, and saved games that check clean."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bridgekit import dds
from bridgekit.auction import Auction
from bridgekit.cards import Card, Strain
from bridgekit.check import check_board
from bridgekit.contract import Contract, Doubling
from bridgekit.formats import read_boards
from bridgekit.formats.pbn import format_pbn
from bridgekit.game import GameOptions, deal_cards
from bridgekit.game.cardplay import CardDecision
from bridgekit.game.review import detail_lines, first_call_off_par, solve, summary_lines
from bridgekit.game.session import GameRecord, Table
from bridgekit.play import Play
from bridgekit.seats import Seat, Vul

from conftest import calls

# Seed 7: South passes, North opens 1S; South answers 2C and 3S and North
# declares 4S (the bidding system is deterministic).
NORTH_DECLARES_SEED = 7
SOUTH_CALLS = ["p", "2c", "3s", "p"]

# The WBF IMP scale as published (difference from, IMPs): an oracle apart
# from bridgekit.rules.imps.
WBF = [(20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9), (430, 10),
       (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17), (1750, 18), (2000, 19),
       (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24)]


def wbf_imps(diff: int) -> int:
    return max([i for low, i in WBF if abs(diff) >= low], default=0) * (1 if diff >= 0 else -1)


class Script:
    """Answers the table's prompts: South's calls, then the first card offered."""

    def __init__(self, calls_: list[str]) -> None:
        self.calls = list(calls_)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        if prompt.startswith("Your call"):
            return self.calls.pop(0) if self.calls else None
        return "1"


def _play_north_declares(watch: bool = False) -> tuple[GameRecord, Script, list[str], list[float]]:
    deal = deal_cards(NORTH_DECLARES_SEED)
    script = Script(SOUTH_CALLS)
    said: list[str] = []
    pauses: list[float] = []
    options = GameOptions(samples=1, think=None, seed=1, watch=watch, pace=0.25)
    record = Table(deal, options, script, said.append, pause=pauses.append).run()
    return record, script, said, pauses


@pytest.mark.dds  # the computer's cards: one layout solved each
def test_when_north_declares_you_play_both_hands_and_the_review_says_so() -> None:
    record, script, said, pauses = _play_north_declares()
    assert record.auction.declarer() is Seat.N and str(record.auction.contract()) == "4S"
    assert record.chosen_by_human == {Seat.N, Seat.S}
    text = "\n".join(said)
    assert "North declares: you play both hands" in text
    # every North and South card was chosen at a prompt, or was the only card
    north_asked = sum(1 for p in script.prompts if p == "North plays: ")
    south_asked = sum(1 for p in script.prompts if p == "South plays: ")
    assert north_asked + sum(1 for line in said if line.startswith("North plays") and "only card" in line) == 13
    assert south_asked + sum(1 for line in said if line.startswith("South plays") and "only card" in line) == 13
    # the first card offered is the one played: replay the record and see
    play = Play(record.deal, Strain.S, Seat.N)
    assert record.play is not None
    for card in record.play.cards:
        if play.turn in (Seat.N, Seat.S) and len(list(play.legal_cards)) > 1:
            assert card == list(play.legal_cards)[0]
        play.push(card)
    # the computer paused after each of its cards: East's and West's, 26
    assert pauses == [0.25] * 26
    # the compact header keeps the auction in view during the play
    assert "Auction (South first): Pass Pass 1♠ Pass 2♣ Pass 2♠ Pass 3♠ Pass 4♠ all pass" in text
    summary, pm = solve(record)
    assert pm is not None
    # each costly card charged to whoever chose it, its cost checked on the position
    assert summary.costly
    for c in summary.costly:
        assert c.by_you is (c.seat in (Seat.N, Seat.S))
        v = pm.verdicts[[x.card for x in pm.verdicts].index(c.card)]
        # DDS values each legal card for the side to play: the cost is the
        # distance from the best one
        values = dds.solve_position(record.deal, Strain.S, Seat.E, record.play.cards[:v.index])
        assert max(values.values()) - values[c.card] == c.cost
    body = "\n".join(summary_lines(record, summary))
    lines = body.splitlines()
    assert "Contract   4♠ by North" in body
    score = summary.score_ns
    assert score is not None
    assert summary.imps_from_par == wbf_imps(score - summary.par.score)
    mine = [c for c in summary.costly if c.by_you]
    cost = sum(c.cost for c in mine)
    assert f"Your cards that cost tricks double dummy ({cost} trick{'s' if cost > 1 else ''} in all):" in body
    assert max(len(line) for line in lines) <= 80
    detail = detail_lines(record, pm)
    assert any(line.startswith("  North (you)") for line in detail)
    assert any(line.startswith("  South (you)") for line in detail)
    assert not any(line.startswith("  East (you)") or line.startswith("  West (you)") for line in detail)
    # the same review in French: the same figures, each card charged to the same player
    fr = "\n".join(summary_lines(record, summary, lang="fr")).splitlines()
    assert fr[0] == "Bilan de la donne."
    assert any(line.startswith("Contrat    4♠ joué par Nord, ") for line in fr)
    n = sum(c.cost for c in mine)
    assert f"Vos cartes qui ont coûté des plis en double mort ({n} pli{'s' if n > 1 else ''} en tout) :" in fr
    assert len([line for line in fr if line.startswith("  Pli ")]) == len(summary.costly)
    assert max(len(line) for line in fr) <= 80
    detail_fr = detail_lines(record, pm, lang="fr")
    assert sum(line.startswith("  Nord (vous)") for line in detail_fr) == \
        sum(line.startswith("  North (you)") for line in detail)
    assert not any(line.startswith("  Est (vous)") or line.startswith("  Ouest (vous)") for line in detail_fr)


@pytest.mark.dds
def test_watch_lets_the_computer_play_both_hands_and_charges_it() -> None:
    record, script, said, _ = _play_north_declares(watch=True)
    assert record.chosen_by_human == frozenset()
    assert not any(p.endswith("plays: ") for p in script.prompts)
    assert "you watch" in "\n".join(said)
    summary, pm = solve(record)
    assert all(not c.by_you for c in summary.costly)
    assert "Your cards none: the computer played your side's cards." in summary_lines(record, summary)
    # ten points off par is no IMP: said so, not '0 IMPs below par'
    import dataclasses
    near = dataclasses.replace(summary, score_ns=summary.par.score - 10)
    par_line = " ".join(next(line for line in summary_lines(record, near) if line.startswith("Par")).split())
    assert par_line.endswith(f": level with par in IMPs (N-S {near.par.score - 10:+d} against {near.par.score:+d}).")
    assert pm is not None
    assert any(line.startswith("  South (computer)") for line in detail_lines(record, pm))


# -- the first call that left par ----------------------------------------------------

def _par(score: int, level: int, strain: Strain, declarers: tuple[Seat, ...], tricks: int,
         doubling: Doubling = Doubling.UNDOUBLED) -> dds.Par:
    return dds.Par(score, (dds.ParContract(Contract(level, strain, doubling), declarers, tricks),))


@pytest.mark.parametrize("auction, expected", [
    ("1H P 4H P P P", None),            # par reached
    ("1H P 2H P P P", 4),               # stopped short: South's pass (West's ends it, but could not help)
    ("1H P 4H P 5H P P P", 4),          # South bid past par
    ("1H P 3H P P P", 4),
    ("P P 1H P 2H P P P", 6),           # North passed partner's raise... the last N-S call: North's pass
])
def test_first_call_off_par_for_a_par_game(auction: str, expected: int | None) -> None:
    par = _par(420, 4, Strain.H, (Seat.N, Seat.S), 10)
    a = Auction(Seat.S, calls(auction))
    assert first_call_off_par(a, par) == expected


def test_an_undoubled_sacrifice_is_charged_to_the_side_that_should_double() -> None:
    # par: E-W sacrifice in 4S doubled, one down (N-S +100 not vulnerable)
    par = _par(100, 4, Strain.S, (Seat.W,), 9, Doubling.DOUBLED)
    a = Auction(Seat.S, calls("1H 1S 4H 4S P P P"))
    assert first_call_off_par(a, par) == 6          # North's pass: the last N-S call
    a = Auction(Seat.S, calls("1H 1S 4H 4S P P X P P P"))
    assert first_call_off_par(a, par) is None


def test_a_passed_out_par_is_left_by_the_first_bid() -> None:
    par = dds.Par(0, ())
    assert first_call_off_par(Auction(Seat.S, calls("P P 1C P P P")), par) == 2
    assert first_call_off_par(Auction(Seat.S, calls("P P P P")), par) is None


# -- saved games check clean ---------------------------------------------------------

def test_saved_game_numbers_notes_1_to_32_and_checks_clean(tmp_path: Path) -> None:
    # a whole game's worth of reasons: one per call and one per card, all
    # different (as the computer's are): more than 32 in the play section
    deal = deal_cards(11)
    auction = Auction(Seat.S, calls("1D P 1H P 3D P P P"))
    play = Play(deal, Strain.D, Seat.S)
    rng = random.Random(5)
    while not play.is_complete():
        play.push(rng.choice(list(play.legal_cards)))
    record = GameRecord(deal, Vul.NONE, auction, play=play)
    record.call_reasons = {i: f"call reason {i}" for i in range(len(auction.calls)) if i % 4 != 0}
    record.card_reasons = {i: f"card reason {i}" for i in range(52)}
    record.card_reasons[51] = record.card_reasons[50]           # the same text shares a note
    board = record.to_board()
    assert check_board(board) == []                               # not even a warning
    out = tmp_path / "game.pbn"
    out.write_text(format_pbn([board]), encoding="utf-8")
    back = list(read_boards(str(out)))[0]
    assert check_board(back) == []
    assert back.auction is not None and back.play is not None
    assert set(back.auction.notes) <= set(range(1, 33)) and set(back.play.notes) <= set(range(1, 33))
    kept = list(back.play.notes.values())
    for row in back.play.tricks:
        for entry in row:
            if entry is not None:
                kept += entry.comments
    # every reason is in the file, once as a note or in a comment
    assert sorted(set(kept)) == sorted(set(record.card_reasons.values()))
    assert len(back.play.notes) == 32
    assert sorted(back.auction.notes.values()) == sorted(record.call_reasons.values())


def test_card_reasons_in_plain_words_and_precise_with_verbose() -> None:
    d = CardDecision(Card.parse("SA"), "sampled", {}, best_in=12, solved=16, fit="auction", expected=9.4)
    assert d.plain().render(ascii=True) == \
        "SA: best in 12 of the 16 likely layouts of the unseen cards I tried; we expect about 9 tricks"
    assert d.reason.render(ascii=True) == ("SA: best in 12 of 16 layouts consistent with the play, weighted by their fit to the "
                        "auction; our side expects 9.4 tricks in all")
    d = CardDecision(Card.parse("SA"), "sampled", {}, best_in=16, solved=16, fit="play", expected=1.0)
    assert d.plain().render(ascii=True) == \
        "SA: best however the unseen cards lie (all 16 layouts I tried); we expect about 1 trick"


def test_the_card_prompt_in_french_says_where_the_card_comes_from() -> None:
    """'Jouez du mort (Nord)', not 'Jouez de le mort': one sentence each."""
    from bridgekit.i18n import _
    assert _("fr", "Play from dummy ({seat}): {offer}", seat="Nord", offer="1:♠D") == "Jouez du mort (Nord)\u00a0: 1:♠D"
    assert _("fr", "Play from your hand: {offer}", offer="1:♠2") == "Jouez de votre main\u00a0: 1:♠2"
    assert _("fr", "Play from {seat}'s hand: {offer}", seat="Nord", offer="1:♠2") == \
        "Jouez de la main de Nord\u00a0: 1:♠2"

"""Rules profiles as objects: what callers ask of them, resolved once from
``--rules``, and a fourth profile that plugs in by registering alone."""

from __future__ import annotations

import json
from typing import Iterator

import click
import pytest
from click.testing import CliRunner

from bridgekit.board import Board
from bridgekit.cards import Strain
from bridgekit.cli import cli
from bridgekit.cli.options import RULES
from bridgekit.contract import PASSED_OUT, Contract, Result
from bridgekit.dds import DDTable
from bridgekit.deal import Deal
from bridgekit.errors import BridgekitError
from bridgekit.rules import (DEFAULT, Ledger, PassedOut, Profile, Score, ScoreItem, find_profile, profile_for_scoring,
                             profile_names, register, rubber_profile, unregister)
from bridgekit.rules.rubber import keep_score
from bridgekit.scoring import profile_for_board, score_board, write_score_tags
from bridgekit.seats import Seat, Vul


class TricksOnly(Profile):
    """A toy profile: 10 a trick over six for declarer's side when the
    contract makes, 10 an undertrick to the defenders, no vulnerability; four
    passes and the same dealer deals again."""

    def score(self, result: Result, vul: Vul, deal: Deal | None = None) -> Score:
        contract = result.contract
        if contract.is_passed_out:
            return Score(())
        if result.tricks is None or result.declarer is None:
            raise BridgekitError("tricks unknown")
        side = result.declarer.side
        if result.tricks >= contract.tricks_needed:
            return Score((ScoreItem(side, "odd tricks", 10 * (result.tricks - 6)),))
        return Score((ScoreItem(side.opponents, "undertricks", 10 * (contract.tricks_needed - result.tricks)),))


TOY = TricksOnly(name="tricks-only", title="Ten a trick", passed_out=PassedOut.SAME_DEALER,
                 ledger=Ledger.BOARD, aliases=("toy",), pbn_scoring=("Tricks-Only",), vulnerability=False)


@pytest.fixture
def toy() -> Iterator[Profile]:
    register(TOY)
    try:
        yield TOY
    finally:
        unregister(TOY)


def _board(**tags: str) -> Board:
    b = Board()
    for k, v in tags.items():
        b.set(k, v)
    return b


def test_the_fourth_profile_plugs_in_by_registering(toy: Profile) -> None:
    assert find_profile("Tricks-Only") is toy and find_profile("toy") is toy
    assert "tricks-only" in profile_names() and profile_names()[0] == "contract"
    # the PBN Scoring tag selects it through its own values
    assert profile_for_scoring("tricks-only; whatever") is toy
    board = _board(Board="3", Scoring="Tricks-Only", Contract="2H", Declarer="E", Result="9")
    assert profile_for_board(board) is toy
    s = score_board(board)
    assert s.profile is toy and s.ns == -30 and s.vulnerable is None  # no vulnerability asked for
    row = s.to_dict()
    assert (row["profile"], row["score_ns"], row["score_ew"]) == ("tricks-only", -30, 30)
    write_score_tags(s)
    assert board.get("Score") == "NS -30"
    # four passes: the same dealer deals again
    assert toy.next_dealer(Seat.W, passed_out=True) is Seat.W
    assert toy.next_dealer(Seat.W, passed_out=False) is Seat.N
    # not kept in rubbers: the message names the profiles that are
    with pytest.raises(BridgekitError, match="use auction-1920 or auction-classic"):
        keep_score([], toy)


def test_the_fourth_profile_has_par_from_its_own_score(toy: Profile) -> None:
    # N/S take 9 tricks in spades and 6 elsewhere, E/W 3 everywhere.  Ten a
    # trick pays odd tricks whatever the level, so N/S buy spades at the one
    # level for 30; E/W outbidding at the one level go four down (40 to
    # N/S): par is N/S 1S, 30.
    tricks = {seat: {strain: 3 for strain in Strain} for seat in (Seat.E, Seat.W)}
    tricks |= {seat: {strain: 9 if strain is Strain.S else 6 for strain in Strain} for seat in (Seat.N, Seat.S)}
    par = toy.par(DDTable.from_tricks(tricks), Vul.NONE, Seat.N)
    assert par.score == 30
    assert [str(c) for c in par.contracts] == ["NS 1S+2"]


def test_the_cli_resolves_the_fourth_profile_once(toy: Profile) -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["score", "--rules", "toy", "--contract", "3NT", "--declarer", "S", "--tricks", "8",
                            "--json"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (out["profile"], out["score_ns"], out["score_ew"]) == ("tricks-only", -10, 10)
    r = runner.invoke(cli, ["score", "--rules", "tricks-only", "--contract", "Pass"], catch_exceptions=False)
    assert r.stdout.strip() == "Passed out (tricks-only): no score; the same dealer deals again"


def test_rules_parameter_type_resolves_names_once() -> None:
    assert RULES.convert("Duplicate", None, None) is DEFAULT
    assert RULES.convert(DEFAULT, None, None) is DEFAULT
    with pytest.raises(click.BadParameter, match="unknown rules profile 'whist'"):
        RULES.convert("whist", None, None)


def test_what_the_profiles_answer() -> None:
    a1920, classic = find_profile("auction-1920"), find_profile("auction-classic")
    assert [p.passed_out.redealer(Seat.E) for p in (DEFAULT, a1920, classic)] == [None, Seat.S, Seat.E]
    assert (DEFAULT.ledger, a1920.ledger, classic.ledger) == (Ledger.BOARD, Ledger.RUBBER, Ledger.RUBBER)
    assert DEFAULT.default_vulnerability(4) is Vul.ALL and a1920.default_vulnerability(4) is None
    made = Result(Contract.parse("1HX"), Seat.S, 9)
    assert a1920.score_tags(a1920.score(made, Vul.NONE)) == {"Score": "NS 198 EW 0",
                                                              "ScoreRubber": "NS 150/48 EW 0/0"}
    assert DEFAULT.score_tags(DEFAULT.score(made, Vul.NONE)) == {"Score": "NS 360"}
    # the one-line summary names the sides as every score table does: N/S, E/W
    assert a1920.summary(a1920.score(made, Vul.NONE)) == "N/S 48 below, 150 above; E/W 0 below, 0 above"
    assert DEFAULT.summary(DEFAULT.score(made, Vul.NONE)) == "N/S +360, E/W -360"
    # honours need the hands: without them the auction profiles say so
    assert a1920.score_notes(made, None) == ["honours not counted: the hands are unknown"]
    assert DEFAULT.score_notes(made, None) == []
    assert DEFAULT.score_result(made, None, None) == (None, ["vulnerability unknown"])
    assert a1920.score_result(Result(PASSED_OUT), None, None)[0] == Score(())
    for value, profile in (("Auction", a1920), ("AUCTION-CLASSIC;Rubber", classic), ("IMP", DEFAULT), ("", DEFAULT)):
        assert profile_for_scoring(value) is profile


def test_the_profile_a_rubber_is_kept_under(toy: Profile) -> None:
    a1920, classic = find_profile("auction-1920"), find_profile("auction-classic")
    assert rubber_profile(classic) is classic and rubber_profile(a1920) is a1920
    # a profile that keeps no rubber (the default, a board-ledger toy), or none: the first that does
    assert rubber_profile(DEFAULT) is a1920 and rubber_profile(toy) is a1920 and rubber_profile(None) is a1920

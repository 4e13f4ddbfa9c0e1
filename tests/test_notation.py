"""French as French players write it: the input parser and the output notation."""

from __future__ import annotations

import pytest

from bridgekit.calls import Call
from bridgekit.cards import ALL_CARDS, Card
from bridgekit.contract import Contract
from bridgekit.errors import ParseError
from bridgekit.notation import (AmbiguousInput, call_text, card_text, contract_text, parse_call, parse_card,
                                parse_contract, parse_seat, parse_side, parse_strain, seat_letter)
from bridgekit.seats import Seat, Side
from bridgekit.cards import Strain


@pytest.mark.parametrize("typed, card", [
    ("P10", "ST"), ("p10", "ST"), ("RK", "DK"), ("KR", "DK"), ("C2", "H2"), ("2C", "H2"), ("TD", "CQ"),
    ("VP", "SJ"), ("♠R", "SK"), ("R♠", "SK"), ("10♥", "HT"), ("♦V", "DJ"), ("AT", "CA"), ("PA", "SA"),
    ("SK", "SK"), ("HQ", "HQ"), ("SA", "SA"), ("pique 10", "ST"), ("dame de cœur", "HQ"),
])
def test_french_cards(typed: str, card: str) -> None:
    assert parse_card(typed, "fr") == Card.parse(card)


def test_an_ambiguous_french_card_gives_its_readings() -> None:
    with pytest.raises(AmbiguousInput) as e:
        parse_card("KT", "fr")  # carreau 10 (English T) or roi de trèfle (English K)
    assert set(e.value.readings) == {Card.parse("DT"), Card.parse("CK")}
    assert set(e.value.shown) == {"♦10", "♣R"}


def test_english_mode_is_unchanged() -> None:
    assert parse_card("C2", "en") == Card.parse("C2")  # clubs in English
    assert parse_call("1C", "en") == Call.parse("1C")
    with pytest.raises(ParseError):
        parse_card("P10", "en")


@pytest.mark.parametrize("typed, call", [
    ("2T", "2C"), ("1K", "1D"), ("1C", "1H"), ("4P", "4S"), ("3SA", "3NT"), ("3sa", "3NT"), ("3NT", "3NT"),
    ("1S", "1S"), ("2♥", "2H"), ("passe", "Pass"), ("P", "Pass"), ("contre", "X"), ("X", "X"),
    ("surcontre", "XX"), ("XX", "XX"), ("2 carreaux", "2D"),
])
def test_french_calls(typed: str, call: str) -> None:
    assert parse_call(typed, "fr") == Call.parse(call)


def test_bad_french_calls_are_refused() -> None:
    for typed in ("8P", "0T", "SA", "2Z", ""):
        with pytest.raises(ParseError):
            parse_call(typed, "fr")


def test_french_contracts_seats_sides_strains() -> None:
    assert parse_contract("3SA X", "fr") == Contract.parse("3NTX")
    assert parse_contract("4PXX", "fr") == Contract.parse("4SXX")
    assert parse_contract("2C contré", "fr") == Contract.parse("2HX")
    assert parse_seat("O", "fr") is Seat.W and parse_seat("ouest", "fr") is Seat.W and parse_seat("W", "fr") is Seat.W
    assert parse_side("EO", "fr") is Side.EW
    assert parse_strain("SA", "fr") is Strain.NT and parse_strain("C", "fr") is Strain.H
    assert parse_strain("piques", "fr") is Strain.S


def test_french_output_notation() -> None:
    assert card_text(Card.parse("SK"), lang="fr") == "♠R"
    assert card_text(Card.parse("HT"), lang="fr") == "♥10"
    assert card_text(Card.parse("DJ"), True, "fr") == "KV"
    assert card_text(Card.parse("CQ"), True, "fr") == "TD"
    assert call_text(Call.parse("3NT"), lang="fr") == "3SA"
    assert call_text(Call.parse("Pass"), lang="fr") == "Passe"
    assert contract_text(Contract.parse("4SX"), True, "fr") == "4PX"
    assert seat_letter(Seat.W, "fr") == "O"
    assert card_text(Card.parse("SK")) == "♠K" and call_text(Call.parse("3NT")) == "3NT"


@pytest.mark.parametrize("ascii", [False, True])
def test_french_output_reads_back_for_all_52_cards_and_38_calls(ascii: bool) -> None:
    for card in ALL_CARDS:
        assert parse_card(card_text(card, ascii, "fr"), "fr") == card
    calls = [Call.parse(c) for c in ("Pass", "X", "XX")] + [Call.bid(lv, s) for lv in range(1, 8) for s in Strain]
    for call in calls:
        assert parse_call(call_text(call, ascii, "fr"), "fr") == call


def test_play_in_french_reads_french_calls_and_writes_french_notation() -> None:
    from click.testing import CliRunner
    from bridgekit.cli import cli
    r = CliRunner().invoke(cli, ["play", "--lang", "fr", "--seed", "3", "--no-save", "--think", "0",
                                                 "--fast"], input="2T\nquit\n")
    out = r.output
    assert "Votre main\u00a0:  ♠ RV87" in out and "Donneur Sud" in out
    assert "Ouest    Nord     Est      Sud" in out
    assert "-        -        -        2♣" in out  # 2T is two clubs (trèfle)
    en = CliRunner().invoke(cli, ["play", "--lang", "en", "--seed", "3", "--no-save", "--think", "0",
                                                  "--fast"], input="2C\nquit\n")
    assert "Your hand:  ♠ KJ87" in en.output and "-        -        -        2♣" in en.output

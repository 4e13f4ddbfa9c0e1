"""Messages carry data; values are rendered at the edge (issue 25.1): messages keep their data and
are written with the output's notation; one renderer for each value."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from bridgekit.auction import Auction
from bridgekit.calls import Call
from bridgekit.cards import Card
from bridgekit.contract import Contract
from bridgekit.deal import Deal
from bridgekit.errors import IllegalCallError, IllegalCardError
from bridgekit.notation import Message, contract_text, letters, render_message, verdict_text
from bridgekit.play import Play
from bridgekit.seats import Seat

PACKAGE = Path(__file__).resolve().parent.parent / "bridgekit"
SUITS = set("\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667")

#: Where suit symbols may be written: the rendering edge (the renderers, the
#: command line, the PDF layout's font metrics, the lesson display), the
#: definition of the symbols and the parsers that read them, and the wording
#: catalogues (their examples of what to type show symbols).
EDGE = {"notation.py", "render.py", "cards.py", "calls.py", "contract.py", "handrecord/layout.py",
        "tutor/display.py", "tutor/i18n.py", "tutor/problem_text.py"}
#: Renderers of pages and documents (they colour the red suits' symbols).
RENDERERS = {"html.py", "pdf.py", "layout.py"}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_no_suit_symbol_in_a_message_outside_the_edge() -> None:
    """A model, rules, reader or checker module writes no suit symbol into a
    string: its messages carry the card or call and the edge renders it
    (with letters under --ascii, so nothing rewrites text afterwards)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in EDGE or rel.startswith("cli/") or path.name in RENDERERS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                    and SUITS & set(node.value):
                found.append(f"{rel}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_scan_sees_a_symbol() -> None:
    """The scan above would see an escaped symbol in a message."""
    tree = ast.parse('raise ValueError("the \\u2660A is played")')
    assert any(isinstance(n, ast.Constant) and SUITS & set(str(n.value)) for n in ast.walk(tree))


def test_illegal_call_keeps_its_values_and_renders_in_ascii() -> None:
    a = Auction(Seat.N)
    for c in "1S 2H".split():
        a.push(Call.parse(c))
    with pytest.raises(IllegalCallError) as info:
        a.push(Call.parse("2D"))
    e = info.value
    assert e.code == "insufficient-bid"
    assert e.values["call"] == Call.parse("2D") and e.values["seat"] is Seat.S
    assert e.values["last"] == Call.parse("2H")
    assert str(e).startswith("2\u2666 by South after 2\u2665 is insufficient")
    assert str(e).endswith("(\u2663 \u2666 \u2665 \u2660 NT)")
    assert e.render(ascii=True) == ("2D by South after 2H is insufficient: a bid must name more tricks, "
                                    "or as many in a higher strain (C D H S NT)")


def test_double_of_own_side_names_the_bidder() -> None:
    a = Auction(Seat.N, [Call.parse("1H"), Call.parse("P")])
    with pytest.raises(IllegalCallError) as info:
        a.push(Call.parse("X"))
    assert info.value.values["bidder"] is Seat.N
    assert info.value.render(ascii=True) == ("X by South: 1H was bid by their own side (North); only an "
                                             "opponent's bid can be doubled")


def test_revoke_renders_cards_as_a_director_says_them() -> None:
    deal = Deal.parse("N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")
    play = Play(deal, Contract.parse("3NT").strain, Seat.S)
    play.push(Card.parse("S2"))   # West leads
    with pytest.raises(IllegalCardError) as info:
        play.push(Card.parse("HA"))   # North holds spades
    e = info.value
    assert e.code == "wrong-hand" and e.values["holder"] is Seat.E
    assert "\u2665" in str(e) and "\u2665" not in e.render(ascii=True)
    assert e.render(ascii=True) == str(e).translate(str.maketrans("\u2660\u2665\u2666\u2663", "SHDC"))


def test_message_survives_pickling_with_its_data() -> None:
    m = Message("{card:name} by {seat}", card=Card.parse("HT"), seat=Seat.E)
    back = pickle.loads(pickle.dumps(m))
    assert back == "\u2665T by East" and back.render(ascii=True) == "HT by East"
    assert back.values["card"] == Card.parse("HT")


def test_plain_text_from_a_file_gets_letters_only_under_ascii() -> None:
    assert render_message("note: \u2660K led", ascii=True) == "note: SK led"
    assert render_message("note: \u2660K led") == "note: \u2660K led"
    assert letters("\u2664\u2661\u2662\u2667") == "SHDC"


@pytest.mark.parametrize("text, ascii, lang, shown", [
    ("4SX", False, "en", "4\u2660X"), ("4SX", True, "en", "4SX"), ("3NTXX", False, "fr", "3SAXX"),
    ("Pass", False, "en", "Passed out")])
def test_contract_text(text: str, ascii: bool, lang: str, shown: str) -> None:
    assert contract_text(Contract.parse(text), ascii, lang=lang) == shown


@pytest.mark.parametrize("diff, long, shown", [
    (0, False, "made"), (2, False, "made +2"), (-3, False, "down 3"),
    (1, True, "made with 1 overtrick"), (2, True, "made with 2 overtricks"), (-1, True, "down 1")])
def test_verdict_text(diff: int, long: bool, shown: str) -> None:
    assert verdict_text(diff, long=long) == shown

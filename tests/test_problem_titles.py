"""The titles of found declarer problems (``problem_titles.title_of``).

Solver-free: each case is a position of a bundled problem's deal, the cards
of its winning line written out by hand from the deal, and a decisive card
with the alternative a learner is tempted by; what the title must say was
read off the cards by hand (who led, who wins the trick so far, what the
defenders still hold).  One ``dds`` test checks that the bundled problems
the finder made carry the title and themes the finder gives them today."""

from __future__ import annotations

import re

import pytest

from bridgekit.cards import Card
from bridgekit.play import Play
from bridgekit.tutor.problem import LineStep, load_problems
from bridgekit.tutor.problem_text import THEME_NAMES, theme_name
from bridgekit.tutor.problem_titles import TEMPLATES, title_of

PROBLEMS = {p.id: p for p in load_problems()}


def _title(ident: str, cards: str, key: int, alt: str):  # type: ignore[no-untyped-def]
    """The title when the card at index ``key`` of ``cards`` (the lead first)
    is decisive against ``alt``."""
    p = PROBLEMS[ident]
    played = [Card.parse(c) for c in cards.split()]
    play = Play(p.layouts[0], p.strain, p.declarer, played)   # the cards are legal on the deal
    steps = [LineStep(i, play.seat_of(i), c) for i, c in enumerate(played)]
    steps[key] = LineStep(key, steps[key].seat, steps[key].card, key=True, alternative=Card.parse(alt))
    return title_of(p, steps, steps[key])


@pytest.mark.parametrize("ident, cards, key, alt, kind, en, fr", [
    # West leads the ♠K; South ducks with the ♠2 where the ♠A would win: a hold-up
    ("hold-up", "SK S4 S5 S2", 3, "SA", "hold-up", "A hold-up in spades", "Laissez passer à pique"),
    # West leads the ♥Q, dummy (♥K7) covers with the king rather than the seven
    ("duck-5119-s", "HQ HK", 1, "H7", "cover", "Cover an honour in hearts", "Couvrez un honneur à cœur"),
    # West leads the ♦2, dummy's ♦J while East holds the ♦K and dummy the ♦A: a finesse
    ("finesse-5081-d", "CA C8 C2 C9 D2 DJ", 5, "DA", "finesse", "A finesse in diamonds", "Une impasse à carreau"),
    # dummy's ♣8 under West's ♣A, keeping the ♣Q
    ("finesse-5081-d", "CA C8", 1, "CQ", "keep-honour", "Keep your club honours", "Gardez vos honneurs à trèfle"),
    # fourth hand wins with the ♥10 rather than the ♥Q: nobody plays after
    ("finesse-5111-c", "H8 H6 H2 HT", 3, "HQ", "cheap", "Win cheaply in hearts", "Prenez au plus juste à cœur"),
    # dummy ruffs the ♦9 with the ♥7 (keeping the ♥J), or could discard a club
    ("ruff-239-h", "S6 SJ S8 S9 SA ST S2 SQ S7 C2 H9 SK DA D2 D4 D5 DK D3 CK D7 D9 D8 H7", 22, "HJ",
     "ruff-low", "Ruff with the right trump", "Coupez du bon atout"),
    ("ruff-239-h", "S6 SJ S8 S9 SA ST S2 SQ S7 C2 H9 SK DA D2 D4 D5 DK D3 CK D7 D9 D8 H7", 22, "C3",
     "ruff-dummy", "Ruff a diamond in dummy", "Coupez un carreau au mort"),
    # South leads the singleton ♠5 to dummy's ♠AK and throws the ♥4 on the second
    ("play-97-h", "DQ D3 D7 DK S5 S6 SK S2 SA S7 H4 S9", 4, "CK", "discard-on", "A discard on the spades",
     "Une défausse sur les piques"),
    # dummy leads the ♠K; South plays low rather than overtake with the ace, and the other way
    ("duck-5036-c", "DA H9 D2 DJ SK S2 S6 S7", 6, "SA", "no-overtake", "No overtaking in spades",
     "Ne surprenez pas à pique"),
    ("duck-112-c", "SQ ST S2 SA HQ H4 HA H2", 6, "HT", "overtake", "Overtake in hearts", "Surprenez à cœur"),
    # 4♠: the diamonds before trumps, a club thrown on the third diamond (trick 5)
    ("discard-before-trumps", "HQ H4 H2 HA D2 D9 DQ D4 DK D6 D5 DT HK H3 H7 H9 DA D7 C4 DJ", 4, "S8",
     "discard-first", "A discard before trumps", "Une défausse avant les atouts"),
    # ... and a trump lead there while the defenders hold trumps
    ("discard-before-trumps", "HQ H4 H2 HA S8", 4, "D2", "trumps-now", "When to draw trumps",
     "Quand tirer les atouts"),
])
def test_the_title_says_what_the_decisive_card_does(ident: str, cards: str, key: int, alt: str, kind: str,
                                                    en: str, fr: str) -> None:
    title = _title(ident, cards, key, alt)
    assert (title.kind, title.en, title.fr) == (kind, en, fr)


def test_every_title_names_a_known_theme_in_both_languages_and_never_a_card() -> None:
    for kind, (en, fr, theme) in TEMPLATES.items():
        assert theme in THEME_NAMES, kind
        assert theme_name(theme, "fr") != theme_name(theme, "en") or theme == "squeeze", theme
        # the decisive card is the answer: a title names the suit at most
        assert not re.search(r"\b(ace|king|queen|jack|ten)\b|\{alt|\{top", en), kind
        assert not re.search(r"\b(as|roi|dame|valet)\b|\{f?alt|\{f?top", fr), kind
        assert not re.search(r" [?!;:]", fr), kind   # French spacing: U+202F before ? ! ;, U+00A0 before :


def test_the_problem_list_fits_80_columns_with_every_title_whole() -> None:
    from click.testing import CliRunner
    from bridgekit.cards import Suit
    from bridgekit.cli import cli
    from bridgekit.tutor.problem_titles import PLURAL_FR, SUIT_EN, SUIT_FR
    for en, fr, theme in TEMPLATES.values():
        for suit in Suit:
            for other in Suit:
                values = {"suit": SUIT_EN[suit], "suits": SUIT_EN[suit] + "s", "fsuit": SUIT_FR[suit],
                          "fsuits": PLURAL_FR[suit], "other": SUIT_EN[other], "fother": SUIT_FR[other]}
                assert len(en.format(**values)) <= 30 and len(fr.format(**values)) <= 30, en
    for lang in ("en", "fr"):
        out = CliRunner().invoke(cli, ["lesson", "problem", "--list", "--lang", lang]).output
        assert max(len(line) for line in out.splitlines()) <= 80, out
        for p in PROBLEMS.values():
            if re.search(r"\d", p.id):   # a found problem's title and first theme, whole
                line = next(line for line in out.splitlines() if line.startswith(p.id + " "))
                assert p.title(lang) in line and line.rstrip().endswith(theme_name(p.themes[0], lang)), line


def test_a_found_problems_title_is_no_longer_generic() -> None:
    found = [p for p in PROBLEMS.values() if re.search(r"\d", p.id)]
    assert len(found) == 17
    for p in found:
        assert p.title("en") and p.title("fr") and p.title("en") != p.title("fr")
        assert not re.search(r"right play|bon coup|Count, then", p.title("en") + p.title("fr")), p.id
        assert p.themes and p.themes[0] in THEME_NAMES and p.themes[0] != "tricks", p.id


@pytest.mark.dds
@pytest.mark.parametrize("ident", ["play-5135-h", "play-97-h"])
def test_the_bundled_found_problems_carry_the_finders_title(ident: str) -> None:
    from bridgekit.tutor.problem_finder import redescribed
    p = PROBLEMS[ident]
    done = redescribed(p)
    assert done is not None
    title, themes = done
    assert (p.title("en"), p.title("fr"), list(p.themes)) == (title.en, title.fr, themes)


@pytest.mark.dds
def test_the_review_names_a_technique_for_every_key_card_it_explains() -> None:
    """The first problem's review line: West's ♥Q is won at once with the ace
    (ducking it loses: double dummy says so on a layout), then a diamond is
    ducked.  Neither the ace nor the first duck had a sentence of technique
    before (``themes_of`` names none for a card that simply wins)."""
    from bridgekit.tutor.problem import NATURAL, LayoutSolver, winning_line
    from bridgekit.tutor.problem_runner import explain, line_text
    from bridgekit.tutor.problem_text import msg
    p = PROBLEMS["duck-to-keep-the-entry"]
    steps = winning_line(p, 0, LayoutSolver(p), NATURAL)
    first = next(s for s in steps if s.key)
    assert (first.card, first.themes) == (Card.parse("HA"), ())
    for lang in ("en", "fr"):
        text = re.sub(r"[ \n]+", " ", " ".join(line_text(steps, p, lang, False)))   # wrapped lines joined
        assert msg("theme_win", lang) in text and msg("theme_duck", lang) in text
        # each explained card: why it is the card, a technique, and what the alternative loses
        for s in steps:
            if s.key and (s.tempting or s.card in p.key or s is first):
                assert len(explain(s, p, lang, False)) >= 2
    assert len(explain(first, p, "en", False)) == 2   # without the title's theme: no technique named

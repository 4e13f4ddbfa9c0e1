"""``bridgekit lesson problem``: declarer problems with Bridge Master's rule.

The play-throughs solve a few dozen small positions with DDS (marked
``dds``); the full check of every bundled problem is ``bench/problems.py``."""

from __future__ import annotations

from math import comb

import pytest
from click.testing import CliRunner

from bridgekit.cards import Card
from bridgekit.cli import cli
from bridgekit.dds import declarer_total, solve_position
from bridgekit.seats import Seat
from bridgekit.tutor.problem import ProblemGame, check_problem, load_problems
from bridgekit.tutor.problem_runner import Ratings

DUCK = "duck-to-keep-the-entry"


def _problem(ident: str = DUCK):  # type: ignore[no-untyped-def]
    return next(p for p in load_problems() if p.id == ident)


def _typed(problem, wrong: Card | None = None) -> tuple[list[str], ProblemGame]:  # type: ignore[no-untyped-def]
    """What a learner types: the problem's line (or ``wrong`` whenever it can
    be played), else the lowest card; forced cards are played by the runner."""
    game = ProblemGame(problem)
    typed = []
    while not game.finished():
        if not game.our_turn():
            game.defend()
            continue
        legal = game.legal()
        pick = wrong if wrong in legal else next((c for c in problem.line if c in legal), None)
        if pick is None:
            safe = game.safe_cards() or legal
            pick = min(safe, key=lambda c: (int(c.rank), int(c.suit)))
        if len(legal) > 1:
            typed.append(str(pick))
        game.declarer_plays(pick)
    return typed, game


def test_layouts_deal_the_free_cards_between_the_defenders() -> None:
    p = _problem()
    # four free diamonds, West holding two of them in the base deal: C(4, 2) layouts
    assert len(p.layouts) == comb(4, 2)
    assert len(set(p.layouts)) == len(p.layouts)
    for deal in p.layouts:
        assert all(len(deal[s]) == 13 for s in Seat)  # type: ignore[arg-type]
        assert deal[Seat.N] == p.layouts[0][Seat.N] and deal[Seat.S] == p.layouts[0][Seat.S]
        assert p.lead in deal[p.leader]  # type: ignore[operator]
        fixed = [c for c in deal[Seat.W] if c not in p.free]  # type: ignore[union-attr]
        assert fixed == [c for c in p.layouts[0][Seat.W] if c not in p.free]  # type: ignore[union-attr]


def test_rating_is_elo_and_chooses_the_nearest_unsolved(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = _problem()
    r = Ratings(path=tmp_path / "problems.json")
    assert p.rating == 1000.0
    # equal ratings: expected score 1/2, a win moves by K/2 = 16
    assert r.update(p, True) == pytest.approx(1016.0)
    r.save()
    again = Ratings.load(tmp_path / "problems.json")
    assert again.rating == pytest.approx(1016.0) and again.solved == [p.id]
    assert Ratings(rating=1000.0).update(p, False) == pytest.approx(984.0)
    assert again.choose([p]) is p  # everything solved: still one to play


@pytest.mark.dds
def test_won_on_the_winning_line_and_lost_on_an_inferior_one(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    p = _problem()
    typed, game = _typed(p)
    assert game.made() and not game.redealt
    out = CliRunner().invoke(cli, ["lesson", "problem", "--id", DUCK], input="\n".join(typed) + "\n").output
    assert "Contract made: 9 tricks." in out, out
    assert "The winning line on this deal:" in out
    assert max(len(line) for line in out.splitlines()) <= 80

    # winning dummy's ace at trick 2 instead of ducking: a layout beats it
    wrong = Card.parse("DA")
    typed, game = _typed(p, wrong)
    assert game.redealt and not game.made()
    decision = next(d for d in game.decisions if d.card == wrong)
    assert wrong not in decision.safe and Card.parse("D2") in decision.safe
    # the deal the cards were dealt to: the solver, asked afresh, says the ace
    # loses there while the duck makes
    before = game.played[:decision.index]
    values = declarer_total(solve_position(game.deal(), p.strain, p.leader, before), game.deal(), p.strain,
                            p.leader, before)
    assert values[wrong] < p.target <= values[Card.parse("D2")]
    out = CliRunner().invoke(cli, ["lesson", "problem", "--id", DUCK], input="\n".join(typed) + "\n").output
    assert "Down" in out and "let this layout beat the contract" in out, out
    assert "The winning line on this deal:" in out and "A duck" in out
    west = str(game.deal()[Seat.W]).split(".")[2].replace("T", "10")
    assert f"♦ {west}" in out  # the full deal shows the layout that beat it
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.dds
def test_the_review_line_gives_the_defence_only_the_trick_the_problem_is_about() -> None:
    """3NT with ♠AK5 ♥AK4 ♦53 ♣A5432 opposite ♠743 ♥652 ♦AK642 ♣87, the ♥Q
    led: one diamond ducked, then ♥A (taken), ♠AK, ♥K, ♣A and four diamonds
    are ten tricks (by hand).  The line the review shows wins every other
    trick it can (the safe-card line with the lowest card ducked a heart and a
    spade as well, which double dummy allows and no declarer would play)."""
    from bridgekit.play import Play
    from bridgekit.tutor.problem import NATURAL, LayoutSolver, winning_line
    p = _problem()
    solver = LayoutSolver(p)
    for layout in range(len(p.layouts)):
        steps = winning_line(p, layout, solver, NATURAL)
        play = Play(p.layouts[layout], p.strain, p.declarer, [s.card for s in steps])
        assert play.declarer_tricks() >= p.target and play.defence_tricks() == 1, layout
        lost = [t for t in play.tricks() if t.winner is not None and t.winner.side is not p.declarer.side]
        assert lost[0].cards[0].suit is Card.parse("D2").suit   # the diamond ducked
    low = winning_line(p, 0, solver, "low")
    assert Play(p.layouts[0], p.strain, p.declarer, [s.card for s in low]).defence_tricks() == 3


@pytest.mark.dds
def test_the_check_accepts_the_bundled_sample_and_refuses_a_wrong_key() -> None:
    import dataclasses
    p = _problem()
    report = check_problem(p, layouts=[0, 3])
    assert report.ok, report.failures
    # the same problem claiming the ace is the key card: the check says no
    wrong = dataclasses.replace(p, line=(Card.parse("H2"), Card.parse("HA"), Card.parse("D3"), Card.parse("DA")),
                                key=(Card.parse("DA"),))
    bad = check_problem(wrong, layouts=[0])
    assert not bad.ok and "beats" in bad.failures[0]


def test_a_teachers_pbn_board_becomes_a_problem(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A PBN board with a deal, a contract, a declarer, the lead in a
    ProblemLead tag and the free cards in a ProblemFree tag is the same
    problem as the bundled one built from that deal."""
    from bridgekit.tutor.problem import problems_from_pbn
    bundled = _problem("hold-up")
    pbn = tmp_path / "teacher.pbn"
    pbn.write_text('[Event "class"]\n[Board "7"]\n[Dealer "S"]\n[Vulnerable "None"]\n'
                   f'[Deal "{bundled.layouts[0].str_from(Seat.N)}"]\n[Declarer "S"]\n[Contract "3NT"]\n'
                   '[ProblemLead "SK"]\n[ProblemFree "DK D8 D4"]\n\n'
                   '[Event "class"]\n[Board "8"]\n[Dealer "S"]\n[Vulnerable "None"]\n[Deal "N:- - - -"]\n\n',
                   encoding="utf-8")
    found = list(problems_from_pbn(pbn))
    problem, bad = found
    assert not isinstance(problem, Exception) and isinstance(bad, Exception)
    assert "board 8" in str(bad) and "no complete deal" in str(bad)
    assert problem.lead == bundled.lead and problem.contract == bundled.contract
    assert set(problem.layouts) == set(bundled.layouts) and len(problem.layouts) == 3
    out = CliRunner().invoke(cli, ["lesson", "problem", str(pbn), "--list"])
    assert out.exit_code == 0 and "teacher.pbn#7" in out.output


@pytest.mark.dds
@pytest.mark.parametrize("ident", ["hold-up", "strip-and-throw-in"])
def test_a_sample_of_the_bundled_problems_is_well_posed(ident: str) -> None:
    """A sample in the suite (every problem, every layout: bench/problems.py):
    on one layout where the key suit lies the other way from the base deal,
    the line makes, never plays a card some layout beats, and its key card
    is the only one that makes there."""
    p = _problem(ident)
    other = next(i for i, d in enumerate(p.layouts) if d != p.layouts[0])
    report = check_problem(p, layouts=[other])
    assert report.ok, report.failures
    assert report.decisive


def test_thirty_problems_in_levels() -> None:
    problems = load_problems()
    assert len(problems) >= 30
    assert len({p.id for p in problems}) == len(problems)
    assert {p.level for p in problems} >= {1, 2, 3, 4}
    assert all(p.line and p.key and p.themes and 2 <= len(p.layouts) <= 64 for p in problems)
    assert [p.level for p in problems] == sorted(p.level for p in problems)


@pytest.mark.dds
def test_a_card_safe_on_every_layout_can_still_lead_to_a_guess() -> None:
    """play-5135-h: a spade from dummy at trick 2 is safe on every layout
    (double dummy, one at a time) and keeps a winning line, but cashing the
    top spades, the diamond and the clubs before the trumps (every card safe
    again) reaches a position where each card loses on some layout still
    possible: a guess.  DDS, asked afresh on the layouts the cards seen
    allow, agrees; the look-ahead says so at that position and not before
    the spade."""
    from bridgekit.play import Play
    from bridgekit.tutor.problem import LineSearch, _consistent, line_decisions
    p = _problem("play-5135-h")
    path = [Card.parse(c) for c in "DK DA D3 DT S5 S3 SA S2 SK S4 D9 S9 CK C5 C8 CA C2 HA D4 CQ HT H3".split()]
    possible = [i for i in range(len(p.layouts)) if _consistent(p, i, path)]
    assert len(possible) >= 2
    play = Play(p.layouts[possible[0]], p.strain, p.declarer, path)
    for card in play.legal_cards:
        totals = [declarer_total(solve_position(p.layouts[i], p.strain, p.leader, path), p.layouts[i], p.strain,
                                 p.leader, path)[card] for i in possible]
        assert min(totals) < p.target, card   # no card wins on every layout: a guess
    search = LineSearch(p)
    assert not search.wins(path, possible)
    before = [i for i in range(len(p.layouts)) if _consistent(p, i, path[:5])]
    assert search.wins(path[:5], before) and search.wins(path[:1], list(range(len(p.layouts))))
    # the line's own cards always keep a winning line, the key one alone among its cards
    decisions = line_decisions(p, search.solver)
    assert decisions.complete and not decisions.line_loses and decisions.counts["unique"] > 0


@pytest.mark.dds
def test_the_review_names_the_card_that_led_to_the_guess(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The same path played from the command (no card of it beaten outright
    on the layouts then possible): the review says which card lost the sure
    line (the ten of hearts at trick 6: the position after it is the guess
    of the test above), not a generic 'the full deal'."""
    monkeypatch.setenv("BRIDGEKIT_STATE_DIR", str(tmp_path))
    typed = "DA DT S5 SA SK D9 CK C8 HA CQ HT HK C3 D2".split()
    out = CliRunner().invoke(cli, ["lesson", "problem", "--id", "play-5135-h"], input="\n".join(typed) + "\n").output
    assert "Down 1" in out, out
    text = " ".join(out.split())
    assert "Your card at trick 6 (♥10) made on every layout, one at a time, but left no line that makes on all " \
           "of them" in text
    assert "♥Q would have kept a sure line." in text


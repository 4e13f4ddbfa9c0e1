"""``bridgekit lesson puzzle``: double-dummy puzzles from played deals.

A handful of positions, solved by DDS (marked ``dds``)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from bridgekit.cli import cli
from bridgekit.dds import declarer_total, solve_position
from bridgekit.tutor import lessons_dir
from bridgekit.notation import card_text
from bridgekit.tutor.puzzle import default_sources, load_puzzles

pytestmark = pytest.mark.dds

BUNDLED = lessons_dir() / "puzzles.pbn"


def test_bundled_sources() -> None:
    assert BUNDLED in default_sources()


def test_puzzles_are_positions_before_a_costly_card() -> None:
    puzzles = load_puzzles([BUNDLED], 2, seed=3)
    assert len(puzzles) == 2
    for pz in puzzles:
        play = pz.play()
        assert play.turn is pz.seat
        # the solver again, on the position alone: the same values
        values = declarer_total(solve_position(pz.deal, pz.strain, pz.declarer.lho, pz.played),
                                pz.deal, pz.strain, pz.declarer.lho, pz.played)
        assert values == pz.values
        assert pz.card in pz.values and pz.cost > 0
        assert pz.side_total(pz.card) == pz.target - pz.cost
        assert pz.best and all(pz.side_total(c) == pz.target for c in pz.best)
        assert pz.card not in pz.best


def test_right_card_wrong_card_and_summary() -> None:
    pz = load_puzzles([BUNDLED], 1, seed=3)[0]
    best = pz.best[0]
    right = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3"], input=f"{best}\n")
    assert right.exit_code == 0, right.output
    assert f"Right! {card_text(best, tens=True)} keeps" in right.output and "1/1 correct." in right.output
    wrong = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3"], input=f"{pz.card}\n")
    out = " ".join(wrong.output.split())
    assert f"Not quite: {card_text(pz.card, tens=True)} costs {pz.cost} trick{'' if pz.cost == 1 else 's'};" in out
    assert "Best: " + ", ".join(card_text(c, tens=True) for c in pz.best) in out
    assert "0/1 correct." in out
    assert max(len(line) for line in wrong.output.splitlines()) <= 80


def test_puzzle_in_french_and_a_file_without_play(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pz = load_puzzles([BUNDLED], 1, seed=3)[0]
    from bridgekit.notation import card_text
    typed = card_text(pz.best[0], True, "fr")  # as a French player types it: PR, C10, T2
    out = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3", "--lang", "fr"],
                             input=f"{typed}\n").output
    out = out.replace("\u00a0", " ").replace("\u202f", " ")
    # a puzzle is not a declarer problem ('Problème 1 · niveau 1'): named as the help names it
    assert "Problème à quatre jeux 1 sur 1" in out and "Exact !" in out and "1/1 juste." in out
    empty = tmp_path / "none.pbn"
    empty.write_text('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["lesson", "puzzle", str(empty)])
    assert result.exit_code == 1 and "No puzzle found" in result.output


def test_only_positions_worth_solving() -> None:
    """The filter: never the opening lead, and the cards that keep the
    tricks are one group of equivalent cards (checked against the solver's
    values: every other legal card costs a trick)."""
    from bridgekit.tutor.problem import equivalent_groups
    puzzles = load_puzzles([BUNDLED], 3, seed=1)
    assert puzzles
    for pz in puzzles:
        assert pz.played, "an opening lead"
        play = pz.play()
        groups = equivalent_groups(play, list(pz.values))
        keeping = [g for g in groups if pz.side_total(g[0]) == pz.target]
        assert len(keeping) == 1 and len(groups) >= 2
        assert set(pz.best) <= set(keeping[0])


def test_the_filter_refuses_a_lead_and_two_ways_to_keep_the_tricks() -> None:
    from bridgekit.cards import Card, Strain
    from bridgekit.deal import Deal
    from bridgekit.seats import Seat
    from bridgekit.tutor.puzzle import worth_solving
    deal = Deal.parse("N:AKQJ.T98.765.K32 T987.AKQ.J43.A54 65432.765.AKQ.QJ .J432.T982.T9876")
    c = Card.parse
    # West leads a club: dummy's groups are {K} and {3, 2}
    assert not worth_solving(deal, Strain.S, Seat.S, [], [c("C6")])                 # the opening lead
    assert worth_solving(deal, Strain.S, Seat.S, [c("C6")], [c("C3"), c("C2")])     # one group keeps
    assert not worth_solving(deal, Strain.S, Seat.S, [c("C6")], [c("CK"), c("C3")])  # two groups keep
    # dummy's hearts T98 are one group: no choice, no puzzle
    assert not worth_solving(deal, Strain.S, Seat.S, [c("HJ")], [c("HT")])


def test_why_the_lines_side_by_side_and_the_theme() -> None:
    from bridgekit.play import trick_winner
    from bridgekit.tutor.puzzle import dd_line, why_text
    pz = load_puzzles([BUNDLED], 1, seed=3)[0]
    assert pz.themes and 1 <= pz.level <= 5
    wrong = pz.card
    # each line is double-dummy play: played to the end, it takes what the solver said
    for card in (wrong, pz.best[0]):
        line = dd_line(pz, card)
        play = pz.play()
        won_before = sum(1 for tr in play.tricks() if tr.winner is not None and tr.winner.side is pz.seat.side)
        won = sum(1 for trick in line if trick_winner([c for _, c in trick], trick[0][0], pz.strain).side
                  is pz.seat.side)
        assert won_before + won == pz.side_total(card)
    rows = why_text(pz, wrong, "en")
    assert rows[0].startswith(f"After {card_text(wrong, tens=True)}:") and "(best)" in rows[0]
    # up to the first trick where the two lines' trick counts part, not further
    winners = [(r[:39].rsplit("> ", 1)[-1].strip(), r[39:].rsplit("> ", 1)[-1].strip()) for r in rows[1:]]
    side = {s.name for s in pz.seat.side.seats}
    mine = [a in side for a, _ in winners]
    best = [b in side for _, b in winners]
    assert sum(mine) != sum(best) and sum(mine[:-1]) == sum(best[:-1])
    out = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3"], input="?\n" + f"{wrong}\n").output
    assert "Theme: " in out and " ".join(rows[0].split()) in " ".join(out.split())


def test_bundled_set_is_marked_and_a_mark_is_checked_not_trusted() -> None:
    """At least 50 bundled puzzles, each board marked with its costly card;
    a marked puzzle equals the one the whole post-mortem finds, and a mark
    that points at a card costing nothing is not taken."""
    from bridgekit.board import Tag
    from bridgekit.formats import read_boards
    from bridgekit.tutor.puzzle import MARK, find_puzzles
    boards = list(read_boards(str(BUNDLED)))
    marked = [b for b in boards if MARK in b.tags]
    assert len(marked) >= 50
    board = marked[20]
    quick = next(find_puzzles([(board, "b")]))
    del board.tags[MARK]
    slow = next(find_puzzles([(board, "b")]))
    assert quick == slow
    # a false mark: the card before the costly one (which, by the post-mortem, cost nothing)
    board.tags[MARK] = Tag(MARK, str(len(slow.played) - 1))
    again = next(find_puzzles([(board, "b")]))
    assert again == slow    # the mark did not hold: the post-mortem found the real one


def test_a_wrong_card_in_french_lists_the_cards_the_french_way() -> None:
    """The list of every legal card with its tricks is joined as French
    writes a list: a narrow no-break space before each semicolon."""
    from bridgekit.notation import card_text
    pz = load_puzzles([BUNDLED], 1, seed=3)[0]
    wrong = next(c for c in pz.values if c not in pz.best)
    out = CliRunner().invoke(cli, ["lesson", "puzzle", str(BUNDLED), "--seed", "3", "--lang", "fr"],
                             input=f"{card_text(wrong, True, 'fr')}\n").output
    listing = re.sub(r"[ \n]+", " ", out.split("Chaque carte légale", 1)[1].split("Thème", 1)[0])
    assert f"{card_text(wrong, False, 'fr', tens=True)} {pz.side_total(wrong)}" in listing
    assert "\u202f; " in listing and not re.search(r"\d; ", listing)

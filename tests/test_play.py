"""The play engine: every rule from a position where it applies and one where it
does not, the seed worked examples, partial deals, and property tests against a
naive oracle (random legal plays accepted; single illegal cards rejected at the
right index with the right code)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgekit.cards import ALL_CARDS, Card, Strain, Suit
from bridgekit.check import check_play
from bridgekit.contract import Contract
from bridgekit.deal import Deal, Hand
from bridgekit.errors import IllegalCardError
from bridgekit.play import Play, trick_winner
from bridgekit.seats import Seat


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def code_of(play: Play, card: str) -> str | None:
    try:
        play.check(Card.parse(card))
    except IllegalCardError as e:
        return e.code
    return None


# A fixed deal for the unit tests: each player holds ten cards of one suit and
# one small card of each other suit (N spades, E hearts, S diamonds, W clubs).
DEAL = Deal.parse("N:AKQJT98765.2.2.2 4.AKQJT98765.3.3 3.4.AKQJT98765.4 2.3.4.AKQJT98765")


# -- trick winner (the seeds' worked examples) --------------------------------------------


def test_seed_000_spades_trump_small_trump_wins() -> None:
    # Spades trump: A♥ (W leads), 3♠ (N, no hearts), K♥, 2♥ -> the 3♠ wins: North.
    assert trick_winner(cards("HA S3 HK H2"), Seat.W, Strain.S) is Seat.N


def test_seed_000_without_a_trump_the_ace_led_wins() -> None:
    assert trick_winner(cards("HA S3 HK H2"), Seat.W, Strain.NT) is Seat.W
    assert trick_winner(cards("HA S3 HK H2"), Seat.W, None) is Seat.W


def test_seed_003_hearts_trump_ruff_wins_and_leads_next() -> None:
    # Hearts trump, North declares, South is dummy.  East leads K♣, South (dummy)
    # A♣, West (void in clubs) 3♥, North 2♣: West wins and leads the next trick.
    deal = _seed_003_deal()
    play = Play(deal, Strain.H, Seat.N)
    assert play.turn is Seat.E                      # declarer's left leads
    for c in ("CK", "CA", "H3", "C2"):
        play.push(Card.parse(c))
    assert play.tricks()[0].winner is Seat.W and play.leader is Seat.W and play.turn is Seat.W
    assert play.declarer_tricks() == 0 and play.defence_tricks() == 1


def _seed_003_deal() -> Deal:
    """A deal for the 003 example: W has no clubs, N holds only the 2♣."""
    n = Hand(cards("SA SK SQ SJ ST S9 DA DK DQ DJ DT D9 C2"))
    e = Hand(cards("CK CQ CJ CT C9 C8 S8 S7 S6 S5 D8 D7 D6"))
    s = Hand(cards("CA C7 C6 C5 C4 C3 HA HK HQ HJ S4 S3 S2"))
    used = set(n.cards) | set(e.cards) | set(s.cards)
    w = Hand(c for c in ALL_CARDS if c not in used)
    assert Card.parse("H3") in w and not any(c.suit is Suit.C for c in w)
    return Deal([n, e, s, w])


def test_highest_card_of_suit_led_wins_other_suits_do_not() -> None:
    # no trump played: the A♠ discarded does not beat the 5♥ led
    assert trick_winner(cards("H5 SA H4 H2"), Seat.N, Strain.D) is Seat.N
    assert trick_winner(cards("H5 SA H4 H9"), Seat.N, Strain.D) is Seat.W


def test_highest_trump_wins_over_a_lower_trump() -> None:
    assert trick_winner(cards("H5 D2 DA H9"), Seat.E, Strain.D) is Seat.W
    assert trick_winner(cards("DK D2 DA D9"), Seat.E, Strain.D) is Seat.W


# -- turn order and ownership -------------------------------------------------------------


def test_opening_lead_comes_from_declarers_left() -> None:
    play = Play(DEAL, Strain.S, Seat.S)             # W leads
    assert play.turn is Seat.W and code_of(play, "CA") is None
    assert code_of(play, "SA") == "wrong-hand"      # North's card: not West's turn
    play = Play(DEAL, Strain.S, Seat.W)             # N leads
    assert code_of(play, "SA") is None and code_of(play, "CA") == "wrong-hand"


def test_dummy_plays_in_dummys_turn_and_play_goes_clockwise() -> None:
    play = Play(DEAL, Strain.NT, Seat.S)            # W leads, N is dummy
    play.push(Card.parse("CA"))
    assert play.turn is Seat.N and play.dummy is Seat.N
    assert code_of(play, "DA") == "wrong-hand"      # declarer's own card out of turn
    assert code_of(play, "C2") is None              # dummy's club
    play.push(Card.parse("C2"))
    assert play.turn is Seat.E
    play.push(Card.parse("C3"))
    assert play.turn is Seat.S


def test_a_card_cannot_be_played_twice() -> None:
    play = Play(DEAL, Strain.NT, Seat.S)
    for c in ("CA", "C2", "C3", "C4"):
        play.push(Card.parse(c))
    assert play.leader is Seat.W                     # the A♣ won
    assert code_of(play, "CA") == "already-played"
    assert code_of(play, "CK") is None


# -- following suit -------------------------------------------------------------------------


def test_must_follow_suit_when_able() -> None:
    play = Play(DEAL, Strain.NT, Seat.S)
    play.push(Card.parse("CA"))                      # W leads a club; N holds the 2♣
    assert code_of(play, "SA") == "revoke"
    assert code_of(play, "C2") is None


def test_void_player_may_discard_or_ruff_and_need_not_ruff() -> None:
    play = Play(DEAL, Strain.S, Seat.S)              # spades trump
    for c in ("CA", "C2", "C3", "C4"):
        play.push(Card.parse(c))
    play.push(Card.parse("CK"))                      # W leads again; N has no clubs left
    assert code_of(play, "SA") is None               # ruff
    assert code_of(play, "H2") is None               # or discard: no obligation to ruff
    assert code_of(play, "D2") is None


def test_no_obligation_to_beat_the_card_led() -> None:
    play = Play(DEAL, Strain.NT, Seat.E)             # S leads
    play.push(Card.parse("D5"))                      # S leads a low diamond
    play.push(Card.parse("D4"))                      # W
    assert code_of(play, "D2") is None               # N may play low


def test_revoke_message_names_the_card_held() -> None:
    play = Play(DEAL, Strain.H, Seat.S)
    play.push(Card.parse("CA"))
    with pytest.raises(IllegalCardError) as e:
        play.push(Card.parse("SA"))
    assert "North" in str(e.value) and "\u26632" in str(e.value) and "clubs were led" in str(e.value)
    assert len(play) == 1                             # unchanged


# -- end of play and claims ------------------------------------------------------------------


def _full_play(deal: Deal, strain: Strain, declarer: Seat, seed: int) -> Play:
    rng = random.Random(seed)
    play = Play(deal, strain, declarer)
    while not play.is_complete():
        play.push(rng.choice(list(play.legal_cards)))
    return play


def test_thirteen_tricks_then_play_ended() -> None:
    play = _full_play(Deal.random(random.Random(5)), Strain.S, Seat.S, 5)
    assert len(play.tricks()) == 13 and play.declarer_tricks() + play.defence_tricks() == 13
    assert sum(play.tricks_won().values()) == 13
    assert code_of(play, "SA") == "play-ended"


def test_claim_is_possible() -> None:
    play = Play(DEAL, Strain.S, Seat.N)              # E leads
    for c in ("HA", "H4", "H3", "H2"):               # E, S, W, N: East's ace wins trick 1
        play.push(Card.parse(c))
    assert play.declarer_tricks() == 0 and play.defence_tricks() == 1
    assert play.claim_is_possible(12) and play.claim_is_possible(1)
    assert not play.claim_is_possible(13)            # one trick is already lost
    # North still holds the ace of spades, the trumps: it wins a trick whatever is played
    assert not play.claim_is_possible(0)
    assert play.master_trump() == (Card.parse("SA"), Seat.N)


def test_pop_and_copy_restore_state() -> None:
    play = Play(DEAL, Strain.NT, Seat.S)
    for c in ("CA", "C2", "C3", "C4"):
        play.push(Card.parse(c))
    snapshot = play.copy()
    assert play.pop() == Card.parse("C4")
    assert play.leader is Seat.W and play.tricks()[0].winner is None and play.defence_tricks() == 0
    assert code_of(play, "C4") is None and code_of(play, "D5") == "revoke"
    assert snapshot.defence_tricks() == 1 and len(snapshot) == 4


# -- partial deals --------------------------------------------------------------------------------


def test_unknown_hands_allow_what_cannot_be_disproved() -> None:
    partial = Deal([DEAL[Seat.N], None, DEAL[Seat.S], None])   # E and W unknown
    play = Play(partial, Strain.NT, Seat.S)          # W leads
    assert code_of(play, "CA") is None               # could be West's
    assert code_of(play, "SA") == "wrong-hand"       # North holds it
    play.push(Card.parse("CA"))
    play.push(Card.parse("C2"))
    play.push(Card.parse("S4"))                      # E shows out of clubs
    play.push(Card.parse("C4"))
    assert play.shown_out(Seat.E) == {Suit.C}
    play.push(Card.parse("CK"))                      # W leads
    play.push(Card.parse("S5"))                      # N: no clubs left
    assert code_of(play, "C3") == "revoke"           # E showed out of clubs before
    assert code_of(play, "H5") is None


# -- property tests against a naive oracle --------------------------------------------------------


def oracle_winner(four: list[Card], leader: Seat, trump: Suit | None) -> Seat:
    trumps = [c for c in four if c.suit is trump]
    pool = trumps or [c for c in four if c.suit is four[0].suit]
    return Seat((leader + four.index(max(pool, key=lambda c: c.rank))) % 4)


@st.composite
def random_plays(draw: st.DrawFn) -> tuple[Deal, Strain, Seat, list[Card], list[list[Card]]]:
    """A random deal and a random legal play chosen with the oracle's own rules;
    also the oracle's hands at each step (to build mutations)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    deal = Deal.random(rng)
    strain = draw(st.sampled_from(list(Strain)))
    declarer = draw(st.sampled_from(list(Seat)))
    length = draw(st.integers(0, 52))
    hands = {s: set(deal[s].cards) for s in Seat}  # type: ignore[union-attr]
    leader = declarer.next()
    seq: list[Card] = []
    trick: list[Card] = []
    for _ in range(length):
        seat = Seat((leader + len(trick)) % 4)
        options = sorted(hands[seat], key=lambda c: c.index)
        if trick:
            follow = [c for c in options if c.suit is trick[0].suit]
            options = follow or options
        card = options[rng.randrange(len(options))]
        hands[seat].discard(card)
        seq.append(card)
        trick.append(card)
        if len(trick) == 4:
            leader = oracle_winner(trick, leader, strain.suit)
            trick = []
    return deal, strain, declarer, seq, []


@settings(max_examples=150, deadline=None)
@given(random_plays())
def test_random_legal_plays_are_accepted(case: tuple) -> None:  # type: ignore[type-arg]
    deal, strain, declarer, seq, _ = case
    play = Play(deal, strain, declarer)
    for card in seq:
        play.push(card)
    # tricks counted by the engine agree with the oracle's winners
    leader = declarer.next()
    won_by_declarer = 0
    for t in range(0, len(seq) - len(seq) % 4, 4):
        leader = oracle_winner(seq[t:t + 4], leader, strain.suit)
        won_by_declarer += leader.side is declarer.side
    assert play.declarer_tricks() == won_by_declarer
    assert play.turn is Seat((leader + len(seq) % 4) % 4)
    result = check_play(deal, Contract(1, strain), declarer, seq)
    assert result.ok


@settings(max_examples=200, deadline=None)
@given(random_plays(), st.data())
def test_a_single_illegal_card_is_rejected_at_its_index_with_the_right_code(
        case: tuple, data: st.DataObject) -> None:  # type: ignore[type-arg]
    deal, strain, declarer, seq, _ = case
    if len(seq) == 52:
        seq = seq[:51]
    i = data.draw(st.integers(0, len(seq)))
    # replay the prefix with the oracle to know whose turn it is and what is held
    hands = {s: set(deal[s].cards) for s in Seat}
    leader = declarer.next()
    for k in range(i):
        hands[Seat((leader + k % 4) % 4)].discard(seq[k])
        if k % 4 == 3:
            leader = oracle_winner(seq[k - 3:k + 1], leader, strain.suit)
    seat = Seat((leader + i % 4) % 4)
    played = set(seq[:i])
    led = seq[i - i % 4].suit if i % 4 else None
    choices: list[tuple[Card, str]] = []
    choices += [(c, "already-played") for c in sorted(played, key=lambda c: c.index)]
    choices += [(c, "wrong-hand") for s in Seat if s is not seat for c in sorted(hands[s], key=lambda c: c.index)]
    if led is not None and any(c.suit is led for c in hands[seat]):
        choices += [(c, "revoke") for c in sorted(hands[seat], key=lambda c: c.index) if c.suit is not led]
    bad, expected = data.draw(st.sampled_from(choices))
    mutated = seq[:i] + [bad] + seq[i + 1:]
    result = check_play(deal, Contract(1, strain), declarer, mutated)
    assert [(p.card_index, p.code) for p in result.problems] == [(i, expected)]
    assert len(result.play) == i


def test_accepted_lead_out_of_turn_keeps_the_previous_tricks_winner() -> None:
    """West wins trick 1; North then leads out of turn and the lead is
    accepted (PBN ^L).  Trick 1 still belongs to West: the new leader of
    trick 2 is not the winner of trick 1 (the defence has 1 trick, not 0)."""
    play = Play(DEAL, Strain.NT, Seat.S)
    for c in "CA C2 C3 C4".split():
        play.push(Card.parse(c))
    play.accept_lead_out_of_turn(Seat.N)
    for c in "SA S4 S3 S2".split():
        play.push(Card.parse(c))
    first, second = play.tricks()
    assert (first.leader, first.winner) == (Seat.W, Seat.W)
    assert (second.leader, second.winner) == (Seat.N, Seat.N)
    assert play.declarer_tricks() == 1 and play.defence_tricks() == 1
    assert play.tricks_won()[Seat.W] == 1 and play.tricks_won()[Seat.N] == 1
    for _ in range(4):
        play.pop()
    assert play.leader is Seat.W and play.tricks_won()[Seat.W] == 1

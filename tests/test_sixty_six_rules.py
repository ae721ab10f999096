"""Sixty-Six's refusals word for word (playing, following, marriages, closing, the end), from the rulebook's clauses."""

from __future__ import annotations

import pytest

from spec.cards import Suit, parse_card, parse_cards
from spec.errors import IllegalMove
from spec.games._sixty_six_solver import parse_position
from spec.games.sixty_six import CLOSE, Marry, Play, SixtySix, _evolve

R = SixtySix.Rules
C = parse_card


def P(text):
    return Play(C(text))


def last_phase(text, **rules):
    g = SixtySix(R(**rules))
    return g, parse_position(g, text)


def stock_state(g, **changes):
    return _evolve(g.deal(1), **changes)


# -------------------------------------------------- following in the last phase

# P1 led the ten of spades; hearts are trumps; P0 (to follow) holds the hand given.
LED_10S = "trump=♥; p0={hand}; p1=K♠; lead=1; led=10♠; points=50,{p1}; tricks=5,5"


@pytest.mark.parametrize("hand, p1, card, reason", [
    ("A♠ 9♣", 45, "9♣", "9♣ does not follow suit: 10♠ was led; play A♠"),
    ("A♠ 9♥", 45, "9♥", "9♥ does not follow suit: 10♠ was led; play A♠"),            # not even with a trump
    ("A♥ 9♣", 45, "9♣", "9♣ neither follows ♠ nor trumps, and the hand holds a trump; play A♥"),
])
def test_a_follower_must_follow_suit_else_trump(hand, p1, card, reason):
    g, s = last_phase(LED_10S.format(hand=hand, p1=p1))
    assert g.refusal(s, P(card)) == ("sixty-six-last-phase", reason)
    with pytest.raises(IllegalMove) as exc:
        g.play(s, P(card))
    assert str(exc.value) == f"illegal move {card}: {reason} [rule sixty-six-last-phase]"


def test_a_void_follower_without_trumps_plays_anything():
    g, s = last_phase(LED_10S.format(hand="J♦ 9♣", p1=54))
    assert g.refusal(s, P("9♣")) is None and g.refusal(s, P("J♦")) is None


def test_must_head_asks_for_a_card_that_wins():
    g, s = last_phase(LED_10S.format(hand="9♠ A♠", p1=45), must_head=True)
    assert g.refusal(s, P("9♠")) == (
        "sixty-six-last-phase",
        "9♠ does not win the trick, and the rules (must_head) ask for a card that does: play A♠")
    assert g.refusal(s, P("A♠")) is None
    # without the option the nine is a legal follow
    g, s = last_phase(LED_10S.format(hand="9♠ A♠", p1=45))
    assert g.refusal(s, P("9♠")) is None


def test_in_the_stock_phase_nothing_but_holding_the_card_is_asked():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("A♠ 9♥ J♣ Q♣ K♦ 9♦"), parse_cards("10♠ J♠ 9♣ A♥ A♦ 10♦")),
                    trump=Suit.HEARTS, to_move=0)
    s = g.play(s, P("J♣"))
    assert g.refusal(s, P("A♥")) is None                   # neither following nor trumping is required yet
    assert g.refusal(s, P("K♦")) == ("sixty-six-stock-play", "P1 does not hold K♦")


# ------------------------------------------------------------- marriages

def test_a_marriage_refused_for_each_reason():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("K♠ Q♠ K♥ 9♥ A♣ J♣"), parse_cards("A♦ 10♦ K♦ Q♦ J♦ 9♦")),
                    trump=Suit.HEARTS, to_move=0)
    assert g.refusal(s, Marry(C("A♣"))) == (
        "sixty-six-marriage",
        "A♣ makes no marriage: a marriage is a king and queen of one suit, declared by leading one of them")
    assert g.refusal(s, Marry(C("K♥"))) == ("sixty-six-marriage", "P0 does not hold both K♥ and Q♥")
    assert g.refusal(s, Marry(C("Q♦"))) == ("sixty-six-marriage", "P0 does not hold both Q♦ and K♦")
    assert g.refusal(s, Marry(C("Q♠"))) is None and g.refusal(s, Marry(C("K♠"))) is None
    following = g.play(s, P("9♥"))
    assert g.refusal(following, Marry(C("K♦"))) == (
        "sixty-six-marriage", "a marriage is declared only when leading, and P1 is following 9♥")


@pytest.mark.parametrize("rules, card, points", [
    ({}, "K♠", 20), ({}, "Q♥", 40), ({"marriage_points": 30, "trump_marriage_points": 60}, "Q♠", 30),
    ({"marriage_points": 30, "trump_marriage_points": 60}, "K♥", 60),
])
def test_a_marriage_scores_20_and_the_trump_marriage_40(rules, card, points):
    g = SixtySix(R(**rules))
    s = stock_state(g, hands=(parse_cards("K♠ Q♠ K♥ Q♥ A♣ J♣"), parse_cards("A♦ 10♦ K♦ Q♦ J♦ 9♦")),
                    trump=Suit.HEARTS, to_move=0, points=(0, 0))
    after = g.play(s, Marry(C(card)))
    assert after.points == (points, 0) and after.trick == ((0, C(card)),) and after.to_move == 1


# ---------------------------------------------------------------- closing

def test_closing_refused_for_each_reason():
    g = SixtySix()
    s = g.deal(2)
    closed = g.play(s, CLOSE)
    assert g.refusal(closed, CLOSE) == ("sixty-six-close", f"the stock is already closed (by P{s.to_move})")
    low = _evolve(s, stock=s.stock[-4:], tricks=(3, 1))
    assert g.refusal(low, CLOSE) == ("sixty-six-close", "the stock holds 4 cards, too few to close (at least 5 needed)")
    assert g.refusal(_evolve(s, stock=s.stock[-5:], tricks=(3, 1)), CLOSE) is None
    _, exhausted = last_phase("trump=♥; p0=A♥; p1=9♠; points=55,54; tricks=6,5")
    assert g.refusal(exhausted, CLOSE) == ("sixty-six-close", "the stock is used up: there is nothing left to close")
    leader = SixtySix(R(closer="leader"))
    following = leader.play(s, Play(s.hands[s.to_move][0]))
    assert leader.refusal(following, CLOSE) == (
        "sixty-six-close", "only the player about to lead may close the stock (closer = leader)")
    late = SixtySix(R(close_before_first_trick=False))
    assert late.refusal(s, CLOSE) == (
        "sixty-six-close",
        "the stock may not be closed before the first trick is complete (close_before_first_trick = false)")
    assert late.refusal(_evolve(s, tricks=(1, 0)), CLOSE) is None


@pytest.mark.parametrize("counts_trump, size, ok", [(True, 5, True), (True, 4, False), (False, 6, True),
                                                    (False, 5, False)])
def test_the_turned_trump_counts_among_the_five_only_when_the_option_says(counts_trump, size, ok):
    g = SixtySix(R(close_counts_trump_card=counts_trump))
    s = g.deal(2)
    t = _evolve(s, stock=s.stock[-size:], tricks=(3, 1))
    assert (g.refusal(t, CLOSE) is None) is ok and (CLOSE in g.legal_moves(t)) is ok


def test_a_refusal_to_close_does_not_contradict_itself():
    # close_counts_trump_card = false: five cards in the stock are four besides the turned trump
    g = SixtySix(R(close_counts_trump_card=False))
    s = g.deal(2)
    assert g.refusal(_evolve(s, stock=s.stock[-5:], tricks=(3, 1)), CLOSE) == (
        "sixty-six-close", "the stock holds 4 cards besides the turned trump, too few to close "
        "(at least 5 needed; close_counts_trump_card = false)")


@pytest.mark.parametrize("minimum, size, ok", [(0, 1, True), (7, 7, True), (7, 6, False)])
def test_close_min_stock(minimum, size, ok):
    g = SixtySix(R(close_min_stock=minimum))
    s = g.deal(2)
    assert (g.refusal(_evolve(s, stock=s.stock[-size:], tricks=(2, 2)), CLOSE) is None) is ok


# ---------------------------------------------------------------- the end

def test_no_move_after_the_game_is_over():
    g, s = last_phase("trump=♥; p0=A♥; p1=9♠; lead=0; points=55,54; tricks=6,5")
    s = g.play(g.play(s, P("A♥")), P("9♠"))
    assert g.is_over(s) and s.result == (1, 0) and g.to_move(s) is None and g.legal_moves(s) == ()
    for move in (P("9♠"), CLOSE, Marry(C("K♥"))):
        assert g.refusal(s, move) == ("sixty-six-win", "the game is over: no more moves can be made")
    with pytest.raises(IllegalMove) as exc:
        g.play(s, CLOSE)
    assert str(exc.value) == "illegal move close: the game is over: no more moves can be made [rule sixty-six-win]"


def test_the_outcome_exists_only_once_the_game_is_over():
    g = SixtySix()
    with pytest.raises(ValueError) as exc:
        g.outcome(g.deal(1))
    assert str(exc.value) == "the game is not over"


# -------------------------------------------------- the next dealer and the log line

@pytest.mark.parametrize("dealer, winners, players, after_draw, expected", [
    (0, [1], 2, "same", 1), (1, [1], 2, "next", 1), (1, [0], 3, "same", 0),   # the winner deals
    (0, [], 2, "same", 0), (0, [], 2, "next", 1), (1, [], 2, "next", 0),     # a draw: same, or passed left
    (2, [0, 1], 3, "next", 0), (1, [0, 2], 3, "same", 1),                     # two winners count as a draw
])
def test_the_winner_deals_next_and_a_draw_keeps_or_passes_the_deal(dealer, winners, players, after_draw, expected):
    from spec.games.sixty_six import next_dealer
    assert next_dealer(dealer, winners, players, R(deal_after_draw=after_draw)) == expected


def test_the_log_line_gives_points_the_closer_and_the_result():
    g = SixtySix(R())
    s = g.deal(1)
    assert g.describe_move(s) == "points 0/0"
    assert g.describe_move(_evolve(s, points=(12, 30), closed_by=1)) == "points 12/30, closed by P1"
    assert g.describe_move(_evolve(s, points=(70, 30), closed_by=0, result=(2, 0))) == \
        "points 70/30, closed by P0; game points 2/0"
    # in a partie, a new deal's first line recalls the last game, until a card is played
    fresh = _evolve(s, last_result=(0, 3), totals=(0, 3))
    assert g.describe_move(fresh) == "points 0/0; last game 0/3, partie 0/3"
    played = g.apply(fresh, g.legal_moves(fresh)[0])
    assert g.describe_move(played) == "points 0/0"


@pytest.mark.parametrize("players, result, winners, returns", [
    (2, (2, 0), (0,), (2, -2)),          # every game point is paid by each other player
    (2, (0, 3), (1,), (-3, 3)),
    (3, (0, 3, 0), (1,), (-3, 6, -3)),
])
def test_a_single_games_outcome_pays_each_game_point(players, result, winners, returns):
    from spec.engine import Outcome
    g = SixtySix(R(allow_three=players == 3), players=players)
    s = _evolve(g.deal(1), result=result)
    losers = tuple(p for p in range(players) if p not in winners)
    assert g.outcome(s) == Outcome(winners=winners, losers=losers, scores=result, returns=returns)


def test_a_single_game_without_game_points_is_a_draw():
    from spec.engine import Outcome
    g = SixtySix(R())
    assert g.outcome(_evolve(g.deal(1), result=(0, 0))) == Outcome(scores=(0, 0), draw=True, returns=(0, 0))


@pytest.mark.parametrize("players, totals, winners, returns", [
    (2, (8, 3), (0,), (1, -1)),          # the partie is the stake: each loser pays each winner one
    (3, (2, 9, 4), (1,), (-1, 2, -1)),
])
def test_a_parties_outcome_pays_one_to_each_winner(players, totals, winners, returns):
    from spec.engine import Outcome
    g = SixtySix(R(partie=True, allow_three=players == 3), players=players)
    s = _evolve(g.deal(1), result=tuple(1 if p in winners else 0 for p in range(players)), totals=totals)
    losers = tuple(p for p in range(players) if p not in winners)
    assert g.outcome(s) == Outcome(winners=winners, losers=losers, scores=totals, returns=returns)


def test_the_turned_trump_is_its_own_zone_while_it_lies_under_the_stock():
    g = SixtySix(R())
    s = g.deal(1)
    z = g.zones(s)
    assert z["turned"] == (s.trump_card,) and z["stock"] == s.stock[:-1] and len(z["stock"]) == 11
    assert z["trick"] == () and z["won 0"] == z["won 1"] == () and z["hand 0"] == s.hands[0]
    gone = _evolve(s, stock=s.stock[:-1])             # the trump card exchanged or drawn: no turned card
    assert g.zones(gone)["turned"] == () and g.zones(gone)["stock"] == s.stock[:-1]
    played = g.apply(s, g.legal_moves(s)[0])
    assert g.zones(played)["trick"] == (played.trick[0][1],)

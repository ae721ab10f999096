"""Sixty-Six's refusals word for word (playing, following, marriages, closing, the end), from the rulebook's clauses."""

from __future__ import annotations

import pytest

from spec.cards import Suit, parse_card, parse_cards
from spec.errors import CardspecError, IllegalMove
from spec.games._sixty_six_solver import parse_position
from spec.games.sixty_six import CLOSE, Marry, Play, SixtySix, _evolve, score_game

R = SixtySix.Rules
C = parse_card


def P(text):
    return Play(C(text))


def last_phase(text, **rules):
    g = SixtySix(R(**rules))
    return g, parse_position(g, text)


def stock_state(g, hands, **given):
    """A position while the stock lasts: these hands, every other card in the stock (in the order deal 1
    left them); the rest as ``SixtySix.position`` takes it."""
    dealt = g.deal(1)
    held = {c for h in hands for c in h}
    return g.position(hands, tuple(c for c in dealt.stock + sum(dealt.hands, ()) if c not in held), **given)


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
    # a trump in the hand changes nothing: the follower holds spades, and a spade must head
    g, s = last_phase("trump=♥; p0=9♠ A♠ 9♥; p1=K♠ Q♣; lead=1; led=10♠; points=40,45; tricks=3,5; closed=1",
                      must_head=True)
    assert g.refusal(s, P("9♠")) == (
        "sixty-six-last-phase",
        "9♠ does not win the trick, and the rules (must_head) ask for a card that does: play A♠")
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
                    trump=Suit.HEARTS, to_move=0)
    after = g.play(s, Marry(C(card)))
    assert after.points == (points, 0) and after.trick == ((0, C(card)),) and after.to_move == 1


# ---------------------------------------------------------------- closing

def test_closing_refused_for_each_reason():
    g = SixtySix()
    s = g.deal(2)
    closed = g.play(s, CLOSE)
    assert g.refusal(closed, CLOSE) == ("sixty-six-close", f"the stock is already closed (by P{s.to_move})")
    low = g.position(s.hands, s.stock[-4:], tricks=(3, 1), dealer=s.dealer)
    assert g.refusal(low, CLOSE) == ("sixty-six-close", "the stock holds 4 cards, too few to close (at least 5 needed)")
    assert g.refusal(g.position(s.hands, s.stock[-5:], tricks=(3, 1), dealer=s.dealer), CLOSE) is None
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
    assert late.refusal(late.position(s.hands, s.stock, tricks=(1, 0), dealer=s.dealer), CLOSE) is None
    # after the first trick the option is satisfied, and a small stock is refused for its size
    assert late.refusal(low, CLOSE) == ("sixty-six-close",
                                        "the stock holds 4 cards, too few to close (at least 5 needed)")


@pytest.mark.parametrize("counts_trump, size, ok", [(True, 5, True), (True, 4, False), (False, 6, True),
                                                    (False, 5, False)])
def test_the_turned_trump_counts_among_the_five_only_when_the_option_says(counts_trump, size, ok):
    g = SixtySix(R(close_counts_trump_card=counts_trump))
    s = g.deal(2)
    t = g.position(s.hands, s.stock[-size:], tricks=(3, 1), dealer=s.dealer)
    assert (g.refusal(t, CLOSE) is None) is ok and (CLOSE in g.legal_moves(t)) is ok


def test_a_refusal_to_close_does_not_contradict_itself():
    # close_counts_trump_card = false: five cards in the stock are four besides the turned trump
    g = SixtySix(R(close_counts_trump_card=False))
    s = g.deal(2)
    assert g.refusal(g.position(s.hands, s.stock[-5:], tricks=(3, 1), dealer=s.dealer), CLOSE) == (
        "sixty-six-close", "the stock holds 4 cards besides the turned trump, too few to close "
        "(at least 5 needed; close_counts_trump_card = false)")


@pytest.mark.parametrize("minimum, size, ok", [(0, 1, True), (7, 7, True), (7, 6, False)])
def test_close_min_stock(minimum, size, ok):
    g = SixtySix(R(close_min_stock=minimum))
    s = g.deal(2)
    assert (g.refusal(g.position(s.hands, s.stock[-size:], tricks=(2, 2), dealer=s.dealer), CLOSE) is None) is ok


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
    assert g.describe_move(g.position(s.hands, s.stock, taken_points=(12, 30), closed_by=1, dealer=s.dealer)) == \
        "points 12/30, closed by P1"
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
    gone = g.position(s.hands, s.stock[:-1], trump=s.trump)   # the trump card exchanged or drawn: none turned
    assert g.zones(gone)["turned"] == () and g.zones(gone)["stock"] == s.stock[:-1]
    played = g.apply(s, g.legal_moves(s)[0])
    assert g.zones(played)["trick"] == (played.trick[0][1],)


# -------------------------------------------------- three players

def three(**rules):
    return SixtySix(R(allow_three=True, **rules), players=3)


def test_three_players_is_the_only_extension():
    assert list(SixtySix().player_range()) == [2] and list(three().player_range()) == [2, 3]
    for n in (1, 4):
        with pytest.raises(CardspecError):
            SixtySix(R(allow_three=True), players=n)


def test_three_players_a_follower_who_cannot_beat_a_trump_need_not_head():
    # P0 led K♠ and P1 trumped it; P2 must follow spades, and no spade beats the trump: either spade is legal
    g = three(must_head=True)
    s = g.position(["J♣", "Q♣", "A♠ 9♠ 10♦"], trump=Suit.HEARTS, trick=((0, "K♠"), (1, "9♥")))
    assert s.to_move == 2 and set(g.legal_moves(s)) == {P("A♠"), P("9♠")}
    # with a spade led and nobody trumping, P2 must head with the ace
    s2 = g.position(["J♣", "J♦", "A♠ 9♠ 10♦"], trump=Suit.HEARTS, trick=((0, "K♠"), (1, "Q♣")))
    assert g.legal_moves(s2) == (P("A♠"),)


def test_three_players_a_trick_goes_to_its_winner_alone():
    g = three()
    s = g.position(["J♣", "Q♣", "A♠ 9♠"], trump=Suit.HEARTS, trick=((0, "K♠"), (1, "9♥")), to_move=2,
                   taken_points=(10, 5, 7), tricks=(1, 0, 1), pending=(0, 20, 0), piles=["10♣", "", "J♦"])
    after = g.play(s, P("A♠"))
    # K♠ 4 + 9♥ 0 + A♠ 11 = 15, and the marriage waiting for P1's first trick: 20
    assert after.points == (10, 40, 7) and after.card_points == (10, 20, 7) and after.tricks == (1, 1, 1)
    assert after.piles == (parse_cards("10♣"), parse_cards("K♠ 9♥ A♠"), parse_cards("J♦"))
    assert after.pending == (0, 0, 0) and after.to_move == 1 and after.trick == ()


def test_three_players_a_failed_closer_pays_the_player_who_reached_66_only():
    r = R(allow_three=True)
    # P0 closed; P1 reached 66: P1 alone scores the closer's penalty (double: P1 has tricks)
    assert score_game(1, (40, 66, 20), (40, 66, 20), (2, 3, 1), 0, (2, 2, 1), r) == (0, 2, 0)
    # nobody reached 66: each other player scores it
    assert score_game(None, (40, 50, 20), (40, 50, 20), (2, 3, 1), 0, (2, 2, 1), r) == (0, 2, 2)


# -------------------------------------------------- a partie goes on after a drawn game

@pytest.mark.parametrize("after_draw, dealer", [("same", 1), ("next", 0)])
def test_a_drawn_game_in_a_partie_deals_again_by_the_option(after_draw, dealer):
    g = SixtySix(R(partie=True, deal_after_draw=after_draw))
    s = g.position(["9♠", "J♠"], trump=Suit.HEARTS, to_move=0, taken_points=(30, 40), tricks=(5, 5), dealer=1,
                   seed=1, deal_no=3, totals=(3, 4))
    after = g.play(g.play(s, P("9♠")), P("J♠"))      # P1 takes the last trick: 40 + 2 + 10 = 52, under 66
    assert after.result is None and after.last_result == (0, 0) and after.totals == (3, 4)
    assert after.deal_no == 4 and after.dealer == dealer and after.to_move == 1 - dealer
    assert [len(h) for h in after.hands] == [6, 6] and after.points == (0, 0)


def test_a_won_game_in_a_partie_adds_its_game_points_and_the_winner_deals():
    g = SixtySix(R(partie=True))
    def won_game(totals):
        return g.position(["9♠", "A♠"], trump=Suit.HEARTS, to_move=0, taken_points=(30, 60), tricks=(5, 5),
                          seed=1, deal_no=3, totals=totals)
    s = won_game((3, 4))
    after = g.play(g.play(s, P("9♠")), P("A♠"))      # P1: 60 + 11 + 10 = 81; P0 has 30, under 33: two
    assert after.last_result == (0, 2) and after.totals == (3, 6) and after.dealer == 1
    # the eighth game point ends the partie on that game
    won = g.play(g.play(won_game((3, 7)), P("9♠")), P("A♠"))
    assert won.result == (0, 2) and won.totals == (3, 9) and g.is_over(won)


# -------------------------------------------------- what the players see

def test_the_state_line_word_for_word():
    g = SixtySix(R())
    s = g.deal(5)
    assert g.describe(s) == ("trump A♦; 12 in stock; to move P0; P0: J♠ K♠ 9♥ Q♥ 9♣ 10♣; "
                             "P1: Q♠ J♥ K♥ 9♦ 10♦ K♣; trick -; points 0/0; tricks 0/0")
    g, s = last_phase("trump=♥; p0=A♠; p1=10♠ J♠; lead=0; led=K♦; points=30,31; tricks=4,3; closed=1")
    assert g.describe(_evolve(s, hands=((), s.hands[1]))) == (
        "trump ♥; closed by P1; to move P1; P0: -; P1: 10♠ J♠; trick K♦; points 30/31; tricks 4/3")


def test_each_player_sees_his_own_hand_and_the_count_of_the_others():
    g = SixtySix(R())
    s = g.deal(5)
    assert g.to_move(s) == 0 and g.to_move(g.apply(s, g.legal_moves(s)[0])) == 1
    mine, theirs = g.observe(s, 0), g.observe(s, 1)
    assert mine[0] == (0, ("hand 0", s.hands[0]), ("hand 1", 6), ("stock", 11), ("turned", (C("A♦"),)),
                       ("trick", ()), ("won 0", ()), ("won 1", ()))
    assert theirs[0][1:3] == (("hand 0", 6), ("hand 1", s.hands[1]))
    assert mine[1:] == theirs[1:] == (Suit.DIAMONDS, (0, 0), (0, 0), (0, 0), None, (), None)


def test_a_state_given_new_hands_offers_the_plays_of_those_hands():
    g = SixtySix()
    s = g.deal(1)
    p = s.to_move
    hands = list(s.hands)
    hands[p] = hands[p][:1]
    assert [m for m in g.legal_moves(_evolve(s, hands=tuple(hands))) if isinstance(m, Play)] == [Play(s.hands[p][0])]

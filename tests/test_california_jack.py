"""California Jack: rules, edge cases, records, and a mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.california_jack as props
from spec.cards import Rank, Suit, parse_card, parse_cards
from spec.dealing import Match
from spec.errors import IllegalMove, VariantError
from spec.games.california_jack import (
    CLAUSES, GAME_POINTS, PRESETS, CaliforniaJack, Rules, deal_points, deals_bound, game_points,
    match_result, trick_order, trick_taker,
)
from spec.rules import make_rules
from spec.tricks import PLAY, Duties, TrickOrder
from tests.helpers import assert_refuted, check, play_moves
from verifier.core import REFUTED

C = parse_card


def position(hands: str, trick: str = "", trump: Suit = Suit.CLUBS, rules=None, **rest):
    """A hand-made position: hands before the trick separated by '|', P0 dealing and leading the trick's
    card (which leaves his hand); the stock is the two of trumps and the 3♦ unless given."""
    game = CaliforniaJack(rules)
    played = parse_cards(trick)
    hs = [[c for c in parse_cards(h) if c not in played] for h in hands.split("|")]
    return game, game.position(hs, played, trump=trump, **{"stock": "2" + trump.value + " 3♦", **rest})


def allowed(game, state) -> str:
    return " ".join(str(m) for m in game.legal_moves(state))


def test_the_ten_is_highest():
    o = trick_order(Suit.CLUBS)
    assert o.winner(tuple(enumerate(parse_cards("A♠ 10♠")))) == 1
    assert o.winner(tuple(enumerate(parse_cards("10♠ 2♣")))) == 1
    assert o.winner(tuple(enumerate(parse_cards("J♠ 9♠")))) == 0
    assert o.winner(tuple(enumerate(parse_cards("K♦ A♠")))) == 0


@pytest.mark.parametrize("hands, trick, legal", [
    ("K♠|9♠ 2♣ 7♥", "K♠", "9♠ 2♣"),                   # trumping is allowed although able to follow
    ("K♠|7♥ 8♦", "K♠", "7♥ 8♦"),                      # neither: any card
    ("K♠ 4♦|7♥", "", "K♠ 4♦"),                        # the leader: any card
])
def test_follow_suit_or_trump(hands, trick, legal):
    game, s = position(hands, trick, stock="4♣ 3♦")
    assert allowed(game, s) == legal


@pytest.mark.parametrize("hands, trick, card, clause, reason", [
    ("K♠|7♥", "", "A♦", "california-jack-hold", "P0 does not hold A♦"),
    ("K♠|9♠ 2♣ 7♥", "K♠", "7♥", "california-jack-follow",
     "7♥ neither follows K♠ nor is a trump, and the hand holds 9♠"),
])
def test_refusals_say_which_card_and_why(hands, trick, card, clause, reason):
    game, s = position(hands, trick, stock="4♣ 3♦")
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, PLAY[C(card)])
    assert (exc.value.clause, exc.value.reason) == (clause, reason)


def test_the_deal_and_the_face_up_stock():
    game = CaliforniaJack()
    for seed in range(10):
        s = game.deal(seed)
        assert [len(h) for h in s.hands] == [6, 6] and len(s.stock) == 40
        assert s.trump == s.stock[0].suit and s.to_move == s.dealer
        z = game.zones(s)
        assert z["stock top"] == s.stock[:1] and "stock top" not in game.hidden_zones(s, 0)
        top, nxt = s.stock[0], s.stock[1]
        s = game.apply(game.apply(s, game.legal_moves(s)[0]), game.legal_moves(game.apply(s, game.legal_moves(s)[0]))[0])
        w = s.last_winner
        assert top in s.hands[w] and nxt in s.hands[1 - w]
        assert game.zones(s)[f"drawn {w}"] == (top,)      # seen by both: not hidden
        assert [len(h) for h in s.hands] == [6, 6]


def test_deal_points_in_counting_order():
    won = (parse_cards("A♣ 10♦ 10♠ 10♥ J♣"), parse_cards("2♣ 10♣ K♦"))
    assert deal_points(won, Suit.CLUBS, 0, "nobody") == ((0, "A♣"), (1, "2♣"), (0, "J♣"), (0, "game"))


def test_target_by_counting_order_or_highest():
    pts = ((1, "A♣"), (0, "2♣"), (0, "J♣"), (1, "game"))
    assert match_result((9, 9), pts, 10, "count_order") == ((11, 11), (1,))
    assert match_result((9, 9), pts, 10, "highest") == ((11, 11), (0, 1))
    assert match_result((0, 0), pts, 10, "count_order") == ((2, 2), ())
    # reaching the target exactly is enough, under either reading
    assert match_result((8, 5), ((0, "A♣"), (0, "game")), 10, "highest") == ((10, 5), (0,))
    assert match_result((8, 5), ((0, "A♣"), (0, "game")), 10, "count_order") == ((10, 5), (0,))
    assert deals_bound(10) == 7 and CaliforniaJack().max_plays() == 364


def test_rules_fields_are_checked():
    with pytest.raises(VariantError):
        make_rules(Rules, {"deal_batch": 2})
    with pytest.raises(VariantError):
        make_rules(Rules, {"game_tie": "dealer"})
    assert all(make_rules(Rules, p) != Rules() for p in PRESETS.values())
    assert CaliforniaJack(Rules(deal_batch=3)).deal(1).hands != CaliforniaJack().deal(1).hands


OWN = ["follows_as_source", "trick_taker", "draws_as_source", "deal_start", "deal_points_range", "deck_points",
       "match_ends", "match_can_last_the_limit", "game_point_decided", "one_player_reaches_target"]


def test_every_own_property_has_its_expected_verdict():
    for name in OWN:
        r = check([CaliforniaJack(players=2)], name)
        assert r.verdict == r.property.expected, (name, r.verdict, r.detail)


class PlainFollow(CaliforniaJack):
    """Must follow suit when able (no trumping instead): stricter than the source."""

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = Duties(follow=True, trump=False)


class AceHigh(CaliforniaJack):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.orders = {s: TrickOrder(s) for s in Suit}


class LoserDrawsFirst(CaliforniaJack):
    def apply(self, state, move):
        if len(state.trick) == 1 and len(state.stock) >= 2:
            state = dataclasses.replace(state, stock=(state.stock[1], state.stock[0]) + state.stock[2:])
        return super().apply(state, move)


class NonDealerLeads(CaliforniaJack):
    def start_deal(self, seed, match, dealer):
        s = super().start_deal(seed, match, dealer)
        return dataclasses.replace(s, to_move=1 - dealer)


class GamePointEveryTime(CaliforniaJack):
    """Scores the three trump cards twice."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.match.deals > state.match.deals:
            totals = tuple(t + 1 for t in after.match.totals)
            after = dataclasses.replace(after, match=dataclasses.replace(after.match, totals=totals))
        return after


class LimitOneLow(CaliforniaJack):
    def deal_limit(self):
        return super().deal_limit() - 1


@pytest.mark.parametrize("mutant,prop", [
    (PlainFollow, "follows_as_source"), (AceHigh, "trick_taker"), (LoserDrawsFirst, "draws_as_source"),
    (NonDealerLeads, "deal_start"), (GamePointEveryTime, "deal_points_range"), (LimitOneLow, "match_ends"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant(players=2)], prop))


KING_FIVE = type(GAME_POINTS)({**GAME_POINTS, Rank.KING: 5})


@pytest.mark.parametrize("label,rule,prop", [
    ("california-jack-game-points", lambda cards, values=KING_FIVE: game_points(cards, values), "deck_points"),
    ("california-jack-trick", lambda plays, order: plays[0][0], "trick_taker"),
])
def test_a_broken_clause_is_refuted(label, rule, prop):
    with CLAUSES.replaced(label, rule):
        assert_refuted(check([CaliforniaJack(players=2)], prop))


def test_the_game_points_and_the_trick_clauses_are_what_the_game_runs():
    assert game_points(parse_cards("10♠ A♥ K♦ Q♣ J♠ 9♠")) == 20
    assert trick_taker(tuple(enumerate(parse_cards("A♠ 10♠"))), trick_order(Suit.HEARTS)) == 1
    assert trick_taker(tuple(enumerate(parse_cards("10♠ 2♥"))), trick_order(Suit.HEARTS)) == 1
    won = (parse_cards("K♠"), parse_cards("Q♠"))
    with CLAUSES.replaced("california-jack-game-points", lambda cards, values=GAME_POINTS: -game_points(cards)):
        assert deal_points(won, Suit.CLUBS, 0, "nobody") == ((1, "game"),)
    assert deal_points(won, Suit.CLUBS, 0, "nobody") == ((0, "game"),)
    game, s = position("K♠|A♠")
    with CLAUSES.replaced("california-jack-trick", lambda plays, order: plays[0][0]):
        assert play_moves(game, s, "K♠ A♠").last_winner == 0


def test_search_witnesses_replay_to_what_they_claim():
    for name in ("game_point_decided", "one_player_reaches_target"):
        r = check([CaliforniaJack(players=2)], name)
        assert r.verdict == REFUTED
        rec = r.counterexample.record
        game = CaliforniaJack(make_rules(Rules, rec.rules), players=2)
        state = game.replay(rec.seed, [game.parse_move(m) for m in rec.moves])
        assert game.is_over(state)
        if name == "one_player_reaches_target":
            assert min(state.match.totals) >= 10 and len(state.winners) == 1
        else:
            g = [sum(GAME_POINTS.get(c.rank, 0) for c in w) for w in state.won]
            assert g == [40, 40]


def test_a_position_defaults_to_p0_dealing_under_the_stocks_top_suit():
    game = CaliforniaJack(Rules(target=12))
    s = game.position(["A♠ 9♦", "K♠ 4♥"], stock="4♦ 3♣", drawn=["9♦", ""], won=["", "J♣ 2♣"])
    assert (s.dealer, s.to_move, s.trump, s.trick, s.stock) == (0, 0, Suit.DIAMONDS, (), parse_cards("4♦ 3♣"))
    assert s.drawn == ((C("9♦"),), ()) and s.won == ((), parse_cards("J♣ 2♣")) and s.out == ()
    assert s.match == Match((0, 0), 0, 12) and s.seed == 0
    s = game.position(["A♠", "K♠ 4♥"], "Q♠", dealer=1, trump=Suit.HEARTS, out="2♦", seed=3)
    assert (s.trump, s.to_move, s.trick, s.out, s.seed) == (Suit.HEARTS, 0, ((1, C("Q♠")),), (C("2♦"),), 3)


@pytest.mark.parametrize("rest,error", [
    ({"stock": "9♠ 3♦"}, "9♠ is named more often than the deck holds it"),
    ({"stock": "3♦", "out": "3♦"}, "3♦ is named more often than the deck holds it"),
    ({"stock": "3♦", "won": ["", "A♦ Jk"]}, "Jk is not a card of this deck"),
    ({"stock": "3♦", "drawn": ["", "9♠"]}, "9♠ is drawn but not in its hand"),
    ({}, "name trumps: the stock is empty"),
])
def test_a_position_names_each_card_of_the_pack_once(rest, error):
    with pytest.raises(ValueError) as exc:
        CaliforniaJack().position(["9♠", "A♥"], **rest)
    assert str(exc.value) == error


def test_small_configurations():
    roots = props.small(CaliforniaJack())
    assert len(roots) == 12 and all(len(r.state.stock) == 2 for r in roots)


# --------------------------------------------------- drawing and the deal's end

def test_the_taker_draws_the_top_card_then_the_last_cards_are_played_out():
    # P0 deals and leads; the stock is 2♣ (the top, trumps) and 3♦: the last two cards
    game, s = position("A♠ 5♦|K♠ 6♦")
    assert game.describe(s) == ("deal 1, P0 deals, trumps ♣; totals 0 0; stock top 2♣ (2 cards); "
                                "P0: A♠ 5♦ | P1: K♠ 6♦")
    assert game.describe_move(s) == ""
    s = play_moves(game, s, "A♠")
    assert game.describe_move(s) == "" and game.to_move(s) == 1
    s = play_moves(game, s, "K♠")
    assert s.stock == () and tuple(map(set, s.hands)) == ({C("2♣"), C("5♦")}, {C("3♦"), C("6♦")})
    assert s.to_move == 0
    assert s.drawn == ((C("2♣"),), (C("3♦"),)) and s.won == (parse_cards("A♠ K♠"), ())
    z = game.zones(s)
    assert z["hand 0"] == (C("5♦"),) and z["drawn 0"] == (C("2♣"),) and z["stock top"] == ()
    assert game.describe_move(s) == "P0 takes A♠ K♠, draws 2♣; P1 draws 3♦"
    assert game.describe(s).endswith("stock top - (0 cards); P0: 5♦ 2♣ | P1: 3♦ 6♦")   # hands by suit
    s = play_moves(game, s, "5♦ 6♦")                    # no stock: no draw
    assert s.to_move == 1 and s.hands == ((C("2♣"),), (C("3♦"),)) and s.drawn == ((C("2♣"),), (C("3♦"),))
    assert game.describe_move(s) == "P1 takes 5♦ 6♦"
    s = play_moves(game, s, "3♦ 2♣")                    # the last trick: the deal is scored
    # P0 took the trump two and game (A♠ K♠ = 7 against 0); the next deal is P1's, who leads
    assert s.match.totals == (2, 0) and s.match.deals == 1 and not game.is_over(s)
    assert s.dealer == 1 and s.to_move == 1 and [len(h) for h in s.hands] == [6, 6] and len(s.stock) == 40
    assert s.drawn == ((), ()) and s.won == ((), ()) and s.trump == s.stock[0].suit
    assert game.describe_move(s) == "P0 takes 3♦ 2♣; deal over, totals 2 0\n      " + game.describe(s)


@pytest.mark.parametrize("totals,tie,winners,after", [
    # P1 trumps the lead and takes the trump two; P0 holds A♠ K♠ and scores game, counted after it
    ((9, 9), "count_order", (1,), (10, 10)),
    ((9, 8), "count_order", (0,), (10, 9)),
    ((8, 9), "count_order", (1,), (9, 10)),
    ((9, 9), "highest", (0, 1), (10, 10)),
    ((9, 8), "highest", (0,), (10, 9)),
    ((8, 8), "highest", (), (9, 9)),
    ((8, 8), "count_order", (), (9, 9)),
])
def test_the_match_ends_when_the_target_is_reached(totals, tie, winners, after):
    game, s = position("3♦|2♣", rules=Rules(tie=tie), stock=(), won=("A♠ K♠", ()), match=Match(totals, 3, 10))
    s = play_moves(game, s, "3♦ 2♣")
    assert s.match.totals == after and s.winners == winners and game.is_over(s) == bool(winners)
    assert s.match.target == 10 and s.match.deals == 4
    if winners:
        assert game.to_move(s) is None and game.legal_moves(s) == ()
        out = game.outcome(s)
        assert out.scores == after and out.returns == tuple((2 - len(winners)) if p in winners else -len(winners)
                                                            for p in range(2))
        assert game.describe_move(s) == (f"P1 takes 3♦ 2♣; winners {', '.join(f'P{p}' for p in winners)}; "
                                         f"scores {after[0]} {after[1]}")
        with pytest.raises(IllegalMove) as exc:
            game.check_move(s, PLAY[C("2♣")])
        assert exc.value.clause == "california-jack-target"
    else:
        assert s.dealer == 1 and s.to_move == 1


@pytest.mark.parametrize("game_tie,dealer,expected", [
    ("nobody", 0, ((1, "A♠"), (1, "J♠"))),
    ("nobody", 1, ((1, "A♠"), (1, "J♠"))),
    ("non_dealer", 0, ((1, "A♠"), (1, "J♠"), (1, "game"))),
    ("non_dealer", 1, ((1, "A♠"), (1, "J♠"), (0, "game"))),
])
def test_equal_game_points_score_game_only_for_the_non_dealer_under_the_option(game_tie, dealer, expected):
    tie = (parse_cards("10♠ 10♥ 10♦ 10♣"), parse_cards("A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣ Q♠ Q♥ Q♦ Q♣ J♠ J♥ J♦ J♣"))
    assert sum(GAME_POINTS.get(c.rank, 0) for c in tie[1]) == 40                  # 40 game points each
    assert deal_points(tie, Suit.SPADES, dealer, game_tie) == expected


def test_two_cards_at_a_time_is_refused_in_one_line():
    with pytest.raises(VariantError) as exc:
        Rules(deal_batch=2)
    assert str(exc.value) == "key 'deal_batch': 2 cards at a time; allowed: 1 or 3"


def test_the_state_keeps_what_was_drawn_and_set_aside_through_play():
    game, s = position("A♠ 5♦ 7♥|K♠ 6♦ 8♥", stock="2♣ 3♦ 4♦ 5♥", out="9♥", seed=7)
    s = play_moves(game, s, "A♠ K♠")                    # P0 takes, draws 2♣; P1 draws 3♦
    assert s.last_draw == parse_cards("2♣ 3♦") and s.out == parse_cards("9♥") and s.seed == 7
    s = play_moves(game, s, "5♦")                       # a trick in progress keeps the record of the draw
    assert game.to_move(s) == 1 and s.last_draw == parse_cards("2♣ 3♦") and s.last_winner == 0
    assert s.last_trick == ((0, C("A♠")), (1, C("K♠"))) and s.drawn == ((C("2♣"),), (C("3♦"),))
    assert s.out == parse_cards("9♥") and s.stock == parse_cards("4♦ 5♥") and s.seed == 7
    s = play_moves(game, s, "3♦")                       # P1 follows with the drawn 3♦; the 5♦ takes and draws 4♦
    assert s.drawn == (parse_cards("2♣ 4♦"), (C("5♥"),)) and s.last_draw == parse_cards("4♦ 5♥") and s.out == parse_cards("9♥")


def test_california_jack_is_for_two_players_only():
    for n in (1, 3):
        with pytest.raises(VariantError):
            CaliforniaJack(players=n)

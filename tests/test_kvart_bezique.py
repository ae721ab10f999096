"""Kvart-bezique: the scoring (every example of the source), the betting and the ledger, the exact
odds, and one mutation test per property."""

from __future__ import annotations

import dataclasses
import pathlib
from fractions import Fraction

import pytest

import spec.games.kvart_bezique as rules_module
import verifier.games.kvart_bezique as props
from spec.cards import Suit, parse_cards
from spec.errors import IllegalMove, NotationError
from spec.games.kvart_bezique import (CLAUSES, FOLD, MAKE_UP, PLAIN, SHOW, Bet, KvartBezique, Rules, Scoring, State,
                                           _score, deal_chance, hand_score, hands, is_marriage, pot_split,
                                           score_distribution, scoring_of, two_combinations)
from spec.stakes import POT, Ledger
from tests.helpers import assert_refuted, check

GAMES = [KvartBezique(players=n) for n in (2, 4, 6)]


@pytest.fixture(autouse=True, scope="module")
def cold_score_cache():
    """The exhaustive properties score every hand through the module's cache of hand scores: empty it
    afterwards, so that a later test watching which clauses run in play (tests/test_clause_runs.py) sees
    the scoring clauses run rather than cached scores. The verdicts the exhaustive properties remember
    (``props._DONE``) are forgotten before and after, so a changed rule is always checked afresh."""
    props._DONE.clear()
    yield
    _score.cache_clear()
    props._DONE.clear()


# ------------------------------------------------------------ scoring

@pytest.mark.parametrize("what,hand,score", props.SOURCE_EXAMPLES)
def test_the_sources_examples(what, hand, score):
    assert hand_score(parse_cards(hand)) == score


def test_combinations_share_no_card_but_a_crowns_bezique():
    assert hand_score(parse_cards("K♥ K♠ K♦ Q♥")) == 7  # the triple, not the marriage inside it
    assert hand_score(parse_cards("K♥ Q♥ Q♠ J♣")) == 8  # a marriage and a bezique
    assert hand_score(parse_cards("K♠ Q♠ J♠ Q♣")) == 10  # the crown's jack with the queen of clubs
    assert hand_score(parse_cards("K♠ Q♠ J♠ Q♣"), Scoring(crown_bezique="not_added")) == 8  # marriage, bezique


def test_a_crown_is_king_queen_jack_or_any_three_of_a_suit():
    hand = parse_cards("9♠ 10♠ A♠ K♥")
    assert hand_score(hand) == 2 and hand_score(hand, Scoring(crown="any_suited")) == 7
    assert hand_score(parse_cards("9♠ 10♠ A♠ 9♠"), Scoring(crown="any_suited")) == 9
    assert check([KvartBezique(Rules(crown="any_suited"))], "source_examples").verdict == "holds"


def test_trump_doubles_card_points_and_optionally_combinations():
    hand = parse_cards("K♠ Q♠ 10♠ 9♥")
    assert hand_score(hand) == 5 and hand_score(hand, Scoring(trump=Suit.SPADES)) == 6
    assert hand_score(hand, Scoring(trump=Suit.SPADES, doubles="suit_combinations")) == 10


def test_every_hand_and_the_distribution():
    assert len(hands()) == 17550  # multisets of 4 from 24 kinds
    assert sum(deal_chance(h) for h in hands()) == 1
    dist = score_distribution()
    assert sum(dist.values()) == 1 and max(dist) == 10
    assert dist[10] == Fraction(288, 477191)
    assert sum(score_distribution(Rules(trump="turned")).values()) == 1


# ------------------------------------------------------------ betting and the ledger

def test_a_raise_makes_the_previous_bettor_make_up():
    game = KvartBezique(players=3)
    s = game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣", "J♠ J♥ J♦ 9♣"])
    s = game.play(s, Bet(2))
    s = game.play(s, Bet(4))  # P1 raises over P0
    assert s.to_move == 0 and s.owed == 2
    with pytest.raises(IllegalMove, match=r"must first make up 2.*\[rule kvart-bet-turn\]"):
        game.check_move(s, Bet(5))
    s = game.play(s, MAKE_UP)
    assert s.to_move == 2 and game.ledger(s)[POT] == 3 + 2 + 4 + 2
    with pytest.raises(IllegalMove, match=r"a bet of 3 is not allowed: bet 4 to 5 \[rule kvart-bet-size\]"):
        game.check_move(s, Bet(3))
    with pytest.raises(IllegalMove, match=r"3 players are in: a show needs exactly two"):
        game.check_move(s, SHOW)
    s = game.play(s, FOLD)
    s = game.play(s, SHOW)  # P0 pays 4 and shows: marriage 4 + nothing against two aces + ten 1
    assert game.is_over(s) and s.winners == (0,)
    assert game.outcome(s).returns == (6, -5, -1) and game.ledger(s)[POT] == 0


def test_the_last_player_takes_the_pot_unseen():
    game = KvartBezique(players=2)
    s = game.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"])
    s = game.play(s, Bet(1))
    s = game.play(s, FOLD)
    assert game.is_over(s) and s.winners == (0,) and not s.shown
    assert game.outcome(s).returns == (1, -1)


def test_equal_scores_split_or_go_to_the_higher_cards():
    hands_ = ["K♠ 9♥ 9♦ 9♣", "A♠ 10♥ 9♦ A♣"]  # 9 9 9 triple + K = 7 against 10 + nothing = 1: not a tie
    tie = ["K♠ 9♥ A♦ A♣", "10♠ 9♥ A♦ 9♣"]  # one point each
    for rule, winners, returns in (("split", (0, 1), (0, 0)), ("high_card", (0,), (2, -2))):
        game = KvartBezique(Rules(tie=rule), players=2)
        s = game.play(game.play(game.position(tie), Bet(1)), SHOW)
        out = game.outcome(s)     # a split pot is a draw between the tied
        assert s.winners == out.winners == winners and out.returns == returns and out.draw is (rule == "split")
        assert out.losers == (() if rule == "split" else (1,))
    game = KvartBezique(players=2)
    s = game.play(game.play(game.position(hands_), Bet(1)), SHOW)
    assert s.winners == (0,)


def test_an_odd_pot_splits_with_the_odd_chip_to_the_first():
    assert pot_split(7, (1, 3)) == (("pot", -7), ("P1", 4), ("P3", 3))


def test_each_refusal_names_its_clause_word_for_word():
    game = KvartBezique(players=3)
    s = game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣", "J♠ J♥ J♦ 9♣"])
    assert game.refusal(s, Bet(9)) == ("kvart-bet-size", "a bet of 9 is not allowed: bet 1 to 5")
    assert game.refusal(s, Bet(0)) == ("kvart-bet-size", "a bet of 0 is not allowed: bet 1 to 5")
    assert game.refusal(s, SHOW) == ("kvart-show", "3 players are in: a show needs exactly two")
    assert game.refusal(s, MAKE_UP) == ("kvart-make-up", "nothing to make up: make up only after a raise over "
                                                         "your bet")
    assert game.refusal(s, FOLD) is None
    raised = game.play(game.play(s, Bet(2)), Bet(4))
    assert game.refusal(raised, Bet(4)) == ("kvart-bet-turn", "P0 must first make up 2 (or fold): a raise was "
                                                              "made over their bet")
    assert game.refusal(raised, SHOW) == ("kvart-show", "P0 must first make up 2 (or fold)")
    two = KvartBezique(players=2)
    s = two.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"])
    assert two.refusal(s, SHOW) == ("kvart-show", "nobody has bet yet: bet before asking to see")
    top = two.play(s, Bet(5))
    assert two.refusal(top, Bet(4)) == ("kvart-bet-size", "a bet of 4 is not allowed: bet 5 to 5")
    short = two.position(top.hands, purse=3, pot=7, to_move=1, stake=5, bettor=0)
    assert two.refusal(short, SHOW) == ("kvart-show", "P1 holds 3, cannot pay 5: fold")
    poor = two.position(s.hands, purse=3, pot=2, stake=2, bettor=1, owed=2, resume=1)
    assert two.refusal(poor, MAKE_UP) is None and two.legal_moves(poor) == (MAKE_UP, FOLD)
    broke = two.position(s.hands, purse=1, pot=2, stake=3, bettor=1, owed=2, resume=1)
    assert two.refusal(broke, MAKE_UP) == ("kvart-make-up", "P0 holds 1, cannot pay 2: fold")


def test_table_stakes_and_bad_input():
    game = KvartBezique(players=2)
    s = game.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"], purse=2)
    with pytest.raises(IllegalMove, match=r"P0 holds 2, cannot pay 3: fold \[rule kvart-table-stakes\]"):
        game.check_move(s, Bet(3))
    assert game.legal_moves(s) == (Bet(1), Bet(2), FOLD)
    with pytest.raises(NotationError):
        game.parse_move("bet lots")
    assert game.parse_move("make up") == MAKE_UP and str(Bet(3)) == "bet 3"


def test_trump_is_turned_from_the_stock():
    game = KvartBezique(Rules(trump="turned"), players=4)
    s = game.deal(3)
    assert len(s.turned) == 1 and len(s.stock) == 144 - 16 - 1
    assert game.scoring(s).trump == s.turned[0].suit


# ------------------------------------------------------------ properties

@pytest.mark.parametrize("name", ["money_conserved", "stakes_conserved", "source_examples", "betting_rules",
                                  "ends_settled", "zero_sum", "ends_in_bound", "odds_simulated"])
def test_properties_hold(name):
    r = check(GAMES, name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_score_readings_and_odds_exact_hold():
    for name in ("score_readings", "odds_exact"):
        r = check(GAMES[:1], name)
        assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_the_source_claims_two_beziques_top_and_four_aces_refuted():
    r = check(GAMES[:1], "double_bezique_top")
    assert_refuted(r)
    assert "scores 10" in r.counterexample.text
    r = check(GAMES[:1], "quads_at_least_triple")
    assert_refuted(r)
    assert "A♠ A♥ A♦ A♣ scores 0" in r.counterexample.text


def test_the_other_readings_make_the_claims_hold():
    assert check([KvartBezique(Rules(crown_bezique="not_added"))], "double_bezique_top").verdict == "holds"
    assert check([KvartBezique(Rules(four_aces="best_reading"))], "quads_at_least_triple").verdict == "holds"


# ------------------------------------------------------------ mutation tests

def leaky_split(pot, seats):
    k = len(seats)
    share = pot // k if isinstance(pot, int) else pot / k
    return (("pot", -pot),) + tuple((f"P{p}", share) for p in seats)  # the odd chips vanish


def test_the_game_pays_by_its_settlement_clauses():
    game = KvartBezique(players=2)
    tie = game.position(["K♠ 9♥ A♦ A♣", "10♠ 9♥ A♦ 9♣"])
    with CLAUSES.replaced("kvart-pot-split", leaky_split):
        s = game.play(game.play(tie, Bet(1)), SHOW)        # a pot of 4: two each, nothing dropped
        assert s.ledger[POT] == 0 and game.outcome(s).returns == (0, 0)
        odd = game.play(game.play(tie, Bet(1)), Bet(1))     # a pot of 5: the settlement drops a chip
        with pytest.raises(ValueError, match="clause kvart-pot-split does not balance: gains and losses sum to -1"):
            game.play(odd, SHOW)
    with CLAUSES.replaced("kvart-bet-paid", lambda amount, seat: ((f"P{seat}", -2 * amount), (POT, 2 * amount))):
        assert game.play(tie, Bet(1)).ledger[POT] == 4
    with CLAUSES.replaced("kvart-pot-won", lambda pot, seats: ((POT, -pot), (f"P{1 - seats[0]}", pot))):
        assert game.play(game.play(tie, Bet(1)), FOLD).ledger["P1"] == 22


def marriage_three(hand, sc=PLAIN):
    s = hand_score(hand, sc)
    pairs = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:] if is_marriage(a, b)]
    return s - 1 if pairs and s >= 4 else s


def test_score_readings_refutes_a_marriage_worth_three():
    with CLAUSES.replaced("kvart-score", marriage_three):
        assert_refuted(check([KvartBezique()], "score_readings"))


def test_two_combinations_and_the_show_score_by_their_clauses():
    assert two_combinations(4, 4, True) == 9 and two_combinations(4, 4, False) == 8
    assert two_combinations(4, 2, False) == 6                  # a marriage and two loose points
    assert hand_score(parse_cards("K♥ Q♥ K♠ Q♠")) == 8 and hand_score(parse_cards("Q♠ J♣ Q♥ J♦")) == 9
    assert hand_score(parse_cards("K♥ Q♥ 10♠ J♦")) == 6
    game = KvartBezique(players=2)
    with CLAUSES.replaced("kvart-score", lambda hand, sc=PLAIN: -hand_score(hand, sc)):   # the lower score wins
        s = game.play(game.play(game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣"]), Bet(1)), SHOW)
        shown = game.describe_move(s)   # the log says the scores of the scoring clause in force
    assert s.winners == (1,) and shown == "P1 pays 1 and shows: P0 K♥ Q♥ 9♠ 9♣ = -4, P1 A♠ A♥ 9♦ 10♣ = -1"


def test_source_examples_refutes_a_crown_without_its_bezique():
    assert_refuted(check([KvartBezique(Rules(crown_bezique="not_added"))], "source_examples"))


def copies_forgotten(rules=None, copies=6):
    """The exact odds weighing every multiset alike, forgetting how many copies make it."""
    rules = rules or Rules()
    if rules.trump != "none":
        return score_distribution(rules, copies)
    out: dict = {}
    hs = [h for h in hands() if max(h.count(c) for c in h) <= copies]
    for h in hs:
        s = hand_score(h, scoring_of(rules, None))
        out[s] = out.get(s, 0) + Fraction(1, len(hs))
    return out


def test_odds_exact_refutes_an_enumeration_that_forgets_the_copies(monkeypatch):
    # the odds are no rule of play (no clause): the test swaps the module's function, which the property reads
    monkeypatch.setattr("spec.games.kvart_bezique.score_distribution", copies_forgotten)
    assert_refuted(check([KvartBezique()], "odds_exact"))


class StackedDeal(KvartBezique):
    """Gives P0 a king of spades in place of the first card of every fourth deal."""

    def deal(self, seed):
        s = super().deal(seed)
        if seed % 4:
            return s
        from spec.cards import parse_card
        k = parse_card("K♠")
        first = s.hands[0][0]
        i = s.stock.index(k)
        stock = s.stock[:i] + (first,) + s.stock[i + 1:]
        return self.position(((k,) + s.hands[0][1:],) + s.hands[1:], stock, turned=s.turned, seed=seed)


def test_odds_simulated_refutes_a_stacked_deal():
    assert_refuted(check([StackedDeal(players=4)], "odds_simulated"))


class BetsOnCredit(KvartBezique):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.to_move is None or state.owed:
            return moves
        extra = tuple(b for b in self.bets if b.amount >= state.stake and b not in moves)
        return extra + moves


def test_betting_rules_refutes_bets_beyond_the_purse():
    assert_refuted(check([BetsOnCredit(players=2)], "betting_rules"))


class LowScoreWins(KvartBezique):
    def apply(self, state, move):
        after = super().apply(state, move)
        if move == SHOW and len(after.winners) == 1:
            other = next(p for p, f in enumerate(state.folded) if not f and p not in after.winners)
            led = after.ledger.pay(f"P{after.winners[0]}", f"P{other}", after.ledger[f"P{after.winners[0]}"]
                                   - state.ledger[f"P{after.winners[0]}"] + state.stake)
            return State(after.hands, after.stock, after.turned, led, after.folded, None, after.stake, after.bettor,
                         0, None, True, (other,), after.seed, after.last)
        return after


def test_ends_settled_refutes_a_show_won_by_the_lower_score():
    assert_refuted(check([LowScoreWins(players=2)], "ends_settled"))


def test_the_variant_file_loads_and_plays():
    from spec.variants import load_variant
    variant = load_variant(str(pathlib.Path(__file__).parent.parent / "docs/variants/kvart_bezique-trump-high-stakes.toml"))
    assert variant.rules == Rules(trump="turned", trump_doubles="suit_combinations", purse=100, max_bet=20,
                                  tie="high_card")
    game = KvartBezique(variant.rules, players=4)
    assert check([game], "ends_settled").verdict == "holds"


# ------------------------------------------------ the log, the table, the moves on offer, the edges

def raise_then_show(game):
    s = game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣", "J♠ J♥ J♦ 9♣"])
    states = [s]
    for m in (Bet(2), Bet(4), MAKE_UP, FOLD, SHOW):
        states.append(game.play(states[-1], m))
    return states


def test_the_log_says_each_bet_make_up_fold_and_show():
    game = KvartBezique(players=3)
    logs = [game.describe_move(s) for s in raise_then_show(game)]
    # the show: P0's marriage 4 and two nines against P1's ten (1) and the fat
    assert logs == ["", "P0 bets 2", "P1 bets 4", "P0 makes up 2", "P2 folds",
                    "P0 pays 4 and shows: P0 K♥ Q♥ 9♠ 9♣ = 4, P1 A♠ A♥ 9♦ 10♣ = 1"]
    g2 = KvartBezique(players=2)
    s = g2.play(g2.play(g2.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"]), Bet(1)), FOLD)
    assert g2.describe_move(s) == "P1 folds; P0 takes the pot unseen"


def test_describe_shows_the_pot_trump_purses_bet_and_folds():
    game = KvartBezique(players=3)
    st = raise_then_show(game)
    assert game.describe(st[0]) == "pot 3; purses P0 19 P1 19 P2 19"
    assert game.describe(st[1]) == "pot 5; purses P0 17 P1 19 P2 19; bet 2 by P0"
    assert game.describe(st[4]) == "pot 11; purses P0 15 P1 15 P2 19; bet 4 by P1; folded: P2"
    trump = KvartBezique(Rules(trump="turned"), players=2)
    s = trump.deal(3)
    assert trump.describe(s) == f"pot 2; trump {s.turned[0].suit.symbol}; purses P0 19 P1 19"


def test_the_end_of_a_show_and_what_follows_it():
    game = KvartBezique(players=3)
    end = raise_then_show(game)[-1]
    assert game.is_over(end) and game.to_move(end) is None and game.legal_moves(end) == ()
    assert end.shown and end.winners == (0,) and end.owed == 0
    out = game.outcome(end)
    assert out.winners == (0,) and out.losers == (1, 2) and not out.draw
    assert game.apply(end, FOLD) is end


def test_a_fold_while_owing_passes_the_turn_on_as_the_make_up_would():
    game = KvartBezique(players=3)
    s = game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣", "J♠ J♥ J♦ 9♣"])
    s = game.play(game.play(s, Bet(2)), Bet(4))
    assert game.legal_moves(s) == (MAKE_UP, FOLD)
    s = game.play(s, FOLD)
    assert s.to_move == 2 and s.owed == 0 and s.folded == (True, False, False) and s.stake == 4
    assert game.legal_moves(s) == (SHOW, Bet(4), Bet(5), FOLD)


def test_a_bet_equal_to_the_last_is_no_raise():
    game = KvartBezique(players=3)
    s = game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣", "J♠ J♥ J♦ 9♣"])
    s = game.play(game.play(s, Bet(2)), Bet(2))
    assert s.to_move == 2 and s.owed == 0 and s.bettor == 1 and s.resume is None
    s = game.play(s, Bet(3))                      # P2 raises over P1, the last bettor
    assert s.to_move == 1 and s.owed == 1 and s.resume == 0


def test_moves_on_offer_follow_the_purse():
    game = KvartBezique(players=2)
    assert game.bets == tuple(Bet(a) for a in range(1, 6))
    assert game.legal_moves(game.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"])) == game.bets + (FOLD,)
    poor = game.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"], purse=1)       # 1 chip left after the ante
    assert game.legal_moves(poor) == (Bet(1), FOLD)
    s = game.play(poor, Bet(1))
    assert game.legal_moves(s) == (SHOW, Bet(1), FOLD)
    broke = game.play(s, Bet(1))                                           # P1 has nothing left
    assert broke.ledger["P1"] == 0 and broke.to_move == 0
    s = game.play(game.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"], purse=2), Bet(1))
    s = game.play(s, Bet(2))                                               # P0 owes 1, holds 1
    assert game.legal_moves(s) == (MAKE_UP, FOLD)
    short = game.play(game.position(["9♠ 9♥ A♦ A♣", "K♠ Q♠ J♠ 10♠"], purse=1), Bet(1))
    short = game.position(short.hands, purse=0, pot=5, to_move=1, stake=1, bettor=0)
    assert game.legal_moves(short) == (FOLD,)                              # cannot pay even the bet to see


def test_a_position_is_a_deal_with_the_cards_placed_and_names_a_card_the_shoe_cannot_hold():
    game = KvartBezique(Rules(trump="turned"), players=3)
    s = game.deal(4)
    assert game.position(s.hands, s.stock, turned=s.turned, seed=4) == s        # the ante's purses and pot
    assert game.position([" ".join(map(str, h)) for h in s.hands], s.stock, turned=s.turned, seed=4) == s
    fresh = game.position(["K♠ K♠ Q♥ 9♦", "9♠ 9♥ A♦ A♣", "J♠ J♥ J♦ 9♣"], turned="K♠")
    assert len(fresh.stock) == 144 - 13 and fresh.stock.count(parse_cards("K♠")[0]) == 3
    assert (fresh.ledger["P2"], fresh.ledger[POT], fresh.to_move, fresh.stake) == (19, 3, 0, 0)
    assert game.scoring(fresh).trump == Suit.SPADES
    # a pot or a purse named alone: the other as the ante leaves it
    assert game.position(s.hands, pot=9).ledger == Ledger.open(players=3, stake=19, pot=9)
    assert game.position(s.hands, purse=4).ledger == Ledger.open(players=3, stake=4, pot=3)
    for held, message in [(["K♠ K♠ K♠ K♠", "K♠ K♠ K♠ 9♣", "9♠"], "K♠ is named more often than the deck holds it"),
                          (["8♠", "9♠", "9♠"], "8♠ is not a card of this deck")]:
        with pytest.raises(ValueError) as exc:
            game.position(held, ())
        assert str(exc.value) == message


def test_zones_the_deal_and_the_bound():
    game = KvartBezique(players=4)
    s = game.deal(5)
    assert [len(h) for h in s.hands] == [4] * 4 and len(s.stock) == 144 - 16 and s.turned == ()
    assert s.to_move == 0 and s.ledger[POT] == 4 and s.ledger["P3"] == 19
    assert set(game.zones(s)) == {"hand 0", "hand 1", "hand 2", "hand 3", "trump", "stock"}
    assert game.zones(s)["stock"] == s.stock and game.zones(s)["hand 2"] == s.hands[2]
    assert game.max_plays() == 4 * 19 + 4
    assert KvartBezique(Rules(purse=50, ante=5), players=2).max_plays() == 2 * 45 + 2


def test_the_chip_options_are_checked():
    from spec.errors import VariantError
    with pytest.raises(VariantError) as e:
        Rules(min_bet=4, max_bet=3)
    assert str(e.value) == "key 'max_bet': 3 is below min_bet 4; allowed: at least 4"
    with pytest.raises(VariantError) as e:
        Rules(purse=2, ante=3)
    assert str(e.value) == "key 'purse': 2 is below the ante 3; allowed: at least 3"
    assert Rules(min_bet=3, max_bet=3).max_bet == 3 and Rules(purse=3, ante=3).purse == 3


def test_the_odds_of_one_hand_and_of_the_turned_suit():
    from math import comb

    from spec.games.kvart_bezique import _limited, trump_chance
    four_kings = parse_cards("K♠ K♠ K♠ K♠")
    assert deal_chance(four_kings) == Fraction(comb(6, 4), comb(144, 4))
    assert deal_chance(parse_cards("K♠ K♠ Q♥ 9♦")) == Fraction(comb(6, 2) * 6 * 6, comb(144, 4))
    assert trump_chance(four_kings, Suit.SPADES) == Fraction(36 - 4, 140)
    assert trump_chance(four_kings, Suit.HEARTS) == Fraction(36, 140)
    two_packs = list(_limited(2))           # no card three times from two packs
    assert len(two_packs) == comb(24, 4) + 24 * comb(23, 2) + comb(24, 2)
    assert sum(deal_chance(h, 2) for h in two_packs) == 1


def test_pairs_and_the_trump_scoring():
    from spec.games.kvart_bezique import pair_score, scoring_of
    c = parse_cards("K♠ Q♠ J♣ Q♦ J♥")
    assert pair_score(c[0], c[1], PLAIN) == 4 and pair_score(c[1], c[2], PLAIN) == 4    # marriage, bezique
    assert pair_score(c[0], c[2], PLAIN) is None and pair_score(c[3], c[4], PLAIN) == 4
    doubling = Scoring(trump=Suit.SPADES, doubles="suit_combinations")
    assert pair_score(c[0], c[1], doubling) == 8 and pair_score(c[1], c[2], doubling) == 4
    assert scoring_of(Rules(), Suit.SPADES) == PLAIN
    assert scoring_of(Rules(trump="turned", trump_doubles="suit_combinations", crown_bezique="not_added",
                            four_aces="best_reading", crown="any_suited"), Suit.CLUBS) == Scoring(
        Suit.CLUBS, "suit_combinations", "not_added", "best_reading", "any_suited")


def test_each_move_changes_only_what_it_should():
    """A bet moves chips from the bettor to the pot and passes the turn; a raise over an earlier bet
    sends the turn back to that bettor to make up the difference; a make-up pays it and returns the
    turn; a fold marks the player out. The hands, the stock and the seed never change."""
    game = KvartBezique(players=3)
    s = game.position(["K♥ Q♥ 9♠ 9♣", "A♠ A♥ 9♦ 10♣", "J♠ J♥ J♦ 9♣"], seed=9)
    b = game.play(s, Bet(2))
    assert dataclasses.replace(b, ledger=s.ledger) == dataclasses.replace(s, to_move=1, stake=2, bettor=0,
                                                                          last=("bet", 0, 2))
    assert (b.ledger["P0"], b.ledger[POT]) == (s.ledger["P0"] - 2, s.ledger[POT] + 2)
    r = game.play(b, Bet(4))
    assert dataclasses.replace(r, ledger=b.ledger) == dataclasses.replace(b, to_move=0, stake=4, bettor=1, owed=2,
                                                                          resume=2, last=("bet", 1, 4))
    m = game.play(r, MAKE_UP)
    assert dataclasses.replace(m, ledger=r.ledger) == dataclasses.replace(r, to_move=2, owed=0, resume=None,
                                                                          last=("make_up", 0, 2))
    assert (m.ledger["P0"], m.ledger[POT]) == (r.ledger["P0"] - 2, r.ledger[POT] + 2)
    f = game.play(m, FOLD)
    assert f == dataclasses.replace(m, folded=(False, False, True), to_move=0, last=("fold", 2, 0))
    assert [game.describe_move(x) for x in (b, r, m, f)] == ["P0 bets 2", "P1 bets 4", "P0 makes up 2", "P2 folds"]
    end = game.play(f, SHOW)
    assert end.hands == s.hands and end.seed == 9 and end.folded == f.folded and end.stake == 4
    assert end.bettor == 1 and end.to_move is None and end.shown and end.ledger[POT] == 0


# ------------------------------------------------------------ the declared space

def test_score_readings_checks_the_rules_own_scoring_with_every_trump_suit():
    names = list(props.scorings_for(Rules(crown="any_suited", trump="turned")))
    assert names[:6] == list(props.SCORINGS) and len(names) == 10
    assert names[6:] == [f"rules (crown any_suited, trump turned), trump {s}" for s in "♠♥♦♣"]
    assert list(props.scorings_for(Rules(four_aces="best_reading"))) == list(props.SCORINGS)  # nothing new
    assert list(props.scorings_for(Rules(purse=100))) == list(props.SCORINGS)


doubled_as_ruled = rules_module.doubled  # the clause itself, kept before a test replaces it


def hearts_not_doubled(value, cards, sc):
    """Trump combinations doubled in every suit but hearts: only hearts as trump shows it."""
    if sc.trump is not None and sc.trump.symbol == "♥":
        return value
    return doubled_as_ruled(value, cards, sc)


def test_score_readings_refutes_a_trump_rule_broken_in_one_suit_only():
    rules = Rules(trump="turned", trump_doubles="suit_combinations")
    assert check([KvartBezique()], "score_readings").verdict == "holds"
    rules_module._score.cache_clear()  # hand scores remembered under the rule as written
    with CLAUSES.replaced("kvart-trump", hearts_not_doubled):
        assert check([KvartBezique()], "score_readings").verdict == "holds"  # the six scorings: spades only
        r = check([KvartBezique(rules)], "score_readings")
    assert_refuted(r)
    assert r.counterexample.text.startswith("rules (trump turned, trump_doubles suit_combinations), trump ♥")


def test_odds_exact_uses_the_rules_scoring_options():
    cases = props.exact_cases(Rules(crown="any_suited", trump="turned"))
    assert [(r.crown, r.trump, r.trump_doubles, copies) for r, copies, _ in cases] == [
        ("any_suited", "none", "cards", 2), ("any_suited", "turned", "cards", 1),
        ("any_suited", "turned", "suit_combinations", 1)]
    assert check([KvartBezique(Rules(crown="any_suited"))], "odds_exact").verdict == "holds"


def test_the_claims_about_the_source_scoring_are_made_under_its_readings():
    outside = {"source_examples": Rules(crown_bezique="not_added"), "double_bezique_top": Rules(crown_bezique="not_added"),
               "quads_at_least_triple": Rules(four_aces="best_reading")}
    for name, rules in outside.items():
        inside = check([KvartBezique()], name)
        assert inside.expected == inside.property.expected and inside.as_expected
        away = check([KvartBezique(rules)], name)
        assert away.expected is None and away.verdict != inside.verdict  # a finding about that reading
    r = check([KvartBezique(Rules(four_aces="best_reading"))], "source_examples")
    assert r.verdict == "refuted" and r.expected is None and "four aces" in r.counterexample.text
    crowns = check([KvartBezique(Rules(crown="any_suited"))], "source_examples")
    assert crowns.verdict == "holds" and crowns.expected == "holds"  # both crown readings give the examples

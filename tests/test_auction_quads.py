"""The auction for fours: the rules, the ledger, the exact odds, and one mutation test per property."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import verifier.games.auction_quads as props
from spec.cards import parse_cards
from spec.errors import IllegalMove
from spec.games.auction_quads import (
    CLAUSES, PASS, AuctionQuads, Bid, Rules, ante_paid, auction_closed, bid_paid, bid_one_step_up, lay_again,
    makes_four, next_bidder, opener, pot_unclaimed, pot_won, stock_out,
)
from tests.helpers import assert_refuted, check
from verifier.api import steered

GAMES = [AuctionQuads(players=n) for n in (4, 8)]


def position(game, first, stock, extra=()):
    """First cards (one each), P0's extra cards, and the stock, top card first."""
    hands = tuple((c,) for c in parse_cards(first))
    hands = ((hands[0][0],) + tuple(parse_cards(" ".join(extra))),) + hands[1:] if extra else hands
    return game.position(hands, stock)


def run(game, state, moves):
    for m in moves.split(","):
        state = game.play(state, game.parse_move(m.strip()))
    return state


def test_first_cards_differ_in_rank_and_the_pack_is_whole():
    for n in (4, 8):
        for rules in (Rules(), Rules(redeal="all")):
            game = AuctionQuads(rules, players=n)
            for seed in range(30):
                s = game.deal(seed)
                assert len({h[0].rank for h in s.hands}) == n
                assert sorted(map(str, [c for z in game.zones(s).values() for c in z])) == \
                    sorted(map(str, game.deck()))
    # with eight players most first layings repeat a rank: some deals were laid again
    assert any(AuctionQuads(players=8).deal(s).redeals for s in range(10))


def test_an_open_auction_with_three_raises():
    game = AuctionQuads(players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "2♥ 9♦ 2♦")
    assert s.to_move == 0 and game.legal_moves(s) == (Bid(1), PASS)
    s = run(game, s, "bid 1, bid 2, pass, pass, bid 3, bid 4")  # P0, P1, -, -, P0, P1: three raises
    assert s.to_move == 2 and game.legal_moves(s) == (PASS,)
    s = run(game, s, "pass, pass, pass")  # the others pass: P1 takes 2♥ for 4
    assert [str(c) for c in s.hands[1]] == ["3♠", "2♥"] and s.paid == (0, 4, 0, 0)
    assert s.centre == parse_cards("9♦")[0] and s.to_move == 1  # the next card is meant for P1
    assert game.ledger(s)["pot"] == 4 + 4


def test_an_unbid_card_goes_to_the_opener_or_is_set_aside():
    for unbid, taker in (("opener", 0), ("discarded", None)):
        game = AuctionQuads(Rules(unbid=unbid), players=4)
        s = run(game, position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣"), "pass, pass, pass, pass")
        assert s.last == (parse_cards("9♦")[0], taker, 0) and s.to_move == 1 and s.paid == (0,) * 4
        assert len(s.discard) == (taker is None)


def test_four_of_a_kind_takes_the_pot():
    game = AuctionQuads(players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "2♣ 9♦", extra=("2♥", "2♦"))
    s = run(game, s, "bid 1, bid 2, pass, pass, pass")  # P1 raises, P0 does not: P1 takes 2♣
    assert not game.is_over(s)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "2♣ 9♦", extra=("2♥", "2♦"))
    s = run(game, s, "bid 1, pass, pass, pass")
    assert game.is_over(s) and s.winner == 0
    out = game.outcome(s)
    assert out.winners == (0,) and out.returns == (3, -1, -1, -1) and game.ledger(s)["pot"] == 0
    with pytest.raises(IllegalMove, match="game is over"):
        game.check_move(s, PASS)


@pytest.mark.parametrize("rule,pot,returns", [("returned", 0, (0, 0, 0, 0)), ("stays", 6, (-2, -2, -1, -1)),
                                              ("split", 2, (-1, -1, 0, 0))])
def test_the_pack_runs_out_without_four(rule, pot, returns):
    game = AuctionQuads(Rules(no_quads=rule), players=4)
    s = run(game, position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣"), "bid 1, pass, pass, pass, bid 1, pass, pass, pass")
    assert game.is_over(s) and s.winner is None and s.centre is None and not s.stock
    assert game.ledger(s)["pot"] == pot and game.outcome(s).returns == returns


def test_bad_input_is_one_line():
    game = AuctionQuads(players=4)
    with pytest.raises(Exception, match="bid"):
        game.parse_move("offer 3")


def test_exact_odds_known_values():
    four = props.exact_odds(4)
    assert sum(four.win) == 1 and four.nobody == 0
    assert four.win[0] > four.win[1] > four.win[2] > four.win[3]  # the early openers get the new ranks
    # with unbid cards set aside only the first ranks can make four: every seat the same
    assert props.exact_odds(6, "discarded").win == (Fraction(1, 6),) * 6
    # one rank of four copies, nothing else: it completes at the 4th card, for the first card's opener
    one = props.exact_odds_of(4, (props.RankInStock(4, True, None),))
    assert one.win == (1, 0, 0, 0) and one.length.pairs() == ((4, Fraction(1)),)
    assert props.first_cards_differ_chance(4) == Fraction(52 * 48 * 44 * 40, 52 * 51 * 50 * 49)


@pytest.mark.parametrize("name", ["money_conserved", "stakes_conserved", "odds_exact", "first_ranks_differ",
                                  "centre_shown_as_ruled", "ends_settled", "auction_as_ruled", "zero_sum"])
def test_properties_hold(name):
    r = check(GAMES, name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_odds_simulated_holds():
    r = check([AuctionQuads(players=4), AuctionQuads(Rules(unbid="discarded"), players=5)], "odds_simulated")
    assert r.verdict == "holds", r.counterexample


def test_quads_always_made_is_refuted_with_a_replayable_game():
    r = check(GAMES, "quads_always_made")
    assert_refuted(r)
    rec = r.counterexample.record
    game = AuctionQuads(players=rec.players)
    s = game.replay(rec.seed, [game.parse_move(m) for m in rec.moves])
    assert game.is_over(s) and s.winner is None and not s.stock


def test_quads_always_made_finds_nothing_under_greedy_bidding():
    games = [steered(AuctionQuads(players=n), lambda s, moves, n=n: (props.greedy_move(AuctionQuads(players=n), s,
                                                                                        moves),))
             for n in (4, 8)]
    assert check(games, "quads_always_made").verdict == "unknown"


# ------------------------------------------------------------ mutation tests


class UnbidToTheNext(AuctionQuads):
    """An unbid card goes to the player after the opener."""

    def award(self, state, taker, price):
        if not price and taker is not None:
            taker = (taker + 1) % self.players
        return super().award(state, taker, price)


def test_odds_exact_refutes_an_engine_the_formula_does_not_describe():
    assert_refuted(check([UnbidToTheNext(players=4)], "odds_exact"))


def test_auction_as_ruled_refutes_an_unbid_card_given_to_the_wrong_player():
    assert_refuted(check([UnbidToTheNext(players=4)], "auction_as_ruled"))


class OpenerNeverMoves(AuctionQuads):
    """Every auction is opened by P0 (numbered as the first): the rotation is lost."""

    def award(self, state, taker, price):
        after = super().award(state, taker, price)
        return after if after.to_move is None else dataclasses.replace(after, auction=0, to_move=0)


def test_odds_simulated_refutes_an_auction_that_never_rotates():
    assert_refuted(check([OpenerNeverMoves(players=4)], "odds_simulated"))


class KeepsPairs(AuctionQuads):
    """Lays the first cards without looking at their ranks."""

    def deal(self, seed):
        from spec.dealing import rng_for
        cards = list(self.deck())
        rng_for(seed).shuffle(cards)
        n = self.players
        return self.position(tuple((c,) for c in cards[:n]), cards[n:], seed=seed)


def test_first_ranks_differ_refutes_a_deal_that_keeps_pairs():
    assert_refuted(check([KeepsPairs(players=8)], "first_ranks_differ"))


class ShowsTheBlindCard(AuctionQuads):
    def hidden_zones(self, state, player):
        return frozenset({"stock"})


def test_centre_shown_as_ruled_refutes_a_blind_card_in_view():
    r = check([ShowsTheBlindCard(Rules(auction="blind"), players=4)], "centre_shown_as_ruled")
    assert_refuted(r)
    assert "sees the card auctioned" in r.counterexample.text


def test_ends_settled_refutes_a_pot_left_on_the_table():
    with CLAUSES.replaced("auction-quads-unclaimed", lambda paid_in, rule="returned": ()):
        r = check([AuctionQuads(players=4)], "ends_settled")
    assert_refuted(r)
    assert "nobody holds four" in r.counterexample.text


class FourthRaise(AuctionQuads):
    """Offers a fourth raise."""

    def legal_moves(self, state):
        if state.to_move is not None and state.bids > self.rules.raises and state.bids < self.rules.raises + 2:
            return (Bid(state.price + self.rules.bid_step), PASS)
        return super().legal_moves(state)


def test_auction_as_ruled_refutes_a_fourth_raise():
    r = check([FourthRaise(players=4)], "auction_as_ruled")
    assert_refuted(r)


def test_split_keeps_the_odd_chips_in_the_pot():
    deltas = dict(pot_unclaimed((3, 1, 1, 2), "split"))
    assert deltas["pot"] == -4 and deltas["P0"] == 1


def test_the_blind_variant_file_loads():
    from spec.variants import load_variant
    variant = load_variant("docs/variants/auction_quads-blind.toml")
    assert variant.rules == Rules(auction="blind", unbid="discarded")


@pytest.mark.parametrize("n", [6, 8])
@pytest.mark.parametrize("unbid", ["opener", "discarded"])
def test_odds_exact_compares_at_every_player_count(n, unbid):
    r = check([AuctionQuads(Rules(unbid=unbid), players=n)], "odds_exact")
    assert r.verdict == "holds" and r.detail == f"equal for {n} players: 2520 rank orders each; full-pack odds sum to 1"


def test_the_greedy_odds_say_nothing_about_the_blind_auction():
    blind = [AuctionQuads(Rules(auction="blind"), players=4)]
    for name in ("odds_exact", "odds_simulated"):
        prop = check([AuctionQuads(players=4)], name).property
        assert prop.applies(blind) is False and prop.applies([AuctionQuads(players=4)]) is True


def test_the_small_configurations_serve_every_player_count():
    for n in (6, 8):
        game = AuctionQuads(players=n)
        assert len(props.small(game)) == 2
        r = check([game], "moves_match_clauses")
        assert r.verdict == "holds" and r.method == "exhaustive"


def test_a_position_takes_hands_and_stock_in_either_form_and_refuses_a_card_twice_or_foreign():
    game = AuctionQuads(players=4)
    s = game.position(["2♠ 2♥", "3♠", "4♠", "5♠"], "9♦ 2♣ 7♥")
    assert s == game.position([parse_cards("2♠ 2♥")] + [(c,) for c in parse_cards("3♠ 4♠ 5♠")], parse_cards("9♦ 2♣ 7♥"))
    assert s.centre == parse_cards("9♦")[0] and s.stock == parse_cards("2♣ 7♥")   # the top card goes up first
    assert (s.to_move, s.auction, s.price, s.paid, s.redeals, s.seed) == (0, 0, 0, (0, 0, 0, 0), 0, 0)
    assert game.position(["2♠", "3♠", "4♠", "5♠"], "9♦", redeals=2, seed=7).redeals == 2
    for hands, stock, problem in ((["2♠", "3♠", "4♠", "5♠"], "9♦ 3♠", "3♠ is named more often than the deck holds it"),
                                  (["2♠", "3♠", "4♠", "Jk"], "9♦", "Jk is not a card of this deck")):
        with pytest.raises(ValueError) as err:
            game.position(hands, stock)
        assert str(err.value) == problem


def test_odds_exact_holds_when_unbid_cards_are_set_aside():
    games = [AuctionQuads(Rules(unbid="discarded"), players=n) for n in (4, 5)]
    r = check(games, "odds_exact")
    assert r.verdict == "holds", r.counterexample


class Reverser:
    """A stand-in shuffle that reverses the list: the laying can be followed by hand."""

    def shuffle(self, cards):
        cards.reverse()


@pytest.mark.parametrize("redeal,kept", [("repeated", True), ("all", False)])
def test_which_first_cards_are_laid_again(redeal, kept):
    from spec.games.auction_quads import lay_first_cards
    pack = parse_cards("5♣ 6♣ 7♣ 8♣ 9♣ 4♠ 3♠ 2♥ 2♠")  # reversed: 2♠ 2♥ 3♠ 4♠ first, a pair of twos
    first, stock, again = lay_first_cards(pack, 4, redeal, Reverser())
    assert again == 1 and len({c.rank for c in first}) == 4
    assert (tuple(first[2:]) == tuple(parse_cards("3♠ 4♠"))) == kept  # only the twos went back, or all four cards
    assert sorted(map(str, first + stock)) == sorted(map(str, pack))


@pytest.mark.parametrize("n", [3, 9])
def test_four_to_eight_players(n):
    from spec.errors import VariantError
    with pytest.raises(VariantError, match="4 to 8"):
        AuctionQuads(players=n)


def test_first_cards_uniform_holds():
    r = check([AuctionQuads(players=4)], "first_cards_uniform")
    assert r.verdict == "holds", r.counterexample


def spades_first(first, stock, redeal, rng):
    """Lays again as the rules say (the clause imported above, not the one it replaces), but draws the
    spades of the shuffled stock first."""

    class Sorted:
        def shuffle(self, cards):
            rng.shuffle(cards)
            cards.sort(key=lambda c: c.suit.symbol == "♠")  # spades to the end, where cards are drawn
    return lay_again(first, stock, redeal, Sorted())


def test_first_cards_uniform_refutes_a_laying_that_favours_spades():
    with CLAUSES.replaced("auction-quads-first-cards", spades_first):
        r = check([AuctionQuads(players=4)], "first_cards_uniform")
    assert_refuted(r)
    assert "have chance" in r.counterexample.text


# ------------------------------------------------------------ the rules, word for word

def refusal(game, state, move):
    with pytest.raises(IllegalMove) as exc:
        game.check_move(state, move)
    return exc.value.clause, exc.value.reason


def test_bid_refusals_word_for_word():
    game = AuctionQuads(Rules(bid_step=2, raises=1), players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣")
    assert refusal(game, s, Bid(4)) == ("auction-quads-bid-step", "bids go up by 2: the opening bid is 2, not 4")
    s = game.play(s, Bid(2))
    assert refusal(game, s, Bid(2)) == ("auction-quads-bid-step", "bids go up by 2: a raise on 2 is 4, not 2")
    s = game.play(s, Bid(4))                        # the one raise allowed
    assert game.legal_moves(s) == (PASS,)
    assert refusal(game, s, Bid(6)) == (
        "auction-quads-raise-cap", "the bid of 4 has been raised 1 times, the most allowed: only a pass")


@pytest.mark.parametrize("high, passes, players, closed", [
    (None, 3, 4, False), (None, 4, 4, True), (0, 2, 4, False), (0, 3, 4, True), (2, 6, 8, False), (2, 7, 8, True)])
def test_an_auction_closes_when_everyone_else_has_passed(high, passes, players, closed):
    assert auction_closed(high, passes, players) is closed


@pytest.mark.parametrize("auction, players, first", [(0, 4, 0), (3, 4, 3), (4, 4, 0), (9, 5, 4)])
def test_the_cards_are_meant_for_the_players_in_turn(auction, players, first):
    assert opener(auction, players) == first
    assert next_bidder(players - 1, players) == 0 and next_bidder(1, players) == 2


@pytest.mark.parametrize("hand, card, four", [("2♠ 2♥ 2♦ 2♣", "2♣", True), ("2♠ 2♥ 2♣", "2♣", False),
                                              ("2♠ 2♥ 3♦ 2♣ 2♦", "2♦", True), ("2♠ 2♥ 2♦ 2♣", "3♣", False)])
def test_four_of_the_cards_rank(hand, card, four):
    assert makes_four(parse_cards(hand), parse_cards(card)[0]) is four


def test_the_game_ends_without_a_winner_only_when_the_pack_is_out():
    assert stock_out((), None) and not stock_out((), 2) and not stock_out(tuple(parse_cards("9♦")), None)


def test_what_the_table_says_after_each_auction():
    game = AuctionQuads(players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣ 9♥")
    assert game.describe_move(s) == ""
    assert game.describe(s) == "centre: 9♦; pot 4; stock 2; P0: 2♠ | P1: 3♠ | P2: 4♠ | P3: 5♠"
    s = run(game, s, "pass, bid 1")
    assert game.describe_move(s) == "high bid 1 (P1)"
    s = run(game, s, "bid 2, pass, pass, pass")
    assert game.describe_move(s) == "9♦ to P2 for 2; up next: 9♣"
    s = run(game, s, "pass, pass, pass, pass")
    assert game.describe_move(s) == "9♣ to P1 (nobody bid); up next: 9♥"
    s = run(game, s, "bid 1, pass, pass, pass")
    assert game.describe_move(s) == "9♥ to P2 for 1; the pack is out, nobody holds four (returned)"
    assert game.describe(s) == "over; pot 7; stock 0; P0: 2♠ | P1: 3♠ 9♣ | P2: 4♠ 9♦ 9♥ | P3: 5♠"
    out = game.outcome(s)
    assert out.draw and out.winners == () and out.losers == () and out.returns == (0, 0, 0, 0)


def test_what_the_table_says_in_a_blind_auction_and_at_a_win():
    game = AuctionQuads(Rules(auction="blind", unbid="discarded"), players=4)
    s = run(game, position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣"), "pass, pass, pass, pass")
    assert game.describe_move(s) == "9♦: nobody bids, set aside; next card face down"
    assert game.describe(s).startswith("centre: face down; pot 4; stock 0")
    game = AuctionQuads(players=4)
    s = run(game, position(game, "2♠ 3♠ 4♠ 5♠", "2♣ 9♦", extra=("2♥", "2♦")), "bid 1, pass, pass, pass")
    assert game.describe_move(s) == "2♣ to P0 for 1; four of a kind: P0 takes the pot of 5"
    assert game.outcome(s).losers == (1, 2, 3)


@pytest.mark.parametrize("n", [4, 8])
def test_the_longest_auction_bounds_the_game(n):
    # each of the 52 - n cards: n - 1 passes, four bids with n - 2 passes between, n - 1 passes
    assert AuctionQuads(players=n).max_plays() == (52 - n) * ((n - 1) + 4 + 3 * (n - 2) + (n - 1))


@pytest.mark.parametrize("raises", [0, 3, 4, 10])
@pytest.mark.parametrize("n", [4, 8])
def test_the_bound_on_moves_is_the_longest_auction_of_the_rules(n, raises):
    from verifier.api import Root, explore
    game = AuctionQuads(Rules(raises=raises), players=n)
    one_card = position(game, " ".join("2♠ 3♠ 4♠ 5♠ 8♠ 10♠ J♠ Q♠".split()[:n]), "9♦")
    ex = explore(game, [Root(one_card, "one card to sell")])
    assert ex.complete and ex.longest is not None
    longest = len(ex.longest[1])  # found by searching every auction of the card
    assert longest == 2 * n - 1 + raises * (n - 1)
    assert game.max_plays() == (52 - n) * longest


# ------------------------------------------------------------ the ledger, entry by entry

def cards(text):
    return tuple(parse_cards(text))


def accounts(game, state):
    """Every account of the ledger: the players, the bank, the pot and the box."""
    return dict(game.ledger(state).balances)


def two_cards_sold(rule):
    """Ante 2, bids of 3: P0 takes 9♦ for 3, then P3 takes 9♣ for 6 and the pack is out without four."""
    game = AuctionQuads(Rules(ante=2, bid_step=3, no_quads=rule), players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣")
    assert accounts(game, s) == {"P0": -2, "P1": -2, "P2": -2, "P3": -2, "bank": 0, "pot": 8, "box": 0}
    s = run(game, s, "bid 3, pass, pass, pass")
    assert accounts(game, s) == {"P0": -5, "P1": -2, "P2": -2, "P3": -2, "bank": 0, "pot": 11, "box": 0}
    s = run(game, s, "pass, bid 3, bid 6, pass, pass, pass")  # P1 opens, P2 bids, P3 raises, the others pass
    assert game.is_over(s) and s.winner is None and s.paid == (3, 0, 0, 6)
    return game, s


@pytest.mark.parametrize("rule, players, pot", [
    ("returned", (0, 0, 0, 0), 0),        # everyone takes back what they paid in: 5, 2, 2, 8
    ("stays", (-5, -2, -2, -8), 17),      # the pot of 17 waits for the next game
    ("split", (-1, 2, 2, -4), 1),         # 17 in four shares of 4, the odd chip stays
])
def test_the_ledger_when_the_pack_runs_out(rule, players, pot):
    game, s = two_cards_sold(rule)
    assert accounts(game, s) == {"P0": players[0], "P1": players[1], "P2": players[2], "P3": players[3],
                                 "bank": 0, "pot": pot, "box": 0}
    assert game.outcome(s).returns == players


def test_the_ledger_when_four_of_a_kind_takes_the_pot():
    game = AuctionQuads(Rules(ante=2, bid_step=3), players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "2♣ 9♦", extra=("2♥", "2♦"))
    s = run(game, s, "bid 3, bid 6, pass, pass, bid 9, pass, pass, pass")  # P0 takes 2♣ for 9
    assert s.winner == 0 and s.paid == (9, 0, 0, 0)
    # the pot: four antes of 2 and the bid of 9, 17 in all, every chip to P0 who paid 11 of it
    assert accounts(game, s) == {"P0": 6, "P1": -2, "P2": -2, "P3": -2, "bank": 0, "pot": 0, "box": 0}
    assert game.outcome(s).returns == (6, -2, -2, -2)


def test_the_ledger_of_a_fresh_deal_holds_the_antes():
    for n in (4, 8):
        game = AuctionQuads(Rules(ante=5), players=n)
        s = game.deal(1)
        assert accounts(game, s) == {**{f"P{p}": -5 for p in range(n)}, "bank": 0, "pot": 5 * n, "box": 0}
        assert game.outcome(s).returns == (-5,) * n


def sold_then_four(game):
    s = position(game, "2♠ 3♠ 4♠ 5♠", "2♣ 9♦", extra=("2♥", "2♦"))
    return run(game, s, "bid 1, pass, pass, pass")


@pytest.mark.parametrize("rule, clause, state", [
    (ante_paid, "auction-quads-ante", lambda g: position(g, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣")),
    (bid_paid, "auction-quads-highest",
     lambda g: run(g, position(g, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣"), "bid 1, pass, pass, pass")),
    (pot_won, "auction-quads-pot-won", sold_then_four),
    (pot_unclaimed, "auction-quads-unclaimed",
     lambda g: run(g, position(g, "2♠ 3♠ 4♠ 5♠", "9♦"), "pass, pass, pass, pass")),
])
def test_a_settlement_that_does_not_balance_names_its_clause(rule, clause, state):
    game = AuctionQuads(players=4)
    s = state(game)
    with CLAUSES.replaced(clause, lambda *args: rule(*args) + (("pot", 1),)), pytest.raises(ValueError) as exc:
        game.ledger(s)
    assert str(exc.value) == f"settlement of clause {clause} does not balance: gains and losses sum to 1"


# ------------------------------------------------------------ the bids offered

@pytest.mark.parametrize("step, raises, bids", [(1, 3, (1, 2, 3, 4, 5)), (2, 0, (2, 4)), (100, 10, tuple(range(100, 1300, 100)))])
def test_each_bid_is_offered_in_turn_and_the_one_past_the_cap_is_refused(step, raises, bids):
    game = AuctionQuads(Rules(bid_step=step, raises=raises), players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣")
    for b in bids[:-1]:                      # the opening bid and every raise allowed, one after another
        assert game.legal_moves(s) == (Bid(b), PASS) and bid_one_step_up(game, s) == (Bid(b),)
        assert [a for a in range(0, bids[-1] + 2 * step) if game.refusal(s, Bid(a)) is None] == [b]
        s = game.play(s, Bid(b))
    assert game.legal_moves(s) == (PASS,) and bid_one_step_up(game, s) == ()
    assert refusal(game, s, Bid(bids[-1])) == (
        "auction-quads-raise-cap", f"the bid of {bids[-2]} has been raised {raises} times, the most allowed: only a pass")


# ------------------------------------------------------------ where the cards are, who sees them

def test_the_zones_follow_every_card():
    game = AuctionQuads(Rules(unbid="discarded"), players=4)
    hands = {"hand 0": cards("2♠"), "hand 1": cards("3♠"), "hand 2": cards("4♠"), "hand 3": cards("5♠")}
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣ 9♥")
    assert game.zones(s) == {**hands, "centre": cards("9♦"), "stock": cards("9♣ 9♥"), "discard": ()}
    s = run(game, s, "pass, pass, pass, pass")                       # 9♦ set aside
    assert game.zones(s) == {**hands, "centre": cards("9♣"), "stock": cards("9♥"), "discard": cards("9♦")}
    s = run(game, s, "bid 1, pass, pass, pass")                      # P1 opens and takes 9♣
    assert game.zones(s) == {**hands, "hand 1": cards("3♠ 9♣"), "centre": cards("9♥"), "stock": (),
                             "discard": cards("9♦")}
    s = run(game, s, "pass, pass, pass, pass")                       # 9♥ set aside: the pack is out
    assert game.is_over(s)
    assert game.zones(s) == {**hands, "hand 1": cards("3♠ 9♣"), "centre": (), "stock": (),
                             "discard": cards("9♦ 9♥")}


@pytest.mark.parametrize("auction, hidden", [("open", {"stock"}), ("blind", {"stock", "centre"})])
def test_every_player_sees_the_hands_and_the_open_card(auction, hidden):
    game = AuctionQuads(Rules(auction=auction), players=4)
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣")
    over = run(game, s, "pass, pass, pass, pass, pass, pass, pass, pass")
    for state in (s, over):
        assert [game.hidden_zones(state, p) for p in range(4)] == [frozenset(hidden)] * 4


# ------------------------------------------------------------ the deal

@pytest.mark.parametrize("n", [4, 8])
def test_a_deal_lays_one_card_each_and_opens_the_first_auction(n):
    for redeal in ("repeated", "all"):
        game = AuctionQuads(Rules(redeal=redeal), players=n)
        for seed in (0, 1, 2, 7):
            s = game.deal(seed)
            assert game.deal(seed) == s and s.seed == seed
            assert [len(h) for h in s.hands] == [1] * n and len(s.stock) == 52 - n - 1 and s.centre is not None
            assert (s.auction, s.to_move, s.price, s.high, s.bids, s.passes, s.paid, s.winner, s.discard, s.last) \
                == (0, 0, 0, None, 0, 0, (0,) * n, None, (), None)
        assert len({game.deal(seed).hands for seed in range(4)}) == 4


def test_the_redeal_option_matters_only_when_a_rank_repeats():
    repeated, every = AuctionQuads(players=8), AuctionQuads(Rules(redeal="all"), players=8)
    for seed in range(6):
        a, b = repeated.deal(seed), every.deal(seed)
        assert (a == b) == (a.redeals == 0), seed  # seed 2: laid once under both; the others laid again


def test_what_the_table_says_while_the_next_card_is_bid_for():
    game = AuctionQuads(players=4)
    s = run(game, position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣ 9♥"), "bid 1, pass, pass, pass")
    assert game.describe_move(s) == "9♦ to P0 for 1; up next: 9♣"
    s = run(game, s, "pass")                          # P1 opens the next auction with a pass: nothing sold yet
    assert game.describe_move(s) == ""
    s = run(game, s, "bid 1")
    assert game.describe_move(s) == "high bid 1 (P2)"
    s = run(game, s, "pass")
    assert game.describe_move(s) == "high bid 1 (P2)"
    s = run(game, s, "bid 2")
    assert game.describe_move(s) == "high bid 2 (P0)"


@pytest.mark.parametrize("stock, moves, winner", [
    ("2♣ 9♦", "bid 1, bid 2, pass, pass, bid 3, pass, pass, pass", 0),  # P0 takes 2♣ after a raise: four twos
    ("9♦", "bid 1, bid 2, pass, pass, pass", None),                     # P1 takes the last card: the pack is out
])
def test_an_ended_game_leaves_no_auction_open_and_ignores_later_moves(stock, moves, winner):
    game = AuctionQuads(players=4)
    s = run(game, position(game, "2♠ 3♠ 4♠ 5♠", stock, extra=("2♥", "2♦")), moves)
    assert (s.centre, s.to_move, s.price, s.high, s.bids, s.passes, s.winner) == (None, None, 0, None, 0, 0, winner)
    assert game.legal_moves(s) == () and game.apply(s, PASS) == s and game.apply(s, Bid(1)) == s


class Cutter:
    """A stand-in shuffle that moves the top card to the bottom: the layings can be followed by hand."""

    def shuffle(self, cards):
        cards.append(cards.pop(0))


@pytest.mark.parametrize("redeal", ["repeated", "all"])
def test_the_first_cards_are_laid_again_until_their_ranks_differ(redeal):
    from spec.games.auction_quads import lay_first_cards
    # cut: 2♠ 2♥ 3♠ 4♠ laid, a pair of twos. Laid again: 4♥ then 2♥ (repeated: for the twos; all: 4♥ 4♠ 3♠ 2♥),
    # a pair of fours; laid again: 5♣ 2♥ 3♠ 4♠ under either reading, after two more layings
    first, stock, again = lay_first_cards(cards("7♣ 2♠ 2♥ 3♠ 4♠ 4♥ 5♣ 6♣"), 4, redeal, Cutter())
    assert (tuple(first), tuple(stock), again) == (cards("5♣ 2♥ 3♠ 4♠"), cards("6♣ 7♣ 2♠ 4♥"), 2)


def test_every_state_keeps_its_deal_and_the_last_sale_until_the_next():
    game = AuctionQuads(players=4)
    s = game.deal(7)
    deal = (s.seed, s.redeals)
    assert deal == (7, game.deal(7).redeals) and s.last is None
    sold = None
    for m in "bid 1, pass, pass, pass, pass, bid 1, bid 2, pass, pass, pass".split(", "):
        s = game.play(s, game.parse_move(m))
        assert (s.seed, s.redeals) == deal
        if s.price == 0 and s.passes == 0:          # an auction has just closed: its sale is the last
            assert s.last is not None and s.last != sold
            sold = s.last
        assert s.last == sold                       # kept while the next card is bid for
    assert sold == (s.hands[3][-1], 3, 2)           # P2 bid 1 for the second card, P3 raised and took it for 2
    # a position set up by hand: laid once, seed 0
    s = position(game, "2♠ 3♠ 4♠ 5♠", "9♦")
    assert (s.seed, s.redeals) == (0, 0)
    s = run(game, s, "bid 1, pass, pass, pass")     # the pack is out
    assert (s.seed, s.redeals, s.last) == (0, 0, (cards("9♦")[0], 0, 1))


def test_the_deal_lays_again_with_the_games_own_laying_step():
    # first_cards_uniform proves the game's laying step fair; the deal must be the one using it
    swapped, every = AuctionQuads(players=8), AuctionQuads(Rules(redeal="all"), players=8)
    repeated = [swapped.deal(seed) for seed in range(6)]
    # the other reading's laying step swapped in: every first card goes back
    def lays_all_again(first, stock, redeal, rng):
        return lay_again(first, stock, "all", rng)
    with CLAUSES.replaced("auction-quads-first-cards", lays_all_again):
        assert all(swapped.deal(seed) == every.deal(seed) for seed in range(6))
        assert any(swapped.deal(seed) != repeated[seed] for seed in range(6))


def test_zero_sum_is_claimed_only_where_an_unclaimed_pot_goes_back():
    where = props.GENERIC_SCOPES["zero_sum"].where
    assert [rule for rule in ("returned", "stays", "split") if where(Rules(no_quads=rule), 4)] == ["returned"]
    # outside it, a game whose pack runs out leaves chips on the table: the generic check finds one
    for rule, left in (("split", 1), ("stays", 5), ("returned", 0)):
        game = AuctionQuads(Rules(no_quads=rule), players=4)
        moves = "bid 1, pass, pass, pass, " + ", ".join(["pass"] * 8)  # 9♦ sold for 1, 9♣ and 9♥ unbid
        end = run(game, position(game, "2♠ 3♠ 4♠ 5♠", "9♦ 9♣ 9♥"), moves)
        assert game.is_over(end) and end.winner is None
        assert sum(game.outcome(end).returns) == -left  # a pot of 5: split 1 each, the odd chip left


def test_first_cards_that_can_never_differ_stop_with_the_rule_name():
    from spec.errors import RuleLoop
    with CLAUSES.replaced("auction-quads-distinct", lambda cards: False):
        with pytest.raises(RuleLoop, match="rule auction-quads-distinct"):
            AuctionQuads(players=4).deal(0)

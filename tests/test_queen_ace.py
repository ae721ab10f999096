"""Queen-and-Ace: the rules, the ledger, the exact odds, and one mutation test per property."""

from __future__ import annotations

from fractions import Fraction

import pytest

import verifier.games.queen_ace as props
from spec.cards import parse_card, parse_cards
from spec.errors import IllegalMove, VariantError
from spec.games.queen_ace import (
    CLAUSES, DRAW, QueenAce, Rules, Stake, State, draw_after_stakes, pot_unclaimed, pot_won, stake_in_limits,
    stake_paid,
)
from spec.rules import make_rules
from tests.helpers import assert_refuted, check

GAMES = [QueenAce(players=n) for n in (3, 4, 5, 8)]


def test_a_queen_puts_out_and_an_ace_takes_the_pot():
    game = QueenAce(players=3)
    s = game.position("Q♠ 5♥ A♦ 2♣", (2, 1, 3))
    s = game.play(s, DRAW)
    assert s.out == (True, False, False) and s.to_move == 1
    s = game.play(s, DRAW)
    assert s.to_move == 2  # P0 is out: the turn skips them
    s = game.play(s, DRAW)
    assert game.is_over(s) and s.winner == 2
    assert game.outcome(s).returns == (-2, -1, 3)
    assert game.ledger(s)["pot"] == 0


def test_stakes_come_first_and_within_limits():
    game = QueenAce(players=3)
    s = game.deal(1)
    assert game.refusal(s, DRAW) == ("queen-ace-draw", "P0 has not staked yet: every stake comes before the first card")
    for _ in range(3):
        s = game.play(s, Stake(1))
    assert game.refusal(s, Stake(1))[0] == "queen-ace-stake-phase"   # its sentence: the closed-stakes test
    assert game.parse_move("stake 3") == Stake(3) and str(DRAW) == "draw"


def test_everyone_out_returns_the_stakes_or_leaves_the_pot_a_draw_with_no_losers():
    order = "Q♠ Q♥ Q♦ A♣"
    for rule, pot, returns in (("returned", 0, (0, 0, 0)), ("stays", 6, (-1, -2, -3))):
        game = QueenAce(Rules(unclaimed_pot=rule), players=3)
        s = game.position(order, (1, 2, 3))
        for _ in range(3):
            s = game.play(s, DRAW)
        out = game.outcome(s)
        assert game.is_over(s) and s.winner is None and out.winners == () and out.losers == () and out.draw
        assert game.ledger(s)["pot"] == pot and out.returns == returns


def test_the_last_player_draws_on_or_takes_the_pot():
    s0 = "Q♠ Q♥ 2♦ 3♦ A♣"
    game = QueenAce(players=3)
    s = game.position(s0)
    s = game.play(game.play(s, DRAW), DRAW)
    assert s.to_move == 2 and not game.is_over(s)
    game = QueenAce(Rules(last_player="takes_pot"), players=3)
    s = game.position(s0)
    s = game.play(game.play(s, DRAW), DRAW)
    assert game.is_over(s) and s.winner == 2


def test_exact_odds_known_values():
    three = props.exact_odds(3)
    assert three.nobody == Fraction(1, 14)  # three queens among the first three of the 8 aces and queens
    assert props.exact_odds(4).nobody == Fraction(1, 70) and props.exact_odds(5).nobody == 0
    assert sum(three.win) + three.nobody == 1
    assert three.win[0] > three.win[1] > three.win[2]  # drawing first is an advantage
    # a pack of one ace: the game always lasts one draw
    assert props.exact_odds(3, aces=1, queens=0, others=0).length.pairs() == ((1, Fraction(1)),)


@pytest.mark.parametrize("name", ["money_conserved", "stakes_conserved", "odds_exact", "queen_out_ace_wins",
                                  "ends_settled", "zero_sum", "moves_match_clauses"])
def test_properties_hold(name):
    r = check(GAMES, name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_odds_simulated_holds():
    r = check([QueenAce(players=3), QueenAce(players=6)], "odds_simulated")
    assert r.verdict == "holds", r.counterexample


def test_pot_always_claimed_is_refuted_with_a_replayable_game():
    r = check(GAMES, "pot_always_claimed")
    assert_refuted(r)
    rec = r.counterexample.record
    game = QueenAce(players=rec.players)
    state = game.replay(rec.seed, [game.parse_move(m) for m in rec.moves])
    assert game.is_over(state) and state.winner is None and all(state.out)


def test_pot_always_claimed_finds_nothing_when_the_last_player_takes_the_pot():
    games = [QueenAce(Rules(last_player="takes_pot"), players=n) for n in (3, 4)]
    r = check(games, "pot_always_claimed")
    assert r.verdict == "unknown" and r.detail.endswith("under these rules the exact odds give it chance 0")
    assert r.expected is None and r.as_expected  # outside the claim's scope: a finding about that reading


def test_pot_always_claimed_is_claimed_only_when_the_last_player_draws_on():
    prop = check([QueenAce(players=3)], "pot_always_claimed").property
    assert prop.scope.text == "last_player = draws_on"
    assert prop.scope.where(Rules(), 3) and not prop.scope.where(Rules(last_player="takes_pot"), 3)
    assert prop.scoped_title.endswith("(under last_player = draws_on)")
    assert check([QueenAce(players=4)], "pot_always_claimed").expected == "refuted"


# ------------------------------------------------------------ mutation tests


class DeucesPutOut(QueenAce):
    """The engine drifts from the odds: the 2♣ puts its drawer out as a queen does."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.last == parse_card("2♣") and after.to_move is not None:
            p = state.to_move
            out = after.out[:p] + (True,) + after.out[p + 1:]
            return State(after.stock, after.stakes, after.drawn, out, props.next_seat(out, p), None,
                         after.seed, after.last)
        return after


def test_odds_exact_refutes_an_engine_the_odds_do_not_describe():
    assert_refuted(check([DeucesPutOut(players=3)], "odds_exact"))


class KingsTakeThePot(QueenAce):
    def apply(self, state, move):
        after = super().apply(state, move)
        if move is DRAW and after.last.rank.label == "K" and after.winner is None:
            return State(after.stock, after.stakes, after.drawn, after.out, None, state.to_move, after.seed,
                         after.last)
        return after


def test_odds_simulated_refutes_a_game_whose_kings_take_the_pot():
    assert_refuted(check([KingsTakeThePot(players=3)], "odds_simulated"))


class QueensStayIn(QueenAce):
    def apply(self, state, move):
        after = super().apply(state, move)
        if move is DRAW and after.out != state.out:
            p = state.to_move
            return State(after.stock, after.stakes, after.drawn, state.out, props.next_seat(state.out, p),
                         after.winner, after.seed, after.last)
        return after


def test_queen_out_ace_wins_refutes_queens_that_do_not_put_out():
    assert_refuted(check([QueensStayIn(players=3)], "queen_out_ace_wins"))


def test_ends_settled_refutes_a_pot_left_on_the_table():
    with CLAUSES.replaced("queen-ace-unclaimed", lambda stakes, out, rule="returned": ()):
        r = check([QueenAce(players=3)], "ends_settled")
    assert_refuted(r)
    assert "everyone is out" in r.counterexample.text


def test_odds_exact_holds_for_the_other_reading_of_the_last_player():
    games = [QueenAce(Rules(last_player="takes_pot"), players=n) for n in (3, 4, 5)]
    assert check(games, "odds_exact").verdict == "holds"
    assert props.exact_odds(5).mean_length == Fraction(53, 5)  # the first ace of 52 cards: (52+1)/(4+1)


@pytest.mark.parametrize("last", ["draws_on", "takes_pot"])
@pytest.mark.parametrize("players", [6, 7, 12])
def test_odds_exact_says_something_at_every_player_count(players, last):
    r = check([QueenAce(Rules(last_player=last), players=players)], "odds_exact")
    assert r.verdict == "holds" and r.expected == "holds", r.detail
    n = props.arrangements(props.long_pack(players))
    assert r.detail == (f"equal for {players} players: 5040 orders of each 7-card pack, and every arrangement "
                        f"of the long pack ({n} at {players} players); full-pack odds sum to 1")


def forgets_who_is_out_past_the_dealer(out, seat):
    """The turn order broken only where a round comes back to P0: it no longer skips P0 when out."""
    nxt = props.next_seat(out, seat)
    return 0 if nxt is not None and seat == len(out) - 1 else nxt


def test_odds_exact_refutes_a_turn_that_comes_back_to_a_player_out():
    # a round of 7 players is as long as either 7-card pack: only the long pack comes round again
    with CLAUSES.replaced("queen-ace-turn", forgets_who_is_out_past_the_dealer):
        r = check([QueenAce(players=7)], "odds_exact")
    assert_refuted(r)
    assert "every arrangement of A♠ Q♠ Q♥ 2♠" in r.counterexample.text


def test_the_long_pack_is_longer_than_a_round():
    for n in (3, 7, 12):
        pack = props.long_pack(n)
        assert len(pack) == n + 3 and props.pack_counts(pack) == {"aces": 1, "queens": 2, "others": n}
        assert props.arrangements(pack) == (n + 3) * (n + 2) * (n + 1) // 2


def test_the_arrangement_odds_equal_the_odds_of_every_order():
    for n in (3, 5):
        for pack in (props.SMALL_PACK, props.QUEENS_PACK):
            assert props.arrangement_odds(QueenAce(players=n), pack) == props.engine_odds(QueenAce(players=n), pack)


def test_the_space_sweeps_the_counts_where_the_claims_change():
    from verifier.space import declared_space
    space = declared_space("queen_ace")
    assert space.players == (3, 4, 5, 6, 12) and 5 in space.values["min_stake"]
    # with five players the four queens can leave one player alone: the readings differ in length
    assert props.exact_odds(5).length != props.exact_odds(5, last_player="takes_pot").length
    assert props.exact_odds(6).length == props.exact_odds(6, last_player="takes_pot").length
    assert props.exact_odds(4).nobody > 0 == props.exact_odds(5).nobody


def test_zero_sum_is_claimed_except_where_an_unclaimed_pot_stays_on_the_table():
    where = props.GENERIC_SCOPES["zero_sum"].where
    outside = [(u, last, n) for u in ("returned", "stays") for last in ("draws_on", "takes_pot")
               for n in range(3, 13) if not where(Rules(unclaimed_pot=u, last_player=last), n)]
    assert outside == [("stays", "draws_on", 3), ("stays", "draws_on", 4)]
    # outside it the generic check finds the pot left on the table; inside, with the pot staying, none
    r = check([QueenAce(Rules(unclaimed_pot="stays"), players=3)], "zero_sum")
    assert_refuted(r)
    assert "sum to -" in r.counterexample.text
    assert check([QueenAce(Rules(unclaimed_pot="stays"), players=5)], "zero_sum").verdict == "holds"


def test_the_small_configurations_offer_every_stake_at_any_bounds():
    game = QueenAce(make_rules(Rules, {"min_stake": 2, "max_stake": 100}), players=12)
    last = [root for root in props.small(game) if root.label.startswith("P11 stakes last")]
    assert len(last) == 1
    state = last[0].state
    assert game.legal_moves(state) == tuple(Stake(a) for a in range(2, 101))
    assert not any(root.state.stakes == (0,) * 12 for root in props.small(game))  # no whole deal here
    r = check([game], "moves_match_clauses")
    assert r.verdict == "holds" and r.detail.startswith("exhaustive over ")


def test_a_position_names_its_pack_in_either_form_and_refuses_a_card_twice_or_foreign():
    game = QueenAce(Rules(min_stake=2), players=3)
    s = game.position("Q♠ 2♣ A♠")
    assert s == game.position(parse_cards("Q♠ 2♣ A♠"), (2, 2, 2))
    assert s.stock[0] == parse_card("Q♠") and s.to_move == 0 and s.drawn == ((), (), ()) and s.seed == 0
    assert game.play(s, DRAW).out == (True, False, False)               # the first card named is drawn first
    assert game.position("A♠", (3, 0, 0)).to_move == 1                # the first seat yet to stake has the turn
    for stock, problem in (("Q♠ 2♣ Q♠", "Q♠ is named more often than the deck holds it"), (parse_cards("2♣ Jk"), "Jk is not a card of this deck")):
        with pytest.raises(ValueError) as err:
            game.position(stock)
        assert str(err.value) == problem


# ------------------------------------------------------------ limits, the end, the log

@pytest.mark.parametrize("lo,hi,ok", [(3, 2, False), (1, 100, True), (2, 2, True), (100, 99, False)])
def test_the_largest_stake_may_not_be_below_the_smallest(lo, hi, ok):
    if ok:
        game = QueenAce(make_rules(Rules, {"min_stake": lo, "max_stake": hi}), players=3)
        assert game.legal_moves(game.deal(0)) == tuple(Stake(a) for a in range(lo, hi + 1))
        return
    with pytest.raises(VariantError) as err:
        make_rules(Rules, {"min_stake": lo, "max_stake": hi})
    assert str(err.value) == f"key 'max_stake': {hi} is below min_stake {lo}; allowed: at least {lo}"


@pytest.mark.parametrize("amount,ok", [(1, False), (2, True), (4, True), (5, False)])
def test_a_stake_must_lie_within_the_chosen_limits(amount, ok):
    game = QueenAce(Rules(min_stake=2, max_stake=4), players=3)
    s = game.deal(3)
    if ok:
        assert game.play(s, Stake(amount)).stakes == (amount, 0, 0)
        return
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, Stake(amount))
    assert str(err.value) == (f"illegal move stake {amount}: a stake of {amount} is not allowed: stake 2 to 4 "
                              "[rule queen-ace-stake-size]")


def test_stakes_go_round_from_the_dealers_left_then_p0_draws_first():
    game = QueenAce(players=4)
    s = game.deal(8)
    assert s.to_move == 0 and s.stakes == (0, 0, 0, 0) and len(s.stock) == 52
    for p, amount in enumerate((3, 1, 5, 2)):
        assert game.to_move(s) == p and DRAW not in game.legal_moves(s)
        s = game.play(s, Stake(amount))
    assert s.stakes == (3, 1, 5, 2) and game.to_move(s) == 0 and game.legal_moves(s) == (DRAW,)
    assert stake_in_limits(game, s) == () and draw_after_stakes(game, s) == (DRAW,)   # the stakes are closed


def test_the_stakes_are_closed_once_drawing_begins():
    game = QueenAce(players=3)
    s = game.position("5♥ A♦")
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, Stake(2))
    assert str(err.value) == ("illegal move stake 2: every player has staked: the drawing has begun, "
                              "stakes are closed [rule queen-ace-stake-phase]")


def test_after_the_ace_nothing_more_happens():
    game = QueenAce(players=3)
    s = game.play(game.position("A♦ 5♥"), DRAW)
    assert game.is_over(s) and game.to_move(s) is None and game.legal_moves(s) == ()
    assert game.apply(s, DRAW) is s
    out = game.outcome(s)
    assert out.winners == (0,) and out.losers == (1, 2) and not out.draw and out.returns == (2, -1, -1)


def test_drawn_cards_lie_face_up_and_only_the_pack_is_hidden():
    game = QueenAce(players=3)
    s = game.play(game.play(game.position("Q♠ 5♥ A♦"), DRAW), DRAW)
    zones = game.zones(s)
    assert zones == {"hand 0": parse_cards("Q♠"), "hand 1": parse_cards("5♥"), "hand 2": (),
                     "stock": parse_cards("A♦")}
    assert game.hidden_zones(s, 1) == frozenset({"stock"})


@pytest.mark.parametrize("players", [3, 12])
def test_the_bound_on_plays_is_one_stake_each_and_at_most_49_draws(players):
    assert QueenAce(players=players).max_plays() == players + 48 + 1  # 48 cards that are not aces, then an ace


def draw_log(game, s, draws):
    log = []
    for _ in range(draws):
        s = game.play(s, DRAW)
        log.append(game.describe_move(s))
    return s, log


def test_the_log_names_the_card_and_what_it_did():
    game = QueenAce(players=3)
    s = game.position("Q♠ 5♥ Q♦ Q♣ 2♠", (2, 1, 3))
    assert game.describe_move(s) == "pot 6"
    assert game.describe(s) == "pot 6; stock 5 cards"
    s, log = draw_log(game, s, 4)
    assert log == ["Q♠: out", "5♥", "Q♦: out", "Q♣: out; everyone is out, no ace"]
    assert game.describe(s) == "pot 6; stock 1 cards; out: P0, P1, P2"
    last = QueenAce(Rules(last_player="takes_pot"), players=3)
    s, log = draw_log(last, last.position("Q♠ 5♥ Q♦ Q♣ 2♠", (2, 1, 3)), 3)
    assert log == ["Q♠: out", "5♥", "Q♦: out; P1 is the last player and takes the pot"]
    assert game.describe(s) == "pot 6; stock 2 cards; out: P0, P2"
    _, log = draw_log(game, game.position("7♣ A♦", (2, 1, 3)), 2)
    assert log == ["7♣", "A♦: takes the pot of 6"]


def test_a_position_keeps_the_seed_of_its_deal_through_stakes_and_draws():
    game = QueenAce(players=3)
    s = game.deal(21)
    assert s.seed == 21
    for move in (Stake(1), Stake(2), Stake(3), DRAW):
        s = game.play(s, move)
        assert s.seed == 21


def leaky(settlement):
    def rule(*args):
        return settlement(*args) + (("P0", 1),)  # one chip from nowhere
    return rule


@pytest.mark.parametrize("clause,rule,order,stakes", [
    ("queen-ace-stake-paid", stake_paid, "A♦", (1, 2, 3)),
    ("queen-ace-pot-won", pot_won, "A♦", (1, 2, 3)),
    ("queen-ace-unclaimed", pot_unclaimed, "Q♠ Q♥ Q♦", (1, 2, 3)),
])
def test_a_settlement_that_does_not_balance_is_refused_naming_its_clause(clause, rule, order, stakes):
    game = QueenAce(players=3)
    s = game.position(order, stakes)
    for _ in range(len(parse_cards(order))):
        s = game.apply(s, DRAW)
    with CLAUSES.replaced(clause, leaky(rule)), pytest.raises(ValueError) as err:
        game.ledger(s)
    assert str(err.value) == f"settlement of clause {clause} does not balance: gains and losses sum to 1"


def test_an_unclaimed_pot_pays_only_once_everyone_is_out():
    assert pot_unclaimed((1, 2, 3), (True, False, True)) == ()
    assert pot_unclaimed((1, 2, 3), (True,) * 3) == (("pot", -6), ("P0", 1), ("P1", 2), ("P2", 3))
    assert pot_unclaimed((1, 2, 3), (True,) * 3, "stays") == ()


def test_odds_exact_refutes_a_last_player_who_never_takes_the_pot():
    games = [QueenAce(Rules(last_player="takes_pot"), players=3)]
    with CLAUSES.replaced("queen-ace-last-player", lambda rule, out: False):
        assert_refuted(check(games, "odds_exact"))


@pytest.mark.parametrize("amount,clause,reason", [
    (0, "queen-ace-stake-size", "a stake of 0 is not allowed: stake 1 to 5"),
    (6, "queen-ace-stake-size", "a stake of 6 is not allowed: stake 1 to 5"),
    (-1, "queen-ace-stake-size", "a stake of -1 is not allowed: stake 1 to 5"),
])
def test_every_stake_out_of_bounds_is_refused_by_the_rule_that_lists_the_stakes(amount, clause, reason):
    game = QueenAce(players=3)
    s = game.deal(0)
    assert game.refusal(s, Stake(amount)) == (clause, reason)
    assert game.legal_moves(s) == tuple(Stake(a) for a in game.stake_limits.options())
    assert [a for a in range(-3, 10) if game.refusal(s, Stake(a)) is None] == [1, 2, 3, 4, 5]

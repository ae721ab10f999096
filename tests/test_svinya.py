"""Pig with shops: rules, refusals, records, and one mutation test per property."""

from __future__ import annotations

from dataclasses import replace

import pytest

import verifier.games.svinya  # noqa: F401  (registers the properties)
from spec.cards import Rank, parse_card, parse_cards
from spec.engine import Record
from spec.errors import IllegalMove, VariantError
from spec.rules import make_rules
from spec.games.svinya import (
    CLAUSES, DRAW, LIFT, PASS, SHOP_TAKES, TO_PIG, TO_SHOP, Lift, Rules, State, Svinya, ToPig, ToShop,
    blocked_winners, deal_hands, ends, lift_fits, neighbours, pig_first,
)
from verifier.api import walk
from tests.helpers import assert_refuted, check

C = parse_card
TALON = Rules(hand_size=6, when_stuck="draw")


def position(hands, shops, pig="", **rest):
    """A position of as many players as hands, built by :meth:`Svinya.position`."""
    return Svinya(players=len(hands)).position(hands, shops, pig, **rest)


# ------------------------------------------------------------------- rules

def test_the_deal_opens_the_pig_gives_one_shop_card_each_and_deals_the_rest():
    for n in (2, 3, 5, 10):
        game = Svinya(players=n)
        state = game.deal(7)
        assert len(state.pig) == 1 and state.pig[0].rank in (Rank.TWO, Rank.SIX)
        assert all(len(s) == 1 for s in state.shops) and not state.talon
        per, extra = divmod(52 - 1 - n, n)
        assert [len(h) for h in state.hands] == [per + (0 < p <= extra or (p == 0 and extra == n))
                                                 for p in range(n)]
        assert state.to_move == 1 % n
    hands, talon = deal_hands(tuple(parse_cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠")), 3, 2)
    assert hands == (parse_cards("4♠ 7♠"), parse_cards("2♠ 5♠"), parse_cards("3♠ 6♠")) and talon == (C("8s"),)
    assert Svinya(Rules(deck="36"), players=4).deal(3).pig[0].rank == Rank.SIX


def test_shops_fall_kings_go_on_aces_and_nothing_goes_on_a_two():
    assert SHOP_TAKES[Rank.ACE] == Rank.KING and SHOP_TAKES[Rank.KING] == Rank.QUEEN
    assert Rank.TWO not in SHOP_TAKES
    assert neighbours(0, 2) == (1,) and neighbours(0, 5) == (4, 1)


def test_refusals_name_the_clause_and_say_what_is_allowed():
    game = Svinya(players=4)
    state = position(["9♠ A♥ 7♦ 5♣ Q♥", "3♦", "4♦", "5♦"], ["K♠", "A♣", "10♥", "8♣"], pig="2♣ 3♥ 4♠")
    with pytest.raises(IllegalMove, match=r"A♥ cannot be laid: aces go nowhere .* \[rule svinya-aces\]"):
        game.check_move(state, ToShop(C("Ah"), 1))
    with pytest.raises(IllegalMove, match=r"7♦ does not fit the pig: it takes a 5 \[rule svinya-pig-build\]"):
        game.check_move(state, ToPig(C("7d")))
    with pytest.raises(IllegalMove, match=r"sheds only onto the shops of P3 and P1, not P2's \[rule svinya-neighbours\]"):
        game.check_move(state, ToShop(C("9s"), 2))
    with pytest.raises(IllegalMove, match=r"7♦ fits the pig, so it must go on the pig \[rule svinya-pig-first\]"):
        game.check_move(game.position(state.hands, state.shops, "6♠"), ToShop(C("7d"), 3))
    with pytest.raises(IllegalMove, match=r"does not fit P3's shop \(top 8♣\): it takes 7 \[rule svinya-shop-build\]"):
        game.check_move(state, ToShop(C("9s"), 3))
    with pytest.raises(IllegalMove, match=r"the A on P1's shop stays there: aces go nowhere \[rule svinya-aces\]"):
        game.check_move(state, Lift(1))
    with pytest.raises(IllegalMove, match=r"does not hold 3♦ \[rule svinya-hold\]"):
        game.check_move(state, ToPig(C("3d")))
    with pytest.raises(IllegalMove, match=r"can play 5♣ on the pig, so may not pass \[rule svinya-stuck\]"):
        game.check_move(state, PASS)
    assert set(game.legal_moves(state)) == {TO_PIG[C("5c")], TO_SHOP[C("7d"), 3]}


def test_a_king_ends_the_pig_which_is_set_aside_and_a_two_or_six_opens_the_next():
    game = Svinya(players=2)
    state = position(["K♦ 6♥ 9♣", "5♠ 4♠"], ["3♣", "2♥"], pig="6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠")
    after = game.play(state, TO_PIG[C("Kd")])
    assert after.pig == () and len(after.aside) == 8 and after.to_move == 1
    # P1 holds 5♠ 4♠: neither opens a pig, and P0's shop (3♣) takes only a 2: P1 passes
    assert game.legal_moves(after) == (PASS,)
    back = game.play(after, PASS)
    assert game.legal_moves(back) == (TO_PIG[C("6h")],)  # 6♥ opens the next pig; 9♣ has nowhere to go


def test_lifting_a_shop_top_onto_the_pig_and_the_emptied_shop():
    game = Svinya(players=3)
    state = position(["J♦ 9♣", "8♥", "7♥"], ["5♣", "Q♠", "K♥"], pig="2♠ 3♠ 4♠")
    assert LIFT[0] in game.legal_moves(state)
    after = game.play(state, LIFT[0])
    assert after.shops[0] == () and after.pig[-1] == C("5c")
    p1 = game.legal_moves(after)  # P1 may start P0's emptied shop with any card but an ace
    assert TO_SHOP[C("8h"), 0] in p1
    closed = Svinya(Rules(empty_shop="closed"), players=3)
    assert TO_SHOP[C("8h"), 0] not in closed.legal_moves(after)
    own = Svinya(Rules(lift="own"), players=3)
    assert LIFT[0] in own.legal_moves(state) and LIFT[0] not in own.legal_moves(
        position(["J♦", "8♥", "7♥"], ["5♣", "Q♠", "K♥"], pig="2♠ 3♠ 4♠", to_move=1))
    with pytest.raises(IllegalMove, match=r"lift = none"):
        Svinya(Rules(lift="none"), players=3).check_move(state, LIFT[0])


def test_only_aces_left_wins_and_a_block_goes_to_the_fewest_cards():
    game = Svinya(players=2)
    state = position(["A♠ 7♦", "9♣ 8♣ 3♥"], ["A♥", "8♦"], pig="2♠ 3♠ 4♠")
    after = game.play(state, TO_SHOP[C("7d"), 1])
    assert game.is_over(after) and game.outcome(after).winners == (0,) and game.outcome(after).returns == (1, -1)
    stuck = position(["A♠ 9♦", "J♣ 10♣ A♥"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠ 5♠ 6♠")
    assert game.legal_moves(stuck) == (PASS,)
    end = game.play(game.play(stuck, PASS), PASS)
    assert game.is_over(end) and game.outcome(end).winners == (0,)
    assert blocked_winners(end.hands, "nobody") == ()
    draw = Svinya(Rules(blocked="nobody"), players=2)
    assert draw.outcome(end).draw and draw.outcome(end).returns == (0, 0)


def test_a_stuck_player_draws_from_the_talon_with_when_stuck_draw():
    game = Svinya(TALON, players=2)
    state = position(["9♦ 9♠", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠", talon="K♠ 5♥")
    assert game.legal_moves(state) == (DRAW,)
    with pytest.raises(IllegalMove, match=r"draw from the talon"):
        game.check_move(state, PASS)
    after = game.play(state, DRAW)
    assert C("Ks") in after.hands[0] and after.talon == (C("5h"),)
    with pytest.raises(IllegalMove, match=r"when_stuck = pass"):
        Svinya(players=2).check_move(state, DRAW)


def test_moves_round_trip():
    game = Svinya(players=3)
    for text in ("pass", "draw", "shop P2 to the pig", "10♥ on the pig", "Q♠ on shop P1"):
        assert str(game.parse_move(text)) == text
    assert Svinya(TALON).player_range() == range(2, 8)


def game_of(rec: Record) -> Svinya:
    return Svinya(make_rules(Rules, rec.rules), players=rec.players)


# ---------------------------------------------------------- the properties

GAMES = [Svinya(players=n) for n in (2, 3, 4, 6)]


def test_properties_hold_and_findings_are_as_expected():
    expected = {"pig_rises": "holds", "shops_fall": "holds", "aces_stay": "holds", "sheds_to_neighbours": "holds",
                "pig_comes_first": "holds", "first_out_wins": "holds", "deal_as_stated": "holds",
                "turn_order": "holds", "measure_falls": "holds", "any_number_of_players": "refuted",
                "never_blocked": "refuted"}
    for name, verdict in expected.items():
        r = check(GAMES, name)
        assert r.verdict == verdict, (name, r.verdict, r.detail)
    r = check(GAMES, "never_blocked")
    rec = r.counterexample.record
    game = game_of(rec)
    end = game.replay(rec.seed, [game.parse_move(m) for m in rec.moves])
    assert game.is_over(end) and end.passes == game.players and not end.out


def test_the_termination_search_holds_and_reports_the_longest_endgame():
    r = check([Svinya(players=2)], "endgames_end")
    assert r.verdict == "holds" and "longest" in r.detail and "18 cards" in r.detail


# ------------------------------------------------------------------ mutants

def pig_skips_a_rank(game, state):
    out = pig_first(game, state)
    top = state.pig[-1].rank if state.pig else None
    extra = [TO_PIG[c] for c in state.hands[state.to_move] if top is not None and c.rank == top + 2]
    return out + tuple(extra)


def shops_rise(game, state):
    p, base = state.to_move, pig_first(game, state)
    extra = [TO_SHOP[c, o] for c in state.hands[p] for o in neighbours(p, game.players)
             if state.shops[o] and c.rank == state.shops[o][-1].rank + 1]
    return base + tuple(m for m in extra if m not in base)


def aces_on_shops(game, state):
    p = state.to_move
    extra = [TO_SHOP[c, o] for c in state.hands[p] if c.rank == Rank.ACE for o in neighbours(p, game.players)
             if state.shops[o]]
    return pig_first(game, state) + tuple(extra)


def sheds_anywhere(game, state):
    p, base = state.to_move, pig_first(game, state)
    extra = [TO_SHOP[m.card, o] for m in base if isinstance(m, ToShop) for o in range(game.players)
             if o != p and TO_SHOP[m.card, o] not in base]
    return base + tuple(extra)


def shop_before_pig(game, state):
    p, base = state.to_move, pig_first(game, state)
    extra = [TO_SHOP[m.card, o] for m in base if isinstance(m, ToPig) for o in neighbours(p, game.players)]
    return base + tuple(extra)


class AlwaysP0Wins(Svinya):
    def outcome(self, state):
        out = super().outcome(state)
        return type(out)(winners=(0,), returns=out.returns)


class DealerGetsTheExtraCard(Svinya):
    def deal(self, seed):
        s = super().deal(seed)
        hands = list(s.hands)
        if len(hands[1]) > len(hands[0]):
            hands[0], hands[1] = tuple(sorted(hands[0] + hands[1][-1:])), hands[1][:-1]
        return self.position(hands, s.shops, s.pig, s.to_move, aside=s.aside, talon=s.talon, seed=s.seed)


class Anticlockwise(Svinya):
    def apply(self, state, move):
        return replace(super().apply(state, move), to_move=(state.to_move - 1) % self.players)


class LiftToHand(Svinya):
    """A lifted shop card goes to the lifter's hand instead of the pig (so the measure rises)."""

    def apply(self, state, move):
        if not isinstance(move, Lift):
            return super().apply(state, move)
        p, o = state.to_move, move.owner
        hands = state.hands[:p] + (state.hands[p] + state.shops[o][-1:],) + state.hands[p + 1:]
        shops = state.shops[:o] + (state.shops[o][:-1],) + state.shops[o + 1:]
        return State(hands, shops, state.pig, state.aside, state.talon, (p + 1) % self.players, state.seed)


class PassesAreNotCounted(Svinya):
    def apply(self, state, move):
        return replace(super().apply(state, move), passes=0)


def pig_takes_anything(game, state):
    """A stuck player may put any card but an ace on the pig: nobody is ever left unable to lay."""
    base = pig_first(game, state)
    if base or lift_fits(game, state):
        return base
    return tuple(TO_PIG[c] for c in state.hands[state.to_move] if c.rank != Rank.ACE)


class TwoPacks(Svinya):
    def deck(self):
        return super().deck() * 2


@pytest.mark.parametrize("broken,prop", [
    (pig_skips_a_rank, "pig_rises"),
    (shops_rise, "shops_fall"),
    (aces_on_shops, "aces_stay"),
    (sheds_anywhere, "sheds_to_neighbours"),
    (shop_before_pig, "pig_comes_first"),
])
def test_a_broken_laying_clause_is_refuted(broken, prop):
    with CLAUSES.replaced("svinya-pig-first", broken):
        assert_refuted(check([Svinya(players=n) for n in (2, 3, 4)], prop))


@pytest.mark.parametrize("mutant,prop,rules", [
    (AlwaysP0Wins, "first_out_wins", None),
    (DealerGetsTheExtraCard, "deal_as_stated", None),
    (Anticlockwise, "turn_order", None),
    (LiftToHand, "measure_falls", None),
    (PassesAreNotCounted, "endgames_end", None),
])
def test_a_broken_game_is_refuted(mutant, prop, rules):
    assert_refuted(check([mutant(rules, players=n) for n in (2, 3, 4)], prop))


def test_a_game_that_cannot_block_is_not_refuted_and_two_packs_serve_more_players():
    with CLAUSES.replaced("svinya-pig-first", pig_takes_anything):
        assert check([Svinya(players=n) for n in (2, 3)], "never_blocked").verdict == "unknown"
    assert check([TwoPacks(players=2)], "any_number_of_players").verdict == "holds"


# ------------------------------------------------ the log, the table, the sizes, and the result

@pytest.mark.parametrize("pig,shops,log", [
    ("", ["3♥", "A♦", ""], "| pig (none) | shops P0:3♥ P1:A♦ P2:-"),
    ("2♠ 3♠ 4♦", ["3♥ 2♣", "K♦", "9♠"], "| pig 2♠ 3♠ 4♦ | shops P0:2♣ P1:K♦ P2:9♠"),
    ("6♠ 7♠ 8♥ 9♥", ["3♥", "K♦", "9♠"], "| pig 6♠..9♥ (4 cards) | shops P0:3♥ P1:K♦ P2:9♠"),
])
def test_the_log_shows_the_pig_and_each_shop_top(pig, shops, log):
    game = Svinya(players=3)
    assert game.describe_move(position(["5♦", "J♦", "Q♦"], shops, pig=pig)) == log


def test_describe_shows_hands_shops_pig_and_talon():
    game = Svinya(TALON, players=2)
    s = position(["9♦ 9♠", ""], ["3♥ 2♣", ""], pig="", talon="K♠ 5♥")
    assert game.describe(s) == "P0: 9♦ 9♠; P1: -; shops P0:3♥ 2♣ P1:; pig -; talon 2"
    s = position(["9♦", "J♣"], ["3♥", "8♦"], pig="2♠ 3♠")
    assert game.describe(s) == "P0: 9♦; P1: J♣; shops P0:3♥ P1:8♦; pig 2♠ 3♠"
    s = position(["9♦", "J♣"], ["3♥", "8♦"], pig="6♥ 7♣ 8♠ 9♣ 10♣")
    assert game.describe(s) == "P0: 9♦; P1: J♣; shops P0:3♥ P1:8♦; pig 6♥..10♣ (5 cards)"


def test_what_the_pig_wants_is_said_in_its_refusal():
    game = Svinya(players=2)
    assert game.pig_wants(position(["9♦", "J♣"], ["3♥", "8♦"])) == "a 2 or a 6 to open a new pig"
    assert Svinya(Rules(deck="36"), players=2).pig_wants(position(["9♦", "J♣"], ["7♥", "8♦"])) == \
        "a 6 to open a new pig"
    assert game.pig_wants(position(["9♦", "J♣"], ["3♥", "8♦"], pig="9♠ 10♠ J♠ Q♠")) == "a K"
    assert game.pig_wants(position(["9♦", "J♣"], ["3♥", "8♦"], pig="2♠")) == "a 3"


@pytest.mark.parametrize("rules,players", [
    (Rules(), range(2, 11)),                        # 51 cards off the pig: 10 players get a shop and a card each
    (TALON, range(2, 8)),                           # a shop and six cards each: 7 x 7 = 49 of 51
    (Rules(deck="36"), range(2, 11)),               # 35 cards: still 10 (a shop and a card each would allow 17)
    (Rules(deck="36", hand_size=6, when_stuck="draw"), range(2, 6)),   # 5 x 7 = 35
    (Rules(hand_size=20, when_stuck="draw"), range(2, 3)),             # 2 x 21 = 42
    (Rules(hand_size=12), range(2, 4)),                     # 3 x 13 = 39 of 51; 4 x 13 = 52 is one too many
    (Rules(deck="36", hand_size=5), range(2, 6)),           # 5 x 6 = 30 of 35; 6 x 6 = 36 is one too many
])
def test_the_player_range_leaves_every_player_a_shop_and_a_hand_and_stops_one_card_short(rules, players):
    assert Svinya(rules).player_range() == players


def test_the_deck_option():
    assert len(Svinya(players=2).deck()) == 52 and len(Svinya(Rules(deck="36"), players=2).deck()) == 36
    s = Svinya(Rules(deck="36"), players=3).deal(11)
    assert sum(map(len, s.hands)) + sum(map(len, s.shops)) + len(s.pig) == 36 and s.to_move == 1


def test_the_end_and_the_returns():
    game = Svinya(players=3)
    s = position(["9♦ A♠", "J♣ 4♥", "Q♦ 3♠"], ["3♥", "K♦", "9♠"], pig="2♠", passes=2)
    assert not game.is_over(s) and game.to_move(s) == 0
    blocked = game.position(s.hands, s.shops, s.pig, passes=3)
    assert game.is_over(blocked) and game.to_move(blocked) is None and game.legal_moves(blocked) == ()
    out = game.outcome(blocked)          # aces do not count: P0 has 1 card, P1 and P2 2 each
    assert out.winners == (0,) and out.returns == (2, -1, -1)
    tie = game.position(["9♦ A♠", "J♣", "Q♦ 3♠"], s.shops, s.pig, passes=3)
    out = game.outcome(tie)              # two winners share: each +1, the loser -2
    assert out.winners == (0, 1) and out.returns == (1, 1, -2) and not out.draw


def parse_cards_all(hands):
    return tuple(parse_cards(h) for h in hands)


def test_a_pass_counts_and_any_other_move_starts_the_count_again():
    game = Svinya(TALON, players=2)
    s = position(["9♦ 9♠", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠", talon="K♠ 5♥", passes=1)
    drawn = game.play(s, DRAW)
    assert drawn.passes == 0 and drawn.hands[0] == parse_cards("9♠ K♠ 9♦") and drawn.to_move == 1
    assert drawn.talon == (C("5h"),) and not drawn.out
    s = position(["5♦ 9♦", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠", passes=1)
    laid = Svinya(players=2).play(s, TO_PIG[C("5d")])
    assert laid.passes == 0 and laid.pig == parse_cards("2♠ 3♠ 4♠ 5♦") and not laid.out
    stuck = position(["J♦", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠", passes=1, to_move=1)
    passed = Svinya(players=2).play(stuck, PASS)
    assert passed.passes == 2 and passed.to_move == 0 and Svinya(players=2).is_over(passed)


def test_lifting_closes_a_pig_with_a_king_and_shops_shrink():
    game = Svinya(players=2)
    s = position(["5♦", "J♣"], ["A♥ K♦", "3♦"], pig="9♠ 10♠ J♠ Q♠")
    after = game.play(s, LIFT[0])
    assert after.pig == () and after.aside == parse_cards("9♠ 10♠ J♠ Q♠ K♦") and after.shops[0] == (C("Ah"),)
    assert after.passes == 0 and after.to_move == 1 and after.hands == s.hands


def test_zones_and_the_measure_of_progress():
    game = Svinya(TALON, players=2)
    s = position(["9♦ 9♠", "J♣"], ["3♥ 2♣", "3♦"], pig="2♠ 3♠", talon="K♠ 5♥")
    z = game.zones(s)
    assert set(z) == {"hand 0", "hand 1", "shop 0", "shop 1", "pig", "aside", "stock"}
    assert z["stock"] == parse_cards("K♠ 5♥") and z["shop 0"] == parse_cards("3♥ 2♣") and z["pig"] == s.pig
    assert game.measure(s) == 3 * 2 + 2 * 3 + 1 * 3


@pytest.mark.parametrize("rules,players,bound", [
    (Rules(), 2, 2 * (2 * 49 + 2 + 1)),                       # every card in hand
    (TALON, 2, 2 * (3 * 37 + 2 * 12 + 2 + 1)),                # 12 in hand, 37 in the talon
    (Rules(hand_size=20, when_stuck="draw"), 2, 2 * (3 * 9 + 2 * 40 + 2 + 1)),
    (Rules(), 5, 5 * (2 * 46 + 5 + 1)),
])
def test_the_bound_on_plays_follows_the_measure(rules, players, bound):
    assert Svinya(rules, players=players).max_plays() == bound


def test_a_talon_rule_without_a_talon_is_refused():
    with pytest.raises(VariantError) as e:
        Rules(when_stuck="draw")
    assert str(e.value) == ("key 'when_stuck': 'draw' needs a talon: the whole deck is dealt when hand_size is 0; "
                            "allowed: hand_size from 1 to 20 with 'draw'")
    assert Rules(hand_size=1, when_stuck="draw").hand_size == 1


def test_two_players_shed_onto_the_one_neighbour_and_lifting_rules_choose_whose_shop():
    game = Svinya(players=2)
    s = position(["2♦ 7♥", "J♣"], ["8♥", "8♦"], pig="4♠ 5♠")
    assert set(game.legal_moves(s)) == {TO_SHOP[C("7h"), 1]}    # 2♦: no pig to open; 7♥ onto P1's 8♦ only
    s = position(["9♦", "J♣"], ["6♥", "6♦"], pig="4♠ 5♠")
    assert set(game.legal_moves(s)) == {LIFT[0], LIFT[1]}
    assert set(Svinya(Rules(lift="own"), players=2).legal_moves(s)) == {LIFT[0]}
    assert Svinya(Rules(lift="none"), players=2).legal_moves(s) == (PASS,)


# ----------------------------------------- refusals word for word, options, the deal's remainder

LIFTS = position(["9♦ J♣", "8♥", "7♥"], ["A♣", "5♣", "Q♠"], pig="2♠ 3♠ 4♠")


@pytest.mark.parametrize("rules,state,move,expected", [
    (Rules(), LIFTS, Lift(1), None),                        # P1's 5♣ goes on the 4♠, P0 lifting from another shop
    (Rules(), LIFTS, Lift(0), ("svinya-aces", "the A on P0's shop stays there: aces go nowhere")),
    (Rules(), LIFTS, Lift(2), ("svinya-lift", "the top of P2's shop, Q♠, does not fit the pig: it takes a 5")),
    (Rules(), LIFTS, Lift(3), ("svinya-lift", "there is no P3: the shops are P0 to P2")),
    (Rules(), LIFTS, Lift(-1), ("svinya-lift", "there is no P-1: the shops are P0 to P2")),
    (Rules(), position(["9♦", "8♥", "7♥"], ["5♣", "5♦", "A♠"], pig="2♠ 3♠ 4♠"), Lift(-1),
     ("svinya-lift", "there is no P-1: the shops are P0 to P2")),   # not P2's shop counted from the end
    (Rules(lift="own"), LIFTS, Lift(1), ("svinya-lift", "P0 may lift only from their own shop (lift = own)")),
    (Rules(lift="own"), position(["9♦", "8♥", "7♥"], ["5♣", "5♦", "Q♠"], pig="2♠ 3♠ 4♠"), Lift(0), None),
    (Rules(lift="own"), position(["9♦", "8♥", "7♥"], ["5♣", "5♦", "Q♠"], pig="2♠ 3♠ 4♠", to_move=1), Lift(1),
     None),
    (Rules(lift="own"), position(["9♦", "8♥", "7♥"], ["5♣", "5♦", "Q♠"], pig="2♠ 3♠ 4♠", to_move=1), Lift(0),
     ("svinya-lift", "P1 may lift only from their own shop (lift = own)")),
    (Rules(lift="none"), LIFTS, Lift(1), ("svinya-lift", "shop cards never go to the pig (lift = none)")),
    (Rules(), position(["9♦", "8♥", "7♥"], ["", "5♦", "Q♠"], pig="2♠ 3♠ 4♠"), Lift(0),
     ("svinya-lift", "P0's shop is empty")),
    (Rules(), position(["9♦", "8♥", "7♥"], ["2♣", "5♦", "6♠"], pig=""), Lift(0),
     ("svinya-lift", "no pig is open: a new pig is opened from a hand, not from a shop")),
])
def test_lifting_refusals_word_for_word(rules, state, move, expected):
    assert Svinya(rules, players=3).refusal(state, move) == expected


SHOPS = position(["9♠ Q♥ 8♦ A♦", "8♥", "7♥"], ["3♣", "2♣", "A♣"], pig="2♠ 3♠ 4♠")


@pytest.mark.parametrize("rules,state,move,expected", [
    (Rules(), SHOPS, ToShop(C("9s"), 1), ("svinya-shop-build", "9♠ does not fit P1's shop (top 2♣): it takes nothing")),
    (Rules(), SHOPS, ToShop(C("Qh"), 2), ("svinya-shop-build", "Q♥ does not fit P2's shop (top A♣): it takes K")),
    (Rules(), SHOPS, ToShop(C("Ad"), 1), ("svinya-aces", "A♦ cannot be laid: aces go nowhere (they stay in hand)")),
    (Rules(), SHOPS, ToPig(C("Ad")), ("svinya-aces", "A♦ cannot be laid: aces go nowhere (they stay in hand)")),
    (Rules(), SHOPS, ToShop(C("8d"), 0), ("svinya-neighbours",
                                           "P0 sheds only onto the shops of P2 and P1, not P0's")),
    (Rules(), position(["9♠", "8♥", "7♥"], ["3♣", "", "10♣"], pig="2♠ 3♠ 4♠"), ToShop(C("9s"), 1), None),
    (Rules(), position(["9♠", "8♥", "7♥"], ["3♣", "", "10♣"], pig="2♠ 3♠ 4♠"), ToShop(C("9s"), 2), None),
    (Rules(empty_shop="closed"), position(["9♠", "8♥", "7♥"], ["3♣", "", "10♣"], pig="2♠ 3♠ 4♠"),
     ToShop(C("9s"), 1), ("svinya-shop-build", "P1's shop is empty and closed (empty_shop = closed)")),
    (Rules(empty_shop="closed"), position(["9♠", "8♥", "7♥"], ["3♣", "", "10♣"], pig="2♠ 3♠ 4♠"),
     ToShop(C("9s"), 2), None),                              # a closed rule leaves shops with cards as they were
])
def test_shop_refusals_word_for_word(rules, state, move, expected):
    assert Svinya(rules, players=3).refusal(state, move) == expected


STUCK = position(["9♦ 9♠", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠", talon="K♠ 5♥")
STUCK_NO_TALON = position(["9♦ 9♠", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠")
CAN_LAY = position(["5♣ 9♦", "J♣"], ["3♥", "3♦"], pig="2♠ 3♠ 4♠", talon="K♠ 5♥")


@pytest.mark.parametrize("rules,state,move,expected", [
    (Rules(), STUCK_NO_TALON, PASS, None),
    (Rules(), STUCK_NO_TALON, DRAW, ("svinya-stuck", "a player who cannot lay passes (when_stuck = pass)")),
    (TALON, STUCK, DRAW, None),
    (TALON, STUCK, PASS, ("svinya-stuck", "draw from the talon: a player who cannot lay draws while the talon lasts")),
    (TALON, STUCK_NO_TALON, PASS, None),
    (TALON, STUCK_NO_TALON, DRAW, ("svinya-stuck", "the talon is empty: pass")),
    (TALON, CAN_LAY, DRAW, ("svinya-stuck", "P0 can play 5♣ on the pig, so may not draw")),
    (Rules(), CAN_LAY, PASS, ("svinya-stuck", "P0 can play 5♣ on the pig, so may not pass")),
])
def test_pass_and_draw_refusals_word_for_word(rules, state, move, expected):
    assert Svinya(rules, players=2).refusal(state, move) == expected


def test_no_move_is_taken_after_the_game_is_over():
    game = Svinya(players=2)
    over = game.position(["A♠", "9♣ 8♣"], ["3♥", "8♦"], "2♠ 3♠ 4♠", 1)     # P0 holds only an ace: out
    assert over.out
    for move in (PASS, TO_PIG[C("5c")], TO_SHOP[C("9c"), 0], LIFT[0]):
        assert game.refusal(over, move) == ("svinya-win", "the game is over: no more moves can be made")


@pytest.mark.parametrize("hand,shops,pig,expected", [
    # a card for the pig does not stop the cards after it from going to the shops, nor the lifts
    ("5♣ 7♦ 9♥", ["3♥", "8♣", "10♦"], "2♠ 3♠ 4♠", {"5♣ on the pig", "7♦ on shop P1", "9♥ on shop P2"}),
    ("5♣ 9♥", ["3♥", "5♦", "10♦"], "2♠ 3♠ 4♠", {"5♣ on the pig", "9♥ on shop P2", "shop P1 to the pig"}),
    ("6♣ 2♦ 8♥", ["3♥", "9♣", "K♦"], "", {"6♣ on the pig", "2♦ on the pig", "8♥ on shop P1"}),
    ("6♣ A♦ J♥", ["3♥", "", "Q♦"], "", {"6♣ on the pig", "J♥ on shop P1", "J♥ on shop P2"}),
])
def test_every_move_the_clauses_allow_is_offered(hand, shops, pig, expected):
    game = Svinya(players=3)
    state = position([hand, "K♠", "Q♠"], shops, pig=pig)
    assert {str(m) for m in game.legal_moves(state)} == expected
    tried = ((PASS, DRAW) + tuple(TO_PIG[c] for c in state.hands[0]) + tuple(LIFT[o] for o in range(3))
             + tuple(TO_SHOP[c, o] for c in state.hands[0] for o in range(3)))
    assert set(game.legal_moves(state)) == {m for m in tried if game.refusal(state, m) is None}


@pytest.mark.parametrize("card,shop,empty_open,fits", [
    ("10♦", "J♣", True, True), ("9♦", "J♣", True, False), ("Q♦", "J♣", True, False),
    ("K♥", "A♣", True, True), ("Q♥", "A♣", True, False), ("A♥", "2♣", True, False), ("2♥", "3♣", True, True),
    ("9♦", "", True, True), ("K♦", "", True, True), ("A♦", "", True, False),
    ("9♦", "", False, False), ("10♦", "J♣", False, True),
])
def test_what_a_shop_takes(card, shop, empty_open, fits):
    game = Svinya(Rules(empty_shop="open" if empty_open else "closed"), players=2)
    assert game.shop_build.fits(C(card), ends(parse_cards(shop))) is fits


@pytest.mark.parametrize("cards,players,hands", [
    # one at a time from the dealer's left (P1) to the end: the first players in the deal get the extra cards
    ("K♥ 3♦ 9♣ 5♠ Q♦ 7♥ 2♣ J♠", 3, ["7♥ 9♣", "5♠ K♥ 2♣", "J♠ 3♦ Q♦"]),
    ("K♥ 3♦ 9♣ 5♠ Q♦ 7♥ 2♣ J♠ 10♦", 4, ["5♠ J♠", "K♥ 10♦ Q♦", "7♥ 3♦", "2♣ 9♣"]),
    ("K♥ 3♦ 9♣ 5♠ Q♦ 7♥ 2♣ J♠ 10♦ 4♥ 8♠", 4, ["5♠ J♠", "K♥ 10♦ Q♦", "4♥ 7♥ 3♦", "8♠ 2♣ 9♣"]),
    ("K♥ 3♦ 9♣ 5♠ Q♦ 7♥", 3, ["7♥ 9♣", "5♠ K♥", "3♦ Q♦"]),
    ("K♥ 3♦ 9♣", 2, ["3♦", "K♥ 9♣"]),
])
def test_the_whole_rest_is_dealt_and_the_first_players_get_the_extra_cards(cards, players, hands):
    assert deal_hands(tuple(parse_cards(cards)), players, 0) == (tuple(parse_cards(h) for h in hands), ())


def test_the_deal_keeps_its_seed_and_starts_with_no_passes():
    for n, seed in ((2, 5), (3, 123456789), (10, -4)):
        state = Svinya(players=n).deal(seed)
        assert (state.seed, state.passes, state.aside, state.out) == (seed, 0, (), False)


def test_a_player_dealt_only_aces_has_won_before_the_first_move():
    game = Svinya(Rules(hand_size=1), players=2)
    state = game.deal(5)                                  # P0 is dealt A♦, P1 J♠
    assert state.hands == ((C("Ad"),), (C("Js"),))
    assert game.is_over(state) and game.to_move(state) is None and game.legal_moves(state) == ()
    assert game.outcome(state).winners == (0,) and game.outcome(state).returns == (1, -1)


def test_a_move_changes_only_what_it_moves():
    game = Svinya(players=3)

    def stuck_with(hands, shops=("3♥", "8♦", "Q♠"), to_move=0):
        return game.position(hands, shops, "2♠ 3♠ 4♠", to_move, aside="6♥ 7♥", talon="K♠ 4♥", passes=1, seed=77)
    stuck = stuck_with(["9♦ 9♥", "J♣", "Q♦"])
    # what each move leaves is the position before it with only what the move changes replaced
    assert game.play(stuck, PASS) == replace(stuck, to_move=1, passes=2)
    assert game.play(stuck_with(["9♦", "J♣", "10♦"], to_move=2), PASS) == \
        replace(stuck, to_move=0, passes=2, hands=parse_cards_all(["9♦", "J♣", "10♦"]))
    assert Svinya(TALON, players=3).play(stuck, DRAW) == replace(
        stuck, hands=parse_cards_all(["K♠ 9♥ 9♦", "J♣", "Q♦"]), talon=(C("4h"),), to_move=1, passes=0)
    s = stuck_with(["9♦ 5♣", "J♣", "Q♦"], ["3♥", "5♦", "Q♠"])
    assert game.play(s, LIFT[1]) == replace(s, shops=parse_cards_all(["3♥", "", "Q♠"]),
                                            pig=parse_cards("2♠ 3♠ 4♠ 5♦"), to_move=1, passes=0)
    assert game.play(s, TO_PIG[C("5c")]) == replace(s, hands=parse_cards_all(["9♦", "J♣", "Q♦"]),
                                                    pig=parse_cards("2♠ 3♠ 4♠ 5♣"), to_move=1, passes=0)


def test_the_zones_hold_every_card_once_and_the_pigs_set_aside():
    game = Svinya(players=3)
    state = game.deal(2)
    while not state.aside:
        state = game.play(state, game.legal_moves(state)[0])
    zones = game.zones(state)
    assert zones["aside"] == state.aside and state.aside[-1].rank == Rank.KING
    assert sorted(c for cards in zones.values() for c in cards) == sorted(game.deck())


# ------------------------------------------------- silent decisions with options (issue 23)

def test_next_pig_from_the_talon_opens_at_once():
    """next_pig = talon: the king that ends a pig is followed at once by the first 2 or 6 of the talon."""
    rules = make_rules(Rules, {"hand_size": 6, "when_stuck": "draw", "next_pig": "talon"})
    game = Svinya(rules, players=2)
    state = position(["K♦ 9♣", "3♦"], ["8♠", "4♥"], pig="10♠ J♠ Q♠", talon="5♥ 6♣ 2♦")
    after = game.play(state, ToPig(C("Kd")))
    assert after.pig == (C("6c"),) and after.talon == parse_cards("5♥ 2♦")
    assert after.aside == parse_cards("10♠ J♠ Q♠ K♦")
    # the default: the pig stays closed until a player opens one from the hand
    again = Svinya(TALON, players=2).play(state, ToPig(C("Kd")))
    assert again.pig == () and again.talon == parse_cards("5♥ 6♣ 2♦")
    # a lift that ends the pig opens the next one too; a talon with no 2 or 6 opens nothing
    lifted = game.play(position(["9♣", "3♦"], ["8♠ K♥", "4♥"], pig="10♠ J♠ Q♠", talon="6♦"), LIFT[0])
    assert lifted.pig == (C("6d"),) and lifted.talon == ()
    none = game.play(position(["K♦ 9♣", "3♦"], ["8♠", "4♥"], pig="10♠ J♠ Q♠", talon="5♥ 7♣"), ToPig(C("Kd")))
    assert none.pig == () and none.talon == parse_cards("5♥ 7♣")


def test_pig_following_suit():
    """pig_suit = follow: only the opener's suit goes on the pig; a card of the right rank in
    another suit is free to go on a shop."""
    game = Svinya(Rules(pig_suit="follow"), players=2)
    state = position(["6♠ 6♥", "3♦"], ["7♣", "7♥"], pig="2♠ 3♠ 4♠ 5♠")
    assert set(game.legal_moves(state)) == {TO_PIG[C("6s")], TO_SHOP[C("6h"), 1]}
    assert set(Svinya(players=2).legal_moves(state)) == {TO_PIG[C("6s")], TO_PIG[C("6h")]}
    with pytest.raises(IllegalMove, match=r"6♥ does not go on the pig: it holds ♠ cards only \[rule svinya-pig-build\]"):
        game.check_move(state, ToPig(C("6h")))
    assert game.pig_wants(state) == "a 6♠"
    # a lift in another suit does not fit either
    lift = position(["9♣", "3♦"], ["7♣ 6♥", "4♥"], pig="2♠ 3♠ 4♠ 5♠")
    assert LIFT[0] not in game.legal_moves(lift) and LIFT[0] in Svinya(players=2).legal_moves(lift)


@pytest.mark.parametrize("over", [{"pig_suit": "follow"}, {"hand_size": 6, "when_stuck": "draw",
                                                              "next_pig": "talon"}])
def test_the_other_readings_play_differently(over):
    rules = make_rules(Rules, over)
    base = make_rules(Rules, {k: v for k, v in over.items() if k not in ("pig_suit", "next_pig")})
    differ = sum(walk(Svinya(rules, players=3), s)[0].moves != walk(Svinya(base, players=3), s)[0].moves
                 for s in range(10))
    assert differ >= 5


def test_pig_rises_catches_a_pig_that_ignores_its_suit_or_the_talon():
    from spec.games.svinya import pig_builds
    with CLAUSES.replaced("svinya-pig-build", lambda starters, suit=None: pig_builds(starters)):
        assert_refuted(check([Svinya(Rules(pig_suit="follow"), players=n) for n in (2, 3)], "pig_rises"))
    rules = make_rules(Rules, {"hand_size": 6, "when_stuck": "draw", "next_pig": "talon"})
    with CLAUSES.replaced("svinya-next-pig", lambda pig, talon, rule, starters: (pig, talon)):
        assert_refuted(check([Svinya(rules, players=n) for n in (2, 3)], "pig_rises"))
    for r in (Rules(pig_suit="follow"), rules):
        assert check([Svinya(r, players=n) for n in (2, 3)], "pig_rises").verdict == "holds"


# ------------------------------------------------- the declared variant space (issue 23)

def test_endgames_end_speaks_of_two_to_four_players_and_settles_the_short_pack():
    """With more than four players nothing is searched, so the property does not apply (it was an
    unknown); under rules other than the defaults the endgames start at 12 cards, which the
    36-card pack finishes for three players (18 did not)."""
    from verifier.core import REGISTRY
    prop = REGISTRY.get("svinya", "endgames_end")
    assert not prop.applies([Svinya(players=6), Svinya(players=10)]) and prop.applies([Svinya(players=4)])
    r = check([Svinya(Rules(deck="36"), players=3)], "endgames_end")
    assert r.verdict == "holds" and "from 12 cards" in r.detail


@pytest.mark.parametrize("over", [{}, {"lift": "own"}, {"empty_shop": "closed"}])
def test_a_blocked_game_is_found_with_ten_players(over):
    """Blocking grows rare with many players (about one game in three hundred with ten): the
    hunt plays enough games to meet one at every count."""
    from verifier.core import Budget
    r = check([Svinya(make_rules(Rules, over), players=10)], "never_blocked", Budget())
    assert r.verdict == "refuted" and "10p " in r.detail and "/600" in r.detail


def test_a_position_names_each_card_once_and_sees_a_hand_of_aces_out():
    game = Svinya(players=2)
    s = game.position(["A♠ A♦", "9♣"], ["3♥", "8♦"], "2♠ 3♠", 1, aside="6♥ 7♥", talon="K♠", passes=1, seed=5)
    assert s.out and (s.pig, s.aside, s.talon, s.to_move, s.passes, s.seed) == (
        parse_cards("2♠ 3♠"), parse_cards("6♥ 7♥"), (C("Ks"),), 1, 1, 5)
    assert not game.position(["A♠ 9♦", "9♣"], ["3♥", "8♦"]).out
    with pytest.raises(ValueError, match="^3♥ is named more often than the deck holds it$"):
        game.position(["3♥", "9♣"], ["3♥", "8♦"])
    with pytest.raises(ValueError, match="^5♠ is not a card of this deck$"):
        Svinya(Rules(deck="36"), players=2).position(["5♠", "9♣"], ["7♥", "8♦"])

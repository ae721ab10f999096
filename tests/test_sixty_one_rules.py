"""Sixty-One's clauses one by one, from the rulebook page: values (jokers too), turnover, bounds, errors, the end."""

from __future__ import annotations

from collections import Counter

import pytest

from spec.cards import Card, Rank, make_deck, parse_card, parse_cards, sort_key
from spec.errors import IllegalMove, VariantError
from spec.games.sixty_one import (
    PRESETS, Play, Rules, SixtyOne, brings_loss, card_value, cards_to_draw, deal_order, first_player,
    hands_stay_full, interval_bound, interval_length, least_interval_gain, least_total_after, loser_pays_each,
    must_turn_over, new_total, next_player, play_bound, queue_bound, replay_gap, turn_over,
)
from spec.rules import make_rules, rules_overrides

C = parse_card
JOKER = Card(Rank.JOKER, None)


def P(text):
    return Play(parse_card(text))


def refusal_text(game, state, move):
    with pytest.raises(IllegalMove) as exc:
        game.play(state, move)
    return exc.value.clause, str(exc.value)


# ------------------------------------------------------------ card values

# the rulebook's table: A 1, J 2, Q 3, K 4, 6-8 face value, 9 0, 10 -10; suits do not matter
@pytest.mark.parametrize("rank, value", [("A", 1), ("J", 2), ("Q", 3), ("K", 4), ("6", 6), ("7", 7), ("8", 8),
                                         ("9", 0), ("10", -10)])
@pytest.mark.parametrize("suit", "♠♥♦♣")
def test_card_values_of_the_rulebook(rank, value, suit):
    card = C(rank + suit)
    assert card_value(card, Rules()) == value == SixtyOne(players=2).value_of(card)


@pytest.mark.parametrize("total, card, after", [
    (0, "8♠", 8), (0, "10♥", -10), (-10, "10♦", -20), (53, "9♣", 53), (60, "A♠", 61), (-3, "K♣", 1),
])
def test_new_total_adds_the_value_and_may_go_below_zero(total, card, after):
    assert new_total(total, C(card), Rules()) == after


@pytest.mark.parametrize("losing_total, total, loses", [
    (61, 60, False), (61, 61, True), (61, 68, True), (61, -40, False),
    (41, 40, False), (41, 41, True), (-5, -6, False), (-5, -5, True),
])
def test_the_losing_total_or_more_loses(losing_total, total, loses):
    assert brings_loss(total, Rules(losing_total=losing_total)) is loses


@pytest.mark.parametrize("hand_size, held, draw", [(3, 2, 1), (3, 3, 0), (3, 1, 2), (5, 2, 3), (1, 0, 1), (1, 2, 0)])
def test_draw_back_to_a_full_hand(hand_size, held, draw):
    assert cards_to_draw(parse_cards("A♠ K♠ Q♠")[:held], Rules(hand_size=hand_size)) == draw


@pytest.mark.parametrize("stock, need, turn", [("", 1, True), ("", 0, False), ("7♥", 1, False), ("7♥ 8♥", 2, False)])
def test_turn_over_only_when_a_draw_meets_an_empty_stock(stock, need, turn):
    assert must_turn_over(parse_cards(stock), need) is turn


# ------------------------------------------------------------------ jokers

@pytest.mark.parametrize("key", ["Jk", "JK", "joker", "🃏", "Дж"])
def test_a_joker_deck_takes_the_jokers_value_from_the_table(key):
    rules = make_rules(Rules, {"deck": "36+2j", "values": {key: 5}})
    assert card_value(JOKER, rules) == 5 and card_value(C("10♠"), rules) == -10      # the others keep theirs
    assert rules_overrides(rules) == {"deck": "36+2j", "values": {
        "6": 6, "7": 7, "8": 8, "9": 0, "10": -10, "J": 2, "Q": 3, "K": 4, "A": 1, "Jk": 5}}
    game = SixtyOne(rules, players=2)
    assert len(game.deck()) == 38 and Counter(game.deck())[JOKER] == 2
    s = game.play(game.position(["6♠ A♦ Jk", "7♣ 8♣ 9♣"], stock="7♥", total=50), Play(JOKER))
    assert s.total == 55 and s.loser is None
    s = game.play(game.position(["6♠ A♦ Jk", "7♣ 8♣ 9♣"], stock="7♥", total=56), Play(JOKER))
    assert s.total == 61 and s.loser == 0 and game.outcome(s).losers == (0,)


def test_a_negative_joker_lowers_the_total_and_the_bound_counts_it():
    rules = make_rules(Rules, {"deck": "36+2j", "values": {"Jk": -20}})
    assert new_total(0, JOKER, rules) == -20
    # two players: an interval is 38 - 6 + 1 = 33 plays; its lowest 33 values are the whole deck
    # (84 - 40 = 44) less the five highest (8 8 8 8 7 = 39): 5, so 61 needs 13 intervals of 33 plays
    assert interval_length(rules, 2) == 33 and least_interval_gain(rules, 2) == 5
    assert interval_bound(rules, 2) == 13 * 33
    # jokers at -22: the deck is worth 40 and the lowest 33 values 1: each interval may add a single point
    rules = make_rules(Rules, {"deck": "36+2j", "values": {"Jk": -22}})
    assert least_interval_gain(rules, 2) == 1 and interval_bound(rules, 2) == 61 * 33


def test_a_joker_deck_without_a_joker_value_is_refused():
    with pytest.raises(VariantError) as exc:
        make_rules(Rules, {"deck": "36+2j"})
    assert exc.value.key == "values"
    assert str(exc.value) == ("key 'values': no value for rank Jk of deck 36+2j; "
                              "allowed: a value for every rank of the deck")


def test_a_52_card_deck_must_value_every_low_rank():
    with pytest.raises(VariantError) as exc:
        make_rules(Rules, {"deck": "52", "values": {"2": 2, "3": 3, "4": 4}})
    assert str(exc.value) == ("key 'values': no value for rank 5 of deck 52; "
                              "allowed: a value for every rank of the deck")


@pytest.mark.parametrize("overrides, message", [
    ({"values": 3}, "key 'values': cannot use 3; allowed: a table of rank = integer, e.g. { A = 1, 10 = -10 }"),
    ({"values": {"A": "one"}}, "key 'values': cannot use {'A': 'one'}; allowed: rank A needs an integer value, "
                               "got 'one'"),
    ({"values": {"10": True}}, "key 'values': cannot use {'10': True}; allowed: rank 10 needs an integer value, "
                               "got True"),
    ({"values": {"Z": 1}}, "key 'values': cannot use {'Z': 1}; allowed: unknown rank 'Z': ranks are 2-10 T J Q K A "
                           "(or В Д К Т), Jk for a joker"),
    ({"deck": "53"}, "key 'deck': cannot use '53'; allowed: a deck preset: '24', '32', '36', '52', "
                     "or 'Nx36' for several decks"),
    ({"deck": 36}, "key 'deck': cannot use 36; allowed: a deck preset: '24', '32', '36', '52', "
                   "or 'Nx36' for several decks"),
])
def test_bad_rules_say_what_is_allowed(overrides, message):
    with pytest.raises(VariantError) as exc:
        make_rules(Rules, overrides)
    assert str(exc.value) == message


def test_a_value_table_changes_only_the_ranks_it_names():
    rules = make_rules(Rules, {"values": {"10": 0, "A": 11}})
    assert [card_value(C(t), rules) for t in ("10♠", "A♠", "9♠", "K♠")] == [0, 11, 0, 4]


# ------------------------------------------------------------ deal and turn

@pytest.mark.parametrize("dealer, players, first, order", [
    (0, 2, 1, (1, 0)), (1, 2, 0, (0, 1)), (3, 4, 0, (0, 1, 2, 3)), (1, 4, 2, (2, 3, 0, 1)), (11, 12, 0, tuple(range(12))),
])
def test_the_dealers_left_hand_neighbour_is_dealt_first_and_leads(dealer, players, first, order):
    assert first_player(dealer, players) == first and deal_order(dealer, players) == order


@pytest.mark.parametrize("player, players, after", [(0, 2, 1), (1, 2, 0), (2, 4, 3), (3, 4, 0), (11, 12, 0)])
def test_play_passes_to_the_left(player, players, after):
    assert next_player(player, players) == after


@pytest.mark.parametrize("players", range(2, 13))
def test_deal_three_cards_each_the_rest_is_the_stock(players):
    game = SixtyOne(players=players)
    s = game.deal(players)
    assert [len(h) for h in s.hands] == [3] * players and len(s.stock) == 36 - 3 * players
    assert Counter(s.stock + sum(s.hands, ())) == Counter(make_deck("36"))
    assert s.pile == () and s.total == 0 and s.plays == 0 and s.loser is None
    assert s.to_move == first_player(s.dealer, players) == (s.dealer + 1) % players == deal_order(s.dealer,
                                                                                                  players)[0]
    assert 0 <= s.dealer < players


def test_a_deal_that_needs_more_cards_than_the_deck_fails_at_once():
    game = SixtyOne(Rules(deck="24", hand_size=13), players=2)
    with pytest.raises(ValueError) as exc:
        game.deal(1)
    assert str(exc.value) == "2 hands of 13 need more than the 24 cards of the deck"


@pytest.mark.parametrize("rules, top", [
    (Rules(), 12),                                     # 36 // 3
    (Rules(hand_size=4), 9),
    (Rules(hand_size=1), 36),                          # 36 // 1, and 36 is the cap
    (Rules(deck="2x36", hand_size=1), 36),             # 72 // 1, capped at 36
    (Rules(deck="24", hand_size=13), 2),               # never fewer than two
    (Rules(turnover_timing="keep_last"), 12),          # (36 - 2) // 3 + 1 = 12
    (Rules(turnover_timing="keep_last", hand_size=4), 9),
    (Rules(turnover_timing="keep_last", hand_size=2), 18),
    (Rules(turnover_timing="keep_last", hand_size=1), 35),
])
def test_player_range(rules, top):
    assert SixtyOne(rules).player_range() == range(2, top + 1)


def test_of_the_whole_pack_exactly_the_cards_in_hand_are_allowed():
    for deck in ("36", "2x36"):
        game = SixtyOne(Rules(deck=deck), players=2)
        s = game.deal(1)
        hand = s.hands[s.to_move]
        allowed = [c for c in dict.fromkeys(make_deck(deck)) if game.refusal(s, Play(c)) is None]
        assert allowed == sorted(set(hand), key=sort_key)   # in display order, as a hand is sorted
        assert [m.card for m in game.legal_moves(s)] == allowed


def test_a_double_deck_hand_with_twins_has_one_move_per_card():
    game = SixtyOne(Rules(deck="2x36"), players=2)
    s = game.position(["6♠ 6♠ A♦", "7♣ 8♣ 9♣"], stock="7♥")
    assert game.legal_moves(s) == (P("6♠"), P("A♦"))
    after = game.play(s, P("6♠"))
    assert after.hands[0] == parse_cards("6♠ 7♥ A♦") and after.total == 6


def test_a_card_not_held_is_refused_with_the_hand_named():
    game = SixtyOne(players=2)
    s = game.position(["6♠ 7♠ A♦", "7♣ 8♣ 9♣"], stock="7♥")
    assert refusal_text(game, s, P("7♣")) == (
        "sixty-one-play", "illegal move 7♣: P0 does not hold 7♣: lay one of your cards (6♠ 7♠ A♦) [rule sixty-one-play]")
    assert not game.can_move(s, P("7♣")) and game.can_move(s, P("7♠"))
    s = game.position(["6♠ 7♠ A♦", "7♣ 8♣ 9♣"], stock="7♥", to_move=1)
    assert refusal_text(game, s, P("6♠"))[1] == (
        "illegal move 6♠: P1 does not hold 6♠: lay one of your cards (7♣ 8♣ 9♣) [rule sixty-one-play]")


# ------------------------------------------------------------------ the end

def test_no_move_after_the_game_is_over():
    game = SixtyOne(players=3)
    s = game.play(game.position(["8♠ 6♠ A♦", "7♣ 8♣ 9♣", "J♠ Q♠ K♠"], stock="7♥", total=55), P("8♠"))
    assert s.loser == 0 and s.total == 63 and game.is_over(s)
    assert game.to_move(s) is None and game.legal_moves(s) == () and game.moves_for(s, 1) == ()
    for move in (P("7♣"), P("6♠")):                    # the next player's card, and the loser's own
        assert not game.can_move(s, move)
        assert refusal_text(game, s, move) == (
            "sixty-one-lose",
            f"illegal move {move.card}: the game is over: no more moves can be made [rule sixty-one-lose]")


def test_the_outcome_exists_only_once_the_game_is_over():
    game = SixtyOne(players=2)
    s = game.position(["8♠ 6♠ A♦", "7♣ 8♣ 9♣"], stock="7♥", total=10)
    assert game.to_move(s) == 0 and not game.is_over(s)
    with pytest.raises(ValueError) as exc:
        game.outcome(s)
    assert str(exc.value) == "the game is not over"


@pytest.mark.parametrize("loser, players, returns", [
    (0, 2, (-1, 1)), (1, 2, (1, -1)), (2, 4, (1, 1, -3, 1)), (11, 12, (1,) * 11 + (-11,)),
])
def test_the_loser_pays_one_point_to_every_other_player(loser, players, returns):
    assert loser_pays_each(loser, players) == returns
    game = SixtyOne(players=players)
    out = game.outcome(game.position([""] * players, loser=loser))
    assert out.losers == (loser,) and out.returns == returns


def test_a_game_log_tells_the_total_and_the_loser():
    game = SixtyOne(players=2)
    s = game.position(["8♠ 6♠ A♦", "7♣ 8♣ 9♣"], stock="7♥", pile="K♦", total=53)
    assert game.describe_move(game.play(s, P("6♠"))) == "total 59"
    over = game.play(s, P("8♠"))
    assert game.describe_move(over) == "total 61, P0 loses"
    assert game.describe(s) == "total 53; to move P0; hand 0: 8♠ 6♠ A♦; hand 1: 7♣ 8♣ 9♣; stock: 7♥; pile: K♦"
    assert list(game.zones(s)) == ["hand 0", "hand 1", "stock", "pile"]


# --------------------------------------------------------------- the turnover

@pytest.mark.parametrize("timing, order, stock, pile", [
    ("at_draw", "flip", "Q♥ K♥ J♥ A♦", ""),
    ("at_draw", "reverse", "A♦ J♥ K♥ Q♥", ""),
    ("keep_last", "flip", "Q♥ K♥ J♥", "A♦"),
    ("keep_last", "reverse", "J♥ K♥ Q♥", "A♦"),
])
def test_turn_over_by_timing_and_order(timing, order, stock, pile):
    rules = Rules(turnover_timing=timing, turnover_order=order)
    assert turn_over(parse_cards("Q♥ K♥ J♥ A♦"), rules, 0, 1) == (parse_cards(stock), parse_cards(pile))


@pytest.mark.parametrize("timing, moving, kept", [("at_draw", "Q♥ K♥ J♥ 10♥ 9♥ A♦", ""),
                                                  ("keep_last", "Q♥ K♥ J♥ 10♥ 9♥", "A♦")])
def test_shuffle_turnover_moves_the_same_cards_and_depends_on_seed_and_turnover(timing, moving, kept):
    rules = Rules(turnover_timing=timing, turnover_order="shuffle")
    pile = parse_cards("Q♥ K♥ J♥ 10♥ 9♥ A♦")
    by_seed = {turn_over(pile, rules, seed, 1) for seed in range(5)}
    by_turnover = {turn_over(pile, rules, 7, n) for n in range(1, 6)}
    assert all(Counter(stock) == Counter(parse_cards(moving)) and keep == parse_cards(kept)
               for stock, keep in by_seed | by_turnover)
    assert len(by_seed) > 1 and len(by_turnover) > 1 and turn_over(pile, rules, 3, 2) == turn_over(pile, rules, 3, 2)


def test_resets_makes_the_total_the_value_of_the_new_pile():
    # keep_last: the ace stays on the pile, so the announced total is the ace's 1
    game = SixtyOne(Rules(turnover_timing="keep_last", total_after_turnover="resets"), players=2)
    s = game.play(game.position(["7♠ 6♠ A♦", "7♣ 8♣ 9♣"], pile="Q♥ K♥", total=40), P("A♦"))
    assert s.total == 1 and s.pile == parse_cards("A♦") and s.turnovers == 1
    # and with the stock not yet empty there is no turnover: the total runs on
    s = game.play(game.position(["7♠ 6♠ A♦", "7♣ 8♣ 9♣"], stock="9♦", pile="Q♥ K♥", total=40), P("A♦"))
    assert s.total == 41 and s.turnovers == 0
    # at_draw: the ace is turned over with the pile, which leaves nothing on it: the total is 0
    game = SixtyOne(Rules(total_after_turnover="resets"), players=2)
    assert game.play(game.position(["7♠ 6♠ A♦", "7♣ 8♣ 9♣"], pile="Q♥ K♥", total=40), P("A♦")).total == 0


def test_presets():
    assert PRESETS["forty_one"] == {"losing_total": 41, "turnover_order": "reverse"}
    for overrides in PRESETS.values():
        make_rules(Rules, overrides)


# ------------------------------------------------------------- termination

def test_the_rulebooks_interval_figures():
    # at_draw: 37 - 3n plays an interval, whose lowest values sum to 45, 24, 6 and -8 for 2-5 players
    assert [interval_length(Rules(), n) for n in (2, 3, 4, 5)] == [31, 28, 25, 22]
    assert [least_interval_gain(Rules(), n) for n in (2, 3, 4, 5)] == [45, 24, 6, -8]
    # keep_last: one play shorter; for four players the lowest 24 values sum to exactly 0
    keep = Rules(turnover_timing="keep_last")
    assert [interval_length(keep, n) for n in (2, 3, 4)] == [30, 27, 24]
    assert least_interval_gain(keep, 4) == 0


@pytest.mark.parametrize("rules, players, bound", [
    (Rules(), 2, 2 * 31), (Rules(), 3, 3 * 28), (Rules(), 4, 11 * 25), (Rules(), 5, None),
    (Rules(turnover_timing="keep_last"), 2, 2 * 31),      # gain 38: two intervals, none longer than the first
    (Rules(turnover_timing="keep_last"), 3, 4 * 28),      # gain 18
    (Rules(turnover_timing="keep_last"), 4, None),        # gain exactly 0: no bound (and no division by it)
    (Rules(losing_total=45), 2, 31), (Rules(losing_total=46), 2, 62),
    (Rules(losing_total=-5), 2, 31),                      # already below: still one interval, not zero
    (Rules(total_after_turnover="resets"), 2, None),
    (Rules(turnover_timing="keep_last"), 12, None),       # the kept card leaves a hand short
])
def test_interval_bound(rules, players, bound):
    assert interval_bound(rules, players) == bound


def test_gain_exactly_zero_gives_no_bound_under_any_order():
    for order in ("flip", "reverse", "shuffle"):
        rules = Rules(turnover_timing="keep_last", turnover_order=order)
        assert interval_bound(rules, 4) is None
    assert play_bound(Rules(turnover_timing="keep_last", turnover_order="reverse"), 4) is None
    assert SixtyOne(Rules(turnover_timing="keep_last", turnover_order="shuffle"), players=4).max_plays() is None


@pytest.mark.parametrize("rules, players, full", [
    (Rules(), 12, True), (Rules(turnover_timing="keep_last"), 11, True), (Rules(turnover_timing="keep_last"), 12, False),
    (Rules(turnover_timing="keep_last", hand_size=1), 35, True),
])
def test_hands_stay_full(rules, players, full):
    assert hands_stay_full(rules, players) is full


def test_the_replay_gap_is_queue_length_plus_a_round():
    assert [replay_gap(Rules(), n) for n in (2, 3, 4, 5, 6, 12)] == [32, 30, 28, 26, 24, 12]
    assert replay_gap(Rules(hand_size=1), 2) == 36


@pytest.mark.parametrize("plays, total", [
    (1, -10),                       # the lowest card once
    (4, -40), (5, -40), (8, -40),   # four tens, then the four nines (0) ...
    (12, -40 + 4 * 1),              # ... then the four aces
    (32, 84 - 4 * 8),               # a whole gap: every card once but the four eights
    (33, -80 + 8 * 0 + 8 * 1 + 8 * 2 + 1 * 3),   # past the gap each card may come twice
    (50, -80 + 8 * 0 + 8 * 1 + 8 * 2 + 8 * 3 + 8 * 4 + 2 * 6),
])
def test_least_total_after_takes_the_lowest_cards_as_often_as_the_gap_allows(plays, total):
    assert least_total_after(Rules(), 2, plays) == total


def test_queue_bound_is_the_first_play_count_that_must_reach_61():
    # the rulebook's queue bounds for 2-5 players (at_draw or keep_last, flip order)
    assert [queue_bound(Rules(), n) for n in (2, 3, 4, 5)] == [58, 58, 83, 155]
    assert [queue_bound(Rules(turnover_timing="keep_last"), n) for n in (2, 5)] == [58, 155]
    for n in (2, 5):
        b = queue_bound(Rules(), n)
        assert least_total_after(Rules(), n, b) >= 61 > least_total_after(Rules(), n, b - 1)
    # three jokers at -17: the 35 lowest values (a replay gap) sum to 84 - 51 - 32 = 1, still a rise
    rules = make_rules(Rules, {"deck": "36+3j", "values": {"Jk": -17}})
    assert replay_gap(rules, 2) == 35 and least_total_after(rules, 2, 35) == 1
    b = queue_bound(rules, 2)
    assert b is not None and least_total_after(rules, 2, b) >= 61 > least_total_after(rules, 2, b - 1)
    # a losing total of -10: no card is worth less, so the very first play loses
    assert queue_bound(Rules(losing_total=-10), 2) == 1


@pytest.mark.parametrize("rules, players", [
    (Rules(turnover_order="reverse"), 2), (Rules(turnover_order="shuffle"), 2),
    (Rules(total_after_turnover="resets"), 2), (Rules(turnover_timing="keep_last"), 12),
    (Rules(), 6),                   # the 24 lowest values sum to exactly 0: no rise in the long run
    (Rules(), 7),
])
def test_queue_bound_does_not_apply(rules, players):
    assert queue_bound(rules, players) is None


def test_a_position_names_each_card_no_more_often_than_the_deck_holds_it():
    game = SixtyOne(players=3)
    s = game.position(["6♠ 7♠ A♦", "7♣ 8♣ 9♣", "J♠ Q♠ K♠"], "7♥ 8♥", "10♦", total=-10, to_move=2)
    assert (s.stock, s.pile, s.total, s.to_move, s.dealer, s.loser) == (parse_cards("7♥ 8♥"), parse_cards("10♦"),
                                                                         -10, 2, 1, None)
    with pytest.raises(ValueError, match="^7♥ is named more often than the deck holds it$"):
        game.position(["6♠ 7♠ A♦", "7♣ 8♣ 9♣", "J♠ Q♠ 7♥"], "7♥ 8♥")
    with pytest.raises(ValueError, match="^2♠ is not a card of this deck$"):
        game.position(["2♠", "", ""])                      # the source's deck runs from the 6
    assert SixtyOne(Rules(deck="2x36"), players=2).position(["6♠ 6♠", ""]).hands[0] == parse_cards("6♠ 6♠")

"""Pyanitsa: the rules, the termination searches, and one mutation test per property."""

from __future__ import annotations

import dataclasses
import random

import pytest

import verifier.games.pyanitsa as props
from spec.cards import parse_card, parse_cards
from spec.errors import IllegalMove, VariantError
from spec.games.pyanitsa import CLAUSES, Pyanitsa, Rules, deal_piles, lay, returned, trick_layer, under
from spec.rules import make_rules
from tests.helpers import assert_refuted, check, check_cards

GAMES = [Pyanitsa(players=n) for n in range(2, 9)]
C = parse_card


def play_out(game, state, cap=1_000):
    for _ in range(cap):
        if game.is_over(state):
            return state
        state = game.play(state, game.legal_moves(state)[0])
    return state


def test_the_deal_and_the_decks():
    state = Pyanitsa(players=5).deal(3)
    assert {len(p) for p in state.piles} == {10} and len(state.aside) == 2
    assert len(Pyanitsa(Rules(ranks=4, suits=2), players=2).deck()) == 8
    assert Pyanitsa(players=2).player_range() == range(2, 9)   # INFO's 2-8
    assert Pyanitsa(Rules(ranks=2, suits=1), players=2).player_range() == range(2, 3)   # a card each at most


@pytest.mark.parametrize("order", ["laid", "chosen", "shuffled"])
def test_every_card_stays_in_play_or_aside_and_the_deal_is_remembered(order):
    """Three players share 52 cards with one set aside. At every step of seeded games, through disputes
    and (under "chosen") the gathering of a trick card by card, each card is in one pile, on the table or
    aside; the state keeps its deal's seed; the trick count is kept only where it seeds the shuffle."""
    game = Pyanitsa(Rules(return_order=order, lead="taker"), players=3)
    for seed in range(3):
        state, rng, tricks, trick = game.deal(seed), random.Random(seed), 0, set()
        assert len(state.aside) == 1
        for _ in range(400):
            check_cards(game, [state])
            assert state.seed == seed
            if state.gathering:
                assert game.to_move(state) == state.taker   # the taker puts the cards under
            elif trick and not state.table:  # a trick is over: its cards are the bottom of the taker's pile
                assert set(state.piles[state.taker][-len(trick):]) == trick
                tricks, trick = tricks + 1, set()
            assert state.tricks == (tricks if order == "shuffled" else 0)
            if game.is_over(state):
                break
            move = rng.choice(game.legal_moves(state))
            trick.add(move.card)   # laid, or (under "chosen") put under from the table
            state = game.play(state, move)


def test_a_position_is_the_piles_as_the_first_trick_begins():
    game = Pyanitsa(players=3)
    s = game.position(["9♠ 7♥", (), "K♦"], "3♦", seed=8)
    assert s == game.position([parse_cards("9♠ 7♥"), (), parse_cards("K♦")], parse_cards("3♦"), seed=8)
    assert s.piles == (parse_cards("9♠ 7♥"), (), parse_cards("K♦")) and s.aside == parse_cards("3♦")
    assert (s.table, s.layer, s.pos, s.seed, s.tricks, s.taker, s.gathering) == ((), (0, 2), 0, 8, 0, -1, False)
    assert game.position(["9♠"]).seed == 0 and game.position(["9♠"]).aside == ()
    dealt = game.deal(8)
    assert game.position(dealt.piles, dealt.aside, seed=8) == dealt
    for piles, aside, said in ((["9♠ 7♥", "7♥"], (), "7♥ is named more often than the deck holds it"), (["9♠"], "9♠", "9♠ is named more often than the deck holds it")):
        with pytest.raises(ValueError) as err:
            game.position(piles, aside)
        assert str(err.value) == said
    with pytest.raises(ValueError) as err:
        Pyanitsa(players=2).position(["9♠ 2♣", "K♦"])    # two players play with 32 cards, 7 to ace
    assert str(err.value) == "2♣ is not a card of this deck"


def test_the_highest_card_takes_and_the_cards_go_under_in_the_laid_order():
    game = Pyanitsa(players=2)
    s = game.position(["9♠ 7♥", "K♦ 8♣"])
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, lay(C("7h")))
    assert str(err.value) == ("illegal move lay 7♥: P0 lays the top card of their pile, not 7♥: cards are laid "
                              "unseen, from the top [rule pyanitsa-top]")
    s = game.play(game.play(s, lay(C("9s"))), lay(C("Kd")))
    assert s.piles == (parse_cards("7♥"), parse_cards("8♣ 9♠ K♦")) and s.taker == 1


def test_a_dispute_lays_new_cards_and_tied_aces_go_to_the_first_laid():
    game = Pyanitsa(players=3)
    s = play_out(game, game.position(["10♠ 7♥ 2♣", "10♦ 9♥ 3♣", "4♠ A♥ 5♣"]), cap=3)
    assert s.layer == (0, 1) and s.table  # 10 and 10 dispute; P2's 4 is out of it
    s = game.play(game.play(s, lay(C("7h"))), lay(C("9h")))
    assert s.taker == 1 and s.piles[1] == parse_cards("3♣ 10♠ 10♦ 4♠ 7♥ 9♥")
    aces = play_out(game, game.position(["A♠ 2♥", "A♦ 3♥", "K♠ 4♥"]), cap=3)
    assert aces.taker == 0 and not aces.table
    first = Pyanitsa(Rules(dispute="first_laid"), players=2)
    s = first.position(["9♠ 7♥", "9♦ 8♣"])
    s = first.play(first.play(s, lay(C("9s"))), lay(C("9d")))
    assert s.taker == 0
    # a dispute nobody can continue goes to the first laid card
    s = play_out(GAMES[0], GAMES[0].position(["9♠", "9♦"]), cap=2)
    assert GAMES[0].is_over(s) and s.taker == 0 and GAMES[0].outcome(s).winners == (1,)
    # ... and one only the second tied player can continue goes to that player, not the first laid
    s = play_out(GAMES[0], GAMES[0].position(["9♠", "9♦ 7♣"]), cap=2)
    assert s.taker == 1 and s.piles == ((), parse_cards("7♣ 9♠ 9♦"))


def test_return_orders():
    table = ((0, C("9s")), (1, C("Kd")), (0, C("2c")))
    assert returned(Rules(), table, 1, 0, 0) == parse_cards("9♠ K♦ 2♣")
    assert returned(Rules(return_order="reverse"), table, 1, 0, 0) == parse_cards("2♣ K♦ 9♠")
    assert returned(Rules(return_order="winner_first"), table, 1, 0, 0) == parse_cards("K♦ 9♠ 2♣")
    assert sorted(returned(Rules(return_order="shuffled"), table, 1, 5, 3)) == sorted(parse_cards("9♠ K♦ 2♣"))


def test_objectives():
    war = Pyanitsa(Rules(objective="all_cards"), players=3)
    s = war.position(["A♠", "K♠ 2♦", "Q♠ 3♦"])
    s = play_out(war, s)
    assert war.outcome(s).winners == (0,) and sum(map(len, s.piles)) == 5
    as_written = Pyanitsa(players=3)
    s = play_out(as_written, as_written.position(["A♠", "K♠ 2♦", "Q♠ 3♦"]))
    assert as_written.outcome(s).winners == (1, 2) and as_written.outcome(s).returns == (-2, 1, 1)


def test_properties_have_their_expected_verdicts():
    for name in ("deal_equal", "end_as_written", "tricks_settle_as_written", "moves_match_clauses"):
        r = check(GAMES, name)
        assert r.verdict == "holds", (name, r.detail)


def test_the_default_order_loops_on_the_sources_own_deck_with_a_replayable_record():
    r = check([Pyanitsa(players=2)], "terminates_laid")
    assert_refuted(r)
    rec = r.counterexample.record
    game = rec.game_object()
    assert game.rules == Rules() and len(game.deck()) == 32  # the source's game, no short deck
    moves = [game.parse_move(m) for m in rec.moves]
    start_loop = int(r.counterexample.text.split("after ")[1].split(" lays")[0])
    assert game.replay(rec.seed, moves[:start_loop]) == game.replay(rec.seed, moves)
    assert check([Pyanitsa(players=2)], "terminates_reverse").verdict == "refuted"


def test_winner_first_loops_on_a_ten_card_deal_and_shuffled_is_unsettled():
    r = check([Pyanitsa(players=n) for n in (2, 3)], "terminates_winner_first")
    assert_refuted(r)
    assert "all 2520 deals" in r.detail and "longest" in r.detail and "repeats every 240 lays" in r.detail


def test_a_random_return_ends_with_probability_1_on_every_deck_searched_whole():
    r = check([Pyanitsa(players=2)], "terminates_shuffled")
    # the source's 32 cards are too many to search: unknown, saying what was searched and settled
    assert r.verdict == "unknown" and r.expected is None and r.method == "exhaustive"
    assert "all 2520 deals" in r.detail and "not searched whole" in r.detail
    assert r.detail.count("every game ends with probability 1") == 4
    short = [Pyanitsa(Rules(ranks=2), players=n) for n in (2, 3, 4)]
    r = check(short, "terminates_shuffled")
    assert r.verdict == r.expected == "almost_surely" and "the rules' own 8 cards" in r.detail


def test_under_first_laid_a_random_return_can_keep_a_game_going_for_ever():
    r = check([Pyanitsa(Rules(dispute="first_laid"), players=2)], "terminates_shuffled")
    assert_refuted(r)
    assert r.expected is None  # outside the claim's scope: a finding about that house rule
    deal = r.counterexample.deal
    assert deal["hand 0"] == "Q♠ Q♥ K♠ Q♦ K♥ K♦" and deal["hand 1"] == "Q♣ A♠ A♥ A♦ K♣ A♣"
    # checked apart from the graph: random orders of return, played on from that deal, never end
    import random
    game = props.short(Pyanitsa(Rules(dispute="first_laid", return_order="chosen"), players=2), 3, 4)
    rng = random.Random(5)
    for _ in range(20):
        state = game.position([deal["hand 0"], deal["hand 1"]])
        for _ in range(3_000):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            assert not game.is_over(state)


def test_breaking_the_end_rule_through_the_registry_refutes_the_random_return():
    def nobody_wins(rules, piles):
        return ()
    with CLAUSES.replaced("pyanitsa-end", nobody_wins):
        r = check([Pyanitsa(players=2)], "terminates_shuffled")
    assert_refuted(r)
    assert "no order of putting the cards back ever ends the game" in r.counterexample.text


def test_a_return_that_is_not_random_is_not_judged_by_probability():
    def reversed_always(rules, table, taker, seed, trick):
        return tuple(c for _, c in table)[::-1]
    with CLAUSES.replaced("pyanitsa-return", reversed_always):
        missed = props.orders_missed(Pyanitsa(Rules(return_order="shuffled"), players=2))
        assert missed is not None and "1 of its 2 orders" in missed
    assert props.orders_missed(Pyanitsa(Rules(return_order="shuffled"), players=2)) is None


def test_every_deal_lists_each_distinct_deal_once():
    g = props.short(Pyanitsa(players=2), 2, 2)
    roots = props.every_deal(g)
    assert len(roots) == 6 and len({props.rank_key(r.state) for r in roots}) == 6


def test_the_length_plot_is_drawn():
    fig = props.length_plot("ru", deals=4)
    assert len(fig.axes) == 4


# ------------------------------------------------------------------ mutants

class UnequalDeal(Pyanitsa):
    def deal(self, seed):
        s = super().deal(seed)
        piles = (s.piles[0] + s.piles[1][:1], s.piles[1][1:]) + s.piles[2:]
        return dataclasses.replace(s, piles=piles)


class LowestTakes(Pyanitsa):
    def apply(self, state, move):
        after = super().apply(state, move)
        if state.table and not after.table and after.layer and after.taker != state.layer[-1]:
            # give the trick to the last player of the round instead
            t, o = after.taker, state.layer[-1]
            got = len(after.piles[t]) - len(state.piles[t]) + (t == state.layer[state.pos])
            piles = list(after.piles)
            piles[o], piles[t] = piles[o] + piles[t][-got:], piles[t][:-got]
            return dataclasses.replace(after, piles=tuple(piles), taker=o)
        return after


class BackwardsUnderThePile(Pyanitsa):
    def apply(self, state, move):
        after = super().apply(state, move)
        if state.table is not after.table and not after.table and after.taker >= 0 and after.layer:
            t = after.taker
            n = len(state.table) + 1
            piles = list(after.piles)
            piles[t] = piles[t][:-n] + piles[t][-n:][::-1]
            return dataclasses.replace(after, piles=tuple(piles))
        return after


class HolderWinsAsWritten(Pyanitsa):
    def outcome(self, state):
        out = super().outcome(state)
        held = tuple(p for p, pile in enumerate(state.piles) if pile)
        return type(out)(winners=held, returns=out.returns)


class GoesOnWhenOut(Pyanitsa):
    def apply(self, state, move):
        after = super().apply(state, move)
        if not after.layer and sum(1 for p in after.piles if p) >= 2:
            return dataclasses.replace(after, layer=tuple(p for p, h in enumerate(after.piles) if h))
        return after


class EndsAfterOneTrick(Pyanitsa):
    def apply(self, state, move):
        after = super().apply(state, move)
        return dataclasses.replace(after, layer=()) if not after.table else after


class ShufflesLikeLaid(Pyanitsa):
    """Puts the cards back in the laid order when the rules say shuffled: a deterministic game that loops."""

    def apply(self, state, move):
        if self.rules.return_order == "shuffled":
            plain = Pyanitsa(dataclasses.replace(self.rules, return_order="laid"), players=self.players)
            return plain.apply(state, move)
        return super().apply(state, move)


@pytest.mark.parametrize("mutant,prop", [
    (UnequalDeal, "deal_equal"),
    (LowestTakes, "tricks_settle_as_written"),
    (BackwardsUnderThePile, "tricks_settle_as_written"),
    (HolderWinsAsWritten, "end_as_written"),
    (GoesOnWhenOut, "end_as_written"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant(players=n) for n in (2, 3)], prop))


def test_a_game_that_cannot_loop_is_not_refuted():
    for prop in ("terminates_laid", "terminates_reverse", "terminates_winner_first", "terminates_chosen"):
        assert check([EndsAfterOneTrick(players=2)], prop).verdict == "unknown", prop


def test_a_shuffle_that_is_not_random_is_refuted():
    assert_refuted(check([ShufflesLikeLaid(players=2)], "terminates_shuffled"))


def test_state_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Pyanitsa(players=2).position(["9♠", "K♦"]).pos = 1


# ------------------------------------------------------------ the deck options

DECK_ALLOWED = "'auto' (32 cards for two players, 52 for more) or one of '24', '32', '36', '52'"


@pytest.mark.parametrize("deck,players,size", [
    ("auto", 2, 32), ("auto", 3, 52), ("auto", 8, 52), ("24", 2, 24), ("36", 4, 36), ("52", 2, 52), ("32", 5, 32),
])
def test_the_deck_is_32_cards_for_two_and_52_for_more_unless_chosen(deck, players, size):
    game = Pyanitsa(make_rules(Rules, {"deck": deck}), players=players)
    assert len(game.deck()) == size == len(set(game.deck()))


@pytest.mark.parametrize("deck", ["53", "2x52", "36+2", 5, "36x2", "52+2j", "32+1j"])
def test_a_deck_that_is_not_one_plain_pack_is_refused(deck):
    with pytest.raises(VariantError) as err:
        make_rules(Rules, {"deck": deck})
    assert str(err.value) == f"key 'deck': cannot use {deck!r}; allowed: {DECK_ALLOWED}"


@pytest.mark.parametrize("deck,ranks,ok", [("36", 9, True), ("36", 10, False), ("24", 6, True), ("24", 7, False),
                                           ("auto", 13, True), ("52", 13, True)])
def test_the_short_deck_keeps_at_most_the_decks_ranks(deck, ranks, ok):
    if ok:
        rules = make_rules(Rules, {"deck": deck, "ranks": ranks})
        game = Pyanitsa(rules, players=3)
        assert len({c.rank for c in game.deck()}) == ranks
        return
    with pytest.raises(VariantError) as err:
        make_rules(Rules, {"deck": deck, "ranks": ranks})
    assert str(err.value) == (f"key 'ranks': {ranks} ranks is more than deck {deck} has; "
                              "allowed: 0 (all) or at most the deck's number of ranks")


def test_the_short_deck_keeps_the_highest_ranks_of_the_first_suits():
    game = Pyanitsa(Rules(ranks=3, suits=2), players=2)   # 32 cards: 7 to ace
    assert sorted(game.deck()) == sorted(parse_cards("Q♠ K♠ A♠ Q♥ K♥ A♥"))


# ------------------------------------------------ the chosen order, the table, the log

def test_under_the_chosen_order_the_taker_puts_the_trick_under_card_by_card():
    game = Pyanitsa(Rules(return_order="chosen"), players=2)
    fresh = game.position(["9♠ 7♥", "K♦ 8♣"])
    with pytest.raises(IllegalMove) as err:
        game.check_move(fresh, under(C("9s")))
    assert str(err.value) == ("illegal move under 9♠: no trick is being gathered: cards go under a pile only "
                              "after a trick is taken [rule pyanitsa-gather]")
    s = game.play(game.play(fresh, lay(C("9s"))), lay(C("Kd")))
    assert s.gathering and game.to_move(s) == 1 and set(game.legal_moves(s)) == {under(C("9s")), under(C("Kd"))}
    assert game.describe_move(s) == "P1 gathers"
    tries = [move(c) for c in game.deck() for move in (lay, under)]
    assert {m for m in tries if game.refusal(s, m) is None} == set(game.legal_moves(s))
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, lay(C("8c")))
    assert str(err.value) == ("illegal move lay 8♣: P1 has taken the trick and puts its cards under their pile "
                              "first [rule pyanitsa-top]")
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, under(C("7h")))
    assert str(err.value) == "illegal move under 7♥: 7♥ is not on the table [rule pyanitsa-gather]"
    s = game.play(s, under(C("Kd")))
    assert s.gathering and s.piles == (parse_cards("7♥"), parse_cards("8♣ K♦")) and s.table == ((0, C("9s")),)
    s = game.play(s, under(C("9s")))
    assert not s.gathering and s.table == () and s.piles == (parse_cards("7♥"), parse_cards("8♣ K♦ 9♠"))
    assert s.layer == (0, 1) and game.to_move(s) == 0 and game.legal_moves(s) == (lay(C("7h")),)


def test_the_last_card_gathered_can_end_the_game():
    game = Pyanitsa(Rules(return_order="chosen"), players=2)
    s = game.play(game.play(game.position(["9♠", "K♦ 8♣"]), lay(C("9s"))), lay(C("Kd")))
    s = game.play(game.play(s, under(C("9s"))), under(C("Kd")))
    assert game.is_over(s) and game.to_move(s) is None and game.legal_moves(s) == ()
    assert game.outcome(s).winners == (0,) and game.outcome(s).returns == (1, -1)


def test_the_piles_and_the_cards_set_aside_are_hidden_from_everyone_the_table_is_open():
    game = Pyanitsa(players=3)
    s = game.play(game.position(["9♠ 7♥", "K♦ 8♣", "2♣"], "3♦"), lay(C("9s")))
    zones = game.zones(s)
    assert zones == {"hand 0": parse_cards("7♥"), "hand 1": parse_cards("K♦ 8♣"), "hand 2": parse_cards("2♣"),
                     "table": parse_cards("9♠"), "aside": parse_cards("3♦")}
    assert game.hidden_zones(s, 0) == frozenset({"hand 0", "hand 1", "hand 2", "aside"})
    assert game.max_plays() is None


def test_the_log_shows_the_piles_after_a_trick_and_the_players_of_a_dispute():
    game = Pyanitsa(players=2)
    s = game.play(game.position(["9♠ 7♥", "K♦ 8♣"]), lay(C("9s")))
    assert game.describe_move(s) == ""
    assert game.describe(s) == "P0: 7♥; P1: K♦ 8♣"
    s = game.play(s, lay(C("Kd")))
    assert game.describe_move(s) == "P1 takes; piles 1 3"
    tie = game.play(game.play(game.position(["9♠ 7♥", "9♦ 8♣"]), lay(C("9s"))), lay(C("9d")))
    assert game.describe_move(tie) == "dispute: P0 P1"
    over = game.play(game.play(game.position(["9♠", "K♦"]), lay(C("9s"))), lay(C("Kd")))
    assert game.is_over(over) and game.describe_move(over) == "P1 takes; piles 0 2"


# ------------------------------------------------- silent decisions with options (issue 23)

def test_leftover_cards_dealt_go_to_the_first_players_from_the_dealers_left():
    state = Pyanitsa(Rules(leftover="dealt"), players=5).deal(3)
    assert [len(p) for p in state.piles] == [10, 11, 11, 10, 10] and state.aside == ()
    assert [len(p) for p in Pyanitsa(players=5).deal(3).piles] == [10] * 5
    cards = parse_cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠")
    assert deal_piles(cards, 3, "dealt") == ((parse_cards("4♠ 7♠"), parse_cards("2♠ 5♠ 8♠"),
                                               parse_cards("3♠ 6♠")), ())
    assert deal_piles(cards, 3) == ((parse_cards("4♠ 7♠"), parse_cards("2♠ 5♠"), parse_cards("3♠ 6♠")),
                                    parse_cards("8♠"))


def test_the_taker_leads_the_next_trick():
    """lead = taker: the next trick starts with the player who took the last one, and a tie of
    aces then goes to the taker's ace, laid first."""
    for lead, first in (("dealer", 0), ("taker", 1)):
        game = Pyanitsa(Rules(lead=lead), players=3)
        state = play_out(game, game.position(["5♠ A♠", "K♠ A♥", "6♠ Q♥"]), cap=3)
        assert state.taker == 1 and state.layer == ((0, 1, 2) if first == 0 else (1, 2, 0))
        state = play_out(game, state, cap=3)
        assert state.taker == first  # the two aces: the first laid takes
    assert check([Pyanitsa(Rules(lead="taker"), players=n) for n in (2, 3, 4)], "deal_equal").verdict == "holds"


@pytest.mark.parametrize("over", [{"leftover": "dealt"}, {"lead": "taker"}])
def test_the_other_readings_play_differently(over):
    from verifier.api import walk
    rules = make_rules(Rules, over)
    differ = sum(walk(Pyanitsa(rules, players=3), s, cap=2_000)[0].moves
                 != walk(Pyanitsa(players=3), s, cap=2_000)[0].moves for s in range(10))
    assert differ >= 8


def test_deal_equal_catches_a_deal_or_a_lead_against_the_rules():
    with CLAUSES.replaced("pyanitsa-deal", lambda cards, players, leftover="aside": deal_piles(cards, players)):
        assert_refuted(check([Pyanitsa(Rules(leftover="dealt"), players=n) for n in (3, 5)], "deal_equal"))
    with CLAUSES.replaced("pyanitsa-order", lambda piles, first=0: trick_layer(piles)):
        assert_refuted(check([Pyanitsa(Rules(lead="taker"), players=n) for n in (3, 4)], "deal_equal"))


# ------------------------------------------------- the declared variant space (issue 23)

def test_a_short_deck_serves_only_as_many_players_as_it_has_cards():
    """Four aces serve four players; with fewer cards than players someone would hold nothing at the
    deal (the sweep found deal_equal refuted and hidden_information unknown there)."""
    assert Pyanitsa(Rules(ranks=1)).player_range() == range(2, 5)
    assert Pyanitsa(Rules(ranks=2, suits=1)).player_range() == range(2, 3)
    with pytest.raises(VariantError):
        Pyanitsa(Rules(ranks=1, suits=1), players=2)
    assert check([Pyanitsa(Rules(ranks=1), players=n) for n in (2, 4)], "deal_equal").verdict == "holds"


def test_winner_first_loops_when_ties_go_to_the_first_laid_card():
    """The 12-card deal found by the search over all its deals, re-checked by the property."""
    from verifier.core import Budget
    r = check([Pyanitsa(Rules(dispute="first_laid"), players=2)], "terminates_winner_first", Budget())
    assert r.verdict == "refuted" and r.expected == "refuted"
    assert "Q♠ Q♥ K♠ Q♦ K♥ K♦" in r.detail


def test_the_termination_claims_speak_where_a_witness_is_known():
    from verifier.core import REGISTRY
    laid, first = REGISTRY.get("pyanitsa", "terminates_laid"), REGISTRY.get("pyanitsa", "terminates_winner_first")
    assert laid.applies([Pyanitsa(players=3)]) and not laid.applies([Pyanitsa(players=4)])
    assert first.applies([Pyanitsa(players=2)]) and not first.applies([Pyanitsa(players=3)])
    shuffled = REGISTRY.get("pyanitsa", "terminates_shuffled")  # claimed where a deck is searched whole
    assert shuffled.expected_for([Pyanitsa(Rules(ranks=2), players=4)]) == "almost_surely"
    assert shuffled.expected_for([Pyanitsa(players=4)]) is None
    assert shuffled.expected_for([Pyanitsa(Rules(ranks=2, dispute="first_laid"), players=2)]) is None
    # under lead = taker no loop is known with three players (laid), nor with two under winner_first and first_laid
    assert laid.expected_for([Pyanitsa(Rules(lead="taker"), players=3)]) is None
    assert laid.expected_for([Pyanitsa(Rules(lead="taker"), players=2)]) == "refuted"
    assert first.expected_for([Pyanitsa(Rules(lead="taker", dispute="first_laid"), players=2)]) is None
    assert first.expected_for([Pyanitsa(players=n) for n in range(2, 9)]) == "refuted"


def test_zero_sum_is_claimed_where_sampled_deals_finish():
    from tests.helpers import in_scope
    assert in_scope(Pyanitsa, "zero_sum", Rules(), players=2)
    assert not in_scope(Pyanitsa, "zero_sum", Rules(deck="52"), players=2)
    assert in_scope(Pyanitsa, "zero_sum", Rules(deck="52", suits=1), players=2)
    assert not in_scope(Pyanitsa, "zero_sum", Rules(deck="52", suits=3), players=2)   # 39 cards
    assert in_scope(Pyanitsa, "zero_sum", Rules(deck="36"), players=2)
    assert in_scope(Pyanitsa, "zero_sum", Rules(), players=4)

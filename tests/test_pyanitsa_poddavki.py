"""The two-deck Pyanitsa: payments, the end, termination searches, one mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.pyanitsa_poddavki as props
from spec.cards import parse_cards
from spec.errors import IllegalMove
from spec.games.pyanitsa_poddavki import CLAUSES, Lay, Poddavki, Rules, Under
from tests.helpers import assert_refuted, check, in_scope
from verifier.api import Root, explore

P = parse_cards


def run(game, state, n):
    for _ in range(n):
        state = game.play(state, game.legal_moves(state)[0])
    return state


def test_each_player_has_a_whole_deck():
    s = Poddavki().deal(3)
    assert sorted(s.piles[0]) == sorted(s.piles[1]) and len(s.piles[0]) == 52
    assert len(Poddavki(Rules(deck="36")).deal(1).piles[1]) == 36


def test_an_ace_demands_three_cards_then_its_player_takes_the_heap_and_leads():
    game = Poddavki()
    s = game.position(["A♠ 5♦", "2♠ 3♠ 4♠ 6♦"])
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, Lay(P("5d")[0]))
    assert str(err.value) == "illegal move lay 5♦: P0 lays the top card of their pile, not 5♦ [rule poddavki-top]"
    s = run(game, s, 1)
    assert s.to_move == 1 and s.demand == 3
    s = run(game, s, 3)
    assert s.heap == () and s.piles[0] == P("5♦ A♠ 2♠ 3♠ 4♠") and s.to_move == 0


def test_a_king_demands_two_and_as_written_an_ace_in_the_payment_is_just_a_card():
    game = Poddavki()
    s = run(game, game.position(["K♠ 5♦", "A♥ 3♠ 4♠"]), 3)
    assert s.piles[0] == P("5♦ K♠ A♥ 3♠") and s.to_move == 0
    beggar = Poddavki(Rules(counter="beggar"))
    s = run(beggar, beggar.position(["K♠ 5♦ 6♦ 7♦", "A♥ 3♠ 4♠"]), 2)
    assert s.to_move == 0 and s.demand == 3 and s.claimant == 1


def test_a_position_is_two_piles_and_the_heap_between_them():
    game = Poddavki()
    s = game.position(["A♠ 5♦", "2♠"], "K♠ 3♦", to_move=1, owed=2, seed=4)
    assert s == game.position([P("A♠ 5♦"), P("2♠")], P("K♠ 3♦"), to_move=1, owed=2, seed=4)
    assert (s.piles, s.heap, s.to_move, s.seed) == ((P("A♠ 5♦"), P("2♠")), P("K♠ 3♦"), 1, 4)
    assert (s.demand, s.claimant, s.gathering, s.over) == (2, 0, False, False)    # P0's king is being paid for
    fresh = game.position(["A♠", "2♠"])
    assert (fresh.heap, fresh.to_move, fresh.seed, fresh.demand, fresh.claimant, fresh.gathering, fresh.over) == (
        (), 0, 0, 0, -1, False, False)
    dealt = game.deal(4)
    assert game.position(dealt.piles, to_move=dealt.to_move, seed=4) == dealt
    assert game.position(["A♠", ()]).over and not game.position(["A♠", ()], "2♠", to_move=1, owed=1).over
    assert not game.position(["A♠", ()], "2♠", gathering=True).over     # P0 still gathers the heap
    assert game.position(["A♠ A♠", ()]).piles[0] == P("A♠ A♠")             # each card is in both decks
    for piles, heap, said in ((["A♠ A♠", "A♠"], (), "A♠ is named more often than the deck holds it"),
                              (["A♠", ()], "Jk", "Jk is not a card of this deck")):
        with pytest.raises(ValueError) as err:
            game.position(piles, heap)
        assert str(err.value) == said


def test_the_game_ends_when_a_player_cannot_lay():
    game = Poddavki()
    s = run(game, game.position(["A♠", "2♠"]), 2)
    assert game.is_over(s) and s.piles == (P("A♠ 2♠"), ())
    assert game.outcome(s).winners == (1,)  # as the catalogue's name says: the one who gave everything away
    assert Poddavki(Rules(objective="all_cards")).outcome(s).winners == (0,)
    assert game.refusal(s, Lay(P("A♠")[0])) == ("poddavki-end", "the game is over: no more moves can be made")


def test_properties():
    assert check([Poddavki()], "cards_kept_apart").verdict == "holds"
    assert check([Poddavki()], "moves_match_clauses").verdict == "holds"
    r = check([Poddavki()], "terminates_none_chosen")
    assert_refuted(r)


class LosesTheHeap(Poddavki):
    def take(self, state, taker, piles, heap, over=False):
        return super().take(state, taker, piles, heap[1:], over)


class EndsEarly(Poddavki):
    def apply(self, state, move):
        after = super().apply(state, move)
        return dataclasses.replace(after, over=True) if after.heap == () and not after.over else after


class HolderWins(Poddavki):
    """The player holding both decks wins, although the rules say the one left without cards does."""

    def outcome(self, state):
        out = super().outcome(state)
        return dataclasses.replace(out, winners=(1 - out.winners[0],))


class AlwaysChoosesTheFirstCard(Poddavki):
    """Under the chosen order, offers only one way to gather: no cycle can be chosen."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves[:1]


@pytest.mark.parametrize("mutant,prop", [(LosesTheHeap, "cards_kept_apart"), (EndsEarly, "cards_kept_apart"),
                                         (HolderWins, "cards_kept_apart")])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant()], prop))


def test_a_search_that_finds_no_cycle_is_unknown_not_holds():
    r = check([AlwaysChoosesTheFirstCard()], "terminates_none_chosen")
    assert r.verdict == "unknown" and "every deal ends" in r.detail


def test_every_deal_counts():
    assert len(props.every_deal(props.short(Poddavki(), 3, 1))) == 6 * 6 * 2


class PayerTakes(Poddavki):
    """The heap goes to the player who paid: games can loop."""

    def take(self, state, taker, piles, heap, over=False):
        return super().take(state, taker if over else 1 - taker, piles, heap, over)


class BackToTheDeal(Poddavki):
    """After every heap the cards are dealt again as at the start: every game loops."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if state.heap and not after.heap and not after.over and not after.gathering:
            return self.deal(after.seed)
        return after


@pytest.mark.parametrize("mutant,prop", [(PayerTakes, "terminates_none_laid"),
                                         (BackToTheDeal, "terminates_none_reverse"),
                                         (BackToTheDeal, "terminates_beggar_laid")])
def test_a_game_that_loops_is_refuted(mutant, prop):
    assert_refuted(check([mutant()], prop))


# ------------------------------------------------------ orders, counters, the end, the log

def test_the_short_deck_keeps_the_highest_ranks_of_the_first_suits_in_each_players_deck():
    game = Poddavki(Rules(deck="36", ranks=2, suits=3))
    mine = P("K♠ A♠ K♥ A♥ K♦ A♦")
    assert sorted(game.deck()) == sorted(mine + mine)
    s = game.deal(4)
    assert sorted(s.piles[0]) == sorted(s.piles[1]) == sorted(mine) and s.heap == () and s.to_move in (0, 1)


def test_the_reverse_order_puts_the_last_card_of_the_heap_under_first():
    game = Poddavki(Rules(return_order="reverse"))
    s = run(game, game.position(["A♠ 5♦", "2♠ 3♠ 4♠ 6♦"]), 4)
    assert s == game.position(["5♦ 4♠ 3♠ 2♠ A♠", "6♦"])  # nothing owed, nobody claiming, play goes on


def test_the_chosen_order_puts_the_heap_under_card_by_card_and_says_what_is_wrong():
    game = Poddavki(Rules(return_order="chosen"))
    fresh = game.position(["K♠ 5♦", "2♠ 3♠ 4♠"])
    with pytest.raises(IllegalMove) as err:
        game.check_move(fresh, Under(P("K♠")[0]))
    assert str(err.value) == "illegal move under K♠: no heap is being taken [rule poddavki-gather]"
    s = run(game, fresh, 3)
    assert s.gathering and set(game.legal_moves(s)) == {Under(c) for c in P("K♠ 2♠ 3♠")}
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, Lay(P("5d")[0]))
    assert str(err.value) == "illegal move lay 5♦: P0 puts the heap under their pile first [rule poddavki-top]"
    with pytest.raises(IllegalMove) as err:
        game.check_move(s, Under(P("4♠")[0]))
    assert str(err.value) == "illegal move under 4♠: 4♠ is not in the heap [rule poddavki-gather]"
    for card in P("3♠ K♠"):
        s = game.play(s, Under(card))
        assert s.gathering and s.to_move == 0
    s = game.play(s, Under(P("2♠")[0]))
    assert s.piles == (P("5♦ 3♠ K♠ 2♠"), P("4♠")) and s.heap == () and not s.gathering and not s.over
    assert game.legal_moves(s) == (Lay(P("5♦")[0]),)


def test_under_the_beggar_counter_the_payer_who_runs_out_loses_everything_to_the_counter():
    game = Poddavki(Rules(counter="beggar"))
    s = run(game, game.position(["K♠ 5♦ 6♦ 7♦", "A♥ 3♠ 4♠"]), 5)
    assert game.is_over(s) and s.piles == ((), P("3♠ 4♠ K♠ A♥ 5♦ 6♦ 7♦")) and s.heap == ()
    out = game.outcome(s)
    assert out.winners == (0,) and out.returns == (1, -1)
    assert game.to_move(s) is None and game.legal_moves(s) == ()


def test_a_player_with_nothing_to_lay_ends_the_game_and_the_other_takes_the_heap():
    game = Poddavki()
    s = run(game, game.position(["5♦ 7♦", "6♦"]), 3)
    assert game.is_over(s) and s.piles == (P("5♦ 6♦ 7♦"), ()) and s.heap == ()
    assert game.outcome(s).returns == (-1, 1)
    assert Poddavki(Rules(objective="all_cards")).outcome(s).returns == (1, -1)


def test_the_log_says_who_pays_how_many_and_when_the_heap_is_taken():
    game = Poddavki()
    s = game.position(["K♠ 5♦ 8♦", "2♠ 3♠ 4♠"])
    log = []
    for _ in range(3):
        s = game.play(s, game.legal_moves(s)[0])
        log.append(game.describe_move(s))
    assert log == ["P1 pays 2", "P1 pays 1", "heap taken; piles 5 1"]  # P0: 5♦ 8♦ and the heap K♠ 2♠ 3♠
    s = game.play(s, game.legal_moves(s)[0])
    assert game.describe_move(s) == ""
    over = run(game, game.position(["A♠", "2♠"]), 2)
    assert game.describe_move(over) == "game over"


def test_the_piles_are_hidden_from_everyone_and_the_heap_is_open():
    game = Poddavki()
    s = game.position(["A♠ 2♠", "3♠"], "2♠", to_move=1, owed=1, seed=9)
    assert game.zones(s) == {"hand 0": P("A♠ 2♠"), "hand 1": P("3♠"), "heap": P("2♠")}
    assert game.hidden_zones(s, 0) == game.hidden_zones(s, 1) == frozenset({"hand 0", "hand 1"})


POSITION = Poddavki().position


@pytest.mark.parametrize("state,relabelled", [
    # P0 owes one more card for P1's king: only the hidden piles change
    (POSITION(["A♠ 2♠", "3♠"], "K♠", owed=1, seed=9), POSITION(["2♠ A♠", "3♠"], "K♠", owed=1, seed=9)),
    # P1 is putting the heap under their pile, card by card
    (POSITION(["3♠", "2♠"], "A♠ 2♠", to_move=1, gathering=True, seed=9),
     POSITION(["3♠", "A♠"], "A♠ 2♠", to_move=1, gathering=True, seed=9)),
    # the game is over: P0 holds everything
    (POSITION(["A♠ 2♠ 3♠", ()], seed=9), POSITION(["2♠ A♠ 3♠", ()], seed=9)),
])
def test_relabelling_swaps_hidden_cards_in_the_piles_and_keeps_the_rest_of_the_position(state, relabelled):
    game = Poddavki()
    a, two = P("A♠ 2♠")
    assert game.relabel(state, {a: two, two: a}) == relabelled
    assert game.to_move(state) == (None if state.over else state.to_move)


@pytest.mark.parametrize("rules", [Rules(), Rules(return_order="chosen", ranks=2, suits=1)])
def test_a_position_keeps_the_seed_of_its_deal(rules):
    game = Poddavki(rules)
    s = game.deal(17)
    for _ in range(40):
        if game.is_over(s):
            break
        s = game.play(s, game.legal_moves(s)[0])
        assert s.seed == 17


def test_while_the_heap_is_gathered_nothing_is_owed():
    game = Poddavki(Rules(return_order="chosen"))
    s = run(game, game.position(["A♠ 5♦", "2♠ 3♠ 4♠ 6♦"], seed=7), 4)
    assert s == game.position(["5♦", "6♦"], "A♠ 2♠ 3♠ 4♠", gathering=True, seed=7)
    s = game.play(s, Under(P("3♠")[0]))
    assert s == game.position(["5♦ 3♠", "6♦"], "A♠ 2♠ 4♠", gathering=True, seed=7)


def test_each_deal_shuffles_the_two_decks_apart_and_anew():
    game = Poddavki()
    deals = [game.deal(seed) for seed in range(4)]
    assert all(len(s.piles) == 2 and s.heap == () and s.seed == seed for seed, s in enumerate(deals))
    assert all(s.piles[0] != s.piles[1] for s in deals)  # each owner shuffles their own deck
    assert len({s.piles[0] for s in deals}) == 4 and len({s.piles[1] for s in deals}) == 4


def test_a_plain_card_with_nothing_owed_passes_the_turn_and_nobody_claims():
    game = Poddavki()
    s = game.play(game.position(["5♦ 6♦", "7♦ 8♦"], seed=3), Lay(P("5♦")[0]))
    assert s == game.position(["6♦", "7♦ 8♦"], "5♦", to_move=1, seed=3)


@pytest.mark.parametrize("order", ["laid", "reverse", "chosen"])
def test_paying_the_last_card_owed_with_the_last_card_held_ends_the_game_at_once(order):
    game = Poddavki(Rules(return_order=order))
    s = run(game, game.position(["K♠ 5♦", "2♠ 3♠"]), 3)
    assert game.is_over(s) and not s.gathering and s.piles[1] == () and sorted(s.piles[0]) == sorted(P("5♦ K♠ 2♠ 3♠"))


def test_hidden_information_is_claimed_where_there_are_two_different_cards():
    assert not in_scope(Poddavki, "hidden_information", Rules(ranks=1, suits=1), players=2)
    assert in_scope(Poddavki, "hidden_information", Rules(ranks=1, suits=2), players=2)
    assert in_scope(Poddavki, "hidden_information", Rules(), players=2)


# ------------------------------------------------------ full decks: playing a deal out

ACE_AND_KING_PAY_ONE = {"A": 1, "K": 1}


def _pays_one(card):
    """A broken payment table, through the clause registry: an ace and a king each demand one card."""
    return ACE_AND_KING_PAY_ONE.get(card.rank.label, 0)


def test_playing_out_agrees_with_the_state_search_deal_by_deal():
    """Brent's method on the positions between tricks (piles as payments) against the engine's search
    of every state: where payments of one card make some deals loop, both say which, for all 1,152 deals."""
    with CLAUSES.replaced("poddavki-pay", _pays_one):
        game = props.short(Poddavki(), 4, 1)
        loops = 0
        for root in props.every_deal(game):
            got = props.play_out(game, root.state)
            ex = explore(game, [root], key=props.rank_key, stop_at_cycle=True, max_states=100_000)
            assert ex.complete or ex.cycle is not None
            assert (ex.cycle is not None) == (got.loop is not None) == (not got.over), root.label
            loops += got.loop is not None
        assert 0 < loops < 1152


def test_a_full_deal_played_out_lasts_as_long_as_the_longest_game_the_search_finds():
    game = Poddavki()
    for seed in range(3):
        got = props.play_out(game, game.deal(seed))
        ex = explore_one(game, seed)
        assert got.over and got.loop is None and got.lays == len(ex.longest[1]) > 100
        state, taken = game.deal(seed), 0        # the heaps taken along the search's line
        for move in ex.longest[1]:
            before, state = state.heap, game.apply(state, move)
            taken += len(state.heap) < len(before) + 1
        assert got.tricks == taken


def explore_one(game, seed):
    return explore(game, [Root.deal(game, seed)], stop_at_cycle=True, max_states=100_000)


def test_playing_out_follows_one_line_of_play_only():
    with pytest.raises(ValueError, match="one line of play"):
        props.play_out(Poddavki(Rules(return_order="chosen")), Poddavki(Rules(return_order="chosen")).deal(0))


def test_a_looping_full_deal_is_refuted_with_a_record_that_replays():
    r = check([BackToTheDeal()], "terminates_none_laid")
    assert_refuted(r)
    assert "loops for ever" in r.counterexample.text and r.counterexample.record is not None


def test_the_local_search_keeps_whole_decks_and_reports_the_game_it_returns():
    game = Poddavki()
    deal = game.deal(5)
    start = props.play_out(game, deal)
    piles, first, best = props.climb(game, deal.piles, deal.to_move, 40, seed=1)
    assert sorted(piles[0]) == sorted(piles[1]) == sorted(deal.piles[0])
    assert best.lays >= start.lays
    assert props.play_out(game, game.position(piles, to_move=first)) == best


def test_the_census_is_the_same_sharded_over_processes_or_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    here = props.full_census("none", "laid", 12, workers=1, climb_steps=5)
    pooled = props.full_census("none", "laid", 12, workers=2, climb_steps=5)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                                  processes=True) as cluster:
        remote = props.full_census("none", "laid", 12, scheduler=cluster.scheduler_address, climb_steps=5)
    assert here == pooled == remote
    assert here["deals"] == 12 and here["ended"] + len(here["loops"]) + len(here["unfinished"]) == 12
    game = Poddavki()
    lays = [props.play_out(game, game.deal(seed)).lays for seed in range(12)]
    assert here["lays"] == sum(lays) and here["longest"][:2] == (lays.index(max(lays)), max(lays))


def test_the_recorded_census_is_replayed_by_every_run_and_a_stale_figure_says_so():
    assert set(props.CENSUS) == set(props.FIXED)
    for (counter, order), c in props.CENSUS.items():
        game = Poddavki(Rules(counter=counter, return_order=order))
        got = props.play_out(game, game.deal(c["seed"]))
        assert (got.lays, got.tricks, got.over) == (c["lays"], c["tricks"], True)
        assert c["ended"] + c["loops"] == c["deals"]
    r = check([Poddavki()], "terminates_none_laid")
    assert "replayed now" in r.detail and f"{props.CENSUS[('none', 'laid')]['lays']} cards" in r.detail
    # an ace and a king demanding one card each: the recorded longest game is not that long any more
    with CLAUSES.replaced("poddavki-pay", _pays_one):
        r = check([Poddavki()], "terminates_none_laid")
    assert "no longer replay" in r.detail
    # a house rule's deck is not the census's: nothing is claimed from it
    assert "census" not in check([Poddavki(Rules(deck="36"))], "terminates_none_laid").detail

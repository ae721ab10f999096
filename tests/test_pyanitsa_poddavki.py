"""The two-deck Pyanitsa: payments, the end, termination searches, one mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.pyanitsa_poddavki as props
from spec.cards import parse_cards
from spec.errors import IllegalMove
from spec.games.pyanitsa_poddavki import Lay, Poddavki, Rules, State, Under
from tests.helpers import assert_refuted, check

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
    s = State((P("A♠ 5♦"), P("2♠ 3♠ 4♠ 6♦")), (), 0, 0)
    with pytest.raises(IllegalMove, match=r"lays the top card of their pile, not 5♦ \[rule poddavki-top\]"):
        game.check_move(s, Lay(P("5d")[0]))
    s = run(game, s, 1)
    assert s.to_move == 1 and s.demand == 3
    s = run(game, s, 3)
    assert s.heap == () and s.piles[0] == P("5♦ A♠ 2♠ 3♠ 4♠") and s.to_move == 0


def test_a_king_demands_two_and_as_written_an_ace_in_the_payment_is_just_a_card():
    game = Poddavki()
    s = run(game, State((P("K♠ 5♦"), P("A♥ 3♠ 4♠")), (), 0, 0), 3)
    assert s.piles[0] == P("5♦ K♠ A♥ 3♠") and s.to_move == 0
    beggar = Poddavki(Rules(counter="beggar"))
    s = run(beggar, State((P("K♠ 5♦ 6♦ 7♦"), P("A♥ 3♠ 4♠")), (), 0, 0), 2)
    assert s.to_move == 0 and s.demand == 3 and s.claimant == 1


def test_the_game_ends_when_a_player_cannot_lay():
    game = Poddavki()
    s = run(game, State((P("A♠"), P("2♠")), (), 0, 0), 2)
    assert game.is_over(s) and s.piles == (P("A♠ 2♠"), ())
    assert game.outcome(s).winners == (1,)  # as the catalogue's name says: the one who gave everything away
    assert Poddavki(Rules(objective="all_cards")).outcome(s).winners == (0,)


def test_the_chosen_order():
    game = Poddavki(Rules(return_order="chosen"))
    s = run(game, State((P("K♠ 5♦"), P("2♠ 3♠ 4♠")), (), 0, 0), 3)
    assert s.gathering and set(game.legal_moves(s)) == {Under(c) for c in P("K♠ 2♠ 3♠")}
    with pytest.raises(IllegalMove, match=r"puts the heap under their pile first"):
        game.check_move(s, Lay(P("5d")[0]))


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


class AlwaysChoosesTheFirstCard(Poddavki):
    """Under the chosen order, offers only one way to gather: no cycle can be chosen."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves[:1]


@pytest.mark.parametrize("mutant,prop", [(LosesTheHeap, "cards_kept_apart"), (EndsEarly, "cards_kept_apart")])
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

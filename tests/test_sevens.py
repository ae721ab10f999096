"""Sevens: rules, refusals, and one mutation test per property."""

from __future__ import annotations

import pytest

import verifier.games.sevens  # noqa: F401  (registers the properties)
from spec.cards import make_deck, parse_card, parse_cards
from spec.errors import IllegalMove
from spec.games.sevens import (
    CLAUSES, ENDS, LAY, NOT_STARTED, PASS, ROW_ORDER, STATED_RANKS, Lay, Rules, Sevens, State, deal_hands,
    lay_builds, next_player, row_order,
)
from tests.helpers import assert_refuted, check

GAMES = [Sevens(players=n) for n in range(2, 9)]
C = parse_card
DIAMONDS = "7♦ 8♦ 6♦ 9♦ 5♦ 10♦ 4♦ J♦ 3♦ Q♦ 2♦ K♦ A♦"   # a whole row, laid outward from the 7


def test_the_deal_is_the_whole_deck_extra_cards_from_the_dealers_left():
    for n in range(2, 9):
        hands = deal_hands(tuple(Sevens(players=n).deck()), n)
        assert sum(map(len, hands)) == 52
        per, extra = divmod(52, n)
        assert [len(h) for h in hands] == [per] + [per + (p <= extra) for p in range(1, n)]
    assert next_player(2, 3) == 0


def test_the_holder_of_the_seven_of_diamonds_opens():
    game = Sevens(players=3)
    state = game.deal(4)
    assert C("7d") in state.hands[state.to_move]
    assert game.legal_moves(state) == (Lay(C("7d")),)


def test_refusals_name_the_clause_and_say_what_is_allowed():
    game = Sevens(players=2)
    opening = game.position(["7♦ 8♠", "6♦ 9♥"])
    with pytest.raises(IllegalMove, match=r"the first card is 7♦, not 8♠ \[rule sevens-open\]"):
        game.check_move(opening, Lay(C("8s")))
    with pytest.raises(IllegalMove, match=r"can lay 7♦, so may not pass \[rule sevens-pass\]"):
        game.check_move(opening, PASS)
    mid = game.position(["10♦ 8♠ 2♣", "6♦ 9♥"], "7♦ 8♦")
    with pytest.raises(IllegalMove, match=r"10♦ does not extend the ♦ row: it takes 6♦ or 9♦ \[rule sevens-build\]"):
        game.check_move(mid, Lay(C("Td")))
    with pytest.raises(IllegalMove, match=r"the ♠ row has not started: it starts with 7♠"):
        game.check_move(mid, Lay(C("8s")))
    with pytest.raises(IllegalMove, match=r"does not hold 6♦ \[rule sevens-hold\]"):
        game.check_move(mid, Lay(C("6d")))
    assert game.legal_moves(mid) == (PASS,)
    after = game.play(mid, PASS)
    assert after.to_move == 1 and set(game.legal_moves(after)) == {Lay(C("6d"))}


def test_rows_end_at_the_ace_and_the_king():
    game = Sevens(players=2)
    state = game.position(["7♠", "7♥"], DIAMONDS)
    laid = game.build.options(make_deck("52"), tuple(map(ENDS.__getitem__, state.rows)))
    assert {c for c, _ in laid} == {C("7s"), C("7h"), C("7c")}
    low = game.position(["A♠ 5♥", "K♠"], "7♠ 6♠ 8♠ 5♠ 9♠ 4♠ 10♠ 3♠ J♠ 2♠ Q♠ 7♦")
    assert set(game.legal_moves(low)) == {Lay(C("As"))}
    assert game.legal_moves(game.play(low, Lay(C("As")))) == (Lay(C("Ks")),)


def test_moves_round_trip_and_the_voluntary_pass_reading():
    game = Sevens(Rules(pass_when_able=True), players=2)
    assert game.parse_move("pass") == PASS and game.parse_move("10♥") == Lay(C("Th"))
    mid = game.position(["6♦ 8♠", "9♥"], "7♦")
    assert PASS in game.legal_moves(mid)
    assert Sevens(players=2).legal_moves(mid) == (Lay(C("6d")),)


def test_properties_hold_and_findings_are_as_expected():
    expected = {"rows_are_runs": "holds", "opens_with_seven_of_diamonds": "holds", "first_out_wins": "holds",
                "turn_order": "holds", "never_blocked": "holds", "moves_match_clauses": "holds",
                "rank_list_matches_rows": "refuted", "voluntary_pass_can_loop": "refuted"}
    for name, verdict in expected.items():
        r = check(GAMES, name)
        assert r.verdict == verdict, (name, r.verdict, r.detail)
    r = check(GAMES, "voluntary_pass_can_loop")
    rec = r.counterexample.record
    game = rec.game_object()
    assert game.rules.pass_when_able
    state = game.replay(rec.seed, [game.parse_move(m) for m in rec.moves])
    assert not game.is_over(state)


# ------------------------------------------------------------------ mutants

def gaps_in_rows(game, state):
    """The building clause broken: any held card of a started suit may be laid."""
    gaps = tuple(LAY[c] for c in state.hands[state.to_move]
                 if state.rows[list(("s", "h", "d", "c")).index(c.suit.value)] != NOT_STARTED)
    return tuple(dict.fromkeys(lay_builds(game, state) + gaps))


class ExtraCardsToTheDealer(Sevens):
    def deal(self, seed):
        state = super().deal(seed)
        hands = list(state.hands)
        if len(hands[1]) > len(hands[0]):
            hands[0], hands[1] = hands[0] + hands[1][-1:], hands[1][:-1]
        return self.position(hands, seed=state.seed)   # the 7♦'s holder opens


class DealerOpens(Sevens):
    def deal(self, seed):
        state = super().deal(seed)
        return self.position(state.hands, to_move=0, seed=state.seed)


class AlwaysP0Wins(Sevens):
    def outcome(self, state):
        out = super().outcome(state)
        return type(out)(winners=(0,), returns=out.returns)


class Anticlockwise(Sevens):
    def apply(self, state, move):
        after = super().apply(state, move)
        return State(after.hands, after.rows, (state.to_move - 1) % self.players, after.seed, after.laid)


class NeverPassesWhenAble(Sevens):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves[1:] if len(moves) > 1 and moves[0] == PASS else moves


@pytest.mark.parametrize("mutant,prop", [
    (ExtraCardsToTheDealer, "opens_with_seven_of_diamonds"),
    (DealerOpens, "opens_with_seven_of_diamonds"),
    (AlwaysP0Wins, "first_out_wins"),
    (Anticlockwise, "turn_order"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant(players=n) for n in (2, 3, 4)], prop))


def lays_from_the_next_hand(game, state):
    """The holding clause broken: the next player's first card may be laid too."""
    other = state.hands[(state.to_move + 1) % game.players][:1]
    return lay_builds(game, state) + tuple(LAY[c] for c in other)


@pytest.mark.parametrize("label,broken,prop", [
    ("sevens-build", gaps_in_rows, "rows_are_runs"),
    ("sevens-build", lays_from_the_next_hand, "rows_are_runs"),
    # the aces can never be laid: with the whole deck dealt, play can block
    ("sevens-ranks", lambda: ROW_ORDER[1:], "never_blocked"),
])
def test_a_broken_clause_is_refuted(label, broken, prop):
    with CLAUSES.replaced(label, broken):
        assert_refuted(check([Sevens(players=n) for n in (2, 3, 4)], prop))


def test_the_corrected_rank_list_holds_and_a_game_that_cannot_loop_is_not_refuted():
    with CLAUSES.replaced("sevens-ranks", lambda: STATED_RANKS):
        r = check([Sevens(players=2)], "rank_list_matches_rows")
        stated = " ".join(r.label for r in STATED_RANKS)
        assert r.verdict == "holds" and r.detail == f"the stated list is the row order {stated} (all 12 ranks compared)"
    assert row_order() == ROW_ORDER  # the clause is back
    assert check([NeverPassesWhenAble(players=2)], "voluntary_pass_can_loop").verdict == "unknown"


# ------------------------------------------------------- the end, the table, the texts

@pytest.mark.parametrize("players,hands,winner,returns", [
    (2, ["", "7♠"], 0, (1, -1)),
    (3, ["7♠", "", "8♠"], 1, (-1, 2, -1)),
    (4, ["7♠", "8♠", "9♠", ""], 3, (-1, -1, -1, 3)),
])
def test_the_first_player_out_wins_n_minus_one_and_each_other_player_pays_one(players, hands, winner, returns):
    game = Sevens(players=players)
    state = game.position(hands, "7♦", to_move=0)
    assert game.is_over(state) and game.to_move(state) is None and game.legal_moves(state) == ()
    out = game.outcome(state)
    assert out.winners == (winner,) and out.returns == returns


def test_the_game_goes_on_while_every_hand_holds_a_card():
    game = Sevens(players=3)
    state = game.position(["7♠", "8♠", "9♠"], "7♦", to_move=2)
    assert not game.is_over(state) and game.to_move(state) == 2


def test_the_deal_starts_four_empty_rows_and_a_position_keeps_its_deal():
    game = Sevens(players=4)
    state = game.deal(11)
    assert state.rows == (NOT_STARTED,) * 4 and state.laid == 0 and state.seed == 11
    assert game.zones(state)["rows"] == ()
    opened = game.play(state, Lay(C("7d")))
    for move in (game.legal_moves(opened)[0], PASS):
        after = game.apply(opened, move)
        assert after.seed == 11 and after.laid + sum(map(len, after.hands)) == 52


def test_the_zones_are_each_hand_and_the_cards_of_the_rows():
    game = Sevens(players=2)
    state = game.position(["K♣", "Q♣ 5♠"], "7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♦ 7♠ 8♠ 6♠")
    zones = game.zones(state)
    assert zones["hand 0"] == (C("Kc"),) and zones["hand 1"] == tuple(parse_cards("Q♣ 5♠"))
    assert zones["rows"] == tuple(parse_cards("6♠ 7♠ 8♠ A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦"))
    assert set(zones) == {"hand 0", "hand 1", "rows"}


def test_the_table_and_the_hands_are_described_in_card_notation():
    game = Sevens(players=2)
    rows = "6♠ 7♠ 8♠ " + DIAMONDS
    state = game.position(["K♣ 2♠", "Q♣"], rows)
    assert game.describe_move(state) == "rows 6-8♠ | A-K♦"
    assert game.describe(state) == "P0: K♣ 2♠; P1: Q♣"
    assert game.describe_move(game.position(["", "Q♣"], rows)) == "out of cards"


@pytest.mark.parametrize("players,bound", [
    (2, 51 + 1 * 50),   # 51 lays before the last hand can empty, at most one pass between two lays
    (4, 49 + 3 * 48),
    (8, 45 + 7 * 44),
])
def test_the_bound_on_plays_counts_lays_and_the_passes_between_them(players, bound):
    assert Sevens(players=players).max_plays() == bound


# ------------------------------------------------- the declared variant space (issue 23)

def test_a_voluntary_pass_declares_no_bound():
    """Under pass_when_able a game can pass for ever, so the rules claim no maximum length."""
    assert Sevens(Rules(pass_when_able=True), players=3).max_plays() is None
    assert Sevens(players=3).max_plays() == 50 + 2 * 49


@pytest.mark.parametrize("n", [2, 5, 8])
def test_the_voluntary_pass_loops_at_every_player_count(n):
    """The search starts a few moves before the end of a random game: with eight players the
    endgame of six cards left used to be a finished game, and nothing was found."""
    for rules in (Rules(), Rules(pass_when_able=True)):
        r = check([Sevens(rules, players=n)], "voluntary_pass_can_loop")
        assert r.verdict == "refuted" and r.as_expected, (n, r.detail)
        rec = r.counterexample.record
        game = rec.game_object()
        assert game.rules.pass_when_able and game.players == n
        assert not game.is_over(game.replay(rec.seed, [game.parse_move(m) for m in rec.moves]))


def test_a_position_names_its_cards_once_and_builds_rows_through_the_sevens():
    game = Sevens(players=2)
    state = game.position(["K♣ 2♠", "Q♣"], "8♠ 7♠ 6♠ 7♦")
    assert state.rows == ((6, 8), NOT_STARTED, (7, 7), NOT_STARTED) and state.laid == 4 and state.to_move == 0
    assert game.position(["8♠", "7♦"]).to_move == 1 and game.position(["8♠", "7♦"]).laid == 0
    with pytest.raises(ValueError, match="^7♦ is named more often than the deck holds it$"):
        game.position(["7♦", "8♠"], "7♦")
    with pytest.raises(ValueError, match="^Jk is not a card of this deck$"):
        game.position(["Jk", "8♠"])
    with pytest.raises(ValueError, match="the ♠ row is not a run through its 7"):
        game.position(["K♣", "Q♣"], "6♠ 8♠")

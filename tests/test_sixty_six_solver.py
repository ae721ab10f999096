"""Sixty-Six's endgame solver: the position notation and its one-line errors, values worked out by hand, refusals."""

from __future__ import annotations

import dataclasses

import pytest

from spec.cards import Suit, parse_card
from spec.errors import CardspecError, NotationError
from spec.games._sixty_six_solver import (
    KEYS, Solver, _order_key, format_position, opponent_hands, parse_position, solve_state, solve_text,
)
from spec.games.sixty_six import Marry, Play, SixtySix, State, in_last_phase

R = SixtySix.Rules
C = parse_card
ALL_KEYS = "trump, p0, p1, lead, led, points, marriages, tricks, closed, close_tricks"


def refusal(text, game=None):
    with pytest.raises(NotationError) as exc:
        parse_position(game or SixtySix(), text)
    return str(exc.value)


# --------------------------------------------------------- position errors

# Each a position a user might type; the expected sentence is the refusal a user should read.
@pytest.mark.parametrize("text, message", [
    ("trump=♥; p0 A♥; p1=9♥", f"position: cannot read 'p0 A♥': write key=value pairs separated by ';' (keys: {ALL_KEYS})"),
    ("trump=♥; p0=A♥; p1=9♥; colour=red", f"position: unknown key 'colour'; allowed: {ALL_KEYS}"),
    ("trump=♥; p0=A♥; P0=K♥; p1=9♥", "position: key 'p0' given twice"),
    ("trump=♥; p0=A♥", "position: key 'p1' is missing (required: trump, p0, p1)"),
    ("p0=A♥; p1=9♥", "position: key 'trump' is missing (required: trump, p0, p1)"),
    ("trump=q; p0=A♥; p1=9♥", "position: key 'trump': expected a suit (♠ ♥ ♦ ♣, ♤ ♡ ♢ ♧ or s h d c), got 'q'"),
    ("trump=♥; p0=A♥; p1=8♥", "position: key 'p1': 8♥ is not in the 24-card deck (9 to A)"),
    ("trump=♥; p0=A♥ 9♥; p1=9♠ K♠; led=9♦ 10♦", "position: key 'led': at most one card"),
    ("trump=♥; p0=A♥; p1=A♥", "position: A♥ is given twice"),
    ("trump=♥; p0=A♥; p1=9♠; led=A♥", "position: A♥ is given twice"),
    ("trump=♥; p0=A♥; p1=9♠; lead=2", "position: key 'lead': expected 0 or 1 (P0 or P1), got '2'"),
    ("trump=♥; p0=A♥; p1=9♠; lead=0; led=9♦",
     "position: after led=9♦, P0 must hold one card fewer than P1 (1 and 1 given)"),
    ("trump=♥; p0=A♥; p1=9♠ 9♦; lead=p1; led=9♣",
     "position: after led=9♣, P1 must hold one card fewer than P0 (2 and 1 given)"),
    ("trump=♥; p0=A♥; p1=", "position: hands must be equal in size (1 and 0 given)"),
    ("trump=♥; p0=; p1=", "position: the hands are empty; the game is already over"),
    ("trump=♥; p0=; p1=9♠; lead=1; led=9♦", "position: after led=9♦, P1 must hold one card fewer than P0 "
                                           "(1 and 0 given)"),
    ("trump=♥; p0=A♥; p1=9♠; points=60", "position: key 'points': expected two numbers like 30,22, got '60'"),
    ("trump=♥; p0=A♥; p1=9♠; tricks=a,b", "position: key 'tricks': expected two numbers like 30,22, got 'a,b'"),
    ("trump=♥; p0=A♥; p1=9♠; points=²,0", "position: key 'points': expected two numbers like 30,22, got '²,0'"),
    ("trump=♥; p0=A♥; p1=9♠; points=" + "9" * 5000 + ",0",
     "position: key 'points': expected two numbers like 30,22, got '" + "9" * 80 + "'…(5002 chars)"),
    ("trump=♥; p0=A♥; p1=9♠; points=1,2,3", "position: key 'points': expected two numbers like 30,22, "
                                             "got '1,2,3'"),
    ("trump=♥; p0=A♥; p1=9♠; points=0,2; tricks=1,0", "position: P1 has 2 card points but no trick "
                                                       "(set tricks=...)"),
    ("trump=♥; p0=A♥; p1=9♠; points=2,0; tricks=0,1", "position: P0 has 2 card points but no trick "
                                                       "(set tricks=...)"),
    ("trump=♥; p0=A♥=9♠; p1=9♠", "position: key 'p0': cannot read card 'A♥=9♠': ranks are 2-10 T J Q K A "
                                 "(or В Д К Т), suits ♠♥♦♣ or s h d c"),      # only the first '=' splits
    ("trump=♥; p0=A♥; p1=9♠; marriages=x", "position: key 'marriages': expected two numbers like 30,22, got 'x'"),
    ("trump=♥; p0=A♥; p1=9♠; closed=2", "position: key 'closed': expected 0 or 1 (P0 or P1), got '2'"),
    ("trump=♥; p0=A♥; p1=9♠; points=20,0; tricks=1,0; closed=0; close_tricks=a",
     "position: key 'close_tricks': expected two numbers like 30,22, got 'a'"),
    ("trump=♥; p0=A♥; p1=9♠; marriages=0,30", "position: key 'marriages': 30 is not the points of up to three plain "
     "marriages (20 each) and the trump marriage (40)"),
    ("trump=♥; p0=A♥; p1=9♠; marriages=120,0", "position: key 'marriages': 120 is not the points of up to three "
     "plain marriages (20 each) and the trump marriage (40)"),
    ("trump=♥; p0=A♥; p1=9♠; marriages=10,0", "position: key 'marriages': 10 is not the points of up to three plain "
     "marriages (20 each) and the trump marriage (40)"),
    ("trump=♥; p0=A♥; p1=9♠; points=55,54; tricks=6,4",
     "position: with the stock exhausted, 2 × tricks + cards in hand must be 24 (20 + 2 given); "
     "add closed=P if the stock was closed"),
    ("trump=♥; p0=A♥; p1=9♠; points=55,53; tricks=6,5",
     "position: the card points of the tricks (55+53) and of the cards in hand (11) must add up to 120"),
    ("trump=♥; p0=A♥; p1=9♠; points=50,59; tricks=6,5; closed=0",
     "position: too many cards for a closed stock (22 in tricks, 2 in hand)"),
    ("trump=♥; p0=A♥; p1=9♠; points=60,50; tricks=5,5; closed=0",
     "position: more than 120 card points in tricks and hands"),
    ("trump=♥; p0=A♥; p1=9♠; points=55,54; tricks=6,5; close_tricks=1,1",
     "position: key 'close_tricks' needs closed=P0 or closed=P1"),
    ("trump=♥; p0=A♥; p1=9♠; points=46,63; tricks=6,5; marriages=20,0",
     "position: P0 already holds 66 points; the game is over"),
    ("trump=♥; p0=A♥; p1=9♠; points=43,66; tricks=5,6", "position: P1 already holds 66 points; the game is over"),
    ("trump=♥; p0=Z♥; p1=9♠", "position: key 'p0': cannot read card 'Z♥': ranks are 2-10 T J Q K A (or В Д К Т), "
                              "suits ♠♥♦♣ or s h d c"),
])
def test_a_bad_position_is_refused_in_one_sentence(text, message):
    assert refusal(text) == message


def test_the_list_of_keys():
    assert ", ".join(KEYS) == ALL_KEYS


def test_the_refusals_follow_the_target():
    # a lower target makes a position over sooner: 60 card points already win at target 60
    text = "trump=♥; p0=A♥; p1=9♠; points=60,49; tricks=6,5"
    assert refusal(text, SixtySix(R(target=60))) == "position: P0 already holds 60 points; the game is over"
    assert parse_position(SixtySix(), text).points == (60, 49)


def test_the_marriage_points_follow_the_rules():
    # under marriages of 19 and 39 points a player may hold 19 + 39 = 58, and 20 is no longer a sum of them
    rules = R(marriage_points=19, trump_marriage_points=39)
    text = "trump=♥; p0=A♥; p1=9♠; closed=0; marriages={}"
    assert parse_position(SixtySix(rules), text.format("58,0")).points == (58, 0)
    assert refusal(text.format("20,0"), SixtySix(rules)) == (
        "position: key 'marriages': 20 is not the points of up to three plain marriages (19 each) and the trump "
        "marriage (39)")
    assert refusal(text.format("58,0")) == (
        "position: key 'marriages': 58 is not the points of up to three plain marriages (20 each) and the trump "
        "marriage (40)")


@pytest.mark.parametrize("written", ["♥", "h", "H", "hearts", "Hearts", "черви", " ♥ "])
def test_the_trump_suit_in_any_notation(written):
    state = parse_position(SixtySix(), f"trump={written}; p0=A♥; p1=9♠; points=55,54; tricks=6,5")
    assert state.trump is Suit.HEARTS


@pytest.mark.parametrize("written, seat", [("0", 0), ("1", 1), ("P1", 1), ("p1", 1), (" P0 ", 0)])
def test_a_seat_is_0_or_1_with_or_without_p(written, seat):
    state = parse_position(SixtySix(), f"trump=♥; p0=A♥; p1=9♠; points=55,54; tricks=6,5; lead={written}")
    assert state.to_move == seat


# ----------------------------------------------------- positions, read back

def test_an_exhausted_stock_position():
    s = parse_position(SixtySix(), "trump=♠; p0=A♥ 9♠;; p1=10♣ K♦; lead=1; points=50,45; tricks=6,4; ;")
    assert [set(h) for h in s.hands] == [{C("A♥"), C("9♠")}, {C("10♣"), C("K♦")}]
    assert s.stock == () and s.closed_by is None and s.close_tricks is None
    assert s.to_move == 1 and s.trick == () and s.points == (50, 45) and s.card_points == (50, 45)
    assert s.tricks == (6, 4) and s.result is None


def test_a_closed_stock_position_keeps_the_unseen_cards_in_the_stock():
    s = parse_position(SixtySix(), "trump=♥; p0=A♥ 9♠; p1=K♠ Q♦; points=0,20; tricks=0,1; marriages=20,0; closed=1")
    # 24 cards: 2 in tricks, 4 in hand, 18 unseen in the closed stock
    assert len(s.stock) == 18 and not set(s.stock) & set(s.hands[0] + s.hands[1])
    assert s.closed_by == 1 and s.close_tricks == (0, 1)           # closed now: the tricks as they stand
    assert s.points == (20, 20) and s.card_points == (0, 20)        # a marriage adds to the points
    s = parse_position(SixtySix(), "trump=♥; p0=A♥ 9♠; p1=K♠ Q♦; points=0,20; tricks=0,1; closed=P0; "
                                   "close_tricks=0,0")
    assert s.closed_by == 0 and s.close_tricks == (0, 0)


def test_a_card_already_led():
    # P1 led the ten, so holds one card fewer; P0 is to follow
    s = parse_position(SixtySix(), "trump=♥; p0=A♥ 9♣; p1=K♠; lead=1; led=10♠; points=50,45; tricks=5,5")
    assert s.trick == ((1, C("10♠")),) and s.to_move == 0


@pytest.mark.parametrize("text", [
    "trump=♥; p0=9♠; p1=A♥; lead=0; points=0,20; tricks=0,1; closed=1",
    "trump=♣; p0=A♥ 9♠; p1=K♠ Q♦; lead=1; points=0,20; tricks=0,1; marriages=20,0; closed=1; close_tricks=0,0",
    "trump=♥; lead=1; led=10♠; p0=A♥ 9♣; p1=K♠; points=50,45; tricks=5,5",
    "trump=♦; p0=A♥ 9♠; p1=10♣ K♦; lead=0; points=50,45; tricks=6,4",
])
def test_format_position_reads_back_the_same_position(text):
    g = SixtySix()
    s = parse_position(g, text)
    again = parse_position(g, format_position(s))
    assert g.solver_key(again) == g.solver_key(s) and again.trump == s.trump


def test_format_position_writes_only_what_is_not_implied():
    g = SixtySix()
    text = "trump=♥; p0=9♠; p1=A♥; lead=0; points=0,20; tricks=0,1; closed=1"
    assert format_position(parse_position(g, text)) == text
    assert format_position(parse_position(g, "trump=h; p0=A♥ 9♣; lead=P1; p1=K♠; led=10♠; tricks=5,5; points=50,45")) \
        == "trump=♥; p0=A♥ 9♣; p1=K♠; lead=1; led=10♠; points=50,45; tricks=5,5"
    assert format_position(parse_position(
        g, "trump=♣; p0=9♠ A♥; p1=K♠ Q♦; points=0,20; tricks=0,1; marriages=40,20; closed=0; close_tricks=0,0")) \
        == "trump=♣; p0=9♠ A♥; p1=K♠ Q♦; lead=0; points=0,20; tricks=0,1; marriages=40,20; closed=0; close_tricks=0,0"
    text = "trump=♥; p0=A♥ 9♠; p1=K♠ Q♦; lead=0; points=20,20; tricks=2,1; closed=0; close_tricks=1,0"
    assert format_position(parse_position(g, text)) == text


# -------------------------------------------------- values worked out by hand

@pytest.mark.parametrize("text, value, meaning", [
    # P0 leads the trump ace and takes the last trick: 55 + 11 + 10 = 76; P1 has 54 (not under 33): single
    ("trump=♥; p0=A♥; p1=9♠; lead=0; points=55,54; tricks=6,5", 1, "P0 wins 1 game point with best play"),
    # the mirror: P1 trumps the nine
    ("trump=♥; p0=9♠; p1=A♥; lead=0; points=54,55; tricks=5,6", -1, "P1 wins 1 game point with best play"),
    # two nines: P0 takes the last trick for 55 + 10 = 65, nobody reaches 66 and nobody closed: drawn
    ("trump=♥; p0=9♠; p1=9♣; lead=0; points=55,65; tricks=6,5", 0, "drawn with best play"),
    # P1 closed and ends on 20 + 11 + 10 = 41: P0, who scores, took no trick: triple
    ("trump=♥; p0=9♠; p1=A♥; lead=0; points=0,20; tricks=0,1; closed=1", 3, "P0 wins 3 game points with best play"),
    # P0 closed and ends on 41; P1 scores, and took a trick: double
    ("trump=♥; p0=9♠; p1=A♥; lead=0; points=20,0; tricks=1,0; closed=0", -2, "P1 wins 2 game points with best play"),
    # P0 closed and ends on 41 with every trick: P1 scores triple without a trick
    ("trump=♥; p0=A♥; p1=9♠; lead=0; points=20,0; tricks=1,0; closed=0", -3, "P1 wins 3 game points with best play"),
])
def test_solve_text_values_worked_out_by_hand(text, value, meaning):
    out = solve_text(SixtySix(), text)
    assert out["value"] == value and out["meaning"] == meaning
    assert out["position"] == text and out["nodes"] > 0 and out["seconds"] >= 0
    assert len(out["line"]) == 2


def test_the_best_line_holds_the_trump_ace_back():
    # P0 leads. A♥ first: P1 throws 9♠ (P0 61), then 9♣ loses to 10♣ and P1 ends on 49 + 10 + 10 = 69: -1.
    # 9♣ first: 10♣ wins it (P1 59), P1 must lead 9♠, P0 trumps it with A♥: 50 + 11 + 10 = 71: +1.
    g = SixtySix()
    s = parse_position(g, "trump=♥; p0=A♥ 9♣; p1=9♠ 10♣; lead=0; points=50,49; tricks=5,5")
    out = solve_state(g, s)
    assert out["value"] == 1 and out["line"] == ["9♣", "10♣", "9♠", "A♥"]
    end = s
    for m in out["line"]:
        end = g.play(end, g.parse_move(m))
    assert g.is_over(end) and end.result == (1, 0)
    assert solve_state(g, s, line=False)["line"] == []


def test_marriages_are_searched_first_then_high_cards():
    moves = [Play(C("9♠")), Play(C("A♠")), Marry(C("Q♥")), Play(C("10♦")), Marry(C("K♠"))]
    # marriages by the points of the card led (the king's 4 before the queen's 3), then plays by card points;
    # closing is never among them: the stock is already exhausted or closed
    assert sorted(moves, key=_order_key) == [Marry(C("K♠")), Marry(C("Q♥")), Play(C("A♠")), Play(C("10♦")),
                                             Play(C("9♠"))]
    g = SixtySix()
    s = parse_position(g, "trump=♥; p0=Q♥ K♥ 9♠ A♠; p1=9♣ J♦ 10♦ A♣; lead=0; points=40,32; tricks=3,2; closed=1")
    assert Solver(g).ordered_moves(s) == [Marry(C("K♥")), Marry(C("Q♥")), Play(C("A♠")), Play(C("K♥")),
                                          Play(C("Q♥")), Play(C("9♠"))]


# ------------------------------------------------------------- refusals

def test_the_solver_plays_two_player_single_games_only():
    with pytest.raises(CardspecError) as exc:
        Solver(SixtySix(R(allow_three=True), players=3))
    assert str(exc.value) == "the endgame solver is for two players (with three, hands are not a two-sided contest)"
    with pytest.raises(CardspecError) as exc:
        Solver(SixtySix(R(partie=True)))
    assert str(exc.value) == "the endgame solver works on a single game (partie = false)"


def test_the_solver_needs_the_last_phase():
    g = SixtySix()
    with pytest.raises(CardspecError) as exc:
        solve_state(g, g.deal(1))
    assert str(exc.value) == "the solver needs a position after the stock is exhausted or closed"


def test_opponent_hands_are_every_hand_of_the_size():
    pool = [C("9♠"), C("10♠"), C("J♠"), C("Q♠")]
    hands = list(opponent_hands(iter(pool), 2))
    assert len(hands) == 6 and len(set(hands)) == 6 and all(len(h) == 2 and set(h) <= set(pool) for h in hands)
    assert list(opponent_hands(pool, 0)) == [()]


# ------------------------------------------------ accepted at the limits

@pytest.mark.parametrize("text", [
    # 22 cards seen with a closed stock (the most: the count is always even), two unseen in it
    "trump=♥; p0=A♥ 9♣; p1=K♠; lead=1; led=10♠; points=50,45; tricks=5,4; closed=0",
    # exactly 120 card points in tricks and hands with a closed stock
    "trump=♥; p0=A♥; p1=9♠; points=60,49; tricks=5,5; closed=0",
    # spaces inside a pair of numbers
    "trump=♥; p0=A♥; p1=9♠; points=55, 54; tricks= 6 ,5",
    # 65 is not yet 66
    "trump=♥; p0=A♥; p1=9♠; points=45,64; tricks=6,5; marriages=20,0",
])
def test_positions_at_the_limits_are_accepted(text):
    s = parse_position(SixtySix(), text)
    assert s.result is None and max(s.points) < 66


def test_a_position_is_a_single_game_with_nothing_else_known():
    s = parse_position(SixtySix(), "trump=♥; p0=A♥; p1=9♠; points=55,54; tricks=6,5")
    assert (s.deal_no, s.totals, s.last_result, s.trump_card, s.piles, s.pending) == (0, (), None, None, ((), ()), (0, 0))
    assert s.plays == ((Play(C("A♥")),), (Play(C("9♠")),))
    # the builder sets every field of the state, and the position is in the last phase
    assert set(s.__dict__) == {f.name for f in dataclasses.fields(State)}
    assert in_last_phase(s.stock, s.closed_by) and s.stock == () and s.dealt_stock == ()


@pytest.mark.parametrize("lead, dealer", [("0", 1), ("1", 0)])
def test_before_the_first_trick_the_dealer_is_the_one_who_does_not_lead(lead, dealer):
    s = parse_position(SixtySix(), f"trump=♥; p0=A♥ 10♥ K♥ Q♥ J♥ 9♥; p1=A♠ 10♠ K♠ Q♠ J♠ 9♠; lead={lead}; closed={lead}")
    assert s.dealer == dealer and s.to_move == int(lead) and len(s.stock) == 12


def test_the_search_effort_is_reported_honestly():
    import time
    g = SixtySix()
    s = parse_position(g, "trump=♥; p0=A♥ 9♣; p1=9♠ 10♣; lead=0; points=50,49; tricks=5,5")
    solver = Solver(g)
    assert solver.value(s) == 1
    # a node per test of a position; the memo keeps one entry per position (its bounds), so a position
    # tested again under another bound counts twice there
    assert solver.nodes >= len(solver.memo) > 0
    start = time.perf_counter()
    out = solve_state(g, s, line=False)
    elapsed = time.perf_counter() - start
    assert 0 <= out["seconds"] <= elapsed and out["nodes"] == solver.nodes


def test_a_solved_position_is_remembered():
    # the memo is what makes the yes/no searches cheap: asking again searches nothing new
    g = SixtySix()
    s = parse_position(g, "trump=♥; p0=A♥ 9♣ K♠; p1=9♠ 10♣ Q♦; lead=0; points=50,42; tricks=4,5")
    solver = Solver(g)
    v = solver.value(s)
    nodes = solver.nodes
    assert solver.value(s) == v and solver.nodes == nodes > 0


def same_endgame(game, a, b) -> bool:
    """The same endgame: what the solver reads of the two states (``solver_key``) is equal, each hand's
    cards in any order (a seen position lists the other hand in the pack's order)."""
    ka, kb = game.solver_key(a), game.solver_key(b)
    return tuple(map(frozenset, ka[0])) == tuple(map(frozenset, kb[0])) and ka[1:] == kb[1:]


def test_once_the_stock_is_out_a_players_view_fixes_the_position_and_the_exact_move_is_the_solvers():
    """Random play of 40 deals: wherever the stock is exhausted (not closed), the position the player to
    move sees (the other hand: every card not seen) is the real one, and the bots' exact move is the
    solver's best move of the real position; the other seat, a closed stock, a stock that lasts, three
    players and a partie get no exact move."""
    import random
    from spec.games.sixty_six import Rules, seen_position
    game, found, closed, lasting = SixtySix(), 0, 0, 0
    for seed in range(40):
        s, rng = game.deal(seed), random.Random(seed)
        while not game.is_over(s):
            p = game.to_move(s)
            seen = seen_position(game, game.observe(s, p), p)
            if s.stock or s.closed_by is not None:
                assert seen is None and game.exact_move(s, p) is None
                closed += s.closed_by is not None
                lasting += bool(s.stock)
            else:
                assert same_endgame(game, seen, s)
                assert game.exact_move(s, p) == Solver(game).best_move(s) and game.exact_move(s, 1 - p) is None
                found += 1
            s = game.play(s, rng.choice(game.legal_moves(s)))
        assert seen_position(game, game.observe(s, 0), 0) is None          # after the end
    assert found > 50 and closed and lasting
    for other in (SixtySix(Rules(allow_three=True), players=3), SixtySix(Rules(partie=True))):
        s = other.deal(1)
        while other.to_move(s) is not None and (s.stock or s.closed_by is not None):
            s = other.play(s, next(m for m in other.legal_moves(s) if type(m).__name__ != "Close"))
        assert other.exact_move(s, other.to_move(s)) is None


def test_a_marriage_declared_before_its_first_trick_is_seen_and_kept_in_the_position():
    from spec.games.sixty_six import seen_position
    game = SixtySix()
    s = game.position(["K♥ Q♥ A♠", "9♠ J♣ 10♣"], trump=Suit.HEARTS, piles=["", "A♣ K♣ A♦ 10♦ K♦ Q♦ J♦ 9♦ Q♣ 9♣ "
                      "10♠ K♠ Q♠ J♠ J♥ 9♥ A♥ 10♥"], tricks=(0, 9), pending=(20, 0))
    for p in (0, 1):
        seen = seen_position(game, game.observe(s, p), p)
        assert seen.pending == (20, 0) and seen.tricks == (0, 9) and same_endgame(game, seen, s)

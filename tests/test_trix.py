"""Trix: rules, edge cases, notation and records, and a mutation test per property."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from spec.cards import Rank, Suit, make_deck, parse_card, parse_cards
from spec.engine import Record
from spec.errors import IllegalMove, NotationError, VariantError
from spec.games import trix as T
from spec.games.trix import (
    CLAUSES, CONTRACT_ORDER, JORDAN_ORDER, KEEP, PASS, PRESETS, REDEAL, STATED_TOTALS, TRIX_PLACES, Choose, Double,
    Lay, NoDouble, Rules, State, Trix, card_points, contract_options, deal_hands, deal_order,
    designated_chooser, may_demand_redeal, place_points, trick_points,
)
from spec.rules import make_rules
from spec.tricks import Duties
from spec.variants import load_variant
from tests.helpers import SMALL, assert_refuted, check, play_moves
from verifier.generic import moves_mismatch
from verifier.games.trix import concrete_conflict, deal_total_set, literal_conflict, rows_lemma

C = parse_card


def L(text):
    """The move laying one card."""
    return Lay(parse_card(text))


def lays(text):
    return tuple(Lay(c) for c in parse_cards(text))


K, D, G, CO, TX = CONTRACT_ORDER
#: Few random games; z3's timeout is wall-clock time, so on a busy machine the checks get more
#: of it (a timeout could only turn a verdict into "unknown", never into a wrong one).
TINY = dataclasses.replace(SMALL, examples=8, z3_timeout_ms=120_000)


def position(game, hands, contract, to_move, **rest):
    """A position built by :meth:`Trix.position`, each hand sorted as a deal sorts it."""
    return game.position([sorted(parse_cards(h), key=T.sort_key) for h in hands], contract, to_move=to_move, **rest)


def row_cards(ends):
    """The cards laid in rows whose (low, high) ranks per suit (SUIT_ORDER) are ``ends``."""
    return tuple(T.Card(Rank(r), suit) for suit, row in zip(T.SUIT_ORDER, ends) if row
                 for r in range(row[0], row[1] + 1))


# ------------------------------------------------------------------ table

def test_deal_thirteen_each_dealer_last_and_deal_passes_anticlockwise():
    game = Trix()
    s = game.deal(7)
    assert sorted(len(h) for h in s.hands) == [13] * 4
    assert Counter(c for h in s.hands for c in h) == Counter(make_deck("52"))
    assert deal_order(2) == (1, 0, 3, 2)  # from the dealer's right, dealer last
    assert T.next_player(0) == 3 and T.next_dealer(1) == 0
    assert s.game.first_chooser == T.holder_of(s.hands, T.SEVEN_OF_HEARTS) == s.game.chooser == s.to_move
    # the next deal: dealer one seat to the right, chooser too
    while s.game.deal_no == 0:
        s = game.apply(s, game.legal_moves(s)[0])
    assert s.game.dealer == T.next_dealer(game.deal(7).game.dealer)
    assert s.game.chooser == T.next_player(s.game.first_chooser)
    # deals differ, and a redeal reshuffles
    assert deal_hands(1, 0, 0, 0) != deal_hands(1, 1, 0, 0) != deal_hands(1, 0, 1, 0)
    assert deal_hands(1, 0, 0, 0) == deal_hands(1, 0, 0, 0)


# --------------------------------------------------------- choosing contracts

def test_the_choice_rotates_anticlockwise():
    assert [designated_chooser("rotate", d, 2, 0, [0] * 4) for d in range(5)] == [2, 1, 0, 3, 2]


def test_contract_options_free_strict_jordan():
    free, strict, jordan = Rules(), Rules(order="strict"), Rules(order="jordan")
    assert contract_options((K, TX), free) == (D, G, CO)
    assert contract_options(CONTRACT_ORDER, free) == CONTRACT_ORDER   # only reachable with a 7♥ rule
    assert contract_options((), strict) == (K,) and contract_options((K, D), strict) == (G,)
    assert contract_options((), jordan) == (TX,) and JORDAN_ORDER[-1] is K
    # the strict orders start again after five
    assert contract_options(CONTRACT_ORDER, strict) == (K,) and contract_options(JORDAN_ORDER, jordan) == (TX,)
    assert contract_options(CONTRACT_ORDER[:4], strict) == (TX,) and contract_options(JORDAN_ORDER[:4], jordan) == (K,)


def test_choosing_an_already_chosen_contract_is_illegal():
    game = Trix()
    dealt = game.deal(3)
    chooser = dealt.game.chooser
    s = game.position(dealt.hands, dealer=dealt.game.dealer, chooser=chooser, seed=3,
                      chosen=tuple((K,) if p == chooser else () for p in range(4)))
    assert Choose(K) not in game.legal_moves(s)
    with pytest.raises(IllegalMove) as exc:
        game.play(s, Choose(K))
    assert exc.value.clause == "trix-contract-choice"


def test_a_game_is_twenty_deals_within_the_bound_and_every_player_chooses_every_contract():
    game = Trix()
    s = game.deal(11)
    import random
    rng = random.Random(0)
    for _ in range(game.max_plays()):
        if game.is_over(s):
            break
        moves = game.legal_moves(s)
        s = game.apply(s, moves[rng.randrange(len(moves))])
    assert game.is_over(s) and s.game.match.deals == 20
    assert all(sorted(c.value for c in mine) == sorted(c.value for c in CONTRACT_ORDER) for mine in s.game.chosen)
    assert len(s.game.history) == 20 and sum(s.game.totals) == 0
    assert [h.chooser for h in s.game.history] == [(s.game.first_chooser - d) % 4 for d in range(20)]
    out = game.outcome(s)
    assert out.scores == s.game.totals and set(out.winners) == {p for p in range(4) if
                                                                s.game.totals[p] == max(s.game.totals)}


# ---------------------------------------------------------------- tricks

def test_follow_suit_and_highest_of_suit_led_wins_no_trumps():
    game = Trix()
    s = position(game, ["2♠ 9♥", "K♠ A♦", "3♠ 4♠", "A♥ 5♣"], K, 0)
    assert game.legal_moves(s) == (L("2♠"),)                      # may not lead a heart
    s = game.play(s, L("2♠"))
    assert s.to_move == 3 and game.legal_moves(s) == lays("A♥ 5♣")  # void: anything; anticlockwise
    s = play_moves(game, s, "A♥ 3♠ K♠")
    assert s.taken[1] == parse_cards("2♠ A♥ 3♠ K♠") and s.to_move == 1    # K♠ wins; A♥ off-suit
    assert game.legal_moves(s) == (L("A♦"),)


def test_the_follow_suit_clause_refuses_exactly_the_revokes():
    import random
    rng = random.Random(0)
    game = Trix()
    deck = make_deck("52")
    for _ in range(100):
        cards = rng.sample(deck, 14)
        lead, hand = cards[0], tuple(sorted(cards[1:rng.randrange(2, 15)], key=T.sort_key))
        s = game.position(((), hand, (), ()), K, to_move=1, trick=[(0, lead)])
        same = tuple(c for c in hand if c.suit == lead.suit)
        for card in hand:
            why = game.refusal(s, Lay(card))
            assert (why is None) == (card in (same or hand)), (card, why)
            assert why is None or why[0] == "trix-follow-suit"
        assert game.legal_moves(s) == tuple(map(Lay, same or hand))


def test_only_hearts_may_lead_hearts():
    game = Trix()
    assert game.legal_moves(position(game, ["2♥ 3♥", "4♣ 9♣", "6♣ 7♣", "8♣ 5♣"], CO, 0)) == lays("2♥ 3♥")


# --------------------------------------------------------------- scoring

def test_trick_contract_scores():
    game = Trix()
    taken = (parse_cards("K♥ Q♠ 2♦ 3♦ 4♣ 5♣ 6♣ 7♣"), parse_cards("Q♦ A♦ 2♠ 3♠"), (), ())
    assert game.deal_scores(K, taken, ()) == (-75, 0, 0, 0)
    assert game.deal_scores(D, taken, ()) == (-20, -20, 0, 0)
    assert game.deal_scores(G, taken, ()) == (-25, -25, 0, 0)
    assert game.deal_scores(CO, taken, ()) == (-30, -15, 0, 0)
    ft = Trix(Rules(scoring="fifteen_ten"))
    assert ft.deal_scores(D, taken, ()) == (-30, -30, 0, 0) and ft.deal_scores(CO, taken, ()) == (-20, -10, 0, 0)
    pn = Trix(Rules(positive_negative=True))
    assert pn.deal_scores(K, taken, ()) == (75, 0, 0, 0) and pn.deal_scores(TX, (), (2, 0, 1, 3)) == (-150, -100,
                                                                                                     -200, -50)
    assert game.deal_scores(TX, (), (2, 0, 1, 3)) == (150, 100, 200, 50)


def test_doubling_scores():
    game = Trix(Rules(doubling=True))
    taken = (parse_cards("K♥ Q♠ 2♦ 3♦"), parse_cards("Q♦ A♦ 2♠ 3♠"), (), ())
    assert game.deal_scores(K, taken, (), ((C("K♥"), 2),)) == (-150, 0, 0, 0)   # someone else doubled
    assert game.deal_scores(K, taken, (), ((C("K♥"), 0),)) == (-75, 0, 0, 0)    # the holder took it back
    assert game.deal_scores(G, taken, (), ((C("Q♦"), 3), (C("Q♠"), 0))) == (-25, -50, 0, 0)
    paid = Trix(Rules(doubling=True, doubling_pays_holder=True))
    assert paid.deal_scores(K, taken, (), ((C("K♥"), 2),)) == (-150, 0, 75, 0)


def test_doubling_announcements_in_play():
    game = Trix(Rules(doubling=True))
    s = game.deal(5)
    s = game.play(s, Choose(G))
    assert s.game.phase == "announce" and s.game.pending == parse_cards("Q♠ Q♥ Q♦ Q♣")
    assert s.to_move == T.holder_of(s.hands, C("Q♠"))
    assert game.legal_moves(s) == (Double(C("Q♠")), NoDouble(C("Q♠")))
    for double in (True, False, True, False):
        s = game.play(s, (Double if double else NoDouble)(s.game.pending[0]))
    assert s.game.phase == "play" and tuple(c for c, _ in s.game.doubled) == parse_cards("Q♠ Q♦")
    assert s.to_move == s.game.dealer


def test_missed_contract_penalty_and_partnership():
    rules = Rules(order="strict", missed_contract_penalty=True)
    chosen = ((K, D, G, CO, TX), (D, TX), (K,), ())
    assert T.missed_penalties(chosen, rules) == (0, -175, -230, -305)
    assert T.missed_penalties(chosen, Rules()) == (0, 0, 0, 0)
    assert T.final_scores((10, -20, 30, -20), Rules(partnership=True)) == (40, -40, 40, -40)


# ------------------------------------------------------- the Trix contract

def test_trix_dealer_starts_with_a_jack_then_one_rank_up_or_down_clockwise():
    game = Trix()
    s = position(game, ["J♠ 5♦ 9♣", "10♥ Q♣", "K♦ 2♠", "Q♦ 3♥"], TX, 0)
    assert game.legal_moves(s) == (L("J♠"),)
    with pytest.raises(IllegalMove) as exc:
        game.play(s, L("5♦"))
    assert exc.value.clause == "trix-trix-start"
    s = game.play(s, L("J♠"))
    assert s.to_move == 1 and game.legal_moves(s) == lays("10♥ Q♣")   # clockwise: P1 next
    s = game.play(s, L("Q♣"))
    assert game.legal_moves(s) == (L("K♦"),)
    s = game.play(s, L("K♦"))
    assert game.legal_moves(s) == (L("Q♦"),)
    assert Trix(Rules(trix_direction="anticlockwise")).legal_moves(s) == (L("Q♦"),)


def test_trix_no_jack_any_card_and_pass_only_when_unable():
    game = Trix()
    s = position(game, ["5♦ 9♣", "6♥ A♣", "K♦ 2♠", "Q♦ 3♥"], TX, 0)
    assert game.legal_moves(s) == lays("5♦ 9♣")
    s = game.play(s, L("9♣"))
    assert game.legal_moves(s) == (PASS,)
    s = game.play(s, PASS)
    with pytest.raises(IllegalMove) as exc:
        game.play(position(game, ["5♦", "6♥", "K♦", "Q♦"], TX, 1, layout="5♣"), PASS)
    assert exc.value.clause == "trix-trix-pass"


def test_trix_wrap_option():
    hands = ["2♦ 9♣", "3♥", "K♦", "Q♦"]
    plain, wrap = Trix(), Trix(Rules(trix_wrap=True))
    assert plain.legal_moves(position(plain, hands, TX, 0, layout="A♠")) == (PASS,)
    assert wrap.legal_moves(position(wrap, hands, TX, 0, layout="A♠")) == (L("2♦"),)


def test_trix_all_pass_restart_and_end_deal():
    hands = ["2♦ 9♣", "3♥ 8♠", "K♦ 7♠", "Q♦ 9♦"]
    game = Trix()
    s = position(game, hands, TX, 1, layout="5♣")
    assert game.layout.stalled(s)
    s = play_moves(game, s, "pass pass pass pass")
    assert s.passes == 4 and game.legal_moves(s) == lays("8♠ 3♥")  # P1 starts afresh with anything
    s = game.play(s, L("8♠"))
    assert s.passes == 0 and game.legal_moves(s) == (L("7♠"),)
    ending = Trix(Rules(trix_all_pass="end_deal"))
    s = position(ending, hands, TX, 1, layout="5♣", finished=())
    s = play_moves(ending, s, "pass pass pass pass")
    assert s.game.deal_no == 1 and s.game.history[-1].scores == (0, 0, 0, 0)


def test_trix_places_and_last_player():
    game = Trix()
    s = position(game, ["J♠", "Q♣ 2♥", "10♦", "9♦ 4♣"], TX, 0)
    s = play_moves(game, s, "J♠ Q♣")         # P0 out first; P1 lays Q♣
    assert s.finished == (0,) and s.to_move == 2
    s = play_moves(game, s, "pass pass pass")  # P2 (10♦ on Q♣?) no; P3 no; P1 no -> all passed
    s = play_moves(game, s, "10♦")            # P2 restarts and is out second
    s = play_moves(game, s, "9♦")             # P3 lays 9♦; P1 and P3 left
    assert s.to_move == 1
    s = play_moves(game, s, "pass pass 2♥")   # nobody fits 9♦; P1 starts afresh and is out third
    assert s.game.history[-1].scores == (200, 100, 150, 50)


def test_trix_rows_layout():
    game = Trix(Rules(trix_layout="rows"))
    s = position(game, ["J♠ 10♠ 9♠", "Q♠ J♥", "2♣", "A♠"], TX, 0)
    assert game.legal_moves(s) == (L("J♠"),)
    s = game.play(s, L("J♠"))
    assert game.legal_moves(s) == lays("Q♠ J♥") and s.ends[0] == (11, 11)
    s = game.play(s, L("Q♠"))
    assert game.legal_moves(s) == (PASS,)
    s = game.play(s, PASS)
    assert game.legal_moves(s) == (PASS,)   # A♠ needs K♠
    s = game.play(s, PASS)
    assert game.legal_moves(s) == (L("10♠"),)
    with pytest.raises(IllegalMove) as exc:
        game.play(s, L("9♠"))
    assert exc.value.clause == "trix-trix-rows"
    # a dealer with no jack passes
    s = position(game, ["2♠", "J♥", "3♣", "4♣"], TX, 0)
    assert game.legal_moves(s) == (PASS,)


def test_redeal_flow():
    game = Trix()
    # find a deal where someone may demand a redeal
    for seed in range(3000):
        s = game.deal(seed)
        if any(may_demand_redeal(h) for h in s.hands):
            break
    s = game.play(s, Choose(TX))
    assert s.game.phase == "redeal" and game.legal_moves(s) == (REDEAL, KEEP)
    before = s.hands
    s2 = game.play(s, REDEAL)
    assert s2.hands != before and s2.game.contract is TX and s2.game.redeals == 1
    s3 = s
    for _ in s.game.pending:
        s3 = game.play(s3, KEEP)
    assert s3.game.phase == "play" and s3.hands == before and s3.to_move == s.game.dealer
    assert Trix(Rules(redeal_limit=0)).play(game.deal(seed), Choose(TX)).game.phase == "play"


# ------------------------------------------------------- notation, records

def test_move_notation_round_trips():
    game = Trix()
    for move in [*map(Choose, CONTRACT_ORDER), PASS, REDEAL, KEEP, Double(C("K♥")), NoDouble(C("Q♦")),
                 L("10♥"), L("A♠")]:
        assert game.parse_move(game.format_move(move)) == move
    assert game.parse_move("Клещи") == Choose(TX) and game.parse_move("Th") == L("10♥")
    assert game.parse_move("пас") == PASS and game.parse_move("king") == Choose(K)
    with pytest.raises(NotationError):
        game.parse_move("triple K♥")


def test_record_saves_and_replays(tmp_path):
    game = Trix(make_rules(Rules, {"doubling": True, "trix_layout": "rows"}))
    from verifier.sampling import playout
    trace, s = playout(game, 4)
    moves = trace.moves
    path = tmp_path / "trix.json"
    game.record(4, moves).save(path)
    loaded = Record.load(path)
    assert json.loads(loaded.to_json())["rules"] == {"doubling": True, "trix_layout": "rows"}
    g2, final = loaded.replay()
    assert final == s and g2.rules == game.rules


def test_rules_checks_and_presets(tmp_path):
    with pytest.raises(VariantError):
        make_rules(Rules, {"chooser": "dealer"})
    for name, fields in PRESETS.items():
        assert isinstance(make_rules(Rules, fields), Rules), name
    import glob
    import os
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in glob.glob(os.path.join(here, "docs", "variants", "trix-*.toml")):
        assert load_variant(path).game is Trix


# ------------------------------------------------------- properties hold

def test_default_properties_as_expected():
    from verifier.runner import verify
    names = ["king_total", "diamonds_total", "girls_total", "collections_total", "trix_total",
             "contracts_zero_sum", "game_zero_sum", "zero_sum_strict_order", "zero_sum_fifteen_ten",
             "zero_sum_positive_negative", "zero_sum_jordan", "zero_sum_partnership", "zero_sum_doubling",
             "choice_statements_agree", "choice_rule_consistent", "trix_rows_no_deadlock",
             "trix_chain_no_deadlock", "random_games_agree", "turn_order", "plays_as_source", "cards_conserved",
             "save_load"]
    results = verify("trix", budget=TINY, only=names)
    assert {r.property.name for r in results} == set(names)
    for r in results:
        assert r.as_expected, (r.property.name, r.verdict, r.detail)


# ----------------------------------------------------- mutation tests

def mutant(name: str, choice=None, tricks=None, layout=None) -> type[Trix]:
    """A Trix with some of its pieces (the choice, the trick contracts, the Trix contract) replaced by broken
    subclasses."""
    def __init__(self, rules=None, *, players=None):
        Trix.__init__(self, rules, players=players)
        self.choice = (choice or T.ChoicePhase)(self)
        self.tricks = (tricks or T.TrickContract)(self)
        self.layout = (layout or T.LayoutContract)(self)
    return type(name, (Trix,), {"__init__": __init__})


def king_costs_seventy(contract, card, rules):
    pts = card_points(contract, card, rules)
    return -70 if pts == -75 else pts


def ace_of_diamonds_costs_fifteen(contract, card, rules):
    return -15 if contract is D and card == C("A♦") else card_points(contract, card, rules)


def queen_of_spades_costs_thirty(contract, card, rules):
    return -30 if contract is G and card == C("Q♠") else card_points(contract, card, rules)


def skips_seat_three(rule, deal_no, first, holder, counts):
    """The choice rotates among three players only."""
    return [first, (first - 1) % 4, (first - 2) % 4][deal_no % 3]


def jordan_never_king(chosen, rules):
    if rules.order == "jordan":
        return (JORDAN_ORDER[len(chosen) % 4],)
    return contract_options(chosen, rules)


def partnership_bonus(contract, rules):
    """A broken partnership rule: a Collections trick costs only 5 when playing in pairs."""
    return -5 if rules.partnership and contract is CO else trick_points(contract, rules)


def upward_rows_only(card, ends):
    row = ends[T._SUIT_INDEX[card.suit]]
    return card.rank is Rank.JACK if row is None else card.rank == row[1] + 1


def last_place_forty(place, rules):
    return 40 if place == 4 else place_points(place, rules)


class LastTrickForgotten(Trix):
    def deal_scores(self, contract, taken, finished, doubled=()):
        scores = list(super().deal_scores(contract, taken, finished, doubled))
        if contract is CO:
            scores[0] -= trick_points(contract, self.rules)
        return tuple(scores)


@pytest.mark.parametrize("label, broken, prop", [
    ("trix-card-points", king_costs_seventy, "king_total"),
    ("trix-card-points", ace_of_diamonds_costs_fifteen, "diamonds_total"),
    ("trix-card-points", queen_of_spades_costs_thirty, "girls_total"),
    ("trix-trick-points", lambda contract, rules: -14 if contract is CO else trick_points(contract, rules),
     "collections_total"),
    ("trix-trix-places", last_place_forty, "trix_total"),
    ("trix-trix-places", last_place_forty, "contracts_zero_sum"),
    ("trix-contract-choice", lambda chosen, rules: CONTRACT_ORDER, "game_zero_sum"),         # any contract any time
    ("trix-chooser", skips_seat_three, "zero_sum_strict_order"),
    ("trix-trick-points", lambda contract, rules: -15 if contract is CO else 0, "zero_sum_fifteen_ten"),
    ("trix-trix-places", lambda place, rules: TRIX_PLACES[place], "zero_sum_positive_negative"),  # keeps its sign
    ("trix-contract-choice", jordan_never_king, "zero_sum_jordan"),
    ("trix-trick-points", partnership_bonus, "zero_sum_partnership"),
    ("trix-chooser", skips_seat_three, "choice_rule_consistent"),
    ("trix-trix-rows", upward_rows_only, "trix_rows_no_deadlock"),
])
def test_property_refutes_a_broken_clause(label, broken, prop):
    with CLAUSES.replaced(label, broken):
        assert_refuted(check([Trix()], prop, TINY))


def test_random_games_agree_refutes_a_deal_scored_wrong():
    assert_refuted(check([LastTrickForgotten()], "random_games_agree", TINY))


@pytest.mark.parametrize("label, broken, where", [
    ("trix-follow-suit", lambda barred: Duties(follow=False, barred_lead=Suit.HEARTS if barred else None),
     "following"),                                                   # a revoke allowed
    ("trix-hearts-lead", lambda contract, first_trick, rules: False, "leading"),   # hearts led at any time
    ("trix-redeal", lambda hand: True, "redeal"),                    # anyone may demand a redeal
])
def test_plays_as_source_refutes_a_broken_rule(label, broken, where):
    with CLAUSES.replaced(label, broken):
        result = check([Trix()], "plays_as_source", TINY)
    assert_refuted(result)
    assert where in result.counterexample.text


@pytest.mark.parametrize("rule", ["king_only", "opening_lead"])
def test_plays_as_source_follows_the_hearts_option(rule):
    assert check([Trix(Rules(hearts_lead=rule))], "plays_as_source", TINY).verdict == "holds"


def test_default_rules_hold_where_the_mutants_fail():
    for prop in ("zero_sum_partnership", "zero_sum_jordan", "trix_rows_no_deadlock"):
        assert check([Trix()], prop, TINY).verdict == "holds"


def test_choice_rule_consistent_refutes_the_repeating_seven_rule():
    result = check([Trix(Rules(chooser="seven_of_hearts_repeat"))], "choice_rule_consistent", TINY)
    assert_refuted(result)
    assert "had already chosen all five" in result.counterexample.text
    # passing the choice on keeps every player at one of each
    assert check([Trix(Rules(chooser="seven_of_hearts"))], "choice_rule_consistent", TINY).verdict == "holds"


def test_zero_sum_doubling_counterexample_and_its_repair():
    result = check([Trix()], "zero_sum_doubling", TINY)
    assert_refuted(result)
    text = result.counterexample.text
    assert "holds K♥ and doubles it" in text and "total -150" in text
    # the usual rule (the holder gains what the taker loses extra) keeps zero-sum
    repaired = check([Trix(Rules(doubling=True, doubling_pays_holder=True))], "game_zero_sum", TINY)
    assert repaired.verdict == "holds"
    # the strict order with penalties breaks zero-sum under the literal 7♥ rule
    literal = check([Trix(Rules(chooser="seven_of_hearts_repeat"))], "zero_sum_strict_order", TINY)
    assert_refuted(literal)


def test_choice_statements_conflict_witness_is_real():
    result = check([Trix()], "choice_statements_agree", TINY)
    assert_refuted(result)
    record = result.counterexample.record
    game, state = record.replay()
    holder = T.holder_of(state.hands, T.SEVEN_OF_HEARTS)
    assert state.game.phase == "choose" and len(set(state.game.chosen[holder])) == 5
    # the check can also say "no conflict": within five deals the holder never runs out
    assert literal_conflict(TINY, deals=5) is None
    assert literal_conflict(TINY)[0] == 5            # six deals are enough
    assert concrete_conflict(Trix()) is not None


def test_chain_deadlock_witness_replays_and_check_can_pass():
    result = check([Trix()], "trix_chain_no_deadlock", TINY)
    assert_refuted(result)
    game, state = result.counterexample.record.replay()
    assert game.layout.stalled(state) and sum(len(h) > 0 for h in state.hands) >= 2
    with CLAUSES.replaced("trix-trix-chain", lambda rank, top, wrap: True):      # every card fits
        assert check([Trix()], "trix_chain_no_deadlock", TINY).verdict == "unknown"


def test_rows_lemma_and_deal_total_sets():
    checked, failure = rows_lemma(Trix(Rules(trix_layout="rows")))
    assert checked == 328 and failure is None
    with CLAUSES.replaced("trix-trix-rows", upward_rows_only):
        assert rows_lemma(Trix(Rules(trix_layout="rows")))[1]["playable"] == "none"
    doubled = Trix(Rules(doubling=True))
    assert deal_total_set(doubled, K) == [-150, -75]
    assert deal_total_set(doubled, G) == [-200, -175, -150, -125, -100]
    assert deal_total_set(Trix(Rules(trix_all_pass="end_deal")), TX) == [0, 200, 350, 500]
    assert deal_total_set(Trix(), D) == [-130]


def test_trix_total_refuted_when_the_chain_may_stop():
    result = check([Trix(Rules(trix_all_pass="end_deal"))], "trix_total", TINY)
    assert_refuted(result)
    assert "nobody (stalled)" in result.counterexample.text


# ------------------------------------------------ where the claims are made (issue 23)

def test_totals_are_claimed_only_where_the_house_rules_keep_them():
    from verifier.games import trix as props
    doubled, paid = Rules(doubling=True), Rules(doubling=True, doubling_pays_holder=True)
    stops, rows_stop = Rules(trix_all_pass="end_deal"), Rules(trix_all_pass="end_deal", trix_layout="rows")
    repeat = Rules(chooser="seven_of_hearts_repeat")
    assert [props.DOUBLING_SCOPE.where(r, 4) for r in (Rules(), doubled, paid)] == [True, False, True]
    assert [props.TRIX_SCOPE.where(r, 4) for r in (Rules(), stops, rows_stop)] == [True, False, True]
    assert [props.DEALS_SCOPE.where(r, 4) for r in (Rules(), doubled, stops, repeat)] == [True, False, False, True]
    assert [props.GAME_SCOPE.where(r, 4) for r in (Rules(), paid, rows_stop, doubled, stops, repeat)] == \
        [True, True, True, False, False, False]
    assert [props.CHOICE_SCOPE.where(Rules(chooser=c), 4) for c in
            ("rotate", "seven_of_hearts", "seven_of_hearts_repeat", "kingdom")] == [True, True, False, True]
    assert props.GENERIC_SCOPES["zero_sum"] is props.GAME_SCOPE


@pytest.mark.parametrize("name, rules", [
    ("king_total", Rules(doubling=True)), ("girls_total", Rules(doubling=True)),
    ("contracts_zero_sum", Rules(doubling=True)), ("trix_total", Rules(trix_all_pass="end_deal")),
    ("contracts_zero_sum", Rules(trix_all_pass="end_deal")),
    ("game_zero_sum", Rules(chooser="seven_of_hearts_repeat")),
    ("zero_sum_fifteen_ten", Rules(chooser="seven_of_hearts_repeat")),
    ("choice_rule_consistent", Rules(chooser="seven_of_hearts_repeat"))])
def test_a_house_rule_that_breaks_a_total_is_a_finding_not_a_failed_claim(name, rules):
    r = check([Trix(rules)], name, TINY)
    assert r.verdict == "refuted" and r.expected is None and r.as_expected
    assert "(under " in r.property.scoped_title


@pytest.mark.parametrize("name, rules", [
    ("king_total", Rules(doubling=True, doubling_pays_holder=True)),
    ("trix_total", Rules(trix_all_pass="end_deal", trix_layout="rows")),
    ("game_zero_sum", Rules(chooser="seven_of_hearts", order="strict", missed_contract_penalty=True))])
def test_inside_the_scope_the_totals_hold(name, rules):
    r = check([Trix(rules)], name, TINY)
    assert r.verdict == "holds" and r.expected == "holds", r.detail


def test_zero_sum_doubling_claims_its_refutation_only_where_the_holder_is_not_paid():
    r = check([Trix(Rules(doubling=True, doubling_pays_holder=True))], "zero_sum_doubling", TINY)
    assert r.verdict == "holds" and r.expected is None
    assert r.property.scoped_title.endswith("(under doubling_pays_holder = false)")
    assert check([Trix(Rules(doubling=True))], "zero_sum_doubling", TINY).expected == "refuted"


def test_the_totals_are_computed_from_the_scoring_in_force():
    # 15 a diamond and 10 a trick: the totals the claims check are -195 and -130, and the titles say so
    fifteen = Trix(Rules(scoring="fifteen_ten"))
    for name, total in (("diamonds_total", "-195"), ("collections_total", "-130")):
        r = check([fifteen], name, TINY)
        assert r.verdict == "holds" and r.detail.endswith(f"total of {total}"), r.detail
        assert total.replace("-", "−") in r.property.title
    flipped = check([Trix(Rules(positive_negative=True))], "king_total", TINY)
    assert flipped.verdict == "holds" and flipped.detail.endswith("total of +75")
    # a wrong stated total is refuted, so the check is not the formula against itself
    with CLAUSES.replaced("trix-card-points", lambda contract, card, rules: -10 if card.suit is Suit.DIAMONDS
                          and contract is D else card_points(contract, card, rules)):
        assert_refuted(check([fifteen], "diamonds_total", TINY))


def test_the_redeal_limit_is_swept_where_one_more_redeal_is_allowed():
    from verifier.space import declared_space
    space = declared_space("trix")
    assert space.values["redeal_limit"] == (3, 0, 2, 4, 10, 1) and space.players == (4,)
    assert len(space.points()) == 48


# ------------------------------------------------ records saved before the kernel

RECORDS = Path(__file__).parent / "data" / "records" / "trix"
FINALS = json.loads((RECORDS / "finals.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(FINALS))
def test_legacy_records_replay(name):
    """Records written by the pre-kernel code (commit 8b6b4ca) replay to the same games."""
    _, state = Record.load(RECORDS / name).replay()
    want = FINALS[name]
    assert list(state.game.totals) == want["totals"]
    assert [[h.contract.value, h.chooser, list(h.scores)] for h in state.game.history] == want["deals"]


# ------------------------------------------- turn order, winners, clauses vs fast path

class _PlaysGoLeft(T.TrickContract):
    def apply(self, state, card):
        after = super().apply(state, card)
        if after.trick:
            return dataclasses.replace(after, to_move=(state.to_move + 1) % 4)
        return after


class _ChooserLeads(T.TrickContract):
    def start(self, prog, hands):
        return dataclasses.replace(super().start(prog, hands), to_move=prog.chooser)


class _LayoutGoesRight(T.LayoutContract):
    def __init__(self, game):
        super().__init__(game)
        self.rules = dataclasses.replace(game.rules, trix_direction="anticlockwise")


class DealPassesLeft(Trix):
    def end_deal(self, g, *rest):
        return super().end_deal(dataclasses.replace(g, dealer=(g.dealer + 2) % 4), *rest)


class LowestWins(Trix):
    def outcome(self, state):
        out = super().outcome(state)
        low = min(out.scores)
        return dataclasses.replace(out, winners=tuple(p for p, s in enumerate(out.scores) if s == low))


@pytest.mark.parametrize("broken", [
    mutant("PlaysGoLeft", tricks=_PlaysGoLeft),
    mutant("ChooserLeads", tricks=_ChooserLeads),
    mutant("LayoutGoesRight", layout=_LayoutGoesRight),
    DealPassesLeft,
])
def test_turn_order_refutes(broken):
    result = check([broken()], "turn_order", TINY)
    assert_refuted(result)
    result.counterexample.record.replay()      # the witness replays on the real rules


def test_turn_order_refutes_a_trick_taken_by_the_highest_rank():
    """A broken trick rule that forgets the suit led: the highest card of any suit takes the trick."""
    with CLAUSES.replaced("trix-trick-winner", lambda plays: max(plays, key=lambda pc: (int(pc[1].rank), -pc[0]))[0]):
        result = check([Trix()], "turn_order", TINY)
    assert_refuted(result)
    result.counterexample.record.replay()      # the witness replays on the real rules


def test_random_games_agree_refutes_a_wrong_winner():
    assert_refuted(check([LowestWins()], "random_games_agree", TINY))


class HeartsLeadForgotten(Trix):
    """A fast path that lets hearts be led at any time; the clause does not."""

    def legal_moves(self, state):
        if state.game.phase == "play" and state.game.contract is not TX and not state.trick:
            return tuple(map(Lay, state.hands[state.to_move]))
        return super().legal_moves(state)


class ChainStartsAnywhere(Trix):
    """A fast path that lets the Trix contract's chain start with any card."""

    def legal_moves(self, state):
        if state.game.phase == "play" and state.game.contract is TX and not state.layout \
                and self.rules.trix_layout == "chain":
            return tuple(map(Lay, state.hands[state.to_move]))
        return super().legal_moves(state)


class _RedealForEveryone(T.ChoicePhase):
    """Asks every player in the Trix contract about a redeal (the clause allows one only with four 2s, or
    three 2s and the 3 of the fourth suit)."""

    def _after_announcements(self, g, hands, offer_redeal=True):
        if offer_redeal and g.contract is TX and g.redeals < self.rules.redeal_limit:
            asked = tuple(T.seats_from(g.dealer, 4, 1))
            return State(T._prog(g, phase="redeal", pending=asked), hands, asked[0], (), ((),) * 4, (), (), 0, ())
        return super()._after_announcements(g, hands, offer_redeal)


class RedealForEveryone(mutant("AsksEveryone", choice=_RedealForEveryone)):
    """... and a fast path that offers each of them a redeal."""

    def legal_moves(self, state):
        return (REDEAL, KEEP) if state.game.phase == "redeal" else super().legal_moves(state)


@pytest.mark.parametrize("broken", [HeartsLeadForgotten, ChainStartsAnywhere, RedealForEveryone])
def test_moves_match_clauses_refutes_a_drifting_fast_path(broken):
    result = check([broken()], "moves_match_clauses", TINY)
    assert_refuted(result)
    assert "refuses it" in result.counterexample.text
    # the witness replays in the broken game (its moves came from the broken fast path)
    game, record = broken(), result.counterexample.record
    state = game.deal(record.seed)
    for text in record.moves:
        state = game.apply(state, game.parse_move(text))
    assert moves_mismatch(game, state) is not None
    if broken.__name__ == "HeartsLeadForgotten":  # found by the exhaustive search of the last deal's end
        assert result.method == "exhaustive" and "the last deal" in result.counterexample.text


def test_refusals_say_why_and_what_is_allowed():
    game = Trix()
    s = position(game, ["9♥", "K♠ A♦ 5♠", "3♠ 4♠", "A♥ 5♣"], K, 1, trick=[(0, "2♠")])
    assert game.refusal(s, L("A♦")) == ("trix-follow-suit", "A♦ does not follow ♠: P1 holds 5♠ K♠ and must "
                                        "follow suit (any card only when out of the suit led)")
    assert game.refusal(s, L("A♥")) == ("trix-phases", "P1 does not hold A♥")
    assert game.refusal(s, PASS)[0] == "trix-trix-pass"
    assert game.refusal(s, Choose(D)) == ("trix-phases", "P1 must play a card now (5♠, K♠)")
    lead = position(game, ["2♥ 9♣", "4♣", "5♣", "6♣"], D, 0)
    assert game.refusal(lead, L("2♥")) == ("trix-hearts-lead", "2♥ may not be led: hearts may not be led while "
                                           "P0 holds another suit (9♣)")
    chain = position(game, ["5♦ 9♣", "6♥", "K♦", "Q♦"], TX, 0, layout="J♠")
    assert game.refusal(chain, L("5♦")) == ("trix-trix-chain", "5♦ is not next to J♠: lay a card one rank above "
                                            "or below the top card (10 or Q, any suit)")
    assert game.refusal(chain, PASS) is None
    start = position(game, ["J♠ 5♦", "6♥", "K♦", "Q♦"], TX, 0)
    assert game.refusal(start, L("5♦"))[0] == "trix-trix-start" and "J♠" in game.refusal(start, L("5♦"))[1]
    assert game.refusal(start, PASS) == ("trix-trix-pass", "P0 can lay J♠ and may not pass")
    strict = Trix(Rules(order="strict"))
    s = strict.deal(3)
    assert strict.refusal(s, Choose(TX)) == ("trix-contract-choice", f"in the strict order of contracts "
                                     f"P{s.game.chooser} must choose King next, not Trix")


def test_relabel_is_the_generic_one():
    """Trix writes out the engine's generic relabel for speed; it must rename the same cards."""
    from spec.engine import _relabel
    import random
    game = Trix(Rules(doubling=True))
    swap = {C("Q♠"): C("2♣"), C("2♣"): C("Q♠"), C("K♥"): C("7♦"), C("7♦"): C("K♥")}
    rng, s, seen = random.Random(5), game.deal(5), set()
    while not game.is_over(s):
        if s.game.phase not in seen or rng.random() < 0.02:
            seen.add(s.game.phase)
            assert game.relabel(s, swap) == _relabel(s, swap), s.game.phase
        moves = game.legal_moves(s)
        s = game.apply(s, moves[rng.randrange(len(moves))])
    assert {"choose", "announce", "play"} <= seen


# ------------------------------------------------ the end of the game: standings, ties, moves after it

def last_deal(game, totals, *, chosen=None):
    """The twentieth deal's Trix contract, nearly over: P2 and P3 are out (first and second), P0 holds
    5♦ and lays it on 4♠ to take third place, which leaves P1 last. ``totals`` stand before this deal."""
    return position(game, ["5♦", "9♣", "", ""], TX, 0, layout="4♠", finished=(2, 3), deal_no=19, totals=totals,
                    chosen=chosen)


# the deal scores P0 +100 (third), P1 +50 (last), P2 +200, P3 +150; the totals before it add up to -500
@pytest.mark.parametrize("before, scores, winners", [
    ((-200, -100, -100, -100), (-100, -50, 100, 50), (2,)),
    ((0, -200, -100, -200), (100, -150, 100, -50), (0, 2)),
    ((-50, 0, -150, -300), (50, 50, 50, -150), (0, 1, 2)),
    ((-100, -50, -200, -150), (0, 0, 0, 0), (0, 1, 2, 3)),
])
def test_the_twentieth_deal_ends_the_game_and_the_highest_score_wins_ties_share(before, scores, winners):
    game = Trix()
    s = game.play(last_deal(game, before), L("5♦"))
    assert game.is_over(s) and s.game.phase == "over" and s.to_move is None
    assert s.game.history[-1] == T.DealResult(TX, 0, (100, 50, 200, 150))
    assert s.game.totals == scores
    out = game.outcome(s)
    assert out.winners == winners and out.scores == out.returns == scores
    assert out.draw is (len(winners) == 4)          # only a four-way tie is a draw
    assert game.describe_move(s) == f"game over: {out.describe()}"
    if out.draw:
        assert game.describe_move(s) == "game over: draw; winners P0, P1, P2, P3; scores 0 0 0 0"


@pytest.mark.parametrize("before, scores, winners", [
    ((0, -200, -100, -200), (200, -200, 200, -200), (0, 2)),       # P0 and P2 play together
    ((-200, 0, -200, -100), (-100, 100, -100, 100), (1, 3)),
    ((-100, -50, -200, -150), (0, 0, 0, 0), (0, 1, 2, 3)),          # the pairs tie: a draw
])
def test_partnership_final_scores_and_winners(before, scores, winners):
    game = Trix(Rules(partnership=True))
    s = game.play(last_deal(game, before), L("5♦"))
    out = game.outcome(s)
    assert out.scores == scores and out.winners == winners and out.draw is (len(winners) == 4)


def test_missed_contracts_are_charged_when_the_game_ends():
    rules = Rules(order="strict", missed_contract_penalty=True)
    chosen = (CONTRACT_ORDER, (K, D, G, CO), (D, G, CO, TX), (CO, TX))   # P2 missed King; P3 all three
    game = Trix(rules)
    s = game.play(last_deal(game, (-100, -50, -200, -150), chosen=chosen), L("5♦"))
    assert s.game.totals == (0, 0, -75, -305)
    assert game.outcome(s).winners == (0, 1)
    # without the option nobody is charged
    plain = Trix(Rules(order="strict"))
    assert plain.play(last_deal(plain, (-100, -50, -200, -150), chosen=chosen), L("5♦")).game.totals == (0,) * 4


def test_no_move_after_the_game_is_over():
    game = Trix()
    s = game.play(last_deal(game, (-100, -50, -200, -150)), L("5♦"))
    assert game.legal_moves(s) == () and T.phase_moves(game, s) == () and game.to_move(s) is None
    from spec.engine import _relabel
    swap = {C("5♦"): C("9♣"), C("9♣"): C("5♦")}
    assert game.relabel(s, swap) == _relabel(s, swap) and game.relabel(s, swap).layout[-1] == C("9♣")
    for move in (L("9♣"), PASS, REDEAL, KEEP, Choose(K), Double(C("K♥")), NoDouble(C("Q♠"))):
        assert game.refusal(s, move) == ("trix-winner", "the game is over: no more moves can be made")
        with pytest.raises(IllegalMove) as exc:
            game.play(s, move)
        assert exc.value.clause == "trix-winner"


def test_no_outcome_before_the_end():
    game = Trix()
    s = last_deal(game, (0, 0, 0, 0))
    with pytest.raises(ValueError) as exc:
        game.outcome(s)
    assert str(exc.value) == "the game is not over"
    assert T.winners((3, 7, 7, -17)) == (1, 2)


# --------------------------------------------------------------- redeals

@pytest.mark.parametrize("hand, may", [
    ("2♠ 2♥ 2♦ 2♣", True),
    ("2♥ 2♦ 2♣ 3♠ A♠", True),           # the missing 2 is the spade: the 3♠ stands in
    ("2♠ 2♦ 2♣ 3♥", True),
    ("2♠ 2♥ 2♣ 3♦", True),
    ("2♠ 2♥ 2♦ 3♣", True),
    ("2♠ 2♥ 2♦ 3♣ 9♠", True),
    ("2♠ 2♥ 2♦ 3♦ 9♠", False),
    ("2♠ 2♥ 2♦ 3♠ 3♥ 3♦", False),       # 3s of the suits whose 2 one holds do not count
    ("2♣ 3♠ 3♥ 3♦", False),             # the rest of the 2s beside a hand that may: no two hands of a deal may
    ("2♠ 2♥ 3♦ 3♣", False),             # two 2s are not enough, whatever else
    ("2♠ 3♥ 3♦ 3♣ 3♠", False),
    ("A♠ K♠ Q♠", False),
])
def test_who_may_demand_a_redeal(hand, may):
    assert may_demand_redeal(parse_cards(hand)) is may


REDEAL_HAND = "2♠ 2♥ 2♦ 2♣ 9♠"


OTHER_HANDS = ("5♠ 6♥ 7♦", "5♥ 6♦ 7♣", "5♦ 6♣ 7♠", "5♣ 6♠ 7♥")   # no 2s, no card twice


def choosing(game, holder, *, dealer=0, chooser=1, redeals=0, seed=0):
    """The choice of a first deal, with ``holder`` dealt the four 2s."""
    hands = list(OTHER_HANDS)
    hands[holder] = REDEAL_HAND
    return position(game, hands, None, chooser, dealer=dealer, chooser=chooser, redeals=redeals, seed=seed)


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("holder", range(4))
def test_any_seat_with_the_2s_is_asked_about_a_redeal(holder, dealer):
    game = Trix()
    s = game.play(choosing(game, holder, dealer=dealer), Choose(TX))
    assert s.game.phase == "redeal" and s.to_move == holder and s.game.pending == (holder,)
    assert game.legal_moves(s) == (REDEAL, KEEP)
    from spec.engine import _relabel
    swap = {C("2♠"): C("5♠"), C("5♠"): C("2♠")}
    assert game.relabel(s, swap) == _relabel(s, swap) and game.relabel(s, swap).game.pending == (holder,)
    # declining: the cards stay and the dealer starts the Trix contract
    kept = game.play(s, KEEP)
    assert kept.game.phase == "play" and kept.to_move == dealer and kept.hands == s.hands
    assert kept.game.contract is TX and kept.game.redeals == 0 and kept.game.pending == ()   # nobody is asked now
    # demanding: the same dealer deals again (the shuffle of the next redeal), the contract stays Trix
    again = game.play(s, REDEAL)
    assert again.game.redeals == 1 and again.game.contract is TX and again.game.dealer == dealer
    assert again.hands == deal_hands(0, 0, 1, dealer) and again.game.chooser == 1


def test_no_redeal_outside_the_trix_contract():
    game = Trix()
    for contract in (K, D, G, CO):
        s = game.play(choosing(game, 2), Choose(contract))
        assert s.game.phase == "play" and s.to_move == 0 and game.refusal(s, REDEAL)[0] == "trix-phases"


@pytest.mark.parametrize("limit, redeals, asked", [(3, 0, True), (3, 2, True), (3, 3, False), (1, 1, False),
                                                   (0, 0, False)])
def test_redeal_limit(limit, redeals, asked):
    game = Trix(Rules(redeal_limit=limit))
    s = game.play(choosing(game, 3, redeals=redeals), Choose(TX))
    assert s.game.phase == ("redeal" if asked else "play")
    assert s.to_move == (3 if asked else 0)


def test_a_redealt_hand_with_the_2s_is_asked_again():
    game = Trix()
    seed = next(n for n in range(5000) if any(may_demand_redeal(h) for h in deal_hands(n, 0, 1, 0)))
    s = choosing(game, 1, seed=seed)
    s = game.play(game.play(s, Choose(TX)), REDEAL)
    holder = next(p for p, h in enumerate(deal_hands(seed, 0, 1, 0)) if may_demand_redeal(h))
    assert s.game.phase == "redeal" and s.to_move == holder and s.game.redeals == 1


def test_redeal_refusals():
    game = Trix()
    s = game.play(choosing(game, 2), Choose(TX))
    assert game.refusal(s, L("2♠")) == ("trix-phases", "P2 must demand a redeal or decline now (redeal, noredeal)")
    assert game.refusal(s, Choose(K)) == ("trix-phases",
                                          "P2 must demand a redeal or decline now (redeal, noredeal)")
    # a seat without the 2s may not demand one (a position the deal never hands it, built by hand)
    bare = game.position(s.hands, TX, phase="redeal", pending=s.game.pending, to_move=1, chooser=1)
    assert game.refusal(bare, REDEAL) == ("trix-redeal", "P1 may not demand a redeal: that needs four 2s, or "
                                          "three 2s and the 3 of the fourth suit")
    assert game.refusal(bare, KEEP) is None


# ------------------------------------------------------- refusal sentences, phase by phase

def test_choice_refusals_name_what_is_still_allowed():
    game = Trix()
    def choice(chosen):
        return position(game, ["5♠", "6♠", "7♠", "8♠"], None, 2, chooser=2, chosen=chosen)
    s = choice(((), (), (K, TX), ()))
    assert game.legal_moves(s) == tuple(map(Choose, (D, G, CO)))
    assert game.refusal(s, Choose(TX)) == ("trix-contract-choice", "P2 has already chosen Trix; still to choose: "
                                                                   "Diamonds, Girls, Collections")
    assert game.refusal(s, L("7♠")) == ("trix-phases", "P2 must choose the contract now (Diamonds, Girls, "
                                                       "Collections)")
    jordan = Trix(Rules(order="jordan"))
    third = choice(((), (), (TX, CO), ()))
    assert jordan.refusal(third, Choose(D)) == ("trix-contract-choice", "in the jordan order of contracts P2 must "
                                                                        "choose Girls next, not Diamonds")
    fresh = choice(((),) * 4)
    assert jordan.refusal(fresh, Choose(K)) == ("trix-contract-choice", "in the jordan order of contracts P2 must "
                                                                        "choose Trix next, not King")
    assert jordan.refusal(fresh, Choose(TX)) is None


def test_doubling_refusals():
    game = Trix(Rules(doubling=True))
    s = position(game, ["Q♠ 2♣", "Q♥ 3♣", "Q♦ 4♣", "Q♣ 5♣"], None, 3, chooser=3, dealer=1, phase="choose",
                 chosen=((),) * 4)
    s = game.play(s, Choose(G))
    assert s.game.phase == "announce" and s.to_move == 0
    assert game.refusal(s, NoDouble(C("Q♥"))) == ("trix-doubling", "P0 holds Q♠ and is asked about it now: "
                                                                    "'double Q♠' or 'nodouble Q♠'")
    assert game.refusal(s, L("Q♠")) == ("trix-phases", "P0 must say whether they double now (double Q♠, "
                                                        "nodouble Q♠)")
    s = game.play(s, Double(C("Q♠")))
    assert s.to_move == 1 and s.game.pending == parse_cards("Q♥ Q♦ Q♣")
    zones = game.zones(s)                        # while the holders answer, no card has been played
    assert zones["trick"] == () and all(zones[f"taken {p}"] == () for p in range(4))
    assert sum(len(zones[f"hand {p}"]) for p in range(4)) == 8
    for move in (NoDouble(C("Q♥")), Double(C("Q♦")), NoDouble(C("Q♣"))):
        s = game.play(s, move)
    assert s.game.phase == "play" and s.to_move == 1 and s.game.doubled == ((C("Q♠"), 0), (C("Q♦"), 2))
    # the King contract asks only the K♥'s holder; without doubling nobody is asked
    king = game.play(position(game, ["K♥ 2♣", "Q♥", "3♣", "4♣"], None, 3, chooser=3, phase="choose",
                              chosen=((),) * 4), Choose(K))
    assert king.game.pending == (C("K♥"),) and king.to_move == 0
    assert game.play(king, NoDouble(C("K♥"))).game.doubled == ()
    for contract in (D, CO, TX):
        assert T.may_double(contract, C("K♥"), game.rules) is False
        assert T.may_double(contract, C("Q♠"), game.rules) is False
    assert T.may_double(K, C("Q♥"), game.rules) is False and T.may_double(G, C("K♥"), game.rules) is False
    assert T.may_double(K, C("K♥"), Rules()) is False


def test_trix_contract_refusals():
    game = Trix()
    start = position(game, ["J♦ 5♦ J♠", "6♥", "K♦", "Q♦"], TX, 0)
    assert game.refusal(start, L("5♦")) == ("trix-trix-start", "5♦ cannot start the Trix contract: P0 holds J♠ J♦ "
                                                               "and must start with a jack")
    assert game.legal_moves(start) == lays("J♠ J♦")
    top_ace = position(game, ["5♦ 9♣", "6♥", "K♦", "Q♦"], TX, 0, layout="J♠ Q♠ K♠ A♠")
    assert game.refusal(top_ace, L("5♦")) == ("trix-trix-chain", "5♦ is not next to A♠: lay a card one rank above "
                                                                 "or below the top card (K, any suit)")
    wrap = Trix(Rules(trix_wrap=True))
    assert wrap.refusal(top_ace, L("5♦")) == ("trix-trix-chain", "5♦ is not next to A♠: lay a card one rank above "
                                                                 "or below the top card (2 or K, any suit)")
    low = position(game, ["5♦ 9♣", "6♥", "K♦", "Q♦"], TX, 0, layout="3♠ 2♠")
    assert game.refusal(low, L("9♣")) == ("trix-trix-chain", "9♣ is not next to 2♠: lay a card one rank above "
                                                             "or below the top card (3, any suit)")
    trick = position(game, ["", "K♠ A♦", "3♠", "A♥"], K, 1, trick=[(0, "2♠")])
    assert game.refusal(trick, PASS) == ("trix-trix-pass", "P1 must play a card: passing is only for the Trix "
                                                           "contract")


@pytest.mark.parametrize("ends, card, why", [
    ((None,) * 4, "5♠", "5♠ does not fit: the ♠ row is not started, and only the J♠ starts it"),
    (((11, 12), None, None, None), "9♠", "9♠ does not fit the ♠ row (J♠ to Q♠): only 10♠ or K♠ can go there"),
    ((None, None, (2, 11), None), "K♦", "K♦ does not fit the ♦ row (2♦ to J♦): only Q♦ can go there"),
    ((None, (9, 14), None, None), "2♥", "2♥ does not fit the ♥ row (9♥ to A♥): only 8♥ can go there"),
    ((None, None, None, (2, 14)), "J♣", "J♣ does not fit the ♣ row (2♣ to A♣): only nothing can go there"),
])
def test_rows_refusals_name_the_cards_that_fit(ends, card, why):
    game = Trix(Rules(trix_layout="rows"))
    if C(card) in row_cards(ends):   # a card held and in a full row: no deal gets there, the sentence's last case
        s = dataclasses.replace(position(game, [card, "6♥", "5♣", "4♣"], TX, 0), ends=ends)
    else:
        s = position(game, [card, "6♥", "5♣", "4♣"], TX, 0, layout=row_cards(ends))
    assert game.refusal(s, L(card)) == ("trix-trix-rows", why)


@pytest.mark.parametrize("ends, fits", [
    ((None,) * 4, "J♠ J♥ J♦ J♣"),
    (((11, 11), None, None, None), "10♠ Q♠ J♥ J♦ J♣"),
    (((2, 13), (11, 14), None, None), "A♠ 10♥ J♦ J♣"),
])
def test_rows_playable_cards(ends, fits):
    game = Trix(Rules(trix_layout="rows"))
    want = set(parse_cards(fits))
    assert {c for c in make_deck("52") if T.rows_playable(c, ends)} == want
    laid = row_cards(ends)
    s = position(game, [" ".join(str(c) for c in make_deck("52") if c not in laid), "", "", ""], TX, 0, layout=laid)
    assert {m.card for m in game.legal_moves(s)} == want                  # the rows' moves use the rule


def test_contract_notation():
    game = Trix()
    for text, contract in [("KING", K), ("diamonds", D), ("Girls", G), ("collections", CO), ("TRIX", TX),
                           ("кинг", K), ("Бубны", D), ("девушки", G), ("ПОЩЕЧИНЫ", CO), ("клещи", TX)]:
        assert game.parse_move(text) == Choose(contract)
    assert [game.format_move(Choose(k)) for k in CONTRACT_ORDER] == ["King", "Diamonds", "Girls", "Collections",
                                                                      "Trix"]
    with pytest.raises(NotationError) as exc:
        T._parse_contract("Hearts")
    assert str(exc.value) == "'Hearts' is not a contract; contracts: King, Diamonds, Girls, Collections, Trix"


def test_rules_errors_say_which_key_and_what_is_allowed():
    with pytest.raises(VariantError) as exc:
        Rules(doubling_pays_holder=True)
    assert (exc.value.key, exc.value.problem, exc.value.allowed) == ("doubling_pays_holder", "needs doubling = true",
                                                                     "true only with doubling")
    with pytest.raises(VariantError) as exc:
        Rules(trix_layout="rows", trix_wrap=True)
    assert (exc.value.key, exc.value.problem, exc.value.allowed) == ("trix_wrap", "the rows layout does not wrap",
                                                                     "false with trix_layout 'rows'")
    assert Rules(doubling=True, doubling_pays_holder=True).doubling_pays_holder
    assert Rules(trix_wrap=True).trix_wrap and Rules(trix_layout="rows").trix_layout == "rows"


# ------------------------------------------------------- from one deal to the next

def last_trick(game, *, dealer=0, chooser=1, contract=CO, first=1, chosen=None):
    """The first deal's last trick, P1 to lead (P1 chose the contract; ``first`` held the 7♥)."""
    return position(game, ["2♣", "9♣", "5♣", "A♦"], contract, 1, dealer=dealer, chooser=chooser, chosen=chosen,
                    first_chooser=first)


def finish_trick(game, s):
    # play goes anticlockwise: P1, P0, P3, P2; the 9♣ is the highest club
    return play_moves(game, s, "9♣ 2♣ A♦ 5♣")


@pytest.mark.parametrize("rule, chooser", [("rotate", 0), ("kingdom", 1), ("seven_of_hearts", None),
                                           ("seven_of_hearts_repeat", None)])
def test_the_next_deal(rule, chooser):
    game = Trix(Rules(chooser=rule))
    s = finish_trick(game, last_trick(game))
    g = s.game
    assert g.history == (T.DealResult(CO, 1, (0, -15, 0, 0)),) and g.totals == (0, -15, 0, 0)
    assert g.deal_no == 1 and g.dealer == 3 and g.phase == "choose" and g.contract is None and g.redeals == 0
    assert s.hands == deal_hands(0, 1, 0, 3) and s.taken == ((),) * 4 and s.trick == ()
    if chooser is None:                                        # the new 7♥ holder (nobody has chosen five yet)
        chooser = T.holder_of(s.hands, T.SEVEN_OF_HEARTS)
    assert g.chooser == s.to_move == chooser
    assert game.describe_move(s) == f"deal over (Collections): 0 -15 0 0; P{chooser} chooses next"
    assert T.describe_state(s) == f"deal 2/20, dealer P3, P{chooser} to choose; totals 0 -15 0 0; P{chooser} to move"


@pytest.mark.parametrize("deal_no, chooser", [(0, 2), (4, 2), (5, 1), (9, 1), (10, 0), (14, 0), (15, 3), (19, 3)])
def test_kingdoms_of_five_deals(deal_no, chooser):
    assert designated_chooser("kingdom", deal_no, 2, 0, [0] * 4) == chooser


@pytest.mark.parametrize("holder, counts, chooser", [
    (1, [0, 0, 0, 0], 1),
    (1, [4, 4, 5, 5], 1),
    (1, [0, 5, 0, 0], 0),           # P1 has chosen all five: the choice passes to the right, to P0
    (1, [5, 5, 0, 0], 3),
    (1, [5, 5, 5, 0], 3),
    (0, [5, 2, 2, 2], 3),
    (3, [4, 5, 5, 5], 0),
    (1, [5, 5, 0, 5], 2),           # the last seat to the right
    (1, [5, 5, 5, 5], 1),           # nobody has a contract left: the holder (never happens in twenty deals)
])
def test_the_seven_of_hearts_passes_the_choice_on(holder, counts, chooser):
    assert designated_chooser("seven_of_hearts", 7, 2, holder, counts) == chooser
    assert designated_chooser("seven_of_hearts_repeat", 7, 2, holder, counts) == holder


@pytest.mark.parametrize("rule, leader", [("dealer", 2), ("after_dealer", 1), ("chooser", 3)])
def test_first_lead_options(rule, leader):
    assert T.first_leader(rule, 2, 3) == leader
    game = Trix(Rules(first_lead=rule))
    s = position(game, ["5♠", "6♠", "7♠", "8♠"], None, 3, dealer=2, chooser=3, phase="choose", chosen=((),) * 4)
    s = game.play(s, Choose(D))
    assert s.game.phase == "play" and s.to_move == leader
    # the Trix contract is always started by the dealer
    s = position(game, ["5♠", "6♠", "7♠", "8♠"], None, 3, dealer=2, chooser=3, phase="choose", chosen=((),) * 4)
    assert game.play(s, Choose(TX)).to_move == 2


def test_a_trick_taker_leads_the_next_trick_and_the_last_trick_ends_the_deal():
    game = Trix()
    s = position(game, ["2♣ 3♦", "9♣ 4♦", "5♣ 5♦", "A♦ 6♦"], D, 1)
    s = finish_trick(game, s)
    assert s.to_move == 1 and s.taken[1] == parse_cards("9♣ 2♣ A♦ 5♣") and s.trick == ()
    assert game.describe_move(s) == "P1 took the trick"
    s = play_moves(game, s, "4♦ 3♦ 6♦ 5♦")
    assert s.game.deal_no == 1 and s.game.history[-1].scores == (0, -10, 0, -40)


def test_describe_a_position():
    game = Trix(Rules(doubling=True))
    s = position(game, ["5♦", "9♣ 2♣", "", "K♥"], K, 0, dealer=3, chooser=1, trick=[(1, "3♣")],
                 taken=((), parse_cards("2♠ 3♠ 4♠ 5♠"), (), ()), doubled=((C("K♥"), 3),))
    assert T.describe_state(s) == "deal 1/20, dealer P3, King chosen by P1, doubled K♥; totals 0 0 0 0; P0 to move"
    assert game.describe(s) == ("deal 1/20, dealer P3, King chosen by P1, doubled K♥; totals 0 0 0 0; P0 to move; "
                                "hand 0: 5♦; hand 1: 2♣ 9♣; hand 2: -; hand 3: K♥; taken 0: -; "
                                "taken 1: 2♠ 3♠ 4♠ 5♠; taken 2: -; taken 3: -; trick: 3♣; layout: -")
    assert game.describe_move(s) == ""
    over = Trix().play(last_deal(Trix(), (-100, -50, -200, -150)), L("5♦"))
    assert T.describe_state(over) == "deal 20/20, dealer P0, Trix chosen by P0; totals 0 0 0 0"


# ------------------------------------------------------- the Trix contract's turn, stalls and ends

@pytest.mark.parametrize("hands, direction, seat, nxt", [
    (["5♦", "6♦", "7♦", "8♦"], "clockwise", 0, 1),
    (["5♦", "", "7♦", "8♦"], "clockwise", 0, 2),      # P1 is out: skipped
    (["5♦", "", "", "8♦"], "clockwise", 3, 0),
    (["5♦", "6♦", "7♦", "8♦"], "anticlockwise", 0, 3),
    (["5♦", "6♦", "7♦", ""], "anticlockwise", 0, 2),
    (["5♦", "", "", ""], "clockwise", 0, 0),           # nobody else holds cards
])
def test_trix_turn_skips_players_who_are_out(hands, direction, seat, nxt):
    assert T.trix_next(seat, tuple(parse_cards(h) for h in hands), Rules(trix_direction=direction)) == nxt


@pytest.mark.parametrize("rules, hands, contract, layout, stalled", [
    ({}, ["2♦ 9♣", "3♥ 8♠", "K♦ 7♠", "Q♦ 9♦"], TX, "5♣", True),
    ({}, ["2♦ 9♣", "3♥ 6♠", "K♦ 7♠", "Q♦ 9♦"], TX, "5♣", False),   # P1 can lay the 6♠
    ({}, ["2♦ 9♣", "", "", "Q♦"], TX, "5♣", True),                # two players left, neither fits
    ({}, ["2♦ 9♣", "", "", ""], TX, "5♣", False),                 # one player left: the contract is over
    ({}, ["2♦ 9♣", "3♥ 8♠", "K♦ 7♠", "Q♦ 9♦"], TX, "", False),    # nothing laid yet: any card starts
    ({}, ["2♦ 9♣", "3♥ 8♠", "K♦ 7♠", "Q♦ 9♦"], D, "", False),     # not the Trix contract
    ({"trix_layout": "rows"}, ["2♦ 9♣", "3♥", "K♦", "Q♦"], TX, "", True),
    ({"trix_layout": "rows"}, ["2♦ 9♣", "3♥", "K♦", "J♦"], TX, "", False),
])
def test_when_the_trix_contract_is_stalled(rules, hands, contract, layout, stalled):
    game = Trix(Rules(**rules))
    s = position(game, hands, contract, 0, layout=layout)
    assert game.layout.stalled(s) is stalled
    choosing_ = position(game, hands, contract, 0, layout=layout, phase="choose")
    assert game.layout.stalled(choosing_) is False


def test_a_round_of_passes_ends_the_rows_layout():
    game = Trix(Rules(trix_layout="rows"))
    s = position(game, ["2♦ 9♣", "3♥", "K♦", "Q♦"], TX, 0, finished=())
    s = play_moves(game, s, "pass pass pass")
    assert s.game.deal_no == 0 and s.passes == 3
    s = game.play(s, PASS)
    assert s.game.deal_no == 1 and s.game.history[-1].scores == (0, 0, 0, 0)


def test_passes_count_only_players_still_holding_cards():
    game = Trix()
    s = position(game, ["2♦ 9♣", "", "K♦ 7♠", "Q♦ 9♦"], TX, 0, layout="5♣", finished=(1,))
    s = play_moves(game, s, "pass pass")
    assert s.to_move == 3 and s.passes == 2 and game.legal_moves(s) == (PASS,)
    s = game.play(s, PASS)          # three players hold cards: three passes are a full round
    assert s.passes == 3 and s.to_move == 0 and game.legal_moves(s) == lays("2♦ 9♣")
    assert game.refusal(s, L("2♦")) is None and game.refusal(s, PASS)[0] == "trix-trix-pass"


def test_the_moves_each_phase_offers():
    game = Trix(Rules(doubling=True))
    hands = ["5♠", "6♠", "7♠", "8♠"]
    choose = position(game, hands, None, 1, chooser=1)
    assert T.phase_moves(game, choose) == tuple(map(Choose, CONTRACT_ORDER))
    announce = position(game, hands, None, 1, chooser=1, phase="announce", pending="Q♦ Q♣")
    assert T.phase_moves(game, announce) == (Double(C("Q♦")), NoDouble(C("Q♦")))     # the first card asked about
    assert game.refusal(announce, Double(C("Q♣")))[0] == "trix-doubling"
    redeal = position(game, hands, None, None, chooser=1, phase="redeal", pending=(1,))
    assert T.phase_moves(game, redeal) == (KEEP,)                 # P1 holds no 2: only keeping the deal
    assert game.refusal(redeal, REDEAL)[0] == "trix-redeal"
    twos = position(game, ["5♠", "2♠ 2♥ 2♦ 2♣", "7♠", "8♠"], None, None, chooser=1, phase="redeal", pending=(1,))
    assert T.phase_moves(game, twos) == (REDEAL, KEEP)
    play = position(game, ["5♠ 9♦", "6♠", "7♠", "8♠"], TX, 0)
    assert T.phase_moves(game, play) == (L("5♠"), L("9♦"))       # no jack: any card starts, no pass


@pytest.mark.parametrize("limit", [0, 1, 3, 10])
def test_the_bound_on_moves_counts_the_redeals(limit):
    # a deal: 1 choice, 4 doubling answers, a redeal answer for each of the limit + 1 deals dealt (4 seats at
    # most), 52 cards each after up to 4 passes
    assert Trix(Rules(redeal_limit=limit)).max_plays() == 20 * (1 + 4 + 4 * (limit + 1) + 52 * 5)


@pytest.mark.parametrize("rule, contract, taken, why", [
    ("all_contracts", K, (), "2♥ may not be led: hearts may not be led while P0 holds another suit (4♦ 9♣)"),
    ("all_contracts", D, ("2♠ 3♠ 4♠ 5♠",), "2♥ may not be led: hearts may not be led while P0 holds another suit "
                                             "(4♦ 9♣)"),
    ("king_only", K, (), "2♥ may not be led: hearts may not be led in the King contract while P0 holds another "
                         "suit (4♦ 9♣)"),
    ("opening_lead", G, (), "2♥ may not be led: hearts may not be led to the first trick while P0 holds another "
                            "suit (4♦ 9♣)"),
    ("opening_lead", G, ("2♠ 3♠ 4♠ 5♠",), None),
])
def test_hearts_lead_refusals(rule, contract, taken, why):
    game = Trix(Rules(hearts_lead=rule))
    s = position(game, ["2♥ 9♣ 4♦", "4♣", "5♣", "6♣"], contract, 0,
                 taken=tuple(map(parse_cards, taken + ("",) * 4))[:4])
    assert game.refusal(s, L("2♥")) == (None if why is None else ("trix-hearts-lead", why))
    assert (L("2♥") in game.legal_moves(s)) is (why is None)


@pytest.mark.parametrize("contract", [D, G, CO])
def test_king_only_leaves_hearts_free_in_the_other_contracts(contract):
    game = Trix(Rules(hearts_lead="king_only"))
    s = position(game, ["2♥ 9♣", "4♣", "5♣", "6♣"], contract, 0)
    assert game.refusal(s, L("2♥")) is None and game.legal_moves(s) == lays("2♥ 9♣")


@pytest.mark.parametrize("contract, card, rules, points", [
    (K, "K♥", {}, -75), (K, "Q♥", {}, 0), (K, "A♥", {}, 0), (D, "K♥", {}, 0), (D, "2♦", {}, -10),
    (D, "A♦", {"scoring": "fifteen_ten"}, -15), (G, "Q♣", {}, -25), (G, "K♣", {}, 0), (CO, "K♥", {}, 0),
    (CO, "Q♠", {}, 0), (TX, "K♥", {}, 0), (TX, "Q♠", {}, 0), (K, "K♥", {"positive_negative": True}, 75),
    (D, "3♦", {"positive_negative": True, "scoring": "fifteen_ten"}, 15), (G, "Q♦", {"positive_negative": True}, 25),
])
def test_what_each_card_costs(contract, card, rules, points):
    assert T.card_points(contract, C(card), Rules(**rules)) == points


@pytest.mark.parametrize("contract, rules, points", [
    (CO, {}, -15), (CO, {"scoring": "fifteen_ten"}, -10), (CO, {"positive_negative": True}, 15),
    (K, {}, 0), (D, {}, 0), (G, {}, 0), (TX, {}, 0), (K, {"positive_negative": True}, 0),
])
def test_what_each_trick_costs(contract, rules, points):
    assert T.trick_points(contract, Rules(**rules)) == points


def test_rows_grow_from_the_jack_both_ways():
    game = Trix(Rules(trix_layout="rows"))
    s = position(game, ["J♦ 9♦ 2♣", "10♦ 5♣", "Q♦ 6♣", "K♦ 7♣"], TX, 0)
    want = [(11, 11), (10, 11), (10, 12), (10, 13), (9, 13)]   # clockwise: P0, P1, P2, P3, P0
    for card, row in zip(["J♦", "10♦", "Q♦", "K♦", "9♦"], want):
        s = game.play(s, L(card))
        assert s.ends == (None, None, row, None) and s.layout[-1] == C(card)
    assert s.to_move == 1 and game.legal_moves(s) == (PASS,)


@pytest.mark.parametrize("rules, totals", [
    ({}, [-75, -130, -100, -195, 500]),
    ({"scoring": "fifteen_ten"}, [-75, -195, -100, -130, 500]),
    ({"positive_negative": True}, [75, 130, 100, 195, -500]),
    ({"positive_negative": True, "scoring": "fifteen_ten"}, [75, 195, 100, 130, -500]),
])
def test_contract_totals_under_the_scoring_variants(rules, totals):
    assert [T.stated_total(k, Rules(**rules)) for k in CONTRACT_ORDER] == totals
    assert sum(totals) == 0 and sum(STATED_TOTALS.values()) == 0


@pytest.mark.parametrize("preset", [None, *sorted(PRESETS)])
def test_the_legal_moves_are_the_moves_the_clauses_allow(preset):
    """The legal moves against the clauses' refusals, on states of a random game of each preset."""
    import random
    game = Trix(make_rules(Rules, PRESETS[preset]) if preset else Rules())
    rng = random.Random(preset)
    s = game.deal(len(preset or ""))
    checked = 0
    while not game.is_over(s):
        if s.game.phase != "play" or rng.random() < 0.08:
            assert moves_mismatch(game, s) is None, (preset, game.describe(s))
            checked += 1
        moves = game.legal_moves(s)
        s = game.apply(s, moves[rng.randrange(len(moves))])
    assert moves_mismatch(game, s) is None and checked > 60


def test_the_last_deal_can_end_on_a_round_of_passes_and_the_final_position_keeps_the_layout():
    game = Trix(Rules(trix_layout="rows"))
    s = position(game, ["2♦", "3♥", "K♦", "Q♣"], TX, 0, deal_no=19, layout="J♠")   # the ♠ row J♠ to J♠
    s = play_moves(game, s, "pass pass pass pass")
    assert game.is_over(s) and s.game.totals == (0, 0, 0, 0) and game.outcome(s).draw
    assert game.zones(s)["layout"] == (C("J♠"),) and game.zones(s)["hand 2"] == (C("K♦"),)


@pytest.mark.parametrize("players", [3, 5])
def test_only_four_play(players):
    with pytest.raises(VariantError) as exc:
        Trix(players=players)
    assert str(exc.value) == f"key 'players': {players} players cannot play trix with these rules; allowed: 4 to 4"
    assert Trix(players=4).players == 4 and Trix(Rules(doubling=True), players=4).rules.doubling


@pytest.mark.parametrize("rules, layout", [({}, "5♣ 6♦"), ({"trix_layout": "rows"}, "J♦ 10♦")])
def test_relabel_in_the_trix_contract(rules, layout):
    """Written out for speed, Trix's relabel must rename exactly what the engine's generic one does."""
    from spec.engine import _relabel
    game = Trix(Rules(**rules))
    s = position(game, ["2♦ 9♣", "", "K♦ 7♠", "Q♦ 9♦"], TX, 2, layout=layout, passes=2, finished=(1,))
    swap = {C("6♦"): C("2♦"), C("2♦"): C("6♦"), C("10♦"): C("K♦"), C("K♦"): C("10♦")}
    assert game.relabel(s, swap) == _relabel(s, swap)


@pytest.mark.parametrize("top, wrap, ranks", [
    ("K♠", False, "Q or A"), ("3♥", False, "2 or 4"), ("2♣", False, "3"), ("2♣", True, "3 or A"),
    ("A♦", False, "K"), ("A♦", True, "2 or K"), ("10♠", True, "9 or J"),
])
def test_chain_refusal_names_the_ranks_that_fit(top, wrap, ranks):
    game = Trix(Rules(trix_wrap=wrap))
    s = position(game, ["7♣ 8♣", "6♥", "K♦", "Q♦"], TX, 0, layout=f"J♠ {top}")
    assert game.refusal(s, L("7♣")) == ("trix-trix-chain", f"7♣ is not next to {top}: lay a card one rank above or "
                                                           f"below the top card ({ranks}, any suit)")


def test_the_rows_start_empty_when_the_trix_contract_is_chosen():
    game = Trix(Rules(trix_layout="rows"))
    s = position(game, ["J♦ 5♠", "6♠", "7♠", "8♠"], None, 3, dealer=0, chooser=3, phase="choose", chosen=((),) * 4)
    s = game.play(s, Choose(TX))
    assert s.game.phase == "play" and s.to_move == 0 and s.layout == () and s.ends == (None, None, None, None)
    assert game.legal_moves(s) == (L("J♦"),)
    chain = Trix()
    s = position(chain, ["J♦ 5♠", "6♠", "7♠", "8♠"], None, 3, chooser=3, phase="choose", chosen=((),) * 4)
    assert chain.play(s, Choose(TX)).ends == ()


def test_a_position_names_each_card_once_and_finds_who_moves():
    game = Trix(Rules(trix_layout="rows", first_lead="after_dealer"))
    s = game.position(["5♦ 9♣", "6♥", "K♦", "Q♦ 10♠"], TX, layout="J♠ 10♦ J♦ Q♠", dealer=2)
    assert s.ends == ((11, 12), None, (10, 11), None) and s.to_move == 2 and s.game.phase == "play"
    assert s.game.chosen == ((TX,), (), (), ()) and s.game.match.deals == 0 and s.game.first_chooser == 0
    lead = game.position(["5♦", "6♥", "K♦", "Q♦"], K, dealer=2, chooser=3, deal_no=4, totals=(10, -10, 0, 0))
    assert lead.to_move == 1 and lead.game.match.totals == (10, -10, 0, 0) and lead.game.match.deals == 4
    assert game.position(["5♦", "6♥", "K♦", "Q♦"], K, trick=[(1, "2♦")]).to_move == 0     # anticlockwise
    assert game.position(["5♦", "Q♥", "K♦", "Q♦"], G, phase="announce", pending="Q♥ Q♦").to_move == 1
    assert game.position(["5♦", "6♥", "K♦", "Q♦"]).to_move == 0 and Trix().position(["", "", "", ""]).ends == ()
    with pytest.raises(ValueError, match="^5♦ is named more often than the deck holds it$"):
        game.position(["5♦", "6♥", "K♦", "Q♦"], K, trick=[(1, "5♦")])
    with pytest.raises(ValueError, match="^Jk is not a card of this deck$"):
        game.position(["Jk", "6♥", "K♦", "Q♦"])

"""Bura: rules, edge cases, records, and a mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.bura as props
from spec.cards import Rank, Suit, parse_card, parse_cards
from spec.engine import Outcome
from spec.errors import IllegalMove, NotationError, VariantError
from spec.games.bura import (
    CLAIM, CLAUSES, DECK, DECK_POINTS, PASS, POINTS, POT, PRESETS, Bura, Ledger, Play, Rules, State, beat_move,
    beat_rule, card_points, deal_moves_bound, draw_up, lead_move, throw_move,
)
from spec.dealing import sorted_hand
from spec.rules import Table, make_rules
from spec.stakes import player_account
from tests.helpers import SMALL, assert_refuted, check
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN

C = parse_card
ALL = [Bura(players=n) for n in range(2, 7)]
TWO = [Bura(players=2)]


def position(hands: str, plays=(), trump: Suit = Suit.DIAMONDS, to_move: int | None = None,
             rules: Rules | None = None, stock: str = "", pot: int = 0, **rest) -> tuple[Bura, State]:
    """A hand-made position: hands separated by '|'; ``plays`` as (player, cards, kind) triples; the turned
    card the first free card of ``trump``, under ``stock``; P0 to move unless a trick is in progress; no
    stake paid but ``pot`` chips from P0; the rest (``points``, ``won``, ``final`` ...) as
    ``Bura.position`` takes it."""
    hs = hands.split("|")
    game = Bura(rules, players=len(hs))
    used = set(parse_cards(" ".join(hs + [cs for _, cs, _ in plays] + [stock])))
    used |= {c for w in rest.get("won", ()) for c in w}
    turned = next(c for c in DECK if c.suit == trump and c not in used)
    ledger = Ledger.open(players=len(hs))
    if pot:
        ledger = ledger.pay("P0", POT, pot)
    if to_move is None and not plays:
        to_move = 0
    state = game.position(hs, parse_cards(stock) + (turned,), plays=plays, to_move=to_move, ledger=ledger, **rest)
    return game, state


def test_a_position_places_the_cards_and_sets_the_rest_of_a_deal_in_progress():
    game = Bura(Rules(deck_size=32), players=3)
    s = game.position(["K♠ 7♥", "A♠ 9♥", "10♥ 7♣"], "9♣ 10♣ J♦", dealer=1, won=((), (), parse_cards("A♦")))
    assert (s.turned, s.trump, s.to_move, s.points, s.plays) == (C("J♦"), Suit.DIAMONDS, 2, (0, 0, 11), ())
    assert s.ledger[POT] == 3 and s.ledger["P0"] == -1 and not s.final    # every stake paid in (bura-stake)
    assert s.claimed is False and s.cards_out is False
    assert len(s.aside) == 32 - 10 and C("J♦") not in s.aside             # the turned card lies under the stock
    t = game.position(["7♥", (C("9♥"),), ""], turned="J♦", plays=[(0, "K♠", "lead"), (1, parse_cards("A♠"), "beat")])
    assert t.to_move == 2 and t.plays[1] == Play(1, (C("A♠"),), "beat") and t.stock == () and C("J♦") not in t.aside
    for hands, stock, message in [(["K♠", "K♠", ""], "J♦", "K♠ is named more often than the deck holds it"),
                                  (["K♠", "7♣", ""], "6♦", "6♦ is not a card of this deck"),
                                  (["K♠", "7♣", ""], "7♣ J♦", "7♣ is named more often than the deck holds it")]:
        with pytest.raises(ValueError) as exc:
            game.position(hands, stock)
        assert str(exc.value) == message
    with pytest.raises(ValueError) as exc:
        game.position(["K♠", "7♣", ""])
    assert str(exc.value) == "name the turned card: the stock is empty"


def answers(game, state) -> set[str]:
    return {str(m) for m in game.legal_moves(state)}


def played(game, state, *moves: str):
    """The state after the moves, written as a player writes them."""
    for m in moves:
        state = game.play(state, game.parse_move(m))
    return state


def played_out(game, state):
    """The deal played to its last trick, never claiming."""
    while not state.cards_out:
        state = game.apply(state, [m for m in game.legal_moves(state) if m is not CLAIM][0])
    return state


# ---------------------------------------------------------------- the cards

def test_points_order_and_the_deck_total():
    assert POINTS == {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
    assert sum(POINTS.get(c.rank, 0) for c in DECK) == DECK_POINTS == 120 and len(DECK) == 36
    rule = beat_rule(Suit.HEARTS)                          # the kit's beats(attack, cover)
    assert rule.beats(C("K♠"), C("10♠")) and not rule.beats(C("10♠"), C("K♠"))
    assert rule.beats(C("A♠"), C("6♥")) and not rule.beats(C("6♥"), C("A♠"))
    assert not rule.beats(C("6♠"), C("A♣"))                # another plain suit never beats


def test_the_deal():
    for n in range(2, 7):
        game = Bura(players=n)
        for seed in range(10):
            s = game.deal(seed)
            assert [len(h) for h in s.hands] == [3] * n and len(s.stock) == 36 - 3 * n
            assert s.stock[-1] == s.turned and s.trump == s.turned.suit
            assert s.to_move == (s.dealer + 1) % n
            assert s.ledger[POT] == n and all(s.ledger[player_account(p)] == -1 for p in range(n))
            assert game.zones(s)["turned"] == (s.turned,) and s.turned not in game.zones(s)["stock"]
            assert len(game.zones(s)["stock"]) == 36 - 3 * n - 1 and game.to_move(s) == (s.dealer + 1) % n
            assert s.claimed is False and s.cards_out is False and CLAIM in game.legal_moves(s)


# ------------------------------------------------------------------- leads

def test_a_lead_is_one_card_or_several_of_one_suit():
    game, s = position("7♠ Q♠ 9♥|A♣ 6♦ 8♥")
    assert answers(game, s) == {"claim", "lead 7♠", "lead Q♠", "lead 9♥", "lead 7♠ Q♠"}
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, lead_move(parse_cards("7♠ 9♥")))
    assert exc.value.clause == "bura-lead-suit"
    with pytest.raises(IllegalMove, match=r"P0 does not hold A♣ \[rule bura-hold\]"):
        game.check_move(s, lead_move((C("A♣"),)))
    with pytest.raises(IllegalMove, match=r"named twice \[rule bura-hold\]"):
        game.check_move(s, game.parse_move("lead 7♠ 7♠"))
    with pytest.raises(IllegalMove, match=r"\[rule bura-answer-turn\]"):
        game.check_move(s, beat_move((C("7♠"),)))


def test_a_lead_fits_the_shortest_hand_under_draw_out():
    game, s = position("7♠ Q♠ K♠|A♣", rules=Rules(short_stock="draw_out"))
    assert answers(game, s) == {"claim", "lead 7♠", "lead Q♠", "lead K♠"}
    with pytest.raises(IllegalMove, match=r"holds only 1 \[rule bura-lead-size\]"):
        game.check_move(s, lead_move(parse_cards("7♠ Q♠")))


# ------------------------------------------------------------- answering

def test_the_sources_worked_example():
    # trumps ♦: Q♠ 7♠ led; A beats it with 9♦ J♠; B holding K♦ 8♦ 9♠ beats with both trumps or throws
    game, s = position("|9♦ J♠|K♦ 8♦ 9♠", plays=[(0, "Q♠ 7♠", "lead")], to_move=1)
    assert "beat 9♦ J♠" in answers(game, s)
    s = game.play(s, beat_move(parse_cards("9♦ J♠")))
    allowed = answers(game, s)
    assert {a for a in allowed if a.startswith("beat")} == {"beat K♦ 8♦"}
    assert "throw 8♦ 9♠" in allowed and len(allowed) == 4
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, beat_move(parse_cards("K♦ 9♠")))
    assert exc.value.clause == "bura-beat-each" and "card by card" in exc.value.reason
    with pytest.raises(IllegalMove, match=r"2 card\(s\) were led: answer with 2 \[rule bura-answer-turn\]"):
        game.check_move(s, throw_move((C("9♠"),)))
    taken = game.play(s, throw_move(parse_cards("8♦ 9♠")))
    assert taken.last_taker == 1 and taken.points[1] == 3 + 2 and taken.to_move == 1
    assert check(ALL, "source_example").verdict == HOLDS


def test_must_beat_forbids_the_throw_when_a_beat_exists():
    game, s = position("||K♦ 8♦ 9♠", plays=[(0, "Q♠ 7♠", "lead"), (1, "9♦ J♠", "beat")],
                       rules=Rules(must_beat=True))
    assert answers(game, s) == {"beat K♦ 8♦"}
    with pytest.raises(IllegalMove, match=r"can beat with K♦ 8♦, so must beat \(must_beat\) \[rule bura-throw\]"):
        game.check_move(s, throw_move(parse_cards("8♦ 9♠")))
    game, s2 = position("||6♠ 8♣ 9♠", plays=[(0, "Q♠ 7♠", "lead"), (1, "9♦ J♠", "beat")],
                        rules=Rules(must_beat=True))
    assert answers(game, s2) == {"throw 6♠ 8♣", "throw 6♠ 9♠", "throw 8♣ 9♠"}


def test_the_last_to_beat_takes_the_trick_else_the_leader():
    game, s = position("K♠|A♠|6♥", trump=Suit.DIAMONDS)
    s = played(game, s, "lead K♠", "beat A♠", "throw 6♥")
    assert s.last_taker == 1 and s.points == (0, 15, 0) and s.to_move == 1
    game, s = position("K♠|7♣|6♥")
    s = played(game, s, "lead K♠", "throw 7♣", "throw 6♥")
    assert s.last_taker == 0 and s.points == (4, 0, 0)


def test_thrown_cards_are_hidden_unless_open():
    for throws, hidden in (("down", True), ("up", False)):
        game, s = position("K♠|7♣|6♥", rules=Rules(throws=throws))
        s = played(game, s, "lead K♠", "throw 7♣")
        assert (game.zones(s)["thrown 1"] == (C("7♣"),)) is hidden
        assert ("thrown 1" in game.hidden_zones(s, 0)) and "thrown 1" not in game.hidden_zones(s, 1)


# ------------------------------------------------------------------ drawing

@pytest.mark.parametrize("hands,stock,taker,short,drawn,left,order", [
    # one at a time from the taker, round and round
    ("6♠|7♠|8♠", "A♠ A♥ A♦ A♣ K♠ K♥ K♦", 1, "no_draw", "6♠ A♦ K♥|7♠ A♠ A♣|8♠ A♥ K♠", "K♦", (1, 2, 0, 1, 2, 0)),
    # a stock too short for everyone: nobody draws (no_draw) or it is drawn to the end (draw_out)
    ("6♠|7♠|8♠", "A♠ A♥ A♦ A♣ K♠", 1, "no_draw", "6♠|7♠|8♠", "A♠ A♥ A♦ A♣ K♠", ()),
    ("6♠|7♠|8♠", "A♠ A♥ A♦ A♣ K♠", 1, "draw_out", "6♠ A♦|7♠ A♠ A♣|8♠ A♥ K♠", "", (1, 2, 0, 1, 2)),
    ("6♠ 7♠ 8♠|6♥ 7♥ 8♥", "A♠ A♥", 0, "draw_out", "6♠ 7♠ 8♠|6♥ 7♥ 8♥", "A♠ A♥", ()),      # hands full
    ("6♠|6♥", "", 1, "draw_out", "6♠|6♥", "", ()),                                      # the stock empty
    ("6♠|6♥", "A♠ A♥ A♦ A♣", 1, "no_draw", "6♠ A♥ A♣|6♥ A♠ A♦", "", (1, 0, 1, 0)),
    ("6♠ 7♠ 8♠|6♥ 7♥", "A♠ K♠", 0, "no_draw", "6♠ 7♠ 8♠|6♥ 7♥ A♠", "K♠", (1,)),          # one short draws one
    ("6♠ 7♠ 8♠|6♥ 7♥", "A♠ K♠", 0, "draw_out", "6♠ 7♠ 8♠|6♥ 7♥ A♠", "K♠", (1,)),
])
def test_drawing_one_at_a_time_from_the_taker(hands, stock, taker, short, drawn, left, order):
    hands = tuple(sorted_hand(parse_cards(h)) for h in hands.split("|"))
    out = draw_up(hands, parse_cards(stock), taker, short)
    assert out == (tuple(sorted_hand(parse_cards(h)) for h in drawn.split("|")), parse_cards(left), order)


# ------------------------------------------------------------------ claims

def test_a_right_claim_takes_the_pot_a_wrong_one_doubles_it():
    game, s = position("K♠|7♣", points=(31, 30), pot=4)
    won = game.play(s, CLAIM)
    assert game.is_over(won) and won.winner == 0 and won.ledger[POT] == 0 and won.ledger["P0"] == 0
    assert game.outcome(won).winners == (0,) and won.claimed is True and won.turn == 1
    assert game.describe_move(won) == "P0 has 31 points and takes the pot of 4"
    game, s = position("K♠|7♣", points=(30, 0), pot=4)
    wrong = game.play(s, CLAIM)
    assert not game.is_over(wrong) and wrong.ledger[POT] == 8 and wrong.ledger["P0"] == -8
    assert game.describe_move(wrong) == "P0 has only 30 points: the pot doubles to 8"
    assert wrong.claimed is True and wrong.turn == 1
    led = game.play(wrong, lead_move((C("K♠"),)))    # the wrong claimer still leads; his lead ends his turn's claim
    assert led.claimed is False and led.cards_out is False and led.turn == 2
    with pytest.raises(IllegalMove, match=r"already claimed this turn \[rule bura-claim-turn\]"):
        game.check_move(wrong, CLAIM)
    assert "pass" not in answers(game, wrong)
    with pytest.raises(IllegalMove, match=r"\[rule bura-pass\]"):
        game.check_move(wrong, PASS)


def test_claims_are_refused_mid_trick_and_under_automatic_claims():
    game, s = position("K♠|7♣")
    s = game.play(s, game.parse_move("lead K♠"))
    with pytest.raises(IllegalMove, match=r"\[rule bura-claim-turn\]"):
        game.check_move(s, CLAIM)
    game, s = position("K♠|7♣", rules=Rules(claims="automatic"))
    assert "claim" not in answers(game, s)
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, CLAIM)
    assert exc.value.reason == "claims are automatic under these rules: a deal ends as soon as someone has 31"


def test_after_the_last_trick_its_taker_claims_or_passes_and_the_deal_is_dealt_again():
    game = Bura(players=2)
    s = played_out(game, game.deal(4))
    assert answers(game, s) == {"claim", "pass"} and s.to_move == s.last_taker
    again = game.play(s, PASS)
    assert again.deal_no == 1 and again.dealer == s.dealer and again.ledger[POT] == s.ledger[POT] + 2
    assert [len(h) for h in again.hands] == [3, 3] and not any(again.won)
    assert game.describe_move(again) == "nobody claimed 31: dealt again\n      " + game.describe(again)
    assert game.describe(again).startswith(f"deal 2, P{s.dealer} deals, turns {again.turned}: trumps "
                                           f"{again.trump.symbol}; pot 4; ")


def test_automatic_claims_end_at_31():
    game = Bura(Rules(claims="automatic"), players=2)
    for seed in range(20):
        s = game.deal(seed)
        while not game.is_over(s):
            s = game.apply(s, game.legal_moves(s)[-1])
        assert s.points[s.winner] >= 31 and s.deal_no == 0 and s.ledger[POT] == 0


def test_bad_input_is_one_line():
    game = Bura(players=2)
    with pytest.raises(NotationError):
        game.parse_move("lead")
    with pytest.raises(NotationError):
        game.parse_move("beat Xx")
    with pytest.raises(VariantError):
        make_rules(Rules, {"short_stock": "maybe"})
    with pytest.raises(VariantError):
        make_rules(Rules, {"ante": 0})
    assert all(make_rules(Rules, p) != Rules() for p in PRESETS.values())


# ------------------------------------------------------------- records


# ---------------------------------------------------- properties and mutants

INVARIANTS = ["beats_each_card", "leads_as_source", "trick_taker", "draws_as_source", "deal_start",
              "points_conserved", "claims_settle", "deal_ends"]
OTHERS = ["deck_points", "deal_points_sum", "reaches_31_two_players", "reaches_31", "money_conserved", "settlements_as_source",
          "nobody_reaches_31", "match_ends", "stock_played_out", "must_beat_readings_agree", "source_example"]


@pytest.mark.parametrize("name", INVARIANTS)
def test_invariants_hold(name):
    r = check(TWO, name)  # every preset explored; cardspec verify runs all player counts
    assert r.verdict == HOLDS, (name, r.detail, r.counterexample)
    assert "exhaustive over" in r.detail and "automatic" in r.detail


@pytest.mark.parametrize("name", OTHERS)
def test_other_properties_have_their_expected_verdict(name):
    r = check(ALL, name)
    assert r.verdict == r.property.expected, (name, r.verdict, r.detail)
    if r.verdict == REFUTED and r.counterexample.record is not None:
        r.counterexample.record.replay()


def test_two_players_reach_31_under_both_readings_three_only_when_drawn_out():
    assert check([Bura(Rules(short_stock="draw_out"), players=2)], "reaches_31_two_players").verdict == HOLDS
    assert check([Bura(Rules(short_stock="draw_out"), players=3)], "reaches_31").verdict == HOLDS
    assert check([Bura(players=4)], "reaches_31").verdict == REFUTED


def any_higher_rank():
    """Beats by rank alone, whatever the suit."""
    from itertools import combinations

    def beats(game, state):
        if not state.plays:
            return ()
        target = sorted(next(p for p in reversed(state.plays) if p.kind != "throw").cards)
        return tuple(beat_move(c) for c in combinations(state.hands[state.to_move], len(target))
                     if all(x.rank > t.rank for x, t in zip(sorted(c), target)))
    return CLAUSES.replaced("bura-beat-each", beats)


class MixedLeads(Bura):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        hand = state.hands[state.to_move]
        if not state.plays and not state.cards_out and len(hand) >= 2 and hand[0].suit != hand[1].suit:
            return moves + (lead_move(hand[:2]),)
        return moves


def leader_takes():
    return CLAUSES.replaced("bura-trick", lambda plays: plays[0].player)


def draws_from_the_left():
    """Draws as if the taker's left-hand neighbour took the trick."""
    return CLAUSES.replaced("bura-draw", lambda hands, stock, taker, short: draw_up(hands, stock,
                                                                                   (taker + 1) % len(hands), short))


def short_draws():
    """Draws what the stock has even when it cannot serve everyone (under no_draw)."""
    return CLAUSES.replaced("bura-draw", lambda hands, stock, taker, short: draw_up(hands, stock, taker, "draw_out"))


def points(table):
    """The points clause with another table of card values."""
    return CLAUSES.replaced("bura-points", lambda cards, points=Table(table): card_points(cards, points))


def ten_counts_eleven():
    return points({**POINTS, Rank.TEN: 11})


class DealerLeads(Bura):
    def start_deal(self, seed, deal_no, dealer, ledger):
        return dataclasses.replace(super().start_deal(seed, deal_no, dealer, ledger), to_move=dealer)


def _one_short(pot, seat):
    return ((player_account(seat), -(pot - 1)), (POT, pot - 1))


def _leaky(pot, seat):
    return ((player_account(seat), -pot), (POT, 2 * pot))


def one_short_of_doubling():
    return CLAUSES.replaced("bura-wrong-claim", _one_short)


class BoundTooSmall(Bura):
    """Claims a deal bound one move too small."""

    def deal_limit(self):
        return 20


@pytest.mark.parametrize("mutant,prop", [
    (MixedLeads, "leads_as_source"), (DealerLeads, "deal_start"), (BoundTooSmall, "deal_ends"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant(players=n) for n in (2, 3)], prop))


@pytest.mark.parametrize("broken,prop", [
    (any_higher_rank, "beats_each_card"), (any_higher_rank, "source_example"), (leader_takes, "trick_taker"),
    (draws_from_the_left, "draws_as_source"), (short_draws, "draws_as_source"),
    (ten_counts_eleven, "points_conserved"), (ten_counts_eleven, "deck_points"),
    (ten_counts_eleven, "deal_points_sum"), (one_short_of_doubling, "claims_settle"),
    (one_short_of_doubling, "settlements_as_source"),
])
def test_a_broken_clause_is_refuted(broken, prop):
    with broken():
        assert_refuted(check([Bura(players=n) for n in (2, 3)], prop))


def test_leaking_settlements_are_refuted_by_z3():
    r = check([Bura(players=3)], "money_conserved")
    assert r.verdict == HOLDS
    with CLAUSES.replaced("bura-wrong-claim", _leaky):
        r = check([Bura(players=3)], "money_conserved")
    assert_refuted(r)
    assert "settlement 'wrong' (P" in r.counterexample.text and "claims wrongly) gains and losses sum to +" \
        in r.counterexample.text


class OneDealOnly(Bura):
    def start_deal(self, seed, deal_no, dealer, ledger):
        return dataclasses.replace(super().start_deal(seed, deal_no, dealer, ledger), final=True)


class AlwaysMustBeat(Bura):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        beats_ = tuple(m for m in moves if type(m).__name__ == "Beat")
        return beats_ or moves


def test_the_searches_and_claims_can_come_out_otherwise():
    with points({Rank.ACE: 0, Rank.TEN: 0, Rank.KING: 0, Rank.QUEEN: 0, Rank.JACK: 0}):
        assert_refuted(check([Bura(players=2)], "reaches_31_two_players"))
    with points({r: 2 * v for r, v in POINTS.items()}):
        assert check([Bura(players=3)], "reaches_31").verdict == HOLDS
    with points({r: 31 for r in Rank}):
        assert check([Bura(players=n) for n in (5, 6)], "nobody_reaches_31",
                     dataclasses.replace(SMALL, examples=10)).verdict == UNKNOWN
    assert check([OneDealOnly(players=2)], "match_ends").verdict == UNKNOWN
    assert check([Bura(Rules(short_stock="draw_out"), players=2)], "stock_played_out").verdict == UNKNOWN
    assert check([AlwaysMustBeat(players=3)], "must_beat_readings_agree").verdict == UNKNOWN


def test_small_configurations():
    roots = props.small(Bura(players=2)) + props.small(Bura(players=3))
    assert len(roots) == 8 and all(25 <= r.state.points[0] <= 30 for r in roots)
    assert props.small(Bura(players=4)) == []


class LeakyLedger(Bura):
    """A right claim pays the winner one more than the pot holds, from nowhere."""

    def ledger(self, state):
        led = super().ledger(state)
        if state.winner is not None:
            return Ledger(tuple((a, b + (a == f"P{state.winner}")) for a, b in led.balances))
        return led


def test_stakes_conserved_holds_and_can_fail():
    assert check(ALL, "stakes_conserved").verdict == HOLDS
    assert_refuted(check([LeakyLedger(players=n) for n in (2, 3)], "stakes_conserved"))


def test_the_example_under_must_beat_and_the_variant_file():
    from spec.variants import load_variant
    r = check([Bura(Rules(must_beat=True), players=3)], "source_example")
    assert r.verdict == HOLDS and "refused" in r.detail
    variant = load_variant("docs/variants/bura-open-strict.toml")
    assert variant.rules == Rules(throws="up", must_beat=True) and variant.players == 4


# ------------------------------------------------------- refusals, word for word

#: from "K♠ Q♠|7♣|6♥": P0 takes the last trick, P1 and P2 have no cards left (the cards are out)
OUT = ["lead K♠", "throw 7♣", "throw 6♥"]


@pytest.mark.parametrize("hands,plays,before,move,clause,reason", [
    ("|7♣ 8♣|6♥", [(0, "K♠", "lead")], [], "lead 7♣", "bura-lead-turn",
     "a trick is in progress: P1 must beat or throw 1 card(s)"),
    ("K♠ Q♠|7♣|6♥", [], OUT, "lead Q♠", "bura-lead-turn",
     "the cards are out: the last trick's taker may only claim or pass"),
    ("K♠ Q♠|7♣|6♥", [], [], "lead A♥", "bura-hold", "P0 does not hold A♥"),
    ("K♠ Q♠|7♣|6♥", [], [], "lead K♠ 7♣", "bura-hold", "P0 does not hold 7♣"),
    ("K♠ 7♣|7♥|6♥", [], [], "lead K♠ 7♣", "bura-lead-suit",
     "K♠ 7♣ are not of one suit: several cards are led only if of one suit"),
    ("K♠ Q♠ J♠|7♣ 8♣ 9♣|6♥", [], [], "lead K♠ Q♠", "bura-lead-size", "a lead of 2 cards, but a player holds only 1"),
    ("K♠|7♣|6♥", [], [], "beat K♠", "bura-answer-turn", "no trick is in progress: lead first"),
    ("K♠ Q♠|7♣|6♥", [], OUT, "throw Q♠", "bura-answer-turn",
     "the cards are out: the last trick's taker may only claim or pass"),
    ("|7♣ 8♣|6♥", [(0, "K♠", "lead")], [], "throw 7♣ 8♣", "bura-answer-turn", "1 card(s) were led: answer with 1"),
    ("|9♠ A♣|6♥", [(0, "Q♠ 10♠", "lead")], [], "beat 9♠ A♣", "bura-beat-each",
     "9♠ A♣ do not beat Q♠ 10♠ card by card: each card needs a higher card of its suit or a trump (trumps ♦)"),
    ("||7♠", [(0, "Q♠", "lead"), (1, "A♠", "beat")], [], "beat 7♠", "bura-beat-each",
     "7♠ do not beat A♠ card by card: each card needs a higher card of its suit or a trump (trumps ♦)"),
    ("|7♣|6♥", [(0, "K♠", "lead")], [], "claim", "bura-claim-turn",
     "a trick is in progress: claim when on lead, before leading"),
    ("K♠|7♣|6♥", [], ["claim"], "claim", "bura-claim-turn", "P0 has already claimed this turn"),
    ("K♠|7♣|6♥", [], [], "pass", "bura-pass", "pass only after the last trick, instead of claiming"),
])
def test_each_refusal_names_its_clause_and_says_why(hands, plays, before, move, clause, reason):
    game, s = position(hands, plays=plays)
    s = played(game, s, *before)
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, game.parse_move(move))
    assert (exc.value.clause, exc.value.reason) == (clause, reason)


def test_a_move_must_name_cards_and_each_only_once():
    game, s = position("K♠ Q♠|7♣|6♥")
    for move, reason in ((lead_move(()), "name at least one card"),
                         (lead_move(parse_cards("K♠ K♠")), "a card is named twice")):
        with pytest.raises(IllegalMove) as exc:
            game.check_move(s, move)
        assert (exc.value.clause, exc.value.reason) == ("bura-hold", reason)


@pytest.mark.parametrize("cards,target,result", [
    ("8♠ 9♠ 10♠", "A♠ 6♠ 7♠", False),          # nothing but a trump beats the ace
    ("6♦ 8♠ 9♠", "A♠ 6♠ 7♠", True),            # the trump on the ace, the spades on the small ones
    ("9♠ 6♦ 8♠", "7♠ 6♠ A♠", True),            # in any order
    ("6♦ 7♠ 8♠", "A♠ 8♠ 6♠", False),           # the 8♠ needs a higher spade or the one trump
    ("A♠", "6♠ 7♠", False),                    # too few cards
    ("7♦ 8♦", "6♠", False),                    # too many
    ("7♥", "6♥", True),
    ("7♥", "8♥", False),
    ("6♦", "A♥", True),
    ("A♣", "6♥", False),                       # neither the suit nor a trump
    ("9♦ J♠", "Q♠ 7♠", True),                  # the source's example: trump on the queen, jack on the seven
    ("K♦ 8♦", "9♦ J♠", True),                  # ... and both trumps over that
    ("K♦ 9♠", "9♦ J♠", False),                 # the 9♠ beats neither card
    ("6♦ K♠", "Q♠ A♥", True),                  # paired the other way: the trump on the ace, the king on the queen
    ("K♠ 6♦", "A♥ Q♠", True),
    ("K♠ 6♣", "A♥ Q♠", False),
])
def test_a_combination_is_beaten_card_by_card(cards, target, result):
    assert beat_rule(Suit.DIAMONDS).covers(parse_cards(target), parse_cards(cards)) is result


# ------------------------------------------------------------ descriptions

def test_the_log_lines_of_a_deal():
    game, s = position("K♠|A♠|6♥", pot=3)
    assert game.describe(s) == f"deal 1, P0 deals, turns {s.turned}: trumps ♦; pot 3; P0: K♠ | P1: A♠ | P2: 6♥"
    assert game.describe_move(s) == ""
    s = game.play(s, lead_move((C("K♠"),)))
    assert game.describe_move(s) == ""
    s = played(game, s, "beat A♠", "throw 6♥")
    assert game.describe_move(s) == "P1 takes K♠ A♠ 6♥ (15 points); points 0 15 0; the cards are out"


# ------------------------------------------------- automatic claims, drawing, views

def test_under_automatic_claims_the_trick_that_brings_31_takes_the_pot():
    for before, wins in ((10, True), (9, False)):          # 21 taken: 31 is enough, 30 is not
        game, s = position("A♠|10♠|6♥", points=(before, 25, 0), pot=3, rules=Rules(claims="automatic"))
        s = played(game, s, "lead A♠", "throw 10♠", "throw 6♥")
        assert (s.winner == 0) is wins and (s.deal_no == 1) is not wins
    game, s = position("K♠|A♠|6♥", points=(0, 20, 0), pot=3, rules=Rules(claims="automatic"))
    s = played(game, s, "lead K♠", "beat A♠", "throw 6♥")
    assert s.winner == 1 and s.points == (0, 35, 0) and game.is_over(s) and game.to_move(s) is None
    assert s.ledger[POT] == 0 and s.ledger["P1"] == 3 and game.outcome(s).winners == (1,)
    assert game.describe_move(s) == "P1 has 35 points and takes the pot of 3"


def test_under_automatic_claims_a_deal_without_31_is_dealt_again_at_once():
    game, s = position("K♠|A♠|6♥", points=(0, 10, 0), pot=3, rules=Rules(claims="automatic"))
    s = played(game, s, "lead K♠", "beat A♠", "throw 6♥")
    assert s.winner is None and s.deal_no == 1 and s.dealer == 0 and [len(h) for h in s.hands] == [3, 3, 3]
    assert s.ledger[POT] == 6 and not s.cards_out and s.points == (0, 0, 0)


def test_what_each_player_sees():
    game, s = position("Q♠|8♣|6♥ 7♥", plays=[(0, "K♠", "lead"), (1, "7♣", "throw")], stock="9♣",
                       won=((), parse_cards("A♦"), ()))
    z = game.zones(s)
    assert z["stock"] == parse_cards("9♣") and z["turned"] == (s.turned,)
    assert z["trick"] == (C("K♠"),) and z["thrown 1"] == (C("7♣"),) and z["won 1"] == (C("A♦"),)
    assert game.hidden_zones(s, 0) == {"hand 1", "hand 2", "stock", "aside", "thrown 1", "thrown 2", "won 1",
                                       "won 2"}
    assert game.hidden_zones(s, 1) == {"hand 0", "hand 2", "stock", "aside", "thrown 0", "thrown 2", "won 0",
                                       "won 2"}
    # once the turned card is drawn it is an ordinary card of a hand
    drawn = game.position((s.hands[0] + (s.turned,),) + s.hands[1:], (), turned=s.turned, plays=s.plays, won=s.won)
    assert game.zones(drawn)["turned"] == () and game.zones(drawn)["stock"] == ()
    for change in ({"trump": Suit.SPADES}, {"dealer": 1}, {"deal_no": 1}, {"claimed": True}, {"cards_out": True},
                   {"ledger": s.ledger.pay("P0", POT, 1)}):
        other = dataclasses.replace(s, **change)
        assert all(game.observe(s, p) != game.observe(other, p) for p in range(3)), change


def test_the_state_keeps_its_record_through_a_trick_and_counts_the_moves_of_a_deal():
    game, s = position("K♠ 7♥ 8♥|A♠ 9♥ 10♥|6♥ 7♣ 8♣", stock="9♣ 10♣ J♣", pot=3, seed=9,
                       won=((), (), parse_cards("A♦")), dealer=2, deal_no=4)
    assert s.points == (0, 0, 11)                      # counted from the cards taken
    start = s
    s = game.play(s, lead_move((C("K♠"),)))
    keep = ("stock", "turned", "trump", "won", "points", "dealer", "deal_no", "ledger", "seed", "aside", "final")
    assert all(getattr(s, k) == getattr(start, k) for k in keep) and s.turn == 1 and s.to_move == 1
    s = played(game, s, "beat A♠", "throw 6♥")
    assert s.turn == 3 and s.last_taker == 1 and s.to_move == 1 and s.drawn == (1, 2, 0)
    assert s.stock == (start.turned,) and s.points == (0, 15, 11) and s.won[2] == (C("A♦"),)
    s = game.play(s, lead_move((C("9♥"),)))
    assert s.turn == 4 and s.last_taker == 1 and s.drawn == (1, 2, 0) and len(s.last_trick) == 3
    assert (s.seed, s.dealer, s.deal_no, s.aside) == (9, 2, 4, start.aside)


@pytest.mark.parametrize("cards,points", [
    ("A♠ 10♠ K♠ Q♠ J♠", 30), ("A♠ A♥ 9♦", 22), ("9♠ 8♠ 7♠ 6♠", 0), ("", 0), ("10♦ 10♣ J♥", 22),
])
def test_card_points_of_taken_cards(cards, points):
    from spec.games.bura import card_points
    assert card_points(parse_cards(cards)) == points


def test_a_deal_has_no_winner_once_the_cards_are_out_and_nobody_took_the_pot():
    from spec.games.bura import deal_has_no_winner
    game, s = position("K♠|7♣", points=(0, 0), final=True)
    assert not deal_has_no_winner(s)
    s = played(game, s, "lead K♠", "throw 7♣")
    assert deal_has_no_winner(s) and not deal_has_no_winner(dataclasses.replace(s, winner=0))
    assert s.cards_out and not game.is_over(s)
    s = game.play(s, PASS)
    assert s.void and game.is_over(s) and game.to_move(s) is None and game.legal_moves(s) == ()
    assert game.outcome(s).winners == () and s.turn == 3


# ------------------------------------------------------- the offering clauses

def test_each_kind_is_offered_by_its_clause_in_the_order_of_the_legal_moves():
    game, s = position("7♠ Q♠ 9♥|A♣ 6♦ 8♥")
    from spec.games import bura
    assert [str(m) for m in bura.claim_turn(game, s)] == ["claim"] and bura.pass_turn(game, s) == ()
    assert [str(m) for m in bura.lead_one_suit(game, s)] == ["lead 7♠", "lead Q♠", "lead 9♥", "lead 7♠ Q♠"]
    assert bura.beat_each_card(game, s) == () and bura.throw_allowed(game, s) == ()
    assert [str(m) for m in game.legal_moves(s)] == ["claim", "lead 7♠", "lead Q♠", "lead 9♥", "lead 7♠ Q♠"]
    s = game.play(s, lead_move((C("Q♠"),)))
    assert bura.claim_turn(game, s) == () and bura.lead_one_suit(game, s) == ()
    assert [str(m) for m in game.legal_moves(s)] == ["beat 6♦", "throw A♣", "throw 6♦", "throw 8♥"]  # trumps ♦
    game, s = position("|A♠ 6♦ 8♥", plays=[(0, "7♠", "lead")], to_move=1)
    assert [str(m) for m in game.legal_moves(s)] == ["beat A♠", "beat 6♦", "throw A♠", "throw 6♦", "throw 8♥"]


def test_cards_named_in_another_order_are_the_same_move():
    game, s = position("7♠ Q♠ 9♥|A♣ 6♦ 8♥")
    assert lead_move(parse_cards("Q♠ 7♠")) == lead_move(parse_cards("7♠ Q♠")) != beat_move(parse_cards("7♠ Q♠"))
    assert len({lead_move(parse_cards("Q♠ 7♠")), lead_move(parse_cards("7♠ Q♠"))}) == 1
    assert lead_move(parse_cards("Q♠ 7♠")) != lead_move(parse_cards("Q♠ 7♠ 9♥"))
    assert game.refusal(s, game.parse_move("lead Q♠ 7♠")) is None
    assert game.play(s, game.parse_move("lead Q♠ 7♠")).plays[0].cards == parse_cards("Q♠ 7♠")


@pytest.mark.parametrize("preset", [None, *PRESETS])
def test_the_legal_moves_are_the_offered_moves_the_clauses_allow(preset):
    """On every state of seeded random games, two to six players: each legal move is offered by a
    clause and allowed, and each move the clauses offer and allow is a legal move."""
    import random
    from verifier.generic import moves_mismatch
    rules = make_rules(Rules, PRESETS[preset]) if preset else Rules()
    states = 0
    for n in range(2, 7):
        game = Bura(rules, players=n)
        for seed in range(3):
            rng, s = random.Random(seed), game.deal(seed)
            for _ in range(70):
                if game.is_over(s):
                    break
                legal = game.legal_moves(s)
                assert moves_mismatch(game, s) is None
                states += 1
                s = game.apply(s, rng.choice(legal))
    assert states > 150


# ------------------------------------------------------- settlements name their clause

def _leaky_claim(points, claims="declared"):
    game, s = position("K♠|7♣", points=points, pot=4, rules=Rules(claims=claims))
    game.play(s, CLAIM)


def _leaky_automatic_take():
    game, s = position("A♠|10♠|6♥", points=(10, 25, 0), pot=3, rules=Rules(claims="automatic"))
    played(game, s, "lead A♠", "throw 10♠", "throw 6♥")


@pytest.mark.parametrize("clause,act", [
    ("bura-stake", lambda: Bura(players=2).deal(0)),
    ("bura-stake", lambda: Bura(players=2).position(["K♠", "7♣"], "J♦")),   # a position's stakes too
    ("bura-pot-won", lambda: _leaky_claim((31, 0))),
    ("bura-wrong-claim", lambda: _leaky_claim((30, 0))),
    ("bura-pot-won", _leaky_automatic_take),            # 10 + 21 taken: 31, the pot is taken at once
])
def test_a_settlement_that_does_not_balance_names_its_clause(clause, act):
    rule = CLAUSES.function(clause)
    with CLAUSES.replaced(clause, lambda *args: rule(*args) + ((POT, 1),)), pytest.raises(ValueError) as exc:
        act()
    assert str(exc.value) == f"settlement of clause {clause} does not balance: gains and losses sum to 1"


# ------------------------------------------------------- claims, outcomes, the record of a deal

def test_a_wrong_claim_pays_into_the_pot_that_another_player_then_wins():
    game, s = position("K♠|A♠", points=(30, 31), pot=2)          # P0 has paid the pot of 2
    s = game.play(s, CLAIM)                                          # 30: the pot doubles, P0 pays 2 more
    assert game.describe_move(s) == "P0 has only 30 points: the pot doubles to 4"
    assert (s.ledger[POT], s.ledger["P0"], s.ledger["P1"]) == (4, -4, 0)
    s = played(game, s, "lead K♠", "beat A♠")
    assert s.cards_out and s.to_move == 1 and s.points == (30, 46)
    assert game.describe_move(s) == "P1 takes K♠ A♠ (15 points); points 30 46; the cards are out"
    s = game.play(s, CLAIM)
    assert game.describe_move(s) == "P1 has 46 points and takes the pot of 4"
    assert game.outcome(s) == Outcome(winners=(1,), scores=(30, 46), returns=(-4, 4))
    assert game.to_move(s) is None


def test_a_small_deal_without_a_winner_has_no_winner_and_the_stakes_stay_in_the_pot():
    game, s = position("K♠|7♣", points=(0, 0), pot=2, final=True)
    s = played(game, s, "lead K♠", "throw 7♣")
    s = game.play(s, CLAIM)                                          # 4 points: the pot doubles to 4
    assert game.describe_move(s) == "P0 has only 4 points: the pot doubles to 4"
    assert game.legal_moves(s) == (PASS,)
    s = game.play(s, PASS)
    assert s.void and s.event is None and s.turn == 4
    assert game.describe_move(s) == "P0 takes K♠ 7♣ (4 points); points 4 0; the cards are out"
    assert game.outcome(s) == Outcome(winners=(), scores=(4, 0), returns=(-4, 0))


def test_a_deal_dealt_again_keeps_the_record_of_the_last_trick():
    # draw_out: P1 takes the trick and draws the turned card; P0 and P2 have none left
    game, s = position("K♠|A♠|6♥", rules=Rules(short_stock="draw_out"), pot=3)
    turned = s.turned
    s = played(game, s, "lead K♠", "beat A♠", "throw 6♥")
    assert s.cards_out and s.drawn == (1,) and s.hands == ((), (turned,), ()) and s.to_move == 1
    again = game.play(s, PASS)
    assert (again.last_trick, again.last_taker, again.drawn) == (s.last_trick, 1, (1,))
    assert again.deal_no == 1 and again.dealer == 0 and again.event is None and again.ledger[POT] == 6
    assert again.claimed is False and again.cards_out is False and again.points == (0, 0, 0)
    assert game.to_move(again) == 1 and CLAIM in game.legal_moves(again)
    assert game.describe_move(again) == "nobody claimed 31: dealt again\n      " + game.describe(again)


def test_the_log_lines_of_tricks_while_the_stock_lasts():
    game, s = position("K♠ 7♥ 8♥|A♠ 9♥ 10♥|6♥ 7♣ 8♣", stock="9♣ 10♣ J♣", pot=3)
    assert game.describe(s) == (f"deal 1, P0 deals, turns {s.turned}: trumps ♦; pot 3; "
                                "P0: K♠ 7♥ 8♥ | P1: A♠ 9♥ 10♥ | P2: 6♥ 7♣ 8♣")
    for deal_no in (0, 1):
        _, t = position("K♠ 7♥ 8♥|A♠ 9♥ 10♥|6♥ 7♣ 8♣", stock="9♣ 10♣ J♣", pot=3, deal_no=deal_no)
        t = played(game, t, "lead K♠", "beat A♠", "throw 6♥")
        assert [len(h) for h in t.hands] == [3, 3, 3] and not t.cards_out
        assert t.claimed is False and CLAIM in game.legal_moves(t)          # the taker may claim before he leads
        assert game.describe_move(t) == "P1 takes K♠ A♠ 6♥ (15 points); points 0 15 0"
        assert game.describe(t).startswith(f"deal {deal_no + 1}, P0 deals, turns {s.turned}: trumps ♦; pot 3; ")
        t = game.play(t, lead_move((C("9♥"),)))
        assert game.describe_move(t) == ""


def test_a_lead_is_recorded_as_a_lead_and_shown_on_the_table():
    game, s = position("K♠ Q♠|7♣ 8♣|6♥ 7♥", stock="9♣")
    s = game.play(s, lead_move((C("K♠"),)))
    assert s.plays == (Play(0, (C("K♠"),), "lead"),)
    z = game.zones(s)
    assert z["trick"] == (C("K♠"),) and z["thrown 0"] == () and z["hand 0"] == (C("Q♠"),)
    assert answers(game, s) == {"throw 7♣", "throw 8♣"}              # 7♣ and 8♣ cannot beat K♠


def test_what_a_player_sees_of_his_own_hand_and_of_the_others():
    game, s = position("K♠ Q♠|7♣ 8♣|6♥ 7♥")
    _, other = position("K♥ Q♥|7♣ 8♣|6♥ 7♥")
    assert other.hands[1:] == s.hands[1:] and other.turned == s.turned
    assert game.observe(s, 0) != game.observe(other, 0)              # his own cards
    assert game.observe(s, 1) == game.observe(other, 1) and game.observe(s, 2) == game.observe(other, 2)
    assert game.hidden_zones(s, 2) == {"hand 0", "hand 1", "stock", "aside", "thrown 0", "thrown 1", "won 0",
                                       "won 1"}


@pytest.mark.parametrize("players,bound", [(2, 18 * 3 + 2), (3, 12 * 4 + 2), (4, 9 * 5 + 2), (5, 7 * 6 + 2),
                                           (6, 6 * 7 + 2)])
def test_a_deal_lasts_at_most_36_over_n_tricks_of_n_plus_one_moves_and_two(players, bound):
    assert deal_moves_bound(players) == bound
    assert Bura(players=players).max_plays() is None                    # declared claims: deals can repeat
    automatic = Bura(Rules(claims="automatic"), players=players).max_plays()
    assert automatic == (bound if players == 2 else None)


# ------------------------------------------------- the declared space (issue #23)

def test_the_32_card_pack_of_the_catalogue_plays_without_the_sixes():
    game = Bura(make_rules(Rules, {"deck_size": 32}), players=4)
    state = game.deal(5)
    dealt = [c for h in state.hands for c in h] + list(state.stock)
    assert len(game.deck()) == 32 and len(dealt) == 32 and len(state.stock) == 32 - 12
    assert not any(c.rank == Rank.SIX for c in dealt)
    assert len(Bura(players=4).deal(5).stock) == 36 - 12          # the default pack still has them
    assert card_points(game.deck()) == DECK_POINTS                 # the sixes score nothing: 120 either way
    assert game.deal_limit() == deal_moves_bound(4, 32) == 8 * 5 + 2


def test_the_turned_card_may_stay_on_the_table_and_is_then_never_drawn():
    stays = Bura(make_rules(Rules, {"turned_card": "stays"}), players=2)
    drawn = Bura(players=2)
    a, b = stays.deal(3), drawn.deal(3)
    assert a.turned == b.turned and a.turned not in a.stock and b.stock[-1] == b.turned
    assert len(a.stock) == len(b.stock) - 1 == 36 - 6 - 1
    assert stays.zones(a)["turned"] == (a.turned,) and a.turned not in stays.zones(a)["stock"]
    state = a   # play the whole deal out: the turned card never reaches a hand
    while not stays.is_over(state) and state.deal_no == 0:
        assert all(state.turned not in h for h in state.hands)
        state = stays.apply(state, stays.legal_moves(state)[-1])
    # two players can then both stay under 31, so automatic claims no longer bound a game
    assert props.unplayed_counts(2, "no_draw", 36, True) == (2, 4, 6)
    assert Bura(make_rules(Rules, {"turned_card": "stays", "claims": "automatic"}), players=2).max_plays() is None


def test_the_count_analysis_follows_the_pack_and_the_turned_card():
    assert props.unplayed_counts(2, "no_draw") == (0, 2, 4) and props.unplayed_counts(3, "draw_out") == (0,)
    assert max(props.unplayed_counts(5, "no_draw")) == 11 and max(props.unplayed_counts(6, "no_draw")) == 12
    assert props.unplayed_counts(3, "draw_out", 32) == (2,) and props.unplayed_counts(6, "no_draw", 32) == (2, 8, 14)
    assert props.most_tricks(2, "no_draw") == 18 and props.most_tricks(4, "no_draw", 36, True) == 8
    for n in range(2, 7):
        for deck in (36, 32):
            for stays in (False, True):
                # the engine's bound is at least the longest deal the count analysis finds
                assert deal_moves_bound(n, deck) >= props.longest_deal_moves(n, "draw_out", deck, stays)


def test_a_bound_below_the_longest_deal_is_refuted_by_the_count_analysis():
    class JustShort(Bura):
        def deal_limit(self):
            return props.longest_deal_moves(self.players, self.rules.short_stock) - 1
    r = check([JustShort(players=2)], "deal_ends")
    assert r.verdict == REFUTED and "a deal can have 18 tricks, 56 moves" in r.counterexample.text


def test_reaching_31_is_claimed_only_where_the_rules_make_it_so():
    two, three = REGISTRY.get("bura", "reaches_31_two_players"), REGISTRY.get("bura", "reaches_31")
    drawn_out3 = Bura(make_rules(Rules, {"short_stock": "draw_out"}), players=3)
    assert three.expected_for([drawn_out3]) is None and three.expected_for([Bura(players=3)]) == REFUTED
    assert three.expected_for([Bura(make_rules(Rules, {"short_stock": "draw_out"}), players=4)]) == REFUTED
    assert not three.applies([Bura(players=2)]) and three.applies([Bura(players=3)])
    stays2 = Bura(make_rules(Rules, {"turned_card": "stays"}), players=2)
    assert two.expected_for([stays2]) is None and two.expected_for(TWO) == HOLDS
    r = check([stays2], "reaches_31_two_players")
    assert r.verdict == REFUTED and "6 card(s) at most unplayed" in r.counterexample.text
    assert check([Bura(make_rules(Rules, {"deck_size": 32}), players=2)], "reaches_31_two_players").verdict == HOLDS


def test_the_searches_claim_their_findings_only_where_they_can_be_found():
    auto = make_rules(Rules, {"claims": "automatic"})
    drawn_out = make_rules(Rules, {"short_stock": "draw_out"})
    match, stock = REGISTRY.get("bura", "match_ends"), REGISTRY.get("bura", "stock_played_out")
    assert match.expected_for([Bura(auto, players=n) for n in (2,)]) is None
    assert match.expected_for([Bura(players=2)]) == REFUTED
    assert stock.expected_for([Bura(drawn_out, players=2)]) is None
    assert stock.expected_for([Bura(auto, players=3)]) is None and stock.expected_for([Bura(auto, players=6)]) == REFUTED
    # under draw_out the stock is always drawn to the end: the search cannot find what cannot happen
    assert check([Bura(drawn_out, players=2)], "stock_played_out").verdict == UNKNOWN

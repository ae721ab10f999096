"""Sixty-One: rules, edge cases, records, and one mutation test per property."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from spec.cards import Rank, make_deck, parse_card, parse_cards, sort_key
from spec.engine import Record
from spec.errors import IllegalMove, VariantError
from spec.games.sixty_one import (
    STANDARD_VALUES, Play, Rules, SixtyOne, play_bound,
)
from spec.rules import make_rules
from tests.helpers import SMALL, assert_refuted, check
from verifier.games.sixty_one import find_cycle

C = parse_card


def P(text):
    return Play(parse_card(text))


def games(cls=SixtyOne, rules=None, counts=range(2, 13)):
    return [cls(rules, players=n) for n in counts]


# ------------------------------------------------------------------ rules

def test_values_and_deck_worth():
    assert sum(STANDARD_VALUES[c.rank] for c in make_deck("36")) == 84
    assert STANDARD_VALUES[Rank.TEN] == -10 and STANDARD_VALUES[Rank.NINE] == 0


def test_play_adds_value_draws_and_passes_left():
    game = SixtyOne(players=3)
    s = game.position(["10♥ 6♠ A♦", "7♣ 8♣ 9♣", "J♠ Q♠ K♠"], stock="7♥ 8♥")
    s = game.play(s, P("10♥"))
    assert s.total == -10 and s.to_move == 1 and s.hands[0] == parse_cards("6♠ 7♥ A♦")
    s = game.play(s, P("8♣"))
    assert s.total == -2 and s.stock == ()


def test_reaching_61_loses_without_drawing_and_sixty_does_not():
    game = SixtyOne(players=2)
    s = game.position(["8♠ 7♠ A♦", "7♣ 8♣ 9♣"], stock="7♥", pile="7♦", total=53)
    sixty = game.play(s, P("7♠"))
    assert not game.is_over(sixty) and sixty.total == 60
    s = game.play(s, P("8♠"))
    assert game.is_over(s) and s.loser == 0 and s.total == 61
    assert game.outcome(s).losers == (0,) and len(s.hands[0]) == 2 and s.stock == parse_cards("7♥")
    assert game.legal_moves(s) == ()


# ---------------------------------------------------------- the turnover

@pytest.mark.parametrize("rules, pile, stock, kept, drawn", [
    # flip: the whole pile, the ace included, is turned over: Q♥ is now on top and is drawn
    ({}, "Q♥ K♥ J♥", "K♥ J♥ A♦", "", "Q♥"),
    ({"turnover_order": "reverse"}, "Q♥ K♥ J♥", "J♥ K♥ Q♥", "", "A♦"),
    ({"turnover_timing": "keep_last"}, "Q♥ K♥", "K♥", "A♦", "Q♥"),      # the card just played stays
])
def test_the_turnover_draws_in_its_order(rules, pile, stock, kept, drawn):
    game = SixtyOne(Rules(**rules), players=2)
    s = game.play(game.position(["7♠ 6♠ A♦", "7♣ 8♣ 9♣"], pile=pile), P("A♦"))
    assert s.stock == parse_cards(stock) and s.pile == parse_cards(kept) and C(drawn) in s.hands[0]
    assert s.turnovers == 1


def test_shuffle_turnover_is_seeded_and_loses_nothing():
    game = SixtyOne(Rules(turnover_order="shuffle"), players=2)
    before = game.position(["7♠ 6♠ A♦", "7♣ 8♣ 9♣"], pile="Q♥ K♥ J♥ 10♥ 9♥ 8♥")
    a, b = game.play(before, P("A♦")), game.play(before, P("A♦"))
    assert a == b
    assert Counter(a.stock + a.hands[0]) == Counter(parse_cards("Q♥ K♥ J♥ 10♥ 9♥ 8♥ A♦ 7♠ 6♠"))


def test_twelve_players_stock_empty_after_deal_and_own_card_comes_back():
    game = SixtyOne(players=12)
    s = game.deal(seed=5)
    assert s.stock == ()
    p = s.to_move
    hand = s.hands[p]
    s2 = game.play(s, Play(hand[0]))
    assert s2.hands[p] == hand and s2.pile == () and s2.stock == () and s2.turnovers == 1


def test_twelve_players_keep_last_goes_short_then_refills():
    game = SixtyOne(Rules(turnover_timing="keep_last"), players=12)
    s = game.deal(seed=5)
    p = s.to_move
    first = s.hands[p][0]
    s = game.play(s, Play(first))
    assert len(s.hands[p]) == 2 and s.pile == (first,)       # nothing to draw: the card stays on the pile
    q = s.to_move
    s = game.play(s, Play(s.hands[q][0]))
    assert first in s.hands[q] and len(s.hands[q]) == 3      # the next player draws it


def test_keep_last_limits_player_count():
    assert max(SixtyOne(Rules(turnover_timing="keep_last")).player_range()) == 12
    assert max(SixtyOne(Rules(turnover_timing="keep_last", hand_size=1)).player_range()) == 35


# ------------------------------------------------------------- termination

def test_play_bounds():
    assert [play_bound(Rules(), n) for n in range(2, 13)] == [58, 58, 83, 155] + [None] * 7
    # the interval argument alone (any order) proves only 2-4 players
    assert [play_bound(Rules(turnover_order="reverse"), n) for n in (2, 3, 4, 5)] == [62, 84, 275, None]
    # keep_last with flip order draws the same cards as at_draw: the same bounds
    assert [play_bound(Rules(turnover_timing="keep_last"), n) for n in range(2, 13)] == \
        [58, 58, 83, 155] + [None] * 7
    # keep_last intervals are one play shorter: the interval argument proves 2-3 players only
    assert [play_bound(Rules(turnover_timing="keep_last", turnover_order="reverse"), n) for n in (2, 3, 4)] == \
        [62, 112, None]
    assert play_bound(Rules(total_after_turnover="resets"), 2) is None


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_respect_the_bound(n):
    game = SixtyOne(players=n)
    from verifier.api import walk as playout
    for seed in range(200):
        trace, state = playout(game, seed, cap=1000)
        assert game.is_over(state) and len(trace.moves) <= game.max_plays()


def test_twelve_player_cycle_is_a_real_cycle():
    game = SixtyOne(players=12)
    seed, prefix, cycle, change, _ = find_cycle(game, deals=5)
    start = game.replay(seed, prefix)
    end = game.replay(seed, list(prefix) + list(cycle))
    assert (start.hands, start.stock, start.pile, start.to_move) == (end.hands, end.stock, end.pile, end.to_move)
    assert end.total <= start.total < 61 and change == end.total - start.total


def test_stored_witness_replays():
    """The 6-player witness printed by the verifier, kept as a regression test."""
    data = json.load(open("tests/regressions/sixty_one_6p_cycle.json"))
    record = Record.from_json(json.dumps(data["record"]))
    game = record.game_object()
    moves = [game.parse_move(m) for m in record.moves]
    start = game.replay(record.seed, moves[:data["prefix"]])
    end = game.replay(record.seed, moves)
    assert (start.hands, start.stock, start.pile, start.to_move) == (end.hands, end.stock, end.pile, end.to_move)
    assert end.total <= start.total < 61 and not game.is_over(end)


# ------------------------------------------------------- records and input

def test_record_round_trip_and_replay(tmp_path):
    game = SixtyOne(Rules(losing_total=41), players=3)
    from verifier.api import walk as playout
    trace, state = playout(game, 11)
    rec = game.record(11, trace.moves)
    path = tmp_path / "game.json"
    rec.save(path)
    loaded = Record.load(path)
    assert loaded == rec and loaded.rules == {"losing_total": 41}
    g2, s2 = loaded.replay()
    assert s2 == state and g2.rules == game.rules


def test_record_with_illegal_move_says_where():
    rec = Record("sixty_one", 2, 1, ("Q♠", "Q♠", "Q♠"))
    with pytest.raises(IllegalMove) as exc:
        rec.replay()
    assert "move " in str(exc.value)


def test_save_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "rec.json"
    path.write_text("old")
    rec = Record("sixty_one", 2, 1, ())

    def boom(self):
        raise RuntimeError("disk full")
    monkeypatch.setattr(Record, "to_json", boom)
    with pytest.raises(RuntimeError):
        rec.save(path)
    assert path.read_text() == "old" and list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("overrides, key", [
    ({"colour": 1}, "colour"),
    ({"losing_total": "61"}, "losing_total"),
    ({"hand_size": 0}, "hand_size"),
    ({"turnover_order": "sideways"}, "turnover_order"),
    ({"deck": "52"}, "values"),          # 2-5 have no value
])
def test_bad_rules_name_the_key(overrides, key):
    with pytest.raises(VariantError) as exc:
        make_rules(Rules, overrides)
    assert exc.value.key == key and "allowed" in str(exc.value) and "\n" not in str(exc.value)


def test_52_card_variant_with_values():
    rules = make_rules(Rules, {"deck": "52", "values": {"2": 2, "3": 3, "4": 4, "5": 5}})
    game = SixtyOne(rules, players=4)
    assert len(game.deal(1).stock) == 40 and max(game.player_range()) == 17


def test_too_many_players():
    with pytest.raises(VariantError) as exc:
        SixtyOne(players=13)
    assert exc.value.key == "players"


# ---------------------------------------- the properties, and their mutants

def test_properties_hold_for_the_standard_rules():
    from verifier import verify
    for r in verify("sixty_one", budget=SMALL):
        assert r.verdict == r.property.expected, (r.property.name, r.verdict, r.detail)


class TenIsPlusTen(SixtyOne):
    """A value table that does not add up to the stated 84."""

    def value_of(self, card):
        return 10 if card.rank == Rank.TEN else super().value_of(card)


class DropsOnTurnover(SixtyOne):
    def apply(self, state, move):
        after = super().apply(state, move)
        if after.turnovers > state.turnovers and after.stock:
            return replace(after, stock=after.stock[1:])
        return after


class MiscountsTotal(SixtyOne):
    def apply(self, state, move):
        after = super().apply(state, move)
        return replace(after, total=after.total + 1) if after.plays == 7 and not after.loser else after


class ReversesButSaysFlip(SixtyOne):
    def apply(self, state, move):
        after = super().apply(state, move)
        if after.turnovers > state.turnovers and len(after.stock) > 1:
            return replace(after, stock=after.stock[::-1])
        return after


class BlamesTheNextPlayer(SixtyOne):
    def outcome(self, state):
        out = super().outcome(state)
        return type(out)(losers=((out.losers[0] + 1) % self.players,))


class WinnerTakesAll(SixtyOne):
    def outcome(self, state):
        out = super().outcome(state)
        return type(out)(losers=out.losers, returns=tuple(-1 if p == state.loser else 0 for p in range(self.players)))


@pytest.mark.parametrize("mutant, prop, says", [
    (TenIsPlusTen, "deck_value", ("164", "10♠")),                      # a table that does not add up
    (ReversesButSaysFlip, "turnover_as_documented", ("flip order",)),
    (WinnerTakesAll, "one_loser", ("should pay one point",)),          # wrong stakes
])
def test_a_broken_game_is_refuted_and_the_evidence_says_why(mutant, prop, says):
    r = check(games(mutant), prop)
    assert_refuted(r)
    assert all(s in r.counterexample.text for s in says)


class DealsFromTheDealer(SixtyOne):
    """Deals the first card to the dealer instead of the left-hand neighbour."""

    def deal(self, seed):
        s = super().deal(seed)
        n = self.players
        return self.position(tuple(s.hands[(i + 1) % n] for i in range(n)), s.stock, to_move=s.to_move,
                             dealer=s.dealer, seed=s.seed)


class DealerLeads(SixtyOne):
    def deal(self, seed):
        s = super().deal(seed)
        return self.position(s.hands, s.stock, to_move=s.dealer, dealer=s.dealer, seed=s.seed)


class PassesRight(SixtyOne):
    def apply(self, state, move):
        after = super().apply(state, move)
        return replace(after, to_move=(state.to_move - 1) % self.players)


class HidesTheHighestCard(SixtyOne):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves[:-1] if len(moves) > 1 else moves


class RefusalDrifts(SixtyOne):
    """The refusal drifts from the clause: it refuses the first card the clause offers."""

    def refusal(self, state, move):
        if not self.is_over(state) and move == self.legal_moves(state)[0]:
            return "sixty-one-play", "drifted"
        return super().refusal(state, move)


@pytest.mark.parametrize("mutant, prop, counts", [
    (DropsOnTurnover, "value_in_places", range(2, 13)), (MiscountsTotal, "value_conserved", range(2, 13)),
    (DropsOnTurnover, "turnover_as_documented", range(2, 13)), (BlamesTheNextPlayer, "one_loser", range(2, 13)),
    (DealsFromTheDealer, "deal_as_documented", range(2, 13)), (DealerLeads, "deal_as_documented", range(2, 13)),
    (PassesRight, "turns_as_documented", range(3, 13)), (HidesTheHighestCard, "turns_as_documented", range(3, 13)),
    (ReversesButSaysFlip, "replay_gap", range(2, 13)),
])
def test_a_broken_game_is_refuted(mutant, prop, counts):
    assert_refuted(check(games(mutant, counts=counts), prop))


def test_moves_match_clauses_refutes_a_refusal_that_drifts_from_the_clause():
    r = check(games(RefusalDrifts, counts=[2, 3]), "moves_match_clauses")
    assert_refuted(r)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_termination_refuted_when_tens_are_worth_minus_thirty(n):
    rules = make_rules(Rules, {"values": {"10": -30}})
    r = check(games(rules=rules, counts=[n]), f"terminates_{n}p")
    assert_refuted(r)
    # the witness replays to a repeating position
    game, _ = r.counterexample.record.replay()
    assert "repeats for ever" in r.counterexample.text


def test_five_players_terminate_by_the_queue_argument():
    r = check(games(counts=[5]), "terminates_5p")
    assert r.verdict == "holds" and r.method == "z3" and "155 plays" in r.detail


def test_the_queue_argument_is_decided_on_the_52_card_pack_and_can_fail(monkeypatch):
    # with a value for each of 2-5, the queue bound (41 plays for two) beats the interval bound (47): z3
    # must decide it (one count per value; per card it timed out), and a bound one play short is refuted
    from verifier.api import decide, fresh_solver
    from verifier.core import Budget
    from verifier.games.sixty_one import _queue_claim
    rules = make_rules(Rules, {"deck": "52", "values": {"2": 2, "3": 3, "4": 4, "5": 5}})
    game = SixtyOne(rules, players=2)
    r = check([game], "terminates_2p")
    assert r.verdict == "holds" and "at most 41 plays" in r.detail, r.detail
    import verifier.games.sixty_one as props
    monkeypatch.setattr(props, "queue_bound", lambda rules, players: 40)
    solver = fresh_solver(Budget())
    out = decide(solver, _queue_claim(game, solver))
    assert out.verdict == "refuted" and out.counterexample.text.startswith("40 plays, no card more than 1 times")


def assert_real_cycle(r, limit=61):
    """The counterexample's record replays to a position that comes back with the total not higher."""
    game, _ = r.counterexample.record.replay()
    prefix = int(r.detail.split(" after ")[1].split()[0])
    moves = [game.parse_move(m) for m in r.counterexample.record.moves]
    start, end = game.replay(r.counterexample.record.seed, moves[:prefix]), game.replay(
        r.counterexample.record.seed, moves)
    assert (start.hands, start.stock, start.pile, start.to_move) == (end.hands, end.stock, end.pile, end.to_move)
    assert end.total <= start.total < limit and not game.is_over(end)
    return len(moves) - prefix


def test_five_players_reverse_order_can_play_for_ever():
    """The review's finding: under reverse order five players can cycle (a 440-play cycle); the sweep's
    point: that is outside the claim, a finding and not a failure."""
    r = check(games(rules=Rules(turnover_order="reverse"), counts=[5]), "terminates_5p")
    assert r.verdict == "refuted" and r.method == "search" and r.expected is None and r.as_expected
    assert assert_real_cycle(r) == 440


def test_forty_one_preset_loops_with_five_players():
    rules = make_rules(Rules, {"losing_total": 41, "turnover_order": "reverse"})
    r = check(games(rules=rules, counts=[5]), "terminates_5p")
    assert r.verdict == "refuted" and assert_real_cycle(r, limit=41) == 440


def test_reverse_order_termination_is_not_a_constant_verdict():
    """Mutation the other way: with tens worth 0 the lowest 22 values are positive, and z3
    proves five reverse-order players end (interval argument) -- the search is not the only answer."""
    rules = make_rules(Rules, {"turnover_order": "reverse", "values": {"10": 0}})
    r = check(games(rules=rules, counts=[5]), "terminates_5p")
    assert r.verdict == "holds" and r.method == "z3" and "interval argument" in r.detail


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_keep_last_flip_is_proved_like_the_default(n):
    r = check(games(rules=Rules(turnover_timing="keep_last"), counts=[n]), f"terminates_{n}p")
    assert r.verdict == "holds" and r.method == "z3" and "queue argument" in r.detail
    assert f"at most {[58, 58, 83, 155][n - 2]} plays" in r.detail


def test_keep_last_flip_draws_the_same_cards_as_at_draw():
    """The reason the queue argument carries over: the same plays give the same hands and totals."""
    from verifier.api import walk as playout
    for n in (2, 4, 5):
        a, b = SixtyOne(players=n), SixtyOne(Rules(turnover_timing="keep_last"), players=n)
        for seed in range(20):
            trace, _ = playout(a, seed, cap=400)
            sa, sb = a.deal(seed), b.deal(seed)
            for m in trace.moves:
                sa, sb = a.play(sa, m), b.play(sb, m)
                assert (sa.hands, sa.total, sa.stock + sa.pile) == (sb.hands, sb.total, sb.stock + sb.pile)


def test_keep_last_replay_gap_refutes_a_broken_queue():
    """keep_last timing whose turnover quietly reverses the stock: the queue is broken."""
    rules = Rules(turnover_timing="keep_last")
    assert_refuted(check(games(ReversesButSaysFlip, rules=rules, counts=range(2, 12)), "replay_gap"))


@pytest.mark.parametrize("n", [2, 5])
def test_keep_last_termination_refuted_when_tens_are_worth_minus_thirty(n):
    rules = make_rules(Rules, {"turnover_timing": "keep_last", "values": {"10": -30}})
    r = check(games(rules=rules, counts=[n]), f"terminates_{n}p")
    assert_refuted(r)
    assert_real_cycle(r)


def test_shuffle_order_claims_nothing_it_cannot_replay():
    """A repeated position under a real shuffle is no witness: the next shuffle is drawn afresh."""
    rules = Rules(turnover_order="shuffle", total_after_turnover="resets")
    r = check(games(rules=rules, counts=[5]), "terminates_5p")
    assert r.verdict == "unknown" and "shuffles two or more cards afresh" in r.detail
    # twelve players shuffle a single card: that cycle is real
    r = check(games(rules=Rules(turnover_order="shuffle"), counts=[12]), "terminates_12p")
    assert r.verdict == "refuted"
    assert_real_cycle(r)


@pytest.mark.parametrize("n, timing", [(7, "at_draw"), (8, "keep_last"), (9, "at_draw"), (9, "keep_last")])
def test_shuffle_hoard_shows_a_game_that_never_ends(n, timing):
    """Seven to nine players under a shuffled turnover: the hoard keeps the total falling, with a chance
    above zero for ever. The drift is recomputed here from the source's values, the start replays."""
    from fractions import Fraction

    from verifier.games.sixty_one import hoard_of
    rules = Rules(turnover_order="shuffle", turnover_timing=timing)
    r = check(games(rules=rules, counts=[n]), f"terminates_{n}p")
    assert r.verdict == r.expected == "refuted" and r.method == "search"
    circulating = sorted(STANDARD_VALUES[c.rank] for c in make_deck("36"))[:36 - 2 * n]
    drift = Fraction(sum(circulating), len(circulating))
    assert drift < 0 and f"circulate at {drift} a play" in r.detail
    game, state = r.counterexample.record.replay()
    hoard = hoard_of(game)
    assert not game.is_over(state) and state.total + hoard.margin < rules.losing_total
    assert all(sum(c in hoard.hoard for c in hand) == 2 for hand in state.hands)
    assert f"the total is {state.total}" in r.counterexample.text and "10♠" not in str(sorted(hoard.hoard))
    if (n, timing) == (7, "at_draw"):  # the page quotes this start and margin
        page = " ".join(open("docs/games/sixty_one.rst", encoding="utf-8").read().split())
        seed, plays = r.counterexample.record.seed, len(moves_of(r))
        total = str(state.total).replace("-", "−")
        assert f"deal seed {seed}, after {plays} plays, at a total of {total}" in page
        assert f"a margin the verifier computes ({hoard.margin} for seven players)" in page


def moves_of(r):
    return r.counterexample.record.moves


def test_shuffle_hoard_needs_the_turnover_it_argues_from():
    """A turnover that comes one card early loses that card: the hoard's premise check says so."""
    from spec.games.sixty_one import CLAUSES
    rules = Rules(turnover_order="shuffle")
    with CLAUSES.replaced("sixty-one-turnover", lambda stock, need: need > 0 and len(stock) <= 1):
        r = check(games(rules=rules, counts=[7]), "terminates_7p")
    assert r.verdict == "unknown" and "the new stock lacks" in r.detail


def test_shuffle_hoard_not_claimed_where_it_does_not_apply():
    """Five and six players: the circulating cards are worth 12 and 0, so the kept cards' bound ends every
    game instead (a finding of terminates_Np, outside its claim); a resetting total has no drift."""
    for n in (5, 6):
        r = check(games(rules=Rules(turnover_order="shuffle"), counts=[n]), f"terminates_{n}p")
        assert r.verdict == "almost_surely" and r.expected is None and "kept cards' bound" in r.detail
    rules = Rules(turnover_order="shuffle", total_after_turnover="resets")
    r = check(games(rules=rules, counts=[7]), "terminates_7p")
    assert r.verdict != "holds" and r.expected is None


@pytest.mark.parametrize("n, timing", [(5, "at_draw"), (5, "keep_last"), (6, "at_draw"), (6, "keep_last")])
def test_shuffle_kept_cards_bound_ends_every_game_of_five_and_six(n, timing):
    """Five and six players under a shuffled turnover: whatever the players do, every game ends with
    probability 1. The figures are recomputed here from the source's values: the cards outside the n two-card
    hoards are worth 12 and 0."""
    from fractions import Fraction
    r = check(games(rules=Rules(turnover_timing=timing), counts=[n]), f"terminates_shuffled_{n}p")
    assert r.verdict == r.expected == "almost_surely" and r.method == "z3"
    rest = sum(sorted(STANDARD_VALUES[c.rank] for c in make_deck("36"))[:36 - 2 * n])
    stock, last = (37 - 3 * n, n - 1) if timing == "at_draw" else (36 - 3 * n, n)
    assert rest == (12 if n == 5 else 0) and f"no {2 * n} cards are worth more than {84 - rest}" in r.detail
    assert f"each new stock of {stock} cards is worth at least {rest} less those {last}" in r.detail
    assert (f"rises at least {Fraction(rest, stock + last)} a play" in r.detail) == (n == 5)


def test_shuffle_kept_cards_bound_is_exact_under_the_hoard():
    """The bound's bookkeeping, done again here: under the hoard with six players each new stock is worth
    exactly minus the last five cards drawn from the stock before (the hands keep the twelve cards worth 84)."""
    from verifier.games.sixty_one import by_value, hoard_move
    game = SixtyOne(Rules(turnover_order="shuffle", losing_total=10**9), players=6)
    hoard = frozenset(by_value(game)[24:])
    state, stocks, drawn, checked = game.deal(0), [], [], 0
    for _ in range(2_000):
        p, move = state.to_move, hoard_move(game, hoard, state)
        before = Counter(state.hands[p]) - Counter([move.card])
        turnovers, state = state.turnovers, game.apply(state, move)
        drawn.append(next(iter(Counter(state.hands[p]) - before)))
        if state.turnovers > turnovers:
            stocks.append((len(drawn), [*state.stock, drawn[-1]]))
            settled = all(sum(c in hoard for c in h) == 2 for h in state.hands)
            if len(stocks) > 2 and settled:
                assert sum(game.value_of(c) for c in stocks[-1][1]) == \
                    -sum(game.value_of(c) for c in drawn[len(drawn) - 6:-1])
                checked += 1
    assert checked > 90


def test_shuffle_kept_cards_bound_checks_its_premises_on_the_engine():
    """A turnover one card early leaves the last stock undrawn, and a total that adds tens as -12 is not the
    values' sum: the premise check says what broke, and the claim is not made (unknown, never a pass)."""
    from spec.games.sixty_one import CLAUSES
    with CLAUSES.replaced("sixty-one-turnover", lambda stock, need: need > 0 and len(stock) <= 1):
        r = check(games(counts=[6]), "terminates_shuffled_6p")
    assert r.verdict == "unknown" and "not drawn whole" in r.detail
    with CLAUSES.replaced("sixty-one-total", lambda total, card, rules: total + (
            -12 if card.rank == Rank.TEN else rules.values[card.rank])):
        r = check(games(counts=[6]), "terminates_shuffled_6p")
    assert r.verdict == "unknown" and "the total went from" in r.detail


@pytest.mark.parametrize("values, n", [({"10": -12}, 6), ({"10": -13}, 6)])
def test_shuffle_kept_cards_bound_stops_where_the_hoard_starts(values, n):
    """Tens at -12 or -13: the cards outside six hoards are worth less than 0, the bound does not apply
    (outside the claim), and the hoard finds a game that never ends, with a chance above zero."""
    r = check(games(rules=make_rules(Rules, {"values": values}), counts=[n]), f"terminates_shuffled_{n}p")
    assert_refuted(r)
    assert r.expected is None and "the hoard" in r.detail


@pytest.mark.parametrize("n, timing, size, late", [(10, "at_draw", 7, 2), (11, "at_draw", 4, 2)])
def test_shuffle_conveyor_shows_a_game_that_never_ends(n, timing, size, late):
    """Ten and eleven players: the hoard's cards span two stocks, and the conveyor's chain, explored
    whole, carries the argument. The drift and the stock's parts are recomputed here from the source's
    figures; the start replays, with every hand holding its two hoard cards."""
    from fractions import Fraction
    rules = Rules(turnover_order="shuffle", turnover_timing=timing)
    r = check(games(rules=rules, counts=[n]), f"terminates_{n}p")
    assert r.verdict == r.expected == "refuted" and r.method == "search"
    circulating = sorted(STANDARD_VALUES[c.rank] for c in make_deck("36"))[:36 - 2 * n]
    assert f"circulate at {Fraction(sum(circulating), len(circulating))} a play" in r.detail
    assert "each reached from each" in r.detail
    assert f"each stock of {size} cards is the last {late} cards drawn from one earlier stock" in r.counterexample.text
    game, state = r.counterexample.record.replay()
    hoard = set(sorted(game.deck(), key=game.value_of)[36 - 2 * n:])
    assert not game.is_over(state) and state.total < rules.losing_total
    assert all(sum(c in hoard for c in hand) == 2 for hand in state.hands)
    assert f"the total is {state.total}" in r.counterexample.text
    if n == 10:  # the page quotes this start
        page = " ".join(open("docs/games/sixty_one.rst", encoding="utf-8").read().split())
        total = str(state.total).replace("-", "−")
        assert f"deal seed {r.counterexample.record.seed}, after {len(moves_of(r))} plays, at a total of {total}" \
            in page


def test_shuffle_conveyor_needs_the_turnover_it_argues_from():
    """A turnover that comes one card early: the conveyor's premise check says what broke."""
    from spec.games.sixty_one import CLAUSES
    rules = Rules(turnover_order="shuffle")
    with CLAUSES.replaced("sixty-one-turnover", lambda stock, need: need > 0 and len(stock) <= 1):
        r = check(games(rules=rules, counts=[10]), "terminates_10p")
    assert r.verdict == "unknown" and "the hoard's conveyor" in r.detail


class ClaimsTooShortBound(SixtyOne):
    def max_plays(self):
        return 20


def test_termination_not_claimed_when_the_declared_bound_is_too_small():
    r = check(games(ClaimsTooShortBound, counts=[5]), "terminates_5p")
    assert r.verdict == "unknown"


# ------------------------------------------- records saved by earlier code

RECORDS = __import__("pathlib").Path("tests/data/records/sixty_one")
PAGE = __import__("pathlib").Path("docs/games/sixty_one.rst")


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.json") if p.name != "final_states.json"))
def test_legacy_records_replay(name):
    """Records written by the pre-kernel code (commit 8b6b4ca) replay to the same deal and end."""
    from spec.cards import format_cards
    expected = json.loads((RECORDS / "final_states.json").read_text())[name]
    record = Record.from_json((RECORDS / name).read_text())
    game, state = record.replay()
    assert [format_cards(h) for h in game.deal(record.seed).hands] == expected["first_deal"]
    got = {"plays": state.plays, "total": state.total, "loser": state.loser, "turnovers": state.turnovers,
           "dealer": state.dealer, "hands": [format_cards(h) for h in state.hands],
           "stock": format_cards(state.stock), "pile": format_cards(state.pile)}
    assert got == {k: v for k, v in expected.items() if k != "first_deal"}


# ------------------------------------------------ the termination table

def test_rulebook_termination_table_is_the_verifiers():
    """The game page's table of termination results is what the verifier computes."""
    from verifier.games.sixty_one import termination_table_rst
    page = open("docs/games/sixty_one.rst", encoding="utf-8").read()
    table = "\n".join("   " + line if line else line for line in termination_table_rst(SMALL).splitlines())
    assert table in page


def test_termination_table_marks():
    from verifier.core import Outcome as VOutcome
    from verifier.games.sixty_one import termination_cell
    assert termination_cell(VOutcome("holds", "queue argument ...: at most 155 plays")) == "≤155"
    assert termination_cell(VOutcome("unknown", "no proof")) == "?"


# ------------------------------------------------ the longest games found

#: Longest games found by the beam search (docs/games/sixty_one.rst), flip order, by player count.
LONGEST = {2: 57, 3: 58, 4: 81, 5: 130}


@pytest.mark.parametrize("n", sorted(LONGEST))
def test_longest_games_found_replay_to_their_length(n):
    record = Record.from_json((RECORDS / "longest" / f"flip_{n}p.json").read_text())
    game, state = record.replay()
    assert game.is_over(state) and state.plays == LONGEST[n] <= game.max_plays()
    # keep_last draws the same cards: the same plays are a game of the same length there
    other = SixtyOne(Rules(turnover_timing="keep_last"), players=n)
    again = other.replay(record.seed, [other.parse_move(m) for m in record.moves])
    assert other.is_over(again) and again.plays == LONGEST[n]


@pytest.mark.parametrize("n", sorted(LONGEST))
def test_longest_games_table_on_the_page(n):
    page = PAGE.read_text(encoding="utf-8")
    assert f"{n} players    {SixtyOne(players=n).max_plays():<5}  {LONGEST[n]:<5}" in page
    assert LONGEST[3] == SixtyOne(players=3).max_plays() == 58            # the three-player bound is exact


# ------------------------------------------- where the termination claims are made (issue 23)

def test_termination_claims_are_scoped():
    """Each terminates_Np is claimed only where it is known: the 2-5 player claims where the
    least-gain arithmetic proves an end, the 6-12 player claims with the source's deck, values
    and hand size, a losing total of 15 or more and a turnover that is no real shuffle."""
    from verifier.core import REGISTRY
    from verifier.runner import load_properties
    load_properties()

    def claimed(n, **over):
        prop = REGISTRY.get("sixty_one", f"terminates_{n}p")
        return prop.expected_for([SixtyOne(make_rules(Rules, over), players=n)])

    assert [claimed(n) for n in range(2, 13)] == ["holds"] * 4 + ["refuted"] * 7
    # reverse (and shuffle) order: the interval argument stops at four players, so the 5-player claim is not made
    for order in ("reverse", "shuffle"):
        assert [claimed(n, turnover_order=order) for n in (2, 3, 4, 5)] == ["holds"] * 3 + [None]
    assert [claimed(n, turnover_order="reverse", turnover_timing="keep_last") for n in (3, 4, 5)] == \
        ["holds", None, None]
    assert [claimed(n, turnover_order="shuffle") for n in (6, 7, 9, 10, 11, 12)] == \
        [None, "refuted", "refuted", "refuted", "refuted", "refuted"]
    assert claimed(7, turnover_order="shuffle", total_after_turnover="resets") is None
    assert claimed(10, turnover_order="shuffle", total_after_turnover="resets") is None
    # the values: tens at -12 keep the five-player queue sum positive (4), at -13 it is 0
    assert claimed(5, values={"10": -12}) == "holds" and claimed(5, values={"10": -13}) is None
    assert claimed(5, losing_total=1000) == "holds" and claimed(5, turnover_order="reverse", losing_total=-10) == "holds"
    assert claimed(5, total_after_turnover="resets") is None
    # the endless games: only where the witnesses were found (and any higher losing total)
    assert claimed(6, losing_total=15) == claimed(7, losing_total=1000) == "refuted"
    assert claimed(6, losing_total=14) is claimed(6, hand_size=2) is claimed(6, deck="2x36") is None
    assert claimed(6, values={"10": -12}) is None and claimed(6, values={"2": 2, "3": 3, "4": 4, "5": 5}) == "refuted"
    # a property looks at its own player count only
    prop = REGISTRY.get("sixty_one", "terminates_12p")
    assert prop.expected_for([SixtyOne(Rules(turnover_order="shuffle"), players=n) for n in (5, 12)]) == "refuted"
    assert "under no card below the losing total" in REGISTRY.get("sixty_one", "terminates_5p").scoped_title


@pytest.mark.parametrize("over, counts", [
    ({}, [2, 3, 4, 5]), ({"turnover_order": "reverse"}, [2, 3, 4]), ({"turnover_timing": "keep_last"}, [2, 3, 4, 5]),
    ({"turnover_timing": "keep_last", "turnover_order": "shuffle"}, [2, 3]), ({"hand_size": 1}, range(2, 13)),
    ({"hand_size": 2}, range(2, 12)), ({"deck": "2x36"}, range(2, 12)), ({"deck": "32"}, [2, 3]), ({"deck": "24"}, []),
])
def test_end_is_argued_matches_the_proofs(over, counts):
    """The scope's own arithmetic agrees with what z3 proves, count by count."""
    from verifier.games.sixty_one import end_is_argued
    rules = make_rules(Rules, over)
    top = min(13, SixtyOne(rules).player_range().stop)
    argued = [n for n in range(2, top) if end_is_argued(rules, n)]
    assert argued == list(counts) == [n for n in range(2, top) if play_bound(rules, n) is not None]


def test_first_card_argument():
    """A losing total no card is below: the first card laid loses, proved for every order and count."""
    from spec.games.sixty_one import first_card_bound
    assert first_card_bound(make_rules(Rules, {"losing_total": -10})) == 1
    assert first_card_bound(make_rules(Rules, {"losing_total": -9})) is None
    for n, over in ((5, {"turnover_order": "reverse"}), (7, {}), (3, {"total_after_turnover": "resets"})):
        rules = make_rules(Rules, {**over, "losing_total": -10})
        r = check(games(rules=rules, counts=[n]), f"terminates_{n}p")
        assert r.verdict == "holds" and "first-card argument" in r.detail and "at most 1 play" in r.detail
        assert SixtyOne(rules, players=n).max_plays() == 1


def test_replay_gap_holds_with_two_packs():
    """Two packs hold two of each card: each copy keeps the gap, so two plays of one card close
    together are no refutation (nearly every random game has some, which the check refuted
    when it took the two copies for one card); three plays within the gap are."""
    rules = make_rules(Rules, {"deck": "2x36"})
    assert check(games(rules=rules, counts=[2, 5]), "replay_gap").verdict == "holds"
    r = check(games(ReplaysTooSoon, rules=rules, counts=[2]), "replay_gap")
    assert_refuted(r)
    assert "(and the deck has 2 of it)" in r.counterexample.text


class ReplaysTooSoon(SixtyOne):
    """Hands every played card straight back to its player: a third play of a card comes at once."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.loser is not None or move.card in after.hands[state.to_move]:
            return after
        p = state.to_move
        hand = tuple(sorted(after.hands[p][:-1] + (move.card,), key=sort_key))
        return replace(after, hands=after.hands[:p] + (hand,) + after.hands[p + 1:], pile=after.pile[:-1])


@pytest.mark.parametrize("over", [{"total_after_turnover": "resets"}, {"turnover_timing": "keep_last",
                                                                      "turnover_order": "reverse"}])
def test_endless_games_from_the_lowest_claimed_losing_total(over):
    """At the scope's edge (a losing total of 15) the six-player witnesses are still found."""
    from verifier.games.sixty_one import CYCLES_FROM
    rules = make_rules(Rules, {**over, "losing_total": CYCLES_FROM})
    r = check(games(rules=rules, counts=[6]), "terminates_6p")
    assert r.verdict == "refuted" and r.expected == "refuted"
    assert_real_cycle(r, limit=CYCLES_FROM)


def test_zero_sum_is_claimed_where_every_game_ends():
    from tests.helpers import in_scope
    assert in_scope(SixtyOne, "zero_sum", Rules(), players=2)
    assert not in_scope(SixtyOne, "zero_sum", make_rules(Rules, {"deck": "24", "hand_size": 1}), players=2)
    assert not in_scope(SixtyOne, "zero_sum", Rules(total_after_turnover="resets"), players=12)

"""Kings: rules, edge cases, records, and a mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.koroli as props
from spec.cards import Suit, parse_card, parse_cards
from spec.dealing import rng_for, sorted_hand
from spec.errors import IllegalMove, VariantError
import spec.games.koroli as rules_module
from spec.games.koroli import (
    CLAUSES, DECK, KING, PEASANT, PLAY, PRESETS, PRINCE, SOLDIER, SWAP, TITLE_POINTS, UNTITLED, Koroli, Rules,
    State, award_titles, deal_cards, final_points, first_dealer, follows_suit, race_bound, reached_at,
)
from spec.rules import Table, make_rules
from spec.tricks import TrickOrder
from tests.helpers import SMALL, assert_refuted, check
from verifier.api import check_invariant
from verifier.core import REFUTED, UNKNOWN

C = parse_card
GAMES = [Koroli()]
U = UNTITLED


def position(hands: str, *, trick: str = "", trump: Suit = Suit.CLUBS, dealer: int = 3, to_move: int | None = None,
             stock: str = "", swaps=(), leads: int = 2, rules: Rules | None = None, **rest) -> tuple[Koroli, State]:
    """A hand-made position, built by :meth:`Koroli.position`: hands separated by '|'; the trick's cards played
    from seat 0 on, the next seat to move; the turned card the stock's top, else the dealer's first trump
    (else the 6 of trumps)."""
    game = Koroli(rules)
    hs = tuple(parse_cards(h) for h in hands.split("|"))
    st = parse_cards(stock)
    turned = st[0] if st else next((c for c in hs[dealer] if c.suit == trump), C("6" + trump.value))
    plays = tuple(enumerate(parse_cards(trick)))
    mover = len(plays) if to_move is None else to_move
    return game, game.position(hs, plays, stock=st, turned=turned, trump=trump, dealer=dealer, to_move=mover,
                               swaps=swaps, leads=leads, **rest)


def allowed(game, state) -> str:
    return " ".join(str(m) for m in game.legal_moves(state))


def refusal(game, state, move):
    with pytest.raises(IllegalMove) as exc:
        game.check_move(state, move)
    return exc.value.clause, exc.value.reason


def played(game, state, *cards: str):
    """The state after the cards are played, one by one."""
    for card in cards:
        state = game.play(state, PLAY[C(card)])
    return state


# ------------------------------------------------------------- the deal

def test_nine_cards_each_the_dealers_last_card_is_trumps_and_his_left_leads_a_trump():
    game = Koroli()
    for seed in range(20):
        s = game.deal(seed)
        assert [len(h) for h in s.hands] == [9] * 4 and not s.stock
        assert s.turned in s.hands[s.dealer] and s.trump == s.turned.suit
        assert s.dealer == first_dealer(seed) and s.to_move == (s.dealer + 1) % 4
        assert game.zones(s)["shown"] == (s.turned,)
        trumps = [c for c in s.hands[s.to_move] if c.suit == s.trump]
        if trumps:
            assert {m.card for m in game.legal_moves(s)} == set(trumps)


def test_the_draw_for_the_first_deal_redraws_ties():
    ties = 0
    for seed in range(1000):
        cards = list(DECK)
        rng_for(seed, 0).shuffle(cards)
        ranks = [c.rank for c in cards[:4]]
        tied = [p for p in range(4) if ranks[p] == max(ranks)]
        if len(tied) > 1:
            ties += 1
            assert first_dealer(seed) in tied      # only the tied draw again
        else:
            assert first_dealer(seed) == tied[0]
    assert ties == 160                             # the figure the errata page gives


# ------------------------------------------------------------- leading

def test_the_first_two_leads_are_trumps_if_able():
    game, s = position("7♣ A♠|K♠|Q♠|J♠", leads=0)
    assert allowed(game, s) == "7♣"
    game, s = position("7♣ A♠|K♠|Q♠|J♠", leads=1)
    assert allowed(game, s) == "7♣"
    assert refusal(game, s, PLAY[C("A♠")]) == (
        "koroli-trump-lead", "lead a trump (♣): this is one of the first two leads")
    game, s = position("7♥ A♠|K♠|Q♠|J♠", leads=0, trump=Suit.HEARTS)
    assert refusal(game, s, PLAY[C("A♠")]) == (
        "koroli-trump-lead", "lead a trump (♥): this is one of the first two leads")
    game, s = position("7♣ A♠|K♠|Q♠|J♠", leads=2)
    assert allowed(game, s) == "7♣ A♠"
    game, s = position("7♦ A♠|K♠|Q♠|J♠", leads=0)          # no trump: any card
    assert allowed(game, s) == "7♦ A♠"


def test_follow_suit_else_any_card_or_a_trump_under_the_option():
    game, s = position("|7♦ 8♣ 9♥|Q♠|J♠", trick="A♠")
    assert allowed(game, s) == "7♦ 8♣ 9♥"
    game, s = position("|7♦ 8♣ 9♥|Q♠|J♠", trick="A♠", rules=Rules(void="trump"))
    assert allowed(game, s) == "8♣"
    game, s = position("|7♦ 8♣ 9♠|Q♠|J♠", trick="A♠")
    assert allowed(game, s) == "9♠"
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, PLAY[C("8♣")])
    assert exc.value.clause == "koroli-follow"


def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led_and_its_taker_leads():
    game, s = position("9♦|8♦|7♦|K♠ 10♦", trick="A♠ 7♠ 6♣", leads=3)
    after = game.play(s, PLAY[C("K♠")])
    assert after.last_winner == 2 and after.to_move == 2 and after.counts == (0, 0, 1, 0)
    game, s = position("|||10♥", trick="9♥ A♥ 6♠", leads=3, trump=Suit.DIAMONDS)
    after = game.play(s, PLAY[C("10♥")])
    assert after.last_winner == 1


def test_a_card_not_held_or_a_swap_during_play_is_refused():
    game, s = position("A♠|7♠|6♣|K♠")
    with pytest.raises(IllegalMove, match=r"P0 does not hold 9♦ \[rule koroli-play-turn\]"):
        game.check_move(s, PLAY[C("9♦")])
    with pytest.raises(IllegalMove, match=r"\[rule koroli-exchange-turn\]"):
        game.check_move(s, SWAP[(C("7♠"), C("A♠"))])


# ------------------------------------------------------------- titles

def test_titles_go_to_the_first_at_each_count_and_the_last_is_peasant():
    # the record 10 9 8 x: one trick made the king; the prince and soldier follow at once
    log = (1, 2, 3) * 8 + (1, 2) + (0,) * 3 + (1,)
    counts = tuple(log.count(p) for p in range(4))
    assert counts == (3, 10, 9, 8)
    assert award_titles((U,) * 4, counts, log, (10, 9, 8)) == (PEASANT, KING, PRINCE, SOLDIER)
    # two players at the prince's count: the one who reached it first
    log = (1, 2) * 9 + (3,) + (0,) * 5 + (3,)
    counts = tuple(log.count(p) for p in range(4))
    assert counts[1:] == (9, 9, 2) and reached_at(log, 1, 9) < reached_at(log, 2, 9)
    assert award_titles((U, U, U, U), (0, 9, 9, 10), log + (3,) * 8, (10, 9, 8))[1] == PRINCE


def test_a_title_lays_the_hand_aside_and_the_rest_play_on():
    game, s = position("7♦|7♣ 8♦|9♦|K♣ 10♦", trick="A♣ 9♣ 6♣", counts=(9, 0, 1, 2), leads=3)
    after = game.play(s, PLAY[C("K♣")])
    assert after.new == (KING, U, U, U) and after.hands[0] == () and C("7♦") in after.aside
    assert after.to_move == 1                          # the king left: the next on his left leads
    assert allowed(game, after) == "7♣ 8♦"                # past the first two leads: any card


def test_the_restart_option_wipes_the_record_after_a_title():
    game, s = position("7♦|8♦|9♦|K♣ 10♦", trick="A♣ 9♣ 6♣", counts=(9, 8, 1, 2), leads=3,
                       rules=Rules(counts_restart=True))
    after = game.play(s, PLAY[C("K♣")])
    assert after.new == (KING, U, U, U) and after.counts == (0, 0, 0, 0)
    game, s = position("7♦|8♦|9♦|K♣ 10♦", trick="A♣ 9♣ 6♣", counts=(9, 8, 1, 2), leads=3)
    assert game.play(s, PLAY[C("K♣")]).counts == (10, 8, 1, 2)


# ------------------------------------------------------------- a reign

REIGN = dict(stage=1, titles=(PEASANT, KING, PRINCE, SOLDIER), dealer=0)


def test_the_king_then_the_prince_take_the_peasants_highest_trumps():
    game, s = position("A♣ 7♣ 9♦|K♠ 8♦ 6♥|Q♠ 8♥ 7♠|J♠ 6♦ 10♥", swaps=(1, 2), to_move=1, **REIGN)
    moves = game.legal_moves(s)
    assert {m.take for m in moves} == {C("A♣")} and {m.give for m in moves} == set(parse_cards("K♠ 8♦ 6♥"))
    assert refusal(game, s, SWAP[(C("A♣"), C("9♥"))]) == ("koroli-exchange-turn", "P1 does not hold 9♥")
    assert refusal(game, s, SWAP[(C("K♦"), C("8♦"))]) == ("koroli-exchange", "the peasant P0 does not hold K♦")
    assert refusal(game, s, SWAP[(C("7♣"), C("8♦"))]) == (
        "koroli-exchange", "take the peasant's highest trump, A♣, not 7♣")
    assert refusal(game, s, PLAY[C("K♠")]) == ("koroli-play-turn", "P1 must exchange first")
    # the turned trump is shown until the king takes it, then held unshown
    assert s.turned == C("A♣") and game.zones(s)["shown"] == (C("A♣"),)
    assert game.zones(s)["hand 0"] == parse_cards("7♣ 9♦")
    s = game.play(s, SWAP[(C("A♣"), C("6♥"))])
    assert C("A♣") in s.hands[1] and C("6♥") in s.hands[0] and s.to_move == 2
    z = game.zones(s)
    assert z["shown"] == () and C("A♣") in z["hand 1"] and z["hand 0"] == sorted_hand(parse_cards("7♣ 9♦ 6♥"))
    assert {m.take for m in game.legal_moves(s)} == {C("7♣")}
    s = game.play(s, SWAP[(C("7♣"), C("8♥"))])
    assert s.to_move == 1 and not s.swaps                    # the king leads, freely
    assert allowed(game, s) == "K♠ 8♦ A♣"


def test_under_prince_trump_any_the_prince_takes_any_trump_and_the_king_still_the_highest():
    rules = Rules(prince_trump="any")
    game, s = position("A♣ 7♣ 9♣ 9♦|K♠ 8♦ 6♥|Q♠ 8♥ 7♠|J♠ 6♦ 10♥", swaps=(1, 2), to_move=1, rules=rules, **REIGN)
    assert {m.take for m in game.legal_moves(s)} == {C("A♣")}
    assert refusal(game, s, SWAP[(C("9♣"), C("8♦"))]) == (
        "koroli-exchange", "take the peasant's highest trump, A♣, not 9♣")
    s = game.play(s, SWAP[(C("A♣"), C("6♥"))])                # the prince, P2, chooses among 7♣ and 9♣
    assert s.to_move == 2 and {m.take for m in game.legal_moves(s)} == set(parse_cards("7♣ 9♣"))
    assert refusal(game, s, SWAP[(C("9♦"), C("8♥"))]) == (
        "koroli-exchange", "take one of the peasant's trumps (♣), not 9♦")
    s = game.play(s, SWAP[(C("7♣"), C("8♥"))])                # the prince's choice: 7♣, not the higher 9♣
    assert s.hands[2] == parse_cards("7♠ Q♠ 7♣") and s.to_move == 1 and not s.swaps


def test_a_peasant_without_trumps_gives_any_card():
    game, s = position("A♦ 7♥ 9♦|K♠ 8♦ 6♥|Q♠ 8♥ 7♠|J♠ 6♦ 10♥", swaps=(1, 2), to_move=1, **REIGN)
    assert {m.take for m in game.legal_moves(s)} == set(parse_cards("A♦ 7♥ 9♦"))


def test_the_king_leads_every_trick_and_the_others_play_by_title():
    game, s = position("A♣ 7♦|9♣ 8♦|6♦ 9♦|K♦ 10♦", trick="", to_move=1, leads=0, **REIGN)
    assert allowed(game, s) == "9♣ 8♦"                      # the reigning king leads freely
    s = game.play(s, PLAY[C("8♦")])
    assert s.to_move == 2                                  # the prince, then the soldier, then the peasant
    s = played(game, s, "9♦", "K♦", "7♦")
    assert s.last_winner == 3 and s.to_move == 1           # the soldier took it, the king leads again


def test_after_the_king_leaves_the_dealer_exchanges_the_turned_card_and_the_next_leads_trumps():
    # the reigning king P1 took nine tricks first and left as the new king
    game, s = position("A♣ 7♦||9♣ 8♦|K♦ 10♦", stock="J♣ 6♠", new=(U, KING, U, U), swaps=(0,), to_move=0,
                       leads=0, **REIGN)
    assert {m.take for m in game.legal_moves(s)} == {C("J♣")}
    assert refusal(game, s, SWAP[(C("6♠"), C("7♦"))]) == (
        "koroli-dealer-exchange", "the dealer takes the turned card J♣, not 6♠")
    z = game.zones(s)                                      # the turned card lies on the stock until taken
    assert (z["shown"], z["stock"], z["hand 0"]) == ((C("J♣"),), (C("6♠"),), parse_cards("A♣ 7♦"))
    s = game.play(s, SWAP[(C("J♣"), C("7♦"))])
    assert s.stock[0] == C("7♦") and C("J♣") in s.hands[0] and s.to_move == 2
    z = game.zones(s)
    assert (z["shown"], z["stock"], z["hand 0"]) == ((), parse_cards("7♦ 6♠"), sorted_hand(parse_cards("A♣ J♣")))
    assert allowed(game, s) == "9♣"                        # the prince takes his place and leads a trump
    z = game.zones(game.play(s, PLAY[C("9♣")]))           # the stock during a trick
    assert (z["shown"], z["stock"], z["trick"]) == ((), parse_cards("7♦ 6♠"), (C("9♣"),))


# ------------------------------------------------------------- the match

def test_bounds_and_max_plays():
    assert race_bound(4, 10) == 37 and Koroli().stage_bounds() == (77, 68)
    assert Koroli().max_plays() == 4 * 77 + 2 * 9 + 4 * 68 + 2 * 8
    assert Koroli(Rules(reigns=0)).max_plays() is None


def test_outcome_ranks_by_title():
    game = Koroli()
    s = game.position(game.deal(1).hands, new=(SOLDIER, KING, PEASANT, PRINCE), over=True)
    out = game.outcome(s)
    assert out.winners == (1,) and out.losers == (2,) and out.returns == (1, 3, 0, 2)
    assert sorted(TITLE_POINTS.values()) == [0, 1, 2, 3]


def test_rules_fields_are_checked():
    with pytest.raises(VariantError):
        make_rules(Rules, {"king_tricks": 0})
    with pytest.raises(VariantError):
        make_rules(Rules, {"void": "lead"})
    with pytest.raises(VariantError) as exc:
        make_rules(Rules, {"reign_king_tricks": 2})
    assert str(exc.value) == ("key 'reign_king_tricks': 2 leaves no trick for the soldier when each title costs "
                              "one fewer; allowed: 3 to 40 with reign_others = 'step_down'")
    assert make_rules(Rules, {"reign_king_tricks": 2, "reign_others": "same"}).reign_thresholds() == (2, 2, 2)
    assert all(make_rules(Rules, p) != Rules() for p in PRESETS.values())


def test_a_match_ends_with_four_titles_and_describes_its_tricks():
    from verifier.api import walk
    game = Koroli()
    trace, s = walk(game, 5)
    assert s.over and sorted(s.new) == [0, 1, 2, 3] and s.stage == 1
    text = []
    st = game.deal(5)
    for m in trace.moves:
        st = game.apply(st, m)
        text.append(game.describe_move(st))
    log = "\n".join(t for t in text if t)
    assert " takes " in log and "reign 1" in log and "match over" in log


# ------------------------------------------------------------- records


# ---------------------------------------------------- properties and mutants

INVARIANTS = [props.leads_and_follows, props.trick_and_lead, props.deal_start, props.exchange_as_source,
              props.titles_by_record, props.no_king_in_first_deal]
OWN = ["deal_arithmetic", "stages_end", "stage_bound_tight", "title_points", "match_as_written_ends",
       "titles_never_change", "one_title_a_trick"]


def test_every_own_property_has_its_expected_verdict():
    for name in OWN:
        r = check(GAMES, name)
        assert r.verdict == r.property.expected, (name, r.verdict, r.detail)
        if r.property.method == "z3":
            assert r.seconds < 5, (name, r.seconds)


@pytest.mark.parametrize("fn", INVARIANTS, ids=lambda f: f.__name__)
def test_every_invariant_holds_on_the_given_rules(fn):
    # under the presets too in `cardspec verify` (and below for the leads and follows)
    out = check_invariant(GAMES, SMALL, fn)
    assert out.verdict == "holds" and "exhaustive over" in out.detail, (fn.__name__, out.detail)


def test_the_leads_and_follows_hold_under_every_preset():
    r = check(GAMES, "leads_and_follows")
    assert r.verdict == "holds" and all(name in r.detail for name in PRESETS)


def test_moves_match_clauses_under_every_preset():
    r = check(GAMES, "moves_match_clauses")
    assert r.verdict == "holds" and "exhaustive over" in r.detail
    assert all(name in r.detail for name in PRESETS)


def leads_anything(game, state):
    """The playing clause without the trump leads."""
    if not state.swaps and not state.trick:
        return tuple(PLAY[c] for c in state.hands[state.to_move])
    return follows_suit(game, state)


class TrumpsDoNotWin(Koroli):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.orders = {s: TrickOrder(None) for s in Suit}


class PlaysAnticlockwise(Koroli):
    """Passes the turn to the right in the introduction."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.trick and not state.stage:
            active = after.active
            nxt = next(p for p in ((after.to_move - 2 - i) % 4 for i in range(4)) if p in active
                       and p not in {q for q, _ in after.trick})
            return dataclasses.replace(after, to_move=nxt)
        return after


class WrongTrumps(Koroli):
    """Names the suit after the turned card's as trumps."""

    def start_deal(self, state, first=False):
        s = super().start_deal(state, first)
        suits = list(Suit)
        return dataclasses.replace(s, trump=suits[(suits.index(s.trump) + 1) % 4])


def takes_any_trump(game, state, moves):
    """The exchange clause letting the king and the prince take any trump, not the highest."""
    if len(state.active) < 4:
        return moves
    return tuple(m for m in moves if m.take.suit == state.trump) or moves


class KingAtEleven(Koroli):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.thresholds = ((11,) + self.thresholds[0][1:], self.thresholds[1])


@pytest.mark.parametrize("mutant,prop", [
    (TrumpsDoNotWin(), "trick_and_lead"),
    (PlaysAnticlockwise(), "trick_and_lead"), (WrongTrumps(), "deal_start"),
    (KingAtEleven(), "titles_by_record"),
    (Koroli(Rules(king_tricks=5)), "no_king_in_first_deal"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant], prop))


#: Titles worth 3, 2, 1 and -6: a ranking that sums to nothing.
ZERO_SUM_TITLES = Table({KING: 3, PRINCE: 2, SOLDIER: 1, PEASANT: -6})


@pytest.mark.parametrize("label,broken,prop", [
    ("koroli-follow", leads_anything, "leads_and_follows"),
    ("koroli-exchange", takes_any_trump, "exchange_as_source"),
    ("koroli-deal", lambda cards, order, per_seat=8: deal_cards(cards, order, per_seat), "deal_arithmetic"),
    ("koroli-end", lambda titles, points=ZERO_SUM_TITLES: final_points(titles, points), "title_points"),
])
def test_a_broken_clause_is_refuted(label, broken, prop):
    with CLAUSES.replaced(label, broken):
        assert_refuted(check([Koroli()], prop))


def test_the_bound_can_fail_and_cannot_be_lowered(monkeypatch):
    # the race bound one short: some race can stall past it
    monkeypatch.setattr(rules_module, "race_bound", lambda racers, tricks: racers * (tricks - 1))
    assert_refuted(check([Koroli()], "stages_end"))
    # with the bound one higher than needed, one trick fewer still crowns a king
    monkeypatch.setattr(rules_module, "race_bound", lambda racers, tricks: racers * (tricks - 1) + 2)
    assert check([Koroli()], "stage_bound_tight").verdict == "holds"


def test_searches_find_nothing_where_there_is_nothing():
    small = dataclasses.replace(SMALL, examples=2)
    assert check([CapsReigns()], "match_as_written_ends", small).verdict == UNKNOWN
    assert check([KeepsTitles()], "titles_never_change", small).verdict == UNKNOWN
    assert check([Koroli(Rules(counts_restart=True))], "one_title_a_trick", small).verdict == UNKNOWN


class CapsReigns(Koroli):
    """Ends the match after the first reign whatever the rules say."""

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.rules = dataclasses.replace(self.rules, reigns=1)


class KeepsTitles(Koroli):
    """A reign that always hands the titles back to their holders."""

    def _end_trick(self, state, hands, trick):
        # whoever wins a title in a reign gets his old one back, as soon as he wins it
        after = super()._end_trick(state, hands, trick)
        if after.stage >= 1 and after.stage == state.stage:
            return dataclasses.replace(after, new=tuple(UNTITLED if n == UNTITLED else t
                                                        for t, n in zip(after.titles, after.new)))
        return after


def test_refutations_replay():
    for name in ("match_as_written_ends", "titles_never_change", "one_title_a_trick"):
        r = check(GAMES, name)
        assert r.verdict == REFUTED and r.counterexample.record is not None
        r.counterexample.record.replay()


def test_small_configurations_are_complete():
    roots = props.small(Koroli())
    assert len(roots) == 9 and any(r.state.swaps for r in roots)
    assert SMALL.max_states >= 20_000
    assert all(len(r.state.hands[r.state.to_move]) == 3 for r in roots)


def test_both_readings_of_the_reign_counts_end():
    r = check([Koroli(Rules(reign_others="same"))], "stages_end")
    assert r.verdict == "holds" and "a reign within 75" in r.detail
    assert "a reign within 68" in check(GAMES, "stages_end").detail


# ------------------------------------------------------------- refusals, word for word

def test_an_exchange_out_of_turn_is_refused():
    game, wrong_turn = position("A♣ 7♣ 9♦|K♠ 8♦ 6♥|Q♠ 8♥ 7♠|J♠ 6♦ 10♥", swaps=(1, 2), to_move=2, **REIGN)
    assert refusal(game, wrong_turn, SWAP[(C("A♣"), C("8♥"))]) == (
        "koroli-exchange-turn", "no exchange now: cards are exchanged only before the first lead")


@pytest.mark.parametrize("king, others, thresholds", [(3, "step_down", (3, 2, 1)), (9, "step_down", (9, 8, 7)),
                                                      (9, "same", (9, 9, 9)), (1, "same", (1, 1, 1))])
def test_the_reigns_counts(king, others, thresholds):
    assert Rules(reign_king_tricks=king, reign_others=others).reign_thresholds() == thresholds


# ------------------------------------------------------------- the deal from the seed

def shuffled(seed: int, deal: int) -> list:
    cards = list(DECK)
    rng_for(seed, deal).shuffle(cards)
    return cards


def dealt_from(cards, order) -> dict:
    """Nine cards each, one at a time, in ``order``: the hands as dealt (not sorted)."""
    return {p: tuple(cards[i::len(order)][:9]) for i, p in enumerate(order)}


@pytest.mark.parametrize("seed", [0, 7, 123])
def test_the_first_deal_comes_from_the_seed_one_card_at_a_time_from_the_dealers_left(seed):
    game = Koroli()
    s = game.deal(seed)
    d = first_dealer(seed)
    order = [(d + 1 + i) % 4 for i in range(4)]
    hands = dealt_from(shuffled(seed, 1), order)
    assert s.hands == tuple(sorted_hand(hands[p]) for p in range(4))
    assert s.turned == hands[d][-1] == shuffled(seed, 1)[35] and s.trump == s.turned.suit and s.shown
    assert (s.stage, s.titles, s.new, s.counts, s.log) == (0, (U,) * 4, (U,) * 4, (0,) * 4, ())
    assert (s.dealer, s.to_move, s.swaps, s.leads, s.deals, s.seed) == (d, order[0], (), 0, 1, seed)
    assert (s.trick, s.taken, s.stock, s.aside, s.last_trick, s.last_winner, s.over) == ((), (), (), (), (), -1,
                                                                                          False)
    assert game.deal(seed) == s and game.deal(seed + 1) != s


def test_the_next_deal_passes_left_and_is_shuffled_afresh():
    game, s = position("|||K♣", trick="A♣ 9♣ 6♣", leads=3, counts=(2, 1, 0, 3), seed=42)
    after = game.play(s, PLAY[C("K♣")])            # the deal's last trick: P0 takes it
    hands = dealt_from(shuffled(42, 2), (1, 2, 3, 0))
    assert after.dealer == 0 and after.to_move == 1 and after.deals == 2 and after.seed == 42
    assert after.hands == tuple(sorted_hand(hands[p]) for p in range(4))
    assert after.turned == hands[0][-1] and after.trump == after.turned.suit and after.shown
    assert after.counts == (3, 1, 0, 3) and after.log == (0, 0, 1, 3, 3, 3, 0)
    assert (after.trick, after.taken, after.swaps, after.leads) == ((), (), (), 0)
    assert after.last_trick == tuple(enumerate(parse_cards("A♣ 9♣ 6♣ K♣"))) and after.last_winner == 0
    assert game.describe_move(after) == "P0 takes A♣ 9♣ 6♣ K♣; tricks 3 1 0 3\n      " + game.describe(after)
    assert game.describe(after).startswith("introduction, deal 2, P0 deals, turns ")


def test_a_deal_for_three_skips_the_king_and_turns_the_first_undealt_card():
    # P0 is king; P3 dealt the deal now played out: the deal passes to P1, the next still racing
    game, s = position("|9♣|6♣|K♣", trick="", to_move=1, leads=3, new=(KING, U, U, U), counts=(10, 3, 2, 4),
                       seed=5)
    after = played(game, s, "9♣", "6♣", "K♣")
    cards = shuffled(5, 2)
    hands = dealt_from(cards, (2, 3, 1))
    assert after.dealer == 1 and after.hands == ((), sorted_hand(hands[1]), sorted_hand(hands[2]),
                                                 sorted_hand(hands[3]))
    assert after.stock == tuple(cards[27:]) and after.turned == cards[27] and after.trump == cards[27].suit
    assert after.swaps == (1,) and after.to_move == 1
    assert allowed(game, after) == " ".join(f"take {cards[27]} give {c}" for c in after.hands[1])
    after = game.play(after, SWAP[(cards[27], after.hands[1][0])])
    assert after.to_move == 2 and not after.swaps     # the player on the dealer's left leads


# ------------------------------------------------------------- the game log, word for word

def test_describe_shows_the_stage_deal_dealer_trumps_titles_and_hands():
    game, s = position("A♣ 7♦|9♣ 8♦|6♣ 9♦|K♣ 10♦")
    assert game.describe(s) == ("introduction, deal 1, P3 deals, turns K♣: trumps ♣; "
                                "P0: A♣ 7♦ | P1: 9♣ 8♦ | P2: 6♣ 9♦ | P3: K♣ 10♦")
    game, s = position("A♥ 7♦||9♥ 8♦|K♦ 10♦", stock="J♥ 6♠", trump=Suit.HEARTS, new=(U, KING, U, U), swaps=(0,),
                       to_move=0, **{**REIGN, "stage": 2}, deals=7)
    assert game.describe(s) == ("reign 2, deal 7, P0 deals, turns J♥: trumps ♥; titles P0=peasant P1=king "
                                "P2=prince P3=soldier; P0: A♥ 7♦ | P2: 9♥ 8♦ | P3: K♦ 10♦")


def test_describe_move_names_the_taker_the_trick_and_the_record():
    game, s = position("7♦|8♦|9♦|K♣ 10♦", trick="A♣ 9♣ 6♣", leads=3, counts=(4, 0, 1, 2))
    assert game.describe_move(s) == ""                            # no trick taken yet this deal
    after = game.play(s, PLAY[C("K♣")])
    assert game.describe_move(after) == "P0 takes A♣ 9♣ 6♣ K♣; tricks 5 0 1 2"
    nxt = game.play(after, PLAY[C("7♦")])
    assert game.describe_move(nxt) == ""                          # a trick is under way


def test_describe_move_names_the_titles_won_at_the_trick():
    # the record is kept: P1 already holds the prince's nine when P0 is crowned
    game, s = position("7♦|8♦|9♦|K♣ 10♦", trick="A♣ 9♣ 6♣", leads=3, counts=(9, 9, 1, 2))
    after = game.play(s, PLAY[C("K♣")])
    assert game.describe_move(after) == "P0 takes A♣ 9♣ 6♣ K♣; tricks 10 9 1 2; P0 king, P1 prince"
    assert after.hands == ((), (), parse_cards("9♦"), parse_cards("10♦"))
    assert after.aside == parse_cards("7♦ 8♦") and after.to_move == 2


def test_describe_move_at_the_start_of_a_reign_names_the_titles():
    # P0 king, P1 prince; P2 takes the soldier's eighth trick, P3 is the peasant
    game, s = position("||A♣|K♣", to_move=2, leads=3, new=(KING, PRINCE, U, U), counts=(10, 9, 7, 0))
    after = played(game, s, "A♣", "K♣")
    assert (after.stage, after.titles, after.new, after.counts) == (1, (KING, PRINCE, SOLDIER, PEASANT), (U,) * 4,
                                                                    (0,) * 4)
    assert after.dealer == 3 and after.swaps == (0, 1) and after.to_move == 0   # the peasant deals, the king swaps
    hands = dealt_from(shuffled(0, 2), (0, 1, 2, 3))              # by title: king first, the dealer last
    assert after.hands == tuple(sorted_hand(hands[p]) for p in range(4)) and after.turned == hands[3][-1]
    assert game.describe_move(after) == ("P2 takes A♣ K♣; titles P0 king, P1 prince, P2 soldier, P3 peasant"
                                         "\n      " + game.describe(after))
    assert game.describe(after).startswith(f"reign 1, deal 2, P3 deals, turns {after.turned}: trumps "
                                           f"{after.trump.symbol}; titles P0=king P1=prince P2=soldier P3=peasant; ")


def reign_end():
    """A reign's last race: P1 king, P2 prince; P3 (soldier, leads) and P0 race for the soldier's seven."""
    return position("A♦ 8♠||9♠|7♦ 10♠", to_move=3, new=(U, KING, PRINCE, U), counts=(6, 9, 8, 6), **REIGN)


def test_when_the_match_ends_the_log_gives_the_final_titles_the_last_hands_go_aside_and_no_move_follows():
    game, s = reign_end()
    s = game.play(s, PLAY[C("7♦")])
    assert s.to_move == 0 and game.describe_move(s) == ""
    end = game.play(s, PLAY[C("A♦")])
    assert end.over and game.describe_move(end) == (
        "P0 takes 7♦ A♦; match over: P0 soldier, P1 king, P2 prince, P3 peasant")
    assert game.legal_moves(end) == () and game.to_move(end) is None
    assert game.refusal(end, PLAY[C("8♠")]) == ("koroli-end", "the game is over: no more moves can be made")
    assert game.refusal(end, SWAP[(C("8♠"), C("A♦"))]) == ("koroli-end", "the game is over: no more moves can be made")
    z = game.zones(end)
    assert (z["taken"], z["aside"], z["stock"], z["trick"], z["hand 0"], z["hand 3"]) == (
        parse_cards("7♦ A♦"), parse_cards("8♠ 10♠"), (), (), (), ())
    assert game.describe(end) == ("reign 1, deal 1, P0 deals, turns 6♣: trumps ♣; titles P0=peasant P1=king "
                                  "P2=prince P3=soldier; P2: 9♠")
    # the result ranks the reign's titles: king 3, prince 2, soldier 1, peasant 0
    out = game.outcome(end)
    assert (out.winners, out.losers, out.scores, out.returns, out.draw) == ((1,), (3,), (1, 3, 2, 0), (1, 3, 2, 0),
                                                                           False)
    # the soldier takes it instead: the titles below the prince go the other way
    game, s = reign_end()
    end = played(game, s, "10♠", "8♠")
    assert end.new == (PEASANT, KING, PRINCE, SOLDIER)
    out = game.outcome(end)
    assert (out.winners, out.losers, out.scores, out.returns) == ((1,), (0,), (0, 3, 2, 1), (0, 3, 2, 1))


def test_a_match_of_two_reigns_plays_on_and_the_first_reigns_titles_rule_the_second():
    game, s = reign_end()
    game = Koroli(Rules(reigns=2))
    s = played(game, s, "7♦", "A♦")
    assert not s.over and s.stage == 2 and s.titles == (SOLDIER, KING, PRINCE, PEASANT) and s.new == (U,) * 4
    assert s.dealer == 3 and s.swaps == (1, 2)          # the new peasant deals, the king and the prince exchange


def test_a_test_positions_outcome_before_its_stage_is_decided():
    game, s = position("|||K♣", trick="A♣ 9♣ 6♣", leads=3, counts=(2, 1, 0, 3), last_deal=True)
    end = game.play(s, PLAY[C("K♣")])
    assert end.over and end.new == (U,) * 4
    out = game.outcome(end)
    assert (out.winners, out.losers, out.scores, out.returns) == ((), (), (3, 1, 0, 3), (0, 0, 0, 0))
    assert game.describe_move(end) == "P0 takes A♣ 9♣ 6♣ K♣; match over: no titles"
    game, s = position("|||K♣", trick="A♣ 9♣ 6♣", leads=3, counts=(9, 1, 0, 3), last_deal=True)
    end = game.play(s, PLAY[C("K♣")])
    out = game.outcome(end)
    assert (out.winners, out.scores, out.returns) == ((0,), (10, 1, 0, 3), (0, 0, 0, 0))
    assert game.describe_move(end) == "P0 takes A♣ 9♣ 6♣ K♣; match over: P0 king"


# ------------------------------------------------------------- zones and what each player sees

def test_zones_the_turned_card_is_shown_until_its_holder_plays_it():
    game = Koroli()
    s = game.deal(3)
    z = game.zones(s)
    d = s.dealer
    assert z["shown"] == (s.turned,) and z[f"hand {d}"] == tuple(c for c in s.hands[d] if c != s.turned)
    assert all(z[f"hand {p}"] == s.hands[p] for p in range(4) if p != d) and len(z[f"hand {d}"]) == 8
    assert (z["trick"], z["taken"], z["stock"], z["aside"]) == ((), (), (), ())
    assert sorted(c for cards in z.values() for c in cards) == sorted(DECK)
    # the dealer P1 plays the turned 9♣ to the trick: it is shown no more
    game, s = position("|9♣ 7♦|6♣|K♣", trick="A♣", dealer=1, leads=3)
    assert game.zones(s)["shown"] == (C("9♣"),) and game.zones(s)["hand 1"] == (C("7♦"),)
    z = game.zones(game.play(s, PLAY[C("9♣")]))
    assert (z["shown"], z["hand 1"], z["trick"]) == ((), (C("7♦"),), parse_cards("A♣ 9♣"))


def test_the_cards_laid_aside_are_hidden_from_everyone_the_shown_card_and_tricks_from_nobody():
    game, s = position("7♦|8♦|9♦|K♣ 10♦", trick="A♣ 9♣ 6♣", leads=3, counts=(9, 0, 1, 2))
    s = game.play(s, PLAY[C("K♣")])
    assert game.zones(s)["aside"] == (C("7♦"),) and game.zones(s)["taken"] == parse_cards("A♣ 9♣ 6♣ K♣")
    for p in range(4):
        assert game.hidden_zones(s, p) == {f"hand {q}" for q in range(4) if q != p} | {"stock", "aside"}
    view = game.observe(s, 1)
    assert view[0] == 1 and ("aside", 1) in view and ("hand 2", 1) in view and ("hand 1", parse_cards("8♦")) in view
    assert ("taken", parse_cards("A♣ 9♣ 6♣ K♣")) in view and ("shown", ()) in view
    assert view[-7:] == (Suit.CLUBS, 3, 0, (U,) * 4, (KING, U, U, U), (10, 0, 1, 2), ())


@pytest.mark.parametrize("restart, counts", [(False, "4 9 2 3"), (True, "0 0 0 0")])
def test_a_king_crowned_at_a_reigns_last_trick_of_a_deal_is_named_and_the_peasant_deals_to_three(restart, counts):
    game, s = position("9♦|A♣|7♦|8♦", to_move=1, leads=3, counts=(4, 8, 2, 3), rules=Rules(counts_restart=restart),
                       **REIGN)
    s = played(game, s, "A♣", "7♦", "8♦")                # the king leads, the prince and the soldier follow
    after = game.play(s, PLAY[C("9♦")])
    assert after.new == (U, KING, U, U) and after.stage == 1 and after.deals == 2
    assert game.describe_move(after) == f"P1 takes A♣ 7♦ 8♦ 9♦; tricks {counts}; P1 king\n      " + game.describe(
        after)
    cards = shuffled(0, 2)
    hands = dealt_from(cards, (2, 3, 0))                 # prince, soldier, the peasant dealing last
    assert after.dealer == 0 and after.hands == (sorted_hand(hands[0]), (), sorted_hand(hands[2]),
                                                 sorted_hand(hands[3]))
    assert after.stock == tuple(cards[27:]) and after.turned == cards[27] and after.swaps == (0,)
    after = game.play(after, SWAP[(cards[27], after.hands[0][0])])
    assert after.to_move == 2 and after.leads == 0       # the prince leads in the king's place


def test_a_deal_for_two_goes_to_the_next_racer_three_seats_on():
    # P0 king, P1 prince; P3 dealt: the deal passes over the two who left to P2
    game, s = position("||9♣|K♣", to_move=2, leads=3, new=(KING, PRINCE, U, U), counts=(10, 9, 1, 4))
    after = played(game, s, "9♣", "K♣")
    cards = shuffled(0, 2)
    hands = dealt_from(cards, (3, 2))
    assert after.dealer == 2 and after.hands == ((), (), sorted_hand(hands[2]), sorted_hand(hands[3]))
    assert after.stock == tuple(cards[18:]) and after.turned == cards[18] and after.swaps == (2,)
    give = after.hands[2][0]
    after = game.play(after, SWAP[(cards[18], give)])
    assert after.to_move == 3 and after.leads == 0 and after.stock == (give,) + tuple(cards[19:])


@pytest.mark.parametrize("players", [3, 5])
def test_exactly_four_players(players):
    assert Koroli(players=4).players == 4 and Koroli().players == 4
    with pytest.raises(VariantError) as exc:
        Koroli(players=players)
    assert str(exc.value) == f"key 'players': {players} players cannot play koroli with these rules; allowed: 4 to 4"


@pytest.mark.parametrize("log, titles", [
    ((1,) * 9 + (2,) * 9 + (3,) * 10, (PEASANT, PRINCE, SOLDIER, KING)),
    ((2,) * 9 + (1,) * 9 + (3,) * 10, (PEASANT, SOLDIER, PRINCE, KING)),        # P2 at nine first
    ((1,) * 8 + (2,) * 9 + (1,) + (3,) * 10, (PEASANT, SOLDIER, PRINCE, KING)),  # P1 led but P2 reached nine first
])
def test_of_two_at_a_titles_count_the_first_to_reach_it_wins_it(log, titles):
    counts = tuple(log.count(p) for p in range(4))
    assert award_titles((U,) * 4, counts, log, (10, 9, 8)) == titles


def test_the_first_lead_and_its_takers_lead_are_trumps_then_any_card():
    game, s = position("7♣ A♠ 7♠ 7♥|8♣ 10♣ J♣ K♠|6♦ Q♠ 8♠ 8♥|9♦ J♠ 9♠ 9♥", leads=0, to_move=0)
    assert game.to_move(s) == 0 and allowed(game, s) == "7♣"
    s = played(game, s, "7♣", "8♣", "6♦", "9♦")
    assert s.to_move == 1 and allowed(game, s) == "10♣ J♣"       # the taker's lead, the deal's second: a trump
    s = played(game, s, "10♣", "Q♠", "J♠", "A♠")
    assert s.to_move == 1 and allowed(game, s) == "J♣ K♠"        # the third lead is free


def test_when_the_king_leaves_mid_deal_the_prince_leads_trumps_twice():
    game, s = position("10♦ J♥ J♠ 6♥|A♣ K♠ K♥ A♥|8♦ 7♣ 9♣ 10♣|9♦ Q♥ Q♠ 6♠", to_move=1, leads=5,
                       counts=(0, 8, 3, 2), **REIGN)
    s = played(game, s, "A♣", "7♣", "9♦", "10♦")               # the reigning king takes his ninth trick
    assert s.new == (U, KING, U, U) and s.to_move == 2 and allowed(game, s) == "9♣ 10♣"
    s = played(game, s, "9♣", "Q♥", "J♥")
    assert s.to_move == 2 and allowed(game, s) == "10♣"         # his second lead: still a trump


def test_the_turned_card_stays_shown_until_the_king_or_the_prince_takes_it():
    game, s = position("7♣ A♣ 9♦|K♠ 8♦ 6♥|Q♠ 8♥ 7♠|J♠ 6♦ 10♥", swaps=(1, 2), to_move=1, **REIGN)
    assert s.turned == C("7♣")
    s = game.play(s, SWAP[(C("A♣"), C("6♥"))])
    assert game.zones(s)["shown"] == (C("7♣"),) and game.zones(s)["hand 0"] == sorted_hand(parse_cards("9♦ 6♥"))
    s = game.play(s, SWAP[(C("7♣"), C("8♥"))])
    assert game.zones(s)["shown"] == () and C("7♣") in game.zones(s)["hand 2"]


def test_zones_during_a_trick_and_at_a_new_deal():
    game = Koroli()
    s = game.deal(3)
    mid = game.play(s, game.legal_moves(s)[0])
    z = game.zones(mid)
    assert z["shown"] == (s.turned,) and z["trick"] == (game.legal_moves(s)[0].card,) and z["stock"] == ()
    assert game.observe(mid, 0)[-7:] == (s.trump, s.dealer, 0, (U,) * 4, (U,) * 4, (0,) * 4, ())  # no exchange due
    assert game.describe_move(mid) == ""
    game, s = position("|||K♣", trick="A♣ 9♣ 6♣", leads=3)
    after = game.play(s, PLAY[C("K♣")])
    z = game.zones(after)
    assert z["shown"] == (after.turned,) and z["taken"] == () and sum(len(c) for c in z.values()) == 36


def test_a_position_turns_trumps_finds_the_exchanges_and_names_each_card_once():
    game = Koroli()
    reign = dict(stage=1, titles=(PEASANT, KING, PRINCE, SOLDIER), dealer=0, seed=3)
    s = game.position(["A♣ 7♣ 9♦", "K♠ 8♦ 6♥", "Q♠ 8♥ 7♠", "J♠ 6♦ 10♥"], **reign)
    assert (s.turned, s.trump, s.shown, s.swaps, s.to_move, s.leads, s.deals, s.seed) == (
        C("9♦"), Suit.DIAMONDS, True, (1, 2), 1, 0, 1, 3)     # the dealer's last card; the king exchanges first
    s = game.position(["7♣", "8♣", "9♣", "J♠"], [(0, "A♥"), (1, "6♥")], counts=(2, 0, 0, 1), leads=3)
    assert s.to_move == 2 and s.swaps == () and s.log == (0, 0, 3) and s.trick[0] == (0, C("A♥"))
    assert s.turned == C("J♠") and s.trump == Suit.SPADES
    with pytest.raises(ValueError, match="^A♥ is named more often than the deck holds it$"):
        game.position(["A♥", "8♣", "", "J♠"], [(0, "A♥")])
    with pytest.raises(ValueError, match="^2♠ is not a card of this deck$"):
        game.position(["2♠", "", "", "J♠"])
    with pytest.raises(ValueError, match="^no card to turn for trumps: P3 deals and holds none, and no stock"):
        game.position(["7♣", "", "", ""])

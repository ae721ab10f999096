"""Kerosinka: rules, edge cases, the tricks-kit additions it uses, records, and a
mutation test per property."""

from __future__ import annotations

import contextlib
import dataclasses

import pytest

import verifier.games.kerosinka as props  # noqa: F401  (registers the properties)
from spec.cards import Card, Rank, Suit, parse_card, parse_cards
from spec.dealing import Match
from spec.errors import IllegalMove, VariantError
from spec.games.kerosinka import (
    CLAUSES, DECK_POINTS, KEROSINKA, ORDER, POINTS, PRESETS, Kerosinka, Rules, State, deal_scores, deals_bound,
    match_winners, trick_order,
)
from spec.rules import Table, make_rules
from spec.tricks import NATURAL_ORDER, PLAY, TrickOrder
from tests.helpers import SMALL, assert_refuted, check, play_moves
from verifier.core import REFUTED, UNKNOWN

C = parse_card
GAMES = [Kerosinka()]


def position(hands: str, trick: str = "", trump: Suit = Suit.CLUBS, rules: Rules | None = None,
             dealer: int = 3, **rest) -> tuple[Kerosinka, State]:
    """A hand-made position: hands before the trick separated by '|', P3 dealing, so that the trick's
    cards are played from seat 0 on (and leave those hands); the dealer shows his first card of
    ``trump``, or the 6 of it when he holds none."""
    game = Kerosinka(rules)
    hs, played = [parse_cards(h) for h in hands.split("|")], parse_cards(trick)
    turned = next((c for c in hs[dealer] if c.suit == trump), parse_card("6" + trump.value))
    hs = [[c for c in h if c not in played] for h in hs]
    return game, game.position(hs, played, dealer=dealer, turned=turned, **rest)


def allowed(game, state) -> str:
    return " ".join(str(m) for m in game.legal_moves(state))


# ---------------------------------------------------------------- the order

def test_the_ten_of_hearts_is_the_top_trump_and_no_heart():
    o = trick_order(Suit.CLUBS)
    assert o.winner(tuple(enumerate(parse_cards("A♣ 10♥ K♣")))) == 1        # above the ace of trumps
    assert o.winner(tuple(enumerate(parse_cards("9♥ 10♥")))) == 1            # wins as a trump, not as a heart
    assert o.winner(tuple(enumerate(parse_cards("K♥ A♥ 6♣")))) == 2
    # hearts rank without their ten: A K Q J 9 ...; other suits A 10 K Q J 9 ...
    assert o.winner(tuple(enumerate(parse_cards("K♠ 10♠")))) == 1
    assert o.winner(tuple(enumerate(parse_cards("J♥ K♥ 9♥")))) == 1
    # the 10♥ led: nothing beats it, not even the ace of trumps
    assert o.winner(tuple(enumerate(parse_cards("10♥ A♣ 10♣ 10♠")))) == 0
    assert [r.label for r in sorted(ORDER, key=ORDER.get)] == "6 7 8 9 J Q K 10 A".split()


def test_points_and_the_deck_total():
    assert POINTS == {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
    assert sum(deal_scores([Kerosinka().deck()])) == DECK_POINTS == 120
    assert deal_scores([parse_cards("10♥ A♠ 9♦"), (), parse_cards("J♣ Q♣ K♣"), ()]) == (21, 0, 9, 0)


# ------------------------------------------------------------- answering

@pytest.mark.parametrize("hands, trick, rules, legal", [
    ("9♠|K♠ 9♦ 7♦ A♣|6♥|7♥", "9♠", None, "K♠ 9♦"),          # the suit or the rank of the card led
    ("9♠|8♦ 6♣ 7♥|6♥|8♥", "9♠", None, "6♣"),                 # unable to answer: a trump
    ("9♠|8♦ 7♥|6♥|8♥", "9♠", None, "8♦ 7♥"),                 # no trump either: anything
    ("9♠|8♦ 10♥|6♥|7♥", "9♠", None, "10♥"),                  # the 10♥ is a trump: it must go
    ("A♥|10♥ 7♦|6♥|7♥", "A♥", None, "10♥"),                  # no heart, no ace: the trump must go
    ("A♥|10♥ 9♥|6♥|7♥", "A♥", None, "9♥"),                   # a heart in hand: the 10♥ is not one
    ("7♣|10♥ 9♦|6♥|7♥", "7♣", None, "10♥"),                  # clubs are trumps: the 10♥ answers a trump lead
    ("10♥|10♠ 7♣ 8♦|6♥|7♥", "10♥", None, "10♠"),             # the 10♥ led asks for tens,
    ("10♥|A♠ 7♣ 8♦|6♥|7♥", "10♥", None, "7♣"),               # then trumps,
    ("10♥|A♠ 8♦|6♥|7♥", "10♥", None, "A♠ 8♦"),               # then anything
    ("10♠|10♥ 7♠ 8♦|6♥|7♥", "10♠", None, "10♥ 7♠"),          # the 10♥ answers a ten ...
    ("10♠|10♥ 7♠ 8♦|6♥|7♥", "10♠", Rules(kerosinka_is_a_ten=False), "7♠"),   # ... unless the option says not
    ("K♠|A♠|7♦ 9♠ A♥|7♥", "K♠ A♠", None, "9♠"),
    ("K♠|A♠|7♦ 9♠ A♥|7♥", "K♠ A♠", Rules(answer_to="previous"), "9♠ A♥"),   # the ace answers the ace just played
])
def test_the_cards_a_player_may_answer_with(hands, trick, rules, legal):
    game, s = position(hands, trick, rules=rules)
    assert allowed(game, s) == legal


@pytest.mark.parametrize("hands, trick, card, clause, reason", [
    ("9♠|K♠|6♥|7♥", "", "A♦", "kerosinka-hold", "P0 does not hold A♦"),
    ("9♠|K♠ 9♦ 7♦ A♣|6♥|7♥", "9♠", "7♦", "kerosinka-follow",
     "7♦ does not answer 9♠: 9♠ asks for a ♠ card or a card of rank 9, and the hand holds K♠"),
    ("9♠|8♦ 6♣ 7♥|6♥|8♥", "9♠", "8♦", "kerosinka-follow",
     "8♦ is not a trump: the hand cannot answer 9♠, so it must play a trump, such as 6♣"),
    ("10♥|10♠ 7♣ 8♦|6♥|7♥", "10♥", "7♣", "kerosinka-ten-led",
     "7♣ does not answer 10♥: 10♥ asks for a card of rank 10, and the hand holds 10♠"),
    ("10♥|10♠ 7♣ 8♦|6♥|7♥", "10♥", "8♦", "kerosinka-ten-led",
     "8♦ does not answer 10♥: 10♥ asks for a card of rank 10, and the hand holds 10♠"),
])
def test_refusals_say_which_card_and_why(hands, trick, card, clause, reason):
    game, s = position(hands, trick)
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, PLAY[C(card)])
    assert (exc.value.clause, exc.value.reason) == (clause, reason)


# ---------------------------------------------------------------- the deal

def test_the_deal_shows_the_dealers_last_card():
    game = Kerosinka()
    for seed in range(20):
        s = game.deal(seed)
        assert [len(h) for h in s.hands] == [9] * 4
        assert s.turned in s.hands[s.dealer] and s.trump == s.turned.suit
        assert s.to_move == (s.dealer + 1) % 4
        assert game.zones(s)["shown"] == (s.turned,)
        assert s.turned not in game.zones(s)[f"hand {s.dealer}"]


def test_a_shown_ten_of_hearts_makes_hearts_trumps_or_is_dealt_again():
    hearts, redeal = Kerosinka(), Kerosinka(Rules(turned_kerosinka="redeal"))
    seeds = [s for s in range(400) if hearts.deal(s).turned == KEROSINKA]
    assert seeds, "some first deal shows the 10♥"
    for seed in seeds:
        assert hearts.deal(seed).trump == Suit.HEARTS
        again = redeal.deal(seed)
        assert again.turned != KEROSINKA and again.dealer == hearts.deal(seed).dealer


# ---------------------------------------------------------------- the match

def test_deal_limit_and_max_plays():
    assert deals_bound(300) == 10 and deals_bound(500) == 17 and deals_bound(30) == 1
    assert Kerosinka().max_plays() == 360


def test_rules_fields_are_checked():
    with pytest.raises(VariantError):
        make_rules(Rules, {"target": 10})
    with pytest.raises(VariantError):
        make_rules(Rules, {"answer_to": "next"})
    assert all(make_rules(Rules, p) != Rules() for p in PRESETS.values())


# ------------------------------------------------------------- records


# ---------------------------------------------------- properties and mutants

OWN = ["answers_as_source", "trick_taker", "deal_start", "points_conserved", "deck_points", "match_ends",
       "match_can_last_the_limit", "one_player_reaches_target", "shown_card_names_a_suit",
       "answer_readings_agree", "kerosinka_ten_readings_agree"]


def test_every_own_property_has_its_expected_verdict():
    for name in OWN:
        r = check(GAMES, name)
        assert r.verdict == r.property.expected, (name, r.verdict, r.detail)
        if r.property.method == "z3":
            assert r.seconds < 5, (name, r.seconds)


def test_moves_match_clauses_under_every_preset():
    r = check(GAMES, "moves_match_clauses")
    assert r.verdict == "holds" and "exhaustive over" in r.detail
    assert all(name in r.detail for name in PRESETS)


class IgnoresRank(Kerosinka):
    """Answers the suit only: the rank rule forgotten."""

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = dataclasses.replace(self.duties, follow_rank=False)


class NaturalOrder(Kerosinka):
    """Ranks the ten below the jack, as in the natural order."""

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.orders = {s: TrickOrder(s, NATURAL_ORDER, super_trumps=(KEROSINKA,)) for s in Suit}


class DealerLeads(Kerosinka):
    def start_deal(self, seed, match, dealer):
        s = super().start_deal(seed, match, dealer)
        return dataclasses.replace(s, to_move=dealer)


@contextlib.contextmanager
def ten_counts_eleven():
    """The points clause with the ten worth 11 (the deck then holds 124)."""
    eleven = type(POINTS)({**POINTS, Rank.TEN: 11})
    with CLAUSES.replaced("kerosinka-points", lambda won, points=eleven: deal_scores(won, points)):
        yield


class OneDealShort(Kerosinka):
    def deal_limit(self):
        return super().deal_limit() - 1


class ScoresTheWinnerAlone(Kerosinka):
    """Every deal's 120 points go to the last trick's taker: only one player can pass the target."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.match.deals > state.match.deals:
            totals = list(state.match.totals)
            totals[after.last_winner] += DECK_POINTS
            return dataclasses.replace(after, match=Match(tuple(totals), after.match.deals, after.match.target))
        return after


@pytest.mark.parametrize("mutant,prop", [
    (IgnoresRank, "answers_as_source"), (NaturalOrder, "trick_taker"), (DealerLeads, "deal_start"),
    (OneDealShort, "match_ends"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant()], prop))


@pytest.mark.parametrize("prop", ["points_conserved", "deck_points"])
def test_a_broken_points_clause_is_refuted(prop):
    with ten_counts_eleven():
        assert_refuted(check([Kerosinka()], prop))


def test_searches_find_nothing_where_there_is_nothing():
    assert check([ScoresTheWinnerAlone()], "one_player_reaches_target").verdict == UNKNOWN
    assert check([Kerosinka(Rules(turned_kerosinka="redeal"))], "shown_card_names_a_suit").verdict == UNKNOWN
    # with a deal limit one higher than needed, one deal fewer still always ends the match
    class LimitTooHigh(Kerosinka):
        def deal_limit(self):
            return super().deal_limit() + 1
    assert check([LimitTooHigh()], "match_can_last_the_limit").verdict == "holds"


def test_refutations_replay():
    for name in ("one_player_reaches_target", "answer_readings_agree", "kerosinka_ten_readings_agree"):
        r = check(GAMES, name)
        assert r.verdict == REFUTED and r.counterexample.record is not None
        record = r.counterexample.record
        game = Kerosinka(make_rules(Rules, record.rules))
        game.replay(record.seed, [game.parse_move(m) for m in record.moves])


def test_a_position_defaults_to_p3_dealing_his_last_card_shown():
    game = Kerosinka(Rules(target=500))
    s = game.position(["A♠ 9♦", "K♠", "", "7♣ 8♣"], [C("Q♠")], won=["", "", "J♦ 6♦ 7♦ 8♦", ""])
    assert (s.dealer, s.turned, s.trump, s.to_move, s.trick) == (3, C("8♣"), Suit.CLUBS, 1, ((0, C("Q♠")),))
    assert s.won[2] == parse_cards("J♦ 6♦ 7♦ 8♦") and s.match == Match((0,) * 4, 0, 500) and s.stock == ()
    s = game.position(["A♠", "K♠ 10♥", "", "7♣"], "Q♠ 9♠", dealer=1, turned="10♥", to_move=0, seed=4)
    assert (s.trump, s.trick, s.seed) == (Suit.HEARTS, ((2, C("Q♠")), (3, C("9♠"))), 4)


@pytest.mark.parametrize("hands,rest,error", [
    (["9♠", "A♦", "9♠", "7♣"], {}, "9♠ is named more often than the deck holds it"),
    (["9♠", "A♦", "", "7♣"], {"trick": "A♦"}, "A♦ is named more often than the deck holds it"),
    (["9♠", "A♦", "", "7♣"], {"stock": "6♠ 6♠"}, "6♠ is named more often than the deck holds it"),
    (["9♠", "2♦", "", "7♣"], {}, "2♦ is not a card of this deck"),
    (["9♠", "A♦", "", "7♣"], {"won": ["", "", "", "5♥"]}, "5♥ is not a card of this deck"),
    (["9♠", "A♦", "", "7♣"], {"turned": "5♣"}, "5♣ is not a card of this deck"),
    (["9♠", "A♦", "", ""], {}, "name the shown card: the dealer P3 holds none"),
])
def test_a_position_names_each_card_of_the_deck_once(hands, rest, error):
    with pytest.raises(ValueError) as exc:
        Kerosinka().position(hands, **rest)
    assert str(exc.value) == error


def test_small_configurations_are_complete():
    roots = props.small(Kerosinka())
    assert len(roots) == 12 and any(KEROSINKA in sum(r.state.hands, ()) for r in roots)
    assert SMALL.max_states >= 20_000


# ----------------------------------------------------- play through a deal

def test_the_last_trick_scores_the_deal_and_the_deal_passes_left():
    # P0 leads A♠; P1 and P2 follow suit; P3, with no spade and no ace, must trump: the 6♣ takes 25 points
    game, s = position("A♠|10♠|K♠|6♣", seed=11)
    assert game.describe_move(s) == ""                      # nothing taken yet
    s = play_moves(game, s, "A♠ 10♠ K♠")
    assert game.describe_move(s) == ""                      # a trick in progress
    s = play_moves(game, s, "6♣")
    assert s.match.totals == (0, 0, 0, 25) and s.match.deals == 1
    assert s.dealer == 0 and s.to_move == 1 and [len(h) for h in s.hands] == [9] * 4
    assert s.last_winner == 3 and s.won == ((),) * 4 and s.trick == ()
    assert s.seed == 11 and s.hands == game.start_deal(11, s.match, 0).hands     # the next deal, of the same seed
    assert game.describe_move(s) == ("P3 takes A♠ 10♠ K♠ 6♣ (25 points); deal over, totals 0 0 0 25\n      "
                                     + game.describe(s))
    assert game.describe(s).startswith(f"deal 2, P0 deals, shows {s.turned}: trumps {s.trump.symbol}; "
                                       "totals 0 0 0 25; P0: ")


def test_a_trick_in_the_middle_of_a_deal_goes_to_its_taker_who_leads():
    game, s = position("Q♦ 7♠|J♦ 8♠|10♥ 9♠|9♦ 6♠")
    s = play_moves(game, s, "Q♦ J♦ 10♥ 9♦")                  # P2 has no diamond and no queen: the 10♥ is its trump
    assert s.to_move == 2 and s.won[2] == parse_cards("Q♦ J♦ 10♥ 9♦") and s.match.deals == 0
    assert [len(h) for h in s.hands] == [1] * 4
    assert game.describe_move(s) == "P2 takes Q♦ J♦ 10♥ 9♦ (15 points)"
    assert game.legal_moves(s) == (PLAY[C("9♠")],)


def test_the_deal_that_reaches_the_target_ends_the_match():
    game, s = position("A♠|10♠|K♠|6♣", match=Match((0, 200, 0, 280), 7, 300), seed=11)
    turned = s.turned
    s = play_moves(game, s, "A♠ 10♠ K♠ 6♣")
    assert s.seed == 11 and s.turned == turned and s.last_trick == tuple(enumerate(parse_cards("A♠ 10♠ K♠ 6♣")))
    assert game.is_over(s) and game.to_move(s) is None and game.legal_moves(s) == ()
    assert s.to_move == 3 and s.won[3] == parse_cards("A♠ 10♠ K♠ 6♣")     # the final state keeps the taker's trick
    assert s.match.totals == (0, 200, 0, 305) and s.match.deals == 8
    assert game.describe_move(s) == "P3 takes A♠ 10♠ K♠ 6♣ (25 points); match over, totals 0 200 0 305"
    out = game.outcome(s)
    assert out.winners == (3,) and out.scores == (0, 200, 0, 305) and out.returns == (-1, -1, -1, 3)
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, PLAY[C("6♣")])
    assert exc.value.clause == "kerosinka-target"


def test_describe_names_the_deal_the_dealer_the_shown_card_and_the_hands():
    game, s = position("9♠ K♠|A♦|6♥|7♣ 8♣")
    assert game.describe(s) == ("deal 1, P3 deals, shows 7♣: trumps ♣; totals 0 0 0 0; "
                                "P0: 9♠ K♠ | P1: A♦ | P2: 6♥ | P3: 7♣ 8♣")


def test_trumps_the_dealer_and_the_totals_are_public():
    game, s = position("9♠ K♠|A♦|6♥|7♣ 8♣")
    game, other = position("9♠ K♠|A♦|6♥|7♣ 8♣", match=Match((10, 0, 0, 0), 1, 300))
    # no hand holds the shown card, so another dealer or other trumps change no zone and not the mover
    hands = "9♠ K♠|A♦|6♥|7♥".split("|")
    unshown = game.position(hands, turned=C("6♣"), to_move=0)
    others = (game.position(hands, turned=C("6♣"), to_move=0, dealer=2),
              game.position(hands, turned=C("6♠"), to_move=0))
    for p in range(4):
        seen = dict(game.observe(s, p)[1:12])
        # his own hand, only the size of the others; the dealer's shown card is public, in a zone of its own
        hidden = [tuple(c for c in h if c != s.turned) for h in s.hands]
        assert seen[f"hand {p}"] == hidden[p] and seen["shown"] == (s.turned,)
        assert all(seen[f"hand {q}"] == len(hidden[q]) for q in range(4) if q != p)
        assert game.observe(s, p) != game.observe(other, p)
        assert all(game.observe(unshown, p)[:12] == game.observe(o, p)[:12] for o in others)
        assert all(game.observe(unshown, p) != game.observe(o, p) for o in others)


def test_the_shown_card_stays_in_view_until_the_dealer_plays_it():
    game, s = position("9♠ A♦|K♠ A♥|6♥ Q♦|7♣ 8♣")       # P3 deals and shows the 7♣
    z = game.zones(s)
    assert z["shown"] == (C("7♣"),) and z["hand 3"] == (C("8♣"),) and z["hand 0"] == parse_cards("9♠ A♦")
    assert z["trick"] == () and z["stock"] == () and z["won 3"] == ()
    s = play_moves(game, s, "9♠ K♠ 6♥ 7♣")
    z = game.zones(s)
    assert z["shown"] == () and z["hand 3"] == (C("8♣"),) and z["won 3"] == parse_cards("9♠ K♠ 6♥ 7♣")


def test_the_state_keeps_the_shown_card_and_the_last_trick_through_play():
    game, s = position("9♠ A♦|K♠ A♥|6♥ Q♦|A♣ 7♣ 8♣")     # P3 deals and shows the A♣; P3 keeps it
    s = play_moves(game, s, "9♠ K♠")
    assert game.to_move(s) == 2 and game.zones(s)["shown"] == (C("A♣"),)
    s = play_moves(game, s, "6♥ 7♣")                      # P3 trumps with the 7♣
    assert s.turned == C("A♣") and game.zones(s)["shown"] == (C("A♣"),) and s.last_winner == 3
    s = play_moves(game, s, "8♣")                         # P3 leads: the last trick stays on record
    assert s.last_winner == 3 and s.last_trick == ((0, C("9♠")), (1, C("K♠")), (2, C("6♥")), (3, C("7♣")))
    assert s.turned == C("A♣") and game.zones(s)["shown"] == (C("A♣"),)


@pytest.mark.parametrize("totals,tie,dealer,winners,returns", [
    ((310, 320, 320, 100), "share", 0, (1, 2), (-2, 2, 2, -2)), ((310, 320, 320, 100), "share", 2, (1, 2), None),
    ((310, 320, 320, 100), "counting_order", 0, (1,), (-1, 3, -1, -1)),
    ((310, 320, 320, 100), "counting_order", 1, (2,), None),    # counting starts on the dealer's left
    ((310, 320, 320, 100), "counting_order", 3, (0,), None),
    ((300, 320, 0, 0), "counting_order", 3, (0,), None),        # "at or over": a total on the target counts
])
def test_the_outcome_follows_the_tie_rule(totals, tie, dealer, winners, returns):
    game, s = position("A♠|10♠|K♠|6♣", rules=Rules(tie=tie), dealer=dealer, match=Match(totals, 10, 300))
    out = game.outcome(s)
    assert out.winners == winners == match_winners(s.match, dealer, tie) and out.scores == totals
    assert returns is None or out.returns == returns


def test_the_points_clause_scores_the_deal_and_the_log():
    tens_only = Table({Rank.TEN: 10})
    with CLAUSES.replaced("kerosinka-points", lambda won, points=tens_only: deal_scores(won, points)):
        game, s = position("A♠|10♠|K♠|6♣")
        s = play_moves(game, s, "A♠ 10♠ K♠ 6♣")
        assert s.match.totals == (0, 0, 0, 10)
        assert game.describe_move(s).startswith("P3 takes A♠ 10♠ K♠ 6♣ (10 points)")
    assert deal_scores(((Card(Rank.ACE, Suit.SPADES),),)) == (11,)  # the clause is back


def test_kerosinka_is_for_four_players_only():
    for n in (3, 5):
        with pytest.raises(VariantError):
            Kerosinka(players=n)
    assert Kerosinka(players=4).players == 4


def test_a_deal_that_always_shows_the_kerosinka_stops_with_the_rule_name():
    from spec.errors import RuleLoop
    from spec.games.kerosinka import deal_hands as dealt

    def shows_it(cards, dealer, per_seat=9):   # the 10♥ always comes last, to the dealer
        return dealt([c for c in cards if c != KEROSINKA] + [KEROSINKA], dealer, per_seat)
    with CLAUSES.replaced("kerosinka-deal", shows_it):
        with pytest.raises(RuleLoop, match="rule kerosinka-trump"):
            Kerosinka(Rules(turned_kerosinka="redeal")).deal(0)

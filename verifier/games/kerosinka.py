"""Kerosinka's own properties: the answering rule and the trick order checked on
every move against the source written out directly, the deal, card points
(z3), the length of a match (z3), and the source's gaps found by search."""

from __future__ import annotations

import dataclasses

import z3

from spec.cards import Card, Rank, format_cards
from spec.dealing import Match, rng_for
import spec.games.kerosinka as rules_module
from spec.games.kerosinka import (
    DECK, DECK_POINTS, HAND_SIZE, KEROSINKA, PLAYERS, Kerosinka, State, deal_hands,
)
from spec.i18n import Msg
from verifier.api import Claim, Root, hunt, invariant, small_configs, z3_claim
from verifier.core import REFUTED, REGISTRY, Budget, Counterexample, Outcome, Scope, finishes_when_sampled
from verifier.z3util import one_hot_constraints, placed, placement_vars, value

GAME = "kerosinka"

#: Where the generic claims of the game's metadata are made: ``zero_sum`` needs matches a sampled game can
#: follow to their end (a very high target ends too, but past the plays a sampled game is followed).
GENERIC_SCOPES = {"zero_sum": finishes_when_sampled(Kerosinka)}

# ------------------------------------------------------ small configurations


@small_configs(GAME)
def small(game):
    """Three cards each from twelve seeded shuffles (the 10♥ dealt in every other one), the
    rest left undealt, the match ending after this one deal: explored completely."""
    roots = []
    for seed in range(12):
        cards = list(DECK)
        rng_for(seed, 99).shuffle(cards)
        if seed % 2 == 0 and KEROSINKA not in cards[:12]:
            i = cards.index(KEROSINKA)
            cards[i], cards[seed] = cards[seed], cards[i]
        dealer = seed % PLAYERS
        hands = deal_hands(cards, dealer, 3)
        turned = hands[dealer][-1]
        if turned == KEROSINKA and game.rules.turned_kerosinka == "redeal":
            continue
        state = game.position([sorted(h, key=str) for h in hands], dealer=dealer, turned=turned, seed=seed,
                              stock=cards[12:], match=Match.start(PLAYERS, target=game.rules.target, max_deals=1))
        roots.append(Root(state, f"small deal {seed} (3 cards each, dealer P{dealer}, shows {turned})"))
    return roots


# ------------------------------------------- the source, written out directly
# Independent of the tricks kit: if the kit or the game's use of it drifts from
# the source, these disagree with the engine.

#: The source's lists, lowest first: plain suits, and hearts (without their ten).
SOURCE_PLAIN = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
SOURCE_HEARTS = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


def source_allows(card: Card, hand: tuple[Card, ...], laid: Card, trump, rules) -> bool:
    """May ``card`` be played from ``hand`` onto ``laid``, as the source words it?"""
    def is_trump(c):
        return c == KEROSINKA or c.suit == trump
    if laid == KEROSINKA:
        answers = [c for c in hand if c.rank == Rank.TEN]
    else:
        answers = [c for c in hand if (c != KEROSINKA and c.suit == laid.suit)
                   or (c == KEROSINKA and laid.suit == trump)
                   or (c.rank == laid.rank and (c != KEROSINKA or rules.kerosinka_is_a_ten))]
    if answers:
        return card in answers
    trumps = [c for c in hand if is_trump(c)]
    return card in trumps if trumps else True


def source_strength(card: Card, led: Card, trump) -> tuple:
    """How strong ``card`` is in a trick led by ``led``: the 10♥, then trumps, then the suit led."""
    if card == KEROSINKA:
        return (3, 0)
    ranks = SOURCE_HEARTS if card.suit.value == "h" else SOURCE_PLAIN
    if card.suit == trump:
        return (2, ranks.index(card.rank))
    if led != KEROSINKA and card.suit == led.suit:
        return (1, ranks.index(card.rank))
    return (0, 0)


def _tricks_to_check(state: State):
    """The trick in progress and, right after it was taken in the same deal, the last trick."""
    out = [state.trick] if len(state.trick) > 1 else []
    if not state.trick and state.last_trick and any(state.won):
        out.append(state.last_trick)
    return out


@invariant(Kerosinka, "answers_as_source", title="The cards offered, and every card played, answer the card laid "
           "as the source says: its suit or rank, else a trump (a ten or a trump when the 10♥ is laid)",
           clauses=["kerosinka-hold", "kerosinka-lead", "kerosinka-follow", "kerosinka-ten-led"], presets=True)
def answers_as_source(game, state):
    if state.trick and not state.match.over:  # the cards offered now: exactly those the source allows
        p = state.to_move
        laid = state.trick[0][1] if game.rules.answer_to == "led" else state.trick[-1][1]
        hand = state.hands[p]
        want = {c for c in hand if source_allows(c, hand, laid, state.trump, game.rules)}
        offered = {m.card for m in game.legal_moves(state)}
        if offered != want:
            return (f"P{p} holds {format_cards(hand)} on {format_cards(c for _, c in state.trick)} (trumps "
                    f"{state.trump.symbol}): offered {format_cards(sorted(offered, key=str))}, the source allows "
                    f"{format_cards(sorted(want, key=str))}")
    for trick in _tricks_to_check(state):
        for i in range(1, len(trick)):
            p, card = trick[i]
            laid = trick[0][1] if game.rules.answer_to == "led" else trick[i - 1][1]
            hand = state.hands[p] + (card,)  # each player plays once a trick: their hand before it
            if not source_allows(card, hand, laid, state.trump, game.rules):
                return (f"P{p} played {card} onto {laid} from {format_cards(sorted(hand, key=str))} "
                        f"(trumps {state.trump.symbol}), which the source does not allow")
    return None


@invariant(Kerosinka, "trick_taker", title="Each trick is taken by the 10♥, else the highest trump, else the "
           "highest card of the suit led (the source's rank lists), who leads next",
           clauses=["kerosinka-trick", "kerosinka-kerosinka"], presets=True)
def trick_taker(game, state):
    if state.trick or not state.last_trick or not any(state.won):
        return None
    trick = state.last_trick
    led = trick[0][1]
    best = max(trick, key=lambda pc: source_strength(pc[1], led, state.trump))[0]
    if state.last_winner != best:
        return (f"trick {format_cards(c for _, c in trick)} (trumps {state.trump.symbol}) went to "
                f"P{state.last_winner}, the source gives it to P{best}")
    if state.won[best][-PLAYERS:] != tuple(c for _, c in trick):
        return f"P{best} took the trick {format_cards(c for _, c in trick)} but does not hold it"
    if state.hands[best] and state.to_move != best:
        return f"P{best} took the trick but P{state.to_move} leads the next"
    return None


@invariant(Kerosinka, "deal_start", title="Each deal: nine cards each, the dealer's last card shown and its "
           "suit trumps, the dealer's left leads; the deal passes to the left",
           clauses=["kerosinka-deal", "kerosinka-trump", "kerosinka-first-lead", "kerosinka-dealer"],
           presets=True)
def deal_start(game, state):
    if state.stock or any(state.won) or state.trick or state.match.over:
        return None
    if any(len(h) != HAND_SIZE for h in state.hands):
        return f"hands of {[len(h) for h in state.hands]} cards at the start of a deal"
    if state.turned not in state.hands[state.dealer]:
        return f"the shown card {state.turned} is not in the dealer P{state.dealer}'s hand"
    if state.trump != state.turned.suit:
        return f"{state.turned} is shown but trumps are {state.trump.symbol}"
    if state.turned == KEROSINKA and game.rules.turned_kerosinka == "redeal":
        return "the 10♥ is shown although such a deal is dealt again"
    if state.to_move != (state.dealer + 1) % PLAYERS:
        return f"P{state.to_move} leads, not P{(state.dealer + 1) % PLAYERS} on the dealer's left"
    first = rng_for(state.seed).randrange(PLAYERS)  # the lot
    if state.dealer != (first + state.match.deals) % PLAYERS:
        return f"P{state.dealer} deals deal {state.match.deals + 1}; the first dealer was P{first}"
    return None


@invariant(Kerosinka, "points_conserved", title="The cards' points add up to 120 at every step, and each deal "
           "adds exactly 120 to the match totals", clauses=["kerosinka-points", "kerosinka-players"])
def points_conserved(game, state):
    pts = sum(rules_module.deal_scores(tuple(game.zones(state).values())))
    if pts != DECK_POINTS:
        return f"the cards in play are worth {pts}, not {DECK_POINTS}"
    if not state.stock and sum(state.match.totals) != DECK_POINTS * state.match.deals:
        return (f"after {state.match.deals} deals the totals {' '.join(map(str, state.match.totals))} "
                f"add up to {sum(state.match.totals)}, not {DECK_POINTS * state.match.deals}")
    return None


# --------------------------------------------------------------------- z3

PLACES = [f"hand {p}" for p in range(PLAYERS)] + ["trick"] + [f"won {p}" for p in range(PLAYERS)]


@z3_claim(Kerosinka, "deck_points", title="However the 36 cards lie (hands, trick, taken cards), they are worth "
          "120, and a deal's scores add up to 120", clauses=["kerosinka-points"], each=False)
def deck_points(game, s):
    at = placement_vars("at", len(DECK), len(PLACES))
    pts = [rules_module.deal_scores(((c,),))[0] for c in DECK]  # each card's points, by the clause
    per_place = [z3.Sum([row[k] * pts[i] for i, row in enumerate(at)]) for k in range(len(PLACES))]
    s.add(*one_hot_constraints(at))
    won = per_place[PLAYERS + 1:]
    all_taken = z3.And(*[row[k] == 0 for row in at for k in range(PLAYERS + 1)])
    s.add(z3.Or(z3.Sum(per_place) != DECK_POINTS, z3.And(all_taken, z3.Sum(won) != DECK_POINTS)))

    def refute(model):
        where = placed(model, at)
        deal = {PLACES[k]: format_cards(c for c, w in zip(DECK, where) if w == k) for k in range(len(PLACES))}
        total = sum(value(model, x) for x in per_place)
        return Counterexample(f"the cards are worth {total}, not {DECK_POINTS}: "
                              + "; ".join(f"{k}: {v or '-'}" for k, v in deal.items()), deal=deal)
    return Claim(Msg("every placement of the 36 cards among four hands, the trick and four piles of taken cards "
                     "holds 120 points, and a deal's scores add up to 120"), refute)


def _match_model(s, deals: int, target: int):
    """The totals after ``deals`` deals of 120 points each: non-negative and adding up to 120 a deal.
    Only the totals matter, and any such totals come from some deals (fill the deals in turn from each
    player's total), so the model has one number a player, not one a deal: a match to 100,000 (3,334
    deals) is then as quick to decide as one to 300."""
    totals = [z3.Int(f"total_{p}") for p in range(PLAYERS)]
    s.add(*[t >= 0 for t in totals], z3.Sum(totals) == DECK_POINTS * deals)
    return totals


@z3_claim(Kerosinka, "match_ends", title="Every match ends: after the game's deal limit (10 deals to 300, 17 to "
          "500) some player has reached the target", clauses=["kerosinka-target", "kerosinka-points"])
def match_ends(game, s):
    target, deals = game.rules.target, game.deal_limit()
    totals = _match_model(s, deals, target)
    s.add(*[t < target for t in totals])

    def refute(model):
        tot = [value(model, t) for t in totals]
        return Counterexample(f"{deals} deals of {DECK_POINTS} points can leave totals {tot}, all under {target}",
                              deal={"totals": " ".join(map(str, tot))})
    return Claim(Msg("target {target}: whatever each deal's 120 points go to, someone has {target} after "
                     "{deals} deals, so a match is at most {plays} plays", target=target, deals=deals,
                     plays=deals * PLAYERS * HAND_SIZE), refute)


@z3_claim(Kerosinka, "match_can_last_the_limit", title="The deal limit cannot be lowered: one deal fewer can "
          "leave every total under the target (an even split of the points)",
          clauses=["kerosinka-target"], expected=REFUTED, applies=lambda games: any(g.deal_limit() > 1 for g in games))
def match_can_last_the_limit(game, s):
    target, deals = game.rules.target, game.deal_limit() - 1
    if deals < 1:
        return None
    totals = _match_model(s, deals, target)
    s.add(*[t < target for t in totals])  # the claim's negation: nobody reaches the target sooner

    def refute(model):
        tot = [value(model, t) for t in totals]
        return Counterexample(f"target {target}: after {deals} deals the totals can be {tot}, all under the "
                              "target, so the match goes on", deal={"totals": " ".join(map(str, tot))})
    return Claim(Msg("target {target}: every match ends within {deals} deals", target=target, deals=deals), refute)


# ------------------------------------------------------------- witness hunts

#: The highest target at which the witness hunt is claimed to find two players over it together: the
#: source's usual 300 and 500. Longer matches spread the totals apart (and run past the hunt's 5,000
#: plays from about 4,000 points): at 3,000, 400 random matches show no such deal.
HUNTED_TARGET = 500

#: Where the hunt for two players over the target settles: matches short enough to be played out.
MATCH_PLAYED_OUT = Scope("target at most 500, the source's usual targets",
                         lambda rules, n: rules.target <= HUNTED_TARGET)

#: Where the dealer can show the 10♥: a deal that shows it is not dealt again.
SHOWN_STAYS = Scope('turned_kerosinka = "hearts"', lambda rules, n: rules.turned_kerosinka == "hearts")


@REGISTRY.property(GAME, "one_player_reaches_target", title="Only one player reaches the target in the deal "
                   "that ends the match (so 'the first to reach it' names one winner)",
                   clauses=["kerosinka-target"], method="search", expected=REFUTED, budget={"examples": 400},
                   scope=MATCH_PLAYED_OUT)
def one_player_reaches_target(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        m = state.match
        over = [p for p, t in enumerate(m.totals) if m.target is not None and t >= m.target]
        if m.over and len(over) > 1:
            return (f"the match ends with P{' and P'.join(map(str, over))} each at or over {m.target} "
                    f"(totals {' '.join(map(str, m.totals))})")
        return None
    return hunt(games, budget, found, Msg("match ending with two players over the target"))


@REGISTRY.property(GAME, "shown_card_names_a_suit", title="The dealer's shown card always names a trump suit "
                   "of its own (it is never the 10♥, which belongs to no suit)",
                   clauses=["kerosinka-trump", "kerosinka-kerosinka"], method="search", expected=REFUTED,
                   budget={"examples": 200}, scope=SHOWN_STAYS)
def shown_card_names_a_suit(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if state.turned == KEROSINKA and not state.trick and not any(state.won):
            return f"P{state.dealer} deals and shows the 10♥; the source does not say what is trumps"
        return None
    return hunt(games, budget, found, Msg("deal showing the 10♥"))


def _readings(field: str, other):
    def differ(game, trace, state):
        if len(state.trick) == 0 or state.match.over:
            return None
        alt = type(game)(dataclasses.replace(game.rules, **{field: other(getattr(game.rules, field))}),
                         players=game.players)
        mine, theirs = game.legal_moves(state), alt.legal_moves(state)
        if set(mine) != set(theirs):
            laid = format_cards(c for _, c in state.trick)
            return (f"P{state.to_move} holds {format_cards(state.hands[state.to_move])} on {laid} "
                    f"(trumps {state.trump.symbol}): {field}={getattr(game.rules, field)!r} allows "
                    f"{' '.join(map(str, mine))}, {field}={getattr(alt.rules, field)!r} allows "
                    f"{' '.join(map(str, theirs))}")
        return None
    return differ


@REGISTRY.property(GAME, "answer_readings_agree", title="Answering the card led and answering the card just "
                   "played allow the same cards", clauses=["kerosinka-follow"], method="search",
                   expected=REFUTED, budget={"examples": 50})
def answer_readings_agree(games, budget: Budget) -> Outcome:
    flip = {"led": "previous", "previous": "led"}
    return hunt(games, budget, _readings("answer_to", flip.__getitem__), Msg("position where the readings differ"))


@REGISTRY.property(GAME, "kerosinka_ten_readings_agree", title="Whether or not the 10♥ answers a ten led, the "
                   "same cards are allowed", clauses=["kerosinka-follow", "kerosinka-kerosinka"],
                   method="search", expected=REFUTED, budget={"examples": 200})
def kerosinka_ten_readings_agree(games, budget: Budget) -> Outcome:
    return hunt(games, budget, _readings("kerosinka_is_a_ten", lambda v: not v),
                 Msg("position where the readings differ"))

"""California Jack's own properties: following, the trick order and the draws from
the face-up stock checked on every move against the source written out directly,
game points and deal points (z3), the length of a match (z3), and the source's
gaps found by search."""

from __future__ import annotations


import z3

from spec.cards import Card, Rank, format_cards
from spec.dealing import Match, rng_for
import spec.games.california_jack as rules_module
from spec.games.california_jack import (
    DECK, DECK_GAME_POINTS, HAND_SIZE, PLAYERS, CaliforniaJack, deal_cards,
)
from spec.i18n import Msg
from verifier.api import Claim, Root, hunt, invariant, small_configs, z3_claim
from verifier.core import REFUTED, REGISTRY, Budget, Counterexample, Outcome, Scope, finishes_when_sampled
from verifier.z3util import value

GAME = "california_jack"

#: Where the generic claims of the game's metadata are made: ``zero_sum`` needs matches a sampled game can
#: follow to their end (a very high target ends too, but past the plays a sampled game is followed).
GENERIC_SCOPES = {"zero_sum": finishes_when_sampled(CaliforniaJack)}


@small_configs(GAME)
def small(game):
    """Two cards each and a stock of two (one draw) from twelve seeded shuffles, the rest set
    aside, the match ending after this deal: explored completely."""
    roots = []
    for seed in range(12):
        cards = list(DECK)
        rng_for(seed, 55).shuffle(cards)
        dealer = seed % PLAYERS
        hands = (tuple(cards[0:2]), tuple(cards[2:4]))
        stock = tuple(cards[4:6])
        state = game.position([sorted(h, key=str) for h in hands], stock=stock, dealer=dealer, out=cards[6:],
                              match=Match.start(PLAYERS, target=game.rules.target, max_deals=1), seed=seed)
        roots.append(Root(state, f"small deal {seed} (2 cards each, stock {format_cards(stock)})"))
    return roots


# ------------------------------------------- the source, written out directly

SOURCE_RANKS = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
                Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TEN)


def source_allows(card: Card, hand, led: Card, trump) -> bool:
    ok = [c for c in hand if c.suit == led.suit or c.suit == trump]
    return card in ok if ok else True


def source_strength(card: Card, led: Card, trump) -> tuple:
    if card.suit == trump:
        return (2, SOURCE_RANKS.index(card.rank))
    if card.suit == led.suit:
        return (1, SOURCE_RANKS.index(card.rank))
    return (0, 0)


@invariant(CaliforniaJack, "follows_as_source", title="The cards offered, and the second card played, follow suit or "
           "trump when the hand holds either", clauses=["california-jack-hold", "california-jack-follow"], presets=True)
def follows_as_source(game, state):
    if state.trick and not game.is_over(state):  # the cards offered now: exactly those the source allows
        led, hand = state.trick[0][1], state.hands[state.to_move]
        want = {c for c in hand if source_allows(c, hand, led, state.trump)}
        offered = {m.card for m in game.legal_moves(state)}
        if offered != want:
            return (f"P{state.to_move} holds {format_cards(hand)} on {led} (trumps {state.trump.symbol}): offered "
                    f"{format_cards(sorted(offered, key=str))}, the source allows {format_cards(sorted(want, key=str))}")
    if state.trick or not state.last_trick or not any(state.won):
        return None
    (_, led), (p, card) = state.last_trick
    hand = state.hands[p] + (card,)
    if state.last_draw:  # the card drawn after the trick was not yet held
        got = state.last_draw[0] if p == state.last_winner else state.last_draw[1]
        hand = tuple(c for c in hand if c != got)
    if not source_allows(card, hand, led, state.trump):
        return (f"P{p} played {card} on {led} (trumps {state.trump.symbol}) from "
                f"{format_cards(sorted(hand, key=str))}")
    return None


@invariant(CaliforniaJack, "trick_taker", title="Each trick goes to the highest trump, else the highest card of the "
           "suit led, by 2 ... 9 J Q K A 10; the taker leads next",
           clauses=["california-jack-order", "california-jack-trick", "california-jack-first-lead"], presets=True)
def trick_taker(game, state):
    if state.trick or not state.last_trick or not any(state.won):
        return None
    trick = state.last_trick
    led = trick[0][1]
    best = max(trick, key=lambda pc: source_strength(pc[1], led, state.trump))[0]
    if state.last_winner != best:
        return (f"trick {format_cards(c for _, c in trick)} (trumps {state.trump.symbol}) went to "
                f"P{state.last_winner}, the source gives it to P{best}")
    if state.hands[best] and state.to_move != best and not game.is_over(state):
        return f"P{best} took the trick but P{state.to_move} leads the next"
    return None


def original_stock(game, state) -> tuple[Card, ...]:
    cards = list(DECK)
    rng_for(state.seed, state.match.deals).shuffle(cards)
    return deal_cards(cards, state.dealer, game.rules.deal_batch)[1]


@invariant(CaliforniaJack, "draws_as_source", title="After each trick the taker draws the face-up top card of the "
           "stock and the other player the next; hands stay at six while the stock lasts",
           clauses=["california-jack-draw", "california-jack-deal"], presets=True)
def draws_as_source(game, state):
    if state.out or state.trick or game.is_over(state):
        return None
    t = sum(len(w) for w in state.won) // PLAYERS
    stock0 = original_stock(game, state)
    if state.stock != stock0[2 * t:]:
        return f"after {t} tricks the stock is {format_cards(state.stock[:4])} ..., not the shuffle's order"
    if t and 2 * t <= len(stock0):
        w = state.last_winner
        if stock0[2 * t - 2] not in state.drawn[w] or stock0[2 * t - 1] not in state.drawn[1 - w]:
            return (f"P{w} took the trick; the top card was {stock0[2 * t - 2]} and the next {stock0[2 * t - 1]}, "
                    f"but P{w} drew {format_cards(state.drawn[w][-1:])}")
    if state.stock and any(len(h) != HAND_SIZE for h in state.hands):
        return f"hands of {[len(h) for h in state.hands]} cards while the stock lasts"
    return None


@invariant(CaliforniaJack, "deal_start", title="Each deal: six cards each, the stock's top card names trumps, the "
           "dealer leads; the players deal in turn", clauses=["california-jack-deal", "california-jack-dealer",
                                                                "california-jack-first-lead"], presets=True)
def deal_start(game, state):
    if state.out or any(state.won) or state.trick or game.is_over(state):
        return None
    if any(len(h) != HAND_SIZE for h in state.hands) or len(state.stock) != 40:
        return f"hands of {[len(h) for h in state.hands]} cards and a stock of {len(state.stock)} at a deal's start"
    if state.trump != state.stock[0].suit:
        return f"the stock's top card is {state.stock[0]}, but trumps are {state.trump.symbol}"
    if state.to_move != state.dealer:
        return f"P{state.to_move} leads, not the dealer P{state.dealer}"
    first = rng_for(state.seed).randrange(PLAYERS)
    if state.dealer != (first + state.match.deals) % PLAYERS:
        return f"P{state.dealer} deals deal {state.match.deals + 1}; the first dealer was P{first}"
    return None


@invariant(CaliforniaJack, "deal_points_range", title="Each finished deal adds 3 or 4 points to the totals (the "
           "trump ace, two and jack, and game unless tied)", clauses=["california-jack-points"])
def deal_points_range(game, state):
    if state.out:
        return None
    total, deals = sum(state.match.totals), state.match.deals
    if not 3 * deals <= total <= 4 * deals:
        return f"after {deals} deals the totals {' '.join(map(str, state.match.totals))} add up to {total}"
    return None


# --------------------------------------------------------------------- z3

@z3_claim(CaliforniaJack, "deck_points", title="The pack holds 80 game points, and every deal scores 3 or 4 points "
          "(the trump ace, two and jack are always taken; game unless the game points tie)",
          clauses=["california-jack-game-points", "california-jack-points"], each=False)
def deck_points(game, s):
    vals = [rules_module.game_points((c,)) for c in DECK]  # each card's game points, by the clause
    mine = [z3.Bool(f"p0_{i}") for i in range(len(DECK))]   # taken by P0, else by P1
    trump = z3.Int("trump")
    s.add(trump >= 0, trump < 4)
    g0 = z3.Sum([z3.If(b, v, 0) for b, v in zip(mine, vals)])
    total = sum(vals)
    tied_game = 1 if game.rules.game_tie == "non_dealer" else 0   # who scores game when the game points tie
    deal = 3 + z3.If(2 * g0 == total, tied_game, 1)  # three trump cards are always taken by someone
    s.add(z3.Or(total != DECK_GAME_POINTS, deal < 3, deal > 4, z3.And(2 * g0 == total, total % 2 == 1)))

    def refute(model):
        won = format_cards(c for c, b in zip(DECK, mine) if value(model, b))
        return Counterexample(f"pack worth {total} game points; P0 took {won}", deal={"won 0": won})
    if game.rules.game_tie == "non_dealer":
        return Claim(Msg("the pack holds 80 game points; a deal scores the three trump cards plus game and game "
                         "even then"), refute)
    return Claim(Msg("the pack holds 80 game points; a deal scores the three trump cards plus game unless the "
                     "game points tie at 40"), refute)


def least_points(rules) -> int:
    """The fewest points a deal gives under ``rules``, restated: the trump ace, two and jack always go to
    someone, and game too unless tied game points give it to nobody (``game_tie = "nobody"``)."""
    return 3 + (rules.game_tie != "nobody")


def _match_model(s, deals, rules):
    got = [[z3.Int(f"d{d}_p{p}") for p in range(PLAYERS)] for d in range(deals)]
    for row in got:
        s.add(*[x >= 0 for x in row], z3.Sum(row) >= least_points(rules), z3.Sum(row) <= 4)
    return got, [z3.Sum([got[d][p] for d in range(deals)]) for p in range(PLAYERS)]


@z3_claim(CaliforniaJack, "match_ends", title="Every match ends: after the deal limit (7 deals to 10 points) "
          "someone has reached the target", clauses=["california-jack-target", "california-jack-points"])
def match_ends(game, s):
    target, deals = game.rules.target, game.deal_limit()
    got, totals = _match_model(s, deals, game.rules)
    s.add(*[t < target for t in totals])

    def refute(model):
        tot = [value(model, t) for t in totals]
        return Counterexample(f"{deals} deals leave totals {tot}, under {target}", deal={"totals": str(tot)})
    return Claim(Msg("target {target}: with {least} to 4 points a deal, someone has {target} after {deals} deals "
                     "({plays} plays)", target=target, least=least_points(game.rules), deals=deals,
                     plays=deals * len(DECK)), refute)


@z3_claim(CaliforniaJack, "match_can_last_the_limit", title="The deal limit cannot be lowered: one deal fewer "
          "can leave both totals under the target", clauses=["california-jack-target"], expected=REFUTED,
          applies=lambda games: any(g.deal_limit() > 1 for g in games))
def match_can_last_the_limit(game, s):
    target, deals = game.rules.target, game.deal_limit() - 1
    if deals < 1:
        return None
    got, totals = _match_model(s, deals, game.rules)
    s.add(*[t < target for t in totals])

    def refute(model):
        tot = [value(model, t) for t in totals]
        return Counterexample(f"target {target}: after {deals} deals the totals can be {tot}, both under it",
                              deal={"totals": str(tot)})
    return Claim(Msg("target {target}: every match ends within {deals} deals", target=target, deals=deals), refute)


# ------------------------------------------------------------- witness hunts

#: The plays a witness hunt follows one random game for (the default budget's ``max_plays``).
HUNT_PLAYS = Budget().max_plays

#: Where the hunts settle: they look at the match's last deal, so a whole match must fit in the plays the
#: hunt follows (targets up to 144 at 3 points a deal).
MATCH_FITS = Scope("a match fits in the search's 5,000 plays (target at most 144, or 192 with game_tie = non_dealer)",
                   lambda rules, n: CaliforniaJack(rules).max_plays() <= HUNT_PLAYS)

@REGISTRY.property(GAME, "game_point_decided", title="Every deal's game point goes to someone (the game points "
                   "never tie at 40)", clauses=["california-jack-game-points", "california-jack-points"],
                   method="search", expected=REFUTED,
                   budget={"examples": 300}, scope=MATCH_FITS)
def game_point_decided(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if state.trick or not any(state.won):
            return None
        if sum(len(w) for w in state.won) == len(DECK) - len(state.out):
            g = [rules_module.game_points(w) for w in state.won]
            if g[0] == g[1]:
                return f"the deal ends with game points {g[0]} to {g[1]}: nobody takes game"
        return None
    return hunt(games, budget, found, Msg("tie on game points"))


@REGISTRY.property(GAME, "one_player_reaches_target", title="The deal that ends the match takes only one player "
                   "to the target", clauses=["california-jack-target"], method="search", expected=REFUTED,
                   budget={"examples": 300}, scope=MATCH_FITS)
def one_player_reaches_target(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if game.is_over(state) and all(t >= game.rules.target for t in state.match.totals):
            return (f"both players reach {game.rules.target} in the last deal (totals "
                    f"{' '.join(map(str, state.match.totals))}); counting order names P{state.winners[0]}"
                    if len(state.winners) == 1 else "both reach the target")
        return None
    return hunt(games, budget, found, Msg("deal taking both players to the target"))

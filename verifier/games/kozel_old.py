"""Old Kozel's own properties: following and the jack hierarchy checked on every
move against the source written out directly, the deal in halves, card points
per half (z3), the tally's payments, and how long a match can last."""

from __future__ import annotations

import random
import statistics

import z3

from spec.cards import Card, Rank, Suit, format_cards
from spec.dealing import deal_round_robin, rng_for, seats_from
import spec.games.kozel_old as rules_module
from spec.games.kozel_old import (
    DECK, DECK_POINTS, HALF, HAND_SIZE, JACKS, PLAYERS, TALLY, KozelOld,
)
from spec.i18n import Msg
from spec.stakes import player_account
from verifier.api import Claim, Root, invariant, sample_unit, small_configs, walk, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier.z3util import value

GAME = "kozel_old"


@small_configs(GAME)
def small(game):
    """Two cards each from twelve seeded shuffles (a jack dealt in each), the match stopping after
    this half: explored completely."""
    roots = []
    for seed in range(12):
        cards = list(DECK)
        rng_for(seed, 77).shuffle(cards)
        jack = JACKS[seed % 4]
        i = cards.index(jack)
        cards[i], cards[seed % 8] = cards[seed % 8], cards[i]
        dealer = seed % PLAYERS
        hands = deal_round_robin(cards[:8], seats_from((dealer + 1) % PLAYERS, PLAYERS), 2)
        turned = hands[dealer][-1]
        state = game.position([sorted(h, key=str) for h in hands], dealer=dealer, turned=turned, stock=cards[8:],
                              seed=seed, stop_after_half=True)
        roots.append(Root(state, f"small half {seed} (2 cards each, dealer P{dealer}, trump card {turned})"))
    return roots


#: Deals of a match that a sampled game plays.
SAMPLED_DEALS = 8


@sample_unit(GAME, Msg("a match up to the end of its deal {deals}", deals=SAMPLED_DEALS))
def first_deals(game, state) -> bool:
    """A random match runs thousands of plays (matches_end: 2,288 to 8,208), and the 5,000-play cap cut
    half of them short anyway: the walked properties and invariants check the first eight deals of
    each sampled match instead, twice round the four dealers, and 60 such matches cost what three
    whole ones did. The match's end is checked by matches_end and the goat's own properties."""
    return state.deals >= SAMPLED_DEALS


# ------------------------------------------- the source, written out directly

SOURCE_ORDER = {"points": (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE),
                "natural": (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE)}
#: The source's jacks, highest first.
SOURCE_JACKS = (Card(Rank.JACK, Suit.CLUBS), Card(Rank.JACK, Suit.SPADES), Card(Rank.JACK, Suit.HEARTS),
                Card(Rank.JACK, Suit.DIAMONDS))


def source_suit(card: Card, trump) -> Suit:
    return trump if card.rank == Rank.JACK else card.suit


def source_allows(card: Card, hand, led: Card, trump, follow: str) -> bool:
    if follow == "free":
        return True
    same = [c for c in hand if source_suit(c, trump) == source_suit(led, trump)]
    return card in same if same else True


def source_strength(card: Card, led: Card, trump, order: str) -> tuple:
    if card.rank == Rank.JACK:
        return (3, -SOURCE_JACKS.index(card))
    if card.suit == trump:
        return (2, SOURCE_ORDER[order].index(card.rank))
    if card.suit == source_suit(led, trump):
        return (1, SOURCE_ORDER[order].index(card.rank))
    return (0, 0)


def _tricks_to_check(state):
    out = [state.trick] if len(state.trick) > 1 else []
    if not state.trick and state.last_trick and any(state.won):
        out.append(state.last_trick)
    return out


@invariant(KozelOld, "follows_as_source", title="The cards offered, and every card played, follow suit when the "
           "hand can (the jacks count as trumps), or under free play are any card", clauses=["kozel-old-hold", "kozel-old-follow"], presets=True)
def follows_as_source(game, state):
    if state.trick and not game.is_over(state):  # the cards offered now: exactly those the source allows
        p, led, hand = state.to_move, state.trick[0][1], state.hands[state.to_move]
        want = {c for c in hand if source_allows(c, hand, led, state.trump, game.rules.follow)}
        offered = {m.card for m in game.legal_moves(state)}
        if offered != want:
            return (f"P{p} holds {format_cards(hand)} on {led} (trumps {state.trump.symbol}): offered "
                    f"{format_cards(sorted(offered, key=str))}, the source allows {format_cards(sorted(want, key=str))}")
    for trick in _tricks_to_check(state):
        led = trick[0][1]
        for p, card in trick[1:]:
            hand = state.hands[p] + (card,)
            if not source_allows(card, hand, led, state.trump, game.rules.follow):
                return (f"P{p} played {card} on {led} from {format_cards(sorted(hand, key=str))} "
                        f"(trumps {state.trump.symbol}) without following")
    return None


@invariant(KozelOld, "trick_taker", title="Each trick goes to the highest jack (♣ ♠ ♥ ♦), else the highest trump, "
           "else the highest card of the suit led; the taker leads next",
           clauses=["kozel-old-jacks", "kozel-old-trick", "kozel-old-first-lead"], presets=True)
def trick_taker(game, state):
    if state.trick or not state.last_trick or not any(state.won):
        return None
    trick = state.last_trick
    led = trick[0][1]
    best = max(trick, key=lambda pc: source_strength(pc[1], led, state.trump, game.rules.order))[0]
    if state.last_winner != best:
        return (f"trick {format_cards(c for _, c in trick)} (trumps {state.trump.symbol}) went to "
                f"P{state.last_winner}, the source gives it to P{best}")
    if state.hands[best] and state.to_move != best:
        return f"P{best} took the trick but P{state.to_move} leads the next"
    return None


@invariant(KozelOld, "deal_start", title="Each half: four cards each; in the first the dealer holds the shown "
           "trump card and the dealer's left leads; the deal passes to the left",
           clauses=["kozel-old-halves", "kozel-old-dealer", "kozel-old-first-lead"], presets=True)
def deal_start(game, state):
    if state.stop_after_half or any(state.won) or state.trick or game.is_over(state):
        return None
    if any(len(h) != HAND_SIZE for h in state.hands):
        return f"hands of {[len(h) for h in state.hands]} cards at the start of a half"
    if state.to_move != (state.dealer + 1) % PLAYERS:
        return f"P{state.to_move} leads, not P{(state.dealer + 1) % PLAYERS} on the dealer's left"
    first = rng_for(state.seed).randrange(PLAYERS)
    if state.dealer != (first + state.deals) % PLAYERS:
        return f"P{state.dealer} deals deal {state.deals + 1}; the first dealer was P{first}"
    if state.half == 0:
        if state.turned not in state.hands[state.dealer] or state.trump != state.turned.suit:
            return f"trump card {state.turned}, trumps {state.trump.symbol}, dealer P{state.dealer}'s hand " \
                   f"{format_cards(state.hands[state.dealer])}"
        if len(state.stock) != HALF:
            return f"{len(state.stock)} cards wait for the second half, not {HALF}"
    elif state.stock:
        return "cards left over after the second half is dealt"
    return None


@invariant(KozelOld, "tally_as_source", title="Each tally is 12 plus what its owner has taken, less what others "
           "have taken from them", clauses=["kozel-old-tally"])
def tally_as_source(game, state):
    for p in range(PLAYERS):
        got = sum(state.taken[p * PLAYERS + q] for q in range(PLAYERS))
        lost = sum(state.taken[q * PLAYERS + p] for q in range(PLAYERS))
        if state.tally[player_account(p)] != TALLY + got - lost:
            return f"P{p}'s tally is {state.tally[player_account(p)]}, not 12 + {got} - {lost}"
    return None


@REGISTRY.property(GAME, "payments_table", title="A game's winner takes 2 from each player and 1 from the "
                   "dealer: 5 in all, or 6 when the dealer wins; nothing is created", clauses=["kozel-old-tally"],
                   method="exhaustive")
def payments_table(games, budget: Budget) -> Outcome:
    for winner in range(PLAYERS):
        for dealer in range(PLAYERS):
            pays = dict(rules_module.payments(winner, dealer))
            want = {p: (1 if p == dealer else 2) for p in range(PLAYERS) if p != winner}
            if pays != want:
                return Outcome(REFUTED, "", Counterexample(
                    f"winner P{winner}, dealer P{dealer}: payments {pays}, the source says {want}",
                    deal={"winner": f"P{winner}", "dealer": f"P{dealer}"}))
    return Outcome(HOLDS, Msg("every winner and dealer (16 cases)"))


# --------------------------------------------------------------------- z3

def card_values() -> list[int]:
    """Each card's points, by the points clause."""
    return [rules_module.card_points(((c,),))[0] for c in DECK]


def game_cards(rules) -> int:
    """The cards one game is counted over: a half, or under ``count = "both"`` the whole pack."""
    return 2 * HALF if rules.count == "both" else HALF


def fewest_points(rules) -> int:
    """The fewest points a game's cards can hold (8 in a half: the twelve empty cards and the four jacks)."""
    return sum(sorted(card_values())[:game_cards(rules)])


def most_points(rules) -> int:
    """The most points a game's cards can hold (112 in a half, the pack's 120 over both)."""
    return sum(sorted(card_values(), reverse=True)[:game_cards(rules)])


#: Where a half can hold too few points for anyone to win: the threshold is above the fewest a half holds.
HALF_CAN_FALL_SHORT = Scope("winning_points above 8, the fewest points a half can hold",
                            lambda rules, n: rules.winning_points > fewest_points(rules))

#: Where two players cannot both reach the threshold: twice it is more than the game's cards can hold.
ONE_CAN_WIN = Scope("2 × winning_points above the most a game's cards hold (112 in a half, 120 over both)",
                    lambda rules, n: 2 * rules.winning_points > most_points(rules))

#: Where random matches are known to end within the search's reach: above 80 points a game is won so
#: rarely that a match can outrun 500,000 plays (and above what a game holds, never).
MATCHES_DECIDED = Scope("winning_points at most 80", lambda rules, n: rules.winning_points <= 80)

#: Where the generic claims of the game's metadata are made: ``zero_sum`` (every finished match's returns sum
#: to 0) needs matches that finish in the sampled plays, as ``matches_end`` does.
GENERIC_SCOPES = {"zero_sum": MATCHES_DECIDED}

#: Where a random deal can leave everyone short: from 30 points a half or a deal often has no winner.
DEALS_CAN_PASS = Scope("winning_points at least 30", lambda rules, n: rules.winning_points >= 30)

#: A match that has gone this many deals without a single payment is given up (no game is being won).
STALL_DEALS = 1000


def stalled(state) -> bool:
    """Whether a match has played :data:`STALL_DEALS` deals and nobody has taken anything yet."""
    return state.deals >= STALL_DEALS and not any(state.taken)


def _half_model(s, tag):
    """Which cards make up a half (16 of the 32), and its points."""
    inh = [z3.Bool(f"{tag}_{i}") for i in range(len(DECK))]
    s.add(z3.Sum([z3.If(b, 1, 0) for b in inh]) == HALF)
    pts = z3.Sum([z3.If(b, v, 0) for b, v in zip(inh, card_values())])
    return inh, pts


@z3_claim(KozelOld, "deck_points", title="The pack is worth 120, and however it is split, a half holds between 8 "
          "and 112 points", clauses=["kozel-old-points", "kozel-old-halves"], each=False)
def deck_points(game, s):
    inh, pts = _half_model(s, "h")
    total = sum(card_values())
    s.add(z3.Or(total != DECK_POINTS, pts < 8, pts > 112))

    def refute(model):
        half = [c for b, c in zip(inh, DECK) if value(model, b)]
        return Counterexample(f"pack {total} points; half {format_cards(half)} holds {value(model, pts)}",
                              deal={"half": format_cards(half)})
    return Claim(Msg("the pack is worth 120; any 16 cards hold 8 to 112 points"), refute)


@z3_claim(KozelOld, "every_half_can_be_won", title="Every half holds enough points for someone to reach "
          "winning_points (61)", clauses=["kozel-old-61", "kozel-old-halves"], expected=REFUTED, each=False,
          applies=lambda games: all(g.rules.count == "half" for g in games), scope=HALF_CAN_FALL_SHORT)
def every_half_can_be_won(game, s):
    if game.rules.count == "both":
        return None
    inh, pts = _half_model(s, "w")
    s.add(pts < game.rules.winning_points)

    def refute(model):
        half = [c for b, c in zip(inh, DECK) if value(model, b)]
        return Counterexample(f"the half {format_cards(half)} holds only {value(model, pts)} points: "
                              f"no one can reach {game.rules.winning_points}, and the game pays nothing",
                              deal={"half": format_cards(half)})
    return Claim(Msg("every half holds at least {points} points", points=game.rules.winning_points), refute)


@z3_claim(KozelOld, "one_game_winner", title="At most one player can reach winning_points (61) in a game",
          clauses=["kozel-old-61"], each=False, scope=ONE_CAN_WIN)
def one_game_winner(game, s):
    """Cards of equal points are interchangeable, so the model counts how many of each value each of two
    players takes (a model over single cards times out near the threshold)."""
    groups: dict[int, list[Card]] = {}
    for c, v in zip(DECK, card_values()):
        groups.setdefault(v, []).append(c)
    size = game_cards(game.rules)
    w = game.rules.winning_points
    a = {v: z3.Int(f"a_{v}") for v in groups}   # how many cards worth v one player takes
    b = {v: z3.Int(f"b_{v}") for v in groups}   # ... and another
    for v, cards in groups.items():
        s.add(a[v] >= 0, b[v] >= 0, a[v] + b[v] <= len(cards))
    s.add(z3.Sum([a[v] + b[v] for v in groups]) <= size)
    s.add(z3.Sum([a[v] * v for v in groups]) >= w, z3.Sum([b[v] * v for v in groups]) >= w)

    def refute(model):
        took = {"won A": [], "won B": []}
        for v, cards in groups.items():
            i, j = value(model, a[v]), value(model, b[v])
            took["won A"] += cards[:i]
            took["won B"] += cards[i:i + j]
        deal = {k: format_cards(v) for k, v in took.items()}
        return Counterexample(f"two players reach {w} from {size} cards: "
                              + "; ".join(f"{k}: {v}" for k, v in deal.items()), deal=deal)
    if game.rules.count == "both":
        return Claim(Msg("no two players can take {points} points each from the {size} cards of both halves",
                         points=w, size=size), refute)
    return Claim(Msg("no two players can take {points} points each from the {size} cards of a half", points=w,
                     size=size), refute)


# ---------------------------------------------------- length and the goat

@REGISTRY.property(GAME, "scoreless_deal", title="Every deal (both halves) moves some tally",
                   clauses=["kozel-old-61", "kozel-old-goat"], method="search", expected=REFUTED,
                   budget={"examples": 50}, scope=DEALS_CAN_PASS)
def scoreless_deal(games, budget: Budget) -> Outcome:
    rng = random.Random(budget.seed)
    for n in range(1, budget.examples + 1):
        game = games[rng.randrange(len(games))]
        seed = rng.randrange(2**31)
        state = game.deal(seed)
        moves = []
        while state.deals == 0 and not game.is_over(state):
            m = game.legal_moves(state)[rng.randrange(len(game.legal_moves(state)))]
            moves.append(m)
            state = game.apply(state, m)
        if state.deals == 1 and all(x == 0 for x in state.taken):
            record = game.record(seed, moves)
            text = (f"kozel_old, deal seed {seed}: the first deal ends with every tally still "
                    f"{TALLY}; the next deal starts from the same tallies\nmoves: {' '.join(record.moves)}")
            return Outcome(REFUTED, Msg("found in random match {n} (seed {seed})", n=n, seed=budget.seed),
                           Counterexample(text, record=record), examples=n, seed=budget.seed, method="search")
    return Outcome(UNKNOWN, Msg("every deal of {n} random matches moved a tally", n=budget.examples),
                   method="search")


@REGISTRY.property(GAME, "matches_end", title="Random matches end (no bound is claimed: a deal can pass without "
                   "a payment); the number of plays they took", clauses=["kozel-old-goat"],
                   method="hypothesis", budget={"examples": 20}, scope=MATCHES_DECIDED)
def matches_end(games, budget: Budget) -> Outcome:
    rng = random.Random(budget.seed)
    lengths = []
    for _ in range(budget.examples):
        game = games[rng.randrange(len(games))]
        seed = rng.randrange(2**31)
        trace, state = walk(game, seed, cap=500_000, stop=stalled)
        if stalled(state):
            return Outcome(UNKNOWN, Msg("deal seed {seed}: no game won in the first {deals} deals ({plays} plays)",
                                        seed=seed, deals=STALL_DEALS, plays=len(trace.moves)), method="hypothesis")
        if not game.is_over(state):
            return Outcome(UNKNOWN, Msg("deal seed {seed}: no end within 500000 plays", seed=seed),
                           method="hypothesis")
        lengths.append(len(trace.moves))
    return Outcome(HOLDS, Msg("{n} random matches (seed {seed}) all ended, after {fewest} to {most} plays "
                              "(median {median})", n=len(lengths), seed=budget.seed, fewest=min(lengths),
                              most=max(lengths), median=round(statistics.median(lengths))),
                   examples=len(lengths), seed=budget.seed)


@REGISTRY.property(GAME, "tally_lasts", title="No tally is used up before someone has taken twelve from one "
                   "player", clauses=["kozel-old-goat", "kozel-old-tally"], method="search", expected=REFUTED,
                   budget={"examples": 20}, applies=lambda games: any(g.rules.goat == "from_one" for g in games),
                   scope=MATCHES_DECIDED)
def tally_lasts(games, budget: Budget) -> Outcome:
    rng = random.Random(budget.seed)
    for n in range(1, budget.examples + 1):
        game = games[rng.randrange(len(games))]
        if game.rules.goat != "from_one":
            continue
        seed = rng.randrange(2**31)
        hit = []

        def step(trace, state):
            if not hit and not game.is_over(state):
                low = [p for p in range(PLAYERS) if state.tally[player_account(p)] <= 0]
                if low:
                    hit.append((list(trace.moves), low[0], state))
        trace, state = walk(game, seed, step, cap=500_000, stop=stalled)
        if stalled(state) and not hit:
            return Outcome(UNKNOWN, Msg("deal seed {seed}: no game won in the first {deals} deals ({plays} plays)",
                                        seed=seed, deals=STALL_DEALS, plays=len(trace.moves)), method="search")
        if hit:
            moves, p, state = hit[0]
            record = game.record(seed, moves)
            tallies = " ".join(str(state.tally[player_account(q)]) for q in range(PLAYERS))
            text = (f"kozel_old, deal seed {seed}: P{p}'s tally is used up (tallies {tallies}) while nobody has "
                    f"taken twelve from one player; the match goes on ({len(moves)} plays)")
            return Outcome(REFUTED, Msg("found in random match {n} (seed {seed})", n=n, seed=budget.seed),
                           Counterexample(text, record=record), examples=n, seed=budget.seed, method="search")
    return Outcome(UNKNOWN, Msg("no tally ran out early in {n} random matches", n=budget.examples), method="search")

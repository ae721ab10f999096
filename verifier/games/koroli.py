"""Kings' own properties: the deal, the leads, following and the trick checked on
every move against the source written out directly; the titles against the
chalked record; the exchange; the source's numbers and the length of each
stage (z3); the match's missing end and the source's claims found by search."""

from __future__ import annotations

import dataclasses

import z3

from spec.cards import Card, format_cards
import spec.games.koroli as rules_module
from spec.dealing import rng_for
from spec.games.koroli import (
    DECK, HAND_SIZE, KING, PEASANT, PLAYERS, PRINCE, TITLES, UNTITLED, Koroli, Play, State,
)
from spec.i18n import Msg
from spec.tricks import NATURAL_ORDER
from verifier.api import Claim, Root, hunt, invariant, small_configs, z3_claim
from verifier.core import (
    HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope, finishes_when_sampled,
)
from verifier.z3util import value

GAME = "koroli"

# ------------------------------------------------------ small configurations


def _small_state(game, seed: int, kind: str) -> State | None:
    """Three cards each from a seeded shuffle; the match stops when this deal ends."""
    cards = list(DECK)
    rng = rng_for(seed, 77)
    rng.shuffle(cards)
    rules = game.rules
    if kind == "intro4":  # the introduction's first trick leads: all four play, trumps led twice
        titles, new, active, stage = (UNTITLED,) * 4, (UNTITLED,) * 4, (0, 1, 2, 3), 0
        t = rules.intro_thresholds()
        counts = tuple(max(0, t[0] - 1 - (p + seed) % 3) for p in range(PLAYERS))
        dealer = seed % PLAYERS
    elif kind == "reign4":  # a reign's exchanges: the king, then the prince, take the peasant's trumps
        titles = tuple((p + seed) % PLAYERS for p in range(PLAYERS))
        new, active, stage = (UNTITLED,) * 4, (0, 1, 2, 3), 1
        counts = tuple(rules.reign_thresholds()[0] - 1 for _ in range(PLAYERS))
        dealer = titles.index(PEASANT)
    else:  # "reign3": a new king has left: the dealer's exchange; the old king's successor leads trumps
        titles = tuple((p + seed) % PLAYERS for p in range(PLAYERS))
        out = titles.index(seed % PLAYERS)
        new = tuple(KING if p == out else UNTITLED for p in range(PLAYERS))
        active, stage = tuple(p for p in range(PLAYERS) if p != out), 1
        t = rules.reign_thresholds()
        counts = tuple(t[0] if p == out else t[1] - 1 for p in range(PLAYERS))
        dealer = max(active, key=lambda p: titles[p])
    k = 3
    hands = [()] * PLAYERS
    for i, p in enumerate(active):
        hands[p] = tuple(sorted(cards[i * k:(i + 1) * k], key=str))
    rest = tuple(cards[len(active) * k:len(active) * k + 4])
    stock = rest if len(active) < PLAYERS else ()
    # the stock's top card (else the dealer's last) turned for trumps; the stage's exchanges, then its leader
    return game.position(hands, stage=stage, titles=titles, new=new, counts=counts, stock=stock, dealer=dealer,
                         seed=seed, last_deal=True)


@small_configs(GAME)
def small(game):
    """Three cards each (three or four players), the record one trick short of a title, the
    match stopping after this deal: the introduction's trump leads, a reign's exchanges, and
    a reign after a new king has left; three seeded shuffles of each, explored completely."""
    roots = []
    for kind in ("intro4", "reign4", "reign3"):
        for seed in range(3):
            st = _small_state(game, seed, kind)
            roots.append(Root(st, f"small {kind} position {seed} (3 cards each, trumps {st.trump.symbol})"))
    return roots


# ------------------------------------------- the source, written out directly

def source_rank(card: Card) -> int:
    """Ace high, then king, queen, jack, 10 down to 6 (the usual order; the source names none)."""
    return "6 7 8 9 10 J Q K A".split().index(card.rank.label)


def source_offered(game, state: State) -> set[Card]:
    """The cards the source lets the player to move play now."""
    hand = state.hands[state.to_move]
    trump = state.trump
    if not state.trick:
        leader = state.to_move
        if state.stage == 0:
            due = state.leads < 2
        else:
            due = state.leads < 2 and state.titles[leader] != KING
        trumps = {c for c in hand if c.suit == trump}
        return trumps if due and trumps else set(hand)
    led = state.trick[0][1].suit
    same = {c for c in hand if c.suit == led}
    if same:
        return same
    if game.rules.void == "trump":
        trumps = {c for c in hand if c.suit == trump}
        if trumps:
            return trumps
    return set(hand)


def expected_leader(state: State, winner: int | None) -> int:
    active = [p for p in range(PLAYERS) if state.new[p] == UNTITLED]
    if state.stage:
        return min(active, key=lambda p: state.titles[p])
    start = state.dealer + 1 if winner is None else winner
    for i in range(PLAYERS):
        if (start + i) % PLAYERS in active:
            return (start + i) % PLAYERS
    return -1


@invariant(Koroli, "leads_and_follows", title="The cards offered are those the source allows: a trump for the "
           "first two leads of a deal (in a reign, of the king's successor), then any lead; the suit led if "
           "able, else any card (a trump under void = 'trump')",
           clauses=["koroli-trump-lead", "koroli-follow", "koroli-play-turn"], presets=True)
def leads_and_follows(game, state):
    if state.over or state.swaps:
        return None
    want = source_offered(game, state)
    offered = {m.card for m in game.legal_moves(state)}
    if offered != want:
        return (f"P{state.to_move} holds {format_cards(state.hands[state.to_move])} on "
                f"{format_cards(c for _, c in state.trick) or 'a lead'} (trumps {state.trump.symbol}, lead "
                f"{state.leads + 1}): offered {format_cards(sorted(offered, key=str))}, the source allows "
                f"{format_cards(sorted(want, key=str))}")
    return None


@invariant(Koroli, "trick_and_lead", title="Each trick is played clockwise (in a reign by title) and goes to the "
           "highest trump, else the highest card of the suit led; the taker leads in the introduction, the highest "
           "title still playing in a reign",
           clauses=["koroli-order", "koroli-reign-lead"], presets=True)
def trick_and_lead(game, state):
    if state.trick or not state.last_trick or state.over or state.swaps:
        return None
    if not state.taken:  # the trick ended a deal: the next deal's leader is checked by deal_start
        return None
    trick = state.last_trick
    seats = [p for p, _ in trick]
    if state.stage:  # in a reign by title; in the introduction clockwise from the leader
        order = sorted(seats, key=lambda p: state.titles[p])
    else:
        order = sorted(seats, key=lambda p: (p - seats[0]) % PLAYERS)
    if seats != order:
        return f"the trick {format_cards(c for _, c in trick)} was played by P{seats} in turn; the source's order is P{order}"
    led = trick[0][1].suit
    best = max(trick, key=lambda pc: (pc[1].suit == state.trump, pc[1].suit == led, source_rank(pc[1])))[0]
    if state.last_winner != best:
        return (f"trick {format_cards(c for _, c in trick)} (trumps {state.trump.symbol}) went to "
                f"P{state.last_winner}, the source gives it to P{best}")
    want = expected_leader(state, best)
    if state.to_move != want:
        return f"P{state.to_move} leads the next trick, the source says P{want}"
    return None


def source_first_dealer(seed: int) -> int:
    cards = list(DECK)
    rng_for(seed, 0).shuffle(cards)
    it = iter(cards)
    drawers = list(range(PLAYERS))
    while len(drawers) > 1:
        drawn = [(p, next(it)) for p in drawers]
        top = max(source_rank(c) for _, c in drawn)
        drawers = [p for p, c in drawn if source_rank(c) == top]
    return drawers[0]


@invariant(Koroli, "deal_start", title="Each deal: nine cards to each player still playing, the dealer's last "
           "card (or, with fewer than four, the first undealt card) turned for trumps; the highest drawn card "
           "deals first, then the deal passes left; in a reign the lowest title deals",
           clauses=["koroli-deal", "koroli-turned-trump", "koroli-first-dealer", "koroli-players",
                    "koroli-next-dealer", "koroli-reign-deal"], presets=True)
def deal_start(game, state):
    if state.limit or state.taken or state.trick or state.over:
        return None
    active = [p for p in range(PLAYERS) if state.new[p] == UNTITLED]
    sizes = [len(state.hands[p]) for p in active]
    if sizes != [HAND_SIZE] * len(active) or any(state.hands[p] for p in range(PLAYERS) if p not in active):
        return f"hands of {[len(h) for h in state.hands]} cards at the start of a deal for {len(active)} players"
    if len(state.stock) != len(DECK) - HAND_SIZE * len(active) or state.aside:
        return f"{len(state.stock)} cards undealt with {len(active)} players"
    if state.trump != state.turned.suit:
        return f"{state.turned} is turned but trumps are {state.trump.symbol}"
    if len(active) == PLAYERS and state.swaps == game_swaps(state) and state.turned not in state.hands[state.dealer]:
        return f"the turned card {state.turned} is not the dealer P{state.dealer}'s"
    if state.stage:
        want = max(active, key=lambda p: state.titles[p])
        if state.dealer != want:
            return f"P{state.dealer} deals in a reign; the lowest title playing is P{want}'s"
    elif len(active) == PLAYERS:
        want = (source_first_dealer(state.seed) + state.deals - 1) % PLAYERS
        if state.dealer != want:
            return f"P{state.dealer} deals deal {state.deals}; the draw and the turn to the left give P{want}"
    if state.dealer not in active:
        return f"P{state.dealer} deals but has already won a title"
    if not state.swaps and state.to_move != expected_leader(state, None):
        return f"P{state.to_move} leads the first trick, the source says P{expected_leader(state, None)}"
    return None


def game_swaps(state: State) -> tuple[int, ...]:
    """The exchanges the source asks for at the start of a deal."""
    active = [p for p in range(PLAYERS) if state.new[p] == UNTITLED]
    if len(active) < PLAYERS:
        return (state.dealer,)
    if state.stage:
        return (state.titles.index(KING), state.titles.index(PRINCE))
    return ()


@invariant(Koroli, "exchange_as_source", title="The exchanges offered are the source's: in a four-player reign "
           "the king, then the prince, take the peasant's highest trump (the prince any trump under "
           "prince_trump = any; any card when he has none) for any card; with fewer players the dealer takes "
           "the turned card for any card of his",
           clauses=["koroli-exchange", "koroli-dealer-exchange", "koroli-exchange-turn"], presets=True)
def exchange_as_source(game, state):
    if state.over or not state.swaps:
        return None
    if state.taken or state.trick:
        return "an exchange is offered after play has begun"
    full = game_swaps(state)
    if full[len(full) - len(state.swaps):] != state.swaps or state.to_move != state.swaps[0]:
        return f"exchanges {state.swaps} pending with P{state.to_move} to move; the source's order is {full}"
    active = [p for p in range(PLAYERS) if state.new[p] == UNTITLED]
    hand = state.hands[state.to_move]
    if len(active) == PLAYERS:
        peasant = state.hands[state.dealer]
        trumps = [c for c in peasant if c.suit == state.trump]
        prince_chooses = game.rules.prince_trump == "any" and state.titles[state.to_move] == PRINCE
        takes = (trumps if prince_chooses else [max(trumps, key=source_rank)]) if trumps else list(peasant)
    else:
        takes = [state.turned]
    want = {(a, b) for a in takes for b in hand}
    offered = {(m.take, m.give) for m in game.legal_moves(state)}
    if offered != want:
        return (f"P{state.to_move} exchanges with {format_cards(takes)} on offer: the engine offers "
                f"{len(offered)} exchanges, the source {len(want)}")
    return None


@invariant(Koroli, "titles_by_record", title="The chalked record is the tricks taken (each deal's nine added to "
           "the last); a title goes to the first to its count, in order king, prince, soldier; the last is "
           "peasant; a title's holder plays no more in the stage",
           clauses=["koroli-count", "koroli-titles"], presets=True)
def titles_by_record(game, state):
    tally = tuple(state.log.count(p) for p in range(PLAYERS))
    if tally != state.counts:
        return f"the record {state.counts} is not the tricks chalked, {tally}"
    titled = sorted(t for t in state.new if t != UNTITLED)
    if titled != list(range(len(titled))) and titled != list(range(PLAYERS)):
        return f"the titles won so far, {titled}, are not king, prince ... in order"
    th = game.rules.reign_thresholds() if state.stage else game.rules.intro_thresholds()
    j = len(titled)
    if j < PLAYERS - 1:
        for p in range(PLAYERS):
            if state.new[p] == UNTITLED and state.counts[p] >= th[j]:
                return f"P{p} has {state.counts[p]} tricks, enough for the {TITLES[j]}, but no title"
    for p in range(PLAYERS):
        if state.new[p] != UNTITLED and (state.hands[p] or any(q == p for q, _ in state.trick)):
            return f"P{p} is already {TITLES[state.new[p]]} but still plays"
    if not game.rules.counts_restart and state.log and j and j < PLAYERS:
        # the holder of each title reached its count before any other player still racing
        for t in range(j):
            holder = state.new.index(t)
            need = th[t]
            if state.counts[holder] < need:
                return f"P{holder} is {TITLES[t]} with {state.counts[holder]} tricks, under {need}"
    return None


#: Where one deal cannot make a king: the king's count is more than a deal's nine tricks.
KING_NEEDS_TWO_DEALS = Scope("king_tricks above 9, the tricks of one deal",
                             lambda rules, n: rules.king_tricks > HAND_SIZE)

#: Where one trick can give two titles: the record is kept after a title.
RECORD_KEPT = Scope("counts_restart = false (the record kept after a title)", lambda rules, n: not rules.counts_restart)

#: Where the generic claims of the game's metadata are made: ``zero_sum`` (``INFO.zero_sum`` is false: some
#: finished match's points do not sum to 0) needs a match that finishes in the sampled plays (none under
#: ``reigns = 0``, whose length has no bound).
GENERIC_SCOPES = {"zero_sum": finishes_when_sampled(Koroli)}


@invariant(Koroli, "no_king_in_first_deal", title="The source's numbers: nine tricks a deal cannot make the "
           "introduction's king (ten), so nobody is crowned in the first deal",
           clauses=["koroli-deal", "koroli-titles"], presets=True, scope=KING_NEEDS_TWO_DEALS)
def no_king_in_first_deal(game, state):
    if state.stage == 0 and state.deals == 1 and not state.limit and KING in state.new:
        return f"P{state.new.index(KING)} is king in the first deal with {max(state.counts)} tricks"
    return None


# --------------------------------------------------------------------- z3

@z3_claim(Koroli, "deal_arithmetic", title="The source's numbers: four hands of nine use the 36 cards exactly "
          "(so the trump can only be the dealer's own card), and fewer hands of nine always leave a card to "
          "turn; a deal is nine tricks", clauses=["koroli-deal", "koroli-turned-trump", "koroli-players"],
          each=False)
def deal_arithmetic(game, s):
    k, deck, hand = z3.Int("k"), z3.Int("deck"), z3.Int("hand")
    n = len(game.deck())
    size = len(rules_module.deal_cards(game.deck(), (0,))[0][0])  # a hand, as clause koroli-deal deals it
    s.add(deck == n, hand == size, k >= 2, k <= PLAYERS)
    stock = deck - k * hand
    s.add(z3.Not(z3.And(stock >= 0, (stock == 0) == (k == PLAYERS))))

    def refute(model):
        kk = value(model, k)
        return Counterexample(f"{kk} hands of {size} from {n} cards leave {n - kk * size}",
                              deal={"players": str(kk)})
    return Claim(Msg("for 2-4 players, hands of {size} leave {n} - {size}k cards: none with four, at least one "
                     "with fewer", size=size, n=n), refute)


def _race(racers: int, need: int, tricks: int, tag: str):
    """Counts of ``racers`` players after ``tricks`` tricks with nobody at ``need``: (vars, condition)."""
    counts = [z3.Int(f"{tag}_{i}") for i in range(racers)]
    return counts, z3.And(*[c >= 0 for c in counts], z3.Sum(counts) == tricks, *[c < need for c in counts])


@z3_claim(Koroli, "stages_end", title="Someone always becomes king, and every stage ends: while k players race "
          "for a title costing t, the k(t-1)+1-th trick gives it (introduction within 77 tricks, a reign "
          "within 68, as written)", clauses=["koroli-titles", "koroli-count"], each=False)
def stages_end(game, s):
    races = []
    for stage, th in enumerate(game.thresholds):
        for j, t in enumerate(th):
            racers = PLAYERS - j
            counts, stalls = _race(racers, t, rules_module.race_bound(racers, t), f"s{stage}j{j}")
            races.append((stage, j, racers, t, counts, stalls))
    # the negation: some race has had k(t-1)+1 tricks with nobody at its count
    s.add(z3.Or(*[r[-1] for r in races]))
    bounds = game.stage_bounds()

    def refute(model):
        for stage, j, racers, t, counts, stalls in races:
            if z3.is_true(model.eval(stalls, model_completion=True)):
                vals = [value(model, c) for c in counts]
                return Counterexample(f"{'introduction' if stage == 0 else 'reign'}: {racers} players racing for "
                                      f"the {TITLES[j]} hold {vals} tricks after {sum(vals)}, all under {t}",
                                      deal={"counts": " ".join(map(str, vals))})
        return Counterexample("no stalled race in the model", deal={})
    return Claim(Msg("each race is decided by its k(t-1)+1-th trick: the introduction ends within {introduction} "
                     "tricks and a reign within {reign}; so a king is always crowned", introduction=bounds[0],
                     reign=bounds[1]), refute)


@z3_claim(Koroli, "stage_bound_tight", title="A race's bound cannot be lowered as a count: one trick fewer than "
          "k(t-1)+1 in the introduction's race for king can leave every racer under the king's count",
          clauses=["koroli-titles"], expected=REFUTED, each=False)
def stage_bound_tight(game, s):
    t = game.thresholds[0][0]
    fewer = rules_module.race_bound(PLAYERS, t) - 1
    counts, stalls = _race(PLAYERS, t, fewer, "tight")
    s.add(stalls)

    def refute(model):
        vals = [value(model, c) for c in counts]
        return Counterexample(f"after {fewer} tricks the record can be {vals}: nobody has {t}, "
                              "so the introduction goes on", deal={"counts": " ".join(map(str, vals))})
    return Claim(Msg("the king is crowned within {tricks} tricks", tricks=fewer), refute)


def longest_line(thresholds, restart: bool) -> tuple[int, tuple[int, ...]]:
    """The tricks of a stage played as a line that gives each race its longest: every trick to the next
    player still racing, in turn, through the game's own clauses (``koroli-count``, ``koroli-titles``, and
    the restart of the record after a title when the rules say so). Returns the tricks and who took them."""
    new, counts, log, winners = (UNTITLED,) * PLAYERS, (0,) * PLAYERS, (), []
    while UNTITLED in new:
        active = [p for p in range(PLAYERS) if new[p] == UNTITLED]
        winner = active[len(winners) % len(active)]
        winners.append(winner)
        counts, log = rules_module.chalk(counts, log, winner)
        after = rules_module.award_titles(new, counts, log, thresholds, restart)
        if after != new and restart:
            counts, log = (0,) * PLAYERS, ()
        new = after
    return len(winners), tuple(winners)


#: Where the stage bounds are reached: each title raced for afresh, so the races add up.
RACES_ADD_UP = Scope("counts_restart = true (each title raced for afresh)", lambda rules, n: rules.counts_restart)


@REGISTRY.property(GAME, "stage_bound_reached", title="The stage bounds are reached as a count: a line of tricks "
                   "gives every race its longest, so the introduction can last its bound (77 tricks) and a reign "
                   "its (68)", clauses=["koroli-titles", "koroli-count"], method="exhaustive", scope=RACES_ADD_UP)
def stage_bound_reached(games, budget: Budget) -> Outcome:
    game = games[0]
    lines = []
    for stage, (th, bound) in enumerate(zip(game.thresholds, game.stage_bounds())):
        tricks, takers = longest_line(th, game.rules.counts_restart)
        name = Msg("the introduction") if stage == 0 else Msg("a reign")
        lines.append(Msg("{name} {tricks} of {bound}", name=name, tricks=tricks, bound=bound))
        if tricks > bound:   # the title clauses let a stage outlast the bound z3 proves from the counts
            won = " ".join(f"P{p}" for p in takers)
            return Outcome(REFUTED, Msg("{name}: a line of tricks lasts {tricks}, past the bound {bound}", name=name,
                                        tricks=tricks, bound=bound),
                           Counterexample(f"{name}, the tricks taken by {won}: no title is complete before "
                                          f"trick {tricks}", deal={"takers": won}), method="exhaustive")
        if tricks != bound:
            return Outcome(UNKNOWN, Msg("{name}: the line that gives every race its longest lasts {tricks} tricks, "
                                        "short of the bound {bound} (with the record kept a title can follow "
                                        "another at once); no proof that no other line reaches it", name=name,
                                        tricks=tricks, bound=bound), method="exhaustive")
    return Outcome(HOLDS, Msg("each trick to the next player still racing, through the title clauses: {lines} tricks",
                              lines=Msg.join(", ", lines)), method="exhaustive")


@z3_claim(Koroli, "title_points", title="Scoring: the titles are a ranking, worth 3, 2, 1, 0; every finished "
          "match's points sum to 6, so the game is not zero-sum", clauses=["koroli-end"], each=False)
def title_points(game, s):
    title = [z3.Int(f"title_{p}") for p in range(PLAYERS)]
    s.add(*[z3.And(t >= 0, t < PLAYERS) for t in title], z3.Distinct(*title))
    worth = rules_module.final_points(range(PLAYERS))  # each title's points, by clause koroli-end
    pts = [z3.Sum([z3.If(t == k, v, 0) for k, v in enumerate(worth)]) for t in title]
    s.add(z3.Or(z3.Sum(pts) != 6, *[z3.Or(x < 0, x > 3) for x in pts]))

    def refute(model):
        vals = [value(model, t) for t in title]
        return Counterexample(f"titles {vals} score {[value(model, x) for x in pts]}", deal={"titles": str(vals)})
    return Claim(Msg("whatever the titles, the points are 0-3 each and sum to 6 (never 0: not zero-sum)"), refute)


# ------------------------------------------------------------- witness hunts

@REGISTRY.property(GAME, "match_as_written_ends", title="The match as written ends (reigns = 0: no end is "
                   "stated, every reign leads to another)", clauses=["koroli-end"], method="search",
                   expected=REFUTED, budget={"examples": 3})
def match_as_written_ends(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if state.stage >= 4 and not state.over:
            return (f"after {len(trace.moves)} moves the match is in reign {state.stage} (titles "
                    + " ".join(f"P{p}={TITLES[t]}" for p, t in enumerate(state.titles))
                    + "); every reign ends by starting the next, and no rule ends the match")
        return None
    as_written = [type(g)(dataclasses.replace(g.rules, reigns=0), players=g.players) for g in games]
    return hunt(as_written, budget, found, Msg("fourth reign"))


def _peasants_game(state, moves):
    """A reign steered towards the rare line the source speaks of: the peasant plays his strongest card
    (trumps first, then rank), the other three their weakest; the introduction and the exchanges are
    played at random. Every move is still one the rules allow."""
    plays = [m for m in moves if isinstance(m, Play)]
    if state.stage < 1 or not plays or len(plays) != len(moves):
        return moves
    pick = max if state.to_move == state.titles.index(PEASANT) else min
    return (pick(plays, key=lambda m: (m.card.suit is state.trump, NATURAL_ORDER[m.card.rank])),)


@REGISTRY.property(GAME, "titles_never_change", title="A reign keeps the titles (the source says the peasant "
                   "can become king and the king prince)", clauses=["koroli-titles", "koroli-reign-lead"],
                   method="search", expected=REFUTED, budget={"examples": 60})
def titles_never_change(games, budget: Budget) -> Outcome:
    """Found the moment a reign's peasant wins the king's title (not at the match's end, which
    ``reigns = 0`` never reaches), in games whose reigns are steered by ``_peasants_game``:
    at random the line is rare (about one game in 40 at the defaults, none in 60 at most other
    points of the declared space)."""
    def found(game, trace, state):
        if state.stage >= 1 and state.new[state.titles.index(PEASANT)] == KING:
            return ("the reign's peasant P{} becomes king; titles before {}, now {}".format(
                state.titles.index(PEASANT), _titles(state.titles), _titles(state.new)))
        return None
    out = hunt(games, budget, found, Msg("reign crowning the peasant"), prefer=_peasants_game)
    return dataclasses.replace(out, detail=Msg("{detail}; the reigns steered: the peasant plays his strongest card, "
                                               "the others their weakest", detail=out.detail))


def _titles(titles) -> str:
    return " ".join(f"P{p}={TITLES[t]}" for p, t in enumerate(titles))


@REGISTRY.property(GAME, "one_title_a_trick", title="Each trick gives at most one title (with the record kept, "
                   "one trick can make a king and a prince at once)", clauses=["koroli-titles", "koroli-count"],
                   method="search", expected=REFUTED, budget={"examples": 40}, scope=RECORD_KEPT)
def one_title_a_trick(games, budget: Budget) -> Outcome:
    prev = {}

    def found(game, trace, state):
        before = prev.get("state") if trace.moves else None
        prev["state"] = state
        if before is None or before.stage != state.stage or state.trick:
            return None
        gained = [p for p in range(PLAYERS) if before.new[p] == UNTITLED and state.new[p] != UNTITLED
                  and state.new[p] != PEASANT]
        if len(gained) > 1:
            return (f"one trick ({format_cards(c for _, c in state.last_trick)}) makes "
                    + " and ".join(f"P{p} {TITLES[state.new[p]]}" for p in gained)
                    + f": the record stands at {' '.join(map(str, state.counts))}")
        return None
    return hunt(games, budget, found, Msg("trick giving two titles"))

"""Svinya with shops (Свинья с лавочками): one rising "pig" in the middle, falling "shops" at each seat.

Source: ``001_55360323bc916247.txt``, the untitled game of the pig and the
shops (lines 23-34).

A 2 or a 6 is laid face up in the middle: the pig, built upward regardless of
suit. Each player then takes one card from the deck and lays it before
themselves: their shop, built downward regardless of suit, a king going on an
ace. Aces go nowhere else. A king ends the pig, which is set aside; the next 2
or 6 starts a new one. A player sheds cards onto the pig, or onto the shop of
the neighbour on either side, but a card that fits the pig must go there. The
top card of a shop may go on the pig, an ace never. The first player whose
hand holds nothing but aces wins.

The source is silent on the hands (cardspec deals the rest of the deck out),
on a player who cannot lay (passes; or draws from a talon, an option) and on a
game where nobody can lay (blocked: the fewest cards win). See the rulebook's
decisions and errata.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from spec.cards import Card, Rank, Suit, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_out, deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rows import Build
from spec.rules import setting

INFO = GameInfo(
    id="svinya",
    name_en="Pig with shops",
    name_ru="Свинья с лавочками",
    min_players=2,
    max_players=10,
    deck="52",
    family=N_("shedding"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # winners' gains pay the losers' losses; the source names no stakes
    source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) pig with shops"), lines="23-34"),
)

CLAUSES = ClauseBook(INFO.id)

# ------------------------------------------------------------------ tables

#: The ranks that open a pig, by deck (a 36-card deck has no twos).
PIG_STARTERS = {"52": frozenset((Rank.TWO, Rank.SIX)), "36": frozenset((Rank.SIX,))}
#: The card that ends a pig.
PIG_END = Rank.KING
#: The ranks of a pig, in the order it is built: 2 up to the king (no ace).
PIG_ORDER = tuple(Rank(v) for v in range(Rank.TWO, Rank.KING + 1))
#: The ranks of a shop, in the order it is built: down from the king to the 2, a king on an ace.
SHOP_ORDER = (Rank.ACE,) + PIG_ORDER[::-1]
#: What may be laid on a shop's top card: the next rank down; a king on an ace; nothing on the lowest rank.
SHOP_TAKES = dict(zip(SHOP_ORDER, SHOP_ORDER[1:]))
#: The four aces (a hand of nothing but aces has won).
ACES = frozenset(Card(Rank.ACE, s) for s in Suit)
#: The weight of a card in each place, for the termination measure (see ``Svinya.max_plays``).
WEIGHT = {"talon": 3, "hand": 2, "shop": 1}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of the pig with shops. The defaults are the source's rules, or a decision where it is silent."""

    deck: Literal["52", "36"] = "52"
    """The pack. Source: with many players the full 52 cards (``"52"``, used at every count by
    default); it names no pack for few players, so the 36-card pack (pig opened by a 6 only) is
    the other reading."""

    hand_size: int = setting(0, range=(0, 20), sweep=(6, 16))
    """Cards dealt to each hand; ``0`` deals the whole rest of the deck out. Decision: the source
    states no deal, but its objective (shed every card) needs hands; ``0`` as in the sister games.
    A positive size leaves the rest as a face-down talon. Swept: 6 (the preset ``talon``) and 16 (three
    players then take the whole pack, 3 x 16 = 52 - 1 - 3: a talon of nothing)."""

    when_stuck: Literal["pass", "draw"] = "pass"
    """What a player who can lay nothing does. Decision (the source is silent): ``"pass"``;
    ``"draw"`` takes the top card of the talon instead while it lasts (the other reading)."""

    lift: Literal["any", "own", "none"] = "any"
    """Whose shop may give its top card to the pig. The source says only that an ace on a shop cannot
    go even to the pig, which implies other shop cards can. Decision: the player to move may lift the
    top of any shop (``"any"``); ``"own"`` allows only their own shop, ``"none"`` no lifting at all."""

    empty_shop: Literal["open", "closed"] = "open"
    """A shop whose last card was lifted. Decision (the source is silent): it takes any card but an
    ace, which starts it again (``"open"``); ``"closed"`` takes nothing more."""

    pig_suit: Literal["any", "follow"] = "any"
    """Whether the pig keeps a suit. The source builds the shops "regardless of suit" and the pig
    only "upward". Decision: ``"any"``, the pig too is built regardless of suit; ``"follow"``
    (the other reading): every card of a pig is of its opener's suit."""

    next_pig: Literal["hand", "talon"] = "hand"
    """What opens the next pig once a king has ended one. The source: the first 2 or 6 to show
    from the talon. Decision: ``"hand"``, a player lays a 2 or a 6 from their hand, since with
    the default deal there is no talon; ``"talon"`` (the source's words; it needs a talon,
    ``hand_size`` from 1): the first 2 or 6 from the top of the talon opens it at once (while
    the talon holds none, a hand opens it as under ``"hand"``)."""

    blocked: Literal["fewest", "nobody"] = "fewest"
    """Who wins when every player passes in turn (nobody can lay any more). Decision (the source
    is silent): the fewest cards in hand, aces not counted (``"fewest"``); ``"nobody"`` scores the
    game as a draw."""

    def __post_init__(self):
        if self.hand_size == 0 and self.when_stuck == "draw":
            raise VariantError("when_stuck", "'draw' needs a talon: the whole deck is dealt when hand_size is 0",
                               "hand_size from 1 to 20 with 'draw'")
        if self.hand_size == 0 and self.next_pig == "talon":
            raise VariantError("next_pig", "'talon' needs a talon: the whole deck is dealt when hand_size is 0",
                               "hand_size from 1 to 20 with 'talon'")


#: Named variants (``--variant NAME``).
PRESETS = {
    "talon": {"hand_size": 6, "when_stuck": "draw"},
    "pack_36": {"deck": "36"},
    "blocked_draw": {"blocked": "nobody"},
    "own_shop_lifts": {"lift": "own"},
    "no_lifting": {"lift": "none"},
    "closed_shops": {"empty_shop": "closed"},
}


# ------------------------------------------------------------------- moves

@move("{card} on the pig")
class ToPig:
    card: Card


@move("{card} on shop P{owner}")
class ToShop:
    card: Card
    owner: int


@move("shop P{owner} to the pig")
class Lift:
    owner: int


@move("draw")
class Draw:
    pass


@move("pass")
class Pass:
    pass


PASS, DRAW = Pass(), Draw()
PASSES, DRAWS = (PASS,), (DRAW,)
TO_PIG = {c: ToPig(c) for c in make_deck("52")}
TO_SHOP = {(c, o): ToShop(c, o) for c in make_deck("52") for o in range(INFO.max_players)}
LIFT = {o: Lift(o) for o in range(INFO.max_players)}


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """``shops[p]`` and ``pig`` run bottom to top; ``aside`` holds the finished pigs;
    ``passes`` counts passes in a row (every player passing in turn blocks the game)."""

    hands: tuple[tuple[Card, ...], ...]
    shops: tuple[tuple[Card, ...], ...]
    pig: tuple[Card, ...]
    aside: tuple[Card, ...]
    talon: tuple[Card, ...]
    to_move: int
    seed: int
    passes: int = 0
    out: bool = False


# ----------------------------------------------------------------- clauses

CLAUSES.note("svinya-players", "Any number of players with the full 52-card pack; cardspec checks 2 to 10 "
             "(one pack serves at most 25)")


@CLAUSES.rule("svinya-pig-open", "A 2 or a 6, taken face up from the shuffled pack (the first one from the top), "
              "opens the pig")
def pig_opener(cards: tuple[Card, ...], starters: frozenset) -> int:
    """The position in the shuffled pack of the card that opens the first pig."""
    return next(i for i, c in enumerate(cards) if c.rank in starters)


@CLAUSES.rule("svinya-shops", "Each player in turn, from the dealer's left, takes one card from the pack "
              "and lays it before them: their shop")
def deal_shops(cards: tuple[Card, ...], players: int) -> tuple[tuple[Card, ...], ...]:
    return deal_round_robin(cards, seats_from(1 % players, players), 1)


@CLAUSES.rule("svinya-hands", "The rest of the pack is dealt one at a time from the dealer's left, "
              "to the end (the first players get one card more) or a set number each with the rest a talon")
def deal_hands(cards: tuple[Card, ...], players: int, hand_size: int):
    """``(hands, talon)``."""
    order = seats_from(1 % players, players)
    hands = deal_out(cards, order) if hand_size == 0 else deal_round_robin(cards, order, hand_size)
    return tuple(map(sorted_hand, hands)), tuple(cards[sum(map(len, hands)):])


@CLAUSES.rule("svinya-turn", "The player on the dealer's left starts; turns pass clockwise, one card a turn")
def next_player(player: int, players: int) -> int:
    return (player + 1) % players


def ends(cards: tuple[Card, ...]) -> tuple[Rank, ...]:
    """A pile (the pig, a shop) as the rows kit reads it: it grows at its top only, so the rank of its top."""
    return (cards[-1].rank,) if cards else ()


@CLAUSES.rule("svinya-pig-build", "The pig is built upward by one rank, regardless of suit (decision; "
              "pig_suit = follow: in its opener's suit); when no pig is open, a 2 or a 6 opens the next one")
def pig_builds(starters: frozenset, suit: Suit | None = None) -> Build:
    """How the pig is built (the rows kit): up from its opener to the king, any suit; a pig of
    ``suit`` (``pig_suit = "follow"``) takes that suit only."""
    return Build(order=PIG_ORDER, starts=starters, article="a ", suits=(suit,) if suit else (),
                 unstarted=N_("{card} does not fit {row}: it takes {wants} to open a new pig"))


@CLAUSES.rule("svinya-shop-build", "A shop is built downward by one rank, regardless of suit; a king goes on "
              "an ace; a shop emptied onto the pig takes any card (decision)")
def shop_builds(empty_shop: str) -> Build:
    """How a shop is built (the rows kit): down by one rank, any suit, a king on an ace; an emptied
    shop takes any card but an ace, or (``empty_shop = "closed"``) nothing."""
    if empty_shop == "closed":
        return Build(order=SHOP_ORDER, unstarted=N_("{row} is empty and closed (empty_shop = closed)"))
    return Build(order=SHOP_ORDER, starts=frozenset(SHOP_ORDER[1:]))


@CLAUSES.rule("svinya-neighbours", "A player sheds onto the shops of the two neighbours only, right and left")
def neighbours(player: int, players: int) -> tuple[int, ...]:
    """The seats on the player's right and left (one seat when two play)."""
    return tuple(dict.fromkeys(((player - 1) % players, (player + 1) % players)))


CLAUSES.note("svinya-hold", "A player lays only a card from their own hand", "spec.games.svinya.pig_first")
CLAUSES.note("svinya-aces", "Aces go nowhere: an ace is never laid, and an ace on a shop never leaves it, "
             "not even for the pig", "spec.games.svinya.pig_first")


def _lay_refused(game, state, move) -> tuple[str, str]:
    """Which of the laying clauses refuses ``move``, and why."""
    p, card = state.to_move, move.card
    if card not in state.hands[p]:
        return "svinya-hold", Msg("P{player} does not hold {card}", player=p, card=str(card))
    if card.rank == Rank.ACE:
        return "svinya-aces", Msg("{card} cannot be laid: aces go nowhere (they stay in hand)", card=str(card))
    pig = ends(state.pig)
    if type(move) is ToPig:
        return "svinya-pig-build", game.pig_build_for(state.pig).why_not(card, state.hands[p], (pig,), 0,
                                                                          Msg("the pig"))
    near, o = game.near[p], move.owner
    if o not in near:
        return "svinya-neighbours", Msg("P{player} sheds only onto the shops of {neighbours}, not P{owner}'s",
                                        player=p, neighbours=Msg.join(Msg(" and "), [f"P{q}" for q in near]),
                                        owner=o)
    shop = state.shops[o]
    if not game.shop_build.fits(card, ends(shop)):
        name = (Msg("P{owner}'s shop (top {card})", owner=o, card=str(shop[-1])) if shop
                else Msg("P{owner}'s shop", owner=o))
        return "svinya-shop-build", game.shop_build.why_not(card, state.hands[p], (ends(shop),), 0, name)
    return "svinya-pig-first", Msg("{card} fits the pig, so it must go on the pig", card=str(card))


@CLAUSES.rule("svinya-pig-first", "A card that fits the pig must go on the pig, not on a shop", offers=(ToPig, ToShop),
              refused=_lay_refused)
def pig_first(game, state) -> tuple[ToPig | ToShop, ...]:
    """Every lay of the hand, card by card: on the pig if it fits there, else on each neighbour's shop
    it fits (the builds of :func:`pig_builds` and :func:`shop_builds`); an ace nowhere."""
    last = game.last_lays
    if last[0] is state:
        return last[1]
    p, shops, pig, shop = state.to_move, state.shops, state.pig, game.shop_build
    on_pig = game.pig_build.wants((pig[-1].rank,) if pig else ())
    suit = pig[0].suit if pig and game.suited_pig else None  # pig_suit = follow: the opener's suit only
    near = [(o, shop.wants((shops[o][-1].rank,) if shops[o] else ())) for o in game.near[p]]
    out = []
    for c in state.hands[p]:  # no build takes an ace: the pig's order has none, a shop's only as its first card
        r = c.rank
        if r in on_pig and (suit is None or c.suit is suit):
            out.append(TO_PIG[c])
            continue
        for o, takes in near:
            if r in takes:
                out.append(TO_SHOP[c, o])
    game.last_lays = (state, tuple(out))  # the stuck clause asks again, of the same state
    return game.last_lays[1]


def _lift_refused(game, state, move) -> tuple[str, str]:
    """Which of the lifting clauses refuses ``move``, and why."""
    p, o = state.to_move, move.owner
    if not 0 <= o < game.players:
        return "svinya-lift", Msg("there is no P{owner}: the shops are P0 to P{last}", owner=o, last=game.players - 1)
    shop = state.shops[o]
    if shop and shop[-1].rank == Rank.ACE:
        return "svinya-aces", Msg("the A on P{owner}'s shop stays there: aces go nowhere", owner=o)
    if game.rules.lift == "none":
        return "svinya-lift", Msg("shop cards never go to the pig (lift = none)")
    if game.rules.lift == "own" and o != p:
        return "svinya-lift", Msg("P{player} may lift only from their own shop (lift = own)", player=p)
    if not shop:
        return "svinya-lift", Msg("P{owner}'s shop is empty", owner=o)
    if not state.pig:
        return "svinya-lift", Msg("no pig is open: a new pig is opened from a hand, not from a shop")
    return "svinya-lift", Msg("the top of P{owner}'s shop, {card}, does not fit the pig: it takes {wants}",
                              owner=o, card=str(shop[-1]), wants=game.pig_wants(state))


@CLAUSES.rule("svinya-lift", "The top card of any shop, its first card included, may go on the open pig when "
              "it fits (decision; lift = own or none for the other readings)", offers=Lift, refused=_lift_refused)
def lift_fits(game, state) -> tuple[Lift, ...]:
    """The shops whose top card fits the open pig, among those the player may lift from."""
    pig, shops = state.pig, state.shops
    if not pig:
        return ()
    build = game.pig_build_for(pig)
    return tuple(LIFT[o] for o in game.lifters[state.to_move] if shops[o] and build.fits(shops[o][-1], ends(pig)))


@CLAUSES.rule("svinya-pig-close", "A king ends the pig, which is set aside")
def close_pig(pig: tuple[Card, ...], aside: tuple[Card, ...]):
    """``(pig, aside)`` after a card is laid on the pig."""
    if pig[-1].rank == PIG_END:
        return (), aside + pig
    return pig, aside


@CLAUSES.rule("svinya-next-pig", "Once a king has ended a pig, a player opens the next one with a 2 or a 6 "
              "from the hand (decision); with next_pig = talon the first 2 or 6 of the talon opens it at once")
def open_next_pig(pig: tuple[Card, ...], talon: tuple[Card, ...], rule: str, starters: frozenset):
    """``(pig, talon)`` after a pig may have ended: under ``next_pig = "talon"`` an ended pig is
    followed at once by the first 2 or 6 from the top of the talon, if it holds one."""
    if pig or rule != "talon":
        return pig, talon
    i = next((i for i, c in enumerate(talon) if c.rank in starters), None)
    if i is None:
        return pig, talon
    return (talon[i],), talon[:i] + talon[i + 1:]


def _stuck_refused(game, state, move) -> str:
    """Why a pass or a draw is refused."""
    hand, plays = state.hands[state.to_move], pig_first(game, state)
    # named as a player lists them: a card for the pig, else a card for a shop (P0, P1 ...), else a lift
    can = sorted(plays, key=lambda m: (type(m) is ToShop, hand.index(m.card), getattr(m, "owner", 0)))[:1]
    can = can or lift_fits(game, state)[:1]
    if can:
        return Msg("P{player} can play {move}, so may not {kind}", player=state.to_move, move=str(can[0]),
                   kind=move.kind)
    if type(move) is Draw:
        return (Msg("the talon is empty: pass") if game.rules.when_stuck == "draw"
                else Msg("a player who cannot lay passes (when_stuck = pass)"))
    return Msg("draw from the talon: a player who cannot lay draws while the talon lasts")


@CLAUSES.rule("svinya-stuck", "A player who can lay or lift nothing passes (decision); with a talon and "
              "when_stuck = draw, they draw its top card instead while it lasts", offers=(Draw, Pass),
              refused=_stuck_refused)
def stuck_only(game, state) -> tuple[Draw | Pass, ...]:
    """A draw (with a talon and ``when_stuck = "draw"``) or a pass, for a player who can lay or lift nothing:
    "able to play" is asked of the laying and lifting clauses themselves."""
    if pig_first(game, state) or lift_fits(game, state):
        return ()
    return DRAWS if game.rules.when_stuck == "draw" and state.talon else PASSES


@CLAUSES.rule("svinya-win", "The first player whose hand holds nothing but aces wins")
def shed_out(hands) -> tuple[int, ...]:
    return tuple(p for p, h in enumerate(hands) if all(map(ACES.__contains__, h)))


@CLAUSES.rule("svinya-blocked", "When every player has passed in turn the game is blocked; decision: the fewest "
              "cards in hand (aces not counted) win, or nobody (blocked = nobody)")
def blocked_winners(hands, rule: str) -> tuple[int, ...]:
    if rule == "nobody":
        return ()
    left = [sum(c.rank != Rank.ACE for c in h) for h in hands]
    return tuple(p for p, k in enumerate(left) if k == min(left))


# -------------------------------------------------------------------- game

class Svinya(Game[State, ToPig | ToShop | Lift | Draw | Pass]):
    info = INFO
    Rules = Rules
    move_kinds = (Pass, Draw, Lift, ToPig, ToShop)
    over_clause = "svinya-win"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.starters = PIG_STARTERS[self.rules.deck]
        self.pig_build, self.shop_build = pig_builds(self.starters), shop_builds(self.rules.empty_shop)
        # pig_suit = follow: a build of each suit, for the pig its opener started
        self.suited_pig = ({s: pig_builds(self.starters, s) for s in Suit} if self.rules.pig_suit == "follow"
                           else None)
        self.near = tuple(neighbours(p, self.players) for p in range(self.players))
        self.last_lays = (None, ())  # the lays of the last state asked (pig_first)
        lift = self.rules.lift
        self.lifters = tuple(() if lift == "none" else (p,) if lift == "own" else tuple(range(self.players))
                             for p in range(self.players))

    def player_range(self) -> range:
        # the pig, one shop each and at least one card each (hand_size each when fixed)
        per = max(1, self.rules.hand_size)
        top = min(self.info.max_players, (len(self.deck()) - 1) // (1 + per))
        return range(self.info.min_players, top + 1)

    def deck(self):
        return make_deck(self.rules.deck)

    def pig_build_for(self, pig: tuple[Card, ...]) -> Build:
        """How the pig ``pig`` is built: in its opener's suit under ``pig_suit = "follow"``."""
        return self.suited_pig[pig[0].suit] if pig and self.suited_pig else self.pig_build

    def pig_wants(self, state) -> str:
        """What the pig takes, in words (``"a 5"``, ``"a 2 or a 6 to open a new pig"``; ``"a 5♠"``
        for a pig that follows suit)."""
        said = self.pig_build_for(state.pig).said(ends(state.pig))
        return said if state.pig else Msg("{wants} to open a new pig", wants=said)

    def deal(self, seed: int) -> State:
        cards = list(self.deck())
        rng_for(seed).shuffle(cards)
        pig = cards.pop(pig_opener(tuple(cards), self.starters))
        n = self.players
        shops = deal_shops(tuple(cards[:n]), n)
        hands, talon = deal_hands(tuple(cards[n:]), n, self.rules.hand_size)
        return State(hands, shops, (pig,), (), talon, 1 % n, seed, 0, bool(shed_out(hands)))

    def position(self, hands: Sequence[Sequence[Card] | str], shops: Sequence[Sequence[Card] | str],
                 pig: Sequence[Card] | str = (), to_move: int = 0, *, aside: Sequence[Card] | str = (),
                 talon: Sequence[Card] | str = (), passes: int = 0, out: bool | None = None,
                 seed: int = 0) -> State:
        """A position of Svinya: the hands, each player's shop, the pig and the talon. How the verifier's
        checks and the tests set up play.

        ``hands``: the hands by seat, each kept in the order given (a deal sorts them). ``shops``: each
        seat's shop, bottom card first, the top (the card that may be lifted) last. ``pig``: the pig being
        built, bottom (its opening 2 or 6) first, top last; empty when the next pig is still to open.
        ``to_move``: the seat to play, default P0. ``aside``: the finished pigs' cards. ``talon``: the
        cards left to draw, the top (drawn first) first. ``passes``: passes in a row so far.
        ``out``: whether a player has shed every card but aces, default as the hands say (as after a
        deal). ``seed``: the deal's. Cards are :class:`~spec.cards.Card` values or card notation; a card
        named twice, or not of the rules' pack, raises ``ValueError`` (:func:`~spec.cards.check_named_once`)."""
        hands, shops = tuple(map(as_cards, hands)), tuple(map(as_cards, shops))
        pig, aside, talon = as_cards(pig), as_cards(aside), as_cards(talon)
        check_named_once(self.deck(), *hands, *shops, pig, aside, talon)
        out = bool(shed_out(hands)) if out is None else out
        return State(hands, shops, pig, aside, talon, to_move, seed, passes, out)

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return state.out or state.passes >= self.players

    def apply(self, state, move):
        p = state.to_move
        nxt = next_player(p, self.players)
        hands, shops, pig, aside, talon = state.hands, state.shops, state.pig, state.aside, state.talon
        if move is PASS or isinstance(move, Pass):
            return State(hands, shops, pig, aside, talon, nxt, state.seed, state.passes + 1)
        if isinstance(move, Draw):
            hand = sorted_hand(hands[p] + talon[:1])
            return State(hands[:p] + (hand,) + hands[p + 1:], shops, pig, aside, talon[1:], nxt, state.seed)
        rule = self.rules.next_pig
        if isinstance(move, Lift):
            o = move.owner
            pig, aside = close_pig(pig + shops[o][-1:], aside)
            if not pig:
                pig, talon = open_next_pig(pig, talon, rule, self.starters)
            shops = shops[:o] + (shops[o][:-1],) + shops[o + 1:]
            return State(hands, shops, pig, aside, talon, nxt, state.seed)
        card = move.card
        hand = tuple(c for c in hands[p] if c != card)
        hands = hands[:p] + (hand,) + hands[p + 1:]
        if isinstance(move, ToPig):
            pig, aside = close_pig(pig + (card,), aside)
            if not pig:
                pig, talon = open_next_pig(pig, talon, rule, self.starters)
        else:
            o = move.owner
            shops = shops[:o] + (shops[o] + (card,),) + shops[o + 1:]
        return State(hands, shops, pig, aside, talon, nxt, state.seed, 0, bool(shed_out((hand,))))

    def winners(self, state) -> tuple[int, ...]:
        return shed_out(state.hands) if state.out else blocked_winners(state.hands, self.rules.blocked)

    def outcome(self, state):
        win = self.winners(state)
        n, k = self.players, len(win)
        if not k:
            return Outcome(draw=True, returns=(0,) * n)
        return Outcome(winners=win, returns=tuple(n - k if p in win else -k for p in range(n)))

    def zones(self, state):
        z = {f"hand {i}": h for i, h in enumerate(state.hands)}
        z.update({f"shop {i}": s for i, s in enumerate(state.shops)})
        z["pig"] = state.pig
        z["aside"] = state.aside
        z["stock"] = state.talon  # the talon, face down
        return z

    def measure(self, state) -> int:
        """3 a talon card + 2 a hand card + 1 a shop card: every move but a pass lowers it."""
        return (WEIGHT["talon"] * len(state.talon) + WEIGHT["hand"] * sum(map(len, state.hands))
                + WEIGHT["shop"] * sum(map(len, state.shops)))

    def max_plays(self):
        # The measure starts at most at 3*(cards off the pig) - ..., precisely: the pig's card is on the
        # table; shops hold n; hands and talon the rest. Every move but a pass lowers the measure by at least
        # 1 (property measure_falls); at most n - 1 passes come between two such moves and n end the game.
        n = self.players
        rest = len(self.deck()) - 1 - n
        hand = rest if self.rules.hand_size == 0 else min(rest, self.rules.hand_size * n)
        start = WEIGHT["talon"] * (rest - hand) + WEIGHT["hand"] * hand + WEIGHT["shop"] * n
        return n * (start + 1)

    def describe_move(self, state):
        pig = _pig_text(state.pig) if state.pig else Msg("(none)")
        shops = " ".join(f"P{p}:{s[-1] if s else '-'}" for p, s in enumerate(state.shops))
        return Msg("| pig {pig} | shops {shops}", pig=pig, shops=shops)

    def describe(self, state):
        parts = [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h)) or "-")
                 for p, h in enumerate(state.hands)]
        parts.append(Msg("shops {shops}", shops=" ".join(f"P{p}:{' '.join(map(str, s))}"
                                                          for p, s in enumerate(state.shops))))
        parts.append(Msg("pig {pig}", pig=_pig_text(state.pig) or "-"))
        if state.talon:
            parts.append(Msg("talon {n}", n=len(state.talon)))
        return Msg.join("; ", parts)


def _pig_text(pig) -> str:
    """The pig as its ends once it is longer than three cards: it rises one rank at a time, so the ends say it all."""
    if len(pig) > 3:
        return Msg("{first}..{last} ({n} cards)", first=str(pig[0]), last=str(pig[-1]), n=len(pig))

    return " ".join(map(str, pig))


GAME = Svinya

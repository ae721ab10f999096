"""The stakes kit: a ledger of chips or money between players, a bank, a pot and a box;
and the rules of how much a player may stake or bid.

Stakes only ever *move*: :meth:`Ledger.pay` takes from one account and gives
to another, so the sum over all accounts never changes. Games that play for
stakes return their ledger from ``game.ledger(state)``; the generic property
``stakes_conserved`` checks the sum at every step.

>>> led = Ledger.open(players=3, stake=10, bank=100)
>>> led = led.pay("P0", "pot", 2).pay("P1", "pot", 2).pay("pot", "P1", 4)
>>> led["P0"], led["P1"], led["pot"], led.total
(8, 12, 0, 130)

How much may be staked is a kit rule written once (as the tricks kit's
:class:`~spec.tricks.Duties` is for following suit): :class:`Amounts` (bounded
amounts: a stake, a bet, chips in a box) and :class:`Raises` (a bid raised by a
fixed step, a limited number of times) each give the allowed amounts
(``options``) and, for any other amount, the sentence that refuses it
(``why_not``). A game's offering clause lists the options and its ``refused``
gives the sentence, so the bound that lists the moves is the bound that
refuses the others; ``tests/test_kit_stakes.py`` proves the two agree,
exhaustively over small bounds, limits and bankrolls.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from spec.errors import IllegalMove, VariantError
from spec.i18n import N_, Msg

#: Accounts that are not players.
BANK, POT, BOX = "bank", "pot", "box"


@dataclass(frozen=True)
class Ledger(Mapping[str, int]):
    """Balances by account: ``P0`` ... ``Pn`` for players, ``bank``, ``pot``, ``box``."""

    balances: tuple[tuple[str, int], ...]

    @classmethod
    def open(cls, *, players: int, stake: int = 0, bank: int = 0, pot: int = 0, box: int = 0) -> "Ledger":
        """Every player starts with ``stake``; the other accounts as given."""
        accounts = [(player_account(p), stake) for p in range(players)]
        accounts += [(BANK, bank), (POT, pot), (BOX, box)]
        return cls(tuple(accounts))

    def __getitem__(self, account: str) -> int:
        for name, amount in self.balances:
            if name == account:
                return amount
        raise KeyError(account)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.balances)

    def __len__(self) -> int:
        return len(self.balances)

    @property
    def total(self) -> int:
        return sum(amount for _, amount in self.balances)

    def pay(self, payer: str, payee: str, amount: int, *, clause: str = "stakes",
            allow_debt: bool = True) -> "Ledger":
        """Move ``amount`` from ``payer`` to ``payee``.

        ``allow_debt=False`` refuses a payment the payer cannot cover,
        naming ``clause``.
        """
        if amount < 0:
            raise ValueError("Ledger.pay: the amount must not be negative")
        if not allow_debt and payer in self and self[payer] < amount:
            raise IllegalMove(clause, Msg("{payer} holds {money}, cannot pay {amount}", payer=payer, money=self[payer],
                                          amount=amount))
        return self._moved({payer: -amount, payee: amount} if payer != payee else {payer: 0})

    def _moved(self, change: Mapping[str, int]) -> "Ledger":
        """The ledger with each account's balance changed by ``change`` (which sums to 0), in one pass."""
        out, found = [], 0
        for name, bal in self.balances:
            d = change.get(name)
            if d is not None:
                found += 1
                bal += d
            out.append((name, bal))
        if found < len(change):
            missing = next(a for a in change if a not in self)
            raise KeyError(f"Ledger.pay: no account {missing!r}")
        return Ledger(tuple(out))

    def player_returns(self, start: "Ledger", players: int) -> tuple[int, ...]:
        """Each player's gain since ``start``: the game's ``Outcome.returns``."""
        return tuple(self[player_account(p)] - start[player_account(p)] for p in range(players))


def player_account(seat: int) -> str:
    return f"P{seat}"


def next_still_in(out: Sequence[bool], seat: int) -> int | None:
    """The next seat clockwise after ``seat`` not ``out`` (folded, or out of the game), ``seat`` itself
    last; ``None`` when every seat is out.

    >>> next_still_in((False, True, False), 0), next_still_in((False, True, True), 0), next_still_in((True,), 0)
    (2, 0, None)
    """
    n = len(out)
    for step in range(1, n + 1):
        p = (seat + step) % n
        if not out[p]:
            return p
    return None


def check_ordered(rules, *pairs: tuple[str, str]) -> None:
    """A rules object's bounds, each pair given as the names of its low and high fields: a high
    bound below its low one is a :class:`~spec.errors.VariantError` on the high field's key."""
    for low_key, high_key in pairs:
        low, high = getattr(rules, low_key), getattr(rules, high_key)
        if high < low:
            raise VariantError(high_key, f"{high} is below {low_key} {low}", f"at least {low}")


#: A settlement as the rules state it: each account's gain (positive) or loss (negative).
Deltas = tuple[tuple[str, int], ...]


def settle(ledger: Ledger, deltas: Deltas, *, clause: str = "stakes") -> Ledger:
    """Carry out a settlement stated as gains and losses, by payments only.

    Rules often say what each party wins or loses ("the punter gets 2 from
    the banker", "the ace takes the pot"); this carries such a statement out
    as :meth:`Ledger.pay` calls would, the losers paying the gainers in account
    order (every account ends changed by its net gain or loss).
    Gains and losses that do not cancel cannot be paid: a ``ValueError``
    names the clause and the imbalance (a game's ``money_conserved`` property
    proves with z3 that its settlement rules never get here).

    >>> led = Ledger.open(players=2)
    >>> led = settle(led, (("P0", -3), ("pot", 2), ("P1", 1)))
    >>> led["P0"], led["P1"], led["pot"], led.total
    (-3, 1, 2, 0)
    >>> settle(led, (("P0", 1),), clause="leak")
    Traceback (most recent call last):
    ...
    ValueError: settlement of clause leak does not balance: gains and losses sum to 1
    """
    if not deltas:
        return ledger
    change: dict[str, int] = {}
    for account, d in deltas:
        if d:
            change[account] = change.get(account, 0) + d
    imbalance = sum(change.values())
    if imbalance:
        raise ValueError(f"settlement of clause {clause} does not balance: gains and losses sum to {imbalance}")
    # paying each gain from the losses in account order leaves every account changed by its net
    # gain or loss: the same ledger as those payments, made in one pass
    return ledger._moved(change)


def transfer(payer: int | str, payee: int | str, amount) -> Deltas:
    """The settlement in which ``payer`` loses ``amount`` and ``payee`` gains it: a seat by its
    number, another account by its name; the amount a number or a z3 term.

    >>> transfer(2, POT, 5), transfer(BOX, 0, 3)
    ((('P2', -5), ('pot', 5)), (('box', -3), ('P0', 3)))
    """
    return ((payer if type(payer) is str else player_account(payer), -amount),
            (payee if type(payee) is str else player_account(payee), amount))


def paid_out(account: str, shares: Sequence) -> Deltas:
    """The settlement in which ``account`` pays every seat its share, by seat (a pot returned or split).

    >>> paid_out(POT, (2, 0, 3))
    (('pot', -5), ('P0', 2), ('P1', 0), ('P2', 3))
    """
    return ((account, -sum(shares)),) + tuple((player_account(p), s) for p, s in enumerate(shares))


def share(amount, k: int):
    """An equal share of ``amount`` among ``k``, in whole chips rounded down (a z3 integer term divides
    the same way with ``/``), so that fewer than ``k`` odd chips are left.

    >>> [share(a, 4) for a in (0, 3, 4, 17)]
    [0, 0, 1, 4]
    """
    return amount // k if isinstance(amount, int) else amount / k


# ------------------------------------------------------------------ how much may be staked

@dataclass(frozen=True)
class Amounts:
    """Bounded amounts: every whole number from ``low`` to ``high`` that is a multiple of ``step``
    and, when the player's holding (``held``) is given, no more than it.

    ``outside`` and ``unpaid`` are the game's sentences for an amount out of bounds and for one
    the holding cannot pay (fields ``{amount}``, ``{low}``, ``{high}``, ``{step}``, ``{held}``), marked
    with ``N_`` so that they are said in the reader's language.

    >>> bets = Amounts(2, 8, step=2, outside="bet {low} to {high} in steps of {step}, not {amount}")
    >>> bets.options(), bets.options(held=5)
    ((2, 4, 6, 8), (2, 4))
    >>> bets.why_not(5), bets.why_not(6, held=5), bets.why_not(4, held=5)
    ('bet 2 to 8 in steps of 2, not 5', '6 is more than the 5 held', None)
    """

    low: int
    high: int
    step: int = 1
    outside: str = N_("{amount} is not allowed: {low} to {high}")
    unpaid: str = N_("{amount} is more than the {held} held")

    def options(self, held: int | None = None) -> tuple[int, ...]:
        """The allowed amounts, smallest first."""
        top = self.high if held is None else min(self.high, held)
        return tuple(range(-(-self.low // self.step) * self.step, top + 1, self.step))

    def why_not(self, amount: int, held: int | None = None) -> str | None:
        """The sentence refusing ``amount``, or ``None`` when it is allowed."""
        if not self.low <= amount <= self.high or amount % self.step:
            return Msg(self.outside, amount=amount, low=self.low, high=self.high, step=self.step, held=held)
        if held is not None and amount > held:
            return Msg(self.unpaid, amount=amount, low=self.low, high=self.high, step=self.step, held=held)
        return None


@dataclass(frozen=True)
class Raises:
    """Raise limits: the opening bid is ``step``, each raise adds ``step`` to the bid standing,
    and after the opening bid at most ``limit`` raises are made.

    The state of the bidding is the bid standing (``price``, 0 before the opening bid) and the
    number of bids made (``bids``: the opening bid and the raises). ``off_step`` and ``capped``
    are the game's sentences (fields ``{amount}``, ``{step}``, ``{want}``, ``{what}`` -- "the
    opening bid" or "a raise on PRICE" --, ``{price}``, ``{raised}``, ``{limit}``).

    >>> r = Raises(step=2, limit=1)
    >>> r.options(0, 0), r.options(2, 1), r.options(4, 2)
    ((2,), (4,), ())
    >>> r.why_not(3, 0, 0)
    'bids go up by 2: the opening bid is 2, not 3'
    >>> r.broken(6, 4, 2), r.why_not(6, 4, 2)
    ('limit', 'the bid of 4 has been raised 1 times, the most allowed: only a pass')
    """

    step: int
    limit: int
    off_step: str = N_("bids go up by {step}: {what} is {want}, not {amount}")
    capped: str = N_("the bid of {price} has been raised {raised} times, the most allowed: only a pass")

    def options(self, price: int, bids: int) -> tuple[int, ...]:
        """The one bid allowed (one step above the bid standing) while raises are left, else none."""
        return (price + self.step,) if bids <= self.limit else ()

    def broken(self, amount: int, price: int, bids: int) -> str | None:
        """Which limit refuses ``amount``: ``"step"`` (not one step up), ``"limit"`` (no raise
        left), or ``None`` (allowed)."""
        if amount != price + self.step:
            return "step"
        if bids > self.limit:
            return "limit"
        return None

    def why_not(self, amount: int, price: int, bids: int) -> str | None:
        """The sentence refusing ``amount``, or ``None`` when it is allowed."""
        broken = self.broken(amount, price, bids)
        if broken is None:
            return None
        what = Msg("the opening bid") if not price else Msg("a raise on {price}", price=price)
        text = self.off_step if broken == "step" else self.capped
        return Msg(text, amount=amount, step=self.step, want=price + self.step, what=what, price=price,
                   raised=bids - 1, limit=self.limit)

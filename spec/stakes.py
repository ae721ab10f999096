"""The stakes kit: a ledger of chips or money between players, a bank, a pot and a box.

Stakes only ever *move*: :meth:`Ledger.pay` takes from one account and gives
to another, so the sum over all accounts never changes. Games that play for
stakes return their ledger from ``game.ledger(state)``; the generic property
``stakes_conserved`` checks the sum at every step.

>>> led = Ledger.open(players=3, stake=10, bank=100)
>>> led = led.pay("P0", "pot", 2).pay("P1", "pot", 2).pay("pot", "P1", 4)
>>> led["P0"], led["P1"], led["pot"], led.total
(8, 12, 0, 130)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from spec.errors import IllegalMove

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
        if payer not in self or payee not in self:
            raise KeyError(f"Ledger.pay: no account {payer if payer not in self else payee!r}")
        if not allow_debt and self[payer] < amount:
            raise IllegalMove(clause, f"{payer} holds {self[payer]}, cannot pay {amount}")
        out = []
        for name, bal in self.balances:
            if name == payer:
                bal -= amount
            if name == payee:
                bal += amount
            out.append((name, bal))
        return Ledger(tuple(out))

    def player_returns(self, start: "Ledger", players: int) -> tuple[int, ...]:
        """Each player's gain since ``start``: the game's ``Outcome.returns``."""
        return tuple(self[player_account(p)] - start[player_account(p)] for p in range(players))


def player_account(seat: int) -> str:
    return f"P{seat}"


#: A settlement as the rules state it: each account's gain (positive) or loss (negative).
Deltas = tuple[tuple[str, int], ...]


def settle(ledger: Ledger, deltas: Deltas, *, clause: str = "stakes") -> Ledger:
    """Carry out a settlement stated as gains and losses, by payments only.

    Rules often say what each party wins or loses ("the punter gets 2 from
    the banker", "the ace takes the pot"); this turns such a statement into
    :meth:`Ledger.pay` calls, the losers paying the gainers in account order.
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
    imbalance = sum(d for _, d in deltas)
    if imbalance:
        raise ValueError(f"settlement of clause {clause} does not balance: gains and losses sum to {imbalance}")
    payers = [[a, -d] for a, d in deltas if d < 0]
    i = 0
    for payee, gain in deltas:
        while gain > 0:
            payer = payers[i]
            amount = min(gain, payer[1])
            ledger = ledger.pay(payer[0], payee, amount, clause=clause)
            payer[1] -= amount
            gain -= amount
            if payer[1] == 0:
                i += 1
    return ledger

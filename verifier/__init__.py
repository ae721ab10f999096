"""cardspec verifier: proves or refutes each game's invariants.

>>> from verifier import verify
>>> results = verify("sixty_one", only=["deck_value"])
>>> results[0].verdict, results[0].method
('holds', 'z3')
"""

from verifier.core import REGISTRY, Budget, Counterexample, Property, Result
from verifier.runner import games_for, verify

__all__ = ["REGISTRY", "Budget", "Counterexample", "Property", "Result", "games_for", "verify"]

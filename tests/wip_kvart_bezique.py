"""Kvart-bezique (work in progress): the hand scoring reproduces every worked example of the
source, and the exact score distribution under the deal is a probability distribution.
Run explicitly: ``.venv/bin/python -m pytest tests/wip_kvart_bezique.py``."""

from __future__ import annotations

from fractions import Fraction

import pytest

from spec.cards import parse_cards
from spec.games._wip_kvart_bezique import deal_chance, hand_score, hands, score_distribution

# the source's worked examples and stated values (003_7a0ed7952c70980c.txt, lines 61-82)
EXAMPLES = {"Q♠ Q♣ Q♥ K♥": 7, "A♠ A♥ A♦ A♣": 0, "K♠ K♥ K♦ K♣": 8, "J♠ J♥ J♦ J♣": 9, "K♥ Q♥ K♦ 10♦": 6,
            "Q♠ J♣ K♦ J♦": 6, "K♠ Q♠ J♠ 9♥": 6, "K♠ Q♠ J♠ 10♠": 9, "Q♠ J♣ Q♥ J♦": 9, "K♠ Q♠ J♠ J♣": 10}


@pytest.mark.parametrize("hand,score", EXAMPLES.items())
def test_the_sources_examples(hand, score):
    assert hand_score(parse_cards(hand)) == score


def test_every_hand_and_the_distribution():
    assert len(hands()) == 17550  # multisets of 4 from 24 kinds
    assert sum(deal_chance(h) for h in hands()) == 1
    dist = score_distribution()
    assert sum(dist.values()) == 1 and max(dist) == 10


def test_four_aces_score_less_than_three():
    """A finding: three aces and a nine score 6, four aces 0."""
    assert hand_score(parse_cards("A♠ A♥ A♦ 9♣")) == 6 > hand_score(parse_cards("A♠ A♥ A♦ A♣")) == 0
    assert score_distribution()[0] > Fraction(0)

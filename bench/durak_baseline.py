"""A minimal throw-in Durak written only to be fast: the benchmark's baseline.

Hands are bit masks over card ids ``(rank - 2) * 4 + suit``, the stock a
list popped from the end, beats looked up in a precomputed table; no checks,
no records, no notation, no state objects. It plays the same rules as
cardspec's ``throw_in`` preset (one-rank leads, a defender who must beat what
he can, throw-ins by every non-defender in turn up to the defender's hand,
drawing attacker first and defender last) and chooses among the same moves,
so random games have the same shape and length. Not used by cardspec itself.
"""

from __future__ import annotations

import random

# BEATERS[trump][card]: mask of the cards that beat ``card``
BEATERS = [[sum(1 << d for d in range(52)
                if (d & 3 == a & 3 and d > a) or (d & 3 == t and a & 3 != t)) for a in range(52)]
           for t in range(4)]
RANK = [0xF << (4 * r) for r in range(13)]
TRUMPS = [sum(1 << (4 * r + t) for r in range(13)) for t in range(4)]
# SUBSETS[nibble]: non-empty sub-nibbles with their sizes
SUBSETS = [[(s, bin(s).count("1")) for s in range(1, 16) if s & n == s] for n in range(16)]


def bits(m):
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def play(players: int, seed: int) -> int:
    """Play one random game; return the number of moves."""
    rng = random.Random(seed)
    randrange = rng.randrange
    deck = list(range(16, 52))  # six to ace
    rng.shuffle(deck)
    hands = [0] * players
    dealt = 6 * players
    for i in range(dealt):
        hands[i % players] |= 1 << deck[i]
    rest = deck[dealt:]
    if rest:
        trump = rest[0] & 3
        stock = rest[1:] + rest[:1]
    else:
        trump = deck[dealt - 1] & 3
        stock = []
    stock.reverse()  # pop() draws the top card
    beaters = BEATERS[trump]
    att, low = 0, 99
    tm = TRUMPS[trump]
    for p in range(players):
        t = hands[p] & tm
        if t:
            c = (t & -t).bit_length()
            if c < low:
                att, low = p, c
    out = []
    moves = 0

    def nxt(p):
        for k in range(1, players):
            q = (p + k) % players
            if hands[q]:
                return q
        return -1

    while True:
        dfd = nxt(att)
        limit = bin(hands[dfd]).count("1")
        h = hands[att]
        leads = []
        r = 0
        while h:
            nib = h & 0xF
            if nib:
                for s, n in SUBSETS[nib]:
                    if n <= limit:
                        leads.append(s << (4 * r))
            h >>= 4
            r += 1
        lead = leads[randrange(len(leads))]
        moves += 1
        hands[att] &= ~lead
        table = lead            # every card on the table
        open_ = bits(lead)      # attacking cards not yet beaten
        count = len(open_)
        ranks = 0
        for c in open_:
            ranks |= RANK[c >> 2]
        taking = False
        while True:
            if open_ and not taking:
                dh = hands[dfd]
                opts = []
                for a in open_:
                    m = dh & beaters[a]
                    if not m:
                        break
                    for d in bits(m):
                        opts.append((a, d))
                else:
                    moves += 1
                    a, d = opts[randrange(len(opts))]
                    open_.remove(a)
                    hands[dfd] = dh & ~(1 << d)
                    table |= 1 << d
                    ranks |= RANK[d >> 2]
                    continue
                moves += 1
                taking = True
                continue
            thrown = False
            if count < limit:
                for k in range(players):
                    p = (att + k) % players
                    if p == dfd:
                        continue
                    while count < limit:
                        cand = hands[p] & ranks
                        if not cand:
                            break
                        cs = bits(cand)
                        moves += 1
                        i = randrange(len(cs) + 1)
                        if i == len(cs):
                            break  # pass
                        c = cs[i]
                        hands[p] &= ~(1 << c)
                        table |= 1 << c
                        open_.append(c)
                        count += 1
                        thrown = True
                        if not taking:
                            break
                    if thrown and not taking:
                        break
            if thrown and not taking:
                continue
            break
        if taking:
            hands[dfd] |= table
        order = [(att + k) % players for k in range(players) if (att + k) % players != dfd] + [dfd]
        for p in order:
            need = 6 - bin(hands[p]).count("1")
            while need > 0 and stock:
                hands[p] |= 1 << stock.pop()
                need -= 1
        if not stock:
            for p in order:
                if not hands[p] and p not in out:
                    out.append(p)
        if players - len(out) <= 1:
            return moves
        att = nxt(dfd) if taking else (dfd if hands[dfd] else nxt(dfd))

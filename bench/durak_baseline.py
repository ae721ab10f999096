"""A minimal throw-in Durak written only to be fast: the benchmark's baseline.

Mutable lists, integer cards (``rank * 4 + suit``), no checks, no records,
no notation. It plays the same rules as cardspec's ``throw_in`` preset
(one-rank leads, a defender who must beat what he can, throw-ins by every
non-defender in turn up to the defender's hand, drawing attacker first and
defender last) and chooses among the same kinds of moves, so random games
have the same shape and length. Not used by cardspec itself.
"""

from __future__ import annotations

import random


def play(players: int, seed: int) -> int:
    """Play one random game; return the number of moves."""
    rng = random.Random(seed)
    deck = list(range(16, 52))  # ranks 6..A as (rank - 2) * 4 + suit
    rng.shuffle(deck)
    hands = [[] for _ in range(players)]
    for i in range(6 * players):
        hands[i % players].append(deck[i])
    rest = deck[6 * players:]
    if rest:
        trump = rest[0] & 3
        stock = rest[1:] + rest[:1]
    else:
        trump = deck[6 * players - 1] & 3
        stock = []
    stock.reverse()  # pop() from the end draws the top card
    att, low = 0, 99
    for p, h in enumerate(hands):
        for c in h:
            if c & 3 == trump and c < low:
                att, low = p, c
    out = []
    moves = 0
    randrange = rng.randrange

    def nxt(p):
        for k in range(1, players + 1):
            q = (p + k) % players
            if hands[q]:
                return q
        return -1

    while True:
        dfd = nxt(att)
        limit = len(hands[dfd])
        hand = hands[att]
        # lead: one card or several of one rank
        by_rank = {}
        for c in hand:
            by_rank.setdefault(c >> 2, []).append(c)
        leads = []
        for cs in by_rank.values():
            k = len(cs)
            for m in range(1, 1 << k):
                sub = [cs[i] for i in range(k) if m >> i & 1]
                if len(sub) <= limit:
                    leads.append(sub)
        lead = leads[randrange(len(leads))]
        moves += 1
        for c in lead:
            hand.remove(c)
        attack = list(lead)     # all attacking cards of the bout
        open_ = list(lead)      # not yet beaten
        covers = []
        ranks = {c >> 2 for c in lead}
        taking = False
        dh = hands[dfd]
        while True:
            if open_ and not taking:
                opts = []
                unable = False
                for a in open_:
                    found = False
                    for d in dh:
                        if (d & 3 == a & 3 and d > a) or (d & 3 == trump and a & 3 != trump):
                            opts.append((a, d))
                            found = True
                    if not found:
                        unable = True
                moves += 1
                if unable:
                    taking = True
                else:
                    a, d = opts[randrange(len(opts))]
                    open_.remove(a)
                    dh.remove(d)
                    covers.append(d)
                    ranks.add(d >> 2)
                continue
            # throw-in round, from the attacker round the table
            thrown = False
            if len(attack) < limit:
                for k in range(players):
                    p = (att + k) % players
                    if p == dfd:
                        continue
                    h = hands[p]
                    while len(attack) < limit:
                        cand = [c for c in h if c >> 2 in ranks]
                        if not cand:
                            break
                        moves += 1
                        i = randrange(len(cand) + 1)
                        if i == len(cand):
                            break  # pass
                        c = cand[i]
                        h.remove(c)
                        attack.append(c)
                        open_.append(c)
                        thrown = True
                        if not taking:
                            break
                    if thrown and not taking:
                        break
            if thrown and not taking:
                continue
            break
        if taking:
            dh.extend(attack)
            dh.extend(covers)
        # draw: attacker first round the table, defender last
        order = [(att + k) % players for k in range(players) if (att + k) % players != dfd] + [dfd]
        for p in order:
            h = hands[p]
            while len(h) < 6 and stock:
                h.append(stock.pop())
        if not stock:
            for p in order:
                if not hands[p] and p not in out:
                    out.append(p)
        if players - len(out) <= 1:
            return moves
        att = nxt(dfd) if taking else (dfd if hands[dfd] else nxt(dfd))

"""The rulebook's Play panel: a person plays one seat against a bot, in the page, through Pyodide.

The page's script makes one :class:`WebTable` and talks to it in JSON: :meth:`WebTable.view`
is what the seat sees (its zones, the sizes of the hidden ones, the public values, the moves so
far with the cards it could not see masked, its legal moves, and the result at the end), and
:meth:`WebTable.move` plays a move typed or clicked, or says which clause refuses it. The bots
play every other seat as far as the person's next decision. Pure standard library.

>>> table = WebTable("sixty_one", seed=3, seat=0, players=2, bot="random")
>>> view = json.loads(table.view())
>>> view["over"], view["to_move"], len(view["moves"]) > 0
(False, 0, True)
>>> json.loads(table.move("A♠ please"))["ok"]
False
"""

from __future__ import annotations

import json

from spec.bots import make_bot
from spec.errors import CardspecError
from spec.games import get_game
from spec.i18n import error_text, said, tr
from spec.seatview import masked_move, public_values, zone_rows

__all__ = ["WebTable"]


class WebTable:
    """One game in the page: seat ``seat`` is the person's, ``bot`` plays the others."""

    def __init__(self, game_id: str, *, seed: int, seat: int = 0, players: int | None = None,
                 bot: str = "ismcts:60", lang: str = "en") -> None:
        self.game = get_game(game_id)(players=players)
        self.lang = lang
        self.seat = seat
        self.bot = make_bot(bot, seed=seed)
        self.state = self.game.deal(seed)
        self.log: list[str] = []
        self._advance()

    def _play(self, move) -> None:
        mover = self.game.to_move(self.state)
        before = self.state
        self.state = self.game.play(self.state, move)
        self.log.append(f"P{mover}: {masked_move(self.game, move, before, self.state, (self.seat,), self.lang)}")

    def _advance(self, limit: int = 5000) -> None:
        """The bots' moves, and the person's forced ones, up to the person's next real decision (or
        ``limit`` moves: a game whose rules can loop is then shown as it stands, ``stalled``)."""
        g = self.game
        self.stalled = False
        for _ in range(limit):
            if g.is_over(self.state):
                return
            legal = g.legal_moves(self.state)
            if not legal:
                return
            mover = g.to_move(self.state)
            if mover == self.seat and len(legal) > 1:
                return
            self._play(legal[0] if mover == self.seat else self.bot.choose(g, self.state, mover))
        self.stalled = True

    def view(self) -> str:
        """What the seat sees, as JSON."""
        g, state = self.game, self.state
        over = g.is_over(state)
        out = {"game": g.info.id, "seat": self.seat, "players": g.players, "over": over,
               "to_move": None if over else g.to_move(state),
               "zones": [[name, cards] for name, cards in zone_rows(g, state, self.seat, self.lang)],
               "public": public_values(g, state, self.seat), "log": self.log[-40:], "moves": [],
               "stalled": self.stalled, "played": len(self.log)}
        if over:
            result = g.outcome(state)
            out["result"] = result.describe(self.lang)
            out["returns"] = list(result.returns)
        elif g.to_move(state) == self.seat:
            out["moves"] = [g.format_move(m, self.lang) for m in g.legal_moves(state)]
        return json.dumps(out, ensure_ascii=False)

    def move(self, text: str) -> str:
        """Play ``text`` for the seat; JSON ``{"ok": true}``, or why not: the clause label and its
        sentence, or the notation error."""
        g = self.game
        if g.is_over(self.state) or g.to_move(self.state) != self.seat:
            return json.dumps({"ok": False, "error": tr(self.lang, "it is not your turn")}, ensure_ascii=False)
        try:
            move = g.parse_move(text.strip())
        except CardspecError as exc:
            return json.dumps({"ok": False, "error": said(error_text(exc), self.lang)}, ensure_ascii=False)
        if move not in g.legal_moves(self.state):
            why = g.refusal(self.state, move)
            if why is None:
                said_ = tr(self.lang, "{move} is not a legal move here").format(move=g.format_move(move, self.lang))
                return json.dumps({"ok": False, "error": said_}, ensure_ascii=False)
            return json.dumps({"ok": False, "label": why[0], "sentence": said(why[1], self.lang)}, ensure_ascii=False)
        self._play(move)
        self._advance()
        return json.dumps({"ok": True})

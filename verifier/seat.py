"""Terminal play: a person plays one or more seats of any game against bots.

The person sees only what the seat sees: the zones of :meth:`~spec.engine.Game.zones` that are
not among the seat's :meth:`~spec.engine.Game.hidden_zones` (the others as a number of cards),
the public values the game's :meth:`~spec.engine.Game.observe` adds, and the moves so far, with
every card the seat could not see masked. A refused move is explained by the clause it breaks
(:meth:`~spec.engine.Game.refusal`): its label, its sentence and its place in the rulebook.

Commands at the prompt: a move in the game's notation (English or Russian ranks), ``?`` (the
legal moves), ``why MOVE``, ``hint`` (what the strongest bot would play), ``undo``, ``save
FILE``, ``quit``. End of input and Ctrl-C end the game cleanly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spec.bots import Bot, IsmctsBot
from spec.errors import CardspecError
from spec.i18n import N_, error_text, said, tr, zone_name
from spec.seatview import masked_move, public_values, zone_rows

__all__ = ["Session", "HELP"]

HELP = N_("a move as '?' lists them, '?' for the legal moves, 'why MOVE', 'hint', 'undo', 'save FILE', 'quit'")


def rulebook_anchor(game_id: str, label: str, lang: str = "en") -> str:
    """Where clause ``label`` is in the rulebook that ``cardspec docs`` builds (its page and anchor)."""
    edition = "html" if lang == "en" else f"html-{lang}"
    return f"docs/_build/{edition}/games/{game_id}.html#{label}"


@dataclass
class Session:
    """One game at the terminal: ``seats`` are the people, ``bot`` plays every other seat."""

    game: Any
    seed: int
    seats: tuple[int, ...]
    bot: Bot
    ask: Callable[[str], str]
    console: Console
    moves: list = field(default_factory=list)
    max_moves: int = 10_000
    save: Callable[[str, Any], None] | None = None
    #: the language of what the session says (``en``, ``ru``)
    lang: str = "en"

    def __post_init__(self) -> None:
        self.state = self.game.deal(self.seed)
        for m in self.moves:
            self.state = self.game.play(self.state, m)
        self.history: list[tuple[Any, int]] = []   # (state, moves played) before each human decision

    # ------------------------------------------------------------- running
    def run(self) -> int:
        """Play to the end; 0 when the game ended or the player stopped it."""
        g = self.game
        name = g.info.name_ru if self.lang == "ru" else f"{g.info.name_en} ({g.info.name_ru})"
        self.say("{name}, {n} players, seed {seed}; you play {seats}. Type ? for your moves; {help}.", name=name,
                 n=g.players, seed=self.seed, seats=", ".join(f"P{p}" for p in self.seats), help=tr(self.lang, HELP))
        while not g.is_over(self.state):
            if len(self.moves) >= self.max_moves:
                self.say("stopped: {n} moves played (--max-moves); the game has not ended", n=self.max_moves)
                return 0
            legal = g.legal_moves(self.state)
            if not legal:
                break
            mover = g.to_move(self.state)
            if mover not in self.seats:
                self._play(self.bot.choose(g, self.state, mover), mover)
            elif len(legal) == 1:
                self._play(legal[0], mover, note=tr(self.lang, " (forced)"))
            else:
                self.show(mover)
                if not self._ask(mover, legal):
                    return 0
        self._end()
        return 0

    def _ask(self, seat: int, legal: Sequence) -> bool:
        """Read commands until a legal move is played; ``False`` when the player stops."""
        g = self.game
        while True:
            try:
                text = self.ask(f"P{seat}> ").strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                self.say("game left unfinished")
                return False
            if not text:
                continue
            word, _, rest = text.partition(" ")
            if text in ("quit", "exit", "q"):
                self.say("game left unfinished")
                return False
            if text in ("?", "help", "moves"):
                self.say("legal moves: {moves}", moves="  ".join(g.format_move(m, self.lang) for m in legal))
            elif word == "why" and rest:
                self._why(rest, legal)
            elif text == "hint":
                hint = IsmctsBot(seed=self.seed + len(self.moves)).choose(g, self.state, seat)
                self.say("hint: {move}", move=g.format_move(hint, self.lang))
            elif text == "undo":
                if self.history:
                    self.state, n = self.history.pop()
                    del self.moves[n:]
                    self.say("undone: back to move {n}", n=n + 1)
                    self.show(g.to_move(self.state))
                    return self._ask(g.to_move(self.state), g.legal_moves(self.state))
                self.say("nothing to undo")
            elif word == "save" and rest:
                self._save(rest.strip())
            else:
                move = self._refused(text, legal)
                if move is not None:
                    self.history.append((self.state, len(self.moves)))
                    self._play(move, seat)
                    return True

    def _parse(self, text: str):
        try:
            return self.game.parse_move(text), None
        except CardspecError as exc:
            return None, said(error_text(exc), self.lang)

    def _refused(self, text: str, legal: Sequence):
        """The legal move ``text`` names, or ``None`` after saying why it is not one."""
        move, error = self._parse(text)
        if move is None:
            self.say("cannot read {text}: {error}; type ? for the legal moves", text=repr(text), error=error)
            return None
        if move in legal:
            return move
        self._explain(move)
        return None

    def _why(self, text: str, legal: Sequence) -> None:
        move, error = self._parse(text)
        if move is None:
            self.say("cannot read {text}: {error}", text=repr(text), error=error)
        elif move in legal:
            self.say("{move} is legal here", move=self.game.format_move(move, self.lang))
        else:
            self._explain(move)

    def _explain(self, move) -> None:
        why = self.game.refusal(self.state, move)
        if why is None:
            self.say("{move} is not a legal move here; type ? for the legal moves",
                     move=self.game.format_move(move, self.lang))
            return
        label, sentence = why
        self.say("refused by {label}: {sentence}", label=label, sentence=said(sentence, self.lang))
        self.say("  rulebook: {anchor}", anchor=rulebook_anchor(self.game.info.id, label, self.lang))

    def _save(self, path: str) -> None:
        record = self.game.record(self.seed, self.moves)
        try:
            (self.save or (lambda p, r: r.save(p)))(path, record)
        except CardspecError as exc:
            self.say("not saved: {error}", error=str(exc))
            return
        resume = f"cardspec play --replay {path} --seat " + " --seat ".join(map(str, self.seats))
        self.say("saved to {path}; resume with: {command}", path=path, command=resume)

    def _play(self, move, mover: int, note: str = "") -> None:
        before = self.state
        self.state = self.game.play(self.state, move)
        self.moves.append(move)
        text = masked_move(self.game, move, before, self.state, self.seats, self.lang)
        self.console.print(f"{len(self.moves):4}. P{mover}: {text}{note}", markup=False, highlight=False)

    # ------------------------------------------------------------ showing
    def show(self, seat: int) -> None:
        """What ``seat`` sees: its zones, the sizes of the hidden ones, the public values."""
        table = Table(title=tr(self.lang, "P{seat} to move (move {n})").format(seat=seat, n=len(self.moves) + 1),
                      show_header=False, expand=False)
        table.add_column("zone", style="bold")
        table.add_column("cards")
        own = said(zone_name(f"hand {seat}"), self.lang)
        for name, cards in zone_rows(self.game, self.state, seat, self.lang):
            table.add_row(name + (tr(self.lang, " (you)") if name == own else ""), cards)
        public = public_values(self.game, self.state, seat)
        if public:
            table.add_row(tr(self.lang, "public"), escape(public))
        self.console.print(table)

    def say(self, template: str, **fields) -> None:
        """Print a sentence of the session, in its language."""
        self.console.print(tr(self.lang, template).format(**fields), markup=False, highlight=False)

    def _end(self) -> None:
        out = self.game.outcome(self.state)
        self.say("game over after {n} moves: {result}", n=len(self.moves), result=out.describe(self.lang))
        if out.returns:
            you = tr(self.lang, " (you)")
            self.say("returns: {returns}", returns=", ".join(
                f"P{p}{you if p in self.seats else ''} {r:+g}" for p, r in enumerate(out.returns)))

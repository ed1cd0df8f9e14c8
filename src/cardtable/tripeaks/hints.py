"""Hints for Tri-Peaks (rule T10): a fair strong one, and Aisleriot's simple rule.

The fair hint knows only what the player sees: the face-up cards, the waste, how many cards
are left in the stock. The face-down cards and the stock order are unknown, but which cards
they are is not (every card not in sight). So it deals those unseen cards at random, many
times, into the face-down places and the stock, and in each such world scores every legal
move twice: does a simple play-out that only uses what it sees clear the tableau after it
(how a real player would fare), and can the tableau still be cleared at all (the exact
solver, which sees the whole world)? The move with the best total wins. The random deals
are seeded from the public state, so a position always gets the same hint, and two games
that look the same get the same hint whatever is hidden.

Measured on deals 100–399 played by following one hint on every move: the fair hint
cleared 181 (60.3%), Aisleriot's rule 150 (50.0%); the exact verdicts alone (no play-outs)
152, play-outs alone 166. ``benchmarks/hints.py`` repeats the comparison beside another
version: on deals 0–110 this hint cleared 73, Aisleriot's rule 61. Four times the worlds for
the play-outs (512, the exact verdicts weighted to keep this mix) cleared 72, in a third more
time: more samples are not what it lacks.

>>> from cardtable.tripeaks import TriPeaks
>>> game = TriPeaks(seed=3)
>>> fair_hint(game) in game.legal_moves(), aisleriot_hint(game) in game.legal_moves()
(True, True)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._rng import SplitMix64
from ._clear import Probe
from ._playout import playout
from ._position import Position
from .layout import COVERED_BY, COVERS, SIZE
from .scoring import Scoring

if TYPE_CHECKING:
    from .game import TriPeaks
    from .layout import Move

SAMPLES = 128
"""Worlds sampled for one fair hint: each gets a play-out per move."""
NODES = 60_000
"""Exact-search nodes for one fair hint in all; worlds sampled after they are spent get
play-outs only. A node budget rather than a clock keeps the hint the same on every machine
(about 0.2 s in all here)."""
NODES_PER_MOVE = 1_500
"""Nodes to settle one move in one world; unsettled moves count half a clear."""
_HALVES = {True: 2, None: 1, False: 0}


def aisleriot_hint(game: TriPeaks) -> Move | None:
    """Aisleriot's own rule: the playable card furthest down and right, else draw (rule T10).

    Positions are numbered top to bottom and left to right, so that is the highest playable
    position. ``None`` when the game is over.
    """
    moves = game.legal_moves()
    playable = [move for move in moves if isinstance(move, int)]
    if playable:
        return max(playable)
    return moves[0] if moves else None


def fair_hint(game: TriPeaks, *, samples: int = SAMPLES, nodes: int = NODES) -> Move | None:
    """The legal move that does best in worlds consistent with what the player sees: per
    world, 2 points if a seeing-only play-out then clears the tableau, 2 more if the tableau
    can still be cleared at all (1 when the search does not settle that in its budget).
    ``None`` when the game is over.

    Ties go to a play over a draw (the stock is the only reserve), then to the play that
    turns up more face-down cards, then to Aisleriot's order.
    """
    moves = game.legal_moves()
    if len(moves) <= 1:
        return moves[0] if moves else None
    view = PublicView.of(game)
    rng = SplitMix64(view.seed())
    points = dict.fromkeys(moves, 0)
    spent = 0
    for _ in range(samples):
        probe = Probe(view.sample(rng))
        for move in moves:
            points[move] += 2 * playout(probe.tables, probe.after(move))
            if spent < nodes:  # the exact verdicts, in the first worlds only: they cost more
                points[move] += _HALVES[probe.clears_after(move, NODES_PER_MOVE)]
        spent += probe.nodes

    def preference(move: Move) -> tuple[int, int, int, int]:
        if not isinstance(move, int):
            return points[move], 0, 0, -1
        return points[move], 1, view.turns_up(move), move

    return max(moves, key=preference)


@dataclass(frozen=True)
class PublicView:
    """What the player of a Tri-Peaks game can see, as card indices (0–51)."""

    face_up: tuple[tuple[int, int], ...]
    """(position, card) for each face-up tableau card."""
    face_down: tuple[int, ...]
    """The positions whose cards are face down."""
    removed: tuple[int, ...]
    waste: tuple[int, ...]
    stock_count: int
    run: int
    score: int
    scheme: Scoring

    @classmethod
    def of(cls, game: TriPeaks) -> PublicView:
        """Read ``game`` through its public face only: no face-down card, no stock order."""
        face_up, face_down, removed = [], [], []
        for p in range(SIZE):
            if game.is_face_up(p):
                face_up.append((p, game.card_at(p).index))  # type: ignore[union-attr]
            elif game.card_at(p) is None:
                removed.append(p)
            else:
                face_down.append(p)  # its card is not read
        return cls(
            tuple(face_up),
            tuple(face_down),
            tuple(removed),
            tuple(card.index for card in game.waste),
            game.stock_count,
            game.run,
            game.score,
            game._scheme,
        )

    def seed(self) -> int:
        """A seed drawn from the public state alone (stable across runs and machines)."""
        public = (self.face_up, self.removed, self.waste, self.stock_count, self.run, self.score)
        return int.from_bytes(hashlib.sha256(repr(public).encode()).digest()[:8], "big")

    def sample(self, rng: SplitMix64) -> Position:
        """One world consistent with the view: the unseen cards dealt at random."""
        seen = {card for _, card in self.face_up} | set(self.waste)
        unseen = [card for card in range(52) if card not in seen]
        rng.shuffle(unseen)
        ranks = [-1] * SIZE
        for p, card in self.face_up:
            ranks[p] = card % 13
        for p, card in zip(self.face_down, unseen, strict=False):
            ranks[p] = card % 13
        stock = unseen[len(self.face_down) :]
        return Position(
            ranks=tuple(ranks),
            top=self.waste[-1] % 13,
            draws=tuple(card % 13 for card in stock),
            run=self.run,
            score=self.score,
            scheme=self.scheme,
        )

    def turns_up(self, position: int) -> int:
        """How many face-down cards playing the card at ``position`` turns face up."""
        gone = {*self.removed, position}
        return sum(all(q in gone for q in COVERED_BY[parent]) for parent in COVERS[position])

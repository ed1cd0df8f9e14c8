"""The Tri-Peaks rules engine: GNOME Aisleriot's "Triple Peaks", exactly (rules T1–T10).

>>> game = TriPeaks(seed=7)
>>> game.stock_count, len(game.exposed()), game.score
(23, 10, 0)
>>> move = game.legal_moves()[0]
>>> game.apply(move); game.undo() == move
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, cast

from .._json import json_copy
from .._observable import Observable
from .._records import check_result, make_record, read_record
from .._rng import SplitMix64, check_seed, derive_seed
from ..cards import Card, parse_cards, standard_deck
from ..contract import TriPeaksView
from ..errors import IllegalMove
from ..intents import quote
from ..messages import Message, message
from ..outcome import Outcome, Termination
from . import picture
from .hints import aisleriot_hint, fair_hint
from .layout import COVERED_BY, COVERS, DRAW, PEAKS, SIZE, Move
from .saves import SAVE_FORMAT, SAVE_VERSION, load
from .scoring import Scoring, scheme_named

_CARDS = tuple(standard_deck())
_RANK = tuple(i % 13 for i in range(52))  # 0 = ace … 12 = king, by card index
_NEIGHBOURS = tuple(frozenset({(r + 1) % 13, (r - 1) % 13}) for r in range(13))  # T3: K↔A↔2
_BOTTOM = frozenset(p for p in range(SIZE) if not COVERED_BY[p])


def shuffled_deal(seed: int, round_number: int = 1) -> list[Card]:
    """The 52 cards of round ``round_number`` of the game with ``seed``, in deal order.

    Each round is an independent shuffle, so the deal of a round depends on nothing but the
    seed and the round (rule T8 shuffles all 52 cards again).

    >>> [c.code for c in shuffled_deal(1)][:3] == [c.code for c in shuffled_deal(1)][:3]
    True
    """
    cards = list(_CARDS)
    SplitMix64(derive_seed(seed, round_number)).shuffle(cards)
    return cards


class TriPeaks(Observable):
    """One game of Tri-Peaks.

    ``scoring`` is ``"standard"`` (rule T6) or ``"multiplier"`` (rule T7); ``progressive``
    deals a new round each time the tableau is cleared (rule T8). The same seed gives the same
    deal whatever the options, on every machine.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        scoring: str = "standard",
        progressive: bool = False,
        moves: Iterable[Move] = (),
    ) -> None:
        self._setup(check_seed(seed), None, scoring, progressive)
        self._deal(shuffled_deal(self._seed, 1))
        self._replay(moves)

    @classmethod
    def from_deck(
        cls,
        cards: object,
        *,
        scoring: str = "standard",
        progressive: bool = False,
        seed: int | None = None,
        moves: Iterable[Move] = (),
    ) -> TriPeaks:
        """A fixed deal: ``cards[0:28]`` to positions 0–27, ``cards[28]`` onto the waste and
        ``cards[29:]`` the stock, ``cards[29]`` drawn first. ``seed`` only shuffles the later
        rounds of a progressive game; ``moves`` are played at once, as in the constructor.

        >>> game = TriPeaks.from_deck([c.code for c in standard_deck()])
        >>> game.card_at(18), game.waste_top, game.stock_count
        (Card.parse('6H'), Card.parse('3D'), 23)
        """
        deck = _check_deck(cards)
        game = cls.__new__(cls)
        game._setup(check_seed(seed), tuple(deck), scoring, progressive)
        game._deal(deck)
        game._replay(moves)
        return game

    def _setup(
        self, seed: int, deck: tuple[Card, ...] | None, scoring: str, progressive: bool
    ) -> None:
        if not isinstance(progressive, bool):
            raise TypeError(f"progressive must be True or False, not {progressive!r}")
        self._scheme: Scoring = scheme_named(scoring)
        self._progressive = progressive
        self._seed = seed
        self._fixed_deck = deck
        self._score = 0
        self._run = 0
        self._round = 1
        self._won = False
        # Each step: (move, score before, run before, events, undo data).
        self._history: list[tuple[Move, int, int, list[dict[str, Any]], Any]] = []
        self._redo: list[Move] = []
        self._listeners: list[Callable[[TriPeaks], None]] = []

    def _replay(self, moves: Iterable[Move]) -> None:
        """``moves=``: each is played in turn; an illegal one raises :class:`IllegalMove`."""
        if isinstance(moves, str):
            raise TypeError(f"moves is a list of moves, not the text {moves!r}")
        for move in moves:
            self.apply(move)

    def _deal(self, cards: list[Card]) -> None:
        """Rule T2: 28 cards to the tableau, one face up to the waste, 23 in the stock."""
        indices = [card.index for card in cards]
        self._tableau = indices[:SIZE]
        self._waste = [indices[SIZE]]
        self._stock = indices[:SIZE:-1]  # reversed: the next card drawn is popped from the end
        self._exposed = set(_BOTTOM)
        self._left = SIZE

    # ----------------------------------------------------------------- reading the table
    @property
    def scoring(self) -> str:
        """``"standard"`` or ``"multiplier"``."""
        return self._scheme.name

    @property
    def progressive(self) -> bool:
        """Whether a cleared tableau is dealt again (rule T8)."""
        return self._progressive

    @property
    def seed(self) -> int:
        """The seed of the deal (and of later rounds). It never crosses into a view."""
        return self._seed

    def fixed_deal(self) -> bool:
        """True for a deal given card by card (:meth:`from_deck`), False for a seeded one."""
        return self._fixed_deck is not None

    def card_at(self, position: int) -> Card | None:
        """The card at ``position`` (face up or not), or ``None`` once it has been played."""
        card = self._tableau[_check_position(position)]
        return None if card < 0 else _CARDS[card]

    def is_face_up(self, position: int) -> bool:
        """True when the card at ``position`` is on the table and nothing covers it (rule T1)."""
        return _check_position(position) in self._exposed

    def exposed(self) -> list[int]:
        """The positions whose cards can be played if their rank fits (rule T1), sorted."""
        return sorted(self._exposed)

    @property
    def waste_top(self) -> Card:
        """The top card of the waste (never empty, rule T2)."""
        return _CARDS[self._waste[-1]]

    @property
    def waste(self) -> list[Card]:
        """The waste, bottom first: every card on it is face up."""
        return [_CARDS[i] for i in self._waste]

    @property
    def stock_count(self) -> int:
        """How many cards are left in the stock."""
        return len(self._stock)

    @property
    def stock(self) -> list[Card]:
        """The stock, next card to be drawn first. Hidden from players: an analysis aid."""
        return [_CARDS[i] for i in reversed(self._stock)]

    @property
    def run(self) -> int:
        """The length of the current run: cards played since the last draw or deal (rule T5)."""
        return self._run

    @property
    def score(self) -> int:
        """The score (rules T6, T7)."""
        return self._score

    @property
    def round(self) -> int:
        """1 + the number of progressive redeals (rule T8)."""
        return self._round

    @property
    def won(self) -> bool:
        """True once the tableau is cleared outside progressive mode (rule T9)."""
        return self._won

    @property
    def over(self) -> bool:
        """True when the game is finished: won, or no move left (rule T9)."""
        return self._won or (not self._stock and not self._playable())

    def outcome(self) -> Outcome | None:
        """How the game ended (rule T9), or ``None`` while a move is left.

        >>> TriPeaks(seed=1).outcome() is None
        True
        """
        if not self.over:
            return None
        if self._won:
            return Outcome(Termination.CLEARED, (0,), (self._score,))
        return Outcome(Termination.BLOCKED, (), (self._score,))

    @property
    def tableau_left(self) -> int:
        """How many cards are still on the tableau in this round."""
        return self._left

    @property
    def moves(self) -> list[Move]:
        """The moves made so far, oldest first (undone moves excluded)."""
        return [step[0] for step in self._history]

    @property
    def events(self) -> list[dict[str, Any]]:
        """Everything that happened, oldest first, as JSON-ready dicts (copies)."""
        return [json_copy(event) for step in self._history for event in step[3]]

    @property
    def last_events(self) -> list[dict[str, Any]]:
        """The events of the most recent move (empty at the start)."""
        return [json_copy(event) for event in self._history[-1][3]] if self._history else []

    def can_play(self, position: int) -> bool:
        """True when the card at ``position`` may go onto the waste now (rules T1, T3, T9)."""
        return self._why_not(position) is None

    def legal_moves(self) -> list[Move]:
        """The moves a player could make now: playable positions, sorted, then ``"draw"``."""
        if self._won:
            return []
        moves: list[Move] = list(self._playable())
        if self._stock:
            moves.append(DRAW)
        return moves

    def _playable(self) -> list[int]:
        near = _NEIGHBOURS[_RANK[self._waste[-1]]]
        tableau = self._tableau
        return [p for p in sorted(self._exposed) if _RANK[tableau[p]] in near]

    def hint(self, strategy: str = "fair") -> Move | None:
        """A good move now, or ``None`` when the game is over (rule T10).

        ``"fair"``: the move that keeps the tableau clearable in the most deals of the unseen
        cards — it knows only what the player sees (about 0.1 s). ``"aisleriot"``: Aisleriot's
        own rule, the playable card furthest down and right, else draw.
        """

        if strategy == "fair":
            return fair_hint(self)
        if strategy == "aisleriot":
            return aisleriot_hint(self)
        raise ValueError(f"strategy must be 'fair' or 'aisleriot', not {strategy!r}")

    def initial(self) -> TriPeaks:
        """A new game standing where the current round was dealt: same cards, no move of the
        round made (earlier rounds replayed). This game is not changed.

        For looking back once a game is over, without spoiling one in play:
        ``solve(game.initial(), objective="score")`` tells whether the deal could be cleared
        and the best score it allowed.

        >>> game = TriPeaks(seed=4); game.draw()
        >>> game.initial().stock_count, game.stock_count
        (23, 22)
        """
        game = self.replay()
        for move in self.moves:
            if game._round == self._round:
                break
            game.apply(move)
        return game

    def replay(self) -> TriPeaks:
        """The same deal again from its first card, score 0, with the same options (in
        progressive mode: the first round's deal). This game is not changed.

        >>> game = TriPeaks(seed=4); game.draw()
        >>> again = game.replay()
        >>> again.stock_count, again.score, again.waste_top == TriPeaks(seed=4).waste_top
        (23, 0, True)
        """
        game = TriPeaks.__new__(TriPeaks)
        game._setup(self._seed, self._fixed_deck, self._scheme.name, self._progressive)
        game._deal(list(self._fixed_deck or shuffled_deal(self._seed, 1)))
        return game

    # ----------------------------------------------------------------- moves
    def play(self, position: int) -> None:
        """Move the exposed card at ``position`` onto the waste (rules T3, T5–T8)."""
        reason = self._why_not(position)
        if reason is not None:
            raise IllegalMove(reason)
        self._play(position)
        self._redo.clear()
        self._notify()

    def draw(self) -> None:
        """Turn the top stock card onto the waste (rule T4)."""
        if self._won:
            raise IllegalMove(_OVER)
        if not self._stock:
            raise IllegalMove(message("tripeaks.stock_empty", "T4"))
        self._draw()
        self._redo.clear()
        self._notify()

    def apply(self, move: Move) -> None:
        """Play a position or ``"draw"``: whichever ``move`` names."""
        if move == DRAW and isinstance(move, str):
            self.draw()
        else:
            self.play(move)  # type: ignore[arg-type]

    def _why_not(self, position: object) -> Message | None:
        if isinstance(position, bool) or not isinstance(position, int):
            return message("tripeaks.not_a_move", "T1", sent=repr(position))
        if not 0 <= position < SIZE:
            return message("tripeaks.no_position", "T1", sent=quote(position))
        if self._won:
            return _OVER
        reason = self._why_not_card(position)
        if reason is not None and self.over:
            return _OVER
        return reason

    def _why_not_card(self, position: int) -> Message | None:
        card = self._tableau[position]
        if card < 0:
            return message("tripeaks.played")
        if position not in self._exposed:
            # Name only what the player can see: a covering card may itself be face down.
            over = [q for q in COVERED_BY[position] if self._tableau[q] >= 0]
            seen = [_CARDS[self._tableau[q]].code for q in over if q in self._exposed]
            return message(
                "tripeaks.face_down", "T1", covering=seen, hidden=len(over) - len(seen),
                over=len(over),
            )  # fmt: skip
        top = self._waste[-1]
        if _RANK[card] not in _NEIGHBOURS[_RANK[top]]:
            return message("tripeaks.no_fit", "T3", card=_CARDS[card].code, top=_CARDS[top].code)
        return None

    def _play(self, position: int) -> None:
        tableau = self._tableau
        card = tableau[position]
        score_before, run_before = self._score, self._run
        tableau[position] = -1
        self._left -= 1
        exposed = self._exposed
        exposed.discard(position)
        for parent in COVERS[position]:
            a, b = COVERED_BY[parent]
            if tableau[a] < 0 and tableau[b] < 0:
                exposed.add(parent)
        self._waste.append(card)
        run = self._run = run_before + 1
        scheme = self._scheme
        points = scheme.card_points[run]
        events: list[dict[str, Any]] = [
            {
                "type": "play",
                "position": position,
                "card": _CARDS[card].code,
                "run": run,
                "points": points,
                "rule": scheme.rule,
            }
        ]
        if position in PEAKS:
            last = self._left == 0
            bonus = scheme.last_peak_bonus if last else scheme.peak_bonus
            points += bonus
            events.append(
                {
                    "type": "bonus",
                    "reason": "last peak" if last else "peak",
                    "points": bonus,
                    "rule": scheme.rule,
                }
            )
        self._score = score_before + points
        undo_data: Any = position
        if self._left == 0:
            events.append({"type": "clear", "round": self._round})
            if self._progressive:
                undo_data = (position, self._snapshot_round())
                self._round += 1
                self._deal(shuffled_deal(self._seed, self._round))
                self._run = 0
                events.append({"type": "deal", "round": self._round, "waste": self.waste_top.code})
            else:
                self._won = True
                events.append({"type": "won", "score": self._score})
        self._history.append((position, score_before, run_before, events, undo_data))

    def _draw(self) -> None:
        card = self._stock.pop()
        self._waste.append(card)
        score_before = self._score
        self._score = max(0, score_before - self._scheme.draw_cost)  # T6: never below 0
        points = self._score - score_before
        events = [
            {"type": "draw", "card": _CARDS[card].code, "points": points, "rule": self._scheme.rule}
        ]
        self._history.append((DRAW, score_before, self._run, events, None))
        self._run = 0

    def _snapshot_round(self) -> tuple[list[int], list[int], list[int], int]:
        return (list(self._tableau), list(self._stock), list(self._waste), self._round)

    # ----------------------------------------------------------------- undo and redo
    def undo(self) -> Move | None:
        """Take back the last move, score included (rule T10); return it, or ``None``."""
        if not self._history:
            return None
        move = self._take_back()
        self._redo.append(move)
        self._notify()
        return move

    def redo(self) -> Move | None:
        """Make the most recently undone move again; return it, or ``None``."""
        if not self._redo:
            return None
        move = self._redo.pop()
        if move == DRAW:
            self._draw()
        else:
            self._play(move)  # type: ignore[arg-type]
        self._notify()
        return move

    def _take_back(self) -> Move:
        move, score, run, _events, data = self._history.pop()
        self._score, self._run, self._won = score, run, False
        if move == DRAW:
            self._stock.append(self._waste.pop())
            return move
        if isinstance(data, tuple):  # the play that cleared a progressive round
            position, (tableau, stock, waste, round_number) = data
            self._tableau, self._stock, self._waste, self._round = (
                tableau,
                stock,
                waste,
                round_number,
            )
            self._exposed = {position}
            self._left = 0
        else:
            position = data
            self._exposed.add(position)
            for parent in COVERS[position]:
                self._exposed.discard(parent)
        self._tableau[position] = self._waste.pop()
        self._left += 1
        return move

    # ----------------------------------------------------------------- views and saves
    def view(self) -> TriPeaksView:
        """What a player can see, JSON-ready: no face-down card, no stock order, no seed.

        Cards are wire codes; a tableau slot is ``{"card": code, "face_up": true}``,
        ``{"card": null, "face_up": false}`` while covered, or ``null`` once played.
        """
        tableau: list[dict[str, Any] | None] = []
        for position, card in enumerate(self._tableau):
            if card < 0:
                tableau.append(None)
            elif position in self._exposed:
                tableau.append({"card": _CARDS[card].code, "face_up": True})
            else:
                tableau.append({"card": None, "face_up": False})
        over = self.over
        view = {
            "game": "tripeaks",
            "tableau": tableau,
            "waste": self.waste_top.code,
            "waste_count": len(self._waste),
            "stock_count": len(self._stock),
            "score": self._score,
            "run": self._run,
            "round": self._round,
            "scoring": self._scheme.name,
            "progressive": self._progressive,
            "legal": self.legal_moves(),
            "won": self._won,
            "over": over,
            "moves": len(self._history),
            "can_undo": bool(self._history),
            "can_redo": bool(self._redo),
            "last": self.last_events,
        }
        return cast(TriPeaksView, view)

    def to_json(self) -> str:
        """The game as JSON: its options, its seed (or deck) and its moves, redo list included."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "seed": self._seed,
                "deck": None if self._fixed_deck is None else [c.code for c in self._fixed_deck],
                "scoring": self._scheme.name,
                "progressive": self._progressive,
                "moves": self.moves,
                "redo": list(self._redo),
                "score": self._score,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> TriPeaks:
        """Rebuild a saved game, history included. A corrupted or tampered save raises
        :class:`IllegalMove` saying what is wrong."""
        return load(cls, text)

    def record(self, players: Sequence[str] = ("You",)) -> dict[str, Any]:
        """The game as a record to keep or share (JSON-ready; see ``cardtable._records``): its
        save, the player's name and how it ended. ``TriPeaks.from_record`` rebuilds it.

        >>> game = TriPeaks(seed=5); game.draw()
        >>> record = game.record()
        >>> record["result"]["score"], TriPeaks.from_record(record).moves
        (0, ['draw'])
        """
        return make_record("tripeaks", self.to_json(), players, self._result())

    @classmethod
    def from_record(cls, record: object) -> TriPeaks:
        """Rebuild the game of a record (its JSON text or its dict). A record of any other
        shape, or one whose result its moves do not give, raises :class:`IllegalMove`."""
        save, _, result = read_record(record, "tripeaks")
        game = cls.from_json(save)
        check_result(result, game._result())
        return game

    def _result(self) -> dict[str, Any]:
        outcome = self.outcome()
        return {
            "over": self.over,
            "won": self.won,
            "score": self._score,
            "round": self._round,
            "moves": len(self._history),
            "termination": None if outcome is None else outcome.termination.value,
        }

    # ----------------------------------------------------------------- observers
    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __repr__(self) -> str:
        """Code that rebuilds the game: ``TriPeaks(seed=7, moves=[22, 'draw'])``."""
        options = [] if self.scoring == "standard" else [f"scoring={self.scoring!r}"]
        if self._progressive:
            options.append("progressive=True")
        if self._fixed_deck is None:
            head = [f"seed={self._seed}"]
        else:
            deck = " ".join(card.code for card in self._fixed_deck)
            head = [repr(deck), *([f"seed={self._seed}"] if self._progressive else [])]
        moves = [f"moves={self.moves!r}"] if self._history else []
        call = "TriPeaks(" if self._fixed_deck is None else "TriPeaks.from_deck("
        return call + ", ".join([*head, *options, *moves]) + ")"

    def __str__(self) -> str:
        """What the player sees, as text (``print(game)``)."""
        return picture.text(self.view())

    def _repr_svg_(self) -> str:
        """What the player sees, drawn (Jupyter shows a game so)."""
        return picture.svg(self.view())


_OVER = message("tripeaks.over", "T9")


def _check_position(position: object) -> int:
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < SIZE:
        raise IllegalMove(message("tripeaks.no_position", "T1", sent=quote(position)))
    return position


def _check_deck(cards: object) -> list[Card]:
    """A fixed deal: a bad one is a bad option, a ``ValueError``/``TypeError`` (not a move)."""
    deck = parse_cards(cards)  # TypeError/ValueError name what is not a card
    codes = {card.code for card in deck}  # parse_cards gave the canonical cards: check by code
    if len(deck) != 52 or len(codes) != 52 or "JK" in codes:
        raise ValueError(
            f"A Tri-Peaks deal lists each of the 52 cards of a standard deck once, no jokers; "
            f"got {len(deck)} cards, {len(codes)} different (rule T2)."
        )
    return deck

"""The Stoeptegel rules engine: rounds, the stoeptegel choice, turns and scoring (B1–B27).

>>> game = Stoeptegel(players=2, seed=11)
>>> game.phase, game.round, [len(game.hand(s)) for s in range(2)]
('choose', 1, [6, 6])
>>> for seat in range(2):
...     game.choose(seat, game.hand(seat)[0])
>>> game.phase, game.to_move, len(game.hand(0))
('play', 0, 5)
>>> game.pass_turn(0); game.to_move
1

Choices the rules leave open, and what this engine does (the notebooks quote this list):

- **Deal** (B2, API): the three cards after the hands go to rows 0, 1, 2; a joker among them
  leaves the game and the stock's top card replaces it (again if that is a joker), rows left to
  right. Round 1 of a game with a fixed ``deck`` uses that deck; every later round, and every
  round of a seeded game, is shuffled from ``derive_seed(seed, round)``.
- **Hands** are kept sorted (spades, hearts, diamonds, clubs; ace to king).
- **The choice** is secret: the recipient sees the card it was given only when play starts
  (B3); the giver sees it at once. Seats may choose in any order.
- **Empty stock** (B22): a joker laid then simply leaves; the row keeps what lay under it, and
  the card still counts as laid for B25.
- **A 4 with nowhere to go** (B18): when the other two rows are closed it stays where it was
  laid, and the ``slide`` event says so (``from == to``).
- **Round end (b)** (B24): after every turn the next seat is looked at; if it has no cards the
  round ends at once. A player without cards is therefore never on turn and never passes.
- **Reaching the target during a round** (B27): the round stops at once; the stoeptegels are
  revealed (``round_end`` with ``reason: "target"``) but no B26 point is scored.
- **B26** checks each stoeptegel against the open rows only (nothing may be laid on a closed
  row, B8); a joker stoeptegel therefore scores its point when any row is still open.
- **Events** are JSON-ready dicts (cards as wire codes) and should be treated as read-only.
  A ``play`` names the rule the card was laid under; the ``slide``, ``clear``, ``close``,
  ``turn`` and ``joker`` events it causes follow it and carry the same ``seat``.
- **Scores are public**: a ``points`` event tells everyone who scored and by which rule; the
  stoeptegel and the matching rows are shown only to the seats that know that stoeptegel (B4).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .._json import json_copy
from .._observable import Observable
from .._records import check_result, make_record, read_record
from .._rng import check_seed
from ..cards import Card
from ..contract import StoeptegelView
from ..errors import IllegalMove
from ..intents import quote
from ..messages import Message, message, say
from ..naming import player
from ..outcome import Outcome, Termination
from . import picture
from .deal import (
    OFFSET_NAMES,
    check_deck,
    check_players,
    check_target,
    offset_kind,
    recipient,
    shuffled_deck,
    split_deal,
)
from .effects import Event, Table
from .legality import CLOSED_REASON, RULE_OF, WOKEN_CLOSED_REASON, legal_pairs, reason_at
from .rows import CARDS, CLOSED, JOKER, PLAYED, RANK, Row
from .rules import Rules, check_rules
from .saves import SAVE_FORMAT, SAVE_VERSION, load
from .scenarios import scenario_spec, scenario_state
from .scoring import end_round, round_over, score_card
from .state import RoundState
from .view import seat_events, seat_view

_INDEX = {card: i for i, card in enumerate(CARDS)}
_SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")

Action = tuple[Any, ...]
"""A recorded action: ``("choose", seat, code)``, ``("play", seat, code, row)`` or
``("pass", seat)``."""


class Stoeptegel(Observable):
    """One game of Stoeptegel for 2–6 players (``rules/stoeptegel.md``, rules B1–B27).

    ``seed`` makes every deal repeatable (one is drawn when omitted and kept in the save);
    ``deck`` fixes round 1: 54 cards, seat ``s`` gets ``deck[6s:6s+6]``, the rows the next
    three, the rest is the stock, first listed drawn first. ``target`` is the winning score.
    ``rules`` are the house rules the table plays (:class:`Rules`, Part C; Part B by default).

    >>> Stoeptegel(players=2, seed=2, target=9, rules=Rules(ten_on_ten=True))
    Stoeptegel(players=2, seed=2, target=9, rules=Rules(ten_on_ten=True))
    """

    _fixed_deck: tuple[str, ...] | None

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        *,
        target: int = 30,
        deck: object = None,
        rules: Rules | None = None,
    ) -> None:
        self._setup(check_players(players), check_seed(seed), check_target(target), rules)
        if deck is None:
            cards = shuffled_deck(self._seed, 1)
        else:
            cards = check_deck(deck)
            self._fixed_deck = tuple(CARDS[c].code for c in cards)
        self._deal(cards)

    def _setup(self, players: int, seed: int, target: int, rules: object) -> None:
        self._rules = check_rules(rules)
        self._s = RoundState(players, target, [0] * players, dealer=players - 1, rules=self._rules)
        self._seed = seed
        self._fixed_deck = None
        self._scenario: dict[str, Any] | None = None
        self._actions: list[Action] = []
        self._listeners: list[Callable[[Stoeptegel], None]] = []

    def _deal(self, cards: list[int]) -> None:
        """Rules B2 and B3: a new round in the choose phase."""
        self._s.round += 1
        if self._s.round > 1:
            self._s.dealer = (self._s.dealer + 1) % self._s.players
        self._s.new_round()
        hands, starting, stock, removed = split_deal(cards, self._s.players)
        self._s.hands = hands
        self._s.hidden_out = 0
        self._s.table = Table(
            [[card] for card in starting], stock, [JOKER] * len(removed), self._rules
        )
        self._s.phase = "choose"
        self._s.open_window()
        self._s.events.append(
            {
                "type": "deal",
                "round": self._s.round,
                "dealer": self._s.dealer,
                "first": (self._s.dealer + 1) % self._s.players,
                "hands": [[CARDS[c].code for c in hand] for hand in hands],
                "rows": [CARDS[c].code for c in starting],
                "jokers_removed": removed,
                "stock_count": len(stock),
                "stoeptegel_to": OFFSET_NAMES[
                    offset_kind(self._s.round, self._s.players, self._rules)
                ],
                "rule": "B2",
            }
        )

    @classmethod
    def scenario(
        cls,
        hands: list[object],
        rows: list[object],
        stoeptegels: list[object],
        *,
        stock: object = (),
        to_move: int = 0,
        scores: list[int] | None = None,
        target: int = 30,
        round: int = 1,
        dealer: int | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> Stoeptegel:
        """A game already in the play phase, set up by hand: for lessons and tests.

        ``hands`` gives each seat's cards (their number is the number of players);
        ``rows`` three rows, each as text or a list of cards, bottom first (the first is the
        inert starting card, the rest played), or as ``{"cards": ..., "played": [...]}`` or a
        :class:`Row`; ``stoeptegels[s]`` is the card seat ``s`` owns (given by the seat rule B3
        names for ``round``); ``stock`` is drawn first card first; cards named nowhere are out of
        the game. Later rounds are dealt from ``seed``; ``rules`` are the table's house rules
        (:class:`Rules`). The scenario is kept in the save.

        >>> game = Stoeptegel.scenario(["4S 9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"])
        >>> game.play(0, "4S", 2); str(game.rows[0])
        'K♣ · 4♠'
        """
        checked = check_rules(rules)
        try:
            spec = scenario_spec(
                hands, rows, stoeptegels, stock, to_move, scores, target, round, dealer, checked
            )
        except (TypeError, ValueError) as error:  # bad options: the same kind, said plainly
            kind = TypeError if isinstance(error, TypeError) else ValueError
            raise kind(f"This scenario is not a Stoeptegel table: {error}") from None
        game = cls.__new__(cls)
        game._setup(len(spec["hands"]), check_seed(seed), spec["target"], checked)
        game._scenario = spec
        game._s = scenario_state(spec, spec["target"], checked)
        return game

    # ----------------------------------------------------------------- reading the table
    @property
    def players(self) -> int:
        """The number of seats (2–6)."""
        return self._s.players

    @property
    def rules(self) -> Rules:
        """The house rules this table plays (Part C); ``Rules()`` is Part B throughout."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed of the deals. It never crosses into a view."""
        return self._seed

    @property
    def target(self) -> int:
        """The score that wins (rule B27)."""
        return self._s.target

    def fixed_deal(self) -> bool:
        """True for a game given card by card (``deck=``) or posed (:meth:`scenario`), False
        for one dealt from its seed."""
        return self._fixed_deck is not None or self._scenario is not None

    @property
    def phase(self) -> str:
        """``"choose"`` (stoeptegels being picked), ``"play"`` or ``"over"``."""
        return self._s.phase

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return self._s.round

    @property
    def dealer(self) -> int:
        """This round's dealer (rule B2)."""
        return self._s.dealer

    @property
    def to_move(self) -> int | None:
        """The seat to lay or pass during ``"play"``; ``None`` otherwise."""
        return self._s.to_move if self._s.phase == "play" else None

    @property
    def scores(self) -> list[int]:
        """Every seat's score (rule B27: they carry over from round to round)."""
        return list(self._s.scores)

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (rule B27), else empty."""
        return list(self._s.winners)

    @property
    def over(self) -> bool:
        """True once someone reached the target (rule B27)."""
        return self._s.phase == "over"

    def outcome(self) -> Outcome | None:
        """How the game ended (rule B27), or ``None`` while it is played."""
        if self._s.phase != "over":
            return None
        return Outcome(Termination.TARGET, tuple(self._s.winners), tuple(self._s.scores))

    @property
    def rows(self) -> tuple[Row, Row, Row]:
        """The three rows, left to right, as :class:`Row` snapshots."""
        return self._s.table.snapshot()

    @property
    def stock_count(self) -> int:
        """How many cards are left in the stock."""
        return len(self._s.table.stock)

    @property
    def stock(self) -> list[Card]:
        """The stock, next card first. Hidden from players: for tests and analysis only."""
        return [CARDS[c] for c in reversed(self._s.table.stock)]

    @property
    def out_of_game(self) -> list[Card]:
        """Cards that left the game this round: jokers, cleared cards (rules B2, B21, B22)."""
        return [CARDS[c] for c in self._s.table.out]

    @property
    def passed(self) -> list[bool]:
        """Which seats have passed since the last card was laid (rule B24a)."""
        return list(self._s.passed)

    def hand(self, seat: int) -> list[Card]:
        """The cards in ``seat``'s hand, sorted."""
        return [CARDS[c] for c in self._s.hands[self._seat(seat)]]

    def stoeptegel(self, seat: int) -> Card | None:
        """The card ``seat`` owns this round; ``None`` before all have chosen (rule B3)."""
        card = self._s.stoeptegels[self._seat(seat)]
        return None if card is None else CARDS[card]

    def chosen(self, seat: int) -> Card | None:
        """The card ``seat`` set aside this round (for another seat, or itself), or ``None``."""
        card = self._s.chosen[self._seat(seat)]
        return None if card is None else CARDS[card]

    def recipient(self, seat: int) -> int:
        """The seat that gets ``seat``'s stoeptegel this round (rule B3)."""
        return recipient(self._seat(seat), self._s.round, self._s.players, self._rules)

    @property
    def actions(self) -> list[Action]:
        """Every action so far, oldest first, as recorded in the save."""
        return list(self._actions)

    @property
    def events(self) -> list[Event]:
        """Everything that happened, oldest first, JSON-ready; the full record (hidden cards
        included), as copies. Use :meth:`seat_events` for what one seat saw."""
        return [json_copy(event) for event in self._s.events]

    def seat_events(self, seat: int, since: int = 0) -> list[Event]:
        """The events from index ``since`` on, as ``seat`` saw them (rule B4): copies, with
        other hands and the stoeptegels it did not know at the time taken out. A view carries
        only this round's (``view(seat)["events_from"]`` says where they begin)."""
        return seat_events(self._s, self._seat(seat), since)

    def legal_plays(self, seat: int) -> list[tuple[Card, int]]:
        """Every ``(card, row)`` ``seat`` may lay now; empty unless it is that seat's turn."""
        if self._s.phase != "play" or seat != self._s.to_move:
            return []
        table = self._s.table
        return [
            (CARDS[c], row) for c, row in legal_pairs(self._s.hands[seat], table.keys, table.legal)
        ]

    def explain(self, seat: int, card: object, row: object, lang: str = "en") -> str | None:
        """``None`` when ``seat`` may lay ``card`` on ``row`` now, else one sentence saying why
        not, naming the rule, in ``lang``.

        >>> game = Stoeptegel.scenario(["8H", "2C"], ["9H 7H", "KS", "4D"], ["3H", "2D"])
        >>> print(game.explain(0, "8H", 0))
        A 7 turned this row around: a card of its suit must be lower here (rule B9).
        >>> print(game.explain(0, "8H", 0, lang="ca"))
        Un 7 ha girat aquesta fila: aquí una carta del seu pal ha de ser més baixa (regla B9).
        """
        reason = self._play_error(seat, card, row)[0]
        return None if reason is None else say(reason, lang=lang)

    # ----------------------------------------------------------------- actions
    def choose(self, seat: int, card: object) -> None:
        """Set ``card`` aside from ``seat``'s hand as the stoeptegel for the seat rule B3 names
        this round. Play begins when every seat has chosen."""
        if self._s.phase == "over":
            raise IllegalMove(self._over_reason())
        seat = self._seat(seat)
        if self._s.phase != "choose":
            raise IllegalMove(message("stoeptegel.choosing_over", "B3", round=self._s.round))
        if self._s.chosen[seat] is not None:
            raise IllegalMove(message("stoeptegel.already_chosen", "B3", seat=seat))
        c = self._card_in_hand(seat, card)
        self._choose(seat, c)
        self._notify()

    def play(self, seat: int, card: object, row: int) -> None:
        """``seat`` lays ``card`` on ``row`` (0–2); its power fires and it may score (B9–B25)."""
        reason, c = self._play_error(seat, card, row)
        if reason is not None:
            raise IllegalMove(reason)
        self._play(seat, c, row)
        self._notify()

    def pass_turn(self, seat: int) -> None:
        """``seat`` passes: always allowed on your turn, never automatic (rule B23)."""
        reason = self._turn_error(seat)
        if reason is not None:
            raise IllegalMove(reason)
        self._pass(seat)
        self._notify()

    def apply(self, action: object) -> None:
        """Apply a recorded action (see :attr:`actions`), as a save replays it."""
        if not isinstance(action, (list, tuple)) or not action:
            raise IllegalMove(message("stoeptegel.not_an_action", sent=repr(action)))
        kind, *args = action
        if kind == "choose" and len(args) == 2:
            self.choose(args[0], args[1])
        elif kind == "play" and len(args) == 3:
            self.play(args[0], args[1], args[2])
        elif kind == "pass" and len(args) == 1:
            self.pass_turn(args[0])
        else:
            raise IllegalMove(message("stoeptegel.unknown_action", sent=repr(action)))

    # ----------------------------------------------------------------- checks
    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._s.players:
            raise IllegalMove(self._no_seat(seat))
        return seat

    def _no_seat(self, seat: object) -> Message:
        n = self._s.players
        return message("stoeptegel.no_seat", "B1", sent=quote(seat), players=n, last=n - 1)

    def _over_reason(self) -> Message:
        winners = list(self._s.winners)
        return message("stoeptegel.over", "B27", winners=winners, target=self._s.target)

    def _turn_error(self, seat: object) -> Message | None:
        if self._s.phase == "over":
            return self._over_reason()
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._s.players:
            return self._no_seat(seat)
        if self._s.phase == "choose":
            waiting = [s for s in range(self._s.players) if self._s.chosen[s] is None]
            return message("stoeptegel.not_started", "B3", waiting=waiting)
        to_move = self._s.to_move
        if seat != to_move and to_move is not None:
            return message("stoeptegel.not_your_turn", "B23", seat=seat, to_move=to_move)
        return None

    def _card_in_hand(self, seat: int, card: object) -> int:
        try:
            c = _INDEX[Card.parse(card)]  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise IllegalMove(message("stoeptegel.not_a_card", "B1", text=quote(card))) from None
        if c not in self._s.hands[seat]:
            held = message("stoeptegel.not_in_hand", "B23", card=CARDS[c].code, seat=seat)
            raise IllegalMove(held)
        return c

    def _play_error(self, seat: object, card: object, row: object) -> tuple[Message | None, int]:
        reason = self._turn_error(seat)
        if reason is not None:
            return reason, -1
        try:
            c = self._card_in_hand(seat, card)  # type: ignore[arg-type]
        except IllegalMove as error:
            return error.message, -1
        if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < 3:
            shown = row if type(row) is int else quote(row)  # an int is written 1–3
            return message("stoeptegel.no_row", "B2", row=shown), c
        table = self._s.table
        key = table.keys[row]
        if key == CLOSED:
            top = table.rows[row][-1]
            woken = top < PLAYED or RANK[top & 63] != 2  # closed by a starting 2 that woke (B6)
            return (WOKEN_CLOSED_REASON if woken else CLOSED_REASON), c
        if table.legal[c][key]:
            return None, c
        bottom = table.rows[row][0]  # a played 7 at the bottom is a starting 7 that woke (B6)
        woken = bottom >= PLAYED and RANK[bottom & 63] == 7
        return reason_at(c, key, self._rules, woken), c

    # ----------------------------------------------------------------- applying
    def _choose(self, seat: int, c: int) -> None:
        self._s.hands[seat].remove(c)
        self._s.chosen[seat] = c
        owner = recipient(seat, self._s.round, self._s.players, self._rules)
        self._actions.append(("choose", seat, CARDS[c].code))
        self._s.events.append(
            {
                "type": "choose",
                "round": self._s.round,
                "seat": seat,
                "for": owner,
                "offset": OFFSET_NAMES[offset_kind(self._s.round, self._s.players, self._rules)],
                "card": CARDS[c].code,
                "rule": "B3",
            }
        )
        if all(choice is not None for choice in self._s.chosen):
            for g, choice in enumerate(self._s.chosen):
                to = recipient(g, self._s.round, self._s.players, self._rules)
                self._s.stoeptegels[to] = choice
            self._s.phase = "play"
            self._s.to_move = (self._s.dealer + 1) % self._s.players
            self._s.events.append(
                {"type": "start", "round": self._s.round, "to_move": self._s.to_move, "rule": "B3"}
            )

    def _play(self, seat: int, c: int, row: int) -> None:
        self._s.hands[seat].remove(c)
        code = CARDS[c].code
        self._actions.append(("play", seat, code, row))
        events = self._s.events
        start = len(events)
        events.append({"type": "play", "seat": seat, "card": code, "row": row, "rule": RULE_OF[c]})
        state = self._s
        state.table.land(c, row, events)
        for k in range(start + 1, len(events)):
            events[k]["seat"] = seat  # the slide, clear, close, turn or joker this play caused
        self._s.passes = 0
        self._s.passed = [False] * self._s.players
        if score_card(state, seat, c):  # the target reached: the game ends at once (B27)
            end_round(state, "target", winner=seat)
            return
        self._advance(seat)

    def _pass(self, seat: int) -> None:
        self._actions.append(("pass", seat))
        self._s.passes += 1
        self._s.passed[seat] = True
        self._s.events.append(
            {"type": "pass", "seat": seat, "passes": self._s.passes, "rule": "B23"}
        )
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Pass the turn clockwise, or end the round (rule B24)."""
        nxt = (seat + 1) % self._s.players
        over = round_over(self._s.passes, self._s.players, self._s.hands[nxt])
        if over is None:
            self._s.to_move = nxt
        else:
            self._end_round(over, out_seat=nxt if over == "out" else None)

    def _end_round(self, reason: str, *, out_seat: int | None = None) -> None:
        if not end_round(self._s, reason, out_seat=out_seat):
            self._deal(shuffled_deck(self._seed, self._s.round + 1))

    # ----------------------------------------------------------------- views and saves
    def view(self, seat: int) -> StoeptegelView:
        """Exactly what ``seat`` may know (rule B4), JSON-ready with cards as wire codes."""
        return seat_view(self._s, self._seat(seat))

    def to_json(self) -> str:
        """The game as JSON: options, seed (and fixed deck or scenario) and every action; the
        house rules that differ from Part B under ``"rules"`` (a save without it plays Part B)."""
        changed = self._rules.changed()
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "players": self._s.players,
                "target": self._s.target,
                "seed": self._seed,
                "deck": None if self._fixed_deck is None else list(self._fixed_deck),
                "scenario": self._scenario,
                "actions": [list(action) for action in self._actions],
                "scores": list(self._s.scores),
                **({"rules": changed} if changed else {}),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Stoeptegel:
        """Rebuild a saved game by replaying its actions through the rules. A corrupted or
        tampered save raises :class:`IllegalMove` saying what is wrong."""
        return load(cls, text)

    def record(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The whole game as a record to keep or share (JSON-ready; see
        ``cardtable._records``): its save, the players' names (``Player 1``, … by default) and
        how it stands. It holds every hand: it is the host's record, never a seat's.
        ``Stoeptegel.from_record`` rebuilds it.

        >>> game = Stoeptegel(players=2, seed=3)
        >>> record = game.record(["Ann", "Bo"])
        >>> record["players"], Stoeptegel.from_record(record).hand(0) == game.hand(0)
        (['Ann', 'Bo'], True)
        """
        names = [player(s) for s in range(self._s.players)] if players is None else list(players)
        if len(names) != self._s.players:
            raise ValueError(f"a {self._s.players}-player game needs {self._s.players} names")
        return make_record("stoeptegel", self.to_json(), names, self._result())

    @classmethod
    def from_record(cls, record: object) -> Stoeptegel:
        """Rebuild the game of a record (its JSON text or its dict). A record of any other
        shape, or one whose result its actions do not give, raises :class:`IllegalMove`."""
        save, names, result = read_record(record, "stoeptegel")
        game = cls.from_json(save)
        if len(names) != game.players:
            raise IllegalMove(
                f"This record is corrupted: it names {len(names)} players for a "
                f"{game.players}-player game."
            )
        check_result(result, game._result())
        return game

    def _result(self) -> dict[str, Any]:
        return {
            "phase": self._s.phase,
            "round": self._s.round,
            "scores": list(self._s.scores),
            "winners": list(self._s.winners),
            "actions": len(self.actions),
        }

    # ----------------------------------------------------------------- observers
    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __repr__(self) -> str:
        """Code that rebuilds a game not yet begun (``Stoeptegel(players=4, seed=1)``); once
        actions are made, the round, phase and scores in brackets (``from_json`` rebuilds)."""
        s = self._s
        if not self._actions and self._scenario is None:
            options = [f"players={s.players}", f"seed={self._seed}"]
            options += [] if s.target == 30 else [f"target={s.target}"]
            if self._fixed_deck is not None:
                options.append(f"deck={' '.join(self._fixed_deck)!r}")
            if self._rules.changed():
                options.append(f"rules={self._rules!r}")
            return f"Stoeptegel({', '.join(options)})"
        turn = f" to_move={s.to_move}" if s.phase == "play" else ""
        house = f" rules={self._rules!r}" if self._rules.changed() else ""
        return (
            f"<Stoeptegel players={s.players} round={s.round} phase={s.phase}{turn} "
            f"scores={s.scores} target={s.target} actions={len(self._actions)}{house}>"
        )

    def _repr_svg_(self) -> str:
        """The view of the seat to move, drawn (Jupyter shows a game so): never a card that
        seat may not see. ``picture.svg(game.view(seat))`` draws another seat's."""
        return picture.svg(self.view(picture.seat_shown(self.view(0))))

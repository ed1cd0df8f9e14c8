"""Bots for Stoeptegel. A bot sees only ``game.view(seat)``, as a player would (rule B4).

``bot.choose(view)`` returns the :class:`Card` to set aside as a stoeptegel; ``bot.turn(view)``
returns ``(card, row)`` to lay, or ``None`` to pass. Every bot takes a ``seed`` so that games
between bots can be replayed.

- :class:`RandomBot` picks uniformly among its legal plays and passing.
- :class:`GreedyBot` lays a card only when it scores at once (rule B25), preferring the play
  that leaves its suit counting on the most rows; otherwise it passes. It keeps a stoeptegel of
  its strongest suit and gives away jokers and cards of suits nobody can make count.
- :class:`SamplingBot` (the strong one) deals the cards it cannot see at random, consistently
  with its view (the hand and stock sizes, the cards on the rows and out of the game, the
  stoeptegels it knows, and the suits that the other players' points and non-points reveal),
  plays the rest of the round out with greedy players a few dozen times for every move it could
  make, and takes the move with the best average point difference.

Every bot plays the house rules its view names (``view["rules"]``, :class:`Rules`): what may be
laid, what a card does and how the round's end scores, in its reasoning as in its search.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=2, seed=3)
>>> bots = [GreedyBot(seed=1), SamplingBot(seed=2)]
>>> for seat, bot in enumerate(bots):
...     game.choose(seat, bot.choose(game.view(seat)))
>>> move = bots[0].turn(game.view(0))
>>> move is None or move in game.legal_plays(0)
True
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from .._rng import SplitMix64
from ..cards import Card
from .deal import recipient
from .effects import Table
from .legality import legal_pairs
from .rows import CARDS, CLOSED, JOKER, PLAYED, RANK, SUIT
from .rules import Rules
from .scoring import round_over, scores, stoeptegel_fits

View = dict[str, Any]
Move = tuple[Card, int] | None
_INDEX = {card.code: i for i, card in enumerate(CARDS)}
_DECK = (*range(52), JOKER, JOKER)


class _Rng:
    """A seeded generator whose sequence does not depend on the Python version."""

    __slots__ = ("_mix",)

    def __init__(self, seed: int | None) -> None:
        self._mix = SplitMix64(secrets.randbits(63) if seed is None else seed)

    def below(self, n: int) -> int:
        return self._mix.below(n)

    def random(self) -> float:
        return (self._mix.next() >> 11) / 9007199254740992.0

    def shuffle(self, items: list[Any]) -> None:
        self._mix.shuffle(items)


def _rows(view: View) -> list[list[int]]:
    return [
        [_INDEX[c] + (PLAYED if p else 0) for c, p in zip(row["cards"], row["played"], strict=True)]
        for row in view["rows"]
    ]


def _hand(view: View) -> list[int]:
    return [_INDEX[c] for c in view["hand"]]


def _house(view: View) -> Rules:
    """The house rules the view's table plays (a view from before house rules: Part B)."""
    return Rules.from_dict(view.get("rules", {}))


def _legal(view: View) -> list[tuple[int, int]]:
    return [(_INDEX[c], r) for c, r in view["legal"]]


def _counts_after(table: Table, card: int, r: int) -> list[int]:
    """The counting cards of the three rows after ``card`` lands on row ``r`` (B17–B22), without
    changing ``table``; a joker's replacement is unknown here, so its row is taken as it was."""
    counts = list(table.counts)
    if card == JOKER:
        stock = table.stock
        i = len(stock) - 1
        while i >= 0 and stock[i] == JOKER:
            i -= 1
        if i >= 0:
            return _counts_after(table, stock[i], r)
        return counts
    rank = RANK[card]
    if rank == 5:
        return counts
    if rank == 4:
        keys = table.keys
        for step in (1, 2):
            to = (r + step) % 3
            if to < r and not table.rules.four_wraps:
                break  # no wrap from row 3 to row 1 (house rule, B18)
            if keys[to] != CLOSED:
                counts[to] = card
                return counts
    counts[r] = card
    return counts


def _suit_counts(counts: Sequence[int], suit: int) -> int:
    return (SUIT[counts[0]] == suit) + (SUIT[counts[1]] == suit) + (SUIT[counts[2]] == suit)


def greedy_move(table: Table, plays: list[tuple[int, int]], suit: int) -> tuple[int, int] | None:
    """The greedy choice among ``plays`` for a player whose stoeptegel has ``suit`` (4 for a
    joker): a play that scores at once (B25), leaving the suit on the most rows and keeping high
    cards, else ``None`` (pass)."""
    best, best_value = None, 0
    for card, r in plays:
        matches = _suit_counts(_counts_after(table, card, r), suit)
        if matches:
            value = 8 * matches - _SPEND[card]
            if value > best_value:
                best, best_value = (card, r), value
    return best


# How much a card is worth keeping: flexible cards (jokers, jacks, 5s, 7s, 10s) a bit more.
_SPEND = tuple(
    3 if i == JOKER else {11: 2, 5: 2, 7: 2, 10: 2, 1: 1}.get(RANK[i], 0) + (RANK[i] == 2)
    for i in range(53)
)


def _choose_heuristic(view: View) -> int:
    """Keep (for yourself) a card of the suit you can make count most; give others a joker, or
    a card of a suit that neither the rows nor your remaining hand will make count."""
    hand = _hand(view)
    rows = _rows(view)
    row_suits = [SUIT[row[0] & 63] for row in rows]
    own = view["stoeptegel_for"]["seat"] == view["seat"]
    best, best_value = hand[0], None
    for i, card in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :]
        suit = SUIT[card]
        support = sum(SUIT[c] == suit for c in rest) + 1.5 * row_suits.count(suit)
        if own:
            value = -100.0 if card == JOKER else support - 0.3 * _SPEND[card]
        else:
            value = 100.0 if card == JOKER else -support - 0.3 * _SPEND[card]
        if best_value is None or value > best_value:
            best, best_value = card, value
    return best


class RandomBot:
    """Chooses and plays uniformly at random; passes as often as any single play."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = _Rng(seed)

    def choose(self, view: View) -> Card:
        """A random card of the hand."""
        return Card.parse(view["hand"][self._rng.below(len(view["hand"]))])

    def turn(self, view: View) -> Move:
        """A random legal play, or ``None`` (pass) with the same chance as each play."""
        legal = view["legal"]
        k = self._rng.below(len(legal) + 1)
        if k == len(legal):
            return None
        code, row = legal[k]
        return Card.parse(code), row


class GreedyBot:
    """Takes a point whenever it can, and passes otherwise (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = _Rng(seed)

    def choose(self, view: View) -> Card:
        """Keep a card of the best-supported suit; give a joker or a poorly supported card."""
        return CARDS[_choose_heuristic(view)]

    def turn(self, view: View) -> Move:
        """A play that scores at once, or ``None`` (pass)."""
        own = view["stoeptegel"]
        if not view["legal"] or own is None:
            return None
        table = Table(_rows(view), [], [], _house(view))
        move = greedy_move(table, _legal(view), SUIT[_INDEX[own]])
        return None if move is None else (CARDS[move[0]], move[1])


class SamplingBot:
    """Determinization and rollouts, using only its view (see the module docstring).

    Every move it could make is played out in the same sampled deals of the unseen cards
    (common random numbers): ``rollouts`` is the budget per decision, shared among the moves,
    with at least ``min_worlds`` deals. Think time stays well under 0.5 s per decision.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        rollouts: int = 240,
        min_worlds: int = 8,
        max_worlds: int = 40,
    ) -> None:
        self._rng = _Rng(seed)
        self.rollouts = rollouts
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds

    def choose(self, view: View) -> Card:
        """As :class:`GreedyBot` does."""
        return CARDS[_choose_heuristic(view)]

    def turn(self, view: View) -> Move:
        """The move with the best average (own points - others' points) over sampled worlds."""

        def enough(worlds: int, options: int) -> bool:
            return worlds >= min(self.max_worlds, max(self.min_worlds, self.rollouts // options))

        return _search(view, self._rng, enough)


# --------------------------------------------------------------------- inference and sampling
def _suit_constraints(view: View) -> list[set[int]]:
    """For every seat, the stoeptegel suits (4 = joker) consistent with this round's points:
    after each card a seat laid, it scored exactly when its suit counted somewhere (B25)."""
    n = view["players"]
    allowed = [set(range(5)) for _ in range(n)]
    events = view["events"]
    start = max(i for i, e in enumerate(events) if e["type"] == "deal")
    deal = events[start]
    if deal.get("scenario"):
        rows = [
            [_INDEX[c] + (PLAYED if p else 0) for c, p in zip(r["cards"], r["played"], strict=True)]
            for r in deal["rows"]
        ]
    else:
        rows = [[_INDEX[c]] for c in deal["rows"]]
    table = Table(rows, [], [], _house(view))
    i = start + 1
    while i < len(events):
        event = events[i]
        i += 1
        if event["type"] != "play":
            continue
        seat, card = event["seat"], _INDEX[event["card"]]
        replacements = []
        j = i
        while j < len(events) and events[j]["type"] not in ("play", "pass", "round_end"):
            if events[j]["type"] == "joker" and events[j]["replacement"] is not None:
                replacements.append(_INDEX[events[j]["replacement"]])
            j += 1
        scored = any(
            e["type"] == "points" and e["seat"] == seat and e["rule"] == "B25" for e in events[i:j]
        )
        table.stock = replacements[::-1]
        table.land(card, event["row"], None)
        counting = {SUIT[c] for c in table.counts}
        if scored:
            allowed[seat] &= counting
        else:
            allowed[seat] -= counting
    return allowed


def _unseen(
    view: View, hand: list[int], rows: list[list[int]], secrets: Sequence[int] = ()
) -> list[int]:
    """The cards the seat has not seen: the deck less its hand, the rows, the cards out of the
    game and the ``secrets`` it knows (its stoeptegels)."""
    pool = list(_DECK)
    for card in [*hand, *(v & 63 for row in rows for v in row), *secrets]:
        pool.remove(card)
    for code in view["out_of_game"]:
        pool.remove(_INDEX[code])
    return pool


class _World:
    __slots__ = ("hands", "stock", "stoeptegels")

    def __init__(self, hands: list[list[int]], stoeptegels: list[int], stock: list[int]) -> None:
        self.hands = hands
        self.stoeptegels = stoeptegels
        self.stock = stock


class _Base:
    """What a view fixes for every sampled world: the table, own hand, known stoeptegels and
    the pool of unseen cards."""

    __slots__ = (
        "gave_to", "gift", "hand", "hand_counts", "me", "n", "opener", "own", "passes", "pool",
        "rows", "rules", "stock_count", "suits",
    )  # fmt: skip

    def __init__(self, view: View) -> None:
        self.me, self.n = view["seat"], view["players"]
        self.rules = _house(view)
        self.opener = (view["dealer"] + 1) % self.n
        self.rows = _rows(view)
        self.hand = _hand(view)
        self.hand_counts = view["hand_counts"]
        self.stock_count = view["stock_count"]
        self.passes = view["passes"]
        self.own = _INDEX[view["stoeptegel"]]
        self.gave_to = view["gave"]["to"]
        self.gift = _INDEX[view["gave"]["card"]]
        secrets = [self.own] if self.gave_to == self.me else [self.own, self.gift]
        self.pool = _unseen(view, self.hand, self.rows, secrets)
        self.suits = _suit_constraints(view)

    def sample(self, rng: _Rng) -> _World:
        """Deal the unseen cards: other hands, unknown stoeptegels (suits consistent with the
        points so far) and the stock."""
        pool = list(self.pool)
        rng.shuffle(pool)
        n, me, gave_to = self.n, self.me, self.gave_to
        stoeptegels = [0] * n
        stoeptegels[me] = self.own
        stoeptegels[gave_to] = self.gift
        for owner in range(n):
            if owner in (me, gave_to):
                continue
            allowed = self.suits[owner]
            k = next((k for k, c in enumerate(pool) if SUIT[c] in allowed), 0)
            stoeptegels[owner] = pool.pop(k)
        hands: list[list[int]] = []
        for other in range(n):
            if other == me:
                hands.append(list(self.hand))
            else:
                count = self.hand_counts[other]
                hands.append(pool[:count])
                del pool[:count]
        return _World(hands, stoeptegels, pool[: self.stock_count])


BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "sampling": SamplingBot}
"""The bots by name, weakest first."""


def play_game(bots: Sequence[Any], seed: int, *, target: int = 30) -> Any:
    """Play one game between ``bots`` (one per seat) from ``seed``; return the finished game.

    >>> game = play_game([RandomBot(seed=1), GreedyBot(seed=2)], seed=7, target=10)
    >>> game.phase, bool(game.winners)
    ('over', True)
    """
    from .game import Stoeptegel

    return play_on(Stoeptegel(len(bots), seed=seed, target=target), bots)


def play_on(
    game: Any,
    bots: Sequence[Any],
    *,
    until_round: int | None = None,
    until: Callable[[Any], bool] | None = None,
) -> Any:
    """Let ``bots`` (one per seat) play ``game`` on, to its end, to the start of round
    ``until_round``, or to the first turn before which ``until(game)`` holds; return the game.

    >>> from cardtable.stoeptegel import Stoeptegel
    >>> game = Stoeptegel(3, seed=2, target=10**6)
    >>> play_on(game, [GreedyBot(seed=s) for s in range(3)], until_round=5).round
    5
    """
    while game.phase != "over" and (until_round is None or game.round < until_round):
        if game.phase == "choose":
            for chooser, bot in enumerate(bots):
                if game.chosen(chooser) is None:
                    game.choose(chooser, bot.choose(game.view(chooser)))
            continue
        seat = game.to_move
        assert seat is not None  # the play phase always has a seat to move
        if until is not None and until(game):
            break
        move = bots[seat].turn(game.view(seat))
        if move is None:
            game.pass_turn(seat)
        else:
            game.play(seat, *move)
    return game


# --------------------------------------------------------------------- the expert
class ExpertBot:
    """Information-set search over resampled worlds: the strongest bot.

    On its turn it deals the unseen cards many times, consistently with its view (as
    :class:`SamplingBot` does, see :func:`resample`), plays the round out from every move it
    could make with greedy players in the same worlds, and takes the move with the best average
    point difference; it spends up to ``budget`` seconds and ``max_worlds`` worlds a decision.
    Unlike the others it also *chooses* its stoeptegel by search: every card of its hand is set
    aside in turn and the round is played out in sampled worlds (its own stoeptegel, when
    someone else gives it, is sampled too).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: float = 0.06,
        min_worlds: int = 12,
        max_worlds: int = 160,
        choose_worlds: int = 24,
    ) -> None:
        self._rng = _Rng(seed)
        self.budget, self.min_worlds, self.max_worlds = budget, min_worlds, max_worlds
        self.choose_worlds = choose_worlds

    def choose(self, view: View) -> Card:
        """The card whose setting aside plays out best (own points minus the others')."""
        options, totals = _choice_totals(view, self._rng, self.choose_worlds)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return CARDS[options[best]]

    def turn(self, view: View) -> Move:
        """The move with the best average (own points - others' points) over sampled worlds,
        searched for ``budget`` seconds (at least ``min_worlds``, at most ``max_worlds``)."""
        started = time.perf_counter()

        def enough(worlds: int, options: int) -> bool:
            if worlds < self.min_worlds:
                return False
            return worlds >= self.max_worlds or time.perf_counter() - started >= self.budget

        return _search(view, self._rng, enough)


def _search(view: View, rng: _Rng, enough: Callable[[int, int], bool]) -> Move:
    """Determinised search: deal worlds consistent with ``view`` until ``enough(worlds,
    options)``, play every move out in each (common random numbers), take the best average."""
    options, totals, _ = _totals(view, rng, enough)
    if not options:
        return None
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    move = options[best]
    return None if move is None else (CARDS[move[0]], move[1])


def evaluate_choice(view: View, rng: Any, worlds: int) -> dict[int, float]:
    """ExpertBot's evaluation of each stoeptegel the seat could set aside (card index → the
    average of its points minus the others' by the round's end, over ``worlds`` deals of the
    cards it cannot see, greedy play after; rules B3, B25, B26). ``rng`` is the bot's ``_Rng``,
    or a seed for one.

    >>> from cardtable.stoeptegel import Stoeptegel
    >>> values = evaluate_choice(Stoeptegel(players=2, seed=3).view(0), 1, 8)
    >>> len(values) == 6 and all(isinstance(v, float) for v in values.values())
    True
    """
    options, totals = _choice_totals(view, rng if isinstance(rng, _Rng) else _Rng(rng), worlds)
    return {card: total / max(worlds, 1) for card, total in zip(options, totals, strict=True)}


def _choice_totals(view: View, rng: _Rng, worlds: int) -> tuple[list[int], list[float]]:
    """Each card the seat could set aside, and its total over ``worlds`` sampled deals."""
    hand = _hand(view)
    me, n = view["seat"], view["players"]
    rows = _rows(view)
    pool = _unseen(view, hand, rows)
    first = (view["dealer"] + 1) % n
    rules = _house(view)
    options = sorted(set(hand), key=hand.index)
    totals = [0.0] * len(options)
    gets = [recipient(s, view["round"], n, rules) for s in range(n)]  # whose (B3)
    for _ in range(worlds):
        deal = list(pool)
        rng.shuffle(deal)
        others = {s: deal[6 * k : 6 * k + 6] for k, s in enumerate(x for x in range(n) if x != me)}
        stock = deal[6 * (n - 1) :]
        for i, card in enumerate(options):
            hands, stoeptegels = [], [0] * n
            for s in range(n):
                if s == me:
                    mine = list(hand)
                    mine.remove(card)
                    hands.append(mine)
                    stoeptegels[gets[s]] = card
                else:
                    six = list(others[s])
                    stoeptegels[gets[s]] = six.pop(rng.below(6))  # someone's choice
                    hands.append(six)
            totals[i] += _playout(
                n, me, rows, hands, stoeptegels, stock, 0, first, GREEDY, rules, first
            )
    return options, totals


def evaluate(
    view: View, rng: Any, enough: Callable[[int, int], bool]
) -> dict[tuple[int, int] | None, float]:
    """ExpertBot's evaluation of each move (``None``: a pass; else ``(card index, row)``):
    the average, over the worlds dealt until ``enough(worlds, options)``, of the seat's points
    minus the others' average by the round's end when it makes that move and greedy players
    play on (rules B25, B26). Empty when the seat has nothing to decide (no legal play, or no
    stoeptegel yet). ``rng`` is the bot's ``_Rng``, or a seed for one.

    >>> from cardtable.stoeptegel import Stoeptegel
    >>> game = Stoeptegel.scenario(["9D 4H", "KC 3S"], ["KH", "3D", "QC"], ["6D", "2C"])
    >>> values = evaluate(game.view(0), 1, lambda worlds, options: worlds >= 20)
    >>> max(values, key=values.__getitem__)  # 9♦ on row 2 scores now and keeps ♦ counting
    (34, 1)
    """
    options, totals, worlds = _totals(view, rng if isinstance(rng, _Rng) else _Rng(rng), enough)
    return {option: total / max(worlds, 1) for option, total in zip(options, totals, strict=True)}


def _totals(
    view: View, rng: _Rng, enough: Callable[[int, int], bool]
) -> tuple[list[tuple[int, int] | None], list[float], int]:
    """The options (a pass first), each one's total over the worlds played, and how many."""
    legal = _legal(view)
    if not legal or view["stoeptegel"] is None:
        return [], [], 0
    options: list[tuple[int, int] | None] = [None, *legal]
    totals = [0.0] * len(options)
    base = _Base(view)
    worlds = 0
    while not enough(worlds, len(options)):
        world = base.sample(rng)
        worlds += 1
        for i, option in enumerate(options):
            totals[i] += _playout(
                base.n, base.me, base.rows, world.hands, world.stoeptegels, world.stock,
                base.passes, base.me, option, base.rules, base.opener,
            )  # fmt: skip
    return options, totals, worlds


GREEDY = "greedy"


def _playout(
    n: int,
    me: int,
    rows: list[list[int]],
    hands_in: list[list[int]],
    stoeptegels: list[int],
    stock: list[int],
    passes: int,
    seat: int,
    first: tuple[int, int] | str | None,
    rules: Rules,
    opener: int,
) -> float:
    """Play a round out from ``seat``: ``first`` is its move (``None`` a pass, ``GREEDY`` the
    greedy choice), greedy for everyone after, under the house ``rules`` (``opener`` began the
    round). Returns ``me``'s points minus the average of the others' (B25, B26), scored and
    ended with the engine's own rules (:mod:`.scoring`), on the engine's table code."""
    table = Table([list(row) for row in rows], list(stock), [], rules)
    hands = [list(h) for h in hands_in]
    suits = [SUIT[c] for c in stoeptegels]
    points = [0] * n
    legal = table.legal
    if first == GREEDY:
        plays = legal_pairs(hands[seat], table.keys, legal)
        move = greedy_move(table, plays, suits[seat]) if plays else None
    else:
        move = first  # type: ignore[assignment]
    for _ in range(400):
        if move is None:
            passes += 1
        else:
            card, r = move
            hands[seat].remove(card)
            table.land(card, r, None)
            passes = 0
            if scores(table.counts, suits[seat]):  # B25
                points[seat] += 1
        nxt = (seat + 1) % n
        if round_over(passes, n, hands[nxt]):  # B24
            break
        seat = nxt
        plays = legal_pairs(hands[seat], table.keys, legal)
        move = greedy_move(table, plays, suits[seat]) if plays else None
    fits, _ = stoeptegel_fits(table, stoeptegels, opener)
    for owner, rows_fit in enumerate(fits):  # B26
        if rows_fit:
            points[owner] += 1
    return float(points[me] - (sum(points) - points[me]) / (n - 1))


def resample(view: View, rng: Any) -> Any:
    """A whole game consistent with ``view`` (a seat's view in the play phase, once it knows
    its stoeptegel): the unseen cards dealt at random (other hands, the stoeptegels it does not
    know, the stock), everything it sees kept. ``rng`` is any object with ``randrange`` (e.g.
    ``random.Random(1)``). What ExpertBot searches over; the seat's view of it is the same."""
    from .game import Stoeptegel

    base = _Base(view)
    world = base.sample(_Rng(rng.randrange(2**63)))
    rows: list[object] = [{"cards": r["cards"], "played": r["played"]} for r in view["rows"]]
    return Stoeptegel.scenario(
        hands=[[CARDS[c] for c in hand] for hand in world.hands],
        rows=rows,
        stoeptegels=[CARDS[c] for c in world.stoeptegels],
        stock=[CARDS[c] for c in reversed(world.stock)],
        to_move=view["to_move"],
        scores=list(view["scores"]),
        target=view["target"],
        round=view["round"],
        dealer=view["dealer"],
        rules=base.rules,
    )


BOTS["expert"] = ExpertBot

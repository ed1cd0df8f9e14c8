"""Scoring (rules B25–B27): a point for each card laid while your stoeptegel's suit counts, a
point for a stoeptegel that could still be laid when the round ends, the reveal, the winner.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel.scenario(["9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"], seed=1)
>>> game.play(0, "9D", 1)  # ♦ counts on row 2 now, and seat 0's stoeptegel is 6♦
>>> game.scores, [e["rule"] for e in game.events if e["type"] == "points"]
([1, 0], ['B25'])
"""

from __future__ import annotations

from collections.abc import Sequence

from .deal import giver
from .effects import Table
from .legality import legal_pairs, rows_taking
from .rows import CARDS, JOKER, SUIT
from .state import RoundState


def rows_counting(counts: Sequence[int], suit: int) -> list[int]:
    """Rule B25: the rows (0–2) whose counting card is of ``suit``; while there is one, every
    card laid by the owner of a stoeptegel of that suit scores a point. The engine and the
    bots' playouts score with it.

    >>> rows_counting([20, 8, 27], SUIT[21])  # 8♥, 9♠, 2♦: hearts count on row 1
    [0]
    """
    return [r for r in range(3) if SUIT[counts[r]] == suit]


def scores(counts: Sequence[int], suit: int) -> bool:
    """Rule B25: whether a card laid now scores for the owner of a stoeptegel of ``suit``
    (:func:`rows_counting` is not empty); the bots' playouts ask it on every play."""
    return SUIT[counts[0]] == suit or SUIT[counts[1]] == suit or SUIT[counts[2]] == suit


def round_over(passes: int, players: int, next_hand: Sequence[int]) -> str | None:
    """Rule B24 after a turn: ``"passes"`` when everyone passed in a row (a), ``"out"`` when
    the next seat has no cards left (b), else ``None`` (the next seat is on turn). The engine
    and the bots' playouts end rounds with it."""
    if passes >= players:
        return "passes"
    return None if next_hand else "out"


def counting_rows(state: RoundState, seat: int) -> list[int]:
    """The rows (0–2) on which the suit of ``seat``'s stoeptegel counts now: while that holds,
    every card ``seat`` lays scores a point (B25). Empty before play starts."""
    own = state.stoeptegels[seat]
    if own is None or state.phase != "play":
        return []
    return rows_counting(state.table.counts, SUIT[own])


def would_score(state: RoundState, seat: int) -> dict[int, list[bool | None]]:
    """For each card of ``seat``'s hand on its turn, per row: would laying it there score
    (B25)? ``None`` where the row does not take it, or where the answer hangs on a card the
    seat cannot see (a joker, whose replacement is the stock's hidden top card, B22).
    Computed from what the seat may know only: its hand, its stoeptegel, the rows."""
    own = state.stoeptegels[seat]
    if own is None or state.phase != "play" or state.to_move != seat:
        return {}
    table = state.table
    answers: dict[int, list[bool | None]] = {c: [None, None, None] for c in state.hands[seat]}
    for c, r in legal_pairs(state.hands[seat], table.keys, table.legal):
        if c == JOKER and table.stock:
            continue  # what replaces it is hidden: nobody at the table can say
        after = table.copy()
        after.land(c, r, None)
        answers[c][r] = scores(after.counts, SUIT[own])
    return answers


def score_card(state: RoundState, seat: int, c: int) -> bool:
    """Rule B25, after ``seat`` laid card ``c``: a point when the suit of its stoeptegel counts
    on a row now. Returns whether the seat reached the target (B27)."""
    stoeptegel = state.stoeptegels[seat]
    assert stoeptegel is not None  # play starts once every stoeptegel is set aside (B3)
    suit = SUIT[stoeptegel]
    matching = rows_counting(state.table.counts, suit)
    state.laid[seat].append((c, bool(matching)))
    events = state.events
    if matching:  # B25
        state.scores[seat] += 1
        events.append(
            {
                "type": "points",
                "seat": seat,
                "points": 1,
                "score": state.scores[seat],
                "rule": "B25",
                "stoeptegel": CARDS[stoeptegel].code,
                "rows": matching,
            }
        )
    return state.scores[seat] >= state.target


def stoeptegel_fits(
    table: Table, stoeptegels: list[int], first: int
) -> tuple[list[list[int]], list[int | None]]:
    """Rule B26 at the end of a round: for each owner's stoeptegel, the rows it could be laid
    on, and the row it was laid on (``None`` when it lies nowhere). Part B checks each alone
    against the rows as the round left them and lays none. With the house rule
    ``stoeptegels_in_turn`` they are laid in turn from ``first`` (the seat that began the
    round) clockwise, each on the leftmost row that takes it, as a card without effects
    (an inert card, B6), so that it changes the rows for the next; a joker lies nowhere.

    >>> from cardtable.stoeptegel.rules import Rules
    >>> rows = [[8], [20], [27]]  # 9♠, 8♥, 2♦; the stoeptegels are K♠ (seat 0) and Q♠ (seat 1)
    >>> stoeptegel_fits(Table(rows, [], []), [12, 11], 0)
    ([[0], [0]], [None, None])
    >>> stoeptegel_fits(Table(rows, [], [], Rules(stoeptegels_in_turn=True)), [12, 11], 0)
    ([[0], []], [0, None])
    """
    n = len(stoeptegels)
    if not table.rules.stoeptegels_in_turn:
        return [rows_taking(card, table.keys, table.legal) for card in stoeptegels], [None] * n
    after = table.copy()
    fits: list[list[int]] = [[] for _ in range(n)]
    laid: list[int | None] = [None] * n
    for k in range(n):
        owner = (first + k) % n
        card = stoeptegels[owner]
        fits[owner] = rows_taking(card, after.keys, after.legal)
        if fits[owner] and card != JOKER:
            r = laid[owner] = fits[owner][0]
            after.rows[r].append(card)  # no PLAYED flag: its effects do not go off (B26)
            after.refresh(r)
    return fits, laid


def end_round(
    state: RoundState, reason: str, *, winner: int | None = None, out_seat: int | None = None
) -> bool:
    """Rules B24, B26, B27: the reveal, the stoeptegels' points, and the end of the game when
    someone reached the target. Returns whether the game is over (else the next round is
    dealt by the game)."""
    n, events = state.players, state.events
    stoeptegels: list[int] = [c for c in state.stoeptegels if c is not None]
    in_turn = state.rules.stoeptegels_in_turn
    fits, laid_on = stoeptegel_fits(state.table, stoeptegels, (state.dealer + 1) % n)
    bonus = [0] * n
    if reason != "target":
        for owner in range(len(stoeptegels)):
            bonus[owner] = 1 if fits[owner] else 0
    breakdown = []
    for seat in range(n):
        laid = [[CARDS[c].code, int(point)] for c, point in state.laid[seat]]
        card_points = sum(int(point) for _, point in state.laid[seat])
        breakdown.append(
            {
                "seat": seat,
                "laid": laid,
                "card_points": card_points,
                "stoeptegel_point": bonus[seat],
                "total": card_points + bonus[seat],
            }
        )
    reveal = {
        "type": "round_end",
        "round": state.round,
        "reason": reason,
        "rule": {"passes": "B24", "out": "B24", "target": "B27"}[reason],
        "out_seat": out_seat,
        "winner": winner,
        "stoeptegels": [
            {
                "owner": owner,
                "giver": giver(owner, state.round, n, state.rules),
                "card": CARDS[card].code,
                "fits": fits[owner],  # the rows it could still be laid on (B26)
                **({"laid": laid_on[owner]} if in_turn else {}),  # where it went, laid in turn
            }
            for owner, card in enumerate(stoeptegels)
        ],
        "breakdown": breakdown,
        # The rows as they lay when the round ended: what the points were earned on, kept for
        # the reveal after the next round is dealt.
        "rows": [row.to_dict() for row in state.table.snapshot()],
    }
    state.last_end = len(events)
    events.append(reveal)
    state.reveal = reveal
    for owner in range(len(stoeptegels)):
        if bonus[owner]:
            state.scores[owner] += 1
            rows = fits[owner]
            events.append(
                {
                    "type": "points",
                    "seat": owner,
                    "points": 1,
                    "score": state.scores[owner],
                    "rule": "B26",
                    "rows": rows,
                }
            )
    state.to_move = None
    best = max(state.scores)
    if best >= state.target:
        state.phase = "over"
        state.winners = (
            [winner] if winner is not None else [s for s in range(n) if state.scores[s] == best]
        )
        events.append(
            {
                "type": "game_over",
                "winners": list(state.winners),
                "scores": list(state.scores),
                "target": state.target,
                "rule": "B27",
            }
        )
        return True
    return False

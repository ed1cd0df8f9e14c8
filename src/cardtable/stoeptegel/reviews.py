"""What a seat could have done better: each of its decisions weighed by ExpertBot's evaluation.

``review(game, seat)`` replays the game and, at every decision of ``seat`` that offered a
choice — its stoeptegel, each lay or pass — asks ExpertBot to weigh every move it could make,
**from that seat's view at that moment only** (``game.view(seat)`` then: its own hand, the rows,
what it was told; never a hidden card): the cards it cannot see are dealt many ways and each
move is played out. A decision's value is the seat's expected points minus the others' average
by the round's end; its loss is how far it fell short of the best move. A review is the same
for two games that differ only in cards the seat could not see.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel.scenario(["9D 4H 5S", "KC 3S 8C"], ["KH", "3D", "QC"], ["6D", "2C"])
>>> game.pass_turn(0)
>>> (decision,) = review(game, 0, worlds=40).decisions
>>> decision.did, decision.best_move, decision.loss >= FLAG
('pass', '9♦ on row 2', True)
>>> print(decision.reason)
9♦ on row 2 would have scored at once (rule B25): about 0.3 points more by the round's end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..i18n import text
from .bots import evaluate, evaluate_choice
from .game import Stoeptegel
from .rows import CARDS
from .saves import dealt

FLAG = 0.3
"""A decision that lost at least this much (in expected points) gets a reason."""

_INDEX = {card.code: i for i, card in enumerate(CARDS)}

Option = tuple[int, int] | None


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    * ``index`` — the action's place in ``game.actions``; ``round``; ``kind`` — ``"choose"``,
      ``"play"`` or ``"pass"``; ``did`` and ``best_move`` — what it did and the best move, in
      words (``"9♦ on row 2"``, ``"pass"``, ``"set aside 7♥"``);
    * ``value`` and ``best`` — ExpertBot's evaluation of the two (expected points minus the
      others' average by the round's end); ``loss`` — ``best - value``, never below 0;
    * ``reason`` — a short sentence when the loss is at least :data:`FLAG`, else ``None``.
    """

    index: int
    round: int
    kind: str
    did: str
    best_move: str
    value: float
    best: float
    loss: float
    reason: str | None
    best_card: str | None = None
    """The best move's card as a wire code (``None`` for a pass), for a table to mark it."""
    best_row: int | None = None
    """The best move's row (0–2; ``None`` for a pass or a stoeptegel)."""
    scores_now: bool = False
    """Whether the best move would have scored at once (rule B25)."""


@dataclass(frozen=True)
class SeatReview:
    """A seat's decisions (``decisions``), oldest first, and the worlds weighed per decision."""

    seat: int
    worlds: int
    decisions: tuple[Decision, ...]


def number(value: float, lang: str) -> str:
    """``0.3`` as ``lang`` writes it (``0,3`` in Dutch and Catalan)."""
    written = f"{value:.1f}"
    return written if lang == "en" else written.replace(".", ",")


def move_text(kind: str, card: str | None, row: int | None, lang: str = "en") -> str:
    """A move in words: ``"set aside 7♥"``, ``"9♦ on row 2"``, ``"pass"`` (``card`` a wire
    code, ``row`` 0–2; no card: a pass)."""
    if card is None:
        return text("stoeptegel.review.move_pass", lang) if kind != "choose" else "?"
    shown = str(CARDS[_INDEX[card]])
    if kind == "choose":
        return text("stoeptegel.review.move_choose", lang, card=shown)
    return text("stoeptegel.review.move_play", lang, card=shown, row=(row or 0) + 1)


def _words(option: Option, kind: str) -> str:
    if option is None:
        return move_text(kind, None, None)
    return move_text(kind, CARDS[option[0]].code, option[1] if option[1] >= 0 else None)


def reason_text(decision: Decision, best: str, lang: str = "en") -> str:
    """Why the best move was better, in ``lang`` (``best``: the best move in words)."""
    points = text("stoeptegel.review.points", lang, loss=number(decision.loss, lang))
    if decision.kind == "choose":
        card = str(CARDS[_INDEX[decision.best_card]]) if decision.best_card else "?"
        return text("stoeptegel.review.reason_choose", lang, card=card, points=points)
    if decision.best_card is None:
        return text("stoeptegel.review.reason_pass", lang, points=points)
    key = "reason_scores" if decision.scores_now else "reason_better"
    return text(f"stoeptegel.review.{key}", lang, move=best, points=points)


def decision_points(
    game: Stoeptegel, seat: int, rounds: set[int] | None = None
) -> list[tuple[int, tuple[Any, ...], dict[str, Any]]]:
    """``(index, action, view)`` for each action of ``seat`` in ``game`` (in ``rounds``, when
    given): its place in ``game.actions``, the action, and ``game.view(seat)`` just before it —
    all a review of that seat may look at. The game is not changed.

    >>> game = Stoeptegel(players=2, seed=3)
    >>> game.choose(0, game.hand(0)[0])
    >>> [(index, action[0], view["phase"]) for index, action, view in decision_points(game, 0)]
    [(0, 'choose', 'choose')]
    """
    replay, points = dealt(Stoeptegel, game.to_json()), []
    for k, action in enumerate(game.actions):
        if action[1] == seat and (rounds is None or replay.round in rounds):
            points.append((k, action, dict(replay.view(seat))))
        replay.apply(action)
    return points


def review(
    game: Stoeptegel,
    seat: int,
    *,
    worlds: int = 120,
    seed: int = 0,
    rounds: set[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SeatReview:
    """Weigh each decision of ``seat`` in ``game`` (see the module docstring); ``rounds``
    limits it to those rounds; ``progress(done, total)`` is told after each decision. The
    evaluation deals ``worlds`` worlds a decision from a generator seeded by ``seed``: the same
    arguments give the same review. The game is not changed."""
    points = decision_points(game, seat, rounds)
    total = sum(1 for action in game.actions if action[1] == seat)
    decisions = []
    for done, (k, action, view) in enumerate(points, 1):
        decision = weigh(view, k, action, worlds, seed + k)
        if decision is not None:
            decisions.append(decision)
        if progress is not None:
            progress(done, total)
    return SeatReview(seat, worlds, tuple(decisions))


def weigh(
    view: dict[str, Any], index: int, action: tuple[Any, ...], worlds: int, seed: int
) -> Decision | None:
    """One decision weighed from the seat's ``view`` before it (``None`` when there was
    nothing to decide): a top-level function, so a worker process can run it on the view
    alone — the game, and every hidden card, stay in the kernel."""
    kind = action[0]
    if kind == "choose":
        values: dict[Any, float] = {
            (card, -1): value for card, value in evaluate_choice(view, seed, worlds).items()
        }
        did: Option = (_INDEX[action[2]], -1)
    else:
        values = dict(evaluate(view, seed, lambda n, options: n >= worlds))
        did = None if kind == "pass" else (_INDEX[action[2]], action[3])
    if len(values) < 2 or did not in values:  # nothing to decide (no card fits): no entry
        return None
    best_option = max(values, key=lambda option: values[option])
    loss = max(0.0, values[best_option] - values[did])
    words_did, words_best = _words(did, kind), _words(best_option, kind)
    best_card = None if best_option is None else CARDS[best_option[0]].code
    best_row = None if best_option is None or kind == "choose" else best_option[1]
    would = (view.get("would_score") or {}).get(best_card, [None] * 3) if best_card else []
    decision = Decision(
        index=index,
        round=view["round"],
        kind=kind,
        did=words_did,
        best_move=words_best,
        value=values[did],
        best=values[best_option],
        loss=loss,
        reason=None,
        best_card=best_card,
        best_row=best_row,
        scores_now=bool(best_row is not None and would[best_row]),
    )
    if loss < FLAG:
        return decision
    return replace(decision, reason=reason_text(decision, words_best))

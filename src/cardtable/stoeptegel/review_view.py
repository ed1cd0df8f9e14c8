"""A seat's review of a Stoeptegel round as its table shows it, and the record a seat may keep.

:func:`round_points` picks the seat's decisions of one round, each with ``game.view(seat)``
just before it; :func:`step` turns one (weighed by :func:`~.reviews.weigh`, in the bots' worker
process) into what the review panel draws: the rows and the hand **as that seat saw them**,
what it did, the best move, the loss and, at a loss of :data:`~.reviews.FLAG` or more, the
reason. Nothing but the seat's own views goes in, so nothing else can come out.

:func:`seat_record` is the record a seat may download: its view of the game — every event as
it saw it, and its view before each of its decisions — never another hand or the stock.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel.scenario(["9D 4H 5S", "KC 3S 8C"], ["KH", "3D", "QC"], ["6D", "2C"])
>>> game.pass_turn(0)
>>> (point,) = round_points(game, 0, 1)
>>> shown = step(point, weigh(point[2], point[0], point[1], 40, 0), 1, 1)
>>> shown["hand"], shown["flagged"]
(['5S', '4H', '9D'], True)
>>> print(shown["text"])
Decision 1 of 1: pass. 9♦ on row 2 would have scored at once (rule B25): about 0.3 points more by the round's end.
"""  # noqa: E501

from __future__ import annotations

from typing import Any

from .._records import RECORD_VERSION
from ..cards import Card
from .game import Stoeptegel
from .reviews import FLAG, Decision, decision_points, weigh
from .view import seat_events

__all__ = ["SEAT_RECORD", "pending", "round_points", "screen", "seat_record", "step", "weigh"]

SEAT_RECORD = "cardtable.seat-record"
Point = tuple[int, tuple[Any, ...], dict[str, Any]]


def round_points(game: Stoeptegel, seat: int, round_number: int) -> list[Point]:
    """The seat's decisions of round ``round_number``: ``(index, action, view before it)``."""
    return decision_points(game, seat, {round_number})


def _did(action: tuple[Any, ...]) -> str:
    kind = action[0]
    if kind == "pass":
        return "pass"
    card = Card.parse(action[2])
    return f"set aside {card}" if kind == "choose" else f"{card} on row {action[3] + 1}"


def step(point: Point, decision: Decision | None, number: int, total: int) -> dict[str, Any]:
    """Step ``number`` (from 1) of ``total``: the seat's view before the decision (rows, hand,
    its stoeptegel, scores) and the decision weighed, in words."""
    _, action, view = point
    number_text = f"Decision {number} of {total}"
    if decision is None:
        did, loss = _did(action), 0.0
        text = f"{number_text}: {did}. Nothing else was possible."
    else:
        did, loss = decision.did, decision.loss
        if decision.reason is not None:
            text = f"{number_text}: {did}. {decision.reason}"
        elif decision.best_move == did or loss < 0.05:
            text = f"{number_text}: {did}, the best move by ExpertBot's reckoning."
        else:
            text = f"{number_text}: {did}; {decision.best_move} was about {loss:.1f} points better."
    return {
        "rows": view["rows"],
        "hand": view["hand"],
        "stoeptegel": view["stoeptegel"],
        "scores": view["scores"],
        "did": did,
        "best": None if decision is None else decision.best_move,
        "loss": round(loss, 2),
        "flagged": loss >= FLAG,
        "text": text,
    }


def screen(steps: list[dict[str, Any]], round_number: int) -> dict[str, Any]:
    """The whole review: its steps, the flagged ones (``mistakes``) and the headline."""
    flagged = [i for i, s in enumerate(steps) if s["flagged"]]
    n = len(steps)
    if not n:
        text = f"You made no decision in round {round_number}."
    elif not flagged:
        text = (
            f"None of your {n} decisions in round {round_number} lost {FLAG} points or more "
            "by ExpertBot's reckoning."
        )
    else:
        text = (
            f"{len(flagged)} of your {n} decisions in round {round_number} lost {FLAG} points "
            f"or more; the first was decision {flagged[0] + 1}."
        )
    return {"round": round_number, "steps": steps, "mistakes": flagged, "text": text}


def pending(done: int, total: int) -> dict[str, Any]:
    """The panel while the worker weighs the decisions: a progress bar and its sentence."""
    return {
        "pending": True,
        "done": done,
        "total": total,
        "text": f"Weighing your decisions from what you saw: {done} of {total}…",
    }


def seat_record(game: Stoeptegel, seat: int, names: list[str]) -> dict[str, Any]:
    """What ``seat`` may keep of ``game``: every event as it saw it (``events``), its view
    before each of its decisions and now (``views``), the names and the public result — no
    seed, no other hand, no stock.

    >>> game = Stoeptegel(players=2, seed=3)
    >>> record = seat_record(game, 1, ["Ann", "Bo"])
    >>> record["format"], record["seat"], "seed" in str(record)
    ('cardtable.seat-record', 1, False)
    """
    now = dict(game.view(seat))
    views = [view for _, _, view in decision_points(game, seat)] + [now]
    return {
        "format": SEAT_RECORD,
        "version": RECORD_VERSION,
        "game": "stoeptegel",
        "seat": seat,
        "players": list(names),
        "result": {"round": now["round"], "scores": now["scores"], "winners": now["winners"]},
        "events": seat_events(game._s, seat),
        "views": [{k: v for k, v in view.items() if k != "events"} for view in views],
    }

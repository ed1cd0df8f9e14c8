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
from ..i18n import text
from .game import Stoeptegel
from .reviews import FLAG, Decision, decision_points, move_text, number, reason_text, weigh
from .view import seat_events

__all__ = ["SEAT_RECORD", "pending", "round_points", "screen", "seat_record", "step", "weigh"]

SEAT_RECORD = "cardtable.seat-record"
Point = tuple[int, tuple[Any, ...], dict[str, Any]]


def round_points(game: Stoeptegel, seat: int, round_number: int) -> list[Point]:
    """The seat's decisions of round ``round_number``: ``(index, action, view before it)``."""
    return decision_points(game, seat, {round_number})


def _did(action: tuple[Any, ...], lang: str) -> str:
    kind = action[0]
    if kind == "pass":
        return move_text(kind, None, None, lang)
    return move_text(kind, action[2], action[3] if kind == "play" else None, lang)


def step(
    point: Point, decision: Decision | None, number_: int, total: int, lang: str = "en"
) -> dict[str, Any]:
    """Step ``number_`` (from 1) of ``total``: the seat's view before the decision (rows,
    hand, its stoeptegel, scores) and the decision weighed, in words of ``lang``."""
    _, action, view = point

    def say(key: str, **fields: Any) -> str:
        return text(f"stoeptegel.review.{key}", lang, **fields)

    step_text = say("step", number=number_, total=total)
    did = _did(action, lang)
    if decision is None:
        loss, best = 0.0, None
        said = say("only", step=step_text, did=did)
    else:
        loss = decision.loss
        best = move_text(decision.kind, decision.best_card, decision.best_row, lang)
        if decision.reason is not None:
            said = say("reason", step=step_text, did=did, reason=reason_text(decision, best, lang))
        elif decision.best_move == decision.did or loss < 0.05:
            said = say("best", step=step_text, did=did)
        else:
            said = say("worse", step=step_text, did=did, best=best, loss=number(loss, lang))
    return {
        "rows": view["rows"],
        "hand": view["hand"],
        "stoeptegel": view["stoeptegel"],
        "scores": view["scores"],
        "did": did,
        "played": None if action[0] == "pass" else action[2],
        "best": best,
        "better": None if decision is None or loss < FLAG else decision.best_card,
        "loss": round(loss, 2),
        "flagged": loss >= FLAG,
        "text": said,
    }


def screen(steps: list[dict[str, Any]], round_number: int, lang: str = "en") -> dict[str, Any]:
    """The whole review: its steps, the flagged ones (``mistakes``) and the headline."""
    flagged = [i for i, s in enumerate(steps) if s["flagged"]]
    n, flag = len(steps), number(FLAG, lang)
    if not n:
        said = text("stoeptegel.review.none", lang, round=round_number)
    elif not flagged:
        said = text("stoeptegel.review.clean", lang, count=n, round=round_number, flag=flag)
    else:
        said = text("stoeptegel.review.flagged", lang, flagged=len(flagged), count=n,
                    round=round_number, flag=flag, first=flagged[0] + 1)  # fmt: skip
    return {"round": round_number, "steps": steps, "mistakes": flagged, "text": said}


def pending(done: int, total: int, lang: str = "en") -> dict[str, Any]:
    """The panel while the worker weighs the decisions: a progress bar and its sentence."""
    return {
        "pending": True,
        "done": done,
        "total": total,
        "text": text("stoeptegel.review.pending", lang, done=done, total=total),
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

"""One table layer per game (issue 27 §1): the served table (its hub, no browser), the widget
and the exercise tell a seat the same thing, word for word, for the same intents, because each
hands them to its game's session.

A served table and a widget of the same deal, with the same bots, go through a whole game side
by side: after every intent the frame the seat's socket receives and the widget's synced
traits are equal. Then, on every exercise's position, the same refusals reach the exercise's
table, the game's widget and (Stoeptegel) the served table.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import StoeptegelWidget, TriPeaksWidget
from cardtable.lessons import TASKS
from cardtable.lessons.tasks import Task
from cardtable.server.hub import TableHub
from cardtable.stoeptegel.bots import GreedyBot
from cardtable.stoeptegel.session import SEAT_TRAITS
from cardtable.widgets.exercise import StoeptegelExercise, TriPeaksExercise

pytest.importorskip("tornado")


class Page:
    """A seat's page: the last of each trait it was sent, and its log, kept as the page keeps
    it (a view brings the lines from ``events_from`` on; the round's log starts at
    ``log_from``)."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []

    def receive(self, frame: dict[str, Any]) -> None:
        frame = dict(frame)
        view = frame.pop("view", None)
        if view:
            start = view.get("log_from", view["events_from"])
            kept = self.log if self.state.get("log_from") == start else []
            self.log = kept[: view["events_from"] - start] + view["events"]
            frame["view"] = {k: v for k, v in view.items() if k not in ("events", "events_from")}
            frame["log_from"] = start
        elif view is not None:
            frame["view"], self.log = {}, []
        self.state.update(frame)

    def told(self) -> dict[str, Any]:
        """What the seat is told: its traits and its log (a message without the counter
        that orders notices)."""
        state = {key: self.state.get(key) for key in SEAT_TRAITS if key != "notes"}
        # The house rules' texts come in the view (a served seat) or once in the notes (the
        # widget, stoeptegel/sent_once.py): the page reads whichever it has.
        house = (self.state.get("notes") or {}).get("house")
        view = state.get("view")
        if house is not None and isinstance(view, dict) and "texts" in view:
            state["view"] = {**view, "texts": {"house": house, **view["texts"]}}
        message = state.get("message") or {}
        return dict(state, message={k: v for k, v in message.items() if k != "id"}, log=self.log)


class Served(Page):
    """Seat 0 of a served table as its socket sees it (no browser)."""

    def __init__(self, hub: TableHub) -> None:
        super().__init__()
        self.hub = hub
        hub.join(0, self.receive)

    def send(self, content: dict[str, Any]) -> None:
        self.hub.intent(0, content, self.receive)


class Local(Page):
    """A widget's front end: every change of its synced traits, as the comm brings it."""

    def __init__(self, widget: Any) -> None:
        super().__init__()
        self.widget = widget
        self.receive({key: getattr(widget, key) for key in SEAT_TRAITS})
        widget.observe(lambda change: self.receive({change["name"]: change["new"]}), SEAT_TRAITS)

    def send(self, content: dict[str, Any]) -> None:
        send(self.widget, content)


def send(widget: Any, content: dict[str, Any]) -> None:
    """An intent as the front end sends it (``model.send``): refusals go to the message line."""
    widget._on_message(widget, content, [])


def served_and_widget(seed: int) -> tuple[Served, Local, StoeptegelWidget]:
    hub = TableHub(players=2, bots={1: GreedyBot(seed=1)}, seed=seed, think=None)
    # A served table calls its human seat "Player 1" (the name its link shows), a widget's one
    # human seat is "You": name the widget's seat as the link does, so their names agree.
    names = hub.session.names
    widget = StoeptegelWidget(
        players=2, seed=seed, bots=[None, GreedyBot(seed=1)], think=None, names=names
    )
    return Served(hub), Local(widget), widget


JUNK: list[dict[str, Any]] = [
    {"action": "new"},  # the game is still being played (rule B27)
    {"action": "cheat"},
    {"action": "play", "card": "XX", "row": 0},
    {"action": "play", "card": "AS", "row": 7},
    {"action": "pass", "extra": 1},
]


@pytest.mark.parametrize("seed", [3, 8])
def test_a_served_table_and_the_widget_tell_the_seat_the_same_through_a_game(seed: int) -> None:
    served, local, widget = served_and_widget(seed)
    assert served.told() == local.told()
    for _ in range(200):
        view = widget.view
        if view["phase"] == "over":
            break
        if view["phase"] == "choose":
            moves = [{"action": "choose", "card": view["hand"][-1]}]
        else:  # a refusal first (a card on a row that does not take it, if any), then a move
            refused = [
                {"action": "play", "card": code, "row": row}
                for code, reasons in widget.reasons.items()
                for row, reason in enumerate(reasons)
                if reason is not None
            ]
            legal = [{"action": "play", "card": c, "row": r} for c, r in view["legal"]]
            moves = [*refused[:1], *(legal[:1] or [{"action": "pass"}])]
        for content in [*JUNK[:1], *moves]:
            local.send(content)
            served.send(content)
            assert served.told() == local.told(), content
    assert widget.view["phase"] == "over"
    for content in [{"action": "cheat"}, {"action": "new"}]:
        local.send(content)
        served.send(content)
    assert served.told()["view"]["phase"] == widget.view["phase"] == "choose"


def posed(task: Task) -> tuple[Any, Any, Served | None]:
    """``task``'s exercise table, its game's widget on the same position, and (Stoeptegel) a
    served table playing it."""
    if task.game == "tripeaks":
        return TriPeaksExercise(task), TriPeaksWidget(game=task.setup()), None
    hub = TableHub(players=task.setup().players, seed=1, think=None)
    hub.session.replace(task.setup())
    widget = StoeptegelWidget(game=task.setup(), bots=None, think=None)
    return StoeptegelExercise(task), widget, Served(hub)


def wire(task: Task, move: Any) -> dict[str, Any]:
    """The intent the table's front end sends for the try ``move`` (rows 0–2 on the wire)."""
    if move in ("draw", "pass"):
        return {"action": move}
    if task.game == "tripeaks":
        return {"action": "play", "position": move}
    card, row = move
    return {"action": "play", "card": card, "row": row - 1}


@pytest.mark.parametrize("task_id", list(TASKS))
def test_an_exercise_its_games_widget_and_a_served_table_refuse_alike(task_id: str) -> None:
    task = TASKS[task_id]
    exercise, widget, served = posed(task)
    # (An unknown action is answered with the actions that table knows: an exercise's are its own.)
    other = {"action": "draw" if task.game == "tripeaks" else "pass", "x": 0}
    for content in [{"action": "play", "card": 3}, {"action": "play"}, other]:
        send(exercise, content)
        send(widget, content)
        said = [exercise.message.get("text"), widget.message.get("text")]
        if served is not None:
            served.send(content)
            said.append(served.state["message"].get("text"))
        assert len(set(said)) == 1 and said[0], (content, said)
    if not task.wrong_is_legal:  # the rules forbid the wrong try: the engine's reason
        content = wire(task, task.wrong)
        send(exercise, content)
        send(widget, content)
        said = [exercise.exercise["feedback"], widget.message.get("text")]
        if served is not None:
            served.send(content)
            said.append(served.state["message"].get("text"))
        assert len(set(said)) == 1 and task.wrong_reason in said[0], said

"""Review and Download record on a served table (issue 29): after a round, each seat reviews
its own decisions, weighed in the bots' worker process from its own views only, with its
progress; only that seat's sockets hear of it, and nothing in its frames is a card it could
not see. Two tables whose deals differ only in cards the seat could not see give it the same
review of its first decision (the notebook table's twin-game test, served)."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from cardtable.server.hub import TableHub
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.stoeptegel.review_view import round_points
from cardtable.stoeptegel.reviews import weigh
from cardtable.stoeptegel.saves import dealt

from ..stoeptegel.test_review import twin_decks
from ..widgets.threads import in_own_thread, run_async

pytest.importorskip("tornado")
CODE = re.compile(r'"([2-9TJQKA][SHDC])"')
Frames = list[dict[str, Any]]


def hub_after_round_one(game: Stoeptegel | None = None) -> TableHub:
    """A served table of two human seats whose first round was played (by GreedyBots)."""
    hub = TableHub(players=2, think=None, seed=5)
    if game is not None:
        hub.session.replace(game)
    play_on(hub.game, [GreedyBot(seed=s) for s in range(2)], until_round=2)
    return hub


def sockets(hub: TableHub) -> dict[int, Frames]:
    """A socket on each seat, keeping every frame it is sent (as JSON goes over the wire)."""
    frames: dict[int, Frames] = {0: [], 1: []}
    for seat, kept in frames.items():
        hub.join(seat, lambda state, kept=kept: kept.append(json.loads(json.dumps(state))))
    return frames


def seen_by(game: Stoeptegel, seat: int) -> set[str]:
    """Every card code any view of ``seat`` showed it, action by action, up to now."""
    replay, seen = dealt(Stoeptegel, game.to_json()), set()
    for action in [*game.actions, None]:
        seen |= set(CODE.findall(json.dumps(replay.view(seat))))
        if action is not None:
            replay.apply(action)
    return seen


def test_a_seats_review_is_its_own_and_holds_no_card_it_could_not_see() -> None:
    def body() -> tuple[TableHub, dict[int, Frames]]:
        hub = hub_after_round_one()
        frames = sockets(hub)
        hub.intent(0, {"action": "review"}, lambda _state: None)  # no loop: weighed at once
        return hub, frames

    hub, frames = in_own_thread(body)
    review = frames[0][-1]["review"]
    points = round_points(hub.game, 0, 1)
    assert review["seat"] == 0 and review["round"] == 1 and len(review["steps"]) == len(points)
    for shown, (_, _, view) in zip(review["steps"], points, strict=True):
        assert (shown["hand"], shown["rows"]) == (view["hand"], view["rows"])
    assert all(frame["review"] == {} for frame in frames[1])  # the other seat hears nothing
    seen = seen_by(hub.game, 0)
    hidden = {c.code for c in hub.game.stock} | {c.code for c in hub.game.hand(1)}
    assert hidden - seen  # the test can fail: some cards were never shown to seat 0
    for frame in frames[0]:
        assert not set(CODE.findall(json.dumps(frame))) - seen
        assert '"seed"' not in json.dumps(frame)


def test_twin_tables_give_the_seat_the_same_review_of_its_first_decision() -> None:
    def first_step(deck: list[str]) -> dict[str, Any]:
        game = Stoeptegel(players=2, deck=deck, seed=1)
        game.choose(0, game.hand(0)[2])
        hub = hub_after_round_one(game)
        frames = sockets(hub)
        hub.intent(0, {"action": "review"}, lambda _state: None)
        step: dict[str, Any] = frames[0][-1]["review"]["steps"][0]
        # "Decision 1 of 5: …": how many decisions followed hangs on the later play
        return dict(step, text=step["text"].split(": ", 1)[1])

    first, second = twin_decks(5)
    one, other = in_own_thread(lambda: (first_step(first), first_step(second)))
    assert one == other and one["did"].startswith("set aside ")


def test_the_worker_weighs_only_the_seats_views_and_the_seat_sees_its_progress(
    monkeypatch: Any,
) -> None:
    import cardtable.stoeptegel.reviewing as desk

    sent: list[tuple[Any, tuple[Any, ...]]] = []
    real = desk.in_worker

    def recording(fn: Any, *args: Any) -> Any:
        sent.append((fn, args))
        return real(fn, *args)

    monkeypatch.setattr(desk, "in_worker", recording)

    async def scenario() -> tuple[TableHub, dict[int, Frames]]:
        hub = hub_after_round_one()
        frames = sockets(hub)
        hub.intent(0, {"action": "review"}, lambda _state: None)
        hub.intent(0, {"action": "review"}, lambda _state: None)  # refused: still weighing
        for _ in range(3000):
            if frames[0][-1]["review"].get("steps"):
                break
            await asyncio.sleep(0.02)
        return hub, frames

    hub, frames = run_async(scenario)
    views = [view for _, _, view in round_points(hub.game, 0, 1)]
    assert [fn for fn, _ in sent] == [weigh] * len(views)
    assert [args[0] for _, args in sent] == views  # each exactly the seat's view, nothing more
    assert not any(isinstance(arg, Stoeptegel) for _, args in sent for arg in args)
    reviews = [frame["review"] for frame in frames[0] if frame["review"]]
    progress = [r["done"] for r in reviews if r.get("pending")]
    assert progress[0] == 0 and progress == sorted(progress) and reviews[0]["total"] == len(views)
    assert "Still weighing" in " ".join(str(f["message"].get("text")) for f in frames[0])
    assert len(reviews[-1]["steps"]) == len(views)
    assert all(frame["review"] == {} for frame in frames[1])


def test_a_seat_downloads_its_own_record_to_the_socket_that_asked() -> None:
    def body() -> tuple[TableHub, Frames, dict[int, Frames]]:
        hub = hub_after_round_one()
        frames = sockets(hub)
        asked: Frames = []
        hub.intent(1, {"action": "download"}, asked.append)
        return hub, asked, frames

    hub, asked, frames = in_own_thread(body)
    (file,) = asked
    assert file["type"] == "download" and file["name"] == "stoeptegel-Player 2.json"
    record = json.loads(file["text"])
    assert record["seat"] == 1 and record["views"][-1]["hand"] == hub.game.view(1)["hand"]
    assert not set(CODE.findall(file["text"])) - seen_by(hub.game, 1)
    assert all("type" not in frame for seat in frames for frame in frames[seat])


def test_a_new_game_empties_the_review() -> None:
    def body() -> dict[str, Any]:
        hub = hub_after_round_one()
        hub.intent(0, {"action": "review"}, lambda _state: None)
        assert hub.state(0)["review"]["steps"]
        hub.session.replace(Stoeptegel(players=2, seed=9))
        return hub.state(0)["review"]

    assert in_own_thread(body) == {}


def test_a_review_before_the_round_ends_is_refused_to_that_seat() -> None:
    hub = TableHub(players=2, think=None, seed=5)
    frames = sockets(hub)
    hub.intent(0, {"action": "review", "extra": [1] * 5}, lambda _state: None)
    assert "once a round has ended" in frames[0][-1]["message"]["text"]
    assert frames[0][-1]["review"] == {} and all(not f["message"] for f in frames[1])


def test_a_notebook_seat_reviews_and_saves_its_record_through_the_socket() -> None:
    from cardtable import StoeptegelWidget, serve

    async def until(done: Any) -> None:
        for _ in range(3000):
            if done():
                return
            await asyncio.sleep(0.02)

    async def scenario() -> tuple[Any, list[Any], Any]:
        table = serve(players=2, process=False, think=None, seed=5)
        play_on(table.game, [GreedyBot(seed=s) for s in range(2)], until_round=2)
        seat = StoeptegelWidget.join(table.links[0])
        saved: list[Any] = []
        seat.send = saved.append  # type: ignore[method-assign]  # the front end's custom messages
        await until(lambda: seat.view)
        seat._on_message(seat, {"action": "review"}, [])
        await until(lambda: seat.review.get("steps"))
        seat._on_message(seat, {"action": "download"}, [])
        await until(lambda: saved)
        seat.close()
        table.stop()
        return seat.review, saved, table.game

    review, saved, game = run_async(scenario)
    assert review["seat"] == 0 and len(review["steps"]) == len(round_points(game, 0, 1))
    (file,) = saved
    assert file["type"] == "download" and json.loads(file["text"])["seat"] == 0


def test_in_its_own_process_the_table_reviews_a_seat_with_its_bot_worker() -> None:
    """``cardtable.serve()`` as a host runs it (the table in its own process): seat 0 plays
    round one through its socket, then its review comes back with its progress."""
    from cardtable import StoeptegelWidget, serve

    async def until(done: Any, tries: int = 3000) -> bool:
        for _ in range(tries):
            if done():
                return True
            await asyncio.sleep(0.02)
        return False

    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        table = serve(players=2, bots={1: "greedy"}, think=None, seed=5)
        seat = StoeptegelWidget.join(table.links[0])
        try:
            await until(lambda: seat.view)
            for _ in range(60):
                view = seat.view
                if view["round"] > 1:
                    break
                if view["phase"] == "choose":
                    intent = {"action": "choose", "card": view["hand"][0]}
                else:
                    legal = view["legal"]
                    intent = (
                        {"action": "play", "card": legal[0][0], "row": legal[0][1]}
                        if legal
                        else {"action": "pass"}
                    )
                version = seat.version
                seat._on_message(seat, {**intent, "version": version}, [])
                await until(lambda version=version: seat.version != version, 500)
            shown: list[dict[str, Any]] = []
            seat._on_message(seat, {"action": "review"}, [])
            await until(lambda: shown.append(dict(seat.review)) or seat.review.get("steps"))
            return shown, seat.view
        finally:
            seat.close()
            table.stop()

    shown, view = run_async(scenario)
    assert view["round"] == 2 and shown[-1]["round"] == 1 and shown[-1]["steps"]
    assert any(r.get("pending") for r in shown)  # its progress came first


def test_a_record_asked_for_again_is_not_built_again(monkeypatch: Any) -> None:
    import cardtable.server.reviews as desk

    built: list[int] = []
    real = desk.seat_record

    def counted(*args: Any) -> Any:
        built.append(1)
        return real(*args)

    monkeypatch.setattr(desk, "seat_record", counted)

    def body() -> tuple[Frames, int]:
        hub = hub_after_round_one()
        asked: Frames = []
        for _ in range(50):
            hub.intent(0, {"action": "download"}, asked.append)
        return asked, len(built)

    asked, times = in_own_thread(body)
    assert len(asked) == 50 and times == 1 and all(file == asked[0] for file in asked)

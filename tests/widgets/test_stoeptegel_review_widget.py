"""The Stoeptegel table's Review after a round and the seat's record (issue 29), from Python:
from that seat's views only, in the bots' worker process with a progress bar."""

from __future__ import annotations

import asyncio
import json
import re

from cardtable import StoeptegelWidget
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.stoeptegel.review_view import round_points, seat_record, step
from cardtable.stoeptegel.reviews import weigh

from ..stoeptegel.test_review import twin_decks
from .threads import in_own_thread, run_async


def after_round_one(seed: int = 5) -> StoeptegelWidget:
    game = Stoeptegel(players=3, seed=seed)
    play_on(game, [GreedyBot(seed=s) for s in range(3)], until_round=2)
    return StoeptegelWidget(game=game, think=None)


def test_the_review_opens_only_once_a_round_has_ended():
    def body() -> None:
        table = StoeptegelWidget(players=3, seed=5, think=None)
        table.handle({"action": "choose", "card": table.view["hand"][0]})
        view = table.get_state()["view"]
        table._on_message(table, {"action": "review"}, [])
        assert "once a round has ended" in table.message["text"]
        assert table.review == {} and table.get_state()["view"] == view

    in_own_thread(body)


def test_each_step_is_the_seats_view_before_its_decision_of_that_round():
    def body() -> None:
        table = after_round_one()
        table.handle({"action": "review"})
        points = round_points(table.game, 0, 1)
        steps = table.review["steps"]
        assert table.review["round"] == 1 and len(steps) == len(points) > 0
        for shown, (_, _, view) in zip(steps, points, strict=True):
            assert (shown["hand"], shown["rows"]) == (view["hand"], view["rows"])
        flagged = [i for i, s in enumerate(steps) if s["flagged"]]
        assert table.review["mistakes"] == flagged
        assert all(s["loss"] >= 0.3 for s in steps if s["flagged"])
        assert all(". " in steps[i]["text"] for i in flagged)  # the reason follows the move

    in_own_thread(body)


def test_twin_games_give_the_same_first_step():
    first, second = twin_decks(5)
    shown = []
    for deck in (first, second):
        game = Stoeptegel(players=2, deck=deck, seed=1)
        game.choose(0, game.hand(0)[2])
        (point,) = round_points(game, 0, 1)
        shown.append(step(point, weigh(point[2], point[0], point[1], 30, 0), 1, 1))
    assert shown[0] == shown[1]


def test_in_a_kernel_the_worker_reports_progress_then_the_review():
    async def scenario() -> list:
        table = after_round_one()
        table.review_round()
        seen = [dict(table.review)]
        while table.review.get("pending"):
            seen.append(dict(table.review))
            await asyncio.sleep(0.02)
        return [*seen, table.review]

    seen = run_async(scenario)
    assert seen[0]["pending"] and seen[0]["done"] == 0 and seen[0]["total"] > 0
    assert "steps" in seen[-1] and len(seen[-1]["steps"]) == seen[0]["total"]


def test_a_hand_over_closes_the_review_of_the_seat_before():
    def body() -> None:
        game = Stoeptegel(players=2, seed=4)
        play_on(game, [GreedyBot(seed=s) for s in range(2)], until_round=2)
        table = StoeptegelWidget(game=game, seat=[0, 1], bots=None, think=None)
        if table.handover:
            table.handle({"action": "ready"})
        seat = table.view["seat"]
        table.handle({"action": "review"})
        assert table.review["seat"] == seat
        table.handle({"action": "choose", "card": table.view["hand"][0]})  # the screen moves on
        assert table.handover and table.review == {}

    in_own_thread(body)


def test_the_seats_record_holds_no_card_it_could_not_see():
    game = Stoeptegel(players=3, seed=8)
    play_on(game, [GreedyBot(seed=s) for s in range(3)], until=lambda g: len(g.actions) >= 14)
    hidden = {c.code for s in (1, 2) for c in game.hand(s)} | {c.code for c in game.stock}
    hidden -= {"JK"} | {c.code for c in game.hand(0)}  # the two jokers look alike
    text = json.dumps(seat_record(game, 0, ["Ann", "Bo", "Cy"]))
    seen = set(re.findall(r'"([2-9TJQKA][SHDC])"', text))
    assert hidden and not hidden & seen
    assert '"seed"' not in text and '"hands"' not in text


def test_the_table_sends_the_seat_its_own_record():
    def body() -> None:
        table = after_round_one()
        sent: list = []
        table.send = sent.append  # type: ignore[method-assign]
        table.handle({"action": "download"})
        (message,) = sent
        record = json.loads(message["text"])
        assert record["format"] == "cardtable.seat-record" and record["seat"] == 0
        assert record["views"][-1]["hand"] == table.view["hand"]

    in_own_thread(body)


def test_only_the_seats_views_go_to_the_worker(monkeypatch):
    import cardtable.stoeptegel.reviewing as desk

    sent: list = []

    def recording(fn, *args):
        sent.append((fn, args))
        return real(fn, *args)

    real = desk.in_worker
    monkeypatch.setattr(desk, "in_worker", recording)

    async def scenario() -> dict:
        table = after_round_one()
        table.review_round()
        while table.review.get("pending"):
            await asyncio.sleep(0.02)
        return table.review

    shown = run_async(scenario)
    game = after_round_one().game
    views = [view for _, _, view in round_points(game, 0, 1)]
    assert [fn for fn, _ in sent] == [weigh] * len(views) == [weigh] * len(shown["steps"])
    assert [args[0] for _, args in sent] == views  # each exactly the seat's view, nothing more
    assert not any(isinstance(arg, Stoeptegel) for _, args in sent for arg in args)


def test_a_broken_worker_still_gives_the_review(monkeypatch):
    import concurrent.futures

    import cardtable.stoeptegel.reviewing as desk

    def broken(fn, *args):
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_exception(RuntimeError("the worker died"))
        return future

    monkeypatch.setattr(desk, "in_worker", broken)

    async def scenario() -> dict:
        table = after_round_one()
        table.review_round()
        while table.review.get("pending"):
            await asyncio.sleep(0.02)
        return table.review

    shown = run_async(scenario)

    def inline() -> list:
        expected = after_round_one()
        expected.handle({"action": "review"})  # no loop: weighed here and now
        return expected.review["steps"]

    assert shown["steps"] == in_own_thread(inline)

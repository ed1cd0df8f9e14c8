"""The table session on a fake clock: seats, bots' thinking times (rule B23), stale clicks and
hand-overs, with no sleeps and no private pokes."""

from __future__ import annotations

import concurrent.futures
import heapq
import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardtable import IllegalMove
from cardtable.messages import say
from cardtable.stoeptegel import Stoeptegel, thinking
from cardtable.stoeptegel.bots import GreedyBot, RandomBot
from cardtable.stoeptegel.session import TableSession, seat_state


class Handle:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0
        self._queue: list[tuple[float, int, Callable[[], None], Handle]] = []
        self._order = itertools.count()

    def running(self) -> bool:
        return True

    def schedule(self, delay: float, fn: Callable[[], None]) -> Handle:
        handle = Handle()
        heapq.heappush(self._queue, (self.now + delay, next(self._order), fn, handle))
        return handle

    def soon(self, fn: Callable[[], None]) -> None:
        self.schedule(0, fn)

    def advance(self, seconds: float) -> None:
        end = self.now + seconds
        while self._queue and self._queue[0][0] <= end:
            when, _, fn, handle = heapq.heappop(self._queue)
            self.now = when
            if not handle.cancelled:
                fn()
        self.now = end


def inline(bot: Any, view: dict[str, Any]) -> concurrent.futures.Future[Any]:
    done: concurrent.futures.Future[Any] = concurrent.futures.Future()
    done.set_result(thinking.decide(bot, view))
    return done


def lesson(to_move: int = 0) -> Stoeptegel:
    return Stoeptegel.scenario(
        ["8H JS 3S KH 5C", "2C 3C 4C", "9C TC", "QD QC AS 6S"],
        [{"cards": ["9H", "5H"], "played": [False, True]}, "KS 7S", "4D 6D 2D"],
        ["AH", "4S", "6C", "8D"],
        stock="7C 8C 9D",
        to_move=to_move,
        seed=3,
    )


def session(game: Stoeptegel, clock: FakeClock, **options: Any) -> tuple[TableSession, list]:
    """A session on ``clock``; also the list of (time, seat, kind) of every action."""
    table = TableSession(game, clock=clock, submit=inline, **options)
    actions: list[tuple[float, int, str]] = []
    game.subscribe(lambda g: actions.append((clock.now, g.actions[-1][1], g.actions[-1][0])))
    return table, actions


def test_every_bot_action_waits_one_draw_of_its_thinking_time_play_or_pass() -> None:
    clock = FakeClock()
    table, actions = session(
        lesson(), clock, bots="random", bot_seed=0, think=(0.5, 1.5), think_seed=11
    )
    draws = random.Random(11)
    table.handle({"action": "pass"})
    clock.advance(10)
    assert table.game.round == 1 and table.game.to_move == 0
    bots = [(when, kind) for when, seat, kind in actions if seat != 0]
    assert {kind for _, kind in bots} == {"play", "pass"}, "these seeds give both"
    last = 0.0
    for when, seat, _kind in actions:
        if seat != 0:  # each bot moved exactly one draw after the table last changed
            assert when - last == pytest.approx(draws.uniform(0.5, 1.5))
        last = when


def test_a_bot_thinks_while_the_human_is_refused_and_python_may_move_for_it() -> None:
    clock = FakeClock()
    table, actions = session(lesson(to_move=1), clock, think=(5, 5))
    clock.advance(1)
    assert actions == [] and table.game.to_move == 1  # Anna is thinking
    with pytest.raises(IllegalMove, match="not your turn: Anna is to move"):
        table.handle({"action": "play", "card": "3S", "row": 1})
    for seat in (1, 2, 3):
        table.game.pass_turn(seat)  # from Python, before the bots' times are up
    clock.advance(30)
    assert [seat for _, seat, _ in actions] == [1, 2, 3]  # no bot moved a second time
    assert table.game.to_move == 0


def test_a_click_from_an_earlier_turn_is_stale_one_from_this_turn_is_not() -> None:
    clock = FakeClock()
    table, _ = session(lesson(), clock, think=(1, 1))
    old = table.version
    table.handle({"action": "pass", "version": old})
    clock.advance(10)  # the three bots moved: seat 0 again
    assert table.game.to_move == 0 and table.version > old
    with pytest.raises(IllegalMove, match="earlier state"):
        table.handle({"action": "play", "card": "3S", "row": 1, "version": old})
    this_turn = table.version
    table.handle({"action": "pass", "version": this_turn})
    assert table.game.actions[-1] == ("pass", 0)


def test_closing_or_replacing_the_game_stops_the_bots() -> None:
    clock = FakeClock()
    game = lesson()
    table, actions = session(game, clock, think=(1, 1))
    table.handle({"action": "pass"})
    table.replace(Stoeptegel(4, seed=1))
    table.close()  # before the new game's bots are done thinking
    clock.advance(10)
    assert [seat for _, seat, _ in actions] == [0]  # the old game's bots never moved
    assert all(table.game.chosen(s) is None for s in range(1, 4))  # nor did the new one's
    version = table.version
    game.pass_turn(1)  # the old game no longer drives the table
    assert table.version == version


def test_hot_seat_the_screen_goes_dark_until_the_next_player_is_ready() -> None:
    clock = FakeClock()
    table, _ = session(Stoeptegel(3, seed=14), clock, bots=None)
    assert table.shown == 0 and table.humans == [0, 1, 2]
    table.handle({"action": "choose", "card": table.game.hand(0)[0].code})
    assert table.shown is None and table.handover == 1
    screen = table.screen()
    assert screen["view"] == {} and screen["reasons"] == {}
    assert screen["handover"]["seat"] == 1 and screen["handover"]["name"] == "Player 2"
    assert screen["handover"]["title"] == "Pass the screen to Player 2"
    with pytest.raises(IllegalMove, match="Pass the screen to Player 2"):
        table.handle({"action": "choose", "card": table.game.hand(1)[0].code})
    table.handle({"action": "ready"})
    assert table.shown == 1 and table.screen()["view"]["seat"] == 1


def test_seat_state_is_the_observer_plus_sentences_and_own_reasons() -> None:
    game = lesson()
    state = seat_state(game, 0, ["You", "Anna", "Bram", "Carla"])
    view = game.view(0)
    assert [{k: v for k, v in e.items() if k not in ("text", "headline")}
            for e in state["view"]["events"]] == view["events"]  # fmt: skip
    assert set(state["reasons"]) == {c.code for c in game.hand(0)}
    assert seat_state(game, 1, ["You", "Anna", "Bram", "Carla"])["reasons"] == {}


def test_seat_state_without_hints_keeps_the_view_and_drops_every_help() -> None:
    game = lesson()
    names = ["You", "Anna", "Bram", "Carla"]
    full, bare = seat_state(game, 0, names), seat_state(game, 0, names, hints=False)
    assert full["view"]["legal"] and any(full["view"]["playable"]) and full["reasons"]
    assert bare["view"]["legal"] == [] and not any(bare["view"]["playable"])
    assert bare["view"]["would_score"] == {} and bare["reasons"] == {}
    assert "scoring" not in bare["view"]["texts"]
    assert "glowing" in full["view"]["texts"]["prompt"]["picked"]
    assert bare["view"]["texts"]["prompt"] == {
        "idle": "Your turn: pick a card, then a row.",  # not "pass is always allowed" (st-pass)
        "picked": "Lay {card} on a row.",
    }
    helps = {"legal", "playable", "would_score", "texts"}
    assert {k: v for k, v in bare["view"].items() if k not in helps} == {
        k: v for k, v in full["view"].items() if k not in helps
    }


def test_a_failed_bot_passes_and_the_table_says_so_without_its_cards() -> None:
    class Broken(GreedyBot):
        def turn(self, view: dict[str, Any]) -> Any:
            raise RuntimeError(f"my hand is {view['hand']}")

    clock = FakeClock()
    said: list[str] = []
    table = TableSession(
        lesson(to_move=1),
        bots=[None, Broken(seed=1), RandomBot(seed=2), RandomBot(seed=3)],
        clock=clock,
        submit=inline,
        think=(1, 1),
        listen=(lambda: None, lambda note, kind: said.append(say(note))),
    )
    clock.advance(1.5)
    assert said == ["Anna (a bot) failed to decide, so it passed instead."]
    assert table.game.actions[0] == ("pass", 1)


def test_think_times_do_not_follow_the_deal_seed() -> None:
    def times(**options: Any) -> list[float]:
        clock = FakeClock()
        table, actions = session(lesson(), clock, think=(0.5, 1.5), **options)
        table.handle({"action": "pass"})
        clock.advance(10)
        return [t for t, seat, _ in actions if seat != 0]

    assert times() != times()  # the same deal, other think times
    assert times(think_seed=3) == times(think_seed=3)  # only when a test asks for it


def test_a_seat_of_its_own_screen_plays_without_a_hand_over_and_only_as_a_human() -> None:
    """A served table hands each intent to the session for the seat that sent it: no
    hand-over darkens that seat's own screen, and a bot's seat (or no seat) is refused."""
    bots = [None, None, GreedyBot(seed=1)]
    session = TableSession(Stoeptegel(players=3, seed=5), bots=bots, think=None)
    session.handle({"action": "choose", "card": session.game.hand(1)[0].code}, 1)
    assert session.game.chosen(1) is not None
    for seat in (2, 7):
        with pytest.raises(IllegalMove, match="not one a person plays"):
            session.handle({"action": "pass"}, seat)

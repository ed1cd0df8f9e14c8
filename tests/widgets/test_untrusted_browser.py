"""The browser is an untrusted client: both tables driven through the comm path exactly as the
front end sends (``_handle_msg`` with ``method: "update"`` and ``method: "custom"``).

A write to any synced trait changes nothing (the game, the seat shown, the synced state); the
frames sent back carry no card hidden from the seat; no exception is logged; a message of any
shape ends as a short refusal in the table; the table goes on playing normally afterwards.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import StoeptegelWidget, TriPeaksWidget
from cardtable.stoeptegel import Stoeptegel
from cardtable.tripeaks import SIZE, TriPeaks
from cardtable.widgets.base import TableWidget

from .test_stoeptegel_widget import CODE, assert_no_leak, hidden_from, lesson
from .threads import in_own_thread, run_async


# ---------------------------------------------------------------------------- the comm path
def update(widget: TableWidget, state: Any) -> None:
    """A state update as the front end sends it (``model.set(...); model.save_changes()``)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def custom(widget: TableWidget, content: Any) -> None:
    """A custom message as the front end sends it (``model.send(content)``)."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


@contextmanager
def frames(widget: TableWidget, *, expect: bool = True) -> Iterator[list[dict[str, Any]]]:
    """Every message the widget sends to the browser meanwhile (its ``data``), caught where the
    widget sends it: ``Widget._send``, the one path for state and custom messages in ipywidgets
    7 and 8 alike. ``expect``: at least one frame must come, so that a check over the frames
    cannot pass by checking none."""
    sent: list[dict[str, Any]] = []

    def capture(msg: Any, buffers: Any = None) -> None:
        sent.append(json.loads(json.dumps(msg, default=str)))

    comm = widget.comm
    assert comm is not None
    # ipywidgets 7 sends no trait change while ``comm.kernel`` is None (outside a kernel, as
    # here): a kernel object, never started, stands in meanwhile (nothing reaches it: the
    # capture takes every message first). ipywidgets 8's comm has no kernel to check.
    kernel_missing = getattr(comm, "kernel", False) is None
    if kernel_missing:
        from ipykernel.kernelbase import Kernel

        comm.kernel = Kernel()
    widget._send = capture  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        del widget._send  # the class's own again
        if kernel_missing:
            comm.kernel = None
    assert sent or not expect, "the widget sent no frame: nothing was checked"


def state_of(widget: TableWidget) -> str:
    return json.dumps(widget.get_state(), sort_keys=True, default=str)


JUNK: list[Any] = [
    None, True, 0, -1, 10**30, 1.5, math.nan, "", "x" * 5000, [], [99], [0, 1, 2, 3], {},
    {"seat": 1}, {"phase": "play", "hand": ["AS"]}, [[[[[[[]]]]]]],
]  # fmt: skip


@pytest.fixture
def no_logged_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.DEBUG)
    yield
    loud = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert not loud, [r.getMessage() for r in loud]


# ---------------------------------------------------------------------------- Stoeptegel
def stoeptegel_writes(widget: StoeptegelWidget) -> list[tuple[str, Any]]:
    """Junk and plausible lies for every synced trait."""
    game = widget.game
    plausible: dict[str, list[Any]] = {
        "humans": [[0, 1, 2, 3], [1], [99], []],
        "names": [[], ["You"], ["a"] * 9],
        "view": [game.view(1), {}],
        "reasons": [{"AS": [None, None, None]}],
        "handover": [{}, {"seat": 1, "name": "Anna"}],
        "version": [widget.version + 1, 0, -5],
        "message": [{}, {"text": "you win", "kind": "info", "id": 999}],
    }
    keys = sorted(set(widget.keys))
    return [(key, value) for key in keys for value in JUNK + plausible.get(key, [])]


@pytest.mark.usefixtures("no_logged_errors")
def test_every_trait_write_to_the_stoeptegel_table_changes_nothing() -> None:
    widget = StoeptegelWidget(players=4, seed=21, think=None, bots="greedy")
    custom(widget, {"action": "choose", "card": widget.view["hand"][0], "version": widget.version})
    assert widget.game.phase == "play" and widget.game.to_move == 0
    game_before, state_before = widget.game.to_json(), state_of(widget)
    for key, value in stoeptegel_writes(widget):
        with frames(widget) as sent:
            update(widget, {key: value})
            update(widget, {key: value, "humans": [0, 1, 2, 3]})
        assert widget.game.to_json() == game_before, key
        assert state_of(widget) == state_before, key
        assert widget.view["seat"] == 0 and widget.humans == [0]
        for frame in sent:  # only Python's own values, set right in the view that wrote
            assert frame["method"] == "update", frame
            assert set(frame["state"]) <= {key, "humans"}
            shown = json.dumps(frame["state"])
            assert not set(CODE.findall(shown)) & hidden_from(widget.game, 0), key
    # The table goes on as before: the human moves, the bots answer.
    moves = len(widget.game.actions)
    custom(widget, {"action": "pass", "version": widget.version})
    assert widget.message.get("kind") != "error", widget.message
    assert len(widget.game.actions) > moves + 1  # the pass, then the bots' moves
    assert_no_leak(widget)


@pytest.mark.usefixtures("no_logged_errors")
def test_seats_cannot_be_taken_from_the_browser() -> None:
    """The reported attack: set ``humans`` to every seat, then answer "ready"."""
    widget = StoeptegelWidget(players=4, seed=3, think=None, bots="greedy")
    update(widget, {"humans": [0, 1, 2, 3]})
    custom(widget, {"action": "ready"})
    assert widget.humans == [0] and widget.view["seat"] == 0 and not widget.handover
    assert widget.message["kind"] == "error"
    custom(widget, {"action": "choose", "card": widget.game.hand(1)[0].code})
    assert widget.game.chosen(0) is None  # seat 1's card is not seat 0's to set aside
    assert widget.message["kind"] == "error"
    assert_no_leak(widget)


@pytest.mark.usefixtures("no_logged_errors")
def test_a_hot_seat_hand_over_cannot_be_skipped_by_a_write() -> None:
    widget = StoeptegelWidget(game=lesson(), seat=[0, 1], bots=None, think=None)
    custom(widget, {"action": "pass", "version": widget.version})
    assert widget.handover["seat"] == 1 and widget.view == {}
    update(widget, {"handover": {}, "view": lesson().view(1)})
    assert widget.handover["seat"] == 1 and widget.view == {}
    assert_no_leak(widget)
    custom(widget, {"action": "ready"})
    assert widget.view["seat"] == 1


MESSAGES: list[Any] = [
    None, 5, "play", [], ["play", 3], {}, {"action": None}, {"action": ["play"]},
    {"action": {"play": 1}}, {"action": math.nan}, {"action": "play", "card": math.nan, "row": 0},
    {"action": "play", "card": "AS", "row": math.inf}, {"action": "play", "card": ["AS"], "row": 0},
    {"action": "pass", "version": math.nan}, {"action": "pass", "cheat": True},
    {"action": "choose", "card": "x" * 2_000_000}, {"action": "x" * 2_000_000},
    {"action": "play", "card": "AS", "row": 0, "seat": 1}, {"action": "new"},
    {"action": "choose", "card": {"a": [[[[[[[[[[1]]]]]]]]]]}},
]  # fmt: skip
ODD_SHAPES: list[Any] = [
    None, 5, {}, {"content": 5}, {"content": {"data": None}}, {"content": {"data": {}}},
    {"content": {"data": {"method": "bogus"}}}, {"content": {"data": {"method": "update"}}},
    {"content": {"data": {"method": "update", "state": [1, 2]}}},
    {"content": {"data": {"method": "custom"}}},
    {"content": {"data": {"method": "request_state"}}},
]  # fmt: skip


@pytest.mark.parametrize("make", ["stoeptegel", "tripeaks"])
@pytest.mark.usefixtures("no_logged_errors")
def test_a_message_of_any_shape_ends_as_a_short_refusal(make: str) -> None:
    widget: TableWidget = (
        StoeptegelWidget(game=lesson(), think=None) if make == "stoeptegel" else TriPeaksWidget(7)
    )
    game = widget.game  # type: ignore[attr-defined]
    before = game.to_json()
    for content in MESSAGES:
        note = widget._notes
        with frames(widget) as sent:
            custom(widget, content)
        if make == "tripeaks" and content == {"action": "new"}:
            widget.game = game  # a fresh deal is a legal answer there: put the game back
            continue
        assert widget._notes == note + 1 and widget.message["kind"] == "error", content
        assert len(widget.message["text"]) < 300, widget.message["text"][:400]
        assert sum(len(json.dumps(frame)) for frame in sent) < 20_000
        if make == "stoeptegel":  # and nothing hidden from the seat came back
            shown = set(CODE.findall(json.dumps(sent)))
            assert not shown & hidden_from(widget.game, 0), content  # type: ignore[arg-type]
        assert widget.game.to_json() == before  # type: ignore[attr-defined]
    for msg in ODD_SHAPES:
        widget._handle_msg(msg)  # nothing raises
        assert widget.game.to_json() == before  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- Tri-Peaks
@pytest.mark.usefixtures("no_logged_errors")
def test_every_trait_write_to_the_tripeaks_table_changes_nothing() -> None:
    widget = TriPeaksWidget(seed=11)
    custom(widget, {"action": "draw", "version": widget.version})
    game_before, state_before = widget.game.to_json(), state_of(widget)
    hidden = {c.code for c in widget.game.stock} | {
        widget.game.card_at(p).code  # type: ignore[union-attr]
        for p in range(SIZE)
        if widget.game.card_at(p) is not None and not widget.game.is_face_up(p)
    }
    plausible = {"analysis": [None, {"winnable": True, "best_score": 999}], "hint": [21, "draw"]}
    for key in sorted(set(widget.keys)):
        for value in JUNK + plausible.get(key, []):
            with frames(widget) as sent:
                update(widget, {key: value})
            assert widget.game.to_json() == game_before and state_of(widget) == state_before
            for frame in sent:
                assert frame["method"] == "update" and set(frame["state"]) == {key}
                assert not set(CODE.findall(json.dumps(frame))) & hidden
    move = widget.game.legal_moves()[0]
    custom(widget, {"action": "draw"} if move == "draw" else {"action": "play", "position": move})
    assert widget.message.get("kind") != "error" and widget.game.moves[-1] == move


def test_clearing_the_analysis_from_the_browser_does_not_reopen_undo() -> None:
    in_own_thread(clearing_the_analysis)  # no event loop: the verdict comes at once


def clearing_the_analysis() -> None:
    game = TriPeaks(seed=3)
    while not game.over:
        game.apply(game.legal_moves()[-1])
    widget = TriPeaksWidget(game=game)
    custom(widget, {"action": "analyse", "version": widget.version})
    assert widget.analysis and "winnable" in widget.analysis
    update(widget, {"analysis": None})
    assert widget.analysis and "winnable" in widget.analysis
    custom(widget, {"action": "undo", "version": widget.version})
    assert widget.message["kind"] == "error" and "Undo is closed" in widget.message["text"]
    assert widget.game.over


# ---------------------------------------------------------------------------- mixed property
def stoeptegel_table(seed: int) -> StoeptegelWidget:
    return StoeptegelWidget(players=3, seed=seed, think=None, bots="greedy", target=6)


@st.composite
def intents(draw: st.DrawFn, widget: StoeptegelWidget) -> dict[str, Any]:
    """Half of the time what a player would send now; else anything near it. Never "new": a
    new game is dealt from a fresh random seed, which no replay could follow."""
    view = widget.view
    hand = view.get("hand") or ["AS"]
    if draw(st.booleans()):
        if view.get("phase") == "choose":
            return {"action": "choose", "card": draw(st.sampled_from(hand)), "version": None}
        options = [{"action": "pass"}] + [
            {"action": "play", "card": card, "row": row} for card, row in view.get("legal", [])
        ]
        return {**draw(st.sampled_from(options)), "version": widget.version}
    card = draw(st.sampled_from([*hand, "AS", "JK", "ZZ"]))
    kind = draw(st.sampled_from(["choose", "play", "pass", "ready", "log", "junk"]))
    version = draw(st.sampled_from([widget.version, widget.version - 1, None, 1.0]))
    fields: dict[str, Any] = {
        "choose": {"card": card},
        "play": {"card": card, "row": draw(st.integers(-1, 3))},
        "junk": {"row": draw(st.sampled_from([None, 1.5, "0"]))},
    }.get(kind, {})
    return {"action": kind, **fields, "version": version}


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)  # fmt: skip
@given(seed=st.integers(0, 2**32), data=st.data())
def test_trait_writes_mixed_into_play_change_nothing_but_the_valid_intents(
    seed: int, data: st.DataObject
) -> None:
    widget = stoeptegel_table(seed)
    accepted: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(10, 60))):
        if data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(set(widget.keys))))
            update(widget, {key: data.draw(st.sampled_from([*JUNK, [0, 1, 2]]))})
            continue
        intent = data.draw(intents(widget))
        note = widget._notes
        custom(widget, intent)
        if widget._notes == note or widget.message.get("kind") != "error":
            accepted.append(intent)
    replay = stoeptegel_table(seed)
    for intent in accepted:
        custom(replay, {**intent, "version": replay.version})
        assert replay.message.get("kind") != "error", (intent, replay.message)
    assert replay.game.to_json() == widget.game.to_json()
    assert Stoeptegel.from_json(widget.game.to_json()).to_json() == widget.game.to_json()


# ---------------------------------------------------------------------------- growth
def bytes_per_action(round_number: int) -> float:
    """Seat 0 plays 60 actions through the table from ``round_number`` on; the mean bytes of
    the frames sent per action (the bots' replies included)."""
    from cardtable.stoeptegel.bots import GreedyBot, play_on

    bots = [GreedyBot(seed=s) for s in range(4)]
    game = play_on(Stoeptegel(4, seed=2, target=10**9), bots, until_round=round_number)
    widget = StoeptegelWidget(game=game, bots=[None, *bots[1:]], think=None)
    total = 0
    for _ in range(60):
        view = game.view(0)
        if view["phase"] == "choose":
            intent: dict[str, Any] = {"action": "choose", "card": bots[0].choose(view).code}
        else:
            move = bots[0].turn(view)
            intent = {"action": "pass"} if move is None else {
                "action": "play", "card": move[0].code, "row": move[1]}  # fmt: skip
        with frames(widget) as sent:
            custom(widget, intent)
        assert widget.message.get("kind") != "error", widget.message
        total += sum(len(json.dumps(frame)) for frame in sent)
    return total / 60


def test_the_bytes_synced_per_action_do_not_grow_with_the_rounds_played() -> None:
    early, late = bytes_per_action(3), bytes_per_action(80)
    assert late < 1.2 * early, (early, late)


def test_bots_keep_moving_on_their_clock_after_the_browser_wrote_every_trait() -> None:
    async def scenario() -> tuple[int, int, str]:
        widget = StoeptegelWidget(game=lesson(), think=(0.01, 0.02), bots="greedy")
        for key, value in stoeptegel_writes(widget):
            update(widget, {key: value})
        custom(widget, {"action": "pass", "version": widget.version})
        before = len(widget.game.actions)
        for _ in range(500):  # bounded: at most about 5 s
            if widget.game.to_move == 0 and len(widget.game.actions) >= before + 3:
                break
            await asyncio.sleep(0.01)
        moved, humans = len(widget.game.actions) - before, widget.humans
        widget.close()
        return moved, len(humans), widget.message.get("kind", "")

    moved, humans, kind = run_async(scenario)
    assert moved >= 3 and humans == 1 and kind != "error"


# ---------------------------------------------------------------------------- lifecycle
@pytest.mark.parametrize("make", [TriPeaksWidget, StoeptegelWidget])
def test_a_misspelt_keyword_is_a_type_error_not_a_silent_default(make: Any) -> None:
    with pytest.raises(TypeError, match="unexpected keyword arguments 'scorring', 'sed'"):
        make(sed=7, scorring="x")
    make(layout={"width": "300px"}, tooltip="a table").close()  # the DOM widget's own options


def test_a_closed_table_no_longer_follows_its_game() -> None:
    tripeaks = TriPeaksWidget(seed=7)
    version = tripeaks.version
    tripeaks.close()
    tripeaks.game.draw()
    assert tripeaks.version == version
    stoeptegel = StoeptegelWidget(game=lesson(), think=None)
    version = stoeptegel.version
    stoeptegel.close()
    stoeptegel.game.pass_turn(0)
    assert stoeptegel.version == version and stoeptegel.game.to_move == 1  # no bot moved


def test_the_frame_harness_catches_frames_and_fails_when_none_came() -> None:
    """Under ipywidgets 7 and 8 alike (``.ci/run`` runs these tests under both)."""
    widget = TriPeaksWidget(seed=7)
    with frames(widget) as sent:
        widget.game.play(22)
    assert [frame["method"] for frame in sent] == ["update"] and "view" in sent[0]["state"]
    with pytest.raises(AssertionError, match="no frame"), frames(widget):
        pass
    with frames(widget, expect=False) as sent:
        pass
    assert sent == []

"""The Stoeptegel widget from Python: intents in every phase, refusals, bots over time, hot-seat
hand-over, and what crosses into the browser (rule B4: never another hand, an unknown
stoeptegel or a stock card)."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from typing import Any

import pytest

from cardtable import StoeptegelWidget
from cardtable.stoeptegel import Stoeptegel, recipient
from cardtable.stoeptegel.bots import GreedyBot, RandomBot
from cardtable.stoeptegel.log import Names, describe

from .threads import run_async

CODE = re.compile(r'"([2-9TJQKA][SHDC])"')


# ---------------------------------------------------------------------------- helpers
def send(widget: StoeptegelWidget, action: str, **fields: Any) -> None:
    """Send an intent the way the browser does (through the comm message handler)."""
    widget._on_message(widget, {"action": action, "version": widget.version, **fields}, [])


def synced(widget: StoeptegelWidget) -> dict[str, Any]:
    """Everything the widget syncs to the browser (the JS and CSS aside)."""
    state = widget.get_state()
    state.pop("_esm"), state.pop("_css")
    return json.loads(json.dumps(state))


def hidden_from(game: Stoeptegel, seat: int) -> set[str]:
    """Codes ``seat`` may not know this round: other hands, the stock, and the stoeptegels it
    neither gave nor (once play started) owns. The two jokers look alike: left out."""
    n = game.players
    hidden = {c.code for s in range(n) if s != seat for c in game.hand(s)}
    hidden |= {c.code for c in game.stock}
    if game.phase != "over":
        for giver in range(n):
            card = game.chosen(giver)
            owner = recipient(giver, game.round, n)
            if card is not None and seat != giver and not (seat == owner and game.phase == "play"):
                hidden.add(card.code)
    hidden.discard("JK")
    return hidden


def this_round(state: dict[str, Any]) -> dict[str, Any]:
    """The synced state without what belongs to earlier rounds (each round is a fresh deck:
    a card laid then says nothing about where it lies now)."""
    view = state["view"]
    if not view:
        return state
    events = view["events"]
    start = max((i for i, e in enumerate(events) if e["type"] == "deal"), default=0)
    reveal = view["reveal"]
    if reveal is not None and reveal["round"] < view["round"]:
        reveal = None
    return dict(state, view=dict(view, events=events[start:], reveal=reveal))


def assert_no_leak(widget: StoeptegelWidget) -> None:
    """Nothing hidden from the seat at the screen is synced, and everything synced comes from
    that seat's own view (the one observer)."""
    state = synced(widget)
    text = json.dumps(state)
    assert '"seed"' not in text
    if widget.game.seed > 10**6:
        assert str(widget.game.seed) not in text
    if widget.handover:
        assert state["view"] == {} and state["reasons"] == {}
        assert not CODE.findall(text) and '"JK"' not in text
        return
    seat = state["view"]["seat"]
    assert seat in widget.humans
    leaked = set(CODE.findall(json.dumps(this_round(state)))) & hidden_from(widget.game, seat)
    assert not leaked, f"seat {seat} was sent {sorted(leaked)}"
    observer = set(CODE.findall(json.dumps(widget.game.view(seat))))
    assert set(CODE.findall(text)) <= observer
    assert set(state["reasons"]) <= set(state["view"]["hand"])


def human_move(widget: StoeptegelWidget, bot: Any) -> None:
    """Let ``bot`` decide for the seat at the screen and send its move as the browser would."""
    view = widget.view
    if view["phase"] == "choose":
        send(widget, "choose", card=bot.choose(view).code)
    elif view["phase"] == "play":
        move = bot.turn(view)
        if move is None:
            send(widget, "pass")
        else:
            send(widget, "play", card=move[0].code, row=move[1])
    assert widget.message.get("kind") != "error", widget.message


def lesson(**options: Any) -> Stoeptegel:
    """Seat 0 to move; rows 9♥·5♥ (see-through 5), K♠·7♠ (turned), 4♦·6♦·2♦ (closed)."""
    return Stoeptegel.scenario(
        ["8H JS 3S KH 5C", "2C 3C 4C", "9C TC", "QD QC AS 6S"],
        [{"cards": ["9H", "5H"], "played": [False, True]}, "KS 7S", "4D 6D 2D"],
        ["AH", "4S", "6C", "8D"],
        stock="7C 8C 9D",
        **options,
    )


# ---------------------------------------------------------------------------- the view
def test_the_view_is_the_seat_view_with_this_rounds_events_and_log_sentences():
    widget = StoeptegelWidget(players=4, seed=5, think=None)
    view, observer = widget.view, widget.game.view(0)
    extra = ("events", "events_from", "log_from", "texts")
    assert {k: v for k, v in view.items() if k not in extra} == {
        k: v for k, v in observer.items() if k not in ("events", "events_from")
    }
    window = [
        {k: v for k, v in e.items() if k not in ("text", "headline")} for e in widget.log_lines
    ]
    assert window == observer["events"] and view["log_from"] == observer["events_from"]
    assert (
        view["events"] == widget.log_lines[view["events_from"] - view["log_from"] :]
    )  # the new ones
    assert all(e["text"] for e in widget.log_lines)
    assert widget.names == ["You", "Anna", "Bram", "Carla"] and widget.humans == [0]
    assert widget.reasons == {}  # nothing to explain before play


def test_choosing_then_playing_and_passing_by_intents():
    widget = StoeptegelWidget(players=3, seed=12, think=None)
    assert widget.view["phase"] == "choose" and widget.view["chosen_seats"] == [False, True, True]
    card = widget.view["hand"][2]
    send(widget, "choose", card=card)
    assert widget.view["phase"] == "play" and widget.view["stoeptegel"] == card  # round 1: self
    assert widget.log_lines[-1]["type"] in ("start", "play", "pass", "points")
    assert "You set aside" in " ".join(e["text"] for e in widget.log_lines)
    assert widget.game.to_move == 0  # the bots moved at once (think=None) until it was our turn
    if widget.view["legal"]:
        code, row = widget.view["legal"][0]
        send(widget, "play", card=code, row=row)
        assert code not in widget.view["hand"]
        assert any(e["type"] == "play" and e["seat"] == 0 for e in widget.log_lines)
    while widget.game.round == 1:
        send(widget, "pass")
        assert widget.message.get("kind") != "error"
    assert widget.view["round"] == 2 and widget.view["reveal"]["round"] == 1
    assert any(e["type"] == "round_end" and e["headline"] for e in widget.log_lines)


def test_a_rounds_end_sends_its_figures_once_in_the_reveal():
    widget = StoeptegelWidget(players=3, seed=12, think=None)
    send(widget, "choose", card=widget.view["hand"][0])
    while widget.game.round == 1:
        send(widget, "pass")
    end = next(e for e in widget.game.events if e["type"] == "round_end")
    line = next(e for e in widget.log_lines if e["type"] == "round_end")  # as the page got it
    reveal = widget.view["reveal"]
    for figures in ("stoeptegels", "breakdown", "rows"):
        assert figures not in line and reveal[figures] == end[figures]  # the engine keeps them
    assert line["text"] and line["headline"] and line["round"] == reveal["round"] == 1


def test_the_reasons_are_explain_for_the_own_hand_on_the_own_turn():
    widget = StoeptegelWidget(game=lesson(), think=None)
    game = widget.game
    assert set(widget.reasons) == {c.code for c in game.hand(0)}
    for code, reasons in widget.reasons.items():
        assert reasons == [game.explain(0, code, row) for row in range(3)]
    assert widget.reasons["8H"][2] and "closed" in widget.reasons["8H"][2]
    assert widget.reasons["3S"][1] is None  # lower on the turned row (B9)
    assert [c for c, ok in zip(widget.view["hand"], widget.view["playable"], strict=True) if ok]


def test_a_lesson_scenario_and_driving_the_game_from_python():
    widget = StoeptegelWidget(game=lesson(), think=None, names=["Ann", "Bo", "Cy", "Di"])
    version = widget.version
    widget.game.play(0, "3S", 1)  # from Python: the table follows
    assert widget.version > version and "3S" not in widget.view["hand"]
    assert widget.view["to_move"] == 0  # the bots answered at once
    texts = [e["text"] for e in widget.log_lines]
    assert "Ann laid 3♠ on row 2." not in texts and "You laid 3♠ on row 2." in texts
    widget.game = Stoeptegel(2, seed=1)
    assert widget.view["players"] == 2 and widget.humans == [0]


def test_an_old_game_no_longer_drives_the_widget_once_replaced():
    old = lesson()
    widget = StoeptegelWidget(game=old, think=None)
    widget.game = Stoeptegel(4, seed=3)
    old.pass_turn(0)
    assert widget.view["round"] == 1 and widget.view["phase"] == "choose"


def test_a_new_game_after_the_end():
    widget = StoeptegelWidget(players=2, seed=4, think=None, target=3, bots="greedy")
    me = GreedyBot(seed=1)
    while widget.game.phase != "over":
        human_move(widget, me)
    assert widget.view["over"] and widget.view["winners"]
    assert any(e["type"] == "game_over" for e in widget.log_lines)
    send(widget, "new")
    assert widget.view["phase"] == "choose" and widget.view["round"] == 1
    assert widget.view["scores"] == [0, 0]


# ---------------------------------------------------------------------------- refusals
def refused(widget: StoeptegelWidget, content: Any, *, fresh_version: bool = True) -> str:
    before = (widget.game.to_json(), json.dumps(synced(widget)), widget.version)
    if isinstance(content, dict) and fresh_version and "version" not in content:
        content = {**content, "version": widget.version}
    widget._on_message(widget, content, [])
    assert widget.message["kind"] == "error" and widget.message["text"]
    after_state = synced(widget)
    after_state.pop("message")
    before_state = json.loads(before[1])
    before_state.pop("message")
    assert (widget.game.to_json(), after_state, widget.version) == (
        before[0],
        before_state,
        before[2],
    )
    return str(widget.message["text"])


MALFORMED = [
    "not a dict",
    None,
    [1, 2],
    {"action": "fly"},
    {"action": None},
    {"action": "choose"},
    {"action": "choose", "card": 7},
    {"action": "choose", "card": "XX"},
    {"action": "play", "card": "8H"},
    {"action": "play", "card": "8H", "row": "0"},
    {"action": "play", "card": "8H", "row": True},
    {"action": "play", "card": "8H", "row": 1.0},
    {"action": "play", "card": "8H", "row": 3},
    {"action": "play", "card": "8H", "row": -1},
    {"action": "play", "card": "QD", "row": 0},  # another seat's card
    {"action": "play", "card": "7C", "row": 0},  # a stock card
    {"action": "play", "card": "AH", "row": 0},  # seat 0's stoeptegel, not in its hand
    {"action": "play", "card": "8H", "row": 0},  # 8♥ is not higher than 9♥ (B9)
    {"action": "play", "card": "KH", "row": 1},  # not lower on a turned row (B9)
    {"action": "play", "card": "3S", "row": 2},  # a closed row (B8)
    {"action": "choose", "card": "8H"},  # stoeptegels are chosen before play (B3)
    {"action": "ready"},  # no hand-over pending
    {"action": "new"},  # the game is not over
]


@pytest.mark.parametrize("content", MALFORMED, ids=lambda c: json.dumps(c)[:60])
def test_bad_intents_in_the_play_phase_are_refused_and_change_nothing(content):
    widget = StoeptegelWidget(game=lesson(), think=None)
    refused(widget, content)


def test_the_rule_is_named_in_a_refusal():
    widget = StoeptegelWidget(game=lesson(), think=None)
    assert "rule B8" in refused(widget, {"action": "play", "card": "3S", "row": 2})
    assert "rule B9" in refused(widget, {"action": "play", "card": "KH", "row": 1})


@pytest.mark.parametrize(
    "content",
    [
        {"action": "play", "card": "X", "row": 0},
        {"action": "pass"},  # play has not started (B3)
        {"action": "choose", "card": "AS"},  # not in the hand
        {"action": "choose", "card": ""},
    ],
    ids=lambda c: json.dumps(c),
)
def test_bad_intents_in_the_choose_phase(content):
    widget = StoeptegelWidget(players=4, seed=9, think=None)
    assert "AS" not in widget.view["hand"]
    refused(widget, content)


def test_a_second_choice_is_refused():
    widget = StoeptegelWidget(players=4, seed=9, bots=[None, RandomBot(1), RandomBot(2), None],
                              think=None)  # fmt: skip
    send(widget, "choose", card=widget.view["hand"][0])
    assert (widget.handover["seat"], widget.handover["name"]) == (3, "Player 4")
    send(widget, "ready")
    send(widget, "choose", card=widget.view["hand"][0])  # seat 3 chooses: play starts
    assert (widget.handover["seat"], widget.handover["name"]) == (0, "Player 1")  # seat 0 leads
    send(widget, "ready")
    assert widget.view["phase"] == "play" and widget.view["seat"] == 0
    assert "B3" in refused(widget, {"action": "choose", "card": widget.view["hand"][0]})


def test_a_click_is_not_stale_because_a_bot_chose_meanwhile():
    widget = StoeptegelWidget(players=4, seed=9, think=None, bots=[None, RandomBot(1), None, None])
    version = widget.version
    widget.game.choose(2, widget.game.hand(2)[0])  # another seat chose: the table changed
    widget.game.choose(3, widget.game.hand(3)[0])
    assert widget.version > version
    widget._on_message(
        widget, {"action": "choose", "card": widget.view["hand"][0], "version": version}, []
    )
    assert widget.message == {} and widget.game.chosen(0) is not None


def test_a_broken_bot_passes_and_says_so():
    class Broken:
        def choose(self, view):
            return view["hand"][0]

        def turn(self, view):
            raise RuntimeError("boom")

    widget = StoeptegelWidget(game=lesson(to_move=1), bots=[None, Broken(), None, None],
                              think=None)  # fmt: skip
    assert widget.game.passed[1] and "failed" in widget.message["text"]
    assert "boom" not in widget.message["text"]  # a bot's error may name its cards


def test_bot_options_are_checked():
    with pytest.raises(ValueError, match="strength"):
        StoeptegelWidget(bots="genius")
    with pytest.raises(ValueError, match="one entry per seat"):
        StoeptegelWidget(players=3, bots=[None, RandomBot()])
    with pytest.raises(ValueError, match="human"):
        StoeptegelWidget(players=2, bots=[RandomBot(), RandomBot()])
    with pytest.raises(ValueError, match="seat"):
        StoeptegelWidget(players=3, seat=5)
    with pytest.raises(ValueError, match="think"):
        StoeptegelWidget(think=(2, 1))
    for strength in ("random", "greedy", "strong", "sampling"):
        assert StoeptegelWidget(players=3, bots=strength, think=None).bots[1] is not None


# ---------------------------------------------------------------------------- bots over time
def test_bots_move_over_time_without_blocking_and_take_turns_in_order():
    async def scenario() -> list[tuple[float, Any]]:
        widget = StoeptegelWidget(players=4, seed=31, think=(0.03, 0.06), bots="random")
        changes: list[tuple[float, Any]] = []
        widget.observe(lambda _c: changes.append((time.monotonic(), len(widget.game.actions))),
                       "version")  # fmt: skip
        assert widget.game.actions == []  # nothing happened yet: the bots are thinking
        send(widget, "choose", card=widget.view["hand"][0])
        deadline = time.monotonic() + 10
        while widget.game.phase == "choose" or widget.game.to_move != 0:
            assert time.monotonic() < deadline, "the bots never finished"
            await asyncio.sleep(0.005)
        assert len(widget.game.actions) >= 4
        widget.close()
        return changes

    start = time.monotonic()
    changes = run_async(scenario)
    assert time.monotonic() - start >= 0.03
    bot_actions = [t for t, _ in changes]
    assert len(bot_actions) >= 4
    # The bots' choices and moves came one by one, each after its thinking time.
    gaps = [b - a for a, b in itertools.pairwise(bot_actions)]
    assert any(gap >= 0.02 for gap in gaps)


def test_hot_seat_hands_the_screen_over_and_syncs_nothing_meanwhile():
    widget = StoeptegelWidget(players=3, seed=14, bots=None, think=None)
    assert widget.humans == [0, 1, 2] and widget.names == ["Player 1", "Player 2", "Player 3"]
    seen = []
    for _ in range(3):
        seat = widget.view["seat"]
        seen.append(seat)
        assert_no_leak(widget)
        send(widget, "choose", card=widget.view["hand"][0])
        if widget.handover:
            assert widget.view == {} and widget.reasons == {}
            assert_no_leak(widget)
            refused(widget, {"action": "pass"})
            send(widget, "ready")
    assert sorted(seen) == [0, 1, 2]
    assert widget.view["phase"] == "play" and widget.view["seat"] == widget.game.to_move
    for _ in range(5):  # every turn goes to another person: a hand-over each time
        send(widget, "pass")
        if widget.game.round > 1:
            break
        assert widget.handover["seat"] == widget.game.to_move
        assert_no_leak(widget)
        send(widget, "ready")
        assert widget.view["seat"] == widget.game.to_move


# ---------------------------------------------------------------------------- nothing hidden
@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "seed": 2024},
        {"players": 3, "seed": 77, "bots": "strong"},
        {"players": 5, "seed": 5, "seat": [0, 3], "bots": "random"},
    ],
    ids=["4 players", "3 players strong", "hot-seat with bots"],
)
def test_nothing_hidden_is_ever_synced_over_several_rounds(options):
    widget = StoeptegelWidget(think=None, target=99, **options)
    checks = [0]

    def check(_change: Any) -> None:
        assert_no_leak(widget)
        checks[0] += 1

    widget.observe(check, "version")
    assert_no_leak(widget)
    me = GreedyBot(seed=3)
    steps = 0
    while widget.game.round <= 3:
        steps += 1
        assert steps < 2000
        if widget.handover:
            send(widget, "ready")
            continue
        human_move(widget, me)
        assert_no_leak(widget)
        if widget.view.get("phase") == "play" and widget.view["to_move"] == widget.view["seat"]:
            send(widget, "play", card="JK", row=0)  # refused or legal: never leaks
            assert_no_leak(widget)
    assert checks[0] > 20


def test_the_log_speaks_plainly():
    names = Names(["You", "Anna", "Bram"], you=0)
    assert describe({"type": "slide", "card": "4S", "from": 2, "to": 0, "rule": "B18"}, names) == (
        "4♠ slid from row 3 to row 1 (rule B18)."
    )
    joker = {"type": "joker", "row": 1, "replacement": "TC", "stock_count": 3, "rule": "B22"}
    assert "stock put 10♣ on row 2" in describe(joker, names)
    points = {"type": "points", "seat": 1, "points": 1, "score": 4, "rule": "B25", "reason": "x"}
    assert describe(points, names) == (
        "Anna scored 1 point: the suit of Anna's stoeptegel counts on a row (rule B25)."
    )
    over = {"type": "game_over", "winners": [0], "scores": [31, 2, 5], "target": 30, "rule": "B27"}
    assert describe(over, names) == "You win with 31 points (rule B27)."


def test_a_bot_that_errs_never_shows_its_cards_to_the_table():
    from cardtable import Card
    from cardtable.stoeptegel import Stoeptegel
    from cardtable.stoeptegel.bots import GreedyBot

    class Clumsy(GreedyBot):
        def turn(self, view):
            return Card.parse(view["hand"][0]), 0  # Q♥ on K♣: illegal (rule B9)

    class Broken(GreedyBot):
        def turn(self, view):
            raise RuntimeError(f"my hand is {view['hand']}")

    for bot in (Clumsy(seed=1), Broken(seed=1)):
        game = Stoeptegel.scenario(
            ["9D", "QH KH", "3C"], ["KC", "8D", "3S"], ["6D", "2C", "JK"], to_move=1
        )
        widget = StoeptegelWidget(game=game, bots=[None, bot, GreedyBot(seed=2)], think=None)
        text = json.dumps(
            {k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}
        )
        what = "made an illegal move" if isinstance(bot, Clumsy) else "failed to decide"
        assert widget.message["text"] == f"Anna (a bot) {what}, so it passed instead."
        for hidden in ("QH", "KH", "Q♥", "K♥"):
            assert hidden not in text, hidden


BROKEN_BOT_SCRIPT = """
import asyncio
from cardtable import StoeptegelWidget
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot

class Broken(GreedyBot):
    def turn(self, view):
        raise RuntimeError(f"my hand is {view['hand']}")

class Clumsy(GreedyBot):
    def turn(self, view):
        return view["hand"][0], 0

async def main():
    for bot in (Broken(seed=1), Clumsy(seed=1)):
        game = Stoeptegel.scenario(
            ["9D", "QH KH", "3C"], ["KC", "8D", "3S"], ["6D", "2C", "JK"], to_move=1
        )
        widget = StoeptegelWidget(game=game, bots=[None, bot, GreedyBot(seed=2)],
                                  think=(0.01, 0.01))
        while widget.game.to_move != 0:
            await asyncio.sleep(0.01)
        print(widget.message["text"])

asyncio.run(main())
"""


def test_a_failing_bot_writes_nothing_to_stderr_in_a_fresh_interpreter():
    """A kernel's stderr is the notebook's output: a fresh one (no logging set up) must print
    nothing of a bot's failure, whose details name its cards."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", BROKEN_BOT_SCRIPT], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        "Anna (a bot) failed to decide, so it passed instead.",
        "Anna (a bot) made an illegal move, so it passed instead.",
    ]

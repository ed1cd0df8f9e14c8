"""Events tell the whole story; observers are told of every change; the engine stays light."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from cardtable.stoeptegel import Stoeptegel

from .helpers import finish, table


def test_a_play_and_what_it_caused_carry_seat_card_row_and_rule() -> None:
    game = table(["KS", "9D", "KD"], "JK 3H", stock="4H 8S")
    game.play(0, "JK", 0)
    play, joker, slide = game.events[-3:]
    assert play == {"type": "play", "seat": 0, "card": "JK", "row": 0, "rule": "B16"}
    assert joker["type"] == "joker" and joker["replacement"] == "4H" and joker["seat"] == 0
    assert slide == {"type": "slide", "card": "4H", "from": 0, "to": 1, "rule": "B18", "seat": 0}


def test_a_whole_game_is_told_by_its_events() -> None:
    game = Stoeptegel(4, seed=2024)
    finish(game, random.Random(1))
    events = game.events
    json.dumps(events)
    kinds = {e["type"] for e in events}
    assert {"deal", "choose", "start", "play", "pass", "points", "round_end", "game_over"} <= kinds
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == game.winners
    assert sum(e["type"] == "deal" for e in events) == game.round
    assert sum(e["type"] in ("play", "pass", "choose") for e in events) == len(game.actions)
    for end in (e for e in events if e["type"] == "round_end"):
        assert len(end["stoeptegels"]) == 4 and end["rule"] in ("B24", "B27")
        for line in end["breakdown"]:
            assert line["total"] == line["card_points"] + line["stoeptegel_point"]
            assert line["card_points"] == sum(points for _, points in line["laid"])


def test_subscribers_hear_every_change_and_can_leave() -> None:
    game = Stoeptegel(2, seed=6)
    heard: list[int] = []
    leave = game.subscribe(lambda g: heard.append(len(g.actions)))
    game.choose(0, game.hand(0)[0])
    game.choose(1, game.hand(1)[0])
    game.pass_turn(0)
    assert heard == [1, 2, 3]
    leave()
    game.pass_turn(1)
    assert heard == [1, 2, 3]


def test_the_engine_imports_no_widget_library() -> None:
    code = (
        "import sys, cardtable.stoeptegel.bots; "
        "print('anywidget' in sys.modules, 'ipywidgets' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]

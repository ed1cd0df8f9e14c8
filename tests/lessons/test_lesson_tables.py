"""A lesson's table never hands the screen over (issue 25 §2): you sit at the seat to move,
the other seats are bots, and the table says in one line what to try."""

from __future__ import annotations

from cardtable.lessons import lay, lesson_table
from cardtable.stoeptegel import Stoeptegel


def scenario() -> Stoeptegel:
    return Stoeptegel.scenario(["4S 9D", "QH 8C"], ["KC", "8D", "3S"], ["6D", "2C"])


def test_you_sit_at_the_seat_to_move_and_nobody_asks_for_the_screen():
    game = scenario()
    lay(game, 0, "4S", 3)  # now Player 2 is to move
    table = lesson_table(game, "lay the Q♥.")
    try:
        assert table.humans == [1] and table.view["seat"] == 1
        assert not table.handover
        assert table.names[1] == "You" and table.names[0] == "Player 1"
        assert table.message["text"] == "Try this: lay the Q♥." and table.message["kind"] == "hint"
        assert table.bots[0] is not None and table.bots[1] is None
    finally:
        table.close()


def test_before_play_starts_you_are_player_one():
    table = lesson_table(Stoeptegel(players=3, seed=4))
    try:
        assert table.humans == [0] and not table.handover and not table.message
    finally:
        table.close()


def test_a_tripeaks_lesson_is_the_solitaire_table_saying_what_to_try():
    from cardtable.tripeaks import TriPeaks

    table = lesson_table(TriPeaks(seed=3), "draw a card.", show_positions=True)
    try:
        assert table.message["text"] == "Try this: draw a card." and table.show_positions
    finally:
        table.close()


def test_every_lesson_table_of_the_tutorial_says_what_to_try():
    import json
    import re
    from pathlib import Path

    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "tutorial.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    lessons = [
        "".join(c["source"]).strip().splitlines()[-1]
        for c in cells
        if "widget-stoeptegel" in c["metadata"].get("tags", [])
        or "widget-tripeaks" in c["metadata"].get("tags", [])
    ]
    tables = [line for line in lessons if line.startswith(("lesson_table(", "TriPeaksWidget(game"))]
    assert len(tables) >= 20
    assert all(re.match(r'lesson_table\(.+, "[^"]+"', line) for line in tables), tables

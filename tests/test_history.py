"""Every finished game is kept (issue 29): the history lasts across interpreters, a corrupt file
is set aside with a warning, the tables keep each game they saw end once, and read their stats
from it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable import StoeptegelWidget, TriPeaksWidget
from cardtable import _history as history
from cardtable.lessons import perfect_deck
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.tripeaks import TriPeaks

PLAY_ONE = """
from cardtable import TriPeaksWidget
table = TriPeaksWidget(seed={seed}, scoring="multiplier")
while not table.game.over:
    table.game.apply(table.game.hint("aisleriot"))
print(table.stats["games"], table.stats["text"])
"""


def finished(seed: int) -> TriPeaks:
    game = TriPeaks(seed=seed)
    while not game.over:
        game.apply(game.hint("aisleriot"))
    return game


def test_the_history_and_its_stats_survive_a_new_interpreter(_own_data_dir: Path):
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(_own_data_dir))
    lines = []
    for seed in (1, 4):
        run = subprocess.run(
            [sys.executable, "-c", PLAY_ONE.format(seed=seed)],
            env=env, check=True, capture_output=True, text=True,
        )  # fmt: skip
        lines.append(run.stdout.split()[0])
    assert lines == ["1", "2"]  # the second interpreter counts the first one's game
    kept = cardtable.history()
    assert [TriPeaks.from_record(e["record"]).seed for e in kept] == [1, 4]
    assert all(e["finished"].endswith("+00:00") for e in kept)


def test_a_table_keeps_a_game_once_and_reads_its_stats_from_the_history():
    table = TriPeaksWidget(seed=1)
    try:
        while not table.game.over:
            table.game.apply(table.game.hint("aisleriot"))
        won = table.game.won
        table.game.undo()
        table.game.redo()  # the same end again: not counted twice
        assert table.stats["games"] == 1 and table.stats["won"] == int(won)
        assert len(history.history()) == 1
    finally:
        table.close()
    again = TriPeaksWidget(seed=2)  # a new table (a restarted kernel) reads the same stats
    try:
        assert again.stats["games"] == 1
        assert TriPeaksWidget(seed=3, scoring="multiplier").stats["games"] == 0  # its own mode
    finally:
        again.close()


def test_lessons_deals_and_games_finished_elsewhere_are_not_kept():
    lesson = TriPeaks.from_deck(perfect_deck())
    while not lesson.over:
        lesson.apply(lesson.legal_moves()[0])
    for table in (TriPeaksWidget(game=lesson), TriPeaksWidget(game=finished(5))):
        table.close()
    assert history.history() == []


def test_a_stoeptegel_game_that_ends_at_the_table_is_kept_with_the_players_names():
    game = Stoeptegel(players=2, seed=3, target=3)
    play_on(game, [GreedyBot(seed=1), GreedyBot(seed=2)], until_round=50)
    assert game.phase == "over"
    table = StoeptegelWidget(players=2, seed=3, target=3, think=None, bots="greedy")
    try:
        table.game = Stoeptegel(players=2, seed=9, target=3)
        play_on(table.game, [GreedyBot(seed=1), GreedyBot(seed=2)], until_round=50)
        table._sync()
        (entry,) = history.history()
        assert entry["record"]["players"] == table.session.names
        assert table.stats["games"] == 1
        assert Stoeptegel.from_record(entry["record"]).phase == "over"
    finally:
        table.close()


def test_a_corrupt_history_is_set_aside_with_a_one_line_warning(_own_data_dir: Path):
    _own_data_dir.mkdir(parents=True, exist_ok=True)
    (_own_data_dir / "history.json").write_text('{"format": "cardtable.history", "games": 7')
    warning = history.add(finished(4).record())
    assert warning is not None and "history.json.bad" in warning and "\n" not in warning
    assert (_own_data_dir / "history.json.bad").read_text().endswith('"games": 7')
    kept = json.loads((_own_data_dir / "history.json").read_text())
    assert len(kept["games"]) == 1 and history.stats("tripeaks", "standard")["games"] == 1


def test_a_table_says_when_the_history_cannot_be_kept(_own_data_dir: Path):
    _own_data_dir.mkdir(parents=True, exist_ok=True)
    (_own_data_dir / "history.json").write_text("[1, 2]")
    table = TriPeaksWidget(seed=4)
    try:
        while not table.game.over:
            table.game.apply(table.game.hint("aisleriot"))
        assert "history.json.bad" in table.message["text"]
        assert table.stats["games"] == 1
    finally:
        table.close()


def test_a_games_end_parses_the_history_at_most_once(_own_data_dir: Path, monkeypatch):
    # The whole file was read twice and written with json's pure-Python encoder at each game's
    # end: 0.26 s for 144 games, growing with every game (issue 28's play feel).
    history.add(finished(1).record())
    reads = []
    real_read = history.userdata.read
    monkeypatch.setattr(history.userdata, "read", lambda *a: reads.append(a) or real_read(*a))
    history.add(finished(4).record())
    assert history.stats("tripeaks", "standard")["games"] == 2
    assert [TriPeaks.from_record(e["record"]).seed for e in history.history()] == [1, 4]
    assert reads == []  # this process wrote the file last: what it holds is still true


def test_a_history_another_process_wrote_is_read_anew(_own_data_dir: Path):
    history.add(finished(1).record())
    assert history.stats("tripeaks", "standard")["games"] == 1
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(_own_data_dir))
    subprocess.run(
        [sys.executable, "-c", PLAY_ONE.format(seed=4)], env=env, check=True, capture_output=True,
    )  # fmt: skip
    assert history.stats("tripeaks", "multiplier")["games"] == 1  # its game (PLAY_ONE's mode)
    assert len(history.history()) == 2


def test_the_history_handed_out_is_a_copy():
    history.add(finished(1).record())
    given = history.history()
    given[0]["record"]["result"]["score"] = -1
    given.append({})
    assert len(history.history()) == 1
    assert history.history()[0]["record"]["result"]["score"] == finished(1).score


def test_a_games_end_serialises_only_the_new_game(_own_data_dir: Path, monkeypatch):
    # Every game kept was serialised anew at each game's end: 24 ms with 200 Stoeptegel games
    # kept, growing with every game (issue 28's play feel). The new game is spliced into the
    # file's text, as read (a new process) or as last written.
    for seed in (1, 4):
        history.add(finished(seed).record())
    monkeypatch.setattr(history, "_known", None)  # a new process: the file is read anew
    dumped = []
    real_dumps = history.userdata.dumps
    spy = lambda doc: dumped.append(doc) or real_dumps(doc)  # noqa: E731
    monkeypatch.setattr(history.userdata, "dumps", spy)
    history.add(finished(5).record())
    history.add(finished(6).record())
    assert [sorted(doc) for doc in dumped] == [["finished", "record"]] * 2  # never the file
    games = history.history()
    assert [TriPeaks.from_record(e["record"]).seed for e in games] == [1, 4, 5, 6]
    whole = {"format": history.FORMAT, "games": games, "version": history.VERSION}
    assert (_own_data_dir / "history.json").read_text() == real_dumps(whole) + "\n"


def _by_hand(games: list) -> dict[str, str]:
    document = {"format": history.FORMAT, "version": history.VERSION, "games": games}
    return {
        "indented": json.dumps(document, indent=2),
        "no games yet": json.dumps({**document, "games": []}, sort_keys=True, separators=(",", ":"))
        + "\n",  # the frame itself: the first game is spliced in, with no comma before it
        # its own frame, but a list of the writer's own after the games: nothing may land there
        "a list of its own": json.dumps(
            {**document, "notes": [1]}, sort_keys=True, separators=(",", ":")
        )
        + "\n",
        # the frame at both ends, but the list before its end is a second "version"'s
        "a key twice": json.dumps(document, sort_keys=True, separators=(",", ":"))[:-1]
        + ',"version":[{"x":1}],"version":1}\n',
    }


@pytest.mark.parametrize("how", list(_by_hand([])))
def test_a_history_written_by_hand_gets_each_new_game_too(_own_data_dir: Path, how: str):
    first = {"finished": "2026-12-01T00:00:00+00:00", "record": finished(1).record()}
    before = [] if how == "no games yet" else [first]
    _own_data_dir.mkdir(parents=True)
    (_own_data_dir / "history.json").write_text(_by_hand(before)[how])
    for seed in (4, 5):
        assert history.add(finished(seed).record()) is None
    kept = json.loads((_own_data_dir / "history.json").read_text())
    seeds = [TriPeaks.from_record(e["record"]).seed for e in kept["games"]]
    assert seeds == [1, 4, 5][-2 - len(before) :]
    assert history.history() == kept["games"]


def test_a_stoeptegel_games_end_is_shown_before_the_history_is_written():
    # Writing the history inside the click that ended the game held its answer back.
    table = StoeptegelWidget(players=2, seed=3, target=3, think=None, bots="greedy")
    shown = []
    real_add = history.add
    try:
        table.game = Stoeptegel(players=2, seed=9, target=3)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(history, "add", lambda record: shown.append(
                (table.view["phase"], table._holding_sync)) or real_add(record))  # fmt: skip
            play_on(table.game, [GreedyBot(seed=1), GreedyBot(seed=2)], until_round=50)
        assert shown == [("over", False)] and len(history.history()) == 1  # (the end sent)
    finally:
        table.close()


def test_a_record_that_is_not_json_is_refused_with_a_warning_and_nothing_written():
    history.add(finished(1).record())
    for extra in ({"par": float("nan")}, {"par": {1, 2}}):
        warning = history.add(finished(4).record(), **extra)
        assert warning is not None and warning.startswith("Your history is not saved")
    assert len(history.history()) == 1

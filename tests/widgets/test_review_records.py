"""``cardtable.review(record)`` opens a record's review in a notebook (issue 29)."""

from __future__ import annotations

import json

import pytest

import cardtable
from cardtable import IllegalMove
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_on
from cardtable.stoeptegel.review_view import seat_record
from cardtable.tripeaks import TriPeaks, review

from .threads import in_own_thread


def test_a_tripeaks_record_file_opens_at_its_review(tmp_path):
    def body() -> None:
        game = TriPeaks(seed=6)
        while not game.over:
            game.apply(game.legal_moves()[0])
        path = tmp_path / "my-game.json"
        path.write_text(json.dumps(game.record()), encoding="utf-8")
        table = cardtable.review(str(path))
        assert table.game.moves == game.moves
        assert table.review["mistake"] == review(game).first_mistake
        assert len(table.review["steps"]) == len(game.moves)
        assert cardtable.review(path).review == table.review  # a Path too

    in_own_thread(body)


def test_a_stoeptegel_record_opens_at_the_seats_last_round():
    def body() -> None:
        game = Stoeptegel(players=3, seed=5, target=3)
        play_on(game, [GreedyBot(seed=s) for s in range(3)])
        table = cardtable.review(json.dumps(game.record()), seat=1)
        assert table.view["seat"] == 1 and table.review["seat"] == 1
        assert table.review["round"] == game.round and "steps" in table.review

    in_own_thread(body)


def test_bad_records_are_refused_with_a_reason():
    game = Stoeptegel(players=2, seed=3)
    with pytest.raises(IllegalMove, match="seat's own record"):
        cardtable.review(seat_record(game, 0, ["Ann", "Bo"]))
    with pytest.raises(IllegalMove, match="not over"):
        cardtable.review(TriPeaks(seed=1).record())
    with pytest.raises(IllegalMove):
        cardtable.review('{"format": "cardtable.record", "version": 9}')

"""Saved games: round trips, and corrupted or tampered saves refused with a reason."""

from __future__ import annotations

import json

import pytest

from cardtable import IllegalMove
from cardtable.tripeaks import TriPeaks

from .decks import CLEARING_ORDER, perfect_deal


def saved(**changes) -> str:
    game = TriPeaks(seed=77)
    for _ in range(3):
        game.apply(game.legal_moves()[0])
    game.undo()
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


def test_a_save_keeps_the_redo_list_and_the_fixed_deck():
    game = TriPeaks.from_deck(perfect_deal(), scoring="multiplier")
    for move in CLEARING_ORDER[:5]:
        game.play(move)
    game.undo()
    game.undo()
    copy = TriPeaks.from_json(game.to_json())
    assert copy.redo() == CLEARING_ORDER[3] and copy.redo() == CLEARING_ORDER[4]
    assert copy.score == 31 and copy.scoring == "multiplier"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"format": "chess"}, "not a saved Tri-Peaks game"),
        ({"version": 99}, "version"),
        ({"moves": [27, 27, 27]}, "illegal"),
        ({"moves": ["fly"]}, "illegal"),
        ({"moves": "draw"}, "list of moves"),
        ({"redo": [0]}, "illegal"),
        ({"score": 10**6}, "says the score"),
        ({"seed": -3}, "seed"),
        ({"seed": "abc"}, "seed"),
        ({"scoring": "vegas"}, "Unknown scoring"),
        ({"progressive": "yes"}, "progressive"),
        ({"deck": ["AS"] * 52}, "52"),
        ({"extra": 1}, "fields"),
    ],
)
def test_tampered_saves_are_refused_with_a_reason(changes, reason):
    with pytest.raises(IllegalMove, match=reason):
        TriPeaks.from_json(saved(**changes))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"x"', "{}"])
def test_garbage_is_refused(text):
    with pytest.raises(IllegalMove, match=r"not a saved Tri-Peaks game|not valid JSON"):
        TriPeaks.from_json(text)

"""Game records (issue 29): every game round-trips through its record, and a record of any other
shape — foreign, tampered, corrupt — is refused with IllegalMove and a reason."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import IllegalMove
from cardtable.stoeptegel import Stoeptegel
from cardtable.tripeaks import TriPeaks


def tripeaks_game(seed: int, moves: int) -> TriPeaks:
    rng = random.Random(seed)
    game = TriPeaks(seed=seed, scoring=rng.choice(["standard", "multiplier"]))
    while not game.over and len(game.moves) < moves:
        game.apply(rng.choice(game.legal_moves()))
    if game.moves and rng.random() < 0.3:
        game.undo()
    return game


def stoeptegel_game(seed: int, actions: int) -> Stoeptegel:
    rng = random.Random(seed)
    game = Stoeptegel(players=rng.randint(2, 5), seed=seed, target=rng.randint(3, 12))
    while game.phase != "over" and len(game.actions) < actions:
        if game.phase == "choose":
            seat = next(s for s in range(game.players) if game.chosen(s) is None)
            game.choose(seat, rng.choice(game.hand(seat)))
            continue
        seat = game.to_move
        plays = game.legal_plays(seat)
        if plays and rng.random() < 0.8:
            game.play(seat, *rng.choice(plays))
        else:
            game.pass_turn(seat)
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80))
def test_a_tripeaks_game_round_trips_through_its_record(seed, moves):
    game = tripeaks_game(seed, moves)
    record = json.loads(json.dumps(game.record()))  # what a file would hold
    again = TriPeaks.from_record(record)
    assert again.to_json() == game.to_json() and again.record() == record
    assert TriPeaks.from_record(json.dumps(record)).to_json() == game.to_json()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 200))
def test_a_stoeptegel_game_round_trips_through_its_record(seed, actions):
    game = stoeptegel_game(seed, actions)
    record = json.loads(json.dumps(game.record()))
    again = Stoeptegel.from_record(record)
    assert again.to_json() == game.to_json() and again.record() == record
    assert record["players"] == [f"Player {s + 1}" for s in range(game.players)]


def tampered(record: dict, change) -> dict:
    other = copy.deepcopy(record)
    change(other)
    return other


TRIPEAKS = tripeaks_game(4, 30).record()
STOEPTEGEL = stoeptegel_game(4, 40).record(None)


@pytest.mark.parametrize(
    ("cls", "record", "says"),
    [
        (TriPeaks, "not json", "not valid JSON"),
        (TriPeaks, "[" * 5000 + "]" * 5000, "nested too deeply"),
        (TriPeaks, {"x": {1, 2}}, "cannot be written as JSON"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r.update(format="x")), "'format'"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r.update(version=True)), "version"),
        (TriPeaks, STOEPTEGEL, "a record of 'stoeptegel'"),
        (Stoeptegel, TRIPEAKS, "a record of 'tripeaks'"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r.update(players="me")), "list of names"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r.update(save=[])), "must be objects"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r["result"].update(score=999)), "claims"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r["save"]["moves"].append(99)), "corrupted"),
        (TriPeaks, tampered(TRIPEAKS, lambda r: r.pop("result")), "fields"),
        (Stoeptegel, tampered(STOEPTEGEL, lambda r: r["players"].append("X")), "names"),
        (Stoeptegel, tampered(STOEPTEGEL, lambda r: r["result"].update(winners=[0])), "claims"),
        (Stoeptegel, tampered(STOEPTEGEL, lambda r: r["save"].update(seed="7")), "corrupted"),
    ],
)
def test_a_bad_record_is_refused_with_a_reason(cls, record, says):
    with pytest.raises(IllegalMove) as refusal:
        cls.from_record(record)
    assert says in str(refusal.value)

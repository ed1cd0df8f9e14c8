"""What a served table keeps between frames (``SeatLog``, ``SharedParts``): every state built
with them is the state a fresh build gives, word for word, at every step of whole games; the
shared parts are exactly what every seat's own view has alike, so they can carry nothing one
seat may know and another not; and what one seat keeps never reaches another (rule B4)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.seat_log import SeatLog, SharedParts
from cardtable.stoeptegel.session import TableSession, seat_state
from cardtable.stoeptegel.view import PUBLIC_FIELDS

from .helpers import random_action

NAMES = ["You", "Anna", "Bram", "Carla"]


def play_on(game: Stoeptegel, rng: random.Random) -> None:
    game.apply(random_action(game, rng))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kept_lines_give_every_seat_exactly_a_fresh_build_through_whole_games(seed: int) -> None:
    rng = random.Random(seed)
    game = Stoeptegel(players=4, seed=seed, target=12)
    logs, shared = [SeatLog() for _ in range(4)], SharedParts()
    steps = rounds = 0
    while game.phase != "over":
        for seat in range(4):
            kept = seat_state(game, seat, NAMES, log=logs[seat], shared=shared)
            assert kept == seat_state(game, seat, NAMES), (seat, steps)
        rounds = max(rounds, game.round)
        play_on(game, rng)
        steps += 1
    for seat in range(4):  # the reveal at the end, too
        kept = seat_state(game, seat, NAMES, log=logs[seat], shared=shared)
        assert kept == seat_state(game, seat, NAMES)
    assert rounds >= 2 and steps > 50  # the game went through several rounds


@pytest.mark.parametrize("seed", [3, 4])
def test_the_shared_parts_are_what_every_seats_own_view_has_alike(seed: int) -> None:
    """At every step: the parts built once for all seats equal each seat's fresh view's, so
    nothing in them is one seat's to know (else another seat's view would lack it)."""
    rng = random.Random(seed)
    game = Stoeptegel(players=4, seed=seed, target=12)
    shared = SharedParts()
    while game.phase != "over":
        parts = shared.parts(game)
        assert set(parts) == set(PUBLIC_FIELDS)
        for seat in range(4):
            view = game.view(seat)
            assert {k: view[k] for k in PUBLIC_FIELDS} == parts  # type: ignore[literal-required]
        # and, read against the engine: the cards in them are face up, none in a hand or stock
        hidden = [c.code for s in range(4) for c in game.hand(s)] + [c.code for c in game.stock]
        face_up = [code for row in parts["rows"] for code in row["cards"]] + parts["out_of_game"]
        assert not (set(hidden) & set(face_up)) - {"JK"}  # the jokers are alike
        assert face_up == [c.code for row in game.rows for c in row.cards] + [
            c.code for c in game.out_of_game
        ]
        play_on(game, rng)


def test_frames_skipped_between_changes_still_give_a_fresh_build() -> None:
    """A seat whose socket missed some changes (no frame built for it meanwhile)."""
    rng = random.Random(7)
    game = Stoeptegel(players=3, seed=7, target=12)
    log = SeatLog()
    while game.phase != "over":
        if rng.random() < 0.3:
            assert seat_state(game, 1, NAMES[:3], log=log) == seat_state(game, 1, NAMES[:3])
        play_on(game, rng)


def test_what_one_seat_keeps_never_reaches_another_seat() -> None:
    """A ``SeatLog`` handed another seat, or another game, starts afresh: no line of the first
    seat's (its own hand, its own stoeptegel) shows in the second's state."""
    game = Stoeptegel(players=4, seed=5)
    for seat in range(4):
        game.choose(seat, game.hand(seat)[0])
    log = SeatLog()
    mine = seat_state(game, 0, NAMES, log=log)
    theirs = seat_state(game, 1, NAMES, log=log)
    assert theirs == seat_state(game, 1, NAMES)
    own_hand = {c.code for c in game.hand(0)} | {game.chosen(0).code}  # type: ignore[union-attr]
    deal = next(e for e in theirs["view"]["events"] if e["type"] == "deal")
    assert not own_hand & set(deal["hand"])
    assert json.dumps(mine["view"]["events"]) != json.dumps(theirs["view"]["events"])
    other = Stoeptegel(players=4, seed=6)
    assert seat_state(other, 1, NAMES, log=log) == seat_state(other, 1, NAMES)


def test_the_choice_is_described_anew_once_its_recipient_may_know_it() -> None:
    """Rule B4: during the choice a recipient's line hides the card; when play starts the same
    event's line names it (the kept line is not reused)."""
    game = Stoeptegel(players=2, seed=3)
    log = SeatLog()
    game.choose(0, game.hand(0)[0])
    before = seat_state(game, 1, ["Anna", "You"], log=log)["view"]["events"]
    assert "card" not in next(e for e in before if e["type"] == "choose")
    game.choose(1, game.hand(1)[0])
    after = seat_state(game, 1, ["Anna", "You"], log=log)
    assert after == seat_state(game, 1, ["Anna", "You"])
    assert any(e["type"] == "choose" and "card" in e for e in after["view"]["events"])


def test_a_tables_screen_keeps_its_seats_lines_and_still_gives_a_fresh_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The widget's table keeps each seat's lines and the shared parts from frame to frame
    (issue 28): on a hot-seat table, through hand-overs, a switch of language and a new game,
    every screen is the one a fresh build gives, and it describes a fraction of the events a
    fresh build does (only those since the seat's last frame)."""
    from cardtable.stoeptegel import session as module

    counted = {"calls": 0}
    real = module.describe

    def describe(*args: object, **kwargs: object) -> str:
        counted["calls"] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "describe", describe)
    described = {"kept": 0, "fresh": 0}
    rng = random.Random(11)
    session = TableSession(
        Stoeptegel(players=4, seed=11, target=12), seat=[0, 1], bots="greedy", think=None
    )
    steps = 0
    while session.game.phase != "over":
        screen = session.screen()
        if session.shown is None:
            session.handle({"action": "ready"})
            continue
        calls = counted["calls"]
        screen = session.screen()  # (drawn again: only what is new since the last frame)
        described["kept"] += counted["calls"] - calls
        calls = counted["calls"]
        fresh = seat_state(session.game, session.shown, session.names, lang=session.lang)
        described["fresh"] += counted["calls"] - calls
        assert {**fresh, "handover": {}} == screen, steps
        session.handle(intent(session.game, session.shown, rng))
        steps += 1
        if steps == 30:
            session.relang("nl")  # the kept lines were English: described anew
    assert steps > 40
    assert described["kept"] * 4 < described["fresh"], described
    session.new_game(12)
    while session.shown is None:
        session.handle({"action": "ready"})
    fresh = seat_state(session.game, session.shown, session.names, lang=session.lang)
    assert session.screen() == {**fresh, "handover": {}}


def intent(game: Stoeptegel, seat: int, rng: random.Random) -> dict[str, object]:
    """A legal intent of ``seat``, the seat at the screen, picked at random."""
    if game.phase == "choose":
        return {"action": "choose", "card": rng.choice(game.hand(seat)).code}
    plays = game.legal_plays(seat)
    k = rng.randrange(len(plays) + 1)
    if k == len(plays):
        return {"action": "pass"}
    card, row = plays[k]
    return {"action": "play", "card": card.code, "row": row}

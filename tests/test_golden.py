"""Golden playthroughs, as OpenSpiel keeps them: for a few seeded games of each engine, every
action with what each seat then sees, the events it caused and the sentences each player
reads of them (the log's lines, Tri-Peaks' spoken move), one JSON line per action.

A change to a rule, a view or an event shows here as a diff to read. When the change is
meant, write the files anew with ``CARDTABLE_REGOLD=1 pytest tests/test_golden.py`` and
review the diff before committing it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.naming import player
from cardtable.stoeptegel import Rules, Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, RandomBot
from cardtable.stoeptegel.log import Names, describe
from cardtable.tripeaks import TriPeaks, aisleriot_hint
from cardtable.tripeaks.texts import said

GOLDEN = Path(__file__).parent / "golden"
EVERY_HOUSE_RULE = Rules(
    ace_on_any_king=True, seven_ignores_rank=False, seven_turns_until_cleared=True,
    ten_on_ten=True, four_wraps=False, ace_on_turned_row_is_high=False, starting_cards_fire=True,
    stoeptegels_in_turn=True, odd_opposite="skip",
)  # fmt: skip
"""All nine house readings the other way (Part C), for a golden game under house rules."""


def tripeaks_lines(seed: int, **options: Any) -> Iterator[dict[str, Any]]:
    game = TriPeaks(seed, **options)
    yield {"action": None, "view": game.view()}
    while not game.over and len(game.moves) < 60:
        move = aisleriot_hint(game)
        assert move is not None
        game.apply(move)
        events = game.last_events
        yield {
            "action": move, "view": game.view(), "events": events, "said": said(events, game.score)
        }
    game.undo()
    yield {"action": "undo", "view": game.view()}


def stoeptegel_lines(game: Stoeptegel, bots: list[Any]) -> Iterator[dict[str, Any]]:
    names = [player(s) for s in range(game.players)]

    def seen() -> dict[str, Any]:
        return {str(s): game.view(s) for s in range(game.players)}

    yield {"action": None, "views": seen()}
    while game.phase != "over" and len(game.actions) < 80:
        before = len(game.events)
        if game.phase == "choose":
            seat = next(s for s in range(game.players) if game.chosen(s) is None)
            game.choose(seat, bots[seat].choose(game.view(seat)))
        else:
            seat = game.to_move
            assert seat is not None
            move = bots[seat].turn(game.view(seat))
            game.pass_turn(seat) if move is None else game.play(seat, *move)
        events = {s: game.seat_events(s, before) for s in range(game.players)}
        yield {
            "action": list(game.actions[-1]),
            "views": seen(),
            "events": {str(s): events[s] for s in events},
            "told": {str(s): told(events[s], Names(names, s)) for s in events},
            "reasons": reasons(game),
        }


def told(events: list[dict[str, Any]], names: Names) -> list[str]:
    """The log's sentences for one seat: what that player reads of a step."""
    context: dict[str, Any] = {}
    return [describe(event, names, context) for event in events]


def reasons(game: Stoeptegel) -> dict[str, list[str | None]]:
    """What the seat to move reads over each row for each card of its hand: why not (B9–B16)."""
    seat = game.to_move
    if game.phase != "play" or seat is None:
        return {}
    return {c.code: [game.explain(seat, c, row) for row in range(3)] for c in game.hand(seat)}


PLAYTHROUGHS: dict[str, Callable[[], Iterator[dict[str, Any]]]] = {
    "tripeaks-seed-41": lambda: tripeaks_lines(41),
    "tripeaks-progressive-multiplier-seed-7": lambda: tripeaks_lines(
        7, scoring="multiplier", progressive=True
    ),
    "stoeptegel-2-players-seed-3": lambda: stoeptegel_lines(
        Stoeptegel(2, seed=3, target=4), [GreedyBot(seed=1), RandomBot(seed=2)]
    ),
    "stoeptegel-3-players-scenario": lambda: stoeptegel_lines(
        Stoeptegel.scenario(
            ["4S 9D JK 7H", "QH 5H 2C", "TC 8S 3D"],
            ["KC", "8D", "3S"],
            ["6D", "2H", "9C"],
            stock="AS AH AD AC 6S 6H",
            target=3,
            seed=5,
        ),
        [RandomBot(seed=s) for s in range(3)],
    ),
    "stoeptegel-3-players-every-house-rule-seed-12": lambda: stoeptegel_lines(
        Stoeptegel(3, seed=12, target=10, rules=EVERY_HOUSE_RULE),
        [GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)],
    ),
}


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_a_seeded_game_plays_exactly_as_recorded(name: str) -> None:
    path = GOLDEN / f"{name}.jsonl"
    lines = [json.dumps(line, sort_keys=True, ensure_ascii=False) for line in PLAYTHROUGHS[name]()]
    if os.environ.get("CARDTABLE_REGOLD"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    recorded = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(recorded), f"{name}: {len(lines)} steps, {len(recorded)} recorded"
    for step, (line, want) in enumerate(zip(lines, recorded, strict=True)):
        assert json.loads(line) == json.loads(want), f"{name}: step {step} differs"

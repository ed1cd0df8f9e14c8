"""Loading a saved Stoeptegel game: every field checked, every action replayed through the rules.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=2, seed=5)
>>> game.choose(0, game.hand(0)[0])
>>> Stoeptegel.from_json(game.to_json()).to_json() == game.to_json()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._saves import read_save, whole_number, whole_numbers
from ..errors import IllegalMove
from ..messages import message
from .rules import Rules

if TYPE_CHECKING:
    from .game import Stoeptegel

SAVE_FORMAT = "cardtable.stoeptegel"
SAVE_VERSION = 1
_FIELDS = {
    "format",
    "version",
    "players",
    "target",
    "seed",
    "deck",
    "scenario",
    "actions",
    "scores",
}
_SCENARIO_FIELDS = {
    "hands",
    "rows",
    "stoeptegels",
    "stock",
    "to_move",
    "scores",
    "target",
    "round",
    "dealer",
}


def load(cls: type[Stoeptegel], text: str) -> Stoeptegel:
    """Rebuild the game saved in ``text``; raise :class:`IllegalMove` if anything is off."""
    data, game = _dealt(cls, text)
    scores = whole_numbers(data, "scores")
    for number, action in enumerate(data["actions"], 1):
        try:
            game.apply(action)
        except IllegalMove as error:
            raise IllegalMove(message(
                "save.stoeptegel.illegal_action", n=number, action=repr(action),
                reason=error.message,
            )) from None  # fmt: skip
        except (TypeError, ValueError) as error:
            raise IllegalMove(message(
                "save.stoeptegel.malformed_action", n=number, action=repr(action),
                detail=str(error),
            )) from None  # fmt: skip
    if scores != game.scores:
        raise IllegalMove(message(
            "save.stoeptegel.scores", sent=repr(scores), scores=str(game.scores)
        ))  # fmt: skip
    return game


def dealt(cls: type[Stoeptegel], text: str) -> Stoeptegel:
    """The game saved in ``text`` as it was dealt, before its first action (a review replays
    from there); raises :class:`IllegalMove` as :func:`load` does."""
    return _dealt(cls, text)[1]


def _dealt(cls: type[Stoeptegel], text: str) -> tuple[dict[str, Any], Stoeptegel]:
    data = read_save(
        text,
        game="Stoeptegel",
        format=SAVE_FORMAT,
        version=SAVE_VERSION,
        fields=_FIELDS,
        optional=frozenset({"rules"}),
    )
    rules = _rules(data)
    if type(data["actions"]) is not list:
        raise IllegalMove(message("save.stoeptegel.actions"))
    for key in ("seed", "players", "target"):
        whole_number(data, key)
    scenario = data["scenario"]
    try:
        if scenario is not None:
            game = _load_scenario(cls, data, scenario, rules)
        else:
            game = cls(
                data["players"], data["seed"], target=data["target"], deck=data["deck"],
                rules=rules,
            )  # fmt: skip
    except IllegalMove as error:
        raise IllegalMove(message("save.corrupted", reason=error.message)) from None
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        raise IllegalMove(message("save.corrupted_detail", detail=str(error))) from None
    return data, game


def _rules(data: dict[str, Any]) -> Rules:
    """The house rules a save names under ``"rules"`` (the fields that differ from Part B; a
    save without it, as every save before house rules, plays Part B)."""
    given = data.get("rules", {})
    if type(given) is not dict:
        raise IllegalMove(message("save.stoeptegel.rules_shape", sent=repr(given)))
    try:
        return Rules.from_dict(given)
    except (TypeError, ValueError) as error:
        raise IllegalMove(message("save.stoeptegel.rules_wrong", detail=str(error))) from None


def _load_scenario(
    cls: type[Stoeptegel], data: dict[str, Any], scenario: object, rules: Rules
) -> Stoeptegel:
    if not isinstance(scenario, dict) or set(scenario) != _SCENARIO_FIELDS:
        raise IllegalMove(
            message("save.stoeptegel.scenario_fields", expected=str(sorted(_SCENARIO_FIELDS)))
        )
    if data["deck"] is not None:
        raise IllegalMove(message("save.stoeptegel.scenario_deck"))
    game = cls.scenario(
        scenario["hands"],
        scenario["rows"],
        scenario["stoeptegels"],
        stock=scenario["stock"],
        to_move=scenario["to_move"],
        scores=scenario["scores"],
        target=scenario["target"],
        round=scenario["round"],
        dealer=scenario["dealer"],
        seed=data["seed"],
        rules=rules,
    )
    if data["players"] != game.players or data["target"] != game.target:
        raise IllegalMove(message("save.stoeptegel.scenario_mismatch"))
    return game

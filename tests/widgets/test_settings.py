"""Settings on the table (issue 28): the four-colour deck, Tri-Peaks' scoring and rounds, and
Stoeptegel's bot strength and target ride on a ``new`` intent, checked before anything is dealt:
an unknown setting or a value not offered (of any type) is refused with a reason and nothing
changes; a valid one applies to the next deal only, and Python's traits stay the truth."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import StoeptegelWidget, TriPeaksWidget
from cardtable.lessons.catalog import TASKS
from cardtable.settings import Setting, take
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import ExpertBot, GreedyBot, RandomBot
from cardtable.tripeaks import TriPeaks
from cardtable.widgets.base import TableWidget
from cardtable.widgets.exercise import TriPeaksExercise

from .test_untrusted_browser import custom

ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.sampled_from(["standard", "multiplier", "random", "expert", "True", "30", 30.0, 1.0, 0]),
)


def state(widget: TableWidget) -> str:
    """The table's synced state but its message line (where a refusal shows)."""
    shown = {k: v for k, v in widget.get_state().items() if k != "message"}
    return json.dumps(shown, sort_keys=True, default=str)


def values(widget: TableWidget) -> dict[str, Any]:
    """The settings in force, as the panel shows them."""
    return {field["name"]: field["value"] for field in widget.settings["fields"]}


def refused(widget: TableWidget, content: Any) -> str:
    """Send ``content`` as the browser would; it must be refused, with nothing changed."""
    game, before = widget.game.to_json(), state(widget)
    custom(widget, content)
    assert widget.game.to_json() == game and state(widget) == before, content
    assert widget.message["kind"] == "error", (content, widget.message)
    return str(widget.message["text"])


def lost_tripeaks() -> TriPeaksWidget:
    table = TriPeaksWidget(seed=11)
    while not table.game.over:
        table.game.apply(table.game.legal_moves()[-1])
    return table


def finished_stoeptegel(**options: Any) -> StoeptegelWidget:
    table = StoeptegelWidget(players=2, seed=5, think=None, target=1, **options)
    while table.game.phase != "over":
        view = table.view
        if view["phase"] == "choose":
            table.handle({"action": "choose", "card": view["hand"][0]})
        elif view["legal"]:
            card, row = view["legal"][0]
            table.handle({"action": "play", "card": card, "row": row})
        else:
            table.handle({"action": "pass"})
    return table


# ------------------------------------------------------------------------------ the checks
def test_a_setting_takes_only_its_choices_exactly() -> None:
    deck = Setting("four_color", "Deck", False, ((False, "two colours"), (True, "four colours")))
    assert deck.check(True) is True
    for lie in (1, 0, "True", None, 1.0):
        with pytest.raises(Exception, match="Deck can be two colours or four colours, not"):
            deck.check(lie)


def test_only_a_new_deal_carries_settings() -> None:
    offered = [Setting("target", "Target", 30, ((30, "30 points"),))]
    play = {"action": "play", "target": 30}
    assert take(play, offered) == (play, {})  # read_intent refuses the field there
    assert take(["new"], offered) == (["new"], {})
    with pytest.raises(Exception, match="A new deal takes no settings here, not 'target'"):
        take({"action": "new", "target": 30}, [])


# ------------------------------------------------------------------------------ Tri-Peaks
def test_tripeaks_settings_apply_to_the_next_deal() -> None:
    table = TriPeaksWidget(seed=7)
    assert values(table) == {"scoring": "standard", "progressive": False, "four_color": False}
    assert table.settings["note"] and table.settings["apply"]
    custom(table, {"action": "play", "position": 18, "version": table.version})
    custom(
        table,
        {
            "action": "new",
            "scoring": "multiplier",
            "progressive": True,
            "four_color": True,
            "version": table.version,
        },
    )
    game = table.game
    assert (game.scoring, game.progressive, table.four_color) == ("multiplier", True, True)
    assert game.moves == [] and not table.message  # a new deal, dealt with them
    assert values(table) == {"scoring": "multiplier", "progressive": True, "four_color": True}
    custom(table, {"action": "new", "version": table.version})  # and kept for the next
    assert (table.game.scoring, table.game.progressive) == ("multiplier", True)


def test_tripeaks_settings_follow_python() -> None:
    table = TriPeaksWidget(seed=7)
    table.game = TriPeaks(3, scoring="multiplier")
    table.four_color = True
    assert values(table) == {"scoring": "multiplier", "progressive": False, "four_color": True}


@pytest.mark.parametrize(
    "content, says",
    [
        ({"action": "new", "scoring": "vegas"}, "Scoring can be standard or multiplier"),
        ({"action": "new", "scoring": None}, "not None"),
        ({"action": "new", "progressive": 1}, "Rounds can be one round or progressive, not 1"),
        ({"action": "new", "four_color": "true"}, "Deck can be"),
        ({"action": "new", "colours": 4}, "A new deal takes the settings scoring"),
        ({"action": "new", "scoring": "multiplier", "cheat": True}, "not 'cheat'"),
        ({"action": "new", "scoring": "multiplier", "version": -1}, "earlier state"),
        ({"action": "play", "position": 18, "scoring": "multiplier"}, "not 'scoring'"),
        ({"action": "new", "scoring": ["multiplier"]}, "not ['multiplier']"),
    ],
)
def test_a_bad_tripeaks_setting_is_refused_and_nothing_changes(content: Any, says: str) -> None:
    table = TriPeaksWidget(seed=7)
    custom(table, {"action": "play", "position": 18, "version": table.version})
    assert says in refused(table, content)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(["scoring", "progressive", "four_color", "seed", ""]), value=ANY_VALUE)
def test_any_tripeaks_setting_not_offered_is_refused(field: str, value: Any) -> None:
    table = TriPeaksWidget(seed=7)
    offered = {"scoring": ("standard", "multiplier"), "progressive": (False, True)}
    choices = offered.get(field, (False, True) if field == "four_color" else ())
    if any(type(c) is type(value) and c == value for c in choices):
        return  # a value on offer: dealt with it (the test above)
    assert refused(table, {"action": "new", field: value})


def test_an_exercise_table_offers_no_settings() -> None:
    task = next(t for t in TASKS.values() if t.game == "tripeaks")
    table = TriPeaksExercise(task)
    assert table.settings == {}


# ------------------------------------------------------------------------------ Stoeptegel
def test_stoeptegel_settings_apply_to_the_next_game_never_mid_game() -> None:
    table = StoeptegelWidget(players=2, seed=5, think=None)
    assert values(table) == {"target": 30, "bots": "greedy", "four_color": False}
    says = refused(table, {"action": "new", "target": 10, "version": table.version})
    assert "rule B27" in says  # the game in play goes on as it was

    table = finished_stoeptegel()
    custom(
        table,
        {"action": "new", "target": 20, "bots": "expert", "four_color": True,
         "version": table.version},
    )  # fmt: skip
    assert table.game.phase == "choose" and table.game.target == 20 and table.four_color
    assert isinstance(table.bots[1], ExpertBot) and table.bots[0] is None
    assert values(table) == {"target": 20, "bots": "expert", "four_color": True}


def test_stoeptegel_strength_is_offered_only_for_bots_of_one_strength() -> None:
    hot_seat = StoeptegelWidget(players=2, seed=5, think=None, bots=None)
    assert "bots" not in values(hot_seat)
    given = StoeptegelWidget(players=2, seed=5, think=None, bots=[None, RandomBot(seed=1)])
    assert "bots" not in values(given)
    assert "not 'bots'" in refused(given, {"action": "new", "bots": "random"})


@pytest.mark.parametrize(
    "content, says",
    [
        ({"action": "new", "target": 0}, "Target can be 1 point, 10 points"),
        ({"action": "new", "target": 10**30}, "Target can be"),
        ({"action": "new", "target": "20"}, "not '20'"),
        ({"action": "new", "target": True}, "not True"),
        ({"action": "new", "target": 20.0}, "not 20.0"),
        ({"action": "new", "bots": "godlike"}, "Bots can be random, greedy, strong or expert"),
        ({"action": "new", "bots": GreedyBot.__name__}, "Bots can be"),
        ({"action": "new", "players": 4}, "A new deal takes the settings target, bots"),
        ({"action": "new", "four_color": 1}, "Deck can be"),
    ],
)
def test_a_bad_stoeptegel_setting_is_refused_and_nothing_changes(content: Any, says: str) -> None:
    table = finished_stoeptegel()
    assert says in refused(table, content)
    assert table.game.phase == "over"


def test_stoeptegel_settings_follow_python() -> None:
    table = StoeptegelWidget(players=2, seed=5, think=None)
    table.game = Stoeptegel(players=2, seed=1, target=7)
    assert values(table)["target"] == 7  # the target in force is always on offer

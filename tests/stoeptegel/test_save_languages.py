"""A Stoeptegel save's refusals in every language (issue 31): each is a message of the
catalogs (``save.stoeptegel.*``, the shared ``save.*``), so a Dutch or Catalan table says it
in its own words; the English stays as it was."""

from __future__ import annotations

import json
import re

import pytest

from cardtable import IllegalMove, i18n
from cardtable.stoeptegel import Stoeptegel

from ..widgets.test_tripeaks_languages import english


def _save(**changes: object) -> str:
    game = Stoeptegel(players=2, seed=5)
    game.choose(0, game.hand(0)[0])
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


BROKEN = {
    "save.stoeptegel.illegal_action": _save(actions=[["choose", 0, "2S"]]),  # seat 1's card
    "save.stoeptegel.scores": _save(scores=[3, 0]),
    "save.stoeptegel.actions": _save(actions="none"),
    "save.stoeptegel.rules_shape": _save(rules=[1]),
    "save.corrupted": _save(scenario={"hands": 1}),
}


DATA = re.compile(r"\[[^\]]*\]|\{[^}]*\}|(?<!\w)'[^'\s]*'")
"""What a refusal quotes from the save (a list, an object, a field's name): data, not words."""


@pytest.mark.parametrize("key", sorted(BROKEN))
def test_a_broken_stoeptegel_save_is_refused_in_every_language(key: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        Stoeptegel.from_json(BROKEN[key])
    assert refused.value.id == key
    said = {lang: refused.value.told(lang=lang) for lang in i18n.LANGS}
    assert said["en"].startswith("This save is corrupted: ")
    assert said["nl"].startswith("Dit bewaarde spel is beschadigd: ")
    assert said["ca"].startswith("Aquesta partida desada està malmesa: ")
    assert english([DATA.sub("", said["nl"]), DATA.sub("", said["ca"])]) == [], said


def test_a_save_with_unknown_house_rules_is_refused_in_the_tables_words() -> None:
    with pytest.raises(IllegalMove) as refused:
        Stoeptegel.from_json(_save(rules={"no_such_rule": True}))
    assert refused.value.id == "save.stoeptegel.rules_wrong"
    assert refused.value.told(lang="nl").startswith(
        "Dit bewaarde spel is beschadigd: de 'rules' kloppen niet: "
    )  # the house rules' own reason (cardtable.stoeptegel.rules) is still English

"""Every forbidden or malformed action raises IllegalMove with a reason and changes nothing;
``legal_plays`` and ``explain`` agree on every card and row."""

from __future__ import annotations

import random
import re

import pytest

from cardtable import Card, IllegalMove
from cardtable.cards import deck_with_jokers
from cardtable.stoeptegel import Stoeptegel

from .helpers import random_action, table

RULE = re.compile(r"\((house rule: ([a-z_]+(=[a-z]+| on| off)(, )?)+, )?rules? B\d+")
EVERY_CARD = sorted(set(deck_with_jokers(2)))


def refused(game: Stoeptegel, action: tuple[object, ...], rule: str | None = None) -> str:
    """Apply ``action``; it must raise IllegalMove citing a rule and leave the game as it was."""
    before, events, notified = game.to_json(), len(game.events), []
    unsubscribe = game.subscribe(notified.append)
    with pytest.raises(IllegalMove) as info:
        game.apply(action)
    unsubscribe()
    message = str(info.value)
    assert RULE.search(message), message
    if rule is not None:
        assert f"B{rule}" in message or rule in message, message
    assert game.to_json() == before and len(game.events) == events and not notified
    return message


def test_wrong_phase_choose_during_play_and_play_during_choose() -> None:
    game = Stoeptegel(2, seed=3)
    refused(game, ("play", 0, game.hand(0)[0].code, 0), "3")
    refused(game, ("pass", 0), "3")
    for seat in range(2):
        game.choose(seat, game.hand(seat)[0])
    refused(game, ("choose", 0, game.hand(0)[0].code), "3")


def test_second_choice_and_card_not_in_hand() -> None:
    game = Stoeptegel(3, seed=3)
    card = game.hand(0)[0]
    game.choose(0, card)
    refused(game, ("choose", 0, game.hand(0)[0].code), "3")
    stranger = next(c for c in EVERY_CARD if c not in game.hand(1) and not c.is_joker)
    refused(game, ("choose", 1, stranger.code), "23")
    refused(game, ("choose", 1, "XX"))
    refused(game, ("choose", 1, 17))
    refused(game, ("choose", 5, game.hand(1)[0].code), "1")


def test_not_your_turn_bad_seat_bad_card_bad_row_closed_row_illegal_card() -> None:
    game = table(["9H 2H", "9D 7D", "KS"], "8D 3D JK", others="QC 4C")
    refused(game, ("play", 1, "QC", 2), "23")
    refused(game, ("pass", 1), "23")
    refused(game, ("play", 0, "QC", 2), "23")  # not in seat 0's hand
    refused(game, ("play", 0, "ZZ", 2))
    refused(game, ("play", 0, None, 2))
    for row in (3, -1, "0", 1.0, None, True):
        refused(game, ("play", 0, "3D", row), "2")
    refused(game, ("play", 0, "JK", 0), "8")  # closed
    refused(game, ("play", 0, "8D", 1), "9")  # turned: must be lower
    for seat in (-1, 2, "0", None, True):
        refused(game, ("play", seat, "3D", 1), "1")
        refused(game, ("pass", seat), "1")
    for bad in ((), ("dance", 0), ("play", 0, "3D"), ("pass",), "pass", None):
        with pytest.raises(IllegalMove):
            game.apply(bad)  # type: ignore[arg-type]


def test_anything_after_game_over() -> None:
    game = table(["KC", "8D", "3S"], "9D TS", stoeptegels=("6D", "2C"), others="QH", scores=[29, 0])
    game.play(0, "9D", 1)
    assert game.phase == "over"
    for action in (("play", 0, "TS", 1), ("pass", 1), ("choose", 0, "TS"), ("pass", 0)):
        refused(game, action, "27")
    assert game.legal_plays(0) == [] and "B27" in str(game.explain(0, "TS", 1))


def test_bad_constructor_arguments() -> None:
    for players in (1, 7):
        with pytest.raises(ValueError):
            Stoeptegel(players)
    for bad in ("4", 2.0, True):
        with pytest.raises(TypeError):
            Stoeptegel(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Stoeptegel(2, seed=-1)
    with pytest.raises(TypeError):
        Stoeptegel(2, seed="7")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Stoeptegel(2, target=0)
    for deck in (["AS"] * 54, "AS 2S"):  # a bad option, not a move: plain ValueError
        with pytest.raises(ValueError, match="B1") as refused:
            Stoeptegel(2, deck=deck)
        assert not isinstance(refused.value, IllegalMove)


def test_bad_scenarios_are_refused() -> None:
    ok = {"hands": ["9S", "QC"], "rows": ["KC", "8D", "3S"], "stoeptegels": ["2C", "3C"]}
    Stoeptegel.scenario(**ok)  # type: ignore[arg-type]
    bad = [
        dict(ok, hands=["9S"]),  # one player
        dict(ok, rows=["KC", "8D"]),  # two rows
        dict(ok, rows=["KC", "8D", ""]),  # an empty row
        dict(ok, rows=["KC JK", "8D", "3S"]),  # a joker on a row
        dict(ok, rows=["KC 2C 3C", "8D", "3S"]),  # a card on a played 2
        dict(ok, rows=["KC 9C TC", "8D", "3S"]),  # a played 10 above other cards
        dict(ok, rows=[{"cards": "KC 9C", "played": [True, False]}, "8D", "3S"]),
        dict(ok, stoeptegels=["2C"]),
        dict(ok, stoeptegels=["2C", "9S"]),  # a card twice
        dict(ok, hands=["", "QC"]),  # seat 0 to move without cards
    ]
    bad += [dict(ok, scores=[30, 0]), dict(ok, to_move=2), dict(ok, hands="9S QC")]
    for spec in bad:  # bad options, not moves: plain ValueError or TypeError
        with pytest.raises((ValueError, TypeError), match="not a Stoeptegel table") as refused:
            Stoeptegel.scenario(**spec)  # type: ignore[arg-type]
        assert not isinstance(refused.value, IllegalMove), spec


def check_agreement(game: Stoeptegel) -> None:
    """explain() is None exactly for the plays legal_plays() lists, for every seat, card, row."""
    for seat in range(game.players):
        legal = {(card, row) for card, row in game.legal_plays(seat)}
        for card in EVERY_CARD:
            for row in range(3):
                reason = game.explain(seat, card, row)
                assert (reason is None) == ((card, row) in legal), (seat, card, row, reason)
                if reason is not None:
                    assert RULE.search(reason) and reason.endswith(".") and "\n" not in reason
            assert game.explain(seat, card, 3) is not None


@pytest.mark.parametrize("seed", range(6))
def test_legal_plays_and_explain_agree_everywhere_on_random_states(seed: int) -> None:
    rng = random.Random(seed)
    game = Stoeptegel(rng.randint(2, 6), seed=seed, target=12)
    step = 0
    while game.phase != "over":
        if step % 5 == 0:
            check_agreement(game)
        game.apply(random_action(game, rng))
        step += 1
    check_agreement(game)


@pytest.mark.parametrize("house", [{}, {"ace_on_any_king": True, "seven_ignores_rank": False,
                                   "ten_on_ten": True, "ace_on_turned_row_is_high": False,
                                   "seven_turns_until_cleared": True}])  # fmt: skip
def test_explain_covers_every_state_key(house: dict[str, bool]) -> None:
    """Every card against every kind of row: table and sentences agree (B9–B16), under Part B
    and under the house rules that change what may be laid."""
    from cardtable.messages import say
    from cardtable.stoeptegel.legality import LEGAL, legal_table, reason_at
    from cardtable.stoeptegel.rows import CLOSED
    from cardtable.stoeptegel.rules import Rules

    rules = Rules(**house)
    table = legal_table(rules)
    assert (table is LEGAL) == (not house)
    for card in range(53):
        for key in range(CLOSED):
            reason = reason_at(card, key, rules)
            assert table[card][key] == (reason is None)
            assert reason is None or (reason.rules and RULE.search(say(reason)))
        assert table[card][CLOSED] is False
    assert Card.parse("JK").index == 52

"""House rules (``Rules``, Part C): for each of the nine, a position where Part B's reading and
the other one differ (what may be laid, what a card does, or the points), the refusals that
name the reading, the rules in views and saves, and random games under random rule sets."""

from __future__ import annotations

import inspect
import json
import random
from collections import Counter
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import IllegalMove
from cardtable.stoeptegel import Rules, Stoeptegel
from cardtable.stoeptegel.log import Names, describe
from cardtable.stoeptegel.rules import READINGS

from .helpers import FULL_DECK, all_cards, random_action, table
from .test_view import hidden_from, leaked

DUTCH = Path(__file__).resolve().parents[2] / "docs" / "rules" / "sources" / "stoeptegel.nl.txt"
"""The original Dutch rules text (``seeds/004_*.txt``), verbatim."""
PART_B = Rules()
ELSEWHERE = Rules(odd_opposite="skip")
"""A table with a house rule that has nothing to do with the position: refusals there name the
reading that decided them ("at this table")."""


def legal(game: Stoeptegel, seat: int = 0) -> set[tuple[str, int]]:
    return {(card.code, row) for card, row in game.legal_plays(seat)}


def at(rules: Rules, rows: list[object], hand: str, **options: object) -> Stoeptegel:
    options.setdefault("stoeptegels", ("6H", "6S"))
    return table(rows, hand, rules=rules, **options)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the options themselves
def test_rules_are_a_frozen_dataclass_of_exactly_the_nine_fields() -> None:
    assert [f.name for f in fields(Rules)] == [
        "ace_on_any_king", "seven_ignores_rank", "seven_turns_until_cleared", "ten_on_ten",
        "four_wraps", "ace_on_turned_row_is_high", "starting_cards_fire", "stoeptegels_in_turn",
        "odd_opposite",
    ]  # fmt: skip
    assert Rules() == Rules(False, True, False, False, True, True, False, False, "next")
    with pytest.raises(AttributeError):
        Rules().ten_on_ten = True  # type: ignore[misc]
    assert list(READINGS) == [f.name for f in fields(Rules)]


def test_each_field_docstring_cites_its_part_c_row() -> None:
    text = inspect.getsource(Rules)
    for name, reading in READINGS.items():
        after = text[text.index(f"    {name}:") :]
        doc = after[after.index('"""') + 3 :]
        doc = doc[: doc.index('"""')]
        assert f"Part C row {reading.rule}" in doc, name


def test_the_dutch_words_of_each_reading_are_quoted_verbatim_from_the_seed() -> None:
    text = DUTCH.read_text(encoding="utf-8")
    for name, reading in READINGS.items():
        assert reading.dutch in text, name


def test_bad_rules_are_refused_plainly() -> None:
    with pytest.raises(TypeError, match="True or False"):
        Rules(ten_on_ten=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'next' or 'skip'"):
        Rules(odd_opposite="far")
    with pytest.raises(TypeError, match="Rules"):
        Stoeptegel(2, seed=1, rules={"ten_on_ten": True})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no house rule"):
        Rules.from_dict({"tens": True})
    with pytest.raises(ValueError, match="no house rule"):
        Rules.parse(["ten"])
    assert Rules.parse(["ten_on_ten", "odd_opposite=skip", "four_wraps=off"]) == Rules(
        ten_on_ten=True, odd_opposite="skip", four_wraps=False
    )
    assert eval(repr(Rules(ten_on_ten=True, odd_opposite="skip"))) == Rules(
        ten_on_ten=True, odd_opposite="skip"
    )


# ------------------------------------------------------------------ one position per option
def test_ace_on_any_king() -> None:
    rows: list[object] = ["KC", "8D", "3S"]
    assert ("AH", 0) not in legal(at(PART_B, rows, "AH"))
    assert at(PART_B, rows, "AH").explain(0, "AH", 0) == (
        "An ace goes only on the king of its own suit, and K♣ is not (rule B11)."
    )
    assert at(ELSEWHERE, rows, "AH").explain(0, "AH", 0) == (
        "An ace goes only on the king of its own suit at this table, and K♣ is not "
        "(house rule: ace_on_any_king off, rule B11)."
    )
    game = at(Rules(ace_on_any_king=True), rows, "AH")
    assert ("AH", 0) in legal(game)
    assert "ace_on_any_king on" in str(game.explain(0, "AH", 1))  # still not on a non-king


def test_seven_ignores_rank() -> None:
    rows: list[object] = ["QH", "8D", "5H"]
    assert {("7H", 0), ("7H", 2)} <= legal(at(PART_B, rows, "7H"))
    game = at(Rules(seven_ignores_rank=False), rows, "7H")
    assert legal(game) == {("7H", 2)}  # on 5♥ (higher) but not on Q♥
    assert game.explain(0, "7H", 0) == (
        "At this table a 7 must be higher than the counting card of its suit, and 7♥ is not "
        "higher than Q♥ (house rule: seven_ignores_rank off, rule B13)."
    )


def test_seven_turns_until_cleared() -> None:
    rows: list[object] = ["9H 7H", "8D", "2S"]
    part_b = at(PART_B, rows, "3H 5C", others="8H TH")
    house = at(Rules(seven_turns_until_cleared=True), rows, "3H 5C", others="8H TH")
    for game in (part_b, house):
        game.play(0, "3H", 0)  # lower, on the turned row: both readings take it
    assert not part_b.rows[0].turned and house.rows[0].turned
    assert part_b.view(1)["rows"][0]["turned"] is False and house.view(1)["rows"][0]["turned"]
    assert ("8H", 0) in legal(part_b, 1) and ("8H", 0) not in legal(house, 1)
    assert house.explain(1, "8H", 0) == (
        "A 7 turned this row around and it stays turned until a 10 clears it: a card of its "
        "suit must be lower here (house rule: seven_turns_until_cleared on, rules B20, B9)."
    )
    turn = {"type": "turn", "card": "7C", "row": 1, "rule": "B20", "until_cleared": True}
    assert "until a 10 clears it (house rule: seven_turns_until_cleared on, rule B20)" in describe(
        turn, Names(["You", "Anna"], 0)
    )
    house.play(1, "TH", 0)  # a 10 clears it (B21): the row counts up again
    assert not house.rows[0].turned and [str(c) for c in house.rows[0].cards] == ["10♥"]


def test_ten_on_ten() -> None:
    rows: list[object] = ["TS", "8D", "3C"]
    assert ("TH", 0) not in legal(at(PART_B, rows, "TH"))
    assert at(ELSEWHERE, rows, "TH").explain(0, "TH", 0) == (
        "A 10 may not go on a 10 of another suit at this table "
        "(house rule: ten_on_ten off, rule B14)."
    )
    game = at(Rules(ten_on_ten=True), rows, "TH")
    game.play(0, "TH", 0)  # it goes, and sweeps the row (B21)
    assert [c.code for c in game.rows[0].cards] == ["TH"] and "TS" in {
        c.code for c in game.out_of_game
    }


def test_four_wraps() -> None:
    rows: list[object] = ["KC", "8D", "3S"]
    part_b, house = at(PART_B, rows, "4S"), at(Rules(four_wraps=False), rows, "4S")
    for game in (part_b, house):
        game.play(0, "4S", 2)
    assert str(part_b.rows[0]) == "K♣ · 4♠" and str(part_b.rows[2]) == "3♠"
    assert str(house.rows[0]) == "K♣" and str(house.rows[2]) == "3♠ · 4♠"
    slide = [e for e in house.events if e["type"] == "slide"][-1]
    assert slide["from"] == slide["to"] == 2
    # Points differ too: with a ♣ stoeptegel the wrapped 4 covers the only club (no point).
    clubs_b = at(PART_B, rows, "4S", stoeptegels=("9C", "6S"))
    clubs_h = at(Rules(four_wraps=False), rows, "4S", stoeptegels=("9C", "6S"))
    clubs_b.play(0, "4S", 2)
    clubs_h.play(0, "4S", 2)
    assert clubs_b.scores == [0, 0] and clubs_h.scores == [1, 0]


def test_ace_on_turned_row_is_high() -> None:
    rows: list[object] = ["9C 7C", "8D", "3S"]
    part_b = at(ELSEWHERE, rows, "AC 5D", others="2C")
    house = at(Rules(ace_on_turned_row_is_high=False), rows, "AC 5D", others="2C")
    for game in (part_b, house):
        game.play(0, "AC", 0)  # an ace always goes on a turned row (B11)
    assert ("2C", 0) not in legal(part_b, 1) and ("2C", 0) in legal(house, 1)
    assert part_b.explain(1, "2C", 0) == (
        "2♣ is not higher than A♣: an ace laid on a turned row counts high at this table "
        "(house rule: ace_on_turned_row_is_high on, rule B7)."
    )
    low = at(Rules(ace_on_turned_row_is_high=False), rows, "AC 5D", others="JH")
    low.play(0, "AC", 0)
    assert ("JH", 0) in legal(low, 1)  # a jack goes on a card below a jack (B15)


def test_starting_cards_fire_a_starting_two_closes() -> None:
    rows: list[object] = ["2S", "8D", "3H"]
    part_b = at(PART_B, rows, "9S 5D", others="KS")
    house = at(Rules(starting_cards_fire=True), rows, "9S 5D", others="KS")
    for game in (part_b, house):
        game.play(0, "9S", 0)
    assert ("KS", 0) in legal(part_b, 1) and ("KS", 0) not in legal(house, 1)
    assert house.rows[0].closed and house.rows[0].played == (True, True)
    assert house.explain(1, "KS", 0) == (
        "This row is closed: its starting 2 went off when a card was laid on it, and nothing "
        "more may go on it this round (house rule: starting_cards_fire on, rules B6, B8)."
    )
    wake = [e for e in house.events if e["type"] == "wake"]
    assert wake == [{"type": "wake", "card": "2S", "row": 0, "rule": "B6", "seat": 0}]


def test_starting_cards_fire_a_starting_seven_turns_under_a_five() -> None:
    rows: list[object] = ["7H", "8D", "3S"]
    part_b = at(PART_B, rows, "5H 5D", others="8H 3H")
    house = at(Rules(starting_cards_fire=True), rows, "5H 5D", others="8H 3H")
    for game in (part_b, house):
        game.play(0, "5H", 0)  # see-through: the 7 beneath counts (B19)
    assert not part_b.rows[0].turned and house.rows[0].turned
    assert ("8H", 0) in legal(part_b, 1) and ("8H", 0) not in legal(house, 1)
    assert ("3H", 0) in legal(house, 1) and ("3H", 0) not in legal(part_b, 1)
    assert house.explain(1, "8H", 0) == (
        "The starting 7 went off when a card was laid on it and turned this row around: a card "
        "of its suit must be lower here (house rule: starting_cards_fire on, rules B6, B9)."
    )


def test_a_ten_sweeps_a_starting_two_away_and_a_slid_four_leaves_it_closed() -> None:
    fire = Rules(starting_cards_fire=True)
    ten = at(fire, ["2S", "8D", "3H"], "TS 5D")
    ten.play(0, "TS", 0)
    assert not ten.rows[0].closed and str(ten.rows[0]) == "10♠"
    four = at(fire, ["2S", "8D", "3H"], "4S 5D")
    four.play(0, "4S", 0)
    assert str(four.rows[0]) == "2♠" and four.rows[0].closed and str(four.rows[1]) == "8♦ · 4♠"


def test_stoeptegels_in_turn() -> None:
    rows: list[object] = ["9S", "8H", "2D"]
    scores = {}
    for rules in (PART_B, Rules(stoeptegels_in_turn=True)):
        game = at(rules, rows, "3C", others="4C", stoeptegels=("KS", "QS"), seed=1)
        game.pass_turn(0)
        game.pass_turn(1)  # everyone passed: the round is over (B24a)
        scores[rules.stoeptegels_in_turn] = game.scores
        reveal = next(e for e in game.events if e["type"] == "round_end")
        if rules.stoeptegels_in_turn:
            assert [(s["fits"], s["laid"]) for s in reveal["stoeptegels"]] == [([0], 0), ([], None)]
            line = describe(reveal, Names(["You", "Anna"], 0))
            assert line.endswith(
                "Laid in turn (house rule: stoeptegels_in_turn on, rule B26): "
                "you: K♠ on row 1, Anna: Q♠ on no row."
            ), line
        else:
            assert all("laid" not in s for s in reveal["stoeptegels"])
    # Alone, K♠ and Q♠ both go on 9♠; in turn K♠ goes first and Q♠ no longer fits.
    assert scores == {False: [1, 1], True: [1, 0]}


def test_odd_opposite() -> None:
    hands: list[object] = ["3C", "4C", "5C"]
    rows: list[object] = ["9S", "8H", "2D"]
    for players, skip_to in ((3, 0), (5, 0), (4, 2)):
        hands_n = [*hands, "6C", "7C", "8C"][:players]
        stoeptegels = ["AH", "KH", "QH", "JH", "TH", "9H"][:players]
        part_b = Stoeptegel.scenario(hands_n, rows, stoeptegels, round=3)
        skip = Stoeptegel.scenario(
            hands_n, rows, stoeptegels, round=3, rules=Rules(odd_opposite="skip")
        )
        assert part_b.recipient(0) == players // 2
        assert skip.recipient(0) == skip_to
        offset = skip.view(0)["stoeptegel_for"]["offset"]
        assert offset == ("self" if players % 2 else "opposite")
    # In a seeded three-player game the rotation goes self, right, self, right.
    game = Stoeptegel(3, seed=4, rules=Rules(odd_opposite="skip"))
    seen = []
    for _ in range(4):
        seen.append(game.view(0)["stoeptegel_for"]["offset"])
        for seat in range(3):
            game.choose(seat, game.hand(seat)[0])
        for _ in range(3):
            game.pass_turn(game.to_move)
    assert seen == ["self", "right-hand neighbour", "self", "right-hand neighbour"]


# ------------------------------------------------------------------ views and saves
def test_the_view_carries_the_rules_in_force() -> None:
    view = Stoeptegel(2, seed=1, rules=Rules(ten_on_ten=True)).view(1)
    assert view["rules"] == dict(Rules(ten_on_ten=True).to_dict())
    assert Stoeptegel(2, seed=1).view(0)["rules"] == Rules().to_dict()


def test_saves_keep_the_rules_and_old_saves_play_part_b() -> None:
    rules = Rules(ten_on_ten=True, odd_opposite="skip", starting_cards_fire=True)
    game = Stoeptegel(3, seed=9, rules=rules)
    game.choose(0, game.hand(0)[0])
    data = json.loads(game.to_json())
    assert data["rules"] == {"ten_on_ten": True, "starting_cards_fire": True,
                             "odd_opposite": "skip"}  # fmt: skip
    assert Stoeptegel.from_json(game.to_json()).rules == rules
    scenario = at(rules, ["KC", "8D", "3S"], "4S")
    assert Stoeptegel.from_json(scenario.to_json()).rules == rules
    plain = Stoeptegel(3, seed=9)
    assert "rules" not in json.loads(plain.to_json())  # today's format, unchanged
    assert Stoeptegel.from_json(plain.to_json()).rules == Rules()


@pytest.mark.parametrize(
    "bad",
    [[], "ten_on_ten", {"tens": True}, {"ten_on_ten": "yes"}, {"odd_opposite": "far"}, None],
)
def test_bad_rules_in_a_save_are_refused(bad: object) -> None:
    data = json.loads(Stoeptegel(2, seed=3).to_json())
    data["rules"] = bad
    with pytest.raises(IllegalMove, match="This save is corrupted: its 'rules'"):
        Stoeptegel.from_json(json.dumps(data))


def test_a_save_whose_moves_break_its_rules_is_refused() -> None:
    """The same moves under other rules: a 10 on a 10 replays only where ten_on_ten is on."""
    game = at(Rules(ten_on_ten=True), ["TS", "8D", "3C"], "TH 5D")
    game.play(0, "TH", 0)
    data = json.loads(game.to_json())
    del data["rules"]
    with pytest.raises(IllegalMove, match=r"ten_on_ten|B14"):
        Stoeptegel.from_json(json.dumps(data))


# ------------------------------------------------------------------ random games, random rules
rule_sets = st.builds(
    Rules,
    ace_on_any_king=st.booleans(),
    seven_ignores_rank=st.booleans(),
    seven_turns_until_cleared=st.booleans(),
    ten_on_ten=st.booleans(),
    four_wraps=st.booleans(),
    ace_on_turned_row_is_high=st.booleans(),
    starting_cards_fire=st.booleans(),
    stoeptegels_in_turn=st.booleans(),
    odd_opposite=st.sampled_from(["next", "skip"]),
)


@settings(max_examples=25, deadline=None)
@given(rule_sets, st.integers(2, 6), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_random_games_under_random_rules(
    rules: Rules, players: int, seed: int, policy: int
) -> None:
    """Cards are conserved, no view leaks a hidden card, every point has its event, and the
    game replays from its save, to the same end, whatever rules the table plays."""
    rng = random.Random(policy)
    game = Stoeptegel(players, seed=seed, target=8, rules=rules)
    steps = 0
    while game.phase != "over":
        assert all_cards(game) == FULL_DECK
        if steps % 7 == 0:
            for seat in range(players):
                view = game.view(seat)
                assert view["rules"] == rules.to_dict()
                assert not leaked(dict(view), hidden_from(game, seat))
        if steps % 11 == 0 and game.phase == "play":
            seat = game.to_move
            assert seat is not None
            for card in game.hand(seat):
                for row in range(3):
                    ok = (card, row) in game.legal_plays(seat)
                    assert ok == (game.explain(seat, card, row) is None)
        game.apply(random_action(game, rng))
        steps += 1
        assert steps < 20_000
    assert all_cards(game) == FULL_DECK
    total: Counter[int] = Counter()
    for event in game.events:
        if event["type"] == "points":
            total[event["seat"]] += 1
    assert [total[s] for s in range(players)] == game.scores
    loaded = Stoeptegel.from_json(game.to_json())
    assert loaded.rules == rules and loaded.to_json() == game.to_json()
    assert loaded.events == game.events
    assert [loaded.view(s) for s in range(players)] == [game.view(s) for s in range(players)]

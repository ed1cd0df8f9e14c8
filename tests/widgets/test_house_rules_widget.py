"""House rules through the widget: for each of the nine, the same position on two live tables
(Part B and the other reading), driven through the comm path as the browser drives it; what
the browser is sent differs as the engine says (legal moves, reasons, rows, points), the help
panel's lines and the "house rules" tag come from Python, and nothing hidden crosses."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import StoeptegelWidget
from cardtable.stoeptegel import Rules, Stoeptegel

from .test_stoeptegel_widget import assert_no_leak
from .test_untrusted_browser import custom

PART_B = Rules()


class Passer:
    """Seat 1: a bot that always passes, so that seat 0's screen shows each position."""

    def choose(self, view: dict[str, Any]) -> Any:
        return view["hand"][0]

    def turn(self, view: dict[str, Any]) -> None:
        return None


def tables(
    other: Rules, rows: list[object], hand: str, others: str = "QC", **options: Any
) -> tuple[StoeptegelWidget, StoeptegelWidget]:
    """The same two-seat position (seat 0 at the screen, to move) under Part B and ``other``."""
    stoeptegels = options.pop("stoeptegels", ["6H", "6S"])

    def table(rules: Rules) -> StoeptegelWidget:
        game = Stoeptegel.scenario([hand, others], rows, stoeptegels, rules=rules, **options)
        return StoeptegelWidget(game=game, bots=[None, Passer()], think=None)

    return table(PART_B), table(other)


def lay(widget: StoeptegelWidget, card: str, row: int) -> None:
    custom(widget, {"action": "play", "card": card, "row": row, "version": widget.version})


def legal(widget: StoeptegelWidget) -> set[tuple[str, int]]:
    return {(code, row) for code, row in widget.view["legal"]}


def test_ace_on_any_king() -> None:
    part_b, house = tables(Rules(ace_on_any_king=True), ["KC", "8D", "3S"], "AH 5D")
    assert ("AH", 0) not in legal(part_b) and ("AH", 0) in legal(house)
    assert "rule B11" in part_b.reasons["AH"][0] and house.reasons["AH"][0] is None
    lay(part_b, "AH", 0)  # refused in words, nothing changes
    assert "B11" in part_b.message["text"] and str(part_b.game.rows[0]) == "K♣"


def test_seven_ignores_rank() -> None:
    part_b, house = tables(Rules(seven_ignores_rank=False), ["QH", "8D", "5H"], "7H 5D")
    assert ("7H", 0) in legal(part_b) and ("7H", 0) not in legal(house)
    assert "house rule: seven_ignores_rank off, rule B13" in house.reasons["7H"][0]
    lay(house, "7H", 0)
    assert "seven_ignores_rank off" in house.message["text"]


def test_seven_turns_until_cleared() -> None:
    part_b, house = tables(Rules(seven_turns_until_cleared=True), ["9H 7H 3H", "8D", "2S"], "8H 2H")
    assert [v.view["rows"][0]["turned"] for v in (part_b, house)] == [False, True]
    assert ("8H", 0) in legal(part_b) and ("8H", 0) not in legal(house)
    assert ("2H", 0) in legal(house) and ("2H", 0) not in legal(part_b)
    assert "seven_turns_until_cleared on" in house.reasons["8H"][0]
    notes = house.notes["house"]["notes"]
    assert "stays turned until a 10 clears it" in notes["turned"]


def test_ten_on_ten() -> None:
    part_b, house = tables(Rules(ten_on_ten=True), ["TS", "8D", "3C"], "TH 5D")
    lay(house, "TH", 0)
    assert [c.code for c in house.game.rows[0].cards] == ["TH"]
    assert house.view["rows"][0]["cards"] == ["TH"] and "TS" in house.view["out_of_game"]
    lay(part_b, "TH", 0)
    assert part_b.message["text"].endswith("(rule B14).")
    assert part_b.view["rows"][0]["cards"] == ["TS"]


def test_four_wraps() -> None:
    part_b, house = tables(
        Rules(four_wraps=False), ["KC", "8D", "3S"], "4S 5D", stoeptegels=["9C", "6S"]
    )
    for widget in (part_b, house):
        lay(widget, "4S", 2)
    assert part_b.view["rows"][0]["cards"] == ["KC", "4S"]
    assert house.view["rows"][2]["cards"] == ["3S", "4S"]
    assert part_b.view["scores"] == [0, 0] and house.view["scores"] == [1, 0]  # ♣ still counts


def test_ace_on_turned_row_is_high() -> None:
    part_b, house = tables(
        Rules(ace_on_turned_row_is_high=False),
        [{"cards": ["9C", "7C", "AC"], "played": [False, True, True]}, "8D", "3S"],
        "2C 5D",
    )
    assert ("2C", 0) not in legal(part_b) and ("2C", 0) in legal(house)
    lay(house, "2C", 0)  # the 2 closes the row (B17)
    assert house.view["rows"][0]["closed"]


def test_starting_cards_fire() -> None:
    part_b, house = tables(Rules(starting_cards_fire=True), ["2S", "8D", "3H"], "9S 5D")
    for widget in (part_b, house):
        lay(widget, "9S", 0)
    assert part_b.view["rows"][0]["closed"] is False and house.view["rows"][0]["closed"]
    assert house.view["rows"][0]["played"] == [True, True]
    woke = [line for line in house.log_lines if line["type"] == "wake"]
    assert woke and "went off" in woke[0]["text"]


def test_stoeptegels_in_turn() -> None:
    part_b, house = tables(
        Rules(stoeptegels_in_turn=True), ["9S", "8H", "2D"], "3C", others="4C",
        stoeptegels=["KS", "QS"], seed=1,
    )  # fmt: skip
    for widget in (part_b, house):
        custom(widget, {"action": "pass", "version": widget.version})  # seat 1 passes too
    assert part_b.view["scores"] == [1, 1] and house.view["scores"] == [1, 0]
    laid = [s.get("laid") for s in house.view["reveal"]["stoeptegels"]]
    assert laid == [0, None]


def test_odd_opposite() -> None:
    hands: list[object] = ["3C", "4C", "5C"]
    games = [
        Stoeptegel.scenario(hands, ["9S", "8H", "2D"], ["AH", "KH", "QH"], round=3, rules=rules)
        for rules in (PART_B, Rules(odd_opposite="skip"))
    ]
    widgets = [StoeptegelWidget(game=game, bots=None, think=None) for game in games]
    assert [w.view["stoeptegel_for"]["offset"] for w in widgets] == ["opposite", "self"]
    assert widgets[1].view["texts"]["for"] == "Stoeptegels this round: each player keeps their own."


# ---------------------------------------------------------------------------- the help and the tag
def test_the_help_lists_the_readings_in_force_and_the_tag_shows_a_house_table() -> None:
    plain = StoeptegelWidget(players=3, seed=2, think=None)
    house = StoeptegelWidget(
        players=3, seed=2, think=None, rules=Rules(ten_on_ten=True, odd_opposite="skip")
    )
    assert "tag" not in plain.notes["house"]
    tag = house.notes["house"]["tag"]
    assert tag["label"] == "house rules" and "ten_on_ten on, odd_opposite=skip" in tag["title"]
    lines = house.notes["house"]["lines"]
    assert [line["field"] for line in lines if line["changed"]] == ["ten_on_ten", "odd_opposite"]
    ten = next(line for line in lines if line["field"] == "ten_on_ten")
    assert ten["dutch"] == "10 — ruimt de rij op. Alleen de kleur moet kloppen."
    assert ten["text"].startswith("A 10 may also go on a 10 of another suit")
    assert house.view["rules"]["ten_on_ten"] is True
    assert house.notes["house"]["superseded"] == ["B14", "B3"]
    assert house.game.rules == Rules(ten_on_ten=True, odd_opposite="skip")
    assert_no_leak(house)


def test_the_new_game_button_keeps_the_rules() -> None:
    house = StoeptegelWidget(players=2, seed=2, think=None, rules=Rules(four_wraps=False))
    house.session.new_game(seed=5)
    assert house.game.rules == Rules(four_wraps=False)
    assert house.view["rules"]["four_wraps"] is False


def test_rules_given_twice_must_agree() -> None:
    game = Stoeptegel(2, seed=1, rules=Rules(ten_on_ten=True))
    assert StoeptegelWidget(game=game, rules=Rules(ten_on_ten=True), think=None).game is game
    with pytest.raises(ValueError, match="not both"):
        StoeptegelWidget(game=game, rules=Rules(), think=None)
    with pytest.raises(TypeError, match="Rules"):
        StoeptegelWidget(players=2, rules={"ten_on_ten": True})  # type: ignore[arg-type]

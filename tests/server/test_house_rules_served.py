"""A served table plays the house rules it is given: ``serve(rules=...)`` and ``cardtable
serve --rule NAME[=VALUE]`` (repeatable); every seat's state carries them."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable import cli, serve
from cardtable.stoeptegel import Rules


def test_serve_plays_the_rules_and_every_seat_sees_them() -> None:
    rules = Rules(ten_on_ten=True, odd_opposite="skip")
    table = serve(players=3, bots={2: "greedy"}, process=False, think=None, seed=3, rules=rules)
    try:
        assert table.game.rules == rules
        for seat in (0, 1):
            view = table.hub.state(seat)["view"]
            assert view["rules"] == rules.to_dict()
            assert view["texts"]["house"]["tag"]["label"] == "house rules"
    finally:
        table.stop()


def test_serve_refuses_rules_that_are_not_rules_before_starting() -> None:
    with pytest.raises(TypeError, match="Rules"):
        serve(players=2, rules={"ten_on_ten": True})  # type: ignore[arg-type]


def test_the_command_line_takes_repeatable_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: dict[str, Any] = {}

    class Stopped(Exception):
        pass

    def fake_serve(**options: Any) -> Any:
        seen.update(options)
        raise Stopped

    monkeypatch.setattr("cardtable.server.serve", fake_serve)
    with pytest.raises(Stopped):
        cli.main(["serve", "--players", "3", "--rule", "ten_on_ten", "--rule", "odd_opposite=skip"])
    assert seen["rules"] == Rules(ten_on_ten=True, odd_opposite="skip")
    with pytest.raises(Stopped):
        cli.main(["serve", "--rule", "four_wraps=off"])
    assert seen["rules"] == Rules(four_wraps=False)
    assert cli.main(["serve", "--rule", "tens"]) == 2
    assert "no house rule 'tens'" in capsys.readouterr().out

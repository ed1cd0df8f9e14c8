"""``cardtable serve`` hands the server its host names and the proxy setting (README, past
one process)."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable.server
from cardtable.cli import main


def served_with(monkeypatch: pytest.MonkeyPatch, *argv: str) -> dict[str, Any]:
    """The keyword arguments ``cardtable serve ARGV`` calls ``serve`` with (a Ctrl+C at once)."""
    called: dict[str, Any] = {}

    class Table:
        def stop(self) -> None:
            called["stopped"] = True

    def serve(**options: Any) -> Table:
        called.update(options)
        return Table()

    def interrupt(_seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cardtable.server, "serve", serve)
    monkeypatch.setattr("time.sleep", interrupt)
    assert main(["serve", *argv]) == 0
    return called


def test_allowed_hosts_and_the_proxy_reach_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    called = served_with(monkeypatch, "--allowed-host", "cards.example.org",
                         "--allowed-host", "cards.example.net", "--behind-proxy")  # fmt: skip
    assert called["allowed_hosts"] == ["cards.example.org", "cards.example.net"]
    assert called["behind_proxy"] is True and called["stopped"]


def test_by_default_no_other_host_and_no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    called = served_with(monkeypatch)
    assert called["allowed_hosts"] == [] and called["behind_proxy"] is False


def test_lang_reaches_serve_and_is_the_seats_language_else_their_browsers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert served_with(monkeypatch, "--lang", "ca")["lang"] == "ca"
    assert served_with(monkeypatch)["lang"] is None

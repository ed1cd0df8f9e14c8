"""Short deal numbers and the deal of the day (issue 29): the same deal on every machine and
every Python 3.10–3.13, the number shown during play, the par after the game."""

from __future__ import annotations

import datetime
import os
import subprocess

import pytest

import cardtable
from cardtable import TriPeaksWidget
from cardtable.tripeaks import TriPeaks, solve
from cardtable.tripeaks.deals import DEALS, daily_number, numbered_seed

from ..test_same_on_every_python import ROOT, pythons
from ..widgets.threads import in_own_thread

# Recorded once: a change here means every player's Deal #12345 changed.
GOLDEN = (
    "[1402136682244368113, 7728527650907765476, 11218973860604088915] "
    "[55184, 544844, 52817] ['JC', 'QD', '9S', '2H', 'KS']"
)
PROGRAM = """import datetime
from cardtable.tripeaks.deals import numbered_seed, daily_number
from cardtable.tripeaks import shuffled_deal
print([numbered_seed(n) for n in (1, 12345, 1_000_000)],
      [daily_number(datetime.date(2026, 12, d)) for d in (1, 2, 3)],
      [c.code for c in shuffled_deal(numbered_seed(12345))[:5]])"""


def test_every_python_deals_the_same_numbered_deals_and_days():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    found = pythons()
    outputs = {
        version: subprocess.run(
            [python, "-c", PROGRAM], check=True, capture_output=True, text=True, env=env
        ).stdout.strip()
        for version, python in found.items()
    }
    print("pythons:", sorted(outputs))
    assert outputs and set(outputs.values()) == {GOLDEN}, outputs


def test_numbers_are_one_to_a_million():
    assert len({numbered_seed(n) for n in range(1, 2001)}) == 2000
    bad_numbers = ((0, ValueError), (DEALS + 1, ValueError), (True, TypeError), ("7", TypeError))
    for bad, error in bad_numbers:
        with pytest.raises(error):
            TriPeaksWidget(deal=bad)
    with pytest.raises(TypeError, match="one of"):
        TriPeaksWidget(7, deal=12345)


def test_a_numbered_deal_is_named_during_play_and_at_the_end():
    def body() -> None:
        table = TriPeaksWidget(deal=12345)
        assert table.game.seed == numbered_seed(12345) and table.deal == "Deal #12345"
        while not table.game.over:
            table.game.apply(table.game.legal_moves()[0])
        assert table.ending["deal"] == "Deal #12345 · TriPeaksWidget(deal=12345) deals it again"
        assert cardtable.history()[-1]["deal"] == 12345
        table.handle({"action": "replay", "version": table.version})
        assert table.deal == "Deal #12345"
        table.handle({"action": "new", "version": table.version})
        assert table.deal == ""  # a random deal's number stays home during play

    in_own_thread(body)


def test_the_deal_of_the_day_shows_its_par_and_the_history_keeps_it(monkeypatch):
    day = datetime.date(2026, 12, 2)
    monkeypatch.setattr("cardtable.tripeaks.deals.today", lambda: day)

    def body() -> None:
        table = TriPeaksWidget(daily=True)
        number = daily_number(day)
        assert table.game.seed == numbered_seed(number)
        assert table.deal == f"Deal of the day 2026-12-02 · Deal #{number}"
        par = solve(TriPeaks(seed=numbered_seed(number)), objective="score").best_score
        while not table.game.over:
            table.game.apply(table.game.legal_moves()[0])
        assert f"par {par} " in table.ending["score"]
        assert table.ending["score"].startswith(f"Final score: {table.game.score} · ")
        kept = cardtable.history()[-1]
        assert (kept["deal"], kept["daily"], kept["par"]) == (number, "2026-12-02", par)

    in_own_thread(body)

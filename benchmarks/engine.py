"""Random-play throughput of the rules engines, printed as a table.

    python benchmarks/engine.py            # every game
    python benchmarks/engine.py tripeaks   # one game

Each figure is the median of several timed runs on one core; nothing here is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from cardtable.tripeaks import TriPeaks

RUNS = 5
SECONDS_PER_RUN = 1.0


def median_rate(play_one: Callable[[random.Random], int], runs: int = RUNS) -> tuple[float, float]:
    """Median (actions per second, games per second) of ``runs`` timed runs of ``play_one``."""
    action_rates, game_rates = [], []
    for run in range(runs):
        rng = random.Random(run)
        actions = games = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < SECONDS_PER_RUN:
            actions += play_one(rng)
            games += 1
        action_rates.append(actions / elapsed)
        game_rates.append(games / elapsed)
    return statistics.median(action_rates), statistics.median(game_rates)


def tripeaks_random_deal(rng: random.Random) -> int:
    """Play one seeded deal to its end with uniformly random legal moves; return the move count."""
    game = TriPeaks(seed=rng.getrandbits(63))
    moves = 0
    while legal := game.legal_moves():
        game.apply(rng.choice(legal))
        moves += 1
    return moves


def tripeaks_table() -> list[tuple[str, str, str]]:
    moves, deals = median_rate(tripeaks_random_deal)
    return [
        (
            "Tri-Peaks random play",
            f"{moves:,.0f} moves/s",
            f"{moves / 100_000:.2f}× the 100,000 target",
        ),
        ("Tri-Peaks complete deals", f"{deals:,.0f} deals/s", ""),
    ]


SECTIONS: dict[str, Callable[[], list[tuple[str, str, str]]]] = {"tripeaks": tripeaks_table}


# ----------------------------------------------------------------------------- Stoeptegel
def stoeptegel_random_game(rng: random.Random, players: int = 4) -> int:
    """One seeded 4-player game to 30 through the public API, every seat choosing and playing
    uniformly at random (passing as often as any one play); return the action count."""
    from cardtable.stoeptegel import Stoeptegel

    game = Stoeptegel(players, seed=rng.getrandbits(63))
    actions = 0
    while game.phase != "over":
        if game.phase == "choose":
            for seat in range(players):
                hand = game.hand(seat)
                game.choose(seat, hand[rng.randrange(len(hand))])
            actions += players
            continue
        seat = game.to_move
        plays = game.legal_plays(seat)
        k = rng.randrange(len(plays) + 1)
        if k == len(plays):
            game.pass_turn(seat)
        else:
            game.play(seat, *plays[k])
        actions += 1
    return actions


class TimedBot:
    """A bot wrapped so the slowest of its turns is recorded."""

    def __init__(self, bot: object) -> None:
        self.bot, self.slowest = bot, 0.0

    def choose(self, view: dict) -> object:
        return self.bot.choose(view)  # type: ignore[attr-defined]

    def turn(self, view: dict) -> object:
        start = time.perf_counter()
        move = self.bot.turn(view)  # type: ignore[attr-defined]
        self.slowest = max(self.slowest, time.perf_counter() - start)
        return move


def stoeptegel_win_rate(first: str, second: str, games: int = 200) -> tuple[float, float]:
    """``first``'s share of the wins against ``second`` in ``games`` seeded 2-player games
    (each bot sits first in half of them, ties share), and the slowest decision in seconds."""
    from cardtable.stoeptegel.bots import BOTS, play_game

    wins, slowest = 0.0, 0.0
    for g in range(games):
        bots = [TimedBot(BOTS[first](seed=2 * g)), TimedBot(BOTS[second](seed=2 * g + 1))]
        if g % 2:
            bots.reverse()
        game = play_game(bots, seed=10_000 + g // 2)
        slowest = max(slowest, *(bot.slowest for bot in bots))
        if g % 2 in game.winners:
            wins += 1 / len(game.winners)
    return wins / games, slowest


def stoeptegel_table() -> list[tuple[str, str, str]]:
    actions, games = median_rate(stoeptegel_random_game)
    rows = [
        (
            "Stoeptegel random self-play",
            f"{actions:,.0f} actions/s",
            f"{actions / 50_000:.2f}× the 50,000 target",
        ),
        ("Stoeptegel complete 4-player games", f"{games:,.0f} games/s", ""),
    ]
    required = {("greedy", "random"): 0.60, ("sampling", "greedy"): 0.55}
    for first, second in (("greedy", "random"), ("sampling", "greedy"), ("sampling", "random")):
        rate, slowest = stoeptegel_win_rate(first, second)
        need = required.get((first, second))
        rows.append(
            (
                f"Stoeptegel {first} vs {second}, 200 2-player games",
                f"{first} wins {rate:.1%}",
                (f"needs {need:.0%}; " if need else "")
                + f"slowest decision {slowest * 1000:.0f} ms",
            )
        )
    return rows


SECTIONS["stoeptegel"] = stoeptegel_table


def main(names: list[str]) -> None:
    rows = [row for name in (names or list(SECTIONS)) for row in SECTIONS[name]()]
    width = max(len(row[0]) for row in rows)
    print(f"{'benchmark':<{width}}  {'figure':>22}  ratio")
    for label, figure, ratio in rows:
        print(f"{label:<{width}}  {figure:>22}  {ratio}")


if __name__ == "__main__":
    main(sys.argv[1:])

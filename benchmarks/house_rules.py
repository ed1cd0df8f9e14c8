"""What house rules cost: random self-play and ExpertBot's decisions under Part B and under all
nine readings the other way, measured side by side (runs interleaved), and the time to build a
rule set's legality table once. Prints figures and ratios; nothing is asserted.

    python benchmarks/house_rules.py
"""

from __future__ import annotations

import random
import statistics
import time

from cardtable.stoeptegel import Rules, Stoeptegel
from cardtable.stoeptegel.bots import ExpertBot, GreedyBot
from cardtable.stoeptegel.legality import _table, legal_table

EVERY = Rules(
    ace_on_any_king=True, seven_ignores_rank=False, seven_turns_until_cleared=True,
    ten_on_ten=True, four_wraps=False, ace_on_turned_row_is_high=False, starting_cards_fire=True,
    stoeptegels_in_turn=True, odd_opposite="skip",
)  # fmt: skip
SETS = {"Part B": Rules(), "all nine other way": EVERY}


def random_game(rng: random.Random, rules: Rules) -> int:
    """One seeded four-player game to 30, every seat random; the number of actions."""
    game = Stoeptegel(4, seed=rng.getrandbits(63), rules=rules)
    actions = 0
    while game.phase != "over":
        if game.phase == "choose":
            for seat in range(4):
                hand = game.hand(seat)
                game.choose(seat, hand[rng.randrange(len(hand))])
            actions += 4
            continue
        seat = game.to_move
        assert seat is not None
        plays = game.legal_plays(seat)
        k = rng.randrange(len(plays) + 1)
        game.pass_turn(seat) if k == len(plays) else game.play(seat, *plays[k])
        actions += 1
    return actions


def throughput(runs: int = 5, seconds: float = 1.0) -> dict[str, float]:
    rates: dict[str, list[float]] = {name: [] for name in SETS}
    for run in range(runs):
        for name, rules in SETS.items():  # interleaved: the host's drift hits both alike
            rng, actions, start = random.Random(run), 0, time.perf_counter()
            while (elapsed := time.perf_counter() - start) < seconds:
                actions += random_game(rng, rules)
            rates[name].append(actions / elapsed)
    return {name: statistics.median(r) for name, r in rates.items()}


def expert_decisions(decisions: int = 60) -> dict[str, float]:
    """Median ms of ExpertBot's turn at tables where greedy players play the other seats."""
    times: dict[str, list[float]] = {name: [] for name in SETS}
    for seed in range(decisions // 10):
        for name, rules in SETS.items():
            game = Stoeptegel(4, seed=seed, rules=rules)
            bots = [ExpertBot(seed=seed), GreedyBot(seed=1), GreedyBot(seed=2), GreedyBot(seed=3)]
            taken = 0
            while game.phase != "over" and taken < 10:
                if game.phase == "choose":
                    for s in range(4):
                        game.choose(s, bots[s].choose(game.view(s)))
                    continue
                seat = game.to_move
                assert seat is not None
                start = time.perf_counter()
                move = bots[seat].turn(game.view(seat))
                if seat == 0:
                    times[name].append(time.perf_counter() - start)
                    taken += 1
                game.pass_turn(seat) if move is None else game.play(seat, *move)
    return {name: 1000 * statistics.median(t) for name, t in times.items()}


def main() -> None:
    _table.cache_clear()
    start = time.perf_counter()
    legal_table(Rules(ten_on_ten=True))
    print(f"legality table for a new rule set: {1000 * (time.perf_counter() - start):.0f} ms, once")
    rates = throughput()
    base = rates["Part B"]
    for name, rate in rates.items():
        print(f"random self-play, {name}: {rate:,.0f} actions/s ({rate / base:.2f}x Part B)")
    ms = expert_decisions()
    for name, value in ms.items():
        print(f"ExpertBot decision, {name}: median {value:.1f} ms ({value / ms['Part B']:.2f}x)")


if __name__ == "__main__":
    main()

"""How strong can a fair Tri-Peaks hint get? Rollouts of a fast fair policy, against their budget.

    python benchmarks/hint_ceiling.py --level 1 --worlds 8 32 128 512   # a saturation curve
    python benchmarks/hint_ceiling.py --level 2 --worlds 16 --inner 8   # nested rollouts
    python benchmarks/hint_ceiling.py --level 1 --worlds 32 --value cleared
    python benchmarks/hint_ceiling.py --level 0 --worlds 32               # the fair hint's own

The policy-improvement hints of Yan, Diaconis, Rusmevichientong & Van Roy ("Solitaire: Man
versus Machine", NIPS 2004), for Tri-Peaks. The base policy is the fair hint's play-out rule
(``_playout.py``: it reads only face-up cards, and draws only when nothing is playable). A
level-1 hint deals ``--worlds`` worlds consistent with what the player sees (the fair hint's
``PublicView.sample``, seeded by the public state), plays every legal move out by the base
policy in each (the same worlds for every move) and takes the move with the most cards removed
in all (``--value removed``, 28 for a clear) or the most clears (``--value cleared``); ties as
the fair hint breaks them. A level-2 hint plays each move out by the level-1 policy instead,
fair inside its world too: where two or more cards are playable it deals ``--inner`` worlds
from what is visible in that world (its face-down cards and stock order dealt again) and plays
the card whose base play-outs remove the most. Neither level ever reads a hidden card.
``--level 0`` is the fair hint itself (``hints.fair_hint``: play-outs and exact verdicts) with
``--worlds`` worlds and exact-search nodes in proportion (128 worlds: its own budget).

Each deal ``--first`` … is followed on every move by each hint asked for; printed per hint: the
deals cleared with a 95% interval (Wilson), the time per real choice (more than one legal move),
and beside the fair hint of git ref ``--against`` and Aisleriot's rule as ``hints.py`` recorded
them in ``--results`` (the same deals only; a sign test on the deals one cleared and the other
did not). Last the upper bound: the deals that can be cleared at all (the exact solver, which
sees every card) — no player who cannot see the cards does better. Games played are added to
``--save`` and read back on the next run (the hints are deterministic), so runs can be spread.
One process; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from _versions import HERE
from bots import wilson
from hints import PLAYERS, recorded, sign_test, version_of

from cardtable._rng import SplitMix64
from cardtable.tripeaks import TriPeaks
from cardtable.tripeaks._clear import clear
from cardtable.tripeaks._playout import removed_by_playout
from cardtable.tripeaks._position import FULL, Position, lattice
from cardtable.tripeaks.hints import NODES, SAMPLES, PublicView, fair_hint
from cardtable.tripeaks.layout import DRAW, SIZE, Move

GRID = lattice()
State = tuple[int, int, int]
"""(removed set's number in the lattice, draws made in the world, waste top rank)."""


class World(NamedTuple):
    """One dealing of the unseen cards, as the play-out reads it (see ``_playout.Cards``)."""

    rank: tuple[int, ...]
    tops: tuple[int, ...]
    near: tuple[int, ...]
    draw_count: int


def world_of(rank: tuple[int, ...], tops: tuple[int, ...], removed: int) -> World:
    """The world with tableau ranks ``rank`` (those in ``removed`` gone) and stock ``tops``."""
    by_rank = [0] * 13
    for p in range(SIZE):
        if not removed >> p & 1:
            by_rank[rank[p]] |= 1 << p
    near = tuple(by_rank[(t + 1) % 13] | by_rank[(t - 1) % 13] for t in range(13))
    return World(rank, tops, near, len(tops) - 1)


def sampled(view: PublicView, rng: SplitMix64) -> World:
    """A world consistent with what the player sees (the fair hint's own sampling)."""
    position = view.sample(rng)
    removed = sum(1 << p for p in view.removed)
    return world_of(position.ranks, (position.top, *position.draws), removed)


def dealt_again(w: World, state: State, rng: random.Random) -> World:
    """A world consistent with what is visible in ``w`` at ``state``: its face-down cards and
    the rest of its stock shuffled together and dealt again (the inner level's worlds)."""
    i, j, _ = state
    gone, exposed = GRID.masks[i], GRID.exposed[i]
    hidden = [p for p in range(SIZE) if not (gone | exposed) >> p & 1]
    pool = [w.rank[p] for p in hidden] + list(w.tops[j + 1 :])
    rng.shuffle(pool)
    rank = list(w.rank)
    for p, r in zip(hidden, pool, strict=False):
        rank[p] = r
    return world_of(tuple(rank), (w.tops[j], *pool[len(hidden) :]), gone)


def after(w: World, state: State, move: Move) -> State:
    """The state after a legal ``move``."""
    i, j, _ = state
    if move == DRAW:
        return i, j + 1, w.tops[j + 1]
    return GRID.next[i][int(move)], j, w.rank[int(move)]


def level1_choice(w: World, state: State, inner: int, rng: random.Random) -> int:
    """The inner level's card among two or more playable ones: most removed by base play-outs
    in ``inner`` worlds dealt again from what ``w`` shows; ties to the highest position."""
    i, _, top = state
    plays = GRID.exposed[i] & w.near[top]
    cards = [p for p in range(SIZE) if plays >> p & 1]
    worlds = [dealt_again(w, state, rng) for _ in range(inner)]
    removed = {
        p: sum(removed_by_playout(v, after(v, (i, 0, top), p)) for v in worlds) for p in cards
    }
    return max(cards, key=lambda p: (removed[p], p))


def level1_playout(w: World, state: State, inner: int, rng: random.Random) -> int:
    """Tableau cards removed when the level-1 policy plays ``w`` out from ``state``."""
    i, j, top = state
    while GRID.masks[i] != FULL:
        plays = GRID.exposed[i] & w.near[top]
        if plays & (plays - 1):
            p = level1_choice(w, (i, j, top), inner, rng)
        elif plays:
            p = plays.bit_length() - 1
        elif j < w.draw_count:
            j, top = j + 1, w.tops[j + 1]
            continue
        else:
            return GRID.masks[i].bit_count()
        i, top = GRID.next[i][p], w.rank[p]
    return SIZE


Hint = Callable[[TriPeaks], Move]


def rollout_hint(level: int, worlds: int, inner: int, value: str) -> Hint:
    """The level-1 or level-2 hint (see the module's docstring)."""

    def hint(game: TriPeaks) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        view = PublicView.of(game)
        rng = SplitMix64(view.seed())
        inner_rng = random.Random(rng.next()) if level == 2 else None
        start = (GRID.index[sum(1 << p for p in view.removed)], 0, view.waste[-1] % 13)
        points = dict.fromkeys(moves, 0)
        for _ in range(worlds):
            w = sampled(view, rng)
            for move in moves:
                if level == 1:
                    removed = removed_by_playout(w, after(w, start, move))
                else:
                    assert inner_rng is not None
                    removed = level1_playout(w, after(w, start, move), inner, inner_rng)
                points[move] += removed == SIZE if value == "cleared" else removed

        def preference(move: Move) -> tuple[int, int, int, int]:  # as the fair hint's
            if not isinstance(move, int):
                return points[move], 0, 0, -1
            return points[move], 1, view.turns_up(move), move

        return max(moves, key=preference)

    return hint


def follow(seed: int, hint: Hint) -> tuple[bool, list[float]]:
    """Deal ``seed`` followed by ``hint`` on every move: (cleared, seconds per real choice)."""
    game = TriPeaks(seed=seed)
    times = []
    while not game.over:
        choice = len(game.legal_moves()) > 1
        start = time.perf_counter()
        move = hint(game)
        if choice:
            times.append(time.perf_counter() - start)
        game.apply(move)
    return game.won, times


def base_alone(seed: int) -> bool:
    """Does the base policy clear deal ``seed`` by itself? (It reads only face-up cards, so
    it may play the real deal.)"""
    position = Position.of(TriPeaks(seed=seed))
    w = world_of(position.ranks, (position.top, *position.draws), 0)
    return removed_by_playout(w, (0, 0, position.top)) == SIZE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, choices=(0, 1, 2), default=1)
    parser.add_argument("--worlds", type=int, nargs="+", default=[32])
    parser.add_argument("--inner", type=int, default=8, help="level 2: inner worlds")
    parser.add_argument("--value", choices=("removed", "cleared"), default="removed")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=30.0, help="start no game after")
    parser.add_argument("--against", metavar="REF", default="main")
    parser.add_argument("--results", type=Path, default=Path("benchmarks/results/hints.jsonl"))
    parser.add_argument("--save", type=Path, default=Path("benchmarks/results/ceiling.jsonl"))
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    names = [
        f"fair hint, {n} worlds"
        if args.level == 0
        else f"level {args.level}, {n} worlds"
        + (f" x {args.inner} inner" if args.level == 2 else "")
        + f", {args.value}"
        for n in args.worlds
    ]
    games: dict[tuple[str, int], tuple[bool, list[float]]] = {}
    if args.save.exists():
        for line in args.save.read_text().splitlines():
            row = json.loads(line)
            games[row["hint"], row["seed"]] = (row["won"], row["times"])
    deadline = time.monotonic() + 60 * args.minutes
    for name, n in zip(names, args.worlds, strict=True):
        hint = (
            partial(fair_hint, samples=n, nodes=NODES * n // SAMPLES)
            if args.level == 0
            else rollout_hint(args.level, n, args.inner, args.value)
        )
        for seed in seeds:
            if (name, seed) in games or time.monotonic() > deadline:
                continue
            won, times = games[name, seed] = follow(seed, hint)
            with args.save.open("a") as file:
                file.write(json.dumps({"hint": name, "seed": seed, "won": won, "times": times}))
                file.write("\n")
    trees = {"this checkout": version_of(HERE, ""), "ref": version_of(None, args.against)}
    others = recorded(args.results, trees)
    ref_fair, aisleriot = PLAYERS[1], PLAYERS[2]
    print(f"deals {seeds.start}-{seeds.stop - 1}")
    for name in names:
        done = [seed for seed in seeds if (name, seed) in games]
        if not done:
            continue
        won = {seed for seed in done if games[name, seed][0]}
        low, high = wilson(len(won), len(done))
        times = [t for seed in done for t in games[name, seed][1]]
        print(
            f"  {name:<38} {len(won)}/{len(done)} = {len(won) / len(done):.1%}"
            f" [{low:.1%}–{high:.1%}]  per choice: median {statistics.median(times) * 1000:,.0f}"
            f" ms, p95 {sorted(times)[int(0.95 * (len(times) - 1))] * 1000:,.0f} ms"
        )
        for label, player in ((f"fair ({args.against})", ref_fair), ("aisleriot", aisleriot)):
            both = [seed for seed in done if (seed, player) in others]
            if not both:
                continue
            theirs = {seed for seed in both if others[seed, player][0]}
            gained, lost = len((won & set(both)) - theirs), len(theirs - won)
            low, high = wilson(len(theirs), len(both))
            median = statistics.median(t for seed in both for t in others[seed, player][1])
            print(
                f"    beside {label}: {len(theirs)}/{len(both)} = {len(theirs) / len(both):.1%}"
                f" [{low:.1%}–{high:.1%}], median {median * 1000:,.0f} ms as recorded; cleared"
                f" only by this: {gained}, only by it: {lost} (sign test p ="
                f" {sign_test(gained, lost):.2g})"
            )
    alone = sum(base_alone(seed) for seed in seeds)
    low, high = wilson(alone, len(seeds))
    print(
        f"  the base policy alone: {alone}/{len(seeds)} = {alone / len(seeds):.1%}"
        f" [{low:.1%}–{high:.1%}]"
    )
    winnable = sum(clear(Position.of(TriPeaks(seed=seed))).winnable for seed in seeds)
    low, high = wilson(winnable, len(seeds))
    print(
        f"  upper bound (can be cleared at all, every card seen): {winnable}/{len(seeds)} ="
        f" {winnable / len(seeds):.1%} [{low:.1%}–{high:.1%}]"
    )


if __name__ == "__main__":
    main()

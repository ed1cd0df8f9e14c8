"""A digest of what the engines do from fixed seeds: Tri-Peaks deals and play-outs (with their
saves), Stoeptegel deals and whole bot games (with their saves). Run by every Python the test
suite finds (``tests/test_same_on_every_python.py``): the same seed must give the same game.

    PYTHONPATH=src python tests/digest.py     # prints one hex digest
"""

from __future__ import annotations

import hashlib
import json

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, RandomBot, SamplingBot, play_game
from cardtable.tripeaks import TriPeaks


def records() -> list[object]:
    out: list[object] = []
    for seed in (0, 1, 7, 41, 2**63 - 1):
        for scoring, progressive in (("standard", False), ("multiplier", True)):
            game = TriPeaks(seed, scoring=scoring, progressive=progressive)
            out.append([str(game.card_at(p)) for p in range(28)] + [c.code for c in game.stock])
            while not game.over and len(game.moves) < 200:
                game.apply(game.hint("aisleriot"))
            out.append([game.score, game.round, game.won, game.to_json()])
    for seed in (0, 3, 2**40 + 5):
        for players in (2, 4, 6):
            game = Stoeptegel(players, seed)
            out.append([[c.code for c in game.hand(s)] for s in range(players)])
            out.append([c.code for c in game.stock])
    for seed in (1, 2):
        bots = [SamplingBot(seed=seed), GreedyBot(seed=seed + 1), RandomBot(seed=seed + 2)]
        game = play_game(bots, seed=seed, target=12)
        out.append([game.scores, game.winners, game.to_json()])
    return out


def digest() -> str:
    text = json.dumps(records(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


if __name__ == "__main__":
    print(digest())

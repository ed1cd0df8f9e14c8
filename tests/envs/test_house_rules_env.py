"""``stoeptegel_env(rules=...)``: the environment's games play the house rules; the action
mask is the engine's legal plays under them."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from cardtable.envs import stoeptegel_env
from cardtable.envs._codes import CODES
from cardtable.stoeptegel import Rules


def test_the_environment_plays_its_rules() -> None:
    rules = Rules(ten_on_ten=True, starting_cards_fire=True, stoeptegels_in_turn=True)
    env = stoeptegel_env(players=3, rules=rules)
    env.reset(seed=4)
    game = env.unwrapped.game
    assert game.rules == rules
    rng = np.random.default_rng(1)
    for _ in range(300):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                break
            continue
        seat = int(agent.split("_")[1])
        mask = env.observe(agent)["action_mask"]
        if game.phase == "play" and game.to_move == seat:
            lays = {(c.code, r) for c, r in game.legal_plays(seat)}
            assert {(CODES[a // 3], a % 3) for a in np.flatnonzero(mask[:159])} == lays
        env.step(int(rng.choice(np.flatnonzero(mask))))
    env.reset(seed=5)
    assert env.unwrapped.game.rules == rules
    with pytest.raises(TypeError, match="Rules"):
        stoeptegel_env(players=2, rules="ten_on_ten")

"""Both games as standard environments, checked by their libraries' own test suites
(Gymnasium's ``check_env``; PettingZoo's ``api_test``, ``seed_test`` and ``max_cycles_test``, as
PettingZoo's classic games are), and checked to carry no hidden card: twin games that differ
only in what a seat cannot see give that seat the same observation."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from cardtable.envs import TriPeaksEnv, stoeptegel_env
from cardtable.envs import stoeptegel as stoeptegel_module
from cardtable.envs._codes import INDEX
from cardtable.envs.stoeptegel import CHOOSE, OFFSETS, PASS, observation_vector
from cardtable.lessons import lesson_deck, perfect_deck
from cardtable.stoeptegel import Stoeptegel
from cardtable.tripeaks import TriPeaks

from ..stoeptegel.helpers import hidden_twins


@pytest.mark.parametrize("options", [{}, {"scoring": "multiplier", "progressive": True}])
def test_tripeaks_passes_gymnasiums_checker(options: dict[str, object]) -> None:
    check_env(TriPeaksEnv(**options), skip_render_check=True)  # type: ignore[arg-type]


def test_tripeaks_rewards_the_score_change_and_refuses_illegal_actions() -> None:
    env = TriPeaksEnv()
    env.reset(seed=3)
    env.game = TriPeaks.from_deck(perfect_deck())  # A♠ on the waste, a 2 at position 18
    _, reward, _, _, info = env.step(0)  # a face-down peak: refused (T1)
    assert reward == 0 and "T1" in info["illegal"] and env.game.moves == []
    obs, reward, *_ = env.step(18)
    assert reward == 1 and obs["run"] == 1 and obs["tableau"][18] == 0
    obs, reward, *_ = env.step(28)
    assert reward == -1 and obs["stock"] == 22  # a draw costs 5, the score never below 0 (T6)
    assert env.render() is None


def test_tripeaks_is_registered_and_passes_the_checker_through_make() -> None:
    env = gymnasium.make("cardtable/TriPeaks-v0")
    assert env.spec is not None and env.spec.id == "cardtable/TriPeaks-v0"
    assert env.metadata["render_fps"] > 0
    check_env(env.unwrapped)
    check_env(gymnasium.make("cardtable/TriPeaks-v0", render_mode="ansi").unwrapped)


def test_make_imports_the_package_itself_in_a_fresh_process() -> None:
    code = (
        "import gymnasium\n"
        "from gymnasium.utils.env_checker import check_env\n"
        "env = gymnasium.make('cardtable.envs:cardtable/TriPeaks-v0')\n"
        "check_env(env.unwrapped)\n"
        "assert env.spec.id == 'cardtable/TriPeaks-v0', env.spec\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_tripeaks_renders_the_board_as_text_and_refuses_human() -> None:
    env = TriPeaksEnv(render_mode="ansi")
    env.reset(seed=7)
    board = env.render()
    assert board == str(env.game) and board.count("##") == 18 and "stock 23" in board
    assert "waste" in board and "moves: " in board
    with pytest.raises(ValueError, match="'human' is not supported"):
        TriPeaksEnv(render_mode="human")


def test_observation_scalars_are_numpy_values_of_their_spaces() -> None:
    env = TriPeaksEnv()
    obs, _ = env.reset(seed=2)
    for key, space in env.observation_space.spaces.items():
        assert isinstance(obs[key], np.generic | np.ndarray), key
        assert obs[key].dtype == space.dtype, key
        assert space.contains(obs[key]), key


def test_an_agent_that_never_plays_is_truncated() -> None:
    env = TriPeaksEnv(max_steps=40)
    env.reset(seed=4)
    for step in range(1, 41):
        _, _, terminated, truncated, info = env.step(0)  # a face-down peak: always refused
        assert "illegal" in info and not terminated and truncated == (step == 40)
    assert TriPeaksEnv().max_steps == 500
    with pytest.raises(ValueError):
        TriPeaksEnv(max_steps=0)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs_give_every_step_a_mask_masked_sampling_can_use(mode: str) -> None:
    """Gymnasium's default autoreset (NEXT_STEP): the step after a game ends resets it and
    ignores the action; the mask the agent samples with must still hold an action."""
    envs = gymnasium.make_vec("cardtable/TriPeaks-v0", num_envs=3, vectorization_mode=mode)
    try:
        assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
        space = envs.single_action_space
        space.seed(1)
        obs, _ = envs.reset(seed=1)
        ended, refused = 0, 0
        for _ in range(400):
            masks = obs["action_mask"]
            assert masks.any(axis=1).all()  # the terminal step's mask too
            actions = np.array([space.sample(mask=mask) for mask in masks])
            obs, _, terminated, truncated, infos = envs.step(actions)
            refused += int(np.sum(infos.get("_illegal", 0)))
            ended += int(np.sum(terminated | truncated))
        assert ended >= 6 and refused == 0  # many games, and no sampled action was refused
    finally:
        envs.close()


def test_the_mask_of_a_finished_game_allows_the_draw_alone() -> None:
    env = TriPeaksEnv()
    env.reset(seed=3)
    while not env.game.over:
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert list(np.flatnonzero(env.action_masks())) == [28]


def test_tripeaks_observations_hold_no_face_down_card_or_stock_order() -> None:
    deck = lesson_deck({}, waste="KS")
    twin = list(deck)
    twin[0], twin[1] = twin[1], twin[0]  # two face-down peak cards swapped
    twin[29], twin[30] = twin[30], twin[29]  # and the stock's first two
    env_a, env_b = TriPeaksEnv(), TriPeaksEnv()
    env_a.reset(seed=1)
    env_b.reset(seed=1)
    env_a.game, env_b.game = TriPeaks.from_deck(deck), TriPeaks.from_deck(twin)
    a, b = env_a._observation(), env_b._observation()
    assert all(np.array_equal(a[k], b[k]) for k in a)


def test_tripeaks_is_seeded_by_reset() -> None:
    first, again = TriPeaksEnv(), TriPeaksEnv()
    a, _ = first.reset(seed=11)
    b, _ = again.reset(seed=11)
    assert np.array_equal(a["tableau"], b["tableau"]) and a["waste"] == b["waste"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_stoeptegel_passes_pettingzoos_api_test(players: int) -> None:
    api_test(stoeptegel_env(players=players), num_cycles=400, verbose_progress=False)


def seeded(make: Any, seed: int) -> Any:
    """``make``'s environment with its deal and its action spaces' samples seeded: PettingZoo's
    max_cycles_test resets without a seed and samples random actions."""

    def build(**kwargs: Any) -> Any:
        env = make(**kwargs)
        inner = env.aec if hasattr(env, "aec") else env.unwrapped
        reset = env.reset
        for s, agent in enumerate(inner.possible_agents):
            inner.action_space(agent).seed(seed + s)
        env.reset = lambda seed_=None, options=None, **kw: reset(seed=seed, options=options)
        return env

    return build


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_stoeptegel_passes_pettingzoos_seed_and_max_cycles_tests(seed: int) -> None:
    seed_test(lambda: stoeptegel_env(players=3), num_cycles=400)
    # Turns go round the table, but each round starts left of a new dealer: in about one run
    # in 40 a round's change lands so that most seats are one turn behind when the cycles run
    # out, which the test's exact count does not allow. Seeded runs make it reproducible.
    mod = SimpleNamespace(
        env=seeded(stoeptegel_module.env, seed),
        parallel_env=seeded(stoeptegel_module.parallel_env, seed),
    )
    max_cycles_test(mod)


def test_stoeptegel_observations_carry_only_what_the_seat_may_know() -> None:
    a, b = hidden_twins()
    va, vb = observation_vector(dict(a.view(0))), observation_vector(dict(b.view(0)))
    assert np.array_equal(va, vb)
    hand = va[OFFSETS["hand"] : OFFSETS["hand"] + 53]
    assert {i for i in range(53) if hand[i]} == {INDEX[c] for c in ("4S", "9D", "QH")}


def test_stoeptegel_rewards_points_and_handles_any_action() -> None:
    env = stoeptegel_env(players=2)
    env.reset(seed=5)
    raw = env.unwrapped
    raw.game = Stoeptegel.scenario(["9D AC", "9H 4H"], ["KC", "8D", "3S"], ["6D", "QH"], seed=5)
    raw.agent_selection = "player_0"
    env.step(3 * INDEX["9D"] + 1)  # 9♦ on row 2: ♦ counts, seat 0 scores (B25)
    assert raw.rewards == {"player_0": 1.0, "player_1": 0.0}
    env.step(3 * INDEX["4H"] + 0)  # 4♥ on K♣ is refused (B9): seat 1 passes instead
    assert "illegal" in raw.infos["player_1"] and raw.game.passed[1]
    assert raw.agent_selection == "player_0"
    mask = env.observe("player_0")["action_mask"]
    assert mask[PASS] == 1 and not mask[CHOOSE:].any()


def test_stoeptegel_renders_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    env = stoeptegel_env(players=3, render_mode="ansi")
    env.reset(seed=1)
    for _ in range(12):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert capsys.readouterr().out == ""
    assert env.render().startswith("round 1, play")
    with pytest.raises(ValueError, match="not supported"):
        stoeptegel_env(render_mode="human")


def test_stoeptegel_parallel_env_is_its_own_not_aec_to_parallel() -> None:
    """Turns do not go round from seat 0 (a round starts left of its dealer, B2), which
    PettingZoo's aec_to_parallel requires; the package's parallel_env steps one cycle of turns
    from whoever is to act, and passes PettingZoo's parallel API test."""
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(stoeptegel_env(players=3))
    parallel_api_test(stoeptegel_module.parallel_env(players=3), num_cycles=200)

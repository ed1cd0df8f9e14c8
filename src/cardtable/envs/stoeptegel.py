"""Stoeptegel as a PettingZoo AEC environment (turn-based, hidden information).

Agents ``player_0`` … ``player_{n-1}`` are the seats. One discrete action space of 213:
``0``–``158`` lay card ``CODES[a // 3]`` on row ``a % 3`` (rows 1–3 are 0–2 here), ``159``
passes (rule B23), ``160``–``212`` set card ``CODES[a - 160]`` aside as the stoeptegel (B3).
In the choose phase every seat chooses, in seat order; in play the seat to move acts. Each
observation is ``{"observation", "action_mask"}`` (PettingZoo's classic-games form), built from
``game.view(seat)`` only: the seat's hand, the rows, its own stoeptegel once it may know it,
the one it gave, the public counts and scores; never another hand, the stock or a stoeptegel
it may not know (B4). Rewards are the points each seat scored by the step (B25, B26). An
illegal action is refused by the engine and the seat passes instead (in the choose phase:
sets aside its first card); ``infos[agent]["illegal"]`` says why. ``rules=Rules(...)`` plays
the table's house rules (Part C): the action mask, the rows and the points follow them.

>>> env = stoeptegel_env(players=3)
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.observe("player_0")["action_mask"].sum())
('player_0', 6)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ..errors import IllegalMove
from ..stoeptegel import Rules, Stoeptegel
from ..stoeptegel.rules import check_rules
from ._codes import CODES, INDEX

N = len(CODES)  # 53 kinds of card (the two jokers are one kind)
PASS = 3 * N
CHOOSE = PASS + 1
ACTIONS = CHOOSE + N
MAX_PLAYERS = 6
_LAYOUT = (
    ("hand", N), ("counting", 3 * N), ("top", 3 * N), ("turned", 3), ("closed", 3),
    ("stoeptegel", N), ("gave", N), ("phase", 2), ("to_move", MAX_PLAYERS),
    ("scores", MAX_PLAYERS), ("hand_counts", MAX_PLAYERS), ("stock", 1), ("out", N), ("passes", 1),
)  # fmt: skip
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in _LAYOUT:
    OFFSETS[_name] = _at
    _at += _size
SIZE = _at
"""The length of an observation vector; ``OFFSETS`` says where each part starts."""


def observation_vector(view: dict[str, Any]) -> np.ndarray:
    """One seat's view as numbers (seats relative to the viewer: 0 is the viewer)."""
    out = np.zeros(SIZE, dtype=np.float32)
    me, n = view["seat"], view["players"]

    def one(part: str, index: int, value: float = 1.0) -> None:
        out[OFFSETS[part] + index] += value

    for code in view["hand"]:
        one("hand", INDEX[code])
    for r, row in enumerate(view["rows"]):
        one("counting", r * N + INDEX[row["counting"]])
        one("top", r * N + INDEX[row["top"]])
        one("turned", r, float(row["turned"]))
        one("closed", r, float(row["closed"]))
    if view["stoeptegel"] is not None:
        one("stoeptegel", INDEX[view["stoeptegel"]])
    if view["gave"] is not None:
        one("gave", INDEX[view["gave"]["card"]])
    one("phase", 0 if view["phase"] == "choose" else 1, float(view["phase"] != "over"))
    for s in range(n):
        rel = (s - me) % n
        one("scores", rel, view["scores"][s] / view["target"])
        one("hand_counts", rel, view["hand_counts"][s] / 6)
    if view["to_move"] is not None:
        one("to_move", (view["to_move"] - me) % n)
    one("stock", 0, view["stock_count"] / 54)
    for code in view["out_of_game"]:
        one("out", INDEX[code])
    one("passes", 0, view["passes"] / n)
    return out


def action_mask(game: Stoeptegel, seat: int) -> np.ndarray:
    """1 for every action ``seat`` may take now."""
    mask = np.zeros(ACTIONS, dtype=np.int8)
    if game.phase == "choose" and game.chosen(seat) is None:
        for card in game.hand(seat):
            mask[CHOOSE + INDEX[card.code]] = 1
    elif game.phase == "play" and game.to_move == seat:
        mask[PASS] = 1
        for card, row in game.legal_plays(seat):
            mask[3 * INDEX[card.code] + row] = 1
    return mask


class raw_env(AECEnv):  # PettingZoo names the unwrapped environment so
    """The AEC environment (see the module docstring); :func:`env` wraps it."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "render_fps": 4,
        "name": "stoeptegel_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        target: int = 30,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        rules: Rules | None = None,
    ) -> None:
        super().__init__()
        self.rules = check_rules(rules)
        if not 2 <= players <= MAX_PLAYERS:
            raise ValueError("Stoeptegel is played by 2 to 6 players (rule B1)")
        self.players, self.target, self.max_cycles = players, target, max_cycles
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported: use 'ansi' (text)")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents = list(self.possible_agents)
        high = np.full(SIZE, 2.0, dtype=np.float32)
        high[OFFSETS["scores"] : OFFSETS["scores"] + MAX_PLAYERS] = np.inf
        box = spaces.Box(low=0.0, high=high, dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(ACTIONS,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.agents
        }
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.agents}
        self.game = Stoeptegel(players, 0, target=target, rules=self.rules)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the same one for the same ``seed``."""
        rng = np.random.default_rng(seed)
        seed = int(rng.integers(0, 2**63))
        self.game = Stoeptegel(self.players, seed, target=self.target, rules=self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._turns = [0] * self.players
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        game = self.game
        if game.phase == "choose":
            seat = next(s for s in range(self.players) if game.chosen(s) is None)
        elif game.phase == "play":
            seat = int(game.to_move)  # type: ignore[arg-type]
        else:
            seat = self.possible_agents.index(self.agent_selection)
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask, from its own view only."""
        seat = self.possible_agents.index(agent)
        return {
            "observation": observation_vector(dict(self.game.view(seat))),
            "action_mask": action_mask(self.game, seat),
        }

    def step(self, action: Any) -> None:
        """The selected agent acts (see the module docstring for the actions)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat, game = self.possible_agents.index(agent), self.game
        before = list(game.scores)
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        try:
            self._apply(seat, int(action))
        except (IllegalMove, TypeError, ValueError) as refusal:
            self.infos[agent] = {"illegal": str(refusal)}
            if game.phase == "choose":
                game.choose(seat, game.hand(seat)[0])
            else:
                game.pass_turn(seat)
        self.rewards = {
            a: float(game.scores[s] - before[s]) for s, a in enumerate(self.possible_agents)
        }
        self._turns[seat] += 1
        self._accumulate_rewards()
        self.agent_selection = self._selected()
        if game.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._cycles_done():
            self.truncations = dict.fromkeys(self.agents, True)

    def _cycles_done(self) -> bool:
        """``max_cycles`` turns each: the game stops when the agent to act next has had them
        all (turns go round the table, so the others have had as many, or one fewer just
        after a round changes hands)."""
        assert self.max_cycles is not None
        next_seat = self.possible_agents.index(self.agent_selection)
        return self._turns[next_seat] >= self.max_cycles

    def _apply(self, seat: int, action: int) -> None:
        game = self.game
        if CHOOSE <= action < ACTIONS:
            game.choose(seat, CODES[action - CHOOSE])
        elif action == PASS:
            game.pass_turn(seat)
        elif 0 <= action < PASS:
            game.play(seat, CODES[action // 3], action % 3)
        else:
            raise IllegalMove(f"There are {ACTIONS} actions (0-{ACTIONS - 1}).")

    def render(self) -> str:
        """The public table as one line of text: drawn only when asked (a step prints
        nothing)."""
        game = self.game
        rows = " | ".join(f"row {r + 1}: {row}" for r, row in enumerate(game.rows))
        return f"round {game.round}, {game.phase}, scores {game.scores} — {rows}"

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment, wrapped as PettingZoo's own games are (bounds, order)."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


stoeptegel_env = env


class _Parallel(ParallelEnv):
    """One cycle per step: every live seat acts once, in turn order, with its action from the
    dict (an action that is illegal by its turn is refused and the seat passes)."""

    metadata = raw_env.metadata

    def __init__(self, **kwargs: Any) -> None:
        self.aec = raw_env(**kwargs)
        self.possible_agents = self.aec.possible_agents
        self.agents = list(self.possible_agents)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> Any:
        aec, acted = self.aec, set()
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        while aec.agent_selection not in acted and not any(aec.terminations.values()):
            agent = aec.agent_selection
            acted.add(agent)
            aec.step(actions.get(agent, PASS))
            infos[agent] = dict(aec.infos[agent])
            for a, reward in aec.rewards.items():
                rewards[a] += reward
            if any(aec.truncations.values()):
                break
        terminations, truncations = dict(aec.terminations), dict(aec.truncations)
        observations = {a: aec.observe(a) for a in self.agents}
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def parallel_env(**kwargs: Any) -> ParallelEnv:
    """The game as a parallel environment: a step is one cycle of turns (see :class:`_Parallel`)."""
    return _Parallel(**kwargs)

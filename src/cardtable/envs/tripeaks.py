"""Tri-Peaks as a Gymnasium environment (single agent).

Actions: ``0``–``27`` play the card at that position (rule T1 numbering), ``28`` draws (T4).
The observation is built from ``game.view()`` only, so it holds no face-down card and no stock
order: ``tableau`` (28 numbers: 0 gone, 1 face down, 2 + card index face up), ``waste`` (card
index), ``stock`` (cards left), ``run`` (T5) and ``action_mask`` (1 where the action is legal;
also in ``info``). The reward is the change of the score (T6/T7). An illegal action changes
nothing, earns 0, and ``info["illegal"]`` says why (rules T1/T3). The episode ends when the game
does (T9). ``reset(seed=s)`` deals the same game for the same ``s``.

>>> env = TriPeaksEnv()
>>> obs, info = env.reset(seed=7)
>>> int(obs["stock"]), int(obs["action_mask"].sum()) >= 1
(23, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..errors import IllegalMove
from ..tripeaks import SIZE, TriPeaks
from ._codes import INDEX

ACTIONS = SIZE + 1
"""28 positions and the draw."""
DRAW_ACTION = SIZE


class TriPeaksEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Tri-Peaks for reinforcement learning (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self, scoring: str = "standard", progressive: bool = False, render_mode: str | None = None
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode must be None or 'ansi'")
        self.scoring, self.progressive, self.render_mode = scoring, progressive, render_mode
        self.action_space = spaces.Discrete(ACTIONS)
        self.observation_space = spaces.Dict(
            {
                "tableau": spaces.MultiDiscrete([54] * SIZE),
                "waste": spaces.Discrete(52),
                "stock": spaces.Discrete(24),
                "run": spaces.Discrete(SIZE + 1),
                "action_mask": spaces.MultiBinary(ACTIONS),
            }
        )
        self.game = TriPeaks(0, scoring=scoring, progressive=progressive)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new game: the same one for the same ``seed``."""
        super().reset(seed=seed)
        deal = int(self.np_random.integers(0, 2**63))
        self.game = TriPeaks(deal, scoring=self.scoring, progressive=self.progressive)
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play a position (0-27) or draw (28): observation, score change, whether the game
        is over, ``False`` (no time limit), info."""
        game, before = self.game, self.game.score
        illegal = None
        try:
            move = int(action)
            if not 0 <= move < ACTIONS:
                raise IllegalMove(f"There are {ACTIONS} actions: 0-27 play a card, 28 draws.")
            if move == DRAW_ACTION:
                game.draw()
            else:
                game.play(move)
        except (IllegalMove, TypeError, ValueError) as refusal:
            illegal = str(refusal)
        info = self._info()
        if illegal is not None:
            info["illegal"] = illegal
        return self._observation(), float(game.score - before), game.over, False, info

    def action_masks(self) -> np.ndarray:
        """1 for every legal action (for maskable agents)."""
        mask = np.zeros(ACTIONS, dtype=np.int8)
        for move in self.game.legal_moves():
            mask[move if isinstance(move, int) else DRAW_ACTION] = 1
        return mask

    def _observation(self) -> dict[str, Any]:
        view = self.game.view()
        tableau = np.zeros(SIZE, dtype=np.int64)
        for position, slot in enumerate(view["tableau"]):
            if slot is not None:
                card = slot["card"]
                tableau[position] = 1 if card is None else 2 + INDEX[card]
        return {
            "tableau": tableau,
            "waste": INDEX[view["waste"]],
            "stock": view["stock_count"],
            "run": min(view["run"], SIZE),
            "action_mask": self.action_masks(),
        }

    def _info(self) -> dict[str, Any]:
        return {"score": self.game.score, "action_mask": self.action_masks()}

    def render(self) -> str | None:
        """The game as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return repr(self.game)

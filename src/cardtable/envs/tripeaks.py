"""Tri-Peaks as a Gymnasium environment (single agent).

Actions: ``0``–``27`` play the card at that position (rule T1 numbering), ``28`` draws (T4).
The observation is built from ``game.view()`` only, so it holds no face-down card and no stock
order: ``tableau`` (28 numbers: 0 gone, 1 face down, 2 + card index face up), ``waste`` (card
index), ``stock`` (cards left), ``run`` (T5), each a NumPy integer of its space's type, and
``action_mask`` (1 where the action is legal; also in ``info``). The reward is the change of the
score (T6/T7). An illegal action changes nothing, earns 0, and ``info["illegal"]`` says why
(rules T1/T3). The episode ends when the game does (T9), and is truncated after ``max_steps``
steps (illegal ones count: an unmasked agent could otherwise refuse forever; a game without
progressive rounds lasts at most 51 moves, 28 plays and 23 draws). Once the game is over the
mask allows one action, the draw: the step after the end, which a vector environment's
autoreset spends on resetting, then has a legal mask for masked sampling. ``reset(seed=s)``
deals the same game for the same ``s``. ``render_mode="ansi"`` draws the board as text.

Importing :mod:`cardtable.envs` registers ``cardtable/TriPeaks-v0``; without that import,
``gymnasium.make("cardtable.envs:cardtable/TriPeaks-v0")`` imports it first.

>>> env = gymnasium.make("cardtable/TriPeaks-v0", render_mode="ansi")
>>> obs, info = env.reset(seed=7)
>>> int(obs["stock"]), type(obs["stock"]).__name__, env.spec.id
(23, 'int64', 'cardtable/TriPeaks-v0')
>>> print(env.render().splitlines()[-1])
moves: 19 K♥, draw
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..errors import IllegalMove
from ..tripeaks import SIZE, TriPeaks, picture
from ._codes import INDEX

ACTIONS = SIZE + 1
"""28 positions and the draw."""
DRAW_ACTION = SIZE
MAX_STEPS = 500
"""The default truncation: ten times the longest game of one round."""


class TriPeaksEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Tri-Peaks for reinforcement learning (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (gymnasium's form)

    def __init__(
        self,
        scoring: str = "standard",
        progressive: bool = False,
        render_mode: str | None = None,
        max_steps: int | None = MAX_STEPS,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(
                f"render_mode {render_mode!r} is not supported: use 'ansi' (the board as text), "
                "or show env.unwrapped.game in a notebook (a picture)"
            )
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps must be a positive int or None, not {max_steps!r}")
        self.scoring, self.progressive, self.render_mode = scoring, progressive, render_mode
        self.max_steps, self.steps = max_steps, 0
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
        self.steps = 0
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play a position (0-27) or draw (28): observation, score change, whether the game
        is over, whether ``max_steps`` ran out first, info."""
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
        self.steps += 1
        over = game.over
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), float(game.score - before), over, truncated, info

    def action_masks(self) -> np.ndarray:
        """1 for every legal action (for maskable agents); once the game is over, the draw
        alone (the step that follows is spent on a reset, see the module docstring)."""
        mask = np.zeros(ACTIONS, dtype=np.int8)
        if self.game.over:
            mask[DRAW_ACTION] = 1
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
            "waste": np.int64(INDEX[view["waste"]]),
            "stock": np.int64(view["stock_count"]),
            "run": np.int64(min(view["run"], SIZE)),
            "action_mask": self.action_masks(),
        }

    def _info(self) -> dict[str, Any]:
        return {"score": self.game.score, "action_mask": self.action_masks()}

    def render(self) -> str | None:
        """The board as the player sees it, as text (``render_mode="ansi"``): the peaks, the
        waste, the stock's count, the score and the legal moves."""
        if self.render_mode != "ansi":
            return None
        return picture.text(self.game.view())

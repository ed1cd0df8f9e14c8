"""Both games as standard environments: :class:`TriPeaksEnv` (Gymnasium) and
:func:`stoeptegel_env` (a PettingZoo AEC environment). They need the ``rl`` extra:
``pip install "cardtable[rl]"`` (Gymnasium, PettingZoo, NumPy); the engines themselves stay
standard-library only. Observations are built from the engines' per-seat views only: no hidden
card ever reaches an agent.
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        'cardtable.envs needs Gymnasium and PettingZoo: pip install "cardtable[rl]"'
    ) from missing

from .stoeptegel import stoeptegel_env
from .tripeaks import TriPeaksEnv

__all__ = ["TriPeaksEnv", "stoeptegel_env"]

# Gymnasium 1.x loads no plugins: an environment is registered when its package is imported
# (``gymnasium.make("cardtable.envs:cardtable/TriPeaks-v0")`` imports this module itself).
if "cardtable/TriPeaks-v0" not in gymnasium.registry:
    gymnasium.register("cardtable/TriPeaks-v0", entry_point="cardtable.envs.tripeaks:TriPeaksEnv")

"""Both games as standard environments: :class:`TriPeaksEnv` (Gymnasium) and
:func:`stoeptegel_env` (a PettingZoo AEC environment). They need the ``rl`` extra:
``pip install "cardtable[rl]"`` (Gymnasium, PettingZoo, NumPy); the engines themselves stay
standard-library only. Observations are built from the engines' per-seat views only: no hidden
card ever reaches an agent.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        'cardtable.envs needs Gymnasium and PettingZoo: pip install "cardtable[rl]"'
    ) from missing

from .stoeptegel import stoeptegel_env
from .tripeaks import TriPeaksEnv

__all__ = ["TriPeaksEnv", "stoeptegel_env"]

"""Card codes as small integers for observations: 0–51 the standard cards (spades, hearts,
diamonds, clubs; ace to king in each), 52 the joker."""

from __future__ import annotations

from ..cards import JOKER_CODE, RANK_CODES, SUITS

CODES: tuple[str, ...] = (*(r + s for s in SUITS for r in RANK_CODES), JOKER_CODE)
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}

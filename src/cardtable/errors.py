"""The one error every rules engine raises for a move the rules forbid."""


class IllegalMove(ValueError):
    """A move or action the rules forbid, or one that is malformed.

    The message is written for a player and names the rule it rests on, e.g.
    ``"7♥ does not go on 9♣: it must be one rank above or below (rule T3)."``
    The game that raised it is left exactly as it was.

    >>> issubclass(IllegalMove, ValueError)
    True
    """

"""What a Stoeptegel table shows one seat: the synced traits its front end draws. The live
table, the exercises and a seat of a served table each fill them their own way."""

from __future__ import annotations

import traitlets

from .._bundle import STATIC
from ..stoeptegel.texts import NOTES
from .base import TableWidget


class StoeptegelScreen(TableWidget):
    """What a Stoeptegel table shows one seat (the traits the front end draws); the live
    table and the exercises fill them."""

    _esm = STATIC / "stoeptegel.js"
    _css = STATIC / "stoeptegel.css"

    view = traitlets.Dict().tag(sync=True)
    """What the seat at the screen may know: ``game.view(seat)``, its events (each with a
    ``text`` for the log) only from the first the browser lacks (``events_from``; the round's log
    starts at ``log_from``); empty while the hand-over screen shows."""
    reasons = traitlets.Dict().tag(sync=True)
    """``explain()`` for the seat's own cards on its turn: card code → three reasons (``None``
    where the row takes the card)."""
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    humans = traitlets.List(traitlets.Int()).tag(sync=True)
    handover = traitlets.Dict().tag(sync=True)
    """Hot-seat: ``{"seat", "name", "title", "text", "ready"}`` of the player the screen must
    be passed to, else empty."""
    settings = traitlets.Dict().tag(sync=True)
    """The settings panel (``cardtable.settings.panel``) for the next game, with the values in
    force; empty where the table offers none (an exercise, a served seat)."""
    notes = traitlets.Dict(NOTES).tag(sync=True)
    """The table's sentences that never change (row notes, how scoring works)."""

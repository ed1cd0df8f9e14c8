"""What every cardtable table shares: the message line, the change counter, intents coming in.

A table subclasses :class:`TableWidget`, points ``_esm``/``_css`` at its bundle in
:data:`STATIC`, and implements :meth:`TableWidget.handle`; a refused intent's reason then shows
in the table instead of a traceback in the output area.

The browser is an untrusted client (README, "The browser is an untrusted client"), as a game
client is to a game server. It speaks only through intents (custom messages). Every state update
it sends for a synced trait is refused here, once for all tables: Python's value stands and is
sent back to the view that wrote it, so a console ``model.set("humans", [0, 1, 2, 3])`` changes
nothing anywhere.

>>> from cardtable import TriPeaksWidget
>>> table = TriPeaksWidget(seed=7)
>>> table._handle_msg({"content": {"data": {"method": "update", "state": {"version": 99}}}})
>>> table.version
1
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .. import i18n
from ..errors import IllegalMove
from ..intents import quote

_log = logging.getLogger("cardtable")


_WIDGET_OPTIONS = frozenset({"layout", "tabbable", "tooltip", "four_color", "lang"})
"""The DOM widget's own options, the deck's colours and the language: what every table
accepts."""

PAGE_LANG = "page_lang"
"""The intent by which a page reports its languages once (``{"action": "page_lang", "langs":
[document.documentElement.lang, ...navigator.languages]}``): a table given no ``lang=``
follows it."""


class TableWidget(anywidget.AnyWidget):
    """Base of the tables: ``message`` and ``version`` traits, and the intent loop."""

    message = traitlets.Dict().tag(sync=True)
    """The last refusal or notice: ``{"text", "kind", "id"}``."""
    version = traitlets.Int(0).tag(sync=True)
    """Counts the changes of the table; an intent meant for an earlier state is stale."""
    four_color = traitlets.Bool(False).tag(sync=True)
    """A four-colour deck: diamonds blue and clubs green (set from Python: ``four_color=True``)."""
    lang = traitlets.Unicode("en").tag(sync=True)
    """The language of every sentence on the table: ``"en"``, ``"nl"`` or ``"ca"``
    (:mod:`cardtable.i18n`); ``table.lang = "ca"`` switches it live. Another language plays
    in English, with a one-line note. Without ``lang=`` the table follows the page's language
    (JupyterLab's language pack, then the browser's)."""

    def __init__(self, **kwargs: Any) -> None:
        # A misspelt option must not pass for a default (TriPeaksWidget(sed=7) dealing a random
        # game): only the DOM widget's own options (layout, tooltip, ...) pass through.
        unknown = sorted(set(kwargs) - _WIDGET_OPTIONS)
        if unknown:
            raise TypeError(
                f"{type(self).__name__}() got unexpected keyword argument"
                f"{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}"
            )
        self._notes = 0
        self._release: Callable[[], None] | None = None
        self._lang_chosen = kwargs.get("lang") is not None
        self._lang_note: str | None = None  # a language asked for that cardtable does not speak
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    # ------------------------------------------------------------------ the language
    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict[str, Any]) -> str:
        asked, lang = proposal["value"], i18n.pick(proposal["value"])
        if not i18n.speaks(asked):
            if lang == self.lang:  # nothing changes: no switch will say it
                self.say(i18n.text("lang.unknown", lang, asked=asked), "info")
            else:
                self._lang_note = asked  # said once the table is in English (_lang_switched)
        return lang

    @traitlets.observe("lang")
    def _lang_switched(self, change: dict[str, Any]) -> None:
        self._lang_chosen = True
        self.relang()
        asked, self._lang_note = self._lang_note, None
        if asked is not None:
            self.say(i18n.text("lang.unknown", self.lang, asked=asked), "info")

    def relang(self) -> None:
        """Write the table's sentences again in :attr:`lang` (a table overrides it)."""

    def _follow_page(self, content: dict[str, Any]) -> None:
        """A page's languages, reported once: followed if Python chose none. Untrusted, as
        every message: only strings count, and only a language cardtable speaks."""
        langs = content.get("langs")
        if self._lang_chosen or not isinstance(langs, list):
            return
        spoken = [tag for tag in langs[:16] if isinstance(tag, str) and i18n.speaks(tag[:35])]
        if spoken:
            self.lang = i18n.pick(spoken)

    # ------------------------------------------------------------------ the game's lifecycle
    def _let_go_with(self, release: Callable[[], None]) -> None:
        """Remember how to let go of the current game (unsubscribe, stop bots); the previous
        one is let go of now."""
        self._let_go()
        self._release = release

    def _let_go(self) -> None:
        release, self._release = getattr(self, "_release", None), None
        if release is not None:
            release()

    def close(self) -> None:
        """Let go of the game (no more updates from it) and close the widget."""
        self._let_go()
        super().close()

    # ------------------------------------------------------------------ the comm, untrusted
    def _handle_msg(self, msg: Any) -> None:
        """Every message from the front end arrives here (ipywidgets' comm callback). State
        updates are refused, a state request is answered, a custom message is an intent; a
        message of any other shape is dropped. Nothing raises out of here."""
        try:
            data = msg["content"]["data"]
            method = data.get("method")
        except Exception:
            _log.debug("refused a front-end message of unknown shape: %s", quote(msg))
            return
        if method == "update":
            self.set_state(data.get("state"))
        elif method == "request_state":
            self.send_state()
        elif method == "custom":
            self._on_message(self, data.get("content"), msg.get("buffers") or [])
        else:
            _log.debug("refused a front-end message with method %s", quote(method))

    def set_state(self, sync_data: Any) -> None:
        """Refuse a state update from the front end: nothing is set and nothing is echoed to
        other views; the keys it tried are sent back with Python's values, so the view that
        wrote them is set right."""
        keys = [k for k in sync_data if k in self.keys] if isinstance(sync_data, dict) else []
        _log.debug("refused a front-end write to %s", quote(keys or sync_data))
        if keys:
            self.send_state(keys)

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            if isinstance(content, dict) and content.get("action") == PAGE_LANG:
                return self._follow_page(content)
            self.handle(content)
        except IllegalMove as error:
            self.say(error.told(error.names, self.lang), "error")
        except Exception:
            # A bug of ours, not the sender's: the details may name hidden cards, so they go
            # to the debug log only (never to the output area), and the table says it refused.
            _log.debug("could not handle a front-end message: %s", quote(content), exc_info=True)
            self.say(i18n.text("table.could_not", self.lang), "error")

    def handle(self, content: object) -> None:
        """Apply one intent as the browser sends it; raise :class:`IllegalMove` to refuse it."""
        raise NotImplementedError

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the table's message line."""
        self._notes += 1
        self.message = {"text": text, "kind": kind, "id": self._notes}

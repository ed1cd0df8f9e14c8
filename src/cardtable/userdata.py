"""The learner's own data: small JSON documents by name, in one data directory.

The directory is ``$CARDTABLE_DATA_DIR`` when set (tests, classrooms), else
``platformdirs.user_data_dir("cardtable")``; in JupyterLite (Pyodide) it is ``/drive/cardtable``
(a folder the learner sees in the file browser) when the file browser's contents are mounted at
``/drive`` (the only files there that outlast a reload), else there is none (:func:`data_dir`
is ``None``) and a caller keeps its data in the browser instead. In Colab the directory lies on
the virtual machine's disk, which lasts one session: a new session starts with none of it.

Reading never raises. A document that is missing reads as ``None``; one that is unreadable,
not JSON or not what the caller expects (``check`` raises ``ValueError``) reads as ``None``
too, with a one-line warning, and is moved aside to ``<name>.json.bad`` (or ``.bad-2``, …),
never overwritten. Writing is atomic (a temporary file, then a rename) and never raises either:
it returns the warning when it fails.

>>> import os, tempfile
>>> os.environ["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp()
>>> write("example", {"solved": ["tp-wrap"]}) is None
True
>>> read("example", lambda doc: doc["solved"]).value
['tp-wrap']
>>> path("example").write_text("{not json")
9
>>> loaded = read("example", lambda doc: doc["solved"])
>>> loaded.value, loaded.warning.startswith("The saved example data could not be read")
(None, True)
>>> sorted(p.name for p in data_dir().iterdir())
['example.json.bad']
>>> del os.environ["CARDTABLE_DATA_DIR"]
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

ENV = "CARDTABLE_DATA_DIR"
DRIVE = Path("/drive")
"""Where JupyterLite mounts the file browser's contents in the kernel, when it can."""

T = TypeVar("T")


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`read` found: the checked ``value`` (``None`` if there was none), and a
    one-line ``warning`` when the document was there but could not be used. ``writable`` is
    false when that bad file could not be moved aside: then it must not be written over.
    ``text`` is the file as read, when ``value`` came from it."""

    value: T | None
    warning: str | None = None
    writable: bool = True
    text: str | None = None


def data_dir() -> Path | None:
    """The directory of the learner's data, or ``None`` when there is none that lasts (in
    JupyterLite without a mounted ``/drive``)."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen)
    if in_browser():  # Pyodide: its home folder is lost on reload
        return DRIVE / "cardtable" if DRIVE.is_dir() else None
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def in_browser() -> bool:
    """Whether Python runs in the browser (Pyodide, as in JupyterLite)."""
    return sys.platform == "emscripten"


def path(name: str) -> Path:
    """The file of document ``name`` (``<data_dir>/<name>.json``)."""
    if not name.isidentifier():
        raise ValueError(f"a document's name is a plain word, not {name!r}")
    folder = data_dir()
    if folder is None:
        raise FileNotFoundError("there is no data directory here (JupyterLite without /drive)")
    return folder / f"{name}.json"


def read(name: str, check: Callable[[Any], T]) -> Loaded[T]:
    """Document ``name`` as ``check`` returns it from the parsed JSON (``check`` raises
    ``ValueError``, ``KeyError`` or ``TypeError`` for a document that is not what it wants)."""
    try:
        file = path(name)
        text = file.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):  # nothing saved yet
        return Loaded(None)
    except (OSError, UnicodeDecodeError) as error:
        return _bad(name, file, error)
    try:
        return Loaded(check(json.loads(text)), text=text)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as error:
        return _bad(name, file, error)


def write(name: str, document: Any) -> str | None:
    """Save ``document`` (JSON-able) as ``name``, atomically; the warning if it failed."""
    try:
        text = dumps(document)
    except (TypeError, ValueError) as error:
        return unsaved(name, error)
    return write_text(name, text + "\n")


def dumps(document: Any) -> str:
    """``document`` as :func:`write` saves it: compact JSON, keys sorted.

    >>> dumps({"b": [1, 2], "a": "x"})
    '{"a":"x","b":[1,2]}'
    """
    # Compact: with an indent, json's encoder is its pure-Python one, seven times slower (the
    # history of 144 games took 196 ms to write, against 28 ms).
    return json.dumps(document, sort_keys=True, allow_nan=False, separators=(",", ":"))


def write_text(name: str, text: str) -> str | None:
    """Save ``text`` (a JSON document's) as ``name``, atomically; the warning if it failed."""
    try:
        file = path(name)
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, file)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, ValueError) as error:
        return unsaved(name, error)
    return None


def unsaved(name: str, error: BaseException) -> str:
    """The warning that document ``name`` is not saved, because of ``error``."""
    return f"Your {name} is not saved ({data_dir()}: {_reason(error)})."


def _bad(name: str, file: Path, error: BaseException) -> Loaded[Any]:
    moved = _set_aside(file)
    kept = f"kept as {moved.name}" if moved else "left as it is, and not written over"
    warning = (
        f"The saved {name} data could not be read ({_reason(error)}), so it starts afresh; "
        f"the file is {kept} in {file.parent}."
    )
    return Loaded(None, warning, writable=moved is not None)


def _set_aside(file: Path) -> Path | None:
    """Move a bad document to a ``.bad`` name that is free; ``None`` if it cannot be moved."""
    for k in range(1, 100):
        aside = file.with_name(file.name + (".bad" if k == 1 else f".bad-{k}"))
        if aside.exists():
            continue
        try:
            os.replace(file, aside)
        except OSError:
            return None
        return aside
    return None


def _reason(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}"[:120] if text else type(error).__name__

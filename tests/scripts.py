"""Scripts of the repository that are not part of the package, loaded as modules by the tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def lite_build() -> ModuleType:
    """``docs/lite/build.py``, the JupyterLite site's build (its lists and functions)."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "docs" / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

